//! The `antenna` RSS 2.0 module: what a HINA-DI block or a LIRS record
//! says that RSS has no element for, carried in the item as written, so
//! that HINA-DI → RSS → HINA-DI and LIRS → RSS → LIRS give the source
//! back. The page `ANTENNA-MODULE.md` at the crate's root documents the
//! elements; this file writes and reads them.
//!
//! An item carries one of two lists, in the order of the source:
//! - `<antenna:hina name="N">V</antenna:hina>`, each field of the
//!   entity block as [`hina_di::block_from_entry`] writes it, lent by
//!   [`hina_di::block_fields_from_entry`] (the fields as written when
//!   they still read back, else the values);
//! - `<antenna:lirs name="N">V</antenna:lirs>`, the nine fields of the
//!   record as [`lirs::record_from_entry`] writes it, then each extra
//!   field, when the record holds the whole entry.
//!
//! The channel carries `<antenna:encoding>`, the encoding the source
//! was written in, which the feed's `encoding` takes back (an RSS file is
//! written in UTF-8). Read back, the fields are given to the formats' own
//! readers ([`hina_di::block_to_feed`], [`lirs::record_to_entry`]): a
//! field is parsed in one place.

use std::borrow::Cow;

use antenna_model::{Entry, Loss};

use crate::children::ExtensionChildren;
use crate::document::{ExtensionAttribute, ExtensionElement, ExtensionNode, Item};

/// The module's namespace: a UUID URN (RFC 9562, the `uuid` URN
/// namespace of RFC 4122), which needs no domain; see ANTENNA-MODULE.md.
pub const ANTENNA_NS: &str = "urn:uuid:f2287402-8710-442d-bab4-287db2f31ad2";
/// The prefix the writer declares for [`ANTENNA_NS`].
pub const ANTENNA_PREFIX: &str = "antenna";

/// A HINA-DI field.
const HINA: &str = "hina";
/// A LIRS record's field.
const LIRS: &str = "lirs";
/// The channel's source encoding.
const ENCODING: &str = "encoding";

/// The names of a LIRS record's nine fields (LIRS 2.1 §3.1-§3.9), then
/// the name of each field after the ninth.
const LIRS_FIELDS: [&str; 9] = [
    "Last-Modified",
    "Last-Detected",
    "Time-Difference",
    "Content-Length",
    "URL",
    "Title",
    "Author",
    "Source-URL",
    "Extension",
];
/// The name of a LIRS field after the ninth.
const LIRS_EXTRA: &str = "Extra";

/// `true` for an element of the module.
pub(crate) fn is_module(e: &ExtensionElement) -> bool {
    e.namespace.as_deref() == Some(ANTENNA_NS)
}

/// `true` when `entry` says something RSS 2.0 has no element for, so that
/// its item carries the module: fields as written beyond a URL, or a
/// value no RSS element holds. Checks fields only, allocating nothing.
pub(crate) fn carries(entry: &Entry) -> bool {
    let plain_item = entry
        .as_written
        .as_ref()
        .and_then(|w| w.downcast_ref::<Item>())
        .is_some_and(|item| !item.extensions.iter().any(is_module));
    if plain_item || !entry.names_page() {
        // An RSS item's own content is written back by RSS itself.
        return false;
    }
    entry.written.iter().any(|f| f.name != "URL")
        || entry.last_detected.is_some()
        || entry.generated.is_some()
        || entry.content_length.is_some()
        || entry.content_type.is_some()
        || entry.expires.is_some()
        || entry.authorized.is_some()
        || entry.method.is_some()
        || entry.server.is_some()
        || entry.virtual_url.is_some()
        || entry.image_width.is_some()
        || entry.image_height.is_some()
        || entry.hina_version.is_some()
        || !entry.extensions.is_empty()
        || entry.site_offset.is_some_and(|o| o.seconds() != 0) && entry.last_modified.is_none()
        || entry.title.is_none()
}

/// `<antenna:NAME name="name">value</antenna:NAME>`, `value` moved in;
/// the namespace, prefix and names lent, not copied (an item carries ten
/// or so of these).
fn element(kind: &'static str, name: Option<Cow<'static, str>>, value: String) -> ExtensionElement {
    ExtensionElement {
        namespace: Some(Cow::Borrowed(ANTENNA_NS)),
        prefix: Some(Cow::Borrowed(ANTENNA_PREFIX)),
        name: Cow::Borrowed(kind),
        attributes: name.map(name_attribute).into_iter().collect(),
        children: ExtensionChildren::text(value),
    }
}

