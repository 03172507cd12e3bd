//! HINA-DI 2.2, the metadata format of Asahina Antenna: read, check, write,
//! and convert to the shared model.
//!
//! ```
//! use hina_di::{read, write, ReadOptions, WriteOptions};
//!
//! let file = b"HINA/2.2\r\n\
//! User-Agent: example/1.0\r\n\
//! \r\n\
//! URL: http://www.hoge.jp/foo/\r\n\
//! Last-Modified: Sat, 07 Sep 2002 00:00:01 GMT\r\n\
//! Method: REMOTE/GET/200\r\n\
//! \r\n";
//! let parsed = read(file, &ReadOptions::default())?;
//! assert!(parsed.diagnostics.is_empty());
//! let doc = &parsed.document;
//! assert_eq!(doc.version(), "2.2");
//! assert_eq!(doc.user_agent(), Some("example/1.0"));
//! let block = doc.entity_blocks().next().unwrap();
//! assert_eq!(block.url(), Some("http://www.hoge.jp/foo/"));
//! assert_eq!(block.method().unwrap()?.hops(), 1);
//!
//! // A well-formed file is written back byte for byte.
//! assert_eq!(write(doc, &WriteOptions::default())?, file);
//!
//! // And converted to the format-neutral model.
//! let feed = hina_di::to_feed(doc).document;
//! assert_eq!(feed.entries[0].url.as_str(), "http://www.hoge.jp/foo/");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Phases
//!
//! 1. **Lines** ([`read()`]): the bytes are cut into lines (CRLF, bare LF, or
//!    none at the end), the first must be `HINA/<version>`.
//! 2. **Blocks**: blank lines end blocks; each other line is split, on
//!    bytes, into field name, separator and value (names and structure are
//!    ASCII in every charset the format uses). One winnow function per
//!    grammar rule (module `grammar`); a line that breaks the grammar fails
//!    with a cut error whose label names the rule it broke. The usual
//!    field line (a field name, then `:`) is split by a byte-level fast
//!    path that a proptest holds to the grammar.
//! 3. **Decode**: values are decoded in the header's declared charset
//!    (EUC-JP by default), with a fallback for files that lie about it
//!    (module `read::encoding`, over [`antenna_model::charset`]), each once,
//!    into one text that the fields of the document share.
//! 4. **Check**: every field and block is checked against both revisions
//!    of the spec; each departure is a [`Diagnostic`] with a stable rule id
//!    (see [`rules`]), its spec section, byte span, line and column.
//! 5. **Write** ([`write()`]) gives the bytes back: a [`Document`] keeps names
//!    as written, separators, line ends and blank lines.
//! 6. **Convert** ([`to_feed`], [`from_feed`]) to and from
//!    [`antenna_model::Feed`], listing what could not be carried.
//!
//! [`HinaDi`] offers the four as an [`antenna_model::Codec`], for tools
//! written once for every format.
//!
//! # Block by block
//!
//! A HINA-DI file is a head ([`Head`]: the version line, the header block,
//! and the charset fallback the blocks were read in) followed by parts,
//! its entity [`Block`]s: [`HinaDi`] is an [`antenna_model::PartCodec`].
//! A tool that looks at each block once need not hold the document:
//! [`BlockReader`] reads the bytes block by block
//! ([`antenna_model::PartReader`], its diagnostics given to a sink as each
//! block is read); [`BlockWriter`] writes block by block to any
//! [`std::io::Write`] ([`antenna_model::PartWriter`]); [`head_to_feed`]
//! and [`block_to_feed`] convert to the model, [`head_from_feed`] and
//! [`block_from_entry`] from it, piece by piece. The whole-file functions
//! are their folds: [`read()`] gathers what `BlockReader` gives,
//! [`write()`] pushes a document's blocks through `BlockWriter`,
//! [`to_feed`] and [`from_feed`] convert head and blocks one after the
//! other; so the whole-file and the streamed results are one (the same
//! blocks, the same diagnostics and losses in the same order, the same
//! bytes) by construction.
//!
//! Modules: `grammar` (lines and values, on bytes) sits at the bottom; the
//! `document` model uses it; `read` and `write` use both; `convert` maps
//! the document to the model.
//!
//! # The two revisions
//!
//! Rev. 0.6 (Japanese original, `HINA/2.2`) and rev. 0.12 (English
//! translation, `HINA/2.2beta`) are both in use. Where they differ, both
//! are accepted: field names match without regard to case (rev. 0.6 §4.1),
//! RFC 850 and asctime dates are accepted with a warning (rev. 0.6 allows
//! any RFC 2616 date, rev. 0.12 requires RFC 1123), Keyword values split on
//! `,` (rev. 0.6) and on `:` with white space (rev. 0.12).
//!
//! # Lenient and strict
//!
//! [`ReadOptions::default`] is lenient: what real files commonly do
//! (real-world-notes.md: separators, field-name case, bare LF, blank lines,
//! a missing final line end, charset mislabels, `HINA/2.1`, odd dates,
//! Method tokens, ...) is a warning and the document is returned. With
//! `strict: true` every departure is an error. Breaks of the grammar or of
//! a REQUIRED field that the spec gives no recovery for are errors in both
//! modes, and a few findings that are no departure (allowed by one
//! revision, or well-formed but worth knowing) are warnings in both:
//!
//! | rule | lenient | strict | why |
//! | --- | --- | --- | --- |
//! | `missing-version-line` | error | error | without `HINA/` it is not a HINA-DI file |
//! | `unknown-version` (not `2.<digits>...`) | error | error | not HINA-DI 2 |
//! | `unknown-version` (`2.1`, ...) | warning | error | real agents wrote `HINA/2.1` |
//! | `empty-header-block` | error | error | `Hinadi-Header = 1*( ... )`, and User-Agent is REQUIRED |
//! | `missing-user-agent` | error | error | User-Agent is REQUIRED in the header block; no recovery |
//! | `no-entity-block` | error | error | `1*( entity-block )`: one or more MUST follow the header |
//! | `missing-url` (no URL, no Virtual) | error | error | the URL is the block's identity; no recovery |
//! | `missing-separator` (a line with no `:`) | error | error | not `field-name SEPARATOR field-value` |
//! | `bad-field-name` (empty, or a space, `_`, ... in it) | error | error | `field-name = WORD *("-" WORD)`, `WORD = 1*(ALPHA\|DIGIT)` |
//! | `folded-line` (starts with SP or HT) | error | error | one line per field; no RFC 822 folding |
//! | `control-character` (CTL but HT, DEL; NUL, lone CR) | error | error | `TEXT` excludes CTLs |
//! | `not-rfc1123-date` (RFC 850, asctime) | warning | warning | rev. 0.6 allows them |
//! | `duplicate-field` | warning | error | rev. 0.12 §Block: names "MUST be unique"; a lenient reader discards the block, as the spec says |
//! | `url-password` (a password in a URL field's userinfo) | warning | warning | RFC 3986 §7.5: a well-formed URL that leaks; the message names the host it goes to |
//! | `deceptive-url` (userinfo that reads as a host) | warning | warning | RFC 3986 §7.6: a well-formed URL that deceives; the message names the host it really goes to |
//! | everything else | warning | error | |
//!
//! The errors follow the project's conformance suite
//! (`conformance/hina-di/invalid/`): a line inside a block is a field or
//! the file is rejected, whatever pattern-matching readers of the time
//! did with it. Lines of only spaces and tabs are read as blank lines, with
//! a `whitespace-line` warning (as the `/^\s*$/` tests of real readers did).
//!
//! # Character encodings
//!
//! Values are decoded in the charset of the header's Content-Type, else
//! EUC-JP (rev. 0.12 §Encoding). If some value does not decode in it but
//! every value decodes as UTF-8 (or, when UTF-8 is declared, as EUC-JP),
//! the file is read in that encoding with a `charset-mismatch` warning:
//! real files declare the wrong charset. Otherwise bytes that do not
//! decode are read as U+FFFD with an `undecodable` warning (error in
//! strict mode); the field keeps the bytes and writes them back unchanged
//! while its value is not replaced, so read, write, read gives the same
//! document.
//!
//! The writer encodes in the declared charset (EUC-JP by default) and
//! refuses a character it cannot encode ([`WriteError::Unencodable`]).
//! It writes one encoding per file. A document read through a charset
//! fallback ([`Document::charset_fallback`]) is written so that it reads
//! back as the same document:
//!
//! - while a field still holds its bytes as read
//!   ([`Field::source_bytes`]: a value that does not encode back to them,
//!   such as NEC's `≒` at `\xad\xf0` in EUC-JP), those bytes are in the
//!   fallback, so the whole file is written in the fallback, as it came
//!   (a file well-formed but for its charset gives back its bytes); a
//!   value the fallback cannot encode is refused, with its field named;
//! - otherwise the file is written in the declared charset when every
//!   value encodes in it (the mismatch is repaired), else in the fallback.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::indexing_slicing))]
#![warn(clippy::print_stdout, clippy::print_stderr)]

