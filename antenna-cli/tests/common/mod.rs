//! Running the `antenna` binary as a user would, shared by the test files.
#![allow(dead_code, reason = "each test file uses some of these")]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The workspace's root folder.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every file below `dir` (in any folder under it) whose name `keep`
/// accepts, sorted.
pub fn files_below(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("the folder reads") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.file_name().and_then(|n| n.to_str()).is_some_and(&keep) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every LIRS input of the conformance suite (plain and gzip), and the
/// example: the files the streamed LIRS paths are compared on.
pub fn lirs_inputs() -> Vec<PathBuf> {
    let mut files = files_below(&root().join("conformance/lirs"), |n| {
        n.ends_with(".lirs") || n.ends_with(".lirs.gz")
    });
    assert!(files.len() > 50, "the conformance suite's LIRS files");
    files.push(PathBuf::from(example("antenna.lirs.gz")));
    files
}

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

/// `antenna ARGS` on the file `path` two ways: named where an argument is
/// `FILE` (or starts with `FILE=`), then with `-` there and the file's
/// bytes on standard input. The second's standard error has `<stdin>` put
/// back to the file's name, so that the two can be compared: a streamed
/// path (named file) against the whole read (standard input).
pub fn named_and_piped(path: &Path, args: &[&str]) -> (Output, Output) {
    let name = path.display().to_string();
    let run = |file: &str, stdin: &[u8]| {
        let args: Vec<String> = args
            .iter()
            .map(|a| match a.strip_prefix("FILE") {
                Some(rest) if rest.is_empty() || rest.starts_with('=') => format!("{file}{rest}"),
                _ => (*a).to_owned(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        antenna(&args, stdin)
    };
    let named = run(&name, b"");
    let bytes = std::fs::read(path).expect("the input reads");
    let mut piped = run("-", &bytes);
    piped.stderr = text(&piped.stderr).replace("<stdin>", &name).into_bytes();
    (named, piped)
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The format `decode` and `encode` are told for an example or case
/// file, by its name.
pub fn example_format(name: &str) -> Option<&'static str> {
    if name.ends_with(".hdi") {
        Some("hina-di")
    } else if name.ends_with(".lirs") || name.ends_with(".lirs.gz") {
        Some("lirs")
    } else if name.ends_with(".xml") {
        Some("rss2")
    } else {
        None
    }
}
