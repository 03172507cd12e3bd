//! The streamed RSS encoder (`encode_streamed(Format::Rss2, ..)`, which
//! `antenna encode --format rss2` tries first) against `encode`: on every
//! RSS conformance case it gives the bytes `encode` gives, or nothing
//! (then the caller encodes the tree, which gives `encode`'s answer); and
//! on the decoder's own JSON of every accepted case it gives the bytes.

use std::fs;
use std::path::{Path, PathBuf};

use antenna_conformance::protocol::{Version, decode, encode, encode_streamed};
use antenna_model::Format;
use serde_json::{Value, json};

/// Every file under conformance/rss2 with extension `ext`.
fn files(ext: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("rss2")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// `text` streamed gives `encode`'s bytes, or nothing; `true` when it
/// gave them.
fn agrees(text: &[u8], what: &str) -> bool {
    let streamed = encode_streamed(Format::Rss2, text);
    let tree = serde_json::from_slice::<Value>(text).map(|json| encode(Format::Rss2, &json));
    match (streamed, tree) {
        (Some(bytes), Ok(Ok(expected))) => {
            assert_eq!(
                String::from_utf8_lossy(&bytes),
                String::from_utf8_lossy(&expected),
                "{what}"
            );
            true
        }
        (Some(_), other) => panic!("{what}: streamed, but encode gives {other:?}"),
        (None, _) => false,
    }
}

#[test]
fn the_decoders_json_of_every_case_is_streamed_to_encodes_bytes() {
    let mut streamed = 0;
    for path in files("xml") {
        let input = fs::read(&path).expect("the case's file");
        for version in Version::ALL {
            let Ok(json) = decode(Format::Rss2, &input, version) else {
                continue;
            };
            let text = serde_json::to_vec(&json).expect("JSON text");
            let what = format!("{} v{version}", path.display());
            // With the line end `antenna decode` prints after it.
            let mut line = text.clone();
            line.push(b'\n');
            let accepted = encode(Format::Rss2, &json).is_ok();
            assert_eq!(agrees(&text, &what), accepted, "{what}: streamed");
            assert_eq!(agrees(&line, &what), accepted, "{what} and a line end");
            streamed += usize::from(accepted);
        }
    }
    assert!(streamed > 100, "{streamed} streamed");
}

#[test]
fn every_json_case_streamed_gives_encodes_answer() {
    for path in files("json") {
        let text = fs::read(&path).expect("the case's JSON");
        let what = path.display().to_string();
        agrees(&text, &what);
        // Compact, as the decoder prints it; and in each version.
        let Ok(json) = serde_json::from_slice::<Value>(&text) else {
            continue;
        };
        for version in Version::ALL {
            let mut json = json.clone();
            if let (Value::Object(members), Version::V2) = (&mut json, version) {
                members.shift_insert(0, "protocol".to_owned(), json!(2));
            }
            agrees(json.to_string().as_bytes(), &format!("{what} v{version}"));
        }
    }
}

/// A v2 document whose namespaces are met in an order that differs from
/// the order of the file: an item's attribute before the channel's
/// extension element, an undeclared prefix `ns1` taken, a namespace used
/// only after the channel.
fn namespaced() -> Value {
    json!({"protocol": 2, "format": "rss2", "version": "2.0",
        "channel": {"title": "T", "link": "http://example.com/", "description": "D",
            "extensions": [{"namespace": "urn:channel", "name": "c", "children": ["x"]},
                           {"name": "ns1:loose", "children": ["y"]}]},
        "items": [
            {"title": "one",
             "attributes": {"{urn:item-attribute}a": "1"},
             "extensions": [{"namespace": "http://purl.org/dc/elements/1.1/", "name": "creator",
                             "children": ["Hoge"]}]},
            {"title": "two",
             "extensions": [{"namespace": "urn:channel", "name": "c",
                             "attributes": {"{urn:deep}b": "2"},
                             "children": [{"namespace": "urn:child", "name": "d"}]}]}
        ],
        "extensions": [{"namespace": "urn:after", "name": "after"}]})
}

#[test]
fn namespaces_are_declared_as_for_the_whole_document() {
    let json = namespaced();
    let expected = encode(Format::Rss2, &json).expect("encoded");
    let text = String::from_utf8(expected.clone()).expect("UTF-8");
    // The order `encode` chooses (an item's attribute first; `ns1` is
    // taken), checked here so that the test means it.
    for declaration in [
        "xmlns:ns2=\"urn:item-attribute\" xmlns:ns3=\"urn:channel\" xmlns:dc=",
        "xmlns:ns4=\"urn:deep\" xmlns:ns5=\"urn:child\" xmlns:ns6=\"urn:after\"",
    ] {
        assert!(text.contains(declaration), "{text}");
    }
    assert_eq!(
        encode_streamed(Format::Rss2, json.to_string().as_bytes()),
        Some(expected)
    );
}

#[test]
fn what_is_not_the_decoders_text_is_left_to_encode() {
    let none = |json: &Value| encode_streamed(Format::Rss2, json.to_string().as_bytes());
    let good = namespaced();
    // The protocol member after the items: written by encode (it compares
    // trees), not streamed (the text is not what reads back).
    let Value::Object(members) = &good else {
        unreachable!()
    };
    let mut last = members.clone();
    let protocol = last.shift_remove("protocol").expect("protocol");
    last.insert("protocol".to_owned(), protocol);
    let last = Value::Object(last);
    assert!(encode(Format::Rss2, &last).is_ok());
    assert_eq!(none(&last), None);
    // Version 1 with "protocol": 1, which its decoder does not print.
    let v1 = json!({"protocol": 1, "format": "rss2",
        "channel": {"title": "T", "link": "http://example.com/", "description": "D"},
        "items": [{"title": "one"}]});
    assert!(encode(Format::Rss2, &v1).is_ok());
    assert_eq!(none(&v1), None);
    // Pretty-printed.
    let pretty = serde_json::to_vec_pretty(&good).expect("JSON");
    assert_eq!(encode_streamed(Format::Rss2, &pretty), None);
    // Refused by encode: an item that would read back trimmed, a member
    // of the other version, an item that is not an object, another format.
    for (bad, why) in [
        (
            json!({"format": "rss2",
                "channel": {"title": "T", "link": "http://example.com/", "description": "D"},
                "items": [{"title": "one"}, {"title": " two "}]}),
            "read back",
        ),
        (
            json!({"format": "rss2",
                "channel": {"title": "T", "link": "http://example.com/", "description": "D"},
                "items": [{"title": "one", "extensions": []}]}),
            "protocol 2",
        ),
        (
            json!({"format": "rss2",
                "channel": {"title": "T", "link": "http://example.com/", "description": "D"},
                "items": [1]}),
            "not an object",
        ),
        (
            json!({"format": "lirs",
                "channel": {"title": "T", "link": "http://example.com/", "description": "D"},
                "items": []}),
            "`format`",
        ),
    ] {
        let refused = encode(Format::Rss2, &bad).expect_err("refused");
        assert!(refused.contains(why), "{refused}");
        assert_eq!(none(&bad), None, "{bad}");
    }
    // Not JSON, not an object, items given twice.
    assert_eq!(encode_streamed(Format::Rss2, b"{"), None);
    assert_eq!(encode_streamed(Format::Rss2, b"[]"), None);
    assert_eq!(
        encode_streamed(
            Format::Rss2,
            br#"{"format":"rss2","channel":{"title":"T"},"items":[],"items":[]}"#
        ),
        None
    );
}

/// A channel longer than the frame each item is read back in (64 KiB) is
/// left to encode, which reads the document back once: read back around
/// every item, it would be read again for each.
#[test]
fn a_channel_longer_than_the_frame_is_left_to_encode() {
    for (length, streamed) in [(60 * 1024, true), (70 * 1024, false)] {
        let items: String = (0..3)
            .map(|n| format!("<item><title>t{n}</title><link>http://example.com/{n}</link></item>"))
            .collect();
        let xml = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel>\
             <title>T</title><link>http://example.com/</link><description>{}</description>\
             {items}</channel></rss>",
            "d".repeat(length)
        );
        let json = decode(Format::Rss2, xml.as_bytes(), Version::V1).expect("decoded");
        let text = serde_json::to_vec(&json).expect("JSON text");
        assert!(encode(Format::Rss2, &json).is_ok());
        assert_eq!(agrees(&text, "a long channel"), streamed, "{length}");
    }
}
