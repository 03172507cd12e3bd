//! Instruction counts under callgrind: the repeatable figure. Wall-clock
//! medians on a shared machine move by a fifth between runs; the count of
//! instructions one read executes does not, so the speed targets are
//! judged on both and the count decides between a change and noise.
//!
//! Each case of `benches/examples/profile.rs` is run under
//! `valgrind --tool=callgrind` once with one read and once with two; the
//! difference is one read, without generating the input or starting the
//! process. The two runs of a case go side by side (the machine's two
//! cores).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

use super::{Bound, Check, Report};

/// Where the last run's counts are kept, under the workspace root.
pub(super) const FILE: &str = "target/criterion/instructions.jsonl";

/// The profile cases measured, each a reader or the floor it is held to.
const CASES: &[&str] = &[
    "rss2",
    "rss_crate",
    "quick_xml_floor",
    "rss2_50",
    "rss_crate_50",
    "quick_xml_floor_50",
    "lirs_plain",
    "lirs_stream_plain",
    "lirs_stream_borrowed_plain",
    "csv_floor",
    "lirs_gzip",
    "gunzip",
    "hina_di",
    "hina_di_floor",
    "hina_di_to_feed",
    "hina_di_from_feed",
    "lirs_to_feed",
    "lirs_from_feed",
    "rss2_to_feed",
    "rss2_from_feed",
];

/// Each format's reader case, whose input its conversion cases
/// (`<format>_to_feed`, `<format>_from_feed`) convert (issue #23: the
/// model conversions at least as fast as the reader).
const CONVERSIONS: [(&str, &str); 3] = [
    ("hina_di", "hina_di"),
    ("lirs", "lirs_plain"),
    ("rss2", "rss2"),
];

/// Whether valgrind can be run here.
pub(super) fn available() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Why the commands' instructions are not counted this run (the time
/// targets then fall back to CPU time, and their sections say so), or
/// `None` when they are.
pub(super) fn uncounted(no_instructions: bool) -> Option<&'static str> {
    if no_instructions {
        Some("`--no-instructions` was given")
    } else if !available() {
        Some("valgrind was not found")
    } else {
        None
    }
}

/// What callgrind counted of one command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Counted {
    /// Instructions executed (callgrind's `Ir`), every thread of the
    /// process together.
    pub(super) instructions: u64,
    /// The command's exit status (-1: killed by a signal).
    pub(super) exit: i64,
}

/// Runs `program args` under callgrind with its output thrown away and
/// `stdin` (or nothing) on its standard input. Only instructions are
/// counted (`--cache-sim=no --branch-sim=no`, the cheapest callgrind
/// run); the total is read from the `totals:` line of its output file,
/// so the command's own standard error cannot be mistaken for it.
pub(super) fn count_command(
    program: &Path,
    args: &[String],
    stdin: Option<&Path>,
) -> Result<Counted, String> {
    static SEQUENCE: AtomicUsize = AtomicUsize::new(0);
    let stem = std::env::temp_dir().join(format!(
        "antenna-callgrind-{}-{}",
        std::process::id(),
        SEQUENCE.fetch_add(1, Ordering::Relaxed)
    ));
    let (out, log) = (stem.with_extension("out"), stem.with_extension("log"));
    let input = match stdin {
        Some(path) => {
            Stdio::from(std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => Stdio::null(),
    };
    let status = Command::new("valgrind")
        .args(["--tool=callgrind", "--cache-sim=no", "--branch-sim=no"])
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(format!("--log-file={}", log.display()))
        .arg(program)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(input)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let counts = std::fs::read_to_string(&out).unwrap_or_default();
    let messages = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&log);
    let instructions = callgrind_total(&counts).ok_or_else(|| {
        format!(
            "valgrind counted nothing for {} {} ({status}): {messages}",
            program.display(),
            args.join(" ")
        )
    })?;
    Ok(Counted {
        instructions,
        exit: status.code().map_or(-1, i64::from),
    })
}

/// The instructions of a callgrind output file: its `totals:` line (or
/// `summary:`, which older versions write alone), when its first event
/// is `Ir`.
fn callgrind_total(text: &str) -> Option<u64> {
    let first = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|rest| rest.split_whitespace().next())
    };
    if first("events:") != Some("Ir") {
        return None;
    }
    first("totals:")
        .or_else(|| first("summary:"))
        .and_then(|n| n.parse().ok())
}

