//! Tests that start from documents, not bytes: documents whose values are
//! drawn from all of Unicode, weighted towards what encoders get wrong,
//! are written in every charset the writer supports, and either read back
//! as the same document or are refused with an error, never a panic and
//! never a different document.
//!
//! Weighted characters: `¥ ‾` (the WHATWG encoders write them as ASCII
//! `\` and `~`), the JIS/Microsoft twins `〜 ～ — ― ‖ ∥ − － ¢ £ ¬`, the
//! full-width space U+3000, tabs, CR and LF (which no field may hold),
//! `,` `\` and `:` (field and keyword delimiters of other formats and
//! revisions), and XML's `& < > ]]>`.

use antenna_model::charset;
use hina_di::{
    Block, Document, Field, LineEnd, ReadOptions, WriteError, WriteOptions, read, write,
};
use proptest::prelude::*;

/// The charsets a HINA-DI file is written in (`None`: no Content-Type,
/// EUC-JP by default), and labels the writer and reader must agree to take
/// as EUC-JP (UTF-16, unknown, quoted) or as themselves (Windows-1252).
const CHARSETS: [Option<&str>; 10] = [
    None,
    Some("EUC-JP"),
    Some("Shift_JIS"),
    Some("UTF-8"),
    Some("ISO-2022-JP"),
    Some("UTF-16"),
    Some("no-such-charset"),
    Some("x-sjis"),
    Some("\"euc-jp\""),
    Some("windows-1252"),
];

/// One piece of text: the characters above, plain text, or any character.
/// Weighted so that about half the documents can be written.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "¥", "‾", "〜", "～", "—", "―", "‖", "∥", "−", "－", "¢", "£", "¬", "￠", "￡",
            "￢", "\u{3000}", "\t", ",", "\\", ":", "&", "<", ">", "]]>", "日本語", "ｱ", "髙",
            "①", "😀", "é",
        ])
        .prop_map(str::to_owned),
        1 => prop::sample::select(vec!["\r", "\n", "\r\n", "\u{0}", "\u{7F}", "\u{85}"])
            .prop_map(str::to_owned),
        10 => "[ -~]{1,4}",
        1 => any::<char>().prop_map(String::from),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..5).prop_map(|pieces| pieces.concat())
}

fn line_end() -> impl Strategy<Value = LineEnd> {
    prop_oneof![4 => Just(LineEnd::CrLf), 2 => Just(LineEnd::Lf), 1 => Just(LineEnd::Missing)]
}

fn separator() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        20 => prop::sample::select(vec![" ", "\t", "", "  ", " \t"]),
        1 => Just("\u{3000}"),
    ]
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec![
            "Title", "Author-Name", "Keyword", "Server", "Last-Modified", "Expires",
            "Content-Type", "Method", "Authorized", "X-WDB-Title", "X-Foo", "title",
        ])
        .prop_map(str::to_owned),
        1 => "[A-Za-z0-9]{1,5}(-[A-Za-z0-9]{1,4}){0,2}",
        1 => piece(),
    ]
}

fn field(name: impl Strategy<Value = String>) -> impl Strategy<Value = Field> {
    (name, text(), separator(), line_end()).prop_map(|(name, value, sep, end)| {
        Field::new(name, value)
            .with_separator(sep)
            .with_line_end(end)
    })
}

fn url() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => Just("http://www.hoge.jp/foo/".to_owned()),
        1 => text().prop_map(|t| format!("http://a.example/{t}")),
    ]
}

fn block() -> impl Strategy<Value = Block> {
    (
        field(url().prop_map(|_| "URL".to_owned())),
        url(),
        prop::collection::vec(field(name()), 0..3),
        prop::collection::vec(line_end(), 0..3),
    )
        .prop_map(|(mut url_field, url, fields, blank)| {
            url_field.set_value(url);
            let mut block = Block::new();
            block.push(url_field);
            for field in fields {
                block.push(field);
            }
            block.set_blank_lines(blank);
            block
        })
}

fn document() -> impl Strategy<Value = Document> {
    (
        prop_oneof![
            9 => prop::sample::select(vec!["2.2", "2.2beta", "2.1", "2.3alpha"]).prop_map(str::to_owned),
            1 => text(),
        ],
        line_end(),
        field(Just("User-Agent".to_owned())),
        prop::sample::select(CHARSETS.to_vec()),
        prop::collection::vec(field(name()), 0..2),
        prop::collection::vec(line_end(), 0..2),
        prop::collection::vec(block(), 1..3),
    )
        .prop_map(
            |(version, version_end, agent, charset, header_fields, header_blank, blocks)| {
                let mut document = Document::new(version);
                document.set_version_line_end(version_end);
                let header = document.header_mut();
                header.push(agent);
                if let Some(charset) = charset {
                    header.push_field("Content-Type", format!("text/plain; charset={charset}"));
                }
                for field in header_fields {
                    // One Content-Type only: another would decide the charset.
                    if !field.is("Content-Type") {
                        header.push(field);
                    }
                }
                header.set_blank_lines(header_blank);
                *document.blocks_mut() = blocks;
                document
            },
        )
}

