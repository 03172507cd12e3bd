//! One block per URL, whole (HINA-DI rev. 0.6 §8).

mod common;

use antenna_model::UrlKey;
use common::*;
use propagate::{Action, Format, Policy};

const PAGE: &str = "http://www.hoge.jp/foo/";
const A_FILE: &str = "http://a.example/hina.di";
const B_FILE: &str = "http://b.example/hina.di";

fn both() -> Policy {
    trust_a().trust_agent(&url("http://b.example/"))
}

#[test]
fn the_fresher_block_wins_whole_and_nothing_is_mixed() {
    // §8: metadata for one URL from several agents MUST NOT be mixed.
    let mut older = hina_block(PAGE, agent_a());
    older.last_detected = Some(ago(3600));
    older.title = Some("A's title".into());
    older.author = Some("A's author".into());
    let mut fresher = hina_block(PAGE, agent_b());
    fresher.last_detected = Some(ago(60));
    fresher.title = None;
    fresher.author = None;
    let p = run(
        &[
            source(A_FILE, Format::HinaDi, vec![older]),
            source(B_FILE, Format::HinaDi, vec![fresher]),
        ],
        &both(),
    );
    assert_eq!(p.feed.entries.len(), 1);
    let e = &p.feed.entries[0];
    assert_eq!(e.authorized, Some(agent_b()));
    assert_eq!(e.title, None, "A's title must not fill B's block");
    assert_eq!(e.author, None);
    assert_eq!(e.last_detected, Some(ago(60)));
    let d = only(&p, "propagate/superseded", Action::Dropped);
    assert_eq!(d.source.as_str(), A_FILE);
    assert_eq!(d.entry_url, PAGE);
    assert!(d.detail.contains(B_FILE), "{}", d.detail);
    assert!(d.detail.contains("AgentB"), "{}", d.detail);
    assert!(d.detail.contains("detected later"), "{}", d.detail);
}

#[test]
fn a_known_detection_time_beats_an_unknown_one() {
    let mut unknown = hina_block(PAGE, agent_a());
    unknown.last_detected = None;
    let mut known = hina_block(PAGE, agent_b());
    known.last_detected = Some(ago(86400));
    let p = run(
        &[
            source(A_FILE, Format::HinaDi, vec![unknown]),
            source(B_FILE, Format::HinaDi, vec![known]),
        ],
        &both(),
    );
    assert_eq!(p.feed.entries[0].authorized, Some(agent_b()));
    assert_eq!(
        only(&p, "propagate/superseded", Action::Dropped)
            .source
            .as_str(),
        A_FILE
    );
}

#[test]
fn equally_fresh_blocks_go_by_policy_priority() {
    let a = hina_block(PAGE, agent_a());
    let b = hina_block(PAGE, agent_b());
    assert_eq!(a.last_detected, b.last_detected);
    let sources = [
        source(A_FILE, Format::HinaDi, vec![a]),
        source(B_FILE, Format::HinaDi, vec![b]),
    ];
    // Preferring B's file ...
    let p = run(&sources, &both().prefer(&url(B_FILE)));
    assert_eq!(p.feed.entries[0].authorized, Some(agent_b()));
    let d = only(&p, "propagate/superseded", Action::Dropped);
    assert!(d.detail.contains("policy prefers"), "{}", d.detail);
    // ... or B's agent URL.
    let p = run(&sources, &both().prefer(&url("http://b.example/")));
    assert_eq!(p.feed.entries[0].authorized, Some(agent_b()));
    // The earlier priority counts.
    let p = run(
        &sources,
        &both()
            .prefer(&url("http://a.example/"))
            .prefer(&url(B_FILE)),
    );
    assert_eq!(p.feed.entries[0].authorized, Some(agent_a()));
}

#[test]
fn freshness_comes_before_priority() {
    let mut a = hina_block(PAGE, agent_a());
    a.last_detected = Some(ago(10));
    let mut b = hina_block(PAGE, agent_b());
    b.last_detected = Some(ago(20));
    let p = run(
        &[
            source(A_FILE, Format::HinaDi, vec![a]),
            source(B_FILE, Format::HinaDi, vec![b]),
        ],
        &both().prefer(&url(B_FILE)),
    );
    assert_eq!(p.feed.entries[0].authorized, Some(agent_a()));
}

