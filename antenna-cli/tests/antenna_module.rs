//! The `antenna` RSS module (issue #25 item 2, rss2/ANTENNA-MODULE.md):
//! HINA-DI → RSS → HINA-DI and LIRS → RSS → LIRS give back what the
//! same-format conversion gives, over every valid conformance case and
//! example, through the CLI; the example HINA-DI file comes back byte for
//! byte but for the agent's header fields (its own bytes are the
//! expectation), and the LIRS example's records field for field (read
//! from the file by splitting its lines, not by the converter).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const NOW: &str = "2002-09-07T00:00:00Z";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn antenna(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_antenna"))
        .args(args)
        .output()
        .unwrap()
}

/// `antenna convert IN --to TO --now NOW` (and `extra`), its output
/// file's bytes; `None` when it wrote nothing.
fn convert(input: &Path, to: &str, extra: &[&str], dir: &Path) -> Option<Vec<u8>> {
    let out = dir.join(format!(
        "{}.{to}",
        input.file_name().unwrap().to_string_lossy()
    ));
    let mut args = vec![
        "convert",
        input.to_str().unwrap(),
        "--to",
        to,
        "--now",
        NOW,
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let output = antenna(&args);
    (output.status.success() && out.exists()).then(|| std::fs::read(&out).unwrap())
}

/// `input` converted to RSS, and that RSS converted to `to`: the RSS
/// and what came back (`None` when the first conversion wrote nothing).
fn through_rss(input: &Path, to: &str, dir: &Path) -> Option<(Vec<u8>, Vec<u8>)> {
    let rss_dir = dir.join("rss");
    let back_dir = dir.join("back");
    std::fs::create_dir_all(&rss_dir).unwrap();
    std::fs::create_dir_all(&back_dir).unwrap();
    let rss = convert(input, "rss2", &[], &rss_dir)?;
    let rss_path = rss_dir.join("feed.xml");
    std::fs::write(&rss_path, &rss).unwrap();
    let back = convert(&rss_path, to, &[], &back_dir).expect("converts back");
    Some((rss, back))
}

/// Every valid conformance case of `format` with extension `ext`, and
/// the examples whose name contains `ext`.
fn cases(format: &str, ext: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [
        root().join("conformance").join(format).join("valid"),
        root().join("examples"),
    ] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().unwrap().to_string_lossy().contains(ext) {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() > 5, "cases for {format}: {files:?}");
    files
}

/// Through RSS and back to `to`, every case gives the bytes the
/// same-format conversion gives (which writes each entry as read: see
/// hina-di's and lirs's writers), and the RSS carries the module.
fn trip_equals_same_format(format: &str, ext: &str, to: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut tripped = 0;
    for case in cases(format, ext) {
        let Some(direct) = convert(&case, to, &[], dir.path()) else {
            continue; // a file with no entry to write (a discarded block)
        };
        let (_, back) = through_rss(&case, to, dir.path()).expect("converts to RSS");
        assert!(
            back == direct,
            "{}: through RSS\n{}\nsame-format\n{}",
            case.display(),
            String::from_utf8_lossy(&back),
            String::from_utf8_lossy(&direct)
        );
        tripped += 1;
    }
    assert!(tripped > 5, "{tripped} cases went through RSS");
}

#[test]
fn hina_di_through_rss_is_hina_di_to_hina_di() {
    trip_equals_same_format("hina-di", ".hdi", "hina-di");
}

#[test]
fn lirs_through_rss_is_lirs_to_lirs() {
    trip_equals_same_format("lirs", ".lirs", "lirs");
}

/// The lines of a HINA-DI file but its `User-Agent` and `Date` header
/// lines (the agent that writes the file stamps them). The header ends at
/// the first blank line, CRLF or LF: the same fields in a later block are
/// kept and compared.
fn without_agent(bytes: &[u8]) -> Vec<&[u8]> {
    let mut in_header = true;
    bytes
        .split_inclusive(|&b| b == b'\n')
        .filter(|line| {
            let stamped =
                in_header && (line.starts_with(b"User-Agent: ") || line.starts_with(b"Date: "));
            in_header &= !matches!(*line, b"\r\n" | b"\n");
            !stamped
        })
        .collect()
}

#[test]
fn without_agent_drops_the_header_stamp_alone() {
    let file = b"HINA/2.2\r\nUser-Agent: a/1\r\nDate: x\r\n\r\nURL: u\r\nDate: y\r\n";
    let kept: Vec<&[u8]> = vec![b"HINA/2.2\r\n", b"\r\n", b"URL: u\r\n", b"Date: y\r\n"];
    assert_eq!(without_agent(file), kept);
    assert_eq!(
        without_agent(
            &file
                .iter()
                .copied()
                .filter(|&b| b != b'\r')
                .collect::<Vec<_>>()
        )
        .len(),
        4
    );
}

#[test]
fn the_hina_di_example_comes_back_byte_for_byte_but_the_agent() {
    let dir = tempfile::tempdir().unwrap();
    let original = root().join("examples/antenna.hdi");
    let (rss, back) = through_rss(&original, "hina-di", dir.path()).unwrap();
    let text = String::from_utf8(rss).unwrap();
    // What RSS has no element for is in the module, not lost.
    for field in [
        r#"<antenna:hina name="Last-Modified-Detected">Fri, 06 Sep 2002 23:50:00 GMT</antenna:hina>"#,
        r#"<antenna:hina name="Method">REMOTE/GET/200</antenna:hina>"#,
        r#"<antenna:hina name="Authorized-url">http://antenna.example.jp/</antenna:hina>"#,
        "<antenna:encoding>EUC-JP</antenna:encoding>",
    ] {
        assert!(text.contains(field), "{field} in\n{text}");
    }
    let original = std::fs::read(&original).unwrap();
    assert_eq!(without_agent(&back), without_agent(&original));
}

/// The records of a LIRS file, each a list of its fields (split at the
/// commas that `\` does not escape), comment lines left out.
fn records(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.starts_with("LIRS,"))
        .map(|line| {
            let mut fields = vec![String::new()];
            let mut escaped = false;
            for c in line.chars() {
                match c {
                    ',' if !escaped => fields.push(String::new()),
                    _ => fields.last_mut().unwrap().push(c),
                }
                escaped = c == '\\' && !escaped;
            }
            fields
        })
        .collect()
}

