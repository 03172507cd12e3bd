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

/// `items` as a JSON array of strings, any text in them escaped as JSON
/// escapes it.
pub fn json_strings(items: &[String]) -> String {
    serde_json::Value::from(items).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_quotes_are_json_escapes() {
        let line = json_strings(&["a\"b".to_owned(), "\u{1}\t".to_owned()]);
        let back: Vec<String> = serde_json::from_str(&line).unwrap();
        assert_eq!(back, ["a\"b", "\u{1}\t"]);
    }
}
