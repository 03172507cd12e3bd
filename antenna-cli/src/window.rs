//! The lines a streamed file's reader has gone past since its last item:
//! what the diagnostics of that item point at, kept so that they can be
//! shown with their line and caret, as for a file read whole.

use std::cell::RefCell;
use std::io::{self, BufRead, Read};
use std::rc::Rc;

use antenna_model::LineIndex;

use crate::render::Excerpt;

/// The most bytes kept: past it, the oldest whole lines are let go (their
/// diagnostics then show their location only). One record line is at most
/// `lirs::ReadOptions::max_line_length` (1 MiB by default), so this holds
/// a record and the comments before it in any real file.
const KEEP: usize = 4 * 1024 * 1024;

/// The bytes read since the last [`Window::advance`].
#[derive(Debug, Default)]
pub struct Window {
    bytes: Vec<u8>,
    /// The offset in the file of `bytes[0]`.
    offset: usize,
    /// The 1-based number of the line `bytes` starts with.
    first_line: u32,
    /// Lines starting with `#` let go of so far, not counting the line of
    /// each item (see [`Window::advance`]).
    comments: usize,
}

impl Window {
    /// A window at the start of a file, shared with the [`Tee`] that fills
    /// it.
    pub fn shared() -> Rc<RefCell<Window>> {
        Rc::new(RefCell::new(Window {
            first_line: 1,
            ..Window::default()
        }))
    }

    /// The lines kept, with their line index.
    pub fn excerpt<'a>(&'a self, index: &'a LineIndex) -> Excerpt<'a> {
        Excerpt {
            text: &self.bytes,
            index,
            offset: self.offset,
            first_line: self.first_line,
        }
    }

    /// A line index of the lines kept.
    pub fn index(&self) -> LineIndex {
        LineIndex::new(&self.bytes)
    }

    /// Lets go of every line kept, once their diagnostics are shown. The
    /// last line is an item's (a record's, or the line that ended the
    /// stream) when `item` is set; the lines before it are comment and
    /// blank lines, and those starting with `#` are counted.
    pub fn advance(&mut self, item: bool) {
        // The common case, a record line alone: nothing to count but its
        // line end (`contains` is a word-at-a-time search, where counting
        // goes byte by byte).
        let body = self.bytes.strip_suffix(b"\n").unwrap_or(&self.bytes);
        if item && !body.contains(&b'\n') {
            let ended = self.bytes.len() > body.len();
            self.first_line = self.first_line.saturating_add(u32::from(ended));
            self.offset += self.bytes.len();
            self.bytes.clear();
            return;
        }
        let before_item = if item {
            let body = self.bytes.strip_suffix(b"\n").unwrap_or(&self.bytes);
            body.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
        } else {
            self.bytes.len()
        };
        self.comments += comment_lines(self.bytes.get(..before_item).unwrap_or_default());
        let newlines = memchr_count(&self.bytes);
        self.first_line = self.first_line.saturating_add(newlines);
        self.offset += self.bytes.len();
        self.bytes.clear();
    }

    /// Comment lines (starting with `#`) let go of so far.
    pub fn comments(&self) -> usize {
        self.comments
    }

    /// Keeps `bytes`, letting go of the oldest whole lines past [`KEEP`].
    fn push(&mut self, bytes: &[u8]) {
        self.bytes.extend_from_slice(bytes);
        if self.bytes.len() <= KEEP {
            return;
        }
        // Let go of whole lines only, so that the kept text starts a line;
        // the last (unfinished) line is kept whatever its length.
        let excess = self.bytes.len() - KEEP;
        let Some(cut) = self
            .bytes
            .iter()
            .enumerate()
            .skip(excess.saturating_sub(1))
            .find(|(_, b)| **b == b'\n')
            .map(|(i, _)| i + 1)
            .or_else(|| self.bytes.iter().rposition(|&b| b == b'\n').map(|i| i + 1))
        else {
            return;
        };
        let gone: Vec<u8> = self.bytes.drain(..cut).collect();
        self.comments += comment_lines(&gone);
        self.first_line = self.first_line.saturating_add(memchr_count(&gone));
        self.offset += gone.len();
    }
}

/// Lines of `bytes` that start with `#`.
fn comment_lines(bytes: &[u8]) -> usize {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .filter(|l| l.first() == Some(&b'#'))
        .count()
}

/// Line ends in `bytes`.
fn memchr_count(bytes: &[u8]) -> u32 {
    u32::try_from(bytes.iter().filter(|&&b| b == b'\n').count()).unwrap_or(u32::MAX)
}

/// A [`BufRead`] that keeps in a [`Window`] every byte its reader
/// consumes.
pub struct Tee<'a> {
    inner: Box<dyn BufRead + 'a>,
    window: Rc<RefCell<Window>>,
}

impl<'a> Tee<'a> {
    /// `inner`, its bytes kept in `window` as they are consumed.
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
    fn keeps_what_was_consumed_and_counts_comments() {
        let window = Window::shared();
        let text: &[u8] = b"# a\n\n# b\nLIRS,1\nLIRS,2\n# c\n";
        let mut tee = Tee::new(Box::new(text), Rc::clone(&window));
        let mut line = Vec::new();
        for _ in 0..4 {
            tee.read_until(b'\n', &mut line).unwrap();
        }
        assert_eq!(window.borrow().bytes, b"# a\n\n# b\nLIRS,1\n");
        window.borrow_mut().advance(true);
        assert_eq!(window.borrow().comments(), 2);
        assert_eq!(window.borrow().first_line, 5);
        assert_eq!(window.borrow().offset, 16);
        tee.read_until(b'\n', &mut line).unwrap();
        window.borrow_mut().advance(true);
        tee.read_until(b'\n', &mut line).unwrap();
        window.borrow_mut().advance(false);
        assert_eq!(window.borrow().comments(), 3);
        assert_eq!(window.borrow().first_line, 7);
    }

    #[test]
    fn lets_go_of_whole_lines_past_the_limit() {
        let mut window = Window {
            first_line: 1,
            ..Window::default()
        };
        let line = format!("#{}\n", "x".repeat(1022));
        for _ in 0..(KEEP / 1024 + 3) {
            window.push(line.as_bytes());
        }
        assert!(window.bytes.len() <= KEEP);
        assert!(window.bytes.starts_with(b"#x"));
        assert_eq!(window.comments(), 3);
        assert_eq!(window.first_line, 4);
        assert_eq!(window.offset, 3 * 1024);
    }
}
