//! Where a line's diagnostics go: the reader's [`DiagnosticSink`], with
//! spans and positions placed on the line.

use std::ops::Range;

use antenna_model::{Diagnostic, DiagnosticSink, Position, Rule, Severity};

use crate::rules;

/// Places the diagnostics of one line in the input: spans found relative
/// to the line get the line's offset added, and the position is the line
/// number the reader counted (a streaming reader never holds the whole
/// input, so it cannot be worked out from the text).
pub(crate) struct LineReporter<'r> {
    sink: &'r mut dyn DiagnosticSink,
    strict: bool,
    /// Errors given to `sink` through this reporter.
    errors: usize,
    /// 1-based line number.
    number: u32,
    /// Offset of the line's first byte in the input.
    offset: usize,
}

impl<'r> LineReporter<'r> {
    /// Reports for line `number`, which starts at byte `offset`, to `sink`;
    /// departures are errors when `strict`.
    pub(crate) fn new(
        sink: &'r mut dyn DiagnosticSink,
        strict: bool,
        number: u32,
        offset: usize,
    ) -> Self {
        LineReporter {
            sink,
            strict,
            errors: 0,
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
        if severity == Severity::Error {
            self.errors += 1;
        }
        self.sink.report(Diagnostic {
            severity,
            rule,
            span,
            position,
            message,
        });
    }

    /// A departure real files make: a warning, an error in strict mode.
    pub(crate) fn departure(&mut self, rule: Rule, range: Range<usize>, message: String) {
        let severity = Severity::of_departure(self.strict);
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

    /// Errors recorded through this reporter (on this line) so far.
    pub(crate) fn error_count(&self) -> usize {
        self.errors
    }
}
