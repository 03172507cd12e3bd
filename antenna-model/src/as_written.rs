//! What a format read that the model has no field for, kept whole for a
//! writer of the same format: [`AsWritten`].
//!
//! Why: the model holds what the three formats share. An RSS item says
//! more (a description, enclosures, a guid, extension elements) and a
//! channel more again (`language`, `copyright`, `image`, ...); giving the
//! model a field for each would grow every [`Entry`](crate::Entry) (issue
//! #23: entries are held by the million) for what only RSS writes back.
//! Instead the format crate that read the part keeps its own document of
//! it here, behind one pointer, and its writer, finding its own type,
//! writes the part as it was read: same-format conversion is exact.
//! Every other writer cannot hold what the payload holds, so the payload
//! also carries the [`Loss`]es a conversion to another format makes
//! ([`AsWritten::losses`]): they are reported by that format's writer,
//! not by the reader, where they do not happen.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use crate::Loss;

/// A format's own document of a part (an RSS item, an RSS channel
/// without its items, a LIRS record's source URL as written), as read,
/// with what it holds beyond the model's fields. Cloning shares it.
#[derive(Clone)]
pub struct AsWritten {
    inner: Arc<Inner>,
}

struct Inner {
    value: Box<dyn Any + Send + Sync>,
    /// Compares two values of the type `value` has.
    eq: fn(&dyn Any, &dyn Any) -> bool,
    /// Prints `value`.
    debug: fn(&dyn Any, &mut fmt::Formatter<'_>) -> fmt::Result,
    losses: Vec<Loss>,
    /// Another format's own text of the same part, kept beside (see
    /// [`AsWritten::beside`]).
    beside: Option<AsWritten>,
}

impl AsWritten {
    /// Keeps `value`, with `losses`: what a writer of another format loses
    /// of it (the losses of the fields the model has no place for).
    pub fn new<T: Any + Send + Sync + PartialEq + fmt::Debug>(value: T, losses: Vec<Loss>) -> Self {
        Self::beside(value, losses, None)
    }

    /// [`AsWritten::new`], with `other` (another format's own text of the
    /// same part) kept beside `value`: an RSS item that carries a LIRS
    /// record in the `antenna` module keeps the item for the RSS writer
    /// and the record's text for the LIRS writer, and each finds its own
    /// type ([`AsWritten::downcast_ref`]). The losses are `value`'s.
    pub fn beside<T: Any + Send + Sync + PartialEq + fmt::Debug>(
        value: T,
        losses: Vec<Loss>,
        other: Option<AsWritten>,
    ) -> Self {
        fn eq<T: Any + PartialEq>(a: &dyn Any, b: &dyn Any) -> bool {
            a.downcast_ref::<T>()
                .zip(b.downcast_ref::<T>())
                .is_some_and(|(a, b)| a == b)
        }
        fn debug<T: Any + fmt::Debug>(v: &dyn Any, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match v.downcast_ref::<T>() {
                Some(v) => v.fmt(f),
                None => f.write_str(".."),
            }
        }
        AsWritten {
            inner: Arc::new(Inner {
                value: Box::new(value),
                eq: eq::<T>,
                debug: debug::<T>,
                losses,
                beside: other,
            }),
        }
    }

    /// The value kept, when it is a `T`: a writer asks for its own
    /// format's type.
    pub fn downcast_ref<T: Any>(&self) -> Option<&T> {
        self.inner.value.downcast_ref::<T>().or_else(|| {
            self.inner
                .beside
                .as_ref()
                .and_then(|other| other.downcast_ref::<T>())
        })
    }

    /// What a writer that cannot take the value (another format's) loses.
    pub fn losses(&self) -> &[Loss] {
        &self.inner.losses
    }
}

impl PartialEq for AsWritten {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
            || ((self.inner.eq)(&*self.inner.value, &*other.inner.value)
                && self.inner.losses == other.inner.losses
                && self.inner.beside == other.inner.beside)
    }
}

impl Eq for AsWritten {}

impl fmt::Debug for AsWritten {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AsWritten(")?;
        (self.inner.debug)(&*self.inner.value, f)?;
        if let Some(other) = &self.inner.beside {
            write!(f, ", beside {other:?}")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_its_type_and_compares_by_value() {
        let a = AsWritten::new(String::from("item"), vec![Loss::document("x", "y")]);
        let b = AsWritten::new(String::from("item"), vec![Loss::document("x", "y")]);
        assert_eq!(a, b);
        assert_eq!(a.downcast_ref::<String>().map(String::as_str), Some("item"));
        assert_eq!(a.downcast_ref::<u32>(), None);
        assert_ne!(a, AsWritten::new(String::from("other"), Vec::new()));
        // Another type never equals, even with the same losses.
        assert_ne!(a, AsWritten::new(7u32, vec![Loss::document("x", "y")]));
        assert_eq!(a.losses().len(), 1);
        assert_eq!(format!("{a:?}"), "AsWritten(\"item\")");
    }

    #[test]
    fn a_value_beside_is_found_and_compared() {
        let record = AsWritten::new(7u32, Vec::new());
        let both = AsWritten::beside(String::from("item"), Vec::new(), Some(record.clone()));
        assert_eq!(
            both.downcast_ref::<String>().map(String::as_str),
            Some("item")
        );
        assert_eq!(both.downcast_ref::<u32>(), Some(&7));
        assert_eq!(both.downcast_ref::<i64>(), None);
        assert_ne!(both, AsWritten::new(String::from("item"), Vec::new()));
        let other = AsWritten::new(8u32, Vec::new());
        assert_ne!(
            both,
            AsWritten::beside(String::from("item"), Vec::new(), Some(other))
        );
        assert_eq!(
            both,
            AsWritten::beside(String::from("item"), Vec::new(), Some(record))
        );
    }
}
