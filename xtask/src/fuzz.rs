//! `cargo xtask fuzz [TARGET] [--time SECS] [--jobs N] [--asan]`: run the
//! cargo-fuzz targets of `fuzz/` on the stable toolchain.
//!
//! 1. Install cargo-fuzz if `cargo fuzz` is missing.
//! 2. Seed each target's corpus (`fuzz/corpus/<target>/`, gitignored) with
//!    its regression inputs (`fuzz/regressions/<target>/`) and the format's
//!    files under `conformance/` and `examples/`.
//! 3. Run each target (or the one named) in turn, `SECS` seconds each, with
//!    `cargo fuzz run -s none` (no sanitizer: works on stable; `--asan`
//!    builds with AddressSanitizer through `RUSTC_BOOTSTRAP=1`).
//! 4. Print a table of targets, executions and results. A crash makes the
//!    task fail and names the artifact to minimise (`cargo fuzz tmin`) and
//!    copy into `fuzz/regressions/<target>/`.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Instant;

/// Options of `cargo xtask fuzz`.
#[derive(clap::Args)]
pub struct Args {
    /// The target to run (a file stem of `fuzz/fuzz_targets/`); all of them,
    /// one after another, when absent.
    target: Option<String>,
    /// Seconds to fuzz each target.
    #[arg(long, default_value_t = 60)]
    time: u64,
    /// Parallel libFuzzer workers per target. Keep 1 on shared machines.
    #[arg(long, default_value_t = 1)]
    jobs: u32,
    /// Build with AddressSanitizer (needs nightly features: sets
    /// `RUSTC_BOOTSTRAP=1`).
    #[arg(long)]
    asan: bool,
    /// Seconds one input may run before it counts as a hang.
    #[arg(long, default_value_t = 10)]
    timeout: u64,
    /// Memory limit of the fuzzing process, in MiB (an input that needs
    /// more is reported as a crash).
    #[arg(long, default_value_t = 2048)]
    rss_limit_mb: u64,
}

/// What one target's run gave.
struct Outcome {
    target: String,
    seconds: u64,
    executions: Option<u64>,
    corpus: usize,
    crash: Option<String>,
    status: Option<i32>,
}

/// Runs the fuzz targets; `Ok(true)` when no crash was found.
pub fn run(args: &Args) -> Result<bool, String> {
    let root = crate::workspace_root();
    let fuzz_dir = root.join("fuzz");
    let targets = list_targets(&fuzz_dir)?;
    let chosen: Vec<String> = match &args.target {
        Some(name) if targets.contains(name) => vec![name.clone()],
        Some(name) => {
            return Err(format!(
                "no fuzz target `{name}`; the targets are: {}",
                targets.join(", ")
            ));
        }
        None => targets,
    };
    if args.jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    ensure_cargo_fuzz()?;

    for target in &chosen {
        let seeded = seed_corpus(&root, target)?;
        eprintln!("fuzz: {target}: corpus seeded with {seeded} new file(s)");
    }

    let mut outcomes = Vec::new();
    for target in &chosen {
        outcomes.push(run_target(&fuzz_dir, target, args)?);
    }

    println!();
    println!("| target | seconds | executions | corpus | result |");
    println!("|---|---:|---:|---:|---|");
    let mut ok = true;
    for o in &outcomes {
        let result = match (&o.crash, o.status) {
            (Some(artifact), _) => {
                ok = false;
                format!("CRASH: {artifact}")
            }
            (None, Some(0)) => "ok".to_owned(),
            (None, status) => {
                ok = false;
                format!("failed (exit status {status:?})")
            }
        };
        let executions = o
            .executions
            .map_or_else(|| "?".to_owned(), |n| n.to_string());
        println!(
            "| {} | {} | {} | {} | {} |",
            o.target, o.seconds, executions, o.corpus, result
        );
    }
    if !ok {
        eprintln!();
        eprintln!(
            "fuzz: a target failed. Minimise the artifact with \
             `cd fuzz && cargo fuzz tmin -s none <target> <artifact>`, copy it into \
             fuzz/regressions/<target>/ under a name saying what broke, and report the bug."
        );
    }
    Ok(ok)
}

/// The targets: the file stems of `fuzz/fuzz_targets/*.rs`, sorted.
fn list_targets(fuzz_dir: &Path) -> Result<Vec<String>, String> {
    let dir = fuzz_dir.join("fuzz_targets");
    let entries = fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut targets: Vec<String> = entries
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            if path.extension()? != "rs" {
                return None;
            }
            path.file_stem()?.to_str().map(str::to_owned)
        })
        .collect();
    targets.sort();
    if targets.is_empty() {
        return Err(format!("no fuzz targets in {}", dir.display()));
    }
    Ok(targets)
}

/// Installs cargo-fuzz unless `cargo fuzz --version` already works.
fn ensure_cargo_fuzz() -> Result<(), String> {
    let present = crate::cargo()
        .args(["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if present {
        return Ok(());
    }
    eprintln!("fuzz: cargo-fuzz is missing; running `cargo install cargo-fuzz --locked`");
    let status = crate::cargo()
        .args(["install", "cargo-fuzz", "--locked"])
        .status()
        .map_err(|e| format!("cannot run cargo install: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "`cargo install cargo-fuzz --locked` failed ({status})"
        ))
    }
}

