//! A byte-level check for the date shape nearly every writer used,
//! `Sat, 07 Sep 2002 09:42:31 GMT` or `... +0900`, that spares the full
//! [`parse_date`](super::parse_date) when a reader only needs to know that a
//! date has nothing to report.

use super::DateForm;

/// Month abbreviations as RFC 822 §5.1 writes them, and their lengths in a
/// common year.
const MONTHS: [(&[u8; 3], usize); 12] = [
    (b"Jan", 31),
    (b"Feb", 28),
    (b"Mar", 31),
    (b"Apr", 30),
    (b"May", 31),
    (b"Jun", 30),
    (b"Jul", 31),
    (b"Aug", 31),
    (b"Sep", 30),
    (b"Oct", 31),
    (b"Nov", 30),
    (b"Dec", 31),
];

/// Weekday abbreviations (RFC 822 §5.1), Monday first.
const WEEKDAYS: [&[u8; 3]; 7] = [b"Mon", b"Tue", b"Wed", b"Thu", b"Fri", b"Sat", b"Sun"];

/// `Some(form)` when `value` is `Ddd, DD Mon YYYY HH:MM:SS GMT`
/// ([`DateForm::Rfc1123`]) or the same with a numeric zone `+hhmm`/`-hhmm`
/// ([`DateForm::Rfc822`]), single spaces, the weekday right for the date, a
/// day that exists, hours below 24, minutes and seconds below 60, a year
/// from 1000 to 9998 and a zone below 24 hours: then
/// [`parse_date`](super::parse_date) reads it in that form with no warning.
/// `None` means "not sure": the caller then parses.
///
/// Why such a date has nothing to report: `parse_date` reads it as an RFC
/// 1123 date (GMT) or an RFC 822 one (numeric zone), never as an RFC 850
/// or asctime date; the zone is written, so there is no `MissingZone`;
/// the weekday is checked here, so there is no `WrongWeekday`; and every
/// field is inside the ranges jiff accepts (the year well inside jiff's
/// -9999..=9999 whatever the offset), so it is not an error. The proptest
/// below compares the two.
pub fn plain_form(value: &str) -> Option<DateForm> {
    let b = value.as_bytes();
    let Some(
        &[
            w0,
            w1,
            w2,
            b',',
            b' ',
            d0,
            d1,
            b' ',
            m0,
            m1,
            m2,
            b' ',
            y0,
            y1,
            y2,
            y3,
            b' ',
            h0,
            h1,
            b':',
            n0,
            n1,
            b':',
            s0,
            s1,
            b' ',
            ref zone @ ..,
        ],
    ) = b.get(..)
    else {
        return None;
    };
    let form = match zone {
        b"GMT" => DateForm::Rfc1123,
        &[sign, z0, z1, z2, z3]
            if matches!(sign, b'+' | b'-')
                && digits(&[z0, z1]).is_some_and(|h| h < 24)
                && digits(&[z2, z3]).is_some_and(|m| m < 60) =>
        {
            DateForm::Rfc822
        }
        _ => return None,
    };
    let (Some(day), Some(year), Some(hour), Some(minute), Some(second)) = (
        digits(&[d0, d1]),
        digits(&[y0, y1, y2, y3]),
        digits(&[h0, h1]),
        digits(&[n0, n1]),
        digits(&[s0, s1]),
    ) else {
        return None;
    };
    if !(1000..=9998).contains(&year) || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let month = MONTHS.iter().position(|(name, _)| *name == &[m0, m1, m2])?;
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let length = match MONTHS.get(month) {
        Some((_, 28)) if leap => 29,
        Some((_, length)) => *length,
        None => return None,
    };
    if day == 0 || day > length {
        return None;
    }
    let written = WEEKDAYS.iter().position(|name| *name == &[w0, w1, w2])?;
    (weekday(year, month + 1, day) == written).then_some(form)
}

/// The value of a run of ASCII digits.
fn digits(bytes: &[u8]) -> Option<usize> {
    bytes.iter().try_fold(0usize, |n, &b| {
        b.is_ascii_digit().then(|| n * 10 + usize::from(b - b'0'))
    })
}

/// The weekday of a proleptic Gregorian date, 0 for Monday: days since
/// 1970-01-01 (a Thursday) by the "days from civil" count (years start in
/// March, so the leap day ends a year).
fn weekday(year: usize, month: usize, day: usize) -> usize {
    // `year` is at least 1000 and `month` at least 1: no underflow.
    let (y, m) = if month <= 2 {
        (year - 1, month + 9)
    } else {
        (year, month - 3)
    };
    // Days from 0000-03-01 (a Wednesday), all terms non-negative.
    let days = 365 * y + y / 4 - y / 100 + y / 400 + (153 * m + 2) / 5 + day - 1;
    // 0000-03-01 is a Wednesday: index 2 with Monday 0.
    (days + 2) % 7
}

