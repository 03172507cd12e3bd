//! The tokens every date rule is made of: runs of digits and of letters,
//! and the labelled failure.
//!
//! The rules read bytes: every byte a date rule takes is ASCII, so every
//! offset is a char boundary of the value, and a byte loop is cheaper than
//! decoding UTF-8 for each token.
//!
//! Labels are the reasons [`DateError`](super::DateError) carries: the
//! lexer hands the innermost one over as it is.

use winnow::combinator::{cut_err, fail};
use winnow::error::{ContextError, ErrMode, StrContext};
use winnow::token::take_while;
use winnow::{ModalResult, Parser};

/// A number and how many digits it was written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Number {
    /// Its value.
    pub(super) value: i32,
    /// Its digit count.
    pub(super) digits: usize,
}

/// The digits of a number field and the reasons it can fail with.
#[derive(Debug, Clone, Copy)]
pub(super) struct NumberRule {
    /// The most digits the field takes.
    pub(super) max: usize,
    /// Label of a field without digits.
    pub(super) missing: &'static str,
    /// Label of a field with more than `max` digits.
    pub(super) too_long: &'static str,
}

/// Declares a [`NumberRule`] whose labels name the field.
macro_rules! number_rule {
    ($(#[$doc:meta])* $name:ident, $what:literal, $max:literal) => {
        $(#[$doc])*
        pub(super) const $name: NumberRule = NumberRule {
            max: $max,
            missing: concat!("expected the ", $what),
            too_long: concat!("the ", $what, " has more than ", $max, " digits"),
        };
    };
}

number_rule!(
    /// The day of the month.
    DAY, "day", 2
);
number_rule!(
    /// The year: 2 digits in RFC 850 and RFC 822, 4 in the others.
    YEAR, "year", 4
);
number_rule!(
    /// The hour.
    HOUR, "hour", 2
);
number_rule!(
    /// The minute.
    MINUTE, "minute", 2
);
number_rule!(
    /// The second.
    SECOND, "second", 2
);
number_rule!(
    /// The digits of a numeric zone, `hhmm`.
    ZONE_OFFSET, "zone offset", 4
);

/// A run of digits: the whole run is taken, and more than `rule.max` of
/// them fail with `rule.too_long` at its start (a run of 20 digits is one
/// bad year, not a year and something after it).
///
/// ```text
/// number = 1*DIGIT
/// ```
pub(super) fn number<'i>(rule: NumberRule) -> impl Parser<&'i [u8], Number, ErrMode<ContextError>> {
    cut_err(
        take_while(1.., |b: u8| b.is_ascii_digit())
            .context(StrContext::Label(rule.missing))
            .verify(move |digits: &[u8]| digits.len() <= rule.max)
            .context(StrContext::Label(rule.too_long)),
    )
    .map(|digits: &[u8]| Number {
        // At most 4 digits: no overflow.
        value: digits
            .iter()
            .fold(0, |n, &b| n * 10 + i32::from(b.wrapping_sub(b'0'))),
        digits: digits.len(),
    })
}

/// A run of ASCII letters, perhaps empty.
///
/// ```text
/// word = *ALPHA
/// ```
pub(super) fn word<'i>(input: &mut &'i [u8]) -> ModalResult<&'i [u8]> {
    take_while(0.., |b: u8| b.is_ascii_alphabetic()).parse_next(input)
}

/// A cut error labelled `label` at the current position.
pub(super) fn cut<T>(input: &mut &[u8], label: &'static str) -> ModalResult<T> {
    fail.context(StrContext::Label(label))
        .parse_next(input)
        .map_err(ErrMode::cut)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(rule: NumberRule, value: &str) -> Result<(Number, &[u8]), (usize, String)> {
        let mut input = value.as_bytes();
        number(rule)
            .parse_next(&mut input)
            .map(|n| (n, input))
            .map_err(|e| {
                let e = e.into_inner().unwrap_or_default();
                let label = e.context().next().map(ToString::to_string);
                (value.len() - input.len(), label.unwrap_or_default())
            })
    }

    #[test]
    fn numbers_take_the_whole_run() {
        let n = |value, digits| Number { value, digits };
        assert_eq!(read(DAY, "06 Nov"), Ok((n(6, 2), &b" Nov"[..])));
        assert_eq!(read(YEAR, "94"), Ok((n(94, 2), &b""[..])));
        assert_eq!(read(YEAR, "1994:"), Ok((n(1994, 4), &b":"[..])));
        assert_eq!(
            read(YEAR, "20020 "),
            Err((0, "invalid the year has more than 4 digits".into()))
        );
        assert_eq!(
            read(HOUR, ":00"),
            Err((0, "invalid expected the hour".into()))
        );
        assert!(read(DAY, "").is_err());
    }

    #[test]
    fn words_are_ascii_letters() {
        let mut input = &b"Sep2002"[..];
        assert_eq!(word(&mut input), Ok(&b"Sep"[..]));
        let mut input = "é".as_bytes();
        assert_eq!(word(&mut input), Ok(&b""[..]));
    }
}
