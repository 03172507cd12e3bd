//! Conversion to and from the format-neutral [`Feed`].

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashSet;

use antenna_model::jiff::tz::Offset;
use antenna_model::parts::{from_feed_by_parts, to_feed_by_parts};
use antenna_model::url::Url;
use antenna_model::{AsWritten, Converted, Entry, EntryKey, Feed, Loss, UrlKey};

use crate::document::{Document, Head, LirsTime, Record, comment_lines};
use crate::{Lirs, RecordRef};

/// Extension name for the LIRS extension field (§3.9).
pub const EXTENSION: &str = "lirs:extension";
/// Extension name for each field after the ninth.
pub const EXTRA: &str = "lirs:extra";

/// A record's source URL as written, kept for the LIRS writer
/// ([`Entry::as_written`]) when the text is not the normalised URL the
/// model holds (`http://amano.hauN.org/` for `http://amano.haun.org/`):
/// without it LIRS → LIRS changed the field's text and said nothing. The
/// record's own URL is kept as its written `URL` field instead
/// ([`Entry::written`]), which HINA-DI writes; no other format has a
/// source URL's text to write, so this one loses nothing elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SourceUrlAsWritten(String);

/// The text to write for `entry`'s source URL `source`: as the LIRS
/// record it came from wrote it, while that text still reads as
/// `source` and holds no control character, else `source` itself.
fn source_url_text<'e>(entry: &'e Entry, source: &'e Url) -> &'e str {
    entry
        .as_written
        .as_ref()
        .and_then(|w| w.downcast_ref::<SourceUrlAsWritten>())
        .map(|text| text.0.as_str())
        .filter(|text| {
            !text.chars().any(char::is_control) && Url::parse(text).is_ok_and(|u| u == *source)
        })
        .unwrap_or(source.as_str())
}

/// `0` and the empty string are blank (§2: "blank fields SHOULD be
/// represented as a zero").
fn blank(s: &str) -> bool {
    s.is_empty() || s == "0"
}

fn time(
    record: &Record,
    t: LirsTime,
    field: &'static str,
    losses: &mut Vec<Loss>,
) -> Option<antenna_model::jiff::Timestamp> {
    if t.is_epoch_sentinel() {
        losses.push(Loss::entry(
            record.url.as_str(),
            field,
            "315532800 (1980-01-01) is a writer's sentinel for unknown; read as unknown",
        ));
        return None;
    }
    t.timestamp()
}

/// The document as a [`Feed`].
///
/// - Last-Modified / Last-Detected 0 (unknown) and the 1980 sentinel
///   become `None` (the sentinel with a [`Loss`]).
/// - The time difference becomes `site_offset` (a Loss past ±25:59:59).
/// - Content-Length 0 (blank) becomes `None`.
/// - Title, author and source URL that are blank (`0` or empty) become
///   `None`; a source URL that does not parse is a Loss. One whose text
///   is not the normalised URL keeps the text for the LIRS writer
///   ([`Entry::as_written`]), as the record's URL keeps its own.
/// - The extension, when not empty, becomes the extension
///   `lirs:extension`; each extra field a `lirs:extra`.
/// - A record whose URL does not parse cannot be an entry: a Loss. One
///   whose URL text is not the normalised URL (`http://WWW.HOGE.JP/foo`)
///   keeps the text as its written `URL` field ([`Entry::written`]).
/// - Comment lines are a Loss for the document ([`comment_loss`]).
pub fn to_feed(document: &Document) -> Converted<Feed> {
    // The conversion needs only the count of the comment lines.
    let head = Head {
        comments: Vec::new(),
        comment_lines: comment_lines(&document.comments),
        missing_final_line_end: document.missing_final_line_end,
    };
    to_feed_by_parts::<Lirs>(&head, &document.records)
}

