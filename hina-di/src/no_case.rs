//! A field name as a set's key, compared and hashed without regard to
//! ASCII case and borrowed: a set of a block's names finds a repeat with
//! no lowercased copy of each (that copy, 32 bytes of heap a name, was a
//! tenth of the peak of a block of 200,000 fields).

use std::hash::{Hash, Hasher};

/// A name whose equality and hash are those of its ASCII lowercase.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NoCase<'a>(pub(crate) &'a str);

impl PartialEq for NoCase<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(other.0)
    }
}

impl Eq for NoCase<'_> {}

impl Hash for NoCase<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Lowercased a piece at a time into a buffer on the stack; the
        // length last, as `str` hashes, so that no key is a prefix of
        // another's input.
        let mut buffer = [0u8; 32];
        for piece in self.0.as_bytes().chunks(buffer.len()) {
            let lower = buffer.get_mut(..piece.len()).unwrap_or_default();
            lower.copy_from_slice(piece);
            lower.make_ascii_lowercase();
            state.write(lower);
        }
        state.write_usize(self.0.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_equal_without_regard_to_case_are_one_key() {
        let long = "X-".to_owned() + &"a".repeat(70);
        let long_upper = long.to_ascii_uppercase();
        let mut set = std::collections::HashSet::new();
        for name in [
            "X-Note",
            "x-note",
            "X-NOTE",
            "X-Notes",
            &long,
            &long_upper,
            "Title",
        ] {
            set.insert(NoCase(name));
        }
        let mut keys: Vec<&str> = set.iter().map(|k| k.0).collect();
        keys.sort_unstable();
        assert_eq!(keys.len(), 4, "{keys:?}");
        assert!(set.contains(&NoCase("TITLE")));
        assert!(!set.contains(&NoCase("X-Not")));
        assert_ne!(NoCase("ab"), NoCase("abc"));
    }
}
