//! `--encoding` and `--substitute`: the text encoding of HINA-DI and LIRS
//! output, and whether the characters of the JIS mapping that the Japanese
//! encodings cannot write exactly are written as their JIS-compatible twins
//! (see [`antenna_model::charset`] for the table and why). A substitution
//! is a [`Loss`], printed like any other and refused by `--deny-loss`.

use antenna_model::charset::{self, Substitution};
use antenna_model::encoding_rs::{self, Encoding};
use antenna_model::{Entry, Feed, Format, Loss};

use crate::Fatal;
use crate::args::{Choice, OutputEncoding, Substitute};

impl Choice {
    fn substitution(self) -> Substitution {
        match self.substitute {
            Some(Substitute::JisCompatible) => Substitution::JisCompatible,
            None => Substitution::Exact,
        }
    }

    /// The encoding `to` is written in for `feed` (a HINA-DI feed's
    /// charset is set to it), or why `to` cannot be written in the one
    /// asked for.
    fn target(self, to: Format, feed: &mut Feed) -> Result<&'static Encoding, Fatal> {
        Ok(match (to, self.encoding) {
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
        })
    }

    /// Fits a feed's own fields (`head`, whose entries are not looked at)
    /// to the output `to`: refuses an encoding the format cannot be
    /// written in, sets a HINA-DI feed's charset, and makes the
    /// substitutions asked for, one [`Loss`] for each; gives the [`Fit`]
    /// of the entries that follow.
    pub fn fit(self, to: Format, head: &mut Feed) -> Result<(Fit, Vec<Loss>), Fatal> {
        let encoding = self.target(to, head)?;
        let entries = std::mem::take(&mut head.entries);
        let losses = charset::substitute_in_feed(head, encoding, self.substitution());
        head.entries = entries;
        let fit = Fit {
            encoding,
            substitution: self.substitution(),
            scratch: Feed::new(),
        };
        Ok((fit, losses))
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
pub fn describe_lirs_error(error: &lirs::WriteError) -> String {
    let mut message = error.to_string();
    if let lirs::WriteError::Unencodable { character, .. } = *error {
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

/// How each entry of one output is fitted to its encoding, once the
/// feed's own fields are ([`Choice::fit`]).
#[derive(Debug)]
pub struct Fit {
    encoding: &'static Encoding,
    substitution: Substitution,
    /// An empty feed the entry is fitted in: `charset::substitute_in_feed`
    /// is the model's only way to fit an entry's texts (it has no
    /// function for one entry), and this feed's own fields are empty, so
    /// only the entry's are fitted.
    scratch: Feed,
}

impl Fit {
    /// Fits `entry`, returning the substitutions made.
    pub fn entry(&mut self, entry: &mut Entry) -> Vec<Loss> {
        if self.substitution == Substitution::Exact {
            return Vec::new();
        }
        let placeholder = Entry::new(entry.url.clone());
        self.scratch
            .entries
            .push(std::mem::replace(entry, placeholder));
        let losses =
            charset::substitute_in_feed(&mut self.scratch, self.encoding, self.substitution);
        if let Some(fitted) = self.scratch.entries.pop() {
            *entry = fitted;
        }
        losses
    }
}
