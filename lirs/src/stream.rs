//! The readers: records one at a time from a [`BufRead`]
//! ([`RecordReader`]) or from bytes in memory ([`BytesReader`], what
//! [`crate::read()`] folds over). Both run one core ([`Records`]) over the
//! lines their source finds, so that they cannot disagree: what differs is
//! only where the lines come from ([`Lines`]).

use std::borrow::Cow;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;

use antenna_model::{Diagnostic, DiagnosticSink, GZIP_MAGIC, PartReader, Position, Rule, Severity};

use crate::document::{Comment, Head, LineEnd, Record};
use crate::read::first_line;
use crate::read::gzip::input_text;
use crate::read::line::{Class, Facts, Line, Outcome, Scratch, classify, parse_record_line};
use crate::read::line_reporter::LineReporter;
use crate::read::record_lines;
use crate::read::seen_urls::{DuplicateCheck, SeenUrls};
use crate::record_ref::RecordRef;
use crate::{Parsed, ReadOptions, Rejected, rules};

/// What ends a stream: the rule and its message.
struct Fatal {
    rule: Rule,
    message: String,
}

/// A line a [`Lines`] found: where it starts in the (decompressed) text,
/// its line end (`None` for a last line with none) and what its scan
/// found.
#[derive(Clone, Copy)]
struct Found {
    start: usize,
    line_end: Option<LineEnd>,
    facts: Facts,
}

/// Where a reader's lines come from.
trait Lines {
    /// Finds the next line, scanning it (its commas go to `scratch`);
    /// `Ok(None)` at the end. `number` is the number of the line before.
    fn advance(
        &mut self,
        scratch: &mut Scratch,
        options: &ReadOptions,
        number: u32,
    ) -> Result<Option<Found>, Fatal>;

    /// The bytes of the line [`Lines::advance`] found, line end removed.
    fn current(&self) -> &[u8];

    /// Bytes of the (decompressed) text read so far.
    fn offset(&self) -> usize;
}

/// Lines of a [`BufRead`], each copied into one buffer, reused and capped
/// at `max_line_length`: a longer line ends the stream.
struct Buffered<R> {
    inner: R,
    buf: Vec<u8>,
    /// Bytes of the (decompressed) stream read so far.
    offset: usize,
    /// Set when the stream is gzip: the decompressed-size limit applies.
    gzip: bool,
}

impl<R: BufRead> Lines for Buffered<R> {
    fn advance(
        &mut self,
        scratch: &mut Scratch,
        options: &ReadOptions,
        number: u32,
    ) -> Result<Option<Found>, Fatal> {
        let found = self.read_line(scratch, options, number)?;
        Ok(found.map(|(line_end, facts)| Found {
            start: self
                .offset
                .saturating_sub(self.buf.len() + line_end.map_or(0, |e| e.as_bytes().len())),
            line_end,
            facts,
        }))
    }

    fn current(&self) -> &[u8] {
        &self.buf
    }

    fn offset(&self) -> usize {
        self.offset
    }
}

