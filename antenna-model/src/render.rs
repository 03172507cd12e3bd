//! Diagnostics shown the way rustc shows them: the message, the file,
//! line and column (in characters), the offending line (or, for a long
//! one, a window around the span) with carets under the span, and the rule's
//! spec. Pure: it takes a [`Diagnostic`] and the bytes it points into, and
//! gives text; where the text goes, and whether to colour it, is the
//! caller's choice.
//!
//! ```
//! use antenna_model::render::{self, Excerpt, LineMemo, Style};
//! use antenna_model::{Diagnostic, LineIndex, Rule, Severity};
//!
//! let text = b"HINA/2.2\nTitle: a\nTitle: b\n";
//! let index = LineIndex::new(text);
//! let rule = Rule::new("hina-di/duplicate-field", "HINA-DI rev. 0.12 \u{a7}Block");
//! let d = Diagnostic::new(Severity::Warning, rule, 18..23, &index, "duplicate `Title`");
//! let shown = render::human(
//!     "a.hdi",
//!     Some(Excerpt::whole(text, &index)),
//!     &d,
//!     Style::plain(),
//!     &mut LineMemo::default(),
//! );
//! assert!(shown.contains("3 | Title: b\n  | ^^^^^\n"));
//! ```

pub mod sink;
mod snippet;
pub mod window;

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::{Diagnostic, LineIndex, Severity};

pub use snippet::{CONTEXT, LineMemo, MARKED, Snippet, width};

/// Colours for a terminal, or none.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    color: bool,
}

impl Style {
    /// Colours (ANSI SGR escapes) when `color`, else none.
    pub fn new(color: bool) -> Self {
        Style { color }
    }

    /// No colour: text for a file, a pipe or a test.
    pub fn plain() -> Self {
        Style::new(false)
    }

    /// `text` in the SGR colour `code` (`1;31`: bold red), or as it is
    /// without colour.
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }
}

/// Part of a file, whole lines: what a streamed file keeps of the lines
/// its diagnostics point at.
#[derive(Debug, Clone, Copy)]
pub struct Excerpt<'a> {
    /// The lines' bytes.
    pub text: &'a [u8],
    /// Their line index.
    pub index: &'a LineIndex,
    /// The offset in the file of `text`'s first byte.
    pub offset: usize,
    /// The 1-based number in the file of `text`'s first line.
    pub first_line: u32,
}

impl<'a> Excerpt<'a> {
    /// The whole file.
    pub fn whole(text: &'a [u8], index: &'a LineIndex) -> Self {
        Excerpt {
            text,
            index,
            offset: 0,
            first_line: 1,
        }
    }
}

/// Renders one diagnostic of `file` with the offending line and a caret:
///
/// ```text
/// error[hina-di/duplicate-field]: the field `Title` appears twice in this block
///   --> examples/duplicate-field.hdi:7:1
///    |
///  7 | Title: second
///    | ^^^^^
///    = spec: HINA-DI rev. 0.12 §Block
/// ```
///
/// `source` holds the lines the diagnostic's span points into; a
/// diagnostic on a line before them, or without them, shows its location
/// only. `memo` keeps what is known of a long line between its
/// diagnostics (one memo a file).
pub fn human(
    file: &str,
    source: Option<Excerpt<'_>>,
    d: &Diagnostic,
    style: Style,
    memo: &mut LineMemo,
) -> String {
    let source = source.filter(|s| d.position.line >= s.first_line && d.span.start >= s.offset);
    let (label, code) = match d.severity {
        Severity::Error => ("error", "1;31"),
        Severity::Warning => ("warning", "1;33"),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}{}",
        style.paint(code, &format!("{label}[{}]", d.rule.id)),
        style.paint("1", &format!(": {}", cut_message(&d.message)))
    );
    let line = d.position.line;
    match source {
        _ if line == 0 => {
            let _ = writeln!(out, "  {} {file}", style.paint("1;34", "-->"));
        }
        None => {
            let _ = writeln!(
                out,
                "{}{} {file}:{line}:{}",
                " ".repeat(line.to_string().len()),
                style.paint("1;34", "-->"),
                d.position.column
            );
        }
        Some(Excerpt {
            text: source,
            index,
            offset,
            first_line,
        }) => {
            let number = line.to_string();
            let gutter = " ".repeat(number.len());
            let bar = style.paint("1;34", "|");
            let span = index.line_span(source, line - first_line + 1);
            let bytes = source.get(span.clone()).unwrap_or_default();
            let start = (d.span.start.saturating_sub(offset))
                .saturating_sub(span.start)
                .min(bytes.len());
            let end = (d.span.end.saturating_sub(offset))
                .saturating_sub(span.start)
                .clamp(start, bytes.len());
            let snippet = snippet::of(bytes, offset + span.start, start, end, memo);
            let _ = writeln!(
                out,
                "{gutter}{} {file}:{line}:{}",
                style.paint("1;34", "-->"),
                snippet.column
            );
            let _ = writeln!(out, "{gutter} {bar}");
            let _ = writeln!(
                out,
                "{} {bar} {}",
                style.paint("1;34", &number),
                snippet.text
            );
            let _ = writeln!(
                out,
                "{gutter} {bar} {}{}",
                " ".repeat(snippet.pad),
                style.paint(code, &"^".repeat(snippet.carets))
            );
        }
    }
    let gutter = " ".repeat(line.max(1).to_string().len());
    let _ = writeln!(
        out,
        "{gutter} {} spec: {}",
        style.paint("1;34", "="),
        d.rule.spec
    );
    out
}

