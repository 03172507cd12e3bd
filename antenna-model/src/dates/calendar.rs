//! From the fields as written to an instant: the form, the calendar checks
//! (jiff's) and the warnings.

use jiff::Timestamp;
use jiff::civil;

use super::lexer::{Fields, Shape};
use super::years::widen_year;
use super::zones::Zone;
use super::{DateError, DateForm, DateWarning, ParsedDate};

/// Reads `fields` as a date; a calendar error is reported at `end`, the
/// length of the value (the whole value was read).
///
/// Warnings come in this order: a short year, the zone's, a wrong weekday,
/// a clamped instant.
pub(super) fn resolve(fields: Fields, end: usize) -> Result<ParsedDate, DateError> {
    let error = |reason: String| DateError {
        offset: end,
        reason,
    };
    let mut warnings = Vec::new();
    let (form, year) = match fields.shape {
        Shape::DayFirst { dashed } => {
            let year = widen_year(fields.year, &mut warnings);
            (form(&fields, dashed), year)
        }
        // asctime years are read as written.
        Shape::MonthFirst => (DateForm::Asctime, fields.year.value),
    };
    let year = i16::try_from(year).map_err(|_| error("the year is out of range".into()))?;
    let day =
        i8::try_from(fields.day.value).map_err(|_| error("the day is out of range".into()))?;
    let time = fields.time;
    let civil = civil::DateTime::new(
        year,
        fields.month,
        day,
        time.hour,
        time.minute,
        time.second,
        0,
    )
    .map_err(|e| error(format!("no such date or time: {e}")))?;
    let (offset, zone_warning) = fields.zone.offset();
    warnings.extend(zone_warning);
    if let Some((written, _)) = fields.weekday {
        let actual = civil.weekday();
        if written != actual {
            warnings.push(DateWarning::WrongWeekday { written, actual });
        }
    }
    let timestamp = match offset.to_timestamp(civil) {
        Ok(timestamp) => timestamp,
        // The last hours of 9999-12-31, the "future" sentinel real
        // writers use, lie past jiff's range.
        Err(_) if civil.year() == 9999 => {
            warnings.push(DateWarning::Clamped);
            Timestamp::MAX
        }
        Err(e) => return Err(error(format!("the date is out of range: {e}"))),
    };
    Ok(ParsedDate {
        timestamp,
        offset,
        form,
        warnings,
    })
}

/// The form of a day-first date: RFC 850 with its full weekday, dashes, a
/// 2-digit year, seconds and GMT; RFC 1123 with its short weekday, spaces,
/// a 2-digit day, a 4-digit year, seconds and GMT; RFC 822 otherwise.
fn form(fields: &Fields, dashed: bool) -> DateForm {
    let full_weekday = fields.weekday.map(|(_, full)| full);
    let http = fields.time.seconds && fields.zone == Zone::Gmt;
    if http && dashed && full_weekday == Some(true) && fields.year.digits == 2 {
        DateForm::Rfc850
    } else if http
        && !dashed
        && full_weekday == Some(false)
        && fields.day.digits == 2
        && fields.year.digits == 4
    {
        DateForm::Rfc1123
    } else {
        DateForm::Rfc822
    }
}

#[cfg(test)]
mod tests {
    use super::super::lexer::fields;
    use super::*;

    fn read(value: &str) -> Result<ParsedDate, DateError> {
        resolve(fields(value)?, value.len())
    }

    #[test]
    fn forms_follow_what_was_written() {
        let form = |value| read(value).unwrap().form;
        assert_eq!(form("Sun, 06 Nov 1994 08:49:37 GMT"), DateForm::Rfc1123);
        assert_eq!(form("Sunday, 06-Nov-94 08:49:37 GMT"), DateForm::Rfc850);
        assert_eq!(form("Sun Nov  6 08:49:37 1994"), DateForm::Asctime);
        // One departure from RFC 1123 or RFC 850 makes it RFC 822.
        for value in [
            "Sun, 06 Nov 1994 08:49:37 +0000",
            "Sun, 06 Nov 1994 08:49 GMT",
            "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sunday, 06 Nov 1994 08:49:37 GMT",
            "06 Nov 1994 08:49:37 GMT",
            "Sun, 06-Nov-94 08:49:37 GMT",
            "Sunday, 06-Nov-1994 08:49:37 GMT",
        ] {
            assert_eq!(form(value), DateForm::Rfc822, "{value}");
        }
    }

    #[test]
    fn warnings_come_in_order() {
        let date = read("Mon, 07 Sep 02 00:00:01 A").unwrap();
        assert_eq!(
            date.warnings,
            vec![
                DateWarning::ShortYear {
                    written: 2,
                    read_as: 2002
                },
                DateWarning::MilitaryZone('A'),
                DateWarning::WrongWeekday {
                    written: jiff::civil::Weekday::Monday,
                    actual: jiff::civil::Weekday::Saturday
                },
            ]
        );
    }

    #[test]
    fn calendar_errors_point_at_the_end() {
        let value = "Sat, 31 Feb 2002 00:00:01 GMT";
        let error = read(value).unwrap_err();
        assert_eq!(error.offset, value.len());
        assert!(
            error.reason.starts_with("no such date or time: "),
            "{}",
            error.reason
        );
        // The 9999-12-31 sentinel past jiff's range is clamped, not an error.
        assert!(read("Fri, 31 Dec 9999 23:59:59 -0100").is_ok());
        // asctime years are read as written, not widened.
        assert_eq!(
            read("Nov  6 08:49:37 94").unwrap().timestamp.to_string(),
            "0094-11-06T08:49:37Z"
        );
    }
}
