//! The JSON shapes of the conformance protocol (conformance/README.md),
//! both ways: a document to its JSON (what a decoder prints), JSON to a
//! document (what an encoder reads). This module is the reference decoder
//! and encoder: `antenna decode` and `antenna encode` call it, and the
//! runner decodes an encoder's output with it, in process, so an installed
//! runner needs no other program.

use serde_json::{Map, Value, json};

use antenna_model::{Codec, Diagnostic, Format};
use hina_di::HinaDi;
use lirs::Lirs;
use rss2::Rss2;

/// A version of the protocol's JSON shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Version {
    /// Version 1: the elements and attributes each spec defines.
    V1,
    /// Version 2: version 1 and what real files add (see
    /// conformance/README.md).
    V2,
}

/// Reads `bytes` as `format` with the reference reader (lenient, as
/// `antenna decode` does) and gives its protocol JSON, or the diagnostics
/// that made the reader reject the file.
pub fn decode(format: Format, bytes: &[u8], version: Version) -> Result<Value, Vec<Diagnostic>> {
    fn read<C: Codec>(bytes: &[u8]) -> Result<C::Document, Vec<Diagnostic>> {
        C::read(bytes, &C::read_options(false))
            .map(|parsed| parsed.document)
            .map_err(|rejected| rejected.diagnostics)
    }
    Ok(match format {
        Format::HinaDi => hina_di_json(&read::<HinaDi>(bytes)?, version),
        Format::Lirs => lirs_json(&read::<Lirs>(bytes)?, version),
        Format::Rss2 => rss2_json(&read::<Rss2>(bytes)?, version),
    })
}

/// Writes the document that `json` describes as a file of `format` with the
/// reference writer (LIRS plain, not gzip); the error says which member is
/// wrong, or why the writer refused the document.
pub fn encode(format: Format, json: &Value) -> Result<Vec<u8>, String> {
    fn write<C: Codec>(document: &C::Document) -> Result<Vec<u8>, String> {
        C::write(document, &C::WriteOptions::default())
            .map_err(|e| format!("cannot write the {} file: {e}", C::FORMAT))
    }
    let object = json
        .as_object()
        .ok_or("the document is not a JSON object")?;
    match object.get("format").and_then(Value::as_str) {
        Some(name) if name == format.name() => {}
        Some(name) => return Err(format!("`format` is `{name}`, not `{format}`")),
        None => return Err("`format` is missing".into()),
    }
    match format {
        Format::HinaDi => write::<HinaDi>(&hina_di_from(object)?),
        Format::Lirs => write::<Lirs>(&lirs_from(object)?),
        Format::Rss2 => write::<Rss2>(&rss2_from(object)?),
    }
}

fn pairs<'a>(fields: impl Iterator<Item = (&'a str, &'a str)>) -> Value {
    Value::Array(fields.map(|(name, value)| json!([name, value])).collect())
}

/// The protocol JSON of a HINA-DI document (the same in every version).
pub fn hina_di_json(d: &hina_di::Document, _version: Version) -> Value {
    json!({
        "format": "hina-di",
        "version": d.version(),
        "header": pairs(d.header().pairs()),
        "blocks": d.entity_blocks().map(|b| pairs(b.pairs())).collect::<Vec<_>>(),
    })
}

