//! The command line's arguments: what each sub-command takes, parsed by
//! clap. A leaf: it names no other module of the crate, so that every
//! module may take its options from here.

use std::path::PathBuf;

use antenna_model::Format;
use antenna_model::encoding_rs::{self, Encoding};
use clap::ValueEnum;
use clap::builder::TypedValueParser as _;

/// Options of `antenna check` (their help is `antenna check --help`).
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Files to check; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Treat every departure from the spec as an error (what the spec
    /// allows but is worth knowing, such as a password in a URL, stays a
    /// warning).
    #[arg(long)]
    pub strict: bool,
    /// `--quiet`, `--verbose`, `--format`, `--color`.
    #[command(flatten)]
    pub look: Look,
}

/// How much is printed, how, and in colour or not: `--quiet`,
/// `--verbose`, `--format`, `--color` (check, convert and merge).
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Look {
    /// Print nothing but errors: no warnings, losses, decisions or
    /// summaries (the exit status still says how it went).
    #[arg(short, long)]
    pub quiet: bool,
    /// Print every loss and decision, one line each, rather than one line
    /// per kind with its count.
    #[arg(short, long)]
    pub verbose: bool,
    /// How to print diagnostics, losses and decisions.
    #[arg(long, value_enum, default_value_t = Output::Human)]
    pub format: Output,
    /// When to colour diagnostics: auto (on a terminal, unless NO_COLOR is
    /// set or TERM is dumb), always or never.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// `--color`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    #[default]
    Auto,
    /// Always, whatever the stream and the environment.
    Always,
    /// Never.
    Never,
}

/// How diagnostics, losses and decisions are printed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Output {
    /// rustc-style, with the source line and a caret.
    #[default]
    Human,
    /// JSON lines, written as they come: one object per diagnostic, loss,
    /// decision and file's result, each with its `type` (README.md,
    /// "Output for people and for scripts").
    Json,
}

/// Options of `antenna convert` (their help is `antenna convert --help`).
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The file to convert; `-` reads standard input.
    #[arg(value_name = "IN")]
    pub input: PathBuf,
    /// The format to write.
    #[arg(long, value_parser = format_parser())]
    pub to: Format,
    /// Where to write [default: standard output].
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Compress LIRS output with gzip.
    #[arg(long)]
    pub gzip: bool,
    /// Fail instead of converting when anything would be lost.
    #[arg(long)]
    pub deny_loss: bool,
    /// Read the input strictly.
    #[arg(long)]
    pub strict: bool,
    /// The agent that writes the file: HINA-DI `User-Agent`, RSS
    /// `generator`; LIRS has no field for it [default: antenna/VERSION].
    #[arg(long, value_name = "NAME")]
    pub user_agent: Option<String>,
    /// The time the file is written (RFC 3339), for HINA-DI `Date` and
    /// RSS `lastBuildDate`; LIRS has no field for it [default:
    /// SOURCE_DATE_EPOCH if set, else the current time].
    #[arg(long, value_name = "RFC3339")]
    pub now: Option<String>,
    /// RSS channel title [default: the source's, else derived].
    #[arg(long)]
    pub title: Option<String>,
    /// RSS channel link, a full URL [default: the source's, else the
    /// site of the first entry].
    #[arg(long, value_name = "URL")]
    pub link: Option<String>,
    /// RSS channel description [default: the source's, else derived].
    #[arg(long)]
    pub description: Option<String>,
    /// Plain RSS: no `antenna` module elements, which carry what RSS has
    /// no element for (HINA-DI fields, LIRS records); see
    /// rss2/ANTENNA-MODULE.md.
    #[arg(long)]
    pub no_antenna_module: bool,
    /// `--encoding`, `--substitute`.
    #[command(flatten)]
    pub encoding: Choice,
    /// `--quiet`, `--color`.
    #[command(flatten)]
    pub look: Look,
}

