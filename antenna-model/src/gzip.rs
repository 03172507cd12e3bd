//! Gzip as a wrapping of any format's file (RFC 1952): LIRS 2.1 files are
//! gzip by spec, and archives hold gzipped HINA-DI and RSS files as well.
//! What is inside tells the format ([`crate::Format::detect`]); a reader
//! of a wrapped file reads the decompressed text, within one size limit.

use std::io::Read as _;

use crate::{Diagnostic, Rule, Severity};

/// The gzip magic bytes (RFC 1952 §2.3.1).
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The most bytes a gzip input may decompress to: 256 MiB, the limit the
/// LIRS reader applies by default (LIRS 2.1 §6: "wary of the possible
/// decompression bombs"), for every format.
pub const MAX_DECOMPRESSED_SIZE: u64 = 256 * 1024 * 1024;

/// How much of a gzip file [`crate::Format::detect`] decompresses to tell
/// what is inside (64 KiB: a HINA-DI header or an RSS prolog shows well
/// within it).
pub const SNIFF: u64 = 64 * 1024;

/// A gzip-wrapped file decompresses to more than the limit. Error. LIRS
/// 2.1 §6 is the one spec text on gzip's decompression bombs; HINA-DI and
/// RSS say nothing of gzip, a wrapping around their files, and the same
/// limit is kept for them.
pub const DECOMPRESSED_TOO_LARGE: Rule = Rule::new(
    "gzip/decompressed-too-large",
    "LIRS 2.1 §6 Security Considerations",
);

/// `true` when `bytes` start with the gzip magic.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&GZIP_MAGIC)
}

/// The first `n` bytes (at most) that `bytes` decompress to: what could
/// be decompressed before the stream ended or broke.
pub fn prefix(bytes: &[u8], n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    // A broken stream keeps what was read before the break.
    let _ = flate2::read::MultiGzDecoder::new(bytes)
        .take(n)
        .read_to_end(&mut out);
    out
}

/// Why a gzip input was not decompressed.
#[derive(Debug)]
pub enum GzipError {
    /// It decompresses to more than the limit (the limit).
    TooLarge(u64),
    /// It is not valid gzip.
    Corrupt(std::io::Error),
}

impl GzipError {
    /// The error as a diagnostic of [`DECOMPRESSED_TOO_LARGE`], or `None`
    /// for a corrupt stream (a damaged file, not a finding in its text).
    pub fn diagnostic(&self) -> Option<Diagnostic> {
        if !matches!(self, GzipError::TooLarge(_)) {
            return None;
        }
        Some(Diagnostic::unplaced(
            Severity::Error,
            DECOMPRESSED_TOO_LARGE,
            self.to_string(),
        ))
    }
}

impl std::fmt::Display for GzipError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GzipError::TooLarge(limit) => write!(
                f,
                "gzip input decompresses to more than the limit of {limit} bytes"
            ),
            GzipError::Corrupt(e) => write!(f, "not valid gzip: {e}"),
        }
    }
}

/// What `bytes` (gzip) decompress to, at most `limit` bytes.
pub fn decompress(bytes: &[u8], limit: u64) -> Result<Vec<u8>, GzipError> {
    // The trailer's ISIZE (RFC 1952 §2.3.1: the input size modulo 2^32, of
    // the last member) as a first capacity, so that the output is not
    // copied as it grows; bounded by the limit, and by 16 times the input
    // so that a forged trailer cannot make a small input allocate much.
    let isize = bytes
        .last_chunk::<4>()
        .map_or(0, |&trailer| u32::from_le_bytes(trailer));
    let capacity = u64::from(isize)
        .min(limit.saturating_add(1))
        .min(bytes.len().saturating_mul(16) as u64);
    let mut out = Vec::with_capacity(usize::try_from(capacity).unwrap_or(0));
    flate2::read::MultiGzDecoder::new(bytes)
        .take(limit.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(GzipError::Corrupt)?;
    if out.len() as u64 > limit {
        return Err(GzipError::TooLarge(limit));
    }
    Ok(out)
}

/// `text` gzip-compressed, for tests.
#[cfg(test)]
pub(crate) fn gzip(text: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut encoder, text).unwrap();
    encoder.finish().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decompresses_within_the_limit_and_refuses_past_it() {
        let wrapped = gzip(b"HINA/2.2\r\n");
        assert!(is_gzip(&wrapped));
        assert_eq!(decompress(&wrapped, 10).unwrap(), b"HINA/2.2\r\n");
        let error = decompress(&wrapped, 9).unwrap_err();
        assert!(matches!(error, GzipError::TooLarge(9)));
        let d = error.diagnostic().unwrap();
        assert_eq!(d.rule, DECOMPRESSED_TOO_LARGE);
        assert!(d.is_error());
        assert!(crate::citation::check(DECOMPRESSED_TOO_LARGE.spec).is_ok());
    }

    #[test]
    fn a_prefix_of_a_broken_stream_is_what_came_before_the_break() {
        let text = b"<rss version=\"2.0\">".repeat(1000);
        let wrapped = gzip(&text);
        assert_eq!(prefix(&wrapped, 19), b"<rss version=\"2.0\">");
        let cut = &wrapped[..wrapped.len() / 2];
        let got = prefix(cut, u64::MAX);
        assert!(!got.is_empty() && text.starts_with(&got));
        assert!(matches!(
            decompress(cut, 1 << 20),
            Err(GzipError::Corrupt(_))
        ));
        assert!(decompress(cut, 1 << 20).unwrap_err().diagnostic().is_none());
    }
}
