//! Version 2's extension elements and attributes: an element as its
//! namespace URI, local name, attributes and children; attributes as an
//! object keyed by expanded name (`{URI}local`). Prefixes are not in the
//! JSON: the encoder chooses them ([`declare_prefixes`]), except a prefix
//! the file never declared, which stays part of the name as written.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Value};

use rss2::{Document, ExtensionAttribute, ExtensionElement, ExtensionNode, Item, NamespaceDecl};

use super::{optional, string};

/// The namespace the prefix `xml` is bound to (Namespaces in XML 1.0 §3).
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
/// The namespace of namespace declarations: no element or attribute is in it.
const XMLNS_NS: &str = "http://www.w3.org/2000/xmlns/";

/// The prefixes feeds use for the namespaces they use most, which the
/// encoder writes when nothing else in the document has them (a namespace
/// not here gets `ns1`, `ns2`, ...).
const CONVENTIONAL_PREFIXES: [(&str, &str); 5] = [
    (rss2::DC_NS, "dc"),
    (rss2::CONTENT_NS, "content"),
    (rss2::ATOM_NS, "atom"),
    ("http://search.yahoo.com/mrss/", "media"),
    ("http://www.itunes.com/dtds/podcast-1.0.dtd", "itunes"),
];

/// The members an element object may have.
const ELEMENT_MEMBERS: [&str; 4] = ["namespace", "name", "attributes", "children"];

/// A name or namespace URI of an extension element or attribute.
type Name = Cow<'static, str>;

/// A name as the JSON shows it: the local name, or `prefix:local` when the
/// prefix was never declared (the name is then in no namespace).
fn shown_name(namespace: Option<&Name>, prefix: Option<&Name>, local: &str) -> String {
    match (namespace, prefix) {
        (None, Some(prefix)) => format!("{prefix}:{local}"),
        _ => local.to_owned(),
    }
}

/// A namespace declaration kept as an attribute (never by the reader).
fn is_declaration(a: &ExtensionAttribute) -> bool {
    a.prefix.as_deref() == Some("xmlns") || (a.prefix.is_none() && a.name == "xmlns")
}

/// The `"extensions"` array of extension elements.
pub(super) fn elements_json(list: &[ExtensionElement]) -> Value {
    Value::Array(list.iter().map(element_json).collect())
}

fn element_json(e: &ExtensionElement) -> Value {
    // Serialising into a `Value` cannot fail: every key is a string.
    serde_json::to_value(ElementJson(e)).unwrap_or(Value::Null)
}

/// An extension element's object, serialised as it is written: its
/// children one at a time, never a tree of JSON values (issue #28). Its
/// attributes are one object (an element's attributes are few, and
/// their keys are expanded names, of which the last written wins).
pub(super) struct ElementJson<'a>(pub(super) &'a ExtensionElement);

impl Serialize for ElementJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let e = self.0;
        let mut map = serializer.serialize_map(None)?;
        optional(&mut map, "namespace", e.namespace.as_ref())?;
        map.serialize_entry(
            "name",
            &shown_name(e.namespace.as_ref(), e.prefix.as_ref(), &e.name),
        )?;
        let attributes = attributes_json(&e.attributes);
        optional(
            &mut map,
            "attributes",
            Some(&attributes).filter(|a| a.as_object().is_some_and(|a| !a.is_empty())),
        )?;
        // Text in a row is one string, and there is no empty one.
        let shown = |child: &ExtensionNode| match child {
            ExtensionNode::Text(text) => !text.is_empty(),
            ExtensionNode::Element(_) => true,
        };
        optional(
            &mut map,
            "children",
            e.children
                .iter()
                .any(shown)
                .then_some(Children(&e.children)),
        )?;
        map.end()
    }
}

/// An element's `"children"` array: each child element, and each run of
/// text as one string, written as met.
struct Children<'a>(&'a [ExtensionNode]);

