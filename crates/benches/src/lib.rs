//! Benchmark input generators (skeleton until the benchmarks issue lands).
