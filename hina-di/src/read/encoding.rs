//! Which encoding a file's values are in, and decoding them.
//!
//! rev. 0.12 §Encoding: "The character encoding of the Hina-Di file SHOULD
//! be specified as a parameter of the `Content-Type` field of the header
//! block. If it is not specified, it defaults to `EUC-JP`."
//!
//! Real files declare the wrong charset (real-world-notes: "EUC-JP
//! declared, UTF-8 written, or the reverse"). So when the values are not
//! clean in the declared (or default) encoding (a malformed sequence, or
//! an ESC: [`charset::decodes_cleanly`]) but all of them are in another
//! Japanese encoding, the first in the order UTF-8, EUC-JP, Shift_JIS,
//! ISO-2022-JP ([`charset::first_clean_alternative`], where the rule and
//! the order are explained), they are read in that one with a
//! `hina-di/charset-mismatch` departure naming both. A declared encoding
//! in which every value is clean is believed, even when another is clean
//! too. When none is clean, the values that do not decode get U+FFFD for
//! the bad bytes (`hina-di/undecodable`), and the bytes are kept so that
//! writing gives them back. The codec itself is [`antenna_model::charset`].

use std::ops::Range;
use std::sync::Arc;

use antenna_model::{Reporter, charset};
use encoding_rs::Encoding;

use super::lines::{self, RawField};
use crate::document::{BlankLines, Block, Field, FieldKind, Value};
use crate::grammar::lines::{self as grammar, BlockLine};
use crate::grammar::values;
use crate::rules;

/// The buffers a block's values are decoded into, kept by the reader from
/// one block to the next so that decoding a block allocates only its text.
#[derive(Default)]
pub(super) struct Scratch {
    /// Every value of the block, one after the other (each piece UTF-8).
    text: Vec<u8>,
    /// Where each value ends in `text`.
    ends: Vec<usize>,
    /// The fields whose bytes must be kept, so that writing gives them
    /// back, by index: `true` for a value that did not decode, `false`
    /// for one that does not encode back to the same bytes.
    kept: Vec<(usize, bool)>,
    /// Each field's name as the spec spells it ([`FieldKind::spelled_at`]),
    /// looked up once a field rather than once for the text and once for
    /// the field.
    spelled: Vec<Option<(u8, FieldKind)>>,
}

impl Scratch {
    /// Lets go of the capacity a block beyond [`KEPT_FIELDS`] fields left
    /// (kept, the buffers of one huge block would stay for the rest of the
    /// file, beside the entry it became); the usual block's stays.
    pub(super) fn trim(&mut self) {
        // What they hold was copied into the block's text already.
        self.text.clear();
        self.ends.clear();
        self.kept.clear();
        self.spelled.clear();
        self.text.shrink_to(KEPT_FIELDS * 64);
        self.ends.shrink_to(KEPT_FIELDS);
        self.kept.shrink_to(KEPT_FIELDS);
        self.spelled.shrink_to(KEPT_FIELDS);
    }
}

/// The most fields whose buffers the reader keeps from one block to the
/// next (a block of real files has a dozen).
pub(super) const KEPT_FIELDS: usize = 1024;

/// The encoding the reader ([`super::stream`]) decodes every value in,
/// chosen before the first block is handed out: the one the header
/// declares (or EUC-JP), else its fallback when every value decodes in
/// that. A scan of the whole file finds whether every value decodes in the
/// declared encoding (and else in its fallback) without keeping the text.
/// The diagnostics of the choice are made block by block: `charset-mismatch` with the block its span is in
/// ([`Choice::report_mismatch_before`]), `undecodable` as each block is
/// decoded ([`decode_block_in`]).
pub(super) struct Choice {
    /// The encoding values are decoded in.
    encoding: &'static Encoding,
    /// The encoding read instead of the declared one, if it was not it.
    pub(super) fallback: Option<&'static Encoding>,
    /// `true` when some value does not decode in `encoding`: each such
    /// value is reported with its block.
    report_undecodable: bool,
    /// The `charset-mismatch` diagnostic, not yet reported: its span and
    /// message.
    mismatch: Option<(Range<usize>, String)>,
}

