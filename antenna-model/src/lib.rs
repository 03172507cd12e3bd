//! The shared vocabulary of the antenna update-time formats.
//!
//! HINA-DI, LIRS and RSS 2.0 each have their own crate (`hina-di`, `lirs`,
//! `rss2`) that reads and writes the format faithfully. This crate is what
//! they have in common, and what lets one be converted to another:
//!
//! - [`Feed`] and [`Entry`]: a format-neutral document, an entry's
//!   fields as written in a compact [`FieldList`];
//! - [`MethodChain`]: the provenance chain `REMOTE/REMOTE/GET/200`;
//! - [`dates`]: HTTP-dates and RFC 822 dates as real files wrote them;
//! - [`UrlKey`]: URL identity by RFC 3986 §6.2.2 normalisation;
//! - [`Diagnostic`] and [`Rule`]: how every crate reports problems, and
//!   [`citation`]: the section headings of the specs that rules cite;
//! - [`Parsed`] and [`Rejected`]: what every reader returns;
//! - [`Converted`] and [`Loss`]: conversions that say what they dropped;
//! - [`Reporter`]: the one diagnostics collector of every reader;
//! - [`charset`]: the one Japanese text codec (decode exactly, encode with
//!   read-back);
//! - [`Format`], [`GZIP_MAGIC`], [`LIRS_STALE_AFTER`]: facts about the
//!   formats that several crates need; [`gzip`]: gzip as a wrapping of
//!   any format's file;
//! - [`Codec`]: what each format crate offers, for tools written once;
//! - [`parts`]: every format as a head followed by parts ([`PartCodec`]),
//!   read, converted and written one part at a time;
//! - [`held`]: a document held in memory, read by parts as often as a
//!   conversion needs;
//! - [`render`]: a diagnostic shown as rustc shows one, with its line
//!   and carets (columns in characters), for any file read whole or
//!   streamed;
//! - [`fit`]: the encoding a feed is written in, and its text fitted to
//!   it;
//! - [`stamp`]: what a converter sets on the feed it writes (its agent,
//!   the time of writing, the charset, an RSS channel's required fields).
//!
//! The crate does no IO and reads no clock.
//!
//! # Example
//!
//! ```
//! use antenna_model::{dates, Entry, MethodChain, UrlKey};
//!
//! // One agent fetched the page with GET and got 200; two others passed
//! // the block on.
//! let method: MethodChain = "GET/200".parse()?;
//! let method = method.propagated().propagated();
//! assert_eq!(method.to_string(), "REMOTE/REMOTE/GET/200");
//!
//! // Two spellings of one URL are one key.
//! let a = UrlKey::parse("HTTP://www.Hoge.JP:80/foo/./%7ebar/")?;
//! let b = UrlKey::parse("http://www.hoge.jp/foo/~bar/")?;
//! assert_eq!(a, b);
//!
//! // Dates in JST are nine hours ahead of GMT.
//! let date = dates::parse_date("Sat, 07 Sep 2002 09:00:01 JST")?;
//! let mut entry = Entry::new("http://www.hoge.jp/foo/".parse()?);
//! entry.last_modified = Some(date.timestamp);
//! entry.method = Some(method);
//! assert_eq!(
//!     dates::format_rfc1123(date.timestamp),
//!     "Sat, 07 Sep 2002 00:00:01 GMT"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::indexing_slicing))]

mod as_written;
pub mod charset;
pub mod citation;
mod codec;
pub mod dates;
mod diagnostic;
mod feed;
mod field_list;
pub mod fit;
mod format;
pub mod gzip;
pub mod held;
mod loss;
mod method;
mod outcome;
pub mod parts;
pub mod render;
mod report;
pub mod stamp;
#[cfg(test)]
mod testing;
mod url_key;
pub mod url_risk;

pub use as_written::AsWritten;
pub use codec::Codec;
pub use diagnostic::{Diagnostic, LineIndex, Position, Rule, Severity};
pub use feed::{Agent, Entry, Feed, ITEM_ID_PREFIX};
pub use field_list::{FieldList, FieldRef, Iter as FieldIter};
pub use format::{Format, LIRS_STALE_AFTER, RSS_SNIFF_WINDOW, UnknownFormat};
pub use gzip::GZIP_MAGIC;
pub use loss::{Converted, EntryKey, Loss};
pub use method::{MethodChain, MethodError, MethodType};
pub use outcome::{Parsed, Rejected, finish};
pub use parts::{DiagnosticSink, Glance, PartCodec, PartReader, PartWriteError, PartWriter};
pub use report::Reporter;
pub use url_key::{UrlKey, UrlKeyError};

/// Re-exported so that users of the model need no direct dependency on
/// the crates its types come from.
pub use encoding_rs;
pub use jiff;
pub use url;

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
