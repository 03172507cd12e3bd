//! Diagnostic spans are byte ranges of the input passed to `read`, and
//! positions its lines and byte columns, whatever the input's encoding.

use antenna_model::Diagnostic;
use rss2::{ReadOptions, read};

const TITLE: &str = "日本語のタイトル";

/// A feed whose `<pubDate>` is not a date, after a Japanese title on the
/// same line (`newline` false) or on the line before.
fn feed(label: &str, newline: bool) -> String {
    let sep = if newline { "\n" } else { "" };
    format!(
        "<?xml version=\"1.0\" encoding=\"{label}\"?>\n<rss version=\"2.0\"><channel><title>{TITLE}</title>{sep}<pubDate>not a date</pubDate><link>http://x.example/</link><description>d</description></channel></rss>"
    )
}

fn encode(label: &str, text: &str) -> Vec<u8> {
    let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    let (bytes, _, errors) = encoding.encode(text);
    assert!(!errors, "{label}");
    bytes.into_owned()
}

fn find(haystack: &[u8], needle: &[u8]) -> usize {
    memchr::memmem::find(haystack, needle).unwrap()
}

/// The one diagnostic of `rule` that a lenient read of `input` gives.
fn diagnostic(input: &[u8], rule: &str) -> Diagnostic {
    let parsed = read(input, &ReadOptions::default()).unwrap();
    let found: Vec<_> = parsed
        .diagnostics
        .into_iter()
        .filter(|d| d.rule.id == rule)
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found.into_iter().next().unwrap()
}

/// The 1-based line and byte column of `offset` in `input`.
fn line_and_column(input: &[u8], offset: usize) -> (u32, u32) {
    let before = &input[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (
        u32::try_from(line).unwrap(),
        u32::try_from(offset - line_start + 1).unwrap(),
    )
}

/// The bad date is reported at its value, as in UTF-8 files (see
/// `diagnostics_have_line_and_column` in elements.rs): the span, sliced
/// from the input, is `not a date`, and the position is the input's.
fn check_bad_date(input: &[u8]) {
    let d = diagnostic(input, "rss2/bad-date");
    assert_eq!(&input[d.span.clone()], b"not a date");
    assert_eq!(d.span.start, find(input, b"not a date"));
    let (line, column) = line_and_column(input, d.span.start);
    assert_eq!((d.position.line, d.position.column), (line, column));
}

#[test]
fn legacy_japanese_encodings_have_spans_of_the_input() {
    for label in ["Shift_JIS", "EUC-JP", "ISO-2022-JP"] {
        for newline in [false, true] {
            let input = encode(label, &feed(label, newline));
            check_bad_date(&input);
            let d = diagnostic(&input, "rss2/bad-date");
            // The column counts the bytes of the title as written: two a
            // character in Shift_JIS and EUC-JP, not three as in UTF-8.
            if newline {
                // After `<pubDate>` at the start of line 3.
                assert_eq!((d.position.line, d.position.column), (3, 10), "{label}");
            } else if label != "ISO-2022-JP" {
                let column = "<rss version=\"2.0\"><channel><title></title><pubDate>".len()
                    + 2 * TITLE.chars().count()
                    + 1;
                assert_eq!(
                    (d.position.line, d.position.column),
                    (2, u32::try_from(column).unwrap()),
                    "{label}"
                );
            }
        }
    }
}

#[test]
fn a_span_inside_text_is_the_reference_or_character_as_written() {
    // An HTML entity after Japanese text: the span is the reference.
    let text = feed("Shift_JIS", false).replace("タイトル", "タイ&nbsp;トル");
    let input = encode("Shift_JIS", &text);
    let d = diagnostic(&input, "rss2/html-entity");
    assert_eq!(&input[d.span.clone()], b"&nbsp;");
    // A control character after Japanese text: the span is its byte.
    let text = feed("EUC-JP", false).replace("タイトル", "タイ\u{1}トル");
    let input = encode("EUC-JP", &text);
    let rejected = read(&input, &ReadOptions::strict()).unwrap_err();
    let d = &rejected.diagnostics[0];
    assert_eq!(d.rule.id, "rss2/bad-character");
    assert_eq!(&input[d.span.clone()], b"\x01");
    let (line, column) = line_and_column(&input, d.span.start);
    assert_eq!((d.position.line, d.position.column), (line, column));
}

#[test]
fn utf8_with_a_bom_counts_the_bytes_of_the_input_line() {
    let mut input = b"\xEF\xBB\xBF".to_vec();
    input.extend_from_slice(
        format!(
            "<rss version=\"2.0\"><channel><title>{TITLE}</title><pubDate>not a date</pubDate><link>http://x.example/</link><description>d</description></channel></rss>"
        )
        .as_bytes(),
    );
    check_bad_date(&input);
    let d = diagnostic(&input, "rss2/bad-date");
    // The BOM and the title's three bytes a character are columns.
    let column =
        3 + "<rss version=\"2.0\"><channel><title></title><pubDate>".len() + TITLE.len() + 1;
    assert_eq!(
        (d.position.line, d.position.column),
        (1, u32::try_from(column).unwrap())
    );
}

#[test]
fn utf16_spans_are_ranges_of_the_utf16_bytes() {
    let text = feed("UTF-16", true);
    for (bom, little) in [([0xFF, 0xFE], true), ([0xFE, 0xFF], false)] {
        let mut input = bom.to_vec();
        for unit in text.encode_utf16() {
            input.extend(if little {
                unit.to_le_bytes()
            } else {
                unit.to_be_bytes()
            });
        }
        let d = diagnostic(&input, "rss2/bad-date");
        let value: Vec<u8> = "not a date"
            .encode_utf16()
            .flat_map(|u| {
                if little {
                    u.to_le_bytes()
                } else {
                    u.to_be_bytes()
                }
            })
            .collect();
        assert_eq!(input[d.span.clone()], value[..]);
    }
}

#[test]
fn spans_before_the_last_one_reported_map_too() {
    // Missing <title> and <link> are reported when <channel> closes, at its
    // start tag, after the bad date further on.
    let text = "<?xml version=\"1.0\" encoding=\"EUC-JP\"?>\n<rss version=\"2.0\"><channel><description>説明</description><pubDate>x</pubDate></channel></rss>";
    let input = encode("EUC-JP", text);
    let parsed = read(&input, &ReadOptions::default()).unwrap();
    let channel = find(&input, b"<channel>");
    let date = find(&input, b"<pubDate>") + "<pubDate>".len();
    let spans: Vec<_> = parsed
        .diagnostics
        .iter()
        .map(|d| (d.rule.id, d.span.start))
        .collect();
    assert_eq!(
        spans,
        [
            ("rss2/bad-date", date),
            ("rss2/missing-element", channel),
            ("rss2/missing-element", channel),
        ]
    );
}
