//! Every format as a head followed by parts: the streamed codec.
//!
//! A HINA-DI file is a header and blocks, a LIRS file records, an RSS
//! document a channel and items. [`PartCodec`] says so once for all three,
//! so that a tool converts any format to any other part by part, in memory
//! that does not grow with the file, and is written once (M readers and N
//! writers instead of M×N paths, as serde-transcode does for serde):
//!
//! ```text
//! reader ──head──▶ head_to_feed ──feed──▶ head_from_feed ──head──▶ writer
//!        ──part──▶ part_to_entry ─entry─▶ part_from_entry ─part──▶ writer.push
//! ```
//!
//! Each format crate's whole-file functions (`read`, `write`, `to_feed`,
//! `from_feed`) are folds over its part API, so the whole-file and the
//! streamed results cannot differ:
//!
//! - `read` = [`PartCodec::reader`], every [`PartReader::next_part`]
//!   gathered, [`PartReader::finish`];
//! - `to_feed` = [`PartCodec::head_to_feed`], then
//!   [`PartCodec::part_to_entry`] of each part, the losses in that order;
//! - `from_feed` = [`PartCodec::summarize`] over the entries (when
//!   [`PartCodec::SUMMARY_PASS`]), [`PartCodec::head_from_feed`], then
//!   [`PartCodec::part_from_entry`] of each entry, the losses in that order;
//! - `write` = [`PartCodec::writer`], [`PartWriter::push`] of each part,
//!   [`PartWriter::finish`].
//!
//! Diagnostics go to a [`DiagnosticSink`] as they are found, and losses are
//! pushed onto a `Vec<Loss>` the caller owns, so a caller decides what is
//! kept, counted, printed or dropped.

use std::any::Any;
use std::borrow::Cow;
use std::fmt;
use std::io;

use crate::{Codec, Diagnostic, Entry, Feed, Loss, Rejected, Rule, Severity};

/// Where diagnostics go as they are found (toml_parser's `ErrorSink`): a
/// `Vec`, a counter, a printer, or nothing at all.
pub trait DiagnosticSink {
    /// Takes one diagnostic.
    fn report(&mut self, diagnostic: Diagnostic);

    /// `Some(n)` for a sink that shows only the first `n` diagnostics of
    /// each rule (by id) and counts the others, such as
    /// [`Human`](crate::render::sink::Human): a reader that gives its
    /// diagnostics piece by piece, each piece in the order of its places,
    /// may then give it, of each piece, only the first `n` of each rule
    /// and severity and [`count`](DiagnosticSink::count) the others, which
    /// shows the same and holds no more than `n` of a kind (issue #28).
    /// `None` (the default): every diagnostic is wanted.
    fn kept_per_rule(&self) -> Option<usize> {
        None
    }

    /// Takes the number of diagnostics of `rule` at `severity` that were
    /// counted and not given (see [`DiagnosticSink::kept_per_rule`]; a
    /// sink that wants every diagnostic is never given a count). The
    /// default drops the number, which is right only for a sink that
    /// answers `None` there: one that answers `Some` must take it here,
    /// or its totals miss what was counted.
    fn count(&mut self, rule: Rule, severity: Severity, n: usize) {
        let _ = (rule, severity, n);
    }
}

impl DiagnosticSink for Vec<Diagnostic> {
    fn report(&mut self, diagnostic: Diagnostic) {
        self.push(diagnostic);
    }
}

impl<S: DiagnosticSink + ?Sized> DiagnosticSink for &mut S {
    fn report(&mut self, diagnostic: Diagnostic) {
        (**self).report(diagnostic);
    }

    fn kept_per_rule(&self) -> Option<usize> {
        (**self).kept_per_rule()
    }

    fn count(&mut self, rule: Rule, severity: Severity, n: usize) {
        (**self).count(rule, severity, n);
    }
}

/// A sink that drops every diagnostic (a caller that only wants the
/// parts, or only the [`Counted`] totals).
#[derive(Debug, Clone, Copy, Default)]
pub struct Discard;

impl DiagnosticSink for Discard {
    fn report(&mut self, _: Diagnostic) {}

    /// None is shown: a reader need keep none.
    fn kept_per_rule(&self) -> Option<usize> {
        Some(0)
    }
}

