//! One line in, one outcome out: a record, a comment or blank line, or a
//! line dropped for an error. Both readers ([`crate::read()`] and
//! [`crate::RecordReader`]) run every line through [`parse_line`].

use std::ops::Range;

use crate::document::{Encoding, LineEnd, Record};
use crate::grammar;
use crate::read::layout::{Pieces, layout};
use crate::read::line_reporter::LineReporter;
use crate::read::numbers::{is_canonical_signed, is_canonical_unsigned, number, timestamp};
use crate::read::text::{LineKind, LineText, line_text, text};
use crate::{ReadOptions, rules};

/// One line of input, without its line end.
pub(crate) struct Line<'a> {
    pub(crate) bytes: &'a [u8],
    /// `None`: the input ended without a line end.
    pub(crate) line_end: Option<LineEnd>,
}

/// What a line turned out to be.
#[allow(clippy::large_enum_variant)] // one per line, moved straight out
pub(crate) enum Outcome {
    /// A record and the range of its URL field in the line.
    Record(Record, Range<usize>),
    /// A comment or blank line, kept for layout.
    Other,
    /// The line had an error and is not in the document.
    Dropped,
}

/// Buffers a reader keeps from line to line, so that reading a line
/// allocates only what the record keeps.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The ranges of a line's fields.
    pieces: Vec<Range<usize>>,
    /// An EUC-JP line, decoded.
    decoded: String,
    /// The ranges of its fields in `decoded`.
    decoded_pieces: Vec<Range<usize>>,
}

impl Scratch {
    /// A line of many commas or a long line should not leave its buffers
    /// behind for good.
    fn trim(&mut self) {
        if self.pieces.capacity() > 256 {
            self.pieces = Vec::new();
        }
        if self.decoded_pieces.capacity() > 256 {
            self.decoded_pieces = Vec::new();
        }
        if self.decoded.capacity() > 64 * 1024 {
            self.decoded = String::new();
        }
    }
}

/// Reads one line. Its diagnostics go to `sink`.
pub(crate) fn parse_line(
    line: &Line<'_>,
    options: &ReadOptions,
    sink: &mut LineReporter<'_, '_>,
    scratch: &mut Scratch,
) -> Outcome {
    let bytes = line.bytes;
    if bytes.len() > options.max_line_length {
        sink.error(
            rules::LINE_TOO_LONG,
            0..bytes.len(),
            format!(
                "line is {} bytes long, more than the limit of {}",
                bytes.len(),
                options.max_line_length
            ),
        );
        return Outcome::Dropped;
    }
    if let Some(cr) = memchr::memchr(b'\r', bytes) {
        sink.error(
            rules::LONE_CR,
            cr..cr + 1,
            "CR not followed by LF (\"CR MUST NOT be used alone\")".into(),
        );
        return Outcome::Dropped;
    }
    if bytes.first() == Some(&b'#') {
        return Outcome::Other;
    }
    if bytes.iter().all(|b| matches!(b, b' ' | b'\t')) {
        sink.departure(
            rules::BLANK_LINE,
            0..bytes.len(),
            "blank line: neither a record nor a comment; kept as layout".into(),
        );
        return Outcome::Other;
    }
    let Some(data) = bytes.strip_prefix(grammar::PREFIX) else {
        sink.error(
            rules::MISSING_PREFIX,
            0..bytes.len().min(grammar::PREFIX.len()),
            "line is neither a record (starting with `LIRS,`) nor a comment (`#`); dropped".into(),
        );
        return Outcome::Dropped;
    };
    let ascii = bytes.is_ascii();
    let Scratch {
        pieces,
        decoded,
        decoded_pieces,
    } = scratch;
    grammar::split_fields_into(data, grammar::PREFIX.len(), pieces);
    let decided = match line_text(bytes, ascii, pieces, decoded, decoded_pieces) {
        Ok(decided) => decided,
        Err(at) => {
            sink.error(
                rules::UNDECODABLE,
                at..at + 1,
                "line is neither EUC-JP nor UTF-8; dropped".into(),
            );
            scratch.trim();
            return Outcome::Dropped;
        }
    };
    if decided.encoding == Encoding::Utf8 {
        // §7: "Client implementations MAY be flexible and try decoding using
        // UTF-8 instead of EUC-JP when errors occur". Decided per line.
        sink.departure(
            rules::UTF8_FALLBACK,
            0..bytes.len(),
            "line is not EUC-JP; decoded as UTF-8".into(),
        );
    }
    let kind = LineKind {
        encoding: decided.encoding,
        ascii,
        backslash: memchr::memchr(b'\\', bytes).is_some(),
    };
    let outcome = parse_record(line, data, kind, decided, sink);
    scratch.trim();
    outcome
}