/// The format whose sample files seed a target, by the target's name.
fn format_of(target: &str) -> Option<&'static str> {
    if target.ends_with("hina_di") {
        Some("hina-di")
    } else if target.ends_with("lirs") || target.starts_with("lirs") {
        Some("lirs")
    } else if target.ends_with("rss2") {
        Some("rss2")
    } else {
        None
    }
}

/// Does `path` hold a sample of `format`?
fn is_sample(path: &Path, format: &str) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    // Expected outputs, scripts and notes next to the samples are not input.
    if [".json", ".toml", ".md", ".py"]
        .iter()
        .any(|ext| name.ends_with(ext))
    {
        return false;
    }
    match format {
        "hina-di" => name.ends_with(".hdi") || name.ends_with(".di"),
        "lirs" => name.contains(".lirs"),
        "rss2" => name.ends_with(".xml") || name.ends_with(".rss"),
        _ => false,
    }
}

/// Every file under `dir`, recursively (a missing folder has none).
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else if path.is_file() {
            out.push(path);
        }
    }
}

/// The bytes a target sees for a sample file: some targets read a leading
/// mode byte (see fuzz/targets).
fn shape_sample(target: &str, bytes: &[u8]) -> Option<Vec<u8>> {
    let gzip = bytes.starts_with(&[0x1f, 0x8b]);
    let mut out = Vec::with_capacity(bytes.len() + 1);
    match target {
        // Even mode byte: the target gzips the rest; odd: the rest follows
        // the magic bytes as it is.
        "lirs_gzip" if gzip => {
            out.push(1);
            out.extend_from_slice(bytes.get(2..)?);
        }
        "lirs_gzip" => {
            out.push(0);
            out.extend_from_slice(bytes);
        }
        // Mode byte 3: UTF-8 / gzip output, XML declaration and indent.
        "roundtrip_lirs" | "roundtrip_rss2" => {
            out.push(3);
            out.extend_from_slice(bytes);
        }
        _ => out.extend_from_slice(bytes),
    }
    Some(out)
}

/// Copies the regression inputs and the format's sample files into
/// `fuzz/corpus/<target>/`; returns how many files were new.
fn seed_corpus(root: &Path, target: &str) -> Result<usize, String> {
    let corpus = root.join("fuzz/corpus").join(target);
    fs::create_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    let mut added = 0;

    let mut regressions = Vec::new();
    files_under(
        &root.join("fuzz/regressions").join(target),
        &mut regressions,
    );
    for path in regressions {
        let name = format!(
            "regression-{}",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("input")
        );
        added += copy_if_new(&path, &corpus.join(name), |b| Some(b.to_vec()))?;
    }

    if let Some(format) = format_of(target) {
        let mut samples = Vec::new();
        files_under(&root.join("conformance"), &mut samples);
        files_under(&root.join("examples"), &mut samples);
        for path in samples.iter().filter(|p| is_sample(p, format)) {
            let relative = path.strip_prefix(root).unwrap_or(path);
            let name = format!(
                "seed-{}",
                relative.to_string_lossy().replace(['/', '\\'], "_")
            );
            added += copy_if_new(path, &corpus.join(name), |b| shape_sample(target, b))?;
        }
    }
    Ok(added)
}

/// Writes `shape(read(from))` to `to` unless `to` exists; 1 if written.
fn copy_if_new(
    from: &Path,
    to: &Path,
    shape: impl Fn(&[u8]) -> Option<Vec<u8>>,
) -> Result<usize, String> {
    if to.exists() {
        return Ok(0);
    }
    let bytes = fs::read(from).map_err(|e| format!("{}: {e}", from.display()))?;
    let Some(bytes) = shape(&bytes) else {
        return Ok(0);
    };
    fs::write(to, bytes).map_err(|e| format!("{}: {e}", to.display()))?;
    Ok(1)
}

/// Runs one target for `args.time` seconds.
fn run_target(fuzz_dir: &Path, target: &str, args: &Args) -> Result<Outcome, String> {
    let mut command = crate::cargo();
    command.current_dir(fuzz_dir).args(["fuzz", "run"]);
    if args.asan {
        command
            .args(["--sanitizer", "address"])
            .env("RUSTC_BOOTSTRAP", "1");
    } else {
        command.args(["--sanitizer", "none"]);
    }
    command.args([target, "--"]);
    command.arg(format!("-max_total_time={}", args.time));
    command.arg(format!("-timeout={}", args.timeout));
    command.arg(format!("-rss_limit_mb={}", args.rss_limit_mb));
    command.arg("-print_final_stats=1");
    if args.jobs > 1 {
        command.arg(format!("-fork={}", args.jobs));
    }
    command.stderr(Stdio::piped());
    eprintln!("fuzz: {target}: {} s", args.time);

    let started = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
    let mut executions = None;
    let mut crash = None;
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            eprintln!("{line}");
            if let Some(n) = line.strip_prefix("stat::number_of_executed_units:") {
                executions = n.trim().parse().ok();
            }
            // "Test unit written to fuzz/artifacts/<target>/crash-..."
            if let Some((_, path)) = line.split_once("Test unit written to ") {
                crash = Some(fuzz_dir.join(path.trim()).display().to_string());
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("cargo fuzz did not finish: {e}"))?;
    let mut corpus = Vec::new();
    files_under(&fuzz_dir.join("corpus").join(target), &mut corpus);
    Ok(Outcome {
        target: target.to_owned(),
        seconds: started.elapsed().as_secs(),
        executions,
        corpus: corpus.len(),
        crash,
        status: status.code(),
    })
}
