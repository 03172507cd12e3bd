//! How a line ends: a leaf type shared by the grammar (which cuts lines),
//! the document (which keeps each line's end) and the writer.

/// How a line ends.
///
/// Not `#[non_exhaustive]`: these are all the ends a line of a file the
/// reader accepts can have (a lone CR is a control character, rev. 0.12
/// §Data Types), so a `match` on it is meant to be exhaustive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LineEnd {
    /// CR LF, as the spec says (the writer's default).
    #[default]
    CrLf,
    /// A bare LF (common in real files).
    Lf,
    /// No line end: the last line of a file that does not end with one.
    /// The writer honours it only on the last line of the file.
    Missing,
}

impl LineEnd {
    /// The bytes of the line end (`Missing` is empty).
    pub fn as_bytes(self) -> &'static [u8] {
        match self {
            LineEnd::CrLf => b"\r\n",
            LineEnd::Lf => b"\n",
            LineEnd::Missing => b"",
        }
    }
}
