//! The golden capture: what the `antenna` binary prints (standard output,
//! standard error, exit status) over every input of the conformance suite
//! and the examples, recorded in `tests/golden/` and replayed case by case,
//! so that a restructuring of the CLI (issue 22) is checked against the
//! behaviour it started from.
//!
//! What is captured, each case one run of the binary from the workspace
//! root with relative paths, `NO_COLOR=1` and an otherwise empty
//! environment (no `HOME`, no locale; `TMPDIR` is passed on):
//!
//! - every file under `conformance/{hina-di,lirs,rss2}` (every folder;
//!   not the `.json` expectations, nor `cases.toml` and `SOURCES.md`) and
//!   under `examples/` (`policy.toml` included: it is not an antenna file,
//!   which is behaviour too), each named and as standard input (`-`):
//!   `check`, `check --strict`, `check --format json`; `convert --to T`
//!   for each of the three targets with no option, `--gzip` (LIRS only),
//!   `--encoding utf-8` (HINA-DI and LIRS), `--substitute jis-compatible`
//!   and `--deny-loss`, always with `--now 2002-09-07T00:00:00Z` (the
//!   user agent is left at its default);
//! - the same files on standard input to `decode --format F --protocol 1`
//!   and `--protocol 2` (F from the file's folder or extension);
//! - `encode --format F` of the recorded `decode --protocol 1` output of
//!   every file that decodes (the recorded one, so that a change in
//!   `decode` shows once, not again as a change in `encode`), and of every
//!   `.json` document in the `refusable/` and `roundtrip/` folders;
//! - `merge --protocol` on each `conformance/merge/*/plan.json`, run in the
//!   case's folder as the conformance runner does (in place: the merger
//!   writes nothing), and the README's merge example to each target (and a
//!   source without `=URL`, which names its `file:` URL).
//!
//! Nothing was pruned: the whole matrix is 11,456 runs, a few
//! milliseconds each, on up to four threads (about 15 s in a debug build
//! on two cores).
//!
//! How it is stored: one file per folder (`hina-di.txt`, `lirs.txt`,
//! `rss2.txt`, `examples.txt`, `merge.txt`). A `## GROUP` line opens the
//! cases of one input file (or merge case folder, or `README.md`); each
//! case is a `### ` line with the command after `antenna`, `FILE` standing
//! for the group's path and `< FILE` for standard input (`convert` is also
//! given `--now 2002-09-07T00:00:00Z`; `< recorded CASE` is the recorded
//! standard output of that case), then `exit: N`, then `stderr: ` and
//! `stdout: `, each followed by one of: `LEN`, a line end, exactly LEN
//! bytes and a line end (the stream in full); `LEN bytes, fnv1a64 HASH`
//! (standard output that is not UTF-8, as EUC-JP and gzip, or over 4 KiB);
//! `same as CASE` (the same bytes as that stream of an earlier case of the
//! group); or `same as CASE, named <stdin>` (the same with the group's path
//! written `<stdin>`, as a run on standard input names its input). Standard
//! error and the exit status are thus always kept in full.
//!
//! Before storing or comparing, the absolute workspace path becomes
//! `<ROOT>`, the temporary folder `<TMP>` and `antenna/<this version>`
//! `antenna/<VERSION>`, so the capture holds on any machine and version.
//!
//! Replay (`cargo test -p antenna-cli --test golden`) runs every case and
//! reports all the cases that differ, each with the first differing lines,
//! and every case that is new or gone (an input added or removed).
//!
//! To record it again, after a change meant to change the output:
//!
//! ```sh
//! ANTENNA_GOLDEN_BLESS=1 cargo test -p antenna-cli --test golden
//! ```
//!
//! A change that alters the output must say, in its commit message, each
//! difference it intends (which cases, what changed and why), and commit
//! the blessed capture with it; `git diff tests/golden` shows them.

#![allow(
    clippy::print_stderr,
    reason = "the test says how many cases it ran and how long they took"
)]

mod common;

use std::collections::HashMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The `--now` every conversion and merge is given.
const NOW: &str = "2002-09-07T00:00:00Z";

