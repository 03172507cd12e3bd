//! Gzip input (LIRS 2.1 §2: "a text file compressed using gzip"),
//! decompressed within the size limit (§6).

use std::borrow::Cow;

use antenna_model::gzip::{self, GzipError};

use crate::{ReadOptions, Rejected, rules};

/// Decompresses a gzip input, at most `limit` bytes of it
/// ([`gzip::decompress`], every format's), the failure under this
/// crate's rules.
fn gunzip(input: &[u8], limit: u64) -> Result<Vec<u8>, Rejected> {
    gzip::decompress(input, limit).map_err(|e| match e {
        GzipError::TooLarge(_) => Rejected::unplaced(rules::DECOMPRESSED_TOO_LARGE, e.to_string()),
        GzipError::Corrupt(e) => {
            Rejected::unplaced(rules::BAD_GZIP, format!("input is not valid gzip: {e}"))
        }
    })
}

/// The text of an input: decompressed when it starts with the gzip magic,
/// as it is otherwise. Diagnostics' spans point into this text.
pub(crate) fn input_text<'a>(
    input: &'a [u8],
    options: &ReadOptions,
) -> Result<Cow<'a, [u8]>, Rejected> {
    if gzip::is_gzip(input) {
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
