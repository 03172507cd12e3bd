//! `antenna encode` of a HINA-DI document holding one block at a time: the
//! JSON is read member by member and its `"blocks"` element by element,
//! each block written as it comes (`hina_di::BlockWriter`); then the file
//! is read back block by block (`hina_di::BlockReader`) beside a second
//! reading of the JSON's blocks, and each read-back block compared with
//! the one given. Neither the document, nor the JSON's tree, nor the JSON
//! or its read-back as text is ever held whole: the input and the file
//! written are.
//!
//! Like [`super::super::streamed`], this is only a quicker way to the same
//! answer: it gives the file only when the JSON is in the order the decoder
//! prints it (`"protocol"` first if given, then `"format"`, `"version"`,
//! `"header"`, `"blocks"`, nothing else), the file is written and reads
//! back without an error as the same document, which is when
//! [`super::super::encode`]'s compact-text comparison would find the two
//! the same. Whenever not, it gives nothing, and the caller encodes the
//! JSON's tree, which writes the file or says why not.

use std::fmt;

use serde::de::{DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use hina_di::{Block, BlockReader, BlockWriter, LineEnd, ReadOptions};

use super::{block_from, field_pairs};
use crate::protocol::Version;

/// The fields of a block, as the protocol gives them.
type Pairs = Vec<(String, String)>;

/// The file the HINA-DI JSON `input` is written as, when it is in the
/// decoder's order, has no error and reads back as the same JSON.
pub(crate) fn encode(input: &[u8]) -> Option<Vec<u8>> {
    // Written as the blocks come.
    let mut writer = None;
    let head = walk(input, &mut |head, i, value| {
        let writer = match &mut writer {
            Some(writer) => writer,
            None => writer.insert(
                BlockWriter::new(&head.version, LineEnd::CrLf, &block_of(&head.header))
                    .map_err(|e| e.to_string())?,
            ),
        };
        writer
            .push(&block_of(&block_from(i, value)?))
            .map_err(|e| e.to_string())
    })?;
    let writer = match writer {
        Some(writer) => writer,
        // No block: the writer refuses the document (or says why).
        None => BlockWriter::new(&head.version, LineEnd::CrLf, &block_of(&head.header)).ok()?,
    };
    let bytes = writer.finish().ok()?;

    // Read back beside the JSON's blocks, read again.
    let mut reader = BlockReader::new(&bytes, &ReadOptions::lenient()).ok()?;
    let header_back: Vec<(&str, &str)> = reader.header().pairs().collect();
    let header_given: Vec<(&str, &str)> = head
        .header
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    if reader.version() != head.version || header_back != header_given {
        return None;
    }
    drop(reader.take_diagnostics());
    walk(input, &mut |_, i, value| {
        let given = block_from(i, value)?;
        let back = next_kept(&mut reader).ok_or("fewer blocks read back")?;
        if !back
            .pairs()
            .eq(given.iter().map(|(n, v)| (n.as_str(), v.as_str())))
        {
            return Err(format!("block {i} reads back otherwise"));
        }
        Ok(())
    })?;
    if next_kept(&mut reader).is_some() || reader.error_count() > 0 {
        return None;
    }
    Some(bytes)
}

/// The next block `reader` keeps (not discarded), its diagnostics let go
/// of (only whether there was an error counts, [`BlockReader::error_count`]).
fn next_kept(reader: &mut BlockReader<'_>) -> Option<Block> {
    loop {
        let block = reader.next_block();
        drop(reader.take_diagnostics());
        match block {
            Some(block) if block.is_discarded() => {}
            other => return other,
        }
    }
}

/// A block of `pairs`, as `hina_di::Document::from_pairs` makes each.
fn block_of(pairs: &Pairs) -> Block {
    let mut block = Block::new();
    for (name, value) in pairs {
        block.push_field(name.as_str(), value.as_str());
    }
    block
}

/// The members before `"blocks"`.
#[derive(Default)]
struct Head {
    version: String,
    header: Pairs,
}

/// What is done with each block of the JSON: `(head, index, element)`.
type Take<'a> = dyn FnMut(&Head, usize, &Value) -> Result<(), String> + 'a;

/// Reads the JSON `input` in the decoder's order, giving each element of
/// `"blocks"` to `take`; the members before it, or nothing if the JSON is
/// not in that order or shape, or `take` refuses an element.
fn walk(input: &[u8], take: &mut Take<'_>) -> Option<Head> {
    let mut top = Top {
        take,
        head: Head::default(),
    };
    let mut deserializer = serde_json::Deserializer::from_slice(input);
    serde::Deserializer::deserialize_map(&mut deserializer, &mut top).ok()?;
    deserializer.end().ok()?;
    Some(top.head)
}

struct Top<'a, 'b> {
    take: &'a mut Take<'b>,
    head: Head,
}

impl<'de> Visitor<'de> for &mut Top<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a HINA-DI document in the decoder's order")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let out_of_order = || A::Error::custom("not in the decoder's order");
        let mut key = map.next_key::<String>()?.ok_or_else(out_of_order)?;
        if key == "protocol" {
            let protocol: Value = map.next_value()?;
            let object = Value::Object([("protocol".to_owned(), protocol)].into_iter().collect());
            Version::of(&object).map_err(A::Error::custom)?;
            key = map.next_key::<String>()?.ok_or_else(out_of_order)?;
        }
        if key != "format" || map.next_value::<String>()? != "hina-di" {
            return Err(out_of_order());
        }
        if map.next_key::<String>()?.as_deref() != Some("version") {
            return Err(out_of_order());
        }
        self.head.version = map.next_value()?;
        if map.next_key::<String>()?.as_deref() != Some("header") {
            return Err(out_of_order());
        }
        let header: Value = map.next_value()?;
        self.head.header = field_pairs(&header, "`header`").map_err(A::Error::custom)?;
        if map.next_key::<String>()?.as_deref() != Some("blocks") {
            return Err(out_of_order());
        }
        map.next_value_seed(Blocks(self))?;
        if map.next_key::<IgnoredAny>()?.is_some() {
            return Err(out_of_order());
        }
        Ok(())
    }
}

/// The `"blocks"` list, element by element.
struct Blocks<'a, 'b, 'c>(&'a mut Top<'b, 'c>);

impl<'de> DeserializeSeed<'de> for Blocks<'_, '_, '_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Blocks<'_, '_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let top = self.0;
        let mut i = 0;
        while let Some(value) = seq.next_element::<Value>()? {
            (top.take)(&top.head, i, &value).map_err(A::Error::custom)?;
            i += 1;
        }
        Ok(())
    }
}
