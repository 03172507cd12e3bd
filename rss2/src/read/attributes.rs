//! Attributes: resolved against the namespaces in scope, unescaped and
//! normalised (XML 1.0 §3.3.3) with the checks quick-xml leaves out, then
//! kept where RSS defines them and reported where it does not.

use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;

use quick_xml::XmlVersion;
use quick_xml::events::BytesStart;
use quick_xml::events::attributes::Attribute;
use quick_xml::name::{Prefix, PrefixDeclaration, QName, ResolveResult};

use super::text::{is_all_xml_space, trimmed};
use super::{Parser, Stop};
use crate::document::{ExtensionAttribute, NamespaceDecl};
use crate::namespaces::Namespaces;
use crate::rules;
use crate::xml_chars::is_name;

/// An attribute, resolved and unescaped; borrowed where it can be.
pub(super) struct Attr<'t> {
    pub(super) namespace: Option<Cow<'t, str>>,
    pub(super) prefix: Option<&'t str>,
    pub(super) local: &'t str,
    pub(super) value: Cow<'t, str>,
}

impl Attr<'_> {
    /// The attribute as the document keeps one it does not know.
    pub(super) fn into_extension(self) -> ExtensionAttribute {
        ExtensionAttribute {
            namespace: self.namespace.map(|ns| Cow::Owned(ns.into_owned())),
            prefix: self.prefix.map(|p| Cow::Owned(p.to_owned())),
            name: Cow::Owned(self.local.to_owned()),
            value: Cow::Owned(self.value.into_owned()),
        }
    }
}

impl Parser<'_> {
    /// The attributes of `tag`: the namespace declarations apart, the
    /// others resolved against `namespaces` and unescaped.
    pub(super) fn resolve_attributes<'t>(
        &mut self,
        namespaces: &'t Namespaces,
        tag: &'t BytesStart<'_>,
        span: &Range<usize>,
    ) -> Result<(Vec<NamespaceDecl>, Vec<Attr<'t>>), Stop> {
        let mut decls = Vec::new();
        let mut attrs = Vec::new();
        if is_all_xml_space(tag.attributes_raw()) {
            // Most tags have no attributes: no iterator to set up.
            return Ok((decls, attrs));
        }
        // quick-xml's duplicate check keeps the keys in a `Vec` it
        // allocates for every tag; [`SeenKeys`] keeps them on the stack.
        let mut walk = tag.attributes();
        walk.with_checks(false);
        let mut seen = SeenKeys::default();
        for attr in walk {
            let attr = match attr {
                Ok(attr) if seen.insert(attr.key.0) => attr,
                _ => {
                    // A malformed attribute or a repeated name: the error
                    // quick-xml's checked walk gives, which stops at the
                    // same attribute (or at the repeated name before a
                    // malformed value), with its own words and positions.
                    let message = match tag.attributes().find_map(Result::err) {
                        Some(error) => format!("not well-formed attribute: {error}"),
                        None => "not well-formed attribute".to_owned(),
                    };
                    self.reporter
                        .fatal(rules::NOT_WELL_FORMED, span.clone(), message);
                    return Err(Stop);
                }
            };
            if !is_name(attr.key.as_ref()) {
                self.reporter.fatal(
                    rules::NOT_WELL_FORMED,
                    span.clone(),
                    format!("`{}` is not an XML name", attr.key.as_ref()),
                );
                return Err(Stop);
            }
            let value = self.attribute_value(&attr, span)?;
            if let Some(binding) = attr.key.as_namespace_binding() {
                let prefix = match binding {
                    PrefixDeclaration::Default => None,
                    PrefixDeclaration::Named(p) => Some(p.to_owned()),
                };
                decls.push(NamespaceDecl {
                    prefix,
                    uri: value.into_owned(),
                });
                continue;
            }
            let (local, prefix) = split_name(attr.key);
            let resolved = namespaces.resolve(prefix, false);
            let prefix = prefix.map(Prefix::into_inner);
            let namespace = self.namespace_of(resolved, namespaces.uris_normalized(), span, |p| {
                format!("the attribute prefix `{p}` is not declared")
            });
            attrs.push(Attr {
                namespace,
                prefix,
                local,
                value,
            });
        }
        Ok((decls, attrs))
    }

    /// Normalises and unescapes an attribute value (XML 1.0 §3.3.3) with
    /// quick-xml, after checking what quick-xml does not: no `<` (XML 1.0
    /// §3.1 WFC: No < in Attribute Values) and every reference resolvable
    /// to characters XML allows.
    fn attribute_value<'t>(
        &mut self,
        attr: &Attribute<'t>,
        span: &Range<usize>,
    ) -> Result<Cow<'t, str>, Stop> {
        let raw: &str = &attr.value;
        if !self.drop_controls
            && !raw
                .bytes()
                .any(|b| matches!(b, b'<' | b'&' | b'\t' | b'\r' | b'\n'))
        {
            // Nothing to refuse, resolve or normalize (the bytes XML 1.0
            // normalization acts on are `&` and line ends and tabs): the
            // value as `normalized_value_with` returns it, by one scan.
            return Ok(attr.value.clone());
        }
        if raw.contains('<') {
            self.reporter.fatal(
                rules::NOT_WELL_FORMED,
                span.clone(),
                "`<` in an attribute value (write `&lt;`)",
            );
            return Err(Stop);
        }
        // Without an `&` there is no reference to check (and nothing to
        // report): `check_attribute` would find only character data.
        if raw.as_bytes().contains(&b'&') {
            let mut html = Vec::new();
            let result = self.entities.check_attribute(raw, &mut html);
            self.report_entities(result, html, span)?;
        }
        let entities = &self.entities;
        match attr.normalized_value_with(XmlVersion::Implicit1_0, 64, |name| {
            entities.replacement(name)
        }) {
            Ok(value) if self.drop_controls => {
                Ok(Cow::Owned(super::without_controls(&value).into_owned()))
            }
            Ok(value) => Ok(value),
            Err(error) => {
                self.reporter.fatal(
                    rules::NOT_WELL_FORMED,
                    span.clone(),
                    format!("not well-formed attribute value: {error}"),
                );
                Err(Stop)
            }
        }
    }

    /// Reports every attribute of an element RSS gives none.
    pub(super) fn no_attributes(
        &mut self,
        attrs: Vec<Attr<'_>>,
        element: &str,
        span: &Range<usize>,
    ) {
        for attr in attrs {
            self.unknown_attribute(&attr, element, span);
        }
    }

    /// Reports an attribute RSS does not define on `element`.
    pub(super) fn unknown_attribute(
        &mut self,
        attr: &Attr<'_>,
        element: &str,
        span: &Range<usize>,
    ) {
        let name = match attr.prefix {
            Some(p) => format!("{p}:{}", attr.local),
            None => attr.local.to_owned(),
        };
        self.reporter.departure(
            rules::UNKNOWN_ATTRIBUTE,
            span.clone(),
            format!("the attribute `{name}` of <{element}> is not RSS 2.0; dropped"),
        );
    }

    /// The values of the attributes `names` of `element`, in that order
    /// (on the stack: no allocation besides the values).
    pub(super) fn take_attributes<const N: usize>(
        &mut self,
        attrs: Vec<Attr<'_>>,
        element: &str,
        names: &[&str; N],
        span: &Range<usize>,
    ) -> [Option<String>; N] {
        let mut values: [Option<String>; N] = std::array::from_fn(|_| None);
        for attr in attrs {
            let slot = if attr.prefix.is_none() {
                names
                    .iter()
                    .position(|n| *n == attr.local)
                    .and_then(|i| values.get_mut(i))
                    .filter(|slot| slot.is_none())
            } else {
                None
            };
            match slot {
                Some(slot) => *slot = Some(trimmed(&attr.value)),
                None => self.unknown_attribute(&attr, element, span),
            }
        }
        for (name, value) in names.iter().zip(&values) {
            if value.is_none() {
                self.reporter.departure(
                    rules::missing_attribute(element),
                    span.clone(),
                    format!("<{element}> has no {name} attribute"),
                );
            }
        }
        values
    }
}

