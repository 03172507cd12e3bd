//! Conversion to and from the shared model, with a [`Loss`] for every
//! field the target cannot carry.
//!
//! Choices:
//! - an item's URL is its `link`, else its `guid` when that is a permalink;
//!   an item with neither is dropped with a loss;
//! - `author`, else `dc:creator`, is the entry's author; `pubDate`, else
//!   `dc:date` (W3C-DTF), is its `last_modified`;
//! - `source` maps to `Entry::source_url` (both name where the entry came
//!   from); the source's title is a loss;
//! - `enclosure` is *not* mapped to `content_length`/`content_type`: those
//!   describe the entry's own document, the enclosure describes another
//!   resource, so it is a loss.

use antenna_model::dates::{format_rfc1123, parse_date};
use antenna_model::jiff::Timestamp;
use antenna_model::url::Url;
use antenna_model::{Agent, Converted, Entry, Feed, Loss};

use crate::document::{Category, Channel, Document, Item, Source};

/// Converts a document to the shared model.
pub fn to_feed(document: &Document) -> Converted<Feed> {
    let mut losses = Vec::new();
    let c = &document.channel;
    let mut feed = Feed::new();
    feed.title.clone_from(&c.title);
    feed.description.clone_from(&c.description);
    feed.encoding.clone_from(&document.encoding);
    if let Some(link) = &c.link {
        match Url::parse(link) {
            Ok(url) => feed.link = Some(url),
            Err(e) => losses.push(Loss::document(
                "link",
                format!("`{link}` is not a URL: {e}"),
            )),
        }
    }
    if let Some(generator) = &c.generator {
        feed.agent = Some(Agent {
            name: generator.clone(),
            url: None,
        });
    }
    if let Some(date) = &c.last_build_date {
        match parse_date(date) {
            Ok(d) => feed.generated = Some(d.timestamp),
            Err(e) => losses.push(Loss::document("lastBuildDate", e.to_string())),
        }
    }
    if let Some(v) = &document.version
        && v != "2.0"
    {
        losses.push(Loss::document(
            "version",
            format!("RSS version {v} is not kept"),
        ));
    }
    let channel_fields: [(&str, bool); 15] = [
        ("language", c.language.is_some()),
        ("copyright", c.copyright.is_some()),
        ("managingEditor", c.managing_editor.is_some()),
        ("webMaster", c.web_master.is_some()),
        ("pubDate", c.pub_date.is_some()),
        ("category", !c.categories.is_empty()),
        ("docs", c.docs.is_some()),
        ("cloud", c.cloud.is_some()),
        ("ttl", c.ttl.is_some()),
        ("image", c.image.is_some()),
        ("rating", c.rating.is_some()),
        ("textInput", c.text_input.is_some()),
        ("skipHours", c.skip_hours.is_some()),
        ("skipDays", c.skip_days.is_some()),
        (
            "extension",
            !c.extensions.is_empty()
                || !c.attributes.is_empty()
                || !document.extensions.is_empty()
                || !document.attributes.is_empty(),
        ),
    ];
    for (field, present) in channel_fields {
        if present {
            losses.push(Loss::document(
                field,
                "the model has no channel-level field for it",
            ));
        }
    }
    for (index, item) in c.items.iter().enumerate() {
        if let Some(entry) = entry(item, index, &mut losses) {
            feed.entries.push(entry);
        }
    }
    Converted {
        document: feed,
        losses,
    }
}

