//! Fast checks for the common case, so that the reader skips the full
//! parse of a value when it surely has nothing to report.
//!
//! Each function here answers `true` only when the full check it stands in
//! for (named in its docs) is sure to pass; `false` means "run the full
//! check", never "the value is bad". The tests below compare each with the
//! full check on generated values.

/// `true` when `value` is surely a URL [`Url::parse`] accepts.
///
/// The value is `http://` or `https://`, a host of dot-separated labels of
/// ASCII letters, digits and inner hyphens, whose last label is letters
/// only and none starts `xn--`, then nothing or `/` and printable ASCII.
///
/// Why that parses: the host is a plain ASCII domain (no IDNA mapping or
/// Punycode to fail, and a last label of letters is not a number, so it is
/// not read as IPv4), there is no userinfo or port, and WHATWG URL parsing
/// of a path, query or fragment does not fail: characters are kept or
/// percent-encoded.
///
/// [`Url::parse`]: antenna_model::url::Url::parse
pub(crate) fn surely_url(value: &str) -> bool {
    let bytes = value.as_bytes();
    let Some(after) = bytes
        .strip_prefix(b"http://")
        .or_else(|| bytes.strip_prefix(b"https://"))
    else {
        return false;
    };
    let host_end = after.iter().position(|&b| b == b'/').unwrap_or(after.len());
    let (host, path) = after.split_at(host_end);
    // One pass over the host: `previous` starts as a dot, so the first
    // label is checked like the others.
    let mut previous = b'.';
    let mut last_label_start = 0;
    for (i, &b) in host.iter().enumerate() {
        let ok = match b {
            // A label ends in a letter or digit.
            b'.' => previous.is_ascii_alphanumeric(),
            // A label starts with a letter or digit.
            b'-' => previous != b'.',
            _ if b.is_ascii_alphanumeric() => {
                let starts_label = previous == b'.';
                if starts_label {
                    last_label_start = i;
                }
                !(starts_label
                    && host
                        .get(i..i + 4)
                        .is_some_and(|prefix| prefix.eq_ignore_ascii_case(b"xn--")))
            }
            _ => false,
        };
        if !ok {
            return false;
        }
        previous = b;
    }
    let last_label = host.get(last_label_start..).unwrap_or_default();
    previous.is_ascii_alphanumeric()
        && last_label.iter().all(u8::is_ascii_alphabetic)
        && path.iter().all(u8::is_ascii_graphic)
}

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
    use antenna_model::url::Url;
    use proptest::prelude::*;

    /// What "nothing to report" means for a date (`reader::check_date`):
    /// RFC 1123 form, and no warning but the 9999 sentinel's clamping.
    fn nothing_to_report(form: DateForm, warnings: &[DateWarning]) -> bool {
        form == DateForm::Rfc1123 && warnings.iter().all(|w| *w == DateWarning::Clamped)
    }

    #[test]
    fn common_values_take_the_fast_path() {
        assert!(surely_url("http://www3.example.jp/~user12/diary/"));
        assert!(surely_url("https://a-b.example.com"));
        assert!(surely_url("http://www.hoge.jp/foo/?a=b#c"));
        assert!(surely_rfc1123("Sun, 06 Nov 1994 08:49:37 GMT"));
        assert!(surely_rfc1123("Sat, 29 Feb 2020 23:59:59 GMT"));
        assert!(surely_strict_method("GET/200"));
        assert!(surely_strict_method("REMOTE/REMOTE/GET/304"));
    }

    #[test]
    fn doubtful_values_take_the_full_check() {
        for url in [
            "http://1.2.3.999/",
            "http://example.0x1/",
            "http://xn--a.jp/",
            "http://a..b/",
            "http://-a.jp/",
            "http://a.jp:80/",
            "http://user@a.jp/",
            "http://a.jp/ b",
            "ftp://a.jp/",
            "HTTP://a.jp/",
            "http:///",
            "",
        ] {
            assert!(!surely_url(url), "{url}");
        }
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
        fn fast_url_implies_url_parse(
            scheme in "https?://|HTTP://|ftp://|http:/",
            labels in prop::collection::vec("[a-z0-9-]{0,4}|xn--[a-z]{1,2}|0x[0-9a-f]{0,2}|[0-9]{1,3}|[A-Z]{1,2}|\u{e9}|a:80|u@a|%41", 0..5),
            path in "(/[!-~ \u{e9}]{0,10})?",
        ) {
            let value = format!("{scheme}{}{path}", labels.join("."));
            if surely_url(&value) {
                prop_assert!(Url::parse(&value).is_ok(), "{}", value);
            }
        }

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
