//! `cargo xtask peers`: the conformance suite run against implementations
//! this project did not write, through the adapters in
//! `conformance/adapters/`.
//!
//! Each peer is installed when missing (`conformance/adapters/install.sh
//! NAME`, which prints the decoder command: PyPI, Debian, npm and
//! crates.io packages, pinned), asked its version (`DECODER --version`) and
//! run through the suite's runner with its expected-failures list. A table
//! (implementation, language, format, version, passed, failed, skipped)
//! ends the output, then the cases that every peer of a format fails (the
//! fairness check of conformance/README.md). `--write-readme` puts the
//! table into conformance/README.md between its `peers:begin` and
//! `peers:end` markers.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use antenna_conformance::run;
use clap::Parser;

/// `cargo xtask peers` options.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Only these peers (repeatable or comma-separated): feedparser,
    /// ruby-rss, xml-rss, rss-parser, rust-rss.
    #[arg(long, value_delimiter = ',', value_name = "NAME")]
    only: Vec<String>,
    /// Write the table into conformance/README.md (between the
    /// `<!-- peers:begin -->` and `<!-- peers:end -->` markers).
    #[arg(long)]
    write_readme: bool,
}

/// One implementation not written here, and its adapter.
struct Peer {
    /// The name `install.sh` knows it by, and its expected-failures list's.
    name: &'static str,
    /// How the README's table names it.
    title: &'static str,
    language: &'static str,
    /// Where it is installed from.
    source: &'static str,
    format: &'static str,
}

const PEERS: &[Peer] = &[
    Peer {
        name: "feedparser",
        title: "feedparser",
        language: "Python",
        source: "PyPI",
        format: "rss2",
    },
    Peer {
        name: "ruby-rss",
        title: "Ruby `rss`",
        language: "Ruby",
        source: "Debian `ruby`",
        format: "rss2",
    },
    Peer {
        name: "xml-rss",
        title: "Perl XML::RSS",
        language: "Perl",
        source: "Debian `libxml-rss-perl`",
        format: "rss2",
    },
    Peer {
        name: "rss-parser",
        title: "`rss-parser`",
        language: "JavaScript",
        source: "npm",
        format: "rss2",
    },
    Peer {
        name: "rust-rss",
        title: "Rust `rss`",
        language: "Rust",
        source: "crates.io",
        format: "rss2",
    },
];

/// What one peer's run gave.
struct Row {
    peer: &'static Peer,
    version: String,
    /// passed, failed, skipped; `None` when it could not be installed or run.
    counts: Option<(u32, u32, u32)>,
    /// The cases of its expected-failures list.
    expected: Vec<String>,
}

/// The runner's own options parsed from a command line, as
/// `antenna-conformance` would.
#[derive(Parser)]
struct RunnerLine {
    #[command(flatten)]
    args: run::Args,
}

pub fn run(args: &Args) -> Result<bool, String> {
    for name in &args.only {
        if !PEERS.iter().any(|p| p.name == name) {
            let known: Vec<_> = PEERS.iter().map(|p| p.name).collect();
            return Err(format!("no peer {name:?} (known: {})", known.join(", ")));
        }
    }
    let root = crate::workspace_root();
    let adapters = root.join("conformance").join("adapters");
    let mut rows = Vec::new();
    let mut ok = true;
    for peer in PEERS
        .iter()
        .filter(|p| args.only.is_empty() || args.only.iter().any(|n| n == p.name))
    {
        println!("== {} ({}, {})", peer.title, peer.language, peer.source);
        let row = run_peer(peer, &root, &adapters);
        match &row {
            Ok(row) => ok &= row.counts.is_some_and(|(_, failed, _)| failed == 0),
            Err(error) => {
                println!("{}: {error}", peer.name);
                ok = false;
            }
        }
        rows.push(row.unwrap_or_else(|_| Row {
            peer,
            version: "not installed".into(),
            counts: None,
            expected: Vec::new(),
        }));
    }
    let table = table(&rows);
    println!("\n{table}");
    print_fairness(&rows);
    if args.write_readme {
        if !args.only.is_empty() {
            return Err("--write-readme needs every peer (no --only)".into());
        }
        write_readme(&root.join("conformance").join("README.md"), &table)?;
        println!("conformance/README.md: table written");
    }
    Ok(ok)
}

