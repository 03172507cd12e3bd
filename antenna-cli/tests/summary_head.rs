//! An RSS channel's head, which says how many entries follow, written
//! exactly when the first pass over the source ends early (issue #23).
//!
//! RSS 2.0's channel comes before its items and its default
//! `description` counts them ("Update times of N pages"). A conversion
//! to RSS ends its first pass over the source once nothing but the count
//! is left to learn (the first entry's site, the namespaces the items
//! need), writes the head as it then stands, and gives the head made of
//! the whole count in its place when the output is let out. These files
//! make that head grow (1 entry counted, then 12 or 1,000), need Dublin
//! Core only from their second entry (the pass ends there, not at the
//! first), have no entry at all,
//! are refused or rejected after the first pass ended (nothing written),
//! and go to a file, a pipe and a full disk. What is expected comes from
//! the inputs built here, read back as RSS.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::process::{Command, Output, Stdio};

use common::{antenna, text};

/// The fixed `--now` of every run.
const NOW: &str = "2026-01-01T00:00:00Z";

/// The Dublin Core namespace (RSS's `dc:creator`: an author that is a
/// name, not an e-mail address).
const DC: &str = "http://purl.org/dc/elements/1.1/";

/// A HINA-DI file of `n` blocks; block `i` has an `Author-Name` when
/// `author(i)`, and a `Keyword` with a control character (an error)
/// when `i` is `bad`.
fn hina_di(n: usize, author: impl Fn(usize) -> bool, bad: Option<usize>) -> String {
    let mut text = String::from("HINA/2.2\r\nUser-Agent: test/1.0\r\n\r\n");
    for i in 0..n {
        text.push_str(&format!(
            "URL: http://e{i}.example.jp/\r\nTitle: Page {i}\r\n"
        ));
        if author(i) {
            text.push_str(&format!("Author-Name: Author {i}\r\n"));
        }
        if bad == Some(i) {
            text.push_str("Keyword: Tadayo\u{1}Memories\r\n");
        }
        text.push_str("Last-Modified: Fri, 06 Sep 2002 21:00:00 GMT\r\n\r\n");
    }
    text
}

/// A LIRS file of `n` records, each with an author.
fn lirs(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "LIRS,1031315696,1031356200,32400,0,http://e{i}.example.jp/,Page {i},Author {i},,\n"
            )
        })
        .collect()
}

/// An RSS file of `n` items, each with a `dc:creator`, its channel
/// without a `description`.
fn rss(n: usize) -> String {
    let mut text = format!(
        "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:dc=\"{DC}\"><channel>\
         <title>t</title><link>http://a.example.jp/</link>\n"
    );
    for i in 0..n {
        text.push_str(&format!(
            "<item><title>Page {i}</title><link>http://e{i}.example.jp/</link>\
             <dc:creator>Author {i}</dc:creator></item>\n"
        ));
    }
    text.push_str("</channel></rss>\n");
    text
}

/// `text` written as `name` in a folder kept while it lives.
fn file(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let path = path.display().to_string();
    (dir, path)
}

/// `antenna convert PATH --to rss2 --now NOW EXTRA...`.
fn convert(path: &str, extra: &[&str]) -> Output {
    let mut args = vec!["convert", path, "--to", "rss2", "--now", NOW];
    args.extend_from_slice(extra);
    antenna(&args, b"")
}

/// The output of a conversion that succeeded.
fn converted(path: &str, extra: &[&str]) -> String {
    let output = convert(path, extra);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    text(&output.stdout)
}

/// What is checked of an RSS output: its document read back without a
/// diagnostic, its channel's description, the link of each item, and
/// whether Dublin Core is declared on `<rss>`.
fn read_back(out: &str) -> (String, Vec<String>, bool) {
    let parsed = rss2::read(out.as_bytes(), &rss2::ReadOptions::default())
        .unwrap_or_else(|e| panic!("the output reads back: {e:?}\n{out}"));
    assert!(
        parsed.diagnostics.is_empty(),
        "{:?}\n{out}",
        parsed.diagnostics
    );
    let document = parsed.document;
    let links = document
        .channel
        .items
        .iter()
        .map(|item| item.link.clone().unwrap())
        .collect();
    let dc = document.namespaces.iter().any(|d| d.uri == DC);
    (document.channel.description.unwrap(), links, dc)
}

/// The links of entries `0..n`.
fn links(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("http://e{i}.example.jp/")).collect()
}

/// `Update times of N pages`, as RSS's channel counts its items when the
/// source gives no description (the writer's agent follows).
fn counted(n: usize) -> String {
    let pages = if n == 1 { "page" } else { "pages" };
    format!("Update times of {n} {pages}, by antenna/")
}

