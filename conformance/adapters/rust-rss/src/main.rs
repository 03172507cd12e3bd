//! An RSS 2.0 decoder for the conformance protocol (version 1), built on
//! the Rust `rss` crate (<https://crates.io/crates/rss>, pinned in
//! Cargo.toml beside this file).
//!
//! ```sh
//! rss-decoder --format rss2 < feed.xml
//! rss-decoder --version            # the crate's version
//! ```
//!
//! It maps what `rss::Channel::read_from` gives to the protocol's JSON and
//! changes nothing in the crate. It rejects (exit 1) exactly when
//! `read_from` returns an error. What the crate keeps no trace of is shown
//! as the crate has it, and the cases that this makes fail are listed in
//! `../rust-rss.expected-failures`:
//!
//! - the `version` attribute is not kept (the crate reads `<rss>` of any
//!   version, and `<rdf:RDF>`): `"version"` is always `"2.0"`, the version
//!   the crate writes;
//! - a member the crate holds as a plain `String` (channel title, link and
//!   description, image url/title/link, the cloud's and enclosure's
//!   attributes, a category's and source's text) cannot tell an absent
//!   element from an empty one: it is always shown;
//! - a guid's `isPermaLink` is a `bool` defaulting to true: `"false"` is
//!   shown when it is false, nothing otherwise (an explicit
//!   `isPermaLink="true"` cannot be told from its absence).
//!
//! Values are trimmed of XML white space, as the protocol's shape says (the
//! crate keeps it); nothing else is changed.
#![forbid(unsafe_code)]

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::process::ExitCode;

use rss::Channel;

/// The `rss` crate version pinned in Cargo.toml (`=2.1.2`).
const RSS_VERSION: &str = "2.1.2";

/// A JSON value, written by hand to keep this adapter to one dependency.
enum Json {
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(&'static str, Json)>),
}

fn trim(s: &str) -> String {
    s.trim_matches([' ', '\t', '\r', '\n']).to_owned()
}

fn s(value: &str) -> Option<Json> {
    Some(Json::Str(trim(value)))
}

fn opt(value: Option<&String>) -> Option<Json> {
    value.map(|v| Json::Str(trim(v)))
}

/// An object of the members that are present, in order.
fn obj(members: Vec<(&'static str, Option<Json>)>) -> Json {
    Json::Obj(
        members
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k, v)))
            .collect(),
    )
}

fn strings(values: &[String]) -> Option<Json> {
    (!values.is_empty()).then(|| Json::Arr(values.iter().map(|v| Json::Str(trim(v))).collect()))
}

fn categories(categories: &[rss::Category]) -> Option<Json> {
    (!categories.is_empty()).then(|| {
        Json::Arr(
            categories
                .iter()
                .map(|c| {
                    obj(vec![
                        ("domain", opt(c.domain.as_ref())),
                        ("value", s(&c.name)),
                    ])
                })
                .collect(),
        )
    })
}

