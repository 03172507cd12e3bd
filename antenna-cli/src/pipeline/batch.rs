//! Batches: the files a command is given, directories walked, each opened
//! on its own, so that one that cannot be read, or whose format cannot be
//! told, is reported and the others are still read; then the totals, and
//! the exit status of the whole (the worst seen).
//!
//! A directory named on the command line is walked in name order (byte
//! order of the names, a subdirectory's files where its name sorts).
//! Below it, names starting with `.` are skipped (hidden files and
//! dot-directories), symbolic links to directories are not followed (so
//! no link loop is walked) while links to files are read, and what is not
//! a file (a pipe, a socket, a device) is skipped. A file found below a
//! directory whose format cannot be told (a README, an image) is skipped
//! and counted, not reported: its content shows it is not an antenna
//! file. One named on the command line is reported.

use std::path::{Path, PathBuf};

use antenna_model::{Format, gzip};

use super::Input;
use crate::render::FileResult;
use crate::{Fatal, Verdict};

/// Why a file has no format to be read as.
pub const UNKNOWN: &str = "it has no `HINA/` first line, no `LIRS,` record and no <rss> element (inside its gzip, for a gzip file)";

/// Why a file of the batch was not read.
#[derive(Debug)]
pub enum Problem {
    /// It could not be read: the system's reason.
    Unreadable(String),
    /// Its format cannot be told from its content ([`UNKNOWN`]).
    Unknown,
}

impl Problem {
    /// The problem in words, to follow the file's name and a colon:
    /// `unreadable: WHY`, `cannot tell the format: WHY`.
    pub fn describe(&self) -> String {
        match self {
            Problem::Unreadable(why) => format!("unreadable: {why}"),
            Problem::Unknown => format!("cannot tell the format: {UNKNOWN}"),
        }
    }

    /// The problem as the one failure of a command of one file.
    pub fn fatal(&self, name: &str) -> Fatal {
        match self {
            Problem::Unreadable(why) => Fatal(format!("cannot read {name}: {why}")),
            Problem::Unknown => Fatal(format!("cannot tell the format of {name}: {UNKNOWN}")),
        }
    }

    /// The file's result for `--format json`: the fields of a file read
    /// (`format` null, no counts), with `problem` (`unreadable`,
    /// `unknown-format`) and `reason`.
    pub fn json(&self, name: &str) -> serde_json::Value {
        let (problem, reason) = match self {
            Problem::Unreadable(why) => ("unreadable", why.as_str()),
            Problem::Unknown => ("unknown-format", UNKNOWN),
        };
        let mut value = crate::render::file_json(name, Err(problem), &[]);
        value["problem"] = problem.into();
        value["reason"] = reason.into();
        value
    }
}

/// `bytes`, of `format`, ready to be read: gzip-wrapped HINA-DI and RSS
/// decompressed (their readers read text; a LIRS reader decompresses
/// itself), within [`gzip::MAX_DECOMPRESSED_SIZE`]: past it the file is
/// refused with the diagnostic, and corrupt gzip is unreadable.
pub fn held(bytes: Vec<u8>, format: Format) -> Result<Input, Problem> {
    if format == Format::Lirs || !gzip::is_gzip(&bytes) {
        return Ok(Input::Held { bytes, format });
    }
    match gzip::decompress(&bytes, gzip::MAX_DECOMPRESSED_SIZE) {
        Ok(bytes) => Ok(Input::Held { bytes, format }),
        Err(e) => match e.diagnostic() {
            Some(diagnostic) => Ok(Input::Refused { format, diagnostic }),
            None => Err(Problem::Unreadable(e.to_string())),
        },
    }
}

/// How one file of a batch went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Read, without a diagnostic.
    Clean,
    /// Read, with warnings only.
    Warnings,
    /// Rejected by its reader: every file with an error is.
    Rejected,
    /// Not read: unreadable, or of a format that cannot be told.
    Unreadable,
}

impl Outcome {
    /// How the file `check` found `checked` went.
    pub fn of(checked: &FileResult) -> Outcome {
        if checked.rejected {
            Outcome::Rejected
        } else if checked.warnings > 0 {
            Outcome::Warnings
        } else {
            Outcome::Clean
        }
    }
}

/// One file of a batch.
pub struct Named {
    /// Where it is.
    pub path: PathBuf,
    /// How messages name it.
    pub name: String,
    /// The command-line argument it comes from (a directory's files share
    /// the directory's).
    pub arg: usize,
}

/// How many files of a batch went each way.
#[derive(Debug, Default)]
pub struct Tally {
    /// By [`Outcome`]: clean, with warnings, rejected, unreadable.
    counts: [usize; 4],
    /// Files below a directory whose format cannot be told.
    skipped: usize,
    /// More than one file named, or a directory.
    batch: bool,
}

