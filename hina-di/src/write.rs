//! Writing: a document to bytes, in the charset its header declares.

use std::fmt;

use antenna_model::charset;
use antenna_model::encoding_rs::Encoding;

use crate::document::{Block, Document, Field, FieldKind};
use crate::grammar::lines::{VersionKind, is_field_name, version_kind};
use crate::line_end::LineEnd;
use crate::scan;

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

/// Writes `document`. See [`crate::write()`].
pub(crate) fn write(document: &Document, _options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    match (
        write_in(document, document.encoding()),
        document.charset_fallback(),
    ) {
        (Err(WriteError::Unencodable { .. }), Some(fallback)) => write_in(document, fallback),
        (result, _) => result,
    }
}

/// The output, written line by line into one buffer. A line's end is
/// written when the next line starts: `Missing` is honoured on the last
/// line only, and anywhere else would join two lines.
struct Out {
    bytes: Vec<u8>,
    pending: Option<LineEnd>,
}

impl Out {
    /// Ends the previous line and returns the buffer to write a line into.
    fn start_line(&mut self) -> &mut Vec<u8> {
        if let Some(end) = self.pending.take() {
            let end = if end == LineEnd::Missing {
                LineEnd::CrLf
            } else {
                end
            };
            self.bytes.extend_from_slice(end.as_bytes());
        }
        &mut self.bytes
    }

    /// The line just written ends in `end`.
    fn end_line(&mut self, end: LineEnd) {
        self.pending = Some(end);
    }

    fn finish(mut self) -> Vec<u8> {
        if let Some(end) = self.pending {
            self.bytes.extend_from_slice(end.as_bytes());
        }
        self.bytes
    }
}

fn write_in(document: &Document, encoding: &'static Encoding) -> Result<Vec<u8>, WriteError> {
    let version = document.version();
    // Only a HINA-DI 2 version reads back: any other is rejected by every
    // reader (`unknown-version`), so it is refused here, not written.
    if version_kind(version.as_bytes()) == VersionKind::Unknown {
        return Err(WriteError::BadVersion {
            version: version.to_owned(),
        });
    }
    let blocks = document.all_blocks();
    // Room for every line as its UTF-8 text and a CRLF; the charsets
    // written are no longer than UTF-8 for the text real files hold.
    let size: usize = std::iter::once(document.header())
        .chain(blocks)
        .flat_map(Block::fields)
        .map(|f| f.name().len() + 1 + f.separator().len() + f.value().len() + 2)
        .sum();
    let mut out = Out {
        bytes: Vec::with_capacity(size + version.len() + 16),
        pending: None,
    };
    let line = out.start_line();
    line.extend_from_slice(b"HINA/");
    line.extend_from_slice(version.as_bytes());
    out.end_line(document.version_line_end());
    block_lines(&mut out, document.header(), encoding, !blocks.is_empty())?;
    for (index, block) in blocks.iter().enumerate() {
        if block.fields().is_empty() {
            return Err(WriteError::EmptyBlock { index });
        }
        block_lines(&mut out, block, encoding, index + 1 < blocks.len())?;
    }
    check_structure(document)?;
    Ok(out.finish())
}

/// Refuses what every reader rejects, so that whatever is written reads
/// back: a header without User-Agent, no entity block, or a kept block
/// without URL or Virtual. A discarded block (duplicate field names) is
/// read without its URL being asked for, so it is written as it is.
/// (Values are checked as they are written.)
fn check_structure(document: &Document) -> Result<(), WriteError> {
    if document.user_agent().is_none() {
        return Err(WriteError::MissingUserAgent);
    }
    let blocks = document.all_blocks();
    if blocks.is_empty() {
        return Err(WriteError::NoEntityBlock);
    }
    for (index, block) in blocks.iter().enumerate() {
        if !block.is_discarded()
            && block.url().is_none()
            && block.value_of(FieldKind::Virtual).is_none()
        {
            return Err(WriteError::MissingUrl { index });
        }
    }
    Ok(())
}

fn block_lines(
    out: &mut Out,
    block: &Block,
    encoding: &'static Encoding,
    more_follow: bool,
) -> Result<(), WriteError> {
    for field in block.fields() {
        field_line(out.start_line(), field, encoding)?;
        out.end_line(field.line_end());
    }
    for &end in block.blank_lines() {
        // A blank line with no line end would be no line at all.
        let end = if end == LineEnd::Missing {
            LineEnd::CrLf
        } else {
            end
        };
        out.start_line();
        out.end_line(end);
    }
    if block.blank_lines().is_empty() && more_follow {
        // Without its blank line the block would run into the next one.
        out.start_line();
        out.end_line(LineEnd::CrLf);
    }
    Ok(())
}

/// Writes one field line (without its line end) at the end of `line`.
fn field_line(
    line: &mut Vec<u8>,
    field: &Field,
    encoding: &'static Encoding,
) -> Result<(), WriteError> {
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
    if scan::first_control(value.as_bytes()).is_some() {
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
    line.extend_from_slice(name.as_bytes());
    line.push(b':');
    line.extend_from_slice(separator.as_bytes());
    match field.source_bytes() {
        // Bytes that could not be decoded, or would not come back from
        // encoding, go back as they came.
        Some(raw) => line.extend_from_slice(raw),
        None => {
            charset::encode_into(encoding, value, line).map_err(|character| {
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
