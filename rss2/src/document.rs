//! The document model: what an RSS file says, as written.
//!
//! Every value is kept as the string the file wrote, after XML unescaping
//! and with leading and trailing XML white space (space, tab, CR, LF)
//! removed, as the conformance protocol says. Typed accessors
//! ([`Channel::ttl_minutes`], [`Item::pub_date_parsed`], ...) read them.
//! An element or attribute that the file did not write is `None`, so that
//! "absent" and "empty" stay apart.

use std::borrow::Cow;

use antenna_model::dates::{ParsedDate, parse_date};

use crate::children::ExtensionChildren;

use crate::xml_chars::is_xml_space;

/// Namespace of `content:encoded`.
pub const CONTENT_NS: &str = "http://purl.org/rss/1.0/modules/content/";
/// Namespace of Dublin Core (`dc:creator`, `dc:date`).
pub const DC_NS: &str = "http://purl.org/dc/elements/1.1/";
/// Namespace of Atom (`atom:link`).
pub const ATOM_NS: &str = "http://www.w3.org/2005/Atom";

/// A whole RSS document.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    /// The `version` attribute of `<rss>` as written (`2.0`, `0.91`,
    /// `0.92`, ...), `None` when the attribute is absent.
    pub version: Option<String>,
    /// The namespace declarations written on `<rss>`, in order; they are
    /// written back on `<rss>`.
    pub namespaces: Vec<NamespaceDecl>,
    /// Attributes of `<rss>` other than `version` and namespace
    /// declarations, in order.
    pub attributes: Vec<ExtensionAttribute>,
    /// The encoding the input was read in (its encoding_rs name, e.g.
    /// `UTF-8`, `EUC-JP`); informative only, the writer writes UTF-8.
    pub encoding: Option<String>,
    /// The channel.
    pub channel: Channel,
    /// Elements under `<rss>` after (or before) the channel, kept as
    /// extensions.
    pub extensions: Vec<ExtensionElement>,
}

/// A namespace declaration: `xmlns:prefix="uri"`, or `xmlns="uri"` when
/// `prefix` is `None`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NamespaceDecl {
    /// The prefix declared, `None` for the default namespace.
    pub prefix: Option<String>,
    /// The namespace URI.
    pub uri: String,
}

/// The `<channel>` element.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Channel {
    /// `title` (required by the spec).
    pub title: Option<String>,
    /// `link` (required by the spec).
    pub link: Option<String>,
    /// `description` (required by the spec).
    pub description: Option<String>,
    /// `language`.
    pub language: Option<String>,
    /// `copyright`.
    pub copyright: Option<String>,
    /// `managingEditor`.
    pub managing_editor: Option<String>,
    /// `webMaster`.
    pub web_master: Option<String>,
    /// `pubDate`, as written.
    pub pub_date: Option<String>,
    /// `lastBuildDate`, as written.
    pub last_build_date: Option<String>,
    /// `category` elements, in order.
    pub categories: Vec<Category>,
    /// `generator`.
    pub generator: Option<String>,
    /// `docs`.
    pub docs: Option<String>,
    /// `cloud`.
    pub cloud: Option<Cloud>,
    /// `ttl`, as written.
    pub ttl: Option<String>,
    /// `image`.
    pub image: Option<Image>,
    /// `rating` (a PICS rating).
    pub rating: Option<String>,
    /// `textInput` (or `textinput`).
    pub text_input: Option<TextInput>,
    /// The `hour` values of `skipHours`, as written; `None` without
    /// `skipHours`.
    pub skip_hours: Option<Vec<String>>,
    /// The `day` values of `skipDays`, as written; `None` without `skipDays`.
    pub skip_days: Option<Vec<String>>,
    /// The items, in order.
    pub items: Vec<Item>,
    /// Attributes of `<channel>` (RSS defines none), in order.
    pub attributes: Vec<ExtensionAttribute>,
    /// Elements outside RSS's vocabulary, in order.
    pub extensions: Vec<ExtensionElement>,
}

/// A `<category>`, of a channel or an item.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Category {
    /// The `domain` attribute.
    pub domain: Option<String>,
    /// The category path.
    pub value: String,
}

/// The `<cloud>` element; every attribute is required by the spec but kept
/// as written (`None` when absent).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cloud {
    /// `domain`.
    pub domain: Option<String>,
    /// `port`.
    pub port: Option<String>,
    /// `path`.
    pub path: Option<String>,
    /// `registerProcedure`.
    pub register_procedure: Option<String>,
    /// `protocol`.
    pub protocol: Option<String>,
}

