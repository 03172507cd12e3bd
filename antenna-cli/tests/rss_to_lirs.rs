//! `antenna convert --to lirs` of an RSS file converts it item by item
//! (`src/rss_stream.rs`); what it writes and the losses it prints, in
//! their order, must be those of the whole-feed conversion, computed here
//! with the libraries' whole-document functions (`rss2::to_feed`, the
//! substitutions, `lirs::from_feed`, `lirs::write`), on every RSS file of
//! the conformance suite, the example and a file made to lose much.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use antenna_model::charset::{self, Substitution};
use antenna_model::encoding_rs;
use common::{antenna, example, files_below, root, text};

/// Every RSS input of the conformance suite, and the example.
fn inputs() -> Vec<PathBuf> {
    let mut files = files_below(&root().join("conformance/rss2"), |n| n.ends_with(".xml"));
    assert!(files.len() > 50, "the conformance suite's RSS files");
    files.push(PathBuf::from(example("feed.xml")));
    files
}

/// What the whole-feed conversion prints last on standard error, writes,
/// and exits with, for a file the reader accepts; `None` for one it
/// rejects (read whole either way).
fn whole(name: &str, bytes: &[u8], options: &[&str]) -> Option<(String, Vec<u8>, i32)> {
    let document = rss2::read(bytes, &rss2::ReadOptions::default())
        .ok()?
        .document;
    let has = |option: &str| options.contains(&option);
    let utf8 = has("utf-8");
    let mut feed = rss2::to_feed(&document);
    let mut tail = String::new();
    let line = |loss: &antenna_model::Loss| format!("loss: {loss}\n");
    // A LIRS record is a page's: an item that names none is no entry here.
    if !feed
        .document
        .entries
        .iter()
        .any(antenna_model::Entry::names_page)
    {
        tail.extend(feed.losses.iter().map(line));
        let why = match feed.document.entries.len() {
            0 => String::new(),
            1 => " (its one item names no page)".to_owned(),
            n => format!(" (its {n} items name no page)"),
        };
        tail.push_str(&format!(
            "antenna: {name} has no entries to convert{why}, and a lirs file needs at least one; nothing was written\n"
        ));
        return Some((tail, Vec::new(), 1));
    }
    let substitution = if has("jis-compatible") {
        Substitution::JisCompatible
    } else {
        Substitution::Exact
    };
    let target = if utf8 {
        encoding_rs::UTF_8
    } else {
        encoding_rs::EUC_JP
    };
    let changes = charset::substitute_in_feed(&mut feed.document, target, substitution);
    let converted = lirs::from_feed(&feed.document);
    let losses: Vec<_> = feed
        .losses
        .iter()
        .chain(&changes)
        .chain(&converted.losses)
        .collect();
    tail.extend(losses.iter().map(|l| line(l)));
    if has("--deny-loss") && !losses.is_empty() {
        tail.push_str(&format!(
            "antenna: converting {name} to lirs would lose {} field{}; nothing was written (--deny-loss)\n",
            losses.len(),
            if losses.len() == 1 { "" } else { "s" }
        ));
        return Some((tail, Vec::new(), 1));
    }
    let write_options = lirs::WriteOptions::default()
        .with_gzip(has("--gzip"))
        .with_encoding(if utf8 {
            lirs::Encoding::Utf8
        } else {
            lirs::Encoding::EucJp
        });
    match lirs::write(&converted.document, &write_options) {
        Ok(written) => Some((tail, written, 0)),
        Err(e) => {
            // The CLI's words for it end the same way; the options it
            // names are checked by the encoding tests.
            tail.push_str(&format!("antenna: cannot write {name} as lirs: {e}"));
            Some((tail, Vec::new(), 1))
        }
    }
}

/// Converts `path` with `options` and compares with [`whole`].
fn assert_whole(path: &Path, options: &[&str]) {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).unwrap();
    let Some((tail, written, status)) = whole(&name, &bytes, options) else {
        return;
    };
    // Every loss, one line each, as the whole-feed conversion lists them.
    let mut args = vec!["convert", name.as_str(), "--to", "lirs", "--verbose"];
    args.extend_from_slice(options);
    let output = antenna(&args, b"");
    let stderr = text(&output.stderr);
    let what = format!("{name} {options:?}:\n{stderr}");
    assert_eq!(output.status.code(), Some(status), "{what}");
    assert_eq!(output.stdout, written, "{what}");
    if status == 1 && tail.contains("cannot write") {
        let at = stderr.find("antenna: cannot write").expect(&what);
        let (losses, error) = tail.split_at(tail.find("antenna: cannot write").unwrap());
        assert!(stderr[..at].ends_with(losses), "{what}");
        // The CLI adds the options that would write it.
        assert!(stderr[at..].starts_with(error), "{what}");
        return;
    }
    assert!(stderr.ends_with(&tail), "{what}\nnot ending with\n{tail}");
    // No loss is printed before those expected.
    let before = &stderr[..stderr.len() - tail.len()];
    assert!(!before.contains("loss: "), "{what}");
}