fn run_peer(peer: &'static Peer, root: &Path, adapters: &Path) -> Result<Row, String> {
    let install = Command::new("sh")
        .arg(adapters.join("install.sh"))
        .arg(peer.name)
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run install.sh: {e}"))?;
    if !install.status.success() {
        return Err(format!(
            "install.sh {} failed ({}):\n{}",
            peer.name,
            install.status,
            String::from_utf8_lossy(&install.stderr).trim_end()
        ));
    }
    let decoder = String::from_utf8_lossy(&install.stdout).trim().to_owned();
    let version = Command::new("sh")
        .arg("-c")
        .arg(format!("{decoder} --version"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .ok_or_else(|| format!("`{decoder} --version` failed"))?;
    println!("{version}");
    let failures = adapters.join(format!("{}.expected-failures", peer.name));
    let expected = std::fs::read_to_string(&failures)
        .map_err(|e| format!("{}: {e}", failures.display()))?
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect();
    let line = RunnerLine::try_parse_from([
        "antenna-conformance".as_ref(),
        "--format".as_ref(),
        peer.format.as_ref(),
        "--decoder".as_ref(),
        decoder.as_ref(),
        "--expected-failures".as_ref(),
        failures.as_os_str(),
    ])
    .map_err(|e| e.to_string())?;
    let mut output = Vec::new();
    let result = run::execute(&line.args, &mut output);
    let output = String::from_utf8_lossy(&output);
    print!("{output}");
    result?;
    Ok(Row {
        peer,
        version,
        counts: summary(&output),
        expected,
    })
}

/// The runner's last line, `N passed, N failed[, N skipped]`.
fn summary(output: &str) -> Option<(u32, u32, u32)> {
    let last = output.lines().rev().find(|l| l.contains(" passed, "))?;
    let mut numbers = last
        .split(", ")
        .map(|part| part.split(' ').next().and_then(|n| n.parse().ok()));
    let passed = numbers.next()??;
    let failed = numbers.next()??;
    let skipped = numbers.next().flatten().unwrap_or(0);
    Some((passed, failed, skipped))
}

/// The Markdown table of the runs.
fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| implementation | language | from | format | version | passed | failed | skipped | of which expected failures |\n\
         | --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: |\n",
    );
    for row in rows {
        let (passed, failed, skipped) = match row.counts {
            Some((p, f, s)) => (p.to_string(), f.to_string(), s.to_string()),
            None => ("-".into(), "-".into(), "-".into()),
        };
        let p = row.peer;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {passed} | {failed} | {skipped} | {} |",
            p.title,
            p.language,
            p.source,
            p.format,
            row.version.replace('|', "\\|"),
            row.expected.len(),
        );
    }
    out
}

/// The cases every peer of a format fails (all of them on its list), when
/// the format has two peers or more.
fn print_fairness(rows: &[Row]) {
    let mut formats: Vec<&str> = rows.iter().map(|r| r.peer.format).collect();
    formats.dedup();
    for format in formats {
        let of: Vec<&Row> = rows.iter().filter(|r| r.peer.format == format).collect();
        if of.len() < 2 || of.iter().any(|r| r.counts.is_none()) {
            continue;
        }
        let all: Vec<&String> = of[0]
            .expected
            .iter()
            .filter(|case| of[1..].iter().all(|r| r.expected.contains(case)))
            .collect();
        println!(
            "{format}: failed by every one of the {} implementations: {}",
            of.len(),
            if all.is_empty() {
                "none".to_owned()
            } else {
                all.iter()
                    .map(|c| c.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        );
    }
}

const BEGIN: &str = "<!-- peers:begin (cargo xtask peers --write-readme writes this table) -->";
const END: &str = "<!-- peers:end -->";

fn write_readme(path: &PathBuf, table: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (Some(start), Some(end)) = (text.find(BEGIN), text.find(END)) else {
        return Err(format!(
            "{}: no `{BEGIN}` ... `{END}` markers",
            path.display()
        ));
    };
    let head = &text[..start + BEGIN.len()];
    let tail = &text[end..];
    let new = format!("{head}\n{table}{tail}");
    std::fs::write(path, new).map_err(|e| format!("{}: {e}", path.display()))
}
