//! Deterministic inputs for the benchmarks of the antenna crates.
//!
//! ```
//! let feed = antenna_benches::rss_feed(50);
//! let parsed = rss2::read(&feed, &rss2::ReadOptions::default()).unwrap();
//! assert_eq!(parsed.document.channel.items.len(), 50);
//! ```
//!
//! Every generator takes a size and returns the same bytes on every run and
//! every machine: the "random" choices come from a fixed-seed xorshift
//! generator ([`Rng`]), not from `rand`, so a figure in BENCHMARKS.md can be
//! reproduced on the same bytes.
//!
//! - [`rss_feed`]: RSS 2.0 shaped like a busy real feed: titles (one in
//!   four Japanese), links, descriptions of escaped HTML, two or three
//!   categories, guids, pubDates, enclosures, `dc:creator`; 5,000 items
//!   make about 4.1 MB.
//! - [`lirs_file`]: LIRS 2.1 records in EUC-JP or UTF-8, with Japanese
//!   titles and escaped commas (about 140 bytes a record); [`gzip`]
//!   compresses any of them.
//! - [`hina_di_file`]: a HINA-DI 2.2 file (EUC-JP) of entity blocks.
//! - [`hostile`]: the shapes of issue #28 (a gzip of blank lines, a block
//!   of many fields, a `Virtual` chain...) at any size.
//!
//! The floors the readers are compared with are here too
//! ([`quick_xml_floor`], [`memchr_line_count`], [`hina_di_floor`],
//! [`gunzip`], and `csv_floor` with the `baselines` feature), so the
//! benchmarks and the tests share them.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::indexing_slicing))]

use std::fmt::Write as _;
use std::io::{Read as _, Write as _};

pub mod hostile;

/// A xorshift64* generator: small, fast, deterministic.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator with a fixed seed (0 is replaced: xorshift needs a
    /// non-zero state).
    pub fn new(seed: u64) -> Self {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0; 0 gives 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }

    /// One element of a non-empty slice (the first for an empty one is
    /// impossible: callers pass constants).
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        let i = self.below(items.len());
        items.get(i).copied().unwrap_or_default()
    }
}

const WORDS: &[&str] = &[
    "antenna", "update", "release", "notes", "weekly", "report", "server", "memory", "parser",
    "feed", "reader", "writer", "diary", "photo", "travel", "kyoto", "tokyo", "osaka", "music",
    "review", "library", "garden", "coffee", "train", "station", "winter", "summer", "festival",
    "project", "comic", "novel", "chapter", "linux", "network", "design", "patch", "build",
];

const JA_WORDS: &[&str] = &[
    "日記",
    "更新",
    "お知らせ",
    "写真",
    "旅行",
    "京都",
    "東京",
    "大阪",
    "音楽",
    "感想",
    "図書館",
    "庭",
    "珈琲",
    "電車",
    "駅",
    "冬",
    "夏",
    "祭り",
    "漫画",
    "小説",
    "第一章",
    "ネットワーク",
    "デザイン",
    "アンテナ",
    "ひとりごと",
    "読書",
    "料理",
    "散歩",
];

const CATEGORIES: &[&str] = &[
    "news", "tech", "diary", "travel", "music", "books", "photo", "food", "日記", "技術",
];

const AUTHORS: &[&str] = &[
    "Hiya",
    "Tadayo",
    "hoge",
    "Asahina",
    "Suzuki Taro",
    "山田花子",
    "佐藤",
    "kenji",
    "mio",
];

