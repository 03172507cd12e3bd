//! The namespace bindings in scope (Namespaces in XML 1.0 §6), kept beside
//! quick-xml's plain `Reader`.
//!
//! quick-xml's `NsReader` does the same bookkeeping, but pays for it on
//! every tag: it walks each start tag's attributes a second time looking for
//! `xmlns` declarations, and counts every level of nesting. RSS files
//! declare their namespaces once, on `<rss>`; so here only a tag whose
//! attributes contain the bytes `xmlns` is walked, and the scope is only
//! trimmed when an element that declared something closes. The bindings
//! themselves live in quick-xml's own [`NamespaceResolver`] and are added
//! with the same calls `NsReader` makes, so resolution and the errors for
//! bad declarations (`xmlns:xml` bound elsewhere, too many bindings, too
//! deep a nesting) are the ones `NsReader` gives.

use quick_xml::events::BytesStart;
use quick_xml::events::attributes::Attribute;
use quick_xml::name::{
    Namespace, NamespaceError, NamespaceResolver, Prefix, PrefixDeclaration, ResolveResult,
};

/// The namespace bindings in scope at the current element.
#[derive(Debug, Default)]
pub(crate) struct Namespaces {
    resolver: NamespaceResolver,
    /// A default namespace (`xmlns="..."`) has been declared at some point;
    /// until then an unprefixed element is in no namespace without a look
    /// at the bindings.
    default_declared: bool,
    /// No binding in scope was declared deeper than this level (the root
    /// element is level 1).
    deepest: usize,
    /// Some namespace URI declared so far holds a byte that attribute-value
    /// normalization changes (tab, CR, LF, `&`): resolved URIs, which are
    /// the raw attribute text, are then normalized one by one. Until then
    /// each is its own normal form.
    raw_uris: bool,
}

impl Namespaces {
    /// Enters a start tag at nesting level `level` (the root element is 1),
    /// adding the bindings it declares. The error is the one `NsReader`
    /// returns for the same tag.
    #[inline]
    pub(crate) fn open(
        &mut self,
        tag: &BytesStart<'_>,
        level: usize,
    ) -> Result<(), NamespaceError> {
        // `NsReader` counts levels in a `u16` and refuses the tag that
        // would overflow it.
        let Ok(level16) = u16::try_from(level) else {
            return Err(NamespaceError::TooDeeplyNested(usize::from(u16::MAX)));
        };
        // Every declaring attribute is named `xmlns` or `xmlns:*`: a tag
        // without those bytes among its attributes declares nothing.
        if !contains_xmlns(tag.attributes_raw().as_bytes()) {
            return Ok(());
        }
        self.declare(tag, level, level16)
    }

    /// The bindings `tag`, at `level`, declares.
    fn declare(
        &mut self,
        tag: &BytesStart<'_>,
        level: usize,
        level16: u16,
    ) -> Result<(), NamespaceError> {
        // Bindings deeper than `level` were removed when their elements
        // closed, so this only sets the level the new bindings get.
        self.resolver.set_level(level16);
        // As `NamespaceResolver::push`: unchecked attributes, stopping at
        // the first malformed one (the caller's checked walk reports it).
        for attr in tag.attributes().with_checks(false) {
            let Ok(Attribute { key, value }) = attr else {
                break;
            };
            if let Some(prefix) = key.as_namespace_binding() {
                if prefix == PrefixDeclaration::Default {
                    self.default_declared = true;
                }
                self.deepest = self.deepest.max(level);
                self.raw_uris |= value
                    .bytes()
                    .any(|b| matches!(b, b'\t' | b'\r' | b'\n' | b'&'));
                self.resolver.add(prefix, Namespace(&value))?;
            }
        }
        Ok(())
    }

    /// Leaves the elements deeper than `level`: their bindings go out of
    /// scope.
    pub(crate) fn close(&mut self, level: usize) {
        if self.deepest > level {
            // `level` is below `deepest`, which came from a `u16`.
            self.resolver
                .set_level(u16::try_from(level).unwrap_or(u16::MAX));
            self.deepest = level;
        }
    }

    /// `true` when every namespace URI a name resolves to is already in
    /// normal form (XML 1.0 §3.3.3), no declared URI having a byte that
    /// normalization changes.
    pub(crate) fn uris_normalized(&self) -> bool {
        !self.raw_uris
    }

