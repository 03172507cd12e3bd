//! The `antenna-conformance` binary against the reference decoder and
//! encoder, and against deliberately broken decoders, encoders and mergers
//! (small shell and Python scripts written into a scratch folder).
//!
//! This test has its own `main` (`harness = false` in Cargo.toml) so that
//! its executable can also *be* the reference commands: run as `runner
//! --act-as decoder --format F` it is a decoder calling
//! `antenna_conformance::protocol::decode`, the code `antenna decode`
//! calls, and likewise for the encoder. The runner is tested without the
//! `antenna` binary of another crate.
//!
//! Most checks use a small suite written here (`--suite`), so that what
//! they expect does not move with the real cases; the embedded suite is
//! checked from a folder that holds no repository file.
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::unwrap_used,
    clippy::expect_used,
    missing_docs
)]

mod common;

use std::io::{Read, Write};
use std::panic::catch_unwind;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use antenna_conformance::protocol::{self, Version};
use antenna_model::Format;
use common::{Scratch, runner, sh};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--act-as") {
        return act_as(&args);
    }
    run_tests(&args)
}

// ---------------------------------------------------------------- harness

type Test = (&'static str, fn());

const TESTS: &[Test] = &[
    (
        "reference_passes_the_embedded_suite_from_an_empty_folder",
        reference_passes_the_embedded_suite_from_an_empty_folder,
    ),
    ("reference_passes_protocol_2", reference_passes_protocol_2),
    (
        "a_decoder_that_changes_a_title_fails_with_a_diff",
        a_decoder_that_changes_a_title_fails_with_a_diff,
    ),
    (
        "a_decoder_that_hangs_fails_by_timeout",
        a_decoder_that_hangs_fails_by_timeout,
    ),
    (
        "a_decoder_accepting_an_invalid_file_fails",
        a_decoder_accepting_an_invalid_file_fails,
    ),
    (
        "expected_failures_skip_and_cannot_go_stale",
        expected_failures_skip_and_cannot_go_stale,
    ),
    (
        "encoders_that_change_or_refuse",
        encoders_that_change_or_refuse,
    ),
    (
        "mergers_run_in_the_sources_folder_and_are_compared",
        mergers_run_in_the_sources_folder_and_are_compared,
    ),
    (
        "protocol_2_needs_the_member_and_uses_v2_expectations",
        protocol_2_needs_the_member_and_uses_v2_expectations,
    ),
    (
        "list_shows_ids_and_kinds_selected_by_globs",
        list_shows_ids_and_kinds_selected_by_globs,
    ),
    ("print_shows_the_case_files", print_shows_the_case_files),
    (
        "alternatives_pass_and_are_named",
        alternatives_pass_and_are_named,
    ),
    (
        "cases_beyond_the_specs_are_reported_apart",
        cases_beyond_the_specs_are_reported_apart,
    ),
    ("junit_report_is_well_formed", junit_report_is_well_formed),
    ("bad_invocations_exit_2", bad_invocations_exit_2),
    ("incomplete_cases_fail_alone", incomplete_cases_fail_alone),
];

/// Runs the tests whose name contains the first argument that is not an
/// option (all without one), each in its own thread.
fn run_tests(args: &[String]) -> ExitCode {
    let filter = args.iter().find(|a| !a.starts_with('-'));
    let chosen: Vec<&Test> = TESTS
        .iter()
        .filter(|(name, _)| filter.is_none_or(|f| name.contains(f.as_str())))
        .collect();
    println!("\nrunning {} tests", chosen.len());
    let handles: Vec<_> = chosen
        .iter()
        .map(|&&(name, test)| (name, std::thread::spawn(move || catch_unwind(test).is_ok())))
        .collect();
    let mut failed = Vec::new();
    for (name, handle) in handles {
        let ok = handle.join().unwrap_or(false);
        println!("test {name} ... {}", if ok { "ok" } else { "FAILED" });
        if !ok {
            failed.push(name);
        }
    }
    println!(
        "\ntest result: {}. {} passed; {} failed\n",
        if failed.is_empty() { "ok" } else { "FAILED" },
        chosen.len() - failed.len(),
        failed.len()
    );
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `--act-as decoder|encoder --format F [--protocol 2]`: the reference
/// decoder or encoder of the protocol module, on stdin and stdout.
fn act_as(args: &[String]) -> ExitCode {
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
    };
    let format: Format = value("--format").unwrap().parse().unwrap();
    let version = match value("--protocol") {
        Some("2") => Version::V2,
        _ => Version::V1,
    };
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).unwrap();
    let output = match value("--act-as") {
        Some("decoder") => protocol::decode(format, &input, version)
            .map(|json| json.to_string().into_bytes())
            .map_err(|found| format!("{found:?}")),
        Some("encoder") => serde_json::from_slice(&input)
            .map_err(|e| e.to_string())
            .and_then(|json| protocol::encode(format, &json)),
        other => panic!("unknown role {other:?}"),
    };
    match output {
        Ok(bytes) => {
            std::io::stdout().write_all(&bytes).unwrap();
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("{why}");
            ExitCode::FAILURE
        }
    }
}