mod convert;
mod document;
mod grammar;
mod line_end;
mod no_case;
mod read;
pub mod rules;
mod write;

pub use antenna_model::{Converted, Diagnostic, Feed, Parsed, Rejected, Severity};
pub use document::{BadNumber, Block, Document, Field, FieldKind, Head};
pub use line_end::LineEnd;
pub use read::{BlockReader, ReadOptions};
pub use write::{BlockWriter, WriteError, WriteOptions};

/// HINA-DI as an [`antenna_model::Codec`]: [`read()`], [`write()`],
/// [`to_feed`] and [`from_feed`] behind one trait, for tools written once
/// for every format.
///
/// ```
/// use antenna_model::{Codec, Format};
/// use hina_di::HinaDi;
///
/// let file = b"HINA/2.2\r\nUser-Agent: example/1.0\r\n\r\nURL: http://www.hoge.jp/foo/\r\n\r\n";
/// let parsed = HinaDi::read(file, &HinaDi::read_options(true))?;
/// assert_eq!(HinaDi::FORMAT, Format::HinaDi);
/// assert_eq!(HinaDi::write(&parsed.document, &Default::default())?, file);
///
/// let feed = HinaDi::to_feed(&parsed.document).document;
/// assert_eq!(feed.entries[0].url.as_str(), "http://www.hoge.jp/foo/");
/// let back = HinaDi::from_feed(&feed).document;
/// assert_eq!(back.user_agent(), Some("example/1.0"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct HinaDi;

