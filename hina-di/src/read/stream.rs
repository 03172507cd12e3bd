//! Reading a file block by block: [`BlockReader`] holds one block at a
//! time, so that a tool that looks at each block once (`antenna check`,
//! `decode`, `encode`'s read-back) needs little more memory than the input.
//!
//! It gives what [`read`](crate::read()) gives, piece by piece: the same
//! blocks, and the same diagnostics in the same order. That order is the
//! whole reader's: every diagnostic sorted by where its span starts, those
//! at one place in the order they were found (lines cut, values decoded,
//! fields and blocks checked, the file's end). A block's lines, and the
//! lines after it up to the next block, hold the spans of its diagnostics
//! and of none other, so sorting each block's diagnostics gives the whole
//! order. Two diagnostics of the whole reader depend on the whole file:
//! `bare-lf` (at the first bare LF, with their count) and the encoding the
//! values are read in (`charset-mismatch`, `undecodable`); a scan of the
//! input before the first block finds both, without keeping anything, and
//! each is reported with the block its span is in.

use antenna_model::{Diagnostic, DiagnosticSink, PartReader, Rejected, Reporter};
use encoding_rs::Encoding;

use super::ReadOptions;
use super::blocks;
use super::encoding::{self, Choice, Scratch};
use super::lines::{self, BareLf, RawField};
use crate::document::{BlankLines, Block, Head};
use crate::grammar::lines::{self as grammar, BlockLine};
use crate::line_end::LineEnd;

/// Reads a HINA-DI file block by block, from bytes in memory (no IO).
///
/// [`BlockReader::new`] reads the version line and the header block;
/// [`BlockReader::next_block`] gives each entity block in file order
/// (discarded ones included, as [`Document::all_blocks`](crate::Document::all_blocks));
/// after each, and after `new`, [`BlockReader::take_diagnostics`] gives the
/// diagnostics of that part of the file. Taken one after the other they are
/// what [`read`](crate::read()) reports, in the same order; the last part,
/// taken once `next_block` has given `None`, is the checks of the file's
/// end. The file is rejected when any is an error
/// ([`BlockReader::error_count`]).
///
/// ```
/// let file = b"HINA/2.2\r\nUser-Agent: example/1.0\r\n\r\n\
///     URL: http://www.hoge.jp/foo/\r\n\r\n\
///     URL: http://www.hoge.jp/bar/\nTitle: bar\r\n\r\n";
/// let mut reader = hina_di::BlockReader::new(file, &Default::default())?;
/// assert_eq!(reader.header().user_agent(), Some("example/1.0"));
/// assert!(reader.take_diagnostics().is_empty());
/// let mut urls = Vec::new();
/// while let Some(block) = reader.next_block() {
///     urls.push(block.url().unwrap().to_owned());
///     for diagnostic in reader.take_diagnostics() {
///         assert_eq!(diagnostic.rule.id, "hina-di/bare-lf");
///     }
/// }
/// assert_eq!(urls, ["http://www.hoge.jp/foo/", "http://www.hoge.jp/bar/"]);
/// assert!(reader.take_diagnostics().is_empty());
/// assert_eq!(reader.error_count(), 0);
/// # Ok::<(), hina_di::Rejected>(())
/// ```
pub struct BlockReader<'i> {
    input: &'i [u8],
    /// The lines not yet cut.
    rest: &'i [u8],
    reporter: Reporter<'i>,
    /// How values are decoded.
    choice: Choice,
    /// The buffers values are decoded into (kept for their capacity).
    scratch: Scratch,
    /// The bare LFs of the whole file, until reported.
    bare_lf: Option<BareLf>,
    /// The version line, the header block and the charset fallback.
    head: Head,
    /// The first line of the next block, cut already (a field line after
    /// a blank line ends the block before it).
    next: Option<RawField<'i>>,
    /// The fields of the block being read (kept for their capacity).
    raws: Vec<RawField<'i>>,
    /// How the last line cut ends.
    last_line_end: LineEnd,
    /// How many entity blocks have been given.
    entity_blocks: usize,
    /// `true` when the last block given has a blank line after it.
    last_block_ended: bool,
    /// `true` once the file's end has been checked.
    finished: bool,
}

