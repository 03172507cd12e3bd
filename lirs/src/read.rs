//! Reading: one line at a time, shared by [`crate::read`] and
//! [`crate::RecordReader`].

use std::borrow::Cow;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::io::Read;
use std::ops::Range;

use hashbrown::HashTable;

use antenna_model::charset;
use antenna_model::{GZIP_MAGIC, Position, Reporter, Rule, Severity, UrlKey};
use encoding_rs::EUC_JP;

use crate::grammar::{self, NumberError};
use crate::record::{Comment, Document, Encoding, FieldSpelling, LineEnd, LirsTime, Record};
use crate::{Parsed, ReadOptions, Rejected, rules};

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

/// Places the diagnostics of one line in the input: spans found relative
/// to the line get the line's offset added, and the position is the line
/// number the reader counted (a streaming reader never holds the whole
/// input, so the [`Reporter`] cannot work it out).
pub(crate) struct LineReporter<'r, 'a> {
    reporter: &'r mut Reporter<'a>,
    /// 1-based line number.
    number: u32,
    /// Offset of the line's first byte in the input.
    offset: usize,
}

impl<'r, 'a> LineReporter<'r, 'a> {
    /// Reports for line `number`, which starts at byte `offset`.
    pub(crate) fn new(reporter: &'r mut Reporter<'a>, number: u32, offset: usize) -> Self {
        LineReporter {
            reporter,
            number,
            offset,
        }
    }

    /// Records a diagnostic at `range`, a byte range of the line.
    pub(crate) fn push(
        &mut self,
        severity: Severity,
        rule: Rule,
        range: Range<usize>,
        message: String,
    ) {
        let position = Position {
            line: self.number,
            column: u32::try_from(range.start.saturating_add(1)).unwrap_or(u32::MAX),
        };
        let span = self.offset.saturating_add(range.start)..self.offset.saturating_add(range.end);
        self.reporter
            .push_at(severity, rule, span, position, message);
    }

    /// A departure real files make: a warning, an error in strict mode.
    fn departure(&mut self, rule: Rule, range: Range<usize>, message: String) {
        let severity = Severity::of_departure(self.reporter.is_strict());
        self.push(severity, rule, range, message);
    }

    /// A break with no recovery: an error in both modes.
    fn error(&mut self, rule: Rule, range: Range<usize>, message: String) {
        self.push(Severity::Error, rule, range, message);
    }

    /// Errors recorded so far, on this line and before it.
    pub(crate) fn error_count(&self) -> usize {
        self.reporter.error_count()
    }
}

/// Buffers a reader keeps from line to line, so that reading a line
/// allocates only what the record keeps.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The ranges of a line's fields.
    pieces: Vec<Range<usize>>,
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
    if !bytes.starts_with(grammar::PREFIX) {
        sink.error(
            rules::MISSING_PREFIX,
            0..bytes.len().min(grammar::PREFIX.len()),
            "line is neither a record (starting with `LIRS,`) nor a comment (`#`); dropped".into(),
        );
        return Outcome::Dropped;
    }
    let ascii = bytes.is_ascii();
    let decided = if ascii {
        Ok(Encoding::EucJp)
    } else {
        decide_encoding(bytes)
    };
    let encoding = match decided {
        Ok(encoding) => encoding,
        Err(at) => {
            sink.error(
                rules::UNDECODABLE,
                at..at + 1,
                "line is neither EUC-JP nor UTF-8; dropped".into(),
            );
            return Outcome::Dropped;
        }
    };
    if encoding == Encoding::Utf8 {
        // §7: "Client implementations MAY be flexible and try decoding using
        // UTF-8 instead of EUC-JP when errors occur". Decided per line.
        sink.departure(
            rules::UTF8_FALLBACK,
            0..bytes.len(),
            "line is not EUC-JP; decoded as UTF-8".into(),
        );
    }
    let kind = LineKind {
        encoding,
        ascii,
        backslash: memchr::memchr(b'\\', bytes).is_some(),
    };
    let outcome = parse_record(line, kind, sink, &mut scratch.pieces);
    // A line of many commas should not leave its buffer behind for good.
    if scratch.pieces.capacity() > 256 {
        scratch.pieces = Vec::new();
    }
    outcome
}

