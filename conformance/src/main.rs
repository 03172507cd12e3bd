//! `antenna-conformance`: runs the embedded conformance suite against a
//! decoder, an encoder and a merger given as commands.
#![allow(clippy::print_stderr)]

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

/// The antenna conformance suite: HINA-DI, LIRS and RSS 2.0 cases (and
/// HINA-DI propagation cases) run against your decoder, encoder or merger.
#[derive(Parser)]
#[command(
    name = "antenna-conformance",
    version,
    arg_required_else_help = true,
    after_help = "\
The protocol (what the commands read and print) is conformance/README.md.
The last line of a run is `N passed, N failed` (`, N skipped` when any);
the exit status is 0 when nothing failed, 1 when something did, 2 when the
run could not start.

Examples:
  antenna-conformance --list --format lirs
  antenna-conformance --print lirs/valid/spec-example
  antenna-conformance --decoder \"python3 my_decoder.py\" --format lirs --junit report.xml"
)]
struct Cli {
    #[command(flatten)]
    args: antenna_conformance::run::Args,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut stdout = ClosedPipeIsFine(std::io::stdout().lock());
    match antenna_conformance::run::execute(&cli.args, &mut stdout) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// Standard output, where a reader that has gone (`--list | head`) is not
/// an error: what it would have read is dropped, and the run goes on.
struct ClosedPipeIsFine<W>(W);

impl<W: Write> Write for ClosedPipeIsFine<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.write(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(buf.len()),
            other => other,
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self.0.flush() {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => other,
        }
    }
}
