//! `cargo xtask conformance`: the conformance runner.
//!
//! The contract with an implementation under test is
//! `../shared/conformance-protocol.md`, summarised in `conformance/README.md`:
//! a decoder reads a file on stdin and prints JSON (or exits non-zero to
//! reject it); an encoder reads that JSON and prints a file, which the
//! reference decoder (this workspace's `antenna decode`) reads back.
//!
//! Each case is run in its own process with a time limit, so a decoder that
//! loops forever fails that case and the run goes on.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The formats of the suite, with the file extensions of their cases.
const FORMATS: [(&str, &[&str]); 3] = [
    ("hina-di", &["hdi"]),
    ("lirs", &["lirs.gz", "lirs"]),
    ("rss2", &["xml"]),
];

/// Most bytes kept of one command's output.
const OUTPUT_LIMIT: u64 = 64 * 1024 * 1024;

/// Most difference lines printed for one failing case.
const DIFF_LINES: usize = 20;

/// Options of `cargo xtask conformance`.
#[derive(clap::Args)]
pub struct Args {
    /// Decoder under test, run as `CMD --format FORMAT` by `sh`
    /// [default: this workspace's `antenna decode`].
    #[arg(long, value_name = "CMD")]
    decoder: Option<String>,
    /// Encoder under test, run as `CMD --format FORMAT` by `sh`
    /// [default: this workspace's `antenna encode`].
    #[arg(long, value_name = "CMD")]
    encoder: Option<String>,
    /// Test only the decoder (no encoder cases).
    #[arg(long, conflicts_with = "encoder")]
    decoder_only: bool,
    /// Run only the cases of this format.
    #[arg(long, value_parser = ["hina-di", "lirs", "rss2"])]
    format: Option<String>,
    /// Run only cases whose id (`lirs/valid/spec-example`) matches this
    /// pattern: `*` and `?` wildcards, or a plain substring.
    #[arg(long, value_name = "PATTERN")]
    filter: Option<String>,
    /// Write a JUnit XML report here.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Time limit of one command, in seconds.
    #[arg(long, default_value_t = 10, value_name = "SECS")]
    timeout: u64,
    /// A file of case ids (one a line, `#` comments) expected to fail: they
    /// count as skipped, and one that passes is reported as a failure so the
    /// list cannot go stale.
    #[arg(long, value_name = "FILE")]
    expected_failures: Option<PathBuf>,
    /// The suite's folder [default: `conformance/` of this workspace].
    #[arg(long, value_name = "DIR")]
    suite: Option<PathBuf>,
}

/// What a case is, from the folder it is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Valid,
    Invalid,
    Lenient,
}

impl Verdict {
    const ALL: [Verdict; 3] = [Verdict::Valid, Verdict::Invalid, Verdict::Lenient];

    fn folder(self) -> &'static str {
        match self {
            Verdict::Valid => "valid",
            Verdict::Invalid => "invalid",
            Verdict::Lenient => "lenient",
        }
    }
}

/// One file of the suite.
struct Case {
    format: &'static str,
    verdict: Verdict,
    /// `format/verdict/name`.
    id: String,
    input: PathBuf,
    expected: Option<PathBuf>,
}

/// One check: decoding a case, or encoding its expected JSON.
struct Check<'a> {
    case: &'a Case,
    encode: bool,
}

impl Check<'_> {
    fn id(&self) -> String {
        if self.encode {
            format!("{}/encode", self.case.id)
        } else {
            self.case.id.clone()
        }
    }
}

enum Outcome {
    Pass,
    Fail(String),
    /// Listed as an expected failure, and failed.
    Skip,
}

