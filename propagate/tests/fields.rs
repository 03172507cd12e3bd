//! What happens to the fields of a block that propagates.

mod common;

use antenna_model::MethodChain;
use antenna_model::jiff::tz::Offset;
use common::*;
use propagate::{Action, Format};

const PAGE: &str = "http://www.hoge.jp/foo/";
const FILE: &str = "http://a.example/hina.di";

#[test]
fn defined_fields_are_reproduced_unchanged() {
    // HINA-DI §Propagation: all defined fields "MUST be reproduced without
    // modification" (Method and, here, the Source URL excepted).
    let mut block = hina_block(PAGE, agent_a());
    block.author = Some("Hoge".into());
    block.generated = Some(ago(300));
    block.content_type = Some("text/html; charset=EUC-JP".into());
    block.expires = Some(ago(-86400));
    block.keywords = vec!["diary".into(), "日記".into()];
    block.server = Some("Apache/1.3.26".into());
    block.image_width = Some(640);
    block.image_height = Some(480);
    block.site_offset = Some(Offset::from_seconds(32400).unwrap());
    block.content_length = Some(1234);
    block.source_url = Some(url("http://origin.example/hina.di"));
    let p = run(
        &[source(FILE, Format::HinaDi, vec![block.clone()])],
        &trust_a(),
    );
    let mut expected = block;
    expected.method = Some(MethodChain::parse("REMOTE/GET/200").unwrap());
    assert_eq!(p.feed.entries, [expected]);
    assert!(p.report.is_empty(), "{:#?}", p.report);
}

#[test]
fn empty_fields_are_dropped_and_reported() {
    // "... with the exception of ... fields with empty values".
    let mut block = hina_block(PAGE, agent_a());
    block.title = Some(String::new());
    block.author = Some("  ".into());
    block.server = Some("\t".into());
    block.content_type = Some("text/html".into());
    block.keywords = vec!["a".into(), String::new(), "b".into(), " ".into()];
    let p = run(&[source(FILE, Format::HinaDi, vec![block])], &trust_a());
    let e = &p.feed.entries[0];
    assert_eq!(e.title, None);
    assert_eq!(e.author, None);
    assert_eq!(e.server, None);
    assert_eq!(e.content_type.as_deref(), Some("text/html"));
    assert_eq!(e.keywords, ["a", "b"]);
    let empty = decisions(&p, "propagate/empty-field");
    // Title, Author-Name, Server, and one decision for the two keywords.
    assert_eq!(empty.len(), 4, "{empty:#?}");
    assert!(empty.iter().all(|d| d.action == Action::Changed));
    assert!(empty[0].detail.contains("Title"));
}

#[test]
fn extensions_are_dropped_by_default() {
    // Rev. 0.6 §9.2: agent B "does not output them", so [hina-di B] has no
    // experimental or undefined field of [hina-di A].
    let mut block = hina_block(PAGE, agent_a());
    block.extensions =
        antenna_model::FieldList::from_iter([("X-WDB-Title", "wdb"), ("Unknown-Field", "u")]);
    let p = run(&[source(FILE, Format::HinaDi, vec![block])], &trust_a());
    assert!(p.feed.entries[0].extensions.is_empty());
    let dropped = decisions(&p, "propagate/extension-dropped");
    assert_eq!(dropped.len(), 2);
    assert!(dropped[0].detail.contains("X-WDB-Title"));
    assert!(dropped[1].detail.contains("Unknown-Field"));
    assert!(dropped.iter().all(|d| d.action == Action::Changed));
}

#[test]
fn extensions_are_kept_when_the_policy_says_so() {
    let mut block = hina_block(PAGE, agent_a());
    block.extensions =
        antenna_model::FieldList::from_iter([("X-WDB-Title", "wdb"), ("X-Empty", "")]);
    let p = run(
        &[source(FILE, Format::HinaDi, vec![block])],
        &trust_a().keep_extensions(true),
    );
    assert_eq!(
        p.feed.entries[0].extensions,
        antenna_model::FieldList::from_iter([("X-WDB-Title", "wdb")])
    );
    assert!(decisions(&p, "propagate/extension-dropped").is_empty());
    // An empty one is still an empty field.
    assert!(
        only(&p, "propagate/empty-field", Action::Changed)
            .detail
            .contains("X-Empty")
    );
}

