//! Reading: bytes to lines and blocks ([`lines`]), values decoded in the
//! file's encoding ([`encoding`]), fields and blocks checked ([`fields`],
//! [`blocks`]). Every diagnostic goes to one `Reporter`, with spans into
//! the caller's input. [`stream`]'s [`BlockReader`] reads a file one block
//! at a time; [`read`] is its fold over the whole file.

mod blocks;
mod encoding;
mod fields;
mod lines;
mod stream;

use antenna_model::{Parsed, Rejected};

use crate::document::Document;

pub use stream::BlockReader;

/// Options for reading; `Default` is lenient.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Reject every departure from the spec (see the crate docs).
    pub strict: bool,
}

impl ReadOptions {
    /// Lenient reading (the default).
    pub fn lenient() -> Self {
        ReadOptions { strict: false }
    }

    /// Strict reading.
    pub fn strict() -> Self {
        ReadOptions { strict: true }
    }
}

/// Reads a HINA-DI file. See the crate docs for what is a warning and what
/// is an error. The fold of [`BlockReader`] over the file
/// ([`antenna_model::parts::read_by_parts`]): the whole-file and the
/// block-by-block reads are one reader.
pub(crate) fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
    let parsed = antenna_model::parts::read_by_parts::<crate::HinaDi>(input, options)?;
    let (head, blocks) = parsed.document;
    Ok(Parsed {
        document: Document::from_parts(head, blocks),
        diagnostics: parsed.diagnostics,
    })
}
