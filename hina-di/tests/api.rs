//! The public API: typed accessors, positions, charsets, the writer, the
//! builder, conversion to the model.

use std::fs;
use std::path::Path;

use antenna_model::encoding_rs;
use antenna_model::{Entry, Feed, MethodType};
use hina_di::{
    Document, Field, FieldKind, LineEnd, ReadOptions, WriteError, WriteOptions, from_feed, read,
    to_feed, write,
};

fn data(path: &str) -> Vec<u8> {
    fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(path),
    )
    .unwrap()
}

fn lenient(bytes: &[u8]) -> hina_di::Parsed<Document> {
    read(bytes, &ReadOptions::default()).unwrap()
}

#[test]
fn rev06_euc_jp_file_reads_every_field() {
    let doc = lenient(&data("valid/rev0.6-euc-jp.hdi")).document;
    assert_eq!(doc.version(), "2.2");
    assert_eq!(doc.user_agent(), Some("hina-test/1.0"));
    assert_eq!(doc.charset(), Some("EUC-JP"));
    assert_eq!(doc.encoding(), encoding_rs::EUC_JP);
    assert_eq!(
        doc.date().unwrap().unwrap().timestamp.to_string(),
        "2002-09-07T00:00:01Z"
    );
    let blocks: Vec<_> = doc.entity_blocks().collect();
    assert_eq!(blocks.len(), 2);
    let foo = blocks[0];
    assert_eq!(foo.url(), Some("http://www.hoge.jp/foo/"));
    assert_eq!(foo.title(), Some("朝日奈アンテナの日記"));
    assert_eq!(foo.author_name(), Some("山田太郎"));
    assert_eq!(
        foo.last_modified().unwrap().unwrap().timestamp.to_string(),
        "2002-09-07T00:00:01Z"
    );
    assert_eq!(
        foo.last_modified_detected()
            .unwrap()
            .unwrap()
            .timestamp
            .to_string(),
        "2002-09-07T00:10:00Z"
    );
    let method = foo.method().unwrap().unwrap();
    assert_eq!(method.steps(), &[MethodType::Remote, MethodType::Get]);
    assert_eq!(method.result(), Some("200"));
    // rev. 0.6: keywords = word *(DELIMITER word), DELIMITER = "," *(SP|HT)
    assert_eq!(foo.keywords().unwrap(), ["日記", "ウェブ", "アンテナ"]);
    assert_eq!(foo.server(), Some("Apache/1.3.26"));
    assert_eq!(foo.authorized(), Some("hina-test/1.0"));
    assert_eq!(
        foo.authorized_url().unwrap().unwrap().as_str(),
        "http://masshy.fastwave.gr.jp/hina/"
    );
    let bar = blocks[1];
    assert_eq!(
        bar.expires().unwrap().unwrap().timestamp,
        bar.expire().unwrap().unwrap().timestamp
    );
    let x: Vec<_> = bar
        .experimental_fields()
        .map(|f| (f.name(), f.value()))
        .collect();
    assert_eq!(x, [("X-WDB-Title", "別の題")]);
    // Fields keep file order, with names as written.
    let names: Vec<_> = bar.pairs().map(|(n, _)| n).collect();
    assert_eq!(
        names,
        ["URL", "Expires", "Expire", "X-WDB-Title", "Last-Modified"]
    );
}

#[test]
fn rev012_utf8_file_reads_image_virtual_and_undefined_fields() {
    let doc = lenient(&data("valid/rev0.12-utf-8.hdi")).document;
    assert_eq!(doc.version(), "2.2beta");
    let blocks: Vec<_> = doc.entity_blocks().collect();
    let image = blocks[0];
    assert_eq!(image.hina_version(), Some("HINA/2.2"));
    assert_eq!(image.content_type(), Some("image/png"));
    assert_eq!(image.image_width(), Some(Ok(640)));
    assert_eq!(image.image_height(), Some(Ok(480)));
    assert_eq!(image.title(), Some("猫の写真 ©"));
    let undefined: Vec<_> = image.undefined_fields().map(Field::name).collect();
    assert_eq!(undefined, ["Foo-Bar"]);
    let mirror = blocks[1];
    assert_eq!(
        mirror.virtual_url().unwrap().unwrap().as_str(),
        "http://www.hoge.jp/other.hdi"
    );
    // rev. 0.12: keywords = TOKEN *(SEPARATOR TOKEN)
    assert_eq!(mirror.keywords().unwrap(), ["a", "b"]);
}

