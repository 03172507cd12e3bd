//! `antenna decode --protocol`: version 1 by default, version 2 with
//! `"protocol": 2`, RSS extensions and every enclosure; and `antenna
//! encode` writing version 2 back.

mod common;

use common::{antenna, text};
use serde_json::{Value, json};

const FEED: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>T</title><link>http://example.com/</link><description>D</description>
<item><title>I</title>
<enclosure url="http://example.com/a.mp3" length="1" type="audio/mpeg"/>
<enclosure url="http://example.com/a.ogg" length="2" type="audio/ogg"/>
<dc:creator>Hiya</dc:creator></item>
</channel></rss>
"#;

fn decoded(args: &[&str], input: &[u8]) -> Value {
    let out = antenna(args, input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

#[test]
fn version_1_is_the_default() {
    let json = decoded(&["decode", "--format", "rss2"], FEED.as_bytes());
    assert_eq!(json.get("protocol"), None);
    let item = &json["items"][0];
    assert_eq!(
        item["enclosure"],
        json!({"url": "http://example.com/a.mp3", "length": "1", "type": "audio/mpeg"})
    );
    assert_eq!(item.get("enclosures"), None);
    assert_eq!(item.get("extensions"), None);
    let explicit = decoded(
        &["decode", "--format", "rss2", "--protocol", "1"],
        FEED.as_bytes(),
    );
    assert_eq!(explicit, json);
}

#[test]
fn version_2_shows_extensions_and_every_enclosure() {
    let json = decoded(
        &["decode", "--format", "rss2", "--protocol", "2"],
        FEED.as_bytes(),
    );
    assert_eq!(json["protocol"], json!(2));
    let item = &json["items"][0];
    assert_eq!(item.get("enclosure"), None);
    assert_eq!(
        item["enclosures"],
        json!([
            {"url": "http://example.com/a.mp3", "length": "1", "type": "audio/mpeg"},
            {"url": "http://example.com/a.ogg", "length": "2", "type": "audio/ogg"}
        ])
    );
    assert_eq!(
        item["extensions"],
        json!([{"namespace": "http://purl.org/dc/elements/1.1/", "name": "creator",
                "children": ["Hiya"]}])
    );
    // The encoder writes it all back.
    let written = antenna(&["encode", "--format", "rss2"], json.to_string().as_bytes());
    assert!(written.status.success(), "{}", text(&written.stderr));
    let again = decoded(
        &["decode", "--format", "rss2", "--protocol", "2"],
        &written.stdout,
    );
    assert_eq!(again, json);
}

#[test]
fn every_format_says_its_version() {
    let lirs = b"LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo,Hiya,http://amano.hauN.org/,x,\n";
    let json = decoded(&["decode", "--format", "lirs", "--protocol", "2"], lirs);
    assert_eq!(json["protocol"], json!(2));
    assert_eq!(json["records"][0]["url"], json!("http://hiya.ouchi.to/n/"));
}

#[test]
fn an_unknown_version_is_a_usage_error() {
    let out = antenna(
        &["decode", "--format", "rss2", "--protocol", "3"],
        FEED.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("[possible values: 1, 2]"));
}
