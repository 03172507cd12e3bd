//! `antenna check` and `antenna decode --format hina-di` read HINA-DI block
//! by block: what they print is what the whole-document reader and the
//! protocol's view give, on every HINA-DI file of the conformance suite and
//! the examples.

mod common;

use std::path::{Path, PathBuf};

use antenna_conformance::protocol::{Version, hina_di_view};
use common::{antenna, files_below, root};
use hina_di::ReadOptions;
use serde_json::Value;

/// Every HINA-DI file of the conformance suite and the examples.
fn files() -> Vec<PathBuf> {
    let hdi = |n: &str| n.ends_with(".hdi");
    let mut files = files_below(&root().join("conformance/hina-di"), hdi);
    files.extend(files_below(&root().join("examples"), hdi));
    files.sort();
    assert!(files.len() > 50, "{} files", files.len());
    files
}

#[test]
fn check_prints_the_diagnostics_and_summary_of_the_whole_read() {
    for path in files() {
        let name = path.display().to_string();
        let bytes = std::fs::read(&path).unwrap();
        // A file of no format (an empty one) is refused before it is read.
        if antenna_model::Format::detect(&bytes) != Some(antenna_model::Format::HinaDi) {
            continue;
        }
        for strict in [false, true] {
            let options = if strict {
                ReadOptions::strict()
            } else {
                ReadOptions::lenient()
            };
            let (document, expected) = match hina_di::read(&bytes, &options) {
                Ok(parsed) => (Some(parsed.document), parsed.diagnostics),
                Err(rejected) => (None, rejected.diagnostics),
            };
            let mut args = vec!["check", "--format", "json", name.as_str()];
            if strict {
                args.push("--strict");
            }
            let output = antenna(&args, b"");
            let errors = expected.iter().filter(|d| d.is_error()).count();
            assert_eq!(output.status.code(), Some(i32::from(errors > 0)), "{name}");
            let printed: Vec<Value> = output
                .stdout
                .split(|&b| b == b'\n')
                .filter(|line| !line.is_empty())
                .map(|line| serde_json::from_slice(line).unwrap())
                .collect();
            let printed: Vec<_> = printed
                .iter()
                .filter(|d| d["type"] == "diagnostic")
                .map(|d| {
                    (
                        d["rule"].as_str().unwrap().to_owned(),
                        d["severity"].as_str().unwrap().to_owned(),
                        d["start"].as_u64().unwrap() as usize,
                        d["end"].as_u64().unwrap() as usize,
                        d["line"].as_u64().unwrap() as u32,
                        d["column"].as_u64().unwrap() as u32,
                        start_of(d["message"].as_str().unwrap()),
                    )
                })
                .collect();
            let expected_json: Vec<_> = expected
                .iter()
                .map(|d| {
                    (
                        d.rule.id.to_owned(),
                        d.severity.to_string(),
                        d.span.start,
                        d.span.end,
                        d.position.line,
                        d.position.column,
                        start_of(&d.message),
                    )
                })
                .collect();
            assert_eq!(printed, expected_json, "{name} strict={strict}");

            args.retain(|a| !["--format", "json"].contains(a));
            let output = antenna(&args, b"");
            let text = String::from_utf8(output.stdout).unwrap();
            let warnings = expected.len() - errors;
            let summary = match &document {
                Some(d) => {
                    let n = d.entity_blocks().count();
                    format!("{n} entity block{}", if n == 1 { "" } else { "s" })
                }
                None => "rejected".to_owned(),
            };
            let plural = |n: usize| if n == 1 { "" } else { "s" };
            assert_eq!(
                text.lines().last(),
                Some(
                    format!(
                        "{name}: hina-di, {summary}: {errors} error{}, {warnings} warning{}",
                        plural(errors),
                        plural(warnings)
                    )
                    .as_str()
                ),
                "{name}"
            );
            for d in &expected {
                assert!(
                    text.contains(&format!("[{}]: {}", d.rule.id, start_of(&d.message))),
                    "{name}: {text}"
                );
            }
        }
    }
}

#[test]
fn decode_writes_the_json_of_the_whole_document() {
    for path in files() {
        let name = path.display().to_string();
        let bytes = std::fs::read(&path).unwrap();
        let read = hina_di::read(&bytes, &ReadOptions::lenient());
        for version in Version::ALL {
            let output = antenna(
                &[
                    "decode",
                    "--format",
                    "hina-di",
                    "--protocol",
                    version.as_str(),
                ],
                &bytes,
            );
            match &read {
                Ok(parsed) => {
                    let mut expected =
                        serde_json::to_vec(&hina_di_view(&parsed.document, version)).unwrap();
                    expected.push(b'\n');
                    assert_eq!(output.status.code(), Some(0), "{name}");
                    assert_eq!(
                        String::from_utf8(output.stdout).unwrap(),
                        String::from_utf8(expected).unwrap(),
                        "{name}"
                    );
                }
                Err(rejected) => {
                    assert_eq!(output.status.code(), Some(1), "{name}");
                    assert!(output.stdout.is_empty(), "{name}");
                    let stderr = String::from_utf8(output.stderr).unwrap();
                    // The reasons: its errors, each message shown (its
                    // start: a long value it quotes is cut).
                    for d in rejected.diagnostics.iter().filter(|d| d.is_error()) {
                        assert!(stderr.contains(&start_of(&d.message)), "{name}: {stderr}");
                    }
                }
            }
        }
    }
}