/// What the text fields of a line need: how to decode them, and which
/// work can be skipped for all of them at once.
#[derive(Clone, Copy)]
struct LineKind {
    encoding: Encoding,
    /// The line is ASCII: every field decodes to itself, and none needs
    /// the EUC-JP round-trip check.
    ascii: bool,
    /// The line holds a backslash: fields may need unescaping.
    backslash: bool,
}

/// The line's encoding: EUC-JP when it decodes as EUC-JP (ASCII does),
/// else UTF-8 when it decodes as UTF-8, else the offset of the first byte
/// that is not UTF-8.
fn decide_encoding(bytes: &[u8]) -> Result<Encoding, usize> {
    if bytes.is_ascii() || charset::is_euc_jp(bytes) {
        return Ok(Encoding::EucJp);
    }
    match std::str::from_utf8(bytes) {
        Ok(_) => Ok(Encoding::Utf8),
        Err(e) => Err(e.valid_up_to()),
    }
}

/// Where each of a record's fields is, as ranges in the line.
struct Layout {
    numbers: [Range<usize>; 4],
    /// URL, title, author, source URL.
    texts: [Range<usize>; 4],
    extension: Option<Range<usize>>,
    extra: Vec<Range<usize>>,
}

fn parse_record(
    line: &Line<'_>,
    kind: LineKind,
    sink: &mut LineReporter<'_, '_>,
    pieces: &mut Vec<Range<usize>>,
) -> Outcome {
    let bytes = line.bytes;
    let base = grammar::PREFIX.len();
    let data = bytes.get(base..).unwrap_or_default();
    grammar::split_fields_into(data, base, pieces);
    if data.is_empty() {
        sink.error(
            rules::FIELD_COUNT,
            0..bytes.len(),
            "record has no fields".into(),
        );
        return Outcome::Dropped;
    }
    // The record ends with a comma: the last piece after it is empty.
    if pieces.len() > 1 && pieces.last().is_some_and(|r| r.is_empty()) {
        pieces.pop();
    } else {
        // Real-world notes: "the trailing comma is sometimes missing".
        sink.departure(
            rules::MISSING_FINAL_COMMA,
            bytes.len()..bytes.len(),
            "record does not end with a comma".into(),
        );
    }
    let Some(layout) = layout(bytes, pieces, sink) else {
        return Outcome::Dropped;
    };
    let errors_before = sink.error_count();
    let mut record = Record {
        line_end: line.line_end.unwrap_or_default(),
        ..Record::default()
    };
    let field = |r: &Range<usize>| bytes.get(r.clone()).unwrap_or_default();
    let [lm, ld, td, cl] = &layout.numbers;
    record.last_modified = timestamp(field(lm), lm, "Last-Modified", 0, &mut record, sink);
    record.last_detected = timestamp(field(ld), ld, "Last-Detected", 1, &mut record, sink);
    if let Some(v) = number(
        field(td),
        td,
        "time difference",
        2,
        grammar::parse_signed,
        is_canonical_signed,
        &mut record,
        sink,
    ) {
        record.time_difference = v;
    }
    if let Some(v) = number(
        field(cl),
        cl,
        "Content-Length",
        3,
        grammar::parse_unsigned,
        is_canonical_unsigned,
        &mut record,
        sink,
    ) {
        record.content_length = v;
    }
    let names = ["URL", "title", "author", "source URL"];
    let mut texts: [String; 4] = Default::default();
    for (i, (range, name)) in layout.texts.iter().zip(names).enumerate() {
        if range.is_empty() {
            sink.departure(
                rules::BLANK_FIELD,
                range.clone(),
                format!("{name} is empty; blank fields SHOULD be written 0"),
            );
        }
        if let (Some(value), Some(slot)) = (
            text(field(range), range, i + 4, kind, &mut record, sink),
            texts.get_mut(i),
        ) {
            *slot = value;
        }
    }
    let [url, title, author, source_url] = texts;
    record.url = url;
    record.title = title;
    record.author = author;
    record.source_url = source_url;
    if let Some(range) = &layout.extension {
        record.extension =
            text(field(range), range, 8, kind, &mut record, sink).unwrap_or_default();
    }
    let mut extra = Vec::with_capacity(layout.extra.len());
    for (i, range) in layout.extra.iter().enumerate() {
        extra.push(text(field(range), range, 9 + i, kind, &mut record, sink).unwrap_or_default());
    }
    record.extra = extra;
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
    let [url_range, ..] = layout.texts;
    Outcome::Record(record, url_range)
}

