//! The definition of the `antenna` command line, apart from the command:
//! its arguments ([`args`]) and sub-commands with their help ([`cli`]),
//! parsed by clap. The binary (`src/main.rs`) parses with it; `cargo
//! xtask dist` writes the shell completions and the man page from it, so
//! they never drift from `--help`. Nothing else is here: the pipeline and
//! every IO stay in the binary, which compiles the same two files as its
//! own modules (so that its modules may give the argument types methods,
//! as `encoding.rs` does `Choice`).
#![forbid(unsafe_code)]

pub mod args;
pub mod cli;

/// The `antenna` command as clap defines it, for tools that describe it.
pub fn command() -> clap::Command {
    <cli::Cli as clap::CommandFactory>::command()
}
