//! Every command example of `conformance/README.md` runs as printed: the
//! lines of its ```sh blocks, each with `sh -c` in one scratch folder
//! where `conformance/` is this folder (so the worked decoders are where
//! the examples say), with the `antenna-conformance` under test first on
//! `PATH`. An example exits 0, or the status its text gives (`# exit
//! status N`); one that switches on a worked decoder's deliberate bug
//! (`ANTENNA_EXAMPLE_BUG=1`) must be reported, exit 1, unless it lists the
//! failures as expected. The few examples a test cannot run are listed
//! below with the reason.
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Examples that cannot run here (by the start of the command or a part of
/// it), and why.
const SKIPPED: [(&str, &str); 7] = [
    (
        "DECODER --format",
        "the protocol's form of a command, not one",
    ),
    (
        "ENCODER --format",
        "the protocol's form of a command, not one",
    ),
    ("MERGER ", "the protocol's form of a command, not one"),
    (
        "cargo install",
        "installs into ~/.cargo; .ci/run installs the runner into a temporary root and runs it from an empty folder",
    ),
    (
        "cargo xtask conformance",
        "builds the workspace again (cargo); .ci/run runs cargo xtask conformance",
    ),
    (
        "conformance/adapters/run-feedparser.sh",
        "installs feedparser from PyPI; .ci/run runs it",
    ),
    (
        "broken_merger.sh",
        "wraps the antenna binary of antenna-cli, which this crate's tests do not build",
    ),
];

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

/// The commands of the ```sh blocks, lines ending in `\` joined with the
/// next as the shell does; comment lines left out.
fn examples(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut in_block = false;
    let mut current = String::new();
    for line in readme.lines() {
        match (in_block, line.trim()) {
            (false, "```sh") => in_block = true,
            (true, "```") => in_block = false,
            (true, line) if line.starts_with('#') || line.is_empty() => {}
            (true, line) => match line.strip_suffix('\\') {
                Some(head) => {
                    current.push_str(head.trim_end());
                    current.push(' ');
                }
                None => {
                    current.push_str(line);
                    commands.push(std::mem::take(&mut current));
                }
            },
            (false, _) => {}
        }
    }
    commands
}

/// The exit status an example promises.
fn expected_status(command: &str) -> i32 {
    if let Some((_, rest)) = command.split_once("# exit status ") {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        return digits.parse().unwrap();
    }
    let deliberate_bug = command.contains("ANTENNA_EXAMPLE_BUG=1");
    if deliberate_bug && !command.contains("--expected-failures") {
        1
    } else {
        0
    }
}

fn scratch() -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("antenna-conformance-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_MANIFEST_DIR"), dir.join("conformance")).unwrap();
    dir
}

#[test]
fn every_readme_example_runs_as_printed() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_antenna-conformance"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = scratch();
    let mut failures = Vec::new();
    let mut ran = 0;
    for command in examples(&readme()) {
        if SKIPPED.iter().any(|(part, _)| command.contains(part)) {
            continue;
        }
        assert!(
            command.contains("antenna-conformance ") || command.starts_with("printf "),
            "README example of unknown kind (run it here or add it to SKIPPED): `{command}`"
        );
        ran += 1;
        let output = Command::new("sh")
            .arg("-c")
            .arg(&command)
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        let expected = expected_status(&command);
        if output.status.code() != Some(expected) {
            failures.push(format!(
                "`{command}` exited {:?}, not {expected}:\n{}{}",
                output.status.code(),
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    let report = dir.join("report.xml");
    let junit_written = report.is_file();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 8, "only {ran} README examples ran");
    assert!(junit_written, "the --junit example wrote no report.xml");
}

#[test]
fn examples_are_read_as_the_shell_would() {
    let text = "```sh\n# a comment\nantenna-conformance --list \\\n    --format lirs\n\nx  # exit status 3\n```\n```text\nnot run\n```\n";
    let commands = examples(text);
    assert_eq!(
        commands,
        [
            "antenna-conformance --list --format lirs",
            "x  # exit status 3"
        ]
    );
    assert_eq!(expected_status(&commands[1]), 3);
    assert_eq!(
        expected_status("ANTENNA_EXAMPLE_BUG=1 antenna-conformance"),
        1
    );
    assert_eq!(
        expected_status("ANTENNA_EXAMPLE_BUG=1 antenna-conformance --expected-failures f"),
        0
    );
}
