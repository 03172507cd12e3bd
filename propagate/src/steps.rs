//! The rules of propagation, one function each.
//!
//! Filters (`Result<_, Decision>`: `Err` drops the entry) run on every
//! entry as it is admitted; [`select`](crate::select::select) then keeps
//! one block per URL; the rewrites run on the winners only, so that a
//! block dropped as superseded is not also reported as rewritten.
//!
//! A filter's `Err` is the [`Decision`] itself, unboxed: it is built only
//! when an entry is dropped, once per entry, so its size costs nothing
//! worth an allocation.
#![allow(
    clippy::result_large_err,
    reason = "the Err is built once per dropped entry"
)]

use antenna_model::jiff::{SignedDuration, Timestamp};
use antenna_model::url::Url;
use antenna_model::{Agent, Entry, UrlKey};

use crate::policy::Lookups;
use crate::report::{Action, Decision};
use crate::rules;
use crate::{Format, Source};

/// Where a decision is about: the source file given by the caller and the
/// entry's URL as the source wrote it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct At<'a> {
    pub(crate) source: &'a Url,
    pub(crate) entry_url: &'a str,
}

impl At<'_> {
    pub(crate) fn decide(
        &self,
        rule: antenna_model::Rule,
        action: Action,
        detail: String,
    ) -> Decision {
        Decision::new(rule, self.source, self.entry_url, action, detail)
    }

    pub(crate) fn drop(&self, rule: antenna_model::Rule, detail: String) -> Decision {
        self.decide(rule, Action::Dropped, detail)
    }

    pub(crate) fn change(&self, rule: antenna_model::Rule, detail: String) -> Decision {
        self.decide(rule, Action::Changed, detail)
    }
}

/// HINA-DI rev. 0.12 §Propagation: "A header block, or any field that is
/// part of it, MUST NOT be propagated." Rev. 0.6 §9.1: "伝播が許されるblockは、
/// Entity-blockのみである。他のエージェントが出力したhina-diのHeader-blockを
/// 伝播させてはならない。" (Only entity blocks may propagate; another agent's
/// header block must not.)
///
/// The output's header is built from the caller's
/// [`Identity`](crate::Identity) and `now`; this reports, once per source,
/// the header fields the source had that were therefore left behind (RSS
/// channel fields count as header: they describe the file, not an entry).
pub(crate) fn header_not_propagated(source: &Source) -> Option<Decision> {
    let feed = &source.feed;
    let mut fields = Vec::new();
    if let Some(agent) = &feed.agent {
        fields.push(format!("agent `{}`", agent.name));
    }
    if feed.generated.is_some() {
        fields.push("generated".to_owned());
    }
    if feed.title.is_some() {
        fields.push("title".to_owned());
    }
    if feed.link.is_some() {
        fields.push("link".to_owned());
    }
    if feed.description.is_some() {
        fields.push("description".to_owned());
    }
    if feed.encoding.is_some() {
        fields.push("encoding".to_owned());
    }
    if fields.is_empty() {
        return None;
    }
    let at = At {
        source: &source.url,
        entry_url: "",
    };
    Some(at.drop(
        rules::HEADER_NOT_PROPAGATED,
        format!(
            "the {} header ({}) is not propagated; the output's header is this antenna's own",
            source.format.title(),
            fields.join(", ")
        ),
    ))
}

/// RFC 3986 §7.6 (Semantic Attacks): "Because the userinfo subcomponent is
/// rarely used and appears before the host in the authority component, it
/// can be used to construct a URI intended to mislead a human user by
/// appearing to identify one (trusted) naming authority while actually
/// identifying a different authority hidden behind the noise."
///
/// Decision: such an entry is dropped, not rewritten. Republishing it would
/// pass the deception on under this antenna's name, and removing the
/// userinfo would modify the `URL` field, which HINA-DI §Propagation says
/// "MUST be reproduced without modification".
pub(crate) fn no_userinfo(key: &UrlKey, at: At<'_>) -> Result<(), Decision> {
    if key.has_userinfo() {
        return Err(at.drop(
            rules::USERINFO_URL,
            "the entry URL has userinfo, which can make it look like another host's".to_owned(),
        ));
    }
    Ok(())
}

