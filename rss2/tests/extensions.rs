//! The extension modules' own rules, checked as the W3C feed validator
//! checks them (Media RSS 1.5.1, Apple's podcast tags, RSS 1.0 modules,
//! Dublin Core), and RSS's `ttl` and `skipDays` rules; every element is
//! still kept as written.

use rss2::{ReadOptions, read};

const NAMESPACES: &str = r#"xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/""#;

/// The rule ids of reading a feed whose channel holds `channel` and one
/// item holding `item`.
fn rules_of(channel: &str, item: &str) -> Vec<&'static str> {
    let xml = format!(
        "<rss version=\"2.0\" {NAMESPACES}><channel><title>t</title><link>http://example.jp/</link>\
         <description>d</description>{channel}<item><title>i</title>{item}</item></channel></rss>"
    );
    let parsed = read(xml.as_bytes(), &ReadOptions::default())
        .unwrap_or_else(|r| panic!("{xml}: {:?}", r.diagnostics));
    assert!(read(xml.as_bytes(), &ReadOptions::strict()).is_err() || parsed.diagnostics.is_empty());
    parsed.diagnostics.iter().map(|d| d.rule.id).collect()
}

#[test]
fn clean_extensions_pass() {
    let item = r#"<media:content url="http://example.jp/a.mp3" fileSize="12" width="3" height="4" channels="2"/><media:title>a</media:title><media:thumbnail url="http://example.jp/t.jpg"/><itunes:episode>3</itunes:episode><dc:date>2002-09-07</dc:date><dc:date>2002-09-08</dc:date>"#;
    let channel = r#"<itunes:image href="http://example.jp/i.jpg"/><itunes:owner><itunes:email>a@example.jp</itunes:email></itunes:owner><sy:updateFrequency>2</sy:updateFrequency><ttl>60</ttl>"#;
    assert_eq!(rules_of(channel, item), Vec::<&str>::new());
}

#[test]
fn numbers_attributes_children_and_duplicates_are_checked() {
    assert_eq!(
        rules_of(
            "",
            r#"<media:content url="http://example.jp/a" fileSize="0"/>"#
        ),
        ["rss2/extension-number"]
    );
    assert_eq!(
        rules_of(
            "",
            r#"<media:content url="http://example.jp/a" channels="-3"/>"#
        ),
        ["rss2/extension-number"]
    );
    assert_eq!(
        rules_of("", "<itunes:episode>A</itunes:episode>"),
        ["rss2/extension-number"]
    );
    assert_eq!(
        rules_of("", "<media:thumbnail/>"),
        ["rss2/extension-missing-attribute"]
    );
    assert_eq!(
        rules_of("<itunes:image/>", ""),
        ["rss2/extension-missing-attribute"]
    );
    assert_eq!(
        rules_of(
            "<itunes:owner><itunes:name>me</itunes:name></itunes:owner>",
            ""
        ),
        ["rss2/extension-missing-element"]
    );
    assert_eq!(
        rules_of(
            "",
            "<media:title>a</media:title><media:title>b</media:title>"
        ),
        ["rss2/extension-duplicate"]
    );
    // Dublin Core's date is once in a channel (it stands for pubDate), any
    // number of times in an item.
    assert_eq!(
        rules_of(
            "<dc:date>2002-09-07</dc:date><dc:date>2002-09-08</dc:date>",
            ""
        ),
        ["rss2/extension-duplicate"]
    );
}

#[test]
fn ttl_zero_and_empty_skip_days_are_reported() {
    assert_eq!(rules_of("<ttl>0</ttl>", ""), ["rss2/bad-number"]);
    assert_eq!(
        rules_of("<skipDays></skipDays>", ""),
        ["rss2/missing-element"]
    );
    assert_eq!(rules_of("<skipHours/>", ""), ["rss2/missing-element"]);
}