/// Standard output up to this size, in UTF-8, is stored in full.
const FULL_STDOUT: usize = 4096;

/// The three formats, by their command-line names.
const FORMATS: [&str; 3] = ["hina-di", "lirs", "rss2"];

/// One run of the binary.
struct Case {
    /// The capture file it is stored in (without `.txt`).
    section: &'static str,
    /// What the case is about: the input file (the `FILE` of `name`), a
    /// merge case's folder, or the README.
    group: String,
    /// The command after `antenna`, with `FILE` for `group` and `< FILE`
    /// for standard input: with `group`, the case's key.
    name: String,
    /// The folder it runs in, relative to the workspace root.
    cwd: String,
    args: Vec<String>,
    stdin: Stdin,
}

impl Case {
    /// The case `name`, run as it says: its words up to `<` are the
    /// arguments, `FILE` is `group`, and `convert` is also given `--now`.
    /// What follows `<` is standard input: `FILE`, or `recorded CASE`, the
    /// recorded standard output of the case `CASE` of the same group.
    fn new(section: &'static str, group: &str, name: String, cwd: &str) -> Case {
        let (command, input) = match name.split_once(" < ") {
            Some((command, input)) => (command, Some(input)),
            None => (name.as_str(), None),
        };
        let mut args: Vec<String> = command
            .split(' ')
            .map(|word| if word == "FILE" { group } else { word }.to_owned())
            .collect();
        if args[0] == "convert" {
            args.extend(["--now".to_owned(), NOW.to_owned()]);
        }
        let stdin = match input {
            None => Stdin::Nothing,
            Some(input) => match input.strip_prefix("recorded ") {
                Some(from) => Stdin::Recorded(key(group, from)),
                None => Stdin::File(input.replace("FILE", group)),
            },
        };
        Case {
            section,
            group: group.to_owned(),
            name,
            cwd: cwd.to_owned(),
            args,
            stdin,
        }
    }

    fn key(&self) -> String {
        key(&self.group, &self.name)
    }
}

/// The key of the case `name` of `group`.
fn key(group: &str, name: &str) -> String {
    format!("{group}\n{name}")
}

/// What a case reads on standard input.
enum Stdin {
    Nothing,
    /// A file, relative to the workspace root.
    File(String),
    /// The standard output recorded for another case (its key).
    Recorded(String),
}

/// What was recorded for an output stream (standard error is always
/// text).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Stored {
    Text(Vec<u8>),
    Hashed { len: usize, hash: u64 },
}

/// What one run did.
#[derive(Clone, PartialEq, Debug)]
struct Outcome {
    exit: String,
    stderr: Stored,
    stdout: Stored,
}

/// 64-bit FNV-1a.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the workspace root")
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// `path` relative to the root, with `/` separators, as an argument.
fn rel(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).expect("below the root");
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// Every file below `dir`, sorted by path.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    common::files_below(dir, |_| true)
}

/// The cases of one input file `file`: check and convert, named and on
/// standard input; decode and encode where its format is known.
fn file_cases(section: &'static str, file: &str, format: Option<&str>) -> Vec<Case> {
    let mut commands: Vec<String> = ["check", "check --strict", "check --format json"]
        .map(str::to_owned)
        .into();
    for to in FORMATS {
        let mut options = vec!["", " --substitute jis-compatible", " --deny-loss"];
        if to == "lirs" {
            options.insert(1, " --gzip");
        }
        if to != "rss2" {
            options.insert(1, " --encoding utf-8");
        }
        for options in options {
            commands.push(format!("convert FILE --to {to}{options}"));
        }
    }
    let mut names = Vec::new();
    for command in commands {
        if command.contains("FILE") {
            names.push(command.clone());
            names.push(command.replace("FILE", "-") + " < FILE");
        } else {
            names.push(format!("{command} FILE"));
            names.push(format!("{command} - < FILE"));
        }
    }
    if let Some(format) = format {
        names.push(format!("decode --format {format} --protocol 1 < FILE"));
        names.push(format!("decode --format {format} --protocol 2 < FILE"));
        names.push(format!(
            "encode --format {format} < recorded decode --format {format} --protocol 1 < FILE"
        ));
    }
    names
        .into_iter()
        .map(|name| Case::new(section, file, name, ""))
        .collect()
}

