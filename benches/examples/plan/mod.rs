//! `--plan DIR`, shared by the `cli_speed` and `hostile` examples: with
//! it an example writes its inputs under `DIR` and prints the commands
//! it would run, one JSON object a line with their `args`, for `cargo
//! xtask bench` to count under callgrind. (A folder with no `main.rs`,
//! so that cargo does not take it for an example of its own.)

use std::ffi::OsString;
use std::path::PathBuf;

/// This process's arguments without `--plan DIR` (anywhere after the
/// program's name), and the `DIR` when it was there.
pub fn split_args() -> Result<(Option<PathBuf>, Vec<OsString>), String> {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match args.iter().position(|a| a == "--plan") {
        Some(at) if at + 1 < args.len() => {
            let dir = PathBuf::from(args.remove(at + 1));
            args.remove(at);
            Ok((Some(dir), args))
        }
        Some(_) => Err("--plan needs a folder".to_owned()),
        None => Ok((None, args)),
    }
}

/// `items` as a JSON array of strings. Rust's `{:?}` of a string is JSON
/// for the printable text of paths, URLs and options; a control
/// character would be written as Rust writes it, which the JSON reader
/// refuses (an error, not a wrong command).
pub fn json_strings(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("{s:?}")).collect();
    format!("[{}]", quoted.join(", "))
}
