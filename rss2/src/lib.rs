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
//! assert_eq!(feed.document.entries[0].author.as_deref(), Some("Hiya"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Phases
//!
//! 1. **Decode** ([`encoding`](crate)): BOM, then the XML declaration's
//!    `encoding`, else UTF-8; the whole input becomes one UTF-8 string.
//!    Diagnostic spans are still byte ranges of the input: offsets in the
//!    string are mapped back (decoding again up to them) only when a
//!    diagnostic is reported, and only for input that is not UTF-8.
//! 2. **Parse**: quick-xml's pull parser feeds an explicit stack of open
//!    elements that builds the [`Document`]; the well-formedness checks
//!    quick-xml leaves out (XML declaration, names, comments, `]]>`,
//!    content outside the root, legal characters) are made on the way.
//!    References are resolved with quick-xml's tables: XML's predefined
//!    entities, character references, entities declared in the DOCTYPE's
//!    internal subset (expanded with a size bound) and, lenient only,
//!    HTML's named entities. Values are checked against the spec as
//!    elements close.
//! 3. **Write** ([`write()`]): UTF-8 XML with escaping, namespace
//!    declarations regenerated where extension elements need them;
//!    [`StreamWriter`] writes the same bytes item by item.
//! 4. **Convert** ([`to_feed`], [`from_feed`]): to and from
//!    `antenna_model::Feed`, with a `Loss` for everything not carried.
//!
//! # Head and parts
//!
//! [`Rss2`] is also an [`antenna_model::PartCodec`]: a document is its
//! head (the document without its items) and its items. [`ItemReader`]
//! gives the items of a document [`read()`] has parsed (XML is
//! well-formed only as a whole), every diagnostic before the first item;
//! [`StreamWriter`] writes them one at a time. [`write()`], [`to_feed`]
//! and [`from_feed`] are folds over these parts, so the whole-file and
//! the streamed results cannot differ.
//!
//! # Leniency
//!
//! In lenient mode (the default) only input with no recovery is rejected:
//!
//! - XML that is not well-formed (XML 1.0 §1.2: a fatal error), including
//!   an encoding this crate does not know, bytes that are not valid in an
//!   encoding a byte order mark names (`rss2/bad-encoding`; other bad bytes
//!   fall back, see below), characters XML 1.0
//!   §2.2 forbids as character references (`&#1;`) and, literally, those
//!   other than C0 controls (`rss2/bad-character`);
//! - DOCTYPE entities that cannot be expanded: recursive, holding
//!   markup, or expanding past a size bound, so a "billion laughs" file is
//!   rejected after bounded work (`rss2/doctype-entity`);
//! - elements nested deeper than [`ReadOptions::max_depth`], a root element
//!   other than `<rss>`, an `<rss>` without `<channel>` or with two. A
//!   missing `<channel>` is rejected even when lenient, on purpose: there is
//!   nothing to read, and an empty feed would look like a feed with no
//!   updates (feedparser returns one with its `bozo` flag, which callers
//!   seldom look at).
//!
//! Everything else is a warning and the document is returned; strict mode
//! makes every diagnostic an error. The one place where XML says "fatal"
//! and this crate reads on: an HTML named entity that XML does not declare
//! (`&nbsp;`, `&eacute;`; real-world-notes: "HTML entities such as `&nbsp;`
//! that XML does not declare") is read as its HTML character with a
//! `rss2/html-entity` warning (an error when strict). A DOCTYPE that names
//! an external DTD (Netscape's RSS 0.91 DTD declares HTML's Latin-1
//! entities) makes HTML entities declared, with no warning: XML 1.0 §4.1
//! does not make an undeclared entity fatal then. Other choices:
//!
//! - a declared encoding that contradicts the byte order mark, or names
//!   UTF-16 for a file that is not, is a `rss2/bad-encoding` warning and
//!   the byte order mark (or UTF-8) wins (real-world-notes: "the declared
//!   charset can be wrong");
//! - bytes that are not valid in the declared encoding (or in UTF-8, with
//!   no declaration) are read in feedparser's order of fallbacks, UTF-8
//!   then Windows-1252 (which decodes any bytes), with a `rss2/bad-encoding`
//!   warning at the first bad sequence; an encoding named by a byte order
//!   mark has no fallback;
//! - a reference to an external entity is left out, never fetched, with a
//!   `rss2/doctype-entity` warning (XML 1.0 §4.4.3: a non-validating
//!   processor need not include it);
//! - a reference to an entity that is neither predefined, declared, nor an
//!   HTML entity (`&foo;`) is read as its own text `&foo;`, and a `&` that
//!   starts no reference (`AT&T`) as text, as feedparser reads them
//!   (`rss2/undeclared-entity`, `rss2/bare-ampersand`);
//! - a character reference to a C1 control (`&#150;`, `&#x93;`) is read as
//!   the Windows-1252 character of that byte (`–`, `“`), which is what the
//!   writer meant (`rss2/c1-character-reference`);
//! - a literal C0 control character (a stray form feed or vertical tab) is
//!   left out of the value it is in (`rss2/bad-character`, a warning; no
//!   XML 1.0 file could carry it back);
//! - white space before the XML declaration is skipped
//!   (`rss2/space-before-declaration`);
//! - RSS's elements in a default namespace (Radio UserLand's
//!   `http://backend.userland.com/rss2`, `.../rss2.1` and `.../rss`, from
//!   the 2002 RSS 2.0 drafts, which feeds of that time carry) are read as
//!   RSS 2.0 with a
//!   `rss2/rss-in-namespace` warning; the declaration is kept and written
//!   back;
//! - an element inside a text element (unescaped XHTML in
//!   `<description>`, as many real feeds write it) is kept as its source
//!   text, appended to the element's text, with a `rss2/markup-in-text`
//!   warning at the first such element of each text (feedparser keeps it
//!   the same way); the writer escapes it,
//!   so the text reads back the same;
//! - several `<enclosure>`s in an item (podcast feeds write them; RSS
//!   2.0.1 allows one) are all kept and written back, with a
//!   `rss2/several-enclosures` warning;
//! - of a duplicated element the first is kept and the later ones are
//!   dropped with a `rss2/duplicate-element` warning;
//! - RSS attribute values, like element text, lose leading and trailing
//!   XML white space; extension attributes are kept as written.
//!
//! # Extensions
//!
//! An element outside RSS's vocabulary is kept as an [`ExtensionElement`]
//! with its whole subtree, whether its module is one this crate checks
//! (below) or not: a check only reports, it never changes what is kept.
//! The content is kept exactly, as [`ExtensionNode`]s in order. Text is not
//! trimmed, and white space between child elements (the line breaks
//! around `<itunes:owner>`'s `<itunes:name>`, say) is a text node like any
//! other, written back as it was. A text node is never empty and never
//! next to another: character data, CDATA sections and references in a row
//! are one node, and text that leaves nothing (an empty CDATA section or
//! entity, control characters left out) is no node, as the writer would
//! write nothing for it. So `read(write(d)) == d` for every document read.
//! A document built by hand with an empty text node, or two side by side,
//! is written as it says, and reads back as those bytes read: without the
//! empty node, with the two as one.
//!
//! # Checking as the W3C feed validator checks
//!
//! Beyond RSS 2.0.1 and XML 1.0, the reader makes the checks the W3C feed
//! validator makes on the extension modules feeds use most (Media RSS,
//! Apple's podcast tags, the RSS 1.0 syndication, content and admin
//! modules, Dublin Core's `date`, `language` and `rights` once in a
//! channel): numbers, required attributes and children, elements allowed
//! once, the iTunes enumerations (`rss2/extension-*` warnings), and
//! `dc:date`, `dcterms:created`/`issued`/`modified` and `sy:updateBase`
//! as W3CDTF dates (`rss2/bad-w3cdtf-date`, which the validator makes an
//! error: a departure here, an error when strict). That is a decision: an
//! error rejects the document, and RSS 2.0.1 §Extending RSS leaves a
//! module's elements to the module's own spec, so a lenient reader does
//! not refuse a whole feed over one module value it can pass over (the
//! model takes no date from it, and says so as a loss); `antenna check
//! --strict` is the reading that judges a feed as the W3C validator does,
//! with this error among its errors. RFC 822 dates are read with their
//! comments and folded white space; `JST` is not an RFC 822 zone.
//! `author`, `managingEditor` and `webMaster` hold an e-mail address,
//! optionally followed by a name in parentheses (`rss2/bad-email`). Its
//! test corpus, vendored in `tests/data/feedvalidator`, agrees with this
//! crate on 254 of the 267 files whose expected message has a counterpart
//! here. Of the 835 RSS files of that corpus, the conformance suite and the
//! examples, the validator rejects 115 with an error; the strict reader
//! rejects 100 of them, and `tests/w3c_errors.rs` lists the other 15 with
//! their reasons (below, and not yet: `itunes:duration`'s form, Apple's
//! length limits and category list, a space inside an enclosure URL).
//!
//! ## Unsafe content
//!
//! The HTML that a description (channel or item), `content:encoded` or an
//! `xhtml:body` carries is scanned for what is unsafe to show as it is:
//! elements that run code or load content (`script`, `object`, `embed`,
//! `iframe` and the rest of the validator's list, `rss2/unsafe-element`),
//! event handler attributes (`on*`, `rss2/unsafe-attribute`), script URLs
//! (`javascript:`, `rss2/script-url`), and relative references in
//! `<a href>` and `<img src>`, which a feed gives no base
//! (`rss2/relative-reference`). Each is a warning in both modes, with the
//! validator's message: RSS 2.0.1 lets a description hold any HTML, so a
//! strict reader has nothing to reject; the warning is for whoever shows
//! the text. The scanner is a small tokenizer over the text as read,
//! chosen over html5ever and html5gum by the figures in `src/html.rs`.
//!
//! ## Differences from the W3C feed validator
//!
//! Deliberate, each for a reason:
//!
//! - where the validator's XML parser stops (an undeclared namespace
//!   prefix, an HTML entity under RSS 0.91's DTD, bytes that are not valid
//!   in the declared encoding), this crate reads on in lenient mode with a
//!   warning, as feed readers do; strict mode rejects;
//! - it does not guess that UTF-8 was encoded twice (`Ã©` for `é`): the
//!   text is valid, and the guess can be wrong;
//! - attribute values lose leading and trailing white space (above), an
//!   IRI is read as the URL it maps to, and Netscape's RSS 0.91 DTD is
//!   deprecated, not wrong: the validator errs on all three;
//! - it does not look for relative references outside HTML (FeedBurner's
//!   `feedFlare` `href` and `src`), nor into `style` attributes;
//! - it does not check where an extension element may appear
//!   (`itunes:duration` in a channel, the `access` module's `rel`), nor
//!   RDF inside RSS (`rdf:Description`), nor that iTunes feeds are UTF-8;
//! - it does not report that a document's declared encoding was wrong when
//!   a fallback read it: the `rss2/bad-encoding` warning names the bytes
//!   instead.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::indexing_slicing))]