#[test]
fn a_head_that_grows_once_every_entry_is_counted_is_written_whole() {
    for n in [1, 2, 12, 1_000] {
        let sources = [
            file("many.hdi", &hina_di(n, |_| true, None)),
            file("many.lirs", &lirs(n)),
            file("many.xml", &rss(n)),
        ];
        for (_dir, path) in &sources {
            for extra in [&[][..], &["--no-antenna-module"]] {
                let out = converted(path, extra);
                let (description, items, dc) = read_back(&out);
                assert!(
                    description.starts_with(&counted(n)),
                    "{path} {extra:?}: {description}"
                );
                assert_eq!(items, links(n), "{path} {extra:?}");
                assert!(dc, "{path} {extra:?}: Dublin Core is declared on <rss>");
                // One document: nothing of the first head is left.
                assert_eq!(out.matches("<channel>").count(), 1, "{out}");
                assert_eq!(out.matches("<description>").count(), 1, "{out}");
                assert!(out.starts_with("<?xml "), "{out}");
            }
        }
    }
}

#[test]
fn dublin_core_first_needed_by_the_second_entry_is_declared_on_rss() {
    let (_dir, path) = file("late.hdi", &hina_di(12, |i| i >= 1, None));
    for extra in [&[][..], &["--no-antenna-module"]] {
        let out = converted(&path, extra);
        let (description, items, dc) = read_back(&out);
        assert!(description.starts_with(&counted(12)), "{description}");
        assert_eq!(items, links(12));
        assert!(dc, "{out}");
        let root = out.lines().find(|l| l.starts_with("<rss")).unwrap();
        assert!(root.contains(&format!("xmlns:dc=\"{DC}\"")), "{root}");
        // Declared once, on <rss>, not on each item.
        assert_eq!(out.matches("xmlns:dc=").count(), 1, "{out}");
        assert_eq!(out.matches("<dc:creator>Author ").count(), 11, "{out}");
    }
}

#[test]
fn a_source_without_entries_says_so_in_the_head() {
    let (_dir, path) = file(
        "empty.xml",
        "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>t</title>\
         <link>http://a.example.jp/</link></channel></rss>\n",
    );
    for extra in [&[][..], &["--no-antenna-module"]] {
        let out = converted(&path, extra);
        let (description, items, _) = read_back(&out);
        assert!(description.starts_with(&counted(0)), "{description}");
        assert!(items.is_empty(), "{out}");
    }
}

/// The names in `dir`.
fn names(dir: &std::path::Path) -> Vec<String> {
    let entries = std::fs::read_dir(dir).unwrap();
    let mut names: Vec<String> = entries
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_refused_loss_after_the_first_pass_ended_writes_nothing() {
    let (dir, path) = file("many.hdi", &hina_di(12, |_| true, None));
    let out = dir.path().join("out.xml").display().to_string();
    let output = convert(&path, &["--no-antenna-module", "--deny-loss", "-o", &out]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("nothing was written (--deny-loss)"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
    assert_eq!(names(dir.path()), ["many.hdi"]);
}

#[test]
fn a_file_rejected_after_the_first_pass_ended_writes_nothing() {
    // Block 7's error is found by the main pass only: the first ended at
    // block 0, which settles what the head needs.
    let (dir, path) = file("bad.hdi", &hina_di(12, |_| true, Some(7)));
    let out = dir.path().join("out.xml").display().to_string();
    for extra in [&[][..], &["-o", &out]] {
        let output = convert(&path, extra);
        assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains("was rejected; nothing was converted"),
            "{stderr}"
        );
        assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
        assert_eq!(names(dir.path()), ["bad.hdi"]);
    }
}

#[test]
fn a_file_and_a_pipe_get_the_same_bytes() {
    let (dir, path) = file("many.hdi", &hina_di(12, |_| true, None));
    let out = dir.path().join("out.xml");
    let piped = converted(&path, &[]);
    let output = convert(&path, &["-o", &out.display().to_string()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(output.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), piped);
    assert!(read_back(&piped).0.starts_with(&counted(12)));
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_a_clean_error() {
    let (_dir, path) = file("many.hdi", &hina_di(12, |_| true, None));
    let output = convert(&path, &["-o", "/dev/full"]);
    failed_saying(&output, "antenna: cannot write /dev/full: ");
    // Standard output on a full disk.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_antenna"))
        .args(["convert", &path, "--to", "rss2", "--now", NOW])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    failed_saying(&output, "antenna: cannot write to standard output: ");
}

/// `output` is that of a command that failed with status 2, its last
/// line on standard error starting with `said`, and no panic.
fn failed_saying(output: &Output, said: &str) {
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    let last = stderr.lines().last().unwrap();
    assert!(last.starts_with(said), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
