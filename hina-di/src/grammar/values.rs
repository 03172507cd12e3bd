//! The values with a syntax of their own: Keyword lists and the charset
//! parameter of a Content-Type.

use winnow::Parser;
use winnow::combinator::{alt, not, preceded, repeat, terminated};
use winnow::token::{none_of, one_of, take_till, take_while};

use super::lines::is_white;

/// Result of a value grammar function (winnow's, kept inside the crate).
type PResult<O> = winnow::Result<O>;

/// One keyword: up to a `,`, or a `:` followed by white space.
///
/// ```text
/// word = TOKEN
/// ```
fn keyword<'i>(input: &mut &'i str) -> PResult<&'i str> {
    repeat::<_, _, (), _, _>(
        0..,
        alt((
            none_of([',', ':']).void(),
            (':', not(one_of([' ', '\t']))).void(),
        )),
    )
    .take()
    .parse_next(input)
}

/// Between two keywords.
///
/// ```text
/// DELIMITER = "," *(SP|HT)        ; rev. 0.6 §5.16
/// SEPARATOR = ":" 1*(SP|HT)       ; rev. 0.12 §Keyword
/// ```
fn keyword_delimiter(input: &mut &str) -> PResult<()> {
    alt((
        (',', take_while(0.., [' ', '\t'])).void(),
        (':', take_while(1.., [' ', '\t'])).void(),
    ))
    .parse_next(input)
}

/// Splits a Keyword value into its keywords, accepting both revisions'
/// delimiters; keywords are trimmed of spaces and tabs and empty ones are
/// skipped.
///
/// ```text
/// keywords = word *(DELIMITER word)    ; rev. 0.6
/// keywords = TOKEN *(SEPARATOR TOKEN)  ; rev. 0.12
/// ```
///
/// Every text is a list of keywords: [`keyword`] takes anything up to a
/// delimiter (the empty string included), and a delimiter follows until
/// the end.
pub(crate) fn keywords(value: &str) -> Vec<&str> {
    let mut input = value;
    let mut keywords = Vec::new();
    loop {
        if let Ok(keyword) = keyword.parse_next(&mut input) {
            let keyword = keyword.trim_matches([' ', '\t']);
            if !keyword.is_empty() {
                keywords.push(keyword);
            }
        }
        if keyword_delimiter.parse_next(&mut input).is_err() {
            break;
        }
    }
    debug_assert!(input.is_empty(), "{value:?}: {input:?} left");
    keywords
}

/// RFC 1521 `token`: printable ASCII except white space and tspecials.
fn mime_token<'i>(input: &mut &'i [u8]) -> PResult<&'i [u8]> {
    take_while(1.., |b: u8| {
        b.is_ascii_graphic() && !b"()<>@,;:\\\"/[]?=".contains(&b)
    })
    .parse_next(input)
}

/// RFC 822 `quoted-string` (without escapes inside, which charset names do
/// not need); returns the text between the quotes.
fn quoted_string<'i>(input: &mut &'i [u8]) -> PResult<&'i [u8]> {
    preceded(b'"', terminated(take_till(0.., b'"'), b'"')).parse_next(input)
}

/// One parameter of a Content-Type, with the `;` before it.
///
/// ```text
/// parameter := attribute "=" value
/// value := token / quoted-string
/// ```
fn mime_parameter<'i>(input: &mut &'i [u8]) -> PResult<(&'i [u8], &'i [u8])> {
    (
        preceded(
            (take_while(0.., is_white), b';', take_while(0.., is_white)),
            mime_token,
        ),
        preceded(
            (take_while(0.., is_white), b'=', take_while(0.., is_white)),
            alt((quoted_string, mime_token)),
        ),
    )
        .parse_next(input)
}

/// The value of the `charset` parameter of a Content-Type value, if any.
///
/// ```text
/// content := "Content-Type" ":" type "/" subtype *(";" parameter)  ; RFC 1521 §4
/// ```
///
/// The media type itself is not checked (the spec only defers to RFC 1521);
/// parameters are read until the first one that does not parse.
pub(crate) fn charset_parameter(value: &[u8]) -> Option<&[u8]> {
    let mut input = value;
    let _media: PResult<&[u8]> = take_till(0.., b';').parse_next(&mut input);
    while let Ok((name, value)) = mime_parameter.parse_next(&mut input) {
        if name.eq_ignore_ascii_case(b"charset") {
            return Some(value);
        }
    }
    None
}

/// The media type of a Content-Type value (`type/subtype`), trimmed.
pub(crate) fn media_type(value: &str) -> &str {
    let media = value.split_once(';').map_or(value, |(media, _)| media);
    media.trim_matches([' ', '\t'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_split_on_both_revisions_delimiters() {
        assert_eq!(
            keywords("diary, web,\tantenna"),
            ["diary", "web", "antenna"]
        );
        assert_eq!(keywords("diary: web"), ["diary", "web"]);
        assert_eq!(keywords("http://a/,b"), ["http://a/", "b"]);
        assert_eq!(keywords("a,,b"), ["a", "b"]);
        assert_eq!(keywords("a:"), ["a:"]);
        assert_eq!(keywords(", a :\tb ,"), ["a", "b"]);
        assert!(keywords("").is_empty());
        assert_eq!(keywords("日記, ウェブ"), ["日記", "ウェブ"]);
    }

    proptest::proptest! {
        #[test]
        fn keywords_read_every_text(value in "[a :,\t]{0,12}") {
            // What the grammar splits, a plain split gives too.
            let plain: Vec<&str> = value
                .split(',')
                .flat_map(|part| part.split(": ").flat_map(|p| p.split(":\t")))
                .map(|k| k.trim_matches([' ', '\t']))
                .filter(|k| !k.is_empty())
                .collect();
            proptest::prop_assert_eq!(keywords(&value), plain);
        }
    }

    #[test]
    fn charset_parameter_is_found_case_insensitively() {
        assert_eq!(
            charset_parameter(b"text/plain; charset=EUC-JP"),
            Some(&b"EUC-JP"[..])
        );
        assert_eq!(
            charset_parameter(b"text/plain;CHARSET=\"utf-8\""),
            Some(&b"utf-8"[..])
        );
        assert_eq!(
            charset_parameter(b"text/plain; format=flowed; charset=Shift_JIS"),
            Some(&b"Shift_JIS"[..])
        );
        assert_eq!(charset_parameter(b"text/plain"), None);
        assert_eq!(charset_parameter(b"text/plain; charset"), None);
        assert_eq!(media_type("image/png; x=y"), "image/png");
        assert_eq!(media_type(" text/plain "), "text/plain");
    }
}
