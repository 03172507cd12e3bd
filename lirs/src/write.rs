//! Writing: records in, bytes out.

use std::fmt;
use std::io::{self, Write as _};

use antenna_model::{PartWriteError, PartWriter, charset};
use encoding_rs::EUC_JP;

use crate::document::{Comment, Document, Encoding, Head, LineEnd, Record};
use crate::grammar;
use crate::gzip_write::GzipWriter;

/// Options for writing; `Default` writes plain EUC-JP.
///
/// Built with `Default` and the `with_` methods (fields may be added, so
/// it cannot be built with a struct literal outside this crate):
///
/// ```
/// let options = lirs::WriteOptions::default().with_gzip(true);
/// assert_eq!(options.encoding, lirs::Encoding::EucJp);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct WriteOptions {
    /// Compress the output with gzip, as LIRS 2.1 §2 describes files
    /// ("An LIRS file is a text file compressed using gzip"). Off by
    /// default, so that `write(read(x)) == x` holds for plain files.
    pub gzip: bool,
    /// The text encoding: EUC-JP (the spec's only encoding) by default.
    pub encoding: Encoding,
}

impl WriteOptions {
    /// Gzip-compressed (`true`) or plain (`false`).
    pub const fn with_gzip(mut self, gzip: bool) -> Self {
        self.gzip = gzip;
        self
    }

    /// In `encoding`.
    pub const fn with_encoding(mut self, encoding: Encoding) -> Self {
        self.encoding = encoding;
        self
    }
}

/// Why a document could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// A field holds CR or LF (§2: "Field values MUST NOT include the CR or
    /// LF characters").
    LineBreak {
        /// Index of the record.
        record: usize,
        /// The field's name.
        field: &'static str,
    },
    /// A field holds a control character other than HT (a NUL, ESC,
    /// DEL, ...), which the reader rejects (`lirs/control-character`):
    /// written, the record would not read back.
    ControlCharacter {
        /// Index of the record.
        record: usize,
        /// The field's name.
        field: &'static str,
        /// The control character.
        character: char,
    },
    /// A character has no EUC-JP encoding, or one that reads back as
    /// another character (the WHATWG encoder writes `¥` U+00A5 as 0x5C,
    /// which reads back as `\`, LIRS's escape character, and `‾` U+203E
    /// as `~`).
    Unencodable {
        /// Index of the record.
        record: usize,
        /// The field's name.
        field: &'static str,
        /// The first character that cannot be encoded.
        character: char,
    },
    /// A comment line neither starts with `#` nor is blank, or holds CR or
    /// LF: written, it would not read back as a comment.
    BadComment {
        /// Index in [`Document::comments`].
        comment: usize,
    },
    /// Written as UTF-8, the record's line would also be valid EUC-JP, and
    /// readers try EUC-JP first (§7 allows UTF-8 only "when errors occur"):
    /// it would read back as other text.
    AmbiguousUtf8 {
        /// Index of the record.
        record: usize,
    },
    /// The record has fields after the ninth, a source URL that is not
    /// blank and does not look like a URL, and a later field that does:
    /// readers take such a line for a title with unescaped commas (the
    /// heuristic real files need, see the crate docs) and would read other
    /// fields back.
    MisreadLayout {
        /// Index of the record.
        record: usize,
    },
    /// Gzip compression failed.
    Gzip(String),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::LineBreak { record, field } => write!(
                f,
                "record {record}: the {field} field holds CR or LF, which LIRS fields MUST NOT include"
            ),
            WriteError::ControlCharacter {
                record,
                field,
                character,
            } => write!(
                f,
                "record {record}: the {field} field holds the control character U+{:04X}, which a LIRS file, being text, does not hold",
                u32::from(*character)
            ),
            WriteError::Unencodable {
                record,
                field,
                character,
            } => write!(
                f,
                "record {record}: the {field} field holds {character:?} (U+{:04X}), which EUC-JP cannot encode; write UTF-8 instead",
                u32::from(*character)
            ),
            WriteError::BadComment { comment } => write!(
                f,
                "comment {comment} must start with `#` (or be blank) and hold no CR or LF"
            ),
            WriteError::AmbiguousUtf8 { record } => write!(
                f,
                "record {record}: its UTF-8 bytes are also valid EUC-JP, which readers try first (LIRS 2.1 \u{a7}7), so it would read back as other text; write it as EUC-JP"
            ),
            WriteError::MisreadLayout { record } => write!(
                f,
                "record {record}: it has fields after the ninth and a source URL that is not a URL while a later field looks like one, so readers would take its title for one with unescaped commas and read other fields back"
            ),
            WriteError::Gzip(e) => write!(f, "gzip compression failed: {e}"),
        }
    }
}

