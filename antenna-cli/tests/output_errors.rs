//! Output that cannot be written: a full disk, a closed pipe, standard
//! error full or closed. Each ends with one line on standard error (where
//! it can be written) and status 2, never a panic; a broken pipe ends
//! quietly. `-o` is replaced only when written whole.
#![cfg(unix)]

mod common;

use std::process::{Command, Stdio};

use common::example;

fn antenna() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_antenna"));
    command.env("NO_COLOR", "1");
    command
}

/// `/dev/full`, opened for writing: every write fails with ENOSPC.
#[cfg(target_os = "linux")]
fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens")
}

/// The lines of `stderr` that are the command's own messages, or a
/// panic's.
fn messages(stderr: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter(|line| line.starts_with("antenna:") || line.contains("panicked"))
        .map(str::to_owned)
        .collect()
}

/// A LIRS file of `n` records in `dir`, named `big.lirs`: its output
/// under any command outgrows a pipe's buffer.
fn big_lirs(dir: &std::path::Path, n: usize) -> String {
    let big = dir.join("big.lirs");
    let records: String = (0..n)
        .map(|i| format!("LIRS,1031315696,1031356200,32400,49383,http://www.example.jp/{i}/,title {i},{i},http://antenna.example.jp/lirs.gz,,\n"))
        .collect();
    std::fs::write(&big, records).unwrap();
    big.display().to_string()
}

/// A `merge --protocol` plan that merges the LIRS file `file`.
fn plan(file: &str) -> Vec<u8> {
    serde_json::to_vec(&serde_json::json!({
        "now": "2002-09-07T00:00:00Z",
        "trust": { "agents": [], "sources": [] },
        "vouch": [],
        "keep_extensions": false,
        "sources": [{ "file": file, "url": "http://a.example.jp/lirs", "format": "lirs" }],
    }))
    .unwrap()
}

/// Every command, each with what it reads on standard input: runs that
/// write to standard output, enough (with `dir`'s big file) to fill a
/// pipe.
fn every_command(dir: &std::path::Path) -> Vec<(Vec<String>, Vec<u8>)> {
    let big = big_lirs(dir, 2_000);
    let duplicate = example("duplicate-field.hdi");
    let mut check = vec!["check".to_owned()];
    check.extend(std::iter::repeat_n(duplicate.clone(), 2_000));
    let mut json = vec!["check".to_owned(), "--format".into(), "json".into()];
    json.extend(std::iter::repeat_n(duplicate, 2_000));
    let decoded = Command::new(env!("CARGO_BIN_EXE_antenna"))
        .args(["decode", "--format", "lirs", &big])
        .output()
        .expect("antenna decodes");
    assert_eq!(decoded.status.code(), Some(0));
    let source = format!("{big}=http://a.example.jp/lirs");
    let policy = example("policy.toml");
    let now = "2002-09-07T00:00:00Z";
    let merge = [
        "merge", &source, "--policy", &policy, "--now", now, "--to", "rss2",
    ];
    let owned = |args: &[&str]| args.iter().map(|&a| a.to_owned()).collect::<Vec<_>>();
    vec![
        (check, Vec::new()),
        (json, Vec::new()),
        (owned(&["convert", &big, "--to", "rss2"]), Vec::new()),
        (owned(&["convert", &big, "--to", "hina-di"]), Vec::new()),
        (owned(&["decode", "--format", "lirs", &big]), Vec::new()),
        (owned(&["encode", "--format", "lirs"]), decoded.stdout),
        (owned(&["merge", "--protocol"]), plan(&big)),
        (owned(&merge), Vec::new()),
    ]
}

/// Runs `antenna ARGS` with `stdin` and standard output `stdout`, after
/// `before` has seen the child (to close its end of a pipe).
fn run(
    args: &[String],
    stdin: &[u8],
    stdout: impl Into<Stdio>,
    before: impl FnOnce(&mut std::process::Child),
) -> std::process::Output {
    let mut child = antenna()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("antenna starts");
    before(&mut child);
    // A command that does not read it may have ended: nothing to say.
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin);
    child.wait_with_output().expect("antenna ends")
}

