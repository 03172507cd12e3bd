//! Gzip input (LIRS 2.1 §2: "a text file compressed using gzip"),
//! decompressed within the size limit (§6).

use std::borrow::Cow;
use std::io::Read;

use antenna_model::GZIP_MAGIC;

use crate::{ReadOptions, Rejected, rules};

/// Decompresses a gzip input, at most `limit` bytes of it.
fn gunzip(input: &[u8], limit: u64) -> Result<Vec<u8>, Rejected> {
    // The trailer's ISIZE (RFC 1952 §2.3.1: the input size modulo 2^32, of
    // the last member) as a first capacity, so that the output is not
    // copied as it grows; bounded by the limit, and by 16 times the input
    // so that a forged trailer cannot make a small input allocate much.
    let isize = input
        .last_chunk::<4>()
        .map_or(0, |&trailer| u32::from_le_bytes(trailer));
    let capacity = u64::from(isize)
        .min(limit.saturating_add(1))
        .min(input.len().saturating_mul(16) as u64);
    let mut out = Vec::with_capacity(usize::try_from(capacity).unwrap_or(0));
    let decoder = flate2::read::MultiGzDecoder::new(input);
    match decoder.take(limit.saturating_add(1)).read_to_end(&mut out) {
        Ok(_) if out.len() as u64 > limit => Err(Rejected::unplaced(
            rules::DECOMPRESSED_TOO_LARGE,
            format!("gzip input decompresses to more than the limit of {limit} bytes"),
        )),
        Ok(_) => Ok(out),
        Err(e) => Err(Rejected::unplaced(
            rules::BAD_GZIP,
            format!("input is not valid gzip: {e}"),
        )),
    }
}

/// The text of an input: decompressed when it starts with the gzip magic,
/// as it is otherwise. Diagnostics' spans point into this text.
pub(crate) fn input_text<'a>(
    input: &'a [u8],
    options: &ReadOptions,
) -> Result<Cow<'a, [u8]>, Rejected> {
    if input.starts_with(&GZIP_MAGIC) {
        gunzip(input, options.max_decompressed_size).map(Cow::Owned)
    } else {
        Ok(Cow::Borrowed(input))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forged_gzip_size_is_only_a_hint() {
        let mut gz = Vec::new();
        let mut encoder = flate2::write::GzEncoder::new(&mut gz, flate2::Compression::fast());
        std::io::Write::write_all(&mut encoder, b"LIRS,1,2,0,0,http://a.example/,t,a,0,,\n")
            .unwrap();
        encoder.finish().unwrap();
        let n = gz.len();
        gz[n - 4..].copy_from_slice(&u32::MAX.to_le_bytes());
        let rejected = gunzip(&gz, 1 << 20).unwrap_err();
        assert_eq!(rejected.diagnostics[0].rule, rules::BAD_GZIP);
    }
}
