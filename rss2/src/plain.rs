//! [`Rss2Plain`]: RSS 2.0 written without the `antenna` module, for
//! people who want plain RSS (`antenna convert --no-antenna-module`).
//!
//! Why a codec of its own: what the module carries is not lost, so the
//! conversion that writes it reports no loss for it; one that does not
//! write it must report the losses, and the conversion (not the XML
//! writer) is where losses are known. Reading and writing are
//! [`Rss2`]'s; only the conversion from the model differs.

use std::io;

use antenna_model::{
    Codec, Converted, Entry, Feed, Glance, Loss, Parsed, PartCodec, PartWriteError, Rejected,
};

use crate::convert::{self, ChannelSummary};
use crate::document::{Document, Item};
use crate::parts::ItemReader;
use crate::{ReadOptions, Rss2, StreamWriter, WriteError, WriteOptions};

/// RSS 2.0 as [`Rss2`] is, but the conversion from the model writes no
/// element of the `antenna` module (and drops those of an RSS source),
/// reporting as losses what the module would have carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rss2Plain;

impl Codec for Rss2Plain {
    const FORMAT: antenna_model::Format = antenna_model::Format::Rss2;
    type Document = Document;
    type ReadOptions = ReadOptions;
    type WriteOptions = WriteOptions;
    type WriteError = WriteError;

    fn read_options(strict: bool) -> ReadOptions {
        Rss2::read_options(strict)
    }

    fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
        Rss2::read(input, options)
    }

    fn write(document: &Document, options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
        Rss2::write(document, options)
    }

    fn to_feed(document: &Document) -> Converted<Feed> {
        Rss2::to_feed(document)
    }

    fn from_feed(feed: &Feed) -> Converted<Document> {
        let Converted {
            document: (mut document, items),
            losses,
        } = antenna_model::parts::from_feed_by_parts::<Rss2Plain>(feed);
        document.channel.items = items;
        Converted { document, losses }
    }
}

impl PartCodec for Rss2Plain {
    type Head = Document;
    type Part = Item;
    type Reader<'i> = ItemReader;
    type Writer<W: io::Write> = StreamWriter<W>;
    type Summary = ChannelSummary;
    type FromFeedState = ();

    const SUMMARY_PASS: bool = true;

    fn reader(input: &[u8], options: &ReadOptions) -> Result<ItemReader, Rejected> {
        <Rss2 as PartCodec>::reader(input, options)
    }

    fn writer<W: io::Write>(
        out: W,
        head: &Document,
        options: &WriteOptions,
    ) -> Result<StreamWriter<W>, PartWriteError<WriteError>> {
        <Rss2 as PartCodec>::writer(out, head, options)
    }

    fn head_to_feed(head: &Document, losses: &mut Vec<Loss>) -> Feed {
        <Rss2 as PartCodec>::head_to_feed(head, losses)
    }

    fn part_to_entry(part: &Item, index: usize, losses: &mut Vec<Loss>) -> Option<Entry> {
        <Rss2 as PartCodec>::part_to_entry(part, index, losses)
    }

    fn summarize(summary: &mut ChannelSummary, entry: &Entry) {
        <Rss2 as PartCodec>::summarize(summary, entry);
    }

    /// Without the module, its namespace is never needed.
    fn settled(summary: &ChannelSummary) -> bool {
        summary.is_settled(false)
    }

    fn count(summary: &mut ChannelSummary) {
        summary.count_one();
    }

    fn makes_entry(part: &Item, index: usize) -> bool {
        <Rss2 as PartCodec>::makes_entry(part, index)
    }

    fn glance(part: &Item, index: usize) -> Option<Glance<'_>> {
        <Rss2 as PartCodec>::glance(part, index)
    }

    fn summarize_glance(summary: &mut ChannelSummary, glance: &Glance<'_>) -> bool {
        <Rss2 as PartCodec>::summarize_glance(summary, glance)
    }

    fn is_counted(part: &Item) -> bool {
        <Rss2 as PartCodec>::is_counted(part)
    }

    fn unencodable(error: &WriteError) -> Option<char> {
        <Rss2 as PartCodec>::unencodable(error)
    }

    fn head_from_feed(feed: &Feed, summary: &ChannelSummary, losses: &mut Vec<Loss>) -> Document {
        convert::channel_with(feed, summary, false, losses)
    }

    fn part_from_entry(_: &mut (), entry: &Entry, losses: &mut Vec<Loss>) -> Option<Item> {
        Some(convert::item_with(entry, false, losses))
    }
}