    /// Resolves a prefix as `NamespaceResolver::resolve_prefix` does: an
    /// element's unprefixed name takes the default namespace
    /// (`use_default`), an attribute's does not.
    pub(crate) fn resolve(
        &self,
        prefix: Option<Prefix<'_>>,
        use_default: bool,
    ) -> ResolveResult<'_> {
        if prefix.is_none() && !(use_default && self.default_declared) {
            // No default namespace was ever bound (or it is an attribute):
            // what the resolver answers too, without its search.
            return ResolveResult::Unbound;
        }
        self.resolver.resolve_prefix(prefix, use_default)
    }
}

/// `true` when `bytes` contain `xmlns`: a search for its `x`, which few
/// attributes hold, then a comparison.
#[inline]
fn contains_xmlns(bytes: &[u8]) -> bool {
    bytes.len() >= 5
        && memchr::memchr_iter(b'x', bytes)
            .any(|at| bytes.get(at..at + 5) == Some(b"xmlns".as_slice()))
}

#[cfg(test)]
mod tests {
    use super::Namespaces;
    use proptest::prelude::*;
    use quick_xml::events::Event;
    use quick_xml::name::ResolveResult;
    use quick_xml::reader::{NsReader, Reader};

    /// What a name resolves to, owned, for comparing two resolvers.
    fn owned(result: ResolveResult<'_>) -> String {
        match result {
            ResolveResult::Bound(ns) => format!("bound {}", ns.0),
            ResolveResult::Unbound => "unbound".to_owned(),
            ResolveResult::Unknown(p) => format!("unknown {p}"),
        }
    }

    /// Each start tag's element and attribute names resolved by `NsReader`,
    /// then an error if it gave one.
    fn with_ns_reader(xml: &str) -> Vec<String> {
        let mut reader = NsReader::from_str(xml);
        let mut out = Vec::new();
        loop {
            match reader.read_event() {
                Ok(Event::Start(tag) | Event::Empty(tag)) => {
                    let resolver = reader.resolver();
                    let (_, prefix) = tag.name().decompose();
                    out.push(owned(resolver.resolve_prefix(prefix, true)));
                    for attr in tag.attributes().with_checks(false).flatten() {
                        out.push(owned(resolver.resolve_attribute(attr.key).0));
                    }
                }
                Ok(Event::Eof) => return out,
                Ok(_) => {}
                Err(error) => {
                    out.push(format!("error {error}"));
                    return out;
                }
            }
        }
    }

    /// The same with the plain reader and [`Namespaces`], driven as the
    /// RSS reader drives it.
    fn with_namespaces(xml: &str) -> Vec<String> {
        let mut reader = Reader::from_str(xml);
        let mut ns = Namespaces::default();
        let mut depth = 0;
        let mut out = Vec::new();
        loop {
            let (tag, empty) = match reader.read_event() {
                Ok(Event::Start(tag)) => (tag, false),
                Ok(Event::Empty(tag)) => (tag, true),
                Ok(Event::End(_)) => {
                    depth -= 1;
                    ns.close(depth);
                    continue;
                }
                Ok(Event::Eof) => return out,
                Ok(_) => continue,
                Err(error) => {
                    out.push(format!("error {error}"));
                    return out;
                }
            };
            if let Err(error) = ns.open(&tag, depth + 1) {
                out.push(format!("error {}", quick_xml::Error::from(error)));
                return out;
            }
            let (_, prefix) = tag.name().decompose();
            out.push(owned(ns.resolve(prefix, true)));
            for attr in tag.attributes().with_checks(false).flatten() {
                out.push(owned(ns.resolve(attr.key.prefix(), false)));
            }
            if empty {
                ns.close(depth);
            } else {
                depth += 1;
            }
        }
    }

    #[test]
    fn scoping_follows_namespaces_in_xml() {
        let xml = r#"<a xmlns:p="urn:1" xmlns="urn:d"><p:b xmlns:p="urn:2" p:x="1"><c/></p:b><p:d/><e xmlns=""/><f/><q:g/></a>"#;
        assert_eq!(
            with_namespaces(xml),
            [
                "bound urn:d",                         // <a>
                "bound http://www.w3.org/2000/xmlns/", // xmlns:p
                "unbound",                             // xmlns
                "bound urn:2",                         // <p:b>, redeclared
                "bound http://www.w3.org/2000/xmlns/", // xmlns:p
                "bound urn:2",                         // p:x
                "bound urn:d",                         // <c>
                "bound urn:1",                         // <p:d>, back in the outer scope
                "unbound",                             // <e xmlns="">
                "unbound",                             // xmlns
                "bound urn:d",                         // <f>
                "unknown q",                           // <q:g>
            ]
        );
        assert_eq!(with_namespaces(xml), with_ns_reader(xml));
    }

