//! The one diagnostics collector every reader uses.
//!
//! A [`Reporter`] holds the input's bytes, the reading mode and what was
//! found. Spans are always byte ranges of the input the caller passed to
//! the reader (not of a decoded copy), so carets and JSON offsets point
//! into the user's file whatever its encoding. The line index is built on
//! the first diagnostic: a clean file never pays for it.
//!
//! A reader that gives its diagnostics piece by piece may have it keep
//! only what its sink shows ([`Reporter::keep_for`], [`kept`]).

mod kept;

use std::cell::OnceCell;
use std::ops::Range;

use crate::{
    Diagnostic, DiagnosticSink, LineIndex, Parsed, Position, Rejected, Rule, Severity, finish,
};
use kept::Kept;

/// Collects the diagnostics of one read and gives them their severity.
#[derive(Debug)]
pub struct Reporter<'a> {
    input: &'a [u8],
    strict: bool,
    index: OnceCell<LineIndex>,
    diagnostics: Vec<Diagnostic>,
    errors: usize,
    /// When set, the first few of each rule are kept, the others counted.
    kept: Option<Kept>,
}

impl<'a> Reporter<'a> {
    /// A reporter for `input`, reading strictly or leniently.
    pub fn new(input: &'a [u8], strict: bool) -> Self {
        Reporter {
            input,
            strict,
            index: OnceCell::new(),
            diagnostics: Vec::new(),
            errors: 0,
            kept: None,
        }
    }

    /// Keeps, from here on, only the diagnostics that `sink` needs
    /// ([`DiagnosticSink::kept_per_rule`]) of what is found before
    /// [`Reporter::give_sorted`] gives them: the others are counted, not
    /// held, and their count given with them. Called with the
    /// diagnostics given, and with the sink they go to next.
    pub fn keep_for(&mut self, sink: &dyn DiagnosticSink) {
        let per_kind = sink.kept_per_rule();
        if self.kept.as_ref().map(Kept::per_kind) != per_kind {
            self.kept = per_kind.map(Kept::new);
        }
    }

