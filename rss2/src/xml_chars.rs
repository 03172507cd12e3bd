//! XML's character classes: the characters a document may hold (XML 1.0
//! §2.2 Char), white space (§2.3 S) and names (§2.3 Name), with byte-level
//! fast paths for the common ASCII case, as every tag and text goes
//! through them.

/// XML white space (XML 1.0 §2.3 production S).
pub(crate) fn is_xml_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

/// `text` without leading and trailing XML white space: `str::trim_matches`
/// with [`is_xml_space`], by bytes (the four white space characters are
/// ASCII, and no byte of a multi-byte character is one of them, so the
/// cuts fall on character boundaries).
pub(crate) fn trim_xml_space(text: &str) -> &str {
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n');
    let bytes = text.as_bytes();
    let Some(start) = bytes.iter().position(|b| !space(b)) else {
        return "";
    };
    let end = bytes
        .iter()
        .rposition(|b| !space(b))
        .map_or(start, |i| i + 1);
    text.get(start..end).unwrap_or(text)
}

/// `true` for a character XML 1.0 §2.2 allows.
pub(crate) fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// XML 1.0 §2.3 NameStartChar.
fn is_name_start_char(c: char) -> bool {
    matches!(c,
        ':' | 'A'..='Z' | '_' | 'a'..='z' | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}'
        | '\u{F8}'..='\u{2FF}' | '\u{370}'..='\u{37D}' | '\u{37F}'..='\u{1FFF}'
        | '\u{200C}'..='\u{200D}' | '\u{2070}'..='\u{218F}' | '\u{2C00}'..='\u{2FEF}'
        | '\u{3001}'..='\u{D7FF}' | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}'
        | '\u{10000}'..='\u{EFFFF}')
}

/// The first character of `text` that XML 1.0 §2.2 does not allow (the
/// first `c` with `!is_xml_char(c)`), with its byte offset.
///
/// A byte scan instead of decoding every character: in UTF-8 the only
/// characters outside Char are the C0 controls other than tab, LF and CR
/// (single bytes below 0x20), the surrogates (which a `str` cannot hold)
/// and U+FFFE and U+FFFF (`EF BF BE`, `EF BF BF`). So a character is
/// refused only if it starts with a byte below 0x20 or with `0xEF`; the
/// chunks with no such byte, nearly all of them, are passed over whole.
pub(crate) fn find_non_xml_char(text: &str) -> Option<(usize, char)> {
    /// Wide enough for the compiler to test a chunk with vector
    /// instructions.
    const CHUNK: usize = 64;
    let bytes = text.as_bytes();
    // Bitwise, not short-circuiting, so that the test of a chunk has no
    // branches and vectorises.
    let suspicious = |b: u8| (b < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r') | (b == 0xEF);
    let refused_in = |chunk: &[u8], offset: usize| {
        chunk.iter().enumerate().find_map(|(i, &b)| {
            let at = offset + i;
            if b == 0xEF {
                match bytes.get(at + 1..at + 3) {
                    Some([0xBF, 0xBE]) => Some((at, '\u{FFFE}')),
                    Some([0xBF, 0xBF]) => Some((at, '\u{FFFF}')),
                    _ => None,
                }
            } else {
                suspicious(b).then_some((at, char::from(b)))
            }
        })
    };
    let mut chunks = bytes.chunks_exact(CHUNK);
    let mut offset = 0;
    for chunk in &mut chunks {
        // Fixed-size chunks, folded without early exit, so the test of a
        // chunk compiles to a few vector instructions.
        let any = chunk
            .iter()
            .fold(0u8, |any, &b| any | u8::from(suspicious(b)));
        if any != 0
            && let Some(found) = refused_in(chunk, offset)
        {
            return Some(found);
        }
        offset += CHUNK;
    }
    // The remainder (all of a short text) is folded first too: most hold
    // nothing to refuse.
    let rest = chunks.remainder();
    if rest
        .iter()
        .fold(0u8, |any, &b| any | u8::from(suspicious(b)))
        == 0
    {
        return None;
    }
    refused_in(rest, offset)
}

/// The class of a name byte: [`NAME_START`] and [`NAME_CHAR`] bits for
/// ASCII (among ASCII characters, XML 1.0 §2.3 NameStartChar is exactly
/// `:`, `A-Z`, `_` and `a-z`, and NameChar adds `-`, `.` and `0-9`: the
/// same sets as the ranges of [`is_name_start_char`] and
/// [`is_name_by_chars`]), [`NON_ASCII`] for any byte of a multi-byte
/// character.
const fn name_class(b: u8) -> u8 {
    match b {
        b'A'..=b'Z' | b'a'..=b'z' | b':' | b'_' => NAME_START | NAME_CHAR,
        b'0'..=b'9' | b'-' | b'.' => NAME_CHAR,
        0x80.. => NON_ASCII,
        _ => 0,
    }
}
/// [`name_class`] of every byte, looked up rather than computed.
#[expect(
    clippy::indexing_slicing,
    reason = "b < 256, the length; a const block has no `get_mut`"
)]
const NAME_CLASSES: [u8; 256] = {
    let mut classes = [0; 256];
    let mut b = 0;
    while b < 256 {
        classes[b] = name_class(b as u8);
        b += 1;
    }
    classes
};
const NAME_START: u8 = 1;
const NAME_CHAR: u8 = 2;
const NON_ASCII: u8 = 4;

