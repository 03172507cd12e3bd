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
    let Some(rest) = bytes
        .strip_prefix(b"http://")
        .or_else(|| bytes.strip_prefix(b"https://"))
    else {
        return false;
    };
    let Some(slash) = memchr::memchr(b'/', rest) else {
        return false;
    };
    let (host, path) = rest.split_at(slash);
    is_normalized_host(host) && is_normalized_path(path)
}

fn is_normalized_host(host: &[u8]) -> bool {
    // Every byte a lower-case letter, digit, `-` or `.` (one vectorisable
    // pass, as every URL of a file goes through it), then the labels: none
    // empty, none starting with `xn--`.
    if !host.iter().fold(true, |ok, &b| {
        ok & (b.is_ascii_lowercase() | b.is_ascii_digit() | (b == b'-') | (b == b'.'))
    }) {
        return false;
    }
    let mut last_starts_with_letter = false;
    for label in host.split(|&b| b == b'.') {
        let Some(&first) = label.first() else {
            return false;
        };
        if label.starts_with(b"xn--") {
            return false;
        }
        last_starts_with_letter = first.is_ascii_lowercase();
    }
    // A last label that starts with a letter is not a number, so the host is
    // not an IPv4 address in any of the forms the WHATWG parser rewrites.
    last_starts_with_letter
}

/// The bytes [`is_normalized_path`] lets through, as a table: one look-up
/// a byte instead of a chain of comparisons.
// Built at compile time: `b < 256` indexes a 256-entry table, and an
// out-of-bounds index would fail the build, not a read.
#[allow(clippy::indexing_slicing)]
const NORMALIZED_PATH_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric()
            || matches!(
                c,
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
            );
        b += 1;
    }
    table
};

fn is_normalized_path(path_query_fragment: &[u8]) -> bool {
    // Every byte allowed (one pass without branches: a table look-up a
    // byte), then no segment of the path (up to the first `?` or `#`) `.`
    // or `..`, looked for only when the path has a `.` at all.
    let allowed = path_query_fragment.iter().fold(true, |ok, &b| {
        ok & NORMALIZED_PATH_BYTES
            .get(usize::from(b))
            .copied()
            .unwrap_or(false)
    });
    if !allowed {
        return false;
    }
    let path_end =
        memchr::memchr2(b'?', b'#', path_query_fragment).unwrap_or(path_query_fragment.len());
    let (path, _) = path_query_fragment.split_at(path_end);
    memchr::memchr(b'.', path).is_none()
        || !path
            .split(|&b| b == b'/')
            .any(|segment| segment == b"." || segment == b"..")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UrlKey;

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
