//! The command's input and output: files named on the command line or
//! standard input, read whole or written out, and how each is named in
//! messages.

use std::io::{Read, Write};
use std::path::Path;

use crate::Fatal;
use crate::spool::Spool;

/// The bytes of `path`, or of standard input for `-`.
pub fn read_input(path: &Path) -> Result<Vec<u8>, Fatal> {
    read_bytes(path).map_err(|e| match path == Path::new("-") {
        true => Fatal(format!("cannot read standard input: {e}")),
        false => Fatal(format!("cannot read {}: {e}", path.display())),
    })
}

/// The bytes of `path`, or of standard input for `-`, or the error.
pub fn read_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    if path != Path::new("-") {
        return std::fs::read(path);
    }
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes)?;
    // Read in doubling steps, the buffer may be nearly twice the input;
    // it is held while the whole file is worked on.
    bytes.shrink_to_fit();
    Ok(bytes)
}

/// Writes `bytes` to `path`, or to standard output.
pub fn write_output(path: Option<&Path>, bytes: &[u8]) -> Result<(), Fatal> {
    write_with(path, |out| out.write_all(bytes))
}

/// Copies `spool` to `path`, or to standard output.
pub fn copy_output(path: Option<&Path>, spool: &mut Spool) -> Result<(), Fatal> {
    write_with(path, |out| spool.copy_to(out).map(drop))
}

/// Writes the output with `fill`: into the file `path` ([`write_file`]),
/// or to standard output, flushed. Every command's output goes through
/// here, so that a failure is said one way ([`write_error`]).
pub fn write_with(
    path: Option<&Path>,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Fatal> {
    match path {
        Some(path) => write_file(path, |file| fill(file)),
        None => {
            let mut stdout = std::io::stdout().lock();
            fill(&mut stdout)
                .and_then(|()| stdout.flush())
                .map_err(stdout_error)
        }
    }
}

/// Writes the file `path` with `fill`, safely: into a temporary file
/// beside it, renamed into place only when every byte is written and
/// flushed. A failure (a full disk, an error of `fill`) leaves the old
/// file as it was and no temporary file behind. The file gets the
/// permissions `fs::write` gives: an existing file's own, a new file's
/// 0666 less the umask.
pub fn write_file(
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> Result<(), Fatal> {
    let failed = |e: std::io::Error| Fatal(format!("cannot write {}: {e}", path.display()));
    // What is not a regular file (`/dev/stdout`, a named pipe) is written
    // in place: it cannot be replaced, nor is it left half written. A
    // symbolic link is followed, as `fs::write` does: its target is
    // replaced, not the link.
    let existing = std::fs::metadata(path).ok();
    if existing.as_ref().is_some_and(|meta| !meta.is_file()) {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(path)
            .map_err(failed)?;
        return fill(&mut file).and_then(|()| file.flush()).map_err(failed);
    }
    let real = match existing {
        Some(_) => std::fs::canonicalize(path).map_err(failed)?,
        None => path.to_owned(),
    };
    let path = real.as_path();
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".antenna-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        // Opened with this mode, the system takes the umask off it, as
        // for a file `fs::write` makes.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(dir).map_err(failed)?;
    if let Some(existing) = &existing {
        temp.as_file()
            .set_permissions(existing.permissions())
            .map_err(failed)?;
    }
    // On any error `temp` is dropped here, which removes it.
    fill(temp.as_file_mut())
        .and_then(|()| temp.as_file_mut().flush())
        .and_then(|()| temp.as_file().sync_all())
        .map_err(failed)?;
    temp.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}

/// The error of writing to `what` (standard output, standard error):
/// a one-line message, or, when the reader has gone away (a broken
/// pipe, as under `| head`), the quiet [`Fatal::broken_pipe`].
pub fn write_error(what: &str, e: &std::io::Error) -> Fatal {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Fatal::broken_pipe()
    } else {
        Fatal(format!("cannot write to {what}: {e}"))
    }
}

/// The error of writing to standard output, as [`write_error`] says it.
pub fn stdout_error(e: std::io::Error) -> Fatal {
    write_error("standard output", &e)
}

/// `--quiet`: nothing but errors.
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Sets `--quiet` for the run.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, std::sync::atomic::Ordering::Relaxed);
}

/// Whether `--quiet` was given: print nothing but errors.
pub fn quiet() -> bool {
    QUIET.load(std::sync::atomic::Ordering::Relaxed)
}

/// Where reports that are not errors go (losses, decisions): standard
/// error, or nowhere under `--quiet`.
pub fn notes() -> Box<dyn Write> {
    if quiet() {
        Box::new(std::io::sink())
    } else {
        Box::new(std::io::stderr().lock())
    }
}

/// Says `line` on standard error, as [`say`], unless `--quiet`: for what
/// is not an error.
pub fn note(line: std::fmt::Arguments<'_>) -> Result<(), Fatal> {
    if quiet() { Ok(()) } else { say(line) }
}

/// Writes `line` and a line end to standard error, for messages that
/// are not diagnostics. A failure (standard error full) is returned, and
/// ends the command with status 2.
pub fn say(line: std::fmt::Arguments<'_>) -> Result<(), Fatal> {
    writeln!(std::io::stderr().lock(), "{line}").map_err(|e| write_error("standard error", &e))
}

pub fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::write_file;

    /// The names in `dir`.
    fn names(dir: &std::path::Path) -> Vec<std::ffi::OsString> {
        let entries = std::fs::read_dir(dir).unwrap();
        entries.map(|entry| entry.unwrap().file_name()).collect()
    }

    #[test]
    fn a_failure_after_some_bytes_leaves_the_old_file_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.xml");
        std::fs::write(&out, "old content\n").unwrap();
        let error = write_file(&out, |file| {
            file.write_all(b"<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><chan")?;
            Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "No space left on device",
            ))
        })
        .unwrap_err();
        assert!(
            error.0.starts_with("cannot write ") && error.0.contains("No space left"),
            "{}",
            error.0
        );
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "old content\n");
        assert_eq!(names(dir.path()), ["out.xml"]);
    }

    #[test]
    fn a_failure_makes_no_new_file() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("new.xml");
        let result = write_file(&out, |file| {
            file.write_all(b"partial")?;
            Err(std::io::Error::other("refused"))
        });
        assert!(result.is_err());
        assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
    }

    #[test]
    fn a_success_replaces_the_file_and_keeps_its_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.xml");
        std::fs::write(&out, "old").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
        }
        write_file(&out, |file| file.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "new");
        assert_eq!(names(dir.path()), ["out.xml"]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&out).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_permissions_fs_write_gives() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let (ours, theirs) = (dir.path().join("ours"), dir.path().join("theirs"));
        write_file(&ours, |file| file.write_all(b"x")).unwrap();
        std::fs::write(&theirs, b"x").unwrap();
        let mode = |path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&ours), mode(&theirs));
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_followed_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let (real, link) = (dir.path().join("real.xml"), dir.path().join("link.xml"));
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_file(&link, |file| file.write_all(b"new")).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    }
}