impl std::error::Error for WriteError {}

const FIELD_NAMES: [&str; 9] = [
    "Last-Modified",
    "Last-Detected",
    "time difference",
    "Content-Length",
    "URL",
    "title",
    "author",
    "source URL",
    "extension",
];

fn field_name(field: usize) -> &'static str {
    FIELD_NAMES.get(field).copied().unwrap_or("extra")
}

/// Appends one record, with its line end, to `out`. `index` names the
/// record in errors.
pub fn write_record(
    record: &Record,
    index: usize,
    encoding: Encoding,
    out: &mut Vec<u8>,
) -> Result<(), WriteError> {
    if misread_as_unescaped_commas(record) {
        return Err(WriteError::MisreadLayout { record: index });
    }
    let start = out.len();
    out.extend_from_slice(grammar::PREFIX);
    // Only a record read from a file has spellings to look for.
    let spelled = |field: usize, value: &[u8]| {
        record
            .spelling
            .0
            .iter()
            .find(|s| s.field == field && s.value.as_bytes() == value)
            .map(|s| &s.raw)
    };
    let numbers = [
        Decimal::of_u64(record.last_modified.seconds()),
        Decimal::of_u64(record.last_detected.seconds()),
        Decimal::of_i64(record.time_difference),
        Decimal::of_u64(record.content_length),
    ];
    for (field, value) in numbers.iter().enumerate() {
        let value = value.as_bytes();
        match spelled(field, value) {
            Some(raw) => out.extend_from_slice(raw),
            None => out.extend_from_slice(value),
        }
        out.push(b',');
    }
    let texts = [
        &record.url,
        &record.title,
        &record.author,
        &record.source_url,
        &record.extension,
    ];
    for (field, value) in texts.into_iter().chain(&record.extra).enumerate() {
        let field = field + 4;
        // Most values are ASCII with nothing to escape or refuse: one scan
        // tells them (issue #23: three scans and their calls were ~250
        // instructions a field), and they are their own bytes in both
        // encodings.
        if is_plain_ascii(value.as_bytes()) {
            match (encoding, spelled(field, value.as_bytes())) {
                (Encoding::EucJp, Some(raw)) => out.extend_from_slice(raw),
                _ => out.extend_from_slice(value.as_bytes()),
            }
            out.push(b',');
            continue;
        }
        // CR and LF are control bytes too: one scan finds whether there is
        // anything to refuse.
        if let Some((_, control)) = charset::first_control(value.as_bytes()) {
            if value.contains(['\r', '\n']) {
                return Err(WriteError::LineBreak {
                    record: index,
                    field: field_name(field),
                });
            }
            return Err(WriteError::ControlCharacter {
                record: index,
                field: field_name(field),
                character: char::from(control),
            });
        }
        match (encoding, spelled(field, value.as_bytes())) {
            (Encoding::EucJp, Some(raw)) => out.extend_from_slice(raw),
            (Encoding::Utf8, _) => out.extend_from_slice(grammar::escape(value).as_bytes()),
            (Encoding::EucJp, None) => {
                // With read-back: what is written must read as `value`.
                charset::encode_into(EUC_JP, &grammar::escape(value), out).map_err(
                    |character| WriteError::Unencodable {
                        record: index,
                        field: field_name(field),
                        character,
                    },
                )?;
            }
        }
        out.push(b',');
    }
    // The reader decides line by line, EUC-JP first (see
    // `read::text::decide_encoding`). `start` was `out.len()` before this
    // record, and `out` only grew: the split cannot fail.
    let (_, line) = out.split_at(start);
    if encoding == Encoding::Utf8 && !line.is_ascii() && charset::is_euc_jp(line) {
        return Err(WriteError::AmbiguousUtf8 { record: index });
    }
    out.extend_from_slice(record.line_end.as_bytes());
    Ok(())
}

