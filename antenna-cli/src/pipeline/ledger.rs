//! The losses of one conversion, and the only definition of the order
//! they are printed in (the whole-file order: what converting a document
//! whole with `to_feed`, the output's fitting and `from_feed` lists):
//!
//! 1. the source's head ([`PartCodec::head_to_feed`]);
//! 2. the source's parts ([`PartCodec::part_to_entry`]), in file order;
//! 3. the changes made to the feed's own fields: the writer's stamp
//!    ([`crate::stamp`]), then the output encoding's substitutions;
//! 4. the substitutions made in each entry, in order;
//! 5. the target's head ([`PartCodec::head_from_feed`]);
//! 6. the target's parts ([`PartCodec::part_from_entry`]), in order.
//!
//! The part sections grow with the file. By default each is summed by
//! kind ([`Tally`]): one line per kind of loss, with how many entries it
//! struck, in the order each kind first came (`loss: 200,000 entries:
//! content_length: HINA-DI has no field for it`), so that memory grows
//! with the kinds, not the entries; with `--verbose` every loss is
//! spooled to disk as it comes. Either way they are let out at the end,
//! once it is known whether anything is printed at all.
//!
//! [`PartCodec::head_to_feed`]: antenna_model::PartCodec::head_to_feed
//! [`PartCodec::part_to_entry`]: antenna_model::PartCodec::part_to_entry
//! [`PartCodec::head_from_feed`]: antenna_model::PartCodec::head_from_feed
//! [`PartCodec::part_from_entry`]: antenna_model::PartCodec::part_from_entry

use std::collections::HashMap;
use std::hash::{BuildHasher as _, RandomState};
use std::io::Write;

use antenna_model::{Entry, Loss};

use super::print_error;
use crate::Fatal;
use crate::args::Look;
use crate::encoding::Fit;
use crate::render::Told;
use crate::spool::Spool;
use crate::spool::spool_error;

/// A section of the [`Ledger`], in print order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    SourceHead,
    SourceParts,
    HeadChanges,
    EntryChanges,
    TargetHead,
    TargetParts,
}

/// The losses of one conversion, by [`Section`].
pub struct Ledger {
    /// How they are said, and the file they are of (merge's sources).
    say: Say,
    /// The head sections, few.
    source_head: Vec<Loss>,
    head_changes: Vec<Loss>,
    target_head: Vec<Loss>,
    /// The part sections: source parts, entry changes, target parts.
    parts: [Tally<Loss>; 3],
}

impl Ledger {
    /// An empty ledger whose losses are said as `look` says, naming
    /// `file` when given (`loss: FILE: LOSS`).
    pub fn new(file: Option<&str>, look: Look) -> Result<Self, Fatal> {
        let [a, b, c] = [(); 3].map(|()| Tally::new(look, file));
        Ok(Ledger {
            source_head: Vec::new(),
            head_changes: Vec::new(),
            target_head: Vec::new(),
            parts: [a?, b?, c?],
            say: Say {
                look,
                file: file.map(str::to_owned),
            },
        })
    }

    /// Records `losses` in `section`, after those recorded there before.
    pub fn record(&mut self, section: Section, losses: &[Loss]) -> Result<(), Fatal> {
        let head = match section {
            Section::SourceHead => &mut self.source_head,
            Section::HeadChanges => &mut self.head_changes,
            Section::TargetHead => &mut self.target_head,
            Section::SourceParts => return self.parts[0].record_all(losses),
            Section::EntryChanges => return self.parts[1].record_all(losses),
            Section::TargetParts => return self.parts[2].record_all(losses),
        };
        head.extend_from_slice(losses);
        Ok(())
    }

    /// Replaces the losses of the target's head with `losses`: those of
    /// the head made again once every entry is counted (issue #23, see
    /// `PartCodec::settled`).
    pub fn restate_target_head(&mut self, losses: &[Loss]) {
        self.target_head.clear();
        self.target_head.extend_from_slice(losses);
    }

    /// Fits `entry` to the output's encoding with `fit`, the
    /// substitutions in [`Section::EntryChanges`].
    pub fn fit(&mut self, fit: &mut Fit, entry: &mut Entry) -> Result<(), Fatal> {
        self.record(Section::EntryChanges, &fit.entry(entry))
    }

    /// Prints the source's sections (1 and 2) on `out`: what a file that
    /// is not converted after all (it has no entries, or is a merge's
    /// source) lost on its way to the model.
    pub fn print_source(&mut self, out: &mut dyn Write) -> Result<(), Fatal> {
        self.say.each(out, &self.source_head)?;
        self.parts[0].print(out)
    }

