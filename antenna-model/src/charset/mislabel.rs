//! Files whose declared charset is not the one they are written in: which
//! Japanese encoding to read them in instead, and how to say so.
//!
//! Real files lie about their charset (real-world notes: "EUC-JP
//! declared, UTF-8 written, or the reverse"; a Shift_JIS header over EUC-JP
//! bytes). Reading such a file in the declared charset gives mojibake, or
//! U+FFFD for the bytes that do not decode. The rule every format crate
//! follows, written once here:
//!
//! 1. Bytes are **clean** in an encoding ([`decodes_cleanly`]) when they
//!    decode with no malformed sequence (what `encoding_rs` calls
//!    `had_errors`, or `decode_without_replacement` returning `None`) and,
//!    in an ASCII-compatible encoding, hold no ESC byte (0x1B). ESC is a
//!    control character no text field may hold (HINA-DI's TEXT excludes
//!    CTLs) and is how ISO-2022-JP switches character sets: without this,
//!    an ISO-2022-JP file would always be "clean" in EUC-JP, since any
//!    7-bit bytes decode in an ASCII-compatible encoding.
//! 2. When the declared encoding (or the format's default) is clean, the
//!    file is read in it, **even when another encoding is clean too**. The
//!    byte ranges overlap: EUC-JP's two-byte codes (both bytes 0xA1–0xFE)
//!    are often valid Shift_JIS (a byte 0xA1–0xDF alone is a half-width
//!    katakana there), and short EUC-JP text can be valid UTF-8; a
//!    declaration is evidence and a guess is not, so the guess never
//!    overrules a declaration the bytes agree with.
//! 3. Otherwise the other Japanese encodings are tried in the order of
//!    [`JAPANESE`] — UTF-8, EUC-JP, Shift_JIS, ISO-2022-JP — and the file is
//!    read in the first that is clean ([`first_clean_alternative`]), with a
//!    warning (an error when strict: a departure) that names the declared
//!    encoding and the one used, and the others that were clean too
//!    ([`Alternative::describe`]). The order puts the strictest first:
//!    non-ASCII text in another encoding is almost never valid UTF-8 (its
//!    lead and continuation bytes alternate in fixed patterns); EUC-JP is
//!    the formats' default, and Shift_JIS text rarely decodes as EUC-JP
//!    (its hiragana and most kanji leads, 0x81–0x9F, are not EUC-JP lead
//!    bytes); Shift_JIS takes the most byte strings, EUC-JP's among them;
//!    ISO-2022-JP is clean only for 7-bit bytes with valid escape
//!    sequences, which the others take too except for their ESC.
//! 4. When no alternative is clean either, the file is read in the declared
//!    encoding as before, and the bytes that do not decode are reported by
//!    the format crate (U+FFFD in the text, the raw bytes kept).
//!
//! Per format:
//!
//! - HINA-DI declares its charset in the header's Content-Type (default
//!   EUC-JP): every value must be clean, and the whole file is read in one
//!   encoding (`hina-di/charset-mismatch`).
//! - RSS 2.0: XML 1.0 §4.3.3 makes bytes not in the declared encoding a
//!   fatal error, and the reader already departs from it with feed
//!   readers' fallbacks (`rss2/bad-encoding`). Only a feed declared in a
//!   Japanese legacy encoding (EUC-JP, Shift_JIS, ISO-2022-JP) tries the
//!   Japanese ones, before Windows-1252: one declared UTF-8 (or nothing)
//!   keeps UTF-8 then Windows-1252, as its bad bytes are as often Latin-1,
//!   and Latin-1 text can be valid Shift_JIS.
//! - LIRS declares nothing (EUC-JP by LIRS 2.1 §2) and decides line by
//!   line, EUC-JP then UTF-8 (§7's MAY, `lirs/utf8-fallback`); a line in
//!   neither is dropped with `lirs/undecodable`, never read as mojibake.
//!
//! A declared encoding that is not Japanese (windows-1252, say) decodes
//! nearly any bytes cleanly, so rule 2 reads the file in it: the rule fixes
//! what a decoder can tell is wrong, and guesses nothing more.