/// The options every file is converted with: none, each alone.
const OPTIONS: [&[&str]; 5] = [
    &[],
    &["--gzip"],
    &["--deny-loss"],
    &["--encoding", "utf-8"],
    &["--substitute", "jis-compatible"],
];

#[test]
fn every_rss_file_converts_to_lirs_as_the_whole_feed_does() {
    for path in inputs() {
        for options in OPTIONS {
            assert_whole(&path, options);
        }
    }
}

/// An RSS file whose conversion loses much, in every way an item can:
/// dropped items, a repeated URL, line breaks, a character EUC-JP has no
/// code for and ones it has only a JIS-compatible twin for.
fn lossy() -> String {
    let item = |inner: &str| format!("<item>{inner}</item>\n");
    let mut items = String::new();
    items.push_str(&item("<title>no link</title>"));
    items.push_str(&item(
        "<title>one〜two</title><link>http://a.example.jp/</link><description>d</description>\
         <category domain=\"x\">c</category><enclosure url=\"http://a.example.jp/a.mp3\" length=\"1\" type=\"audio/mpeg\"/>",
    ));
    items.push_str(&item(
        "<title>again</title><link>http://a.example.jp/</link><guid>g</guid>",
    ));
    items.push_str(&item(
        "<title>two\nlines</title><link>http://b.example.jp/</link><author>a@b.jp</author><dc:creator>C</dc:creator>",
    ));
    items.push_str(&item(
        "<title>ー—</title><guid>http://c.example.jp/</guid><pubDate>Mon, 18 Feb 2002 02:48:50 +0900</pubDate>",
    ));
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n\
         <channel><title>T〜</title><link>http://example.jp/</link><description>D</description>\
         <generator>g</generator><lastBuildDate>Fri, 13 Sep 2002 17:22:51 +0900</lastBuildDate><ttl>60</ttl>\n\
         {items}</channel></rss>\n"
    )
}

#[test]
fn a_lossy_file_and_one_without_entries_convert_as_the_whole_feed_does() {
    let dir = std::env::temp_dir().join(format!("antenna-rss-to-lirs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lossy_path = dir.join("lossy.xml");
    std::fs::write(&lossy_path, lossy()).unwrap();
    let emoji_path = dir.join("emoji.xml");
    std::fs::write(&emoji_path, lossy().replace("again", "again 🍣")).unwrap();
    let empty_path = dir.join("empty.xml");
    std::fs::write(
        &empty_path,
        "<rss version=\"2.0\"><channel><title>T</title><link>http://example.jp/</link>\
         <description>D</description><item><title>no link</title></item></channel></rss>",
    )
    .unwrap();
    for path in [&lossy_path, &emoji_path, &empty_path] {
        let both: &[&str] = &["--substitute", "jis-compatible", "--encoding", "utf-8"];
        for options in OPTIONS.into_iter().chain([both]) {
            assert_whole(path, options);
        }
    }
    // The file's own words, so that the comparison above is not empty.
    let (_, stderr) = to_lirs(&lossy_path, &[]);
    for said in [
        "the item names no page",
        "repeats an earlier entry's URL",
        "line breaks replaced by spaces",
        "LIRS has no field for the feed's title",
    ] {
        assert!(stderr.contains(said), "{said}: {stderr}");
    }
    let (status, stderr) = to_lirs(&emoji_path, &[]);
    assert_eq!(status, Some(1));
    assert!(stderr.contains("cannot write"), "{stderr}");
    // An encoding LIRS is not written in is refused once there are entries.
    let (status, stderr) = to_lirs(&lossy_path, &["--encoding", "shift_jis"]);
    assert_eq!(status, Some(2));
    assert!(stderr.contains("not Shift_JIS"), "{stderr}");
    assert!(!stderr.contains("loss: "), "{stderr}");
    let (status, stderr) = to_lirs(&empty_path, &["--encoding", "shift_jis"]);
    assert_eq!(status, Some(1));
    assert!(stderr.contains("has no entries"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `antenna convert PATH --to lirs MORE`: its exit status and standard
/// error.
fn to_lirs(path: &Path, more: &[&str]) -> (Option<i32>, String) {
    let path = path.display().to_string();
    let mut args = vec!["convert", path.as_str(), "--to", "lirs"];
    args.extend(more);
    let output = antenna(&args, b"");
    (output.status.code(), text(&output.stderr))
}
