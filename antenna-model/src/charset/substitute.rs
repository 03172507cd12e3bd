//! JIS-compatible substitution: writing a character that the Japanese
//! encodings cannot hold as the character that has its JIS X 0208 code,
//! only when the caller asks, and saying so every time.
//!
//! See the [module docs](super) for the table and why.

use std::borrow::Cow;
use std::sync::Arc;

use encoding_rs::Encoding;

use crate::{Entry, Feed, Loss};

/// What to do with a character that the target encoding cannot write
/// exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Substitution {
    /// Refuse it (the default): what is written reads back as the same
    /// text.
    #[default]
    Exact,
    /// Write it as its JIS-compatible twin ([`jis_compatible_twin`]) when
    /// the twin can be written exactly; refuse it otherwise. Every
    /// substitution is returned, for the caller to report.
    JisCompatible,
}

/// One character written as another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Substituted {
    /// The character in the text.
    pub from: char,
    /// The character written in its place.
    pub to: char,
}

impl std::fmt::Display for Substituted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (U+{:04X}) written as {} (U+{:04X}), the character of the same JIS X 0208 code in the WHATWG (Microsoft) mapping",
            self.from,
            u32::from(self.from),
            self.to,
            u32::from(self.to)
        )
    }
}

/// The pairs of characters that JIS X 0208 gives one code and Unicode two:
/// the first is what the JIS mapping (and so macOS, and text typed on it)
/// decodes the code to, the second what Microsoft's mapping (CP932, and
/// the WHATWG tables `encoding_rs` follows) does.
const TWINS: [(char, char); 7] = [
    ('\u{301C}', '\u{FF5E}'), // 〜 WAVE DASH / ～ FULLWIDTH TILDE (1-01-33)
    ('\u{2014}', '\u{2015}'), // — EM DASH / ― HORIZONTAL BAR (1-01-29)
    ('\u{2016}', '\u{2225}'), // ‖ DOUBLE VERTICAL LINE / ∥ PARALLEL TO (1-01-34)
    ('\u{2212}', '\u{FF0D}'), // − MINUS SIGN / － FULLWIDTH HYPHEN-MINUS (1-01-61)
    ('\u{00A2}', '\u{FFE0}'), // ¢ / ￠ (1-01-81)
    ('\u{00A3}', '\u{FFE1}'), // £ / ￡ (1-01-82)
    ('\u{00AC}', '\u{FFE2}'), // ¬ / ￢ (1-02-44)
];

/// The character of Microsoft's mapping for the same JIS X 0208 code, for
/// the seven characters of the JIS mapping that `encoding_rs` cannot write
/// exactly; `None` for any other character.
pub fn jis_compatible_twin(c: char) -> Option<char> {
    TWINS.iter().find(|(jis, _)| *jis == c).map(|&(_, ms)| ms)
}

/// `true` when `c` alone is written and read back as itself.
fn writes_exactly(encoding: &'static Encoding, c: char) -> bool {
    let mut buffer = [0u8; 4];
    super::encode(encoding, c.encode_utf8(&mut buffer)).is_ok()
}

/// The twin `c` is written as under `substitution` in `encoding`: only
/// when `c` cannot be written exactly and its twin can.
pub fn substitute_char(
    encoding: &'static Encoding,
    c: char,
    substitution: Substitution,
) -> Option<char> {
    match substitution {
        Substitution::Exact => None,
        Substitution::JisCompatible => jis_compatible_twin(c)
            .filter(|&twin| !writes_exactly(encoding, c) && writes_exactly(encoding, twin)),
    }
}

