//! The lexical forms of a date, one winnow function per rule: the fields
//! as written, before any calendar check.
//!
//! ```text
//! rfc1123-date = wkday "," SP date1 SP time SP "GMT"     ; RFC 2616 §3.3.1
//! rfc850-date  = weekday "," SP date2 SP time SP "GMT"
//! asctime-date = wkday SP date3 SP time SP 4DIGIT
//! date1 = 2DIGIT SP month SP 4DIGIT
//! date2 = 2DIGIT "-" month "-" 2DIGIT
//! date3 = month SP ( 2DIGIT | ( SP 1DIGIT ))
//! date-time = [ day "," ] date time zone                  ; RFC 822 §5.1
//! ```
//!
//! One grammar reads them all: spaces and tabs are skipped between fields,
//! the weekday and its comma are optional, and a number may have fewer
//! digits than the form wants ([`calendar`](super::calendar) sorts out the
//! form and the warnings).
//!
//! Every failure is a cut labelled with the reason [`DateError`] carries,
//! left at the offset it reports.

use jiff::civil::Weekday;
use winnow::ascii::space0;
use winnow::combinator::{alt, cut_err, dispatch, eof, fail, not, opt, peek, preceded, terminated};
use winnow::error::{ContextError, ParseError, StrContext};
use winnow::token::one_of;
use winnow::{ModalResult, Parser};

use super::DateError;
use super::tokens::{DAY, HOUR, MINUTE, Number, SECOND, YEAR, number, word};
use super::zones::{Zone, zone};

/// A date's fields as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Fields {
    /// The weekday, and whether its full name was written (`Sunday`).
    pub(super) weekday: Option<(Weekday, bool)>,
    /// The day of the month.
    pub(super) day: Number,
    /// The month, 1 to 12.
    pub(super) month: i8,
    /// The year as written (not yet widened).
    pub(super) year: Number,
    /// The time of day.
    pub(super) time: Time,
    /// The zone.
    pub(super) zone: Zone,
    /// The order of the fields.
    pub(super) shape: Shape,
}

/// `HH:MM[:SS]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Time {
    /// The hour (at most two digits).
    pub(super) hour: i8,
    /// The minute (at most two digits).
    pub(super) minute: i8,
    /// The second, 0 when not written.
    pub(super) second: i8,
    /// Whether the seconds were written.
    pub(super) seconds: bool,
}

/// The order the fields were written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    /// Day, month, year, time, zone (RFC 822, RFC 1123); `dashed` when
    /// `-` joins day, month and year (RFC 850).
    DayFirst {
        /// `06-Nov-94`.
        dashed: bool,
    },
    /// Month, day, time, year, then perhaps a zone (asctime).
    MonthFirst,
}

/// Label of a value that is empty or only white space.
const EMPTY: &str = "the value is empty";
/// Label of a first word that is no weekday, day or month.
const FIRST: &str = "expected a weekday, a day of the month or a month name";
/// Label of a word that is not a month.
const MONTH: &str = "expected a month name (Jan ... Dec)";
/// Label of an RFC 850 date without its second dash.
const DASH: &str = "expected `-` after the month (RFC 850 date)";
/// Label of an hour without its colon.
const COLON: &str = "expected `:` after the hour";
/// Label of anything after the zone; its reason quotes the rest.
const TRAILING: &str = "end of the date";

/// Reads the fields of `value`, or says where and why it is not a date.
pub(super) fn fields(value: &str) -> Result<Fields, DateError> {
    date.parse(value.as_bytes()).map_err(|e| error(value, &e))
}

/// A whole date, with spaces and tabs around it.
///
/// ```text
/// date-value = *(SP|HT) [ weekday ] ( day-first | month-first ) *(SP|HT)
/// ```
fn date(input: &mut &[u8]) -> ModalResult<Fields> {
    space0.parse_next(input)?;
    cut_err(not(eof))
        .context(StrContext::Label(EMPTY))
        .parse_next(input)?;
    let weekday = terminated(weekday, space0).parse_next(input)?;
    let fields = dispatch! {peek(opt(one_of(|b: u8| b.is_ascii_digit())));
        Some(_) => day_first,
        None => month_first,
    }
    .parse_next(input)?;
    (space0, cut_err(eof).context(StrContext::Label(TRAILING))).parse_next(input)?;
    Ok(Fields { weekday, ..fields })
}

/// An optional weekday name, with whether it was the full name, and the
/// comma after it (absent in asctime dates).
///
/// ```text
/// wkday   = "Mon" | "Tue" | "Wed" | "Thu" | "Fri" | "Sat" | "Sun"
/// weekday = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday"
///         | "Saturday" | "Sunday"
/// ```
///
/// Without regard to case. A month name or a digit here means no weekday
/// was written; any other word fails with [`FIRST`].
fn weekday(input: &mut &[u8]) -> ModalResult<Option<(Weekday, bool)>> {
    alt((
        peek(one_of(|b: u8| b.is_ascii_digit())).value(None),
        terminated(word.verify_map(weekday_named), (space0, opt(b','))).map(Some),
        peek(month).value(None),
        cut_err(fail).context(StrContext::Label(FIRST)),
    ))
    .parse_next(input)
}

