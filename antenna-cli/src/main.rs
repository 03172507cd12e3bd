//! `antenna`: check, convert and merge HINA-DI, LIRS and RSS 2.0 files, and
//! the reference decoder and encoder of the conformance protocol.
//!
//! Exit status: 0 when all went well, 1 when an input has errors (or a
//! conversion lost something under `--deny-loss`, or a decoder rejected its
//! input), 2 on a usage or IO error. Output that cannot be written (a full
//! disk, standard error full) ends the command with one line on standard
//! error, where it can still be written, and status 2, never a panic; when
//! the reader of standard output has gone away (a broken pipe, as under
//! `antenna check FILE | head -1`) the command ends quietly, with status 2.
#![forbid(unsafe_code)]

mod args;
mod commands;
mod decode;
mod duplicates;
mod encoding;
mod io;
#[allow(
    clippy::print_stderr,
    reason = "the protocol merger's report; the rest of the command writes through io"
)]
mod merge_protocol;
mod pipeline;
mod policy;
mod render;
mod spool;
mod stamp;
mod window;

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "antenna",
    version,
    about = "Check, convert and merge antenna update-time files (HINA-DI, LIRS, RSS 2.0)",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check files against their spec and print every diagnostic.
    #[command(after_help = "\
Examples:
  antenna check examples/antenna.hdi
  antenna check --strict examples/feed.xml examples/antenna.lirs.gz
  zcat examples/antenna.lirs.gz | antenna check -
  antenna check --format json examples/*.hdi

The format of each file is detected from its content: a `HINA/` first line,
gzip magic or `LIRS,` records, or an `<rss` root element.
Exit status: 0 clean (warnings allowed), 1 errors found, 2 usage or IO error.")]
    Check(args::CheckArgs),
    /// Convert a file to another format, saying what could not be carried.
    #[command(after_help = "\
Examples:
  antenna convert examples/antenna.hdi --to rss2
  antenna convert examples/antenna.lirs.gz --to hina-di -o antenna.hdi
  antenna convert examples/feed.xml --to lirs --gzip -o lirs.gz
  antenna convert examples/feed.xml --to rss2 --title \"My antenna\" --user-agent my-antenna/1.0
  antenna convert examples/antenna.hdi --to lirs --deny-loss   # exit status 1: LIRS has no Method
  antenna convert examples/feed.xml --to hina-di --encoding utf-8 -o antenna.hdi
  antenna convert examples/feed.xml --to lirs --encoding euc-jp --substitute jis-compatible

antenna is the agent that writes the new file: its User-Agent (HINA-DI) or
generator (RSS) is --user-agent, and its Date or lastBuildDate is --now
(else SOURCE_DATE_EPOCH, in seconds, for reproducible output; else now).
RSS output always has a channel title, link and description: from the
options, else the source's, else derived (the file name, the first URL).
HINA-DI and LIRS are written in --encoding (HINA-DI: the source's charset,
else EUC-JP; LIRS: EUC-JP). A character it cannot write so that it reads
back is an error; --substitute jis-compatible writes 〜 — ‖ − ¢ £ ¬ as
～ ― ∥ － ￠ ￡ ￢ (the same JIS X 0208 codes) and lists each as a loss.
What the target format cannot hold is listed on standard error; with
--deny-loss any such loss is an error (exit status 1) and nothing is written.")]
    Convert(args::ConvertArgs),
    /// Propagate metadata gathered from other antennas, under a trust policy.
    #[command(after_help = "\
Examples:
  antenna merge examples/antenna.hdi=http://a.example.jp/hina.txt \\
      examples/antenna.lirs.gz=http://b.example.jp/lirs.gz \\
      --policy examples/policy.toml --to hina-di -o merged.hdi
  antenna merge examples/antenna.hdi=http://antenna.example.jp/hina.txt \\
      --policy examples/policy.toml --now 2002-09-07T00:00:00Z --to rss2
  zcat examples/antenna.lirs.gz | antenna merge --policy examples/policy.toml \\
      --now 2002-09-07T00:00:00Z --to rss2 -- -=http://antenna.example.jp/lirs.gz

Each SOURCE is FILE=URL: the local file and the URL it was fetched from (the
source URL that trust and the LIRS Source URL refer to). Without =URL the
file's own file: URL is used. Standard input has no URL of its own, so it is
`-=URL`, after `--` (an argument after `--` may start with `-`). The report of every dropped or changed entry
goes to standard error. The policy file is described in POLICY.md.
With --protocol, merge is the conformance suite's merger instead: it reads a
plan (JSON) on standard input and prints the published blocks and decisions
(conformance/README.md, Propagation).")]
    Merge(args::MergeArgs),
    /// Conformance protocol decoder: a file (or stdin), its JSON on stdout.
    #[command(after_help = "\
Examples:
  antenna decode --format lirs examples/antenna.lirs.gz
  antenna decode --format hina-di < examples/antenna.hdi

Implements the decoder of the conformance protocol (conformance/README.md):
exit status 0 and one JSON document when the file is accepted, 1 and the
reasons on standard error when it is rejected.")]
    Decode(args::DecodeArgs),
    /// Conformance protocol encoder: JSON on stdin, a file on stdout.
    #[command(after_help = "\
Example:
  antenna decode --format hina-di < examples/antenna.hdi | antenna encode --format hina-di

Implements the encoder of the conformance protocol (conformance/README.md):
reads one JSON document of the decoder's shape and writes the file (LIRS as
plain text).")]
    Encode(args::EncodeArgs),
}

/// A failure of the tool itself (usage, IO), as opposed to findings in the
/// input: one sentence, exit status 2.
#[derive(Debug)]
pub struct Fatal(pub String);

impl Fatal {
    /// Standard output's reader has gone away: nothing is said (no one is
    /// reading), and the status is 2, as for any output not written.
    pub fn broken_pipe() -> Self {
        Fatal(String::new())
    }
}

/// How a command ended when it did not fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing to complain about.
    Clean,
    /// The input had errors, or a conversion lost what it may not.
    Findings,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let look = match &cli.command {
        Command::Check(args) => Some(args.look),
        Command::Convert(args) => Some(args.look),
        Command::Merge(args) => Some(args.look),
        Command::Decode(_) | Command::Encode(_) => None,
    };
    if let Some(look) = look {
        render::choose_color(look.color);
        io::set_quiet(look.quiet);
    }
    let result = match cli.command {
        Command::Check(args) => commands::check(&args),
        Command::Convert(args) => commands::convert(&args),
        Command::Merge(args) => commands::merge(&args),
        Command::Decode(args) => commands::decode(&args),
        Command::Encode(args) => commands::encode(&args),
    };
    match result {
        Ok(Verdict::Clean) => ExitCode::SUCCESS,
        Ok(Verdict::Findings) => ExitCode::from(1),
        Err(Fatal(message)) => {
            if !message.is_empty() {
                // Standard error may be full or closed: then the status
                // alone says it.
                let _ = writeln!(std::io::stderr().lock(), "antenna: {message}");
            }
            ExitCode::from(2)
        }
    }
}
