//! The typed document: [`Record`], [`LirsTime`], [`Document`].

use antenna_model::LIRS_STALE_AFTER;
use jiff::Timestamp;

/// [`antenna_model::LIRS_STALE_AFTER`] in seconds (28,800: LIRS 2.1 §4
/// "SHOULD automatically discard records that were last detected more than
/// 28800 seconds (8 hours) ago"), for callers that count in seconds.
pub const STALE_AFTER_SECONDS: i64 = LIRS_STALE_AFTER.as_secs();

/// 1980-01-01T00:00:00Z as a Unix timestamp: real writers wrote it for
/// "unknown" (real-world notes, LIRS: "for timestamps, 315532800").
pub const EPOCH_SENTINEL_SECONDS: u64 = 315_532_800;

/// The last second [`jiff::Timestamp`] holds (9999-12-30T22:00:00Z, so
/// that any UTC offset applied to it stays in year 9999); checked against
/// `Timestamp::MAX` in a test.
const MAX_SECONDS: u64 = 253_402_207_200;

/// A LIRS timestamp (§3.1 Last-Modified, §3.2 Last-Detected): Unix seconds,
/// where 0 means "unknown" (the provider's detection failed).
///
/// The value is always 0 or a second that [`jiff::Timestamp`] can hold, so
/// [`LirsTime::timestamp`] never fails for a known time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct LirsTime(u64);

impl LirsTime {
    /// The "unknown" time, written `0`.
    pub const UNKNOWN: LirsTime = LirsTime(0);

    /// The time `seconds` after the Unix epoch; 0 is [`LirsTime::UNKNOWN`].
    /// `None` when the second is past what `jiff` can represent
    /// (9999-12-31).
    pub fn from_seconds(seconds: u64) -> Option<Self> {
        // 0 is UNKNOWN, which is `LirsTime(0)`.
        (seconds <= MAX_SECONDS).then_some(LirsTime(seconds))
    }

    /// The time of `timestamp`, truncated to the second. `None` before
    /// the epoch. The epoch itself is written `0`, which reads back as
    /// unknown: LIRS cannot say 1970-01-01T00:00:00Z.
    pub fn from_timestamp(timestamp: Timestamp) -> Option<Self> {
        u64::try_from(timestamp.as_second())
            .ok()
            .and_then(Self::from_seconds)
    }

    /// The integer as written in the file.
    pub fn seconds(self) -> u64 {
        self.0
    }

    /// The time, or `None` when unknown (0).
    pub fn timestamp(self) -> Option<Timestamp> {
        if self.0 == 0 {
            return None;
        }
        i64::try_from(self.0)
            .ok()
            .and_then(|s| Timestamp::from_second(s).ok())
    }

    /// `true` for 0, the spec's "unknown".
    pub fn is_unknown(self) -> bool {
        self.0 == 0
    }

    /// `true` for 315532800 (1980-01-01), which real writers used for
    /// unknown.
    pub fn is_epoch_sentinel(self) -> bool {
        self.0 == EPOCH_SENTINEL_SECONDS
    }
}

/// How a line ends. LIRS 2.1 §2: "ends with a comma and LF or CRLF. LF is
/// recommended."
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LineEnd {
    /// `\n`
    #[default]
    Lf,
    /// `\r\n`
    CrLf,
}

impl LineEnd {
    /// The bytes of the line end.
    pub fn as_bytes(self) -> &'static [u8] {
        match self {
            LineEnd::Lf => b"\n",
            LineEnd::CrLf => b"\r\n",
        }
    }
}

/// A character encoding LIRS files are read or written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    /// EUC-JP, the only encoding LIRS 2.1 §7 allows.
    #[default]
    EucJp,
    /// UTF-8, which §7 lets readers try when EUC-JP fails.
    Utf8,
}

impl Encoding {
    /// The encoding's WHATWG label.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::EucJp => "EUC-JP",
            Encoding::Utf8 => "UTF-8",
        }
    }
}

/// How some fields of a read record were spelled, when that differs from
/// what the writer would produce for the same value but is still valid
/// LIRS (`+32400`, leading zeros, EUC-JP byte sequences that do not
/// survive a decode/encode cycle). The writer uses a spelling only while
/// the field still holds the value it was read with, so that `write(read(x))`
/// gives back `x` for files with no diagnostics.
///
/// It is layout, not content: all spellings compare equal.
#[derive(Debug, Clone, Default)]
pub(crate) struct Spelling(pub(crate) Vec<FieldSpelling>);