/// Reads the fields of a record line: `data` is the line after `LIRS,`,
/// already split into `text.pieces`.
fn parse_record(
    line: &Line<'_>,
    data: &[u8],
    kind: LineKind,
    line_text: LineText<'_>,
    sink: &mut LineReporter<'_, '_>,
) -> Outcome {
    let bytes = line.bytes;
    let LineText {
        text: decoded,
        mut pieces,
        mut decoded_pieces,
        ..
    } = line_text;
    if data.is_empty() {
        sink.error(
            rules::FIELD_COUNT,
            0..bytes.len(),
            "record has no fields".into(),
        );
        return Outcome::Dropped;
    }
    // The record ends with a comma: the last piece after it is empty.
    if let [_, .., last] = pieces
        && last.is_empty()
    {
        pieces = pieces.split_last().map_or(pieces, |(_, rest)| rest);
        decoded_pieces = decoded_pieces
            .split_last()
            .map_or(decoded_pieces, |(_, rest)| rest);
    } else {
        // Real-world notes: "the trailing comma is sometimes missing".
        sink.departure(
            rules::MISSING_FINAL_COMMA,
            bytes.len()..bytes.len(),
            "record does not end with a comma".into(),
        );
    }
    let pieces = Pieces {
        bytes,
        raw: pieces,
        text: decoded,
        decoded: decoded_pieces,
    };
    let Some(layout) = layout(pieces, sink) else {
        return Outcome::Dropped;
    };
    let errors_before = sink.error_count();
    let mut record = Record {
        line_end: line.line_end.unwrap_or_default(),
        ..Record::default()
    };
    let [lm, ld, td, cl] = &layout.numbers;
    record.last_modified = timestamp(lm, "Last-Modified", 0, &mut record, sink);
    record.last_detected = timestamp(ld, "Last-Detected", 1, &mut record, sink);
    let (signed, unsigned) = (grammar::parse_signed, grammar::parse_unsigned);
    if let Some(v) = number(
        td,
        "time difference",
        2,
        signed,
        is_canonical_signed,
        &mut record,
        sink,
    ) {
        record.time_difference = v;
    }
    if let Some(v) = number(
        cl,
        "Content-Length",
        3,
        unsigned,
        is_canonical_unsigned,
        &mut record,
        sink,
    ) {
        record.content_length = v;
    }
    let names = ["URL", "title", "author", "source URL"];
    let mut texts: [String; 4] = Default::default();
    let fields = layout.texts.iter().zip(names);
    for ((index, (field, name)), slot) in (4..).zip(fields).zip(&mut texts) {
        if field.range.is_empty() {
            sink.departure(
                rules::BLANK_FIELD,
                field.range.clone(),
                format!("{name} is empty; blank fields SHOULD be written 0"),
            );
        }
        if let Some(value) = text(field, index, kind, &mut record, sink) {
            *slot = value;
        }
    }
    let [url, title, author, source_url] = texts;
    record.url = url;
    record.title = title;
    record.author = author;
    record.source_url = source_url;
    if let Some(field) = &layout.extension {
        record.extension = text(field, 8, kind, &mut record, sink).unwrap_or_default();
    }
    record.extra = (9..)
        .zip(&layout.extra)
        .map(|(index, field)| text(field, index, kind, &mut record, sink).unwrap_or_default())
        .collect();
    if line.line_end.is_none() {
        sink.departure(
            rules::MISSING_LINE_END,
            bytes.len()..bytes.len(),
            "the last record has no line end (LF or CRLF)".into(),
        );
    }
    if sink.error_count() > errors_before {
        return Outcome::Dropped;
    }
    let [url, ..] = layout.texts;
    Outcome::Record(record, url.range)
}
