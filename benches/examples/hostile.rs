//! The `antenna` command on hostile inputs (issue #28): each shape of
//! [`antenna_benches::hostile`] (and the whole-file inputs of the other
//! generators) at three sizes, each command that reads it run as a child
//! process under `/usr/bin/time`.
//!
//! ```text
//! cargo build --release -p antenna-cli
//! cargo run --release -p antenna-benches --example hostile -- target/release/antenna [PERCENT]
//! ```
//!
//! `PERCENT` scales every size (100 by default; 10 for a quick look).
//! Prints one JSON object a line: `{"shape": ..., "command": ...,
//! "size": ..., "input_bytes": ..., "peak_bytes": ..., "seconds": ...,
//! "output_bytes": ..., "exit": ...}`, where `input_bytes` is what the
//! command reads (decompressed, for gzip; every file, for merge),
//! `peak_bytes` the process's peak RSS, `seconds` its CPU time (user +
//! system) and `output_bytes` what it wrote on standard output and error
//! together. A run under half a second of CPU is made up to three times
//! and its least time kept. `cargo xtask bench --only hostile` fits the
//! growth of time and peak memory over the sizes.
//!
//! With `--plan DIR` it writes each shape's inputs at its counted sizes
//! (smaller ones) under `DIR` and prints the runs instead of making them
//! (see [`plan_all`]): `cargo xtask bench` counts their instructions
//! under callgrind, the figure the time exponent is judged by.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use antenna_benches::{LirsEncoding, hostile};

mod plan;

/// The fixed `--now` of every command: the generated files are of 2002.
const NOW: &str = "2002-09-07T00:00:00Z";

/// One run of the command on one input.
struct Run {
    command: &'static str,
    args: Vec<String>,
    stdin: Option<PathBuf>,
}

/// What a shape's generator made at one size.
struct Made {
    input_bytes: usize,
    runs: Vec<Run>,
}

/// A shape: its name, its three sizes (at 100%) for time and peak
/// memory, its three sizes (at 100%) for instruction counts, and its
/// maker. The counted sizes are smaller: callgrind runs the command some
/// fifty times slower, and its counts are exact, so a few seconds under
/// it are enough once past the process's start-up (which `cargo xtask
/// bench` counts too and holds each smallest count well above).
type Shape = (&'static str, [usize; 3], [usize; 3], Make);

/// How a shape's input is made and which commands read it.
enum Make {
    /// Files and runs of the shape's own.
    Runs(fn(&Dir, usize) -> Result<Made, String>),
    /// One file (its name, its generator) read by [`read_three`]: its
    /// format, the format to convert to, the decoder's protocol.
    OneFile(&'static str, fn(usize) -> Vec<u8>, [&'static str; 3]),
}

/// The folder the inputs are written to, and the command's arguments
/// that name them.
struct Dir {
    path: PathBuf,
    /// Outputs named so far, when each run writes a file of its own
    /// (`--plan`: the planned runs may go side by side).
    outs: Option<std::cell::Cell<usize>>,
}

impl Dir {
    /// Writes `bytes` to `name` and returns its path as an argument.
    fn put(&self, name: &str, bytes: &[u8]) -> Result<String, String> {
        let path = self.path.join(name);
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.display().to_string())
    }

    /// The output file's path, as an argument.
    fn out(&self) -> String {
        let name = match &self.outs {
            Some(n) => {
                n.set(n.get() + 1);
                format!("out{}", n.get())
            }
            None => "out".to_owned(),
        };
        self.path.join(name).display().to_string()
    }

    /// A policy trusting [`hostile::AGENT_URL`], with `extra` lines.
    fn policy(&self, extra: &str) -> Result<String, String> {
        self.policy_named("policy.toml", extra)
    }

    /// [`Dir::policy`] in a file of its own name, for a shape whose runs
    /// differ in their policy.
    fn policy_named(&self, name: &str, extra: &str) -> Result<String, String> {
        self.put(
            name,
            format!(
                "trust_agents = [\"{}\"]\n{extra}\n[agent]\nname = \"hostile/0.1\"\nurl = \"http://my.example.jp/\"\n\
                 [[sources]]\nurl = \"http://src.example.jp/feed\"\n\
                 agent = {{ name = \"hostile-antenna\", url = \"{}\" }}\n",
                hostile::AGENT_URL,
                hostile::AGENT_URL
            )
            .as_bytes(),
        )
    }
}