/// `text` with every character that `encoding` cannot write exactly and
/// whose twin it can replaced by the twin (under
/// [`Substitution::JisCompatible`]; under [`Substitution::Exact`] `text`
/// as it is), and the substitutions made, each pair once, in the order
/// met. Other unwritable characters are left for the encoder to refuse.
pub fn substitute<'a>(
    encoding: &'static Encoding,
    text: &'a str,
    substitution: Substitution,
) -> (Cow<'a, str>, Vec<Substituted>) {
    if substitution == Substitution::Exact
        || encoding == encoding_rs::UTF_8
        || !text.chars().any(|c| jis_compatible_twin(c).is_some())
    {
        return (Cow::Borrowed(text), Vec::new());
    }
    let mut made: Vec<Substituted> = Vec::new();
    let out: String = text
        .chars()
        .map(|c| match substitute_char(encoding, c, substitution) {
            Some(twin) => {
                let one = Substituted { from: c, to: twin };
                if !made.contains(&one) {
                    made.push(one);
                }
                twin
            }
            None => c,
        })
        .collect();
    if made.is_empty() {
        (Cow::Borrowed(text), made)
    } else {
        (Cow::Owned(out), made)
    }
}

/// [`encode`](super::encode) after [`substitute`]: the bytes and the
/// substitutions made, or the first character that still cannot be
/// written exactly.
pub fn encode_substituting(
    encoding: &'static Encoding,
    text: &str,
    substitution: Substitution,
) -> Result<(Vec<u8>, Vec<Substituted>), char> {
    let (text, made) = substitute(encoding, text, substitution);
    Ok((super::encode(encoding, &text)?, made))
}

/// Applies [`substitute`] to every text of `feed` that a writer encodes
/// (titles, names, keywords, extension values, and the fields as written
/// that HINA-DI reproduces, [`Entry::written`]; URLs are ASCII), and
/// returns a [`Loss`] for each substitution, naming the entry and field,
/// so that a conversion that substitutes says so. Under
/// [`Substitution::Exact`] nothing changes.
///
/// A field as written gets the same substitution as its parsed value, so
/// that it still reads back as that value and is still written as it
/// was; the substitution is reported once, for the value.
pub fn substitute_in_feed(
    feed: &mut Feed,
    encoding: &'static Encoding,
    substitution: Substitution,
) -> Vec<Loss> {
    let mut fixer = Fixer {
        encoding,
        substitution,
        losses: Vec::new(),
    };
    if substitution == Substitution::Exact {
        return fixer.losses;
    }
    if let Some(agent) = &mut feed.agent {
        fixer.fix(&mut agent.name, None, "agent");
    }
    for (text, field) in [
        (&mut feed.title, "title"),
        (&mut feed.description, "description"),
    ] {
        if let Some(text) = text {
            fixer.fix(text, None, field);
        }
    }
    let mut losses = fixer.losses;
    for entry in &mut feed.entries {
        substitute_in_entry(entry, encoding, substitution, &mut losses);
    }
    losses
}

/// [`substitute_in_feed`] for one entry: its texts substituted, a [`Loss`]
/// pushed onto `losses` for each substitution (a field as written reported
/// only when `losses` does not hold its value's already). What a streamed
/// converter fits entry by entry; the whole-feed one is made of it.
pub fn substitute_in_entry(
    entry: &mut Entry,
    encoding: &'static Encoding,
    substitution: Substitution,
    losses: &mut Vec<Loss>,
) {
    if substitution == Substitution::Exact {
        return;
    }
    let mut fixer = Fixer {
        encoding,
        substitution,
        losses: std::mem::take(losses),
    };
    fixer.entry(entry);
    *losses = fixer.losses;
}

/// Substitutes text by text, collecting the losses.
struct Fixer {
    encoding: &'static Encoding,
    substitution: Substitution,
    losses: Vec<Loss>,
}

impl Fixer {
    /// Substitutes in `text`, with a loss for each pair replaced.
    fn fix(&mut self, text: &mut String, entry: Option<&str>, field: &str) {
        self.fix_reporting(text, entry, field, false);
    }

