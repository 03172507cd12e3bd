//! Every file that the W3C feed validator's code rejects with an error
//! (issue #29): of the 835 RSS files of the vendored corpus, the
//! conformance suite and the examples, the 115 it rejects are listed with
//! their error classes in `tests/data/w3c-errors.tsv` (made by
//! `tests/data/w3c_errors.py`). Each must be rejected by this crate's
//! strict reader (every departure an error: what `antenna check --strict`
//! does) unless it is listed in [`DIFFERENCES`] with its reason. A listed
//! file that is rejected after all fails the test, so the list cannot go
//! stale.

use std::path::Path;

use rss2::{ReadOptions, read};

/// Files the validator rejects and the strict reader accepts, on purpose
/// or not yet, each with why.
const DIFFERENCES: &[(&str, &str)] = &[
    (
        "conformance/rss2/lenient/whitespace-trimmed-attributes.xml",
        "attribute values lose leading and trailing white space, as element text does (crate docs, Leniency)",
    ),
    (
        "conformance/rss2/valid/rss091-netscape-doctype.xml",
        "Netscape's RSS 0.91 DTD is deprecated, not wrong: the file is valid RSS 0.91",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/rss20/data-types-url/iri.xml",
        "an IRI (non-ASCII URL) is read as the URL it maps to; Japanese antenna files carry them",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/duration_in_channel.xml",
        "where an extension element may appear is not checked (crate docs, Differences)",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/invalid_category.xml",
        "Apple's category list is not checked: it changes, and a feed is not wrong for an old name",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/invalid_category_and_sub.xml",
        "Apple's category list is not checked",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/invalid_subcategory.xml",
        "Apple's category list is not checked",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/invalid_duration.xml",
        "not yet: itunes:duration's form (seconds, mm:ss, hh:mm:ss) is not checked",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/keywords_too_long.xml",
        "not yet: Apple's length limits (keywords, subtitle 255 characters, summary 4000) are not checked",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/subtitle_too_long.xml",
        "not yet: Apple's length limits are not checked",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/summary_too_long.xml",
        "not yet: Apple's length limits are not checked",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/keywords_contains_html.xml",
        "not yet: an enclosure url with a space inside (` ...mp3 mp3`) is read as the URL the WHATWG parser makes of it",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/missing_explicit.xml",
        "not yet: an enclosure url with a space inside",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/subtitle_contains_html.xml",
        "not yet: an enclosure url with a space inside",
    ),
    (
        "rss2/tests/data/feedvalidator/testcases/ext/itunes/summary_contains_html.xml",
        "not yet: an enclosure url with a space inside",
    ),
];

#[test]
fn every_file_the_validator_rejects_is_rejected_or_listed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let list = std::fs::read_to_string(root.join("rss2/tests/data/w3c-errors.tsv")).unwrap();
    let rows: Vec<(&str, &str)> = list
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .collect();
    assert_eq!(rows.len(), 115, "the validator's list changed");
    let mut accepted = Vec::new();
    for (path, classes) in &rows {
        let bytes = std::fs::read(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        if read(&bytes, &ReadOptions::strict()).is_ok() {
            accepted.push(format!("{path} ({classes})"));
        }
    }
    let listed: Vec<String> = DIFFERENCES
        .iter()
        .map(|(path, _)| {
            let classes = rows
                .iter()
                .find(|(p, _)| p == path)
                .map_or("not rejected by the validator", |(_, c)| c);
            format!("{path} ({classes})")
        })
        .collect();
    let mut expected = listed.clone();
    expected.sort();
    accepted.sort();
    assert_eq!(
        accepted, expected,
        "the files the validator rejects and the strict reader accepts are not the listed ones"
    );
    // 100 of the 115 agree.
    assert_eq!(rows.len() - DIFFERENCES.len(), 100);
}
