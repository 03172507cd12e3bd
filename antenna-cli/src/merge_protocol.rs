//! `antenna merge --protocol`: the reference merger of the conformance
//! suite's propagation cases (the MERGER contract, `conformance/README.md`
//! § Propagation).
//!
//! It reads a plan (JSON) on standard input: the source files, relative to
//! the working directory, with the URL and format of each, what is trusted,
//! who vouches for LIRS and RSS sources, whether to keep extensions, and
//! "now". It propagates them as `antenna merge` does and prints what would
//! be published: the entity blocks of the HINA-DI output, field by field as
//! written, and every entry dropped or changed, with its rule.

use std::io::Write as _;
use std::path::Path;

use antenna_model::jiff::Timestamp;
use antenna_model::url::Url;
use antenna_model::{Agent, Feed, Format, UrlKey};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::commands::{propagate_among, read_source};
use crate::{Fatal, Verdict};

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

/// Runs the merger: the plan on standard input, the output JSON on
/// standard output. A plan that cannot be read, or a source file that is
/// missing or rejected, is an error (exit status 2): the case cannot be
/// run, which is not the same as publishing nothing.
pub fn run(plan: &[u8]) -> Result<Verdict, Fatal> {
    let plan: Plan = serde_json::from_slice(plan)
        .map_err(|e| Fatal(format!("standard input is not a merge plan: {e}")))?;
    let now: Timestamp = plan.now.parse().map_err(|e| {
        Fatal(format!(
            "the plan's now `{}` is not RFC 3339: {e}",
            plan.now
        ))
    })?;
    let policy = policy(&plan)?;
    let vouchers = plan
        .vouch
        .iter()
        .map(|v| Ok((key(&v.source)?, voucher(v)?)))
        .collect::<Result<Vec<(UrlKey, Agent)>, Fatal>>()?;
    let mut sources = Vec::with_capacity(plan.sources.len());
    for source in &plan.sources {
        let url = url(&source.url)?;
        let format: Format = source.format.parse().map_err(|_| {
            Fatal(format!(
                "the format `{}` of {} is none of hina-di, lirs, rss2",
                source.format, source.file
            ))
        })?;
        let feed = read_feed(Path::new(&source.file), format)?;
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
    for decision in result.report.iter() {
        eprintln!("{decision}");
    }
    // Decisions name each source by its URL as the plan wrote it.
    let written: Vec<(&Url, &str)> = sources
        .iter()
        .zip(&plan.sources)
        .map(|(s, p)| (&s.url, p.url.as_str()))
        .collect();
    let output = json!({
        "blocks": blocks(&result.feed),
        "decisions": decisions(&result.report, &written),
    });
    let mut text = serde_json::to_string(&output).map_err(|e| Fatal(e.to_string()))?;
    text.push('\n');
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| Fatal(format!("cannot write to standard output: {e}")))?;
    Ok(Verdict::Clean)
}

fn url(text: &str) -> Result<Url, Fatal> {
    Url::parse(text).map_err(|e| Fatal(format!("`{text}` in the plan is not a URL: {e}")))
}

fn key(text: &str) -> Result<UrlKey, Fatal> {
    UrlKey::parse(text).map_err(|e| Fatal(format!("`{text}` in the plan is not a URL: {e}")))
}

fn policy(plan: &Plan) -> Result<propagate::Policy, Fatal> {
    let keys = |urls: &[String]| urls.iter().map(|u| key(u)).collect::<Result<Vec<_>, _>>();
    Ok(propagate::Policy {
        trust_agents: keys(&plan.trust.agents)?,
        trust_sources: keys(&plan.trust.sources)?,
        keep_extensions: plan.keep_extensions,
        ..propagate::Policy::default()
    })
}

fn voucher(vouch: &Vouch) -> Result<Agent, Fatal> {
    Ok(Agent {
        name: vouch.name.clone().unwrap_or_else(|| vouch.agent.clone()),
        url: Some(url(&vouch.agent)?),
    })
}

/// A source file read as `format`, in the model.
fn read_feed(path: &Path, format: Format) -> Result<Feed, Fatal> {
    read_source(path, format)?.ok_or_else(|| {
        Fatal(format!(
            "{} was rejected as {format}; the case cannot be run",
            path.display()
        ))
    })
}

/// The published entity blocks: the feed as the HINA-DI writer writes it,
/// each field `[name, value]` in order.
fn blocks(feed: &Feed) -> Value {
    let converted = hina_di::from_feed(feed);
    for loss in &converted.losses {
        eprintln!("loss: {loss}");
    }
    converted
        .document
        .entity_blocks()
        .map(|block| {
            block
                .pairs()
                .map(|(name, value)| json!([name, value]))
                .collect::<Value>()
        })
        .collect()
}

/// The decisions the contract has: one `dropped` decision for each entry
/// (or source header) not published, and the `changed` decisions of the
/// entries published. Left out: `noted` ones (nothing was dropped or
/// changed), `source-url-recorded` (it sets the model's Source URL, which
/// no HINA-DI block holds), and what was done to an entry before it was
/// dropped (vouched for, then found stale): the entry is not published, so
/// only why is part of the contract.
fn decisions(report: &propagate::Report, written: &[(&Url, &str)]) -> Value {
    contract_decisions(report)
        .into_iter()
        .map(|d| {
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
        })
        .collect()
}

