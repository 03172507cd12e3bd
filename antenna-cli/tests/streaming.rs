//! A LIRS file named on the command line is read record by record from
//! disk, and so is LIRS on standard input (copied to a temporary file
//! first, issue #28); every other file is held in memory and read by its
//! format's part reader. Named and piped must print and write the same,
//! but for the name: run on every file of the conformance suite and the
//! examples, each way, and compared (a corrupt gzip too, whose stream
//! reports the records before the damage either way). `merge` holds
//! standard input: `merge_streamed.rs` compares the stream with the file
//! read whole.

mod common;

use std::path::Path;
use std::process::Output;

use common::{antenna, files_below, lirs_inputs, named_and_piped, root, text};

/// `antenna ARGS` on `path` named, and on `path` as standard input (`-`),
/// the latter's outputs with `<stdin>` put back to the file's name.
fn both_ways(path: &Path, args: &[&str]) -> (Output, Output) {
    let (streamed, mut whole) = named_and_piped(path, args);
    // Only text is renamed: LIRS output may be gzip or EUC-JP.
    if std::str::from_utf8(&whole.stdout).is_ok() && args.first() == Some(&"check") {
        let name = path.display().to_string();
        whole.stdout = text(&whole.stdout).replace("<stdin>", &name).into_bytes();
    }
    (streamed, whole)
}

/// A gzip file corrupt part way (its stream reports the records before
/// the damage too).
fn corrupt_gzip(whole: &Output) -> bool {
    let all = format!("{}{}", text(&whole.stdout), text(&whole.stderr));
    all.contains("lirs/bad-gzip")
}

fn assert_same(path: &Path, args: &[&str]) {
    let (streamed, whole) = both_ways(path, args);
    assert_outputs_same(path, args, &streamed, &whole);
}

/// `check` (lenient and strict) and `convert` to each format agree named
/// and piped on `path`.
fn assert_commands_same(path: &Path) {
    assert_same(path, &["check", "FILE"]);
    assert_same(path, &["check", "--strict", "FILE"]);
    assert_same(path, &["convert", "FILE", "--to", "lirs"]);
    let now = "2026-11-23T01:00:00Z";
    let rss = ["convert", "FILE", "--to", "rss2", "--title", "T"];
    assert_same(path, &[&rss[..], &["--now", now]].concat());
    let hina = ["convert", "FILE", "--to", "hina-di", "--now", now];
    assert_same(path, &hina);
}

fn assert_outputs_same(path: &Path, args: &[&str], streamed: &Output, whole: &Output) {
    let what = format!("{args:?} on {}", path.display());
    assert_eq!(streamed.status.code(), whole.status.code(), "{what}");
    if args.contains(&"--gzip") && !whole.stdout.is_empty() {
        // The text inside first, for a readable difference; then the
        // bytes: the text written record by record is compressed as the
        // whole text is (`lirs::GzipWriter`).
        assert_eq!(gunzip(&streamed.stdout), gunzip(&whole.stdout), "{what}");
    } else {
        assert_eq!(text(&streamed.stdout), text(&whole.stdout), "{what}");
    }
    assert_eq!(streamed.stdout, whole.stdout, "{what}");
    assert_eq!(text(&streamed.stderr), text(&whole.stderr), "{what}");
}

/// Every format, named or piped: HINA-DI and RSS files are read from
/// memory either way, but the name a file is given by is still the only
/// difference the output may show.
#[test]
fn hina_di_and_rss_print_and_write_the_same_named_and_piped() {
    let keep = |n: &str| n.ends_with(".hdi") || n.ends_with(".xml");
    let mut files = files_below(&root().join("conformance/hina-di"), keep);
    files.extend(files_below(&root().join("conformance/rss2"), keep));
    files.extend(files_below(&root().join("examples"), keep));
    assert!(files.len() > 100, "{} files", files.len());
    for path in files {
        assert_same(&path, &["check", "--format", "json", "FILE"]);
        assert_commands_same(&path);
    }
}

