//! Start tags: the frame each element opens, by what its parent holds
//! (RSS's vocabulary under `<rss>`, `<channel>`, `<item>`, `<image>`,
//! `<textInput>`, `<skipHours>`, `<skipDays>`; extensions anywhere), and
//! the attributes of `<cloud>` and `<enclosure>`, which hold no text.

use std::borrow::Cow;
use std::ops::Range;

use quick_xml::events::BytesStart;
use quick_xml::name::Prefix;
use quick_xml::reader::Reader;

use super::attributes::{Attr, split_name};
use super::frames::{Field, Frame, Innermost, Name, Open, RSS_NAMESPACES, innermost, text_frame};
use super::text::trimmed;
use super::{Parser, Stop};
use crate::ExtensionChildren;
use crate::document::{
    Channel, Cloud, Enclosure, ExtensionElement, Item, NamespaceDecl, TextInput, TextInputSpelling,
    parse_number,
};
use crate::namespaces::Namespaces;
use crate::rules;
use crate::xml_chars::is_name;

/// The `version` values of the RSS family this crate reads.
const KNOWN_VERSIONS: [&str; 3] = ["2.0", "0.91", "0.92"];

impl<'a> Parser<'a> {
    /// A start tag (`empty` for `<x/>`): a new frame on the stack.
    pub(super) fn start(
        &mut self,
        reader: &Reader<&[u8]>,
        namespaces: &mut Namespaces,
        tag: &BytesStart<'_>,
        span: Range<usize>,
        empty: bool,
    ) -> Result<(), Stop> {
        // First, as `NsReader` did while reading the tag: the bindings it
        // declares (a bad one is an error of the reader, at its error
        // position).
        if let Err(error) = namespaces.open(tag, self.stack.len() + 1) {
            let at = usize::try_from(reader.error_position()).unwrap_or(span.start);
            self.reporter.fatal(
                rules::NOT_WELL_FORMED,
                at..at,
                format!("not well-formed XML: {}", quick_xml::Error::from(error)),
            );
            return Err(Stop);
        }
        if self.stack.len() >= self.max_depth {
            self.reporter.fatal(
                rules::TOO_DEEP,
                span,
                format!("elements nest deeper than {} levels", self.max_depth),
            );
            return Err(Stop);
        }
        let qname = tag.name();
        let qualified = qname.0;
        if !is_name(qualified) {
            self.reporter.fatal(
                rules::NOT_WELL_FORMED,
                span,
                format!("`{qualified}` is not an XML name (XML 1.0 §2.3)"),
            );
            return Err(Stop);
        }
        // One split of the name serves both the prefix and the resolution
        // (`resolve_element` is `resolve_prefix` of the same split).
        let (local, prefix) = split_name(qname);
        let resolved = namespaces.resolve(prefix, true);
        let prefix = prefix.map(Prefix::into_inner);
        if prefix.is_some_and(|p| p == "xmlns") {
            // Namespaces in XML 1.0 §3: "Element names MUST NOT have the
            // prefix xmlns." Kept, it could not be written back.
            self.reporter.fatal(
                rules::NOT_WELL_FORMED,
                span,
                format!("<{qualified}>: element names must not have the prefix `xmlns` (Namespaces in XML 1.0 \u{a7}3)"),
            );
            return Err(Stop);
        }
        let (decls, attrs) = self.resolve_attributes(namespaces, tag, &span)?;
        let namespace = self.namespace_of(resolved, namespaces.uris_normalized(), &span, |p| {
            format!("the prefix `{p}` of <{qualified}> is not declared")
        });
        let rss = prefix.is_none()
            && namespace
                .as_deref()
                .is_none_or(|ns| RSS_NAMESPACES.contains(&ns));
        let name = Name {
            namespace,
            prefix,
            local,
            rss,
        };
        let frame = self.open_frame(name, decls, attrs, &span);
        if matches!(frame, Frame::Text { .. }) {
            self.field_text.clear();
        }
        let name = self.name_at(span.start, qualified);
        let span_end = span.end;
        self.stack.push(Open { frame, span, name });
        if empty {
            self.end(namespaces, span_end..span_end)?;
        }
        Ok(())
    }

