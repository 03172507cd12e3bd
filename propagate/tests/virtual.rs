//! `Virtual` blocks (HINA-DI §Virtual): resolution through the caller's
//! resolver, with loop and depth limits.

mod common;

use std::collections::HashMap;

use antenna_model::url::Url;
use antenna_model::{Entry, Feed};
use common::*;
use propagate::{Action, Format, Policy, Propagated, Source, propagate_with_resolver};

const PAGE: &str = "http://www.hoge.jp/foo/";
const SRC: &str = "http://s.example/hina.di";
const VA: &str = "http://va.example/hina.di";
const VB: &str = "http://vb.example/hina.di";

/// A `Virtual` block: URL, Virtual, nothing else.
fn stub(virtual_url: &str) -> Entry {
    let mut e = Entry::new(url(PAGE));
    e.virtual_url = Some(url(virtual_url));
    e
}

fn file(entries: Vec<Entry>) -> Feed {
    let mut f = Feed::new();
    f.entries = entries;
    f
}

/// A resolver over fixed files that counts its calls.
struct Files {
    files: HashMap<String, Feed>,
    calls: Vec<String>,
}

impl Files {
    fn new(files: &[(&str, Feed)]) -> Self {
        Files {
            files: files
                .iter()
                .map(|(u, f)| (u.to_string(), f.clone()))
                .collect(),
            calls: Vec::new(),
        }
    }
}

impl propagate::VirtualResolver for Files {
    fn resolve(&mut self, url: &Url) -> Option<Feed> {
        self.calls.push(url.to_string());
        self.files.get(url.as_str()).cloned()
    }
}

fn run_with(sources: &[Source], policy: &Policy, files: &mut Files) -> Propagated {
    propagate_with_resolver(sources, policy, &me(), now(), files)
}

fn src(entries: Vec<Entry>) -> Source {
    source(SRC, Format::HinaDi, entries)
}

fn details(p: &Propagated, rule_id: &str) -> Vec<String> {
    decisions(p, rule_id)
        .iter()
        .map(|d| d.detail.clone())
        .collect()
}

#[test]
fn without_a_resolver_a_virtual_block_keeps_its_virtual_url() {
    let mut block = hina_block(PAGE, agent_a());
    block.virtual_url = Some(url(VA));
    let p = run(&[src(vec![block])], &trust_a());
    assert_eq!(p.feed.entries[0].virtual_url, Some(url(VA)));
    assert!(decisions(&p, "propagate/virtual-resolved").is_empty());
    assert!(decisions(&p, "propagate/virtual-unresolved").is_empty());
}

#[test]
fn a_stub_is_replaced_whole_by_the_block_its_file_holds() {
    let mut real = hina_block(PAGE, agent_a());
    real.title = Some("Real".into());
    let mut files = Files::new(&[(
        VA,
        file(vec![
            hina_block("http://other.example/", agent_a()),
            real.clone(),
        ]),
    )]);
    let p = run_with(&[src(vec![stub(VA)])], &trust_a(), &mut files);
    assert_eq!(files.calls, [VA]);
    let e = &p.feed.entries[0];
    assert_eq!(e.title.as_deref(), Some("Real"));
    assert_eq!(e.authorized, Some(agent_a()));
    assert_eq!(e.virtual_url, None, "the block in VA is not Virtual itself");
    assert_eq!(e.method.as_ref().unwrap().to_string(), "REMOTE/GET/200");
    // It came from VA, which the Source URL records.
    assert_eq!(e.source_url, Some(url(VA)));
    let d = only(&p, "propagate/virtual-resolved", Action::Changed);
    assert_eq!(d.source.as_str(), SRC);
    assert_eq!(d.entry_url, PAGE);
    assert!(
        d.detail.contains(VA) && d.detail.contains("depth 1"),
        "{}",
        d.detail
    );
}

#[test]
fn the_block_is_found_by_url_key() {
    let real = hina_block("HTTP://WWW.HOGE.JP/foo/", agent_a());
    let mut files = Files::new(&[(VA, file(vec![real]))]);
    let p = run_with(&[src(vec![stub(VA)])], &trust_a(), &mut files);
    only(&p, "propagate/virtual-resolved", Action::Changed);
    assert_eq!(p.feed.entries[0].authorized, Some(agent_a()));
}