/// The entry of `record` ([`to_feed`] for one record), its losses pushed
/// onto `losses`; `None`, with a loss, when its URL does not parse.
pub fn record_to_entry(record: &Record, losses: &mut Vec<Loss>) -> Option<Entry> {
    let url = match Url::parse(&record.url) {
        Ok(url) => url,
        Err(e) => {
            losses.push(Loss::entry(
                record.url.as_str(),
                "URL",
                format!("not an absolute URL ({e}); record left out"),
            ));
            return None;
        }
    };
    let mut entry = Entry::new(url);
    if record.url != entry.url.as_str() {
        // The URL as written, for a writer that reproduces it (HINA-DI
        // §Propagation); `url` is its normalised form.
        entry.written.push("URL", &record.url);
    }
    entry.last_modified = time(record, record.last_modified, "Last-Modified", losses);
    entry.last_detected = time(record, record.last_detected, "Last-Detected", losses);
    match i32::try_from(record.time_difference)
        .ok()
        .and_then(|s| Offset::from_seconds(s).ok())
    {
        Some(offset) => entry.site_offset = Some(offset),
        None => losses.push(Loss::entry(
            record.url.as_str(),
            "time difference",
            format!(
                "{} seconds is not a time zone offset",
                record.time_difference
            ),
        )),
    }
    entry.content_length = (record.content_length != 0).then_some(record.content_length);
    entry.title = (!blank(&record.title)).then(|| record.title.clone());
    entry.author = (!blank(&record.author)).then(|| record.author.clone());
    if !blank(&record.source_url) {
        match source_url(&record.source_url) {
            Ok(source) => {
                if record.source_url != source.as_str() {
                    entry.as_written = Some(AsWritten::new(
                        SourceUrlAsWritten(record.source_url.clone()),
                        Vec::new(),
                    ));
                }
                entry.source_url = Some(source);
            }
            Err(e) => losses.push(Loss::entry(
                record.url.as_str(),
                "source URL",
                format!("`{}` is not an absolute URL ({e})", record.source_url),
            )),
        }
    }
    if !record.extension.is_empty() {
        entry.extensions.push(EXTENSION, &record.extension);
    }
    for extra in &record.extra {
        entry.extensions.push(EXTRA, extra);
    }
    Some(entry)
}

thread_local! {
    /// The last source URL [`source_url`] parsed, its text and its URL.
    static LAST_SOURCE: RefCell<Option<(String, Url)>> = const { RefCell::new(None) };
}

/// `text` parsed as a URL. The records of a file name the same source (the
/// antenna that found them, §3.8) over and over: the last one parsed is
/// kept and cloned when the text repeats (a parse costs ~3,000
/// instructions, a clone one copy).
fn source_url(text: &str) -> Result<Url, antenna_model::url::ParseError> {
    LAST_SOURCE.with_borrow_mut(|last| {
        if let Some((last_text, url)) = last.as_ref()
            && last_text == text
        {
            return Ok(url.clone());
        }
        let url = Url::parse(text)?;
        *last = Some((text.to_owned(), url.clone()));
        Ok(url)
    })
}

/// Whether [`record_to_entry`] makes an entry of `record`: whether its
/// URL parses. A URL that is its own normal form
/// ([`UrlKey::is_normalized`], a scan of its bytes) parses, and is not
/// parsed (issue #23: the parse, ~3,500 instructions, was most of a
/// summary pass over a LIRS file); any other is.
pub(crate) fn record_makes_entry(record: &Record) -> bool {
    UrlKey::is_normalized(&record.url) || Url::parse(&record.url).is_ok()
}

/// The loss [`to_feed`] reports for `comments` comment lines (`#` lines;
/// none for 0): a reader that streams records, and so never holds a
/// [`Document`], reports the same words.
pub fn comment_loss(comments: usize) -> Option<Loss> {
    (comments > 0).then(|| {
        Loss::document(
            "comment",
            format!("{comments} comment line(s) have no place in a feed"),
        )
    })
}

/// Replaces CR and LF, which LIRS fields MUST NOT hold, by spaces.
fn one_line<'v>(
    value: &'v str,
    url: &str,
    field: &'static str,
    losses: &mut Vec<Loss>,
) -> Cow<'v, str> {
    if memchr::memchr2(b'\r', b'\n', value.as_bytes()).is_some() {
        losses.push(Loss::entry(url, field, "line breaks replaced by spaces"));
        Cow::Owned(value.replace(['\r', '\n'], " "))
    } else {
        Cow::Borrowed(value)
    }
}

fn lirs_time(
    t: Option<antenna_model::jiff::Timestamp>,
    url: &str,
    field: &'static str,
    losses: &mut Vec<Loss>,
) -> LirsTime {
    let Some(t) = t else {
        return LirsTime::UNKNOWN;
    };
    match LirsTime::from_timestamp(t) {
        Some(lt) => {
            if t.subsec_nanosecond() != 0 {
                losses.push(Loss::entry(url, field, "fraction of a second dropped"));
            }
            lt
        }
        None => {
            losses.push(Loss::entry(
                url,
                field,
                format!("{t} is before 1970; written as unknown (0)"),
            ));
            LirsTime::UNKNOWN
        }
    }
}

