//! `antenna encode` of a long document without its JSON tree or its whole
//! document, for every format ([`PartJson`]): the top-level object's
//! members but the parts' array make the head
//! ([`PartJson::head_from_json`]), written first ([`antenna_model::PartCodec::writer`]);
//! then each element of the array is made into its part
//! ([`PartJson::part_from_json`]) and pushed ([`PartWriter::push`]) as it
//! is read, one at a time. The file written is read back
//! ([`antenna_model::PartCodec::reader`]) and its JSON ([`PartsWriter`], [`write_object`])
//! compared, as it is made, with the input itself: the decoder prints
//! compact JSON, and when the input is that text it is also the text
//! [`super::encode`] compares the read-back with.
//!
//! The JSON is read in passes, each keeping one element at a time: the
//! first skips the parts and keeps the other members (which may come
//! after the parts: RSS's `"extensions"` of `<rss>`); a format whose head
//! needs something of every part ([`PartJson::NAMES_PASS`]: RSS's
//! namespace prefixes) has a second that makes each part and lets it go;
//! the last writes them. A format whose reader would hold every part
//! ([`PartJson::READ_BACK_EACH_PART`]: RSS) has each part read back as it
//! is written, inside the text of the document without parts, so that
//! what is held whole is the input and the written file, never a tree or
//! a document of all the parts.
//!
//! This is only a quicker way to the same answer: whenever it cannot give
//! the file [`super::encode`] would (any error, a version 1 `"protocol":
//! 1`, JSON that is not compact or has its members in another order), it
//! gives nothing, and the caller encodes the JSON's tree, which says why.

use std::cell::RefCell;
use std::fmt;
use std::io::{self, Write};
use std::rc::Rc;

use serde::de::{DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use antenna_model::parts::{Counted, Discard, write_by_parts};
use antenna_model::{Format, PartReader, PartWriter};

use super::Version;
use super::parts::{PartJson, PartsWriter, write_object};

/// The most bytes of the document without parts that each part is read
/// back inside ([`PartJson::READ_BACK_EACH_PART`]). Reading them again for
/// every part is time in the head's length times the parts: a document
/// whose head is longer than this (a channel description of megabytes
/// before many items) is left to the tree path, which reads it once.
const MAX_FRAME: usize = 64 * 1024;

/// The file the JSON document `input` of `format` is written as, when it
/// has no error and reads back as the input itself.
pub(super) fn encode(format: Format, input: &[u8]) -> Option<Vec<u8>> {
    match format {
        Format::HinaDi => encode_as::<::hina_di::HinaDi>(input),
        Format::Lirs => encode_as::<::lirs::Lirs>(input),
        Format::Rss2 => encode_as::<::rss2::Rss2>(input),
    }
}

/// [`encode`] in the format `C`.
fn encode_as<C: PartJson>(input: &[u8]) -> Option<Vec<u8>> {
    // The members but the parts.
    let mut members = Map::new();
    walk::<C>(input, Some(&mut members), None)?;
    if members.get("format").and_then(Value::as_str) != Some(C::FORMAT.name()) {
        return None;
    }
    let protocol = members.get("protocol").cloned();
    let version = Version::of(&Value::Object(Map::from_iter(
        protocol.map(|p| ("protocol".to_owned(), p)),
    )))
    .ok()?;
    // Version 1's decoder prints no `"protocol"`: such an input is not
    // its text.
    if version == Version::V1 && members.contains_key("protocol") {
        return None;
    }
    let mut head = C::head_from_json(&members, version).ok()?;
    drop(members);
    let mut names = C::Names::default();
    if C::NAMES_PASS {
        walk::<C>(
            input,
            None,
            Some(&mut |i, value| {
                C::learn(&mut names, &mut C::part_from_json(value, i, version)?);
                Ok(())
            }),
        )?;
    }
    C::settle(&mut head, &mut names);

    let options = C::WriteOptions::default();
    let out = Shared::default();
    let mut writer = C::writer(out.clone(), &head, &options).ok()?;
    let mut given = Given(trim_json_space(input));
    if C::READ_BACK_EACH_PART {
        // The document without parts: its head and tail frame each part
        // read back, its JSON the text around the parts.
        let empty = write_by_parts::<C>(&head, std::iter::empty(), &options).ok()?;
        drop(head);
        if empty.len() > MAX_FRAME {
            return None;
        }
        let (head_bytes, tail_bytes) = empty.split_at_checked(out.len())?;
        if *head_bytes != **out.0.borrow() {
            return None;
        }
        let around = read_back::<C>(&empty, &mut |_| Err(io::Error::other("a part")))?;
        let mut frame = Vec::new();
        write_object::<C>(
            C::head_json(&around, version),
            version,
            &mut given,
            |json| {
                let mut json = PartsWriter::new(json, version);
                let mut read_back_part = |written: &[u8]| {
                    frame.clear();
                    frame.extend_from_slice(head_bytes);
                    frame.extend_from_slice(written);
                    frame.extend_from_slice(tail_bytes);
                    let mut parts = 0;
                    read_back::<C>(&frame, &mut |part| {
                        parts += 1;
                        json.push::<C>(&part)
                    })
                    .filter(|_| parts == 1)
                    .map(drop)
                };
                write_parts::<C>(
                    input,
                    version,
                    &names,
                    &mut writer,
                    &out,
                    &mut read_back_part,
                )
                .ok_or_else(|| io::Error::other("not written, or not the given JSON"))
            },
        )
        .ok()?;
        drop(writer.finish().ok()?);
    } else {
        drop(head);
        write_parts::<C>(input, version, &names, &mut writer, &out, &mut |_| Some(()))?;
        drop(writer.finish().ok()?);
        let bytes = out.0.borrow();
        let mut reader = C::reader(&bytes, &C::read_options(false)).ok()?;
        let mut counted = Counted::new(Discard);
        write_object::<C>(
            C::head_json(reader.head(), version),
            version,
            &mut given,
            |out| {
                let mut json = PartsWriter::new(out, version);
                while let Some(part) = reader.next_part(&mut counted) {
                    json.push::<C>(&part)?;
                }
                Ok(())
            },
        )
        .ok()?;
        reader.finish(&mut counted);
        if counted.errors > 0 {
            return None;
        }
    }
    if !given.0.is_empty() {
        return None;
    }
    Rc::try_unwrap(out.0).ok().map(RefCell::into_inner)
}

/// Makes each element of the JSON's parts into its part and writes it,
/// giving the bytes written of each to `written` (`None` stops).
fn write_parts<C: PartJson>(
    input: &[u8],
    version: Version,
    names: &C::Names,
    writer: &mut C::Writer<Shared>,
    out: &Shared,
    written: &mut dyn FnMut(&[u8]) -> Option<()>,
) -> Option<()> {
    walk::<C>(
        input,
        None,
        Some(&mut |i, value| {
            let mut part = C::part_from_json(value, i, version)?;
            C::settle_part(names, &mut part);
            let start = out.len();
            writer.push(&part).map_err(|e| e.to_string())?;
            drop(part);
            written(out.0.borrow().get(start..).unwrap_or_default())
                .ok_or_else(|| "the part does not read back as itself".to_owned())
        }),
    )
}

/// Reads `bytes` back as the reference decoder does, giving each part to
/// `take`: the head, or `None` when the file is rejected or `take` fails.
fn read_back<C: PartJson>(
    bytes: &[u8],
    take: &mut dyn FnMut(C::Part) -> io::Result<()>,
) -> Option<C::Head> {
    let mut reader = C::reader(bytes, &C::read_options(false)).ok()?;
    let mut counted = Counted::new(Discard);
    while let Some(part) = reader.next_part(&mut counted) {
        take(part).ok()?;
    }
    let head = reader.finish(&mut counted);
    (counted.errors == 0).then_some(head)
}

/// The written file, shared between the writer and the read-back of each
/// part as it is written.
#[derive(Debug, Default, Clone)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Shared {
    fn len(&self) -> usize {
        self.0.borrow().len()
    }
}

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The given JSON text not yet met: what is written to it must be its
/// next bytes (an error otherwise, which stops the writing).
struct Given<'a>(&'a [u8]);