    /// [`Fixer::fix`]; with `once`, no loss for a pair already reported
    /// for `entry` (the same text, written and parsed).
    fn fix_reporting(&mut self, text: &mut String, entry: Option<&str>, field: &str, once: bool) {
        if let Some(new) = self.fixed(text, entry, field, once) {
            *text = new;
        }
    }

    /// [`Fixer::fix_reporting`] of a borrowed text: the new text, or
    /// `None` when it needs none.
    fn fixed(
        &mut self,
        text: &str,
        entry: Option<&str>,
        field: &str,
        once: bool,
    ) -> Option<String> {
        let (new, made) = substitute(self.encoding, text, self.substitution);
        if made.is_empty() {
            return None;
        }
        let new = new.into_owned();
        for one in made {
            let reason = one.to_string();
            let reported = once
                && self
                    .losses
                    .iter()
                    .any(|l| l.entry.as_deref() == entry && l.reason == reason);
            if !reported {
                self.losses.push(Loss {
                    entry: entry.map(Arc::from),
                    field: field.to_owned().into(),
                    reason: reason.into(),
                });
            }
        }
        Some(new)
    }

    /// Every text of `entry`, named by the entry's URL and the field's
    /// name in the model (a field as written by its own name).
    fn entry(&mut self, entry: &mut Entry) {
        let url = entry.url.to_string();
        let url = Some(url.as_str());
        for (text, field) in [
            (&mut entry.title, "title"),
            (&mut entry.author, "author"),
            (&mut entry.content_type, "content_type"),
            (&mut entry.server, "server"),
            (&mut entry.hina_version, "hina_version"),
        ] {
            if let Some(text) = text {
                self.fix(text, url, field);
            }
        }
        if let Some(agent) = &mut entry.authorized {
            self.fix(&mut agent.name, url, "authorized");
        }
        for keyword in &mut entry.keywords {
            self.fix(keyword, url, "keywords");
        }
        for (list, once) in [(&mut entry.extensions, false), (&mut entry.written, true)] {
            list.change_values(|field| self.fixed(field.value, url, field.name, once));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, ISO_2022_JP, SHIFT_JIS, UTF_8};

    /// What `encoding_rs` does with each pair, checked byte by byte (the
    /// codes are JIS X 0208's, as EUC-JP and Shift_JIS write them): the
    /// JIS-mapping character has no code or comes back as its twin; the
    /// twin is written at the JIS code and comes back as itself.
    #[test]
    fn encoding_rs_writes_the_microsoft_twins_at_the_jis_codes() {
        // (JIS-mapping char, twin, EUC-JP code, Shift_JIS code, what the
        // JIS char encodes to in EUC-JP if anything)
        type Row = (char, char, [u8; 2], [u8; 2], Option<[u8; 2]>);
        let table: [Row; 7] = [
            ('〜', '～', [0xA1, 0xC1], [0x81, 0x60], None),
            ('—', '―', [0xA1, 0xBD], [0x81, 0x5C], None),
            ('‖', '∥', [0xA1, 0xC2], [0x81, 0x61], None),
            // WHATWG encodes U+2212 at 1-01-61, which decodes as U+FF0D.
            ('−', '－', [0xA1, 0xDD], [0x81, 0x7C], Some([0xA1, 0xDD])),
            ('¢', '￠', [0xA1, 0xF1], [0x81, 0x91], None),
            ('£', '￡', [0xA1, 0xF2], [0x81, 0x92], None),
            ('¬', '￢', [0xA2, 0xCC], [0x81, 0xCA], None),
        ];
        for (jis, twin, euc, sjis, jis_in_euc) in table {
            assert_eq!(jis_compatible_twin(jis), Some(twin));
            let text = jis.to_string();
            let (bytes, _, unmappable) = EUC_JP.encode(&text);
            match jis_in_euc {
                Some(code) => {
                    assert!(!unmappable);
                    assert_eq!(*bytes, code);
                    assert_eq!(
                        EUC_JP.decode_without_bom_handling(&code).0,
                        twin.to_string()
                    );
                }
                // The WHATWG encoder writes `&#NNNN;` for what it cannot.
                None => assert!(unmappable, "{jis}"),
            }
            assert!(!writes_exactly(EUC_JP, jis) && !writes_exactly(SHIFT_JIS, jis));
            assert_eq!(
                super::super::encode(EUC_JP, &twin.to_string()),
                Ok(euc.to_vec())
            );
            assert_eq!(
                super::super::encode(SHIFT_JIS, &twin.to_string()),
                Ok(sjis.to_vec())
            );
            assert_eq!(EUC_JP.decode_without_bom_handling(&euc).0, twin.to_string());
            assert_eq!(
                SHIFT_JIS.decode_without_bom_handling(&sjis).0,
                twin.to_string()
            );
            assert!(writes_exactly(ISO_2022_JP, twin) && !writes_exactly(ISO_2022_JP, jis));
            // UTF-8 holds both.
            assert!(writes_exactly(UTF_8, jis));
        }
    }

    #[test]
    fn exact_substitutes_nothing_and_jis_compatible_says_what_it_did() {
        let text = "10〜20 − 3〜4 ¥";
        let (same, made) = substitute(EUC_JP, text, Substitution::Exact);
        assert_eq!((same.as_ref(), made.len()), (text, 0));
        let (out, made) = substitute(EUC_JP, text, Substitution::JisCompatible);
        // ¥ has no twin (its JIS X 0201 code is `\` in EUC-JP): left for
        // the encoder to refuse.
        assert_eq!(out, "10～20 － 3～4 ¥");
        assert_eq!(
            made,
            [
                Substituted {
                    from: '〜',
                    to: '～'
                },
                Substituted {
                    from: '−',
                    to: '－'
                }
            ]
        );
        assert_eq!(
            encode_substituting(EUC_JP, text, Substitution::JisCompatible),
            Err('¥')
        );
        let (bytes, made) =
            encode_substituting(SHIFT_JIS, "〜", Substitution::JisCompatible).unwrap();
        assert_eq!((bytes, made.len()), (vec![0x81, 0x60], 1));
        // Nothing to do in UTF-8.
        let (out, made) = substitute(UTF_8, text, Substitution::JisCompatible);
        assert_eq!((out.as_ref(), made.len()), (text, 0));
    }

    #[test]
    fn substitutions_in_a_feed_are_losses_naming_entry_and_field() {
        let mut feed = Feed::new();
        feed.title = Some("a—b".to_owned());
        let mut entry = Entry::new("http://a.example/".parse().unwrap());
        entry.title = Some("¢5".to_owned());
        entry.keywords = vec!["x‖y".to_owned()];
        feed.entries.push(entry);
        let mut exact = feed.clone();
        assert!(substitute_in_feed(&mut exact, EUC_JP, Substitution::Exact).is_empty());
        assert_eq!(exact, feed);
        let losses = substitute_in_feed(&mut feed, EUC_JP, Substitution::JisCompatible);
        assert_eq!(feed.title.as_deref(), Some("a―b"));
        assert_eq!(feed.entries[0].title.as_deref(), Some("￠5"));
        assert_eq!(feed.entries[0].keywords, ["x∥y"]);
        let fields: Vec<_> = losses
            .iter()
            .map(|l| (l.entry.as_deref(), &*l.field))
            .collect();
        assert_eq!(
            fields,
            [
                (None, "title"),
                (Some("http://a.example/"), "title"),
                (Some("http://a.example/"), "keywords")
            ]
        );
        assert!(losses[1].reason.contains("U+00A2") && losses[1].reason.contains("U+FFE0"));
    }

    #[test]
    fn an_entry_alone_is_substituted_as_in_its_feed() {
        let mut entry = Entry::new("http://a.example/".parse().unwrap());
        entry.title = Some("¢5".to_owned());
        entry.keywords = vec!["x‖y".to_owned()];
        let mut feed = Feed::new();
        feed.entries.push(entry.clone());
        let whole = substitute_in_feed(&mut feed, EUC_JP, Substitution::JisCompatible);
        let mut alone = Vec::new();
        substitute_in_entry(&mut entry, EUC_JP, Substitution::JisCompatible, &mut alone);
        assert_eq!((alone, entry), (whole, feed.entries.remove(0)));
    }

    /// Regression: the fields as written (which HINA-DI reproduces) were
    /// left unsubstituted, so they no longer read back as the substituted
    /// values and the whole block was written from the values instead
    /// (dates respelled, `Expire` renamed). They get the same substitution,
    /// reported once.
    #[test]
    fn fields_as_written_follow_their_values_with_one_loss() {
        let mut feed = Feed::new();
        let mut entry = Entry::new("http://a.example/".parse().unwrap());
        entry.title = Some("a〜b".to_owned());
        entry.written = [
            ("URL", "http://a.example/"),
            ("Title", "a〜b"),
            ("X-Note", "c—d"),
        ]
        .into_iter()
        .collect();
        entry.extensions = [("X-Note", "c—d")].into_iter().collect();
        feed.entries.push(entry);
        let losses = substitute_in_feed(&mut feed, EUC_JP, Substitution::JisCompatible);
        let entry = &feed.entries[0];
        assert_eq!(entry.title.as_deref(), Some("a～b"));
        let written: Vec<_> = entry.written.iter().map(|w| w.value).collect();
        assert_eq!(written, ["http://a.example/", "a～b", "c―d"]);
        let fields: Vec<_> = losses.iter().map(|l| &*l.field).collect();
        assert_eq!(fields, ["title", "X-Note"]);
    }

    proptest::proptest! {
        /// For any text: each character is kept or replaced by its twin,
        /// only when it cannot be written and the twin can; every pair
        /// replaced is listed; what the encoder still refuses has no
        /// twin to write instead; and nothing changes under `Exact`.
        #[test]
        fn substitution_changes_only_twins_and_lists_them(
            chars in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(vec![
                        '〜', '～', '—', '―', '‖', '∥', '−', '－', '¢', '£', '¬', '¥', '‾', 'a', 'あ',
                    ]),
                    proptest::char::any(),
                ],
                0..12,
            ),
            which in 0..4usize,
        ) {
            let text: String = chars.into_iter().collect();
            let encoding = [EUC_JP, SHIFT_JIS, ISO_2022_JP, UTF_8][which];
            let (same, none) = substitute(encoding, &text, Substitution::Exact);
            proptest::prop_assert_eq!(same.as_ref(), &text[..]);
            proptest::prop_assert!(none.is_empty());
            let (out, made) = substitute(encoding, &text, Substitution::JisCompatible);
            proptest::prop_assert_eq!(out.chars().count(), text.chars().count());
            let mut seen = Vec::new();
            for (before, after) in text.chars().zip(out.chars()) {
                if before != after {
                    proptest::prop_assert_eq!(jis_compatible_twin(before), Some(after));
                    proptest::prop_assert!(!writes_exactly(encoding, before));
                    proptest::prop_assert!(writes_exactly(encoding, after));
                    let one = Substituted { from: before, to: after };
                    if !seen.contains(&one) {
                        seen.push(one);
                    }
                }
            }
            proptest::prop_assert_eq!(&seen, &made);
            match encode_substituting(encoding, &text, Substitution::JisCompatible) {
                Ok((bytes, listed)) => {
                    proptest::prop_assert_eq!(listed, made);
                    proptest::prop_assert_eq!(Ok(bytes), super::super::encode(encoding, &out));
                }
                Err(refused) => {
                    proptest::prop_assert!(substitute_char(encoding, refused, Substitution::JisCompatible).is_none());
                }
            }
        }
    }
}
