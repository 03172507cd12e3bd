//! Issue #24 "Charset truth" through the command: a file whose header
//! lies about its charset converts to the right text with a warning naming
//! both charsets (an error with `--strict`), and a control character in a
//! LIRS title is reported by `check` before `convert` meets it.

mod common;

use common::{antenna, text};

/// "ほげ日記です" in EUC-JP (JIS X 0208 row and cell, each plus 0xA0):
/// the title.
const EUC_JP_TITLE: &[u8] = b"\xA4\xDB\xA4\xB2\xC6\xFC\xB5\xAD\xA4\xC7\xA4\xB9";

/// An EUC-JP HINA-DI file whose header says Shift_JIS.
fn lying_file() -> Vec<u8> {
    let mut bytes = b"HINA/2.2\r\nUser-Agent: x\r\nContent-Type: text/plain; charset=Shift_JIS\r\n\r\nURL: http://a.jp/\r\nTitle: ".to_vec();
    bytes.extend_from_slice(EUC_JP_TITLE);
    bytes.extend_from_slice(b"\r\n\r\n");
    bytes
}

#[test]
fn a_lying_charset_converts_without_mojibake_and_says_so() {
    let out = antenna(&["convert", "-", "--to", "rss2"], &lying_file());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rss = text(&out.stdout);
    assert!(rss.contains("<title>ほげ日記です</title>"), "{rss}");
    // The Shift_JIS reading of the same bytes, which main wrote.
    assert!(!rss.contains('ﾛ') && !rss.contains('\u{FFFD}'), "{rss}");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("warning[hina-di/charset-mismatch]")
            && stderr.contains("not Shift_JIS")
            && stderr.contains("read as EUC-JP"),
        "{stderr}"
    );
}

#[test]
fn a_lying_charset_is_rejected_when_strict() {
    let out = antenna(&["check", "--strict", "-"], &lying_file());
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("error[hina-di/charset-mismatch]"),
        "{stdout}"
    );
}

#[test]
fn a_nul_in_a_lirs_title_is_reported_by_check_and_convert_agrees() {
    let lirs = b"LIRS,1,2,0,0,http://a.jp/,a\0b,x,http://a.jp/,,\n";
    let check = antenna(&["check", "-"], lirs);
    assert_eq!(check.status.code(), Some(1));
    let stdout = text(&check.stdout);
    assert!(
        stdout.contains("error[lirs/control-character]") && stdout.contains("U+0000"),
        "{stdout}"
    );
    // convert fails for the same reason, named by the reader.
    let convert = antenna(&["convert", "-", "--to", "rss2"], lirs);
    assert_ne!(convert.status.code(), Some(0));
    assert!(
        text(&convert.stderr).contains("lirs/control-character"),
        "{}",
        text(&convert.stderr)
    );
}

#[test]
fn an_rss_feed_declared_in_one_japanese_encoding_and_written_in_another_reads_right() {
    let mut feed = b"<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<rss version=\"2.0\"><channel><title>t</title><link>http://a.jp/</link><description>d</description><item><title>".to_vec();
    feed.extend_from_slice(EUC_JP_TITLE);
    feed.extend_from_slice(b"</title><link>http://a.jp/x</link></item></channel></rss>\n");
    let out = antenna(&["convert", "-", "--to", "rss2"], &feed);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rss = text(&out.stdout);
    assert!(rss.contains("<title>ほげ日記です</title>"), "{rss}");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("warning[rss2/bad-encoding]") && stderr.contains("read as EUC-JP"),
        "{stderr}"
    );
}
