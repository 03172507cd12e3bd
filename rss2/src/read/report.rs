//! The reader's diagnostics: spans found in the decoded text, reported as
//! spans of the caller's input through the shared [`Reporter`].

use std::ops::Range;

use antenna_model::{Parsed, Rejected, Reporter, Rule};

use crate::offsets::InputOffsets;

/// Reports diagnostics whose spans are ranges of the decoded text.
pub(super) struct TextReporter<'a> {
    reporter: Reporter<'a>,
    offsets: InputOffsets<'a>,
}

impl<'a> TextReporter<'a> {
    /// Reports into `reporter`, mapping spans with `offsets`.
    pub(super) fn new(reporter: Reporter<'a>, offsets: InputOffsets<'a>) -> Self {
        TextReporter { reporter, offsets }
    }

    /// A departure from the spec at `span` of the text: a warning when
    /// lenient, an error when strict.
    pub(super) fn departure(&mut self, rule: Rule, span: Range<usize>, message: impl Into<String>) {
        let span = self.offsets.span(span);
        self.reporter.departure(rule, span, message);
    }

    /// Advice at `span` of the text that is no departure from the spec: a
    /// warning in both modes.
    pub(super) fn advice(&mut self, rule: Rule, span: Range<usize>, message: impl Into<String>) {
        let span = self.offsets.span(span);
        self.reporter.warning(rule, span, message);
    }

    /// A break with no recovery at `span` of the text: always an error.
    pub(super) fn fatal(&mut self, rule: Rule, span: Range<usize>, message: impl Into<String>) {
        let span = self.offsets.span(span);
        self.reporter.error(rule, span, message);
    }

    /// `true` when reading strictly.
    pub(super) fn is_strict(&self) -> bool {
        self.reporter.is_strict()
    }

    /// The outcome of the read.
    pub(super) fn finish<T>(self, document: T) -> Result<Parsed<T>, Rejected> {
        self.reporter.finish(document)
    }

    /// The outcome of a read that stopped before there was a document.
    pub(super) fn reject(self) -> Rejected {
        self.reporter.reject()
    }
}