/// `true` for the rules `propagate` applies while admitting an entry,
/// before the filters that may still drop it.
fn made_on_admission(decision: &propagate::Decision) -> bool {
    decision.action == propagate::Action::Changed
        && [
            propagate::rules::VOUCHED_BY_SOURCE,
            propagate::rules::VIRTUAL_RESOLVED,
        ]
        .contains(&decision.rule)
}

/// The report reduced to the contract's decisions (see [`decisions`]).
///
/// `propagate` reports an entry's admission changes (its `Virtual` steps,
/// then its vouching) just before its drop, if it is dropped while
/// admitted; an entry dropped later as superseded had its admission changes
/// reported earlier, so one such group for the same source and entry URL is
/// taken back. The report does not say where one entry ends and the next
/// begins: two entries with one URL in one source are told apart by the
/// order of those rules (a vouching ends an entry's group). Where one of
/// them is a `Virtual` block and the other is not, which of the two a drop
/// belongs to cannot be told from the report; no case has that. (Were
/// `propagate` to report admission changes only for entries it keeps, this
/// guess would go.)
fn contract_decisions(report: &propagate::Report) -> Vec<&propagate::Decision> {
    let same_entry = |a: &propagate::Decision, b: &propagate::Decision| {
        a.source == b.source && a.entry_url == b.entry_url
    };
    // Admission changes, grouped by entry (an entry's are consecutive),
    // and every other decision.
    let mut groups: Vec<Vec<&propagate::Decision>> = Vec::new();
    let mut others = Vec::new();
    let mut pending: Vec<&propagate::Decision> = Vec::new();
    let relevant = report.iter().filter(|d| {
        d.action != propagate::Action::Noted && d.rule != propagate::rules::SOURCE_URL_RECORDED
    });
    for decision in relevant {
        // A vouching is an entry's last admission change.
        let ended = pending
            .last()
            .is_some_and(|p| p.rule == propagate::rules::VOUCHED_BY_SOURCE);
        let continues = !ended && pending.first().is_some_and(|p| same_entry(p, decision));
        if made_on_admission(decision) {
            if !continues && !pending.is_empty() {
                groups.push(std::mem::take(&mut pending));
            }
            pending.push(decision);
            continue;
        }
        let closes = pending.first().is_some_and(|p| same_entry(p, decision));
        let superseded = decision.rule == propagate::rules::SUPERSEDED;
        if closes && decision.action == propagate::Action::Dropped && !superseded {
            // Dropped while admitted: its admission changes do not count.
            pending.clear();
        } else if !pending.is_empty() {
            groups.push(std::mem::take(&mut pending));
        }
        if superseded
            && let Some(i) = groups
                .iter()
                .position(|g| g.first().is_some_and(|p| same_entry(p, decision)))
        {
            groups.remove(i);
        }
        others.push(decision);
    }
    groups.push(pending);
    groups.into_iter().flatten().chain(others).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use propagate::{Action, Decision, Report, rules};

    const SOURCE: &str = "http://a.example.jp/lirs.gz";
    const PAGE: &str = "http://www.hoge.jp/foo/";

    fn decision(rule: antenna_model::Rule, action: Action) -> Decision {
        Decision::new(rule, &Url::parse(SOURCE).unwrap(), PAGE, action, "")
    }

    fn rules_of(decisions: &[Decision]) -> Vec<&'static str> {
        let report = Report {
            decisions: decisions.to_vec(),
        };
        let mut ids: Vec<_> = contract_decisions(&report)
            .iter()
            .map(|d| d.rule.id)
            .collect();
        ids.sort_unstable();
        ids
    }

    #[test]
    fn the_report_is_reduced_to_the_contracts_decisions() {
        let vouched = || decision(rules::VOUCHED_BY_SOURCE, Action::Changed);
        let stale = || decision(rules::STALE, Action::Dropped);
        let superseded = || decision(rules::SUPERSEDED, Action::Dropped);
        let noted = || decision(rules::VIRTUAL_UNRESOLVED, Action::Noted);
        let recorded = || decision(rules::SOURCE_URL_RECORDED, Action::Changed);
        let empty = || decision(rules::EMPTY_FIELD, Action::Changed);
        let rows: [(&str, Vec<Decision>, &[&str]); 4] = [
            (
                "an entry dropped while admitted keeps only its drop",
                vec![vouched(), stale()],
                &["propagate/stale"],
            ),
            (
                // Two records for one URL in one source (RSS items may
                // share a link): both vouched, the second superseded.
                "a superseded entry loses its admission changes, the winner keeps its",
                vec![vouched(), vouched(), superseded()],
                &["propagate/superseded", "propagate/vouched-by-source"],
            ),
            (
                "the second of two entries for one URL dropped while admitted",
                vec![vouched(), vouched(), stale()],
                &["propagate/stale", "propagate/vouched-by-source"],
            ),
            (
                "noted and source-url-recorded decisions are left out",
                vec![noted(), recorded(), empty()],
                &["propagate/empty-field"],
            ),
        ];
        for (what, decisions, expected) in rows {
            assert_eq!(rules_of(&decisions), expected, "{what}");
        }
    }
}
