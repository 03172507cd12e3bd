//! A propagation run fed source by source and entry by entry
//! ([`Propagation`]): what [`propagate`](crate::propagate) does with a
//! slice of sources, for a caller that reads its sources one record at a
//! time and must not hold them whole.

use std::borrow::Cow;

use antenna_model::jiff::Timestamp;
use antenna_model::url::Url;
use antenna_model::{Agent, Entry, Feed, UrlKey};

use crate::block::Block;
use crate::policy::Lookups;
use crate::report::{Decision, Report};
use crate::select::{self, Candidate};
use crate::steps::{self, At};
use crate::virtuals::Virtuals;
use crate::{EntryOrigin, Format, Identity, Policy, Propagated, Source, VirtualResolver};
use crate::{fields, method_hop};

/// A propagation run, fed one source and one entry at a time; the same
/// rules and the same results as [`propagate`](crate::propagate), without
/// the sources held whole.
///
/// [`add_source`](Propagation::add_source) each source in the caller's
/// order (that order ranks blocks of equal freshness), then
/// [`admit`](Propagation::admit) its entries in its order, and
/// [`finish`](Propagation::finish). Entries of an earlier source may be
/// admitted after those of a later one (a caller may hold one source back
/// until the files its `Virtual` blocks name are read): the result is the
/// one of admitting them in order.
///
/// Decisions come out as they are made: [`add_source`](Propagation::add_source)
/// gives the source's header decision and [`admit`](Propagation::admit)
/// the drop of an entry that fails a filter; [`finish`](Propagation::finish)
/// reports the rest (superseded blocks, what was done to each published
/// block). [`propagate`](crate::propagate)'s report is these in that order,
/// source by source.
///
/// ```
/// use antenna_model::{Agent, Entry, Feed};
/// use antenna_model::jiff::Timestamp;
/// use propagate::{Format, Identity, Policy, Propagation, Source};
///
/// let me = Identity::new(Agent { name: "me".into(), url: None });
/// let policy = Policy::new().trust_all(true);
/// let mut run = Propagation::new(&policy, "2002-09-07T09:00:00Z".parse()?);
/// let source = Source::new("http://a.example/hina.di".parse()?, Format::HinaDi, Feed::new());
/// let (a, header) = run.add_source(&source);
/// assert!(header.is_none());
/// // A block that names no authorizing agent is dropped.
/// let dropped = run.admit(a, Entry::new("http://www.hoge.jp/".parse()?));
/// assert_eq!(dropped.map_err(|d| d.rule.id), Err("propagate/missing-authorized"));
/// let published = run.finish(&me);
/// assert!(published.feed.entries.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Propagation<'p> {
    policy: &'p Policy,
    lookups: Lookups,
    now: Timestamp,
    sources: Vec<Registered>,
    candidates: Vec<Candidate>,
    virtuals: Virtuals,
}

/// A source added to a [`Propagation`], to admit its entries with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SourceId(usize);

/// What a run keeps of a source: all but its entries.
#[derive(Debug)]
pub(crate) struct Registered {
    pub(crate) url: Url,
    key: UrlKey,
    format: Format,
    agent: Option<Agent>,
    /// Entries admitted so far (each one's place in the source).
    entries: usize,
}

impl<'p> Propagation<'p> {
    /// A run under `policy` at time `now`, with no source yet.
    pub fn new(policy: &'p Policy, now: Timestamp) -> Self {
        Propagation {
            policy,
            lookups: Lookups::new(policy),
            now,
            sources: Vec::new(),
            candidates: Vec::new(),
            virtuals: Virtuals::new(policy.effective_virtual_depth(), policy.max_virtual_depth),
        }
    }

    /// Adds `source`, after those added before, and returns its id and the
    /// decision that its header is not propagated, if it has one. Its
    /// `feed.entries` are not read: [`admit`](Propagation::admit) them.
    pub fn add_source(&mut self, source: &Source) -> (SourceId, Option<Decision>) {
        let id = SourceId(self.sources.len());
        self.sources.push(Registered {
            url: source.url.clone(),
            key: UrlKey::from_url(&source.url),
            format: source.format,
            agent: source.agent.clone(),
            entries: 0,
        });
        (id, steps::header_not_propagated(source))
    }