impl antenna_model::Codec for HinaDi {
    const FORMAT: antenna_model::Format = antenna_model::Format::HinaDi;
    type Document = Document;
    type ReadOptions = ReadOptions;
    type WriteOptions = WriteOptions;
    type WriteError = WriteError;

    fn read_options(strict: bool) -> ReadOptions {
        if strict {
            ReadOptions::strict()
        } else {
            ReadOptions::lenient()
        }
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

/// HINA-DI as the streamed codec ([`antenna_model::PartCodec`]): the head
/// is the version line and the header block ([`Head`], with the charset
/// fallback the blocks were read in), a part is an entity [`Block`]
/// (discarded ones included). [`read()`], [`write()`], [`to_feed`] and
/// [`from_feed`] are its folds, so the whole-file and the block-by-block
/// results are one.
///
/// ```
/// use antenna_model::{PartCodec, PartReader, PartWriter, parts::Discard};
/// use hina_di::HinaDi;
///
/// let file = b"HINA/2.2\r\nUser-Agent: example/1.0\r\n\r\nURL: http://www.hoge.jp/foo/\r\n\r\n";
/// let mut reader = HinaDi::reader(file, &Default::default())?;
/// let mut losses = Vec::new();
/// let feed = HinaDi::head_to_feed(reader.head(), &mut losses);
/// let head = HinaDi::head_from_feed(&feed, &(), &mut losses);
/// let mut writer = HinaDi::writer(Vec::new(), &head, &Default::default())?;
/// while let Some(block) = reader.next_part(&mut Discard) {
///     let entry = HinaDi::part_to_entry(&block, 0, &mut losses).unwrap();
///     let block = HinaDi::part_from_entry(&mut (), &entry, &mut losses).unwrap();
///     writer.push(&block)?;
/// }
/// reader.finish(&mut Discard);
/// // The feed carries the encoding, which the header now declares.
/// assert_eq!(
///     writer.finish()?,
///     b"HINA/2.2\r\nUser-Agent: example/1.0\r\nContent-Type: text/plain; charset=EUC-JP\r\n\r\n\
///       URL: http://www.hoge.jp/foo/\r\n\r\n"
/// );
/// assert!(losses.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl antenna_model::PartCodec for HinaDi {
    type Head = Head;
    type Part = Block;
    type Reader<'i> = BlockReader<'i>;
    type Writer<W: std::io::Write> = BlockWriter<W>;
    type Summary = ();
    type FromFeedState = ();

    const SUMMARY_PASS: bool = false;

    fn reader<'i>(input: &'i [u8], options: &ReadOptions) -> Result<BlockReader<'i>, Rejected> {
        BlockReader::new(input, options)
    }

    fn is_counted(block: &Block) -> bool {
        !block.is_discarded()
    }

    fn writer<W: std::io::Write>(
        out: W,
        head: &Head,
        _options: &WriteOptions,
    ) -> Result<BlockWriter<W>, antenna_model::PartWriteError<WriteError>> {
        BlockWriter::with_output(out, head)
    }

    fn head_to_feed(head: &Head, losses: &mut Vec<antenna_model::Loss>) -> Feed {
        convert::head_feed(
            head.version(),
            head.header(),
            head.charset_fallback(),
            losses,
        )
    }

    fn part_to_entry(
        block: &Block,
        _index: usize,
        losses: &mut Vec<antenna_model::Loss>,
    ) -> Option<antenna_model::Entry> {
        convert::block_entry(block, losses)
    }

    fn makes_entry(block: &Block, _index: usize) -> bool {
        convert::block_makes_entry(block)
    }

    fn summarize(_: &mut (), _: &antenna_model::Entry) {}

    fn head_from_feed(feed: &Feed, _: &(), losses: &mut Vec<antenna_model::Loss>) -> Head {
        convert::head_from_feed(feed, losses)
    }

    fn part_from_entry(
        _: &mut (),
        entry: &antenna_model::Entry,
        losses: &mut Vec<antenna_model::Loss>,
    ) -> Option<Block> {
        convert::page_block(entry, losses, None)
    }

    /// The block's field vector, emptied, when it has room for at most
    /// 64 fields: the next block's fields are made in it.
    fn spare(block: Block) -> Option<Block> {
        convert::spare_block(block)
    }

    fn part_from_entry_reusing(
        _: &mut (),
        entry: &antenna_model::Entry,
        losses: &mut Vec<antenna_model::Loss>,
        spare: Option<Block>,
    ) -> Option<Block> {
        convert::page_block(entry, losses, spare)
    }
}

