//! Reading a whole buffer: [`crate::read()`].
//!
//! The work is done a line at a time by [`line`](mod@line), which the streaming
//! reader ([`crate::RecordReader`]) uses too; this module adds what only
//! the whole-buffer reader does: gzip ([`gzip`]), splitting the buffer into
//! lines, the URL set ([`seen_urls`]) and the [`Document`].

use antenna_model::Reporter;

use crate::document::{Comment, Document};
use crate::grammar;
use crate::{Parsed, ReadOptions, Rejected};

pub(crate) mod gzip;
mod layout;
pub(crate) mod line;
pub(crate) mod line_reporter;
mod numbers;
pub(crate) mod scan;
pub(crate) mod seen_urls;
mod text;

use gzip::input_text;
use line::{Facts, Line, Outcome, Scratch, found_line, parse_line};
use line_reporter::LineReporter;
use seen_urls::SeenUrls;

/// At most how many records `text` holds: its lines that start with
/// `LIRS,`, bounded by the shortest record (`LIRS,` and 7 commas) so that
/// the estimate never exceeds what the text could hold. The line ends are
/// found by `memchr` and the prefix compared after each: half the cost of
/// searching for `\nLIRS,` with `memmem` (callgrind, 100,000 records:
/// 10 M instructions against 19 M).
fn record_lines(text: &[u8]) -> usize {
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
fn first_line<'t>(
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

/// The whole-buffer reader behind [`crate::read()`].
pub(crate) fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
    let text = input_text(input, options)?;
    let text: &[u8] = &text;
    let mut reporter = Reporter::new(text, options.strict);
    let records = record_lines(text);
    let mut document = Document {
        // Room for every record, so that the records are not moved as the
        // vector grows.
        records: Vec::with_capacity(records),
        ..Document::default()
    };
    let mut seen = SeenUrls::with_capacity(records);
    let mut scratch = Scratch::default();
    let mut offset = 0;
    let mut number: u32 = 1;
    let mut rest = text;
    while !rest.is_empty() {
        let (line, facts, next) = first_line(rest, options.max_line_length, &mut scratch);
        let consumed = rest.len() - next.len();
        let Line { bytes, line_end } = line;
        let mut sink = LineReporter::new(&mut reporter, number, offset);
        match parse_line(&line, facts, options, &mut sink, &mut scratch) {
            Outcome::Record(record, url_range) => {
                if let Some(first) = seen.check(&record.url, number) {
                    sink.duplicate_url(&record.url, url_range, first);
                }
                document.records.push(record.into_owned());
            }
            Outcome::Other => document.comments.push(Comment {
                before: document.records.len(),
                raw: bytes.to_vec(),
                line_end: line_end.unwrap_or_default(),
            }),
            Outcome::Dropped => {}
        }
        if line_end.is_none() {
            document.missing_final_line_end = true;
        }
        offset += consumed;
        number = number.saturating_add(1);
        rest = next;
    }
    reporter.finish(document)
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
