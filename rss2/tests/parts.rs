//! Part by part through `antenna_model::PartCodec` gives what the
//! whole-file functions give, on every RSS file of the repository (the
//! conformance suite's, the example, the W3C validator corpus): the same
//! document and diagnostics in the same order, the same feed and losses
//! both ways, the same bytes written or the same refusal.

use std::path::{Path, PathBuf};

mod common;

use common::xml_files;

use antenna_model::parts::{
    Counted, Discard, from_feed_by_parts, read_by_parts, to_feed_by_parts, write_by_parts,
};
use antenna_model::{PartCodec, PartReader, PartWriteError, PartWriter};
use rss2::{Document, Item, ReadOptions, Rss2, WriteOptions};

/// The repository root (the crate's parent).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate sits in the workspace")
        .to_path_buf()
}

fn inputs() -> Vec<(PathBuf, Vec<u8>)> {
    let root = root();
    let mut files = xml_files(&root.join("conformance/rss2"));
    files.extend(xml_files(&root.join("examples")));
    files.extend(xml_files(&root.join("rss2/tests/data")));
    assert!(files.len() > 150, "{} files", files.len());
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).expect("a readable file");
            (path, bytes)
        })
        .collect()
}

/// `document` as a head and its items.
fn split(document: &Document) -> (Document, Vec<Item>) {
    let mut head = document.clone();
    let items = std::mem::take(&mut head.channel.items);
    (head, items)
}

#[test]
fn reading_by_parts_is_reading() {
    let mut read_some = 0;
    for (path, input) in inputs() {
        for strict in [false, true] {
            let options = ReadOptions::new(strict);
            let whole = rss2::read(&input, &options);
            let by_parts = read_by_parts::<Rss2>(&input, &options).map(|parsed| {
                let (mut head, items) = parsed.document;
                assert!(head.channel.items.is_empty(), "{}", path.display());
                head.channel.items = items;
                antenna_model::Parsed {
                    document: head,
                    diagnostics: parsed.diagnostics,
                }
            });
            assert_eq!(by_parts, whole, "{} strict {strict}", path.display());
            read_some += usize::from(whole.is_ok());
        }
    }
    assert!(read_some > 100, "{read_some} reads");
}

#[test]
fn every_diagnostic_comes_before_the_first_item() {
    let mut with_both = 0;
    for (path, input) in inputs() {
        let Ok(whole) = rss2::read(&input, &ReadOptions::default()) else {
            continue;
        };
        let Ok(mut reader) = Rss2::reader(&input, &ReadOptions::default()) else {
            panic!("{}: the reader rejects what read accepts", path.display());
        };
        assert_eq!(reader.items_left(), whole.document.channel.items.len());
        let mut diagnostics = Vec::new();
        let first = reader.next_part(&mut diagnostics);
        assert_eq!(diagnostics, whole.diagnostics, "{}", path.display());
        if first.is_some() && !diagnostics.is_empty() {
            with_both += 1;
        }
        let mut counted = Counted::new(Discard);
        while reader.next_part(&mut counted).is_some() {}
        reader.finish(&mut counted);
        assert_eq!(
            (counted.errors, counted.warnings),
            (0, 0),
            "{}",
            path.display()
        );
    }
    assert!(
        with_both > 10,
        "{with_both} files with items and diagnostics"
    );
}

#[test]
fn finish_gives_the_diagnostics_when_no_item_was_asked_for() {
    let input = br#"<rss version="2.0"><channel><title>t</title>
<item><title>one</title><pubDate>not a date</pubDate></item></channel></rss>"#;
    let reader = Rss2::reader(input, &ReadOptions::default()).unwrap();
    assert_eq!(reader.head().channel.title.as_deref(), Some("t"));
    let mut diagnostics = Vec::new();
    let head = reader.finish(&mut diagnostics);
    assert!(head.channel.items.is_empty());
    let rules: Vec<_> = diagnostics.iter().map(|d| d.rule.id).collect();
    assert!(rules.contains(&"rss2/bad-date"), "{rules:?}");
    // Strict, the same input is rejected before any part.
    let rejected = Rss2::reader(input, &ReadOptions::strict()).unwrap_err();
    assert_eq!(
        Err(rejected),
        rss2::read(input, &ReadOptions::strict()).map(|_| ())
    );
}

#[test]
fn converting_by_parts_is_converting() {
    for (path, input) in inputs() {
        let Ok(parsed) = rss2::read(&input, &ReadOptions::default()) else {
            continue;
        };
        let document = parsed.document;
        let (head, items) = split(&document);
        let feed = rss2::to_feed(&document);
        assert_eq!(
            to_feed_by_parts::<Rss2>(&head, &items),
            feed,
            "{}",
            path.display()
        );
        let back = rss2::from_feed(&feed.document);
        let by_parts = from_feed_by_parts::<Rss2>(&feed.document);
        let (mut back_head, back_items) = by_parts.document;
        assert!(back_head.channel.items.is_empty());
        back_head.channel.items = back_items;
        assert_eq!(back_head, back.document, "{}", path.display());
        assert_eq!(by_parts.losses, back.losses, "{}", path.display());
    }
}

