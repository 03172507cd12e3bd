//! Where a source's diagnostics go, as [`DiagnosticSink`] adaptors: shown
//! rustc-style with their line ([`Human`]), written as JSON lines
//! ([`Json`]), or counted on the way to either (the model's
//! [`antenna_model::parts::Counted`]).
//!
//! Both write each diagnostic as it comes and hold none: memory does not
//! grow with their number. Both show the first [`SHOWN_PER_RULE`] of each
//! rule in a file and count the rest ([`Cap`]), saying how many at the
//! end, so that a file of millions of one finding (a gzip of blank lines)
//! prints a bounded report.

use std::borrow::Cow;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::io::{self, Write};
use std::rc::Rc;

use antenna_model::{Diagnostic, DiagnosticSink, LineIndex};

use crate::Fatal;
use crate::render::LineMemo;
use crate::render::{self, Excerpt, SHOWN_PER_RULE, Style};
use antenna_model::render::window::Window;

/// The text a source's diagnostics point into.
pub enum Lines<'i> {
    /// A file held whole: its bytes, and (made on the first diagnostic)
    /// the text they are read as, gzip decompressed, with its line index.
    Whole {
        bytes: &'i [u8],
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
                    let text = crate::io::text_of(bytes);
                    let index = LineIndex::new(&text);
                    (text, index)
                });
                render::human(name, Some(Excerpt::whole(text, index)), d, style, memo)
            }
            Lines::Window(window) => {
                let mut window = window.borrow_mut();
                render::human(name, window.excerpt(d.position.line), d, style, memo)
            }
            Lines::Lent(lent) => {
                let mut lent = lent.borrow_mut();
                let Lent { bytes, text } = &mut *lent;
                let (text, index) = text.get_or_insert_with(|| {
                    let text = crate::io::text_of(bytes).into_owned();
                    let index = LineIndex::new(&text);
                    (text, index)
                });
                render::human(name, Some(Excerpt::whole(text, index)), d, style, memo)
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
    /// What `out` is, for the error: "standard output".
    what: &'static str,
    error: Option<io::Error>,
}

impl<'i, W: Write> Human<'i, W> {
    /// Shows the diagnostics of `name`, whose text is `lines`, on `out`
    /// (`what` names it in an error).
    pub fn new(name: &str, lines: Lines<'i>, style: Style, out: W, what: &'static str) -> Self {
        Human {
            name: name.to_owned(),
            lines,
            style,
            spaced: false,
            errors_only: crate::io::quiet(),
            cap: Cap::default(),
            memo: LineMemo::default(),
            out,
            what,
            error: None,
        }
    }

    /// With a blank line after each diagnostic.
    pub fn spaced(mut self) -> Self {
        self.spaced = true;
        self
    }

    /// Showing errors only: warnings are not rendered (`decode`, whose
    /// reader wants the reasons a file was rejected, or nothing).
    pub fn errors_only(mut self) -> Self {
        self.errors_only = true;
        self
    }

    /// Says how many diagnostics of each rule were not shown; the output
    /// back, or the error that stopped it.
    pub fn finish(mut self) -> Result<W, Fatal> {
        if self.error.is_none() {
            for (rule, n) in self.cap.not_shown() {
                let note = render::not_shown(&self.name, rule, n, self.style);
                if let Err(e) = self.out.write_all(note.as_bytes()) {
                    self.error = Some(e);
                    break;
                }
            }
        }
        match self.error {
            Some(e) => Err(crate::io::write_error(self.what, &e)),
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
}

/// Writes each diagnostic of `name` as a JSON line on `out` as it comes
/// (`check --format json`), then [`Json::finish`] the file's result; past
/// [`SHOWN_PER_RULE`] of a rule, its diagnostics are counted in the
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
    pub fn finish(mut self, result: &render::FileResult<'_>) -> Result<W, Fatal> {
        if self.error.is_none() {
            let line = render::file_json(&self.name, result, &self.cap.not_shown());
            self.write(&line);
        }
        match self.error {
            Some(e) => Err(crate::io::write_error("standard output", &e)),
            None => Ok(self.out),
        }
    }

    fn write(&mut self, value: &serde_json::Value) {
        self.write_all(format!("{value}\n").as_bytes());
    }

    fn write_all(&mut self, bytes: &[u8]) {
        if self.error.is_none()
            && let Err(e) = self.out.write_all(bytes)
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
            Shown::Human(human) => return human.finish().map(drop),
            Shown::Json(json) => json,
        };
        for (rule, n) in json.cap.not_shown() {
            let note = render::not_shown(&json.name, rule, n, crate::render::style_for(false));
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
}