impl Serialize for Children<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        let mut run: Option<Cow<'_, str>> = None;
        for child in self.0 {
            match child {
                ExtensionNode::Text(text) if text.is_empty() => {}
                ExtensionNode::Text(text) => match &mut run {
                    Some(run) => run.to_mut().push_str(text),
                    None => run = Some(Cow::Borrowed(text)),
                },
                ExtensionNode::Element(child) => {
                    if let Some(text) = run.take() {
                        seq.serialize_element(&text)?;
                    }
                    seq.serialize_element(&ElementJson(child))?;
                }
            }
        }
        if let Some(text) = run {
            seq.serialize_element(&text)?;
        }
        seq.end()
    }
}

/// An `"attributes"` object, keyed by expanded name.
pub(super) fn attributes_json(list: &[ExtensionAttribute]) -> Value {
    Value::Object(
        list.iter()
            .filter(|a| !is_declaration(a))
            .map(|a| {
                let key = match &a.namespace {
                    Some(ns) => format!("{{{ns}}}{}", a.name),
                    None => shown_name(None, a.prefix.as_ref(), &a.name),
                };
                (key, Value::from(&*a.value))
            })
            .collect(),
    )
}

/// Splits a name in no namespace: `prefix:local` (a prefix never
/// declared) or a plain local name.
fn undeclared(name: &str) -> Result<(Option<String>, String), String> {
    if name == "xmlns" || name.starts_with("xmlns:") {
        return Err(format!(
            "`{name}` names a namespace declaration, which is not in the JSON: the encoder declares the namespaces it needs"
        ));
    }
    match name.split_once(':') {
        Some(("xml", _)) => Err(format!(
            "`{name}`: the prefix `xml` is always declared; give its namespace `{XML_NS}`"
        )),
        Some((prefix, local)) => Ok((Some(prefix.to_owned()), local.to_owned())),
        None => Ok((None, name.to_owned())),
    }
}

/// A namespace URI given in the JSON, checked.
fn namespace(uri: &str, name: &str) -> Result<(), String> {
    if uri.is_empty() {
        return Err(format!(
            "`{name}` has the namespace \"\", which is no namespace: leave `namespace` out"
        ));
    }
    if uri == XMLNS_NS {
        return Err(format!(
            "`{name}` is in the namespace `{XMLNS_NS}`, which only namespace declarations are in"
        ));
    }
    if name.contains(':') {
        return Err(format!(
            "`{name}` is not a local name (it holds a colon) though it has a namespace"
        ));
    }
    Ok(())
}

/// The extension elements of an `"extensions"` array.
pub(super) fn elements_from(value: &Value) -> Result<Vec<ExtensionElement>, String> {
    value
        .as_array()
        .ok_or_else(|| format!("`extensions` is {value}, not an array"))?
        .iter()
        .map(element_from)
        .collect()
}

fn element_from(value: &Value) -> Result<ExtensionElement, String> {
    let object = value
        .as_object()
        .ok_or_else(|| format!("an extension element is {value}, not an object"))?;
    if let Some(key) = object
        .keys()
        .find(|key| !ELEMENT_MEMBERS.contains(&key.as_str()))
    {
        return Err(format!(
            "an extension element has the member `{key}`; it has only {}",
            ELEMENT_MEMBERS.join(", ")
        ));
    }
    let written = string(object, "name")?.ok_or("an extension element has no `name`")?;
    let ns = string(object, "namespace")?;
    let (prefix, name) = match &ns {
        Some(uri) => {
            namespace(uri, &written)?;
            (None, written)
        }
        None => undeclared(&written)?,
    };
    let attributes = object
        .get("attributes")
        .map_or(Ok(Vec::new()), attributes_from)?;
    let mut children = Vec::new();
    if let Some(list) = object.get("children") {
        let list = list
            .as_array()
            .ok_or_else(|| format!("the `children` of `{name}` are not an array"))?;
        for child in list {
            match child {
                Value::String(text) if text.is_empty() => {
                    return Err(format!(
                        "`{name}` has an empty text child; text is never empty"
                    ));
                }
                Value::String(text) => {
                    if let Some(ExtensionNode::Text(_)) = children.last() {
                        return Err(format!(
                            "`{name}` has two texts in a row; text in a row is one string"
                        ));
                    }
                    children.push(ExtensionNode::Text(text.clone()));
                }
                other => children.push(ExtensionNode::Element(Box::new(element_from(other)?))),
            }
        }
    }
    Ok(ExtensionElement {
        namespace: ns.map(Cow::Owned),
        prefix: prefix.map(Cow::Owned),
        name: Cow::Owned(name),
        attributes,
        children: children.into(),
    })
}

