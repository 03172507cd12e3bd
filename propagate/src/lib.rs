//! What an antenna does with the metadata it gathers from other agents:
//! which entries it may publish again, and how they change on the way.
//!
//! The rules are HINA-DI's (rev. 0.12 §Propagation, rev. 0.6 §8-9) and
//! LIRS 2.1's freshness rules (§3.1, §3.2, §4). Everything works on
//! `antenna-model` [`Feed`]s and [`Entry`](antenna_model::Entry)s, so
//! LIRS records and RSS items propagate into any output format. No IO, no
//! clock: the caller passes `now`, and fetches `Virtual` files through a
//! [`VirtualResolver`].
//!
//! # Example: three agents
//!
//! Agent A fetched a page (`GET/200`) and authorized the block. B trusts A
//! and propagates A's file; C trusts B's file and propagates B's output.
//!
//! ```
//! use antenna_model::{Agent, Entry, Feed, MethodChain};
//! use antenna_model::jiff::Timestamp;
//! use antenna_model::url::Url;
//! use propagate::{Identity, Policy, Source, Format, propagate};
//!
//! let agent = |name: &str, url: &str| -> Result<Agent, Box<dyn std::error::Error>> {
//!     Ok(Agent { name: name.into(), url: Some(url.parse()?) })
//! };
//! let now: Timestamp = "2002-09-07T09:00:00Z".parse()?;
//!
//! // A's own HINA-DI file: one block, retrieved with GET, authorized by A.
//! let mut entry = Entry::new("http://www.hoge.jp/foo/".parse()?);
//! entry.title = Some("Foo".into());
//! entry.method = Some(MethodChain::parse("GET/200")?);
//! entry.authorized = Some(agent("A", "http://a.example/")?);
//! let mut a_file = Feed::new();
//! a_file.entries.push(entry);
//!
//! // B trusts agent A.
//! let a_url: Url = "http://a.example/hina.di".parse()?;
//! let b = propagate(
//!     &[Source::new(a_url.clone(), Format::HinaDi, a_file)],
//!     &Policy::new().trust_agent(&"http://a.example/".parse()?),
//!     &Identity::new(agent("B", "http://b.example/")?),
//!     now,
//! );
//! assert_eq!(b.feed.entries.len(), 1);
//!
//! // C trusts everything in B's file.
//! let b_url: Url = "http://b.example/hina.di".parse()?;
//! let c = propagate(
//!     &[Source::new(b_url.clone(), Format::HinaDi, b.feed.clone())],
//!     &Policy::new().trust_source(&b_url),
//!     &Identity::new(agent("C", "http://c.example/")?),
//!     now,
//! );
//!
//! let entry = &c.feed.entries[0];
//! let method = entry.method.as_ref().map(ToString::to_string);
//! assert_eq!(method.as_deref(), Some("REMOTE/REMOTE/GET/200"));
//! // The block is A's, whole: still authorized by A ...
//! assert_eq!(entry.authorized.as_ref().map(|a| a.name.as_str()), Some("A"));
//! // ... and records the file B first read it from.
//! assert_eq!(entry.source_url.as_ref(), Some(&a_url));
//! // The header is C's own, never a source's.
//! assert_eq!(c.feed.agent.as_ref().map(|a| a.name.as_str()), Some("C"));
//! // B reported setting the Source URL. C changed the block only by the
//! // Method hop, which is not reported; it reported leaving B's header.
//! let rules = |p: &propagate::Propagated| -> Vec<&str> {
//!     p.report.iter().map(|d| d.rule.id).collect()
//! };
//! assert_eq!(rules(&b), ["propagate/source-url-recorded"]);
//! assert_eq!(rules(&c), ["propagate/header-not-propagated"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Phases
//!
//! 1. **Admit** each entry of each [`Source`] in order: check its URL,
//!    resolve `Virtual`, find who vouches for it, check trust, expiry and
//!    (LIRS) freshness. A failing entry is dropped.
//! 2. **Select** one block per URL ([`antenna_model::UrlKey`]): the rest
//!    are dropped as superseded, never merged into the winner.
//! 3. **Rewrite** each winner: drop empty fields and (by default)
//!    extensions, record the Source URL, add a `REMOTE` hop to `Method`.
//!
//! A caller that reads its sources a record at a time, and cannot hold
//! them whole, feeds a [`Propagation`] instead: the same phases, entry by
//! entry, each entry moved in rather than copied.
//!
//! [`policy_file`] reads a [`Policy`] and an [`Identity`] from the TOML
//! file that `antenna merge --policy` takes (POLICY.md).
//!
//! The output [`Feed`]'s header comes from the caller's [`Identity`] and
//! `now`. Every entry dropped or changed is in the [`Report`], as a
//! [`Decision`] naming its rule (see [`rules`]). A dropped entry is
//! reported by its drop alone: what was done to it before (vouched for,
//! `Virtual` resolved, then found stale or superseded) is not reported,
//! since none of it is published. An admitted block holds no decision
//! meanwhile: a flag for the vouching, where its `Virtual` walk started
//! (walked again for its steps if it is published). A published entry reports every
//! change, and [`Propagated::origins`] says which source and entry each one
//! came from.
//!
//! # The rules
//!
//! - Only entity blocks propagate: a source's header (`Feed::agent`,
//!   `generated`, `title`, `link`, `description`, `encoding`) is ignored,
//!   reported once per source ([`rules::HEADER_NOT_PROPAGATED`]).
//! - An entry URL with userinfo is dropped (RFC 3986 §7.6,
//!   [`rules::USERINFO_URL`]).
//! - A block needs both `Authorized` and `Authorized-url`
//!   ([`rules::MISSING_AUTHORIZED`]). LIRS and RSS entries cannot carry
//!   them: the [`Source::agent`] the caller names vouches for them
//!   ([`rules::VOUCHED_BY_SOURCE`]); without one they are dropped.
//! - The authorizing agent, or the file the block was read from, must be
//!   trusted by the [`Policy`] (default: nothing is)
//!   ([`rules::UNTRUSTED_AGENT`]). A block resolved through `Virtual` was
//!   read from the file `Virtual` names, not from the stub's source.
//! - A block with a defined field whose value cannot be read (a date, a
//!   URL) is dropped whole ([`rules::UNREPRODUCIBLE`]).
//! - A block whose `Expires` is before `now` is dropped
//!   ([`rules::EXPIRED`]).
//! - A LIRS record with unknown Last-Modified or Last-Detected is dropped
//!   ([`rules::UNUSABLE`]), as is one detected more than 28800 s before
//!   `now` ([`rules::STALE`]).
//! - One block per URL wins whole: later `last_detected`, then policy
//!   priority, then source order ([`rules::SUPERSEDED`]).
//! - Fields with empty values are dropped ([`rules::EMPTY_FIELD`]);
//!   experimental and undefined fields too unless the policy keeps them
//!   ([`rules::EXTENSION_DROPPED`]), one decision a field for the first
//!   [`DECISIONS_PER_RULE`] of an entry and one that counts the rest. All
//!   else is reproduced unchanged: a
//!   block read from HINA-DI carries its fields as written
//!   ([`Entry::written`](antenna_model::Entry::written)), and those are
//!   what a HINA-DI writer publishes, byte for byte (the URL as written,
//!   `Expire`, dates in their zone and form); a LIRS record or RSS item
//!   carries its URL as written, which is published and named in its
//!   decisions. The normalised URL is only the key blocks are compared by.
//! - The Source URL is set to the file the entry was read from when absent
//!   ([`rules::SOURCE_URL_RECORDED`]).
//! - `Method` gains a `REMOTE` hop at the front. A block without one is
//!   published without one ([`rules::METHOD_MISSING`]): a bare `REMOTE` has
//!   no result code, which the grammar requires. An append-style chain
//!   (`GET/200/REMOTE`) is read in the spec's order first
//!   ([`rules::METHOD_APPEND_STYLE`]); a chain that is still not of the
//!   grammar is not published ([`rules::METHOD_UNUSABLE`]).
//! - `Virtual` blocks keep their `Virtual` URL unless a resolver is given;
//!   then they are replaced whole by the block the named file holds, with
//!   loop and depth limits ([`rules::VIRTUAL_RESOLVED`],
//!   [`rules::VIRTUAL_UNRESOLVED`]): the policy's depth, never more than
//!   [`MAX_VIRTUAL_DEPTH`] files.
//!
//! # Cost
//!
//! A run is linear in its input: each field of a block is looked at a
//! fixed number of times, the policy's lists are hashed once per run, each
//! `Virtual` file is fetched and indexed once, and each `Virtual` block
//! takes at most [`MAX_VIRTUAL_DEPTH`] steps (twice when it is published:
//! once to resolve it, once to report the steps), holding none of them.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::indexing_slicing))]

