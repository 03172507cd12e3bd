//! Reading a whole buffer: [`crate::read`].
//!
//! The work is done a line at a time by [`line`], which the streaming
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

/// The whole-buffer reader behind [`crate::read`].
pub(crate) fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
    let text = input_text(input, options)?;
    let text: &[u8] = &text;
    let mut reporter = Reporter::new(text, options.strict);
    let mut document = Document::default();
    let mut seen = SeenUrls::with_capacity(record_lines(text));
    let mut scratch = Scratch::default();
    let mut offset = 0;
    let mut number: u32 = 1;
    while let Some(rest) = text.get(offset..).filter(|r| !r.is_empty()) {
        let (bytes, line_end, consumed) = match memchr::memchr(b'\n', rest) {
            Some(i) => {
                let content = rest.get(..i).unwrap_or_default();
                match content.strip_suffix(b"\r") {
                    Some(content) => (content, Some(LineEnd::CrLf), i + 1),
                    None => (content, Some(LineEnd::Lf), i + 1),
                }
            }
            None => (rest, None, rest.len()),
        };
        let line = Line { bytes, line_end };
        let mut sink = LineReporter::new(&mut reporter, number, offset);
        match parse_line(&line, options, &mut sink, &mut scratch) {
            Outcome::Record(record, url_range) => {
                if let Some(first) = seen.check(&record.url, number) {
                    sink.duplicate_url(&record.url, url_range, first);
                }
                document.records.push(record);
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
}
