//! EUC-JP by default, UTF-8 as §7's fallback, on both sides.

use encoding_rs::EUC_JP;
use lirs::{Encoding, ReadOptions, Record, WriteError, WriteOptions, read, write};

#[test]
fn euc_jp_file_reads_and_round_trips() {
    let input = include_bytes!("data/euc-jp.lirs");
    let parsed = read(input, &ReadOptions::default()).unwrap();
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let doc = parsed.document;
    assert_eq!(doc.comments.len(), 1);
    let r = &doc.records[0];
    assert_eq!(r.title, "日本語のタイトル, その2");
    assert_eq!(r.author, "山田太郎");
    assert_eq!(r.extension, "C:\\dir");
    assert_eq!(r.time_difference, 32400);
    assert_eq!(doc.records[1].extension, "");
    assert_eq!(write(&doc, &WriteOptions::default()).unwrap(), input);
}

#[test]
fn euc_jp_bytes_made_by_encoding_rs_decode() {
    let (title, _, _) = EUC_JP.encode("更新時刻");
    let mut input = b"LIRS,1,2,32400,0,http://a.example/,".to_vec();
    input.extend_from_slice(&title);
    input.extend_from_slice(b",a,0,,\n");
    let doc = read(&input, &ReadOptions::default()).unwrap().document;
    assert_eq!(doc.records[0].title, "更新時刻");
}

#[test]
fn utf8_file_is_read_and_written_as_asked() {
    let input = include_bytes!("data/utf-8.lirs");
    let doc = read(input, &ReadOptions::default()).unwrap().document;
    let utf8 = WriteOptions::default().with_encoding(Encoding::Utf8);
    assert_eq!(write(&doc, &utf8).unwrap(), input);
    // Written in EUC-JP, it reads back without a fallback warning.
    let euc = write(&doc, &WriteOptions::default()).unwrap();
    let again = read(&euc, &ReadOptions::default()).unwrap();
    assert!(again.diagnostics.is_empty());
    assert_eq!(again.document.records, doc.records);
}

#[test]
fn euc_jp_writer_refuses_unencodable_characters() {
    let mut record = Record::new("http://a.example/");
    record.title = "snow ☃".into();
    let doc = lirs::Document {
        records: vec![record],
        ..Default::default()
    };
    let err = write(&doc, &WriteOptions::default()).unwrap_err();
    assert_eq!(
        err,
        WriteError::Unencodable {
            record: 0,
            field: "title",
            character: '☃'
        }
    );
    assert!(err.to_string().contains("EUC-JP cannot encode"), "{err}");
    let utf8 = WriteOptions::default().with_encoding(Encoding::Utf8);
    assert!(write(&doc, &utf8).is_ok());
}

#[test]
fn writer_refuses_line_breaks() {
    let mut record = Record::new("http://a.example/");
    record.author = "a\nb".into();
    let doc = lirs::Document {
        records: vec![record],
        ..Default::default()
    };
    assert_eq!(
        write(&doc, &WriteOptions::default()).unwrap_err(),
        WriteError::LineBreak {
            record: 0,
            field: "author"
        }
    );
}

#[test]
fn writer_refuses_control_characters_the_reader_would_reject() {
    let mut record = Record::new("http://a.example/");
    record.title = "a\u{7F}b".into();
    let doc = lirs::Document {
        records: vec![record],
        ..Default::default()
    };
    assert_eq!(
        write(&doc, &WriteOptions::default()).unwrap_err(),
        WriteError::ControlCharacter {
            record: 0,
            field: "title",
            character: '\u{7F}'
        }
    );
}

#[test]
fn jis_x_0212_bytes_round_trip_though_encoding_rs_cannot_encode_them() {
    // 0x8F 0xB0 0xA1 is JIS X 0212 (U+4E02): encoding_rs decodes it but its
    // EUC-JP encoder does not produce JIS X 0212, so the raw bytes are kept.
    let input = b"LIRS,1,2,0,0,http://a.example/,\x8f\xb0\xa1,a,0,,\n";
    let doc = read(input, &ReadOptions::default()).unwrap().document;
    assert_eq!(doc.records[0].title, "\u{4E02}");
    assert_eq!(write(&doc, &WriteOptions::default()).unwrap(), input);
}

#[test]
fn utf8_output_that_would_read_back_as_euc_jp_is_refused() {
    // Found by the roundtrip_lirs fuzz target: the title "墺墺" is
    // e5 a2 ba e5 a2 ba in UTF-8, which is also valid EUC-JP ("拘鋼" and
    // so on). A reader tries EUC-JP first (LIRS 2.1 §7), so the file would
    // read back as other text: the writer refuses it.
    let mut record = lirs::Record::new("http://x.example/");
    record.title = "墺墺".to_owned();
    let document = lirs::Document {
        records: vec![record],
        ..lirs::Document::default()
    };
    let options = lirs::WriteOptions::default().with_encoding(lirs::Encoding::Utf8);
    let error = lirs::write(&document, &options).unwrap_err();
    assert!(
        matches!(error, lirs::WriteError::AmbiguousUtf8 { record: 0 }),
        "{error}"
    );
    // In EUC-JP, the spec's encoding, it is written and reads back.
    let bytes = lirs::write(&document, &lirs::WriteOptions::default()).unwrap();
    let read = lirs::read(&bytes, &lirs::ReadOptions::default()).unwrap();
    assert_eq!(read.document.records[0].title, "墺墺");
    // Text whose UTF-8 is not EUC-JP is written as UTF-8 as before.
    let mut plain = document.clone();
    plain.records[0].title = "ほげ日記".to_owned();
    let bytes = lirs::write(&plain, &options).unwrap();
    let read = lirs::read(&bytes, &lirs::ReadOptions::default()).unwrap();
    assert_eq!(read.document.records[0].title, "ほげ日記");
}
