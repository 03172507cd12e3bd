//! `antenna merge --protocol`, the reference merger of the conformance
//! suite: it passes every propagation case in `conformance/merge/`, and the
//! deliberately broken merger `conformance/examples/broken_merger.sh` does
//! not. The cases' expectations were written from the specs (see
//! `conformance/tools/make_merge_cases.py`), not from this merger's output.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use antenna_conformance::merge::{self, CASE_FILES, ScratchDir};
use common::{antenna, text};
use serde_json::Value;

/// The propagation cases.
fn cases_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../conformance/merge")
}

/// Every case folder, by name.
fn cases() -> Vec<(String, PathBuf)> {
    let mut cases: Vec<_> = std::fs::read_dir(cases_dir())
        .expect("conformance/merge is readable")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.is_dir())
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, path)
        })
        .collect();
    cases.sort();
    cases
}

/// Runs `sh -c MERGER` in a scratch folder holding `case`'s source files,
/// with its plan on standard input, as the runner does.
fn run_merger(merger: &str, case: &Path) -> Output {
    let scratch = ScratchDir::new().unwrap();
    for entry in std::fs::read_dir(case).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap();
        if !CASE_FILES.contains(&name) {
            scratch.write(name, &std::fs::read(&path).unwrap()).unwrap();
        }
    }
    let plan = std::fs::read(case.join("plan.json")).unwrap();
    let mut child = Command::new("sh")
        .args(["-c", merger])
        .current_dir(scratch.path())
        .env("ANTENNA", env!("CARGO_BIN_EXE_antenna"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &plan).unwrap();
    child.wait_with_output().expect("the merger ends")
}

/// `None` when the merger's output satisfies `case`'s expectation, as the
/// runner judges it (blocks equal, decisions equal as a multiset); else
/// why not.
fn mismatch(case: &Path, output: &Output) -> Option<String> {
    if !output.status.success() {
        return Some(format!(
            "exit status {}: {}",
            output.status,
            text(&output.stderr)
        ));
    }
    let expected: Value =
        serde_json::from_slice(&std::fs::read(case.join("expected.json")).unwrap()).unwrap();
    let actual: Value = match serde_json::from_slice(&output.stdout) {
        Ok(actual) => actual,
        Err(e) => return Some(format!("not JSON ({e}): {}", text(&output.stdout))),
    };
    merge::compare(&expected, &actual).err()
}

const REFERENCE: &str = "\"$ANTENNA\" merge --protocol";

#[test]
fn the_reference_merger_passes_every_propagation_case() {
    let cases = cases();
    assert!(cases.len() >= 40, "only {} cases found", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(name, dir)| {
            mismatch(dir, &run_merger(REFERENCE, dir)).map(|why| format!("{name}: {why}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_broken_merger_fails_where_it_forgets_the_method_hop() {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../conformance/examples/broken_merger.sh")
        .canonicalize()
        .unwrap();
    let broken = format!("sh '{}'", script.display());
    let mut failed = Vec::new();
    for (name, dir) in cases() {
        let output = run_merger(&broken, &dir);
        let expected = std::fs::read_to_string(dir.join("expected.json")).unwrap();
        let publishes_a_method = expected.contains("\"REMOTE/");
        match mismatch(&dir, &output) {
            Some(why) => {
                assert!(publishes_a_method, "{name} failed without a Method: {why}");
                assert!(why.contains("$.blocks"), "{name}: {why}");
                assert!(!why.contains("$.decisions"), "{name}: {why}");
                failed.push(name);
            }
            None => assert!(!publishes_a_method, "{name} passed the broken merger"),
        }
    }
    assert!(failed.contains(&"method-hop-get".to_owned()), "{failed:?}");
}

#[test]
fn every_case_is_named_in_cases_toml_with_its_spec() {
    let listed = std::fs::read_to_string(cases_dir().join("cases.toml")).unwrap();
    for (name, dir) in cases() {
        let table = format!("[{name}]\nspec = ");
        assert!(listed.contains(&table), "{name} is not in cases.toml");
        assert!(dir.join("plan.json").is_file(), "{name} has no plan");
        assert!(
            dir.join("expected.json").is_file(),
            "{name} has no expected.json"
        );
    }
}

/// Asserts that the merger refuses `plan` as a usage error (exit status 2)
/// whose message contains `says`.
fn assert_refused(plan: &str, says: &str) {
    let out = antenna(&["merge", "--protocol"], plan.as_bytes());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{plan}: {stderr}");
    assert!(stderr.contains(says), "{plan}: {stderr}");
}

#[test]
fn a_plan_that_cannot_be_run_is_a_usage_error_that_says_why() {
    let at = r#""now": "2002-09-07T00:00:00Z""#;
    let source = |file: &str, format: &str| {
        format!(
            r#"{{{at}, "sources": [{{"file": "{file}", "url": "http://a.example.jp/", "format": "{format}"}}]}}"#
        )
    };
    assert_refused("sources: a.hdi", "not a merge plan");
    // A misspelt member is an error, not ignored (it would trust nothing).
    assert_refused(
        &format!(r#"{{{at}, "trusts": {{}}, "sources": []}}"#),
        "trusts",
    );
    assert_refused(&source("no-such-file.hdi", "hina-di"), "no-such-file.hdi");
    assert_refused(&source("a", "atom"), "atom");
    // The package's own manifest, run from the package folder: no HINA-DI.
    assert_refused(&source("Cargo.toml", "hina-di"), "rejected");
    assert_refused(r#"{"now": "yesterday", "sources": []}"#, "yesterday");
    assert_refused(
        &format!(r#"{{{at}, "trust": {{"agents": ["not a url"]}}, "sources": []}}"#),
        "not a url",
    );
}

#[test]
fn no_sources_publish_nothing() {
    let out = antenna(
        &["merge", "--protocol"],
        br#"{"now": "2002-09-07T00:00:00Z", "sources": []}"#,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json, serde_json::json!({"blocks": [], "decisions": []}));
}

#[test]
fn protocol_takes_no_other_merge_option() {
    let out = antenna(&["merge", "--protocol", "--to", "hina-di"], b"{}");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot be used with"),
        "{}",
        text(&out.stderr)
    );
}
