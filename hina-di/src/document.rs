//! The document: a HINA-DI file as written, field by field.
//!
//! A [`Document`] is a version line, a header [`Block`] and entity blocks;
//! a block is a list of [`Field`]s and the blank lines after it; a field's
//! name tells its [`FieldKind`]. Everything the file held is kept (names as
//! written, separators, line ends, blank lines), so that writing gives the
//! file back.

mod block;
mod field;
mod field_kind;
mod value;

use antenna_model::charset;
use antenna_model::dates::{DateError, ParsedDate};
use encoding_rs::Encoding;

pub(crate) use block::BlankLines;
pub use block::{BadNumber, Block};
pub use field::Field;
pub use field_kind::FieldKind;
pub(crate) use value::Value;

use crate::grammar::values;
use crate::line_end::LineEnd;

/// What comes before the entity blocks of a HINA-DI file: the version
/// line and the header block, and the encoding the file was read in when
/// it is not the declared one. The head of the streamed codec
/// ([`antenna_model::PartCodec`] for [`HinaDi`](crate::HinaDi)): a
/// [`BlockReader`](crate::BlockReader) reads it first, a
/// [`BlockWriter`](crate::BlockWriter) writes it first, and the blocks
/// follow.
#[derive(Debug, Clone, Eq)]
pub struct Head {
    version: String,
    version_line_end: LineEnd,
    header: Block,
    charset_fallback: Option<&'static Encoding>,
}

/// Two heads are equal when their text is; how the bytes were decoded
/// ([`Head::charset_fallback`]) does not count.
impl PartialEq for Head {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
            && self.version_line_end == other.version_line_end
            && self.header == other.header
    }
}

impl Head {
    /// The head of `version` (`"2.2"` or `"2.2beta"`), with an empty
    /// header block; the version line ends in CRLF.
    pub fn new(version: impl Into<String>) -> Self {
        Head {
            version: version.into(),
            version_line_end: LineEnd::CrLf,
            header: Block::new(),
            charset_fallback: None,
        }
    }

    pub(crate) fn read(
        version: String,
        version_line_end: LineEnd,
        header: Block,
        charset_fallback: Option<&'static Encoding>,
    ) -> Self {
        Head {
            version,
            version_line_end,
            header,
            charset_fallback,
        }
    }

    /// The text after `HINA/` on the first line.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Replaces the version.
    pub fn set_version(&mut self, version: impl Into<String>) {
        self.version = version.into();
    }

    /// How the version line ends.
    pub fn version_line_end(&self) -> LineEnd {
        self.version_line_end
    }

    /// Sets how the version line ends.
    pub fn set_version_line_end(&mut self, line_end: LineEnd) {
        self.version_line_end = line_end;
    }

    /// The header block.
    pub fn header(&self) -> &Block {
        &self.header
    }

    /// The header block, to edit.
    pub fn header_mut(&mut self) -> &mut Block {
        &mut self.header
    }

    /// The encoding the header declares, or EUC-JP (see
    /// [`Document::encoding`]).
    pub fn encoding(&self) -> &'static Encoding {
        encoding_of(&self.header)
    }

    /// The encoding the file was read in when it is not the declared one
    /// (see [`Document::charset_fallback`]). A
    /// [`BlockWriter`](crate::BlockWriter) made with this head writes
    /// every block in it, as the blocks read with it hold bytes in it.
    /// Not part of equality.
    pub fn charset_fallback(&self) -> Option<&'static Encoding> {
        self.charset_fallback
    }

    /// Sets [`Head::charset_fallback`]: the encoding a
    /// [`BlockWriter`](crate::BlockWriter) writes in instead of the
    /// declared one (`None`: the declared one).
    pub fn set_charset_fallback(&mut self, encoding: Option<&'static Encoding>) {
        self.charset_fallback = encoding;
    }

    /// The encoding a [`BlockWriter`](crate::BlockWriter) writes the file
    /// in: the fallback, else the declared one.
    pub(crate) fn write_encoding(&self) -> &'static Encoding {
        self.charset_fallback.unwrap_or_else(|| self.encoding())
    }
}

/// A HINA-DI file: the version line, the header block and the entity
/// blocks, as written: its [`Head`] and its blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    head: Head,
    blocks: Vec<Block>,
}

impl Document {
    /// An empty document of `version` (`"2.2"` or `"2.2beta"`), with an empty
    /// header block; lines end in CRLF.
    ///
    /// ```
    /// let mut doc = hina_di::Document::new("2.2");
    /// doc.header_mut().push_field("User-Agent", "example/1.0");
    /// doc.new_block().push_field("URL", "http://www.hoge.jp/foo/");
    /// let bytes = hina_di::write(&doc, &Default::default())?;
    /// assert_eq!(
    ///     bytes,
    ///     b"HINA/2.2\r\nUser-Agent: example/1.0\r\n\r\nURL: http://www.hoge.jp/foo/\r\n\r\n"
    /// );
    /// # Ok::<(), hina_di::WriteError>(())
    /// ```
    pub fn new(version: impl Into<String>) -> Self {
        Document {
            head: Head::new(version),
            blocks: Vec::new(),
        }
    }

