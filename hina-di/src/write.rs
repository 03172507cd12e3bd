//! Writing: a document to bytes, in the charset its header declares.

use std::fmt;
use std::io;

use antenna_model::charset;
use antenna_model::encoding_rs::Encoding;
use antenna_model::{PartWriteError, PartWriter};

use crate::document::{Block, Document, Field, FieldKind, Head};
use crate::grammar::lines::{VersionKind, is_field_name, version_kind};
use crate::line_end::LineEnd;

/// Options for writing. There are none yet; `Default` writes the document
/// as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {}

/// Why a document could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// The version is not a HINA-DI 2 version (`2.2`, `2.2beta`, or
    /// `"2" "." 1*DIGIT *(ALPHA | DIGIT | "." | "-")`): readers reject the
    /// file.
    BadVersion {
        /// The version.
        version: String,
    },
    /// A field name is not `WORD *("-" WORD)` (WORD = ASCII letters and
    /// digits): the reader would reject the line.
    BadFieldName {
        /// The name.
        name: String,
    },
    /// A separator holds something other than spaces and tabs.
    BadSeparator {
        /// The field's name.
        field: String,
        /// The separator.
        separator: String,
    },
    /// A value holds a line break or another control character (other than
    /// HT), which the reader rejects, or starts with white space (which the
    /// reader would take as part of the separator).
    BadValue {
        /// The field's name.
        field: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A value holds a character the file's charset cannot encode.
    Unencodable {
        /// The field's name.
        field: String,
        /// The character.
        character: char,
        /// The charset.
        encoding: &'static str,
    },
    /// An entity block has no fields; it cannot be written as a block.
    EmptyBlock {
        /// 0-based index among the entity blocks.
        index: usize,
    },
    /// The header block has no User-Agent, which is REQUIRED (rev. 0.12
    /// §User-Agent; rev. 0.6 §5.2): readers reject the file.
    MissingUserAgent,
    /// The document has no entity block; the grammar wants one or more
    /// (`1*( entity-block )`): readers reject the file.
    NoEntityBlock,
    /// An entity block has neither URL nor Virtual; URL is REQUIRED
    /// (rev. 0.12 §URL): readers reject the file.
    MissingUrl {
        /// 0-based index among the entity blocks.
        index: usize,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::BadVersion { version } => write!(
                f,
                "the version `{version}` cannot be written after `HINA/`: readers take only HINA-DI 2 versions (2.2, 2.2beta, 2.<digits>...)"
            ),
            WriteError::BadFieldName { name } => write!(
                f,
                "the field name `{name}` cannot be written (a field name is ASCII letters and digits, joined by `-`)"
            ),
            WriteError::BadSeparator { field, separator } => write!(
                f,
                "the separator {separator:?} of `{field}` holds something other than spaces and tabs"
            ),
            WriteError::BadValue { field, reason } => {
                write!(f, "the value of `{field}` cannot be written: {reason}")
            }
            WriteError::Unencodable {
                field,
                character,
                encoding,
            } => {
                write!(
                    f,
                    "the value of `{field}` holds {character:?} (U+{:04X}), which {encoding} cannot encode so that it reads back; write UTF-8 instead (`antenna --encoding utf-8`)",
                    u32::from(*character)
                )?;
                // Name the substitution only where it exists: a character
                // of the JIS mapping whose Microsoft twin has its code.
                match charset::jis_compatible_twin(*character) {
                    Some(twin) => write!(
                        f,
                        ", or write it as {twin} (U+{:04X}), the same JIS X 0208 code (`antenna --substitute jis-compatible`, charset::Substitution::JisCompatible)",
                        u32::from(twin)
                    ),
                    None => Ok(()),
                }
            }
            WriteError::EmptyBlock { index } => {
                write!(f, "entity block {} has no fields", index + 1)
            }
            WriteError::MissingUserAgent => {
                f.write_str("the header block has no User-Agent, which HINA-DI requires")
            }
            WriteError::NoEntityBlock => {
                f.write_str("there is no entity block to write; a HINA-DI file needs at least one")
            }
            WriteError::MissingUrl { index } => write!(
                f,
                "entity block {} has neither URL nor Virtual; HINA-DI requires a URL",
                index + 1
            ),
        }
    }
}

