//! Issue #23's conversion targets: `benches/examples/cli_speed.rs` runs
//! `antenna check` of each generated source (100,000 entries) and
//! `antenna convert` of it to each format, and every pair is held to
//! twice the check of its input: convert ÷ check ≤ 2.0, by CPU time.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;

use super::{Bound, Check, Report};

/// Where the last run's lines are kept, under the workspace root.
pub(super) const FILE: &str = "target/criterion/cli_speed.jsonl";

/// The formats, as the example names them and as the command does.
const FORMATS: [(&str, &str); 3] = [("lirs", "lirs"), ("hina_di", "hina-di"), ("rss2", "rss2")];

/// Most times a conversion may take of the check of its input.
const BOUND: f64 = 2.0;

/// Builds `antenna` (release) and runs the example with it.
pub(super) fn run() -> Result<String, String> {
    super::cli_memory::run_with_antenna("cli_speed", &[])
}

/// One command's figure.
#[derive(Debug, Clone, Copy)]
pub(super) struct Timed {
    input_bytes: u64,
    seconds: f64,
}

/// Name → figure, from the saved lines.
pub(super) fn parse(text: &str) -> Result<BTreeMap<String, Timed>, String> {
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let value: Value =
            serde_json::from_str(line).map_err(|e| format!("cli_speed line {line:?}: {e}"))?;
        let (Some(name), Some(input_bytes), Some(seconds)) = (
            value["name"].as_str(),
            value["input_bytes"].as_u64(),
            value["seconds"].as_f64(),
        ) else {
            return Err(format!("cli_speed line {line:?} lacks a field"));
        };
        out.insert(
            name.to_owned(),
            Timed {
                input_bytes,
                seconds,
            },
        );
    }
    Ok(out)
}

/// One target a (source, target) pair: the conversion's time ÷ the
/// check's of its input, at most [`BOUND`].
pub(super) fn checks(report: &mut Report<'_>) {
    if report.cli_speed.is_empty() {
        return;
    }
    for (from, from_name) in FORMATS {
        let check = format!("cli_speed/check_{from}");
        for (to, to_name) in FORMATS {
            let convert = format!("cli_speed/convert_{from}_to_{to}");
            let time = |id: &str| report.cli_speed.get(id).map(|t| t.seconds);
            let ratio = match (time(&convert), time(&check)) {
                (Some(c), Some(k)) if k > 0.0 => Some(c / k),
                _ => None,
            };
            report.checks.push(Check {
                what: format!(
                    "antenna convert {from_name} to {to_name}: ≤ {BOUND}× the check of its input (CPU time)"
                ),
                figure: convert,
                baseline: check.clone(),
                ratio,
                bound: Bound::AtMost(BOUND),
            });
        }
    }
}

/// The table of times.
pub(super) fn render(timed: &BTreeMap<String, Timed>, out: &mut String) {
    if timed.is_empty() {
        return;
    }
    out.push_str("\n## The `antenna` command's speed\n\n");
    out.push_str(
        "Measured by `benches/examples/cli_speed.rs`: `antenna check` of each generated source \
         of 100,000 entries (LIRS plain EUC-JP, HINA-DI, RSS) and `antenna convert` of it to \
         each format, as child processes writing to a file; the best of three runs' CPU time \
         (user + system, from `/usr/bin/time`). MB/s are of the input.\n\n",
    );
    out.push_str("| command | input bytes | CPU seconds | MB/s | ÷ check |\n");
    out.push_str("| --- | ---: | ---: | ---: | ---: |\n");
    for (name, t) in timed {
        let check = name
            .strip_prefix("cli_speed/convert_")
            .and_then(|rest| rest.split_once("_to_"))
            .and_then(|(from, _)| timed.get(&format!("cli_speed/check_{from}")))
            .filter(|c| c.seconds > 0.0)
            .map_or_else(String::new, |c| super::ratio(t.seconds / c.seconds));
        let mb_per_s = if t.seconds > 0.0 {
            t.input_bytes as f64 / t.seconds / 1e6
        } else {
            0.0
        };
        let _ = writeln!(
            out,
            "| `{name}` | {} | {:.3} | {mb_per_s:.1} | {check} |",
            t.input_bytes, t.seconds
        );
    }
}