mod antenna_module;
mod children;
mod convert;
mod document;
mod encoding;
mod entities;
mod escape;
mod html;
mod namespaces;
mod offsets;
mod parts;
mod plain;
mod read;
pub mod rules;
mod stream_write;
mod write;
mod xml_chars;

pub use antenna_model::{Parsed, Rejected};
pub use antenna_module::{ANTENNA_NS, ANTENNA_PREFIX};
pub use children::{ExtensionChildren, ExtensionChildrenIter};
pub use convert::{
    ChannelSummary, channel_from_feed, channel_to_feed, entry_from_item, from_feed,
    item_from_entry, to_feed,
};
pub use document::{
    ATOM_NS, CONTENT_NS, Category, Channel, Cloud, DC_NS, DEFAULT_IMAGE_HEIGHT,
    DEFAULT_IMAGE_WIDTH, Document, Enclosure, ExtensionAttribute, ExtensionElement, ExtensionNode,
    Guid, Image, Item, MAX_IMAGE_HEIGHT, MAX_IMAGE_WIDTH, NamespaceDecl, Source, TextInput,
    TextInputSpelling,
};
pub use parts::ItemReader;
pub use plain::Rss2Plain;
pub use read::{ReadOptions, read};
pub use stream_write::{StreamError, StreamWriter};
pub use write::{WriteError, WriteOptions, write};

