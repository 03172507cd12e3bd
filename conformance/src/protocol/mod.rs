//! The JSON shapes of the conformance protocol (conformance/README.md),
//! both ways: a document to its JSON (what a decoder prints), JSON to a
//! document (what an encoder reads). This module is the reference decoder
//! and encoder: `antenna decode` and `antenna encode` call it, and the
//! runner decodes an encoder's output with it, in process, so an installed
//! runner needs no other program.
//!
//! Version 2 of the protocol is version 1 and the member `"protocol": 2`;
//! for RSS, also the extension elements and attributes, every enclosure,
//! RSS's own namespace and the `<textinput>` spelling (the README's
//! "Protocol version 2").

mod extensions;
mod hina_di;
mod lirs;
pub mod merger;
pub mod parts;
mod rss2;
mod streamed;

use std::borrow::Cow;
use std::fmt;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

use antenna_model::{Codec, Diagnostic, Format};

pub use self::hina_di::{hina_di_json, hina_di_view};
pub use self::lirs::{lirs_json, lirs_view};
pub use self::rss2::{rss2_json, rss2_view};

/// A version of the protocol's JSON shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Version {
    /// Version 1: the elements and attributes each spec defines.
    V1,
    /// Version 2: version 1 and what real files add (see
    /// conformance/README.md).
    V2,
}

impl Version {
    /// Every version, oldest first.
    pub const ALL: [Version; 2] = [Version::V1, Version::V2];

    /// The version's number, as `--protocol` and the `"protocol"` member
    /// write it.
    pub fn number(self) -> u64 {
        match self {
            Version::V1 => 1,
            Version::V2 => 2,
        }
    }

