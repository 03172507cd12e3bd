//! The protocol JSON of a document as its head and parts, for a tool that
//! reads a file part by part ([`antenna_model::PartCodec`]): the head's
//! members, then the parts' array one element at a time, then the members
//! after it. What [`write_document`] writes is the text `serde_json`
//! writes for the whole document's view (`hina_di_view`, `lirs_view`,
//! `rss2_view`, which are made of the same members), byte for byte.

use std::io::{self, Write};

use antenna_model::PartCodec;
use serde_json::Value;

use super::Version;

/// A format's protocol JSON, head and part apart.
pub trait PartJson: PartCodec {
    /// The member that holds the parts: `"blocks"`, `"records"`, `"items"`.
    const PARTS: &'static str;

    /// The members of the document's object that the head makes, in order
    /// (less `"protocol"`, which [`write_document`] adds).
    fn head_json(head: &Self::Head, version: Version) -> HeadJson;

    /// The element of the parts' array of `part`; `None` for a part the
    /// JSON leaves out (a HINA-DI block discarded for its repeated fields).
    fn part_json(part: &Self::Part, version: Version) -> Option<Value>;
}

/// The members a head makes: those before the parts' array and those after.
#[derive(Debug, Default)]
pub struct HeadJson {
    /// Before the parts.
    pub before: Vec<(&'static str, Value)>,
    /// After the parts (RSS's `"extensions"` of `<rss>`).
    pub after: Vec<(&'static str, Value)>,
}

/// Writes the elements of a parts' array, comma-separated, to `W`.
#[derive(Debug)]
pub struct PartsWriter<W> {
    out: W,
    version: Version,
    first: bool,
}

impl<W: Write> PartsWriter<W> {
    /// Elements in `version`'s shape, to `out`.
    pub fn new(out: W, version: Version) -> Self {
        PartsWriter {
            out,
            version,
            first: true,
        }
    }

    /// Writes `part`'s element, if the JSON has one.
    pub fn push<C: PartJson>(&mut self, part: &C::Part) -> io::Result<()> {
        let Some(json) = C::part_json(part, self.version) else {
            return Ok(());
        };
        if !std::mem::take(&mut self.first) {
            self.out.write_all(b",")?;
        }
        serde_json::to_writer(&mut self.out, &json).map_err(io::Error::from)
    }

    /// The output.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// Writes the protocol JSON of the document of `head` to `out`, as compact
/// text: the head's members, then the parts' array, whose elements (as
/// [`PartsWriter`] writes them) `parts` writes, then the members after it.
pub fn write_document<C: PartJson>(
    head: &C::Head,
    version: Version,
    out: &mut dyn Write,
    parts: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let HeadJson { before, after } = C::head_json(head, version);
    out.write_all(b"{")?;
    if version > Version::V1 {
        write!(out, "\"protocol\":{},", version.number())?;
    }
    for (key, value) in &before {
        member(out, key, value)?;
        out.write_all(b",")?;
    }
    serde_json::to_writer(&mut *out, C::PARTS)?;
    out.write_all(b":[")?;
    parts(out)?;
    out.write_all(b"]")?;
    for (key, value) in &after {
        out.write_all(b",")?;
        member(out, key, value)?;
    }
    out.write_all(b"}")
}

/// `"key":value`.
fn member(out: &mut dyn Write, key: &str, value: &Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, key)?;
    out.write_all(b":")?;
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)
}
