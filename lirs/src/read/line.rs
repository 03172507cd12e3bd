//! One line in, one outcome out: a record, a comment or blank line, or a
//! line dropped for an error ([`classify`], then [`parse_record_line`] for
//! a record line). Both readers ([`crate::BytesReader`], which
//! [`crate::read()`] folds over, and [`crate::RecordReader`]) run every
//! line through them, in one core.

use std::borrow::Cow;
use std::ops::Range;

use antenna_model::url_risk::report_url_risks;
use antenna_model::{Severity, charset};

use crate::document::{Encoding, LineEnd};
use crate::grammar;
use crate::read::layout::{Field, Pieces, layout};
use crate::read::line_reporter::LineReporter;
use crate::read::numbers::{is_canonical_signed, is_canonical_unsigned, number, timestamp};
use crate::read::scan::{Scan, scan};
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
    /// The offsets of a line's commas ([`scan`]); for a record line, its
    /// fields' bounds once the line's length is put after them.
    commas: Vec<usize>,
    /// An EUC-JP line, decoded.
    decoded: String,
    /// The bounds of its fields in `decoded`, as `commas`.
    decoded_bounds: Vec<usize>,
}

impl Scratch {
    /// [`scan`]s `bytes` into the scratch's commas. A line of many commas
    /// or a long line does not leave its buffers behind for good: they are
    /// trimmed first (the record of the line before, which may borrow
    /// them, is gone by then).
    #[inline]
    pub(crate) fn scan(&mut self, bytes: &[u8]) -> Scan {
        if self.commas.capacity() > 256 {
            self.commas = Vec::new();
        }
        if self.decoded_bounds.capacity() > 256 {
            self.decoded_bounds = Vec::new();
        }
        if self.decoded.capacity() > 64 * 1024 {
            self.decoded = String::new();
        }
        scan(bytes, &mut self.commas)
    }
}

/// A line found in `bytes` by [`Scratch::scan`] (which gave `scan`): the
/// line, without its line end, and what the scan learned of it. `bytes`
/// holds the line's LF when `scan` found one; else the line is all of it,
/// and has no line end.
pub(crate) fn found_line<'a>(bytes: &'a [u8], scan: &Scan) -> (Line<'a>, Facts) {
    let (bytes, line_end) = match scan.lf.and_then(|lf| bytes.get(..lf)) {
        Some(content) => match content.strip_suffix(b"\r") {
            Some(content) => (content, Some(LineEnd::CrLf)),
            None => (content, Some(LineEnd::Lf)),
        },
        None => (bytes, None),
    };
    let facts = Facts::of(scan, bytes.len());
    (Line { bytes, line_end }, facts)
}

/// What the scan of a line learned that its reading needs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Facts {
    /// A CR not followed by LF.
    pub(crate) lone_cr: Option<usize>,
    /// The line holds a backslash.
    pub(crate) backslash: bool,
    /// The line is ASCII.
    pub(crate) ascii: bool,
}

impl Facts {
    /// The facts of a line of `length` bytes (line end removed) from its
    /// [`Scan`].
    #[inline]
    pub(crate) fn of(scan: &Scan, length: usize) -> Self {
        Facts {
            lone_cr: scan.lone_cr(length),
            backslash: scan.backslash,
            ascii: scan.ascii,
        }
    }
}

/// The first checks of a line: what it is. Its diagnostics go to `sink`.
#[inline]
pub(crate) fn classify(
    line: &Line<'_>,
    facts: Facts,
    options: &ReadOptions,
    sink: &mut LineReporter<'_>,
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
    if let Some(cr) = facts.lone_cr {
        sink.error(
            rules::LONE_CR,
            cr..cr + 1,
            "CR not followed by LF (\"CR MUST NOT be used alone\")".into(),
        );
        return Class::Dropped;
    }
    match bytes.first() {
        Some(b'L') if bytes.starts_with(grammar::PREFIX) => return Class::Record,
        Some(b'#') => return Class::Other,
        _ => {}
    }
    if bytes.iter().all(|b| matches!(b, b' ' | b'\t')) {
        sink.departure(
            rules::BLANK_LINE,
            0..bytes.len(),
            "blank line: neither a record nor a comment; kept as layout".into(),
        );
        return Class::Other;
    }
    sink.error(
        rules::MISSING_PREFIX,
        0..bytes.len().min(grammar::PREFIX.len()),
        "line is neither a record (starting with `LIRS,`) nor a comment (`#`); dropped".into(),
    );
    Class::Dropped
}

