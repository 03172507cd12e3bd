//! The rules this crate enforces, with stable ids and the spec sections they
//! come from.
//!
//! "rev. 0.12" is the English translation (`HINA/2.2beta`), "rev. 0.6" the
//! Japanese original (`HINA/2.2`). Where a rule comes from only one of them,
//! the section names only that one.

use antenna_model::Rule;
use antenna_model::url_risk;

/// The first line is not `HINA/<version>`.
pub const MISSING_VERSION_LINE: Rule = Rule::new(
    "hina-di/missing-version-line",
    "HINA-DI 2.2 rev. 0.12 §HINA; rev. 0.6 §5.1 HINA",
);
/// The version after `HINA/` is not `2.2` or `2.2beta`.
pub const UNKNOWN_VERSION: Rule = Rule::new(
    "hina-di/unknown-version",
    "HINA-DI 2.2 rev. 0.12 §HINA; rev. 0.6 §5.1 HINA",
);
/// A block holds two fields of the same name (case-insensitive).
pub const DUPLICATE_FIELD: Rule =
    Rule::new("hina-di/duplicate-field", "HINA-DI 2.2 rev. 0.12 §Block");
/// The header block has no `User-Agent` (an error in both modes: the field
/// is REQUIRED and the spec gives no recovery).
pub const MISSING_USER_AGENT: Rule = Rule::new(
    "hina-di/missing-user-agent",
    "HINA-DI 2.2 rev. 0.12 §User-Agent; rev. 0.6 §5.2 User-Agent",
);
/// An entity block has no `URL`.
pub const MISSING_URL: Rule = Rule::new(
    "hina-di/missing-url",
    "HINA-DI 2.2 rev. 0.12 §URL; rev. 0.6 §5.3 URL",
);
/// The HINA line is followed by a blank line (or nothing): the header block
/// has no fields (an error in both modes).
pub const EMPTY_HEADER_BLOCK: Rule = Rule::new(
    "hina-di/empty-header-block",
    "HINA-DI 2.2 rev. 0.12 §Header block (Hinadi-Header = 1*( ... ), User-Agent REQUIRED); rev. 0.6 §4.2 Header-block",
);
/// A line inside a block has no `:` at all (an error in both modes: the
/// line is not `field-name SEPARATOR field-value`).
pub const MISSING_SEPARATOR: Rule = Rule::new(
    "hina-di/missing-separator",
    "HINA-DI 2.2 rev. 0.12 §Block (line-format); rev. 0.6 §4.1 Block",
);
/// `Name:value` with no space or tab after the colon.
pub const NO_SPACE_AFTER_COLON: Rule = Rule::new(
    "hina-di/no-space-after-colon",
    "HINA-DI 2.2 rev. 0.12 §Data Types (SEPARATOR); rev. 0.6 §3.2",
);
/// A line inside a block whose text before the first `:` is not
/// `WORD *("-" WORD)`: empty, or holding a space, `_` or another character
/// that is not ALPHA or DIGIT (an error in both modes).
pub const BAD_FIELD_NAME: Rule = Rule::new(
    "hina-di/bad-field-name",
    "HINA-DI 2.2 rev. 0.12 §Block (field-name); rev. 0.6 §4.1 Block",
);
/// A line inside a block that starts with a space or tab: a folded
/// continuation line, which HINA-DI does not have (an error in both modes).
pub const FOLDED_LINE: Rule = Rule::new(
    "hina-di/folded-line",
    "HINA-DI 2.2 rev. 0.12 §Block (line-format = field-name SEPARATOR field-value CRLF); rev. 0.6 §4.1 Block",
);
/// A control character (CTL: octets 0-31 other than HT, and DEL; a NUL or
/// a CR not followed by LF among them) inside a value (an error in both
/// modes: TEXT excludes CTLs).
pub const CONTROL_CHARACTER: Rule = Rule::new(
    "hina-di/control-character",
    "HINA-DI 2.2 rev. 0.12 §Data Types (TEXT); rev. 0.6 §3.2",
);
/// A line ends in LF without CR.
pub const BARE_LF: Rule = Rule::new(
    "hina-di/bare-lf",
    "HINA-DI 2.2 rev. 0.12 §Data Types (CRLF); rev. 0.6 §3.2",
);
/// A date field that cannot be read as a date.
pub const BAD_DATE: Rule = Rule::new(
    "hina-di/bad-date",
    "HINA-DI 2.2 rev. 0.12 §Date; rev. 0.6 §5.5 Date (RFC 2616 §3.3)",
);
/// A date that can be read but is not in RFC 1123 form.
pub const NOT_RFC1123_DATE: Rule = Rule::new(
    "hina-di/not-rfc1123-date",
    "HINA-DI 2.2 rev. 0.12 §Date (RFC 1123); rev. 0.6 §5.5 (rfc1123-date recommended)",
);
/// A Method value that is not a method chain.
pub const BAD_METHOD: Rule = Rule::new("hina-di/bad-method", "HINA-DI 2.2 rev. 0.12 §Method");
/// An `Image-Width`/`Image-Height` value that is not a number.
pub const BAD_NUMBER: Rule = Rule::new(
    "hina-di/bad-number",
    "HINA-DI 2.2 rev. 0.12 §Image-Width, §Image-Height",
);
/// `Image-Width`/`Image-Height` in a block whose Content-Type is not an image.
pub const IMAGE_FIELD_WITHOUT_IMAGE: Rule = Rule::new(
    "hina-di/image-field-without-image",
    "HINA-DI 2.2 rev. 0.12 §Image-Width, §Image-Height",
);
/// The file has no entity block (an error in both modes: one or more are
/// required).
pub const NO_ENTITY_BLOCK: Rule = Rule::new(
    "hina-di/no-entity-block",
    "HINA-DI 2.2 rev. 0.12 §Structure, §Entity block; rev. 0.6 §4",
);
/// The file does not end with the blank line (CRLF) that ends the last block,
/// or its last line has no line end at all.
pub const MISSING_FINAL_CRLF: Rule = Rule::new(
    "hina-di/missing-final-crlf",
    "HINA-DI 2.2 rev. 0.12 §Entity block; rev. 0.6 §4.3 Entity-block",
);
/// Bytes that are not valid in the file's character encoding.
pub const UNDECODABLE: Rule = Rule::new("hina-di/undecodable", "HINA-DI 2.2 rev. 0.12 §Encoding");
/// The file is not in the charset it declares (or EUC-JP, the default).
pub const CHARSET_MISMATCH: Rule = Rule::new(
    "hina-di/charset-mismatch",
    "HINA-DI 2.2 rev. 0.12 §Encoding",
);
/// The declared charset is unknown or cannot hold this line-oriented format.
pub const UNKNOWN_CHARSET: Rule =
    Rule::new("hina-di/unknown-charset", "HINA-DI 2.2 rev. 0.12 §Encoding");
