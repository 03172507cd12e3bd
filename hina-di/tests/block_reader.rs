//! `BlockReader` gives what `read` gives: the same header and blocks, and
//! the same diagnostics in the same order, on every HINA-DI file of the
//! conformance suite and of `tests/data`, and on generated files that mix
//! every kind of line, line end and charset trouble.

mod common;

use std::path::Path;

use common::hdi_files;

use hina_di::{BlockReader, BlockWriter, Diagnostic, ReadOptions, WriteOptions, read, write};
use proptest::prelude::*;

/// Reads `input` with `BlockReader` and checks it against `read`.
fn assert_same(input: &[u8], options: &ReadOptions, what: &str) {
    let whole = read(input, options);
    let mut reader = match BlockReader::new(input, options) {
        Ok(reader) => reader,
        Err(rejected) => {
            let whole = whole.expect_err(what);
            assert_eq!(rejected.diagnostics, whole.diagnostics, "{what}");
            return;
        }
    };
    let mut diagnostics: Vec<Diagnostic> = reader.take_diagnostics();
    let mut blocks = Vec::new();
    while let Some(block) = reader.next_block() {
        blocks.push(block);
        diagnostics.extend(reader.take_diagnostics());
    }
    diagnostics.extend(reader.take_diagnostics());
    assert_eq!(reader.next_block(), None, "{what}");
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    assert_eq!(reader.error_count(), errors, "{what}");
    match whole {
        Ok(parsed) => {
            assert_eq!(diagnostics, parsed.diagnostics, "{what}");
            assert_eq!(errors, 0, "{what}");
            let doc = &parsed.document;
            assert_eq!(reader.version(), doc.version(), "{what}");
            assert_eq!(reader.version_line_end(), doc.version_line_end(), "{what}");
            assert_eq!(reader.header(), doc.header(), "{what}");
            assert_eq!(blocks.as_slice(), doc.all_blocks(), "{what}");
            assert_eq!(reader.charset_fallback(), doc.charset_fallback(), "{what}");
            assert_writes_the_same(doc, what);
            // The feed of the head and of each block, one after the other,
            // is the document's.
            let mut feed =
                hina_di::head_to_feed(reader.version(), reader.header(), reader.charset_fallback());
            for block in &blocks {
                let entry = hina_di::block_to_feed(block);
                feed.losses.extend(entry.losses);
                feed.document.entries.extend(entry.document);
            }
            let whole = hina_di::to_feed(doc);
            assert_eq!(feed.document, whole.document, "{what}");
            assert_eq!(feed.losses, whole.losses, "{what}");
            for (streamed, whole) in blocks.iter().zip(doc.all_blocks()) {
                for (a, b) in streamed.fields().iter().zip(whole.fields()) {
                    assert_eq!(a.source_bytes(), b.source_bytes(), "{what}");
                    assert_eq!(a.undecoded_bytes(), b.undecoded_bytes(), "{what}");
                }
            }
        }
        Err(rejected) => {
            assert_eq!(diagnostics, rejected.diagnostics, "{what}");
            assert!(errors > 0, "{what}");
        }
    }
}

/// `BlockWriter` over the document's blocks writes what `write` writes,
/// or fails as it fails (a document read in its declared charset: `write`
/// alone retries in the fallback).
fn assert_writes_the_same(doc: &hina_di::Document, what: &str) {
    if doc.charset_fallback().is_some() {
        return;
    }
    let streamed = BlockWriter::new(doc.version(), doc.version_line_end(), doc.header()).and_then(
        |mut writer| {
            for block in doc.all_blocks() {
                writer.push(block)?;
            }
            writer.finish()
        },
    );
    assert_eq!(streamed, write(doc, &WriteOptions::default()), "{what}");
    // Handing the bytes out after each block (to a spool) and taking the
    // rest from `finish` gives the same file, or the same refusal.
    let handed_out = BlockWriter::new(doc.version(), doc.version_line_end(), doc.header())
        .and_then(|mut writer| {
            let mut spool = Vec::new();
            for block in doc.all_blocks() {
                writer.push(block)?;
                writer
                    .write_out(&mut spool)
                    .expect("a Vec takes every byte");
            }
            spool.extend(writer.finish()?);
            Ok(spool)
        });
    assert_eq!(handed_out, streamed, "{what}");
}

#[test]
fn every_conformance_and_data_file_reads_the_same_block_by_block() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    hdi_files(&root.join("../conformance/hina-di"), &mut files);
    let conformance = files.len();
    hdi_files(&root.join("tests/data"), &mut files);
    assert!(conformance > 50, "{conformance} conformance files");
    assert!(files.len() > conformance);
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            assert_same(&bytes, &options, &path.display().to_string());
        }
    }
}

