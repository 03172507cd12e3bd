//! The writer: a [`Document`] in, well-formed UTF-8 XML out.
//!
//! Text is escaped (`&`, `<`, `>`; `>` too, so `]]>` never appears; CR as
//! `&#13;` so that it survives line-end normalisation), never written as
//! CDATA. Extension subtrees are written with an explicit stack, never
//! recursion. Namespace declarations: those of `<rss>` are written there;
//! any other binding an extension element or attribute needs is declared
//! on that element, so the output always resolves to the namespaces the
//! document holds. (The reader does not keep `xmlns` attributes of
//! extension elements for this reason; `xmlns` attributes put into an
//! [`ExtensionAttribute`] by hand are not written.)

use std::borrow::Cow;
use std::fmt;

use crate::document::{
    Category, Document, ExtensionAttribute, ExtensionElement, ExtensionNode, Item,
};
use crate::escape;

mod shape;

/// Options for writing.
///
/// Options may be added in later versions, so the struct is built with
/// [`WriteOptions::default`] and adjusted with the `with_` methods:
///
/// ```
/// let options = rss2::WriteOptions::default().with_indent(false);
/// assert!(options.xml_declaration && !options.indent);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// Write `<?xml version="1.0" encoding="UTF-8"?>` first (default true).
    pub xml_declaration: bool,
    /// Put RSS elements on their own lines, indented (default true).
    /// Extension content is written exactly as held.
    pub indent: bool,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            xml_declaration: true,
            indent: true,
        }
    }
}

impl WriteOptions {
    /// These options, writing the XML declaration or not.
    #[must_use]
    pub fn with_xml_declaration(self, xml_declaration: bool) -> Self {
        WriteOptions {
            xml_declaration,
            ..self
        }
    }

    /// These options, indenting or not.
    #[must_use]
    pub fn with_indent(self, indent: bool) -> Self {
        WriteOptions { indent, ..self }
    }
}

