//! Character encodings (XML 1.0 §4.3.3, Appendix F) and hostile input.

use rss2::{ReadOptions, read};

fn doc(encoding: &str, title: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"{encoding}\"?>\n<rss version=\"2.0\"><channel><title>{title}</title><link>http://x.example/</link><description>d</description></channel></rss>"
    )
}

fn title(bytes: &[u8]) -> (String, String) {
    let parsed = read(bytes, &ReadOptions::default()).unwrap();
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    (
        parsed.document.channel.title.unwrap(),
        parsed.document.encoding.unwrap(),
    )
}

const JA: &str = "日本語のタイトル";

#[test]
fn utf8_with_bom() {
    let mut bytes = vec![0xEF, 0xBB, 0xBF];
    bytes.extend(doc("UTF-8", JA).bytes());
    assert_eq!(title(&bytes), (JA.to_owned(), "UTF-8".to_owned()));
}

#[test]
fn utf16_le_and_be_with_bom() {
    let text = doc("UTF-16", JA);
    let mut le = vec![0xFF, 0xFE];
    le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    assert_eq!(title(&le), (JA.to_owned(), "UTF-16LE".to_owned()));
    let mut be = vec![0xFE, 0xFF];
    be.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    assert_eq!(title(&be), (JA.to_owned(), "UTF-16BE".to_owned()));
}

#[test]
fn japanese_legacy_encodings() {
    for label in ["EUC-JP", "Shift_JIS", "ISO-2022-JP"] {
        let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        let text = doc(label, JA);
        let (bytes, _, errors) = encoding.encode(&text);
        assert!(!errors);
        assert_eq!(title(&bytes).0, JA, "{label}");
    }
}

#[test]
fn iso_8859_1_declared() {
    let mut bytes = doc("ISO-8859-1", "caf_").into_bytes();
    let at = bytes.iter().position(|&b| b == b'_').unwrap();
    bytes[at] = 0xE9;
    assert_eq!(
        title(&bytes),
        ("café".to_owned(), "windows-1252".to_owned())
    );
}

#[test]
fn invalid_utf8_is_a_warning_when_lenient_and_an_error_when_strict() {
    let mut bytes = doc("UTF-8", "ab").into_bytes();
    let at = bytes.windows(2).position(|w| w == b"ab").unwrap();
    bytes[at] = 0xFF;
    let parsed = read(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(parsed.document.channel.title.as_deref(), Some("\u{FFFD}b"));
    assert_eq!(parsed.diagnostics[0].rule.id, "rss2/bad-encoding");
    assert_eq!(parsed.diagnostics[0].span.start, at);
    let rejected = read(&bytes, &ReadOptions::strict()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/bad-encoding");
}

#[test]
fn undeclared_entity_is_kept_literally_when_lenient() {
    let bytes = doc("UTF-8", "a&nbsp;b");
    let parsed = read(bytes.as_bytes(), &ReadOptions::default()).unwrap();
    assert_eq!(parsed.document.channel.title.as_deref(), Some("a&nbsp;b"));
    assert_eq!(parsed.diagnostics[0].rule.id, "rss2/undeclared-entity");
    assert!(read(bytes.as_bytes(), &ReadOptions::strict()).is_err());
}

#[test]
fn billion_laughs_is_not_expanded() {
    let mut input =
        String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY lol \"lol\">\n");
    for i in 1..10 {
        let prev = if i == 1 {
            "lol".to_owned()
        } else {
            format!("lol{}", i - 1)
        };
        input.push_str(&format!(
            "<!ENTITY lol{i} \"{}\">\n",
            format!("&{prev};").repeat(10)
        ));
    }
    input.push_str("]>\n<rss version=\"2.0\"><channel><title>&lol9;</title><link>http://x.example/</link><description>d</description></channel></rss>");
    let parsed = read(input.as_bytes(), &ReadOptions::default()).unwrap();
    assert_eq!(parsed.document.channel.title.as_deref(), Some("&lol9;"));
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, ["rss2/doctype-entity", "rss2/undeclared-entity"]);
    assert!(read(input.as_bytes(), &ReadOptions::strict()).is_err());
}

#[test]
fn ten_thousand_nested_elements_are_rejected_cleanly() {
    let mut input = String::from(
        "<rss version=\"2.0\"><channel><title>t</title><link>http://x.example/</link><description>d</description><x:a xmlns:x=\"urn:x\">",
    );
    input.push_str(&"<x:a>".repeat(10_000));
    input.push_str(&"</x:a>".repeat(10_001));
    input.push_str("</channel></rss>");
    let rejected = read(input.as_bytes(), &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/too-deep");
    assert!(rejected.to_string().contains("deeper than 256"));
    // Within a raised limit a 1,000-deep tree reads.
    let mut input = String::from(
        "<rss version=\"2.0\"><channel><title>t</title><link>http://x.example/</link><description>d</description><x:a xmlns:x=\"urn:x\">",
    );
    input.push_str(&"<x:a>".repeat(1_000));
    input.push_str(&"</x:a>".repeat(1_001));
    input.push_str("</channel></rss>");
    assert!(read(input.as_bytes(), &ReadOptions::default()).is_err());
    let options = ReadOptions {
        max_depth: 2_000,
        ..ReadOptions::default()
    };
    let parsed = read(input.as_bytes(), &options).unwrap();
    assert_eq!(parsed.document.channel.extensions.len(), 1);
}

#[test]
fn unclosed_tags_are_rejected() {
    let rejected = read(
        b"<rss version=\"2.0\"><channel><title>t</title>",
        &ReadOptions::default(),
    )
    .unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/not-well-formed");
    assert!(rejected.diagnostics[0].message.contains("<channel>"));
    let rejected = read(
        b"<rss version=\"2.0\"><channel><title>t</link></channel></rss>",
        &ReadOptions::default(),
    )
    .unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/not-well-formed");
}

#[test]
fn not_rss_is_rejected() {
    let rejected = read(
        b"<feed xmlns=\"http://www.w3.org/2005/Atom\"/>",
        &ReadOptions::default(),
    )
    .unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/not-rss");
    let rejected = read(b"", &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/not-rss");
    let rejected = read(b"<rss version=\"2.0\"></rss>", &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/missing-element");
}

#[test]
fn control_characters_are_replaced_with_a_warning() {
    let bytes = doc("UTF-8", "a\u{1}b");
    let parsed = read(bytes.as_bytes(), &ReadOptions::default()).unwrap();
    assert_eq!(parsed.document.channel.title.as_deref(), Some("a\u{FFFD}b"));
    assert_eq!(parsed.diagnostics[0].rule.id, "rss2/bad-character");
}

#[test]
fn arbitrary_bytes_never_panic() {
    let seeds: [&[u8]; 6] = [
        b"<rss",
        b"<rss version='2.0'><channel><item><title><![CDATA[",
        b"\xFF\xFE<\x00",
        b"<?xml version='1.0' encoding='UTF-16'?><rss/>",
        b"<rss version='2.0'><channel>&#0;&#xD800;&#99999999;</channel></rss>",
        b"<rss version='2.0' a='&foo;' a='1'><channel/></rss>",
    ];
    for seed in seeds {
        for cut in 0..=seed.len() {
            let _ = read(&seed[..cut], &ReadOptions::default());
            let _ = read(&seed[..cut], &ReadOptions::strict());
        }
    }
}
