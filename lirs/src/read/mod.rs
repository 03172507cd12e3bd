//! Reading a whole buffer: [`crate::read()`].
//!
//! The work is done a line at a time by [`line`](mod@line), which the streaming
//! reader ([`crate::RecordReader`]) uses too; this module adds what only
//! the whole-buffer reader does: gzip ([`gzip`]), splitting the buffer into
//! lines, the URL set ([`seen_urls`]) and the [`Document`].

use antenna_model::Reporter;

use crate::document::{Comment, Document, LineEnd};
use crate::grammar;
use crate::{Parsed, ReadOptions, Rejected};

pub(crate) mod gzip;
mod layout;
pub(crate) mod line;
pub(crate) mod line_reporter;
mod numbers;
pub(crate) mod seen_urls;
mod text;

use gzip::input_text;
use line::{Line, Outcome, Scratch, parse_line};
use line_reporter::LineReporter;
use seen_urls::SeenUrls;

/// At most how many records `text` holds: its lines that start with
/// `LIRS,`, bounded by the shortest record (`LIRS,` and 7 commas) so that
/// the estimate never exceeds what the text could hold.
fn record_lines(text: &[u8]) -> usize {
    let starts = memchr::memmem::find_iter(text, b"\nLIRS,").count()
        + usize::from(text.starts_with(grammar::PREFIX));
    starts.min(text.len() / 12 + 1)
}

/// The first line of `text`, and the text after its line end (empty when
/// it has none).
fn first_line(text: &[u8]) -> (Line<'_>, &[u8]) {
    match memchr::memchr(b'\n', text).and_then(|i| text.split_at_checked(i)) {
        Some((content, [_lf, next @ ..])) => {
            let line = match content.strip_suffix(b"\r") {
                Some(bytes) => Line {
                    bytes,
                    line_end: Some(LineEnd::CrLf),
                },
                None => Line {
                    bytes: content,
                    line_end: Some(LineEnd::Lf),
                },
            };
            (line, next)
        }
        _ => {
            let line = Line {
                bytes: text,
                line_end: None,
            };
            (line, &[])
        }
    }
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
        let (line, next) = first_line(rest);
        let consumed = rest.len() - next.len();
        let Line { bytes, line_end } = line;
        let mut sink = LineReporter::new(&mut reporter, number, offset);
        match parse_line(&line, options, &mut sink, &mut scratch) {
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

    #[test]
    fn record_lines_bound_the_records() {
        assert_eq!(record_lines(b""), 0);
        assert_eq!(record_lines(b"LIRS,1\n#c\nLIRS,2\r\nxLIRS,\n"), 2);
        // Not more than the text could hold.
        assert_eq!(record_lines(&b"\nLIRS,".repeat(100)), 600 / 12 + 1);
    }

    #[test]
    fn lines_end_at_lf_or_crlf_or_the_end() {
        let (line, rest) = first_line(b"a\r\nb");
        assert_eq!(
            (line.bytes, line.line_end),
            (&b"a"[..], Some(LineEnd::CrLf))
        );
        assert_eq!(rest, b"b");
        let (line, rest) = first_line(b"a\rb\n");
        assert_eq!(
            (line.bytes, line.line_end),
            (&b"a\rb"[..], Some(LineEnd::Lf))
        );
        assert_eq!(rest, b"");
        let (line, rest) = first_line(b"\r");
        assert_eq!((line.bytes, line.line_end), (&b"\r"[..], None));
        assert_eq!(rest, b"");
    }
}
