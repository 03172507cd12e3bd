//! A block (the header block or an entity block): its fields, the blank
//! lines after it, and the typed accessors of the fields the spec defines.

use std::fmt;

use antenna_model::dates::{self, DateError, ParsedDate};
use antenna_model::url::{self, Url};
use antenna_model::{MethodChain, MethodError};

use super::field::Field;
use super::field_kind::FieldKind;
use crate::grammar::values;
use crate::line_end::LineEnd;

/// An `Image-Width` or `Image-Height` value that is not a pixel count.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BadNumber {
    /// The value as written.
    pub value: String,
}

impl fmt::Display for BadNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a number of pixels (digits only)",
            self.value
        )
    }
}

impl std::error::Error for BadNumber {}

/// Up to this many fields, [`Block::duplicates`] compares each name with
/// the ones before it.
const PAIRWISE_MAX: usize = 32;

/// Indices of the fields whose name an earlier field has (ASCII
/// case-insensitive), by comparing pairs or with a set.
fn duplicates_in(fields: &[Field], pairwise: bool) -> impl Iterator<Item = usize> + '_ {
    let mut seen = (!pairwise).then(|| std::collections::HashSet::with_capacity(fields.len()));
    fields.iter().enumerate().filter_map(move |(i, field)| {
        let duplicate = match &mut seen {
            Some(seen) => !seen.insert(crate::no_case::NoCase(field.name())),
            None => fields.get(..i).is_some_and(|before| {
                // Names equal without regard to case have the same kind.
                before
                    .iter()
                    .any(|other| other.kind() == field.kind() && other.is(field.name()))
            }),
        };
        duplicate.then_some(i)
    })
}

/// `true` when no two of `fields` can share a name: each is a field the
/// spec defines, and no two are of one kind (names equal without regard
/// to case have the same kind). The usual block, checked with a bit per
/// kind instead of comparing names.
fn surely_distinct(fields: &[Field]) -> bool {
    let mut seen = 0u64;
    for field in fields {
        let kind = field.kind();
        let bit = 1u64 << (kind as u32);
        if matches!(kind, FieldKind::Experimental | FieldKind::Undefined) || seen & bit != 0 {
            return false;
        }
        seen |= bit;
    }
    true
}

/// The blank lines after a block: almost always one, kept without an
/// allocation (one per block was a tenth of the reader's allocations).
/// Equality, hashing and `Debug` are those of the list of line ends.
#[derive(Clone, Default)]
pub(crate) enum BlankLines {
    /// None (the last block of a file without its final CRLF).
    #[default]
    None,
    /// One, as the spec says.
    One(LineEnd),
    /// Two or more.
    Many(Vec<LineEnd>),
}

impl BlankLines {
    /// Adds a blank line.
    pub(crate) fn push(&mut self, line_end: LineEnd) {
        *self = match std::mem::take(self) {
            BlankLines::None => BlankLines::One(line_end),
            BlankLines::One(first) => BlankLines::Many(vec![first, line_end]),
            BlankLines::Many(mut all) => {
                all.push(line_end);
                BlankLines::Many(all)
            }
        };
    }

    /// The line ends, in order.
    pub(crate) fn as_slice(&self) -> &[LineEnd] {
        match self {
            BlankLines::None => &[],
            BlankLines::One(line_end) => std::slice::from_ref(line_end),
            BlankLines::Many(all) => all,
        }
    }

    /// `true` when there is none.
    pub(crate) fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }
}

impl From<Vec<LineEnd>> for BlankLines {
    fn from(all: Vec<LineEnd>) -> Self {
        match *all.as_slice() {
            [] => BlankLines::None,
            [one] => BlankLines::One(one),
            _ => BlankLines::Many(all),
        }
    }
}

/// By the line ends, however they are held.
impl PartialEq for BlankLines {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for BlankLines {}

impl std::fmt::Debug for BlankLines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl std::hash::Hash for BlankLines {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

/// A block: the header block or an entity block, and the blank lines after
/// it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Block {
    fields: Vec<Field>,
    blank_lines: BlankLines,
}

impl Default for Block {
    fn default() -> Self {
        Block::new()
    }
}

impl Block {
    /// An empty block, ended by one CRLF blank line as the spec says.
    pub fn new() -> Self {
        Block {
            fields: Vec::new(),
            blank_lines: BlankLines::One(LineEnd::CrLf),
        }
    }

    pub(crate) fn read(fields: Vec<Field>, blank_lines: BlankLines) -> Self {
        Block {
            fields,
            blank_lines,
        }
    }

