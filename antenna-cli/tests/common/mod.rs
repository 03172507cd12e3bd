//! Running the `antenna` binary as a user would, shared by the test files.
#![allow(dead_code, reason = "each test file uses some of these")]

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The bundled examples folder.
pub fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

/// The path of a bundled example, as a command-line argument.
pub fn example(name: &str) -> String {
    examples().join(name).display().to_string()
}

/// Runs `antenna ARGS` with `stdin`, without colour.
pub fn antenna(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_antenna"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("antenna starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    // Fed from a thread, so that a command that writes before it has read
    // all its input cannot fill its output pipe and wait on us; a command
    // that exits without reading it all (a usage error) closes the pipe,
    // which is not a failure of the test.
    let stdin = stdin.to_vec();
    let feeder = std::thread::spawn(move || match input.write_all(&stdin) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        result => result.expect("stdin takes the input"),
    });
    let output = child.wait_with_output().expect("antenna ends");
    feeder.join().expect("the input is fed");
    output
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