/// The attributes of an `"attributes"` object.
pub(super) fn attributes_from(value: &Value) -> Result<Vec<ExtensionAttribute>, String> {
    let object: &Map<String, Value> = value
        .as_object()
        .ok_or_else(|| format!("`attributes` is {value}, not an object"))?;
    object
        .iter()
        .map(|(key, value)| {
            let value = value
                .as_str()
                .ok_or_else(|| format!("the attribute `{key}` is {value}, not a string"))?
                .to_owned();
            let attribute = match key.strip_prefix('{') {
                Some(rest) => {
                    let (uri, name) = rest.rsplit_once('}').ok_or_else(|| {
                        format!("the attribute key `{key}` opens `{{` and has no `}}`")
                    })?;
                    namespace(uri, name)?;
                    ExtensionAttribute {
                        namespace: Some(Cow::Owned(uri.to_owned())),
                        prefix: None,
                        name: Cow::Owned(name.to_owned()),
                        value: Cow::Owned(value),
                    }
                }
                None => {
                    let (prefix, name) = undeclared(key)?;
                    ExtensionAttribute {
                        namespace: None,
                        prefix: prefix.map(Cow::Owned),
                        name: Cow::Owned(name),
                        value: Cow::Owned(value),
                    }
                }
            };
            Ok(attribute)
        })
        .collect()
}

/// Calls `visit` with the namespace and prefix of every extension element
/// and attribute of the document, in document order: the attributes of
/// `<rss>`, `<channel>` and each item, then the elements of the channel,
/// its image, its text input, each item and `<rss>`.
fn each_name(document: &mut Document, visit: &mut dyn FnMut(Option<&Name>, &mut Option<Name>)) {
    let channel = &mut document.channel;
    let mut attribute_lists = vec![&mut document.attributes, &mut channel.attributes];
    let mut roots: Vec<&mut ExtensionElement> = Vec::new();
    roots.extend(channel.extensions.iter_mut());
    if let Some(image) = &mut channel.image {
        roots.extend(image.extensions.iter_mut());
    }
    if let Some(input) = &mut channel.text_input {
        roots.extend(input.extensions.iter_mut());
    }
    for item in &mut channel.items {
        attribute_lists.push(&mut item.attributes);
        roots.extend(item.extensions.iter_mut());
    }
    roots.extend(document.extensions.iter_mut());
    for list in attribute_lists {
        each_attribute_name(list, visit);
    }
    each_element_name(roots, visit);
}

/// Calls `visit` with the namespace and prefix of each attribute of `list`.
fn each_attribute_name(
    list: &mut [ExtensionAttribute],
    visit: &mut dyn FnMut(Option<&Name>, &mut Option<Name>),
) {
    for a in list {
        visit(a.namespace.as_ref(), &mut a.prefix);
    }
}

/// Calls `visit` with the namespace and prefix of the elements `roots`,
/// their attributes and their descendants, depth first, in document order.
fn each_element_name(
    mut roots: Vec<&mut ExtensionElement>,
    visit: &mut dyn FnMut(Option<&Name>, &mut Option<Name>),
) {
    // Depth first, without recursion: children are pushed last first.
    roots.reverse();
    let mut stack = roots;
    while let Some(element) = stack.pop() {
        visit(element.namespace.as_ref(), &mut element.prefix);
        for a in &mut element.attributes {
            visit(a.namespace.as_ref(), &mut a.prefix);
        }
        let first = stack.len();
        for child in &mut element.children {
            if let ExtensionNode::Element(child) = child {
                stack.push(child);
            }
        }
        stack[first..].reverse();
    }
}

