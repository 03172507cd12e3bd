//! `cargo xtask bench` (being written: see the benchmarks issue).

/// Options of `cargo xtask bench`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the benchmarks and writes BENCHMARKS.md.
pub fn run(_args: &Args) -> Result<bool, String> {
    Err("`cargo xtask bench` is not written yet".into())
}
