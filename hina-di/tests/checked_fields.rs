//! A block made from an entry marks its fields checked, and the writer
//! then only encodes them (issue #23, d0874c8): its own checks (a field
//! name, no control character, no leading white space: HINA-DI rev. 0.12
//! §Field) are skipped. That is sound only while what made the block is at
//! least as strict as those checks. Here entries with values full of what
//! the checks refuse are converted, and the document is written twice:
//! as made (marked) and with every field set again (which clears the mark,
//! so the writer checks it). Both must give the same bytes or the same
//! refusal; in a debug build the writer also asserts each marked field
//! passes.

use antenna_model::url::Url;
use antenna_model::{Entry, Feed};
use hina_di::WriteOptions;
use proptest::prelude::*;

/// Text with what the writer's checks refuse: controls (C0, DEL, C1,
/// NEL), line breaks, leading blanks, and a colon, beside plain text.
fn text() -> impl Strategy<Value = String> {
    "[ \t\r\n\\x00\\x1F\\x7F\\x{80}\\x{85}\\x{9F}\\x{A0}\\x{2028}\\x{3000}a:é日]{0,10}"
}

/// Field names as a file may hold them: the spec's, open ones, and ones
/// that are not field names at all.
fn name() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "URL",
        "Title",
        "Author-Name",
        "Last-Modified",
        "Content-Type",
        "Keyword",
        "X-Note",
        "x-note",
        "Bad Name",
        "",
        "Title:",
        "日本",
    ])
    .prop_map(str::to_owned)
}

prop_compose! {
    fn entry()(
        title in proptest::option::of(text()),
        author in proptest::option::of(text()),
        content_type in proptest::option::of(text()),
        server in proptest::option::of(text()),
        keywords in proptest::collection::vec(text(), 0..3),
        written in proptest::collection::vec((name(), text()), 0..4),
        extensions in proptest::collection::vec((name(), text()), 0..3),
    ) -> Entry {
        let mut entry = Entry::new(Url::parse("http://www.hoge.jp/a/").unwrap());
        entry.title = title;
        entry.author = author;
        entry.content_type = content_type;
        entry.server = server;
        entry.keywords = keywords;
        entry.written.push("URL", "http://www.hoge.jp/a/");
        for (name, value) in &written {
            entry.written.push(name, value);
        }
        for (name, value) in &extensions {
            entry.extensions.push(name, value);
        }
        entry
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn a_block_made_from_an_entry_writes_as_if_checked(
        entries in proptest::collection::vec(entry(), 1..4)
    ) {
        let mut feed = Feed::default();
        feed.entries = entries;
        let made = hina_di::from_feed(&feed).document;
        let options = WriteOptions::default();
        let marked = hina_di::write(&made, &options);
        let mut unmarked = made.clone();
        for block in unmarked.blocks_mut() {
            for field in block.fields_mut() {
                let value = field.value().to_owned();
                field.set_value(value);
            }
        }
        let checked = hina_di::write(&unmarked, &options);
        prop_assert_eq!(
            marked.as_ref().map_err(ToString::to_string),
            checked.as_ref().map_err(ToString::to_string)
        );
    }
}
