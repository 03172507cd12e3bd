//! Streams a large generated gzip LIRS file through [`lirs::RecordReader`],
//! to measure peak memory (see the crate README).
//!
//! ```text
//! cargo run --release -p lirs --example stream_big -- gen /tmp/big.lirs.gz 1024
//! /usr/bin/time -v target/release/examples/stream_big read /tmp/big.lirs.gz
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};

use lirs::{ReadOptions, RecordReader};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("gen") => {
            let path = args.get(2).ok_or("gen PATH MIB")?;
            let mib: u64 = args.get(3).ok_or("gen PATH MIB")?.parse()?;
            let file = BufWriter::new(File::create(path)?);
            let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
            let target = mib * 1024 * 1024;
            let (mut written, mut i) = (0u64, 0u64);
            while written < target {
                let line = format!(
                    "LIRS,{},{},32400,{},http://www{}.example.jp/diary/{i}/,Title\\, number {i},Author {},http://antenna.example.jp/lirs.gz,ext,\n",
                    938_779_260 + i,
                    938_781_002 + i,
                    i * 7,
                    i % 97,
                    i % 13
                );
                gz.write_all(line.as_bytes())?;
                written += line.len() as u64;
                i += 1;
            }
            gz.finish()?.flush()?;
            println!("wrote {i} records, {written} bytes decompressed");
        }
        Some("read") => {
            let path = args.get(2).ok_or("read PATH")?;
            let options = ReadOptions::default().with_max_decompressed_size(u64::MAX);
            let mut reader = RecordReader::sniff(BufReader::new(File::open(path)?), options)?;
            let (mut records, mut rejected) = (0u64, 0u64);
            for item in &mut reader {
                match item {
                    Ok(_) => records += 1,
                    Err(_) => rejected += 1,
                }
            }
            println!(
                "{records} records, {rejected} rejected, {} bytes decompressed",
                reader.bytes_read()
            );
        }
        _ => eprintln!("usage: stream_big gen PATH MIB | stream_big read PATH"),
    }
    Ok(())
}
