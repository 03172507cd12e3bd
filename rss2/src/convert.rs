//! Conversion to and from the shared model, with a [`Loss`] for every
//! field the target cannot carry.
//!
//! Choices:
//! - the model keeps the channel (without items) and each item as read
//!   ([`Feed::as_written`], [`Entry::as_written`]), so RSS → RSS is
//!   exact: an item is written back as read when it still says what its
//!   entry says, and the channel as read but for its heads and what the
//!   writer stamps (`generator`, `lastBuildDate`). What the model has no
//!   field for is a loss only when another format writes the entry
//!   ([`AsWritten::losses`]);
//! - an item's URL is its `link`, else its `guid` when that is a permalink;
//!   an item with neither is kept as an entry that names no page
//!   ([`Entry::for_item`]), which HINA-DI and LIRS leave out with a loss;
//!   a URL whose text is not the normalised URL keeps the text as its
//!   written `URL` field ([`Entry::written`]);
//! - `author`, else `dc:creator`, is the entry's author; `pubDate`, else
//!   `dc:date` (W3C-DTF), is its `last_modified`;
//! - `source` maps to `Entry::source_url` (both name where the entry came
//!   from); the source's title is a loss;
//! - `enclosure` is *not* mapped to `content_length`/`content_type`: those
//!   describe the entry's own document, the enclosure describes another
//!   resource, so it is a loss.
//! - a `pubDate` written with a numeric offset (`+0900`) gives the entry's
//!   `site_offset`, and an entry's `site_offset` is the offset its
//!   `pubDate` is written in, so that a LIRS time difference survives.
//!
//! - what RSS has no element for (a HINA-DI block's fields as written, a
//!   LIRS record's Last-Detected, time difference, content length, ...)
//!   is carried by the `antenna` module (`ANTENNA-MODULE.md` at the
//!   crate's root), which the reader gives back to the model; the
//!   `Rss2Plain` codec writes RSS without it, listing those as losses.
//!
//! Writing, the channel's three required elements are never empty (RSS
//! 2.0: `title`, `link` and `description` are required, and the W3C
//! validator rejects an empty `link`): what the feed lacks is derived, see
//! [`from_feed`]. An author that is an e-mail address goes to `author`
//! (RSS 2.0: "Email address of the author of the item"), any other name to
//! `dc:creator`.

use std::borrow::Cow;

use antenna_model::dates::{format_rfc1123, parse_date};
use antenna_model::jiff::Timestamp;
use antenna_model::jiff::tz::{Offset, TimeZone};
use antenna_model::parts::{from_feed_by_parts, to_feed_by_parts};
use antenna_model::url::Url;
use antenna_model::{Agent, AsWritten, Converted, Entry, EntryKey, Feed, Glance, Loss};

use crate::antenna_module::{self, ANTENNA_NS, ANTENNA_PREFIX};
use crate::document::{
    Category, Channel, Document, ExtensionElement, Guid, Item, NamespaceDecl, Source,
};
use crate::{DC_NS, ExtensionChildren, Rss2};

/// Converts a document to the shared model.
///
/// The fold over the part conversions
/// ([`antenna_model::parts::to_feed_by_parts`]): [`channel_to_feed`], then
/// [`entry_from_item`] of each item, the losses in that order.
pub fn to_feed(document: &Document) -> Converted<Feed> {
    // The head is the document itself: `channel_to_feed` looks at none of
    // its items, so no item-less copy is made.
    to_feed_by_parts::<Rss2>(document, &document.channel.items)
}

/// The feed [`to_feed`] makes of `document`, but its entries: the
/// channel's fields, and the losses of those the model has no place for
/// (which [`to_feed`] lists before the items'). With [`entry_from_item`]
/// for each item, a document is converted item by item, without the
/// feed's entries all held at once. The document's items, if it has any,
/// are not looked at.
pub fn channel_to_feed(document: &Document) -> Converted<Feed> {
    let mut losses = Vec::new();
    let feed = channel_feed(document, &mut losses);
    Converted {
        document: feed,
        losses,
    }
}

/// [`channel_to_feed`], its losses pushed onto `losses`: none but the
/// version's, since the feed keeps the channel whole
/// ([`Feed::as_written`]); what a writer of another format loses of it
/// goes with it ([`AsWritten::losses`]).
pub(crate) fn channel_feed(document: &Document, losses: &mut Vec<Loss>) -> Feed {
    let mut held = Vec::new();
    let mut feed = channel_values(document, &mut held);
    // The version is lost whatever the target: RSS is written as 2.0.
    losses.extend(held.extract_if(.., |l| l.field == "version"));
    feed.as_written = Some(AsWritten::new(without_items(document), held));
    feed
}

