//! The fast path of URL identity: a byte-level test for URLs that are
//! already their own [`UrlKey`](super::UrlKey), so that readers skip the full parse for
//! the common case. `false` is always safe; `true` is proptested against
//! [`UrlKey::parse`](super::UrlKey::parse).

/// `true` for a URL that is its own [`UrlKey`](super::UrlKey): `http://` or `https://`, a
/// host name of lower-case letters, digits and `-` (not an IP address, no
/// port, no userinfo, no IDNA `xn--` label), then a path with no `.` or
/// `..` segment, and only characters that neither the WHATWG parser
/// percent-encodes nor normalisation touches (no `%`, `\\`, space,
/// quotes, `<>`, `{}`, `^`, `|`, `[]`, controls, non-ASCII). Anything else
/// takes the slow path: `false` is always safe.
pub(super) fn is_normalized_url(url: &str) -> bool {
    let bytes = url.as_bytes();
    let rest = match bytes {
        [b'h', b't', b't', b'p', b':', b'/', b'/', rest @ ..] => rest,
        [b'h', b't', b't', b'p', b's', b':', b'/', b'/', rest @ ..] => rest,
        _ => return false,
    };
    host_end(rest)
        .and_then(|slash| rest.get(slash..))
        .is_some_and(is_normalized_path)
}

/// `true` for a byte of a normalised host label: a lower-case letter, a
/// digit or `-`.
const fn is_label_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'
}

/// `true` for a byte that neither the WHATWG parser percent-encodes nor
/// normalisation touches in a path, query or fragment: letters, digits
/// and `-._~!$&()*+,;=:@/?#`. Not `%`, `\\`, space, quotes, `<>`, `{}`,
/// `^`, `|`, `[]`, `` ` ``, controls or non-ASCII.
const fn is_kept_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'-' | b'.'
                | b'_'
                | b'~'
                | b'!'
                | b'$'
                | b'&'
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b':'
                | b'@'
                | b'/'
                | b'?'
                | b'#'
        )
}

/// `true` for [`is_kept_byte`] but `.`, `?` and `#`: the bytes where a
/// path's scan stops to look at dot segments and the path's end.
const fn is_plain_path_byte(b: u8) -> bool {
    is_kept_byte(b) && !matches!(b, b'.' | b'?' | b'#')
}

/// A table of `$test` for every byte: the scan's one look-up a byte
/// (issue #23: the splits and searches of the first version cost ~600
/// instructions a ~40-byte URL, a match on a byte class ~15 a byte, and
/// every URL of a file goes through here).
macro_rules! byte_table {
    ($test:ident) => {{
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = $test(b as u8);
            b += 1;
        }
        table
    }};
}

// Built at compile time: `b < 256` indexes a 256-entry table, and an
// out-of-bounds index would fail the build, not a read.
/// [`is_label_byte`] of every byte.
#[allow(clippy::indexing_slicing)]
const LABEL_BYTES: [bool; 256] = byte_table!(is_label_byte);

/// [`is_kept_byte`] of every byte.
#[allow(clippy::indexing_slicing)]
const KEPT_BYTES: [bool; 256] = byte_table!(is_kept_byte);

/// [`is_plain_path_byte`] of every byte.
#[allow(clippy::indexing_slicing)]
const PLAIN_PATH_BYTES: [bool; 256] = byte_table!(is_plain_path_byte);

/// `table`'s entry for `b` (256 entries: every `u8` has one).
#[inline]
fn in_table(table: &[bool; 256], b: u8) -> bool {
    table.get(usize::from(b)).copied().unwrap_or(false)
}

/// Where the host of `rest` (the URL after `http://`) ends, at its `/`,
/// when it is a normalised host name: lower-case letters, digits and `-`
/// in labels none of which is empty or starts with `xn--` (an IDNA label
/// the parser would check), the last starting with a letter (so not an
/// IPv4 address in any of the forms the WHATWG parser rewrites). `None`
/// for any other host, or none ended by `/`.
fn host_end(rest: &[u8]) -> Option<usize> {
    let mut label_start = 0;
    loop {
        let after = rest.get(label_start..)?;
        let len = after.iter().position(|&b| !in_table(&LABEL_BYTES, b))?;
        let (label, delimiter) = after.split_at(len);
        if label.is_empty() || label.starts_with(b"xn--") {
            return None;
        }
        match delimiter.first()? {
            b'.' => label_start += len + 1,
            b'/' => {
                return label
                    .first()?
                    .is_ascii_lowercase()
                    .then_some(label_start + len);
            }
            _ => return None,
        }
    }
}