/// Assigns the pieces of a record to fields (§3: nine, in order).
///
/// - 8 pieces: no extension (real files), warning `lirs/field-count`.
/// - fewer: error.
/// - more than 9: either a writer added fields after the ninth, or a
///   title/author held unescaped commas (real-world notes: "Escaping varies
///   by writer: ... no escaping at all"). The heuristic: the eighth piece
///   should be the source URL. If it looks like a URL (`scheme://`), or is
///   blank (`0` or empty), the fields line up and the rest is `extra`
///   (`lirs/extra-fields`). If not, and a later piece looks like a URL,
///   that piece is the source URL and the pieces between are the title with
///   its commas put back (`lirs/unescaped-comma`; commas could have been in
///   the author's name, but titles hold commas far more often). With no
///   URL-looking piece at all, the fields are taken as they line up.
/// - exactly 9 is taken as written, even if field 8 is not a URL: a valid
///   record must read as written.
fn layout(
    bytes: &[u8],
    pieces: &[Range<usize>],
    sink: &mut LineReporter<'_, '_>,
) -> Option<Layout> {
    let n = pieces.len();
    let piece = |i: usize| pieces.get(i).cloned().unwrap_or(bytes.len()..bytes.len());
    let whole = grammar::PREFIX.len()..bytes.len();
    if n < 8 {
        sink.error(
            rules::FIELD_COUNT,
            whole,
            format!("record has {n} fields; LIRS 2.1 requires 9"),
        );
        return None;
    }
    let numbers = [piece(0), piece(1), piece(2), piece(3)];
    if n == 8 {
        sink.departure(
            rules::FIELD_COUNT,
            whole,
            "record has 8 fields (no extension); read with an empty extension".into(),
        );
        return Some(Layout {
            numbers,
            texts: [piece(4), piece(5), piece(6), piece(7)],
            extension: None,
            extra: Vec::new(),
        });
    }
    let source = piece(7);
    let source_bytes = bytes.get(source.clone()).unwrap_or_default();
    let aligned = n == 9
        || source_bytes.is_empty()
        || source_bytes == b"0"
        || grammar::looks_like_url(source_bytes);
    let found = if aligned {
        None
    } else {
        (8..n).find(|&j| grammar::looks_like_url(bytes.get(piece(j)).unwrap_or_default()))
    };
    let Some(j) = found else {
        if n > 9 {
            sink.departure(
                rules::EXTRA_FIELDS,
                piece(9).start..bytes.len(),
                format!("record has {n} fields; fields after the ninth are kept as extra"),
            );
        }
        return Some(Layout {
            numbers,
            texts: [piece(4), piece(5), piece(6), source],
            extension: Some(piece(8)),
            extra: (9..n).map(piece).collect(),
        });
    };
    let commas = j - 7;
    let title = piece(5).start..piece(5 + commas).end;
    sink.departure(
        rules::UNESCAPED_COMMA,
        title.clone(),
        format!(
            "record has {n} fields and field 8 is not a URL but field {} is: \
             read {commas} unescaped comma(s) as part of the title",
            j + 1
        ),
    );
    let extension = (j + 1 < n).then(|| piece(j + 1));
    if j + 2 < n {
        sink.departure(
            rules::EXTRA_FIELDS,
            piece(j + 2).start..bytes.len(),
            "fields after the extension are kept as extra".into(),
        );
    }
    Some(Layout {
        numbers,
        texts: [piece(4), title, piece(6 + commas), piece(j)],
        extension,
        extra: (j + 2..n).map(piece).collect(),
    })
}

/// The start of a field for a message, so that a huge field does not make
/// a huge message.
fn preview(raw: &[u8]) -> String {
    let mut text =
        String::from_utf8_lossy(raw.get(..raw.len().min(40)).unwrap_or_default()).into_owned();
    if raw.len() > 40 {
        text.push_str("...");
    }
    text
}

