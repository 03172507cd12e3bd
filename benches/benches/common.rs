//! Criterion settings shared by the bench targets: short runs, since the
//! machine is small and shared (the command line can override them).

use std::time::Duration;

use antenna_model::Codec;
use criterion::Criterion;

/// Ten samples, one second of warm-up, three of measurement.
pub fn criterion() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args()
}

/// `to_feed` and `from_feed` of the format `C`, in `group`, at the
/// group's current throughput.
pub fn conversion_benches<C: Codec>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    document: &C::Document,
) {
    group.bench_function("to_feed", |b| {
        b.iter(|| C::to_feed(std::hint::black_box(document)))
    });
    let model = C::to_feed(document).document;
    group.bench_function("from_feed", |b| {
        b.iter(|| C::from_feed(std::hint::black_box(&model)))
    });
}

/// The document of a generated input, which must read.
pub fn document<C: Codec>(input: &[u8]) -> C::Document {
    C::read(input, &C::ReadOptions::default())
        .expect("generated input reads")
        .document
}
