//! What a target's head needs to know of the entries before the first is
//! written ([`PartCodec::Summary`], RSS's channel: the first entry's
//! site, the namespaces its items need, how many there are), learnt by a
//! first pass over the source ([`Source::survey`]) that ends as soon as
//! the summary is [settled](PartCodec::settled): the main pass counts the
//! entries after it, and the head is made again of the summary counted
//! in full ([`super::target::Target::rehead`]). Issue #23: the whole
//! pass read a HINA-DI file a second time only to count its blocks, 1.7
//! times its `check`.

use std::ops::ControlFlow;

use antenna_model::PartCodec;

use super::source::Source;
use crate::Fatal;
use crate::encoding::Fit;

/// The summary of `T`'s head, learnt by a survey and the main pass.
pub struct Summing<T: PartCodec> {
    summary: T::Summary,
    /// Whether a survey was made (a target that needs one, a head made).
    surveyed: bool,
    /// The parts the survey saw, and the entries it learnt of among them.
    parts: usize,
    entries: usize,
    /// Whether it ended there, the summary settled, before the end.
    stopped: bool,
    /// The entries the main pass made of the parts the survey saw, and
    /// of those after them.
    seen_again: usize,
    counted_after: usize,
}

impl<T: PartCodec> Summing<T> {
    /// Nothing learnt yet.
    pub fn new() -> Self {
        Summing {
            summary: T::Summary::default(),
            surveyed: false,
            parts: 0,
            entries: 0,
            stopped: false,
            seen_again: 0,
            counted_after: 0,
        }
    }

    /// The summary as learnt so far.
    pub fn summary(&self) -> &T::Summary {
        &self.summary
    }

    /// The survey of `source`, its entries fitted with `fit`, when `T`
    /// needs one: each part's entry summarized (or what the summary asks
    /// told by a glance, where `fit` is exact and leaves the entry as
    /// made), until the summary is settled.
    pub fn survey<'i, S: Source<'i>>(
        &mut self,
        source: &mut S,
        fit: &mut Fit,
    ) -> Result<(), Fatal> {
        if !T::SUMMARY_PASS {
            return Ok(());
        }
        self.surveyed = true;
        let exact = fit.is_exact();
        let Summing {
            summary,
            parts,
            entries,
            stopped,
            ..
        } = self;
        if T::settled(summary) {
            *stopped = true;
            return Ok(());
        }
        source.survey(&mut |part| {
            let index = *parts;
            *parts += 1;
            if exact && S::C::glance(part, index).is_some_and(|g| T::summarize_glance(summary, &g))
            {
                *entries += 1;
            } else if let Some(mut entry) = S::C::part_to_entry(part, index, &mut Vec::new()) {
                fit.entry(&mut entry);
                T::summarize(summary, &entry);
                *entries += 1;
            }
            if T::settled(summary) {
                *stopped = true;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        })
    }

    /// The main pass made an entry of its `index`th part (from 0): one
    /// the survey learnt of, or one after where it stopped, counted.
    pub fn entry(&mut self, index: usize) {
        if !self.surveyed {
            return;
        }
        if index < self.parts {
            self.seen_again += 1;
        } else {
            self.counted_after += 1;
            if self.stopped {
                T::count(&mut self.summary);
            }
        }
    }

    /// After the main pass over `name`: whether the head must be made
    /// again of [`Summing::summary`] (entries were counted after the
    /// survey stopped), or the error when the two passes disagree.
    ///
    /// What the check means: a held file's bytes cannot change between
    /// the passes, and a LIRS file's two passes check that it did not
    /// themselves (`lirs::two_pass`, whose first pass always runs whole);
    /// what is left to catch is a source or a format whose passes give
    /// different parts or entries. A survey that ran whole must have
    /// learnt of every entry the main pass made; one that stopped, of the
    /// entries the main pass made of the parts it saw (it says nothing of
    /// the parts after, whose entries are only counted).
    pub fn finish(&self, name: &str) -> Result<bool, Fatal> {
        if !self.surveyed {
            return Ok(false);
        }
        let agree = self.seen_again == self.entries && (self.stopped || self.counted_after == 0);
        if !agree {
            return Err(Fatal(format!("{name} changed while it was read")));
        }
        Ok(self.counted_after > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A summary learnt by a survey of `parts` parts that found `entries`
    /// entries, `stopped` there or not.
    fn surveyed(parts: usize, entries: usize, stopped: bool) -> Summing<rss2::Rss2> {
        let mut summing = Summing::new();
        summing.surveyed = true;
        summing.parts = parts;
        summing.entries = entries;
        summing.stopped = stopped;
        summing
    }

    #[test]
    fn after_a_survey_that_stopped_the_entries_after_it_are_counted() {
        // Parts 0-2 seen, two of them entries; parts 3-6 counted.
        let mut summing = surveyed(3, 2, true);
        for index in [0, 2, 3, 4, 5, 6] {
            summing.entry(index);
        }
        assert_eq!(summing.summary().count(), 4);
        assert!(summing.finish("f").unwrap(), "the head is made again");
        // Ended at the last entry: nothing counted, the head stands.
        let mut summing = surveyed(3, 2, true);
        summing.entry(0);
        summing.entry(1);
        assert!(!summing.finish("f").unwrap());
    }

    #[test]
    fn passes_that_disagree_are_a_change() {
        let changed = |summing: &Summing<rss2::Rss2>| {
            let e = summing.finish("f").unwrap_err();
            assert_eq!(e.0, "f changed while it was read");
        };
        // A whole survey, and an entry after its last part.
        let mut summing = surveyed(3, 3, false);
        (0..4).for_each(|index| summing.entry(index));
        changed(&summing);
        // An entry fewer than it found, whole or stopped.
        for stopped in [false, true] {
            let mut summing = surveyed(3, 3, stopped);
            (0..2).for_each(|index| summing.entry(index));
            changed(&summing);
        }
        // As many as it found, whole: the head stands.
        let mut summing = surveyed(3, 3, false);
        (0..3).for_each(|index| summing.entry(index));
        assert!(!summing.finish("f").unwrap());
    }

    #[test]
    fn without_a_survey_nothing_is_checked() {
        let mut summing = Summing::<rss2::Rss2>::new();
        (0..3).for_each(|index| summing.entry(index));
        assert!(!summing.finish("f").unwrap());
        assert_eq!(summing.summary().count(), 0);
    }
}