fn entry(item: &Item, index: usize, losses: &mut Vec<Loss>) -> Option<Entry> {
    let permalink = item
        .guid
        .as_ref()
        .filter(|g| g.is_permalink())
        .map(|g| g.value.as_str());
    let url = item
        .link
        .as_deref()
        .and_then(|l| Url::parse(l).ok())
        .or_else(|| permalink.and_then(|g| Url::parse(g).ok()));
    let Some(url) = url else {
        losses.push(Loss::document(
            "item",
            format!(
                "item {} has no link or permalink guid that is a URL; dropped",
                index + 1
            ),
        ));
        return None;
    };
    let key = url.to_string();
    let mut lose = |field: &str, reason: &str| losses.push(Loss::entry(&key, field, reason));
    let mut entry = Entry::new(url);
    entry.title.clone_from(&item.title);
    entry.author = item.author.clone().or_else(|| item.dc_creator());
    if item.author.is_some() && item.dc_creator().is_some() {
        lose("dc:creator", "author was used");
    }
    match (&item.pub_date, item.dc_date()) {
        (Some(date), _) => match parse_date(date) {
            Ok(d) => entry.last_modified = Some(d.timestamp),
            Err(e) => lose("pubDate", &e.to_string()),
        },
        (None, Some(date)) => match date.parse::<Timestamp>() {
            Ok(t) => entry.last_modified = Some(t),
            Err(e) => lose("dc:date", &format!("`{date}` is not a full date-time: {e}")),
        },
        (None, None) => {}
    }
    for Category { domain, value } in &item.categories {
        entry.keywords.push(value.clone());
        if domain.is_some() {
            lose("category/@domain", "keywords have no domain");
        }
    }
    if let Some(Source { url, value }) = &item.source {
        match url.as_deref().map(Url::parse) {
            Some(Ok(u)) => entry.source_url = Some(u),
            Some(Err(_)) => lose("source", "the source url is not a URL"),
            None => {}
        }
        if !value.is_empty() {
            lose(
                "source",
                "the source channel's title has no place in the model",
            );
        }
    }
    if item.description.is_some() {
        lose("description", "the model has no entry description");
    }
    if item.comments.is_some() {
        lose("comments", "the model has no comments URL");
    }
    if item.enclosure.is_some() {
        lose(
            "enclosure",
            "an enclosure describes another resource than the entry",
        );
    }
    if let Some(guid) = &item.guid {
        let used = item.link.is_none() && guid.is_permalink();
        if !used && Some(guid.value.as_str()) != item.link.as_deref() {
            lose("guid", "the model has no identifier apart from the URL");
        }
    }
    let other_extensions = item
        .extensions
        .iter()
        .filter(|e| {
            !(e.is(crate::DC_NS, "creator") && item.author.is_none()
                || e.is(crate::DC_NS, "date") && item.pub_date.is_none())
        })
        .count();
    if other_extensions > 0 || !item.attributes.is_empty() {
        lose("extension", "extension elements are not carried");
    }
    Some(entry)
}

/// Converts the shared model to an RSS 2.0 document.
pub fn from_feed(feed: &Feed) -> Converted<Document> {
    let mut losses = Vec::new();
    let mut channel = Channel {
        title: Some(feed.title.clone().unwrap_or_default()),
        link: Some(feed.link.as_ref().map(Url::to_string).unwrap_or_default()),
        description: Some(feed.description.clone().unwrap_or_default()),
        ..Channel::default()
    };
    if let Some(agent) = &feed.agent {
        channel.generator = Some(agent.name.clone());
        if agent.url.is_some() {
            losses.push(Loss::document("agent url", "generator holds a name only"));
        }
    }
    channel.last_build_date = feed.generated.map(format_rfc1123);
    if let Some(encoding) = &feed.encoding
        && !encoding.eq_ignore_ascii_case("utf-8")
    {
        losses.push(Loss::document(
            "encoding",
            format!("the document is written in UTF-8, not {encoding}"),
        ));
    }
    for entry in &feed.entries {
        let key = entry.url.to_string();
        let mut lose = |field: &str| {
            losses.push(Loss::entry(&key, field, "RSS 2.0 has no element for it"));
        };
        let item = Item {
            title: entry.title.clone(),
            link: Some(key.clone()),
            author: entry.author.clone(),
            pub_date: entry.last_modified.map(format_rfc1123),
            categories: entry
                .keywords
                .iter()
                .map(|k| Category {
                    domain: None,
                    value: k.clone(),
                })
                .collect(),
            source: entry.source_url.as_ref().map(|u| Source {
                url: Some(u.to_string()),
                value: String::new(),
            }),
            ..Item::default()
        };
        if entry.last_detected.is_some() {
            lose("last_detected");
        }
        if entry.generated.is_some() {
            lose("generated");
        }
        if entry.site_offset.is_some() {
            lose("site_offset");
        }
        if entry.content_length.is_some() {
            lose("content_length");
        }
        if entry.content_type.is_some() {
            lose("content_type");
        }
        if entry.expires.is_some() {
            lose("expires");
        }
        if entry.authorized.is_some() {
            lose("authorized");
        }
        if entry.method.is_some() {
            lose("method");
        }
        if entry.server.is_some() {
            lose("server");
        }
        if entry.virtual_url.is_some() {
            lose("virtual_url");
        }
        if entry.image_width.is_some() || entry.image_height.is_some() {
            lose("image size");
        }
        if entry.hina_version.is_some() {
            lose("hina_version");
        }
        for extension in &entry.extensions {
            lose(&format!("extension {}", extension.name));
        }
        channel.items.push(item);
    }
    Converted {
        document: Document {
            version: Some("2.0".to_owned()),
            channel,
            ..Document::default()
        },
        losses,
    }
}