/// `args` as owned strings.
fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| (*s).to_owned()).collect()
}

/// A run with its arguments and no standard input.
fn run(command: &'static str, args: &[&str]) -> Run {
    Run {
        command,
        args: strings(args),
        stdin: None,
    }
}

/// A run reading `stdin`.
fn piped(command: &'static str, args: &[&str], stdin: &str) -> Run {
    Run {
        command,
        args: strings(args),
        stdin: Some(PathBuf::from(stdin)),
    }
}

/// `merge FILE=URL... --policy P --now NOW --to TO -o OUT`.
fn merge(command: &'static str, dir: &Dir, sources: &[String], policy: &str, to: &str) -> Run {
    let mut args = sources.to_vec();
    args.insert(0, "merge".to_owned());
    let out = dir.out();
    args.extend(strings(&[
        "--policy", policy, "--now", NOW, "--to", to, "-o", &out,
    ]));
    Run {
        command,
        args,
        stdin: None,
    }
}

/// check, convert to `to` and decode (protocol `protocol`) of one file
/// of `format`.
fn read_three(dir: &Dir, path: &str, format: &str, to: &str, protocol: &str) -> Vec<Run> {
    let out = dir.out();
    vec![
        run("check", &["check", path]),
        run(
            if to == "rss2" {
                "convert_to_rss2"
            } else {
                "convert_to_hina_di"
            },
            &["convert", path, "--to", to, "--now", NOW, "-o", &out],
        ),
        piped(
            if protocol == "2" {
                "decode_protocol_2"
            } else {
                "decode"
            },
            &["decode", "--format", format, "--protocol", protocol],
            path,
        ),
    ]
}

/// `bytes` written to `name` and read by [`read_three`] (`format`, the
/// format to convert to, the decoder's protocol).
fn one_file(
    dir: &Dir,
    name: &str,
    bytes: &[u8],
    [format, to, protocol]: [&str; 3],
) -> Result<Made, String> {
    let path = dir.put(name, bytes)?;
    Ok(Made {
        input_bytes: bytes.len(),
        runs: read_three(dir, &path, format, to, protocol),
    })
}

fn blank_lines(dir: &Dir, lines: usize) -> Result<Made, String> {
    let gz = dir.put("blank.lirs.gz", &hostile::blank_lines_gzip(lines))?;
    let policy = dir.policy("")?;
    let out = dir.out();
    Ok(Made {
        input_bytes: 2 * lines,
        runs: vec![
            run("check", &["check", &gz]),
            run(
                "convert_to_lirs",
                &["convert", &gz, "--to", "lirs", "-o", &out],
            ),
            piped("decode", &["decode", "--format", "lirs"], &gz),
            merge(
                "merge_to_lirs",
                dir,
                &[format!("{gz}=http://src.example.jp/feed")],
                &policy,
                "lirs",
            ),
        ],
    })
}

fn blank_lines_plain(dir: &Dir, lines: usize) -> Result<Made, String> {
    let bytes = hostile::blank_lines_plain(lines);
    let path = dir.put("blank.lirs", &bytes)?;
    let out = dir.out();
    Ok(Made {
        input_bytes: bytes.len(),
        runs: vec![
            run("check", &["check", &path]),
            run(
                "convert_to_lirs",
                &["convert", &path, "--to", "lirs", "-o", &out],
            ),
        ],
    })
}

fn bad_escapes(dir: &Dir, k: usize) -> Result<Made, String> {
    // k lines of k × 16,384 bad escapes: the lines grow with their number,
    // so that a cost per line that grows faster than the line shows.
    let bytes = hostile::lirs_bad_escapes(k, k * 16_384);
    let path = dir.put("escapes.lirs", &bytes)?;
    Ok(Made {
        input_bytes: bytes.len(),
        runs: vec![
            run("check", &["check", &path]),
            piped("decode", &["decode", "--format", "lirs"], &path),
        ],
    })
}

fn block_of_fields(dir: &Dir, n: usize) -> Result<Made, String> {
    let bytes = hostile::hina_di_block_of_fields(n);
    let path = dir.put("fields.hdi", &bytes)?;
    let policy = dir.policy("keep_extensions = true")?;
    // The default policy drops every `X-` field, a decision each: the
    // run that found 200,000 decisions held at ~20x the block.
    let dropping = dir.policy_named("policy-default.toml", "")?;
    let out = dir.out();
    let source = format!("{path}=http://src.example.jp/hina.di");
    Ok(Made {
        input_bytes: bytes.len(),
        runs: vec![
            run("check", &["check", &path]),
            run(
                "convert_to_hina_di",
                &[
                    "convert", &path, "--to", "hina-di", "--now", NOW, "-o", &out,
                ],
            ),
            merge(
                "merge_to_hina_di",
                dir,
                std::slice::from_ref(&source),
                &policy,
                "hina-di",
            ),
            merge("merge_default_policy", dir, &[source], &dropping, "hina-di"),
        ],
    })
}

