//! The first implementation of [`super::is_normalized_url`], kept as the
//! tests' oracle: a byte-by-byte restatement of its documented rule,
//! written for clarity (a pass per concern, `memchr` and splits), that the
//! table-driven scan must answer exactly as.

pub(super) fn is_normalized_url_oracle(url: &str) -> bool {
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
