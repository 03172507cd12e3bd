//! What a diagnostic shows of its line: the column of its span and a
//! window around it, cut with `...` as rustc cuts long lines.
//!
//! A line may be megabytes long with thousands of diagnostics on it (a
//! LIRS title of bad escapes, issue #28): decoding the whole line for
//! each snippet made `check` quadratic. A line longer than [`LONG`] bytes
//! is decoded only around the span; the characters before that window
//! (which the column counts) are counted once a line, at marks kept in a
//! [`LineMemo`]. What is shown is what decoding the whole line shows.

use std::borrow::Cow;

/// The most columns of a line shown before a span, and after it.
pub const CONTEXT: usize = 40;
/// The most columns of a span shown.
pub const MARKED: usize = 80;
/// A line this wide or narrower is shown whole.
const WHOLE_LINE: usize = 2 * CONTEXT + MARKED;

/// The most bytes one decoded character comes from (UTF-8: 4, EUC-JP: 3,
/// an invalid sequence: fewer); every character is at least a column.
const CHAR_BYTES: usize = 4;
/// A line of more bytes than this is decoded around each span only; one
/// of this many or fewer, whole. A line past it is wider than
/// [`WHOLE_LINE`] (so it is never shown whole).
const LONG: usize = 4096;
const _: () = assert!(LONG >= CHAR_BYTES * (WHOLE_LINE + 1));
/// Bytes between two of a [`LineMemo`]'s marks, at least.
const STEP: usize = 4096;

/// A diagnostic's snippet: its column, and the window of its line shown.
#[derive(Debug, PartialEq, Eq)]
pub struct Snippet {
    /// The 1-based column (in characters) where the span starts.
    pub column: usize,
    /// The text shown.
    pub text: String,
    /// Columns before the first caret.
    pub pad: usize,
    /// Carets under the span (at least one).
    pub carets: usize,
}

/// What is known of the long line last shown, so that its many
/// diagnostics read it once, not once each: whether it is UTF-8, and how
/// many characters come before marks every 4,096 bytes or so. One
/// memo serves one file (a line is known by its offset and length).
#[derive(Debug, Default)]
pub struct LineMemo {
    /// The line's offset in the file and its length.
    line: Option<(usize, usize)>,
    utf8: bool,
    /// `(byte, characters before it)` at boundaries (see [`boundary`]),
    /// ascending from `(0, 0)`.
    marks: Vec<(usize, usize)>,
}

impl LineMemo {
    /// Known about `bytes`, the line at `offset` in the file.
    fn know(&mut self, offset: usize, bytes: &[u8]) {
        if self.line != Some((offset, bytes.len())) {
            self.line = Some((offset, bytes.len()));
            self.utf8 = std::str::from_utf8(bytes).is_ok();
            self.marks.clear();
            self.marks.push((0, 0));
        }
    }

    /// Characters `bytes[..at]` decodes to, `at` a boundary.
    fn chars_before(&mut self, bytes: &[u8], at: usize) -> usize {
        let utf8 = self.utf8;
        while let Some(&(last, chars)) = self.marks.last()
            && last + STEP <= at
        {
            let next = next_boundary(bytes, last + STEP, utf8);
            if next > at {
                break;
            }
            let n = chars_in(bytes.get(last..next).unwrap_or_default(), utf8);
            self.marks.push((next, chars + n));
        }
        let i = self.marks.partition_point(|&(byte, _)| byte <= at);
        let (from, chars) = self
            .marks
            .get(i.saturating_sub(1))
            .copied()
            .unwrap_or_default();
        chars + chars_in(bytes.get(from..at).unwrap_or_default(), utf8)
    }
}

/// The snippet of `bytes`, a line (at `offset` in its file), for the span
/// `start..end` of it in bytes (`start <= end <= bytes.len()`): a long
/// line is decoded around the span only, `memo` counting what is before.
pub fn of(bytes: &[u8], offset: usize, start: usize, end: usize, memo: &mut LineMemo) -> Snippet {
    if bytes.len() <= LONG {
        whole(bytes, start, end)
    } else {
        memo.know(offset, bytes);
        windowed(bytes, start, end, memo)
    }
}

/// The snippet of a line decoded whole.
fn whole(bytes: &[u8], start: usize, end: usize) -> Snippet {
    // The line is read one way, UTF-8 or EUC-JP, as a whole, and cut
    // where the span's ends fall in it (counted in characters).
    let utf8 = std::str::from_utf8(bytes).is_ok();
    let full = display_text(bytes, utf8);
    let at = |end: usize| {
        let n = chars_in(bytes.get(..end).unwrap_or_default(), utf8);
        char_offset(&full, n)
    };
    let (start, end) = (at(start), at(end));
    let before = full.get(..start).unwrap_or_default();
    let marked = full.get(start..end).unwrap_or_default();
    let after = full.get(end..).unwrap_or_default();
    let column = before.chars().count() + 1;
    let (wb, wm, wa) = (width(before), width(marked), width(after));
    if wb + wm + wa <= WHOLE_LINE {
        return Snippet {
            column,
            text: format!("{before}{marked}{after}"),
            pad: wb,
            carets: wm.max(1),
        };
    }
    cut(column, before, marked, after)
}

