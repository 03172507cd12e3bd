//! The HTML that RSS text carries, checked for what is unsafe to display.
//!
//! RSS 2.0.1 §Elements of `<item>` lets `description` hold entity-encoded
//! HTML, and the content module's `content:encoded` is HTML by definition.
//! A reader that shows such text as it is runs its scripts and loads its
//! plug-ins, so the W3C feed validator warns about the elements and
//! attributes that HTML sanitizers (feedparser's `sanitizer.py`, ammonia)
//! remove, and about relative references, which have no base in a feed.
//!
//! The text is the value as read (references already resolved, so
//! `&lt;script&gt;` is `<script>` here). It is scanned by [`start_tags`],
//! a small tokenizer after the WHATWG HTML tokenizer's states for the
//! parts that decide where a start tag is and what its attributes hold:
//! comments, `<!...>` and `<?...>` (bogus comments) and end tags are
//! skipped, the raw text of `script`, `style`, `textarea` and their kind
//! is skipped up to its end tag, attribute values are quoted or not, and
//! character references in them are resolved (so `&#106;avascript:` is
//! caught). A tag that the text ends inside is no tag, as in a browser.
//!
//! Why not a tokenizer crate: measured on 20,000 generated feed
//! descriptions of 220 bytes (an `<a href>`, an `<img>`, `<b>`, `<p>`; 5
//! passes, release build, one machine), html5ever 0.40's tokenizer runs at
//! 74 MB/s and brings 21 crates (34 in its lock file; 22 s of clean
//! build), html5gum 0.9 at 54 MB/s with no further crate (13 s); this
//! scanner, which looks for `<` with memchr and reads the tags it finds,
//! at 268 MB/s with no new crate. The checks need start tags and
//! attribute values only, not a tree, error recovery or the text between
//! tags, and the states that decide those are the few above: the rest of
//! a full tokenizer would be weight, not accuracy.

use std::borrow::Cow;

use memchr::memchr;

/// One attribute of a start tag: its name lowercased, its value with
/// character references resolved.
pub(crate) struct Attribute<'a> {
    pub(crate) name: Cow<'a, str>,
    pub(crate) value: Cow<'a, str>,
}

/// Elements whose content is text up to their own end tag (WHATWG HTML
/// §13.2.5, RAWTEXT, RCDATA, script data and PLAINTEXT).
const RAW_TEXT: &[&str] = &[
    "script", "style", "xmp", "iframe", "noembed", "noframes", "textarea", "title",
];