fn number_error(
    error: NumberError,
    raw: &[u8],
    range: &Range<usize>,
    name: &str,
    sink: &mut LineReporter<'_, '_>,
) {
    match error {
        NumberError::Blank => sink.departure(
            rules::BLANK_FIELD,
            range.clone(),
            format!("{name} is empty; blank fields SHOULD be written 0; read as 0"),
        ),
        NumberError::NotANumber => sink.error(
            rules::BAD_NUMBER,
            range.clone(),
            format!("{name} `{}` is not a number", preview(raw)),
        ),
        NumberError::OutOfRange => sink.error(
            rules::BAD_NUMBER,
            range.clone(),
            format!("{name} `{}` is out of range", preview(raw)),
        ),
    }
}

/// `true` when `digits`, which parsed as an unsigned number, is spelled
/// the way the writer writes that number (`u64::to_string`): `0`, or no
/// leading zero. Tested on the bytes so that the common, canonical case
/// formats nothing; `canonical_spellings_match_to_string` checks it
/// against `to_string`.
fn is_canonical_unsigned(digits: &[u8]) -> bool {
    digits == b"0" || digits.first().is_some_and(|b| (b'1'..=b'9').contains(b))
}

/// [`is_canonical_unsigned`] for a signed number (`i64::to_string`): no
/// `+`, and no `-0`.
fn is_canonical_signed(raw: &[u8]) -> bool {
    match raw.split_first() {
        Some((b'-', digits)) => digits.first().is_some_and(|b| (b'1'..=b'9').contains(b)),
        _ => is_canonical_unsigned(raw),
    }
}

/// Keeps the raw spelling of a number that reads fine but is not written
/// the way the writer writes it (`+32400`, `00123`).
fn keep_spelling<T: ToString>(
    record: &mut Record,
    field: usize,
    value: &T,
    raw: &[u8],
    canonical: fn(&[u8]) -> bool,
) {
    if !canonical(raw) {
        record.spelling.0.push(FieldSpelling {
            field,
            value: value.to_string(),
            raw: raw.into(),
        });
    }
}

#[allow(clippy::too_many_arguments)] // one call per numeric field
fn number<T: ToString + Default>(
    raw: &[u8],
    range: &Range<usize>,
    name: &str,
    field: usize,
    parse: fn(&[u8]) -> Result<T, NumberError>,
    canonical: fn(&[u8]) -> bool,
    record: &mut Record,
    sink: &mut LineReporter<'_, '_>,
) -> Option<T> {
    match parse(raw) {
        Ok(v) => {
            keep_spelling(record, field, &v, raw, canonical);
            Some(v)
        }
        Err(e) => {
            number_error(e, raw, range, name, sink);
            (e == NumberError::Blank).then(T::default)
        }
    }
}

fn timestamp(
    raw: &[u8],
    range: &Range<usize>,
    name: &str,
    field: usize,
    record: &mut Record,
    sink: &mut LineReporter<'_, '_>,
) -> LirsTime {
    let parsed = grammar::parse_unsigned(raw)
        .and_then(|s| LirsTime::from_seconds(s).ok_or(NumberError::OutOfRange));
    match parsed {
        Ok(t) => {
            if t.is_epoch_sentinel() {
                // Real-world notes: "Unknown is written as empty, 0, or, for
                // timestamps, 315532800". The spec allows the value, so this
                // stays a warning in strict mode.
                sink.push(
                    Severity::Warning,
                    rules::EPOCH_SENTINEL,
                    range.clone(),
                    format!("{name} is 315532800 (1980-01-01), which writers used for unknown"),
                );
            }
            keep_spelling(record, field, &t.seconds(), raw, is_canonical_unsigned);
            t
        }
        Err(e) => {
            number_error(e, raw, range, name, sink);
            LirsTime::UNKNOWN
        }
    }
}