#[test]
fn method_gains_one_remote_hop_at_the_front() {
    // §Method example: REMOTE/REMOTE/GET/200, each propagation adds REMOTE.
    let mut block = hina_block(PAGE, agent_a());
    block.method = Some(MethodChain::parse("REMOTE/HEAD/304").unwrap());
    let p = run(&[source(FILE, Format::HinaDi, vec![block])], &trust_a());
    let method = p.feed.entries[0].method.as_ref().unwrap();
    assert_eq!(method.to_string(), "REMOTE/REMOTE/HEAD/304");
    assert_eq!(method.hops(), 2);
    assert!(decisions(&p, "propagate/method-missing").is_empty());
}

#[test]
fn a_chain_outside_the_grammar_is_not_published_and_is_reported() {
    // §Method: `method-type *(SLASH method-type) (SLASH result-code)`, the
    // types GET, HEAD, FILE, REMOTE. `REMOTE/RSS/GET2` would be no chain
    // of the grammar (unknown types, no result code).
    let mut block = hina_block(PAGE, agent_a());
    block.method = Some(MethodChain::parse("RSS/GET2").unwrap());
    let p = run(&[source(FILE, Format::HinaDi, vec![block])], &trust_a());
    assert_eq!(urls(&p), [PAGE]);
    assert_eq!(p.feed.entries[0].method, None);
    let d = only(&p, "propagate/method-unusable", Action::Changed);
    assert!(d.detail.contains("RSS/GET2"), "{}", d.detail);
}

#[test]
fn a_block_without_method_is_published_without_one_and_noted() {
    // A bare `REMOTE` has no result code, which §Method's grammar requires
    // and which no one knows: the block is published with no Method.
    let mut block = hina_block(PAGE, agent_a());
    block.method = None;
    let p = run(&[source(FILE, Format::HinaDi, vec![block])], &trust_a());
    assert_eq!(urls(&p), [PAGE]);
    assert_eq!(p.feed.entries[0].method, None);
    only(&p, "propagate/method-missing", Action::Noted);
}

#[test]
fn an_append_style_chain_is_read_in_the_spec_order_and_reported() {
    // Real writers appended their hop: GET/200/REMOTE. The spec's example
    // REMOTE/REMOTE/GET/200 puts hops in front and the result code last.
    let mut block = hina_block(PAGE, agent_a());
    block.method = Some(MethodChain::parse("GET/200/REMOTE").unwrap());
    let p = run(&[source(FILE, Format::HinaDi, vec![block])], &trust_a());
    let method = p.feed.entries[0].method.as_ref().unwrap();
    assert_eq!(method.to_string(), "REMOTE/REMOTE/GET/200");
    assert!(MethodChain::parse_strict(&method.to_string()).is_ok());
    let d = only(&p, "propagate/method-append-style", Action::Changed);
    assert!(d.detail.contains("GET/200/REMOTE"), "{}", d.detail);
}

#[test]
fn the_source_url_records_the_file_read_from() {
    // LIRS §3.8: for an aggregator, "this could be the URL of each LIRS
    // file".
    let block = hina_block(PAGE, agent_a());
    let p = run(&[source(FILE, Format::HinaDi, vec![block])], &trust_a());
    assert_eq!(p.feed.entries[0].source_url, Some(url(FILE)));
    let d = only(&p, "propagate/source-url-recorded", Action::Changed);
    assert_eq!(d.entry_url, PAGE);
}

#[test]
fn an_existing_source_url_is_kept() {
    let mut block = hina_block(PAGE, agent_a());
    block.source_url = Some(url("http://amano.haun.org/"));
    let p = run(&[source(FILE, Format::HinaDi, vec![block])], &trust_a());
    assert_eq!(
        p.feed.entries[0].source_url,
        Some(url("http://amano.haun.org/"))
    );
    assert!(decisions(&p, "propagate/source-url-recorded").is_empty());
}

#[test]
fn propagating_twice_adds_two_hops_and_keeps_the_first_source() {
    let a_file = source(FILE, Format::HinaDi, vec![hina_block(PAGE, agent_a())]);
    let b = run(&[a_file], &trust_a());
    let mut b_file = source("http://b.example/hina.di", Format::HinaDi, vec![]);
    b_file.feed = b.feed;
    let c = run(&[b_file], &trust_a());
    let e = &c.feed.entries[0];
    assert_eq!(
        e.method.as_ref().unwrap().to_string(),
        "REMOTE/REMOTE/GET/200"
    );
    assert_eq!(e.source_url, Some(url(FILE)));
    assert_eq!(e.authorized, Some(agent_a()));
}

