//! [`HinaDiOut`] against converting the feed whole.

use std::path::PathBuf;

use antenna_model::{Entry, Feed, Format};

use super::HinaDiOut;
use crate::args::{Choice, OutputEncoding, Substitute};
use crate::formats;

/// Every conformance file of the three formats, read leniently into a
/// feed (those rejected left out).
fn feeds() -> Vec<(PathBuf, Feed)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../conformance");
    let mut files = Vec::new();
    let mut dirs = vec![root.join("hina-di"), root.join("lirs"), root.join("rss2")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("the conformance folder reads") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if ["hdi", "lirs", "gz", "xml"]
                .iter()
                .any(|ext| path.extension().is_some_and(|e| e == *ext))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).expect("the file reads");
            let format = Format::detect(&bytes)?;
            let read = formats::read(format, &bytes, false);
            let feed = formats::to_feed(read.document.as_ref()?).document;
            Some((path, feed))
        })
        .collect()
}

/// The losses printed and the file (or its write error) of converting
/// `feed` whole, as `antenna merge` did before it wrote entry by entry.
fn whole(feed: &Feed, encoding: Choice) -> (String, Result<Vec<u8>, String>) {
    let mut feed = feed.clone();
    let mut printed = String::new();
    for loss in encoding
        .apply(Format::HinaDi, &mut feed)
        .expect("HINA-DI takes every encoding")
    {
        printed.push_str(&format!("loss: {loss}\n"));
    }
    let converted = formats::from_feed(Format::HinaDi, &feed);
    for loss in &converted.losses {
        printed.push_str(&format!("loss: {loss}\n"));
    }
    (printed, encoding.write(&converted.document, false))
}

/// The same, entry by entry.
fn by_entry(feed: &Feed, encoding: Choice) -> (String, Result<Vec<u8>, String>) {
    let mut out = HinaDiOut::new(feed.clone(), encoding).expect("a spool");
    for entry in feed.entries.iter().cloned() {
        out.push(entry).expect("HINA-DI takes every encoding");
    }
    let mut printed = Vec::new();
    let bytes = out.finish(&mut printed).expect("a spool");
    (String::from_utf8(printed).expect("UTF-8 losses"), bytes)
}

#[test]
fn written_entry_by_entry_is_written_whole() {
    let choices = [
        Choice::default(),
        Choice {
            encoding: Some(OutputEncoding::Utf8),
            substitute: None,
        },
        Choice {
            encoding: Some(OutputEncoding::ShiftJis),
            substitute: Some(Substitute::JisCompatible),
        },
        Choice {
            encoding: Some(OutputEncoding::EucJp),
            substitute: None,
        },
    ];
    let feeds = feeds();
    assert!(feeds.len() > 100, "{} conformance feeds", feeds.len());
    let (mut written, mut refused) = (0, 0);
    for (path, mut feed) in feeds {
        // A feed as merge publishes it: this antenna's header.
        feed.agent = Some(antenna_model::Agent {
            name: "merger/1.0".to_owned(),
            url: "http://merger.example/".parse().ok(),
        });
        feed.title = Some("T".to_owned());
        for encoding in choices {
            let what = format!("{} {encoding:?}", path.display());
            let expected = whole(&feed, encoding);
            assert_eq!(by_entry(&feed, encoding), expected, "{what}");
            match expected.1 {
                Ok(_) => written += 1,
                Err(_) => refused += 1,
            }
        }
    }
    // Both outcomes were compared: files written, and files refused (no
    // entry, or a character the encoding cannot hold).
    assert!(
        written > 100 && refused > 0,
        "{written} written, {refused} refused"
    );
}

#[test]
fn no_entry_is_refused_as_the_whole_document_is() {
    let mut feed = Feed::new();
    feed.agent = Some(antenna_model::Agent {
        name: "merger/1.0".to_owned(),
        url: None,
    });
    let expected = whole(&feed, Choice::default());
    assert!(expected.1.is_err());
    assert_eq!(by_entry(&feed, Choice::default()), expected);
    feed.entries
        .push(Entry::new("http://www.hoge.jp/".parse().expect("a URL")));
    assert_eq!(
        by_entry(&feed, Choice::default()),
        whole(&feed, Choice::default())
    );
}
