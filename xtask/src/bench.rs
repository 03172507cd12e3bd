//! `cargo xtask bench`: runs the criterion benchmarks of `antenna-benches`
//! (with the `baselines` feature, so the `rss` crate and feed-rs read the
//! same bytes) and the peak-memory example, then writes BENCHMARKS.md: each
//! figure, its ratio to its baseline, the target and whether it is met,
//! with the machine, the date and the command.
//!
//! Everything in BENCHMARKS.md after the line [`NOTES_MARKER`] is kept
//! from the previous file: the analysis of missed targets is written by
//! hand there.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Stdio;

use serde_json::Value;

mod cli_memory;
mod cli_speed;
mod hostile;
mod instructions;

/// Everything after this line of BENCHMARKS.md survives a re-run.
const NOTES_MARKER: &str = "<!-- notes: kept by `cargo xtask bench` -->";

/// The bench targets of `antenna-benches`.
const BENCH_TARGETS: &[&str] = &["rss", "lirs", "hina_di"];

/// Options of `cargo xtask bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Do not run anything: rewrite BENCHMARKS.md from the criterion
    /// results already in target/criterion (and a saved peak-memory run);
    /// with `--only hostile`, its section from the saved hostile run.
    #[arg(long)]
    no_run: bool,
    /// Seconds of measurement per benchmark.
    #[arg(long, default_value_t = 3)]
    measurement_time: u32,
    /// Samples per benchmark (criterion's minimum is 10).
    #[arg(long, default_value_t = 10)]
    sample_size: u32,
    /// Exit with failure when a target is missed.
    #[arg(long)]
    check: bool,
    /// Skip the instruction counts (callgrind; skipped anyway when
    /// valgrind is not installed): the command's speed and hostile-input
    /// targets are then judged by CPU time, and their sections say so.
    #[arg(long)]
    no_instructions: bool,
    /// Run one part alone and print its targets, leaving BENCHMARKS.md as
    /// it is (a quick look while working; the full run writes the file).
    #[arg(long, value_enum)]
    only: Option<Part>,
    /// With `--only hostile`: run the shapes whose names contain this
    /// alone (`block_of_fields`), keeping the other shapes' saved rows.
    #[arg(long, requires = "only")]
    shape: Option<String>,
}

/// A part of the run, for `--only`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Part {
    /// The criterion benchmarks.
    Criterion,
    /// The readers' peak heap (`peak_memory` example).
    PeakMemory,
    /// The command's peak memory (`cli_memory` example).
    CliMemory,
    /// Convert ÷ check of every pair of formats (`cli_speed` example).
    CliSpeed,
    /// The callgrind counts of the `profile` example.
    Instructions,
    /// The commands on hostile inputs (`hostile` example): this part
    /// rewrites its own section of BENCHMARKS.md.
    Hostile,
}