#[test]
fn writing_by_parts_is_writing() {
    let mut refused = 0;
    for (path, input) in inputs() {
        let Ok(parsed) = rss2::read(&input, &ReadOptions::default()) else {
            continue;
        };
        let from_feed = rss2::from_feed(&rss2::to_feed(&parsed.document).document).document;
        for document in [parsed.document, from_feed] {
            let (head, items) = split(&document);
            for options in [
                WriteOptions::default(),
                WriteOptions::default()
                    .with_indent(false)
                    .with_xml_declaration(false),
            ] {
                let whole = rss2::write(&document, &options);
                let by_parts = write_by_parts::<Rss2>(&head, &items, &options);
                match (&whole, by_parts) {
                    (Ok(whole), Ok(by_parts)) => {
                        assert_eq!(&by_parts, whole, "{}", path.display());
                    }
                    (Err(whole), Err(PartWriteError::Format(by_parts))) => {
                        assert_eq!(&by_parts, whole, "{}", path.display());
                        refused += 1;
                    }
                    (whole, by_parts) => {
                        panic!("{}: {whole:?} and {by_parts:?}", path.display())
                    }
                }
            }
        }
    }
    // Every file read is written (the reader leaves out what XML 1.0
    // cannot carry).
    assert_eq!(refused, 0);
}

#[test]
fn a_refused_item_is_refused_by_both_and_leaves_nothing() {
    let mut head = Document::default();
    head.channel.title = Some("t".into());
    let good = Item {
        title: Some("good".into()),
        ..Item::default()
    };
    let bad = Item {
        title: Some("bad\u{1}".into()),
        ..Item::default()
    };
    let options = WriteOptions::default();
    let mut writer = Rss2::writer(Vec::new(), &head, &options).unwrap();
    writer.push(&good).unwrap();
    let Err(PartWriteError::Format(refusal)) = writer.push(&bad) else {
        panic!("the bad item was written");
    };
    let out = String::from_utf8(PartWriter::finish(writer).unwrap()).unwrap();
    assert!(out.contains("good") && !out.contains("bad"), "{out}");
    let mut document = head;
    document.channel.items = vec![good, bad];
    assert_eq!(rss2::write(&document, &options), Err(refusal));
}

/// Entries of every shape the `antenna` module writes, in an order where
/// each follows one of another shape: many values after few, few after
/// many, a long text (not kept for reuse) between short ones.
fn entries_of_many_shapes() -> Vec<antenna_model::Entry> {
    use antenna_model::jiff::Timestamp;
    use antenna_model::{Entry, MethodChain};
    let at = |s: i64| Timestamp::from_second(s).ok();
    let url = |s: &str| antenna_model::url::Url::parse(s).expect("a URL");
    let mut full = Entry::new(url("http://a.example/x/"));
    full.title = Some("A & <b>".to_owned());
    full.author = Some("著者".to_owned());
    full.last_modified = at(938_779_260);
    full.last_detected = at(938_781_002);
    full.site_offset = antenna_model::jiff::tz::Offset::from_seconds(32_400).ok();
    full.content_length = Some(49_383);
    full.content_type = Some("text/html".to_owned());
    full.source_url = Some(url("http://src.example/"));
    full.keywords = vec!["k1".to_owned(), "k2".to_owned()];
    full.method = MethodChain::parse("REMOTE/GET/200").ok();
    full.server = Some("httpd".to_owned());
    full.extensions = [("X-One", "1"), ("X-Two", "two")].into_iter().collect();
    let bare = Entry::new(url("http://b.example/"));
    let mut long = full.clone();
    long.url = url("http://c.example/long");
    long.title = Some("t".repeat(5000));
    long.author = None;
    long.extensions = [("X-Long", "v".repeat(3000))].into_iter().collect();
    let mut other = bare.clone();
    other.url = url("http://d.example/");
    other.last_modified = at(1);
    other.extensions = [("X-Three", "3")].into_iter().collect();
    vec![
        full.clone(),
        bare.clone(),
        full.clone(),
        long,
        other,
        full,
        bare,
    ]
}

#[test]
fn a_part_made_over_a_spare_one_is_the_part_made_fresh() {
    let entries = entries_of_many_shapes();
    let mut spare = None;
    let mut reused_any = false;
    for (i, entry) in entries.iter().enumerate() {
        let (mut fresh_losses, mut reused_losses) = (Vec::new(), Vec::new());
        let fresh = Rss2::part_from_entry(&mut (), entry, &mut fresh_losses);
        reused_any |= spare.is_some();
        let reused =
            Rss2::part_from_entry_reusing(&mut (), entry, &mut reused_losses, spare.take());
        assert_eq!(reused, fresh, "entry {i}");
        assert_eq!(reused_losses, fresh_losses, "entry {i}");
        spare = reused.and_then(Rss2::spare);
    }
    // The module's items are kept: the reuse was exercised.
    assert!(reused_any);
}
