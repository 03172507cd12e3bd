//! Tests of the conversions to and from the shared model.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use super::*;

fn entry(url: &str) -> Entry {
    Entry::new(Url::parse(url).unwrap())
}

/// HINA-DI §Propagation: fields are reproduced unchanged. A URL its
/// source wrote in another spelling of the same URL is written so in
/// `link` and `guid` (and read back so), not in its normalised form;
/// one with white space inside is written normalised (RSS text is
/// trimmed, and a validator takes no space in a URL).
#[test]
fn an_entry_url_is_written_as_its_source_wrote_it() {
    let with_written = |written: &str| {
        let mut e = entry(written);
        e.written.push("URL", written);
        e.title = Some("t".into());
        e
    };
    let upper = with_written("http://WWW.HOGE.JP:80/foo");
    assert_eq!(upper.url.as_str(), "http://www.hoge.jp/foo");
    let item = item_from_entry(&upper).document;
    assert_eq!(item.link.as_deref(), Some("http://WWW.HOGE.JP:80/foo"));
    assert_eq!(
        item.guid.as_ref().map(|g| g.value.as_str()),
        Some("http://WWW.HOGE.JP:80/foo")
    );
    let mut feed = Feed::new();
    feed.entries.push(upper.clone());
    let written =
        crate::write(&from_feed(&feed).document, &crate::WriteOptions::default()).unwrap();
    let back = to_feed(
        &crate::read(&written, &crate::ReadOptions::default())
            .unwrap()
            .document,
    );
    assert_eq!(back.document.entries[0].url, upper.url);
    assert_eq!(
        back.document.entries[0].url_as_written(),
        Some("http://WWW.HOGE.JP:80/foo")
    );
    let spaced = with_written("http://www.hoge.jp/a b");
    let item = item_from_entry(&spaced).document;
    assert_eq!(item.link.as_deref(), Some("http://www.hoge.jp/a%20b"));
    // Built in code, nothing written: the normalised form.
    let mut plain = entry("http://WWW.HOGE.JP/x");
    plain.title = Some("t".into());
    let item = item_from_entry(&plain).document;
    assert_eq!(item.link.as_deref(), Some("http://www.hoge.jp/x"));
}

#[test]
fn an_empty_feed_still_has_a_title_a_full_link_and_a_description() {
    let channel = from_feed(&Feed::new()).document.channel;
    assert_eq!(channel.title.as_deref(), Some("Update times"));
    assert_eq!(channel.link.as_deref(), Some("about:blank"));
    assert_eq!(
        channel.description.as_deref(),
        Some("Update times of 0 pages")
    );
}

#[test]
fn the_link_falls_back_to_the_site_of_the_first_entry() {
    let mut feed = Feed::new();
    feed.agent = Some(Agent {
        name: "wdb/1.0".into(),
        url: None,
    });
    feed.entries.push(entry("http://www.hoge.jp/foo/bar.html"));
    let channel = from_feed(&feed).document.channel;
    assert_eq!(channel.link.as_deref(), Some("http://www.hoge.jp/"));
    assert_eq!(channel.title.as_deref(), Some("Update times (wdb/1.0)"));
    assert_eq!(
        channel.description.as_deref(),
        Some("Update times of 1 page, by wdb/1.0")
    );
}

#[test]
fn only_an_address_is_an_rss_author() {
    // RSS 2.0 §item author: "Email address of the author of the item",
    // e.g. `lawyer@boyer.net (Lawyer Boyer)`.
    assert!(is_email_author("lawyer@boyer.net (Lawyer Boyer)"));
    assert!(is_email_author("hoge@example.jp"));
    assert!(!is_email_author("ほげ"));
    assert!(!is_email_author("Lawyer Boyer"));
    assert!(!is_email_author("@example.jp"));
    assert!(!is_email_author("me@localhost"));
}

#[test]
fn names_go_to_dc_creator_with_the_namespace_declared() {
    let mut feed = Feed::new();
    let mut e = entry("http://www.hoge.jp/foo/");
    e.title = Some("ほげ日記".into());
    e.author = Some("ほげ".into());
    feed.entries.push(e);
    let document = from_feed(&feed).document;
    let item = &document.channel.items[0];
    assert_eq!(item.author, None);
    assert_eq!(item.dc_creator().as_deref(), Some("ほげ"));
    assert_eq!(document.namespaces[0].uri, DC_NS);
}

