//! `cargo xtask`: the project's tasks.
//!
//! - `cargo xtask conformance`: run the conformance suite (crate
//!   `antenna-conformance`) against a decoder, encoder and merger (default:
//!   this workspace's `antenna`).
//! - `cargo xtask fuzz`: run the cargo-fuzz targets in `fuzz/`.
//! - `cargo xtask bench`: run the criterion benchmarks and write
//!   BENCHMARKS.md.
//! - `cargo xtask dist --out DIR`: write the `antenna` command's shell
//!   completions (bash, zsh, fish) and man pages.
//! - `cargo xtask peers`: install the implementations not written here and
//!   run the conformance suite against them (conformance/adapters/).
#![forbid(unsafe_code)]
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod bench;
mod conformance;
mod dist;
mod fuzz;
mod peers;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "Project tasks",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run the conformance suite against a decoder, encoder and merger.
    ///
    /// Without --decoder, --encoder or --merger: against this workspace's
    /// `antenna decode` (with `--protocol 2` under --protocol 2), `antenna
    /// encode` and `antenna merge --protocol`, built first. With any of
    /// them: only those.
    Conformance(antenna_conformance::run::Args),
    /// Run the cargo-fuzz targets (installs cargo-fuzz if missing).
    Fuzz(fuzz::Args),
    /// Run the criterion benchmarks and write BENCHMARKS.md.
    Bench(bench::Args),
    /// Install the implementations not written here (conformance/adapters)
    /// and run the suite against each, with its expected failures; print
    /// (or write into conformance/README.md) the table of results.
    Peers(peers::Args),
    /// Write the `antenna` command's shell completions (bash, zsh, fish)
    /// and man pages, made from its clap definition, under --out.
    Dist(dist::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Conformance(args) => conformance::run(&args),
        Task::Fuzz(args) => fuzz::run(&args),
        Task::Bench(args) => bench::run(&args),
        Task::Peers(args) => peers::run(&args),
        Task::Dist(args) => dist::run(&args),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// The workspace root (the parent of this crate's folder).
fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

/// The `cargo` that runs us (cargo sets `CARGO`), so that tasks use the
/// same toolchain.
fn cargo() -> std::process::Command {
    std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}
