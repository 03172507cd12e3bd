//! Every diagnostic: its rule, its severity in lenient and strict mode, its
//! place, and what the lenient reader kept.

use antenna_model::Severity;
use lirs::{ReadOptions, Record, read};

const STRICT: ReadOptions = ReadOptions::strict()
    .with_max_decompressed_size(1 << 20)
    .with_max_line_length(1 << 20);

/// A lenient read that must succeed with warnings of exactly `ids`, then a
/// strict read that must fail on the same rules.
fn warns(input: &[u8], ids: &[&str]) -> Vec<Record> {
    let parsed = read(input, &ReadOptions::default()).unwrap_or_else(|r| panic!("{r}"));
    let got: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(got, ids);
    assert!(
        parsed
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Warning)
    );
    let rejected = read(input, &STRICT).unwrap_err();
    let strict: Vec<_> = rejected.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(strict, ids);
    parsed.document.records
}

/// A read rejected in lenient mode, with an error of rule `id`.
fn rejects(input: &[u8], id: &str) -> lirs::Rejected {
    let rejected = read(input, &ReadOptions::default()).unwrap_err();
    assert!(
        rejected
            .diagnostics
            .iter()
            .any(|d| d.rule.id == id && d.is_error()),
        "{:?}",
        rejected.diagnostics
    );
    rejected
}

#[test]
fn eight_fields_warn_and_get_an_empty_extension() {
    let records = warns(
        b"LIRS,1,2,0,0,http://a.example/,t,a,http://a.example/,\n",
        &["lirs/field-count"],
    );
    assert_eq!(records[0].source_url, "http://a.example/");
    assert_eq!(records[0].extension, "");
}

#[test]
fn fewer_than_eight_fields_are_an_error() {
    let r = rejects(b"LIRS,1,2,0,0,http://a.example/,t,a,\n", "lirs/field-count");
    assert_eq!(r.diagnostics[0].position.line, 1);
    rejects(b"LIRS,\n", "lirs/field-count");
}

#[test]
fn ten_and_fourteen_fields_keep_extras() {
    let records = warns(
        b"LIRS,1,2,0,0,http://a.example/,t,a,http://a.example/,ext,http://check.example/,\n",
        &["lirs/extra-fields"],
    );
    assert_eq!(records[0].extension, "ext");
    assert_eq!(records[0].extra, ["http://check.example/"]);
    let records = warns(
        b"LIRS,1,2,0,0,http://a.example/,t,a,http://a.example/,e9,e10,e11,e12,e13,\n",
        &["lirs/extra-fields"],
    );
    assert_eq!(records[0].extension, "e9");
    assert_eq!(records[0].extra, ["e10", "e11", "e12", "e13"]);
}

#[test]
fn unescaped_commas_go_back_into_the_title() {
    let records = warns(
        b"LIRS,1,2,0,0,http://a.example/,Hello, world, again,Hiya,http://a.example/,ext,\n",
        &["lirs/unescaped-comma"],
    );
    let r = &records[0];
    assert_eq!(r.title, "Hello, world, again");
    assert_eq!(r.author, "Hiya");
    assert_eq!(r.source_url, "http://a.example/");
    assert_eq!(r.extension, "ext");
    assert!(r.extra.is_empty());
}

#[test]
fn missing_final_comma_warns() {
    let records = warns(
        b"LIRS,1,2,0,0,http://a.example/,t,a,0,ext\n",
        &["lirs/missing-final-comma"],
    );
    assert_eq!(records[0].extension, "ext");
}

#[test]
fn blank_fields_warn_and_read_as_zero() {
    let records = warns(
        b"LIRS,,2,,,http://a.example/,,a,0,,\n",
        &[
            "lirs/blank-field",
            "lirs/blank-field",
            "lirs/blank-field",
            "lirs/blank-field",
        ],
    );
    assert!(records[0].last_modified.is_unknown());
    assert_eq!(records[0].content_length, 0);
    assert_eq!(records[0].title, "");
}

#[test]
fn stray_backslash_is_kept_literally() {
    let records = warns(
        b"LIRS,1,2,0,0,http://a.example/,C:\\dir,a,0,,\n",
        &["lirs/bad-escape"],
    );
    assert_eq!(records[0].title, "C:\\dir");
}

