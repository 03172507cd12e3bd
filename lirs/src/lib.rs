//! LIRS 2.1 (Last-modified Information Relaying Specification): read and
//! write the update-time files of Japanese antennas, byte for byte.
//!
//! ```
//! use lirs::{read, write, ReadOptions, WriteOptions};
//!
//! // The record of LIRS 2.1 §5 (one line; the spec's page wraps it).
//! let input = b"LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,\
//! Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,\r\n";
//! let parsed = read(input, &ReadOptions::default())?;
//! assert!(parsed.diagnostics.is_empty());
//! let record = &parsed.document.records[0];
//! assert_eq!(record.title, "Tadayo Memories");
//! // The numbers, not the spec's translation, are right: 12:01, not 14:01.
//! assert_eq!(
//!     record.last_modified.timestamp().unwrap().to_string(),
//!     "1999-10-01T12:01:00Z"
//! );
//! assert_eq!(record.time_difference, 32400);
//! // Writing gives back the same bytes.
//! assert_eq!(write(&parsed.document, &WriteOptions::default())?, input);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Phases
//!
//! 1. **Unwrap**: input starting with the gzip magic bytes (1f 8b) is
//!    decompressed, up to [`ReadOptions::max_decompressed_size`]; other
//!    input is read as plain text.
//! 2. **Lines**: split at LF (a CR before it makes CRLF; any other CR is
//!    `lirs/lone-cr`). Comment (`#`) lines are kept as layout.
//! 3. **Decode**: each record line is EUC-JP, or, if it is not, UTF-8
//!    (§7's MAY, decided per line so the streaming and whole-buffer readers
//!    agree; a UTF-8 line that happens to be valid EUC-JP is read as EUC-JP).
//! 4. **Fields**: split on unescaped commas, fit to the nine fields of §3
//!    (with the heuristic for unescaped commas described on the
//!    `lirs/unescaped-comma` rule), unescape, type.
//! 5. **File**: URL uniqueness (§3.5), then [`Document`].
//!
//! Phases 2 to 4 are one line at a time, shared by [`read()`] and the
//! streaming [`RecordReader`], which reads record by record in bounded
//! memory (its [`RecordReader::next_ref`] lends each record as a
//! [`RecordRef`] whose text borrows the reader's buffers, so that no text
//! is copied). [`write()`] runs the other way, encoding with read-back: a
//! character whose EUC-JP bytes would read back as other text (`¥` is
//! written 0x5C, the escape character) is a [`WriteError`]. [`to_feed`] and
//! [`from_feed`] convert to and from the format-neutral
//! [`antenna_model::Feed`], listing losses; [`Lirs`] is all four as an
//! [`antenna_model::Codec`].
//!
//! # Lenient and strict
//!
//! By default departures that real files make are warnings and the document
//! is returned: 8 or 10+ fields, unescaped commas, a missing final comma or
//! line end, blank fields, stray backslashes, blank lines, UTF-8 text, the
//! 1980 "unknown" sentinel. Breaks with no recovery are errors and the input
//! is [`Rejected`]: a lone CR, a line that is neither record nor comment,
//! fewer than 8 fields, a non-numeric number, undecodable text, a repeated
//! URL, corrupt gzip, input past the size limits. With
//! [`ReadOptions::strict`] every departure is an error. Three rules are
//! warnings in both modes, being no departure from the spec:
//! `lirs/epoch-sentinel` (315532800 is a valid timestamp), and, on the URL
//! and source URL fields, `lirs/url-password` (a password in the userinfo,
//! RFC 3986 §7.5) and `lirs/deceptive-url` (userinfo that reads as a host,
//! §7.6), whose messages name the host the URL goes to. The [`rules`]
//! module lists every rule ([`rules::ALL`]) with the section each finding
//! cites.
//!
//! Gzip and plain text are both accepted without a diagnostic: files are
//! gzip or not "whatever their name says" (real-world notes). Diagnostic
//! spans are offsets in the decompressed text.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::indexing_slicing))]
#![warn(clippy::print_stdout, clippy::print_stderr)]

mod convert;
mod document;
mod grammar;
mod gzip_write;
mod read;
mod record_ref;
pub mod rules;
mod sniff;
mod stream;
pub mod two_pass;
mod write;

use antenna_model::{
    Codec, Converted, Entry, Feed, Format, Loss, PartCodec, PartReader, PartWriteError,
};

