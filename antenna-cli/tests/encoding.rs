//! `--encoding` and `--substitute` on `convert` and `merge`: a character
//! the chosen encoding cannot write exactly is an error that names the
//! options that would write it; a JIS-compatible substitution happens only
//! when asked for, and each is reported as a loss.

mod common;

use common::{antenna, example, text};
use std::process::Output;

/// A modern UTF-8 HINA-DI file whose title holds the JIS-mapping wave
/// dash, minus sign and em dash.
const UTF8_FILE: &[u8] = "HINA/2.2\r\nUser-Agent: x/1\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nURL: http://a.example/\r\nTitle: 10〜20 − 3—4\r\n\r\n".as_bytes();

/// The title's bytes in EUC-JP after substitution: ～ A1C1, － A1DD,
/// ― A1BD (JIS X 0208 1-01-33, 1-01-61, 1-01-29).
const EUC_TITLE: &[u8] = b"Title: 10\xA1\xC120 \xA1\xDD 3\xA1\xBD4\r\n";

fn convert(extra: &[&str]) -> Output {
    let mut args = vec!["convert", "-", "--now", "2002-09-07T00:00:00Z"];
    args.extend_from_slice(extra);
    antenna(&args, UTF8_FILE)
}

#[test]
fn an_unencodable_character_names_the_options_that_write_it() {
    for to in ["hina-di", "lirs"] {
        let out = convert(&["--to", to, "--encoding", "euc-jp"]);
        assert_eq!(out.status.code(), Some(1), "{to}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty());
        let stderr = text(&out.stderr);
        assert!(stderr.contains("U+301C"), "{to}: {stderr}");
        assert!(stderr.contains("--encoding utf-8"), "{to}: {stderr}");
        assert!(
            stderr.contains("--substitute jis-compatible"),
            "{to}: {stderr}"
        );
    }
}

#[test]
fn substitution_is_asked_for_and_reported() {
    let out = convert(&[
        "--to",
        "hina-di",
        "--encoding",
        "euc-jp",
        "--substitute",
        "jis-compatible",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        out.stdout.windows(EUC_TITLE.len()).any(|w| w == EUC_TITLE),
        "{:?}",
        text(&out.stdout)
    );
    assert!(
        out.stdout
            .windows(b"charset=EUC-JP".len())
            .any(|w| w == b"charset=EUC-JP")
    );
    let stderr = text(&out.stderr);
    for (from, to) in [
        ("U+301C", "U+FF5E"),
        ("U+2212", "U+FF0D"),
        ("U+2014", "U+2015"),
    ] {
        assert!(
            stderr
                .lines()
                .any(|l| l.starts_with("loss:") && l.contains(from) && l.contains(to)),
            "{stderr}"
        );
    }
    // A substitution is a loss: --deny-loss refuses it.
    let denied = convert(&[
        "--to",
        "lirs",
        "--substitute",
        "jis-compatible",
        "--deny-loss",
    ]);
    assert_eq!(denied.status.code(), Some(1));
    assert!(denied.stdout.is_empty());
}

#[test]
fn lirs_is_written_in_the_encoding_asked_for() {
    let out = convert(&["--to", "lirs", "--encoding", "utf-8"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(",10〜20 − 3—4,"),
        "{}",
        text(&out.stdout)
    );
    // LIRS 2.1 is EUC-JP (or UTF-8 when that fails), never Shift_JIS; RSS
    // is written in UTF-8 only.
    assert_eq!(
        convert(&["--to", "lirs", "--encoding", "shift_jis"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        convert(&["--to", "rss2", "--encoding", "euc-jp"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn hina_di_charset_follows_the_option() {
    let out = convert(&[
        "--to",
        "hina-di",
        "--encoding",
        "shift_jis",
        "--substitute",
        "jis-compatible",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = &out.stdout;
    assert!(
        stdout
            .windows(b"charset=Shift_JIS".len())
            .any(|w| w == b"charset=Shift_JIS")
    );
    // ～ in Shift_JIS is 81 60.
    assert!(stdout.windows(2).any(|w| w == b"\x81\x60"));
}

#[test]
fn merge_takes_the_encoding_too() {
    let out = antenna(
        &[
            "merge",
            &format!(
                "{}=http://antenna.example.jp/hina.txt",
                example("antenna.hdi")
            ),
            "--policy",
            &example("policy.toml"),
            "--now",
            "2002-09-07T00:00:00Z",
            "--to",
            "hina-di",
            "--encoding",
            "utf-8",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("charset=UTF-8"),
        "{}",
        text(&out.stdout)
    );
}

/// Regression: substituting in a HINA-DI → HINA-DI conversion changed the
/// parsed title but not the field as written, so the block no longer read
/// back and was rewritten from its values (URL normalised, the JST date
/// respelled in GMT, `Expire` renamed). Now only the substituted characters
/// change; every other field is written as the source wrote it.
#[test]
fn substitution_keeps_the_other_fields_as_written() {
    let source = "HINA/2.2\r\nUser-Agent: x/1\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nURL: HTTP://A.example/./x/\r\nTitle: 10〜20\r\nLast-Modified: Sat, 07 Sep 2002 09:00:01 JST\r\nExpire: Fri, 31 Dec 9999 23:59:59 GMT\r\n\r\n";
    let out = antenna(
        &[
            "convert",
            "-",
            "--to",
            "hina-di",
            "--encoding",
            "euc-jp",
            "--substitute",
            "jis-compatible",
            "--now",
            "2002-09-07T00:00:00Z",
        ],
        source.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let block: &[u8] = b"\r\nURL: HTTP://A.example/./x/\r\nTitle: 10\xA1\xC120\r\nLast-Modified: Sat, 07 Sep 2002 09:00:01 JST\r\nExpire: Fri, 31 Dec 9999 23:59:59 GMT\r\n\r\n";
    assert!(
        out.stdout.ends_with(block),
        "{:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr.lines().filter(|l| l.contains("U+301C")).count(),
        1,
        "{stderr}"
    );
    assert!(!stderr.contains("no longer read back"), "{stderr}");
}