/// Blocks in each file of a `Virtual` chain. The chains are longer than
/// `propagate::MAX_VIRTUAL_DEPTH` (64) at every size, so that the steps
/// of a stub are bounded and the work grows with the files alone.
const VIRTUAL_BLOCKS: usize = 25;

fn virtual_files(dir: &Dir, files: usize, looped: bool) -> Result<Made, String> {
    let mut sources = Vec::new();
    let mut input_bytes = 0;
    for (i, bytes) in hostile::virtual_chain(files, VIRTUAL_BLOCKS, looped)
        .iter()
        .enumerate()
    {
        let path = dir.put(&format!("v{i}.hdi"), bytes)?;
        sources.push(format!("{path}={}", hostile::virtual_file_url(i)));
        input_bytes += bytes.len();
    }
    // The deepest a policy may ask for (propagate::MAX_VIRTUAL_DEPTH).
    let policy = dir.policy("max_virtual_depth = 64")?;
    Ok(Made {
        input_bytes,
        runs: vec![merge("merge_to_hina_di", dir, &sources, &policy, "hina-di")],
    })
}

fn virtual_chain(dir: &Dir, files: usize) -> Result<Made, String> {
    virtual_files(dir, files, false)
}

fn virtual_loop(dir: &Dir, files: usize) -> Result<Made, String> {
    virtual_files(dir, files, true)
}

fn many_agents(dir: &Dir, n: usize) -> Result<Made, String> {
    let (file, policy) = hostile::many_agents(n);
    let path = dir.put("agents.hdi", &file)?;
    let policy_path = dir.put("agents.toml", policy.as_bytes())?;
    Ok(Made {
        input_bytes: file.len() + policy.len(),
        runs: vec![merge(
            "merge_to_hina_di",
            dir,
            &[format!("{path}=http://src.example.jp/hina.di")],
            &policy_path,
            "hina-di",
        )],
    })
}

fn lirs_stdin(dir: &Dir, records: usize) -> Result<Made, String> {
    let plain = antenna_benches::lirs_file(records, LirsEncoding::EucJp);
    let gz = dir.put("stdin.lirs.gz", &antenna_benches::gzip(&plain))?;
    let out = dir.out();
    Ok(Made {
        input_bytes: plain.len(),
        runs: vec![
            piped("check", &["check", "-"], &gz),
            piped("decode", &["decode", "--format", "lirs"], &gz),
            piped(
                "convert_to_lirs",
                &["convert", "-", "--to", "lirs", "-o", &out],
                &gz,
            ),
        ],
    })
}

/// The generated HINA-DI file, each block authorized by the agent the
/// policy trusts, so that `merge` admits and publishes every one (the
/// file as generated names no agent, and merge would drop every block
/// as it reads it, holding none).
fn hina_di_whole(dir: &Dir, blocks: usize) -> Result<Made, String> {
    let authorized = format!(
        "\r\nAuthorized: hostile-antenna\r\nAuthorized-url: {}\r\nURL: ",
        hostile::AGENT_URL
    );
    let file = antenna_benches::hina_di_file(blocks);
    let mut bytes = Vec::with_capacity(file.len() + blocks * authorized.len());
    let url = b"\r\nURL: ";
    let mut rest = file.as_slice();
    while let Some(at) = memchr::memmem::find(rest, url) {
        bytes.extend_from_slice(rest.get(..at).unwrap_or_default());
        bytes.extend_from_slice(authorized.as_bytes());
        rest = rest.get(at + url.len()..).unwrap_or_default();
    }
    bytes.extend_from_slice(rest);
    let path = dir.put("whole.hdi", &bytes)?;
    let policy = dir.policy("")?;
    Ok(Made {
        input_bytes: bytes.len(),
        runs: vec![merge(
            "merge_to_hina_di",
            dir,
            &[format!("{path}=http://src.example.jp/hina.di")],
            &policy,
            "hina-di",
        )],
    })
}

