//! The streaming reader: one record at a time, in memory that does not grow
//! with the number of records.

use std::io::{self, BufRead, BufReader, Read};

use antenna_model::{Diagnostic, GZIP_MAGIC, Position, Reporter, Rule, Severity};

use crate::document::{LineEnd, Record};
use crate::read::line::{Class, Facts, Line, Outcome, Scratch, classify, parse_record_line};
use crate::read::line_reporter::LineReporter;
use crate::read::seen_urls::{DuplicateCheck, SeenUrls};
use crate::record_ref::RecordRef;
use crate::{Parsed, ReadOptions, Rejected, rules};

/// Reads records one at a time from a [`BufRead`].
///
/// Each item is one record with its warnings (`Ok`), or the diagnostics of
/// one line that had an error (`Err`). After a line-level error (a bad
/// number, a missing prefix...) iteration goes on with the next line, so the
/// caller chooses whether to stop. After a fatal error (a line longer than
/// [`ReadOptions::max_line_length`], gzip output past
/// [`ReadOptions::max_decompressed_size`], corrupt gzip, an IO error) the
/// iterator yields that error and then ends.
///
/// Memory: one line buffer, reused and capped at `max_line_length`, plus the
/// record being returned. Duplicate-URL detection (§3.5) needs the set of
/// URLs seen so far, which grows with the file, so it is off unless turned
/// on with [`RecordReader::with_duplicate_detection`] (`D` is then
/// [`SeenUrls`]), or given another [`DuplicateCheck`] with
/// [`RecordReader::with_duplicate_check`]; [`crate::read()`] always checks.
///
/// Comment and blank lines are skipped; warnings about them are given with
/// the next record, and those after the last record by
/// [`RecordReader::take_trailing_diagnostics`]. Diagnostic spans are offsets
/// in the decompressed stream.
pub struct RecordReader<R, D = SeenUrls> {
    inner: R,
    options: ReadOptions,
    buf: Vec<u8>,
    /// Bytes of the (decompressed) stream read so far.
    offset: usize,
    number: u32,
    /// Set when the stream is gzip: the decompressed-size limit applies.
    gzip: bool,
    /// The §3.5 check, when on.
    seen: Option<D>,
    scratch: Scratch,
    /// The diagnostics of the lines since the last item: comment and blank
    /// lines' wait here for the next record. It holds no input (spans and
    /// positions are given to it whole).
    reporter: Reporter<'static>,
    done: bool,
}

/// What ends a stream: the rule and its message.
struct Fatal {
    rule: Rule,
    message: String,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader over plain (already decompressed) LIRS text.
    pub fn new(inner: R, options: ReadOptions) -> Self {
        RecordReader {
            inner,
            options,
            buf: Vec::new(),
            offset: 0,
            number: 0,
            gzip: false,
            seen: None,
            scratch: Scratch::default(),
            reporter: Reporter::new(&[], options.strict),
            done: false,
        }
    }

    /// Turns checking for repeated URLs on or off (off by default: the set
    /// of seen URLs grows with the number of records).
    pub fn with_duplicate_detection(mut self, on: bool) -> Self {
        self.seen = on.then(SeenUrls::default);
        self
    }
}

impl<R: BufRead, D: DuplicateCheck> RecordReader<R, D> {
    /// Checks for repeated URLs with `check` instead of the in-memory
    /// [`SeenUrls`]: the same diagnostics (text, span, order) wherever
    /// `check` gives the same answers. `&mut check` may be given, to look
    /// at it once the reader is done.
    pub fn with_duplicate_check<E: DuplicateCheck>(self, check: E) -> RecordReader<R, E> {
        let RecordReader {
            inner,
            options,
            buf,
            offset,
            number,
            gzip,
            seen: _,
            scratch,
            reporter,
            done,
        } = self;
        RecordReader {
            inner,
            options,
            buf,
            offset,
            number,
            gzip,
            seen: Some(check),
            scratch,
            reporter,
            done,
        }
    }

    /// Warnings about comment or blank lines after the last record.
    pub fn take_trailing_diagnostics(&mut self) -> Vec<Diagnostic> {
        self.take_reporter().into_diagnostics()
    }

