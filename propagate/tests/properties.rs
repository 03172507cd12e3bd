//! Properties over random inputs: one entry per URL key, and every input
//! entry accounted for (in the output, or dropped in the report).

mod common;

use std::collections::HashMap;

use antenna_model::url::Url;
use antenna_model::{Agent, Entry, Feed, MethodChain, MethodType, UrlKey};
use common::*;
use propagate::{Action, Format, Policy, Source};
use proptest::prelude::*;

/// Spellings of a few documents: several of them are one URL key, one has
/// userinfo.
const PAGES: &[&str] = &[
    "http://x.example/a/",
    "HTTP://X.EXAMPLE:80/a/",
    "http://x.example/%61/",
    "http://x.example/b/",
    "http://x.example/b",
    "http://u@x.example/a/",
    "http://y.example/",
];

/// Virtual files: the first is also a source, so loops happen.
const VIRTUALS: &[&str] = &[
    "http://s0.example/file",
    "http://v1.example/file",
    "http://v2.example/file",
];

fn agent_strategy() -> impl Strategy<Value = Option<Agent>> {
    prop_oneof![
        Just(None),
        Just(Some(agent_a())),
        Just(Some(agent_b())),
        Just(Some(agent("C", "http://c.example/"))),
        Just(Some(Agent {
            name: "NoUrl".into(),
            url: None
        })),
    ]
}

fn secs() -> impl Strategy<Value = Option<i64>> {
    proptest::option::of(-100i64..40_000)
}

fn entry_strategy() -> impl Strategy<Value = Entry> {
    (
        0..PAGES.len(),
        agent_strategy(),
        (secs(), secs(), proptest::option::of(-50i64..50)),
        proptest::option::of(prop_oneof![Just(""), Just("t")]),
        any::<bool>(),
        0usize..3,
        proptest::option::of(0..VIRTUALS.len()),
        proptest::collection::vec(prop_oneof![Just(""), Just("k")], 0..3),
    )
        .prop_map(
            |(page, by, (modified, detected, expires), title, method, ext, virt, keywords)| {
                let mut e = Entry::new(url(PAGES[page]));
                e.authorized = by;
                e.last_modified = modified.map(ago);
                e.last_detected = detected.map(ago);
                e.expires = expires.map(ago);
                e.title = title.map(str::to_owned);
                e.method = method.then(|| MethodChain::new(MethodType::Get, Some("200".into())));
                e.extensions = (0..ext)
                    .map(|i| (format!("X-F{i}"), if i == 0 { "" } else { "v" }))
                    .collect();
                e.virtual_url = virt.map(|v| url(VIRTUALS[v]));
                e.keywords = keywords.into_iter().map(str::to_owned).collect();
                e
            },
        )
}

fn format_strategy() -> impl Strategy<Value = Format> {
    prop_oneof![Just(Format::HinaDi), Just(Format::Lirs), Just(Format::Rss2),]
}

fn sources_strategy() -> impl Strategy<Value = Vec<Source>> {
    proptest::collection::vec(
        (
            format_strategy(),
            agent_strategy(),
            proptest::collection::vec(entry_strategy(), 0..6),
        ),
        0..4,
    )
    .prop_map(|sources| {
        sources
            .into_iter()
            .enumerate()
            .map(|(i, (format, agent, entries))| {
                let mut feed = Feed::new();
                feed.entries = entries;
                let mut s = Source::new(url(&format!("http://s{i}.example/file")), format, feed);
                s.agent = agent;
                s
            })
            .collect()
    })
}

fn policy_strategy() -> impl Strategy<Value = Policy> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0usize..3,
    )
        .prop_map(|(all, a, s0, keep, prefer_b, depth)| {
            let mut p = Policy::new().trust_all(all).keep_extensions(keep);
            if a {
                p = p.trust_agent(&url("http://a.example/"));
            }
            if s0 {
                p = p.trust_source(&url("http://s0.example/file"));
            }
            if prefer_b {
                p = p.prefer(&url("http://b.example/"));
            }
            p.max_virtual_depth(depth)
        })
}

fn files_strategy() -> impl Strategy<Value = HashMap<String, Feed>> {
    proptest::collection::vec(
        proptest::option::of(proptest::collection::vec(entry_strategy(), 0..4)),
        VIRTUALS.len(),
    )
    .prop_map(|files| {
        VIRTUALS
            .iter()
            .zip(files)
            .filter_map(|(u, entries)| {
                let mut feed = Feed::new();
                feed.entries = entries?;
                Some(((*u).to_owned(), feed))
            })
            .collect()
    })
}

