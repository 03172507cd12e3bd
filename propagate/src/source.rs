//! What the antenna gathered: documents, where they came from, and how to
//! fetch the files `Virtual` blocks name.

use std::fmt;

use antenna_model::url::Url;
use antenna_model::{Agent, Feed};

/// The format a source document was read from. It decides which rules
/// apply: LIRS freshness only to LIRS records, vouching by the source's
/// agent only to formats without `Authorized` fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceFormat {
    /// HINA-DI: blocks carry their own `Authorized` and `Authorized-url`.
    HinaDi,
    /// LIRS 2.1: records carry no agent, and have freshness rules.
    Lirs,
    /// RSS 2.0: items carry no agent.
    Rss2,
}

impl SourceFormat {
    /// `true` for formats whose entries can name the agent that vouches for
    /// them (HINA-DI only).
    pub fn has_authorized_fields(self) -> bool {
        matches!(self, SourceFormat::HinaDi)
    }
}

impl fmt::Display for SourceFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SourceFormat::HinaDi => "HINA-DI",
            SourceFormat::Lirs => "LIRS",
            SourceFormat::Rss2 => "RSS 2.0",
        })
    }
}

/// One document the antenna gathered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The file's own URL (where it was fetched from).
    pub url: Url,
    /// The format it was read from.
    pub format: SourceFormat,
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
    pub fn new(url: Url, format: SourceFormat, feed: Feed) -> Self {
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
}

impl<F> VirtualResolver for F
where
    F: FnMut(&Url) -> Option<Feed>,
{
    fn resolve(&mut self, url: &Url) -> Option<Feed> {
        self(url)
    }
}