/// Runs `part` alone, saving its results where the full run does, and
/// prints the targets it can judge with everything saved before.
fn run_only(args: &Args, part: Part) -> Result<bool, String> {
    let root = crate::workspace_root();
    let save = |file: &str, text: &str| {
        let path = root.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    match part {
        Part::Criterion => run_benches(args)?,
        Part::PeakMemory => save(PEAK_MEMORY_FILE, &run_peak_memory()?)?,
        Part::CliMemory => save(cli_memory::FILE, &cli_memory::run()?)?,
        Part::CliSpeed => save(
            cli_speed::FILE,
            &cli_speed::run(instructions::uncounted(args.no_instructions))?,
        )?,
        Part::Instructions => save(instructions::FILE, &instructions::run()?)?,
        Part::Hostile => {
            // With --no-run, the section is written from the saved run.
            if !args.no_run {
                let fresh = hostile::run(
                    args.shape.as_deref(),
                    instructions::uncounted(args.no_instructions),
                )?;
                let lines = match args.shape {
                    None => fresh,
                    Some(_) => hostile::replace_shapes(
                        &std::fs::read_to_string(root.join(hostile::FILE)).unwrap_or_default(),
                        &fresh,
                    ),
                };
                save(hostile::FILE, &lines)?;
            }
            return write_hostile(args, &root);
        }
    }
    let saved = Saved::load(&root, false)?;
    let report = Report::new(&saved.results, &saved.memory, &saved.counts, &saved.speed);
    let mut missed = 0;
    for check in report.checks.iter().filter(|c| c.ratio.is_some()) {
        missed += usize::from(!check.met());
        println!(
            "{}: {} ({})",
            if check.met() { "met" } else { "missed" },
            check.what,
            check.describe()
        );
    }
    println!("BENCHMARKS.md left as it is (--only)");
    Ok(!args.check || missed == 0)
}

/// Rewrites the hostile section of BENCHMARKS.md from the saved run,
/// leaving the rest of the file as it is, and prints what missed.
fn write_hostile(args: &Args, root: &Path) -> Result<bool, String> {
    let runs = load_hostile(root)?;
    let path = root.join("BENCHMARKS.md");
    let old = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = hostile::splice(&old, &hostile::render(&runs), NOTES_MARKER);
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("wrote the hostile section of {}", path.display());
    let missed = hostile::missed(&runs);
    for line in &missed {
        println!("missed: {line}");
    }
    println!(
        "{} of {} hostile targets met",
        runs.len() - missed.len(),
        runs.len()
    );
    Ok(!args.check || missed.is_empty())
}

/// The saved hostile run (empty when there is none).
fn load_hostile(root: &Path) -> Result<hostile::Runs, String> {
    match std::fs::read_to_string(root.join(hostile::FILE)) {
        Ok(text) => hostile::parse(&text),
        Err(_) => Ok(hostile::Runs::default()),
    }
}

/// Where the readers' peak memory is kept, under the workspace root.
const PEAK_MEMORY_FILE: &str = "target/criterion/peak_memory.jsonl";

/// Every figure saved by earlier runs.
struct Saved {
    results: BTreeMap<String, Measured>,
    memory: BTreeMap<String, Memory>,
    counts: BTreeMap<String, u64>,
    speed: cli_speed::Speed,
}

impl Saved {
    /// What is saved under `root`; the criterion results and the readers'
    /// peak memory must be there when `required`.
    fn load(root: &Path, required: bool) -> Result<Self, String> {
        let results = match read_criterion(&root.join("target/criterion")) {
            Err(e) if required => return Err(e),
            other => other.unwrap_or_default(),
        };
        let memory_file = root.join(PEAK_MEMORY_FILE);
        let mut memory = match std::fs::read_to_string(&memory_file) {
            Ok(text) => parse_memory(&text)?,
            Err(e) if required => {
                return Err(format!(
                    "{}: {e} (run without --no-run first)",
                    memory_file.display()
                ));
            }
            Err(_) => BTreeMap::new(),
        };
        // The command's figures, when they were measured.
        if let Ok(cli) = std::fs::read_to_string(root.join(cli_memory::FILE)) {
            memory.extend(parse_memory(&cli)?);
        }
        let counts = match std::fs::read_to_string(root.join(instructions::FILE)) {
            Ok(text) => instructions::parse(&text)?,
            Err(_) => BTreeMap::new(),
        };
        let speed = match std::fs::read_to_string(root.join(cli_speed::FILE)) {
            Ok(text) => cli_speed::parse(&text)?,
            Err(_) => cli_speed::Speed::default(),
        };
        Ok(Saved {
            results,
            memory,
            counts,
            speed,
        })
    }
}

/// Runs the benchmarks and writes BENCHMARKS.md.
pub fn run(args: &Args) -> Result<bool, String> {
    if let Some(part) = args.only {
        return run_only(args, part);
    }
    let root = crate::workspace_root();
    if !args.no_run {
        run_benches(args)?;
        let output = run_peak_memory()?;
        let memory_file = root.join(PEAK_MEMORY_FILE);
        if let Some(parent) = memory_file.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&memory_file, &output)
            .map_err(|e| format!("{}: {e}", memory_file.display()))?;
        let cli = cli_memory::run()?;
        let cli_file = root.join(cli_memory::FILE);
        std::fs::write(&cli_file, &cli).map_err(|e| format!("{}: {e}", cli_file.display()))?;
        let uncounted = instructions::uncounted(args.no_instructions);
        let speed = cli_speed::run(uncounted)?;
        let speed_file = root.join(cli_speed::FILE);
        std::fs::write(&speed_file, &speed)
            .map_err(|e| format!("{}: {e}", speed_file.display()))?;
        let hostile_file = root.join(hostile::FILE);
        std::fs::write(&hostile_file, hostile::run(None, uncounted)?)
            .map_err(|e| format!("{}: {e}", hostile_file.display()))?;
        if !args.no_instructions {
            if instructions::available() {
                let counts = instructions::run()?;
                let file = root.join(instructions::FILE);
                std::fs::write(&file, &counts).map_err(|e| format!("{}: {e}", file.display()))?;
            } else {
                println!("valgrind not found: no instruction counts");
            }
        }
    }
    let mut saved = Saved::load(&root, true)?;
    if args.no_instructions {
        saved.counts.clear();
    }
    let (results, memory, counts, speed) = (saved.results, saved.memory, saved.counts, saved.speed);
    let report = Report::new(&results, &memory, &counts, &speed);
    let path = root.join("BENCHMARKS.md");
    let notes = std::fs::read_to_string(&path)
        .ok()
        .and_then(|old| {
            old.split_once(NOTES_MARKER)
                .map(|(_, notes)| notes.to_owned())
        })
        .unwrap_or_else(|| "\n\n## Analysis\n\n(none yet)\n".to_owned());
    let hostile_runs = load_hostile(&root)?;
    let mut text = report.render(args, &notes);
    if !hostile_runs.is_empty() {
        text = hostile::splice(&text, &hostile::render(&hostile_runs), NOTES_MARKER);
    }
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("wrote {}", path.display());
    let missed: Vec<&Check> = report.checks.iter().filter(|c| !c.met()).collect();
    for check in &missed {
        println!("missed: {} ({})", check.what, check.describe());
    }
    println!(
        "{} of {} targets met",
        report.checks.len() - missed.len(),
        report.checks.len()
    );
    let hostile_missed = hostile::missed(&hostile_runs);
    for line in &hostile_missed {
        println!("missed (hostile): {line}");
    }
    Ok(!args.check || (missed.is_empty() && hostile_missed.is_empty()))
}

