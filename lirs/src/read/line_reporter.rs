//! Where a line's diagnostics go: the one [`Reporter`], with spans and
//! positions placed on the line.

use std::ops::Range;

use antenna_model::{Position, Reporter, Rule, Severity};

use crate::rules;

/// Places the diagnostics of one line in the input: spans found relative
/// to the line get the line's offset added, and the position is the line
/// number the reader counted (a streaming reader never holds the whole
/// input, so the [`Reporter`] cannot work it out).
pub(crate) struct LineReporter<'r, 'a> {
    reporter: &'r mut Reporter<'a>,
    /// 1-based line number.
    number: u32,
    /// Offset of the line's first byte in the input.
    offset: usize,
}

impl<'r, 'a> LineReporter<'r, 'a> {
    /// Reports for line `number`, which starts at byte `offset`.
    pub(crate) fn new(reporter: &'r mut Reporter<'a>, number: u32, offset: usize) -> Self {
        LineReporter {
            reporter,
            number,
            offset,
        }
    }

    /// Records a diagnostic at `range`, a byte range of the line.
    pub(crate) fn push(
        &mut self,
        severity: Severity,
        rule: Rule,
        range: Range<usize>,
        message: String,
    ) {
        let position = Position {
            line: self.number,
            column: u32::try_from(range.start.saturating_add(1)).unwrap_or(u32::MAX),
        };
        let span = self.offset.saturating_add(range.start)..self.offset.saturating_add(range.end);
        self.reporter
            .push_at(severity, rule, span, position, message);
    }

    /// A departure real files make: a warning, an error in strict mode.
    pub(crate) fn departure(&mut self, rule: Rule, range: Range<usize>, message: String) {
        let severity = Severity::of_departure(self.reporter.is_strict());
        self.push(severity, rule, range, message);
    }

    /// A break with no recovery: an error in both modes.
    pub(crate) fn error(&mut self, rule: Rule, range: Range<usize>, message: String) {
        self.push(Severity::Error, rule, range, message);
    }

    /// §3.5: `url`, at `range`, repeats the URL of line `first`.
    pub(crate) fn duplicate_url(&mut self, url: &str, range: Range<usize>, first: u32) {
        self.error(
            rules::DUPLICATE_URL,
            range,
            format!("URL `{url}` already appears on line {first} (a URL MUST NOT be repeated)"),
        );
    }

    /// Errors recorded so far, on this line and before it.
    pub(crate) fn error_count(&self) -> usize {
        self.reporter.error_count()
    }
}
