//! Protocol 2 cases (a `<name>.v2.json` and no `<name>.json`: behaviour
//! protocol 1 leaves open) through the `antenna-conformance` binary: run
//! under `--protocol 2`, skipped and reported as such under 1, in the text
//! report, the JUnit report, `--list` and `--print`. The commands are small
//! shell scripts, so that what is expected does not move with the real
//! decoder (tests/runner.rs has the harness that acts as it).
#![allow(clippy::unwrap_used, missing_docs)]

mod common;

use std::path::Path;

use antenna_conformance::{print::ONLY_V2_NOTE, run::ONLY_V2_SKIPPED};
use common::{Scratch, runner, sh};

/// The LIRS 2.1 specification's example record (any input does: the
/// scripts below do not read it).
const LIRS_RECORD: &str = "LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,\
Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,\n";

/// A case with only `<name>.v2.json` (protocol 1 leaves its JSON open):
/// run and compared under protocol 2; under protocol 1 not run, reported
/// `SKIP` and counted as skipped (not passed, though a lenient case that a
/// decoder rejects would pass), in the JUnit report too; `--list` and
/// `--print` say so.
#[test]
fn protocol_2_cases_run_under_2_and_are_skipped_under_1() {
    let suite = Scratch::new("only-v2");
    suite.write("lirs/valid/both.lirs", LIRS_RECORD);
    suite.write("lirs/valid/both.json", r#"{"v": 1}"#);
    suite.write("lirs/lenient/only.lirs", LIRS_RECORD);
    suite.write("lirs/lenient/only.v2.json", r#"{"v": 2}"#);
    let v1 = suite.write("v1.sh", "cat >/dev/null; echo '{\"v\": 1}'\n");
    let v2 = suite.write(
        "v2.sh",
        "cat >/dev/null; echo '{\"protocol\": 2, \"v\": 2}'\n",
    );
    let rejects = suite.write("rejects.sh", "cat >/dev/null; exit 1\n");
    let report = suite.path("report.xml");
    let run = |protocol: &str, decoder: &Path| {
        let decoder = &sh(decoder);
        suite.run(&[
            "--protocol",
            protocol,
            "--decoder",
            decoder,
            "--junit",
            &report,
        ])
    };
    let skip_line = format!("SKIP lirs/lenient/only\n    {}\n", ONLY_V2_SKIPPED);
    // Protocol 1: the case is not run (the decoder's answer does not
    // matter), and is reported.
    for decoder in [&v1, &rejects] {
        let ran = run("1", decoder);
        assert!(ran.stdout.contains(&skip_line), "{}", ran.shown());
    }
    let ran = run("1", &v1);
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert_eq!(ran.last_line(), "1 passed, 0 failed, 1 skipped");
    let xml = std::fs::read_to_string(&report).unwrap();
    assert!(
        xml.contains("tests=\"2\" failures=\"0\" skipped=\"1\""),
        "{xml}"
    );
    assert!(
        xml.contains(&format!(
            "name=\"lirs/lenient/only\"><skipped message=\"{}\"/>",
            ONLY_V2_SKIPPED
        )),
        "{xml}"
    );
    // Protocol 2: compared with the .v2.json (and both.json, which has no
    // twin), so a decoder giving something else fails it.
    let ran = run("2", &v2);
    assert!(
        ran.stdout.contains("FAIL lirs/valid/both"),
        "{}",
        ran.shown()
    );
    assert!(!ran.stdout.contains("lirs/lenient/only"), "{}", ran.shown());
    assert_eq!(ran.last_line(), "1 passed, 1 failed");
    let ran = suite.run(&["--protocol", "2", "--decoder", &sh(&v1), "--run", "*/only"]);
    assert!(
        ran.stdout
            .contains("FAIL lirs/lenient/only\n    the decoder speaks protocol 1"),
        "{}",
        ran.shown()
    );
    // A rejection passes a lenient case under 2, and is skipped under 1.
    let ran = run("2", &rejects);
    assert_eq!(ran.last_line(), "1 passed, 1 failed");
    // --list: the kind, and under protocol 1 that it is skipped.
    let list = |protocol: &str| suite.run(&["--list", "--protocol", protocol]).stdout;
    assert_eq!(
        list("1"),
        "lirs/valid/both         valid\n\
         lirs/valid/both/encode  encode\n\
         lirs/lenient/only       lenient  (protocol 2 only: skipped)\n"
    );
    assert_eq!(
        list("2"),
        "lirs/valid/both         valid\n\
         lirs/valid/both/encode  encode\n\
         lirs/lenient/only       lenient\n"
    );
    // --print: the input, the .v2.json, and the note.
    let ran = suite.run(&["--print", "lirs/lenient/only"]);
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert!(ran.stdout.contains(ONLY_V2_NOTE), "{}", ran.shown());
    let headers: Vec<&str> = ran
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("== "))
        .collect();
    assert_eq!(
        headers,
        [
            format!("== lirs/lenient/only.lirs ({} bytes)", LIRS_RECORD.len()),
            "== lirs/lenient/only.v2.json (8 bytes)".to_owned(),
        ]
    );
    // The embedded suite's protocol 2 cases are listed, skipped under 1.
    let ran = runner(&suite.0, &["--list", "--run", "rss2/lenient/markup-*"]);
    assert!(ran.lines().len() >= 4, "{}", ran.shown());
    assert!(
        ran.lines()
            .iter()
            .all(|l| l.ends_with("lenient  (protocol 2 only: skipped)")),
        "{}",
        ran.shown()
    );
}