/// Unescapes and decodes one text field.
fn text(
    raw: &[u8],
    range: &Range<usize>,
    field: usize,
    line: LineKind,
    record: &mut Record,
    sink: &mut LineReporter<'_, '_>,
) -> Option<String> {
    // With no backslash in the line, no field has one to unescape.
    let (bytes, strays) = if line.backslash {
        grammar::unescape_cow(raw)
    } else {
        (Cow::Borrowed(raw), Vec::new())
    };
    for at in &strays {
        let at = range.start + at;
        sink.departure(
            rules::BAD_ESCAPE,
            at..at + 1,
            "backslash escapes neither `,` nor `\\`; kept literally".into(),
        );
    }
    // ASCII decodes to itself in EUC-JP as in UTF-8.
    let value = if line.ascii || line.encoding == Encoding::Utf8 {
        match bytes {
            Cow::Owned(bytes) => String::from_utf8(bytes).ok(),
            Cow::Borrowed(bytes) => std::str::from_utf8(bytes).ok().map(str::to_owned),
        }
    } else {
        EUC_JP
            .decode_without_bom_handling_and_without_replacement(&bytes)
            .map(Cow::into_owned)
    };
    let Some(value) = value else {
        sink.error(
            rules::UNDECODABLE,
            range.clone(),
            "field cannot be decoded".into(),
        );
        return None;
    };
    if line.encoding == Encoding::EucJp
        && !line.ascii
        && strays.is_empty()
        && !raw.is_ascii()
        && may_not_round_trip(raw)
        && !round_trips(raw, &value)
    {
        // Some EUC-JP sequences decode to characters that encode back to
        // other bytes (or not at all: JIS X 0212): keep the raw bytes.
        record.spelling.0.push(FieldSpelling {
            field,
            value: value.clone(),
            raw: raw.into(),
        });
    }
    Some(value)
}

/// `true` when `raw`, an EUC-JP field with no stray backslash that decodes
/// to `value`, is what the writer writes for `value` (escape, then encode).
fn round_trips(raw: &[u8], value: &str) -> bool {
    charset::encode(EUC_JP, &grammar::escape(value)).is_ok_and(|encoded| encoded == raw)
}

/// `false` when [`round_trips`] is sure to be `true` for the non-ASCII
/// EUC-JP field `raw` (decodable, no stray backslash), so that the common
/// field is not
/// encoded again. Both the decoder and the encoder work one character at a
/// time, so the field round-trips when each of its characters does:
/// - ASCII bytes but `,` decode to themselves and encode back; a `\`
///   (with no strays, always the first of `\\` or `\,`) is escaped back
///   as it was, with the byte after it. A `,` not after a `\` was put back
///   by the unescaped-comma heuristic, and is escaped on the way back: it
///   does not round-trip.
/// - `0x8E` + one byte (half-width katakana) round-trips.
/// - `0x8F` + two bytes (JIS X 0212) never does: `encoding_rs` does not
///   encode JIS X 0212.
/// - Two bytes `0xA1..=0xFE` (JIS X 0208) round-trip except nine NEC row 13
///   characters also found in row 2 (`0xAD 0xF0..=0xFC`), which encode to
///   their row 2 bytes, and `0xFC 0xFB` (U+FFE2, also `0xA2 0xCC`). Row 13
///   is taken whole.
///
/// `round_trip_check_is_needed_only_where_flagged` checks every one- and
/// two-byte sequence and the JIS X 0212 ones against [`round_trips`].
fn may_not_round_trip(raw: &[u8]) -> bool {
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        match b {
            b',' | 0x8F | 0xAD => return true,
            b'\\' => i += 2,
            0xFC if raw.get(i + 1) == Some(&0xFB) => return true,
            0x00..=0x7F => i += 1,
            _ => i += 2,
        }
    }
    false
}

/// URLs seen so far, for §3.5's "a single URL MUST NOT be repeated".
/// URLs that parse compare as [`UrlKey`]s, others by their exact text.
///
/// A key is held as its normalised text ([`UrlKey::as_str`]): that text is
/// the `url` crate's serialisation with normalised escapes, which includes
/// any userinfo, so two keys are equal exactly when their texts are.
///
/// A file holds many URLs, so they are kept compactly: their texts one
/// after another in `texts`, and a hash table of entries pointing into it.
/// The hash is keyed at random (`RandomState`), so input cannot aim for
/// collisions.
#[derive(Debug, Default)]
pub(crate) struct SeenUrls<S = RandomState> {
    hasher: S,
    table: HashTable<SeenEntry>,
    texts: String,
}

#[derive(Debug)]
struct SeenEntry {
    /// Where the identity's text is in `texts`.
    text: Range<usize>,
    /// `true` for a [`UrlKey`]'s text, `false` for a URL that did not parse.
    key: bool,
    line: u32,
    /// The hash of the identity, for growing the table.
    hash: u64,
}