#[test]
fn otherwise_the_earlier_source_wins() {
    let a = || source(A_FILE, Format::HinaDi, vec![hina_block(PAGE, agent_a())]);
    let b = || source(B_FILE, Format::HinaDi, vec![hina_block(PAGE, agent_b())]);
    let p = run(&[a(), b()], &both());
    assert_eq!(p.feed.entries[0].authorized, Some(agent_a()));
    let d = only(&p, "propagate/superseded", Action::Dropped);
    assert_eq!(d.source.as_str(), B_FILE);
    assert!(d.detail.contains("source comes first"), "{}", d.detail);

    let p = run(&[b(), a()], &both());
    assert_eq!(p.feed.entries[0].authorized, Some(agent_b()));
    assert_eq!(
        only(&p, "propagate/superseded", Action::Dropped)
            .source
            .as_str(),
        A_FILE
    );
}

#[test]
fn within_one_source_the_first_block_wins() {
    let mut first = hina_block(PAGE, agent_a());
    first.title = Some("first".into());
    let mut second = hina_block(PAGE, agent_a());
    second.title = Some("second".into());
    let p = run(
        &[source(A_FILE, Format::HinaDi, vec![first, second])],
        &trust_a(),
    );
    assert_eq!(p.feed.entries.len(), 1);
    assert_eq!(p.feed.entries[0].title.as_deref(), Some("first"));
    let d = only(&p, "propagate/superseded", Action::Dropped);
    assert!(d.detail.contains("same source"), "{}", d.detail);
}

#[test]
fn two_spellings_of_one_url_are_one_entry() {
    // RFC 3986 §6.2.2 via UrlKey: case of scheme and host, default port,
    // percent-encoding of unreserved characters, dot segments.
    let mut spelled = hina_block("HTTP://WWW.Hoge.JP:80/a/./%7efoo/", agent_a());
    spelled.last_detected = Some(ago(10));
    let plain = hina_block("http://www.hoge.jp/a/~foo/", agent_b());
    let p = run(
        &[
            source(A_FILE, Format::HinaDi, vec![spelled]),
            source(B_FILE, Format::HinaDi, vec![plain]),
        ],
        &both(),
    );
    assert_eq!(p.feed.entries.len(), 1);
    assert_eq!(p.feed.entries[0].authorized, Some(agent_a()));
    let d = only(&p, "propagate/superseded", Action::Dropped);
    assert_eq!(d.entry_url, "http://www.hoge.jp/a/~foo/");
}

#[test]
fn different_urls_are_different_entries() {
    // The spec prefers a trailing slash but does not equate the two.
    let p = run(
        &[source(
            A_FILE,
            Format::HinaDi,
            vec![
                hina_block("http://www.hoge.jp/foo", agent_a()),
                hina_block("http://www.hoge.jp/foo/", agent_a()),
            ],
        )],
        &trust_a(),
    );
    assert_eq!(p.feed.entries.len(), 2);
    assert!(decisions(&p, "propagate/superseded").is_empty());
}

#[test]
fn a_dropped_block_does_not_compete() {
    // An untrusted fresher block is dropped before selection: the trusted
    // one propagates, and is not reported as superseded.
    let mut untrusted = hina_block(PAGE, agent("Evil", "http://evil.example/"));
    untrusted.last_detected = Some(ago(1));
    let p = run(
        &[
            source(B_FILE, Format::HinaDi, vec![untrusted]),
            source(A_FILE, Format::HinaDi, vec![hina_block(PAGE, agent_a())]),
        ],
        &trust_a(),
    );
    assert_eq!(p.feed.entries[0].authorized, Some(agent_a()));
    assert!(decisions(&p, "propagate/superseded").is_empty());
    only(&p, "propagate/untrusted-agent", Action::Dropped);
}

#[test]
fn losers_get_no_rewrite_decisions() {
    let mut loser = hina_block(PAGE, agent_b());
    loser.last_detected = Some(ago(3600));
    loser.title = Some(String::new());
    loser.method = None;
    let p = run(
        &[
            source(B_FILE, Format::HinaDi, vec![loser]),
            source(A_FILE, Format::HinaDi, vec![hina_block(PAGE, agent_a())]),
        ],
        &both(),
    );
    let about_b: Vec<&str> = p
        .report
        .iter()
        .filter(|d| d.source.as_str() == B_FILE)
        .map(|d| d.rule.id)
        .collect();
    assert_eq!(about_b, ["propagate/superseded"]);
}