impl std::error::Error for WriteError {}

/// Writes `document`. See [`crate::write()`]: the fold of [`BlockWriter`]
/// over the document's blocks.
/// One encoding per file: a document read through a charset fallback is
/// written in the declared charset when every value encodes in it, else
/// in the fallback; and in the fallback whenever a field still holds bytes
/// as read, which are in the fallback (written beside values in the
/// declared charset they would make a file of two encodings). A
/// [`BlockWriter`] writes in the fallback of its head when it has one, so
/// the declared charset is tried with a head without it.
pub(crate) fn write(document: &Document, _options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    let head = document.head();
    if head.charset_fallback().is_none() {
        return write_with(document, head);
    }
    let holds_bytes_as_read = std::iter::once(document.header())
        .chain(document.all_blocks())
        .flat_map(Block::fields)
        .any(|field| field.source_bytes().is_some());
    if holds_bytes_as_read {
        return write_with(document, head);
    }
    let mut declared = head.clone();
    declared.set_charset_fallback(None);
    match write_with(document, &declared) {
        Err(WriteError::Unencodable { .. }) => write_with(document, head),
        result => result,
    }
}

/// `document`'s blocks after `head`, through a [`BlockWriter`] into one
/// buffer.
fn write_with(document: &Document, head: &Head) -> Result<Vec<u8>, WriteError> {
    let blocks = document.all_blocks();
    let size: usize = std::iter::once(document.header())
        .chain(blocks)
        .map(written_size)
        .sum();
    let mut writer = BlockWriter::start(
        Vec::with_capacity(size + document.version().len() + 16),
        head,
    )?;
    for block in blocks {
        writer.push(block)?;
    }
    writer.finish()
}

/// Room for `block`'s lines as their UTF-8 text, each with a CRLF, and
/// its blank lines: the charsets written are no longer than UTF-8 for the
/// text real files hold.
fn written_size(block: &Block) -> usize {
    block
        .fields()
        .iter()
        .map(|f| f.name().len() + 1 + f.separator().len() + f.value().len() + 2)
        .sum::<usize>()
        + 2 * block.blank_lines().len()
}

/// Writes a document block by block to an [`io::Write`] (`W`; by default
/// a `Vec<u8>` that holds the file): the version line and the header block
/// first ([`BlockWriter::with_output`], [`BlockWriter::new`]), then each
/// entity block as it comes, so that a document too long to hold whole is
/// written while only one block of it is. It is the streamed codec's
/// writer ([`antenna_model::PartWriter`]): each block's bytes go to the
/// output as it is pushed (nothing of a block that is refused), and
/// [`PartWriter::finish`] refuses what every reader rejects (no
/// User-Agent, no entity block, a kept block without URL or Virtual), as
/// [`write()`](crate::write()), which is this writer over a document's
/// blocks, does after writing every block. So write to a place that can be
/// thrown away (a temporary file), not where a reader would take the bytes
/// for the file. Values are encoded in the head's charset fallback when it
/// has one, else in the charset the header declares (EUC-JP by default).
///
/// Over a `Vec<u8>`, [`BlockWriter::new`], [`BlockWriter::push`],
/// [`BlockWriter::write_out`] and [`BlockWriter::finish`] write without
/// [`io::Error`]s:
///
/// ```
/// use hina_di::{Block, BlockWriter, LineEnd};
///
/// let mut header = Block::new();
/// header.push_field("User-Agent", "example/1.0");
/// let mut writer = BlockWriter::new("2.2", LineEnd::CrLf, &header)?;
/// let mut block = Block::new();
/// block.push_field("URL", "http://www.hoge.jp/foo/");
/// writer.push(&block)?;
/// assert_eq!(
///     writer.finish()?,
///     b"HINA/2.2\r\nUser-Agent: example/1.0\r\n\r\nURL: http://www.hoge.jp/foo/\r\n\r\n"
/// );
/// # Ok::<(), hina_di::WriteError>(())
/// ```
///
/// Over any output, through [`antenna_model::PartWriter`]:
///
/// ```
/// use antenna_model::PartWriter;
/// use hina_di::{Block, BlockWriter, Head};
///
/// let mut head = Head::new("2.2");
/// head.header_mut().push_field("User-Agent", "example/1.0");
/// let mut out = Vec::new();
/// let mut writer = BlockWriter::with_output(&mut out, &head)?;
/// let mut block = Block::new();
/// block.push_field("URL", "http://www.hoge.jp/foo/");
/// PartWriter::push(&mut writer, &block)?;
/// PartWriter::finish(writer)?;
/// assert_eq!(
///     out,
///     b"HINA/2.2\r\nUser-Agent: example/1.0\r\n\r\nURL: http://www.hoge.jp/foo/\r\n\r\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct BlockWriter<W = Vec<u8>> {
    out: W,
    /// A block's bytes before they go to `out` (an output other than the
    /// `Vec` of [`BlockWriter::new`]).
    buffer: Vec<u8>,
    state: State,
}

