//! The rules this crate enforces, with stable ids and the spec sections they
//! come from.
//!
//! "rev. 0.12" is the English translation (`HINA/2.2beta`), "rev. 0.6" the
//! Japanese original (`HINA/2.2`). Where a rule comes from only one of them,
//! the section names only that one. Each constant cites the section its
//! finding breaks: where one kind of finding (one id) breaks the section of
//! whichever field it is in (a date, a URL, an image size), there is a
//! constant for each field, with the same id, which the reader picks by
//! field. [`ALL`] lists every constant; a test holds each citation to the
//! spec's real headings ([`antenna_model::citation`]).

use antenna_model::Rule;
use antenna_model::url_risk;

use crate::FieldKind;

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
    "HINA-DI 2.2 rev. 0.12 §Data Types (SEPARATOR); rev. 0.6 §3.2 データタイプ",
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
    "HINA-DI 2.2 rev. 0.12 §Data Types (TEXT); rev. 0.6 §3.2 データタイプ",
);
/// A line ends in LF without CR.
pub const BARE_LF: Rule = Rule::new(
    "hina-di/bare-lf",
    "HINA-DI 2.2 rev. 0.12 §Data Types (CRLF); rev. 0.6 §3.2 データタイプ",
);
/// A `Date` that cannot be read as a date (RFC 2616 §3.3).
pub const BAD_DATE: Rule = Rule::new(
    "hina-di/bad-date",
    "HINA-DI 2.2 rev. 0.12 §Date; rev. 0.6 §5.5 Date",
);
/// An `Expires` that cannot be read as a date.
pub const BAD_DATE_EXPIRES: Rule = Rule::new(
    "hina-di/bad-date",
    "HINA-DI 2.2 rev. 0.12 §Expires; rev. 0.6 §5.8 Expires",
);
/// An `Expire` that cannot be read as a date.
pub const BAD_DATE_EXPIRE: Rule = Rule::new(
    "hina-di/bad-date",
    "HINA-DI 2.2 rev. 0.12 §Expire; rev. 0.6 §5.9 Expire",
);
/// A `Last-Modified` that cannot be read as a date.
pub const BAD_DATE_LAST_MODIFIED: Rule = Rule::new(
    "hina-di/bad-date",
    "HINA-DI 2.2 rev. 0.12 §Last-Modified; rev. 0.6 §5.10 Last-Modified",
);
/// A `Last-Modified-Detected` that cannot be read as a date.
pub const BAD_DATE_LAST_MODIFIED_DETECTED: Rule = Rule::new(
    "hina-di/bad-date",
    "HINA-DI 2.2 rev. 0.12 §Last-Modified-Detected; rev. 0.6 §5.11 Last-Modified-Detected",
);
/// A `Date` that can be read but is not in RFC 1123 form (rev. 0.12
/// requires it, rev. 0.6 recommends it).
pub const NOT_RFC1123_DATE: Rule = Rule::new(
    "hina-di/not-rfc1123-date",
    "HINA-DI 2.2 rev. 0.12 §Date (RFC 1123); rev. 0.6 §5.5 Date (rfc1123-date recommended)",
);
/// An `Expires` not in RFC 1123 form.
pub const NOT_RFC1123_DATE_EXPIRES: Rule = Rule::new(
    "hina-di/not-rfc1123-date",
    "HINA-DI 2.2 rev. 0.12 §Expires (RFC 1123); rev. 0.6 §5.8 Expires (rfc1123-date recommended)",
);
/// An `Expire` not in RFC 1123 form.
pub const NOT_RFC1123_DATE_EXPIRE: Rule = Rule::new(
    "hina-di/not-rfc1123-date",
    "HINA-DI 2.2 rev. 0.12 §Expire (RFC 1123); rev. 0.6 §5.9 Expire (rfc1123-date recommended)",
);
/// A `Last-Modified` not in RFC 1123 form.
pub const NOT_RFC1123_DATE_LAST_MODIFIED: Rule = Rule::new(
    "hina-di/not-rfc1123-date",
    "HINA-DI 2.2 rev. 0.12 §Last-Modified (RFC 1123); rev. 0.6 §5.10 Last-Modified (rfc1123-date recommended)",
);
/// A `Last-Modified-Detected` not in RFC 1123 form.
pub const NOT_RFC1123_DATE_LAST_MODIFIED_DETECTED: Rule = Rule::new(
    "hina-di/not-rfc1123-date",
    "HINA-DI 2.2 rev. 0.12 §Last-Modified-Detected (RFC 1123); rev. 0.6 §5.11 Last-Modified-Detected (rfc1123-date recommended)",
);
/// A Method value that is not a method chain.
pub const BAD_METHOD: Rule = Rule::new("hina-di/bad-method", "HINA-DI 2.2 rev. 0.12 §Method");
/// An `Image-Width` value that is not a number.
pub const BAD_NUMBER: Rule = Rule::new("hina-di/bad-number", "HINA-DI 2.2 rev. 0.12 §Image-Width");
/// An `Image-Height` value that is not a number.
pub const BAD_NUMBER_HEIGHT: Rule =
    Rule::new("hina-di/bad-number", "HINA-DI 2.2 rev. 0.12 §Image-Height");
