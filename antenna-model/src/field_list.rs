//! [`FieldList`]: named text fields, in order, held compactly.
//!
//! Why its own type: a HINA-DI block may hold hundreds of thousands of
//! fields, and an [`Entry`](crate::Entry) holds them twice over (as
//! written, and its `X-` fields as extensions). A vector of
//! `{ name: String, value: String }` costs 48 bytes a field before its
//! text, and two heap chunks of at least 32 bytes each (glibc): ~110 bytes
//! for a 20-byte `X-Field-1: v1`. Here every name and value lies back to
//! back in one text, and a field is two `u32` ends into it (8 bytes): the
//! same field costs 8 bytes and its 13 of text. The rare problem a reader
//! found with a field is kept aside, by index.
//!
//! The layout is canonical (the text is exactly the names and values in
//! order, the ends exactly theirs), so two lists are equal when they hold
//! the same fields, whatever was pushed, removed or changed to get there.

use std::fmt;
use std::ops::Range;

/// Fields `name: value`, in order, as one text and the ends of each name
/// and value in it (see the module docs for why). Names need not be
/// distinct; look-ups by name are ASCII case-insensitive, as HINA-DI's
/// field names are.
///
/// All the names and values together are at most 4 GiB (`u32::MAX`
/// bytes) of text: [`FieldList::push`] panics past that, as
/// [`Vec::push`] does past its capacity. A reader that can meet such a
/// block checks [`FieldList::fits`] first.
///
/// ```
/// use antenna_model::FieldList;
///
/// let mut fields: FieldList = [("URL", "http://www.hoge.jp/"), ("X-Foo", "bar")]
///     .into_iter()
///     .collect();
/// fields.push("x-foo", "again");
/// assert_eq!(fields.find("X-FOO").map(|f| f.value), Some("bar"));
/// fields.retain(|f| f.name != "x-foo");
/// let names: Vec<&str> = fields.iter().map(|f| f.name).collect();
/// assert_eq!(names, ["URL", "X-Foo"]);
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct FieldList {
    /// Every name and value, back to back, in order.
    text: String,
    /// Where each field's name and value end in `text`; a field starts
    /// where the one before it ends (at 0 for the first).
    ends: Vec<Ends>,
    /// The problems of the few fields that have one: (index, why), in
    /// order of index.
    problems: Vec<(u32, String)>,
}

/// The ends of one field's name and value in [`FieldList::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Ends {
    name: u32,
    value: u32,
}

/// One field of a [`FieldList`], borrowed from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FieldRef<'a> {
    /// The field's name, as written (`Expire`, `X-Foo`).
    pub name: &'a str,
    /// Its value.
    pub value: &'a str,
    /// Why a reader could not take the value (a date or URL it cannot
    /// parse), or `None`: see [`FieldList::set_problem`].
    pub problem: Option<&'a str>,
}

impl FieldList {
    /// The most text (names and values together) a list holds.
    pub const MAX_TEXT: usize = u32::MAX as usize;

    /// An empty list.
    pub fn new() -> Self {
        FieldList::default()
    }

    /// An empty list with room for `fields` fields of `text` bytes of
    /// names and values in all: a reader that knows them allocates once.
    pub fn with_capacity(fields: usize, text: usize) -> Self {
        FieldList {
            text: String::with_capacity(text),
            ends: Vec::with_capacity(fields),
            problems: Vec::new(),
        }
    }

    /// `true` when `more` bytes of names and values can still be pushed
    /// (see [`FieldList::MAX_TEXT`]).
    pub fn fits(&self, more: usize) -> bool {
        self.text
            .len()
            .checked_add(more)
            .is_some_and(|len| len <= Self::MAX_TEXT)
    }

