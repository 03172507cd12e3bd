//! Where a source's diagnostics go, as [`DiagnosticSink`] adaptors: shown
//! rustc-style with their line (the model's [`Human`]), written as JSON
//! lines ([`Json`]), or counted on the way to either (the model's
//! [`antenna_model::parts::Counted`]).
//!
//! Both write each diagnostic as it comes and hold none, and show the
//! first [`SHOWN_PER_RULE`](antenna_model::render::sink::SHOWN_PER_RULE) of each rule in a file ([`Cap`]).

use std::io::{self, Write};

use antenna_model::{Diagnostic, DiagnosticSink, Rule, Severity};

use crate::Fatal;
use crate::render;
pub use antenna_model::render::sink::{Cap, Human, Lines, not_shown};

/// Writes each diagnostic of `name` as a JSON line on `out` as it comes
/// (`check --format json`), then [`Json::finish`] the file's result; past
/// [`SHOWN_PER_RULE`](antenna_model::render::sink::SHOWN_PER_RULE) of a rule, its diagnostics are counted in the
/// result instead. The first error writing is kept for `finish`.
pub struct Json<W: Write> {
    name: String,
    cap: Cap,
    out: W,
    error: Option<io::Error>,
}

impl<W: Write> Json<W> {
    /// The diagnostics of `name`, on `out`.
    pub fn new(name: &str, out: W) -> Self {
        Json {
            name: name.to_owned(),
            cap: Cap::default(),
            out,
            error: None,
        }
    }

    /// Writes the file's result line ([`render::file_json`], with the
    /// count of the diagnostics not shown); the output back.
    pub fn finish(mut self, result: &render::FileResult) -> Result<W, Fatal> {
        if self.error.is_none() {
            let line = render::file_json(&self.name, Ok(result), &self.cap.not_shown());
            self.write(&line);
        }
        match self.error {
            Some(e) => Err(crate::io::stdout_error(e)),
            None => Ok(self.out),
        }
    }

    fn write(&mut self, value: &serde_json::Value) {
        self.write_with(|out| json_line(out, value));
    }

    fn write_all(&mut self, bytes: &[u8]) {
        self.write_with(|out| out.write_all(bytes));
    }

    /// Writes with `write` unless an error came before; keeps its error.
    fn write_with(&mut self, write: impl FnOnce(&mut W) -> io::Result<()>) {
        if self.error.is_none()
            && let Err(e) = write(&mut self.out)
        {
            self.error = Some(e);
        }
    }
}

impl<W: Write> DiagnosticSink for Json<W> {
    fn report(&mut self, diagnostic: Diagnostic) {
        let hidden = crate::io::quiet() && !diagnostic.is_error();
        if self.error.is_some() || hidden || !self.cap.admit(&diagnostic) {
            return;
        }
        let value = render::json(&self.name, &diagnostic);
        self.write(&value);
    }

    fn kept_per_rule(&self) -> Option<usize> {
        Some(antenna_model::render::sink::SHOWN_PER_RULE)
    }

    /// Counted as [`DiagnosticSink::report`] counts what it does not show.
    fn count(&mut self, rule: Rule, severity: Severity, n: usize) {
        if !(crate::io::quiet() && severity == Severity::Warning) {
            self.cap.count(rule.id, n);
        }
    }
}

/// Writes `value` as one JSON line, in one write (standard error is not
/// buffered): the one way `--format json` output is written.
pub fn json_line(out: &mut impl Write, value: &serde_json::Value) -> io::Result<()> {
    out.write_all(format!("{value}\n").as_bytes())
}

/// The diagnostics of a file that `convert` or `merge` reads, on
/// standard error as `--format` says. A JSON file result is `check`'s
/// alone: here the count of the diagnostics not shown is said as a
/// `note:` line, as for people.
pub enum Shown<'i> {
    Human(Human<'i, io::Stderr>),
    Json(Json<io::Stderr>),
}

impl Shown<'_> {
    /// Says what was not shown; the error that stopped the output, if any.
    pub fn finish(self) -> Result<(), Fatal> {
        let mut json = match self {
            Shown::Human(human) => return finished(human, "standard error").map(drop),
            Shown::Json(json) => json,
        };
        for (rule, n) in json.cap.not_shown() {
            let note = not_shown(&json.name, rule, n, crate::render::style_for(false));
            json.write_all(note.as_bytes());
        }
        match json.error {
            Some(e) => Err(crate::io::write_error("standard error", &e)),
            None => Ok(()),
        }
    }
}

impl DiagnosticSink for Shown<'_> {
    fn report(&mut self, diagnostic: Diagnostic) {
        match self {
            Shown::Human(human) => human.report(diagnostic),
            Shown::Json(json) => json.report(diagnostic),
        }
    }

    fn kept_per_rule(&self) -> Option<usize> {
        match self {
            Shown::Human(human) => human.kept_per_rule(),
            Shown::Json(json) => json.kept_per_rule(),
        }
    }

    fn count(&mut self, rule: Rule, severity: Severity, n: usize) {
        match self {
            Shown::Human(human) => human.count(rule, severity, n),
            Shown::Json(json) => json.count(rule, severity, n),
        }
    }
}

/// What [`Human::finish`] gives, an error writing to `what` said as one.
pub fn finished<W: Write>(human: Human<'_, W>, what: &str) -> Result<W, Fatal> {
    human.finish().map_err(|e| crate::io::write_error(what, &e))
}