/// Runs the suite; `Ok(true)` when nothing failed.
pub fn run(args: &Args) -> Result<bool, String> {
    let root = crate::workspace_root();
    let suite = args
        .suite
        .clone()
        .unwrap_or_else(|| root.join("conformance"));
    let cases = discover(&suite, args)?;
    if cases.is_empty() {
        return Err(format!("no case in {} matches", suite.display()));
    }
    let antenna = build_antenna()?;
    let reference = format!("{} decode", shell_quote(&antenna));
    let decoder = args.decoder.clone().unwrap_or_else(|| reference.clone());
    let encoder = match (&args.encoder, args.decoder_only, &args.decoder) {
        (Some(encoder), _, _) => Some(encoder.clone()),
        // A foreign decoder alone tests only the decoder.
        (None, false, None) => Some(format!("{} encode", shell_quote(&antenna))),
        _ => None,
    };
    let expected_failures = match &args.expected_failures {
        Some(path) => read_list(path)?,
        None => BTreeSet::new(),
    };
    let runner = Runner {
        decoder,
        encoder,
        reference,
        timeout: Duration::from_secs(args.timeout),
    };

    let checks: Vec<Check> = cases
        .iter()
        .flat_map(|case| {
            let encode = runner.encoder.is_some() && case.verdict == Verdict::Valid;
            std::iter::once(Check {
                case,
                encode: false,
            })
            .chain(encode.then_some(Check { case, encode: true }))
        })
        .collect();

    let progress = std::io::stderr().is_terminal();
    let mut results = Vec::with_capacity(checks.len());
    for (done, check) in checks.iter().enumerate() {
        let id = check.id();
        if progress {
            eprint!("\r\x1b[2K[{:>4}/{}] {id}", done + 1, checks.len());
        }
        let outcome = match runner.check(check) {
            Ok(()) if expected_failures.contains(&id) => Outcome::Fail(
                "listed as an expected failure, but passes: remove it from the list".into(),
            ),
            Ok(()) => Outcome::Pass,
            Err(_) if expected_failures.contains(&id) => Outcome::Skip,
            Err(reason) => Outcome::Fail(reason),
        };
        if let Outcome::Fail(reason) = &outcome {
            if progress {
                eprint!("\r\x1b[2K");
            }
            println!("FAIL {id}\n{}", indent(reason));
        }
        results.push((id, check.case.format, outcome));
    }
    if progress {
        eprint!("\r\x1b[2K");
    }
    let listed: BTreeSet<&String> = results.iter().map(|(id, _, _)| id).collect();
    for stale in expected_failures.iter().filter(|id| !listed.contains(id)) {
        println!("note: expected failure `{stale}` names no case that ran");
    }

    let count = |want: fn(&Outcome) -> bool| results.iter().filter(|(_, _, o)| want(o)).count();
    let passed = count(|o| matches!(o, Outcome::Pass));
    let failed = count(|o| matches!(o, Outcome::Fail(_)));
    let skipped = count(|o| matches!(o, Outcome::Skip));
    if let Some(path) = &args.junit {
        write_junit(path, &results)?;
    }
    if skipped > 0 {
        println!("{passed} passed, {failed} failed, {skipped} skipped");
    } else {
        println!("{passed} passed, {failed} failed");
    }
    Ok(failed == 0)
}

/// Finds the cases under `suite`, in a stable order.
fn discover(suite: &Path, args: &Args) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (format, extensions) in FORMATS {
        if args.format.as_deref().is_some_and(|f| f != format) {
            continue;
        }
        for verdict in Verdict::ALL {
            let folder = suite.join(format).join(verdict.folder());
            let Ok(entries) = std::fs::read_dir(&folder) else {
                continue;
            };
            let mut names: Vec<String> = entries
                .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
                .collect();
            names.sort();
            for name in names {
                let Some(stem) = extensions
                    .iter()
                    .find_map(|ext| name.strip_suffix(&format!(".{ext}")))
                else {
                    continue;
                };
                let id = format!("{format}/{}/{stem}", verdict.folder());
                if args
                    .filter
                    .as_deref()
                    .is_some_and(|p| !matches_pattern(p, &id))
                {
                    continue;
                }
                let expected = folder.join(format!("{stem}.json"));
                let expected = match verdict {
                    Verdict::Invalid => None,
                    _ if expected.is_file() => Some(expected),
                    _ => return Err(format!("{id}: {} is missing", expected.display())),
                };
                cases.push(Case {
                    format,
                    verdict,
                    id,
                    input: folder.join(&name),
                    expected,
                });
            }
        }
    }
    Ok(cases)
}

