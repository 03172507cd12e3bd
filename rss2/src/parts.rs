//! RSS 2.0 as a head followed by parts ([`PartCodec`]): the head is a
//! [`Document`] whose channel holds no items, each part an [`Item`].
//!
//! XML is well-formed or not as a whole document, so the reader parses
//! the whole input first ([`ItemReader`] is built on [`read()`]: one
//! parser) and then gives the items one by one, moved out of the
//! document, never copied. Writing, [`StreamWriter`] writes the head, then
//! each item as it is pushed; [`write()`] is the same steps.

use std::io;

use antenna_model::{
    Diagnostic, DiagnosticSink, Entry, Feed, Glance, Loss, Parsed, PartCodec, PartReader,
    PartWriteError, Rejected,
};

use crate::antenna_module;
use crate::convert::{self, ChannelSummary};
use crate::document::{Document, Item};
use crate::{ReadOptions, Rss2, StreamWriter, WriteError, WriteOptions, read};

/// Reads an RSS document as its head (the document without its items)
/// and its items, one at a time: [`Rss2::reader`](PartCodec::reader).
///
/// The whole input is parsed when the reader is made (a document that is
/// not well-formed, or has an error, is rejected then, as by [`read()`]),
/// so every diagnostic of the document is given by the first
/// [`next_part`](PartReader::next_part) (or by
/// [`finish`](PartReader::finish), when no part was asked for), in
/// [`read()`]'s order, before the first item.
///
/// ```
/// use antenna_model::{PartCodec, PartReader};
/// use rss2::Rss2;
///
/// let input = br#"<rss version="2.0"><channel><title>Hoge</title>
/// <item><title>Foo</title><pubDate>not a date</pubDate></item>
/// <item><title>Bar</title></item>
/// </channel></rss>"#;
/// let mut reader = Rss2::reader(input, &rss2::ReadOptions::default())?;
/// assert_eq!(reader.head().channel.title.as_deref(), Some("Hoge"));
/// let mut diagnostics = Vec::new();
/// let mut titles = Vec::new();
/// while let Some(item) = reader.next_part(&mut diagnostics) {
///     titles.push(item.title.unwrap_or_default());
/// }
/// let head = reader.finish(&mut diagnostics);
/// assert_eq!(titles, ["Foo", "Bar"]);
/// assert!(head.channel.items.is_empty());
/// assert_eq!(diagnostics[0].rule.id, "rss2/bad-date");
/// # Ok::<(), rss2::Rejected>(())
/// ```
#[derive(Debug)]
pub struct ItemReader {
    head: Document,
    items: std::vec::IntoIter<Item>,
    /// The document's diagnostics not yet given.
    diagnostics: std::vec::IntoIter<Diagnostic>,
}

impl ItemReader {
    /// A reader of a document already read: its items are moved out of
    /// it, its diagnostics given before the first item.
    pub fn new(parsed: Parsed<Document>) -> Self {
        let Parsed {
            mut document,
            diagnostics,
        } = parsed;
        let items = std::mem::take(&mut document.channel.items).into_iter();
        ItemReader {
            head: document,
            items,
            diagnostics: diagnostics.into_iter(),
        }
    }

    /// How many items are left to give.
    #[must_use]
    pub fn items_left(&self) -> usize {
        self.items.len()
    }

    /// Gives `sink` the diagnostics not given yet.
    fn give_diagnostics(&mut self, sink: &mut dyn DiagnosticSink) {
        for diagnostic in self.diagnostics.by_ref() {
            sink.report(diagnostic);
        }
    }
}

impl From<Parsed<Document>> for ItemReader {
    fn from(parsed: Parsed<Document>) -> Self {
        ItemReader::new(parsed)
    }
}

impl PartReader for ItemReader {
    type Head = Document;
    type Part = Item;

    /// The document without its items.
    fn head(&self) -> &Document {
        &self.head
    }

