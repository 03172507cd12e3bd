//! Replays the regression corpus: every file of `fuzz/regressions/<target>/`
//! through its target. A file whose name starts with `open-` is a bug found
//! but not fixed yet: it must still fail its target (so the test notices
//! the fix and asks for the `open-` prefix to be dropped); every other file
//! must pass. Every target must have a non-empty folder, so that
//! this test cannot silently test nothing, and every cargo-fuzz binary must
//! be a known target.
#![allow(
    clippy::print_stderr,
    reason = "names the input being replayed, so a failure says which"
)]

use std::fs;
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn every_regression_input_passes_its_target() {
    let root = fuzz_dir().join("regressions");
    let mut replayed = 0;
    for (name, target) in fuzz_targets::TARGETS {
        let dir = root.join(name);
        let entries = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("regression folder {} is missing: {e}", dir.display()));
        let mut files: Vec<PathBuf> = entries
            .map(|entry| entry.expect("readable folder entry").path())
            .filter(|path| path.is_file())
            .collect();
        files.sort();
        assert!(
            !files.is_empty(),
            "regression folder {} holds no inputs",
            dir.display()
        );
        for file in files {
            let data = fs::read(&file).expect("readable regression input");
            eprintln!("{name}: {}", file.display());
            let open = file
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("open-"));
            if open {
                let failed = std::panic::catch_unwind(|| target(&data)).is_err();
                assert!(
                    failed,
                    "{} no longer fails: the bug is fixed; drop the `open-` prefix",
                    file.display()
                );
            } else {
                target(&data);
            }
            replayed += 1;
        }
    }
    assert!(replayed >= fuzz_targets::TARGETS.len());
}

#[test]
fn every_cargo_fuzz_binary_is_a_known_target() {
    let dir = fuzz_dir().join("fuzz_targets");
    let mut binaries: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{} is missing: {e}", dir.display()))
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "rs").then(|| path.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    binaries.sort();
    let mut targets: Vec<String> = fuzz_targets::TARGETS
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    targets.sort();
    assert_eq!(binaries, targets);
}

#[test]
fn every_target_survives_trivial_inputs() {
    for (_, target) in fuzz_targets::TARGETS {
        for data in [&b""[..], b"\0", b"\xff", &[0u8; 64], &[0xffu8; 64]] {
            target(data);
        }
    }
}
