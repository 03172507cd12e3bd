//! Cutting the input into lines and blocks: the byte order mark, the
//! version line, blank lines and field lines. A line that breaks the
//! grammar is reported with the rule the grammar names; values are not
//! decoded yet.

use std::ops::Range;

use antenna_model::{Reporter, Rule};

use crate::document::BlankLines;
use crate::grammar::lines::{self as grammar, BlockLine, Fault, FieldLine, LineError, VersionKind};
use crate::line_end::LineEnd;
use crate::rules;

/// A field before its value is decoded.
pub(super) struct RawField<'i> {
    /// The name, a `field-name` (ASCII).
    pub(super) name: &'i [u8],
    /// The spaces and tabs after the colon.
    pub(super) separator: &'i [u8],
    /// The value's bytes.
    pub(super) value: &'i [u8],
    /// How the line ends.
    pub(super) line_end: LineEnd,
    /// Where the line is in the input, without its line end.
    pub(super) line: Range<usize>,
}

impl RawField<'_> {
    /// Where the name is in the input.
    pub(super) fn name_span(&self) -> Range<usize> {
        self.line.start..self.line.start + self.name.len()
    }

    /// Where the value is in the input.
    pub(super) fn value_span(&self) -> Range<usize> {
        let start = self.line.start + self.name.len() + 1 + self.separator.len();
        start..self.line.end
    }
}

/// A block before its values are decoded. Its fields are the next
/// `field_count` of the file's list (see [`BlockFields`]), so that cutting
/// lines allocates nothing per block but the blank lines.
pub(super) struct RawBlock {
    /// The line that opens the block, where diagnostics about the block as
    /// a whole point: the version line for the header block, the first
    /// field line for an entity block.
    pub(super) opening_line: Range<usize>,
    /// How many fields it has.
    field_count: usize,
    /// The line ends of the blank lines after the fields.
    pub(super) blank_lines: BlankLines,
}

impl RawBlock {
    fn new(opening_line: Range<usize>, field_count: usize) -> Self {
        RawBlock {
            opening_line,
            field_count,
            blank_lines: BlankLines::None,
        }
    }
}

/// A file cut into lines and blocks.
pub(super) struct RawFile<'i> {
    /// The text after `HINA/`.
    pub(super) version: String,
    /// How the version line ends.
    pub(super) version_line_end: LineEnd,
    /// Every field of the file, block after block.
    pub(super) fields: Vec<RawField<'i>>,
    /// The header block (it may have no fields).
    pub(super) header: RawBlock,
    /// The entity blocks; each has a field.
    pub(super) entities: Vec<RawBlock>,
    /// How the file's last line ends.
    pub(super) last_line_end: LineEnd,
}

impl<'i> RawFile<'i> {
    /// The block the next line belongs to.
    fn current(&mut self) -> &mut RawBlock {
        self.entities.last_mut().unwrap_or(&mut self.header)
    }

    fn blank_line(
        &mut self,
        reporter: &mut Reporter<'_>,
        white: &[u8],
        span: Range<usize>,
        line_end: LineEnd,
    ) {
        blank_line(
            reporter,
            &mut self.current().blank_lines,
            white,
            span,
            line_end,
        );
    }

    /// Adds a field to the current block, or opens an entity block with it
    /// when the current block has ended (a blank line came after it).
    fn field_line(&mut self, field: FieldLine<'i>, line: Range<usize>, line_end: LineEnd) {
        if !self.current().blank_lines.is_empty() {
            self.entities.push(RawBlock::new(line.clone(), 0));
        }
        self.current().field_count += 1;
        self.fields.push(RawField {
            name: field.name,
            separator: field.separator,
            value: field.value,
            line_end,
            line,
        });
    }
}

/// Hands out the file's fields block by block: a block's fields are the
/// next [`RawBlock::field_count`] of the list, as [`RawFile::field_line`]
/// pushed them.
pub(super) struct BlockFields<'a, 'i> {
    rest: &'a [RawField<'i>],
}

impl<'a, 'i> BlockFields<'a, 'i> {
    /// Starts at the first field of the file.
    pub(super) fn new(fields: &'a [RawField<'i>]) -> Self {
        BlockFields { rest: fields }
    }

    /// The fields of `block`, the next block of the file.
    pub(super) fn next(&mut self, block: &RawBlock) -> &'a [RawField<'i>] {
        // The count was taken as these very fields were pushed, so there
        // are that many.
        debug_assert!(block.field_count <= self.rest.len());
        let (fields, rest) = self.rest.split_at(block.field_count.min(self.rest.len()));
        self.rest = rest;
        fields
    }

    /// `true` once every block has had its fields.
    pub(super) fn is_done(&self) -> bool {
        self.rest.is_empty()
    }
}