    /// The reporter of the lines so far, leaving an empty one.
    fn take_reporter(&mut self) -> Reporter<'static> {
        std::mem::replace(&mut self.reporter, Reporter::new(&[], self.options.strict))
    }

    /// Bytes of decompressed input read so far.
    pub fn bytes_read(&self) -> usize {
        self.offset
    }

    /// Ends the stream: the diagnostics so far and `fatal`, placed where
    /// reading stopped.
    fn reject_with(&mut self, fatal: Fatal) -> Rejected {
        let position = Position {
            line: self.number.max(1),
            column: 1,
        };
        let span = self.offset..self.offset;
        let mut reporter = self.take_reporter();
        reporter.push_at(Severity::Error, fatal.rule, span, position, fatal.message);
        reporter.reject()
    }

    /// Reads the next line into `buf` (line end removed), with its line
    /// end (`None` for a last line with none) and what the scan found in it
    /// (its commas in `scratch`). `Ok(None)` at the end.
    fn read_line(&mut self) -> Result<Option<(Option<LineEnd>, Facts)>, Fatal> {
        self.buf.clear();
        // A CR may precede the LF, so allow one byte more than the limit.
        let cap = self.options.max_line_length.saturating_add(1);
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
                let scan = self.scratch.scan(&self.buf);
                return Ok(Some((None, Facts::of(&scan, self.buf.len()))));
            }
            // A line wholly in `available` (the common case) is scanned
            // there, in the one pass that finds its end; one that goes on
            // past it is scanned once whole, in `buf`.
            let mut scan = None;
            // The bytes up to the LF, or all of them when there is none.
            let (take, found) = if self.buf.is_empty() {
                let window = available.get(..cap.saturating_add(1)).unwrap_or(available);
                let scanned = self.scratch.scan(window);
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
                let limit = self.options.max_line_length;
                return Err(Fatal {
                    rule: rules::LINE_TOO_LONG,
                    message: format!(
                        "line {} is longer than the limit of {limit} bytes",
                        self.number.saturating_add(1)
                    ),
                });
            }
            self.buf.extend_from_slice(chunk);
            let consumed = take + usize::from(found);
            self.inner.consume(consumed);
            self.offset = self.offset.saturating_add(consumed);
            if self.gzip && self.offset as u64 > self.options.max_decompressed_size {
                return Err(Fatal {
                    rule: rules::DECOMPRESSED_TOO_LARGE,
                    message: format!(
                        "gzip input decompresses to more than the limit of {} bytes",
                        self.options.max_decompressed_size
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
                    None => self.scratch.scan(&self.buf),
                };
                return Ok(Some((Some(line_end), Facts::of(&scan, self.buf.len()))));
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
        reader.gzip = gzip;
        Ok(reader)
    }
}

impl<R: BufRead, D: DuplicateCheck> RecordReader<R, D> {
    /// The next record, its text fields borrowed from the reader's buffers
    /// until the next call (a lending iterator): [`Iterator::next`]
    /// without copying the text fields (see [`RecordRef`]). Items,
    /// diagnostics and the end are those of [`Iterator::next`], which is
    /// this with [`RecordRef::into_owned`].
    #[allow(clippy::should_implement_trait)] // lending: not an Iterator
    pub fn next_ref(&mut self) -> Option<Result<Parsed<RecordRef<'_>>, Rejected>> {
        let (line_end, facts) = loop {
            if self.done {
                return None;
            }
            let (line_end, facts) = match self.read_line() {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Err(fatal) => {
                    self.done = true;
                    return Some(Err(self.reject_with(fatal)));
                }
            };
            self.number = self.number.saturating_add(1);
            let line = Line {
                bytes: &self.buf,
                line_end,
            };
            let line_start = self.line_start(line_end);
            let mut sink = LineReporter::new(&mut self.reporter, self.number, line_start);
            match classify(&line, facts, &self.options, &mut sink) {
                Class::Record => break (line_end, facts),
                Class::Other => {}
                Class::Dropped => return Some(Err(self.take_reporter().reject())),
            }
        };
        let line_start = self.line_start(line_end);
        // Split borrows: the record borrows the line and the scratch
        // buffers; the reporter is taken while it lives.
        let Self {
            buf,
            options,
            number,
            seen,
            scratch,
            reporter,
            ..
        } = self;
        let line = Line {
            bytes: buf,
            line_end,
        };
        // Errors before this line (a blank line's, in strict mode) do
        // not reject this record.
        let errors_before = reporter.error_count();
        let mut sink = LineReporter::new(reporter, *number, line_start);
        // One match, the record moved once: built where it is returned.
        let outcome = parse_record_line(&line, facts, &mut sink, scratch);
        let Outcome::Record(record, url_range) = outcome else {
            let reporter = std::mem::replace(reporter, Reporter::new(&[], options.strict));
            return Some(Err(reporter.reject()));
        };
        if let Some(first) = seen
            .as_mut()
            .and_then(|seen| seen.check(&record.url, *number))
        {
            sink.duplicate_url(&record.url, url_range, first);
        }
        let reporter = std::mem::replace(reporter, Reporter::new(&[], options.strict));
        if reporter.error_count() > errors_before {
            return Some(Err(reporter.reject()));
        }
        Some(Ok(Parsed {
            document: record,
            diagnostics: reporter.into_diagnostics(),
        }))
    }

    /// The offset of the line in `buf` (read with `line_end`) in the
    /// stream.
    fn line_start(&self, line_end: Option<LineEnd>) -> usize {
        self.offset
            .saturating_sub(self.buf.len() + line_end.map_or(0, |e| e.as_bytes().len()))
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