/// `document` without its items: the head a feed keeps.
fn without_items(document: &Document) -> Document {
    let Document {
        version,
        namespaces,
        attributes,
        encoding,
        channel,
        extensions,
    } = document;
    let Channel {
        title,
        link,
        description,
        language,
        copyright,
        managing_editor,
        web_master,
        pub_date,
        last_build_date,
        categories,
        generator,
        docs,
        cloud,
        ttl,
        image,
        rating,
        text_input,
        skip_hours,
        skip_days,
        items: _,
        attributes: channel_attributes,
        extensions: channel_extensions,
    } = channel;
    Document {
        version: version.clone(),
        namespaces: namespaces.clone(),
        attributes: attributes.clone(),
        encoding: encoding.clone(),
        channel: Channel {
            title: title.clone(),
            link: link.clone(),
            description: description.clone(),
            language: language.clone(),
            copyright: copyright.clone(),
            managing_editor: managing_editor.clone(),
            web_master: web_master.clone(),
            pub_date: pub_date.clone(),
            last_build_date: last_build_date.clone(),
            categories: categories.clone(),
            generator: generator.clone(),
            docs: docs.clone(),
            cloud: cloud.clone(),
            ttl: ttl.clone(),
            image: image.clone(),
            rating: rating.clone(),
            text_input: text_input.clone(),
            skip_hours: skip_hours.clone(),
            skip_days: skip_days.clone(),
            items: Vec::new(),
            attributes: channel_attributes.clone(),
            extensions: channel_extensions.clone(),
        },
        extensions: extensions.clone(),
    }
}

/// The feed's values of the channel, with the losses of what the model
/// has no field for.
fn channel_values(document: &Document, losses: &mut Vec<Loss>) -> Feed {
    let c = &document.channel;
    let mut feed = Feed::new();
    feed.title.clone_from(&c.title);
    feed.description.clone_from(&c.description);
    feed.encoding.clone_from(&document.encoding);
    if let Some(link) = &c.link {
        match Url::parse(link) {
            Ok(url) => feed.link = Some(url),
            Err(e) => losses.push(Loss::document(
                "link",
                format!("`{link}` is not a URL: {e}"),
            )),
        }
    }
    if let Some(encoding) = antenna_module::encoding_of(&c.extensions) {
        // The encoding of the file the feed was converted from.
        feed.encoding = Some(encoding);
    }
    if let Some(generator) = &c.generator {
        feed.agent = Some(Agent {
            name: generator.clone(),
            url: None,
        });
    }
    if let Some(date) = &c.last_build_date {
        match parse_date(date) {
            Ok(d) => feed.generated = Some(d.timestamp),
            Err(e) => losses.push(Loss::document("lastBuildDate", e.to_string())),
        }
    }
    if let Some(v) = &document.version
        && v != "2.0"
    {
        losses.push(Loss::document(
            "version",
            format!("RSS version {v} is not kept"),
        ));
    }
    let channel_fields: [(&str, bool); 15] = [
        ("language", c.language.is_some()),
        ("copyright", c.copyright.is_some()),
        ("managingEditor", c.managing_editor.is_some()),
        ("webMaster", c.web_master.is_some()),
        ("pubDate", c.pub_date.is_some()),
        ("category", !c.categories.is_empty()),
        ("docs", c.docs.is_some()),
        ("cloud", c.cloud.is_some()),
        ("ttl", c.ttl.is_some()),
        ("image", c.image.is_some()),
        ("rating", c.rating.is_some()),
        ("textInput", c.text_input.is_some()),
        ("skipHours", c.skip_hours.is_some()),
        ("skipDays", c.skip_days.is_some()),
        (
            "extension",
            c.extensions.iter().any(|e| !antenna_module::is_module(e))
                || !c.attributes.is_empty()
                || !document.extensions.is_empty()
                || !document.attributes.is_empty(),
        ),
    ];
    for (field, present) in channel_fields {
        if present {
            losses.push(Loss::document(
                field,
                "the model has no channel-level field for it",
            ));
        }
    }
    feed
}

/// The entry [`to_feed`] makes of `item`, the item at `index` (from 0) of
/// the channel, with its losses in [`to_feed`]'s order. Always `Some`:
/// an item with no URL is an entry that names no page
/// ([`Entry::for_item`]).
pub fn entry_from_item(item: &Item, index: usize) -> Converted<Option<Entry>> {
    let mut losses = Vec::new();
    let entry = entry(item, index, &mut losses);
    Converted {
        document: entry,
        losses,
    }
}

/// [`entry_from_item`], its losses pushed onto `losses`: none, since the
/// entry keeps the item whole ([`Entry::as_written`]); what a writer of
/// another format loses of it goes with it ([`AsWritten::losses`]).
pub(crate) fn entry(item: &Item, index: usize, losses: &mut Vec<Loss>) -> Option<Entry> {
    let (mut entry, held) = entry_with_module(item, index, losses, true);
    // What the module's record or block kept of its own text (a LIRS
    // source URL as written) stays beside the item.
    let carried = entry.as_written.take();
    entry.as_written = Some(AsWritten::beside(item.clone(), held, carried));
    Some(entry)
}

/// What the entry of `item` ([`entry`]) says that a summary pass asks,
/// told without making it ([`antenna_model::Glance`]): its author (`author`, else
/// `dc:creator`) and the item it keeps. `None` for an item that carries
/// the `antenna` module, whose entry is made of the module's fields.
pub(crate) fn glance(item: &Item) -> Option<Glance<'_>> {
    if item.extensions.iter().any(antenna_module::is_module) {
        return None;
    }
    let author = match &item.author {
        Some(author) => Some(Cow::Borrowed(author.as_str())),
        None => item.dc_creator().map(Cow::Owned),
    };
    Some(Glance::new(author, Some(item)))
}

