//! Conversion to and from the format-neutral model.

mod block_text;

use std::borrow::Cow;

use antenna_model::dates::{is_rfc1123_at, is_rfc1123_of};
use antenna_model::jiff::Timestamp;
use antenna_model::jiff::tz::Offset;
use antenna_model::url::Url;
use antenna_model::{
    Agent, Converted, Entry, EntryKey, Feed, FieldList, Loss, MethodChain, UrlKey,
};
use antenna_model::{charset, dates};
use encoding_rs::Encoding;

use block_text::BlockText;

use crate::document::{Block, Document, FieldKind, Head};
use crate::grammar::{lines, values};
use crate::no_case::NoCase;

/// The version [`from_feed`] writes.
const VERSION: &str = "2.2";

/// Up to this many fields as written, [`written_reads_back`] compares each
/// name with the ones before it.
const PAIRWISE_MAX: usize = 32;

/// Converts a document to a [`Feed`]. See [`crate::to_feed`]. The fold of
/// [`head_to_feed`] and [`block_to_feed`] over the document
/// ([`antenna_model::parts::to_feed_by_parts`]).
pub(crate) fn to_feed(document: &Document) -> Converted<Feed> {
    antenna_model::parts::to_feed_by_parts::<crate::HinaDi>(document.head(), document.all_blocks())
}

/// The feed of a file's version line and header block, without entries.
/// See [`crate::head_to_feed`].
pub(crate) fn head_to_feed(
    version: &str,
    header: &Block,
    charset_fallback: Option<&'static Encoding>,
) -> Converted<Feed> {
    let mut losses = Vec::new();
    let feed = head_feed(version, header, charset_fallback, &mut losses);
    Converted {
        document: feed,
        losses,
    }
}

/// [`head_to_feed`], the losses pushed onto `losses`.
pub(crate) fn head_feed(
    version: &str,
    header: &Block,
    charset_fallback: Option<&'static Encoding>,
    losses: &mut Vec<Loss>,
) -> Feed {
    let mut feed = Feed::new();
    if version != VERSION {
        losses.push(Loss::document(
            "HINA",
            format!("the version {version} is not kept (the model has no version)"),
        ));
    }
    if header.is_discarded() {
        losses.push(Loss::document(
            "header",
            "the header block has duplicate field names and is discarded",
        ));
    } else {
        header_to_feed(header, &mut feed, losses);
    }
    let encoding = charset_fallback.unwrap_or_else(|| crate::document::encoding_of(header));
    feed.encoding = Some(encoding.name().to_owned());
    feed
}

/// An entity block's entry, if it makes one, and its losses. See
/// [`crate::block_to_feed`].
pub(crate) fn block_to_feed(block: &Block) -> Converted<Option<Entry>> {
    let mut losses = Vec::new();
    let entry = block_entry(block, &mut losses);
    Converted {
        document: entry,
        losses,
    }
}

/// [`block_to_feed`], the losses pushed onto `losses`.
pub(crate) fn block_entry(block: &Block, losses: &mut Vec<Loss>) -> Option<Entry> {
    if block.is_discarded() {
        losses.push(Loss {
            entry: block.url().map(Into::into),
            field: "block".into(),
            reason: "the block has duplicate field names and is discarded".into(),
        });
        None
    } else {
        block_to_entry(block, losses)
    }
}

fn header_to_feed(header: &Block, feed: &mut Feed, losses: &mut Vec<Loss>) {
    for field in header.fields() {
        match field.kind() {
            FieldKind::UserAgent => {
                feed.agent = Some(Agent {
                    name: field.value().to_owned(),
                    url: None,
                });
            }
            FieldKind::Date => match dates::parse_date(field.value()) {
                Ok(date) => feed.generated = Some(date.timestamp),
                Err(error) => {
                    losses.push(Loss::document(field.name().to_owned(), error.to_string()))
                }
            },
            FieldKind::ContentType => {
                let media = values::media_type(field.value());
                if !media.eq_ignore_ascii_case("text/plain") {
                    losses.push(Loss::document(
                        field.name().to_owned(),
                        format!("only the charset is kept, not the media type `{media}`"),
                    ));
                }
            }
            _ => losses.push(Loss::document(
                field.name().to_owned(),
                "the model keeps no header fields other than User-Agent, Date and the charset",
            )),
        }
    }
}

/// Whether [`block_entry`] makes an entry of `block`: it is not
/// discarded and its URL ([`url_text`]) parses. A URL that is its own
/// normal form ([`UrlKey::is_normalized`], a scan of its bytes) parses,
/// and is not parsed (issue #23: a summary pass asks this of every block,
/// and the parse is ~3,500 instructions); any other is, as `lirs` does.
pub(crate) fn block_makes_entry(block: &Block) -> bool {
    let fields = block
        .fields()
        .iter()
        .map(|f| (f.name(), f.value(), f.kind()));
    !block.is_discarded()
        && url_text(fields).is_some_and(|url| UrlKey::is_normalized(url) || Url::parse(url).is_ok())
}

/// The text of a block's URL, from its fields `(name, value, kind)`: the
/// `URL` field's, else the `Virtual` field's when other fields stand
/// beside it.
fn url_text<'a, I>(fields: I) -> Option<&'a str>
where
    I: Iterator<Item = (&'a str, &'a str, FieldKind)> + Clone,
{
    // rev. 0.12 §Virtual: "If there are fields in the entity block other
    // than `Virtual`, then it takes the same meaning as the regular `URL`
    // field." A block of `Virtual` alone is a stub for another file.
    let virtual_as_url = || {
        let mut virtual_field = None;
        let mut others = false;
        for (_, value, kind) in fields.clone() {
            match kind {
                FieldKind::Virtual => virtual_field = virtual_field.or(Some(value)),
                _ => others = true,
            }
        }
        virtual_field.filter(|_| others)
    };
    fields
        .clone()
        .find(|(_, _, kind)| *kind == FieldKind::Url)
        .map(|(_, value, _)| value)
        .or_else(virtual_as_url)
}

/// `true` for a field [`fields_to_entry`] keeps in [`Entry::extensions`]: `X-`
/// and undefined fields, and `User-Agent`, which is the header's.
fn is_extension(kind: FieldKind) -> bool {
    matches!(
        kind,
        FieldKind::Experimental | FieldKind::Undefined | FieldKind::UserAgent
    )
}

fn block_to_entry(block: &Block, losses: &mut Vec<Loss>) -> Option<Entry> {
    let fields = block
        .fields()
        .iter()
        .map(|f| (f.name(), f.value(), f.kind()));
    fields_to_entry(fields, None, losses)
}

