//! Carets under the bytes a diagnostic is about, on lines with wide
//! (Japanese) characters before the fault and in files that are not UTF-8;
//! the location's column counts characters.

use std::process::Command;

/// Runs `antenna check FILE` without colour and returns its standard
/// output.
fn check(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("antenna-carets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write the file");
    let out = Command::new(env!("CARGO_BIN_EXE_antenna"))
        .arg("check")
        .arg(&path)
        .env("NO_COLOR", "1")
        .output()
        .expect("antenna runs");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The source line shown and the caret line under it.
fn source_and_carets(report: &str) -> (String, String) {
    let lines: Vec<&str> = report.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains('^'))
        .expect("a caret line");
    let source = lines[at - 1].split_once(" | ").expect("gutter").1;
    let carets = lines[at].split_once(" | ").expect("gutter").1;
    (source.to_owned(), carets.to_owned())
}

/// Display columns of `text` (wide characters take two).
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| if (c as u32) >= 0x3000 { 2 } else { 1 })
        .sum()
}

const VALUE: &str = "日本語 Fri, 99 Sep 2002";

fn feed() -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"{{}}\"?>\n<rss version=\"2.0\"><channel><title>日本語</title><link>http://a.example/</link><description>d</description><item><title>日本語</title><pubDate>{VALUE}</pubDate></item></channel></rss>\n"
    )
}

#[test]
fn the_caret_underlines_the_whole_value_after_wide_characters() {
    let text = feed().replace("{}", "UTF-8");
    let report = check("wide.xml", text.as_bytes());
    let (source, carets) = source_and_carets(&report);
    let before = source.find(VALUE).expect("the value is shown");
    let start = columns(&source[..before]);
    // The caret starts under the value and spans its 23 columns (three
    // wide characters and 17 narrow ones).
    assert_eq!(carets.find('^'), Some(start), "{report}");
    assert_eq!(carets.matches('^').count(), columns(VALUE), "{report}");
    assert_eq!(columns(VALUE), 23);
    // The column in the location counts characters, as an editor does
    // (issue #24 item 3), not bytes.
    let line = text.lines().nth(1).unwrap();
    let column = line[..line.find(VALUE).unwrap()].chars().count() + 1;
    assert!(
        report.contains(&format!("wide.xml:2:{column}\n")),
        "{report}"
    );
}

#[test]
fn the_location_is_in_the_bytes_of_a_euc_jp_file() {
    let text = feed().replace("{}", "EUC-JP");
    let (bytes, _, _) = encoding_rs::EUC_JP.encode(&text);
    let report = check("euc.xml", &bytes);
    // Two bytes a kanji in EUC-JP, one character: the value starts at
    // this character column.
    let line = text.lines().nth(1).unwrap();
    let column = line[..line.find(VALUE).unwrap()].chars().count() + 1;
    assert!(
        report.contains(&format!("euc.xml:2:{column}\n")),
        "{report}"
    );
    let (source, carets) = source_and_carets(&report);
    let before = source.find(VALUE).expect("the value is shown decoded");
    assert_eq!(
        carets.find('^'),
        Some(columns(&source[..before])),
        "{report}"
    );
    assert_eq!(carets.matches('^').count(), columns(VALUE), "{report}");
}
