//! Character encodings: which one a file is in, and decoding its values.
//!
//! rev. 0.12 §Encoding: "The character encoding of the Hina-Di file SHOULD
//! be specified as a parameter of the `Content-Type` field of the header
//! block. If it is not specified, it defaults to `EUC-JP`."
//!
//! Real files declare the wrong charset (real-world-notes: "EUC-JP
//! declared, UTF-8 written, or the reverse"). So when the values do not
//! decode in the declared (or default) encoding but all of them decode as
//! UTF-8, they are read as UTF-8 with a `hina-di/charset-mismatch`
//! diagnostic; when UTF-8 is declared and fails but EUC-JP fits, EUC-JP.
//! Otherwise the values that do not decode get U+FFFD for the bad bytes
//! (`hina-di/undecodable`), and the bytes are kept so that writing gives
//! them back.

use std::borrow::Cow;

use encoding_rs::Encoding;

/// The encoding a charset label names, if it is one a line-oriented format
/// with ASCII field names can be written in: an ASCII-compatible encoding
/// (EUC-JP, Shift_JIS, UTF-8, ...) or ISO-2022-JP, whose ASCII runs are
/// ASCII. `None` for unknown labels, UTF-16 and the replacement encoding.
pub(crate) fn resolve(label: Option<&[u8]>) -> Option<&'static Encoding> {
    let encoding = Encoding::for_label(label?)?;
    let usable = encoding != encoding_rs::REPLACEMENT
        && (encoding.is_ascii_compatible() || encoding == encoding_rs::ISO_2022_JP);
    usable.then_some(encoding)
}

/// Decodes `bytes` without replacement: `None` on a malformed sequence.
pub(crate) fn decode_exact<'a>(
    encoding: &'static Encoding,
    bytes: &'a [u8],
) -> Option<Cow<'a, str>> {
    encoding.decode_without_bom_handling_and_without_replacement(bytes)
}

/// Decodes `bytes`, replacing malformed sequences with U+FFFD.
pub(crate) fn decode_lossy<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> Cow<'a, str> {
    encoding.decode_without_bom_handling(bytes).0
}

/// The encoding to try when `declared` fails: UTF-8 for anything else, and
/// EUC-JP (the spec's default) when UTF-8 was declared.
pub(crate) fn fallback_for(declared: &'static Encoding) -> &'static Encoding {
    if declared == encoding_rs::UTF_8 {
        encoding_rs::EUC_JP
    } else {
        encoding_rs::UTF_8
    }
}

/// Encodes `text`; `Err` with the first character `encoding` cannot hold.
///
/// A character counts as unencodable also when it encodes to bytes that
/// decode to another character (the WHATWG encoders write U+00A5 as 0x5C in
/// EUC-JP and Shift_JIS, which reads back as `\\`): what is written must
/// read back as the same text.
pub(crate) fn encode(encoding: &'static Encoding, text: &str) -> Result<Vec<u8>, char> {
    let (bytes, _, had_errors) = encoding.encode(text);
    if !had_errors && decode_exact(encoding, &bytes).is_some_and(|back| back == text) {
        return Ok(bytes.into_owned());
    }
    let mut buffer = [0u8; 4];
    let bad = text
        .chars()
        .find(|c| {
            let one = c.encode_utf8(&mut buffer);
            let (bytes, _, had_errors) = encoding.encode(one);
            had_errors || decode_exact(encoding, &bytes).is_none_or(|back| back != *one)
        })
        .unwrap_or(char::REPLACEMENT_CHARACTER);
    Err(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_resolve_to_usable_encodings() {
        assert_eq!(resolve(Some(b"EUC-JP")), Some(encoding_rs::EUC_JP));
        assert_eq!(resolve(Some(b"x-euc-jp")), Some(encoding_rs::EUC_JP));
        assert_eq!(resolve(Some(b"Shift_JIS")), Some(encoding_rs::SHIFT_JIS));
        assert_eq!(resolve(Some(b"utf-8")), Some(encoding_rs::UTF_8));
        assert_eq!(
            resolve(Some(b"iso-2022-jp")),
            Some(encoding_rs::ISO_2022_JP)
        );
        assert_eq!(resolve(Some(b"utf-16")), None);
        assert_eq!(resolve(Some(b"no-such-charset")), None);
        assert_eq!(resolve(None), None);
    }

    #[test]
    fn encode_names_the_first_unencodable_character() {
        assert_eq!(encode(encoding_rs::EUC_JP, "あ").unwrap(), vec![0xA4, 0xA2]);
        assert_eq!(encode(encoding_rs::EUC_JP, "aあ😀b"), Err('😀'));
        // U+00A5 would be written as 0x5C, which reads back as a backslash.
        assert_eq!(encode(encoding_rs::SHIFT_JIS, "a¥"), Err('¥'));
        assert_eq!(
            decode_exact(encoding_rs::EUC_JP, &[0xA4, 0xA2]).unwrap(),
            "あ"
        );
        assert!(decode_exact(encoding_rs::EUC_JP, &[0xA4]).is_none());
        assert_eq!(
            decode_lossy(encoding_rs::EUC_JP, &[b'a', 0xA4]),
            "a\u{FFFD}"
        );
    }
}
