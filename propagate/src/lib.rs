//! What an antenna does with the metadata it gathers from other agents:
//! which entries it may publish again, and how they change on the way.
//!
//! The rules are HINA-DI's (rev. 0.12 §Propagation, rev. 0.6 §8-9) and
//! LIRS 2.1's freshness rules (§3.1, §3.2, §4). Everything works on
//! `antenna-model` [`Feed`]s and [`Entry`]s, so LIRS records and RSS items
//! propagate into any output format. No IO, no clock: the caller passes
//! `now`, and fetches `Virtual` files through a [`VirtualResolver`].
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
//! The output [`Feed`]'s header comes from the caller's [`Identity`] and
//! `now`. Every entry dropped or changed is in the [`Report`], as a
//! [`Decision`] naming its rule (see [`rules`]). A dropped entry is
//! reported by its drop alone: what was done to it before (vouched for,
//! `Virtual` resolved, then found stale or superseded) is held with it and
//! let go, since none of it is published. A published entry reports every
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
//!   ([`rules::EXTENSION_DROPPED`]). All else is reproduced unchanged: a
//!   block read from HINA-DI carries its fields as written
//!   ([`Entry::written`]), and those are what a HINA-DI writer publishes,
//!   byte for byte (the URL as written, `Expire`, dates in their zone and
//!   form); a LIRS record or RSS item carries its URL as written, which is
//!   published and named in its decisions. The normalised URL is only the
//!   key blocks are compared by.
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
//!   [`rules::VIRTUAL_UNRESOLVED`]).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::indexing_slicing))]

mod fields;
mod method_hop;
mod policy;
mod report;
pub mod rules;
mod source;
mod steps;

use std::collections::HashMap;

use antenna_model::jiff::Timestamp;
use antenna_model::url::Url;
use antenna_model::{Entry, Feed, UrlKey};

pub use antenna_model::Format;
pub use policy::{DEFAULT_MAX_VIRTUAL_DEPTH, Identity, Policy};
pub use report::{Action, Decision, Report};
pub use source::{Source, VirtualResolver};

use steps::{At, Candidate, Virtuals};

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
    let virtuals = Virtuals {
        resolver,
        files: HashMap::new(),
        max_depth: policy.max_virtual_depth,
    };
    run(sources, policy, identity, now, Some(virtuals))
}

fn run(
    sources: &[Source],
    policy: &Policy,
    identity: &Identity,
    now: Timestamp,
    mut virtuals: Option<Virtuals<'_>>,
) -> Propagated {
    let mut report = Report::default();
    let mut candidates = Vec::new();
    for (source_index, source) in sources.iter().enumerate() {
        if let Some(decision) = steps::header_not_propagated(source) {
            report.push(decision);
        }
        for (entry_index, entry) in source.feed.entries.iter().enumerate() {
            // What is done to the entry while it is admitted is held with
            // it until its fate is known: a dropped entry reports only its
            // drop.
            let mut held = Vec::new();
            let admitted = admit(
                Origin {
                    source,
                    source_index,
                    entry_index,
                },
                entry,
                policy,
                now,
                virtuals.as_mut(),
                &mut held,
            );
            match admitted {
                Ok(mut candidate) => {
                    candidate.held = held;
                    candidates.push(candidate);
                }
                Err(decision) => report.push(decision),
            }
        }
    }
    let winners = steps::select(candidates, &mut report);
    let mut entries = Vec::with_capacity(winners.len());
    let mut origins = Vec::with_capacity(winners.len());
    for winner in winners {
        origins.push(EntryOrigin {
            source: winner.source_url.clone(),
            entry_url: winner.entry_url.clone(),
        });
        entries.push(rewrite(winner, policy, &mut report.decisions));
    }
    let mut feed = Feed::new();
    feed.agent = Some(identity.agent.clone());
    feed.generated = Some(now);
    feed.title = identity.title.clone();
    feed.link = identity.link.clone();
    feed.description = identity.description.clone();
    feed.entries = entries;
    Propagated {
        feed,
        origins,
        report,
    }
}

/// Where an entry was found.
#[derive(Clone, Copy)]
struct Origin<'a> {
    source: &'a Source,
    source_index: usize,
    entry_index: usize,
}

/// Phase 1: the filters. `Err` is the decision that drops the entry;
/// decisions made on the way (vouching, `Virtual` steps) go to `out`, which
/// the caller keeps only for an entry admitted.
#[allow(
    clippy::result_large_err,
    reason = "the Err is built once per dropped entry"
)]
fn admit(
    origin: Origin<'_>,
    entry: &Entry,
    policy: &Policy,
    now: Timestamp,
    virtuals: Option<&mut Virtuals<'_>>,
    out: &mut Vec<Decision>,
) -> Result<Candidate, Decision> {
    let source = origin.source;
    // Decisions name the URL as the source wrote it; the normalised key is
    // only for comparing.
    let entry_url = entry
        .written_field("URL")
        .map_or_else(|| entry.url.as_str().to_owned(), |f| f.value.clone());
    let at = At {
        source: &source.url,
        entry_url: &entry_url,
    };
    let key = UrlKey::from_url(&entry.url);
    steps::no_userinfo(&key, at)?;

    let (mut entry, via) = match virtuals {
        Some(virtuals) if entry.virtual_url.is_some() => {
            let resolved = virtuals.resolve(entry.clone(), &key, &source.url, at, out);
            (resolved.entry, resolved.via)
        }
        _ => (entry.clone(), None),
    };
    // A resolved block was read from a HINA-DI file (what `Virtual` names).
    let format = if via.is_some() {
        Format::HinaDi
    } else {
        source.format
    };

    if let Some(vouched) = steps::authorized(&mut entry, format, source.agent.as_ref(), at)? {
        out.push(vouched);
    }
    let source_key = UrlKey::from_url(&source.url);
    let via_key = via.as_ref().map(UrlKey::from_url);
    // Trust is judged per block, on the file it was read from: a block
    // reached through `Virtual` is not trusted because the stub's source is.
    steps::trusted(&entry, via_key.as_ref().unwrap_or(&source_key), policy, at)?;
    fields::reproducible(&entry, at)?;
    steps::not_expired(&entry, now, at)?;
    steps::lirs_usable(&entry, format, at)?;
    steps::lirs_fresh(&entry, format, now, policy.lirs_max_age, at)?;

    let agent_key = entry
        .authorized
        .as_ref()
        .and_then(|a| a.url.as_ref())
        .map(UrlKey::from_url);
    let rank = policy.rank(&source_key, agent_key.as_ref());
    Ok(Candidate {
        entry,
        key,
        source_url: source.url.clone(),
        source_index: origin.source_index,
        entry_index: origin.entry_index,
        entry_url,
        file_url: via.unwrap_or_else(|| source.url.clone()),
        rank,
        format,
        held: Vec::new(),
    })
}

/// Phase 3: the rewrites of a winning block.
fn rewrite(candidate: Candidate, policy: &Policy, out: &mut Vec<Decision>) -> Entry {
    let Candidate {
        mut entry,
        source_url,
        entry_url,
        file_url,
        format,
        held,
        ..
    } = candidate;
    // The winner's admission decisions, then its rewrites.
    out.extend(held);
    let at = At {
        source: &source_url,
        entry_url: &entry_url,
    };
    fields::extensions(&mut entry, policy.keep_extensions, at, out);
    fields::drop_empty_fields(&mut entry, format == Format::HinaDi, at, out);
    out.extend(steps::record_source_url(&mut entry, &file_url, at));
    out.extend(method_hop::add_remote_hop(&mut entry, at));
    entry
}
