//! The rules this crate enforces, with stable ids and the section of
//! LIRS 2.1 (RFB 4) or the real-world note they come from.
//!
//! Severity in lenient mode (the default) is given for each rule; in strict
//! mode every rule is an error except [`EPOCH_SENTINEL`], [`URL_PASSWORD`]
//! and [`DECEPTIVE_URL`], which are not departures from the spec at all.

use antenna_model::Rule;
use antenna_model::url_risk;

/// A record has fewer than eight fields (error), or eight or more than nine
/// (warning: real files hold 8, 10 and 14).
pub const FIELD_COUNT: Rule = Rule::new("lirs/field-count", "LIRS 2.1 §3 Fields");
/// A numeric field is not a number, or out of range. Error: there is no
/// value to recover.
pub const BAD_NUMBER: Rule = Rule::new("lirs/bad-number", "LIRS 2.1 §2 Format, §3.1-§3.4");
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
/// A backslash before a character other than `,` and `\`, or at the end of
/// a field; kept literally. Warning.
pub const BAD_ESCAPE: Rule = Rule::new("lirs/bad-escape", "LIRS 2.1 §2 Format");
/// A line is neither EUC-JP nor UTF-8. Error.
pub const UNDECODABLE: Rule = Rule::new("lirs/undecodable", "LIRS 2.1 §7 Internationalization");
/// A line was decoded as UTF-8 because it is not EUC-JP (§7 MAY). Warning.
pub const UTF8_FALLBACK: Rule = Rule::new("lirs/utf8-fallback", "LIRS 2.1 §7 Internationalization");
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
/// A timestamp is 315532800 (1980-01-01T00:00:00Z), which real writers used
/// for "unknown". Warning in both modes (the spec allows the value).
pub const EPOCH_SENTINEL: Rule = Rule::new(
    "lirs/epoch-sentinel",
    "LIRS 2.1 §3.1-§3.2; real-world notes",
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