/// Every case, in the order they are stored.
fn all_cases(root: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    for format in FORMATS {
        for path in files_below(&root.join("conformance").join(format)) {
            let file = rel(root, &path);
            if file.ends_with(".toml") || file.ends_with(".md") {
                continue;
            }
            if !file.ends_with(".json") {
                cases.extend(file_cases(format, &file, Some(format)));
            } else if file.contains("/refusable/") || file.contains("/roundtrip/") {
                let name = format!("encode --format {format} < FILE");
                cases.push(Case::new(format, &file, name, ""));
            }
        }
    }
    for path in files_below(&root.join("examples")) {
        let file = rel(root, &path);
        cases.extend(file_cases("examples", &file, common::example_format(&file)));
    }
    for path in files_below(&root.join("conformance/merge")) {
        if path.file_name().and_then(|n| n.to_str()) == Some("plan.json") {
            let dir = rel(root, path.parent().expect("a case folder"));
            let name = "merge --protocol < FILE/plan.json".to_owned();
            cases.push(Case::new("merge", &dir, name, &dir));
        }
    }
    let readme = format!(
        "merge examples/antenna.hdi=http://antenna.example.jp/hina.txt \
         examples/antenna.lirs.gz=http://antenna.example.jp/lirs.gz \
         --policy examples/policy.toml --now {NOW}"
    );
    let merges = [
        format!("{readme} --to rss2"),
        format!("{readme} --to hina-di"),
        format!("{readme} --to lirs"),
        format!("{readme} --to lirs --gzip"),
        format!("{readme} --to hina-di --encoding utf-8"),
        format!(
            "merge examples/antenna.hdi --policy examples/policy.toml --now {NOW} --to hina-di"
        ),
    ];
    for name in merges {
        cases.push(Case::new("merge", "README.md", name, ""));
    }
    cases
}

/// Puts machine- and version-dependent text in a fixed form.
struct Normalise {
    pairs: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Normalise {
    fn new(root: &Path) -> Self {
        let mut pairs = vec![(
            format!("antenna/{}", env!("CARGO_PKG_VERSION")).into_bytes(),
            b"antenna/<VERSION>".to_vec(),
        )];
        pairs.push((root.display().to_string().into_bytes(), b"<ROOT>".to_vec()));
        let tmp = std::env::temp_dir();
        let tmp = tmp.canonicalize().unwrap_or(tmp);
        let tmp = tmp.display().to_string();
        let tmp = tmp.trim_end_matches('/');
        if tmp.len() > 1 {
            pairs.push((tmp.as_bytes().to_vec(), b"<TMP>".to_vec()));
        }
        Normalise { pairs }
    }

    fn apply(&self, bytes: &[u8]) -> Vec<u8> {
        let mut bytes = bytes.to_vec();
        for (from, to) in &self.pairs {
            bytes = replace(&bytes, from, to);
        }
        bytes
    }
}

fn replace(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at..].starts_with(from) {
            out.extend_from_slice(to);
            at += from.len();
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    out
}

/// Runs one case.
fn run(root: &Path, case: &Case, stdin: Vec<u8>, normalise: &Normalise) -> Outcome {
    let mut command = Command::new(env!("CARGO_BIN_EXE_antenna"));
    command
        .args(&case.args)
        .current_dir(root.join(&case.cwd))
        .env_clear()
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(tmp) = std::env::var_os("TMPDIR") {
        command.env("TMPDIR", tmp);
    }
    let mut child = command.spawn().expect("antenna starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    // Fed from a thread, so that a command writing before it has read all
    // its input cannot block on a full pipe; one that exits without reading
    // it (a usage error) closes the pipe, which is its behaviour.
    let feeder = std::thread::spawn(move || match input.write_all(&stdin) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        result => result.expect("stdin takes the input"),
    });
    let output = child.wait_with_output().expect("antenna ends");
    feeder.join().expect("the input is fed");
    let exit = match output.status.code() {
        Some(code) => code.to_string(),
        None => format!("killed ({})", output.status),
    };
    let stdout = normalise.apply(&output.stdout);
    let stdout = if stdout.len() <= FULL_STDOUT && std::str::from_utf8(&stdout).is_ok() {
        Stored::Text(stdout)
    } else {
        Stored::Hashed {
            len: stdout.len(),
            hash: fnv1a64(&stdout),
        }
    };
    Outcome {
        exit,
        stderr: Stored::Text(normalise.apply(&output.stderr)),
        stdout,
    }
}

/// Runs `cases` on a few threads, by key; `fed` gives the input of the
/// cases fed a recorded output, which are left out where that output is
/// not a text that `decode` accepted.
fn run_all(
    root: &Path,
    cases: &[&Case],
    fed: &HashMap<String, Outcome>,
    normalise: &Normalise,
) -> HashMap<String, Outcome> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    while let Some(case) = cases.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let stdin = match &case.stdin {
                            Stdin::Nothing => Vec::new(),
                            Stdin::File(path) => {
                                std::fs::read(root.join(path)).expect("input reads")
                            }
                            Stdin::Recorded(from) => match fed.get(from) {
                                Some(Outcome {
                                    exit,
                                    stdout: Stored::Text(text),
                                    ..
                                }) if exit == "0" => text.clone(),
                                _ => continue,
                            },
                        };
                        done.push((case.key(), run(root, case, stdin, normalise)));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    })
}

