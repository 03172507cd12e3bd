//! Which piece of a record line is which field (§3), including the
//! heuristic for titles with unescaped commas.

use std::ops::Range;

use crate::grammar;
use crate::read::line_reporter::LineReporter;
use crate::rules;

/// Where each of a record's fields is, as ranges in the line.
pub(super) struct Layout {
    pub(super) numbers: [Range<usize>; 4],
    /// URL, title, author, source URL.
    pub(super) texts: [Range<usize>; 4],
    pub(super) extension: Option<Range<usize>>,
    pub(super) extra: Vec<Range<usize>>,
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
pub(super) fn layout(
    bytes: &[u8],
    pieces: &[Range<usize>],
    sink: &mut LineReporter<'_, '_>,
) -> Option<Layout> {
    let n = pieces.len();
    let piece = |i: usize| pieces.get(i).cloned().unwrap_or(bytes.len()..bytes.len());
    let whole = grammar::PREFIX.len()..bytes.len();
    if n < 8 {
        sink.error(
            rules::FIELD_COUNT,
            whole,
            format!("record has {n} fields; LIRS 2.1 requires 9"),
        );
        return None;
    }
    let numbers = [piece(0), piece(1), piece(2), piece(3)];
    if n == 8 {
        sink.departure(
            rules::FIELD_COUNT,
            whole,
            "record has 8 fields (no extension); read with an empty extension".into(),
        );
        return Some(Layout {
            numbers,
            texts: [piece(4), piece(5), piece(6), piece(7)],
            extension: None,
            extra: Vec::new(),
        });
    }
    let source = piece(7);
    let source_bytes = bytes.get(source.clone()).unwrap_or_default();
    let aligned = n == 9
        || source_bytes.is_empty()
        || source_bytes == b"0"
        || grammar::looks_like_url(source_bytes);
    let found = if aligned {
        None
    } else {
        (8..n).find(|&j| grammar::looks_like_url(bytes.get(piece(j)).unwrap_or_default()))
    };
    let Some(j) = found else {
        if n > 9 {
            sink.departure(
                rules::EXTRA_FIELDS,
                piece(9).start..bytes.len(),
                format!("record has {n} fields; fields after the ninth are kept as extra"),
            );
        }
        return Some(Layout {
            numbers,
            texts: [piece(4), piece(5), piece(6), source],
            extension: Some(piece(8)),
            extra: (9..n).map(piece).collect(),
        });
    };
    let commas = j - 7;
    let title = piece(5).start..piece(5 + commas).end;
    sink.departure(
        rules::UNESCAPED_COMMA,
        title.clone(),
        format!(
            "record has {n} fields and field 8 is not a URL but field {} is: \
             read {commas} unescaped comma(s) as part of the title",
            j + 1
        ),
    );
    let extension = (j + 1 < n).then(|| piece(j + 1));
    if j + 2 < n {
        sink.departure(
            rules::EXTRA_FIELDS,
            piece(j + 2).start..bytes.len(),
            "fields after the extension are kept as extra".into(),
        );
    }
    Some(Layout {
        numbers,
        texts: [piece(4), title, piece(6 + commas), piece(j)],
        extension,
        extra: (j + 2..n).map(piece).collect(),
    })
}