/// A number as the writer spells it (as `Display` does: decimal digits,
/// `-` before a negative one), made on the stack: a record's four numbers
/// were four allocated strings, and through `fmt` still ~220
/// instructions a number (issue #23); a digit a step is ~5.
struct Decimal {
    /// The digits, right-aligned: `i64::MIN` and `u64::MAX` have 20
    /// characters.
    bytes: [u8; 20],
    /// Where they start.
    start: usize,
}

impl Decimal {
    fn of_u64(mut n: u64) -> Self {
        let mut decimal = Decimal {
            bytes: [b'0'; 20],
            start: 20,
        };
        // At most 20 digits for 20 places: the `get_mut` never fails.
        loop {
            decimal.start -= 1;
            if let Some(digit) = decimal.bytes.get_mut(decimal.start) {
                *digit = b'0' + (n % 10) as u8;
            }
            n /= 10;
            if n == 0 {
                return decimal;
            }
        }
    }

    fn of_i64(n: i64) -> Self {
        let mut decimal = Decimal::of_u64(n.unsigned_abs());
        // `i64::MIN` has 19 digits: there is room for the sign.
        if n < 0 && decimal.start > 0 {
            decimal.start -= 1;
            if let Some(sign) = decimal.bytes.get_mut(decimal.start) {
                *sign = b'-';
            }
        }
        decimal
    }

    fn as_bytes(&self) -> &[u8] {
        self.bytes.get(self.start..).unwrap_or_default()
    }
}

/// `true` when every byte of `value` is ASCII, printable or a space, and
/// neither `,` nor `\`: written as it is, in either encoding, with
/// nothing to escape or refuse. Eight bytes at a time (the "has a byte
/// less than n" and "has a byte equal to n" tests of bit-twiddling lore,
/// exact for whether any byte is one; `plain_ascii_is_told_byte_by_byte`).
fn is_plain_ascii(value: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has = |word: u64, b: u8| {
        let x = word ^ (ONES * u64::from(b));
        x.wrapping_sub(ONES) & !x & HIGH
    };
    let plain = |word: u64| {
        // A byte of 0x80 or more sets its own high bit; otherwise a
        // borrow marks a byte below the space.
        let special = (word | word.wrapping_sub(ONES * 0x20)) & HIGH;
        (special | has(word, 0x7F) | has(word, b',') | has(word, b'\\')) == 0
    };
    let mut words = value.chunks_exact(8);
    let clean = words.by_ref().all(|word| {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(word);
        plain(u64::from_le_bytes(eight))
    });
    // The last bytes, padded with spaces (plain).
    let mut last = [b' '; 8];
    for (to, &from) in last.iter_mut().zip(words.remainder()) {
        *to = from;
    }
    clean && plain(u64::from_le_bytes(last))
}

/// `true` when the reader's layout heuristic (`read::layout`) would
/// re-align the record's line: more than nine fields, a source URL that is
/// not blank, `0` or URL-like, and a URL-like field after it.
fn misread_as_unescaped_commas(record: &Record) -> bool {
    if record.extra.is_empty() {
        return false;
    }
    let url_like = |value: &str| grammar::looks_like_url(grammar::escape(value).as_bytes());
    let source = &record.source_url;
    let aligned = source.is_empty() || source == "0" || url_like(source);
    !aligned
        && std::iter::once(&record.extension)
            .chain(&record.extra)
            .any(|f| url_like(f))
}

/// Where a [`RecordWriter`]'s bytes go: the output, or a gzip stream into
/// it.
#[allow(clippy::large_enum_variant)] // one per writer
enum Output<W: io::Write> {
    Plain(W),
    Gzip(GzipWriter<W>),
}

impl<W: io::Write> Output<W> {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Output::Plain(out) => out.write_all(bytes),
            Output::Gzip(out) => out.write_all(bytes),
        }
    }

    fn finish(self) -> io::Result<W> {
        match self {
            Output::Plain(out) => Ok(out),
            Output::Gzip(out) => out.finish(),
        }
    }
}