/// Day, month, year, time and zone (RFC 822, RFC 1123, RFC 850).
///
/// ```text
/// day-first = day ( "-" month "-" | *(SP|HT) month ) *(SP|HT) year
///             *(SP|HT) time *(SP|HT) zone
/// ```
fn day_first(input: &mut &[u8]) -> ModalResult<Fields> {
    let day = number(DAY).parse_next(input)?;
    let dashed = opt(b'-').parse_next(input)?.is_some();
    if !dashed {
        space0.parse_next(input)?;
    }
    let month = month_field.parse_next(input)?;
    if dashed {
        cut_err(b'-')
            .context(StrContext::Label(DASH))
            .parse_next(input)?;
    }
    let (year, time, zone) = (
        preceded(space0, number(YEAR)),
        preceded(space0, time),
        preceded(space0, zone),
    )
        .parse_next(input)?;
    Ok(Fields {
        weekday: None,
        day,
        month,
        year,
        time,
        zone,
        shape: Shape::DayFirst { dashed },
    })
}

/// Month, day, time, year and perhaps a zone (asctime: `Nov  6 08:49:37
/// 1994`); no zone is GMT here, as asctime dates have none.
///
/// ```text
/// month-first = month *(SP|HT) day *(SP|HT) time *(SP|HT) year [ *(SP|HT) zone ]
/// ```
fn month_first(input: &mut &[u8]) -> ModalResult<Fields> {
    let (month, day, time, year) = (
        month_field,
        preceded(space0, number(DAY)),
        preceded(space0, time),
        preceded(space0, number(YEAR)),
    )
        .parse_next(input)?;
    space0.parse_next(input)?;
    let zone = if input.is_empty() {
        Zone::Gmt
    } else {
        zone.parse_next(input)?
    };
    Ok(Fields {
        weekday: None,
        day,
        month,
        year,
        time,
        zone,
        shape: Shape::MonthFirst,
    })
}

/// `HH:MM[:SS]`, with whether the seconds were written.
///
/// ```text
/// time = hour ":" minute [ ":" second ]
/// ```
fn time(input: &mut &[u8]) -> ModalResult<Time> {
    let (hour, _, minute, second) = (
        number(HOUR),
        cut_err(b':').context(StrContext::Label(COLON)),
        number(MINUTE),
        opt(preceded(b':', number(SECOND))),
    )
        .parse_next(input)?;
    // Two digits at most: the values fit.
    let small = |n: Number| i8::try_from(n.value).unwrap_or(i8::MAX);
    Ok(Time {
        hour: small(hour),
        minute: small(minute),
        second: second.map_or(0, small),
        seconds: second.is_some(),
    })
}

/// A month name, failing with [`MONTH`] at the start of the word.
fn month_field(input: &mut &[u8]) -> ModalResult<i8> {
    cut_err(month)
        .context(StrContext::Label(MONTH))
        .parse_next(input)
}

/// ```text
/// month = "Jan" | "Feb" | "Mar" | "Apr" | "May" | "Jun"
///       | "Jul" | "Aug" | "Sep" | "Oct" | "Nov" | "Dec"
/// ```
///
/// Without regard to case; the month's number.
fn month(input: &mut &[u8]) -> ModalResult<i8> {
    word.verify_map(month_named).parse_next(input)
}

/// The weekday `word` names, and whether it is the full name.
fn weekday_named(word: &[u8]) -> Option<(Weekday, bool)> {
    let (day, full) = match &lower3(word)? {
        b"mon" => (Weekday::Monday, "monday"),
        b"tue" => (Weekday::Tuesday, "tuesday"),
        b"wed" => (Weekday::Wednesday, "wednesday"),
        b"thu" => (Weekday::Thursday, "thursday"),
        b"fri" => (Weekday::Friday, "friday"),
        b"sat" => (Weekday::Saturday, "saturday"),
        b"sun" => (Weekday::Sunday, "sunday"),
        _ => return None,
    };
    match word.len() {
        3 => Some((day, false)),
        _ => word
            .eq_ignore_ascii_case(full.as_bytes())
            .then_some((day, true)),
    }
}

/// The number of the month `word` names.
fn month_named(word: &[u8]) -> Option<i8> {
    if word.len() != 3 {
        return None;
    }
    Some(match &lower3(word)? {
        b"jan" => 1,
        b"feb" => 2,
        b"mar" => 3,
        b"apr" => 4,
        b"may" => 5,
        b"jun" => 6,
        b"jul" => 7,
        b"aug" => 8,
        b"sep" => 9,
        b"oct" => 10,
        b"nov" => 11,
        b"dec" => 12,
        _ => return None,
    })
}