#[test]
fn shift_jis_and_default_euc_jp_decode() {
    let doc = lenient(&data("valid/shift-jis.hdi")).document;
    assert_eq!(doc.encoding(), encoding_rs::SHIFT_JIS);
    assert_eq!(
        doc.entity_blocks().next().unwrap().title(),
        Some("ソフト表示")
    );
    let doc = lenient(&data("valid/default-charset-euc-jp.hdi")).document;
    assert_eq!(doc.charset(), None);
    assert_eq!(doc.encoding(), encoding_rs::EUC_JP);
    assert_eq!(
        doc.entity_blocks().next().unwrap().title(),
        Some("既定はEUC-JP")
    );
}

#[test]
fn separators_values_and_line_ends_are_kept_as_written() {
    let doc = lenient(&data("valid/separators.hdi")).document;
    let header = doc.header().fields();
    assert_eq!(header[0].separator(), "\t");
    assert_eq!(header[1].separator(), "\t\t");
    let block = doc.entity_blocks().next().unwrap();
    let f = block.fields();
    assert_eq!(
        (f[0].separator(), f[0].value()),
        (" \t", "http://www.hoge.jp/foo/")
    );
    assert_eq!(f[2].value(), "");
    assert_eq!(f[3].value(), "trailing space kept ");
    assert!(f.iter().all(|f| f.line_end() == LineEnd::CrLf));

    let bytes = data("warn/bare-lf.hdi");
    let doc = lenient(&bytes).document;
    assert_eq!(doc.version_line_end(), LineEnd::Lf);
    assert!(
        doc.header()
            .fields()
            .iter()
            .all(|f| f.line_end() == LineEnd::Lf)
    );
    assert_eq!(doc.header().blank_lines(), [LineEnd::Lf]);
    // Kept, so written back as it was.
    assert_eq!(write(&doc, &WriteOptions::default()).unwrap(), bytes);
}

#[test]
fn diagnostics_point_at_line_and_column() {
    let parsed = lenient(&data("warn/no-space-after-colon.hdi"));
    let d = &parsed.diagnostics[0];
    // Line 5 is `URL:http://...`; the colon is its 4th byte.
    assert_eq!((d.position.line, d.position.column), (5, 4));
    assert_eq!(d.rule.id, "hina-di/no-space-after-colon");
    assert!(d.rule.spec.contains("SEPARATOR"));

    let parsed = lenient(&data("warn/bad-date.hdi"));
    let d = &parsed.diagnostics[0];
    // `Last-Modified: yesterday` on line 6, value from column 16.
    assert_eq!((d.position.line, d.position.column), (6, 16));
    assert_eq!(d.span.len(), "yesterday".len());

    let rejected = read(&data("invalid/missing-url.hdi"), &ReadOptions::default()).unwrap_err();
    let d = rejected.diagnostics.iter().find(|d| d.is_error()).unwrap();
    assert_eq!((d.position.line, d.position.column), (5, 1));
    assert!(rejected.to_string().contains("hina-di/missing-url"));
}

#[test]
fn duplicate_fields_discard_the_block_but_keep_it_in_the_document() {
    let parsed = read(&data("warn/duplicate-field.hdi"), &ReadOptions::default()).unwrap();
    let d = &parsed.diagnostics[0];
    assert_eq!(d.rule.id, "hina-di/duplicate-field");
    // The second `Title` is on line 7.
    assert_eq!((d.position.line, d.position.column), (7, 1));
    let doc = parsed.document;
    assert_eq!(doc.all_blocks().len(), 2);
    assert!(doc.all_blocks()[0].is_discarded());
    let kept: Vec<_> = doc.entity_blocks().map(|b| b.title()).collect();
    assert_eq!(kept, [Some("kept")]);
    let converted = to_feed(&doc);
    assert_eq!(converted.document.entries.len(), 1);
    assert!(converted.losses.iter().any(|l| l.field == "block"));
}