impl<W> fmt::Debug for BlockWriter<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BlockWriter")
            .field("encoding", &self.state.encoding.name())
            .field("blocks", &self.state.blocks)
            .finish_non_exhaustive()
    }
}

/// What a [`BlockWriter`] knows of the file so far.
struct State {
    /// The end of the last line written, written when the next line
    /// starts: `Missing` is honoured on the last line only, and anywhere
    /// else would join two lines.
    pending: Option<LineEnd>,
    encoding: &'static Encoding,
    /// How many entity blocks have been written.
    blocks: usize,
    /// `true` when the last block written has no blank line after it: one
    /// is written before the next block, which would run into it.
    unended: bool,
    /// `true` when the header has a User-Agent.
    has_user_agent: bool,
    /// The first kept entity block without URL or Virtual.
    missing_url: Option<usize>,
}

impl State {
    /// Writes the version line and the header block of `head` into
    /// `bytes`.
    fn start(head: &Head, bytes: &mut Vec<u8>) -> Result<Self, WriteError> {
        let version = head.version();
        // Only a HINA-DI 2 version reads back: any other is rejected by
        // every reader (`unknown-version`), so it is refused here, not
        // written.
        if version_kind(version.as_bytes()) == VersionKind::Unknown {
            return Err(WriteError::BadVersion {
                version: version.to_owned(),
            });
        }
        let mut state = State {
            pending: None,
            encoding: head.write_encoding(),
            blocks: 0,
            unended: false,
            has_user_agent: head.header().user_agent().is_some(),
            missing_url: None,
        };
        let line = state.start_line(bytes);
        line.extend_from_slice(b"HINA/");
        line.extend_from_slice(version.as_bytes());
        state.pending = Some(head.version_line_end());
        state.block_lines(head.header(), bytes)?;
        Ok(state)
    }

