//! Peak heap memory of the readers, measured by a counting global
//! allocator: `cargo run --release -p antenna-benches --example
//! peak_memory [--features baselines]`.
//!
//! Prints one JSON object a line: `{"name": ..., "input_bytes": ...,
//! "peak_bytes": ...}`, where `peak_bytes` is the highest heap in use
//! while the reader ran, above what was in use before it started (the
//! input itself is allocated before and not counted).
#![allow(unsafe_code)] // the GlobalAlloc impl below; see Cargo.toml

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use antenna_benches::LirsEncoding;

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(size: usize) {
    let now = IN_USE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds the
// GlobalAlloc contract; the counters are only bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            grew(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            grew(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from `System` with this layout.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns the peak heap above what was in use before it.
/// What `f` returns is dropped inside, after the peak is taken into
/// account (a document held at the end counts).
fn peak<T>(f: impl FnOnce() -> T) -> usize {
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = f();
    let peak = PEAK.load(Ordering::Relaxed);
    drop(std::hint::black_box(result));
    peak.saturating_sub(before)
}

fn report(name: &str, input_bytes: usize, peak_bytes: usize) {
    println!(
        "{{\"name\": \"{name}\", \"input_bytes\": {input_bytes}, \"peak_bytes\": {peak_bytes}}}"
    );
}

fn stream(input: &[u8]) -> usize {
    match lirs::RecordReader::sniff(input, lirs::ReadOptions::default()) {
        Ok(reader) => reader.filter(Result::is_ok).count(),
        Err(_) => 0,
    }
}

fn main() {
    let feed = antenna_benches::rss_feed(5_000);
    let p = peak(|| rss2::read(&feed, &rss2::ReadOptions::default()).map(|p| p.document));
    report("rss_5000/read_rss2", feed.len(), p);
    #[cfg(feature = "baselines")]
    {
        let p = peak(|| rss::Channel::read_from(&feed[..]).ok());
        report("rss_5000/baseline_rss_crate", feed.len(), p);
        let p = peak(|| feed_rs::parser::parse(&feed[..]).ok());
        report("rss_5000/baseline_feed_rs", feed.len(), p);
    }
    drop(feed);

    for records in [100_000, 1_000_000] {
        let plain = antenna_benches::lirs_file(records, LirsEncoding::EucJp);
        let gz = antenna_benches::gzip(&plain);
        let p = peak(|| stream(&plain));
        report(&format!("lirs_stream_plain/{records}"), plain.len(), p);
        let p = peak(|| stream(&gz));
        report(&format!("lirs_stream_gzip/{records}"), gz.len(), p);
        if records == 100_000 {
            let p = peak(|| lirs::read(&plain, &lirs::ReadOptions::default()).map(|p| p.document));
            report(&format!("lirs_read_plain/{records}"), plain.len(), p);
        }
    }
}