#[test]
fn the_lirs_example_keeps_its_records_through_rss() {
    let dir = tempfile::tempdir().unwrap();
    let original = root().join("examples/antenna.lirs.gz");
    let (_, back) = through_rss(&original, "lirs", dir.path()).unwrap();
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(std::fs::read(&original).unwrap().as_slice())
        .read_to_end(&mut text)
        .unwrap();
    let decode = |b: &[u8]| encoding_rs::EUC_JP.decode(b).0.into_owned();
    let (expected, got) = (records(&decode(&text)), records(&decode(&back)));
    assert_eq!(expected.len(), got.len());
    // Every field as written, the source URL's spelling included
    // (`http://amano.hauN.org/`, which the model keeps normalised).
    assert_eq!(expected, got);
}

#[test]
fn no_antenna_module_writes_plain_rss_and_says_what_is_lost() {
    let example = root().join("examples/antenna.hdi");
    let plain = antenna(&[
        "convert",
        example.to_str().unwrap(),
        "--to",
        "rss2",
        "--now",
        NOW,
        "--no-antenna-module",
    ]);
    assert!(plain.status.success());
    let out = String::from_utf8(plain.stdout).unwrap();
    assert!(
        !out.contains("antenna:") && !out.contains("urn:uuid:"),
        "{out}"
    );
    let err = String::from_utf8_lossy(&plain.stderr);
    assert!(err.contains("RSS 2.0 has no element for it"), "{err}");
    // With the module, those fields are carried, not lost.
    let with = antenna(&[
        "convert",
        example.to_str().unwrap(),
        "--to",
        "rss2",
        "--now",
        NOW,
    ]);
    let err = String::from_utf8_lossy(&with.stderr);
    assert!(!err.contains("RSS 2.0 has no element for it"), "{err}");
    // The option is RSS's.
    let refused = antenna(&[
        "convert",
        example.to_str().unwrap(),
        "--to",
        "lirs",
        "--no-antenna-module",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("RSS output only"));
}

#[test]
fn an_item_edited_after_writing_keeps_its_rss_elements() {
    let dir = tempfile::tempdir().unwrap();
    let example = root().join("examples/antenna.hdi");
    let rss = String::from_utf8(convert(&example, "rss2", &[], dir.path()).unwrap()).unwrap();
    // Someone retitles the first item in the RSS file.
    let edited = rss.replacen("<title>ほげ日記</title>", "<title>Hoge</title>", 1);
    assert_ne!(edited, rss);
    let path = dir.path().join("edited.xml");
    std::fs::write(&path, edited).unwrap();
    let output = antenna(&["convert", path.to_str().unwrap(), "--to", "hina-di"]);
    assert!(output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("disagree with its RSS elements"),
        "the module is set aside, and said so: {err}"
    );
    let back = encoding_rs::EUC_JP.decode(&output.stdout).0.into_owned();
    assert!(back.contains("Title: Hoge"), "{back}");
}