/// What a URL is compared by: `(true, key text)` for a URL that parses,
/// `(false, url)` for one that does not.
fn url_identity(url: &str) -> (bool, Cow<'_, str>) {
    // Fast path: most URLs are already normalised, and parsing is most of
    // the cost of the check. `UrlKey::is_normalized` only accepts URLs
    // that `UrlKey::parse` gives back unchanged.
    if UrlKey::is_normalized(url) {
        return (true, Cow::Borrowed(url));
    }
    match UrlKey::parse(url) {
        Ok(key) => (true, Cow::Owned(key.as_str().to_owned())),
        Err(_) => (false, Cow::Borrowed(url)),
    }
}

impl SeenUrls {
    /// A set with room for `n` URLs.
    pub(crate) fn with_capacity(n: usize) -> Self {
        SeenUrls {
            hasher: RandomState::new(),
            table: HashTable::with_capacity(n),
            texts: String::new(),
        }
    }
}

impl<S: BuildHasher> SeenUrls<S> {
    /// Records `url`, first seen on `line`; `Some(first line)` when it was
    /// seen before.
    pub(crate) fn check(&mut self, url: &str, line: u32) -> Option<u32> {
        let (key, text) = url_identity(url);
        let hash = self.hasher.hash_one((key, &*text));
        let texts = &self.texts;
        let same =
            |entry: &SeenEntry| entry.key == key && texts.get(entry.text.clone()) == Some(&*text);
        if let Some(first) = self.table.find(hash, same) {
            return Some(first.line);
        }
        let start = self.texts.len();
        self.texts.push_str(&text);
        let entry = SeenEntry {
            text: start..self.texts.len(),
            key,
            line,
            hash,
        };
        self.table.insert_unique(hash, entry, |entry| entry.hash);
        None
    }
}

pub(crate) fn duplicate_diagnostic(
    sink: &mut LineReporter<'_, '_>,
    url: &str,
    range: Range<usize>,
    first: u32,
) {
    sink.error(
        rules::DUPLICATE_URL,
        range,
        format!("URL `{url}` already appears on line {first} (a URL MUST NOT be repeated)"),
    );
}

/// Decompresses a gzip input, at most `limit` bytes of it.
fn gunzip(input: &[u8], limit: u64) -> Result<Vec<u8>, Rejected> {
    // The trailer's ISIZE (RFC 1952 §2.3.1: the input size modulo 2^32, of
    // the last member) as a first capacity, so that the output is not
    // copied as it grows; bounded by the limit, and by 16 times the input
    // so that a forged trailer cannot make a small input allocate much.
    let isize = input
        .len()
        .checked_sub(4)
        .and_then(|at| input.get(at..))
        .and_then(|trailer| <[u8; 4]>::try_from(trailer).ok())
        .map_or(0, u32::from_le_bytes);
    let capacity = u64::from(isize)
        .min(limit.saturating_add(1))
        .min(input.len().saturating_mul(16) as u64);
    let mut out = Vec::with_capacity(usize::try_from(capacity).unwrap_or(0));
    let decoder = flate2::read::MultiGzDecoder::new(input);
    match decoder.take(limit.saturating_add(1)).read_to_end(&mut out) {
        Ok(_) if out.len() as u64 > limit => Err(Rejected::unplaced(
            rules::DECOMPRESSED_TOO_LARGE,
            format!("gzip input decompresses to more than the limit of {limit} bytes"),
        )),
        Ok(_) => Ok(out),
        Err(e) => Err(Rejected::unplaced(
            rules::BAD_GZIP,
            format!("input is not valid gzip: {e}"),
        )),
    }
}

