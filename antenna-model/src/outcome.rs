//! What a reader returns: the document and its warnings, or every
//! diagnostic of a rejected input. The three format crates share these
//! types, so tools handle them alike.

use std::fmt;

use crate::{Diagnostic, Rule, Severity};

/// A successfully read document and the warnings found on the way (never
/// an error: an input with an error is [`Rejected`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed<T> {
    /// What was read.
    pub document: T,
    /// Warnings, in input order.
    pub diagnostics: Vec<Diagnostic>,
}

/// The input was rejected: every diagnostic found, at least one of them an
/// error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// All diagnostics, errors and warnings, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl Rejected {
    /// A rejection for one problem that has no place in the input (a
    /// corrupt gzip stream, a size limit).
    pub fn unplaced(rule: Rule, message: impl Into<String>) -> Self {
        Rejected {
            diagnostics: vec![Diagnostic::unplaced(Severity::Error, rule, message)],
        }
    }

    /// The errors, without the warnings.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut errors = self.errors();
        match errors.next() {
            None => f.write_str("the input was rejected"),
            Some(first) => {
                write!(f, "the input was rejected: {first}")?;
                match errors.count() {
                    0 => Ok(()),
                    1 => f.write_str(" (and 1 more error)"),
                    more => write!(f, " (and {more} more errors)"),
                }
            }
        }
    }
}

impl std::error::Error for Rejected {}

/// The outcome of reading `document` with `diagnostics`: `Ok` when none is
/// an error, else `Err` with them all.
pub fn finish<T>(document: T, diagnostics: Vec<Diagnostic>) -> Result<Parsed<T>, Rejected> {
    if diagnostics.iter().any(Diagnostic::is_error) {
        Err(Rejected { diagnostics })
    } else {
        Ok(Parsed {
            document,
            diagnostics,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LineIndex;

    const RULE: Rule = Rule::new("t/rule", "T §1");

    fn diagnostic(severity: Severity) -> Diagnostic {
        Diagnostic::new(severity, RULE, 0..1, &LineIndex::new(b"x"), "m")
    }

    #[test]
    fn warnings_alone_are_accepted() {
        let parsed = finish("doc", vec![diagnostic(Severity::Warning)]).unwrap();
        assert_eq!(parsed.document, "doc");
        assert_eq!(parsed.diagnostics.len(), 1);
    }

    #[test]
    fn one_error_rejects_and_keeps_everything() {
        let rejected = finish(
            "doc",
            vec![diagnostic(Severity::Warning), diagnostic(Severity::Error)],
        )
        .unwrap_err();
        assert_eq!(rejected.diagnostics.len(), 2);
        assert_eq!(rejected.errors().count(), 1);
        assert_eq!(
            rejected.to_string(),
            "the input was rejected: 1:1: error[t/rule]: m (T §1)"
        );
    }
}
