//! One field line as written: name, separator, value, line end, and the
//! bytes of the value when they must be written back as they were read.

use std::borrow::Cow;

use super::field_kind::FieldKind;
use super::value::Value;
use crate::line_end::LineEnd;

/// One field line: `name`, `:`, separator white space, value, line end.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Field {
    /// Borrowed when read as the spec spells it (no allocation per field);
    /// equality and hashing are by text either way.
    name: Cow<'static, str>,
    /// `FieldKind::of(&name)`, kept so that finding fields by kind does not
    /// compare names again (it follows the name, so equality is unchanged).
    kind: FieldKind,
    /// Borrowed for the usual `" "`, `"\t"` and `""`.
    separator: Cow<'static, str>,
    value: Value,
    line_end: LineEnd,
    /// The bytes of the value as read, kept when they could not be decoded
    /// (the value then holds U+FFFD) or when the value does not encode back
    /// to them (JIS X 0212 in EUC-JP, duplicate codes in Shift_JIS, escape
    /// sequences in ISO-2022-JP); written back as they were while the value
    /// is unchanged.
    raw: Option<Box<[u8]>>,
    /// `true` when `raw` could not be decoded.
    lossy: bool,
}

impl Field {
    /// A field written `name: value` with CRLF, the writer's defaults.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Self {
        let name: String = name.into();
        Field {
            kind: FieldKind::of(&name),
            name: Cow::Owned(name),
            separator: Cow::Borrowed(" "),
            value: Value::Own(value.into()),
            line_end: LineEnd::CrLf,
            raw: None,
            lossy: false,
        }
    }

    /// A field as read: `name` and `separator` are ASCII (the grammar
    /// takes no other bytes there).
    pub(crate) fn read(
        name: &[u8],
        separator: &[u8],
        value: Value,
        line_end: LineEnd,
        raw: Option<Box<[u8]>>,
        lossy: bool,
    ) -> Self {
        let (name, kind) = match FieldKind::spelled(name) {
            Some((spelling, kind)) => (Cow::Borrowed(spelling), kind),
            None => {
                let name = String::from_utf8_lossy(name).into_owned();
                let kind = FieldKind::of(&name);
                (Cow::Owned(name), kind)
            }
        };
        let separator = match separator {
            b" " => Cow::Borrowed(" "),
            b"\t" => Cow::Borrowed("\t"),
            b"" => Cow::Borrowed(""),
            other => Cow::Owned(String::from_utf8_lossy(other).into_owned()),
        };
        Field {
            kind,
            name,
            separator,
            value,
            line_end,
            raw,
            lossy,
        }
    }

    /// The same field with the white space after the colon set to
    /// `separator` (spaces and tabs; empty writes `name:value`).
    #[must_use]
    pub fn with_separator(mut self, separator: impl Into<String>) -> Self {
        self.separator = Cow::Owned(separator.into());
        self
    }

    /// The same field ending in `line_end`.
    #[must_use]
    pub fn with_line_end(mut self, line_end: LineEnd) -> Self {
        self.line_end = line_end;
        self
    }

    /// The name as written.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The value as written after the separator and before the line end,
    /// decoded to Unicode.
    pub fn value(&self) -> &str {
        self.value.as_str()
    }

    /// The spaces and tabs written after the colon (`" "`, `"\t"`, `"\t\t"`,
    /// or empty).
    pub fn separator(&self) -> &str {
        &self.separator
    }

    /// The line end.
    pub fn line_end(&self) -> LineEnd {
        self.line_end
    }

    /// What the field is, by its name.
    pub fn kind(&self) -> FieldKind {
        self.kind
    }

    /// `true` when `name` names this field (ASCII case-insensitive).
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// The bytes of the value as read, when they could not be decoded in the
    /// file's charset (the value then holds U+FFFD in their place).
    pub fn undecoded_bytes(&self) -> Option<&[u8]> {
        self.raw.as_deref().filter(|_| self.lossy)
    }

    /// The bytes the writer writes for the value instead of encoding it:
    /// the bytes as read, when they could not be decoded or do not come
    /// back from encoding the value; `None` once the value is replaced.
    pub fn source_bytes(&self) -> Option<&[u8]> {
        self.raw.as_deref()
    }

    /// Replaces the value.
    pub fn set_value(&mut self, value: impl Into<String>) {
        self.value = Value::Own(value.into());
        self.raw = None;
        self.lossy = false;
    }

    /// Replaces the name.
    pub fn set_name(&mut self, name: impl Into<String>) {
        self.name = Cow::Owned(name.into());
        self.kind = FieldKind::of(&self.name);
    }

    /// The spelling of the name in the spec, if it names a defined field
    /// ([`FieldKind::spec_spelling`]).
    pub(crate) fn spec_spelling(&self) -> Option<&'static str> {
        match self.name {
            // Only `read` borrows, and only the spec's spelling.
            Cow::Borrowed(spelling) => Some(spelling),
            Cow::Owned(ref name) => FieldKind::spec_spelling(name),
        }
    }

    /// Replaces the separator white space.
    pub fn set_separator(&mut self, separator: impl Into<String>) {
        self.separator = Cow::Owned(separator.into());
    }

    /// Replaces the line end.
    pub fn set_line_end(&mut self, line_end: LineEnd) {
        self.line_end = line_end;
    }
}
