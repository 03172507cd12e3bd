//! Property tests: well-formed documents survive write then read; any
//! input reads without panicking, and what is read survives write then
//! read.

use hina_di::{Block, Document, Field, LineEnd, ReadOptions, WriteOptions, read, write};
use proptest::prelude::*;

fn line_end() -> impl Strategy<Value = LineEnd> {
    prop_oneof![Just(LineEnd::CrLf), Just(LineEnd::Lf)]
}

fn separator() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(" ".to_owned()),
        Just("\t".to_owned()),
        Just("\t\t".to_owned()),
        Just(" \t".to_owned()),
        Just(String::new()),
    ]
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Title".to_owned()),
        Just("Last-Modified".to_owned()),
        Just("Keyword".to_owned()),
        Just("X-WDB-Title".to_owned()),
        "[A-Za-z0-9]{1,6}(-[A-Za-z0-9]{1,6}){0,2}",
    ]
}

/// Values: no leading white space (a TOKEN cannot start with it), no line
/// breaks; characters every charset used here can hold.
fn value() -> impl Strategy<Value = String> {
    "([!-~あア漢字日本語ｱ]([ -~\tあア漢字]){0,12})?"
}

fn field() -> impl Strategy<Value = Field> {
    (name(), value(), separator(), line_end()).prop_map(|(name, value, sep, end)| {
        Field::new(name, value)
            .with_separator(sep)
            .with_line_end(end)
    })
}

fn block(url: bool) -> impl Strategy<Value = Block> {
    (
        prop::collection::vec(field(), 0..5),
        prop::collection::vec(line_end(), 1..3),
        line_end(),
    )
        .prop_map(move |(fields, blank, end)| {
            let mut block = Block::new();
            if url {
                block.push(Field::new("URL", "http://www.hoge.jp/foo/").with_line_end(end));
            }
            for field in fields {
                block.push(field);
            }
            block.set_blank_lines(blank);
            block
        })
}

fn document() -> impl Strategy<Value = Document> {
    (
        prop_oneof![Just("2.2"), Just("2.2beta"), Just("2.1")],
        line_end(),
        prop_oneof![
            Just(None),
            Just(Some("UTF-8")),
            Just(Some("Shift_JIS")),
            Just(Some("EUC-JP"))
        ],
        block(false),
        prop::collection::vec(block(true), 1..4),
        // How the file ends: 0 = with its blank line(s), 1 = no blank line,
        // 2 = no line end at all.
        0..3u8,
    )
        .prop_map(|(version, end, charset, header, blocks, ending)| {
            let mut doc = Document::new(version);
            doc.set_version_line_end(end);
            let h = doc.header_mut();
            h.push_field("User-Agent", "prop/1");
            if let Some(charset) = charset {
                h.push_field("Content-Type", format!("text/plain; charset={charset}"));
            }
            for field in header.fields() {
                h.push(field.clone());
            }
            h.set_blank_lines(header.blank_lines().to_vec());
            *doc.blocks_mut() = blocks;
            if let Some(last) = doc.blocks_mut().last_mut() {
                if ending > 0 {
                    last.set_blank_lines(Vec::new());
                }
                if ending > 1
                    && let Some(field) = last.fields_mut().last_mut()
                {
                    field.set_line_end(LineEnd::Missing);
                }
            }
            doc
        })
}

/// Lines from a small vocabulary, some broken, glued with assorted line
/// ends: enough to reach every branch of the reader.
fn soup() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"User-Agent: x".to_vec()),
        Just(b"URL: http://www.hoge.jp/foo/".to_vec()),
        Just(b"url:http://a/".to_vec()),
        Just(b"Title:\t\t\xa4\xa2".to_vec()),
        Just(b"Title: \xe3\x81\x82".to_vec()),
        Just(b"Content-Type: text/plain; charset=UTF-8".to_vec()),
        Just(b"Content-Type: text/plain; charset=Shift_JIS".to_vec()),
        Just(b"Last-Modified: Sun, 3 Mar 2002 10:00:00 GMT".to_vec()),
        Just(b"Method: REMOTE/RSS".to_vec()),
        Just(b"Image-Width: 10x".to_vec()),
        Just(b"not a field".to_vec()),
        Just(b" folded".to_vec()),
        Just(b"X_Y: z".to_vec()),
        Just(b"  ".to_vec()),
        Just(b"".to_vec()),
        Just(b"X-\x01: \xff\r".to_vec()),
        prop::collection::vec(any::<u8>(), 0..12),
    ];
    let end = prop_oneof![Just(&b"\r\n"[..]), Just(&b"\n"[..]), Just(&b""[..])];
    (
        prop_oneof![Just(&b"HINA/2.2\r\n"[..]), Just(&b"HINA/2.1\n"[..])],
        prop::collection::vec((piece, end), 0..12),
    )
        .prop_map(|(first, lines)| {
            let mut out = first.to_vec();
            for (line, end) in lines {
                out.extend_from_slice(&line);
                out.extend_from_slice(end);
            }
            out
        })
}

fn rereads(bytes: &[u8]) -> Result<(), TestCaseError> {
    for options in [ReadOptions::lenient(), ReadOptions::strict()] {
        let Ok(first) = read(bytes, &options) else {
            continue;
        };
        prop_assert!(first.diagnostics.iter().all(|d| !d.is_error()));
        let written = write(&first.document, &WriteOptions::default())
            .map_err(|e| TestCaseError::fail(format!("write failed: {e}")))?;
        if first.diagnostics.is_empty() {
            prop_assert_eq!(&written, bytes);
        }
        let again = read(&written, &ReadOptions::lenient())
            .map_err(|e| TestCaseError::fail(format!("re-read failed: {e}")))?;
        prop_assert_eq!(&again.document, &first.document);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn well_formed_documents_write_and_read_back(doc in document()) {
        let bytes = write(&doc, &WriteOptions::default()).unwrap();
        let parsed = read(&bytes, &ReadOptions::lenient()).unwrap();
        prop_assert_eq!(&parsed.document, &doc);
        // And the bytes again.
        prop_assert_eq!(write(&parsed.document, &WriteOptions::default()).unwrap(), bytes);
    }

    #[test]
    fn line_soup_never_panics_and_rereads(bytes in soup()) {
        rereads(&bytes)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic_and_reread(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        rereads(&bytes)?;
        let mut prefixed = b"HINA/2.2\r\n".to_vec();
        prefixed.extend_from_slice(&bytes);
        rereads(&prefixed)?;
    }
}

/// Found by `line_soup_never_panics_and_rereads`: a block discarded for its
/// duplicate fields and with no URL is read (the spec says to discard it,
/// not to reject the file), so the writer must write it back too; it
/// refused it as a block without URL.
#[test]
fn a_discarded_block_without_url_is_written_back() {
    let bytes = b"HINA/2.2\r\nUser-Agent: x\r\n  \r\nTitle:\t\t\xa4\xa2\r\nTitle:\t\t\xa4\xa2\r\n";
    rereads(bytes).unwrap();
}