impl<R: BufRead> Buffered<R> {
    /// Reads the next line into `buf` (line end removed), with its line
    /// end (`None` for a last line with none) and what the scan found in it
    /// (its commas in `scratch`). `Ok(None)` at the end.
    fn read_line(
        &mut self,
        scratch: &mut Scratch,
        options: &ReadOptions,
        number: u32,
    ) -> Result<Option<(Option<LineEnd>, Facts)>, Fatal> {
        self.buf.clear();
        // A CR may precede the LF, so allow one byte more than the limit.
        let cap = options.max_line_length.saturating_add(1);
        loop {
            let available = match self.inner.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let (rule, what) = if self.gzip {
                        (rules::BAD_GZIP, "input is not valid gzip")
                    } else {
                        (rules::IO, "reading the input failed")
                    };
                    return Err(Fatal {
                        rule,
                        message: format!("{what}: {e}"),
                    });
                }
            };
            if available.is_empty() {
                if self.buf.is_empty() {
                    return Ok(None);
                }
                let scan = scratch.scan(&self.buf);
                return Ok(Some((None, Facts::of(&scan, self.buf.len()))));
            }
            // A line wholly in `available` (the common case) is scanned
            // there, in the one pass that finds its end; one that goes on
            // past it is scanned once whole, in `buf`.
            let mut scan = None;
            // The bytes up to the LF, or all of them when there is none.
            let (take, found) = if self.buf.is_empty() {
                let window = available.get(..cap.saturating_add(1)).unwrap_or(available);
                let scanned = scratch.scan(window);
                scan = Some(scanned);
                match scanned.lf {
                    Some(lf) => (lf, true),
                    // A longer line is too long, whether it ends in
                    // `available` or not.
                    None => (available.len(), false),
                }
            } else {
                match memchr::memchr(b'\n', available) {
                    Some(lf) => (lf, true),
                    None => (available.len(), false),
                }
            };
            let chunk = available.get(..take).unwrap_or(available);
            if self.buf.len().saturating_add(take) > cap {
                let limit = options.max_line_length;
                return Err(Fatal {
                    rule: rules::LINE_TOO_LONG,
                    message: format!(
                        "line {} is longer than the limit of {limit} bytes",
                        number.saturating_add(1)
                    ),
                });
            }
            self.buf.extend_from_slice(chunk);
            let consumed = take + usize::from(found);
            self.inner.consume(consumed);
            self.offset = self.offset.saturating_add(consumed);
            if self.gzip && self.offset as u64 > options.max_decompressed_size {
                return Err(Fatal {
                    rule: rules::DECOMPRESSED_TOO_LARGE,
                    message: format!(
                        "gzip input decompresses to more than the limit of {} bytes",
                        options.max_decompressed_size
                    ),
                });
            }
            if found {
                let line_end = if self.buf.last() == Some(&b'\r') {
                    self.buf.pop();
                    LineEnd::CrLf
                } else {
                    LineEnd::Lf
                };
                let scan = match scan {
                    Some(scan) => scan,
                    None => scratch.scan(&self.buf),
                };
                return Ok(Some((Some(line_end), Facts::of(&scan, self.buf.len()))));
            }
        }
    }
}

/// Lines of a text held whole, lent from it without a copy. A line longer
/// than `max_line_length` is only looked for its end (and is then
/// `lirs/line-too-long`, and dropped): it does not end the reading.
struct Slice<'i> {
    text: Cow<'i, [u8]>,
    /// Where the next line starts.
    pos: usize,
    /// The line found last.
    current: Range<usize>,
}

impl Lines for Slice<'_> {
    fn advance(
        &mut self,
        scratch: &mut Scratch,
        options: &ReadOptions,
        _: u32,
    ) -> Result<Option<Found>, Fatal> {
        let rest = self.text.get(self.pos..).unwrap_or_default();
        if rest.is_empty() {
            return Ok(None);
        }
        let (line, facts, next) = first_line(rest, options.max_line_length, scratch);
        let start = self.pos;
        self.current = start..start + line.bytes.len();
        self.pos = self.text.len() - next.len();
        Ok(Some(Found {
            start,
            line_end: line.line_end,
            facts,
        }))
    }

    fn current(&self) -> &[u8] {
        self.text.get(self.current.clone()).unwrap_or_default()
    }

    fn offset(&self) -> usize {
        self.pos
    }
}

/// What one [`Records::step`] found.
#[allow(clippy::large_enum_variant)] // one per line, moved straight out
enum Step<'a> {
    /// A record with no error.
    Record(RecordRef<'a>),
    /// A line with an error: its diagnostics were given, it is not.
    Dropped,
    /// A fatal error, given as the last diagnostic.
    Fatal,
    /// The end of the input.
    End,
}

/// The core both readers run: each line read, classified and parsed, its
/// diagnostics given to a sink, §3.5 checked, the head gathered.
struct Records<L, D> {
    lines: L,
    options: ReadOptions,
    /// The number of the line read last.
    number: u32,
    /// The §3.5 check, when on.
    seen: Option<D>,
    scratch: Scratch,
    head: Head,
    /// Keep comment and blank lines in `head`.
    keep_comments: bool,
    /// Records given so far.
    given: usize,
    done: bool,
}

impl<L: Lines, D: DuplicateCheck> Records<L, D> {
    fn new(lines: L, options: ReadOptions, seen: Option<D>, keep_comments: bool) -> Self {
        Records {
            lines,
            options,
            number: 0,
            seen,
            scratch: Scratch::default(),
            head: Head::default(),
            keep_comments,
            given: 0,
            done: false,
        }
    }