    /// The version's number as text (`"1"`, `"2"`), for command lines.
    pub fn as_str(self) -> &'static str {
        match self {
            Version::V1 => "1",
            Version::V2 => "2",
        }
    }

    /// The version numbered `number`, if there is one.
    pub fn from_number(number: u64) -> Option<Version> {
        Version::ALL.into_iter().find(|v| v.number() == number)
    }

    /// The version a JSON document is in: its top-level `"protocol"`
    /// member, version 1 without one.
    pub fn of(json: &Value) -> Result<Version, String> {
        match json.get("protocol") {
            None => Ok(Version::V1),
            Some(value) => value.as_u64().and_then(Version::from_number).ok_or(format!(
                "`protocol` is {value}; this encoder speaks protocol 1 (no member) and 2"
            )),
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Reads `bytes` as `format` with the reference reader (lenient, as
/// `antenna decode` does) and gives its protocol JSON, or the diagnostics
/// that made the reader reject the file.
pub fn decode(format: Format, bytes: &[u8], version: Version) -> Result<Value, Vec<Diagnostic>> {
    Ok(match format {
        Format::HinaDi => hina_di_json(&read::<::hina_di::HinaDi>(bytes)?, version),
        Format::Lirs => lirs_json(&read::<::lirs::Lirs>(bytes)?, version),
        Format::Rss2 => rss2_json(&read::<::rss2::Rss2>(bytes)?, version),
    })
}

/// The document of `bytes` read with `C`'s reference reader, leniently.
fn read<C: Codec>(bytes: &[u8]) -> Result<C::Document, Vec<Diagnostic>> {
    C::read(bytes, &C::read_options(false))
        .map(|parsed| parsed.document)
        .map_err(|rejected| rejected.diagnostics)
}

/// Writes the document that `json` describes as a file of `format` with the
/// reference writer (LIRS plain, not gzip). The JSON is in the version its
/// `"protocol"` member names (version 1 without one).
///
/// The written file is read back with the reference reader: a document that
/// would read back different from `json` (a value the format cannot hold,
/// trimmed white space, a member that is not in the protocol's shape) is
/// refused rather than changed silently. The error says which member is
/// wrong, why the writer refused the document, or where it would read back
/// different.
pub fn encode(format: Format, json: &Value) -> Result<Vec<u8>, String> {
    write_json(format, json)?.read_back(format)
}

/// [`encode`], taking the JSON and letting go of its tree once the file is
/// written: the file is read back and compared with the JSON as compact
/// text, so only one of the two is held whole as a tree, and only while
/// the document is made (`antenna encode`).
pub fn encode_owned(format: Format, json: Value) -> Result<Vec<u8>, String> {
    let written = write_json(format, &json)?;
    drop(json);
    written.read_back(format)
}

/// [`encode`] of the JSON text `input` with the least memory: the document
/// is read without its whole tree, part by part (a HINA-DI block, a LIRS
/// record, an RSS item), each part written as it comes and the file read
/// back (an RSS item on its own, as it is written): see `streamed`.
/// `None` when that way does not give the file (an error, or JSON that is
/// not the compact text the decoder prints): then parse the JSON and
/// [`encode_owned`] it, which writes the file or says why not.
pub fn encode_streamed(format: Format, input: &[u8]) -> Option<Vec<u8>> {
    streamed::encode(format, input)
}

/// A file written from a JSON document, not yet read back.
struct Written {
    /// The file.
    bytes: Vec<u8>,
    /// The JSON it was written from, as compact text, less a version 1
    /// `"protocol"` member.
    given: Vec<u8>,
    version: Version,
}

/// The file `json` describes, written, with what it must read back as.
fn write_json(format: Format, json: &Value) -> Result<Written, String> {
    fn write<C: Codec>(document: &C::Document) -> Result<Vec<u8>, String> {
        C::write(document, &C::WriteOptions::default())
            .map_err(|e| format!("cannot write the {} file: {e}", C::FORMAT))
    }
    let object = json
        .as_object()
        .ok_or("the document is not a JSON object")?;
    match object.get("format").and_then(Value::as_str) {
        Some(name) if name == format.name() => {}
        Some(name) => return Err(format!("`format` is `{name}`, not `{format}`")),
        None => return Err("`format` is missing".into()),
    }
    let version = Version::of(json)?;
    let bytes = match format {
        Format::HinaDi => write::<::hina_di::HinaDi>(&hina_di::from_json(object)?),
        Format::Lirs => write::<::lirs::Lirs>(&lirs::from_json(object)?),
        Format::Rss2 => write::<::rss2::Rss2>(&rss2::from_json(object, version)?),
    }?;
    // Version 1's decoder prints no `"protocol"`; a `"protocol": 1` given
    // is not compared.
    let given = match json {
        Value::Object(members) if version == Version::V1 && members.contains_key("protocol") => {
            let mut members = members.clone();
            members.shift_remove("protocol");
            Cow::Owned(Value::Object(members))
        }
        _ => Cow::Borrowed(json),
    };
    Ok(Written {
        bytes,
        // A tree of JSON values always serialises.
        given: serde_json::to_vec(&*given).unwrap_or_default(),
        version,
    })
}

impl Written {
    /// The file, when it reads back as the JSON it was written from. The
    /// read-back JSON is made as text, not as a tree, and compared with
    /// the given text; only when they differ (members in another order,
    /// say) are both made trees and compared, to say where.
    fn read_back(self, format: Format) -> Result<Vec<u8>, String> {
        let not_read = |diagnostics: Vec<Diagnostic>| {
            let reasons: Vec<String> = diagnostics.iter().map(|d| d.message.clone()).collect();
            format!(
                "the written file would not read back: {}",
                reasons.join("; ")
            )
        };
        if reads_back_as(format, &self.bytes, self.version, &self.given).map_err(not_read)? {
            return Ok(self.bytes);
        }
        let back = decode_text(format, &self.bytes, self.version).map_err(not_read)?;
        let tree = |text: &[u8]| {
            serde_json::from_slice::<Value>(text)
                .map_err(|e| format!("the JSON does not read back as JSON: {e}"))
        };
        match first_difference(&tree(&self.given)?, &tree(&back)?, "$") {
            None => Ok(self.bytes),
            Some(difference) => Err(format!(
                "the document cannot be written so that it reads back the same: {difference}"
            )),
        }
    }
}

/// Writes the protocol JSON of `bytes` read as `format` to `out`, as
/// compact text (what [`decode`] gives, serialised, without its tree).
fn decode_into(
    format: Format,
    bytes: &[u8],
    version: Version,
    out: impl std::io::Write,
) -> Result<(), Vec<Diagnostic>> {
    let written = match format {
        Format::HinaDi => serde_json::to_writer(
            out,
            &hina_di_view(&read::<::hina_di::HinaDi>(bytes)?, version),
        ),
        Format::Lirs => {
            serde_json::to_writer(out, &lirs_view(&read::<::lirs::Lirs>(bytes)?, version))
        }
        Format::Rss2 => {
            serde_json::to_writer(out, &rss2_view(&read::<::rss2::Rss2>(bytes)?, version))
        }
    };
    // Every key is a string and every number an integer, and the writers
    // here never fail: serialising cannot fail.
    written.unwrap_or_default();
    Ok(())
}

/// The protocol JSON of `bytes` read as `format`, as compact text.
fn decode_text(format: Format, bytes: &[u8], version: Version) -> Result<Vec<u8>, Vec<Diagnostic>> {
    let mut text = Vec::new();
    decode_into(format, bytes, version, &mut text)?;
    Ok(text)
}

/// Whether `bytes` read as `format` has the protocol JSON `given` (compact
/// text), found without holding the read-back text.
fn reads_back_as(
    format: Format,
    bytes: &[u8],
    version: Version,
    given: &[u8],
) -> Result<bool, Vec<Diagnostic>> {
    let mut same = SameAs {
        rest: given,
        same: true,
    };
    decode_into(format, bytes, version, &mut same)?;
    Ok(same.same && same.rest.is_empty())
}

/// A writer that only checks that what is written is `rest`, in order.
struct SameAs<'a> {
    rest: &'a [u8],
    same: bool,
}

impl std::io::Write for SameAs<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.rest.strip_prefix(buf) {
            Some(rest) if self.same => self.rest = rest,
            _ => self.same = false,
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Where `given` and `back` first differ (object key order aside), said
/// as a JSON path and the two values; `None` when they are equal.
fn first_difference(given: &Value, back: &Value, path: &str) -> Option<String> {
    match (given, back) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                let at = format!("{path}.{key}");
                match b.get(key) {
                    Some(other) => {
                        if let Some(difference) = first_difference(value, other, &at) {
                            return Some(difference);
                        }
                    }
                    None => return Some(format!("{at} ({value}) would not be read back")),
                }
            }
            b.iter()
                .find(|(key, _)| !a.contains_key(*key))
                .map(|(key, value)| format!("{path}.{key} would be read back as {value}"))
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(x, y, &format!("{path}[{i}]"))),
        _ if given == back => None,
        _ => Some(format!(
            "{path} is {given} but would be read back as {back}"
        )),
    }
}

