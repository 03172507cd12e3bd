//! The Method chain: how an entity block's metadata travelled.
//!
//! HINA-DI rev. 0.12, §Method:
//!
//! ```text
//! Method = "Method" SEPARATOR method-type *(SLASH method-type) (SLASH result-code)
//! method-type = "GET" | "HEAD" | "FILE" | "REMOTE"
//! SLASH = "/" *(SP|HT)
//! ```
//!
//! The spec's example `REMOTE/REMOTE/GET/200` reads right to left: the first
//! agent fetched the page with GET and got 200, and each agent that
//! propagated the block added one `REMOTE` at the front. [`MethodChain::propagated`]
//! does exactly that.
//!
//! Real writers also used tokens outside the spec (`RSS`, `GET2`, `EXTCMD`,
//! ...) and left the result code out. [`MethodChain::parse`] keeps those as
//! [`MethodType::Other`] and an absent result; [`MethodChain::parse_strict`]
//! rejects them.

use std::fmt;
use std::str::FromStr;

mod grammar;

use grammar::{is_result_code, is_token};

/// One step of a Method chain.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum MethodType {
    /// Metadata retrieved with an HTTP GET request.
    Get,
    /// Metadata retrieved with an HTTP HEAD request.
    Head,
    /// Metadata taken from a local file's timestamp.
    File,
    /// Metadata taken from an entity block another agent generated.
    Remote,
    /// A token outside the spec, as written (`RSS`, `GET2`, `EXTCMD`, ...).
    /// Always a non-empty token of ASCII letters and digits that is not one
    /// of the four defined types.
    Other(String),
}

impl MethodType {
    /// The token as written in a file.
    pub fn as_str(&self) -> &str {
        match self {
            MethodType::Get => "GET",
            MethodType::Head => "HEAD",
            MethodType::File => "FILE",
            MethodType::Remote => "REMOTE",
            MethodType::Other(token) => token,
        }
    }

    /// The defined type `token` names (exact, upper-case match), if any.
    fn defined(token: &str) -> Option<Self> {
        Some(match token {
            "GET" => MethodType::Get,
            "HEAD" => MethodType::Head,
            "FILE" => MethodType::File,
            "REMOTE" => MethodType::Remote,
            _ => return None,
        })
    }
}

impl fmt::Display for MethodType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A parsed Method chain, e.g. `REMOTE/REMOTE/GET/200`.
///
/// `steps` is in written order: the most recent hop first, the original
/// retrieval last.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MethodChain {
    steps: Vec<MethodType>,
    result: Option<String>,
}

/// Why a Method value could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MethodError {
    /// The value is empty or only white space.
    Empty,
    /// A step between two slashes is empty.
    EmptyStep {
        /// 0-based index of the step.
        index: usize,
    },
    /// A step holds characters other than ASCII letters and digits.
    BadToken {
        /// The token as written.
        token: String,
    },
    /// Strict mode: a method type outside GET, HEAD, FILE and REMOTE.
    UnknownMethod {
        /// The token as written.
        token: String,
    },
    /// Strict mode: the chain does not end in a result code.
    MissingResult,
    /// The chain has a result code but no method type before it.
    NoMethod,
}

impl fmt::Display for MethodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MethodError::Empty => f.write_str("the Method value is empty"),
            MethodError::EmptyStep { index } => {
                write!(f, "step {} of the Method chain is empty", index + 1)
            }
            MethodError::BadToken { token } => write!(
                f,
                "`{token}` is not a method type or result code (letters and digits only)"
            ),
            MethodError::UnknownMethod { token } => write!(
                f,
                "`{token}` is not a method type of the spec (GET, HEAD, FILE, REMOTE)"
            ),
            MethodError::MissingResult => {
                f.write_str("the Method chain does not end in a result code")
            }
            MethodError::NoMethod => f.write_str("the Method chain has no method type"),
        }
    }
}

impl std::error::Error for MethodError {}

impl MethodChain {
    /// A chain of one retrieval, e.g. `GET/200`.
    pub fn new(method: MethodType, result: Option<String>) -> Self {
        MethodChain {
            steps: vec![method],
            result,
        }
    }