    /// The input spans point into.
    pub fn input(&self) -> &'a [u8] {
        self.input
    }

    /// `true` when reading strictly.
    pub fn is_strict(&self) -> bool {
        self.strict
    }

    /// The line and column of byte `offset` of the input.
    pub fn position(&self, offset: usize) -> Position {
        self.index
            .get_or_init(|| LineIndex::new(self.input))
            .position(offset)
    }

    /// Records a diagnostic at `span`, a byte range of the input.
    pub fn push(
        &mut self,
        severity: Severity,
        rule: Rule,
        span: Range<usize>,
        message: impl Into<String>,
    ) {
        if self.counts_out(severity, &rule, span.start) {
            // Counted, not held: no place to find, no message to keep.
            return;
        }
        let position = self.position(span.start);
        self.record(severity, rule, span, position, message.into());
    }

    /// Records a diagnostic whose position the caller already knows (a
    /// streaming reader, which never holds the whole input, counts lines
    /// itself). `span` is still a byte range of the whole input.
    pub fn push_at(
        &mut self,
        severity: Severity,
        rule: Rule,
        span: Range<usize>,
        position: Position,
        message: impl Into<String>,
    ) {
        if !self.counts_out(severity, &rule, span.start) {
            self.record(severity, rule, span, position, message.into());
        }
    }

    /// Counts a diagnostic found; `true` when it is counted only, not
    /// held ([`Reporter::keep_for`]).
    fn counts_out(&mut self, severity: Severity, rule: &Rule, start: usize) -> bool {
        if severity == Severity::Error {
            self.errors += 1;
        }
        self.kept
            .as_mut()
            .is_some_and(|kept| !kept.admit(rule, severity, start))
    }

    fn record(
        &mut self,
        severity: Severity,
        rule: Rule,
        span: Range<usize>,
        position: Position,
        message: String,
    ) {
        self.diagnostics.push(Diagnostic {
            severity,
            rule,
            span,
            position,
            message,
        });
        if let Some(kept) = &mut self.kept {
            kept.settle(&mut self.diagnostics);
        }
    }

    /// A departure real files make: a warning when reading leniently, an
    /// error when strictly.
    pub fn departure(&mut self, rule: Rule, span: Range<usize>, message: impl Into<String>) {
        self.push(Severity::of_departure(self.strict), rule, span, message);
    }

    /// A break with no recovery: an error in both modes.
    pub fn error(&mut self, rule: Rule, span: Range<usize>, message: impl Into<String>) {
        self.push(Severity::Error, rule, span, message);
    }

    /// Worth knowing but allowed (for example by one spec revision and not
    /// the other): a warning in both modes.
    pub fn warning(&mut self, rule: Rule, span: Range<usize>, message: impl Into<String>) {
        self.push(Severity::Warning, rule, span, message);
    }

    /// How many errors have been recorded.
    pub fn error_count(&self) -> usize {
        self.errors
    }

    /// `true` when an error has been recorded.
    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }

    /// The diagnostics so far, in the order recorded.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Puts the diagnostics in input order (stable: diagnostics at one
    /// place keep the order they were found in).
    pub fn sort_by_span(&mut self) {
        self.diagnostics.sort_by_key(|d| d.span.start);
    }

    /// Takes the diagnostics recorded so far, leaving none; the error count
    /// stays. A reader that hands its diagnostics out piece by piece (block
    /// by block) takes each piece, so that they are not all held at once.
    ///
    /// After [`Reporter::keep_for`], only the diagnostics held: those
    /// counted and not held reach a sink through
    /// [`Reporter::give_sorted`] alone.
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }

    /// Gives `sink` the diagnostics found since they were last given,
    /// sorted by where each starts (stable: those at one place in the
    /// order found), then the number of each rule and severity counted
    /// and not held ([`Reporter::keep_for`]). The error count stays.
    pub fn give_sorted(&mut self, sink: &mut dyn DiagnosticSink) {
        match &mut self.kept {
            Some(kept) => {
                kept.trim(&mut self.diagnostics);
                self.diagnostics.drain(..).for_each(|d| sink.report(d));
                kept.give_dropped(sink);
            }
            None => {
                self.sort_by_span();
                self.diagnostics.drain(..).for_each(|d| sink.report(d));
            }
        }
    }

    /// `true` when nothing was found since the diagnostics were last
    /// given or taken.
    pub fn is_empty(&self) -> bool {
        self.diagnostics.is_empty() && !self.kept.as_ref().is_some_and(Kept::has_dropped)
    }

    /// The diagnostics, in the order recorded.
    ///
    /// After [`Reporter::keep_for`], only the diagnostics held: those
    /// counted and not held reach a sink through
    /// [`Reporter::give_sorted`] alone.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }

    /// The outcome of the read: `Ok` with `document` when no diagnostic is
    /// an error, else `Err` with them all.
    ///
    /// After [`Reporter::keep_for`], only the diagnostics held: those
    /// counted and not held reach a sink through
    /// [`Reporter::give_sorted`] alone.
    pub fn finish<T>(self, document: T) -> Result<Parsed<T>, Rejected> {
        finish(document, self.diagnostics)
    }

    /// The outcome of a read that produced no document: `Err` with every
    /// diagnostic (there must be an error among them for the rejection to
    /// make sense; see [`Reporter::has_errors`]).
    ///
    /// After [`Reporter::keep_for`], only the diagnostics held: those
    /// counted and not held reach a sink through
    /// [`Reporter::give_sorted`] alone.
    pub fn reject(self) -> Rejected {
        Rejected {
            diagnostics: self.diagnostics,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: Rule = Rule::new("t/rule", "T §1");

    #[test]
    fn departures_are_warnings_unless_strict() {
        let input = b"ab\ncd";
        let mut lenient = Reporter::new(input, false);
        lenient.departure(RULE, 3..4, "m");
        assert!(!lenient.has_errors());
        assert_eq!(lenient.diagnostics()[0].severity, Severity::Warning);
        assert_eq!(
            lenient.diagnostics()[0].position,
            Position { line: 2, column: 1 }
        );
        assert!(lenient.finish(()).is_ok());

        let mut strict = Reporter::new(input, true);
        strict.departure(RULE, 3..4, "m");
        strict.warning(RULE, 0..1, "w");
        assert_eq!(strict.error_count(), 1);
        let rejected = strict.finish(()).unwrap_err();
        assert_eq!(rejected.diagnostics.len(), 2);
    }

    #[test]
    fn errors_reject_in_both_modes_and_sort_by_span() {
        let mut reporter = Reporter::new(b"abcdef", false);
        reporter.warning(RULE, 4..5, "later");
        reporter.error(RULE, 1..2, "earlier");
        reporter.sort_by_span();
        let messages: Vec<_> = reporter
            .diagnostics()
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(messages, ["earlier", "later"]);
        assert_eq!(reporter.reject().errors().count(), 1);
    }

    #[test]
    fn a_known_position_is_kept() {
        let mut reporter = Reporter::new(b"", true);
        let at = Position { line: 7, column: 3 };
        reporter.push_at(Severity::Warning, RULE, 100..101, at, "m");
        assert_eq!(reporter.diagnostics()[0].position, at);
        assert_eq!(reporter.diagnostics()[0].span, 100..101);
    }
}
