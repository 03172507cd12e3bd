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
    /// What [`Spool::copy_to`] gives in place of the first bytes: how
    /// many, and the bytes given instead ([`Spool::replace_start`]).
    start: Option<(u64, Vec<u8>)>,
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
            start: None,
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

    /// Has [`Spool::copy_to`] give `bytes` in place of the first `len`
    /// bytes spooled (at most as many as were written): a converted
    /// file's head, made again once its whole input was read (issue #23,
    /// [`antenna_model::PartCodec::settled`]). [`Spool::reopen`] still
    /// reads the bytes as written.
    pub fn replace_start(&mut self, len: u64, bytes: Vec<u8>) {
        self.start = Some((len.min(self.len), bytes));
    }

    /// Writes everything spooled to `out` (its start replaced where
    /// [`Spool::replace_start`] says); how many bytes.
    pub fn copy_to(&mut self, out: &mut dyn Write) -> io::Result<u64> {
        self.file.flush()?;
        let (skip, head) = match &self.start {
            Some((skip, head)) => (*skip, head.as_slice()),
            None => (0, &[][..]),
        };
        out.write_all(head)?;
        let file = self.file.get_mut();
        file.seek(SeekFrom::Start(skip))?;
        let rest = io::copy(&mut io::Read::take(&*file, self.len - skip), out)?;
        Ok(head.len() as u64 + rest)
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
    fn a_replaced_start_is_given_in_place_of_the_bytes_it_replaces() {
        let mut spool = Spool::new().unwrap();
        spool.write_all(b"head of 12\nitem\nend\n").unwrap();
        // Longer, shorter, and as long as what it replaces.
        for (with, expected) in [
            (
                &b"the head of 1000\n"[..],
                &b"the head of 1000\nitem\nend\n"[..],
            ),
            (b"head 9\n", b"head 9\nitem\nend\n"),
            (b"HEAD OF 12\n", b"HEAD OF 12\nitem\nend\n"),
        ] {
            spool.replace_start(11, with.to_vec());
            let mut out = Vec::new();
            let n = spool.copy_to(&mut out).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(expected.to_vec()).unwrap()
            );
            assert_eq!(n, expected.len() as u64);
        }
        let mut text = String::new();
        std::io::Read::read_to_string(&mut spool.reopen().unwrap(), &mut text).unwrap();
        assert_eq!(text, "head of 12\nitem\nend\n");
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
