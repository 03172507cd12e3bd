//! to_feed / from_feed, with losses.

use antenna_model::jiff::Timestamp;
use antenna_model::jiff::tz::Offset;
use antenna_model::{Entry, Feed};
use lirs::{ReadOptions, from_feed, read, to_feed};

#[test]
fn spec_example_to_feed() {
    let doc = read(
        include_bytes!("data/spec-example.lirs"),
        &ReadOptions::default(),
    )
    .unwrap()
    .document;
    let converted = to_feed(&doc);
    assert!(converted.is_lossless(), "{:?}", converted.losses);
    let e = &converted.document.entries[0];
    assert_eq!(e.url.as_str(), "http://hiya.ouchi.to/n/");
    assert_eq!(
        e.last_modified,
        Some("1999-10-01T12:01:00Z".parse().unwrap())
    );
    assert_eq!(
        e.last_detected,
        Some("1999-10-01T12:30:02Z".parse().unwrap())
    );
    assert_eq!(e.site_offset, Some(Offset::from_hours(9).unwrap()));
    assert_eq!(e.content_length, Some(49383));
    assert_eq!(e.title.as_deref(), Some("Tadayo Memories"));
    assert_eq!(e.author.as_deref(), Some("Hiya"));
    // The url crate lower-cases the host.
    assert_eq!(
        e.source_url.as_ref().unwrap().as_str(),
        "http://amano.haun.org/"
    );
    assert_eq!(e.extension("lirs:extension"), Some("blah blah"));
    // And back.
    let back = from_feed(&converted.document);
    assert!(back.is_lossless(), "{:?}", back.losses);
    assert_eq!(back.document.records[0].title, doc.records[0].title);
    assert_eq!(
        back.document.records[0].last_modified,
        doc.records[0].last_modified
    );
    assert_eq!(back.document.records[0].time_difference, 32400);
    // The source URL is written as the file wrote it, not in the
    // normalised form the model keeps.
    assert_eq!(
        back.document.records[0].source_url,
        doc.records[0].source_url
    );
    assert_eq!(doc.records[0].source_url, "http://amano.hauN.org/");
    // A source URL changed after reading is written as the model holds it.
    let mut feed = converted.document;
    feed.entries[0].source_url = Some("http://other.example/".parse().unwrap());
    let changed = from_feed(&feed);
    assert_eq!(
        changed.document.records[0].source_url,
        "http://other.example/"
    );
}

#[test]
fn to_feed_reports_what_it_cannot_carry() {
    let input = b"# comment\nLIRS,0,315532800,99999999,0,http://a.example/,0,0,0,,x1,\nLIRS,1,2,0,0,not a url,t,a,0,,\n";
    let doc = read(input, &ReadOptions::default()).unwrap().document;
    let converted = to_feed(&doc);
    let fields: Vec<_> = converted.losses.iter().map(|l| &*l.field).collect();
    assert_eq!(
        fields,
        ["comment", "Last-Detected", "time difference", "URL"]
    );
    let e = &converted.document.entries[0];
    assert_eq!(e.last_modified, None);
    assert_eq!(e.last_detected, None);
    assert_eq!(e.site_offset, None);
    assert_eq!(e.title, None);
    assert_eq!(e.content_length, None);
    assert_eq!(
        e.extensions,
        antenna_model::FieldList::from_iter([("lirs:extra", "x1")])
    );
    assert_eq!(converted.document.entries.len(), 1);
}

#[test]
fn from_feed_reports_fields_lirs_has_no_place_for() {
    let mut feed = Feed::new();
    feed.title = Some("feed".into());
    let mut e = Entry::new("http://a.example/".parse().unwrap());
    e.keywords = vec!["k".into()];
    e.server = Some("Apache".into());
    e.title = Some("two\nlines".into());
    e.last_modified = Some(Timestamp::from_second(-10).unwrap());
    e.extensions.push("X-WDB-Title", "w");
    e.extensions.push("lirs:extension", "ext");
    feed.entries.push(e.clone());
    feed.entries.push(e); // same URL again
    let converted = from_feed(&feed);
    let fields: Vec<_> = converted.losses.iter().map(|l| &*l.field).collect();
    assert_eq!(
        fields,
        [
            "title",
            "Last-Modified",
            "title",
            "X-WDB-Title",
            "keywords",
            "server",
            "URL"
        ]
    );
    let r = &converted.document.records[0];
    assert_eq!(converted.document.records.len(), 1);
    assert_eq!(r.title, "two lines");
    assert_eq!(r.author, "0");
    assert_eq!(r.extension, "ext");
    assert!(r.last_modified.is_unknown());
}

#[test]
fn a_url_not_in_normal_form_is_kept_as_written() {
    // The entry's URL is normalised (the url crate lower-cases the host);
    // the text as written goes with it, for writers that reproduce it.
    let text = b"LIRS,1033290000,1033290001,32400,0,http://WWW.HOGE.JP/foo,T,A,0,,\r\n\
                 LIRS,1033290000,1033290001,32400,0,http://www.hoge.jp/bar,T,A,0,,\r\n";
    let doc = read(text, &ReadOptions::default()).unwrap().document;
    let feed = to_feed(&doc).document;
    assert_eq!(feed.entries[0].url.as_str(), "http://www.hoge.jp/foo");
    let written = feed.entries[0].written_field("URL").unwrap();
    assert_eq!(written.value, "http://WWW.HOGE.JP/foo");
    // A URL already in normal form has nothing written beside it.
    assert!(feed.entries[1].written.is_empty());
    // Written again, the record keeps its URL as written, not the
    // normalised form.
    let back = from_feed(&feed).document;
    assert_eq!(back.records[0].url, "http://WWW.HOGE.JP/foo");
    assert_eq!(back.records[1].url, "http://www.hoge.jp/bar");
    let bytes = lirs::write(&back, &lirs::WriteOptions::default()).unwrap();
    let first_line = String::from_utf8(bytes).unwrap();
    assert!(
        first_line.starts_with("LIRS,1033290000,1033290001,32400,0,http://WWW.HOGE.JP/foo,"),
        "{first_line}"
    );
}

#[test]
fn a_written_url_that_no_longer_reads_as_the_entry_is_not_used() {
    // The entry's URL was changed after reading: the text as written
    // names another page and is not put down.
    let text = b"LIRS,1033290000,1033290001,32400,0,http://WWW.HOGE.JP/foo,T,A,0,,\r\n";
    let doc = read(text, &ReadOptions::default()).unwrap().document;
    let mut feed = to_feed(&doc).document;
    feed.entries[0].url = "http://www.hoge.jp/other".parse().unwrap();
    let back = from_feed(&feed).document;
    assert_eq!(back.records[0].url, "http://www.hoge.jp/other");
}