struct Runner {
    decoder: String,
    encoder: Option<String>,
    reference: String,
    timeout: Duration,
}

impl Runner {
    /// Runs one check: `Err` holds why it failed, with a diff where one helps.
    fn check(&self, check: &Check) -> Result<(), String> {
        let case = check.case;
        let expected = match &case.expected {
            Some(path) => Some(read_json(path)?),
            None => None,
        };
        if check.encode {
            let expected = expected.ok_or("a valid case has no expected JSON")?;
            let encoder = self.encoder.as_deref().ok_or("no encoder")?;
            let json = serde_json::to_vec(&expected).map_err(|e| e.to_string())?;
            let encoded = run_command(encoder, case.format, &json, self.timeout)?;
            let file = encoded.accepted("encoder")?;
            let decoded = run_command(&self.reference, case.format, &file, self.timeout)?;
            let output = decoded.accepted("reference decoder, reading the encoder's output")?;
            return compare(&expected, &output);
        }
        let input = std::fs::read(&case.input)
            .map_err(|e| format!("cannot read {}: {e}", case.input.display()))?;
        let run = run_command(&self.decoder, case.format, &input, self.timeout)?;
        match (case.verdict, expected) {
            (Verdict::Invalid, _) => match run.status {
                Some(0) => Err(format!(
                    "the decoder accepted a file it must reject; it printed:\n{}",
                    excerpt(&run.stdout)
                )),
                _ => Ok(()),
            },
            // A lenient case may be rejected.
            (Verdict::Lenient, _) if run.status != Some(0) => Ok(()),
            (_, Some(expected)) => compare(&expected, &run.accepted("decoder")?),
            (_, None) => Err("no expected JSON".into()),
        }
    }
}