/// The names of a document's extension elements and attributes, as far as
/// choosing prefixes needs them: the prefixes written undeclared (taken)
/// and the namespace URIs, in the order they are first met. Gathered for
/// a whole document ([`Names::of`]), or piece by piece for a document
/// too long to hold ([`Names::attributes`], [`Names::elements`],
/// [`Names::then`]) in the order [`each_name`] visits them.
#[derive(Debug, Default)]
pub(super) struct Names {
    taken: HashSet<String>,
    uris: Vec<String>,
    /// The URIs of `uris`, to tell a new one in constant time (a JSON
    /// document may name thousands of namespaces; a search of `uris` for
    /// each name was quadratic).
    known: HashSet<String>,
}

impl Names {
    /// The names of the whole document.
    fn of(document: &mut Document) -> Names {
        let mut names = Names::default();
        each_name(document, &mut |namespace, prefix| {
            names.visit(namespace, prefix)
        });
        names
    }

    fn visit(&mut self, namespace: Option<&Name>, prefix: &Option<Name>) {
        match namespace {
            None => self.taken.extend(prefix.as_deref().map(str::to_owned)),
            Some(uri) if uri == XML_NS || self.known.contains(&**uri) => {}
            Some(uri) => {
                self.known.insert(uri.to_string());
                self.uris.push(uri.to_string());
            }
        }
    }

    /// Adds the names of the attributes `list`.
    pub(super) fn attributes(&mut self, list: &mut [ExtensionAttribute]) {
        each_attribute_name(list, &mut |namespace, prefix| self.visit(namespace, prefix));
    }

    /// Adds the names of the elements `list` and their subtrees.
    pub(super) fn elements(&mut self, list: &mut [ExtensionElement]) {
        each_element_name(list.iter_mut().collect(), &mut |namespace, prefix| {
            self.visit(namespace, prefix);
        });
    }

    /// Adds the names `later`, met after these.
    pub(super) fn then(&mut self, later: Names) {
        self.taken.extend(later.taken);
        for uri in later.uris {
            if self.known.insert(uri.clone()) {
                self.uris.push(uri);
            }
        }
    }

    /// Chooses a prefix for each namespace: a feed's conventional prefix
    /// where the document does not use it otherwise, else `ns1`, `ns2`,
    /// ... A prefix written undeclared (in no namespace) is never given to
    /// a namespace, or the name would change meaning.
    pub(super) fn prefixes(self) -> Prefixes {
        let Names {
            mut taken, uris, ..
        } = self;
        let mut declarations = Vec::new();
        let mut prefixes: HashMap<String, String> = HashMap::new();
        let mut next = 1;
        for uri in uris {
            let conventional = CONVENTIONAL_PREFIXES
                .iter()
                .find(|(ns, prefix)| *ns == uri && !taken.contains(*prefix))
                .map(|(_, prefix)| (*prefix).to_owned());
            let prefix = conventional.unwrap_or_else(|| {
                loop {
                    let candidate = format!("ns{next}");
                    next += 1;
                    if !taken.contains(&candidate) {
                        break candidate;
                    }
                }
            });
            taken.insert(prefix.clone());
            declarations.push(NamespaceDecl {
                prefix: Some(prefix.clone()),
                uri: uri.clone(),
            });
            prefixes.insert(uri, prefix);
        }
        Prefixes {
            declarations,
            prefixes,
        }
    }
}

/// The prefix chosen for each namespace of a document, and their
/// declarations (to write on `<rss>`).
#[derive(Debug)]
pub(super) struct Prefixes {
    /// The declarations, in the order the namespaces were first met.
    pub(super) declarations: Vec<NamespaceDecl>,
    prefixes: HashMap<String, String>,
}

