//! Conversion to and from the shared model, with losses.

use antenna_model::{Entry, Feed};
use rss2::{ReadOptions, from_feed, read, to_feed};

#[test]
fn to_feed_carries_the_shared_fields_and_lists_the_rest() {
    let input = br#"<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
<title>T</title><link>http://x.example/</link><description>D</description>
<generator>gen 1.0</generator><lastBuildDate>Sat, 07 Sep 2002 09:00:01 JST</lastBuildDate><ttl>60</ttl>
<item><title>A</title><link>http://x.example/a</link><category>k1</category><category>k2</category>
<dc:creator>Hiya</dc:creator><dc:date>2002-09-07T00:00:01Z</dc:date><comments>http://x.example/c</comments></item>
<item><title>B</title><guid>http://x.example/b</guid></item>
<item><title>C</title><guid isPermaLink="false">c</guid></item>
</channel></rss>"#;
    let doc = read(input, &ReadOptions::default()).unwrap().document;
    let converted = to_feed(&doc);
    let feed = &converted.document;
    assert_eq!(feed.title.as_deref(), Some("T"));
    assert_eq!(feed.agent.as_ref().unwrap().name, "gen 1.0");
    assert_eq!(feed.generated.unwrap().to_string(), "2002-09-07T00:00:01Z");
    assert_eq!(feed.entries.len(), 3, "the item without a URL is kept");
    let a = &feed.entries[0];
    assert_eq!(a.author.as_deref(), Some("Hiya"));
    assert_eq!(a.last_modified.unwrap().to_string(), "2002-09-07T00:00:01Z");
    assert_eq!(a.keywords, ["k1", "k2"]);
    assert_eq!(feed.entries[1].url.as_str(), "http://x.example/b");
    let c = &feed.entries[2];
    assert!(!c.names_page(), "an opaque guid names no page");
    assert_eq!(c.url.as_str(), "urn:x-antenna-item:guid:c");
    // Nothing is lost on the way into the model: the channel and the
    // items are kept as read, and what another format would lose of them
    // goes with them.
    assert!(converted.losses.is_empty(), "{:?}", converted.losses);
    let held = |w: Option<&antenna_model::AsWritten>| -> Vec<String> {
        w.unwrap()
            .losses()
            .iter()
            .map(|l| l.field.to_string())
            .collect()
    };
    assert_eq!(held(feed.as_written.as_ref()), ["ttl"]);
    assert_eq!(held(a.as_written.as_ref()), ["comments"]);
    assert_eq!(held(c.as_written.as_ref()), ["guid"]);
    // Written back, the document is the one read but for the agent's
    // stamp (none here: the feed's own generator and date are kept).
    assert_eq!(from_feed(feed).document, doc);
}

#[test]
fn from_feed_writes_rss_and_lists_hina_lirs_fields() {
    let mut feed = Feed::new();
    feed.title = Some("T".into());
    let mut entry = Entry::new("http://x.example/a".parse().unwrap());
    entry.title = Some("A".into());
    entry.last_modified = Some("2002-09-07T00:00:01Z".parse().unwrap());
    entry.last_detected = Some("2002-09-07T00:00:02Z".parse().unwrap());
    entry.content_length = Some(10);
    feed.entries.push(entry);
    // Plain RSS (no `antenna` module) has no element for two of them.
    let converted = <rss2::Rss2Plain as antenna_model::Codec>::from_feed(&feed);
    let item = &converted.document.channel.items[0];
    assert_eq!(item.link.as_deref(), Some("http://x.example/a"));
    assert_eq!(
        item.pub_date.as_deref(),
        Some("Sat, 07 Sep 2002 00:00:01 GMT")
    );
    let fields: Vec<&str> = converted.losses.iter().map(|l| &*l.field).collect();
    assert_eq!(fields, ["last_detected", "content_length"]);
    let back = to_feed(&converted.document).document;
    assert_eq!(back.entries[0].last_modified, feed.entries[0].last_modified);
    assert_eq!(back.entries[0].last_detected, None);
    // The module carries them as a LIRS record (LIRS 2.1 §3: nine
    // fields, Last-Detected the second, Content-Length the fourth), and
    // they are read back: nothing lost.
    let converted = from_feed(&feed);
    assert!(converted.losses.is_empty(), "{:?}", converted.losses);
    let item = &converted.document.channel.items[0];
    let fields: Vec<(String, String)> = item
        .extensions
        .iter()
        .filter(|e| e.namespace.as_deref() == Some(rss2::ANTENNA_NS))
        .map(|e| (e.attribute("name").unwrap().to_owned(), e.text()))
        .collect();
    assert_eq!(fields.len(), 9);
    assert_eq!(fields[1], ("Last-Detected".into(), "1031356802".into()));
    assert_eq!(fields[3], ("Content-Length".into(), "10".into()));
    assert!(
        converted
            .document
            .namespaces
            .iter()
            .any(|n| n.uri == rss2::ANTENNA_NS && n.prefix.as_deref() == Some("antenna"))
    );
    let written = rss2::write(&converted.document, &rss2::WriteOptions::default()).unwrap();
    let read = rss2::read(&written, &ReadOptions::default())
        .unwrap()
        .document;
    let back = to_feed(&read).document;
    // A LIRS time difference of 0 (blank, LIRS 2.1 §2) reads as GMT:
    // the one value the record cannot tell from none.
    let mut want = feed.entries[0].clone();
    want.site_offset = Some(antenna_model::jiff::tz::Offset::UTC);
    let got = &back.entries[0];
    assert!(got.same_values(&want), "{got:?}\n{want:?}");
}

#[test]
fn an_item_link_not_in_normal_form_is_kept_as_written() {
    // The white space around the link is the XML's; the text inside is
    // the URL as written, kept beside the normalised URL.
    let xml = b"<rss version=\"2.0\"><channel><title>t</title><link>http://example.jp/</link>\
        <description>d</description><item><title>i</title>\
        <link>\n  http://WWW.HOGE.JP/foo\n</link></item></channel></rss>";
    let doc = read(xml, &ReadOptions::default()).unwrap().document;
    let feed = to_feed(&doc).document;
    let entry = &feed.entries[0];
    assert_eq!(entry.url.as_str(), "http://www.hoge.jp/foo");
    let written = entry.written_field("URL").unwrap();
    assert_eq!(written.value, "http://WWW.HOGE.JP/foo");
}