#[test]
fn check_prints_the_same_streamed() {
    for path in lirs_inputs() {
        assert_same(&path, &["check", "FILE"]);
        assert_same(&path, &["check", "--strict", "FILE"]);
        assert_same(&path, &["check", "--format", "json", "FILE"]);
    }
}

/// RSS output is written in two passes over the file (the channel says how
/// many items follow and declares `dc` only if one needs it): the bytes
/// and the losses must still be those of the file read whole.
#[test]
fn convert_to_rss2_writes_the_same_streamed() {
    let now = "2026-11-23T01:00:00Z";
    let (mut items, mut with_dc) = (0, 0);
    for path in lirs_inputs() {
        let rss = |more: &[&'static str]| {
            let mut args = vec!["convert", "FILE", "--to", "rss2", "--now", now];
            args.extend(more);
            args
        };
        assert_same(&path, &rss(&["--title", "T"]));
        assert_same(&path, &rss(&["--title", "T", "--deny-loss"]));
        assert_same(
            &path,
            &rss(&[
                "--title",
                "T",
                "--description",
                "D",
                "--link",
                "http://a.jp/",
            ]),
        );
        // Unnamed, the channel is titled by the file's name, and standard
        // input by its own.
        let args = rss(&[]);
        let (streamed, mut whole) = both_ways(&path, &args);
        let file_name = path.file_name().unwrap().to_str().unwrap();
        let title = |from: &str| format!("<title>Update times from {from}</title>");
        let out = text(&whole.stdout).replace(&title("standard input"), &title(file_name));
        whole.stdout = out.into_bytes();
        if streamed.status.success() {
            assert!(
                text(&streamed.stdout).contains(&title(file_name)),
                "{}",
                path.display()
            );
        }
        items += text(&streamed.stdout).matches("<item>").count();
        with_dc += usize::from(text(&streamed.stdout).contains("xmlns:dc="));
        assert_outputs_same(&path, &args, &streamed, &whole);
    }
    assert!(items > 50, "{items} items written");
    // Some files have an author that is a name (`dc:creator`).
    assert!(with_dc > 0);
}

#[test]
fn convert_to_lirs_writes_the_same_streamed() {
    for path in lirs_inputs() {
        assert_same(&path, &["convert", "FILE", "--to", "lirs"]);
        assert_same(&path, &["convert", "FILE", "--to", "lirs", "--gzip"]);
        assert_same(&path, &["convert", "FILE", "--to", "lirs", "--deny-loss"]);
        assert_same(
            &path,
            &["convert", "FILE", "--to", "lirs", "--encoding", "utf-8"],
        );
    }
}

/// HINA-DI output is written block by block (the header made once, each
/// record's block as it is read): bytes, losses and refusals as for the
/// file read whole.
#[test]
fn convert_to_hina_di_writes_the_same_streamed() {
    let now = "2026-11-23T01:00:00Z";
    let mut blocks = 0;
    for path in lirs_inputs() {
        let args = |more: &[&'static str]| {
            let mut args = vec!["convert", "FILE", "--to", "hina-di", "--now", now];
            args.extend(more);
            args
        };
        assert_same(&path, &args(&[]));
        assert_same(&path, &args(&["--deny-loss"]));
        assert_same(&path, &args(&["--encoding", "utf-8"]));
        assert_same(&path, &args(&["--encoding", "shift_jis"]));
        assert_same(&path, &args(&["--substitute", "jis-compatible"]));
        assert_same(&path, &args(&["--user-agent", "tester/1.0"]));
        assert_same(&path, &args(&["--user-agent", " "]));
        let (streamed, _) = both_ways(&path, &args(&["--encoding", "utf-8"]));
        blocks += text(&streamed.stdout).matches("\r\nURL: ").count();
    }
    assert!(blocks > 50, "{blocks} blocks written");
}

