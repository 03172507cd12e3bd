//! Diagnostics shared by every format crate.
//!
//! A [`Diagnostic`] names the [`Rule`] it enforces (a stable id such as
//! `hina-di/duplicate-field` and the spec section it comes from), where in the
//! input it was found (a byte span plus 1-based line and column), and a
//! message. Line and column are computed once, from the input bytes, by
//! [`LineIndex`].

use std::fmt;
use std::ops::Range;

/// How serious a [`Diagnostic`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The input departs from the spec but was read anyway (lenient mode).
    Warning,
    /// The input breaks the spec; a strict reader rejects it.
    Error,
}

impl Severity {
    /// The severity of a departure from the spec that a lenient reader
    /// takes: a warning, or an error when reading strictly.
    pub fn of_departure(strict: bool) -> Self {
        if strict {
            Severity::Error
        } else {
            Severity::Warning
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// A rule of a specification, as enforced by a reader or writer.
///
/// Format crates define their rules as constants, so that the id and the
/// section stay stable and can be matched on by tools. The section is the
/// one the finding breaks: where one kind of finding (one id) breaks
/// different sections in different places, a crate defines a constant for
/// each, with the same id (`rss2/missing-attribute` cites §What is RSS? for
/// `<rss version>` and §\<enclosure\> sub-element of \<item\> for an
/// enclosure's `url`); tools match on the id. [`crate::citation`] checks
/// that each section cited exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Stable identifier, `format/kebab-case-name`, e.g. `lirs/unescaped-comma`.
    pub id: &'static str,
    /// The specification and section the finding breaks, e.g.
    /// `LIRS 2.1 §2 Format` (the grammar is [`crate::citation`]'s).
    pub spec: &'static str,
}

impl Rule {
    /// A rule with its stable id and spec reference.
    pub const fn new(id: &'static str, spec: &'static str) -> Self {
        Rule { id, spec }
    }
}

/// A 1-based line and column. The column counts bytes of the line as read,
/// before any character decoding, so that it points into the raw file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Position {
    /// 1-based line number.
    pub line: u32,
    /// 1-based byte column within the line.
    pub column: u32,
}

/// One problem found in an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The rule this diagnostic enforces.
    pub rule: Rule,
    /// Byte range in the input the diagnostic is about (may be empty).
    pub span: Range<usize>,
    /// Line and column of `span.start`.
    pub position: Position,
    /// What is wrong, in one sentence.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic at `span` of the input indexed by `index`.
    pub fn new(
        severity: Severity,
        rule: Rule,
        span: Range<usize>,
        index: &LineIndex,
        message: impl Into<String>,
    ) -> Self {
        let position = index.position(span.start);
        Diagnostic {
            severity,
            rule,
            span,
            position,
            message: message.into(),
        }
    }

    /// A diagnostic that is not tied to a place in an input (for example a
    /// problem found while writing).
    pub fn unplaced(severity: Severity, rule: Rule, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            rule,
            span: 0..0,
            position: Position::default(),
            message: message.into(),
        }
    }

    /// `true` for [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}[{}]: {} ({})",
            self.position.line,
            self.position.column,
            self.severity,
            self.rule.id,
            self.message,
            self.rule.spec
        )
    }
}

impl std::error::Error for Diagnostic {}

/// Maps byte offsets of one input to lines and columns.
///
/// Lines end at LF; a CR before the LF belongs to the line it ends.
///
/// It holds where each line starts: 4 bytes a line for an input under
/// 4 GiB (8 for a larger one), allocated once at its size. A reader and a
/// renderer each index a file with a diagnostic, so a block of short bad
/// lines costs 8 bytes a line twice, not 16 (with a vector grown by
/// doubling) twice (issue #28).
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Starts,
}

/// Byte offset at which each line starts; the first is always 0.
#[derive(Debug, Clone)]
enum Starts {
    Narrow(Vec<u32>),
    Wide(Vec<usize>),
}

impl LineIndex {
    /// Indexes the line starts of `input`.
    pub fn new(input: &[u8]) -> Self {
        Self::indexed(input, u32::try_from(input.len()).is_err())
    }

    /// Indexes `input` with 8 bytes a line when `wide`, else 4 (which
    /// `input` must fit).
    fn indexed(input: &[u8], wide: bool) -> Self {
        let lines = 1 + memchr::memchr_iter(b'\n', input).count();
        let after_lfs = || memchr::memchr_iter(b'\n', input).map(|at| at + 1);
        let starts = if !wide {
            let mut starts = Vec::with_capacity(lines);
            starts.push(0);
            // Every start is at most the input's length, which fits.
            starts.extend(after_lfs().map(|start| u32::try_from(start).unwrap_or(u32::MAX)));
            Starts::Narrow(starts)
        } else {
            let mut starts = Vec::with_capacity(lines);
            starts.push(0);
            starts.extend(after_lfs());
            Starts::Wide(starts)
        };
        LineIndex { starts }
    }