impl Write for Given<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.0.strip_prefix(buf) {
            Some(rest) => {
                self.0 = rest;
                Ok(buf.len())
            }
            None => Err(io::Error::other("not the given JSON")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
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

/// An element of the parts' array taken, with its index: `Err` stops the
/// walk.
type Take<'a> = dyn FnMut(usize, &Value) -> Result<(), String> + 'a;

/// Reads the top-level object of `input`: its members but the parts' array
/// into `members` when given (skipped otherwise), each element of the
/// array to `take` when given (skipped otherwise); `None` if the JSON is
/// not an object, a member is given twice, the array is missing or not an
/// array, or `take` refuses an element.
fn walk<C: PartJson>(
    input: &[u8],
    members: Option<&mut Map<String, Value>>,
    take: Option<&mut Take<'_>>,
) -> Option<()> {
    let mut top = Top {
        parts: C::PARTS,
        members,
        take,
        seen: false,
    };
    let mut deserializer = serde_json::Deserializer::from_slice(input);
    serde::Deserializer::deserialize_map(&mut deserializer, &mut top).ok()?;
    deserializer.end().ok()?;
    top.seen.then_some(())
}

struct Top<'a, 'b> {
    parts: &'static str,
    members: Option<&'a mut Map<String, Value>>,
    take: Option<&'a mut Take<'b>>,
    seen: bool,
}

impl<'de> Visitor<'de> for &mut Top<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == self.parts {
                if std::mem::replace(&mut self.seen, true) {
                    return Err(A::Error::custom("the parts are given twice"));
                }
                match &mut self.take {
                    Some(take) => map.next_value_seed(Parts(&mut **take))?,
                    // Checked to be an array by the pass that takes them.
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
            } else if let Some(members) = &mut self.members {
                let value: Value = map.next_value()?;
                if members.insert(key, value).is_some() {
                    return Err(A::Error::custom("a member is given twice"));
                }
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// The parts' array, element by element.
struct Parts<'a, 'b>(&'a mut Take<'b>);

impl<'de> DeserializeSeed<'de> for Parts<'_, '_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Parts<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        while let Some(value) = seq.next_element::<Value>()? {
            (self.0)(i, &value).map_err(A::Error::custom)?;
            i += 1;
        }
        Ok(())
    }
}