/// The snippet of a line longer than [`LONG`], decoded from a boundary
/// enough bytes before the span to its end (or enough bytes into it) and
/// enough after: the characters each side that [`cut`] looks at, and one
/// more to tell that the line goes on.
fn windowed(bytes: &[u8], start: usize, end: usize, memo: &mut LineMemo) -> Snippet {
    let utf8 = memo.utf8;
    let near = CHAR_BYTES * (CONTEXT + 3);
    let far = CHAR_BYTES * (MARKED + 3);
    let lo = prev_boundary(bytes, start.saturating_sub(near), utf8);
    let reach = if end - start > far {
        start + far
    } else {
        end + near
    };
    let hi = next_boundary(bytes, reach.min(bytes.len()), utf8);
    let window = bytes.get(lo..hi).unwrap_or_default();
    let text = display_text(window, utf8);
    // Decoding from a boundary gives what the whole line gives there.
    let at = |x: usize| char_offset(&text, chars_in(bytes.get(lo..x).unwrap_or_default(), utf8));
    let (start, end) = (at(start), at(end.min(hi)));
    let before = text.get(..start).unwrap_or_default();
    let marked = text.get(start..end).unwrap_or_default();
    let after = text.get(end..).unwrap_or_default();
    let column = memo.chars_before(bytes, lo) + before.chars().count() + 1;
    cut(column, before, marked, after)
}

/// The window of a line too wide to show whole that is `before`,
/// `marked` (the span) and `after`: of each, no more than [`cut`] shows
/// need be given, and one character more where the line goes on.
fn cut(column: usize, before: &str, marked: &str, after: &str) -> Snippet {
    let mut text = String::new();
    if width(before) > CONTEXT {
        text.push_str("...");
        text.push_str(tail(before, CONTEXT));
    } else {
        text.push_str(before);
    }
    let pad = width(&text);
    let shown = head(marked, MARKED);
    text.push_str(shown);
    let carets = width(shown).max(1);
    if shown.len() < marked.len() {
        text.push_str("...");
    } else {
        let rest = head(after, CONTEXT);
        text.push_str(rest);
        if rest.len() < after.len() {
            text.push_str("...");
        }
    }
    Snippet {
        column,
        text,
        pad,
        carets,
    }
}

/// Whether a decoding of the line can start (or end) at byte `i` and
/// give what decoding it whole gives there: in UTF-8, `i` starts a
/// character; in EUC-JP, the byte before is ASCII, which the decoder never
/// takes into a sequence (WHATWG Encoding, EUC-JP decoder: an ASCII byte
/// after a lead is given back), so it starts afresh after it.
fn boundary(bytes: &[u8], i: usize, utf8: bool) -> bool {
    if i == 0 || i >= bytes.len() {
        return true;
    }
    if utf8 {
        bytes.get(i).is_some_and(|&b| b & 0xc0 != 0x80)
    } else {
        bytes.get(i - 1).is_some_and(u8::is_ascii)
    }
}

/// The first boundary at or after `i` (the line's end at the latest).
fn next_boundary(bytes: &[u8], i: usize, utf8: bool) -> usize {
    (i..bytes.len())
        .find(|&i| boundary(bytes, i, utf8))
        .unwrap_or(bytes.len())
}

/// The last boundary at or before `i` (the line's start at the earliest).
fn prev_boundary(bytes: &[u8], i: usize, utf8: bool) -> usize {
    (0..=i.min(bytes.len()))
        .rev()
        .find(|&i| boundary(bytes, i, utf8))
        .unwrap_or(0)
}

/// The offset in `text` of its character `n`, or its end.
fn char_offset(text: &str, n: usize) -> usize {
    text.char_indices().nth(n).map_or(text.len(), |(i, _)| i)
}

/// Characters `bytes` decode to (UTF-8 when `utf8`, else EUC-JP).
fn chars_in(bytes: &[u8], utf8: bool) -> usize {
    decoded(bytes, utf8).chars().count()
}

/// Bytes of a line decoded: UTF-8 when the line is (`utf8`), else EUC-JP
/// (the antenna formats' default).
fn decoded(bytes: &[u8], utf8: bool) -> Cow<'_, str> {
    if utf8 {
        String::from_utf8_lossy(bytes)
    } else {
        encoding_rs::EUC_JP.decode_without_bom_handling(bytes).0
    }
}