/// The command line BENCHMARKS.md says reproduces it.
fn bench_command(args: &Args) -> String {
    let mut command = String::from("cargo bench -p antenna-benches --features baselines");
    for target in BENCH_TARGETS {
        let _ = write!(command, " --bench {target}");
    }
    let _ = write!(
        command,
        " -- --warm-up-time 1 --measurement-time {} --sample-size {}",
        args.measurement_time, args.sample_size
    );
    command
}

fn run_benches(args: &Args) -> Result<(), String> {
    let mut command = crate::cargo();
    command.current_dir(crate::workspace_root()).args([
        "bench",
        "-p",
        "antenna-benches",
        "--features",
        "baselines",
    ]);
    for target in BENCH_TARGETS {
        command.args(["--bench", target]);
    }
    command.args([
        "--",
        "--warm-up-time",
        "1",
        "--measurement-time",
        &args.measurement_time.to_string(),
        "--sample-size",
        &args.sample_size.to_string(),
    ]);
    println!("running: {}", bench_command(args));
    let status = command
        .status()
        .map_err(|e| format!("cannot run cargo bench: {e}"))?;
    if !status.success() {
        return Err(format!("cargo bench failed ({status})"));
    }
    Ok(())
}

fn run_peak_memory() -> Result<String, String> {
    println!(
        "running: cargo run --release -p antenna-benches --features baselines --example peak_memory"
    );
    let output = crate::cargo()
        .current_dir(crate::workspace_root())
        .args([
            "run",
            "--release",
            "-p",
            "antenna-benches",
            "--features",
            "baselines",
            "--example",
            "peak_memory",
        ])
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run the peak_memory example: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "the peak_memory example failed ({})",
            output.status
        ));
    }
    String::from_utf8(output.stdout).map_err(|e| format!("peak_memory output: {e}"))
}

