//! The grammar of a LIRS line, one small function per rule.
//!
//! The spec (§2) in ABNF-like form:
//!
//! ```text
//! file     = *( record / comment )
//! record   = "LIRS," field 8( "," field ) "," line-end
//! comment  = "#" *( any byte but CR, LF ) line-end
//! line-end = LF / CR LF              ; "CR MUST NOT be used alone"
//! field    = *( escaped / plain )
//! escaped  = "\," / "\\"
//! plain    = any byte but "," "\" CR LF
//! ```
//!
//! Everything works on bytes: in EUC-JP and UTF-8 the bytes of `,` and `\`
//! never occur inside a multi-byte character, so splitting before decoding
//! is safe.

use std::borrow::Cow;
#[cfg(test)]
use std::ops::Range;

/// `"LIRS,"`, the start of every record.
pub(crate) const PREFIX: &[u8] = b"LIRS,";

/// [`split_fields_into`] a new vector.
#[cfg(test)]
fn split_fields(data: &[u8]) -> Vec<Range<usize>> {
    let mut fields = Vec::with_capacity(10);
    split_fields_into(data, 0, &mut fields);
    fields
}

/// `field *( "," field )`: splits `data` on commas not escaped by a
/// backslash, giving each field's byte range (still escaped) moved by
/// `offset`, in `fields` (cleared first). A backslash always takes the
/// next byte with it, whatever it is, so `\,` never splits.
///
/// The grammar byte at a time: the tests' reference. The readers find the
/// commas in their one pass over the line ([`crate::read::scan`], eight
/// bytes at a time), which `scan_splits_as_the_grammar` checks against
/// this.
#[cfg(test)]
pub(crate) fn split_fields_into(data: &[u8], offset: usize, fields: &mut Vec<Range<usize>>) {
    fields.clear();
    let (mut start, mut i) = (0, 0);
    while let Some(&b) = data.get(i) {
        match b {
            b'\\' => i += 2,
            b',' => {
                fields.push(offset + start..offset + i);
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    fields.push(offset + start..offset + data.len());
}

/// [`unescape_cow`], copied.
#[cfg(test)]
fn unescape(raw: &[u8]) -> (Vec<u8>, Vec<usize>) {
    let (out, stray) = unescape_cow(raw);
    (out.into_owned(), stray)
}

/// `escaped = "\," / "\\"`: the unescaped bytes of one field, and the
/// offsets (in `raw`) of backslashes that escape nothing. A stray backslash
/// is kept literally with the byte after it (real-world notes: "A stray
/// backslash before another character occurs"). A field that holds no
/// backslash is its own unescaped value (only `\` starts an escape), so it
/// is borrowed, not copied, and has no stray backslash either.
pub(crate) fn unescape_cow(raw: &[u8]) -> (Cow<'_, [u8]>, Vec<usize>) {
    if memchr::memchr(b'\\', raw).is_none() {
        return (Cow::Borrowed(raw), Vec::new());
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut stray = Vec::new();
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if b == b'\\' {
            match raw.get(i + 1) {
                Some(&next @ (b',' | b'\\')) => {
                    out.push(next);
                    i += 2;
                }
                _ => {
                    stray.push(i);
                    out.push(b'\\');
                    i += 1;
                }
            }
        } else {
            out.push(b);
            i += 1;
        }
    }
    (Cow::Owned(out), stray)
}

/// The inverse of [`unescape_cow`]: `\` becomes `\\`, `,` becomes `\,`.
/// Most values hold neither, and are lent back as they are.
pub(crate) fn escape(value: &str) -> Cow<'_, str> {
    let bytes = value.as_bytes();
    let Some(first) = memchr::memchr2(b',', b'\\', bytes) else {
        return Cow::Borrowed(value);
    };
    let mut out = String::with_capacity(value.len() + 2);
    let (plain, rest) = value.split_at(first);
    out.push_str(plain);
    for c in rest.chars() {
        if matches!(c, ',' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// Why a numeric field did not parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NumberError {
    /// The field is empty (§2: blank fields SHOULD be `0`).
    Blank,
    /// Not a number.
    NotANumber,
    /// A number too large (or, for timestamps, past 9999-12-31).
    OutOfRange,
}

/// `unsigned = 1*DIGIT`, for Content-Length (§3.4) and timestamps (§2).
#[inline]
pub(crate) fn parse_unsigned(raw: &[u8]) -> Result<u64, NumberError> {
    if raw.is_empty() {
        return Err(NumberError::Blank);
    }
    // Up to 19 digits cannot overflow (u64::MAX has 20): no checks needed.
    if raw.len() <= 19 {
        // Eight digits at a time, then the rest one by one.
        let (eights, rest) = raw.as_chunks::<8>();
        let mut value = 0u64;
        for eight in eights {
            value = value * 100_000_000 + eight_digits(u64::from_le_bytes(*eight))?;
        }
        for &b in rest {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                return Err(NumberError::NotANumber);
            }
            value = value * 10 + u64::from(digit);
        }
        return Ok(value);
    }
    // One pass; a non-digit after an overflow is still `NotANumber`.
    let mut value = Some(0u64);
    for &b in raw {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return Err(NumberError::NotANumber);
        }
        value = value
            .and_then(|n| n.checked_mul(10))
            .and_then(|n| n.checked_add(u64::from(digit)));
    }
    value.ok_or(NumberError::OutOfRange)
}

/// The value of eight ASCII digits, the first in the lowest byte of
/// `word`; `NotANumber` when a byte is not a digit. A byte is a digit when
/// its high nibble is 3 and adding 6 to it does not carry out of the
/// nibble; the digits are then summed pairwise (the SWAR method: three
/// multiplications for eight digits instead of eight).
/// `parse_unsigned_agrees_with_std` checks it.
#[inline]
fn eight_digits(word: u64) -> Result<u64, NumberError> {
    const NIBBLE_HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    const THREES: u64 = 0x3030_3030_3030_3030;
    let sixes = word.wrapping_add(0x0606_0606_0606_0606);
    if word & NIBBLE_HIGH != THREES || sixes & NIBBLE_HIGH != THREES {
        return Err(NumberError::NotANumber);
    }
    let digits = word - THREES;
    // Each pair of bytes to a 16-bit value, each pair of those to 32 bits,
    // then the two halves. What spills past the top is masked off.
    let pairs = (digits.wrapping_mul(10) + (digits >> 8)) & 0x00FF_00FF_00FF_00FF;
    let quads = (pairs.wrapping_mul(100) + (pairs >> 16)) & 0x0000_FFFF_0000_FFFF;
    Ok((quads.wrapping_mul(10_000) + (quads >> 32)) & 0xFFFF_FFFF)
}

/// `signed = [ "+" / "-" ] 1*DIGIT`, for the time difference (§3.3: "32400
/// or +32400 in Japan").
pub(crate) fn parse_signed(raw: &[u8]) -> Result<i64, NumberError> {
    let (negative, digits) = match raw.split_first() {
        None => return Err(NumberError::Blank),
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        Some(_) => (false, raw),
    };
    if digits.is_empty() {
        return Err(NumberError::NotANumber);
    }
    let magnitude = parse_unsigned(digits)?;
    let value = i128::from(magnitude);
    let value = if negative { -value } else { value };
    i64::try_from(value).map_err(|_| NumberError::OutOfRange)
}

/// `true` for `scheme "://" ...`, where the scheme is a letter then
/// letters, digits, `+`, `-`, `.`: what the unescaped-comma heuristic calls
/// a URL.
pub(crate) fn looks_like_url(field: &[u8]) -> bool {
    // The scheme is the longest run of scheme characters (`:` is not one),
    // so `://` after it is the first `://` of the field.
    let is_scheme_byte = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
    let scheme_length = field.iter().take_while(|b| is_scheme_byte(b)).count();
    field
        .split_at_checked(scheme_length)
        .is_some_and(|(scheme, rest)| {
            rest.starts_with(b"://") && scheme.first().is_some_and(u8::is_ascii_alphabetic)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(data: &[u8]) -> Vec<&[u8]> {
        split_fields(data).into_iter().map(|r| &data[r]).collect()
    }

    #[test]
    fn split_fields_respects_escapes() {
        assert_eq!(fields(b"a,b,"), [&b"a"[..], b"b", b""]);
        assert_eq!(fields(b"a\\,b,c"), [&b"a\\,b"[..], b"c"]);
        assert_eq!(fields(b"a\\\\,b"), [&b"a\\\\"[..], b"b"]);
        assert_eq!(fields(b""), [&b""[..]]);
        assert_eq!(fields(b"trailing\\"), [&b"trailing\\"[..]]);
        assert_eq!(fields(b"\\\\\\,,"), [&b"\\\\\\,"[..], b""]);
        assert_eq!(fields(b",\\"), [&b""[..], b"\\"]);
    }

    /// The fields [`crate::read::scan`] finds in `data` (a line without
    /// LF): the ranges between the commas it gives.
    fn scanned_fields(data: &[u8]) -> Vec<Range<usize>> {
        let mut commas = Vec::new();
        crate::read::scan::scan(data, &mut commas);
        let mut fields = Vec::new();
        let mut start = 0;
        for comma in commas {
            fields.push(start..comma);
            start = comma + 1;
        }
        fields.push(start..data.len());
        fields
    }

    proptest::proptest! {
        #[test]
        fn scan_splits_as_the_grammar(data in "[a,\\\\\u{3042}\u{AC}\u{2C2C}]{0,40}") {
            let data = data.as_bytes();
            proptest::prop_assert_eq!(scanned_fields(data), split_fields(data));
        }
    }

    proptest::proptest! {
        /// Bytes next to `,` (0x2C) and `\` (0x5C), and the same with the
        /// high bit set, in every position of the eight-byte words.
        #[test]
        fn scan_splits_as_the_grammar_on_bytes(
            data in proptest::collection::vec(
                proptest::sample::select(vec![
                    0x00, 0x2B, 0x2C, 0x2D, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xAC, 0xDC, 0xFF,
                ]),
                0..40,
            )
        ) {
            proptest::prop_assert_eq!(scanned_fields(&data), split_fields(&data));
        }
    }

    proptest::proptest! {
        #[test]
        fn parse_unsigned_agrees_with_std(raw in "[0-9]{1,24}[x/:]?[0-9]{0,9}") {
            let expected = match raw.parse::<u64>() {
                Ok(n) => Ok(n),
                Err(_) if !raw.bytes().all(|b| b.is_ascii_digit()) => Err(NumberError::NotANumber),
                Err(_) => Err(NumberError::OutOfRange),
            };
            proptest::prop_assert_eq!(parse_unsigned(raw.as_bytes()), expected);
        }
    }

    #[test]
    fn unescape_handles_both_escapes_and_strays() {
        assert_eq!(unescape(b"a\\,b"), (b"a,b".to_vec(), vec![]));
        assert_eq!(unescape(b"a\\\\b"), (b"a\\b".to_vec(), vec![]));
        assert_eq!(unescape(b"C:\\dir"), (b"C:\\dir".to_vec(), vec![2]));
        assert_eq!(unescape(b"end\\"), (b"end\\".to_vec(), vec![3]));
    }

    #[test]
    fn unescape_borrows_fields_without_backslashes() {
        let (value, strays) = unescape_cow(b"plain, even with a comma");
        assert!(matches!(value, Cow::Borrowed(b"plain, even with a comma")));
        assert!(strays.is_empty());
        let (value, strays) = unescape_cow(b"a\\,b\\x");
        assert!(matches!(value, Cow::Owned(_)));
        assert_eq!(&*value, b"a,b\\x");
        assert_eq!(strays, [4]);
    }

    #[test]
    fn escape_is_the_inverse_of_unescape() {
        let s = "a,b\\c,,\\\\";
        let escaped = escape(s);
        assert_eq!(escaped, "a\\,b\\\\c\\,\\,\\\\\\\\");
        assert_eq!(unescape(escaped.as_bytes()).0, s.as_bytes());
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_unsigned(b"938779260"), Ok(938_779_260));
        assert_eq!(parse_unsigned(b""), Err(NumberError::Blank));
        assert_eq!(parse_unsigned(b"12a"), Err(NumberError::NotANumber));
        assert_eq!(parse_unsigned(b"+1"), Err(NumberError::NotANumber));
        assert_eq!(
            parse_unsigned(b"99999999999999999999"),
            Err(NumberError::OutOfRange)
        );
        assert_eq!(
            parse_unsigned(b"99999999999999999999x"),
            Err(NumberError::NotANumber)
        );
        assert_eq!(parse_unsigned(b"18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            parse_unsigned(b"9999999999999999999"),
            Ok(9_999_999_999_999_999_999)
        );
        assert_eq!(parse_unsigned(b"0000000000000000000012"), Ok(12));
        assert_eq!(parse_unsigned(b"12x"), Err(NumberError::NotANumber));
        assert_eq!(parse_unsigned(b"007"), Ok(7));
        // Eight at a time: every digit, and a non-digit in every place.
        assert_eq!(parse_unsigned(b"1234567890"), Ok(1_234_567_890));
        assert_eq!(parse_unsigned(b"9876543210123"), Ok(9_876_543_210_123));
        for at in 0..10 {
            for bad in [b'/', b':', b'a', b' ', 0xB0, 0x3F, 0x06] {
                let mut raw = *b"1234567890";
                raw[at] = bad;
                assert_eq!(parse_unsigned(&raw), Err(NumberError::NotANumber));
            }
        }
        assert_eq!(parse_signed(b"+32400"), Ok(32400));
        assert_eq!(parse_signed(b"32400"), Ok(32400));
        assert_eq!(parse_signed(b"-54000"), Ok(-54000));
        assert_eq!(parse_signed(b"-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(
            parse_signed(b"9223372036854775808"),
            Err(NumberError::OutOfRange)
        );
        assert_eq!(parse_signed(b"+"), Err(NumberError::NotANumber));
        assert_eq!(parse_signed(b""), Err(NumberError::Blank));
    }

    /// The first form of [`looks_like_url`]: find `://`, check what is
    /// before it.
    fn looks_like_url_by_search(field: &[u8]) -> bool {
        let Some(colon) = memchr::memmem::find(field, b"://") else {
            return false;
        };
        match field[..colon].split_first() {
            Some((first, rest)) => {
                first.is_ascii_alphabetic()
                    && rest
                        .iter()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            }
            None => false,
        }
    }

    proptest::proptest! {
        #[test]
        fn looks_like_url_agrees_with_searching(field in "[a1+.:/ -]{0,12}") {
            let field = field.as_bytes();
            proptest::prop_assert_eq!(looks_like_url(field), looks_like_url_by_search(field));
        }
    }

    #[test]
    fn url_shapes() {
        assert!(looks_like_url(b"http://amano.hauN.org/"));
        assert!(looks_like_url(b"https://a.example/"));
        assert!(!looks_like_url(b"Hiya"));
        assert!(!looks_like_url(b"://x"));
        assert!(!looks_like_url(b"a b://x"));
        assert!(!looks_like_url(b"1a://x"));
        assert!(looks_like_url(b"a+b.c-d://x://y"));
        assert!(!looks_like_url(b"a:/b://x"));
    }
}