    /// How many fields it holds.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// `true` when it holds no field.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Every name and value, back to back, in order: the text that
    /// [`FieldList::ranges`] cuts (a writer copies it whole, once).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The range of each field's name and of its value in
    /// [`FieldList::text`], in order.
    pub fn ranges(&self) -> impl ExactSizeIterator<Item = (Range<usize>, Range<usize>)> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |ends| {
            let (name, value) = (ends.name as usize, ends.value as usize);
            let ranges = (start..name, name..value);
            start = value;
            ranges
        })
    }

    /// Appends the field `name: value`.
    ///
    /// # Panics
    ///
    /// When the list's text would pass [`FieldList::MAX_TEXT`].
    pub fn push(&mut self, name: &str, value: &str) {
        // Checked before anything is changed, so that a caught panic
        // leaves the list as it was (its layout canonical).
        assert!(
            name.len()
                .checked_add(value.len())
                .is_some_and(|more| self.fits(more)),
            "a FieldList holds at most 4 GiB of text"
        );
        let end = |len: usize| u32::try_from(len).expect("checked by `fits` above");
        self.text.push_str(name);
        let name = end(self.text.len());
        self.text.push_str(value);
        let value = end(self.text.len());
        self.ends.push(Ends { name, value });
    }

    /// The field at `index`.
    pub fn get(&self, index: usize) -> Option<FieldRef<'_>> {
        let ends = *self.ends.get(index)?;
        let start = index
            .checked_sub(1)
            .and_then(|before| self.ends.get(before))
            .map_or(0, |before| before.value as usize);
        Some(FieldRef {
            name: self.slice(start..ends.name as usize),
            value: self.slice(ends.name as usize..ends.value as usize),
            problem: self.problem(index),
        })
    }

    /// The last field.
    pub fn last(&self) -> Option<FieldRef<'_>> {
        self.get(self.len().checked_sub(1)?)
    }

    /// The index of the first field named `name` (ASCII case-insensitive).
    pub fn position(&self, name: &str) -> Option<usize> {
        self.iter().position(|f| f.name.eq_ignore_ascii_case(name))
    }

    /// The first field named `name` (ASCII case-insensitive).
    pub fn find(&self, name: &str) -> Option<FieldRef<'_>> {
        self.iter().find(|f| f.name.eq_ignore_ascii_case(name))
    }

    /// The fields, in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            list: self,
            front: 0,
            back: self.len(),
        }
    }

    /// Marks the field at `index` with why a reader could not take its
    /// value (what [`FieldRef::problem`] gives back); nothing when there
    /// is no such field.
    pub fn set_problem(&mut self, index: usize, problem: impl Into<String>) {
        let Ok(at) = u32::try_from(index) else { return };
        if index >= self.len() {
            return;
        }
        match self.problems.binary_search_by_key(&at, |p| p.0) {
            Ok(found) => {
                if let Some(slot) = self.problems.get_mut(found) {
                    slot.1 = problem.into();
                }
            }
            Err(place) => self.problems.insert(place, (at, problem.into())),
        }
    }

    /// Keeps the fields for which `keep` is `true`, in order, in place:
    /// one pass over the text, whatever the number removed.
    pub fn retain(&mut self, mut keep: impl FnMut(FieldRef<'_>) -> bool) {
        let verdicts: Vec<bool> = self.iter().map(&mut keep).collect();
        if verdicts.iter().all(|&k| k) {
            return;
        }
        self.rebuild(|index, _| verdicts.get(index).copied().unwrap_or(true).then_some(None));
    }

    /// Gives the field at `index` the value `value`; nothing when there is
    /// no such field. The list is made again (one pass over its text), so
    /// to change many values use [`FieldList::change_values`], one pass
    /// for all of them.
    pub fn set_value(&mut self, index: usize, value: &str) {
        if index < self.len() {
            self.rebuild(|i, _| Some((i == index).then_some(value)));
        }
    }

    /// Replaces each value for which `change` gives a new one, in one pass
    /// over the text.
    pub fn change_values(&mut self, mut change: impl FnMut(FieldRef<'_>) -> Option<String>) {
        let changed: Vec<(usize, String)> = self
            .iter()
            .enumerate()
            .filter_map(|(i, f)| change(f).map(|v| (i, v)))
            .collect();
        if changed.is_empty() {
            return;
        }
        let mut changed = changed.iter().peekable();
        self.rebuild(|i, _| {
            let value = changed.next_if(|(at, _)| *at == i).map(|(_, v)| v.as_str());
            Some(value)
        });
    }

    /// Removes every field.
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
        self.problems.clear();
    }

    /// Makes the list again from its fields: `edit(index, field)` says
    /// `None` to drop a field, `Some(None)` to keep it as it is,
    /// `Some(Some(value))` to keep it with that value. Problems follow
    /// their fields.
    fn rebuild<'v>(
        &mut self,
        mut edit: impl FnMut(usize, FieldRef<'_>) -> Option<Option<&'v str>>,
    ) {
        let old = std::mem::take(self);
        let mut new = FieldList::with_capacity(old.len(), old.text.len());
        for (index, field) in old.iter().enumerate() {
            let Some(value) = edit(index, field) else {
                continue;
            };
            new.push(field.name, value.unwrap_or(field.value));
            if let Some(problem) = field.problem {
                new.set_problem(new.len() - 1, problem);
            }
        }
        // A list that lost most of its fields (merge dropping a block's
        // `X-` fields) does not keep their room for the entry's life.
        if new.text.capacity() / 2 > new.text.len() {
            new.text.shrink_to_fit();
            new.ends.shrink_to_fit();
        }
        *self = new;
    }

    fn problem(&self, index: usize) -> Option<&str> {
        let at = u32::try_from(index).ok()?;
        let found = self.problems.binary_search_by_key(&at, |p| p.0).ok()?;
        self.problems.get(found).map(|p| p.1.as_str())
    }

    fn slice(&self, range: Range<usize>) -> &str {
        self.text.get(range).unwrap_or_default()
    }
}