    #[test]
    fn bad_declarations_give_ns_readers_errors() {
        for xml in [
            r#"<a xmlns:xml="urn:x"/>"#,
            r#"<a xmlns:xmlns="urn:x"/>"#,
            r#"<a xmlns:p="http://www.w3.org/XML/1998/namespace"/>"#,
            r#"<a><b xmlns:p="http://www.w3.org/2000/xmlns/"/></a>"#,
            r#"<a xmlns:p="urn:1" xmlns:p="urn:2"/>"#,
            r#"<a x="1" x="2" xmlns:xml="urn:x"/>"#,
            r#"<xml:a xml:lang="ja"/>"#,
        ] {
            assert_eq!(with_namespaces(xml), with_ns_reader(xml), "{xml}");
        }
    }

    /// A random tag: a name with or without a prefix, and declarations.
    fn tag() -> impl Strategy<Value = String> {
        let name = prop_oneof![
            Just("e"),
            Just("p:e"),
            Just("q:e"),
            Just("xml:e"),
            Just("xmlnsx")
        ];
        let attr = prop_oneof![
            Just(r#" xmlns:p="urn:p1""#),
            Just(r#" xmlns:p="urn:p2""#),
            Just(r#" xmlns:p="""#),
            Just(r#" xmlns:q="urn:q""#),
            Just(r#" xmlns="urn:d""#),
            Just(r#" xmlns="""#),
            Just(r#" p:a="v""#),
            Just(r#" q:a="xmlns""#),
            Just(r#" a="v""#),
            Just(r#" xml:lang="ja""#),
        ];
        (name, proptest::collection::vec(attr, 0..3))
            .prop_map(|(name, attrs)| format!("{name}{}", attrs.concat()))
    }

    /// A random well-formed tree of such tags (mismatched end tags are
    /// avoided by closing each element with its own name).
    fn document() -> impl Strategy<Value = String> {
        let leaf = tag().prop_map(|t| format!("<{t}/>"));
        leaf.prop_recursive(5, 40, 4, |inner| {
            (tag(), proptest::collection::vec(inner, 0..4)).prop_map(|(t, children)| {
                let name = t
                    .split_once(' ')
                    .map_or(t.as_str(), |(name, _)| name)
                    .to_owned();
                format!("<{t}>{}</{name}>", children.concat())
            })
        })
    }

    /// The namespaces of the channel's extension elements as read.
    fn extension_namespaces(declarations: &str, elements: &str) -> Vec<Option<String>> {
        let xml = format!(
            "<rss version=\"2.0\" {declarations}><channel><title>t</title><link>http://example.jp/</link><description>d</description>{elements}</channel></rss>"
        );
        let parsed = crate::read(xml.as_bytes(), &crate::ReadOptions::default()).unwrap();
        let channel = parsed.document.channel;
        channel
            .extensions
            .into_iter()
            .map(|e| e.namespace.map(String::from))
            .collect()
    }

    #[test]
    fn resolved_uris_are_normalized_whether_or_not_one_needs_it() {
        // Only plain URIs: each is its own normal form.
        assert_eq!(
            extension_namespaces(r#"xmlns:a="urn:a""#, "<a:x/>"),
            [Some("urn:a".to_owned())]
        );
        // A URI with a reference and a tab: normalized as the declaration
        // kept in the document is, beside a plain one declared before it.
        assert_eq!(
            extension_namespaces(
                "xmlns:a=\"urn:a\" xmlns:b=\"urn:x&amp;y\tz\"",
                "<b:x/><a:x/>"
            ),
            [Some("urn:x&y z".to_owned()), Some("urn:a".to_owned())]
        );
        // Declared on an extension element, after plain ones were used.
        assert_eq!(
            extension_namespaces(
                r#"xmlns:a="urn:a""#,
                "<a:x/><b:y xmlns:b=\"urn:&#x41;\r\nB\"/><a:z/>"
            ),
            [
                Some("urn:a".to_owned()),
                Some("urn:A B".to_owned()),
                Some("urn:a".to_owned())
            ]
        );
    }

    proptest! {
        /// Every element and attribute name resolves as `NsReader` resolves
        /// it, and a bad declaration gives the same error.
        #[test]
        fn resolves_as_ns_reader_does(xml in document()) {
            prop_assert_eq!(with_namespaces(&xml), with_ns_reader(&xml));
        }
    }
}