    /// The qualified name `name` of the start tag at `at`, borrowed from
    /// the text: quick-xml reads a tag's name right after its `<`. Were that
    /// ever not so, the name is copied.
    fn name_at(&self, at: usize, name: &str) -> Cow<'a, str> {
        let text = self.text;
        match text.get(at + 1..at + 1 + name.len()) {
            // The same bytes of the text (quick-xml's names borrow from
            // it), so no comparison of their contents.
            Some(borrowed) if borrowed.as_ptr() == name.as_ptr() => Cow::Borrowed(borrowed),
            _ => Cow::Owned(name.to_owned()),
        }
    }

    /// The frame for a new child of the innermost open element.
    fn open_frame(
        &mut self,
        name: Name<'_>,
        decls: Vec<NamespaceDecl>,
        attrs: Vec<Attr<'_>>,
        span: &Range<usize>,
    ) -> Frame {
        let local = name.local;
        let parent = self.stack.last().map(|o| (&o.frame, &o.name));
        match parent {
            None => {
                if self.seen_rss {
                    self.reporter.fatal(
                        rules::NOT_WELL_FORMED,
                        span.clone(),
                        "a second root element",
                    );
                    return Frame::Ignored;
                }
                self.seen_rss = true;
                if !(name.rss && local == "rss") {
                    let message = match (&name.namespace, name.prefix) {
                        (Some(ns), _) if local == "rss" => format!(
                            "the root element is <rss> in the namespace `{ns}`; RSS's <rss> has no namespace"
                        ),
                        (_, Some(prefix)) if local == "rss" => {
                            format!("the root element is <{prefix}:rss>; RSS's <rss> has no prefix")
                        }
                        _ => format!("the root element is <{local}>, not <rss>"),
                    };
                    self.reporter.fatal(rules::NOT_RSS, span.clone(), message);
                    return Frame::Ignored;
                }
                if let Some(ns) = &name.namespace {
                    self.reporter.departure(
                        rules::RSS_IN_NAMESPACE,
                        span.clone(),
                        format!(
                            "RSS's elements are in the namespace `{ns}` (an early RSS 2.0 draft's); read as RSS 2.0, whose elements have no namespace"
                        ),
                    );
                }
                self.doc.namespaces = decls;
                for attr in attrs {
                    if attr.prefix.is_none() && attr.local == "version" {
                        self.doc.version = Some(trimmed(&attr.value));
                    } else {
                        self.doc.attributes.push(attr.into_extension());
                    }
                }
                match self.doc.version.as_deref() {
                    None => self.reporter.departure(
                        rules::MISSING_ATTRIBUTE,
                        span.clone(),
                        "<rss> has no version attribute",
                    ),
                    Some(v) if !KNOWN_VERSIONS.contains(&v) => self.reporter.departure(
                        rules::BAD_VERSION,
                        span.clone(),
                        format!("version `{v}` is not 2.0, 0.92 or 0.91"),
                    ),
                    Some(_) => {}
                }
                Frame::Rss
            }
            Some((Frame::Rss, _)) => {
                if name.rss && local == "channel" {
                    if self.seen_channel {
                        // RSS 2.0.1 §What is RSS?: "Subordinate to the
                        // <rss> element is a single <channel> element";
                        // keeping either one would be a guess.
                        self.reporter.fatal(
                            rules::DUPLICATE_ELEMENT,
                            span.clone(),
                            "a second <channel>",
                        );
                        return Frame::Ignored;
                    }
                    self.seen_channel = true;
                    let channel = Channel {
                        attributes: attrs.into_iter().map(Attr::into_extension).collect(),
                        ..Channel::default()
                    };
                    return Frame::Channel(Box::new(channel));
                }
                self.extension(name, attrs, span)
            }
            Some((Frame::Channel(_), _)) if name.rss => {
                let field = match local {
                    "title" => Field::Title,
                    "link" => Field::Link,
                    "description" => Field::Description,
                    "language" => Field::Language,
                    "copyright" => Field::Copyright,
                    "managingEditor" => Field::ManagingEditor,
                    "webMaster" => Field::WebMaster,
                    "pubDate" => Field::PubDate,
                    "lastBuildDate" => Field::LastBuildDate,
                    "generator" => Field::Generator,
                    "docs" => Field::Docs,
                    "ttl" => Field::Ttl,
                    "rating" => Field::Rating,
                    "category" => Field::Category,
                    "cloud" => {
                        self.cloud(attrs, span);
                        return text_frame(Field::Empty, None);
                    }
                    "image" => {
                        self.no_attributes(attrs, local, span);
                        return Frame::Image(Box::default());
                    }
                    "textInput" | "textinput" => {
                        self.no_attributes(attrs, local, span);
                        let spelling = if local == "textInput" {
                            TextInputSpelling::TextInput
                        } else {
                            self.reporter.departure(
                                rules::UNKNOWN_ELEMENT,
                                span.clone(),
                                "<textinput> is RSS 0.91's spelling, not an RSS 2.0 element; read as <textInput>",
                            );
                            TextInputSpelling::Lowercase
                        };
                        return Frame::TextInput(Box::new(TextInput {
                            spelling,
                            ..TextInput::default()
                        }));
                    }
                    "skipHours" => {
                        self.no_attributes(attrs, local, span);
                        return Frame::SkipHours(Vec::new());
                    }
                    "skipDays" => {
                        self.no_attributes(attrs, local, span);
                        return Frame::SkipDays(Vec::new());
                    }
                    "item" => {
                        let item = Item {
                            attributes: attrs.into_iter().map(Attr::into_extension).collect(),
                            ..Item::default()
                        };
                        // Read in place (see `Frame::Item`).
                        let (read, left) = (span.start, self.text.len().saturating_sub(span.start));
                        if let Some(Frame::Channel(channel)) =
                            self.stack.last_mut().map(|o| &mut o.frame)
                        {
                            reserve_item(&mut channel.items, read, left);
                            channel.items.push(item);
                        }
                        return Frame::Item;
                    }
                    _ => return self.extension(name, attrs, span),
                };
                self.field_frame(field, local, attrs, span)
            }
            Some((Frame::Item, _)) if name.rss => {
                let field = match local {
                    "title" => Field::Title,
                    "link" => Field::Link,
                    "description" => Field::Description,
                    "author" => Field::Author,
                    "category" => Field::Category,
                    "comments" => Field::Comments,
                    "guid" => Field::Guid,
                    "pubDate" => Field::PubDate,
                    "source" => Field::Source,
                    "enclosure" => {
                        self.enclosure(attrs, span);
                        return text_frame(Field::Empty, None);
                    }
                    _ => return self.extension(name, attrs, span),
                };
                self.field_frame(field, local, attrs, span)
            }
            Some((Frame::Image(_), _)) if name.rss => {
                let field = match local {
                    "url" => Field::Url,
                    "title" => Field::Title,
                    "link" => Field::Link,
                    "width" => Field::Width,
                    "height" => Field::Height,
                    "description" => Field::Description,
                    _ => return self.extension(name, attrs, span),
                };
                self.field_frame(field, local, attrs, span)
            }
            Some((Frame::TextInput(_), _)) if name.rss => {
                let field = match local {
                    "title" => Field::Title,
                    "description" => Field::Description,
                    "name" => Field::Name,
                    "link" => Field::Link,
                    _ => return self.extension(name, attrs, span),
                };
                self.field_frame(field, local, attrs, span)
            }
            Some((Frame::SkipHours(_), _)) if name.rss && local == "hour" => {
                self.field_frame(Field::Hour, local, attrs, span)
            }
            Some((Frame::SkipDays(_), _)) if name.rss && local == "day" => {
                self.field_frame(Field::Day, local, attrs, span)
            }
            Some((
                Frame::Channel(_)
                | Frame::Item
                | Frame::Image(_)
                | Frame::TextInput(_)
                | Frame::Extension(_),
                _,
            )) => self.extension(name, attrs, span),
            Some((Frame::Ignored | Frame::Markup { .. }, _)) => Frame::Ignored,
            Some((Frame::Text { markup_warned, .. }, parent)) => {
                // Feeds write XHTML into <description> unescaped; readers
                // (feedparser among them) keep it as the text. So does this
                // one, as written, and says so, once a text element.
                if !markup_warned {
                    let qualified = match name.prefix {
                        Some(p) => format!("{p}:{local}"),
                        None => local.to_owned(),
                    };
                    let message = format!(
                        "<{qualified}> inside <{parent}>, which holds text: markup kept as its source text (escape it or use CDATA)"
                    );
                    if let Some(Open {
                        frame: Frame::Text { markup_warned, .. },
                        ..
                    }) = self.stack.last_mut()
                    {
                        *markup_warned = true;
                    }
                    self.reporter
                        .departure(rules::MARKUP_IN_TEXT, span.clone(), message);
                }
                Frame::Markup { start: span.start }
            }
            Some((Frame::SkipHours(_) | Frame::SkipDays(_), parent)) => {
                let qualified = match name.prefix {
                    Some(p) => format!("{p}:{local}"),
                    None => local.to_owned(),
                };
                let message =
                    format!("<{qualified}> inside <{parent}>, which holds only text; dropped");
                self.reporter
                    .departure(rules::UNEXPECTED_CONTENT, span.clone(), message);
                Frame::Ignored
            }
        }
    }

    /// A frame for an extension element; an un-namespaced one is warned
    /// about (RSS 2.0.1 §Extending RSS: elements not described in the spec
    /// must be in a namespace).
    fn extension(&mut self, name: Name<'_>, attrs: Vec<Attr<'_>>, span: &Range<usize>) -> Frame {
        if name.rss
            && !matches!(
                self.stack.last().map(|o| &o.frame),
                Some(Frame::Extension(_))
            )
        {
            self.reporter.departure(
                rules::UNKNOWN_ELEMENT,
                span.clone(),
                format!(
                    "<{}> is not an RSS 2.0 element here and is in no namespace; kept as an extension",
                    name.local
                ),
            );
        }
        let attributes = if attrs.is_empty() {
            Vec::new()
        } else {
            attrs.into_iter().map(Attr::into_extension).collect()
        };
        Frame::Extension(Box::new(ExtensionElement {
            namespace: name.namespace.map(|ns| Cow::Owned(ns.into_owned())),
            prefix: name.prefix.map(|p| Cow::Owned(p.to_owned())),
            name: Cow::Owned(name.local.to_owned()),
            attributes,
            children: ExtensionChildren::new(),
        }))
    }

    /// The frame of a text field, keeping the one attribute it may have
    /// (`domain`, `isPermaLink`, `url`).
    fn field_frame(
        &mut self,
        field: Field,
        element: &str,
        attrs: Vec<Attr<'_>>,
        span: &Range<usize>,
    ) -> Frame {
        if attrs.is_empty() && field != Field::Source {
            // Most fields: no attribute to keep, report or miss.
            return text_frame(field, None);
        }
        let wanted = match field {
            Field::Category => Some("domain"),
            Field::Guid => Some("isPermaLink"),
            Field::Source => Some("url"),
            _ => None,
        };
        let mut kept = None;
        for attr in attrs {
            if attr.prefix.is_none() && Some(attr.local) == wanted && kept.is_none() {
                kept = Some(trimmed(&attr.value));
            } else {
                self.unknown_attribute(&attr, element, span);
            }
        }
        if field == Field::Source && kept.is_none() {
            self.reporter.departure(
                rules::MISSING_ATTRIBUTE_SOURCE,
                span.clone(),
                "<source> has no url attribute",
            );
        }
        if field == Field::Guid
            && let Some(value) = &kept
            && value != "true"
            && value != "false"
        {
            self.reporter.departure(
                rules::BAD_NUMBER_GUID,
                span.clone(),
                format!("isPermaLink is `{value}`, not `true` or `false`"),
            );
        }
        text_frame(field, kept)
    }

    /// `<cloud>`: its attributes, stored in the channel.
    fn cloud(&mut self, attrs: Vec<Attr<'_>>, span: &Range<usize>) {
        let names = ["domain", "port", "path", "registerProcedure", "protocol"];
        let [domain, port, path, register_procedure, protocol] =
            self.take_attributes(attrs, "cloud", &names, span);
        let cloud = Cloud {
            domain,
            port,
            path,
            register_procedure,
            protocol,
        };
        if let Some(port) = &cloud.port
            && parse_number(port).is_none_or(|p| p == 0 || p > 65535)
        {
            self.reporter.departure(
                rules::BAD_NUMBER_CLOUD,
                span.clone(),
                format!("the cloud port `{port}` is not a port number"),
            );
        }
        let Some(Frame::Channel(channel)) = self.stack.last_mut().map(|o| &mut o.frame) else {
            return;
        };
        if channel.cloud.is_some() {
            self.reporter.departure(
                rules::DUPLICATE_ELEMENT_CHANNEL,
                span.clone(),
                "a second <cloud>; the first is kept",
            );
        } else {
            channel.cloud = Some(cloud);
        }
    }

    /// `<enclosure>`: its attributes, stored in the item.
    fn enclosure(&mut self, attrs: Vec<Attr<'_>>, span: &Range<usize>) {
        let names = ["url", "length", "type"];
        let [url, length, type_] = self.take_attributes(attrs, "enclosure", &names, span);
        let enclosure = Enclosure { url, length, type_ };
        if let Some(length) = &enclosure.length
            && parse_number(length).is_none()
        {
            self.reporter.departure(
                rules::BAD_NUMBER_ENCLOSURE,
                span.clone(),
                format!("the enclosure length `{length}` is not a number of bytes"),
            );
        }
        if let Some(url) = &enclosure.url {
            self.check_url(url, "enclosure url", rules::BAD_URL_ENCLOSURE, span);
        }
        if let Some(type_) = &enclosure.type_
            && !is_media_type(type_)
        {
            self.reporter.departure(
                rules::BAD_MEDIA_TYPE,
                span.clone(),
                format!("the enclosure type `{type_}` is not a MIME type (`type/subtype`)"),
            );
        }
        let Some(Innermost::Item(item)) = innermost(&mut self.stack) else {
            return;
        };
        if item.enclosures.len() == 1 {
            // RSS 2.0.1 allows one enclosure per item (the RSS Profile
            // notes readers differ); podcast feeds carry several and
            // readers return them all: kept, and said once an item, at
            // the second (a warning each would hold one diagnostic an
            // enclosure until the document is read: issue #28).
            self.reporter.departure(
                rules::SEVERAL_ENCLOSURES,
                span.clone(),
                "a second <enclosure> in one item, which RSS 2.0.1 allows once; kept",
            );
        }
        // Nearly every item has one enclosure at most: room for one, not
        // the four a first push makes (peak memory). Only for the first:
        // reserving one more at each push would copy the list at each.
        if item.enclosures.is_empty() {
            item.enclosures.reserve_exact(1);
        }
        item.enclosures.push(enclosure);
    }
}

