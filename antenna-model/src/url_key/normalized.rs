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
    // Labels separated by `.`: none empty, none starting with `xn--`. One
    // pass, as every URL of a file goes through it.
    let mut at_label_start = true;
    let mut label_starts_with_letter = false;
    for (i, &b) in host.iter().enumerate() {
        if b == b'.' {
            if at_label_start {
                return false;
            }
            at_label_start = true;
            continue;
        }
        if !(b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
            return false;
        }
        if at_label_start {
            if host.get(i..i + 4) == Some(b"xn--") {
                return false;
            }
            label_starts_with_letter = b.is_ascii_lowercase();
            at_label_start = false;
        }
    }
    // A last label that starts with a letter is not a number, so the host is
    // not an IPv4 address in any of the forms the WHATWG parser rewrites.
    !at_label_start && label_starts_with_letter
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
    // One pass: every byte allowed, and no segment of the path (up to the
    // first `?` or `#`) is `.` or `..`.
    let is_dot_segment = |dots: usize, others: bool| !others && (dots == 1 || dots == 2);
    let mut in_path = true;
    let (mut dots, mut others) = (0, false);
    for &b in path_query_fragment {
        let allowed = NORMALIZED_PATH_BYTES
            .get(usize::from(b))
            .copied()
            .unwrap_or(false);
        if !allowed {
            return false;
        }
        if !in_path {
            continue;
        }
        match b {
            b'/' | b'?' | b'#' => {
                if is_dot_segment(dots, others) {
                    return false;
                }
                (dots, others) = (0, false);
                in_path = b == b'/';
            }
            b'.' => dots += 1,
            _ => others = true,
        }
    }
    !(in_path && is_dot_segment(dots, others))
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