/// A block's fields, `(name, value, kind)` in order, as an [`Entry`]: the
/// parsed values and the fields as written. `None` (with a loss) when the
/// block has no URL or one that is not a URL. `known` is a URL the block's
/// is likely to be (the entry whose fields as written are read back): a
/// URL text that is its serialisation and its own key is that URL, and is
/// not parsed again.
fn fields_to_entry<'a, I>(fields: I, known: Option<&Url>, losses: &mut Vec<Loss>) -> Option<Entry>
where
    I: Iterator<Item = (&'a str, &'a str, FieldKind)> + Clone,
{
    let Some(written) = url_text(fields.clone()) else {
        losses.push(Loss {
            entry: None,
            field: "URL".into(),
            reason: "an entity block without URL was dropped".into(),
        });
        return None;
    };
    let key = written;
    let known = known.filter(|url| url.as_str() == written && UrlKey::is_normalized(written));
    let url = match known.map_or_else(|| Url::parse(written), |url| Ok(url.clone())) {
        Ok(url) => url,
        Err(error) => {
            losses.push(Loss::entry(
                key,
                "URL",
                format!("not a URL ({error}); the block was dropped"),
            ));
            return None;
        }
    };
    // Measured first, so that each list is allocated once, at its size,
    // not grown by doubling (up to twice it).
    let (mut count, mut text, mut extensions, mut extension_text) = (0, 0_usize, 0, 0_usize);
    for (name, value, kind) in fields.clone() {
        let len = name.len().saturating_add(value.len());
        count += 1;
        text = text.saturating_add(len);
        if is_extension(kind) {
            extensions += 1;
            extension_text = extension_text.saturating_add(len);
        }
    }
    if text > FieldList::MAX_TEXT {
        losses.push(Loss::entry(
            key,
            "block",
            format!(
                "the block's names and values are {text} bytes, more than the model's limit \
                 of {} for one entry; the block was dropped",
                FieldList::MAX_TEXT
            ),
        ));
        return None;
    }
    let mut entry = Entry::new(url);
    entry.written = FieldList::with_capacity(count, text);
    entry.extensions = FieldList::with_capacity(extensions, extension_text);
    let date = |name: &str, value: &str, losses: &mut Vec<Loss>| -> Option<(Timestamp, Offset)> {
        if let Some(ts) = canonical_date(value) {
            return Some((ts, Offset::UTC));
        }
        match dates::parse_date(value) {
            Ok(date) => Some((date.timestamp, date.offset)),
            Err(error) => {
                losses.push(Loss::entry(key, name.to_owned(), error.to_string()));
                None
            }
        }
    };
    let mut expire: Option<(String, Timestamp)> = None;
    for (name, value, kind) in fields {
        // Every field, as written, beside its parsed value (see
        // `Entry::written`); a loss pushed while parsing it marks it.
        let losses_before = losses.len();
        entry.written.push(name, value);
        match kind {
            FieldKind::Url => {}
            FieldKind::HinaVersion => entry.hina_version = Some(value.to_owned()),
            FieldKind::Virtual => match Url::parse(value) {
                Ok(url) => entry.virtual_url = Some(url),
                Err(error) => losses.push(Loss::entry(key, name.to_owned(), error.to_string())),
            },
            FieldKind::ContentType => entry.content_type = Some(value.to_owned()),
            FieldKind::Date => {
                entry.generated = date(name, value, losses).map(|d| d.0);
            }
            FieldKind::Title => entry.title = Some(value.to_owned()),
            FieldKind::AuthorName => entry.author = Some(value.to_owned()),
            FieldKind::Expires => entry.expires = date(name, value, losses).map(|d| d.0),
            FieldKind::Expire => {
                expire = date(name, value, losses).map(|d| (name.to_owned(), d.0));
            }
            FieldKind::LastModified => {
                let modified = date(name, value, losses);
                entry.last_modified = modified.map(|d| d.0);
                // A date written in the site's zone (`09:00:01 JST`) says
                // which zone that is: carried, so that RSS's pubDate and
                // LIRS's time difference can keep it.
                if let Some((_, offset)) = modified.filter(|d| d.1.seconds() != 0) {
                    entry.site_offset = Some(offset);
                }
            }
            FieldKind::LastModifiedDetected => {
                entry.last_detected = date(name, value, losses).map(|d| d.0);
            }
            FieldKind::Server => entry.server = Some(value.to_owned()),
            FieldKind::Authorized => {
                entry.authorized.get_or_insert_with(Agent::default).name = value.to_owned();
            }
            FieldKind::AuthorizedUrl => match Url::parse(value) {
                Ok(url) => entry.authorized.get_or_insert_with(Agent::default).url = Some(url),
                Err(error) => losses.push(Loss::entry(key, name.to_owned(), error.to_string())),
            },
            FieldKind::Method => {
                match plain_method(value).map_or_else(|| MethodChain::parse(value), Ok) {
                    Ok(chain) => entry.method = Some(chain),
                    Err(error) => losses.push(Loss::entry(key, name.to_owned(), error.to_string())),
                }
            }
            FieldKind::Keyword => {
                entry.keywords = Keywords::of(value).map(str::to_owned).collect();
            }
            FieldKind::ImageWidth | FieldKind::ImageHeight => {
                let number = (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| value.parse::<u32>().ok())
                    .flatten();
                match number {
                    Some(n) if kind == FieldKind::ImageWidth => entry.image_width = Some(n),
                    Some(n) => entry.image_height = Some(n),
                    None => {
                        losses.push(Loss::entry(key, name.to_owned(), "not a number of pixels"))
                    }
                }
            }
            FieldKind::Experimental | FieldKind::Undefined | FieldKind::UserAgent => {
                entry.extensions.push(name, value);
            }
        }
        if losses.len() > losses_before
            && let Some(loss) = losses.last()
        {
            entry
                .written
                .set_problem(entry.written.len() - 1, loss.reason.clone());
        }
    }
    if let Some((name, expire)) = expire {
        match entry.expires {
            None => entry.expires = Some(expire),
            Some(expires) if expires == expire => {}
            Some(_) => losses.push(Loss::entry(
                key,
                name,
                "Expire disagrees with Expires; Expires was kept",
            )),
        }
    }
    if entry
        .authorized
        .as_ref()
        .is_some_and(|agent| agent.name.is_empty())
    {
        losses.push(Loss::entry(
            key,
            "Authorized-url",
            "Authorized-url without Authorized: the agent has no name",
        ));
    }
    Some(entry)
}

/// Makes a value writable: line breaks and other control characters become
/// spaces, and leading white space goes (a TOKEN cannot start with it).
fn clean(value: &str, entry: &str, field: &str, losses: &mut Vec<Loss>) -> String {
    clean_lent(value, entry, field, losses).into_owned()
}

/// [`clean`], the value lent when it needs nothing (most do: one byte
/// scan, no copy).
fn clean_lent<'v>(
    value: &'v str,
    entry: &str,
    field: &str,
    losses: &mut Vec<Loss>,
) -> Cow<'v, str> {
    if !value.starts_with([' ', '\t']) && !has_control(value) {
        return Cow::Borrowed(value);
    }
    let cleaned: String = value
        .chars()
        .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
        .collect();
    let cleaned = cleaned.trim_start_matches([' ', '\t']).to_owned();
    if cleaned != value {
        losses.push(Loss::entry(
            entry,
            field.to_owned(),
            "line breaks, control characters or leading white space were replaced or removed",
        ));
    }
    Cow::Owned(cleaned)
}

/// Converts a [`Feed`] to a document. See [`crate::from_feed`]. The fold of
/// [`head_from_feed`] and [`block_from_entry`] over the feed
/// ([`antenna_model::parts::from_feed_by_parts`]).
pub(crate) fn from_feed(feed: &Feed) -> Converted<Document> {
    let converted = antenna_model::parts::from_feed_by_parts::<crate::HinaDi>(feed);
    let (head, blocks) = converted.document;
    Converted {
        document: Document::from_parts(head, blocks),
        losses: converted.losses,
    }
}

/// The block of `entry` when it names a page; an entry that names none
/// (an RSS item without link or permalink guid, [`Entry::names_page`]) is
/// left out with a loss: a HINA-DI block describes the page at its `URL`
/// (rev. 0.12: the `URL` field is required), and an enclosure or an
/// opaque guid does not name the item's page.
pub(crate) fn page_block(
    entry: &Entry,
    losses: &mut Vec<Loss>,
    spare: Option<Block>,
) -> Option<Block> {
    if entry.names_page() {
        return Some(block_from_entry_reusing(entry, losses, spare));
    }
    losses.push(Loss::entry(
        entry.url.as_str(),
        "URL",
        "the item names no page (no link, no permalink guid) and a HINA-DI block needs a URL; entry left out",
    ));
    None
}

