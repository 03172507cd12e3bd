//! HINA-DI decoded and encoded block by block give what the whole-document
//! protocol functions give: `write_document` and `PartsWriter` the bytes of
//! `hina_di_view`, and `encode_streamed` either nothing or the file
//! `encode` writes, on every HINA-DI file of the conformance suite and on
//! JSON changed in the ways that make the two part.

use std::path::{Path, PathBuf};

use antenna_conformance::protocol::parts::{PartsWriter, write_document};
use antenna_conformance::protocol::{Version, encode, encode_streamed, hina_di_view};
use antenna_model::{Format, PartReader as _, parts::Discard};
use hina_di::{BlockReader, HinaDi, ReadOptions};
use serde_json::{Value, json};

fn hdi_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            hdi_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "hdi") {
            out.push(path);
        }
    }
}

/// Every conformance HINA-DI file that reads, with its document.
fn documents() -> Vec<(PathBuf, Vec<u8>, hina_di::Document)> {
    let mut files = Vec::new();
    hdi_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("hina-di"),
        &mut files,
    );
    files.sort();
    let documents: Vec<_> = files
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            let document = hina_di::read(&bytes, &ReadOptions::lenient())
                .ok()?
                .document;
            Some((path, bytes, document))
        })
        .collect();
    assert!(documents.len() > 30, "{} files", documents.len());
    documents
}

/// The decoder's JSON of `bytes`, written block by block.
fn streamed_json(bytes: &[u8], version: Version) -> Vec<u8> {
    let mut reader = BlockReader::new(bytes, &ReadOptions::lenient()).unwrap();
    let mut parts = PartsWriter::new(Vec::new(), version);
    while let Some(block) = reader.next_part(&mut Discard) {
        parts.push::<HinaDi>(&block).unwrap();
    }
    let head = reader.finish(&mut Discard);
    let mut out = Vec::new();
    write_document::<HinaDi>(&head, version, &mut out, |out| {
        out.write_all(&parts.into_inner())
    })
    .unwrap();
    out
}

#[test]
fn the_streamed_decoder_writes_the_views_bytes() {
    for (path, bytes, document) in documents() {
        for version in Version::ALL {
            let whole = serde_json::to_vec(&hina_di_view(&document, version)).unwrap();
            assert_eq!(
                String::from_utf8(streamed_json(&bytes, version)).unwrap(),
                String::from_utf8(whole).unwrap(),
                "{} {version}",
                path.display()
            );
        }
    }
}

/// `encode_streamed` gives nothing or what `encode` gives.
fn assert_agrees(json: &Value, what: &str) -> Option<Vec<u8>> {
    let streamed = encode_streamed(Format::HinaDi, json.to_string().as_bytes());
    if let Some(bytes) = &streamed {
        assert_eq!(
            Ok(bytes),
            encode(Format::HinaDi, json).as_ref(),
            "{what}: {json}"
        );
    }
    streamed
}

#[test]
fn the_streamed_encoder_writes_what_encode_writes() {
    for (path, bytes, _) in documents() {
        for version in Version::ALL {
            let what = format!("{} {version}", path.display());
            let json: Value = serde_json::from_slice(&streamed_json(&bytes, version)).unwrap();
            assert!(assert_agrees(&json, &what).is_some(), "{what}");
        }
    }
}

#[test]
fn the_streamed_encoder_gives_nothing_where_encode_would_say_why() {
    let ok = json!({"format": "hina-di", "version": "2.2",
        "header": [["User-Agent", "a/1"]],
        "blocks": [[["URL", "http://a.jp/"]], [["URL", "http://b.jp/"], ["Title", "b"]]]});
    let file = assert_agrees(&ok, "ok").expect("written");
    assert_eq!(
        file,
        b"HINA/2.2\r\nUser-Agent: a/1\r\n\r\nURL: http://a.jp/\r\n\r\nURL: http://b.jp/\r\nTitle: b\r\n\r\n"
    );
    let changed = |edit: &dyn Fn(&mut Value)| {
        let mut json = ok.clone();
        edit(&mut json);
        json
    };
    let refused = [
        // Not written or read back otherwise: leading white space, a duplicate field
        // (the block is discarded), a line break.
        changed(&|j| j["blocks"][1][1][1] = json!(" b")),
        changed(&|j| j["blocks"][1][1][0] = json!("URL")),
        changed(&|j| j["blocks"][0][0][1] = json!("http://a.jp/\r\nX: y")),
        changed(&|j| j["header"] = json!([])),
        changed(&|j| j["blocks"] = json!([])),
        changed(&|j| j["blocks"][0] = json!([])),
        changed(&|j| j["blocks"][0] = json!([["Title", "no URL"]])),
        changed(&|j| j["version"] = json!("3.0")),
        changed(&|j| j["format"] = json!("lirs")),
        changed(&|j| j["protocol"] = json!(3)),
        changed(&|j| j["extra"] = json!(1)),
        changed(&|j| j["header"][0] = json!(["User-Agent"])),
    ];
    for json in &refused {
        assert_eq!(assert_agrees(json, "refused"), None, "{json}");
    }
    // Members in another order: encode writes it, the streamed way leaves
    // it to encode.
    let reordered = json!({"version": "2.2", "format": "hina-di",
        "header": [["User-Agent", "a/1"]], "blocks": [[["URL", "http://a.jp/"]]]});
    assert_eq!(assert_agrees(&reordered, "reordered"), None);
    assert!(encode(Format::HinaDi, &reordered).is_ok());
    // `"protocol": 2` first is the decoder's order; version 1's decoder
    // prints no `"protocol": 1`, so such JSON is left to encode.
    for (protocol, streamed) in [(1, None), (2, Some(file.clone()))] {
        let mut json = json!({"protocol": protocol});
        for (key, value) in ok.as_object().unwrap() {
            json[key] = value.clone();
        }
        assert_eq!(assert_agrees(&json, "protocol"), streamed);
        assert_eq!(encode(Format::HinaDi, &json), Ok(file.clone()));
    }
}

/// Generated documents (names, values and charsets that write, that fail
/// to write, and that read back otherwise), from a fixed-seed generator:
/// this crate takes no proptest.
#[test]
fn streamed_encoding_agrees_with_encode_on_generated_documents() {
    const NAMES: [&str; 6] = ["URL", "Title", "url", "X-Note", "Bad Name", "Virtual"];
    const VALUES: [&str; 7] = [
        "http://a.jp/",
        "a ",
        " a",
        "\u{3042}",
        "\u{1F600}",
        "",
        "a\tb",
    ];
    const CHARSETS: [&str; 3] = ["", "; charset=UTF-8", "; charset=bogus"];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    let mut written = 0;
    for _ in 0..600 {
        let blocks: Vec<Value> = (0..next(4))
            .map(|_| {
                (0..next(4))
                    .map(|_| json!([NAMES[next(NAMES.len())], VALUES[next(VALUES.len())]]))
                    .collect()
            })
            .collect();
        let charset = CHARSETS[next(CHARSETS.len())];
        let json = json!({"format": "hina-di", "version": "2.2",
            "header": [["User-Agent", "a/1"], ["Content-Type", format!("text/plain{charset}")]],
            "blocks": blocks});
        written += usize::from(assert_agrees(&json, "generated").is_some());
    }
    assert!(written > 20, "{written}");
}