fn hina_di_from(object: &Map<String, Value>) -> Result<hina_di::Document, String> {
    let version = string(object, "version")?.ok_or("`version` is missing")?;
    let field_pairs = |value: &Value, what: &str| -> Result<Vec<(String, String)>, String> {
        let list = value.as_array().ok_or(format!("{what} is not an array"))?;
        list.iter()
            .map(|pair| match pair.as_array().map(Vec::as_slice) {
                Some([Value::String(name), Value::String(value)]) => {
                    Ok((name.clone(), value.clone()))
                }
                _ => Err(format!("{what} holds {pair}, not a [name, value] pair")),
            })
            .collect()
    };
    let header = field_pairs(
        object.get("header").ok_or("`header` is missing")?,
        "`header`",
    )?;
    let blocks = object
        .get("blocks")
        .and_then(Value::as_array)
        .ok_or("`blocks` is missing or not an array")?
        .iter()
        .enumerate()
        .map(|(i, block)| field_pairs(block, &format!("`blocks[{i}]`")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(hina_di::Document::from_pairs(version, header, blocks))
}

/// The protocol JSON of a LIRS document.
pub fn lirs_json(d: &lirs::Document, _version: Version) -> Value {
    let records = d
        .records
        .iter()
        .map(|r| {
            let mut record = json!({
                "last_modified": r.last_modified.seconds(),
                "last_detected": r.last_detected.seconds(),
                "time_difference": r.time_difference,
                "content_length": r.content_length,
                "url": r.url,
                "title": r.title,
                "author": r.author,
                "source_url": r.source_url,
                "extension": r.extension,
            });
            if !r.extra.is_empty()
                && let Some(object) = record.as_object_mut()
            {
                object.insert("extra".into(), json!(r.extra));
            }
            record
        })
        .collect::<Vec<_>>();
    json!({"format": "lirs", "records": records})
}

fn lirs_from(object: &Map<String, Value>) -> Result<lirs::Document, String> {
    let records = object
        .get("records")
        .and_then(Value::as_array)
        .ok_or("`records` is missing or not an array")?;
    let mut document = lirs::Document::default();
    for (i, value) in records.iter().enumerate() {
        let record = value
            .as_object()
            .ok_or(format!("`records[{i}]` is not an object"))?;
        let text = |key: &str| -> Result<String, String> {
            string(record, key)?.ok_or(format!("`records[{i}].{key}` is missing"))
        };
        let unsigned = |key: &str| -> Result<u64, String> {
            record.get(key).and_then(Value::as_u64).ok_or(format!(
                "`records[{i}].{key}` is not a non-negative integer"
            ))
        };
        let time = |key: &str| -> Result<lirs::LirsTime, String> {
            lirs::LirsTime::from_seconds(unsigned(key)?)
                .ok_or(format!("`records[{i}].{key}` is out of range"))
        };
        let mut r = lirs::Record::new(text("url")?);
        r.last_modified = time("last_modified")?;
        r.last_detected = time("last_detected")?;
        r.time_difference = record
            .get("time_difference")
            .and_then(Value::as_i64)
            .ok_or(format!("`records[{i}].time_difference` is not an integer"))?;
        r.content_length = unsigned("content_length")?;
        r.title = text("title")?;
        r.author = text("author")?;
        r.source_url = text("source_url")?;
        r.extension = text("extension")?;
        if let Some(extra) = record.get("extra") {
            r.extra = extra
                .as_array()
                .and_then(|list| list.iter().map(|v| v.as_str().map(str::to_owned)).collect())
                .ok_or(format!("`records[{i}].extra` is not an array of strings"))?;
        }
        document.records.push(r);
    }
    Ok(document)
}

/// An object of the members that are present, in the order given.
fn members<const N: usize>(entries: [(&str, Option<Value>); N]) -> Value {
    Value::Object(
        entries
            .into_iter()
            .filter_map(|(key, value)| Some((key.to_owned(), value?)))
            .collect(),
    )
}

fn text(value: &Option<String>) -> Option<Value> {
    value.as_deref().map(|s| Value::String(s.to_owned()))
}

fn categories(list: &[rss2::Category]) -> Option<Value> {
    (!list.is_empty()).then(|| {
        list.iter()
            .map(|c| members([("domain", text(&c.domain)), ("value", Some(json!(c.value)))]))
            .collect()
    })
}

/// The protocol JSON of an RSS document.
pub fn rss2_json(d: &rss2::Document, _version: Version) -> Value {
    let c = &d.channel;
    let channel = members([
        ("title", text(&c.title)),
        ("link", text(&c.link)),
        ("description", text(&c.description)),
        ("language", text(&c.language)),
        ("copyright", text(&c.copyright)),
        ("managingEditor", text(&c.managing_editor)),
        ("webMaster", text(&c.web_master)),
        ("pubDate", text(&c.pub_date)),
        ("lastBuildDate", text(&c.last_build_date)),
        ("categories", categories(&c.categories)),
        ("generator", text(&c.generator)),
        ("docs", text(&c.docs)),
        (
            "cloud",
            c.cloud.as_ref().map(|cloud| {
                members([
                    ("domain", text(&cloud.domain)),
                    ("port", text(&cloud.port)),
                    ("path", text(&cloud.path)),
                    ("registerProcedure", text(&cloud.register_procedure)),
                    ("protocol", text(&cloud.protocol)),
                ])
            }),
        ),
        ("ttl", text(&c.ttl)),
        (
            "image",
            c.image.as_ref().map(|image| {
                members([
                    ("url", text(&image.url)),
                    ("title", text(&image.title)),
                    ("link", text(&image.link)),
                    ("width", text(&image.width)),
                    ("height", text(&image.height)),
                    ("description", text(&image.description)),
                ])
            }),
        ),
        ("rating", text(&c.rating)),
        (
            "textInput",
            c.text_input.as_ref().map(|input| {
                members([
                    ("title", text(&input.title)),
                    ("description", text(&input.description)),
                    ("name", text(&input.name)),
                    ("link", text(&input.link)),
                ])
            }),
        ),
        ("skipHours", c.skip_hours.as_ref().map(|h| json!(h))),
        ("skipDays", c.skip_days.as_ref().map(|d| json!(d))),
    ]);
    let items: Vec<Value> = c
        .items
        .iter()
        .map(|item| {
            members([
                ("title", text(&item.title)),
                ("link", text(&item.link)),
                ("description", text(&item.description)),
                ("author", text(&item.author)),
                ("categories", categories(&item.categories)),
                ("comments", text(&item.comments)),
                (
                    // Protocol version 1 has one enclosure an item: the
                    // first (the reader warned about the others).
                    "enclosure",
                    item.enclosures.first().map(|e| {
                        members([
                            ("url", text(&e.url)),
                            ("length", text(&e.length)),
                            ("type", text(&e.type_)),
                        ])
                    }),
                ),
                (
                    "guid",
                    item.guid.as_ref().map(|g| {
                        members([
                            ("value", Some(json!(g.value))),
                            ("isPermaLink", text(&g.is_perma_link)),
                        ])
                    }),
                ),
                ("pubDate", text(&item.pub_date)),
                (
                    "source",
                    item.source
                        .as_ref()
                        .map(|s| members([("url", text(&s.url)), ("value", Some(json!(s.value)))])),
                ),
            ])
        })
        .collect();
    members([
        ("format", Some(json!("rss2"))),
        ("version", text(&d.version)),
        ("channel", Some(channel)),
        ("items", Some(Value::Array(items))),
    ])
}

/// The string member `key`, if present; an error if it is not a string.
fn string(object: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match object.get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(format!("`{key}` is {other}, not a string")),
    }
}

/// The object member `key`, if present.
fn object<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
) -> Result<Option<&'a Map<String, Value>>, String> {
    match parent.get(key) {
        None => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(other) => Err(format!("`{key}` is {other}, not an object")),
    }
}

