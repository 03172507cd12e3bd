//! Writing: a document to bytes, in the charset its header declares.

use std::fmt;

use encoding_rs::Encoding;

use crate::charset;
use crate::document::{Block, Document, Field, LineEnd};
use crate::grammar;

/// Options for writing. There are none yet; `Default` writes the document
/// as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {}

/// Why a document could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// The version is empty or holds characters other than printable ASCII.
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
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::BadVersion { version } => write!(
                f,
                "the version `{version}` cannot be written after `HINA/` (printable ASCII only)"
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
            } => write!(
                f,
                "the value of `{field}` holds {character:?} (U+{:04X}), which {encoding} cannot encode",
                u32::from(*character)
            ),
            WriteError::EmptyBlock { index } => {
                write!(f, "entity block {} has no fields", index + 1)
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// One line to write: its bytes and its line end.
type Line = (Vec<u8>, LineEnd);

/// Writes `document`. See [`crate::write`].
pub(crate) fn write(document: &Document, _options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    let declared = document.encoding();
    match lines(document, declared) {
        Err(WriteError::Unencodable { .. }) if document.charset_fallback().is_some() => {
            let fallback = document.charset_fallback().unwrap_or(declared);
            Ok(join(lines(document, fallback)?))
        }
        result => Ok(join(result?)),
    }
}

fn join(lines: Vec<Line>) -> Vec<u8> {
    let count = lines.len();
    let mut out = Vec::with_capacity(lines.iter().map(|(l, _)| l.len() + 2).sum());
    for (i, (line, end)) in lines.into_iter().enumerate() {
        out.extend_from_slice(&line);
        // `Missing` is honoured on the last line only; anywhere else it
        // would join two lines.
        let end = if end == LineEnd::Missing && i + 1 < count {
            LineEnd::CrLf
        } else {
            end
        };
        out.extend_from_slice(end.as_bytes());
    }
    out
}

fn lines(document: &Document, encoding: &'static Encoding) -> Result<Vec<Line>, WriteError> {
    let version = document.version();
    if version.is_empty() || !version.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(WriteError::BadVersion {
            version: version.to_owned(),
        });
    }
    let mut lines = vec![(
        format!("HINA/{version}").into_bytes(),
        document.version_line_end(),
    )];
    let blocks = document.all_blocks();
    block_lines(&mut lines, document.header(), encoding, !blocks.is_empty())?;
    for (index, block) in blocks.iter().enumerate() {
        if block.fields().is_empty() {
            return Err(WriteError::EmptyBlock { index });
        }
        block_lines(&mut lines, block, encoding, index + 1 < blocks.len())?;
    }
    Ok(lines)
}

fn block_lines(
    lines: &mut Vec<Line>,
    block: &Block,
    encoding: &'static Encoding,
    more_follow: bool,
) -> Result<(), WriteError> {
    for field in block.fields() {
        lines.push((field_line(field, encoding)?, field.line_end()));
    }
    for &end in block.blank_lines() {
        // A blank line with no line end would be no line at all.
        let end = if end == LineEnd::Missing {
            LineEnd::CrLf
        } else {
            end
        };
        lines.push((Vec::new(), end));
    }
    if block.blank_lines().is_empty() && more_follow {
        // Without its blank line the block would run into the next one.
        lines.push((Vec::new(), LineEnd::CrLf));
    }
    Ok(())
}

fn field_line(field: &Field, encoding: &'static Encoding) -> Result<Vec<u8>, WriteError> {
    let name = field.name();
    if !grammar::is_field_name(name.as_bytes()) {
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
    if value.contains(['\r', '\n']) {
        return Err(WriteError::BadValue {
            field: name.to_owned(),
            reason: "it holds a line break",
        });
    }
    // TEXT excludes CTLs (rev. 0.12 §Data Types): the reader rejects them.
    if value.contains(|c: char| (c < ' ' && c != '\t') || c == '\u{7f}') {
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
    let mut line = Vec::with_capacity(name.len() + 1 + separator.len() + value.len());
    line.extend_from_slice(name.as_bytes());
    line.push(b':');
    line.extend_from_slice(separator.as_bytes());
    match field.source_bytes() {
        // Bytes that could not be decoded, or would not come back from
        // encoding, go back as they came.
        Some(raw) => line.extend_from_slice(raw),
        None => {
            let bytes =
                charset::encode(encoding, value).map_err(|character| WriteError::Unencodable {
                    field: name.to_owned(),
                    character,
                    encoding: encoding.name(),
                })?;
            line.extend_from_slice(&bytes);
        }
    }
    Ok(line)
}