/// A sink made of a closure: `FnSink(|d| eprintln!("{d}"))`.
pub struct FnSink<F>(pub F);

impl<F: FnMut(Diagnostic)> DiagnosticSink for FnSink<F> {
    fn report(&mut self, diagnostic: Diagnostic) {
        (self.0)(diagnostic);
    }
}

impl<F> fmt::Debug for FnSink<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FnSink(..)")
    }
}

/// Counts errors and warnings, passing each diagnostic on to `sink`: what
/// a reader needs to tell whether its input is rejected, without keeping
/// the diagnostics.
#[derive(Debug, Clone, Default)]
pub struct Counted<S> {
    /// Where the diagnostics go after they are counted.
    pub sink: S,
    /// How many errors went through.
    pub errors: usize,
    /// How many warnings went through.
    pub warnings: usize,
}

impl<S> Counted<S> {
    /// Counts what goes into `sink`, from zero.
    pub fn new(sink: S) -> Self {
        Counted {
            sink,
            errors: 0,
            warnings: 0,
        }
    }
}

impl<S: DiagnosticSink> DiagnosticSink for Counted<S> {
    fn report(&mut self, diagnostic: Diagnostic) {
        match diagnostic.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
        }
        self.sink.report(diagnostic);
    }

    fn kept_per_rule(&self) -> Option<usize> {
        self.sink.kept_per_rule()
    }

    fn count(&mut self, rule: Rule, severity: Severity, n: usize) {
        match severity {
            Severity::Error => self.errors += n,
            Severity::Warning => self.warnings += n,
        }
        self.sink.count(rule, severity, n);
    }
}

/// Reads one document as its head, then its parts one at a time.
///
/// The head is read when the reader is made (a LIRS file, which has no
/// head of its own, gathers it as it goes: see the format's docs), so a
/// converter can write the target's head before the first part.
pub trait PartReader {
    /// What comes before the parts.
    type Head;
    /// One part: a block, a record, an item.
    type Part;

    /// The head as read so far.
    fn head(&self) -> &Self::Head;

    /// The next part, the diagnostics of the input up to its end given to
    /// `sink` first. `None` at the end of the input, or after a fatal
    /// error (given to `sink` as an error). A part with an error is not
    /// given: its diagnostics are, and reading goes on with the next, so
    /// that the caller decides whether to stop.
    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Self::Part>;

    /// Ends the reading: the diagnostics after the last part (trailing
    /// lines, whole-file checks) go to `sink`, and the head is given back,
    /// complete.
    fn finish(self, sink: &mut dyn DiagnosticSink) -> Self::Head;
}

/// Writes one document as its head (given when the writer is made), then
/// its parts one at a time, to an [`io::Write`].
///
/// Each part's bytes go to the output as it is pushed, but a writer may
/// still refuse the whole file when it is finished (a HINA-DI file with no
/// entity block): write to a place that can be thrown away (a temporary
/// file), not where a reader would take the bytes for the file.
pub trait PartWriter {
    /// One part.
    type Part;
    /// Why a part or the file cannot be written exactly.
    type Error: std::error::Error + Send + Sync + 'static;
    /// The output, given back by [`PartWriter::finish`].
    type Output;

    /// Writes the next part; nothing of it is written when it is refused.
    fn push(&mut self, part: &Self::Part) -> Result<(), PartWriteError<Self::Error>>;

    /// Writes the end of the file, refuses what every reader would reject,
    /// and gives the output back.
    fn finish(self) -> Result<Self::Output, PartWriteError<Self::Error>>;
}

/// Why a [`PartWriter`] stopped: the format cannot write it exactly, or
/// the output failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum PartWriteError<E> {
    /// The format refuses: what [`Codec::write`] refuses.
    Format(E),
    /// Writing to the output failed.
    Io(io::Error),
}

impl<E: fmt::Display> fmt::Display for PartWriteError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartWriteError::Format(e) => e.fmt(f),
            PartWriteError::Io(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for PartWriteError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PartWriteError::Format(e) => Some(e),
            PartWriteError::Io(e) => Some(e),
        }
    }
}

impl<E> From<io::Error> for PartWriteError<E> {
    fn from(e: io::Error) -> Self {
        PartWriteError::Io(e)
    }
}

