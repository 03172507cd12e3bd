//! The line a streamed file's reader is on: what the diagnostics it gives
//! point at (the reader reports each line's diagnostics once it has read
//! that line, and never goes back), kept so that they can be shown with
//! their line and caret, as for a file read whole.

use std::cell::RefCell;
use std::io::{self, BufRead, Read};
use std::rc::Rc;

use crate::LineIndex;

use crate::render::Excerpt;

/// The bytes of the line being read (or read last), with where they are
/// in the file.
#[derive(Debug)]
pub struct Window {
    bytes: Vec<u8>,
    /// The offset in the file of `bytes[0]`.
    offset: usize,
    /// The 1-based number of the line `bytes` holds.
    line: u32,
    /// The line index of `bytes`, made on the first diagnostic of a line.
    index: Option<LineIndex>,
}

impl Window {
    /// A window at the start of a file, shared with the [`Tee`] that fills
    /// it.
    pub fn shared() -> Rc<RefCell<Window>> {
        Rc::new(RefCell::new(Window {
            bytes: Vec::new(),
            offset: 0,
            line: 1,
            index: None,
        }))
    }

    /// The line kept, for a diagnostic on line `line`; `None` when it is
    /// not that line (one let go of has nothing left to show).
    pub fn excerpt(&mut self, line: u32) -> Option<Excerpt<'_>> {
        if line > self.line {
            self.let_go();
        }
        if line != self.line {
            return None;
        }
        let index = self
            .index
            .get_or_insert_with(|| LineIndex::new(&self.bytes));
        Some(Excerpt {
            text: &self.bytes,
            index,
            offset: self.offset,
            first_line: self.line,
        })
    }

    /// Lets go of the line kept if it is complete: its diagnostics have
    /// all been given (the reader gave its part, or went past it).
    pub fn let_go(&mut self) {
        if self.bytes.last() == Some(&b'\n') {
            self.next_line();
        }
    }

    /// Lets go of the line kept, which is complete.
    fn next_line(&mut self) {
        self.offset += self.bytes.len();
        self.line = self.line.saturating_add(1);
        self.bytes.clear();
        self.index = None;
    }

    /// Keeps `bytes`, the next the reader took: a new line lets go of the
    /// one before, whose diagnostics have all been given.
    fn push(&mut self, bytes: &[u8]) {
        self.let_go();
        self.index = None;
        self.bytes.extend_from_slice(bytes);
    }
}

/// A [`BufRead`] that keeps in a [`Window`] every byte its reader
/// consumes.
pub struct Tee<'a> {
    inner: Box<dyn BufRead + 'a>,
    window: Rc<RefCell<Window>>,
}

impl<'a> Tee<'a> {
    /// Reads `inner`, keeping what is read in `window`.
    pub fn new(inner: Box<dyn BufRead + 'a>, window: Rc<RefCell<Window>>) -> Self {
        Tee { inner, window }
    }
}

impl Read for Tee<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        if let (Some(to), Some(from)) = (out.get_mut(..n), available.get(..n)) {
            to.copy_from_slice(from);
        }
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Tee<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        // The bytes being consumed are the start of what `fill_buf` gave,
        // still buffered: asking again does no IO.
        if let Ok(available) = self.inner.fill_buf() {
            let taken = available.get(..amount).unwrap_or(available);
            self.window.borrow_mut().push(taken);
        }
        self.inner.consume(amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_line_being_read() {
        let window = Window::shared();
        let text: &[u8] = b"# a\nLIRS,1\nLIRS,2\n";
        let mut tee = Tee::new(Box::new(text), Rc::clone(&window));
        let mut line = Vec::new();
        tee.read_until(b'\n', &mut line).unwrap();
        tee.read_until(b'\n', &mut line).unwrap();
        let mut w = window.borrow_mut();
        let excerpt = w.excerpt(2).unwrap();
        assert_eq!(excerpt.text, b"LIRS,1\n");
        assert_eq!((excerpt.offset, excerpt.first_line), (4, 2));
        drop(w);
        tee.read_until(b'\n', &mut line).unwrap();
        let mut w = window.borrow_mut();
        let excerpt = w.excerpt(3).unwrap();
        assert_eq!(excerpt.text, b"LIRS,2\n");
        assert_eq!((excerpt.offset, excerpt.first_line), (11, 3));
        // A line let go of (its part given) has nothing left to show; the
        // line after it, nothing yet.
        w.let_go();
        assert!(w.excerpt(3).is_none());
        assert_eq!(w.excerpt(4).unwrap().text, b"");
    }

    #[test]
    fn a_line_read_in_pieces_is_kept_whole() {
        let window = Window::shared();
        let mut w = window.borrow_mut();
        w.push(b"LIRS,");
        w.push(b"1,2\n");
        assert_eq!(w.excerpt(1).unwrap().text, b"LIRS,1,2\n");
        w.push(b"LIRS");
        assert_eq!(w.excerpt(2).unwrap().text, b"LIRS");
        // A line let go of is not shown.
        assert!(w.excerpt(1).is_none());
    }
}
