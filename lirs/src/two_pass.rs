//! LIRS 2.1 §3.5's duplicate-URL check for a streamed file, exact and in
//! memory that does not grow with the file.
//!
//! A one-pass exact check must keep every URL seen ([`SeenUrls`], about
//! 130 bytes a record), so the file is read twice, by two
//! [`RecordReader`](crate::RecordReader)s over the same bytes (any
//! `Read + Seek`, read from its start each time):
//!
//! 1. [`Fingerprints`] records a 96-bit keyed fingerprint of each record's
//!    URL identity ([`UrlIdentity`]) with its line, in a buffer of fixed
//!    size; a full buffer is sorted and written to a spill (a temporary
//!    file the caller makes: this crate does no IO of its own) as a run. At the end the runs are merged, a few at a time through small
//!    buffers, and the lines whose fingerprint is seen more than once are
//!    the [`Candidates`] (none, in a file without repeats).
//! 2. [`CandidateCheck`] answers the reader's check: a record that is not a
//!    candidate has a fingerprint no other record has, so its URL repeats
//!    none; candidates go through the in-memory [`SeenUrls`], which compares
//!    the identities' texts. A fingerprint collision makes two records
//!    candidates but never a diagnostic, and every record of a repeated URL
//!    is a candidate, so the answers are exactly those of [`SeenUrls`] over
//!    the whole file.
//!
//! [`TwoPass`] makes both passes over an input it can read again from
//! its start.

use std::cell::Cell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::rc::Rc;

use crate::{DuplicateCheck, SeenUrls, UrlIdentity};

mod passes;

pub use passes::{Reopen, Through, TwoPass, TwoPassError};

