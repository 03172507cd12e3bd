//! LIRS 2.1: read (whole-buffer and streaming), write and convert 100,000
//! records, plain and gzip, EUC-JP and UTF-8, with the floors: the `csv`
//! crate splitting the same bytes into byte records for plain text (with
//! `--features baselines`), gzip decompression alone for gzip.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use antenna_benches::LirsEncoding;
use criterion::{Criterion, SamplingMode, Throughput};

const RECORDS: usize = 100_000;

fn stream_count(input: &[u8]) -> usize {
    let options = lirs::ReadOptions::default();
    match lirs::RecordReader::sniff(input, options) {
        Ok(reader) => reader.filter(Result::is_ok).count(),
        Err(_) => 0,
    }
}

/// The streaming reader's records as [`lirs::RecordReader::next_ref`]
/// lends them (text fields borrowed from its buffers, like the csv floor's
/// reused byte record): the figure the 0.8× target is measured with.
fn stream_borrowed_count(input: &[u8]) -> usize {
    let options = lirs::ReadOptions::default();
    let Ok(mut reader) = lirs::RecordReader::sniff(input, options) else {
        return 0;
    };
    let mut count = 0;
    while let Some(item) = reader.next_ref() {
        count += usize::from(item.is_ok());
    }
    count
}

fn benches(c: &mut Criterion) {
    for (encoding, enc_name) in [(LirsEncoding::EucJp, "eucjp"), (LirsEncoding::Utf8, "utf8")] {
        let plain = antenna_benches::lirs_file(RECORDS, encoding);
        let gz = antenna_benches::gzip(&plain);
        let document = common::document::<lirs::Lirs>(&plain);
        let write_encoding = match encoding {
            LirsEncoding::EucJp => lirs::Encoding::EucJp,
            LirsEncoding::Utf8 => lirs::Encoding::Utf8,
        };
        for gzip in [false, true] {
            let input: &[u8] = if gzip { &gz } else { &plain };
            let name = format!("lirs_{}_{enc_name}", if gzip { "gzip" } else { "plain" });
            let mut group = c.benchmark_group(&name);
            group.sampling_mode(SamplingMode::Flat);
            // Throughput in bytes of the input as given (compressed for
            // gzip); the floor runs on the same bytes.
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_function("read", |b| {
                b.iter(|| {
                    lirs::read(black_box(input), &lirs::ReadOptions::default()).map(|p| p.document)
                })
            });
            group.bench_function("read_stream", |b| b.iter(|| stream_count(black_box(input))));
            group.bench_function("read_stream_borrowed", |b| {
                b.iter(|| stream_borrowed_count(black_box(input)))
            });
            if gzip {
                let mut out = Vec::with_capacity(plain.len());
                group.bench_function("floor_gunzip", |b| {
                    b.iter(|| antenna_benches::gunzip(black_box(input), &mut out))
                });
            } else {
                #[cfg(feature = "baselines")]
                group.bench_function("floor_csv", |b| {
                    b.iter(|| antenna_benches::csv_floor(black_box(input)))
                });
            }
            let options = lirs::WriteOptions::default()
                .with_gzip(gzip)
                .with_encoding(write_encoding);
            let written = lirs::write(&document, &options).expect("writes");
            group.throughput(Throughput::Bytes(written.len() as u64));
            group.bench_function("write", |b| {
                b.iter(|| lirs::write(black_box(&document), &options))
            });
            group.finish();
        }
        if encoding == LirsEncoding::EucJp {
            let mut group = c.benchmark_group("lirs_convert");
            group.sampling_mode(SamplingMode::Flat);
            group.throughput(Throughput::Bytes(plain.len() as u64));
            common::conversion_benches::<lirs::Lirs>(&mut group, &document);
            group.finish();
        }
    }
}

criterion::criterion_group! {
    name = group;
    config = common::criterion();
    targets = benches
}
criterion::criterion_main!(group);