// ---------------------------------------------------------------- helpers

/// The reference command for `role`: this executable acting as it.
fn reference(role: &str) -> String {
    let me = std::env::current_exe().unwrap();
    format!("'{}' --act-as {role}", me.display())
}

/// A shell script that runs the reference `role` and edits what it prints
/// with the sed script `edit` (a refusal stays a refusal).
fn altered(role: &str, edit: &str) -> String {
    format!(
        "out=$({} \"$@\") || exit 1\nprintf '%s' \"$out\" | sed '{edit}'\n",
        reference(role)
    )
}

/// The command running the Python script at `path`.
fn python3(path: &Path) -> String {
    format!("python3 '{}'", path.display())
}

/// The LIRS 2.1 specification's example record (LIRS 2.1 §3), and its
/// protocol JSON as the protocol page defines it.
const LIRS_RECORD: &str = "LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,\
Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,\n";
const LIRS_JSON: &str = r#"{"format": "lirs", "records": [{
  "last_modified": 938779260, "last_detected": 938781002,
  "time_difference": 32400, "content_length": 49383,
  "url": "http://hiya.ouchi.to/n/", "title": "Tadayo Memories",
  "author": "Hiya", "source_url": "http://amano.hauN.org/",
  "extension": "blah blah"}]}"#;

/// A small suite: one LIRS case of each kind, one merge case.
fn small_suite(name: &str) -> Scratch {
    let suite = Scratch::new(name);
    suite.write("lirs/valid/record.lirs", LIRS_RECORD);
    suite.write("lirs/valid/record.json", LIRS_JSON);
    // A record with seven fields: LIRS 2.1 §3 requires nine or more.
    suite.write("lirs/invalid/short.lirs", "LIRS,1,2,3,4,http://a/,t\n");
    suite.write("lirs/roundtrip/record.json", LIRS_JSON);
    suite.write("lirs/refusable/record.json", LIRS_JSON);
    suite.write("merge/one/a.hdi", "HINA/2.2\n");
    suite.write("merge/one/answer.json", MERGE_ANSWER);
    suite.write("merge/one/plan.json", MERGE_PLAN);
    suite.write("merge/one/expected.json", MERGE_ANSWER);
    suite
}

const MERGE_PLAN: &str = r#"{"now": "2002-09-07T00:00:00Z",
 "trust": {"agents": ["http://a.example.jp/"], "sources": []}, "vouch": [],
 "keep_extensions": false,
 "sources": [{"file": "a.hdi", "url": "http://a.example.jp/hina.txt", "format": "hina-di"}]}"#;

const MERGE_ANSWER: &str = r#"{"blocks": [[["URL", "http://www.hoge.jp/foo/"], ["Method", "REMOTE/GET/200"]]],
 "decisions": [
  {"source": "http://a.example.jp/hina.txt", "entry": "", "action": "dropped", "rule": "header-not-propagated"},
  {"source": "http://a.example.jp/hina.txt", "entry": "http://www.hoge.jp/foo/", "action": "changed", "rule": "empty-field"}]}"#;

// ------------------------------------------------------------------ tests

