//! `antenna merge`'s sources gathered into one propagation run
//! ([`propagate::Propagation`]) without holding the large ones whole.
//!
//! A LIRS file named on the command line is read record by record
//! ([`LirsStream`]): each record's entry is admitted as it is read, and
//! only the entries that pass the filters are kept (a LIRS file is mostly
//! records too old to propagate). Its decisions are spooled to a temporary
//! file and its losses printed when it ends, so that standard error says
//! what merging the files read whole says, in the same order: each
//! source's diagnostics and losses, then every decision. A source that
//! turns out rejected at its end is withdrawn from the run.
//!
//! Other sources (HINA-DI, RSS 2.0, standard input) are read whole and kept
//! until every source is read: a `Virtual` block may name a file given
//! after its own. Their entries are then admitted in the order of the
//! sources, moved into the run unless some `Virtual` block needs the kept
//! files to resolve from.
//!
//! One difference is by nature, as for `check`: a gzip file that turns
//! out corrupt part way is reported with the diagnostics of the records
//! before the damage; either way it is rejected.

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};

use antenna_model::Codec as _;
use antenna_model::url::Url;
use antenna_model::{Agent, Feed, Format, UrlKey};
use lirs::Lirs;
use propagate::{Decision, Propagated, Propagation, Source, SourceId};

use crate::Fatal;
use crate::formats;
use crate::spool::Spool;
use crate::streaming::LirsStream;

/// The sources of one `antenna merge`, in the order given, and the run
/// their entries are admitted to.
pub struct Gathering<'p> {
    run: Propagation<'p>,
    sources: Vec<Gathered>,
    /// The streamed sources' decisions, apart so that the sources can be
    /// lent to the resolver while these are read.
    spools: Vec<Spool>,
}

/// One source that was not rejected.
#[allow(
    clippy::large_enum_variant,
    reason = "one for each source on the command line"
)]
enum Gathered {
    /// A LIRS file read record by record: its entries are in the run, its
    /// decisions in a spool. Should a `Virtual` block name it, it is read
    /// again, whole and silently.
    Streamed {
        key: UrlKey,
        path: PathBuf,
        /// Its spool's place in [`Gathering::spools`].
        spool: usize,
        /// How many decisions it holds.
        count: usize,
    },
    /// A source read whole, its entries admitted when all are read.
    Kept {
        id: SourceId,
        key: UrlKey,
        header: Option<Decision>,
        source: Source,
    },
}

impl<'p> Gathering<'p> {
    /// No source yet, for a run under `policy` at `now`.
    pub fn new(policy: &'p propagate::Policy, now: antenna_model::jiff::Timestamp) -> Self {
        Gathering {
            run: Propagation::new(policy, now),
            sources: Vec::new(),
            spools: Vec::new(),
        }
    }

    /// Keeps `source`, read whole, for [`finish`](Gathering::finish).
    pub fn keep(&mut self, source: Source) {
        let (id, header) = self.run.add_source(&source);
        self.sources.push(Gathered::Kept {
            id,
            key: UrlKey::from_url(&source.url),
            header,
            source,
        });
    }

    /// Reads the LIRS file `path` (`name` in messages) record by record,
    /// showing its diagnostics, admitting each entry as it is read, then
    /// printing its losses; `false` when it was rejected (its entries are
    /// withdrawn and nothing of it is printed but its diagnostics).
    pub fn stream_lirs(
        &mut self,
        stream: LirsStream,
        name: &str,
        path: &Path,
        url: Url,
        agent: Option<Agent>,
    ) -> Result<bool, Fatal> {
        let style = crate::render::Style::for_stream(std::io::stderr().is_terminal());
        // The header `lirs::to_feed` gives a document: the same for all.
        let mut source = Source::new(url, Format::Lirs, lirs_feed(Vec::new()).document);
        source.agent = agent;
        let (id, header) = self.run.add_source(&source);
        let mut decisions = Spool::new()?;
        let mut count = 0usize;
        let mut losses = Spool::new()?;
        if let Some(header) = header {
            writeln!(decisions, "{header}").map_err(spool_error)?;
            count += 1;
        }
        let run = &mut self.run;
        let tally = stream.run(
            |d, excerpt| {
                eprint!("{}", crate::render::human_in(name, Some(excerpt), d, style));
                Ok(())
            },
            |record| {
                let feed = lirs_feed(vec![record]);
                for loss in &feed.losses {
                    writeln!(losses, "loss: {name}: {loss}").map_err(spool_error)?;
                }
                // LIRS records carry no `Virtual`: nothing to resolve.
                for entry in feed.document.entries {
                    if let Err(dropped) = run.admit(id, entry) {
                        writeln!(decisions, "{dropped}").map_err(spool_error)?;
                        count += 1;
                    }
                }
                Ok(())
            },
        )?;
        if tally.errors > 0 {
            self.run.withdraw(id);
            return Ok(false);
        }
        // The losses as `lirs::to_feed` lists them: comment lines first.
        let mut stderr = std::io::stderr().lock();
        if let Some(loss) = lirs::comment_loss(tally.comments) {
            writeln!(stderr, "loss: {name}: {loss}").map_err(print_error)?;
        }
        losses.copy_to(&mut stderr).map_err(print_error)?;
        self.sources.push(Gathered::Streamed {
            key: UrlKey::from_url(&source.url),
            path: path.to_owned(),
            spool: self.spools.len(),
            count,
        });
        self.spools.push(decisions);
        Ok(true)
    }