impl Tally {
    /// `true` when the command was given more than one file or a
    /// directory: the totals are then worth a line.
    pub fn is_batch(&self) -> bool {
        self.batch
    }

    /// Files not read.
    pub fn unreadable(&self) -> usize {
        self.counts[Outcome::Unreadable as usize]
    }

    /// The worst seen: a file not read, then a file rejected.
    pub fn verdict(&self) -> Verdict {
        if self.unreadable() > 0 {
            Verdict::Unreadable
        } else if self.counts[Outcome::Rejected as usize] > 0 {
            Verdict::Findings
        } else {
            Verdict::Clean
        }
    }

    /// `N files: N clean, N with warnings, N rejected, N unreadable`, and
    /// `; N skipped in directories (not an antenna file)` when some were.
    pub fn line(&self) -> String {
        let [clean, warnings, rejected, unreadable] = self.counts;
        let files = self.counts.iter().sum::<usize>();
        let mut line = format!(
            "{files} file{}: {clean} clean, {warnings} with warnings, {rejected} rejected, {unreadable} unreadable",
            crate::render::plural(files)
        );
        if self.skipped > 0 {
            let n = self.skipped;
            line += &format!("; {n} skipped in directories (not an antenna file)");
        }
        line
    }

    /// The totals for `--format json`.
    pub fn json(&self) -> serde_json::Value {
        let [clean, warnings, rejected, unreadable] = self.counts;
        serde_json::json!({
            "type": "totals",
            "files": self.counts.iter().sum::<usize>(),
            "clean": clean,
            "with_warnings": warnings,
            "rejected": rejected,
            "unreadable": unreadable,
            "skipped": self.skipped,
        })
    }
}

/// Runs `each` over every file `paths` name, directories walked (see the
/// module's documentation), in order: each opened by `open` (from its
/// path and name: [`Input::open`], standard input streamed or held),
/// or the [`Problem`] that stopped it. A
/// failure of `each` (output that cannot be written) ends the batch.
pub fn run(
    paths: &[PathBuf],
    open: impl Fn(&Path, &str) -> Result<Input, Problem>,
    mut each: impl FnMut(&Named, Result<Input, Problem>) -> Result<Outcome, Fatal>,
) -> Result<Tally, Fatal> {
    let mut tally = Tally {
        batch: paths.len() > 1,
        ..Tally::default()
    };
    for (arg, path) in paths.iter().enumerate() {
        let walked = path != Path::new("-") && path.is_dir();
        tally.batch |= walked;
        let files = if walked {
            walk(path)
        } else {
            vec![Ok(path.clone())]
        };
        for file in files {
            let (path, why) = match file {
                Ok(path) => (path, None),
                Err((path, why)) => (path, Some(why)),
            };
            let name = crate::io::display_name(&path);
            let opened = match why {
                None => open(&path, &name),
                Some(why) => Err(Problem::Unreadable(why)),
            };
            if walked && matches!(opened, Err(Problem::Unknown)) {
                tally.skipped += 1;
                continue;
            }
            let outcome = each(&Named { path, name, arg }, opened)?;
            tally.counts[outcome as usize] += 1;
        }
    }
    Ok(tally)
}

/// The files below the directory `top`, in name order; a directory that
/// cannot be listed, with the reason.
fn walk(top: &Path) -> Vec<Result<PathBuf, (PathBuf, String)>> {
    enum Item {
        Dir(PathBuf),
        File(PathBuf),
    }
    let mut files = Vec::new();
    // Pushed in reverse order, popped in order: no recursion, however deep.
    let mut stack = vec![Item::Dir(top.to_owned())];
    while let Some(item) = stack.pop() {
        let dir = match item {
            Item::File(path) => {
                files.push(Ok(path));
                continue;
            }
            Item::Dir(dir) => dir,
        };
        let listed = std::fs::read_dir(&dir).and_then(|entries| {
            let mut entries = entries.collect::<std::io::Result<Vec<_>>>()?;
            entries.sort_by_key(std::fs::DirEntry::file_name);
            Ok(entries)
        });
        let entries = match listed {
            Ok(entries) => entries,
            Err(e) => {
                files.push(Err((dir, e.to_string())));
                continue;
            }
        };
        for entry in entries.into_iter().rev() {
            if entry.file_name().as_encoded_bytes().starts_with(b".") {
                continue;
            }
            let path = entry.path();
            // The entry's own type: a link is not followed to a directory.
            let Ok(kind) = entry.file_type() else {
                stack.push(Item::File(path));
                continue;
            };
            if kind.is_dir() {
                stack.push(Item::Dir(path));
            } else if kind.is_file() || (kind.is_symlink() && !path.is_dir() && !is_special(&path))
            {
                stack.push(Item::File(path));
            }
        }
    }
    files
}

/// `true` for what exists and is neither a file nor a directory: a pipe
/// (which would block the reading), a socket, a device.
fn is_special(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|meta| !meta.is_file() && !meta.is_dir())
}