fn reference_passes_the_embedded_suite_from_an_empty_folder() {
    let empty = Scratch::new("empty-cwd");
    let ran = runner(
        &empty.0,
        &[
            "--decoder",
            &reference("decoder"),
            "--encoder",
            &reference("encoder"),
        ],
    );
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    let last = ran.last_line();
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    // The protocol 2 cases (only a .v2.json) are skipped, each said so.
    let skipped =
        ran.stdout.matches("\nSKIP ").count() + usize::from(ran.stdout.starts_with("SKIP "));
    assert!(skipped >= 4, "{}", ran.shown());
    assert_eq!(
        last,
        format!("{passed} passed, 0 failed, {skipped} skipped")
    );
    assert!(passed > 500, "only {passed} checks ran");
}

fn reference_passes_protocol_2() {
    let empty = Scratch::new("empty-cwd-v2");
    let ran = runner(
        &empty.0,
        &[
            "--protocol",
            "2",
            "--decoder",
            &format!("{} --protocol 2", reference("decoder")),
            "--encoder",
            &reference("encoder"),
            "--run",
            "rss2",
        ],
    );
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert!(ran.last_line().ends_with(" passed, 0 failed"));
}

fn a_decoder_that_changes_a_title_fails_with_a_diff() {
    let suite = small_suite("title");
    let script = suite.write(
        "broken.sh",
        &altered("decoder", "s/Tadayo Memories/Tadayo Memoirs/"),
    );
    let ran = suite.run(&["--decoder", &sh(&script)]);
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    let lines = ran.lines();
    assert!(lines.contains(&"FAIL lirs/valid/record"), "{}", ran.shown());
    assert!(lines.contains(&"    - $.records[0].title: \"Tadayo Memories\""));
    assert!(lines.contains(&"    + $.records[0].title: \"Tadayo Memoirs\""));
    assert_eq!(ran.last_line(), "1 passed, 1 failed");
}

fn a_decoder_that_hangs_fails_by_timeout() {
    let suite = small_suite("hang");
    let started = Instant::now();
    let ran = suite.run(&[
        "--decoder",
        "python3 -c 'import time; time.sleep(60)'",
        "--timeout",
        "1",
        "--run",
        "lirs/valid/*",
    ]);
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    assert!(ran.stdout.contains("FAIL lirs/valid/record\n"));
    assert!(ran.stdout.contains("took more than 1 s and was killed"));
    assert_eq!(ran.last_line(), "0 passed, 1 failed");
}

fn a_decoder_accepting_an_invalid_file_fails() {
    let suite = small_suite("accepts");
    let script = suite.write("accepts.sh", "cat >/dev/null; echo '{}'\n");
    let ran = suite.run(&["--decoder", &sh(&script), "--run", "lirs/invalid"]);
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    assert!(
        ran.stdout
            .contains("FAIL lirs/invalid/short\n    the decoder accepted a file it must reject")
    );
}

fn expected_failures_skip_and_cannot_go_stale() {
    let suite = small_suite("expected");
    let list = suite.write(
        "known.txt",
        "# known failures\nlirs/valid/record   # title\nlirs/valid/gone\n",
    );
    let broken = suite.write("broken.sh", &altered("decoder", "s/Hiya/Hiyo/"));
    let list = list.display().to_string();
    let with_list =
        |decoder: &str| suite.run(&["--expected-failures", &list, "--decoder", decoder]);
    // Listed and failing: skipped, the run passes.
    let ran = with_list(&sh(&broken));
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert_eq!(ran.last_line(), "1 passed, 0 failed, 1 skipped");
    assert!(
        ran.stdout
            .contains("note: expected failure `lirs/valid/gone` names no case that ran")
    );
    // Listed and passing: a failure, so the list cannot go stale.
    let ran = with_list(&reference("decoder"));
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    assert!(ran.stdout.contains(
        "FAIL lirs/valid/record\n    listed as an expected failure, but passes: remove it from the list"
    ));
    assert_eq!(ran.last_line(), "1 passed, 1 failed");
}