/// The attribute names of one start tag seen so far, for the check that
/// none is repeated (XML 1.0 §3.1 WFC: Unique Att Spec): the first few on
/// the stack, compared one by one as quick-xml compares them; past those, a
/// set, so that a tag of thousands of attributes is not quadratic.
#[derive(Default)]
struct SeenKeys<'t> {
    first: [&'t str; SeenKeys::ON_STACK],
    len: usize,
    more: Option<HashSet<&'t str>>,
}

impl<'t> SeenKeys<'t> {
    /// How many names are kept on the stack.
    const ON_STACK: usize = 8;

    /// Adds `key`; `false` when it was seen already.
    fn insert(&mut self, key: &'t str) -> bool {
        let on_stack = self.first.get(..self.len).unwrap_or_default();
        if on_stack.contains(&key) {
            return false;
        }
        if let Some(slot) = self.first.get_mut(self.len) {
            *slot = key;
            self.len += 1;
            return true;
        }
        self.more.get_or_insert_with(HashSet::new).insert(key)
    }
}

/// A qualified name's local part and prefix, as `QName::decompose` splits
/// them; a name without a `:` (nearly every name) is found so by a plain
/// byte search, shorter than `decompose`'s on names of a few bytes.
pub(super) fn split_name(name: QName<'_>) -> (&str, Option<Prefix<'_>>) {
    if name.0.bytes().any(|b| b == b':') {
        let (local, prefix) = name.decompose();
        (local.into_inner(), prefix)
    } else {
        (name.0, None)
    }
}

