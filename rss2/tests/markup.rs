//! Unescaped markup inside text elements, as real feeds write it
//! (`<description><p>Hello</p></description>`): kept as its source text
//! with a `rss2/markup-in-text` warning, as feed readers keep it, never
//! dropped.

use rss2::{ReadOptions, WriteOptions, read, write};

fn feed_with_item(item: &str) -> String {
    format!(
        "<rss version=\"2.0\"><channel><title>t</title><link>http://example.jp/</link>\
         <description>d</description><item>{item}</item></channel></rss>"
    )
}

#[test]
fn xhtml_in_a_description_is_kept_as_written() {
    let xml = feed_with_item(
        r#"<title>i</title><description>Before <p class="x">Hello <b>world</b> &amp; more<br/></p> after</description>"#,
    );
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    let item = &parsed.document.channel.items[0];
    // The character data is read as XML text (`&amp;` outside the markup
    // would be `&`); the markup is its source text, references and all.
    assert_eq!(
        item.description.as_deref(),
        Some(r#"Before <p class="x">Hello <b>world</b> &amp; more<br/></p> after"#)
    );
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    // One warning for the outermost element; what it holds goes with it.
    assert_eq!(ids, ["rss2/markup-in-text"]);
    let d = &parsed.diagnostics[0];
    assert_eq!(&xml.as_bytes()[d.span.clone()], br#"<p class="x">"#);
    assert!(read(xml.as_bytes(), &ReadOptions::strict()).is_err());
}

#[test]
fn markup_in_a_title_is_kept_too() {
    let xml = feed_with_item("<title>A <em>big</em> day</title>");
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    assert_eq!(
        parsed.document.channel.items[0].title.as_deref(),
        Some("A <em>big</em> day")
    );
}

#[test]
fn kept_markup_is_written_escaped_and_reads_back_the_same() {
    let xml = feed_with_item("<description><p>Hello</p></description>");
    let first = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    let written = write(&first.document, &WriteOptions::default()).unwrap();
    let text = String::from_utf8(written.clone()).unwrap();
    assert!(text.contains("&lt;p&gt;Hello&lt;/p&gt;"), "{text}");
    let second = read(&written, &ReadOptions::strict()).unwrap();
    assert!(second.diagnostics.is_empty());
    assert_eq!(second.document, first.document);
}

#[test]
fn sibling_markup_in_one_text_is_one_warning() {
    // Issue #28: a description of many sibling elements held one warning
    // each until the document was read (40x the input); the first is
    // warned about and the rest of the text's markup goes with it.
    let siblings = "<b>x</b>".repeat(1_000);
    let xml = feed_with_item(&format!(
        "<title>A <em>big</em> <em>day</em></title><description>{siblings}</description>"
    ));
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    let item = &parsed.document.channel.items[0];
    assert_eq!(item.description.as_deref(), Some(siblings.as_str()));
    assert_eq!(item.title.as_deref(), Some("A <em>big</em> <em>day</em>"));
    let warned: Vec<_> = parsed
        .diagnostics
        .iter()
        .map(|d| &xml.as_bytes()[d.span.clone()])
        .collect();
    // One for the title's first <em>, one for the description's first <b>.
    assert_eq!(warned, [&b"<em>"[..], &b"<b>"[..]]);
    assert!(
        parsed
            .diagnostics
            .iter()
            .all(|d| d.rule.id == "rss2/markup-in-text")
    );
}
