//! The line grammar: lines and their ends, the version line, and the lines
//! of a block.
//!
//! A line that breaks the grammar fails with a winnow cut error (the line
//! can be nothing else) labelled with the [`Fault`] it shows, at the byte
//! where the grammar went wrong; [`version_line`] and [`block_line`] hand
//! both to the reader as a [`LineError`].

use winnow::ascii::Caseless;
use winnow::combinator::{
    alt, cut_err, dispatch, empty, eof, not, opt, peek, preceded, repeat, terminated,
};
use winnow::error::{ContextError, ParseError, StrContext};
use winnow::token::{any, one_of, rest, take_till, take_while};
use winnow::{ModalResult, Parser};

use crate::line_end::LineEnd;

/// Which rule of the grammar a line breaks: the label of the cut error
/// that ends its parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fault {
    /// The first line is not `"HINA" "/" hinadi-version`.
    VersionLine,
    /// A line inside a block starts with SP or HT: an RFC 822
    /// continuation line, which HINA-DI does not have.
    Folded,
    /// A line inside a block has no `:`: it is not `field-name SEPARATOR
    /// field-value`.
    Separator,
    /// The text before the first `:` is not a `field-name`.
    FieldName,
}

impl Fault {
    const ALL: [Fault; 4] = [
        Fault::VersionLine,
        Fault::Folded,
        Fault::Separator,
        Fault::FieldName,
    ];

    /// The label of the cut error: what was expected.
    const fn label(self) -> &'static str {
        match self {
            Fault::VersionLine => "version line (HINA \"/\" hinadi-version)",
            Fault::Folded => "field line, not a continuation",
            Fault::Separator => "SEPARATOR (\":\")",
            Fault::FieldName => "field-name (WORD *(\"-\" WORD))",
        }
    }

    /// The cut error's context for this fault.
    const fn context(self) -> StrContext {
        StrContext::Label(self.label())
    }

    /// The fault a label names.
    fn of_label(label: &str) -> Option<Fault> {
        Fault::ALL.into_iter().find(|fault| fault.label() == label)
    }
}

/// A line that breaks the grammar: the rule it breaks, and the offset in
/// the line of the byte where the grammar failed (the line's length when
/// the line ended too soon).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LineError {
    /// The rule broken.
    pub(crate) fault: Fault,
    /// Where in the line.
    pub(crate) offset: usize,
}

impl LineError {
    /// The fault winnow's error was labelled with; `otherwise` for an error
    /// without one (none: every failing branch below is labelled, and the
    /// tests go through each).
    fn from_parse(error: &ParseError<&[u8], ContextError>, otherwise: Fault) -> Self {
        let fault = error
            .inner()
            .context()
            .find_map(|context| match context {
                StrContext::Label(label) => Fault::of_label(label),
                _ => None,
            })
            .unwrap_or(otherwise);
        LineError {
            fault,
            offset: error.offset(),
        }
    }
}

/// `SP | HT`
pub(crate) fn is_white(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// One line of the input and how it ends; the rest of the input when it
/// holds no LF. Takes any input (at the end of input, an empty line).
///
/// ```text
/// CRLF = CR LF
/// ```
///
/// Lenient: a bare LF also ends a line (real-world-notes: "CRLF and bare LF
/// both occur"), and the last line may have no line end at all. A CR not
/// followed by LF stays in the line, where it is a control character.
// `#[inline]` here and on the field-line functions below: they run once a
// line, and inlined into the reader's loop they cost 3% fewer instructions
// of a whole read (callgrind, the generated 20,000-block file).
#[inline]
pub(crate) fn raw_line<'i>(input: &mut &'i [u8]) -> (&'i [u8], LineEnd) {
    // `take_till(0.., b'\n')` then an optional LF, with memchr's SIMD
    // search for the LF (lines are the bulk of the input; a winnow
    // `take_till` and a chunked byte loop both cost several times more).
    let Some((content, rest)) = memchr::memchr(b'\n', input).and_then(|end| {
        let (content, rest) = input.split_at_checked(end)?;
        Some((content, rest.get(1..)?))
    }) else {
        return (std::mem::take(input), LineEnd::Missing);
    };
    *input = rest;
    match content.strip_suffix(b"\r") {
        Some(stripped) => (stripped, LineEnd::CrLf),
        None => (content, LineEnd::Lf),
    }
}

/// The version line, without its line end: `HINA` as written and the
/// version after the slash.
///
/// ```text
/// HINA = "HINA" "/" hinadi-version CRLF
/// hinadi-version = "2.2beta"     ; rev. 0.12
/// hinadi-version = "2.2"         ; rev. 0.6
/// ```
///
/// `HINA` is matched without regard to case; the caller warns when it is
/// not upper case, and classifies the version ([`version_kind`]).
pub(crate) fn version_line(line: &[u8]) -> Result<(&[u8], &[u8]), LineError> {
    hina.parse(line)
        .map_err(|e| LineError::from_parse(&e, Fault::VersionLine))
}