    /// Admits the next entry of `source`, `Virtual` blocks kept as they
    /// are; `Err` is the decision that drops it.
    ///
    /// # Panics
    ///
    /// When `source` was not given by this run's
    /// [`add_source`](Propagation::add_source).
    #[allow(
        clippy::result_large_err,
        reason = "the Err is the decision itself, built once per dropped entry"
    )]
    pub fn admit(&mut self, source: SourceId, entry: Entry) -> Result<(), Decision> {
        self.admit_cow(source, Cow::Owned(entry), None)
    }

    /// Like [`admit`](Propagation::admit), resolving a `Virtual` block
    /// through `resolver` (each URL is asked for once per run).
    ///
    /// # Panics
    ///
    /// When `source` was not given by this run's
    /// [`add_source`](Propagation::add_source).
    #[allow(
        clippy::result_large_err,
        reason = "the Err is the decision itself, built once per dropped entry"
    )]
    pub fn admit_resolving(
        &mut self,
        source: SourceId,
        entry: Entry,
        resolver: &mut dyn VirtualResolver,
    ) -> Result<(), Decision> {
        self.admit_cow(source, Cow::Owned(entry), Some(resolver))
    }

    /// Lets go of the entries of `source` admitted so far: a source found
    /// unusable after they were admitted (a file rejected at its end) is
    /// left out as if it had never been given. Its decisions are the
    /// caller's to discard; its place in the order is kept, unused.
    pub fn withdraw(&mut self, source: SourceId) {
        self.candidates.retain(|c| c.source_index != source.0);
    }

    /// Admits `entry`, borrowed or owned: a borrowed one is copied only
    /// when it passes the URL check.
    #[allow(
        clippy::result_large_err,
        reason = "the Err is the decision itself, built once per dropped entry"
    )]
    pub(crate) fn admit_cow(
        &mut self,
        source: SourceId,
        entry: Cow<'_, Entry>,
        resolver: Option<&mut dyn VirtualResolver>,
    ) -> Result<(), Decision> {
        let registered = self
            .sources
            .get_mut(source.0)
            .expect("a SourceId given by this Propagation's add_source");
        let entry_index = registered.entries;
        registered.entries += 1;
        let registered = &*registered;
        let virtuals = resolver.map(|r| (&mut self.virtuals, r));
        let candidate = admit(
            (registered, source.0, entry_index),
            entry,
            (self.policy, &self.lookups),
            self.now,
            virtuals,
        )?;
        self.candidates.push(candidate);
        Ok(())
    }

    /// Chooses one block per URL, rewrites the winners and returns the
    /// feed to publish, with `identity`'s header. Its report holds the
    /// decisions made here: superseded blocks, then what was done to each
    /// published block, in output order.
    pub fn finish(self, identity: &Identity) -> Propagated {
        let mut report = Report::default();
        let mut propagated = self.finish_reporting(identity, &mut |d| report.push(d));
        propagated.report = report;
        propagated
    }

    /// Like [`finish`](Propagation::finish), handing each decision to
    /// `report` as it is made instead of keeping it: the result's report is
    /// empty. A caller that only prints them holds none (a large run makes
    /// several for each published block).
    pub fn finish_reporting(
        self,
        identity: &Identity,
        report: &mut dyn FnMut(Decision),
    ) -> Propagated {
        let mut entries = Vec::new();
        let mut origins = Vec::new();
        let mut feed = self.finish_each(identity, report, &mut |entry, origin| {
            entries.push(entry);
            origins.push(origin);
        });
        feed.entries = entries;
        Propagated {
            feed,
            origins,
            report: Report::default(),
        }
    }

    /// Like [`finish_reporting`](Propagation::finish_reporting), handing
    /// each published entry to `publish` as it is rewritten, in output
    /// order, with where it came from, and returning the feed's header
    /// alone ([`header`](Propagation::header); no entries): a caller that
    /// writes each entry as it comes never holds the published feed. An
    /// entry's decisions are reported before it is published.
    pub fn finish_each(
        self,
        identity: &Identity,
        report: &mut dyn FnMut(Decision),
        publish: &mut dyn FnMut(Entry, EntryOrigin),
    ) -> Feed {
        let feed = self.header(identity);
        let Propagation {
            policy,
            sources,
            candidates,
            mut virtuals,
            ..
        } = self;
        let winners = select::select(candidates, &sources, report);
        let mut decisions = Vec::new();
        for winner in winners {
            let Some(source) = sources.get(winner.source_index) else {
                continue;
            };
            let origin = EntryOrigin {
                source: source.url.clone(),
                entry_url: winner.entry_url.clone(),
            };
            let entry = rewrite(winner, source, (policy, &mut virtuals), &mut decisions);
            decisions.drain(..).for_each(&mut *report);
            publish(entry, origin);
        }
        feed
    }

    /// The header of the feed this run publishes: `identity`'s, generated
    /// at the run's `now`; never a source's.
    pub fn header(&self, identity: &Identity) -> Feed {
        let mut feed = Feed::new();
        feed.agent = Some(identity.agent.clone());
        feed.generated = Some(self.now);
        feed.title = identity.title.clone();
        feed.link = identity.link.clone();
        feed.description = identity.description.clone();
        feed
    }
}