pub use antenna_model::{Parsed, Rejected};
pub use convert::{
    EXTENSION, EXTRA, RecordsFromEntries, comment_loss, feed_losses, from_feed, record_from_entry,
    record_ref_from_entry, record_to_entry, to_feed,
};
pub use document::{
    Comment, Document, EPOCH_SENTINEL_SECONDS, Encoding, Head, LineEnd, LirsTime, Record,
    STALE_AFTER_SECONDS,
};
pub use gzip_write::GzipWriter;
pub use read::seen_urls::{DuplicateCheck, SeenUrls, UrlIdentity};
pub use record_ref::RecordRef;
pub use sniff::is_lirs;
pub use stream::{BytesReader, RecordReader};
pub use write::{
    DEFAULT_GZIP_LEVEL, RecordWriter, WriteError, WriteOptions, write_record, write_with_gzip_level,
};

/// Options for reading; `Default` is lenient.
///
/// Built with [`ReadOptions::lenient`] or [`ReadOptions::strict`] and the
/// `with_` methods (fields may be added, so it cannot be built with a
/// struct literal outside this crate):
///
/// ```
/// let options = lirs::ReadOptions::strict().with_max_line_length(4096);
/// assert!(options.strict);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Every departure from the spec is an error.
    pub strict: bool,
    /// The most bytes a gzip input may decompress to (§6: "wary of the
    /// possible decompression bombs"). Default 256 MiB.
    pub max_decompressed_size: u64,
    /// The longest line accepted, in bytes without the line end. Default
    /// 1 MiB.
    pub max_line_length: usize,
    /// Keep the comment and blank lines ([`Document::comments`],
    /// [`Head::comments`]), so that the file can be written back as it
    /// was; when off, only the `#` lines are counted
    /// ([`Head::comment_lines`]), for a caller that would rather not hold
    /// them (a file of millions of blank lines). Default on.
    /// [`RecordReader`] keeps them only when asked with
    /// [`RecordReader::with_comments`].
    pub keep_comments: bool,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions::lenient()
    }
}

impl ReadOptions {
    /// The default: departures real files make are warnings.
    pub const fn lenient() -> Self {
        ReadOptions {
            strict: false,
            max_decompressed_size: 256 * 1024 * 1024,
            max_line_length: 1024 * 1024,
            keep_comments: true,
        }
    }

    /// Every departure from the spec is an error.
    pub const fn strict() -> Self {
        ReadOptions::lenient().with_strict(true)
    }

    /// Strict (`true`) or lenient (`false`).
    pub const fn with_strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// With [`ReadOptions::max_decompressed_size`] set to `bytes`.
    pub const fn with_max_decompressed_size(mut self, bytes: u64) -> Self {
        self.max_decompressed_size = bytes;
        self
    }

    /// With [`ReadOptions::max_line_length`] set to `bytes`.
    pub const fn with_max_line_length(mut self, bytes: usize) -> Self {
        self.max_line_length = bytes;
        self
    }

    /// With [`ReadOptions::keep_comments`] set to `keep`.
    pub const fn with_keep_comments(mut self, keep: bool) -> Self {
        self.keep_comments = keep;
        self
    }
}

/// Reads a whole LIRS file, gzip or plain: every record of a
/// [`BytesReader`] (the [`PartReader`] of [`Lirs`]), and its head.
pub fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
    let mut reader = BytesReader::new(input, options)?;
    let mut diagnostics = Vec::new();
    // Room for every record, so that the records are not moved as the
    // vector grows.
    let mut records = Vec::with_capacity(reader.record_lines());
    while let Some(record) = reader.next_part(&mut diagnostics) {
        records.push(record);
    }
    let head = reader.finish(&mut diagnostics);
    antenna_model::finish(Document::from_parts(head, records), diagnostics)
}

/// The text of a LIRS input, decompressed when it is gzip (sniffed by its
/// magic bytes), within `options.max_decompressed_size`. The byte spans of
/// [`read()`]'s diagnostics point into this text, so a tool showing them
/// needs it.
pub fn decompress<'a>(
    input: &'a [u8],
    options: &ReadOptions,
) -> Result<std::borrow::Cow<'a, [u8]>, Rejected> {
    read::gzip::input_text(input, options)
}

/// Writes a document: its records, comments and line ends, in the chosen
/// encoding, gzip-compressed if asked (at [`DEFAULT_GZIP_LEVEL`], the
/// fastest; see [`write_with_gzip_level`] for smaller files). Each record
/// goes through a [`RecordWriter`] (the [`antenna_model::PartWriter`] of
/// [`Lirs`]).
pub fn write(document: &Document, options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    write::write(document, options)
}

