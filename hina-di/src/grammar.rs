//! The grammar of HINA-DI, one function per rule, on raw bytes.
//!
//! Field names, separators and line ends are ASCII in every charset the
//! format is written in, so lines are cut and fields split on bytes; only
//! values are decoded (see `charset`). The functions here never see more
//! than one line, except [`raw_line`], which cuts the input into lines.
//!
//! These functions are crate-private: winnow's error type does not leave
//! the crate. Callers turn a failed parse into a [`Diagnostic`](antenna_model::Diagnostic).

use winnow::Parser;
use winnow::ascii::Caseless;
use winnow::combinator::{alt, eof, not, opt, preceded, repeat, separated, terminated};
use winnow::token::{none_of, one_of, rest, take, take_till, take_while};

use crate::document::LineEnd;

/// Result of a grammar function (winnow's, kept inside the crate).
type PResult<O> = winnow::Result<O>;

/// `SP | HT`
fn is_white(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// One line of the input and how it ends.
///
/// ```text
/// CRLF = CR LF
/// ```
///
/// Lenient: a bare LF also ends a line (real-world-notes: "CRLF and bare LF
/// both occur"), and the last line may have no line end at all. A CR not
/// followed by LF stays in the line, where it is a control character.
pub(crate) fn raw_line<'i>(input: &mut &'i [u8]) -> PResult<(&'i [u8], LineEnd)> {
    // `take_till(0.., b'\n')`, with a chunked search for the LF (lines are
    // the bulk of the input).
    let content: &[u8] =
        take(crate::quick::find_byte(b'\n', input).unwrap_or(input.len())).parse_next(input)?;
    let newline = opt(b'\n').parse_next(input)?;
    Ok(match (newline, content.strip_suffix(b"\r")) {
        (None, _) => (content, LineEnd::Missing),
        (Some(_), Some(stripped)) => (stripped, LineEnd::CrLf),
        (Some(_), None) => (content, LineEnd::Lf),
    })
}

/// The version line, without its line end; returns `"HINA"` as written and
/// the version after the slash.
///
/// ```text
/// HINA = "HINA" "/" hinadi-version CRLF
/// hinadi-version = "2.2beta"     ; rev. 0.12
/// hinadi-version = "2.2"         ; rev. 0.6
/// ```
///
/// `HINA` is matched without regard to case; the caller warns when it is not
/// upper case.
pub(crate) fn version_line<'i>(input: &mut &'i [u8]) -> PResult<(&'i [u8], &'i [u8])> {
    (Caseless("HINA").take(), preceded(b'/', rest)).parse_next(input)
}

/// What a version string is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VersionKind {
    /// `2.2` (rev. 0.6) or `2.2beta` (rev. 0.12).
    Defined,
    /// Another `2.<digits>...` version (`2.1` was written by real agents).
    OtherTwo,
    /// Anything else: not a HINA-DI 2 file.
    Unknown,
}

/// Classifies a version: `"2" "." 1*DIGIT *(ALPHA | DIGIT | "." | "-")`
/// is a HINA-DI 2 version (real-world-notes: "Some readers treat any
/// `HINA/2.<digit>` as HINA-DI").
pub(crate) fn version_kind(version: &[u8]) -> VersionKind {
    if version == b"2.2" || version == b"2.2beta" {
        return VersionKind::Defined;
    }
    let mut input = version;
    let two: PResult<()> = (
        b"2.",
        take_while(1.., |b: u8| b.is_ascii_digit()),
        take_while(0.., |b: u8| {
            b.is_ascii_alphanumeric() || b == b'.' || b == b'-'
        }),
        eof,
    )
        .void()
        .parse_next(&mut input);
    if two.is_ok() {
        VersionKind::OtherTwo
    } else {
        VersionKind::Unknown
    }
}

/// ```text
/// WORD = 1*(ALPHA|DIGIT)
/// ```
fn word<'i>(input: &mut &'i [u8]) -> PResult<&'i [u8]> {
    take_while(1.., |b: u8| b.is_ascii_alphanumeric()).parse_next(input)
}