/// `Image-Width` in a block whose Content-Type is not an image.
pub const IMAGE_FIELD_WITHOUT_IMAGE: Rule = Rule::new(
    "hina-di/image-field-without-image",
    "HINA-DI 2.2 rev. 0.12 §Image-Width",
);
/// `Image-Height` in a block whose Content-Type is not an image.
pub const IMAGE_FIELD_WITHOUT_IMAGE_HEIGHT: Rule = Rule::new(
    "hina-di/image-field-without-image",
    "HINA-DI 2.2 rev. 0.12 §Image-Height",
);
/// The file has no entity block (an error in both modes: one or more are
/// required).
pub const NO_ENTITY_BLOCK: Rule = Rule::new(
    "hina-di/no-entity-block",
    "HINA-DI 2.2 rev. 0.12 §Structure; rev. 0.6 §4 hina-diの構成",
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
    "HINA-DI 2.2 rev. 0.12 §Block (field names are case-sensitive, where rev. 0.6 §4.1 says they are not)",
);
/// More than one blank line after a block: the file is blocks, each ended
/// by one CRLF, and nothing between them.
pub const EXTRA_BLANK_LINE: Rule = Rule::new(
    "hina-di/extra-blank-line",
    "HINA-DI 2.2 rev. 0.12 §Structure (hina-di = header-block 1*( entity-block ), a block ending in one CRLF)",
);
/// A line of only spaces and tabs, read as a blank line.
pub const WHITESPACE_LINE: Rule = Rule::new(
    "hina-di/whitespace-line",
    "HINA-DI 2.2 rev. 0.12 §Structure (a block ends with CRLF, not with white space)",
);
/// A byte order mark before `HINA/`.
pub const BYTE_ORDER_MARK: Rule =
    Rule::new("hina-di/byte-order-mark", "HINA-DI 2.2 rev. 0.12 §HINA");