fn lirs_whole(dir: &Dir, records: usize) -> Result<Made, String> {
    let plain = antenna_benches::lirs_file(records, LirsEncoding::EucJp);
    let gz = dir.put("whole.lirs.gz", &antenna_benches::gzip(&plain))?;
    let policy = dir.policy("")?;
    Ok(Made {
        input_bytes: plain.len(),
        runs: vec![merge(
            "merge_to_lirs",
            dir,
            &[format!("{gz}=http://src.example.jp/feed")],
            &policy,
            "lirs",
        )],
    })
}

fn rss_whole(dir: &Dir, items: usize) -> Result<Made, String> {
    let bytes = antenna_benches::rss_feed(items);
    let path = dir.put("whole.xml", &bytes)?;
    let policy = dir.policy("")?;
    let out = dir.out();
    Ok(Made {
        input_bytes: bytes.len(),
        runs: vec![
            merge(
                "merge_to_hina_di",
                dir,
                &[format!("{path}=http://src.example.jp/feed")],
                &policy,
                "hina-di",
            ),
            run(
                "convert_to_hina_di",
                &[
                    "convert", &path, "--to", "hina-di", "--now", NOW, "-o", &out,
                ],
            ),
            piped(
                "decode_protocol_2",
                &["decode", "--format", "rss2", "--protocol", "2"],
                &path,
            ),
        ],
    })
}

/// Where `encode_lirs` finds the command, set once by `main`.
static ANTENNA: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

fn encode_lirs(dir: &Dir, records: usize) -> Result<Made, String> {
    let plain = antenna_benches::lirs_file(records, LirsEncoding::EucJp);
    let lirs = dir.put("encode.lirs", &plain)?;
    let antenna = ANTENNA.get().ok_or("no antenna")?;
    let file = std::fs::File::open(&lirs).map_err(|e| format!("{lirs}: {e}"))?;
    let json = Command::new(antenna)
        .args(["decode", "--format", "lirs"])
        .stdin(file)
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", antenna.display()))?;
    if !json.status.success() {
        return Err("antenna decode --format lirs failed".to_owned());
    }
    let path = dir.put("encode.json", &json.stdout)?;
    Ok(Made {
        input_bytes: json.stdout.len(),
        runs: vec![piped("encode", &["encode", "--format", "lirs"], &path)],
    })
}

/// Every shape.
const SHAPES: &[Shape] = &[
    (
        "lirs_blank_lines_gzip",
        [1 << 20, 2 << 20, 4 << 20],
        [1 << 16, 1 << 17, 1 << 18],
        Make::Runs(blank_lines),
    ),
    (
        "lirs_blank_lines_plain",
        [1 << 20, 2 << 20, 4 << 20],
        [1 << 16, 1 << 17, 1 << 18],
        Make::Runs(blank_lines_plain),
    ),
    (
        "rss_enclosures_one_line",
        // Large enough that the process's own few MB do not count for more
        // than the document (0.7 MB at 8,000).
        [20_000, 40_000, 80_000],
        [10_000, 20_000, 40_000],
        Make::OneFile(
            "enclosures.xml",
            hostile::rss_enclosures_one_line,
            ["rss2", "hina-di", "2"],
        ),
    ),
    (
        "lirs_bad_escapes",
        [3, 6, 12],
        [2, 4, 8],
        Make::Runs(bad_escapes),
    ),
    (
        "hina_di_block_of_fields",
        [50_000, 100_000, 200_000],
        [12_500, 25_000, 50_000],
        Make::Runs(block_of_fields),
    ),
    (
        "hina_di_virtual_chain",
        [100, 200, 400],
        [80, 160, 320],
        Make::Runs(virtual_chain),
    ),
    (
        "hina_di_virtual_loop",
        [100, 200, 400],
        [80, 160, 320],
        Make::Runs(virtual_loop),
    ),
    (
        "hina_di_many_agents",
        [10_000, 20_000, 40_000],
        [2_500, 5_000, 10_000],
        Make::Runs(many_agents),
    ),
    (
        "rss_sibling_elements",
        [100_000, 200_000, 400_000],
        [50_000, 100_000, 200_000],
        Make::OneFile(
            "siblings.xml",
            hostile::rss_sibling_elements,
            ["rss2", "hina-di", "2"],
        ),
    ),
    (
        "rss_many_categories",
        [80_000, 160_000, 320_000],
        [40_000, 80_000, 160_000],
        Make::OneFile(
            "categories.xml",
            hostile::rss_many_categories,
            ["rss2", "hina-di", "2"],
        ),
    ),
    (
        "hina_di_bad_lines",
        [200_000, 400_000, 800_000],
        [50_000, 100_000, 200_000],
        Make::OneFile(
            "bad-lines.hdi",
            hostile::hina_di_bad_lines,
            ["hina-di", "rss2", "1"],
        ),
    ),
    (
        "hina_di_bad_blocks",
        [20_000, 40_000, 80_000],
        [2_500, 5_000, 10_000],
        Make::OneFile(
            "bad-blocks.hdi",
            hostile::hina_di_bad_blocks,
            ["hina-di", "rss2", "1"],
        ),
    ),
    (
        "lirs_stdin",
        [50_000, 100_000, 200_000],
        [6_250, 12_500, 25_000],
        Make::Runs(lirs_stdin),
    ),
    (
        "hina_di_whole",
        [20_000, 40_000, 80_000],
        [2_500, 5_000, 10_000],
        Make::Runs(hina_di_whole),
    ),
    (
        "lirs_whole",
        [25_000, 50_000, 100_000],
        [6_250, 12_500, 25_000],
        Make::Runs(lirs_whole),
    ),
    (
        "rss_whole",
        [5_000, 10_000, 20_000],
        [1_250, 2_500, 5_000],
        Make::Runs(rss_whole),
    ),
    (
        "lirs_json",
        [25_000, 50_000, 100_000],
        [3_125, 6_250, 12_500],
        Make::Runs(encode_lirs),
    ),
];