use encoding_rs::Encoding;

/// The Japanese encodings in the order an undeclared or wrongly declared
/// file is tried in (see the module documentation for why this order).
pub fn japanese() -> [&'static Encoding; 4] {
    [
        encoding_rs::UTF_8,
        encoding_rs::EUC_JP,
        encoding_rs::SHIFT_JIS,
        encoding_rs::ISO_2022_JP,
    ]
}

/// The Japanese encodings as the documentation names them, in order.
pub const JAPANESE: &str = "UTF-8, EUC-JP, Shift_JIS, ISO-2022-JP";

/// `true` when `bytes` are clean in `encoding`: they decode with no
/// malformed sequence and, in an ASCII-compatible encoding, hold no ESC
/// (see the module documentation).
pub fn decodes_cleanly(encoding: &'static Encoding, bytes: &[u8]) -> bool {
    !(encoding.is_ascii_compatible() && memchr::memchr(0x1B, bytes).is_some())
        && super::decodes(encoding, bytes)
}

/// The encoding a file is read in instead of its declared one, and the
/// other alternatives that were clean too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    /// The first clean encoding in [`japanese`]'s order.
    pub used: &'static Encoding,
    /// The later ones that are clean too, in that order.
    pub also: Vec<&'static Encoding>,
}

/// The first of [`japanese`] other than `declared` in which the file is
/// clean by `clean`, and the later ones that are; `None` when none is
/// (the file is then read in `declared`). The caller has found the file
/// not clean in `declared`, and says what clean means for its format's
/// pieces (every value, every line) by `clean`.
pub fn first_clean_alternative(
    declared: &'static Encoding,
    mut clean: impl FnMut(&'static Encoding) -> bool,
) -> Option<Alternative> {
    let mut clean_ones = japanese()
        .into_iter()
        .filter(|&encoding| encoding != declared)
        .filter(|&encoding| clean(encoding));
    let used = clean_ones.next()?;
    Some(Alternative {
        used,
        also: clean_ones.collect(),
    })
}

impl Alternative {
    /// The words of the warning: that the bytes are not `declared` (`how`
    /// says who declared it, e.g. "as its header says") but decode as the
    /// encoding used, and, when others decoded too, which and why this one
    /// was taken.
    pub fn describe(&self, declared: &'static Encoding, how: &str) -> String {
        let mut message = format!(
            "the bytes are not {} {how} but decode as {}; read as {}",
            declared.name(),
            self.used.name(),
            self.used.name()
        );
        if !self.also.is_empty() {
            let also: Vec<&str> = self.also.iter().map(|e| e.name()).collect();
            message.push_str(&format!(
                " (they decode as {} too; {} comes first in the order {JAPANESE})",
                also.join(" and "),
                self.used.name()
            ));
        }
        message
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, ISO_2022_JP, SHIFT_JIS, UTF_8};

    /// "ほげ日記です" in EUC-JP, the title of issue #24 (JIS X 0208: ほ
    /// 1-04-59, げ 1-04-18, 日 1-38-92, 記 1-21-13, で 1-04-39, す
    /// 1-04-57; EUC-JP adds 0xA0 to row and cell).
    const EUC_JP_TITLE: &[u8] = b"\xA4\xDB\xA4\xB2\xC6\xFC\xB5\xAD\xA4\xC7\xA4\xB9";

    fn clean_in(bytes: &[u8]) -> impl FnMut(&'static Encoding) -> bool + '_ {
        move |encoding| decodes_cleanly(encoding, bytes)
    }

    #[test]
    fn euc_jp_under_a_shift_jis_label_is_read_as_euc_jp() {
        assert!(!decodes_cleanly(SHIFT_JIS, EUC_JP_TITLE));
        let found = first_clean_alternative(SHIFT_JIS, clean_in(EUC_JP_TITLE));
        assert_eq!(
            found,
            Some(Alternative {
                used: EUC_JP,
                also: vec![]
            })
        );
        assert_eq!(
            EUC_JP
                .decode_without_bom_handling_and_without_replacement(EUC_JP_TITLE)
                .as_deref(),
            Some("ほげ日記です")
        );
        let message = found.unwrap().describe(SHIFT_JIS, "as declared");
        assert!(message.contains("not Shift_JIS as declared"), "{message}");
        assert!(message.contains("read as EUC-JP"), "{message}");
    }

    #[test]
    fn text_clean_in_both_is_clean_in_the_declared_one() {
        // "ほげ" in EUC-JP is also four half-width katakana in Shift_JIS
        // (`､ﾛ､ｲ`): clean there, so a Shift_JIS label is believed (rule 2).
        let hoge = &EUC_JP_TITLE[..4];
        assert!(decodes_cleanly(SHIFT_JIS, hoge));
        assert_eq!(
            SHIFT_JIS
                .decode_without_bom_handling_and_without_replacement(hoge)
                .as_deref(),
            Some("､ﾛ､ｲ")
        );
    }

    #[test]
    fn shift_jis_under_an_euc_jp_label_is_read_as_shift_jis() {
        // "あ日本" in Shift_JIS: 82 A0, 93 FA, 96 7B.
        let bytes = b"\x82\xA0\x93\xFA\x96\x7B";
        assert!(!decodes_cleanly(EUC_JP, bytes));
        let found = first_clean_alternative(EUC_JP, clean_in(bytes)).unwrap();
        assert_eq!(found.used, SHIFT_JIS);
    }

    #[test]
    fn iso_2022_jp_is_not_clean_in_an_ascii_compatible_encoding() {
        // "日本" in ISO-2022-JP: ESC $ B, 46 7C 4B 5C, ESC ( B.
        let bytes = b"\x1B$BF|K\\\x1B(B";
        assert!(
            EUC_JP
                .decode_without_bom_handling_and_without_replacement(bytes)
                .is_some()
        );
        assert!(!decodes_cleanly(EUC_JP, bytes));
        assert!(decodes_cleanly(ISO_2022_JP, bytes));
        let found = first_clean_alternative(EUC_JP, clean_in(bytes)).unwrap();
        assert_eq!(found.used, ISO_2022_JP);
        assert_eq!(
            ISO_2022_JP
                .decode_without_bom_handling_and_without_replacement(bytes)
                .as_deref(),
            Some("日本")
        );
    }

    #[test]
    fn when_several_are_clean_the_order_decides_and_the_message_says_so() {
        // C3 A9 is "é" in UTF-8 and 1-35-09 (a kanji) in EUC-JP; declared
        // ISO-2022-JP, which takes no byte above 0x7F.
        let bytes = b"\xC3\xA9";
        let found = first_clean_alternative(ISO_2022_JP, clean_in(bytes)).unwrap();
        assert_eq!(found.used, UTF_8);
        assert_eq!(found.also, vec![EUC_JP, SHIFT_JIS]);
        let message = found.describe(ISO_2022_JP, "as declared");
        assert!(
            message.ends_with(
                "(they decode as EUC-JP and Shift_JIS too; UTF-8 comes first in the order UTF-8, EUC-JP, Shift_JIS, ISO-2022-JP)"
            ),
            "{message}"
        );
    }

    #[test]
    fn nothing_clean_gives_none() {
        // 0xFF is a lead byte nowhere, and no single byte is ISO-2022-JP.
        assert_eq!(first_clean_alternative(EUC_JP, clean_in(b"a\xFF")), None);
        // A NUL is the same byte in every one: not a reason to switch.
        assert!(decodes_cleanly(EUC_JP, b"a\0b"));
    }

    #[test]
    fn the_declared_encoding_is_never_an_alternative() {
        let mut tried = Vec::new();
        let _ = first_clean_alternative(EUC_JP, |encoding| {
            tried.push(encoding);
            false
        });
        assert_eq!(tried, vec![UTF_8, SHIFT_JIS, ISO_2022_JP]);
    }

    #[test]
    fn the_order_is_as_documented() {
        let names: Vec<&str> = japanese().iter().map(|e| e.name()).collect();
        assert_eq!(names.join(", "), JAPANESE);
    }
}