/// The head of a feed: the version line and the header block (the feed's
/// entries are not looked at), the losses pushed onto `losses`. See
/// [`crate::head_from_feed`].
pub(crate) fn head_from_feed(feed: &Feed, losses: &mut Vec<Loss>) -> Head {
    if let Some(written) = &feed.as_written {
        losses.extend_from_slice(written.losses());
    }
    let mut head = Head::new(VERSION);
    let header = head.header_mut();
    if let Some(agent) = &feed.agent {
        let name = clean(&agent.name, "", "User-Agent", losses);
        header.push_field("User-Agent", name);
        if agent.url.is_some() {
            losses.push(Loss::document(
                "agent.url",
                "HINA-DI has no field for the URL of the file's agent",
            ));
        }
    }
    if let Some(encoding) = &feed.encoding {
        let encoding = clean(encoding, "", "encoding", losses);
        header.push_field("Content-Type", format!("text/plain; charset={encoding}"));
    }
    if let Some(generated) = feed.generated {
        header.push_field("Date", dates::format_rfc1123(generated));
    }
    for (field, present) in [
        ("title", feed.title.is_some()),
        ("link", feed.link.is_some()),
        ("description", feed.description.is_some()),
    ] {
        if present {
            losses.push(Loss::document(
                field,
                "HINA-DI has no field for it in the header block",
            ));
        }
    }
    head
}

/// The block of one entry, the losses pushed onto `losses`. See
/// [`crate::block_from_entry`].
pub(crate) fn block_from_entry(entry: &Entry, losses: &mut Vec<Loss>) -> Block {
    block_from_entry_reusing(entry, losses, None)
}

/// [`block_from_entry`], its fields made in the vector of `spare` (a
/// block written before, [`spare_block`]) instead of a new one: the same
/// block either way.
pub(crate) fn block_from_entry_reusing(
    entry: &Entry,
    losses: &mut Vec<Loss>,
    spare: Option<Block>,
) -> Block {
    if written_kept(entry, losses) {
        return block_text::written(&entry.written, spare);
    }
    let mut text = BlockText::new(entry, spare);
    value_fields(entry, losses, |name, value| text.push(name, value));
    text.finish()
}

/// What of a written block [`block_from_entry_reusing`] makes the next
/// in: its field vector, emptied (the block's text let go of now, not
/// held until the next entry), when it has room for at most
/// [`SPARE_FIELDS`] fields, so that what is kept between blocks stays
/// small.
pub(crate) fn spare_block(block: Block) -> Option<Block> {
    block_text::spare(block, SPARE_FIELDS)
}

/// The most fields a spare block's vector has room for.
const SPARE_FIELDS: usize = 64;

/// Gives `field` each field, `(name, value)` in order, of the block
/// [`block_from_entry`] makes of `entry`, lent rather than made into a
/// block, the losses pushed onto `losses`: the fields as written when
/// they still read back as the entry's values, else the values. See
/// [`crate::block_fields_from_entry`].
pub(crate) fn entry_fields(
    entry: &Entry,
    losses: &mut Vec<Loss>,
    mut field: impl FnMut(&str, &str),
) {
    if written_kept(entry, losses) {
        let text = entry.written.text();
        for (name, value) in entry.written.ranges() {
            field(slice(text, name), slice(text, value));
        }
    } else {
        value_fields(entry, losses, field);
    }
}

/// `true` when the block of `entry` is its fields as written (they
/// still read back as its values), the losses of what they cannot say
/// pushed onto `losses`; `false` when it is written from the values
/// ([`value_fields`]), which push their own. The losses of the part the
/// entry was read from come first either way.
fn written_kept(entry: &Entry, losses: &mut Vec<Loss>) -> bool {
    if let Some(written) = &entry.as_written {
        losses.extend_from_slice(written.losses());
    }
    if !entry.written.is_empty()
        && let Some(written_offset) = written_reads_back(entry)
    {
        not_in_hina_di(entry, entry.url.as_str(), written_offset, losses);
        return true;
    }
    false
}

/// The fields of `entry`'s block written from its values, each given
/// to `field`, the losses pushed onto `losses`: the fields as written
/// are left out (with a loss) but for a URL as written that still reads
/// back as the entry's URL.
fn value_fields(entry: &Entry, losses: &mut Vec<Loss>, mut field: impl FnMut(&str, &str)) {
    let key = entry.url.as_str();
    // The URL as written (a LIRS record's, an RSS item's, or a block's
    // whose other fields changed), when it still reads back as `url`.
    let written_url = entry.url_as_written();
    if !entry.written.is_empty() {
        // Only a URL as written, and it is kept: nothing as written lost.
        let only_url = written_url.is_some() && entry.written.len() == 1;
        if !only_url {
            losses.push(Loss::entry(
                key,
                "block",
                "the fields as written no longer read back as the entry's values; \
                 the block is written from the values instead",
            ));
        }
    }
    let mut push = |name: &str, value: &str, losses: &mut Vec<Loss>| {
        field(name, &clean_lent(value, key, name, losses));
    };
    push("URL", written_url.unwrap_or(key), losses);
    if let Some(version) = &entry.hina_version {
        push("HINA-Version", version, losses);
    }
    if let Some(url) = &entry.virtual_url {
        push("Virtual", url.as_str(), losses);
    }
    if let Some(content_type) = &entry.content_type {
        push("Content-Type", content_type, losses);
    }
    if let Some(generated) = entry.generated {
        push("Date", &dates::format_rfc1123(generated), losses);
    }
    if let Some(title) = &entry.title {
        push("Title", title, losses);
    }
    if let Some(author) = &entry.author {
        push("Author-Name", author, losses);
    }
    if let Some(expires) = entry.expires {
        push("Expires", &dates::format_rfc1123(expires), losses);
    }
    if let Some(modified) = entry.last_modified {
        push("Last-Modified", &dates::format_rfc1123(modified), losses);
    }
    if let Some(detected) = entry.last_detected {
        push(
            "Last-Modified-Detected",
            &dates::format_rfc1123(detected),
            losses,
        );
    }
    if let Some(server) = &entry.server {
        push("Server", server, losses);
    }
    if let Some(agent) = &entry.authorized {
        if !agent.name.is_empty() {
            push("Authorized", &agent.name, losses);
        }
        if let Some(url) = &agent.url {
            push("Authorized-url", url.as_str(), losses);
        }
    }
    if let Some(method) = &entry.method {
        push("Method", &method.to_string(), losses);
    }
    if !entry.keywords.is_empty() {
        let joinable = entry
            .keywords
            .iter()
            .all(|k| k == &values::keywords(k).join(""));
        if !joinable {
            losses.push(Loss::entry(
                key,
                "keywords",
                "a keyword holds a delimiter or white space at its ends and will not read back as one keyword",
            ));
        }
        push("Keyword", &entry.keywords.join(", "), losses);
    }
    if let Some(width) = entry.image_width {
        push("Image-Width", &width.to_string(), losses);
    }
    if let Some(height) = entry.image_height {
        push("Image-Height", &height.to_string(), losses);
    }
    for extension in &entry.extensions {
        let defined = FieldKind::of(extension.name) != FieldKind::Experimental
            && FieldKind::of(extension.name) != FieldKind::Undefined;
        if !lines::is_field_name(extension.name.as_bytes()) || defined {
            losses.push(Loss::entry(
                key,
                extension.name.to_owned(),
                "not a HINA-DI field name (or one the spec defines otherwise)",
            ));
            continue;
        }
        push(extension.name, extension.value, losses);
    }
    not_in_hina_di(entry, key, None, losses);
}

