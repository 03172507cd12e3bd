//! The HINA-DI shape: the header's and each block's fields as `[name,
//! value]` pairs (the same in every version).

use serde_json::{Map, Value, json};

use super::parts::{HeadJson, PartJson};
use super::{Json, Member, Version, string};

fn pairs<'a>(fields: impl Iterator<Item = (&'a str, &'a str)>) -> Value {
    Value::Array(fields.map(|(name, value)| json!([name, value])).collect())
}

/// One block's fields as `[name, value]` pairs.
pub(super) fn block_json(block: &hina_di::Block) -> Value {
    pairs(block.pairs())
}

impl PartJson for ::hina_di::HinaDi {
    const PARTS: &'static str = "blocks";

    fn head_json(head: &::hina_di::Head, _: Version) -> HeadJson {
        HeadJson {
            before: vec![
                ("format", json!("hina-di")),
                ("version", json!(head.version())),
                ("header", pairs(head.header().pairs())),
            ],
            after: Vec::new(),
        }
    }

    fn part_json(block: &hina_di::Block, _: Version) -> Option<impl serde::Serialize> {
        (!block.is_discarded()).then(|| block_json(block))
    }

    type Names = ();

    fn head_from_json(object: &Map<String, Value>, _: Version) -> Result<hina_di::Head, String> {
        let version = string(object, "version")?.ok_or("`version` is missing")?;
        let header = field_pairs(
            object.get("header").ok_or("`header` is missing")?,
            "`header`",
        )?;
        let mut head = hina_di::Head::new(version);
        *head.header_mut() = block_of(header);
        Ok(head)
    }

    fn part_from_json(value: &Value, index: usize, _: Version) -> Result<hina_di::Block, String> {
        block_from(index, value).map(block_of)
    }
}

/// The block of `pairs`, as [`hina_di::Document::from_pairs`] makes each.
fn block_of(pairs: Vec<(String, String)>) -> hina_di::Block {
    let mut block = hina_di::Block::new();
    for (name, value) in pairs {
        block.push_field(name, value);
    }
    block
}

/// The protocol JSON of a HINA-DI document, to serialise (its blocks made
/// one at a time).
pub fn hina_di_view(d: &hina_di::Document, version: Version) -> Json<'_> {
    Json::of::<::hina_di::HinaDi>(d.head(), Member::Blocks(d), version)
}

/// The protocol JSON of a HINA-DI document.
pub fn hina_di_json(d: &hina_di::Document, version: Version) -> Value {
    hina_di_view(d, version).to_value()
}

/// The fields of a `[name, value]` pair list (`what` names it in errors).
fn field_pairs(value: &Value, what: &str) -> Result<Vec<(String, String)>, String> {
    let list = value.as_array().ok_or(format!("{what} is not an array"))?;
    list.iter()
        .map(|pair| match pair.as_array().map(Vec::as_slice) {
            Some([Value::String(name), Value::String(value)]) => Ok((name.clone(), value.clone())),
            _ => Err(format!("{what} holds {pair}, not a [name, value] pair")),
        })
        .collect()
}

/// The fields of `blocks[i]`.
fn block_from(i: usize, block: &Value) -> Result<Vec<(String, String)>, String> {
    field_pairs(block, &format!("`blocks[{i}]`"))
}

/// The document the JSON describes.
pub(super) fn from_json(object: &Map<String, Value>) -> Result<hina_di::Document, String> {
    let blocks = object
        .get("blocks")
        .and_then(Value::as_array)
        .ok_or("`blocks` is missing or not an array")
        .map_err(str::to_owned)
        .and_then(|list| {
            list.iter()
                .enumerate()
                .map(|(i, block)| block_from(i, block))
                .collect::<Result<Vec<_>, _>>()
        });
    // Errors in the order the members are checked: version, header,
    // blocks.
    let version = string(object, "version")?.ok_or("`version` is missing")?;
    let header = field_pairs(
        object.get("header").ok_or("`header` is missing")?,
        "`header`",
    )?;
    Ok(hina_di::Document::from_pairs(version, header, blocks?))
}