/// One benchmark's result.
#[derive(Debug, Clone, Copy)]
struct Measured {
    /// Median time of one iteration, nanoseconds.
    median_ns: f64,
    /// Bytes per iteration (criterion's `Throughput::Bytes`).
    bytes: u64,
}

impl Measured {
    fn mb_per_s(self) -> f64 {
        if self.median_ns <= 0.0 {
            return 0.0;
        }
        self.bytes as f64 / (self.median_ns / 1e9) / 1e6
    }
}

/// `group/bench` → result, from `target/criterion/<group>/<bench>/new/`.
fn read_criterion(dir: &Path) -> Result<BTreeMap<String, Measured>, String> {
    let mut results = BTreeMap::new();
    let groups = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e} (run the benchmarks first)", dir.display()))?;
    for group in groups.flatten() {
        let Ok(benches) = std::fs::read_dir(group.path()) else {
            continue;
        };
        for bench in benches.flatten() {
            let new = bench.path().join("new");
            let (Ok(estimates), Ok(benchmark)) = (
                std::fs::read_to_string(new.join("estimates.json")),
                std::fs::read_to_string(new.join("benchmark.json")),
            ) else {
                continue;
            };
            let estimates: Value =
                serde_json::from_str(&estimates).map_err(|e| format!("{}: {e}", new.display()))?;
            let benchmark: Value =
                serde_json::from_str(&benchmark).map_err(|e| format!("{}: {e}", new.display()))?;
            let median_ns = estimates["median"]["point_estimate"].as_f64();
            let bytes = benchmark["throughput"]["Bytes"].as_u64();
            let id = benchmark["full_id"].as_str().map(str::to_owned);
            if let (Some(median_ns), Some(bytes), Some(id)) = (median_ns, bytes, id) {
                results.insert(id, Measured { median_ns, bytes });
            }
        }
    }
    Ok(results)
}

/// One line of the peak-memory example.
#[derive(Debug, Clone, Copy)]
struct Memory {
    input_bytes: u64,
    peak_bytes: u64,
}

fn parse_memory(text: &str) -> Result<BTreeMap<String, Memory>, String> {
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let value: Value =
            serde_json::from_str(line).map_err(|e| format!("peak_memory line {line:?}: {e}"))?;
        let (Some(name), Some(input_bytes), Some(peak_bytes)) = (
            value["name"].as_str(),
            value["input_bytes"].as_u64(),
            value["peak_bytes"].as_u64(),
        ) else {
            return Err(format!("peak_memory line {line:?} lacks a field"));
        };
        out.insert(
            name.to_owned(),
            Memory {
                input_bytes,
                peak_bytes,
            },
        );
    }
    Ok(out)
}

/// Which way a ratio must go.
#[derive(Debug, Clone, Copy)]
enum Bound {
    AtLeast(f64),
    AtMost(f64),
}

/// A target: a ratio of two figures and its bound.
#[derive(Debug, Clone)]
struct Check {
    what: String,
    figure: String,
    baseline: String,
    /// `None` when one of the two figures is missing.
    ratio: Option<f64>,
    bound: Bound,
}

impl Check {
    fn met(&self) -> bool {
        match (self.ratio, self.bound) {
            (Some(r), Bound::AtLeast(b)) => r >= b,
            (Some(r), Bound::AtMost(b)) => r <= b,
            (None, _) => false,
        }
    }

    fn target(&self) -> String {
        match self.bound {
            Bound::AtLeast(b) => format!("≥ {b:.2}"),
            Bound::AtMost(b) => format!("≤ {b:.2}"),
        }
    }

    fn describe(&self) -> String {
        match self.ratio {
            Some(r) => format!("ratio {}, target {}", ratio(r), self.target()),
            None => format!("not measured, target {}", self.target()),
        }
    }
}

struct Report<'a> {
    results: &'a BTreeMap<String, Measured>,
    memory: &'a BTreeMap<String, Memory>,
    /// Profile case → instructions of one read (empty when not counted).
    instructions: &'a BTreeMap<String, u64>,
    /// The command's CPU times and instruction counts.
    cli_speed: &'a cli_speed::Speed,
    checks: Vec<Check>,
}