    /// A document from a version, header fields and blocks of fields, as
    /// `(name, value)` pairs (the conformance protocol's shape), with the
    /// writer's defaults (`": "`, CRLF).
    pub fn from_pairs<N, V, H, B, P>(version: impl Into<String>, header: H, blocks: B) -> Self
    where
        N: Into<String>,
        V: Into<String>,
        H: IntoIterator<Item = (N, V)>,
        B: IntoIterator<Item = P>,
        P: IntoIterator<Item = (N, V)>,
    {
        let mut doc = Document::new(version);
        for (name, value) in header {
            doc.head.header.push_field(name, value);
        }
        for pairs in blocks {
            let block = doc.new_block();
            for (name, value) in pairs {
                block.push_field(name, value);
            }
        }
        doc
    }

    /// A document of a head and its entity blocks (discarded ones
    /// included), as a [`BlockReader`](crate::BlockReader) gives them.
    pub fn from_parts(head: Head, blocks: Vec<Block>) -> Self {
        Document { head, blocks }
    }

    /// The head and the entity blocks (discarded ones included), to write
    /// or convert block by block.
    pub fn into_parts(self) -> (Head, Vec<Block>) {
        (self.head, self.blocks)
    }

    /// The version line, the header block and the charset fallback.
    pub fn head(&self) -> &Head {
        &self.head
    }

    /// The text after `HINA/` on the first line (`"2.2"`, `"2.2beta"`, ...).
    pub fn version(&self) -> &str {
        self.head.version()
    }

    /// Replaces the version.
    pub fn set_version(&mut self, version: impl Into<String>) {
        self.head.set_version(version);
    }

    /// How the version line ends.
    pub fn version_line_end(&self) -> LineEnd {
        self.head.version_line_end()
    }

    /// Sets how the version line ends.
    pub fn set_version_line_end(&mut self, line_end: LineEnd) {
        self.head.set_version_line_end(line_end);
    }

    /// The header block.
    pub fn header(&self) -> &Block {
        self.head.header()
    }

    /// The header block, to edit.
    pub fn header_mut(&mut self) -> &mut Block {
        self.head.header_mut()
    }

    /// Every entity block in file order, discarded ones included.
    pub fn all_blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The entity blocks, to edit.
    pub fn blocks_mut(&mut self) -> &mut Vec<Block> {
        &mut self.blocks
    }

    /// The entity blocks that count: those the spec does not say to discard.
    pub fn entity_blocks(&self) -> impl Iterator<Item = &Block> + '_ {
        self.blocks.iter().filter(|b| !b.is_discarded())
    }

    /// Appends an empty entity block (ended by one CRLF) and returns it.
    pub fn new_block(&mut self) -> &mut Block {
        self.blocks.push(Block::new());
        self.blocks
            .last_mut()
            .unwrap_or_else(|| unreachable!("a block was just pushed"))
    }

    /// The header's `User-Agent`.
    pub fn user_agent(&self) -> Option<&str> {
        self.head.header.user_agent()
    }

    /// The header's `Date`.
    pub fn date(&self) -> Option<Result<ParsedDate, DateError>> {
        self.head.header.date()
    }

    /// The header's `Content-Type`.
    pub fn content_type(&self) -> Option<&str> {
        self.head.header.content_type()
    }

    /// The charset parameter of the header's `Content-Type`, as written.
    pub fn charset(&self) -> Option<&str> {
        charset_of(&self.head.header)
    }

    /// The encoding the header declares, or EUC-JP, the default (rev. 0.12
    /// §Encoding); an unknown label also means EUC-JP. The writer encodes
    /// in it. (The type is [`antenna_model::encoding_rs`]'s.)
    pub fn encoding(&self) -> &'static Encoding {
        encoding_of(&self.head.header)
    }

    /// When the file was read in another encoding than the one it declares
    /// (see [`read`](crate::read())), that encoding. The writer writes the
    /// file in it while a field holds bytes as read (they are in it), and
    /// when the declared one cannot hold a character (see the crate docs,
    /// "Character encodings"). Not part of equality.
    pub fn charset_fallback(&self) -> Option<&'static Encoding> {
        self.head.charset_fallback
    }

    /// `true` when the last block is followed by its blank line (CRLF), as
    /// the spec says every block is.
    pub fn ends_with_blank_line(&self) -> bool {
        self.blocks
            .last()
            .unwrap_or(&self.head.header)
            .blank_lines()
            .last()
            .is_some()
    }
}

/// The encoding a header block declares (see [`Document::encoding`]).
pub(crate) fn encoding_of(header: &Block) -> &'static Encoding {
    charset::resolve(charset_of(header).map(str::as_bytes)).unwrap_or(encoding_rs::EUC_JP)
}

/// The charset parameter of a header block's `Content-Type`, as written
/// (see [`Document::charset`]): one home for [`Document::charset`] and
/// [`encoding_of`], which a block-by-block writer asks without a
/// [`Document`].
fn charset_of(header: &Block) -> Option<&str> {
    header
        .content_type()
        .and_then(|ct| values::charset_parameter(ct.as_bytes()))
        .and_then(|label| std::str::from_utf8(label).ok())
}