/// `true` when `agent` names both an `Authorized` agent and its
/// `Authorized-url`.
fn is_complete(agent: &Agent) -> bool {
    !agent.name.trim().is_empty() && agent.url.is_some()
}

/// HINA-DI rev. 0.12 §Propagation: "The `Authorized` and `Authorized-url`
/// fields allow indicating the user agent from which the metadata
/// originally came from to help ensure its legitimacy. Propagating MUST
/// only be performed if both fields are defined and if the user agent is
/// trusted." Rev. 0.6 §8: "meta dataの情報正当性は、「5.13 Authorized」
/// 「5.14 Authorized-url」によって示されるエージェントが保証する物とする。"
/// (The legitimacy of metadata is vouched for by the agent that Authorized
/// and Authorized-url name.)
///
/// LIRS records and RSS items have no such fields. Decision: the agent that
/// produced the source file ([`Source::agent`], which the caller gives from
/// its own configuration) is the agent that vouches for them, exactly as
/// rev. 0.6 §8 makes the authorizing agent vouch for a block; the caller
/// gives the entry it as its `authorized` (reported as
/// [`rules::VOUCHED_BY_SOURCE`]). Without a complete source agent, such an
/// entry cannot name who vouches for it and is dropped. HINA-DI blocks are
/// never vouched for by their source: they must carry both fields.
///
/// Returns `true` when the source's agent vouches for the entry (its
/// decision is [`vouched`], made when the entry is published: an entry
/// dropped later reports only its drop, and a flag is all that is held
/// meanwhile); `Err` drops the entry.
pub(crate) fn authorized(
    entry: &Entry,
    format: Format,
    source_agent: Option<&Agent>,
    at: At<'_>,
) -> Result<bool, Decision> {
    match &entry.authorized {
        Some(agent) if is_complete(agent) => return Ok(false),
        Some(agent) => {
            let missing = if agent.url.is_none() {
                "Authorized-url"
            } else {
                "Authorized"
            };
            return Err(at.drop(
                rules::MISSING_AUTHORIZED,
                format!("the block has no {missing}: both are needed to propagate"),
            ));
        }
        None => {}
    }
    if format.has_authorized_fields() {
        return Err(at.drop(
            rules::MISSING_AUTHORIZED,
            "the block has neither Authorized nor Authorized-url: both are needed to propagate"
                .to_owned(),
        ));
    }
    match source_agent {
        Some(agent) if is_complete(agent) => Ok(true),
        Some(_) => Err(at.drop(
            rules::MISSING_AUTHORIZED,
            format!(
                "{} entries name no agent, and the source's agent lacks a name or URL to vouch with",
                format.title()
            ),
        )),
        None => Err(at.drop(
            rules::MISSING_AUTHORIZED,
            format!(
                "{} entries name no agent, and no agent was given for this source",
                format.title()
            ),
        )),
    }
}

/// The decision that the source's `agent` vouched for an entry of
/// `format` ([`authorized`] returned `true`).
pub(crate) fn vouched(format: Format, agent: &Agent, at: At<'_>) -> Decision {
    let url = agent.url.as_ref().map_or("", Url::as_str);
    at.change(
        rules::VOUCHED_BY_SOURCE,
        format!(
            "{} entries name no agent; the source's agent `{}` <{url}> vouches for it",
            format.title(),
            agent.name
        ),
    )
}

/// HINA-DI rev. 0.12 §Propagation: "Propagating MUST only be performed if
/// both fields are defined and if the user agent is trusted."
///
/// Trusted means: the policy trusts all agents, or lists the block's
/// `Authorized-url` among [`Policy::trust_agents`](crate::Policy::trust_agents), or lists `file`, the
/// file the block was read from, among [`Policy::trust_sources`](crate::Policy::trust_sources) (looked
/// up in the run's [`Lookups`], not searched). For a
/// block resolved through `Virtual`, `file` is the file `Virtual` named,
/// never the source whose stub named it: the stub's source vouches for the
/// stub, not for a block another agent authorized in another file (the
/// same block read from that file directly would be judged the same way).
/// URLs compare as [`UrlKey`]s.
pub(crate) fn trusted(
    entry: &Entry,
    file: &UrlKey,
    policy: &Lookups,
    at: At<'_>,
) -> Result<(), Decision> {
    let Some((name, url)) = entry
        .authorized
        .as_ref()
        .and_then(|a| a.url.as_ref().map(|url| (a.name.as_str(), url)))
    else {
        return Err(at.drop(
            rules::MISSING_AUTHORIZED,
            "the block has no Authorized-url to judge trust by".to_owned(),
        ));
    };
    if policy.trusts(&UrlKey::from_url(url), file) {
        Ok(())
    } else {
        Err(at.drop(
            rules::UNTRUSTED_AGENT,
            format!("the authorizing agent `{name}` <{url}> is not trusted, nor is its source"),
        ))
    }
}