#[test]
fn output_keeps_the_order_urls_first_appear_in() {
    let mut late_b = hina_block("http://x.example/1/", agent_b());
    late_b.last_detected = Some(ago(1));
    let p = run(
        &[
            source(
                A_FILE,
                Format::HinaDi,
                vec![
                    hina_block("http://x.example/1/", agent_a()),
                    hina_block("http://x.example/2/", agent_a()),
                ],
            ),
            source(
                B_FILE,
                Format::HinaDi,
                vec![hina_block("http://x.example/3/", agent_b()), late_b],
            ),
        ],
        &both(),
    );
    assert_eq!(
        urls(&p),
        [
            "http://x.example/1/",
            "http://x.example/2/",
            "http://x.example/3/"
        ]
    );
    assert_eq!(p.feed.entries[0].authorized, Some(agent_b()));
}

#[test]
fn long_trust_and_priority_lists_are_looked_up_not_searched() {
    // Issue #28: every block searched the trust and priority lists from the
    // start; 10,000 blocks against lists of 100,000 each was 2 * 10^9
    // comparisons (minutes). The lists are now hashed once per run. The
    // agents and files that matter come last, so a search would reach
    // them only after every other. (1,000 URLs listed 100 times each: a
    // search goes through every listing, and parsing 200,000 distinct URLs
    // would cost this test more than the run itself.)
    let distinct = |prefix: &str| -> Vec<UrlKey> {
        (0..1_000)
            .map(|k| UrlKey::parse(&format!("http://{prefix}{k}.example/")).unwrap())
            .collect()
    };
    let (trusted, preferred) = (distinct("t"), distinct("p"));
    let mut policy = Policy::new();
    for _ in 0..100 {
        policy.trust_agents.extend(trusted.iter().cloned());
        policy.priorities.extend(preferred.iter().cloned());
    }
    assert_eq!(policy.priorities.len(), 100_000);
    policy = policy
        .trust_agent(&url("http://a.example/"))
        .trust_agent(&url("http://b.example/"))
        .prefer(&url("http://b.example/"))
        .prefer(&url(A_FILE));
    let pages = 5_000;
    let blocks = |by: fn() -> antenna_model::Agent| {
        (0..pages)
            .map(|k| hina_block(&format!("http://www.hoge.jp/{k}"), by()))
            .collect()
    };
    let p = run(
        &[
            source(A_FILE, Format::HinaDi, blocks(agent_a)),
            source(B_FILE, Format::HinaDi, blocks(agent_b)),
        ],
        &policy,
    );
    // B's agent is preferred before A's file: B wins every URL.
    assert_eq!(p.feed.entries.len(), pages);
    assert!(
        p.feed
            .entries
            .iter()
            .all(|e| e.authorized == Some(agent_b()))
    );
    let superseded = decisions(&p, "propagate/superseded");
    assert_eq!(superseded.len(), pages);
    assert!(
        superseded
            .iter()
            .all(|d| d.detail.contains("policy prefers"))
    );
}

#[test]
fn a_block_ranks_by_the_first_listing_of_its_source_or_agent() {
    // Listed twice, a URL ranks by its first place; a block ranks by the
    // better of its source's and its agent's.
    let a = hina_block(PAGE, agent_a());
    let b = hina_block(PAGE, agent_b());
    let sources = [
        source(A_FILE, Format::HinaDi, vec![a]),
        source(B_FILE, Format::HinaDi, vec![b]),
    ];
    let winner = |policy: Policy| run(&sources, &policy).feed.entries[0].authorized.clone();
    // B's file before A's agent, which is listed again first later on.
    let policy = both()
        .prefer(&url(B_FILE))
        .prefer(&url("http://a.example/"))
        .prefer(&url(B_FILE));
    assert_eq!(winner(policy), Some(agent_b()));
    // A's agent before B's file, listed again: A.
    let policy = both()
        .prefer(&url("http://a.example/"))
        .prefer(&url(B_FILE))
        .prefer(&url("http://a.example/"));
    assert_eq!(winner(policy), Some(agent_a()));
    // A's file ranks 2, its agent 0; B's agent 1: A, by its agent.
    let policy = both()
        .prefer(&url("http://a.example/"))
        .prefer(&url("http://b.example/"))
        .prefer(&url(A_FILE));
    assert_eq!(winner(policy), Some(agent_a()));
}
