//! An extension element's children: a list that keeps the commonest
//! content, one text (`dc:creator`, every `antenna` module element), in
//! the element itself rather than in a heap block of its own.

use std::fmt;
use std::ops::{Deref, DerefMut};

use crate::document::ExtensionNode;

/// The children of an [`ExtensionElement`](crate::ExtensionElement), in
/// order: a list of [`ExtensionNode`]s that dereferences to a slice of
/// them.
///
/// One child is held inline, with no allocation of its own; a second
/// moves both into a `Vec`. Which of the two holds them is not seen from
/// outside: equality, ordering of the nodes and `Debug` are those of the
/// slice, so a list built by [`push`](Self::push) equals one built
/// [`From`] a `Vec` of the same nodes.
#[derive(Clone, Default)]
pub struct ExtensionChildren(Repr);

#[derive(Clone)]
enum Repr {
    /// Exactly one node.
    One(ExtensionNode),
    /// Any number of nodes (none, or two and more once pushed).
    Many(Vec<ExtensionNode>),
}

impl Default for Repr {
    fn default() -> Self {
        Repr::Many(Vec::new())
    }
}

impl ExtensionChildren {
    /// No children (allocates nothing).
    pub const fn new() -> Self {
        ExtensionChildren(Repr::Many(Vec::new()))
    }

    /// One text child, held inline. An empty `text` is a child too: the
    /// writer writes it `<x></x>` where it writes no child `<x/>`; the
    /// reader reads both as no child, so a document built with one reads
    /// back without it.
    pub fn text(text: impl Into<String>) -> Self {
        ExtensionChildren(Repr::One(ExtensionNode::Text(text.into())))
    }

    /// Appends `node`.
    pub fn push(&mut self, node: ExtensionNode) {
        self.0 = match std::mem::take(&mut self.0) {
            Repr::Many(nodes) if nodes.is_empty() => Repr::One(node),
            Repr::Many(mut nodes) => {
                nodes.push(node);
                Repr::Many(nodes)
            }
            Repr::One(first) => Repr::Many(vec![first, node]),
        };
    }

    /// The children as a slice.
    pub fn as_slice(&self) -> &[ExtensionNode] {
        match &self.0 {
            Repr::One(node) => std::slice::from_ref(node),
            Repr::Many(nodes) => nodes,
        }
    }

    /// The children as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [ExtensionNode] {
        match &mut self.0 {
            Repr::One(node) => std::slice::from_mut(node),
            Repr::Many(nodes) => nodes,
        }
    }

    /// The children as a `Vec` (allocating one for a single child).
    pub fn into_vec(self) -> Vec<ExtensionNode> {
        match self.0 {
            Repr::One(node) => vec![node],
            Repr::Many(nodes) => nodes,
        }
    }
}

impl Deref for ExtensionChildren {
    type Target = [ExtensionNode];

    fn deref(&self) -> &[ExtensionNode] {
        self.as_slice()
    }
}

impl DerefMut for ExtensionChildren {
    fn deref_mut(&mut self) -> &mut [ExtensionNode] {
        self.as_mut_slice()
    }
}

impl PartialEq for ExtensionChildren {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for ExtensionChildren {}

impl fmt::Debug for ExtensionChildren {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_slice().fmt(f)
    }
}

impl From<Vec<ExtensionNode>> for ExtensionChildren {
    fn from(nodes: Vec<ExtensionNode>) -> Self {
        ExtensionChildren(Repr::Many(nodes))
    }
}

impl FromIterator<ExtensionNode> for ExtensionChildren {
    fn from_iter<I: IntoIterator<Item = ExtensionNode>>(nodes: I) -> Self {
        let mut children = ExtensionChildren::new();
        for node in nodes {
            children.push(node);
        }
        children
    }
}

impl IntoIterator for ExtensionChildren {
    type Item = ExtensionNode;
    type IntoIter = ExtensionChildrenIter;

    /// The children in order, moved out (no allocation for one child).
    fn into_iter(self) -> ExtensionChildrenIter {
        let (one, many) = match self.0 {
            Repr::One(node) => (Some(node), Vec::new()),
            Repr::Many(nodes) => (None, nodes),
        };
        ExtensionChildrenIter(one.into_iter().chain(many))
    }
}

/// The children of an [`ExtensionChildren`], moved out in order.
#[derive(Debug)]
pub struct ExtensionChildrenIter(
    std::iter::Chain<std::option::IntoIter<ExtensionNode>, std::vec::IntoIter<ExtensionNode>>,
);

impl Iterator for ExtensionChildrenIter {
    type Item = ExtensionNode;

    fn next(&mut self) -> Option<ExtensionNode> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for ExtensionChildrenIter {
    fn next_back(&mut self) -> Option<ExtensionNode> {
        self.0.next_back()
    }
}

impl<'a> IntoIterator for &'a ExtensionChildren {
    type Item = &'a ExtensionNode;
    type IntoIter = std::slice::Iter<'a, ExtensionNode>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a mut ExtensionChildren {
    type Item = &'a mut ExtensionNode;
    type IntoIter = std::slice::IterMut<'a, ExtensionNode>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &str) -> ExtensionNode {
        ExtensionNode::Text(t.to_owned())
    }

    /// Pushed one by one, the list holds the nodes in order, whichever
    /// way it keeps them, and equals the `Vec` of the same nodes.
    #[test]
    fn push_keeps_order_and_equals_the_vec() {
        let nodes = [text("a"), text("b"), text("c")];
        for n in 0..=nodes.len() {
            let mut children = ExtensionChildren::new();
            for node in &nodes[..n] {
                children.push(node.clone());
            }
            assert_eq!(children.as_slice(), &nodes[..n]);
            assert_eq!(children, ExtensionChildren::from(nodes[..n].to_vec()));
            assert_eq!(children.len(), n);
            assert_eq!(children.clone().into_vec(), nodes[..n].to_vec());
            assert_eq!(
                children.clone().into_iter().collect::<Vec<_>>(),
                nodes[..n].to_vec()
            );
            assert_eq!(format!("{children:?}"), format!("{:?}", &nodes[..n]));
        }
    }

    #[test]
    fn moved_out_from_either_end() {
        let two = ExtensionChildren::from(vec![text("a"), text("b")]);
        assert_eq!(
            two.into_iter().rev().collect::<Vec<_>>(),
            [text("b"), text("a")]
        );
        assert_eq!(
            ExtensionChildren::text("a").into_iter().size_hint(),
            (1, Some(1))
        );
    }

    #[test]
    fn one_text_is_held_inline_and_can_be_changed() {
        let mut children = ExtensionChildren::text("x");
        assert_eq!(children.as_slice(), &[text("x")]);
        if let Some(ExtensionNode::Text(t)) = children.last_mut() {
            t.push('y');
        }
        assert_eq!(children, ExtensionChildren::from(vec![text("xy")]));
        assert_ne!(children, ExtensionChildren::new());
        assert!(ExtensionChildren::default().is_empty());
    }
}