/// An item's extension list written over in place: the elements of an
/// item written before overwritten in order, their attribute lists and
/// texts kept for their room, new ones pushed past them, those left
/// over let go at [`Fill::finish`] (issue #23: allocating and freeing
/// the ten module elements of each item was a fifth of converting LIRS
/// to RSS).
pub(crate) struct Fill<'a> {
    elements: &'a mut Vec<ExtensionElement>,
    /// Elements put so far: those before it are the new item's.
    next: usize,
}

impl<'a> Fill<'a> {
    /// Fills `elements` (those of an item written before, or none) from
    /// its start.
    pub(crate) fn new(elements: &'a mut Vec<ExtensionElement>) -> Self {
        Fill { elements, next: 0 }
    }

    /// Makes room for `more` elements at once.
    fn room(&mut self, more: usize) {
        let left = self.elements.len().saturating_sub(self.next);
        if more > left {
            self.elements.reserve_exact(more - left);
        }
    }

    /// Puts `<prefix:name attribute="value">text</prefix:name>` (in
    /// `namespace`; `attribute` a module element's `name`) next, its
    /// text what `text` writes: an empty text is a child too, as
    /// [`ExtensionChildren::text`] makes it.
    pub(crate) fn put(
        &mut self,
        (namespace, prefix, name): (&'static str, &'static str, &'static str),
        attribute: Option<Cow<'static, str>>,
        text: impl FnOnce(&mut String),
    ) {
        let Some(reused) = self.elements.get_mut(self.next) else {
            let mut value = String::new();
            text(&mut value);
            self.elements.push(ExtensionElement {
                namespace: Some(Cow::Borrowed(namespace)),
                prefix: Some(Cow::Borrowed(prefix)),
                name: Cow::Borrowed(name),
                attributes: attribute.map(name_attribute).into_iter().collect(),
                children: ExtensionChildren::text(value),
            });
            self.next += 1;
            return;
        };
        // Every field named, so that a field added to the element is
        // written over here too, not left from the item before.
        let ExtensionElement {
            namespace: reused_namespace,
            prefix: reused_prefix,
            name: reused_name,
            attributes,
            children,
        } = reused;
        *reused_namespace = Some(Cow::Borrowed(namespace));
        *reused_prefix = Some(Cow::Borrowed(prefix));
        *reused_name = Cow::Borrowed(name);
        attributes.clear();
        attributes.extend(attribute.map(name_attribute));
        if let [ExtensionNode::Text(value)] = children.as_mut_slice() {
            value.clear();
            text(value);
        } else {
            let mut value = String::new();
            text(&mut value);
            *children = ExtensionChildren::text(value);
        }
        self.next += 1;
    }

    /// Puts a module element of `kind` (see [`Fill::put`]).
    fn module(
        &mut self,
        kind: &'static str,
        name: Option<Cow<'static, str>>,
        text: impl FnOnce(&mut String),
    ) {
        self.put((ANTENNA_NS, ANTENNA_PREFIX, kind), name, text);
    }

    /// Lets go of the elements of the item before that were not written
    /// over.
    pub(crate) fn finish(self) {
        self.elements.truncate(self.next);
    }
}

/// The `name="name"` attribute of a module element.
fn name_attribute(name: Cow<'static, str>) -> ExtensionAttribute {
    ExtensionAttribute {
        namespace: None,
        prefix: None,
        name: Cow::Borrowed("name"),
        value: name,
    }
}

/// What of a written item's `elements` a [`Fill`] may write over: at
/// most [`POOL`] elements of a short text and one attribute at most, so
/// that what is held between items stays small.
pub(crate) fn pool(mut elements: Vec<ExtensionElement>) -> Vec<ExtensionElement> {
    elements.retain(|e| {
        e.attributes.len() <= 1
            && matches!(e.children.as_slice(), [ExtensionNode::Text(t)] if t.capacity() <= POOLED_TEXT)
    });
    elements.truncate(POOL);
    // The vector's room too: an item of many elements leaves it large.
    elements.shrink_to(POOL);
    elements
}

/// Elements kept for reuse between items: a LIRS record's module is ten,
/// a HINA-DI block's a dozen or so.
const POOL: usize = 32;
/// The most room a pooled element's text may hold (bytes).
const POOLED_TEXT: usize = 1024;

/// A HINA-DI field's name: the spec's constant when it is written as the
/// spec spells it (every field the writer makes but `X-` and undefined
/// ones), else a copy.
fn hina_name(name: &str) -> Cow<'static, str> {
    match hina_di::FieldKind::spec_spelling(name) {
        Some(spelling) if spelling == name => Cow::Borrowed(spelling),
        _ => Cow::Owned(name.to_owned()),
    }
}