/// A format read and written as a head followed by parts, with the part ↔
/// model conversions in both directions. See the [module docs](self) for
/// how the whole-file functions fold over it.
pub trait PartCodec: Codec {
    /// What comes before the parts: HINA-DI's version line and header, an
    /// RSS document without its items, LIRS's comment lines and line ends.
    type Head;
    /// One part: a HINA-DI block, a LIRS record, an RSS item.
    type Part;
    /// The reader of a file held in memory.
    type Reader<'i>: PartReader<Head = Self::Head, Part = Self::Part>;
    /// The writer to `W`.
    type Writer<W: io::Write>: PartWriter<Part = Self::Part, Error = Self::WriteError, Output = W>;
    /// What [`PartCodec::summarize`] learns of the entries before the head
    /// is made (RSS: what the channel says of its items); `()` where the
    /// head needs nothing of them.
    type Summary: Default;
    /// What converting entries to parts carries from one entry to the
    /// next (LIRS §3.5: the URLs met, so that a repeated one is left out).
    type FromFeedState: Default;

    /// `true` when [`PartCodec::head_from_feed`] needs a
    /// [`PartCodec::summarize`] pass over the entries first, until the
    /// summary is [settled](PartCodec::settled) (so a streamed converter
    /// reads its source twice, the first time perhaps only in part).
    const SUMMARY_PASS: bool;

