//! `--quiet` (nothing but errors) and `--color auto|always|never` on
//! check, convert and merge.

mod common;

use std::process::Command;

use common::example;

/// `antenna ARGS` with `NO_COLOR` set (and not a terminal): its status,
/// standard output and standard error.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_antenna"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("antenna runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        output.status.code(),
        text(&output.stdout),
        text(&output.stderr),
    )
}

fn merge_args(extra: &[&str]) -> Vec<String> {
    let source = format!(
        "{}=http://antenna.example.jp/hina.txt",
        example("antenna.hdi")
    );
    let mut args = vec!["merge".to_owned(), source];
    args.extend(
        [
            "--policy",
            &example("policy.toml"),
            "--now",
            "2002-09-07T00:00:00Z",
            "--to",
            "rss2",
        ]
        .map(str::to_owned),
    );
    args.extend(extra.iter().map(|a| (*a).to_owned()));
    args
}

#[test]
fn quiet_check_prints_errors_only() {
    // A warning and the summary lines: nothing under --quiet.
    let (status, out, err) = run(&[
        "check",
        "--quiet",
        &example("duplicate-field.hdi"),
        &example("antenna.hdi"),
    ]);
    assert_eq!((status, out.as_str(), err.as_str()), (Some(0), "", ""));
    let (_, loud, _) = run(&["check", &example("duplicate-field.hdi")]);
    assert!(loud.contains("warning[hina-di/duplicate-field]"), "{loud}");

    // Errors are still shown, and the status says them.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.hdi");
    std::fs::write(&bad, "HINA/2.2\nfoo\n").unwrap();
    let (status, out, _) = run(&["check", "-q", bad.to_str().unwrap()]);
    assert_eq!(status, Some(1));
    assert!(out.contains("error[hina-di/missing-separator]"), "{out}");
    assert!(!out.contains("warning"), "{out}");
    assert!(!out.contains("0 warnings"), "{out}");
}

#[test]
fn quiet_convert_and_merge_print_no_losses_or_decisions() {
    let (status, out, err) = run(&["convert", "-q", &example("antenna.hdi"), "--to", "lirs"]);
    assert_eq!(status, Some(0));
    assert!(out.starts_with("LIRS,"), "{out}");
    assert_eq!(err, "");
    let (_, _, loud) = run(&["convert", &example("antenna.hdi"), "--to", "lirs"]);
    assert!(loud.contains("loss: "), "{loud}");

    // --deny-loss's refusal is an error: it is said.
    let (status, _, err) = run(&[
        "convert",
        "-q",
        &example("antenna.hdi"),
        "--to",
        "lirs",
        "--deny-loss",
    ]);
    assert_eq!(status, Some(1));
    assert!(err.starts_with("antenna: converting"), "{err}");
    assert!(!err.contains("loss: "), "{err}");

    let quiet = merge_args(&["--quiet"]);
    let quiet: Vec<&str> = quiet.iter().map(String::as_str).collect();
    let (status, out, err) = run(&quiet);
    assert_eq!(status, Some(0));
    assert!(out.contains("<rss"), "{out}");
    assert_eq!(err, "");
    let loud = merge_args(&[]);
    let loud: Vec<&str> = loud.iter().map(String::as_str).collect();
    let (_, _, err) = run(&loud);
    assert!(err.contains("published"), "{err}");
}

#[test]
fn color_always_and_never_outrank_the_stream_and_no_color() {
    let file = example("duplicate-field.hdi");
    let (_, out, _) = run(&["check", "--color", "always", &file]);
    assert!(out.contains("\x1b[1;33mwarning"), "{out}");
    let (_, out, _) = run(&["check", "--color", "never", &file]);
    assert!(!out.contains('\x1b'), "{out}");
    let (_, out, _) = run(&["check", &file]);
    assert!(!out.contains('\x1b'), "{out}");
    // convert shows its diagnostics on standard error.
    let (_, _, err) = run(&["convert", "--color", "always", &file, "--to", "rss2"]);
    assert!(err.contains("\x1b[1;33mwarning"), "{err}");
    let (_, _, err) = run(&["convert", "--color", "never", &file, "--to", "rss2"]);
    assert!(err.contains("warning[") && !err.contains('\x1b'), "{err}");
}