#[test]
fn strict_mode_rejects_what_lenient_mode_warns_about() {
    let file = b"HINA/2.2\r\nUser-Agent: x\r\n\r\nURL: http://a.jp/\r\nMethod: REMOTE/RSS\r\n\r\n";
    let parsed = read(file, &ReadOptions::default()).unwrap();
    assert_eq!(parsed.diagnostics.len(), 1);
    // Leniently, the unknown token is kept.
    let method = parsed
        .document
        .entity_blocks()
        .next()
        .unwrap()
        .method()
        .unwrap()
        .unwrap();
    assert_eq!(method.steps()[1], MethodType::Other("RSS".into()));
    let rejected = read(file, &ReadOptions::strict()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "hina-di/bad-method");
}

#[test]
fn wrong_charset_falls_back_and_the_writer_repairs_it() {
    let parsed = lenient(&data("warn/charset-mismatch.hdi"));
    let doc = parsed.document;
    assert_eq!(doc.charset_fallback(), Some(encoding_rs::UTF_8));
    assert_eq!(
        doc.entity_blocks().next().unwrap().title(),
        Some("本当はUTF-8")
    );
    // Written in the declared EUC-JP, which can hold the title.
    let written = write(&doc, &WriteOptions::default()).unwrap();
    let expected_title = encoding_rs::EUC_JP.encode("本当はUTF-8").0;
    assert!(
        written
            .windows(expected_title.len())
            .any(|w| w == &*expected_title)
    );
    let again = lenient(&written);
    assert!(again.diagnostics.is_empty());
    assert_eq!(again.document, doc);

    // The reverse: UTF-8 declared, EUC-JP written.
    let doc = lenient(&data("warn/charset-mismatch--reverse.hdi")).document;
    assert_eq!(doc.charset_fallback(), Some(encoding_rs::EUC_JP));
    assert_eq!(
        doc.entity_blocks().next().unwrap().title(),
        Some("本当はEUC-JP")
    );
    assert_eq!(to_feed(&doc).document.encoding.as_deref(), Some("EUC-JP"));
}

#[test]
fn a_fallback_document_writes_in_the_fallback_when_the_declared_charset_cannot() {
    // EUC-JP declared, UTF-8 written, and an emoji EUC-JP has no code for.
    let bytes = "HINA/2.2\r\nUser-Agent: x\r\nContent-Type: text/plain; charset=EUC-JP\r\n\r\nURL: http://a.jp/\r\nTitle: 日記 😀\r\n\r\n".as_bytes();
    let doc = lenient(bytes).document;
    assert_eq!(write(&doc, &WriteOptions::default()).unwrap(), bytes);
}

#[test]
fn undecodable_bytes_become_replacement_characters_and_are_written_back() {
    let bytes = data("warn/undecodable.hdi");
    let parsed = lenient(&bytes);
    let field = parsed
        .document
        .entity_blocks()
        .next()
        .unwrap()
        .get("Title")
        .unwrap()
        .clone();
    assert_eq!(field.value(), "\u{FFFD} bad \u{FFFD}");
    assert_eq!(field.undecoded_bytes(), Some(&b"\xa4 bad \xff"[..]));
    assert_eq!(
        write(&parsed.document, &WriteOptions::default()).unwrap(),
        bytes
    );
    // Once the value is replaced, the bytes go.
    let mut field = field;
    field.set_value("fixed");
    assert_eq!(field.undecoded_bytes(), None);
    assert_eq!(
        read(&bytes, &ReadOptions::strict())
            .unwrap_err()
            .diagnostics[0]
            .rule
            .id,
        "hina-di/undecodable"
    );
}