/// A HINA-DI block as read, with `n` extension fields `X-F0: value` ..
/// after its defined fields, each written and parsed.
fn block_with_extensions(n: usize, value: &str) -> antenna_model::Entry {
    let mut block = hina_block(PAGE, agent_a());
    block.written = antenna_model::FieldList::from_iter([
        ("URL", PAGE),
        ("Title", "Page"),
        ("Authorized", "AgentA"),
        ("Authorized-url", "http://a.example/"),
        ("Method", "GET/200"),
    ]);
    for i in 0..n {
        let name = format!("X-F{i}");
        block.written.push(&name, value);
        block.extensions.push(&name, value);
    }
    block
}

#[test]
fn a_block_of_100_000_extensions_drops_them_in_one_pass() {
    // Issue #28: each dropped extension was removed from the fields as
    // written by a pass over all of them, 10^10 comparisons here (minutes);
    // one pass is a blink. Each is still reported, in block order.
    let n = 100_000;
    let block = block_with_extensions(n, "v");
    let p = run(&[source(FILE, Format::HinaDi, vec![block])], &trust_a());
    let e = &p.feed.entries[0];
    assert!(e.extensions.is_empty());
    let names: Vec<&str> = e.written.iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        ["URL", "Title", "Authorized", "Authorized-url", "Method"]
    );
    // Issue #28: the first 1,000 are reported one by one, in block order,
    // and the rest counted in one decision (200,000 decisions held 20
    // times the block).
    let dropped = decisions(&p, "propagate/extension-dropped");
    let shown = propagate::DECISIONS_PER_RULE;
    assert_eq!(shown, 1_000);
    assert_eq!(dropped.len(), shown + 1);
    assert!(dropped[0].detail.contains("X-F0 "), "{}", dropped[0].detail);
    assert!(dropped[shown - 1].detail.contains("X-F999 "));
    assert_eq!(
        dropped[shown].detail,
        "99000 more experimental or undefined fields are not propagated"
    );
}

#[test]
fn a_block_of_100_000_empty_extensions_drops_them_in_one_pass() {
    // Issue #28: each blank field was forgotten among the extensions by a
    // pass over all of them, 10^10 comparisons here; now one pass.
    let n = 100_000;
    let mut block = block_with_extensions(n, " ");
    // One kept, not blank, between them: only the blank ones go.
    block.written.push("X-Kept", "k");
    block.extensions.push("X-Kept", "k");
    let p = run(
        &[source(FILE, Format::HinaDi, vec![block])],
        &trust_a().keep_extensions(true),
    );
    let e = &p.feed.entries[0];
    assert_eq!(
        e.extensions,
        antenna_model::FieldList::from_iter([("X-Kept", "k")])
    );
    assert_eq!(e.written.len(), 6, "{:?}", e.written.last());
    let empty = decisions(&p, "propagate/empty-field");
    assert_eq!(empty.len(), propagate::DECISIONS_PER_RULE + 1);
    assert_eq!(
        empty[propagate::DECISIONS_PER_RULE].detail,
        "99000 more empty fields are not reproduced"
    );
}

#[test]
fn dropping_extensions_drops_every_written_field_of_their_names() {
    // Two extension fields of one name, and a blank one of another: the
    // one-pass removal keeps the behaviour of removing each by name.
    let mut block = block_with_extensions(0, "");
    for (name, value) in [("X-A", "1"), ("X-B", " "), ("X-A", "2")] {
        block.written.push(name, value);
        block.extensions.push(name, value);
    }
    let p = run(
        &[source(FILE, Format::HinaDi, vec![block.clone()])],
        &trust_a(),
    );
    assert_eq!(p.feed.entries[0].written.len(), 5);
    assert_eq!(decisions(&p, "propagate/extension-dropped").len(), 3);

    let p = run(
        &[source(FILE, Format::HinaDi, vec![block])],
        &trust_a().keep_extensions(true),
    );
    let e = &p.feed.entries[0];
    assert_eq!(
        e.extensions,
        antenna_model::FieldList::from_iter([("X-A", "1"), ("X-A", "2")])
    );
    let kept: Vec<&str> = e.written.iter().map(|f| f.value).collect();
    assert_eq!(kept.len(), 7, "{kept:?}");
    assert_eq!(decisions(&p, "propagate/empty-field").len(), 1);
}
