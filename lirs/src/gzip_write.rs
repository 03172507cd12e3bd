//! Gzip whose bytes are a function of the text alone.
//!
//! Deflate's output depends on how its input is cut into calls: the text of
//! a LIRS file handed to zlib-rs at level 1 record by record compresses to
//! other bytes than the same text handed over whole (both decompress to
//! the text; they are not the same file). A writer that makes its text
//! record by record (the `antenna` command streaming a conversion) and one
//! that has it whole ([`crate::write()`]) must give the same file, so both
//! compress through [`GzipWriter`], which hands the encoder the text in
//! pieces of [`CHUNK`] bytes however it is given.

use std::io::{self, Write};

/// The piece the encoder is given at a time: 64 KiB.
pub(crate) const CHUNK: usize = 64 * 1024;

/// A gzip encoder (no time stamp, no file name) fed in pieces of 64 KiB,
/// so that its output does not depend on how the text is written to it.
///
/// An error of the output it writes to leaves the file unfinished and the
/// writer in no state to go on (some of the text may be queued, some
/// compressed): give up on the file, as `write_all`'s callers do.
///
/// ```
/// use std::io::Write as _;
///
/// let text = b"LIRS,1,2,0,0,http://a.example/,t,a,0,,\n".repeat(5_000);
/// let mut whole = lirs::GzipWriter::new(Vec::new(), lirs::DEFAULT_GZIP_LEVEL);
/// whole.write_all(&text).unwrap();
/// let mut by_line = lirs::GzipWriter::new(Vec::new(), lirs::DEFAULT_GZIP_LEVEL);
/// for line in text.chunks(40) {
///     by_line.write_all(line).unwrap();
/// }
/// assert_eq!(whole.finish().unwrap(), by_line.finish().unwrap());
/// ```
pub struct GzipWriter<W: Write> {
    encoder: flate2::write::GzEncoder<W>,
    /// Text not yet given to the encoder: less than [`CHUNK`] bytes.
    pending: Vec<u8>,
}

impl<W: Write> GzipWriter<W> {
    /// Compresses into `inner` at gzip level `level` (0, stored, to 9,
    /// smallest; higher values are taken as 9).
    pub fn new(inner: W, level: u32) -> Self {
        GzipWriter {
            encoder: flate2::GzBuilder::new()
                .mtime(0)
                .write(inner, flate2::Compression::new(level.min(9))),
            pending: Vec::new(),
        }
    }

    /// The compressed output so far (some of it may still be held by the
    /// encoder).
    pub fn get_ref(&self) -> &W {
        self.encoder.get_ref()
    }

    /// Compresses what is left, writes the gzip trailer and gives the
    /// output back.
    pub fn finish(mut self) -> io::Result<W> {
        if !self.pending.is_empty() {
            self.encoder.write_all(&self.pending)?;
        }
        self.encoder.finish()
    }
}

impl<W: Write> Write for GzipWriter<W> {
    fn write(&mut self, mut buf: &[u8]) -> io::Result<usize> {
        let given = buf.len();
        if self.pending.is_empty() {
            // Whole pieces go straight to the encoder, without a copy.
            while let Some((piece, rest)) = buf.split_at_checked(CHUNK) {
                self.encoder.write_all(piece)?;
                buf = rest;
            }
        }
        while !buf.is_empty() {
            let room = CHUNK - self.pending.len();
            let (taken, rest) = buf.split_at(room.min(buf.len()));
            self.pending.extend_from_slice(taken);
            buf = rest;
            if self.pending.len() == CHUNK {
                self.encoder.write_all(&self.pending)?;
                self.pending.clear();
            }
        }
        Ok(given)
    }

    /// Does nothing: flushing the encoder would end a deflate block where
    /// the text happens to be, and so change the bytes.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::io::Read as _;

    fn text() -> Vec<u8> {
        let mut text = Vec::new();
        for i in 0..30_000u32 {
            let _ = writeln!(
                text,
                "LIRS,{i},{},32400,{},http://example.jp/{}/,title {i},author,0,",
                i * 7,
                i % 977,
                i % 131
            );
        }
        text
    }

    fn gzip_in(pieces: &[&[u8]]) -> Vec<u8> {
        let mut writer = GzipWriter::new(Vec::new(), crate::DEFAULT_GZIP_LEVEL);
        for piece in pieces {
            writer.write_all(piece).unwrap();
        }
        writer.finish().unwrap()
    }

    #[test]
    fn the_bytes_depend_on_the_text_alone() {
        let text = text();
        assert!(text.len() > 3 * CHUNK, "the text spans several pieces");
        let whole = gzip_in(&[&text]);
        let by_line: Vec<&[u8]> = text.split_inclusive(|&b| b == b'\n').collect();
        assert_eq!(gzip_in(&by_line), whole);
        let odd: Vec<&[u8]> = text.chunks(CHUNK + 1).collect();
        assert_eq!(gzip_in(&odd), whole);
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&whole[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, text);
    }

    #[test]
    fn an_empty_text_is_an_empty_gzip_member() {
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gzip_in(&[])[..])
            .read_to_end(&mut back)
            .unwrap();
        assert!(back.is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn any_cutting_gives_the_same_file(cuts in proptest::collection::vec(1usize..90_000, 1..12)) {
            let text = text();
            let mut pieces = Vec::new();
            let mut rest = &text[..];
            for cut in cuts {
                let (piece, after) = rest.split_at(cut.min(rest.len()));
                pieces.push(piece);
                rest = after;
            }
            pieces.push(rest);
            prop_assert_eq!(gzip_in(&pieces), gzip_in(&[&text]));
        }
    }
}