/// Reads the fields of a line that [`classify`] found to be a
/// [`Class::Record`], with the commas [`Scratch::scan`] found in it. Its
/// diagnostics go to `sink`; its text fields borrow `line` and `scratch`.
#[inline]
pub(crate) fn parse_record_line<'a>(
    line: &Line<'a>,
    facts: Facts,
    sink: &mut LineReporter<'_>,
    scratch: &'a mut Scratch,
) -> Outcome<'a> {
    let bytes = line.bytes;
    let Scratch {
        commas,
        decoded,
        decoded_bounds,
    } = scratch;
    // The commas and the line's end bound the fields; the first comma is
    // the prefix's.
    commas.push(bytes.len());
    let decided = match line_text(bytes, facts.ascii, commas, decoded, decoded_bounds) {
        Ok(decided) => decided,
        Err(at) => {
            sink.error(rules::UNDECODABLE, at..at + 1, undecodable_message(bytes));
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
        ascii: facts.ascii,
        backslash: facts.backslash,
    };
    parse_record(line, kind, decided, sink)
}

/// The words of `lirs/undecodable` for `line`, which is neither EUC-JP
/// nor UTF-8: when it is clean in another Japanese encoding
/// ([`charset::first_clean_alternative`]), which, so that the user knows
/// what to convert it from; §7 allows no other, so it is still dropped.
#[cold]
fn undecodable_message(line: &[u8]) -> String {
    let other = charset::first_clean_alternative(encoding_rs::EUC_JP, |encoding| {
        encoding != encoding_rs::UTF_8 && charset::decodes_cleanly(encoding, line)
    });
    match other {
        Some(other) => format!(
            "line is neither EUC-JP nor UTF-8 but decodes as {}, which LIRS 2.1 §7 does not allow; dropped",
            other.used.name()
        ),
        None => "line is neither EUC-JP nor UTF-8; dropped".into(),
    }
}

/// Reports the first control character of text field `field` (`name`),
/// an error as in HINA-DI ([`rules::CONTROL_CHARACTER`]): the record is
/// dropped, so that `check` says what a writer would later refuse (the
/// RSS writer cannot put U+0000 in XML). The raw bytes are scanned: no
/// control byte is inside an EUC-JP or UTF-8 sequence.
#[inline]
fn check_controls(field: &Field<'_>, name: &str, sink: &mut LineReporter<'_>) {
    if let Some((at, control)) = charset::first_control(field.raw) {
        let at = field.range.start + at;
        sink.error(
            rules::CONTROL_CHARACTER,
            at..at + 1,
            format!(
                "{name} holds the control character U+{:04X}; a LIRS file is text (§2), which holds none; record dropped",
                u32::from(control)
            ),
        );
    }
}

/// Reads the fields of a record line, split at the bounds in
/// `line_text`.
#[inline]
fn parse_record<'a>(
    line: &Line<'a>,
    kind: LineKind,
    line_text: LineText<'a>,
    sink: &mut LineReporter<'_>,
) -> Outcome<'a> {
    let bytes = line.bytes;
    let LineText {
        text: decoded,
        mut bounds,
        mut decoded_bounds,
        ..
    } = line_text;
    if bytes.len() <= grammar::PREFIX.len() {
        sink.error(
            rules::FIELD_COUNT,
            0..bytes.len(),
            "record has no fields".into(),
        );
        return Outcome::Dropped;
    }
    // The record ends with a comma: the last piece after it is empty (and
    // is not the only one).
    if let [_, .., comma, end] = bounds
        && comma + 1 == *end
    {
        bounds = bounds.split_last().map_or(bounds, |(_, rest)| rest);
        decoded_bounds = decoded_bounds
            .split_last()
            .map_or(decoded_bounds, |(_, rest)| rest);
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
        raw: bounds,
        text: decoded,
        decoded: decoded_bounds,
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
        check_controls(field, name, sink);
        if let Some(value) = text(field, index, kind, &mut record.spelling, sink) {
            *slot = value;
        }
    }
    // RFC 3986 §7.5, §7.6 in the URL and the source URL (fields 0 and 3):
    // warnings in both modes, the host named.
    for ((field, name), value) in layout.texts.iter().zip(names).zip(&texts).step_by(3) {
        report_url_risks(value, &rules::URL_RISKS, |rule, message| {
            sink.push(
                Severity::Warning,
                rule,
                field.range.clone(),
                format!("{name}: {message}"),
            );
        });
    }
    let [url, title, author, source_url] = texts;
    record.url = url;
    record.title = title;
    record.author = author;
    record.source_url = source_url;
    if let Some(field) = &layout.extension {
        check_controls(field, "extension", sink);
        record.extension = text(field, 8, kind, &mut record.spelling, sink).unwrap_or_default();
    }
    if !layout.extra.is_empty() {
        record.extra = (9..)
            .zip(&layout.extra)
            .map(|(index, field)| {
                check_controls(field, "extra field", sink);
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
