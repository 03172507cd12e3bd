//! The policy file of `antenna merge` (TOML), described in POLICY.md.

use std::collections::HashMap;

use antenna_model::url::Url;
use antenna_model::{Agent, UrlKey};
use serde::Deserialize;

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    #[serde(default)]
    trust_agents: Vec<String>,
    #[serde(default)]
    trust_sources: Vec<String>,
    #[serde(default)]
    trust_all: bool,
    #[serde(default)]
    keep_extensions: bool,
    #[serde(default)]
    priorities: Vec<String>,
    max_virtual_depth: Option<usize>,
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
    url: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutputFile {
    title: Option<String>,
    link: Option<String>,
    description: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SourceFile {
    url: String,
    agent: AgentFile,
}

/// A policy file, read and checked.
pub struct LoadedPolicy {
    /// The trust rules.
    pub policy: propagate::Policy,
    /// Who we are, for the output's header.
    pub identity: propagate::Identity,
    /// Agents that vouch for LIRS and RSS sources, by source URL.
    pub source_agents: HashMap<UrlKey, Agent>,
}

/// Parses a policy file; the error is one sentence.
pub fn parse(text: &str) -> Result<LoadedPolicy, String> {
    let file: PolicyFile = toml::from_str(text).map_err(|e| e.message().to_owned())?;
    let key = |url: &String| UrlKey::parse(url).map_err(|e| e.to_string());
    let keys = |urls: &[String]| urls.iter().map(key).collect::<Result<Vec<_>, _>>();
    let mut policy = propagate::Policy {
        trust_agents: keys(&file.trust_agents)?,
        trust_sources: keys(&file.trust_sources)?,
        trust_all: file.trust_all,
        keep_extensions: file.keep_extensions,
        priorities: keys(&file.priorities)?,
        ..propagate::Policy::default()
    };
    if let Some(depth) = file.max_virtual_depth {
        policy.max_virtual_depth = depth;
    }
    if let Some(seconds) = file.lirs_max_age_seconds {
        policy.lirs_max_age = antenna_model::jiff::SignedDuration::from_secs(seconds);
    }
    let mut identity = propagate::Identity::new(agent(file.agent)?);
    identity.title = file.output.title;
    identity.description = file.output.description;
    identity.link = file.output.link.as_deref().map(url).transpose()?;
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

fn url(text: &str) -> Result<Url, String> {
    Url::parse(text).map_err(|e| format!("`{text}` is not a URL: {e}"))
}

fn agent(file: AgentFile) -> Result<Agent, String> {
    Ok(Agent {
        name: file.name,
        url: file.url.as_deref().map(url).transpose()?,
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
