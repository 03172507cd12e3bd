//! The antenna conformance suite: cases for HINA-DI 2.2, LIRS 2.1 and
//! RSS 2.0 readers and writers, and the protocol that lets an
//! implementation in any language be tested against them.
//!
//! The protocol is described in the crate's README (`conformance/README.md`
//! in the repository), complete enough to implement from.

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