/// A defined field's name written in another case than the spec's.
pub const FIELD_NAME_CASE: Rule = Rule::new(
    "hina-di/field-name-case",
    "HINA-DI 2.2 rev. 0.12 §Block (field names are case-sensitive); rev. 0.6 §4.1 says they are not",
);
/// More than one blank line after a block.
pub const EXTRA_BLANK_LINE: Rule = Rule::new(
    "hina-di/extra-blank-line",
    "HINA-DI 2.2 rev. 0.12 §Header block, §Entity block (one CRLF ends a block)",
);
/// A line of only spaces and tabs, read as a blank line.
pub const WHITESPACE_LINE: Rule = Rule::new(
    "hina-di/whitespace-line",
    "HINA-DI 2.2 rev. 0.12 §Header block, §Entity block (a block ends with CRLF)",
);
/// A byte order mark before `HINA/`.
pub const BYTE_ORDER_MARK: Rule =
    Rule::new("hina-di/byte-order-mark", "HINA-DI 2.2 rev. 0.12 §HINA");
/// A field in the header block other than User-Agent, Content-Type, Date.
pub const UNEXPECTED_HEADER_FIELD: Rule = Rule::new(
    "hina-di/unexpected-header-field",
    "HINA-DI 2.2 rev. 0.12 §Header block; rev. 0.6 §4.2 Header-block",
);
/// A URL field (`URL`, `Virtual`, `Authorized-url`) that is not a URL.
pub const BAD_URL: Rule = Rule::new(
    "hina-di/bad-url",
    "HINA-DI 2.2 rev. 0.12 §URL (RFC 2396); rev. 0.6 §5.3 URL",
);
/// A URL field whose userinfo holds a password (RFC 3986 §7.5): a warning
/// in both modes, naming the host the URL goes to.
pub const URL_PASSWORD: Rule = Rule::new("hina-di/url-password", url_risk::SENSITIVE_INFORMATION);
/// A URL field whose userinfo looks like a host name (RFC 3986 §7.6): a
/// warning in both modes, naming the host the URL really goes to.
pub const DECEPTIVE_URL: Rule = Rule::new("hina-di/deceptive-url", url_risk::SEMANTIC_ATTACKS);
/// The two URL rules, as `antenna_model::url_risk` takes them.
pub const URL_RISKS: url_risk::UrlRiskRules = url_risk::UrlRiskRules {
    password: URL_PASSWORD,
    deceptive: DECEPTIVE_URL,
};

/// Every rule, for documentation and tools.
pub const ALL: &[Rule] = &[
    MISSING_VERSION_LINE,
    UNKNOWN_VERSION,
    DUPLICATE_FIELD,
    MISSING_USER_AGENT,
    EMPTY_HEADER_BLOCK,
    MISSING_URL,
    MISSING_SEPARATOR,
    NO_SPACE_AFTER_COLON,
    BAD_FIELD_NAME,
    FOLDED_LINE,
    CONTROL_CHARACTER,
    BARE_LF,
    BAD_DATE,
    NOT_RFC1123_DATE,
    BAD_METHOD,
    BAD_NUMBER,
    IMAGE_FIELD_WITHOUT_IMAGE,
    NO_ENTITY_BLOCK,
    MISSING_FINAL_CRLF,
    UNDECODABLE,
    CHARSET_MISMATCH,
    UNKNOWN_CHARSET,
    FIELD_NAME_CASE,
    EXTRA_BLANK_LINE,
    WHITESPACE_LINE,
    BYTE_ORDER_MARK,
    UNEXPECTED_HEADER_FIELD,
    BAD_URL,
    URL_PASSWORD,
    DECEPTIVE_URL,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_kebab_case() {
        let mut ids: Vec<&str> = ALL.iter().map(|r| r.id).collect();
        for id in &ids {
            let name = id.strip_prefix("hina-di/").unwrap();
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit())
            );
        }
        ids.sort_unstable();
        let len = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), len);
    }
}
