//! The LIRS shape: one object a record (the same in every version; fields
//! after the ninth are `"extra"` in both).

use serde_json::{Map, Value, json};

use super::parts::{HeadJson, PartJson};
use super::{Json, Member, Version, string};

/// One record's object.
pub(super) fn record_json(r: &lirs::Record) -> Value {
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
}

impl PartJson for ::lirs::Lirs {
    const PARTS: &'static str = "records";

    fn head_json(_: &::lirs::Head, _: Version) -> HeadJson {
        HeadJson {
            before: vec![("format", json!("lirs"))],
            after: Vec::new(),
        }
    }

    fn part_json(record: &lirs::Record, _: Version) -> Option<impl serde::Serialize> {
        Some(record_json(record))
    }

    type Names = ();

    /// The head a LIRS document of the protocol has: none of its own.
    fn head_from_json(_: &Map<String, Value>, _: Version) -> Result<::lirs::Head, String> {
        Ok(::lirs::Head::default())
    }

    fn part_from_json(value: &Value, index: usize, _: Version) -> Result<lirs::Record, String> {
        record_from(index, value)
    }
}

/// The protocol JSON of a LIRS document, to serialise (its records made
/// one at a time).
pub fn lirs_view(d: &lirs::Document, version: Version) -> Json<'_> {
    Json::of::<::lirs::Lirs>(
        &::lirs::Head::default(),
        Member::Records(&d.records),
        version,
    )
}

/// The protocol JSON of a LIRS document.
pub fn lirs_json(d: &lirs::Document, version: Version) -> Value {
    lirs_view(d, version).to_value()
}

/// The document the JSON describes.
pub(super) fn from_json(object: &Map<String, Value>) -> Result<lirs::Document, String> {
    let records = object
        .get("records")
        .and_then(Value::as_array)
        .ok_or("`records` is missing or not an array")?;
    let mut document = lirs::Document::default();
    for (i, value) in records.iter().enumerate() {
        document.records.push(record_from(i, value)?);
    }
    Ok(document)
}

/// The record `records[i]` describes.
fn record_from(i: usize, value: &Value) -> Result<lirs::Record, String> {
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
    Ok(r)
}