fn main() -> Result<(), String> {
    let (plan, args) = plan::split_args()?;
    let mut args = args.into_iter();
    let antenna = args
        .next()
        .map_or_else(|| PathBuf::from("target/release/antenna"), PathBuf::from);
    if !antenna.is_file() {
        return Err(format!(
            "{} is not a file: build it with `cargo build --release -p antenna-cli` and give its path",
            antenna.display()
        ));
    }
    let percent: usize = match args.next() {
        Some(p) => p
            .to_str()
            .and_then(|p| p.parse().ok())
            .filter(|&p| p > 0)
            .ok_or("PERCENT is a whole number above 0")?,
        None => 100,
    };
    let only = args.next().and_then(|s| s.into_string().ok());
    let _ = ANTENNA.set(antenna.clone());
    if let Some(plan) = plan {
        return plan_all(&plan, percent, only.as_deref());
    }
    let dir = std::env::temp_dir().join(format!("antenna-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let dir = Dir {
        path: dir,
        outs: None,
    };
    let result = measure_all(&antenna, &dir, percent, only.as_deref());
    let _ = std::fs::remove_dir_all(&dir.path);
    result
}

/// What `make` made of `shape` at `size`, in `dir`.
fn make_at(dir: &Dir, make: &Make, size: usize) -> Result<Made, String> {
    match *make {
        Make::Runs(make) => make(dir, size),
        Make::OneFile(name, generate, formats) => one_file(dir, name, &generate(size), formats),
    }
}

/// The shapes to run: all, or those whose names contain `only`.
fn shapes(only: Option<&str>) -> impl Iterator<Item = &'static Shape> {
    SHAPES
        .iter()
        .filter(move |(shape, ..)| only.is_none_or(|o| shape.contains(o)))
}

fn measure_all(
    antenna: &Path,
    dir: &Dir,
    percent: usize,
    only: Option<&str>,
) -> Result<(), String> {
    for (shape, sizes, _, make) in shapes(only) {
        for size in sizes {
            let size = (size * percent / 100).max(1);
            let made = make_at(dir, make, size)?;
            for run in &made.runs {
                let mut m = measure(antenna, run)?;
                // A short run is timed again and its best kept: on a
                // loaded machine a few tens of milliseconds move a lot.
                for _ in 1..REPEATS {
                    if m.seconds >= REPEAT_BELOW {
                        break;
                    }
                    let again = measure(antenna, run)?;
                    m.seconds = m.seconds.min(again.seconds);
                }
                println!(
                    "{{\"shape\": \"{}\", \"command\": \"{}\", \"size\": {size}, \"input_bytes\": {}, \"peak_bytes\": {}, \"seconds\": {:.3}, \"output_bytes\": {}, \"exit\": {}}}",
                    shape,
                    run.command,
                    made.input_bytes,
                    m.peak_bytes,
                    m.seconds,
                    m.output_bytes,
                    m.exit
                );
            }
        }
    }
    Ok(())
}