    /// The next item; the first call gives every diagnostic of the
    /// document to `sink` first.
    fn next_part(&mut self, sink: &mut dyn DiagnosticSink) -> Option<Item> {
        self.give_diagnostics(sink);
        self.items.next()
    }

    /// The head, the diagnostics not yet given to `sink` first. Items not
    /// taken are dropped: the head holds none.
    fn finish(mut self, sink: &mut dyn DiagnosticSink) -> Document {
        self.give_diagnostics(sink);
        self.head
    }
}

/// RSS 2.0's head and parts: the channel (a [`Document`] without items)
/// and its [`Item`]s. The conversions are this crate's own:
/// [`channel_to_feed`](crate::channel_to_feed),
/// [`entry_from_item`](crate::entry_from_item),
/// [`ChannelSummary`] (a summary pass: the channel's `link` and
/// `description` and the namespaces it declares depend on the items),
/// [`channel_from_feed`](crate::channel_from_feed) and
/// [`item_from_entry`](crate::item_from_entry).
///
/// A head that holds items is read and written with them: its items come
/// before the parts ([`StreamWriter::new`] writes them), and
/// [`head_to_feed`](PartCodec::head_to_feed) looks at none of them.
impl PartCodec for Rss2 {
    type Head = Document;
    type Part = Item;
    type Reader<'i> = ItemReader;
    type Writer<W: io::Write> = StreamWriter<W>;
    type Summary = ChannelSummary;
    type FromFeedState = ();

    const SUMMARY_PASS: bool = true;

    fn reader(input: &[u8], options: &ReadOptions) -> Result<ItemReader, Rejected> {
        read(input, options).map(ItemReader::new)
    }

    fn writer<W: io::Write>(
        out: W,
        head: &Document,
        options: &WriteOptions,
    ) -> Result<StreamWriter<W>, PartWriteError<WriteError>> {
        Ok(StreamWriter::new(out, head, options)?)
    }

    fn head_to_feed(head: &Document, losses: &mut Vec<Loss>) -> Feed {
        convert::channel_feed(head, losses)
    }

    fn part_to_entry(part: &Item, index: usize, losses: &mut Vec<Loss>) -> Option<Entry> {
        convert::entry(part, index, losses)
    }

    fn summarize(summary: &mut ChannelSummary, entry: &Entry) {
        summary.add(entry);
    }

    fn settled(summary: &ChannelSummary) -> bool {
        summary.is_settled(true)
    }

    fn count(summary: &mut ChannelSummary) {
        summary.count_one();
    }

    /// Every item makes an entry (one that names no page is known by its
    /// position).
    fn makes_entry(_: &Item, _: usize) -> bool {
        true
    }

    /// An item without the `antenna` module tells its author and
    /// itself.
    fn glance(part: &Item, _: usize) -> Option<Glance<'_>> {
        convert::glance(part)
    }

    fn summarize_glance(summary: &mut ChannelSummary, glance: &Glance<'_>) -> bool {
        summary.add_glance(glance)
    }

    fn head_from_feed(feed: &Feed, summary: &ChannelSummary, losses: &mut Vec<Loss>) -> Document {
        convert::channel(feed, summary, losses)
    }

    fn part_from_entry(_: &mut (), entry: &Entry, losses: &mut Vec<Loss>) -> Option<Item> {
        Some(convert::item(entry, losses))
    }

    /// The item's short strings and a few small extension elements, for
    /// the next item.
    fn spare(item: Item) -> Option<Item> {
        // Only an item made of an entry's values carries the module; one
        // written as it was read is a copy of it, which reuses nothing
        // (RSS -> RSS would only pay for keeping it).
        let made = item.extensions.iter().any(antenna_module::is_module);
        made.then(|| convert::spare(item))
    }

    fn part_from_entry_reusing(
        _: &mut (),
        entry: &Entry,
        losses: &mut Vec<Loss>,
        spare: Option<Item>,
    ) -> Option<Item> {
        Some(match spare {
            Some(mut spare) => convert::item_reusing(entry, losses, &mut spare),
            None => convert::item(entry, losses),
        })
    }
}