/// The text of an input: decompressed when it starts with the gzip magic,
/// as it is otherwise. Diagnostics' spans point into this text.
pub(crate) fn input_text<'a>(
    input: &'a [u8],
    options: &ReadOptions,
) -> Result<std::borrow::Cow<'a, [u8]>, Rejected> {
    if input.starts_with(&GZIP_MAGIC) {
        gunzip(input, options.max_decompressed_size).map(std::borrow::Cow::Owned)
    } else {
        Ok(std::borrow::Cow::Borrowed(input))
    }
}

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
                    duplicate_diagnostic(&mut sink, &record.url, url_range, first);
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
    use proptest::strategy::Strategy as _;
    use std::collections::HashMap;
    use std::hash::{BuildHasherDefault, Hasher};

    #[test]
    fn encoding_is_decided_per_line() {
        assert_eq!(decide_encoding(b"LIRS,ascii"), Ok(Encoding::EucJp));
        // "日本" in EUC-JP.
        assert_eq!(decide_encoding(b"\xc6\xfc\xcb\xdc"), Ok(Encoding::EucJp));
        // "日本" in UTF-8 is not EUC-JP.
        assert_eq!(decide_encoding("日本".as_bytes()), Ok(Encoding::Utf8));
        assert_eq!(decide_encoding(b"ab\xff"), Err(2));
    }

    #[test]
    fn record_lines_bound_the_records() {
        assert_eq!(record_lines(b""), 0);
        assert_eq!(record_lines(b"LIRS,1\n#c\nLIRS,2\r\nxLIRS,\n"), 2);
        // Not more than the text could hold.
        assert_eq!(record_lines(&b"\nLIRS,".repeat(100)), 600 / 12 + 1);
    }

    #[test]
    fn a_forged_gzip_size_is_only_a_hint() {
        let mut gz = Vec::new();
        let mut encoder = flate2::write::GzEncoder::new(&mut gz, flate2::Compression::fast());
        std::io::Write::write_all(&mut encoder, b"LIRS,1,2,0,0,http://a.example/,t,a,0,,\n")
            .unwrap();
        encoder.finish().unwrap();
        let n = gz.len();
        gz[n - 4..].copy_from_slice(&u32::MAX.to_le_bytes());
        let rejected = gunzip(&gz, 1 << 20).unwrap_err();
        assert_eq!(rejected.diagnostics[0].rule, rules::BAD_GZIP);
    }

    #[test]
    fn canonical_number_spellings() {
        for canonical in [&b"0"[..], b"7", b"32400", b"18446744073709551615"] {
            assert!(is_canonical_unsigned(canonical));
        }
        for other in [&b"00"[..], b"0123"] {
            assert!(!is_canonical_unsigned(other));
        }
        for canonical in [&b"0"[..], b"32400", b"-54000", b"-9223372036854775808"] {
            assert!(is_canonical_signed(canonical));
        }
        for other in [&b"+32400"[..], b"+0", b"-0", b"-007", b"00"] {
            assert!(!is_canonical_signed(other));
        }
    }

    proptest::proptest! {
        #[test]
        fn canonical_spellings_match_to_string(raw in "[+-]?[0-9]{1,21}") {
            let raw = raw.as_bytes();
            if let Ok(v) = grammar::parse_unsigned(raw) {
                proptest::prop_assert_eq!(is_canonical_unsigned(raw), v.to_string().as_bytes() == raw);
            }
            if let Ok(v) = grammar::parse_signed(raw) {
                proptest::prop_assert_eq!(is_canonical_signed(raw), v.to_string().as_bytes() == raw);
            }
        }
    }

    /// The slow path of the round-trip check, run on a field; `None` when
    /// `text` would not run it (stray backslash, not EUC-JP).
    fn decodes_and_round_trips(raw: &[u8]) -> Option<bool> {
        let (bytes, strays) = grammar::unescape_cow(raw);
        if !strays.is_empty() {
            return None;
        }
        let value = EUC_JP.decode_without_bom_handling_and_without_replacement(&bytes)?;
        Some(round_trips(raw, &value))
    }

    #[test]
    fn round_trip_check_is_needed_only_where_flagged() {
        // Every ASCII byte but `,` and `\` (which only occur escaped).
        for b in (0u8..0x80).filter(|b| !matches!(b, b',' | b'\\')) {
            assert_eq!(decodes_and_round_trips(&[b]), Some(true), "{b:02X}");
        }
        assert_eq!(decodes_and_round_trips(b"\\,\\\\"), Some(true));
        let mut flagged = 0;
        for lead in 0x80..=0xFF {
            for trail in 0x00..=0xFF {
                let raw = [b'a', lead, trail, b'z'];
                if let Some(trips) = decodes_and_round_trips(&raw) {
                    if may_not_round_trip(&raw) {
                        flagged += 1;
                    } else {
                        assert!(trips, "{lead:02X} {trail:02X}");
                    }
                }
                // JIS X 0212 never round-trips, and is always flagged.
                let raw = [0x8F, lead, trail];
                if let Some(trips) = decodes_and_round_trips(&raw) {
                    assert!(
                        !trips && may_not_round_trip(&raw),
                        "8F {lead:02X} {trail:02X}"
                    );
                }
            }
        }
        // Row 13 (94 positions, some undefined) and 0xFC 0xFB.
        assert!(flagged < 100, "{flagged}");
        // A bare comma (from the unescaped-comma heuristic) is flagged.
        assert!(may_not_round_trip(b"\xc6\xfc,\xcb\xdc"));
        assert_eq!(decodes_and_round_trips(b"\xc6\xfc,\xcb\xdc"), Some(false));
        // An escaped one is not, and round-trips.
        assert!(!may_not_round_trip(b"\xc6\xfc\\,\xcb\xdc\\\\"));
        assert_eq!(
            decodes_and_round_trips(b"\xc6\xfc\\,\xcb\xdc\\\\"),
            Some(true)
        );
    }

    proptest::proptest! {
        #[test]
        fn round_trip_fast_path_agrees_with_slow_path(
            chars in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(vec![
                        &b"a"[..], b"\\,", b"\\\\", b",", b"\x8e\xb1", b"\x8f\xb0\xa1",
                        b"\xc6\xfc", b"\xad\xf0", b"\xad\xa1", b"\xfc\xfb", b"\xfc\xfa",
                        b"\xa2\xcc", b"\xa1\xdd",
                    ])
                    .prop_map(<[u8]>::to_vec),
                    (0xA1u8..=0xFE, 0xA1u8..=0xFE).prop_map(|(l, t)| vec![l, t]),
                ],
                0..8,
            )
        ) {
            let raw = chars.concat();
            if raw.is_ascii() {
                return Ok(());
            }
            if let Some(trips) = decodes_and_round_trips(&raw) {
                proptest::prop_assert!(trips || may_not_round_trip(&raw));
            }
        }
    }

    /// A hasher that gives every key the same hash.
    #[derive(Default)]
    struct Constant;

    impl Hasher for Constant {
        fn finish(&self) -> u64 {
            7
        }
        fn write(&mut self, _: &[u8]) {}
    }

    #[test]
    fn raw_urls_and_keys_are_told_apart() {
        let mut seen = SeenUrls {
            hasher: BuildHasherDefault::<Constant>::default(),
            ..SeenUrls::default()
        };
        assert_eq!(seen.check("not a url", 1), None);
        assert_eq!(seen.check("http://a.example/", 2), None);
        assert_eq!(seen.check("HTTP://A.example:80", 3), Some(2));
        assert_eq!(seen.check("not a url", 4), Some(1));
        assert_eq!(seen.check("not a URL", 5), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(2000))]
        #[test]
        fn duplicate_verdicts_match_url_keys(
            urls in proptest::collection::vec(
                proptest::string::string_regex(
                    "(http|HTTP)://(a|A|b)\\.example(:80)?(/|/\\./|/%7e|/~|/x/\\.\\./)?",
                )
                .unwrap(),
                0..12,
            )
        ) {
            // The slow path: every URL through `UrlKey::parse`.
            let mut slow: HashMap<Result<UrlKey, String>, u32> = HashMap::new();
            let mut seen: SeenUrls = SeenUrls::default();
            // Every hash equal: every check walks the chain.
            let mut colliding = SeenUrls {
                hasher: BuildHasherDefault::<Constant>::default(),
                ..SeenUrls::default()
            };
            for (line, url) in (1..).zip(&urls) {
                let identity = UrlKey::parse(url).map_err(|_| url.clone());
                let expected = match slow.get(&identity) {
                    Some(&first) => Some(first),
                    None => {
                        slow.insert(identity, line);
                        None
                    }
                };
                proptest::prop_assert_eq!(seen.check(url, line), expected, "{}", url);
                proptest::prop_assert_eq!(colliding.check(url, line), expected, "{}", url);
            }
        }
    }

    #[test]
    fn previews_are_short() {
        assert_eq!(preview(b"abc"), "abc");
        assert_eq!(preview(&[b'x'; 100]).len(), 43);
    }
}
