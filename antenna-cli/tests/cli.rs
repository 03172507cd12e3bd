//! Runs the `antenna` binary as a user would, and checks its output and
//! exit status for every sub-command.

mod common;

use std::io::Write as _;
use std::path::PathBuf;

use common::{antenna, example, examples, text};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("antenna-cli-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

#[test]
fn check_a_clean_file_exits_0_with_a_summary() {
    let out = antenna(&["check", &example("antenna.hdi")], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("antenna.hdi: hina-di, 2 entity blocks: 0 errors, 0 warnings"),
        "{stdout}"
    );
}

#[test]
fn check_shows_the_line_the_caret_and_the_spec_section_of_a_duplicate_field() {
    let out = antenna(&["check", &example("duplicate-field.hdi")], b"");
    // The spec says how to recover (discard the block): a warning, exit 0.
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("warning[hina-di/duplicate-field]"),
        "{stdout}"
    );
    assert!(stdout.contains("duplicate-field.hdi:7:1"), "{stdout}");
    assert!(stdout.contains("7 | Title: second\n  | ^"), "{stdout}");
    assert!(stdout.contains("= spec: HINA-DI"), "{stdout}");
    assert!(!stdout.contains('\x1b'), "no colour when NO_COLOR is set");
}

#[test]
fn check_exits_1_on_errors_and_reads_stdin() {
    // A lone CR inside a record: LIRS 2.1 §2 "CR MUST NOT be used alone".
    let bad = b"LIRS,1,2,0,0,http://a.example/,t\ritle,a,http://a.example/,,\n";
    let out = antenna(&["check", "-"], bad);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("error[lirs/lone-cr]"), "{stdout}");
    assert!(stdout.contains("<stdin>:1:"), "{stdout}");
}

#[test]
fn check_strict_turns_departures_into_errors() {
    // Bare LF line ends are a departure real files make (lenient: warning).
    let lf = b"HINA/2.2\nUser-Agent: a/1\n\nURL: http://a.example/\n\n";
    assert_eq!(antenna(&["check", "-"], lf).status.code(), Some(0));
    assert_eq!(
        antenna(&["check", "--strict", "-"], lf).status.code(),
        Some(1)
    );
}

#[test]
fn check_json_lists_diagnostics_for_tools() {
    let out = antenna(
        &["check", "--format", "json", &example("duplicate-field.hdi")],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    // JSON lines: the diagnostic, then the file's result.
    let lines: Vec<serde_json::Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_slice(line).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2]["type"], "totals");
    let first = &lines[0];
    assert_eq!(first["type"], "diagnostic");
    assert_eq!(lines[1]["type"], "file");
    assert_eq!(lines[1]["format"], "hina-di");
    assert_eq!(lines[1]["warnings"], 1);
    assert_eq!(first["rule"], "hina-di/duplicate-field");
    assert_eq!(first["severity"], "warning");
    assert_eq!(first["line"], 7);
    assert_eq!(first["column"], 1);
}

#[test]
fn check_reports_usage_and_io_errors_in_one_sentence_with_exit_2() {
    // The file's result line says why it was not read (issue #24: the
    // batch goes on past it).
    let out = antenna(&["check", "no-such-file.hdi"], b"");
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("no-such-file.hdi: unreadable: "),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 1, "{stdout}");

    let out = antenna(&["check", "-"], b"just some text\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stdout).contains("<stdin>: cannot tell the format: "));

    let out = antenna(&["check"], b"");
    assert_eq!(
        out.status.code(),
        Some(2),
        "a missing FILE is a usage error"
    );
}

#[test]
fn every_sub_command_has_help_with_examples() {
    for command in ["check", "convert", "merge", "decode", "encode"] {
        let out = antenna(&[command, "--help"], b"");
        assert_eq!(out.status.code(), Some(0), "{command}");
        assert!(
            text(&out.stdout).contains("Examples:") || text(&out.stdout).contains("Example:"),
            "{command}"
        );
    }
}

