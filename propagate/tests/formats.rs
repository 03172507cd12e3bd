//! Across formats: LIRS records and RSS items propagate next to HINA-DI
//! blocks, into one feed any writer can take.

mod common;

use antenna_model::MethodChain;
use antenna_model::jiff::tz::Offset;
use common::*;
use propagate::{Action, Format};

const LIRS_FILE: &str = "http://amano.haun.org/lirs.gz";
const RSS_FILE: &str = "http://news.example/index.rss";
const HINA_FILE: &str = "http://a.example/hina.di";

#[test]
fn a_lirs_record_propagates_with_every_lirs_field() {
    let record = lirs_record("http://hiya.ouchi.to/n/", 1800);
    let src = source(LIRS_FILE, Format::Lirs, vec![record.clone()]).with_agent(agent_a());
    let p = run(&[src], &trust_a().keep_extensions(true));
    let e = &p.feed.entries[0];
    assert_eq!(e.last_modified, record.last_modified);
    assert_eq!(e.last_detected, record.last_detected);
    assert_eq!(e.site_offset, Some(Offset::from_seconds(32400).unwrap()));
    assert_eq!(e.content_length, Some(49383));
    assert_eq!(e.title.as_deref(), Some("Tadayo Memories"));
    assert_eq!(e.author.as_deref(), Some("Hiya"));
    assert_eq!(
        e.extensions,
        antenna_model::FieldList::from_iter([("lirs:extension", "blah blah")])
    );
    // Written as LIRS, the record says where it came from ...
    assert_eq!(e.source_url, Some(url(LIRS_FILE)));
    // ... and written as HINA-DI, who vouches for it. LIRS says nothing
    // of how it was retrieved, and a bare REMOTE (no result code) is no
    // Method chain of HINA-DI §Method: none is made up.
    assert_eq!(e.authorized, Some(agent_a()));
    assert_eq!(e.method, None);
    let rules: Vec<&str> = p.report.iter().map(|d| d.rule.id).collect();
    assert_eq!(
        rules,
        [
            "propagate/vouched-by-source",
            "propagate/source-url-recorded",
            "propagate/method-missing"
        ]
    );
}

#[test]
fn an_rss_item_propagates_without_lirs_freshness_rules() {
    let item = rss_item("http://news.example/2002/09/07/1.html");
    let src = source(RSS_FILE, Format::Rss2, vec![item.clone()]).with_agent(agent_a());
    let p = run(&[src], &trust_a());
    let e = &p.feed.entries[0];
    assert_eq!(e.title, item.title);
    assert_eq!(e.last_modified, item.last_modified);
    assert_eq!(e.last_detected, None);
    assert_eq!(e.keywords, ["news"]);
    assert_eq!(e.source_url, Some(url(RSS_FILE)));
}

#[test]
fn three_formats_merge_into_one_feed() {
    let page = "http://www.hoge.jp/diary/";
    // The HINA-DI block is fresher than the LIRS record for the same page;
    // the RSS item is about another page.
    let mut block = hina_block(page, agent_b());
    block.last_detected = Some(ago(60));
    let record = lirs_record(page, 1800);
    let item = rss_item("http://news.example/1");
    let p = run(
        &[
            source(LIRS_FILE, Format::Lirs, vec![record]).with_agent(agent_a()),
            source(HINA_FILE, Format::HinaDi, vec![block]),
            source(RSS_FILE, Format::Rss2, vec![item]).with_agent(agent_a()),
        ],
        &trust_a().trust_agent(&url("http://b.example/")),
    );
    assert_eq!(urls(&p), [page, "http://news.example/1"]);
    let e = &p.feed.entries[0];
    assert_eq!(e.authorized, Some(agent_b()));
    assert_eq!(
        e.method,
        Some(MethodChain::parse("REMOTE/GET/200").unwrap())
    );
    // Nothing of the LIRS record leaked into the winning block.
    assert_eq!(e.content_length, None);
    assert_eq!(e.site_offset, None);
    let d = only(&p, "propagate/superseded", Action::Dropped);
    assert_eq!(d.source.as_str(), LIRS_FILE);
}

#[test]
fn an_rss_feed_header_is_not_propagated() {
    let mut src = source(
        RSS_FILE,
        Format::Rss2,
        vec![rss_item("http://news.example/1")],
    )
    .with_agent(agent_a());
    src.feed.title = Some("News".into());
    src.feed.link = Some(url("http://news.example/"));
    src.feed.description = Some("All the news".into());
    src.feed.agent = Some(agent("Generator/1.0", "http://gen.example/"));
    let p = run(&[src], &trust_a());
    assert_eq!(p.feed.title, None);
    assert_eq!(p.feed.link, None);
    assert_eq!(p.feed.description, None);
    assert_eq!(p.feed.agent, Some(me().agent));
    let d = only(&p, "propagate/header-not-propagated", Action::Dropped);
    assert!(d.detail.starts_with("the RSS 2.0 header"), "{}", d.detail);
    // The feed's generator does not vouch: only the caller-given agent does.
    assert_eq!(p.feed.entries[0].authorized, Some(agent_a()));
}

#[test]
fn a_lirs_record_publishes_its_url_as_written() {
    // HINA-DI §Propagation: defined fields "MUST be reproduced without
    // modification". The LIRS reader keeps a URL whose text is not the
    // normalised one as the entry's written URL field.
    let written = "http://WWW.HOGE.JP/foo";
    let mut record = lirs_record(written, 1800);
    record.written = antenna_model::FieldList::from_iter([("URL", written)]);
    // A blank title is still dropped: the record's fields as written are
    // only its URL, not a block.
    record.title = Some(" ".into());
    let src = source(LIRS_FILE, Format::Lirs, vec![record]).with_agent(agent_a());
    let p = run(&[src], &trust_a());
    // The normalised URL is the entry's identity ...
    assert_eq!(urls(&p), ["http://www.hoge.jp/foo"]);
    // ... the text as written is what decisions name and what is published.
    assert!(
        p.report.iter().all(|d| d.entry_url == written),
        "{:#?}",
        p.report
    );
    assert_eq!(p.origins[0].entry_url, written);
    only(&p, "propagate/empty-field", Action::Changed);
    let hina = hina_di::from_feed(&p.feed).document;
    let block = hina.entity_blocks().next().unwrap();
    let pairs: Vec<(&str, &str)> = block.pairs().collect();
    assert_eq!(pairs[0], ("URL", written));
    assert!(!pairs.iter().any(|(name, _)| *name == "Title"), "{pairs:?}");
}