#[test]
fn the_writer_refuses_what_cannot_be_written() {
    let mut doc = Document::new("2.2");
    doc.header_mut().push_field("User-Agent", "x");
    doc.new_block()
        .push_field("URL", "http://a.jp/")
        .push_field("Title", "絵文字😀");
    let error = write(&doc, &WriteOptions::default()).unwrap_err();
    assert_eq!(
        error,
        WriteError::Unencodable {
            field: "Title".into(),
            character: '😀',
            encoding: "EUC-JP"
        }
    );
    assert!(error.to_string().contains("Title"));
    assert!(error.to_string().contains("U+1F600"));

    let mut doc = Document::new("2.2");
    doc.new_block().push_field("Title", "two\r\nlines");
    assert!(matches!(
        write(&doc, &WriteOptions::default()),
        Err(WriteError::BadValue { .. })
    ));
    let mut doc = Document::new("2.2");
    doc.new_block().push_field("Title", " leading space");
    assert!(matches!(
        write(&doc, &WriteOptions::default()),
        Err(WriteError::BadValue { .. })
    ));
    // The reader rejects these (rev. 0.12 §Block, §Data Types), so the
    // writer does not write them.
    for name in ["Bad Name", "X_Note", "", "-X", "X:Y"] {
        let mut doc = Document::new("2.2");
        doc.new_block().push_field(name, "x");
        assert!(
            matches!(
                write(&doc, &WriteOptions::default()),
                Err(WriteError::BadFieldName { .. })
            ),
            "{name:?}"
        );
    }
    for value in ["a\rb", "bell\u{7}", "nul\0", "del\u{7f}"] {
        let mut doc = Document::new("2.2");
        doc.new_block().push_field("Title", value);
        assert!(
            matches!(
                write(&doc, &WriteOptions::default()),
                Err(WriteError::BadValue { .. })
            ),
            "{value:?}"
        );
    }
    let mut doc = Document::new("2.2");
    doc.header_mut().push_field("User-Agent", "x");
    doc.new_block()
        .push_field("URL", "http://a.jp/")
        .push_field("Title", "a\tb");
    assert!(write(&doc, &WriteOptions::default()).is_ok());
    let mut doc = Document::new("2.2");
    doc.new_block();
    assert_eq!(
        write(&doc, &WriteOptions::default()),
        Err(WriteError::EmptyBlock { index: 0 })
    );
    assert!(matches!(
        write(&Document::new("2 2"), &WriteOptions::default()),
        Err(WriteError::BadVersion { .. })
    ));
}

#[test]
fn builder_writes_crlf_and_colon_space_in_the_declared_charset() {
    let doc = Document::from_pairs(
        "2.2beta",
        [
            ("User-Agent", "enc/1"),
            ("Content-Type", "text/plain; charset=Shift_JIS"),
        ],
        [vec![("URL", "http://a.jp/"), ("Title", "表")]],
    );
    let bytes = write(&doc, &WriteOptions::default()).unwrap();
    let mut expected = b"HINA/2.2beta\r\nUser-Agent: enc/1\r\nContent-Type: text/plain; charset=Shift_JIS\r\n\r\nURL: http://a.jp/\r\nTitle: ".to_vec();
    expected.extend_from_slice(b"\x95\x5c\r\n\r\n");
    assert_eq!(bytes, expected);
    let parsed = read(&bytes, &ReadOptions::strict()).unwrap();
    assert!(parsed.diagnostics.is_empty());
    assert_eq!(parsed.document, doc);

    // Default charset: EUC-JP.
    let doc = Document::from_pairs(
        "2.2",
        [("User-Agent", "enc/1")],
        [vec![("URL", "http://a.jp/"), ("Title", "あ")]],
    );
    let bytes = write(&doc, &WriteOptions::default()).unwrap();
    assert!(bytes.ends_with(b"Title: \xa4\xa2\r\n\r\n"));
}

#[test]
fn conformance_shape_pairs_are_values_as_written() {
    let doc = lenient(&data("valid/separators.hdi")).document;
    let header: Vec<_> = doc.header().pairs().collect();
    assert_eq!(
        header,
        [
            ("User-Agent", "hina-test/1.0"),
            ("Date", "Sat, 07 Sep 2002 00:00:01 GMT")
        ]
    );
    let blocks: Vec<Vec<_>> = doc.entity_blocks().map(|b| b.pairs().collect()).collect();
    assert_eq!(blocks[0][0], ("URL", "http://www.hoge.jp/foo/"));
    assert_eq!(
        blocks[0][1],
        ("Title", "two tabs, as one writer always did")
    );
}

