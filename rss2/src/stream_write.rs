//! Writing a document item by item, for feeds too large to hold whole:
//! the bytes are those [`write()`](crate::write()) gives for the document
//! with all its items, written as they come.
//!
//! The channel comes first, so what it says of its items must be known
//! before the first is written: [`ChannelSummary`](crate::ChannelSummary) and
//! [`channel_from_feed`](crate::channel_from_feed) make it from a first
//! pass over the entries, [`item_from_entry`](crate::item_from_entry)
//! converts each entry on the second, as [`from_feed`](crate::from_feed)
//! does for a feed held whole.

use std::convert::Infallible;
use std::fmt;
use std::io::Write;

use antenna_model::{PartWriteError, PartWriter};

use crate::document::{Document, ExtensionElement, Item};
use crate::write::{CHANNEL_CHILD, WriteError, WriteOptions, Writer, write_head};

/// Writes a document to `out` as [`write()`](crate::write()) does, its
/// items given one at a time.
///
/// ```
/// use rss2::{Channel, Document, Item, StreamWriter, WriteOptions};
///
/// let mut document = Document::default();
/// document.version = Some("2.0".into());
/// document.channel = Channel {
///     title: Some("Hoge".into()),
///     ..Channel::default()
/// };
/// let items = [Item { title: Some("Foo".into()), ..Item::default() }];
/// let options = WriteOptions::default();
///
/// let mut writer = StreamWriter::new(Vec::new(), &document, &options)?;
/// for item in &items {
///     writer.item(item)?;
/// }
/// let streamed = writer.finish()?;
///
/// document.channel.items = items.to_vec();
/// assert_eq!(streamed, rss2::write(&document, &options)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct StreamWriter<W: Write> {
    items: Items<Through<W>>,
    /// The document's extension elements after `</channel>`.
    trailing: Vec<ExtensionElement>,
}

impl<W: Write> StreamWriter<W> {
    /// Writes the document up to the end of its items (its own items
    /// included) to `out`; items given to [`item`](Self::item) follow.
    ///
    /// # Errors
    ///
    /// What [`write()`](crate::write()) refuses in that part of the
    /// document, or `out`'s error.
    pub fn new(out: W, document: &Document, options: &WriteOptions) -> Result<Self, StreamError> {
        let mut items = Items::head(Through(out), document, options)?;
        for item in &document.channel.items {
            items.writer.item(CHANNEL_CHILD, item)?;
        }
        items.hand_out()?;
        Ok(StreamWriter {
            items,
            trailing: document.extensions.clone(),
        })
    }

    /// Writes the next item.
    ///
    /// # Errors
    ///
    /// What [`write()`](crate::write()) refuses in the item (nothing of it
    /// is written then), or `out`'s error.
    pub fn item(&mut self, item: &Item) -> Result<(), StreamError> {
        Ok(self.items.item(item)?)
    }

    /// The output: everything written so far is in it (each call writes
    /// its part through before it returns), so a caller writing into a
    /// buffer can look at an item's bytes as soon as they are written.
    pub fn get_ref(&self) -> &W {
        &self.items.out.0
    }

    /// Writes the end of the document and gives `out` back.
    ///
    /// # Errors
    ///
    /// What [`write()`](crate::write()) refuses in the document's extension
    /// elements after the channel, or `out`'s error.
    pub fn finish(self) -> Result<W, StreamError> {
        let (Through(mut out), _) = self.items.finish(&self.trailing)?;
        out.flush()?;
        Ok(out)
    }
}

/// [`StreamWriter`] as the RSS 2.0 [`PartWriter`]: the head is given to
/// [`StreamWriter::new`] ([`Rss2::writer`](crate::Rss2)), each item pushed
/// after it.
impl<W: Write> PartWriter for StreamWriter<W> {
    type Part = Item;
    type Error = WriteError;
    type Output = W;

    fn push(&mut self, part: &Item) -> Result<(), PartWriteError<WriteError>> {
        self.item(part).map_err(PartWriteError::from)
    }

    fn finish(self) -> Result<W, PartWriteError<WriteError>> {
        StreamWriter::finish(self).map_err(PartWriteError::from)
    }
}

