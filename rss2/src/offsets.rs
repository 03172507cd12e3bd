//! Where a place in the decoded text is in the input.
//!
//! The reader parses one UTF-8 text, but diagnostic spans are byte ranges
//! of the input the caller passed, whatever its encoding, so that carets
//! and JSON offsets point into the user's file. For UTF-8 input the text
//! is the input after its byte order mark: an offset only moves by the
//! BOM's length. For any other encoding the text is decoded again, with
//! the same decoder, up to the offset asked for: only when a diagnostic is
//! reported, so a clean file never pays for it.
//!
//! An offset of the text maps to the input position at which the decoder
//! had written that many bytes: for a character's first byte in the text,
//! its first byte in the input (in ISO-2022-JP, the escape sequence before
//! it, if any); for the end of a span, the end of its last character.

use std::ops::Range;

use encoding_rs::{Decoder, DecoderResult, Encoding};

/// Input bytes one bulk step decodes at most.
const STEP: usize = 4096;

/// Input bytes between checkpoints: the most an offset before the walk's
/// position is decoded again.
const CHECKPOINT_EVERY: usize = 16 * 1024;

/// Maps offsets of the decoded text to offsets of the input.
pub(crate) struct InputOffsets<'a> {
    /// The input after the byte order mark: what was decoded.
    body: &'a [u8],
    /// The byte order mark's length.
    bom: usize,
    /// How the body was decoded: `None` for UTF-8, whose text is the body.
    encoding: Option<&'static Encoding>,
    /// The decoding walk, set up on the first offset asked for.
    walk: Option<Box<Walk>>,
}

impl<'a> InputOffsets<'a> {
    /// The offsets of the text `encoding` decoded from `body`, which
    /// followed a byte order mark of `bom` bytes in the input.
    pub(crate) fn new(encoding: &'static Encoding, bom: usize, body: &'a [u8]) -> Self {
        InputOffsets {
            body,
            bom,
            encoding: (encoding != encoding_rs::UTF_8).then_some(encoding),
            walk: None,
        }
    }

    /// The input range of `span`, a range of the decoded text.
    pub(crate) fn span(&mut self, span: Range<usize>) -> Range<usize> {
        let start = self.offset(span.start);
        let end = if span.end == span.start {
            start
        } else {
            self.offset(span.end).max(start)
        };
        start..end
    }

    /// The input offset of `offset`, an offset of the decoded text.
    pub(crate) fn offset(&mut self, offset: usize) -> usize {
        let Some(encoding) = self.encoding else {
            return self.bom + offset;
        };
        let walk = self
            .walk
            .get_or_insert_with(|| Box::new(Walk::new(encoding)));
        self.bom + walk.input_offset(self.body, offset)
    }
}

/// A decoder part way through the body, and the places it has been.
struct Walk {
    encoding: &'static Encoding,
    decoder: Decoder,
    /// Body bytes given to `decoder`.
    read: usize,
    /// Text bytes it wrote for them.
    written: usize,
    /// `(written, read)` just after a character was written, in order of
    /// `written`: places a fresh decoder can start from, so that an offset
    /// before the walk's position is not decoded from the start again.
    /// Taken at each offset asked for and every [`CHECKPOINT_EVERY`] bytes.
    /// None for ISO-2022-JP, whose decoder carries its mode from one
    /// character to the next.
    checkpoints: Vec<(usize, usize)>,
    /// `read` at which the walk next takes a checkpoint.
    next_checkpoint: usize,
    /// Where the decoder writes; the text itself is not needed.
    scratch: Vec<u8>,
}

impl Walk {
    fn new(encoding: &'static Encoding) -> Self {
        let decoder = encoding.new_decoder_without_bom_handling();
        // No decoder writes more than 4 bytes of UTF-8 a byte of input,
        // counting the bytes it holds back from the step before.
        let room = decoder
            .max_utf8_buffer_length_without_replacement(STEP)
            .unwrap_or(0)
            .max(4 * STEP + 16);
        Walk {
            encoding,
            decoder,
            read: 0,
            written: 0,
            checkpoints: Vec::new(),
            next_checkpoint: if encoding == encoding_rs::ISO_2022_JP {
                usize::MAX
            } else {
                CHECKPOINT_EVERY
            },
            scratch: vec![0; room],
        }
    }

    /// The least number of body bytes after which the decoder has written
    /// at least `target` bytes of text (the whole body if it never does).
    fn input_offset(&mut self, body: &[u8], target: usize) -> usize {
        if target == 0 {
            return 0;
        }
        let found = self.checkpoints.partition_point(|&(w, _)| w < target);
        if let Some(&(written, read)) = self.checkpoints.get(found)
            && written == target
        {
            return read;
        }
        // Start from the nearest place before `target`: the walk's own
        // position, a checkpoint, or the start of the body.
        let before = found.checked_sub(1).and_then(|i| self.checkpoints.get(i));
        let from = before.copied().unwrap_or((0, 0));
        if self.written >= target || self.written < from.0 {
            self.restart(from);
        }
        self.walk_to(body, target)
    }

    /// A fresh decoder at `(written, read)`, just after a character.
    fn restart(&mut self, (written, read): (usize, usize)) {
        self.decoder = self.encoding.new_decoder_without_bom_handling();
        self.written = written;
        self.read = read;
        if self.next_checkpoint != usize::MAX {
            self.next_checkpoint = read + CHECKPOINT_EVERY;
        }
    }

