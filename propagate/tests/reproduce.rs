//! HINA-DI → HINA-DI propagation compares published fields with the input
//! byte for byte: HINA-DI rev. 0.12 §Propagation, "all fields of an entity
//! block defined in this specification, with the exception of experimental
//! and undefined fields or of fields with empty values, MUST be reproduced
//! without modification"; rev. 0.6 §8, "その内容を改変してはならない。
//! ただし、「5.15 Method」は例外とする。"
//!
//! The files are read and written with `hina-di`, as `antenna merge` does,
//! so what is compared is the text of the fields.

mod common;

use common::*;
use hina_di::{Document, ReadOptions, WriteOptions};
use propagate::{Action, Format, Policy, Propagated, Source};

const FILE: &str = "http://a.example/hina.di";

/// The fields a writer that followed neither our normalisation nor our
/// date format would write: every one is valid HINA-DI (rev. 0.12 or 0.6)
/// or real-world practice, and none is in the form our own writer uses.
const BLOCK: &[(&str, &str)] = &[
    ("URL", "HTTP://WWW.Hoge.JP/%7Efoo/./bar/"),
    ("Title", "Foo"),
    // A value of full-width spaces (U+3000) is TEXT, not white space
    // to the grammar: it is a value, not an empty one.
    ("Author-Name", "\u{3000}\u{3000}"),
    // rev. 0.6's spelling, the 9999-12-31 "never" sentinel.
    ("Expire", "Fri, 31 Dec 9999 23:59:59 GMT"),
    // A zone other than GMT, and an RFC 850 date.
    ("Last-Modified", "Sat, 07 Sep 2002 17:00:01 JST"),
    ("Last-Modified-Detected", "Saturday, 07-Sep-02 08:50:00 GMT"),
    // rev. 0.6's `:` keyword delimiter.
    ("Keyword", "diary: cats"),
    ("Authorized", "AgentA"),
    ("Authorized-url", "http://a.example/"),
    ("Method", "GET/200"),
    ("X-WDB-Title", "foo"),
];

fn file_with(blocks: &[&[(&str, &str)]]) -> Vec<u8> {
    let doc = Document::from_pairs(
        "2.2",
        [
            ("User-Agent", "agent-a/1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Date", "Sat, 07 Sep 2002 08:00:00 GMT"),
        ],
        blocks.iter().map(|b| b.iter().copied()),
    );
    hina_di::write(&doc, &WriteOptions::default()).unwrap()
}

/// Reads `bytes`, propagates them as the source [`FILE`] under `policy`,
/// writes the result and reads it back (an empty document when nothing was
/// published: the writer refuses a file with no entity block).
fn merge(sources: &[(&str, Vec<u8>)], policy: &Policy) -> (Propagated, Document) {
    let sources: Vec<Source> = sources
        .iter()
        .map(|(u, bytes)| {
            let doc = hina_di::read(bytes, &ReadOptions::default())
                .unwrap()
                .document;
            let feed = hina_di::to_feed(&doc).document;
            Source::new(url(u), Format::HinaDi, feed)
        })
        .collect();
    let mut resolver =
        |u: &antenna_model::url::Url| sources.iter().find(|s| s.url == *u).map(|s| s.feed.clone());
    let p = propagate::propagate_with_resolver(&sources, policy, &me(), now(), &mut resolver);
    if p.feed.entries.is_empty() {
        return (p, Document::new("2.2"));
    }
    let out = hina_di::from_feed(&p.feed).document;
    let bytes = hina_di::write(&out, &WriteOptions::default()).unwrap();
    let back = hina_di::read(&bytes, &ReadOptions::default())
        .unwrap()
        .document;
    (p, back)
}

fn pairs(doc: &Document) -> Vec<Vec<(String, String)>> {
    doc.entity_blocks()
        .map(|b| {
            b.pairs()
                .map(|(n, v)| (n.to_owned(), v.to_owned()))
                .collect()
        })
        .collect()
}