impl From<StreamError> for PartWriteError<WriteError> {
    fn from(e: StreamError) -> Self {
        match e {
            StreamError::Invalid(e) => PartWriteError::Format(e),
            StreamError::Io(e) => PartWriteError::Io(e),
        }
    }
}

/// [`write()`](crate::write()): the head without its items, then each
/// item, then the end, through the part writer's own steps ([`Items`]),
/// the text held whole and given at the end rather than handed out to an
/// [`io::Write`](Write) item by item (so no copy of it is made, and no
/// output error can happen).
pub(crate) fn write_by_items(
    document: &Document,
    options: &WriteOptions,
) -> Result<Vec<u8>, WriteError> {
    let mut items = Items::head(Held, document, options)?;
    for item in &document.channel.items {
        items.item(item)?;
    }
    let (Held, text) = items.finish(&document.extensions)?;
    Ok(text.into_bytes())
}

/// Where a part writer's text goes once a part is written.
trait Output {
    /// Why it could not take the text.
    type Error;
    /// Takes what `text` holds, leaving it empty, or leaves it there to be
    /// given whole at the end.
    fn take(&mut self, text: &mut String) -> Result<(), Self::Error>;
}

/// Each part's text written through to `W` as it is written.
struct Through<W>(W);

impl<W: Write> Output for Through<W> {
    type Error = std::io::Error;

    fn take(&mut self, text: &mut String) -> Result<(), std::io::Error> {
        self.0.write_all(text.as_bytes())?;
        text.clear();
        Ok(())
    }
}

/// The text kept whole, given at the end ([`write_by_items`]).
struct Held;

impl Output for Held {
    type Error = Infallible;

    fn take(&mut self, _: &mut String) -> Result<(), Infallible> {
        Ok(())
    }
}

/// The steps of the part writer, whatever takes its text: the head, each
/// item (nothing of one refused left behind), the end.
struct Items<O> {
    writer: Writer,
    out: O,
}

/// Why [`Items`] stopped: the document, or the output.
enum Stop<E> {
    Invalid(WriteError),
    Output(E),
}

impl<E> From<WriteError> for Stop<E> {
    fn from(e: WriteError) -> Self {
        Stop::Invalid(e)
    }
}

impl From<Stop<std::io::Error>> for StreamError {
    fn from(e: Stop<std::io::Error>) -> Self {
        match e {
            Stop::Invalid(e) => StreamError::Invalid(e),
            Stop::Output(e) => StreamError::Io(e),
        }
    }
}

impl From<Stop<Infallible>> for WriteError {
    fn from(e: Stop<Infallible>) -> Self {
        match e {
            Stop::Invalid(e) => e,
            Stop::Output(never) => match never {},
        }
    }
}

impl<O: Output> Items<O> {
    /// Writes `document` up to its first item (its items are not
    /// written), not yet handed to `out`.
    fn head(out: O, document: &Document, options: &WriteOptions) -> Result<Self, WriteError> {
        let mut writer = Writer::new(options);
        write_head(&mut writer, document, options)?;
        Ok(Items { writer, out })
    }

    /// Hands what was written to `out`.
    fn hand_out(&mut self) -> Result<(), Stop<O::Error>> {
        self.out.take(&mut self.writer.out).map_err(Stop::Output)
    }

    /// Writes the next item and hands it out; nothing of an item refused
    /// is left.
    fn item(&mut self, item: &Item) -> Result<(), Stop<O::Error>> {
        let written = self.writer.out.len();
        if let Err(e) = self.writer.item(CHANNEL_CHILD, item) {
            self.writer.out.truncate(written);
            return Err(e.into());
        }
        self.hand_out()
    }

    /// Writes the end (`trailing`: the document's extension elements after
    /// the channel), hands it out and gives the output back, with the text
    /// it left (all of it for [`Held`], nothing for [`Through`]).
    fn finish(mut self, trailing: &[ExtensionElement]) -> Result<(O, String), Stop<O::Error>> {
        self.writer.tail(trailing)?;
        self.hand_out()?;
        Ok((self.out, self.writer.out))
    }
}

/// Why a [`StreamWriter`] stopped.
#[derive(Debug)]
#[non_exhaustive]
pub enum StreamError {
    /// The document cannot be written as well-formed XML.
    Invalid(WriteError),
    /// The output could not be written to.
    Io(std::io::Error),
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Invalid(e) => e.fmt(f),
            StreamError::Io(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Invalid(e) => Some(e),
            StreamError::Io(e) => Some(e),
        }
    }
}

