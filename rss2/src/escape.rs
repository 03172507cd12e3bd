//! Text and attribute values as the writer writes them: escaped where
//! XML needs it, checked for characters XML refuses. Most values need
//! neither (numbers, URLs, dates, most titles; an item converted to RSS
//! writes some thirty), so one scan of the bytes tells those apart and
//! they are copied whole; the others are checked with
//! [`find_non_xml_char`] and escaped by quick-xml, as all values once were.

use std::fmt::Write as _;

use crate::xml_chars::find_non_xml_char;

/// `true` for a byte text cannot be copied with: markup (`&`, `<`, `>`:
/// quick-xml's `partial_escape`, so `]]>` never appears), CR (written as
/// a reference), and the first byte of a character XML may refuse (a
/// control other than tab and LF, `0xEF`: see [`find_non_xml_char`]).
const fn text_needs_work(b: u8) -> bool {
    matches!(b, b'&' | b'<' | b'>' | 0xEF) || (b < 0x20 && b != b'\t' && b != b'\n')
}

/// `true` for a byte an attribute value cannot be copied with: what
/// quick-xml's `escape` escapes (`&`, `<`, `>`, `'`, `"`), tab, LF and CR
/// (written as references), and the first byte of a character XML may
/// refuse.
const fn attribute_needs_work(b: u8) -> bool {
    matches!(b, b'&' | b'<' | b'>' | b'\'' | b'"' | 0xEF) || b < 0x20
}

/// A byte test as a table: one look-up a byte, and a scan without
/// branches (issue #23: the test's comparisons a byte were a third of
/// writing an RSS item's values).
// Built at compile time: `b < 256` indexes a 256-entry table, and an
// out-of-bounds index would fail the build, not a read.
#[allow(clippy::indexing_slicing)]
const fn table(attribute: bool) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = if attribute {
            attribute_needs_work(b as u8)
        } else {
            text_needs_work(b as u8)
        };
        b += 1;
    }
    table
}

/// [`text_needs_work`] of each byte.
static TEXT_WORK: [bool; 256] = table(false);

/// [`attribute_needs_work`] of each byte.
static ATTRIBUTE_WORK: [bool; 256] = table(true);

/// Checks `value` as text: `Ok(true)` when it is copied as it is,
/// `Ok(false)` when it needs escaping, `Err` with the first character
/// XML refuses.
pub(crate) fn check_text(value: &str) -> Result<bool, char> {
    checked(value, &TEXT_WORK)
}

/// Checks `value` as an attribute value, as [`check_text`] does text.
pub(crate) fn check_attribute(value: &str) -> Result<bool, char> {
    checked(value, &ATTRIBUTE_WORK)
}

fn checked(value: &str, work: &[bool; 256]) -> Result<bool, char> {
    let needs_work = value.bytes().fold(false, |needs, b| {
        needs | work.get(usize::from(b)).copied().unwrap_or(true)
    });
    if !needs_work {
        return Ok(true);
    }
    match find_non_xml_char(value) {
        Some((_, character)) => Err(character),
        None => Ok(false),
    }
}

/// Appends text `value`, checked by [`check_text`] (`plain` its answer).
pub(crate) fn push_text(out: &mut String, value: &str, plain: bool) {
    if plain {
        out.push_str(value);
    } else {
        // CR becomes a reference so that it survives line-end
        // normalisation.
        let escaped = quick_xml::escape::partial_escape(value);
        push_with_whitespace_refs(out, &escaped, [b'\r'; 3]);
    }
}

/// Appends `="value"`, `value` checked by [`check_attribute`] (`plain`
/// its answer).
pub(crate) fn push_attribute_value(out: &mut String, value: &str, plain: bool) {
    out.push_str("=\"");
    if plain {
        out.push_str(value);
    } else {
        // Tab, LF and CR become references so that attribute-value
        // normalisation (XML 1.0 §3.3.3) keeps them.
        let escaped = quick_xml::escape::escape(value);
        push_with_whitespace_refs(out, &escaped, *b"\t\n\r");
    }
    out.push('"');
}

fn push_with_whitespace_refs(out: &mut String, text: &str, chars: [u8; 3]) {
    // The characters are ASCII: a byte search finds them, and the text
    // between is pushed whole.
    let [a, b, c] = chars;
    let mut rest = text;
    while let Some(at) = memchr::memchr3(a, b, c, rest.as_bytes()) {
        let (plain, tail) = rest.split_at(at);
        out.push_str(plain);
        let mut tail = tail.chars();
        if let Some(c) = tail.next() {
            let _ = write!(out, "&#{};", u32::from(c));
        }
        rest = tail.as_str();
    }
    out.push_str(rest);
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The way every value was written before the scan: checked, then
    /// escaped by quick-xml.
    fn escaped_text(value: &str) -> Result<String, char> {
        if let Some((_, c)) = find_non_xml_char(value) {
            return Err(c);
        }
        let mut out = String::new();
        push_with_whitespace_refs(
            &mut out,
            &quick_xml::escape::partial_escape(value),
            [b'\r'; 3],
        );
        Ok(out)
    }

    fn escaped_attribute(value: &str) -> Result<String, char> {
        if let Some((_, c)) = find_non_xml_char(value) {
            return Err(c);
        }
        let mut out = String::from("=\"");
        push_with_whitespace_refs(&mut out, &quick_xml::escape::escape(value), *b"\t\n\r");
        out.push('"');
        Ok(out)
    }

    fn text(value: &str) -> Result<String, char> {
        let plain = check_text(value)?;
        let mut out = String::new();
        push_text(&mut out, value, plain);
        Ok(out)
    }

    fn attribute(value: &str) -> Result<String, char> {
        let plain = check_attribute(value)?;
        let mut out = String::new();
        push_attribute_value(&mut out, value, plain);
        Ok(out)
    }

    #[test]
    fn markup_references_and_refused_characters() {
        assert_eq!(
            text("a <b> & ]]> c"),
            Ok("a &lt;b&gt; &amp; ]]&gt; c".into())
        );
        assert_eq!(text("a\r\n\tb"), Ok("a&#13;\n\tb".into()));
        assert_eq!(text("日本語 1234"), Ok("日本語 1234".into()));
        assert_eq!(text("a\u{1}"), Err('\u{1}'));
        assert_eq!(text("a\u{FFFE}"), Err('\u{FFFE}'));
        assert_eq!(text("ｱ\u{FFFF}"), Err('\u{FFFF}'));
        assert_eq!(text("ｱ"), Ok("ｱ".into()));
        assert_eq!(
            attribute("a\"b'c\t\n\r&"),
            Ok("=\"a&quot;b&apos;c&#9;&#10;&#13;&amp;\"".into())
        );
        assert_eq!(attribute("Last-Modified"), Ok("=\"Last-Modified\"".into()));
        assert_eq!(attribute("\u{1F}"), Err('\u{1F}'));
    }

    proptest! {
        /// The scan changes nothing: every value is written, or refused,
        /// as checking and escaping every value wrote it.
        #[test]
        fn written_as_before(value in "(\\PC|[\\x00-\\x1f&<>'\"\u{FFFE}\u{FFFF}\u{FF00}-\u{FFFD}]){0,24}") {
            prop_assert_eq!(text(&value), escaped_text(&value));
            prop_assert_eq!(attribute(&value), escaped_attribute(&value));
        }
    }
}
