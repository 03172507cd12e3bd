//! Printing diagnostics the way rustc does, or as JSON for tools.

use std::fmt::Write as _;

use antenna_model::{Diagnostic, LineIndex, Severity};

/// The most diagnostics of one rule shown for one file; the rest are
/// counted, and the count said at the end.
pub const SHOWN_PER_RULE: usize = 1000;

/// Colours for a terminal, or none.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    color: bool,
}

impl Style {
    /// Colour only on a terminal, and never when `NO_COLOR` is set
    /// (<https://no-color.org>).
    pub fn for_stream(is_terminal: bool) -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            color: is_terminal && !no_color,
        }
    }

    fn paint(self, code: &str, text: &str) -> String {
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
/// only.
pub fn human_in(file: &str, source: Option<Excerpt<'_>>, d: &Diagnostic, style: Style) -> String {
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
        style.paint("1", &format!(": {}", d.message))
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
            let _ = writeln!(
                out,
                "{gutter}{} {file}:{line}:{}",
                style.paint("1;34", "-->"),
                d.position.column
            );
            let span = index.line_span(source, line - first_line + 1);
            let start = d.span.start - offset;
            let text = display_line(source.get(span.clone()).unwrap_or_default());
            let column = usize::try_from(d.position.column.saturating_sub(1)).unwrap_or(0);
            let before = display_line(
                source
                    .get(span.start..span.start + column)
                    .unwrap_or_default(),
            );
            let end = d.span.end.saturating_sub(offset);
            let len_in_line = end.min(span.end).saturating_sub(start).max(1);
            let marked = display_line(source.get(start..start + len_in_line).unwrap_or_default());
            let _ = writeln!(out, "{gutter} {bar}");
            let _ = writeln!(out, "{} {bar} {text}", style.paint("1;34", &number));
            let _ = writeln!(
                out,
                "{gutter} {bar} {}{}",
                " ".repeat(width(&before)),
                style.paint(code, &"^".repeat(width(&marked).max(1)))
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

/// A diagnostic as a JSON object, for `--format json` (its schema is in
/// README.md, "JSON lines").
pub fn json(file: &str, d: &Diagnostic) -> serde_json::Value {
    serde_json::json!({
        "type": "diagnostic",
        "file": file,
        "severity": d.severity.to_string(),
        "rule": d.rule.id,
        "spec": d.rule.spec,
        "line": d.position.line,
        "column": d.position.column,
        "start": d.span.start,
        "end": d.span.end,
        "message": d.message,
    })
}

/// What `check` found in one file, for its result line.
#[derive(Debug, Clone, Copy)]
pub struct FileResult<'a> {
    /// The file's format.
    pub format: antenna_model::Format,
    /// Whether it was rejected.
    pub rejected: bool,
    /// Its error and warning diagnostics, shown or not.
    pub errors: usize,
    pub warnings: usize,
    /// How many parts it holds, in words (`3 records`), or `rejected`.
    pub summary: &'a str,
}

/// A file's result as a JSON object, for `--format json`: `not_shown`
/// counts the diagnostics of each rule past [`SHOWN_PER_RULE`].
pub fn file_json(
    file: &str,
    result: &FileResult<'_>,
    not_shown: &[(&'static str, usize)],
) -> serde_json::Value {
    let not_shown: serde_json::Map<String, serde_json::Value> = not_shown
        .iter()
        .map(|&(rule, n)| (rule.to_owned(), n.into()))
        .collect();
    serde_json::json!({
        "type": "file",
        "file": file,
        "format": result.format.name(),
        "rejected": result.rejected,
        "errors": result.errors,
        "warnings": result.warnings,
        "summary": result.summary,
        "not_shown": not_shown,
    })
}

/// The note that `n` more diagnostics of `rule` in `file` were counted but
/// not shown.
pub fn not_shown(file: &str, rule: &str, n: usize, style: Style) -> String {
    format!(
        "{}: {file}: {} more {rule} diagnostic{} not shown (the first {} of each rule are)\n",
        style.paint("1;36", "note"),
        thousands(n),
        if n == 1 { "" } else { "s" },
        thousands(SHOWN_PER_RULE),
    )
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

/// A line of the file as text: UTF-8 if it is, else EUC-JP (the antenna
/// formats' default), with control characters shown as `�`.
fn display_line(bytes: &[u8]) -> String {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::EUC_JP
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    };
    text.chars()
        .map(|c| {
            if c.is_control() && c != '\t' {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect()
}

/// Columns a terminal gives `text`: wide (East Asian Wide and Fullwidth,
/// UAX #11) characters and emoji take two. The ranges are those of the
/// scripts antenna files are written in; a renderer crate
/// (annotate-snippets) would bring unicode-width for the same answer on
/// these lines, and the layout here is rustc's, tested with wide text.
fn width(text: &str) -> usize {
    text.chars()
        .map(|c| match u32::from(c) {
            0x1100..=0x115f | 0x2e80..=0xa4cf | 0xac00..=0xd7a3 | 0xf900..=0xfaff => 2,
            0xfe30..=0xfe4f | 0xff00..=0xff60 | 0xffe0..=0xffe6 => 2,
            0x1f300..=0x1f64f | 0x1f900..=0x1f9ff | 0x20000..=0x3fffd => 2,
            _ => 1,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use antenna_model::Rule;

    #[test]
    fn shows_line_caret_and_spec() {
        let source = b"HINA/2.2\r\nTitle: a\r\nTitle: b\r\n";
        let index = LineIndex::new(source);
        let rule = Rule::new("hina-di/duplicate-field", "HINA-DI rev. 0.12 \u{a7}Block");
        let d = Diagnostic::new(Severity::Warning, rule, 20..25, &index, "duplicate `Title`");
        let text = human_in(
            "a.hdi",
            Some(Excerpt::whole(source, &index)),
            &d,
            Style { color: false },
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
        let text = human_in("big.lirs", None, &d, Style { color: false });
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
        let text = human_in(
            "f",
            Some(Excerpt::whole(source, &index)),
            &d,
            Style { color: false },
        );
        // "Title: " is 7 columns, 日記 4, the space 1: 12 before the caret.
        let expected = format!("1 | Title: 日記 x\n  | {}^\n", " ".repeat(12));
        assert!(text.contains(&expected), "{text}");
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(4_193_304), "4,193,304");
    }

    #[test]
    fn emoji_and_rare_kanji_are_wide_too() {
        // 😀 U+1F600 and 𠮷 U+20BB7 (a JIS X 0213 kanji) take two columns.
        assert_eq!(width("😀𠮷a"), 5);
        assert_eq!(width("ｱa"), 2);
    }
}