/// A field in the header block other than User-Agent, Content-Type, Date.
pub const UNEXPECTED_HEADER_FIELD: Rule = Rule::new(
    "hina-di/unexpected-header-field",
    "HINA-DI 2.2 rev. 0.12 §Header block; rev. 0.6 §4.2 Header-block",
);
/// A `URL` that is not a URL.
pub const BAD_URL: Rule = Rule::new(
    "hina-di/bad-url",
    "HINA-DI 2.2 rev. 0.12 §URL (RFC 2396); rev. 0.6 §5.3 URL",
);
/// A `Virtual` that is not a URL (rev. 0.6 has no `Virtual`).
pub const BAD_URL_VIRTUAL: Rule = Rule::new(
    "hina-di/bad-url",
    "HINA-DI 2.2 rev. 0.12 §Virtual (RFC 2396)",
);
/// An `Authorized-url` that is not a URL.
pub const BAD_URL_AUTHORIZED_URL: Rule = Rule::new(
    "hina-di/bad-url",
    "HINA-DI 2.2 rev. 0.12 §Authorized-url (RFC 2396); rev. 0.6 §5.14 Authorized-url",
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

/// The `hina-di/bad-date` rule of a date field's kind.
pub(crate) fn bad_date(kind: FieldKind) -> Rule {
    match kind {
        FieldKind::Expires => BAD_DATE_EXPIRES,
        FieldKind::Expire => BAD_DATE_EXPIRE,
        FieldKind::LastModified => BAD_DATE_LAST_MODIFIED,
        FieldKind::LastModifiedDetected => BAD_DATE_LAST_MODIFIED_DETECTED,
        _ => BAD_DATE,
    }
}

/// The `hina-di/not-rfc1123-date` rule of a date field's kind.
pub(crate) fn not_rfc1123_date(kind: FieldKind) -> Rule {
    match kind {
        FieldKind::Expires => NOT_RFC1123_DATE_EXPIRES,
        FieldKind::Expire => NOT_RFC1123_DATE_EXPIRE,
        FieldKind::LastModified => NOT_RFC1123_DATE_LAST_MODIFIED,
        FieldKind::LastModifiedDetected => NOT_RFC1123_DATE_LAST_MODIFIED_DETECTED,
        _ => NOT_RFC1123_DATE,
    }
}

/// The `hina-di/bad-url` rule of a URL field's kind.
pub(crate) fn bad_url(kind: FieldKind) -> Rule {
    match kind {
        FieldKind::Virtual => BAD_URL_VIRTUAL,
        FieldKind::AuthorizedUrl => BAD_URL_AUTHORIZED_URL,
        _ => BAD_URL,
    }
}

/// The `hina-di/bad-number` rule, or with `misplaced` the
/// `hina-di/image-field-without-image` rule, of an image size field.
pub(crate) fn image_field(kind: FieldKind, misplaced: bool) -> Rule {
    match (kind == FieldKind::ImageHeight, misplaced) {
        (false, false) => BAD_NUMBER,
        (true, false) => BAD_NUMBER_HEIGHT,
        (false, true) => IMAGE_FIELD_WITHOUT_IMAGE,
        (true, true) => IMAGE_FIELD_WITHOUT_IMAGE_HEIGHT,
    }
}

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
    BAD_DATE_EXPIRES,
    BAD_DATE_EXPIRE,
    BAD_DATE_LAST_MODIFIED,
    BAD_DATE_LAST_MODIFIED_DETECTED,
    NOT_RFC1123_DATE,
    NOT_RFC1123_DATE_EXPIRES,
    NOT_RFC1123_DATE_EXPIRE,
    NOT_RFC1123_DATE_LAST_MODIFIED,
    NOT_RFC1123_DATE_LAST_MODIFIED_DETECTED,
    BAD_METHOD,
    BAD_NUMBER,
    BAD_NUMBER_HEIGHT,
    IMAGE_FIELD_WITHOUT_IMAGE,
    IMAGE_FIELD_WITHOUT_IMAGE_HEIGHT,
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
    BAD_URL_VIRTUAL,
    BAD_URL_AUTHORIZED_URL,
    URL_PASSWORD,
    DECEPTIVE_URL,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule's citation names real headings of rev. 0.12, rev. 0.6 or
    /// RFC 3986, ids are `hina-di/<kebab-case>`, and [`ALL`] lists every
    /// rule this file defines.
    #[test]
    fn all_rules_cite_real_sections() {
        antenna_model::citation::check_rules("hina-di", ALL, include_str!("rules.rs")).unwrap();
    }

    #[test]
    fn each_field_cites_its_own_section() {
        let date_kinds = [
            FieldKind::Date,
            FieldKind::Expires,
            FieldKind::Expire,
            FieldKind::LastModified,
            FieldKind::LastModifiedDetected,
        ];
        for kind in date_kinds {
            let section = format!("§{} (RFC 1123)", kind.name().unwrap());
            assert!(not_rfc1123_date(kind).spec.contains(&section), "{kind:?}");
            let section = format!("§{};", kind.name().unwrap());
            assert!(bad_date(kind).spec.contains(&section), "{kind:?}");
        }
        for kind in [FieldKind::Url, FieldKind::Virtual, FieldKind::AuthorizedUrl] {
            let section = format!("§{} (RFC 2396)", kind.name().unwrap());
            assert!(bad_url(kind).spec.contains(&section), "{kind:?}");
        }
        for kind in [FieldKind::ImageWidth, FieldKind::ImageHeight] {
            for misplaced in [false, true] {
                let section = format!("§{}", kind.name().unwrap());
                assert!(image_field(kind, misplaced).spec.ends_with(&section));
            }
        }
    }
}
