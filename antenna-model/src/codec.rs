//! What every format crate offers, as one trait, so that tools (the CLI,
//! the fuzz targets, the benchmarks) are written once for all formats.

use crate::{Converted, Feed, Format, Parsed, Rejected};

/// A format's reader, writer and conversions to and from the model.
///
/// Each format crate implements it on a unit type (`hina_di::HinaDi`,
/// `lirs::Lirs`, `rss2::Rss2`); the functions are the crate's own
/// `read`, `write`, `to_feed` and `from_feed`.
pub trait Codec {
    /// Which format this is.
    const FORMAT: Format;

    /// The format's own document, which keeps everything the file held.
    type Document;

    /// How to read; `Default` is lenient.
    type ReadOptions: Default + Clone;

    /// How to write; `Default` writes what the document says.
    type WriteOptions: Default + Clone;

    /// Why a document could not be written exactly.
    type WriteError: std::error::Error + Send + Sync + 'static;

    /// Read options for the mode: lenient (`false`, the default) or
    /// strict (`true`), the crate's other options at their defaults.
    fn read_options(strict: bool) -> Self::ReadOptions;

    /// Reads a file: the document and its warnings, or every diagnostic
    /// when one of them is an error.
    fn read(input: &[u8], options: &Self::ReadOptions) -> Result<Parsed<Self::Document>, Rejected>;

    /// Writes a document exactly, or refuses.
    fn write(
        document: &Self::Document,
        options: &Self::WriteOptions,
    ) -> Result<Vec<u8>, Self::WriteError>;

    /// Converts a document to the format-neutral model, saying what it
    /// could not carry.
    fn to_feed(document: &Self::Document) -> Converted<Feed>;

    /// Converts the model to a document of this format, saying what it
    /// could not carry.
    fn from_feed(feed: &Feed) -> Converted<Self::Document>;
}
