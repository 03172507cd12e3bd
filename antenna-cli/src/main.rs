//! `antenna`: check, convert and merge HINA-DI, LIRS and RSS 2.0 files, and
//! the reference decoder and encoder of the conformance protocol.
//!
//! Exit status: 0 when all went well, 1 when an input has errors (or a
//! conversion lost something under `--deny-loss`, or a decoder rejected its
//! input), 2 on a usage or IO error or an input that cannot be read (after
//! the others of a batch are done). Output that cannot be written (a full
//! disk, standard error full) ends the command with one line on standard
//! error, where it can still be written, and status 2, never a panic; when
//! the reader of standard output has gone away (a broken pipe, as under
//! `antenna check FILE | head -1`) the command ends quietly, with status 2.
#![forbid(unsafe_code)]

mod args;
mod cli;
mod commands;
mod decode;
mod encoding;
mod io;
mod pipeline;
mod render;
mod spool;
mod stamp;

use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser as _;
use cli::{Cli, Command};

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
    /// An input could not be read, or its format told (said already):
    /// exit status 2, as for an IO error, once the others are done.
    Unreadable,
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
        Command::Decode(args) => decode::decode(&args),
        Command::Encode(args) => commands::encode(&args),
    };
    match result {
        Ok(Verdict::Clean) => ExitCode::SUCCESS,
        Ok(Verdict::Findings) => ExitCode::from(1),
        Ok(Verdict::Unreadable) => ExitCode::from(2),
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