/// `true` when `item` says in its RSS elements what the writer writes
/// for `carried`, the entry its module fields make: its link, title,
/// author, pubDate and categories (text compared without the white
/// space at its ends, which RSS does not keep). An item edited after it
/// was written disagrees, and its RSS elements win.
fn module_agrees(carried: &Entry, item: &Item) -> bool {
    let written = item_of_values(carried, false, &mut Vec::new(), &mut Item::default());
    let trim = |s: &str| s.trim_matches([' ', '\t', '\r', '\n']).to_owned();
    let text = |s: &Option<String>| s.as_deref().map(trim);
    let categories =
        |i: &Item| -> Vec<String> { i.categories.iter().map(|c| trim(&c.value)).collect() };
    text(&written.link) == text(&item.link)
        && text(&written.title) == text(&item.title)
        && text(&written.author) == text(&item.author)
        && written.dc_creator().map(|c| trim(&c)) == item.dc_creator().map(|c| trim(&c))
        && (text(&written.pub_date) == text(&item.pub_date)
            || written.pub_date_parsed().map(|d| d.timestamp)
                == item.pub_date_parsed().map(|d| d.timestamp))
        && categories(&written) == categories(item)
}

/// [`entry_values`], but an item that carries the `antenna` module is
/// the entry its fields make ([`antenna_module::entry_of`]) when that
/// says what the item's RSS elements say; the losses of reading the
/// fields are pushed onto `losses`; `held` as [`entry_values`] says.
fn entry_with_module(
    item: &Item,
    index: usize,
    losses: &mut Vec<Loss>,
    held: bool,
) -> (Entry, Vec<Loss>) {
    let (entry, held) = entry_values(item, index, held);
    if !item.extensions.iter().any(antenna_module::is_module) {
        return (entry, held);
    }
    let mut read = Vec::new();
    match antenna_module::entry_of(item, &mut read) {
        Some(mut carried) if module_agrees(&carried, item) => {
            losses.append(&mut read);
            // What a HINA-DI block has no field for, the item's RSS
            // elements hold (`source`, the offset of `pubDate`).
            if carried.source_url.is_none() {
                carried.source_url = entry.source_url;
            }
            if carried.site_offset.is_none() {
                carried.site_offset = entry.site_offset;
            }
            (carried, held)
        }
        Some(_) => {
            losses.push(Loss::entry(
                entry.url.as_str(),
                "antenna module",
                "the fields the item carries disagree with its RSS elements (URL, title, author, pubDate, categories); the RSS elements were used",
            ));
            (entry, held)
        }
        None => {
            losses.append(&mut read);
            (entry, held)
        }
    }
}

/// The entry's values of `item`, the item at `index` (from 0) of the
/// channel, and, when `held`, what a format with no place for the rest
/// of the item loses of it (none made otherwise: a caller that only
/// compares the values made and threw away three losses an item, issue
/// #23).
fn entry_values(item: &Item, index: usize, held: bool) -> (Entry, Vec<Loss>) {
    fn parsed(text: &str) -> Option<(Url, &str)> {
        Url::parse(text).ok().map(|url| (url, text))
    }
    let mut losses = Vec::new();
    let permalink = item
        .guid
        .as_ref()
        .filter(|g| g.is_permalink())
        .map(|g| g.value.as_str());
    let url = item
        .link
        .as_deref()
        .and_then(parsed)
        .or_else(|| permalink.and_then(parsed));
    let mut entry = match url {
        Some((url, url_text)) => {
            let mut entry = Entry::new(url);
            // The URL as written (white space around it is the XML's, not
            // the URL's), for a writer that reproduces it; `url` is its
            // normalised form.
            let url_text = url_text.trim_matches([' ', '\t', '\r', '\n']);
            if url_text != entry.url.as_str() {
                entry.written.push("URL", url_text);
            }
            entry
        }
        // An item that names no page is kept (RSS writes it back); the
        // formats of pages leave it out (`Entry::names_page`).
        None => Entry::for_item(item.guid.as_ref().map(|g| g.value.as_str()), index + 1),
    };
    let url = entry.url.as_str().to_owned();
    let mut key = EntryKey::new(&url);
    let mut lose = |field: &'static str, reason: &str| {
        if held {
            losses.push(Loss::entry(key.shared(), field, reason.to_owned()));
        }
    };
    entry.title.clone_from(&item.title);
    entry.author = item.author.clone().or_else(|| item.dc_creator());
    if item.author.is_some() && item.dc_creator().is_some() {
        lose("dc:creator", "author was used");
    }
    match (&item.pub_date, item.dc_date()) {
        (Some(date), _) => match parse_date(date) {
            Ok(d) => {
                entry.last_modified = Some(d.timestamp);
                if d.offset != Offset::UTC {
                    entry.site_offset = Some(d.offset);
                }
            }
            Err(e) => lose("pubDate", &e.to_string()),
        },
        (None, Some(date)) => match date.parse::<Timestamp>() {
            Ok(t) => entry.last_modified = Some(t),
            Err(e) => lose("dc:date", &format!("`{date}` is not a full date-time: {e}")),
        },
        (None, None) => {}
    }
    for Category { domain, value } in &item.categories {
        entry.keywords.push(value.clone());
        if domain.is_some() {
            lose("category/@domain", "keywords have no domain");
        }
    }
    if let Some(Source { url, value }) = &item.source {
        match url.as_deref().map(Url::parse) {
            Some(Ok(u)) => entry.source_url = Some(u),
            Some(Err(_)) => lose("source", "the source url is not a URL"),
            None => {}
        }
        if !value.is_empty() {
            lose(
                "source",
                "the source channel's title has no place in the model",
            );
        }
    }
    if item.description.is_some() {
        lose("description", "the model has no entry description");
    }
    if item.comments.is_some() {
        lose("comments", "the model has no comments URL");
    }
    if !item.enclosures.is_empty() {
        lose(
            "enclosure",
            "an enclosure describes another resource than the entry",
        );
    }
    if let Some(guid) = &item.guid {
        let used = item.link.is_none() && guid.is_permalink();
        if !used && Some(guid.value.as_str()) != item.link.as_deref() {
            lose("guid", "the model has no identifier apart from the URL");
        }
    }
    if item.extensions.iter().any(|e| !is_model_extension(item, e)) || !item.attributes.is_empty() {
        lose("extension", "extension elements are not carried");
    }
    (entry, losses)
}

