//! `antenna merge`'s sink: sources gathered into one propagation run
//! ([`propagate::Propagation`]), and the published feed written part by
//! part to any format.
//!
//! A file named on the command line (of any format) has each entry
//! admitted as it is read, only the entries that pass the filters kept;
//! its decisions are tallied and its losses printed when it ends, so that
//! standard error says what merging the files read whole says, in the
//! same order: each source's diagnostics and losses, then every decision.
//! A source that turns out rejected at its end is withdrawn from the run.
//! From its first `Virtual` block on, its entries wait until every source
//! is read (the block may name a file given after its own), and are then
//! admitted in the order of the sources. A file a `Virtual` block names is
//! read again, silently, unless all of it waited: then it is lent to the
//! resolver as it is (a chain of files of `Virtual` blocks is held once).
//!
//! Standard input, which cannot be read again, is held whole the same
//! way, and lent to the resolver when some `Virtual` block needs it.
//!
//! Decisions are said as [`Tally`] says: summed by kind (action, source
//! and rule), or each one under `--verbose`. The output is written entry by entry as each is published
//! ([`Target`]); a format whose head needs every entry first
//! ([`PartCodec::SUMMARY_PASS`]) has them held until the last.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use antenna_model::parts::{Counted, Discard};
use antenna_model::url::Url;
use antenna_model::{Agent, Codec as _, Entry, Feed, Format, PartCodec, UrlKey};
use propagate::{Decision, Propagation, SourceId};

use super::ledger::{Ledger, Section, Tally};
use super::source::{Held, Source};
use super::target::Target;
use super::{fold, on_stderr, read_feed, reading};
use crate::Fatal;
use crate::args::{Choice, Look};
use crate::encoding::describe;
use crate::spool::Spool;

/// What `antenna merge` published.
pub struct Published {
    /// Entries published.
    pub entries: usize,
    /// Decisions printed.
    pub decisions: usize,
    /// The file written, or why it could not be.
    pub output: Result<Spool, String>,
}

/// The sources of one `antenna merge`, in the order given, and the run
/// their entries are admitted to.
pub struct Gathering<'p> {
    run: Propagation<'p>,
    sources: Vec<Gathered>,
    /// Every source's decisions (one tally a source, from its `add`), apart
    /// so that the sources can be lent to the resolver while these are
    /// read.
    tallies: Vec<Tally<Decision>>,
    look: Look,
}

/// One source that was not rejected.
#[allow(
    clippy::large_enum_variant,
    reason = "one for each source on the command line"
)]
enum Gathered {
    /// Admitted as it was read, up to its first `Virtual` block: those
    /// entries are in the run, their decisions tallied. Should a
    /// `Virtual` block name it, it is read again, whole and silently,
    /// unless it is all in `rest`.
    Streamed {
        key: UrlKey,
        path: PathBuf,
        format: Format,
        /// Its tally's place in [`Gathering::tallies`].
        tally: usize,
        /// Its entries from its first `Virtual` block on, admitted (in
        /// order, after those before) when every source is read.
        rest: Rest,
    },
    /// Standard input (which cannot be read again), held, its entries
    /// admitted when all are read.
    Kept {
        id: SourceId,
        key: UrlKey,
        /// Its tally's place in [`Gathering::tallies`].
        tally: usize,
        source: propagate::Source,
    },
}

/// The entries of a [`Gathered::Streamed`] source held until every source
/// is read, from its first `Virtual` block on.
struct Rest {
    id: SourceId,
    entries: Vec<Entry>,
    /// Whether they are the whole file (its first entry was `Virtual`):
    /// then a `Virtual` block naming it is resolved from them, not from
    /// the file read again.
    whole: bool,
}

impl<'p> Gathering<'p> {
    /// No source yet, for a run under `policy` at `now`, its losses and
    /// decisions said as `look` says.
    pub fn new(
        policy: &'p propagate::Policy,
        now: antenna_model::jiff::Timestamp,
        look: Look,
    ) -> Self {
        Gathering {
            run: Propagation::new(policy, now),
            sources: Vec::new(),
            tallies: Vec::new(),
            look,
        }
    }

