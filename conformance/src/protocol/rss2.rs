//! The RSS shape: version 1's elements and attributes of RSS 2.0 and, in
//! version 2, the extension elements and attributes, every enclosure,
//! RSS's own namespace and the `<textinput>` spelling.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value, json};

use rss2::{
    Category, Channel, Document, Enclosure, ExtensionAttribute, ExtensionElement, Guid, Item,
    NamespaceDecl, Source, TextInputSpelling,
};

use super::extensions;
use super::parts::{HeadJson, PartJson};
use super::{Json, Member, Version, members, object, optional, string, string_list, text};

fn categories(list: &[Category]) -> Option<Value> {
    (!list.is_empty()).then(|| {
        list.iter()
            .map(|c| members([("domain", text(&c.domain)), ("value", Some(json!(c.value)))]))
            .collect()
    })
}

/// A category's object, serialised as it is written.
struct CategoryJson<'a>(&'a Category);

impl Serialize for CategoryJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        optional(&mut map, "domain", self.0.domain.as_ref())?;
        map.serialize_entry("value", &self.0.value)?;
        map.end()
    }
}

/// An enclosure's object, serialised as it is written.
struct EnclosureJson<'a>(&'a Enclosure);

impl Serialize for EnclosureJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let e = self.0;
        let mut map = serializer.serialize_map(None)?;
        optional(&mut map, "url", e.url.as_ref())?;
        optional(&mut map, "length", e.length.as_ref())?;
        optional(&mut map, "type", e.type_.as_ref())?;
        map.end()
    }
}

/// The array of `list`'s elements, each serialised as it is written.
struct Each<'a, T, J>(&'a [T], fn(&'a T) -> J);

impl<'a, T, J: Serialize> Serialize for Each<'a, T, J> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(self.1))
    }
}

/// Version 2's `"attributes"`: left out in version 1 and when there are
/// none.
fn attributes(list: &[ExtensionAttribute], version: Version) -> Option<Value> {
    (version >= Version::V2 && !list.is_empty()).then(|| extensions::attributes_json(list))
}

/// Version 2's `"extensions"`: left out in version 1 and when there are
/// none.
fn elements(list: &[ExtensionElement], version: Version) -> Option<Value> {
    (version >= Version::V2 && !list.is_empty()).then(|| extensions::elements_json(list))
}

/// The member name of the text input: version 2 names it as written.
fn text_input_key(spelling: TextInputSpelling, version: Version) -> &'static str {
    match version {
        Version::V1 => TextInputSpelling::TextInput.as_str(),
        Version::V2 => spelling.as_str(),
    }
}

/// The default namespace declared on `<rss>`, when RSS's own elements are
/// in one (the reader accepts the root only then).
fn rss_namespace(d: &Document) -> Option<&str> {
    d.namespaces
        .iter()
        .find(|decl| decl.prefix.is_none())
        .map(|decl| decl.uri.as_str())
        .filter(|uri| !uri.is_empty())
}

/// One item's object, serialised as it is written: an item of many
/// categories, enclosures or extension elements is never held as a tree of
/// JSON values (issue #28).
pub(super) struct ItemJson<'a>(pub(super) &'a Item, pub(super) Version);

impl Serialize for ItemJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (item, version) = (self.0, self.1);
        let v2 = version >= Version::V2;
        let mut map = serializer.serialize_map(None)?;
        optional(&mut map, "title", item.title.as_ref())?;
        optional(&mut map, "link", item.link.as_ref())?;
        optional(&mut map, "description", item.description.as_ref())?;
        optional(&mut map, "author", item.author.as_ref())?;
        optional(
            &mut map,
            "categories",
            (!item.categories.is_empty()).then_some(Each(&item.categories, CategoryJson)),
        )?;
        optional(&mut map, "comments", item.comments.as_ref())?;
        // Version 1 has one enclosure an item: the first (the reader
        // warned about the others); version 2 has them all.
        optional(
            &mut map,
            "enclosure",
            item.enclosures.first().filter(|_| !v2).map(EnclosureJson),
        )?;
        optional(
            &mut map,
            "enclosures",
            (v2 && !item.enclosures.is_empty()).then_some(Each(&item.enclosures, EnclosureJson)),
        )?;
        optional(&mut map, "guid", item.guid.as_ref().map(GuidJson))?;
        optional(&mut map, "pubDate", item.pub_date.as_ref())?;
        optional(&mut map, "source", item.source.as_ref().map(SourceJson))?;
        optional(
            &mut map,
            "attributes",
            attributes(&item.attributes, version),
        )?;
        optional(
            &mut map,
            "extensions",
            (v2 && !item.extensions.is_empty())
                .then_some(Each(&item.extensions, extensions::ElementJson)),
        )?;
        map.end()
    }
}