/// Calls `tag` with each start tag's lowercased name and attributes, in
/// order.
pub(crate) fn start_tags(text: &str, mut tag: impl FnMut(&str, &[Attribute<'_>])) {
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut attributes = Vec::new();
    while let Some(lt) = memchr(b'<', bytes.get(at..).unwrap_or_default()) {
        let open = at + lt;
        let rest = text.get(open + 1..).unwrap_or("");
        at = open + 1;
        if let Some(comment) = rest.strip_prefix("!--") {
            // `<!-->` and `<!--->` close at once; else up to `-->` or `--!>`.
            let body = open + 4;
            at = if comment.starts_with('>') {
                body + 1
            } else if comment.starts_with("->") {
                body + 2
            } else {
                [comment.find("-->"), comment.find("--!>")]
                    .into_iter()
                    .flatten()
                    .min()
                    .map_or(text.len(), |end| {
                        body + end
                            + if comment[end..].starts_with("-->") {
                                3
                            } else {
                                4
                            }
                    })
            };
        } else if rest.starts_with(['!', '?']) {
            at = skip_past(bytes, at, b'>');
        } else if let Some(end) = rest.strip_prefix('/') {
            if end.starts_with(|c: char| c.is_ascii_alphabetic()) {
                let mut ignored = Vec::new();
                match read_tag(text, at + 1, &mut ignored) {
                    Some((_, next)) => at = next,
                    None => return,
                }
            } else if !end.is_empty() {
                // `</>` is dropped, `</3 ...>` is a bogus comment.
                at = skip_past(bytes, at, b'>');
            }
        } else if rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
            attributes.clear();
            let Some((name, next)) = read_tag(text, at, &mut attributes) else {
                return;
            };
            at = next;
            tag(&name, &attributes);
            if name == "plaintext" {
                return;
            }
            if RAW_TEXT.contains(&name.as_ref()) {
                at = raw_text_end(text, at, &name);
            }
        }
    }
}

/// The offset after the next `byte` from `at`, or the end of the text.
fn skip_past(bytes: &[u8], at: usize, byte: u8) -> usize {
    memchr(byte, bytes.get(at..).unwrap_or_default()).map_or(bytes.len(), |i| at + i + 1)
}

/// Where the raw text of element `name` that starts at `at` ends: at its
/// end tag (`</name` followed by space, `/` or `>`), else the end.
fn raw_text_end(text: &str, mut at: usize, name: &str) -> usize {
    let bytes = text.as_bytes();
    while let Some(i) = memchr(b'<', bytes.get(at..).unwrap_or_default()) {
        let open = at + i;
        let after = open + 2 + name.len();
        if bytes.get(open + 1) == Some(&b'/')
            && text
                .get(open + 2..after)
                .is_some_and(|n| n.eq_ignore_ascii_case(name))
            && bytes
                .get(after)
                .is_none_or(|b| matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ' | b'/' | b'>'))
        {
            return open;
        }
        at = open + 1;
    }
    text.len()
}

fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// Reads the tag whose name starts at `at` (after `<` or `</`): its
/// lowercased name and the offset after its `>`, the attributes pushed on
/// `attributes`. `None` when the text ends inside the tag.
fn read_tag<'a>(
    text: &'a str,
    mut at: usize,
    attributes: &mut Vec<Attribute<'a>>,
) -> Option<(Cow<'a, str>, usize)> {
    let bytes = text.as_bytes();
    let start = at;
    while bytes
        .get(at)
        .is_some_and(|&b| !is_space(b) && b != b'/' && b != b'>')
    {
        at += 1;
    }
    let name = lowercase(text.get(start..at)?);
    loop {
        while bytes.get(at).is_some_and(|&b| is_space(b) || b == b'/') {
            at += 1;
        }
        match bytes.get(at)? {
            b'>' => return Some((name, at + 1)),
            _ => {
                // The first character of a name may be `=`.
                let name_start = at;
                at += 1;
                while bytes
                    .get(at)
                    .is_some_and(|&b| !is_space(b) && !matches!(b, b'/' | b'>' | b'='))
                {
                    at += 1;
                }
                let attribute = lowercase(text.get(name_start..at)?);
                while bytes.get(at).is_some_and(|&b| is_space(b)) {
                    at += 1;
                }
                let mut value = "";
                if bytes.get(at) == Some(&b'=') {
                    at += 1;
                    while bytes.get(at).is_some_and(|&b| is_space(b)) {
                        at += 1;
                    }
                    match bytes.get(at)? {
                        &quote @ (b'"' | b'\'') => {
                            let end = at + 1 + memchr(quote, bytes.get(at + 1..)?)?;
                            value = text.get(at + 1..end)?;
                            at = end + 1;
                        }
                        _ => {
                            let from = at;
                            while bytes.get(at).is_some_and(|&b| !is_space(b) && b != b'>') {
                                at += 1;
                            }
                            value = text.get(from..at)?;
                        }
                    }
                }
                attributes.push(Attribute {
                    name: attribute,
                    value: resolve_references(value),
                });
            }
        }
    }
}

fn lowercase(name: &str) -> Cow<'_, str> {
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(name.to_ascii_lowercase())
    } else {
        Cow::Borrowed(name)
    }
}

