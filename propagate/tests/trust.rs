//! Header blocks, Authorized fields, trust and URL safety.

mod common;

use antenna_model::Agent;
use common::*;
use propagate::{Action, Format, Policy, rules};

const PAGE: &str = "http://www.hoge.jp/foo/";
const FILE: &str = "http://a.example/hina.di";

#[test]
fn header_fields_never_reach_the_output() {
    // HINA-DI §Propagation: "A header block, or any field that is part of
    // it, MUST NOT be propagated."
    let mut src = source(FILE, Format::HinaDi, vec![hina_block(PAGE, agent_a())]);
    src.feed = hina_feed(src.feed.entries.clone());
    src.feed.title = Some("Their antenna".into());
    let p = run(&[src], &trust_a());
    assert_eq!(p.feed.agent, Some(me().agent));
    assert_eq!(p.feed.generated, Some(now()));
    assert_eq!(p.feed.title, None);
    let d = only(&p, "propagate/header-not-propagated", Action::Dropped);
    assert_eq!(d.entry_url, "");
    assert_eq!(d.source.as_str(), FILE);
    assert!(d.detail.contains("SomeAntenna/1.0"), "{}", d.detail);
    // The entity block itself still propagates.
    assert_eq!(urls(&p), [PAGE]);
}

#[test]
fn identity_fills_the_output_header() {
    let mut id = me();
    id.title = Some("My antenna".into());
    id.link = Some(url("http://me.example/antenna/"));
    let p = propagate::propagate(&[], &Policy::new(), &id, now());
    assert_eq!(p.feed.title.as_deref(), Some("My antenna"));
    assert_eq!(p.feed.link, Some(url("http://me.example/antenna/")));
    assert!(p.feed.entries.is_empty());
    assert!(p.report.is_empty());
}

#[test]
fn a_source_without_header_fields_is_not_reported() {
    let p = run(
        &[source(
            FILE,
            Format::HinaDi,
            vec![hina_block(PAGE, agent_a())],
        )],
        &trust_a(),
    );
    assert!(decisions(&p, "propagate/header-not-propagated").is_empty());
}

#[test]
fn a_block_needs_both_authorized_fields() {
    // "Propagating MUST only be performed if both fields are defined".
    let mut none = hina_block("http://x.example/none/", agent_a());
    none.authorized = None;
    let mut no_url = hina_block("http://x.example/no-url/", agent_a());
    no_url.authorized = Some(Agent {
        name: "AgentA".into(),
        url: None,
    });
    let mut no_name = hina_block("http://x.example/no-name/", agent_a());
    no_name.authorized = Some(Agent {
        name: " ".into(),
        url: Some(url("http://a.example/")),
    });
    let good = hina_block("http://x.example/good/", agent_a());
    let p = run(
        &[source(
            FILE,
            Format::HinaDi,
            vec![none, no_url, no_name, good],
        )],
        &Policy::new().trust_all(true),
    );
    assert_eq!(urls(&p), ["http://x.example/good/"]);
    let dropped: Vec<&str> = decisions(&p, "propagate/missing-authorized")
        .iter()
        .map(|d| {
            assert_eq!(d.action, Action::Dropped);
            d.entry_url.as_str()
        })
        .collect();
    assert_eq!(
        dropped,
        [
            "http://x.example/none/",
            "http://x.example/no-url/",
            "http://x.example/no-name/"
        ]
    );
}

#[test]
fn trusting_a_source_does_not_waive_authorized() {
    let mut block = hina_block(PAGE, agent_a());
    block.authorized = None;
    let p = run(
        &[source(FILE, Format::HinaDi, vec![block])],
        &Policy::new().trust_source(&url(FILE)),
    );
    assert!(p.feed.entries.is_empty());
    only(&p, "propagate/missing-authorized", Action::Dropped);
}

#[test]
fn the_default_policy_trusts_nobody() {
    let p = run(
        &[source(
            FILE,
            Format::HinaDi,
            vec![hina_block(PAGE, agent_a())],
        )],
        &Policy::default(),
    );
    assert!(p.feed.entries.is_empty());
    let d = only(&p, "propagate/untrusted-agent", Action::Dropped);
    assert_eq!(d.rule, rules::UNTRUSTED_AGENT);
    assert_eq!(d.entry_url, PAGE);
    assert_eq!(d.source.as_str(), FILE);
}

#[test]
fn agents_are_trusted_by_url_key() {
    // Two spellings of the Authorized-url are one agent (RFC 3986 §6.2.2).
    let policy = Policy::new().trust_agent(&url("HTTP://A.EXAMPLE:80/%7Eme/"));
    let by = agent("AgentA", "http://a.example/~me/");
    let other = agent("AgentA", "http://a.example/me/");
    let p = run(
        &[source(
            FILE,
            Format::HinaDi,
            vec![
                hina_block("http://x.example/1/", by),
                hina_block("http://x.example/2/", other),
            ],
        )],
        &policy,
    );
    assert_eq!(urls(&p), ["http://x.example/1/"]);
    assert_eq!(
        only(&p, "propagate/untrusted-agent", Action::Dropped).entry_url,
        "http://x.example/2/"
    );
}

#[test]
fn the_agent_name_alone_does_not_earn_trust() {
    // Same Authorized name, different Authorized-url: not the trusted agent.
    let impostor = agent("AgentA", "http://evil.example/");
    let p = run(
        &[source(
            FILE,
            Format::HinaDi,
            vec![hina_block(PAGE, impostor)],
        )],
        &trust_a(),
    );
    assert!(p.feed.entries.is_empty());
    only(&p, "propagate/untrusted-agent", Action::Dropped);
}

