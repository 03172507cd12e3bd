//! The set of URLs seen so far in a file, for §3.5's uniqueness.

use std::borrow::Cow;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::ops::Range;

use antenna_model::UrlKey;
use hashbrown::HashTable;

/// URLs seen so far, for §3.5's "a single URL MUST NOT be repeated".
/// URLs that parse compare as [`UrlKey`]s, others by their exact text.
///
/// A key is held as its normalised text ([`UrlKey::as_str`]): that text is
/// the `url` crate's serialisation with normalised escapes, which includes
/// any userinfo, so two keys are equal exactly when their texts are.
///
/// A file holds many URLs, so they are kept compactly: their texts one
/// after another in `texts`, and a hash table of entries pointing into it.
/// The hash is keyed at random (`RandomState`), so input cannot aim for
/// collisions.
#[derive(Debug, Default)]
pub(crate) struct SeenUrls<S = RandomState> {
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

/// What a URL is compared by: `(true, key text)` for a URL that parses,
/// `(false, url)` for one that does not.
fn url_identity(url: &str) -> (bool, Cow<'_, str>) {
    // Fast path: most URLs are already normalised, and parsing is most of
    // the cost of the check. `UrlKey::is_normalized` only accepts URLs
    // that `UrlKey::parse` gives back unchanged.
    if UrlKey::is_normalized(url) {
        return (true, Cow::Borrowed(url));
    }
    match UrlKey::parse(url) {
        Ok(key) => (true, Cow::Owned(key.as_str().to_owned())),
        Err(_) => (false, Cow::Borrowed(url)),
    }
}

impl SeenUrls {
    /// A set with room for `n` URLs.
    pub(crate) fn with_capacity(n: usize) -> Self {
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
    pub(crate) fn check(&mut self, url: &str, line: u32) -> Option<u32> {
        let (key, text) = url_identity(url);
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
