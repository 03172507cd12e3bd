//! RSS 2.0 (and 0.91/0.92) reader and writer that keeps what it does not
//! understand.
//!
//! ```
//! use rss2::{read, write, ReadOptions, WriteOptions};
//!
//! let input = br#"<?xml version="1.0"?>
//! <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
//!   <channel>
//!     <title>Hoge</title><link>http://www.hoge.jp/</link>
//!     <description>Updates &amp; news</description>
//!     <item>
//!       <title>Foo</title><link>http://www.hoge.jp/foo/</link>
//!       <pubDate>Sat, 07 Sep 2002 09:00:01 JST</pubDate>
//!       <dc:creator>Hiya</dc:creator>
//!     </item>
//!   </channel>
//! </rss>"#;
//! let parsed = read(input, &ReadOptions::default())?;
//! let doc = &parsed.document;
//! assert_eq!(doc.version.as_deref(), Some("2.0"));
//! assert_eq!(doc.channel.description.as_deref(), Some("Updates & news"));
//! let item = &doc.channel.items[0];
//! assert_eq!(item.dc_creator().as_deref(), Some("Hiya"));
//! assert_eq!(
//!     item.pub_date_parsed().unwrap().timestamp.to_string(),
//!     "2002-09-07T00:00:01Z"
//! );
//!
//! // Writing gives XML that reads back to the same document.
//! let bytes = write(doc, &WriteOptions::default())?;
//! assert_eq!(read(&bytes, &ReadOptions::default())?.document, *doc);
//!
//! // The shared model, with what it cannot carry listed.
//! let feed = rss2::to_feed(doc);
//! assert_eq!(feed.value.entries[0].author.as_deref(), Some("Hiya"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Phases
//!
//! 1. **Decode** ([`encoding`](crate)): BOM, then the XML declaration's
//!    `encoding`, else UTF-8; the whole input becomes one UTF-8 string.
//! 2. **Parse**: quick-xml's pull parser (no DOM, no entity expansion
//!    beyond XML's five predefined entities and character references) feeds
//!    an explicit stack of open elements that builds the [`Document`];
//!    values are checked against the spec as they close.
//! 3. **Write** ([`write`]): UTF-8 XML with escaping, namespace
//!    declarations regenerated where extension elements need them.
//! 4. **Convert** ([`to_feed`], [`from_feed`]): to and from
//!    `antenna_model::Feed`, with a `Loss` for everything not carried.
//!
//! # Leniency
//!
//! In lenient mode (the default) only input with no recovery is rejected:
//! XML that is not well-formed, elements nested deeper than
//! [`ReadOptions::max_depth`], a root element other than `<rss>` or an
//! `<rss>` without `<channel>`. Everything else is a warning and the
//! document is returned; strict mode makes every diagnostic an error. The
//! choices where XML itself says "fatal" but real feeds differ:
//!
//! - an entity XML does not predefine (`&nbsp;`, real-world-notes: "HTML
//!   entities such as `&nbsp;` that XML does not declare") is kept as the
//!   literal text `&nbsp;` with a `rss2/undeclared-entity` warning;
//! - bytes that are not valid in the encoding are replaced by U+FFFD with a
//!   `rss2/bad-encoding` warning (real-world-notes: "the declared charset can
//!   be wrong"); characters XML 1.0 §2.2 forbids (control characters) are
//!   replaced by U+FFFD with a `rss2/bad-character` warning;
//! - a DOCTYPE that declares entities is kept unexpanded with a
//!   `rss2/doctype-entity` warning; references to those entities are
//!   undeclared-entity warnings, so a "billion laughs" file costs nothing.
//! - of a duplicated element the first is kept and the later ones are
//!   dropped with a `rss2/duplicate-element` warning.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::indexing_slicing))]

mod convert;
mod encoding;
mod entities;
mod model;
mod read;
pub mod rules;
mod write;

use std::fmt;

use antenna_model::Diagnostic;

pub use convert::{from_feed, to_feed};
pub use model::{
    ATOM_NS, CONTENT_NS, Category, Channel, Cloud, DC_NS, DEFAULT_IMAGE_HEIGHT,
    DEFAULT_IMAGE_WIDTH, Document, Enclosure, ExtensionAttribute, ExtensionElement, ExtensionNode,
    Guid, Image, Item, MAX_IMAGE_HEIGHT, MAX_IMAGE_WIDTH, NamespaceDecl, Source, TextInput,
    TextInputSpelling,
};
pub use read::read;
pub use write::{WriteError, WriteOptions, write};

/// Options for reading; `Default` is lenient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadOptions {
    /// Make every departure from the spec an error.
    pub strict: bool,
    /// The deepest nesting of elements accepted (`<rss>` is depth 1);
    /// deeper input is rejected with `rss2/too-deep`. Reading never
    /// recurses, but dropping or comparing an extension subtree does: keep
    /// this in the hundreds or low thousands.
    pub max_depth: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            strict: false,
            max_depth: 256,
        }
    }
}

impl ReadOptions {
    /// Strict options: every departure from the spec is an error.
    pub fn strict() -> Self {
        ReadOptions {
            strict: true,
            ..ReadOptions::default()
        }
    }
}

/// A successfully read document and the warnings found on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed<T> {
    /// The document.
    pub document: T,
    /// Warnings, in input order.
    pub diagnostics: Vec<Diagnostic>,
}

/// The input was rejected: every diagnostic found (at least one is an
/// error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// All diagnostics, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let errors: Vec<&Diagnostic> = self.diagnostics.iter().filter(|d| d.is_error()).collect();
        match errors.first() {
            Some(first) => {
                write!(f, "RSS input rejected: {first}")?;
                if errors.len() > 1 {
                    write!(f, " (and {} more errors)", errors.len() - 1)?;
                }
                Ok(())
            }
            None => f.write_str("RSS input rejected"),
        }
    }
}

impl std::error::Error for Rejected {}