/// A blank line (`white` the spaces and tabs on it) at `span`, after the
/// block whose blank lines are `blank_lines`: the whole-file cut and
/// [`super::stream`]'s block-by-block one both read blank lines here.
pub(super) fn blank_line(
    reporter: &mut Reporter<'_>,
    blank_lines: &mut BlankLines,
    white: &[u8],
    span: Range<usize>,
    line_end: LineEnd,
) {
    if !white.is_empty() {
        reporter.departure(
            rules::WHITESPACE_LINE,
            span.clone(),
            "a line of only spaces and tabs was read as a blank line",
        );
    }
    if line_end == LineEnd::Missing {
        // White space at the very end, after the last line end: not a
        // line at all (and already warned about above).
        return;
    }
    if !blank_lines.is_empty() {
        reporter.departure(
            rules::EXTRA_BLANK_LINE,
            span,
            "more than one blank line after a block",
        );
    }
    blank_lines.push(line_end);
}

/// Cuts `input` into lines and blocks; `None` when it is not a HINA-DI
/// file (no version line, or not version 2), which has been reported.
pub(super) fn cut<'i>(reporter: &mut Reporter<'_>, input: &'i [u8]) -> Option<RawFile<'i>> {
    let Opening {
        mut rest,
        version,
        version_line_end,
        line,
    } = opening(reporter, input)?;
    let mut bare_lf = BareLf::default();
    bare_lf.note(version_line_end, line.end);

    // There are at most as many fields as lines: counting the LFs first
    // (memchr's SIMD count) spares the list its regrowth. Capped at one per
    // 16 bytes, so that a file of blank lines does not reserve far beyond
    // its size (a field line is 3 bytes at least).
    let lines = memchr::memchr_iter(b'\n', input).count() + 1;
    let mut file = RawFile {
        version,
        version_line_end,
        fields: Vec::with_capacity(lines.min(input.len() / 16 + 1)),
        header: RawBlock::new(line, 0),
        entities: Vec::new(),
        last_line_end: version_line_end,
    };
    while !rest.is_empty() {
        let start = offset(input, rest);
        let (content, line_end) = grammar::raw_line(&mut rest);
        let span = start..start + content.len();
        bare_lf.note(line_end, span.end);
        file.last_line_end = line_end;
        match grammar::block_line(content) {
            Ok(BlockLine::Blank(white)) => file.blank_line(reporter, white, span, line_end),
            Ok(BlockLine::Field(field)) => file.field_line(field, span, line_end),
            Err(error) => report(reporter, error, span),
        }
    }
    bare_lf.report(reporter);
    Some(file)
}

/// The start of a file: the byte order mark, if any, and the version line.
pub(super) struct Opening<'i> {
    /// The input after the version line.
    pub(super) rest: &'i [u8],
    /// The text after `HINA/`.
    pub(super) version: String,
    /// How the version line ends.
    pub(super) version_line_end: LineEnd,
    /// Where the version line is, without its line end.
    pub(super) line: Range<usize>,
}

/// Reads the start of `input` (the whole-file cut and [`super::stream`]
/// both start here); `None` when it is not a HINA-DI 2 file, which has been
/// reported.
pub(super) fn opening<'i>(reporter: &mut Reporter<'_>, input: &'i [u8]) -> Option<Opening<'i>> {
    let mut rest = input;
    if let Some(after) = rest.strip_prefix(b"\xEF\xBB\xBF") {
        reporter.departure(
            rules::BYTE_ORDER_MARK,
            0..3,
            "a UTF-8 byte order mark comes before `HINA/`; it was skipped",
        );
        rest = after;
    }
    let start = offset(input, rest);
    let (content, version_line_end) = grammar::raw_line(&mut rest);
    let line = start..start + content.len();
    let version = version_line(reporter, content, line.clone())?;
    Some(Opening {
        rest,
        version,
        version_line_end,
        line,
    })
}

/// The byte offset in `input` of `rest`, a suffix of it.
pub(super) fn offset(input: &[u8], rest: &[u8]) -> usize {
    input.len().saturating_sub(rest.len())
}