/// LIRS as an [`antenna_model::Codec`]: [`read()`], [`write()`],
/// [`to_feed`] and [`from_feed`] behind one type, for tools written once
/// for every format.
///
/// ```
/// use antenna_model::Codec;
/// use lirs::Lirs;
///
/// let input = b"LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,\
/// Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,\n";
/// let parsed = Lirs::read(input, &Lirs::read_options(true))?;
/// let feed = Lirs::to_feed(&parsed.document).document;
/// assert_eq!(feed.entries[0].title.as_deref(), Some("Tadayo Memories"));
/// let written = Lirs::write(&parsed.document, &Default::default())?;
/// assert_eq!(written, input);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Lirs;

impl Codec for Lirs {
    const FORMAT: Format = Format::Lirs;
    type Document = Document;
    type ReadOptions = ReadOptions;
    type WriteOptions = WriteOptions;
    type WriteError = WriteError;

    fn read_options(strict: bool) -> ReadOptions {
        ReadOptions::lenient().with_strict(strict)
    }

    fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
        read(input, options)
    }

    fn write(document: &Document, options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
        write(document, options)
    }

    fn to_feed(document: &Document) -> Converted<Feed> {
        to_feed(document)
    }

    fn from_feed(feed: &Feed) -> Converted<Document> {
        from_feed(feed)
    }
}

/// LIRS as a head (its comment lines: [`Head`]) and records: the streamed
/// codec. The reader of bytes is [`BytesReader`] ([`RecordReader`] is the
/// same over any `BufRead`), the writer [`RecordWriter`]; a record becomes
/// an entry by [`record_to_entry`], an entry a record by
/// [`RecordsFromEntries`] (§3.5: a repeated URL is left out). [`read()`],
/// [`write()`], [`to_feed`] and [`from_feed`] are the folds over these.
///
/// The comment loss of a streamed file ([`comment_loss`]) is known only
/// at its end: [`PartCodec::head_to_feed`] of the head a reader gives
/// back from [`PartReader::finish`] has it.
impl PartCodec for Lirs {
    type Head = Head;
    type Part = Record;
    type Reader<'i> = BytesReader<'i>;
    type Writer<W: std::io::Write> = RecordWriter<W>;
    type Summary = ();
    type FromFeedState = RecordsFromEntries;

    const SUMMARY_PASS: bool = false;

    fn reader<'i>(input: &'i [u8], options: &ReadOptions) -> Result<BytesReader<'i>, Rejected> {
        BytesReader::new(input, options)
    }

    fn unencodable(error: &WriteError) -> Option<char> {
        match *error {
            WriteError::Unencodable { character, .. } => Some(character),
            _ => None,
        }
    }

    fn writer<W: std::io::Write>(
        out: W,
        head: &Head,
        options: &WriteOptions,
    ) -> Result<RecordWriter<W>, PartWriteError<WriteError>> {
        Ok(RecordWriter::new(out, head, options))
    }

    fn head_to_feed(head: &Head, losses: &mut Vec<Loss>) -> Feed {
        losses.extend(comment_loss(head.comment_lines));
        Feed::new()
    }

    fn part_to_entry(record: &Record, _: usize, losses: &mut Vec<Loss>) -> Option<Entry> {
        record_to_entry(record, losses)
    }

    fn makes_entry(record: &Record, _: usize) -> bool {
        convert::record_makes_entry(record)
    }

    fn summarize(_: &mut (), _: &Entry) {}

    fn head_from_feed(feed: &Feed, _: &(), losses: &mut Vec<Loss>) -> Head {
        losses.extend(feed_losses(feed));
        Head::default()
    }

    fn part_from_entry(
        state: &mut RecordsFromEntries,
        entry: &Entry,
        losses: &mut Vec<Loss>,
    ) -> Option<Record> {
        state.record(entry, losses)
    }

    /// A record whose text is short enough to keep (4 KiB in all), for
    /// the next record's strings.
    fn spare(record: Record) -> Option<Record> {
        let room = record.url.capacity()
            + record.title.capacity()
            + record.author.capacity()
            + record.source_url.capacity()
            + record.extension.capacity()
            + record.extra.iter().map(String::capacity).sum::<usize>();
        (room <= SPARE_ROOM && record.extra.len() <= 8).then_some(record)
    }

    fn part_from_entry_reusing(
        state: &mut RecordsFromEntries,
        entry: &Entry,
        losses: &mut Vec<Loss>,
        spare: Option<Record>,
    ) -> Option<Record> {
        state.record_reusing(entry, losses, spare)
    }
}

/// The most text (bytes of room) a record written may keep for the next
/// ([`PartCodec::spare`]).
const SPARE_ROOM: usize = 4096;

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
