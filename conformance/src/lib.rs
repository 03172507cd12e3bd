//! The antenna conformance suite: cases for HINA-DI 2.2, LIRS 2.1 and
//! RSS 2.0 readers and writers, and the protocol that lets an
//! implementation in any language be tested against them.
//!
//! The protocol is described in the crate's README (`conformance/README.md`
//! in the repository), complete enough to implement from. Most people use
//! the crate as its installed command, `antenna-conformance --decoder CMD
//! --format FORMAT`; from Rust, every case is embedded in the crate, and
//! the reference decoder and encoder are functions:
//!
//! ```
//! use antenna_conformance::cases::Suite;
//! use antenna_conformance::protocol::{decode, Version};
//! use antenna_model::Format;
//!
//! let suite = Suite::embedded();
//! let input = suite.file("lirs/valid/comment-lines-ignored.lirs").unwrap();
//! let expected = suite.file("lirs/valid/comment-lines-ignored.json").unwrap();
//! let expected: serde_json::Value = serde_json::from_slice(expected)?;
//! assert_eq!(decode(Format::Lirs, input, Version::V1).unwrap(), expected);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # API map
//!
//! - [`cases`]: the suite ([`cases::Suite`], embedded at build time or read
//!   from a folder) and its checks ([`cases::Check`], [`cases::Kind`]).
//! - [`run`]: the runner behind the command line ([`run::Args`],
//!   [`run::execute`]), writing one line per failure and the summary
//!   `N passed, N failed`; [`junit`] its JUnit report, [`diff`] the
//!   differences it prints, [`glob`] `--run`/`--skip` matching, [`print`](mod@print)
//!   `--print`.
//! - [`command`]: an implementation under test as a shell command, with
//!   its time limit.
//! - [`protocol`]: the JSON shapes both ways, the reference decoder
//!   ([`protocol::decode`]) and encoder ([`protocol::encode`]) that
//!   `antenna decode` and `antenna encode` are.
//! - [`merge`]: the merger cases' plan and output.

pub mod cases;
pub mod command;
pub mod diff;
pub mod glob;
pub mod junit;
pub mod merge;
pub mod print;
pub mod protocol;
pub mod run;
mod walk;

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