fn encoders_that_change_or_refuse() {
    let suite = small_suite("encoders");
    let check = |encoder: &str, expect_code: i32, expect: &[&str]| {
        let ran = suite.run(&["--encoder", encoder]);
        assert_eq!(ran.code, Some(expect_code), "{encoder}\n{}", ran.shown());
        for line in expect {
            assert!(
                ran.lines().contains(line),
                "no `{line}` in\n{}",
                ran.shown()
            );
        }
    };
    // The reference passes the encode, roundtrip and refusable checks.
    check(&reference("encoder"), 0, &["3 passed, 0 failed"]);
    // One that changes the author silently fails all three, with diffs.
    let changes = suite.write("changes.sh", &altered("encoder", "s/Hiya/Hiyo/"));
    check(
        &sh(&changes),
        1,
        &[
            "FAIL lirs/valid/record/encode",
            "FAIL lirs/roundtrip/record",
            "FAIL lirs/refusable/record",
            "    - $.records[0].author: \"Hiya\"",
            "    + $.records[0].author: \"Hiyo\"",
            "0 passed, 3 failed",
        ],
    );
    // One that refuses everything passes only the refusable case.
    let refuses = suite.write("refuses.sh", "cat >/dev/null; echo no >&2; exit 1\n");
    check(
        &sh(&refuses),
        1,
        &[
            "FAIL lirs/valid/record/encode",
            "FAIL lirs/roundtrip/record",
            "1 passed, 2 failed",
        ],
    );
    // One that writes what the reference decoder rejects.
    let garbage = suite.write("garbage.sh", "cat >/dev/null; echo 'LIRS,x'\n");
    let ran = suite.run(&["--encoder", &sh(&garbage), "--run", "lirs/roundtrip"]);
    assert!(
        ran.stdout
            .contains("the reference decoder rejects what the encoder wrote"),
        "{}",
        ran.shown()
    );
}

fn mergers_run_in_the_sources_folder_and_are_compared() {
    let suite = small_suite("mergers");
    // Reads the plan on stdin and a source file from its folder, then
    // prints the answer the case folder carries.
    let good = suite.write(
        "good.py",
        "import json, sys\n\
         plan = json.load(sys.stdin)\n\
         assert plan['now'] == '2002-09-07T00:00:00Z'\n\
         assert open(plan['sources'][0]['file']).read() == 'HINA/2.2\\n'\n\
         answer = json.load(open('answer.json'))\n\
         answer['decisions'].reverse()\n\
         print(json.dumps(answer))\n",
    );
    let ran = suite.run(&["--merger", &python3(&good)]);
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert_eq!(ran.last_line(), "1 passed, 0 failed");
    // A merger that keeps the Method unchanged and forgets a decision.
    let broken = suite.write(
        "broken.py",
        "import json\n\
         answer = json.load(open('answer.json'))\n\
         answer['blocks'][0][1][1] = 'GET/200'\n\
         answer['decisions'].pop()\n\
         print(json.dumps(answer))\n",
    );
    let ran = suite.run(&["--merger", &python3(&broken)]);
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    let lines = ran.lines();
    assert!(lines.contains(&"FAIL merge/one"));
    assert!(lines.contains(&"    - $.blocks[0][1][1]: \"REMOTE/GET/200\""));
    assert!(lines.contains(&"    + $.blocks[0][1][1]: \"GET/200\""));
    assert!(lines.contains(
        &r#"    - $.decisions: {"source":"http://a.example.jp/hina.txt","entry":"http://www.hoge.jp/foo/","action":"changed","rule":"empty-field"}"#
    ), "{}", ran.shown());
    // A merger that fails.
    let ran = suite.run(&["--merger", "false"]);
    assert!(
        ran.stdout
            .contains("the merger rejected it (exit status 1)")
    );
}

