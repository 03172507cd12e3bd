//! Peak memory of the `antenna` command: each sub-command run as a child
//! process on the generated inputs, its peak resident set size read from
//! `/usr/bin/time -v` ("Maximum resident set size").
//!
//! ```text
//! cargo build --release -p antenna-cli
//! cargo run --release -p antenna-benches --example cli_memory -- target/release/antenna [DIR]
//! ```
//!
//! With `DIR`, the generated inputs are written there and kept.
//!
//! Prints one JSON object a line, as `peak_memory` does: `{"name": ...,
//! "input_bytes": ..., "peak_bytes": ...}`, where `input_bytes` is the
//! decompressed input (for gzip LIRS, the text inside) and `peak_bytes` the
//! whole process's peak RSS (binary, stack and allocator slack included).
//! Names are `cli_<command>/<count>`: LIRS inputs are named by their
//! record count, 100,000 (1x) and 1,000,000 (10x, for the commands that
//! stream), HINA-DI by its blocks and RSS by its items.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use antenna_benches::LirsEncoding;

/// The records of the 1x LIRS input; the 10x input has ten times as many.
const RECORDS: usize = 100_000;
/// The blocks of the HINA-DI input.
const BLOCKS: usize = 20_000;
/// The items of the RSS input.
const ITEMS: usize = 5_000;

/// What one run of the command reads and how it is run.
struct Run<'a> {
    name: String,
    args: Vec<String>,
    /// The file given on standard input, if any.
    stdin: Option<&'a Path>,
    input_bytes: usize,
}

fn main() -> Result<(), String> {
    let antenna = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("target/release/antenna"), PathBuf::from);
    if !antenna.is_file() {
        return Err(format!(
            "{} is not a file: build it with `cargo build --release -p antenna-cli` and give its path",
            antenna.display()
        ));
    }
    // A folder given second keeps the inputs (for a heap profile, say).
    let keep = std::env::args_os().nth(2).map(PathBuf::from);
    let dir = keep.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("antenna-cli-memory-{}", std::process::id()))
    });
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let result = measure_all(&antenna, &dir);
    if keep.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    result
}