/// The `<image>` element.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Image {
    /// `url`.
    pub url: Option<String>,
    /// `title`.
    pub title: Option<String>,
    /// `link`.
    pub link: Option<String>,
    /// `width`, as written.
    pub width: Option<String>,
    /// `height`, as written.
    pub height: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// Elements outside RSS's vocabulary inside `<image>`, in order.
    pub extensions: Vec<ExtensionElement>,
}

/// The default image width (RSS 2.0.1 §`<image>`: "If not included, the
/// default value for width is 88").
pub const DEFAULT_IMAGE_WIDTH: u32 = 88;
/// The default image height ("the default value for height is 31").
pub const DEFAULT_IMAGE_HEIGHT: u32 = 31;
/// The largest image width the spec allows.
pub const MAX_IMAGE_WIDTH: u32 = 144;
/// The largest image height the spec allows.
pub const MAX_IMAGE_HEIGHT: u32 = 400;

impl Image {
    /// The width in pixels: the written number, else 88. `None` when the
    /// written value is not a number.
    pub fn width_pixels(&self) -> Option<u32> {
        match &self.width {
            None => Some(DEFAULT_IMAGE_WIDTH),
            Some(w) => parse_number(w).and_then(|n| u32::try_from(n).ok()),
        }
    }

    /// The height in pixels: the written number, else 31. `None` when the
    /// written value is not a number.
    pub fn height_pixels(&self) -> Option<u32> {
        match &self.height {
            None => Some(DEFAULT_IMAGE_HEIGHT),
            Some(h) => parse_number(h).and_then(|n| u32::try_from(n).ok()),
        }
    }
}

/// How the text input element was spelled, kept for the round trip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextInputSpelling {
    /// `textInput`, as the spec spells it.
    #[default]
    TextInput,
    /// `textinput`, as RSS 0.91 files and many real ones spell it.
    Lowercase,
}

impl TextInputSpelling {
    /// The element name.
    pub fn as_str(self) -> &'static str {
        match self {
            TextInputSpelling::TextInput => "textInput",
            TextInputSpelling::Lowercase => "textinput",
        }
    }
}

/// The `<textInput>` element.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TextInput {
    /// `title`.
    pub title: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `name`.
    pub name: Option<String>,
    /// `link`.
    pub link: Option<String>,
    /// How the element was spelled.
    pub spelling: TextInputSpelling,
    /// Elements outside RSS's vocabulary inside it, in order.
    pub extensions: Vec<ExtensionElement>,
}

/// An `<item>`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Item {
    /// `title`.
    pub title: Option<String>,
    /// `link`.
    pub link: Option<String>,
    /// `description` (HTML kept as text, never interpreted).
    pub description: Option<String>,
    /// `author`.
    pub author: Option<String>,
    /// `category` elements, in order.
    pub categories: Vec<Category>,
    /// `comments`.
    pub comments: Option<String>,
    /// `enclosure` elements, in order. RSS 2.0.1 allows one; podcast feeds
    /// carry several and readers take them all, so all are kept (the
    /// reader warns about the second).
    pub enclosures: Vec<Enclosure>,
    /// `guid`.
    pub guid: Option<Guid>,
    /// `pubDate`, as written.
    pub pub_date: Option<String>,
    /// `source`.
    pub source: Option<Source>,
    /// Attributes of `<item>` (RSS defines none), in order.
    pub attributes: Vec<ExtensionAttribute>,
    /// Elements outside RSS's vocabulary, in order.
    pub extensions: Vec<ExtensionElement>,
}

/// The `<enclosure>` element: all three attributes are required by the
/// spec, kept as written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Enclosure {
    /// `url`.
    pub url: Option<String>,
    /// `length` (bytes), as written.
    pub length: Option<String>,
    /// `type` (a MIME type).
    pub type_: Option<String>,
}

impl Enclosure {
    /// The length in bytes, when it is a number.
    pub fn length_bytes(&self) -> Option<u64> {
        self.length.as_deref().and_then(parse_number)
    }
}

/// The `<guid>` element.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Guid {
    /// The identifier.
    pub value: String,
    /// The `isPermaLink` attribute as written, `None` when absent.
    pub is_perma_link: Option<String>,
}