    /// Reads lines up to the next record, a line with an error or the
    /// end; the diagnostics of every line read go to `sink` in order.
    fn step(&mut self, sink: &mut dyn DiagnosticSink) -> Step<'_> {
        let found = loop {
            if self.done {
                return Step::End;
            }
            let found = match self
                .lines
                .advance(&mut self.scratch, &self.options, self.number)
            {
                Ok(Some(found)) => found,
                Ok(None) => {
                    self.done = true;
                    return Step::End;
                }
                Err(fatal) => {
                    self.done = true;
                    self.report_fatal(fatal, sink);
                    return Step::Fatal;
                }
            };
            self.number = self.number.saturating_add(1);
            if found.line_end.is_none() {
                self.head.missing_final_line_end = true;
            }
            let line = Line {
                bytes: self.lines.current(),
                line_end: found.line_end,
            };
            let mut reporter =
                LineReporter::new(sink, self.options.strict, self.number, found.start);
            match classify(&line, found.facts, &self.options, &mut reporter) {
                Class::Record => break found,
                Class::Other => {
                    if line.bytes.first() == Some(&b'#') {
                        self.head.comment_lines += 1;
                    }
                    if self.keep_comments {
                        self.head.comments.push(Comment {
                            before: self.given,
                            raw: line.bytes.to_vec(),
                            line_end: found.line_end.unwrap_or_default(),
                        });
                    }
                }
                Class::Dropped => return Step::Dropped,
            }
        };
        // Split borrows: the record borrows the line and the scratch
        // buffers.
        let Self {
            lines,
            options,
            number,
            seen,
            scratch,
            given,
            ..
        } = self;
        let line = Line {
            bytes: lines.current(),
            line_end: found.line_end,
        };
        let mut reporter = LineReporter::new(sink, options.strict, *number, found.start);
        let outcome = parse_record_line(&line, found.facts, &mut reporter, scratch);
        let Outcome::Record(record, url_range) = outcome else {
            return Step::Dropped;
        };
        if let Some(first) = seen
            .as_mut()
            .and_then(|seen| seen.check(&record.url, *number))
        {
            reporter.duplicate_url(&record.url, url_range, first);
        }
        if reporter.error_count() > 0 {
            return Step::Dropped;
        }
        *given += 1;
        Step::Record(record)
    }

    /// Gives `fatal` to `sink`, placed where reading stopped.
    fn report_fatal(&self, fatal: Fatal, sink: &mut dyn DiagnosticSink) {
        let offset = self.lines.offset();
        sink.report(Diagnostic {
            severity: Severity::Error,
            rule: fatal.rule,
            span: offset..offset,
            position: Position {
                line: self.number.max(1),
                column: 1,
            },
            message: fatal.message,
        });
    }

    /// [`PartReader::next_part`].
    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Record> {
        loop {
            match self.step(sink) {
                Step::Record(record) => return Some(record.into_owned()),
                Step::Dropped => {}
                Step::Fatal | Step::End => return None,
            }
        }
    }

    /// [`PartReader::finish`]: reads what is left (its records are not
    /// given), then gives the head back.
    fn finish(mut self, sink: &mut dyn DiagnosticSink) -> Head {
        while !matches!(self.step(sink), Step::Fatal | Step::End) {}
        self.head
    }
}

