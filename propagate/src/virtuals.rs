//! `Virtual` resolution: the files the caller's resolver returned, and the
//! walk from a stub through them.
//!
//! HINA-DI rev. 0.12 §Virtual: "URL of another Hina-Di file that holds the
//! entity block."
//!
//! A stub is walked twice. When it is admitted, to find the block that
//! replaces it (the block its filters judge), without a decision made;
//! and, only if that block is published, again from the files already
//! fetched, to report each step. Its steps are reported only when it is
//! published (a dropped entry reports its drop alone), so holding them
//! with every admitted stub until the blocks are compared would cost up to
//! [`MAX_VIRTUAL_DEPTH`](crate::MAX_VIRTUAL_DEPTH) decisions a stub; what
//! a stub holds instead is where its walk starts ([`Walk`]). The second
//! walk gives the same steps as the first: it reads the same files (each
//! is fetched once per run, and kept) under the same limits.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use antenna_model::url::Url;
use antenna_model::{Entry, Feed, UrlKey};

use crate::VirtualResolver;
use crate::block::Block;
use crate::report::{Action, Decision};
use crate::rules;
use crate::steps::At;

/// A `Virtual` block after resolution: the block to judge, the file it
/// came from when that is not the source, and where its walk started (to
/// replay it for its decisions).
pub(crate) struct Resolved {
    pub(crate) entry: Block,
    pub(crate) via: Option<Url>,
    pub(crate) walk: Option<Walk>,
}

/// Where a stub's walk starts, all a stub holds of it until it is
/// published: the file its `Virtual` names, and that URL as written (each
/// step's decision names the URL that led to it).
#[derive(Debug)]
pub(crate) struct Walk {
    slot: usize,
    url: Box<str>,
}

/// The files the caller's resolver returned so far (each URL is asked for
/// once per run), and the depth limit. The resolver itself is lent for
/// each entry resolved, so that a caller may still be gathering the files
/// it will resolve from between entries.
///
/// Each file's URL key gets a slot once per run (when a `Virtual` names
/// it, or a stub's source is it): a walk then goes from slot to slot, and
/// each step is a few look-ups with nothing copied.
pub(crate) struct Virtuals {
    slots: HashMap<UrlKey, usize>,
    /// By slot: `None` until asked for, then what the resolver returned.
    files: Vec<Option<Option<IndexedFile>>>,
    /// The depth followed: the policy's, at most
    /// [`MAX_VIRTUAL_DEPTH`](crate::MAX_VIRTUAL_DEPTH).
    max_depth: usize,
    /// The depth the policy asked for, named when it was more than is
    /// followed.
    asked_depth: usize,
    /// The files the walk in progress has visited (kept between walks for
    /// its allocation).
    visited: HashSet<usize>,
}

/// A resolved file and the first block for each URL key in it, so that
/// many `Virtual` blocks naming one big file cost one pass.
struct IndexedFile {
    feed: Arc<Feed>,
    first: HashMap<UrlKey, Hop>,
}

/// The first block for a URL key in a resolved file, and the slot of the
/// file its own `Virtual` names: each hop of a chain is normalised once
/// per run, however many stubs walk through it.
struct Hop {
    index: usize,
    next: Option<usize>,
}

/// The block a walk reached: its file's slot and its place in it, and the
/// block whose `Virtual` named that file (`None`: the stub).
#[derive(Clone, Copy)]
struct Reached {
    slot: usize,
    index: usize,
    named_by: Option<(usize, usize)>,
}

impl Virtuals {
    /// No file yet; `max_depth` files followed at most, the policy having
    /// asked for `asked_depth`.
    pub(crate) fn new(max_depth: usize, asked_depth: usize) -> Self {
        Virtuals {
            slots: HashMap::new(),
            files: Vec::new(),
            max_depth,
            asked_depth,
            visited: HashSet::new(),
        }
    }

