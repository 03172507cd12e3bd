//! How to read: the mode and the resource bound.

/// Options for reading; `Default` is lenient.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// Strict options: every departure from the spec is an error.
    pub fn strict() -> Self {
        ReadOptions {
            strict: true,
            ..ReadOptions::default()
        }
    }
}