/// A LIRS document from a [`Feed`]. Missing title, author and source URL
/// are written `0` (§2: blank fields), and missing numbers `0`. Every field
/// of an entry LIRS has no place for is a [`Loss`], as are a feed's own
/// fields, entries whose URL repeats an earlier one (§3.5: "a single URL
/// MUST NOT be repeated"), and line breaks in text.
pub fn from_feed(feed: &Feed) -> Converted<Document> {
    let Converted {
        document: (head, records),
        losses,
    } = from_feed_by_parts::<Lirs>(feed);
    Converted {
        document: Document::from_parts(head, records),
        losses,
    }
}

/// The losses [`from_feed`] lists first: the feed's own fields, which
/// LIRS has no place for.
pub fn feed_losses(feed: &Feed) -> Vec<Loss> {
    let mut losses = Vec::new();
    if let Some(written) = &feed.as_written {
        losses.extend_from_slice(written.losses());
    }
    for (field, present, what) in [
        ("agent", feed.agent.is_some(), "the file's agent"),
        ("generated", feed.generated.is_some(), "the file's date"),
        ("title", feed.title.is_some(), "the feed's title"),
        ("link", feed.link.is_some(), "the feed's link"),
        (
            "description",
            feed.description.is_some(),
            "the feed's description",
        ),
    ] {
        if present {
            losses.push(Loss::document(
                field,
                format!("LIRS has no field for {what}"),
            ));
        }
    }
    losses
}

/// [`from_feed`] entry by entry, for a feed whose entries are not all
/// held at once: the records, and the losses after [`feed_losses`], are
/// those [`from_feed`] gives for the entries given in order. What it keeps
/// is the URLs seen (§3.5: a repeated one is left out).
#[derive(Debug, Clone, Default)]
pub struct RecordsFromEntries {
    /// The first entry's URL, kept as it is until a second entry comes:
    /// a converter that starts a new one for each entry (of a source whose
    /// URLs are known distinct) then makes no key at all (issue #23: the
    /// key and the set were a twentieth of converting LIRS to LIRS).
    first: Option<Url>,
    seen: HashSet<UrlKey>,
}

impl RecordsFromEntries {
    /// The record of `entry`, the next entry of the feed, its losses
    /// appended to `losses`; `None`, with a loss, when its URL repeats an
    /// earlier entry's.
    pub fn record(&mut self, entry: &Entry, losses: &mut Vec<Loss>) -> Option<Record> {
        self.record_reusing(entry, losses, None)
    }

    /// Whether `url` is an earlier entry's (§3.5), noting it as met.
    fn repeats(&mut self, url: &Url) -> bool {
        if self.seen.is_empty() {
            let Some(first) = &self.first else {
                self.first = Some(url.clone());
                return false;
            };
            self.seen.insert(UrlKey::from_url(first));
        }
        !self.seen.insert(UrlKey::from_url(url))
    }

    /// [`RecordsFromEntries::record`], made in `spare` (a record written
    /// before) when there is one: the same record, its text written over
    /// `spare`'s, whose room is reused (issue #23: allocating and freeing
    /// a record's strings was a tenth of converting LIRS to LIRS).
    pub fn record_reusing(
        &mut self,
        entry: &Entry,
        losses: &mut Vec<Loss>,
        spare: Option<Record>,
    ) -> Option<Record> {
        let url = entry.url.as_str();
        if !entry.names_page() {
            losses.push(Loss::entry(
                url,
                "URL",
                "the item names no page (no link, no permalink guid) and a LIRS record is a page's; entry left out",
            ));
            return None;
        }
        if self.repeats(&entry.url) {
            losses.push(Loss::entry(
                url,
                "URL",
                "repeats an earlier entry's URL; entry left out",
            ));
            return None;
        }
        if let Some(written) = &entry.as_written {
            losses.extend_from_slice(written.losses());
        }
        Some(match spare {
            Some(mut spare) => {
                record_ref(entry, losses).write_over(&mut spare);
                spare
            }
            None => record(entry, losses),
        })
    }
}

/// The record [`from_feed`] writes of `entry`, its losses pushed onto
/// `losses`, without the checks of the feed as a whole (a URL repeated,
/// an entry that names no page): what another format that carries LIRS
/// records (the RSS `antenna` module) holds of one entry.
pub fn record_from_entry(entry: &Entry, losses: &mut Vec<Loss>) -> Record {
    record(entry, losses)
}

