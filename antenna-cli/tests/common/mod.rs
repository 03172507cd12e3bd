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
    input.write_all(stdin).expect("stdin takes the input");
    drop(input);
    child.wait_with_output().expect("antenna ends")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
