//! The three format crates behind one interface, written once over
//! [`Codec`]; only what differs between formats (how a document is
//! counted, LIRS's gzip switch) names a format.

use std::borrow::Cow;

use std::io::IsTerminal as _;

use antenna_model::{Codec, Converted, Diagnostic, Feed, Format, LineIndex};
use hina_di::HinaDi;
use lirs::Lirs;
use rss2::Rss2;

use crate::render::{self, Style};

/// A document of any of the three formats.
pub enum Document {
    /// A HINA-DI file.
    HinaDi(hina_di::Document),
    /// A LIRS file.
    Lirs(lirs::Document),
    /// An RSS file.
    Rss2(Box<rss2::Document>),
}

/// What reading a file gave.
pub struct ReadResult<'a> {
    /// The document, when the file was accepted.
    pub document: Option<Document>,
    /// Every diagnostic, warnings and errors.
    pub diagnostics: Vec<Diagnostic>,
    /// The bytes the diagnostics' spans point into: the file itself, or its
    /// decompressed text for gzip LIRS (a span into compressed bytes would
    /// show nothing a person can read). The file is borrowed, not copied.
    pub text: Cow<'a, [u8]>,
}

/// Reads `bytes` with `C`: the document, wrapped, and the diagnostics.
fn read_with<C: Codec>(
    bytes: &[u8],
    strict: bool,
    wrap: impl FnOnce(C::Document) -> Document,
) -> (Option<Document>, Vec<Diagnostic>) {
    match C::read(bytes, &C::read_options(strict)) {
        Ok(parsed) => (Some(wrap(parsed.document)), parsed.diagnostics),
        Err(rejected) => (None, rejected.diagnostics),
    }
}

/// Reads `bytes` as `format`.
pub fn read(format: Format, bytes: &[u8], strict: bool) -> ReadResult<'_> {
    let (document, diagnostics) = match format {
        Format::HinaDi => read_with::<HinaDi>(bytes, strict, Document::HinaDi),
        Format::Lirs => read_with::<Lirs>(bytes, strict, Document::Lirs),
        Format::Rss2 => read_with::<Rss2>(bytes, strict, |d| Document::Rss2(Box::new(d))),
    };
    let text = match format {
        Format::Lirs if !diagnostics.is_empty() => lirs_text(bytes),
        _ => Cow::Borrowed(bytes),
    };
    ReadResult {
        document,
        diagnostics,
        text,
    }
}

/// The text of a LIRS file, for showing the lines diagnostics point at.
fn lirs_text(bytes: &[u8]) -> Cow<'_, [u8]> {
    lirs::decompress(bytes, &lirs::ReadOptions::default()).unwrap_or(Cow::Borrowed(bytes))
}

/// A few words on what a document holds, for `check`'s summary.
pub fn describe(document: &Document) -> String {
    match document {
        Document::HinaDi(d) => count(d.entity_blocks().count(), "entity block"),
        Document::Lirs(d) => count(d.records.len(), "record"),
        Document::Rss2(d) => count(d.channel.items.len(), "item"),
    }
}

/// `n` and `what`, plural when `n` is not 1: "1 record", "2 records".
pub fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The document in the format-neutral model.
pub fn to_feed(document: &Document) -> Converted<Feed> {
    match document {
        Document::HinaDi(d) => HinaDi::to_feed(d),
        Document::Lirs(d) => Lirs::to_feed(d),
        Document::Rss2(d) => Rss2::to_feed(d),
    }
}

/// A feed as a document of `format`.
pub fn from_feed(format: Format, feed: &Feed) -> Converted<Document> {
    match format {
        Format::HinaDi => HinaDi::from_feed(feed).map(Document::HinaDi),
        Format::Lirs => Lirs::from_feed(feed).map(Document::Lirs),
        Format::Rss2 => Rss2::from_feed(feed).map(|d| Document::Rss2(Box::new(d))),
    }
}

/// Writes with `C`'s default options, the error as a sentence.
fn write_with<C: Codec>(document: &C::Document) -> Result<Vec<u8>, String> {
    C::write(document, &C::WriteOptions::default()).map_err(|e| e.to_string())
}

/// The document's bytes; `gzip` compresses LIRS (the other formats are
/// never compressed).
pub fn write(document: &Document, gzip: bool) -> Result<Vec<u8>, String> {
    match document {
        Document::Lirs(d) if gzip => {
            let options = lirs::WriteOptions::default().with_gzip(gzip);
            Lirs::write(d, &options).map_err(|e| e.to_string())
        }
        Document::Lirs(d) => write_with::<Lirs>(d),
        Document::HinaDi(d) => write_with::<HinaDi>(d),
        Document::Rss2(d) => write_with::<Rss2>(d),
    }
}

/// Prints the diagnostics of one read on standard error.
pub fn report_diagnostics(name: &str, read: &ReadResult) {
    // No line index (four bytes a line) beside the document for nothing.
    if read.diagnostics.is_empty() {
        return;
    }
    let style = Style::for_stream(std::io::stderr().is_terminal());
    let index = LineIndex::new(&read.text);
    for diagnostic in &read.diagnostics {
        eprint!(
            "{}",
            render::human(name, Some((&*read.text, &index)), diagnostic, style)
        );
    }
}

/// `bytes`, a source named `name`, read as `format` into the model, its
/// diagnostics and losses printed on standard error; `None` when rejected.
pub fn read_feed(name: &str, bytes: &[u8], format: Format) -> Option<antenna_model::Feed> {
    let read = read(format, bytes, false);
    report_diagnostics(name, &read);
    let feed = to_feed(read.document.as_ref()?);
    for loss in &feed.losses {
        eprintln!("loss: {name}: {loss}");
    }
    Some(feed.document)
}