/// [`record_from_entry`], its text fields lent by `entry` where they are
/// its values as they are (a value with a line break is a copy): for a
/// caller that only reads them (the RSS `antenna` module, which copied
/// each field twice).
pub fn record_ref_from_entry<'e>(entry: &'e Entry, losses: &mut Vec<Loss>) -> RecordRef<'e> {
    record_ref(entry, losses)
}

/// The record of `entry` (its URL not seen before).
fn record(entry: &Entry, losses: &mut Vec<Loss>) -> Record {
    record_ref(entry, losses).into_owned()
}

/// [`record`], lending `entry`'s text.
fn record_ref<'e>(entry: &'e Entry, losses: &mut Vec<Loss>) -> RecordRef<'e> {
    let url = entry.url.as_str();
    // The URL as the source wrote it, when it still reads as the
    // entry's (a LIRS record read and written again keeps its bytes).
    let mut record = RecordRef {
        url: Cow::Borrowed(url_text(entry)),
        ..RecordRef::default()
    };
    record.last_modified = lirs_time(entry.last_modified, url, "Last-Modified", losses);
    record.last_detected = lirs_time(entry.last_detected, url, "Last-Detected", losses);
    record.time_difference = entry.site_offset.map_or(0, |o| i64::from(o.seconds()));
    record.content_length = entry.content_length.unwrap_or(0);
    record.title = entry
        .title
        .as_deref()
        .map_or(Cow::Borrowed("0"), |t| text(t, url, "title", losses));
    record.author = entry
        .author
        .as_deref()
        .map_or(Cow::Borrowed("0"), |a| text(a, url, "author", losses));
    record.source_url = entry.source_url.as_ref().map_or(Cow::Borrowed("0"), |s| {
        Cow::Borrowed(source_url_text(entry, s))
    });
    let mut has_extension = false;
    for extension in &entry.extensions {
        if extension.name == EXTENSION && !has_extension {
            has_extension = true;
            record.extension = one_line(extension.value, url, EXTENSION, losses);
        } else if extension.name == EXTRA {
            let value = one_line(extension.value, url, EXTRA, losses);
            record.extra.push(value);
        } else {
            losses.push(Loss::entry(
                url,
                extension.name.to_owned(),
                "LIRS has no field for this extension",
            ));
        }
    }
    let dropped: [(&str, bool); 11] = [
        ("generated", entry.generated.is_some()),
        ("content type", entry.content_type.is_some()),
        ("expires", entry.expires.is_some()),
        ("keywords", !entry.keywords.is_empty()),
        ("authorized", entry.authorized.is_some()),
        ("method", entry.method.is_some()),
        ("server", entry.server.is_some()),
        ("virtual URL", entry.virtual_url.is_some()),
        ("image width", entry.image_width.is_some()),
        ("image height", entry.image_height.is_some()),
        ("HINA version", entry.hina_version.is_some()),
    ];
    let mut key = EntryKey::new(url);
    for (field, present) in dropped {
        if present {
            losses.push(Loss::entry(key.shared(), field, "LIRS has no field for it"));
        }
    }
    written_losses(entry, &mut key, losses);
    record
}

/// The text to write for `entry`'s URL: as the source wrote it, while it
/// still reads as the entry's URL ([`Entry::url_as_written`]), else the
/// URL itself. A text that is the URL's own serialisation is those very
/// bytes either way, so it is taken without `url_as_written`'s check
/// (issue #23: a scan of the URL's bytes, ~380 instructions, the third
/// on the same text of a HINA-DI block's entry).
fn url_text(entry: &Entry) -> &str {
    let url = entry.url.as_str();
    match entry.written_field("URL") {
        Some(written) if written.value == url => url,
        Some(_) => entry.url_as_written().unwrap_or(url),
        None => url,
    }
}

/// A text field's value on one line; a value that reads as blank (empty,
/// or `0`: §2, "blank fields SHOULD be represented as a zero") is lost,
/// as it reads back as no value.
fn text<'v>(
    value: &'v str,
    url: &str,
    field: &'static str,
    losses: &mut Vec<Loss>,
) -> Cow<'v, str> {
    if blank(value) {
        losses.push(Loss::entry(
            url,
            field,
            format!("{value:?} is a blank LIRS field (§2), read back as no value"),
        ));
    }
    one_line(value, url, field, losses)
}

