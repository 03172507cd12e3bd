//! `--encoding` and `--substitute`: the text encoding of HINA-DI and LIRS
//! output, and whether the characters of the JIS mapping that the Japanese
//! encodings cannot write exactly are written as their JIS-compatible twins
//! (see [`antenna_model::charset`] for the table and why). A substitution
//! is a [`Loss`], printed like any other and refused by `--deny-loss`.

use antenna_model::charset::{self, Substitution};
use antenna_model::encoding_rs;
use antenna_model::{Codec, Feed, Format, Loss};

use crate::Fatal;
use crate::args::{Choice, OutputEncoding, Substitute};
use crate::formats::{self, Document};

impl Choice {
    fn substitution(self) -> Substitution {
        match self.substitute {
            Some(Substitute::JisCompatible) => Substitution::JisCompatible,
            None => Substitution::Exact,
        }
    }

    /// Fits the feed to the output: refuses an encoding the format cannot
    /// be written in, sets a HINA-DI feed's charset, and makes the
    /// substitutions asked for, returning one [`Loss`] for each.
    pub fn apply(self, to: Format, feed: &mut Feed) -> Result<Vec<Loss>, Fatal> {
        let target = match (to, self.encoding) {
            (Format::Rss2, None | Some(OutputEncoding::Utf8)) => encoding_rs::UTF_8,
            (Format::Rss2, Some(_)) => {
                return Err(Fatal(
                    "--encoding: RSS is written in UTF-8 only (use --encoding utf-8 or leave it out)"
                        .to_owned(),
                ));
            }
            (Format::Lirs, Some(OutputEncoding::ShiftJis)) => {
                return Err(Fatal(
                    "--encoding: LIRS is written in EUC-JP (LIRS 2.1) or UTF-8, not Shift_JIS"
                        .to_owned(),
                ));
            }
            (Format::Lirs, Some(OutputEncoding::Utf8)) => encoding_rs::UTF_8,
            (Format::Lirs, _) => encoding_rs::EUC_JP,
            (Format::HinaDi, Some(chosen)) => {
                feed.encoding = Some(chosen.encoding().name().to_owned());
                chosen.encoding()
            }
            (Format::HinaDi, None) => charset::resolve(feed.encoding.as_deref().map(str::as_bytes))
                .unwrap_or(encoding_rs::EUC_JP),
        };
        Ok(charset::substitute_in_feed(
            feed,
            target,
            self.substitution(),
        ))
    }

    /// Writes `document` as [`formats::write`] does, LIRS in the chosen
    /// encoding; an unencodable character's error names the options that
    /// would write it.
    pub fn write(self, document: &Document, gzip: bool) -> Result<Vec<u8>, String> {
        let Document::Lirs(lirs_document) = document else {
            return formats::write(document, gzip);
        };
        let options = lirs::WriteOptions::default()
            .with_gzip(gzip)
            .with_encoding(self.lirs_encoding());
        lirs::Lirs::write(lirs_document, &options).map_err(describe_lirs_error)
    }

    /// The encoding LIRS is written in.
    pub fn lirs_encoding(self) -> lirs::Encoding {
        match self.encoding {
            Some(OutputEncoding::Utf8) => lirs::Encoding::Utf8,
            _ => lirs::Encoding::EucJp,
        }
    }
}

/// A LIRS writer's error as a sentence; an unencodable character's names
/// the options that would write it.
pub fn describe_lirs_error(error: lirs::WriteError) -> String {
    let mut message = error.to_string();
    if let lirs::WriteError::Unencodable { character, .. } = error {
        message.push_str(" (`--encoding utf-8`)");
        if let Some(twin) = charset::jis_compatible_twin(character) {
            message.push_str(&format!(
                ", or write it as {twin} (U+{:04X}), the same JIS X 0208 code, with `--substitute jis-compatible`",
                u32::from(twin)
            ));
        }
    }
    message
}
