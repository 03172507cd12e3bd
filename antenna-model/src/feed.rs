//! The format-neutral document: a [`Feed`] of [`Entry`]s.
//!
//! Each format crate converts its own document to and from these types,
//! returning a [`Converted`](crate::Converted) that lists what did not fit.

use jiff::Timestamp;
use jiff::tz::Offset;
use url::Url;

use crate::{AsWritten, FieldList, FieldRef, MethodChain};

/// The start of the [`Entry::url`] of an entry that names no page: an RSS
/// item with neither a `link` nor a permalink `guid` (a podcast episode
/// with `<guid isPermaLink="false">`, an item of text alone). RSS keeps
/// such items; HINA-DI and LIRS describe pages, and their writers leave
/// such an entry out with a loss ([`Entry::names_page`]). The rest of the
/// URL identifies the item within its feed: `guid:` and the guid
/// (percent-encoded), else `item:` and its position from 1. A URN of no
/// registered namespace (`x-`), because it is never written to a file:
/// it only keys the entry (merge, losses) in memory.
pub const ITEM_ID_PREFIX: &str = "urn:x-antenna-item:";

/// An agent: a program (an antenna, a diary tool) named by a string and,
/// where known, a URL that describes it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Agent {
    /// The agent's name (`User-Agent`, `Authorized`, RSS `generator`).
    pub name: String,
    /// A URL describing the agent (`Authorized-url`).
    pub url: Option<Url>,
}

/// One document of a feed, with everything the three formats can say of it
/// when it last changed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// The document (HINA-DI `URL`, LIRS URL, RSS `link`).
    pub url: Url,
    /// Its title.
    pub title: Option<String>,
    /// Its author's name (HINA-DI `Author-Name`, LIRS author, RSS `author`).
    pub author: Option<String>,
    /// When the document last changed (HINA-DI `Last-Modified`, LIRS
    /// Last-Modified, RSS `pubDate`).
    pub last_modified: Option<Timestamp>,
    /// When the agent last checked it (HINA-DI `Last-Modified-Detected`,
    /// LIRS Last-Detected).
    pub last_detected: Option<Timestamp>,
    /// When this entry was generated (HINA-DI entity `Date`).
    pub generated: Option<Timestamp>,
    /// The offset of the site's own time zone (LIRS time difference).
    pub site_offset: Option<Offset>,
    /// The document's size in bytes (LIRS Content-Length).
    pub content_length: Option<u64>,
    /// The document's media type (HINA-DI entity `Content-Type`).
    pub content_type: Option<String>,
    /// Where the agent got this entry from (LIRS Source URL).
    pub source_url: Option<Url>,
    /// When this entry stops being valid (HINA-DI `Expires`/`Expire`).
    pub expires: Option<Timestamp>,
    /// Keywords, tags or categories, in order.
    pub keywords: Vec<String>,
    /// The agent that vouches for the metadata (`Authorized`,
    /// `Authorized-url`).
    pub authorized: Option<Agent>,
    /// How the metadata travelled (`Method`).
    pub method: Option<MethodChain>,
    /// The HTTP server that served the document (`Server`).
    pub server: Option<String>,
    /// Another HINA-DI file that holds this entry's block (`Virtual`).
    pub virtual_url: Option<Url>,
    /// Width of the image the entry describes, in pixels.
    pub image_width: Option<u32>,
    /// Height of the image the entry describes, in pixels.
    pub image_height: Option<u32>,
    /// The HINA-DI version the block was checked against (`HINA-Version`).
    pub hina_version: Option<String>,
    /// Fields outside the shared vocabulary, in order: HINA-DI `X-` and
    /// undefined fields by name, the LIRS extension as `lirs:extension`.
    /// Their problems ([`FieldRef::problem`]) are unused: those are
    /// [`Entry::written`]'s.
    pub extensions: FieldList,
    /// The block's fields exactly as the source wrote them (name and value
    /// text, in order), beside the parsed values above; empty when the
    /// entry was built in code. LIRS records and RSS items are no blocks of
    /// fields: theirs holds at most a `URL` field, the URL as written when
    /// that text is not the normalised `url` (`http://WWW.HOGE.JP/foo` for
    /// `http://www.hoge.jp/foo`).
    ///
    /// Why: HINA-DI rev. 0.12 §Propagation says every defined field "MUST be
    /// reproduced without modification", and the parsed values cannot give
    /// the text back (a normalised URL, a date's zone and form, `Expire`
    /// against `Expires`, a keyword delimiter). `hina_di::to_feed` fills it,
    /// `propagate` keeps it in step with what it changes (the `Method` hop,
    /// fields it drops), and `hina_di::from_feed` writes it verbatim when
    /// it still reads back as the parsed values (else the values, with a
    /// `URL` as written that still reads back as `url`); other formats
    /// ignore it. A field the reader could not take into the parsed values
    /// (a date or URL it cannot parse) carries why, as its
    /// [`FieldRef::problem`]: a block with such a defined field cannot be
    /// propagated whole, since what it says cannot be judged (expiry,
    /// trust) nor checked against what is written.
    pub written: FieldList,
    /// The part as its format read it, for a writer of the same format
    /// (an RSS item: its description, enclosures, guid, extension
    /// elements; a LIRS record's source URL whose text is not the
    /// normalised URL): see [`AsWritten`]. `None` for a HINA-DI block,
    /// whose text is [`Entry::written`], for a LIRS record whose fields
    /// the model holds whole, and for an entry built in code.
    pub as_written: Option<AsWritten>,
}

