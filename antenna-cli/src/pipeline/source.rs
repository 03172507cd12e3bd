//! Sources: an input read as the head and parts of its format.
//!
//! - [`Held`]: a file held in memory (a HINA-DI or RSS file, `merge`'s
//!   standard input), read by its format's part reader ([`PartCodec::reader`]).
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

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::rc::Rc;

use antenna_model::parts::Discard;
use antenna_model::{Codec, Diagnostic, DiagnosticSink, Feed, Format, PartCodec, PartReader};
use lirs::Lirs;
use lirs::two_pass::{CandidateCheck, Candidates, Fingerprints, Settings, Spill};

use super::report::{Lent, Lines};
use crate::Fatal;
use crate::spool::Spool;
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
    /// diagnostic given.
    fn survey(&mut self, each: &mut dyn FnMut(&Part<Self::C>)) -> Result<(), Fatal>;

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

/// A file held in memory, read by `C`'s part reader.
pub struct Held<'i, C: PartCodec> {
    bytes: &'i [u8],
    options: C::ReadOptions,
    reader: Option<C::Reader<'i>>,
}

impl<'i, C: PartCodec> Held<'i, C> {
    /// `bytes`, to be read strictly or not.
    pub fn new(bytes: &'i [u8], strict: bool) -> Self {
        Held {
            bytes,
            options: C::read_options(strict),
            reader: None,
        }
    }
}

impl<'i, C: PartCodec> Source<'i> for Held<'i, C> {
    type C = C;
    const HELD: bool = true;
    const DISTINCT: bool = false;

    fn survey(&mut self, each: &mut dyn FnMut(&C::Part)) -> Result<(), Fatal> {
        let (bytes, options) = (self.bytes, &self.options);
        survey(&mut self.reader, || C::reader(bytes, options), each);
        Ok(())
    }

    fn start(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<Feed>, Fatal> {
        Ok(start::<C, _>(
            &mut self.reader,
            C::reader(self.bytes, &self.options),
            sink,
        ))
    }

    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<C::Part> {
        self.reader.as_mut()?.next_part(sink)
    }

    fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<C::Head>, Fatal> {
        Ok(self.reader.take().map(|reader| reader.finish(sink)))
    }

    fn lines(&self) -> Lines<'i> {
        Lines::whole(self.bytes)
    }
}

/// A file held in memory whose format's part reader owns what it reads
/// (its type `R` does not borrow the input: an RSS reader holds its
/// document, XML being well-formed only as a whole). Its bytes, needed
/// only to show diagnostics, are let go of once the first part is given
/// (such a reader gives every diagnostic before it) or the reading ends,
/// so that they and the document are not held together while it is
/// converted.
pub struct Whole<C: PartCodec, R> {
    lent: Rc<std::cell::RefCell<Lent>>,
    options: C::ReadOptions,
    reader: Option<R>,
    /// The parts the survey took from the started reader, each with the
    /// diagnostics given before it, to be given again in order: reading
    /// the document again would cost as much as the first reading.
    surveyed: VecDeque<(Vec<Diagnostic>, C::Part)>,
    /// The diagnostics the reader gave after its last part, in the survey.
    surveyed_after: Vec<Diagnostic>,
}

impl<C, R> Whole<C, R>
where
    C: for<'a> PartCodec<Reader<'a> = R>,
    R: PartReader<Head = C::Head, Part = C::Part>,
{
    /// `bytes`, to be read strictly or not.
    pub fn new(bytes: Vec<u8>, strict: bool) -> Self {
        Whole {
            lent: Lent::new(bytes),
            options: C::read_options(strict),
            reader: None,
            surveyed: VecDeque::new(),
            surveyed_after: Vec::new(),
        }
    }

    /// A reader of the bytes (while they are lent).
    fn reader(&self) -> Result<R, antenna_model::Rejected> {
        C::reader(&self.lent.borrow().bytes, &self.options)
    }
}

