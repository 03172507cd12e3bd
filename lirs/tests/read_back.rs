//! What the writer writes reads back as the same text, or is refused.
//!
//! The WHATWG EUC-JP encoder writes `¥` (U+00A5) as 0x5C, which is `\`,
//! LIRS's escape character: a title `price 100¥` used to come back as
//! `price 100\` followed by whatever field came next. `‾` (U+203E) came
//! back as `~`. The writer now encodes with read-back and refuses them.

use lirs::{
    Document, Encoding, LirsTime, ReadOptions, Record, WriteError, WriteOptions, read, write,
};
use proptest::prelude::*;

/// The decoded fields of a record, for comparing what was written with
/// what was read.
fn fields(record: &Record) -> (u64, u64, i64, u64, [&str; 5], &[String]) {
    (
        record.last_modified.seconds(),
        record.last_detected.seconds(),
        record.time_difference,
        record.content_length,
        [
            &record.url,
            &record.title,
            &record.author,
            &record.source_url,
            &record.extension,
        ],
        &record.extra,
    )
}

fn document_titled(title: &str) -> Document {
    let mut record = Record::new("http://a.example/");
    record.title = title.to_owned();
    record.author = "a".to_owned();
    Document {
        records: vec![record],
        ..Document::default()
    }
}

fn utf8() -> WriteOptions {
    WriteOptions::default().with_encoding(Encoding::Utf8)
}

/// `document` written with `options` reads back with the same fields, or
/// is refused; `Err` with the refusal.
fn written_reads_back(document: &Document, options: &WriteOptions) -> Result<(), WriteError> {
    let bytes = write(document, options)?;
    let back = read(&bytes, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{:?} does not read back: {e:?}", bytes));
    assert_eq!(back.document.records.len(), document.records.len());
    for (read, written) in back.document.records.iter().zip(&document.records) {
        assert_eq!(fields(read), fields(written), "{:?}", bytes);
    }
    Ok(())
}

#[test]
fn yen_sign_is_refused_in_euc_jp_not_written_as_a_backslash() {
    let document = document_titled("price 100¥");
    assert_eq!(
        written_reads_back(&document, &WriteOptions::default()),
        Err(WriteError::Unencodable {
            record: 0,
            field: "title",
            character: '¥',
        })
    );
    // In UTF-8 it is written and reads back, or refused because its bytes
    // (c2 a5) are also EUC-JP, which readers try first.
    match written_reads_back(&document, &utf8()) {
        Ok(()) | Err(WriteError::AmbiguousUtf8 { record: 0 }) => {}
        Err(other) => panic!("{other}"),
    }
}

#[test]
fn overline_is_refused_in_euc_jp_not_written_as_a_tilde() {
    let document = document_titled("a‾b");
    assert_eq!(
        written_reads_back(&document, &WriteOptions::default()),
        Err(WriteError::Unencodable {
            record: 0,
            field: "title",
            character: '‾',
        })
    );
    match written_reads_back(&document, &utf8()) {
        Ok(()) | Err(WriteError::AmbiguousUtf8 { record: 0 }) => {}
        Err(other) => panic!("{other}"),
    }
}

/// Text of characters that encoders get wrong (`¥ ‾` become ASCII, `〜 −
/// — ‖ ¢ £ ¬` have look-alikes with other code points), LIRS's own
/// `,` and `\`, and plain text. No `:` or `/`, so no field looks like a
/// URL to the reader's unescaped-comma heuristic.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => prop::sample::select(vec![
            "¥", "‾", "〜", "−", "—", "‖", "¢", "£", "¬", ",", "\\", "\u{3000}", "é", "日本",
            "😀",
        ]),
        4 => prop::sample::select(vec!["a", "Z", "0", " ", "~", "-", "x y"]),
    ];
    prop::collection::vec(piece, 0..6).prop_map(|pieces| pieces.concat())
}

fn record(index: usize) -> impl Strategy<Value = Record> {
    (
        (0u64..=4_000_000_000, 0u64..=4_000_000_000),
        any::<i64>(),
        any::<u64>(),
        [text(), text(), text(), text(), text()],
        prop::collection::vec(text(), 0..2),
    )
        .prop_map(
            move |((modified, detected), difference, length, texts, extra)| {
                let [path, title, author, source_url, extension] = texts;
                // A host of its own: no two records share a URL.
                let mut record = Record::new(format!("http://a{index}.example/{path}"));
                record.last_modified = LirsTime::from_seconds(modified).unwrap();
                record.last_detected = LirsTime::from_seconds(detected).unwrap();
                record.time_difference = difference;
                record.content_length = length;
                record.title = title;
                record.author = author;
                record.source_url = source_url;
                record.extension = extension;
                record.extra = extra;
                record
            },
        )
}

fn document() -> impl Strategy<Value = Document> {
    (record(0), record(1), 1usize..=2).prop_map(|(first, second, n)| Document {
        records: [first, second].into_iter().take(n).collect(),
        ..Document::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn what_is_written_reads_back_or_is_refused(document in document(), utf8_out in any::<bool>()) {
        let options = if utf8_out { utf8() } else { WriteOptions::default() };
        // A refusal is fine; a write that reads back as other text is not
        // (checked inside).
        let _ = written_reads_back(&document, &options);
    }
}

#[test]
fn a_record_the_reader_would_realign_is_refused() {
    // Found by the write_lirs fuzz target: empty title and author, a source
    // URL that is not a URL, a URL-like extension and an extra field. The
    // line has ten fields, so the reader's heuristic for unescaped commas in
    // titles takes the URL-like extension for the source URL and reads the
    // empty title and author back as a title of ",".
    let mut record = Record::new("http://a1.example/");
    record.source_url = "SX".into();
    record.extension = "ttp://hiya.example/".into();
    record.extra = vec!["x".into()];
    let mut document = Document::default();
    document.records.push(record.clone());
    for encoding in [Encoding::EucJp, Encoding::Utf8] {
        let error =
            lirs::write(&document, &WriteOptions::default().with_encoding(encoding)).unwrap_err();
        assert!(
            matches!(error, lirs::WriteError::MisreadLayout { record: 0 }),
            "{error}"
        );
    }
    // With a source URL that is one, the fields line up and it is written.
    document.records[0].source_url = "http://src.example/".into();
    let bytes = lirs::write(&document, &WriteOptions::default()).unwrap();
    let back = lirs::read(&bytes, &lirs::ReadOptions::default()).unwrap();
    assert_eq!(back.document.records[0].extension, "ttp://hiya.example/");
    assert_eq!(back.document.records[0].extra, ["x"]);
}
