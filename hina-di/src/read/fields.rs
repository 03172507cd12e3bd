//! The checks of one field, wherever it is: its name's spelling, the
//! separator, control characters, and values that have a form (dates,
//! URLs, Method chains, pixel counts).
//!
//! Each value check has a fast path for the common case, which answers
//! only when the full check is sure to pass: `false` means "run the full
//! check", never "the value is bad". The URL and Method ones live with
//! their types in the model ([`UrlKey::is_normalized`],
//! [`MethodChain::is_surely_strict`]); the date one is here.

use antenna_model::dates::{self, DateForm, DateWarning};
use antenna_model::url::Url;
use antenna_model::url_risk::report_url_risks;
use antenna_model::{MethodChain, Reporter, UrlKey, charset};

use super::lines::RawField;
use crate::document::{Field, FieldKind};
use crate::rules;

/// Checks `field`, read from `raw`.
pub(super) fn check_field(reporter: &mut Reporter<'_>, field: &Field, raw: &RawField<'_>) {
    check_name(reporter, field, raw);
    check_controls(reporter, field, raw);
    check_value(reporter, field, raw);
}

/// The name's spelling and the white space after the colon. (The name is
/// a `field-name`: the grammar took no other.)
fn check_name(reporter: &mut Reporter<'_>, field: &Field, raw: &RawField<'_>) {
    let name = field.name();
    // A name read as the spec spells it is that very `&'static str`: the
    // pointer test spares comparing the text of every name.
    if let Some(spelling) = field.spec_spelling()
        && !std::ptr::eq(spelling, name)
        && spelling != name
    {
        reporter.departure(
            rules::FIELD_NAME_CASE,
            raw.name_span(),
            format!("`{name}` is written `{spelling}` in the spec"),
        );
    }
    if field.separator().is_empty() {
        let colon = raw.name_span().end;
        reporter.departure(
            rules::NO_SPACE_AFTER_COLON,
            colon..colon + 1,
            format!("no space or tab after the colon of `{name}`"),
        );
    }
}

/// Control characters in the value.
fn check_controls(reporter: &mut Reporter<'_>, field: &Field, raw: &RawField<'_>) {
    // A byte scan finds the same character a scan of the chars would: in
    // UTF-8 every byte below 0x80 is a whole character.
    let Some((_, control)) = charset::first_control(field.value().as_bytes()) else {
        return;
    };
    // Point at the byte: control bytes never occur inside the multi-byte
    // sequences of EUC-JP, Shift_JIS or UTF-8, so the raw value has it.
    let value = &raw.value_span();
    let at = charset::first_control(raw.value()).map_or(value.start, |(at, _)| value.start + at);
    // rev. 0.12 §Data Types: "TEXT = <any OCTET except CTLs, but including
    // HT>". A NUL, a lone CR or another CTL in a value is no departure real
    // writers made, and has no recovery: an error in both modes.
    reporter.error(
        rules::CONTROL_CHARACTER,
        at..(at + 1).min(value.end),
        format!(
            "the value of `{}` holds the control character U+{:04X}",
            field.name(),
            u32::from(control)
        ),
    );
}

