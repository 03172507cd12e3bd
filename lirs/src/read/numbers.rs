//! The numeric fields: timestamps (§3.1, §3.2), the time difference
//! (§3.3) and Content-Length (§3.4), with their spelling kept when it is
//! not the writer's.

use std::ops::Range;

use antenna_model::Severity;

use crate::document::{FieldSpelling, LirsTime, Spelling};
use crate::grammar::{self, NumberError};
use crate::read::layout::Span;
use crate::read::line_reporter::LineReporter;
use crate::rules;

/// The start of a field for a message, so that a huge field does not make
/// a huge message.
fn preview(raw: &[u8]) -> String {
    match raw.split_at_checked(40) {
        Some((head, rest)) if !rest.is_empty() => format!("{}...", String::from_utf8_lossy(head)),
        _ => String::from_utf8_lossy(raw).into_owned(),
    }
}

fn number_error(
    error: NumberError,
    raw: &[u8],
    range: &Range<usize>,
    name: &str,
    sink: &mut LineReporter<'_>,
) {
    match error {
        NumberError::Blank => sink.departure(
            rules::BLANK_FIELD,
            range.clone(),
            format!("{name} is empty; blank fields SHOULD be written 0; read as 0"),
        ),
        NumberError::NotANumber => sink.error(
            rules::BAD_NUMBER,
            range.clone(),
            format!("{name} `{}` is not a number", preview(raw)),
        ),
        NumberError::OutOfRange => sink.error(
            rules::BAD_NUMBER,
            range.clone(),
            format!("{name} `{}` is out of range", preview(raw)),
        ),
    }
}

/// `true` when `digits`, which parsed as an unsigned number, is spelled
/// the way the writer writes that number (`u64::to_string`): `0`, or no
/// leading zero. Tested on the bytes so that the common, canonical case
/// formats nothing; `canonical_spellings_match_to_string` checks it
/// against `to_string`.
pub(super) fn is_canonical_unsigned(digits: &[u8]) -> bool {
    digits == b"0" || digits.first().is_some_and(|b| (b'1'..=b'9').contains(b))
}

/// [`is_canonical_unsigned`] for a signed number (`i64::to_string`): no
/// `+`, and no `-0`.
pub(super) fn is_canonical_signed(raw: &[u8]) -> bool {
    match raw.split_first() {
        Some((b'-', digits)) => digits.first().is_some_and(|b| (b'1'..=b'9').contains(b)),
        _ => is_canonical_unsigned(raw),
    }
}

/// Keeps the raw spelling of a number that reads fine but is not written
/// the way the writer writes it (`+32400`, `00123`).
#[inline]
fn keep_spelling<T: ToString>(
    spelling: &mut Spelling,
    field: usize,
    value: &T,
    raw: &[u8],
    canonical: fn(&[u8]) -> bool,
) {
    if !canonical(raw) {
        spelling.0.push(FieldSpelling {
            field,
            value: value.to_string(),
            raw: raw.into(),
        });
    }
}

/// Reads numeric field `index`, named `name` in messages: its value,
/// `T::default()` when blank, `None` when it is not a number.
#[inline]
pub(super) fn number<T: ToString + Default>(
    field: &Span<'_>,
    name: &str,
    index: usize,
    parse: fn(&[u8]) -> Result<T, NumberError>,
    canonical: fn(&[u8]) -> bool,
    spelling: &mut Spelling,
    sink: &mut LineReporter<'_>,
) -> Option<T> {
    let (raw, range) = (field.raw, &field.range);
    match parse(raw) {
        Ok(v) => {
            keep_spelling(spelling, index, &v, raw, canonical);
            Some(v)
        }
        Err(e) => {
            number_error(e, raw, range, name, sink);
            (e == NumberError::Blank).then(T::default)
        }
    }
}

/// Reads timestamp field `index` (§3.1, §3.2), named `name` in messages:
/// unknown when it is not a time.
#[inline]
pub(super) fn timestamp(
    field: &Span<'_>,
    name: &str,
    index: usize,
    spelling: &mut Spelling,
    sink: &mut LineReporter<'_>,
) -> LirsTime {
    let (raw, range) = (field.raw, &field.range);
    let parsed = grammar::parse_unsigned(raw)
        .and_then(|s| LirsTime::from_seconds(s).ok_or(NumberError::OutOfRange));
    match parsed {
        Ok(t) => {
            if t.is_epoch_sentinel() {
                // Real-world notes: "Unknown is written as empty, 0, or, for
                // timestamps, 315532800". The spec allows the value, so this
                // stays a warning in strict mode.
                sink.push(
                    Severity::Warning,
                    rules::EPOCH_SENTINEL,
                    range.clone(),
                    format!("{name} is 315532800 (1980-01-01), which writers used for unknown"),
                );
            }
            keep_spelling(spelling, index, &t.seconds(), raw, is_canonical_unsigned);
            t
        }
        Err(e) => {
            number_error(e, raw, range, name, sink);
            LirsTime::UNKNOWN
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_number_spellings() {
        for canonical in [&b"0"[..], b"7", b"32400", b"18446744073709551615"] {
            assert!(is_canonical_unsigned(canonical));
        }
        for other in [&b"00"[..], b"0123"] {
            assert!(!is_canonical_unsigned(other));
        }
        for canonical in [&b"0"[..], b"32400", b"-54000", b"-9223372036854775808"] {
            assert!(is_canonical_signed(canonical));
        }
        for other in [&b"+32400"[..], b"+0", b"-0", b"-007", b"00"] {
            assert!(!is_canonical_signed(other));
        }
    }

    proptest::proptest! {
        #[test]
        fn canonical_spellings_match_to_string(raw in "[+-]?[0-9]{1,21}") {
            let raw = raw.as_bytes();
            if let Ok(v) = grammar::parse_unsigned(raw) {
                proptest::prop_assert_eq!(is_canonical_unsigned(raw), v.to_string().as_bytes() == raw);
            }
            if let Ok(v) = grammar::parse_signed(raw) {
                proptest::prop_assert_eq!(is_canonical_signed(raw), v.to_string().as_bytes() == raw);
            }
        }
    }

    #[test]
    fn previews_are_short() {
        assert_eq!(preview(b"abc"), "abc");
        assert_eq!(preview(&[b'x'; 100]).len(), 43);
    }
}