impl From<WriteError> for StreamError {
    fn from(e: WriteError) -> Self {
        StreamError::Invalid(e)
    }
}

impl From<std::io::Error> for StreamError {
    fn from(e: std::io::Error) -> Self {
        StreamError::Io(e)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use crate::ExtensionChildren;
    use crate::document::{Channel, NamespaceDecl};
    use crate::{DC_NS, ReadOptions, read, write};

    /// A document with what the writer treats apart: namespaces declared
    /// on `<rss>` and used in items, channel extensions, extension
    /// elements after the channel.
    fn document() -> Document {
        let input = br#"<?xml version="1.0"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:x="urn:x">
<channel><title>t &amp; u</title><link>http://a.jp/</link><description>d</description>
<x:thing a="1">text</x:thing>
<item><title>one</title><dc:creator>Hoge</dc:creator></item>
<item><link>http://a.jp/2</link><y:other xmlns:y="urn:y">2</y:other></item>
<item><description>three</description><guid isPermaLink="false">3</guid></item>
</channel>
<x:after/>
</rss>"#;
        read(input, &ReadOptions::default()).unwrap().document
    }

    fn streamed(document: &Document, head_items: usize, options: &WriteOptions) -> Vec<u8> {
        let mut head = document.clone();
        let rest = head.channel.items.split_off(head_items);
        let mut writer = StreamWriter::new(Vec::new(), &head, options).unwrap();
        for item in &rest {
            writer.item(item).unwrap();
        }
        writer.finish().unwrap()
    }

    #[test]
    fn the_bytes_are_those_of_the_whole_document() {
        let document = document();
        assert_eq!(document.channel.items.len(), 3);
        assert_eq!(document.extensions.len(), 1);
        for options in [
            WriteOptions::default(),
            WriteOptions::default().with_indent(false),
            WriteOptions::default().with_xml_declaration(false),
        ] {
            let whole = write(&document, &options).unwrap();
            for head_items in 0..=3 {
                assert_eq!(
                    String::from_utf8(streamed(&document, head_items, &options)).unwrap(),
                    String::from_utf8(whole.clone()).unwrap(),
                    "{head_items} items in the head, {options:?}"
                );
            }
        }
    }

    #[test]
    fn an_item_that_cannot_be_written_leaves_nothing_of_itself() {
        let mut head = Document::default();
        head.namespaces.push(NamespaceDecl {
            prefix: Some("dc".into()),
            uri: DC_NS.into(),
        });
        head.channel = Channel {
            title: Some("t".into()),
            ..Channel::default()
        };
        let good = Item {
            title: Some("good".into()),
            ..Item::default()
        };
        let bad = Item {
            title: Some("bad".into()),
            description: Some("a\u{1}".into()),
            ..Item::default()
        };
        let mut writer = StreamWriter::new(Vec::new(), &head, &WriteOptions::default()).unwrap();
        writer.item(&good).unwrap();
        let err = writer.item(&bad).unwrap_err();
        assert!(
            matches!(
                &err,
                StreamError::Invalid(WriteError::InvalidCharacter {
                    character: '\u{1}',
                    ..
                })
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("U+0001"), "{err}");
        let out = String::from_utf8(writer.finish().unwrap()).unwrap();
        assert!(out.contains("<title>good</title>"), "{out}");
        assert!(!out.contains("bad"), "{out}");
        // The whole writer refuses the same document at the same item.
        head.channel.items = vec![good, bad];
        assert!(matches!(
            write(&head, &WriteOptions::default()),
            Err(WriteError::InvalidCharacter { .. })
        ));
    }

    #[test]
    fn an_output_error_is_reported() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk full"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut document = Document::default();
        document.channel.extensions.push(ExtensionElement {
            name: "e".into(),
            children: ExtensionChildren::text("x"),
            ..ExtensionElement::default()
        });
        let Err(err) = StreamWriter::new(Full, &document, &WriteOptions::default()) else {
            panic!("writing to a full disk succeeded");
        };
        assert!(matches!(err, StreamError::Io(_)), "{err:?}");
        assert!(err.to_string().contains("disk full"), "{err}");
    }
}
