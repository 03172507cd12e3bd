//! The rules this crate enforces, with stable ids and the section of
//! LIRS 2.1 (RFB 4) or RFC 3986 they come from.
//!
//! Each constant cites the section its finding breaks: a number that is
//! not one cites its field's section (§3.1 to §3.4), through a constant for
//! each field under the one id `lirs/bad-number` (and two for
//! `lirs/epoch-sentinel`), which the reader picks by field. [`ALL`] lists
//! every constant; a test holds each citation to the spec's real headings
//! ([`antenna_model::citation`]).
//!
//! Severity in lenient mode (the default) is given for each rule; in strict
//! mode every rule is an error except [`EPOCH_SENTINEL`], [`URL_PASSWORD`]
//! and [`DECEPTIVE_URL`], which are not departures from the spec at all.

use antenna_model::Rule;
use antenna_model::url_risk;

/// A record has fewer than eight fields (error), or eight or more than nine
/// (warning: real files hold 8, 10 and 14).
pub const FIELD_COUNT: Rule = Rule::new("lirs/field-count", "LIRS 2.1 §3 Fields");
/// Last-Modified is not a number, or out of range. Error: there is no
/// value to recover. (The other numeric fields' constants follow.)
pub const BAD_NUMBER: Rule = Rule::new(
    "lirs/bad-number",
    "LIRS 2.1 §3.1 Last-Modified (a Unix timestamp)",
);
/// Last-Detected is not a number, or out of range. Error.
pub const BAD_NUMBER_LAST_DETECTED: Rule = Rule::new(
    "lirs/bad-number",
    "LIRS 2.1 §3.2 Last-Detected (a Unix timestamp)",
);
/// The time difference is not a signed number, or out of range. Error.
pub const BAD_NUMBER_TIME_DIFFERENCE: Rule = Rule::new(
    "lirs/bad-number",
    "LIRS 2.1 §3.3 Time difference (a signed integer)",
);
/// Content-Length is not a number, or out of range. Error.
pub const BAD_NUMBER_CONTENT_LENGTH: Rule =
    Rule::new("lirs/bad-number", "LIRS 2.1 §3.4 Content-Length (bytes)");
/// A URL is repeated in one file (MUST NOT). Error.
pub const DUPLICATE_URL: Rule = Rule::new("lirs/duplicate-url", "LIRS 2.1 §3.5 URL");
/// A record has more than nine fields and its source URL is not where it
/// should be: a title or author held unescaped commas. Warning.
pub const UNESCAPED_COMMA: Rule = Rule::new("lirs/unescaped-comma", "LIRS 2.1 §2 Format");
/// A record has more than nine fields that line up (fields after the
/// extension, kept in `extra`). Warning.
pub const EXTRA_FIELDS: Rule = Rule::new("lirs/extra-fields", "LIRS 2.1 §3 Fields");
/// A CR not followed by LF. Error.
pub const LONE_CR: Rule = Rule::new("lirs/lone-cr", "LIRS 2.1 §2 Format");
/// A control character (a CTL other than HT: a NUL, ESC, DEL, ...) in a
/// text field. Error, as in HINA-DI, whose TEXT excludes CTLs: §2 makes a
/// LIRS file "a text file", and no writer put one there on purpose; RSS
/// 2.0 (XML 1.0 §2.2) cannot hold the C0 ones either.
pub const CONTROL_CHARACTER: Rule =
    Rule::new("lirs/control-character", "LIRS 2.1 §2 Format (a text file)");
/// A backslash before a character other than `,` and `\`, or at the end of
/// a field; kept literally. Warning.
pub const BAD_ESCAPE: Rule = Rule::new("lirs/bad-escape", "LIRS 2.1 §2 Format");
/// A line is neither EUC-JP nor UTF-8. Error.
pub const UNDECODABLE: Rule = Rule::new(
    "lirs/undecodable",
    "LIRS 2.1 §7 Internationalization Considerations",
);
/// A line was decoded as UTF-8 because it is not EUC-JP (§7 MAY). Warning.
pub const UTF8_FALLBACK: Rule = Rule::new(
    "lirs/utf8-fallback",
    "LIRS 2.1 §7 Internationalization Considerations",
);
/// A non-empty line that is neither a record (`LIRS,`) nor a comment (`#`).
/// Error.
pub const MISSING_PREFIX: Rule = Rule::new("lirs/missing-prefix", "LIRS 2.1 §2 Format");
/// An empty (or white-space only) line. Kept for layout. Warning.
pub const BLANK_LINE: Rule = Rule::new("lirs/blank-line", "LIRS 2.1 §2 Format");
/// A record does not end with a comma. Warning.
pub const MISSING_FINAL_COMMA: Rule = Rule::new("lirs/missing-final-comma", "LIRS 2.1 §2 Format");
/// The last record has no line end. Warning.
pub const MISSING_LINE_END: Rule = Rule::new("lirs/missing-line-end", "LIRS 2.1 §2 Format");
/// A field other than the extension is empty instead of `0` (SHOULD).
/// Warning; numbers read as 0.
pub const BLANK_FIELD: Rule = Rule::new("lirs/blank-field", "LIRS 2.1 §2 Format");
/// Last-Modified is 315532800 (1980-01-01T00:00:00Z), which real writers
/// used for "unknown" (real-world notes) where the spec says zero. Warning
/// in both modes (the spec allows the value).
pub const EPOCH_SENTINEL: Rule = Rule::new(
    "lirs/epoch-sentinel",
    "LIRS 2.1 §3.1 Last-Modified (zero when unknown; real writers wrote 315532800)",
);
/// Last-Detected is 315532800, as [`EPOCH_SENTINEL`]. Warning in both
/// modes.
pub const EPOCH_SENTINEL_LAST_DETECTED: Rule = Rule::new(
    "lirs/epoch-sentinel",
    "LIRS 2.1 §3.2 Last-Detected (zero when unknown; real writers wrote 315532800)",
);
/// A line is longer than `ReadOptions::max_line_length`. Error.
pub const LINE_TOO_LONG: Rule =
    Rule::new("lirs/line-too-long", "LIRS 2.1 §6 Security Considerations");
