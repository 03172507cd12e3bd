//! The structured `propagate` target: sources, a policy and `Virtual` files
//! drawn from the fuzzer's bytes.

use std::collections::HashMap;

use antenna_model::jiff::{SignedDuration, Timestamp};
use antenna_model::url::Url;
use antenna_model::{Agent, Entry, Feed, MethodChain, UrlKey};
use arbitrary::{Result, Unstructured};
use propagate::{Action, Format, Identity, Policy, Source};

/// Spellings of a few documents: several are one URL key, one has userinfo,
/// and the `s0` and `v` files are both sources and `Virtual` targets (so
/// loops happen).
const URLS: &[&str] = &[
    "http://x.example/a/",
    "HTTP://X.EXAMPLE:80/a/",
    "http://x.example/%61/",
    "http://x.example/b/",
    "http://x.example/b",
    "http://u:p@x.example/a/",
    "http://y.example/",
    "http://s0.example/file",
    "http://v1.example/file",
    "http://v2.example/file",
    "http://a.example/",
    "http://b.example/",
];

/// The instant propagation runs at (LIRS freshness is measured from it).
const NOW_SECONDS: i64 = 1_031_389_200; // 2002-09-07T09:00:00Z

fn now() -> Timestamp {
    Timestamp::from_second(NOW_SECONDS).unwrap_or(Timestamp::UNIX_EPOCH)
}

/// A URL: from the pool, or (sometimes) any string that parses.
fn url(u: &mut Unstructured<'_>) -> Result<Url> {
    if u.ratio(1, 8)? {
        let text: &str = u.arbitrary()?;
        if let Ok(url) = Url::parse(text) {
            return Ok(url);
        }
    }
    let pick = u.choose(URLS)?;
    Url::parse(pick).map_err(|_| arbitrary::Error::IncorrectFormat)
}

fn text(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match u.int_in_range(0u8..=3)? {
        0 => String::new(),
        1 => "t".to_owned(),
        2 => " ".to_owned(),
        _ => u.arbitrary()?,
    })
}

fn agent(u: &mut Unstructured<'_>) -> Result<Option<Agent>> {
    Ok(match u.int_in_range(0u8..=3)? {
        0 => None,
        1 => Some(Agent {
            name: text(u)?,
            url: None,
        }),
        _ => Some(Agent {
            name: text(u)?,
            url: Some(url(u)?),
        }),
    })
}

/// A time near `now`: within a day either side, or far away.
fn time(u: &mut Unstructured<'_>) -> Result<Option<Timestamp>> {
    if !u.arbitrary::<bool>()? {
        return Ok(None);
    }
    let seconds: i64 = if u.ratio(1, 16)? {
        u.int_in_range(-400_000_000_000..=200_000_000_000)?
    } else {
        u.int_in_range(-86_400..=86_400)?
    };
    Ok(now().checked_add(SignedDuration::from_secs(seconds)).ok())
}

fn entry(u: &mut Unstructured<'_>) -> Result<Entry> {
    let mut e = Entry::new(url(u)?);
    e.authorized = agent(u)?;
    e.last_modified = time(u)?;
    e.last_detected = time(u)?;
    e.generated = time(u)?;
    e.expires = time(u)?;
    if u.arbitrary()? {
        e.title = Some(text(u)?);
    }
    if u.arbitrary()? {
        e.author = Some(text(u)?);
    }
    if u.arbitrary()? {
        let chain: &str = u.choose(&["GET/200", "REMOTE/GET/200", "HEAD", "x/y/304"])?;
        e.method = MethodChain::parse(chain).ok();
    }
    if u.arbitrary()? {
        e.source_url = Some(url(u)?);
    }
    if u.ratio(1, 3)? {
        e.virtual_url = Some(url(u)?);
    }
    for _ in 0..u.int_in_range(0u8..=2)? {
        e.keywords.push(text(u)?);
    }
    for _ in 0..u.int_in_range(0u8..=2)? {
        let name = u.choose(&["X-Foo", "Bar", "X-Empty"])?;
        e.extensions.push(name, &text(u)?);
    }
    Ok(e)
}

fn feed(u: &mut Unstructured<'_>, max_entries: u8) -> Result<Feed> {
    let mut feed = Feed::new();
    if u.ratio(1, 4)? {
        feed.agent = agent(u)?;
        feed.title = Some(text(u)?);
    }
    for _ in 0..u.int_in_range(0..=max_entries)? {
        feed.entries.push(entry(u)?);
    }
    Ok(feed)
}

fn policy(u: &mut Unstructured<'_>) -> Result<Policy> {
    let mut policy = Policy::new()
        .trust_all(u.ratio(1, 4)?)
        .keep_extensions(u.arbitrary()?)
        .max_virtual_depth(u.int_in_range(0..=5)?);
    for _ in 0..u.int_in_range(0u8..=2)? {
        policy = policy.trust_agent(&url(u)?);
    }
    for _ in 0..u.int_in_range(0u8..=2)? {
        policy = policy.trust_source(&url(u)?);
    }
    for _ in 0..u.int_in_range(0u8..=2)? {
        policy = policy.prefer(&url(u)?);
    }
    Ok(policy)
}

