//! Targets of the three format crates: readers, round trips, lenient and
//! strict agreement.

use std::io::Write as _;

use antenna_model::{Diagnostic, Severity};

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

/// Reads with `$read` in both modes, checks the severities, and on success
/// converts to a feed and back and writes the result.
macro_rules! reader_target {
    ($format:literal, $krate:ident, $input:expr, $lenient:expr, $strict:expr) => {{
        let input: &[u8] = $input;
        for (mode, options) in [("lenient", $lenient), ("strict", $strict)] {
            match $krate::read(input, &options) {
                Ok(parsed) => {
                    check_severities($format, mode, true, &parsed.diagnostics);
                    let feed = $krate::to_feed(&parsed.document);
                    let back = $krate::from_feed(&feed.value);
                    // Writing may refuse (a field the format cannot hold), but
                    // must not panic.
                    let _ = $krate::write(&back.value, &Default::default());
                }
                Err(rejected) => check_severities($format, mode, false, &rejected.diagnostics),
            }
        }
    }};
}

/// Reads the bytes as a HINA-DI file, both modes; converts what is read.
pub fn hina_di(data: &[u8]) {
    reader_target!(
        "hina-di",
        hina_di,
        data,
        hina_di::ReadOptions::lenient(),
        hina_di::ReadOptions::strict()
    );
}

fn lirs_options(strict: bool) -> lirs::ReadOptions {
    lirs::ReadOptions::default()
        .with_strict(strict)
        .with_max_decompressed_size(MAX_DECOMPRESSED)
}

/// Reads the bytes as a plain (or, if they start with the magic bytes,
/// gzip) LIRS file, both modes; converts what is read.
pub fn lirs_plain(data: &[u8]) {
    reader_target!("lirs", lirs, data, lirs_options(false), lirs_options(true));
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
    reader_target!(
        "lirs-gzip",
        lirs,
        &input,
        lirs_options(false),
        lirs_options(true)
    );
}

/// Reads the bytes as an RSS 2.0 file, both modes; converts what is read.
pub fn rss2(data: &[u8]) {
    reader_target!(
        "rss2",
        rss2,
        data,
        rss2::ReadOptions::default(),
        rss2::ReadOptions::strict()
    );
}

/// Reads leniently; if that succeeds, writes; if that succeeds, reads the
/// output again and asserts the document is the same (`$krate::Document`'s
/// `PartialEq`, after `$normalise` has cleared what is informative only).
macro_rules! roundtrip_target {
    ($format:literal, $krate:ident, $input:expr, $read_options:expr, $write_options:expr) => {
        roundtrip_target!(
            $format,
            $krate,
            $input,
            $read_options,
            $write_options,
            |_| {}
        )
    };
    ($format:literal, $krate:ident, $input:expr, $read_options:expr, $write_options:expr, $normalise:expr) => {{
        let normalise: fn(&mut $krate::Document) = $normalise;
        let Ok(mut first) = $krate::read($input, &$read_options) else {
            return;
        };
        let Ok(bytes) = $krate::write(&first.document, &$write_options) else {
            return;
        };
        normalise(&mut first.document);
        match $krate::read(&bytes, &$read_options) {
            Ok(mut second) => assert!(
                {
                    normalise(&mut second.document);
                    second.document == first.document
                },
                concat!(
                    $format,
                    " round trip changed the document\n",
                    "written: {:?}\nfirst read: {:#?}\nsecond read: {:#?}"
                ),
                String::from_utf8_lossy(&bytes),
                first.document,
                second.document
            ),
            Err(rejected) => panic!(
                concat!(
                    $format,
                    " could not read its own output\nwritten: {:?}\n",
                    "document: {:#?}\ndiagnostics: {:#?}"
                ),
                String::from_utf8_lossy(&bytes),
                first.document,
                rejected.diagnostics
            ),
        }
    }};
}

/// HINA-DI: `read(write(read(x))) == read(x)`.
pub fn roundtrip_hina_di(data: &[u8]) {
    roundtrip_target!(
        "hina-di",
        hina_di,
        data,
        hina_di::ReadOptions::lenient(),
        hina_di::WriteOptions::default()
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
    roundtrip_target!("lirs", lirs, rest, lirs_options(false), write_options);
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
    roundtrip_target!(
        "rss2",
        rss2,
        rest,
        rss2::ReadOptions::default(),
        write_options,
        // `Document::encoding` is "informative only, the writer writes
        // UTF-8" (rss2's model docs): it is not part of the round trip.
        |document| document.encoding = None
    );
}

/// Every file the strict reader accepts, the lenient reader accepts with the
/// same document; and strict never warns (a departure is an error there).
macro_rules! differential_target {
    ($format:literal, $krate:ident, $input:expr, $lenient:expr, $strict:expr) => {{
        let input: &[u8] = $input;
        let Ok(strict) = $krate::read(input, &$strict) else {
            return;
        };
        match $krate::read(input, &$lenient) {
            Ok(lenient) => assert!(
                lenient.document == strict.document,
                concat!(
                    $format,
                    ": lenient and strict readers disagree\nstrict: {:#?}\nlenient: {:#?}"
                ),
                strict.document,
                lenient.document
            ),
            Err(rejected) => panic!(
                concat!(
                    $format,
                    ": strict reader accepts what the lenient one rejects: {:#?}"
                ),
                rejected.diagnostics
            ),
        }
    }};
}

/// HINA-DI: lenient agrees with strict on what strict accepts.
pub fn differential_hina_di(data: &[u8]) {
    differential_target!(
        "hina-di",
        hina_di,
        data,
        hina_di::ReadOptions::lenient(),
        hina_di::ReadOptions::strict()
    );
}

/// LIRS: lenient agrees with strict on what strict accepts.
pub fn differential_lirs(data: &[u8]) {
    differential_target!("lirs", lirs, data, lirs_options(false), lirs_options(true));
}

/// RSS 2.0: lenient agrees with strict on what strict accepts.
pub fn differential_rss2(data: &[u8]) {
    differential_target!(
        "rss2",
        rss2,
        data,
        rss2::ReadOptions::default(),
        rss2::ReadOptions::strict()
    );
}
