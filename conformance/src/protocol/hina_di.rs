//! The HINA-DI shape: the header's and each block's fields as `[name,
//! value]` pairs (the same in every version).

mod streamed;

use std::io::Write;

use serde_json::{Map, Value, json};

use super::{Json, Member, Version, string};

pub(super) use streamed::encode as encode_streamed;

fn pairs<'a>(fields: impl Iterator<Item = (&'a str, &'a str)>) -> Value {
    Value::Array(fields.map(|(name, value)| json!([name, value])).collect())
}

/// One block's fields as `[name, value]` pairs.
pub(super) fn block_json(block: &hina_di::Block) -> Value {
    pairs(block.pairs())
}

/// The protocol JSON of a HINA-DI document, to serialise (its blocks made
/// one at a time).
pub fn hina_di_view(d: &hina_di::Document, version: Version) -> Json<'_> {
    Json::new(
        version,
        [
            ("format", Member::Value(json!("hina-di"))),
            ("version", Member::Value(json!(d.version()))),
            ("header", Member::Value(pairs(d.header().pairs()))),
            ("blocks", Member::Blocks(d)),
        ],
    )
}

/// Writes the protocol JSON of the HINA-DI file `reader` reads, block by
/// block, to `out` as compact text: the bytes `serde_json::to_writer`
/// writes for [`hina_di_view`] of the whole document, without holding it
/// (`antenna decode`). Every block is read; the diagnostics are taken and
/// let go of as they come, so read them, and whether the file is rejected,
/// in a pass of their own first.
pub fn write_hina_di_streamed(
    reader: &mut hina_di::BlockReader<'_>,
    version: Version,
    mut out: impl Write,
) -> std::io::Result<()> {
    out.write_all(b"{")?;
    if version > Version::V1 {
        write!(out, "\"protocol\":{},", version.number())?;
    }
    out.write_all(b"\"format\":\"hina-di\",\"version\":")?;
    serde_json::to_writer(&mut out, reader.version())?;
    out.write_all(b",\"header\":")?;
    serde_json::to_writer(&mut out, &pairs(reader.header().pairs()))?;
    out.write_all(b",\"blocks\":[")?;
    let mut first = true;
    while let Some(block) = reader.next_block() {
        drop(reader.take_diagnostics());
        if block.is_discarded() {
            continue;
        }
        if !first {
            out.write_all(b",")?;
        }
        first = false;
        serde_json::to_writer(&mut out, &block_json(&block))?;
    }
    drop(reader.take_diagnostics());
    out.write_all(b"]}")
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