/// The HINA-DI fields a record holds the values of, spelled as HINA-DI
/// rev. 0.12 spells them, in the order its writer puts them in a block
/// written from an entry's values.
const HELD_FIELDS: [&str; 4] = ["URL", "Title", "Author-Name", "Last-Modified"];

/// The losses of the text of `entry`'s fields as written
/// ([`Entry::written`], a HINA-DI block's) that a record cannot keep.
///
/// Why: a record keeps the URL's text and the values of the other
/// [`HELD_FIELDS`], not their text, so back in HINA-DI the block is
/// written from the values: a field name spelled otherwise, those fields
/// in another order, and a `Last-Modified` in another zone or form than
/// RFC 1123 GMT (a record holds a Unix time, §3.1) come back changed.
/// The fields LIRS has no place for are reported by their values.
fn written_losses(entry: &Entry, key: &mut EntryKey<'_>, losses: &mut Vec<Loss>) {
    let (mut spelled, mut in_order, mut last) = (true, true, 0);
    for field in &entry.written {
        let Some(at) = HELD_FIELDS
            .iter()
            .position(|name| name.eq_ignore_ascii_case(field.name))
        else {
            continue;
        };
        spelled &= HELD_FIELDS.get(at) == Some(&field.name);
        in_order &= at >= last;
        last = at;
        if let Some(modified) = entry.last_modified
            && field.name.eq_ignore_ascii_case("Last-Modified")
            && !is_printed_date(modified, field.value)
        {
            losses.push(Loss::entry(
                key.shared(),
                "Last-Modified as written",
                format!(
                    "{:?}: a record holds a Unix time, written back as {:?}",
                    field.value,
                    antenna_model::dates::format_rfc1123(modified)
                ),
            ));
        }
    }
    if !spelled {
        losses.push(Loss::entry(
            key.shared(),
            "field names as written",
            "LIRS fields are by position; the names are written back as HINA-DI spells them",
        ));
    }
    if !in_order {
        losses.push(Loss::entry(
            key.shared(),
            "field order as written",
            "LIRS fields are by position; the block is written back in the writer's order",
        ));
    }
}

