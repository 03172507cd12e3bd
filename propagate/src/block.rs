//! An admitted block, held by the run until it is chosen or dropped:
//! owned, or (a block reached through `Virtual`) its place in the file the
//! resolver returned, so that the stubs of many sources naming one file
//! share its blocks rather than each holding a copy.

use std::sync::Arc;

use antenna_model::{Entry, Feed};

/// A block as a candidate holds it; copied out of its file only when it
/// is published ([`into_owned`](Block::into_owned)).
#[derive(Debug)]
pub(crate) enum Block {
    /// Read from the source itself (or changed while admitted), boxed:
    /// an [`Entry`] is large (760 bytes without its text, `size_of` on
    /// x86-64), and a
    /// run's candidates are many, most of them `InFile` in a `Virtual`
    /// chain.
    Owned(Box<Entry>),
    /// The block at this index of a resolved file, as it was read.
    InFile(Arc<Feed>, usize),
}

impl Block {
    /// The block at `index` of `file`, or `None` when there is none.
    pub(crate) fn in_file(file: &Arc<Feed>, index: usize) -> Option<Self> {
        file.entries
            .get(index)
            .map(|_| Block::InFile(Arc::clone(file), index))
    }

    /// The block.
    pub(crate) fn get(&self) -> &Entry {
        match self {
            Block::Owned(entry) => entry,
            Block::InFile(file, index) => file
                .entries
                .get(*index)
                .expect("an index `in_file` checked, in a file no one can change"),
        }
    }

    /// The block, to change: a shared one copied first.
    pub(crate) fn to_mut(&mut self) -> &mut Entry {
        if let Block::InFile(..) = self {
            *self = Block::Owned(Box::new(self.get().clone()));
        }
        match self {
            Block::Owned(entry) => entry,
            Block::InFile(..) => unreachable!("made owned just above"),
        }
    }

    /// The block, owned: a shared one copied.
    pub(crate) fn into_owned(self) -> Entry {
        match self {
            Block::Owned(entry) => *entry,
            Block::InFile(..) => self.get().clone(),
        }
    }
}