impl Parser<'_> {
    /// The namespace a name's prefix resolved to (normalised; `normalized`
    /// when the resolved URIs already are, see
    /// [`Namespaces::uris_normalized`]), `None` for none; an undeclared
    /// prefix is a departure, with `message` naming what carried it.
    pub(super) fn namespace_of<'n>(
        &mut self,
        resolved: ResolveResult<'n>,
        normalized: bool,
        span: &Range<usize>,
        message: impl FnOnce(String) -> String,
    ) -> Option<Cow<'n, str>> {
        match resolved {
            ResolveResult::Bound(ns) if normalized => Some(Cow::Borrowed(ns.0)),
            ResolveResult::Bound(ns) => Some(normalize_uri(ns.0)),
            ResolveResult::Unbound => None,
            ResolveResult::Unknown(prefix) => {
                self.reporter
                    .departure(rules::UNDECLARED_PREFIX, span.clone(), message(prefix));
                None
            }
        }
    }
}

/// A namespace URI as the declaring attribute's normalised value: quick-xml
/// resolves names to the raw attribute text, the declarations kept in the
/// document are normalised (XML 1.0 §3.3.3), and the two must compare equal.
/// Entity references in a namespace URI are XML's predefined ones (a
/// declared entity there is kept as written).
pub(super) fn normalize_uri(raw: &str) -> Cow<'_, str> {
    quick_xml::escape::normalize_attribute_value(
        raw,
        1,
        |b| matches!(*b, b'\t' | b'\r' | b'\n' | b'&'),
        |out, input, index, _| {
            // XML 1.0 §2.11 then §3.3.3: CR LF, CR and LF each become one space.
            out.push(' ');
            let crlf = input.as_bytes().get(index..index + 2) == Some(b"\r\n".as_slice());
            index + if crlf { 2 } else { 1 }
        },
        quick_xml::escape::resolve_xml_entity,
    )
    .unwrap_or(Cow::Borrowed(raw))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use quick_xml::events::Event;
    use quick_xml::reader::Reader;

    use crate::{ReadOptions, read};

    /// The first error quick-xml's checked attribute walk gives for the
    /// first tag of `xml`.
    fn checked_walk_error(xml: &str) -> Option<String> {
        let mut reader = Reader::from_str(xml);
        match reader.read_event() {
            Ok(Event::Start(tag) | Event::Empty(tag)) => tag
                .attributes()
                .find_map(Result::err)
                .map(|error| format!("not well-formed attribute: {error}")),
            _ => None,
        }
    }

    /// The message of the read's error about attributes, if any.
    fn read_error(xml: &str) -> Option<String> {
        let rejected = read(xml.as_bytes(), &ReadOptions::default()).err()?;
        rejected
            .diagnostics
            .iter()
            .map(|d| d.message.clone())
            .find(|m| m.starts_with("not well-formed attribute"))
    }

    const CHANNEL: &str = "<channel><title>t</title><link>http://x.example/</link><description>d</description></channel></rss>";

    #[test]
    fn a_repeated_attribute_is_the_error_quick_xml_gives() {
        for (attributes, expected) in [
            (
                r#"a="1" b="2" a="3""#,
                "position 30: duplicated attribute, previous declaration at position 18",
            ),
            // The repeated name is found before the unquoted value.
            (
                r#"a="1" a=2"#,
                "position 24: duplicated attribute, previous declaration at position 18",
            ),
            (
                r#"xmlns:p="urn:p" xmlns:p="urn:q""#,
                "position 34: duplicated attribute, previous declaration at position 18",
            ),
        ] {
            let xml = format!("<rss version=\"2.0\" {attributes}>{CHANNEL}");
            let expected = format!("not well-formed attribute: {expected}");
            assert_eq!(
                read_error(&xml).as_deref(),
                Some(expected.as_str()),
                "{xml}"
            );
        }
    }

    #[test]
    fn many_attributes_are_checked_past_the_stack() {
        let mut attributes: String = (0..20).map(|n| format!(" a{n}=\"{n}\"")).collect();
        let xml = format!("<rss version=\"2.0\"{attributes}>{CHANNEL}");
        assert_eq!(read_error(&xml), None);
        attributes.push_str(" a13=\"again\"");
        let xml = format!("<rss version=\"2.0\"{attributes}>{CHANNEL}");
        assert_eq!(read_error(&xml), checked_walk_error(&xml));
        assert!(read_error(&xml).is_some_and(|m| m.contains("duplicated attribute")));
    }

    proptest! {
        /// Any list of attributes, repeated and malformed ones among
        /// them, gives the error of quick-xml's checked walk, or none.
        #[test]
        fn attribute_errors_are_quick_xmls(
            pieces in prop::collection::vec(
                prop_oneof![
                    Just(r#" a="1""#),
                    Just(" a='2'"),
                    Just(r#" b="x""#),
                    Just(r#" xmlns:p="urn:p""#),
                    Just(r#" p:a="3""#),
                    Just(" a=4"),
                    Just(" a"),
                    Just(r#" c = "5""#),
                    Just(r#" d="&amp;""#),
                    Just(r#" e=""#),
                ],
                0..12,
            ),
            count in 0..12usize,
        ) {
            let numbered: String = (0..count).map(|n| format!(" n{n}=\"{n}\"")).collect();
            let xml = format!("<rss version=\"2.0\"{numbered}{}>{CHANNEL}", pieces.concat());
            prop_assert_eq!(read_error(&xml), checked_walk_error(&xml), "{}", xml);
        }
    }
}
