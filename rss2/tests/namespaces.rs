//! Namespace scoping (Namespaces in XML 1.0 §6) as the reader sees it:
//! declarations on `<rss>`, redeclared prefixes in nested extension
//! elements, default namespaces and their undeclaration, and undeclared
//! prefixes.

use rss2::{ExtensionElement, ExtensionNode, ReadOptions, read};

fn channel_with(items: &str) -> String {
    format!(
        r#"<rss version="2.0" xmlns:a="urn:a1"><channel><title>t</title><link>http://example.jp/</link><description>d</description>{items}</channel></rss>"#
    )
}

fn child(element: &ExtensionElement, n: usize) -> &ExtensionElement {
    let mut elements = element.children.iter().filter_map(|c| match c {
        ExtensionNode::Element(e) => Some(e),
        ExtensionNode::Text(_) => None,
    });
    elements.nth(n).unwrap()
}

#[test]
fn a_redeclared_prefix_holds_inside_its_element_only() {
    // §6.1: "The scope of a namespace declaration declaring a prefix
    // extends from the beginning of the start-tag in which it appears to
    // the end of the corresponding end-tag, excluding the scope of any
    // inner declarations with the same NSAttName part."
    let xml =
        channel_with(r#"<a:x><a:y xmlns:a="urn:a2" a:k="v"><a:z/></a:y><a:w/></a:x><a:after/>"#);
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let ext = &parsed.document.channel.extensions;
    assert_eq!(ext.len(), 2);
    let x = &ext[0];
    assert_eq!(x.namespace.as_deref(), Some("urn:a1"));
    let y = child(x, 0);
    assert_eq!(y.namespace.as_deref(), Some("urn:a2"));
    assert_eq!(y.attributes[0].namespace.as_deref(), Some("urn:a2"));
    assert_eq!(child(y, 0).namespace.as_deref(), Some("urn:a2"));
    assert_eq!(child(x, 1).namespace.as_deref(), Some("urn:a1"));
    assert_eq!(ext[1].namespace.as_deref(), Some("urn:a1"));
}

#[test]
fn a_default_namespace_applies_to_elements_not_attributes_and_can_be_undeclared() {
    // §6.2: the default namespace applies to unprefixed element names
    // within its scope; an empty value undeclares it. §6.2: "Default
    // namespace declarations do not apply directly to attribute names".
    let xml = channel_with(r#"<a:x xmlns="urn:d"><y k="v"><z xmlns=""/></y></a:x>"#);
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    let x = &parsed.document.channel.extensions[0];
    let y = child(x, 0);
    assert_eq!(y.namespace.as_deref(), Some("urn:d"));
    assert_eq!(y.attributes[0].namespace, None);
    assert_eq!(child(y, 0).namespace, None);
}

#[test]
fn a_declaration_on_an_empty_element_ends_with_it() {
    let xml = channel_with(r#"<b:x xmlns:b="urn:b"/><b:y/>"#);
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    let ext = &parsed.document.channel.extensions;
    assert_eq!(ext[0].namespace.as_deref(), Some("urn:b"));
    // Out of scope again: an undeclared prefix, warned about.
    assert_eq!(ext[1].namespace, None);
    assert_eq!(ext[1].prefix.as_deref(), Some("b"));
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, ["rss2/undeclared-prefix"]);
    assert_eq!(
        parsed.diagnostics[0].message,
        "the prefix `b` of <b:y> is not declared"
    );
}

#[test]
fn an_undeclared_attribute_prefix_is_warned_about() {
    let xml = channel_with(r#"<a:x c:k="v"/>"#);
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    assert_eq!(parsed.diagnostics.len(), 1);
    assert_eq!(parsed.diagnostics[0].rule.id, "rss2/undeclared-prefix");
    assert_eq!(
        parsed.diagnostics[0].message,
        "the attribute prefix `c` is not declared"
    );
    let x = &parsed.document.channel.extensions[0];
    assert_eq!(x.attributes[0].namespace, None);
    assert_eq!(x.attributes[0].prefix.as_deref(), Some("c"));
}

#[test]
fn rss_in_a_default_namespace_is_rss_and_the_xml_prefix_is_bound() {
    // Namespaces in XML §3: "The prefix xml is by definition bound to the
    // namespace name http://www.w3.org/XML/1998/namespace."
    let xml = r#"<rss version="2.0" xmlns="http://backend.userland.com/rss2"><channel xml:lang="ja"><title>t</title><link>http://example.jp/</link><description>d</description></channel></rss>"#;
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    // Read as RSS, but not silently: RSS 2.0.1's elements have no namespace.
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, ["rss2/rss-in-namespace"]);
    let channel = &parsed.document.channel;
    assert_eq!(channel.title.as_deref(), Some("t"));
    assert_eq!(
        channel.attributes[0].namespace.as_deref(),
        Some("http://www.w3.org/XML/1998/namespace")
    );
}

#[test]
fn binding_the_xml_prefix_elsewhere_is_an_error() {
    // Namespaces in XML §3: the xml prefix "MUST NOT be bound to any other
    // namespace name".
    let xml = channel_with(r#"<a:x xmlns:xml="urn:other"/>"#);
    let rejected = read(xml.as_bytes(), &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics.len(), 1);
    let d = &rejected.diagnostics[0];
    assert_eq!(d.rule.id, "rss2/not-well-formed");
    assert!(d.message.contains("xml"), "{}", d.message);
    let xml = channel_with(r#"<a:x xmlns:xmlns="urn:other"/>"#);
    assert!(read(xml.as_bytes(), &ReadOptions::default()).is_err());
}

#[test]
fn an_element_with_the_xmlns_prefix_is_not_well_formed() {
    // Namespaces in XML 1.0 §3: "Element names MUST NOT have the prefix
    // xmlns." Found by the roundtrip_rss2 fuzz target: the reader kept such
    // an element, and the writer could not write it back readably.
    let xml = br#"<rss version="2.0"><channel><title>t</title><link>http://a.example/</link><description>d</description><item><title>T</title><xmlns:x/></item></channel></rss>"#;
    let rejected = rss2::read(xml, &rss2::ReadOptions::default()).unwrap_err();
    let error = rejected.errors().next().unwrap();
    assert_eq!(error.rule.id, "rss2/not-well-formed");
    assert!(
        error.message.contains("prefix `xmlns`"),
        "{}",
        error.message
    );
}

#[test]
fn rss_in_radio_userlands_namespaces_is_read_as_rss_with_a_warning() {
    for ns in [
        "http://backend.userland.com/rss2",
        "http://backend.userland.com/rss",
        "http://backend.userland.com/rss2.1",
    ] {
        let xml = format!(
            r#"<rss version="2.0" xmlns="{ns}"><channel><title>t</title><link>http://example.jp/</link><description>d</description><item><title>i</title></item></channel></rss>"#
        );
        let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
        let d = &parsed.diagnostics;
        assert_eq!(d.len(), 1, "{ns}: {d:?}");
        assert_eq!(d[0].rule.id, "rss2/rss-in-namespace");
        assert_eq!(d[0].severity, antenna_model::Severity::Warning);
        assert!(d[0].message.contains(ns), "{}", d[0].message);
        assert_eq!(parsed.document.channel.items.len(), 1);
        // The declaration is kept, so writing gives it back.
        let written = rss2::write(&parsed.document, &rss2::WriteOptions::default()).unwrap();
        let again = read(&written, &ReadOptions::default()).unwrap();
        assert_eq!(again.document, parsed.document);
        // Strict reading rejects it.
        assert!(read(xml.as_bytes(), &ReadOptions::strict()).is_err());
    }
}

#[test]
fn an_rss_root_in_another_namespace_is_named_with_its_namespace() {
    let xml = r#"<rss version="2.0" xmlns="urn:other"><channel/></rss>"#;
    let rejected = read(xml.as_bytes(), &ReadOptions::default()).unwrap_err();
    let d = &rejected.diagnostics[0];
    assert_eq!(d.rule.id, "rss2/not-rss");
    assert!(d.message.contains("urn:other"), "{}", d.message);
    assert!(!d.message.contains("not <rss>"), "{}", d.message);
}
