//! `RecordReader::next_ref` lends records whose text borrows the reader's
//! buffers: the same records, diagnostics and spellings as the owned
//! `next`, with the text fields copied only when unescaping changed them.

use std::borrow::Cow;

use antenna_model::Severity;
use lirs::{Encoding, ReadOptions, Record, RecordReader, write_record};
use proptest::prelude::*;

/// Every item of the owned iterator, then the trailing diagnostics.
fn owned(input: &[u8], options: ReadOptions, duplicates: bool) -> Vec<String> {
    let mut reader = RecordReader::new(input, options).with_duplicate_detection(duplicates);
    let mut items: Vec<String> = reader.by_ref().map(described).collect();
    items.push(format!("{:?}", reader.take_trailing_diagnostics()));
    items
}

/// The same from `next_ref`, each record made owned.
fn borrowed(input: &[u8], options: ReadOptions, duplicates: bool) -> Vec<String> {
    let mut reader = RecordReader::new(input, options).with_duplicate_detection(duplicates);
    let mut items = Vec::new();
    while let Some(item) = reader.next_ref() {
        items.push(described(item.map(|parsed| lirs::Parsed {
            document: parsed.document.to_owned(),
            diagnostics: parsed.diagnostics,
        })));
    }
    items.push(format!("{:?}", reader.take_trailing_diagnostics()));
    items
}

/// An item as text: the record, its diagnostics, and what the writer
/// writes for it (which shows the spellings kept, that `==` ignores).
fn described(item: Result<lirs::Parsed<Record>, lirs::Rejected>) -> String {
    match item {
        Ok(parsed) => {
            let mut written = Vec::new();
            let write = write_record(&parsed.document, 0, Encoding::EucJp, &mut written);
            format!(
                "{:?} {:?} {write:?} {:?}",
                parsed.document, parsed.diagnostics, written
            )
        }
        Err(rejected) => format!("rejected {:?}", rejected.diagnostics),
    }
}

#[test]
fn unescaped_fields_are_borrowed_and_escaped_ones_unescaped() {
    // "日本" in EUC-JP as the author: decoded, so borrowed from the
    // reader's decoded text.
    let input = b"LIRS,938779260,938781002,32400,0,http://a.example/,a\\,b,\xc6\xfc\xcb\xdc,0,0,\n";
    let mut reader = RecordReader::new(&input[..], ReadOptions::default());
    let parsed = reader.next_ref().expect("an item").expect("a record");
    let record = parsed.document;
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert_eq!(record.last_modified.seconds(), 938_779_260);
    assert_eq!(record.last_detected.seconds(), 938_781_002);
    assert_eq!(record.time_difference, 32400);
    assert!(matches!(record.url, Cow::Borrowed("http://a.example/")));
    // §2: `\,` is a comma in the value.
    assert!(matches!(&record.title, Cow::Owned(title) if title == "a,b"));
    assert!(matches!(record.author, Cow::Borrowed("日本")));
    assert!(matches!(record.source_url, Cow::Borrowed("0")));
    assert!(matches!(record.extension, Cow::Borrowed("0")));
    assert!(record.extra.is_empty());
    let owned = record.to_owned();
    assert_eq!(
        (owned.title.as_str(), owned.author.as_str()),
        ("a,b", "日本")
    );
    assert!(reader.next_ref().is_none());
}

#[test]
fn a_bad_line_is_rejected_and_the_next_is_read() {
    let input =
        b"LIRS,x,0,0,0,http://a.example/,t,a,0,0,\nLIRS,0,0,0,0,http://b.example/,t,a,0,0,\n";
    let mut reader = RecordReader::new(&input[..], ReadOptions::default());
    let rejected = reader.next_ref().expect("an item").expect_err("bad number");
    assert_eq!(rejected.diagnostics[0].rule, lirs::rules::BAD_NUMBER);
    let second = reader.next_ref().expect("an item").expect("a record");
    assert_eq!(second.document.url, "http://b.example/");
    assert!(reader.next_ref().is_none());
}

/// Pieces a text field is made of, as written in an EUC-JP line and in a
/// UTF-8 one: plain text, escapes (good and stray), bare commas (more
/// fields, or the unescaped-comma heuristic), URLs, EUC-JP that
/// round-trips and that does not (NEC row 13, JIS X 0212); now and then
/// bytes that are neither, or a CR (errors).
fn piece() -> impl Strategy<Value = (&'static [u8], &'static [u8])> {
    let same = |b: &'static [u8]| (b, b);
    prop_oneof![
        100 => prop::sample::select(vec![
            same(b"a"),
            same(b"0"),
            same(b""),
            same(b"http://a.example/"),
            same(b"http://b.example/"),
            same(b"\\,"),
            same(b"\\\\"),
            same(b"\\x"),
            same(b","),
            same(b" "),
            (&b"\xc6\xfc"[..], "日".as_bytes()),
            (b"\xad\xa1", "①".as_bytes()),
            (b"\x8f\xb0\xa1", "丂".as_bytes()),
        ]),
        1 => prop::sample::select(vec![same(b"\xff"), same(b"\r")]),
    ]
}