#[test]
fn pub_date_keeps_the_offset_and_pads_the_day() {
    // 1031315696 is 2002-09-06T12:34:56Z.
    let t = Timestamp::from_second(1_031_315_696).unwrap();
    let jst = Offset::from_seconds(32_400).unwrap();
    assert_eq!(pub_date(t, Some(jst)), "Fri, 06 Sep 2002 21:34:56 +0900");
    assert_eq!(pub_date(t, None), "Fri, 06 Sep 2002 12:34:56 GMT");
    assert_eq!(
        pub_date(t, Some(Offset::UTC)),
        "Fri, 06 Sep 2002 12:34:56 GMT"
    );
}

#[test]
fn an_untitled_entry_is_titled_by_its_url_with_a_loss() {
    let mut feed = Feed::new();
    feed.entries.push(entry("http://www.hoge.jp/foo/"));
    // With the `antenna` module the want of a title is carried (a LIRS
    // record's title `0`), and read back the entry has none: no loss.
    let carried = from_feed(&feed);
    assert!(carried.losses.iter().all(|l| l.field != "title"));
    assert_eq!(to_feed(&carried.document).document.entries[0].title, None);
    // Plain RSS says so.
    let converted = <crate::Rss2Plain as antenna_model::Codec>::from_feed(&feed);
    let item = &converted.document.channel.items[0];
    assert_eq!(item.title.as_deref(), Some("http://www.hoge.jp/foo/"));
    let guid = item.guid.as_ref().unwrap();
    assert_eq!(guid.value, "http://www.hoge.jp/foo/");
    assert!(guid.is_permalink());
    // Read back, the guid that repeats the link is no loss.
    let back = to_feed(&converted.document);
    assert!(
        back.losses.iter().all(|l| l.field != "guid"),
        "{:?}",
        back.losses
    );
    assert!(
        converted
            .losses
            .iter()
            .any(|l| l.field == "title" && l.entry.as_deref() == Some("http://www.hoge.jp/foo/"))
    );
}

#[test]
fn a_pub_date_offset_becomes_the_site_offset() {
    let doc = crate::read(
        b"<rss version=\"2.0\"><channel><title>t</title><link>http://a.jp/</link><description>d</description>\
          <item><link>http://a.jp/x</link><pubDate>Fri, 06 Sep 2002 21:34:56 +0900</pubDate></item></channel></rss>",
        &crate::ReadOptions::default(),
    )
    .unwrap()
    .document;
    let feed = to_feed(&doc).document;
    assert_eq!(
        feed.entries[0].site_offset.map(|o| o.seconds()),
        Some(32_400)
    );
}

#[test]
fn a_settled_summary_learns_only_the_count() {
    let entry = |url: &str, author: &str, detected: bool| {
        let mut e = Entry::new(Url::parse(url).unwrap());
        e.title = Some("t".to_owned());
        e.author = Some(author.to_owned());
        if detected {
            e.last_detected = Some(Timestamp::UNIX_EPOCH);
        }
        e
    };
    let entries = [
        // An e-mail address (RSS `author`), nothing for the module.
        entry("http://a.example.jp/x", "a@example.jp", false),
        // A name (`dc:creator`).
        entry("http://b.example.jp/y", "Hiya", false),
        // A value only the module holds.
        entry("http://c.example.jp/z", "a@example.jp", true),
        entry("http://d.example.jp/w", "Hiya", true),
        entry("http://e.example.jp/v", "a@example.jp", false),
    ];
    let mut summary = ChannelSummary::default();
    let mut settled_at = None;
    for (i, e) in entries.iter().enumerate() {
        if summary.is_settled(true) {
            settled_at.get_or_insert(i);
            summary.count_one();
        } else {
            summary.add(e);
        }
    }
    assert_eq!(settled_at, Some(3));
    assert_eq!(summary, ChannelSummary::of(&entries));
    // Without the module, the first name settles it.
    let mut plain = ChannelSummary::default();
    plain.add(&entries[0]);
    assert!(!plain.is_settled(false));
    plain.add(&entries[1]);
    assert!(plain.is_settled(false));
    assert!(!plain.is_settled(true));
}

