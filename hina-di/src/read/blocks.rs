//! The checks of blocks and of the file's structure: duplicate fields,
//! what the header block must and may hold, what an entity block must
//! hold, and how the file ends.

use antenna_model::Reporter;

use super::fields::check_field;
use super::lines::RawField;
use crate::document::{Block, FieldKind};
use crate::grammar::values;
use crate::line_end::LineEnd;
use crate::rules;

/// Checks the header block (`raws` are its fields as read, in step with
/// `header.fields()`); `opening_line` is the version line.
pub(super) fn check_header(
    reporter: &mut Reporter<'_>,
    header: &Block,
    raws: &[RawField<'_>],
    opening_line: std::ops::Range<usize>,
) {
    check_duplicates(reporter, header, raws, "header block");
    for (field, raw) in header.fields().iter().zip(raws) {
        check_field(reporter, field, raw);
        if !matches!(
            field.kind(),
            FieldKind::UserAgent | FieldKind::ContentType | FieldKind::Date
        ) {
            reporter.departure(
                rules::UNEXPECTED_HEADER_FIELD,
                raw.line(),
                format!(
                    "`{}` is not a header field (User-Agent, Content-Type, Date)",
                    field.name()
                ),
            );
        }
    }
    if header.fields().is_empty() {
        // rev. 0.12 §Header block: "Hinadi-Header = 1*( ... )", and
        // User-Agent is REQUIRED: a blank line (or the end of the file)
        // right after the HINA line leaves no header block at all.
        reporter.error(
            rules::EMPTY_HEADER_BLOCK,
            opening_line,
            "the HINA line is followed by a blank line or nothing: the header block is empty (it needs at least User-Agent)",
        );
    } else if header.user_agent().is_none() {
        // rev. 0.12 §User-Agent: "This field is REQUIRED in header
        // blocks"; the spec gives no recovery.
        reporter.error(
            rules::MISSING_USER_AGENT,
            opening_line,
            "the header block has no User-Agent (it is required)",
        );
    }
}

/// Checks an entity block (`raws` as for [`check_header`]); `opening_line`
/// is its first line.
pub(super) fn check_entity_block(
    reporter: &mut Reporter<'_>,
    block: &Block,
    raws: &[RawField<'_>],
    opening_line: std::ops::Range<usize>,
) {
    let discarded = check_duplicates(reporter, block, raws, "block");
    for (field, raw) in block.fields().iter().zip(raws) {
        check_field(reporter, field, raw);
    }
    if discarded {
        return;
    }
    if block.url().is_none() {
        if block.value_of(FieldKind::Virtual).is_some() {
            // rev. 0.12 §Virtual: with other fields it "takes the same
            // meaning as the regular URL field".
            reporter.departure(
                rules::MISSING_URL,
                opening_line,
                "this entity block has no URL, only Virtual",
            );
        } else {
            // No recovery: the URL is the block's identity (rev. 0.12 §URL,
            // rev. 0.6 §5.3 "このfieldは必須である").
            reporter.error(
                rules::MISSING_URL,
                opening_line,
                "this entity block has no URL field (it is required)",
            );
        }
    }
    let not_image = block.content_type().is_some_and(|ct| {
        !values::media_type(ct)
            .to_ascii_lowercase()
            .starts_with("image/")
    });
    if not_image {
        for (field, raw) in block.fields().iter().zip(raws) {
            if matches!(field.kind(), FieldKind::ImageWidth | FieldKind::ImageHeight) {
                reporter.departure(
                    rules::image_field(field.kind(), true),
                    raw.line(),
                    format!(
                        "`{}` in a block whose Content-Type is not an image",
                        field.name()
                    ),
                );
            }
        }
    }
}

/// Reports the fields whose name an earlier field of the block has;
/// `true` when there is one (the block is discarded).
fn check_duplicates(
    reporter: &mut Reporter<'_>,
    block: &Block,
    raws: &[RawField<'_>],
    what: &str,
) -> bool {
    // `duplicates` gives indices in increasing order: one walk pairs them
    // with the fields.
    let mut duplicates = block.duplicates().peekable();
    if duplicates.peek().is_none() {
        return false;
    }
    for (i, (field, raw)) in block.fields().iter().zip(raws).enumerate() {
        if duplicates.next_if_eq(&i).is_none() {
            continue;
        }
        // rev. 0.12 §Block: "Field names in a block MUST be unique. A block
        // with duplicate field names MUST be discarded." The file breaks a
        // MUST, so strict reading rejects it like any departure; lenient
        // reading recovers as the spec says.
        reporter.departure(
            rules::DUPLICATE_FIELD,
            raw.line(),
            format!(
                "`{}` appears twice in this {what}; the block is discarded as the spec says",
                field.name()
            ),
        );
    }
    true
}

/// Checks how the file ends: one or more entity blocks (`no_entity_block`
/// when there is none), and the blank line (CRLF) after the last block
/// (`last_block_ended` when it has one). Given as two facts rather than
/// the blocks, so that [`super::stream`], which holds one block at a time,
/// checks the same.
pub(super) fn check_end(
    reporter: &mut Reporter<'_>,
    no_entity_block: bool,
    last_block_ended: bool,
    last_line_end: LineEnd,
) {
    let end = reporter.input().len();
    if no_entity_block {
        // rev. 0.12 §Entity block: "One or more entity blocks MUST be
        // present after the header block"; a file of only a header says
        // nothing about any page, and the spec gives no recovery.
        reporter.error(
            rules::NO_ENTITY_BLOCK,
            end..end,
            "the file has no entity block (one or more are required)",
        );
    }
    if last_line_end == LineEnd::Missing && end > 0 {
        reporter.departure(
            rules::MISSING_FINAL_CRLF,
            end..end,
            "the last line has no line end, and the last block no blank line after it",
        );
    } else if !last_block_ended {
        reporter.departure(
            rules::MISSING_FINAL_CRLF,
            end..end,
            "the last block is not followed by the blank line (CRLF) that ends a block",
        );
    }
}