/// `true` for an extension element whose value the model holds: the
/// `dc:creator` taken as the author, the `dc:date` taken as the date.
fn is_model_extension(item: &Item, e: &ExtensionElement) -> bool {
    e.is(DC_NS, "creator") && item.author.is_none()
        || e.is(DC_NS, "date") && item.pub_date.is_none()
        || antenna_module::is_module(e)
}

/// The title written when neither the feed nor the caller gives one.
pub const DEFAULT_TITLE: &str = "Update times";

/// The channel's `title`, `link` and `description` (all three required by
/// RSS 2.0), never empty: the feed's own, else derived from what the feed
/// holds. `link` falls back to the agent's URL, then to the site (scheme
/// and host) of the first entry, then to `about:blank` for a feed with
/// nothing to point at; `description` says how many entries and which
/// agent wrote them.
fn channel_heads(feed: &Feed, entries: &ChannelSummary) -> (String, String, String) {
    let agent = feed
        .agent
        .as_ref()
        .map(|a| a.name.trim())
        .filter(|a| !a.is_empty());
    let title = feed
        .title
        .clone()
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| match agent {
            Some(agent) => format!("{DEFAULT_TITLE} ({agent})"),
            None => DEFAULT_TITLE.to_owned(),
        });
    let link = feed
        .link
        .as_ref()
        .or_else(|| feed.agent.as_ref().and_then(|a| a.url.as_ref()))
        .map(Url::to_string)
        .or_else(|| entries.first_site.clone())
        .unwrap_or_else(|| "about:blank".to_owned());
    let description = feed
        .description
        .clone()
        .filter(|d| !d.trim().is_empty())
        .unwrap_or_else(|| {
            let n = entries.count;
            let pages = if n == 1 { "page" } else { "pages" };
            match agent {
                Some(agent) => format!("Update times of {n} {pages}, by {agent}"),
                None => format!("Update times of {n} {pages}"),
            }
        });
    (title, link, description)
}

/// `true` when `author` holds an e-mail address, as RSS 2.0's `author`
/// wants (`lawyer@boyer.net` or `lawyer@boyer.net (Lawyer Boyer)`): a
/// first word with one `@` between non-empty parts and no spaces.
fn is_email_author(author: &str) -> bool {
    let address = author.split_whitespace().next().unwrap_or_default();
    let address = address.strip_prefix("mailto:").unwrap_or(address);
    match address.split_once('@') {
        Some((local, domain)) => !local.is_empty() && domain.contains('.') && !domain.contains('@'),
        None => false,
    }
}

/// `<dc:creator>name</dc:creator>`.
fn dc_creator(name: &str) -> ExtensionElement {
    ExtensionElement {
        namespace: Some(Cow::Borrowed(DC_NS)),
        prefix: Some(Cow::Borrowed("dc")),
        name: Cow::Borrowed("creator"),
        attributes: Vec::new(),
        children: ExtensionChildren::text(name),
    }
}

/// `last_modified` as an RFC 822 date: in the entry's own offset when it
/// has one (`Sat, 07 Sep 2002 09:00:01 +0900`), else in GMT.
fn pub_date(timestamp: Timestamp, offset: Option<Offset>) -> String {
    offset
        .filter(|o| *o != Offset::UTC)
        .and_then(|o| {
            // Two-digit day, as RFC 1123 and every feed reader write it
            // (jiff's RFC 2822 printer writes `6 Sep`).
            rfc822_in(timestamp, o).or_else(|| {
                let zoned = timestamp.to_zoned(TimeZone::fixed(o));
                antenna_model::jiff::fmt::strtime::format(PUB_DATE_FORMAT, &zoned).ok()
            })
        })
        .unwrap_or_else(|| format_rfc1123(timestamp))
}