/// `n` with commas between thousands: `4,193,304`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The most characters of a value a message quotes (between backquotes).
const QUOTED: usize = 60;
/// The most characters of a message.
const MESSAGE: usize = 400;

/// `message` with every value it quotes (between backquotes) cut to
/// 60 characters and the whole to 400, each cut shown
/// with `…` and the length of what was cut:
/// `` `Mon, 01 Jan 2002 00:…` (50,000,000 characters) ``.
pub fn cut_message(message: &str) -> Cow<'_, str> {
    if message.len() <= QUOTED {
        return Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(message.len().min(2 * MESSAGE));
    let mut note: Option<String> = None;
    let mut cut = false;
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        // The length of a value cut goes after its closing backquote.
        if let Some(note) = note.take() {
            out.push_str(&note);
        }
        let n = part.chars().count();
        if i % 2 == 1 && n > QUOTED {
            out.push_str(head_chars(part, QUOTED));
            out.push('…');
            note = Some(format!(" ({} characters)", thousands(n)));
            cut = true;
        } else {
            out.push_str(part);
        }
    }
    if let Some(note) = note {
        out.push_str(&note);
    }
    let n = out.chars().count();
    if n > MESSAGE {
        let mut short = head_chars(&out, MESSAGE).to_owned();
        short.push_str(&format!("… ({} characters)", thousands(n)));
        return Cow::Owned(short);
    }
    if cut {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(message)
    }
}