/// What one command did.
struct Run {
    /// Exit status; `None` when killed by a signal.
    status: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl Run {
    /// The output of a command that had to succeed.
    fn accepted(self, what: &str) -> Result<Vec<u8>, String> {
        match self.status {
            Some(0) => Ok(self.stdout),
            status => Err(format!(
                "the {what} rejected it ({}); it said:\n{}",
                status.map_or("killed by a signal".into(), |s| format!("exit status {s}")),
                excerpt(&self.stderr)
            )),
        }
    }
}

/// Runs `command --format FORMAT` through `sh`, with `input` on stdin.
fn run_command(
    command: &str,
    format: &str,
    input: &[u8],
    timeout: Duration,
) -> Result<Run, String> {
    let mut child = shell(command)
        .args(["--format", format])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{command}`: {e}"))?;
    let stdin = child.stdin.take();
    let input = input.to_vec();
    // A decoder that stops reading early closes the pipe: not our failure.
    let writer = std::thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            let _ = stdin.write_all(&input);
        }
    });
    let stdout = child.stdout.take().map(collect);
    let stderr = child.stderr.take().map(collect);
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > timeout => {
                kill(&mut child);
                return Err(format!(
                    "`{command} --format {format}` took more than {} s and was killed",
                    timeout.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait for `{command}`: {e}")),
        }
    };
    let _ = writer.join();
    let join = |handle: Option<std::thread::JoinHandle<Vec<u8>>>| {
        handle.and_then(|h| h.join().ok()).unwrap_or_default()
    };
    Ok(Run {
        status: status.code(),
        stdout: join(stdout),
        stderr: join(stderr),
    })
}

/// `sh -c 'exec COMMAND "$@"'`: the shell replaces itself with the
/// command, so killing the child on a time-out kills the command itself.
///
/// (No process-group kill through an external `kill`: procps-ng 4.0's
/// `kill` can misread a negative PID, and `kill -1` would end every process
/// of the user.)
fn shell(command: &str) -> Command {
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(format!("exec {command} \"$@\"")).arg("sh");
    sh
}

fn kill(child: &mut std::process::Child) {
    let _ = child.kill();
    let _ = child.wait();
}

fn collect(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buffer = Vec::new();
        let _ = (&mut pipe).take(OUTPUT_LIMIT).read_to_end(&mut buffer);
        // Drain the rest so the child does not block on a full pipe.
        let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        buffer
    })
}

/// Compares the JSON a command printed with the expected JSON.
fn compare(expected: &Value, output: &[u8]) -> Result<(), String> {
    let actual: Value = serde_json::from_slice(output)
        .map_err(|e| format!("the output is not JSON ({e}); it was:\n{}", excerpt(output)))?;
    if actual == *expected {
        return Ok(());
    }
    let mut lines = Vec::new();
    diff(expected, &actual, "$", &mut lines);
    let more = lines.len().saturating_sub(DIFF_LINES);
    lines.truncate(DIFF_LINES);
    if more > 0 {
        lines.push(format!("... and {more} more differences"));
    }
    Err(format!(
        "the output differs from the expected JSON (- expected, + actual):\n{}",
        lines.join("\n")
    ))
}

/// Lists where `actual` differs from `expected`, by JSON path.
fn diff(expected: &Value, actual: &Value, path: &str, out: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(want), Value::Object(got)) => {
            for (key, value) in want {
                let path = format!("{path}.{key}");
                match got.get(key) {
                    Some(other) => diff(value, other, &path, out),
                    None => out.push(format!("- {path}: {value}")),
                }
            }
            for (key, value) in got.iter().filter(|(key, _)| !want.contains_key(*key)) {
                out.push(format!("+ {path}.{key}: {value}"));
            }
        }
        (Value::Array(want), Value::Array(got)) => {
            for (index, (a, b)) in want.iter().zip(got).enumerate() {
                diff(a, b, &format!("{path}[{index}]"), out);
            }
            for (index, value) in want.iter().enumerate().skip(got.len()) {
                out.push(format!("- {path}[{index}]: {value}"));
            }
            for (index, value) in got.iter().enumerate().skip(want.len()) {
                out.push(format!("+ {path}[{index}]: {value}"));
            }
        }
        (want, got) if want != got => {
            out.push(format!("- {path}: {want}"));
            out.push(format!("+ {path}: {got}"));
        }
        _ => {}
    }
}

/// `*` matches any run of characters, `?` one; a pattern without either
/// matches as a substring.
fn matches_pattern(pattern: &str, text: &str) -> bool {
    if !pattern.contains(['*', '?']) {
        return text.contains(pattern);
    }
    let pattern: Vec<char> = pattern.chars().collect();
    let text: Vec<char> = text.chars().collect();
    // Classic wildcard matching with one backtrack point.
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '?' || Some(&c) == text.get(t) => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((star_p, star_t)) => {
                    p = star_p + 1;
                    t = star_t + 1;
                    star = Some((star_p, star_t + 1));
                }
                None => return false,
            },
        }
    }
    pattern.iter().skip(p).all(|&c| c == '*')
}

fn read_json(path: &Path) -> Result<Value, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_slice(&bytes).map_err(|e| format!("{} is not JSON: {e}", path.display()))
}

fn read_list(path: &Path) -> Result<BTreeSet<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect())
}

/// Builds this workspace's `antenna` and returns its path.
fn build_antenna() -> Result<PathBuf, String> {
    let status = crate::cargo()
        .args([
            "build",
            "--quiet",
            "--package",
            "antenna-cli",
            "--bin",
            "antenna",
        ])
        .current_dir(crate::workspace_root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("building `antenna` failed".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| crate::workspace_root().join("target"));
    let binary = target
        .join("debug")
        .join(format!("antenna{}", std::env::consts::EXE_SUFFIX));
    binary
        .is_file()
        .then_some(binary.clone())
        .ok_or_else(|| format!("{} was not built", binary.display()))
}

fn shell_quote(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}

/// The start of some output, for a failure message.
fn excerpt(bytes: &[u8]) -> String {
    const MAX: usize = 2000;
    let text = String::from_utf8_lossy(bytes);
    let mut cut: String = text.chars().take(MAX).collect();
    if text.chars().count() > MAX {
        cut.push_str("\n[...]");
    }
    if cut.trim().is_empty() {
        "(nothing)".into()
    } else {
        cut
    }
}

fn indent(text: &str) -> String {
    text.lines().fold(String::new(), |mut out, line| {
        let _ = writeln!(out, "    {line}");
        out
    })
}

/// Writes a JUnit XML report, one test suite per format.
fn write_junit(path: &Path, results: &[(String, &str, Outcome)]) -> Result<(), String> {
    use quick_xml::escape::escape;
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    for (format, _) in FORMATS {
        let suite: Vec<_> = results.iter().filter(|(_, f, _)| *f == format).collect();
        if suite.is_empty() {
            continue;
        }
        let failures = suite
            .iter()
            .filter(|(_, _, o)| matches!(o, Outcome::Fail(_)))
            .count();
        let skipped = suite
            .iter()
            .filter(|(_, _, o)| matches!(o, Outcome::Skip))
            .count();
        let _ = writeln!(
            xml,
            "  <testsuite name=\"{format}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\">",
            suite.len()
        );
        for (id, _, outcome) in suite {
            let _ = write!(
                xml,
                "    <testcase classname=\"{format}\" name=\"{}\"",
                escape(id.as_str())
            );
            match outcome {
                Outcome::Pass => xml.push_str("/>\n"),
                Outcome::Skip => {
                    xml.push_str("><skipped message=\"expected failure\"/></testcase>\n")
                }
                Outcome::Fail(reason) => {
                    let first = reason.lines().next().unwrap_or("failed");
                    let _ = writeln!(
                        xml,
                        "><failure message=\"{}\">{}</failure></testcase>",
                        escape(first),
                        escape(reason.as_str())
                    );
                }
            }
        }
        xml.push_str("  </testsuite>\n");
    }
    xml.push_str("</testsuites>\n");
    std::fs::write(path, xml).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_globs_and_substrings() {
        assert!(matches_pattern("lirs/*", "lirs/valid/spec-example"));
        assert!(matches_pattern("*/valid/*", "rss2/valid/cdata"));
        assert!(!matches_pattern("*/valid/*", "rss2/invalid/cdata"));
        assert!(matches_pattern("spec", "lirs/valid/spec-example"));
        assert!(matches_pattern(
            "lirs/valid/spec-exampl?",
            "lirs/valid/spec-example"
        ));
        assert!(!matches_pattern(
            "lirs/valid/spec-exampl?",
            "lirs/valid/spec-examples"
        ));
        assert!(matches_pattern("*", ""));
        assert!(!matches_pattern("a*b", "a"));
    }

    #[test]
    fn diff_names_each_difference_by_path() {
        let expected: Value =
            serde_json::json!({"records": [{"title": "a", "url": "u"}], "format": "lirs"});
        let actual: Value = serde_json::json!({"format": "lirs", "records": [{"title": "b"}, {}]});
        let mut lines = Vec::new();
        diff(&expected, &actual, "$", &mut lines);
        assert_eq!(
            lines,
            [
                "- $.records[0].title: \"a\"",
                "+ $.records[0].title: \"b\"",
                "- $.records[0].url: \"u\"",
                "+ $.records[1]: {}",
            ]
        );
    }

    #[test]
    fn key_order_does_not_matter_but_array_order_does() {
        let expected: Value = serde_json::json!({"a": 1, "b": [1, 2]});
        assert!(compare(&expected, br#"{"b": [1, 2], "a": 1}"#).is_ok());
        assert!(compare(&expected, br#"{"a": 1, "b": [2, 1]}"#).is_err());
        assert!(compare(&expected, b"not json").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_command_that_hangs_is_killed() {
        let started = Instant::now();
        let result = run_command("sleep 30; true", "lirs", b"", Duration::from_millis(300));
        assert!(result.is_err());
        assert!(started.elapsed() < Duration::from_secs(10));
    }

    #[cfg(unix)]
    #[test]
    fn commands_get_the_format_and_stdin() {
        let run = run_command("echo", "rss2", b"", Duration::from_secs(10)).unwrap();
        assert_eq!(run.status, Some(0));
        assert_eq!(run.stdout, b"--format rss2\n");
        let run = run_command("cat", "lirs", b"x", Duration::from_secs(10)).unwrap();
        assert_ne!(run.status, Some(0), "cat rejects the --format option");
    }
}
