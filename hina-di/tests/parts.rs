//! HINA-DI through the streamed codec (`antenna_model::PartCodec`):
//! reading a file part by part, converting each part, and writing the
//! parts give what the whole-file functions give (the same document,
//! diagnostics in the same order, feed, losses in the same order, bytes),
//! on every HINA-DI file of the conformance suite, the examples and
//! `tests/data`.

mod common;

use std::path::{Path, PathBuf};

use common::hdi_files;

use antenna_model::parts::{Counted, Discard};
use antenna_model::{Diagnostic, Entry, Feed, Loss, PartCodec, PartReader, PartWriter};
use hina_di::{Block, Document, HinaDi, ReadOptions, WriteOptions};

/// Every HINA-DI file of the conformance suite, the examples and the
/// crate's test data.
fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    hdi_files(&root.join("../conformance/hina-di"), &mut files);
    let conformance = files.len();
    hdi_files(&root.join("../examples"), &mut files);
    let examples = files.len() - conformance;
    hdi_files(&root.join("tests/data"), &mut files);
    assert!(conformance > 50, "{conformance} conformance files");
    assert!(examples >= 2, "{examples} examples");
    assert!(files.len() > conformance + examples);
    files
}

/// Reads `input` part by part through the trait: the head, the parts and
/// every diagnostic in the order the sink got them.
fn streamed(
    input: &[u8],
    options: &ReadOptions,
) -> Result<(Document, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut reader = match HinaDi::reader(input, options) {
        Ok(reader) => reader,
        Err(rejected) => return Err(rejected.diagnostics),
    };
    let mut sink = Counted::new(Vec::new());
    let mut blocks = Vec::new();
    while let Some(block) = reader.next_part(&mut sink) {
        blocks.push(block);
    }
    let head = reader.finish(&mut sink);
    let errors = sink.sink.iter().filter(|d| d.is_error()).count();
    assert_eq!(sink.errors, errors);
    if errors > 0 {
        Err(sink.sink)
    } else {
        Ok((Document::from_parts(head, blocks), sink.sink))
    }
}

/// The feed of a document, head and block by block through the trait.
fn feed_by_parts(document: &Document) -> (Feed, Vec<Loss>) {
    let mut losses = Vec::new();
    let mut feed = HinaDi::head_to_feed(document.head(), &mut losses);
    for (index, block) in document.all_blocks().iter().enumerate() {
        feed.entries
            .extend(HinaDi::part_to_entry(block, index, &mut losses));
    }
    (feed, losses)
}

/// The document of a feed, head and entry by entry through the trait.
fn document_by_parts(feed: &Feed) -> (Document, Vec<Loss>) {
    let mut losses = Vec::new();
    let head = HinaDi::head_from_feed(feed, &(), &mut losses);
    let blocks: Vec<Block> = feed
        .entries
        .iter()
        .filter_map(|entry| HinaDi::part_from_entry(&mut (), entry, &mut losses))
        .collect();
    (Document::from_parts(head, blocks), losses)
}

/// Writes a document block by block through the trait, to an output.
fn write_by_parts(document: &Document) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut writer = HinaDi::writer(&mut out, document.head(), &WriteOptions::default())
        .map_err(|e| e.to_string())?;
    for block in document.all_blocks() {
        writer.push(block).map_err(|e| e.to_string())?;
    }
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