    /// Ends the previous line and returns the buffer to write a line into.
    fn start_line<'b>(&mut self, bytes: &'b mut Vec<u8>) -> &'b mut Vec<u8> {
        if let Some(end) = self.pending.take() {
            let end = if end == LineEnd::Missing {
                LineEnd::CrLf
            } else {
                end
            };
            bytes.extend_from_slice(end.as_bytes());
        }
        bytes
    }

    /// Writes the next entity block at the end of `bytes`; nothing (and
    /// no change of state) when it is refused.
    fn push(&mut self, block: &Block, bytes: &mut Vec<u8>) -> Result<(), WriteError> {
        let index = self.blocks;
        if block.fields().is_empty() {
            return Err(WriteError::EmptyBlock { index });
        }
        let (written, pending, unended) = (bytes.len(), self.pending, self.unended);
        // The block's room at once: grown line by line, a block of many
        // fields left up to twice its size unused (`reserve`, so that a
        // writer that keeps many blocks still grows by doubling).
        bytes.reserve(written_size(block) + 2);
        if self.unended {
            // Without its blank line the block before would run into this
            // one.
            self.start_line(bytes);
            self.pending = Some(LineEnd::CrLf);
        }
        if let Err(error) = self.block_lines(block, bytes) {
            bytes.truncate(written);
            (self.pending, self.unended) = (pending, unended);
            return Err(error);
        }
        // A discarded block (duplicate field names) is read without its
        // URL being asked for, so it is written as it is. Asked last: a
        // block with a URL needs no set of its names.
        if self.missing_url.is_none()
            && block.url().is_none()
            && block.value_of(FieldKind::Virtual).is_none()
            && !block.is_discarded()
        {
            self.missing_url = Some(index);
        }
        self.blocks += 1;
        Ok(())
    }

    /// Refuses what every reader rejects: a header without User-Agent, no
    /// entity block, or a kept block without URL or Virtual (values were
    /// checked as they were written); else writes the last line's end.
    fn finish(&mut self, bytes: &mut Vec<u8>) -> Result<(), WriteError> {
        if !self.has_user_agent {
            return Err(WriteError::MissingUserAgent);
        }
        if self.blocks == 0 {
            return Err(WriteError::NoEntityBlock);
        }
        if let Some(index) = self.missing_url {
            return Err(WriteError::MissingUrl { index });
        }
        if let Some(end) = self.pending.take() {
            bytes.extend_from_slice(end.as_bytes());
        }
        Ok(())
    }

    /// Writes `block`'s fields and the blank lines after it.
    fn block_lines(&mut self, block: &Block, bytes: &mut Vec<u8>) -> Result<(), WriteError> {
        for field in block.fields() {
            field_line(self.start_line(bytes), field, self.encoding)?;
            self.pending = Some(field.line_end());
        }
        for &end in block.blank_lines() {
            // A blank line with no line end would be no line at all.
            let end = if end == LineEnd::Missing {
                LineEnd::CrLf
            } else {
                end
            };
            self.start_line(bytes);
            self.pending = Some(end);
        }
        self.unended = block.blank_lines().is_empty();
        Ok(())
    }
}

impl BlockWriter {
    /// Writes the version line (`HINA/` and `version`, ending in
    /// `version_line_end`) and the `header` block into a `Vec`, in the
    /// charset `header` declares.
    pub fn new(
        version: &str,
        version_line_end: LineEnd,
        header: &Block,
    ) -> Result<Self, WriteError> {
        let mut head = Head::new(version);
        head.set_version_line_end(version_line_end);
        *head.header_mut() = header.clone();
        Self::start(Vec::new(), &head)
    }

    /// [`BlockWriter::new`] of `head`, into `bytes`.
    fn start(mut bytes: Vec<u8>, head: &Head) -> Result<Self, WriteError> {
        let state = State::start(head, &mut bytes)?;
        Ok(BlockWriter {
            out: bytes,
            buffer: Vec::new(),
            state,
        })
    }

    /// Writes the next entity block.
    pub fn push(&mut self, block: &Block) -> Result<(), WriteError> {
        self.state.push(block, &mut self.out)
    }

