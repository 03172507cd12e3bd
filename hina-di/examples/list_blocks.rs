//! Reads a HINA-DI file and lists its entity blocks, then whatever the
//! reader warned about.
//!
//! ```text
//! cargo run -p hina-di --example list_blocks -- examples/antenna.hdi
//! cargo run -p hina-di --example list_blocks      # a built-in sample
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)] // a command-line tool

use hina_di::{ReadOptions, read};

/// Read when no file is named: a date in JST (an RFC 1123 date must be in
/// GMT) and a field name in lower case, both read with a warning.
const SAMPLE: &[u8] = b"HINA/2.2\r\n\
User-Agent: example/1.0\r\n\
\r\n\
URL: http://www.hoge.jp/foo/\r\n\
Title: Foo\r\n\
Last-Modified: Sat, 07 Sep 2002 09:00:01 JST\r\n\
method: GET/200\r\n\
\r\n";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let bytes = match std::env::args_os().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => SAMPLE.to_vec(),
    };
    // A file with no recovery (no `HINA/` line, no User-Agent, a block
    // without URL) is `Rejected`, with the diagnostics that say why.
    let parsed = read(&bytes, &ReadOptions::default())?;
    let document = &parsed.document;
    println!(
        "HINA/{} by {}",
        document.version(),
        document.user_agent().unwrap_or("-")
    );
    for block in document.entity_blocks() {
        let modified = match block.last_modified() {
            Some(Ok(date)) => date.timestamp.to_string(),
            Some(Err(_)) => "unreadable".to_owned(),
            None => "-".to_owned(),
        };
        println!(
            "  {modified}  {}  {}",
            block.title().unwrap_or("(no title)"),
            block.url().unwrap_or("(Virtual)")
        );
    }
    for diagnostic in &parsed.diagnostics {
        eprintln!("{diagnostic}");
    }
    Ok(())
}