const DAYS: &[&str] = &["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS: &[&str] = &[
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `count` words of `words`, separated by spaces.
fn words(rng: &mut Rng, pool: &[&str], count: usize, out: &mut String) {
    for i in 0..count {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(rng.pick(pool));
    }
}

/// A title: one in four Japanese.
fn title(rng: &mut Rng) -> String {
    let mut out = String::new();
    if rng.below(4) == 0 {
        let n = 2 + rng.below(3);
        for _ in 0..n {
            out.push_str(rng.pick(JA_WORDS));
        }
    } else {
        let n = 3 + rng.below(5);
        words(rng, WORDS, n, &mut out);
        if let Some(first) = out.get(..1) {
            let upper = first.to_ascii_uppercase();
            out.replace_range(..1, &upper);
        }
    }
    out
}

/// An RFC 822 date of 2002 with the right weekday, as RSS and HINA-DI
/// write them.
fn rfc822(rng: &mut Rng, zone: &str) -> String {
    // Days before each month of 2002 (not a leap year); 2002-01-01 was a
    // Tuesday (index 2 of DAYS).
    const BEFORE: [usize; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let month = rng.below(12);
    let day = 1 + rng.below(28);
    let weekday = (2 + BEFORE.get(month).copied().unwrap_or(0) + day - 1) % 7;
    format!(
        "{}, {day:02} {} 2002 {:02}:{:02}:{:02} {zone}",
        DAYS.get(weekday).copied().unwrap_or("Mon"),
        MONTHS.get(month).copied().unwrap_or("Jan"),
        rng.below(24),
        rng.below(60),
        rng.below(60),
    )
}

/// Escapes text for XML character data.
fn xml_escape(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

/// An HTML paragraph or two, as a description holds them before escaping.
fn html_description(rng: &mut Rng, n: usize) -> String {
    let mut html = String::new();
    let paragraphs = 2 + rng.below(2);
    for p in 0..paragraphs {
        html.push_str("<p>");
        if rng.below(4) == 0 {
            for _ in 0..(5 + rng.below(5)) {
                html.push_str(rng.pick(JA_WORDS));
            }
            html.push('。');
        } else {
            let n = 8 + rng.below(8);
            words(rng, WORDS, n, &mut html);
            html.push('.');
        }
        if p == 0 {
            let _ = write!(
                html,
                " <a href=\"http://example.jp/{n}/more?ref=feed&amp;p={p}\">more</a>"
            );
        } else if rng.below(2) == 0 {
            html.push_str(" <b>");
            words(rng, WORDS, 2, &mut html);
            html.push_str("</b> &amp; <i>");
            words(rng, WORDS, 2, &mut html);
            html.push_str("</i>");
        }
        html.push_str("</p>");
    }
    html
}

/// An RSS 2.0 feed of `items` items, about 820 bytes each (5,000 items:
/// about 4.1 MB). UTF-8, with an XML declaration, the `dc` namespace, and
/// in each item: title (one in four Japanese), link, description (escaped
/// HTML), two or three categories (one with a domain), a guid (permalink or
/// not), pubDate, `dc:creator` and, for three items in four, an
/// enclosure.
pub fn rss_feed(items: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x5253_5332_2E30);
    let mut out = String::with_capacity(items * 840 + 1024);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(
        "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<channel>\n",
    );
    out.push_str("  <title>Antenna benchmark feed &amp; friends</title>\n");
    out.push_str("  <link>http://example.jp/</link>\n");
    out.push_str("  <description>A generated feed: 日記、更新、お知らせ</description>\n");
    out.push_str("  <language>ja</language>\n");
    out.push_str("  <generator>antenna-benches</generator>\n");
    let _ = writeln!(
        out,
        "  <lastBuildDate>{}</lastBuildDate>",
        rfc822(&mut rng, "+0900")
    );
    out.push_str("  <ttl>60</ttl>\n");
    for n in 0..items {
        out.push_str("  <item>\n    <title>");
        xml_escape(&title(&mut rng), &mut out);
        let _ = writeln!(out, "</title>\n    <link>http://example.jp/{n}/</link>");
        out.push_str("    <description>");
        xml_escape(&html_description(&mut rng, n), &mut out);
        out.push_str("</description>\n");
        let _ = writeln!(
            out,
            "    <category domain=\"http://example.jp/tags\">{}</category>",
            rng.pick(CATEGORIES)
        );
        for _ in 0..(1 + rng.below(2)) {
            let _ = writeln!(out, "    <category>{}</category>", rng.pick(CATEGORIES));
        }
        if rng.below(2) == 0 {
            let _ = writeln!(out, "    <guid>http://example.jp/{n}/</guid>");
        } else {
            let _ = writeln!(
                out,
                "    <guid isPermaLink=\"false\">tag:example.jp,2002:{n}:{:x}</guid>",
                rng.next_u64()
            );
        }
        let _ = writeln!(out, "    <pubDate>{}</pubDate>", rfc822(&mut rng, "+0900"));
        let _ = writeln!(out, "    <dc:creator>{}</dc:creator>", rng.pick(AUTHORS));
        if rng.below(4) != 0 {
            let _ = writeln!(
                out,
                "    <enclosure url=\"http://media.example.jp/{n}.mp3\" length=\"{}\" type=\"audio/mpeg\"/>",
                100_000 + rng.below(9_000_000)
            );
        }
        out.push_str("  </item>\n");
    }
    out.push_str("</channel>\n</rss>\n");
    out.into_bytes()
}

/// The text encoding of a generated LIRS file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LirsEncoding {
    /// EUC-JP, LIRS 2.1 §7's encoding.
    EucJp,
    /// UTF-8, which real files also use.
    Utf8,
}

/// Escapes a LIRS field (LIRS 2.1 §2: `\` and `,` are backslash-escaped).
fn lirs_escape(text: &str, out: &mut String) {
    for c in text.chars() {
        if c == ',' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
}

/// A LIRS 2.1 file of `records` records, LF line ends, one comment line at
/// the top. Titles are one in four Japanese, one in ten holds an escaped
/// comma; about 140 bytes a record.
pub fn lirs_file(records: usize, encoding: LirsEncoding) -> Vec<u8> {
    let mut rng = Rng::new(0x4C49_5253_2E31);
    let mut out = String::with_capacity(records * 130 + 64);
    out.push_str("# generated by antenna-benches\n");
    for n in 0..records {
        let detected = 1_030_000_000 + rng.below(1_000_000);
        let modified = detected - rng.below(500_000);
        let _ = write!(
            out,
            "LIRS,{modified},{detected},32400,{},http://www{}.example.jp/~user{n}/,",
            rng.below(200_000),
            n % 7
        );
        let mut t = title(&mut rng);
        if rng.below(10) == 0 {
            t.push_str(", vol. ");
            let _ = write!(t, "{}", rng.below(100));
        }
        lirs_escape(&t, &mut out);
        out.push(',');
        lirs_escape(rng.pick(AUTHORS), &mut out);
        let _ = writeln!(out, ",http://antenna.example.jp/,,");
    }
    match encoding {
        LirsEncoding::Utf8 => out.into_bytes(),
        LirsEncoding::EucJp => {
            let (bytes, _, _) = encoding_rs::EUC_JP.encode(&out);
            bytes.into_owned()
        }
    }
}

/// A HINA-DI 2.2 file (EUC-JP, CRLF) of `blocks` entity blocks, each with
/// URL, Last-Modified, Title (one in four Japanese), Author-Name, Method
/// and, in one in three, Keyword; about 210 bytes a block.
pub fn hina_di_file(blocks: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x4849_4E41_2E32);
    let mut out = String::with_capacity(blocks * 230 + 128);
    out.push_str("HINA/2.2\r\nUser-Agent: antenna-benches/0.1\r\n");
    out.push_str("Content-Type: text/plain; charset=EUC-JP\r\n\r\n");
    for n in 0..blocks {
        let _ = write!(
            out,
            "URL: http://www{}.example.jp/~user{n}/diary/\r\nLast-Modified: {}\r\nTitle: {}\r\nAuthor-Name: {}\r\n",
            n % 7,
            rfc822(&mut rng, "GMT"),
            title(&mut rng),
            rng.pick(AUTHORS),
        );
        let method = if rng.below(3) == 0 {
            "REMOTE/GET/200"
        } else {
            "GET/200"
        };
        let _ = write!(out, "Method: {method}\r\n");
        if rng.below(3) == 0 {
            let _ = write!(
                out,
                "Keyword: {},{}\r\n",
                rng.pick(CATEGORIES),
                rng.pick(CATEGORIES)
            );
        }
        out.push_str("\r\n");
    }
    let (bytes, _, _) = encoding_rs::EUC_JP.encode(&out);
    bytes.into_owned()
}

/// Gzip-compresses `bytes` (default level), as LIRS files are served.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// The decompression floor: gunzips `bytes` into `out` (cleared first) and
/// returns the decompressed length (0 for bytes that are not gzip).
pub fn gunzip(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    out.clear();
    let mut decoder = flate2::read::MultiGzDecoder::new(bytes);
    decoder.read_to_end(out).unwrap_or(0)
}

/// The line-splitting floor: the number of LF bytes, counted with memchr.
pub fn memchr_line_count(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
}

/// The HINA-DI floor: splits `bytes` into lines with memchr (LF, a CR
/// before it dropped), takes each empty line as the end of a block and
/// finds the `:` after each other line's field name with memchr. No
/// decoding and no checks: only the line and name splitting every HINA-DI
/// reader does. Returns blocks + fields + the bytes of the names, so that
/// nothing is optimised away.
pub fn hina_di_floor(bytes: &[u8]) -> usize {
    let mut total = 0;
    let mut rest = bytes;
    while !rest.is_empty() {
        let (line, after) = match memchr::memchr(b'\n', rest) {
            Some(end) => (rest.get(..end).unwrap_or_default(), rest.get(end + 1..)),
            None => (rest, None),
        };
        rest = after.unwrap_or_default();
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            total += 1;
        } else if let Some(colon) = memchr::memchr(b':', line) {
            total += 1 + colon;
        }
    }
    total
}

