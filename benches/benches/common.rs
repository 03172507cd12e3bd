//! Criterion settings shared by the bench targets: short runs, since the
//! machine is small and shared (the command line can override them).

use std::time::Duration;

use criterion::Criterion;

/// Ten samples, one second of warm-up, three of measurement.
pub fn criterion() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args()
}

/// `to_feed` and `from_feed` of one format, in `group`, at the group's
/// current throughput.
pub fn conversion_benches<D>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    document: &D,
    to_feed: fn(&D) -> antenna_model::Converted<antenna_model::Feed>,
    from_feed: fn(&antenna_model::Feed) -> antenna_model::Converted<D>,
) {
    group.bench_function("to_feed", |b| {
        b.iter(|| to_feed(std::hint::black_box(document)))
    });
    let model = to_feed(document).value;
    group.bench_function("from_feed", |b| {
        b.iter(|| from_feed(std::hint::black_box(&model)))
    });
}