#[test]
fn convert_hina_di_to_rss_lists_what_was_lost() {
    let out = antenna(&["convert", &example("antenna.hdi"), "--to", "rss2"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let xml = text(&out.stdout);
    assert!(
        xml.contains("<link>http://www.hoge.jp/foo/</link>"),
        "{xml}"
    );
    assert!(xml.contains("ほげ日記"), "EUC-JP was decoded: {xml}");
    // RSS has no place for Method or Last-Modified-Detected.
    let stderr = text(&out.stderr);
    assert!(stderr.contains("loss: "), "{stderr}");
    // What was written reads back as RSS.
    let decoded = antenna(&["decode", "--format", "rss2"], &out.stdout);
    assert_eq!(decoded.status.code(), Some(0), "{}", text(&decoded.stderr));
}

#[test]
fn convert_with_deny_loss_writes_nothing_and_exits_1() {
    let target = temp("denied.xml");
    let _ = std::fs::remove_file(&target);
    let out = antenna(
        &[
            "convert",
            &example("antenna.hdi"),
            "--to",
            "rss2",
            "--deny-loss",
            "-o",
            &target.display().to_string(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--deny-loss"));
    assert!(!target.exists());
}

#[test]
fn convert_to_gzip_lirs_writes_a_file_that_reads_back() {
    let target = temp("out.lirs.gz");
    let out = antenna(
        &[
            "convert",
            &example("feed.xml"),
            "--to",
            "lirs",
            "--gzip",
            "-o",
            &target.display().to_string(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let bytes = std::fs::read(&target).expect("written");
    assert_eq!(bytes.get(..2), Some(&[0x1f, 0x8b][..]), "gzip magic");
    let decoded = antenna(&["decode", "--format", "lirs"], &bytes);
    let json: serde_json::Value = serde_json::from_slice(&decoded.stdout).expect("JSON");
    assert_eq!(json["records"][0]["url"], "http://www.hoge.jp/foo/");
    assert_eq!(json["records"][0]["title"], "ほげ日記");
    // --gzip is for LIRS only.
    let out = antenna(
        &["convert", &example("feed.xml"), "--to", "rss2", "--gzip"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn merge_propagates_trusted_blocks_and_reports_the_rest() {
    let out = antenna(
        &[
            "merge",
            &format!(
                "{}=http://antenna.example.jp/hina.txt",
                example("antenna.hdi")
            ),
            "--policy",
            &example("policy.toml"),
            "--now",
            "2002-09-07T00:00:00Z",
            "--to",
            "hina-di",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let decoded = antenna(&["decode", "--format", "hina-di"], &out.stdout);
    let json: serde_json::Value = serde_json::from_slice(&decoded.stdout).expect("JSON");
    // Our own header, never the source's (HINA-DI §Propagation).
    assert_eq!(
        json["header"][0],
        serde_json::json!(["User-Agent", "my-antenna/0.1"])
    );
    let blocks = json["blocks"].as_array().expect("blocks");
    assert_eq!(blocks.len(), 2);
    let method = blocks[0]
        .as_array()
        .and_then(|fields| fields.iter().find(|f| f[0] == "Method"))
        .expect("a Method field");
    // One more REMOTE hop on top of the source's REMOTE/GET/200.
    assert_eq!(method[1], "REMOTE/REMOTE/GET/200");
    // The X- field was dropped (the policy keeps no extensions), and said so.
    let stderr = text(&out.stderr);
    assert!(stderr.contains("X-WDB-Title"), "{stderr}");
    assert!(stderr.contains("2 entries published"), "{stderr}");
}

#[test]
fn merge_with_a_bad_policy_is_a_usage_error() {
    let policy = temp("bad-policy.toml");
    std::fs::write(&policy, "trust_agent = []\n[agent]\nname = \"x\"\n").expect("written");
    let out = antenna(
        &[
            "merge",
            &example("antenna.hdi"),
            "--policy",
            &policy.display().to_string(),
            "--to",
            "lirs",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is not a valid policy"));
}

#[test]
fn decode_prints_protocol_json_and_rejects_with_exit_1() {
    let bytes = std::fs::read(examples().join("antenna.lirs.gz")).expect("example");
    let out = antenna(&["decode", "--format", "lirs"], &bytes);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["format"], "lirs");
    // The LIRS spec's example record, as its numbers say.
    assert_eq!(json["records"][2]["last_modified"], 938779260);
    assert_eq!(json["records"][1]["title"], "ふが雑記, 毎日");

    let out = antenna(&["decode", "--format", "lirs"], b"not a record\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("lirs/missing-prefix"));
}

#[test]
fn encode_writes_what_decode_reads_back() {
    let bytes = std::fs::read(examples().join("antenna.hdi")).expect("example");
    let decoded = antenna(&["decode", "--format", "hina-di"], &bytes);
    let encoded = antenna(&["encode", "--format", "hina-di"], &decoded.stdout);
    assert_eq!(encoded.status.code(), Some(0), "{}", text(&encoded.stderr));
    // The example is well-formed HINA-DI written with the encoder's
    // defaults, so the bytes come back exactly.
    assert_eq!(encoded.stdout, bytes);

    let out = antenna(&["encode", "--format", "lirs"], b"{\"format\": \"rss2\"}");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("`format` is `rss2`, not `lirs`"));
}

#[test]
fn check_streams_large_lirs_files() {
    // A LIRS file named on the command line is checked record by record.
    let path = temp("large.lirs");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).expect("created"));
    let records = 200_000;
    for i in 0..records {
        if i == 1000 {
            // Line 1001: a non-numeric timestamp (LIRS 2.1 §2, §3.1).
            writeln!(file, "LIRS,soon,2,0,0,http://bad.example/,t,a,s,,").expect("written");
        }
        writeln!(
            file,
            "LIRS,1000000000,1000000100,32400,4096,http://www.example.jp/~user{i}/diary/,A diary title of some length {i},Author {i},http://antenna.example.jp/lirs.gz,,"
        )
        .expect("written");
    }
    drop(file);
    assert!(std::fs::metadata(&path).expect("exists").len() > 16 * 1024 * 1024);
    let out = antenna(&["check", &path.display().to_string()], b"");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("error[lirs/bad-number]"), "{stdout}");
    assert!(stdout.contains(":1001:"), "{stdout}");
    // Streamed, the summary is a whole-file read's.
    assert!(
        stdout.contains(": lirs, rejected: 1 error, 0 warnings"),
        "{stdout}"
    );
}

#[test]
fn merge_that_publishes_nothing_says_so_instead_of_writing_an_invalid_file() {
    // A policy that trusts nobody: every block is dropped, and a HINA-DI
    // file needs at least one entity block (rev. 0.12 §Structure).
    let policy = temp("trust-nobody.toml");
    std::fs::write(&policy, "[agent]\nname = \"x\"\n").expect("written");
    let out = antenna(
        &[
            "merge",
            &format!("{}=http://a.example/hina.txt", example("antenna.hdi")),
            "--policy",
            &policy.display().to_string(),
            "--to",
            "hina-di",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "nothing is written");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("propagate/untrusted-agent"), "{stderr}");
    assert!(stderr.contains("needs at least one"), "{stderr}");
    // LIRS can say "nothing" with an empty file.
    let out = antenna(
        &[
            "merge",
            &format!("{}=http://a.example/hina.txt", example("antenna.hdi")),
            "--policy",
            &policy.display().to_string(),
            "--to",
            "lirs",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}
