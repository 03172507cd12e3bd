//! Which encoding a file's values are in, and decoding them.
//!
//! rev. 0.12 §Encoding: "The character encoding of the Hina-Di file SHOULD
//! be specified as a parameter of the `Content-Type` field of the header
//! block. If it is not specified, it defaults to `EUC-JP`."
//!
//! Real files declare the wrong charset (real-world-notes: "EUC-JP
//! declared, UTF-8 written, or the reverse"). So when the values do not
//! decode in the declared (or default) encoding but all of them decode in
//! its fallback ([`charset::fallback_for`]: UTF-8, or EUC-JP when UTF-8 was
//! declared), they are read in the fallback with a
//! `hina-di/charset-mismatch` diagnostic. Otherwise the values that do not
//! decode get U+FFFD for the bad bytes (`hina-di/undecodable`), and the
//! bytes are kept so that writing gives them back. The codec itself is
//! [`antenna_model::charset`].

use antenna_model::{Reporter, charset};
use encoding_rs::Encoding;

use super::lines::RawField;
use crate::document::{Block, Field};
use crate::grammar::values;
use crate::line_end::LineEnd;
use crate::rules;

/// How the values are decoded.
pub(super) struct Decoding {
    /// The encoding every value is decoded in.
    pub(super) encoding: &'static Encoding,
    /// The encoding read instead of the declared one, if it was not it.
    pub(super) fallback: Option<&'static Encoding>,
}

/// Chooses the encoding to decode every value of the file in: the one the
/// header declares (or EUC-JP), else its fallback when every value
/// decodes in that.
pub(super) fn choose(
    reporter: &mut Reporter<'_>,
    header: &[RawField<'_>],
    fields: &[RawField<'_>],
) -> Decoding {
    let declared = declared(reporter, header);
    let Some(first_bad) = fields.iter().find(|f| !charset::decodes(declared, f.value)) else {
        return Decoding {
            encoding: declared,
            fallback: None,
        };
    };
    let fallback = charset::fallback_for(declared);
    if !fields.iter().all(|f| charset::decodes(fallback, f.value)) {
        return Decoding {
            encoding: declared,
            fallback: None,
        };
    }
    reporter.departure(
        rules::CHARSET_MISMATCH,
        first_bad.value_span(),
        format!(
            "the file is not in {} as its header says (or as the default is) but decodes as {}; read as {}",
            declared.name(),
            fallback.name(),
            fallback.name()
        ),
    );
    Decoding {
        encoding: fallback,
        fallback: Some(fallback),
    }
}

/// The encoding the header's Content-Type declares, or EUC-JP (the
/// default, also for a label that is unknown or unusable, which is
/// reported).
fn declared(reporter: &mut Reporter<'_>, header: &[RawField<'_>]) -> &'static Encoding {
    let label = header
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(b"Content-Type"))
        .and_then(|ct| values::charset_parameter(ct.value).map(|label| (label, ct)));
    let Some((label, content_type)) = label else {
        return encoding_rs::EUC_JP;
    };
    charset::resolve(Some(label)).unwrap_or_else(|| {
        reporter.departure(
            rules::UNKNOWN_CHARSET,
            content_type.value_span(),
            format!(
                "charset `{}` is unknown or cannot be used for HINA-DI; read as EUC-JP",
                String::from_utf8_lossy(label)
            ),
        );
        encoding_rs::EUC_JP
    })
}

/// Decodes the values of a block's fields (`raws`); the block ends with
/// `blank_lines`.
pub(super) fn decode_block(
    reporter: &mut Reporter<'_>,
    raws: &[RawField<'_>],
    blank_lines: Vec<LineEnd>,
    encoding: &'static Encoding,
) -> Block {
    let fields = raws
        .iter()
        .map(|raw| decode_field(reporter, raw, encoding))
        .collect();
    Block::read(fields, blank_lines)
}

fn decode_field(
    reporter: &mut Reporter<'_>,
    raw: &RawField<'_>,
    encoding: &'static Encoding,
) -> Field {
    let (value, source, lossy) = match charset::decode_exact(encoding, raw.value) {
        Some(value) => {
            // Keep the bytes when the value would not be written back as
            // them, so that writing gives the file back.
            let same = charset::encodes_back_to(encoding, &value, raw.value);
            let source = (!same).then(|| raw.value.to_vec().into_boxed_slice());
            (value.into_owned(), source, false)
        }
        None => {
            reporter.departure(
                rules::UNDECODABLE,
                raw.value_span(),
                format!(
                    "the value of `{}` holds bytes that are not {}; they were read as U+FFFD",
                    String::from_utf8_lossy(raw.name),
                    encoding.name()
                ),
            );
            (
                charset::decode_lossy(encoding, raw.value).into_owned(),
                Some(raw.value.to_vec().into_boxed_slice()),
                true,
            )
        }
    };
    Field::read(raw.name, raw.separator, value, raw.line_end, source, lossy)
}
