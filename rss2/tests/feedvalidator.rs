//! The W3C Feed Validation Service's RSS test cases
//! (vendored in `tests/data/feedvalidator/`): every file is read without a panic,
//! every file that reads round-trips, and the files whose expected message
//! class has a mapping below agree with this crate's diagnostics at least
//! as often as the measured floor.
//!
//! Each file's second XML comment says `Expect: [!]MessageClass{params}`.
//! Without `!`, the validator must give a message of that class; with `!`,
//! it must not. Parameters (`{element:guid}`) are not compared: a file
//! agrees when a diagnostic with one of the mapped rule ids is (or, for
//! `!`, is not) among the lenient reader's diagnostics. `!Error` ("no
//! error") is mapped to "the lenient reader accepts the file".

mod common;

use common::xml_files;

use std::path::{Path, PathBuf};

use rss2::{ReadOptions, WriteOptions, read, write};

/// Message classes with a mapping to this crate's rule ids.
const MAPPED: &[(&str, &[&str])] = &[
    (
        "DuplicateElement",
        &["rss2/duplicate-element", "rss2/extension-duplicate"],
    ),
    ("DuplicateEnclosure", &["rss2/several-enclosures"]),
    ("InvalidMIMEAttribute", &["rss2/bad-media-type"]),
    (
        "MissingElement",
        &["rss2/missing-element", "rss2/extension-missing-element"],
    ),
    ("MissingTitle", &["rss2/missing-element"]),
    ("MissingLink", &["rss2/missing-element"]),
    ("MissingDescription", &["rss2/missing-element"]),
    (
        "ItemMustContainTitleOrDescription",
        &["rss2/missing-element"],
    ),
    (
        "MissingAttribute",
        &["rss2/missing-attribute", "rss2/extension-missing-attribute"],
    ),
    ("InvalidRFC2822Date", &["rss2/bad-date"]),
    ("InvalidW3CDTFDate", &["rss2/bad-w3cdtf-date"]),
    ("InvalidTrueFalse", &["rss2/extension-value"]),
    // Not InvalidYesNoClean: the corpus's `lowercase_explicit_value.xml`
    // expects `yes` in itunes:explicit not to be one, while the validator
    // (and this crate, rss2/extension-value) reject it as not true/false.
    ("InvalidItunesChannelType", &["rss2/extension-value"]),
    ("InvalidItunesEpisodeType", &["rss2/extension-value"]),
    ("InvalidContact", &["rss2/bad-email"]),
    ("EmailFormat", &["rss2/bad-email"]),
    ("InvalidHour", &["rss2/bad-skip-hour"]),
    ("NotEnoughHoursInTheDay", &["rss2/bad-skip-hour"]),
    ("InvalidDay", &["rss2/bad-skip-day"]),
    ("EightDaysAWeek", &["rss2/bad-skip-day"]),
    ("InvalidWidth", &["rss2/image-too-wide", "rss2/bad-number"]),
    ("InvalidHeight", &["rss2/image-too-tall", "rss2/bad-number"]),
    ("InvalidRSSVersion", &["rss2/bad-version"]),
    (
        "UndefinedElement",
        &["rss2/unknown-element", "rss2/unexpected-content"],
    ),
    // Namespaces in XML 1.0 §5, Namespace constraint: Prefix Declared; the
    // validator's XML parser stops there, this crate reads on with a
    // warning (lenient) and reports the same fault.
    (
        "SAXError",
        &["rss2/not-well-formed", "rss2/undeclared-prefix"],
    ),
    ("UnicodeError", &["rss2/bad-encoding"]),
    ("NotUTF8", &["rss2/bad-encoding"]),
    ("UnknownEncoding", &["rss2/bad-encoding"]),
    ("BadCharacters", &["rss2/bad-character"]),
    (
        "UndefinedNamedEntity",
        &["rss2/undeclared-entity", "rss2/html-entity"],
    ),
    ("InvalidIntegerAttribute", &["rss2/bad-number"]),
    (
        "SecurityRisk",
        &["rss2/unsafe-element", "rss2/unsafe-attribute"],
    ),
    ("SecurityRiskAttr", &["rss2/unsafe-attribute"]),
    ("ContainsRelRef", &["rss2/relative-reference"]),
    (
        "InvalidPositiveInteger",
        &["rss2/bad-number", "rss2/extension-number"],
    ),
    (
        "InvalidNonNegativeInteger",
        &["rss2/bad-number", "rss2/extension-number"],
    ),
    (
        "InvalidInteger",
        &["rss2/bad-number", "rss2/extension-number"],
    ),
];