/// The baseline each throughput figure is shown against, if any.
fn baseline_of(id: &str) -> Option<String> {
    let (group, bench) = id.split_once('/')?;
    // Only readers are compared with a floor: a floor reads.
    if !bench.starts_with("read") {
        return None;
    }
    let floor = if group.starts_with("rss_") {
        "floor_quick_xml"
    } else if group.starts_with("lirs_gzip") {
        "floor_gunzip"
    } else if group.starts_with("lirs_plain") {
        "floor_csv"
    } else if group == "hina_di" {
        "floor_split"
    } else {
        return None;
    };
    Some(format!("{group}/{floor}"))
}

impl<'a> Report<'a> {
    fn new(
        results: &'a BTreeMap<String, Measured>,
        memory: &'a BTreeMap<String, Memory>,
        instructions: &'a BTreeMap<String, u64>,
        cli_speed: &'a cli_speed::Speed,
    ) -> Self {
        let mut report = Report {
            results,
            memory,
            instructions,
            cli_speed,
            checks: Vec::new(),
        };
        for group in ["rss_5000", "rss_50"] {
            report.speed(
                &format!("{group}: rss2 reads ≥ 1.2× the `rss` crate"),
                &format!("{group}/read_rss2"),
                &format!("{group}/baseline_rss_crate"),
                Bound::AtLeast(1.2),
            );
            report.speed(
                &format!("{group}: rss2 reads ≥ 0.75× the quick-xml floor"),
                &format!("{group}/read_rss2"),
                &format!("{group}/floor_quick_xml"),
                Bound::AtLeast(0.75),
            );
            report.speed(
                &format!("{group}: writing no slower than reading"),
                &format!("{group}/write_rss2"),
                &format!("{group}/read_rss2"),
                Bound::AtLeast(1.0),
            );
        }
        report.memory_check(
            "rss_5000: rss2's peak memory ≤ the `rss` crate's",
            "rss_5000/read_rss2",
            "rss_5000/baseline_rss_crate",
            Bound::AtMost(1.0),
        );
        for enc in ["eucjp", "utf8"] {
            let gzip = format!("lirs_gzip_{enc}");
            let plain = format!("lirs_plain_{enc}");
            // The csv crate splitting the same bytes into byte records:
            // the full reader decodes, unescapes, types and checks URLs
            // (§3.5) on top, the streaming reader all but the URL check.
            // The streaming figure is its lent records (`next_ref`), which
            // like the floor's reused byte record own no text.
            for (reader, bound) in [("read", 0.5), ("read_stream_borrowed", 0.8)] {
                report.speed(
                    &format!("{plain}: {reader} ≥ {bound}× the csv floor"),
                    &format!("{plain}/{reader}"),
                    &format!("{plain}/floor_csv"),
                    Bound::AtLeast(bound),
                );
            }
            for reader in ["read", "read_stream"] {
                report.time_within(
                    &format!(
                        "{gzip}: {reader} within 1.1× the time of decompression alone + the plain {reader}"
                    ),
                    &format!("{gzip}/{reader}"),
                    [&format!("{gzip}/floor_gunzip"), &format!("{plain}/{reader}")],
                    1.1,
                );
            }
            for group in [&plain, &gzip] {
                report.speed(
                    &format!("{group}: writing no slower than reading"),
                    &format!("{group}/write"),
                    &format!("{group}/read"),
                    Bound::AtLeast(1.0),
                );
            }
        }
        report.speed(
            "hina_di: read ≥ 0.25× the memchr split into lines and field names",
            "hina_di/read",
            "hina_di/floor_split",
            Bound::AtLeast(0.25),
        );
        report.speed(
            "hina_di: writing no slower than reading",
            "hina_di/write",
            "hina_di/read",
            Bound::AtLeast(1.0),
        );
        for kind in ["plain", "gzip"] {
            report.memory_check(
                &format!("lirs stream ({kind}): peak at 10× the input ≤ 1.1× the peak at 1×"),
                &format!("lirs_stream_{kind}/1000000"),
                &format!("lirs_stream_{kind}/100000"),
                Bound::AtMost(1.1),
            );
        }
        instructions::checks(&mut report);
        cli_memory::checks(&mut report);
        cli_speed::checks(&mut report);
        report
    }

