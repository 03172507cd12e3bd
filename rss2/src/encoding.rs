//! Character decoding: XML 1.0 §4.3.3 and Appendix F.
//!
//! The whole input is decoded to one UTF-8 `String` before parsing: first
//! a byte order mark, then (for BOM-less UTF-16) the first bytes of the XML
//! declaration, then its `encoding` pseudo-attribute, else UTF-8. Labels
//! are those of the WHATWG Encoding Standard as encoding_rs knows them, so
//! `ISO-8859-1` is read as windows-1252 (a superset of it in every byte
//! that XML allows).
//!
//! Spans: the problems met here are placed in the input bytes; offsets in
//! the decoded text are mapped back to the input by
//! [`InputOffsets`](crate::offsets::InputOffsets).

use std::borrow::Cow;
use std::ops::Range;

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};

use crate::rules;
use antenna_model::{Rule, charset};

/// A problem met while decoding, with its span in the input bytes.
pub(crate) struct Problem {
    pub rule: Rule,
    pub span: Range<usize>,
    pub message: String,
    /// A fatal error (XML 1.0 §4.3.3), an error even in lenient mode.
    pub fatal: bool,
}

/// The decoded input.
pub(crate) struct Decoded<'a> {
    /// The text, in UTF-8, without the BOM: borrowed from the input when
    /// that is UTF-8 already (no copy of the whole file).
    pub text: Cow<'a, str>,
    /// The encoding it was read in.
    pub encoding: &'static Encoding,
    /// Length of the BOM that was stripped.
    pub bom: usize,
    /// The input after the BOM: what `text` was decoded from.
    pub body: &'a [u8],
    /// Departures from the spec met on the way (warnings in lenient mode).
    pub problems: Vec<Problem>,
}

/// Decodes `input` as XML 1.0 §4.3.3 says.
pub(crate) fn decode(input: &[u8]) -> Decoded<'_> {
    let mut problems = Vec::new();
    let (bom_encoding, bom, body) = split_bom(input);
    let declared = declared_encoding(input, bom_encoding);
    let encoding = match (bom_encoding, declared) {
        (Some(from_bom), Some((label, span))) => {
            if let Some(named) = Encoding::for_label_no_replacement(label.as_bytes()) {
                let same_family = named == from_bom
                    || (from_bom != UTF_8 && (named == UTF_16LE || named == UTF_16BE));
                if !same_family {
                    problems.push(Problem {
                        rule: rules::BAD_ENCODING,
                        span,
                        message: format!(
                            "the XML declaration names `{label}` but the byte order mark says {}; the byte order mark wins",
                            from_bom.name()
                        ),
                        fatal: false,
                    });
                }
            }
            from_bom
        }
        (Some(from_bom), None) => from_bom,
        (None, declared) => {
            let sniffed = if input.starts_with(&[0x3C, 0x00, 0x3F, 0x00]) {
                Some(UTF_16LE)
            } else if input.starts_with(&[0x00, 0x3C, 0x00, 0x3F]) {
                Some(UTF_16BE)
            } else {
                None
            };
            match (sniffed, declared) {
                (Some(encoding), _) => encoding,
                (None, Some((label, span))) => {
                    match Encoding::for_label_no_replacement(label.as_bytes()) {
                        Some(encoding) if encoding == UTF_16LE || encoding == UTF_16BE => {
                            // The declaration was readable as ASCII, so the
                            // bytes are not UTF-16 (XML 1.0 Appendix F).
                            problems.push(Problem {
                                rule: rules::BAD_ENCODING,
                                span,
                                message: format!(
                                    "the XML declaration names `{label}` but the file is not UTF-16 (no byte order mark, ASCII declaration); read as UTF-8"
                                ),
                                fatal: false,
                            });
                            UTF_8
                        }
                        Some(encoding) => encoding,
                        None => {
                            // XML 1.0 §4.3.3: "It is a fatal error when an
                            // XML processor encounters an entity with an
                            // encoding that it is unable to process."
                            problems.push(Problem {
                                rule: rules::BAD_ENCODING,
                                span,
                                message: format!("unknown encoding `{label}`"),
                                fatal: true,
                            });
                            UTF_8
                        }
                    }
                }
                (None, None) => UTF_8,
            }
        }
    };
    // XML 1.0 §4.3.3: "It is a fatal error ... if an XML entity is
    // determined ... to contain byte sequences that are not legal in that
    // encoding." Real feeds declare the wrong charset (real-world-notes), so
    // when the encoding came from the declaration (or its UTF-8 default)
    // the fallbacks feedparser takes are tried, in its order: UTF-8, then
    // Windows-1252, which decodes any bytes. Reading on is a departure (a
    // warning, an error when strict); an encoding a byte order mark names
    // has no fallback.
    //
    // A feed declared in a Japanese legacy encoding (EUC-JP, Shift_JIS,
    // ISO-2022-JP) that its bytes are not in is far likelier to be in
    // another Japanese one than in Windows-1252, which would make every
    // character mojibake: the Japanese encodings are tried first, as the
    // HINA-DI reader tries them (`charset::mislabel`: UTF-8, EUC-JP,
    // Shift_JIS, ISO-2022-JP), and Windows-1252 last. A feed declared (or
    // defaulting to) UTF-8 keeps feedparser's order: its bad bytes are as
    // often Latin-1 as Japanese, and Latin-1 text can be valid Shift_JIS.
    let (text, encoding) = match decode_exact(encoding, body) {
        Ok(text) => (text, encoding),
        Err(bad) => {
            let bad = bom + bad.start..bom + bad.end;
            let fallback = if bom_encoding.is_some() {
                None
            } else {
                japanese_fallback(encoding, body).or_else(|| {
                    [UTF_8, WINDOWS_1252]
                        .into_iter()
                        .filter(|&candidate| candidate != encoding)
                        .find_map(|candidate| {
                            let text = decode_exact(candidate, body).ok()?;
                            let message = format!(
                                "bytes that are not valid {}; the file was read as {} (the order feed readers take: byte order mark, declaration, UTF-8, Windows-1252)",
                                encoding.name(),
                                candidate.name()
                            );
                            Some((text, candidate, message))
                        })
                })
            };
            match fallback {
                Some((text, fallback, message)) => {
                    problems.push(Problem {
                        rule: rules::BAD_ENCODING,
                        span: bad,
                        message,
                        fatal: false,
                    });
                    (text, fallback)
                }
                None => {
                    problems.push(Problem {
                        rule: rules::BAD_ENCODING,
                        span: bad,
                        message: format!("bytes that are not valid {}", encoding.name()),
                        fatal: true,
                    });
                    (Cow::Borrowed(""), encoding)
                }
            }
        }
    };
    Decoded {
        text,
        encoding,
        bom,
        body,
        problems,
    }
}