/// An attribute value with its character references resolved as a browser
/// resolves them: numeric ones with or without `;`, named ones with `;`.
/// A reference that resolves to nothing stays as written.
fn resolve_references(value: &str) -> Cow<'_, str> {
    if !value.contains('&') {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let (resolved, used) = reference(rest).unwrap_or(('&', 1));
        out.push(resolved);
        rest = &rest[used..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The character of the reference `text` starts with (at its `&`) and the
/// bytes it takes.
fn reference(text: &str) -> Option<(char, usize)> {
    let body = text.get(1..)?;
    if let Some(number) = body.strip_prefix('#') {
        let (digits, radix, skip) = match number.strip_prefix(['x', 'X']) {
            Some(hex) => (hex, 16, 3),
            None => (number, 10, 2),
        };
        let len = digits
            .bytes()
            .take_while(|b| (*b as char).is_digit(radix))
            .count();
        let code = u32::from_str_radix(digits.get(..len).filter(|d| !d.is_empty())?, radix)
            .unwrap_or(u32::MAX);
        let c = char::from_u32(code).unwrap_or('\u{fffd}');
        let semicolon = usize::from(digits.as_bytes().get(len) == Some(&b';'));
        return Some((c, skip + len + semicolon));
    }
    let len = body.bytes().take_while(u8::is_ascii_alphanumeric).count();
    if body.as_bytes().get(len) != Some(&b';') {
        return None;
    }
    let resolved = quick_xml::escape::resolve_html5_entity(body.get(..len)?)?;
    let mut chars = resolved.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some((c, len + 2)),
        _ => None,
    }
}

/// The URL an attribute value is, as a browser's URL parser sees its
/// scheme: without leading and trailing C0 controls and spaces, with tabs
/// and line breaks removed.
pub(crate) fn url_for_scheme(value: &str) -> Cow<'_, str> {
    let trimmed = value.trim_matches(|c: char| c <= ' ');
    if trimmed.contains(['\t', '\n', '\r']) {
        Cow::Owned(trimmed.replace(['\t', '\n', '\r'], ""))
    } else {
        Cow::Borrowed(trimmed)
    }
}

/// The scheme of `url` (RFC 3986 §3.1), lowercased, if it has one.
pub(crate) fn scheme(url: &str) -> Option<String> {
    let colon = url.find(':')?;
    let scheme = url.get(..colon)?;
    let mut bytes = scheme.bytes();
    let first = bytes.next()?;
    (first.is_ascii_alphabetic()
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
    .then(|| scheme.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        start_tags(text, |name, attributes| {
            let mut s = name.to_owned();
            for a in attributes {
                s.push_str(&format!(" {}={}", a.name, a.value));
            }
            out.push(s);
        });
        out
    }

    #[test]
    fn start_tags_with_their_attributes() {
        assert_eq!(
            tags(r#"a <P>b<img SRC="x" onError='alert(2)' alt=a&amp;b checked/> c"#),
            ["p", "img src=x onerror=alert(2) alt=a&b checked="]
        );
    }

    #[test]
    fn comments_end_tags_and_raw_text_hide_markup() {
        assert_eq!(
            tags("<!-- <script> --><?x <iframe>?></b x='<embed>'><b>"),
            ["b"]
        );
        assert_eq!(
            tags("<script>document.write('<object>')</script ><em>"),
            ["script", "em"]
        );
        assert_eq!(tags("<textarea><script></TEXTAREA><i>"), ["textarea", "i"]);
        assert_eq!(tags("<!---->x<!--->y<u>"), ["u"]);
    }

    #[test]
    fn a_tag_the_text_ends_in_is_no_tag() {
        assert_eq!(tags("1 < 2 and <b>x</b> <script src='x"), ["b"]);
        assert_eq!(tags("a <3 b"), Vec::<String>::new());
    }

    #[test]
    fn references_in_values_resolve_as_in_a_browser() {
        assert_eq!(
            tags("<a href='&#106;ava&#X73;cript&colon;x'><a href='&bogus;&'>"),
            ["a href=javascript:x", "a href=&bogus;&"]
        );
    }

    #[test]
    fn schemes_are_read_as_a_url_parser_reads_them() {
        assert_eq!(
            scheme(&url_for_scheme(" java\tscript:alert(1)")).as_deref(),
            Some("javascript")
        );
        assert_eq!(scheme("foo/bar:baz"), None);
        assert_eq!(scheme("HTTP://x"), Some("http".to_owned()));
        assert_eq!(scheme("1a:b"), None);
    }
}