#[test]
fn lenient_structure_blank_lines() {
    // Extra blank lines are kept with the block before them.
    let bytes = data("warn/extra-blank-line.hdi");
    let doc = lenient(&bytes).document;
    assert_eq!(doc.all_blocks()[0].blank_lines().len(), 2);
    assert_eq!(write(&doc, &WriteOptions::default()).unwrap(), bytes);
    // Missing final blank line.
    let bytes = data("warn/missing-final-crlf.hdi");
    let doc = lenient(&bytes).document;
    assert!(!doc.ends_with_blank_line());
    assert_eq!(write(&doc, &WriteOptions::default()).unwrap(), bytes);
    let bytes = data("warn/missing-final-crlf--no-line-end.hdi");
    let doc = lenient(&bytes).document;
    let last = doc.all_blocks()[0].fields().last().unwrap();
    assert_eq!(last.line_end(), LineEnd::Missing);
    assert_eq!(write(&doc, &WriteOptions::default()).unwrap(), bytes);
    // Field names are matched without regard to case but kept as written.
    let doc = lenient(&data("warn/field-name-case.hdi")).document;
    let block = doc.entity_blocks().next().unwrap();
    assert_eq!(block.url(), Some("http://www.hoge.jp/foo/"));
    assert_eq!(block.fields()[0].name(), "url");
    assert_eq!(block.fields()[0].kind(), FieldKind::Url);
}

#[test]
fn to_feed_carries_the_header_and_blocks() {
    let doc = lenient(&data("valid/rev0.6-euc-jp.hdi")).document;
    let converted = to_feed(&doc);
    let feed = converted.document;
    assert_eq!(feed.agent.as_ref().unwrap().name, "hina-test/1.0");
    assert_eq!(feed.generated.unwrap().to_string(), "2002-09-07T00:00:01Z");
    assert_eq!(feed.encoding.as_deref(), Some("EUC-JP"));
    assert_eq!(feed.entries.len(), 2);
    let foo = &feed.entries[0];
    assert_eq!(foo.title.as_deref(), Some("朝日奈アンテナの日記"));
    assert_eq!(foo.keywords, ["日記", "ウェブ", "アンテナ"]);
    assert_eq!(foo.authorized.as_ref().unwrap().name, "hina-test/1.0");
    let bar = &feed.entries[1];
    assert_eq!(bar.expires.unwrap().to_string(), "2002-09-08T00:00:01Z");
    assert_eq!(bar.extension("X-WDB-Title"), Some("別の題"));
    assert!(converted.losses.is_empty(), "{:?}", converted.losses);
}

#[test]
fn to_feed_reports_losses() {
    let file = b"HINA/2.1\r\nUser-Agent: x\r\n\r\nURL: not a url\r\n\r\nURL: http://a.jp/\r\nExpires: Sun, 08 Sep 2002 00:00:01 GMT\r\nExpire: Mon, 09 Sep 2002 00:00:01 GMT\r\nLast-Modified: yesterday\r\n\r\n";
    let converted = to_feed(&lenient(file).document);
    let fields: Vec<_> = converted.losses.iter().map(|l| &*l.field).collect();
    assert_eq!(fields, ["HINA", "URL", "Last-Modified", "Expire"]);
    assert_eq!(converted.document.entries.len(), 1);
    // Expires wins over a disagreeing Expire.
    assert_eq!(
        converted.document.entries[0].expires.unwrap().to_string(),
        "2002-09-08T00:00:01Z"
    );
}

#[test]
fn from_feed_and_back() {
    let mut feed = Feed::new();
    feed.agent = Some(antenna_model::Agent {
        name: "conv/1".into(),
        url: None,
    });
    feed.encoding = Some("UTF-8".into());
    feed.generated = Some("2002-09-07T00:00:01Z".parse().unwrap());
    let mut entry = Entry::new("http://a.jp/".parse().unwrap());
    entry.title = Some("題\nof two lines".into());
    entry.last_modified = Some("2002-09-07T00:00:01Z".parse().unwrap());
    entry.keywords = vec!["a".into(), "b".into()];
    entry.method = Some("REMOTE/GET/200".parse().unwrap());
    entry.extensions.push("X-TAMA-Method", "GET");
    entry.extensions.push("lirs:extension", "x");
    entry.content_length = Some(10);
    feed.entries.push(entry);

    let converted = from_feed(&feed);
    let fields: Vec<_> = converted.losses.iter().map(|l| &*l.field).collect();
    assert_eq!(fields, ["Title", "lirs:extension", "content_length"]);
    let doc = converted.document;
    let bytes = write(&doc, &WriteOptions::default()).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(text.starts_with("HINA/2.2\r\nUser-Agent: conv/1\r\nContent-Type: text/plain; charset=UTF-8\r\nDate: Sat, 07 Sep 2002 00:00:01 GMT\r\n\r\nURL: http://a.jp/\r\n"));
    assert!(text.contains("Title: 題 of two lines\r\n"));
    let parsed = read(&bytes, &ReadOptions::strict()).unwrap();
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let back = to_feed(&parsed.document);
    assert!(back.is_lossless(), "{:?}", back.losses);
    let entry = &back.document.entries[0];
    assert_eq!(entry.keywords, ["a", "b"]);
    assert_eq!(entry.extension("X-TAMA-Method"), Some("GET"));
    assert_eq!(entry.method.as_ref().unwrap().to_string(), "REMOTE/GET/200");
    assert_eq!(back.document.agent, feed.agent);
    assert_eq!(back.document.generated, feed.generated);
}