    /// Appends a field written `name: value` with CRLF.
    pub fn push_field(&mut self, name: impl Into<String>, value: impl Into<String>) -> &mut Self {
        self.fields.push(Field::new(name, value));
        self
    }

    /// Appends a field.
    pub fn push(&mut self, field: Field) -> &mut Self {
        self.fields.push(field);
        self
    }

    /// The fields in file order, duplicates included.
    pub fn fields(&self) -> &[Field] {
        &self.fields
    }

    /// The fields, to edit.
    pub fn fields_mut(&mut self) -> &mut Vec<Field> {
        &mut self.fields
    }

    /// The blank lines after the block's fields (one, by the spec; none at
    /// the end of a file that lacks its final CRLF).
    pub fn blank_lines(&self) -> &[LineEnd] {
        self.blank_lines.as_slice()
    }

    /// Sets the blank lines after the block's fields.
    pub fn set_blank_lines(&mut self, blank_lines: Vec<LineEnd>) {
        self.blank_lines = blank_lines.into();
    }

    /// The fields as `(name, value)` pairs in file order: names as written,
    /// values as written after the separator (the conformance protocol's
    /// shape).
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.fields.iter().map(|f| (f.name(), f.value()))
    }

    /// The first field named `name` (ASCII case-insensitive).
    pub fn get(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.is(name))
    }

    /// The value of the first field named `name` (ASCII case-insensitive).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.get(name).map(Field::value)
    }

    /// The value of the first field of `kind`.
    pub fn value_of(&self, kind: FieldKind) -> Option<&str> {
        self.fields
            .iter()
            .find(|f| f.kind() == kind)
            .map(Field::value)
    }

    /// `true` when two fields share a name (ASCII case-insensitive): the
    /// spec says such a block "MUST be discarded" (rev. 0.12 §Block). The
    /// block stays in the document, so that writing gives the file back,
    /// but [`Document::entity_blocks`](crate::Document::entity_blocks) skips it.
    pub fn is_discarded(&self) -> bool {
        self.duplicates().next().is_some()
    }

    /// Indices of the fields whose name an earlier field of the block has.
    pub(crate) fn duplicates(&self) -> impl Iterator<Item = usize> + '_ {
        // Blocks have a handful of fields: comparing each with the ones
        // before it allocates nothing. A block of many fields must not take
        // quadratic time, so past `PAIRWISE_MAX` a set of the names
        // (compared without regard to case) does it; both give the same indices (tested below). Most blocks
        // are of distinct defined fields, found with no name compared.
        let fields = if surely_distinct(&self.fields) {
            &[]
        } else {
            &self.fields[..]
        };
        duplicates_in(fields, fields.len() <= PAIRWISE_MAX)
    }

    fn date_of(&self, kind: FieldKind) -> Option<Result<ParsedDate, DateError>> {
        self.value_of(kind).map(dates::parse_date)
    }

    fn url_of(&self, kind: FieldKind) -> Option<Result<Url, url::ParseError>> {
        self.value_of(kind).map(Url::parse)
    }

    fn number_of(&self, kind: FieldKind) -> Option<Result<u32, BadNumber>> {
        self.value_of(kind).map(|value| {
            let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
            digits
                .then(|| value.parse::<u32>().ok())
                .flatten()
                .ok_or_else(|| BadNumber {
                    value: value.to_owned(),
                })
        })
    }

    /// `User-Agent` (header block).
    pub fn user_agent(&self) -> Option<&str> {
        self.value_of(FieldKind::UserAgent)
    }

    /// `URL`, as written.
    pub fn url(&self) -> Option<&str> {
        self.value_of(FieldKind::Url)
    }

    /// `URL`, parsed.
    pub fn parsed_url(&self) -> Option<Result<Url, url::ParseError>> {
        self.url_of(FieldKind::Url)
    }

    /// `HINA-Version`.
    pub fn hina_version(&self) -> Option<&str> {
        self.value_of(FieldKind::HinaVersion)
    }

    /// `Virtual` (or `Vitural`), parsed.
    pub fn virtual_url(&self) -> Option<Result<Url, url::ParseError>> {
        self.url_of(FieldKind::Virtual)
    }

    /// `Content-Type`.
    pub fn content_type(&self) -> Option<&str> {
        self.value_of(FieldKind::ContentType)
    }

    /// `Date`.
    pub fn date(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::Date)
    }

    /// `Title`.
    pub fn title(&self) -> Option<&str> {
        self.value_of(FieldKind::Title)
    }

    /// `Author-Name`.
    pub fn author_name(&self) -> Option<&str> {
        self.value_of(FieldKind::AuthorName)
    }

    /// `Expires`.
    pub fn expires(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::Expires)
    }

    /// `Expire`, the backward-compatible alias of `Expires`.
    pub fn expire(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::Expire)
    }

    /// `Last-Modified`.
    pub fn last_modified(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::LastModified)
    }

    /// `Last-Modified-Detected`.
    pub fn last_modified_detected(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::LastModifiedDetected)
    }

    /// `Server`.
    pub fn server(&self) -> Option<&str> {
        self.value_of(FieldKind::Server)
    }

    /// `Authorized`.
    pub fn authorized(&self) -> Option<&str> {
        self.value_of(FieldKind::Authorized)
    }

    /// `Authorized-url`, parsed.
    pub fn authorized_url(&self) -> Option<Result<Url, url::ParseError>> {
        self.url_of(FieldKind::AuthorizedUrl)
    }

    /// `Method`, read leniently ([`MethodChain::parse`]).
    pub fn method(&self) -> Option<Result<MethodChain, MethodError>> {
        self.value_of(FieldKind::Method).map(MethodChain::parse)
    }

    /// `Keyword`, split on `,` (rev. 0.6 DELIMITER) and on `:` followed by
    /// white space (rev. 0.12 SEPARATOR).
    pub fn keywords(&self) -> Option<Vec<&str>> {
        self.value_of(FieldKind::Keyword).map(values::keywords)
    }

    /// `Image-Width`.
    pub fn image_width(&self) -> Option<Result<u32, BadNumber>> {
        self.number_of(FieldKind::ImageWidth)
    }

    /// `Image-Height`.
    pub fn image_height(&self) -> Option<Result<u32, BadNumber>> {
        self.number_of(FieldKind::ImageHeight)
    }

    /// The `X-` fields, in order.
    pub fn experimental_fields(&self) -> impl Iterator<Item = &Field> + '_ {
        self.fields
            .iter()
            .filter(|f| f.kind() == FieldKind::Experimental)
    }

    /// The fields the spec does not define (not `X-` either), in order.
    pub fn undefined_fields(&self) -> impl Iterator<Item = &Field> + '_ {
        self.fields
            .iter()
            .filter(|f| f.kind() == FieldKind::Undefined)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    #[test]
    fn blank_lines_are_held_as_a_list_would_be() {
        let mut held = BlankLines::default();
        let mut list = Vec::new();
        for end in [LineEnd::CrLf, LineEnd::Lf, LineEnd::CrLf] {
            assert_eq!(held.as_slice(), list.as_slice());
            assert_eq!(held, BlankLines::from(list.clone()));
            assert_eq!(format!("{held:?}"), format!("{list:?}"));
            held.push(end);
            list.push(end);
        }
        assert_eq!(held.as_slice(), list.as_slice());
        let mut block = Block::new();
        assert_eq!(block.blank_lines(), [LineEnd::CrLf]);
        block.set_blank_lines(vec![]);
        assert!(block.blank_lines().is_empty());
        block.set_blank_lines(vec![LineEnd::Lf, LineEnd::CrLf]);
        assert_eq!(block.blank_lines(), [LineEnd::Lf, LineEnd::CrLf]);
    }

    #[test]
    fn duplicates_ignore_ascii_case() {
        let mut block = Block::new();
        block
            .push_field("URL", "http://a/")
            .push_field("Title", "a")
            .push_field("url", "http://b/")
            .push_field("Virtual", "http://c/")
            .push_field("Vitural", "http://d/")
            .push_field("TITLE", "b")
            .push_field("X-A", "1")
            .push_field("x-a", "2");
        assert_eq!(block.duplicates().collect::<Vec<_>>(), [2, 5, 7]);
        assert!(block.is_discarded());
    }

    proptest! {
        #[test]
        fn pairwise_and_set_find_the_same_duplicates(
            names in proptest::collection::vec("(?i)(url|title|x-a|x-b|date|vitural|virtual|method|other)", 0..40)
        ) {
            let fields: Vec<Field> = names.iter().map(|n| Field::new(n.as_str(), "v")).collect();
            let pairwise: Vec<usize> = duplicates_in(&fields, true).collect();
            let set: Vec<usize> = duplicates_in(&fields, false).collect();
            if surely_distinct(&fields) {
                prop_assert!(pairwise.is_empty());
            }
            prop_assert_eq!(pairwise, set);
        }
    }
}