/// Puts the module's elements for `entry` (one that [`carries`]) into
/// `fill` (an item's extensions), the losses of what they cannot hold
/// onto `losses`: the LIRS record when it holds the whole entry (no
/// loss), else the HINA-DI block.
pub(crate) fn push_elements(entry: &Entry, fill: &mut Fill<'_>, losses: &mut Vec<Loss>) {
    let hina_fields = entry.written.iter().any(|f| f.name != "URL");
    if !hina_fields {
        let mut record_losses = Vec::new();
        let record = lirs::record_ref_from_entry(entry, &mut record_losses);
        if record_losses.is_empty() {
            fill.room(LIRS_FIELDS.len() + record.extra.len());
            let [lm, ld, td, cl, url, title, author, source_url, extension] = LIRS_FIELDS;
            let mut put = |name: &'static str, text: &dyn Fn(&mut String)| {
                fill.module(LIRS, Some(Cow::Borrowed(name)), text);
            };
            put(lm, &|t| {
                t.push_str(&record.last_modified.seconds().to_string())
            });
            put(ld, &|t| {
                t.push_str(&record.last_detected.seconds().to_string())
            });
            put(td, &|t| t.push_str(&record.time_difference.to_string()));
            put(cl, &|t| t.push_str(&record.content_length.to_string()));
            put(url, &|t| t.push_str(&record.url));
            put(title, &|t| t.push_str(&record.title));
            put(author, &|t| t.push_str(&record.author));
            put(source_url, &|t| t.push_str(&record.source_url));
            put(extension, &|t| t.push_str(&record.extension));
            for extra in &record.extra {
                put(LIRS_EXTRA, &|t| t.push_str(extra));
            }
            return;
        }
    }
    // The block's fields lent one by one, not made into a block only to
    // be read pairwise (issue #23).
    let mut block_losses = Vec::new();
    fill.room(entry.written.len());
    hina_di::block_fields_from_entry(entry, &mut block_losses, |name, value| {
        fill.module(HINA, Some(hina_name(name)), |t| t.push_str(value));
    });
    // What HINA-DI has no field for but the item's RSS elements hold is
    // not lost: the source URL (`source`), the site's offset (`pubDate`).
    let key = entry.url.as_str();
    losses.extend(block_losses.into_iter().filter(|l| {
        let held_by_rss =
            l.field == "source_url" || l.field == "site_offset" && entry.last_modified.is_some();
        !(held_by_rss && l.entry.as_deref() == Some(key))
    }));
}

/// The entry the module elements of `item` carry, if any, its losses
/// pushed onto `losses`; `None` when the item carries none, or fields
/// that do not make an entry (with a loss).
pub(crate) fn entry_of(item: &Item, losses: &mut Vec<Loss>) -> Option<Entry> {
    let mut fields = item.extensions.iter().filter(|e| is_module(e)).peekable();
    let kind = fields.peek()?.name.clone();
    let key = item.link.clone().unwrap_or_default();
    let field =
        |e: &ExtensionElement| (e.attribute("name").unwrap_or_default().to_owned(), e.text());
    match &*kind {
        HINA => {
            let mut block = hina_di::Block::new();
            for (name, value) in fields.filter(|e| e.name == HINA).map(field) {
                block.push_field(name, value);
            }
            let converted = hina_di::block_to_feed(&block);
            losses.extend(converted.losses);
            converted.document
        }
        LIRS => {
            let values: Vec<(String, String)> =
                fields.filter(|e| e.name == LIRS).map(field).collect();
            match record_of(&values) {
                Some(record) => lirs::record_to_entry(&record, losses),
                None => {
                    losses.push(Loss::entry(
                        key.as_str(),
                        "antenna:lirs",
                        "the fields are not a LIRS record's (nine named in order, then extras, numbers where numbers go); the item's RSS elements were used",
                    ));
                    None
                }
            }
        }
        other => {
            losses.push(Loss::entry(
                key.as_str(),
                format!("antenna:{other}"),
                "not an element of the antenna module in an item; ignored",
            ));
            None
        }
    }
}

