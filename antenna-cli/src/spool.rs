//! Output held back until a streamed conversion has read its whole input:
//! only then is it known whether the file was rejected, or a loss refused
//! by `--deny-loss`, and the losses are printed in the order of a file
//! read whole. A spool is a temporary file, so it holds any amount in
//! little memory.

use std::fs::File;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};

use crate::Fatal;

/// What a temporary file's failure is said as (with the system's reason
/// after a colon where there is one).
pub const TEMPORARY: &str = "cannot write a temporary file";

/// A temporary file's error, told apart from the input's.
pub fn temporary(e: io::Error) -> io::Error {
    io::Error::other(format!("{TEMPORARY}: {e}"))
}

/// A temporary file's error, as the command's failure.
pub fn spool_error(e: io::Error) -> Fatal {
    Fatal(temporary(e).to_string())
}

/// Bytes written to a temporary file, to be copied out once.
pub struct Spool {
    file: BufWriter<File>,
    /// Bytes written.
    len: u64,
}

impl Spool {
    /// An empty spool in the system's temporary folder.
    pub fn new() -> Result<Self, Fatal> {
        Spool::create().map_err(|e| Fatal(e.to_string()))
    }

    /// [`Spool::new`], its failure an IO error that says it, for callers
    /// that take one (a reader's spill).
    pub fn create() -> io::Result<Self> {
        let dir = std::env::temp_dir();
        // A file with no name (or one removed when it is closed, where the
        // system cannot have that), so that nothing is left behind.
        let file = tempfile::tempfile_in(&dir).map_err(|e| {
            io::Error::other(format!(
                "cannot make a temporary file in {}: {e}",
                dir.display()
            ))
        })?;
        Ok(Spool {
            file: BufWriter::new(file),
            len: 0,
        })
    }

    /// A handle on the file, at its start, with everything spooled
    /// written to it: for reading the spool once or many times (seek back
    /// to the start each time). The handle shares its position with the
    /// spool's own, so nothing more is written while it is read.
    pub fn reopen(&mut self) -> io::Result<File> {
        self.file.flush()?;
        let mut file = self.file.get_ref().try_clone()?;
        file.seek(SeekFrom::Start(0))?;
        Ok(file)
    }

    /// Writes everything spooled to `out`.
    pub fn copy_to(&mut self, out: &mut dyn Write) -> io::Result<u64> {
        self.file.flush()?;
        let file = self.file.get_mut();
        file.seek(SeekFrom::Start(0))?;
        io::copy(&mut io::Read::take(&*file, self.len), out)
    }
}

impl Write for Spool {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.file.write(bytes)?;
        self.len += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Reads what was written, from where [`Seek`] put it: a spool is also a
/// spill of `lirs::two_pass`.
impl io::Read for Spool {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.file.flush()?;
        self.file.get_mut().read(out)
    }
}

impl Seek for Spool {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        // `BufWriter` writes out what it holds first.
        self.file.seek(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_back_what_was_written() {
        let mut spool = Spool::new().unwrap();
        spool.write_all(b"one\n").unwrap();
        spool.write_all(b"two\n").unwrap();
        let mut out = Vec::new();
        spool.copy_to(&mut out).unwrap();
        assert_eq!(out, b"one\ntwo\n");
    }

    #[test]
    fn reopened_reads_what_was_written_from_the_start() {
        use std::io::Read as _;
        let mut spool = Spool::new().unwrap();
        spool.write_all(b"one\n").unwrap();
        for _ in 0..2 {
            let mut text = String::new();
            spool.reopen().unwrap().read_to_string(&mut text).unwrap();
            assert_eq!(text, "one\n");
        }
    }
}