/// Bytes of a line as text ([`decoded`]), with control characters shown
/// as `�` (one character for one).
fn display_text(bytes: &[u8], utf8: bool) -> String {
    decoded(bytes, utf8)
        .chars()
        .map(|c| {
            if c.is_control() && c != '\t' {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect()
}

/// The longest start of `text` at most `columns` wide.
fn head(text: &str, columns: usize) -> &str {
    let mut used = 0;
    for (i, c) in text.char_indices() {
        used += width_of(c);
        if used > columns {
            return text.get(..i).unwrap_or(text);
        }
    }
    text
}

/// The longest end of `text` at most `columns` wide.
fn tail(text: &str, columns: usize) -> &str {
    let mut used = 0;
    for (i, c) in text.char_indices().rev() {
        used += width_of(c);
        if used > columns {
            return text.get(i + c.len_utf8()..).unwrap_or(text);
        }
    }
    text
}

/// Columns a terminal gives `text`: wide (East Asian Wide and Fullwidth,
/// UAX #11) characters and emoji take two. The ranges are those of the
/// scripts antenna files are written in; a renderer crate
/// (annotate-snippets) would bring unicode-width for the same answer on
/// these lines, and the layout here is rustc's, tested with wide text.
pub fn width(text: &str) -> usize {
    text.chars().map(width_of).sum()
}

/// Columns a terminal gives `c` (see [`width`]).
fn width_of(c: char) -> usize {
    match u32::from(c) {
        0x1100..=0x115f | 0x2e80..=0xa4cf | 0xac00..=0xd7a3 | 0xf900..=0xfaff => 2,
        0xfe30..=0xfe4f | 0xff00..=0xff60 | 0xffe0..=0xffe6 => 2,
        0x1f300..=0x1f64f | 0x1f900..=0x1f9ff | 0x20000..=0x3fffd => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    #[test]
    fn emoji_and_rare_kanji_are_wide_too() {
        // 😀 U+1F600 and 𠮷 U+20BB7 (a JIS X 0213 kanji) take two columns.
        assert_eq!(width("😀𠮷a"), 5);
        assert_eq!(width("ｱa"), 2);
    }

    /// A line of `len` bytes or so of pieces from `pieces`.
    fn line(rng: &mut Rng, len: usize, pieces: &[&[u8]]) -> Vec<u8> {
        let mut line = Vec::new();
        while line.len() < len {
            line.extend_from_slice(pieces[rng.below(pieces.len() as u64) as usize]);
        }
        line
    }

    /// Every snippet of a long line, decoded around its span, is the one
    /// decoding the whole line gives: spans anywhere (at the ends, inside
    /// a character, long or empty), in any order on one memo, in UTF-8
    /// lines and EUC-JP ones (valid, or with stray bytes).
    #[test]
    fn a_long_line_shows_what_the_whole_line_shows() {
        let utf8: &[&[u8]] = &[
            b"a",
            b"\\q",
            b",",
            "日記".as_bytes(),
            "😀".as_bytes(),
            b"\t",
            b"\x01",
        ];
        // EUC-JP: 日記, half-width katakana, JIS X 0212, stray and cut
        // sequences, long runs with no ASCII between.
        let euc: &[&[u8]] = &[
            b"a",
            b"\\q",
            b"\xc6\xfc\xb5\xad",
            b"\x8e\xb1",
            b"\x8f\xb0\xa1",
            b"\xff",
            b"\xa4",
            b"\x8e",
            b"\x01",
            &[0xb0; 64],
        ];
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for (pieces, is_utf8) in [(utf8, true), (euc, false)] {
            for len in [LONG + 1, 3 * STEP + 17, 20_000] {
                let bytes = line(&mut rng, len, pieces);
                assert_eq!(std::str::from_utf8(&bytes).is_ok(), is_utf8);
                let mut memo = LineMemo::default();
                let n = bytes.len();
                let mut spans = vec![(0, 0), (0, n), (n, n), (n - 1, n), (0, 1)];
                for _ in 0..300 {
                    let start = rng.below(n as u64 + 1) as usize;
                    let long = [1, 3, 200, 400, n][rng.below(5) as usize];
                    let end = (start + rng.below(long as u64) as usize).min(n);
                    spans.push((start, end));
                }
                for (start, end) in spans {
                    assert_eq!(
                        of(&bytes, 7, start, end, &mut memo),
                        whole(&bytes, start, end),
                        "{len} bytes, span {start}..{end}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_long_line_is_cut_around_its_span() {
        // 5,000 columns of `\q`, a span on the thousandth escape.
        let bytes = b"\\q".repeat(2_500);
        let snippet = of(&bytes, 0, 2_000, 2_002, &mut LineMemo::default());
        assert_eq!(
            snippet,
            Snippet {
                column: 2_001,
                text: format!("...{}...", "\\q".repeat(41)),
                pad: CONTEXT + 3,
                carets: 2,
            }
        );
    }
}
