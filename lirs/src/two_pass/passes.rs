//! A LIRS input read twice ([`TwoPass`]): the first pass records the
//! fingerprints ([`Fingerprints`]), the second reads for everything else
//! with the candidates' check, so that what it gives is what reading the
//! input whole gives, in memory that does not grow with it.

use std::cell::Cell;
use std::io::{self, BufRead};
use std::rc::Rc;

use antenna_model::parts::Discard;
use antenna_model::{DiagnosticSink, PartReader as _};

use super::{CandidateCheck, Candidates, Fingerprints, Settings};
use crate::{Head, ReadOptions, Record, RecordReader};

/// What stops a two-pass reading.
#[derive(Debug)]
pub enum TwoPassError {
    /// The input could not be read.
    Read(io::Error),
    /// A spill could not be made, written or read: one sentence.
    Spill(String),
    /// The second pass was asked about other records than the first: the
    /// input changed while it was read.
    Changed,
}

impl From<io::Error> for TwoPassError {
    fn from(e: io::Error) -> Self {
        TwoPassError::Read(e)
    }
}

/// The input from its start (gzip or plain), once for each pass.
pub type Reopen<'a> = Box<dyn FnMut() -> io::Result<Box<dyn BufRead + 'a>> + 'a>;

/// What the second pass's text (decompressed, for gzip) is read through:
/// a caller keeping the line being read, to show its diagnostics.
pub type Through<'a> = Box<dyn FnMut(Box<dyn BufRead + 'a>) -> Box<dyn BufRead + 'a> + 'a>;

/// The second pass's reader.
type Second<'a> = RecordReader<Box<dyn BufRead + 'a>, CandidateCheck>;

/// A LIRS input read record by record, twice: [`TwoPass::survey`] (the
/// first pass, made when the second starts if not before), then
/// [`TwoPass::next_part`] to the end and [`TwoPass::finish`]. Its
/// diagnostics, §3.5's repeated URLs included, are those of
/// [`read`](crate::read) over the same input.
pub struct TwoPass<'a> {
    reopen: Reopen<'a>,
    through: Through<'a>,
    options: ReadOptions,
    /// How the first pass works, until it is made.
    settings: Option<Settings>,
    /// What the first pass found, until the second starts.
    candidates: Option<Candidates>,
    /// The second pass: the reader, the checks the first pass was asked,
    /// and those the second has been.
    reader: Option<(Second<'a>, u64, Rc<Cell<u64>>)>,
    /// Why the second pass could not start, said when it finishes.
    failed: Option<TwoPassError>,
}

impl<'a> TwoPass<'a> {
    /// The input `reopen` gives, read with `options`, the first pass as
    /// `settings` say.
    pub fn new(reopen: Reopen<'a>, options: ReadOptions, settings: Settings) -> Self {
        TwoPass {
            reopen,
            through: Box::new(|text| text),
            options,
            settings: Some(settings),
            candidates: None,
            reader: None,
            failed: None,
        }
    }

    /// With the second pass's text read through `through`.
    pub fn through(mut self, through: Through<'a>) -> Self {
        self.through = through;
        self
    }

    /// The lines the first pass found may repeat a URL, once it is made
    /// (and until the second starts).
    pub fn candidate_lines(&self) -> &[u32] {
        self.candidates.as_ref().map_or(&[], Candidates::lines)
    }

    /// The first pass: each record read without an error to `each`, no
    /// diagnostic given; it finds the records that may repeat another's
    /// URL. It is made once.
    pub fn survey(&mut self, each: &mut dyn FnMut(&Record)) -> Result<(), TwoPassError> {
        let Some(settings) = self.settings.take() else {
            return Err(TwoPassError::Spill(
                "the first pass was made already".to_owned(),
            ));
        };
        let mut fingerprints = Fingerprints::new(settings);
        let mut reader = RecordReader::sniff((self.reopen)()?, self.options)?
            .with_duplicate_check(&mut fingerprints);
        while let Some(record) = reader.next_part(&mut Discard) {
            each(&record);
        }
        drop(reader);
        let candidates = fingerprints.candidates().map_err(TwoPassError::Spill)?;
        self.candidates = Some(candidates);
        Ok(())
    }

    /// Opens the second pass, after the first (made now if it was not).
    fn second_pass(&mut self) -> Result<(), TwoPassError> {
        if self.candidates.is_none() {
            self.survey(&mut |_| {})?;
        }
        let Some(candidates) = self.candidates.take() else {
            return Err(TwoPassError::Spill(
                "the first pass found nothing".to_owned(),
            ));
        };
        let checked = candidates.checked();
        let (check, asked) = candidates.check();
        let through = &mut self.through;
        let reader = RecordReader::sniff_through((self.reopen)()?, self.options, through)?
            .with_duplicate_check(check);
        self.reader = Some((reader, checked, asked));
        Ok(())
    }

    /// The next record of the second pass, its diagnostics and those
    /// before it given to `sink` first; `None` at the end (or when the
    /// second pass could not start: [`TwoPass::finish`] says why).
    pub fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Record> {
        if self.reader.is_none() && self.failed.is_none() {
            self.failed = self.second_pass().err();
        }
        self.reader.as_mut()?.0.next_part(sink)
    }

    /// Ends the reading, the last diagnostics given to `sink`: the head,
    /// or why the reading failed.
    pub fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Result<Option<Head>, TwoPassError> {
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
            return Err(TwoPassError::Changed);
        }
        Ok(Some(head))
    }
}