impl<C, R> Source<'static> for Whole<C, R>
where
    C: for<'a> PartCodec<Reader<'a> = R>,
    R: PartReader<Head = C::Head, Part = C::Part>,
{
    type C = C;
    const HELD: bool = true;
    const DISTINCT: bool = false;

    fn survey(&mut self, each: &mut dyn FnMut(&C::Part)) -> Result<(), Fatal> {
        // The document is held by the started reader: its parts are moved
        // out and kept (no more memory than the reader held), not read
        // again.
        if let Some(reader) = &mut self.reader {
            let mut said = Vec::new();
            while let Some(part) = reader.next_part(&mut said) {
                each(&part);
                self.surveyed.push_back((std::mem::take(&mut said), part));
            }
            self.surveyed_after = said;
            return Ok(());
        }
        let (lent, options) = (&self.lent, &self.options);
        survey(
            &mut self.reader,
            || C::reader(&lent.borrow().bytes, options),
            each,
        );
        Ok(())
    }

    fn start(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<Feed>, Fatal> {
        let made = self.reader();
        let feed = start::<C, _>(&mut self.reader, made, sink);
        if feed.is_none() {
            self.lent.borrow_mut().release();
        }
        Ok(feed)
    }

    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<C::Part> {
        let part = match self.surveyed.pop_front() {
            Some((said, part)) => {
                said.into_iter().for_each(|d| sink.report(d));
                Some(part)
            }
            None => {
                std::mem::take(&mut self.surveyed_after)
                    .into_iter()
                    .for_each(|d| sink.report(d));
                self.reader.as_mut()?.next_part(sink)
            }
        };
        self.lent.borrow_mut().release();
        part
    }

    fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<C::Head>, Fatal> {
        let head = self.reader.take().map(|reader| reader.finish(sink));
        self.lent.borrow_mut().release();
        Ok(head)
    }

    fn lines(&self) -> Lines<'static> {
        Lines::Lent(Rc::clone(&self.lent))
    }
}

/// A first pass with a reader of its own (`make`): the one `started` (if
/// any) is let go of first and made again after, so that no two
/// documents are held at once (an RSS reader holds its document).
fn survey<R: PartReader>(
    started: &mut Option<R>,
    make: impl Fn() -> Result<R, antenna_model::Rejected>,
    each: &mut dyn FnMut(&R::Part),
) {
    let was = started.take().is_some();
    if let Ok(mut reader) = make() {
        while let Some(part) = reader.next_part(&mut Discard) {
            each(&part);
        }
    }
    if was {
        *started = make().ok();
    }
}