/// ```text
/// field-name = WORD *( "-" WORD)
/// ```
fn field_name<'i>(input: &mut &'i [u8]) -> PResult<&'i [u8]> {
    (word, repeat::<_, _, (), _, _>(0.., (b'-', word)))
        .take()
        .parse_next(input)
}

/// `true` when `name` is exactly a `field-name` of the spec.
pub(crate) fn is_field_name(name: &[u8]) -> bool {
    let mut input = name;
    terminated(field_name, eof).parse_next(&mut input).is_ok()
}

/// The separator; returns the spaces and tabs after the colon.
///
/// ```text
/// SEPARATOR = ":" 1*(SP|HT)
/// ```
///
/// Lenient: zero spaces or tabs are taken (real-world-notes: "no white
/// space at all after the colon"); the caller warns.
fn separator<'i>(input: &mut &'i [u8]) -> PResult<&'i [u8]> {
    preceded(b':', take_while(0.., is_white)).parse_next(input)
}

/// A field line without its line end: name, separator white space, value.
///
/// ```text
/// line-format = field-name SEPARATOR field-value CRLF
/// field-value = TOKEN
/// TOKEN = <any TEXT, but don't start with SP or HT>
/// ```
///
/// The value is the rest of the line, as written: TOKEN cannot start with
/// white space, so the separator takes all of it, and white space at the
/// end belongs to the value.
///
/// The name must be a `field-name` even in lenient mode: a line that is
/// not `field-name ":" ...` (no colon, an empty name, a name with a space,
/// `_` or another character, a folded line starting with SP or HT) breaks
/// the grammar with no recovery in the spec, and is rejected by the caller.
/// Control characters in the value are the caller's to find.
pub(crate) fn field_line<'i>(input: &mut &'i [u8]) -> PResult<(&'i [u8], &'i [u8], &'i [u8])> {
    (field_name, separator, rest).parse_next(input)
}