impl Guid {
    /// Whether the guid is a permalink: `isPermaLink` defaults to true
    /// (RSS 2.0.1 §`<guid>`); only the value `false` makes it false.
    pub fn is_permalink(&self) -> bool {
        self.is_perma_link.as_deref() != Some("false")
    }
}

/// The `<source>` element.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Source {
    /// The `url` attribute (required by the spec).
    pub url: Option<String>,
    /// The name of the source channel.
    pub value: String,
}

/// An attribute outside RSS's vocabulary (also used for namespace
/// declarations written on extension elements).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
///
/// Names and value are [`Cow<'static, str>`](Cow): a writer of a known
/// vocabulary (the `antenna` module) lends its constants instead of
/// allocating a copy for every attribute; what the reader reads is owned.
pub struct ExtensionAttribute {
    /// The namespace URI, `None` for an unprefixed attribute or an
    /// undeclared prefix.
    pub namespace: Option<Cow<'static, str>>,
    /// The prefix as written (`xmlns` for a namespace declaration).
    pub prefix: Option<Cow<'static, str>>,
    /// The local name.
    pub name: Cow<'static, str>,
    /// The value, unescaped and normalised as XML 1.0 §3.3.3 says.
    pub value: Cow<'static, str>,
}

impl ExtensionAttribute {
    /// The qualified name as written: `prefix:name` or `name`.
    pub fn qualified_name(&self) -> String {
        qualified(self.prefix.as_deref(), &self.name)
    }
}

/// An element outside RSS's vocabulary, with its subtree.
///
/// `Drop`, `Clone`, `PartialEq` and `Debug` recurse over the subtree;
/// trees from [`read`](fn@crate::read) are at most
/// [`ReadOptions::max_depth`](crate::ReadOptions::max_depth) deep (256 by
/// default), which keeps that recursion shallow. Raising the limit into the
/// thousands trades that guarantee away; [`write`](fn@crate::write) itself
/// never recurses.
///
/// Namespace, prefix and name are [`Cow<'static, str>`](Cow), lent by a
/// writer of a known vocabulary, owned when read; a single child (the
/// common case: one text) is held inline by [`ExtensionChildren`]. An
/// item converted to RSS carries ten or so `antenna` module elements, so
/// these save most of the allocations of writing one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExtensionElement {
    /// The namespace URI, `None` for an element in no namespace (or with an
    /// undeclared prefix).
    pub namespace: Option<Cow<'static, str>>,
    /// The prefix as written.
    pub prefix: Option<Cow<'static, str>>,
    /// The local name.
    pub name: Cow<'static, str>,
    /// The attributes, in order, namespace declarations included.
    pub attributes: Vec<ExtensionAttribute>,
    /// The content, in order; text is kept exactly (not trimmed, white
    /// space between child elements included). The reader never gives an
    /// empty text node nor two side by side (see the crate docs,
    /// "Extensions").
    pub children: ExtensionChildren,
}

/// One piece of an extension element's content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtensionNode {
    /// A child element, boxed: most nodes are the one text of a module
    /// element (`dc:creator`), and an element inline would make every
    /// node five times the size of a text (peak memory of a read).
    Element(Box<ExtensionElement>),
    /// Text (character data and CDATA, unescaped).
    Text(String),
}

impl ExtensionElement {
    /// The qualified name as written: `prefix:name` or `name`.
    pub fn qualified_name(&self) -> String {
        qualified(self.prefix.as_deref(), &self.name)
    }

    /// `true` when the element is `name` in namespace `namespace`.
    pub fn is(&self, namespace: &str, name: &str) -> bool {
        self.namespace.as_deref() == Some(namespace) && self.name == name
    }

    /// The concatenated text of the element's direct text children.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for child in &self.children {
            if let ExtensionNode::Text(t) = child {
                text.push_str(t);
            }
        }
        text
    }

    /// The value of the attribute `name` in no namespace.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|a| a.prefix.is_none() && a.name == name)
            .map(|a| &*a.value)
    }
}

fn qualified(prefix: Option<&str>, name: &str) -> String {
    match prefix {
        Some(p) => format!("{p}:{name}"),
        None => name.to_owned(),
    }
}

/// A non-negative decimal integer, digits only.
pub(crate) fn parse_number(value: &str) -> Option<u64> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