#[test]
fn a_block_of_many_fields_reads_in_linear_time() {
    let mut file = b"HINA/2.2\r\nUser-Agent: x\r\n\r\nURL: http://a.jp/\r\n".to_vec();
    for i in 0..50_000 {
        file.extend_from_slice(format!("X-F{i}: v\r\n").as_bytes());
    }
    file.extend_from_slice(b"X-F7: again\r\n\r\n");
    let start = std::time::Instant::now();
    let parsed = lenient(&file);
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(parsed.document.entity_blocks().count(), 0);
    assert_eq!(parsed.diagnostics.len(), 1);
}

#[test]
fn control_character_is_found_after_multibyte_text() {
    // `あ` is two bytes in EUC-JP; the BEL is the 9th byte of the value.
    let mut file = b"HINA/2.2\r\nUser-Agent: x\r\n\r\nURL: http://a.jp/\r\nTitle: ".to_vec();
    file.extend_from_slice(b"\xa4\xa2\xa4\xa2\xa4\xa2\xa4\xa2\x07\r\n\r\n");
    let rejected = read(&file, &ReadOptions::default()).unwrap_err();
    let [d] = rejected.diagnostics.as_slice() else {
        panic!("{:#?}", rejected.diagnostics);
    };
    assert_eq!(d.rule.id, "hina-di/control-character");
    assert!(d.is_error());
    assert_eq!((d.position.line, d.position.column), (5, 16));
}

/// rev. 0.12 §Block and §Data Types: lines that are not
/// `field-name SEPARATOR field-value CRLF`, and values holding CTLs, are
/// errors in lenient mode too; each diagnostic points at the line.
#[test]
fn grammar_breaks_are_errors_in_lenient_mode() {
    let head = "HINA/2.2\r\nUser-Agent: x\r\n\r\nURL: http://a.jp/\r\n";
    let cases: &[(&[u8], &str, u32)] = &[
        (b"Title no colon", "hina-di/missing-separator", 1),
        (b": empty name", "hina-di/bad-field-name", 1),
        (b"X_Note: underscore", "hina-di/bad-field-name", 1),
        (b"Last Modified: space", "hina-di/bad-field-name", 1),
        (b" folded", "hina-di/folded-line", 1),
        (b"\tfolded: with colon", "hina-di/folded-line", 1),
        (b"Title: nul\0here", "hina-di/control-character", 11),
        (b"Title: lone\rcr", "hina-di/control-character", 12),
        (b"Title: del\x7fhere", "hina-di/control-character", 11),
        (b"Title: cr at end\r", "hina-di/control-character", 17),
    ];
    for &(line, rule, column) in cases {
        let mut file = head.as_bytes().to_vec();
        file.extend_from_slice(line);
        file.extend_from_slice(b"\r\n\r\n");
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            let rejected = read(&file, &options)
                .expect_err(&format!("{:?} accepted", String::from_utf8_lossy(line)));
            let errors: Vec<_> = rejected
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .collect();
            assert_eq!(errors.len(), 1, "{line:?}: {errors:#?}");
            assert_eq!(errors[0].rule.id, rule, "{line:?}");
            assert_eq!(
                (errors[0].position.line, errors[0].position.column),
                (5, column),
                "{line:?}"
            );
        }
    }
}