    /// How many lines start at or before `offset`.
    fn lines_to(&self, offset: usize) -> usize {
        match &self.starts {
            Starts::Narrow(starts) => starts.partition_point(|&start| widen(start) <= offset),
            Starts::Wide(starts) => starts.partition_point(|&start| start <= offset),
        }
    }

    /// Where the line of 0-based `index` starts.
    fn start(&self, index: usize) -> Option<usize> {
        match &self.starts {
            Starts::Narrow(starts) => starts.get(index).copied().map(widen),
            Starts::Wide(starts) => starts.get(index).copied(),
        }
    }

    /// The line and column of byte `offset`.
    pub fn position(&self, offset: usize) -> Position {
        let line = self.lines_to(offset);
        let start = self.start(line.saturating_sub(1)).unwrap_or(0);
        Position {
            line: u32::try_from(line.max(1)).unwrap_or(u32::MAX),
            column: u32::try_from(offset.saturating_sub(start) + 1).unwrap_or(u32::MAX),
        }
    }

    /// The byte range of 1-based `line`, without its line end.
    pub fn line_span(&self, input: &[u8], line: u32) -> Range<usize> {
        let index = (line as usize).saturating_sub(1);
        let start = self.start(index).unwrap_or(input.len());
        let mut end = self.start(index + 1).map_or(input.len(), |next| next - 1);
        if end > start && input.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        start.min(input.len())..end.min(input.len())
    }
}

/// A narrow line start as an offset (lossless: `usize` is at least 32
/// bits wherever this builds).
fn widen(start: u32) -> usize {
    usize::try_from(start).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_and_count_bytes() {
        let input = b"ab\r\ncd\nef";
        let index = LineIndex::new(input);
        assert_eq!(index.position(0), Position { line: 1, column: 1 });
        assert_eq!(index.position(2), Position { line: 1, column: 3 });
        assert_eq!(index.position(4), Position { line: 2, column: 1 });
        assert_eq!(index.position(8), Position { line: 3, column: 2 });
        // Past the end stays on the last line.
        assert_eq!(
            index.position(20),
            Position {
                line: 3,
                column: 14
            }
        );
    }

    #[test]
    fn an_index_is_allocated_once_at_its_size() {
        let input = b"a\r\n\nbc\nd";
        let index = LineIndex::new(input);
        let Starts::Narrow(starts) = &index.starts else {
            panic!("a small input has a narrow index");
        };
        assert_eq!(starts, &[0, 3, 4, 7]);
        // Counted first, so not grown by doubling (which would give 128
        // for 100 lines; `with_capacity` gives at least what it is asked).
        let hundred = LineIndex::new(&b"x\n".repeat(99));
        let Starts::Narrow(starts) = &hundred.starts else {
            panic!("a small input has a narrow index");
        };
        assert_eq!(starts.len(), 100);
        assert!(starts.capacity() < 128, "{}", starts.capacity());
        assert_eq!(
            LineIndex::new(b"").position(0),
            Position { line: 1, column: 1 }
        );
    }

    #[test]
    fn a_wide_index_says_what_a_narrow_one_says() {
        let input = b"ab
cd

ef
";
        let (narrow, wide) = (
            LineIndex::indexed(input, false),
            LineIndex::indexed(input, true),
        );
        assert!(matches!(wide.starts, Starts::Wide(_)));
        for offset in 0..input.len() + 2 {
            assert_eq!(narrow.position(offset), wide.position(offset));
        }
        for line in 0..6 {
            assert_eq!(narrow.line_span(input, line), wide.line_span(input, line));
        }
    }

    #[test]
    fn line_span_excludes_the_line_end() {
        let input = b"ab\r\ncd\nef";
        let index = LineIndex::new(input);
        assert_eq!(index.line_span(input, 1), 0..2);
        assert_eq!(index.line_span(input, 2), 4..6);
        assert_eq!(index.line_span(input, 3), 7..9);
        assert_eq!(index.line_span(input, 9), 9..9);
    }

    #[test]
    fn display_names_rule_and_section() {
        const RULE: Rule = Rule::new("lirs/lone-cr", "LIRS 2.1 §2 Format");
        let index = LineIndex::new(b"x\ny");
        let d = Diagnostic::new(Severity::Error, RULE, 2..3, &index, "a lone CR");
        assert_eq!(
            d.to_string(),
            "2:1: error[lirs/lone-cr]: a lone CR (LIRS 2.1 §2 Format)"
        );
    }
}