impl fmt::Debug for FieldList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<N: AsRef<str>, V: AsRef<str>> Extend<(N, V)> for FieldList {
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, fields: I) {
        for (name, value) in fields {
            self.push(name.as_ref(), value.as_ref());
        }
    }
}

impl<N: AsRef<str>, V: AsRef<str>> FromIterator<(N, V)> for FieldList {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(fields: I) -> Self {
        let mut list = FieldList::new();
        list.extend(fields);
        list
    }
}

impl<'a> IntoIterator for &'a FieldList {
    type Item = FieldRef<'a>;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The fields of a [`FieldList`], in order: [`FieldList::iter`].
#[derive(Debug, Clone)]
pub struct Iter<'a> {
    list: &'a FieldList,
    front: usize,
    back: usize,
}

impl<'a> Iterator for Iter<'a> {
    type Item = FieldRef<'a>;

    fn next(&mut self) -> Option<FieldRef<'a>> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        self.list.get(self.front - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.back - self.front;
        (left, Some(left))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.list.get(self.back)
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// Once `next` has given `None` it gives `None` again: the ends only
/// move towards each other.
impl std::iter::FusedIterator for Iter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &FieldList) -> Vec<(&str, &str)> {
        list.iter().map(|f| (f.name, f.value)).collect()
    }

    #[test]
    fn fields_come_back_as_pushed() {
        let mut list = FieldList::new();
        list.push("URL", "http://a.example/");
        list.push("", "");
        list.push("X-日本", "値");
        assert_eq!(list.len(), 3);
        assert_eq!(
            pairs(&list),
            [("URL", "http://a.example/"), ("", ""), ("X-日本", "値")]
        );
        assert_eq!(list.get(2).map(|f| f.name), Some("X-日本"));
        assert_eq!(list.get(3), None);
        assert_eq!(list.last().map(|f| f.value), Some("値"));
        let back: Vec<_> = list.iter().rev().map(|f| f.name).collect();
        assert_eq!(back, ["X-日本", "", "URL"]);
        assert_eq!(list.text(), "URLhttp://a.example/X-日本値");
        let cut: Vec<_> = list
            .ranges()
            .map(|(n, v)| (&list.text()[n], &list.text()[v]))
            .collect();
        assert_eq!(cut, pairs(&list));
    }

    #[test]
    fn a_list_that_loses_most_of_its_fields_lets_go_of_their_room() {
        // Review of 8075703: merge drops a block's 200,000 `X-` fields and
        // held 4 MB of their text's room for the entry's life.
        let mut list: FieldList = (0..10_000).map(|i| (format!("X-F{i}"), "v")).collect();
        list.push("URL", "http://a.example/");
        list.retain(|f| !f.name.starts_with("X-"));
        assert_eq!(pairs(&list), [("URL", "http://a.example/")]);
        assert!(list.text.capacity() < 64, "{}", list.text.capacity());
        assert!(list.ends.capacity() < 4, "{}", list.ends.capacity());
    }

    #[test]
    fn names_are_found_without_regard_to_ascii_case() {
        let list: FieldList = [("Title", "a"), ("X-Foo", "b"), ("x-foo", "c")]
            .into_iter()
            .collect();
        assert_eq!(list.find("x-FOO").map(|f| f.value), Some("b"));
        assert_eq!(list.position("X-FOO"), Some(1));
        assert_eq!(list.find("Author-Name"), None);
    }

    #[test]
    fn equal_lists_hold_the_same_fields_however_made() {
        let mut made: FieldList = [("A", "1"), ("B", "2"), ("C", "3")].into_iter().collect();
        made.retain(|f| f.name != "B");
        made.set_value(1, "three");
        let direct: FieldList = [("A", "1"), ("C", "three")].into_iter().collect();
        assert_eq!(made, direct);
        // The same text cut elsewhere is other fields.
        let other: FieldList = [("A1", ""), ("C", "three")].into_iter().collect();
        assert_ne!(made, other);
        assert_eq!(made.text(), other.text());
    }

    #[test]
    fn problems_follow_their_fields() {
        let mut list: FieldList = [
            ("URL", "u"),
            ("Date", "x"),
            ("Title", "t"),
            ("Expires", "y"),
        ]
        .into_iter()
        .collect();
        list.set_problem(1, "not a date");
        list.set_problem(3, "not a date either");
        list.set_problem(9, "no such field");
        assert_eq!(list.get(1).and_then(|f| f.problem), Some("not a date"));
        assert_eq!(list.get(0).and_then(|f| f.problem), None);
        list.retain(|f| f.name != "URL");
        let problems: Vec<_> = list.iter().map(|f| f.problem).collect();
        assert_eq!(
            problems,
            [Some("not a date"), None, Some("not a date either")]
        );
        list.change_values(|f| (f.name == "Title").then(|| "T".to_owned()));
        assert_eq!(
            pairs(&list),
            [("Date", "x"), ("Title", "T"), ("Expires", "y")]
        );
        assert_eq!(
            list.get(2).and_then(|f| f.problem),
            Some("not a date either")
        );
        let mut unmarked = list.clone();
        unmarked.clear();
        unmarked.extend([("Date", "x"), ("Title", "T"), ("Expires", "y")]);
        assert_ne!(unmarked, list, "a problem is part of the field");
    }

    #[test]
    fn retain_and_change_values_keep_what_they_are_not_asked_to_change() {
        let mut list: FieldList = (0..1000)
            .map(|i| (format!("X-F{i}"), format!("v{i}")))
            .collect();
        list.retain(|f| !f.name.ends_with('7'));
        assert_eq!(list.len(), 900);
        list.change_values(|f| f.name.ends_with('5').then(String::new));
        assert_eq!(list.find("X-F15").map(|f| f.value), Some(""));
        assert_eq!(list.find("X-F16").map(|f| f.value), Some("v16"));
        assert_eq!(list.find("X-F17"), None);
        list.set_value(5000, "nothing");
        assert_eq!(list.len(), 900);
    }

    #[test]
    fn the_text_limit_is_known_before_a_push() {
        let list: FieldList = [("A", "1")].into_iter().collect();
        assert!(list.fits(FieldList::MAX_TEXT - 2));
        assert!(!list.fits(FieldList::MAX_TEXT - 1));
        assert!(!list.fits(usize::MAX));
    }

    #[test]
    fn iteration_from_both_ends_meets_once_and_stays_ended() {
        let list: FieldList = [("A", "1"), ("B", "2"), ("C", "3")].into_iter().collect();
        let mut iter = list.iter();
        assert_eq!(iter.next().map(|f| f.name), Some("A"));
        assert_eq!(iter.next_back().map(|f| f.name), Some("C"));
        assert_eq!(iter.len(), 1);
        assert_eq!(iter.next().map(|f| f.name), Some("B"));
        for _ in 0..3 {
            assert_eq!(iter.next(), None);
            assert_eq!(iter.next_back(), None);
        }
    }

    #[test]
    fn equal_fields_are_one_key_in_a_set() {
        let list: FieldList = [("X-A", "1"), ("X-B", "1"), ("X-A", "1")]
            .into_iter()
            .collect();
        let distinct: std::collections::HashSet<FieldRef<'_>> = list.iter().collect();
        assert_eq!(distinct.len(), 2);
        assert!(distinct.contains(&FieldRef {
            name: "X-B",
            value: "1",
            problem: None
        }));
    }

    #[test]
    fn a_field_costs_eight_bytes_and_its_text() {
        assert_eq!(std::mem::size_of::<Ends>(), 8);
        let list = FieldList::with_capacity(2, 10);
        assert_eq!((list.text.capacity(), list.ends.capacity()), (10, 2));
    }
}