/// The gzip stream decompresses to more than
/// `ReadOptions::max_decompressed_size`. Error.
pub const DECOMPRESSED_TOO_LARGE: Rule = Rule::new(
    "lirs/decompressed-too-large",
    "LIRS 2.1 §6 Security Considerations",
);
/// The input starts with the gzip magic bytes but is not valid gzip. Error.
pub const BAD_GZIP: Rule = Rule::new("lirs/bad-gzip", "LIRS 2.1 §2 Format");
/// Reading the underlying stream failed (streaming reader only). Error.
pub const IO: Rule = Rule::new("lirs/io", "LIRS 2.1 §2 Format");
/// A URL or source URL whose userinfo holds a password (RFC 3986 §7.5):
/// a warning in both modes, naming the host the URL goes to.
pub const URL_PASSWORD: Rule = Rule::new("lirs/url-password", url_risk::SENSITIVE_INFORMATION);
/// A URL or source URL whose userinfo looks like a host name (RFC 3986
/// §7.6): a warning in both modes, naming the host the URL really goes to.
pub const DECEPTIVE_URL: Rule = Rule::new("lirs/deceptive-url", url_risk::SEMANTIC_ATTACKS);
/// The two URL rules, as `antenna_model::url_risk` takes them.
pub const URL_RISKS: url_risk::UrlRiskRules = url_risk::UrlRiskRules {
    password: URL_PASSWORD,
    deceptive: DECEPTIVE_URL,
};

/// The `lirs/bad-number` rule of numeric field `index` (0 Last-Modified,
/// 1 Last-Detected, 2 time difference, 3 Content-Length).
pub(crate) fn bad_number(index: usize) -> Rule {
    match index {
        1 => BAD_NUMBER_LAST_DETECTED,
        2 => BAD_NUMBER_TIME_DIFFERENCE,
        3 => BAD_NUMBER_CONTENT_LENGTH,
        _ => BAD_NUMBER,
    }
}

/// The `lirs/epoch-sentinel` rule of timestamp field `index` (0
/// Last-Modified, 1 Last-Detected).
pub(crate) fn epoch_sentinel(index: usize) -> Rule {
    if index == 1 {
        EPOCH_SENTINEL_LAST_DETECTED
    } else {
        EPOCH_SENTINEL
    }
}

/// Every rule, for documentation and tools.
pub const ALL: &[Rule] = &[
    FIELD_COUNT,
    BAD_NUMBER,
    BAD_NUMBER_LAST_DETECTED,
    BAD_NUMBER_TIME_DIFFERENCE,
    BAD_NUMBER_CONTENT_LENGTH,
    DUPLICATE_URL,
    UNESCAPED_COMMA,
    EXTRA_FIELDS,
    LONE_CR,
    CONTROL_CHARACTER,
    BAD_ESCAPE,
    UNDECODABLE,
    UTF8_FALLBACK,
    MISSING_PREFIX,
    BLANK_LINE,
    MISSING_FINAL_COMMA,
    MISSING_LINE_END,
    BLANK_FIELD,
    EPOCH_SENTINEL,
    EPOCH_SENTINEL_LAST_DETECTED,
    LINE_TOO_LONG,
    DECOMPRESSED_TOO_LARGE,
    BAD_GZIP,
    IO,
    URL_PASSWORD,
    DECEPTIVE_URL,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule's citation names real headings of LIRS 2.1 or RFC 3986,
    /// ids are `lirs/<kebab-case>`, and [`ALL`] lists every rule this file
    /// defines.
    #[test]
    fn all_rules_cite_real_sections() {
        antenna_model::citation::check_rules("lirs", ALL, include_str!("rules.rs")).unwrap();
    }

    #[test]
    fn each_number_cites_its_field() {
        let sections = ["§3.1 ", "§3.2 ", "§3.3 ", "§3.4 "];
        for (index, section) in sections.into_iter().enumerate() {
            assert!(bad_number(index).spec.contains(section), "{index}");
        }
        assert!(epoch_sentinel(0).spec.contains("§3.1 "));
        assert!(epoch_sentinel(1).spec.contains("§3.2 "));
    }
}
