//! The zone at the end of a date: a name, a military letter or a numeric
//! offset, as in the table of the [module docs](super).
//!
//! ```text
//! zone = "UT" / "GMT" / "EST" / "EDT" / "CST" / "CDT" / "MST" / "MDT"
//!      / "PST" / "PDT" / 1ALPHA / ( ("+" / "-") 4DIGIT )    ; RFC 822 §5.1
//! ```
//!
//! Beyond RFC 822: `UTC`, `JST`, names in any case, and no zone at all.

use jiff::tz::Offset;
use winnow::combinator::{dispatch, empty, opt, peek};
use winnow::error::{ErrMode, StrContext};
use winnow::token::{any, one_of};
use winnow::{ModalResult, Parser};

use super::DateWarning;
use super::tokens::{Number, ZONE_OFFSET, cut, number, word};

/// The zone as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Zone {
    /// `GMT`, `UT`, `UTC` or `Z`: the zone HTTP-dates are written in.
    Gmt,
    /// A named US zone, `JST` or a numeric offset.
    Fixed(Offset),
    /// A military letter other than `Z` (upper-cased).
    Military(char),
    /// Nothing was written.
    Missing,
}

impl Zone {
    /// The offset the zone is read as, and the warning that goes with it.
    pub(super) fn offset(self) -> (Offset, Option<DateWarning>) {
        match self {
            Zone::Gmt => (Offset::UTC, None),
            Zone::Fixed(offset) => (offset, None),
            Zone::Military(letter) => (Offset::UTC, Some(DateWarning::MilitaryZone(letter))),
            Zone::Missing => (Offset::UTC, Some(DateWarning::MissingZone)),
        }
    }
}

/// Label (and reason) of a name that is not a zone.
const UNKNOWN: &str = "unknown time zone";
/// Label of a numeric zone with fewer than four digits.
const SHORT: &str = "a numeric zone has four digits (+hhmm)";
/// Label of a numeric zone whose minutes are 60 or more.
const MINUTES: &str = "the zone's minutes are 60 or more";
/// Label of a numeric zone past what jiff can represent (±25:59:59).
const RANGE: &str = "the zone offset is out of range";

/// A zone, or [`Zone::Missing`] at the end of the value.
pub(super) fn zone(input: &mut &[u8]) -> ModalResult<Zone> {
    dispatch! {peek(opt(any));
        None => empty.value(Zone::Missing),
        Some(b'+' | b'-') => numeric,
        Some(_) => named,
    }
    .parse_next(input)
}

/// `("+" / "-") 4DIGIT`, hours and minutes.
///
/// A wrong digit count, minutes of 60 or more, or an offset past jiff's
/// range fail after the digits.
fn numeric(input: &mut &[u8]) -> ModalResult<Zone> {
    let sign = one_of([b'+', b'-']).parse_next(input)?;
    let Number {
        value: hhmm,
        digits,
    } = number(ZONE_OFFSET).parse_next(input)?;
    if digits != 4 {
        return cut(input, SHORT);
    }
    let (hours, minutes) = (hhmm / 100, hhmm % 100);
    if minutes >= 60 {
        return cut(input, MINUTES);
    }
    let seconds = (hours * 3600 + minutes * 60) * if sign == b'-' { -1 } else { 1 };
    match Offset::from_seconds(seconds) {
        Ok(offset) => Ok(Zone::Fixed(offset)),
        Err(_) => cut(input, RANGE),
    }
}

/// A zone name or a military letter, without regard to case.
///
/// RFC 2822 §4.3: RFC 822 gave the military letters the wrong sign, so
/// all but `Z` are read as +00:00 with a warning. `J` is not a zone.
fn named(input: &mut &[u8]) -> ModalResult<Zone> {
    word.verify_map(zone_named)
        .context(StrContext::Label(UNKNOWN))
        .parse_next(input)
        .map_err(ErrMode::cut)
}

/// The zone `word` names, as in the table of the module docs.
fn zone_named(word: &[u8]) -> Option<Zone> {
    // Zone names are at most three letters: upper-case them on the stack.
    let mut upper = [0u8; 3];
    let name = upper.get_mut(..word.len())?;
    name.copy_from_slice(word);
    name.make_ascii_uppercase();
    let hours = match &*name {
        b"GMT" | b"UT" | b"UTC" | b"Z" => return Some(Zone::Gmt),
        b"JST" => 9,
        b"EDT" => -4,
        b"EST" | b"CDT" => -5,
        b"CST" | b"MDT" => -6,
        b"MST" | b"PDT" => -7,
        b"PST" => -8,
        &[letter] if letter != b'J' => return Some(Zone::Military(char::from(letter))),
        _ => return None,
    };
    Some(Zone::Fixed(Offset::constant(hours)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The zone, or the offset and label of the failure.
    fn read(value: &str) -> Result<Zone, (usize, String)> {
        let mut input = value.as_bytes();
        zone(&mut input).map_err(|e| {
            let e = e.into_inner().unwrap_or_default();
            let label = e.context().next().map(ToString::to_string);
            (value.len() - input.len(), label.unwrap_or_default())
        })
    }

    #[test]
    fn names_in_any_case() {
        assert_eq!(read("GMT"), Ok(Zone::Gmt));
        assert_eq!(read("utc"), Ok(Zone::Gmt));
        assert_eq!(read("z"), Ok(Zone::Gmt));
        assert_eq!(read("Jst"), Ok(Zone::Fixed(Offset::constant(9))));
        assert_eq!(read("PST"), Ok(Zone::Fixed(Offset::constant(-8))));
        assert_eq!(read(""), Ok(Zone::Missing));
    }

    #[test]
    fn military_letters_but_j() {
        assert_eq!(read("a"), Ok(Zone::Military('A')));
        assert_eq!(read("J"), Err((0, "invalid unknown time zone".into())));
        assert_eq!(read("XYZ"), Err((0, "invalid unknown time zone".into())));
        assert_eq!(read("GMTX"), Err((0, "invalid unknown time zone".into())));
    }

    #[test]
    fn numeric_offsets() {
        assert_eq!(
            read("-0030"),
            Ok(Zone::Fixed(Offset::from_seconds(-1800).unwrap()))
        );
        assert_eq!(read("+0900"), Ok(Zone::Fixed(Offset::constant(9))));
        assert_eq!(read("+09"), Err((3, format!("invalid {SHORT}"))));
        assert_eq!(read("+0960"), Err((5, format!("invalid {MINUTES}"))));
        assert_eq!(read("+9900"), Err((5, format!("invalid {RANGE}"))));
        assert_eq!(
            read("+12345"),
            Err((1, "invalid the zone offset has more than 4 digits".into()))
        );
        assert_eq!(
            read("+"),
            Err((1, "invalid expected the zone offset".into()))
        );
    }

    #[test]
    fn offsets_carry_their_warnings() {
        assert_eq!(Zone::Gmt.offset(), (Offset::UTC, None));
        assert_eq!(
            Zone::Military('A').offset(),
            (Offset::UTC, Some(DateWarning::MilitaryZone('A')))
        );
        assert_eq!(
            Zone::Missing.offset(),
            (Offset::UTC, Some(DateWarning::MissingZone))
        );
    }
}
