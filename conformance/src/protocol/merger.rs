//! The reference merger of the suite's propagation cases (the MERGER
//! contract, `conformance/README.md` § Propagation), which `antenna merge
//! --protocol` is.
//!
//! It takes a plan (JSON): the source files, relative to the working
//! directory, with the URL and format of each, what is trusted, who
//! vouches for LIRS and RSS sources, whether to keep extensions, and
//! "now". It propagates them with `propagate` and gives what would be
//! published: the entity blocks of the HINA-DI output, field by field as
//! written, and every entry dropped or changed, with its rule. Reading a
//! source file is the caller's (a tool shows its diagnostics its own way).

use std::path::Path;

use antenna_model::jiff::Timestamp;
use antenna_model::url::Url;
use antenna_model::{Agent, Feed, Format, UrlKey};
use serde::Deserialize;
use serde_json::{Value, json};

/// What the merger made of a plan: its output, and the lines it says on
/// the way (each decision, and each loss that is not one), in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    /// `{"blocks": [...], "decisions": [...]}`, as the contract writes it.
    pub output: Value,
    /// Lines for people (standard error), without their line ends.
    pub notes: Vec<String>,
}

/// How a source file is read: the feed of `path` read as `format`, or
/// `None` when it is rejected; an `Err` when it cannot be read.
pub type ReadSource<'a> = dyn FnMut(&Path, Format) -> Result<Option<Feed>, String> + 'a;

/// The plan, as the contract writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Plan {
    /// The time expiry and LIRS staleness are judged by (RFC 3339).
    now: String,
    #[serde(default)]
    trust: Trust,
    #[serde(default)]
    vouch: Vec<Vouch>,
    #[serde(default)]
    keep_extensions: bool,
    sources: Vec<PlanSource>,
}

/// Whom the merger trusts.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Trust {
    /// Agents, by `Authorized-url`.
    #[serde(default)]
    agents: Vec<String>,
    /// Source files whose every block is trusted, by URL.
    #[serde(default)]
    sources: Vec<String>,
}

/// The agent that vouches for a LIRS or RSS source.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Vouch {
    /// The source's URL.
    source: String,
    /// The agent's URL: the `Authorized-url` its entries are published
    /// with.
    agent: String,
    /// The agent's name, published as `Authorized` [default: the agent's
    /// URL as written].
    name: Option<String>,
}

/// One source file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanSource {
    /// The file, relative to the working directory.
    file: String,
    /// The URL it was fetched from.
    url: String,
    /// `hina-di`, `lirs` or `rss2`.
    format: String,
}

/// Who the merger is. The contract has no header in its output, so this
/// is never seen; `propagate` needs one.
const IDENTITY: &str = "antenna merge --protocol";

