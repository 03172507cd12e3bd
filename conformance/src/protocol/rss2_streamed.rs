//! `antenna encode --format rss2` of a long document without its JSON tree,
//! its whole document or a whole read-back: the items are read from the
//! JSON one at a time, written one at a time ([`::rss2::StreamWriter`]) and
//! each read back on its own, so that what is held whole is the input and
//! the written file, never a tree or a document of all the items.
//!
//! Two things about the items are needed before the first is written, and
//! the JSON may give them after the items: the `"protocol"` member (an
//! item's shape depends on it), found in a first pass that skips every
//! other value ([`IgnoredAny`]); and the namespaces the extension names
//! use (all declared on `<rss>`, with prefixes chosen in document order),
//! gathered in a second pass that makes each item and lets it go. The
//! third pass makes each item again, writes it, and reads it back.
//!
//! The read-back: an item is read back in a document made of the written
//! file's head (everything before the first item), the item, and the
//! file's tail: the reader keeps no state from one item to the next, so
//! the item reads back in it as it does in the whole file. The JSON of
//! the document without items gives the text around the items. The
//! pieces' JSON is compared, in order, with the input itself: the decoder
//! prints compact JSON, and when the input is that text, it is also the
//! text [`super::encode`] compares the read-back with.
//!
//! Like [`super::streamed`], this is only a quicker way to the same answer:
//! whenever it cannot give the file [`super::encode`] would (any error, a
//! version 1 `"protocol": 1`, JSON that is not compact or has its members
//! in another order), it gives nothing, and the caller encodes the JSON's
//! tree, which says why.

use std::fmt;

use serde::de::{DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use antenna_model::Format;

use super::extensions::Names;
use super::{SameAs, Version, decode_text, read, rss2};

/// The protocol's empty items array, as `serde_json` writes it.
const EMPTY_ITEMS: &[u8] = b"\"items\":[]";

/// The most bytes of the document around the items (its head and tail)
/// that each item is read back inside. Reading them again for every item
/// is time in the head's length times the items: a document whose channel
/// is longer than this (a channel description of megabytes before many
/// items) is left to the tree path, which reads it once.
const MAX_FRAME: usize = 64 * 1024;

/// The file the RSS JSON document `input` is written as, when it has no
/// error and reads back as the input itself.
pub(super) fn encode(input: &[u8]) -> Option<Vec<u8>> {
    let version = version(input)?;
    // The members but the items, and the names the items use.
    let mut attributes = Names::default();
    let mut elements = Names::default();
    let mut small = Map::new();
    walk(input, Some(&mut small), &mut |value| {
        let mut item = rss2::item_from(value, version)?;
        attributes.attributes(&mut item.attributes);
        elements.elements(&mut item.extensions);
        Ok(())
    })?;
    if small.get("format").and_then(Value::as_str) != Some(Format::Rss2.name()) {
        return None;
    }
    let channel = rss2::channel_from(&small, version).ok()?;
    let mut head = rss2::document_from(&small, channel).ok()?;
    drop(small);
    // The names in the order `extensions::declare_prefixes` meets them in
    // the whole document.
    let mut names = Names::default();
    names.attributes(&mut head.attributes);
    names.attributes(&mut head.channel.attributes);
    names.then(attributes);
    names.elements(&mut head.channel.extensions);
    if let Some(image) = &mut head.channel.image {
        names.elements(&mut image.extensions);
    }
    if let Some(input) = &mut head.channel.text_input {
        names.elements(&mut input.extensions);
    }
    names.then(elements);
    names.elements(&mut head.extensions);
    let prefixes = names.prefixes();
    prefixes.apply(&mut head);
    head.namespaces
        .extend(prefixes.declarations.iter().cloned());

    let options = ::rss2::WriteOptions::default();
    // The document without items: its head and tail frame each item read
    // back, its JSON the text around the items.
    let empty = ::rss2::write(&head, &options).ok()?;
    let mut writer = ::rss2::StreamWriter::new(Vec::new(), &head, &options).ok()?;
    drop(head);
    let head_len = writer.get_ref().len();
    let (head_bytes, tail_bytes) = empty.split_at_checked(head_len)?;
    if empty.len() > MAX_FRAME {
        return None;
    }
    if head_bytes != writer.get_ref().as_slice() {
        return None;
    }
    let around = decode_text(Format::Rss2, &empty, version).ok()?;
    let at = find_once(&around, EMPTY_ITEMS)?;
    let (before, after) = around.split_at(at);
    let after = after.get(EMPTY_ITEMS.len()..)?;

    let mut given = SameAs {
        rest: trim_json_space(input),
        same: true,
    };
    let mut frame = Vec::new();
    let mut first = true;
    write_all(&mut given, before)?;
    write_all(&mut given, b"\"items\":[")?;
    walk(input, None, &mut |value| {
        let mut item = rss2::item_from(value, version)?;
        prefixes.apply_to_item(&mut item);
        let start = writer.get_ref().len();
        writer.item(&item).map_err(|e| e.to_string())?;
        drop(item);
        let written = writer.get_ref().get(start..).unwrap_or_default();
        frame.clear();
        frame.extend_from_slice(head_bytes);
        frame.extend_from_slice(written);
        frame.extend_from_slice(tail_bytes);
        let back = read_back_item(&frame, version).ok_or("the item does not read back")?;
        if !first {
            write_all(&mut given, b",").ok_or("not the given JSON")?;
        }
        first = false;
        serde_json::to_writer(&mut given, &back).map_err(|e| e.to_string())?;
        if given.same {
            Ok(())
        } else {
            Err("the item reads back as other JSON".to_owned())
        }
    })?;
    write_all(&mut given, b"]")?;
    write_all(&mut given, after)?;
    if !(given.same && given.rest.is_empty()) {
        return None;
    }
    writer.finish().ok()
}

/// The JSON of the one item of the document `frame`, read as the
/// reference decoder reads it; `None` when it is rejected or does not hold
/// exactly one item.
fn read_back_item(frame: &[u8], version: Version) -> Option<Value> {
    let document = read::<::rss2::Rss2>(frame).ok()?;
    match document.channel.items.as_slice() {
        [item] => Some(rss2::item_json(item, version)),
        _ => None,
    }
}

/// Writes `bytes` to `given`: `None` once it is not the given text.
fn write_all(given: &mut SameAs<'_>, bytes: &[u8]) -> Option<()> {
    std::io::Write::write_all(given, bytes).ok()?;
    given.same.then_some(())
}

/// `text` without the JSON white space around it.
fn trim_json_space(text: &[u8]) -> &[u8] {
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let start = text.iter().position(|b| !space(b)).unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|b| !space(b))
        .map_or(start, |i| i + 1);
    text.get(start..end).unwrap_or_default()
}