fn assert_same(input: &[u8], options: &ReadOptions, what: &str) {
    let whole = hina_di::read(input, options);
    let parts = streamed(input, options);
    let (parsed, (document, diagnostics)) = match (whole, parts) {
        (Ok(parsed), Ok(parts)) => (parsed, parts),
        (Err(rejected), Err(diagnostics)) => {
            assert_eq!(diagnostics, rejected.diagnostics, "{what}");
            return;
        }
        (whole, parts) => panic!("{what}: read {whole:?}, by parts {parts:?}"),
    };
    assert_eq!(diagnostics, parsed.diagnostics, "{what}");
    assert_eq!(document, parsed.document, "{what}");
    assert_eq!(
        document.charset_fallback(),
        parsed.document.charset_fallback(),
        "{what}"
    );
    // The folds in the model crate are the whole-file functions.
    let folded = antenna_model::parts::read_by_parts::<HinaDi>(input, options).expect(what);
    assert_eq!(folded.diagnostics, parsed.diagnostics, "{what}");

    let whole = hina_di::to_feed(&parsed.document);
    let (feed, losses) = feed_by_parts(&document);
    assert_eq!(feed, whole.document, "{what}");
    assert_eq!(losses, whole.losses, "{what}");

    let whole = hina_di::from_feed(&feed);
    let (back, losses) = document_by_parts(&feed);
    assert_eq!(back, whole.document, "{what}");
    assert_eq!(losses, whole.losses, "{what}");
    assert_eq!(
        write_by_parts(&back),
        hina_di::write(&whole.document, &WriteOptions::default()).map_err(|e| e.to_string()),
        "{what}"
    );

    // The writer writes in the head's fallback when it has one; `write`
    // tries the declared charset first unless a field holds bytes as read.
    let holds_bytes_as_read = std::iter::once(document.header())
        .chain(document.all_blocks())
        .flat_map(Block::fields)
        .any(|field| field.source_bytes().is_some());
    if document.charset_fallback().is_none() || holds_bytes_as_read {
        assert_eq!(
            write_by_parts(&document),
            hina_di::write(&parsed.document, &WriteOptions::default()).map_err(|e| e.to_string()),
            "{what}"
        );
    }
}

#[test]
fn every_file_reads_converts_and_writes_the_same_part_by_part() {
    for path in files() {
        let bytes = std::fs::read(&path).unwrap();
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            assert_same(&bytes, &options, &path.display().to_string());
        }
    }
}

const FILE: &[u8] = b"HINA/2.2\r\nUser-Agent: a/1\r\n\r\n\
URL: http://a.jp/\r\nTitle: a\r\n\r\n\
URL: http://b.jp/\r\n\r\n\
Title: no URL\r\n\r\n\
URL: http://d.jp/\nTitle: d\r\n\r\n";

#[test]
fn a_block_with_an_error_is_not_given_but_its_diagnostics_are() {
    let mut reader = HinaDi::reader(FILE, &ReadOptions::lenient()).unwrap();
    let mut diagnostics = Vec::new();
    let mut urls = Vec::new();
    while let Some(block) = reader.next_part(&mut diagnostics) {
        urls.push(block.url().unwrap().to_owned());
    }
    reader.finish(&mut diagnostics);
    assert_eq!(urls, ["http://a.jp/", "http://b.jp/", "http://d.jp/"]);
    let rules: Vec<_> = diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(rules, ["hina-di/missing-url", "hina-di/bare-lf"]);
    let whole = hina_di::read(FILE, &ReadOptions::lenient()).unwrap_err();
    assert_eq!(diagnostics, whole.diagnostics);
}

#[test]
fn finish_before_the_last_part_gives_the_rest_of_the_diagnostics() {
    let mut reader = HinaDi::reader(FILE, &ReadOptions::lenient()).unwrap();
    let mut diagnostics = Vec::new();
    assert!(reader.next_part(&mut diagnostics).is_some());
    assert!(diagnostics.is_empty());
    let head = reader.finish(&mut diagnostics);
    assert_eq!(head.header().user_agent(), Some("a/1"));
    let whole = hina_di::read(FILE, &ReadOptions::lenient()).unwrap_err();
    assert_eq!(diagnostics, whole.diagnostics);
}

#[test]
fn the_header_error_does_not_hold_back_the_first_block() {
    let file = b"HINA/2.2\r\nTitle: no agent\r\n\r\nURL: http://a.jp/\r\n\r\n";
    let mut reader = HinaDi::reader(file, &ReadOptions::lenient()).unwrap();
    let mut sink = Counted::new(Discard);
    let block = reader.next_part(&mut sink).expect("the block");
    assert_eq!(block.url(), Some("http://a.jp/"));
    assert_eq!(sink.errors, 1);
}

