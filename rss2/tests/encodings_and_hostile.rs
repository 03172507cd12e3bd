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
fn invalid_utf8_is_an_error_when_strict_and_windows_1252_when_lenient() {
    // XML 1.0 §4.3.3: byte sequences not legal in the encoding are a fatal
    // error; no U+FFFD replacement. A lenient reader takes feedparser's
    // last fallback, Windows-1252, and says where the first bad byte is.
    let mut bytes = doc("UTF-8", "ab").into_bytes();
    let at = bytes.windows(2).position(|w| w == b"ab").unwrap();
    bytes[at] = 0xFF;
    let rejected = read(&bytes, &ReadOptions::strict()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/bad-encoding");
    assert_eq!(rejected.diagnostics[0].span, at..at + 1);
    let parsed = read(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(parsed.document.channel.title.as_deref(), Some("\u{FF}b"));
    assert_eq!(parsed.diagnostics[0].span, at..at + 1);
    // An encoded surrogate (ED A0 80) is not UTF-8 either.
    let bytes = doc("UTF-8", "a\u{1}b").replace('\u{1}', "@").into_bytes();
    let at = bytes.iter().position(|&b| b == b'@').unwrap();
    let mut bad = bytes[..at].to_vec();
    bad.extend([0xED, 0xA0, 0x80]);
    bad.extend(&bytes[at + 1..]);
    assert!(read(&bad, &ReadOptions::strict()).is_err());
    let parsed = read(&bad, &ReadOptions::default()).unwrap();
    assert_eq!(
        parsed.document.channel.title.as_deref(),
        Some("a\u{ED}\u{A0}\u{20AC}b")
    );
}

#[test]
fn bytes_invalid_in_the_declared_encoding_fall_back_as_feed_readers_do() {
    // Declares EUC-JP; 0xFF 0xFF is no EUC-JP character, nor UTF-8: the
    // last fallback, Windows-1252, reads it as ÿÿ, with a warning at the
    // first bad sequence. Strict reading rejects it.
    let mut bytes = doc("EUC-JP", "a__b").into_bytes();
    let at = bytes.windows(2).position(|w| w == b"__").unwrap();
    bytes[at] = 0xFF;
    bytes[at + 1] = 0xFF;
    let parsed = read(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(
        parsed.document.channel.title.as_deref(),
        Some("a\u{FF}\u{FF}b")
    );
    let d = &parsed.diagnostics[0];
    assert_eq!(d.rule.id, "rss2/bad-encoding");
    assert_eq!(d.span.start, at);
    assert!(d.message.contains("windows-1252"), "{}", d.message);
    let rejected = read(&bytes, &ReadOptions::strict()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/bad-encoding");
}

#[test]
fn utf8_declared_as_euc_jp_is_read_as_utf8() {
    // real-world-notes: the declared charset can be wrong. The UTF-8 bytes
    // of 日記 are not EUC-JP (E6 97 A5 E8 A8 98: 0x97 cannot follow 0xE6).
    let bytes = doc("EUC-JP", "日記").into_bytes();
    let parsed = read(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(parsed.document.channel.title.as_deref(), Some("日記"));
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, ["rss2/bad-encoding"]);
    assert!(parsed.diagnostics[0].message.contains("UTF-8"));
}

#[test]
fn a_byte_order_mark_has_no_fallback() {
    // UTF-16 LE BOM, then an unpaired surrogate (00 D8) in the title.
    let text = doc("UTF-16", "a__b");
    let mut bytes = vec![0xFF, 0xFE];
    for unit in text.encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    let at = bytes.windows(4).position(|w| w == b"_\0_\0").unwrap();
    bytes[at..at + 4].copy_from_slice(&[0x00, 0xD8, b'x', 0]);
    let rejected = read(&bytes, &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/bad-encoding");
}

#[test]
fn unknown_encoding_is_an_error() {
    let rejected = read(doc("x-klingon", "t").as_bytes(), &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/bad-encoding");
    assert!(rejected.diagnostics[0].message.contains("x-klingon"));
}

#[test]
fn html_entities_are_html_characters_with_a_warning_when_lenient() {
    // real-world-notes: "HTML entities such as &nbsp; that XML does not
    // declare"; HTML gives nbsp U+00A0, eacute U+00E9, mdash U+2014.
    let bytes = doc("UTF-8", "a&nbsp;caf&eacute; &mdash; &amp;");
    let parsed = read(bytes.as_bytes(), &ReadOptions::default()).unwrap();
    assert_eq!(
        parsed.document.channel.title.as_deref(),
        Some("a\u{A0}caf\u{E9} \u{2014} &")
    );
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, ["rss2/html-entity"; 3]);
    let at = bytes.find("&nbsp;").unwrap();
    assert_eq!(parsed.diagnostics[0].span, at..at + "&nbsp;".len());
    let rejected = read(bytes.as_bytes(), &ReadOptions::strict()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/html-entity");
}

#[test]
fn html_entities_in_attribute_values() {
    let bytes = "<rss version=\"2.0\"><channel><title>t</title><link>http://x.example/</link><description>d</description><category domain=\"a&nbsp;b\">c</category></channel></rss>";
    let parsed = read(bytes.as_bytes(), &ReadOptions::default()).unwrap();
    let category = &parsed.document.channel.categories[0];
    assert_eq!(category.domain.as_deref(), Some("a\u{A0}b"));
    assert_eq!(parsed.diagnostics[0].rule.id, "rss2/html-entity");
}

#[test]
fn an_entity_that_is_not_html_either_is_an_error_when_strict() {
    // Lenient reading takes it as its text (tests/lenient_text.rs).
    let bytes = doc("UTF-8", "a&bogus;b");
    let rejected = read(bytes.as_bytes(), &ReadOptions::strict()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/undeclared-entity");
    assert!(rejected.diagnostics[0].message.contains("&bogus;"));
}

#[test]
fn doctype_entities_are_expanded() {
    // XML 1.0 §4.4.2: an internal entity is included; §4.5: character
    // references in the value are replaced when it is declared.
    let input = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY site \"Hoge &amp; &#x41;\">\n<!ENTITY full \"&site; Antenna\">\n]>\n<rss version=\"2.0\"><channel><title>&full;</title><link>http://x.example/</link><description>d</description><category domain=\"&site;\">c</category></channel></rss>";
    let parsed = read(input.as_bytes(), &ReadOptions::strict()).unwrap();
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let channel = &parsed.document.channel;
    assert_eq!(channel.title.as_deref(), Some("Hoge & A Antenna"));
    assert_eq!(channel.categories[0].domain.as_deref(), Some("Hoge & A"));
}

#[test]
fn billion_laughs_is_rejected_after_bounded_work() {
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
    // 3 * 10^9 bytes if expanded; the reader stops at its bound (1 MiB for
    // an input this small).
    let started = std::time::Instant::now();
    let rejected = read(input.as_bytes(), &ReadOptions::default()).unwrap_err();
    assert!(started.elapsed().as_secs() < 5);
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/doctype-entity");
    assert!(rejected.diagnostics[0].message.contains("billion laughs"));
    // A self-referring entity is rejected too (XML 1.0 WFC: No Recursion).
    let input = "<!DOCTYPE rss [<!ENTITY a \"x&a;\">]><rss version=\"2.0\"><channel><title>&a;</title></channel></rss>";
    let rejected = read(input.as_bytes(), &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/doctype-entity");
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
    let options = ReadOptions::default().with_max_depth(2_000);
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
fn control_characters_are_an_error() {
    // XML 1.0 §2.2: U+0001 is not a Char, literally or as a reference. (A
    // literal one is left out with a warning when lenient: see
    // `literal_control_characters_are_left_out_when_lenient`; strictly it
    // is an error.)
    // `&#X41;` is no character reference at all (XML 1.0 §4.1: the x is
    // lower case): not well-formed, as the W3C validator says too.
    for (title, rule) in [
        ("a\u{1}b", "rss2/bad-character"),
        ("a&#1;b", "rss2/bad-character"),
        ("a&#xD800;b", "rss2/bad-character"),
        ("a&#X41;b", "rss2/not-well-formed"),
    ] {
        let bytes = doc("UTF-8", title);
        let rejected = read(bytes.as_bytes(), &ReadOptions::strict()).unwrap_err();
        assert_eq!(rejected.diagnostics[0].rule.id, rule, "{title}");
        let at = bytes.find("<title>a").unwrap() + "<title>a".len();
        assert_eq!(rejected.diagnostics[0].span.start, at, "{title}");
    }
}

/// Well-formedness errors quick-xml lets through, each checked here.
#[test]
fn well_formedness_errors_are_fatal() {
    let body = "<channel><title>t</title><link>http://x.example/</link><description>d</description></channel>";
    let cases = [
        format!("<rss version=\"2.0\">{body}</rss>trailing"),
        format!("text<rss version=\"2.0\">{body}</rss>"),
        format!("<rss version=\"2.0\">{body}<!-- a -- b --></rss>"),
        "<rss version=\"2.0\"><channel><title>a ]]> b</title></channel></rss>".to_owned(),
        "<rss version=\"2.0\"><channel><1title>t</1title></channel></rss>".to_owned(),
        "<rss version=\"2.0\"><channel><category domain=\"a<b\">c</category></channel></rss>"
            .to_owned(),
        format!("x <?xml version=\"1.0\"?><rss version=\"2.0\">{body}</rss>"),
        format!("<?XML version=\"1.0\"?><rss version=\"2.0\">{body}</rss>"),
        format!("<?xml encoding=\"UTF-8\"?><rss version=\"2.0\">{body}</rss>"),
        format!("<?xml version=\"1.0\" standalone=\"maybe\"?><rss version=\"2.0\">{body}</rss>"),
        format!("<rss version=\"2.0\">{body}</rss><!DOCTYPE rss>"),
    ];
    for case in &cases {
        let rejected = read(case.as_bytes(), &ReadOptions::default()).expect_err(case);
        assert_eq!(
            rejected.diagnostics[0].rule.id, "rss2/not-well-formed",
            "{case}"
        );
    }
    // The same documents without the error read.
    let good = format!(
        "<?xml version=\"1.0\" standalone='yes'?><!-- a - b --><rss version=\"2.0\">{body}</rss>\n<?pi x?>\n"
    );
    assert!(read(good.as_bytes(), &ReadOptions::default()).is_ok());
}

#[test]
fn a_second_channel_is_an_error() {
    let channel = "<channel><title>t</title><link>http://x.example/</link><description>d</description></channel>";
    let input = format!("<rss version=\"2.0\">{channel}{channel}</rss>");
    let rejected = read(input.as_bytes(), &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/duplicate-element");
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

#[test]
fn literal_control_characters_are_left_out_when_lenient() {
    // A stray vertical tab and form feed, as word processors leave them;
    // in text, in an attribute value and in kept markup.
    let bytes = doc(
        "UTF-8",
        "a\u{b}b</title><category domain=\"x\u{c}y\">c</category><title>t",
    );
    let parsed = read(bytes.as_bytes(), &ReadOptions::default()).unwrap();
    let channel = &parsed.document.channel;
    assert_eq!(channel.title.as_deref(), Some("ab"));
    assert_eq!(channel.categories[0].domain.as_deref(), Some("xy"));
    let spans: Vec<_> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.rule.id == "rss2/bad-character")
        .map(|d| &bytes.as_bytes()[d.span.clone()])
        .collect();
    assert_eq!(spans, [&b"\x0b"[..], &b"\x0c"[..]]);
    // What is written reads back strictly, the same.
    let written = rss2::write(&parsed.document, &rss2::WriteOptions::default()).unwrap();
    let again = read(&written, &ReadOptions::strict()).unwrap();
    assert_eq!(again.document, parsed.document);
}