/// How [`pub_date`] writes a date in an entry's own offset.
const PUB_DATE_FORMAT: &str = "%a, %d %b %Y %H:%M:%S %z";

/// `timestamp` in `offset` as [`PUB_DATE_FORMAT`] writes it, put together
/// by hand (jiff's `strtime` costs ~2,500 instructions a date, one an
/// item of LIRS or HINA-DI); `None` for a year outside 0-9999 or an
/// offset with seconds, left to `strtime`.
fn rfc822_in(timestamp: Timestamp, offset: Offset) -> Option<String> {
    const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let push = |out: &mut String, n: i32, width: u32| {
        for place in (0..width).rev() {
            let digit = (n / 10_i32.pow(place)) % 10;
            out.push(char::from(b'0' + u8::try_from(digit).unwrap_or(0)));
        }
    };
    let seconds = offset.seconds();
    let time = offset.to_datetime(timestamp);
    if !(0..=9999).contains(&time.year()) || seconds % 60 != 0 {
        return None;
    }
    let day = usize::try_from(time.weekday().to_monday_zero_offset()).ok()?;
    let month = usize::try_from(time.month() - 1).ok()?;
    let mut out = String::with_capacity(31);
    out.push_str(DAYS.get(day)?);
    out.push_str(", ");
    push(&mut out, time.day().into(), 2);
    out.push(' ');
    out.push_str(MONTHS.get(month)?);
    out.push(' ');
    push(&mut out, time.year().into(), 4);
    out.push(' ');
    push(&mut out, time.hour().into(), 2);
    out.push(':');
    push(&mut out, time.minute().into(), 2);
    out.push(':');
    push(&mut out, time.second().into(), 2);
    out.push_str(if seconds < 0 { " -" } else { " +" });
    let minutes = seconds.abs() / 60;
    push(&mut out, minutes / 60, 2);
    push(&mut out, minutes % 60, 2);
    Some(out)
}

/// Converts the shared model to an RSS 2.0 document.
///
/// The channel's `title`, `link` and `description` are the feed's, or
/// derived (see `channel_heads`); the caller sets them on the feed to
/// choose. An item always has a title or a description (RSS 2.0 requires
/// one): an entry without a title gets its URL as title, reported as a
/// [`Loss`] since the text is not the source's. The entry's `site_offset`
/// is the offset `pubDate` is written in, so it is carried, not lost.
///
/// The fold over the part conversions
/// ([`antenna_model::parts::from_feed_by_parts`]): the [`ChannelSummary`]
/// of the entries, [`channel_from_feed`], then [`item_from_entry`] of each
/// entry, the losses in that order.
pub fn from_feed(feed: &Feed) -> Converted<Document> {
    let Converted {
        document: (mut document, items),
        losses,
    } = from_feed_by_parts::<Rss2>(feed);
    document.channel.items = items;
    Converted { document, losses }
}

/// What the channel [`from_feed`] writes says of the entries: how many
/// there are, the site of the first (for a channel `link`) and whether
/// any needs the Dublin Core namespace (an author that is a name, written
/// as `dc:creator`). Added up entry by entry, it lets a feed too large to
/// hold be written item by item (see [`StreamWriter`](crate::StreamWriter)).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChannelSummary {
    count: usize,
    first_site: Option<String>,
    uses_dc: bool,
    /// Whether an entry carries the `antenna` module.
    uses_antenna: bool,
}

impl ChannelSummary {
    /// The summary of `entries`.
    #[must_use]
    pub fn of(entries: &[Entry]) -> Self {
        let mut summary = ChannelSummary::default();
        for entry in entries {
            summary.add(entry);
        }
        summary
    }

    /// Counts `entry` in, after those added before it.
    pub fn add(&mut self, entry: &Entry) {
        if self.count == 0 {
            self.first_site = Some(&entry.url)
                .filter(|u| u.has_host())
                .and_then(|u| u.join("/").ok())
                .map(String::from);
        }
        self.count += 1;
        self.uses_dc |= matches!(author(entry), Some(Author::Creator(_)));
        self.uses_antenna = self.uses_antenna || antenna_module::carries(entry);
    }

    /// [`ChannelSummary::add`] of an entry told by its glance, when that
    /// tells enough: an entry that keeps a plain item (no `antenna`
    /// module: [`antenna_module::carries`] says no for it), after the
    /// first (whose site the channel's `link` may take). `false`, nothing
    /// learnt, for any other.
    pub(crate) fn add_glance(&mut self, glance: &Glance<'_>) -> bool {
        let plain_item = glance
            .as_written
            .and_then(|w| w.downcast_ref::<Item>())
            .is_some_and(|item| !item.extensions.iter().any(antenna_module::is_module));
        if self.count == 0 || !plain_item {
            return false;
        }
        self.count += 1;
        self.uses_dc |= matches!(
            author_of(glance.author.as_deref()),
            Some(Author::Creator(_))
        );
        true
    }

    /// How many entries were added.
    #[must_use]
    pub fn count(&self) -> usize {
        self.count
    }

