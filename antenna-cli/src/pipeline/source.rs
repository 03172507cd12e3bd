//! Sources: an input read as the head and parts of its format.
//!
//! - [`Held`] and [`Whole`] ([`antenna_model::held`]): a file held in
//!   memory (a HINA-DI or RSS file, `merge`'s standard input), read by its
//!   format's part reader ([`PartCodec::reader`]).
//! - [`LirsFile`]: a LIRS file (gzip or plain) read from disk record by
//!   record, in memory that does not grow with the file. LIRS 2.1 §3.5's
//!   repeated-URL check, which needs every URL seen, is made in two passes
//!   ([`lirs::two_pass`]): the first records a fingerprint of each URL
//!   on disk, the second reads for everything else, keeping the URLs of
//!   the few records the first found may repeat another's. What it gives
//!   is what reading the file whole gives, diagnostics with their line
//!   and caret included (see [`antenna_model::render::window`]); but for one difference by
//!   nature: a gzip file corrupt part way is reported with the diagnostics
//!   of the records before the damage, where the whole-file reader, which
//!   decompresses first, reports the damage alone.

use std::cell::RefCell;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::rc::Rc;

use antenna_model::held::HeldDocument;
pub use antenna_model::held::{Held, Whole};
use antenna_model::{Codec, DiagnosticSink, Feed, PartCodec};
use lirs::Lirs;
use lirs::two_pass::{Settings, Spill, TwoPass, TwoPassError};

use super::report::Lines;
use crate::Fatal;
use crate::spool::{Spool, temporary};
use antenna_model::render::window::{Tee, Window};

/// A codec's head.
pub type Head<C> = <C as PartCodec>::Head;
/// A codec's part.
pub type Part<C> = <C as PartCodec>::Part;

/// An input read as the head and parts of the format `C`:
/// [`Source::start`], then (when a target needs a first pass over the
/// parts, [`PartCodec::SUMMARY_PASS`]) [`Source::survey`], then
/// [`Source::next_part`] to the end and [`Source::finish`].
pub trait Source<'i> {
    /// The format it is read as.
    type C: PartCodec;

    /// `true` when the input is held in memory whole (so a caller may as
    /// well keep what it makes of it), `false` when it is read from disk
    /// as it goes.
    const HELD: bool;

    /// `true` when no two of its parts can share a URL (its reader checks
    /// them all, in bounded memory): a target then needs no memory of the
    /// URLs it has written to leave a repeat out.
    const DISTINCT: bool;

    /// The first pass: each part read without an error to `each`, no
    /// diagnostic given, until `each` breaks (a source reads no more of
    /// it where it need not: see [`LirsFile`]'s).
    fn survey(
        &mut self,
        each: &mut dyn FnMut(&Part<Self::C>) -> ControlFlow<()>,
    ) -> Result<(), Fatal>;

    /// Starts the reading: the feed its head makes (losses aside: they
    /// are the finished head's), or `None` when the input is rejected
    /// before any part (the diagnostics given to `sink`).
    fn start(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<Feed>, Fatal>;

    /// The next part, its diagnostics and those before it given to `sink`
    /// first; `None` at the end.
    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Part<Self::C>>;

    /// Ends the reading, the last diagnostics given to `sink`: the head,
    /// complete, or `None` when the input was rejected at its start.
    fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<Head<Self::C>>, Fatal>;

    /// The text its diagnostics point into.
    fn lines(&self) -> Lines<'i>;
}

/// A file held in memory ([`Held`], [`Whole`]), read by its format's part
/// reader.
impl<'i, D: HeldDocument<'i>> Source<'i> for D {
    type C = D::C;
    const HELD: bool = true;
    const DISTINCT: bool = false;

    fn survey(
        &mut self,
        each: &mut dyn FnMut(&Part<D::C>) -> ControlFlow<()>,
    ) -> Result<(), Fatal> {
        HeldDocument::survey(self, each);
        Ok(())
    }

    fn start(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<Feed>, Fatal> {
        Ok(HeldDocument::start(self, sink))
    }

    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Part<D::C>> {
        HeldDocument::next_part(self, sink)
    }

    fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<Head<D::C>>, Fatal> {
        Ok(HeldDocument::finish(self, sink))
    }

    fn lines(&self) -> Lines<'i> {
        HeldDocument::lines(self)
    }
}

/// A file refused before it is read (gzip past the size limit): its one
/// diagnostic, and no part.
pub struct Refused<C> {
    diagnostic: Option<antenna_model::Diagnostic>,
    codec: std::marker::PhantomData<C>,
}

impl<C> Refused<C> {
    /// Refused for `diagnostic`.
    pub fn new(diagnostic: antenna_model::Diagnostic) -> Self {
        Refused {
            diagnostic: Some(diagnostic),
            codec: std::marker::PhantomData,
        }
    }
}

impl<C: PartCodec> Source<'static> for Refused<C> {
    type C = C;
    const HELD: bool = true;
    const DISTINCT: bool = false;

    fn survey(&mut self, _: &mut dyn FnMut(&C::Part) -> ControlFlow<()>) -> Result<(), Fatal> {
        Ok(())
    }

    fn start(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<Feed>, Fatal> {
        self.diagnostic
            .take()
            .into_iter()
            .for_each(|d| sink.report(d));
        Ok(None)
    }

    fn next_part(&mut self, _: &mut dyn DiagnosticSink) -> Option<C::Part> {
        None
    }

    fn finish(&mut self, _: &mut dyn DiagnosticSink) -> Result<Option<C::Head>, Fatal> {
        Ok(None)
    }

    fn lines(&self) -> Lines<'static> {
        Lines::whole(&[])
    }
}

