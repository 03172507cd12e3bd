//! The HINA-DI shape: the header's and each block's fields as `[name,
//! value]` pairs (the same in every version).

use serde_json::{Map, Value, json};

use super::{Version, string, versioned};

fn pairs<'a>(fields: impl Iterator<Item = (&'a str, &'a str)>) -> Value {
    Value::Array(fields.map(|(name, value)| json!([name, value])).collect())
}

/// The protocol JSON of a HINA-DI document.
pub fn hina_di_json(d: &hina_di::Document, version: Version) -> Value {
    versioned(
        version,
        json!({
            "format": "hina-di",
            "version": d.version(),
            "header": pairs(d.header().pairs()),
            "blocks": d.entity_blocks().map(|b| pairs(b.pairs())).collect::<Vec<_>>(),
        }),
    )
}

/// The document the JSON describes.
pub(super) fn from_json(object: &Map<String, Value>) -> Result<hina_di::Document, String> {
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