/// Reads a HINA-DI file.
///
/// `Ok` holds the document and the warnings; `Err` every diagnostic found,
/// when one of them is an error (see the crate docs for which are).
pub fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
    read::read(input, options)
}

/// Writes a document, encoded in its header's charset (EUC-JP by default).
///
/// What the document holds is written as it is: names as written,
/// separators, line ends, blank lines, duplicate fields and discarded
/// blocks, so that a file read without diagnostics is written back byte
/// for byte. Two repairs are made, so that the output reads back as the
/// same blocks: a [`LineEnd::Missing`] anywhere but on the last line is
/// written as CRLF, and a block with no blank line after it gets one when
/// another block follows.
pub fn write(document: &Document, options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    write::write(document, options)
}

/// Converts a document to the format-neutral model.
///
/// The header's User-Agent becomes [`Feed::agent`], its Date
/// [`Feed::generated`], the charset (or the encoding the file was read in)
/// [`Feed::encoding`]. Each kept entity block becomes an
/// [`Entry`](antenna_model::Entry); `X-` and undefined fields go to
/// `extensions` by name. A [`Loss`](antenna_model::Loss) is pushed for a
/// version other than 2.2, header fields the model cannot hold, a header
/// Content-Type other than `text/plain`, discarded blocks, blocks without a
/// URL that parses, values that do not parse (dates, URLs, Method, image
/// sizes), and an `Expire` that disagrees with `Expires`.
pub fn to_feed(document: &Document) -> Converted<Feed> {
    convert::to_feed(document)
}

