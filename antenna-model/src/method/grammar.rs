//! The grammar of a Method value, one winnow function per rule.
//!
//! ```text
//! Method = "Method" SEPARATOR method-type *(SLASH method-type) (SLASH result-code)
//! method-type = "GET" | "HEAD" | "FILE" | "REMOTE"
//! SLASH = "/" *(SP|HT)
//! ```
//!
//! Every failure is a cut labelled with what was expected, left at a
//! position inside (or at the end of) the step it is about. [`error`] turns
//! that position and label into a [`MethodError`], so winnow's error type
//! does not leave this module.
//!
//! The rules read bytes: a token is ASCII, so a byte loop finds its end
//! without decoding UTF-8, and every offset the grammar stops at is a char
//! boundary of the value.

use winnow::ascii::space0;
use winnow::combinator::{cut_err, delimited, eof, fail, not, peek, preceded, separated};
use winnow::error::{ContextError, ErrMode, StrContext};
use winnow::stream::Accumulate;
use winnow::token::{none_of, take_while};
use winnow::{ModalResult, Parser};

use super::{MethodChain, MethodError, MethodType};

/// Label of a value that is empty or only white space.
const VALUE: &str = "Method value";
/// Label of a step with nothing between its slashes.
const STEP: &str = "method step";
/// Label of a step that is not a run of letters and digits.
const TOKEN: &str = "token of letters and digits";
/// Label of a token outside the four method types (strict mode).
const METHOD: &str = "method type (GET, HEAD, FILE, REMOTE)";
/// Label of a chain that ends without a result code (strict mode).
const RESULT: &str = "result code";
/// Label of a chain that is only a result code.
const FIRST_METHOD: &str = "method type before the result code";

/// Parses a whole Method value, leniently or strictly (see
/// [`MethodChain::parse`] and [`MethodChain::parse_strict`]).
pub(super) fn chain(value: &str, strict: bool) -> Result<MethodChain, MethodError> {
    let mut parser = |input: &mut &[u8]| steps(input, strict);
    parser
        .parse(value.as_bytes())
        .map_err(|e| error(value, e.offset(), e.inner()))
}

/// The chain: steps between slashes, the last one possibly the result code.
///
/// ```text
/// chain = step *("/" step)
/// ```
///
/// The checks that need the whole chain come last: a chain that is only a
/// result code has no method ([`FIRST_METHOD`]), and a strict chain needs
/// its result code ([`RESULT`]).
fn steps(input: &mut &[u8], strict: bool) -> ModalResult<MethodChain> {
    cut_err(preceded(space0, not(eof)))
        .context(StrContext::Label(VALUE))
        .parse_next(input)?;
    let item = |input: &mut &[u8]| item(input, strict);
    let chain: Builder = separated(1.., item, b'/').parse_next(input)?;
    if chain.steps.is_empty() {
        return cut(input, FIRST_METHOD);
    }
    if strict && chain.result.is_none() {
        return cut(input, RESULT);
    }
    Ok(MethodChain {
        steps: chain.steps,
        result: chain.result,
    })
}

/// One step read as a method type, or as the result code when it is the
/// last step and all digits.
///
/// ```text
/// method-type = "GET" | "HEAD" | "FILE" | "REMOTE"
/// result-code = 1*DIGIT    ; HTTP status codes in practice
/// ```
///
/// Lenient: the four types match without regard to case, and any other
/// token is kept as [`MethodType::Other`] (real writers used `RSS`,
/// `GET2`, `EXTCMD`). Strict: the upper-case types only, so the error is
/// [`METHOD`], at the end of the step.
fn item(input: &mut &[u8], strict: bool) -> ModalResult<Item> {
    let token = step.parse_next(input)?;
    if let Some(method) = defined(token, strict) {
        return Ok(Item::Method(method));
    }
    if input.is_empty() && is_result_code(token) {
        Ok(Item::Result(token.to_owned()))
    } else if strict {
        cut(input, METHOD)
    } else {
        Ok(Item::Method(MethodType::Other(token.to_owned())))
    }
}

/// One step: a token and the white space around it, up to the next slash
/// or the end.
///
/// ```text
/// step = *(SP|HT) token *(SP|HT)
/// ```
///
/// Lenient: white space is skipped before a slash and at either end too,
/// not only after the slash as `SLASH` has it. An empty step fails with
/// [`STEP`], anything else that is not a token with [`TOKEN`].
fn step<'i>(input: &mut &'i [u8]) -> ModalResult<&'i str> {
    delimited(
        (
            space0,
            cut_err(peek(none_of(b'/'))).context(StrContext::Label(STEP)),
        ),
        cut_err(token).context(StrContext::Label(TOKEN)),
        (
            space0,
            cut_err(end_of_step).context(StrContext::Label(TOKEN)),
        ),
    )
    .parse_next(input)
}

/// ```text
/// token = 1*(ALPHA|DIGIT)    ; a method type or a result code
/// ```
fn token<'i>(input: &mut &'i [u8]) -> ModalResult<&'i str> {
    take_while(1.., |b: u8| b.is_ascii_alphanumeric())
        // ASCII, so always UTF-8.
        .try_map(std::str::from_utf8)
        .parse_next(input)
}

/// Peeks at the slash after a step, or the end of the value.
fn end_of_step(input: &mut &[u8]) -> ModalResult<()> {
    not(none_of(b'/')).parse_next(input)
}

