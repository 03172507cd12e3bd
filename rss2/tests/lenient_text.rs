//! What real feeds write in text and lenient readers take (feedparser's
//! loose parser): unknown entities and bare `&` as text, C1 character
//! references as the Windows-1252 characters they meant, white space before
//! the XML declaration. Each is a warning, an error when strict, and never
//! silent.

use rss2::{ReadOptions, WriteOptions, read, write};

fn feed_with_title(title: &str) -> String {
    format!(
        "<rss version=\"2.0\"><channel><title>{title}</title><link>http://example.jp/</link>\
         <description>d</description></channel></rss>"
    )
}

/// Reads leniently; returns the channel title and the rule ids; checks that
/// strict reading rejects, and that writing reads back the same document.
fn lenient(xml: &str) -> (String, Vec<&'static str>) {
    let parsed = read(xml.as_bytes(), &ReadOptions::default())
        .unwrap_or_else(|r| panic!("{xml}: {:?}", r.diagnostics));
    assert!(
        read(xml.as_bytes(), &ReadOptions::strict()).is_err(),
        "{xml}"
    );
    let written = write(&parsed.document, &WriteOptions::default()).unwrap();
    let again = read(&written, &ReadOptions::strict()).unwrap();
    assert_eq!(again.document, parsed.document, "{xml}");
    let ids = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    (parsed.document.channel.title.unwrap_or_default(), ids)
}

#[test]
fn an_undeclared_entity_is_read_as_its_text() {
    let (title, ids) = lenient(&feed_with_title("a &foo; b"));
    assert_eq!(title, "a &foo; b");
    assert_eq!(ids, ["rss2/undeclared-entity"]);
}

#[test]
fn a_bare_ampersand_is_read_as_text() {
    let xml = feed_with_title("AT&T & co");
    let (title, ids) = lenient(&xml);
    assert_eq!(title, "AT&T & co");
    assert_eq!(ids, ["rss2/bare-ampersand", "rss2/bare-ampersand"]);
    // The span is the `&` itself, in the input.
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    let d = &parsed.diagnostics[0];
    assert_eq!(&xml.as_bytes()[d.span.clone()], b"&");
}

#[test]
fn c1_character_references_are_read_as_windows_1252() {
    // 150 is an en dash, 0x93/0x94 curly quotes in Windows-1252.
    let (title, ids) = lenient(&feed_with_title("1998&#150;2002 &#x93;q&#x94;"));
    assert_eq!(title, "1998\u{2013}2002 \u{201C}q\u{201D}");
    assert_eq!(ids, ["rss2/c1-character-reference"; 3]);
    // Other references are untouched: U+00A0 is not C1.
    let parsed = read(
        feed_with_title("a&#160;b").as_bytes(),
        &ReadOptions::strict(),
    )
    .unwrap();
    assert_eq!(parsed.document.channel.title.as_deref(), Some("a\u{A0}b"));
}

#[test]
fn white_space_before_the_declaration_is_skipped() {
    let xml = format!("\n  <?xml version=\"1.0\"?>{}", feed_with_title("t"));
    let (title, ids) = lenient(&xml);
    assert_eq!(title, "t");
    assert_eq!(ids, ["rss2/space-before-declaration"]);
    // Anything else before it is still not well-formed.
    let xml = format!("x<?xml version=\"1.0\"?>{}", feed_with_title("t"));
    assert!(read(xml.as_bytes(), &ReadOptions::default()).is_err());
}
