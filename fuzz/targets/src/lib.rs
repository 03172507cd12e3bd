//! The bodies of the fuzz targets, as plain functions.
//!
//! Each target is a `pub fn <target>(data: &[u8])` that panics when it finds
//! a bug and returns otherwise. `fuzz/fuzz_targets/<target>.rs` wraps it for
//! cargo-fuzz (libFuzzer); `cargo test -p fuzz-targets` replays every file of
//! `fuzz/regressions/<target>/` through it, so every crash ever found stays
//! fixed without nightly tools.
//!
//! ```
//! // Any bytes are fine: bad input is rejected, never a panic.
//! fuzz_targets::lirs_plain(b"LIRS,1,2,3,4,http://x/,t,a,http://y/,\r\n");
//! fuzz_targets::hina_di(b"\xff\xfe garbage");
//! for (name, target) in fuzz_targets::TARGETS {
//!     target(name.as_bytes());
//! }
//! ```
//!
//! # Phases of a target
//!
//! 1. **Shape** the bytes: pass them through, gzip them, or (for the
//!    structured `propagate` and `write_*` targets) draw a value from them
//!    with [`arbitrary::Unstructured`].
//! 2. **Run** the code under test (read, write, convert, propagate).
//! 3. **Check** what must always hold: the shared API's semantics (an `Ok`
//!    carries no error, a rejection names at least one), round trips,
//!    agreement of lenient and strict readers, propagation's invariants.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::indexing_slicing))]

mod documents;
mod formats;
mod model;
mod propagation;

pub use documents::{write_hina_di, write_lirs, write_rss2};
pub use formats::{
    differential_hina_di, differential_lirs, differential_rss2, hina_di, lirs_gzip, lirs_plain,
    roundtrip_hina_di, roundtrip_lirs, roundtrip_rss2, rss2,
};
pub use model::{dates, method_chain, url_key};
pub use propagation::{propagate, propagate_structured};

/// A fuzz target body.
pub type Target = fn(&[u8]);

/// Every target, by the name of its cargo-fuzz binary and of its
/// regression folder.
pub const TARGETS: &[(&str, Target)] = &[
    ("hina_di", hina_di),
    ("lirs_plain", lirs_plain),
    ("lirs_gzip", lirs_gzip),
    ("rss2", rss2),
    ("dates", dates),
    ("method_chain", method_chain),
    ("url_key", url_key),
    ("roundtrip_hina_di", roundtrip_hina_di),
    ("roundtrip_lirs", roundtrip_lirs),
    ("roundtrip_rss2", roundtrip_rss2),
    ("differential_hina_di", differential_hina_di),
    ("differential_lirs", differential_lirs),
    ("differential_rss2", differential_rss2),
    ("propagate", propagate),
    ("write_hina_di", write_hina_di),
    ("write_lirs", write_lirs),
    ("write_rss2", write_rss2),
];