/// See [`version_line`].
fn hina<'i>(input: &mut &'i [u8]) -> ModalResult<(&'i [u8], &'i [u8])> {
    cut_err((Caseless("HINA").take(), preceded(b'/', rest)))
        .context(Fault::VersionLine.context())
        .parse_next(input)
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
    let two = version_two.parse(version);
    if two.is_ok() {
        VersionKind::OtherTwo
    } else {
        VersionKind::Unknown
    }
}

/// A HINA-DI 2 version other than the defined ones.
///
/// ```text
/// version-two = "2" "." 1*DIGIT *(ALPHA | DIGIT | "." | "-")
/// ```
fn version_two(input: &mut &[u8]) -> ModalResult<()> {
    (
        b"2.",
        take_while(1.., |b: u8| b.is_ascii_digit()),
        take_while(0.., |b: u8| {
            b.is_ascii_alphanumeric() || b == b'.' || b == b'-'
        }),
    )
        .void()
        .parse_next(input)
}

/// ```text
/// WORD = 1*(ALPHA|DIGIT)
/// ```
#[inline]
fn word<'i>(input: &mut &'i [u8]) -> ModalResult<&'i [u8]> {
    take_while(1.., |b: u8| b.is_ascii_alphanumeric()).parse_next(input)
}

/// ```text
/// field-name = WORD *( "-" WORD)
/// ```
#[inline]
fn field_name<'i>(input: &mut &'i [u8]) -> ModalResult<&'i [u8]> {
    (word, repeat::<_, _, (), _, _>(0.., (b'-', word)))
        .take()
        .parse_next(input)
}

/// `true` when `name` is exactly a `field-name` of the spec.
pub(crate) fn is_field_name(name: &[u8]) -> bool {
    field_name.parse(name).is_ok()
}

/// A line inside a block, without its line end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlockLine<'i> {
    /// A blank line, which ends a block; the spaces and tabs on it.
    Blank(&'i [u8]),
    /// A field line.
    Field(FieldLine<'i>),
}

/// A field line: name, the white space after the colon, value, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FieldLine<'i> {
    /// The `field-name`.
    pub(crate) name: &'i [u8],
    /// The spaces and tabs after the colon.
    pub(crate) separator: &'i [u8],
    /// The rest of the line.
    pub(crate) value: &'i [u8],
}

/// A line inside a block (without its line end): blank, or a field.
///
/// ```text
/// block = 1*( line-format ) CRLF
/// ```
///
/// A line that is neither breaks the grammar, and the spec says nothing of
/// how to read it: the error says which rule it broke (see [`field_line`]).
#[inline]
pub(crate) fn block_line(line: &[u8]) -> Result<BlockLine<'_>, LineError> {
    if let Some(field) = plain_field_line(line) {
        return Ok(BlockLine::Field(field));
    }
    any_block_line
        .parse(line)
        .map_err(|e| LineError::from_parse(&e, Fault::Separator))
}

/// The fast path of [`block_line`] for the usual line, a `field-name`
/// followed by `:`, split in one byte loop: the same [`FieldLine`] that
/// [`field_line`] gives, or `None` for every other line (blank lines, and
/// lines the grammar must read or diagnose), which then go through the
/// grammar. Running the winnow grammar on every line cost about a fifth of
/// a whole read (callgrind, the generated 20,000-block file);
/// `plain_field_line_agrees_with_the_grammar` checks the two agree.
#[inline]
fn plain_field_line(line: &[u8]) -> Option<FieldLine<'_>> {
    let colon = memchr::memchr(b':', line)?;
    let (name, after) = line.split_at_checked(colon)?;
    if !is_plain_field_name(name) {
        return None;
    }
    let after = after.get(1..)?;
    let white = after.iter().take_while(|&&b| is_white(b)).count();
    let (separator, value) = after.split_at_checked(white)?;
    Some(FieldLine {
        name,
        separator,
        value,
    })
}

/// ALPHA and DIGIT, by byte: a table, so that a name is checked with a
/// load per byte and no branch.
// Evaluated at compile time: an index out of range would fail the build.
#[allow(clippy::indexing_slicing)]
const WORD_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    table
};

