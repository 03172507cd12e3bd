//! Expiry (HINA-DI §Expires) and LIRS freshness (LIRS 2.1 §3.1, §3.2, §4).

mod common;

use antenna_model::jiff::{SignedDuration, Timestamp};
use common::*;
use propagate::{Action, Format, Policy};

const PAGE: &str = "http://www.hoge.jp/foo/";
const LIRS_FILE: &str = "http://a.example/lirs.gz";

fn lirs(entries: Vec<antenna_model::Entry>) -> propagate::Source {
    source(LIRS_FILE, Format::Lirs, entries).with_agent(agent_a())
}

#[test]
fn expires_before_now_is_dropped_and_at_now_is_kept() {
    let mut expired = hina_block("http://x.example/expired/", agent_a());
    expired.expires = Some(now() - SignedDuration::from_secs(1));
    let mut at_now = hina_block("http://x.example/at-now/", agent_a());
    at_now.expires = Some(now());
    let mut later = hina_block("http://x.example/later/", agent_a());
    later.expires = Some(ago(-1));
    let mut never = hina_block("http://x.example/never/", agent_a());
    never.expires = None;
    let p = run(
        &[source(
            "http://a.example/hina.di",
            Format::HinaDi,
            vec![expired, at_now, later, never],
        )],
        &trust_a(),
    );
    assert_eq!(
        urls(&p),
        [
            "http://x.example/at-now/",
            "http://x.example/later/",
            "http://x.example/never/"
        ]
    );
    let d = only(&p, "propagate/expired", Action::Dropped);
    assert_eq!(d.entry_url, "http://x.example/expired/");
}

#[test]
fn expiry_applies_to_every_format() {
    let mut item = rss_item("http://news.example/1");
    item.expires = Some(ago(10));
    let p = run(
        &[source("http://a.example/index.rdf", Format::Rss2, vec![item]).with_agent(agent_a())],
        &trust_a(),
    );
    assert!(p.feed.entries.is_empty());
    only(&p, "propagate/expired", Action::Dropped);
}

#[test]
fn lirs_records_detected_exactly_28800_s_ago_are_fresh() {
    // LIRS §4: discard records "last detected more than 28800 seconds (8
    // hours) ago". 28800 is not more than 28800.
    let p = run(&[lirs(vec![lirs_record(PAGE, 28800)])], &trust_a());
    assert_eq!(urls(&p), [PAGE]);
    assert!(decisions(&p, "propagate/stale").is_empty());
}

#[test]
fn lirs_records_detected_28801_s_ago_are_stale() {
    let p = run(&[lirs(vec![lirs_record(PAGE, 28801)])], &trust_a());
    assert!(p.feed.entries.is_empty());
    let d = only(&p, "propagate/stale", Action::Dropped);
    assert!(d.detail.contains("28801"), "{}", d.detail);
}

#[test]
fn a_fraction_of_a_second_past_the_limit_is_stale() {
    let mut record = lirs_record(PAGE, 28800);
    record.last_detected = Some(now() - SignedDuration::new(28800, 1));
    let p = run(&[lirs(vec![record])], &trust_a());
    assert!(p.feed.entries.is_empty());
    only(&p, "propagate/stale", Action::Dropped);
}

#[test]
fn a_record_detected_in_the_future_is_not_stale() {
    let p = run(&[lirs(vec![lirs_record(PAGE, -3600)])], &trust_a());
    assert_eq!(urls(&p), [PAGE]);
}

#[test]
fn the_lirs_age_limit_comes_from_the_policy() {
    let mut policy = trust_a();
    policy.lirs_max_age = SignedDuration::from_secs(600);
    let p = run(
        &[lirs(vec![
            lirs_record("http://x.example/1/", 600),
            lirs_record("http://x.example/2/", 601),
        ])],
        &policy,
    );
    assert_eq!(urls(&p), ["http://x.example/1/"]);
    assert_eq!(
        Policy::default().lirs_max_age,
        SignedDuration::from_secs(28800)
    );
}

#[test]
fn staleness_is_a_lirs_rule_only() {
    // HINA-DI and RSS have no such rule: an old detection time is kept.
    let mut block = hina_block(PAGE, agent_a());
    block.last_detected = Some(ago(86400 * 30));
    let mut item = rss_item("http://news.example/1");
    item.last_detected = Some(ago(86400 * 30));
    let p = run(
        &[
            source("http://a.example/hina.di", Format::HinaDi, vec![block]),
            source("http://a.example/index.rdf", Format::Rss2, vec![item]).with_agent(agent_a()),
        ],
        &trust_a(),
    );
    assert_eq!(p.feed.entries.len(), 2);
    assert!(decisions(&p, "propagate/stale").is_empty());
}

#[test]
fn lirs_records_with_unknown_times_are_unusable() {
    // LIRS §3.1/§3.2: on failure the field is zero and "antenna agents
    // SHOULD assume this record is unusable".
    let mut no_modified = lirs_record("http://x.example/no-modified/", 60);
    no_modified.last_modified = None;
    let mut no_detected = lirs_record("http://x.example/no-detected/", 60);
    no_detected.last_detected = None;
    let mut zero_modified = lirs_record("http://x.example/zero-modified/", 60);
    zero_modified.last_modified = Some(Timestamp::UNIX_EPOCH);
    let mut zero_detected = lirs_record("http://x.example/zero-detected/", 60);
    zero_detected.last_detected = Some(Timestamp::UNIX_EPOCH);
    let good = lirs_record("http://x.example/good/", 60);
    let p = run(
        &[lirs(vec![
            no_modified,
            no_detected,
            zero_modified,
            zero_detected,
            good,
        ])],
        &trust_a(),
    );
    assert_eq!(urls(&p), ["http://x.example/good/"]);
    let unusable = decisions(&p, "propagate/unusable");
    assert_eq!(unusable.len(), 4);
    assert!(unusable[0].detail.contains("Last-Modified"));
    assert!(unusable[1].detail.contains("Last-Detected"));
    // An unusable record is not also called stale.
    assert!(decisions(&p, "propagate/stale").is_empty());
}

#[test]
fn unknown_times_are_fine_outside_lirs() {
    let mut block = hina_block(PAGE, agent_a());
    block.last_modified = None;
    block.last_detected = None;
    let p = run(
        &[source(
            "http://a.example/hina.di",
            Format::HinaDi,
            vec![block],
        )],
        &trust_a(),
    );
    assert_eq!(urls(&p), [PAGE]);
}