mod block;
mod fields;
mod method_hop;
mod policy;
pub mod policy_file;
mod report;
pub mod rules;
mod run;
mod select;
mod source;
mod steps;
mod virtuals;

use std::borrow::Cow;

use antenna_model::Feed;
use antenna_model::jiff::Timestamp;
use antenna_model::url::Url;

pub use antenna_model::Format;
pub use fields::DECISIONS_PER_RULE;
pub use policy::{DEFAULT_MAX_VIRTUAL_DEPTH, Identity, MAX_VIRTUAL_DEPTH, Policy};
pub use report::{Action, Decision, Report};
pub use run::{Propagation, SourceId};
pub use source::{Source, VirtualResolver};

/// The result of a propagation run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Propagated {
    /// The feed this antenna may publish: its own header, and the entries
    /// that passed every rule.
    pub feed: Feed,
    /// Where each published entry came from, one for each of
    /// `feed.entries`, in the same order: what its decisions name. A caller
    /// that changes a published entry further (a writer that cannot hold a
    /// field) reports it with these.
    pub origins: Vec<EntryOrigin>,
    /// Every entry dropped or changed, and why.
    pub report: Report,
}

/// The source and the entry a published entry came from, as its
/// [`Decision`]s name them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryOrigin {
    /// The [`Source::url`] the caller gave.
    pub source: Url,
    /// The entry's URL as the source wrote it (for a resolved `Virtual`
    /// block, the stub's).
    pub entry_url: String,
}

