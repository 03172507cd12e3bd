//! Data-driven tests over `tests/data/` (made by `tests/data/make.py`).
//!
//! The verdict is in the directory, the rule in the file name:
//! `warn/no-space-after-colon--variant.hdi` must give exactly the
//! `hina-di/no-space-after-colon` diagnostic.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use hina_di::{ReadOptions, Severity, WriteOptions, read, write};

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(dir);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hdi"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no files in {}", dir.display());
    files
}

/// `hina-di/<rule>` from `<rule>[--variant].hdi`.
fn rule_of(path: &Path) -> String {
    let stem = path.file_stem().unwrap().to_str().unwrap();
    let rule = stem.split("--").next().unwrap();
    format!("hina-di/{rule}")
}

fn rules(diagnostics: &[hina_di::Diagnostic]) -> BTreeSet<&'static str> {
    diagnostics.iter().map(|d| d.rule.id).collect()
}

/// read(write(read(x))) == read(x), for every file read.
fn assert_rereads(path: &Path, bytes: &[u8], options: &ReadOptions) {
    let Ok(first) = read(bytes, options) else {
        return;
    };
    let written = write(&first.document, &WriteOptions::default())
        .unwrap_or_else(|e| panic!("{}: write failed: {e}", path.display()));
    let again = read(&written, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{}: re-read failed: {e}", path.display()));
    assert_eq!(again.document, first.document, "{}", path.display());
}

#[test]
fn valid_files_have_no_diagnostics_and_round_trip_byte_for_byte() {
    for path in files("valid") {
        let bytes = fs::read(&path).unwrap();
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            let parsed = read(&bytes, &options)
                .unwrap_or_else(|e| panic!("{}: rejected: {e}", path.display()));
            assert_eq!(parsed.diagnostics, vec![], "{}", path.display());
            let written = write(&parsed.document, &WriteOptions::default()).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&written),
                String::from_utf8_lossy(&bytes),
                "{}",
                path.display()
            );
            assert_eq!(written, bytes, "{}", path.display());
        }
    }
}

#[test]
fn warn_files_warn_in_lenient_mode_and_are_rejected_in_strict_mode() {
    for path in files("warn") {
        let bytes = fs::read(&path).unwrap();
        let rule = rule_of(&path);
        let parsed = read(&bytes, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{}: rejected: {e}", path.display()));
        assert_eq!(
            rules(&parsed.diagnostics),
            BTreeSet::from([rule.as_str()]),
            "{}: {:#?}",
            path.display(),
            parsed.diagnostics
        );
        assert!(
            parsed
                .diagnostics
                .iter()
                .all(|d| d.severity == Severity::Warning),
            "{}",
            path.display()
        );
        let rejected = read(&bytes, &ReadOptions::strict())
            .expect_err(&format!("{}: strict accepted it", path.display()));
        assert!(
            rejected
                .diagnostics
                .iter()
                .any(|d| d.rule.id == rule && d.is_error()),
            "{}: {:#?}",
            path.display(),
            rejected.diagnostics
        );
        assert_rereads(&path, &bytes, &ReadOptions::default());
    }
}

#[test]
fn warn_both_files_warn_in_both_modes() {
    for path in files("warn-both") {
        let bytes = fs::read(&path).unwrap();
        let rule = rule_of(&path);
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            let parsed = read(&bytes, &options)
                .unwrap_or_else(|e| panic!("{}: rejected: {e}", path.display()));
            assert_eq!(
                rules(&parsed.diagnostics),
                BTreeSet::from([rule.as_str()]),
                "{}",
                path.display()
            );
            // The spec's recovery keeps the file as it was: it writes back.
            let written = write(&parsed.document, &WriteOptions::default()).unwrap();
            assert_eq!(written, bytes, "{}", path.display());
        }
        assert_rereads(&path, &bytes, &ReadOptions::default());
    }
}

#[test]
fn invalid_files_are_rejected_even_in_lenient_mode() {
    for path in files("invalid") {
        let bytes = fs::read(&path).unwrap();
        let rule = rule_of(&path);
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            let rejected =
                read(&bytes, &options).expect_err(&format!("{}: accepted", path.display()));
            assert!(
                rejected
                    .diagnostics
                    .iter()
                    .any(|d| d.rule.id == rule && d.is_error()),
                "{}: {:#?}",
                path.display(),
                rejected.diagnostics
            );
        }
    }
}

#[test]
fn every_rule_has_a_test_file() {
    let mut covered = BTreeSet::new();
    for dir in ["warn", "warn-both", "invalid"] {
        for path in files(dir) {
            covered.insert(rule_of(&path));
        }
    }
    for rule in hina_di::rules::ALL {
        assert!(covered.contains(rule.id), "no test file for {}", rule.id);
    }
}