/// Phase 1: the filters. `Err` is the decision that drops the entry. A
/// `Virtual` block's steps are not reported here: the candidate holds
/// where its walk started, replayed by [`rewrite`] if it is published.
#[allow(
    clippy::result_large_err,
    reason = "the Err is built once per dropped entry"
)]
fn admit(
    (source, source_index, entry_index): (&Registered, usize, usize),
    entry: Cow<'_, Entry>,
    (policy, lookups): (&Policy, &Lookups),
    now: Timestamp,
    virtuals: Option<(&mut Virtuals, &mut dyn VirtualResolver)>,
) -> Result<Candidate, Decision> {
    // Decisions name the URL as the source wrote it; the normalised key is
    // only for comparing.
    let entry_url = entry
        .written_field("URL")
        .map_or_else(|| entry.url.as_str().to_owned(), |f| f.value.to_owned());
    let at = At {
        source: &source.url,
        entry_url: &entry_url,
    };
    let key = UrlKey::from_url(&entry.url);
    steps::no_userinfo(&key, at)?;

    let (mut entry, via, walk) = match virtuals {
        Some((virtuals, resolver)) if entry.virtual_url.is_some() => {
            let resolved = virtuals.resolve(resolver, entry.into_owned(), &key, &source.key);
            (resolved.entry, resolved.via, resolved.walk)
        }
        _ => (Block::Owned(Box::new(entry.into_owned())), None, None),
    };
    // A resolved block was read from a HINA-DI file (what `Virtual` names).
    let format = if via.is_some() {
        Format::HinaDi
    } else {
        source.format
    };

    let vouched = steps::authorized(entry.get(), format, source.agent.as_ref(), at)?;
    if vouched {
        entry.to_mut().authorized = source.agent.clone();
    }
    let via_key = via.as_ref().map(UrlKey::from_url);
    // Trust is judged per block, on the file it was read from: a block
    // reached through `Virtual` is not trusted because the stub's source is.
    steps::trusted(
        entry.get(),
        via_key.as_ref().unwrap_or(&source.key),
        lookups,
        at,
    )?;
    fields::reproducible(entry.get(), at)?;
    steps::not_expired(entry.get(), now, at)?;
    steps::lirs_usable(entry.get(), format, at)?;
    steps::lirs_fresh(entry.get(), format, now, policy.lirs_max_age, at)?;

    let agent_key = entry
        .get()
        .authorized
        .as_ref()
        .and_then(|a| a.url.as_ref())
        .map(UrlKey::from_url);
    let rank = lookups.rank(&source.key, agent_key.as_ref());
    Ok(Candidate::new(
        entry,
        key,
        (source_index, entry_index),
        entry_url,
        via,
        rank,
        format,
        (walk, vouched),
    ))
}

/// Phase 3: the rewrites of a winning block.
fn rewrite(
    candidate: Candidate,
    source: &Registered,
    (policy, virtuals): (&Policy, &mut Virtuals),
    out: &mut Vec<Decision>,
) -> Entry {
    let Candidate {
        entry,
        key,
        entry_url,
        via,
        format,
        walk,
        vouched,
        ..
    } = candidate;
    let mut entry = entry.into_owned();
    let at = At {
        source: &source.url,
        entry_url: &entry_url,
    };
    // The winner's admission decisions (its `Virtual` steps, walked
    // again), then its rewrites.
    if let Some(walk) = &walk {
        virtuals.replay(walk, &key, &source.key, at, out);
    }
    if vouched && let Some(agent) = &source.agent {
        out.push(steps::vouched(format, agent, at));
    }
    fields::extensions(&mut entry, policy.keep_extensions, at, out);
    fields::drop_empty_fields(&mut entry, format == Format::HinaDi, at, out);
    let file_url = via.as_ref().unwrap_or(&source.url);
    out.extend(steps::record_source_url(&mut entry, file_url, at));
    out.extend(method_hop::add_remote_hop(&mut entry, at));
    entry
}