/// Options of `antenna merge` (their help is `antenna merge --help`).
/// The usage is written out: clap's would show `--policy`, `--to` and the
/// sources as optional, which they are only beside `--protocol`.
#[derive(Debug, clap::Args)]
#[command(
    override_usage = "antenna merge --policy <POLICY.toml> --to <FORMAT> [OPTIONS] [--] <SOURCE>...
       antenna merge --protocol"
)]
pub struct MergeArgs {
    /// Sources, as FILE=URL; `-=URL` is standard input, fetched from
    /// URL (after `--`, where an argument may start with `-`).
    #[arg(required_unless_present = "protocol", value_name = "SOURCE")]
    pub sources: Vec<String>,
    /// The trust policy (TOML).
    #[arg(long, value_name = "POLICY.toml", required_unless_present = "protocol")]
    pub policy: Option<PathBuf>,
    /// The time to judge expiry and staleness by, and of writing (RFC
    /// 3339) [default: SOURCE_DATE_EPOCH if set, else the current time].
    #[arg(long, value_name = "RFC3339")]
    pub now: Option<String>,
    /// The format to write.
    #[arg(long, value_name = "FORMAT", value_parser = format_parser(), required_unless_present = "protocol")]
    pub to: Option<Format>,
    /// Where to write [default: standard output].
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Compress LIRS output with gzip.
    #[arg(long)]
    pub gzip: bool,
    /// Plain RSS: no `antenna` module elements (see `antenna convert
    /// --help`).
    #[arg(long)]
    pub no_antenna_module: bool,
    /// `--encoding`, `--substitute`.
    #[command(flatten)]
    pub encoding: Choice,
    /// `--quiet`, `--color`.
    #[command(flatten)]
    pub look: Look,
    /// Conformance protocol merger: a plan (JSON) on stdin, the published
    /// blocks and decisions (JSON) on stdout; takes no other option.
    #[arg(long, conflicts_with_all = ["sources", "policy", "now", "to", "output", "gzip", "no_antenna_module", "encoding", "substitute"])]
    pub protocol: bool,
}

/// Options of `antenna decode` (their help is `antenna decode --help`).
#[derive(Debug, clap::Args)]
pub struct DecodeArgs {
    /// The file to decode; `-` reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub input: PathBuf,
    /// The format of the input.
    #[arg(long, value_parser = format_parser())]
    pub format: Format,
    /// The protocol version of the JSON (2 adds what real files carry
    /// beyond the specs: RSS extensions, every enclosure).
    #[arg(long, default_value = "1", value_parser = protocol_parser())]
    pub protocol: antenna_conformance::protocol::Version,
}

/// Options of `antenna encode` (their help is `antenna encode --help`).
#[derive(Debug, clap::Args)]
pub struct EncodeArgs {
    /// The format to write.
    #[arg(long, value_parser = format_parser())]
    pub format: Format,
}

/// The encodings `--encoding` offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputEncoding {
    /// EUC-JP: the default of HINA-DI and the only encoding of LIRS 2.1.
    #[value(name = "euc-jp")]
    EucJp,
    /// Shift_JIS (HINA-DI only).
    #[value(name = "shift_jis")]
    ShiftJis,
    /// UTF-8, which holds every character.
    #[value(name = "utf-8")]
    Utf8,
}

impl OutputEncoding {
    /// The encoding it names.
    pub fn encoding(self) -> &'static Encoding {
        match self {
            OutputEncoding::EucJp => encoding_rs::EUC_JP,
            OutputEncoding::ShiftJis => encoding_rs::SHIFT_JIS,
            OutputEncoding::Utf8 => encoding_rs::UTF_8,
        }
    }
}

/// What `--substitute` offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Substitute {
    /// 〜 — ‖ − ¢ £ ¬ as ～ ― ∥ － ￠ ￡ ￢, the same JIS X 0208 codes.
    JisCompatible,
}

/// `--encoding` and `--substitute` together, as `convert` and `merge` take
/// them.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Choice {
    /// The text encoding of HINA-DI and LIRS output; a character it cannot
    /// write exactly is an error [default: the source's charset for
    /// HINA-DI, else EUC-JP; EUC-JP for LIRS; RSS is always UTF-8].
    #[arg(long, value_enum, value_name = "ENCODING")]
    pub encoding: Option<OutputEncoding>,
    /// Write 〜 — ‖ − ¢ £ ¬, which EUC-JP and Shift_JIS cannot write
    /// exactly, as ～ ― ∥ － ￠ ￡ ￢ (the same JIS X 0208 codes); each
    /// substitution is reported as a loss.
    #[arg(long, value_enum, value_name = "HOW")]
    pub substitute: Option<Substitute>,
}

/// Parses a format name (`hina-di`, `lirs`, `rss2`), listing them in
/// `--help`.
pub fn format_parser() -> impl clap::builder::TypedValueParser<Value = Format> {
    clap::builder::PossibleValuesParser::new(Format::ALL.map(Format::name))
        .try_map(|name| name.parse::<Format>())
}

/// Parses a conformance protocol version (`1`, `2`), listing them in
/// `--help`.
fn protocol_parser()
-> impl clap::builder::TypedValueParser<Value = antenna_conformance::protocol::Version> {
    use antenna_conformance::protocol::Version;
    clap::builder::PossibleValuesParser::new(Version::ALL.map(Version::as_str)).try_map(|number| {
        let number = number.parse().map_err(|_| "not a protocol version")?;
        Version::from_number(number).ok_or("not a protocol version")
    })
}