/// Writes `bytes` to `dir/name` and returns the path.
fn put(dir: &Path, name: &str, bytes: &[u8]) -> Result<PathBuf, String> {
    let path = dir.join(name);
    std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

fn arg(path: &Path) -> String {
    path.display().to_string()
}

fn measure_all(antenna: &Path, dir: &Path) -> Result<(), String> {
    let mut lirs = Vec::new();
    for records in [RECORDS, RECORDS * 10] {
        let plain = antenna_benches::lirs_file(records, LirsEncoding::EucJp);
        let gz = antenna_benches::gzip(&plain);
        let plain_path = put(dir, &format!("{records}.lirs"), &plain)?;
        let gz_path = put(dir, &format!("{records}.lirs.gz"), &gz)?;
        lirs.push((records, plain.len(), plain_path, gz_path));
    }
    let rss = antenna_benches::rss_feed(ITEMS);
    let rss_path = put(dir, "feed.xml", &rss)?;
    let hdi = antenna_benches::hina_di_file(BLOCKS);
    let hdi_path = put(dir, "antenna.hdi", &hdi)?;
    // LIRS records are vouched for by the agent named for their source.
    let policy = put(
        dir,
        "policy.toml",
        b"trust_agents = [\"http://bench.example.jp/\"]\n\
          [agent]\nname = \"bench/0.1\"\nurl = \"http://my.example.jp/\"\n\
          [[sources]]\nurl = \"http://bench.example.jp/lirs.gz\"\n\
          agent = { name = \"bench-antenna\", url = \"http://bench.example.jp/\" }\n",
    )?;
    let out = arg(&dir.join("out"));
    let strings = |args: &[&str]| args.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let mut runs = Vec::new();
    for (records, text_len, plain, gz_path) in &lirs {
        runs.push(Run {
            name: format!("cli_decode_lirs/{records}"),
            args: strings(&["decode", "--format", "lirs"]),
            stdin: Some(gz_path),
            input_bytes: *text_len,
        });
        let (plain, gz) = (arg(plain), arg(gz_path));
        let mut run = |name: &str, args: Vec<String>| {
            runs.push(Run {
                name: format!("cli_{name}/{records}"),
                args,
                stdin: None,
                input_bytes: *text_len,
            });
        };
        run("check_lirs_plain", strings(&["check", &plain]));
        run("check_lirs_gzip", strings(&["check", &gz]));
        run(
            "convert_lirs_to_lirs",
            strings(&["convert", &gz, "--to", "lirs", "--gzip", "-o", &out]),
        );
        run(
            "convert_lirs_to_rss2",
            strings(&["convert", &gz, "--to", "rss2", "--now", NOW, "-o", &out]),
        );
        run(
            "convert_lirs_to_hina_di",
            strings(&["convert", &gz, "--to", "hina-di", "--now", NOW, "-o", &out]),
        );
    }
    // A million warnings of three rules, written as JSON lines (issue
    // 24: within 4× the input, as human output is).
    let warned = warnings_file(WARNINGS);
    runs.push(Run {
        name: format!("cli_check_json_warnings/{WARNINGS}"),
        args: strings(&[
            "check",
            "--format",
            "json",
            &arg(&put(dir, "warned.lirs", &warned)?),
        ]),
        stdin: None,
        input_bytes: warned.len(),
    });
    let (_, text_len, _, gz) = lirs.first().ok_or("no LIRS input")?;
    let gz = arg(gz);
    let mut whole = |name: &str, args: Vec<String>, input_bytes: usize| {
        runs.push(Run {
            name: format!("cli_{name}"),
            args,
            stdin: None,
            input_bytes,
        });
    };
    let now = NOW;
    let (rss_arg, hdi_arg) = (arg(&rss_path), arg(&hdi_path));
    whole(
        &format!("convert_hina_di_to_rss2/{BLOCKS}"),
        strings(&[
            "convert", &hdi_arg, "--to", "rss2", "--now", now, "-o", &out,
        ]),
        hdi.len(),
    );
    whole(
        &format!("convert_hina_di_to_lirs/{BLOCKS}"),
        strings(&["convert", &hdi_arg, "--to", "lirs", "-o", &out]),
        hdi.len(),
    );
    whole(
        &format!("convert_rss2_to_lirs/{ITEMS}"),
        strings(&["convert", &rss_arg, "--to", "lirs", "-o", &out]),
        rss.len(),
    );
    whole(
        &format!("check_rss2/{ITEMS}"),
        strings(&["check", &rss_arg]),
        rss.len(),
    );
    whole(
        &format!("check_hina_di/{BLOCKS}"),
        strings(&["check", &hdi_arg]),
        hdi.len(),
    );
    // The generated records were detected in 2002: judged then, not stale.
    for (to, slug) in [("hina-di", "hina_di"), ("lirs", "lirs")] {
        whole(
            &format!("merge_lirs_to_{slug}/{RECORDS}"),
            strings(&[
                "merge",
                &format!("{gz}=http://bench.example.jp/lirs.gz"),
                "--policy",
                &arg(&policy),
                "--now",
                "2002-09-01T00:00:00Z",
                "--to",
                to,
                "-o",
                &out,
            ]),
            *text_len,
        );
    }
    let inputs = [
        ("lirs", Path::new(gz.as_str()), *text_len, RECORDS),
        ("hina-di", hdi_path.as_path(), hdi.len(), BLOCKS),
        ("rss2", rss_path.as_path(), rss.len(), ITEMS),
    ];
    // LIRS is decoded with the streamed commands above.
    for (format, path, input_bytes, count) in inputs.iter().skip(1).copied() {
        let slug = format.replace('-', "_");
        runs.push(Run {
            name: format!("cli_decode_{slug}/{count}"),
            args: strings(&["decode", "--format", format]),
            stdin: Some(path),
            input_bytes,
        });
    }
    for run in &runs {
        let peak = peak_rss(antenna, run)?;
        println!(
            "{{\"name\": \"{}\", \"input_bytes\": {}, \"peak_bytes\": {peak}}}",
            run.name, run.input_bytes
        );
    }
    // encode reads the JSON decode writes.
    for (format, path, _, count) in inputs {
        let json = decode_json(antenna, format, path)?;
        let json_path = put(dir, &format!("{count}.json"), &json)?;
        let slug = format.replace('-', "_");
        let run = Run {
            name: format!("cli_encode_{slug}/{count}"),
            args: strings(&["encode", "--format", format]),
            stdin: Some(&json_path),
            input_bytes: json.len(),
        };
        let peak = peak_rss(antenna, &run)?;
        println!(
            "{{\"name\": \"{}\", \"input_bytes\": {}, \"peak_bytes\": {peak}}}",
            run.name, run.input_bytes
        );
    }
    Ok(())
}

/// The warnings of the file [`warnings_file`] makes.
const WARNINGS: usize = 1_000_000;

/// A LIRS file of `n` warnings (`n` a multiple of 5): records without the
/// extension field (`lirs/field-count`) and with an empty Source URL
/// (`lirs/blank-field`), two each, and a blank line (`lirs/blank-line`)
/// after every other record.
fn warnings_file(n: usize) -> Vec<u8> {
    let mut text = String::new();
    for i in 0..n / 5 * 2 {
        text.push_str(&format!(
            "LIRS,1031315696,1031356200,32400,0,http://e{i}.example.jp/,Title {i},Author,,\n"
        ));
        if i.is_multiple_of(2) {
            text.push('\n');
        }
    }
    text.into_bytes()
}

/// The fixed `--now` of the conversions, so that every run writes the same.
const NOW: &str = "2026-01-01T00:00:00Z";

/// `antenna decode`'s JSON of `path`.
fn decode_json(antenna: &Path, format: &str, path: &Path) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let output = Command::new(antenna)
        .args(["decode", "--format", format])
        .stdin(file)
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", antenna.display()))?;
    if !output.status.success() {
        return Err(format!("antenna decode --format {format} failed"));
    }
    Ok(output.stdout)
}

/// Runs `antenna` under `/usr/bin/time -v` and returns its peak RSS in bytes.
fn peak_rss(antenna: &Path, run: &Run<'_>) -> Result<u64, String> {
    let stdin = match run.stdin {
        Some(path) => {
            Stdio::from(std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => Stdio::null(),
    };
    let report =
        std::env::temp_dir().join(format!("antenna-cli-memory-{}.time", std::process::id()));
    let status = Command::new("/usr/bin/time")
        .arg("-v")
        .arg("-o")
        .arg(&report)
        .arg(antenna)
        .args(&run.args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run /usr/bin/time: {e}"))?;
    // The command's own exit status: 1 (findings) is a result, 2 is not.
    if status.code() == Some(2) {
        return Err(format!(
            "{} failed: antenna {}",
            run.name,
            run.args.join(" ")
        ));
    }
    let text = std::fs::read_to_string(&report).map_err(|e| format!("{}: {e}", report.display()));
    let _ = std::fs::remove_file(&report);
    let stderr = text?;
    stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|kb| kb.trim().parse::<u64>().ok())
        .map(|kb| kb * 1024)
        .ok_or_else(|| {
            format!(
                "{}: no peak RSS in /usr/bin/time's output:\n{stderr}",
                run.name
            )
        })
}