    /// `true` when another entry can only add to the count: the first
    /// site is taken and the namespaces it may need (Dublin Core, and the
    /// `antenna` module when `module`) are known to be needed.
    pub(crate) fn is_settled(&self, module: bool) -> bool {
        self.count > 0 && self.uses_dc && (self.uses_antenna || !module)
    }

    /// Counts one more entry into a settled summary.
    pub(crate) fn count_one(&mut self) {
        self.count += 1;
    }
}

/// The channel [`from_feed`] makes of `feed`, without items: its heads
/// derived as if the feed's entries were those `entries` sums up (the
/// feed's own entries are not looked at), with the losses of the channel
/// alone, which come before those of the items.
pub fn channel_from_feed(feed: &Feed, entries: &ChannelSummary) -> Converted<Document> {
    let mut losses = Vec::new();
    let document = channel(feed, entries, &mut losses);
    Converted { document, losses }
}

/// [`channel_from_feed`], its losses pushed onto `losses`.
pub(crate) fn channel(feed: &Feed, entries: &ChannelSummary, losses: &mut Vec<Loss>) -> Document {
    channel_with(feed, entries, true, losses)
}

/// [`channel`], with the `antenna` module (`module`) or without.
pub(crate) fn channel_with(
    feed: &Feed,
    entries: &ChannelSummary,
    module: bool,
    losses: &mut Vec<Loss>,
) -> Document {
    let (title, link, description) = channel_heads(feed, entries);
    let mut channel = Channel {
        title: Some(title),
        link: Some(link),
        description: Some(description),
        ..Channel::default()
    };
    if let Some(agent) = &feed.agent {
        channel.generator = Some(agent.name.clone());
        if agent.url.is_some() && feed.link.is_some() {
            losses.push(Loss::document("agent url", "generator holds a name only"));
        }
    }
    channel.last_build_date = feed.generated.map(format_rfc1123);
    let read = feed
        .as_written
        .as_ref()
        .and_then(|w| w.downcast_ref::<Document>());
    // The encoding of a HINA-DI or LIRS source is carried by the module
    // (`antenna:encoding`), or was, by the RSS file read.
    let mut carried_encoding = None;
    if let Some(encoding) = &feed.encoding
        && !encoding.eq_ignore_ascii_case("utf-8")
    {
        let carried = match read {
            Some(read) if module => {
                antenna_module::encoding_of(&read.channel.extensions).as_ref() == Some(encoding)
            }
            Some(_) => false,
            None => module,
        };
        if carried {
            carried_encoding = Some(encoding);
        } else {
            losses.push(Loss::document(
                "encoding",
                format!("the document is written in UTF-8, not {encoding}"),
            ));
        }
    }
    let mut document = match read {
        Some(read) => channel_as_read(read, channel),
        None => Document {
            channel,
            ..Document::default()
        },
    };
    let c = &mut document.channel;
    if !module || read.is_none() {
        c.extensions.retain(|e| !antenna_module::is_module(e));
    }
    if read.is_none()
        && let Some(encoding) = carried_encoding
    {
        c.extensions
            .push(antenna_module::encoding_element(encoding));
    }
    let uses_antenna =
        module && (entries.uses_antenna || c.extensions.iter().any(antenna_module::is_module));
    if uses_antenna && !document.namespaces.iter().any(|d| d.uri == ANTENNA_NS) {
        document.namespaces.push(NamespaceDecl {
            prefix: Some(ANTENNA_PREFIX.to_owned()),
            uri: ANTENNA_NS.to_owned(),
        });
    }
    document.version = Some("2.0".to_owned());
    if entries.uses_dc && !document.namespaces.iter().any(|d| d.uri == DC_NS) {
        document.namespaces.push(NamespaceDecl {
            prefix: Some("dc".to_owned()),
            uri: DC_NS.to_owned(),
        });
    }
    document
}

/// The head of a feed read from RSS (`read`, without items), written back
/// as read but for what the feed says otherwise in `stamped` (the
/// channel made of the feed's values: its heads, which the user may
/// have set, and the agent that writes the file, `generator` and
/// `lastBuildDate`). A value that reads back as the feed's keeps its
/// text as written.
fn channel_as_read(read: &Document, stamped: Channel) -> Document {
    let mut document = read.clone();
    let c = &mut document.channel;
    let same_link = |a: &str, b: &str| a == b || Url::parse(a).ok() == Url::parse(b).ok();
    // The title, description and generator are the feed's: the text read
    // when the user changed nothing, and the writer is the agent.
    c.title = stamped.title;
    c.description = stamped.description;
    c.generator = stamped.generator;
    if !c
        .link
        .as_deref()
        .zip(stamped.link.as_deref())
        .is_some_and(|(a, b)| same_link(a, b))
    {
        c.link = stamped.link;
    }
    let same_date = |a: &str, b: &str| {
        a == b || parse_date(a).ok().map(|d| d.timestamp) == parse_date(b).ok().map(|d| d.timestamp)
    };
    if !c
        .last_build_date
        .as_deref()
        .zip(stamped.last_build_date.as_deref())
        .is_some_and(|(a, b)| same_date(a, b))
    {
        c.last_build_date = stamped.last_build_date;
    }
    document
}