#[test]
fn diagnostics_that_depend_on_the_whole_file_come_with_their_block() {
    // The first bare LF is in the second block, the first value that is
    // not EUC-JP (but UTF-8, as every value is) in the third.
    let file = "HINA/2.2\r\nUser-Agent: a\r\n\r\nURL: http://a.jp/\r\n\r\n\
        URL: http://b.jp/\nTitle: b\r\n\r\nURL: http://c.jp/\r\nTitle: \u{3042}\r\n\r\n";
    let mut reader = BlockReader::new(file.as_bytes(), &ReadOptions::default()).unwrap();
    assert!(reader.take_diagnostics().is_empty());
    let mut rules = Vec::new();
    while reader.next_block().is_some() {
        rules.push(
            reader
                .take_diagnostics()
                .iter()
                .map(|d| d.rule.id)
                .collect::<Vec<_>>(),
        );
    }
    assert_eq!(
        rules,
        [
            vec![],
            vec!["hina-di/bare-lf"],
            vec!["hina-di/charset-mismatch"]
        ]
    );
    assert_eq!(reader.charset_fallback(), Some(encoding_rs::UTF_8));
    assert_same(file.as_bytes(), &ReadOptions::default(), "mixed");
}

/// One line of a generated file, without its line end.
fn line() -> impl Strategy<Value = Vec<u8>> {
    let name = prop::sample::select(vec![
        "URL",
        "url",
        "Title",
        "Virtual",
        "Last-Modified",
        "Date",
        "Method",
        "Content-Type",
        "User-Agent",
        "Image-Width",
        "X-Note",
        "Foo",
        "Bad_Name",
        "",
    ]);
    let value = prop::sample::select(vec![
        &b"http://www.hoge.jp/foo/"[..],
        b"not a url",
        b"Sat, 07 Sep 2002 00:00:01 GMT",
        b"Saturday, 07-Sep-02 00:00:01 GMT",
        b"REMOTE/GET/200",
        b"text/plain; charset=UTF-8",
        b"text/plain; charset=Shift_JIS",
        b"image/png",
        b"text/plain; charset=bogus",
        b"120",
        b"\xA4\xA2\xA4\xA4",
        b"\xE3\x81\x82",
        b"\xFF\xFE",
        b"a\x01b",
        b"\x82\xA0",
        b"",
    ]);
    let separator = prop::sample::select(vec![&b" "[..], b"", b"\t", b"  "]);
    prop_oneof![
        4 => (name, separator, value).prop_map(|(name, separator, value)| {
            let mut line = name.as_bytes().to_vec();
            line.push(b':');
            line.extend_from_slice(separator);
            line.extend_from_slice(value);
            line
        }),
        3 => Just(Vec::new()),
        1 => Just(b" \t".to_vec()),
        1 => Just(b"no colon here".to_vec()),
        1 => Just(b" folded: line".to_vec()),
    ]
}

/// A generated file: a version line (now and then a BOM or another
/// version), a header, then lines of every kind, each ending in CRLF, LF or
/// (the last) nothing.
fn file() -> impl Strategy<Value = Vec<u8>> {
    let opening = prop::sample::select(vec![
        &b"HINA/2.2"[..],
        b"HINA/2.2beta",
        b"hina/2.1",
        b"\xEF\xBB\xBFHINA/2.2",
        b"HINA/3.0",
    ]);
    let header = prop::sample::select(vec![
        &b"User-Agent: gen/1.0\r\n"[..],
        b"User-Agent: gen/1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n",
        b"User-Agent: gen/1.0\r\nContent-Type: text/plain; charset=Shift_JIS\r\n",
        b"User-Agent: gen/1.0\r\nContent-Type: text/plain; charset=bogus\r\n",
        b"Content-Type: text/plain\r\n",
        b"",
    ]);
    let end = prop::sample::select(vec![&b"\r\n"[..], b"\r\n", b"\n"]);
    (
        opening,
        header,
        prop::collection::vec((line(), end), 0..40),
        any::<bool>(),
    )
        .prop_map(|(opening, header, lines, cut_last)| {
            let mut file = opening.to_vec();
            file.extend_from_slice(b"\r\n");
            file.extend_from_slice(header);
            file.extend_from_slice(b"\r\n");
            for (line, end) in &lines {
                file.extend_from_slice(line);
                file.extend_from_slice(end);
            }
            if cut_last && let Some(last) = lines.last() {
                file.truncate(file.len() - last.1.len());
            }
            file
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn generated_files_read_the_same_block_by_block(file in file(), strict in any::<bool>()) {
        let options = if strict { ReadOptions::strict() } else { ReadOptions::lenient() };
        assert_same(&file, &options, &String::from_utf8_lossy(&file));
    }

    #[test]
    fn arbitrary_bytes_read_the_same_block_by_block(
        bytes in prop::collection::vec(
            prop_oneof![Just(b'\n'), Just(b'\r'), Just(b':'), Just(b' '), any::<u8>(), 0x41..0x5Bu8],
            0..80,
        ),
    ) {
        let mut file = b"HINA/2.2\n".to_vec();
        file.extend_from_slice(&bytes);
        assert_same(&file, &ReadOptions::default(), &String::from_utf8_lossy(&file));
        assert_same(&bytes, &ReadOptions::default(), &String::from_utf8_lossy(&bytes));
    }
}