    /// Decodes on until `target` bytes of text are written: in bulk while
    /// that surely stays short of `target`, then a byte at a time.
    fn walk_to(&mut self, body: &[u8], target: usize) -> usize {
        while self.written < target {
            let Some(rest) = body.get(self.read..).filter(|rest| !rest.is_empty()) else {
                return body.len();
            };
            let short = target - self.written;
            let mut n = rest.len().min(STEP).min(short);
            if self.read >= self.next_checkpoint {
                // A byte at a time until a character is written.
                n = 1;
            }
            while n > 1
                && self
                    .decoder
                    .max_utf8_buffer_length_without_replacement(n)
                    .is_none_or(|most| most >= short)
            {
                n /= 2;
            }
            let (chunk, _) = rest.split_at(n.clamp(1, rest.len()));
            let (result, read, written) =
                self.decoder
                    .decode_to_utf8_without_replacement(chunk, &mut self.scratch, false);
            if matches!(result, DecoderResult::Malformed(..)) || read == 0 {
                // The body decoded whole before (or there would be no text
                // to point into): not reached; the walk stops where it is.
                return self.read;
            }
            self.read += read;
            self.written += written;
            if read == 1
                && written > 0
                && (self.written >= target || self.read >= self.next_checkpoint)
            {
                self.checkpoint();
            }
        }
        self.read
    }

    /// Remembers the walk's position, just after a character was written.
    fn checkpoint(&mut self) {
        if self.next_checkpoint == usize::MAX {
            return;
        }
        self.next_checkpoint = self.read + CHECKPOINT_EVERY;
        let at = self.checkpoints.partition_point(|&(w, _)| w < self.written);
        if self
            .checkpoints
            .get(at)
            .is_none_or(|&(w, _)| w != self.written)
        {
            self.checkpoints.insert(at, (self.written, self.read));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` in `encoding` (whose encoder writes UTF-16 as UTF-8).
    fn encode(encoding: &'static Encoding, text: &str) -> Vec<u8> {
        let units = text.encode_utf16();
        if encoding == encoding_rs::UTF_16LE {
            units.flat_map(u16::to_le_bytes).collect()
        } else if encoding == encoding_rs::UTF_16BE {
            units.flat_map(u16::to_be_bytes).collect()
        } else {
            let (bytes, _, errors) = encoding.encode(text);
            assert!(!errors);
            bytes.into_owned()
        }
    }

    /// Every character boundary of `text` encoded in `encoding` maps to
    /// the input offset where that character's bytes start, in any order.
    fn check(encoding: &'static Encoding, text: &str) {
        let bytes = encode(encoding, text);
        let mut expected = Vec::new();
        let mut at = 0;
        for (i, c) in text.char_indices() {
            expected.push((i, at));
            at += encode(encoding, &c.to_string()).len();
        }
        expected.push((text.len(), bytes.len()));
        let forward = |offsets: &mut InputOffsets<'_>| {
            for &(i, at) in &expected {
                assert_eq!(offsets.offset(i), 3 + at, "{} at {i}", encoding.name());
            }
        };
        let mut offsets = InputOffsets::new(encoding, 3, &bytes);
        forward(&mut offsets);
        // Backwards, from the checkpoints.
        for &(i, at) in expected.iter().rev() {
            assert_eq!(offsets.offset(i), 3 + at, "{} at {i}", encoding.name());
        }
        // Out of order, each from a fresh map.
        let mut offsets = InputOffsets::new(encoding, 3, &bytes);
        for &(i, at) in expected.iter().step_by(31).rev() {
            assert_eq!(offsets.offset(i), 3 + at, "{} at {i}", encoding.name());
        }
        forward(&mut offsets);
    }

    #[test]
    fn offsets_map_back_in_every_japanese_encoding() {
        let text = format!(
            "<title>日本語のﾀｲﾄﾙ</title>\n<pubDate>x</pubDate>{}",
            "あa".repeat(5_000)
        );
        for encoding in [
            encoding_rs::SHIFT_JIS,
            encoding_rs::EUC_JP,
            encoding_rs::UTF_16LE,
            encoding_rs::UTF_16BE,
            encoding_rs::WINDOWS_1252,
        ] {
            if encoding == encoding_rs::WINDOWS_1252 {
                check(encoding, "café <b>x</b>");
            } else {
                check(encoding, &text);
            }
        }
        // Surrogate pairs.
        check(encoding_rs::UTF_16LE, "a\u{1F600}b<x>\u{1F600}");
        check(encoding_rs::UTF_16BE, "\u{1F600}\u{1F600}z");
    }

    #[test]
    fn iso_2022_jp_spans_start_at_the_escape_before_them() {
        let text = "a日本b";
        let (bytes, _, _) = encoding_rs::ISO_2022_JP.encode(text);
        // a ESC $ B 日 本 ESC ( B b
        let mut offsets = InputOffsets::new(encoding_rs::ISO_2022_JP, 0, &bytes);
        assert_eq!(offsets.offset(1), 1);
        assert_eq!(offsets.offset(4), 6);
        assert_eq!(offsets.offset(7), 8);
        assert_eq!(offsets.offset(0), 0);
        assert_eq!(offsets.span(7..8), 8..12);
    }

    #[test]
    fn utf8_offsets_only_move_past_the_bom() {
        let mut offsets = InputOffsets::new(encoding_rs::UTF_8, 3, b"abc");
        assert_eq!(offsets.span(1..2), 4..5);
        assert!(offsets.walk.is_none());
    }

    #[test]
    fn offsets_past_the_text_are_the_end_of_the_input() {
        let (bytes, _, _) = encoding_rs::EUC_JP.encode("あい");
        let mut offsets = InputOffsets::new(encoding_rs::EUC_JP, 0, &bytes);
        assert_eq!(offsets.offset(6), 4);
        assert_eq!(offsets.offset(100), 4);
        assert_eq!(offsets.span(3..3), 2..2);
    }
}
