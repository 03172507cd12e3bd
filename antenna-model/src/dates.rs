//! Dates as the antenna formats write them.
//!
//! HINA-DI dates are HTTP-dates (RFC 2616 §3.3.1: RFC 1123, RFC 850 or
//! asctime form; RFC 1123 is the one to write). RSS 2.0 dates are RFC 822
//! dates, which real feeds write with 2-digit years and named zones. Both
//! come through [`parse_date`].
//!
//! jiff does the calendar work (validating the day of the month, computing
//! the weekday, applying the offset) and prints RFC 1123. It has no parser
//! for RFC 850 or asctime dates, and its RFC 2822 parser reads every zone name
//! outside the US ones (`JST` among them) as UTC, which is nine hours wrong
//! for the Japanese files this project reads. So the lexical forms are
//! recognised here, with this zone table:
//!
//! | zone | offset | source |
//! | --- | --- | --- |
//! | `GMT`, `UT`, `UTC`, `Z` | +00:00 | RFC 822 §5.1, RFC 2616 §3.3.1 |
//! | `EST`/`EDT`, `CST`/`CDT`, `MST`/`MDT`, `PST`/`PDT` | -05/-04, -06/-05, -07/-06, -08/-07 | RFC 822 §5.1 |
//! | `JST` | +09:00 | Japan Standard Time, as the Japanese writers meant it |
//! | military letters other than `Z` | +00:00, with a warning | RFC 2822 §4.3: RFC 822 gave them the wrong sign, treat as unknown |
//! | `+hhmm`, `-hhmm` | as written | RFC 822 §5.1 |
//!
//! Departures that real files make and that do not hide the instant are
//! accepted with a [`DateWarning`]: a weekday that does not match the date, a
//! 2-digit year (RFC 2822 §4.3: 00-49 are 2000-2049, 50-99 are 1950-1999), a
//! day of the month without its leading zero, a missing weekday or missing
//! seconds. A date that cannot be read is a [`DateError`] with the reason:
//! never a panic, never a silent "now".
//!
//! # How a date is read
//!
//! 1. `lexer` (winnow, with `tokens` and `zones`) reads the fields as
//!    written; a failure's label is the [`DateError`]'s reason and its
//!    position the offset.
//! 2. `calendar` decides the [`DateForm`], widens a short year (`years`),
//!    lets jiff check the date and apply the offset, and collects the
//!    warnings.
//!
//! [`plain_form`] answers for the shape nearly every writer used without
//! either step, for readers that only need to know a date is fine.

use std::fmt;

use jiff::Timestamp;
use jiff::civil::Weekday;
use jiff::tz::Offset;

mod calendar;
mod in_place;
mod lexer;
mod plain;
mod tokens;
mod years;
mod zones;

pub use in_place::{is_rfc1123_at, is_rfc1123_of};
pub use plain::plain_form;

/// Which of the date forms a value was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DateForm {
    /// `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 1123, the form to write).
    Rfc1123,
    /// `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850, obsolete).
    Rfc850,
    /// `Sun Nov  6 08:49:37 1994` (ANSI C asctime).
    Asctime,
    /// Any other RFC 822 date: a zone other than GMT, no weekday, no
    /// seconds, a 2-digit year (`Sat, 07 Sep 02 00:00:01 +0900`).
    Rfc822,
}

/// Something a date departs from the spec in, while still naming one instant.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DateWarning {
    /// The weekday written is not the weekday of the date.
    WrongWeekday {
        /// The weekday as written.
        written: Weekday,
        /// The weekday of the date.
        actual: Weekday,
    },
    /// A 2-digit (or 3-digit) year was widened as RFC 2822 §4.3 says.
    ShortYear {
        /// The year as written.
        written: i32,
        /// The year it was read as.
        read_as: i32,
    },
    /// A military zone letter other than `Z`, read as +00:00.
    MilitaryZone(char),
    /// No zone was written; the date was read as GMT.
    MissingZone,
    /// The date lies past the last representable instant
    /// (9999-12-30T22:00:00Z) and was read as that instant.
    Clamped,
}

