//! The protocol JSON of a document as its head and parts, for a tool that
//! reads a file part by part ([`antenna_model::PartCodec`]): the head's
//! members, then the parts' array one element at a time, then the members
//! after it. What [`write_document`] writes is the text `serde_json`
//! writes for the whole document's view (`hina_di_view`, `lirs_view`,
//! `rss2_view`, which are made of the same members), byte for byte; and
//! back, the head of the members and each part of its element
//! ([`PartJson::head_from_json`], [`PartJson::part_from_json`]), for the
//! encoder that writes a file part by part (`super::streamed`).

use std::io::{self, Write};

use antenna_model::PartCodec;
use serde::Serialize;
use serde_json::{Map, Value};

use super::Version;

/// A format's protocol JSON, head and part apart.
pub trait PartJson: PartCodec {
    /// The member that holds the parts: `"blocks"`, `"records"`, `"items"`.
    const PARTS: &'static str;

    /// The members of the document's object that the head makes, in order
    /// (less `"protocol"`, which [`write_document`] adds).
    fn head_json(head: &Self::Head, version: Version) -> HeadJson;

    /// The element of the parts' array of `part`, to serialise (an RSS
    /// item is made as it is written, never a tree); `None` for a part
    /// the JSON leaves out (a HINA-DI block discarded for its repeated
    /// fields).
    fn part_json(part: &Self::Part, version: Version) -> Option<impl Serialize>;

    /// The head the members of the document's object describe, the parts'
    /// array left out (and not looked at): what the whole-document encoder
    /// makes of them. `"format"` is checked by the caller.
    fn head_from_json(members: &Map<String, Value>, version: Version)
    -> Result<Self::Head, String>;

    /// The part the `index`th element of the parts' array describes.
    fn part_from_json(value: &Value, index: usize, version: Version) -> Result<Self::Part, String>;

    /// What the head must learn of every part before it is written (RSS:
    /// the namespaces of the items' extension names, declared on `<rss>`
    /// with prefixes chosen in document order); `()` where nothing.
    type Names: Default;

    /// `true` when [`PartJson::learn`] is to see every part before the
    /// head is written (a second pass over the JSON's parts).
    const NAMES_PASS: bool = false;

    /// `true` when a written file is read back one part at a time, each
    /// inside the text of the document without parts (RSS, whose reader
    /// parses the whole file at once: reading it back whole would hold
    /// every part), rather than whole through [`PartCodec::reader`] (a
    /// format whose reader holds state from one part to the next).
    const READ_BACK_EACH_PART: bool = false;

    /// Learns the names of `part` (see [`PartJson::Names`]).
    fn learn(names: &mut Self::Names, part: &mut Self::Part) {
        let _ = (names, part);
    }

    /// Completes `head` with what was learnt of the parts; `names` is then
    /// what [`PartJson::settle_part`] gives each part.
    fn settle(head: &mut Self::Head, names: &mut Self::Names) {
        let _ = (head, names);
    }

    /// Completes `part` as [`PartJson::settle`] did the head.
    fn settle_part(names: &Self::Names, part: &mut Self::Part) {
        let _ = (names, part);
    }
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
    write_object::<C>(C::head_json(head, version), version, out, parts)
}

/// [`write_document`] of the members a head made.
pub(super) fn write_object<C: PartJson>(
    head: HeadJson,
    version: Version,
    out: &mut dyn Write,
    parts: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let HeadJson { before, after } = head;
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