#[test]
fn each_file_is_asked_for_once() {
    let mut s2 = stub(VA);
    s2.url = url("http://www.hoge.jp/bar/");
    let mut files = Files::new(&[(
        VA,
        file(vec![
            hina_block(PAGE, agent_a()),
            hina_block("http://www.hoge.jp/bar/", agent_a()),
        ]),
    )]);
    let p = run_with(&[src(vec![stub(VA), s2])], &trust_a(), &mut files);
    assert_eq!(files.calls, [VA]);
    assert_eq!(p.feed.entries.len(), 2);
}

#[test]
fn the_resolved_block_is_judged_not_the_stub() {
    // The stub names no agent, the resolved block an untrusted one.
    let mut files = Files::new(&[(VA, file(vec![hina_block(PAGE, agent_b())]))]);
    let p = run_with(&[src(vec![stub(VA)])], &trust_a(), &mut files);
    assert!(p.feed.entries.is_empty());
    // Resolved, then dropped: only the drop is reported, since nothing of
    // the block is published.
    assert!(decisions(&p, "propagate/virtual-resolved").is_empty());
    only(&p, "propagate/untrusted-agent", Action::Dropped);
    assert_eq!(p.report.iter().count(), 1, "{:#?}", p.report);
}

#[test]
fn the_virtual_file_or_the_block_s_own_agent_trusts_the_resolved_block() {
    // Trust is judged on the block as read from its own file: trusting
    // that file, or the agent that authorized the block, publishes it.
    let files = || Files::new(&[(VA, file(vec![hina_block(PAGE, agent_b())]))]);
    for policy in [
        Policy::new().trust_source(&url(VA)),
        Policy::new().trust_agent(&url("http://b.example/")),
    ] {
        let p = run_with(&[src(vec![stub(VA)])], &policy, &mut files());
        assert_eq!(urls(&p), [PAGE], "{policy:?}");
    }
}

#[test]
fn trusting_the_stub_s_source_does_not_trust_a_block_it_pulls_in() {
    // HINA-DI §Propagation: "Propagating MUST only be performed if both
    // fields are defined and if the user agent is trusted." Source SRC is
    // trusted; its Virtual stub names VA, where untrusted agent B authorized
    // the block. Read from VA directly it would be dropped; through the
    // stub it must be too.
    let mut files = Files::new(&[(VA, file(vec![hina_block(PAGE, agent_b())]))]);
    let p = run_with(
        &[src(vec![stub(VA)])],
        &Policy::new().trust_source(&url(SRC)),
        &mut files,
    );
    assert!(p.feed.entries.is_empty(), "{:#?}", p.feed.entries);
    only(&p, "propagate/untrusted-agent", Action::Dropped);
}

#[test]
fn a_failed_fetch_leaves_the_block_as_it_is() {
    let mut block = hina_block(PAGE, agent_a());
    block.virtual_url = Some(url(VA));
    let mut files = Files::new(&[]);
    let p = run_with(&[src(vec![block])], &trust_a(), &mut files);
    assert_eq!(files.calls, [VA]);
    assert_eq!(p.feed.entries[0].virtual_url, Some(url(VA)));
    let d = only(&p, "propagate/virtual-unresolved", Action::Noted);
    assert!(d.detail.contains("could not be fetched"), "{}", d.detail);
}

#[test]
fn a_file_without_the_block_leaves_the_block_as_it_is() {
    let mut block = hina_block(PAGE, agent_a());
    block.virtual_url = Some(url(VA));
    let mut files = Files::new(&[(
        VA,
        file(vec![hina_block("http://other.example/", agent_a())]),
    )]);
    let p = run_with(&[src(vec![block])], &trust_a(), &mut files);
    assert_eq!(p.feed.entries[0].virtual_url, Some(url(VA)));
    let d = only(&p, "propagate/virtual-unresolved", Action::Noted);
    assert!(d.detail.contains("holds no block"), "{}", d.detail);
}

#[test]
fn a_loop_a_b_a_stops_and_is_reported() {
    // VA's block points at VB, VB's back at VA.
    let mut in_a = hina_block(PAGE, agent_a());
    in_a.virtual_url = Some(url(VB));
    in_a.title = Some("in A".into());
    let mut in_b = hina_block(PAGE, agent_a());
    in_b.virtual_url = Some(url(VA));
    in_b.title = Some("in B".into());
    let mut files = Files::new(&[(VA, file(vec![in_a])), (VB, file(vec![in_b]))]);
    let p = run_with(&[src(vec![stub(VA)])], &trust_a(), &mut files);
    assert_eq!(files.calls, [VA, VB]);
    // The last block reached propagates, its Virtual URL kept.
    let e = &p.feed.entries[0];
    assert_eq!(e.title.as_deref(), Some("in B"));
    assert_eq!(e.virtual_url, Some(url(VA)));
    assert_eq!(e.source_url, Some(url(VB)));
    let resolved = details(&p, "propagate/virtual-resolved");
    assert_eq!(resolved.len(), 2);
    assert!(resolved[0].contains("depth 1") && resolved[1].contains("depth 2"));
    let d = only(&p, "propagate/virtual-unresolved", Action::Noted);
    assert!(
        d.detail.contains("loop") && d.detail.contains(VA),
        "{}",
        d.detail
    );
}

