//! Reads an RSS feed and lists its items, then whatever the reader warned
//! about.
//!
//! ```text
//! cargo run -p rss2 --example list_items -- feed.xml
//! cargo run -p rss2 --example list_items          # a built-in sample
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)] // a command-line tool

use rss2::{ReadOptions, read};

/// Read when no file is named.
const SAMPLE: &[u8] = br#"<?xml version="1.0"?>
<rss version="2.0"><channel>
  <title>Hoge</title><link>http://www.hoge.jp/</link><description>News</description>
  <item><title>Foo</title><link>http://www.hoge.jp/foo/</link>
    <pubDate>Sat, 07 Sep 2002 09:00:01 JST</pubDate></item>
  <item><title>Bar &nbsp;</title><link>http://www.hoge.jp/bar/</link></item>
</channel></rss>"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let bytes = match std::env::args_os().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => SAMPLE.to_vec(),
    };
    // A file with no recovery (not well-formed XML, no channel) is
    // `Rejected`, with the diagnostics that say why.
    let parsed = read(&bytes, &ReadOptions::default())?;
    let channel = &parsed.document.channel;
    println!("{}", channel.title.as_deref().unwrap_or("(no title)"));
    for item in &channel.items {
        let date = item.pub_date_parsed().map(|d| d.timestamp.to_string());
        println!(
            "  {}  {}  {}",
            date.as_deref().unwrap_or("-"),
            item.title.as_deref().unwrap_or("(no title)"),
            item.link.as_deref().unwrap_or("")
        );
    }
    // Departures the lenient reader read past, each with its rule and line.
    for diagnostic in &parsed.diagnostics {
        eprintln!("{diagnostic}");
    }
    Ok(())
}