/// Starts the reading with the reader `made`, kept in `slot`: the feed of
/// its head, or `None` with the diagnostics that reject the input given
/// to `sink`.
fn start<C: PartCodec, R: PartReader<Head = C::Head>>(
    slot: &mut Option<R>,
    made: Result<R, antenna_model::Rejected>,
    sink: &mut dyn DiagnosticSink,
) -> Option<Feed> {
    match made {
        Ok(reader) => {
            let feed = C::head_to_feed(reader.head(), &mut Vec::new());
            *slot = Some(reader);
            Some(feed)
        }
        Err(rejected) => {
            rejected
                .diagnostics
                .into_iter()
                .for_each(|d| sink.report(d));
            None
        }
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

    fn survey(&mut self, _: &mut dyn FnMut(&C::Part)) -> Result<(), Fatal> {
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

/// How much of a file is looked at at a time to tell whether it is LIRS.
const SNIFF: u64 = 64 * 1024;

/// Whether `file` (read from where it stands) is LIRS, as
/// [`Format::detect`] tells: gzip, or a `LIRS,` record as its first line
/// that is neither blank nor a `#` comment. Blank and comment lines are
/// let go of as they are read, [`SNIFF`] bytes at a time, so that a file
/// of millions of them before its first record is still read record by
/// record (issue #28: 4 Mi blank lines were held whole, 25x the text); a
/// comment line longer than [`SNIFF`] ends the look (the file is then
/// held, and read whole).
fn is_lirs(file: &File) -> std::io::Result<bool> {
    let mut head = Vec::new();
    loop {
        let before = head.len();
        file.take(SNIFF).read_to_end(&mut head)?;
        let ended = ((head.len() - before) as u64) < SNIFF;
        if antenna_model::gzip::is_gzip(&head) {
            // What is inside may need more than this look (a long XML
            // prolog): the stream goes on from the file.
            let stream = std::io::Cursor::new(head).chain(file);
            return Ok(Format::detect_gzip(stream) == Some(Format::Lirs));
        }
        if let Some(format) = Format::detect(&head) {
            return Ok(format == Format::Lirs);
        }
        // Undecided: go on only past whole lines that are all blank or
        // comments (the gzip magic and `HINA/` are at the start).
        let whole = head.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let skippable = head
            .get(..whole)
            .unwrap_or_default()
            .split(|&b| b == b'\n')
            .all(|line| {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                line.is_empty() || line.starts_with(b"#")
            });
        if ended || !skippable || whole == 0 {
            return Ok(false);
        }
        head.drain(..whole);
    }
}

/// Standard input copied whole to a temporary file. A failure of the
/// temporary file says so, as a failure to read the input would not.
fn spool_stdin() -> std::io::Result<Spool> {
    let mut spool = Spool::new().map_err(|Fatal(why)| std::io::Error::other(why))?;
    let mut stdin = std::io::stdin().lock();
    loop {
        let read = stdin.fill_buf()?;
        if read.is_empty() {
            return Ok(spool);
        }
        let n = read.len();
        spool.write_all(read).map_err(temporary)?;
        stdin.consume(n);
    }
}

/// A temporary file's error, told apart from the input's.
fn temporary(e: std::io::Error) -> std::io::Error {
    std::io::Error::other(format!("cannot write a temporary file: {e}"))
}

/// The second pass's reader of a [`LirsFile`].
type Records = lirs::RecordReader<Box<dyn BufRead>, CandidateCheck>;

/// A LIRS file (or standard input copied to a temporary file) read record by record, twice (see the module's
/// documentation): the file stays open between the passes, so that both
/// read the same file even if its name is given to another.
pub struct LirsFile {
    /// The input, read from its start by each pass.
    file: File,
    /// What errors reading it name: the file, or standard input.
    what: String,
    strict: bool,
    /// What the first pass found, until the second starts.
    candidates: Option<Candidates>,
    /// The second pass: the reader, and the checks the first pass made.
    reader: Option<(Records, u64, Rc<std::cell::Cell<u64>>)>,
    /// Why the second pass could not start, said when it finishes.
    failed: Option<Fatal>,
    window: Rc<std::cell::RefCell<Window>>,
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
        if !is_lirs(&file)? {
            return Ok(None);
        }
        Ok(Some(LirsFile::of(file, name.to_owned(), strict, None)))
    }

    /// Standard input, copied to a temporary file: read record by record
    /// as a named file is when it is LIRS, else its bytes, to be held
    /// (issue #28: `zcat x | antenna check -` held the whole text, 2-2.7x
    /// and growing).
    pub fn stdin_or_bytes(strict: bool) -> std::io::Result<Result<Self, Vec<u8>>> {
        let mut spool = spool_stdin()?;
        let mut file = spool.reopen().map_err(temporary)?;
        if is_lirs(&file)? {
            return Ok(Ok(LirsFile::of(
                file,
                "standard input".to_owned(),
                strict,
                Some(spool),
            )));
        }
        let mut bytes = Vec::new();
        file.seek(SeekFrom::Start(0))
            .and_then(|_| file.read_to_end(&mut bytes))
            .map_err(temporary)?;
        Ok(Err(bytes))
    }

    /// Standard input, copied to a temporary file first, to be read twice.
    pub fn stdin(strict: bool) -> Result<Self, Fatal> {
        let fatal = |e: std::io::Error| Fatal(format!("cannot read standard input: {e}"));
        let mut spool = spool_stdin().map_err(fatal)?;
        let file = spool.reopen().map_err(super::spool_error)?;
        Ok(LirsFile::of(
            file,
            "standard input".to_owned(),
            strict,
            Some(spool),
        ))
    }

    fn of(file: File, what: String, strict: bool, spool: Option<Spool>) -> Self {
        LirsFile {
            file,
            what,
            strict,
            candidates: None,
            reader: None,
            failed: None,
            window: Window::shared(),
            _spool: spool,
        }
    }

    /// The input from its start.
    fn source(&self) -> Result<BufReader<File>, Fatal> {
        let mut file = self.file.try_clone().map_err(|e| self.read_error(e))?;
        file.seek(SeekFrom::Start(0))
            .map_err(|e| self.read_error(e))?;
        Ok(BufReader::new(file))
    }

    fn read_error(&self, e: std::io::Error) -> Fatal {
        Fatal(format!("cannot read {}: {e}", self.what))
    }

    /// Opens the second pass, after the first (made now if it was not).
    fn second_pass(&mut self) -> Result<(), Fatal> {
        if self.candidates.is_none() {
            self.survey(&mut |_| {})?;
        }
        let Some(candidates) = self.candidates.take() else {
            return Err(Fatal("the first pass found nothing".to_owned()));
        };
        let checked = candidates.checked();
        let (check, asked) = candidates.check();
        let window = Rc::clone(&self.window);
        let options = Lirs::read_options(self.strict);
        let reader = lirs::RecordReader::sniff_through(self.source()?, options, |text| {
            Box::new(Tee::new(text, window))
        })
        .map_err(|e| self.read_error(e))?
        .with_duplicate_check(check);
        self.reader = Some((reader, checked, asked));
        Ok(())
    }
}

impl Source<'static> for LirsFile {
    type C = Lirs;
    const HELD: bool = false;
    /// §3.5, checked in two passes.
    const DISTINCT: bool = true;

    /// The first pass, which also finds the records that may repeat
    /// another's URL.
    fn survey(&mut self, each: &mut dyn FnMut(&lirs::Record)) -> Result<(), Fatal> {
        let spill = || {
            let spool = Spool::new().map_err(|Fatal(why)| std::io::Error::other(why))?;
            Ok(Box::new(spool) as Box<dyn Spill>)
        };
        let mut fingerprints = Fingerprints::new(Settings::new(Box::new(spill)));
        let options = Lirs::read_options(self.strict);
        let mut reader = lirs::RecordReader::sniff(self.source()?, options)
            .map_err(|e| self.read_error(e))?
            .with_duplicate_check(&mut fingerprints);
        while let Some(record) = reader.next_part(&mut Discard) {
            each(&record);
        }
        drop(reader);
        self.candidates = Some(fingerprints.candidates().map_err(Fatal)?);
        Ok(())
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
        if self.reader.is_none() && self.failed.is_none() {
            self.failed = self.second_pass().err();
        }
        let part = self.reader.as_mut()?.0.next_part(sink);
        if part.is_some() {
            self.window.borrow_mut().let_go();
        }
        part
    }

    fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<lirs::Head>, Fatal> {
        if self.reader.is_none() && self.failed.is_none() {
            self.second_pass()?;
        }
        if let Some(failed) = self.failed.take() {
            return Err(failed);
        }
        let Some((reader, checked, asked)) = self.reader.take() else {
            return Ok(None);
        };
        let head = reader.finish(sink);
        if asked.get() != checked {
            return Err(Fatal(format!("{} changed while it was read", self.what)));
        }
        Ok(Some(head))
    }

    fn lines(&self) -> Lines<'static> {
        Lines::Window(Rc::clone(&self.window))
    }
}