/// The text of one capture file, `cases` in order.
fn write_section(cases: &[(&Case, &Outcome)]) -> Vec<u8> {
    let mut out = Vec::new();
    // The outputs of the current group so far, by stream, to write
    // `same as`.
    let mut seen: [HashMap<&Stored, &str>; 2] = Default::default();
    let mut group = "";
    for &(case, outcome) in cases {
        if case.group != group {
            group = &case.group;
            seen = Default::default();
            out.extend_from_slice(format!("## {group}\n").as_bytes());
        }
        out.extend_from_slice(format!("### {}\nexit: {}\n", case.name, outcome.exit).as_bytes());
        let piped = matches!(&case.stdin, Stdin::File(path) if path == group);
        let streams = [("stderr", &outcome.stderr), ("stdout", &outcome.stdout)];
        for ((label, stored), seen) in streams.into_iter().zip(&mut seen) {
            out.extend_from_slice(label.as_bytes());
            out.extend_from_slice(b": ");
            write_stream(&mut out, stored, seen, piped.then_some(group));
            seen.entry(stored).or_insert(&case.name);
        }
    }
    out
}

/// One stream after its label: by reference to an earlier case of the
/// same group (`same as CASE`, or for the file read on standard input,
/// `same as CASE, named <stdin>`), else in full or by hash.
fn write_stream(
    out: &mut Vec<u8>,
    stored: &Stored,
    seen: &HashMap<&Stored, &str>,
    piped: Option<&str>,
) {
    if matches!(stored, Stored::Text(text) if text.is_empty()) {
        out.extend_from_slice(b"0\n\n");
        return;
    }
    if let Some(earlier) = seen.get(stored) {
        out.extend_from_slice(format!("same as {earlier}\n").as_bytes());
        return;
    }
    if let (Some(file), Stored::Text(text)) = (piped, stored) {
        let named = Stored::Text(replace(text, b"<stdin>", file.as_bytes()));
        if let (Some(earlier), Stored::Text(named_text)) = (seen.get(&named), &named)
            && replace(named_text, file.as_bytes(), b"<stdin>") == *text
        {
            out.extend_from_slice(format!("same as {earlier}, named <stdin>\n").as_bytes());
            return;
        }
    }
    match stored {
        Stored::Text(text) => {
            out.extend_from_slice(format!("{}\n", text.len()).as_bytes());
            out.extend_from_slice(text);
            out.push(b'\n');
        }
        Stored::Hashed { len, hash } => {
            out.extend_from_slice(format!("{len} bytes, fnv1a64 {hash:016x}\n").as_bytes());
        }
    }
}