/// Writes a LIRS file record by record to an [`io::Write`], plain or gzip
/// (through [`GzipWriter`], so that the bytes are those of
/// [`crate::write()`] however the records come): [`crate::Lirs`]'s
/// [`PartWriter`], which [`crate::write()`] folds over.
///
/// The [`Head`]'s comment lines are written before the record they come
/// before ([`crate::Comment::before`] counts the records pushed), those
/// after the last record when the writer is finished. Each line's end is
/// held back until the next line, so that a file whose last line has none
/// ([`Head::missing_final_line_end`]) is written as it was read.
///
/// A record that cannot be written ([`WriteError`]) is refused and none of
/// its bytes are written (the comment lines before it may have been).
pub struct RecordWriter<W: io::Write> {
    out: Output<W>,
    comments: Vec<Comment>,
    /// The first comment not yet written.
    next_comment: usize,
    missing_final_line_end: bool,
    encoding: Encoding,
    /// Records written so far.
    written: usize,
    /// The end of the line written last, not written yet.
    pending_end: Option<LineEnd>,
    /// The line being made.
    line: Vec<u8>,
}

impl<W: io::Write> RecordWriter<W> {
    /// A writer to `out` of a file with `head`'s comment lines and last
    /// line end, in `options`' encoding, gzip at [`DEFAULT_GZIP_LEVEL`]
    /// when `options.gzip`.
    pub fn new(out: W, head: &Head, options: &WriteOptions) -> Self {
        RecordWriter::with_gzip_level(out, head, options, DEFAULT_GZIP_LEVEL)
    }

    /// [`RecordWriter::new`] with gzip level `level` (0, stored, to 9,
    /// smallest; higher values are taken as 9) when `options.gzip`.
    pub fn with_gzip_level(out: W, head: &Head, options: &WriteOptions, level: u32) -> Self {
        RecordWriter {
            out: if options.gzip {
                Output::Gzip(GzipWriter::new(out, level))
            } else {
                Output::Plain(out)
            },
            comments: head.comments.clone(),
            next_comment: 0,
            missing_final_line_end: head.missing_final_line_end,
            encoding: options.encoding,
            written: 0,
            pending_end: None,
            line: Vec::new(),
        }
    }

    /// Writes the comment lines that come before record `limit`.
    fn comments_before(&mut self, limit: usize) -> Result<(), PartWriteError<WriteError>> {
        while let Some(comment) = self
            .comments
            .get(self.next_comment)
            .filter(|c| c.before <= limit)
        {
            let blank = comment.raw.iter().all(|b| matches!(b, b' ' | b'\t'));
            if !(blank || comment.raw.first() == Some(&b'#'))
                || comment.raw.iter().any(|b| matches!(b, b'\r' | b'\n'))
            {
                return Err(PartWriteError::Format(WriteError::BadComment {
                    comment: self.next_comment,
                }));
            }
            self.line.clear();
            if let Some(end) = self.pending_end {
                self.line.extend_from_slice(end.as_bytes());
            }
            self.line.extend_from_slice(&comment.raw);
            self.pending_end = Some(comment.line_end);
            self.next_comment += 1;
            self.out.write_all(&self.line)?;
        }
        Ok(())
    }
}

impl<W: io::Write> PartWriter for RecordWriter<W> {
    type Part = Record;
    type Error = WriteError;
    type Output = W;

    fn push(&mut self, record: &Record) -> Result<(), PartWriteError<WriteError>> {
        self.comments_before(self.written)?;
        self.line.clear();
        if let Some(end) = self.pending_end {
            self.line.extend_from_slice(end.as_bytes());
        }
        write_record(record, self.written, self.encoding, &mut self.line)
            .map_err(PartWriteError::Format)?;
        // The line end waits for the next line.
        let end = record.line_end;
        self.line
            .truncate(self.line.len().saturating_sub(end.as_bytes().len()));
        self.pending_end = Some(end);
        self.written += 1;
        self.out.write_all(&self.line)?;
        Ok(())
    }

    fn finish(mut self) -> Result<W, PartWriteError<WriteError>> {
        self.comments_before(usize::MAX)?;
        if let (false, Some(end)) = (self.missing_final_line_end, self.pending_end) {
            self.out.write_all(end.as_bytes())?;
        }
        Ok(self.out.finish()?)
    }
}

/// The [`WriteError`] of a [`RecordWriter`] into memory: an output error
/// there can only be the compressor's.
fn write_error(e: PartWriteError<WriteError>) -> WriteError {
    match e {
        PartWriteError::Format(e) => e,
        PartWriteError::Io(e) => WriteError::Gzip(e.to_string()),
        // `PartWriteError` is non-exhaustive.
        e => WriteError::Gzip(e.to_string()),
    }
}

