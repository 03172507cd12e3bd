//! Same-format conversion is exact (issue #25): RSS → RSS keeps every
//! element and attribute the RSS reader keeps, items without a link
//! included, and changes only what the writer stamps as the file's agent
//! (`generator`, `lastBuildDate`) and what the user asks (`--title`, ...).
//! The expected document is the input file itself, read by the RSS
//! reader, not anything the converter printed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn antenna(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_antenna"))
        .args(args)
        .output()
        .unwrap()
}

fn read_rss(bytes: &[u8]) -> rss2::Document {
    rss2::read(bytes, &rss2::ReadOptions::default())
        .unwrap_or_else(|_| panic!("unreadable RSS:\n{}", String::from_utf8_lossy(bytes)))
        .document
}

/// The podcast feed of issue #25, read.
fn podcast() -> rss2::Document {
    read_rss(&std::fs::read(data("podcast.xml")).unwrap())
}

/// The podcast converted to RSS with `args`, read back; it loses nothing.
fn podcast_to_rss(args: &[&str]) -> rss2::Document {
    let path = data("podcast.xml");
    let mut all = vec!["convert", path.to_str().unwrap(), "--to", "rss2"];
    all.extend_from_slice(args);
    let output = antenna(&all);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(!err.contains("loss"), "RSS → RSS loses nothing: {err}");
    read_rss(&output.stdout)
}

#[test]
fn podcast_rss_to_rss_keeps_every_item_and_element() {
    let written = podcast_to_rss(&["--now", "2026-01-02T03:04:05Z"]);
    let c = &written.channel;
    assert_eq!(c.items.len(), 2, "the item without a link is kept");
    assert_eq!(c.language.as_deref(), Some("ja"));
    assert_eq!(c.copyright.as_deref(), Some("Copyright 2024 Antenna Talk"));
    let names: Vec<String> = c.extensions.iter().map(|e| e.qualified_name()).collect();
    assert_eq!(
        names,
        [
            "atom:link",
            "itunes:author",
            "itunes:explicit",
            "itunes:category",
            "itunes:image"
        ]
    );
    let one = &c.items[0];
    assert_eq!(one.link, None);
    let guid = one.guid.as_ref().unwrap();
    assert_eq!(guid.value, "antenna-talk-ep1");
    assert_eq!(guid.is_perma_link.as_deref(), Some("false"));
    assert_eq!(
        one.description.as_deref(),
        Some("How HINA-DI files carried update times between antennas.")
    );
    assert_eq!(
        one.enclosures[0].url.as_deref(),
        Some("https://podcast.example.jp/ep1.mp3")
    );
    assert_eq!(one.extensions[0].qualified_name(), "itunes:duration");
    let two = &c.items[1];
    assert_eq!(
        two.description.as_deref(),
        Some("<p>LIRS records, field by field.</p>")
    );
    assert_eq!(two.categories[0].value, "Formats");
    assert_eq!(two.enclosures[0].length.as_deref(), Some("23456789"));
    // The whole document is the input but for the writer's stamp.
    let mut expected = podcast();
    expected.channel.generator.clone_from(&c.generator);
    expected.channel.last_build_date = Some("Fri, 02 Jan 2026 03:04:05 GMT".to_owned());
    assert_eq!(written, expected);
    assert!(c.generator.as_deref().unwrap().starts_with("antenna/"));
}

#[test]
fn the_user_heads_replace_the_channels_and_nothing_else() {
    let written = podcast_to_rss(&["--title", "Mirror"]);
    let mut expected = podcast();
    expected.channel.title = Some("Mirror".to_owned());
    expected
        .channel
        .generator
        .clone_from(&written.channel.generator);
    expected
        .channel
        .last_build_date
        .clone_from(&written.channel.last_build_date);
    assert_eq!(written, expected);
}

#[test]
fn merge_publishing_rss_from_rss_keeps_what_the_items_carry() {
    let dir = std::env::temp_dir().join(format!("antenna-lossless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let policy = dir.join("policy.toml");
    std::fs::write(
        &policy,
        "trust_sources = [\"https://podcast.example.jp/feed.xml\"]\n\
         [agent]\nname = \"my-antenna/0.1\"\nurl = \"http://my-antenna.example.jp/\"\n\
         [[sources]]\nurl = \"https://podcast.example.jp/feed.xml\"\n\
         agent = { name = \"pod\", url = \"https://podcast.example.jp/\" }\n",
    )
    .unwrap();
    let source = format!(
        "{}=https://podcast.example.jp/feed.xml",
        data("podcast.xml").display()
    );
    let output = antenna(&[
        "merge",
        &source,
        "--policy",
        policy.to_str().unwrap(),
        "--now",
        "2024-02-01T00:00:00Z",
        "--to",
        "rss2",
    ]);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{err}");
    let written = read_rss(&output.stdout);
    let read = podcast();
    assert_eq!(written.channel.items.len(), 2, "{err}");
    for (w, r) in written.channel.items.iter().zip(&read.channel.items) {
        assert_eq!(w.title, r.title);
        assert_eq!(w.link, r.link);
        assert_eq!(w.description, r.description);
        assert_eq!(w.enclosures, r.enclosures);
        assert_eq!(w.categories, r.categories);
        assert_eq!(w.pub_date, r.pub_date);
        assert_eq!(w.extensions, r.extensions);
    }
    assert_eq!(written.channel.items[0].guid, read.channel.items[0].guid);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_item_that_names_no_page_is_left_out_of_hina_di_and_lirs_and_said_so() {
    let path = data("podcast.xml");
    for to in ["hina-di", "lirs"] {
        let output = antenna(&["convert", path.to_str().unwrap(), "--to", to]);
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{err}");
        assert!(err.contains("names no page"), "{to}: {err}");
        for lost in ["language", "copyright", "description", "enclosure"] {
            assert!(
                err.contains(&format!(": {lost}: ")) || err.contains(&format!("loss: {lost}: ")),
                "{to} loses {lost}: {err}"
            );
        }
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("https://podcast.example.jp/ep2"));
        assert!(!text.contains("antenna-talk-ep1"));
    }
}