#[test]
fn epoch_sentinel_warns_even_in_strict_mode() {
    let input = b"LIRS,315532800,938781002,0,0,http://a.example/,t,a,0,,\n";
    let parsed = read(input, &STRICT).unwrap();
    assert_eq!(parsed.diagnostics.len(), 1);
    assert_eq!(parsed.diagnostics[0].rule.id, "lirs/epoch-sentinel");
    assert_eq!(parsed.diagnostics[0].severity, Severity::Warning);
    assert_eq!(parsed.diagnostics[0].position.column, 6);
    let r = &parsed.document.records[0];
    assert_eq!(r.last_modified.seconds(), 315_532_800);
    assert!(!r.is_usable());
}

#[test]
fn blank_line_warns() {
    warns(
        b"LIRS,1,2,0,0,http://a.example/,t,a,0,,\n\nLIRS,1,2,0,0,http://b.example/,t,a,0,,\n",
        &["lirs/blank-line"],
    );
}

#[test]
fn missing_line_end_warns() {
    warns(
        b"LIRS,1,2,0,0,http://a.example/,t,a,0,,",
        &["lirs/missing-line-end"],
    );
}

#[test]
fn utf8_fallback_warns() {
    let records = warns(include_bytes!("data/utf-8.lirs"), &["lirs/utf8-fallback"]);
    assert_eq!(records[0].title, "日本語のタイトル");
}

#[test]
fn bad_numbers_are_errors() {
    let r = rejects(
        b"LIRS,yesterday,2,0,0,http://a.example/,t,a,0,,\n",
        "lirs/bad-number",
    );
    assert_eq!(r.diagnostics[0].span, 5..14);
    assert_eq!(r.diagnostics[0].position.column, 6);
    rejects(
        b"LIRS,1,2,0,-5,http://a.example/,t,a,0,,\n",
        "lirs/bad-number",
    );
    rejects(
        b"LIRS,1,2,9223372036854775808,0,http://a.example/,t,a,0,,\n",
        "lirs/bad-number",
    );
    // Past 9999-12-31.
    rejects(
        b"LIRS,99999999999999,2,0,0,http://a.example/,t,a,0,,\n",
        "lirs/bad-number",
    );
}

#[test]
fn duplicate_urls_are_errors_compared_as_url_keys() {
    let r = rejects(
        b"LIRS,1,2,0,0,http://a.example/x,t,a,0,,\nLIRS,1,2,0,0,HTTP://A.example:80/x,t,a,0,,\n",
        "lirs/duplicate-url",
    );
    assert_eq!(r.diagnostics[0].position.line, 2);
    // Unparsable URLs compare as text.
    rejects(
        b"LIRS,1,2,0,0,not a url,t,a,0,,\nLIRS,1,2,0,0,not a url,t,a,0,,\n",
        "lirs/duplicate-url",
    );
    assert!(
        read(
            b"LIRS,1,2,0,0,x,t,a,0,,\nLIRS,1,2,0,0,y,t,a,0,,\n",
            &ReadOptions::default()
        )
        .is_ok()
    );
}

#[test]
fn lone_cr_is_an_error() {
    let r = rejects(
        b"LIRS,1,2,0,0,http://a.example/,t\rx,a,0,,\n",
        "lirs/lone-cr",
    );
    assert_eq!(r.diagnostics[0].span, 32..33);
    rejects(b"LIRS,1,2,0,0,http://a.example/,t,a,0,,\r", "lirs/lone-cr");
}

#[test]
fn a_control_character_in_a_text_field_is_an_error() {
    // Issue #24: a NUL in a title passed `check` and then failed the RSS
    // writer (XML 1.0 §2.2 has no U+0000). As HINA-DI's TEXT, no CTL but HT.
    let r = rejects(
        b"LIRS,1,2,0,0,http://a.example/,a\0b,a,0,,\n",
        "lirs/control-character",
    );
    assert_eq!(r.diagnostics[0].span, 32..33);
    assert_eq!(
        r.diagnostics[0].rule.spec,
        "LIRS 2.1 §2 Format (a text file)"
    );
    assert!(
        r.diagnostics[0]
            .message
            .contains("title holds the control character U+0000")
    );
    // ESC in an EUC-JP author, DEL in the extension, in an extra field.
    rejects(
        b"LIRS,1,2,0,0,http://a.example/,\xc6\xfc,\x1b,0,,\n",
        "lirs/control-character",
    );
    rejects(
        b"LIRS,1,2,0,0,http://a.example/,t,a,0,x\x7f,\n",
        "lirs/control-character",
    );
    rejects(
        b"LIRS,1,2,0,0,http://a.example/,t,a,0,,\x01,\n",
        "lirs/control-character",
    );
    // A tab is text.
    let parsed = read(
        b"LIRS,1,2,0,0,http://a.example/,a\tb,a,0,,\n",
        &ReadOptions::default(),
    )
    .unwrap();
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert_eq!(parsed.document.records[0].title, "a\tb");
}