    /// Admits the kept sources' entries, prints every decision in the
    /// order `propagate::propagate_with_resolver` reports them (source by
    /// source, then the superseded blocks and what was done to each
    /// published one), and returns the result (its report empty: all of it
    /// was printed) and how many decisions were printed. `Virtual` blocks are resolved among the sources given,
    /// never fetched.
    pub fn finish(self, identity: &propagate::Identity) -> Result<(Propagated, usize), Fatal> {
        let Gathering {
            mut run,
            sources,
            mut spools,
        } = self;
        let mut stderr = std::io::stderr().lock();
        let mut printed = 0usize;
        let mut streamed = |spool: usize, count: usize, stderr: &mut dyn std::io::Write| {
            if let Some(spool) = spools.get_mut(spool) {
                spool.copy_to(stderr).map_err(print_error)?;
            }
            Ok::<usize, Fatal>(count)
        };
        let named = sources.iter().any(|g| match g {
            Gathered::Kept { source, .. } => {
                source.feed.entries.iter().any(|e| e.virtual_url.is_some())
            }
            Gathered::Streamed { .. } => false,
        });
        if named {
            // The kept files are lent to the resolver: their entries are
            // copied into the run.
            let mut resolver = |url: &Url| resolve(&sources, url);
            for gathered in &sources {
                match gathered {
                    Gathered::Streamed { spool, count, .. } => {
                        printed += streamed(*spool, *count, &mut stderr)?;
                    }
                    Gathered::Kept {
                        id, header, source, ..
                    } => {
                        printed += print_decision(&mut stderr, header.as_ref())?;
                        for entry in &source.feed.entries {
                            let admitted = run.admit_resolving(*id, entry.clone(), &mut resolver);
                            printed += print_decision(&mut stderr, admitted.err().as_ref())?;
                        }
                    }
                }
            }
        } else {
            for gathered in sources {
                match gathered {
                    Gathered::Streamed { spool, count, .. } => {
                        printed += streamed(spool, count, &mut stderr)?;
                    }
                    Gathered::Kept {
                        id, header, source, ..
                    } => {
                        printed += print_decision(&mut stderr, header.as_ref())?;
                        // Nothing resolves from it: its entries are moved.
                        for entry in source.feed.entries {
                            let admitted = run.admit(id, entry);
                            printed += print_decision(&mut stderr, admitted.err().as_ref())?;
                        }
                    }
                }
            }
        }
        // The rest are printed as they are made, never held.
        let mut failed = None;
        let result = run.finish_reporting(identity, &mut |decision| {
            printed += 1;
            if failed.is_none() {
                failed = writeln!(stderr, "{decision}").err();
            }
        });
        if let Some(e) = failed {
            return Err(print_error(e));
        }
        Ok((result, printed))
    }
}

/// The file a `Virtual` block names, among the sources given (the first
/// with that URL): a kept one copied, a streamed one read again whole.
fn resolve(sources: &[Gathered], url: &Url) -> Option<Feed> {
    let key = UrlKey::from_url(url);
    match sources.iter().find(|g| match g {
        Gathered::Streamed { key: k, .. } | Gathered::Kept { key: k, .. } => *k == key,
    })? {
        Gathered::Kept { source, .. } => Some(source.feed.clone()),
        Gathered::Streamed { path, .. } => {
            let bytes = std::fs::read(path).ok()?;
            let read = formats::read(Format::Lirs, &bytes, false);
            Some(formats::to_feed(read.document.as_ref()?).document)
        }
    }
}

/// Prints `decision`, if any; returns how many were printed.
fn print_decision(
    out: &mut dyn std::io::Write,
    decision: Option<&Decision>,
) -> Result<usize, Fatal> {
    match decision {
        Some(decision) => {
            writeln!(out, "{decision}").map_err(print_error)?;
            Ok(1)
        }
        None => Ok(0),
    }
}

/// The feed `lirs::to_feed` makes of a document holding `records`.
fn lirs_feed(records: Vec<lirs::Record>) -> antenna_model::Converted<Feed> {
    Lirs::to_feed(&lirs::Document {
        records,
        ..lirs::Document::default()
    })
}

/// A temporary file's error.
fn spool_error(e: std::io::Error) -> Fatal {
    Fatal(format!("cannot write a temporary file: {e}"))
}

/// Standard error's error.
fn print_error(e: std::io::Error) -> Fatal {
    Fatal(format!("cannot write to standard error: {e}"))
}
