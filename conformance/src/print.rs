//! `--print CASE`: a case's files, to read.

use std::fmt::Write as _;
use std::io::Write;

use antenna_model::GZIP_MAGIC;

use crate::cases::{Kind, Suite};
use crate::merge::CASE_FILES;

/// Writes to `out` what the check `id` gives the command under test and
/// what it expects: for a decoder case the input file and expected JSON
/// (and its protocol 2 twin), for an encoder case the JSON, for a merge
/// case the source files, `plan.json` and `expected.json`.
pub fn print(suite: &Suite, id: &str, out: &mut dyn Write) -> Result<(), String> {
    let checks = suite.checks();
    let check = checks
        .iter()
        .find(|c| c.id == id)
        .ok_or(format!("no case `{id}` (--list shows them all)"))?;
    let mut files: Vec<&str> = Vec::new();
    match check.kind {
        Kind::Merge => {
            let dir = check.input.as_deref().unwrap_or_default();
            let (sources, case): (Vec<_>, Vec<_>) = suite
                .files_under(dir)
                .map(|(path, _)| path)
                .partition(|path| !CASE_FILES.iter().any(|f| path.ends_with(&format!("/{f}"))));
            files.extend(sources);
            files.extend(case);
        }
        Kind::Valid | Kind::Invalid | Kind::Lenient => files.extend(check.input.as_deref()),
        Kind::Encode | Kind::Roundtrip | Kind::Refusable => {}
    }
    if check.kind != Kind::Merge {
        files.extend(check.expected.as_deref());
        files.extend(check.expected_v2.as_deref());
        for alternative in &check.alternatives {
            files.extend(alternative.expected.as_deref());
            files.extend(alternative.expected_v2.as_deref());
        }
    }
    let mut text = format!("{}: {}\n", check.id, check.kind.describe());
    if check.only_v2() {
        text.push_str(ONLY_V2_NOTE);
        text.push('\n');
    }
    if !check.alternatives.is_empty() {
        let readings: Vec<&str> = check
            .alternatives
            .iter()
            .map(|a| a.reading.as_str())
            .collect();
        let _ = writeln!(text, "{ALTERNATIVES_NOTE}: {}", readings.join(", "));
    }
    if check.beyond_spec {
        text.push_str(BEYOND_SPEC_NOTE);
        text.push('\n');
    }
    for path in files {
        let bytes = suite.file(path).unwrap_or_default();
        let _ = writeln!(text, "\n== {path} ({} bytes)", bytes.len());
        text.push_str(&show(bytes));
    }
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())
}

/// What `--print` says of a protocol 2 case (see
/// [`crate::cases::Check::only_v2`]).
pub const ONLY_V2_NOTE: &str = "a protocol 2 case: protocol 1 leaves its JSON open, so it has \
     only a .v2.json; a run under --protocol 1 skips it";

/// What `--print` says of a case with alternative answers, before their
/// readings.
pub const ALTERNATIVES_NOTE: &str = "the spec allows more than one reading: the output may \
     also equal the alternative answer of one of these readings (<name>.alt-<reading>.json)";

/// What `--print` says of a case beyond the specs.
pub const BEYOND_SPEC_NOTE: &str = "beyond the specs: a requirement of this project that the \
     specs alone do not make (cases.toml says why); --spec-only skips it";

/// A file's bytes as text to read: gzip decompressed, text that is not
/// UTF-8 with its bytes above 0x7f as `\xNN`, each with a note saying so.
fn show(bytes: &[u8]) -> String {
    let mut text = String::new();
    let decompressed;
    let mut bytes = bytes;
    if bytes.starts_with(&GZIP_MAGIC) {
        match lirs::decompress(bytes, &lirs::ReadOptions::default()) {
            Ok(plain) => {
                text.push_str("(gzip-compressed; shown decompressed)\n");
                decompressed = plain.into_owned();
                bytes = &decompressed;
            }
            Err(_) => text.push_str("(gzip-compressed, and it does not decompress)\n"),
        }
    }
    match std::str::from_utf8(bytes) {
        Ok(utf8) => text.push_str(utf8),
        Err(_) => {
            text.push_str("(not UTF-8: bytes above 0x7f shown as \\xNN)\n");
            for &byte in bytes {
                if byte.is_ascii() {
                    text.push(char::from(byte));
                } else {
                    let _ = write!(text, "\\x{byte:02x}");
                }
            }
        }
    }
    if !text.ends_with('\n') {
        text.push_str("\n(no line end at the end of the file)\n");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::show;

    #[test]
    fn files_are_shown_readably() {
        assert_eq!(show(b"a\n"), "a\n");
        assert_eq!(show(b"a"), "a\n(no line end at the end of the file)\n");
        assert_eq!(
            show(b"\xa4\xa2\n"),
            "(not UTF-8: bytes above 0x7f shown as \\xNN)\n\\xa4\\xa2\n"
        );
    }
}