#[test]
fn a_refused_block_writes_nothing_and_the_writer_goes_on() {
    let mut feed = Feed::new();
    feed.agent = Some(antenna_model::Agent {
        name: "a/1".into(),
        url: None,
    });
    let head = hina_di::head_from_feed(&feed).document;
    let mut out = Vec::new();
    let mut writer = HinaDi::writer(&mut out, &head, &WriteOptions::default()).unwrap();
    let mut bad = Block::new();
    bad.push_field("URL", "http://a.jp/\nTitle: injected");
    assert!(writer.push(&bad).is_err());
    let entry = Entry::new(antenna_model::url::Url::parse("http://b.jp/").unwrap());
    let good = hina_di::block_from_entry(&entry);
    assert!(good.losses.is_empty());
    writer.push(&good.document).unwrap();
    writer.finish().unwrap();
    assert_eq!(
        out,
        b"HINA/2.2\r\nUser-Agent: a/1\r\n\r\nURL: http://b.jp/\r\n\r\n"
    );
}

#[test]
fn an_output_error_is_an_io_error() {
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut head = hina_di::Head::new("2.2");
    head.header_mut().push_field("User-Agent", "a/1");
    let error = HinaDi::writer(Full, &head, &WriteOptions::default()).unwrap_err();
    assert!(matches!(error, antenna_model::PartWriteError::Io(_)));
    // A head every reader rejects is refused before anything is written.
    head.set_version("3.0");
    let error = HinaDi::writer(Full, &head, &WriteOptions::default()).unwrap_err();
    assert!(matches!(
        error,
        antenna_model::PartWriteError::Format(hina_di::WriteError::BadVersion { .. })
    ));
}

/// The charset the head carries is the one blocks are written in: a file
/// read through the fallback (UTF-8 declared, EUC-JP written) is written
/// block by block in EUC-JP, as it came.
#[test]
fn blocks_are_written_in_the_charset_of_their_head() {
    let file: &[u8] = b"HINA/2.2\r\nUser-Agent: a\r\n\
Content-Type: text/plain; charset=UTF-8\r\n\r\nURL: http://a.jp/\r\nTitle: \xc6\xfc\r\n\r\n";
    let parsed = hina_di::read(file, &ReadOptions::lenient()).unwrap();
    assert_eq!(
        parsed.document.charset_fallback(),
        Some(antenna_model::encoding_rs::EUC_JP)
    );
    assert_eq!(write_by_parts(&parsed.document).unwrap(), file);
}

/// What a sink that shows the first 1,000 of each rule (`antenna`'s)
/// shows of `input`: given every diagnostic (`all`), or only what it
/// asks the reader to keep; with the error and warning counts.
fn shown_by_human(
    input: &[u8],
    strict: bool,
    errors_only: bool,
    all: bool,
) -> (String, usize, usize) {
    use antenna_model::DiagnosticSink as _;
    use antenna_model::render::Style;
    use antenna_model::render::sink::{Human, Lines};
    let options = if strict {
        ReadOptions::strict()
    } else {
        ReadOptions::lenient()
    };
    let human =
        Human::new("f", Lines::whole(input), Style::plain(), Vec::new()).errors_only(errors_only);
    let mut sink = Counted::new(human);
    let mut reader = HinaDi::reader(input, &options).unwrap();
    if all {
        let mut every = Vec::new();
        while reader.next_part(&mut every).is_some() {}
        reader.finish(&mut every);
        every.into_iter().for_each(|d| sink.report(d));
    } else {
        while reader.next_part(&mut sink).is_some() {}
        reader.finish(&mut sink);
    }
    let (errors, warnings) = (sink.errors, sink.warnings);
    let out = String::from_utf8(sink.sink.finish().unwrap()).unwrap();
    (out, errors, warnings)
}

/// Issue #28: a block of thousands of findings, given to a sink that
/// shows the first 1,000 of each rule, is held with those alone, and
/// shows, says and counts what it would with every one.
#[test]
fn a_sink_that_shows_the_first_of_each_rule_is_given_the_same() {
    let mut file = String::from("HINA/2.2\r\nUser-Agent: a/1\r\nfoo bar\r\n\r\n");
    for block in 0..3 {
        file.push_str(&format!("URL: http://a.jp/{block}\r\n"));
        for i in 0..2_500 {
            file.push_str(match i % 7 {
                0 => "bad\r\n",
                1 => "title:lower case, no space\r\n",
                2 => "Last-Modified: someday\r\n",
                3 => " folded\r\n",
                4 => "Image-Width: wide\r\n",
                5 => "Image-Height: Sunday, 06-Nov-94 08:49:37 GMT\r\n",
                _ => "X-Ctl: a\u{1}b\r\n",
            });
        }
        file.push_str("\r\n");
    }
    let input = file.as_bytes();
    for strict in [false, true] {
        for errors_only in [false, true] {
            let every = shown_by_human(input, strict, errors_only, true);
            let kept = shown_by_human(input, strict, errors_only, false);
            assert!(
                every
                    .0
                    .contains("more hina-di/missing-separator diagnostics not shown"),
                "{}",
                &every.0[every.0.len() - 600..]
            );
            let what = format!("strict {strict}, errors only {errors_only}");
            assert!(kept.0 == every.0, "{what}: not the same output");
            assert_eq!((kept.1, kept.2), (every.1, every.2), "{what}");
        }
    }
}

