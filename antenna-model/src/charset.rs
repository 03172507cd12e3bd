//! The one Japanese text codec: which encoding a label names, decoding
//! without silent replacement, and encoding with read-back, so that no
//! writer puts down bytes that read as other text.
//!
//! Every format crate decodes and encodes through here. The read-back
//! matters: the WHATWG encoders of `encoding_rs` write U+00A5 `¥` as 0x5C
//! in EUC-JP and Shift_JIS, which reads back as `\` (LIRS's escape
//! character), U+203E `‾` as `~`; [`encode`] refuses such characters
//! instead of writing them.
//!
//! A file whose declared charset does not decode it is read in another
//! Japanese encoding where one decodes it cleanly: the rule, and what
//! "cleanly" means, are in [`mislabel`], written once for every format.
//!
//! Readers use [`encodes_back_to`] to know whether the text they decoded
//! gives the same bytes back when written, so that only the values that do
//! not need their raw bytes kept.
//!
//! # JIS and Microsoft mappings: what a UTF-8 feed gets in EUC-JP
//!
//! Seven JIS X 0208 codes that Japanese text uses every day have two
//! Unicode characters: the one of the JIS mapping (what macOS, Unix
//! `EUC-JP` tools and modern UTF-8 text typed there hold) and the one of
//! Microsoft's (CP932, and the WHATWG tables `encoding_rs` follows):
//!
//! | code | JIS mapping | Microsoft / WHATWG | `encoding_rs` on the JIS one |
//! | --- | --- | --- | --- |
//! | 1-01-33 | 〜 U+301C | ～ U+FF5E | no code |
//! | 1-01-29 | — U+2014 | ― U+2015 | no code |
//! | 1-01-34 | ‖ U+2016 | ∥ U+2225 | no code |
//! | 1-01-61 | − U+2212 | － U+FF0D | written at 1-01-61, reads back as U+FF0D |
//! | 1-01-81 | ¢ U+00A2 | ￠ U+FFE0 | no code |
//! | 1-01-82 | £ U+00A3 | ￡ U+FFE1 | no code |
//! | 1-02-44 | ¬ U+00AC | ￢ U+FFE2 | no code |
//!
//! (`substitute::tests::encoding_rs_writes_the_microsoft_twins_at_the_jis_codes`
//! checks every row in EUC-JP, Shift_JIS and ISO-2022-JP.)
//!
//! What a user converting a UTF-8 feed to EUC-JP (or Shift_JIS, or
//! ISO-2022-JP) gets for the JIS-mapping character:
//!
//! - **By default, a refusal** ([`encode`] returns the character; the
//!   writers turn it into an error naming the field and the character).
//!   Writing the twin would read back as another code point, and a writer
//!   writes exactly or refuses. `−` is refused too, although the encoder
//!   has bytes for it: they read back as `－`.
//! - **When the caller asks** ([`Substitution::JisCompatible`]; in the CLI
//!   `--substitute jis-compatible`), the twin is written: its bytes are the
//!   JIS code of the very character the author typed, so every reader,
//!   whichever mapping it uses, shows the intended character; only the
//!   code point that `encoding_rs` decodes differs. Every substitution is
//!   returned ([`substitute`], [`encode_substituting`]) and a conversion
//!   reports each as a [`Loss`](crate::Loss) ([`substitute_in_feed`]);
//!   none is silent.
//! - The alternative that always works is UTF-8 (`--encoding utf-8`).
//!
//! `¥` U+00A5 and `‾` U+203E are not substituted: their only code that is
//! the same character is JIS X 0201's 0x5C and 0x7E, which EUC-JP readers
//! take as `\` and `~`; the full-width `￥` `￣` are other JIS X 0208
//! characters, not the same one. They are always refused.

mod controls;
pub mod mislabel;
mod substitute;

pub use controls::{first_control, is_control};
pub use mislabel::{Alternative, JAPANESE, decodes_cleanly, first_clean_alternative, japanese};

pub use substitute::{
    Substituted, Substitution, encode_substituting, jis_compatible_twin, substitute,
    substitute_char, substitute_in_entry, substitute_in_feed,
};