impl<'i> BlockReader<'i> {
    /// Reads the version line and the header block of `input`. `Err` when
    /// it is not a HINA-DI 2 file, with the diagnostics that say so (what
    /// [`read`](crate::read()) rejects it with); otherwise the header
    /// block's diagnostics wait in [`BlockReader::take_diagnostics`].
    pub fn new(input: &'i [u8], options: &ReadOptions) -> Result<Self, Rejected> {
        let mut reporter = Reporter::new(input, options.strict);
        let Some(opening) = lines::opening(&mut reporter, input) else {
            reporter.sort_by_span();
            return Err(reporter.reject());
        };
        let from = lines::offset(input, opening.rest);
        let mut reader = BlockReader {
            input,
            rest: opening.rest,
            reporter,
            choice: Choice::unchosen(),
            scratch: Scratch::default(),
            bare_lf: Some(BareLf::of(input)),
            head: Head::read(
                opening.version,
                opening.version_line_end,
                Block::new(),
                None,
            ),
            next: None,
            raws: Vec::new(),
            last_line_end: opening.version_line_end,
            entity_blocks: 0,
            last_block_ended: false,
            finished: false,
        };
        let mut raws = std::mem::take(&mut reader.raws);
        let blank_lines = reader.cut_block(&mut raws);
        reader.report_bare_lf();
        reader.choice = encoding::choose_streamed(&mut reader.reporter, &raws, input, from);
        let header = reader.decode(&raws, blank_lines);
        blocks::check_header(&mut reader.reporter, &header, &raws, opening.line);
        reader.last_block_ended = !header.blank_lines().is_empty();
        *reader.head.header_mut() = header;
        reader.head.set_charset_fallback(reader.choice.fallback);
        reader.raws = raws;
        Ok(reader)
    }

    /// The text after `HINA/` on the first line.
    pub fn version(&self) -> &str {
        self.head.version()
    }

    /// How the version line ends.
    pub fn version_line_end(&self) -> LineEnd {
        self.head.version_line_end()
    }

    /// The header block.
    pub fn header(&self) -> &Block {
        self.head.header()
    }

    /// The version line, the header block and the charset fallback: what
    /// [`BlockWriter`](crate::BlockWriter) writes first and
    /// [`head_to_feed`](crate::head_to_feed) converts.
    pub fn head(&self) -> &Head {
        &self.head
    }

