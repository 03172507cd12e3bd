//! One line in, one outcome out: a record, a comment or blank line, or a
//! line dropped for an error. Both readers ([`crate::read()`] and
//! [`crate::RecordReader`]) run every line through [`parse_line`].

use std::borrow::Cow;
use std::ops::Range;

use crate::document::{Encoding, LineEnd};
use crate::grammar;
use crate::read::layout::{Pieces, layout};
use crate::read::line_reporter::LineReporter;
use crate::read::numbers::{is_canonical_signed, is_canonical_unsigned, number, timestamp};
use crate::read::text::{LineKind, LineText, line_text, text};
use crate::record_ref::RecordRef;
use crate::{ReadOptions, rules};

/// One line of input, without its line end.
pub(crate) struct Line<'a> {
    pub(crate) bytes: &'a [u8],
    /// `None`: the input ended without a line end.
    pub(crate) line_end: Option<LineEnd>,
}

/// What a line turned out to be.
#[allow(clippy::large_enum_variant)] // one per line, moved straight out
pub(crate) enum Outcome<'a> {
    /// A record (its text borrowed from the line and the reader's
    /// [`Scratch`]) and the range of its URL field in the line.
    Record(RecordRef<'a>, Range<usize>),
    /// A comment or blank line, kept for layout.
    Other,
    /// The line had an error and is not in the document.
    Dropped,
}

/// What a line is by its first checks (length, CR, comment, blank, prefix),
/// before its fields are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// A line starting with `LIRS,`: read it with [`parse_record_line`].
    Record,
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
    /// behind for good: trimmed before the next record line is read (the
    /// record of the line before may borrow them until then).
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
pub(crate) fn parse_line<'a>(
    line: &Line<'a>,
    options: &ReadOptions,
    sink: &mut LineReporter<'_, '_>,
    scratch: &'a mut Scratch,
) -> Outcome<'a> {
    match classify(line, options, sink) {
        Class::Record => parse_record_line(line, sink, scratch),
        Class::Other => Outcome::Other,
        Class::Dropped => Outcome::Dropped,
    }
}

/// The first checks of a line: what it is. Its diagnostics go to `sink`.
pub(crate) fn classify(
    line: &Line<'_>,
    options: &ReadOptions,
    sink: &mut LineReporter<'_, '_>,
) -> Class {
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
        return Class::Dropped;
    }
    if let Some(cr) = memchr::memchr(b'\r', bytes) {
        sink.error(
            rules::LONE_CR,
            cr..cr + 1,
            "CR not followed by LF (\"CR MUST NOT be used alone\")".into(),
        );
        return Class::Dropped;
    }
    if bytes.first() == Some(&b'#') {
        return Class::Other;
    }
    if bytes.iter().all(|b| matches!(b, b' ' | b'\t')) {
        sink.departure(
            rules::BLANK_LINE,
            0..bytes.len(),
            "blank line: neither a record nor a comment; kept as layout".into(),
        );
        return Class::Other;
    }
    if !bytes.starts_with(grammar::PREFIX) {
        sink.error(
            rules::MISSING_PREFIX,
            0..bytes.len().min(grammar::PREFIX.len()),
            "line is neither a record (starting with `LIRS,`) nor a comment (`#`); dropped".into(),
        );
        return Class::Dropped;
    }
    Class::Record
}

/// Reads the fields of a line that [`classify`] found to be a
/// [`Class::Record`]. Its diagnostics go to `sink`; its text fields
/// borrow `line` and `scratch`.
pub(crate) fn parse_record_line<'a>(
    line: &Line<'a>,
    sink: &mut LineReporter<'_, '_>,
    scratch: &'a mut Scratch,
) -> Outcome<'a> {
    let bytes = line.bytes;
    let data = bytes.get(grammar::PREFIX.len()..).unwrap_or_default();
    scratch.trim();
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
    parse_record(line, data, kind, decided, sink)
}

/// Reads the fields of a record line: `data` is the line after `LIRS,`,
/// already split into `text.pieces`.
fn parse_record<'a>(
    line: &Line<'a>,
    data: &[u8],
    kind: LineKind,
    line_text: LineText<'a>,
    sink: &mut LineReporter<'_, '_>,
) -> Outcome<'a> {
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
    let mut record = RecordRef {
        line_end: line.line_end.unwrap_or_default(),
        ..RecordRef::default()
    };
    let [lm, ld, td, cl] = &layout.numbers;
    record.last_modified = timestamp(lm, "Last-Modified", 0, &mut record.spelling, sink);
    record.last_detected = timestamp(ld, "Last-Detected", 1, &mut record.spelling, sink);
    let (signed, unsigned) = (grammar::parse_signed, grammar::parse_unsigned);
    if let Some(v) = number(
        td,
        "time difference",
        2,
        signed,
        is_canonical_signed,
        &mut record.spelling,
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
        &mut record.spelling,
        sink,
    ) {
        record.content_length = v;
    }
    let names = ["URL", "title", "author", "source URL"];
    let mut texts: [Cow<'a, str>; 4] = Default::default();
    let fields = layout.texts.iter().zip(names);
    for ((index, (field, name)), slot) in (4..).zip(fields).zip(&mut texts) {
        if field.range.is_empty() {
            sink.departure(
                rules::BLANK_FIELD,
                field.range.clone(),
                format!("{name} is empty; blank fields SHOULD be written 0"),
            );
        }
        if let Some(value) = text(field, index, kind, &mut record.spelling, sink) {
            *slot = value;
        }
    }
    let [url, title, author, source_url] = texts;
    record.url = url;
    record.title = title;
    record.author = author;
    record.source_url = source_url;
    if let Some(field) = &layout.extension {
        record.extension = text(field, 8, kind, &mut record.spelling, sink).unwrap_or_default();
    }
    if !layout.extra.is_empty() {
        record.extra = (9..)
            .zip(&layout.extra)
            .map(|(index, field)| {
                text(field, index, kind, &mut record.spelling, sink).unwrap_or_default()
            })
            .collect();
    }
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