use std::borrow::Cow;

use encoding_rs::{DecoderResult, Encoding};

/// The encoding a charset label names, if it is one a line-oriented format
/// with ASCII field names can be written in: an ASCII-compatible encoding
/// (EUC-JP, Shift_JIS, UTF-8, ...) or ISO-2022-JP, whose ASCII runs are
/// ASCII. `None` for unknown labels, UTF-16 and the replacement encoding.
pub fn resolve(label: Option<&[u8]>) -> Option<&'static Encoding> {
    let encoding = Encoding::for_label(label?)?;
    let usable = encoding != encoding_rs::REPLACEMENT
        && (encoding.is_ascii_compatible() || encoding == encoding_rs::ISO_2022_JP);
    usable.then_some(encoding)
}

/// Decodes `bytes` without replacement: `None` on a malformed sequence.
pub fn decode_exact<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> Option<Cow<'a, str>> {
    // Most values are ASCII, which is itself in every ASCII-compatible
    // encoding (see `ascii_comes_back_in_every_usable_encoding`): skip
    // setting up a decoder for them.
    if encoding.is_ascii_compatible()
        && bytes.is_ascii()
        && let Ok(text) = std::str::from_utf8(bytes)
    {
        return Some(Cow::Borrowed(text));
    }
    encoding.decode_without_bom_handling_and_without_replacement(bytes)
}

/// `true` when `bytes` decode without replacement: [`decode_exact`]
/// without building the text when they are ASCII.
pub fn decodes(encoding: &'static Encoding, bytes: &[u8]) -> bool {
    (encoding.is_ascii_compatible() && bytes.is_ascii()) || decode_exact(encoding, bytes).is_some()
}

/// Decodes `bytes`, replacing malformed sequences with U+FFFD.
pub fn decode_lossy<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> Cow<'a, str> {
    encoding.decode_without_bom_handling(bytes).0
}

/// Appends `text` encoded to `out`; `Err` as [`encode`] (and `out` as it
/// was). ASCII text in an ASCII-compatible encoding, and any text in
/// UTF-8, is its own bytes (see `ascii_comes_back_in_every_usable_encoding`),
/// and is copied without an encoder.
///
/// Other text is encoded straight into `out` and read back from there,
/// with no buffer of its own (issue #23: the encoded bytes and the text
/// read back were two allocations and a copy a field, ~1,800
/// instructions a non-ASCII field written); only text that does not read
/// back whole takes [`encode`]'s character-by-character path.
pub fn encode_into(encoding: &'static Encoding, text: &str, out: &mut Vec<u8>) -> Result<(), char> {
    if encoding == encoding_rs::UTF_8 || (encoding.is_ascii_compatible() && text.is_ascii()) {
        out.extend_from_slice(text.as_bytes());
        return Ok(());
    }
    let start = out.len();
    if encode_whole_into(encoding, text, out) {
        return Ok(());
    }
    out.truncate(start);
    out.extend_from_slice(&encode(encoding, text)?);
    Ok(())
}

/// Appends `text` encoded as a whole (what `encoding.encode(text)` gives)
/// to `out`, `true` when that had no unmappable character and reads back
/// as `text`; `false` leaves `out` with bytes past its length before the
/// call, for the caller to cut.
fn encode_whole_into(encoding: &'static Encoding, text: &str, out: &mut Vec<u8>) -> bool {
    let mut encoder = encoding.new_encoder();
    let Some(room) = encoder.max_buffer_length_from_utf8_without_replacement(text.len()) else {
        return false;
    };
    let start = out.len();
    out.resize(start + room, 0);
    let Some(into) = out.get_mut(start..) else {
        return false;
    };
    let (result, read, written) = encoder.encode_from_utf8_without_replacement(text, into, true);
    out.truncate(start + written);
    result == encoding_rs::EncoderResult::InputEmpty
        && read == text.len()
        && out
            .get(start..)
            .is_some_and(|bytes| reads_back_as(encoding, bytes, text))
}

