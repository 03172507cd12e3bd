//! The smaller points of issue 24 (and #28's policy limit): `--strict` as
//! its help says, `merge`'s usage and standard input as a source, policy
//! errors with their line, `SOURCE_DATE_EPOCH`, `decode FILE`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use std::process::{Command, Output};

use common::{antenna, example};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `antenna ARGS` with `SOURCE_DATE_EPOCH` set to `epoch`.
fn with_epoch(epoch: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_antenna"))
        .args(args)
        .env("SOURCE_DATE_EPOCH", epoch)
        .output()
        .unwrap()
}

/// A policy file holding `text`, and `merge` run under it.
fn merge_under(text: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("policy.toml");
    std::fs::write(&policy, text).unwrap();
    let policy = policy.display().to_string();
    let source = example("antenna.hdi");
    antenna(
        &["merge", &source, "--policy", &policy, "--to", "hina-di"],
        b"",
    )
}

#[test]
fn strict_makes_a_duplicate_field_an_error() {
    // rev. 0.12 §Block: "Field names in a block MUST be unique": a
    // departure, so `--strict` ("every departure ... as an error")
    // rejects the file; lenient reading discards the block and warns.
    let file = example("duplicate-field.hdi");
    let strict = antenna(&["check", "--strict", &file], b"");
    assert_eq!(strict.status.code(), Some(1), "{}", text(&strict.stdout));
    assert!(text(&strict.stdout).contains("error[hina-di/duplicate-field]"));
    let lenient = antenna(&["check", &file], b"");
    assert_eq!(lenient.status.code(), Some(0));
    assert!(text(&lenient.stdout).contains("warning[hina-di/duplicate-field]"));
}

#[test]
fn merge_usage_shows_what_it_requires() {
    let help = antenna(&["merge", "--help"], b"");
    let usage = text(&help.stdout);
    let usage = usage.lines().find(|l| l.starts_with("Usage:")).unwrap();
    for required in ["--policy <POLICY.toml>", "--to <FORMAT>", "<SOURCE>..."] {
        assert!(usage.contains(required), "{required} in {usage}");
    }
    assert!(!usage.contains("[SOURCE]"), "{usage}");
}

#[test]
fn standard_input_is_a_merge_source_only_with_its_url() {
    let policy = example("policy.toml");
    let hdi = std::fs::read(example("antenna.hdi")).unwrap();
    let merge = |source: &str| {
        let args = [
            "merge", "--policy", &policy, "--to", "hina-di", "--", source,
        ];
        antenna(&args, &hdi)
    };
    let named = merge("-=http://a.example.jp/hina.txt");
    assert_eq!(named.status.code(), Some(0), "{}", text(&named.stderr));
    let report = text(&named.stderr);
    assert!(
        report.contains("from http://a.example.jp/hina.txt"),
        "{report}"
    );
    assert!(!report.contains("file:"), "{report}");
    assert!(text(&named.stdout).starts_with("HINA/2.2"));
    // Standard input has no file: URL of its own: none is made up.
    let bare = merge("-");
    assert_eq!(bare.status.code(), Some(2));
    let error = text(&bare.stderr);
    assert!(error.contains("standard input has no URL"), "{error}");
    assert!(error.contains("-=URL"), "{error}");
    assert!(bare.stdout.is_empty());
}

#[test]
fn policy_errors_give_line_and_column() {
    // TOML needs strings quoted: `yes` on line 3 begins at column 13.
    let out = merge_under("[agent]\nname = \"x\"\ntrust_all = yes\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 3, column 13:"),
        "{}",
        text(&out.stderr)
    );
    // A URL that does not parse: the second element, whose opening quote
    // is the 33rd character of line 2 (the 34th byte: `é` is two).
    let out = merge_under(
        "# a policy\ntrust_agents = [\"http://\u{e9}.jp/\", \"nope\"]\n[agent]\nname = \"x\"\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let error = text(&out.stderr);
    assert!(error.contains("line 2, column 33:"), "{error}");
    assert!(error.contains("nope"), "{error}");
}

#[test]
fn a_virtual_depth_past_the_limit_is_refused_when_the_policy_is_read() {
    // propagate::MAX_VIRTUAL_DEPTH is 64 (POLICY.md): 64 is taken, 65 not.
    let out = merge_under("trust_all = true\nmax_virtual_depth = 64\n[agent]\nname = \"x\"\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = merge_under("# deep\nmax_virtual_depth = 65\n[agent]\nname = \"x\"\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let error = text(&out.stderr);
    assert!(error.contains("line 2, column 21:"), "{error}");
    assert!(error.contains("limit of 64"), "{error}");
}

#[test]
fn source_date_epoch_is_the_time_of_writing() {
    // 1031356800 s after the epoch is 2002-09-07T00:00:00Z.
    let lirs = example("antenna.lirs.gz");
    let rss = with_epoch("1031356800", &["convert", &lirs, "--to", "rss2"]);
    assert_eq!(rss.status.code(), Some(0), "{}", text(&rss.stderr));
    assert!(
        text(&rss.stdout).contains("<lastBuildDate>Sat, 07 Sep 2002 00:00:00 GMT</lastBuildDate>"),
        "{}",
        text(&rss.stdout)
    );
    let hdi = with_epoch("1031356800", &["convert", &lirs, "--to", "hina-di"]);
    assert!(text(&hdi.stdout).contains("\r\nDate: Sat, 07 Sep 2002 00:00:00 GMT\r\n"));
    // --now outranks it.
    let now = with_epoch(
        "1031356800",
        &[
            "convert",
            &lirs,
            "--to",
            "rss2",
            "--now",
            "2010-01-02T03:04:05Z",
        ],
    );
    assert!(text(&now.stdout).contains("Sat, 02 Jan 2010 03:04:05 GMT"));
    // merge judges staleness and dates its output by it: the LIRS records
    // (last detected on 2002-09-06) are fresh at that time.
    let policy = example("policy.toml");
    let source = format!("{lirs}=http://antenna.example.jp/lirs.gz");
    let merged = with_epoch(
        "1031356800",
        &["merge", &source, "--policy", &policy, "--to", "hina-di"],
    );
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged.stderr));
    assert!(text(&merged.stdout).contains("\r\nDate: Sat, 07 Sep 2002 00:00:00 GMT\r\n"));
    // Not an integer: an error, as the variable's spec advises.
    for bad in ["12.5", "yesterday", ""] {
        let out = with_epoch(bad, &["convert", &lirs, "--to", "rss2"]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(text(&out.stderr).contains("SOURCE_DATE_EPOCH"), "{bad:?}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn decode_takes_a_file_as_it_takes_standard_input() {
    for (format, name) in [
        ("hina-di", "antenna.hdi"),
        ("lirs", "antenna.lirs.gz"),
        ("rss2", "feed.xml"),
        // Read as LIRS whatever its content: rejected, naming the file.
        ("lirs", "antenna.hdi"),
    ] {
        let file = example(name);
        let named = antenna(&["decode", "--format", format, &file], b"");
        let piped = antenna(
            &["decode", "--format", format],
            &std::fs::read(&file).unwrap(),
        );
        assert_eq!(named.status.code(), piped.status.code(), "{format} {name}");
        assert_eq!(text(&named.stdout), text(&piped.stdout), "{format} {name}");
        assert_eq!(
            text(&named.stderr),
            text(&piped.stderr).replace("<stdin>", &file),
            "{format} {name}"
        );
    }
    let missing = antenna(&["decode", "--format", "lirs", "no-such-file"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("no-such-file"));
}