/// Reads the version line (`content`, at `line`), and returns the version;
/// `None` when it is not a HINA-DI 2 version line.
fn version_line(reporter: &mut Reporter<'_>, content: &[u8], line: Range<usize>) -> Option<String> {
    let (hina, version) = match grammar::version_line(content) {
        Ok(parsed) => parsed,
        Err(error) => {
            report(reporter, error, line);
            return None;
        }
    };
    if hina != b"HINA" {
        reporter.departure(
            rules::FIELD_NAME_CASE,
            line.start..line.start + hina.len(),
            "`HINA` is not written in upper case",
        );
    }
    let version_span = line.start + hina.len() + 1..line.end;
    let version_text = String::from_utf8_lossy(version).into_owned();
    match grammar::version_kind(version) {
        VersionKind::Defined => {}
        VersionKind::OtherTwo => reporter.departure(
            rules::UNKNOWN_VERSION,
            version_span,
            format!(
                "version `{version_text}` is neither 2.2 (rev. 0.6) nor 2.2beta (rev. 0.12); read as HINA-DI 2.2"
            ),
        ),
        VersionKind::Unknown => {
            reporter.error(
                rules::UNKNOWN_VERSION,
                version_span,
                format!("version `{version_text}` is not a HINA-DI 2 version"),
            );
            return None;
        }
    }
    Some(version_text)
}

/// The rule a grammar fault breaks, and what to tell the user.
fn rule_of(fault: Fault) -> (Rule, &'static str) {
    match fault {
        Fault::VersionLine => (
            rules::MISSING_VERSION_LINE,
            "the first line is not `HINA/<version>`: this is not a HINA-DI file",
        ),
        Fault::Folded => (
            rules::FOLDED_LINE,
            "this line starts with a space or tab: HINA-DI has one line per field and no folded continuation lines",
        ),
        Fault::FieldName => (
            rules::BAD_FIELD_NAME,
            "the text before the `:` is not a field name (WORD *(\"-\" WORD), WORD = 1*(ALPHA|DIGIT)): it is empty or holds a space, `_` or another character",
        ),
        Fault::Separator => (
            rules::MISSING_SEPARATOR,
            "this line inside a block has no `:` and is not a field",
        ),
    }
}

/// Reports a line that breaks the grammar: an error in both modes, as the
/// spec says nothing of how to read such a line (rev. 0.12 §Block:
/// "line-format = field-name SEPARATOR field-value CRLF"; the conformance
/// suite's verdict).
///
/// The span runs from the start of the line through the byte where the
/// grammar failed (through the end of the line when it ran out of line), so
/// that the diagnostic points at the line and shows how far it was read.
pub(super) fn report(reporter: &mut Reporter<'_>, error: LineError, line: Range<usize>) {
    let (rule, message) = rule_of(error.fault);
    let end = line
        .start
        .saturating_add(error.offset)
        .saturating_add(1)
        .min(line.end);
    reporter.error(rule, line.start..end, message);
}

/// Bare LF line ends, reported once for the file.
#[derive(Default)]
pub(super) struct BareLf {
    first: Option<usize>,
    count: usize,
}

impl BareLf {
    /// Every bare LF of `input`, found without cutting lines (for
    /// [`super::stream`], which must know them before it hands out the
    /// first block): an LF not after a CR ends its line in a bare LF, as
    /// [`grammar::raw_line`] cuts lines.
    pub(super) fn of(input: &[u8]) -> Self {
        let mut bare_lf = BareLf::default();
        for at in memchr::memchr_iter(b'\n', input) {
            let cr = at
                .checked_sub(1)
                .and_then(|before| input.get(before))
                .is_some_and(|&b| b == b'\r');
            if !cr {
                bare_lf.note(LineEnd::Lf, at);
            }
        }
        bare_lf
    }

    /// Where the report goes: the first bare LF.
    pub(super) fn first(&self) -> Option<usize> {
        self.first
    }

    fn note(&mut self, line_end: LineEnd, at: usize) {
        if line_end == LineEnd::Lf {
            self.first.get_or_insert(at);
            self.count += 1;
        }
    }

    pub(super) fn report(&self, reporter: &mut Reporter<'_>) {
        if let Some(first) = self.first {
            reporter.departure(
                rules::BARE_LF,
                first..first + 1,
                format!(
                    "{} line(s) end in LF without CR (CRLF is the line end); read as line ends",
                    self.count
                ),
            );
        }
    }
}