/// XML 1.0 §2.3 Name.
#[inline]
pub(crate) fn is_name(name: &str) -> bool {
    // Fast path for ASCII names (nearly all), byte by byte; the first
    // non-ASCII byte hands the whole name to the definition by characters.
    let mut need = NAME_START;
    for &b in name.as_bytes() {
        let class = NAME_CLASSES.get(usize::from(b)).copied().unwrap_or(0);
        if class & need != 0 {
            need = NAME_CHAR;
        } else if class == NON_ASCII {
            return is_name_by_chars(name);
        } else {
            return false;
        }
    }
    need == NAME_CHAR
}

/// XML 1.0 §2.3 Name, character by character.
fn is_name_by_chars(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(is_name_start_char)
        && chars.all(|c| {
            is_name_start_char(c)
                || matches!(c, '-' | '.' | '0'..='9' | '\u{B7}' | '\u{300}'..='\u{36F}' | '\u{203F}'..='\u{2040}')
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy as _;

    proptest::proptest! {
        /// The byte trim agrees with `str::trim_matches(is_xml_space)`.
        #[test]
        fn byte_trim_agrees_with_trim_matches(text in "[ \t\r\na日\u{85}\u{a0}\u{3000}]{0,10}") {
            proptest::prop_assert_eq!(trim_xml_space(&text), text.trim_matches(is_xml_space));
        }
    }

    #[test]
    fn names() {
        assert!(is_name("title"));
        assert!(is_name("dc:creator"));
        assert!(is_name("_a-b.c"));
        assert!(!is_name("1title"));
        assert!(!is_name("-a"));
        assert!(!is_name(""));
    }

    #[test]
    fn non_xml_characters_are_found_by_bytes() {
        assert_eq!(find_non_xml_char("plain text\t\r\n日本語"), None);
        assert_eq!(find_non_xml_char("ab\u{1}"), Some((2, '\u{1}')));
        assert_eq!(find_non_xml_char("日\u{FFFE}"), Some((3, '\u{FFFE}')));
        assert_eq!(find_non_xml_char("\u{FFFF}"), Some((0, '\u{FFFF}')));
        assert_eq!(find_non_xml_char("\u{FFFD}\u{FF01}\u{EFFF}"), None);
        // Across the boundary of a 32-byte chunk.
        let long = format!("{}\u{FFFE}", "a".repeat(31));
        assert_eq!(find_non_xml_char(&long), Some((31, '\u{FFFE}')));
    }

    proptest::proptest! {
        /// The byte scan finds what the character-by-character definition
        /// finds, on text mixing ASCII, controls and the characters around
        /// U+FFFE.
        #[test]
        fn byte_scan_agrees_with_is_xml_char(
            text in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::char::range('\0', '\u{7F}'),
                    proptest::char::range('\u{EFF0}', '\u{F010}'),
                    proptest::char::range('\u{FFF0}', '\u{10010}'),
                    proptest::char::any(),
                ],
                0..80,
            )
            .prop_map(|chars| chars.into_iter().collect::<String>())
        ) {
            let expected = text.char_indices().find(|&(_, c)| !is_xml_char(c));
            proptest::prop_assert_eq!(find_non_xml_char(&text), expected);
        }

        /// The ASCII fast path of `is_name` agrees with the definition by
        /// characters.
        #[test]
        fn ascii_names_agree_with_the_definition(text in "[ -~]{0,12}|[a-z:_.0-9é·-]{0,6}") {
            proptest::prop_assert_eq!(is_name(&text), is_name_by_chars(&text));
        }
    }
}