/// `true` when `value` is `modified` as the HINA-DI writer prints it
/// ([`antenna_model::dates::format_rfc1123`]): told in place first (issue
/// #23: printing it to compare was ~500 instructions an entry), printed
/// only for a date that is not, or the rare one `is_rfc1123_of` does not
/// tell (before the year 0).
// Not inlined: inlined, the instant's civil time was computed for every
// record, a HINA-DI `Last-Modified` among its fields or not (~200
// instructions a record of LIRS -> LIRS).
#[inline(never)]
fn is_printed_date(modified: antenna_model::jiff::Timestamp, value: &str) -> bool {
    antenna_model::dates::is_rfc1123_of(modified, value)
        || value == antenna_model::dates::format_rfc1123(modified)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The entry of a record whose source URL (§3.8) is `source`.
    fn entry_with_source(source: &str, losses: &mut Vec<Loss>) -> Entry {
        let mut record = Record::new("http://example.jp/");
        record.source_url = source.to_owned();
        record_to_entry(&record, losses).expect("the record's URL parses")
    }

    #[test]
    fn each_record_gets_its_own_source_url_when_the_last_one_is_kept() {
        let mut losses = Vec::new();
        let source = |e: &Entry| e.source_url.as_ref().map(Url::to_string);
        let a = entry_with_source("http://A.example.jp/", &mut losses);
        let again = entry_with_source("http://A.example.jp/", &mut losses);
        let b = entry_with_source("http://b.example.jp/x", &mut losses);
        let bad = entry_with_source("not a url", &mut losses);
        let b_again = entry_with_source("http://b.example.jp/x", &mut losses);
        // Normalised as Url::parse does (the host lowercased), repeated or not.
        assert_eq!(source(&a).as_deref(), Some("http://a.example.jp/"));
        assert_eq!(source(&again), source(&a));
        assert_eq!(source(&b).as_deref(), Some("http://b.example.jp/x"));
        assert_eq!(source(&bad), None);
        assert_eq!(source(&b_again), source(&b));
        // The bad one is a loss every time, never taken from the last.
        assert_eq!(losses.len(), 1);
        assert_eq!(losses[0].field, "source URL");
        entry_with_source("not a url", &mut losses);
        assert_eq!(losses.len(), 2);
    }

    #[test]
    fn a_repeated_url_is_left_out_whichever_entry_it_repeats() {
        // §3.5: "a single URL MUST NOT be repeated"; the same URL by
        // identity (`http://A.example/` is `http://a.example/`).
        let entry = |url: &str| Entry::new(Url::parse(url).unwrap());
        for (urls, kept) in [
            (&["http://a.example/", "http://A.example/"][..], 1),
            (
                &[
                    "http://a.example/",
                    "http://b.example/",
                    "http://A.example/",
                ],
                2,
            ),
            (
                &[
                    "http://a.example/",
                    "http://b.example/",
                    "http://b.example/",
                ],
                2,
            ),
            (
                &[
                    "http://a.example/",
                    "http://b.example/",
                    "http://c.example/",
                ],
                3,
            ),
        ] {
            let mut state = RecordsFromEntries::default();
            let mut losses = Vec::new();
            let made = urls
                .iter()
                .filter(|url| state.record(&entry(url), &mut losses).is_some())
                .count();
            assert_eq!(made, kept, "{urls:?}");
            let repeats = losses
                .iter()
                .filter(|l| l.reason.contains("repeats"))
                .count();
            assert_eq!(repeats, urls.len() - kept, "{urls:?}");
        }
    }

    /// The fields of the losses `record` reports for an entry of a
    /// HINA-DI block written as `fields`.
    fn losses_of_block(fields: &[(&str, &str)]) -> Vec<String> {
        let mut entry = Entry::new(Url::parse("http://example.jp/").unwrap());
        entry.title = Some("t".to_owned());
        entry.last_modified = Some("2002-09-07T00:00:01Z".parse().unwrap());
        for (name, value) in fields {
            entry.written.push(name, value);
        }
        let mut losses = Vec::new();
        record(&entry, &mut losses);
        losses.into_iter().map(|l| l.field.to_string()).collect()
    }

    #[test]
    fn text_of_a_block_a_record_cannot_keep_is_a_loss() {
        let date = "Sat, 07 Sep 2002 00:00:01 GMT";
        // As the HINA-DI writer writes the values: nothing lost.
        let written = [("URL", "http://example.jp/"), ("Title", "t")];
        assert!(losses_of_block(&[written[0], written[1], ("Last-Modified", date)]).is_empty());
        assert_eq!(
            losses_of_block(&[
                ("URL", "http://example.jp/"),
                ("Last-Modified", "Sat Sep  7 00:00:01 2002")
            ]),
            ["Last-Modified as written"]
        );
        assert_eq!(
            losses_of_block(&[("url", "http://example.jp/"), ("Title", "t")]),
            ["field names as written"]
        );
        assert_eq!(
            losses_of_block(&[("Title", "t"), ("URL", "http://example.jp/")]),
            ["field order as written"]
        );
    }

    #[test]
    fn a_text_that_reads_as_blank_is_a_loss() {
        for blank in ["", "0"] {
            let mut entry = Entry::new(Url::parse("http://example.jp/").unwrap());
            entry.title = Some(blank.to_owned());
            let mut losses = Vec::new();
            record(&entry, &mut losses);
            let fields: Vec<_> = losses.iter().map(|l| l.field.to_string()).collect();
            assert_eq!(fields, ["title"], "{blank:?}");
        }
    }

    #[test]
    fn a_record_makes_an_entry_when_its_url_parses() {
        for url in [
            "http://example.jp/",
            "HTTP://WWW.Example.JP/a/../b",
            "not a url",
            "",
        ] {
            let record = Record::new(url);
            assert_eq!(
                record_makes_entry(&record),
                record_to_entry(&record, &mut Vec::new()).is_some(),
                "{url:?}"
            );
        }
        assert!(!record_makes_entry(&Record::new("not a url")));
    }

    proptest::proptest! {
        /// Told by the bytes or by the parse, the answer is the parse's.
        #[test]
        fn a_record_makes_an_entry_exactly_when_its_url_parses(
            url in "(https?|HTTP|ftp)://([a-z0-9A-Z.@:\\[\\]-]{0,9})(/[a-z0-9.%~?#@:;,=&+' <>{}|^-]{0,5}){0,3}"
        ) {
            let record = Record::new(url.as_str());
            proptest::prop_assert_eq!(
                record_makes_entry(&record),
                Url::parse(&url).is_ok(),
                "{:?}", url
            );
        }
    }
}
