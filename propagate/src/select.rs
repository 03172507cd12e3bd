//! Phase 2: one block per URL, chosen among the admitted blocks.
//!
//! The admitted blocks are sorted in place and the losers let go of in
//! place, so that choosing costs no second copy of the blocks (a run over
//! a large file holds tens of thousands of them).

use std::cmp::Reverse;
use std::collections::HashMap;

use antenna_model::UrlKey;
use antenna_model::jiff::Timestamp;
use antenna_model::url::Url;

use crate::Format;
use crate::block::Block;
use crate::report::Decision;
use crate::rules;
use crate::run::Registered;
use crate::steps::At;
use crate::virtuals::Walk;

/// An admitted block, waiting for [`select`].
#[derive(Debug)]
pub(crate) struct Candidate {
    /// The block, shared with its file when it was resolved through
    /// `Virtual` (many stubs may name one block).
    pub(crate) entry: Block,
    pub(crate) key: UrlKey,
    /// The source the caller gave: its place among the run's sources.
    pub(crate) source_index: usize,
    pub(crate) entry_index: usize,
    /// The entry URL as the source wrote it.
    pub(crate) entry_url: String,
    /// The `Virtual` file the block was resolved through, when it was not
    /// read from the source itself.
    pub(crate) via: Option<Url>,
    pub(crate) rank: usize,
    /// The format the block was read from: the source's, or HINA-DI for a
    /// block resolved through `Virtual`.
    pub(crate) format: Format,
    /// Where its `Virtual` walk started, when it was resolved: the steps
    /// taken while it was admitted, walked again and reported only if it
    /// is published.
    pub(crate) walk: Option<Walk>,
    /// Whether the source's agent vouched for it, reported after its
    /// `Virtual` steps only if it is published.
    pub(crate) vouched: bool,
    /// Its URL's place among the URLs in order of first appearance, set
    /// by [`select`].
    group: usize,
}

impl Candidate {
    /// A candidate not yet grouped.
    #[allow(clippy::too_many_arguments, reason = "one call site, fields named")]
    pub(crate) fn new(
        entry: Block,
        key: UrlKey,
        (source_index, entry_index): (usize, usize),
        entry_url: String,
        via: Option<Url>,
        rank: usize,
        format: Format,
        (walk, vouched): (Option<Walk>, bool),
    ) -> Self {
        Candidate {
            entry,
            key,
            source_index,
            entry_index,
            entry_url,
            via,
            rank,
            format,
            walk,
            vouched,
            group: 0,
        }
    }

    /// Where its decisions are about, its source being `source_url`.
    pub(crate) fn at<'a>(&'a self, source_url: &'a Url) -> At<'a> {
        At {
            source: source_url,
            entry_url: &self.entry_url,
        }
    }

    /// Sort key: fresher `last_detected` first (unknown last), then policy
    /// rank, then source order, then order in the source.
    fn order(&self) -> (Reverse<Option<Timestamp>>, usize, usize, usize) {
        (
            Reverse(self.entry.get().last_detected),
            self.rank,
            self.source_index,
            self.entry_index,
        )
    }

    fn describe_agent(&self) -> String {
        match &self.entry.get().authorized {
            Some(agent) => format!(
                "`{}` <{}>",
                agent.name,
                agent.url.as_ref().map_or("", Url::as_str)
            ),
            None => "no agent".to_owned(),
        }
    }
}

/// Why `winner` beat `loser`, by the first key of [`Candidate::order`] that
/// differs.
fn why_won(winner: &Candidate, loser: &Candidate) -> String {
    if winner.entry.get().last_detected != loser.entry.get().last_detected {
        let show = |t: Option<Timestamp>| t.map_or_else(|| "unknown".to_owned(), |t| t.to_string());
        format!(
            "it was detected later ({} against {})",
            show(winner.entry.get().last_detected),
            show(loser.entry.get().last_detected)
        )
    } else if winner.rank != loser.rank {
        "equally fresh, and the policy prefers its source or agent".to_owned()
    } else if winner.source_index != loser.source_index {
        "equally fresh and preferred, and its source comes first".to_owned()
    } else {
        "equally fresh, and it comes first in the same source".to_owned()
    }
}

/// HINA-DI rev. 0.6 §8: "複数のエージェントから取得した、同一「5.3 URL」の
/// meta dataを混合して利用・出力してはならない。他のエージェントより取得した
/// meta dataは必ずblock単位に出力しなくてはいけない。また、その内容を改変して
/// はならない。ただし、「5.15 Method」は例外とする。" (Metadata for one URL
/// from several agents MUST NOT be mixed in use or output; metadata from
/// other agents MUST be output whole, block by block, and not modified,
/// except Method.)
///
/// One block per [`UrlKey`] wins whole; the order is:
/// 1. the later `last_detected` (LIRS §3.2 makes it the measure of
///    freshness "to sort records by priority"); a block with none loses to
///    one with one;
/// 2. the policy's [`priorities`](crate::Policy::priorities);
/// 3. the earlier source in the caller's list, then the earlier entry in
///    that source.
///
/// Each loser is dropped and reported with the winner's source and agent;
/// what was done to it while it was admitted is not reported (it is not
/// published). `candidates` may come in any order; the winners come back
/// in the order their URLs first appear (by source, then entry), the
/// losers are reported URL by URL in that order, each URL's from the
/// strongest down.
pub(crate) fn select(
    mut candidates: Vec<Candidate>,
    sources: &[Registered],
    report: &mut dyn FnMut(Decision),
) -> Vec<Candidate> {
    let place = |c: &Candidate| (c.source_index, c.entry_index);
    if !candidates.is_sorted_by_key(place) {
        // Unstable is exact here: no two candidates share a place.
        candidates.sort_unstable_by_key(place);
    }
    let mut first: HashMap<&UrlKey, usize> = HashMap::with_capacity(candidates.len());
    let groups: Vec<usize> = candidates
        .iter()
        .map(|c| {
            let next = first.len();
            *first.entry(&c.key).or_insert(next)
        })
        .collect();
    let unique = first.len() == candidates.len();
    drop(first);
    for (candidate, group) in candidates.iter_mut().zip(groups) {
        candidate.group = group;
    }
    if unique {
        // Every URL once: all win, already in order.
        return candidates;
    }
    // No two candidates share a place, so the keys are distinct.
    candidates.sort_unstable_by_key(|c| (c.group, c.order()));
    let mut winner: Option<&Candidate> = None;
    for candidate in &candidates {
        match winner {
            Some(w) if w.group == candidate.group => {
                let source = |c: &Candidate| sources.get(c.source_index).map(|s| &s.url);
                let (Some(winner_source), Some(loser_source)) = (source(w), source(candidate))
                else {
                    continue;
                };
                let detail = format!(
                    "another block for this URL wins whole, from {winner_source} authorized by {}: {}",
                    w.describe_agent(),
                    why_won(w, candidate)
                );
                report(candidate.at(loser_source).drop(rules::SUPERSEDED, detail));
            }
            _ => winner = Some(candidate),
        }
    }
    candidates.dedup_by(|later, kept| later.group == kept.group);
    candidates
}
