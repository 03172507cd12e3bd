//! HINA-DI 2.2: read, write and convert 20,000 entity blocks, with the
//! memchr split of the same bytes into lines and field names as the floor
//! (`antenna_benches::hina_di_floor`).
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{Criterion, SamplingMode, Throughput};

const BLOCKS: usize = 20_000;

fn benches(c: &mut Criterion) {
    let file = antenna_benches::hina_di_file(BLOCKS);
    let document = common::document::<hina_di::HinaDi>(&file);
    let written = hina_di::write(&document, &hina_di::WriteOptions::default()).expect("writes");

    let mut group = c.benchmark_group("hina_di");
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Bytes(file.len() as u64));
    group.bench_function("read", |b| {
        b.iter(|| {
            hina_di::read(black_box(&file), &hina_di::ReadOptions::default()).map(|p| p.document)
        })
    });
    group.bench_function("floor_split", |b| {
        b.iter(|| antenna_benches::hina_di_floor(black_box(&file)))
    });
    group.throughput(Throughput::Bytes(written.len() as u64));
    group.bench_function("write", |b| {
        b.iter(|| hina_di::write(black_box(&document), &hina_di::WriteOptions::default()))
    });
    group.throughput(Throughput::Bytes(file.len() as u64));
    common::conversion_benches::<hina_di::HinaDi>(&mut group, &document);
    group.finish();
}

criterion::criterion_group! {
    name = group;
    config = common::criterion();
    targets = benches
}
criterion::criterion_main!(group);