/// The first `n` characters of `text`.
fn head_chars(text: &str, n: usize) -> &str {
    text.char_indices()
        .nth(n)
        .and_then(|(i, _)| text.get(..i))
        .unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;

    #[test]
    fn shows_line_caret_and_spec() {
        let source = b"HINA/2.2\r\nTitle: a\r\nTitle: b\r\n";
        let index = LineIndex::new(source);
        let rule = Rule::new("hina-di/duplicate-field", "HINA-DI rev. 0.12 \u{a7}Block");
        let d = Diagnostic::new(Severity::Warning, rule, 20..25, &index, "duplicate `Title`");
        let text = human(
            "a.hdi",
            Some(Excerpt::whole(source, &index)),
            &d,
            Style::plain(),
            &mut LineMemo::default(),
        );
        assert_eq!(
            text,
            "warning[hina-di/duplicate-field]: duplicate `Title`\n \
             --> a.hdi:3:1\n  |\n3 | Title: b\n  | ^^^^^\n  = spec: HINA-DI rev. 0.12 \u{a7}Block\n"
        );
    }

    #[test]
    fn without_source_only_the_location_is_shown() {
        let index = LineIndex::new(b"a\nb\n");
        let rule = Rule::new("lirs/bad-number", "LIRS 2.1 \u{a7}3");
        let d = Diagnostic::new(Severity::Error, rule, 2..3, &index, "not a number");
        let text = human(
            "big.lirs",
            None,
            &d,
            Style::plain(),
            &mut LineMemo::default(),
        );
        assert_eq!(
            text,
            "error[lirs/bad-number]: not a number\n --> big.lirs:2:1\n  = spec: LIRS 2.1 \u{a7}3\n"
        );
    }

    #[test]
    fn carets_line_up_under_wide_characters() {
        let source = "Title: 日記 x\n".as_bytes();
        let index = LineIndex::new(source);
        let rule = Rule::new("t/x", "spec");
        let start = "Title: 日記 ".len();
        let d = Diagnostic::new(Severity::Error, rule, start..start + 1, &index, "m");
        let text = human(
            "f",
            Some(Excerpt::whole(source, &index)),
            &d,
            Style::plain(),
            &mut LineMemo::default(),
        );
        // "Title: " is 7 columns, 日記 4, the space 1: 12 before the caret.
        let expected = format!("1 | Title: 日記 x\n  | {}^\n", " ".repeat(12));
        assert!(text.contains(&expected), "{text}");
    }

    /// `d` rendered with `source` whole, without colour.
    fn render(source: &[u8], d: &Diagnostic) -> String {
        let index = LineIndex::new(source);
        human(
            "f",
            Some(Excerpt::whole(source, &index)),
            d,
            Style::plain(),
            &mut LineMemo::default(),
        )
    }

    /// An error at `span` of `text`, rendered.
    fn render_span(text: &str, span: std::ops::Range<usize>) -> String {
        let index = LineIndex::new(text.as_bytes());
        let rule = Rule::new("t/x", "spec");
        let d = Diagnostic::new(Severity::Error, rule, span, &index, "m");
        render(text.as_bytes(), &d)
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let source = "<title>日記</title><x>\n".as_bytes();
        let index = LineIndex::new(source);
        let start = "<title>日記</title>".len();
        let rule = Rule::new("t/x", "spec");
        let d = Diagnostic::new(Severity::Error, rule, start..start + 3, &index, "m");
        // 17 characters before the span (21 bytes).
        assert!(
            render(source, &d).contains(" --> f:1:18\n"),
            "{}",
            render(source, &d)
        );
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_span() {
        let line = format!("{}BAD{}\n", "a".repeat(100_000), "z".repeat(100_000));
        let text = render_span(&line, 100_000..100_003);
        let expected = format!(
            "1 | ...{}BAD{}...\n  | {}^^^\n",
            "a".repeat(CONTEXT),
            "z".repeat(CONTEXT),
            " ".repeat(CONTEXT + 3)
        );
        assert!(text.contains(&expected), "{text}");
        assert!(text.contains(" --> f:1:100001\n"), "{text}");
        assert!(text.len() < 400, "{}", text.len());
    }

    #[test]
    fn a_long_span_is_cut_and_so_are_its_carets() {
        let line = format!("<pubDate>{}</pubDate>\n", "x".repeat(1_000_000));
        let text = render_span(&line, 9..1_000_009);
        let expected = format!(
            "1 | <pubDate>{}...\n  |          {}\n",
            "x".repeat(MARKED),
            "^".repeat(MARKED)
        );
        assert!(text.contains(&expected), "{text}");
    }

    #[test]
    fn a_long_quoted_value_is_cut_with_its_length() {
        let value = "9".repeat(50_000);
        let message = format!("<pubDate> `{value}` is not an RFC 822 date: `x`");
        assert_eq!(
            cut_message(&message),
            format!(
                "<pubDate> `{}…` (50,000 characters) is not an RFC 822 date: `x`",
                "9".repeat(QUOTED)
            )
        );
        // Short ones are left as they are.
        assert!(matches!(cut_message("`a` and `b`"), Cow::Borrowed(_)));
        // A message long outside its quotes is cut too.
        let long = "word ".repeat(1000);
        let cut = cut_message(&long);
        assert!(cut.ends_with("… (5,000 characters)"), "{cut}");
        assert_eq!(
            cut.chars().count(),
            MESSAGE + "… (5,000 characters)".chars().count()
        );
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(4_193_304), "4,193,304");
    }
}