    fn speed(&mut self, what: &str, figure: &str, baseline: &str, bound: Bound) {
        let ratio = match (self.results.get(figure), self.results.get(baseline)) {
            (Some(f), Some(b)) if b.mb_per_s() > 0.0 => Some(f.mb_per_s() / b.mb_per_s()),
            _ => None,
        };
        self.checks.push(Check {
            what: what.to_owned(),
            figure: figure.to_owned(),
            baseline: baseline.to_owned(),
            ratio,
            bound,
        });
    }

    /// A time target: `figure` takes at most `factor` times the time of
    /// `parts` together (the ratio shown is their time ÷ the figure's, so
    /// the bound is `1 / factor`).
    fn time_within(&mut self, what: &str, figure: &str, parts: [&str; 2], factor: f64) {
        let time = |id: &str| self.results.get(id).map(|m| m.median_ns);
        let ratio = match (time(figure), time(parts[0]), time(parts[1])) {
            (Some(f), Some(a), Some(b)) if f > 0.0 => Some((a + b) / f),
            _ => None,
        };
        self.checks.push(Check {
            what: what.to_owned(),
            figure: figure.to_owned(),
            // Rendered in backquotes: "`a` + `b`".
            baseline: parts.join("` + `"),
            ratio,
            bound: Bound::AtLeast(1.0 / factor),
        });
    }

    fn memory_check(&mut self, what: &str, figure: &str, baseline: &str, bound: Bound) {
        let ratio = match (self.memory.get(figure), self.memory.get(baseline)) {
            (Some(f), Some(b)) if b.peak_bytes > 0 => {
                Some(f.peak_bytes as f64 / b.peak_bytes as f64)
            }
            _ => None,
        };
        self.checks.push(Check {
            what: what.to_owned(),
            figure: figure.to_owned(),
            baseline: baseline.to_owned(),
            ratio,
            bound,
        });
    }