/// Reports the entry's values that HINA-DI has no field for; `site_offset`
/// not when `written_offset`, the zone of the `Last-Modified` written
/// (when not GMT), is that offset (the date carries it).
fn not_in_hina_di(
    entry: &Entry,
    key: &str,
    written_offset: Option<antenna_model::jiff::tz::Offset>,
    losses: &mut Vec<Loss>,
) {
    let offset_lost = entry.site_offset.is_some() && entry.site_offset != written_offset;
    let mut shared = EntryKey::new(key);
    for (field, present) in [
        ("site_offset", offset_lost),
        ("content_length", entry.content_length.is_some()),
        ("source_url", entry.source_url.is_some()),
    ] {
        if present {
            let url = shared.shared();
            losses.push(Loss::entry(url, field, "HINA-DI has no field for it"));
        }
    }
}

/// `Some` when `entry.written` can be written verbatim: every name is a
/// field name, no name repeats (a block with duplicates is discarded),
/// every value is writable as it is, and reading the fields back gives the
/// entry's parsed values exactly. So a caller that changed a parsed value
/// without its written text (or the reverse) gets the values written, with
/// a loss, never text that says something else. What it holds is the
/// zone of the written `Last-Modified` when it is not GMT (the reading
/// carries it as the site offset).
///
/// The values HINA-DI has no field for (`source_url`, `site_offset`,
/// `content_length`) are left out of the comparison: [`not_in_hina_di`]
/// reports them either way.
fn written_reads_back(entry: &Entry) -> Option<Option<Offset>> {
    // A handful of fields are compared with the ones before them, which
    // allocates nothing; past `PAIRWISE_MAX` a set of the names (compared
    // without regard to case, borrowed) finds a repeat, so that a block of
    // many fields takes linear time, not quadratic (as
    // `Block::duplicates` does).
    let written = &entry.written;
    let text = written.text();
    let mut seen = (written.len() > PAIRWISE_MAX)
        .then(|| std::collections::HashSet::with_capacity(written.len()));
    // A defined name of one spelling repeats exactly when its kind does
    // (`FieldKind::of` ignores case): one bit a kind, no comparison.
    let mut kinds_seen = 0_u64;
    let mut has_virtual = false;
    let mut matcher = Matcher::new(entry);
    for (i, (name, value)) in written.ranges().enumerate() {
        let (name, value) = (slice(text, name), slice(text, value));
        // A name the spec defines (in any case) is a field name; the kind
        // is told once a field, for the checks and the comparison.
        let kind = FieldKind::of(name);
        has_virtual |= kind == FieldKind::Virtual;
        let open = matches!(kind, FieldKind::Experimental | FieldKind::Undefined);
        let name_ok = !open || lines::is_field_name(name.as_bytes());
        let repeated = match &mut seen {
            Some(seen) => !seen.insert(NoCase(name)),
            // `Virtual` has two spellings, and the open kinds any number:
            // those are compared with the names before them.
            None if open || kind == FieldKind::Virtual => written
                .ranges()
                .take(i)
                .any(|(before, _)| slice(text, before).eq_ignore_ascii_case(name)),
            None => {
                const _: () = assert!((FieldKind::Undefined as u32) < 64, "a bit a kind");
                let bit = 1_u64 << (kind as u32);
                let again = kinds_seen & bit != 0;
                kinds_seen |= bit;
                again
            }
        };
        let value_ok = !value.starts_with([' ', '\t']) && !has_control(value);
        if repeated || !name_ok || !value_ok {
            return None;
        }
        if !has_virtual {
            matcher.field(name, value, kind);
        }
    }
    if !has_virtual {
        return matcher.finish();
    }
    let fields = written
        .iter()
        .map(|f| (f.name, f.value, FieldKind::of(f.name)));
    let mut read = fields_to_entry(fields, Some(&entry.url), &mut Vec::new())?;
    read.source_url.clone_from(&entry.source_url);
    let written_offset = std::mem::replace(&mut read.site_offset, entry.site_offset);
    read.content_length = entry.content_length;
    read.same_values(entry).then_some(written_offset)
}

/// `text[range]`, or `""` for a range that is not in it (a
/// [`FieldList::ranges`] range always is).
fn slice(text: &str, range: std::ops::Range<usize>) -> &str {
    text.get(range).unwrap_or_default()
}

/// The instant of a date written as [`dates::format_rfc1123`] writes
/// it (`Sat, 07 Sep 2002 09:00:01 GMT`), read by position and confirmed
/// by printing it again; `None` for any other text, which is left to
/// [`dates::parse_date`]. Such a text parses as that instant in GMT
/// (antenna-model's proptest `format_then_parse_gives_back_the_instant`).
fn canonical_date(value: &str) -> Option<Timestamp> {
    use antenna_model::jiff::civil::DateTime;
    const MONTHS: [&[u8; 3]; 12] = [
        b"Jan", b"Feb", b"Mar", b"Apr", b"May", b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov",
        b"Dec",
    ];
    let b = value.as_bytes();
    if b.len() != 29 || !value.ends_with(" GMT") {
        return None;
    }
    let number = |range: std::ops::Range<usize>| -> Option<i16> {
        b.get(range)?.iter().try_fold(0_i16, |n, &d| {
            d.is_ascii_digit().then(|| n * 10 + i16::from(d - b'0'))
        })
    };
    let month = MONTHS
        .iter()
        .position(|m| b.get(8..11) == Some(m.as_slice()))?;
    let month = i8::try_from(month + 1).ok()?;
    let small = |range| number(range).and_then(|n| i8::try_from(n).ok());
    let time = DateTime::new(
        number(12..16)?,
        month,
        small(5..7)?,
        small(17..19)?,
        small(20..22)?,
        small(23..25)?,
        0,
    )
    .ok()?;
    let ts = Offset::UTC.to_timestamp(time).ok()?;
    // `time` is `ts` in UTC: compared as it is, not made again from `ts`.
    is_rfc1123_at(time, value).then_some(ts)
}