/// `true` when `bytes` decode without error to exactly `text`:
/// [`decode_exact`]`(encoding, bytes) == Some(text)`, decoded a piece at a
/// time into a buffer on the stack and compared piece by piece.
fn reads_back_as(encoding: &'static Encoding, mut bytes: &[u8], text: &str) -> bool {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut scratch = [0u8; 512];
    let mut text = text.as_bytes();
    loop {
        let (result, read, written) =
            decoder.decode_to_utf8_without_replacement(bytes, &mut scratch, true);
        let Some(rest) = scratch
            .get(..written)
            .and_then(|piece| text.strip_prefix(piece))
        else {
            return false;
        };
        text = rest;
        match result {
            DecoderResult::InputEmpty => return text.is_empty(),
            DecoderResult::Malformed(..) => return false,
            DecoderResult::OutputFull => match bytes.get(read..) {
                Some(rest) => bytes = rest,
                // The decoder read more than it was given: never.
                None => return false,
            },
        }
    }
}

/// Encodes `text`; `Err` with the first character `encoding` cannot hold.
///
/// A character counts as unencodable also when it encodes to bytes that
/// decode to another character (the WHATWG encoders write U+00A5 as 0x5C in
/// EUC-JP and Shift_JIS, which reads back as `\\`): what is written must
/// read back as the same text.
///
/// In EUC-JP, a character that JIS X 0208 does not have is written in code
/// set 3, JIS X 0212 (`8F` and two bytes), when it is there: the WHATWG
/// decoder reads code set 3 but its encoder never writes it.
pub fn encode(encoding: &'static Encoding, text: &str) -> Result<Vec<u8>, char> {
    let (bytes, _, had_errors) = encoding.encode(text);
    if !had_errors && decode_exact(encoding, &bytes).is_some_and(|back| back == text) {
        return Ok(bytes.into_owned());
    }
    let mut buffer = [0u8; 4];
    let mut out = Vec::new();
    for c in text.chars() {
        let one = c.encode_utf8(&mut buffer);
        let (bytes, _, had_errors) = encoding.encode(one);
        if !had_errors && decode_exact(encoding, &bytes).is_some_and(|back| back == *one) {
            out.extend_from_slice(&bytes);
        } else if encoding == encoding_rs::EUC_JP
            && let Some([row, cell]) = jis_x_0212(c)
        {
            out.extend_from_slice(&[0x8F, row, cell]);
        } else {
            return Err(c);
        }
    }
    // EUC-JP is stateless, so its characters' codes one by one are the
    // text's; a stateful encoding (ISO-2022-JP) that failed as a whole
    // stays refused.
    if encoding == encoding_rs::EUC_JP {
        return Ok(out);
    }
    Err(char::REPLACEMENT_CHARACTER)
}

/// The JIS X 0212 code (row and cell bytes of EUC-JP code set 3) of `c`, as
/// the WHATWG EUC-JP decoder reads it; the table is built once by decoding
/// every code set 3 sequence.
fn jis_x_0212(c: char) -> Option<[u8; 2]> {
    static TABLE: std::sync::OnceLock<std::collections::HashMap<char, [u8; 2]>> =
        std::sync::OnceLock::new();
    TABLE
        .get_or_init(|| {
            let mut table = std::collections::HashMap::new();
            for row in 0xA1..=0xFEu8 {
                for cell in 0xA1..=0xFEu8 {
                    let code = [0x8F, row, cell];
                    let Some(text) = decode_exact(encoding_rs::EUC_JP, &code) else {
                        continue;
                    };
                    let mut chars = text.chars();
                    if let (Some(c), None) = (chars.next(), chars.next()) {
                        table.entry(c).or_insert([row, cell]);
                    }
                }
            }
            table
        })
        .get(&c)
        .copied()
}

/// `true` when encoding `text`, which `bytes` decoded to in `encoding`,
/// gives `bytes` back (so the reader need not keep them).
pub fn encodes_back_to(encoding: &'static Encoding, text: &str, bytes: &[u8]) -> bool {
    surely_encodes_back(encoding, bytes) || encode(encoding, text).is_ok_and(|back| back == bytes)
}

