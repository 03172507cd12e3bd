//! Diagnostics in bounded memory and bounded output (issue #28 item 1):
//! a few kilobytes of gzip that hold millions of one finding print the
//! first of them and a count, and hold none of them.

mod common;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::text;

/// Blank lines in the gzip made by [`blank_lines`].
const BLANK_LINES: usize = 2_000_000;

/// A gzip LIRS file of [`BLANK_LINES`] blank lines (about 4 KB), each a
/// `lirs/blank-line` warning.
fn blank_lines() -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "antenna-bounded-{}-blank.lirs.gz",
        std::process::id()
    ));
    let file = std::fs::File::create(&path).expect("a temporary file");
    let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
    let line = b"\r\n".repeat(10_000);
    for _ in 0..BLANK_LINES / 10_000 {
        gz.write_all(&line).expect("gzip writes");
    }
    gz.finish().expect("gzip ends");
    path
}

/// `antenna ARGS`: its standard output and error, and its peak resident
/// memory in kB when `/usr/bin/time` is there to measure it (as
/// `benches/examples/cli_memory.rs` does).
fn run(args: &[&str]) -> (String, String, Option<u64>) {
    run_with(args, Stdio::null())
}

/// [`run`] with `stdin` as standard input.
fn run_with(args: &[&str], stdin: impl Into<Stdio>) -> (String, String, Option<u64>) {
    let time = std::path::Path::new("/usr/bin/time");
    let bin = env!("CARGO_BIN_EXE_antenna");
    let mut command = if time.exists() {
        let mut command = Command::new(time);
        command.arg("-v").arg(bin);
        command
    } else {
        Command::new(bin)
    };
    let out = command
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(stdin)
        .output()
        .expect("antenna runs");
    let stderr = text(&out.stderr);
    let peak = stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|kb| kb.trim().parse().ok());
    (text(&out.stdout), stderr, peak)
}

/// The most a command over the blank lines may hold: the binary and its
/// buffers, nothing per diagnostic (holding them took hundreds of MB).
const PEAK_KB: u64 = 64 * 1024;

#[test]
fn millions_of_one_warning_are_shown_a_thousand_times_and_counted() {
    let path = blank_lines();
    let file = path.display().to_string();

    let (stdout, _, peak) = run(&["check", &file]);
    assert_eq!(stdout.matches("warning[lirs/blank-line]").count(), 1000);
    assert!(
        stdout.contains(&format!(
            "note: {file}: 1,999,000 more lirs/blank-line diagnostics not shown (the first 1,000 of each rule are)\n{file}: lirs, 0 records: 0 errors, 2000000 warnings\n"
        )),
        "{}",
        &stdout[stdout.len().saturating_sub(500)..]
    );
    if let Some(peak) = peak {
        assert!(peak < PEAK_KB, "check held {peak} kB");
    }

    let (stdout, _, peak) = run(&["check", "--format", "json", &file]);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 1002);
    assert!(lines[..1000].iter().all(|d| d["type"] == "diagnostic"));
    assert_eq!(lines[1000]["type"], "file");
    assert_eq!(lines[1001]["type"], "totals");
    assert_eq!(lines[1000]["warnings"], BLANK_LINES);
    assert_eq!(lines[1000]["not_shown"]["lirs/blank-line"], 1_999_000);
    if let Some(peak) = peak {
        assert!(peak < PEAK_KB, "check --format json held {peak} kB");
    }

    // convert shows them on standard error, as bounded.
    let (_, stderr, _) = run(&["convert", &file, "--to", "rss2"]);
    assert_eq!(stderr.matches("warning[lirs/blank-line]").count(), 1000);
    assert!(stderr.contains("1,999,000 more lirs/blank-line diagnostics not shown"));
    std::fs::remove_file(&path).expect("the temporary file is removed");
}

#[test]
fn a_long_value_is_cut_in_the_message_and_the_snippet() {
    // One line holding a 1,000,000-digit <pubDate> after some Japanese:
    // the message quotes 60 characters of it, the snippet shows a window
    // around it, and the column counts characters.
    let path = std::env::temp_dir().join(format!(
        "antenna-bounded-{}-long-date.xml",
        std::process::id()
    ));
    let before = "<rss version=\"2.0\"><channel><title>日記</title><link>http://a.example.jp/</link>\
        <description>d</description><item><link>http://a.example.jp/1</link><pubDate>";
    let feed = format!(
        "<?xml version=\"1.0\"?>\n{before}{}</pubDate></item></channel></rss>\n",
        "9".repeat(1_000_000)
    );
    std::fs::write(&path, feed).expect("a temporary file");
    let file = path.display().to_string();
    let (stdout, _, _) = run(&["check", &file]);
    assert!(stdout.len() < 2_000, "{} bytes printed", stdout.len());
    assert!(
        stdout.contains(&format!("`{}…` (1,000,000 characters)", "9".repeat(60))),
        "{stdout}"
    );
    let column = before.chars().count() + 1;
    assert!(
        stdout.contains(&format!(" --> {file}:2:{column}\n")),
        "{stdout}"
    );
    std::fs::remove_file(&path).expect("the temporary file is removed");
}

/// Records in the file of [`lirs_on_standard_input_is_read_record_by_record`]:
/// about 14 MB of text.
const RECORDS: usize = 100_000;

#[test]
fn lirs_on_standard_input_is_read_record_by_record() {
    // Issue #28: `zcat x | antenna check -` (the example in --help) held
    // the whole text, 2 to 2.7 times it; copied to a temporary file, it
    // is read as the named file is, in memory that does not grow with it.
    let path = std::env::temp_dir().join(format!(
        "antenna-bounded-{}-records.lirs",
        std::process::id()
    ));
    let mut text = String::new();
    for i in 0..RECORDS {
        // Every hundredth title has a bad escape: a warning with its line.
        let title = if i % 100 == 0 { "a\\q" } else { "a" };
        text.push_str(&format!(
            "LIRS,1030000000,1030000000,32400,{i},http://www.example.jp/~user{i}/diary/,{title} {i},author,http://antenna.example.jp/,,\n"
        ));
    }
    std::fs::write(&path, &text).expect("a temporary file");
    let file = path.display().to_string();
    let (named, _, named_peak) = run(&["check", &file]);
    let stdin = std::fs::File::open(&path).expect("the file opens");
    let (piped, _, peak) = run_with(&["check", "-"], stdin);
    std::fs::remove_file(&path).expect("the temporary file is removed");
    assert!(named.contains(&format!(
        "{file}: lirs, {RECORDS} records: 0 errors, 1000 warnings\n"
    )));
    assert_eq!(piped.replace("<stdin>", &file), named);
    // Held, the text alone was more than the named file's whole peak.
    if let (Some(peak), Some(named_peak)) = (peak, named_peak) {
        let input_kb = (text.len() / 1024) as u64;
        assert!(
            peak < named_peak + input_kb / 4,
            "check - held {peak} kB of a {input_kb} kB input, check FILE {named_peak} kB"
        );
    }
}
