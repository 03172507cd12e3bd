//! RSS 2.0: read, write and convert 5,000-item and 50-item feeds, with the
//! `rss` crate, feed-rs and a bare quick-xml event loop (the floor) reading
//! the same bytes (the baselines need `--features baselines`).
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, measurement::WallTime};

fn read_benches(group: &mut BenchmarkGroup<'_, WallTime>, feed: &[u8]) {
    group.throughput(Throughput::Bytes(feed.len() as u64));
    group.bench_function("read_rss2", |b| {
        b.iter(|| rss2::read(black_box(feed), &rss2::ReadOptions::default()).map(|p| p.document))
    });
    group.bench_function("floor_quick_xml", |b| {
        b.iter(|| antenna_benches::quick_xml_floor(black_box(feed)))
    });
    #[cfg(feature = "baselines")]
    {
        assert!(
            rss::Channel::read_from(feed).is_ok(),
            "rss crate rejects the feed"
        );
        assert!(
            feed_rs::parser::parse(feed).is_ok(),
            "feed-rs rejects the feed"
        );
        group.bench_function("baseline_rss_crate", |b| {
            b.iter(|| rss::Channel::read_from(black_box(feed)).ok())
        });
        group.bench_function("baseline_feed_rs", |b| {
            b.iter(|| feed_rs::parser::parse(black_box(feed)).ok())
        });
    }
}

fn benches(c: &mut Criterion) {
    for (name, items) in [("rss_5000", 5_000), ("rss_50", 50)] {
        let feed = antenna_benches::rss_feed(items);
        let document = common::document::<rss2::Rss2>(&feed);
        let written = rss2::write(&document, &rss2::WriteOptions::default()).expect("writes");

        let mut group = c.benchmark_group(name);
        if items > 1_000 {
            group.sampling_mode(SamplingMode::Flat);
        }
        read_benches(&mut group, &feed);
        // Writing: throughput in bytes written.
        group.throughput(Throughput::Bytes(written.len() as u64));
        group.bench_function("write_rss2", |b| {
            b.iter(|| rss2::write(black_box(&document), &rss2::WriteOptions::default()))
        });
        // Conversion: throughput in bytes of the feed the document was read
        // from, so that it compares with reading.
        group.throughput(Throughput::Bytes(feed.len() as u64));
        common::conversion_benches::<rss2::Rss2>(&mut group, &document);
        group.finish();
    }
}

criterion::criterion_group! {
    name = group;
    config = common::criterion();
    targets = benches
}
criterion::criterion_main!(group);
