//! `cargo xtask conformance`: the conformance runner of the
//! `antenna-conformance` crate, run against this workspace's `antenna`
//! unless other commands are given.

use std::path::{Path, PathBuf};

use antenna_conformance::run;

/// Runs the suite with the runner's options (`antenna-conformance
/// --help`); `Ok(true)` when nothing failed. Without --decoder, --encoder
/// or --merger it tests `antenna decode`, `antenna encode` and `antenna
/// merge --protocol`; with any of them, only those.
pub fn run(args: &run::Args) -> Result<bool, String> {
    let mut runner = args.clone();
    let showing = runner.list || runner.print.is_some();
    let given = runner.decoder.is_some() || runner.encoder.is_some() || runner.merger.is_some();
    if !showing && !given {
        let antenna = shell_quote(&build_antenna()?);
        let protocol = match runner.protocol {
            1 => String::new(),
            n => format!(" --protocol {n}"),
        };
        runner.decoder = Some(format!("{antenna} decode{protocol}"));
        runner.encoder = Some(format!("{antenna} encode"));
        // Run only when the suite has merge cases.
        runner.merger = Some(format!("{antenna} merge --protocol"));
    }
    let stdout = std::io::stdout();
    run::execute(&runner, &mut stdout.lock())
}

/// Builds this workspace's `antenna` and returns its path.
fn build_antenna() -> Result<PathBuf, String> {
    let status = crate::cargo()
        .args([
            "build",
            "--quiet",
            "--package",
            "antenna-cli",
            "--bin",
            "antenna",
        ])
        .current_dir(crate::workspace_root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("building `antenna` failed".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| crate::workspace_root().join("target"));
    let binary = target
        .join("debug")
        .join(format!("antenna{}", std::env::consts::EXE_SUFFIX));
    binary
        .is_file()
        .then_some(binary.clone())
        .ok_or_else(|| format!("{} was not built", binary.display()))
}

fn shell_quote(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}
