//! `cargo xtask dist --out DIR`: what a package of the `antenna` command
//! ships beside the binary, made from its clap definition
//! (`antenna_cli::command`), so that it says what `--help` says:
//! `DIR/completions/` for bash, zsh and fish (clap_complete) and
//! `DIR/man/` with `antenna.1` and a page per sub-command (clap_mangen).
//! Generated on demand, not committed: the definition is their source.

use std::path::{Path, PathBuf};

use clap_complete::Shell;

/// Options of `cargo xtask dist`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The folder to write `completions/` and `man/` in.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// The shells completions are written for.
pub const SHELLS: [Shell; 3] = [Shell::Bash, Shell::Zsh, Shell::Fish];

/// Writes the completions and man pages under `out`; the paths written.
pub fn write(out: &Path) -> Result<Vec<PathBuf>, String> {
    let failed = |what: &Path, e: std::io::Error| format!("cannot write {}: {e}", what.display());
    let completions = out.join("completions");
    let man = out.join("man");
    for dir in [&completions, &man] {
        std::fs::create_dir_all(dir).map_err(|e| failed(dir, e))?;
    }
    let mut written = Vec::new();
    for shell in SHELLS {
        let mut command = antenna_cli::command();
        let path = clap_complete::generate_to(shell, &mut command, "antenna", &completions)
            .map_err(|e| failed(&completions, e))?;
        written.push(path);
    }
    clap_mangen::generate_to(antenna_cli::command(), &man).map_err(|e| failed(&man, e))?;
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&man)
        .map_err(|e| failed(&man, e))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .collect();
    pages.sort();
    written.extend(pages);
    Ok(written)
}

/// `cargo xtask dist`.
pub fn run(args: &Args) -> Result<bool, String> {
    for path in write(&args.out)? {
        println!("wrote {}", path.display());
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sub-command of `antenna` and the long names of its options.
    fn subcommands_and_flags() -> Vec<(String, Vec<String>)> {
        let command = antenna_cli::command();
        command
            .get_subcommands()
            .map(|sub| {
                let flags = sub
                    .get_arguments()
                    .filter_map(|arg| arg.get_long().map(str::to_owned))
                    .collect();
                (sub.get_name().to_owned(), flags)
            })
            .collect()
    }

    #[test]
    #[allow(clippy::unwrap_used, reason = "a test")]
    fn completions_and_man_pages_name_every_subcommand_and_flag() {
        let out = std::env::temp_dir().join(format!("xtask-dist-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let written = write(&out).unwrap();
        let read = |path: PathBuf| std::fs::read_to_string(&path).unwrap();
        let bash = read(out.join("completions/antenna.bash"));
        let zsh = read(out.join("completions/_antenna"));
        let fish = read(out.join("completions/antenna.fish"));
        let man = read(out.join("man/antenna.1"));
        let all = subcommands_and_flags();
        let names: Vec<&str> = all.iter().map(|(name, _)| name.as_str()).collect();
        // What `antenna --help` lists (read by hand), so an empty walk
        // cannot pass.
        assert_eq!(names, ["check", "convert", "merge", "decode", "encode"]);
        for (name, flags) in &all {
            // The man page of the command names each sub-command's page.
            assert!(
                man.contains(&format!("antenna\\-{name}")),
                "{name} in antenna.1"
            );
            let page = read(out.join(format!("man/antenna-{name}.1")));
            for shell in [&bash, &zsh, &fish] {
                assert!(shell.contains(name.as_str()), "{name} in a completion");
            }
            for flag in flags {
                assert!(bash.contains(&format!("--{flag}")), "--{flag} in bash");
                assert!(zsh.contains(&format!("--{flag}")), "--{flag} in zsh");
                // fish names a long option `-l NAME`.
                assert!(
                    fish.lines().any(|l| l
                        .contains(&format!("__fish_antenna_using_subcommand {name}\""))
                        && l.contains(&format!(" -l {flag} "))),
                    "--{flag} of {name} in fish"
                );
                assert!(
                    page.contains(&format!("\\-\\-{}", flag.replace('-', "\\-"))),
                    "--{flag} in antenna-{name}.1"
                );
            }
        }
        let flags: Vec<&String> = all.iter().flat_map(|(_, flags)| flags).collect();
        for known in ["strict", "policy", "to", "now", "protocol", "format"] {
            assert!(flags.iter().any(|f| *f == known), "--{known} walked");
        }
        assert_eq!(written.len(), 3 + 1 + names.len());
        let _ = std::fs::remove_dir_all(&out);
    }
}
