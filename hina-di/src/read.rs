//! Reading: bytes to lines and blocks ([`lines`]), values decoded in the
//! file's encoding ([`encoding`]), fields and blocks checked ([`fields`],
//! [`blocks`]). Every diagnostic goes to one [`Reporter`], with spans into
//! the caller's input. [`read`] reads the whole file; [`stream`]'s
//! [`BlockReader`] the same, one block at a time.

mod blocks;
mod encoding;
mod fields;
mod lines;
mod stream;

use antenna_model::Reporter;

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
/// is an error.
pub(crate) fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
    let mut reporter = Reporter::new(input, options.strict);
    let Some(file) = lines::cut(&mut reporter, input) else {
        reporter.sort_by_span();
        return Err(reporter.reject());
    };
    let mut fields = lines::BlockFields::new(&file.fields);

    let raws = fields.next(&file.header);
    let mut decoding = encoding::choose(&mut reporter, raws, &file.fields);
    let header = encoding::decode_block(raws, file.header.blank_lines, &mut decoding);
    blocks::check_header(&mut reporter, &header, raws, file.header.opening_line);

    let mut entity_blocks = Vec::with_capacity(file.entities.len());
    for raw in file.entities {
        let raws = fields.next(&raw);
        let block = encoding::decode_block(raws, raw.blank_lines, &mut decoding);
        blocks::check_entity_block(&mut reporter, &block, raws, raw.opening_line);
        entity_blocks.push(block);
    }
    debug_assert!(fields.is_done());
    let last_block = entity_blocks.last().unwrap_or(&header);
    blocks::check_end(
        &mut reporter,
        entity_blocks.is_empty(),
        !last_block.blank_lines().is_empty(),
        file.last_line_end,
    );

    let document = Document::read(
        file.version,
        file.version_line_end,
        header,
        entity_blocks,
        decoding.fallback,
    );
    reporter.sort_by_span();
    reporter.finish(document)
}