/// `type/subtype` with RFC 2045 tokens, parameters allowed after `;`: what
/// RSS 2.0.1 means by "type says what its type is, a standard MIME type".
pub(super) fn is_media_type(value: &str) -> bool {
    let essence = match memchr::memchr(b';', value.as_bytes()) {
        Some(semicolon) => value.get(..semicolon).unwrap_or(value),
        None => value,
    };
    let essence = essence.trim().as_bytes();
    let Some(slash) = essence.iter().position(|&b| b == b'/') else {
        return false;
    };
    let (kind, subtype) = essence.split_at(slash);
    is_token(kind) && is_token(subtype.get(1..).unwrap_or_default())
}

/// The bytes an RFC 2045 token may hold: ASCII graphic characters other
/// than the tspecials `()<>@,;:\"/[]?=`, looked up.
#[expect(
    clippy::indexing_slicing,
    reason = "b < 256, the length; a const block has no `get_mut`"
)]
const TOKEN_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0x21u8;
    while b < 0x7F {
        table[b as usize] = !matches!(
            b,
            b'(' | b')'
                | b'<'
                | b'>'
                | b'@'
                | b','
                | b';'
                | b':'
                | b'\\'
                | b'"'
                | b'/'
                | b'['
                | b']'
                | b'?'
                | b'='
        );
        b += 1;
    }
    table
};

