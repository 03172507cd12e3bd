//! Whether a text is an instant as [`format_rfc1123`](super::format_rfc1123)
//! prints it, told by comparing the text with the instant's fields in
//! place: a writer that copies a date as it was written checks it this way
//! (issue #23: printing the date to compare costs ~500 instructions, and
//! HINA-DI's and LIRS's conversions check every block's).

use jiff::Timestamp;
use jiff::civil::DateTime;
use jiff::tz::Offset;

/// `true` when `value` is `ts` as [`format_rfc1123`](super::format_rfc1123)
/// writes it (`Sat, 07 Sep 2002 09:00:01 GMT`), for an instant of whole
/// seconds in the years 0 to 9999 (`false` for any other, which the
/// caller then prints to know). The tests hold it to the printer.
// Inlined across crates as it was in `hina-di`, where it was first.
#[inline]
pub fn is_rfc1123_of(ts: Timestamp, value: &str) -> bool {
    ts.subsec_nanosecond() == 0 && is_rfc1123_at(Offset::UTC.to_datetime(ts), value)
}

/// [`is_rfc1123_of`] of the instant whose time in UTC is `time`: for a
/// caller that has the civil time already (a parser's), which is then not
/// made again from the instant.
#[inline]
pub fn is_rfc1123_at(time: DateTime, value: &str) -> bool {
    const DAYS: [&[u8; 3]; 7] = [b"Mon", b"Tue", b"Wed", b"Thu", b"Fri", b"Sat", b"Sun"];
    const MONTHS: [&[u8; 3]; 12] = [
        b"Jan", b"Feb", b"Mar", b"Apr", b"May", b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov",
        b"Dec",
    ];
    let Ok(b) = <&[u8; 29]>::try_from(value.as_bytes()) else {
        return false;
    };
    if time.subsec_nanosecond() != 0 {
        return false;
    }
    let digits = |at: usize, width: usize, n: i16| -> bool {
        let Ok(mut n) = u16::try_from(n) else {
            return false;
        };
        for i in (at..at + width).rev() {
            let digit = b'0' + u8::try_from(n % 10).unwrap_or_default();
            if b.get(i) != Some(&digit) {
                return false;
            }
            n /= 10;
        }
        n == 0
    };
    let day = usize::from(time.weekday().to_monday_zero_offset().unsigned_abs());
    let month = usize::from(time.month().unsigned_abs()).wrapping_sub(1);
    DAYS.get(day).is_some_and(|d| b[..3] == d[..])
        && b[3..5] == *b", "
        && digits(5, 2, time.day().into())
        && b[7] == b' '
        && MONTHS.get(month).is_some_and(|m| b[8..11] == m[..])
        && b[11] == b' '
        && digits(12, 4, time.year())
        && b[16] == b' '
        && digits(17, 2, time.hour().into())
        && b[19] == b':'
        && digits(20, 2, time.minute().into())
        && b[22] == b':'
        && digits(23, 2, time.second().into())
        && b[25..] == *b" GMT"
}

#[cfg(test)]
mod tests {
    use super::super::format_rfc1123;
    use super::*;

    #[test]
    fn rfc1123_in_place_agrees_with_the_printer() {
        let mut ts = Timestamp::from_second(-62_167_219_200).unwrap();
        let step = jiff::SignedDuration::from_secs(86_400 * 29 + 3_599 * 5 + 7);
        let last = Timestamp::from_second(253_402_207_200).unwrap();
        loop {
            let printed = format_rfc1123(ts);
            assert!(is_rfc1123_of(ts, &printed), "{printed}");
            let other = ts.checked_add(jiff::SignedDuration::from_secs(1));
            assert!(
                other.is_err() || !is_rfc1123_of(other.unwrap(), &printed),
                "{printed}"
            );
            match ts.checked_add(step) {
                Ok(next) if next <= last => ts = next,
                _ => break,
            }
        }
        assert!(is_rfc1123_of(last, &format_rfc1123(last)));
        let ts = Timestamp::from_second(1_031_389_201).unwrap();
        assert!(is_rfc1123_of(ts, "Sat, 07 Sep 2002 09:00:01 GMT"));
        for other in [
            "Sat, 07 Sep 2002 09:00:01 JST",
            "Sun, 07 Sep 2002 09:00:01 GMT",
            "Sat, 07 Sep 2002 09:00:01 GMT ",
            "Sat,  7 Sep 2002 09:00:01 GMT",
            "Sat, 07 Sep 2002 09-00-01 GMT",
            "Sat, 07 sep 2002 09:00:01 GMT",
        ] {
            assert!(!is_rfc1123_of(ts, other), "{other}");
        }
        let fraction = ts + jiff::SignedDuration::from_millis(1);
        assert!(!is_rfc1123_of(fraction, "Sat, 07 Sep 2002 09:00:01 GMT"));
    }

    proptest::proptest! {
        #[test]
        fn rfc1123_in_place_agrees_with_the_printer_anywhere(
            second in -62_167_219_200_i64..=253_402_207_200,
            other in -62_167_219_200_i64..=253_402_207_200,
        ) {
            let ts = Timestamp::from_second(second).unwrap();
            let printed = format_rfc1123(ts);
            proptest::prop_assert!(is_rfc1123_of(ts, &printed));
            let other = Timestamp::from_second(other).unwrap();
            proptest::prop_assert_eq!(is_rfc1123_of(other, &printed), other == ts);
        }
    }
}
