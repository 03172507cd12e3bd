//! §3.5's uniqueness: what a URL is compared by ([`UrlIdentity`]), the
//! check a reader asks ([`DuplicateCheck`]) and its in-memory answer, the
//! set of URLs seen so far ([`SeenUrls`]).

use std::borrow::Cow;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::ops::Range;

use antenna_model::UrlKey;
use hashbrown::HashTable;

/// What §3.5's duplicate-URL check asks of the URLs seen so far: the
/// readers call [`DuplicateCheck::check`] once for each record line, in the
/// order of the file, and report a `lirs/duplicate-url` error when it
/// answers `Some`.
///
/// [`SeenUrls`] keeps every URL in memory, which is what [`crate::read()`]
/// uses and [`crate::RecordReader::with_duplicate_detection`] turns on. A
/// tool streaming a file too large for that can plug in its own check with
/// [`crate::RecordReader::with_duplicate_check`] (for example one that
/// read the file once before to learn which records may repeat another's):
/// the diagnostics are given exactly as for [`SeenUrls`] as long as its
/// answers are the same.
pub trait DuplicateCheck {
    /// Records `url`, the URL field of the record on line `line`; returns
    /// the line of the first record whose URL has the same
    /// [`UrlIdentity`], when there was one.
    fn check(&mut self, url: &str, line: u32) -> Option<u32>;
}

impl<T: DuplicateCheck + ?Sized> DuplicateCheck for &mut T {
    fn check(&mut self, url: &str, line: u32) -> Option<u32> {
        (**self).check(url, line)
    }
}

impl<T: DuplicateCheck + ?Sized> DuplicateCheck for Box<T> {
    fn check(&mut self, url: &str, line: u32) -> Option<u32> {
        (**self).check(url, line)
    }
}

/// What a URL is compared by for §3.5: a URL that parses is its
/// [`UrlKey`] (so `HTTP://A.example:80` repeats `http://a.example/`),
/// one that does not is its exact text. Two URLs repeat each other exactly
/// when their identities are equal.
///
/// A key is held as its normalised text ([`UrlKey::as_str`]): that text is
/// the `url` crate's serialisation with normalised escapes, which includes
/// any userinfo, so two keys are equal exactly when their texts are. The
/// flag [`UrlIdentity::is_key`] keeps a key apart from an unparsed URL of
/// the same text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UrlIdentity<'a> {
    key: bool,
    text: Cow<'a, str>,
}

impl<'a> UrlIdentity<'a> {
    /// The identity of `url`, a record's URL field.
    pub fn new(url: &'a str) -> Self {
        // Fast path: most URLs are already normalised, and parsing is most
        // of the cost of the check. `UrlKey::is_normalized` only accepts
        // URLs that `UrlKey::parse` gives back unchanged.
        if UrlKey::is_normalized(url) {
            return UrlIdentity {
                key: true,
                text: Cow::Borrowed(url),
            };
        }
        match UrlKey::parse(url) {
            Ok(key) => UrlIdentity {
                key: true,
                text: Cow::Owned(key.as_str().to_owned()),
            },
            Err(_) => UrlIdentity {
                key: false,
                text: Cow::Borrowed(url),
            },
        }
    }

    /// `true` when the URL parsed and [`UrlIdentity::as_str`] is its
    /// [`UrlKey`]'s text; `false` when it is the URL as written.
    pub fn is_key(&self) -> bool {
        self.key
    }

    /// The normalised key's text, or the URL as written when it did not
    /// parse.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

/// URLs seen so far, for §3.5's "a single URL MUST NOT be repeated": the
/// in-memory [`DuplicateCheck`], compared by [`UrlIdentity`]. It grows
/// with the file: each identity's text and a 40-byte entry.
///
/// A file holds many URLs, so they are kept compactly: their identities'
/// texts one after another in `texts`, and a hash table of entries pointing
/// into it. The hash is keyed at random (`RandomState`), so input cannot
/// aim for collisions.
#[derive(Debug, Default)]
pub struct SeenUrls<S = RandomState> {
    hasher: S,
    table: HashTable<SeenEntry>,
    texts: String,
}

#[derive(Debug)]
struct SeenEntry {
    /// Where the identity's text is in `texts`.
    text: Range<usize>,
    /// `true` for a [`UrlKey`]'s text, `false` for a URL that did not parse.
    key: bool,
    line: u32,
    /// The hash of the identity, for growing the table.
    hash: u64,
}

impl SeenUrls {
    /// An empty set.
    pub fn new() -> Self {
        SeenUrls::default()
    }