/// Entries of every shape a block is made from: each HINA-DI file's
/// entries as read (written back as written), the same with their fields
/// as written dropped (written from the values), with only a URL as
/// written (a LIRS record's), and with values that must be cleaned or
/// left out (line breaks, a field name the spec defines, keywords that
/// do not join), one after another, so that short blocks follow long
/// ones and the other way round.
fn entries_of_every_shape() -> Vec<Entry> {
    let mut entries = Vec::new();
    for path in files() {
        let data = std::fs::read(&path).unwrap();
        let Ok(parsed) = hina_di::read(&data, &ReadOptions::lenient()) else {
            continue;
        };
        for entry in hina_di::to_feed(&parsed.document).document.entries {
            let mut values = entry.clone();
            values.written = antenna_model::FieldList::new();
            let mut url_only = values.clone();
            url_only
                .written
                .push("URL", &entry.url.as_str().to_ascii_uppercase());
            let mut edited = values.clone();
            edited.title = Some("two\r\nlines".to_owned());
            edited.keywords.push(" a, b ".to_owned());
            edited.extensions.push("Title", "defined elsewhere");
            edited.extensions.push("X-Long", &"x".repeat(300));
            entries.extend([entry, values, url_only, edited]);
        }
    }
    entries
}

/// `HinaDi::part_from_entry_reusing` over the spare of the block before
/// makes the block `part_from_entry` makes, with the same losses: a
/// field, a value or a blank line left from the block before fails it.
#[test]
fn a_block_made_over_a_spare_one_is_the_block_made_fresh() {
    let entries = entries_of_every_shape();
    assert!(entries.len() > 200, "{} entries", entries.len());
    let mut spare = None;
    let mut reused_any = 0;
    for (i, entry) in entries.iter().enumerate() {
        let (mut fresh_losses, mut reused_losses) = (Vec::new(), Vec::new());
        let fresh = HinaDi::part_from_entry(&mut (), entry, &mut fresh_losses);
        reused_any += usize::from(spare.is_some());
        let reused =
            HinaDi::part_from_entry_reusing(&mut (), entry, &mut reused_losses, spare.take());
        assert_eq!(reused, fresh, "entry {i}: {}", entry.url);
        assert_eq!(reused_losses, fresh_losses, "entry {i}: {}", entry.url);
        // Written the same: equal blocks could still differ in how they
        // are held.
        if let (Some(reused), Some(fresh)) = (&reused, &fresh) {
            assert_eq!(
                reused.pairs().collect::<Vec<_>>(),
                fresh.pairs().collect::<Vec<_>>()
            );
            assert_eq!(reused.blank_lines(), fresh.blank_lines());
        }
        spare = reused.and_then(HinaDi::spare);
    }
    // The spare was used for most blocks (an entry that names no page
    // makes none, and leaves no spare).
    assert!(
        reused_any * 2 > entries.len(),
        "{reused_any} made over a spare"
    );
}

/// `hina_di::block_fields_from_entry` lends the fields of the block
/// `hina_di::block_from_entry` makes, in order, with the same losses.
#[test]
fn the_fields_lent_are_the_block_s() {
    for entry in entries_of_every_shape() {
        let block = hina_di::block_from_entry(&entry);
        let (mut fields, mut losses) = (Vec::new(), Vec::new());
        hina_di::block_fields_from_entry(&entry, &mut losses, |name, value| {
            fields.push((name.to_owned(), value.to_owned()));
        });
        let expected: Vec<_> = block
            .document
            .pairs()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect();
        assert_eq!(fields, expected, "{}", entry.url);
        assert_eq!(losses, block.losses, "{}", entry.url);
    }
}