/// A blank line (without its line end); returns the white space on it.
///
/// ```text
/// CRLF   ; the empty line that ends a block
/// ```
///
/// Lenient: a line of only spaces and tabs is taken as blank, as the
/// `/^\s*$/` tests of real readers did; the caller warns.
pub(crate) fn blank_line<'i>(input: &mut &'i [u8]) -> PResult<&'i [u8]> {
    terminated(take_while(0.., is_white), eof).parse_next(input)
}

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
pub(crate) fn keywords(value: &str) -> Vec<&str> {
    let mut input = value;
    let parsed: PResult<Vec<&str>> =
        separated(0.., keyword, keyword_delimiter).parse_next(&mut input);
    parsed
        .unwrap_or_default()
        .into_iter()
        .map(|k| k.trim_matches([' ', '\t']))
        .filter(|k| !k.is_empty())
        .collect()
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
    value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim_matches([' ', '\t'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_line_cuts_crlf_lf_and_eof() {
        let mut input: &[u8] = b"a: b\r\nc\n\r\nlast";
        assert_eq!(raw_line(&mut input).unwrap(), (&b"a: b"[..], LineEnd::CrLf));
        assert_eq!(raw_line(&mut input).unwrap(), (&b"c"[..], LineEnd::Lf));
        assert_eq!(raw_line(&mut input).unwrap(), (&b""[..], LineEnd::CrLf));
        assert_eq!(
            raw_line(&mut input).unwrap(),
            (&b"last"[..], LineEnd::Missing)
        );
        assert!(input.is_empty());
        // A CR without LF stays in the line.
        let mut input: &[u8] = b"a\rb\r";
        assert_eq!(
            raw_line(&mut input).unwrap(),
            (&b"a\rb\r"[..], LineEnd::Missing)
        );
    }

    #[test]
    fn version_line_takes_the_text_after_the_slash() {
        let mut input: &[u8] = b"HINA/2.2beta";
        assert_eq!(
            version_line(&mut input).unwrap(),
            (&b"HINA"[..], &b"2.2beta"[..])
        );
        let mut input: &[u8] = b"hina/2.2";
        assert_eq!(
            version_line(&mut input).unwrap(),
            (&b"hina"[..], &b"2.2"[..])
        );
        let mut input: &[u8] = b"HINA 2.2";
        assert!(version_line(&mut input).is_err());
        let mut input: &[u8] = b"User-Agent: x";
        assert!(version_line(&mut input).is_err());
    }

    #[test]
    fn version_kinds() {
        assert_eq!(version_kind(b"2.2"), VersionKind::Defined);
        assert_eq!(version_kind(b"2.2beta"), VersionKind::Defined);
        assert_eq!(version_kind(b"2.1"), VersionKind::OtherTwo);
        assert_eq!(version_kind(b"2.10"), VersionKind::OtherTwo);
        assert_eq!(version_kind(b"2.3alpha"), VersionKind::OtherTwo);
        assert_eq!(version_kind(b"2."), VersionKind::Unknown);
        assert_eq!(version_kind(b"3.0"), VersionKind::Unknown);
        assert_eq!(version_kind(b""), VersionKind::Unknown);
        assert_eq!(version_kind(b"2.2 "), VersionKind::Unknown);
    }

    #[test]
    fn field_names_follow_word_dash_word() {
        assert!(is_field_name(b"URL"));
        assert!(is_field_name(b"Last-Modified-Detected"));
        assert!(is_field_name(b"X-WDB-Title"));
        assert!(!is_field_name(b""));
        assert!(!is_field_name(b"-X"));
        assert!(!is_field_name(b"X-"));
        assert!(!is_field_name(b"X--Y"));
        assert!(!is_field_name(b"X_Y"));
        assert!(!is_field_name(b"X Y"));
        assert!(!is_field_name(b"X:Y"));
        assert!(!is_field_name(b"X.Y"));
        assert!(is_field_name(b"X2-3D"));
    }

    #[test]
    fn field_line_keeps_separator_and_value_as_written() {
        let mut input: &[u8] = b"Title:\t\tfoo bar ";
        assert_eq!(
            field_line(&mut input).unwrap(),
            (&b"Title"[..], &b"\t\t"[..], &b"foo bar "[..])
        );
        let mut input: &[u8] = b"URL:http://a/";
        assert_eq!(
            field_line(&mut input).unwrap(),
            (&b"URL"[..], &b""[..], &b"http://a/"[..])
        );
        let mut input: &[u8] = b"Empty: ";
        assert_eq!(
            field_line(&mut input).unwrap(),
            (&b"Empty"[..], &b" "[..], &b""[..])
        );
        let mut input: &[u8] = b"no colon here";
        assert!(field_line(&mut input).is_err());
        let mut input: &[u8] = b" Title: x";
        assert!(field_line(&mut input).is_err());
        // rev. 0.12 §Block: the name is WORD *("-" WORD), nothing else.
        for line in [
            &b": foo"[..],
            b"X_Note: foo",
            b"Last Modified: x",
            b"\tcontinued",
        ] {
            let mut input = line;
            assert!(field_line(&mut input).is_err(), "{line:?}");
        }
    }

    #[test]
    fn blank_lines_may_hold_white_space() {
        let mut input: &[u8] = b"";
        assert_eq!(blank_line(&mut input).unwrap(), b"");
        let mut input: &[u8] = b" \t";
        assert_eq!(blank_line(&mut input).unwrap(), b" \t");
        let mut input: &[u8] = b" x";
        assert!(blank_line(&mut input).is_err());
    }

    #[test]
    fn keywords_split_on_both_revisions_delimiters() {
        assert_eq!(
            keywords("diary, web,\tantenna"),
            ["diary", "web", "antenna"]
        );
        assert_eq!(keywords("diary: web"), ["diary", "web"]);
        assert_eq!(keywords("http://a/,b"), ["http://a/", "b"]);
        assert_eq!(keywords("a,,b"), ["a", "b"]);
        assert!(keywords("").is_empty());
        assert_eq!(keywords("日記, ウェブ"), ["日記", "ウェブ"]);
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
    }
}