/// Propagates the entries of `sources` under `policy`, as the antenna
/// `identity` at time `now`. `Virtual` blocks are not resolved: they
/// propagate as they are.
pub fn propagate(
    sources: &[Source],
    policy: &Policy,
    identity: &Identity,
    now: Timestamp,
) -> Propagated {
    run(sources, policy, identity, now, None)
}

/// Like [`propagate`], resolving `Virtual` blocks through `resolver`.
pub fn propagate_with_resolver(
    sources: &[Source],
    policy: &Policy,
    identity: &Identity,
    now: Timestamp,
    resolver: &mut dyn VirtualResolver,
) -> Propagated {
    run(sources, policy, identity, now, Some(resolver))
}

fn run(
    sources: &[Source],
    policy: &Policy,
    identity: &Identity,
    now: Timestamp,
    mut resolver: Option<&mut dyn VirtualResolver>,
) -> Propagated {
    let mut report = Report::default();
    let mut run = Propagation::new(policy, now);
    for source in sources {
        let (id, header) = run.add_source(source);
        report.decisions.extend(header);
        for entry in &source.feed.entries {
            let resolver = resolver
                .as_mut()
                .map(|r| &mut **r as &mut dyn VirtualResolver);
            if let Err(dropped) = run.admit_cow(id, Cow::Borrowed(entry), resolver) {
                report.push(dropped);
            }
        }
    }
    let mut propagated = run.finish(identity);
    report.decisions.append(&mut propagated.report.decisions);
    propagated.report = report;
    propagated
}

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
