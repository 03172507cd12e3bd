//! `--encoding` and `--substitute`: the text encoding of HINA-DI and LIRS
//! output, and whether the characters of the JIS mapping that the Japanese
//! encodings cannot write exactly are written as their JIS-compatible twins
//! (see [`antenna_model::charset`] for the table and why). A substitution
//! is a [`Loss`], printed like any other and refused by `--deny-loss`.

use antenna_model::charset::{self, Substitution};
use antenna_model::encoding_rs::Encoding;
use antenna_model::{Entry, Feed, Format, Loss, PartCodec};

use crate::Fatal;
use crate::args::{Choice, OutputEncoding, Substitute};

impl Choice {
    fn substitution(self) -> Substitution {
        match self.substitute {
            Some(Substitute::JisCompatible) => Substitution::JisCompatible,
            None => Substitution::Exact,
        }
    }

    /// The encoding `to` is written in for `feed` (a feed whose head names
    /// its encoding is set to it), or why `to` cannot be written in the one
    /// asked for.
    fn target(self, to: Format, feed: &mut Feed) -> Result<&'static Encoding, Fatal> {
        let chosen = self.encoding.map(OutputEncoding::encoding);
        if let Some(chosen) = chosen
            && !to.writes_in(chosen)
        {
            return Err(Fatal(format!(
                "--encoding: {} is written in {}, not {}",
                to.title(),
                to.encodings_written(),
                chosen.name()
            )));
        }
        if !to.names_its_encoding() {
            return Ok(chosen.unwrap_or(to.default_encoding()));
        }
        Ok(match chosen {
            Some(chosen) => {
                feed.encoding = Some(chosen.name().to_owned());
                chosen
            }
            None => charset::resolve(feed.encoding.as_deref().map(str::as_bytes))
                .unwrap_or(to.default_encoding()),
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

/// A writer's error as a sentence; an unencodable character's names the
/// options that would write it (the hints that name this tool's options
/// are the tool's to give; the format's error names none).
pub fn describe<T: PartCodec>(error: &T::WriteError) -> String {
    let mut message = error.to_string();
    if let Some(character) = T::unencodable(error) {
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
}

impl Fit {
    /// Fits `entry`, returning the substitutions made.
    pub fn entry(&mut self, entry: &mut Entry) -> Vec<Loss> {
        let mut losses = Vec::new();
        charset::substitute_in_entry(entry, self.encoding, self.substitution, &mut losses);
        losses
    }
}