/// Runs the merger on `plan` (JSON), each source file read with `read`.
/// A plan that cannot be read, or a source file that is missing or
/// rejected, is an error: the case cannot be run, which is not the same
/// as publishing nothing.
pub fn merge(plan: &[u8], read: &mut ReadSource<'_>) -> Result<Merged, String> {
    let plan: Plan = serde_json::from_slice(plan)
        .map_err(|e| format!("standard input is not a merge plan: {e}"))?;
    let now: Timestamp = plan
        .now
        .parse()
        .map_err(|e| format!("the plan's now `{}` is not RFC 3339: {e}", plan.now))?;
    let policy = policy(&plan)?;
    let vouchers = plan
        .vouch
        .iter()
        .map(|v| Ok((key(&v.source)?, voucher(v)?)))
        .collect::<Result<Vec<(UrlKey, Agent)>, String>>()?;
    let mut sources = Vec::with_capacity(plan.sources.len());
    for source in &plan.sources {
        let url = url(&source.url)?;
        let format: Format = source.format.parse().map_err(|_| {
            format!(
                "the format `{}` of {} is none of hina-di, lirs, rss2",
                source.format, source.file
            )
        })?;
        let feed = read_feed(Path::new(&source.file), format, read)?;
        let mut source = propagate::Source::new(url, format, feed);
        let source_key = UrlKey::from_url(&source.url);
        if let Some((_, agent)) = vouchers.iter().find(|(k, _)| *k == source_key) {
            source = source.with_agent(agent.clone());
        }
        sources.push(source);
    }
    let identity = propagate::Identity::new(Agent {
        name: IDENTITY.to_owned(),
        url: None,
    });
    let result = propagate_among(&sources, &policy, &identity, now);
    let mut notes: Vec<String> = result.report.iter().map(|d| d.to_string()).collect();
    // Decisions name each source by its URL as the plan wrote it.
    let written: Vec<(&Url, &str)> = sources
        .iter()
        .zip(&plan.sources)
        .map(|(s, p)| (&s.url, p.url.as_str()))
        .collect();
    let (blocks, unwritable) = blocks(&result, &mut notes);
    let mut decisions = decisions(&result.report, &written);
    decisions.extend(unwritable.iter().map(|d| {
        notes.push(d.to_string());
        decision_json(d, &written)
    }));
    let output = json!({ "blocks": blocks, "decisions": decisions });
    Ok(Merged { output, notes })
}

fn url(text: &str) -> Result<Url, String> {
    Url::parse(text).map_err(|e| format!("`{text}` in the plan is not a URL: {e}"))
}

fn key(text: &str) -> Result<UrlKey, String> {
    UrlKey::parse(text).map_err(|e| format!("`{text}` in the plan is not a URL: {e}"))
}

fn policy(plan: &Plan) -> Result<propagate::Policy, String> {
    let keys = |urls: &[String]| urls.iter().map(|u| key(u)).collect::<Result<Vec<_>, _>>();
    Ok(propagate::Policy {
        trust_agents: keys(&plan.trust.agents)?,
        trust_sources: keys(&plan.trust.sources)?,
        keep_extensions: plan.keep_extensions,
        ..propagate::Policy::default()
    })
}

fn voucher(vouch: &Vouch) -> Result<Agent, String> {
    Ok(Agent {
        name: vouch.name.clone().unwrap_or_else(|| vouch.agent.clone()),
        url: Some(url(&vouch.agent)?),
    })
}

/// A source file read as `format` with `read`, in the model.
fn read_feed(path: &Path, format: Format, read: &mut ReadSource<'_>) -> Result<Feed, String> {
    read(path, format)?.ok_or_else(|| {
        format!(
            "{} was rejected as {format}; the case cannot be run",
            path.display()
        )
    })
}

/// The published entity blocks: the feed as the HINA-DI writer writes it,
/// each field `[name, value]` in order; and a `changed`
/// `extension-dropped` decision for each extension of a published entry
/// that the writer cannot hold as a HINA-DI field. Any other loss is
/// said in `notes`.
///
/// Decision (`keep_extensions`): a LIRS record's extension field (LIRS 2.1
/// §3.9, "arbitrary string for agent-specific information") is the
/// counterpart of an experimental field, whose propagation HINA-DI rev.
/// 0.12 §Propagation says "is not guaranteed"; HINA-DI has no field for it.
/// It is not carried under a field name of our own (that would publish a
/// field no source wrote), so it is left out, and that is reported like an
/// extension the policy drops, never only noted on standard error.
fn blocks(
    result: &propagate::Propagated,
    notes: &mut Vec<String>,
) -> (Value, Vec<propagate::Decision>) {
    let converted = hina_di::from_feed(&result.feed);
    let mut unwritable = Vec::new();
    for loss in &converted.losses {
        let extension_of = result
            .feed
            .entries
            .iter()
            .zip(&result.origins)
            .find(|(entry, _)| {
                loss.entry.as_deref() == Some(entry.url.as_str())
                    && entry.extensions.iter().any(|e| e.name == loss.field)
            });
        match extension_of {
            Some((_, origin)) => unwritable.push(propagate::Decision::new(
                propagate::rules::EXTENSION_DROPPED,
                &origin.source,
                &origin.entry_url,
                propagate::Action::Changed,
                format!(
                    "the field {} has no place in a HINA-DI block ({}); not propagated",
                    loss.field, loss.reason
                ),
            )),
            None => notes.push(format!("loss: {loss}")),
        }
    }
    let blocks = converted
        .document
        .entity_blocks()
        .map(|block| {
            block
                .pairs()
                .map(|(name, value)| json!([name, value]))
                .collect::<Value>()
        })
        .collect();
    (blocks, unwritable)
}