#[test]
fn a_trusted_source_vouches_for_every_authorized_block_in_it() {
    let src = source(
        FILE,
        Format::HinaDi,
        vec![
            hina_block("http://x.example/1/", agent_a()),
            hina_block("http://x.example/2/", agent_b()),
        ],
    );
    let other = source(
        "http://other.example/hina.di",
        Format::HinaDi,
        vec![hina_block("http://x.example/3/", agent_b())],
    );
    let p = run(&[src, other], &Policy::new().trust_source(&url(FILE)));
    assert_eq!(urls(&p), ["http://x.example/1/", "http://x.example/2/"]);
    assert_eq!(
        only(&p, "propagate/untrusted-agent", Action::Dropped).entry_url,
        "http://x.example/3/"
    );
}

#[test]
fn trust_all_trusts_every_agent() {
    let p = run(
        &[source(
            FILE,
            Format::HinaDi,
            vec![hina_block(PAGE, agent("Anyone", "http://anyone.example/"))],
        )],
        &Policy::new().trust_all(true),
    );
    assert_eq!(urls(&p), [PAGE]);
}

#[test]
fn lirs_and_rss_entries_are_vouched_for_by_the_source_agent() {
    let lirs = source(
        "http://a.example/lirs.gz",
        Format::Lirs,
        vec![lirs_record("http://hiya.ouchi.to/n/", 600)],
    )
    .with_agent(agent_a());
    let rss = source(
        "http://a.example/index.rdf",
        Format::Rss2,
        vec![rss_item("http://news.example/1")],
    )
    .with_agent(agent_a());
    let p = run(&[lirs, rss], &trust_a());
    assert_eq!(
        urls(&p),
        ["http://hiya.ouchi.to/n/", "http://news.example/1"]
    );
    for e in &p.feed.entries {
        assert_eq!(e.authorized, Some(agent_a()));
    }
    let vouched = decisions(&p, "propagate/vouched-by-source");
    assert_eq!(vouched.len(), 2);
    assert!(vouched.iter().all(|d| d.action == Action::Changed));
}

#[test]
fn lirs_and_rss_entries_without_a_source_agent_are_dropped() {
    let lirs = source(
        "http://a.example/lirs.gz",
        Format::Lirs,
        vec![lirs_record("http://hiya.ouchi.to/n/", 600)],
    );
    let rss = source(
        "http://a.example/index.rdf",
        Format::Rss2,
        vec![rss_item("http://news.example/1")],
    )
    .with_agent(Agent {
        name: "NoUrl".into(),
        url: None,
    });
    let p = run(&[lirs, rss], &Policy::new().trust_all(true));
    assert!(p.feed.entries.is_empty());
    assert_eq!(decisions(&p, "propagate/missing-authorized").len(), 2);
    assert!(decisions(&p, "propagate/vouched-by-source").is_empty());
}

#[test]
fn a_hina_di_source_agent_does_not_vouch() {
    let mut block = hina_block(PAGE, agent_a());
    block.authorized = None;
    let src = source(FILE, Format::HinaDi, vec![block]).with_agent(agent_a());
    let p = run(&[src], &trust_a());
    assert!(p.feed.entries.is_empty());
    only(&p, "propagate/missing-authorized", Action::Dropped);
}

#[test]
fn an_entry_that_names_its_agent_keeps_it_in_any_format() {
    // An RSS adapter may fill `authorized` (e.g. from a module): it is the
    // entry's own, and the source agent does not replace it.
    let mut item = rss_item("http://news.example/1");
    item.authorized = Some(agent_b());
    let src = source("http://a.example/index.rdf", Format::Rss2, vec![item]).with_agent(agent_a());
    let p = run(&[src], &Policy::new().trust_all(true));
    assert_eq!(p.feed.entries[0].authorized, Some(agent_b()));
    assert!(decisions(&p, "propagate/vouched-by-source").is_empty());
}

#[test]
fn the_source_agent_is_trusted_like_any_other() {
    let src = source(
        "http://b.example/lirs.gz",
        Format::Lirs,
        vec![lirs_record("http://hiya.ouchi.to/n/", 600)],
    )
    .with_agent(agent_b());
    let p = run(&[src], &trust_a());
    assert!(p.feed.entries.is_empty());
    // Vouched for, then dropped: only the drop is reported.
    assert!(decisions(&p, "propagate/vouched-by-source").is_empty());
    only(&p, "propagate/untrusted-agent", Action::Dropped);
    assert_eq!(p.report.iter().count(), 1, "{:#?}", p.report);
}

#[test]
fn userinfo_urls_are_dropped() {
    // RFC 3986 §7.6: `www.example.com@evil.example` names evil.example.
    let bad = hina_block("http://www.example.com@evil.example/", agent_a());
    let bad2 = hina_block("http://user:pw@a.example/x", agent_a());
    let good = hina_block("http://evil.example/", agent_a());
    let p = run(
        &[source(FILE, Format::HinaDi, vec![bad, bad2, good])],
        &trust_a(),
    );
    assert_eq!(urls(&p), ["http://evil.example/"]);
    let d = decisions(&p, "propagate/userinfo-url");
    assert_eq!(d.len(), 2);
    assert_eq!(d[0].entry_url, "http://www.example.com@evil.example/");
    assert_eq!(d[0].rule.spec, "RFC 3986 §7.6 Semantic Attacks");
}