    /// Prints every section in order on `out`; returns how many losses.
    pub fn print(&mut self, out: &mut dyn Write) -> Result<usize, Fatal> {
        self.print_source(out)?;
        self.say.each(out, &self.head_changes)?;
        self.parts[1].print(out)?;
        self.say.each(out, &self.target_head)?;
        self.parts[2].print(out)?;
        let heads = self.source_head.len() + self.head_changes.len() + self.target_head.len();
        Ok(heads + self.parts.iter().map(|t| t.count).sum::<usize>())
    }
}

/// How a run's reports are said (`--verbose`, `--format`), and of which
/// file.
struct Say {
    look: Look,
    file: Option<String>,
}

impl Say {
    /// Writes each of `reports` on `out`, one by one.
    fn each<R: Told>(&self, out: &mut dyn Write, reports: &[R]) -> Result<(), Fatal> {
        for report in reports {
            out.write_all(self.told(report, 1).as_bytes())
                .map_err(print_error)?;
        }
        Ok(())
    }

    fn told<R: Told>(&self, report: &R, count: usize) -> String {
        let json = self.look.format == crate::args::Output::Json;
        report.told(self.file.as_deref(), count, json)
    }
}

/// The most kinds a [`Tally`] keeps: a reason that quotes each entry's
/// own value (`` `bad url` is not an absolute URL ``) makes a kind per
/// entry, and those past this many are counted, not kept, so memory and
/// output stay bounded as with diagnostics (1,000 shown per rule).
pub const MAX_KINDS: usize = 1_000;

/// Reports that come once per entry, any number of them: under
/// `--verbose` each said as it comes, into a spool; else the first of
/// each kind kept with how many came, said once at the end in the order
/// the kinds first came, the first [`MAX_KINDS`] kinds of them.
pub struct Tally<R> {
    say: Say,
    /// `--verbose`: every report, said.
    each: Option<Spool>,
    /// Else the first of each kind and how many.
    kinds: Vec<(R, usize)>,
    /// Reports of kinds past the first [`MAX_KINDS`]: counted only.
    others: usize,
    /// The places in `kinds` of the kinds with each hash.
    places: HashMap<u64, Vec<usize>>,
    hasher: RandomState,
    /// The place in `kinds` after the kind last recorded (wrapping).
    next: usize,
    /// Reports recorded.
    pub count: usize,
}

impl<R: Told + Clone> Tally<R> {
    /// None yet, to be said as `look` says, naming `file` when given.
    pub fn new(look: Look, file: Option<&str>) -> Result<Self, Fatal> {
        Ok(Tally {
            say: Say {
                look,
                file: file.map(str::to_owned),
            },
            each: look.verbose.then(Spool::new).transpose()?,
            kinds: Vec::new(),
            others: 0,
            places: HashMap::new(),
            hasher: RandomState::new(),
            next: 0,
            count: 0,
        })
    }

    /// Records `report`.
    pub fn record(&mut self, report: &R) -> Result<(), Fatal> {
        self.count += 1;
        if let Some(spool) = &mut self.each {
            let said = self.say.told(report, 1);
            return spool.write_all(said.as_bytes()).map_err(spool_error);
        }
        // Entries of one file mostly lose the same fields in the same
        // order: the kind after the last one found is tried first, without
        // a hash.
        if let Some((first, count)) = self.kinds.get_mut(self.next)
            && first.kind() == report.kind()
        {
            *count += 1;
            self.next = (self.next + 1) % self.kinds.len();
            return Ok(());
        }
        let hash = self.hasher.hash_one(report.kind());
        let places = self.places.entry(hash).or_default();
        let kinds = &mut self.kinds;
        let found = places
            .iter()
            .copied()
            .find(|&i| kinds[i].0.kind() == report.kind());
        match found {
            Some(i) => {
                kinds[i].1 += 1;
                self.next = (i + 1) % kinds.len();
            }
            None if kinds.len() >= MAX_KINDS => self.others += 1,
            None => {
                places.push(kinds.len());
                kinds.push((report.clone(), 1));
                self.next = 0;
            }
        }
        Ok(())
    }

    fn record_all(&mut self, reports: &[R]) -> Result<(), Fatal> {
        reports.iter().try_for_each(|r| self.record(r))
    }

    /// Says every report recorded on `out`.
    pub fn print(&mut self, out: &mut dyn Write) -> Result<(), Fatal> {
        if let Some(spool) = &mut self.each {
            spool.copy_to(out).map_err(print_error)?;
        }
        for (report, count) in &self.kinds {
            out.write_all(self.say.told(report, *count).as_bytes())
                .map_err(print_error)?;
        }
        if self.others > 0 {
            let json = self.say.look.format == crate::args::Output::Json;
            let said = R::others(self.say.file.as_deref(), self.others, MAX_KINDS, json);
            out.write_all(said.as_bytes()).map_err(print_error)?;
        }
        Ok(())
    }
}