#[derive(Debug, Clone)]
pub(crate) struct FieldSpelling {
    /// 0..=8 for the nine fields, 9.. for `extra`.
    pub(crate) field: usize,
    /// The field's value, formatted as the writer formats it.
    pub(crate) value: String,
    /// The raw field bytes (still escaped, still encoded).
    pub(crate) raw: Box<[u8]>,
}

impl PartialEq for Spelling {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for Spelling {}

/// One LIRS record: the nine fields of LIRS 2.1 §3, in order, plus the
/// fields some writers added after the ninth.
///
/// Text fields hold the value after unescaping (`\,` is `,`). Blank fields
/// are `0` by §2; the reader does not turn a `0` title into an empty one
/// (see [`crate::to_feed`] for that).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// §3.1: when the site last changed; unknown when detection failed.
    pub last_modified: LirsTime,
    /// §3.2: when the provider last checked.
    pub last_detected: LirsTime,
    /// §3.3: seconds between GMT and the site's time zone (32400 in Japan).
    pub time_difference: i64,
    /// §3.4: size of the content, in bytes.
    pub content_length: u64,
    /// §3.5: the site's URL, unique in a file.
    pub url: String,
    /// §3.6: the site's title.
    pub title: String,
    /// §3.7: the author's name.
    pub author: String,
    /// §3.8: where the provider got the information.
    pub source_url: String,
    /// §3.9: agent-specific data; empty when blank.
    pub extension: String,
    /// Fields after the ninth (real files: a check URL, extension fields
    /// 9-13), in order.
    pub extra: Vec<String>,
    /// The line end the record was read with, or will be written with.
    pub line_end: LineEnd,
    pub(crate) spelling: Spelling,
}

impl Record {
    /// A record for `url` with every other field blank (0 or empty).
    pub fn new(url: impl Into<String>) -> Self {
        Record {
            url: url.into(),
            ..Record::default()
        }
    }

    /// §3.1, §3.2: "antenna agents SHOULD assume this record is unusable"
    /// when Last-Modified or Last-Detected is 0. The 1980-01-01 sentinel
    /// that real writers used for unknown counts as unknown too.
    pub fn is_usable(&self) -> bool {
        let known = |t: LirsTime| !t.is_unknown() && !t.is_epoch_sentinel();
        known(self.last_modified) && known(self.last_detected)
    }

    /// §4: `true` when the record was last detected more than
    /// [`LIRS_STALE_AFTER`] (8 hours) before `now` (or never: unknown
    /// Last-Detected). The caller passes `now`; nothing reads the clock.
    pub fn is_stale(&self, now: Timestamp) -> bool {
        match self.last_detected.timestamp() {
            None => true,
            Some(detected) => now.duration_since(detected) > LIRS_STALE_AFTER,
        }
    }
}

/// A non-record line kept for layout: a comment (`#...`, §2 "Lines that
/// begin with # are comments and SHOULD be ignored") or a blank line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Comment {
    /// How many records come before this line.
    pub before: usize,
    /// The line's raw bytes without the line end, `#` included. Kept as
    /// bytes: comments are not decoded, so any encoding survives.
    pub raw: Vec<u8>,
    /// The line's line end.
    pub line_end: LineEnd,
}

impl Comment {
    /// A comment line `#text` placed before record number `before`.
    pub fn new(before: usize, text: &str) -> Self {
        let mut raw = Vec::with_capacity(text.len() + 1);
        raw.push(b'#');
        raw.extend_from_slice(text.as_bytes());
        Comment {
            before,
            raw,
            line_end: LineEnd::Lf,
        }
    }
}

/// A LIRS file: its records, plus the comment lines and line framing that
/// writing it back needs.
///
/// The text encoding is not part of the document: it is chosen per line
/// when reading (a `lirs/utf8-fallback` warning says where UTF-8 was used)
/// and by [`crate::WriteOptions`] when writing, so that
/// `read(write(read(x)))` equals `read(x)` whatever `x` was written in.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    /// The records, in file order.
    pub records: Vec<Record>,
    /// Comment and blank lines, in file order.
    pub comments: Vec<Comment>,
    /// `true` when the last line has no line end.
    pub missing_final_line_end: bool,
}