/// Where `needle` is in `text`, when it is there exactly once.
fn find_once(text: &[u8], needle: &[u8]) -> Option<usize> {
    let mut found = text
        .windows(needle.len())
        .enumerate()
        .filter(|(_, w)| *w == needle)
        .map(|(i, _)| i);
    let at = found.next()?;
    found.next().is_none().then_some(at)
}

/// The version the JSON document `input` is in, from its top-level
/// `"protocol"` member, every other value skipped.
fn version(input: &[u8]) -> Option<Version> {
    struct Protocol;
    impl<'de> Visitor<'de> for Protocol {
        type Value = Option<Value>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a JSON object")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Value>, A::Error> {
            let mut protocol = None;
            while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                if key == "protocol" {
                    if protocol.is_some() {
                        return Err(A::Error::custom("`protocol` is given twice"));
                    }
                    protocol = Some(map.next_value::<Value>()?);
                } else {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            Ok(protocol)
        }
    }
    let mut deserializer = serde_json::Deserializer::from_slice(input);
    let protocol = serde::Deserializer::deserialize_map(&mut deserializer, Protocol).ok()?;
    deserializer.end().ok()?;
    let mut root = Map::new();
    root.extend(protocol.map(|p| ("protocol".to_owned(), p)));
    Version::of(&Value::Object(root)).ok()
}

/// An element of `"items"` taken: `Err` stops the walk.
type Take<'a> = dyn FnMut(&Value) -> Result<(), String> + 'a;

/// Reads the top-level object of `input`, giving each element of its
/// `"items"` to `take`, and its other members to `small` when given
/// (skipped otherwise); `None` if the JSON is not an object, a member is
/// given twice, or `take` refuses an element.
fn walk(input: &[u8], small: Option<&mut Map<String, Value>>, take: &mut Take<'_>) -> Option<()> {
    let mut top = Top {
        small,
        take,
        seen: false,
    };
    let mut deserializer = serde_json::Deserializer::from_slice(input);
    serde::Deserializer::deserialize_map(&mut deserializer, &mut top).ok()?;
    deserializer.end().ok()
}

struct Top<'a, 'b> {
    small: Option<&'a mut Map<String, Value>>,
    take: &'a mut Take<'b>,
    seen: bool,
}

impl<'de> Visitor<'de> for &mut Top<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == "items" {
                if self.seen {
                    return Err(A::Error::custom("`items` is given twice"));
                }
                self.seen = true;
                map.next_value_seed(Items(&mut *self.take))?;
            } else if let Some(small) = &mut self.small {
                let value: Value = map.next_value()?;
                if small.insert(key, value).is_some() {
                    return Err(A::Error::custom("a member is given twice"));
                }
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// The `"items"` array, element by element.
struct Items<'a, 'b>(&'a mut Take<'b>);

impl<'de> DeserializeSeed<'de> for Items<'_, '_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Items<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(value) = seq.next_element::<Value>()? {
            (self.0)(&value).map_err(A::Error::custom)?;
        }
        Ok(())
    }
}