/// Everything one run needs.
struct Run {
    sources: Vec<Source>,
    policy: Policy,
    files: Option<HashMap<String, Feed>>,
}

fn run_input(u: &mut Unstructured<'_>) -> Result<Run> {
    let mut sources = Vec::new();
    for _ in 0..u.int_in_range(0u8..=4)? {
        let format = *u.choose(&[Format::HinaDi, Format::Lirs, Format::Rss2])?;
        let mut source = Source::new(url(u)?, format, feed(u, 6)?);
        source.agent = agent(u)?;
        sources.push(source);
    }
    let policy = policy(u)?;
    let files = if u.arbitrary()? {
        let mut files = HashMap::new();
        for _ in 0..u.int_in_range(0u8..=3)? {
            files.insert(url(u)?.as_str().to_owned(), feed(u, 3)?);
        }
        Some(files)
    } else {
        None
    };
    Ok(Run {
        sources,
        policy,
        files,
    })
}

/// The structured target: draws sources, a policy and (perhaps) `Virtual`
/// files, propagates, and checks the invariants: no two output entries
/// share a URL key; every input entry is in the output or dropped in the
/// report; every output entry is publishable.
pub fn propagate_structured(u: &mut Unstructured<'_>) -> Result<()> {
    let run = run_input(u)?;
    let identity = Identity::new(Agent {
        name: "Me".into(),
        url: Url::parse("http://me.example/").ok(),
    });
    let p = match &run.files {
        Some(files) => {
            let mut resolver = |u: &Url| files.get(u.as_str()).cloned();
            propagate::propagate_with_resolver(
                &run.sources,
                &run.policy,
                &identity,
                now(),
                &mut resolver,
            )
        }
        None => propagate::propagate(&run.sources, &run.policy, &identity, now()),
    };

    // No two output entries share a URL key.
    let mut keys: Vec<UrlKey> = p
        .feed
        .entries
        .iter()
        .map(|e| UrlKey::from_url(&e.url))
        .collect();
    let total = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(
        keys.len(),
        total,
        "two output entries share a URL key: {:#?}",
        p.feed.entries
    );

    // Every input entry is in the output or dropped, exactly once.
    let inputs: usize = run.sources.iter().map(|s| s.feed.entries.len()).sum();
    let dropped: Vec<_> = p
        .report
        .dropped()
        .filter(|d| !d.entry_url.is_empty())
        .collect();
    assert_eq!(
        inputs,
        p.feed.entries.len() + dropped.len(),
        "entries in ({inputs}) != entries out ({}) + dropped ({}): {:#?}",
        p.feed.entries.len(),
        dropped.len(),
        p.report
    );
    for s in &run.sources {
        for e in &s.feed.entries {
            let key = UrlKey::from_url(&e.url);
            let in_output = keys.contains(&key);
            let is_dropped = dropped
                .iter()
                .any(|d| d.source == s.url && d.entry_url == e.url.as_str());
            assert!(
                in_output || is_dropped,
                "{} from {} vanished: {:#?}",
                e.url,
                s.url,
                p.report
            );
        }
    }

    // Every output entry is publishable.
    for e in &p.feed.entries {
        assert!(
            !UrlKey::from_url(&e.url).has_userinfo(),
            "{} has userinfo",
            e.url
        );
        let vouched = e
            .authorized
            .as_ref()
            .is_some_and(|by| !by.name.is_empty() && by.url.is_some());
        assert!(vouched, "{} published without an authorizing agent", e.url);
        // A Method, when published, has this hop in front and is a chain
        // of the grammar (a result code included); a block without a
        // usable one is published without Method, never as a bare REMOTE.
        if let Some(m) = &e.method {
            assert_eq!(
                m.steps().first(),
                Some(&antenna_model::MethodType::Remote),
                "{} published without a REMOTE hop",
                e.url
            );
            assert!(
                antenna_model::MethodChain::parse_strict(&m.to_string()).is_ok(),
                "{} published with Method {m}, outside the grammar",
                e.url
            );
        }
        assert!(e.source_url.is_some(), "{} has no Source URL", e.url);
        assert!(
            e.expires.is_none_or(|t| t >= now()),
            "{} published expired",
            e.url
        );
        assert!(
            e.title.as_deref() != Some(""),
            "{} published with an empty title",
            e.url
        );
        assert!(
            e.keywords.iter().all(|k| !k.is_empty()),
            "{} has an empty keyword",
            e.url
        );
        assert!(
            run.policy.keep_extensions || e.extensions.is_empty(),
            "{} kept extensions against the policy",
            e.url
        );
    }
    for d in &p.report {
        assert!(
            propagate::rules::ALL.contains(&d.rule),
            "unknown rule {}",
            d.rule.id
        );
        assert!(
            d.action != Action::Noted
                || d.rule == propagate::rules::VIRTUAL_UNRESOLVED
                || d.rule == propagate::rules::METHOD_MISSING,
            "rule {} noted",
            d.rule.id
        );
    }
    Ok(())
}

/// [`propagate_structured`] over raw bytes.
pub fn propagate(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let _ = propagate_structured(&mut u);
}
