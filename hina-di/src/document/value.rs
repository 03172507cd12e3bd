//! A field's value as text: its own `String`, or its slice of one text
//! that holds every value of a block as read.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;

/// A field's value. The reader decodes every value of a block into one
/// text and gives each field its slice of it: one allocation for the
/// block instead of one for each value (allocating and freeing a `String`
/// per value was about a sixth of a read's instructions, callgrind on the
/// generated 20,000-block file). A value set later is its own `String`.
/// The block's text lives while any of its fields does (a field cloned
/// out of a document keeps it), which is the price of the one allocation.
///
/// Equality, hashing and `Debug` are by the text, however it is held.
#[derive(Clone)]
pub(crate) enum Value {
    /// A value of its own (a `Box<str>`, not a `String`: with the `u32`
    /// range below the enum is 24 bytes, not 32; a block may hold
    /// hundreds of thousands of values).
    Own(Box<str>),
    /// `start..end` of `text`, a range the reader cut at character
    /// boundaries.
    Shared {
        /// Every value of the block (an `Arc<str>`: the reader gathers
        /// the text in a buffer it keeps, and copies it once into the
        /// `Arc`, one allocation for the block).
        text: Arc<str>,
        /// Where this one starts.
        start: u32,
        /// Where it ends.
        end: u32,
    },
}

impl Value {
    /// A value of its own.
    pub(crate) fn own(text: String) -> Self {
        Value::Own(text.into_boxed_str())
    }

    /// `range` of `text`, a whole value cut at character boundaries; a
    /// value of its own when the range does not fit in `u32` (a text of
    /// 4 GiB, which no block reaches under the reader's limits).
    pub(crate) fn shared(text: &Arc<str>, range: Range<usize>) -> Self {
        match (u32::try_from(range.start), u32::try_from(range.end)) {
            (Ok(start), Ok(end)) => Value::Shared {
                text: Arc::clone(text),
                start,
                end,
            },
            _ => Value::Own(text.get(range).unwrap_or_default().into()),
        }
    }

    /// The text.
    pub(crate) fn as_str(&self) -> &str {
        match self {
            Value::Own(text) => text,
            // The reader's ranges are whole values of the text, so `get`
            // always has it.
            Value::Shared { text, start, end } => {
                text.get(*start as usize..*end as usize).unwrap_or_default()
            }
        }
    }
}

impl From<String> for Value {
    fn from(text: String) -> Self {
        Value::own(text)
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_and_own_values_are_equal_by_text() {
        let text: Arc<str> = Arc::from("abcあい");
        let shared = Value::shared(&text, 3..9);
        assert_eq!(std::mem::size_of::<Value>(), 24);
        assert_eq!(shared.as_str(), "あい");
        assert_eq!(shared, Value::from("あい".to_owned()));
        assert_eq!(format!("{shared:?}"), "\"あい\"");
        let hash = |v: &Value| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            v.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&shared), hash(&Value::from("あい".to_owned())));
        assert_ne!(shared, Value::from("abc".to_owned()));
    }
}