/// A glance at a plain item tells the author its entry has (`author`,
/// else `dc:creator`: the module's docs), and the item itself; a summary
/// made of glances, where they tell enough, is the one made of the
/// entries. An item that carries the module gets no glance: its entry is
/// made of the module's fields.
#[test]
fn a_glance_tells_what_the_entry_would() {
    let input = br#"<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title>
<item><title>a</title><link>http://a.example.jp/</link><author>a@example.jp</author></item>
<item><title>b</title><link>http://b.example.jp/</link><author>b@example.jp</author></item>
<item><title>c</title><guid>http://c.example.jp/</guid><dc:creator>Hiya</dc:creator></item>
<item><title>d</title><author>d@example.jp</author><dc:creator>Hoge</dc:creator></item>
<item><description>no title, no author</description></item>
</channel></rss>"#;
    let items = crate::read(input, &crate::ReadOptions::default())
        .unwrap()
        .document
        .channel
        .items;
    let authors: Vec<_> = items
        .iter()
        .map(|i| glance(i).unwrap().author.map(Cow::into_owned))
        .collect();
    let expected = [
        Some("a@example.jp"),
        Some("b@example.jp"),
        Some("Hiya"),
        Some("d@example.jp"),
        None,
    ];
    assert_eq!(authors, expected.map(|a| a.map(str::to_owned)));
    for (index, item) in items.iter().enumerate() {
        let made = super::entry(item, index, &mut Vec::new()).unwrap();
        assert_eq!(
            glance(item).unwrap().author.as_deref(),
            made.author.as_deref()
        );
        let kept = glance(item).unwrap().as_written;
        assert!(kept.and_then(|w| w.downcast_ref::<Item>()) == Some(item));
    }
    // By glances: the first entry is made (its site is the channel's
    // link), the others told; the third is a name (`dc:creator`).
    let mut told = ChannelSummary::default();
    let mut glanced = 0;
    for (index, item) in items.iter().enumerate() {
        if told.add_glance(&glance(item).unwrap()) {
            glanced += 1;
        } else {
            told.add(&super::entry(item, index, &mut Vec::new()).unwrap());
        }
    }
    assert_eq!(glanced, 4);
    let entries: Vec<Entry> = (items.iter().enumerate())
        .map(|(index, item)| super::entry(item, index, &mut Vec::new()).unwrap())
        .collect();
    assert_eq!(told, ChannelSummary::of(&entries));
    assert!(told.uses_dc && !told.uses_antenna && told.count == 5);
    // An item that carries the module.
    let module = crate::read(
        format!(
            r#"<rss version="2.0" xmlns:antenna="{ANTENNA_NS}"><channel><title>t</title>
<item><title>m</title><link>http://m.example.jp/</link>
<antenna:lirs name="Last-Detected">1030000000</antenna:lirs></item></channel></rss>"#
        )
        .as_bytes(),
        &crate::ReadOptions::default(),
    )
    .unwrap()
    .document
    .channel
    .items;
    assert!(glance(&module[0]).is_none());
    // A glance that keeps no plain item tells a summary nothing.
    let mut summary = told.clone();
    assert!(!summary.add_glance(&Glance::new(Some(Cow::Borrowed("Hiya")), None)));
    assert_eq!(summary, told);
}

proptest::proptest! {
    /// The date written by hand is what jiff's `strtime` writes.
    #[test]
    fn pub_date_by_hand_is_strtimes(
        seconds in -62_167_219_200_i64..253_402_300_799,
        offset_minutes in -1559_i32..=1559,
    ) {
        let timestamp = Timestamp::from_second(seconds).unwrap();
        let offset = Offset::from_seconds(offset_minutes * 60).unwrap();
        let zoned = timestamp.to_zoned(TimeZone::fixed(offset));
        let strtime = antenna_model::jiff::fmt::strtime::format(PUB_DATE_FORMAT, &zoned).ok();
        let by_hand = rfc822_in(timestamp, offset);
        if by_hand.is_some() {
            proptest::prop_assert_eq!(by_hand, strtime);
        } else {
            let year = offset.to_datetime(timestamp).year();
            proptest::prop_assert!(!(0..=9999).contains(&year));
        }
    }
}

#[test]
fn pub_date_by_hand_examples() {
    let at = |s: &str| s.parse::<Timestamp>().unwrap();
    let jst = Offset::from_seconds(9 * 3600).unwrap();
    let west = Offset::from_seconds(-(3 * 3600 + 30 * 60)).unwrap();
    assert_eq!(
        rfc822_in(at("2002-09-07T00:00:01Z"), jst).as_deref(),
        Some("Sat, 07 Sep 2002 09:00:01 +0900")
    );
    assert_eq!(
        rfc822_in(at("2002-09-07T00:00:01Z"), west).as_deref(),
        Some("Fri, 06 Sep 2002 20:30:01 -0330")
    );
    // An offset with seconds is strtime's.
    assert_eq!(
        rfc822_in(
            at("2002-09-07T00:00:01Z"),
            Offset::from_seconds(32_401).unwrap()
        ),
        None
    );
}