/// `true` when `path_query_fragment` (from the `/` after the host) holds
/// only bytes that neither the parser nor normalisation rewrites, and its
/// path (up to the first `?` or `#`) no `.` or `..` segment.
fn is_normalized_path(path_query_fragment: &[u8]) -> bool {
    let mut at = 0;
    loop {
        let Some(after) = path_query_fragment.get(at..) else {
            return false;
        };
        let Some(len) = after.iter().position(|&b| !in_table(&PLAIN_PATH_BYTES, b)) else {
            return true;
        };
        at += len;
        match path_query_fragment.get(at) {
            Some(b'.') if !is_dot_segment_at(path_query_fragment, at) => at += 1,
            Some(b'?' | b'#') => {
                // The query and fragment: any byte kept as it is.
                return after
                    .get(len..)
                    .is_some_and(|rest| rest.iter().all(|&b| in_table(&KEPT_BYTES, b)));
            }
            _ => return false,
        }
    }
}

/// `true` when the `.` at `at` in the path starts a segment `.` or `..`:
/// a `/` before it (the path starts with one, so there is a byte before),
/// and after it, or after a second `.`, the segment's end (a `/`, a `?`,
/// a `#` or the end).
fn is_dot_segment_at(path: &[u8], at: usize) -> bool {
    let ends_segment = |b: Option<&u8>| b.is_none_or(|&b| matches!(b, b'/' | b'?' | b'#'));
    if at.checked_sub(1).and_then(|before| path.get(before)) != Some(&b'/') {
        return false;
    }
    match path.get(at + 1) {
        Some(b'.') => ends_segment(path.get(at + 2)),
        next => ends_segment(next),
    }
}

#[cfg(test)]
mod oracle;

#[cfg(test)]
mod tests {
    use super::oracle::is_normalized_url_oracle;
    use super::*;
    use crate::UrlKey;

    /// A character for every byte a `str` can hold: all of ASCII, every
    /// two-byte lead and continuation byte (U+0080 to U+07FF), and one
    /// character for each three- and four-byte lead byte.
    fn every_byte() -> impl Iterator<Item = char> {
        let three = (0xE1..=0xEF_u32).map(|lead| (lead - 0xE0) << 12);
        let four = (0xF1..=0xF4_u32).map(|lead| (lead - 0xF0) << 18);
        (0..0x800_u32)
            .chain([0x800, 0x1_0000])
            .chain(three)
            .chain(four)
            .filter_map(char::from_u32)
    }

    #[test]
    fn every_byte_of_utf8_is_covered() {
        let mut seen = [false; 256];
        for c in every_byte() {
            for &b in c.encode_utf8(&mut [0; 4]).as_bytes() {
                seen[usize::from(b)] = true;
            }
        }
        // UTF-8 never holds 0xC0, 0xC1 or 0xF5 and above.
        let never = |b: usize| b == 0xC0 || b == 0xC1 || b >= 0xF5;
        for (b, seen) in seen.into_iter().enumerate() {
            assert_eq!(seen, !never(b), "{b:#04x}");
        }
    }

    /// URLs with a hole at every kind of place the scan tells apart: the
    /// scheme, a host label's start, middle and end, the last label, the
    /// path, around dot segments, the query and the fragment.
    const ONE_HOLE: [&str; 22] = [
        "http{}//a.example/",
        "https:/{}a.example/",
        "http://{}a.example/x",
        "http://a{}b.example/x",
        "http://ab{}.example/x",
        "http://a.{}b/",
        "http://a.b{}/",
        "http://a.example{}/",
        "http://a.example{}",
        "http://{}/",
        "http://xn-{}a.example/",
        "http://a.example/{}",
        "http://a.example/x{}y/z",
        "http://a.example/{}/",
        "http://a.example/.{}",
        "http://a.example/..{}",
        "http://a.example/x/.{}/y",
        "http://a.example/x{}./y",
        "http://a.example/x?{}",
        "http://a.example/x#{}",
        "http://a.example/x?/.{}/",
        "http://a.example/x#/..{}",
    ];