/// An RFC 2045 token: one or more of [`TOKEN_BYTES`].
fn is_token(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && bytes
            .iter()
            .all(|&b| TOKEN_BYTES.get(usize::from(b)) == Some(&true))
}

/// Room for one more item in `items`, the list of a channel whose text
/// has `read` bytes before this item's start tag and `left` from it on.
///
/// A full list grows by the items the rest of the text holds at the
/// average size read so far, at least an eighth of the list: a list
/// doubled at the end holds up to twice the items, an item being some
/// 300 bytes (peak memory of `check` on a 5,000-item feed, issue #23).
/// Every item read took at least `<item/>`'s 7 bytes, so the estimate is
/// never more items than the rest of the text could hold.
fn reserve_item(items: &mut Vec<Item>, read: usize, left: usize) {
    let len = items.len();
    if len < 4 || len < items.capacity() {
        return;
    }
    let per_item = (read / len).max(1);
    items.reserve_exact((left / per_item).max(len / 8).max(1));
}

#[cfg(test)]
mod tests {
    use super::{is_media_type, is_token, reserve_item};
    use crate::document::Item;

    /// A feed of `n` items of the same size.
    fn items(n: usize) -> Vec<Item> {
        let items: String = (0..n)
            .map(|i| format!("<item><title>t{i:05}</title></item>\n"))
            .collect();
        let xml = format!(
            "<rss version=\"2.0\"><channel><title>t</title><link>http://e.example/</link><description>d</description>\n{items}</channel></rss>"
        );
        let parsed = crate::read(xml.as_bytes(), &crate::ReadOptions::default()).unwrap();
        parsed.document.channel.items
    }