/// rev. 0.12 §Header block, §User-Agent, §Entity block: the header block
/// needs its User-Agent, and one or more entity blocks must follow.
#[test]
fn structure_breaks_are_errors_in_lenient_mode() {
    let cases: &[(&[u8], &str)] = &[
        (
            b"HINA/2.2\r\n\r\nURL: http://a.jp/\r\n\r\n",
            "hina-di/empty-header-block",
        ),
        (b"HINA/2.2\r\n", "hina-di/empty-header-block"),
        (
            b"HINA/2.2\r\nDate: Sat, 07 Sep 2002 00:00:01 GMT\r\n\r\nURL: http://a.jp/\r\n\r\n",
            "hina-di/missing-user-agent",
        ),
        (
            b"HINA/2.2\r\nUser-Agent: x\r\n\r\n",
            "hina-di/no-entity-block",
        ),
    ];
    for &(file, rule) in cases {
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            let rejected = read(file, &options).expect_err(rule);
            assert!(
                rejected
                    .diagnostics
                    .iter()
                    .any(|d| d.rule.id == rule && d.is_error()),
                "{rule}: {:#?}",
                rejected.diagnostics
            );
        }
    }
    // An empty header block is reported as that, not also as a missing
    // User-Agent.
    let rejected = read(cases[0].0, &ReadOptions::default()).unwrap_err();
    assert!(
        rejected
            .diagnostics
            .iter()
            .all(|d| d.rule.id != "hina-di/missing-user-agent")
    );
}

#[test]
fn the_writer_refuses_structures_the_reader_rejects() {
    // What is written must read back: User-Agent is REQUIRED in the header
    // (rev. 0.12 §User-Agent), one or more entity blocks follow it
    // (§Structure), and each has a URL (§URL) or a Virtual.
    let write = |doc: &Document| write(doc, &WriteOptions::default());
    let mut doc = Document::new("2.2");
    doc.new_block().push_field("URL", "http://a.jp/");
    assert_eq!(write(&doc), Err(WriteError::MissingUserAgent));

    let mut doc = Document::new("2.2");
    doc.header_mut().push_field("User-Agent", "x");
    assert_eq!(write(&doc), Err(WriteError::NoEntityBlock));
    assert!(
        write(&doc)
            .unwrap_err()
            .to_string()
            .contains("at least one")
    );

    doc.new_block().push_field("URL", "http://a.jp/");
    doc.new_block().push_field("Title", "no URL");
    assert_eq!(write(&doc), Err(WriteError::MissingUrl { index: 1 }));

    let mut doc = Document::new("2.2");
    doc.header_mut().push_field("user-agent", "x");
    doc.new_block()
        .push_field("Virtual", "http://b.jp/hina.txt");
    let bytes = write(&doc).expect("a Virtual block stands for its URL");
    assert!(hina_di::read(&bytes, &hina_di::ReadOptions::default()).is_ok());
}

/// RFC 3986 §7.5 and §7.6 (issue #29): a password in a URL field, and
/// userinfo that looks like a host, are warnings in both modes, naming the
/// host the URL goes to.
#[test]
fn urls_that_leak_or_deceive_are_warned_about_in_both_modes() {
    let input = b"HINA/2.2\r\nUser-Agent: hina-test/1.0\r\nDate: Sat, 07 Sep 2002 00:00:01 GMT\r\n\r\n\
URL: http://user:password@example.com/secret\r\nLast-Modified: Sat, 07 Sep 2002 00:00:01 GMT\r\n\r\n\
URL: http://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm\r\nLast-Modified: Sat, 07 Sep 2002 00:00:01 GMT\r\n\r\n";
    for options in [ReadOptions::default(), ReadOptions::strict()] {
        let parsed = read(input, &options).unwrap_or_else(|r| panic!("{r}"));
        let got: Vec<_> = parsed
            .diagnostics
            .iter()
            .map(|d| (d.rule.id, d.is_error(), d.position.line))
            .collect();
        assert_eq!(
            got,
            [
                ("hina-di/url-password", false, 5),
                ("hina-di/deceptive-url", false, 8)
            ]
        );
        assert!(
            parsed.diagnostics[0]
                .message
                .contains("goes to example.com")
        );
        assert!(parsed.diagnostics[1].message.contains("goes to 10.0.0.1"));
        assert_eq!(parsed.document.entity_blocks().count(), 2);
    }
}
