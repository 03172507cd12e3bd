//! Cutting the input into lines and blocks: the byte order mark, the
//! version line, blank lines and field lines. A line that breaks the
//! grammar is reported with the rule the grammar names; values are not
//! decoded yet.

use std::ops::Range;

use antenna_model::{Reporter, Rule};

use crate::document::BlankLines;
use crate::grammar::lines::{self as grammar, Fault, LineError, VersionKind};
use crate::line_end::LineEnd;
use crate::rules;

/// A field before its value is decoded.
///
/// Kept to 48 bytes on x86-64 (asserted in the tests), not the 72 of a
/// slice for each part and a range for the line: a block is held whole
/// while it is read, one of these a field, and a block may hold hundreds
/// of thousands of fields (issue #28). Name, separator and value are cut
/// from the line when asked for.
pub(super) struct RawField<'i> {
    /// The line, without its line end.
    content: &'i [u8],
    /// Where the line starts in the input.
    start: usize,
    /// The name's length: the name is `content[..name_len]`, a
    /// `field-name` (ASCII), and the colon follows it.
    name_len: usize,
    /// Where the value starts in `content`: the separator is between the
    /// colon and here, the value the rest of the line.
    value_start: usize,
    /// How the line ends.
    pub(super) line_end: LineEnd,
}

impl<'i> RawField<'i> {
    /// The field that `field` cut from `content`, the line at `start` in
    /// the input ending in `line_end`.
    pub(super) fn new(
        field: &grammar::FieldLine<'i>,
        content: &'i [u8],
        start: usize,
        line_end: LineEnd,
    ) -> Self {
        RawField {
            content,
            start,
            name_len: field.name.len(),
            value_start: content.len().saturating_sub(field.value.len()),
            line_end,
        }
    }

    /// The name, a `field-name` (ASCII).
    pub(super) fn name(&self) -> &'i [u8] {
        self.content.get(..self.name_len).unwrap_or_default()
    }

    /// The spaces and tabs after the colon.
    pub(super) fn separator(&self) -> &'i [u8] {
        self.content
            .get(self.name_len + 1..self.value_start)
            .unwrap_or_default()
    }

    /// The value's bytes.
    pub(super) fn value(&self) -> &'i [u8] {
        self.content.get(self.value_start..).unwrap_or_default()
    }

    /// Where the line is in the input, without its line end.
    pub(super) fn line(&self) -> Range<usize> {
        self.start..self.start + self.content.len()
    }

    /// Where the name is in the input.
    pub(super) fn name_span(&self) -> Range<usize> {
        self.start..self.start + self.name_len
    }

    /// Where the value is in the input.
    pub(super) fn value_span(&self) -> Range<usize> {
        self.start + self.value_start..self.start + self.content.len()
    }
}

/// A blank line (`white` the spaces and tabs on it) at `span`, after the
/// block whose blank lines are `blank_lines`.
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

/// Reads the start of `input`; `None` when it is not a HINA-DI 2 file, which has been
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
        // Counted pair by pair with no branch, which the compiler turns
        // into vector code (an LF found with memchr one at a time cost 7M
        // instructions on the generated 20,000-block file, a tenth of a
        // read); the first is looked for only when there is one.
        let first_lf = usize::from(input.first() == Some(&b'\n'));
        let before = input
            .get(..input.len().saturating_sub(1))
            .unwrap_or_default();
        let after = input.get(1..).unwrap_or_default();
        // In chunks whose count fits a byte, so that the sum is of bytes.
        let count = first_lf
            + before
                .chunks(255)
                .zip(after.chunks(255))
                .map(|(before, after)| {
                    let bare = before
                        .iter()
                        .zip(after)
                        .map(|(&b, &a)| u8::from(a == b'\n') & u8::from(b != b'\r'))
                        .fold(0u8, u8::wrapping_add);
                    usize::from(bare)
                })
                .sum::<usize>();
        let first = (count > 0)
            .then(|| {
                memchr::memchr_iter(b'\n', input).find(|&at| {
                    at.checked_sub(1)
                        .and_then(|before| input.get(before))
                        .is_none_or(|&b| b != b'\r')
                })
            })
            .flatten();
        BareLf { first, count }
    }

    /// Where the report goes: the first bare LF.
    pub(super) fn first(&self) -> Option<usize> {
        self.first
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_raw_field_cuts_its_line_as_the_grammar_did() {
        assert_eq!(std::mem::size_of::<RawField<'_>>(), 48);
        let input = b"Title:\t \tvalue: more\r\nX-A:\r\n";
        for (start, len) in [(0, 20), (22, 4)] {
            let content = &input[start..start + len];
            let Ok(grammar::BlockLine::Field(field)) = grammar::block_line(content) else {
                panic!("a field line");
            };
            let raw = RawField::new(&field, content, start, LineEnd::CrLf);
            assert_eq!(raw.name(), field.name);
            assert_eq!(raw.separator(), field.separator);
            assert_eq!(raw.value(), field.value);
            assert_eq!(raw.line(), start..start + len);
            assert_eq!(&input[raw.name_span()], field.name);
            assert_eq!(&input[raw.value_span()], field.value);
        }
    }

    proptest! {
        /// The branch-free count finds what a walk from LF to LF finds:
        /// each LF not after a CR, and the first of them, across the
        /// 255-byte chunks.
        #[test]
        fn bare_lfs_are_counted_as_a_walk_counts_them(
            bytes in prop::collection::vec(prop_oneof![
                Just(b'\n'), Just(b'\r'), Just(b'a'),
            ], 0..700),
        ) {
            let bare: Vec<usize> = (0..bytes.len())
                .filter(|&i| bytes[i] == b'\n' && (i == 0 || bytes[i - 1] != b'\r'))
                .collect();
            let found = BareLf::of(&bytes);
            prop_assert_eq!(found.count, bare.len());
            prop_assert_eq!(found.first, bare.first().copied());
        }
    }
}