/// The writer behind [`crate::write()`]: [`RecordWriter`]'s fold.
pub(crate) fn write(document: &Document, options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    write_with_gzip_level(document, options, DEFAULT_GZIP_LEVEL)
}

/// The gzip level [`crate::write()`] uses: 1, the fastest, so that writing
/// gzip keeps pace with reading it. The trade-off, on the benchmarks'
/// generated file (100,000 records, 14 MB of EUC-JP): level 1 writes
/// 3.52 MB (25 % of the text) in about a third of the time level 6
/// (zlib's default) takes to write 2.78 MB (20 %); level 9 gives 2.77 MB
/// in nearly twice the time of level 6. [`write_with_gzip_level`] picks
/// another level.
pub const DEFAULT_GZIP_LEVEL: u32 = 1;

/// [`crate::write()`] with gzip level `level` (0, stored, to 9, smallest;
/// higher values are taken as 9) when `options.gzip`.
pub fn write_with_gzip_level(
    document: &Document,
    options: &WriteOptions,
    level: u32,
) -> Result<Vec<u8>, WriteError> {
    let head = Head::of(document);
    let mut writer = RecordWriter::with_gzip_level(Vec::new(), &head, options, level);
    for record in &document.records {
        writer.push(record).map_err(write_error)?;
    }
    writer.finish().map_err(write_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`is_plain_ascii`] means, a byte at a time.
    fn plain_byte(b: u8) -> bool {
        (b' '..=b'~').contains(&b) && b != b',' && b != b'\\'
    }

    #[test]
    fn plain_ascii_is_told_byte_by_byte() {
        for b in 0..=u8::MAX {
            for len in 1..=17 {
                for at in 0..len {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = b;
                    assert_eq!(
                        is_plain_ascii(&bytes),
                        plain_byte(b),
                        "{b:#x} at {at} of {len}"
                    );
                    // Below it, a byte that borrows (NUL) or is special.
                    if at > 0 {
                        bytes[at - 1] = 0;
                        assert!(!is_plain_ascii(&bytes), "{b:#x} after NUL");
                    }
                }
            }
        }
        assert!(is_plain_ascii(b""));
    }

    #[test]
    fn numbers_are_spelled_as_display_spells_them() {
        for n in [
            0,
            1,
            -1,
            9,
            10,
            -10,
            99,
            100,
            -32_400,
            32_400,
            i64::MAX,
            i64::MIN,
        ] {
            assert_eq!(Decimal::of_i64(n).as_bytes(), n.to_string().as_bytes());
        }
        for n in [0, 9, 10, 938_779_260, u64::MAX / 10, u64::MAX] {
            assert_eq!(Decimal::of_u64(n).as_bytes(), n.to_string().as_bytes());
        }
        // Every power of ten and its neighbours.
        for n in (0..20).map(|p| 10_u64.pow(p)) {
            for n in [n - 1, n, n + 1] {
                assert_eq!(Decimal::of_u64(n).as_bytes(), n.to_string().as_bytes());
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn any_number_is_spelled_as_display_spells_it(n in proptest::num::i64::ANY, m in proptest::num::u64::ANY) {
            let (spelled, display) = (Decimal::of_i64(n), n.to_string());
            proptest::prop_assert_eq!(spelled.as_bytes(), display.as_bytes());
            let (spelled, display) = (Decimal::of_u64(m), m.to_string());
            proptest::prop_assert_eq!(spelled.as_bytes(), display.as_bytes());
        }

        #[test]
        fn plain_ascii_is_every_byte_plain(
            bytes in proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just(b'a'),
                proptest::strategy::Just(b' '),
                proptest::strategy::Just(b','),
                proptest::strategy::Just(b'\\'),
                proptest::strategy::Just(b'\t'),
                proptest::strategy::Just(0x7F),
                proptest::strategy::Just(0x80),
                proptest::num::u8::ANY,
            ], 0..40)
        ) {
            proptest::prop_assert_eq!(
                is_plain_ascii(&bytes),
                bytes.iter().all(|&b| plain_byte(b))
            );
        }
    }
}