    /// Builds a chain from its parts. Returns `None` when `steps` is empty or
    /// a token is not a non-empty run of ASCII letters and digits.
    pub fn from_parts(steps: Vec<MethodType>, result: Option<String>) -> Option<Self> {
        let tokens_ok = steps.iter().all(|step| match step {
            MethodType::Other(token) => {
                is_token(token)
                    && MethodType::defined(&token.to_ascii_uppercase()).is_none()
                    && !is_result_code(token)
            }
            _ => true,
        });
        let result_ok = result.as_deref().is_none_or(is_result_code);
        (!steps.is_empty() && tokens_ok && result_ok).then_some(MethodChain { steps, result })
    }

    /// The method types in written order (most recent hop first).
    pub fn steps(&self) -> &[MethodType] {
        &self.steps
    }

    /// The result code of the original retrieval (`200`), if written.
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// How many times the block was propagated: the number of leading
    /// `REMOTE` steps.
    pub fn hops(&self) -> usize {
        self.steps
            .iter()
            .take_while(|step| **step == MethodType::Remote)
            .count()
    }

    /// The chain after one more propagation hop: `REMOTE` added at the front,
    /// as the spec's example `REMOTE/REMOTE/GET/200` shows.
    #[must_use]
    pub fn propagated(&self) -> Self {
        let mut steps = Vec::with_capacity(self.steps.len() + 1);
        steps.push(MethodType::Remote);
        steps.extend(self.steps.iter().cloned());
        MethodChain {
            steps,
            result: self.result.clone(),
        }
    }

    /// Lenient parse: unknown tokens become [`MethodType::Other`], the
    /// result code may be absent, method names match case-insensitively and
    /// white space around slashes is skipped.
    pub fn parse(value: &str) -> Result<Self, MethodError> {
        grammar::chain(value, false)
    }

    /// Strict parse: the grammar of HINA-DI rev. 0.12 §Method exactly
    /// (defined upper-case method types, then a result code).
    pub fn parse_strict(value: &str) -> Result<Self, MethodError> {
        grammar::chain(value, true)
    }

    /// `true` only when [`MethodChain::parse_strict`] surely accepts
    /// `value`: one or more of `GET`, `HEAD`, `FILE`, `REMOTE` and a result
    /// code of digits, joined by bare `/`, the shape nearly every writer
    /// used. `false` means "parse to know", not "invalid".
    ///
    /// A reader that only checks a value spares the full parse with it
    /// (the proptest `surely_strict_implies_strict_parse` ties the two).
    pub fn is_surely_strict(value: &str) -> bool {
        let Some((steps, result)) = value.rsplit_once('/') else {
            return false;
        };
        is_result_code(result)
            && steps
                .split('/')
                .all(|step| matches!(step, "GET" | "HEAD" | "FILE" | "REMOTE"))
    }
}

impl fmt::Display for MethodChain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for step in &self.steps {
            if !first {
                f.write_str("/")?;
            }
            first = false;
            f.write_str(step.as_str())?;
        }
        if let Some(result) = &self.result {
            write!(f, "/{result}")?;
        }
        Ok(())
    }
}

impl FromStr for MethodChain {
    type Err = MethodError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MethodChain::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn spec_example_reads_as_two_hops_over_get_200() {
        let chain = MethodChain::parse_strict("REMOTE/REMOTE/GET/200").unwrap();
        assert_eq!(
            chain.steps(),
            &[MethodType::Remote, MethodType::Remote, MethodType::Get]
        );
        assert_eq!(chain.result(), Some("200"));
        assert_eq!(chain.hops(), 2);
    }

    #[test]
    fn three_agents_build_the_spec_example() {
        let a = MethodChain::new(MethodType::Get, Some("200".into()));
        assert_eq!(a.to_string(), "GET/200");
        let b = a.propagated();
        assert_eq!(b.to_string(), "REMOTE/GET/200");
        let c = b.propagated();
        assert_eq!(c.to_string(), "REMOTE/REMOTE/GET/200");
    }