#[test]
fn missing_prefix_is_an_error() {
    rejects(b"<html>404</html>\n", "lirs/missing-prefix");
    rejects(
        b"lirs,1,2,0,0,http://a.example/,t,a,0,,\n",
        "lirs/missing-prefix",
    );
}

#[test]
fn undecodable_is_an_error() {
    // 0xFF is neither EUC-JP nor UTF-8.
    let r = rejects(
        b"LIRS,1,2,0,0,http://a.example/,t\xff,a,0,,\n",
        "lirs/undecodable",
    );
    assert_eq!(r.diagnostics[0].span, 32..33);
    assert!(!r.diagnostics[0].message.contains("decodes as"));
    // "日記" in Shift_JIS (93 FA, 8B 4C): dropped, as §7 allows only EUC-JP
    // and UTF-8, and the message says what it is.
    let r = rejects(
        b"LIRS,1,2,0,0,http://a.example/,\x93\xfa\x8b\x4c,a,0,,\n",
        "lirs/undecodable",
    );
    assert!(
        r.diagnostics[0].message.contains("decodes as Shift_JIS"),
        "{}",
        r.diagnostics[0].message
    );
}

#[test]
fn line_too_long_is_an_error() {
    let options = ReadOptions::default().with_max_line_length(20);
    let r = read(b"LIRS,1,2,0,0,http://a.example/,t,a,0,,\n", &options).unwrap_err();
    assert_eq!(r.diagnostics[0].rule.id, "lirs/line-too-long");
}

#[test]
fn bad_gzip_is_an_error() {
    let r = read(&[0x1f, 0x8b, 0, 1, 2, 3], &ReadOptions::default()).unwrap_err();
    assert_eq!(r.diagnostics[0].rule.id, "lirs/bad-gzip");
    assert!(r.to_string().contains("lirs/bad-gzip"), "{r}");
}

#[test]
fn every_diagnostic_has_a_spec_section() {
    let r = read(
        b"LIRS,x,2,0,0,http://a.example/,t,a,0,,\n",
        &ReadOptions::default(),
    )
    .unwrap_err();
    for d in &r.diagnostics {
        assert!(d.rule.spec.starts_with("LIRS 2.1 §"), "{}", d.rule.spec);
        assert!(d.rule.id.starts_with("lirs/"));
        assert!(!d.message.is_empty());
    }
}

/// RFC 3986 §7.5 and §7.6 (issue #29): a password in a URL, and userinfo
/// that looks like a host, are warnings in both modes, in the URL and the
/// source URL, naming the host the URL goes to.
#[test]
fn urls_that_leak_or_deceive_are_warned_about_in_both_modes() {
    let input = b"LIRS,938779260,938781002,0,0,http://user:password@example.com/secret,t,a,0,,\n\
LIRS,938779260,938781002,0,0,http://example.jp/,t,a,http://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm,,\n";
    for options in [ReadOptions::default(), STRICT] {
        let parsed = read(input, &options).unwrap_or_else(|r| panic!("{r}"));
        let got: Vec<_> = parsed
            .diagnostics
            .iter()
            .map(|d| (d.rule.id, d.severity, d.position.line))
            .collect();
        assert_eq!(
            got,
            [
                ("lirs/url-password", Severity::Warning, 1),
                ("lirs/deceptive-url", Severity::Warning, 2)
            ]
        );
        assert!(
            parsed.diagnostics[0]
                .message
                .contains("goes to example.com")
        );
        assert!(parsed.diagnostics[1].message.starts_with("source URL: "));
        assert!(parsed.diagnostics[1].message.contains("goes to 10.0.0.1"));
        assert_eq!(
            &input[parsed.diagnostics[0].span.clone()],
            b"http://user:password@example.com/secret"
        );
    }
}