/// How a fingerprint is made of a URL identity.
pub type Fingerprinter = Box<dyn Fn(&UrlIdentity<'_>) -> [u64; 2]>;

/// Where runs are written and read back: a temporary file, or anything
/// else that reads, writes and seeks.
pub trait Spill: Read + Write + Seek {}

impl<T: Read + Write + Seek + ?Sized> Spill for T {}

/// How a new, empty spill is made; its error is said as it is.
pub type MakeSpill = Box<dyn FnMut() -> io::Result<Box<dyn Spill>>>;

/// How the first pass works: the sizes are for memory, the spill for
/// where runs go, the fingerprint for tests (one that collides on
/// purpose).
pub struct Settings {
    /// Fingerprints held before they are sorted and written out as a run:
    /// 65,536 (16 bytes each, 1 MiB) by default.
    pub run: usize,
    /// Runs merged at once (each through a buffer of 256 entries);
    /// more runs are merged in rounds.
    pub fan_in: usize,
    /// The fingerprint of a URL identity.
    pub fingerprint: Fingerprinter,
    /// Makes each spill.
    pub spill: MakeSpill,
}

/// Entries read from a run at a time while merging (4 KiB on disk).
const CHUNK: usize = 256;

/// Bytes of one entry in a run (an [`Entry`]).
const ENTRY_BYTES: usize = 16;

impl Settings {
    /// Runs of 65,536 fingerprints (1 MiB), 64 merged at once, keyed
    /// fingerprints, spills made by `spill`.
    pub fn new(spill: MakeSpill) -> Self {
        Settings {
            run: (1 << 20) / size_of::<Entry>(),
            fan_in: 64,
            fingerprint: keyed(),
            spill,
        }
    }
}

/// Two SipHash values of the identity under two random keys (of which an
/// [`Entry`] keeps 96 bits): input cannot aim at them, since it does not
/// know the keys.
fn keyed() -> Fingerprinter {
    let (a, b) = (RandomState::new(), RandomState::new());
    Box::new(move |identity| [a.hash_one(identity), b.hash_one(identity)])
}

/// A record's fingerprint and line in one number: the fingerprint's
/// first 96 bits above the line's 32. Sorting entries sorts them by
/// fingerprint, and the lines of a fingerprint among themselves, with one
/// comparison of integers; 96 bits leave a collision by chance at about
/// 2^-57 for a billion records (and a collision costs memory, never a
/// false report).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry(u128);

impl Entry {
    fn new(fingerprint: [u64; 2], line: u32) -> Entry {
        let [hi, lo] = fingerprint;
        Entry((u128::from(hi) << 64) | (u128::from(lo >> 32) << 32) | u128::from(line))
    }

    /// The fingerprint's 96 bits.
    fn fingerprint(self) -> u128 {
        self.0 >> 32
    }

    fn line(self) -> u32 {
        // The low 32 bits, which always fit.
        u32::try_from(self.0 & u128::from(u32::MAX)).unwrap_or(u32::MAX)
    }

    fn to_bytes(self) -> [u8; ENTRY_BYTES] {
        self.0.to_le_bytes()
    }

    fn from_bytes(bytes: &[u8]) -> Option<Entry> {
        Some(Entry(u128::from_le_bytes(bytes.try_into().ok()?)))
    }
}

/// A sorted run in a temporary file: where it starts (in entries) and how
/// many entries it holds.
#[derive(Debug, Clone, Copy)]
struct Run {
    start: u64,
    len: u64,
}

/// The first pass's check: records each URL's fingerprint and answers that
/// nothing repeats (the second pass tells).
pub struct Fingerprints {
    settings: Settings,
    buffer: Vec<Entry>,
    /// The runs written so far, and the file they are in.
    runs: Vec<Run>,
    spool: Option<Box<dyn Spill>>,
    /// Entries written to `spool`.
    written: u64,
    /// The first error writing a run: nothing more is recorded.
    error: Option<io::Error>,
    /// Checks asked, to tell whether the second pass read the same file.
    checked: u64,
}

impl Fingerprints {
    /// An empty record, its buffer allocated whole (so that memory is the
    /// same for any file).
    pub fn new(settings: Settings) -> Self {
        let run = settings.run.max(1);
        Fingerprints {
            settings: Settings { run, ..settings },
            buffer: Vec::with_capacity(run),
            runs: Vec::new(),
            spool: None,
            written: 0,
            error: None,
            checked: 0,
        }
    }

    /// Sorts the buffer and writes it out as a run.
    fn spill(&mut self) {
        if let Err(e) = self.write_run() {
            self.error = Some(e);
        }
        self.buffer.clear();
    }

    fn write_run(&mut self) -> io::Result<()> {
        self.buffer.sort_unstable();
        let spool = match &mut self.spool {
            Some(spool) => spool,
            None => self.spool.insert((self.settings.spill)()?),
        };
        let mut out = BufWriter::new(spool);
        for entry in &self.buffer {
            out.write_all(&entry.to_bytes())?;
        }
        out.flush()?;
        let len = self.buffer.len() as u64;
        self.runs.push(Run {
            start: self.written,
            len,
        });
        self.written += len;
        Ok(())
    }

    /// The records whose URL may repeat another's: those whose fingerprint
    /// is not unique. The error is one sentence: a spill could not be
    /// made, written or read.
    pub fn candidates(mut self) -> Result<Candidates, String> {
        let checked = self.checked;
        let spool_error = |e: io::Error| format!("cannot write a temporary file: {e}");
        if let Some(e) = self.error.take() {
            return Err(spool_error(e));
        }
        let mut lines = Vec::new();
        if self.runs.is_empty() {
            // All in memory: no file to merge.
            self.buffer.sort_unstable();
            repeated(self.buffer.iter().map(|&e| Ok(e)), &mut lines).map_err(spool_error)?;
        } else {
            if !self.buffer.is_empty() {
                self.write_run().map_err(spool_error)?;
            }
            self.buffer = Vec::new();
            let Fingerprints {
                mut settings,
                mut runs,
                spool,
                ..
            } = self;
            let Some(mut spool) = spool else {
                return Err("the runs' temporary file is gone".to_owned());
            };
            let fan_in = settings.fan_in.max(2);
            // Merge in rounds until one merge takes every run.
            while runs.len() > fan_in {
                let mut next = (settings.spill)().map_err(|e| e.to_string())?;
                let mut out = BufWriter::new(&mut next);
                let mut merged_runs = Vec::new();
                let mut written = 0;
                for group in runs.chunks(fan_in) {
                    let mut len = 0;
                    for entry in Merge::new(&mut *spool, group)? {
                        out.write_all(&entry.map_err(spool_error)?.to_bytes())
                            .map_err(spool_error)?;
                        len += 1;
                    }
                    merged_runs.push(Run {
                        start: written,
                        len,
                    });
                    written += len;
                }
                out.flush().map_err(spool_error)?;
                drop(out);
                runs = merged_runs;
                spool = next;
            }
            repeated(Merge::new(&mut *spool, &runs)?, &mut lines).map_err(spool_error)?;
        }
        lines.sort_unstable();
        lines.dedup();
        Ok(Candidates { lines, checked })
    }
}

impl DuplicateCheck for Fingerprints {
    fn check(&mut self, url: &str, line: u32) -> Option<u32> {
        self.checked += 1;
        if self.error.is_some() {
            return None;
        }
        let fingerprint = (self.settings.fingerprint)(&UrlIdentity::new(url));
        self.buffer.push(Entry::new(fingerprint, line));
        if self.buffer.len() >= self.settings.run {
            self.spill();
        }
        None
    }
}

/// Adds to `lines` the lines of the entries (sorted by fingerprint) whose
/// fingerprint is not unique.
fn repeated(
    entries: impl IntoIterator<Item = io::Result<Entry>>,
    lines: &mut Vec<u32>,
) -> io::Result<()> {
    let mut previous: Option<Entry> = None;
    // Whether `previous` is already in `lines`.
    let mut added = false;
    for entry in entries {
        let entry = entry?;
        match previous {
            Some(p) if p.fingerprint() == entry.fingerprint() => {
                if !added {
                    lines.push(p.line());
                    added = true;
                }
                lines.push(entry.line());
            }
            _ => added = false,
        }
        previous = Some(entry);
    }
    Ok(())
}

/// Sorted runs of one spill read as one sorted sequence, each through a
/// buffer of [`CHUNK`] entries.
struct Merge<'a> {
    file: &'a mut dyn Spill,
    cursors: Vec<Cursor>,
    /// The next entry of each run not yet read out, by key, with its run.
    heap: BinaryHeap<Reverse<(Entry, usize)>>,
    bytes: Vec<u8>,
    /// An error refilling a buffer, given once.
    failed: bool,
}

