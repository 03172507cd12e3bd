//! The `antenna` command line as clap defines it: sub-commands, their
//! help and examples. A leaf beside [`crate::args`], so that the binary
//! parses it and `cargo xtask dist` describes it (completions, man page).

use clap::{Parser, Subcommand};

/// `antenna`.
#[derive(Parser)]
#[command(
    name = "antenna",
    version,
    about = "Check, convert and merge antenna update-time files (HINA-DI, LIRS, RSS 2.0)",
    arg_required_else_help = true
)]
pub struct Cli {
    /// The sub-command and its options.
    #[command(subcommand)]
    pub command: Command,
}

/// The sub-commands.
#[derive(Subcommand)]
pub enum Command {
    /// Check files against their spec and print their diagnostics.
    #[command(after_help = "\
Examples:
  antenna check examples/antenna.hdi
  antenna check --strict examples/feed.xml examples/antenna.lirs.gz
  zcat examples/antenna.lirs.gz | antenna check -
  antenna check --format json examples/*.hdi
  antenna check examples

The format of each file is detected from its content: a `HINA/` first line,
`LIRS,` records, or an `<rss` root element. Gzip is read through: what is
inside tells the format (LIRS, gzip by spec, unless it shows HINA-DI or RSS).
A directory is walked in name order: names starting with `.` are skipped,
links to directories are not followed, and files whose format cannot be
told are skipped (counted in the totals).
Of each rule, the first 1,000 diagnostics of a file are shown and the rest
counted in a note. Each file gets its result line: `FILE: FORMAT, N records:
N errors, N warnings` (`rejected` for `N records` when an error rejects it),
`FILE: unreadable: WHY` or `FILE: cannot tell the format: WHY`;
with more than one file or a directory, a totals line ends the output.
Every file is checked, whatever the others gave; the exit status is the
worst seen: 0 clean (warnings allowed), 1 a file rejected (an error rejects
it), 2 a file unreadable or of unknown format, or a usage or IO error.")]
    Check(crate::args::CheckArgs),
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
A gzip input is read through (see check --help); the output is gzip only
with --gzip, which LIRS alone takes.
What the target format cannot hold is listed on standard error, each kind
of loss once with the number of entries it hit (--verbose: every one); with
--deny-loss any such loss is an error (exit status 1) and nothing is written.")]
    Convert(crate::args::ConvertArgs),
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
`-=URL`, after `--` (an argument after `--` may start with `-`). A
directory without =URL is walked as check walks it, each file its own
file: URL. A rejected source is left out and said (exit status 1); a
source that cannot be read, or whose format cannot be told, is said, every
source is still read, and nothing is merged (exit status 2): a merge of
the rest would be published as the whole.
The report of dropped or changed entries goes to standard error, each kind
of decision once with its count (--verbose: every one). The policy file is
described in POLICY.md.
With --protocol, merge is the conformance suite's merger instead: it reads a
plan (JSON) on standard input and prints the published blocks and decisions
(conformance/README.md, Propagation).")]
    Merge(crate::args::MergeArgs),
    /// Conformance protocol decoder: a file (or stdin), its JSON on stdout.
    #[command(after_help = "\
Examples:
  antenna decode --format lirs examples/antenna.lirs.gz
  antenna decode --format hina-di < examples/antenna.hdi

Implements the decoder of the conformance protocol (conformance/README.md):
exit status 0 and one JSON document when the file is accepted, 1 and the
reasons on standard error when it is rejected.")]
    Decode(crate::args::DecodeArgs),
    /// Conformance protocol encoder: JSON on stdin, a file on stdout.
    #[command(after_help = "\
Example:
  antenna decode --format hina-di < examples/antenna.hdi | antenna encode --format hina-di

Implements the encoder of the conformance protocol (conformance/README.md):
reads one JSON document of the decoder's shape and writes the file (LIRS as
plain text).")]
    Encode(crate::args::EncodeArgs),
}