/// Where an entry's author goes.
enum Author<'a> {
    /// `author`: an e-mail address.
    Email(&'a str),
    /// `dc:creator`: any other name.
    Creator(&'a str),
}

fn author(entry: &Entry) -> Option<Author<'_>> {
    author_of(entry.author.as_deref())
}

/// Where an author `author` goes.
fn author_of(author: Option<&str>) -> Option<Author<'_>> {
    author.filter(|a| !a.trim().is_empty()).map(|a| {
        if is_email_author(a) {
            Author::Email(a)
        } else {
            Author::Creator(a)
        }
    })
}

/// The text of an entry's `link` and `guid`: its URL as its source wrote
/// it ([`Entry::url_as_written`]; HINA-DI §Propagation reproduces fields
/// unchanged, and LIRS records keep theirs), when that is printable ASCII
/// without white space (a URL by any validator's reading, and read back
/// unchanged, where RSS text is trimmed); else the normalised form.
fn link_text(entry: &Entry) -> String {
    link_str(entry).to_owned()
}

/// [`link_text`], lent by `entry`.
fn link_str(entry: &Entry) -> &str {
    entry
        .url_as_written()
        .filter(|text| text.bytes().all(|b| b.is_ascii_graphic()))
        .unwrap_or(entry.url.as_str())
}

/// The item [`from_feed`] makes of `entry`, with its losses.
pub fn item_from_entry(entry: &Entry) -> Converted<Item> {
    let mut losses = Vec::new();
    let item = item(entry, &mut losses);
    Converted {
        document: item,
        losses,
    }
}

/// [`item_from_entry`], its losses pushed onto `losses`. An entry read
/// from an RSS item ([`Entry::as_written`]) is written as that item was
/// read when the item still says what the entry says; else the entry's
/// values make the item, and the item as read gives what the model has
/// no field for (description, enclosures, guid, extension elements, ...).
pub(crate) fn item(entry: &Entry, losses: &mut Vec<Loss>) -> Item {
    item_with(entry, true, losses)
}

/// [`item`], made where it can be in `spare` ([`spare`] of an item
/// written before): its strings and `antenna` module elements written
/// over (whatever their shape), the same item without an allocation and
/// a free for each (issue #23).
pub(crate) fn item_reusing(entry: &Entry, losses: &mut Vec<Loss>, spare: &mut Item) -> Item {
    item_in(entry, true, losses, Some(spare))
}

/// What of a written `item` [`item_reusing`] makes the next in: its
/// title, link, guid and source URL while short, and a few small module
/// elements ([`antenna_module::pool`]); the rest is let go.
pub(crate) fn spare(item: Item) -> Item {
    let short = |text: Option<String>| text.filter(|t| t.capacity() <= SPARE_TEXT);
    Item {
        title: short(item.title),
        link: short(item.link),
        guid: short(item.guid.map(|g| g.value)).map(|value| Guid {
            value,
            is_perma_link: None,
        }),
        source: short(item.source.and_then(|s| s.url)).map(|url| Source {
            url: Some(url),
            value: String::new(),
        }),
        extensions: antenna_module::pool(item.extensions),
        ..Item::default()
    }
}

/// The most room a string [`spare`] keeps may hold (bytes).
const SPARE_TEXT: usize = 1024;

/// `text`, in `slot`'s room when it has some (a string of an item
/// written before).
fn refill(slot: Option<String>, text: &str) -> String {
    let mut refilled = slot.unwrap_or_default();
    refilled.clear();
    refilled.push_str(text);
    refilled
}

/// [`item`], with the `antenna` module (`module`) or without.
pub(crate) fn item_with(entry: &Entry, module: bool, losses: &mut Vec<Loss>) -> Item {
    item_in(entry, module, losses, None)
}

/// [`item_with`], made in `spare` where it can be ([`item_reusing`]).
fn item_in(entry: &Entry, module: bool, losses: &mut Vec<Loss>, spare: Option<&mut Item>) -> Item {
    // An item copied as it was read needs no spare: none is made for it.
    let of_values = |losses: &mut Vec<Loss>| match spare {
        Some(spare) => item_of_values(entry, module, losses, spare),
        None => item_of_values(entry, module, losses, &mut Item::default()),
    };
    let Some(read) = entry
        .as_written
        .as_ref()
        .and_then(|w| w.downcast_ref::<Item>())
    else {
        return of_values(losses);
    };
    let (mut back, _) = if module {
        entry_with_module(read, 0, &mut Vec::new(), false)
    } else {
        entry_values(read, 0, false)
    };
    if !entry.names_page() && !back.names_page() {
        // An item known by its position: the position is not the item's.
        back.url = entry.url.clone();
    }
    if back.same_values(entry) && back.written == entry.written {
        let mut item = read.clone();
        if !module {
            item.extensions.retain(|e| !antenna_module::is_module(e));
        }
        return item;
    }
    let mut item = of_values(losses);
    let Item {
        title: _,
        link: _,
        description,
        author: _,
        categories,
        comments,
        enclosures,
        guid,
        pub_date: _,
        source,
        attributes,
        extensions,
    } = read;
    item.description.clone_from(description);
    if item.description.is_some() && item.title.as_deref() == Some(link_text(entry).as_str()) {
        // The URL was written as title only for want of a description.
        item.title = entry.title.clone().filter(|t| !t.is_empty());
        losses.retain(|l| l.field != "title");
    }
    item.comments.clone_from(comments);
    item.enclosures.clone_from(enclosures);
    item.attributes.clone_from(attributes);
    // A permalink guid that repeated the link follows the entry's URL;
    // any other is the item's own identifier.
    if let Some(g) = guid
        && !(g.is_permalink() && Some(g.value.as_str()) == read.link.as_deref())
    {
        item.guid = Some(g.clone());
    }
    if !entry.names_page() {
        item.link = None;
    }
    let values: Vec<&str> = categories.iter().map(|c| c.value.as_str()).collect();
    if values == entry.keywords {
        item.categories.clone_from(categories);
    }
    if let (Some(source), Some(written)) = (&mut item.source, source)
        && written.url.as_deref().and_then(|u| Url::parse(u).ok()) == entry.source_url
    {
        source.clone_from(written);
    }
    item.extensions.extend(
        extensions
            .iter()
            .filter(|e| !is_model_extension(read, e))
            .cloned(),
    );
    item
}

