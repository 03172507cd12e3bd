//! A [`DiagnosticSink`] that shows each diagnostic as it comes, rendered
//! with its line ([`Human`]), whatever the text is: a file held whole, the
//! line a streamed reader is on, or bytes lent until every diagnostic is
//! given ([`Lines`]).
//!
//! It holds no diagnostic: memory does not grow with their number. It
//! shows the first [`SHOWN_PER_RULE`] of each rule in a file and counts
//! the rest ([`Cap`]), saying how many at the end, so that a file of
//! millions of one finding (a gzip of blank lines) gives a bounded
//! report.

use std::borrow::Cow;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::io::{self, Write};
use std::rc::Rc;

use super::window::Window;
use super::{Excerpt, LineMemo, Style, human, thousands};
use crate::{Diagnostic, DiagnosticSink, LineIndex, Rule, Severity, gzip};

/// The most diagnostics of one rule shown for one file; the rest are
/// counted, and the count said at the end.
pub const SHOWN_PER_RULE: usize = 1000;

/// The note that `n` more diagnostics of `rule` in `file` were counted but
/// not shown.
pub fn not_shown(file: &str, rule: &str, n: usize, style: Style) -> String {
    format!(
        "{}: {file}: {} more {rule} diagnostic{} not shown (the first {} of each rule are)\n",
        style.paint("1;36", "note"),
        thousands(n),
        if n == 1 { "" } else { "s" },
        thousands(SHOWN_PER_RULE),
    )
}

/// The text that diagnostics' spans point into: `bytes` decompressed when
/// they are gzip (a span into compressed bytes would show nothing a person
/// can read), else as they are; past the readers' limit (where they reject
/// the input), its bytes as they are.
pub fn text_of(bytes: &[u8]) -> Cow<'_, [u8]> {
    if !gzip::is_gzip(bytes) {
        return Cow::Borrowed(bytes);
    }
    match gzip::decompress(bytes, gzip::MAX_DECOMPRESSED_SIZE) {
        Ok(text) => Cow::Owned(text),
        Err(_) => Cow::Borrowed(bytes),
    }
}

/// The text a source's diagnostics point into.
pub enum Lines<'i> {
    /// A file held whole: its bytes, and (made on the first diagnostic)
    /// the text they are read as, gzip decompressed, with its line index.
    Whole {
        /// The file's bytes.
        bytes: &'i [u8],
        /// What they are read as, and its line index, once needed.
        text: OnceCell<(Cow<'i, [u8]>, LineIndex)>,
    },
    /// The line a streamed reader is on.
    Window(Rc<RefCell<Window>>),
    /// A file's bytes lent by a source that lets go of them once it has
    /// given every diagnostic (empty then).
    Lent(Rc<RefCell<Lent>>),
}

/// The bytes of [`Lines::Lent`], and the text they are read as, made on
/// the first diagnostic.
#[derive(Default)]
pub struct Lent {
    /// The file's bytes (empty once let go of).
    pub bytes: Vec<u8>,
    text: Option<(Vec<u8>, LineIndex)>,
}

impl Lent {
    /// `bytes`, lent.
    pub fn new(bytes: Vec<u8>) -> Rc<RefCell<Lent>> {
        Rc::new(RefCell::new(Lent { bytes, text: None }))
    }

    /// Lets go of the bytes and the text.
    pub fn release(&mut self) {
        *self = Lent::default();
    }
}

impl<'i> Lines<'i> {
    /// The lines of `bytes`, held whole.
    pub fn whole(bytes: &'i [u8]) -> Self {
        Lines::Whole {
            bytes,
            text: OnceCell::new(),
        }
    }

    /// `d` of the file `name`, rendered with the line it points at.
    fn render(&self, name: &str, d: &Diagnostic, style: Style, memo: &mut LineMemo) -> String {
        match self {
            Lines::Whole { bytes, text } => {
                let (text, index) = text.get_or_init(|| {
                    let text = text_of(bytes);
                    let index = LineIndex::new(&text);
                    (text, index)
                });
                human(name, Some(Excerpt::whole(text, index)), d, style, memo)
            }
            Lines::Window(window) => {
                let mut window = window.borrow_mut();
                human(name, window.excerpt(d.position.line), d, style, memo)
            }
            Lines::Lent(lent) => {
                let mut lent = lent.borrow_mut();
                let Lent { bytes, text } = &mut *lent;
                let (text, index) = text.get_or_insert_with(|| {
                    let text = text_of(bytes).into_owned();
                    let index = LineIndex::new(&text);
                    (text, index)
                });
                human(name, Some(Excerpt::whole(text, index)), d, style, memo)
            }
        }
    }
}

/// Diagnostics of one file counted by rule: which to show, and how many
/// were not.
#[derive(Debug, Default)]
pub struct Cap {
    seen: HashMap<&'static str, usize>,
}

impl Cap {
    /// Counts `d`: whether it is among the first [`SHOWN_PER_RULE`] of its
    /// rule.
    pub fn admit(&mut self, d: &Diagnostic) -> bool {
        let seen = self.seen.entry(d.rule.id).or_default();
        *seen += 1;
        *seen <= SHOWN_PER_RULE
    }