#[cfg(target_os = "linux")]
#[test]
fn standard_output_full_is_one_line_and_status_2() {
    let no_space =
        "antenna: cannot write to standard output: No space left on device (os error 28)";
    let dir = tempfile::tempdir().unwrap();
    let mut cases = every_command(dir.path());
    let small = [
        ["check", &example("duplicate-field.hdi"), "--color", "never"],
        ["convert", &example("feed.xml"), "--to", "lirs"],
    ];
    cases.extend(small.map(|args| (args.map(str::to_owned).to_vec(), Vec::new())));
    for (args, stdin) in cases {
        let output = run(&args, &stdin, dev_full(), |_| {});
        assert_eq!(output.status.code(), Some(2), "{:?}", &args[..2]);
        assert_eq!(messages(&output.stderr), [no_space], "{:?}", &args[..2]);
    }
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_2() {
    let dir = tempfile::tempdir().unwrap();
    for (args, stdin) in every_command(dir.path()) {
        let output = run(&args, &stdin, Stdio::piped(), |child| {
            drop(child.stdout.take());
        });
        assert_eq!(output.status.code(), Some(2), "{:?}", &args[..2]);
        let said = messages(&output.stderr);
        assert!(said.is_empty(), "{:?}: {said:?}", &args[..2]);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn standard_error_full_is_status_2_not_a_panic() {
    let missing = common::examples().join("no-such-file.hdi");
    let cases: [&[&str]; 3] = [
        // Losses go to standard error.
        &["convert", &example("antenna.hdi"), "--to", "rss2"],
        // A fatal error's message does.
        &["check", missing.to_str().unwrap()],
        // --deny-loss says why nothing was written there.
        &[
            "convert",
            &example("antenna.hdi"),
            "--to",
            "lirs",
            "--deny-loss",
        ],
    ];
    for args in cases {
        let output = antenna()
            .args(args)
            .stdout(Stdio::null())
            .stderr(dev_full())
            .output()
            .expect("antenna runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn standard_error_closed_is_no_failure() {
    let output = Command::new("sh")
        .arg("-c")
        .arg("exec 2>&-; exec \"$0\" convert \"$1\" --to rss2")
        .arg(env!("CARGO_BIN_EXE_antenna"))
        .arg(example("antenna.hdi"))
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs");
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("<rss version=\"2.0\""));
}

/// The names in `dir`, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `antenna convert examples/antenna.hdi ARGS -o OUT` over a file `OUT`
/// that holds `old\n`, in a folder of its own: its status, what `OUT`
/// then holds and the names in the folder.
fn convert_over_old(out: &str, args: &[&str]) -> (Option<i32>, String, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(out);
    std::fs::write(&path, "old\n").unwrap();
    let status = antenna()
        .args(["convert", &example("antenna.hdi")])
        .args(args)
        .arg("-o")
        .arg(&path)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    let held = std::fs::read_to_string(&path).unwrap();
    (status.code(), held, names(dir.path()))
}

#[test]
fn output_replaces_the_file_whole_and_leaves_nothing_beside_it() {
    let (status, held, names) = convert_over_old("out.xml", &["--to", "rss2"]);
    assert_eq!(status, Some(0));
    assert!(held.contains("<rss version=\"2.0\""), "{held}");
    assert_eq!(names, ["out.xml"]);
}

#[test]
fn a_refused_conversion_leaves_the_old_file() {
    let (status, held, names) = convert_over_old("out.lirs", &["--to", "lirs", "--deny-loss"]);
    assert_eq!(status, Some(1));
    assert_eq!(held, "old\n");
    assert_eq!(names, ["out.lirs"]);
}

#[test]
fn output_to_a_device_is_written_in_place() {
    // `-o /dev/null` writes to the device; it is not replaced by a file.
    let status = antenna()
        .args([
            "convert",
            &example("antenna.hdi"),
            "--to",
            "rss2",
            "-o",
            "/dev/null",
        ])
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
}