    /// Reads `source` (the file `path`, named `name`, fetched from `url`
    /// and vouched for by `agent`), showing its diagnostics and losses;
    /// `false` when it was rejected (nothing of it is kept, and nothing
    /// printed but its diagnostics).
    pub fn read<'i, S: Source<'i>>(
        &mut self,
        mut source: S,
        (name, path): (&str, &Path),
        url: Url,
        agent: Option<Agent>,
    ) -> Result<bool, Fatal> {
        let key = UrlKey::from_url(&url);
        if S::HELD && path == Path::new("-") {
            let Some(mut feed) = read_feed(source, name, self.look)? else {
                return Ok(false);
            };
            // Held until every source is read: without the list's spare
            // room (up to as much again; an entry is large).
            feed.entries.shrink_to_fit();
            let mut source = propagate::Source::new(url, S::C::FORMAT, feed);
            source.agent = agent;
            let (id, tally) = self.add(&source)?;
            self.sources.push(Gathered::Kept {
                id,
                key,
                tally,
                source,
            });
            return Ok(true);
        }
        let mut shown = on_stderr(name, source.lines(), self.look);
        let mut ledger = Ledger::new(Some(name), self.look)?;
        let Some(head) = source.start(&mut shown)? else {
            return Ok(false);
        };
        let mut gathered = propagate::Source::new(url, S::C::FORMAT, head);
        gathered.agent = agent;
        let (id, tally) = self.add(&gathered)?;
        let mut reading = reading(&mut source);
        // A `Virtual` block is resolved once every file it may name is
        // read: it and the entries after it wait (so that its decisions
        // come in the order of the file); those before it are admitted as
        // they come, never held.
        let mut rest = Rest {
            id,
            entries: Vec::new(),
            whole: false,
        };
        let mut admitted = 0usize;
        while let Some(entry) = reading.next_entry(&mut shown, &mut ledger)? {
            let Some(entry) = entry else {
                continue;
            };
            if rest.entries.is_empty() && entry.virtual_url.is_none() {
                admitted += 1;
                if let Err(dropped) = self.run.admit(id, entry) {
                    self.tallies[tally].record(&dropped)?;
                }
            } else {
                rest.entries.push(entry);
            }
        }
        rest.whole = admitted == 0;
        rest.entries.shrink_to_fit();
        let accepted = reading.finish(&mut shown, &mut ledger)?;
        shown.sink.finish()?;
        if !accepted {
            self.run.withdraw(id);
            // Its decisions with it: its tally is the last.
            self.tallies.truncate(tally);
            return Ok(false);
        }
        ledger.print_source(&mut crate::io::notes())?;
        self.sources.push(Gathered::Streamed {
            key,
            path: path.to_owned(),
            format: S::C::FORMAT,
            tally,
            rest,
        });
        Ok(true)
    }

    /// Adds `source` to the run: its id, and the place in
    /// [`Gathering::tallies`] of the tally of its decisions, the one on
    /// its header (if any) recorded.
    fn add(&mut self, source: &propagate::Source) -> Result<(SourceId, usize), Fatal> {
        let (id, header) = self.run.add_source(source);
        let mut decisions = Tally::new(self.look, None)?;
        header.iter().try_for_each(|d| decisions.record(d))?;
        self.tallies.push(decisions);
        Ok((id, self.tallies.len() - 1))
    }

    /// Propagates the sources gathered ([`finish`](Gathering::finish))
    /// and writes the published feed as `T`, fitted to `encoding`, with
    /// `options`: each decision printed, then each loss.
    pub fn publish<T: PartCodec>(
        self,
        identity: &propagate::Identity,
        encoding: Choice,
        options: &T::WriteOptions,
    ) -> Result<Published, Fatal> {
        let mut head = self.run.header(identity);
        let mut ledger = Ledger::new(None, self.look)?;
        let mut fit = encoding.fit(T::FORMAT, &mut head);
        let mut target = match &fit {
            Ok((_, changes)) if !T::SUMMARY_PASS => {
                ledger.record(Section::HeadChanges, changes)?;
                Some(Target::<T>::new(
                    &head,
                    &T::Summary::default(),
                    options,
                    &mut ledger,
                )?)
            }
            _ => None,
        };
        let mut held = Vec::new();
        let mut entries = 0usize;
        let mut failed = None;
        let decisions = self.finish(identity, &mut |mut entry| {
            entries += 1;
            let Ok((fit, _)) = &mut fit else {
                return;
            };
            let pushed = ledger
                .fit(fit, &mut entry)
                .and_then(|()| match &mut target {
                    Some(target) => target.push(&entry, false, &mut ledger),
                    None => {
                        held.push(entry);
                        Ok(())
                    }
                });
            if let Err(e) = pushed {
                failed.get_or_insert(e);
            }
        })?;
        if let Some(e) = failed {
            return Err(e);
        }
        let target = match target {
            Some(target) => target,
            None => {
                let (_, changes) = fit?;
                ledger.record(Section::HeadChanges, &changes)?;
                let mut summary = T::Summary::default();
                held.iter()
                    .for_each(|entry| T::summarize(&mut summary, entry));
                let mut target = Target::<T>::new(&head, &summary, options, &mut ledger)?;
                for entry in held {
                    target.push(&entry, false, &mut ledger)?;
                }
                target
            }
        };
        ledger.print(&mut crate::io::notes())?;
        Ok(Published {
            entries,
            decisions,
            output: target.finish()?.map_err(|e| describe::<T>(&e)),
        })
    }

