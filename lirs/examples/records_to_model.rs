//! Streams a LIRS file (gzip or plain) record by record into the
//! format-neutral `antenna_model::Entry`, in bounded memory however long
//! the file is, listing what the model cannot carry.
//!
//! ```text
//! cargo run -p lirs --example records_to_model -- antenna.lirs.gz
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)] // a command-line tool

use std::fs::File;
use std::io::BufReader;

use lirs::{ReadOptions, RecordReader, record_to_entry};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args_os()
        .nth(1)
        .ok_or("usage: records_to_model FILE (LIRS, gzip or plain)")?;
    let reader = RecordReader::sniff(BufReader::new(File::open(path)?), ReadOptions::default())?;
    let mut losses = Vec::new();
    for record in reader {
        // A record with no recovery ends the stream with its diagnostics.
        let parsed = record?;
        for diagnostic in &parsed.diagnostics {
            eprintln!("{diagnostic}");
        }
        // `None`: the record's URL cannot be an entry's (a loss says why).
        if let Some(entry) = record_to_entry(&parsed.document, &mut losses) {
            let detected = entry.last_detected.map(|t| t.to_string());
            println!("{}  {}", detected.as_deref().unwrap_or("-"), entry.url);
        }
        for loss in losses.drain(..) {
            eprintln!("not in the model: {loss}");
        }
    }
    Ok(())
}