/// A defined method type `token` names: exactly in strict mode, without
/// regard to case in lenient mode.
fn defined(token: &str, strict: bool) -> Option<MethodType> {
    if strict {
        return MethodType::defined(token);
    }
    let name = ["GET", "HEAD", "FILE", "REMOTE"]
        .into_iter()
        .find(|name| token.eq_ignore_ascii_case(name))?;
    MethodType::defined(name)
}

/// `true` when `value` is exactly a `token` (see [`token`]).
pub(super) fn is_token(value: &str) -> bool {
    !value.is_empty() && value.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// `true` when `value` is a result code: one or more ASCII digits (HTTP
/// status codes in practice; the spec's own definition of it is garbled).
pub(super) fn is_result_code(value: &str) -> bool {
    !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit())
}

/// A cut error labelled `label` at the current position.
fn cut<T>(input: &mut &[u8], label: &'static str) -> ModalResult<T> {
    fail.context(StrContext::Label(label))
        .parse_next(input)
        .map_err(ErrMode::cut)
}

/// What one step turned out to be.
enum Item {
    Method(MethodType),
    Result(String),
}

/// The chain as its steps are read; only the last step can be a result.
struct Builder {
    steps: Vec<MethodType>,
    result: Option<String>,
}

impl Accumulate<Item> for Builder {
    fn initial(capacity: Option<usize>) -> Self {
        Builder {
            steps: Vec::with_capacity(capacity.unwrap_or(0)),
            result: None,
        }
    }

    fn accumulate(&mut self, item: Item) {
        match item {
            Item::Method(method) => self.steps.push(method),
            Item::Result(code) => self.result = Some(code),
        }
    }
}

/// The [`MethodError`] for a failure labelled as in `error`, at `offset`:
/// the step is the one whose slashes enclose the offset (a failure at a
/// step's closing slash is about that step).
fn error(value: &str, offset: usize, error: &ContextError) -> MethodError {
    let label = error.context().find_map(|context| match context {
        StrContext::Label(label) => Some(*label),
        _ => None,
    });
    let before = value.get(..offset).unwrap_or(value);
    let start = before.rfind('/').map_or(0, |slash| slash + 1);
    let step = value
        .get(start..)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or("")
        .trim_matches([' ', '\t'])
        .to_owned();
    match label {
        Some(VALUE) => MethodError::Empty,
        Some(STEP) => MethodError::EmptyStep {
            index: before.matches('/').count(),
        },
        Some(METHOD) => MethodError::UnknownMethod { token: step },
        Some(RESULT) => MethodError::MissingResult,
        Some(FIRST_METHOD) => MethodError::NoMethod,
        // TOKEN, and (not reached) a failure without a label.
        _ => MethodError::BadToken { token: step },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The output and the rest of the input, or the offset and label of
    /// the failure.
    fn run<'i, O>(
        mut parser: impl Parser<&'i [u8], O, ErrMode<ContextError>>,
        value: &'i str,
    ) -> Result<(O, &'i str), (usize, Option<&'static str>)> {
        let mut input = value.as_bytes();
        let result = parser.parse_next(&mut input);
        let offset = value.len() - input.len();
        match result {
            Ok(o) => Ok((o, value.get(offset..).unwrap_or_default())),
            Err(e) => {
                let e = e.into_inner().unwrap_or_default();
                let label = e.context().find_map(|c| match c {
                    StrContext::Label(label) => Some(*label),
                    _ => None,
                });
                Err((offset, label))
            }
        }
    }

    #[test]
    fn token_is_letters_and_digits() {
        assert_eq!(run(token, "GET2/200"), Ok(("GET2", "/200")));
        assert!(run(token, "/200").is_err());
        assert!(run(token, "é").is_err());
    }

    #[test]
    fn step_takes_white_space_around_its_token() {
        assert_eq!(run(step, " GET\t/200"), Ok(("GET", "/200")));
        assert_eq!(run(step, "304 "), Ok(("304", "")));
        assert_eq!(run(step, " /x"), Err((1, Some(STEP))));
        assert_eq!(run(step, ""), Err((0, Some(STEP))));
        assert_eq!(run(step, "2 00/x"), Err((2, Some(TOKEN))));
        assert_eq!(run(step, "-x"), Err((0, Some(TOKEN))));
    }

    #[test]
    fn item_reads_the_last_digits_as_the_result() {
        let result = |value| match run(|i: &mut &[u8]| item(i, true), value) {
            Ok((Item::Result(code), _)) => Some(code),
            _ => None,
        };
        assert_eq!(result("200"), Some("200".to_owned()));
        assert_eq!(result("200/GET"), None);
        assert_eq!(
            run(|i: &mut &[u8]| item(i, true).map(|_| ()), "RSS/200"),
            Err((3, Some(METHOD)))
        );
        assert!(matches!(
            run(|i: &mut &[u8]| item(i, false), "get"),
            Ok((Item::Method(MethodType::Get), ""))
        ));
    }

    #[test]
    fn errors_name_the_step_they_are_in() {
        let value = "GET/ R S /200";
        assert_eq!(
            error(value, 7, &ContextError::new()),
            MethodError::BadToken {
                token: "R S".into()
            }
        );
        let mut empty = ContextError::new();
        empty.push(StrContext::Label(STEP));
        assert_eq!(
            error("GET/ /200", 5, &empty),
            MethodError::EmptyStep { index: 1 }
        );
        assert_eq!(error("", 0, &empty), MethodError::EmptyStep { index: 0 });
    }
}
