//! `--encoding` and `--substitute`: the text encoding of HINA-DI and LIRS
//! output, and whether the characters of the JIS mapping that the Japanese
//! encodings cannot write exactly are written as their JIS-compatible twins
//! (see [`antenna_model::charset`] for the table and why; the fitting is
//! [`antenna_model::fit`]). A substitution is a [`Loss`], printed like any
//! other and refused by `--deny-loss`.

use antenna_model::charset::{self, Substitution};
pub use antenna_model::fit::Fit;
use antenna_model::{Feed, Format, Loss, PartCodec};

use crate::Fatal;
use crate::args::{Choice, OutputEncoding, Substitute};

impl Choice {
    fn substitution(self) -> Substitution {
        match self.substitute {
            Some(Substitute::JisCompatible) => Substitution::JisCompatible,
            None => Substitution::Exact,
        }
    }

    /// Fits a feed's own fields (`head`) to the output `to` in the
    /// encoding and with the substitutions asked for ([`Fit::head`]).
    pub fn fit(self, to: Format, head: &mut Feed) -> Result<(Fit, Vec<Loss>), Fatal> {
        let chosen = self.encoding.map(OutputEncoding::encoding);
        Fit::head(to, chosen, self.substitution(), head)
            .map_err(|refused| Fatal(format!("--encoding: {refused}")))
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