    /// Reads `input`'s head; its parts follow from the reader. `Err` when
    /// the input is rejected before any part (not this format at all).
    fn reader<'i>(
        input: &'i [u8],
        options: &Self::ReadOptions,
    ) -> Result<Self::Reader<'i>, Rejected>;

    /// Writes `head` to `out`; parts pushed to the writer follow.
    fn writer<W: io::Write>(
        out: W,
        head: &Self::Head,
        options: &Self::WriteOptions,
    ) -> Result<Self::Writer<W>, PartWriteError<Self::WriteError>>;

    /// The feed a head makes (no entries yet), its losses pushed onto
    /// `losses`: what [`Codec::to_feed`] gives and lists first.
    fn head_to_feed(head: &Self::Head, losses: &mut Vec<Loss>) -> Feed;

    /// The entry of the `index`th part (from 0), `None` when it cannot be
    /// one (the reason among the losses pushed onto `losses`).
    fn part_to_entry(part: &Self::Part, index: usize, losses: &mut Vec<Loss>) -> Option<Entry>;

    /// Learns what the head needs of `entry` (see [`PartCodec::Summary`]).
    fn summarize(summary: &mut Self::Summary, entry: &Entry);

    /// `true` once `summary` can learn nothing more from an entry than
    /// that there is one more ([`PartCodec::count`]). A converter may then
    /// end its summary pass, write the head made of this summary, count
    /// the entries left as it converts them, and at the end put the head
    /// made of the summary counted in full in place of the bytes the
    /// writer wrote before the first part (issue #23: the pass read a
    /// HINA-DI file a second time to count its blocks, 1.7 times its
    /// `check`). That is exact only under this contract, which a format
    /// that answers `true` keeps; with `s` a settled summary and `t` the
    /// same counted further, and the same feed and options:
    ///
    /// - the head made of `s` and the head made of `t` differ only in what
    ///   the count says (RSS: the default channel `description`, "Update
    ///   times of N pages"): what a part's bytes depend on, such as the
    ///   namespaces declared and the site of the first entry, is settled;
    /// - so every byte the writer of either head writes after the head
    ///   (each part pushed, and the end) is the same;
    /// - [`PartCodec::writer`] has written its whole head to its output
    ///   when it returns: its head is the bytes written by then.
    ///
    /// `false` by default: a summary pass then sees every part.
    fn settled(summary: &Self::Summary) -> bool {
        let _ = summary;
        false
    }

    /// Counts one more entry into a [settled](PartCodec::settled)
    /// summary: all [`PartCodec::summarize`] would learn of it (a
    /// converter counts the entries it converts after the summary pass
    /// ended).
    fn count(summary: &mut Self::Summary) {
        let _ = summary;
    }

    /// Whether the `index`th part makes an entry, as
    /// [`PartCodec::part_to_entry`] says, for a caller that counts
    /// entries without converting them; a format answers without making
    /// the entry where it can.
    fn makes_entry(part: &Self::Part, index: usize) -> bool {
        Self::part_to_entry(part, index, &mut Vec::new()).is_some()
    }

    /// What the `index`th part's entry says that a summary pass asks,
    /// told without making the entry ([`Glance`]); `None` (the default)
    /// where the format must make it to tell. A format that answers
    /// answers only for a part that makes an entry, and what it tells is
    /// what [`PartCodec::part_to_entry`]'s entry holds.
    fn glance(part: &Self::Part, index: usize) -> Option<Glance<'_>> {
        let _ = (part, index);
        None
    }

    /// Learns of one more entry from its [`Glance`] what
    /// [`PartCodec::summarize`] would learn of the entry itself, and says
    /// so; `false` (the default, `summary` unchanged) when the glance
    /// does not tell enough, and the entry is then made and summarized
    /// (issue #23: an RSS → RSS summary pass converted every item only to
    /// learn that it carries no `antenna` module).
    fn summarize_glance(summary: &mut Self::Summary, glance: &Glance<'_>) -> bool {
        let _ = (summary, glance);
        false
    }

    /// Whether `part` counts among the file's parts when a tool says how
    /// many it holds: `false` for one the format reads but holds apart from
    /// its entries (a HINA-DI block discarded for its repeated fields).
    fn is_counted(part: &Self::Part) -> bool {
        let _ = part;
        true
    }

    /// The character `error` refuses because the output encoding lacks
    /// it, where the error's own text names no way to write it (so that a
    /// tool can name its options that would); `None` otherwise.
    fn unencodable(error: &Self::WriteError) -> Option<char> {
        let _ = error;
        None
    }

    /// The head of a feed (whose entries are ignored: `summary` says what
    /// the head needs of them), its losses pushed onto `losses`: what
    /// [`Codec::from_feed`] lists first.
    fn head_from_feed(feed: &Feed, summary: &Self::Summary, losses: &mut Vec<Loss>) -> Self::Head;

    /// The part of the next entry, `None` when it has none (the reason
    /// among the losses pushed onto `losses`).
    fn part_from_entry(
        state: &mut Self::FromFeedState,
        entry: &Entry,
        losses: &mut Vec<Loss>,
    ) -> Option<Self::Part>;

    /// What of `part`, written, is worth keeping for
    /// [`PartCodec::part_from_entry_reusing`] to make the next part in
    /// (its allocations); `None`, the default, drops it. A format keeps
    /// little: what it keeps is held while the next entry is read.
    fn spare(part: Self::Part) -> Option<Self::Part> {
        drop(part);
        None
    }

    /// [`PartCodec::part_from_entry`], made where it can in `spare` (what
    /// [`PartCodec::spare`] kept of a part written before) instead of in
    /// new allocations (issue #23: an RSS item's ten `antenna` module
    /// elements were allocated and freed for each entry). The part is
    /// the same either way; the default drops `spare`.
    fn part_from_entry_reusing(
        state: &mut Self::FromFeedState,
        entry: &Entry,
        losses: &mut Vec<Loss>,
        spare: Option<Self::Part>,
    ) -> Option<Self::Part> {
        drop(spare);
        Self::part_from_entry(state, entry, losses)
    }
}

/// What a part's entry says that a summary pass asks
/// ([`PartCodec::summarize_glance`]), told by the source's format without
/// making the entry ([`PartCodec::glance`]): making it costs a URL parse,
/// dates and a copy of the part, where a summary needs to know only
/// whose it is and what it keeps.
#[derive(Debug)]
#[non_exhaustive]
pub struct Glance<'p> {
    /// The entry's [`Entry::author`].
    pub author: Option<Cow<'p, str>>,
    /// The value the entry keeps as written ([`Entry::as_written`]'s),
    /// when that is the part itself.
    pub as_written: Option<&'p (dyn Any + Send + Sync)>,
}

impl<'p> Glance<'p> {
    /// A glance at an entry whose author is `author` and which keeps
    /// `as_written`.
    pub fn new(
        author: Option<Cow<'p, str>>,
        as_written: Option<&'p (dyn Any + Send + Sync)>,
    ) -> Self {
        Glance { author, as_written }
    }
}

