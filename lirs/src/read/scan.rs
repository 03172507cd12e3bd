//! The one pass over a line's bytes: where it ends (the LF), and on the way
//! every unescaped comma, the first CR, whether it holds a backslash, and
//! whether it is ASCII. The readers ask nothing else of the raw bytes
//! before they decode a record's fields, so each byte is looked at once
//! (the reader used to make five passes: the line end, the CR, the
//! backslash and ASCII checks, then the split into fields).
//!
//! Eight bytes at a time: a word with none of the four bytes that matter
//! (`\n`, `\r`, `,`, `\\`) costs a few operations, and only those bytes
//! are visited one by one. Hand-written because no chosen dependency finds
//! four bytes at once (`memchr3` finds three, and its set-up costs more
//! than a field of a few bytes); `scan_agrees_with_the_plain_passes`
//! checks it against the straightforward passes it replaced.

/// What [`scan`] found, for the bytes up to the first LF (or all of them
/// when there is none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scan {
    /// The offset of the first LF; `None` when the bytes hold none.
    pub(crate) lf: Option<usize>,
    /// The offset of the first CR before the LF (the CR of a CRLF
    /// included: [`Scan::lone_cr`] tells them apart).
    pub(crate) first_cr: Option<usize>,
    /// A backslash occurs before the LF.
    pub(crate) backslash: bool,
    /// Every byte before the LF is ASCII.
    pub(crate) ascii: bool,
}

impl Scan {
    /// The first CR of a line whose content (line end removed) is
    /// `content_length` bytes long: a CR not followed by the LF, which
    /// §2 forbids ("CR MUST NOT be used alone").
    pub(crate) fn lone_cr(&self, content_length: usize) -> Option<usize> {
        self.first_cr.filter(|&cr| cr < content_length)
    }
}

/// Scans `bytes` up to the first LF: the [`Scan`], and in `commas`
/// (cleared first) the offsets of the commas that split the line into
/// fields, in order.
///
/// The commas are those of the grammar's `field *( "," field )` read from
/// the first byte: a backslash takes the next byte with it, whatever it is,
/// so `\,` does not split and `\\,` does. The LF ends the line even after
/// a backslash. For a record line (`LIRS,` first) the first comma is the
/// prefix's; the rest split its fields as [`crate::grammar`] says.
#[inline]
pub(crate) fn scan(bytes: &[u8], commas: &mut Vec<usize>) -> Scan {
    commas.clear();
    let mut state = State {
        skip_to: 0,
        first_cr: None,
        backslash: false,
        high: 0,
    };
    let (words, tail) = bytes.as_chunks::<8>();
    for (base, word) in (0..).step_by(8).zip(words) {
        if let Some(lf) = state.word(u64::from_le_bytes(*word), base, commas) {
            return state.done(Some(lf));
        }
    }
    // The last bytes, padded with zero bytes (which are none of the four).
    let mut last = [0u8; 8];
    let base = bytes.len() - tail.len();
    if let Some(head) = last.get_mut(..tail.len()) {
        head.copy_from_slice(tail);
    }
    let lf = state.word(u64::from_le_bytes(last), base, commas);
    state.done(lf)
}

/// What [`scan`] carries from word to word.
struct State {
    /// A comma or backslash before `skip_to` is the byte an escape took.
    skip_to: usize,
    first_cr: Option<usize>,
    backslash: bool,
    /// The bytes seen so far, ORed: their high bits say whether any byte
    /// was above 0x7F.
    high: u64,
}

impl State {
    /// Takes in the word at offset `base`; `Some(offset)` of the LF when it
    /// holds one (its bytes after the LF are not taken in).
    #[inline(always)]
    fn word(&mut self, word: u64, base: usize, commas: &mut Vec<usize>) -> Option<usize> {
        let mut found = special_bytes(word);
        while found != 0 {
            let lane = (found.trailing_zeros() / 8) as usize;
            found &= found - 1;
            let at = base + lane;
            match (word >> (lane * 8)) as u8 {
                b',' if at >= self.skip_to => commas.push(at),
                b'\\' if at >= self.skip_to => {
                    self.backslash = true;
                    self.skip_to = at + 2;
                }
                b'\r' if self.first_cr.is_none() => self.first_cr = Some(at),
                b'\n' => {
                    // Only the bytes before the LF count.
                    self.high |= word & ((1u64 << (lane * 8)) - 1);
                    return Some(at);
                }
                _ => {}
            }
        }
        self.high |= word;
        None
    }