#[cfg(test)]
mod tests {
    use super::super::{DateForm, DateWarning, parse_date};
    use super::{plain_form, weekday};
    use proptest::prelude::*;

    /// What `check_date` in the reader reports nothing for.
    fn nothing_to_report(value: &str) -> bool {
        parse_date(value).is_ok_and(|date| {
            !matches!(date.form, DateForm::Rfc850 | DateForm::Asctime)
                && !date.warnings.iter().any(|w| {
                    matches!(
                        w,
                        DateWarning::WrongWeekday { .. } | DateWarning::MissingZone
                    )
                })
        })
    }

    #[test]
    fn weekdays_of_known_dates() {
        // Monday is 0. 1970-01-01 was a Thursday, 2000-02-29 a Tuesday,
        // 1994-11-06 a Sunday (RFC 2616's example), 9998-12-31 a Thursday.
        for (year, month, day, expected) in [
            (1970, 1, 1, 3),
            (2000, 2, 29, 1),
            (1994, 11, 6, 6),
            (1600, 3, 1, 2),
            (9998, 12, 31, 3),
        ] {
            assert_eq!(weekday(year, month, day), expected, "{year}-{month}-{day}");
        }
    }

    #[test]
    fn common_dates_are_plain() {
        for value in [
            "Sat, 07 Sep 2002 00:00:01 GMT",
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Tue, 10 Jun 2003 04:00:00 GMT",
            "Sat, 07 Sep 2002 09:00:01 +0900",
            "Fri, 06 Sep 2002 23:30:01 -0030",
            "Thu, 01 Jan 1970 00:00:00 GMT",
            "Tue, 29 Feb 2000 12:00:00 GMT",
            "Thu, 29 Feb 2024 12:00:00 +0000",
            "Thu, 31 Dec 9998 23:59:59 -2359",
        ] {
            let form = plain_form(value);
            assert!(form.is_some(), "{value}");
            assert!(nothing_to_report(value), "{value}");
            assert_eq!(parse_date(value).unwrap().form, form.unwrap(), "{value}");
        }
    }

    #[test]
    fn other_shapes_are_left_to_the_parser() {
        for value in [
            "Sun, 07 Sep 2002 00:00:01 GMT", // wrong weekday
            "Mon, 29 Feb 1900 00:00:00 GMT", // no such day
            "Sat, 31 Sep 2002 00:00:01 GMT",
            "Sat, 07 Sep 2002 24:00:01 GMT",
            "Sat, 07 Sep 2002 00:60:01 GMT",
            "Sat, 07 Sep 2002 00:00:60 GMT",
            "Sat, 07 Sep 2002 00:00:01 +0960",
            "Sat, 07 Sep 2002 00:00:01 JST",
            "Sat, 07 Sep 2002 00:00:01",
            "Sat, 07 Sep 02 00:00:01 GMT",
            "Sat, 7 Sep 2002 00:00:01 GMT",
            "sat, 07 sep 2002 00:00:01 gmt",
            "Saturday, 07-Sep-02 00:00:01 GMT",
            "Sat Sep  7 00:00:01 2002",
            "Sat, 07 Sep 2002 00:00:01 GMT ",
            "",
        ] {
            assert_eq!(plain_form(value), None, "{value}");
        }
    }

    proptest! {
        /// Whatever the fast path calls plain, the parser reads with
        /// nothing to report.
        #[test]
        fn plain_dates_have_nothing_to_report(
            value in r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Xyz), [0-3][0-9] (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Foo) [0-9]{4} [0-2][0-9]:[0-6][0-9]:[0-6][0-9] (GMT|[+-][0-2][0-9][0-6][0-9]|UT|[+-]1)"
        ) {
            if plain_form(&value).is_some() {
                prop_assert!(nothing_to_report(&value), "{}", value);
            }
        }

        /// Random valid instants, written in the plain shape with their
        /// right weekday, are all plain (the fast path is not vacuous) and
        /// agree with the parser on the instant.
        #[test]
        fn written_instants_are_plain(seconds in -30_000_000_000i64..200_000_000_000i64, offset in -1439i32..1440) {
            let timestamp = jiff::Timestamp::from_second(seconds).unwrap();
            let off = jiff::tz::Offset::from_seconds(offset * 60).unwrap();
            let civil = off.to_datetime(timestamp);
            let sign = if offset < 0 { '-' } else { '+' };
            let value = format!(
                "{} {sign}{:02}{:02}",
                civil.strftime("%a, %d %b %Y %H:%M:%S"),
                offset.abs() / 60,
                offset.abs() % 60
            );
            prop_assume!((1000..=9998).contains(&civil.year()));
            prop_assert!(plain_form(&value).is_some(), "{}", value);
            prop_assert_eq!(parse_date(&value).unwrap().timestamp, timestamp);
        }
    }
}
