//! The two-pass check against the whole-file reader's, with runs small
//! enough to make many of them and merge them in rounds, and with
//! fingerprints that collide on purpose.

use std::collections::HashMap;

use antenna_model::Diagnostic;
use proptest::prelude::Rng as _;
use proptest::test_runner::{RngAlgorithm, TestRng};

use super::*;
use crate::ReadOptions;

/// A deterministic generator for the tests' inputs, the same on every run.
struct Rng(TestRng);

impl Rng {
    fn new(seed: u64) -> Self {
        let mut bytes = [0; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        Rng(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }

    /// The next number below `n`.
    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n
    }
}

/// Spills in memory.
fn in_memory() -> MakeSpill {
    Box::new(|| Ok(Box::new(io::Cursor::new(Vec::new())) as Box<dyn Spill>))
}

fn settings(run: usize, fan_in: usize) -> Settings {
    Settings {
        run,
        fan_in,
        ..Settings::new(in_memory())
    }
}

/// A fingerprint every URL shares.
fn colliding() -> Fingerprinter {
    Box::new(|_| [7, 7])
}

/// A LIRS file of `records` records whose URLs are drawn from `variety`
/// hosts, each written in one of two spellings of the same key, with
/// comment and blank lines between some.
fn file(seed: u64, records: usize, variety: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut text = String::from("# generated\n");
    for _ in 0..records {
        let host = rng.below(variety);
        let url = if rng.below(2) == 0 {
            format!("http://h{host}.example/")
        } else {
            format!("HTTP://H{host}.example:80")
        };
        text.push_str(&format!("LIRS,1,2,0,3,{url},t,a,0,,\n"));
        match rng.below(20) {
            0 => text.push_str("# a comment\n"),
            1 => text.push('\n'),
            _ => {}
        }
    }
    text.into_bytes()
}

/// The whole-file reader's diagnostics.
fn whole(bytes: &[u8], options: &ReadOptions) -> Vec<Diagnostic> {
    match crate::read(bytes, options) {
        Ok(parsed) => parsed.diagnostics,
        Err(rejected) => rejected.diagnostics,
    }
}

/// `bytes`, read again from the start by each pass.
fn reopen(bytes: Vec<u8>) -> Reopen<'static> {
    Box::new(move || Ok(Box::new(io::Cursor::new(bytes.clone())) as Box<dyn io::BufRead>))
}

/// The diagnostics of `bytes` read in two passes with `settings`, and
/// the first pass's candidates.
fn two_pass(bytes: &[u8], settings: Settings, options: ReadOptions) -> (Vec<Diagnostic>, Vec<u32>) {
    let mut passes = TwoPass::new(reopen(bytes.to_vec()), options, settings);
    passes.survey(&mut |_| {}).unwrap();
    let lines = passes.candidate_lines().to_vec();
    let mut shown = Vec::new();
    while passes.next_part(&mut shown).is_some() {}
    passes.finish(&mut shown).unwrap().expect("a head");
    (shown, lines)
}

/// An input that changed between the passes is not checked with the
/// first pass's candidates.
#[test]
fn an_input_changed_between_the_passes_is_an_error() {
    let bytes = file(6, 50, 1 << 40);
    let mut opened = 0;
    let reopen: Reopen<'static> = Box::new(move || {
        opened += 1;
        let text = if opened == 1 {
            bytes.clone()
        } else {
            bytes.repeat(2)
        };
        Ok(Box::new(io::Cursor::new(text)) as Box<dyn io::BufRead>)
    });
    let mut passes = TwoPass::new(reopen, ReadOptions::default(), settings(100, 2));
    let mut shown = Vec::new();
    while passes.next_part(&mut shown).is_some() {}
    assert!(matches!(
        passes.finish(&mut shown),
        Err(TwoPassError::Changed)
    ));
}

/// The lines of the records whose URL another record repeats (before or
/// after): what the candidates are when no fingerprints collide.
fn repeated_lines(bytes: &[u8]) -> Vec<u32> {
    let text = std::str::from_utf8(bytes).unwrap();
    let mut by_identity: HashMap<UrlIdentity<'_>, Vec<u32>> = HashMap::new();
    for (line, content) in (1..).zip(text.lines()) {
        if let Some(url) = content.strip_prefix("LIRS,1,2,0,3,") {
            let url = url.split(',').next().unwrap();
            by_identity
                .entry(UrlIdentity::new(url))
                .or_default()
                .push(line);
        }
    }
    let mut lines: Vec<u32> = by_identity
        .into_values()
        .filter(|lines| lines.len() > 1)
        .flatten()
        .collect();
    lines.sort_unstable();
    lines
}

#[test]
fn repeats_across_many_runs_are_reported_as_read_whole() {
    for seed in 1..6 {
        let bytes = file(seed, 400, 300);
        let expected = whole(&bytes, &ReadOptions::default());
        let repeats = expected
            .iter()
            .filter(|d| d.rule.id == "lirs/duplicate-url")
            .count();
        assert!(repeats > 50, "{repeats} repeats");
        // One run in memory; runs of 1, 3 and 7 merged in one round or
        // in several.
        for (run, fan_in) in [(100_000, 64), (400, 64), (1, 2), (3, 2), (7, 3), (7, 64)] {
            let (shown, lines) = two_pass(&bytes, settings(run, fan_in), ReadOptions::default());
            assert_eq!(
                shown, expected,
                "seed {seed}, runs of {run}, {fan_in} at once"
            );
            assert_eq!(lines, repeated_lines(&bytes), "seed {seed}, runs of {run}");
        }
    }
}