    /// Counts `n` diagnostics of the rule `id` that are past
    /// [`SHOWN_PER_RULE`] ([`DiagnosticSink::count`]).
    pub fn count(&mut self, id: &'static str, n: usize) {
        *self.seen.entry(id).or_default() += n;
    }

    /// The rules some of whose diagnostics were not shown, with how many,
    /// by rule id.
    pub fn not_shown(&self) -> Vec<(&'static str, usize)> {
        let mut rules: Vec<_> = self
            .seen
            .iter()
            .filter(|&(_, &n)| n > SHOWN_PER_RULE)
            .map(|(&id, &n)| (id, n - SHOWN_PER_RULE))
            .collect();
        rules.sort_unstable();
        rules
    }
}

/// Shows each diagnostic rustc-style on `out` (with a blank line after
/// each when `spaced`, as `check` prints them); the first error writing
/// is kept for [`Human::finish`], and nothing is written after it. Past
/// [`SHOWN_PER_RULE`] of a rule, its diagnostics are counted, not
/// rendered, and the count is said by [`Human::finish`].
pub struct Human<'i, W: Write> {
    name: String,
    lines: Lines<'i>,
    style: Style,
    spaced: bool,
    /// Show errors only: warnings are counted by the caller, not shown.
    errors_only: bool,
    cap: Cap,
    /// What is known of the long line last shown.
    memo: LineMemo,
    out: W,
    error: Option<io::Error>,
}

impl<'i, W: Write> Human<'i, W> {
    /// Shows the diagnostics of `name`, whose text is `lines`, on `out`.
    pub fn new(name: &str, lines: Lines<'i>, style: Style, out: W) -> Self {
        Human {
            name: name.to_owned(),
            lines,
            style,
            spaced: false,
            errors_only: false,
            cap: Cap::default(),
            memo: LineMemo::default(),
            out,
            error: None,
        }
    }

    /// With a blank line after each diagnostic.
    pub fn spaced(mut self) -> Self {
        self.spaced = true;
        self
    }

    /// Showing errors only when `errors_only`: warnings are not rendered
    /// (for a reader who wants the reasons a file was rejected, or
    /// nothing).
    pub fn errors_only(mut self, errors_only: bool) -> Self {
        self.errors_only = errors_only;
        self
    }

    /// Says how many diagnostics of each rule were not shown; the output
    /// back, or the first error writing it.
    pub fn finish(mut self) -> io::Result<W> {
        if self.error.is_none() {
            for (rule, n) in self.cap.not_shown() {
                let note = not_shown(&self.name, rule, n, self.style);
                if let Err(e) = self.out.write_all(note.as_bytes()) {
                    self.error = Some(e);
                    break;
                }
            }
        }
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }
}

impl<W: Write> DiagnosticSink for Human<'_, W> {
    fn report(&mut self, diagnostic: Diagnostic) {
        if self.error.is_some()
            || (self.errors_only && !diagnostic.is_error())
            || !self.cap.admit(&diagnostic)
        {
            return;
        }
        let text = self
            .lines
            .render(&self.name, &diagnostic, self.style, &mut self.memo);
        let end = if self.spaced { "\n" } else { "" };
        if let Err(e) = write!(self.out, "{text}{end}") {
            self.error = Some(e);
        }
    }

    fn kept_per_rule(&self) -> Option<usize> {
        Some(SHOWN_PER_RULE)
    }

    /// Counted as [`DiagnosticSink::report`] counts what it does not show.
    fn count(&mut self, rule: Rule, severity: Severity, n: usize) {
        if !(self.errors_only && severity == Severity::Warning) {
            self.cap.count(rule.id, n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_cap_a_rule_is_counted_and_said_at_the_end() {
        let text = b"a\n";
        let index = LineIndex::new(text);
        let rule = Rule::new("t/x", "spec");
        let mut human = Human::new("f", Lines::whole(text), Style::plain(), Vec::new());
        for _ in 0..SHOWN_PER_RULE + 2 {
            human.report(Diagnostic::new(Severity::Warning, rule, 0..1, &index, "m"));
        }
        let out = String::from_utf8(human.finish().unwrap()).unwrap();
        assert_eq!(out.matches("warning[t/x]: m\n").count(), SHOWN_PER_RULE);
        assert!(out.ends_with(
            "note: f: 2 more t/x diagnostics not shown (the first 1,000 of each rule are)\n"
        ));
    }

    #[test]
    fn errors_only_shows_no_warning() {
        let index = LineIndex::new(b"a\n");
        let rule = Rule::new("t/x", "spec");
        let mut human =
            Human::new("f", Lines::whole(b"a\n"), Style::plain(), Vec::new()).errors_only(true);
        human.report(Diagnostic::new(Severity::Warning, rule, 0..1, &index, "w"));
        human.report(Diagnostic::new(Severity::Error, rule, 0..1, &index, "e"));
        let out = String::from_utf8(human.finish().unwrap()).unwrap();
        assert!(
            out.starts_with("error[t/x]: e\n") && !out.contains("w\n"),
            "{out}"
        );
    }
}