    fn done(self, lf: Option<usize>) -> Scan {
        Scan {
            lf,
            first_cr: self.first_cr,
            backslash: self.backslash,
            ascii: self.high & 0x8080_8080_8080_8080 == 0,
        }
    }
}

/// The high bit of each byte of `word` that is `\n`, `\r`, `,` or `\\`,
/// and no other bit. For each byte `x`: its low seven bits `y` XOR the
/// byte sought, plus 0x7F, has its high bit set exactly when `y` differs
/// from that byte (no carry leaves the byte: both are below 0x80); ANDed
/// for the four, ORed with `x` itself (a byte above 0x7F matches none),
/// the high bit is clear exactly for the bytes sought.
#[inline(always)]
fn special_bytes(word: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let low = word & LOW7;
    let differs = |byte: u8| (low ^ u64::from_le_bytes([byte; 8])).wrapping_add(LOW7);
    !((differs(b'\n') & differs(b'\r') & differs(b',') & differs(b'\\')) | word | LOW7)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The passes [`scan`] replaced, one thing at a time: memchr for the
    /// line end, the CR and the backslash, `is_ascii`, and the grammar's
    /// byte-at-a-time split.
    fn plain_passes(bytes: &[u8]) -> (Scan, Vec<usize>) {
        let lf = memchr::memchr(b'\n', bytes);
        let line = &bytes[..lf.unwrap_or(bytes.len())];
        let mut commas = Vec::new();
        let mut i = 0;
        while let Some(&b) = line.get(i) {
            match b {
                b'\\' => i += 2,
                b',' => {
                    commas.push(i);
                    i += 1;
                }
                _ => i += 1,
            }
        }
        let scan = Scan {
            lf,
            first_cr: memchr::memchr(b'\r', line),
            backslash: memchr::memchr(b'\\', line).is_some(),
            ascii: line.is_ascii(),
        };
        (scan, commas)
    }

    fn scanned(bytes: &[u8]) -> (Scan, Vec<usize>) {
        // Left over from a line before.
        let mut commas = vec![99];
        let scan = scan(bytes, &mut commas);
        (scan, commas)
    }

    #[test]
    fn scans_a_record_line() {
        let (scan, commas) = scanned(b"LIRS,1,a\\,b,c\\\\,\xa4\xa2\r\nnext,\\\n");
        assert_eq!(
            scan,
            Scan {
                lf: Some(19),
                first_cr: Some(18),
                backslash: true,
                ascii: false,
            }
        );
        assert_eq!(commas, [4, 6, 11, 15]);
        assert_eq!(scan.lone_cr(18), None);
        assert_eq!(scan.lone_cr(19), Some(18));
        // The bytes after the LF count for nothing.
        let (scan, commas) = scanned(b"ab\n\xff\r,\\");
        assert_eq!(
            scan,
            Scan {
                lf: Some(2),
                first_cr: None,
                backslash: false,
                ascii: true,
            }
        );
        assert!(commas.is_empty());
        // An escaped LF still ends the line.
        assert_eq!(scanned(b"a\\\n,").0.lf, Some(2));
        assert_eq!(scanned(b"").0.lf, None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(2000))]
        /// The four bytes, their neighbours, and the same with the high
        /// bit set, in every position of the eight-byte words.
        #[test]
        fn scan_agrees_with_the_plain_passes(
            bytes in proptest::collection::vec(
                proptest::sample::select(vec![
                    0x00, 0x09, 0x0A, 0x0B, 0x0D, 0x2B, 0x2C, 0x2D, 0x5B, 0x5C, 0x5D, b'a',
                    0x7F, 0x80, 0x8A, 0x8D, 0xAC, 0xDC, 0xFF,
                ]),
                0..48,
            )
        ) {
            proptest::prop_assert_eq!(scanned(&bytes), plain_passes(&bytes));
        }

        /// Lines of text: LIRS records with escapes, CRs and UTF-8.
        #[test]
        fn scan_agrees_with_the_plain_passes_on_text(
            text in "(LIRS,)?[a,\\\\\r\n\u{3042}\u{AC}\u{2C2C} ]{0,60}"
        ) {
            let bytes = text.as_bytes();
            proptest::prop_assert_eq!(scanned(bytes), plain_passes(bytes));
        }
    }
}