/// The fast path of [`encodes_back_to`]: `true` only when every sequence of
/// `bytes` (which decoded without error) is one the encoder writes for the
/// character it decodes to, so encoding gives `bytes` back; `false` when
/// that takes encoding to find out.
///
/// - UTF-8 is written as it is read.
/// - ASCII bytes are themselves in every ASCII-compatible encoding, both
///   ways (ISO-2022-JP is not one: ESC, SO and SI change its state).
/// - EUC-JP decodes sequence by sequence and encodes character by
///   character; every sequence comes back except (tested exhaustively in
///   `euc_jp_fast_path_agrees_with_encoding`): JIS X 0212 (lead 0x8F),
///   whose twins of JIS X 0208 characters are written with the 0208 code
///   (the fast path does not tell them apart), and the NEC row 13 (lead 0xAD) and
///   IBM row 92 (lead 0xFC) codes of characters that have an earlier code
///   in row 2, which the encoder writes instead. A value with a sequence
///   led by 0x8F, 0xAD or 0xFC takes the slow path.
pub fn surely_encodes_back(encoding: &'static Encoding, bytes: &[u8]) -> bool {
    if encoding == encoding_rs::UTF_8 || (encoding.is_ascii_compatible() && bytes.is_ascii()) {
        return true;
    }
    if encoding == encoding_rs::EUC_JP {
        return euc_jp_comes_back(bytes);
    }
    false
}

/// See [`surely_encodes_back`]: walks the EUC-JP sequences of `bytes`;
/// `false` at JIS X 0212, a row 13 or row 92 code, or anything that is not
/// a whole sequence.
fn euc_jp_comes_back(mut bytes: &[u8]) -> bool {
    loop {
        bytes = match bytes {
            [] => return true,
            [b, rest @ ..] if b.is_ascii() => rest,
            // Half-width katakana: 0x8E 0xA1..=0xDF, always written so.
            [0x8E, _, rest @ ..] => rest,
            [0xA1..=0xFE, _, rest @ ..] => match bytes {
                [0xAD | 0xFC, ..] => return false,
                _ => rest,
            },
            _ => return false,
        };
    }
}

