//! Reads a LIRS file (gzip or plain, sniffed) and lists its records, then
//! whatever the reader warned about.
//!
//! ```text
//! cargo run -p lirs --example list_records -- antenna.lirs.gz
//! cargo run -p lirs --example list_records      # a built-in sample
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)] // a command-line tool

use lirs::{ReadOptions, read};

/// Read when no file is named (the record of LIRS 2.1 §5, and one with
/// eight fields and a blank source URL, which the lenient reader reads with
/// warnings).
const SAMPLE: &[u8] = b"LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,\
Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,\r\n\
LIRS,938779300,938781100,32400,0,http://www.hoge.jp/foo/,Foo,Hoge,,\r\n";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let bytes = match std::env::args_os().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => SAMPLE.to_vec(),
    };
    // Input with no recovery (a line that is no record, corrupt gzip) is
    // `Rejected`, with the diagnostics that say why.
    let parsed = read(&bytes, &ReadOptions::default())?;
    for record in &parsed.document.records {
        let modified = record.last_modified.timestamp().map(|t| t.to_string());
        println!(
            "{}  {}  {}",
            modified.as_deref().unwrap_or("unknown"),
            record.title,
            record.url
        );
    }
    for diagnostic in &parsed.diagnostics {
        eprintln!("{diagnostic}");
    }
    Ok(())
}
