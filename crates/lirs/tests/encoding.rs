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
    let utf8 = WriteOptions {
        encoding: Encoding::Utf8,
        ..WriteOptions::default()
    };
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
    let utf8 = WriteOptions {
        encoding: Encoding::Utf8,
        ..WriteOptions::default()
    };
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
fn jis_x_0212_bytes_round_trip_though_encoding_rs_cannot_encode_them() {
    // 0x8F 0xB0 0xA1 is JIS X 0212 (U+4E02): encoding_rs decodes it but its
    // EUC-JP encoder does not produce JIS X 0212, so the raw bytes are kept.
    let input = b"LIRS,1,2,0,0,http://a.example/,\x8f\xb0\xa1,a,0,,\n";
    let doc = read(input, &ReadOptions::default()).unwrap().document;
    assert_eq!(doc.records[0].title, "\u{4E02}");
    assert_eq!(write(&doc, &WriteOptions::default()).unwrap(), input);
}