/// What a LIRS file holds besides its records: its comment and blank
/// lines with their places, and whether its last line lacks a line end.
/// LIRS has no head of its own: a reader gathers it as it goes, and
/// [`antenna_model::PartReader::finish`] gives it back complete; a writer
/// is given it first and writes each comment line before the record it
/// comes before (see [`Comment::before`]).
///
/// A reader keeps the comment lines only when asked
/// ([`crate::ReadOptions::with_keep_comments`] for [`crate::read()`] and
/// [`crate::Lirs`]'s reader, [`crate::RecordReader::with_comments`] for the
/// streaming reader, which keeps none by default: a file of millions of
/// blank lines would grow its head); it always counts the `#` lines, which
/// is all the conversion to a feed needs ([`crate::comment_loss`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Head {
    /// Comment and blank lines, in file order, when kept.
    pub comments: Vec<Comment>,
    /// How many `#` comment lines the file has, kept or not.
    pub comment_lines: usize,
    /// `true` when the last line has no line end.
    pub missing_final_line_end: bool,
}

impl Head {
    /// The head of `document`: its comments (copied) and their count, and
    /// its last line's end.
    pub fn of(document: &Document) -> Self {
        Head {
            comments: document.comments.clone(),
            comment_lines: comment_lines(&document.comments),
            missing_final_line_end: document.missing_final_line_end,
        }
    }
}

/// How many of `comments` are `#` lines (the others are blank lines).
pub(crate) fn comment_lines(comments: &[Comment]) -> usize {
    comments
        .iter()
        .filter(|c| c.raw.first() == Some(&b'#'))
        .count()
}

impl Document {
    /// The document of a head and its records (the head's comments, its
    /// last line's end).
    pub fn from_parts(head: Head, records: Vec<Record>) -> Self {
        Document {
            records,
            comments: head.comments,
            missing_final_line_end: head.missing_final_line_end,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::SignedDuration;

    #[test]
    fn lirs_time_keeps_zero_as_unknown() {
        assert!(LirsTime::UNKNOWN.is_unknown());
        assert_eq!(LirsTime::UNKNOWN.timestamp(), None);
        let t = LirsTime::from_seconds(938_779_260).unwrap();
        assert_eq!(t.timestamp().unwrap().to_string(), "1999-10-01T12:01:00Z");
        assert_eq!(t.seconds(), 938_779_260);
        assert!(LirsTime::from_seconds(u64::MAX).is_none());
        assert!(LirsTime::from_seconds(253_402_300_800).is_none());
        // The bound is jiff's.
        assert_eq!(Timestamp::MAX.as_second(), MAX_SECONDS as i64);
        assert!(Timestamp::from_second(MAX_SECONDS as i64 + 1).is_err());
        let last = LirsTime::from_seconds(MAX_SECONDS).unwrap();
        assert_eq!(last.timestamp().unwrap().as_second(), MAX_SECONDS as i64);
        assert!(LirsTime::from_seconds(MAX_SECONDS + 1).is_none());
        let before_epoch: Timestamp = "1969-12-31T23:59:59Z".parse().unwrap();
        assert!(LirsTime::from_timestamp(before_epoch).is_none());
    }

    #[test]
    fn usable_and_stale() {
        let mut r = Record::new("http://a.example/");
        assert!(!r.is_usable());
        r.last_modified = LirsTime::from_seconds(938_779_260).unwrap();
        r.last_detected = LirsTime::from_seconds(938_781_002).unwrap();
        assert!(r.is_usable());
        let detected = r.last_detected.timestamp().unwrap();
        let at_limit = detected + SignedDuration::from_secs(28_800);
        assert!(!r.is_stale(at_limit));
        assert!(r.is_stale(at_limit + SignedDuration::from_secs(1)));
        r.last_modified = LirsTime::from_seconds(EPOCH_SENTINEL_SECONDS).unwrap();
        assert!(!r.is_usable());
        assert!(Record::new("x").is_stale(detected));
        assert_eq!(STALE_AFTER_SECONDS, 28_800);
    }
}
