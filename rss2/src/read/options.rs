//! How to read: the mode and the resource bound.

/// Options for reading; `Default` is lenient.
///
/// Options may be added in later versions, so the struct is built with
/// [`ReadOptions::default`], [`ReadOptions::strict`] or
/// [`ReadOptions::new`] and adjusted with the `with_` methods:
///
/// ```
/// let options = rss2::ReadOptions::new(true).with_max_depth(1_000);
/// assert!(options.strict);
/// assert_eq!(options.max_depth, 1_000);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Make every departure from the spec an error.
    pub strict: bool,
    /// The deepest nesting of elements accepted (`<rss>` is depth 1);
    /// deeper input is rejected with `rss2/too-deep`. Reading never
    /// recurses, but dropping or comparing an extension subtree does: keep
    /// this in the hundreds or low thousands.
    pub max_depth: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            strict: false,
            max_depth: 256,
        }
    }
}

impl ReadOptions {
    /// Options for the mode: strict (`true`) or lenient (`false`), the
    /// others at their defaults.
    pub fn new(strict: bool) -> Self {
        ReadOptions {
            strict,
            ..ReadOptions::default()
        }
    }

    /// Strict options: every departure from the spec is an error.
    pub fn strict() -> Self {
        ReadOptions::new(true)
    }

    /// These options with the mode `strict`.
    #[must_use]
    pub fn with_strict(self, strict: bool) -> Self {
        ReadOptions { strict, ..self }
    }

    /// These options with the nesting bound `max_depth`.
    #[must_use]
    pub fn with_max_depth(self, max_depth: usize) -> Self {
        ReadOptions { max_depth, ..self }
    }
}