impl Prefixes {
    fn set(&self, namespace: Option<&Name>, prefix: &mut Option<Name>) {
        if let Some(uri) = namespace {
            *prefix = if uri == XML_NS {
                Some(Cow::Borrowed("xml"))
            } else {
                self.prefixes.get(&**uri).cloned().map(Cow::Owned)
            };
        }
    }

    /// Gives every namespaced extension element and attribute of the
    /// document its prefix.
    pub(super) fn apply(&self, document: &mut Document) {
        each_name(document, &mut |namespace, prefix| {
            self.set(namespace, prefix)
        });
    }

    /// Gives every namespaced extension element and attribute of `item`
    /// its prefix, as [`declare_prefixes`] does for an item of the
    /// document.
    pub(super) fn apply_to_item(&self, item: &mut Item) {
        let set = &mut |namespace: Option<&Name>, prefix: &mut Option<Name>| {
            self.set(namespace, prefix);
        };
        each_attribute_name(&mut item.attributes, set);
        each_element_name(item.extensions.iter_mut().collect(), set);
    }
}

/// Gives every namespaced extension element and attribute a prefix and
/// declares them all on `<rss>` (see [`Names::prefixes`]).
pub(super) fn declare_prefixes(document: &mut Document) {
    let prefixes = Names::of(document).prefixes();
    prefixes.apply(document);
    document.namespaces.extend(prefixes.declarations);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An element `local` in namespace `uri` (none: no namespace), with
    /// the prefix `prefix` as written.
    fn element(uri: Option<&str>, prefix: Option<&str>, local: &str) -> ExtensionElement {
        ExtensionElement {
            namespace: uri.map(|u| Cow::Owned(u.to_owned())),
            prefix: prefix.map(|p| Cow::Owned(p.to_owned())),
            name: Cow::Owned(local.to_owned()),
            attributes: Vec::new(),
            children: rss2::ExtensionChildren::new(),
        }
    }

    /// Namespaces are declared once each, in the order first met, also
    /// when gathered piece by piece; the XML namespace is never declared,
    /// and a prefix written undeclared is not given to a namespace.
    #[test]
    fn each_namespace_is_declared_once_in_the_order_first_met() {
        let mut first = Names::default();
        first.elements(&mut [
            element(Some("urn:b"), None, "x"),
            element(Some(rss2::DC_NS), None, "creator"),
            element(Some("urn:b"), None, "y"),
            element(Some(XML_NS), None, "lang"),
            element(None, Some("ns1"), "z"),
        ]);
        let mut later = Names::default();
        later.elements(&mut [
            element(Some("urn:c"), None, "x"),
            element(Some(rss2::DC_NS), None, "date"),
            element(Some("urn:b"), None, "x"),
        ]);
        first.then(later);
        let declared: Vec<_> = first
            .prefixes()
            .declarations
            .into_iter()
            .map(|d| (d.prefix.unwrap_or_default(), d.uri))
            .collect();
        let expected = [("ns2", "urn:b"), ("dc", rss2::DC_NS), ("ns3", "urn:c")]
            .map(|(p, u)| (p.to_owned(), u.to_owned()));
        assert_eq!(declared, expected);
    }

    /// Thousands of namespaces, each named twice, are each declared once.
    #[test]
    fn many_namespaces_are_declared_once_each() {
        let uris: Vec<String> = (0..20_000).map(|n| format!("urn:n{n}")).collect();
        let mut list: Vec<_> = uris
            .iter()
            .chain(&uris)
            .map(|uri| element(Some(uri), None, "x"))
            .collect();
        let mut names = Names::default();
        names.elements(&mut list);
        let declared: Vec<_> = names
            .prefixes()
            .declarations
            .into_iter()
            .map(|d| d.uri)
            .collect();
        assert_eq!(declared, uris);
    }
}