    #[test]
    fn slash_may_be_followed_by_white_space() {
        // SLASH = "/" *(SP|HT)
        let chain = MethodChain::parse_strict("REMOTE/ GET/\t304").unwrap();
        assert_eq!(chain.to_string(), "REMOTE/GET/304");
    }

    #[test]
    fn lenient_keeps_real_world_tokens() {
        let chain = MethodChain::parse("RSS/GET2").unwrap();
        assert_eq!(
            chain.steps(),
            &[
                MethodType::Other("RSS".into()),
                MethodType::Other("GET2".into())
            ]
        );
        assert_eq!(chain.result(), None);
        assert_eq!(chain.to_string(), "RSS/GET2");
        assert_eq!(
            MethodChain::parse("remote/get/200").unwrap().to_string(),
            "REMOTE/GET/200"
        );
    }

    #[test]
    fn strict_rejects_what_lenient_takes() {
        assert_eq!(
            MethodChain::parse_strict("RSS/200"),
            Err(MethodError::UnknownMethod {
                token: "RSS".into()
            })
        );
        assert_eq!(
            MethodChain::parse_strict("GET"),
            Err(MethodError::MissingResult)
        );
        assert!(MethodChain::parse_strict("get/200").is_err());
    }

    #[test]
    fn malformed_values_fail_with_a_reason() {
        assert_eq!(MethodChain::parse(""), Err(MethodError::Empty));
        assert_eq!(MethodChain::parse("  "), Err(MethodError::Empty));
        assert_eq!(
            MethodChain::parse("GET//200"),
            Err(MethodError::EmptyStep { index: 1 })
        );
        assert_eq!(MethodChain::parse("200"), Err(MethodError::NoMethod));
        assert!(matches!(
            MethodChain::parse("GET/2 00"),
            Err(MethodError::BadToken { .. })
        ));
    }

    #[test]
    fn from_parts_refuses_unprintable_chains() {
        assert!(MethodChain::from_parts(vec![], None).is_none());
        assert!(MethodChain::from_parts(vec![MethodType::Other("GET".into())], None).is_none());
        assert!(MethodChain::from_parts(vec![MethodType::Other("a/b".into())], None).is_none());
        assert!(MethodChain::from_parts(vec![MethodType::Get], Some("x".into())).is_none());
        assert!(MethodChain::from_parts(vec![MethodType::Get], Some("404".into())).is_some());
    }

    #[test]
    fn common_chains_are_surely_strict() {
        assert!(MethodChain::is_surely_strict("GET/200"));
        assert!(MethodChain::is_surely_strict("REMOTE/REMOTE/GET/304"));
        for value in ["GET", "/200", "GET/", "get/200", "GET /200", "RSS/200", ""] {
            assert!(!MethodChain::is_surely_strict(value), "{value}");
        }
    }

    fn method_type() -> impl Strategy<Value = MethodType> {
        prop_oneof![
            Just(MethodType::Get),
            Just(MethodType::Head),
            Just(MethodType::File),
            Just(MethodType::Remote),
            "[A-Z][A-Z0-9]{0,6}"
                .prop_filter("not a defined type", |t| MethodType::defined(t).is_none())
                .prop_map(MethodType::Other),
        ]
    }

    proptest! {
        #[test]
        fn print_then_parse_gives_back_the_chain(
            steps in proptest::collection::vec(method_type(), 1..6),
            result in proptest::option::of("[0-9]{3}"),
        ) {
            let chain = MethodChain::from_parts(steps, result).unwrap();
            prop_assert_eq!(MethodChain::parse(&chain.to_string()).unwrap(), chain);
        }

        #[test]
        fn surely_strict_implies_strict_parse(
            value in "((GET|HEAD|FILE|REMOTE|get|RSS| |)/){0,3}(GET|200|304| |)"
        ) {
            if MethodChain::is_surely_strict(&value) {
                prop_assert!(MethodChain::parse_strict(&value).is_ok(), "{}", value);
            }
        }

        #[test]
        fn parse_never_panics(value in "\\PC{0,40}") {
            let _ = MethodChain::parse(&value);
            let _ = MethodChain::parse_strict(&value);
        }
    }
}
