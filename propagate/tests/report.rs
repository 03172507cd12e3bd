//! The report: decisions name their rule, source and entry, and display in
//! one line.

mod common;

use common::*;
use propagate::{Action, Format, Policy, rules};

#[test]
fn decisions_display_action_entry_source_rule_and_section() {
    let p = run(
        &[source(
            "http://a.example/hina.di",
            Format::HinaDi,
            vec![hina_block("http://www.hoge.jp/foo/", agent_b())],
        )],
        &trust_a(),
    );
    let d = only(&p, "propagate/untrusted-agent", Action::Dropped);
    assert_eq!(
        d.to_string(),
        "dropped http://www.hoge.jp/foo/ from http://a.example/hina.di: \
         the authorizing agent `AgentB` <http://b.example/> is not trusted, nor is its source \
         [propagate/untrusted-agent] (HINA-DI §Propagation; HINA-DI 0.6 §8 meta dataの正当性の保証)"
    );
}

#[test]
fn report_filters_by_action_and_rule() {
    let mut untrusted = hina_block("http://x.example/1/", agent_b());
    untrusted.title = Some(String::new());
    let mut kept = hina_block("http://x.example/2/", agent_a());
    kept.title = Some(String::new());
    let p = run(
        &[source(
            "http://a.example/hina.di",
            Format::HinaDi,
            vec![untrusted, kept],
        )],
        &trust_a(),
    );
    assert_eq!(p.report.dropped().count(), 1);
    // Empty title and Source URL of the kept block.
    assert_eq!(p.report.changed().count(), 2);
    assert_eq!(p.report.with_rule("propagate/empty-field").count(), 1);
    assert_eq!(p.report.with_action(Action::Noted).count(), 0);
    assert_eq!((&p.report).into_iter().count(), 3);
}

#[test]
fn rule_ids_are_unique_and_namespaced() {
    let mut ids: Vec<&str> = rules::ALL.iter().map(|r| r.id).collect();
    assert!(ids.iter().all(|id| id.starts_with("propagate/")));
    assert!(rules::ALL.iter().all(|r| !r.spec.is_empty()));
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n);
}

#[test]
fn nothing_in_means_nothing_out() {
    let p = run(&[], &Policy::new());
    assert!(p.feed.entries.is_empty());
    assert!(p.report.is_empty());
}

/// The rule ids of the report, in order.
fn rule_ids(p: &propagate::Propagated) -> Vec<&str> {
    p.report.iter().map(|d| d.rule.id).collect()
}

#[test]
fn an_entry_vouched_for_then_found_stale_reports_only_its_drop() {
    // LIRS §4: detected 9 hours ago, more than 28800 s.
    let lirs = source(
        "http://l.example/lirs.gz",
        Format::Lirs,
        vec![lirs_record("http://www.hoge.jp/foo/", 9 * 3600)],
    )
    .with_agent(agent_a());
    let p = run(&[lirs], &trust_a());
    assert!(p.feed.entries.is_empty());
    assert!(p.origins.is_empty());
    assert_eq!(rule_ids(&p), ["propagate/stale"]);
}

#[test]
fn a_superseded_entry_reports_only_its_drop_and_the_winner_its_changes() {
    // Two RSS items with one link in one source: both are vouched for, the
    // first wins (same freshness and source, earlier in the file).
    let rss = "http://r.example/index.rdf";
    let mut second = rss_item("http://www.hoge.jp/foo/");
    second.title = Some("Second".into());
    let src = source(
        rss,
        Format::Rss2,
        vec![rss_item("http://www.hoge.jp/foo/"), second],
    )
    .with_agent(agent_a());
    let p = run(&[src], &trust_a());
    assert_eq!(p.feed.entries.len(), 1);
    assert_eq!(p.feed.entries[0].title.as_deref(), Some("Item"));
    // The superseded item: one decision, its drop.
    only(&p, "propagate/superseded", Action::Dropped);
    // The winner: vouched for, its Source URL recorded and its missing
    // Method noted, after the drops.
    assert_eq!(
        rule_ids(&p),
        [
            "propagate/superseded",
            "propagate/vouched-by-source",
            "propagate/source-url-recorded",
            "propagate/method-missing",
        ]
    );
    assert_eq!(p.origins.len(), 1);
    assert_eq!(p.origins[0].source.as_str(), rss);
    assert_eq!(p.origins[0].entry_url, "http://www.hoge.jp/foo/");
}

#[test]
fn origins_name_the_source_and_the_url_as_written_of_each_published_entry() {
    let a = "http://a.example/hina.di";
    let b = "http://b.example/hina.di";
    let mut as_written = hina_block("http://WWW.Hoge.JP/bar", agent_a());
    as_written.written = antenna_model::FieldList::from_iter([("URL", "http://WWW.Hoge.JP/bar")]);
    let p = run(
        &[
            source(
                a,
                Format::HinaDi,
                vec![hina_block("http://x.example/1/", agent_a())],
            ),
            source(b, Format::HinaDi, vec![as_written]),
        ],
        &trust_a(),
    );
    let origins: Vec<(&str, &str)> = p
        .origins
        .iter()
        .map(|o| (o.source.as_str(), o.entry_url.as_str()))
        .collect();
    assert_eq!(
        origins,
        [(a, "http://x.example/1/"), (b, "http://WWW.Hoge.JP/bar")]
    );
}