/// Files the conformance suite has no case for: diagnostics on comment and
/// blank lines before a record and after the last, an error after many
/// records, and a repeated URL (§3.5), far apart.
#[test]
fn diagnostics_between_records_are_shown_with_their_lines() {
    let dir = std::env::temp_dir().join(format!("antenna-streaming-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = |n: usize| format!("LIRS,1,2,0,3,http://a.example/{n}/,t,a,0,,\n");
    let mut many = String::from("# head\n\n");
    for n in 0..300 {
        many.push_str(&record(n));
        if n % 50 == 0 {
            many.push_str("# a comment\n\n");
        }
    }
    let cases = [
        ("blank-lines.lirs", format!("\n{}\n# c\n\n", record(1))),
        ("trailing.lirs", format!("{}# end\n\n\n", record(1))),
        ("many.lirs", many.clone()),
        ("repeat.lirs", format!("{many}{}", record(7))),
        (
            "bad-late.lirs",
            format!("{many}LIRS,x,2,0,3,http://b.example/,t,a,0,,\n"),
        ),
        ("crlf.lirs", many.replace('\n', "\r\n")),
        (
            "no-final-end.lirs",
            format!("{}{}", record(1), record(2).trim_end()),
        ),
        (
            "lone-cr.lirs",
            format!("{}LIRS,1,2,0,3,http://c.example/\r,t,a,0,,\n", record(1)),
        ),
    ];
    for (name, content) in cases {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        let gz = dir.join(format!("{name}.gz"));
        std::fs::write(&gz, gzip(&std::fs::read(&path).unwrap())).unwrap();
        for path in [&path, &gz] {
            assert_commands_same(path);
            assert_same(path, &["convert", "FILE", "--to", "lirs", "--gzip"]);
        }
    }
    // The repeated URL is reported with its line and the first one's.
    let out = antenna(
        &["check", &dir.join("repeat.lirs").display().to_string()],
        b"",
    );
    let shown = text(&out.stdout);
    assert!(shown.contains("lirs/duplicate-url"), "{shown}");
    assert!(shown.contains("http://a.example/7/"), "{shown}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The rules of the diagnostics `decode --format lirs` shows for `bytes`,
/// and those of the errors of the whole-file reader, for a rejected input
/// (decode shows the reasons it rejects, not the warnings).
fn decoded_rules(bytes: &[u8]) -> (Vec<String>, Vec<String>) {
    let out = antenna(&["decode", "--format", "lirs"], bytes);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let shown = text(&out.stderr)
        .lines()
        .filter_map(|l| l.split_once('[').and_then(|(_, r)| r.split_once(']')))
        .map(|(rule, _)| rule.to_owned())
        .collect();
    let rejected = lirs::read(bytes, &lirs::ReadOptions::default()).expect_err("rejected");
    let expected = rejected
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.rule.id.to_owned())
        .collect();
    (shown, expected)
}

/// §3.5 is checked in two passes (fingerprints first, then the URLs of the
/// records that may repeat): several URLs repeated several times, far
/// apart and spelled differently, are reported as for the file read whole.
#[test]
fn repeated_urls_are_reported_as_read_whole() {
    let dir = std::env::temp_dir().join(format!("antenna-repeats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = |url: &str| format!("LIRS,1,2,0,3,{url},t,a,0,,\n");
    let mut content = String::from("# repeats\n");
    for n in 0..400 {
        let url = match n % 97 {
            13 => "http://a.example/".to_owned(),
            31 => "HTTP://A.example:80".to_owned(),
            50 => "http://b.example/x/../".to_owned(),
            77 => "http://b.example/".to_owned(),
            90 => "not a url".to_owned(),
            _ => format!("http://c.example/{n}/"),
        };
        content.push_str(&record(&url));
        if n % 60 == 0 {
            content.push_str("# a comment\n\n");
        }
    }
    content.push_str(&record("http://c.example/0/"));
    let path = dir.join("repeats.lirs");
    std::fs::write(&path, &content).unwrap();
    let gz = dir.join("repeats.lirs.gz");
    std::fs::write(&gz, gzip(content.as_bytes())).unwrap();
    for path in [&path, &gz] {
        assert_commands_same(path);
        assert_same(path, &["check", "--format", "json", "FILE"]);
        let (shown, expected) = decoded_rules(&std::fs::read(path).unwrap());
        assert_eq!(shown, expected, "{}", path.display());
    }
    let out = antenna(&["check", &path.display().to_string()], b"");
    let shown = text(&out.stdout);
    // a.example 7 times, b.example 7, `not a url` 3, c.example/0/ once.
    assert_eq!(shown.matches("lirs/duplicate-url").count(), 18, "{shown}");
    assert!(shown.contains("already appears on line 17"), "{shown}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// More records than the first pass holds in memory (65,536): its
/// fingerprints are written out in runs and merged, and repeats in
/// different runs are found.
#[test]
fn repeats_in_different_runs_are_found() {
    let dir = std::env::temp_dir().join(format!("antenna-runs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut content = String::new();
    for n in 0..70_000 {
        let n = match n {
            66_000 => 3,
            69_999 => 65_000,
            _ => n,
        };
        content.push_str(&format!("LIRS,1,2,0,3,http://a.jp/{n},,,0,\n"));
    }
    let path = dir.join("runs.lirs.gz");
    std::fs::write(&path, gzip(content.as_bytes())).unwrap();
    assert_same(&path, &["check", "FILE"]);
    // 2.5 MB of text: compressed record by record, the gzip file is still
    // the one the whole text makes.
    assert_same(&path, &["convert", "FILE", "--to", "lirs", "--gzip"]);
    let out = antenna(&["check", &path.display().to_string()], b"");
    let shown = text(&out.stdout);
    assert_eq!(shown.matches("lirs/duplicate-url").count(), 2, "{shown}");
    assert!(shown.contains("already appears on line 4"), "{shown}");
    assert!(shown.contains("already appears on line 65001"), "{shown}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read as _;
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut text)
        .expect("the output is gzip");
    text
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// `decode --format lirs` reads standard input record by record: its JSON
/// is the protocol's of the document read whole, in each version, and a
/// rejected input gives the whole-file reader's diagnostics and no JSON.
#[test]
fn decode_lirs_writes_the_protocol_json_of_the_whole_document() {
    use antenna_conformance::protocol::{self, Version};
    for path in lirs_inputs() {
        let bytes = std::fs::read(&path).expect("the input reads");
        let read = lirs::read(&bytes, &lirs::ReadOptions::default());
        for version in Version::ALL {
            let number = version.number().to_string();
            let out = antenna(
                &["decode", "--format", "lirs", "--protocol", &number],
                &bytes,
            );
            let what = format!("{} (protocol {number})", path.display());
            match &read {
                Ok(parsed) => {
                    let json = protocol::lirs_json(&parsed.document, version);
                    assert_eq!(out.status.code(), Some(0), "{what}");
                    assert_eq!(text(&out.stdout), format!("{json}\n"), "{what}");
                }
                Err(rejected) => {
                    assert_eq!(out.status.code(), Some(1), "{what}");
                    assert!(out.stdout.is_empty(), "{what}");
                    let stderr = text(&out.stderr);
                    let shown: Vec<&str> = stderr
                        .lines()
                        .filter_map(|l| l.split_once('[').and_then(|(_, r)| r.split_once(']')))
                        .map(|(rule, _)| rule)
                        .collect();
                    let expected: Vec<&str> =
                        rejected.diagnostics.iter().map(|d| d.rule.id).collect();
                    if corrupt_gzip(&out) {
                        assert_eq!(shown.last(), expected.last(), "{what}");
                    } else {
                        assert_eq!(shown, expected, "{what}");
                    }
                }
            }
        }
    }
}