/// The value's form, for the fields that have one.
fn check_value(reporter: &mut Reporter<'_>, field: &Field, raw: &RawField<'_>) {
    let name = field.name();
    let value = field.value();
    let span = raw.value_span();
    let kind = field.kind();
    if kind.is_date() {
        if !surely_rfc1123(value) {
            check_date(reporter, kind, name, value, raw);
        }
    } else if kind.is_url() {
        // A URL that is its own URL key surely parses.
        if !UrlKey::is_normalized(value) {
            match Url::parse(value) {
                Err(error) => reporter.departure(
                    rules::bad_url(kind),
                    span,
                    format!("the value of `{name}` is not a URL: {error}"),
                ),
                // RFC 3986 §7.5, §7.6: warnings in both modes, the host
                // named.
                Ok(_) => report_url_risks(value, &rules::URL_RISKS, |rule, message| {
                    reporter.warning(rule, span.clone(), format!("{name}: {message}"));
                }),
            }
        }
    } else if kind == FieldKind::Method {
        if !MethodChain::is_surely_strict(value)
            && let Err(error) = MethodChain::parse_strict(value)
        {
            let lenient = MethodChain::parse(value).is_ok();
            reporter.departure(
                rules::BAD_METHOD,
                span,
                if lenient {
                    format!("the Method chain departs from the spec: {error}")
                } else {
                    format!("the Method value is not a method chain: {error}")
                },
            );
        }
    } else if matches!(kind, FieldKind::ImageWidth | FieldKind::ImageHeight) {
        let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
        if !digits || value.parse::<u32>().is_err() {
            reporter.departure(
                rules::image_field(kind, false),
                span,
                format!("the value of `{name}` is not a number of pixels"),
            );
        }
    }
}

fn check_date(
    reporter: &mut Reporter<'_>,
    kind: FieldKind,
    name: &str,
    value: &str,
    raw: &RawField<'_>,
) {
    let span = raw.value_span();
    let date = match dates::parse_date(value) {
        Ok(date) => date,
        Err(error) => {
            reporter.departure(
                rules::bad_date(kind),
                span,
                format!("the value of `{name}` is {error}"),
            );
            return;
        }
    };
    // 9999-12-31 is a sentinel of real writers ("future"), written in
    // RFC 1123 form: being past jiff's range is no departure.
    let warnings: Vec<&DateWarning> = date
        .warnings
        .iter()
        .filter(|w| **w != DateWarning::Clamped)
        // RFC 850 writes 2-digit years by definition.
        .filter(|w| !(date.form == DateForm::Rfc850 && matches!(w, DateWarning::ShortYear { .. })))
        .collect();
    let detail = warnings
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ");
    match (date.form, warnings.is_empty()) {
        (DateForm::Rfc1123, true) => {}
        // RFC 850 and asctime dates are HTTP-dates: rev. 0.6 allows them
        // ("rfc1123-date is recommended"), rev. 0.12 does not.
        (DateForm::Rfc850 | DateForm::Asctime, true) => reporter.warning(
            rules::not_rfc1123_date(kind),
            span,
            format!(
                "the value of `{name}` is an RFC 850 or asctime date; rev. 0.12 requires RFC 1123"
            ),
        ),
        _ => reporter.departure(
            rules::not_rfc1123_date(kind),
            span,
            if detail.is_empty() {
                format!("the value of `{name}` is not an RFC 1123 date in GMT")
            } else {
                format!("the value of `{name}` is not an RFC 1123 date in GMT: {detail}")
            },
        ),
    }
}

/// `true` when `value` is surely an RFC 1123 date in GMT that
/// [`parse_date`](dates::parse_date) reads with no warning: exactly
/// `Www, DD Mon YYYY HH:MM:SS GMT` with the names as RFC 1123 writes them,
/// a year from 1000 to 9998, a day that the month has, a time of day
/// within 00:00:00–23:59:59, and the weekday of that date.
fn surely_rfc1123(value: &str) -> bool {
    dates::plain_form(value) == Some(DateForm::Rfc1123)
}

#[cfg(test)]
mod tests {
    use super::*;
    use antenna_model::dates::parse_date;
    use proptest::prelude::*;

    /// What "nothing to report" means for a date (`check_date`): RFC 1123
    /// form, and no warning but the 9999 sentinel's clamping.
    fn nothing_to_report(form: DateForm, warnings: &[DateWarning]) -> bool {
        form == DateForm::Rfc1123 && warnings.iter().all(|w| *w == DateWarning::Clamped)
    }

    #[test]
    fn common_values_take_the_fast_path() {
        assert!(surely_rfc1123("Sun, 06 Nov 1994 08:49:37 GMT"));
        assert!(surely_rfc1123("Sat, 29 Feb 2020 23:59:59 GMT"));
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
    }
}