/// Reads a capture file back into `into`, by case key.
fn read_section(bytes: &[u8], file: &str, into: &mut HashMap<String, Outcome>) {
    let mut at = 0;
    let line = |at: &mut usize| -> String {
        let end = bytes[*at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |n| *at + n);
        let text = String::from_utf8_lossy(&bytes[*at..end]).into_owned();
        *at = (end + 1).min(bytes.len());
        text
    };
    // One stream after `label: `, resolving references to earlier cases.
    let stream = |at: &mut usize,
                  label: &str,
                  group: &str,
                  name: &str,
                  into: &HashMap<String, Outcome>|
     -> Stored {
        let head = line(at);
        let spec = head
            .strip_prefix(label)
            .and_then(|h| h.strip_prefix(": "))
            .unwrap_or_else(|| panic!("{file}: `{label}:` expected in {name}, got {head:?}"));
        let earlier = |case: &str| -> &Stored {
            let outcome = into
                .get(&key(group, case))
                .unwrap_or_else(|| panic!("{file}: {case} is not before {name}"));
            if label == "stderr" {
                &outcome.stderr
            } else {
                &outcome.stdout
            }
        };
        if let Some(reference) = spec.strip_prefix("same as ") {
            return match reference.strip_suffix(", named <stdin>") {
                Some(case) => match earlier(case) {
                    Stored::Text(text) => Stored::Text(replace(text, group.as_bytes(), b"<stdin>")),
                    hashed => panic!("{file}: {name} renames {hashed:?}"),
                },
                None => earlier(reference).clone(),
            };
        }
        if let Some((len, hash)) = spec.split_once(" bytes, fnv1a64 ") {
            return Stored::Hashed {
                len: len.parse().expect("a length"),
                hash: u64::from_str_radix(hash, 16).expect("a hash"),
            };
        }
        let len: usize = spec
            .parse()
            .unwrap_or_else(|_| panic!("{file}: a length in {name}"));
        let body = bytes[*at..*at + len].to_vec();
        assert_eq!(
            bytes.get(*at + len),
            Some(&b'\n'),
            "{file}: a line end after {name}'s {label}"
        );
        *at += len + 1;
        Stored::Text(body)
    };
    let mut group = String::new();
    while at < bytes.len() {
        let mut head = line(&mut at);
        if let Some(name) = head.strip_prefix("## ") {
            group = name.to_owned();
            head = line(&mut at);
        }
        let name = head
            .strip_prefix("### ")
            .unwrap_or_else(|| panic!("{file}: `### ` expected, got {head:?}"))
            .to_owned();
        let exit = line(&mut at);
        let exit = exit.strip_prefix("exit: ").expect("exit:").to_owned();
        let stderr = stream(&mut at, "stderr", &group, &name, into);
        let stdout = stream(&mut at, "stdout", &group, &name, into);
        into.insert(
            key(&group, &name),
            Outcome {
                exit,
                stderr,
                stdout,
            },
        );
    }
}

/// The first differing lines of `expected` and `got`, a few of each.
fn diff(expected: &[u8], got: &[u8]) -> String {
    let expected = String::from_utf8_lossy(expected);
    let got = String::from_utf8_lossy(got);
    let e: Vec<&str> = expected.split_inclusive('\n').collect();
    let g: Vec<&str> = got.split_inclusive('\n').collect();
    let first = e.iter().zip(&g).take_while(|(a, b)| a == b).count();
    let mut out = format!("    @@ line {} @@\n", first + 1);
    for line in e.iter().skip(first).take(3) {
        out.push_str(&format!("    -{}\n", line.trim_end_matches('\n')));
    }
    for line in g.iter().skip(first).take(3) {
        out.push_str(&format!("    +{}\n", line.trim_end_matches('\n')));
    }
    out
}