/// `document` written reads back as itself, or the write is refused; the
/// refusal, if any.
fn written_reads_back(document: &Document) -> Result<(), WriteError> {
    let bytes = write(document, &WriteOptions::default())?;
    let back = match read(&bytes, &ReadOptions::default()) {
        Ok(parsed) => parsed.document,
        Err(rejected) => panic!(
            "written but rejected on reading: {:?}\n{:?}\n{document:#?}",
            rejected.diagnostics,
            String::from_utf8_lossy(&bytes)
        ),
    };
    assert_eq!(
        comparable(&back),
        comparable(document),
        "{:?}",
        String::from_utf8_lossy(&bytes)
    );
    Ok(())
}

/// What the format keeps of a document: the version, and for each block
/// every field's name, separator, value and line end, and its blank lines.
/// The writer's two documented repairs are applied to the expectation: a
/// missing line end anywhere but last is CRLF, and a block with no blank
/// line before another block gets one.
fn comparable(document: &Document) -> Vec<String> {
    let mut lines = vec![format!(
        "HINA/{} {:?}",
        document.version(),
        document.version_line_end()
    )];
    let blocks: Vec<&Block> = std::iter::once(document.header())
        .chain(document.all_blocks())
        .collect();
    for (i, block) in blocks.iter().enumerate() {
        for field in block.fields() {
            lines.push(format!(
                "{}:{:?}{:?} {:?}",
                field.name(),
                field.separator(),
                field.value(),
                field.line_end()
            ));
        }
        let mut blank = block.blank_lines().to_vec();
        if blank.is_empty() && i + 1 < blocks.len() {
            blank.push(LineEnd::CrLf);
        }
        for end in blank {
            // A blank line with no line end would be no line: written CRLF.
            let end = if end == LineEnd::Missing {
                LineEnd::CrLf
            } else {
                end
            };
            lines.push(format!("blank {end:?}"));
        }
        lines.push(format!("discarded {}", block.is_discarded()));
    }
    // Line ends: only the very last line may be Missing.
    let last = lines.iter().rposition(|l| !l.starts_with("discarded"));
    for (i, line) in lines.iter_mut().enumerate() {
        if Some(i) != last && line.ends_with("Missing") {
            *line = format!("{}CrLf", line.trim_end_matches("Missing"));
        }
    }
    lines
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn documents_read_back_or_are_refused(document in document()) {
        // A refusal is fine (about 70% are: line breaks, bad names and
        // separators, characters the charset cannot hold); a document
        // written and read back as another is not (checked inside).
        let _ = written_reads_back(&document);
    }
}

/// A refusal names the field and the character.
#[test]
fn unencodable_characters_are_refused_naming_field_and_character() {
    for (character, twin) in [
        ('〜', Some('～')),
        ('¥', None),
        ('−', Some('－')),
        ('😀', None),
    ] {
        let mut document = Document::new("2.2");
        document.header_mut().push_field("User-Agent", "a/1");
        let block = document.new_block();
        block.push_field("URL", "http://a.example/");
        block.push_field("Title", format!("x{character}y"));
        let error = write(&document, &WriteOptions::default()).unwrap_err();
        assert_eq!(
            error,
            WriteError::Unencodable {
                field: "Title".to_owned(),
                character,
                encoding: "EUC-JP",
            }
        );
        let message = error.to_string();
        assert!(
            message.contains("`Title`")
                && message.contains(&format!("U+{:04X}", u32::from(character)))
        );
        // The message names the options that would write it.
        assert!(message.contains("--encoding utf-8"), "{message}");
        match twin {
            Some(twin) => {
                assert!(message.contains("--substitute jis-compatible"), "{message}");
                assert_eq!(charset::jis_compatible_twin(character), Some(twin));
            }
            None => assert!(!message.contains("--substitute"), "{message}"),
        }
    }
}

/// Regression (found by the `write_hina_di` fuzz target): the writer wrote
/// any printable-ASCII version, and `HINA/4t` or `HINA/3.0` is a file every
/// reader rejects (`unknown-version`). Such versions are refused; the
/// other HINA-DI 2 versions real agents wrote (`2.1`) are still written.
#[test]
fn versions_readers_reject_are_refused() {
    for (version, written) in [
        ("4t", false),
        ("3.0", false),
        ("2.", false),
        ("", false),
        ("2.2 ", false),
        ("2.2", true),
        ("2.2beta", true),
        ("2.1", true),
    ] {
        let mut document = Document::new(version);
        document.header_mut().push_field("User-Agent", "a/1");
        document.new_block().push_field("URL", "http://a.example/");
        match written_reads_back(&document) {
            Ok(()) => assert!(written, "{version:?} was written"),
            Err(error) => {
                assert!(!written, "{version:?}: {error}");
                assert_eq!(
                    error,
                    WriteError::BadVersion {
                        version: version.to_owned()
                    }
                );
            }
        }
    }
}