fn protocol_2_needs_the_member_and_uses_v2_expectations() {
    let suite = Scratch::new("protocol-2");
    suite.write("lirs/valid/x.lirs", LIRS_RECORD);
    suite.write("lirs/valid/x.json", r#"{"v": 1}"#);
    suite.write("lirs/valid/x.v2.json", r#"{"v": 2}"#);
    let v1 = suite.write("v1.sh", "cat >/dev/null; echo '{\"v\": 1}'\n");
    let v2 = suite.write(
        "v2.sh",
        "cat >/dev/null; echo '{\"protocol\": 2, \"v\": 2}'\n",
    );
    let saves = suite.write(
        "saves.sh",
        &format!("cat >'{}'; exit 1\n", suite.path("got.json")),
    );
    let run = |protocol: &str, decoder: &Path| {
        let decoder = &sh(decoder);
        suite.run(&["--protocol", protocol, "--decoder", decoder])
    };
    assert_eq!(run("1", &v1).last_line(), "1 passed, 0 failed");
    assert_eq!(run("2", &v2).last_line(), "1 passed, 0 failed");
    let ran = run("2", &v1);
    assert!(
        ran.stdout
            .contains("the decoder speaks protocol 1; this run is protocol 2"),
        "{}",
        ran.shown()
    );
    let ran = run("1", &v2);
    assert!(
        ran.stdout
            .contains("the decoder speaks protocol 2; this run is protocol 1")
    );
    // The encoder gets the version 2 JSON, with "protocol": 2.
    let saves = &sh(&saves);
    let ran = suite.run(&["--protocol", "2", "--encoder", saves]);
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    let given: serde_json::Value =
        serde_json::from_slice(&std::fs::read(suite.path("got.json")).unwrap()).unwrap();
    assert_eq!(given, serde_json::json!({"protocol": 2, "v": 2}));
}

fn list_shows_ids_and_kinds_selected_by_globs() {
    let suite = small_suite("list");
    let list = |extra: &[&str]| suite.run(&[&["--list"][..], extra].concat());
    let ran = list(&[]);
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert_eq!(
        ran.lines(),
        [
            "lirs/valid/record         valid",
            "lirs/valid/record/encode  encode",
            "lirs/invalid/short        invalid",
            "lirs/roundtrip/record     roundtrip",
            "lirs/refusable/record     refusable",
            "merge/one                 merge",
        ]
    );
    let ran = list(&["--run", "lirs/valid", "--skip", "*/encode"]);
    assert_eq!(ran.lines(), ["lirs/valid/record  valid"]);
    let ran = list(&["--run", "*/r*/record", "--run", "merge/o?e"]);
    assert_eq!(
        ran.lines(),
        [
            "lirs/roundtrip/record  roundtrip",
            "lirs/refusable/record  refusable",
            "merge/one              merge",
        ]
    );
    let ran = list(&["--format", "merge"]);
    assert_eq!(ran.lines(), ["merge/one  merge"]);
    // The embedded suite, from a folder with no case in it.
    let ran = runner(&suite.0.join("merge"), &["--list", "--format", "lirs"]);
    let words: Vec<Vec<&str>> = ran
        .lines()
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert!(words.contains(&vec!["lirs/valid/spec-example-record", "valid"]));
    // A case with other answers names their readings.
    assert!(words.contains(&vec![
        "lirs/lenient/stray-backslash-kept",
        "lenient",
        "(alternatives:",
        "escape-drops-backslash)"
    ]));
    assert!(
        words
            .iter()
            .all(|w| (w.len() == 2 || w[2] == "(alternatives:") && w[0].starts_with("lirs/"))
    );
}

/// A suite whose lenient case has an alternative answer, and a case
/// beyond the specs.
fn fair_suite(name: &str) -> Scratch {
    let suite = small_suite(name);
    let record = LIRS_RECORD.replace("Tadayo Memories", "C:\\diary");
    suite.write("lirs/lenient/stray.lirs", &record);
    suite.write(
        "lirs/lenient/stray.json",
        &LIRS_JSON.replace("Tadayo Memories", "C:\\\\diary"),
    );
    suite.write(
        "lirs/lenient/stray.alt-drops-backslash.json",
        &LIRS_JSON.replace("Tadayo Memories", "C:diary"),
    );
    suite.write("lirs/beyond-spec/valid/more.lirs", LIRS_RECORD);
    suite.write("lirs/beyond-spec/valid/more.json", LIRS_JSON);
    suite
}

fn alternatives_pass_and_are_named() {
    let suite = fair_suite("alternatives");
    let run = |decoder: &str| suite.run(&["--decoder", decoder, "--run", "lirs/lenient"]);
    // The case's own JSON: no line but the summary.
    let ran = run(&reference("decoder"));
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert_eq!(ran.lines(), ["1 passed, 0 failed"]);
    // The alternative: passes, and says which.
    let drops = suite.write(
        "drops.sh",
        &altered("decoder", "s/C:\\\\\\\\diary/C:diary/"),
    );
    let ran = run(&sh(&drops));
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert_eq!(
        ran.lines(),
        [
            "PASS lirs/lenient/stray (alternative: drops-backslash)",
            "1 passed, 0 failed"
        ]
    );
    // Neither: the differences from each answer.
    let other = suite.write(
        "other.sh",
        &altered("decoder", "s/C:\\\\\\\\diary/C:Diary/"),
    );
    let ran = run(&sh(&other));
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    let lines = ran.lines();
    for line in [
        "FAIL lirs/lenient/stray",
        "    the output differs from the expected JSON (- expected, + actual):",
        "    - $.records[0].title: \"C:\\\\diary\"",
        "    + $.records[0].title: \"C:Diary\"",
        "    the output differs from the alternative `drops-backslash` \
         (lirs/lenient/stray.alt-drops-backslash.json) too (- expected, + actual):",
        "    - $.records[0].title: \"C:diary\"",
    ] {
        assert!(lines.contains(&line), "no `{line}` in\n{}", ran.shown());
    }
    // An alternative that passes is no expected failure.
    let list = suite.write("known.txt", "lirs/lenient/stray\n");
    let list = list.display().to_string();
    let ran = suite.run(&[
        "--decoder",
        &sh(&drops),
        "--run",
        "lirs/lenient",
        "--expected-failures",
        &list,
    ]);
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    assert!(
        ran.stdout
            .contains("listed as an expected failure, but passes")
    );
    // --print shows the alternative, --junit names it.
    let ran = suite.run(&["--print", "lirs/lenient/stray"]);
    assert!(
        ran.stdout
            .contains("\n== lirs/lenient/stray.alt-drops-backslash.json ("),
        "{}",
        ran.shown()
    );
    assert!(
        ran.stdout
            .contains("(<name>.alt-<reading>.json): drops-backslash\n"),
        "{}",
        ran.shown()
    );
    let report = suite.path("report.xml");
    suite.run(&[
        "--decoder",
        &sh(&drops),
        "--run",
        "lirs/lenient",
        "--junit",
        &report,
    ]);
    let xml = std::fs::read_to_string(&report).unwrap();
    assert!(
        xml.contains("<system-out>alternative: drops-backslash</system-out>"),
        "{xml}"
    );
}

fn cases_beyond_the_specs_are_reported_apart() {
    let suite = fair_suite("beyond");
    let run = |extra: &[&str]| {
        let decoder = reference("decoder");
        let selected = ["--run", "lirs/valid", "--run", "lirs/beyond-spec"];
        let args = [&["--decoder", &decoder][..], &selected, extra];
        suite.run(&args.concat())
    };
    let ran = run(&[]);
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert_eq!(
        ran.lines(),
        [
            "beyond the specs (`*/beyond-spec/*`; --spec-only skips them): \
             1 passed, 0 failed, 0 skipped",
            "2 passed, 0 failed"
        ]
    );
    // A decoder that does only what the specs require skips them.
    let ran = run(&["--spec-only"]);
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    assert!(
        ran.stdout.starts_with(
            "SKIP lirs/beyond-spec/valid/more\n    beyond the specs (a requirement of this project"
        ),
        "{}",
        ran.shown()
    );
    assert_eq!(ran.last_line(), "1 passed, 0 failed, 1 skipped");
    let ran = suite.run(&[
        "--list",
        "--run",
        "lirs/valid",
        "--run",
        "lirs/beyond-spec",
        "--spec-only",
    ]);
    assert_eq!(
        ran.lines(),
        [
            "lirs/valid/record                   valid",
            "lirs/valid/record/encode            encode",
            "lirs/beyond-spec/valid/more         valid  (beyond the specs: skipped)",
            "lirs/beyond-spec/valid/more/encode  encode  (beyond the specs: skipped)",
        ]
    );
    // The JUnit report has a test suite of them.
    let report = suite.path("report.xml");
    run(&["--junit", &report]);
    let xml = std::fs::read_to_string(&report).unwrap();
    assert!(
        xml.contains(
            "<testsuite name=\"lirs/beyond-spec\" tests=\"1\" failures=\"0\" skipped=\"0\">"
        ),
        "{xml}"
    );
}

fn print_shows_the_case_files() {
    let suite = small_suite("print");
    let ran = suite.run(&["--print", "lirs/valid/record"]);
    assert_eq!(ran.code, Some(0), "{}", ran.shown());
    let expected = format!(
        "lirs/valid/record: the decoder must accept the file; its output must equal the JSON\n\
         \n== lirs/valid/record.lirs ({} bytes)\n{LIRS_RECORD}\
         \n== lirs/valid/record.json ({} bytes)\n{LIRS_JSON}\n(no line end at the end of the file)\n",
        LIRS_RECORD.len(),
        LIRS_JSON.len()
    );
    assert_eq!(ran.stdout, expected);
    let ran = suite.run(&["--print", "merge/one"]);
    let headers: Vec<&str> = ran
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("== "))
        .collect();
    assert_eq!(
        headers,
        [
            "== merge/one/a.hdi (9 bytes)",
            &format!("== merge/one/answer.json ({} bytes)", MERGE_ANSWER.len()),
            &format!("== merge/one/expected.json ({} bytes)", MERGE_ANSWER.len()),
            &format!("== merge/one/plan.json ({} bytes)", MERGE_PLAN.len()),
        ]
    );
    // Embedded gzip is shown decompressed.
    let ran = runner(&suite.0, &["--print", "lirs/valid/gzip-compressed"]);
    assert!(
        ran.stdout
            .contains("(gzip-compressed; shown decompressed)\nLIRS,"),
        "{}",
        ran.shown()
    );
    let ran = runner(&suite.0, &["--print", "lirs/valid/nothing-like-it"]);
    assert_eq!(ran.code, Some(2));
    assert!(ran.stderr.contains("no case `lirs/valid/nothing-like-it`"));
}

fn junit_report_is_well_formed() {
    let suite = small_suite("junit");
    let broken = suite.write("broken.sh", &altered("decoder", "s/Hiya/<&>\\x01/"));
    let report = suite.path("report.xml");
    let ran = suite.run(&[
        "--decoder",
        &sh(&broken),
        "--merger",
        "false",
        "--junit",
        &report,
    ]);
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    let xml = std::fs::read_to_string(&report).unwrap();
    let mut reader = quick_xml::Reader::from_str(&xml);
    let mut elements = Vec::new();
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e)) => {
                elements.push(e.name().0.to_owned());
            }
            Ok(_) => {}
            Err(e) => panic!("the report is not well-formed XML: {e}\n{xml}"),
        }
    }
    assert_eq!(
        elements,
        [
            "testsuites",
            "testsuite",
            "testcase",
            "failure",
            "testcase",
            "testsuite",
            "testcase",
            "failure"
        ]
    );
    assert!(xml.contains("<testsuite name=\"lirs\" tests=\"2\" failures=\"1\" skipped=\"0\">"));
    assert!(xml.contains("<testsuite name=\"merge\" tests=\"1\" failures=\"1\" skipped=\"0\">"));
    assert!(xml.contains("&lt;Hiya&gt;"), "{xml}");
}

