//! `antenna merge`'s sources gathered into one propagation run
//! ([`propagate::Propagation`]) without holding the large ones whole.
//!
//! A LIRS file named on the command line is read record by record
//! ([`LirsStream`]): each record's entry is admitted as it is read, and
//! only the entries that pass the filters are kept. Its decisions are spooled to a temporary
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
//! The decisions of choosing and rewriting are printed as they are made,
//! and HINA-DI output is written entry by entry as each is published
//! ([`HinaDiOut`]): neither the published feed nor its document is held.
//! LIRS and RSS output are still converted from the published feed whole.
//!
//! One difference is by nature, as for `check`: a gzip file that turns
//! out corrupt part way is reported with the diagnostics of the records
//! before the damage; either way it is rejected.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use antenna_model::Codec as _;
use antenna_model::url::Url;
use antenna_model::{Agent, Entry, Feed, Format, UrlKey};
use lirs::Lirs;
use propagate::{Decision, Propagation, Source, SourceId};

use crate::Fatal;
use crate::formats;
use crate::spool::Spool;
use crate::streaming::{
    LirsStream, print_error, print_losses, record_feed, show_on_stderr, spool_error,
};

/// What `antenna merge` published.
pub struct Published {
    /// Entries published.
    pub entries: usize,
    /// Decisions printed.
    pub decisions: usize,
    /// The file written, or why it could not be.
    pub bytes: Result<Vec<u8>, String>,
}

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
        // The header `lirs::to_feed` gives a document: the same for all.
        let mut source = Source::new(
            url,
            Format::Lirs,
            Lirs::to_feed(&lirs::Document::default()).document,
        );
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
        let tally = stream.run(show_on_stderr(name), |record| {
            let feed = record_feed(record);
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
        })?;
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

    /// Propagates the sources gathered ([`finish`](Gathering::finish))
    /// and converts the published feed to `to`, fitted to `encoding`:
    /// each decision printed, then each loss, as `antenna merge` prints
    /// them. HINA-DI is written entry by entry, never holding the published
    /// feed or its document; other formats from the feed whole.
    pub fn publish(
        self,
        identity: &propagate::Identity,
        to: Format,
        encoding: crate::args::Choice,
        gzip: bool,
    ) -> Result<Published, Fatal> {
        if to == Format::HinaDi {
            return self.publish_hina_di(identity, encoding);
        }
        let mut entries = Vec::new();
        let (mut feed, decisions) = self.finish(identity, &mut |entry| entries.push(entry))?;
        feed.entries = entries;
        let count = feed.entries.len();
        for loss in encoding.apply(to, &mut feed)? {
            eprintln!("loss: {loss}");
        }
        let converted = formats::from_feed(to, &feed);
        drop(feed);
        for loss in &converted.losses {
            eprintln!("loss: {loss}");
        }
        Ok(Published {
            entries: count,
            decisions,
            bytes: encoding.write(&converted.document, gzip),
        })
    }

    /// [`publish`](Gathering::publish) to HINA-DI, entry by entry
    /// ([`HinaDiOut`]).
    fn publish_hina_di(
        self,
        identity: &propagate::Identity,
        encoding: crate::args::Choice,
    ) -> Result<Published, Fatal> {
        let mut out = HinaDiOut::new(self.run.header(identity), encoding)?;
        let mut failed = None;
        let mut entries = 0usize;
        let (_, decisions) = self.finish(identity, &mut |entry| {
            entries += 1;
            if failed.is_none() {
                failed = out.push(entry).err();
            }
        })?;
        if let Some(e) = failed {
            return Err(e);
        }
        let bytes = out.finish(&mut std::io::stderr().lock())?;
        Ok(Published {
            entries,
            decisions,
            bytes,
        })
    }

    /// Admits the kept sources' entries, prints every decision in the
    /// order `propagate::propagate_with_resolver` reports them (source by
    /// source, then the superseded blocks and what was done to each
    /// published one), hands each published entry to `publish` in output
    /// order, and returns the published feed's header and how many
    /// decisions were printed. `Virtual` blocks are resolved among the
    /// sources given, never fetched.
    fn finish(
        self,
        identity: &propagate::Identity,
        publish: &mut dyn FnMut(Entry),
    ) -> Result<(Feed, usize), Fatal> {
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
        let header = run.finish_each(
            identity,
            &mut |decision| {
                printed += 1;
                if failed.is_none() {
                    failed = writeln!(stderr, "{decision}").err();
                }
            },
            &mut |entry, _| publish(entry),
        );
        if let Some(e) = failed {
            return Err(print_error(e));
        }
        Ok((header, printed))
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

/// A feed converted to HINA-DI and written entry by entry, giving what
/// converting it whole gives (`Choice::apply`, `hina_di::from_feed`,
/// `hina_di::write`): each entry is fitted to the encoding, made a block by
/// `hina_di::from_feed` of a feed holding it alone (an entry's block
/// depends on the entry only) and written by [`hina_di::BlockWriter`],
/// which `hina_di::write` is over a whole document; the header is made
/// once, of the feed's header. The losses are spooled and given in the
/// whole feed's order: the header's changes, the entries', the header's
/// losses, the blocks'. Only the written file is held.
struct HinaDiOut {
    encoding: crate::args::Choice,
    /// The charset the header was fitted to, which every entry is.
    charset: Option<String>,
    changes: Vec<antenna_model::Loss>,
    header_losses: Vec<antenna_model::Loss>,
    entry_changes: Spool,
    block_losses: Spool,
    /// Once a block cannot be written, the error is kept and no more is.
    writer: Result<hina_di::BlockWriter, hina_di::WriteError>,
}

impl HinaDiOut {
    /// Starts the file with `head`'s header (its entries are not read).
    fn new(mut head: Feed, encoding: crate::args::Choice) -> Result<Self, Fatal> {
        head.entries = Vec::new();
        let changes = encoding.apply(Format::HinaDi, &mut head)?;
        let header = hina_di::from_feed(&head);
        let writer = hina_di::BlockWriter::new(
            header.document.version(),
            header.document.version_line_end(),
            header.document.header(),
        );
        Ok(HinaDiOut {
            encoding,
            charset: head.encoding,
            changes,
            header_losses: header.losses,
            entry_changes: Spool::new()?,
            block_losses: Spool::new()?,
            writer,
        })
    }

    /// Converts and writes the next entry.
    fn push(&mut self, entry: Entry) -> Result<(), Fatal> {
        let mut feed = Feed::new();
        feed.encoding.clone_from(&self.charset);
        feed.entries.push(entry);
        let made = self.encoding.apply(Format::HinaDi, &mut feed)?;
        print_losses(&mut self.entry_changes, &made).map_err(spool_error)?;
        // The entry alone: the header's fields and losses are made once.
        let mut alone = Feed::new();
        alone.entries = feed.entries;
        let converted = hina_di::from_feed(&alone);
        drop(alone);
        print_losses(&mut self.block_losses, &converted.losses).map_err(spool_error)?;
        if let Ok(w) = &mut self.writer
            && let Err(e) = push_blocks(w, &converted.document)
        {
            self.writer = Err(e);
        }
        Ok(())
    }

    /// Writes the losses to `losses` and returns the file, or why it
    /// cannot be written (the whole document's write error).
    fn finish(mut self, losses: &mut dyn std::io::Write) -> Result<Result<Vec<u8>, String>, Fatal> {
        print_losses(losses, &self.changes).map_err(print_error)?;
        self.entry_changes.copy_to(losses).map_err(print_error)?;
        print_losses(losses, &self.header_losses).map_err(print_error)?;
        self.block_losses.copy_to(losses).map_err(print_error)?;
        Ok(self
            .writer
            .and_then(hina_di::BlockWriter::finish)
            .map_err(|e| e.to_string()))
    }
}

/// Writes each of `document`'s entity blocks with `writer`.
fn push_blocks(
    writer: &mut hina_di::BlockWriter,
    document: &hina_di::Document,
) -> Result<(), hina_di::WriteError> {
    document
        .all_blocks()
        .iter()
        .try_for_each(|b| writer.push(b))
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

#[cfg(test)]
mod tests;
