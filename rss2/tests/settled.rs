//! The contract of `PartCodec::settled` that lets a converter end its
//! summary pass early (issue #23): once the summary is settled, the
//! entries after it only add to the count; the head made of the summary
//! counted to the end is the head made of every entry; and the items
//! written after the head made at the settling are, byte for byte, the
//! items written after the head made of every entry. A converter that
//! writes the first head, then splices the second in its place, writes
//! exactly what a converter that surveyed every entry writes.
//!
//! Checked for `Rss2` and `Rss2Plain` over entries that settle at the
//! first entry, late (the Dublin Core or the `antenna` module first needed
//! by a later entry) and never (no author that is a name).

use std::cell::RefCell;
use std::io;
use std::rc::Rc;

use antenna_model::url::Url;
use antenna_model::{Entry, Feed, PartCodec, PartWriter};
use rss2::{ChannelSummary, Document, Item, Rss2, Rss2Plain, WriteOptions};

/// A `Vec` the test can look into while a writer holds it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The bytes written of `head` and the items of `entries`, and how many
/// of them the head took (what the writer had written when made).
fn write<C>(head: &Document, entries: &[Entry]) -> (Vec<u8>, usize)
where
    C: PartCodec<Head = Document, Part = Item, WriteOptions = WriteOptions>,
{
    let out = Shared::default();
    let mut writer = C::writer(out.clone(), head, &WriteOptions::default()).expect("a head");
    let head_len = out.0.borrow().len();
    let mut state = C::FromFeedState::default();
    for entry in entries {
        let item = C::part_from_entry(&mut state, entry, &mut Vec::new()).expect("an item");
        writer.push(&item).expect("an item written");
    }
    writer.finish().expect("the end written");
    let bytes = out.0.borrow().clone();
    (bytes, head_len)
}

/// Checks the contract on `entries` for `C`; returns how many entries the
/// summary took to settle (`entries.len()` when it never did).
fn splice_is_exact<C>(entries: &[Entry]) -> usize
where
    C: PartCodec<
            Head = Document,
            Part = Item,
            WriteOptions = WriteOptions,
            Summary = ChannelSummary,
        >,
{
    // A feed without a description: the channel's says the count.
    let feed = Feed::default();
    let mut whole = ChannelSummary::default();
    for entry in entries {
        C::summarize(&mut whole, entry);
    }
    // As the pipeline surveys: each entry summarised until it is settled.
    let mut early = ChannelSummary::default();
    let mut settled_at = entries.len();
    for (i, entry) in entries.iter().enumerate() {
        if C::settled(&early) {
            settled_at = i;
            break;
        }
        C::summarize(&mut early, entry);
    }
    let first_head = C::head_from_feed(&feed, &early, &mut Vec::new());
    for _ in settled_at..entries.len() {
        C::count(&mut early);
    }
    let whole_head = C::head_from_feed(&feed, &whole, &mut Vec::new());
    let (spliced, first_len) = write::<C>(&first_head, entries);
    let (expected, whole_len) = write::<C>(&whole_head, entries);
    let (again, again_len) =
        write::<C>(&C::head_from_feed(&feed, &early, &mut Vec::new()), entries);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    assert_eq!(
        text(&spliced[first_len..]),
        text(&expected[whole_len..]),
        "the items and end after the first head (settled at {settled_at})"
    );
    assert_eq!(
        text(&again[..again_len]),
        text(&expected[..whole_len]),
        "the head made again"
    );
    settled_at
}

fn entry(i: usize, author: Option<String>, content_length: Option<u64>) -> Entry {
    let url = Url::parse(&format!("http://e{i}.example.jp/page/")).expect("a URL");
    let mut entry = Entry::new(url);
    entry.title = Some(format!("Page {i}"));
    entry.author = author;
    entry.content_length = content_length;
    entry
}

/// `n` entries: entry `i` has an author that is a name when `named(i)`
/// (else an e-mail address), and a value only the `antenna` module holds
/// when `module(i)`.
fn entries(n: usize, named: impl Fn(usize) -> bool, module: impl Fn(usize) -> bool) -> Vec<Entry> {
    (0..n)
        .map(|i| {
            let author = if named(i) {
                format!("Author {i}")
            } else {
                format!("a{i}@example.jp")
            };
            entry(i, Some(author), module(i).then_some(1234))
        })
        .collect()
}

#[test]
fn the_splice_is_exact_however_the_summary_settles() {
    let cases: Vec<(&str, Vec<Entry>)> = vec![
        ("settled by the first", entries(12, |_| true, |_| true)),
        ("module from the sixth", entries(12, |_| true, |i| i >= 5)),
        (
            "module only in the sixth",
            entries(12, |_| true, |i| i == 5),
        ),
        (
            "Dublin Core from the fourth",
            entries(12, |i| i >= 3, |_| true),
        ),
        ("never a name", entries(12, |_| false, |_| true)),
        ("never the module", entries(12, |_| true, |_| false)),
        ("a thousand", entries(1000, |_| true, |_| true)),
        ("one", entries(1, |_| true, |_| true)),
        ("none", Vec::new()),
    ];
    for (name, entries) in &cases {
        let with_module = splice_is_exact::<Rss2>(entries);
        let plain = splice_is_exact::<Rss2Plain>(entries);
        match *name {
            // Both need Dublin Core, the module's target its namespace too.
            "module from the sixth" | "module only in the sixth" => {
                assert_eq!((with_module, plain), (6, 1), "{name}");
            }
            "Dublin Core from the fourth" => assert_eq!((with_module, plain), (4, 4), "{name}"),
            "never a name" | "none" => {
                assert_eq!(
                    (with_module, plain),
                    (entries.len(), entries.len()),
                    "{name}"
                );
            }
            "never the module" => assert_eq!((with_module, plain), (12, 1), "{name}"),
            _ => assert_eq!((with_module, plain), (1, 1), "{name}"),
        }
    }
}