/// The LIRS record the `(name, value)` fields make, when they are the
/// nine fields in order, then extras, with numbers where numbers go.
fn record_of(fields: &[(String, String)]) -> Option<lirs::Record> {
    let (nine, extra) = fields.split_at_checked(LIRS_FIELDS.len())?;
    let [
        last_modified,
        last_detected,
        time_difference,
        content_length,
        url,
        title,
        author,
        source_url,
        extension,
    ]: &[(String, String); 9] = nine.try_into().ok()?;
    let named = LIRS_FIELDS.iter().zip(nine).all(|(n, (name, _))| n == name)
        && extra.iter().all(|(name, _)| name == LIRS_EXTRA);
    if !named {
        return None;
    }
    let time = |(_, v): &(String, String)| v.parse().ok().and_then(lirs::LirsTime::from_seconds);
    let mut record = lirs::Record::new(url.1.as_str());
    record.last_modified = time(last_modified)?;
    record.last_detected = time(last_detected)?;
    record.time_difference = time_difference.1.parse().ok()?;
    record.content_length = content_length.1.parse().ok()?;
    record.title.clone_from(&title.1);
    record.author.clone_from(&author.1);
    record.source_url.clone_from(&source_url.1);
    record.extension.clone_from(&extension.1);
    record.extra = extra.iter().map(|(_, v)| v.clone()).collect();
    Some(record)
}

/// `<antenna:encoding>`, the encoding the source was written in.
pub(crate) fn encoding_element(encoding: &str) -> ExtensionElement {
    element(ENCODING, None, encoding.to_owned())
}

/// The encoding `<antenna:encoding>` among `extensions` names.
pub(crate) fn encoding_of(extensions: &[ExtensionElement]) -> Option<String> {
    extensions
        .iter()
        .find(|e| is_module(e) && e.name == ENCODING)
        .map(|e| e.text().trim().to_owned())
        .filter(|e| !e.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(values: &[&str]) -> Vec<(String, String)> {
        LIRS_FIELDS
            .iter()
            .chain(std::iter::repeat(&LIRS_EXTRA))
            .zip(values)
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_fill_writes_over_the_elements_before_and_lets_the_rest_go() {
        let text = |t: &str| ExtensionChildren::text(t);
        let fresh = || {
            let mut elements = Vec::new();
            let mut fill = Fill::new(&mut elements);
            fill.module(LIRS, Some(Cow::Borrowed("URL")), |t| t.push_str("u/"));
            fill.module(ENCODING, None, |t| t.push_str(""));
            fill.finish();
            elements
        };
        let made = fresh();
        assert_eq!(
            made[0],
            element(LIRS, Some(Cow::Borrowed("URL")), "u/".to_owned())
        );
        assert_eq!(made[1], element(ENCODING, None, String::new()));
        // Over three elements of other shapes: the same two.
        let mut other = ExtensionElement {
            namespace: None,
            prefix: Some(Cow::Owned("p".to_owned())),
            name: Cow::Owned("n".to_owned()),
            attributes: vec![name_attribute(Cow::Borrowed("a")); 2],
            children: text("long text"),
        };
        other.children.push(ExtensionNode::Text("more".to_owned()));
        let mut elements = vec![other.clone(), other.clone(), other];
        let mut fill = Fill::new(&mut elements);
        fill.module(LIRS, Some(Cow::Borrowed("URL")), |t| t.push_str("u/"));
        fill.module(ENCODING, None, |t| t.push_str(""));
        fill.finish();
        assert_eq!(elements, made);
    }

    #[test]
    fn a_lirs_record_is_nine_named_fields_then_extras() {
        // LIRS 2.1 §3's example record, with one extra field.
        let ok = fields(&[
            "938779260",
            "938781002",
            "32400",
            "49383",
            "http://hiya.ouchi.to/n/",
            "Tadayo Memories",
            "Hiya",
            "http://amano.hauN.org/",
            "blah blah",
            "more",
        ]);
        let record = record_of(&ok).unwrap();
        assert_eq!(record.last_detected.seconds(), 938_781_002);
        assert_eq!(record.time_difference, 32400);
        assert_eq!(record.source_url, "http://amano.hauN.org/");
        assert_eq!(record.extra, ["more"]);
        // Eight fields, a field out of order, a word where a number goes.
        assert!(record_of(&ok[..8]).is_none());
        let mut swapped = ok.clone();
        swapped.swap(0, 1);
        assert!(record_of(&swapped).is_none());
        let mut word = ok;
        word[3].1 = "big".to_owned();
        assert!(record_of(&word).is_none());
    }
}