    /// The block that replaces `stub` (whose URL's key is `key`, read from
    /// the file `source_key`): the block found for the same [`UrlKey`] in
    /// the file its `Virtual` names, replacing it whole (rev. 0.6 §8
    /// forbids mixing the two). If that block is itself `Virtual`,
    /// resolution goes on, at most
    /// [`Policy::effective_virtual_depth`](crate::Policy::effective_virtual_depth)
    /// files deep, and never into a file already visited (the source
    /// itself counts as visited), so `A -> B -> A` stops. When a step fails
    /// (the resolver returns nothing, the file holds no block for the URL,
    /// a loop, the depth limit) the last block reached propagates as it
    /// is, its `Virtual` URL kept.
    ///
    /// Nothing is reported here: [`replay`](Virtuals::replay) the
    /// returned [`Walk`] for the steps, once the block is published. The
    /// block reached last is not copied: it is shared with its file until
    /// it is published. A `stub` without `Virtual` comes back as it is,
    /// with no walk.
    pub(crate) fn resolve(
        &mut self,
        resolver: &mut dyn VirtualResolver,
        stub: Entry,
        key: &UrlKey,
        source_key: &UrlKey,
    ) -> Resolved {
        let Some(target) = &stub.virtual_url else {
            return Resolved {
                entry: Block::Owned(Box::new(stub)),
                via: None,
                walk: None,
            };
        };
        let walk = Walk {
            slot: self.slot(UrlKey::from_url(target)),
            url: target.as_str().into(),
        };
        let source = self.slot(source_key.clone());
        let reached = self.walk(&walk, (key, source), Some((resolver, target)), &mut |_| {});
        let block = reached.and_then(|reached| {
            let file = self.files.get(reached.slot)?.as_ref()?.as_ref()?;
            let entry = Block::in_file(&file.feed, reached.index)?;
            let via = match reached.named_by {
                Some((slot, index)) => self.block(slot, index)?.virtual_url.clone()?,
                None => target.clone(),
            };
            Some((entry, via))
        });
        let (entry, via) = match block {
            Some((entry, via)) => (entry, Some(via)),
            None => (Block::Owned(Box::new(stub)), None),
        };
        Resolved {
            entry,
            via,
            walk: Some(walk),
        }
    }

    /// Reports each step of `walk` (the stub's, its URL's key `key`, read
    /// from `source_key`) as it was taken when the stub was
    /// [`resolve`](Virtuals::resolve)d, to `out`: one decision per file
    /// followed, and why it stopped where it did, if not at a block that
    /// names no other file.
    pub(crate) fn replay(
        &mut self,
        walk: &Walk,
        key: &UrlKey,
        source_key: &UrlKey,
        at: At<'_>,
        out: &mut Vec<Decision>,
    ) {
        let source = self.slot(source_key.clone());
        let (max_depth, asked_depth) = (self.max_depth, self.asked_depth);
        let mut report = |step: Step<'_>| {
            out.push(step.decision(at, max_depth, asked_depth));
        };
        self.walk(walk, (key, source), None, &mut report);
    }

    /// The slot of the file with URL key `key`.
    fn slot(&mut self, key: UrlKey) -> usize {
        slot(&mut self.slots, &mut self.files, key)
    }

    /// The block at `index` of the file in `slot`, if it was fetched.
    fn block(&self, slot: usize, index: usize) -> Option<&Entry> {
        let file = self.files.get(slot)?.as_ref()?.as_ref()?;
        file.feed.entries.get(index)
    }

    /// The URL as written that leads to the file a walk goes to next: the
    /// `Virtual` of the block `named_by`, or the stub's.
    fn named<'a>(&'a self, named_by: Option<(usize, usize)>, walk: &'a Walk) -> &'a str {
        named_by
            .and_then(|(slot, index)| self.block(slot, index)?.virtual_url.as_ref())
            .map_or(&walk.url, Url::as_str)
    }

    /// Walks from `walk`'s file for the block with key `key`, the stub
    /// read from the file in slot `source`, fetching what is not yet
    /// fetched through `fetch` (the resolver, and the stub's `Virtual` URL
    /// that `walk` was made from); each step is told to `report`. Returns
    /// the block reached last, `None` when the walk went nowhere.
    ///
    /// Without `fetch` (a replay), a file never asked for is taken as not
    /// fetched; a replay only goes where the first walk went, which fetched
    /// every file on its way.
    fn walk(
        &mut self,
        walk: &Walk,
        (key, source): (&UrlKey, usize),
        mut fetch: Option<(&mut dyn VirtualResolver, &Url)>,
        report: &mut dyn FnMut(Step<'_>),
    ) -> Option<Reached> {
        let mut visited = std::mem::take(&mut self.visited);
        visited.clear();
        visited.insert(source);
        let mut reached: Option<Reached> = None;
        // The file to go to next, and the block whose `Virtual` named it.
        let mut next = Some((walk.slot, None));
        let mut depth = 0;
        while let Some((target, named_by)) = next.take() {
            if visited.contains(&target) {
                report(Step::Loop(self.named(named_by, walk)));
                break;
            }
            if depth >= self.max_depth {
                report(Step::TooDeep(self.named(named_by, walk)));
                break;
            }
            visited.insert(target);
            depth += 1;
            if let Some(None) = self.files.get(target)
                && let Some((resolver, stub_url)) = &mut fetch
            {
                let asked = match named_by {
                    None => Some((*stub_url).clone()),
                    Some((slot, index)) => {
                        self.block(slot, index).and_then(|b| b.virtual_url.clone())
                    }
                };
                let feed = asked.and_then(|asked| resolver.resolve_shared(&asked));
                let file =
                    feed.map(|feed| IndexedFile::new(feed, &mut self.slots, &mut self.files));
                if let Some(place) = self.files.get_mut(target) {
                    *place = Some(file);
                }
            }
            let Some(Some(Some(file))) = self.files.get(target) else {
                report(Step::NotFetched(self.named(named_by, walk)));
                break;
            };
            let Some(hop) = file.first.get(key) else {
                report(Step::NoBlock(self.named(named_by, walk)));
                break;
            };
            let (index, then) = (hop.index, hop.next);
            report(Step::Resolved(self.named(named_by, walk), depth));
            reached = Some(Reached {
                slot: target,
                index,
                named_by,
            });
            next = then.map(|then| (then, Some((target, index))));
        }
        self.visited = visited;
        reached
    }
}