/// `true` when `name` is a `field-name` (`WORD *("-" WORD)`): what
/// [`field_name`] takes whole, tested without a branch per byte (the
/// byte-by-byte loop it replaced was a tenth of a read).
#[inline]
fn is_plain_field_name(name: &[u8]) -> bool {
    // `after_dash` starts true: a name cannot start with `-` (or be empty).
    let mut after_dash = true;
    let mut ok = true;
    for &b in name {
        let dash = b == b'-';
        let word = WORD_BYTES.get(usize::from(b)).copied().unwrap_or(false);
        ok &= word | (dash & !after_dash);
        after_dash = dash;
    }
    ok & !after_dash
}

/// See [`block_line`]: by the first byte, an empty line, a line of white
/// space (blank, or else folded), or a field line.
fn any_block_line<'i>(input: &mut &'i [u8]) -> ModalResult<BlockLine<'i>> {
    dispatch! {opt(peek(any));
        None => empty.value(BlockLine::Blank(&[])),
        Some(b' ' | b'\t') => alt((blank_line.map(BlockLine::Blank), field_line.map(BlockLine::Field))),
        Some(_) => field_line.map(BlockLine::Field),
    }
    .parse_next(input)
}

/// A blank line (without its line end); returns the white space on it.
///
/// ```text
/// CRLF   ; the empty line that ends a block
/// ```
///
/// Lenient: a line of only spaces and tabs is taken as blank, as the
/// `/^\s*$/` tests of real readers did; the caller warns.
fn blank_line<'i>(input: &mut &'i [u8]) -> ModalResult<&'i [u8]> {
    terminated(take_while(0.., is_white), eof).parse_next(input)
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
/// end belongs to the value. Control characters in the value are the
/// caller's to find.
///
/// The name must be a `field-name` even in lenient mode. A line that is
/// not `field-name ":" ...` fails with a cut error, checked in this order:
/// a line starting with SP or HT is a folded line ([`Fault::Folded`], at
/// its first byte); a line with no `:` lacks the separator
/// ([`Fault::Separator`], at its end); otherwise the text before the first
/// `:` is not a field name ([`Fault::FieldName`], where the name goes
/// wrong).
#[inline]
fn field_line<'i>(input: &mut &'i [u8]) -> ModalResult<FieldLine<'i>> {
    // The common case first; a line that is not one goes through the same
    // grammar again, with the checks that say what is wrong with it.
    let name = alt((terminated(field_name, peek(b':')), diagnosed_name)).parse_next(input)?;
    let separator = separator.parse_next(input)?;
    let value = rest.parse_next(input)?;
    Ok(FieldLine {
        name,
        separator,
        value,
    })
}

/// `terminated(field_name, peek(b':'))` with a cut error for each way it
/// fails (see [`field_line`]).
fn diagnosed_name<'i>(input: &mut &'i [u8]) -> ModalResult<&'i [u8]> {
    cut_err(not(one_of(is_white)))
        .context(Fault::Folded.context())
        .parse_next(input)?;
    colon_ahead.parse_next(input)?;
    cut_err(terminated(field_name, peek(b':')))
        .context(Fault::FieldName.context())
        .parse_next(input)
}

/// Succeeds, taking nothing, when the line has a `:`; else fails with a
/// [`Fault::Separator`] cut error at the end of the line, where the `:` was
/// still looked for.
fn colon_ahead(input: &mut &[u8]) -> ModalResult<()> {
    let start = *input;
    cut_err((take_till(0.., b':'), b':'))
        .void()
        .context(Fault::Separator.context())
        .parse_next(input)?;
    *input = start;
    Ok(())
}