/// For a feed declared in a Japanese legacy encoding (`declared`) that
/// `body` is not in: `body` read in the first Japanese encoding it is
/// clean in ([`charset::first_clean_alternative`]), with the words of the
/// departure; `None` when it is in none, or `declared` is not one.
fn japanese_fallback<'a>(
    declared: &'static Encoding,
    body: &'a [u8],
) -> Option<(Cow<'a, str>, &'static Encoding, String)> {
    if declared == UTF_8 || !charset::japanese().contains(&declared) {
        return None;
    }
    let alternative = charset::first_clean_alternative(declared, |encoding| {
        charset::decodes_cleanly(encoding, body)
    })?;
    let text = decode_exact(alternative.used, body).ok()?;
    let message = alternative.describe(declared, "as the XML declaration says");
    Some((text, alternative.used, message))
}

/// `bytes` decoded in `encoding` without replacement (borrowed when the
/// encoding is UTF-8), or the range of the first malformed sequence.
fn decode_exact<'a>(
    encoding: &'static Encoding,
    bytes: &'a [u8],
) -> Result<Cow<'a, str>, Range<usize>> {
    if encoding == UTF_8 {
        return std::str::from_utf8(bytes)
            .map(Cow::Borrowed)
            .map_err(|error| {
                let at = error.valid_up_to();
                at..at + error.error_len().unwrap_or(1)
            });
    }
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(
        decoder
            .max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap_or(bytes.len()),
    );
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    match result {
        encoding_rs::DecoderResult::InputEmpty => Ok(Cow::Owned(text)),
        encoding_rs::DecoderResult::Malformed(bad, after) => {
            let end = read - usize::from(after);
            Err(end.saturating_sub(usize::from(bad))..end)
        }
        // The buffer was sized for the whole input: cannot happen, but a
        // half-decoded text must not be read as if whole.
        encoding_rs::DecoderResult::OutputFull => Err(read..read),
    }
}

/// The encoding a byte order mark names, the mark's length and the bytes
/// after it (XML 1.0 Appendix F; the marks `Encoding::for_bom` knows).
fn split_bom(input: &[u8]) -> (Option<&'static Encoding>, usize, &[u8]) {
    match input {
        [0xEF, 0xBB, 0xBF, body @ ..] => (Some(UTF_8), 3, body),
        [0xFF, 0xFE, body @ ..] => (Some(UTF_16LE), 2, body),
        [0xFE, 0xFF, body @ ..] => (Some(UTF_16BE), 2, body),
        body => (None, 0, body),
    }
}

