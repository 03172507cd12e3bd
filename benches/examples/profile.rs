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

use std::hint::black_box;

use antenna_benches::LirsEncoding;

fn main() {
    let mut args = std::env::args().skip(1);
    let case = args.next().unwrap_or_else(|| "rss2".to_owned());
    // The 50-item feed is read by the same code as the 5,000-item one.
    let (case, items) = match case.strip_suffix("_50") {
        Some(base) => (base.to_owned(), 50),
        None => (case, 5_000),
    };
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
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
