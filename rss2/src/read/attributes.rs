//! Attributes: resolved against the namespaces in scope, unescaped and
//! normalised (XML 1.0 §3.3.3) with the checks quick-xml leaves out, then
//! kept where RSS defines them and reported where it does not.

use std::borrow::Cow;
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
            namespace: self.namespace.map(Cow::into_owned),
            prefix: self.prefix.map(str::to_owned),
            name: self.local.to_owned(),
            value: self.value.into_owned(),
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
        for attr in tag.attributes() {
            let attr = match attr {
                Ok(attr) => attr,
                Err(error) => {
                    self.reporter.fatal(
                        rules::NOT_WELL_FORMED,
                        span.clone(),
                        format!("not well-formed attribute: {error}"),
                    );
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
            let namespace = self.namespace_of(resolved, span, |p| {
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
                    rules::MISSING_ATTRIBUTE,
                    span.clone(),
                    format!("<{element}> has no {name} attribute"),
                );
            }
        }
        values
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
    /// The namespace a name's prefix resolved to (normalised), `None` for
    /// none; an undeclared prefix is a departure, with `message` naming
    /// what carried it.
    pub(super) fn namespace_of<'n>(
        &mut self,
        resolved: ResolveResult<'n>,
        span: &Range<usize>,
        message: impl FnOnce(String) -> String,
    ) -> Option<Cow<'n, str>> {
        match resolved {
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