/// The slot of the file with URL key `key` among `slots`, made (not yet
/// asked for) in `files` when it is new.
fn slot(
    slots: &mut HashMap<UrlKey, usize>,
    files: &mut Vec<Option<Option<IndexedFile>>>,
    key: UrlKey,
) -> usize {
    *slots.entry(key).or_insert_with(|| {
        files.push(None);
        files.len() - 1
    })
}

impl IndexedFile {
    /// `feed` indexed by the URL keys of its blocks, the files their
    /// `Virtual`s name given slots among `slots`.
    fn new(
        feed: Arc<Feed>,
        slots: &mut HashMap<UrlKey, usize>,
        files: &mut Vec<Option<Option<IndexedFile>>>,
    ) -> Self {
        let mut first = HashMap::with_capacity(feed.entries.len());
        for (index, entry) in feed.entries.iter().enumerate() {
            if let std::collections::hash_map::Entry::Vacant(vacant) =
                first.entry(UrlKey::from_url(&entry.url))
            {
                let next = entry
                    .virtual_url
                    .as_ref()
                    .map(|url| slot(slots, files, UrlKey::from_url(url)));
                vacant.insert(Hop { index, next });
            }
        }
        IndexedFile { feed, first }
    }
}

/// One step of a walk, named by the `Virtual` URL (as written) it was
/// about.
enum Step<'a> {
    /// Replaced by the block in that file, at this depth.
    Resolved(&'a str, usize),
    /// That file was visited already.
    Loop(&'a str),
    /// That file is beyond the depth limit.
    TooDeep(&'a str),
    /// That file could not be fetched.
    NotFetched(&'a str),
    /// That file holds no block for the URL.
    NoBlock(&'a str),
}

impl Step<'_> {
    /// The decision that reports this step, `max_depth` files being
    /// followed where the policy asked for `asked_depth`.
    fn decision(&self, at: At<'_>, max_depth: usize, asked_depth: usize) -> Decision {
        let unresolved =
            |detail: String| at.decide(rules::VIRTUAL_UNRESOLVED, Action::Noted, detail);
        match *self {
            Step::Resolved(target, depth) => at.change(
                rules::VIRTUAL_RESOLVED,
                format!("replaced whole by the block in Virtual {target} (depth {depth})"),
            ),
            Step::Loop(target) => unresolved(format!(
                "Virtual {target} was already visited (a loop); the block propagates as it is"
            )),
            Step::TooDeep(target) => {
                let beyond = if asked_depth > max_depth {
                    format!(
                        " (the policy asks for {asked_depth}; no more than {max_depth} are followed)"
                    )
                } else {
                    String::new()
                };
                unresolved(format!(
                    "Virtual {target} not followed: the depth limit of {max_depth} was reached{beyond}"
                ))
            }
            Step::NotFetched(target) => unresolved(format!(
                "Virtual {target} could not be fetched; the block propagates as it is"
            )),
            Step::NoBlock(target) => unresolved(format!(
                "Virtual {target} holds no block for this URL; the block propagates as it is"
            )),
        }
    }
}