/// An item's `<guid>` object.
struct GuidJson<'a>(&'a Guid);

impl Serialize for GuidJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("value", &self.0.value)?;
        optional(&mut map, "isPermaLink", self.0.is_perma_link.as_ref())?;
        map.end()
    }
}

/// An item's `<source>` object.
struct SourceJson<'a>(&'a Source);

impl Serialize for SourceJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        optional(&mut map, "url", self.0.url.as_ref())?;
        map.serialize_entry("value", &self.0.value)?;
        map.end()
    }
}

impl PartJson for ::rss2::Rss2 {
    const PARTS: &'static str = "items";

    /// The members of `d` (whose items are not looked at).
    fn head_json(d: &Document, version: Version) -> HeadJson {
        head_json(d, version)
    }

    fn part_json(item: &Item, version: Version) -> Option<impl Serialize> {
        Some(ItemJson(item, version))
    }

    type Names = ItemNames;

    const NAMES_PASS: bool = true;
    const READ_BACK_EACH_PART: bool = true;

    /// The document the members describe, without items and its extension
    /// names not yet given prefixes ([`PartJson::settle`] gives them).
    fn head_from_json(root: &Map<String, Value>, version: Version) -> Result<Document, String> {
        document_from(root, channel_from(root, version)?)
    }

    fn part_from_json(value: &Value, _: usize, version: Version) -> Result<Item, String> {
        item_from(value, version)
    }

    fn learn(names: &mut ItemNames, item: &mut Item) {
        names.attributes.attributes(&mut item.attributes);
        names.elements.elements(&mut item.extensions);
    }

    /// Declares the namespaces on `<rss>`, with the prefixes
    /// `extensions::declare_prefixes` would choose for the whole
    /// document: its names in the order it meets them.
    fn settle(head: &mut Document, items: &mut ItemNames) {
        let mut names = extensions::Names::default();
        names.attributes(&mut head.attributes);
        names.attributes(&mut head.channel.attributes);
        names.then(std::mem::take(&mut items.attributes));
        names.elements(&mut head.channel.extensions);
        if let Some(image) = &mut head.channel.image {
            names.elements(&mut image.extensions);
        }
        if let Some(input) = &mut head.channel.text_input {
            names.elements(&mut input.extensions);
        }
        names.then(std::mem::take(&mut items.elements));
        names.elements(&mut head.extensions);
        let prefixes = names.prefixes();
        prefixes.apply(head);
        head.namespaces
            .extend(prefixes.declarations.iter().cloned());
        items.prefixes = Some(prefixes);
    }

    fn settle_part(names: &ItemNames, item: &mut Item) {
        if let Some(prefixes) = &names.prefixes {
            prefixes.apply_to_item(item);
        }
    }
}

/// The extension names of the items, gathered apart from the head's, and
/// then the prefixes chosen for the whole document.
#[derive(Debug, Default)]
pub struct ItemNames {
    attributes: extensions::Names,
    elements: extensions::Names,
    prefixes: Option<extensions::Prefixes>,
}

/// The protocol JSON of an RSS document, to serialise (its items made one
/// at a time).
pub fn rss2_view(d: &Document, version: Version) -> Json<'_> {
    Json::of::<::rss2::Rss2>(d, Member::Items(&d.channel.items, version), version)
}

/// [`PartJson::head_json`] of the document `d`.
fn head_json(d: &Document, version: Version) -> HeadJson {
    let c = &d.channel;
    let v2 = version >= Version::V2;
    let channel = members([
        ("title", text(&c.title)),
        ("link", text(&c.link)),
        ("description", text(&c.description)),
        ("language", text(&c.language)),
        ("copyright", text(&c.copyright)),
        ("managingEditor", text(&c.managing_editor)),
        ("webMaster", text(&c.web_master)),
        ("pubDate", text(&c.pub_date)),
        ("lastBuildDate", text(&c.last_build_date)),
        ("categories", categories(&c.categories)),
        ("generator", text(&c.generator)),
        ("docs", text(&c.docs)),
        (
            "cloud",
            c.cloud.as_ref().map(|cloud| {
                members([
                    ("domain", text(&cloud.domain)),
                    ("port", text(&cloud.port)),
                    ("path", text(&cloud.path)),
                    ("registerProcedure", text(&cloud.register_procedure)),
                    ("protocol", text(&cloud.protocol)),
                ])
            }),
        ),
        ("ttl", text(&c.ttl)),
        (
            "image",
            c.image.as_ref().map(|image| {
                members([
                    ("url", text(&image.url)),
                    ("title", text(&image.title)),
                    ("link", text(&image.link)),
                    ("width", text(&image.width)),
                    ("height", text(&image.height)),
                    ("description", text(&image.description)),
                    ("extensions", elements(&image.extensions, version)),
                ])
            }),
        ),
        ("rating", text(&c.rating)),
        (
            c.text_input
                .as_ref()
                .map_or("textInput", |input| text_input_key(input.spelling, version)),
            c.text_input.as_ref().map(|input| {
                members([
                    ("title", text(&input.title)),
                    ("description", text(&input.description)),
                    ("name", text(&input.name)),
                    ("link", text(&input.link)),
                    ("extensions", elements(&input.extensions, version)),
                ])
            }),
        ),
        ("skipHours", c.skip_hours.as_ref().map(|h| json!(h))),
        ("skipDays", c.skip_days.as_ref().map(|d| json!(d))),
        ("attributes", attributes(&c.attributes, version)),
        ("extensions", elements(&c.extensions, version)),
    ]);
    let before = [
        ("format", Some(json!("rss2"))),
        ("version", text(&d.version)),
        (
            "namespace",
            rss_namespace(d).filter(|_| v2).map(|uri| json!(uri)),
        ),
        ("attributes", attributes(&d.attributes, version)),
        ("channel", Some(channel)),
    ];
    HeadJson {
        before: present(before),
        after: present([("extensions", elements(&d.extensions, version))]),
    }
}