    fn render(&self, args: &Args, notes: &str) -> String {
        let mut out = String::new();
        let met = self.checks.iter().filter(|c| c.met()).count();
        out.push_str("# Benchmarks\n\n");
        out.push_str(
            "Written by `cargo xtask bench` (xtask/src/bench.rs) from criterion's medians; \
             do not edit above the notes marker. Inputs are made by the deterministic \
             generators of `benches/src/lib.rs`, so every run reads the same bytes.\n\n",
        );
        let _ = writeln!(
            out,
            "- Date: {}",
            command_output("date", &["-u", "+%Y-%m-%d %H:%M UTC"])
        );
        let _ = writeln!(out, "- Machine: {}", machine());
        let _ = writeln!(out, "- Toolchain: {}", command_output("rustc", &["-V"]));
        let _ = writeln!(
            out,
            "- Command: `cargo xtask bench` (= `{}`, then `cargo run --release -p antenna-benches --features baselines --example peak_memory`, the `cli_memory`, `cli_speed` and `hostile` examples, and `valgrind --tool=callgrind` on the `profile` example and on the `antenna` runs the `cli_speed` and `hostile` examples plan)",
            bench_command(args)
        );
        let _ = writeln!(out, "- Targets met: {met} of {}\n", self.checks.len());

        out.push_str("## Targets\n\n");
        out.push_str("| target | figure | baseline | ratio | bound | |\n");
        out.push_str("| --- | --- | --- | ---: | ---: | --- |\n");
        for check in &self.checks {
            let ratio = check.ratio.map_or_else(|| "—".to_owned(), ratio);
            let _ = writeln!(
                out,
                "| {} | `{}` | `{}` | {ratio} | {} | {} |",
                check.what,
                check.figure,
                check.baseline,
                check.target(),
                if check.met() { "met" } else { "**missed**" }
            );
        }
        out.push_str(
            "\nSpeed ratios are figure MB/s ÷ baseline MB/s, except for \"within 1.1× the time \
             of A + B\": there the ratio is the time of A and B together ÷ the figure's time, \
             so the bound is 1/1.1 = 0.91. Rows marked (instructions) compare callgrind's \
             counts: of one read (see Instructions below), the baseline's count ÷ the figure's; \
             of the `antenna` command's convert ÷ check, the conversion's count ÷ the check's \
             (whole processes, see the command's speed below). \
             Memory ratios are peak ÷ baseline peak.\n\n",
        );

        out.push_str("## Throughput\n\n");
        out.push_str(
            "MB/s = 10⁶ bytes per second of the median iteration. Bytes are the input as given \
             (compressed, for gzip) for reading and conversion, and the output for writing. \
             The ratio (readers only) is to the group's floor (quick-xml event loop for RSS, \
             gzip decompression for gzip LIRS, the `csv` crate's byte records for plain LIRS, memchr split into lines and field names for HINA-DI). \
             `read` builds the whole document (LIRS: with the §3.5 duplicate-URL check); \
             `read_stream` is `lirs::RecordReader` without duplicate detection, its records \
             owned (`next`, as the CLI streams); `read_stream_borrowed` the same reader's \
             records lent by `next_ref`, text borrowed from its buffers.\n\n",
        );
        out.push_str("| benchmark | bytes | median | MB/s | ÷ floor |\n");
        out.push_str("| --- | ---: | ---: | ---: | ---: |\n");
        for (id, m) in self.results {
            let ratio = baseline_of(id)
                .and_then(|b| self.results.get(&b).copied())
                .filter(|b| b.mb_per_s() > 0.0)
                .map_or_else(String::new, |b| ratio(m.mb_per_s() / b.mb_per_s()));
            let _ = writeln!(
                out,
                "| `{id}` | {} | {} | {:.1} | {ratio} |",
                m.bytes,
                duration(m.median_ns),
                m.mb_per_s()
            );
        }

        out.push_str("\n## Peak memory\n\n");
        out.push_str(
            "Measured by the counting global allocator of `benches/examples/peak_memory.rs`: \
             the highest heap in use while the reader ran, above what was in use before (the \
             input itself is not counted). The streaming reader (`lirs::RecordReader`) is run on \
             100,000 and 1,000,000 records.\n\n",
        );
        out.push_str("| reader | input bytes | peak heap bytes | peak ÷ input |\n");
        out.push_str("| --- | ---: | ---: | ---: |\n");
        for (name, m) in self.memory.iter().filter(|(n, _)| !n.starts_with("cli_")) {
            memory_row(&mut out, name, m);
        }
        cli_memory::render(self.memory, &mut out);
        cli_speed::render(self.cli_speed, &mut out);
        instructions::render(self.instructions, &mut out);
        out.push('\n');
        out.push_str(NOTES_MARKER);
        out.push_str(notes);
        out
    }
}

/// One row of a peak-memory table: name, input, peak and their ratio.
fn memory_row(out: &mut String, name: &str, m: &Memory) {
    let _ = writeln!(
        out,
        "| `{name}` | {} | {} | {:.3} |",
        m.input_bytes,
        m.peak_bytes,
        m.peak_bytes as f64 / m.input_bytes.max(1) as f64
    );
}

/// A ratio with two decimals, or three significant digits below 0.1 (so
/// that a small ratio does not show as 0.00).
fn ratio(r: f64) -> String {
    if r >= 0.1 || r == 0.0 {
        format!("{r:.2}")
    } else {
        let decimals = (-r.log10().floor()) as usize + 2;
        format!("{r:.decimals$}")
    }
}

fn duration(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.2} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.1} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

fn command_output(program: &str, args: &[&str]) -> String {
    std::process::Command::new(program)
        .args(args)
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// "N cores (model), M GiB memory, kernel".
fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .and_then(|l| l.split_once(':'))
        .map_or("unknown CPU", |(_, m)| m.trim())
        .to_owned();
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let mem_gib = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or_else(
            || "unknown".to_owned(),
            |kb| format!("{:.1}", kb / 1024.0 / 1024.0),
        );
    format!(
        "{cores} cores ({model}), {mem_gib} GiB memory, {}",
        command_output("uname", &["-sr"])
    )
}
