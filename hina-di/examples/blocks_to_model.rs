//! Reads a HINA-DI file block by block ([`hina_di::BlockReader`]) and
//! converts each block to the format-neutral `antenna_model::Entry` as it
//! comes, listing what the model cannot carry: no document is held.
//!
//! ```text
//! cargo run -p hina-di --example blocks_to_model -- examples/antenna.hdi
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)] // a command-line tool

use hina_di::{BlockReader, ReadOptions, block_to_feed};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args_os()
        .nth(1)
        .ok_or("usage: blocks_to_model FILE (HINA-DI)")?;
    let bytes = std::fs::read(path)?;
    // The version line and the header block are read here; a file that is
    // not HINA-DI 2 is `Rejected`.
    let mut reader = BlockReader::new(&bytes, &ReadOptions::default())?;
    while let Some(block) = reader.next_block() {
        let converted = block_to_feed(&block);
        // `None`: a block the model cannot hold (a loss says why).
        if let Some(entry) = converted.document {
            let modified = entry.last_modified.map(|t| t.to_string());
            println!("{}  {}", modified.as_deref().unwrap_or("-"), entry.url);
        }
        for loss in &converted.losses {
            eprintln!("not in the model: {loss}");
        }
        for diagnostic in reader.take_diagnostics() {
            eprintln!("{diagnostic}");
        }
    }
    for diagnostic in reader.take_diagnostics() {
        eprintln!("{diagnostic}");
    }
    Ok(())
}
