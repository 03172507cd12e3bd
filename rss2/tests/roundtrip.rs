//! Write, then read again: the same document. Extensions keep their
//! namespace, prefix, attributes, children and place.

use proptest::prelude::*;
use rss2::{
    Category, Channel, Document, ExtensionChildren, ExtensionElement, ExtensionNode, Guid, Item,
    ReadOptions, WriteOptions, read, write,
};

const WITH_EXTENSIONS: &str = r#"<?xml version="1.0"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
     xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
 <channel>
  <title>t</title><link>http://x.example/</link><description>d</description>
  <atom:link href="http://x.example/rss.xml" rel="self" type="application/rss+xml"/>
  <dc:date>2002-09-07T00:00:01Z</dc:date>
  <item>
   <title>i</title>
   <content:encoded><![CDATA[<p>Hi ]]]]><![CDATA[> there</p>]]></content:encoded>
   <dc:creator>Hiya</dc:creator>
   <x:tree xmlns:x="urn:x" x:flag="1" plain="2">a<x:leaf>b</x:leaf>c<y:z xmlns:y="urn:y"/></x:tree>
  </item>
 </channel>
</rss>"#;

#[test]
fn extensions_are_kept_in_place_and_written_back() {
    let parsed = read(WITH_EXTENSIONS.as_bytes(), &ReadOptions::default()).unwrap();
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let doc = &parsed.document;
    assert_eq!(doc.namespaces.len(), 3);
    assert_eq!(
        doc.channel.atom_self_link(),
        Some("http://x.example/rss.xml")
    );
    assert_eq!(
        doc.channel.dc_date().as_deref(),
        Some("2002-09-07T00:00:01Z")
    );
    let item = &doc.channel.items[0];
    assert_eq!(
        item.content_encoded().as_deref(),
        Some("<p>Hi ]]> there</p>")
    );
    assert_eq!(item.dc_creator().as_deref(), Some("Hiya"));
    let tree = &item.extensions[2];
    assert_eq!(
        (
            tree.namespace.as_deref(),
            tree.prefix.as_deref(),
            &*tree.name
        ),
        (Some("urn:x"), Some("x"), "tree")
    );
    assert_eq!(tree.attributes.len(), 2);
    assert_eq!(tree.attributes[0].namespace.as_deref(), Some("urn:x"));
    assert_eq!(tree.children.len(), 4);
    assert_eq!(tree.text(), "ac");

    let out = write(doc, &WriteOptions::default()).unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert!(text.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    assert!(text.contains("xmlns:content=\"http://purl.org/rss/1.0/modules/content/\""));
    assert!(!text.contains("<![CDATA["));
    let again = read(&out, &ReadOptions::default()).unwrap();
    assert!(again.diagnostics.is_empty(), "{:?}", again.diagnostics);
    assert_eq!(again.document, parsed.document);
}

#[test]
fn prefixes_are_declared_where_needed() {
    let mut doc = Document::default();
    doc.channel.title = Some("t".into());
    doc.channel.extensions.push(ExtensionElement {
        namespace: Some("urn:a".into()),
        prefix: Some("a".into()),
        name: "e".into(),
        children: vec![ExtensionNode::Element(Box::new(ExtensionElement {
            namespace: Some("urn:b".into()),
            prefix: None,
            name: "f".into(),
            ..ExtensionElement::default()
        }))]
        .into(),
        ..ExtensionElement::default()
    });
    let out = write(&doc, &WriteOptions::default()).unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert!(
        text.contains("<a:e xmlns:a=\"urn:a\"><f xmlns=\"urn:b\"/></a:e>"),
        "{text}"
    );
    let again = read(&out, &ReadOptions::default()).unwrap();
    assert_eq!(again.document.channel.extensions, doc.channel.extensions);
}

#[test]
fn writing_a_very_deep_tree_does_not_overflow() {
    let mut element = ExtensionElement {
        namespace: Some("urn:x".into()),
        prefix: Some("x".into()),
        name: "a".into(),
        ..ExtensionElement::default()
    };
    for _ in 0..100_000 {
        element = ExtensionElement {
            namespace: Some("urn:x".into()),
            prefix: Some("x".into()),
            name: "a".into(),
            children: vec![ExtensionNode::Element(Box::new(element))].into(),
            ..ExtensionElement::default()
        };
    }
    let mut doc = Document::default();
    doc.channel.extensions.push(element);
    let out = write(&doc, &WriteOptions::default()).unwrap();
    assert!(out.len() > 100_000 * 8);
    // Take the tree apart iteratively: its derived Drop would recurse.
    let mut stack = std::mem::take(&mut doc.channel.extensions);
    while let Some(mut e) = stack.pop() {
        for child in std::mem::take(&mut e.children) {
            if let ExtensionNode::Element(c) = child {
                stack.push(*c);
            }
        }
    }
}

fn text() -> impl Strategy<Value = String> {
    // Any XML character, with leading/trailing white space removed, as the
    // reader trims RSS values.
    "[\\PC&<>\\]'\" \t\n]{0,12}".prop_map(|s| s.trim_matches([' ', '\t', '\n', '\r']).to_owned())
}

prop_compose! {
    fn item()(title in proptest::option::of(text()), link in proptest::option::of(text()),
              description in text(), cats in proptest::collection::vec((proptest::option::of(text()), text()), 0..3),
              guid in proptest::option::of((text(), proptest::option::of(prop_oneof!["true", "false"]))),
              note in proptest::option::of("[ a-z&<]{0,8}")) -> Item {
        Item {
            title,
            link,
            description: Some(description),
            categories: cats.into_iter().map(|(domain, value)| Category { domain, value }).collect(),
            guid: guid.map(|(value, p)| Guid { value, is_perma_link: p }),
            extensions: note.map(|n| ExtensionElement {
                namespace: Some("urn:note".into()),
                prefix: Some("n".into()),
                name: "note".into(),
                children: if n.is_empty() { ExtensionChildren::new() } else { ExtensionChildren::text(n) },
                ..ExtensionElement::default()
            }).into_iter().collect(),
            ..Item::default()
        }
    }
}

prop_compose! {
    fn document()(title in text(), link in text(), description in text(), ttl in proptest::option::of("[0-9]{1,4}"),
                  hours in proptest::option::of(proptest::collection::vec("[0-9]{1,2}", 0..4)),
                  items in proptest::collection::vec(item(), 0..4)) -> Document {
        Document {
            version: Some("2.0".into()),
            encoding: Some("UTF-8".into()),
            channel: Channel { title: Some(title), link: Some(link), description: Some(description), ttl, skip_hours: hours, items, ..Channel::default() },
            ..Document::default()
        }
    }
}

proptest! {
    #[test]
    fn generated_channels_round_trip(doc in document(), indent in any::<bool>()) {
        let out = write(&doc, &WriteOptions::default().with_indent(indent)).unwrap();
        let again = read(&out, &ReadOptions::default()).unwrap();
        prop_assert_eq!(again.document, doc);
    }
}
