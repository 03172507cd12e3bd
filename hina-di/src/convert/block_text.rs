//! A block made from an entry's fields in one text: every name and value
//! a slice of one shared text (one `Arc<str>` for the block, as the
//! reader's; the text is gathered in a `String` and copied into it once),
//! the fields in the vector of a block written before (issue #23: each
//! name and value its own allocation, the vector grown field by field and
//! freed with the block, were half of making a block).

use std::sync::Arc;

use antenna_model::{Entry, FieldList};

use crate::document::{BlankLines, Block, Field, FieldKind, Value};
use crate::line_end::LineEnd;

/// The fields of a block as they are given, `name: value` with CRLF.
pub(super) struct BlockText {
    /// Every name and value, one after the other.
    text: String,
    /// Each field's name and value in `text`.
    ends: Vec<Ends>,
    /// The vector the fields go into: a spare block's, emptied, or new.
    fields: Vec<Field>,
}

/// A field's name and where its name and value end in the text (a name
/// starts where the value before ends).
struct Ends {
    /// The name's index and kind, when it is the spec's spelling: it has
    /// no text then.
    spelled: Option<(u8, FieldKind)>,
    name: usize,
    value: usize,
}

impl BlockText {
    /// Room for the fields of `entry`'s block, in `spare`'s vector when
    /// there is one.
    pub(super) fn new(entry: &Entry, spare: Option<Block>) -> Self {
        let (count, text) = room_for(entry);
        BlockText {
            text: String::with_capacity(text),
            ends: Vec::with_capacity(count),
            fields: fields_of(spare),
        }
    }

    /// Adds the field `name: value`: `name` a field name, `value` one
    /// the writer takes as it is (no control character, no leading white
    /// space; `clean_lent`), so that the field is marked checked.
    pub(super) fn push(&mut self, name: &str, value: &str) {
        // A name the spec spells is kept as its index (as the reader
        // keeps it), not copied into the text and looked up there again.
        let spelled = FieldKind::spelled_at(name.as_bytes());
        if spelled.is_none() {
            self.text.push_str(name);
        }
        let name_end = self.text.len();
        self.text.push_str(value);
        self.ends.push(Ends {
            spelled,
            name: name_end,
            value: self.text.len(),
        });
    }

    /// The block of the fields added, ended by one CRLF blank line.
    pub(super) fn finish(self) -> Block {
        let BlockText {
            text,
            ends,
            mut fields,
        } = self;
        let text: Arc<str> = Arc::from(text);
        fields.reserve_exact(ends.len());
        let mut start = 0;
        for Ends {
            spelled,
            name: name_end,
            value: value_end,
        } in ends
        {
            let value = Value::shared(&text, name_end..value_end);
            let name = spelled.ok_or(start..name_end);
            // The values are cleaned and the names checked by the caller.
            fields
                .push(Field::read(&text, name, b" ", value, LineEnd::CrLf, None, false).checked());
            start = value_end;
        }
        Block::read(fields, BlankLines::One(LineEnd::CrLf))
    }
}

/// The block of fields as written, `name: value` with CRLF: their text
/// copied whole, once, and shared by the fields, made in `spare`'s vector
/// when there is one. The fields are marked checked: `written` is what
/// `written_reads_back` found to be field names and values the writer
/// takes as they are.
pub(super) fn written(written: &FieldList, spare: Option<Block>) -> Block {
    let text: Arc<str> = Arc::from(written.text());
    let mut fields = fields_of(spare);
    fields.reserve_exact(written.len());
    fields.extend(
        written
            .ranges()
            .map(|(name, value)| Field::shared(&text, name, value).checked()),
    );
    Block::read(fields, BlankLines::One(LineEnd::CrLf))
}

/// The field vector of `spare`, emptied, or a new one.
fn fields_of(spare: Option<Block>) -> Vec<Field> {
    let mut fields = spare.map_or_else(Vec::new, |mut block| std::mem::take(block.fields_mut()));
    fields.clear();
    fields
}

/// What of a written `block` makes the next: its field vector, emptied,
/// when it has room for at most `max` fields; `None` otherwise.
pub(super) fn spare(mut block: Block, max: usize) -> Option<Block> {
    let fields = block.fields_mut();
    if fields.capacity() > max {
        return None;
    }
    fields.clear();
    Some(block)
}

/// About how many fields, and how many bytes of names and values, the
/// block of `entry`'s values holds (as many for the usual entry; the
/// text grows for more): the values lent, with room for four names and
/// dates or numbers.
fn room_for(entry: &Entry) -> (usize, usize) {
    /// Room for a field's name (the longest is 22 bytes) and a date (29
    /// bytes), a number or a chain.
    const FIELD: usize = 56;
    /// The fields other than extensions.
    const VALUE_FIELDS: usize = 17;
    let lent = [
        entry.url.as_str(),
        entry.title.as_deref().unwrap_or_default(),
        entry.author.as_deref().unwrap_or_default(),
    ];
    let text = lent.iter().map(|s| s.len()).sum::<usize>() + entry.extensions.text().len();
    (VALUE_FIELDS + entry.extensions.len(), text + FIELD * 4)
}