    /// Hands the bytes written so far to `to` and lets go of them, so that
    /// a long file is not held in memory; [`BlockWriter::finish`] then
    /// gives only what came after. They are part of a file `finish` may
    /// still refuse: write them where they can be thrown away (a
    /// temporary file), not where a reader would take them for the file.
    /// (A writer made by [`BlockWriter::with_output`] writes each block
    /// through to its output instead.)
    ///
    /// ```
    /// use hina_di::{Block, BlockWriter, LineEnd};
    ///
    /// let mut header = Block::new();
    /// header.push_field("User-Agent", "example/1.0");
    /// let mut writer = BlockWriter::new("2.2", LineEnd::CrLf, &header)?;
    /// let mut spool = Vec::new();
    /// let mut block = Block::new();
    /// block.push_field("URL", "http://www.hoge.jp/foo/");
    /// writer.push(&block)?;
    /// writer.write_out(&mut spool).unwrap();
    /// spool.extend(writer.finish()?);
    /// assert_eq!(
    ///     spool,
    ///     b"HINA/2.2\r\nUser-Agent: example/1.0\r\n\r\nURL: http://www.hoge.jp/foo/\r\n\r\n"
    /// );
    /// # Ok::<(), hina_di::WriteError>(())
    /// ```
    pub fn write_out(&mut self, to: &mut impl io::Write) -> io::Result<()> {
        to.write_all(&self.out)?;
        self.out.clear();
        Ok(())
    }

    /// The file written (since the last [`BlockWriter::write_out`]), once
    /// what every reader rejects is refused: a header without User-Agent,
    /// no entity block, or a kept block without URL or Virtual (values
    /// were checked as they were written).
    pub fn finish(mut self) -> Result<Vec<u8>, WriteError> {
        self.state.finish(&mut self.out)?;
        Ok(self.out)
    }
}

impl<W: io::Write> BlockWriter<W> {
    /// Writes the version line and the header block of `head` to `out`
    /// (nothing when they are refused); the blocks pushed follow. Values
    /// are encoded in the head's charset fallback when it has one, else
    /// in the charset its header declares.
    pub fn with_output(out: W, head: &Head) -> Result<Self, PartWriteError<WriteError>> {
        let mut buffer = Vec::new();
        let state = State::start(head, &mut buffer).map_err(PartWriteError::Format)?;
        let mut writer = BlockWriter { out, buffer, state };
        writer.write_buffer()?;
        Ok(writer)
    }

    /// Hands the buffer to the output, and empties it.
    fn write_buffer(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buffer)?;
        self.buffer.clear();
        Ok(())
    }
}

impl<W: io::Write> PartWriter for BlockWriter<W> {
    type Part = Block;
    type Error = WriteError;
    type Output = W;

    fn push(&mut self, block: &Block) -> Result<(), PartWriteError<WriteError>> {
        self.buffer.clear();
        self.state
            .push(block, &mut self.buffer)
            .map_err(PartWriteError::Format)?;
        Ok(self.write_buffer()?)
    }