fn channel_json(channel: &Channel) -> Json {
    obj(vec![
        ("title", s(&channel.title)),
        ("link", s(&channel.link)),
        ("description", s(&channel.description)),
        ("language", opt(channel.language.as_ref())),
        ("copyright", opt(channel.copyright.as_ref())),
        ("managingEditor", opt(channel.managing_editor.as_ref())),
        ("webMaster", opt(channel.webmaster.as_ref())),
        ("pubDate", opt(channel.pub_date.as_ref())),
        ("lastBuildDate", opt(channel.last_build_date.as_ref())),
        ("categories", categories(&channel.categories)),
        ("generator", opt(channel.generator.as_ref())),
        ("docs", opt(channel.docs.as_ref())),
        (
            "cloud",
            channel.cloud.as_ref().map(|c| {
                obj(vec![
                    ("domain", s(&c.domain)),
                    ("port", s(&c.port)),
                    ("path", s(&c.path)),
                    ("registerProcedure", s(&c.register_procedure)),
                    ("protocol", s(&c.protocol)),
                ])
            }),
        ),
        ("ttl", opt(channel.ttl.as_ref())),
        (
            "image",
            channel.image.as_ref().map(|i| {
                obj(vec![
                    ("url", s(&i.url)),
                    ("title", s(&i.title)),
                    ("link", s(&i.link)),
                    ("width", opt(i.width.as_ref())),
                    ("height", opt(i.height.as_ref())),
                    ("description", opt(i.description.as_ref())),
                ])
            }),
        ),
        ("rating", opt(channel.rating.as_ref())),
        (
            "textInput",
            channel.text_input.as_ref().map(|t| {
                obj(vec![
                    ("title", s(&t.title)),
                    ("description", s(&t.description)),
                    ("name", s(&t.name)),
                    ("link", s(&t.link)),
                ])
            }),
        ),
        ("skipHours", strings(&channel.skip_hours)),
        ("skipDays", strings(&channel.skip_days)),
    ])
}

fn item_json(item: &rss::Item) -> Json {
    obj(vec![
        ("title", opt(item.title.as_ref())),
        ("link", opt(item.link.as_ref())),
        ("description", opt(item.description.as_ref())),
        ("author", opt(item.author.as_ref())),
        ("categories", categories(&item.categories)),
        ("comments", opt(item.comments.as_ref())),
        (
            "enclosure",
            item.enclosure.as_ref().map(|e| {
                obj(vec![
                    ("url", s(&e.url)),
                    ("length", s(&e.length)),
                    ("type", s(&e.mime_type)),
                ])
            }),
        ),
        (
            "guid",
            item.guid.as_ref().map(|g| {
                obj(vec![
                    ("value", s(&g.value)),
                    (
                        "isPermaLink",
                        (!g.permalink).then(|| Json::Str("false".into())),
                    ),
                ])
            }),
        ),
        ("pubDate", opt(item.pub_date.as_ref())),
        (
            "source",
            item.source.as_ref().map(|src| {
                obj(vec![
                    ("url", s(&src.url)),
                    ("value", s(src.title.as_deref().unwrap_or(""))),
                ])
            }),
        ),
    ])
}

fn write_json(value: &Json, out: &mut String) {
    match value {
        Json::Str(text) => {
            out.push('"');
            for c in text.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"),
                    '\t' => out.push_str("\\t"),
                    c if u32::from(c) < 0x20 => {
                        let _ = write!(out, "\\u{:04x}", u32::from(c));
                    }
                    c => out.push(c),
                }
            }
            out.push('"');
        }
        Json::Arr(values) => {
            out.push('[');
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(v, out);
            }
            out.push(']');
        }
        Json::Obj(members) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(&Json::Str((*k).to_owned()), out);
                out.push(':');
                write_json(v, out);
            }
            out.push('}');
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args == ["--version"] {
        println!("rss {RSS_VERSION}");
        return ExitCode::SUCCESS;
    }
    if args != ["--format", "rss2"] {
        eprintln!("usage: rss-decoder --format rss2 (the rss crate reads RSS only)");
        return ExitCode::from(2);
    }
    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("rss-decoder: cannot read standard input: {error}");
        return ExitCode::from(2);
    }
    let channel = match Channel::read_from(&input[..]) {
        Ok(channel) => channel,
        Err(error) => {
            eprintln!("rss-decoder: the rss crate rejects the file: {error}");
            return ExitCode::from(1);
        }
    };
    let document = obj(vec![
        ("format", Some(Json::Str("rss2".into()))),
        ("version", Some(Json::Str("2.0".into()))),
        ("channel", Some(channel_json(&channel))),
        (
            "items",
            Some(Json::Arr(channel.items.iter().map(item_json).collect())),
        ),
    ]);
    let mut out = String::new();
    write_json(&document, &mut out);
    let mut stdout = std::io::stdout().lock();
    if stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