    /// An empty set with room for `n` URLs.
    pub fn with_capacity(n: usize) -> Self {
        SeenUrls {
            hasher: RandomState::new(),
            table: HashTable::with_capacity(n),
            texts: String::new(),
        }
    }
}

impl<S: BuildHasher> SeenUrls<S> {
    /// Records `url`, first seen on `line`; `Some(first line)` when it was
    /// seen before.
    pub fn check(&mut self, url: &str, line: u32) -> Option<u32> {
        let UrlIdentity { key, text } = UrlIdentity::new(url);
        let hash = self.hasher.hash_one((key, &*text));
        let texts = &self.texts;
        let same =
            |entry: &SeenEntry| entry.key == key && texts.get(entry.text.clone()) == Some(&*text);
        if let Some(first) = self.table.find(hash, same) {
            return Some(first.line);
        }
        let start = self.texts.len();
        self.texts.push_str(&text);
        let entry = SeenEntry {
            text: start..self.texts.len(),
            key,
            line,
            hash,
        };
        self.table.insert_unique(hash, entry, |entry| entry.hash);
        None
    }
}

impl<S: BuildHasher> DuplicateCheck for SeenUrls<S> {
    fn check(&mut self, url: &str, line: u32) -> Option<u32> {
        SeenUrls::check(self, url, line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::hash::{BuildHasherDefault, Hasher};

    /// A hasher that gives every key the same hash.
    #[derive(Default)]
    struct Constant;

    impl Hasher for Constant {
        fn finish(&self) -> u64 {
            7
        }
        fn write(&mut self, _: &[u8]) {}
    }

    #[test]
    fn raw_urls_and_keys_are_told_apart() {
        let mut seen = SeenUrls {
            hasher: BuildHasherDefault::<Constant>::default(),
            ..SeenUrls::default()
        };
        assert_eq!(seen.check("not a url", 1), None);
        assert_eq!(seen.check("http://a.example/", 2), None);
        assert_eq!(seen.check("HTTP://A.example:80", 3), Some(2));
        assert_eq!(seen.check("not a url", 4), Some(1));
        assert_eq!(seen.check("not a URL", 5), None);
    }

    #[test]
    fn identities_are_keys_or_the_text_as_written() {
        let key = UrlIdentity::new("HTTP://A.example:80");
        assert!(key.is_key());
        assert_eq!(key.as_str(), "http://a.example/");
        assert_eq!(key, UrlIdentity::new("http://a.example/"));
        let raw = UrlIdentity::new("not a url");
        assert!(!raw.is_key());
        assert_eq!(raw.as_str(), "not a url");
    }

    /// A check passed by reference or boxed answers as itself.
    #[test]
    fn checks_by_reference_and_boxed() {
        let mut seen = SeenUrls::new();
        assert_eq!(
            DuplicateCheck::check(&mut &mut seen, "http://a.example/", 1),
            None
        );
        let mut boxed: Box<dyn DuplicateCheck> = Box::new(seen);
        assert_eq!(boxed.check("http://a.example/", 2), Some(1));
    }

    /// The diagnostics of a stream, each item's and the trailing ones.
    fn streamed<D: DuplicateCheck>(mut reader: crate::RecordReader<&[u8], D>) -> Vec<String> {
        let mut shown = Vec::new();
        for item in reader.by_ref() {
            let diagnostics = match item {
                Ok(parsed) => parsed.diagnostics,
                Err(rejected) => rejected.diagnostics,
            };
            shown.extend(diagnostics.iter().map(|d| format!("{d:?}")));
        }
        shown.extend(
            reader
                .take_trailing_diagnostics()
                .iter()
                .map(|d| format!("{d:?}")),
        );
        shown
    }

    /// A check plugged into the streaming reader gives the diagnostics the
    /// built-in one does, and the reader reports exactly its answers.
    #[test]
    fn a_plugged_check_reports_as_the_built_in_one() {
        let input: &[u8] = b"LIRS,1,2,0,3,http://a.example/,t,a,0,,\n\
# c\n\
LIRS,1,2,0,3,http://b.example/,t,a,0,,\n\
LIRS,1,2,0,3,HTTP://A.example:80/,t,a,0,,\n";
        let options = crate::ReadOptions::default();
        let built_in =
            streamed(crate::RecordReader::new(input, options).with_duplicate_detection(true));
        assert_eq!(built_in.len(), 1, "{built_in:?}");
        assert!(
            built_in[0].contains("already appears on line 1"),
            "{built_in:?}"
        );
        let mut seen = SeenUrls::new();
        let plugged =
            streamed(crate::RecordReader::new(input, options).with_duplicate_check(&mut seen));
        assert_eq!(plugged, built_in);
        assert_eq!(seen.check("http://b.example/", 9), Some(3));
        // A check that calls every URL after the first a repeat of line 2.
        struct Liar(bool);
        impl DuplicateCheck for Liar {
            fn check(&mut self, _: &str, _: u32) -> Option<u32> {
                std::mem::replace(&mut self.0, true).then_some(2)
            }
        }
        let lied =
            streamed(crate::RecordReader::new(input, options).with_duplicate_check(Liar(false)));
        assert_eq!(lied.len(), 2, "{lied:?}");
        assert!(lied.iter().all(|d| d.contains("already appears on line 2")));
        let off = streamed(crate::RecordReader::new(input, options));
        assert!(off.is_empty(), "{off:?}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(2000))]
        #[test]
        fn duplicate_verdicts_match_url_keys(
            urls in proptest::collection::vec(
                proptest::string::string_regex(
                    "(http|HTTP)://(a|A|b)\\.example(:80)?(/|/\\./|/%7e|/~|/x/\\.\\./)?",
                )
                .unwrap(),
                0..12,
            )
        ) {
            // The slow path: every URL through `UrlKey::parse`.
            let mut slow: HashMap<Result<UrlKey, String>, u32> = HashMap::new();
            let mut seen: SeenUrls = SeenUrls::default();
            // Every hash equal: every check walks the chain.
            let mut colliding = SeenUrls {
                hasher: BuildHasherDefault::<Constant>::default(),
                ..SeenUrls::default()
            };
            for (line, url) in (1..).zip(&urls) {
                let identity = UrlKey::parse(url).map_err(|_| url.clone());
                let expected = match slow.get(&identity) {
                    Some(&first) => Some(first),
                    None => {
                        slow.insert(identity, line);
                        None
                    }
                };
                proptest::prop_assert_eq!(seen.check(url, line), expected, "{}", url);
                proptest::prop_assert_eq!(colliding.check(url, line), expected, "{}", url);
            }
        }
    }
}