/// Standard input copied whole to a temporary file, and a handle on the
/// copy at its start. A failure of the temporary file says so
/// ([`temporary`]), as a failure to read the input would not.
fn spool_stdin() -> std::io::Result<(Spool, File)> {
    let mut spool = Spool::create()?;
    let mut stdin = std::io::stdin().lock();
    loop {
        let read = stdin.fill_buf()?;
        if read.is_empty() {
            break;
        }
        let n = read.len();
        spool.write_all(read).map_err(temporary)?;
        stdin.consume(n);
    }
    let file = spool.reopen().map_err(temporary)?;
    Ok((spool, file))
}

/// A LIRS file (or standard input copied to a temporary file) read
/// record by record, twice ([`TwoPass`]): the file stays open between the
/// passes, so that both read the same file even if its name is given to
/// another.
pub struct LirsFile {
    passes: TwoPass<'static>,
    /// What errors reading it name: the file, or standard input.
    what: String,
    window: Rc<RefCell<Window>>,
    /// Standard input's copy, kept while it is read.
    _spool: Option<Spool>,
}

impl LirsFile {
    /// `path` (named `name`) when it is a LIRS file, gzip or plain; `None`
    /// for standard input and files of other formats, which are held.
    pub fn open(path: &Path, name: &str, strict: bool) -> std::io::Result<Option<Self>> {
        if path == Path::new("-") {
            return Ok(None);
        }
        let Ok(file) = File::open(path) else {
            // Reading it whole gives the error.
            return Ok(None);
        };
        if !lirs::is_lirs(&file)? {
            return Ok(None);
        }
        Ok(Some(LirsFile::of(file, name.to_owned(), strict, None)))
    }

    /// Standard input, copied to a temporary file: read record by record
    /// as a named file is when it is LIRS, else its bytes, to be held
    /// (issue #28: `zcat x | antenna check -` held the whole text, 2-2.7x
    /// and growing).
    pub fn stdin_or_bytes(strict: bool) -> std::io::Result<Result<Self, Vec<u8>>> {
        let (spool, mut file) = spool_stdin()?;
        if lirs::is_lirs(&file)? {
            return Ok(Ok(LirsFile::of_stdin(spool, file, strict)));
        }
        let mut bytes = Vec::new();
        file.seek(SeekFrom::Start(0))
            .and_then(|_| file.read_to_end(&mut bytes))
            .map_err(temporary)?;
        Ok(Err(bytes))
    }

    /// Standard input, copied to a temporary file first, to be read twice.
    pub fn stdin(strict: bool) -> Result<Self, Fatal> {
        let (spool, file) =
            spool_stdin().map_err(|e| Fatal(format!("cannot read standard input: {e}")))?;
        Ok(LirsFile::of_stdin(spool, file, strict))
    }

    /// Standard input's copy `spool`, read through `file`.
    fn of_stdin(spool: Spool, file: File, strict: bool) -> Self {
        LirsFile::of(file, "standard input".to_owned(), strict, Some(spool))
    }

    /// `file`, each pass reading it from its start through a handle of
    /// its own; the second pass's lines kept in the window.
    fn of(file: File, what: String, strict: bool, spool: Option<Spool>) -> Self {
        let reopen = move || {
            let mut file = file.try_clone()?;
            file.seek(SeekFrom::Start(0))?;
            Ok(Box::new(BufReader::new(file)) as Box<dyn BufRead>)
        };
        let spill = || Ok(Box::new(Spool::create()?) as Box<dyn Spill>);
        let window = Window::shared();
        let kept = Rc::clone(&window);
        let through = move |text| Box::new(Tee::new(text, Rc::clone(&kept))) as Box<dyn BufRead>;
        let options = Lirs::read_options(strict);
        let passes = TwoPass::new(Box::new(reopen), options, Settings::new(Box::new(spill)))
            .through(Box::new(through));
        LirsFile {
            passes,
            what,
            window,
            _spool: spool,
        }
    }

    /// A two-pass reading's failure, naming the input.
    fn error(&self, e: TwoPassError) -> Fatal {
        match e {
            TwoPassError::Read(e) => Fatal(format!("cannot read {}: {e}", self.what)),
            TwoPassError::Spill(why) => Fatal(why),
            TwoPassError::Changed => Fatal(format!("{} changed while it was read", self.what)),
        }
    }
}

impl Source<'static> for LirsFile {
    type C = Lirs;
    const HELD: bool = false;
    /// §3.5, checked in two passes.
    const DISTINCT: bool = true;

    /// The first pass, which also finds the records that may repeat
    /// another's URL (LIRS 2.1 §3.5), so it reads every record even
    /// after `each` breaks: `each` is then no longer called.
    fn survey(
        &mut self,
        each: &mut dyn FnMut(&lirs::Record) -> ControlFlow<()>,
    ) -> Result<(), Fatal> {
        let mut wanted = true;
        let mut each = |record: &lirs::Record| {
            if wanted {
                wanted = each(record).is_continue();
            }
        };
        self.passes.survey(&mut each).map_err(|e| self.error(e))
    }

    /// The head a LIRS file starts with (the second pass opens at its
    /// first part, once a first pass has been made).
    fn start(&mut self, _: &mut dyn DiagnosticSink) -> Result<Option<Feed>, Fatal> {
        Ok(Some(Lirs::head_to_feed(
            &lirs::Head::default(),
            &mut Vec::new(),
        )))
    }

    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<lirs::Record> {
        let part = self.passes.next_part(sink);
        if part.is_some() {
            self.window.borrow_mut().let_go();
        }
        part
    }

    fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<lirs::Head>, Fatal> {
        self.passes.finish(sink).map_err(|e| self.error(e))
    }

    fn lines(&self) -> Lines<'static> {
        Lines::Window(Rc::clone(&self.window))
    }
}