/// `antenna convert FILE --to rss2|lirs` (block by block) gives what
/// converting standard input (the whole document) gives: the same output,
/// standard error and exit status, with and without the channel options,
/// gzip, output encodings (one LIRS refuses), `--deny-loss` and
/// `--strict`. The RSS channel title derived from the file's name is the
/// one thing that differs, by design.
#[test]
fn convert_block_by_block_gives_what_the_whole_conversion_gives() {
    let dir = std::env::temp_dir().join(format!("antenna-hina-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (streamed_out, whole_out) = (dir.join("streamed.out"), dir.join("whole.out"));
    let runs: [(&str, &[&str]); 10] = [
        ("rss2", &[]),
        (
            "rss2",
            &[
                "--title",
                "T",
                "--description",
                "D",
                "--link",
                "http://x.jp/",
            ],
        ),
        ("rss2", &["--deny-loss"]),
        ("rss2", &["--strict", "--user-agent", "test/1"]),
        ("lirs", &[]),
        ("lirs", &["--gzip"]),
        ("lirs", &["--deny-loss"]),
        ("lirs", &["--encoding", "utf-8", "--strict"]),
        ("lirs", &["--encoding", "shift_jis"]),
        ("lirs", &["--substitute", "jis-compatible"]),
    ];
    // Beside the suite's files: a repeated URL (LIRS leaves it out), a
    // character EUC-JP cannot hold, no entry at all (the only block is
    // discarded), and an error in the last block.
    let head = "HINA/2.2\r\nUser-Agent: a/1\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n";
    let mut inputs = files();
    for (file, blocks) in [
        (
            "repeated.hdi",
            "URL: http://a.jp/\r\nTitle: one\r\n\r\nURL: http://a.jp/\r\nTitle: two\r\n\r\n",
        ),
        ("emoji.hdi", "URL: http://a.jp/\r\nTitle: \u{1F600}\r\n\r\n"),
        (
            "discarded.hdi",
            "URL: http://a.jp/\r\nURL: http://b.jp/\r\n\r\n",
        ),
        (
            "late-error.hdi",
            "URL: http://a.jp/\r\n\r\nURL: http://b.jp/\r\nno colon\r\n\r\n",
        ),
    ] {
        let path = dir.join(file);
        std::fs::write(&path, format!("{head}{blocks}")).unwrap();
        inputs.push(path);
    }
    let mut converted = 0;
    for path in inputs {
        let name = path.display().to_string();
        let bytes = std::fs::read(&path).unwrap();
        if antenna_model::Format::detect(&bytes) != Some(antenna_model::Format::HinaDi) {
            continue;
        }
        let file_name = path.file_name().unwrap().to_string_lossy().into_owned();
        for (to, options) in runs {
            let _ = std::fs::remove_file(&streamed_out);
            let _ = std::fs::remove_file(&whole_out);
            let run = |input: &str, out: &Path, stdin: &[u8]| {
                let mut args = vec![
                    "convert",
                    input,
                    "--to",
                    to,
                    "--now",
                    "2026-01-01T00:00:00Z",
                ];
                let out = out.display().to_string();
                args.extend(["-o", out.as_str()]);
                args.extend_from_slice(options);
                antenna(&args, stdin)
            };
            let streamed = run(&name, &streamed_out, b"");
            let whole = run("-", &whole_out, &bytes);
            let what = format!("{name} {to} {options:?}");
            assert_eq!(streamed.status.code(), whole.status.code(), "{what}");
            let stderr = String::from_utf8(streamed.stderr).unwrap();
            let whole_stderr = String::from_utf8(whole.stderr)
                .unwrap()
                .replace("<stdin>", &name);
            assert_eq!(stderr, whole_stderr, "{what}");
            let whole_file = std::fs::read(&whole_out).ok().map(|file| {
                let Ok(xml) = String::from_utf8(file.clone()) else {
                    return file;
                };
                xml.replace(
                    "Update times from standard input",
                    &format!("Update times from {file_name}"),
                )
                .into_bytes()
            });
            let streamed_file = std::fs::read(&streamed_out).ok();
            if options.contains(&"--gzip") {
                // The texts inside first, for a readable difference; the
                // bytes then (`lirs::GzipWriter` compresses the text written
                // record by record as it does the whole text).
                assert_eq!(
                    streamed_file.clone().map(gunzip),
                    whole_file.clone().map(gunzip),
                    "{what}"
                );
            }
            assert_eq!(streamed_file, whole_file, "{what}");
            converted += usize::from(whole_file.is_some());
        }
    }
    assert!(converted > 100, "{converted} conversions written");
    let _ = std::fs::remove_dir_all(&dir);
}

fn gunzip(bytes: Vec<u8>) -> Vec<u8> {
    use std::io::Read as _;
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(bytes.as_slice())
        .read_to_end(&mut text)
        .unwrap();
    text
}

/// The first 40 characters of a message: what is shown of it whole, a
/// value longer than 60 characters that it quotes being cut.
fn start_of(message: &str) -> String {
    message.chars().take(40).collect()
}