#[test]
fn a_block_pointing_at_its_own_source_is_a_loop() {
    let mut block = hina_block(PAGE, agent_a());
    block.virtual_url = Some(url(SRC));
    let mut files = Files::new(&[]);
    let p = run_with(&[src(vec![block])], &trust_a(), &mut files);
    assert!(files.calls.is_empty());
    assert_eq!(urls(&p), [PAGE]);
    assert!(
        only(&p, "propagate/virtual-unresolved", Action::Noted)
            .detail
            .contains("loop")
    );
}

/// `n` files v0 .. v(n-1), each holding a block for PAGE whose `Virtual`
/// names the next; the last names `last`.
fn long_chain(n: usize, last: impl Fn(usize) -> String) -> Vec<(String, Feed)> {
    let name = |i: usize| format!("http://v{i}.example/hina.di");
    (0..n)
        .map(|i| {
            let mut b = hina_block(PAGE, agent_a());
            let next = if i + 1 < n { name(i + 1) } else { last(n) };
            b.virtual_url = Some(url(&next));
            b.title = Some(format!("in v{i}"));
            (name(i), file(vec![b]))
        })
        .collect()
}

fn files_of(files: &[(String, Feed)]) -> Files {
    let refs: Vec<(&str, Feed)> = files.iter().map(|(u, f)| (u.as_str(), f.clone())).collect();
    Files::new(&refs)
}

/// Files v0 .. v9, each holding a block for PAGE that points at the next.
fn chain() -> Files {
    files_of(&long_chain(10, |n| format!("http://v{n}.example/hina.di")))
}

#[test]
fn resolution_stops_at_the_default_depth_of_four() {
    let mut files = chain();
    let p = run_with(
        &[src(vec![stub("http://v1.example/hina.di")])],
        &trust_a(),
        &mut files,
    );
    assert_eq!(files.calls.len(), 4);
    assert_eq!(p.feed.entries[0].title.as_deref(), Some("in v4"));
    assert_eq!(
        p.feed.entries[0].virtual_url,
        Some(url("http://v5.example/hina.di"))
    );
    assert_eq!(decisions(&p, "propagate/virtual-resolved").len(), 4);
    let d = only(&p, "propagate/virtual-unresolved", Action::Noted);
    assert!(d.detail.contains("depth limit of 4"), "{}", d.detail);
}

#[test]
fn the_depth_comes_from_the_policy() {
    let mut files = chain();
    let p = run_with(
        &[src(vec![stub("http://v1.example/hina.di")])],
        &trust_a().max_virtual_depth(2),
        &mut files,
    );
    assert_eq!(files.calls.len(), 2);
    assert_eq!(p.feed.entries[0].title.as_deref(), Some("in v2"));

    // Depth 0 never asks the resolver; the stub has no agent and is
    // dropped, which is all that is reported of it (the note that its
    // Virtual was not followed goes with it).
    let mut files = chain();
    let p = run_with(
        &[src(vec![stub("http://v1.example/hina.di")])],
        &trust_a().max_virtual_depth(0),
        &mut files,
    );
    assert!(files.calls.is_empty());
    assert!(p.feed.entries.is_empty());
    only(&p, "propagate/missing-authorized", Action::Dropped);
    assert_eq!(p.report.iter().count(), 1, "{:#?}", p.report);

    // Published, the stub keeps the note.
    let mut files = chain();
    let mut block = hina_block(PAGE, agent_a());
    block.virtual_url = Some(url("http://v1.example/hina.di"));
    let p = run_with(
        &[src(vec![block])],
        &trust_a().max_virtual_depth(0),
        &mut files,
    );
    assert_eq!(urls(&p), [PAGE]);
    only(&p, "propagate/virtual-unresolved", Action::Noted);
}

#[test]
fn a_closure_is_a_resolver() {
    let mut calls = 0;
    let mut resolver = |u: &Url| {
        calls += 1;
        (u.as_str() == VA).then(|| file(vec![hina_block(PAGE, agent_a())]))
    };
    let p = propagate_with_resolver(
        &[src(vec![stub(VA)])],
        &trust_a(),
        &me(),
        now(),
        &mut resolver,
    );
    assert_eq!(calls, 1);
    assert_eq!(urls(&p), [PAGE]);
}