    fn finish(mut self) -> Result<W, PartWriteError<WriteError>> {
        self.buffer.clear();
        self.state
            .finish(&mut self.buffer)
            .map_err(PartWriteError::Format)?;
        self.write_buffer()?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Writes one field line (without its line end) at the end of `line`.
fn field_line(
    line: &mut Vec<u8>,
    field: &Field,
    encoding: &'static Encoding,
) -> Result<(), WriteError> {
    // A field made from text its maker checked (a block made from an
    // entry) is not checked again: only encoded (issue #23).
    if field.is_checked() {
        debug_assert_eq!(check_field(field), Ok(()), "{field:?}");
    } else {
        check_field(field)?;
    }
    let name = field.name();
    line.extend_from_slice(name.as_bytes());
    line.push(b':');
    line.extend_from_slice(field.separator().as_bytes());
    match field.source_bytes() {
        // Bytes that could not be decoded, or would not come back from
        // encoding, go back as they came.
        Some(raw) => line.extend_from_slice(raw),
        None => {
            charset::encode_into(encoding, field.value(), line).map_err(|character| {
                WriteError::Unencodable {
                    field: name.to_owned(),
                    character,
                    encoding: encoding.name(),
                }
            })?;
        }
    }
    Ok(())
}

/// Refuses a field the reader would not read back as it is: a name that
/// is not a field name, a separator of other than spaces and tabs, a
/// value with a line break or another control character, or one that
/// starts with white space.
fn check_field(field: &Field) -> Result<(), WriteError> {
    let name = field.name();
    // A name spelled as the spec does is a `field-name`.
    if field.spec_spelling() != Some(name) && !is_field_name(name.as_bytes()) {
        return Err(WriteError::BadFieldName {
            name: name.to_owned(),
        });
    }
    let separator = field.separator();
    if !separator.bytes().all(|b| b == b' ' || b == b'\t') {
        return Err(WriteError::BadSeparator {
            field: name.to_owned(),
            separator: separator.to_owned(),
        });
    }
    let value = field.value();
    // CR and LF are control bytes too: one scan finds whether there is
    // anything to report, and which error it is when there is.
    if charset::first_control(value.as_bytes()).is_some() {
        if value.contains(['\r', '\n']) {
            return Err(WriteError::BadValue {
                field: name.to_owned(),
                reason: "it holds a line break",
            });
        }
        // TEXT excludes CTLs (rev. 0.12 §Data Types): the reader rejects them.
        return Err(WriteError::BadValue {
            field: name.to_owned(),
            reason: "it holds a control character",
        });
    }
    if value.starts_with([' ', '\t']) {
        return Err(WriteError::BadValue {
            field: name.to_owned(),
            reason: "it starts with a space or tab (a TOKEN cannot)",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::{ReadOptions, WriteError, WriteOptions, read, write};

    /// UTF-8 declared, EUC-JP written: the file is read in the fallback,
    /// EUC-JP, and `\xad\xf0` (NEC's ≒, which EUC-JP encodes as JIS's
    /// `\xa2\xe2`) is kept as read. Every value (日 included) is written
    /// in EUC-JP, the encoding of those bytes, so the file comes back.
    /// (Fuzz finding `roundtrip_hina_di-utf8-declared-euc-jp-bytes`: the
    /// kept bytes were written as they were and 日 in the declared UTF-8,
    /// two encodings in one file, which read back as another document.)
    const DECLARED_UTF8_WRITTEN_EUC_JP: &[u8] = b"HINA/2.2\r\nUser-Agent: \xad\xf0\r\n\
Content-Type: text/plain; charset=UTF-8\r\n\r\nURL: http://a.jp/\r\nTitle: \xc6\xfc\r\n\r\n";

    #[test]
    fn kept_bytes_of_a_fallback_read_are_written_with_the_file_in_the_fallback() {
        let doc = read(DECLARED_UTF8_WRITTEN_EUC_JP, &ReadOptions::lenient())
            .expect("lenient read")
            .document;
        assert_eq!(doc.charset_fallback(), Some(encoding_rs::EUC_JP));
        assert_eq!(doc.user_agent(), Some("≒"));
        assert!(doc.header().fields()[0].source_bytes().is_some());
        let written = write(&doc, &WriteOptions::default()).expect("write");
        assert_eq!(written, DECLARED_UTF8_WRITTEN_EUC_JP);
        let again = read(&written, &ReadOptions::lenient())
            .expect("lenient read")
            .document;
        assert_eq!(again, doc);
    }

    /// A value the fallback cannot hold is refused, with its field named:
    /// written in UTF-8 it would sit beside the kept EUC-JP bytes.
    #[test]
    fn a_value_the_fallback_cannot_hold_beside_kept_bytes_is_refused() {
        let mut doc = read(DECLARED_UTF8_WRITTEN_EUC_JP, &ReadOptions::lenient())
            .expect("lenient read")
            .document;
        let title = doc.blocks_mut()[0]
            .fields_mut()
            .iter_mut()
            .find(|field| field.name() == "Title")
            .expect("a Title");
        title.set_value("日😀");
        assert_eq!(
            write(&doc, &WriteOptions::default()),
            Err(WriteError::Unencodable {
                field: "Title".into(),
                character: '😀',
                encoding: "EUC-JP",
            })
        );
    }
}