impl fmt::Display for DateWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DateWarning::WrongWeekday { written, actual } => write!(
                f,
                "the weekday is written as {} but the date is a {}",
                weekday_name(*written),
                weekday_name(*actual)
            ),
            DateWarning::ShortYear { written, read_as } => {
                write!(f, "the year {written} was read as {read_as}")
            }
            DateWarning::MilitaryZone(zone) => write!(
                f,
                "the military zone `{zone}` is ambiguous (RFC 2822 §4.3) and was read as +00:00"
            ),
            DateWarning::MissingZone => f.write_str("no time zone is written; read as GMT"),
            DateWarning::Clamped => {
                f.write_str("the date is past 9999-12-30T22:00:00Z and was read as that instant")
            }
        }
    }
}

/// A date read from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedDate {
    /// The instant the date names.
    pub timestamp: Timestamp,
    /// The offset from UTC it was written in.
    pub offset: Offset,
    /// The form it was written in.
    pub form: DateForm,
    /// Departures from the spec that did not stop it from being read.
    pub warnings: Vec<DateWarning>,
}

impl ParsedDate {
    /// `true` for an RFC 1123 date in GMT with nothing to warn about: the
    /// form HINA-DI rev. 0.12 requires. A date past jiff's range
    /// ([`DateWarning::Clamped`], the `9999-12-31` sentinel) is still
    /// written correctly, so it does not count against the form.
    pub fn is_rfc1123(&self) -> bool {
        self.form == DateForm::Rfc1123
            && self
                .warnings
                .iter()
                .all(|warning| *warning == DateWarning::Clamped)
    }
}

/// Why a date could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError {
    /// Byte offset in the value where reading failed.
    pub offset: usize,
    /// What was expected or wrong there.
    pub reason: String,
}

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a date: {} (at byte {})", self.reason, self.offset)
    }
}

impl std::error::Error for DateError {}

/// Reads an HTTP-date or an RFC 822 date.
///
/// ```
/// use antenna_model::dates::{parse_date, DateForm};
///
/// let date = parse_date("Sat, 07 Sep 2002 09:00:01 JST").unwrap();
/// assert_eq!(date.timestamp.to_string(), "2002-09-07T00:00:01Z");
/// assert_eq!(date.form, DateForm::Rfc822);
/// ```
pub fn parse_date(value: &str) -> Result<ParsedDate, DateError> {
    calendar::resolve(lexer::fields(value)?, value.len())
}

/// Formats an instant as an RFC 1123 date in GMT:
/// `Sun, 06 Nov 1994 08:49:37 GMT`.
///
/// RFC 1123 has four-digit years only: instants before year 0 are printed
/// as the first instant of year 0.
pub fn format_rfc1123(timestamp: Timestamp) -> String {
    let printer = jiff::fmt::rfc2822::DateTimePrinter::new();
    printer
        .timestamp_to_rfc9110_string(&timestamp)
        .or_else(|_| printer.timestamp_to_rfc9110_string(&YEAR_ZERO))
        .unwrap_or_default()
}

/// 0000-01-01T00:00:00Z, the earliest instant RFC 1123 can write.
const YEAR_ZERO: Timestamp = Timestamp::constant(-62_167_219_200, 0);

