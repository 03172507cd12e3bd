//! `antenna convert` writes files a reader of the target accepts: the
//! converter is the agent of the file (User-Agent, Date, charset), and RSS
//! output has what RSS 2.0 requires (channel title, link, description; a
//! title or description in every item; an e-mail address in `author`).
//! Expected values come from the specs and from the example files' own
//! numbers, computed independently (e.g. `TZ=Asia/Tokyo date -d @1031315696`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn example(name: &str) -> PathBuf {
    root().join("examples").join(name)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("antenna-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn convert(input: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_antenna"))
        .arg("convert")
        .arg(input)
        .args(args)
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Converts to RSS and reads the result back with the RSS reader.
fn to_rss(input: &Path, args: &[&str]) -> (rss2::Document, String) {
    let mut all = vec!["--to", "rss2"];
    all.extend_from_slice(args);
    let output = convert(input, &all);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let parsed = rss2::read(&output.stdout, &rss2::ReadOptions::default()).unwrap_or_else(|_| {
        panic!(
            "unreadable RSS:\n{}",
            String::from_utf8_lossy(&output.stdout)
        )
    });
    (parsed.document, stderr(&output))
}

#[test]
fn lirs_to_hina_di_names_the_converter_as_agent_with_date_and_charset() {
    // The example `antenna convert --help` prints; it failed with "the
    // header block has no User-Agent".
    let output = convert(
        &example("antenna.lirs.gz"),
        &["--to", "hina-di", "--now", "2026-01-02T03:04:05Z"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = encoding_rs::EUC_JP.decode(&output.stdout).0;
    let header: Vec<&str> = text.split("\r\n\r\n").next().unwrap().lines().collect();
    assert_eq!(header[0], "HINA/2.2");
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        header.contains(&format!("User-Agent: antenna/{version}").as_str()),
        "{header:?}"
    );
    // RFC 1123 of 2026-01-02T03:04:05Z; the LIRS source declares no charset,
    // so the HINA-DI default, EUC-JP, is written and declared.
    assert!(
        header.contains(&"Date: Fri, 02 Jan 2026 03:04:05 GMT"),
        "{header:?}"
    );
    assert!(
        header.contains(&"Content-Type: text/plain; charset=EUC-JP"),
        "{header:?}"
    );
    assert!(text.contains("Title: ほげ日記"), "{text}");
}

#[test]
fn user_agent_option_names_the_agent() {
    let output = convert(
        &example("antenna.lirs.gz"),
        &["--to", "hina-di", "--user-agent", "my-antenna/1.0"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("\r\nUser-Agent: my-antenna/1.0\r\n"),
        "{text}"
    );
    let (rss, _) = to_rss(
        &example("antenna.lirs.gz"),
        &["--user-agent", "my-antenna/1.0"],
    );
    assert_eq!(rss.channel.generator.as_deref(), Some("my-antenna/1.0"));
}

#[test]
fn replacing_the_source_agent_is_reported() {
    let output = convert(&example("antenna.hdi"), &["--to", "hina-di"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("asahina-antenna/2.2 (example)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn rss_channel_from_lirs_is_never_empty() {
    let (rss, _) = to_rss(&example("antenna.lirs.gz"), &[]);
    let c = &rss.channel;
    assert_eq!(
        c.title.as_deref(),
        Some("Update times from antenna.lirs.gz")
    );
    // The site of the first record, a full URL (the W3C validator rejected
    // the empty link).
    assert_eq!(c.link.as_deref(), Some("http://www.hoge.jp/"));
    assert!(!c.description.as_deref().unwrap().trim().is_empty());
}

#[test]
fn rss_channel_from_options() {
    let (rss, _) = to_rss(
        &example("antenna.hdi"),
        &[
            "--title",
            "My antenna",
            "--link",
            "http://antenna.example.jp/",
            "--description",
            "What my friends wrote",
        ],
    );
    assert_eq!(rss.channel.title.as_deref(), Some("My antenna"));
    assert_eq!(
        rss.channel.link.as_deref(),
        Some("http://antenna.example.jp/")
    );
    assert_eq!(
        rss.channel.description.as_deref(),
        Some("What my friends wrote")
    );
}

#[test]
fn channel_options_are_for_rss_only_and_link_must_be_a_url() {
    let output = convert(&example("antenna.hdi"), &["--to", "lirs", "--title", "x"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--title applies to RSS output only"));
    let output = convert(
        &example("antenna.hdi"),
        &["--to", "rss2", "--link", "not a url"],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--link"));
}

#[test]
fn a_name_goes_to_dc_creator_an_address_to_author() {
    // RSS 2.0: <author> is "Email address of the author of the item".
    let (rss, _) = to_rss(&example("antenna.lirs.gz"), &[]);
    let first = &rss.channel.items[0];
    assert_eq!(first.author, None);
    assert_eq!(first.dc_creator().as_deref(), Some("ほげ"));
    assert!(
        rss.namespaces
            .iter()
            .any(|n| n.prefix.as_deref() == Some("dc") && n.uri == rss2::DC_NS)
    );

    let dir = scratch("author");
    let input = dir.join("mail.lirs");
    std::fs::write(
        &input,
        "LIRS,1031315696,0,0,0,http://www.hoge.jp/foo/,Foo,hoge@example.jp (Hoge),0,,\r\n",
    )
    .unwrap();
    let (rss, _) = to_rss(&input, &[]);
    let item = &rss.channel.items[0];
    assert_eq!(item.author.as_deref(), Some("hoge@example.jp (Hoge)"));
    assert_eq!(item.dc_creator(), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn lirs_time_difference_is_carried_in_pub_date() {
    // Record 1: Last-Modified 1031315696, time difference 32400 s.
    let (rss, losses) = to_rss(&example("antenna.lirs.gz"), &[]);
    assert_eq!(
        rss.channel.items[0].pub_date.as_deref(),
        Some("Fri, 06 Sep 2002 21:34:56 +0900")
    );
    assert!(!losses.contains("site_offset"), "{losses}");
    // And back: a +0900 pubDate becomes the LIRS time difference.
    let dir = scratch("offset");
    let input = dir.join("offset.xml");
    std::fs::write(
        &input,
        "<rss version=\"2.0\"><channel><title>t</title><link>http://a.example.jp/</link>\
         <description>d</description><item><title>x</title><link>http://a.example.jp/x</link>\
         <pubDate>Fri, 06 Sep 2002 21:34:56 +0900</pubDate></item></channel></rss>",
    )
    .unwrap();
    let output = convert(&input, &["--to", "lirs"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("LIRS,1031315696,0,32400,"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_entry_without_title_gets_its_url_as_title_and_says_so() {
    let dir = scratch("untitled");
    let input = dir.join("untitled.hdi");
    std::fs::write(
        &input,
        "HINA/2.2\r\nUser-Agent: test/1.0\r\n\r\nURL: http://www.hoge.jp/foo/\r\nLast-Modified: Sat, 07 Sep 2002 00:00:01 GMT\r\n\r\n",
    )
    .unwrap();
    // Plain RSS says the title is not the source's.
    let (rss, losses) = to_rss(&input, &["--no-antenna-module"]);
    let item = &rss.channel.items[0];
    assert_eq!(item.title.as_deref(), Some("http://www.hoge.jp/foo/"));
    assert!(
        losses.contains("http://www.hoge.jp/foo/") && losses.contains("title"),
        "{losses}"
    );
    // With the `antenna` module the block's fields (no `Title` among
    // them) go with the item: the want of a title is not lost.
    let (rss, losses) = to_rss(&input, &[]);
    let item = &rss.channel.items[0];
    assert_eq!(item.title.as_deref(), Some("http://www.hoge.jp/foo/"));
    assert!(!losses.contains("title"), "{losses}");
    let names: Vec<&str> = item
        .extensions
        .iter()
        .filter(|e| e.namespace.as_deref() == Some(rss2::ANTENNA_NS))
        .filter_map(|e| e.attribute("name"))
        .collect();
    assert_eq!(names, ["URL", "Last-Modified"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_source_with_no_entries_is_refused_for_lirs_and_hina_di() {
    let input = root().join("conformance/rss2/valid/channel-generator.xml");
    for to in ["lirs", "hina-di"] {
        let output = convert(&input, &["--to", to]);
        assert_eq!(output.status.code(), Some(1), "{to}");
        assert!(output.stdout.is_empty(), "{to}");
        assert!(
            stderr(&output).contains("has no entries to convert"),
            "{to}"
        );
    }
    let (rss, _) = to_rss(&input, &[]);
    assert!(rss.channel.items.is_empty());
}

#[test]
fn a_character_euc_jp_cannot_hold_names_the_option() {
    let output = convert(
        &root().join("conformance/hina-di/valid/charset-utf-8-declared.hdi"),
        &["--to", "lirs"],
    );
    if output.status.code() == Some(1) {
        assert!(
            stderr(&output).to_lowercase().contains("--encoding utf-8"),
            "{}",
            stderr(&output)
        );
    } else {
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    }
}

#[test]
fn lirs_output_reports_no_agent_or_date_it_did_not_read() {
    // LIRS has neither field: converting LIRS to LIRS loses nothing, and the
    // converter's own agent and date are not reported as losses.
    let dir = scratch("lirs-lirs");
    let input = dir.join("plain.lirs");
    std::fs::write(
        &input,
        "LIRS,1031315696,1031356200,32400,49383,http://www.hoge.jp/foo/,Foo,hoge,0,,\r\n",
    )
    .unwrap();
    let output = convert(&input, &["--to", "lirs", "--deny-loss"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("loss:"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_title_derived_from_standard_input_says_so() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_antenna"))
        .args(["convert", "-", "--to", "rss2"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(
        child.stdin.as_mut().unwrap(),
        &std::fs::read(example("antenna.lirs.gz")).unwrap(),
    )
    .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let rss = rss2::read(&output.stdout, &rss2::ReadOptions::default())
        .unwrap()
        .document;
    assert_eq!(
        rss.channel.title.as_deref(),
        Some("Update times from standard input")
    );
}

#[test]
fn a_jst_last_modified_keeps_its_zone_in_the_pub_date() {
    // HINA-DI `Last-Modified: ... 09:00:01 JST` is 00:00:01 GMT; RSS can
    // say it in the zone it was written in.
    let dir = scratch("jst");
    let input = dir.join("jst.hdi");
    std::fs::write(
        &input,
        "HINA/2.2\r\nUser-Agent: a/1\r\n\r\nURL: http://www.hoge.jp/\r\nTitle: t\r\n\
         Last-Modified: Sat, 07 Sep 2002 09:00:01 JST\r\n",
    )
    .unwrap();
    let (document, _) = to_rss(&input, &[]);
    assert_eq!(
        document.channel.items[0].pub_date.as_deref(),
        Some("Sat, 07 Sep 2002 09:00:01 +0900")
    );
}