/// Reads records one at a time from a [`BufRead`].
///
/// As a [`PartReader`] (the streamed codec of [`crate::Lirs`]), each
/// diagnostic goes to the caller's sink as its line is read; a record with
/// an error is not given, and reading goes on with the next line. As an
/// [`Iterator`] (and with [`RecordReader::next_ref`]), each item is one
/// record with its warnings and those of the comment and blank lines
/// before it (`Ok`), or the diagnostics of one line that had an error
/// (`Err`); after a line-level error (a bad number, a missing prefix...)
/// iteration goes on with the next line, so the caller chooses whether to
/// stop. After a fatal error (a line longer than
/// [`ReadOptions::max_line_length`], gzip output past
/// [`ReadOptions::max_decompressed_size`], corrupt gzip, an IO error) the
/// reader gives that error and then ends.
///
/// Memory: one line buffer, reused and capped at `max_line_length`, plus
/// the record being returned. Duplicate-URL detection (§3.5) needs the set
/// of URLs seen so far, which grows with the file, so it is off unless
/// turned on with [`RecordReader::with_duplicate_detection`] (`D` is then
/// [`SeenUrls`]), or given another [`DuplicateCheck`] with
/// [`RecordReader::with_duplicate_check`]; [`crate::read()`] always
/// checks. Comment and blank lines are counted in the [`Head`] but not
/// kept unless [`RecordReader::with_comments`] asks (they too grow with
/// the file), whatever [`ReadOptions::keep_comments`] says.
///
/// Warnings about comment or blank lines after the last record are given
/// by [`RecordReader::take_trailing_diagnostics`] (to an iterating caller)
/// or to the sink of [`PartReader::next_part`]. Diagnostic spans are
/// offsets in the decompressed stream.
///
/// It reads lines as [`crate::read()`] does, through the same code, except
/// that a line longer than the limit ends a stream (it is not held in
/// memory) where the whole-text reader drops it and goes on.
pub struct RecordReader<R, D = SeenUrls> {
    records: Records<Buffered<R>, D>,
    /// The diagnostics of the lines after the last record, for an
    /// iterating caller.
    trailing: Vec<Diagnostic>,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader over plain (already decompressed) LIRS text.
    pub fn new(inner: R, options: ReadOptions) -> Self {
        let lines = Buffered {
            inner,
            buf: Vec::new(),
            offset: 0,
            gzip: false,
        };
        RecordReader {
            records: Records::new(lines, options, None, false),
            trailing: Vec::new(),
        }
    }

    /// Turns checking for repeated URLs on or off (off by default: the set
    /// of seen URLs grows with the number of records).
    pub fn with_duplicate_detection(mut self, on: bool) -> Self {
        self.records.seen = on.then(SeenUrls::default);
        self
    }
}

impl<R: BufRead, D: DuplicateCheck> RecordReader<R, D> {
    /// Checks for repeated URLs with `check` instead of the in-memory
    /// [`SeenUrls`]: the same diagnostics (text, span, order) wherever
    /// `check` gives the same answers. `&mut check` may be given, to look
    /// at it once the reader is done.
    pub fn with_duplicate_check<E: DuplicateCheck>(self, check: E) -> RecordReader<R, E> {
        let Records {
            lines,
            options,
            number,
            seen: _,
            scratch,
            head,
            keep_comments,
            given,
            done,
        } = self.records;
        RecordReader {
            records: Records {
                lines,
                options,
                number,
                seen: Some(check),
                scratch,
                head,
                keep_comments,
                given,
                done,
            },
            trailing: self.trailing,
        }
    }

    /// Keeps the comment and blank lines in the [`Head`] (`true`) or only
    /// counts the `#` ones (`false`, the default: they grow with the file).
    pub fn with_comments(mut self, keep: bool) -> Self {
        self.records.keep_comments = keep;
        self
    }

    /// Warnings about comment or blank lines after the last record, for a
    /// caller of [`Iterator::next`] or [`RecordReader::next_ref`].
    pub fn take_trailing_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.trailing)
    }

    /// Bytes of decompressed input read so far.
    pub fn bytes_read(&self) -> usize {
        self.records.lines.offset
    }

    /// The next record, its text fields borrowed from the reader's buffers
    /// until the next call (a lending iterator): [`Iterator::next`]
    /// without copying the text fields (see [`RecordRef`]). Items,
    /// diagnostics and the end are those of [`Iterator::next`], which is
    /// this with [`RecordRef::into_owned`].
    #[allow(clippy::should_implement_trait)] // lending: not an Iterator
    pub fn next_ref(&mut self) -> Option<Result<Parsed<RecordRef<'_>>, Rejected>> {
        let mut diagnostics = Vec::new();
        match self.records.step(&mut diagnostics) {
            Step::Record(record) => Some(Ok(Parsed {
                document: record,
                diagnostics,
            })),
            Step::Dropped | Step::Fatal => Some(Err(Rejected { diagnostics })),
            Step::End => {
                self.trailing.extend(diagnostics);
                None
            }
        }
    }
}