    /// The encoding the values are read in when it is not the declared one
    /// ([`Document::charset_fallback`](crate::Document::charset_fallback)).
    pub fn charset_fallback(&self) -> Option<&'static Encoding> {
        self.choice.fallback
    }

    /// The next entity block, discarded ones included; `None` at the end
    /// of the file, once its end has been checked.
    pub fn next_block(&mut self) -> Option<Block> {
        if self.finished {
            return None;
        }
        let Some(first) = self.next.take() else {
            self.finished = true;
            blocks::check_end(
                &mut self.reporter,
                self.entity_blocks == 0,
                self.last_block_ended,
                self.last_line_end,
            );
            return None;
        };
        let opening_line = first.line();
        let mut raws = std::mem::take(&mut self.raws);
        raws.clear();
        raws.push(first);
        let blank_lines = self.cut_block(&mut raws);
        self.report_bare_lf();
        let block = self.decode(&raws, blank_lines);
        // The decoder's buffers are in the block's text now: a huge
        // block's are let go before the checks (the set of its names)
        // allocate, not after, so that they are not held together.
        self.scratch.trim();
        blocks::check_entity_block(&mut self.reporter, &block, &raws, opening_line);
        raws.clear();
        raws.shrink_to(encoding::KEPT_FIELDS);
        self.raws = raws;
        self.entity_blocks += 1;
        self.last_block_ended = !block.blank_lines().is_empty();
        Some(block)
    }

    /// The diagnostics found since they were last taken, in the order
    /// [`read`](crate::read()) gives them. A reader whose blocks went to
    /// a sink that keeps the first few of each rule
    /// ([`DiagnosticSink::kept_per_rule`](antenna_model::DiagnosticSink::kept_per_rule))
    /// gave that sink the count of the others: they are not here.
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        let mut diagnostics = self.reporter.take_diagnostics();
        // Stable, by where the span starts: as the whole reader sorts.
        diagnostics.sort_by_key(|d| d.span.start);
        diagnostics
    }

    /// How many errors have been found so far (taken or not).
    pub fn error_count(&self) -> usize {
        self.reporter.error_count()
    }

    /// Gives the diagnostics found since they were last given to `sink`,
    /// in the order [`read`](crate::read()) gives them (see
    /// [`BlockReader::take_diagnostics`]).
    fn give_diagnostics(&mut self, sink: &mut dyn DiagnosticSink) {
        if !self.reporter.is_empty() {
            self.reporter.give_sorted(sink);
        }
    }

    /// Cuts the lines of the block whose fields so far are `raws`, up to
    /// the first line of the next block (kept in `self.next`) or the end of
    /// the input; reports the lines that break the grammar and the blank
    /// lines' departures; returns the block's blank lines.
    fn cut_block(&mut self, raws: &mut Vec<RawField<'i>>) -> BlankLines {
        let mut blank_lines = BlankLines::None;
        while !self.rest.is_empty() {
            let start = lines::offset(self.input, self.rest);
            let (content, line_end) = grammar::raw_line(&mut self.rest);
            let span = start..start + content.len();
            self.last_line_end = line_end;
            match grammar::block_line(content) {
                Ok(BlockLine::Blank(white)) => {
                    lines::blank_line(&mut self.reporter, &mut blank_lines, white, span, line_end);
                }
                Ok(BlockLine::Field(field)) => {
                    let raw = RawField::new(&field, content, start, line_end);
                    if !blank_lines.is_empty() {
                        self.next = Some(raw);
                        break;
                    }
                    raws.push(raw);
                }
                Err(error) => lines::report(&mut self.reporter, error, span),
            }
        }
        blank_lines
    }

    /// Where the lines of the block just cut end: where the next block
    /// starts (`None` for the last block).
    fn block_end(&self) -> Option<usize> {
        self.next.as_ref().map(|raw| raw.line().start)
    }

    /// Reports `bare-lf` with the block its span is in (at the place the
    /// whole reader reports it: after the lines are cut).
    fn report_bare_lf(&mut self) {
        let end = self.block_end();
        let here = self
            .bare_lf
            .as_ref()
            .and_then(BareLf::first)
            .is_some_and(|first| end.is_none_or(|end| first < end));
        if here && let Some(bare_lf) = self.bare_lf.take() {
            bare_lf.report(&mut self.reporter);
        }
    }

    /// Decodes the block just cut, after reporting `charset-mismatch` if
    /// it is in this block (where the whole reader reports it: after the
    /// lines, before the checks).
    fn decode(&mut self, raws: &[RawField<'i>], blank_lines: BlankLines) -> Block {
        let end = self.block_end();
        self.choice.report_mismatch_before(&mut self.reporter, end);
        encoding::decode_block_in(
            &mut self.reporter,
            raws,
            blank_lines,
            &self.choice,
            &mut self.scratch,
        )
    }
}

/// The streamed codec's reader ([`antenna_model::PartReader`]): the head
/// is read by [`BlockReader::new`], the parts are the entity blocks. Each
/// block's diagnostics, and the header's before the first block, go to
/// the sink in [`read`](crate::read())'s order; a block with an error is
/// not given (its diagnostics are), and reading goes on with the next.
/// [`read`](crate::read()) is built on it.
impl PartReader for BlockReader<'_> {
    type Head = Head;
    type Part = Block;

    fn head(&self) -> &Head {
        &self.head
    }

    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Block> {
        loop {
            // What came before (the header's) first, so that only this
            // block's errors are counted for it.
            self.give_diagnostics(sink);
            // Of what comes next, only what `sink` shows is kept (the
            // first of each rule), so that a block of a million bad lines
            // is not held with a million diagnostics (issue #28).
            self.reporter.keep_for(sink);
            let errors = self.error_count();
            let block = self.next_block();
            self.give_diagnostics(sink);
            match block {
                Some(_) if self.error_count() > errors => continue,
                block => return block,
            }
        }
    }

    fn finish(mut self, sink: &mut dyn DiagnosticSink) -> Head {
        // The blocks not asked for are read, so that their diagnostics
        // and the checks of the file's end are given all the same.
        while self.next_part(sink).is_some() {}
        self.give_diagnostics(sink);
        self.head
    }
}