/// The separator; returns the spaces and tabs after the colon.
///
/// ```text
/// SEPARATOR = ":" 1*(SP|HT)
/// ```
///
/// Lenient: zero spaces or tabs are taken (real-world-notes: "no white
/// space at all after the colon"); the caller warns.
fn separator<'i>(input: &mut &'i [u8]) -> ModalResult<&'i [u8]> {
    cut_err(preceded(b':', take_while(0.., is_white)))
        .context(Fault::Separator.context())
        .parse_next(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_line_cuts_crlf_lf_and_eof() {
        let mut input: &[u8] = b"a: b\r\nc\n\r\nlast";
        assert_eq!(raw_line(&mut input), (&b"a: b"[..], LineEnd::CrLf));
        assert_eq!(raw_line(&mut input), (&b"c"[..], LineEnd::Lf));
        assert_eq!(raw_line(&mut input), (&b""[..], LineEnd::CrLf));
        assert_eq!(raw_line(&mut input), (&b"last"[..], LineEnd::Missing));
        assert!(input.is_empty());
        assert_eq!(raw_line(&mut input), (&b""[..], LineEnd::Missing));
        // A CR without LF stays in the line.
        let mut input: &[u8] = b"a\rb\r";
        assert_eq!(raw_line(&mut input), (&b"a\rb\r"[..], LineEnd::Missing));
    }

    #[test]
    fn version_line_takes_the_text_after_the_slash() {
        assert_eq!(
            version_line(b"HINA/2.2beta"),
            Ok((&b"HINA"[..], &b"2.2beta"[..]))
        );
        assert_eq!(version_line(b"hina/2.2"), Ok((&b"hina"[..], &b"2.2"[..])));
        let fault = |line: &[u8]| version_line(line).unwrap_err();
        assert_eq!(
            fault(b"HINA 2.2"),
            LineError {
                fault: Fault::VersionLine,
                offset: 4
            }
        );
        assert_eq!(fault(b"User-Agent: x").offset, 0);
        assert_eq!(fault(b"").fault, Fault::VersionLine);
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

    fn field(
        name: &'static [u8],
        separator: &'static [u8],
        value: &'static [u8],
    ) -> BlockLine<'static> {
        BlockLine::Field(FieldLine {
            name,
            separator,
            value,
        })
    }

    #[test]
    fn field_line_keeps_separator_and_value_as_written() {
        assert_eq!(
            block_line(b"Title:\t\tfoo bar "),
            Ok(field(b"Title", b"\t\t", b"foo bar "))
        );
        assert_eq!(
            block_line(b"URL:http://a/"),
            Ok(field(b"URL", b"", b"http://a/"))
        );
        assert_eq!(block_line(b"Empty: "), Ok(field(b"Empty", b" ", b"")));
        assert_eq!(block_line(b"X-A: b: c"), Ok(field(b"X-A", b" ", b"b: c")));
    }

    #[test]
    fn broken_field_lines_name_the_rule_and_the_place() {
        let cases: &[(&[u8], Fault, usize)] = &[
            // rev. 0.12 §Block: one line per field, no folding.
            (b" folded", Fault::Folded, 0),
            (b"\tcontinued: with colon", Fault::Folded, 0),
            // No `:` at all: looked for up to the end of the line.
            (b"no colon here", Fault::Separator, 13),
            (b"X_Y", Fault::Separator, 3),
            // The name is WORD *("-" WORD), nothing else.
            (b": foo", Fault::FieldName, 0),
            (b"X_Note: foo", Fault::FieldName, 1),
            (b"Last Modified: x", Fault::FieldName, 4),
            (b"X-: y", Fault::FieldName, 1),
            (b"X--Y: y", Fault::FieldName, 1),
            (b"_: y", Fault::FieldName, 0),
        ];
        for &(line, fault, offset) in cases {
            assert_eq!(
                block_line(line),
                Err(LineError { fault, offset }),
                "{:?}",
                String::from_utf8_lossy(line)
            );
        }
    }

    #[test]
    fn blank_lines_may_hold_white_space() {
        assert_eq!(block_line(b""), Ok(BlockLine::Blank(b"")));
        assert_eq!(block_line(b" \t"), Ok(BlockLine::Blank(b" \t")));
        // White space then text is a folded line, not a blank one.
        assert_eq!(block_line(b" x").unwrap_err().fault, Fault::Folded);
    }

    proptest::proptest! {
        #[test]
        fn plain_field_line_agrees_with_the_grammar(
            line in proptest::collection::vec(proptest::prop_oneof![
                proptest::sample::select(b"Ab9-:_ \t\r\x00\xA4".to_vec()),
                proptest::num::u8::ANY,
            ], 0..24),
        ) {
            let grammar = any_block_line.parse(&line[..]).map_err(|e| LineError::from_parse(&e, Fault::Separator));
            match plain_field_line(&line) {
                Some(field) => proptest::prop_assert_eq!(grammar, Ok(BlockLine::Field(field))),
                // Only lines that are not fields are left to the grammar.
                None => proptest::prop_assert!(
                    !matches!(grammar, Ok(BlockLine::Field(_))),
                    "{:?}", grammar
                ),
            }
            proptest::prop_assert_eq!(block_line(&line), grammar);
        }
    }

    #[test]
    fn word_bytes_are_alpha_and_digit() {
        for b in 0..=u8::MAX {
            assert_eq!(
                WORD_BYTES[usize::from(b)],
                b.is_ascii_alphanumeric(),
                "{b:#x}"
            );
            assert_eq!(is_plain_field_name(&[b]), is_field_name(&[b]), "{b:#x}");
        }
        for name in [
            &b""[..],
            b"-",
            b"A-",
            b"-A",
            b"A--B",
            b"A-B-C",
            b"X2-3D",
            b"A_B",
        ] {
            assert_eq!(is_plain_field_name(name), is_field_name(name), "{name:?}");
        }
    }

    #[test]
    fn labels_name_one_fault_each() {
        for fault in Fault::ALL {
            assert_eq!(Fault::of_label(fault.label()), Some(fault));
        }
    }
}
