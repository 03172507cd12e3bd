//! Who the antenna trusts, what it keeps, and who it is.

use antenna_model::jiff::SignedDuration;
use antenna_model::url::Url;
use antenna_model::{Agent, UrlKey};

/// The `max_virtual_depth` of [`Policy::default`].
pub const DEFAULT_MAX_VIRTUAL_DEPTH: usize = 4;

/// The antenna's trust policy. The default trusts nothing, drops
/// experimental and undefined fields, and follows `Virtual` up to
/// [`DEFAULT_MAX_VIRTUAL_DEPTH`] files deep.
///
/// Fields are public so that a configuration file can fill them; the
/// builder methods are a shorthand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// Agents trusted by the URL that describes them (`Authorized-url`),
    /// compared as [`UrlKey`]s.
    pub trust_agents: Vec<UrlKey>,
    /// Source files whose every block is trusted, whatever agent authorized
    /// it. Only the blocks read from the file itself: a block that a
    /// `Virtual` stub in it pulls in from another file is judged on that
    /// file and its own agent (the block must still name one: see
    /// [`rules::MISSING_AUTHORIZED`](crate::rules::MISSING_AUTHORIZED)).
    pub trust_sources: Vec<UrlKey>,
    /// Trust every agent. Blocks without `Authorized` and `Authorized-url`
    /// are still dropped.
    pub trust_all: bool,
    /// Keep experimental (`X-`) and undefined fields (`Entry::extensions`)
    /// instead of dropping them.
    pub keep_extensions: bool,
    /// Preference between blocks for one URL that are equally fresh:
    /// source file URLs and agent URLs, most preferred first. A block's rank
    /// is the better of its source's and its `Authorized-url`'s; blocks
    /// matching neither rank after every listed one.
    pub priorities: Vec<UrlKey>,
    /// How many `Virtual` files to follow from one block; 0 never calls the
    /// resolver.
    pub max_virtual_depth: usize,
    /// LIRS records last detected more than this long before `now` are
    /// stale; [`LIRS_STALE_AFTER`](antenna_model::LIRS_STALE_AFTER), LIRS 2.1 §4's 28,800 s, by default.
    pub lirs_max_age: SignedDuration,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            trust_agents: Vec::new(),
            trust_sources: Vec::new(),
            trust_all: false,
            keep_extensions: false,
            priorities: Vec::new(),
            max_virtual_depth: DEFAULT_MAX_VIRTUAL_DEPTH,
            lirs_max_age: antenna_model::LIRS_STALE_AFTER,
        }
    }
}

impl Policy {
    /// The default policy: trust nothing.
    pub fn new() -> Self {
        Policy::default()
    }

    /// Also trust the agent described by `agent_url` (its `Authorized-url`).
    #[must_use]
    pub fn trust_agent(mut self, agent_url: &Url) -> Self {
        self.trust_agents.push(UrlKey::from_url(agent_url));
        self
    }

    /// Also trust every block of the source file at `source_url`.
    #[must_use]
    pub fn trust_source(mut self, source_url: &Url) -> Self {
        self.trust_sources.push(UrlKey::from_url(source_url));
        self
    }

    /// Trust every agent (or stop doing so).
    #[must_use]
    pub fn trust_all(mut self, yes: bool) -> Self {
        self.trust_all = yes;
        self
    }

    /// Keep experimental and undefined fields (or drop them).
    #[must_use]
    pub fn keep_extensions(mut self, yes: bool) -> Self {
        self.keep_extensions = yes;
        self
    }

    /// Append `url` (a source file or an agent URL) to the priorities.
    #[must_use]
    pub fn prefer(mut self, url: &Url) -> Self {
        self.priorities.push(UrlKey::from_url(url));
        self
    }

    /// Set how many `Virtual` files to follow from one block.
    #[must_use]
    pub fn max_virtual_depth(mut self, depth: usize) -> Self {
        self.max_virtual_depth = depth;
        self
    }

    /// `true` when a block authorized by the agent at `agent` and read
    /// from the file `file` (the source, or for a resolved `Virtual` block
    /// the file `Virtual` named) may propagate.
    pub(crate) fn trusts(&self, agent: &UrlKey, file: &UrlKey) -> bool {
        self.trust_all || self.trust_agents.contains(agent) || self.trust_sources.contains(file)
    }

    /// The rank of a block from `source` authorized by `agent`: the index of
    /// the first of them in `priorities`, or `usize::MAX`.
    pub(crate) fn rank(&self, source: &UrlKey, agent: Option<&UrlKey>) -> usize {
        self.priorities
            .iter()
            .position(|p| p == source || Some(p) == agent)
            .unwrap_or(usize::MAX)
    }
}

/// The antenna doing the propagating: its own header. The output feed's
/// agent, title, link and description come from here and never from a
/// source's header (HINA-DI §Propagation: "A header block, or any field
/// that is part of it, MUST NOT be propagated").
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Identity {
    /// This antenna (HINA-DI `User-Agent`, RSS `generator`).
    pub agent: Agent,
    /// The output's title (RSS channel `title`).
    pub title: Option<String>,
    /// The output's home page (RSS channel `link`).
    pub link: Option<Url>,
    /// The output's description (RSS channel `description`).
    pub description: Option<String>,
}

impl Identity {
    /// An identity naming only the agent.
    pub fn new(agent: Agent) -> Self {
        Identity {
            agent,
            ..Identity::default()
        }
    }
}