/// [`to_feed`] of a file's version line and header block alone: the feed
/// without entries, and the losses [`to_feed`] lists before any block's.
/// With [`block_to_feed`] of each entity block, for a file read block by
/// block ([`BlockReader`]: give it [`BlockReader::charset_fallback`]), it
/// gives what [`to_feed`] gives for the whole document: the entries in
/// order, the losses in order.
pub fn head_to_feed(
    version: &str,
    header: &Block,
    charset_fallback: Option<&'static encoding_rs::Encoding>,
) -> Converted<Feed> {
    convert::head_to_feed(version, header, charset_fallback)
}

/// The entry [`to_feed`] makes of one entity block (`None` for a discarded
/// block, or one without a URL that parses), and the block's losses. See
/// [`head_to_feed`].
pub fn block_to_feed(block: &Block) -> Converted<Option<antenna_model::Entry>> {
    convert::block_to_feed(block)
}

/// Converts a feed from the model to a HINA-DI 2.2 document.
///
/// Dates are written in RFC 1123 form, `Expires` only (not `Expire`), the
/// header Content-Type as `text/plain; charset=<encoding>`. A
/// [`Loss`](antenna_model::Loss) is pushed for what HINA-DI has no field
/// for (feed title, link and description, the agent's URL, entries'
/// `site_offset`, `content_length` and `source_url`), extensions whose name
/// is not a field name, and values that had to be cleaned of line breaks.
///
/// An entry's fields as written ([`Entry::written`](antenna_model::Entry::written))
/// are written verbatim when they still read back as its values; otherwise
/// the values are, with the `URL` as written when it still reads back as
/// the entry's URL (a LIRS record's `http://WWW.HOGE.JP/foo`).
pub fn from_feed(feed: &Feed) -> Converted<Document> {
    convert::from_feed(feed)
}

/// [`from_feed`] of a feed's head alone: the version line and the header
/// block [`from_feed`] makes (the entries are not looked at), and the
/// losses it lists before any entry's. With [`block_from_entry`] of each
/// entry, it gives what [`from_feed`] gives for the whole feed: the blocks
/// in order, the losses in order.
pub fn head_from_feed(feed: &Feed) -> Converted<Head> {
    let mut losses = Vec::new();
    let head = convert::head_from_feed(feed, &mut losses);
    Converted {
        document: head,
        losses,
    }
}

/// The entity block [`from_feed`] makes of one entry, and the entry's
/// losses (every entry makes a block). See [`head_from_feed`].
pub fn block_from_entry(entry: &antenna_model::Entry) -> Converted<Block> {
    let mut losses = Vec::new();
    let block = convert::block_from_entry(entry, &mut losses);
    Converted {
        document: block,
        losses,
    }
}

/// The fields of the block [`block_from_entry`] makes of `entry`, each
/// given to `field` as `(name, value)` in order, lent instead of made
/// into a [`Block`], and the entry's losses (the same as
/// [`block_from_entry`]'s) pushed onto `losses`: for a tool that reads
/// the block pair by pair (the RSS `antenna` module carries it as
/// elements).
///
/// ```
/// use antenna_model::{Entry, url::Url};
///
/// let mut entry = Entry::new(Url::parse("http://www.hoge.jp/foo/")?);
/// entry.title = Some("Foo".to_owned());
/// let mut fields = Vec::new();
/// let mut losses = Vec::new();
/// hina_di::block_fields_from_entry(&entry, &mut losses, |name, value| {
///     fields.push(format!("{name}: {value}"));
/// });
/// assert_eq!(fields, ["URL: http://www.hoge.jp/foo/", "Title: Foo"]);
/// let block = hina_di::block_from_entry(&entry);
/// let pairs: Vec<String> = block.document.pairs().map(|(n, v)| format!("{n}: {v}")).collect();
/// assert_eq!(pairs, fields);
/// assert_eq!(block.losses, losses);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn block_fields_from_entry(
    entry: &antenna_model::Entry,
    losses: &mut Vec<antenna_model::Loss>,
    field: impl FnMut(&str, &str),
) {
    convert::entry_fields(entry, losses, field);
}

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
