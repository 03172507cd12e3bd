//! Running a command under test: through `sh`, with its input on standard
//! input, a time limit and a cap on what is kept of its output.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Most bytes kept of one stream of a command's output.
const OUTPUT_LIMIT: u64 = 64 * 1024 * 1024;

/// What a command did.
#[derive(Debug)]
pub struct Output {
    /// Exit status; `None` when it was ended by a signal.
    pub status: Option<i32>,
    /// Standard output (the first 64 MiB).
    pub stdout: Vec<u8>,
    /// Standard error (the first 64 MiB).
    pub stderr: Vec<u8>,
}

impl Output {
    /// Whether it exited 0.
    pub fn succeeded(&self) -> bool {
        self.status == Some(0)
    }

    /// The output of a command that had to succeed, or why it failed:
    /// "the `what` rejected it", its status and what it said.
    pub fn accepted(self, what: &str) -> Result<Vec<u8>, String> {
        if self.succeeded() {
            return Ok(self.stdout);
        }
        Err(format!(
            "the {what} rejected it ({}); it said:\n{}",
            self.status_text(),
            excerpt(&self.stderr)
        ))
    }

    /// `exit status N` or `ended by a signal`.
    pub fn status_text(&self) -> String {
        self.status
            .map_or("ended by a signal".into(), |s| format!("exit status {s}"))
    }
}

/// Runs `sh -c 'COMMAND "$@"' sh ARGS...` in `cwd` (the current folder
/// when `None`) with `input` on standard input; an error when it cannot
/// start or runs longer than `timeout`.
///
/// COMMAND is shell text (`VAR=1 prog`, `cd dir && prog`, a pipeline), and
/// ARGS go to its last simple command, as if appended to the text. The
/// shell runs in a process group of its own, and a command that runs too
/// long is ended with its whole group, so that what it started (a script's
/// interpreter, a pipeline's other commands) ends too.
pub fn run(
    command: &str,
    args: &[&str],
    cwd: Option<&Path>,
    input: &[u8],
    timeout: Duration,
) -> Result<Output, String> {
    let shown = std::iter::once(command)
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ");
    let mut sh = Command::new("sh");
    sh.arg("-c")
        .arg(format!("{command} \"$@\""))
        .arg("sh")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(cwd) = cwd {
        sh.current_dir(cwd);
    }
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut sh, 0);
    let mut child = sh
        .spawn()
        .map_err(|e| format!("cannot start `{shown}`: {e}"))?;
    let stdin = child.stdin.take();
    let input = input.to_vec();
    // A command that stops reading early closes the pipe: not a failure.
    let writer = std::thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            let _ = stdin.write_all(&input);
        }
    });
    let stdout = child.stdout.take().map(collect);
    let stderr = child.stderr.take().map(collect);
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > timeout => {
                kill_group(&mut child);
                return Err(format!(
                    "`{shown}` took more than {} s and was killed (the time limit is --timeout)",
                    timeout.as_secs_f64()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait for `{shown}`: {e}")),
        }
    };
    let _ = writer.join();
    let join = |handle: Option<JoinHandle<Vec<u8>>>| {
        handle.and_then(|h| h.join().ok()).unwrap_or_default()
    };
    Ok(Output {
        status: status.code(),
        stdout: join(stdout),
        stderr: join(stderr),
    })
}

/// Ends `child` and every process of its group (its id, as
/// [`run`] made it a group leader), and reaps it.
fn kill_group(child: &mut Child) {
    let id = child.id();
    // The group's id is the child's; never 0 or 1 (`kill -- -1` would end
    // every process of the user). The shell's own `kill` is used: it
    // takes `-- -ID` as a process group on every shell.
    #[cfg(unix)]
    if id > 1 {
        let _ = Command::new("sh")
            .args(["-c", "kill -s KILL -- \"-$1\"", "sh", &id.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

fn collect(mut pipe: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buffer = Vec::new();
        let _ = (&mut pipe).take(OUTPUT_LIMIT).read_to_end(&mut buffer);
        // Drain the rest so that the command does not block on a full pipe.
        let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        buffer
    })
}

/// The start of some output (2000 characters), for a failure message;
/// `(nothing)` when it is empty.
pub fn excerpt(bytes: &[u8]) -> String {
    const MAX: usize = 2000;
    let text = String::from_utf8_lossy(bytes);
    let mut cut: String = text.chars().take(MAX).collect();
    if text.chars().count() > MAX {
        cut.push_str("\n[...]");
    }
    if cut.trim().is_empty() {
        "(nothing)".into()
    } else {
        cut
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_command_that_hangs_is_killed() {
        let started = Instant::now();
        let result = run("sleep 30; true", &[], None, b"", Duration::from_millis(300));
        assert!(result.unwrap_err().contains("was killed"));
        assert!(started.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn what_a_command_started_is_ended_with_it() {
        let dir =
            std::env::temp_dir().join(format!("antenna-conformance-kill-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let marker = dir.join("still-running");
        // The shell starts a child that would write the marker after 2 s.
        let command = format!("sh -c 'sleep 2; touch {}' & wait; true", marker.display());
        let result = run(&command, &[], None, b"", Duration::from_millis(300));
        assert!(result.unwrap_err().contains("was killed"));
        std::thread::sleep(Duration::from_millis(2500));
        let survived = marker.exists();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(!survived, "the command's child outlived the time-out");
    }

    #[test]
    fn commands_are_shell_text() {
        let out = run(
            "X=1 sh -c 'echo $X'; cd /",
            &[],
            None,
            b"",
            Duration::from_secs(10),
        )
        .unwrap();
        assert_eq!(out.stdout, b"1\n");
        let out = run("cd / && pwd", &[], None, b"", Duration::from_secs(10)).unwrap();
        assert_eq!(out.stdout, b"/\n");
    }

    #[test]
    fn commands_get_their_arguments_stdin_and_folder() {
        let out = run(
            "echo",
            &["--format", "rss2"],
            None,
            b"",
            Duration::from_secs(10),
        )
        .unwrap();
        assert!(out.succeeded());
        assert_eq!(out.stdout, b"--format rss2\n");
        let out = run("cat", &[], None, b"x", Duration::from_secs(10)).unwrap();
        assert_eq!(out.stdout, b"x");
        let dir = std::env::temp_dir();
        let out = run("pwd", &[], Some(&dir), b"", Duration::from_secs(10)).unwrap();
        let printed = String::from_utf8(out.stdout).unwrap();
        assert_eq!(
            std::fs::canonicalize(printed.trim()).unwrap(),
            std::fs::canonicalize(&dir).unwrap()
        );
        let out = run("exit 3", &[], None, b"", Duration::from_secs(10)).unwrap();
        assert!(
            out.accepted("decoder")
                .unwrap_err()
                .contains("exit status 3")
        );
    }
}