/// Counts every command a plan lists (an example's `--plan` output: a
/// JSON object a line, with the command's `args` and, if it reads one,
/// its `stdin` file) under callgrind, as many side by side as there are
/// cores, and returns the lines in their order with `args` and `stdin`
/// replaced by `instructions` and `exit`.
pub(super) fn count_plan(program: &Path, plan: &str) -> Result<String, String> {
    let mut lines = Vec::new();
    for line in plan.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(line) else {
            return Err(format!("plan line {line:?} is not a JSON object"));
        };
        lines.push(fields);
    }
    let planned: Vec<(Vec<String>, Option<String>)> = lines
        .iter_mut()
        .map(|fields| {
            let args = fields.remove("args");
            let stdin = fields.remove("stdin");
            let args: Option<Vec<String>> = args
                .as_ref()
                .and_then(Value::as_array)
                .and_then(|a| a.iter().map(|s| s.as_str().map(str::to_owned)).collect());
            let stdin = stdin.as_ref().and_then(Value::as_str).map(str::to_owned);
            args.map(|args| (args, stdin))
                .ok_or_else(|| format!("plan line {fields:?} has no args"))
        })
        .collect::<Result<_, _>>()?;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<Result<Counted, String>>>> =
        planned.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(planned.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((args, stdin)) = planned.get(i) else {
                        break;
                    };
                    println!(
                        "counting ({}/{}): antenna {}{}",
                        i + 1,
                        planned.len(),
                        args.join(" "),
                        stdin
                            .as_ref()
                            .map_or_else(String::new, |s| format!(" < {s}"))
                    );
                    let counted = count_command(program, args, stdin.as_deref().map(Path::new));
                    if let Some(slot) = results.get(i)
                        && let Ok(mut slot) = slot.lock()
                    {
                        *slot = Some(counted);
                    }
                }
            });
        }
    });
    let mut out = String::new();
    for (mut fields, result) in lines.into_iter().zip(results) {
        let counted = result
            .into_inner()
            .ok()
            .flatten()
            .ok_or("a count was lost")??;
        fields.insert("instructions".to_owned(), counted.instructions.into());
        fields.insert("exit".to_owned(), counted.exit.into());
        let _ = writeln!(out, "{}", Value::Object(fields));
    }
    Ok(out)
}

/// Builds the profile example and counts every case; one JSON line each.
pub(super) fn run() -> Result<String, String> {
    let root = crate::workspace_root();
    println!(
        "running: cargo build --release -p antenna-benches --features baselines --example profile"
    );
    let status = crate::cargo()
        .current_dir(&root)
        .args([
            "build",
            "--release",
            "-p",
            "antenna-benches",
            "--features",
            "baselines",
            "--example",
            "profile",
        ])
        .status()
        .map_err(|e| format!("cannot build the profile example: {e}"))?;
    if !status.success() {
        return Err(format!("building the profile example failed ({status})"));
    }
    let profile = root.join("target/release/examples/profile");
    let mut out = String::new();
    for case in CASES {
        println!(
            "running: valgrind --tool=callgrind {} {case} 1|2",
            profile.display()
        );
        let spawn = |times: &str| -> Result<Child, String> {
            Command::new("valgrind")
                .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
                .arg(&profile)
                .args([case, times])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .map_err(|e| format!("cannot run valgrind: {e}"))
        };
        let (once, twice) = (spawn("1")?, spawn("2")?);
        let (once, twice) = (collected(once)?, collected(twice)?);
        let per_read = twice.saturating_sub(once);
        let _ = writeln!(
            out,
            "{}",
            serde_json::json!({"name": case, "instructions": per_read})
        );
    }
    Ok(out)
}

/// The total callgrind printed ("Collected : N") once `child` ends.
fn collected(child: Child) -> Result<u64, String> {
    let output = child
        .wait_with_output()
        .map_err(|e| format!("valgrind: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("valgrind failed ({}): {stderr}", output.status));
    }
    stderr
        .lines()
        .find_map(|l| l.split_once("Collected :").map(|(_, n)| n.trim()))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("no instruction count in valgrind's output: {stderr}"))
}

/// Case → instructions of one read, from the saved lines.
pub(super) fn parse(text: &str) -> Result<BTreeMap<String, u64>, String> {
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let value: Value =
            serde_json::from_str(line).map_err(|e| format!("instructions line {line:?}: {e}"))?;
        let (Some(name), Some(n)) = (value["name"].as_str(), value["instructions"].as_u64()) else {
            return Err(format!("instructions line {line:?} lacks a field"));
        };
        out.insert(name.to_owned(), n);
    }
    Ok(out)
}