/// The decisions the contract has: `propagate` reports a dropped entry by
/// its drop alone and a published one by its changes, which is the
/// contract's; left out are `noted` ones (nothing was dropped or changed)
/// and `source-url-recorded` (it sets the model's Source URL, which no
/// HINA-DI block holds).
fn decisions(report: &propagate::Report, written: &[(&Url, &str)]) -> Vec<Value> {
    report
        .iter()
        .filter(|d| in_contract(d))
        .map(|d| decision_json(d, written))
        .collect()
}

/// One decision as the contract writes it, its source named by the URL as
/// the plan wrote it.
fn decision_json(d: &propagate::Decision, written: &[(&Url, &str)]) -> Value {
    let source = written
        .iter()
        .find(|(url, _)| **url == d.source)
        .map_or(d.source.as_str(), |(_, text)| text);
    json!({
        "source": source,
        "entry": d.entry_url,
        "action": d.action.to_string(),
        "rule": d.rule.id.strip_prefix("propagate/").unwrap_or(d.rule.id),
    })
}

/// `true` for a decision the contract has (see [`decisions`]).
fn in_contract(decision: &propagate::Decision) -> bool {
    decision.action != propagate::Action::Noted
        && decision.rule != propagate::rules::SOURCE_URL_RECORDED
}

/// Propagates `sources` as `antenna merge` does: `Virtual` blocks are
/// resolved among the sources given, never fetched. The resolver borrows
/// the sources (propagate only reads them too) and copies a file only when
/// a `Virtual` block names it.
fn propagate_among(
    sources: &[propagate::Source],
    policy: &propagate::Policy,
    identity: &propagate::Identity,
    now: antenna_model::jiff::Timestamp,
) -> propagate::Propagated {
    let keys: Vec<UrlKey> = sources.iter().map(|s| UrlKey::from_url(&s.url)).collect();
    let mut resolver = |url: &Url| {
        let key = UrlKey::from_url(url);
        keys.iter()
            .zip(sources)
            .find(|(k, _)| **k == key)
            .map(|(_, s)| s.feed.clone())
    };
    propagate::propagate_with_resolver(sources, policy, identity, now, &mut resolver)
}

#[cfg(test)]
mod tests {
    use super::*;
    use propagate::{Action, Decision, rules};

    fn decision(rule: antenna_model::Rule, action: Action) -> Decision {
        let source = Url::parse("http://a.example.jp/lirs.gz").unwrap();
        Decision::new(rule, &source, "http://www.hoge.jp/foo/", action, "")
    }

    #[test]
    fn noted_and_source_url_decisions_are_not_the_contracts() {
        assert!(!in_contract(&decision(
            rules::VIRTUAL_UNRESOLVED,
            Action::Noted
        )));
        assert!(!in_contract(&decision(
            rules::SOURCE_URL_RECORDED,
            Action::Changed
        )));
        assert!(in_contract(&decision(rules::EMPTY_FIELD, Action::Changed)));
        assert!(in_contract(&decision(
            rules::VOUCHED_BY_SOURCE,
            Action::Changed
        )));
        assert!(in_contract(&decision(rules::STALE, Action::Dropped)));
    }
}
