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
