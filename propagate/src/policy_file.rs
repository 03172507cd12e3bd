//! The policy file (TOML) of `antenna merge`, described in POLICY.md:
//! whom to trust, who we are, and the limits, read into a [`Policy`], an
//! [`Identity`] and the agents that vouch for LIRS and RSS sources.

use std::collections::HashMap;

use antenna_model::url::Url;
use antenna_model::{Agent, UrlKey};
use serde::Deserialize;
use toml::Spanned;

use crate::{Identity, Policy};

/// A URL as written in the file, with where it was written.
type UrlText = Spanned<String>;

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    #[serde(default)]
    trust_agents: Vec<UrlText>,
    #[serde(default)]
    trust_sources: Vec<UrlText>,
    #[serde(default)]
    trust_all: bool,
    #[serde(default)]
    keep_extensions: bool,
    #[serde(default)]
    priorities: Vec<UrlText>,
    max_virtual_depth: Option<Spanned<usize>>,
    /// LIRS records last detected longer ago than this are stale.
    lirs_max_age_seconds: Option<i64>,
    agent: AgentFile,
    #[serde(default)]
    output: OutputFile,
    #[serde(default)]
    sources: Vec<SourceFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentFile {
    name: String,
    url: Option<UrlText>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutputFile {
    title: Option<String>,
    link: Option<UrlText>,
    description: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SourceFile {
    url: UrlText,
    agent: AgentFile,
}

/// A policy file, read and checked.
#[derive(Debug)]
pub struct LoadedPolicy {
    /// The trust rules.
    pub policy: Policy,
    /// Who we are, for the output's header.
    pub identity: Identity,
    /// Agents that vouch for LIRS and RSS sources, by source URL.
    pub source_agents: HashMap<UrlKey, Agent>,
}

/// Parses a policy file; the error is one sentence, after the line and
/// column (in characters) it is about.
pub fn parse(text: &str) -> Result<LoadedPolicy, String> {
    let at = |offset: usize, message: &dyn std::fmt::Display| {
        let before = text.get(..offset).unwrap_or(text);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        format!("line {line}, column {column}: {message}")
    };
    let file: PolicyFile = toml::from_str(text).map_err(|e| match e.span() {
        Some(span) => at(span.start, &e.message()),
        None => e.message().to_owned(),
    })?;
    let url = |text: &UrlText| {
        Url::parse(text.get_ref()).map_err(|e| {
            let message = format!("`{}` is not a URL: {e}", text.get_ref());
            at(text.span().start, &message)
        })
    };
    let key = |text: &UrlText| UrlKey::parse(text.get_ref()).map_err(|e| at(text.span().start, &e));
    let keys = |urls: &[UrlText]| urls.iter().map(key).collect::<Result<Vec<_>, _>>();
    let agent = |file: AgentFile| {
        Ok::<_, String>(Agent {
            name: file.name,
            url: file.url.as_ref().map(url).transpose()?,
        })
    };
    let mut policy = Policy {
        trust_agents: keys(&file.trust_agents)?,
        trust_sources: keys(&file.trust_sources)?,
        trust_all: file.trust_all,
        keep_extensions: file.keep_extensions,
        priorities: keys(&file.priorities)?,
        ..Policy::default()
    };
    if let Some(depth) = file.max_virtual_depth {
        // Refused here rather than cut short block by block in the run.
        if *depth.get_ref() > crate::MAX_VIRTUAL_DEPTH {
            let message = format!(
                "max_virtual_depth = {} is above the limit of {} Virtual files (POLICY.md)",
                depth.get_ref(),
                crate::MAX_VIRTUAL_DEPTH
            );
            return Err(at(depth.span().start, &message));
        }
        policy.max_virtual_depth = depth.into_inner();
    }
    if let Some(seconds) = file.lirs_max_age_seconds {
        policy.lirs_max_age = antenna_model::jiff::SignedDuration::from_secs(seconds);
    }
    let mut identity = Identity::new(agent(file.agent)?);
    identity.title = file.output.title;
    identity.description = file.output.description;
    identity.link = file.output.link.as_ref().map(url).transpose()?;
    let source_agents = file
        .sources
        .into_iter()
        .map(|source| Ok((key(&source.url)?, agent(source.agent)?)))
        .collect::<Result<_, String>>()?;
    Ok(LoadedPolicy {
        policy,
        identity,
        source_agents,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_policy_reads() {
        let text = include_str!("../../examples/policy.toml");
        let loaded = parse(text).unwrap();
        assert_eq!(
            loaded.policy.trust_agents,
            [UrlKey::parse("http://antenna.example.jp/").unwrap()]
        );
        assert!(!loaded.policy.keep_extensions);
        assert_eq!(loaded.identity.agent.name, "my-antenna/0.1");
    }

    #[test]
    fn mistakes_are_one_sentence() {
        let error = parse("trust_agents = [\"not a url\"]\n[agent]\nname = \"x\"\n")
            .err()
            .unwrap();
        assert!(error.contains("not a url"), "{error}");
        let error = parse("trust_agent = []\n[agent]\nname = \"x\"\n")
            .err()
            .unwrap();
        assert!(error.contains("unknown field"), "{error}");
        assert!(parse("").is_err(), "the agent is required");
    }
}