/// Where reading a run is.
struct Cursor {
    run: Run,
    /// Entries of the run read from the file so far.
    read: u64,
    buffer: std::collections::VecDeque<Entry>,
}

impl<'a> Merge<'a> {
    fn new(file: &'a mut dyn Spill, runs: &[Run]) -> Result<Self, String> {
        let mut merge = Merge {
            file,
            cursors: runs
                .iter()
                .map(|&run| Cursor {
                    run,
                    read: 0,
                    buffer: std::collections::VecDeque::with_capacity(CHUNK),
                })
                .collect(),
            heap: BinaryHeap::with_capacity(runs.len()),
            bytes: Vec::with_capacity(CHUNK * ENTRY_BYTES),
            failed: false,
        };
        for i in 0..merge.cursors.len() {
            if let Some(entry) = merge
                .next_of(i)
                .map_err(|e| format!("cannot read a temporary file: {e}"))?
            {
                merge.heap.push(Reverse((entry, i)));
            }
        }
        Ok(merge)
    }

    /// The next entry of run `i`, reading its next chunk when its buffer is
    /// empty.
    fn next_of(&mut self, i: usize) -> io::Result<Option<Entry>> {
        let Some(cursor) = self.cursors.get_mut(i) else {
            return Ok(None);
        };
        if cursor.buffer.is_empty() {
            let left = cursor.run.len - cursor.read;
            let take = left.min(CHUNK as u64);
            if take == 0 {
                return Ok(None);
            }
            let at = (cursor.run.start + cursor.read) * ENTRY_BYTES as u64;
            self.file.seek(SeekFrom::Start(at))?;
            self.bytes.resize(take as usize * ENTRY_BYTES, 0);
            self.file.read_exact(&mut self.bytes)?;
            cursor.buffer.extend(
                self.bytes
                    .chunks_exact(ENTRY_BYTES)
                    .filter_map(Entry::from_bytes),
            );
            cursor.read += take;
        }
        Ok(cursor.buffer.pop_front())
    }
}

impl Iterator for Merge<'_> {
    type Item = io::Result<Entry>;

    fn next(&mut self) -> Option<io::Result<Entry>> {
        if self.failed {
            return None;
        }
        let Reverse((entry, i)) = self.heap.pop()?;
        match self.next_of(i) {
            Ok(Some(next)) => self.heap.push(Reverse((next, i))),
            Ok(None) => {}
            Err(e) => {
                self.failed = true;
                return Some(Err(e));
            }
        }
        Some(Ok(entry))
    }
}

/// The lines of the records whose URL may repeat another's, found by the
/// first pass.
#[derive(Debug, Clone, Default)]
pub struct Candidates {
    /// Sorted, each once.
    lines: Vec<u32>,
    /// The checks the first pass was asked.
    checked: u64,
}

impl Candidates {
    /// Lines that may repeat another's, ascending.
    pub fn lines(&self) -> &[u32] {
        &self.lines
    }

    /// The second pass's check, and a count of the checks it is asked (to
    /// compare with [`Candidates::checked`]).
    pub fn check(self) -> (CandidateCheck, Rc<Cell<u64>>) {
        let asked = Rc::new(Cell::new(0));
        let check = CandidateCheck {
            lines: self.lines,
            next: 0,
            seen: SeenUrls::new(),
            asked: Rc::clone(&asked),
        };
        (check, asked)
    }

    /// The checks the first pass was asked: the second, reading the same
    /// file, is asked as many.
    pub fn checked(&self) -> u64 {
        self.checked
    }
}

/// The second pass's check: [`SeenUrls`] over the candidates alone.
pub struct CandidateCheck {
    lines: Vec<u32>,
    /// The first candidate not before the line last checked (lines come in
    /// order).
    next: usize,
    seen: SeenUrls,
    asked: Rc<Cell<u64>>,
}

impl DuplicateCheck for CandidateCheck {
    fn check(&mut self, url: &str, line: u32) -> Option<u32> {
        self.asked.set(self.asked.get() + 1);
        while self.lines.get(self.next).is_some_and(|&l| l < line) {
            self.next += 1;
        }
        // Lines stop counting at u32::MAX: every record there is checked.
        if self.lines.get(self.next) == Some(&line) {
            self.seen.check(url, line)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests;
