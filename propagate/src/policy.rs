//! Who the antenna trusts, what it keeps, and who it is.

use std::collections::{HashMap, HashSet};

use antenna_model::jiff::SignedDuration;
use antenna_model::url::Url;
use antenna_model::{Agent, UrlKey};

/// The `max_virtual_depth` of [`Policy::default`].
pub const DEFAULT_MAX_VIRTUAL_DEPTH: usize = 4;

/// The most `Virtual` files followed from one block, whatever
/// [`Policy::max_virtual_depth`] asks: a run follows
/// [`Policy::effective_virtual_depth`].
///
/// HINA-DI §Virtual names "another Hina-Di file that holds the entity
/// block": one hop is the spec's case, and a chain of antennas each
/// pointing on to the next is a handful at most (the default follows
/// [`DEFAULT_MAX_VIRTUAL_DEPTH`]). Each hop of each published block is
/// reported, so without a bound a chain of `n` files, each holding a stub
/// for one URL, costs `n²/2` hops (2,000 files: 2 million). 64 is sixteen
/// times the default, far past any real chain, and keeps the cost of a
/// hostile chain at 64 hops per block: linear in the blocks. A block's
/// hops are walked, not held, until it is published.
pub const MAX_VIRTUAL_DEPTH: usize = 64;

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
    /// resolver. At most [`MAX_VIRTUAL_DEPTH`] are followed: a larger value
    /// follows that many (see [`Policy::effective_virtual_depth`]).
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

    /// Set how many `Virtual` files to follow from one block (at most
    /// [`MAX_VIRTUAL_DEPTH`] are followed, whatever `depth` says).
    #[must_use]
    pub fn max_virtual_depth(mut self, depth: usize) -> Self {
        self.max_virtual_depth = depth;
        self
    }

    /// The `Virtual` depth a run follows: [`max_virtual_depth`](Policy::max_virtual_depth),
    /// but never past [`MAX_VIRTUAL_DEPTH`].
    pub fn effective_virtual_depth(&self) -> usize {
        self.max_virtual_depth.min(MAX_VIRTUAL_DEPTH)
    }
}

/// The trust and priority lists of a [`Policy`] as hash look-ups, built
/// once per run: a run judges every entry against them, and a linear search
/// of each list per entry is quadratic when both are long (80,000 blocks
/// against 80,000 priorities).
#[derive(Debug)]
pub(crate) struct Lookups {
    trust_all: bool,
    trust_agents: HashSet<UrlKey>,
    trust_sources: HashSet<UrlKey>,
    /// Each URL's first place in `priorities`.
    priorities: HashMap<UrlKey, usize>,
}

impl Lookups {
    pub(crate) fn new(policy: &Policy) -> Self {
        let mut priorities = HashMap::with_capacity(policy.priorities.len());
        for (rank, url) in policy.priorities.iter().enumerate() {
            priorities.entry(url.clone()).or_insert(rank);
        }
        Lookups {
            trust_all: policy.trust_all,
            trust_agents: policy.trust_agents.iter().cloned().collect(),
            trust_sources: policy.trust_sources.iter().cloned().collect(),
            priorities,
        }
    }

    /// `true` when a block authorized by the agent at `agent` and read
    /// from the file `file` (the source, or for a resolved `Virtual` block
    /// the file `Virtual` named) may propagate.
    pub(crate) fn trusts(&self, agent: &UrlKey, file: &UrlKey) -> bool {
        self.trust_all || self.trust_agents.contains(agent) || self.trust_sources.contains(file)
    }

    /// The rank of a block from `source` authorized by `agent`: the index of
    /// the first of them in [`Policy::priorities`], or `usize::MAX`.
    pub(crate) fn rank(&self, source: &UrlKey, agent: Option<&UrlKey>) -> usize {
        let place = |url: &UrlKey| self.priorities.get(url).copied();
        let source = place(source);
        let agent = agent.and_then(place);
        source.into_iter().chain(agent).min().unwrap_or(usize::MAX)
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
