//! The HINA-DI shape: the header's and each block's fields as `[name,
//! value]` pairs (the same in every version).

mod streamed;

use serde_json::{Map, Value, json};

use super::parts::{HeadJson, PartJson};
use super::{Json, Member, Version, string};

pub(super) use streamed::encode as encode_streamed;

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

    fn part_json(block: &hina_di::Block, _: Version) -> Option<Value> {
        (!block.is_discarded()).then(|| block_json(block))
    }
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
pub(super) fn block_from(i: usize, block: &Value) -> Result<Vec<(String, String)>, String> {
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
    from_parts(object, blocks)
}

/// The document of the members of `object` but its blocks, and `blocks`
/// (read apart, one at a time, by [`super::streamed`]); errors in the
/// order the members are checked: version, header, blocks.
pub(super) fn from_parts(
    object: &Map<String, Value>,
    blocks: Result<Vec<Vec<(String, String)>>, String>,
) -> Result<hina_di::Document, String> {
    let version = string(object, "version")?.ok_or("`version` is missing")?;
    let header = field_pairs(
        object.get("header").ok_or("`header` is missing")?,
        "`header`",
    )?;
    Ok(hina_di::Document::from_pairs(version, header, blocks?))
}