    /// Admits the kept sources' entries, prints every decision in the
    /// order `propagate::propagate_with_resolver` reports them (source by
    /// source, then the superseded blocks and what was done to each
    /// published one), hands each published entry to `publish` in output
    /// order, and returns how many decisions were made. `Virtual` blocks
    /// are resolved among the sources given, never fetched.
    fn finish(
        self,
        identity: &propagate::Identity,
        publish: &mut dyn FnMut(Entry),
    ) -> Result<usize, Fatal> {
        let mut stderr = crate::io::notes();
        let mut made = 0usize;
        let named = self.sources.iter().any(|g| match g {
            Gathered::Kept { source, .. } => {
                source.feed.entries.iter().any(|e| e.virtual_url.is_some())
            }
            Gathered::Streamed { rest, .. } => !rest.entries.is_empty(),
        });
        let Gathering {
            mut run,
            mut sources,
            mut tallies,
            look,
        } = self;
        let mut rest = Tally::new(look, None)?;
        // When a `Virtual` block names a file, the kept files are shared
        // with the resolver (never copied: a chain of files would be held
        // twice) and their entries copied into the run; else their entries
        // are moved.
        let shared: Vec<Option<Arc<Feed>>> = sources
            .iter_mut()
            .map(|g| match g {
                Gathered::Kept { source, .. } if named => {
                    Some(Arc::new(std::mem::take(&mut source.feed)))
                }
                Gathered::Streamed { rest, .. } if rest.whole && !rest.entries.is_empty() => {
                    let mut feed = Feed::new();
                    feed.entries = std::mem::take(&mut rest.entries);
                    Some(Arc::new(feed))
                }
                _ => None,
            })
            .collect();
        let mut places = HashMap::new();
        for (i, g) in sources.iter().enumerate() {
            let (Gathered::Streamed { key, .. } | Gathered::Kept { key, .. }) = g;
            places.entry(key.clone()).or_insert(i);
        }
        for i in 0..sources.len() {
            let (id, tally, mut entries) = match &mut sources[i] {
                Gathered::Streamed { tally, rest, .. } => {
                    (rest.id, *tally, std::mem::take(&mut rest.entries))
                }
                Gathered::Kept {
                    id, tally, source, ..
                } => (*id, *tally, std::mem::take(&mut source.feed.entries)),
            };
            let tally = &mut tallies[tally];
            let mut resolver = Resolver {
                sources: &sources,
                places: &places,
                shared: &shared,
            };
            let mut admit = |entry: Entry| match run.admit_resolving(id, entry, &mut resolver) {
                Err(d) => tally.record(&d),
                Ok(()) => Ok(()),
            };
            // A whole file lent to the resolver has its entries copied
            // into the run; else they are moved, taken from the end, the
            // list's room given back as it empties: what the run took is
            // not held a second time by the list (a third of what is
            // left, at most).
            if let Some(Some(feed)) = shared.get(i) {
                feed.entries.iter().try_for_each(|e| admit(e.clone()))?;
            }
            entries.reverse();
            while let Some(entry) = entries.pop() {
                if entries.len() < entries.capacity() / 4 * 3 {
                    entries.shrink_to_fit();
                }
                admit(entry)?;
            }
            tally.print(&mut stderr)?;
            made += tally.count;
        }
        drop(shared);
        let mut failed = None;
        run.finish_each(
            identity,
            &mut |decision| {
                if let Err(e) = rest.record(&decision) {
                    failed.get_or_insert(e);
                }
            },
            &mut |entry, _| publish(entry),
        );
        if let Some(e) = failed {
            return Err(e);
        }
        rest.print(&mut stderr)?;
        Ok(made + rest.count)
    }
}

/// The files a `Virtual` block may name: the sources given, found by
/// their URL keys (the first source with a key), the kept ones' feeds
/// shared (by the sources' places) rather than copied.
struct Resolver<'a> {
    sources: &'a [Gathered],
    places: &'a HashMap<UrlKey, usize>,
    shared: &'a [Option<Arc<Feed>>],
}

impl propagate::VirtualResolver for Resolver<'_> {
    fn resolve(&mut self, url: &Url) -> Option<Feed> {
        self.resolve_shared(url).map(Arc::unwrap_or_clone)
    }

    /// The file a `Virtual` block names, among the sources given (the
    /// first with that URL): one held whole lent, any other read again
    /// whole.
    fn resolve_shared(&mut self, url: &Url) -> Option<Arc<Feed>> {
        let i = *self.places.get(&UrlKey::from_url(url))?;
        if let Some(Some(lent)) = self.shared.get(i) {
            return Some(Arc::clone(lent));
        }
        match self.sources.get(i)? {
            // Lent above when a `Virtual` block names any file.
            Gathered::Kept { .. } => None,
            Gathered::Streamed { path, format, .. } => {
                let bytes = std::fs::read(path).ok()?;
                let mut ledger = Ledger::new(None, Look::default()).ok()?;
                let mut silent = Counted::new(Discard);
                crate::with_codec!(format, C => {
                    fold(&mut Held::<C>::new(&bytes, false), &mut silent, &mut ledger).ok()?
                })
                .map(Arc::new)
            }
        }
    }
}
