//! Fast checks for the common case, so that the reader skips the full
//! parse of a value when it surely has nothing to report.
//!
//! Each function here answers `true` only when the full check it stands in
//! for (named in its docs) is sure to pass; `false` means "run the full
//! check", never "the value is bad". The tests below compare each with the
//! full check on generated values.

/// `true` when `value` is surely an RFC 1123 date in GMT that
/// [`parse_date`] reads with no warning: exactly
/// `Www, DD Mon YYYY HH:MM:SS GMT` with the names as RFC 1123 writes them,
/// a year from 1000 to 9998, a day that the month has, a time of day
/// within 00:00:00–23:59:59, and the weekday of that date.
///
/// [`parse_date`]: antenna_model::dates::parse_date
pub(crate) fn surely_rfc1123(value: &str) -> bool {
    antenna_model::dates::plain_form(value) == Some(antenna_model::dates::DateForm::Rfc1123)
}

/// `true` when `value` is surely a Method chain that
/// [`MethodChain::parse_strict`] accepts: one or more of `GET`, `HEAD`,
/// `FILE`, `REMOTE` and a result code of digits, joined by bare `/`.
///
/// [`MethodChain::parse_strict`]: antenna_model::MethodChain::parse_strict
pub(crate) fn surely_strict_method(value: &str) -> bool {
    let Some((steps, result)) = value.rsplit_once('/') else {
        return false;
    };
    !result.is_empty()
        && result.bytes().all(|b| b.is_ascii_digit())
        && steps
            .split('/')
            .all(|step| matches!(step, "GET" | "HEAD" | "FILE" | "REMOTE"))
}

/// TEXT excludes CTLs but not HT (rev. 0.12 §Data Types).
fn is_control(b: u8) -> bool {
    ((b < b' ') & (b != b'\t')) | (b == 0x7f)
}

/// The first control byte (a CTL other than HT) of `bytes`: the same as
/// `bytes.iter().find(is_control)`, but whole chunks are tested without a
/// branch per byte (which the compiler can do many bytes at a time), and
/// only a chunk that holds one is searched.
pub(crate) fn first_control(bytes: &[u8]) -> Option<u8> {
    bytes
        .chunks(32)
        .find(|chunk| chunk.iter().fold(false, |any, &b| any | is_control(b)))
        .and_then(|chunk| chunk.iter().copied().find(|&b| is_control(b)))
}

/// The offset of the first `needle` in `bytes`, tested a chunk at a time
/// like [`first_control`].
pub(crate) fn find_byte(needle: u8, bytes: &[u8]) -> Option<usize> {
    let mut offset = 0;
    for chunk in bytes.chunks(32) {
        if chunk.iter().fold(false, |any, &b| any | (b == needle)) {
            return chunk.iter().position(|&b| b == needle).map(|i| offset + i);
        }
        offset += chunk.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use antenna_model::MethodChain;
    use antenna_model::dates::{DateForm, DateWarning, parse_date};
    use proptest::prelude::*;

    /// What "nothing to report" means for a date (`reader::check_date`):
    /// RFC 1123 form, and no warning but the 9999 sentinel's clamping.
    fn nothing_to_report(form: DateForm, warnings: &[DateWarning]) -> bool {
        form == DateForm::Rfc1123 && warnings.iter().all(|w| *w == DateWarning::Clamped)
    }

    #[test]
    fn common_values_take_the_fast_path() {
        assert!(surely_rfc1123("Sun, 06 Nov 1994 08:49:37 GMT"));
        assert!(surely_rfc1123("Sat, 29 Feb 2020 23:59:59 GMT"));
        assert!(surely_strict_method("GET/200"));
        assert!(surely_strict_method("REMOTE/REMOTE/GET/304"));
    }

    #[test]
    fn doubtful_values_take_the_full_check() {
        for date in [
            "Mon, 06 Nov 1994 08:49:37 GMT", // a Sunday
            "Sun, 31 Nov 1994 08:49:37 GMT",
            "Sat, 29 Feb 2021 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:49:60 GMT",
            "sun, 06 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 JST",
            "Sun, 6 Nov 1994 08:49:37 GMT",
            "Fri, 31 Dec 9999 23:59:59 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
        ] {
            assert!(!surely_rfc1123(date), "{date}");
        }
        for method in ["GET", "/200", "GET/", "get/200", "GET /200", "RSS/200"] {
            assert!(!surely_strict_method(method), "{method}");
        }
    }

    proptest! {
        #[test]
        fn chunked_scans_find_what_a_byte_loop_finds(
            bytes in prop::collection::vec(prop_oneof![Just(b'\n'), Just(b'\t'), Just(0x7f), 0..0x20u8, 0x20..=0xFFu8], 0..100),
        ) {
            prop_assert_eq!(first_control(&bytes), bytes.iter().copied().find(|&b| is_control(b)));
            prop_assert_eq!(find_byte(b'\n', &bytes), bytes.iter().position(|&b| b == b'\n'));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        #[test]
        fn fast_date_implies_a_clean_rfc1123_date(
            weekday in prop::sample::select(vec!["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "sun"]),
            day in 0..33u32,
            month in prop::sample::select(vec!["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "nov"]),
            year in prop_oneof![990..1010u32, 1899..2101u32, 9990..10000u32],
            hour in 0..26u32,
            minute in 0..62u32,
            second in 0..62u32,
            zone in prop::sample::select(vec!["GMT", "UTC", "JST"]),
        ) {
            let value = format!("{weekday}, {day:02} {month} {year:04} {hour:02}:{minute:02}:{second:02} {zone}");
            if surely_rfc1123(&value) {
                let date = parse_date(&value);
                prop_assert!(
                    date.as_ref().is_ok_and(|d| nothing_to_report(d.form, &d.warnings)),
                    "{} {:?}", value, date
                );
            }
        }

        #[test]
        fn fast_date_takes_the_common_dates(seconds in 0i64..253_402_214_400 - 86_400 * 366) {
            // Every instant from 1970 to 9998, written by the model's own
            // RFC 1123 printer, takes the fast path once the year is 1000
            // or later.
            let timestamp = antenna_model::jiff::Timestamp::from_second(seconds).unwrap();
            let value = antenna_model::dates::format_rfc1123(timestamp);
            prop_assert!(surely_rfc1123(&value), "{}", value);
        }

        #[test]
        fn fast_method_implies_strict_parse(value in "((GET|HEAD|FILE|REMOTE|get|RSS| |)/){0,3}(GET|200|304| |)") {
            if surely_strict_method(&value) {
                prop_assert!(MethodChain::parse_strict(&value).is_ok(), "{}", value);
            }
        }
    }
}