/// The `encoding` pseudo-attribute of an XML declaration written in an
/// ASCII-compatible encoding, with its span in the input.
fn declared_encoding(
    input: &[u8],
    bom: Option<&'static Encoding>,
) -> Option<(String, Range<usize>)> {
    if bom == Some(UTF_16LE) || bom == Some(UTF_16BE) {
        // A UTF-16 declaration cannot be read as ASCII; the BOM decides.
        return None;
    }
    let start = bom.map_or(0, |_| 3);
    let head = input.get(start..input.len().min(start + 1024))?;
    if !head.starts_with(b"<?xml") {
        return None;
    }
    let end = head.windows(2).position(|w| w == b"?>")?;
    let decl = head.get(..end)?;
    let key = decl.windows(8).position(|w| w == b"encoding")?;
    let mut i = key + 8;
    let skip = |i: &mut usize| {
        while decl.get(*i).is_some_and(|b| b.is_ascii_whitespace()) {
            *i += 1;
        }
    };
    skip(&mut i);
    if decl.get(i) != Some(&b'=') {
        return None;
    }
    i += 1;
    skip(&mut i);
    let quote = *decl.get(i)?;
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    let value_start = i + 1;
    let len = decl.get(value_start..)?.iter().position(|&b| b == quote)?;
    let value = decl.get(value_start..value_start + len)?;
    let label = String::from_utf8_lossy(value).into_owned();
    Some((label, start + value_start..start + value_start + len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_the_default() {
        let d = decode(b"<rss/>");
        assert_eq!(d.encoding, UTF_8);
        assert!(d.problems.is_empty());
    }

    #[test]
    fn declaration_names_the_encoding() {
        let d = decode(b"<?xml version=\"1.0\" encoding='EUC-JP'?><rss>\xA4\xA2</rss>");
        assert_eq!(d.encoding.name(), "EUC-JP");
        assert!(d.text.contains('\u{3042}'));
    }

    #[test]
    fn bom_wins_over_declaration() {
        let d = decode(b"\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><rss/>");
        assert_eq!(d.encoding, UTF_8);
        assert_eq!(d.bom, 3);
        assert_eq!(d.problems.len(), 1);
    }

    #[test]
    fn unknown_label_is_fatal() {
        let d = decode(b"<?xml version=\"1.0\" encoding=\"x-klingon\"?><rss/>");
        assert_eq!(d.problems.len(), 1);
        assert!(d.problems.iter().all(|p| p.fatal));
    }

    #[test]
    fn bytes_invalid_in_the_declared_encoding_fall_back_with_their_span() {
        // 0xA4 0xA2 is あ in EUC-JP; 0xFF is never valid in EUC-JP, nor in
        // UTF-8: Windows-1252 reads it, a departure at the bad byte.
        let input = b"<?xml version=\"1.0\" encoding=\"EUC-JP\"?><rss>\xA4\xA2\xFF</rss>";
        let d = decode(input);
        let at = input.iter().position(|&b| b == 0xFF).unwrap();
        assert_eq!(d.problems.len(), 1);
        assert!(!d.problems[0].fatal);
        assert_eq!(d.problems[0].span, at..at + 1);
        assert_eq!(d.encoding, WINDOWS_1252);
    }

    #[test]
    fn a_feed_in_another_japanese_encoding_than_declared_is_read_in_it() {
        // "ほげ日記です" in EUC-JP (JIS X 0208 row and cell plus 0xA0)
        // under a Shift_JIS declaration: not Shift_JIS (FC B5 is no
        // Shift_JIS code), clean EUC-JP.
        let input = b"<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><rss>\xA4\xDB\xA4\xB2\xC6\xFC\xB5\xAD\xA4\xC7\xA4\xB9</rss>";
        let d = decode(input);
        assert_eq!(d.encoding, encoding_rs::EUC_JP);
        assert!(d.text.contains("<rss>ほげ日記です</rss>"), "{}", d.text);
        assert_eq!(d.problems.len(), 1);
        assert!(!d.problems[0].fatal);
        let message = &d.problems[0].message;
        assert!(
            message.contains("not Shift_JIS as the XML declaration says")
                && message.contains("read as EUC-JP"),
            "{message}"
        );
        // Declared UTF-8, the same bytes keep feedparser's order.
        let input = b"<rss>\xA4\xDB\xA4\xB2</rss>";
        assert_eq!(decode(input).encoding, WINDOWS_1252);
    }

    #[test]
    fn invalid_utf8_falls_back_with_its_span() {
        let d = decode(b"<rss>a\xC3\x28</rss>");
        assert_eq!(d.problems.len(), 1);
        assert!(!d.problems[0].fatal);
        assert_eq!(d.problems[0].span, 6..7);
        assert_eq!(d.text, "<rss>a\u{C3}(</rss>");
    }

    #[test]
    fn an_encoding_named_by_a_byte_order_mark_has_no_fallback() {
        let d = decode(b"\xEF\xBB\xBF<rss>a\xC3\x28</rss>");
        assert_eq!(d.problems.len(), 1);
        assert!(d.problems[0].fatal);
        assert_eq!(d.problems[0].span, 9..10);
    }

    #[test]
    fn byte_order_marks_are_those_encoding_rs_knows() {
        for input in [
            &b"\xEF\xBB\xBFa"[..],
            b"\xFF\xFEa",
            b"\xFE\xFFa",
            b"a",
            b"\xEF\xBB",
        ] {
            let (encoding, bom, body) = split_bom(input);
            assert_eq!(
                Encoding::for_bom(input),
                encoding.map(|encoding| (encoding, bom))
            );
            assert_eq!(body, &input[bom..]);
        }
    }

    #[test]
    fn bomless_utf16_is_sniffed() {
        let bytes: Vec<u8> = "<?xml version='1.0'?><rss/>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let d = decode(&bytes);
        assert_eq!(d.encoding, UTF_16LE);
        assert!(d.text.starts_with("<?xml"));
    }
}