    /// The item list grows to about the items the text holds, not to the
    /// next power of two (1,100 items would have room for 2,048): at most
    /// an eighth more.
    #[test]
    fn item_list_has_room_for_about_the_items_written() {
        for n in [1, 4, 5, 100, 1_100] {
            let items = items(n);
            assert_eq!(items.len(), n);
            assert!(
                items.capacity() <= n + n / 8 + 4,
                "{n}: {}",
                items.capacity()
            );
        }
    }

    /// The estimate never counts more items than the rest of the text
    /// could hold at `<item/>`'s 7 bytes each: four items in 28 bytes,
    /// then 700 bytes left, is room for at most 100 more.
    #[test]
    fn item_estimate_is_bounded_by_the_text_left() {
        let mut list = vec![Item::default(); 4];
        list.shrink_to_fit();
        reserve_item(&mut list, 28, 700);
        assert!(list.capacity() >= 5);
        assert!(list.capacity() <= 104, "{}", list.capacity());
        // Not full: nothing is reserved.
        let before = list.capacity();
        reserve_item(&mut list, 28, 1_000_000);
        assert_eq!(list.capacity(), before);
    }

    /// An item's enclosures and extension elements: room for exactly one
    /// when there is one (peak memory), and room grown by doubling past
    /// it, not one more at each (which would copy the list at each).
    #[test]
    fn item_lists_hold_one_exactly_and_grow_by_doubling() {
        let item = |n: usize| {
            let children: String = (0..n)
                .map(|i| format!("<enclosure url=\"http://e.example/{i}\" length=\"1\" type=\"a/b\"/><dc:x>{i}</dc:x>"))
                .collect();
            let xml = format!(
                "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><channel><title>t</title><link>http://e.example/</link><description>d</description><item><title>t</title>{children}</item></channel></rss>"
            );
            let parsed = crate::read(xml.as_bytes(), &crate::ReadOptions::default()).unwrap();
            parsed.document.channel.items.into_iter().next().unwrap()
        };
        let one = item(1);
        assert_eq!(one.enclosures.capacity(), 1);
        assert_eq!(one.extensions.capacity(), 1);
        let five = item(5);
        assert_eq!(five.enclosures.len(), 5);
        assert_eq!(five.enclosures.capacity(), 8);
        assert_eq!(five.extensions.capacity(), 8);
    }

    #[test]
    fn token_bytes_are_graphic_ascii_but_tspecials() {
        for b in 0..=u8::MAX {
            let spec = b.is_ascii_graphic() && !br#"()<>@,;:\"/[]?="#.contains(&b);
            assert_eq!(is_token(&[b]), spec, "{b:#04x}");
        }
        assert!(!is_token(b""));
        assert!(is_token(b"x-mpeg+1.0"));
    }

    #[test]
    fn media_types_are_type_slash_subtype() {
        for good in [
            "audio/mpeg",
            "video/quicktime",
            "text/html; charset=utf-8",
            "application/x-bittorrent",
        ] {
            assert!(is_media_type(good), "{good}");
        }
        for bad in ["mp3", "audio/", "/mpeg", "audio mpeg/x", "", "a/b/c"] {
            assert!(!is_media_type(bad), "{bad}");
        }
    }
}
