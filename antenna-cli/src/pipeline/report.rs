//! Where a source's diagnostics go, as [`DiagnosticSink`] adaptors: shown
//! rustc-style with their line ([`Human`]), gathered as JSON ([`Json`]),
//! or counted on the way to either (the model's
//! [`antenna_model::parts::Counted`]).

use std::borrow::Cow;
use std::cell::{OnceCell, RefCell};
use std::io::{self, Write};
use std::rc::Rc;

use antenna_model::{Diagnostic, DiagnosticSink, LineIndex};

use crate::Fatal;
use crate::render::{self, Excerpt, Style};
use crate::window::Window;

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
    fn render(&self, name: &str, d: &Diagnostic, style: Style) -> String {
        match self {
            Lines::Whole { bytes, text } => {
                let (text, index) = text.get_or_init(|| {
                    let text = crate::io::text_of(bytes);
                    let index = LineIndex::new(&text);
                    (text, index)
                });
                render::human_in(name, Some(Excerpt::whole(text, index)), d, style)
            }
            Lines::Window(window) => {
                let mut window = window.borrow_mut();
                render::human_in(name, window.excerpt(d.position.line), d, style)
            }
            Lines::Lent(lent) => {
                let mut lent = lent.borrow_mut();
                let Lent { bytes, text } = &mut *lent;
                let (text, index) = text.get_or_insert_with(|| {
                    let text = crate::io::text_of(bytes).into_owned();
                    let index = LineIndex::new(&text);
                    (text, index)
                });
                render::human_in(name, Some(Excerpt::whole(text, index)), d, style)
            }
        }
    }
}

/// Shows each diagnostic rustc-style on `out` (with a blank line after
/// each when `spaced`, as `check` prints them); the first error writing
/// is kept for [`Human::finish`], and nothing is written after it.
pub struct Human<'i, W: Write> {
    name: String,
    lines: Lines<'i>,
    style: Style,
    spaced: bool,
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

    /// The output back, or the error that stopped it.
    pub fn finish(self) -> Result<W, Fatal> {
        match self.error {
            Some(e) => Err(Fatal(format!("cannot write to {}: {e}", self.what))),
            None => Ok(self.out),
        }
    }
}

impl<W: Write> DiagnosticSink for Human<'_, W> {
    fn report(&mut self, diagnostic: Diagnostic) {
        if self.error.is_some() {
            return;
        }
        let text = self.lines.render(&self.name, &diagnostic, self.style);
        let end = if self.spaced { "\n" } else { "" };
        if let Err(e) = write!(self.out, "{text}{end}") {
            self.error = Some(e);
        }
    }
}

/// Gathers each diagnostic of `name` as a JSON object (`check --format
/// json`).
pub struct Json<'a> {
    pub name: &'a str,
    pub out: &'a mut Vec<serde_json::Value>,
}

impl DiagnosticSink for Json<'_> {
    fn report(&mut self, diagnostic: Diagnostic) {
        self.out.push(render::json(self.name, &diagnostic));
    }
}
