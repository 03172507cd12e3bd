//! One block passes from agent A through B to C: A fetched the page and
//! authorized the block, B trusts agent A, C trusts B's file. Prints each
//! agent's output and report (the decisions naming their rules).
//!
//! ```text
//! cargo run -p propagate --example three_agents
//! ```
#![allow(clippy::print_stdout)] // a command-line tool

use antenna_model::jiff::Timestamp;
use antenna_model::url::Url;
use antenna_model::{Agent, Entry, Feed, MethodChain};
use propagate::{Format, Identity, Policy, Propagated, Source, propagate};

fn agent(name: &str, url: &str) -> Result<Agent, Box<dyn std::error::Error>> {
    Ok(Agent {
        name: name.into(),
        url: Some(url.parse()?),
    })
}

fn show(who: &str, out: &Propagated) {
    println!("{who} publishes:");
    for entry in &out.feed.entries {
        let method = entry.method.as_ref().map(MethodChain::to_string);
        println!(
            "  {}  Method: {}",
            entry.url,
            method.as_deref().unwrap_or("-")
        );
    }
    for decision in &out.report {
        println!("  report: {decision}");
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let now: Timestamp = "2002-09-07T09:00:00Z".parse()?;

    // A's own file: one block, fetched with GET, authorized by A.
    let mut entry = Entry::new("http://www.hoge.jp/foo/".parse()?);
    entry.title = Some("Foo".into());
    entry.method = Some(MethodChain::parse("GET/200")?);
    entry.authorized = Some(agent("A", "http://a.example/")?);
    let mut a_file = Feed::new();
    a_file.entries.push(entry);

    // B trusts agent A, wherever its blocks come from.
    let a_url: Url = "http://a.example/hina.di".parse()?;
    let b = propagate(
        &[Source::new(a_url, Format::HinaDi, a_file)],
        &Policy::new().trust_agent(&"http://a.example/".parse()?),
        &Identity::new(agent("B", "http://b.example/")?),
        now,
    );
    show("B", &b);

    // C trusts everything in B's file.
    let b_url: Url = "http://b.example/hina.di".parse()?;
    let c = propagate(
        &[Source::new(b_url.clone(), Format::HinaDi, b.feed)],
        &Policy::new().trust_source(&b_url),
        &Identity::new(agent("C", "http://c.example/")?),
        now,
    );
    show("C", &c);
    Ok(())
}
