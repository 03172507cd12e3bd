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
         [propagate/untrusted-agent] (HINA-DI §Propagation; HINA-DI 0.6 §8)"
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
