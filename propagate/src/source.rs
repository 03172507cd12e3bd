//! What the antenna gathered: documents, where they came from, and how to
//! fetch the files `Virtual` blocks name.

use std::sync::Arc;

use antenna_model::url::Url;
use antenna_model::{Agent, Feed, Format};

/// One document the antenna gathered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The file's own URL (where it was fetched from).
    pub url: Url,
    /// The format it was read from.
    pub format: Format,
    /// Its content. Only `feed.entries` is used: the header fields
    /// (`agent`, `generated`, `title`, `link`, `description`, `encoding`)
    /// are never propagated.
    pub feed: Feed,
    /// The agent that produced the file, as the caller knows it (from its
    /// configuration, not from the file's header). For LIRS and RSS sources
    /// it vouches for the entries, which cannot name an `Authorized` agent
    /// themselves; for HINA-DI sources it is not used.
    pub agent: Option<Agent>,
}

impl Source {
    /// A source with no vouching agent.
    pub fn new(url: Url, format: Format, feed: Feed) -> Self {
        Source {
            url,
            format,
            feed,
            agent: None,
        }
    }

    /// The same source, vouched for by `agent`.
    #[must_use]
    pub fn with_agent(mut self, agent: Agent) -> Self {
        self.agent = Some(agent);
        self
    }
}

/// Fetches the HINA-DI file a `Virtual` field names. This crate does no IO:
/// the caller decides how (or whether) to fetch, and returns the file read
/// as a [`Feed`], or `None` when it cannot.
///
/// Each URL is asked for at most once per propagation run.
pub trait VirtualResolver {
    /// The HINA-DI file at `url`, or `None`.
    fn resolve(&mut self, url: &Url) -> Option<Feed>;

    /// The same file, shared: a caller that already holds the files (the
    /// sources of a merge) lends them instead of copying each one, which
    /// would double what a run over a `Virtual` chain holds. By default,
    /// [`resolve`](VirtualResolver::resolve)'s file.
    fn resolve_shared(&mut self, url: &Url) -> Option<Arc<Feed>> {
        self.resolve(url).map(Arc::new)
    }
}

impl<F> VirtualResolver for F
where
    F: FnMut(&Url) -> Option<Feed>,
{
    fn resolve(&mut self, url: &Url) -> Option<Feed> {
        self(url)
    }
}
