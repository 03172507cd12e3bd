//! `antenna merge` reads a LIRS file named on the command line record by
//! record, admitting each entry as it is read; standard input is read
//! whole. Both must print and write the same: every LIRS file of the
//! conformance suite and the example, merged alone, beside a HINA-DI
//! source (before and after it), and named by a `Virtual` block, each way.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{example, lirs_inputs, named_and_piped, text};

/// The URL the example policy names an agent for, so that the LIRS
/// records are vouched for.
const LIRS_URL: &str = "http://antenna.example.jp/lirs.gz";

/// When the example's records are fresh (detected 2002-09-06T23:50Z).
const FRESH: &str = "2002-09-07T00:00:00Z";

/// `antenna merge` with `sources` (where `LIRS` stands for the LIRS file
/// as a source) and `more` arguments: the file named, and the file as
/// standard input, the latter's standard error with `<stdin>` put back
/// to the file's name.
fn both_ways(path: &Path, sources: &[&str], more: &[&str]) -> (Output, Output) {
    let lirs = format!("FILE={LIRS_URL}");
    let policy = example("policy.toml");
    let mut args: Vec<&str> = vec!["merge", "--policy", &policy];
    args.extend(more);
    // `-=URL` would read as an option.
    args.push("--");
    args.extend(
        sources
            .iter()
            .map(|s| if *s == "LIRS" { lirs.as_str() } else { s }),
    );
    named_and_piped(path, &args)
}