/// Chooses the encoding of the file `input` (see [`Choice`]), given its
/// header block's fields (`header`) and where the lines after the version
/// line start (`from`); reports what [`declared`] reports.
pub(super) fn choose_streamed(
    reporter: &mut Reporter<'_>,
    header: &[RawField<'_>],
    input: &[u8],
    from: usize,
) -> Choice {
    let (declared, how) = declared(reporter, header);
    let mut choice = Choice {
        encoding: declared,
        fallback: None,
        report_undecodable: false,
        mismatch: None,
    };
    let Some(first_bad) = first_undecodable(input, from, declared) else {
        return choice;
    };
    let Some(alternative) = charset::first_clean_alternative(declared, |encoding| {
        first_undecodable(input, from, encoding).is_none()
    }) else {
        choice.report_undecodable = true;
        return choice;
    };
    choice.encoding = alternative.used;
    choice.fallback = Some(alternative.used);
    choice.mismatch = Some((first_bad, alternative.describe(declared, how)));
    choice
}

impl Choice {
    /// The declared encoding not yet known: EUC-JP, the default, until
    /// [`choose_streamed`] has read the header.
    pub(super) fn unchosen() -> Self {
        Choice {
            encoding: encoding_rs::EUC_JP,
            fallback: None,
            report_undecodable: false,
            mismatch: None,
        }
    }

    /// Reports `charset-mismatch` if its span starts before `end` (the
    /// end of the block being read; `None` for the last) and it has not
    /// been reported.
    pub(super) fn report_mismatch_before(
        &mut self,
        reporter: &mut Reporter<'_>,
        end: Option<usize>,
    ) {
        if self
            .mismatch
            .as_ref()
            .is_some_and(|(span, _)| end.is_none_or(|end| span.start < end))
            && let Some((span, message)) = self.mismatch.take()
        {
            reporter.departure(rules::CHARSET_MISMATCH, span, message);
        }
    }
}

/// The value span of the first field line of `input` from byte `from` on
/// whose value is not clean in `encoding` ([`charset::decodes_cleanly`]).
/// Lines are cut as the reader cuts them, but only a line that is not
/// ASCII, or holds an ESC, is split (ASCII decodes in every
/// ASCII-compatible encoding, as [`decode_all`] assumes too).
fn first_undecodable(
    input: &[u8],
    from: usize,
    encoding: &'static Encoding,
) -> Option<Range<usize>> {
    if surely_all_decode(encoding, input.get(from..)?) {
        return None;
    }
    first_undecodable_line(input, from, encoding)
}

/// `true` when every value in `lines` is surely clean in `encoding`
/// because all of `lines` decodes and holds no ESC, in an encoding where that is enough:
/// UTF-8, EUC-JP and the single-byte encodings, where every byte of a
/// multi-byte character is 0x80 or above, so that a value, which starts
/// after and ends before an ASCII byte (or the input's end), is made of
/// whole characters. One decoder run over the text, with no output kept,
/// spares cutting and splitting every line a second time (it was 13% of
/// `antenna check` on the generated 20,000-block file). `false` says
/// nothing: the lines are then looked at one by one.
fn surely_all_decode(encoding: &'static Encoding, lines: &[u8]) -> bool {
    // An ESC is not clean in an ASCII-compatible encoding: the lines tell
    // which value holds it.
    if encoding.is_ascii_compatible() && memchr::memchr(0x1B, lines).is_some() {
        return false;
    }
    if encoding == encoding_rs::UTF_8 {
        return std::str::from_utf8(lines).is_ok();
    }
    if encoding != encoding_rs::EUC_JP && !encoding.is_single_byte() {
        return false;
    }
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut buffer = [0u8; 4096];
    let mut rest = lines;
    loop {
        let (result, read, _) = decoder.decode_to_utf8_without_replacement(rest, &mut buffer, true);
        rest = rest.get(read..).unwrap_or_default();
        match result {
            encoding_rs::DecoderResult::InputEmpty => return true,
            encoding_rs::DecoderResult::OutputFull => {}
            encoding_rs::DecoderResult::Malformed(..) => return false,
        }
    }
}

/// [`first_undecodable`], line by line.
fn first_undecodable_line(
    input: &[u8],
    from: usize,
    encoding: &'static Encoding,
) -> Option<Range<usize>> {
    let ascii_compatible = encoding.is_ascii_compatible();
    let mut rest = input.get(from..)?;
    while !rest.is_empty() {
        let start = lines::offset(input, rest);
        let (content, line_end) = grammar::raw_line(&mut rest);
        if ascii_compatible && content.is_ascii() && memchr::memchr(0x1B, content).is_none() {
            continue;
        }
        if let Ok(BlockLine::Field(field)) = grammar::block_line(content)
            && !charset::decodes_cleanly(encoding, field.value)
        {
            let raw = RawField::new(&field, content, start, line_end);
            return Some(raw.value_span());
        }
    }
    None
}

/// The fields of a block (`raws`), their values decoded in the encoding
/// `choice` holds, the values that do not decode reported when the whole
/// file was found not to decode in it or in its fallback; the block ends
/// with `blank_lines`. The block's values and names are one text that its
/// fields share (see [`Value`]), gathered in `scratch` and copied once
/// into its own allocation.
pub(super) fn decode_block_in(
    reporter: &mut Reporter<'_>,
    raws: &[RawField<'_>],
    blank_lines: BlankLines,
    choice: &Choice,
    scratch: &mut Scratch,
) -> Block {
    decode_all(choice.encoding, raws, scratch);
    if choice.report_undecodable {
        for &(i, lossy) in &scratch.kept {
            if let Some(raw) = raws.get(i).filter(|_| lossy) {
                report_undecodable(reporter, raw, choice.encoding);
            }
        }
    }
    // The names the spec does not spell after the values (ASCII, which
    // the grammar takes alone there), so that each is a slice of the text
    // too, not an allocation of its own; a spelled name is the constant.
    let values_end = scratch.text.len();
    scratch.spelled.clear();
    for raw in raws {
        let spelled = FieldKind::spelled_at(raw.name());
        if spelled.is_none() {
            scratch.text.extend_from_slice(raw.name());
        }
        scratch.spelled.push(spelled);
    }
    // Every piece is ASCII or a decoder's UTF-8, and the ends are between
    // pieces, so the check passes and the ends are character boundaries;
    // were it to fail, the text would be read as is rather than dropped.
    let text: Arc<str> = match std::str::from_utf8(&scratch.text) {
        Ok(text) => Arc::from(text),
        Err(_) => Arc::from(String::from_utf8_lossy(&scratch.text).as_ref()),
    };
    let mut start = 0;
    let mut name_start = values_end;
    let mut kept = scratch.kept.iter().peekable();
    let fields = raws
        .iter()
        .enumerate()
        .map(|(index, raw)| {
            // There is an end for every field `decode_all` was given.
            let end = scratch.ends.get(index).copied().unwrap_or(start);
            let value = Value::shared(&text, start..end);
            start = end;
            let (source, lossy) = match kept.next_if(|&&(at, _)| at == index) {
                Some(&(_, lossy)) => (Some(raw.value().to_vec().into_boxed_slice()), lossy),
                None => (None, false),
            };
            let spelled = scratch.spelled.get(index).copied().flatten();
            let name = spelled.ok_or_else(|| {
                let name = name_start..name_start + raw.name().len();
                name_start = name.end;
                name
            });
            Field::read(
                &text,
                name,
                raw.separator(),
                value,
                raw.line_end,
                source,
                lossy,
            )
        })
        .collect();
    Block::read(fields, blank_lines)
}

/// Decodes the values of `fields` in `encoding` into `scratch`.
fn decode_all(encoding: &'static Encoding, fields: &[RawField<'_>], scratch: &mut Scratch) {
    let Scratch {
        text, ends, kept, ..
    } = scratch;
    text.clear();
    ends.clear();
    kept.clear();
    // The text is gathered as bytes, each piece UTF-8, and checked once at
    // the end: a `str` per ASCII value cost a UTF-8 check of each.
    let ascii_compatible = encoding.is_ascii_compatible();
    for (i, field) in fields.iter().enumerate() {
        // ASCII in an ASCII-compatible encoding, the bulk of every file, is
        // its own text and comes back as the same bytes
        // (`charset::surely_encodes_back`): no decoder.
        if ascii_compatible && field.value().is_ascii() {
            text.extend_from_slice(field.value());
        } else if let Some(value) = charset::decode_exact(encoding, field.value()) {
            if !charset::encodes_back_to(encoding, &value, field.value()) {
                kept.push((i, false));
            }
            text.extend_from_slice(value.as_bytes());
        } else {
            kept.push((i, true));
            text.extend_from_slice(charset::decode_lossy(encoding, field.value()).as_bytes());
        }
        ends.push(text.len());
    }
}

/// The encoding the header's Content-Type declares, or EUC-JP (the
/// default, also for a label that is unknown or unusable, which is
/// reported), and the words that say which of the two it is.
fn declared(
    reporter: &mut Reporter<'_>,
    header: &[RawField<'_>],
) -> (&'static Encoding, &'static str) {
    const DEFAULT: &str = "as the default is (no usable charset in the header)";
    let label = header
        .iter()
        .find(|f| f.name().eq_ignore_ascii_case(b"Content-Type"))
        .and_then(|ct| values::charset_parameter(ct.value()).map(|label| (label, ct)));
    let Some((label, content_type)) = label else {
        return (encoding_rs::EUC_JP, DEFAULT);
    };
    if let Some(encoding) = charset::resolve(Some(label)) {
        return (encoding, "as the header says");
    }
    reporter.departure(
        rules::UNKNOWN_CHARSET,
        content_type.value_span(),
        format!(
            "charset `{}` is unknown or cannot be used for HINA-DI; read as EUC-JP",
            String::from_utf8_lossy(label)
        ),
    );
    (encoding_rs::EUC_JP, DEFAULT)
}

/// Reports a value that does not decode in `encoding` (it is read with
/// U+FFFD for the bytes that do not, and the bytes are kept).
fn report_undecodable(
    reporter: &mut Reporter<'_>,
    raw: &RawField<'_>,
    encoding: &'static Encoding,
) {
    reporter.departure(
        rules::UNDECODABLE,
        raw.value_span(),
        format!(
            "the value of `{}` holds bytes that are not {}; they were read as U+FFFD",
            String::from_utf8_lossy(raw.name()),
            encoding.name()
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        /// The whole-text shortcut never says "all decode" when a line's
        /// value does not.
        #[test]
        fn the_shortcut_agrees_with_the_line_by_line_scan(
            bytes in prop::collection::vec(prop_oneof![
                Just(b'\n'), Just(b'\r'), Just(b':'), Just(b' '), Just(b'A'),
                Just(0x8E), Just(0x8F), Just(0xA4), Just(0xA2), Just(0xE3), Just(0x81),
                Just(0x82), Just(0xFF), Just(0x41), 0x80..=0xFFu8,
            ], 0..60),
            encoding in prop::sample::select(vec![
                encoding_rs::EUC_JP, encoding_rs::UTF_8, encoding_rs::WINDOWS_1252,
                encoding_rs::ISO_8859_3, encoding_rs::SHIFT_JIS,
            ]),
        ) {
            if surely_all_decode(encoding, &bytes) {
                prop_assert_eq!(first_undecodable_line(&bytes, 0, encoding), None);
            }
        }
    }

    #[test]
    fn the_shortcut_takes_clean_text_and_leaves_the_rest() {
        let euc = b"Title: \xA4\xA2\r\nURL: http://a.jp/\r\n";
        assert!(surely_all_decode(encoding_rs::EUC_JP, euc));
        assert!(!surely_all_decode(encoding_rs::UTF_8, euc));
        assert!(!surely_all_decode(encoding_rs::EUC_JP, b"Title: \xA4\r\n"));
        assert!(!surely_all_decode(encoding_rs::SHIFT_JIS, b"Title: a\r\n"));
        assert!(surely_all_decode(
            encoding_rs::UTF_8,
            "Title: \u{3042}\n".as_bytes()
        ));
    }
}