/// The first three bytes of `word`, lower-cased.
fn lower3(word: &[u8]) -> Option<[u8; 3]> {
    let &[a, b, c, ..] = word else {
        return None;
    };
    Some([a, b, c].map(|b| b.to_ascii_lowercase()))
}

/// The [`DateError`] for a failed parse: the offset where it stopped, and
/// the innermost label as the reason.
fn error(value: &str, error: &ParseError<&[u8], ContextError>) -> DateError {
    let offset = error.offset();
    let label = error.inner().context().find_map(|context| match context {
        StrContext::Label(label) => Some(*label),
        _ => None,
    });
    let reason = match label {
        Some(TRAILING) | None => format!(
            "unexpected `{}` after the date",
            value.get(offset..).unwrap_or("")
        ),
        Some(reason) => reason.to_owned(),
    };
    DateError { offset, reason }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The output, or the offset and label of the failure.
    fn run<O>(
        mut parser: impl for<'i> Parser<&'i [u8], O, winnow::error::ErrMode<ContextError>>,
        value: &str,
    ) -> Result<O, (usize, String)> {
        let mut input = value.as_bytes();
        parser.parse_next(&mut input).map_err(|e| {
            let e = e.into_inner().unwrap_or_default();
            let label = e.context().next().map(ToString::to_string);
            (value.len() - input.len(), label.unwrap_or_default())
        })
    }

    #[test]
    fn weekday_is_optional_and_takes_its_comma() {
        assert_eq!(run(weekday, "Sun, 06"), Ok(Some((Weekday::Sunday, false))));
        assert_eq!(
            run(weekday, "SUNDAY , 06"),
            Ok(Some((Weekday::Sunday, true)))
        );
        assert_eq!(run(weekday, "06 Nov"), Ok(None));
        assert_eq!(run(weekday, "Nov  6"), Ok(None));
        assert_eq!(run(weekday, "Sunx"), Err((0, format!("invalid {FIRST}"))));
        assert_eq!(run(weekday, "+0900"), Err((0, format!("invalid {FIRST}"))));
    }

    #[test]
    fn day_first_reads_rfc1123_and_rfc850_fields() {
        let fields = run(day_first, "06 Nov 1994 08:49:37 GMT").unwrap();
        assert_eq!(fields.shape, Shape::DayFirst { dashed: false });
        assert_eq!(
            (fields.day.value, fields.month, fields.year.value),
            (6, 11, 1994)
        );
        assert_eq!(fields.zone, Zone::Gmt);
        let fields = run(day_first, "06-nov-94 08:49:37 GMT").unwrap();
        assert_eq!(fields.shape, Shape::DayFirst { dashed: true });
        assert_eq!((fields.year.value, fields.year.digits), (94, 2));
        assert_eq!(
            run(day_first, "06-Nov 94 08:49:37 GMT"),
            Err((6, format!("invalid {DASH}")))
        );
        assert_eq!(
            run(day_first, "06 Foo 1994"),
            Err((3, format!("invalid {MONTH}")))
        );
    }

    #[test]
    fn month_first_reads_asctime_fields() {
        let fields = run(month_first, "Nov  6 08:49:37 1994").unwrap();
        assert_eq!(fields.shape, Shape::MonthFirst);
        assert_eq!((fields.day.value, fields.day.digits), (6, 1));
        assert_eq!(fields.zone, Zone::Gmt, "asctime dates have no zone");
        assert_eq!(
            run(month_first, "Nov 6 08:49:37 1994 JST").unwrap().zone,
            Zone::Fixed(jiff::tz::Offset::constant(9))
        );
    }

    #[test]
    fn time_may_leave_out_the_seconds() {
        let read = run(time, "08:49").unwrap();
        assert_eq!(
            (read.hour, read.minute, read.second, read.seconds),
            (8, 49, 0, false)
        );
        assert!(run(time, "08:49:37").unwrap().seconds);
        assert_eq!(run(time, "08 49"), Err((2, format!("invalid {COLON}"))));
        assert_eq!(
            run(time, "08:49:"),
            Err((6, "invalid expected the second".into()))
        );
    }

    #[test]
    fn errors_carry_the_label_as_the_reason() {
        let error = fields("Sat, 07 Sep 2002 00:00:01 GMT junk").unwrap_err();
        assert_eq!(error.offset, 30);
        assert_eq!(error.reason, "unexpected `junk` after the date");
        let error = fields("  ").unwrap_err();
        assert_eq!((error.offset, error.reason.as_str()), (2, EMPTY));
        let error = fields("Sat, 07 Sep 20020 00:00:01 GMT").unwrap_err();
        assert_eq!(
            (error.offset, error.reason.as_str()),
            (12, "the year has more than 4 digits")
        );
    }
}
