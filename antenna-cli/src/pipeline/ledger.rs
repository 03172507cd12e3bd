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
//! The part sections grow with the file, so they are spooled to disk as
//! they come and let out at the end, once it is known whether anything is
//! printed at all.
//!
//! [`PartCodec::head_to_feed`]: antenna_model::PartCodec::head_to_feed
//! [`PartCodec::part_to_entry`]: antenna_model::PartCodec::part_to_entry
//! [`PartCodec::head_from_feed`]: antenna_model::PartCodec::head_from_feed
//! [`PartCodec::part_from_entry`]: antenna_model::PartCodec::part_from_entry

use std::io::Write;

use antenna_model::{Entry, Loss};

use super::{print_error, spool_error};
use crate::Fatal;
use crate::encoding::Fit;
use crate::spool::Spool;

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
    /// Written before each loss's text: `loss: ` or `loss: FILE: `.
    prefix: String,
    /// The head sections, few.
    source_head: Vec<Loss>,
    head_changes: Vec<Loss>,
    target_head: Vec<Loss>,
    /// The part sections, spooled: source parts, entry changes, target
    /// parts.
    spools: [Spool; 3],
    /// Losses recorded so far.
    count: usize,
}

impl Ledger {
    /// An empty ledger whose losses are printed `loss: LOSS`, or
    /// `loss: FILE: LOSS` when it names the file.
    pub fn new(file: Option<&str>) -> Result<Self, Fatal> {
        let spools = [(); 3].map(|()| Spool::new());
        let [a, b, c] = spools;
        Ok(Ledger {
            prefix: file.map_or_else(|| "loss: ".to_owned(), |f| format!("loss: {f}: ")),
            source_head: Vec::new(),
            head_changes: Vec::new(),
            target_head: Vec::new(),
            spools: [a?, b?, c?],
            count: 0,
        })
    }

    /// Records `losses` in `section`, after those recorded there before.
    pub fn record(&mut self, section: Section, losses: &[Loss]) -> Result<(), Fatal> {
        self.count += losses.len();
        let head = match section {
            Section::SourceHead => Some(&mut self.source_head),
            Section::HeadChanges => Some(&mut self.head_changes),
            Section::TargetHead => Some(&mut self.target_head),
            _ => None,
        };
        if let Some(head) = head {
            head.extend_from_slice(losses);
            return Ok(());
        }
        let spool = match section {
            Section::SourceParts => &mut self.spools[0],
            Section::EntryChanges => &mut self.spools[1],
            _ => &mut self.spools[2],
        };
        for loss in losses {
            writeln!(spool, "{}{loss}", self.prefix).map_err(spool_error)?;
        }
        Ok(())
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
        self.print_head(out, Section::SourceHead)?;
        self.spools[0].copy_to(out).map_err(print_error)?;
        Ok(())
    }

    /// Prints every section in order on `out`; returns how many losses.
    pub fn print(&mut self, out: &mut dyn Write) -> Result<usize, Fatal> {
        self.print_source(out)?;
        self.print_head(out, Section::HeadChanges)?;
        self.spools[1].copy_to(out).map_err(print_error)?;
        self.print_head(out, Section::TargetHead)?;
        self.spools[2].copy_to(out).map_err(print_error)?;
        Ok(self.count)
    }

    fn print_head(&self, out: &mut dyn Write, section: Section) -> Result<(), Fatal> {
        let losses = match section {
            Section::SourceHead => &self.source_head,
            Section::HeadChanges => &self.head_changes,
            _ => &self.target_head,
        };
        for loss in losses {
            writeln!(out, "{}{loss}", self.prefix).map_err(print_error)?;
        }
        Ok(())
    }
}
