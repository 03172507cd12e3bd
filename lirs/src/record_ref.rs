//! [`RecordRef`]: a record whose text fields borrow the line they were
//! read from, as [`crate::RecordReader::next_ref`] gives them.

use std::borrow::Cow;

use crate::document::{LineEnd, LirsTime, Record, Spelling};

/// One LIRS record, like [`Record`], with its text fields borrowed from the
/// reader's line buffers: a field that needed no unescaping is a slice of
/// the line (or of its decoded text, for an EUC-JP line that is not
/// ASCII), so that reading it allocates and copies nothing. A field that
/// had `\,` or `\\` in it is an owned, unescaped string.
///
/// The values are the ones [`Record`] holds for the same line:
/// [`RecordRef::to_owned`] and [`RecordRef::into_owned`] give that record,
/// and the readers build their records that way.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordRef<'a> {
    /// §3.1: when the site last changed; unknown when detection failed.
    pub last_modified: LirsTime,
    /// §3.2: when the provider last checked.
    pub last_detected: LirsTime,
    /// §3.3: seconds between GMT and the site's time zone (32400 in Japan).
    pub time_difference: i64,
    /// §3.4: size of the content, in bytes.
    pub content_length: u64,
    /// §3.5: the site's URL, unique in a file.
    pub url: Cow<'a, str>,
    /// §3.6: the site's title.
    pub title: Cow<'a, str>,
    /// §3.7: the author's name.
    pub author: Cow<'a, str>,
    /// §3.8: where the provider got the information.
    pub source_url: Cow<'a, str>,
    /// §3.9: agent-specific data; empty when blank.
    pub extension: Cow<'a, str>,
    /// Fields after the ninth, in order.
    pub extra: Vec<Cow<'a, str>>,
    /// The line end the record was read with.
    pub line_end: LineEnd,
    pub(crate) spelling: Spelling,
}

impl RecordRef<'_> {
    /// The record as a [`Record`], copying the borrowed fields.
    pub fn to_owned(&self) -> Record {
        self.clone().into_owned()
    }

    /// The record as a [`Record`], copying only the borrowed fields (the
    /// unescaped ones are moved).
    #[inline]
    pub fn into_owned(self) -> Record {
        Record {
            last_modified: self.last_modified,
            last_detected: self.last_detected,
            time_difference: self.time_difference,
            content_length: self.content_length,
            url: self.url.into_owned(),
            title: self.title.into_owned(),
            author: self.author.into_owned(),
            source_url: self.source_url.into_owned(),
            extension: self.extension.into_owned(),
            // Most records have no extra fields: no iterator set up for
            // none (callgrind: 64 instructions a record).
            extra: if self.extra.is_empty() {
                Vec::new()
            } else {
                self.extra.into_iter().map(Cow::into_owned).collect()
            },
            line_end: self.line_end,
            spelling: self.spelling,
        }
    }
}

impl RecordRef<'_> {
    /// Makes `record` the record [`RecordRef::into_owned`] gives, its
    /// strings written over rather than made anew (their room reused).
    pub(crate) fn write_over(self, record: &mut Record) {
        let RecordRef {
            last_modified,
            last_detected,
            time_difference,
            content_length,
            url,
            title,
            author,
            source_url,
            extension,
            extra,
            line_end,
            spelling,
        } = self;
        record.last_modified = last_modified;
        record.last_detected = last_detected;
        record.time_difference = time_difference;
        record.content_length = content_length;
        for (into, text) in [
            (&mut record.url, url),
            (&mut record.title, title),
            (&mut record.author, author),
            (&mut record.source_url, source_url),
            (&mut record.extension, extension),
        ] {
            write_over(into, &text);
        }
        record.extra.truncate(extra.len());
        for (at, text) in extra.into_iter().enumerate() {
            match record.extra.get_mut(at) {
                Some(into) => write_over(into, &text),
                None => record.extra.push(text.into_owned()),
            }
        }
        record.line_end = line_end;
        record.spelling = spelling;
    }
}

/// `into` made `text`, its room reused.
fn write_over(into: &mut String, text: &str) {
    into.clear();
    into.push_str(text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owned_copies_every_field() {
        let record = RecordRef {
            last_modified: LirsTime::from_seconds(938_779_260).unwrap(),
            last_detected: LirsTime::from_seconds(938_781_002).unwrap(),
            time_difference: -3600,
            content_length: 42,
            url: Cow::Borrowed("http://a.example/"),
            title: Cow::Owned("a, b".to_owned()),
            author: Cow::Borrowed("x"),
            source_url: Cow::Borrowed("http://s.example/"),
            extension: Cow::Borrowed("e"),
            extra: vec![Cow::Borrowed("f"), Cow::Owned("g".to_owned())],
            line_end: LineEnd::CrLf,
            spelling: Spelling::default(),
        };
        let expected = Record {
            last_modified: record.last_modified,
            last_detected: record.last_detected,
            time_difference: -3600,
            content_length: 42,
            url: "http://a.example/".to_owned(),
            title: "a, b".to_owned(),
            author: "x".to_owned(),
            source_url: "http://s.example/".to_owned(),
            extension: "e".to_owned(),
            extra: vec!["f".to_owned(), "g".to_owned()],
            line_end: LineEnd::CrLf,
            spelling: Spelling::default(),
        };
        assert_eq!(record.to_owned(), expected);
        // Over a record of other values, more extra fields than it has
        // and fewer.
        for extra in [0, 1, 5] {
            let mut over = Record::new("http://other.example/long/path/");
            over.title = "another title".to_owned();
            over.extra = vec!["x".to_owned(); extra];
            over.line_end = LineEnd::Lf;
            record.clone().write_over(&mut over);
            assert_eq!(over, expected);
        }
        assert_eq!(record.into_owned(), expected);
    }
}