/// The plain LIRS floor: the `csv` crate splitting `bytes` into byte
/// records (no headers, any number of fields, no decoding) and the number
/// of fields it found. LIRS escapes a comma as `\,`, which csv does not
/// know (it splits there), and csv treats `"` as a quote, which LIRS does
/// not: the split is not LIRS's, only the same work of finding every
/// comma and line end, so it is a floor for the readers, not a reader.
#[cfg(feature = "baselines")]
pub fn csv_floor(bytes: &[u8]) -> usize {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut record = csv::ByteRecord::new();
    let mut fields = 0;
    while let Ok(true) = reader.read_byte_record(&mut record) {
        fields += record.len();
    }
    fields
}

/// The XML floor: UTF-8 validation and a bare quick-xml event loop over
/// `bytes` that only resolves text (line ends normalised, character and
/// predefined entity references resolved), as a reader must before it can
/// keep anything; returns the number of text bytes, so that nothing is
/// optimised away. `None` when the input is not UTF-8 or not well-formed.
pub fn quick_xml_floor(bytes: &[u8]) -> Option<usize> {
    use quick_xml::events::Event;
    let text = std::str::from_utf8(bytes).ok()?;
    let mut reader = quick_xml::Reader::from_str(text);
    let mut total = 0usize;
    loop {
        match reader.read_event().ok()? {
            Event::Text(text) => {
                total += text.xml10_content().len();
            }
            Event::GeneralRef(entity) => {
                // quick-xml 0.38+ reports `&name;` as its own event; resolve
                // the predefined entities and character references.
                let name: &str = &entity;
                let resolved = match entity.resolve_char_ref().ok()? {
                    Some(c) => c.len_utf8(),
                    None => quick_xml::escape::resolve_predefined_entity(name)
                        .map_or(name.len() + 2, str::len),
                };
                total += resolved;
            }
            Event::CData(data) => total += data.xml10_content().len(),
            Event::Eof => break,
            _ => {}
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_deterministic() {
        let a: Vec<u64> = {
            let mut r = Rng::new(7);
            (0..5).map(|_| r.next_u64()).collect()
        };
        let mut r = Rng::new(7);
        let b: Vec<u64> = (0..5).map(|_| r.next_u64()).collect();
        assert_eq!(a, b);
        assert!(a.windows(2).all(|w| w[0] != w[1]));
        assert_eq!(rss_feed(50), rss_feed(50));
    }

    #[test]
    fn rss_5000_items_is_about_4_1_mb_and_reads() {
        let feed = rss_feed(5_000);
        let mb = feed.len() as f64 / 1_000_000.0;
        assert!((3.9..=4.3).contains(&mb), "{mb} MB");
        let parsed = rss2::read(&feed, &rss2::ReadOptions::default()).unwrap();
        assert!(
            parsed.diagnostics.is_empty(),
            "{:?}",
            parsed.diagnostics.first()
        );
        let items = &parsed.document.channel.items;
        assert_eq!(items.len(), 5_000);
        let japanese = items
            .iter()
            .filter(|i| i.title.as_deref().is_some_and(|t| !t.is_ascii()))
            .count();
        assert!((1_000..1_500).contains(&japanese), "{japanese}");
        let first = &items[0];
        assert!(first.description.as_deref().unwrap().starts_with("<p>"));
        assert!(first.categories.len() >= 2);
        assert!(first.guid.is_some());
        assert_eq!(
            first.dc_creator().as_deref().map(str::is_empty),
            Some(false)
        );
        let enclosures = items.iter().filter(|i| !i.enclosures.is_empty()).count();
        assert!((3_500..4_000).contains(&enclosures), "{enclosures}");
    }

    #[test]
    fn rss_50_items() {
        let feed = rss_feed(50);
        let parsed = rss2::read(&feed, &rss2::ReadOptions::default()).unwrap();
        assert_eq!(parsed.document.channel.items.len(), 50);
    }

    #[test]
    fn quick_xml_floor_resolves_entities() {
        let xml = b"<a>x &amp; &#x3042;<b>yz</b></a>";
        // "x " (2) + "&" (1) + " " (1) + "あ" (3) + "yz" (2)
        assert_eq!(quick_xml_floor(xml), Some(9));
        assert!(quick_xml_floor(&rss_feed(50)).unwrap() > 10_000);
        assert_eq!(quick_xml_floor(b"<a></b>"), None);
    }

    #[test]
    fn lirs_files_read_in_both_encodings_and_gzip() {
        for encoding in [LirsEncoding::EucJp, LirsEncoding::Utf8] {
            let file = lirs_file(1_000, encoding);
            assert_eq!(memchr_line_count(&file), 1_001);
            let per_record = file.len() / 1_000;
            assert!((90..=140).contains(&per_record), "{per_record}");
            let parsed = lirs::read(&file, &lirs::ReadOptions::default()).unwrap();
            let records = &parsed.document.records;
            assert_eq!(records.len(), 1_000);
            assert_eq!(parsed.document.comments.len(), 1);
            assert!(records.iter().any(|r| r.title.contains(", vol. ")));
            assert!(records.iter().any(|r| !r.title.is_ascii()));
            assert!(records.iter().all(|r| r.time_difference == 32_400));
            if encoding == LirsEncoding::EucJp {
                assert!(
                    parsed.diagnostics.is_empty(),
                    "{:?}",
                    parsed.diagnostics.first()
                );
            }
            let gz = gzip(&file);
            assert!(gz.len() < file.len() / 2);
            let mut out = Vec::new();
            assert_eq!(gunzip(&gz, &mut out), file.len());
            assert_eq!(out, file);
            let from_gz = lirs::read(&gz, &lirs::ReadOptions::default()).unwrap();
            assert_eq!(from_gz.document, parsed.document);
        }
    }

    #[test]
    fn lirs_utf8_differs_from_euc_jp_only_in_encoding() {
        let euc = lirs_file(200, LirsEncoding::EucJp);
        let utf8 = lirs_file(200, LirsEncoding::Utf8);
        assert_ne!(euc, utf8);
        let (decoded, _, errors) = encoding_rs::EUC_JP.decode(&euc);
        assert!(!errors);
        assert_eq!(decoded.as_bytes(), utf8.as_slice());
    }

    #[test]
    fn hina_di_file_reads_without_diagnostics() {
        let file = hina_di_file(2_000);
        let per_block = file.len() / 2_000;
        assert!((150..=260).contains(&per_block), "{per_block}");
        let parsed = hina_di::read(&file, &hina_di::ReadOptions::default()).unwrap();
        assert!(
            parsed.diagnostics.is_empty(),
            "{:?}",
            parsed.diagnostics.first()
        );
        assert_eq!(parsed.document.entity_blocks().count(), 2_000);
        let block = parsed.document.entity_blocks().nth(3).unwrap();
        assert_eq!(block.url(), Some("http://www3.example.jp/~user3/diary/"));
        assert!(block.title().is_some());
    }

    #[test]
    fn hina_di_floor_counts_blocks_fields_and_name_bytes() {
        // 2 blank lines (block ends) + 3 fields + names "A" (1), "Bc" (2),
        // "D" (1); the version line has no `:` and counts nothing.
        assert_eq!(
            hina_di_floor(b"HINA/2.2\r\nA: x\r\n\r\nBc: y:z\nD:\r\n\r\n"),
            2 + 3 + 4
        );
        // A last line without LF is split too.
        assert_eq!(hina_di_floor(b"HINA/2.2\nAb: c"), 1 + 2);
        let file = hina_di_file(100);
        let fields = file.windows(2).filter(|w| w == b": ").count();
        let blocks = 101; // the header and 100 entity blocks
        assert!(hina_di_floor(&file) > fields + blocks);
    }
}
