//! Runs one reader on one generated input, for a profiler:
//! `valgrind --tool=callgrind target/release/examples/profile rss2 3`.
//!
//! Cases: `rss2`, `rss_crate` and `feed_rs` (need `--features baselines`),
//! `quick_xml_floor`, `lirs_plain`, `lirs_gzip`, `lirs_stream_plain`,
//! `lirs_stream_gzip`, `lirs_stream_borrowed_plain` (records lent by
//! `RecordReader::next_ref`), `gunzip`, `csv_floor` (needs `--features baselines`),
//! `hina_di`, `hina_di_floor`, `memchr`; `lirs_plain_utf8` and
//! `csv_floor_utf8` read the UTF-8 file; `rss2_50`, `rss_crate_50` and
//! `quick_xml_floor_50` read the 50-item feed. The input is generated first; the
//! second argument is how many times the reader runs (default 1).
//!
//! The model conversions of each format, on the input its reader case
//! reads (read once, before the runs): `hina_di_to_feed`,
//! `hina_di_from_feed`, `lirs_to_feed`, `lirs_from_feed` (100,000 EUC-JP
//! records), `rss2_to_feed`, `rss2_from_feed` (5,000 items); `to_feed` is
//! [`PartCodec::part_to_entry`] of every part, `from_feed`
//! [`PartCodec::part_from_entry`] of every entry, as the `antenna`
//! pipeline calls them, with their heads.

use std::hint::black_box;

use antenna_benches::LirsEncoding;
use antenna_model::PartCodec;

fn main() {
    let mut args = std::env::args().skip(1);
    let case = args.next().unwrap_or_else(|| "rss2".to_owned());
    // The 50-item feed is read by the same code as the 5,000-item one.
    let (case, items) = match case.strip_suffix("_50") {
        Some(base) => (base.to_owned(), 50),
        None => (case, 5_000),
    };
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    if let Some((format, way)) = case
        .rsplit_once("_to_")
        .or_else(|| case.rsplit_once("_from_"))
    {
        let to = case.contains("_to_");
        assert!(way == "feed", "unknown case {case}");
        let n = match format {
            "hina_di" => {
                convert::<hina_di::HinaDi>(&antenna_benches::hina_di_file(20_000), to, times)
            }
            "lirs" => convert::<lirs::Lirs>(
                &antenna_benches::lirs_file(100_000, LirsEncoding::EucJp),
                to,
                times,
            ),
            "rss2" => convert::<rss2::Rss2>(&antenna_benches::rss_feed(items), to, times),
            other => {
                eprintln!("unknown format {other}");
                std::process::exit(2);
            }
        };
        black_box(n);
        return;
    }
    let input = match case.as_str() {
        "rss2" | "rss_crate" | "feed_rs" | "quick_xml_floor" => antenna_benches::rss_feed(items),
        "lirs_plain"
        | "lirs_stream_plain"
        | "lirs_stream_borrowed_plain"
        | "csv_floor"
        | "memchr" => antenna_benches::lirs_file(100_000, LirsEncoding::EucJp),
        "lirs_plain_utf8" | "csv_floor_utf8" => {
            antenna_benches::lirs_file(100_000, LirsEncoding::Utf8)
        }
        "lirs_gzip" | "lirs_stream_gzip" | "gunzip" => {
            antenna_benches::gzip(&antenna_benches::lirs_file(100_000, LirsEncoding::EucJp))
        }
        "hina_di" | "hina_di_floor" => antenna_benches::hina_di_file(20_000),
        other => {
            eprintln!("unknown case {other}");
            std::process::exit(2);
        }
    };
    let mut out = Vec::new();
    for _ in 0..times {
        let n = match case.as_str() {
            "rss2" => rss2::read(black_box(&input), &rss2::ReadOptions::default())
                .map_or(0, |p| p.document.channel.items.len()),
            #[cfg(feature = "baselines")]
            "rss_crate" => {
                rss::Channel::read_from(black_box(&input[..])).map_or(0, |c| c.items.len())
            }
            #[cfg(feature = "baselines")]
            "feed_rs" => {
                feed_rs::parser::parse(black_box(&input[..])).map_or(0, |f| f.entries.len())
            }
            "quick_xml_floor" => antenna_benches::quick_xml_floor(black_box(&input)).unwrap_or(0),
            "lirs_plain" | "lirs_plain_utf8" | "lirs_gzip" => {
                lirs::read(black_box(&input), &lirs::ReadOptions::default())
                    .map_or(0, |p| p.document.records.len())
            }
            "lirs_stream_plain" | "lirs_stream_gzip" => {
                lirs::RecordReader::sniff(black_box(&input[..]), lirs::ReadOptions::default())
                    .map_or(0, |r| r.filter(Result::is_ok).count())
            }
            "lirs_stream_borrowed_plain" => {
                let options = lirs::ReadOptions::default();
                lirs::RecordReader::sniff(black_box(&input[..]), options).map_or(0, |mut r| {
                    let mut count = 0;
                    while let Some(item) = r.next_ref() {
                        count += usize::from(item.is_ok());
                    }
                    count
                })
            }
            "gunzip" => antenna_benches::gunzip(black_box(&input), &mut out),
            #[cfg(feature = "baselines")]
            "csv_floor" | "csv_floor_utf8" => antenna_benches::csv_floor(black_box(&input)),
            "hina_di" => hina_di::read(black_box(&input), &hina_di::ReadOptions::default())
                .map_or(0, |p| p.document.entity_blocks().count()),
            "hina_di_floor" => antenna_benches::hina_di_floor(black_box(&input)),
            "memchr" => antenna_benches::memchr_line_count(black_box(&input)),
            _ => 0,
        };
        black_box(n);
    }
}

/// `times` runs of `C`'s part conversions over `input`'s parts: to the
/// model (`to`) or, from its entries, back.
fn convert<C: PartCodec>(input: &[u8], to: bool, times: usize) -> usize {
    let parsed = antenna_model::parts::read_by_parts::<C>(input, &C::ReadOptions::default())
        .expect("generated input reads");
    let (head, parts) = parsed.document;
    let mut losses = Vec::new();
    let mut count = 0;
    if to {
        for _ in 0..times {
            losses.clear();
            let feed = C::head_to_feed(black_box(&head), &mut losses);
            black_box(feed);
            for (index, part) in parts.iter().enumerate() {
                losses.clear();
                let entry = C::part_to_entry(black_box(part), index, &mut losses);
                count += usize::from(black_box(entry).is_some());
            }
        }
        return count;
    }
    let mut feed = C::head_to_feed(&head, &mut losses);
    feed.entries = parts
        .iter()
        .enumerate()
        .filter_map(|(index, part)| C::part_to_entry(part, index, &mut losses))
        .collect();
    for _ in 0..times {
        let mut summary = C::Summary::default();
        if C::SUMMARY_PASS {
            for entry in &feed.entries {
                C::summarize(&mut summary, entry);
            }
        }
        losses.clear();
        black_box(C::head_from_feed(black_box(&feed), &summary, &mut losses));
        let mut state = C::FromFeedState::default();
        for entry in &feed.entries {
            losses.clear();
            let part = C::part_from_entry(&mut state, black_box(entry), &mut losses);
            count += usize::from(black_box(part).is_some());
        }
    }
    count
}
