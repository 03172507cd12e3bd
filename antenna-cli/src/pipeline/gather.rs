//! `antenna merge`'s sink: sources gathered into one propagation run
//! ([`propagate::Propagation`]), and the published feed written part by
//! part to any format.
//!
//! A source read from disk as it goes (a LIRS file named on the command
//! line) has each entry admitted as it is read, only the entries that pass
//! the filters kept; its decisions are tallied and its losses printed when
//! it ends, so that standard error says what merging the files read whole
//! says, in the same order: each source's diagnostics and losses, then
//! every decision. A source that turns out rejected at its end is
//! withdrawn from the run.
//!
//! A source held in memory (any other, standard input) is read into a
//! feed, kept until every source is read: a `Virtual` block may name a
//! file given after its own. Its entries are then admitted in the order
//! of the sources, moved into the run unless some `Virtual` block needs
//! the kept files to resolve from.
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
use super::{fold, on_stderr, reading};
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
    /// The streamed sources' decisions, apart so that the sources can be
    /// lent to the resolver while these are read.
    tallies: Vec<Tally<Decision>>,
    look: Look,
}

/// One source that was not rejected.
#[allow(
    clippy::large_enum_variant,
    reason = "one for each source on the command line"
)]
enum Gathered {
    /// Read from disk as it went: its entries are in the run, its
    /// decisions tallied. Should a `Virtual` block name it, it is read
    /// again, whole and silently.
    Streamed {
        key: UrlKey,
        path: PathBuf,
        format: Format,
        /// Its tally's place in [`Gathering::tallies`].
        tally: usize,
    },
    /// Held, its entries admitted when all are read.
    Kept {
        id: SourceId,
        key: UrlKey,
        header: Option<Decision>,
        source: propagate::Source,
    },
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
        let mut shown = on_stderr(name, source.lines(), self.look);
        let mut ledger = Ledger::new(Some(name), self.look)?;
        let key = UrlKey::from_url(&url);
        if S::HELD {
            let feed = fold(&mut source, &mut shown, &mut ledger)?;
            shown.sink.finish()?;
            let Some(mut feed) = feed else {
                return Ok(false);
            };
            // Held until every source is read: without the list's spare
            // room (up to as much again; an entry is large).
            feed.entries.shrink_to_fit();
            ledger.print_source(&mut crate::io::notes())?;
            let mut source = propagate::Source::new(url, S::C::FORMAT, feed);
            source.agent = agent;
            let (id, header) = self.run.add_source(&source);
            self.sources.push(Gathered::Kept {
                id,
                key,
                header,
                source,
            });
            return Ok(true);
        }
        let Some(head) = source.start(&mut shown)? else {
            return Ok(false);
        };
        let mut gathered = propagate::Source::new(url, S::C::FORMAT, head);
        gathered.agent = agent;
        let (id, header) = self.run.add_source(&gathered);
        let mut decisions = Tally::new(self.look, None)?;
        if let Some(decision) = &header {
            decisions.record(decision)?;
        }
        let mut reading = reading(&mut source);
        // Its entries carry no `Virtual` (else it would be held): nothing
        // to resolve.
        while let Some(entry) = reading.next_entry(&mut shown, &mut ledger)? {
            if let Some(entry) = entry
                && let Err(dropped) = self.run.admit(id, entry)
            {
                decisions.record(&dropped)?;
            }
        }
        let accepted = reading.finish(&mut shown, &mut ledger)?;
        shown.sink.finish()?;
        if !accepted {
            self.run.withdraw(id);
            return Ok(false);
        }
        ledger.print_source(&mut crate::io::notes())?;
        self.sources.push(Gathered::Streamed {
            key,
            path: path.to_owned(),
            format: S::C::FORMAT,
            tally: self.tallies.len(),
        });
        self.tallies.push(decisions);
        Ok(true)
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
            Gathered::Streamed { .. } => false,
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
                _ => None,
            })
            .collect();
        let mut places = HashMap::new();
        for (i, g) in sources.iter().enumerate() {
            let (Gathered::Streamed { key, .. } | Gathered::Kept { key, .. }) = g;
            places.entry(key.clone()).or_insert(i);
        }
        for i in 0..sources.len() {
            let mut kept = match &sources[i] {
                Gathered::Streamed { tally, .. } => {
                    if let Some(tally) = tallies.get_mut(*tally) {
                        tally.print(&mut stderr)?;
                        made += tally.count;
                    }
                    continue;
                }
                Gathered::Kept { header, .. } => {
                    let mut kept = Tally::new(look, None)?;
                    header.iter().try_for_each(|d| kept.record(d))?;
                    kept
                }
            };
            if let Some(Gathered::Kept { id, .. }) = sources.get(i)
                && let Some(Some(feed)) = shared.get(i)
            {
                let mut resolver = Resolver {
                    sources: &sources,
                    places: &places,
                    shared: &shared,
                };
                for entry in &feed.entries {
                    if let Err(d) = run.admit_resolving(*id, entry.clone(), &mut resolver) {
                        kept.record(&d)?;
                    }
                }
            } else if let Some(Gathered::Kept { id, source, .. }) = sources.get_mut(i) {
                let mut entries = std::mem::take(&mut source.feed.entries);
                // Taken from the end, the list's room given back as it
                // empties: what the run took is not held a second time
                // by the list (a third of what is left, at most).
                entries.reverse();
                while let Some(entry) = entries.pop() {
                    if entries.len() < entries.capacity() / 4 * 3 {
                        entries.shrink_to_fit();
                    }
                    if let Err(d) = run.admit(*id, entry) {
                        kept.record(&d)?;
                    }
                }
            }
            kept.print(&mut stderr)?;
            made += kept.count;
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
    /// first with that URL): a kept one shared, a streamed one read again
    /// whole.
    fn resolve_shared(&mut self, url: &Url) -> Option<Arc<Feed>> {
        let i = *self.places.get(&UrlKey::from_url(url))?;
        match self.sources.get(i)? {
            Gathered::Kept { .. } => self.shared.get(i)?.clone(),
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