/// The item the entry's values make, with the losses of the values RSS
/// has no element for; made in `spare` where it can be
/// ([`item_reusing`]).
fn item_of_values(entry: &Entry, module: bool, losses: &mut Vec<Loss>, spare: &mut Item) -> Item {
    let key = entry.url.as_str();
    // What RSS has no element for goes in the module, which holds the
    // whole entry: nothing of it is lost (but what the module's own
    // format cannot hold, which `elements` reports).
    let carried = module && antenna_module::carries(entry);
    let link = link_str(entry);
    let mut item = Item {
        title: (entry.title.as_deref())
            .filter(|t| !t.is_empty())
            .map(|t| refill(spare.title.take(), t)),
        link: Some(refill(spare.link.take(), link)),
        // The URL is the entry's identity in every format, so it is the
        // permalink guid (the W3C validator warns on an item without
        // one); read back, a guid equal to the link adds nothing.
        guid: Some(Guid {
            value: refill(spare.guid.take().map(|g| g.value), link),
            is_perma_link: None,
        }),
        pub_date: entry.last_modified.map(|t| pub_date(t, entry.site_offset)),
        categories: entry
            .keywords
            .iter()
            .map(|k| Category {
                domain: None,
                value: k.clone(),
            })
            .collect(),
        source: entry.source_url.as_ref().map(|u| Source {
            url: Some(refill(spare.source.take().and_then(|s| s.url), u.as_str())),
            value: String::new(),
        }),
        ..Item::default()
    };
    if item.title.is_none() {
        item.title = Some(refill(spare.title.take(), link));
        if !carried {
            losses.push(Loss::entry(
            key,
            "title",
            "the entry has no title; its URL is written as the item's title (RSS 2.0 requires a title or a description)",
        ));
        }
    }
    let creator = match author(entry) {
        Some(Author::Email(author)) => {
            item.author = Some(author.to_owned());
            None
        }
        Some(Author::Creator(name)) => Some(name),
        None => None,
    };
    if carried {
        // `dc:creator` first, then the module's elements, written over
        // those of an item before where there are some.
        item.extensions = std::mem::take(&mut spare.extensions);
        let mut fill = antenna_module::Fill::new(&mut item.extensions);
        if let Some(name) = creator {
            fill.put((DC_NS, "dc", "creator"), None, |t| t.push_str(name));
        }
        antenna_module::push_elements(entry, &mut fill, losses);
        fill.finish();
        return item;
    }
    let creator = creator.map(dc_creator);
    item.extensions.extend(creator);
    if entry.site_offset.is_some() && entry.last_modified.is_none() {
        losses.push(Loss::entry(
            key,
            "site_offset",
            "RSS 2.0 holds an offset only in pubDate, and the entry has no date",
        ));
    }
    const NO_ELEMENT: &str = "RSS 2.0 has no element for it";
    let mut lose = |field: &'static str| {
        losses.push(Loss::entry(key, field, NO_ELEMENT));
    };
    if entry.last_detected.is_some() {
        lose("last_detected");
    }
    if entry.generated.is_some() {
        lose("generated");
    }
    if entry.content_length.is_some() {
        lose("content_length");
    }
    if entry.content_type.is_some() {
        lose("content_type");
    }
    if entry.expires.is_some() {
        lose("expires");
    }
    if entry.authorized.is_some() {
        lose("authorized");
    }
    if entry.method.is_some() {
        lose("method");
    }
    if entry.server.is_some() {
        lose("server");
    }
    if entry.virtual_url.is_some() {
        lose("virtual_url");
    }
    if entry.image_width.is_some() || entry.image_height.is_some() {
        lose("image size");
    }
    if entry.hina_version.is_some() {
        lose("hina_version");
    }
    for extension in &entry.extensions {
        let field = format!("extension {}", extension.name);
        losses.push(Loss::entry(key, field, NO_ELEMENT));
    }
    item
}

#[cfg(test)]
mod tests;
