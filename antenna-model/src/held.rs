//! A document held in memory, read as its head and parts as often as a
//! conversion by parts needs: once to convert, and once before that when
//! the target's head needs to know of every entry first
//! ([`PartCodec::SUMMARY_PASS`]: RSS's channel).
//!
//! - [`Held`]: the bytes borrowed, read by the format's part reader.
//! - [`Whole`]: the bytes owned, for a format whose part reader owns what
//!   it reads (an RSS reader holds its document, XML being well-formed only
//!   as a whole). The bytes, needed only to show diagnostics with their
//!   line, are lent ([`Lines::Lent`]) and let go of once the first part
//!   is given (such a reader gives every diagnostic before it), so that
//!   they and the document are not held together while it is converted.
//!
//! Either is a [`HeldDocument`], read as its
//! [`start`](HeldDocument::start) (the feed of the head, or the input
//! rejected), then, when wanted, [`survey`](HeldDocument::survey) (the
//! first pass: the parts until the caller has learnt enough, no
//! diagnostic; before any part, or it panics), then
//! [`next_part`](HeldDocument::next_part) to the end, and
//! [`finish`](HeldDocument::finish) (the head, complete). Nothing here
//! fails but the input: the bytes are in memory.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::rc::Rc;

use crate::parts::Discard;
use crate::render::sink::{Lent, Lines};
use crate::{Diagnostic, DiagnosticSink, Feed, PartCodec, PartReader, Rejected};

/// A document held in memory, read by the part reader of its format `C`.
pub trait HeldDocument<'i> {
    /// Its format.
    type C: PartCodec;

    /// Starts the reading: the feed its head makes (its losses aside: they
    /// are the finished head's), or `None`, the diagnostics that reject
    /// the input given to `sink`.
    fn start(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Feed>;

    /// The first pass, between [`start`](HeldDocument::start) and the
    /// first [`next_part`](HeldDocument::next_part): each part the reader
    /// gives, with or without an error, to `each`, no diagnostic given,
    /// until `each` breaks (issue #23: an RSS channel's summary is settled
    /// by its first entries, and reading a HINA-DI file a second time cost
    /// 1.7 times its check). After a break, a document read part by part
    /// reads no further in this pass; one read whole still gives its later
    /// parts to `next_part`. The reading after it gives the same parts and
    /// diagnostics as one without it.
    ///
    /// # Panics
    ///
    /// When a part was already asked for: the two passes would disagree
    /// on where the reading stands (a `Held` would give its first parts
    /// twice, a `Whole` survey would miss them).
    fn survey(&mut self, each: &mut dyn FnMut(&<Self::C as PartCodec>::Part) -> ControlFlow<()>);

    /// The next part, its diagnostics and those before it given to `sink`
    /// first; `None` at the end, or before the reading is started.
    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<<Self::C as PartCodec>::Part>;

    /// Ends the reading, the last diagnostics given to `sink`: the head,
    /// complete, or `None` when the input was rejected at its start.
    fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Option<<Self::C as PartCodec>::Head>;

    /// The text its diagnostics point into.
    fn lines(&self) -> Lines<'i>;
}

/// A document held in memory, its bytes borrowed, read by `C`'s part
/// reader.
pub struct Held<'i, C: PartCodec> {
    bytes: &'i [u8],
    options: C::ReadOptions,
    reader: Option<C::Reader<'i>>,
    /// A part was asked for: no survey may follow.
    reading: bool,
}

impl<'i, C: PartCodec> Held<'i, C> {
    /// `bytes`, to be read strictly or not ([`Codec::read_options`](crate::Codec::read_options)).
    pub fn new(bytes: &'i [u8], strict: bool) -> Self {
        Held {
            bytes,
            options: C::read_options(strict),
            reader: None,
            reading: false,
        }
    }
}

impl<'i, C: PartCodec> HeldDocument<'i> for Held<'i, C> {
    type C = C;

    fn start(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Feed> {
        start::<C, _>(&mut self.reader, C::reader(self.bytes, &self.options), sink)
    }

    /// With a reader of its own (the started one is made again after).
    fn survey(&mut self, each: &mut dyn FnMut(&C::Part) -> ControlFlow<()>) {
        assert!(!self.reading, "{SURVEY_AFTER_PARTS}");
        let (bytes, options) = (self.bytes, &self.options);
        survey(&mut self.reader, || C::reader(bytes, options), each);
    }

    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<C::Part> {
        self.reading = true;
        self.reader.as_mut()?.next_part(sink)
    }

    fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Option<C::Head> {
        self.reader.take().map(|reader| reader.finish(sink))
    }

    fn lines(&self) -> Lines<'i> {
        Lines::whole(self.bytes)
    }
}

