//! Hand-built feeds shaped like each source format, and small helpers.
#![allow(dead_code, reason = "each test file uses a different subset")]

use antenna_model::jiff::{SignedDuration, Timestamp};
use antenna_model::url::Url;
use antenna_model::{Agent, Entry, Feed, MethodChain};
use propagate::{Action, Decision, Format, Identity, Policy, Propagated, Source};

pub fn url(s: &str) -> Url {
    s.parse().unwrap()
}

/// 2002-09-07T09:00:00Z, the moment every test propagates at.
pub fn now() -> Timestamp {
    "2002-09-07T09:00:00Z".parse().unwrap()
}

pub fn ago(secs: i64) -> Timestamp {
    now() - SignedDuration::from_secs(secs)
}

pub fn agent(name: &str, agent_url: &str) -> Agent {
    Agent {
        name: name.into(),
        url: Some(url(agent_url)),
    }
}

pub fn agent_a() -> Agent {
    agent("AgentA", "http://a.example/")
}

pub fn agent_b() -> Agent {
    agent("AgentB", "http://b.example/")
}

pub fn me() -> Identity {
    Identity::new(agent("Me", "http://me.example/"))
}

/// A HINA-DI entity block as a HINA-DI reader would give it: URL, Title,
/// Last-Modified, Last-Modified-Detected, Authorized, Authorized-url,
/// Method, HINA-Version.
pub fn hina_block(page: &str, by: Agent) -> Entry {
    let mut e = Entry::new(url(page));
    e.title = Some("Page".into());
    e.last_modified = Some(ago(7200));
    e.last_detected = Some(ago(600));
    e.authorized = Some(by);
    e.method = Some(MethodChain::parse("GET/200").unwrap());
    e.hina_version = Some("HINA/2.2".into());
    e
}

/// A HINA-DI file: header (User-Agent, Date) and blocks.
pub fn hina_feed(entries: Vec<Entry>) -> Feed {
    let mut f = Feed::new();
    f.agent = Some(agent("SomeAntenna/1.0", "http://somewhere.example/"));
    f.generated = Some(ago(60));
    f.entries = entries;
    f
}

/// A LIRS record as a LIRS reader would give it: Last-Modified,
/// Last-Detected, time difference, Content-Length, URL, Title, Author,
/// Source URL (here absent), the extension as `lirs:extension`.
pub fn lirs_record(page: &str, last_detected_ago: i64) -> Entry {
    let mut e = Entry::new(url(page));
    e.last_modified = Some(ago(last_detected_ago + 3600));
    e.last_detected = Some(ago(last_detected_ago));
    e.site_offset = Some(antenna_model::jiff::tz::Offset::from_seconds(32400).unwrap());
    e.content_length = Some(49383);
    e.title = Some("Tadayo Memories".into());
    e.author = Some("Hiya".into());
    e.extensions = antenna_model::FieldList::from_iter([("lirs:extension", "blah blah")]);
    e
}

/// An RSS item: link, title, pubDate, author, categories.
pub fn rss_item(link: &str) -> Entry {
    let mut e = Entry::new(url(link));
    e.title = Some("Item".into());
    e.last_modified = Some(ago(7200));
    e.author = Some("someone@example.com".into());
    e.keywords = vec!["news".into()];
    e
}

pub fn source(file: &str, format: Format, entries: Vec<Entry>) -> Source {
    let mut feed = Feed::new();
    feed.entries = entries;
    Source::new(url(file), format, feed)
}

pub fn trust_a() -> Policy {
    Policy::new().trust_agent(&url("http://a.example/"))
}

pub fn run(sources: &[Source], policy: &Policy) -> Propagated {
    propagate::propagate(sources, policy, &me(), now())
}

/// The decisions of `rule_id`.
pub fn decisions<'a>(p: &'a Propagated, rule_id: &str) -> Vec<&'a Decision> {
    p.report.iter().filter(|d| d.rule.id == rule_id).collect()
}

/// The single decision of `rule_id`, checked to have `action`.
pub fn only<'a>(p: &'a Propagated, rule_id: &str, action: Action) -> &'a Decision {
    let found = decisions(p, rule_id);
    assert_eq!(
        found.len(),
        1,
        "expected one {rule_id}, got {:#?}",
        p.report
    );
    assert_eq!(found[0].action, action, "{:#?}", found[0]);
    found[0]
}

pub fn urls(p: &Propagated) -> Vec<&str> {
    p.feed.entries.iter().map(|e| e.url.as_str()).collect()
}