#[test]
fn a_file_with_two_blocks_for_the_url_gives_the_first() {
    let mut first = hina_block(PAGE, agent_a());
    first.title = Some("first".into());
    let mut second = hina_block("HTTP://www.hoge.jp/foo/", agent_a());
    second.title = Some("second".into());
    let mut files = Files::new(&[(VA, file(vec![first, second]))]);
    let p = run_with(&[src(vec![stub(VA)])], &trust_a(), &mut files);
    assert_eq!(p.feed.entries[0].title.as_deref(), Some("first"));
}

#[test]
fn no_policy_follows_more_than_the_maximum_depth() {
    // Issue #28: a policy could ask for any depth, and a stub then walked
    // the whole of a chain of any length. A 1,000-file chain is followed
    // 64 files deep, and the note says the policy asked for more.
    let asked = 1_000_000;
    let policy = trust_a().max_virtual_depth(asked);
    assert_eq!(
        policy.effective_virtual_depth(),
        propagate::MAX_VIRTUAL_DEPTH
    );
    assert_eq!(trust_a().max_virtual_depth(7).effective_virtual_depth(), 7);
    let chain = long_chain(1_000, |n| format!("http://v{n}.example/hina.di"));
    let mut files = files_of(&chain);
    let p = run_with(
        &[src(vec![stub("http://v0.example/hina.di")])],
        &policy,
        &mut files,
    );
    assert_eq!(files.calls.len(), 64);
    assert_eq!(p.feed.entries[0].title.as_deref(), Some("in v63"));
    assert_eq!(decisions(&p, "propagate/virtual-resolved").len(), 64);
    let d = only(&p, "propagate/virtual-unresolved", Action::Noted);
    assert!(
        d.detail.contains("depth limit of 64") && d.detail.contains("the policy asks for 1000000"),
        "{}",
        d.detail
    );
}

#[test]
fn a_policy_within_the_maximum_is_followed_as_it_asks() {
    // At exactly the maximum, the note is the plain one.
    let chain = long_chain(100, |n| format!("http://v{n}.example/hina.di"));
    let mut files = files_of(&chain);
    let p = run_with(
        &[src(vec![stub("http://v0.example/hina.di")])],
        &trust_a().max_virtual_depth(propagate::MAX_VIRTUAL_DEPTH),
        &mut files,
    );
    assert_eq!(files.calls.len(), 64);
    let d = only(&p, "propagate/virtual-unresolved", Action::Noted);
    assert!(
        d.detail.ends_with("depth limit of 64 was reached"),
        "{}",
        d.detail
    );
}

/// `n` files in a loop back to the first, each also given as a source.
fn loop_of_sources(n: usize) -> (Vec<Source>, Files) {
    let chain = long_chain(n, |_| "http://v0.example/hina.di".to_owned());
    let sources = chain
        .iter()
        .map(|(u, f)| Source::new(url(u), Format::HinaDi, f.clone()))
        .collect();
    (sources, files_of(&chain))
}

#[test]
fn a_loop_of_many_files_each_a_source_asks_each_file_once() {
    // Issue #28: 1,000 files in a loop, each also a source whose block
    // walks the loop; each walk used to go round the whole loop (999
    // steps, each checked against every file visited before it: 5 * 10^8
    // comparisons).
    // Now each file is fetched once for the whole run, each walk stops at
    // the maximum depth, and the winner reports its 64 steps.
    let n = 1_000;
    let (sources, mut files) = loop_of_sources(n);
    let p = run_with(
        &sources,
        &trust_a().max_virtual_depth(usize::MAX),
        &mut files,
    );
    let mut asked = files.calls.clone();
    asked.sort();
    asked.dedup();
    assert_eq!(asked.len(), n, "every file of the loop is reached");
    assert_eq!(files.calls.len(), n, "and asked for once");
    // The first source wins (all equally fresh); its walk from v0 went
    // v1 .. v64.
    assert_eq!(urls(&p), [PAGE]);
    assert_eq!(p.feed.entries[0].title.as_deref(), Some("in v64"));
    assert_eq!(decisions(&p, "propagate/virtual-resolved").len(), 64);
    assert_eq!(decisions(&p, "propagate/superseded").len(), n - 1);
}

