//! Which piece of a record line is which field (§3), including the
//! heuristic for titles with unescaped commas.

use std::ops::Range;

use crate::grammar;
use crate::read::line_reporter::LineReporter;
use crate::rules;

/// One field of a record: its raw bytes (still escaped, not decoded),
/// where they are in the line, and its decoded text (still escaped).
pub(super) struct Field<'a> {
    pub(super) raw: &'a [u8],
    pub(super) range: Range<usize>,
    pub(super) text: &'a str,
}

/// A numeric field: its raw bytes and where they are in the line (numbers
/// are read from the bytes; their decoded text is not needed).
pub(super) struct Span<'a> {
    pub(super) raw: &'a [u8],
    pub(super) range: Range<usize>,
}

/// A record's fields, in the order of §3.
pub(super) struct Layout<'a> {
    pub(super) numbers: [Span<'a>; 4],
    /// URL, title, author, source URL.
    pub(super) texts: [Field<'a>; 4],
    pub(super) extension: Option<Field<'a>>,
    pub(super) extra: Vec<Field<'a>>,
}

/// The pieces of a record line: the bounds of its fields in the raw line
/// and in its decoded text, which splits into as many (see
/// [`line_text`](super::text::line_text)). Piece `i` lies between bound
/// `i` (the comma before it; the first is the prefix's) and bound `i + 1`
/// (the comma after it, or the end of the record), so there is one bound
/// more than there are pieces.
#[derive(Clone, Copy)]
pub(super) struct Pieces<'a, 'p> {
    pub(super) bytes: &'a [u8],
    pub(super) raw: &'p [usize],
    pub(super) text: &'a str,
    pub(super) decoded: &'p [usize],
}

impl Pieces<'_, '_> {
    /// How many pieces there are.
    fn count(&self) -> usize {
        self.raw.len().saturating_sub(1)
    }
}

/// Assigns the pieces of a record to fields (§3: nine, in order).
///
/// - 8 pieces: no extension (real files), warning `lirs/field-count`.
/// - fewer: error.
/// - more than 9: either a writer added fields after the ninth, or a
///   title/author held unescaped commas (real-world notes: "Escaping varies
///   by writer: ... no escaping at all"). The heuristic: the eighth piece
///   should be the source URL. If it looks like a URL (`scheme://`), or is
///   blank (`0` or empty), the fields line up and the rest is `extra`
///   (`lirs/extra-fields`). If not, and a later piece looks like a URL,
///   that piece is the source URL and the pieces between are the title with
///   its commas put back (`lirs/unescaped-comma`; commas could have been in
///   the author's name, but titles hold commas far more often). With no
///   URL-looking piece at all, the fields are taken as they line up.
/// - exactly 9 is taken as written, even if field 8 is not a URL: a valid
///   record must read as written.
#[inline]
pub(super) fn layout<'a>(
    pieces: Pieces<'a, '_>,
    sink: &mut LineReporter<'_>,
) -> Option<Layout<'a>> {
    let n = pieces.count();
    let whole = grammar::PREFIX.len()..pieces.bytes.len();
    if n < 8 {
        sink.error(
            rules::FIELD_COUNT,
            whole,
            format!("record has {n} fields; LIRS 2.1 requires 9"),
        );
        return None;
    }
    let layout = assign(Fields(pieces), sink);
    if layout.is_none() {
        // The pieces come from splitting this very line, so this is a bug
        // in the reader: said, rather than read as empty fields.
        sink.error(
            rules::FIELD_COUNT,
            whole,
            format!("record has {n} fields that do not fit its line (a bug in the LIRS reader)"),
        );
    }
    layout
}

/// The pieces of a line, as [`Field`]s.
#[derive(Clone, Copy)]
struct Fields<'a, 'p>(Pieces<'a, 'p>);

impl<'a> Fields<'a, '_> {
    /// Pieces `first..=last` as one field (commas included); `None` past
    /// the last piece.
    #[inline]
    fn span(self, first: usize, last: usize) -> Option<Field<'a>> {
        let Pieces {
            bytes,
            raw,
            text,
            decoded,
        } = self.0;
        let after = last.checked_add(1)?;
        let range = raw.get(first)? + 1..*raw.get(after)?;
        let text = text.get(decoded.get(first)? + 1..*decoded.get(after)?)?;
        let raw = bytes.get(range.clone())?;
        Some(Field { raw, range, text })
    }

    /// Piece `i`'s bytes, not its text.
    #[inline]
    fn span_of(self, i: usize) -> Option<Span<'a>> {
        let Pieces { bytes, raw, .. } = self.0;
        let range = raw.get(i)? + 1..*raw.get(i.checked_add(1)?)?;
        let raw = bytes.get(range.clone())?;
        Some(Span { raw, range })
    }

    /// Piece `i` as a field.
    #[inline]
    fn piece(self, i: usize) -> Option<Field<'a>> {
        self.span(i, i)
    }

    /// Pieces `from..` as fields (most records have none: no collecting).
    fn from(self, from: usize) -> Option<Vec<Field<'a>>> {
        let n = self.0.count();
        if from >= n {
            return Some(Vec::new());
        }
        (from..n).map(|i| self.piece(i)).collect()
    }
}

/// [`layout`] for a record of 8 pieces or more; `None` only if a piece is
/// not in the line.
#[inline]
fn assign<'a>(fields: Fields<'a, '_>, sink: &mut LineReporter<'_>) -> Option<Layout<'a>> {
    let n = fields.0.count();
    let end = fields.0.bytes.len();
    let whole = grammar::PREFIX.len()..end;
    let piece = |i: usize| fields.piece(i);
    let span = |i: usize| fields.span_of(i);
    let numbers = [span(0)?, span(1)?, span(2)?, span(3)?];
    if n == 8 {
        sink.departure(
            rules::FIELD_COUNT,
            whole,
            "record has 8 fields (no extension); read with an empty extension".into(),
        );
        return Some(Layout {
            numbers,
            texts: [piece(4)?, piece(5)?, piece(6)?, piece(7)?],
            extension: None,
            extra: Vec::new(),
        });
    }
    let source = piece(7)?;
    let aligned = n == 9
        || source.raw.is_empty()
        || source.raw == b"0"
        || grammar::looks_like_url(source.raw);
    let found = if aligned {
        None
    } else {
        (8..n).find(|&j| piece(j).is_some_and(|f| grammar::looks_like_url(f.raw)))
    };
    let Some(j) = found else {
        if n > 9 {
            sink.departure(
                rules::EXTRA_FIELDS,
                piece(9)?.range.start..end,
                format!("record has {n} fields; fields after the ninth are kept as extra"),
            );
        }
        return Some(Layout {
            numbers,
            texts: [piece(4)?, piece(5)?, piece(6)?, source],
            extension: Some(piece(8)?),
            extra: fields.from(9)?,
        });
    };
    let commas = j - 7;
    let title = fields.span(5, 5 + commas)?;
    sink.departure(
        rules::UNESCAPED_COMMA,
        title.range.clone(),
        format!(
            "record has {n} fields and field 8 is not a URL but field {} is: \
             read {commas} unescaped comma(s) as part of the title",
            j + 1
        ),
    );
    let extension = if j + 1 < n { Some(piece(j + 1)?) } else { None };
    if j + 2 < n {
        sink.departure(
            rules::EXTRA_FIELDS,
            piece(j + 2)?.range.start..end,
            "fields after the extension are kept as extra".into(),
        );
    }
    Some(Layout {
        numbers,
        texts: [piece(4)?, title, piece(6 + commas)?, piece(j)?],
        extension,
        extra: fields.from(j + 2)?,
    })
}
