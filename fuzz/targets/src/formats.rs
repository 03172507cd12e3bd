//! Targets of the three format crates: readers, round trips, lenient and
//! strict agreement.

use std::fmt::Debug;
use std::io::Write as _;

use antenna_model::{Codec, Diagnostic, Severity};
use hina_di::HinaDi;
use lirs::Lirs;
use rss2::Rss2;

/// The most a gzip input may decompress to in the fuzz targets: small, so
/// that a decompression bomb is rejected quickly instead of filling memory.
const MAX_DECOMPRESSED: u64 = 1 << 20;

/// Panics unless the shared API's semantics hold for one `read` result:
/// `Ok` never holds an Error-severity diagnostic, `Err` holds at least one.
fn check_severities(format: &str, mode: &str, ok: bool, diagnostics: &[Diagnostic]) {
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    if ok {
        assert!(
            errors == 0,
            "{format} {mode} read returned Ok with {errors} error diagnostic(s): {diagnostics:#?}"
        );
    } else {
        assert!(
            errors > 0,
            "{format} {mode} read was rejected without an error diagnostic: {diagnostics:#?}"
        );
    }
    for d in diagnostics {
        assert!(
            d.span.start <= d.span.end,
            "{format} {mode}: diagnostic {} has a reversed span {:?}",
            d.rule.id,
            d.span
        );
        assert!(
            !d.rule.id.is_empty() && !d.message.is_empty(),
            "{format} {mode}: diagnostic without rule id or message: {d:#?}"
        );
    }
}

/// Reads with `C` in both modes, checks the severities, and on success
/// converts to a feed and back and writes the result.
fn reader_target<C: Codec>(input: &[u8], lenient: C::ReadOptions, strict: C::ReadOptions) {
    let format = C::FORMAT.name();
    for (mode, options) in [("lenient", lenient), ("strict", strict)] {
        match C::read(input, &options) {
            Ok(parsed) => {
                check_severities(format, mode, true, &parsed.diagnostics);
                let feed = C::to_feed(&parsed.document);
                let back = C::from_feed(&feed.document);
                // Writing may refuse (a field the format cannot hold), but
                // must not panic.
                let _ = C::write(&back.document, &C::WriteOptions::default());
            }
            Err(rejected) => check_severities(format, mode, false, &rejected.diagnostics),
        }
    }
}

/// Reads the bytes as a HINA-DI file, both modes; converts what is read;
/// and reads them block by block, which must give what the whole read
/// gives.
pub fn hina_di(data: &[u8]) {
    reader_target::<HinaDi>(
        data,
        HinaDi::read_options(false),
        HinaDi::read_options(true),
    );
    for strict in [false, true] {
        hina_di_blocks(data, &HinaDi::read_options(strict));
    }
}

/// `hina_di::BlockReader` gives `hina_di::read`'s header, blocks and
/// diagnostics, in the same order.
fn hina_di_blocks(data: &[u8], options: &hina_di::ReadOptions) {
    let whole = hina_di::read(data, options);
    let mut reader = match hina_di::BlockReader::new(data, options) {
        Ok(reader) => reader,
        Err(rejected) => {
            let whole = whole.expect_err("BlockReader rejects what read accepts");
            assert_eq!(rejected.diagnostics, whole.diagnostics);
            return;
        }
    };
    let mut diagnostics = reader.take_diagnostics();
    let mut blocks = Vec::new();
    while let Some(block) = reader.next_block() {
        blocks.push(block);
        diagnostics.extend(reader.take_diagnostics());
    }
    diagnostics.extend(reader.take_diagnostics());
    match whole {
        Ok(parsed) => {
            assert_eq!(diagnostics, parsed.diagnostics);
            assert_eq!(reader.header(), parsed.document.header());
            assert_eq!(blocks.as_slice(), parsed.document.all_blocks());
        }
        Err(rejected) => assert_eq!(diagnostics, rejected.diagnostics),
    }
}

fn lirs_options(strict: bool) -> lirs::ReadOptions {
    lirs::ReadOptions::default()
        .with_strict(strict)
        .with_max_decompressed_size(MAX_DECOMPRESSED)
}

/// Reads the bytes as a plain (or, if they start with the magic bytes,
/// gzip) LIRS file, both modes; converts what is read.
pub fn lirs_plain(data: &[u8]) {
    reader_target::<Lirs>(data, lirs_options(false), lirs_options(true));
    for strict in [false, true] {
        stream_agrees(data, lirs_options(strict));
    }
}

/// The streaming reader (its lent records, [`lirs::RecordReader::next_ref`])
/// gives exactly the records of the whole-file reader when that accepts the
/// file, and never panics when it does not.
fn stream_agrees(data: &[u8], options: lirs::ReadOptions) {
    let whole = lirs::read(data, &options);
    let Ok(stream) = lirs::RecordReader::sniff(data, options) else {
        return;
    };
    let mut stream = stream.with_duplicate_detection(true);
    let mut records = Vec::new();
    let mut rejected = false;
    while let Some(item) = stream.next_ref() {
        match item {
            Ok(parsed) => records.push(parsed.document.into_owned()),
            Err(_) => {
                rejected = true;
                break;
            }
        }
    }
    if let Ok(parsed) = whole {
        assert!(
            !rejected,
            "the stream rejects a file the whole read accepts"
        );
        assert_eq!(records, parsed.document.records);
    }
}

