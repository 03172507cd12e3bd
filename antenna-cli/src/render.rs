//! Printing diagnostics the way rustc does (`antenna_model::render`), in
//! colour as `--color` says, or as JSON for tools; and the lines that say
//! losses and decisions.

use antenna_model::Diagnostic;
pub use antenna_model::render::{Style, cut_message, thousands};

use crate::args::ColorChoice;

/// `--color`, chosen once for the run.
static COLOR: std::sync::OnceLock<ColorChoice> = std::sync::OnceLock::new();

/// Sets `--color` for every [`style_for`] of the run.
pub fn choose_color(choice: ColorChoice) {
    let _ = COLOR.set(choice);
}

/// Whether to colour: `always` and `never` as they say (a flag given
/// outranks the environment), `auto` on a terminal that is not `dumb`
/// when `NO_COLOR` is not set.
fn wants_color(choice: ColorChoice, is_terminal: bool, no_color: bool, dumb: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => is_terminal && !no_color && !dumb,
    }
}

/// The style of a stream: colour as `--color` says (set with
/// [`choose_color`], else `auto`): with `auto`, only on a terminal, and
/// never when `NO_COLOR` is set (<https://no-color.org>) or `TERM` is
/// `dumb`.
pub fn style_for(is_terminal: bool) -> Style {
    let choice = COLOR.get().copied().unwrap_or(ColorChoice::Auto);
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let dumb = std::env::var_os("TERM").is_some_and(|v| v == "dumb");
    Style::new(wants_color(choice, is_terminal, no_color, dumb))
}

/// The plural ending of `n` things: none for one, else `s`.
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
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
        "message": cut_message(&d.message),
    })
}

/// What `check` found in one file, for its result line.
#[derive(Debug, Clone)]
pub struct FileResult {
    /// The file's format.
    pub format: antenna_model::Format,
    /// Whether it was rejected.
    pub rejected: bool,
    /// Its error and warning diagnostics, shown or not.
    pub errors: usize,
    pub warnings: usize,
    /// How many parts it holds, in words (`3 records`), or `rejected`.
    pub summary: String,
}

/// A file's result as a JSON object, for `--format json`: `not_shown`
/// counts the diagnostics of each rule past the first
/// [`SHOWN_PER_RULE`](antenna_model::render::sink::SHOWN_PER_RULE). A
/// file not read is `Err(summary)`: no format, not rejected, no counts.
pub fn file_json(
    file: &str,
    result: Result<&FileResult, &str>,
    not_shown: &[(&'static str, usize)],
) -> serde_json::Value {
    let not_shown: serde_json::Map<String, serde_json::Value> = not_shown
        .iter()
        .map(|&(rule, n)| (rule.to_owned(), n.into()))
        .collect();
    let (format, rejected, errors, warnings, summary) = match result {
        Ok(r) => (
            Some(r.format.name()),
            r.rejected,
            r.errors,
            r.warnings,
            &*r.summary,
        ),
        Err(summary) => (None, false, 0, 0, summary),
    };
    serde_json::json!({
        "type": "file",
        "file": file,
        "format": format,
        "rejected": rejected,
        "errors": errors,
        "warnings": warnings,
        "summary": summary,
        "not_shown": not_shown,
    })
}

/// A loss or decision as said: its line for people, or its JSON object.
pub trait Told {
    /// What two reports of a kind share.
    type Kind<'a>: std::hash::Hash + Eq
    where
        Self: 'a;
    /// Its kind.
    fn kind(&self) -> Self::Kind<'_>;
    /// The report, standing for `count` of its kind (itself the first),
    /// as a line for people (naming `file` when given) or, under
    /// `--format json`, a JSON object; with its line end.
    fn told(&self, file: Option<&str>, count: usize, json: bool) -> String;
    /// Says `count` reports of kinds past the first `kept` kinds, which
    /// are counted, not kept: `note: [FILE: ]N more NOUN reports of other
    /// kinds …`, or a JSON object of type `not_shown`.
    fn others(file: Option<&str>, count: usize, kept: usize, json: bool) -> String {
        let noun = Self::NOUN;
        if json {
            let value = serde_json::json!({
                "type": "not_shown",
                "file": file,
                "what": noun,
                "count": count,
            });
            return format!("{value}\n");
        }
        let file = file_prefix(file);
        format!(
            "note: {file}{} more {noun} reports of other kinds, past the first {} kinds, not said (--verbose says each)\n",
            thousands(count),
            thousands(kept),
        )
    }
    /// What a report is called: `loss`, `decision`.
    const NOUN: &'static str;
}

/// `FILE: ` for a report of `file` (a merge's source), else nothing.
fn file_prefix(file: Option<&str>) -> String {
    file.map(|f| format!("{f}: ")).unwrap_or_default()
}

/// A loss: `loss: [FILE: ]LOSS`, or for many of a kind `loss: [FILE: ]N
/// entries: FIELD: REASON`; in JSON, the first's fields and the count
/// (README.md, "Output for people and for scripts").
impl Told for antenna_model::Loss {
    type Kind<'a> = (bool, &'a str, &'a str);
    const NOUN: &'static str = "loss";

    fn kind(&self) -> Self::Kind<'_> {
        (self.entry.is_some(), &self.field, &self.reason)
    }

    fn told(&self, file: Option<&str>, count: usize, json: bool) -> String {
        if json {
            let value = serde_json::json!({
                "type": "loss",
                "file": file,
                "entry": self.entry.as_deref(),
                "field": self.field,
                "reason": self.reason,
                "count": count,
            });
            return format!("{value}\n");
        }
        let file = file_prefix(file);
        match count {
            1 => format!("loss: {file}{self}\n"),
            n => format!(
                "loss: {file}{} entries: {}: {}\n",
                thousands(n),
                self.field,
                self.reason
            ),
        }
    }
}

/// A decision of `merge`: as `propagate` words it, or for many of a kind
/// `ACTION N entries from SOURCE [RULE] (SPEC); the first, URL: DETAIL`;
/// in JSON, the first's fields and the count.
impl Told for propagate::Decision {
    type Kind<'a> = (propagate::Action, &'a str, &'a str, bool);
    const NOUN: &'static str = "decision";

    fn kind(&self) -> Self::Kind<'_> {
        let header = self.entry_url.is_empty();
        (self.action, self.source.as_str(), self.rule.id, header)
    }

    fn told(&self, _: Option<&str>, count: usize, json: bool) -> String {
        let Self { rule, source, .. } = self;
        if json {
            let value = serde_json::json!({
                "type": "decision",
                "action": self.action.to_string(),
                "source": source.as_str(),
                "entry": Some(&self.entry_url).filter(|url| !url.is_empty()),
                "rule": rule.id,
                "spec": rule.spec,
                "detail": self.detail,
                "count": count,
            });
            return format!("{value}\n");
        }
        match count {
            1 => format!("{self}\n"),
            n => format!(
                "{} {} entries from {source} [{}] ({}); the first, {}: {}\n",
                self.action,
                thousands(n),
                rule.id,
                rule.spec,
                self.entry_url,
                self.detail
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn color_as_the_flag_and_the_environment_say() {
        use super::wants_color;
        use crate::args::ColorChoice::{Always, Auto, Never};
        // (is_terminal, NO_COLOR, TERM=dumb)
        assert!(wants_color(Auto, true, false, false));
        assert!(!wants_color(Auto, false, false, false));
        assert!(!wants_color(Auto, true, true, false));
        assert!(!wants_color(Auto, true, false, true));
        assert!(wants_color(Always, false, true, true));
        assert!(!wants_color(Never, true, false, false));
    }
}