/// `true` when `bytes` decodes as EUC-JP without errors: what
/// `decode_without_bom_handling_and_without_replacement(bytes).is_some()`
/// says, without building the decoded string.
pub fn is_euc_jp(mut bytes: &[u8]) -> bool {
    let mut decoder = encoding_rs::EUC_JP.new_decoder_without_bom_handling();
    let mut scratch = [0u8; 1024];
    loop {
        let (result, read, _) =
            decoder.decode_to_utf8_without_replacement(bytes, &mut scratch, true);
        match result {
            DecoderResult::InputEmpty => return true,
            DecoderResult::Malformed(..) => return false,
            DecoderResult::OutputFull => match bytes.get(read..) {
                Some(rest) => bytes = rest,
                // The decoder read more than it was given: never.
                None => return false,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy as _;

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
        // JIS X 0212 (EUC-JP code set 3): 丂 U+4E02 is 0x3021, 龥 U+9FA5
        // 0x6D63, ¦ U+00A6 0x2243 (JIS X 0212:1990 code charts).
        assert_eq!(
            encode(encoding_rs::EUC_JP, "a丂龥¦"),
            Ok(vec![
                b'a', 0x8F, 0xB0, 0xA1, 0x8F, 0xED, 0xE3, 0x8F, 0xA2, 0xC3
            ])
        );
        assert_eq!(encode(encoding_rs::SHIFT_JIS, "丂"), Err('丂'));
        assert_eq!(encode(encoding_rs::ISO_2022_JP, "丂"), Err('丂'));
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

    /// The slow path: encode and compare.
    fn slow(encoding: &'static Encoding, bytes: &[u8]) -> Option<bool> {
        let text = decode_exact(encoding, bytes)?;
        Some(encode(encoding, &text).is_ok_and(|back| back == bytes))
    }

    #[test]
    fn euc_jp_fast_path_agrees_with_encoding() {
        // Every one- and two-byte sequence and every JIS X 0212 sequence:
        // whenever the fast path says "comes back", encoding says so too.
        let mut sequences: Vec<Vec<u8>> = (0..=0xFFu8).map(|b| vec![b]).collect();
        for lead in 0x80..=0xFFu8 {
            for trail in 0x00..=0xFFu8 {
                sequences.push(vec![lead, trail]);
                if lead >= 0xA1 {
                    sequences.push(vec![0x8F, lead, trail]);
                }
            }
        }
        let mut fast = 0;
        for bytes in &sequences {
            let Some(back) = slow(encoding_rs::EUC_JP, bytes) else {
                continue;
            };
            if surely_encodes_back(encoding_rs::EUC_JP, bytes) {
                assert!(back, "{bytes:02X?}");
                fast += 1;
            }
        }
        // The fast path covers all but a handful of the 7,000-odd
        // two-byte codes.
        assert!(fast > 7_000, "{fast}");
        // The known exceptions do not come back: ￢ in IBM row 92 and ∵ in
        // NEC row 13 are written with their row 2 codes, and so is the
        // JIS X 0212 twin of a JIS X 0208 character (8F A2 B7 reads as
        // U+FF5E, written A1 C1); a character only JIS X 0212 has comes back.
        assert_eq!(slow(encoding_rs::EUC_JP, &[0xFC, 0xFB]), Some(false));
        assert_eq!(slow(encoding_rs::EUC_JP, &[0xAD, 0xFA]), Some(false));
        assert_eq!(slow(encoding_rs::EUC_JP, &[0x8F, 0xA2, 0xB7]), Some(false));
        assert_eq!(slow(encoding_rs::EUC_JP, &[0x8F, 0xB0, 0xA1]), Some(true));
    }

    #[test]
    fn ascii_comes_back_in_every_usable_encoding() {
        let ascii: Vec<u8> = (0..0x80u8).collect();
        for label in [
            &b"euc-jp"[..],
            b"shift_jis",
            b"utf-8",
            b"windows-1252",
            b"iso-8859-1",
            b"gb18030",
            b"gbk",
            b"big5",
            b"euc-kr",
            b"koi8-r",
            b"x-user-defined",
            b"macintosh",
        ] {
            let encoding = resolve(Some(label)).unwrap();
            assert!(surely_encodes_back(encoding, &ascii), "{label:?}");
            // The encoder agrees with the fast path of `encode_into`.
            let text = std::str::from_utf8(&ascii).unwrap();
            let mut out = b"x".to_vec();
            encode_into(encoding, text, &mut out).unwrap();
            assert_eq!(out[1..], encode(encoding, text).unwrap(), "{label:?}");
            // The decoder agrees with the ASCII fast path of `decode_exact`.
            assert_eq!(
                encoding.decode_without_bom_handling_and_without_replacement(&ascii),
                Some(Cow::Borrowed(std::str::from_utf8(&ascii).unwrap())),
                "{label:?}"
            );
            assert_eq!(slow(encoding, &ascii), Some(true), "{label:?}");
        }
        // Any text is its own bytes in UTF-8.
        let mut out = Vec::new();
        encode_into(encoding_rs::UTF_8, "日本 😀", &mut out).unwrap();
        assert_eq!(out, encode(encoding_rs::UTF_8, "日本 😀").unwrap());
        // ISO-2022-JP never takes the fast path.
        let iso = resolve(Some(b"iso-2022-jp")).unwrap();
        assert!(!surely_encodes_back(iso, b"abc"));
    }

    proptest::proptest! {
        #[test]
        fn fast_path_implies_slow_path(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    0x20..0x7Fu8,
                    0x8E..=0x8Fu8,
                    0xA1..=0xFEu8,
                    proptest::num::u8::ANY,
                ],
                0..12,
            ),
            which in 0..3usize,
        ) {
            let encoding = [encoding_rs::EUC_JP, encoding_rs::SHIFT_JIS, encoding_rs::UTF_8][which];
            if let Some(back) = slow(encoding, &bytes)
                && surely_encodes_back(encoding, &bytes)
            {
                proptest::prop_assert!(back, "{:02X?}", bytes);
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn is_euc_jp_agrees_with_decoding(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(vec![
                        &b"a"[..], b"\xc6\xfc", b"\x8e\xb1", b"\x8f\xb0\xa1", b"\xff", b"\xc6",
                    ])
                    .prop_map(<[u8]>::to_vec),
                    proptest::num::u8::ANY.prop_map(|b| vec![b]),
                ],
                0..1200,
            )
        ) {
            let bytes = bytes.concat();
            let decodes = encoding_rs::EUC_JP
                .decode_without_bom_handling_and_without_replacement(&bytes)
                .is_some();
            proptest::prop_assert_eq!(is_euc_jp(&bytes), decodes);
        }
    }

    #[test]
    fn is_euc_jp_reads_past_its_scratch_buffer() {
        // 3 UTF-8 bytes for each 2 EUC-JP ones: several scratch buffers.
        let long = b"\xc6\xfc".repeat(2_000);
        assert!(is_euc_jp(&long));
        let mut bad = long.clone();
        bad.push(0xff);
        assert!(!is_euc_jp(&bad));
    }

    /// `encode_into` appends what `encode` returns, or refuses with the
    /// same character and leaves `out` as it was, for every character
    /// below U+3100, the CJK and compatibility blocks sampled and every
    /// character from U+F900 on, alone and between other text, in each
    /// encoding a writer may be asked for.
    #[test]
    fn encode_into_appends_what_encode_returns() {
        let chars = (0..0x3100_u32)
            .chain((0x3100..0xF900).step_by(7))
            .chain(0xF900..0x1_0000)
            .chain((0x1_0000..0x11_0000).step_by(4_099))
            .filter_map(char::from_u32);
        for encoding in [
            encoding_rs::EUC_JP,
            encoding_rs::SHIFT_JIS,
            encoding_rs::ISO_2022_JP,
            encoding_rs::UTF_8,
        ] {
            for c in chars.clone() {
                for text in [c.to_string(), format!("あ{c}b")] {
                    let mut out = b"before".to_vec();
                    let result = encode_into(encoding, &text, &mut out);
                    match encode(encoding, &text) {
                        Ok(bytes) => {
                            assert_eq!(result, Ok(()), "{} {text:?}", encoding.name());
                            assert_eq!(out[6..], bytes[..], "{} {text:?}", encoding.name());
                        }
                        Err(refused) => {
                            assert_eq!(result, Err(refused), "{} {text:?}", encoding.name());
                            assert_eq!(out, b"before", "{} {text:?}", encoding.name());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn encode_into_reads_back_past_its_scratch_buffer() {
        // Longer than the 512-byte buffer the bytes are read back in.
        let long = "日本語のテキスト, ".repeat(200);
        let mut out = Vec::new();
        encode_into(encoding_rs::EUC_JP, &long, &mut out).unwrap();
        assert_eq!(out, encode(encoding_rs::EUC_JP, &long).unwrap());
        let bad = format!("{long}¥");
        let mut out = Vec::new();
        assert_eq!(encode_into(encoding_rs::EUC_JP, &bad, &mut out), Err('¥'));
        assert!(out.is_empty());
        // A character that reads back as another only at the end.
        let minus = format!("{long}\u{2212}");
        assert_eq!(
            encode_into(encoding_rs::EUC_JP, &minus, &mut out),
            Err('\u{2212}')
        );
    }

    #[test]
    fn characters_that_read_back_as_others_are_refused() {
        // U+00A5 and U+203E are written as ASCII by the WHATWG encoders.
        assert_eq!(encode(encoding_rs::EUC_JP, "price 100¥"), Err('¥'));
        assert_eq!(encode(encoding_rs::EUC_JP, "a‾b"), Err('‾'));
        assert_eq!(encode(encoding_rs::SHIFT_JIS, "‾"), Err('‾'));
    }
}