/// RSS 2.0 as an [`antenna_model::Codec`], so that tools written once for
/// every format (the CLI, the fuzz targets, the benchmarks) read, write
/// and convert it: each function is this crate's own ([`read()`],
/// [`write()`], [`to_feed`], [`from_feed`]).
///
/// ```
/// use antenna_model::{Codec, Format};
/// use rss2::Rss2;
///
/// let input = br#"<rss version="2.0"><channel><title>Hoge</title>
/// <link>http://www.hoge.jp/</link><description>d</description>
/// <item><title>Foo</title><pubDate>not a date</pubDate></item>
/// </channel></rss>"#;
/// assert_eq!(Rss2::FORMAT, Format::Rss2);
/// // Lenient: the bad date is a warning.
/// let parsed = Rss2::read(input, &Rss2::read_options(false))?;
/// assert_eq!(parsed.diagnostics[0].rule.id, "rss2/bad-date");
/// // Strict: it is an error, and the input is rejected.
/// assert!(Rss2::read(input, &Rss2::read_options(true)).is_err());
///
/// let feed = Rss2::to_feed(&parsed.document).document;
/// let back = Rss2::from_feed(&feed).document;
/// let bytes = Rss2::write(&back, &rss2::WriteOptions::default())?;
/// assert!(bytes.starts_with(b"<?xml"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rss2;

impl antenna_model::Codec for Rss2 {
    const FORMAT: antenna_model::Format = antenna_model::Format::Rss2;
    type Document = Document;
    type ReadOptions = ReadOptions;
    type WriteOptions = WriteOptions;
    type WriteError = WriteError;

    fn read_options(strict: bool) -> ReadOptions {
        ReadOptions::new(strict)
    }

    fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
        read(input, options)
    }

    fn write(document: &Document, options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
        write(document, options)
    }

    fn to_feed(document: &Document) -> antenna_model::Converted<antenna_model::Feed> {
        to_feed(document)
    }

    fn from_feed(feed: &antenna_model::Feed) -> antenna_model::Converted<Document> {
        from_feed(feed)
    }
}

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