/// `--plan DIR`: writes the inputs of every shape at its counted sizes
/// under `dir` (a folder per shape and size, left there) and prints the
/// runs instead of running them, for `cargo xtask bench` to count under
/// callgrind: one JSON object a line, `{"shape": ..., "command": ...,
/// "size": ..., "input_bytes": ..., "args": [...], "stdin": PATH or
/// null}`, after one line `{"startup": ..., "args": [...]}`: the
/// command on a one-record LIRS file, the process's fixed cost.
fn plan_all(dir: &Path, percent: usize, only: Option<&str>) -> Result<(), String> {
    let folder = |name: &str| -> Result<Dir, String> {
        let path = dir.join(name);
        std::fs::create_dir_all(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Dir {
            path,
            outs: Some(std::cell::Cell::new(0)),
        })
    };
    let start = folder("startup")?;
    let one = start.put(
        "one.lirs",
        &antenna_benches::lirs_file(1, LirsEncoding::EucJp),
    )?;
    println!(
        "{{\"startup\": \"antenna check of a one-record LIRS file\", \"args\": {}}}",
        plan::json_strings(&strings(&["check", &one]))
    );
    for (shape, _, sizes, make) in shapes(only) {
        for size in sizes {
            let size = (size * percent / 100).max(1);
            let made = make_at(&folder(&format!("{shape}-{size}"))?, make, size)?;
            for run in &made.runs {
                let stdin =
                    serde_json::Value::from(run.stdin.as_ref().map(|p| p.display().to_string()));
                println!(
                    "{{\"shape\": \"{shape}\", \"command\": \"{}\", \"size\": {size}, \"input_bytes\": {}, \"args\": {}, \"stdin\": {stdin}}}",
                    run.command,
                    made.input_bytes,
                    plan::json_strings(&run.args)
                );
            }
        }
    }
    Ok(())
}

/// How many times at most a short run is measured.
const REPEATS: usize = 3;
/// The CPU seconds under which a run counts as short.
const REPEAT_BELOW: f64 = 0.5;

/// What one run measured.
struct Measured {
    peak_bytes: u64,
    seconds: f64,
    output_bytes: u64,
    /// The command's exit status (-1: killed by a signal).
    exit: i32,
}

/// Runs `antenna` under `/usr/bin/time`: its peak RSS, CPU time, output
/// size and exit status.
fn measure(antenna: &Path, run: &Run) -> Result<Measured, String> {
    let stdin = match &run.stdin {
        Some(path) => {
            Stdio::from(std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => Stdio::null(),
    };
    let report = std::env::temp_dir().join(format!("antenna-hostile-{}.time", std::process::id()));
    let mut child = Command::new("/usr/bin/time")
        .args(["-f", "%M %U %S %x", "-o"])
        .arg(&report)
        .arg(antenna)
        .args(&run.args)
        .env("NO_COLOR", "1")
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run /usr/bin/time: {e}"))?;
    // Both streams are drained as they come (a full pipe would stop the
    // child), standard error on a thread of its own.
    let count = |stream: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut total = 0u64;
            let mut buf = vec![0u8; 64 * 1024];
            if let Some(mut stream) = stream {
                while let Ok(n) = stream.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    total += n as u64;
                }
            }
            total
        })
    };
    let out = count(child.stdout.take().map(|s| Box::new(s) as _));
    let err = count(child.stderr.take().map(|s| Box::new(s) as _));
    let output_bytes = out.join().unwrap_or(0) + err.join().unwrap_or(0);
    child.wait().map_err(|e| format!("waiting: {e}"))?;
    let text = std::fs::read_to_string(&report).map_err(|e| format!("{}: {e}", report.display()));
    let _ = std::fs::remove_file(&report);
    let text = text?;
    // "Command exited with non-zero status N" comes first when it did.
    let line = text.lines().last().unwrap_or_default();
    let fields: Vec<&str> = line.split_whitespace().collect();
    let parse = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    match (parse(0), parse(1), parse(2), parse(3)) {
        (Some(kb), Some(user), Some(system), Some(exit)) => Ok(Measured {
            peak_bytes: kb as u64 * 1024,
            seconds: user + system,
            output_bytes,
            exit: exit as i32,
        }),
        _ => Err(format!(
            "antenna {}: no figures in /usr/bin/time's output:\n{text}",
            run.args.join(" ")
        )),
    }
}