/// HINA-DI rev. 0.12 §Expires: "Expiration date for the block." Rev. 0.6
/// §5.8: "そのblockの情報の有効期限" (the validity limit of the block's
/// information).
///
/// A block whose `Expires` is before `now` is dropped. The limit itself is
/// still within the validity period: `Expires == now` propagates.
pub(crate) fn not_expired(entry: &Entry, now: Timestamp, at: At<'_>) -> Result<(), Decision> {
    match entry.expires {
        Some(expires) if expires < now => Err(at.drop(
            rules::EXPIRED,
            format!("the block expired at {expires}, before {now}"),
        )),
        _ => Ok(()),
    }
}

/// LIRS 2.1 §3.1 (Last-Modified) and §3.2 (Last-Detected): "Should the last
/// update detection fail, the LIRS provider SHOULD set this field to zero,
/// and antenna agents SHOULD assume this record is unusable."
///
/// Applies to LIRS records only. Unknown is `None` (how a reader maps the
/// zero) or the Unix epoch itself (the zero, should a reader keep it).
pub(crate) fn lirs_usable(entry: &Entry, format: Format, at: At<'_>) -> Result<(), Decision> {
    if format != Format::Lirs {
        return Ok(());
    }
    let unknown = |t: Option<Timestamp>| t.is_none_or(|t| t == Timestamp::UNIX_EPOCH);
    let field = if unknown(entry.last_modified) {
        "Last-Modified"
    } else if unknown(entry.last_detected) {
        "Last-Detected"
    } else {
        return Ok(());
    };
    Err(at.drop(
        rules::UNUSABLE,
        format!("the LIRS record's {field} is unknown (zero), so the record is unusable"),
    ))
}

/// LIRS 2.1 §4: "LIRS implementations SHOULD automatically discard records
/// that were last detected more than 28800 seconds (8 hours) ago." §3.2:
/// Last-Detected "defines a notion of "freshness" that antenna agents can
/// use to sort records by priority, or discard old records."
///
/// Applies to LIRS records only. "More than" is strict: a record detected
/// exactly [`Policy::lirs_max_age`](crate::Policy::lirs_max_age) before `now` is kept. A record detected
/// after `now` (a clock ahead of ours) is not stale.
pub(crate) fn lirs_fresh(
    entry: &Entry,
    format: Format,
    now: Timestamp,
    max_age: SignedDuration,
    at: At<'_>,
) -> Result<(), Decision> {
    if format != Format::Lirs {
        return Ok(());
    }
    let Some(detected) = entry.last_detected else {
        return Ok(()); // lirs_usable drops it
    };
    let age = now.duration_since(detected);
    if age > max_age {
        return Err(at.drop(
            rules::STALE,
            format!(
                "the LIRS record was last detected {} s before now, more than {} s",
                age.as_secs(),
                max_age.as_secs()
            ),
        ));
    }
    Ok(())
}

/// LIRS 2.1 §3.8: "URL that was used by the LIRS provider to acquire update
/// information. This is usually the same as the URL; in case of an
/// implementation that aggregates update information from other LIRS
/// providers, this could be the URL of each LIRS file."
///
/// An entry that says nowhere where it came from gets the URL of the file
/// it was read from (the source, or the `Virtual` file); one that does say
/// keeps it, since it names where the metadata was first acquired.
pub(crate) fn record_source_url(entry: &mut Entry, file_url: &Url, at: At<'_>) -> Option<Decision> {
    if entry.source_url.is_some() {
        return None;
    }
    entry.source_url = Some(file_url.clone());
    Some(at.change(
        rules::SOURCE_URL_RECORDED,
        format!("Source URL set to the file it was read from, {file_url}"),
    ))
}
