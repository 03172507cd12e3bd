//! Short years, as RSS 2.0 feeds wrote them (`Sat, 07 Sep 02 ...`).

use super::DateWarning;
use super::tokens::Number;

/// The year a written year is read as: RFC 2822 §4.3, a 2-digit year below
/// 50 is 20xx, otherwise 19xx, and a 3-digit year has 1900 added. A widened
/// year gets a [`DateWarning::ShortYear`].
pub(super) fn widen_year(written: Number, warnings: &mut Vec<DateWarning>) -> i32 {
    let Number { value, digits } = written;
    let read_as = match digits {
        1 | 2 if value < 50 => value + 2000,
        1..=3 => value + 1900,
        _ => return value,
    };
    warnings.push(DateWarning::ShortYear {
        written: value,
        read_as,
    });
    read_as
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widen(value: i32, digits: usize) -> (i32, Vec<DateWarning>) {
        let mut warnings = Vec::new();
        let year = widen_year(Number { value, digits }, &mut warnings);
        (year, warnings)
    }

    #[test]
    fn rfc2822_windows() {
        assert_eq!(widen(2, 2).0, 2002);
        assert_eq!(widen(49, 2).0, 2049);
        assert_eq!(widen(50, 2).0, 1950);
        assert_eq!(widen(99, 2).0, 1999);
        assert_eq!(widen(7, 1).0, 2007);
        assert_eq!(widen(102, 3).0, 2002);
        assert_eq!(
            widen(2, 2).1,
            vec![DateWarning::ShortYear {
                written: 2,
                read_as: 2002
            }]
        );
    }

    #[test]
    fn four_digit_years_stay() {
        assert_eq!(widen(1994, 4), (1994, vec![]));
        assert_eq!(widen(49, 4), (49, vec![]));
    }
}