/// Agreeing files measured: 164 of 222 when this test was written; 166
/// since XML well-formedness errors became fatal and HTML entities a
/// `rss2/html-entity` warning (mapped to UndefinedNamedEntity). 653 of 667
/// files read leniently (658 before; now rejected: 2 unknown encoding
/// names, `&#X26;`, `&#26;` (a control character), a second <channel>, which
/// the validator also reports but accepts) and all of them round-trip. 167
/// since a JST date is a `rss2/bad-date` warning; 211 (95%) since the
/// Media RSS, iTunes, syndication, content, admin and Dublin Core checks
/// (`read/extensions.rs`), RFC 822 comments and folding in dates, `ttl` 0,
/// empty `skipDays`, `&#X..;` as not well-formed and the undeclared-prefix
/// mapping; 223 of 234 (95.3%) since e-mail addresses are checked
/// (InvalidContact and EmailFormat mapped). The files that still disagree
/// are listed, with the reasons, in the crate docs (§Differences from the
/// W3C feed validator). Raise it when the crate improves, never lower it
/// silently.
/// 224 of 235 since several enclosures are kept with a warning
/// (DuplicateEnclosure mapped); 226 of 237 since MIME types are checked;
/// 247 of 260 since unsafe HTML and relative references are reported
/// (SecurityRisk, SecurityRiskAttr and ContainsRelRef mapped); 254 of 267
/// since W3CDTF dates and the iTunes enumerations are checked.
const FLOOR: usize = 254;

fn corpus() -> PathBuf {
    // Vendored from the W3C Feed Validation Service (MIT): see LICENSE and
    // README.txt beside the test cases.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/feedvalidator/testcases");
    assert!(
        dir.is_dir(),
        "the vendored feedvalidator corpus is missing at {}",
        dir.display()
    );
    dir
}

/// The expectation of a file: (negated, class).
fn expectation(bytes: &[u8]) -> Option<(bool, String)> {
    let text = String::from_utf8_lossy(bytes);
    let at = text.find("Expect:")?;
    let rest = text.get(at + "Expect:".len()..)?.trim_start();
    let negated = rest.starts_with('!');
    let rest = rest.trim_start_matches('!');
    let class: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    Some((negated, class))
}

#[test]
fn feedvalidator_corpus() {
    let files = xml_files(&corpus());
    assert!(
        files.len() >= 600,
        "expected the 667 RSS files, found {}",
        files.len()
    );
    let (mut mapped, mut agree, mut accepted, mut round_trips) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let result = read(&bytes, &ReadOptions::default());
        let _ = read(&bytes, &ReadOptions::strict());
        let diagnostics = match &result {
            Ok(parsed) => {
                accepted += 1;
                assert!(parsed.diagnostics.iter().all(|d| !d.is_error()));
                let out = write(&parsed.document, &WriteOptions::default())
                    .unwrap_or_else(|e| panic!("{}: write failed: {e}", path.display()));
                let again = read(&out, &ReadOptions::default()).unwrap_or_else(|e| {
                    panic!(
                        "{}: the written file does not read: {e}\n{}",
                        path.display(),
                        String::from_utf8_lossy(&out)
                    )
                });
                let mut expected = parsed.document.clone();
                expected.encoding = Some("UTF-8".to_owned());
                assert_eq!(
                    again.document,
                    expected,
                    "{}: round trip differs",
                    path.display()
                );
                round_trips += 1;
                parsed.diagnostics.clone()
            }
            Err(rejected) => rejected.diagnostics.clone(),
        };
        let Some((negated, class)) = expectation(&bytes) else {
            continue;
        };
        let ids: Vec<&str> = diagnostics.iter().map(|d| d.rule.id).collect();
        let verdict = if class == "Error" && negated {
            Some(result.is_ok())
        } else {
            MAPPED.iter().find(|(c, _)| *c == class).map(|(_, rules)| {
                let found = ids.iter().any(|id| rules.contains(id));
                found != negated
            })
        };
        if let Some(ok) = verdict {
            mapped += 1;
            if ok {
                agree += 1;
            } else {
                disagreements.push(format!(
                    "{} expects {}{class}; got {ids:?}",
                    path.strip_prefix(corpus()).unwrap_or(path).display(),
                    if negated { "!" } else { "" }
                ));
            }
        }
    }
    #[allow(clippy::print_stdout)]
    {
        println!(
            "feedvalidator: {} files, {accepted} accepted (lenient), {round_trips} round-trip",
            files.len()
        );
        println!("feedvalidator: {agree} of {mapped} files with a mapped expectation agree");
        for d in &disagreements {
            println!("  disagrees: {d}");
        }
    }
    assert!(agree >= FLOOR, "agreement fell to {agree} (floor {FLOOR})");
    // And at least 95% of the mapped files, so that mapping more message
    // classes cannot hide a fall in the share.
    assert!(
        agree * 100 >= mapped * 95,
        "agreement is {agree} of {mapped} mapped files, under 95%"
    );
}