impl Entry {
    /// An entry for `url` that says nothing else yet.
    pub fn new(url: Url) -> Self {
        Entry {
            url,
            title: None,
            author: None,
            last_modified: None,
            last_detected: None,
            generated: None,
            site_offset: None,
            content_length: None,
            content_type: None,
            source_url: None,
            expires: None,
            keywords: Vec::new(),
            authorized: None,
            method: None,
            server: None,
            virtual_url: None,
            image_width: None,
            image_height: None,
            hina_version: None,
            extensions: FieldList::new(),
            written: FieldList::new(),
            as_written: None,
        }
    }

    /// An entry for an item that names no page, identified by its `guid`
    /// when it has one, else by its `position` (from 1) in its feed: see
    /// [`ITEM_ID_PREFIX`].
    pub fn for_item(guid: Option<&str>, position: usize) -> Self {
        let id = match guid {
            Some(guid) => {
                let encoded: String =
                    url::form_urlencoded::byte_serialize(guid.as_bytes()).collect();
                format!("{ITEM_ID_PREFIX}guid:{encoded}")
            }
            None => format!("{ITEM_ID_PREFIX}item:{position}"),
        };
        // An opaque URL of this form always parses; `about:blank` is a
        // fallback that cannot be reached.
        let url = Url::parse(&id).unwrap_or_else(|_| Url::parse("about:blank").expect("a URL"));
        Entry::new(url)
    }

    /// `false` for an entry made by [`Entry::for_item`]: its URL is no
    /// page, and a format that lists pages (HINA-DI, LIRS) cannot write it.
    pub fn names_page(&self) -> bool {
        !self.url.as_str().starts_with(ITEM_ID_PREFIX)
    }

    /// `true` when `self` and `other` hold the same parsed values, whatever
    /// their fields as written ([`Entry::written`]). A writer that writes
    /// the text as written checks with this that it still says what the
    /// values say.
    pub fn same_values(&self, other: &Entry) -> bool {
        // Destructured whole, so that a field added to `Entry` must be
        // added here too.
        let Entry {
            url,
            title,
            author,
            last_modified,
            last_detected,
            generated,
            site_offset,
            content_length,
            content_type,
            source_url,
            expires,
            keywords,
            authorized,
            method,
            server,
            virtual_url,
            image_width,
            image_height,
            hina_version,
            extensions,
            written: _,
            as_written: _,
        } = self;
        *url == other.url
            && *title == other.title
            && *author == other.author
            && *last_modified == other.last_modified
            && *last_detected == other.last_detected
            && *generated == other.generated
            && *site_offset == other.site_offset
            && *content_length == other.content_length
            && *content_type == other.content_type
            && *source_url == other.source_url
            && *expires == other.expires
            && *keywords == other.keywords
            && *authorized == other.authorized
            && *method == other.method
            && *server == other.server
            && *virtual_url == other.virtual_url
            && *image_width == other.image_width
            && *image_height == other.image_height
            && *hina_version == other.hina_version
            && *extensions == other.extensions
    }

    /// The entry's URL as its source wrote it (its written `URL` field),
    /// when that text still reads as [`Entry::url`] and can stand in a
    /// field (no white space at its start, no control character): what a
    /// writer that reproduces its source puts down instead of the
    /// normalised form (HINA-DI §Propagation: fields are reproduced
    /// unchanged).
    pub fn url_as_written(&self) -> Option<&str> {
        self.written_field("URL").map(|f| f.value).filter(|text| {
            // A URL that is its own key is its own serialisation:
            // the same text reads as the same URL, with no parse.
            if *text == self.url.as_str() && crate::UrlKey::is_normalized(text) {
                return true;
            }
            !text.starts_with([' ', '\t'])
                && !text.chars().any(char::is_control)
                && Url::parse(text).is_ok_and(|u| u == self.url)
        })
    }

    /// The first field as written named `name` (ASCII case-insensitive).
    pub fn written_field(&self, name: &str) -> Option<FieldRef<'_>> {
        self.written.find(name)
    }

    /// The value of the first extension named `name` (ASCII case-insensitive).
    pub fn extension(&self, name: &str) -> Option<&str> {
        self.extensions.find(name).map(|e| e.value)
    }
}

/// A whole document: who made it, when, and its entries.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Feed {
    /// The agent that wrote the file (HINA-DI `User-Agent`, RSS `generator`).
    pub agent: Option<Agent>,
    /// When the file was generated (HINA-DI header `Date`, RSS
    /// `lastBuildDate`).
    pub generated: Option<Timestamp>,
    /// The source's title (RSS channel `title`).
    pub title: Option<String>,
    /// The source's home page (RSS channel `link`).
    pub link: Option<Url>,
    /// The source's description (RSS channel `description`).
    pub description: Option<String>,
    /// The character encoding the file declared or was read in.
    pub encoding: Option<String>,
    /// The entries, in file order.
    pub entries: Vec<Entry>,
    /// The head as its format read it (an RSS channel without its items:
    /// `language`, `copyright`, `image`, extension elements, ...), for a
    /// writer of the same format: see [`AsWritten`].
    pub as_written: Option<AsWritten>,
}

impl Feed {
    /// An empty feed.
    pub fn new() -> Self {
        Feed::default()
    }
}