/// The members that are present.
fn present<const N: usize>(
    members: [(&'static str, Option<Value>); N],
) -> Vec<(&'static str, Value)> {
    members
        .into_iter()
        .filter_map(|(key, value)| Some((key, value?)))
        .collect()
}

/// The protocol JSON of an RSS document.
pub fn rss2_json(d: &Document, version: Version) -> Value {
    rss2_view(d, version).to_value()
}

fn categories_from(parent: &Map<String, Value>) -> Result<Vec<Category>, String> {
    let Some(list) = parent.get("categories") else {
        return Ok(Vec::new());
    };
    let list = list.as_array().ok_or("`categories` is not an array")?;
    list.iter()
        .map(|value| {
            let object = value.as_object().ok_or("a category is not an object")?;
            Ok(Category {
                domain: string(object, "domain")?,
                value: string(object, "value")?.ok_or("a category has no `value`")?,
            })
        })
        .collect()
}

fn enclosure_from(e: &Map<String, Value>) -> Result<Enclosure, String> {
    Ok(Enclosure {
        url: string(e, "url")?,
        length: string(e, "length")?,
        type_: string(e, "type")?,
    })
}

/// Refuses the members that another version than `version` has, rather
/// than leave out what they hold.
fn only_in(
    parent: &Map<String, Value>,
    version: Version,
    v1_only: &[&str],
    v2_only: &[&str],
) -> Result<(), String> {
    let (foreign, theirs) = match version {
        Version::V1 => (v2_only, Version::V2),
        Version::V2 => (v1_only, Version::V1),
    };
    match foreign.iter().find(|key| parent.contains_key(**key)) {
        Some(key) => Err(format!(
            "`{key}` is a member of protocol {theirs}, and this JSON is protocol {version}{}",
            if theirs == Version::V2 {
                " (give \"protocol\": 2)"
            } else {
                ""
            }
        )),
        None => Ok(()),
    }
}

/// Version 2's `"extensions"` of `parent` (none when it has none).
fn elements_from(parent: &Map<String, Value>) -> Result<Vec<ExtensionElement>, String> {
    parent
        .get("extensions")
        .map_or(Ok(Vec::new()), extensions::elements_from)
}

/// Version 2's `"attributes"` of `parent` (none when it has none).
fn attributes_from(parent: &Map<String, Value>) -> Result<Vec<ExtensionAttribute>, String> {
    parent
        .get("attributes")
        .map_or(Ok(Vec::new()), extensions::attributes_from)
}

/// The document the JSON describes, in `version` of the protocol.
pub(super) fn from_json(root: &Map<String, Value>, version: Version) -> Result<Document, String> {
    let mut channel = channel_from(root, version)?;
    let items = match root.get("items") {
        None => &Vec::new(),
        Some(Value::Array(items)) => items,
        Some(_) => return Err("`items` is not an array".into()),
    };
    for value in items {
        channel.items.push(item_from(value, version)?);
    }
    let mut document = document_from(root, channel)?;
    extensions::declare_prefixes(&mut document);
    Ok(document)
}

/// The channel the root object `root` describes, but its items; checks
/// that the root has no member of another version.
fn channel_from(root: &Map<String, Value>, version: Version) -> Result<Channel, String> {
    const EXTENDED: [&str; 2] = ["attributes", "extensions"];
    only_in(
        root,
        version,
        &[],
        &["namespace", "attributes", "extensions"],
    )?;
    let c = object(root, "channel")?.ok_or("`channel` is missing")?;
    only_in(c, version, &[], &[&EXTENDED[..], &["textinput"]].concat())?;
    let mut channel = Channel {
        title: string(c, "title")?,
        link: string(c, "link")?,
        description: string(c, "description")?,
        language: string(c, "language")?,
        copyright: string(c, "copyright")?,
        managing_editor: string(c, "managingEditor")?,
        web_master: string(c, "webMaster")?,
        pub_date: string(c, "pubDate")?,
        last_build_date: string(c, "lastBuildDate")?,
        categories: categories_from(c)?,
        generator: string(c, "generator")?,
        docs: string(c, "docs")?,
        ttl: string(c, "ttl")?,
        rating: string(c, "rating")?,
        skip_hours: string_list(c, "skipHours")?,
        skip_days: string_list(c, "skipDays")?,
        attributes: attributes_from(c)?,
        extensions: elements_from(c)?,
        ..Channel::default()
    };
    if let Some(cloud) = object(c, "cloud")? {
        channel.cloud = Some(rss2::Cloud {
            domain: string(cloud, "domain")?,
            port: string(cloud, "port")?,
            path: string(cloud, "path")?,
            register_procedure: string(cloud, "registerProcedure")?,
            protocol: string(cloud, "protocol")?,
        });
    }
    if let Some(image) = object(c, "image")? {
        only_in(image, version, &[], &EXTENDED[1..])?;
        channel.image = Some(rss2::Image {
            url: string(image, "url")?,
            title: string(image, "title")?,
            link: string(image, "link")?,
            width: string(image, "width")?,
            height: string(image, "height")?,
            description: string(image, "description")?,
            extensions: elements_from(image)?,
        });
    }
    let text_inputs = [TextInputSpelling::TextInput, TextInputSpelling::Lowercase]
        .into_iter()
        .map(|spelling| Ok(object(c, spelling.as_str())?.map(|input| (spelling, input))))
        .collect::<Result<Vec<_>, String>>()?;
    match text_inputs.as_slice() {
        [Some(_), Some(_)] => {
            return Err("the channel has both `textInput` and `textinput`; RSS has one".into());
        }
        [Some((spelling, input)), None] | [None, Some((spelling, input))] => {
            only_in(input, version, &[], &EXTENDED[1..])?;
            channel.text_input = Some(rss2::TextInput {
                title: string(input, "title")?,
                description: string(input, "description")?,
                name: string(input, "name")?,
                link: string(input, "link")?,
                spelling: *spelling,
                extensions: elements_from(input)?,
            });
        }
        _ => {}
    }
    Ok(channel)
}

/// The item an element of `"items"` describes (its extension names not
/// yet given prefixes).
fn item_from(value: &Value, version: Version) -> Result<Item, String> {
    const EXTENDED: [&str; 2] = ["attributes", "extensions"];
    let i = value.as_object().ok_or("an item is not an object")?;
    only_in(
        i,
        version,
        &["enclosure"],
        &[&EXTENDED[..], &["enclosures"]].concat(),
    )?;
    let mut item = Item {
        title: string(i, "title")?,
        link: string(i, "link")?,
        description: string(i, "description")?,
        author: string(i, "author")?,
        categories: categories_from(i)?,
        comments: string(i, "comments")?,
        pub_date: string(i, "pubDate")?,
        attributes: attributes_from(i)?,
        extensions: elements_from(i)?,
        ..Item::default()
    };
    if let Some(e) = object(i, "enclosure")? {
        item.enclosures.push(enclosure_from(e)?);
    }
    if let Some(list) = i.get("enclosures") {
        let list = list.as_array().ok_or("`enclosures` is not an array")?;
        for e in list {
            let e = e.as_object().ok_or("an enclosure is not an object")?;
            item.enclosures.push(enclosure_from(e)?);
        }
    }
    if let Some(g) = object(i, "guid")? {
        item.guid = Some(rss2::Guid {
            value: string(g, "value")?.ok_or("a guid has no `value`")?,
            is_perma_link: string(g, "isPermaLink")?,
        });
    }
    if let Some(s) = object(i, "source")? {
        item.source = Some(rss2::Source {
            url: string(s, "url")?,
            value: string(s, "value")?.ok_or("a source has no `value`")?,
        });
    }
    Ok(item)
}

/// The document of `channel` and the members of the root object `root`
/// around it (its extension names not yet given prefixes).
fn document_from(root: &Map<String, Value>, channel: Channel) -> Result<Document, String> {
    let mut document = Document {
        version: string(root, "version")?,
        attributes: attributes_from(root)?,
        channel,
        extensions: elements_from(root)?,
        ..Document::default()
    };
    if let Some(uri) = string(root, "namespace")? {
        document
            .namespaces
            .push(NamespaceDecl { prefix: None, uri });
    }
    Ok(document)
}
