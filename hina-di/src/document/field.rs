//! One field line as written: name, separator, value, line end, and the
//! bytes of the value when they must be written back as they were read.

use std::sync::Arc;

use super::field_kind::FieldKind;
use super::value::Value;
use crate::line_end::LineEnd;

/// One field line: `name`, `:`, separator white space, value, line end.
///
/// Kept small (64 bytes on x86-64, asserted in the tests) because a block
/// may hold hundreds of thousands of fields: what almost no field has
/// (an unusual separator, the value's bytes as read) is boxed apart, and
/// name and value are slices of the block's one text when read.
#[derive(Clone)]
pub struct Field {
    /// A slice of the block's one text when read or written from an
    /// entry (no allocation per field), else its own; empty when
    /// `spelled` holds it.
    name: Value,
    value: Value,
    /// The separator when it is not one of [`Separator`]'s, and the bytes
    /// of the value as read: `None` for almost every field.
    rare: Option<Box<Rare>>,
    /// `FieldKind::of(&name)`, kept so that finding fields by kind does not
    /// compare names again (it follows the name, so equality is unchanged).
    kind: FieldKind,
    /// The name, when it is written as the spec spells it (the usual
    /// name): its index among the spec's spellings
    /// (`FieldKind::spelled_index`), no text of its own or share to count.
    /// Every constructor sets it for such a name, so the derived equality
    /// holds between fields made either way.
    spelled: Option<u8>,
    separator: Separator,
    line_end: LineEnd,
    /// `true` for a field made from text already checked to be written
    /// as it is (a field name, a value without control characters or
    /// leading white space, the usual separator): the writer does not
    /// check it again (issue #23). Every change of the field clears it;
    /// equality and hashing leave it out.
    checked: bool,
}

/// What a field's equality and hash are of: all but its `checked` mark.
type Written<'a> = (
    &'a Value,
    &'a Value,
    &'a Option<Box<Rare>>,
    FieldKind,
    Option<u8>,
    Separator,
    LineEnd,
);

impl Field {
    /// Everything but the `checked` mark (named whole, so that a field
    /// added to `Field` must be placed here or left out on purpose).
    fn written(&self) -> Written<'_> {
        let Field {
            name,
            value,
            rare,
            kind,
            spelled,
            separator,
            line_end,
            checked: _,
        } = self;
        (name, value, rare, *kind, *spelled, *separator, *line_end)
    }
}

/// By what is written: name, value, separator, line end, the bytes as
/// read (not whether the field was checked).
impl PartialEq for Field {
    fn eq(&self, other: &Self) -> bool {
        self.written() == other.written()
    }
}

impl Eq for Field {}

impl std::hash::Hash for Field {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.written().hash(state);
    }
}

impl std::fmt::Debug for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Field")
            .field("name", &self.name())
            .field("value", &self.value)
            .field("kind", &self.kind)
            .field("separator", &self.separator())
            .field("line_end", &self.line_end)
            .field("rare", &self.rare)
            .finish()
    }
}

/// A name and what it says: (text, spelling index, kind).
type Name = (Value, Option<u8>, FieldKind);

/// The name `spelling` when the spec spells it so: no text of its own.
fn spelled(spelling: &[u8]) -> Option<Name> {
    let (index, kind) = FieldKind::spelled_at(spelling)?;
    Some((Value::own(String::new()), Some(index), kind))
}

/// The name of `range` of `text` (ASCII, cut by the reader or a writer)
/// and its kind.
fn name_of(text: &Arc<str>, range: std::ops::Range<usize>) -> Name {
    let spelling = text.get(range.clone()).unwrap_or_default();
    spelled(spelling.as_bytes()).unwrap_or_else(|| unspelled(text, range))
}

/// [`name_of`] for a name known not to be spelled as the spec spells it.
fn unspelled(text: &Arc<str>, range: std::ops::Range<usize>) -> Name {
    let name = Value::shared(text, range);
    let kind = FieldKind::of(name.as_str());
    (name, None, kind)
}