/// The chain of a Method value of the usual shape, built without the
/// Method grammar: one to five of `GET`, `HEAD`, `FILE`, `REMOTE` and a
/// three-digit result code, joined by bare `/` (`REMOTE/GET/200`). Such a
/// value is what the chain prints, and parses back as it (antenna-model's
/// proptests `surely_strict_implies_strict_parse` and
/// `print_then_parse_gives_back_the_chain`). `None` for other values.
fn plain_method(value: &str) -> Option<MethodChain> {
    use antenna_model::MethodType;
    let (steps, result) = value.rsplit_once('/')?;
    if result.len() != 3 || !result.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let steps = steps
        .split('/')
        .take(6)
        .map(|step| match step {
            "GET" => Some(MethodType::Get),
            "HEAD" => Some(MethodType::Head),
            "FILE" => Some(MethodType::File),
            "REMOTE" => Some(MethodType::Remote),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
        .filter(|steps| steps.len() <= 5)?;
    MethodChain::from_parts(steps, Some(result.to_owned()))
}

/// `true` when `value` holds a control character other than a tab
/// (`char::is_control`: C0, DEL and C1; a C1 character is 0xC2 followed
/// by 0x80 to 0x9F in UTF-8). Eight bytes at a time are asked whether any
/// may start one (`may_hold_control`), and only a value where one may be
/// is searched byte by byte (issue #23: byte by byte, this was ~10
/// instructions a byte of every value written back).
fn has_control(value: &str) -> bool {
    let bytes = value.as_bytes();
    let word = |eight: &[u8]| u64::from_le_bytes(eight.try_into().unwrap_or([0; 8]));
    let may = match bytes.len().checked_sub(8) {
        // The last eight bytes as one more word, over the end of the
        // words before (a byte asked twice is the same answer), not
        // copied byte by byte into a padded word.
        Some(last) => {
            bytes
                .chunks_exact(8)
                .any(|eight| may_hold_control(word(eight)))
                || may_hold_control(word(bytes.get(last..).unwrap_or_default()))
        }
        None => {
            // A short value, padded with spaces (no control).
            let mut padded = [b' '; 8];
            for (to, &from) in padded.iter_mut().zip(bytes) {
                *to = from;
            }
            may_hold_control(u64::from_le_bytes(padded))
        }
    };
    may && bytes.iter().enumerate().any(|(i, &b)| {
        charset::is_control(b)
            || (b == 0xC2 && bytes.get(i + 1).is_some_and(|n| (0x80..=0x9F).contains(n)))
    })
}

/// `false` when none of the eight bytes of `word` is below 0x20 (a tab
/// counts, which the byte search then passes over), 0x7F or 0xC2 (the
/// lead byte of a C1 character): the "has a byte less than n" and "has a
/// zero byte" tests of bit-twiddling lore, exact for whether any byte is
/// one (`control_characters_are_found_as_chars_are`).
fn may_hold_control(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |w: u64| w.wrapping_sub(ONES) & !w & HIGH;
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGH;
    (below_space | zero_byte(word ^ (ONES * 0x7F)) | zero_byte(word ^ (ONES * 0xC2))) != 0
}

/// [`written_reads_back`]'s comparison for fields without `Virtual`,
/// made without reading them into an [`Entry`]: each field's value as
/// [`fields_to_entry`] would read it is compared with the entry's, one
/// field at a time ([`Matcher::field`]), the whole judged at the end
/// ([`Matcher::finish`]). A text that is the entry's value in its
/// canonical form (a URL that is its own key, an RFC 1123 GMT date of
/// whole seconds, a Method chain as it prints) reads back as that value
/// and is not parsed; any other text is parsed as the reader would. The
/// fields given are checked already: field names, no repeats.
struct Matcher<'e, 'a> {
    entry: &'e Entry,
    /// `false` once a field says something the entry does not.
    same: bool,
    url_ok: bool,
    hina_version: Option<&'a str>,
    content_type: Option<&'a str>,
    title: Option<&'a str>,
    author: Option<&'a str>,
    server: Option<&'a str>,
    generated: Option<Timestamp>,
    expires: Option<Timestamp>,
    expire: Option<Timestamp>,
    last_modified: Option<Timestamp>,
    written_offset: Option<Offset>,
    last_detected: Option<Timestamp>,
    authorized_name: Option<&'a str>,
    authorized_url: Option<Url>,
    method_ok: bool,
    keywords_ok: bool,
    image_width: Option<u32>,
    image_height: Option<u32>,
    extensions: usize,
}

impl<'e, 'a> Matcher<'e, 'a> {
    fn new(entry: &'e Entry) -> Self {
        Matcher {
            entry,
            same: true,
            url_ok: false,
            hina_version: None,
            content_type: None,
            title: None,
            author: None,
            server: None,
            generated: None,
            expires: None,
            expire: None,
            last_modified: None,
            written_offset: None,
            last_detected: None,
            authorized_name: None,
            authorized_url: None,
            method_ok: entry.method.is_none(),
            keywords_ok: entry.keywords.is_empty(),
            image_width: None,
            image_height: None,
            extensions: 0,
        }
    }

    /// Takes one field, `kind` being `FieldKind::of(name)`.
    fn field(&mut self, name: &'a str, value: &'a str, kind: FieldKind) {
        let entry = self.entry;
        match kind {
            FieldKind::Url => {
                self.url_ok = (value == entry.url.as_str() && UrlKey::is_normalized(value))
                    || Url::parse(value).is_ok_and(|url| url == entry.url);
            }
            FieldKind::HinaVersion => self.hina_version = Some(value),
            FieldKind::ContentType => self.content_type = Some(value),
            FieldKind::Title => self.title = Some(value),
            FieldKind::AuthorName => self.author = Some(value),
            FieldKind::Server => self.server = Some(value),
            FieldKind::Date => self.generated = read_date(value, entry.generated).0,
            FieldKind::Expires => self.expires = read_date(value, entry.expires).0,
            FieldKind::Expire => self.expire = read_date(value, entry.expires).0,
            FieldKind::LastModified => {
                let (date, offset) = read_date(value, entry.last_modified);
                self.last_modified = date;
                self.written_offset = date.and(Some(offset)).filter(|o| o.seconds() != 0);
            }
            FieldKind::LastModifiedDetected => {
                self.last_detected = read_date(value, entry.last_detected).0;
            }
            FieldKind::Authorized => self.authorized_name = Some(value),
            FieldKind::AuthorizedUrl => {
                let known = entry
                    .authorized
                    .as_ref()
                    .and_then(|agent| agent.url.as_ref())
                    .filter(|url| url.as_str() == value && UrlKey::is_normalized(value));
                self.authorized_url = known.cloned().or_else(|| Url::parse(value).ok());
            }
            FieldKind::Method => {
                self.method_ok = match &entry.method {
                    Some(chain) if prints_as(chain, value) => true,
                    expected => MethodChain::parse(value).ok().as_ref() == expected.as_ref(),
                };
            }
            FieldKind::Keyword => {
                self.keywords_ok =
                    Keywords::of(value).eq(entry.keywords.iter().map(String::as_str));
            }
            FieldKind::ImageWidth | FieldKind::ImageHeight => {
                let number = (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| value.parse::<u32>().ok())
                    .flatten();
                if kind == FieldKind::ImageWidth {
                    self.image_width = number;
                } else {
                    self.image_height = number;
                }
            }
            FieldKind::Virtual => self.same = false,
            _ => {
                let same = entry
                    .extensions
                    .get(self.extensions)
                    .is_some_and(|e| e.name == name && e.value == value);
                self.same &= same;
                self.extensions += 1;
            }
        }
    }

    /// The answer of [`written_reads_back`] for the fields taken.
    fn finish(self) -> Option<Option<Offset>> {
        let entry = self.entry;
        let authorized_ok = match &entry.authorized {
            None => self.authorized_name.is_none() && self.authorized_url.is_none(),
            Some(agent) => {
                (self.authorized_name.is_some() || self.authorized_url.is_some())
                    && agent.name == self.authorized_name.unwrap_or("")
                    && agent.url == self.authorized_url
            }
        };
        let same = self.same
            && self.url_ok
            && self.method_ok
            && self.keywords_ok
            && authorized_ok
            && self.extensions == entry.extensions.len()
            && entry.hina_version.as_deref() == self.hina_version
            && entry.content_type.as_deref() == self.content_type
            && entry.title.as_deref() == self.title
            && entry.author.as_deref() == self.author
            && entry.server.as_deref() == self.server
            && entry.generated == self.generated
            && entry.expires == self.expires.or(self.expire)
            && entry.last_modified == self.last_modified
            && entry.last_detected == self.last_detected
            && entry.image_width == self.image_width
            && entry.image_height == self.image_height
            && entry.virtual_url.is_none();
        same.then_some(self.written_offset)
    }
}

/// A written date as [`fields_to_entry`] reads it: its instant (`None`
/// when it does not parse) and the offset it was written in. When the
/// text is `expected` as [`dates::format_rfc1123`] writes it (whole
/// seconds, a four-digit year), that is what it reads as: no parse.
fn read_date(value: &str, expected: Option<Timestamp>) -> (Option<Timestamp>, Offset) {
    /// 1000-01-01T00:00:00Z: from here on the year is four digits.
    const YEAR_1000: i64 = -30_610_224_000;
    if let Some(ts) = expected
        && value.len() == 29
        && value.ends_with(" GMT")
        && ts.subsec_nanosecond() == 0
        && ts.as_second() >= YEAR_1000
        && is_rfc1123_of(ts, value)
    {
        return (Some(ts), Offset::UTC);
    }
    match dates::parse_date(value) {
        Ok(date) => (Some(date.timestamp), date.offset),
        Err(_) => (None, Offset::UTC),
    }
}

/// `true` when `chain` prints as `value` (compared as it prints, without
/// a string): then `value` parses back as `chain` (antenna-model's
/// proptest `print_then_parse_gives_back_the_chain`).
fn prints_as(chain: &MethodChain, value: &str) -> bool {
    // The chain's `Display`, step by step: the steps joined by `/`, then
    // `/` and the result when there is one.
    let mut rest = value;
    let mut eat = |part: &str| match rest.strip_prefix(part) {
        Some(after) => {
            rest = after;
            true
        }
        None => false,
    };
    let steps_ok = chain
        .steps()
        .iter()
        .enumerate()
        .all(|(i, step)| (i == 0 || eat("/")) && eat(step.as_str()));
    let result_ok = chain.result().is_none_or(|result| eat("/") && eat(result));
    steps_ok && result_ok && rest.is_empty()
}

/// The keywords of a Keyword value, as [`values::keywords`] splits them,
/// without a vector: a value with no `:` is split on `,` alone (the
/// grammar's `keyword` takes anything but `,` and `:`, and a `,`
/// delimiter is followed by white space that trimming takes), each
/// keyword trimmed of spaces and tabs and the empty ones skipped; a value
/// with a `:` (rev. 0.12's separator, or a `:` inside a keyword) is left
/// to the grammar. `keywords_split_as_the_grammar_splits` checks it.
enum Keywords<'a> {
    Plain(std::str::Split<'a, char>),
    Read(std::vec::IntoIter<&'a str>),
}

impl<'a> Keywords<'a> {
    fn of(value: &'a str) -> Self {
        if value.contains(':') {
            Keywords::Read(values::keywords(value).into_iter())
        } else {
            Keywords::Plain(value.split(','))
        }
    }
}

impl<'a> Iterator for Keywords<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        match self {
            Keywords::Plain(split) => split
                .map(|k| k.trim_matches([' ', '\t']))
                .find(|k| !k.is_empty()),
            Keywords::Read(read) => read.next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block_doc(fields: &[(&str, &str)]) -> Document {
        Document::from_pairs(VERSION, [("User-Agent", "a/1")], [fields.iter().copied()])
    }

    fn written_pairs(document: &Document) -> Vec<(String, String)> {
        document
            .entity_blocks()
            .flat_map(|b| b.pairs().map(|(n, v)| (n.to_owned(), v.to_owned())))
            .collect()
    }

    const FIELDS: &[(&str, &str)] = &[
        ("URL", "HTTP://WWW.Hoge.JP/%7Efoo/./bar/"),
        ("Expire", "Fri, 31 Dec 9999 23:59:59 GMT"),
        ("Last-Modified", "Sat, 07 Sep 2002 09:00:01 JST"),
        ("Keyword", "diary: cats"),
        ("Title", "\u{3000}"),
    ];

    /// [`written_reads_back`]'s answer the long way, by reading the
    /// fields into an entry: what [`written_matches`] must agree with.
    fn read_back_slow(entry: &Entry) -> Option<Option<Offset>> {
        let fields = entry
            .written
            .iter()
            .map(|f| (f.name, f.value, FieldKind::of(f.name)));
        let mut read = fields_to_entry(fields, None, &mut Vec::new())?;
        read.source_url.clone_from(&entry.source_url);
        let written_offset = std::mem::replace(&mut read.site_offset, entry.site_offset);
        read.content_length = entry.content_length;
        read.same_values(entry).then_some(written_offset)
    }

    #[test]
    fn canonical_dates_read_as_parse_date_reads_them() {
        for value in [
            "Sat, 07 Sep 2002 09:00:01 GMT",
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Thu, 30 Dec 9999 21:59:59 GMT",
            "Sat, 01 Jan 0000 00:00:00 GMT",
            "Sat, 29 Feb 2020 12:00:00 GMT",
        ] {
            let parsed = dates::parse_date(value).unwrap();
            assert_eq!(canonical_date(value), Some(parsed.timestamp), "{value}");
        }
        for other in [
            "Sun, 07 Sep 2002 09:00:01 GMT",
            // Past jiff's last instant: parse_date clamps it, left to it.
            "Fri, 31 Dec 9999 23:59:59 GMT",
            "Sat, 07 Sep 2002 09:00:01 JST",
            "Sat, 7 Sep 2002 09:00:01 GMT",
            "Sat, 07 sep 2002 09:00:01 GMT",
            "Sat, 31 Feb 2002 09:00:01 GMT",
            "Sat, 07 Sep 2002 09:00:60 GMT",
            "Sat, 07 Sep 2002 24:00:01 GMT",
            "Sat, 07 Sep 2002 09:00:+1 GMT",
        ] {
            assert_eq!(canonical_date(other), None, "{other}");
        }
        let mut ts = Timestamp::from_second(-62_167_219_200).unwrap();
        let step = antenna_model::jiff::SignedDuration::from_secs(86_400 * 37 + 3_601 * 7 + 13);
        while ts.as_second() < 253_402_207_200 - 86_400 * 40 {
            let printed = dates::format_rfc1123(ts);
            assert_eq!(canonical_date(&printed), Some(ts), "{printed}");
            ts += step;
        }
    }

    #[test]
    fn plain_methods_read_as_the_grammar_reads_them() {
        for value in [
            "GET/200",
            "REMOTE/GET/200",
            "REMOTE/REMOTE/HEAD/304",
            "FILE/200",
            "REMOTE/REMOTE/REMOTE/REMOTE/GET/200",
        ] {
            assert_eq!(
                plain_method(value),
                MethodChain::parse(value).ok(),
                "{value}"
            );
            assert!(plain_method(value).is_some(), "{value}");
        }
        for other in [
            "get/200",
            "GET/2000",
            "GET",
            "GET//200",
            "RSS/200",
            "GET/200 ",
            "REMOTE/REMOTE/REMOTE/REMOTE/REMOTE/GET/200",
        ] {
            assert_eq!(plain_method(other), None, "{other}");
        }
    }

    #[test]
    fn control_characters_are_found_byte_by_byte() {
        for c in (0..0x2FF_u32).filter_map(char::from_u32) {
            let value = format!("a{c}b");
            assert_eq!(has_control(&value), c.is_control() && c != '\t', "{:?}", c);
            // At every place of two words and a rest.
            for at in 0..19 {
                let value = format!("{}{c}{}", "a".repeat(at), "b".repeat(18 - at));
                assert_eq!(
                    has_control(&value),
                    c.is_control() && c != '\t',
                    "{value:?}"
                );
            }
        }
    }

    #[test]
    fn the_direct_comparison_agrees_with_reading_back() {
        let blocks: &[&[(&str, &str)]] = &[
            FIELDS,
            &[
                ("URL", "http://www.hoge.jp/a"),
                ("Date", "Sat, 07 Sep 2002 00:00:01 GMT"),
                ("Expires", "Sat, 07 Sep 2002 00:00:01 GMT"),
                ("Expire", "Sun, 08 Sep 2002 00:00:01 GMT"),
                ("Last-Modified-Detected", "Sat, 07 Sep 2002 00:00:01 +0900"),
                ("Authorized", "someone"),
                ("Authorized-url", "http://www.hoge.jp/who"),
                ("Method", "REMOTE/GET/200"),
                ("Image-Width", "12"),
                ("Image-Height", "x"),
                ("HINA-Version", "1.0"),
                ("Content-Type", "text/html"),
                ("Server", "Apache"),
                ("Author-Name", "me"),
                ("X-Foo", "bar"),
                ("Frob", "baz"),
            ],
            &[
                ("URL", "http://www.hoge.jp/b"),
                ("Last-Modified", "yesterday"),
                ("Expire", "Sun, 08 Sep 2002 00:00:01 GMT"),
                ("Authorized-url", "http://www.hoge.jp/who"),
                ("Method", "get / 200"),
                ("Keyword", ""),
            ],
            &[("URL", "http://www.hoge.jp/c"), ("Method", "nonsense//")],
        ];
        let url = Url::parse("http://www.hoge.jp/other").unwrap();
        let date = Timestamp::from_second(1_031_356_801).unwrap();
        let mutations: &[&dyn Fn(&mut Entry)] = &[
            &|_| {},
            &|e| e.url = url.clone(),
            &|e| e.title = None,
            &|e| e.title = Some("other".to_owned()),
            &|e| e.author = Some("other".to_owned()),
            &|e| e.server = None,
            &|e| e.content_type = None,
            &|e| e.hina_version = Some("9".to_owned()),
            &|e| e.generated = None,
            &|e| e.generated = Some(date),
            &|e| e.expires = None,
            &|e| e.expires = Some(date),
            &|e| e.last_modified = None,
            &|e| e.last_modified = Some(date),
            &|e| {
                e.last_modified = e
                    .last_modified
                    .map(|t| t + antenna_model::jiff::SignedDuration::from_nanos(1))
            },
            &|e| e.last_detected = Some(date),
            &|e| e.site_offset = None,
            &|e| e.keywords.clear(),
            &|e| e.keywords.push("more".to_owned()),
            &|e| e.authorized = None,
            &|e| e.authorized = Some(Agent::default()),
            &|e| e.method = None,
            &|e| e.method = MethodChain::parse("GET/200").ok(),
            &|e| e.image_width = None,
            &|e| e.image_height = Some(3),
            &|e| e.extensions.clear(),
            &|e| {
                e.extensions = e
                    .extensions
                    .iter()
                    .rev()
                    .map(|f| (f.name, f.value))
                    .collect();
            },
            &|e| e.virtual_url = Some(url.clone()),
            &|e| e.content_length = Some(3),
        ];
        for fields in blocks {
            let feed = to_feed(&block_doc(fields)).document;
            assert!(written_reads_back(&feed.entries[0]).is_some(), "{fields:?}");
            for mutate in mutations {
                let mut entry = feed.entries[0].clone();
                mutate(&mut entry);
                assert_eq!(
                    written_reads_back(&entry),
                    read_back_slow(&entry),
                    "{entry:?}"
                );
            }
        }
    }

    #[test]
    fn a_block_is_written_back_as_it_was_read() {
        // HINA-DI rev. 0.12 §Propagation: defined fields "MUST be
        // reproduced without modification"; before the fields were carried
        // as written, this gave `http://www.hoge.jp/%7Efoo/bar/`, `Expires`,
        // a GMT date and `diary, cats`.
        let feed = to_feed(&block_doc(FIELDS)).document;
        let entry = &feed.entries[0];
        assert_eq!(entry.url.as_str(), "http://www.hoge.jp/%7Efoo/bar/");
        assert_eq!(entry.keywords, ["diary", "cats"]);
        let back = from_feed(&feed);
        let expected: Vec<_> = FIELDS
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect();
        assert_eq!(written_pairs(&back.document), expected);
        assert!(
            back.losses.iter().all(|l| l.field != "block"),
            "{:?}",
            back.losses
        );
    }

    #[test]
    fn a_zone_in_last_modified_is_carried_as_the_site_offset() {
        let feed = to_feed(&block_doc(FIELDS)).document;
        let entry = &feed.entries[0];
        assert_eq!(entry.site_offset.map(|o| o.seconds()), Some(9 * 3600));
        // Written back as it was, the date carries the zone: no loss.
        let back = from_feed(&feed);
        assert!(
            back.losses.iter().all(|l| l.field != "site_offset"),
            "{:?}",
            back.losses
        );
        // A GMT date says nothing of the site's zone.
        let gmt = to_feed(&block_doc(&[
            ("URL", "http://www.hoge.jp/"),
            ("Last-Modified", "Sat, 07 Sep 2002 00:00:01 GMT"),
        ]));
        assert_eq!(gmt.document.entries[0].site_offset, None);
    }

    #[test]
    fn virtual_with_other_fields_stands_for_the_url() {
        // rev. 0.12 §Virtual: "If there are fields in the entity block
        // other than `Virtual`, then it takes the same meaning as the
        // regular `URL` field."
        let converted = to_feed(&block_doc(&[
            ("Virtual", "http://www.hoge.jp/bar/"),
            ("Title", "bar"),
        ]));
        let entry = &converted.document.entries[0];
        assert_eq!(entry.url.as_str(), "http://www.hoge.jp/bar/");
        assert_eq!(
            entry.virtual_url.as_ref().map(|u| u.as_str()),
            Some("http://www.hoge.jp/bar/")
        );
        assert!(
            converted.losses.iter().all(|l| l.field != "URL"),
            "{:?}",
            converted.losses
        );
        // A block of Virtual alone is a stub for another file, no entry.
        let stub = to_feed(&block_doc(&[("Virtual", "http://www.hoge.jp/v.hdi")]));
        assert!(stub.document.entries.is_empty());
    }

    #[test]
    fn a_field_the_reader_cannot_take_is_marked_with_why() {
        let feed = to_feed(&block_doc(&[
            ("URL", "http://www.hoge.jp/"),
            ("Last-Modified", "yesterday"),
        ]))
        .document;
        let written = &feed.entries[0].written;
        assert_eq!(written.get(0).unwrap().problem, None);
        assert_eq!(written.get(1).unwrap().name, "Last-Modified");
        assert!(written.get(1).unwrap().problem.is_some());
    }

    #[test]
    fn a_url_as_written_alone_is_written_with_the_values() {
        // A LIRS record or RSS item carries only its URL as written.
        let mut entry = Entry::new(Url::parse("http://www.hoge.jp/foo").unwrap());
        entry.title = Some("T".to_owned());
        entry.written.push("URL", "http://WWW.HOGE.JP/foo");
        let mut feed = Feed::new();
        feed.entries.push(entry.clone());
        let back = from_feed(&feed);
        assert_eq!(
            written_pairs(&back.document),
            [
                ("URL".to_owned(), "http://WWW.HOGE.JP/foo".to_owned()),
                ("Title".to_owned(), "T".to_owned())
            ]
        );
        assert!(back.losses.is_empty(), "{:?}", back.losses);
        // A URL as written that no longer reads back as the URL is not
        // written, and that is a loss.
        entry.url = Url::parse("http://www.hoge.jp/other").unwrap();
        feed.entries = vec![entry];
        let back = from_feed(&feed);
        let pairs = written_pairs(&back.document);
        assert_eq!(pairs[0].1, "http://www.hoge.jp/other");
        assert!(
            back.losses.iter().any(|l| l.field == "block"),
            "{:?}",
            back.losses
        );
    }

    /// An entry of many fields as written: each name is looked up in a
    /// set, not compared with every name before it (160,000 fields were
    /// 1.3e10 comparisons; issue #28). Kept verbatim when no name repeats,
    /// written from the values when the last repeats the first.
    #[test]
    fn many_fields_as_written_are_checked_in_linear_time() {
        const FIELDS: usize = 100_000;
        let mut entry = Entry::new(Url::parse("http://www.hoge.jp/").unwrap());
        entry.written.push("URL", "http://www.hoge.jp/");
        for i in 1..FIELDS {
            let (name, value) = (format!("X-Field-{i}"), format!("v{i}"));
            entry.extensions.push(&name, &value);
            entry.written.push(&name, &value);
        }
        let started = std::time::Instant::now();
        assert!(written_reads_back(&entry).is_some());
        let block = block_from_entry(&entry, &mut Vec::new());
        assert_eq!(block.fields().len(), FIELDS);
        assert_eq!(block.fields()[FIELDS - 1].name(), "X-Field-99999");
        // The last name repeats the first (in another case): the block
        // would be discarded, so the values are written instead.
        entry.written.push("x-field-1", "again");
        assert!(written_reads_back(&entry).is_none());
        let mut losses = Vec::new();
        let block = block_from_entry(&entry, &mut losses);
        assert_eq!(block.fields().len(), FIELDS);
        assert_eq!(losses.len(), 1, "{losses:?}");
        assert_eq!(losses[0].field, "block");
        // Quadratic, this took minutes in a debug build; linear, about a
        // second. Generous, so that a loaded machine does not fail it.
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn text_that_no_longer_says_what_the_values_say_is_not_written() {
        let mut feed = to_feed(&block_doc(FIELDS)).document;
        feed.entries[0].title = Some("Changed".to_owned());
        let back = from_feed(&feed);
        let pairs = written_pairs(&back.document);
        assert!(
            pairs.contains(&("Title".to_owned(), "Changed".to_owned())),
            "{pairs:?}"
        );
        assert!(
            back.losses.iter().any(|l| l.field == "block"),
            "{:?}",
            back.losses
        );
    }

    #[test]
    fn a_block_makes_an_entry_as_block_entry_says() {
        let blocks: [&[(&str, &str)]; 6] = [
            &[("URL", "http://www.hoge.jp/")],
            &[("URL", "not a url"), ("Title", "t")],
            // rev. 0.12 §Virtual: beside other fields, Virtual is the URL;
            // alone, a stub.
            &[("Virtual", "http://www.hoge.jp/v"), ("Title", "t")],
            &[("Virtual", "http://www.hoge.jp/v")],
            &[("Title", "no URL")],
            // Repeated names: the block is discarded.
            &[
                ("URL", "http://www.hoge.jp/"),
                ("url", "http://www.hoge.jp/"),
            ],
        ];
        let mut makes = Vec::new();
        for fields in blocks {
            let mut block = Block::new();
            for (name, value) in fields {
                block.push_field(*name, *value);
            }
            let made = block_entry(&block, &mut Vec::new()).is_some();
            assert_eq!(block_makes_entry(&block), made, "{fields:?}");
            makes.push(made);
        }
        assert_eq!(makes, [true, false, true, false, false, false]);
    }

    /// A block of generated fields read into an entry, then edited (its
    /// values, or its fields as written through `FieldList`'s API): the
    /// one-pass answer of [`written_reads_back`] is the long way's.
    fn check_written_reads_back(fields: &[(usize, usize)], edits: &[usize]) {
        const NAMES: &[&str] = &[
            "Date",
            "Expires",
            "Expire",
            "Last-Modified",
            "Last-Modified-Detected",
            "Title",
            "Author-Name",
            "Method",
            "Keyword",
            "Image-Width",
            "Authorized",
            "Authorized-url",
            "X-Foo",
            "Frob",
            "title",
            "Vitural",
            "Server",
        ];
        const VALUES: &[&str] = &[
            "Sat, 07 Sep 2002 09:00:01 GMT",
            "Sat, 07 Sep 2002 18:00:01 +0900",
            "Sun, 07 Sep 2002 09:00:01 GMT",
            "yesterday",
            "GET/200",
            "REMOTE/GET/200",
            "get / 200",
            "books,tech",
            "diary: cats, a:b",
            "12",
            "x",
            "http://www.hoge.jp/who",
            "HTTP://WWW.HOGE.JP/who",
            "",
            "\u{3000}",
        ];
        let mut pairs = vec![("URL", "http://www.hoge.jp/a")];
        pairs.extend(
            fields
                .iter()
                .map(|&(n, v)| (NAMES[n % NAMES.len()], VALUES[v % VALUES.len()])),
        );
        let feed = to_feed(&block_doc(&pairs)).document;
        let Some(entry) = feed.entries.first() else {
            return;
        };
        let mut entry = entry.clone();
        let date = Timestamp::from_second(1_031_389_201).unwrap();
        for edit in edits {
            match edit % 12 {
                0 => {}
                1 => entry.title = Some("other".to_owned()),
                2 => entry.last_modified = Some(date),
                3 => entry.expires = None,
                4 => entry.keywords.push("more".to_owned()),
                5 => entry.method = MethodChain::parse("GET/304").ok(),
                6 => entry.written.push("X-Bar", "baz"),
                7 => entry.written.set_value(1, "Sat, 07 Sep 2002 09:00:01 GMT"),
                8 => entry.written.retain(|f| f.name != "Title"),
                9 => entry.extensions.push("X-Foo", "books,tech"),
                10 => entry.written.push("date", "GET/200"),
                _ => entry.url = Url::parse("http://www.hoge.jp/b").unwrap(),
            }
        }
        assert_eq!(written_reads_back(&entry), full_check(&entry), "{entry:?}");
    }

    /// [`written_reads_back`]'s answer the plain way: every name compared
    /// with every other, every name and value checked, then the fields
    /// read into an entry ([`read_back_slow`]).
    fn full_check(entry: &Entry) -> Option<Option<Offset>> {
        let fields: Vec<_> = entry.written.iter().collect();
        for (i, field) in fields.iter().enumerate() {
            let kind = FieldKind::of(field.name);
            let open = matches!(kind, FieldKind::Experimental | FieldKind::Undefined);
            let repeated = fields[..i]
                .iter()
                .any(|f| f.name.eq_ignore_ascii_case(field.name));
            if repeated
                || (open && !lines::is_field_name(field.name.as_bytes()))
                || field.value.starts_with([' ', '\t'])
                || field.value.chars().any(|c| c.is_control() && c != '\t')
            {
                return None;
            }
        }
        read_back_slow(entry)
    }

    proptest::proptest! {
        #[test]
        fn the_one_pass_check_agrees_with_reading_back(
            fields in proptest::collection::vec((0_usize..64, 0_usize..64), 0..8),
            edits in proptest::collection::vec(0_usize..64, 0..3),
        ) {
            check_written_reads_back(&fields, &edits);
        }

        #[test]
        fn control_characters_are_found_as_chars_are(
            value in "[a\\t\\n\\x7F\\x{80}\\x{9F}\\x{A0}é日]{0,40}"
        ) {
            let expected = value.chars().any(|c| c.is_control() && c != '\t');
            proptest::prop_assert_eq!(has_control(&value), expected);
        }

        #[test]
        fn keywords_split_as_the_grammar_splits(value in "[a:, \t日]{0,16}") {
            let split: Vec<&str> = Keywords::of(&value).collect();
            proptest::prop_assert_eq!(split, values::keywords(&value));
        }

        #[test]
        fn a_chain_prints_as_its_text(value in "(GET|HEAD|REMOTE|FILE|X-Y|/|200|304| ){0,6}") {
            if let Ok(chain) = MethodChain::parse(&value) {
                proptest::prop_assert_eq!(prints_as(&chain, &value), chain.to_string() == value);
                proptest::prop_assert!(prints_as(&chain, &chain.to_string()));
            }
        }
    }

    proptest::proptest! {
        /// Told by the bytes or by the parse, the answer is
        /// [`block_entry`]'s: the same blocks make entries.
        #[test]
        fn a_block_makes_an_entry_exactly_when_block_entry_makes_one(
            url in "(https?|HTTP|ftp)://([a-z0-9A-Z.@:\\[\\]-]{0,9})(/[a-z0-9.%~?#@:;,=&+' <>{}|^-]{0,5}){0,3}"
        ) {
            let mut block = Block::new();
            block.push_field("URL", url.as_str());
            let made = block_entry(&block, &mut Vec::new()).is_some();
            proptest::prop_assert_eq!(block_makes_entry(&block), made, "{:?}", url);
        }
    }
}
