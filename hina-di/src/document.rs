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

/// A HINA-DI file: the version line, the header block and the entity
/// blocks, as written.
#[derive(Debug, Clone, Eq)]
pub struct Document {
    version: String,
    version_line_end: LineEnd,
    header: Block,
    blocks: Vec<Block>,
    charset_fallback: Option<&'static Encoding>,
}

/// Two documents are equal when their text is; how the bytes were decoded
/// ([`Document::charset_fallback`]) does not count.
impl PartialEq for Document {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
            && self.version_line_end == other.version_line_end
            && self.header == other.header
            && self.blocks == other.blocks
    }
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
            version: version.into(),
            version_line_end: LineEnd::CrLf,
            header: Block::new(),
            blocks: Vec::new(),
            charset_fallback: None,
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
            doc.header.push_field(name, value);
        }
        for pairs in blocks {
            let block = doc.new_block();
            for (name, value) in pairs {
                block.push_field(name, value);
            }
        }
        doc
    }

    pub(crate) fn read(
        version: String,
        version_line_end: LineEnd,
        header: Block,
        blocks: Vec<Block>,
        charset_fallback: Option<&'static Encoding>,
    ) -> Self {
        Document {
            version,
            version_line_end,
            header,
            blocks,
            charset_fallback,
        }
    }

    /// The text after `HINA/` on the first line (`"2.2"`, `"2.2beta"`, ...).
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
        self.header.user_agent()
    }

    /// The header's `Date`.
    pub fn date(&self) -> Option<Result<ParsedDate, DateError>> {
        self.header.date()
    }

    /// The header's `Content-Type`.
    pub fn content_type(&self) -> Option<&str> {
        self.header.content_type()
    }

    /// The charset parameter of the header's `Content-Type`, as written.
    pub fn charset(&self) -> Option<&str> {
        charset_of(&self.header)
    }

    /// The encoding the header declares, or EUC-JP, the default (rev. 0.12
    /// §Encoding); an unknown label also means EUC-JP. The writer encodes
    /// in it. (The type is [`antenna_model::encoding_rs`]'s.)
    pub fn encoding(&self) -> &'static Encoding {
        encoding_of(&self.header)
    }

    /// When the file was read in another encoding than the one it declares
    /// (see [`read`](crate::read())), that encoding. The writer writes the
    /// file in it while a field holds bytes as read (they are in it), and
    /// when the declared one cannot hold a character (see the crate docs,
    /// "Character encodings"). Not part of equality.
    pub fn charset_fallback(&self) -> Option<&'static Encoding> {
        self.charset_fallback
    }

    /// `true` when the last block is followed by its blank line (CRLF), as
    /// the spec says every block is.
    pub fn ends_with_blank_line(&self) -> bool {
        self.blocks
            .last()
            .unwrap_or(&self.header)
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