/// A name of its own.
fn owned(name: String) -> Name {
    spelled(name.as_bytes()).unwrap_or_else(|| {
        let kind = FieldKind::of(&name);
        (Value::own(name), None, kind)
    })
}

/// The white space after the colon, without an allocation for the usual
/// three; any other is in [`Rare::separator`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Separator {
    Space,
    Tab,
    Empty,
    Other,
}

/// What almost no field has, boxed apart from [`Field`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
struct Rare {
    /// The separator, when it is [`Separator::Other`].
    separator: Option<Box<str>>,
    /// The bytes of the value as read, kept when they could not be decoded
    /// (the value then holds U+FFFD) or when the value does not encode back
    /// to them (JIS X 0212 in EUC-JP, duplicate codes in Shift_JIS, escape
    /// sequences in ISO-2022-JP); written back as they were while the value
    /// is unchanged.
    raw: Option<Box<[u8]>>,
    /// `true` when `raw` could not be decoded.
    lossy: bool,
}

impl Rare {
    /// `None` when it holds nothing, so that a field without rare parts
    /// has no box.
    fn boxed(self) -> Option<Box<Rare>> {
        let usual = self.separator.is_none() && self.raw.is_none() && !self.lossy;
        (!usual).then(|| Box::new(self))
    }
}