/// A document held in memory, its bytes owned, read by `C`'s part reader
/// `R`, which owns what it reads; see the [module docs](self).
///
/// The bytes are let go of once the first part is given: this is for a
/// reader that, like rss2's, gives every diagnostic of the document
/// before its first part. A diagnostic given later is still given, but
/// [`lines`](HeldDocument::lines) no longer holds the line it points at
/// (a renderer shows it without its source line).
pub struct Whole<C: PartCodec, R> {
    lent: Rc<RefCell<Lent>>,
    options: C::ReadOptions,
    reader: Option<R>,
    /// A part was asked for: no survey may follow.
    reading: bool,
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
    /// `bytes`, to be read strictly or not ([`Codec::read_options`](crate::Codec::read_options)).
    pub fn new(bytes: Vec<u8>, strict: bool) -> Self {
        Whole {
            lent: Lent::new(bytes),
            options: C::read_options(strict),
            reader: None,
            reading: false,
            surveyed: VecDeque::new(),
            surveyed_after: Vec::new(),
        }
    }
}

impl<C, R> HeldDocument<'static> for Whole<C, R>
where
    C: for<'a> PartCodec<Reader<'a> = R>,
    R: PartReader<Head = C::Head, Part = C::Part>,
{
    type C = C;

    /// The bytes are let go of when the input is rejected.
    fn start(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Feed> {
        let made = C::reader(&self.lent.borrow().bytes, &self.options);
        let feed = start::<C, _>(&mut self.reader, made, sink);
        if feed.is_none() {
            self.lent.borrow_mut().release();
        }
        feed
    }

    /// The document held by a started reader is not read again: the parts
    /// surveyed are moved out and kept (no more memory than the reader
    /// held), each given again by [`HeldDocument::next_part`] before those
    /// the survey left.
    fn survey(&mut self, each: &mut dyn FnMut(&C::Part) -> ControlFlow<()>) {
        assert!(!self.reading, "{SURVEY_AFTER_PARTS}");
        if let Some(reader) = &mut self.reader {
            let mut said = Vec::new();
            while let Some(part) = reader.next_part(&mut said) {
                let flow = each(&part);
                self.surveyed.push_back((std::mem::take(&mut said), part));
                if flow.is_break() {
                    // The parts left are the reader's, given after these.
                    return;
                }
            }
            self.surveyed_after = said;
            return;
        }
        let (lent, options) = (&self.lent, &self.options);
        survey(
            &mut self.reader,
            || C::reader(&lent.borrow().bytes, options),
            each,
        );
    }

    /// The bytes are let go of once the first part is given (such a
    /// reader gives every diagnostic before it).
    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<C::Part> {
        self.reading = true;
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

    /// The bytes are let go of.
    fn finish(&mut self, sink: &mut dyn DiagnosticSink) -> Option<C::Head> {
        let head = self.reader.take().map(|reader| reader.finish(sink));
        self.lent.borrow_mut().release();
        head
    }

    /// The bytes, lent until every diagnostic is given (empty after).
    fn lines(&self) -> Lines<'static> {
        Lines::Lent(Rc::clone(&self.lent))
    }
}

/// What [`HeldDocument::survey`] says when called too late.
const SURVEY_AFTER_PARTS: &str =
    "HeldDocument::survey after next_part: the survey is the first pass, before any part";

/// A first pass with a reader of its own (`make`), until `each` breaks:
/// the one `started` (if any) is let go of first and made again after, so
/// that no two documents are held at once (an RSS reader holds its
/// document).
fn survey<R: PartReader>(
    started: &mut Option<R>,
    make: impl Fn() -> Result<R, Rejected>,
    each: &mut dyn FnMut(&R::Part) -> ControlFlow<()>,
) {
    let was = started.take().is_some();
    if let Ok(mut reader) = make() {
        while let Some(part) = reader.next_part(&mut Discard) {
            if each(&part).is_break() {
                break;
            }
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
    made: Result<R, Rejected>,
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

#[cfg(test)]
mod tests {
    use std::io;

    use super::*;
    use crate::parts::{PartWriteError, PartWriter};
    use crate::{Codec, Converted, Entry, Format, Parsed, Rule, Severity};

    const RULE: Rule = Rule::new("test/line", "nowhere");

    /// A format of lines, enough to read by parts: `T TITLE` first (else
    /// the input is rejected), then a part per line; a line `!WHY` is a
    /// warning, not a part, and the end says `end`.
    struct LineFormat;

    /// Its reader, which owns its lines (as an RSS reader owns its
    /// document), so that both [`Held`] and [`Whole`] can read it.
    struct Reader {
        title: String,
        lines: std::vec::IntoIter<String>,
    }

    impl PartReader for Reader {
        type Head = String;
        type Part = String;

        fn head(&self) -> &String {
            &self.title
        }

        fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<String> {
            for line in self.lines.by_ref() {
                match line.strip_prefix('!') {
                    Some(why) => sink.report(Diagnostic::unplaced(Severity::Warning, RULE, why)),
                    None => return Some(line),
                }
            }
            None
        }

        fn finish(self, sink: &mut dyn DiagnosticSink) -> String {
            sink.report(Diagnostic::unplaced(Severity::Warning, RULE, "end"));
            self.title
        }
    }

    struct Writer<W>(W);

    impl<W: io::Write> PartWriter for Writer<W> {
        type Part = String;
        type Error = std::fmt::Error;
        type Output = W;

        fn push(&mut self, part: &String) -> Result<(), PartWriteError<std::fmt::Error>> {
            Ok(writeln!(self.0, "{part}")?)
        }

        fn finish(self) -> Result<W, PartWriteError<std::fmt::Error>> {
            Ok(self.0)
        }
    }

    impl Codec for LineFormat {
        const FORMAT: Format = Format::Lirs;
        type Document = (String, Vec<String>);
        type ReadOptions = ();
        type WriteOptions = ();
        type WriteError = std::fmt::Error;

        fn read_options(_: bool) {}

        fn read(input: &[u8], (): &()) -> Result<Parsed<Self::Document>, Rejected> {
            crate::parts::read_by_parts::<LineFormat>(input, &())
        }

        fn write(document: &Self::Document, (): &()) -> Result<Vec<u8>, std::fmt::Error> {
            crate::parts::write_by_parts::<LineFormat>(&document.0, &document.1, &())
                .map_err(|_| std::fmt::Error)
        }

        fn to_feed(document: &Self::Document) -> Converted<Feed> {
            crate::parts::to_feed_by_parts::<LineFormat>(&document.0, &document.1)
        }

        fn from_feed(feed: &Feed) -> Converted<Self::Document> {
            crate::parts::from_feed_by_parts::<LineFormat>(feed)
        }
    }

    impl PartCodec for LineFormat {
        type Head = String;
        type Part = String;
        type Reader<'i> = Reader;
        type Writer<W: io::Write> = Writer<W>;
        type Summary = ();
        type FromFeedState = ();
        const SUMMARY_PASS: bool = false;

        fn reader(input: &[u8], (): &()) -> Result<Reader, Rejected> {
            let text = String::from_utf8_lossy(input);
            let mut lines = text.lines().map(str::to_owned);
            let Some(title) = lines
                .next()
                .and_then(|l| Some(l.strip_prefix("T ")?.to_owned()))
            else {
                let no_title = Diagnostic::unplaced(Severity::Error, RULE, "no title");
                return Err(Rejected {
                    diagnostics: vec![no_title],
                });
            };
            let lines: Vec<String> = lines.collect();
            Ok(Reader {
                title,
                lines: lines.into_iter(),
            })
        }

        fn writer<W: io::Write>(
            mut out: W,
            head: &String,
            (): &(),
        ) -> Result<Writer<W>, PartWriteError<std::fmt::Error>> {
            writeln!(out, "T {head}")?;
            Ok(Writer(out))
        }

        fn head_to_feed(head: &String, _: &mut Vec<crate::Loss>) -> Feed {
            let mut feed = Feed::new();
            feed.title = Some(head.clone());
            feed
        }

        fn part_to_entry(part: &String, _: usize, _: &mut Vec<crate::Loss>) -> Option<Entry> {
            let url = url::Url::parse(&format!("http://example.jp/{part}")).ok()?;
            Some(Entry::new(url))
        }

        fn summarize((): &mut (), _: &Entry) {}

        fn head_from_feed(feed: &Feed, (): &(), _: &mut Vec<crate::Loss>) -> String {
            feed.title.clone().unwrap_or_default()
        }

        fn part_from_entry((): &mut (), entry: &Entry, _: &mut Vec<crate::Loss>) -> Option<String> {
            Some(entry.url.path().trim_start_matches('/').to_owned())
        }
    }

    const TEXT: &[u8] = b"T news\n!first\na\nb\n!last\n";

    /// The bytes `whole` still lends its diagnostics.
    fn lent(whole: &Whole<LineFormat, Reader>) -> Vec<u8> {
        match whole.lines() {
            Lines::Lent(lent) => lent.borrow().bytes.clone(),
            _ => panic!("a whole document lends its bytes"),
        }
    }

    /// What a reading gives, in order: `+PART` for each part, the
    /// diagnostics' messages between.
    fn read_rest(next: &mut dyn FnMut(&mut dyn DiagnosticSink) -> Option<String>) -> Vec<String> {
        let mut said = Vec::new();
        loop {
            let mut diagnostics = Vec::new();
            let part = next(&mut diagnostics);
            said.extend(diagnostics.into_iter().map(|d| d.message));
            match part {
                Some(part) => said.push(format!("+{part}")),
                None => return said,
            }
        }
    }

    #[test]
    fn held_gives_the_head_then_each_part_after_its_diagnostics() {
        let mut held = Held::<LineFormat>::new(TEXT, false);
        let feed = held.start(&mut Vec::new()).unwrap();
        assert_eq!(feed.title.as_deref(), Some("news"));
        assert_eq!(
            read_rest(&mut |s| held.next_part(s)),
            ["first", "+a", "+b", "last"]
        );
        let mut end = Vec::new();
        assert_eq!(held.finish(&mut end).as_deref(), Some("news"));
        assert_eq!(end[0].message, "end");
    }

    /// A [`Held`] and a [`Whole`] of [`TEXT`], each started, surveyed
    /// with `flow` the answer to each part, then read: for each, the
    /// parts its survey saw and what its reading gave.
    fn surveyed_then_read(flow: ControlFlow<()>) -> [(Vec<String>, Vec<String>); 2] {
        let mut held = Held::<LineFormat>::new(TEXT, false);
        let mut whole = Whole::<LineFormat, Reader>::new(TEXT.to_vec(), false);
        held.start(&mut Vec::new()).unwrap();
        whole.start(&mut Vec::new()).unwrap();
        let [mut in_held, mut in_whole] = [(); 2].map(|()| Vec::new());
        held.survey(&mut |part| {
            in_held.push(part.clone());
            flow
        });
        whole.survey(&mut |part| {
            in_whole.push(part.clone());
            flow
        });
        [
            (in_held, read_rest(&mut |s| held.next_part(s))),
            (in_whole, read_rest(&mut |s| whole.next_part(s))),
        ]
    }

    #[test]
    fn a_survey_sees_every_part_silently_and_changes_nothing_after() {
        for (seen, read) in surveyed_then_read(ControlFlow::Continue(())) {
            assert_eq!(seen, ["a", "b"]);
            assert_eq!(read, ["first", "+a", "+b", "last"]);
        }
    }

    #[test]
    fn a_survey_that_stops_sees_no_part_after_and_changes_nothing_after() {
        for (seen, read) in surveyed_then_read(ControlFlow::Break(())) {
            assert_eq!(seen, ["a"]);
            // The parts the survey did not reach are read once, in order,
            // with their diagnostics, after those it reached.
            assert_eq!(read, ["first", "+a", "+b", "last"]);
        }
    }

    #[test]
    fn a_rejected_input_gives_its_diagnostics_and_no_part() {
        let mut whole = Whole::<LineFormat, Reader>::new(b"no title\na\n".to_vec(), false);
        let mut said = Vec::new();
        assert!(whole.start(&mut said).is_none());
        assert_eq!(said[0].message, "no title");
        assert!(lent(&whole).is_empty());
        assert!(whole.next_part(&mut Vec::new()).is_none());
        assert!(whole.finish(&mut Vec::new()).is_none());
    }

    #[test]
    fn whole_lets_its_bytes_go_once_the_first_part_is_given() {
        let mut whole = Whole::<LineFormat, Reader>::new(TEXT.to_vec(), false);
        whole.start(&mut Vec::new()).unwrap();
        assert_eq!(lent(&whole), TEXT);
        assert_eq!(whole.next_part(&mut Vec::new()).as_deref(), Some("a"));
        assert!(lent(&whole).is_empty());
        // A diagnostic after the release (`!last`) is still given.
        assert_eq!(read_rest(&mut |s| whole.next_part(s)), ["+b", "last"]);
    }

    #[test]
    #[should_panic(expected = "survey after next_part")]
    fn a_held_survey_after_a_part_is_refused() {
        let mut held = Held::<LineFormat>::new(TEXT, false);
        held.start(&mut Vec::new()).unwrap();
        held.next_part(&mut Vec::new());
        held.survey(&mut |_| ControlFlow::Continue(()));
    }

    #[test]
    #[should_panic(expected = "survey after next_part")]
    fn a_whole_survey_after_a_part_is_refused() {
        let mut whole = Whole::<LineFormat, Reader>::new(TEXT.to_vec(), false);
        whole.start(&mut Vec::new()).unwrap();
        whole.next_part(&mut Vec::new());
        whole.survey(&mut |_| ControlFlow::Continue(()));
    }
}
