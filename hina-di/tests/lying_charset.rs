//! Files whose header names one charset and whose bytes are in another
//! (issue #24, "Charset truth"): read in the Japanese encoding the bytes
//! are clean in, with a `hina-di/charset-mismatch` departure naming both;
//! never silent mojibake.

use antenna_model::{Severity, encoding_rs};
use hina_di::{Document, ReadOptions, WriteOptions, read, write};

/// "ほげ日記です" in EUC-JP, the title of the file: JIS X 0208
/// ほ 1-04-59, げ 1-04-18, 日 1-38-92, 記 1-21-13, で 1-04-39, す 1-04-57,
/// each row and cell plus 0xA0.
const EUC_JP_TITLE: &[u8] = b"\xA4\xDB\xA4\xB2\xC6\xFC\xB5\xAD\xA4\xC7\xA4\xB9";

/// The same title in Shift_JIS (the JIS X 0208 codes above, shifted:
/// ほ 82 D9, げ 82 B0, 日 93 FA, 記 8B 4C, で 82 C5, す 82 B7).
const SHIFT_JIS_TITLE: &[u8] = b"\x82\xD9\x82\xB0\x93\xFA\x8B\x4C\x82\xC5\x82\xB7";

/// A file declaring `charset` (none when empty) with `title` as its one
/// entity block's Title.
fn file(charset: &str, title: &[u8]) -> Vec<u8> {
    let mut bytes = b"HINA/2.2\r\nUser-Agent: x\r\n".to_vec();
    if !charset.is_empty() {
        bytes.extend_from_slice(
            format!("Content-Type: text/plain; charset={charset}\r\n").as_bytes(),
        );
    }
    bytes.extend_from_slice(b"\r\nURL: http://a.jp/\r\nTitle: ");
    bytes.extend_from_slice(title);
    bytes.extend_from_slice(b"\r\n\r\n");
    bytes
}

fn title(doc: &Document) -> Option<&str> {
    doc.entity_blocks().next()?.title()
}

/// Where `needle` starts in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .position(|w| w == needle)
        .unwrap()
}

#[test]
fn euc_jp_under_a_shift_jis_header_reads_right_and_says_so() {
    let bytes = file("Shift_JIS", EUC_JP_TITLE);
    let parsed = read(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(title(&parsed.document), Some("ほげ日記です"));
    assert_eq!(
        parsed.document.charset_fallback(),
        Some(encoding_rs::EUC_JP)
    );
    let [warning] = parsed.diagnostics.as_slice() else {
        panic!("{:#?}", parsed.diagnostics);
    };
    assert_eq!(warning.severity, Severity::Warning);
    assert_eq!(warning.rule.id, "hina-di/charset-mismatch");
    assert_eq!(warning.rule.spec, "HINA-DI 2.2 rev. 0.12 §Encoding");
    assert!(
        warning.message.contains("Shift_JIS") && warning.message.contains("read as EUC-JP"),
        "{}",
        warning.message
    );
    // At the value that is not Shift_JIS.
    let at = find(&bytes, EUC_JP_TITLE);
    assert_eq!(warning.span, at..at + EUC_JP_TITLE.len());
}

#[test]
fn a_lying_charset_is_an_error_when_strict() {
    let bytes = file("Shift_JIS", EUC_JP_TITLE);
    let rejected = read(&bytes, &ReadOptions::strict()).unwrap_err();
    let errors: Vec<_> = rejected
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.rule.id)
        .collect();
    assert_eq!(errors, ["hina-di/charset-mismatch"]);
}

#[test]
fn shift_jis_under_an_euc_jp_header_and_under_none_reads_as_shift_jis() {
    for charset in ["EUC-JP", ""] {
        let bytes = file(charset, SHIFT_JIS_TITLE);
        let parsed = read(&bytes, &ReadOptions::default()).unwrap();
        assert_eq!(title(&parsed.document), Some("ほげ日記です"), "{charset}");
        let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
        assert_eq!(ids, ["hina-di/charset-mismatch"], "{charset}");
        assert!(parsed.diagnostics[0].message.contains("EUC-JP"));
        assert!(parsed.diagnostics[0].message.contains("read as Shift_JIS"));
    }
}

#[test]
fn iso_2022_jp_under_the_default_reads_as_iso_2022_jp() {
    // "日記" in ISO-2022-JP: ESC $ B, 46 7C (日), 35 2D (記), ESC ( B.
    let bytes = file("", b"\x1B$BF|5-\x1B(B");
    let parsed = read(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(title(&parsed.document), Some("日記"));
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    // Not a control character: the ESC was an escape sequence.
    assert_eq!(ids, ["hina-di/charset-mismatch"]);
    assert!(
        parsed.diagnostics[0]
            .message
            .contains("read as ISO-2022-JP")
    );
}

#[test]
fn a_true_declaration_is_read_as_before() {
    for (charset, title_bytes) in [("Shift_JIS", SHIFT_JIS_TITLE), ("EUC-JP", EUC_JP_TITLE)] {
        let bytes = file(charset, title_bytes);
        let parsed = read(&bytes, &ReadOptions::strict()).unwrap();
        assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
        assert_eq!(title(&parsed.document), Some("ほげ日記です"));
        assert_eq!(parsed.document.charset_fallback(), None);
        assert_eq!(
            write(&parsed.document, &WriteOptions::default()).unwrap(),
            bytes
        );
    }
}

#[test]
fn bytes_clean_in_no_japanese_encoding_stay_in_the_declared_one() {
    // 0xFF leads nothing in EUC-JP, Shift_JIS or UTF-8, and no byte above
    // 0x7F is ISO-2022-JP: U+FFFD and the bytes kept, as before.
    let mut bad = EUC_JP_TITLE.to_vec();
    bad.push(0xFF);
    let bytes = file("Shift_JIS", &bad);
    let parsed = read(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(parsed.document.charset_fallback(), None);
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, ["hina-di/undecodable"]);
    assert!(title(&parsed.document).unwrap().contains('\u{FFFD}'));
    assert_eq!(
        write(&parsed.document, &WriteOptions::default()).unwrap(),
        bytes
    );
}

#[test]
fn the_writer_repairs_a_lying_file_into_its_declared_charset() {
    let doc = read(&file("Shift_JIS", EUC_JP_TITLE), &ReadOptions::default())
        .unwrap()
        .document;
    let written = write(&doc, &WriteOptions::default()).unwrap();
    // Every value encodes in the declared Shift_JIS: the file now says the
    // truth, and reads back the same with nothing to say.
    assert_eq!(written, file("Shift_JIS", SHIFT_JIS_TITLE));
    let again = read(&written, &ReadOptions::strict()).unwrap();
    assert!(again.diagnostics.is_empty());
    assert_eq!(again.document, doc);
}

#[test]
fn a_lying_file_the_declared_charset_cannot_hold_is_written_back_byte_for_byte() {
    // 丂 U+4E02 is JIS X 0212 0x3021 (EUC-JP 8F B0 A1), which Shift_JIS
    // has no code for: the file is written in EUC-JP, as read.
    let mut euc = EUC_JP_TITLE.to_vec();
    euc.extend_from_slice(b"\x8F\xB0\xA1");
    let bytes = file("Shift_JIS", &euc);
    let parsed = read(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(title(&parsed.document), Some("ほげ日記です丂"));
    assert_eq!(
        write(&parsed.document, &WriteOptions::default()).unwrap(),
        bytes
    );
}
