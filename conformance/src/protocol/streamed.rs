//! `antenna encode` of a long HINA-DI or LIRS document without its whole
//! JSON tree: the top-level object is read member by member, and its long
//! list (`"blocks"`, `"records"`) one element at a time, each made into its
//! part of the document as it comes, while the JSON is checked to be the
//! compact text `antenna decode` writes, which the written file must read
//! back as.
//!
//! This is only a quicker way to the same answer: whenever it cannot give
//! the file [`super::encode`] would (any error, or a read-back text that is
//! not the given one, as when the members are in another order), it gives
//! nothing, and the caller encodes the JSON's tree, which says why.

use std::fmt;

use serde::de::{DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use antenna_model::{Codec, Format};

use super::{Version, hina_di, lirs, reads_back_as};

/// The file `input` (a JSON document of `format`) is written as, when it is
/// HINA-DI or LIRS, has no error and reads back as the same text.
pub(super) fn encode(format: Format, input: &[u8]) -> Option<Vec<u8>> {
    match format {
        // Block by block, written and read back without the document.
        Format::HinaDi => hina_di::encode_streamed(input),
        Format::Lirs => {
            let mut document = ::lirs::Document::default();
            let read = read(input, "records", &mut |i, value| {
                document.records.push(lirs::record_from(i, value)?);
                Ok(())
            })?;
            read.finish::<::lirs::Lirs>(format, document)
        }
        Format::Rss2 => super::rss2_streamed::encode(input),
    }
}

/// The top-level object read: its members other than the long list, and
/// the input itself, found to be the compact text the decoder writes. (An
/// input with `"protocol": 1`, which version 1's decoder does not print,
/// is not: it is left to the tree path.)
struct Read<'i> {
    small: Map<String, Value>,
    given: &'i [u8],
}

impl Read<'_> {
    /// Writes `document`, lets go of it, reads the file back and gives it
    /// when its JSON is the given text, the format and version members
    /// checked as [`super::encode`] checks them.
    fn finish<C: Codec>(self, format: Format, document: C::Document) -> Option<Vec<u8>> {
        let named = self.small.get("format").and_then(Value::as_str);
        if named != Some(format.name()) {
            return None;
        }
        let version = Version::of(&Value::Object(Map::from_iter(
            self.small
                .get("protocol")
                .map(|v| ("protocol".to_owned(), v.clone())),
        )))
        .ok()?;
        let bytes = C::write(&document, &C::WriteOptions::default()).ok()?;
        drop(document);
        reads_back_as(format, &bytes, version, self.given)
            .ok()?
            .then_some(bytes)
    }
}

/// A list element made into its part of the document: `(index, element)`.
type Take<'a> = dyn FnMut(usize, &Value) -> Result<(), String> + 'a;

/// Reads the top-level object of `input`, giving each element of the
/// member `list` to `take`; nothing if the JSON is not an object, the list
/// is missing, `take` refuses an element, or `input` is not the compact
/// text `antenna decode` writes (then the tree path answers: this one
/// compares the file read back with the input itself, so as not to hold a
/// second copy of it).
fn read<'i>(input: &'i [u8], list: &'static str, take: &mut Take<'_>) -> Option<Read<'i>> {
    let mut top = Top {
        list,
        take,
        seen: false,
        small: Map::new(),
        given: Compact {
            rest: input,
            same: true,
            written: 0,
        },
    };
    let mut deserializer = serde_json::Deserializer::from_slice(input);
    serde::Deserializer::deserialize_map(&mut deserializer, &mut top).ok()?;
    deserializer.end().ok()?;
    let Compact { rest, same, .. } = top.given;
    // A line end (or other white space) may follow the object.
    (top.seen && same && rest.trim_ascii().is_empty()).then(|| Read {
        small: top.small,
        given: input.get(..input.len() - rest.len()).unwrap_or(input),
    })
}

/// The compact text of what has been read, checked against the input as it
/// is made instead of kept.
struct Compact<'i> {
    /// The input not yet matched.
    rest: &'i [u8],
    /// Whether everything made so far matched.
    same: bool,
    /// Bytes made so far.
    written: usize,
}

impl Compact<'_> {
    fn push(&mut self, byte: u8) {
        let _ = std::io::Write::write(self, &[byte]);
    }
}

impl std::io::Write for Compact<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.rest.strip_prefix(buf) {
            Some(rest) if self.same => self.rest = rest,
            _ => self.same = false,
        }
        self.written += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Top<'a, 'b, 'i> {
    list: &'static str,
    take: &'a mut Take<'b>,
    seen: bool,
    small: Map<String, Value>,
    given: Compact<'i>,
}

impl Top<'_, '_, '_> {
    /// Appends `"key":` (after a comma unless first) to the given text.
    fn key(&mut self, key: &str) -> serde_json::Result<()> {
        if self.given.written > 1 {
            self.given.push(b',');
        }
        serde_json::to_writer(&mut self.given, key)?;
        self.given.push(b':');
        Ok(())
    }
}

impl<'de> Visitor<'de> for &mut Top<'_, '_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.given.push(b'{');
        while let Some(key) = map.next_key::<String>()? {
            if key == self.list {
                if self.seen {
                    return Err(A::Error::custom("the list is given twice"));
                }
                self.seen = true;
                self.key(&key).map_err(A::Error::custom)?;
                map.next_value_seed(List(&mut *self))?;
            } else {
                let value: Value = map.next_value()?;
                if self.small.contains_key(&key) {
                    return Err(A::Error::custom("a member is given twice"));
                }
                // The decoder prints no `"protocol": 1`: not made, so
                // that an input holding it is not the compact text.
                if !(key == "protocol" && value == 1) {
                    self.key(&key).map_err(A::Error::custom)?;
                    serde_json::to_writer(&mut self.given, &value).map_err(A::Error::custom)?;
                }
                self.small.insert(key, value);
            }
        }
        self.given.push(b'}');
        Ok(())
    }
}

/// The long list, element by element.
struct List<'a, 'b, 'c, 'i>(&'a mut Top<'b, 'c, 'i>);

impl<'de> DeserializeSeed<'de> for List<'_, '_, '_, '_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for List<'_, '_, '_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let top = self.0;
        top.given.push(b'[');
        let mut i = 0;
        while let Some(value) = seq.next_element::<Value>()? {
            if i > 0 {
                top.given.push(b',');
            }
            serde_json::to_writer(&mut top.given, &value).map_err(A::Error::custom)?;
            (top.take)(i, &value).map_err(A::Error::custom)?;
            i += 1;
        }
        top.given.push(b']');
        Ok(())
    }
}
