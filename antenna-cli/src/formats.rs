//! The three format crates behind one interface.

use antenna_model::{Converted, Diagnostic, Feed};

use crate::detect::Format;

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
pub struct ReadResult {
    /// The document, when the file was accepted.
    pub document: Option<Document>,
    /// Every diagnostic, warnings and errors.
    pub diagnostics: Vec<Diagnostic>,
    /// The bytes the diagnostics' spans point into: the file itself, or its
    /// decompressed text for gzip LIRS.
    pub text: Vec<u8>,
}

/// Reads `bytes` as `format`.
pub fn read(format: Format, bytes: &[u8], strict: bool) -> ReadResult {
    fn split<T>(
        result: Result<(T, Vec<Diagnostic>), Vec<Diagnostic>>,
    ) -> (Option<T>, Vec<Diagnostic>) {
        match result {
            Ok((document, diagnostics)) => (Some(document), diagnostics),
            Err(diagnostics) => (None, diagnostics),
        }
    }
    let (document, diagnostics) = match format {
        Format::HinaDi => {
            let options = if strict {
                hina_di::ReadOptions::strict()
            } else {
                hina_di::ReadOptions::lenient()
            };
            split(
                hina_di::read(bytes, &options)
                    .map(|p| (Document::HinaDi(p.document), p.diagnostics))
                    .map_err(|r| r.diagnostics),
            )
        }
        Format::Lirs => {
            let options = lirs::ReadOptions::default().with_strict(strict);
            split(
                lirs::read(bytes, &options)
                    .map(|p| (Document::Lirs(p.document), p.diagnostics))
                    .map_err(|r| r.diagnostics),
            )
        }
        Format::Rss2 => {
            let options = rss2::ReadOptions::new(strict);
            split(
                rss2::read(bytes, &options)
                    .map(|p| (Document::Rss2(Box::new(p.document)), p.diagnostics))
                    .map_err(|r| r.diagnostics),
            )
        }
    };
    let text = match format {
        Format::Lirs if !diagnostics.is_empty() => lirs_text(bytes),
        _ => bytes.to_vec(),
    };
    ReadResult {
        document,
        diagnostics,
        text,
    }
}

/// The text of a LIRS file, for showing the lines diagnostics point at.
fn lirs_text(bytes: &[u8]) -> Vec<u8> {
    lirs::decompress(bytes, &lirs::ReadOptions::default())
        .map(|text| text.into_owned())
        .unwrap_or_else(|_| bytes.to_vec())
}

/// A few words on what a document holds, for `check`'s summary.
pub fn describe(document: &Document) -> String {
    let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    match document {
        Document::HinaDi(d) => count(d.entity_blocks().count(), "entity block"),
        Document::Lirs(d) => count(d.records.len(), "record"),
        Document::Rss2(d) => count(d.channel.items.len(), "item"),
    }
}

/// The document in the format-neutral model.
pub fn to_feed(document: &Document) -> Converted<Feed> {
    match document {
        Document::HinaDi(d) => hina_di::to_feed(d),
        Document::Lirs(d) => lirs::to_feed(d),
        Document::Rss2(d) => rss2::to_feed(d),
    }
}

/// A feed as a document of `format`.
pub fn from_feed(format: Format, feed: &Feed) -> Converted<Document> {
    match format {
        Format::HinaDi => hina_di::from_feed(feed).map(Document::HinaDi),
        Format::Lirs => lirs::from_feed(feed).map(Document::Lirs),
        Format::Rss2 => rss2::from_feed(feed).map(|d| Document::Rss2(Box::new(d))),
    }
}

/// The document's bytes; `gzip` compresses LIRS (the other formats are
/// never compressed).
pub fn write(document: &Document, gzip: bool) -> Result<Vec<u8>, String> {
    match document {
        Document::Lirs(d) => {
            let options = lirs::WriteOptions::default().with_gzip(gzip);
            lirs::write(d, &options).map_err(|e| e.to_string())
        }
        Document::HinaDi(d) => {
            hina_di::write(d, &hina_di::WriteOptions::default()).map_err(|e| e.to_string())
        }
        Document::Rss2(d) => {
            rss2::write(d, &rss2::WriteOptions::default()).map_err(|e| e.to_string())
        }
    }
}

/// The propagation rules' name for a format.
pub fn source_format(format: Format) -> propagate::Format {
    match format {
        Format::HinaDi => propagate::Format::HinaDi,
        Format::Lirs => propagate::Format::Lirs,
        Format::Rss2 => propagate::Format::Rss2,
    }
}