#[test]
fn a_short_loop_through_the_source_still_stops_at_the_source() {
    // The visited set counts the source: v0 -> v1 -> v2 -> v0 stops before
    // v0, with the loop note, whatever depth the policy allows.
    let chain = long_chain(3, |_| "http://v0.example/hina.di".to_owned());
    let mut files = files_of(&chain);
    let source = Source::new(url("http://v0.example/hina.di"), Format::HinaDi, {
        let mut f = Feed::new();
        f.entries = vec![stub("http://v1.example/hina.di")];
        f
    });
    let p = run_with(
        &[source],
        &trust_a().max_virtual_depth(usize::MAX),
        &mut files,
    );
    assert_eq!(
        files.calls,
        ["http://v1.example/hina.di", "http://v2.example/hina.di"]
    );
    assert_eq!(p.feed.entries[0].title.as_deref(), Some("in v2"));
    let d = only(&p, "propagate/virtual-unresolved", Action::Noted);
    assert!(d.detail.contains("loop"), "{}", d.detail);
}

#[test]
fn the_winner_s_steps_are_reported_in_order_before_its_rewrites() {
    // A stub's steps are walked again when it is published, not held
    // while the blocks are compared: the report must still give the
    // winner's walk step by step (each file named as the block before it
    // wrote it, with its depth), then the stop, then its rewrites; the
    // losers' walks give nothing but their drop.
    let n = 100;
    let (sources, mut files) = loop_of_sources(n);
    let p = run_with(&sources, &trust_a().max_virtual_depth(64), &mut files);
    let winner: Vec<String> = p
        .report
        .iter()
        .filter(|d| d.rule.id != "propagate/superseded")
        .filter(|d| d.source.as_str() == "http://v0.example/hina.di" && !d.entry_url.is_empty())
        .map(|d| format!("{} {}", d.rule.id, d.detail))
        .collect();
    let mut expected: Vec<String> = (1..=64)
        .map(|i| {
            format!(
                "propagate/virtual-resolved replaced whole by the block in Virtual \
                 http://v{i}.example/hina.di (depth {i})"
            )
        })
        .collect();
    expected.push(
        "propagate/virtual-unresolved Virtual http://v65.example/hina.di not followed: the \
         depth limit of 64 was reached"
            .to_owned(),
    );
    expected.push(
        "propagate/source-url-recorded Source URL set to the file it was read from, \
         http://v64.example/hina.di"
            .to_owned(),
    );
    assert_eq!(winner, expected);
    let virtual_steps = p
        .report
        .iter()
        .filter(|d| d.rule.id.starts_with("propagate/virtual-"))
        .count();
    assert_eq!(virtual_steps, 65, "only the winner's walk is reported");
}

/// A resolver that lends the files it holds (as a merge lends its
/// sources), counting what it lent.
struct Shared(std::sync::Arc<Feed>);

impl propagate::VirtualResolver for Shared {
    fn resolve(&mut self, _: &Url) -> Option<Feed> {
        unreachable!("the run asks for the shared file")
    }

    fn resolve_shared(&mut self, _: &Url) -> Option<std::sync::Arc<Feed>> {
        Some(std::sync::Arc::clone(&self.0))
    }
}

/// Issue #28: stubs in many sources naming one file held its blocks once
/// per stub (the file copied by the resolver, then the block reached
/// copied into each candidate); now the run shares the file the resolver
/// lends, and copies a block only when it is published.
#[test]
fn the_blocks_a_virtual_file_lends_are_shared_until_published() {
    let va = std::sync::Arc::new(file(vec![hina_block(PAGE, agent_a())]));
    let mut resolver = Shared(std::sync::Arc::clone(&va));
    let policy = trust_a();
    let mut run = propagate::Propagation::new(&policy, now());
    for i in 0..100 {
        let source = source(
            &format!("http://s{i}.example/hina.di"),
            Format::HinaDi,
            vec![],
        );
        let (id, _) = run.add_source(&source);
        run.admit_resolving(id, stub(VA), &mut resolver).unwrap();
    }
    // Ours, the resolver's, and the run's: no copy per stub.
    assert!(
        std::sync::Arc::strong_count(&va) > 100,
        "the 100 candidates share the file: {}",
        std::sync::Arc::strong_count(&va)
    );
    let published = run.finish(&me());
    assert_eq!(urls(&published), [PAGE]);
    assert_eq!(published.feed.entries[0].authorized, Some(agent_a()));
    assert_eq!(
        decisions(&published, "propagate/superseded").len(),
        99,
        "one block for the URL wins, the others are superseded"
    );
    assert_eq!(
        std::sync::Arc::strong_count(&va),
        2,
        "ours and the resolver's"
    );
}