/// [`Codec::to_feed`] as the fold over the part conversions: what each
/// format's `to_feed` must give. Exposed so that a format's tests (and
/// other formats) can check it.
pub fn to_feed_by_parts<'p, C: PartCodec>(
    head: &C::Head,
    parts: impl IntoIterator<Item = &'p C::Part>,
) -> crate::Converted<Feed>
where
    C::Part: 'p,
{
    let mut losses = Vec::new();
    let mut feed = C::head_to_feed(head, &mut losses);
    for (index, part) in parts.into_iter().enumerate() {
        if let Some(entry) = C::part_to_entry(part, index, &mut losses) {
            feed.entries.push(entry);
        }
    }
    crate::Converted {
        document: feed,
        losses,
    }
}

/// [`Codec::from_feed`] as the fold over the part conversions: the head
/// and the parts of `feed`, the losses in order.
pub fn from_feed_by_parts<C: PartCodec>(feed: &Feed) -> crate::Converted<(C::Head, Vec<C::Part>)> {
    let mut summary = C::Summary::default();
    if C::SUMMARY_PASS {
        for entry in &feed.entries {
            C::summarize(&mut summary, entry);
        }
    }
    let mut losses = Vec::new();
    let head = C::head_from_feed(feed, &summary, &mut losses);
    let mut state = C::FromFeedState::default();
    let parts = feed
        .entries
        .iter()
        .filter_map(|entry| C::part_from_entry(&mut state, entry, &mut losses))
        .collect();
    crate::Converted {
        document: (head, parts),
        losses,
    }
}

/// Reads a whole file through its part reader: the head and every part,
/// and the diagnostics in order; `Err` when any is an error. What each
/// format's `read` is built on.
#[allow(clippy::type_complexity)]
pub fn read_by_parts<C: PartCodec>(
    input: &[u8],
    options: &C::ReadOptions,
) -> Result<crate::Parsed<(C::Head, Vec<C::Part>)>, Rejected> {
    let mut reader = C::reader(input, options)?;
    let mut diagnostics = Vec::new();
    let mut parts = Vec::new();
    while let Some(part) = reader.next_part(&mut diagnostics) {
        parts.push(part);
    }
    let head = reader.finish(&mut diagnostics);
    crate::finish((head, parts), diagnostics)
}

/// Writes a head and parts through the part writer into a `Vec`: what each
/// format's `write` is built on. (A `Vec` takes every byte, so the error is
/// only ever [`PartWriteError::Format`] unless the writer itself fails.)
pub fn write_by_parts<'p, C: PartCodec>(
    head: &C::Head,
    parts: impl IntoIterator<Item = &'p C::Part>,
    options: &C::WriteOptions,
) -> Result<Vec<u8>, PartWriteError<C::WriteError>>
where
    C::Part: 'p,
{
    let mut writer = C::writer(Vec::new(), head, options)?;
    for part in parts {
        writer.push(part)?;
    }
    writer.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;

    const RULE: Rule = Rule::new("test/rule", "nowhere");

    #[test]
    fn counted_counts_by_severity_and_passes_on() {
        let mut counted = Counted::new(Vec::new());
        counted.report(Diagnostic::unplaced(Severity::Warning, RULE, "w"));
        counted.report(Diagnostic::unplaced(Severity::Error, RULE, "e"));
        counted.report(Diagnostic::unplaced(Severity::Warning, RULE, "w2"));
        assert_eq!((counted.errors, counted.warnings), (1, 2));
        let messages: Vec<_> = counted.sink.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["w", "e", "w2"]);
    }

    #[test]
    fn fn_sink_and_discard() {
        let mut seen = 0;
        FnSink(|_| seen += 1).report(Diagnostic::unplaced(Severity::Warning, RULE, "w"));
        assert_eq!(seen, 1);
        let mut counted = Counted::new(Discard);
        counted.report(Diagnostic::unplaced(Severity::Error, RULE, "e"));
        assert_eq!(counted.errors, 1);
    }

    #[test]
    fn part_write_error_says_which() {
        let e: PartWriteError<io::Error> = PartWriteError::from(io::Error::other("disk full"));
        assert_eq!(e.to_string(), "cannot write the output: disk full");
        let e: PartWriteError<io::Error> = PartWriteError::Format(io::Error::other("bad"));
        assert_eq!(e.to_string(), "bad");
    }
}
