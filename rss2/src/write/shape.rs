//! Extension elements of a fixed shape, whose tags are put together once
//! and kept: `<antenna:lirs name="Title">…</antenna:lirs>`, the `antenna`
//! module's nine or so elements an item, and `dc:creator` (issue #23:
//! through the general path, with its scope look-ups, name checks and a
//! dozen small pushes, an element cost ~1,100 instructions, a third of
//! converting LIRS to RSS).
//!
//! A shape is told by its names' addresses: text lent for the whole run
//! (`Cow::Borrowed`, a `&'static str`) never changes, so the same address
//! and length are the same text, and tags made of it once stay right.

use std::borrow::Cow;

use crate::document::{ExtensionAttribute, ExtensionElement, ExtensionNode};

/// What tells a shape: the address and length of its namespace, prefix,
/// name, and its attribute's name and value ((0, 0) where it has none).
pub(super) type Key = [(usize, usize); 5];

/// How many shapes are kept: a LIRS record's module is ten (with
/// `dc:creator`), a HINA-DI block's a dozen.
const KEPT: usize = 32;

/// The key of `element` and its text (`None`: no content) when it has a
/// fixed shape: its namespace, prefix and name lent, at most one
/// attribute, in no namespace, whose name and value are lent, and no
/// child but one text; `None` for any other.
pub(super) fn key(element: &ExtensionElement) -> Option<(Key, Option<&str>)> {
    let (Some(Cow::Borrowed(namespace)), Some(Cow::Borrowed(prefix)), Cow::Borrowed(name)) =
        (&element.namespace, &element.prefix, &element.name)
    else {
        return None;
    };
    let (attribute_name, attribute_value) = match element.attributes.as_slice() {
        [] => ((0, 0), (0, 0)),
        [
            ExtensionAttribute {
                namespace: None,
                prefix: None,
                name: Cow::Borrowed(name),
                value: Cow::Borrowed(value),
            },
        ] => (lent(name), lent(value)),
        _ => return None,
    };
    let text = match &*element.children {
        [] => None,
        [ExtensionNode::Text(text)] => Some(text.as_str()),
        _ => return None,
    };
    let key = [
        lent(namespace),
        lent(prefix),
        lent(name),
        attribute_name,
        attribute_value,
    ];
    Some((key, text))
}

/// The address and length of lent text.
fn lent(text: &'static str) -> (usize, usize) {
    (text.as_ptr().addr(), text.len())
}

/// One shape's tags, at one level.
pub(super) struct Shape {
    key: Key,
    /// The level it is written at (its indentation).
    level: usize,
    /// The line end and indentation, then `<prefix:name
    /// attribute="value">` (a shape without content ends `/>` instead).
    pub(super) open: String,
    /// `</prefix:name>`.
    pub(super) close: String,
    /// The count of scope changes ([`super::Writer`]'s) when its
    /// namespace was last found bound as it needs.
    bound_in: Option<u64>,
}

/// The shapes met so far, at most [`KEPT`].
#[derive(Default)]
pub(super) struct Shapes {
    known: Vec<Shape>,
    /// Where the next element's shape is looked for first: an item's
    /// elements come in the same order as the last item's.
    next: usize,
}

impl Shapes {
    /// Where the shape of `key` at `level` is kept, when it is.
    pub(super) fn find(&mut self, key: &Key, level: usize) -> Option<usize> {
        let fits = |shape: &Shape| shape.key == *key && shape.level == level;
        let at = match self.known.get(self.next) {
            Some(shape) if fits(shape) => self.next,
            _ => self.known.iter().position(fits)?,
        };
        self.next = at + 1;
        Some(at)
    }

    /// `true` when no more shapes are kept ([`KEPT`]): the caller need
    /// not put together tags [`Shapes::keep`] would not keep.
    pub(super) fn full(&self) -> bool {
        self.known.len() >= KEPT
    }

    /// Keeps the tags of `key`'s shape at `level`, and says where (`None`
    /// when no more are kept: the element goes by the general path).
    pub(super) fn keep(
        &mut self,
        key: Key,
        level: usize,
        open: String,
        close: String,
    ) -> Option<usize> {
        if self.full() {
            return None;
        }
        self.known.push(Shape {
            key,
            level,
            open,
            close,
            bound_in: None,
        });
        self.next = self.known.len();
        Some(self.known.len() - 1)
    }

    /// The shape kept at `at`.
    pub(super) fn get(&self, at: usize) -> Option<&Shape> {
        self.known.get(at)
    }

    /// When the namespace of the shape at `at` was last found bound.
    pub(super) fn bound_in(&self, at: usize) -> Option<u64> {
        self.known.get(at).and_then(|shape| shape.bound_in)
    }

    /// Says that the namespace of the shape at `at` was found bound at
    /// the scope's `changes`th change.
    pub(super) fn bind(&mut self, at: usize, changes: u64) {
        if let Some(shape) = self.known.get_mut(at) {
            shape.bound_in = Some(changes);
        }
    }
}