fn find_text(extensions: &[ExtensionElement], ns: &str, name: &str) -> Option<String> {
    extensions.iter().find(|e| e.is(ns, name)).map(|e| {
        let text = e.text();
        text.trim_matches(is_xml_space).to_owned()
    })
}

fn date(value: Option<&str>) -> Option<ParsedDate> {
    value.and_then(|v| parse_date(v).ok())
}

impl Channel {
    /// `ttl` in minutes, when it is a number.
    pub fn ttl_minutes(&self) -> Option<u64> {
        self.ttl.as_deref().and_then(parse_number)
    }

    /// `pubDate`, read as an RFC 822 date.
    pub fn pub_date_parsed(&self) -> Option<ParsedDate> {
        date(self.pub_date.as_deref())
    }

    /// `lastBuildDate`, read as an RFC 822 date.
    pub fn last_build_date_parsed(&self) -> Option<ParsedDate> {
        date(self.last_build_date.as_deref())
    }

    /// The skipHours hours that are numbers 0-23, in order.
    pub fn skip_hours_parsed(&self) -> Vec<u8> {
        self.skip_hours
            .iter()
            .flatten()
            .filter_map(|h| parse_number(h))
            .filter(|&h| h <= 23)
            .filter_map(|h| u8::try_from(h).ok())
            .collect()
    }

    /// The `href` of the first `atom:link` with `rel="self"`.
    pub fn atom_self_link(&self) -> Option<&str> {
        self.extensions
            .iter()
            .find(|e| e.is(ATOM_NS, "link") && e.attribute("rel") == Some("self"))
            .and_then(|e| e.attribute("href"))
    }

    /// The first `dc:creator`, trimmed.
    pub fn dc_creator(&self) -> Option<String> {
        find_text(&self.extensions, DC_NS, "creator")
    }

    /// The first `dc:date`, trimmed (a W3C-DTF date, as written).
    pub fn dc_date(&self) -> Option<String> {
        find_text(&self.extensions, DC_NS, "date")
    }
}

impl Item {
    /// `pubDate`, read as an RFC 822 date.
    pub fn pub_date_parsed(&self) -> Option<ParsedDate> {
        date(self.pub_date.as_deref())
    }

    /// The text of the first `content:encoded` (not trimmed: it is
    /// content).
    pub fn content_encoded(&self) -> Option<String> {
        self.extensions
            .iter()
            .find(|e| e.is(CONTENT_NS, "encoded"))
            .map(ExtensionElement::text)
    }

    /// The first `dc:creator`, trimmed.
    pub fn dc_creator(&self) -> Option<String> {
        find_text(&self.extensions, DC_NS, "creator")
    }

    /// The first `dc:date`, trimmed (a W3C-DTF date, as written).
    pub fn dc_date(&self) -> Option<String> {
        find_text(&self.extensions, DC_NS, "date")
    }

    /// The `href` of the first `atom:link` with `rel="self"`.
    pub fn atom_self_link(&self) -> Option<&str> {
        self.extensions
            .iter()
            .find(|e| e.is(ATOM_NS, "link") && e.attribute("rel") == Some("self"))
            .and_then(|e| e.attribute("href"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guid_is_permalink_by_default() {
        let mut guid = Guid {
            value: "x".into(),
            is_perma_link: None,
        };
        assert!(guid.is_permalink());
        guid.is_perma_link = Some("false".into());
        assert!(!guid.is_permalink());
        guid.is_perma_link = Some("true".into());
        assert!(guid.is_permalink());
    }

    #[test]
    fn image_size_defaults_are_88_by_31() {
        let image = Image::default();
        assert_eq!(image.width_pixels(), Some(88));
        assert_eq!(image.height_pixels(), Some(31));
        let image = Image {
            width: Some("wide".into()),
            ..Image::default()
        };
        assert_eq!(image.width_pixels(), None);
    }

    /// A node is a text's size, not an element's: most nodes are the one
    /// text of a module element (peak memory of a read).
    #[test]
    fn an_extension_node_is_no_bigger_than_a_text() {
        assert!(size_of::<ExtensionNode>() <= size_of::<String>() + 8);
        assert!(size_of::<ExtensionNode>() < size_of::<ExtensionElement>());
    }

    #[test]
    fn numbers_are_digits_only() {
        assert_eq!(parse_number("60"), Some(60));
        assert_eq!(parse_number("-1"), None);
        assert_eq!(parse_number(""), None);
        assert_eq!(parse_number("1.5"), None);
    }
}
