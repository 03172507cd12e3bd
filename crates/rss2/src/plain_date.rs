//! A byte-level check for the date shape nearly every feed writes,
//! `Sat, 07 Sep 2002 09:42:31 GMT` or `... +0900`, that spares the full
//! `parse_date` when a date has nothing to report.
//!
//! The reader only parses a `pubDate` or `lastBuildDate` to warn about it;
//! the typed accessors parse again, lazily. So a date that is surely fine
//! needs no parse at all.

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

/// `true` when `value` is `Ddd, DD Mon YYYY HH:MM:SS GMT` or with a
/// numeric zone `+hhmm`/`-hhmm`, single spaces, the weekday right for the
/// date, a day that exists, hours below 24, minutes and seconds below 60,
/// a year from 1000 to 9998 and a zone below 24 hours. `false` means "not
/// sure": the caller then parses.
///
/// Why such a date has nothing to report: `parse_date` reads it as an RFC
/// 1123 date (GMT) or an RFC 822 one (numeric zone), never as an RFC 850
/// or asctime date; the zone is written, so there is no `MissingZone`;
/// the weekday is checked here, so there is no `WrongWeekday`; and every
/// field is inside the ranges jiff accepts (the year well inside jiff's
/// -9999..=9999 whatever the offset), so it is not an error. The proptest
/// below compares the two.
pub(crate) fn is_plain_date(value: &str) -> bool {
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
        return false;
    };
    let zone_ok = match zone {
        b"GMT" => true,
        &[sign, z0, z1, z2, z3] => {
            matches!(sign, b'+' | b'-')
                && digits(&[z0, z1]).is_some_and(|h| h < 24)
                && digits(&[z2, z3]).is_some_and(|m| m < 60)
        }
        _ => false,
    };
    if !zone_ok {
        return false;
    }
    let (Some(day), Some(year), Some(hour), Some(minute), Some(second)) = (
        digits(&[d0, d1]),
        digits(&[y0, y1, y2, y3]),
        digits(&[h0, h1]),
        digits(&[n0, n1]),
        digits(&[s0, s1]),
    ) else {
        return false;
    };
    if !(1000..=9998).contains(&year) || hour > 23 || minute > 59 || second > 59 {
        return false;
    }
    let Some(month) = MONTHS.iter().position(|(name, _)| *name == &[m0, m1, m2]) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let length = match MONTHS.get(month) {
        Some((_, 28)) if leap => 29,
        Some((_, length)) => *length,
        None => return false,
    };
    if day == 0 || day > length {
        return false;
    }
    let Some(written) = WEEKDAYS.iter().position(|name| *name == &[w0, w1, w2]) else {
        return false;
    };
    weekday(year, month + 1, day) == written
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
    use super::is_plain_date;
    use antenna_model::dates::{DateForm, DateWarning, parse_date};
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
            assert!(is_plain_date(value), "{value}");
            assert!(nothing_to_report(value), "{value}");
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
            assert!(!is_plain_date(value), "{value}");
        }
    }

    proptest! {
        /// Whatever the fast path calls plain, the parser reads with
        /// nothing to report.
        #[test]
        fn plain_dates_have_nothing_to_report(
            value in r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Xyz), [0-3][0-9] (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Foo) [0-9]{4} [0-2][0-9]:[0-6][0-9]:[0-6][0-9] (GMT|[+-][0-2][0-9][0-6][0-9]|UT|[+-]1)"
        ) {
            if is_plain_date(&value) {
                prop_assert!(nothing_to_report(&value), "{}", value);
            }
        }

        /// Random valid instants, written in the plain shape with their
        /// right weekday, are all plain (the fast path is not vacuous) and
        /// agree with the parser on the instant.
        #[test]
        fn written_instants_are_plain(seconds in -30_000_000_000i64..200_000_000_000i64, offset in -1439i32..1440) {
            let timestamp = antenna_model::jiff::Timestamp::from_second(seconds).unwrap();
            let off = antenna_model::jiff::tz::Offset::from_seconds(offset * 60).unwrap();
            let civil = off.to_datetime(timestamp);
            let sign = if offset < 0 { '-' } else { '+' };
            let value = format!(
                "{} {sign}{:02}{:02}",
                civil.strftime("%a, %d %b %Y %H:%M:%S"),
                offset.abs() / 60,
                offset.abs() % 60
            );
            prop_assume!((1000..=9998).contains(&civil.year()));
            prop_assert!(is_plain_date(&value), "{}", value);
            prop_assert_eq!(parse_date(&value).unwrap().timestamp, timestamp);
        }
    }
}