fn string_list(parent: &Map<String, Value>, key: &str) -> Result<Option<Vec<String>>, String> {
    match parent.get(key) {
        None => Ok(None),
        Some(value) => value
            .as_array()
            .and_then(|list| list.iter().map(|v| v.as_str().map(str::to_owned)).collect())
            .map(Some)
            .ok_or(format!("`{key}` is not an array of strings")),
    }
}

fn categories_from(parent: &Map<String, Value>) -> Result<Vec<rss2::Category>, String> {
    let Some(list) = parent.get("categories") else {
        return Ok(Vec::new());
    };
    let list = list.as_array().ok_or("`categories` is not an array")?;
    list.iter()
        .map(|value| {
            let object = value.as_object().ok_or("a category is not an object")?;
            Ok(rss2::Category {
                domain: string(object, "domain")?,
                value: string(object, "value")?.ok_or("a category has no `value`")?,
            })
        })
        .collect()
}

fn rss2_from(root: &Map<String, Value>) -> Result<rss2::Document, String> {
    let c = object(root, "channel")?.ok_or("`channel` is missing")?;
    let mut channel = rss2::Channel {
        title: string(c, "title")?,
        link: string(c, "link")?,
        description: string(c, "description")?,
        language: string(c, "language")?,
        copyright: string(c, "copyright")?,
        managing_editor: string(c, "managingEditor")?,
        web_master: string(c, "webMaster")?,
        pub_date: string(c, "pubDate")?,
        last_build_date: string(c, "lastBuildDate")?,
        categories: categories_from(c)?,
        generator: string(c, "generator")?,
        docs: string(c, "docs")?,
        ttl: string(c, "ttl")?,
        rating: string(c, "rating")?,
        skip_hours: string_list(c, "skipHours")?,
        skip_days: string_list(c, "skipDays")?,
        ..rss2::Channel::default()
    };
    if let Some(cloud) = object(c, "cloud")? {
        channel.cloud = Some(rss2::Cloud {
            domain: string(cloud, "domain")?,
            port: string(cloud, "port")?,
            path: string(cloud, "path")?,
            register_procedure: string(cloud, "registerProcedure")?,
            protocol: string(cloud, "protocol")?,
        });
    }
    if let Some(image) = object(c, "image")? {
        channel.image = Some(rss2::Image {
            url: string(image, "url")?,
            title: string(image, "title")?,
            link: string(image, "link")?,
            width: string(image, "width")?,
            height: string(image, "height")?,
            description: string(image, "description")?,
            ..rss2::Image::default()
        });
    }
    if let Some(input) = object(c, "textInput")? {
        channel.text_input = Some(rss2::TextInput {
            title: string(input, "title")?,
            description: string(input, "description")?,
            name: string(input, "name")?,
            link: string(input, "link")?,
            ..rss2::TextInput::default()
        });
    }
    let items = match root.get("items") {
        None => &Vec::new(),
        Some(Value::Array(items)) => items,
        Some(_) => return Err("`items` is not an array".into()),
    };
    for value in items {
        let i = value.as_object().ok_or("an item is not an object")?;
        let mut item = rss2::Item {
            title: string(i, "title")?,
            link: string(i, "link")?,
            description: string(i, "description")?,
            author: string(i, "author")?,
            categories: categories_from(i)?,
            comments: string(i, "comments")?,
            pub_date: string(i, "pubDate")?,
            ..rss2::Item::default()
        };
        if let Some(e) = object(i, "enclosure")? {
            item.enclosures.push(rss2::Enclosure {
                url: string(e, "url")?,
                length: string(e, "length")?,
                type_: string(e, "type")?,
            });
        }
        if let Some(g) = object(i, "guid")? {
            item.guid = Some(rss2::Guid {
                value: string(g, "value")?.ok_or("a guid has no `value`")?,
                is_perma_link: string(g, "isPermaLink")?,
            });
        }
        if let Some(s) = object(i, "source")? {
            item.source = Some(rss2::Source {
                url: string(s, "url")?,
                value: string(s, "value")?.ok_or("a source has no `value`")?,
            });
        }
        channel.items.push(item);
    }
    Ok(rss2::Document {
        version: string(root, "version")?,
        channel,
        ..rss2::Document::default()
    })
}