/// Asserts both ways agree; returns how many entries were published.
fn assert_same(path: &Path, sources: &[&str], more: &[&str]) -> usize {
    let (streamed, whole) = both_ways(path, sources, more);
    let what = format!("{sources:?} {more:?} on {}", path.display());
    assert_eq!(streamed.status.code(), whole.status.code(), "{what}");
    let stderr = text(&whole.stderr);
    if stderr.contains("lirs/bad-gzip") {
        // A gzip file corrupt part way: the stream reports the records
        // before the damage too (see `streaming.rs`); rejected either way.
        let rejected = |out: &Output| text(&out.stderr).contains("was rejected");
        assert!(rejected(&streamed) && rejected(&whole), "{what}");
        assert_eq!(streamed.stdout, whole.stdout, "{what}");
        return 0;
    }
    assert_eq!(text(&streamed.stderr), stderr, "{what}");
    assert_eq!(streamed.stdout, whole.stdout, "{what}");
    stderr
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("antenna: "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[test]
fn merge_prints_and_writes_the_same_streamed() {
    let hdi = example("antenna.hdi");
    let hdi_source = format!("{hdi}=http://antenna.example.jp/hina.txt");
    let mut published = 0;
    for path in lirs_inputs() {
        for now in [FRESH, "2026-11-23T01:00:00Z"] {
            for to in ["hina-di", "lirs", "rss2"] {
                let more = ["--now", now, "--to", to];
                published += assert_same(&path, &["LIRS"], &more);
            }
            let more = ["--now", now, "--to", "hina-di"];
            published += assert_same(&path, &["LIRS", &hdi_source], &more);
            published += assert_same(&path, &[&hdi_source, "LIRS"], &more);
        }
    }
    assert!(published > 100, "{published} entries published");
}

/// A `Virtual` block naming the streamed LIRS source: the file is read
/// again, whole, to resolve it, as the kept file is copied when read
/// whole; one naming a HINA-DI source given after its own is resolved too
/// (its source is admitted once every source is read).
#[test]
fn a_virtual_block_naming_a_streamed_source_is_resolved_the_same() {
    let dir = std::env::temp_dir().join(format!("antenna-merge-streamed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let stub = |url: &str, file: &str| {
        format!(
            "URL: {url}\r\nVirtual: {file}\r\nAuthorized: asahina-antenna\r\nAuthorized-url: http://antenna.example.jp/\r\n"
        )
    };
    let stubs = format!(
        "HINA/2.2\r\nUser-Agent: stubs/1.0\r\n\r\n{}\r\n{}",
        stub("http://www.hoge.jp/foo/", LIRS_URL),
        stub(
            "http://www.example.jp/~fuga/diary/",
            "http://antenna.example.jp/hina.txt"
        ),
    );
    let stubs_path = dir.join("stubs.hdi");
    std::fs::write(&stubs_path, stubs).expect("the stubs are written");
    let stubs_source = format!("{}=http://stubs.example.jp/hina.txt", stubs_path.display());
    let hdi_source = format!(
        "{}=http://antenna.example.jp/hina.txt",
        example("antenna.hdi")
    );
    let lirs = PathBuf::from(example("antenna.lirs.gz"));
    let more = ["--now", FRESH, "--to", "hina-di"];
    let (streamed, _) = both_ways(&lirs, &[&stubs_source, "LIRS", &hdi_source], &more);
    let stderr = text(&streamed.stderr);
    // The stub names both Authorized fields; the LIRS record that replaces
    // it names neither, and a block read through `Virtual` is judged as
    // HINA-DI: dropped, which shows it was resolved.
    assert!(
        stderr.contains(
            "dropped http://www.hoge.jp/foo/ from http://stubs.example.jp/hina.txt: \
             the block has neither Authorized nor Authorized-url"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("virtual-unresolved"), "{stderr}");
    for sources in [
        [stubs_source.as_str(), "LIRS", hdi_source.as_str()],
        ["LIRS", stubs_source.as_str(), hdi_source.as_str()],
    ] {
        assert_same(&lirs, &sources, &more);
    }
    std::fs::remove_dir_all(&dir).expect("the scratch folder is removed");
}

/// A HINA-DI file named on the command line is admitted block by block
/// as it is read, up to its first `Virtual` block (the rest wait until
/// every source is read); read from standard input it is held whole
/// (issue #28: a merge held every block of every file until the end).
/// Both print and write the same: the drops in the order of the file (a
/// block before the stub, one after it), then the stub resolved from a
/// file given after its own.
#[test]
fn a_hina_di_source_admitted_as_read_prints_and_writes_the_same() {
    let dir = std::env::temp_dir().join(format!("antenna-merge-hina-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let block = |url: &str, more: &str| format!("URL: {url}\r\n{more}\r\n");
    let mixed = format!(
        "HINA/2.2\r\nUser-Agent: mixed/1.0\r\n\r\n{}{}{}",
        block("http://www.hoge.jp/before/", "Title: no agent\r\n"),
        block(
            "http://www.example.jp/~fuga/diary/",
            "Virtual: http://antenna.example.jp/hina.txt\r\n\
             Authorized: asahina-antenna\r\nAuthorized-url: http://antenna.example.jp/\r\n"
        ),
        block("http://www.hoge.jp/after/", "Title: no agent either\r\n"),
    );
    let path = dir.join("mixed.hdi");
    std::fs::write(&path, mixed).expect("the file is written");
    let hdi_source = format!(
        "{}=http://antenna.example.jp/hina.txt",
        example("antenna.hdi")
    );
    for more in [
        &["--now", FRESH, "--to", "hina-di"][..],
        &["--now", FRESH, "--to", "hina-di", "--verbose"],
    ] {
        let (named, _) = both_ways(&path, &["LIRS", &hdi_source], more);
        let stderr = text(&named.stderr);
        let at = |what: &str| {
            stderr
                .find(what)
                .unwrap_or_else(|| panic!("no {what} in {stderr}"))
        };
        assert!(!stderr.contains("virtual-unresolved"), "{stderr}");
        // The stub's steps are said when it is published, after every
        // source's drops.
        if more.contains(&"--verbose") {
            assert!(
                at("hoge.jp/before/") < at("hoge.jp/after/")
                    && at("hoge.jp/after/") < at("virtual-resolved"),
                "{stderr}"
            );
        }
        assert_same(&path, &["LIRS", &hdi_source], more);
        assert_same(&path, &[&hdi_source, "LIRS"], more);
    }
    // The whole example, named and piped, before and after another source.
    let hdi = PathBuf::from(example("antenna.hdi"));
    let lirs_source = format!(
        "{}=http://lirs.example.jp/lirs.gz",
        example("antenna.lirs.gz")
    );
    for sources in [
        ["LIRS", lirs_source.as_str()],
        [lirs_source.as_str(), "LIRS"],
    ] {
        assert_same(&hdi, &sources, &["--now", FRESH, "--to", "hina-di"]);
    }
    std::fs::remove_dir_all(&dir).expect("the scratch folder is removed");
}