/// The weekday's name, for messages.
fn weekday_name(day: Weekday) -> &'static str {
    match day {
        Weekday::Monday => "Monday",
        Weekday::Tuesday => "Tuesday",
        Weekday::Wednesday => "Wednesday",
        Weekday::Thursday => "Thursday",
        Weekday::Friday => "Friday",
        Weekday::Saturday => "Saturday",
        Weekday::Sunday => "Sunday",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn utc(value: &str) -> String {
        parse_date(value)
            .unwrap_or_else(|e| panic!("{value:?}: {e}"))
            .timestamp
            .to_string()
    }

    #[test]
    fn rfc2616_examples_are_one_instant() {
        // RFC 2616 §3.3.1 lists these three as the same date.
        for (value, form) in [
            ("Sun, 06 Nov 1994 08:49:37 GMT", DateForm::Rfc1123),
            ("Sunday, 06-Nov-94 08:49:37 GMT", DateForm::Rfc850),
            ("Sun Nov  6 08:49:37 1994", DateForm::Asctime),
        ] {
            let date = parse_date(value).unwrap();
            assert_eq!(
                date.timestamp.to_string(),
                "1994-11-06T08:49:37Z",
                "{value}"
            );
            assert_eq!(date.form, form, "{value}");
        }
        assert!(
            parse_date("Sun, 06 Nov 1994 08:49:37 GMT")
                .unwrap()
                .is_rfc1123()
        );
    }

    #[test]
    fn rss_spec_examples() {
        // RSS 2.0 "pubDate" and "lastBuildDate" examples.
        assert_eq!(utc("Sat, 07 Sep 2002 00:00:01 GMT"), "2002-09-07T00:00:01Z");
        assert_eq!(utc("Sat, 07 Sep 2002 09:42:31 GMT"), "2002-09-07T09:42:31Z");
        // The RSS 2.0 sample files' dates.
        assert_eq!(utc("Tue, 10 Jun 2003 04:00:00 GMT"), "2003-06-10T04:00:00Z");
        assert_eq!(utc("Tue, 03 Jun 2003 09:39:21 GMT"), "2003-06-03T09:39:21Z");
    }

    #[test]
    fn named_and_numeric_zones() {
        let cases = [
            ("Sat, 07 Sep 2002 09:00:01 JST", "2002-09-07T00:00:01Z"),
            ("Sat, 07 Sep 2002 09:00:01 +0900", "2002-09-07T00:00:01Z"),
            ("Fri, 06 Sep 2002 20:00:01 EDT", "2002-09-07T00:00:01Z"),
            ("Fri, 06 Sep 2002 19:00:01 EST", "2002-09-07T00:00:01Z"),
            ("Fri, 06 Sep 2002 19:00:01 CDT", "2002-09-07T00:00:01Z"),
            ("Fri, 06 Sep 2002 18:00:01 CST", "2002-09-07T00:00:01Z"),
            ("Fri, 06 Sep 2002 18:00:01 MDT", "2002-09-07T00:00:01Z"),
            ("Fri, 06 Sep 2002 17:00:01 MST", "2002-09-07T00:00:01Z"),
            ("Fri, 06 Sep 2002 17:00:01 PDT", "2002-09-07T00:00:01Z"),
            ("Fri, 06 Sep 2002 16:00:01 PST", "2002-09-07T00:00:01Z"),
            ("Sat, 07 Sep 2002 00:00:01 UT", "2002-09-07T00:00:01Z"),
            ("Sat, 07 Sep 2002 00:00:01 Z", "2002-09-07T00:00:01Z"),
            ("Fri, 06 Sep 2002 23:30:01 -0030", "2002-09-07T00:00:01Z"),
        ];
        for (value, expected) in cases {
            assert_eq!(utc(value), expected, "{value}");
        }
        let jst = parse_date("Sat, 07 Sep 2002 09:00:01 JST").unwrap();
        assert_eq!(jst.offset, Offset::constant(9));
        assert_eq!(jst.form, DateForm::Rfc822);
    }

    #[test]
    fn military_zones_read_as_utc_with_a_warning() {
        let date = parse_date("Sat, 07 Sep 2002 00:00:01 A").unwrap();
        assert_eq!(date.timestamp.to_string(), "2002-09-07T00:00:01Z");
        assert_eq!(date.warnings, vec![DateWarning::MilitaryZone('A')]);
    }

    #[test]
    fn two_digit_years_follow_rfc2822() {
        let cases = [
            (
                "Sat, 07 Sep 02 00:00:01 GMT",
                "2002-09-07T00:00:01Z",
                2,
                2002,
            ),
            (
                "Thu, 30 Sep 99 00:00:01 GMT",
                "1999-09-30T00:00:01Z",
                99,
                1999,
            ),
            (
                "Sun, 01 Jan 50 00:00:00 GMT",
                "1950-01-01T00:00:00Z",
                50,
                1950,
            ),
            (
                "Fri, 31 Dec 49 00:00:00 GMT",
                "2049-12-31T00:00:00Z",
                49,
                2049,
            ),
        ];
        for (value, expected, written, read_as) in cases {
            let date = parse_date(value).unwrap();
            assert_eq!(date.timestamp.to_string(), expected, "{value}");
            assert!(
                date.warnings
                    .contains(&DateWarning::ShortYear { written, read_as }),
                "{value}: {:?}",
                date.warnings
            );
            assert_eq!(date.form, DateForm::Rfc822);
        }
    }

    #[test]
    fn real_world_departures_are_read_with_warnings() {
        // A wrong weekday: 2002-09-07 is a Saturday.
        let date = parse_date("Mon, 07 Sep 2002 00:00:01 GMT").unwrap();
        assert_eq!(date.timestamp.to_string(), "2002-09-07T00:00:01Z");
        assert_eq!(
            date.warnings,
            vec![DateWarning::WrongWeekday {
                written: Weekday::Monday,
                actual: Weekday::Saturday
            }]
        );
        assert!(!date.is_rfc1123());
        // Day without a leading zero, no weekday, no seconds, lower case.
        assert_eq!(utc("Sun, 3 Mar 2002 10:00:00 GMT"), "2002-03-03T10:00:00Z");
        assert_eq!(
            parse_date("Sun, 3 Mar 2002 10:00:00 GMT").unwrap().form,
            DateForm::Rfc822
        );
        assert_eq!(utc("07 Sep 2002 00:00:01 GMT"), "2002-09-07T00:00:01Z");
        assert_eq!(utc("Sat, 07 Sep 2002 00:00 GMT"), "2002-09-07T00:00:00Z");
        assert_eq!(utc("sat, 07 sep 2002 00:00:01 gmt"), "2002-09-07T00:00:01Z");
        assert_eq!(
            utc("  Sat, 07 Sep 2002 00:00:01 GMT  "),
            "2002-09-07T00:00:01Z"
        );
        // Sentinels of real writers are ordinary dates.
        assert_eq!(utc("Tue, 01 Jan 1980 00:00:00 GMT"), "1980-01-01T00:00:00Z");
        let future = parse_date("Fri, 31 Dec 9999 23:59:59 GMT").unwrap();
        assert_eq!(future.timestamp, Timestamp::MAX);
        assert_eq!(future.warnings, vec![DateWarning::Clamped]);
        assert!(future.is_rfc1123(), "the sentinel is well-formed RFC 1123");
        let missing = parse_date("Sat, 07 Sep 2002 00:00:01").unwrap();
        assert_eq!(missing.warnings, vec![DateWarning::MissingZone]);
    }

    #[test]
    fn garbage_fails_with_a_reason() {
        let cases = [
            "",
            "   ",
            "yesterday",
            "2002-09-07T00:00:01Z",
            "Sat, 07 Foo 2002 00:00:01 GMT",
            "Sat, 32 Sep 2002 00:00:01 GMT",
            "Sat, 31 Feb 2002 00:00:01 GMT",
            "Sat, 07 Sep 2002 25:00:01 GMT",
            "Sat, 07 Sep 2002 00:61:01 GMT",
            "Sat, 07 Sep 2002 00:00:01 XYZ",
            "Sat, 07 Sep 2002 00:00:01 +09",
            "Sat, 07 Sep 2002 00:00:01 +0960",
            "Sat, 07 Sep 2002 00:00:01 GMT junk",
            "Sat, 07 Sep 20020 00:00:01 GMT",
            "Sat, 07 Sep 2002",
            "Sunday, 06-Nov 94 08:49:37 GMT",
            "Sat, 999999999999999999999 Sep 2002 00:00:01 GMT",
        ];
        for value in cases {
            let error = parse_date(value).expect_err(value);
            assert!(!error.reason.is_empty(), "{value}");
            assert!(error.offset <= value.len(), "{value}");
        }
    }

    #[test]
    fn formats_rfc1123_in_gmt() {
        let ts: Timestamp = "1994-11-06T08:49:37Z".parse().unwrap();
        assert_eq!(format_rfc1123(ts), "Sun, 06 Nov 1994 08:49:37 GMT");
        let ts: Timestamp = "2002-09-07T00:00:01+09:00".parse().unwrap();
        assert_eq!(format_rfc1123(ts), "Fri, 06 Sep 2002 15:00:01 GMT");
        assert_eq!(
            format_rfc1123(Timestamp::MIN),
            "Sat, 01 Jan 0000 00:00:00 GMT"
        );
    }

    proptest! {
        #[test]
        fn format_then_parse_gives_back_the_instant(seconds in -62_167_219_200i64..=253_402_207_200) {
            let ts = Timestamp::from_second(seconds).unwrap();
            let printed = format_rfc1123(ts);
            let parsed = parse_date(&printed).unwrap();
            prop_assert_eq!(parsed.timestamp, ts);
            prop_assert!(parsed.is_rfc1123(), "{}", printed);
        }

        #[test]
        fn parse_never_panics(value in "\\PC{0,48}") {
            let _ = parse_date(&value);
        }
    }
}
