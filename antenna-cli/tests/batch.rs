//! Batches (issue #24): one `antenna check` over many files goes on past
//! a file it cannot read or tell, says one line for each file and the
//! totals, and ends with the worst status; directories are walked; gzip
//! is told by what is inside.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use std::io::Write as _;
use std::path::{Path, PathBuf};

use common::{antenna, example, root, text};

/// `bytes` gzip-compressed.
fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// `path` as an argument.
fn arg(path: &Path) -> String {
    path.display().to_string()
}

/// What a file's result line should say.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// `FILE: FORMAT, ...: 0 errors, 0 warnings`
    Clean(&'static str),
    /// `FILE: FORMAT, ...: 0 errors, N warnings` with N > 0
    Warnings(&'static str),
    /// `FILE: FORMAT, rejected: N errors, ...` with N > 0
    Rejected(&'static str),
    /// `FILE: unreadable: WHY`
    Unreadable,
    /// `FILE: cannot tell the format: WHY`
    Unknown,
}

fn matches(expect: Expect, rest: &str) -> bool {
    let counted = |format: &str| rest.strip_prefix(&format!("{format}, ")).is_some();
    match expect {
        Expect::Clean(f) => counted(f) && rest.ends_with(": 0 errors, 0 warnings"),
        Expect::Warnings(f) => {
            counted(f) && rest.contains(": 0 errors, ") && !rest.ends_with(" 0 warnings")
        }
        Expect::Rejected(f) => {
            rest.starts_with(&format!("{f}, rejected: ")) && !rest.contains(": 0 errors")
        }
        Expect::Unreadable => rest.starts_with("unreadable: ") && rest.len() > 12,
        Expect::Unknown => rest.starts_with("cannot tell the format: "),
    }
}

/// The result lines of `stdout` (those that start with a file's name and
/// `: `), each checked against `expected`, in order.
fn assert_results(stdout: &str, expected: &[(String, Expect)]) {
    let results: Vec<&str> = stdout
        .lines()
        .filter(|line| {
            expected
                .iter()
                .any(|(name, _)| line.starts_with(&format!("{name}: ")))
        })
        .collect();
    assert_eq!(
        results.len(),
        expected.len(),
        "one line per file:\n{stdout}"
    );
    for (line, (name, expect)) in results.iter().zip(expected) {
        let rest = line
            .strip_prefix(&format!("{name}: "))
            .unwrap_or_else(|| panic!("expected the line of {name} here, got `{line}`\n{stdout}"));
        assert!(matches(*expect, rest), "{name}: {expect:?}, got `{line}`");
    }
}

/// A directory of two antenna files, a hidden one, a file of another kind
/// and a link back to itself.
fn folder(dir: &Path) -> PathBuf {
    let folder = dir.join("archive");
    std::fs::create_dir_all(folder.join("sub")).unwrap();
    std::fs::create_dir_all(folder.join(".hidden")).unwrap();
    std::fs::copy(example("antenna.hdi"), folder.join("a.hdi")).unwrap();
    std::fs::copy(example("feed.xml"), folder.join("sub/feed.xml")).unwrap();
    std::fs::copy(example("feed.xml"), folder.join(".hidden/feed.xml")).unwrap();
    std::fs::write(folder.join("notes.txt"), "not an antenna file\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&folder, folder.join("sub/loop")).unwrap();
    folder
}

#[test]
fn one_check_over_a_mixed_batch_reports_every_file_then_the_totals_with_status_2() {
    // The Done-when: examples/ and conformance/ files, a missing
    // file, an empty file, a directory, an Atom file and a gzipped RSS
    // file, in one call.
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.xml");
    let empty = dir.path().join("empty");
    std::fs::write(&empty, b"").unwrap();
    let atom = dir.path().join("atom.xml");
    std::fs::write(
        &atom,
        "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title></feed>\n",
    )
    .unwrap();
    let rss_gz = dir.path().join("feed.xml.gz");
    std::fs::write(&rss_gz, gzip(&std::fs::read(example("feed.xml")).unwrap())).unwrap();
    let folder = folder(dir.path());
    let valid = root().join("conformance/lirs/valid/lf-line-ends.lirs");
    let invalid = root().join("conformance/hina-di/invalid/field-line-without-colon.hdi");

    let files = [
        PathBuf::from(example("antenna.hdi")),
        PathBuf::from(example("duplicate-field.hdi")),
        valid,
        invalid,
        missing,
        empty,
        folder.clone(),
        atom,
        rss_gz,
    ];
    let args: Vec<String> = files.iter().map(|p| arg(p)).collect();
    let mut command = vec!["check"];
    command.extend(args.iter().map(String::as_str));
    let out = antenna(&command, b"");
    let stdout = text(&out.stdout);

    let expected = [
        (args[0].clone(), Expect::Clean("hina-di")),
        // The spec says to discard a block with a repeated field: a warning.
        (args[1].clone(), Expect::Warnings("hina-di")),
        (args[2].clone(), Expect::Clean("lirs")),
        (args[3].clone(), Expect::Rejected("hina-di")),
        (args[4].clone(), Expect::Unreadable),
        (args[5].clone(), Expect::Unknown),
        (arg(&folder.join("a.hdi")), Expect::Clean("hina-di")),
        (arg(&folder.join("sub/feed.xml")), Expect::Clean("rss2")),
        (args[7].clone(), Expect::Unknown),
        (args[8].clone(), Expect::Clean("rss2")),
    ];
    assert_results(&stdout, &expected);
    assert!(!stdout.contains(".hidden"), "{stdout}");
    assert!(!stdout.contains("notes.txt"), "{stdout}");
    assert_eq!(
        stdout.lines().last(),
        Some(
            "10 files: 5 clean, 1 with warnings, 1 rejected, 3 unreadable; 1 skipped in directories (not an antenna file)"
        ),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn the_status_is_the_worst_seen() {
    let clean = example("antenna.hdi");
    let rejected = arg(&root().join("conformance/hina-di/invalid/field-line-without-colon.hdi"));
    let warned = example("duplicate-field.hdi");
    let status = |files: &[&str]| {
        let mut args = vec!["check"];
        args.extend(files);
        antenna(&args, b"").status.code()
    };
    assert_eq!(status(&[&clean, &warned]), Some(0));
    assert_eq!(status(&[&rejected, &clean]), Some(1));
    assert_eq!(status(&[&clean, "no-such-file", &rejected]), Some(2));
    // Two clean files: the totals line, and nothing unread.
    let out = antenna(&["check", &clean, &clean], b"");
    assert!(
        text(&out.stdout)
            .ends_with("\n2 files: 2 clean, 0 with warnings, 0 rejected, 0 unreadable\n"),
        "{}",
        text(&out.stdout)
    );
    // One file: its result line is the total.
    let out = antenna(&["check", &clean], b"");
    assert!(!text(&out.stdout).contains(" files: "));
}

/// A folder with an empty file, and the name of a file not there.
fn bad_files() -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.hdi");
    std::fs::write(&empty, b"").unwrap();
    let missing = arg(&dir.path().join("missing.hdi"));
    (dir, empty, missing)
}

#[test]
fn json_gives_every_file_its_object_unreadable_ones_included_then_the_totals() {
    let (_dir, empty, missing) = bad_files();
    let (clean, empty) = (example("antenna.hdi"), arg(&empty));
    let out = antenna(
        &["check", "--format", "json", &missing, &clean, &empty],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    let fields = [
        "file",
        "format",
        "rejected",
        "errors",
        "warnings",
        "summary",
        "not_shown",
    ];
    for line in &lines[..3] {
        assert_eq!(line["type"], "file");
        for field in fields {
            assert!(line.get(field).is_some(), "{field} in {line}");
        }
    }
    assert_eq!(lines[0]["file"], missing.as_str());
    assert_eq!(lines[0]["problem"], "unreadable");
    assert!(lines[0]["format"].is_null());
    assert!(lines[0]["reason"].as_str().is_some_and(|r| !r.is_empty()));
    assert_eq!(lines[1]["file"], clean.as_str());
    assert_eq!(lines[1]["format"], "hina-di");
    assert!(lines[1].get("problem").is_none());
    assert_eq!(lines[2]["file"], empty.as_str());
    assert_eq!(lines[2]["problem"], "unknown-format");
    assert_eq!(
        lines[3],
        serde_json::json!({"type": "totals", "files": 3, "clean": 1, "with_warnings": 0,
            "rejected": 0, "unreadable": 2, "skipped": 0})
    );
}

#[test]
fn a_directory_is_walked_in_name_order_without_hidden_names_or_link_loops() {
    let dir = tempfile::tempdir().unwrap();
    let top = dir.path().join("top");
    for sub in ["b", "c/d", ".git"] {
        std::fs::create_dir_all(top.join(sub)).unwrap();
    }
    let hdi = std::fs::read(example("antenna.hdi")).unwrap();
    // Byte order: upper case before lower case, `b` before `b.hdi`.
    for name in [
        "b.hdi",
        "B.hdi",
        "a.hdi",
        "b/z.hdi",
        "c/d/y.hdi",
        "c/a.hdi",
        ".git/x.hdi",
        ".x.hdi",
    ] {
        std::fs::write(top.join(name), &hdi).unwrap();
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&top, top.join("c/d/up")).unwrap();
        std::os::unix::fs::symlink(top.join("a.hdi"), top.join("c/link.hdi")).unwrap();
    }
    let out = antenna(&["check", "--format", "json", &arg(&top)], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let files: Vec<String> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|v| v["type"] == "file")
        .map(|v| v["file"].as_str().unwrap().to_owned())
        .collect();
    // Byte order of the names: `B` before `a`, the folder `b` before
    // `b.hdi`; a folder's files where its name sorts; `.git`, `.x.hdi`
    // and the link back up not walked, the link to a file read.
    let expected: Vec<String> = [
        "B.hdi",
        "a.hdi",
        "b/z.hdi",
        "b.hdi",
        "c/a.hdi",
        "c/d/y.hdi",
        "c/link.hdi",
    ]
    .iter()
    .filter(|name| cfg!(unix) || **name != "c/link.hdi")
    .map(|name| arg(&top.join(name)))
    .collect();
    assert_eq!(files, expected);
}

/// `antenna ARGS` with `FILE` standing for `path`, its output with the
/// file's name put back to `FILE`.
fn run_on(path: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let name = arg(path);
    let args: Vec<&str> = args
        .iter()
        .map(|a| if *a == "FILE" { name.as_str() } else { a })
        .collect();
    let out = antenna(&args, b"");
    let put_back = |bytes: &[u8]| text(bytes).replace(&name, "FILE");
    (
        out.status.code(),
        put_back(&out.stdout),
        put_back(&out.stderr),
    )
}

#[test]
fn gzipped_hina_di_and_rss_read_as_the_plain_file_does() {
    // Issue #24 item 4: `gzip -c feed.xml > feed.xml.gz` was read as LIRS.
    let dir = tempfile::tempdir().unwrap();
    let plain = [
        PathBuf::from(example("duplicate-field.hdi")),
        PathBuf::from(example("antenna.hdi")),
        PathBuf::from(example("feed.xml")),
        // Diagnostics with lines and columns, which must count in the
        // decompressed text.
        root().join("conformance/hina-di/invalid/field-line-without-colon.hdi"),
        root().join("conformance/rss2/invalid/no-channel.xml"),
    ];
    // A prolog longer than the first 64 KiB decompressed (a long licence
    // comment), which was read as LIRS; and an Atom feed, which is no
    // format of ours, gzipped or not.
    let made = dir.path().join("plain");
    std::fs::create_dir(&made).unwrap();
    let feed = std::fs::read_to_string(example("feed.xml")).unwrap();
    let (declaration, rest) = feed.split_once('\n').unwrap();
    let licence = "This feed may be copied. ".repeat(4000);
    let long_prolog = made.join("long-prolog.xml");
    std::fs::write(
        &long_prolog,
        format!("{declaration}\n<!-- {licence} -->\n{rest}"),
    )
    .unwrap();
    let atom = made.join("atom.xml");
    std::fs::write(
        &atom,
        format!("<?xml version=\"1.0\"?>\n<!-- {licence} -->\n<feed xmlns=\"http://www.w3.org/2005/Atom\"/>\n"),
    )
    .unwrap();
    let plain = plain.into_iter().chain([long_prolog, atom]);
    for path in plain {
        // The same name (RSS output derives its title from it), gzip inside.
        let wrapped = dir.path().join(path.file_name().unwrap());
        std::fs::write(&wrapped, gzip(&std::fs::read(&path).unwrap())).unwrap();
        let mut runs: Vec<Vec<&str>> = vec![
            vec!["check", "FILE"],
            vec!["check", "--format", "json", "FILE"],
            vec!["check", "--strict", "FILE"],
        ];
        for to in ["hina-di", "lirs", "rss2"] {
            runs.push(vec![
                "convert",
                "FILE",
                "--to",
                to,
                "--now",
                "2002-09-07T00:00:00Z",
            ]);
        }
        for args in runs {
            let (want, got) = (run_on(&path, &args), run_on(&wrapped, &args));
            assert_eq!(got, want, "{} gzipped, {args:?}", path.display());
        }
    }
}

#[test]
fn a_gzipped_hina_di_past_the_size_limit_is_rejected_with_a_diagnostic() {
    // The 256 MiB limit against decompression bombs, without compressing
    // 256 MiB: the same gzip member of 1 MiB of line ends, repeated
    // (RFC 1952 §2.2: a file is a series of members).
    let dir = tempfile::tempdir().unwrap();
    let bomb = dir.path().join("bomb.hdi.gz");
    let mut bytes = gzip(b"HINA/2.2\r\nUser-Agent: a/1\r\n\r\n");
    let member = gzip(&vec![b'\n'; 1 << 20]);
    for _ in 0..257 {
        bytes.extend_from_slice(&member);
    }
    std::fs::write(&bomb, bytes).unwrap();
    let (status, stdout, _) = run_on(&bomb, &["check", "FILE"]);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(
        stdout.contains("error[gzip/decompressed-too-large]"),
        "{stdout}"
    );
    assert!(
        stdout.contains("FILE: hina-di, rejected: 1 error, 0 warnings"),
        "{stdout}"
    );
}

#[test]
fn merge_names_every_source_it_cannot_read_and_merges_nothing() {
    let (dir, empty, missing) = bad_files();
    let out_file = dir.path().join("merged.hdi");
    let good = format!(
        "{}=http://antenna.example.jp/hina.txt",
        example("antenna.hdi")
    );
    let empty_source = format!("{}=http://b.example.jp/hina.txt", arg(&empty));
    let out = antenna(
        &[
            "merge",
            &missing,
            &good,
            &empty_source,
            "--policy",
            &example("policy.toml"),
            "--to",
            "hina-di",
            "--now",
            "2002-09-07T00:00:00Z",
            "-o",
            &arg(&out_file),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("antenna: {missing}: unreadable: ")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "antenna: {}: cannot tell the format: ",
            arg(&empty)
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains("antenna: 2 sources could not be read; nothing was merged"),
        "{stderr}"
    );
    assert!(!out_file.exists(), "nothing is written");
    assert!(out.stdout.is_empty());
}