#[cfg(test)]
mod sniff_tests {
    use std::io::{Seek, SeekFrom, Write};

    use super::*;

    /// `text` in a temporary file, opened for reading.
    fn file(text: &[u8]) -> File {
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(text).unwrap();
        file.seek(SeekFrom::Start(0)).unwrap();
        file
    }

    const RECORD: &[u8] = b"LIRS,1030000000,1030000000,32400,100,http://www.example.jp/,t,a,http://antenna.example.jp/,,\n";

    #[test]
    fn a_record_after_more_than_a_look_of_blank_and_comment_lines_is_lirs() {
        // Issue #28: 1 MB of blank and comment lines held the whole file.
        let mut text = b"# a comment\r\n\r\n".repeat(70_000);
        text.extend_from_slice(RECORD);
        assert!(text.len() as u64 > 10 * SNIFF);
        assert!(is_lirs(&file(&text)).unwrap());
        // The same lines before something else are not.
        let mut other = b"\n".repeat(200_000);
        other.extend_from_slice(b"<rss version=\"2.0\"/>\n");
        assert!(!is_lirs(&file(&other)).unwrap());
        // Only blank lines, or a comment longer than the look, are not
        // LIRS (read whole, as before).
        assert!(!is_lirs(&file(&b"\n".repeat(200_000))).unwrap());
        let mut long = b"#".repeat(3 * SNIFF as usize);
        long.extend_from_slice(b"\n");
        long.extend_from_slice(RECORD);
        assert!(!is_lirs(&file(&long)).unwrap());
    }

    /// A file rewritten between the passes is not checked with the first
    /// pass's candidates.
    #[test]
    fn a_file_changed_between_the_passes_is_an_error() {
        let bytes = RECORD.repeat(50);
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(&bytes).unwrap();
        let mut source = LirsFile::open(file.path(), "changing.lirs", false)
            .unwrap()
            .expect("LIRS");
        source.survey(&mut |_| {}).unwrap();
        // Written in place: the open file sees it.
        file.write_all(&bytes).unwrap();
        file.flush().unwrap();
        let mut shown = Vec::new();
        source.start(&mut shown).unwrap();
        while source.next_part(&mut shown).is_some() {}
        let Err(Fatal(message)) = source.finish(&mut shown) else {
            panic!("the change went unnoticed");
        };
        assert_eq!(message, "changing.lirs changed while it was read");
    }

    #[test]
    fn a_record_cut_by_the_look_is_read_on() {
        let mut text = b"\n".repeat(SNIFF as usize - 3);
        text.extend_from_slice(RECORD);
        assert!(is_lirs(&file(&text)).unwrap());
    }
}