fn bad_invocations_exit_2() {
    let suite = small_suite("bad");
    for (args, message) in [
        (vec![], "nothing to test"),
        (vec!["--decoder", "x", "--run", "rss2/*"], "no case to run"),
        (
            vec!["--decoder", "x", "--expected-failures", "/nonexistent/list"],
            "cannot read /nonexistent/list",
        ),
    ] {
        let ran = suite.run(&args);
        assert_eq!(ran.code, Some(2), "{args:?}\n{}", ran.shown());
        assert!(ran.stderr.contains(message), "{args:?}\n{}", ran.shown());
    }
    let ran = runner(&suite.0, &["--protocol", "3", "--list"]);
    assert_eq!(ran.code, Some(2), "{}", ran.shown());
}

fn incomplete_cases_fail_alone() {
    let suite = small_suite("incomplete");
    suite.write("lirs/valid/no-json.lirs", LIRS_RECORD);
    suite.write("merge/no-plan/a.hdi", "HINA/2.2\n");
    suite.write("merge/no-plan/expected.json", MERGE_ANSWER);
    let ran = suite.run(&[
        "--decoder",
        &reference("decoder"),
        "--merger",
        "cat answer.json",
    ]);
    assert_eq!(ran.code, Some(1), "{}", ran.shown());
    assert!(ran.stdout.contains(
        "FAIL lirs/valid/no-json\n    the suite has no expected JSON for this case (lirs/valid/no-json.json)"
    ), "{}", ran.shown());
    assert!(
        ran.stdout
            .contains("FAIL merge/no-plan\n    the suite has no merge/no-plan/plan.json")
    );
    assert_eq!(ran.last_line(), "3 passed, 2 failed");
}