/// Reads gzip input as LIRS. The first byte chooses the shape: even, the
/// rest is gzip-compressed first (the reader sees valid gzip of arbitrary
/// text); odd, the rest follows the gzip magic bytes as they are (corrupt
/// or truncated gzip, hand-made headers, bombs).
pub fn lirs_gzip(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let input = if mode % 2 == 0 {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        if encoder.write_all(rest).is_err() {
            return;
        }
        match encoder.finish() {
            Ok(bytes) => bytes,
            Err(_) => return,
        }
    } else {
        let mut bytes = vec![0x1f, 0x8b];
        bytes.extend_from_slice(rest);
        bytes
    };
    reader_target::<Lirs>(&input, lirs_options(false), lirs_options(true));
}

/// Reads the bytes as an RSS 2.0 file, both modes; converts what is read.
pub fn rss2(data: &[u8]) {
    reader_target::<Rss2>(data, Rss2::read_options(false), Rss2::read_options(true));
}

/// Reads leniently; if that succeeds, writes; if that succeeds, reads the
/// output again and asserts the document is the same (`PartialEq`, after
/// `normalise` has cleared what is informative only).
fn roundtrip_target<C: Codec>(
    input: &[u8],
    read_options: &C::ReadOptions,
    write_options: &C::WriteOptions,
    normalise: fn(&mut C::Document),
) where
    C::Document: PartialEq + Debug,
{
    let format = C::FORMAT.name();
    let Ok(mut first) = C::read(input, read_options) else {
        return;
    };
    let Ok(bytes) = C::write(&first.document, write_options) else {
        return;
    };
    normalise(&mut first.document);
    match C::read(&bytes, read_options) {
        Ok(mut second) => {
            normalise(&mut second.document);
            assert!(
                second.document == first.document,
                "{format} round trip changed the document\nwritten: {:?}\nfirst read: {:#?}\nsecond read: {:#?}",
                String::from_utf8_lossy(&bytes),
                first.document,
                second.document
            );
        }
        Err(rejected) => panic!(
            "{format} could not read its own output\nwritten: {:?}\ndocument: {:#?}\ndiagnostics: {:#?}",
            String::from_utf8_lossy(&bytes),
            first.document,
            rejected.diagnostics
        ),
    }
}

/// HINA-DI: `read(write(read(x))) == read(x)`.
pub fn roundtrip_hina_di(data: &[u8]) {
    roundtrip_target::<HinaDi>(
        data,
        &HinaDi::read_options(false),
        &hina_di::WriteOptions::default(),
        |_| {},
    );
}

/// LIRS: `read(write(read(x))) == read(x)`; the first byte chooses gzip
/// output and the encoding (EUC-JP or UTF-8).
pub fn roundtrip_lirs(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let encoding = if mode & 2 == 2 {
        lirs::Encoding::Utf8
    } else {
        lirs::Encoding::EucJp
    };
    let write_options = lirs::WriteOptions::default()
        .with_gzip(mode & 1 == 1)
        .with_encoding(encoding);
    roundtrip_target::<Lirs>(rest, &lirs_options(false), &write_options, |_| {});
}

/// RSS 2.0: `read(write(read(x))) == read(x)`; the first byte chooses the
/// XML declaration and indentation.
pub fn roundtrip_rss2(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let write_options = rss2::WriteOptions::default()
        .with_xml_declaration(mode & 1 == 1)
        .with_indent(mode & 2 == 2);
    roundtrip_target::<Rss2>(
        rest,
        &Rss2::read_options(false),
        &write_options,
        // `Document::encoding` is "informative only, the writer writes
        // UTF-8" (rss2's model docs): it is not part of the round trip.
        |document| document.encoding = None,
    );
}

/// Every file the strict reader accepts, the lenient reader accepts with the
/// same document.
fn differential_target<C: Codec>(input: &[u8], lenient: &C::ReadOptions, strict: &C::ReadOptions)
where
    C::Document: PartialEq + Debug,
{
    let format = C::FORMAT.name();
    let Ok(strict) = C::read(input, strict) else {
        return;
    };
    match C::read(input, lenient) {
        Ok(lenient) => assert!(
            lenient.document == strict.document,
            "{format}: lenient and strict readers disagree\nstrict: {:#?}\nlenient: {:#?}",
            strict.document,
            lenient.document
        ),
        Err(rejected) => panic!(
            "{format}: strict reader accepts what the lenient one rejects: {:#?}",
            rejected.diagnostics
        ),
    }
}

/// HINA-DI: lenient agrees with strict on what strict accepts.
pub fn differential_hina_di(data: &[u8]) {
    differential_target::<HinaDi>(
        data,
        &HinaDi::read_options(false),
        &HinaDi::read_options(true),
    );
}

/// LIRS: lenient agrees with strict on what strict accepts.
pub fn differential_lirs(data: &[u8]) {
    differential_target::<Lirs>(data, &lirs_options(false), &lirs_options(true));
}

/// RSS 2.0: lenient agrees with strict on what strict accepts.
pub fn differential_rss2(data: &[u8]) {
    differential_target::<Rss2>(data, &Rss2::read_options(false), &Rss2::read_options(true));
}