/// Why a document could not be written as well-formed XML.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// A value holds a character XML 1.0 §2.2 does not allow.
    InvalidCharacter {
        /// Where the value sits (`channel/title`, `extension foo:bar`, ...).
        field: String,
        /// The character.
        character: char,
    },
    /// An extension element, attribute or prefix name is not an XML name.
    InvalidName {
        /// The name.
        name: String,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::InvalidCharacter { field, character } => write!(
                f,
                "cannot write {field}: it holds U+{:04X}, which XML 1.0 does not allow",
                u32::from(*character)
            ),
            WriteError::InvalidName { name } => {
                write!(f, "cannot write `{name}`: it is not an XML name")
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// Writes a document as UTF-8 XML.
///
/// The fold over the part writer ([`StreamWriter`](crate::StreamWriter),
/// RSS 2.0's [`PartWriter`](antenna_model::PartWriter)): the channel
/// without its items, then each item, then the end, the same steps with
/// the text held whole (so the bytes are those of
/// [`antenna_model::parts::write_by_parts`] for the document's head and
/// items).
pub fn write(document: &Document, options: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    crate::stream_write::write_by_items(document, options)
}

/// The level of the channel's children (`<item>` among them).
pub(crate) const CHANNEL_CHILD: usize = 2;

/// Writes everything before the channel's first item: the XML
/// declaration, `<rss>` with its namespace declarations, `<channel>` and
/// its children but the items. Namespaces declared on the way stay in
/// scope for the items.
pub(crate) fn write_head(
    w: &mut Writer,
    document: &Document,
    options: &WriteOptions,
) -> Result<(), WriteError> {
    if options.xml_declaration {
        w.out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        w.newline(0);
    }
    w.out.push_str("<rss");
    if let Some(version) = &document.version {
        w.attribute("version", version, "rss/@version")?;
    }
    for decl in &document.namespaces {
        let name = match &decl.prefix {
            Some(p) => {
                check_name(p)?;
                format!("xmlns:{p}")
            }
            None => "xmlns".to_owned(),
        };
        w.attribute(&name, &decl.uri, "rss namespace declaration")?;
        w.bind((
            decl.prefix.clone().map(Cow::Owned),
            Cow::Owned(decl.uri.clone()),
        ));
    }
    w.extension_attributes(&document.attributes, "rss")?;
    w.out.push('>');
    w.newline(1);
    let c = &document.channel;
    w.out.push_str("<channel");
    w.extension_attributes(&c.attributes, "channel")?;
    w.out.push('>');
    let l = CHANNEL_CHILD;
    w.text_element(l, tags!("title"), c.title.as_deref(), "channel/title")?;
    w.text_element(l, tags!("link"), c.link.as_deref(), "channel/link")?;
    w.text_element(
        l,
        tags!("description"),
        c.description.as_deref(),
        "channel/description",
    )?;
    w.text_element(
        l,
        tags!("language"),
        c.language.as_deref(),
        "channel/language",
    )?;
    w.text_element(
        l,
        tags!("copyright"),
        c.copyright.as_deref(),
        "channel/copyright",
    )?;
    w.text_element(
        l,
        tags!("managingEditor"),
        c.managing_editor.as_deref(),
        "channel/managingEditor",
    )?;
    w.text_element(
        l,
        tags!("webMaster"),
        c.web_master.as_deref(),
        "channel/webMaster",
    )?;
    w.text_element(
        l,
        tags!("pubDate"),
        c.pub_date.as_deref(),
        "channel/pubDate",
    )?;
    w.text_element(
        l,
        tags!("lastBuildDate"),
        c.last_build_date.as_deref(),
        "channel/lastBuildDate",
    )?;
    w.categories(l, &c.categories, "channel/category")?;
    w.text_element(
        l,
        tags!("generator"),
        c.generator.as_deref(),
        "channel/generator",
    )?;
    w.text_element(l, tags!("docs"), c.docs.as_deref(), "channel/docs")?;
    if let Some(cloud) = &c.cloud {
        w.newline(l);
        w.out.push_str("<cloud");
        for (name, value) in [
            ("domain", &cloud.domain),
            ("port", &cloud.port),
            ("path", &cloud.path),
            ("registerProcedure", &cloud.register_procedure),
            ("protocol", &cloud.protocol),
        ] {
            if let Some(value) = value {
                w.attribute(name, value, "channel/cloud")?;
            }
        }
        w.out.push_str("/>");
    }
    w.text_element(l, tags!("ttl"), c.ttl.as_deref(), "channel/ttl")?;
    if let Some(image) = &c.image {
        w.newline(l);
        w.out.push_str("<image>");
        w.text_element(l + 1, tags!("url"), image.url.as_deref(), "image/url")?;
        w.text_element(l + 1, tags!("title"), image.title.as_deref(), "image/title")?;
        w.text_element(l + 1, tags!("link"), image.link.as_deref(), "image/link")?;
        w.text_element(l + 1, tags!("width"), image.width.as_deref(), "image/width")?;
        w.text_element(
            l + 1,
            tags!("height"),
            image.height.as_deref(),
            "image/height",
        )?;
        w.text_element(
            l + 1,
            tags!("description"),
            image.description.as_deref(),
            "image/description",
        )?;
        w.extensions(l + 1, &image.extensions)?;
        w.newline(l);
        w.out.push_str("</image>");
    }
    w.text_element(l, tags!("rating"), c.rating.as_deref(), "channel/rating")?;
    if let Some(input) = &c.text_input {
        let tag = input.spelling.as_str();
        w.newline(l);
        w.out.push('<');
        w.out.push_str(tag);
        w.out.push('>');
        w.text_element(
            l + 1,
            tags!("title"),
            input.title.as_deref(),
            "textInput/title",
        )?;
        w.text_element(
            l + 1,
            tags!("description"),
            input.description.as_deref(),
            "textInput/description",
        )?;
        w.text_element(
            l + 1,
            tags!("name"),
            input.name.as_deref(),
            "textInput/name",
        )?;
        w.text_element(
            l + 1,
            tags!("link"),
            input.link.as_deref(),
            "textInput/link",
        )?;
        w.extensions(l + 1, &input.extensions)?;
        w.newline(l);
        w.out.push_str("</");
        w.out.push_str(tag);
        w.out.push('>');
    }
    if let Some(hours) = &c.skip_hours {
        w.newline(l);
        w.out.push_str("<skipHours>");
        for hour in hours {
            w.text_element(l + 1, tags!("hour"), Some(hour), "skipHours/hour")?;
        }
        w.newline(l);
        w.out.push_str("</skipHours>");
    }
    if let Some(days) = &c.skip_days {
        w.newline(l);
        w.out.push_str("<skipDays>");
        for day in days {
            w.text_element(l + 1, tags!("day"), Some(day), "skipDays/day")?;
        }
        w.newline(l);
        w.out.push_str("</skipDays>");
    }
    w.extensions(l, &c.extensions)?;
    Ok(())
}

/// An RSS element's start and end tags, each pushed whole
/// ([`Writer::text_element`]: an item has five or so).
#[derive(Clone, Copy)]
struct Tags {
    open: &'static str,
    close: &'static str,
}

/// The [`Tags`] of the element `$name`.
macro_rules! tags {
    ($name:literal) => {
        Tags {
            open: concat!("<", $name, ">"),
            close: concat!("</", $name, ">"),
        }
    };
}
use tags;

/// A namespace binding: (prefix, URI).
type Binding = (Option<Cow<'static, str>>, Cow<'static, str>);

/// The writer's state: the text written so far and the namespaces in
/// scope.
pub(crate) struct Writer {
    /// The text written so far (a streaming writer takes it as it goes).
    pub(crate) out: String,
    indent: bool,
    /// Namespace bindings in scope: (prefix, URI; "" undeclares the
    /// default namespace), lent where the document's names are.
    scope: Vec<Binding>,
    /// The lent names found good (see [`Writer::check_extension_name`]):
    /// address and length, at most [`GOOD_NAMES`].
    good_names: Vec<(usize, usize)>,
    /// The last good lent name of each [`NameRole`], looked at before
    /// `good_names`: an element's name, prefix and attributes' names
    /// follow each other, so one memo each is nearly always right.
    last_good: [(usize, usize); NameRole::COUNT],
    /// The tags of the fixed-shape elements met ([`shape`]).
    shapes: shape::Shapes,
    /// How many times `scope` changed: a shape whose namespace was found
    /// bound since the last change is still bound.
    scope_changes: u64,
}

/// How many lent names [`Writer::check_extension_name`] remembers.
const GOOD_NAMES: usize = 16;

/// Which name of an extension element [`Writer::check_extension_name`]
/// checks: its memo.
#[derive(Clone, Copy)]
enum NameRole {
    Element,
    Prefix,
    Attribute,
}

impl NameRole {
    const COUNT: usize = 3;
}

impl Writer {
    /// A writer with nothing written yet.
    pub(crate) fn new(options: &WriteOptions) -> Self {
        Writer {
            out: String::new(),
            indent: options.indent,
            scope: Vec::new(),
            good_names: Vec::new(),
            last_good: [(0, 0); NameRole::COUNT],
            shapes: shape::Shapes::default(),
            scope_changes: 0,
        }
    }

    /// Writes what follows the channel's last item: `</channel>`, the
    /// extension elements after it (`extensions`) and `</rss>`.
    pub(crate) fn tail(&mut self, extensions: &[ExtensionElement]) -> Result<(), WriteError> {
        self.newline(1);
        self.out.push_str("</channel>");
        self.extensions(1, extensions)?;
        self.newline(0);
        self.out.push_str("</rss>");
        self.out.push('\n');
        Ok(())
    }

    fn newline(&mut self, level: usize) {
        /// A line end and the indentation of the deepest common level, cut
        /// to the level's: one push.
        const INDENTED: &str = "\n                ";
        if self.indent {
            match INDENTED.get(..1 + 2 * level) {
                Some(indented) => self.out.push_str(indented),
                None => {
                    self.out.push('\n');
                    for _ in 0..level {
                        self.out.push_str("  ");
                    }
                }
            }
        }
    }

    /// Puts `binding` in scope.
    fn bind(&mut self, binding: Binding) {
        self.scope.push(binding);
        self.scope_changes += 1;
    }

    /// Takes the bindings after the first `mark` out of scope.
    fn unbind_to(&mut self, mark: usize) {
        if self.scope.len() > mark {
            self.scope.truncate(mark);
            self.scope_changes += 1;
        }
    }

    fn lookup(&self, prefix: Option<&str>) -> Option<&str> {
        self.scope
            .iter()
            .rev()
            .find(|(p, _)| p.as_deref() == prefix)
            .map(|(_, uri)| &**uri)
    }

    fn text(&mut self, value: &str, field: &str) -> Result<(), WriteError> {
        let plain = escape::check_text(value).map_err(|c| invalid_character(field, c))?;
        escape::push_text(&mut self.out, value, plain);
        Ok(())
    }

    fn attribute(&mut self, name: &str, value: &str, field: &str) -> Result<(), WriteError> {
        let plain = escape::check_attribute(value).map_err(|c| invalid_character(field, c))?;
        self.out.push(' ');
        self.out.push_str(name);
        escape::push_attribute_value(&mut self.out, value, plain);
        Ok(())
    }

    /// Appends `prefix:name`, or `name` without a prefix.
    fn push_qualified(&mut self, prefix: Option<&str>, name: &str) {
        if let Some(prefix) = prefix {
            self.out.push_str(prefix);
            self.out.push(':');
        }
        self.out.push_str(name);
    }

    fn text_element(
        &mut self,
        level: usize,
        tags: Tags,
        value: Option<&str>,
        field: &str,
    ) -> Result<(), WriteError> {
        if let Some(value) = value {
            self.newline(level);
            self.out.push_str(tags.open);
            self.text(value, field)?;
            self.out.push_str(tags.close);
        }
        Ok(())
    }

    fn categories(
        &mut self,
        level: usize,
        categories: &[Category],
        field: &str,
    ) -> Result<(), WriteError> {
        for category in categories {
            self.newline(level);
            self.out.push_str("<category");
            if let Some(domain) = &category.domain {
                self.attribute("domain", domain, field)?;
            }
            self.out.push('>');
            self.text(&category.value, field)?;
            self.out.push_str("</category>");
        }
        Ok(())
    }

    /// Writes an item at `level`. What it declares is in scope in the item
    /// alone, written or not.
    pub(crate) fn item(&mut self, level: usize, item: &Item) -> Result<(), WriteError> {
        let mark = self.scope.len();
        let written = self.item_content(level, item);
        self.unbind_to(mark);
        written
    }

    fn item_content(&mut self, level: usize, item: &Item) -> Result<(), WriteError> {
        self.newline(level);
        self.out.push_str("<item");
        self.extension_attributes(&item.attributes, "item")?;
        self.out.push('>');
        let l = level + 1;
        self.text_element(l, tags!("title"), item.title.as_deref(), "item/title")?;
        self.text_element(l, tags!("link"), item.link.as_deref(), "item/link")?;
        self.text_element(
            l,
            tags!("description"),
            item.description.as_deref(),
            "item/description",
        )?;
        self.text_element(l, tags!("author"), item.author.as_deref(), "item/author")?;
        self.categories(l, &item.categories, "item/category")?;
        self.text_element(
            l,
            tags!("comments"),
            item.comments.as_deref(),
            "item/comments",
        )?;
        for enclosure in &item.enclosures {
            self.newline(l);
            self.out.push_str("<enclosure");
            for (name, value) in [
                ("url", &enclosure.url),
                ("length", &enclosure.length),
                ("type", &enclosure.type_),
            ] {
                if let Some(value) = value {
                    self.attribute(name, value, "item/enclosure")?;
                }
            }
            self.out.push_str("/>");
        }
        if let Some(guid) = &item.guid {
            self.newline(l);
            self.out.push_str("<guid");
            if let Some(permalink) = &guid.is_perma_link {
                self.attribute("isPermaLink", permalink, "item/guid")?;
            }
            self.out.push('>');
            self.text(&guid.value, "item/guid")?;
            self.out.push_str("</guid>");
        }
        self.text_element(
            l,
            tags!("pubDate"),
            item.pub_date.as_deref(),
            "item/pubDate",
        )?;
        if let Some(source) = &item.source {
            self.newline(l);
            self.out.push_str("<source");
            if let Some(url) = &source.url {
                self.attribute("url", url, "item/source")?;
            }
            self.out.push('>');
            self.text(&source.value, "item/source")?;
            self.out.push_str("</source>");
        }
        self.extensions(l, &item.extensions)?;
        self.newline(level);
        self.out.push_str("</item>");
        Ok(())
    }

    /// Attributes outside RSS's vocabulary on an RSS element (`<rss>`,
    /// `<channel>`, `<item>`), declaring their prefixes there if needed.
    fn extension_attributes(
        &mut self,
        attributes: &[ExtensionAttribute],
        element: &str,
    ) -> Result<(), WriteError> {
        let decls = self.needed_declarations(None, attributes)?;
        for (prefix, uri) in decls {
            self.declare(prefix, uri, element)?;
        }
        self.attribute_list(attributes, (None, element))
    }

    /// Writes each of `attributes` but the namespace declarations. The
    /// element's name, `(prefix, name)`, is put together only for an
    /// error: an item's antenna module writes ten or so attributes.
    fn attribute_list(
        &mut self,
        attributes: &[ExtensionAttribute],
        element: (Option<&str>, &str),
    ) -> Result<(), WriteError> {
        for attr in attributes {
            if is_namespace_declaration(attr) {
                continue;
            }
            let plain = escape::check_attribute(&attr.value)
                .map_err(|c| invalid_character(&qualified(element.0, element.1), c))?;
            self.out.push(' ');
            self.push_qualified(attr.prefix.as_deref(), &attr.name);
            escape::push_attribute_value(&mut self.out, &attr.value, plain);
        }
        Ok(())
    }

    fn declare(
        &mut self,
        prefix: Option<Cow<'static, str>>,
        uri: Cow<'static, str>,
        field: &str,
    ) -> Result<(), WriteError> {
        let name = match &prefix {
            Some(p) => format!("xmlns:{p}"),
            None => "xmlns".to_owned(),
        };
        self.attribute(&name, &uri, field)?;
        self.bind((prefix, uri));
        Ok(())
    }

    /// Checks an extension element's or attribute's name
    /// ([`check_name`]). A name lent for the whole run (`Cow::Borrowed`,
    /// a `&'static str`, which never changes) is checked once and known
    /// after by its address and length: the `antenna` module writes the
    /// same few names ten times an item.
    #[allow(
        clippy::ptr_arg,
        reason = "whether the name is lent (`Cow::Borrowed`) is what is asked"
    )]
    fn check_extension_name(
        &mut self,
        name: &Cow<'static, str>,
        role: NameRole,
    ) -> Result<(), WriteError> {
        let Cow::Borrowed(name) = name else {
            return check_name(name);
        };
        // An empty name is refused by `check_name`; (0, 0) is no name's.
        let key = (name.as_ptr().addr(), name.len());
        let [element, prefix, attribute] = &mut self.last_good;
        let last = match role {
            NameRole::Element => element,
            NameRole::Prefix => prefix,
            NameRole::Attribute => attribute,
        };
        if *last == key {
            return Ok(());
        }
        if !self.good_names.contains(&key) {
            check_name(name)?;
            if self.good_names.len() < GOOD_NAMES {
                self.good_names.push(key);
            }
        }
        *last = key;
        Ok(())
    }

    /// The declarations an element (when given) and its attributes need.
    fn needed_declarations(
        &mut self,
        element: Option<&ExtensionElement>,
        attributes: &[ExtensionAttribute],
    ) -> Result<Vec<Binding>, WriteError> {
        let mut decls: Vec<Binding> = Vec::new();
        if let Some(el) = element {
            self.check_extension_name(&el.name, NameRole::Element)?;
            if let Some(p) = &el.prefix {
                self.check_extension_name(p, NameRole::Prefix)?;
            }
            match (&el.prefix, &el.namespace) {
                (Some(p), _) if p == "xml" => {}
                (prefix, Some(ns)) => {
                    if self.lookup(prefix.as_deref()) != Some(&**ns) {
                        decls.push((prefix.clone(), ns.clone()));
                    }
                }
                (None, None) => {
                    if self.lookup(None).is_some_and(|uri| !uri.is_empty()) {
                        decls.push((None, Cow::Borrowed("")));
                    }
                }
                // An undeclared prefix, kept as read.
                (Some(_), None) => {}
            }
        }
        for attr in attributes {
            self.check_extension_name(&attr.name, NameRole::Attribute)?;
            if let Some(p) = &attr.prefix {
                self.check_extension_name(p, NameRole::Prefix)?;
            }
            if is_namespace_declaration(attr) {
                continue;
            }
            if let (Some(p), Some(ns)) = (&attr.prefix, &attr.namespace)
                && p != "xml"
                && self.lookup(Some(p)) != Some(&**ns)
                && !decls.iter().any(|(d, _)| d.as_deref() == Some(&**p))
            {
                decls.push((Some(p.clone()), ns.clone()));
            }
        }
        Ok(decls)
    }

    /// Writes `element` at `level` (its line end and indentation
    /// first) with its shape's kept tags, when it has a fixed shape
    /// ([`shape::key`]) whose namespace is bound in scope as it needs (so
    /// that it declares nothing): the bytes and errors of the general
    /// path in [`Writer::extensions`], which made the tags the first
    /// time. `Ok(false)`, nothing written, for any other element.
    fn shaped(&mut self, level: usize, element: &ExtensionElement) -> Result<bool, WriteError> {
        let Some((key, text)) = shape::key(element) else {
            return Ok(false);
        };
        let bound = |w: &Self| w.lookup(element.prefix.as_deref()) == element.namespace.as_deref();
        let at = match self.shapes.find(&key, level) {
            Some(at) => at,
            // No room for another shape: the general path, without first
            // putting together tags that could not be kept.
            None if self.shapes.full() => return Ok(false),
            None => {
                // Checked and put together as the general path does.
                if !bound(self)
                    || !(self.needed_declarations(Some(element), &element.attributes)?).is_empty()
                {
                    return Ok(false);
                }
                let name = (element.prefix.as_deref(), &*element.name);
                let start = self.out.len();
                self.newline(level);
                self.out.push('<');
                self.push_qualified(name.0, name.1);
                self.attribute_list(&element.attributes, name)?;
                self.out.push('>');
                let open = self.out.split_off(start);
                self.out.push_str("</");
                self.push_qualified(name.0, name.1);
                self.out.push('>');
                let close = self.out.split_off(start);
                let Some(at) = self.shapes.keep(key, level, open, close) else {
                    return Ok(false);
                };
                at
            }
        };
        // The namespace is looked up again only when the scope changed
        // since it was last.
        if self.shapes.bound_in(at) != Some(self.scope_changes) {
            if !bound(self) {
                return Ok(false);
            }
            self.shapes.bind(at, self.scope_changes);
        }
        let Some(shape) = self.shapes.get(at) else {
            return Ok(false);
        };
        let Some(text) = text else {
            let open = shape.open.strip_suffix('>').unwrap_or(&shape.open);
            self.out.push_str(open);
            self.out.push_str("/>");
            return Ok(true);
        };
        self.out.push_str(&shape.open);
        let plain = escape::check_text(text).map_err(|c| {
            invalid_character(&format!("extension {}", element.qualified_name()), c)
        })?;
        escape::push_text(&mut self.out, text, plain);
        self.out.push_str(&shape.close);
        Ok(true)
    }

    /// Writes extension elements, iteratively.
    fn extensions(
        &mut self,
        level: usize,
        elements: &[ExtensionElement],
    ) -> Result<(), WriteError> {
        enum Step<'a> {
            Open(&'a ExtensionElement),
            Text(&'a str, &'a ExtensionElement),
            Close(&'a ExtensionElement, usize),
        }
        // One stack for every element of the item (a module writes ten or
        // so), not one each.
        let mut steps = Vec::new();
        for root in elements {
            if self.shaped(level, root)? {
                continue;
            }
            self.newline(level);
            steps.push(Step::Open(root));
            while let Some(step) = steps.pop() {
                match step {
                    Step::Open(el) => {
                        let mark = self.scope.len();
                        let decls = self.needed_declarations(Some(el), &el.attributes)?;
                        let element = (el.prefix.as_deref(), &*el.name);
                        self.out.push('<');
                        self.push_qualified(element.0, element.1);
                        if !decls.is_empty() {
                            let qname = qualified(element.0, element.1);
                            for (prefix, uri) in decls {
                                self.declare(prefix, uri, &qname)?;
                            }
                        }
                        self.attribute_list(&el.attributes, element)?;
                        if el.children.is_empty() {
                            self.out.push_str("/>");
                            self.unbind_to(mark);
                        } else {
                            self.out.push('>');
                            steps.push(Step::Close(el, mark));
                            for child in el.children.iter().rev() {
                                steps.push(match child {
                                    ExtensionNode::Element(e) => Step::Open(e),
                                    ExtensionNode::Text(t) => Step::Text(t, el),
                                });
                            }
                        }
                    }
                    Step::Text(text, parent) => {
                        // The field is named only when a character is refused.
                        let plain = escape::check_text(text).map_err(|c| {
                            invalid_character(&format!("extension {}", parent.qualified_name()), c)
                        })?;
                        escape::push_text(&mut self.out, text, plain);
                    }
                    Step::Close(el, mark) => {
                        self.out.push_str("</");
                        self.push_qualified(el.prefix.as_deref(), &el.name);
                        self.out.push('>');
                        self.unbind_to(mark);
                    }
                }
            }
        }
        Ok(())
    }
}

/// A `prefix:name` ([`ExtensionElement::qualified_name`],
/// [`ExtensionAttribute::qualified_name`]), lent when there is no prefix
/// and built without the formatting machinery when there is (the writer
/// names every extension element and attribute it writes).
fn qualified<'a>(prefix: Option<&str>, name: &'a str) -> Cow<'a, str> {
    match prefix {
        None => Cow::Borrowed(name),
        Some(prefix) => {
            let mut qualified = String::with_capacity(prefix.len() + 1 + name.len());
            qualified.push_str(prefix);
            qualified.push(':');
            qualified.push_str(name);
            Cow::Owned(qualified)
        }
    }
}