impl<'a> RecordReader<Box<dyn BufRead + 'a>> {
    /// A reader over gzip or plain LIRS: sniffs the gzip magic bytes (1f 8b)
    /// and, for gzip, decompresses as it reads (multi-member gzip included),
    /// ending with `lirs/decompressed-too-large` past
    /// [`ReadOptions::max_decompressed_size`].
    pub fn sniff<S: BufRead + 'a>(source: S, options: ReadOptions) -> io::Result<Self> {
        RecordReader::sniff_through(source, options, |text| text)
    }

    /// [`RecordReader::sniff`], with the text (decompressed, for gzip)
    /// passed through `through` on its way to the reader: a tool that shows
    /// the lines diagnostics point at can keep them as they go by.
    pub fn sniff_through<S: BufRead + 'a>(
        mut source: S,
        options: ReadOptions,
        through: impl FnOnce(Box<dyn BufRead + 'a>) -> Box<dyn BufRead + 'a>,
    ) -> io::Result<Self> {
        // Peek at two bytes; `fill_buf` may give fewer, so gather them.
        let mut prefix = Vec::with_capacity(2);
        let gzip = loop {
            let available = source.fill_buf()?;
            if prefix.is_empty() && available.len() >= 2 {
                break available.starts_with(&GZIP_MAGIC);
            }
            let Some(&byte) = available.first() else {
                break false;
            };
            prefix.push(byte);
            source.consume(1);
            if prefix.len() == 2 {
                break prefix == GZIP_MAGIC;
            }
        };
        let source = io::Cursor::new(prefix).chain(source);
        let inner: Box<dyn BufRead + 'a> = if gzip {
            let limit = options.max_decompressed_size.saturating_add(1);
            Box::new(BufReader::new(
                flate2::bufread::MultiGzDecoder::new(source).take(limit),
            ))
        } else {
            Box::new(source)
        };
        let mut reader = RecordReader::new(through(inner), options);
        reader.records.lines.gzip = gzip;
        Ok(reader)
    }
}

impl<R: BufRead, D: DuplicateCheck> Iterator for RecordReader<R, D> {
    type Item = Result<Parsed<Record>, Rejected>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.next_ref()?.map(|parsed| Parsed {
            document: parsed.document.into_owned(),
            diagnostics: parsed.diagnostics,
        }))
    }
}

impl<R: BufRead, D: DuplicateCheck> PartReader for RecordReader<R, D> {
    type Head = Head;
    type Part = Record;

    fn head(&self) -> &Head {
        &self.records.head
    }

    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Record> {
        self.records.next_part(sink)
    }

    fn finish(self, sink: &mut dyn DiagnosticSink) -> Head {
        self.records.finish(sink)
    }
}

/// Reads the records of a LIRS file held in memory, gzip (sniffed by its
/// magic bytes, and decompressed whole within
/// [`ReadOptions::max_decompressed_size`]) or plain: [`crate::Lirs`]'s
/// [`PartReader`], which [`crate::read()`] folds over.
///
/// Each line is read by the code [`RecordReader`] runs, lent from the text
/// without a copy; §3.5's check is always on. The comment and blank lines
/// are kept in the [`Head`] as [`ReadOptions::keep_comments`] says.
pub struct BytesReader<'i> {
    records: Records<Slice<'i>, SeenUrls>,
    /// At most how many records the text holds.
    record_lines: usize,
}

impl<'i> BytesReader<'i> {
    /// A reader of `input`; `Err` when it is gzip that does not
    /// decompress within the limit.
    pub fn new(input: &'i [u8], options: &ReadOptions) -> Result<Self, Rejected> {
        let text = input_text(input, options)?;
        let record_lines = record_lines(&text);
        let lines = Slice {
            text,
            pos: 0,
            current: 0..0,
        };
        let seen = SeenUrls::with_capacity(record_lines);
        Ok(BytesReader {
            records: Records::new(lines, *options, Some(seen), options.keep_comments),
            record_lines,
        })
    }

    /// The text read (decompressed, for gzip): diagnostic spans are byte
    /// ranges of it.
    pub fn text(&self) -> &[u8] {
        &self.records.lines.text
    }

    /// At most how many records the text holds (its lines starting with
    /// `LIRS,`): room to gather them in.
    pub fn record_lines(&self) -> usize {
        self.record_lines
    }
}

impl PartReader for BytesReader<'_> {
    type Head = Head;
    type Part = Record;

    fn head(&self) -> &Head {
        &self.records.head
    }

    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Record> {
        self.records.next_part(sink)
    }

    fn finish(self, sink: &mut dyn DiagnosticSink) -> Head {
        self.records.finish(sink)
    }
}