fn owned(block: &[(&str, &str)]) -> Vec<(String, String)> {
    block
        .iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn every_defined_field_is_reproduced_byte_for_byte_and_method_gains_remote() {
    let policy = Policy::new().trust_source(&url(FILE)).keep_extensions(true);
    let (p, out) = merge(&[(FILE, file_with(&[BLOCK]))], &policy);
    let mut expected = owned(BLOCK);
    for (name, value) in &mut expected {
        if name == "Method" {
            *value = "REMOTE/GET/200".to_owned();
        }
    }
    assert_eq!(pairs(&out), [expected], "{:#?}", p.report);
    // The URL is compared by its normalised key, never written as it.
    assert_eq!(
        p.feed.entries[0].url.as_str(),
        "http://www.hoge.jp/%7Efoo/bar/"
    );
}

#[test]
fn an_x_field_the_policy_drops_leaves_the_rest_as_written() {
    let (p, out) = merge(
        &[(FILE, file_with(&[BLOCK]))],
        &Policy::new().trust_source(&url(FILE)),
    );
    let expected: Vec<_> = owned(BLOCK)
        .into_iter()
        .filter(|(n, _)| n != "X-WDB-Title")
        .map(|(n, v)| {
            let v = if n == "Method" {
                format!("REMOTE/{v}")
            } else {
                v
            };
            (n, v)
        })
        .collect();
    assert_eq!(pairs(&out), [expected]);
    only(&p, "propagate/extension-dropped", Action::Changed);
}

#[test]
fn an_empty_field_is_dropped_and_the_rest_kept_as_written() {
    let block: &[(&str, &str)] = &[
        ("URL", "http://www.hoge.jp/foo/"),
        ("Title", ""),
        ("Last-Modified", "Sat, 07 Sep 2002 17:00:01 JST"),
        ("Authorized", "AgentA"),
        ("Authorized-url", "http://a.example/"),
        ("Method", "GET/200"),
    ];
    let (p, out) = merge(&[(FILE, file_with(&[block]))], &trust_a());
    assert_eq!(
        pairs(&out),
        [vec![
            ("URL".to_owned(), "http://www.hoge.jp/foo/".to_owned()),
            (
                "Last-Modified".to_owned(),
                "Sat, 07 Sep 2002 17:00:01 JST".to_owned()
            ),
            ("Authorized".to_owned(), "AgentA".to_owned()),
            ("Authorized-url".to_owned(), "http://a.example/".to_owned()),
            ("Method".to_owned(), "REMOTE/GET/200".to_owned()),
        ]]
    );
    only(&p, "propagate/empty-field", Action::Changed);
}

#[test]
fn a_block_with_a_defined_field_it_cannot_read_is_dropped_whole() {
    let bad: &[(&str, &str)] = &[
        ("URL", "http://www.hoge.jp/bad/"),
        ("Last-Modified", "yesterday"),
        ("Authorized", "AgentA"),
        ("Authorized-url", "http://a.example/"),
        ("Method", "GET/200"),
    ];
    let good: &[(&str, &str)] = &[
        ("URL", "http://www.hoge.jp/good/"),
        ("Authorized", "AgentA"),
        ("Authorized-url", "http://a.example/"),
        ("Method", "GET/200"),
    ];
    let (p, out) = merge(&[(FILE, file_with(&[bad, good]))], &trust_a());
    assert_eq!(urls(&p), ["http://www.hoge.jp/good/"]);
    assert_eq!(pairs(&out).len(), 1);
    let d = only(&p, "propagate/unreproducible", Action::Dropped);
    assert_eq!(d.entry_url, "http://www.hoge.jp/bad/");
    assert!(d.detail.contains("Last-Modified"), "{}", d.detail);
}

#[test]
fn a_virtual_stub_in_a_trusted_source_does_not_carry_trust_to_the_block() {
    // A is trusted as a source; its stub names B's file, where untrusted
    // AgentB authorized the block.
    const B: &str = "http://b.example/hina.di";
    let stub: &[(&str, &str)] = &[("URL", "http://www.hoge.jp/foo/"), ("Virtual", B)];
    let b_block: &[(&str, &str)] = &[
        ("URL", "http://www.hoge.jp/foo/"),
        ("Title", "B's"),
        ("Authorized", "AgentB"),
        ("Authorized-url", "http://b.example/"),
        ("Method", "GET/200"),
    ];
    let policy = Policy::new().trust_source(&url(FILE));
    let (p, out) = merge(
        &[(FILE, file_with(&[stub])), (B, file_with(&[b_block]))],
        &policy,
    );
    assert!(pairs(&out).is_empty(), "{:#?}", pairs(&out));
    // Both the block reached through the stub and the one read directly
    // are dropped as untrusted.
    assert_eq!(
        decisions(&p, "propagate/untrusted-agent").len(),
        2,
        "{:#?}",
        p.report
    );
}

#[test]
fn method_missing_or_append_style_gives_a_chain_of_the_grammar() {
    let none: &[(&str, &str)] = &[
        ("URL", "http://www.hoge.jp/none/"),
        ("Authorized", "AgentA"),
        ("Authorized-url", "http://a.example/"),
    ];
    let appended: &[(&str, &str)] = &[
        ("URL", "http://www.hoge.jp/appended/"),
        ("Authorized", "AgentA"),
        ("Authorized-url", "http://a.example/"),
        ("Method", "GET/200/REMOTE"),
    ];
    let (p, out) = merge(&[(FILE, file_with(&[none, appended]))], &trust_a());
    let blocks = pairs(&out);
    let method = |i: usize| -> Option<String> {
        blocks[i]
            .iter()
            .find(|(n, _)| n == "Method")
            .map(|(_, v)| v.clone())
    };
    assert_eq!(method(0), None);
    assert_eq!(method(1).as_deref(), Some("REMOTE/REMOTE/GET/200"));
    only(&p, "propagate/method-missing", Action::Noted);
    only(&p, "propagate/method-append-style", Action::Changed);
}

#[test]
fn a_chain_in_another_spelling_is_published_in_the_spec_s_and_reported() {
    // §Method: method-type = "GET" | "HEAD" | "FILE" | "REMOTE". The
    // lenient reader takes `get/200`; `REMOTE/get/200` would be no chain
    // of the grammar, so the spec's spelling is published, and said so.
    let block: &[(&str, &str)] = &[
        ("URL", "http://www.hoge.jp/foo/"),
        ("Authorized", "AgentA"),
        ("Authorized-url", "http://a.example/"),
        ("Method", "get/200"),
    ];
    let (p, out) = merge(&[(FILE, file_with(&[block]))], &trust_a());
    let method = pairs(&out)[0]
        .iter()
        .find(|(n, _)| n == "Method")
        .map(|(_, v)| v.clone());
    assert_eq!(method.as_deref(), Some("REMOTE/GET/200"));
    let d = only(&p, "propagate/method-respelled", Action::Changed);
    assert!(d.detail.contains("get/200"), "{}", d.detail);
}