/// A field from `choices`, now and then one that is not a number.
fn number(choices: &[&'static [u8]]) -> impl Strategy<Value = &'static [u8]> {
    prop_oneof![
        100 => prop::sample::select(choices.to_vec()),
        1 => prop::sample::select(vec![&b"x"[..], b"99999999999999999999"]),
    ]
}

/// A line: mostly records (EUC-JP or UTF-8) of four numbers and four to
/// seven more fields, some comments and blanks, a line without the prefix.
fn line() -> impl Strategy<Value = Vec<u8>> {
    let time = || number(&[b"0", b"", b"938779260", b"315532800", b"007"]);
    let numbers = (
        time(),
        time(),
        number(&[b"0", b"32400", b"+32400", b"-3600", b""]),
        number(&[b"0", b"12345", b"007", b""]),
    );
    let field = prop::collection::vec(piece(), 0..3);
    let texts = prop::collection::vec(field, 4..8);
    let record = (numbers, texts, any::<bool>(), prop::bool::weighted(0.2)).prop_map(
        |((lm, ld, td, cl), texts, comma, utf8)| {
            let mut fields: Vec<Vec<u8>> = [lm, ld, td, cl].map(<[u8]>::to_vec).to_vec();
            fields.extend(texts.into_iter().map(|pieces| {
                let pieces = pieces.into_iter();
                pieces
                    .flat_map(|(euc, utf)| if utf8 { utf } else { euc })
                    .copied()
                    .collect()
            }));
            let mut line = b"LIRS,".to_vec();
            line.extend(fields.join(&b","[..]));
            if comma {
                line.push(b',');
            }
            line
        },
    );
    prop_oneof![
        8 => record,
        1 => prop::sample::select(vec![&b"# c"[..], b"", b"  ", b"LIRX,1"]).prop_map(<[u8]>::to_vec),
    ]
}

proptest! {
    #[test]
    fn borrowed_records_are_the_owned_ones(
        lines in prop::collection::vec((line(), prop::sample::select(vec![&b"\n"[..], b"\r\n"])), 0..6),
        last_end in any::<bool>(),
        strict in any::<bool>(),
        duplicates in any::<bool>(),
    ) {
        let mut input = Vec::new();
        for (i, (line, end)) in lines.iter().enumerate() {
            input.extend_from_slice(line);
            if last_end || i + 1 < lines.len() {
                input.extend_from_slice(end);
            }
        }
        let options = if strict { ReadOptions::strict() } else { ReadOptions::default() };
        prop_assert_eq!(
            borrowed(&input, options, duplicates),
            owned(&input, options, duplicates)
        );
    }
}

proptest! {
    /// The lent records and their diagnostics, in order, are those of the
    /// whole-buffer reader, a different driver of the same line reader;
    /// where it rejects the file, the stream found an error too.
    #[test]
    fn borrowed_records_are_the_whole_readers(
        lines in prop::collection::vec(line(), 0..6),
        strict in any::<bool>(),
    ) {
        let mut input = lines.join(&b"\n"[..]);
        input.push(b'\n');
        let options = if strict { ReadOptions::strict() } else { ReadOptions::default() };
        let mut reader = RecordReader::new(&input[..], options).with_duplicate_detection(true);
        let (mut records, mut diagnostics, mut rejected) = (Vec::new(), Vec::new(), false);
        while let Some(item) = reader.next_ref() {
            match item {
                Ok(parsed) => {
                    records.push(parsed.document.to_owned());
                    diagnostics.extend(parsed.diagnostics);
                }
                Err(_) => rejected = true,
            }
        }
        diagnostics.extend(reader.take_trailing_diagnostics());
        // The stream gives an error of a comment or blank line (strict
        // mode) with the next record or after the last, rejecting neither.
        rejected |= diagnostics.iter().any(|d| d.severity == Severity::Error);
        match lirs::read(&input, &options) {
            Ok(whole) => {
                prop_assert!(!rejected);
                prop_assert_eq!(&records, &whole.document.records);
                prop_assert_eq!(diagnostics, whole.diagnostics);
            }
            Err(_) => prop_assert!(rejected),
        }
    }
}
