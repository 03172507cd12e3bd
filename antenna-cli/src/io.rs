//! The command's input and output: files named on the command line or
//! standard input, read whole or written out, and how each is named in
//! messages.

use std::borrow::Cow;
use std::io::{Read, Write};
use std::path::Path;

use antenna_model::{Format, GZIP_MAGIC};

use crate::Fatal;
use crate::spool::Spool;

/// The bytes of `path`, or of standard input for `-`.
pub fn read_input(path: &Path) -> Result<Vec<u8>, Fatal> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Fatal(format!("cannot read standard input: {e}")))?;
        // Read in doubling steps, the buffer may be nearly twice the input;
        // it is held while the whole file is worked on.
        bytes.shrink_to_fit();
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| Fatal(format!("cannot read {}: {e}", path.display())))
}

/// Writes `bytes` to `path`, or to standard output.
pub fn write_output(path: Option<&Path>, bytes: &[u8]) -> Result<(), Fatal> {
    match path {
        Some(path) => std::fs::write(path, bytes)
            .map_err(|e| Fatal(format!("cannot write {}: {e}", path.display()))),
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(bytes)
                .and_then(|()| stdout.flush())
                .map_err(|e| Fatal(format!("cannot write to standard output: {e}")))
        }
    }
}

/// Copies `spool` to `path`, or to standard output.
pub fn copy_output(path: Option<&Path>, spool: &mut Spool) -> Result<(), Fatal> {
    match path {
        Some(path) => std::fs::File::create(path)
            .and_then(|mut file| spool.copy_to(&mut file).map(drop))
            .map_err(|e| Fatal(format!("cannot write {}: {e}", path.display()))),
        None => {
            let mut stdout = std::io::stdout().lock();
            spool
                .copy_to(&mut stdout)
                .and_then(|_| stdout.flush())
                .map_err(|e| Fatal(format!("cannot write to standard output: {e}")))
        }
    }
}

pub fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    }
}

/// Reads `bytes` as the format its content shows.
pub fn detect(name: &str, bytes: &[u8]) -> Result<Format, Fatal> {
    Format::detect(bytes).ok_or_else(|| {
        Fatal(format!(
            "cannot tell the format of {name}: it has no `HINA/` first line, no `LIRS,` record, no gzip magic and no <rss> element"
        ))
    })
}

/// The most of a gzip input shown decompressed (the readers' default
/// limit: past it they reject the input, and its bytes are shown as they
/// are).
const MAX_SHOWN: u64 = 256 * 1024 * 1024;

/// The text that diagnostics' spans point into: `bytes` decompressed when
/// they are gzip (a span into compressed bytes would show nothing a person
/// can read), else as they are.
pub fn text_of(bytes: &[u8]) -> Cow<'_, [u8]> {
    if !bytes.starts_with(&GZIP_MAGIC) {
        return Cow::Borrowed(bytes);
    }
    let mut text = Vec::new();
    let decoder = flate2::read::MultiGzDecoder::new(bytes);
    match decoder.take(MAX_SHOWN + 1).read_to_end(&mut text) {
        Ok(_) if text.len() as u64 <= MAX_SHOWN => Cow::Owned(text),
        _ => Cow::Borrowed(bytes),
    }
}
