//! What propagation did to each entry, and why.

use std::fmt;

use antenna_model::Rule;
use antenna_model::url::Url;

/// What a [`Decision`] did to an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// The entry (or, for [`rules::HEADER_NOT_PROPAGATED`](crate::rules::HEADER_NOT_PROPAGATED),
    /// the source's header) is not in the output.
    Dropped,
    /// The entry is in the output, with a field added, removed or replaced.
    Changed,
    /// Nothing was dropped or changed, but something was tried and failed
    /// (a `Virtual` block that could not be resolved).
    Noted,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Dropped => "dropped",
            Action::Changed => "changed",
            Action::Noted => "noted",
        })
    }
}

/// One thing propagation did to one entry of one source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The rule applied.
    pub rule: Rule,
    /// The URL of the source file the entry came from (the
    /// [`Source::url`](crate::Source::url) the caller gave).
    pub source: Url,
    /// The entry's URL as the source gave it (for a resolved `Virtual`
    /// block, the URL of the block in the source, not of the block that
    /// replaced it); empty for decisions about a source's header block.
    pub entry_url: String,
    /// Dropped, changed or noted.
    pub action: Action,
    /// What exactly, in one sentence.
    pub detail: String,
}

impl Decision {
    /// A decision about the entry `entry_url` of the source `source`.
    pub fn new(
        rule: Rule,
        source: &Url,
        entry_url: &str,
        action: Action,
        detail: impl Into<String>,
    ) -> Self {
        Decision {
            rule,
            source: source.clone(),
            entry_url: entry_url.to_owned(),
            action,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.entry_url.is_empty() {
            write!(f, "{} header of {}", self.action, self.source)?;
        } else {
            write!(f, "{} {} from {}", self.action, self.entry_url, self.source)?;
        }
        write!(
            f,
            ": {} [{}] ({})",
            self.detail, self.rule.id, self.rule.spec
        )
    }
}

/// Every entry dropped or changed by one propagation run.
///
/// In order: each source's header and the entries dropped while admitted,
/// source by source; then the entries dropped as superseded; then, for each
/// published entry in output order, what was done to it. An entry that is
/// dropped has exactly one decision, its drop (see the crate docs).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Report {
    /// The decisions.
    pub decisions: Vec<Decision>,
}

impl Report {
    /// `true` when nothing was dropped, changed or noted.
    pub fn is_empty(&self) -> bool {
        self.decisions.is_empty()
    }

    /// All decisions.
    pub fn iter(&self) -> std::slice::Iter<'_, Decision> {
        self.decisions.iter()
    }

    /// The decisions that dropped something.
    pub fn dropped(&self) -> impl Iterator<Item = &Decision> {
        self.with_action(Action::Dropped)
    }

    /// The decisions that changed an entry.
    pub fn changed(&self) -> impl Iterator<Item = &Decision> {
        self.with_action(Action::Changed)
    }

    /// The decisions with `action`.
    pub fn with_action(&self, action: Action) -> impl Iterator<Item = &Decision> {
        self.decisions.iter().filter(move |d| d.action == action)
    }

    /// The decisions made under the rule with id `rule_id`.
    pub fn with_rule<'a>(&'a self, rule_id: &'a str) -> impl Iterator<Item = &'a Decision> {
        self.decisions.iter().filter(move |d| d.rule.id == rule_id)
    }

    pub(crate) fn push(&mut self, decision: Decision) {
        self.decisions.push(decision);
    }
}

impl<'a> IntoIterator for &'a Report {
    type Item = &'a Decision;
    type IntoIter = std::slice::Iter<'a, Decision>;

    fn into_iter(self) -> Self::IntoIter {
        self.decisions.iter()
    }
}
