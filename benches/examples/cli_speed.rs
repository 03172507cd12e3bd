//! Speed of `antenna convert` against `antenna check` of the same input
//! (issue #23): every (source, target) pair, on generated files of 100,000
//! entries, each command run as a child process.
//!
//! ```text
//! cargo build --release -p antenna-cli
//! cargo run --release -p antenna-benches --example cli_speed -- target/release/antenna [RUNS]
//! ```
//!
//! The sources: LIRS (plain EUC-JP, 100,000 records), HINA-DI (EUC-JP,
//! 100,000 blocks) and RSS (100,000 items). Each command is run `RUNS`
//! times (default 3) and its best CPU time (user + system, from
//! `/usr/bin/time`) kept: on a shared machine the CPU time of the child
//! moves less than its wall clock, and the best of a few runs is the
//! least disturbed. The output goes to a file, standard error to
//! /dev/null, as a user converting an archive would run it.
//!
//! Prints one JSON object a line: `{"name": "cli_speed/check_lirs", ...}`
//! and `{"name": "cli_speed/convert_lirs_to_hina_di", ...}`, with
//! `input_bytes` and `seconds`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use antenna_benches::LirsEncoding;

/// Entries in every generated source.
const ENTRIES: usize = 100_000;

/// The fixed `--now` of the conversions, so that every run writes the same.
const NOW: &str = "2026-01-01T00:00:00Z";

fn main() -> Result<(), String> {
    let mut args = std::env::args_os().skip(1);
    let antenna = args
        .next()
        .map_or_else(|| PathBuf::from("target/release/antenna"), PathBuf::from);
    if !antenna.is_file() {
        return Err(format!(
            "{} is not a file: build it with `cargo build --release -p antenna-cli` and give its path",
            antenna.display()
        ));
    }
    let runs: usize = args
        .next()
        .and_then(|n| n.to_str().and_then(|n| n.parse().ok()))
        .unwrap_or(3);
    let dir = std::env::temp_dir().join(format!("antenna-cli-speed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let result = measure_all(&antenna, &dir, runs.max(1));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn measure_all(antenna: &Path, dir: &Path, runs: usize) -> Result<(), String> {
    let sources = [
        (
            "lirs",
            "source.lirs",
            antenna_benches::lirs_file(ENTRIES, LirsEncoding::EucJp),
        ),
        (
            "hina_di",
            "source.hdi",
            antenna_benches::hina_di_file(ENTRIES),
        ),
        ("rss2", "source.xml", antenna_benches::rss_feed(ENTRIES)),
    ];
    let out = dir.join("out");
    for (slug, file, bytes) in &sources {
        let path = dir.join(file);
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        let path = path.display().to_string();
        let measure = |name: String, args: &[&str]| -> Result<(), String> {
            let seconds = best_cpu_seconds(antenna, args, runs)?;
            println!(
                "{{\"name\": \"cli_speed/{name}\", \"input_bytes\": {}, \"seconds\": {seconds}}}",
                bytes.len()
            );
            Ok(())
        };
        measure(format!("check_{slug}"), &["check", &path])?;
        for (to, to_slug) in [("lirs", "lirs"), ("hina-di", "hina_di"), ("rss2", "rss2")] {
            let out = out.display().to_string();
            measure(
                format!("convert_{slug}_to_{to_slug}"),
                &["convert", &path, "--to", to, "--now", NOW, "-o", &out],
            )?;
        }
    }
    Ok(())
}

/// The least CPU time (user + system seconds) of `runs` runs of
/// `antenna args`, from `/usr/bin/time`.
fn best_cpu_seconds(antenna: &Path, args: &[&str], runs: usize) -> Result<f64, String> {
    let report =
        std::env::temp_dir().join(format!("antenna-cli-speed-{}.time", std::process::id()));
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let status = Command::new("/usr/bin/time")
            .args(["-f", "%U %S", "-o"])
            .arg(&report)
            .arg(antenna)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run /usr/bin/time: {e}"))?;
        // The command's own exit status: 1 (findings) is a result, 2 is not.
        if status.code() == Some(2) {
            return Err(format!("antenna {} failed", args.join(" ")));
        }
        let text =
            std::fs::read_to_string(&report).map_err(|e| format!("{}: {e}", report.display()))?;
        let seconds: f64 = text
            .split_whitespace()
            .rev()
            .take(2)
            .map(|n| n.parse::<f64>().map_err(|e| format!("{text:?}: {e}")))
            .sum::<Result<f64, String>>()?;
        best = best.min(seconds);
    }
    let _ = std::fs::remove_file(&report);
    Ok(best)
}