/// What differs between the recorded and the new outcome of one case.
fn compare(name: &str, expected: &Outcome, got: &Outcome) -> Option<String> {
    if expected == got {
        return None;
    }
    let mut report = format!("{name}\n");
    if expected.exit != got.exit {
        report.push_str(&format!(
            "  exit: expected {}, got {}\n",
            expected.exit, got.exit
        ));
    }
    for (label, expected, got) in [
        ("stderr", &expected.stderr, &got.stderr),
        ("stdout", &expected.stdout, &got.stdout),
    ] {
        match (expected, got) {
            (a, b) if a == b => {}
            (Stored::Text(a), Stored::Text(b)) => {
                report.push_str(&format!("  {label} differs:\n"));
                report.push_str(&diff(a, b));
            }
            (a, b) => {
                let describe = |s: &Stored| match s {
                    Stored::Text(t) => format!("{} bytes of text", t.len()),
                    Stored::Hashed { len, hash } => format!("{len} bytes, fnv1a64 {hash:016x}"),
                };
                report.push_str(&format!(
                    "  {label}: expected {}, got {}\n",
                    describe(a),
                    describe(b)
                ));
            }
        }
    }
    Some(report)
}

#[test]
fn golden_capture_replays() {
    let root = root();
    let normalise = Normalise::new(&root);
    let bless = std::env::var_os("ANTENNA_GOLDEN_BLESS").is_some_and(|v| v == "1");
    let started = std::time::Instant::now();
    let sections = ["hina-di", "lirs", "rss2", "examples", "merge"];

    let mut recorded = HashMap::new();
    if !bless {
        for section in sections {
            let path = golden_dir().join(format!("{section}.txt"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (record it with ANTENNA_GOLDEN_BLESS=1)",
                    path.display()
                )
            });
            read_section(&bytes, section, &mut recorded);
        }
    }

    let cases = all_cases(&root);
    let (fed_cases, plain): (Vec<&Case>, Vec<&Case>) = cases
        .iter()
        .partition(|c| matches!(c.stdin, Stdin::Recorded(_)));
    let mut results = run_all(&root, &plain, &recorded, &normalise);
    // The cases fed a recorded output (`encode`) run second: in a replay on
    // the capture's, when blessing on the run just made.
    let fed = run_all(
        &root,
        &fed_cases,
        if bless { &results } else { &recorded },
        &normalise,
    );
    results.extend(fed);
    let elapsed = started.elapsed();

    if bless {
        std::fs::create_dir_all(golden_dir()).expect("the golden folder");
        for section in sections {
            let ran: Vec<(&Case, &Outcome)> = cases
                .iter()
                .filter(|c| c.section == section)
                .filter_map(|c| Some((c, results.get(&c.key())?)))
                .collect();
            let path = golden_dir().join(format!("{section}.txt"));
            std::fs::write(path, write_section(&ran)).expect("the capture writes");
        }
        eprintln!("blessed {} cases in {elapsed:.1?}", results.len());
        return;
    }

    let mut reports = Vec::new();
    for case in &cases {
        let key = case.key();
        let shown = format!("{} :: antenna {}", case.group, case.name);
        match (recorded.get(&key), results.get(&key)) {
            (Some(expected), Some(got)) => reports.extend(compare(&shown, expected, got)),
            (None, Some(_)) => {
                reports.push(format!(
                    "{shown}\n  not in the capture (a new input? bless it)\n"
                ));
            }
            (Some(_), None) => reports.push(format!(
                "{shown}\n  recorded, but not run now (its decode no longer accepts the file)\n"
            )),
            (None, None) => {}
        }
    }
    let mut gone: Vec<&String> = recorded
        .keys()
        .filter(|k| !results.contains_key(*k))
        .collect();
    gone.retain(|k| !cases.iter().any(|c| &&c.key() == k));
    gone.sort();
    for key in gone {
        let shown = key.replacen('\n', " :: antenna ", 1);
        reports.push(format!(
            "{shown}\n  recorded, but no such case now (an input removed?)\n"
        ));
    }
    eprintln!("{} cases replayed in {elapsed:.1?}", results.len());
    assert!(
        reports.is_empty(),
        "{} of {} cases differ from the golden capture (tests/golden.rs says how to bless):\n\n{}",
        reports.len(),
        results.len(),
        reports.join("\n")
    );
}