/// Appends `text`, writing each of `chars` (white space only; one may be
/// given more than once) as a character reference.
fn is_namespace_declaration(attr: &ExtensionAttribute) -> bool {
    attr.prefix.as_deref() == Some("xmlns") || (attr.prefix.is_none() && attr.name == "xmlns")
}

/// The error for a `character` XML refuses, in `field`.
fn invalid_character(field: &str, character: char) -> WriteError {
    WriteError::InvalidCharacter {
        field: field.to_owned(),
        character,
    }
}

/// An XML NCName: an XML 1.0 §2.3 Name without `:`. (Accepting any
/// non-ASCII character, as this once did, wrote names such as `a\u{37E}`
/// or `a\u{3000}b` that no XML reader accepts.)
fn check_name(name: &str) -> Result<(), WriteError> {
    if crate::xml_chars::is_name(name) && !name.contains(':') {
        Ok(())
    } else {
        Err(WriteError::InvalidName {
            name: name.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ExtensionChildren;
    use crate::document::Channel;

    #[test]
    fn text_escapes_markup_and_cdata_end() {
        let doc = Document {
            version: Some("2.0".into()),
            channel: Channel {
                title: Some("a <b> & ]]> c".into()),
                ..Channel::default()
            },
            ..Document::default()
        };
        let out = String::from_utf8(write(&doc, &WriteOptions::default()).unwrap()).unwrap();
        assert!(
            out.contains("<title>a &lt;b&gt; &amp; ]]&gt; c</title>"),
            "{out}"
        );
        assert!(!out.contains("]]>"));
    }

    #[test]
    fn control_characters_are_refused() {
        let doc = Document {
            channel: Channel {
                title: Some("a\u{1}".into()),
                ..Channel::default()
            },
            ..Document::default()
        };
        let err = write(&doc, &WriteOptions::default()).unwrap_err();
        assert!(matches!(
            err,
            WriteError::InvalidCharacter {
                character: '\u{1}',
                ..
            }
        ));
        assert!(err.to_string().contains("U+0001"));
    }

    #[test]
    fn a_namespace_an_item_declares_is_declared_again_in_the_next() {
        // Each item's `x:a` attribute needs `xmlns:x` on that item: the
        // first item's declaration does not reach the second.
        let attribute = ExtensionAttribute {
            namespace: Some("urn:x".into()),
            prefix: Some("x".into()),
            name: "a".into(),
            value: "1".into(),
        };
        let item = Item {
            title: Some("t".into()),
            attributes: vec![attribute],
            ..Item::default()
        };
        let doc = Document {
            channel: Channel {
                items: vec![item.clone(), item],
                ..Channel::default()
            },
            ..Document::default()
        };
        let out = String::from_utf8(write(&doc, &WriteOptions::default()).unwrap()).unwrap();
        assert_eq!(
            out.matches("<item xmlns:x=\"urn:x\" x:a=\"1\">").count(),
            2,
            "{out}"
        );
        let back = crate::read(out.as_bytes(), &crate::ReadOptions::default()).unwrap();
        assert_eq!(back.document.channel.items, doc.channel.items);
    }

    /// A lent name found good once is not checked again, and a lent name
    /// that is not a name is refused however many good ones came before.
    #[test]
    fn lent_names_are_checked_once_and_bad_ones_always_refused() {
        let element = |name: &'static str| ExtensionElement {
            namespace: Some(Cow::Borrowed("urn:x")),
            prefix: Some(Cow::Borrowed("x")),
            name: Cow::Borrowed(name),
            ..ExtensionElement::default()
        };
        let item = |name| Item {
            title: Some("t".into()),
            extensions: vec![element(name)],
            ..Item::default()
        };
        let mut doc = Document::default();
        doc.channel.items = vec![item("good"); 3];
        let out = String::from_utf8(write(&doc, &WriteOptions::default()).unwrap()).unwrap();
        assert_eq!(
            out.matches("<x:good xmlns:x=\"urn:x\"/>").count(),
            3,
            "{out}"
        );
        doc.channel.items.push(item("bad name"));
        assert!(matches!(
            write(&doc, &WriteOptions::default()),
            Err(WriteError::InvalidName { .. })
        ));
    }

    /// An element of a fixed shape (names lent) is written with its kept
    /// tags: the bytes of the same element with names of its own (the
    /// general path), item after item, empty or not, escaped or not.
    #[test]
    fn a_fixed_shape_is_written_as_the_general_path_writes_it() {
        let element = |name: Cow<'static, str>, attribute: &'static str, text: Option<&str>| {
            ExtensionElement {
                namespace: Some(Cow::Borrowed("urn:x")),
                prefix: Some(Cow::Borrowed("x")),
                name,
                attributes: vec![ExtensionAttribute {
                    namespace: None,
                    prefix: None,
                    name: Cow::Borrowed("name"),
                    value: Cow::Borrowed(attribute),
                }],
                children: text.map(ExtensionChildren::text).unwrap_or_default(),
            }
        };
        let item = |name: fn(&'static str) -> Cow<'static, str>| Item {
            title: Some("t".into()),
            extensions: vec![
                element(name("f"), "A", Some("1 < 2 & 3")),
                element(name("f"), "B", None),
                element(name("g"), "A\"", Some("plain")),
            ],
            ..Item::default()
        };
        let document = |name| {
            let mut doc = Document::default();
            doc.namespaces.push(crate::document::NamespaceDecl {
                prefix: Some("x".into()),
                uri: "urn:x".into(),
            });
            doc.channel.items = vec![item(name); 3];
            String::from_utf8(write(&doc, &WriteOptions::default()).unwrap()).unwrap()
        };
        let lent = document(Cow::Borrowed);
        assert_eq!(lent, document(|name| Cow::Owned(name.to_owned())));
        let item_text = concat!(
            "\n      <x:f name=\"A\">1 &lt; 2 &amp; 3</x:f>",
            "\n      <x:f name=\"B\"/>",
            "\n      <x:g name=\"A&quot;\">plain</x:g>",
        );
        assert_eq!(lent.matches(item_text).count(), 3, "{lent}");
    }

    /// Past the shapes kept (32), further shapes go by the general path
    /// and are written as it writes them.
    #[test]
    fn more_shapes_than_are_kept_are_written_as_the_general_path_writes_them() {
        let values: Vec<&'static str> = (0..40)
            .map(|i| &*Box::leak(format!("v{i}").into_boxed_str()))
            .collect();
        let document = |lend: bool| {
            let element = |value: &'static str| ExtensionElement {
                namespace: Some(Cow::Borrowed("urn:x")),
                prefix: Some(Cow::Borrowed("x")),
                name: if lend {
                    Cow::Borrowed("f")
                } else {
                    Cow::Owned("f".to_owned())
                },
                attributes: vec![ExtensionAttribute {
                    namespace: None,
                    prefix: None,
                    name: Cow::Borrowed("name"),
                    value: Cow::Borrowed(value),
                }],
                children: ExtensionChildren::text("t"),
            };
            let mut doc = Document::default();
            doc.namespaces.push(crate::document::NamespaceDecl {
                prefix: Some("x".into()),
                uri: "urn:x".into(),
            });
            let item = Item {
                title: Some("t".into()),
                extensions: values.iter().map(|v| element(v)).collect(),
                ..Item::default()
            };
            doc.channel.items = vec![item; 2];
            String::from_utf8(write(&doc, &WriteOptions::default()).unwrap()).unwrap()
        };
        let lent = document(true);
        assert_eq!(lent, document(false));
        assert_eq!(
            lent.matches("<x:f name=\"v39\">t</x:f>").count(),
            2,
            "{lent}"
        );
    }

    /// A shape whose prefix an item bound is not taken as bound in the
    /// next item, which must declare it on the element (XML Namespaces
    /// §6.1: a declaration's scope is the element it is on).
    #[test]
    fn a_shape_bound_by_one_item_declares_its_namespace_in_the_next() {
        let element = ExtensionElement {
            namespace: Some(Cow::Borrowed("urn:x")),
            prefix: Some(Cow::Borrowed("x")),
            name: Cow::Borrowed("e"),
            children: ExtensionChildren::text("v"),
            ..ExtensionElement::default()
        };
        let binding = ExtensionAttribute {
            namespace: Some("urn:x".into()),
            prefix: Some("x".into()),
            name: "a".into(),
            value: "1".into(),
        };
        let bound = Item {
            attributes: vec![binding],
            extensions: vec![element.clone()],
            ..Item::default()
        };
        let unbound = Item {
            extensions: vec![element],
            ..Item::default()
        };
        let mut doc = Document::default();
        doc.channel.items = vec![bound.clone(), unbound, bound];
        let out = String::from_utf8(write(&doc, &WriteOptions::default()).unwrap()).unwrap();
        assert_eq!(out.matches("<x:e>v</x:e>").count(), 2, "{out}");
        assert_eq!(
            out.matches("<x:e xmlns:x=\"urn:x\">v</x:e>").count(),
            1,
            "{out}"
        );
        let back = crate::read(out.as_bytes(), &crate::ReadOptions::default()).unwrap();
        assert_eq!(back.document.channel.items, doc.channel.items);
    }

    #[test]
    fn bad_extension_names_are_refused() {
        let mut doc = Document::default();
        doc.channel.extensions.push(ExtensionElement {
            name: "a b".into(),
            ..ExtensionElement::default()
        });
        assert!(matches!(
            write(&doc, &WriteOptions::default()),
            Err(WriteError::InvalidName { .. })
        ));
    }
}