#[test]
fn a_file_without_repeats_has_no_candidates() {
    let bytes = file(9, 1000, 1 << 40);
    let expected = whole(&bytes, &ReadOptions::default());
    assert!(expected.iter().all(|d| d.rule.id != "lirs/duplicate-url"));
    for (run, fan_in) in [(100_000, 64), (10, 4)] {
        let (shown, lines) = two_pass(&bytes, settings(run, fan_in), ReadOptions::default());
        assert_eq!(shown, expected);
        assert!(lines.is_empty(), "{lines:?}");
    }
}

/// Every fingerprint the same: every record is a candidate, and only the
/// URLs that are the same are reported.
#[test]
fn a_fingerprint_collision_is_never_reported() {
    for (bytes, variety) in [
        (file(3, 300, 1 << 40), "distinct"),
        (file(4, 300, 100), "repeats"),
    ] {
        let expected = whole(&bytes, &ReadOptions::default());
        for (run, fan_in) in [(100_000, 64), (16, 2)] {
            let settings = Settings {
                fingerprint: colliding(),
                ..settings(run, fan_in)
            };
            let (shown, lines) = two_pass(&bytes, settings, ReadOptions::default());
            assert_eq!(shown, expected, "{variety}, runs of {run}");
            assert_eq!(lines.len(), 300, "{variety}: every record a candidate");
        }
    }
    // Two different URLs made to collide, and nothing else.
    let bytes = b"LIRS,1,2,0,3,http://a.example/,t,a,0,,\n\
        LIRS,1,2,0,3,http://b.example/,t,a,0,,\n\
        LIRS,1,2,0,3,http://c.example/,t,a,0,,\n";
    let settings = Settings {
        fingerprint: Box::new(|identity| [u64::from(identity.as_str() != "http://c.example/"), 0]),
        ..Settings::new(in_memory())
    };
    let (shown, lines) = two_pass(bytes, settings, ReadOptions::default());
    assert_eq!(lines, [1, 2]);
    assert!(shown.is_empty(), "{shown:?}");
}

/// Gzip, strict mode, and lines that are not records: the passes read the
/// same records as the whole-file reader.
#[test]
fn gzip_and_strict_files_are_checked_as_read_whole() {
    let mut bytes = file(5, 200, 120);
    bytes.extend_from_slice(b"LIRS,x,2,0,3,http://h1.example/,t,a,0,,\nnot a record\n");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(&bytes).unwrap();
    let gz = encoder.finish().unwrap();
    for strict in [false, true] {
        let options = ReadOptions::default().with_strict(strict);
        let expected = whole(&gz, &options);
        let (shown, _) = two_pass(&gz, settings(5, 2), options);
        assert_eq!(shown, expected, "strict: {strict}");
    }
}

/// The merge itself: every order of runs and rounds gives the lines whose
/// fingerprint is not unique.
#[test]
fn merged_runs_give_the_repeated_fingerprints() {
    let mut rng = Rng::new(11);
    let fingerprints: Vec<u64> = (0..500).map(|_| rng.below(200)).collect();
    let mut expected: Vec<u32> = (1..)
        .zip(&fingerprints)
        .filter(|(_, f)| fingerprints.iter().filter(|g| g == f).count() > 1)
        .map(|(line, _)| line)
        .collect();
    expected.sort_unstable();
    for (run, fan_in) in [
        (1, 2),
        (2, 2),
        (5, 3),
        (64, 2),
        (499, 2),
        (500, 2),
        (501, 2),
    ] {
        let table = fingerprints.clone();
        let mut check = Fingerprints::new(Settings {
            fingerprint: Box::new(move |identity| {
                let line: usize = identity.as_str().parse().unwrap();
                [table[line - 1], 0]
            }),
            ..settings(run, fan_in)
        });
        for line in 1..=500u32 {
            assert_eq!(check.check(&line.to_string(), line), None);
        }
        let candidates = check.candidates().unwrap();
        assert_eq!(candidates.checked(), 500);
        assert_eq!(
            candidates.lines(),
            expected,
            "runs of {run}, {fan_in} at once"
        );
    }
}

/// The second pass checks candidates alone, in line order, and counts
/// every check.
#[test]
fn the_candidate_check_looks_at_candidates_only() {
    let candidates = Candidates {
        lines: vec![2, 5, u32::MAX],
        checked: 0,
    };
    let (mut check, asked) = candidates.check();
    let url = "http://a.example/";
    assert_eq!(check.check(url, 1), None);
    assert_eq!(check.check(url, 2), None);
    assert_eq!(check.check(url, 3), None);
    assert_eq!(check.check(url, 5), Some(2));
    // Lines stop counting at the last: each record there is checked.
    assert_eq!(check.check("http://b.example/", u32::MAX), None);
    assert_eq!(check.check("http://b.example/", u32::MAX), Some(u32::MAX));
    assert_eq!(asked.get(), 6);
}

#[test]
fn entries_keep_96_bits_of_fingerprint_and_the_line() {
    let entry = Entry::new([u64::MAX - 3, (1 << 40) | 0xdead], 77_000);
    assert_eq!(entry.line(), 77_000);
    assert_eq!(
        entry.fingerprint(),
        (u128::from(u64::MAX - 3) << 32) | (1 << 8)
    );
    assert_eq!(Entry::from_bytes(&entry.to_bytes()), Some(entry));
    assert_eq!(Entry::from_bytes(&entry.to_bytes()[..15]), None);
    // Sorted by fingerprint, then line.
    let mut entries = [
        Entry::new([2, 0], 1),
        Entry::new([1, 5 << 32], 9),
        Entry::new([1, 5 << 32], 3),
    ];
    entries.sort_unstable();
    let lines: Vec<u32> = entries.iter().map(|e| e.line()).collect();
    assert_eq!(lines, [3, 9, 1]);
}