impl Field {
    /// A field written `name: value` with CRLF, the writer's defaults.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Self {
        let (name, spelled, kind) = owned(name.into());
        Field {
            kind,
            name,
            spelled,
            separator: Separator::Space,
            value: Value::own(value.into()),
            line_end: LineEnd::CrLf,
            rare: None,
            checked: false,
        }
    }

    /// A field written `name: value` with CRLF whose name and value are
    /// the ranges `name` and `value` of `text`, a text shared by the fields
    /// of a block (one allocation for all their names and values). The
    /// ranges must be cut at character boundaries.
    pub(crate) fn shared(
        text: &Arc<str>,
        name: std::ops::Range<usize>,
        value: std::ops::Range<usize>,
    ) -> Self {
        let (name, spelled, kind) = name_of(text, name);
        Field {
            kind,
            name,
            spelled,
            separator: Separator::Space,
            value: Value::shared(text, value),
            line_end: LineEnd::CrLf,
            rare: None,
            checked: false,
        }
    }

    /// A field as read: its name is the spec's spelling, or `Err` its
    /// range of `text` (the block's text), and `separator` is ASCII (the
    /// grammar takes no other bytes there).
    pub(crate) fn read(
        text: &Arc<str>,
        name: Result<(u8, FieldKind), std::ops::Range<usize>>,
        separator: &[u8],
        value: Value,
        line_end: LineEnd,
        raw: Option<Box<[u8]>>,
        lossy: bool,
    ) -> Self {
        let (name, spelled, kind) = match name {
            Ok((index, kind)) => (Value::own(String::new()), Some(index), kind),
            Err(range) => unspelled(text, range),
        };
        let (separator, other) = match separator {
            b" " => (Separator::Space, None),
            b"\t" => (Separator::Tab, None),
            b"" => (Separator::Empty, None),
            other => (
                Separator::Other,
                Some(String::from_utf8_lossy(other).into()),
            ),
        };
        Field {
            kind,
            name,
            spelled,
            separator,
            value,
            line_end,
            rare: Rare {
                separator: other,
                raw,
                lossy,
            }
            .boxed(),
            checked: false,
        }
    }

    /// The same field with the white space after the colon set to
    /// `separator` (spaces and tabs; empty writes `name:value`).
    #[must_use]
    pub fn with_separator(mut self, separator: impl Into<String>) -> Self {
        self.set_separator(separator);
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
        match self.spelled {
            Some(index) => FieldKind::spelling(index),
            None => self.name.as_str(),
        }
    }

    /// The value as written after the separator and before the line end,
    /// decoded to Unicode.
    pub fn value(&self) -> &str {
        self.value.as_str()
    }

    /// The spaces and tabs written after the colon (`" "`, `"\t"`, `"\t\t"`,
    /// or empty).
    pub fn separator(&self) -> &str {
        match self.separator {
            Separator::Space => " ",
            Separator::Tab => "\t",
            Separator::Empty => "",
            Separator::Other => self
                .rare
                .as_ref()
                .and_then(|rare| rare.separator.as_deref())
                .unwrap_or_default(),
        }
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
        self.name().eq_ignore_ascii_case(name)
    }

    /// The bytes of the value as read, when they could not be decoded in the
    /// file's charset (the value then holds U+FFFD in their place).
    pub fn undecoded_bytes(&self) -> Option<&[u8]> {
        self.rare
            .as_ref()
            .filter(|rare| rare.lossy)
            .and_then(|rare| rare.raw.as_deref())
    }

    /// The bytes the writer writes for the value instead of encoding it:
    /// the bytes as read, when they could not be decoded or do not come
    /// back from encoding the value; `None` once the value is replaced.
    pub fn source_bytes(&self) -> Option<&[u8]> {
        self.rare.as_ref().and_then(|rare| rare.raw.as_deref())
    }

    /// Replaces the value.
    pub fn set_value(&mut self, value: impl Into<String>) {
        self.checked = false;
        self.value = Value::own(value.into());
        self.edit_rare(|rare| {
            rare.raw = None;
            rare.lossy = false;
        });
    }

    /// Replaces the name.
    pub fn set_name(&mut self, name: impl Into<String>) {
        self.checked = false;
        (self.name, self.spelled, self.kind) = owned(name.into());
    }

    /// The spelling of the name in the spec, if it names a defined field
    /// ([`FieldKind::spec_spelling`]).
    pub(crate) fn spec_spelling(&self) -> Option<&'static str> {
        // An `X-` or undefined name is no spelling of the spec's (the
        // kind says so without comparing it with each of them).
        match (self.spelled, self.kind) {
            (Some(index), _) => Some(FieldKind::spelling(index)),
            (None, FieldKind::Experimental | FieldKind::Undefined) => None,
            _ => FieldKind::spec_spelling(self.name()),
        }
    }

    /// Replaces the separator white space.
    pub fn set_separator(&mut self, separator: impl Into<String>) {
        let separator: String = separator.into();
        let (common, other) = match separator.as_str() {
            " " => (Separator::Space, None),
            "\t" => (Separator::Tab, None),
            "" => (Separator::Empty, None),
            _ => (Separator::Other, Some(separator.into_boxed_str())),
        };
        self.checked = false;
        self.separator = common;
        self.edit_rare(|rare| rare.separator = other);
    }

    /// The same field, marked as made from text its maker checked: its
    /// name is a field name, its value holds no control character (CR
    /// and LF included) and does not start with white space, its
    /// separator is one space, and it holds no bytes as read. The writer
    /// then encodes it without checking it again.
    pub(crate) fn checked(mut self) -> Self {
        self.checked = self.separator == Separator::Space && self.rare.is_none();
        self
    }

    /// `true` for a field marked by [`Field::checked`] and not changed
    /// since.
    pub(crate) fn is_checked(&self) -> bool {
        self.checked
    }

    /// Replaces the line end.
    pub fn set_line_end(&mut self, line_end: LineEnd) {
        self.line_end = line_end;
    }

    /// Changes the rare parts, boxing them only while they hold something.
    fn edit_rare(&mut self, edit: impl FnOnce(&mut Rare)) {
        let mut rare = self.rare.take().map(|rare| *rare).unwrap_or_default();
        edit(&mut rare);
        self.rare = rare.boxed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_small() {
        // The per-field figure README.md's Limits section derives its
        // bound for a HINA-DI block from.
        assert_eq!(std::mem::size_of::<Field>(), 64);
    }

    /// A name the spec spells is held by its index whichever way the
    /// field is made, so fields made in code, read, or renamed compare
    /// and hash by their text alone.
    #[test]
    fn a_spelled_name_is_the_same_field_however_made() {
        let text: Arc<str> = Arc::from("vURLX-URL");
        let read = |name| {
            Field::read(
                &text,
                name,
                b" ",
                Value::shared(&text, 0..1),
                LineEnd::CrLf,
                None,
                false,
            )
        };
        let made = Field::new("URL", "v");
        assert_eq!(read(FieldKind::spelled_at(b"URL").ok_or(1..4)), made);
        assert_eq!(Field::shared(&text, 1..4, 0..1), made);
        assert_eq!(made.name(), "URL");
        assert_eq!(made.spec_spelling(), Some("URL"));
        let mut renamed = Field::new("X-URL", "v");
        assert_eq!(read(Err(4..9)), renamed);
        assert_eq!(renamed.spec_spelling(), None);
        renamed.set_name("URL");
        assert_eq!(renamed, made);
        let hash = |f: &Field| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            f.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&renamed), hash(&made));
        // Another case is no spelling of the spec's: kept as written.
        let lower = Field::new("url", "v");
        assert_eq!(lower.name(), "url");
        assert_ne!(lower, made);
        assert!(format!("{made:?}").contains("\"URL\""));
    }

    /// The mark that lets the writer skip its checks goes with any
    /// change of what it vouches for, and is no part of equality or the
    /// hash.
    #[test]
    fn a_checked_field_is_unchecked_by_any_change() {
        let hash = |f: &Field| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            f.hash(&mut h);
            h.finish()
        };
        let made = || Field::new("Title", "t").checked();
        assert!(made().is_checked());
        assert_eq!(made(), Field::new("Title", "t"));
        assert_eq!(hash(&made()), hash(&Field::new("Title", "t")));
        let edits: [fn(&mut Field); 4] = [
            |f| f.set_value("line\nbreak"),
            |f| f.set_name("Bad Name"),
            |f| f.set_separator("\t"),
            |f| *f = f.clone().with_separator(""),
        ];
        for edit in edits {
            let mut field = made();
            edit(&mut field);
            assert!(!field.is_checked(), "{field:?}");
        }
        // The line end is not checked: changing it keeps the mark.
        let mut field = made();
        field.set_line_end(LineEnd::Lf);
        assert!(field.is_checked());
        // What a maker cannot vouch for is not marked.
        assert!(
            !Field::new("Title", "t")
                .with_separator(" \t")
                .checked()
                .is_checked()
        );
    }

    #[test]
    fn rare_parts_are_kept_and_dropped() {
        let text: Arc<str> = Arc::from("X-ATitle");
        let mut field = Field::read(
            &text,
            Err(0..3),
            b" \t",
            Value::own("v".into()),
            LineEnd::Lf,
            None,
            false,
        );
        assert_eq!(field.name(), "X-A");
        assert_eq!(field.separator(), " \t");
        assert!(field.rare.is_some());
        field.set_separator("\t");
        assert_eq!(field.separator(), "\t");
        assert!(field.rare.is_none(), "nothing rare left, no box");
        let mut field = Field::read(
            &text,
            FieldKind::spelled_at(b"Title").ok_or(3..8),
            b"",
            Value::own("?".into()),
            LineEnd::CrLf,
            Some(Box::from(&b"\xff"[..])),
            true,
        );
        assert_eq!(field.name(), "Title");
        assert_eq!(field.separator(), "");
        assert_eq!(field.undecoded_bytes(), Some(&b"\xff"[..]));
        field.set_value("t");
        assert_eq!(
            (field.source_bytes(), field.undecoded_bytes()),
            (None, None)
        );
        assert!(field.rare.is_none());
        assert_eq!(field, Field::new("Title", "t").with_separator(""));
    }

    #[test]
    fn a_shared_value_is_its_range_and_a_spec_name_is_borrowed() {
        let text: Arc<str> = Arc::from("urlURLtwo");
        let field = Field::shared(&text, 0..3, 6..9);
        assert_eq!((field.name(), field.value()), ("url", "two"));
        assert_eq!(field.kind(), FieldKind::of("URL"));
        assert_eq!(field, Field::new("url", "two"));
        let spec = Field::shared(&text, 3..6, 6..9);
        assert_eq!(spec.spec_spelling(), Some("URL"));
    }
}
