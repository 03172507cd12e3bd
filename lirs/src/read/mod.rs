//! Reading lines: the work is done a line at a time by
//! [`line`](mod@line), which both readers (`crate::stream`) run; this
//! module adds gzip ([`gzip`]), splitting a text held whole into lines
//! ([`first_line`]) and the URL set ([`seen_urls`]).

use crate::grammar;

pub(crate) mod gzip;
mod layout;
pub(crate) mod line;
pub(crate) mod line_reporter;
mod numbers;
pub(crate) mod scan;
pub(crate) mod seen_urls;
mod text;

use line::{Facts, Line, Scratch, found_line};

/// At most how many records `text` holds: its lines that start with
/// `LIRS,`, bounded by the shortest record (`LIRS,` and 7 commas) so that
/// the estimate never exceeds what the text could hold. The line ends are
/// found by `memchr` and the prefix compared after each: half the cost of
/// searching for `\nLIRS,` with `memmem` (callgrind, 100,000 records:
/// 10 M instructions against 19 M).
pub(crate) fn record_lines(text: &[u8]) -> usize {
    let starts = memchr::memchr_iter(b'\n', text)
        .filter(|&lf| {
            text.get(lf + 1..)
                .is_some_and(|next| next.starts_with(grammar::PREFIX))
        })
        .count()
        + usize::from(text.starts_with(grammar::PREFIX));
    starts.min(text.len() / 12 + 1)
}

/// The first line of `text` and what the scan found in it, and the text
/// after its line end (empty when it has none). The line is scanned
/// ([`Scratch::scan`]) as far as a line may be long (its CRLF included),
/// no further: a longer line is only looked for its end, and is
/// `lirs/line-too-long` before anything the scan says counts.
pub(crate) fn first_line<'t>(
    text: &'t [u8],
    max_line_length: usize,
    scratch: &mut Scratch,
) -> (Line<'t>, Facts, &'t [u8]) {
    let window = text
        .get(..max_line_length.saturating_add(2))
        .unwrap_or(text);
    let scan = scratch.scan(window);
    let lf = match scan.lf {
        Some(lf) => Some(lf),
        None if window.len() < text.len() => memchr::memchr(b'\n', text),
        None => None,
    };
    let (line, next) = match lf.and_then(|lf| text.split_at_checked(lf)) {
        Some((line, [_lf, next @ ..])) => (line, next),
        _ => (text, &[][..]),
    };
    // `line` with its LF, for `found_line`.
    let with_lf = text.get(..line.len() + 1).filter(|_| lf.is_some());
    let scan = scan::Scan {
        lf: lf.map(|_| line.len()),
        ..scan
    };
    let (line, facts) = found_line(with_lf.unwrap_or(line), &scan);
    (line, facts, next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::LineEnd;

    #[test]
    fn record_lines_bound_the_records() {
        assert_eq!(record_lines(b""), 0);
        assert_eq!(record_lines(b"LIRS,1\n#c\nLIRS,2\r\nxLIRS,\n"), 2);
        assert_eq!(record_lines(b"LIRS,1\nLIRS,2\nLate\nLIRS"), 2);
        // Not more than the text could hold.
        assert_eq!(record_lines(&b"\nLIRS,".repeat(100)), 600 / 12 + 1);
    }

    /// [`first_line`] with room for any line: the line, its end and lone
    /// CR, and the rest.
    fn first(text: &[u8], max: usize) -> (&[u8], Option<LineEnd>, Option<usize>, &[u8]) {
        let mut scratch = Scratch::default();
        let (line, facts, rest) = first_line(text, max, &mut scratch);
        (line.bytes, line.line_end, facts.lone_cr, rest)
    }

    #[test]
    fn lines_end_at_lf_or_crlf_or_the_end() {
        for max in [1, 2, 3, 100] {
            let crlf = (&b"a"[..], Some(LineEnd::CrLf), None, &b"b"[..]);
            assert_eq!(first(b"a\r\nb", max), crlf);
            let lone = (&b"a\rb"[..], Some(LineEnd::Lf), Some(1), &b""[..]);
            assert_eq!(first(b"a\rb\n", max), lone);
            assert_eq!(first(b"\r", max), (&b"\r"[..], None, Some(0), &b""[..]));
            let last = (&b"ab"[..], None, None, &b""[..]);
            assert_eq!(first(b"ab", max), last);
        }
        // Past the limit (and its CRLF) the line is found by its LF alone.
        assert_eq!(
            first(b"abc\r\nd", 1),
            (&b"abc"[..], Some(LineEnd::CrLf), None, &b"d"[..])
        );
        assert_eq!(first(b"abcd\nd", 1).0, b"abcd");
    }
}
