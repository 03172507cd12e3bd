//! The text encoding a feed is written in, and its text fitted to it:
//! the encoding asked for (if the format can be written in it), else the
//! one the feed's head names (for a format whose head names one), else
//! the format's default; and, where asked, the characters of the JIS
//! mapping that the Japanese encodings cannot write exactly written as
//! their JIS-compatible twins ([`charset`]), each
//! substitution a [`Loss`].

use std::fmt;

use encoding_rs::Encoding;

use crate::charset::{self, Substitution};
use crate::{Entry, Feed, Format, Loss};

/// An encoding a format is not written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotWrittenIn {
    /// The format.
    pub format: Format,
    /// The encoding asked for.
    pub encoding: &'static Encoding,
}

impl fmt::Display for NotWrittenIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is written in {}, not {}",
            self.format.title(),
            self.format.encodings_written(),
            self.encoding.name()
        )
    }
}

impl std::error::Error for NotWrittenIn {}

/// How each entry of one output is fitted to its encoding, once the
/// feed's own fields are ([`Fit::head`]).
#[derive(Debug)]
pub struct Fit {
    encoding: &'static Encoding,
    substitution: Substitution,
}

impl Fit {
    /// Fits a feed's own fields (`head`, whose entries are not looked at)
    /// to the output `to` in the encoding `chosen` (else the head's or the
    /// format's): refuses an encoding the format cannot be written in,
    /// sets the encoding of a feed whose format names it, and makes the
    /// substitutions `substitution` asks for, one [`Loss`] for each;
    /// gives the [`Fit`] of the entries that follow.
    pub fn head(
        to: Format,
        chosen: Option<&'static Encoding>,
        substitution: Substitution,
        head: &mut Feed,
    ) -> Result<(Fit, Vec<Loss>), NotWrittenIn> {
        let encoding = target(to, chosen, head)?;
        let entries = std::mem::take(&mut head.entries);
        let losses = charset::substitute_in_feed(head, encoding, substitution);
        head.entries = entries;
        let fit = Fit {
            encoding,
            substitution,
        };
        Ok((fit, losses))
    }

    /// `true` when [`Fit::entry`] changes no entry: no substitution was
    /// asked for.
    pub fn is_exact(&self) -> bool {
        self.substitution == Substitution::Exact
    }

    /// Fits `entry`, returning the substitutions made.
    pub fn entry(&mut self, entry: &mut Entry) -> Vec<Loss> {
        let mut losses = Vec::new();
        charset::substitute_in_entry(entry, self.encoding, self.substitution, &mut losses);
        losses
    }
}

/// The encoding `to` is written in for `feed` (a feed whose head names
/// its encoding is set to it), or why `to` cannot be written in the one
/// `chosen`.
fn target(
    to: Format,
    chosen: Option<&'static Encoding>,
    feed: &mut Feed,
) -> Result<&'static Encoding, NotWrittenIn> {
    if let Some(chosen) = chosen
        && !to.writes_in(chosen)
    {
        return Err(NotWrittenIn {
            format: to,
            encoding: chosen,
        });
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_encoding_the_format_is_not_written_in_is_refused() {
        let mut head = Feed::new();
        let refused = Fit::head(
            Format::Lirs,
            Some(encoding_rs::SHIFT_JIS),
            Substitution::Exact,
            &mut head,
        )
        .unwrap_err();
        assert_eq!(refused.format, Format::Lirs);
        assert!(
            refused.to_string().ends_with(", not Shift_JIS"),
            "{refused}"
        );
    }

    #[test]
    fn a_head_that_names_its_encoding_is_set_to_the_one_chosen() {
        let mut head = Feed::new();
        head.encoding = Some("EUC-JP".to_owned());
        Fit::head(
            Format::HinaDi,
            Some(encoding_rs::UTF_8),
            Substitution::Exact,
            &mut head,
        )
        .unwrap();
        assert_eq!(head.encoding.as_deref(), Some("UTF-8"));
    }
}
