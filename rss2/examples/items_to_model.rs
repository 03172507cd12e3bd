//! Converts an RSS feed to the format-neutral `antenna_model::Feed` and
//! back to RSS, listing what each step could not carry: the way to any
//! other format (`hina_di::from_feed`, `lirs::from_feed` take the same
//! `Feed`).
//!
//! ```text
//! cargo run -p rss2 --example items_to_model -- feed.xml
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)] // a command-line tool

use rss2::{ReadOptions, WriteOptions, from_feed, read, to_feed, write};

/// Read when no file is named.
const SAMPLE: &[u8] = br#"<rss version="2.0"><channel>
  <title>Hoge</title><link>http://www.hoge.jp/</link><description>News</description>
  <item><title>Foo</title><link>http://www.hoge.jp/foo/</link>
    <pubDate>Sat, 07 Sep 2002 00:00:01 GMT</pubDate><comments>http://www.hoge.jp/c</comments></item>
</channel></rss>"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let bytes = match std::env::args_os().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => SAMPLE.to_vec(),
    };
    let document = read(&bytes, &ReadOptions::default())?.document;

    let feed = to_feed(&document);
    for entry in &feed.document.entries {
        let modified = entry.last_modified.map(|t| t.to_string());
        println!("{}  {}", modified.as_deref().unwrap_or("-"), entry.url);
    }
    for loss in &feed.losses {
        eprintln!("not in the model: {loss}");
    }

    let back = from_feed(&feed.document);
    for loss in &back.losses {
        eprintln!("not in RSS: {loss}");
    }
    let xml = write(&back.document, &WriteOptions::default())?;
    println!("{} bytes of RSS written back", xml.len());
    Ok(())
}