    /// Every character of [`every_byte`] in every hole of [`ONE_HOLE`]:
    /// the scan answers as the oracle, so no byte has a wrong class at
    /// any place.
    #[test]
    fn every_byte_at_every_place_is_classed_as_the_oracle_does() {
        for template in ONE_HOLE {
            for c in every_byte() {
                let url = template.replace("{}", c.encode_utf8(&mut [0; 4]));
                assert_eq!(
                    is_normalized_url(&url),
                    is_normalized_url_oracle(&url),
                    "{url:?}"
                );
            }
        }
    }

    /// Two ASCII characters side by side at the places where a pair
    /// matters (`..`, `./`, `/.`, `.?`, `xn--`, an empty label).
    #[test]
    fn every_ascii_pair_is_classed_as_the_oracle_does() {
        for template in [
            "http://{}a.example/",
            "http://a.{}/",
            "http://a.example/{}",
            "http://a.example/x/{}/y",
            "http://a.example/x?{}",
        ] {
            for (a, b) in (0..0x80_u8).flat_map(|a| (0..0x80_u8).map(move |b| (a, b))) {
                let pair = [char::from(a), char::from(b)].iter().collect::<String>();
                let url = template.replace("{}", &pair);
                assert_eq!(
                    is_normalized_url(&url),
                    is_normalized_url_oracle(&url),
                    "{url:?}"
                );
            }
        }
    }

    #[test]
    fn normalized_urls() {
        for url in [
            "http://www3.example.jp/~user12/",
            "https://a-b.example/x/y.html?q=1&r=a,b#top",
            "http://a.example/./x/",
        ] {
            let key = UrlKey::parse(url).unwrap();
            assert_eq!(is_normalized_url(url), key.as_str() == url, "{url}");
        }
        for url in [
            "HTTP://a.example/",
            "http://A.example/",
            "http://a.example",
            "http://a.example:80/",
            "http://user@a.example/",
            "http://127.0.0.1/",
            "http://0x7f.1/",
            "http://xn--nxasmq6b.example/",
            "http://a.example/%7e/",
            "http://a.example/a/../b",
            "http://a.example/a/.",
            "http://a.example/a b",
            "http://a.example/a\\b",
            "http://a.example/?q='",
            "ftp://a.example/",
            "http://a..example/",
        ] {
            assert!(!is_normalized_url(url), "{url}");
        }
    }

    fn url_strategy() -> impl proptest::strategy::Strategy<Value = String> {
        proptest::prop_oneof![
            // Anything URL-like.
            proptest::string::string_regex(
                "(https?|HTTP|ftp|file)://([a-zA-Z0-9x.@:-]{0,8})(/[a-zA-Z0-9.%~?#@:;,=&+'\"\\\\ <>{}|^\\[\\]`-]{0,5}){0,3}",
            )
            .unwrap(),
            // Mostly what the fast path accepts, with its edge cases.
            proptest::string::string_regex(
                "https?://[a-z0-9.-]{1,8}(/[a-z0-9._~!$&()*+,;=:@/?#-]{0,6}){1,3}",
            )
            .unwrap(),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(2000))]
        #[test]
        fn the_scan_answers_as_the_oracle(url in url_strategy()) {
            proptest::prop_assert_eq!(is_normalized_url(&url), is_normalized_url_oracle(&url), "{}", url);
        }

        #[test]
        fn normalized_urls_are_their_own_keys(url in url_strategy()) {
            if is_normalized_url(&url) {
                let key = UrlKey::parse(&url);
                proptest::prop_assert!(key.is_ok(), "{url}");
                let key = key.unwrap();
                proptest::prop_assert_eq!(key.as_str(), url.as_str());
                proptest::prop_assert!(!key.has_userinfo());
            }
        }
    }
}