/// The speed targets again, on instruction counts: ratio = the baseline's
/// count ÷ the figure's (fewer instructions is faster).
pub(super) fn checks(report: &mut Report<'_>) {
    if report.instructions.is_empty() {
        return;
    }
    for (feed, suffix) in [("5,000", ""), ("50", "_50")] {
        report.instructions_check(
            &format!("rss, {feed} items: rss2 reads ≥ 1.2× the `rss` crate (instructions)"),
            &format!("rss2{suffix}"),
            &[&format!("rss_crate{suffix}")],
            Bound::AtLeast(1.2),
        );
        report.instructions_check(
            &format!("rss, {feed} items: rss2 reads ≥ 0.75× the quick-xml floor (instructions)"),
            &format!("rss2{suffix}"),
            &[&format!("quick_xml_floor{suffix}")],
            Bound::AtLeast(0.75),
        );
    }
    report.instructions_check(
        "lirs plain EUC-JP: read ≥ 0.5× the csv floor (instructions)",
        "lirs_plain",
        &["csv_floor"],
        Bound::AtLeast(0.5),
    );
    report.instructions_check(
        "lirs plain EUC-JP: read_stream_borrowed ≥ 0.8× the csv floor (instructions)",
        "lirs_stream_borrowed_plain",
        &["csv_floor"],
        Bound::AtLeast(0.8),
    );
    report.instructions_check(
        "lirs gzip EUC-JP: read within 1.1× decompression alone + the plain read (instructions)",
        "lirs_gzip",
        &["gunzip", "lirs_plain"],
        Bound::AtLeast(1.0 / 1.1),
    );
    report.instructions_check(
        "hina_di: read ≥ 0.25× the memchr split (instructions)",
        "hina_di",
        &["hina_di_floor"],
        Bound::AtLeast(0.25),
    );
    for (format, reader) in CONVERSIONS {
        for way in ["to_feed", "from_feed"] {
            report.instructions_check(
                &format!("{format}: {way} ≥ 1.0× the reader (instructions)"),
                &format!("{format}_{way}"),
                &[reader],
                Bound::AtLeast(1.0),
            );
        }
    }
}

impl Report<'_> {
    /// A target on counts: the baselines' counts together ÷ the figure's.
    fn instructions_check(&mut self, what: &str, figure: &str, baselines: &[&str], bound: Bound) {
        let count = |id: &str| self.instructions.get(id).copied();
        let parts: Option<u64> = baselines.iter().map(|b| count(b)).sum();
        let ratio = match (count(figure), parts) {
            (Some(f), Some(b)) if f > 0 => Some(b as f64 / f as f64),
            _ => None,
        };
        self.checks.push(Check {
            what: what.to_owned(),
            figure: format!("profile {figure}"),
            baseline: baselines
                .iter()
                .map(|b| format!("profile {b}"))
                .collect::<Vec<_>>()
                .join("` + `"),
            ratio,
            bound,
        });
    }
}

/// The table of counts.
pub(super) fn render(counts: &BTreeMap<String, u64>, out: &mut String) {
    if counts.is_empty() {
        return;
    }
    out.push_str("\n## Instructions\n\n");
    out.push_str(
        "Counted by `valgrind --tool=callgrind` on `benches/examples/profile.rs` (5,000 and \
         50 RSS items, 100,000 LIRS records in EUC-JP, 20,000 HINA-DI blocks): one read, \
         input generation and process start subtracted. `<format>_to_feed` and \
         `<format>_from_feed` are one conversion of the same input by the format's part \
         conversions (`part_to_entry` of every part, `part_from_entry` of every entry, \
         with the heads), the document read before. Repeatable to a few parts in a \
         million, where the wall clock above is not.\n\n",
    );
    out.push_str("| profile case | instructions a read |\n");
    out.push_str("| --- | ---: |\n");
    for (name, n) in counts {
        let _ = writeln!(out, "| `{name}` | {n} |");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The head of what valgrind 3.19's callgrind wrote for `/bin/true`
    /// (`--cache-sim=no --branch-sim=no`), and its last line.
    const TRUE_OUT: &str = "# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: 2892\ncmd:  /bin/true\npart: 1\n\n\ndesc: I1 cache: \ndesc: D1 cache: \ndesc: LL cache: \n\ndesc: Timerange: Basic block 0 - 28960\ndesc: Trigger: Program termination\n\npositions: line\nevents: Ir\nsummary: 126651\n\n\nob=(1) /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2\nfl=(1) ???\nfn=(1) 0x000000000001d100\n0 3\n\ntotals: 126651\n";

    #[test]
    fn the_count_is_callgrind_s_total_of_ir() {
        assert_eq!(callgrind_total(TRUE_OUT), Some(126_651));
        // The total when it is there, the summary otherwise.
        let totals = TRUE_OUT.replace("totals: 126651", "totals: 126652");
        assert_eq!(callgrind_total(&totals), Some(126_652));
        let summary_only = TRUE_OUT.replace("totals: 126651\n", "");
        assert_eq!(callgrind_total(&summary_only), Some(126_651));
        // Another event first: not a count of instructions.
        let other = TRUE_OUT.replace("events: Ir", "events: Dr Ir");
        assert_eq!(callgrind_total(&other), None);
        assert_eq!(callgrind_total(""), None);
    }

    /// A plan's lines are checked before anything runs (no valgrind here).
    #[test]
    fn a_plan_line_without_a_command_is_refused() {
        let antenna = Path::new("antenna");
        assert_eq!(count_plan(antenna, "\n"), Ok(String::new()));
        let error = count_plan(antenna, "[1]").unwrap_err();
        assert!(error.contains("is not a JSON object"), "{error}");
        let error = count_plan(antenna, "{\"name\": \"x\", \"args\": [1]}").unwrap_err();
        assert!(error.contains("has no args"), "{error}");
    }
}
