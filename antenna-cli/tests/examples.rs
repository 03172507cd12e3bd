//! Every command example the project prints runs as printed (issue 13): the
//! `Examples:` sections of `antenna <command> --help`, and the shell blocks
//! of README.md. Each runs with `sh -c` in a scratch directory holding a
//! copy of `examples/` and nothing else, with the `antenna` under test
//! first on `PATH`: an example names only files of `examples/` or files an
//! earlier example writes, as a user's fresh clone has them. An example
//! must exit 0, or the status its own text gives (`# exit status N`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::Command;

const COMMANDS: [&str; 5] = ["check", "convert", "merge", "decode", "encode"];

/// README lines that are not examples of `antenna` and cannot run inside a
/// test (they would build and test the workspace again), with the reason.
const README_SKIPPED: [(&str, &str); 2] = [
    (
        "cargo test --workspace",
        "runs the test suite this test is part of",
    ),
    (
        "cargo install --path antenna-cli",
        "installs into ~/.cargo/bin, outside the scratch directory",
    ),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn antenna() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_antenna"))
}

/// A scratch directory with `examples/` copied in.
fn workspace(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("antenna-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("examples")).unwrap();
    for entry in std::fs::read_dir(root().join("examples")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join("examples").join(path.file_name().unwrap())).unwrap();
    }
    dir
}

/// Joins lines ending in `\` with the next, as the shell does.
fn join_continuations(lines: &[&str]) -> Vec<String> {
    let mut commands = Vec::new();
    let mut current = String::new();
    for line in lines {
        let line = line.trim();
        if let Some(head) = line.strip_suffix('\\') {
            current.push_str(head.trim_end());
            current.push(' ');
        } else {
            current.push_str(line);
            if !current.trim().is_empty() {
                commands.push(std::mem::take(&mut current));
            }
            current.clear();
        }
    }
    commands
}

/// The commands under `Examples:` (or `Example:`) in a help text, up to
/// the first blank line.
fn help_examples(help: &str) -> Vec<String> {
    let mut lines = help
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("Example"));
    lines.next();
    let block: Vec<&str> = lines.take_while(|l| !l.trim().is_empty()).collect();
    join_continuations(&block)
}

/// The commands in README.md's ```sh blocks.
fn readme_examples() -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut commands = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for line in readme.lines() {
        match (&mut block, line.trim()) {
            (None, "```sh" | "```bash" | "```console") => block = Some(Vec::new()),
            (Some(lines), "```") => {
                commands.extend(join_continuations(lines));
                block = None;
            }
            (Some(lines), _) => lines.push(line),
            (None, _) => {}
        }
    }
    commands
}

/// The exit status an example's text promises: `# exit status N`, else 0.
fn expected_status(command: &str) -> i32 {
    command
        .split_once("# exit status ")
        .and_then(|(_, rest)| {
            rest.split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// Runs `command` with `sh -c` in `dir`; `None` when it exited as promised.
fn run(dir: &Path, command: &str) -> Option<String> {
    let bin = antenna();
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap();
    let expected = expected_status(command);
    (output.status.code() != Some(expected)).then(|| {
        format!(
            "`{command}` exited {:?}, not {expected}:\n{}",
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn every_help_example_runs_as_printed() {
    let dir = workspace("help-examples");
    let mut failures = Vec::new();
    let mut count = 0;
    for command in COMMANDS {
        let help = Command::new(antenna())
            .args([command, "--help"])
            .output()
            .unwrap();
        assert!(help.status.success());
        let help = String::from_utf8_lossy(&help.stdout);
        let examples = help_examples(&help);
        assert!(
            !examples.is_empty(),
            "`antenna {command} --help` shows no example"
        );
        // No command line after the usage (an indented line running
        // `antenna`) is left out of the block read.
        let printed = help
            .lines()
            .skip_while(|l| !l.starts_with("Options:"))
            .filter_map(|l| l.strip_prefix("  ").map(str::trim_start))
            .filter(|l| l.starts_with("antenna ") || l.contains("| antenna "))
            .count();
        assert_eq!(
            printed,
            examples.len(),
            "`antenna {command} --help` has examples outside its Examples block"
        );
        for example in examples {
            assert!(
                example.contains("antenna "),
                "not a command of antenna: `{example}`"
            );
            count += 1;
            failures.extend(run(&dir, &example));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(count >= 10, "only {count} examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_readme_example_runs_as_printed() {
    let dir = workspace("readme-examples");
    let mut failures = Vec::new();
    let mut count = 0;
    for example in readme_examples() {
        if README_SKIPPED
            .iter()
            .any(|(skip, _)| example.trim() == *skip)
        {
            continue;
        }
        // `cargo run -p antenna-cli --` builds and runs the binary under test.
        let command = example.replace("cargo run -p antenna-cli --", "antenna");
        assert!(
            command.trim_start().starts_with("antenna "),
            "README example of unknown kind: `{example}`"
        );
        count += 1;
        failures.extend(run(&dir, &command));
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(count >= 2, "only {count} README examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn continuations_and_promised_status_are_read_as_the_shell_would() {
    let joined = join_continuations(&["  antenna merge a \\", "      b --to rss2", "", "x"]);
    assert_eq!(joined, ["antenna merge a b --to rss2", "x"]);
    assert_eq!(
        expected_status("antenna convert x   # exit status 1: why"),
        1
    );
    assert_eq!(expected_status("antenna convert x"), 0);
}
