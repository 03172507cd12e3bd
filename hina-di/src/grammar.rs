//! The grammar of HINA-DI, one function per rule, on raw bytes.
//!
//! Field names, separators and line ends are ASCII in every charset the
//! format is written in, so lines are cut and fields split on bytes; only
//! values are decoded (see `read::encoding`).
//!
//! - [`lines`]: cutting the input into lines, the version line, and the
//!   lines of a block (blank or field). A line that breaks the grammar
//!   fails with a cut error whose label says which rule it broke; the
//!   reader turns the label into a rule id and the offset into a span.
//!   The usual field line skips winnow: a byte-level split that gives the
//!   same result (proptested), as the grammar on every line cost a fifth
//!   of a read.
//! - [`values`]: the inside of values that have a syntax of their own
//!   (Keyword, Content-Type).
//!
//! The grammar depends on nothing of the document: it returns slices of
//! the input, and winnow's error type does not leave the crate.

pub(crate) mod lines;
pub(crate) mod values;
