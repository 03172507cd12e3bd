//! The `antenna` command's peak memory: `benches/examples/cli_memory.rs`
//! runs each sub-command on the generated inputs as a child process and
//! reads its peak resident set size from `/usr/bin/time -v`. Its lines
//! (names `cli_...`) join the peak-memory figures; the targets are issue
//! 15's: whole-file work within 4× the decompressed input, and the
//! streamed LIRS commands flat from 1× (100,000 records) to 10×.

use std::collections::BTreeMap;
use std::process::Stdio;

use super::{Bound, Check, Memory, Report};

/// Where the last run's lines are kept, under the workspace root.
pub(super) const FILE: &str = "target/criterion/cli_memory.jsonl";

/// Builds `antenna` (release) and runs the example with it.
pub(super) fn run() -> Result<String, String> {
    run_with_antenna("cli_memory", &[])
}

/// Builds `antenna` (release) and runs the benches' `example` with its
/// path: the example's standard output.
pub(super) fn run_with_antenna(example: &str, extra: &[&str]) -> Result<String, String> {
    let root = crate::workspace_root();
    println!("running: cargo build --release -p antenna-cli");
    let status = crate::cargo()
        .current_dir(&root)
        .args(["build", "--release", "-p", "antenna-cli"])
        .status()
        .map_err(|e| format!("cannot build antenna: {e}"))?;
    if !status.success() {
        return Err(format!("building antenna failed ({status})"));
    }
    let antenna = antenna_path();
    println!("running: cargo run --release -p antenna-benches --example {example}");
    let output = crate::cargo()
        .current_dir(&root)
        .args([
            "run",
            "--release",
            "-p",
            "antenna-benches",
            "--example",
            example,
            "--",
        ])
        .arg(&antenna)
        .args(extra)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run the {example} example: {e}"))?;
    if !output.status.success() {
        return Err(format!("the {example} example failed ({})", output.status));
    }
    String::from_utf8(output.stdout).map_err(|e| format!("{example} output: {e}"))
}

/// Where `cargo build --release -p antenna-cli` puts the command.
pub(super) fn antenna_path() -> std::path::PathBuf {
    crate::workspace_root().join("target/release/antenna")
}

/// The commands measured at 1× only (most of them stream too, but not
/// flat: see BENCHMARKS.md's notes).
const WHOLE: &[&str] = &[
    "cli_check_rss2/5000",
    "cli_check_hina_di/20000",
    "cli_check_json_warnings/1000000",
    "cli_convert_hina_di_to_rss2/20000",
    "cli_convert_hina_di_to_lirs/20000",
    "cli_convert_rss2_to_lirs/5000",
    "cli_merge_lirs_to_hina_di/100000",
    "cli_merge_lirs_to_lirs/100000",
    "cli_decode_hina_di/20000",
    "cli_decode_rss2/5000",
    "cli_encode_lirs/100000",
    "cli_encode_hina_di/20000",
    "cli_encode_rss2/5000",
];

/// The commands that read LIRS record by record (a file named on the
/// command line; `decode`, standard input).
const STREAMED: &[&str] = &[
    "cli_check_lirs_plain",
    "cli_check_lirs_gzip",
    "cli_convert_lirs_to_lirs",
    "cli_convert_lirs_to_rss2",
    "cli_convert_lirs_to_hina_di",
    "cli_decode_lirs",
];

/// Issue 15's targets for the command's memory.
pub(super) fn checks(report: &mut Report<'_>) {
    for name in WHOLE {
        per_input(
            report,
            &format!("antenna {}: peak RSS ≤ 4× the input", command(name)),
            name,
            4.0,
        );
    }
    for name in STREAMED {
        let small = format!("{name}/100000");
        per_input(
            report,
            &format!(
                "antenna {} (streamed): peak RSS ≤ 4× the input",
                command(name)
            ),
            &small,
            4.0,
        );
        report.memory_check(
            &format!(
                "antenna {} (streamed): peak at 10× the input ≤ 1.1× the peak at 1×",
                command(name)
            ),
            &format!("{name}/1000000"),
            &small,
            Bound::AtMost(1.1),
        );
    }
}

/// `cli_convert_lirs_to_rss2/100000` → `convert lirs to rss2`.
fn command(name: &str) -> String {
    let name = name.strip_prefix("cli_").unwrap_or(name);
    let name = name.split_once('/').map_or(name, |(n, _)| n);
    name.replace('_', " ").replace("hina di", "hina-di")
}

/// A target on peak ÷ decompressed input.
fn per_input(report: &mut Report<'_>, what: &str, figure: &str, most: f64) {
    let ratio = report
        .memory
        .get(figure)
        .filter(|m| m.input_bytes > 0)
        .map(|m| m.peak_bytes as f64 / m.input_bytes as f64);
    report.checks.push(Check {
        what: what.to_owned(),
        figure: figure.to_owned(),
        baseline: "input".to_owned(),
        ratio,
        bound: Bound::AtMost(most),
    });
}

/// The section of BENCHMARKS.md with every command's figure.
pub(super) fn render(memory: &BTreeMap<String, Memory>, out: &mut String) {
    out.push_str("\n## The `antenna` command's peak memory\n\n");
    out.push_str(
        "Measured by `benches/examples/cli_memory.rs`: each command run as a child process \
         on the generated inputs (LIRS gzip of 100,000 and 1,000,000 records, HINA-DI of \
         20,000 blocks, RSS of 5,000 items, and for `encode` the JSON `decode` writes), its \
         peak resident set size from `/usr/bin/time -v` (the binary and allocator slack \
         included). Input bytes are the decompressed input. LIRS and HINA-DI files named on \
         the command line are read record by record (block by block) by `check`, `convert` \
         and `merge` (LIRS sources), standard input by `decode`; §3.5's duplicate-URL check \
         of a streamed LIRS file is made in two passes in bounded memory \
         (`lirs/src/two_pass.rs`). RSS is read whole and converted item by item; \
         `encode` writes block by block or item by item.\n\n",
    );
    out.push_str("| command | input bytes | peak RSS bytes | peak ÷ input |\n");
    out.push_str("| --- | ---: | ---: | ---: |\n");
    for (name, m) in memory.iter().filter(|(n, _)| n.starts_with("cli_")) {
        super::memory_row(out, name, m);
    }
}