/// A document's protocol JSON as it is written, without the whole
/// [`Value`] tree: the members of the top-level object in order, the long
/// list in each (HINA-DI's blocks, LIRS's records, RSS's items) made one
/// element at a time as it is serialised. `antenna decode` writes it
/// straight to its output (`serde_json::to_writer`); [`Json::to_value`]
/// gives the tree, which `hina_di_json`, `lirs_json` and `rss2_json` are.
pub struct Json<'a> {
    members: Vec<(&'static str, Member<'a>)>,
}

/// A top-level member's value: small ones as a [`Value`], the long list
/// as the document part it is made from.
enum Member<'a> {
    Value(Value),
    Blocks(&'a ::hina_di::Document),
    Records(&'a [::lirs::Record]),
    Items(&'a [::rss2::Item], Version),
}

impl<'a> Json<'a> {
    /// The object of the members given, with `"protocol"` first when
    /// `version` is 2 or later (what a decoder of that version prints).
    fn new(
        version: Version,
        members: impl IntoIterator<Item = (&'static str, Member<'a>)>,
    ) -> Self {
        let protocol = (version > Version::V1)
            .then(|| ("protocol", Member::Value(Value::from(version.number()))));
        Json {
            members: protocol.into_iter().chain(members).collect(),
        }
    }

    /// The object of `C`'s members of `head`, its parts (`parts`) between
    /// those before them and those after.
    fn of<C: parts::PartJson>(head: &C::Head, parts: Member<'a>, version: Version) -> Self {
        let parts::HeadJson { before, after } = C::head_json(head, version);
        let value = |(key, value)| (key, Member::Value(value));
        Json::new(
            version,
            before
                .into_iter()
                .map(value)
                .chain([(C::PARTS, parts)])
                .chain(after.into_iter().map(value)),
        )
    }

    /// The JSON as a [`Value`] tree.
    pub fn to_value(&self) -> Value {
        // Every key is a string and every number an integer: serialising
        // into a `Value` cannot fail.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

impl Serialize for Json<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.members.len()))?;
        for (key, member) in &self.members {
            map.serialize_entry(key, member)?;
        }
        map.end()
    }
}

impl Serialize for Member<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Member::Value(value) => value.serialize(serializer),
            Member::Blocks(d) => serializer.collect_seq(d.entity_blocks().map(hina_di::block_json)),
            Member::Records(records) => {
                serializer.collect_seq(records.iter().map(lirs::record_json))
            }
            Member::Items(items, version) => {
                serializer.collect_seq(items.iter().map(|item| rss2::ItemJson(item, *version)))
            }
        }
    }
}

/// An object of the members that are present, in the order given.
fn members<'a>(entries: impl IntoIterator<Item = (&'a str, Option<Value>)>) -> Value {
    Value::Object(
        entries
            .into_iter()
            .filter_map(|(key, value)| Some((key.to_owned(), value?)))
            .collect(),
    )
}

/// Serialises the entry `key` of `map` when `value` is present: what
/// [`members`] leaves out, a serialised object leaves out.
fn optional<M: SerializeMap, T: Serialize>(
    map: &mut M,
    key: &str,
    value: Option<T>,
) -> Result<(), M::Error> {
    match value {
        Some(value) => map.serialize_entry(key, &value),
        None => Ok(()),
    }
}

/// A string value, when there is one.
fn text(value: &Option<String>) -> Option<Value> {
    value.as_deref().map(|s| Value::String(s.to_owned()))
}

/// The string member `key`, if present; an error if it is not a string.
fn string(object: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match object.get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(format!("`{key}` is {other}, not a string")),
    }
}

/// The object member `key`, if present.
fn object<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
) -> Result<Option<&'a Map<String, Value>>, String> {
    match parent.get(key) {
        None => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(other) => Err(format!("`{key}` is {other}, not an object")),
    }
}

/// The array-of-strings member `key`, if present.
fn string_list(parent: &Map<String, Value>, key: &str) -> Result<Option<Vec<String>>, String> {
    match parent.get(key) {
        None => Ok(None),
        Some(value) => value
            .as_array()
            .and_then(|list| list.iter().map(|v| v.as_str().map(str::to_owned)).collect())
            .map(Some)
            .ok_or(format!("`{key}` is not an array of strings")),
    }
}