proptest! {
    #[test]
    fn one_entry_per_url_and_every_entry_accounted_for(
        sources in sources_strategy(),
        policy in policy_strategy(),
        files in files_strategy(),
        resolve in any::<bool>(),
    ) {
        let p = if resolve {
            let mut resolver = |u: &Url| files.get(u.as_str()).cloned();
            propagate::propagate_with_resolver(&sources, &policy, &me(), now(), &mut resolver)
        } else {
            propagate::propagate(&sources, &policy, &me(), now())
        };

        // No two output entries share a URL key.
        let mut keys: Vec<UrlKey> = p.feed.entries.iter().map(|e| UrlKey::from_url(&e.url)).collect();
        let total = keys.len();
        keys.sort();
        keys.dedup();
        prop_assert_eq!(keys.len(), total);

        // Every input entry is in the output or dropped, exactly once.
        let inputs: usize = sources.iter().map(|s| s.feed.entries.len()).sum();
        let dropped: Vec<_> = p.report.dropped().filter(|d| !d.entry_url.is_empty()).collect();
        prop_assert_eq!(inputs, p.feed.entries.len() + dropped.len(), "{:#?}", p.report);
        for s in &sources {
            for e in &s.feed.entries {
                let key = UrlKey::from_url(&e.url);
                let in_output = keys.contains(&key);
                let is_dropped = dropped
                    .iter()
                    .any(|d| d.source == s.url && d.entry_url == e.url.as_str());
                prop_assert!(in_output || is_dropped, "{} from {} vanished", e.url, s.url);
            }
        }

        // Every output entry is publishable.
        for e in &p.feed.entries {
            prop_assert!(!UrlKey::from_url(&e.url).has_userinfo());
            let by = e.authorized.as_ref().expect("authorized");
            prop_assert!(!by.name.is_empty() && by.url.is_some());
            // A Method, when published, is a chain of the grammar (a result
            // code included) with this hop in front; never a bare REMOTE.
            if let Some(m) = &e.method {
                prop_assert_eq!(m.steps().first(), Some(&MethodType::Remote));
                prop_assert!(MethodChain::parse_strict(&m.to_string()).is_ok(), "{}", m);
            }
            prop_assert!(e.source_url.is_some());
            prop_assert!(e.expires.is_none_or(|t| t >= now()));
            prop_assert!(e.title.as_deref() != Some(""));
            prop_assert!(e.keywords.iter().all(|k| !k.is_empty()));
            prop_assert!(policy.keep_extensions || e.extensions.is_empty());
        }
        for d in &p.report {
            prop_assert!(propagate::rules::ALL.contains(&d.rule));
            prop_assert!(
                d.action != Action::Noted
                    || d.rule == propagate::rules::VIRTUAL_UNRESOLVED
                    || d.rule == propagate::rules::METHOD_MISSING
            );
        }
    }
}

/// [`propagate::Propagation`] fed source by source: the sources added in
/// order, their entries owned and admitted in any order of sources (here
/// `admit_order`), with a source between them whose entries are admitted
/// and then withdrawn, gives what [`propagate::propagate_with_resolver`]
/// gives, its report being the decisions handed out, source by source,
/// then `finish`'s.
fn incremental(
    sources: &[Source],
    policy: &Policy,
    files: &HashMap<String, Feed>,
    admit_order: &[usize],
    withdrawn: &Source,
) -> propagate::Propagated {
    let mut resolver = |u: &Url| files.get(u.as_str()).cloned();
    let mut run = propagate::Propagation::new(policy, now());
    let mut per_source: Vec<Vec<propagate::Decision>> = Vec::new();
    let mut ids = Vec::new();
    let (gone, _) = run.add_source(withdrawn);
    for entry in &withdrawn.feed.entries {
        let _ = run.admit_resolving(gone, entry.clone(), &mut resolver);
    }
    for source in sources {
        let (id, header) = run.add_source(source);
        ids.push(id);
        per_source.push(header.into_iter().collect());
    }
    run.withdraw(gone);
    for &i in admit_order {
        let (Some(source), Some(&id)) = (sources.get(i), ids.get(i)) else {
            continue;
        };
        for entry in &source.feed.entries {
            if let Err(dropped) = run.admit_resolving(id, entry.clone(), &mut resolver) {
                per_source[i].push(dropped);
            }
        }
    }
    let mut p = run.finish(&me());
    let mut decisions: Vec<_> = per_source.into_iter().flatten().collect();
    decisions.append(&mut p.report.decisions);
    p.report.decisions = decisions;
    p
}

proptest! {
    #[test]
    fn a_run_fed_entry_by_entry_in_any_source_order_gives_the_same(
        sources in sources_strategy(),
        policy in policy_strategy(),
        files in files_strategy(),
        order in proptest::collection::vec(any::<proptest::sample::Index>(), 4),
        withdrawn in sources_strategy(),
    ) {
        let mut resolver = |u: &Url| files.get(u.as_str()).cloned();
        let whole = propagate::propagate_with_resolver(&sources, &policy, &me(), now(), &mut resolver);
        // A permutation of the sources, picked by `order`.
        let mut left: Vec<usize> = (0..sources.len()).collect();
        let mut admit_order = Vec::new();
        for pick in &order {
            if left.is_empty() {
                break;
            }
            admit_order.push(left.remove(pick.index(left.len())));
        }
        let withdrawn = withdrawn.into_iter().next().unwrap_or_else(|| {
            Source::new(url("http://gone.example/file"), Format::HinaDi, Feed::new())
        });
        let fed = incremental(&sources, &policy, &files, &admit_order, &withdrawn);
        prop_assert_eq!(fed, whole);
    }
}
