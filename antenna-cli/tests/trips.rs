//! Conversion trips (issue #25): every valid and lenient conformance case
//! and every example, converted A → B → A by the `antenna` binary over
//! {HINA-DI, LIRS, RSS 2.0}, and the decoded documents compared (the
//! conformance protocol's version 2 JSON, `antenna decode --protocol 2`,
//! of the source and of what came back).
//!
//! What each trip may lose is written below ([`expected`]) from the specs:
//! which format has no place for what. The test fails when a trip loses
//! anything the list does not name, when a loss the list names is never
//! seen (the list says more than is true), or when a difference comes
//! back in a case whose conversions did not report the loss the list
//! names for it (a silent loss). It then writes the
//! README's "Conversion trips" table from the list and fails when the
//! README differs; `ANTENNA_TRIPS_BLESS=1` rewrites the README's section.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use common::root;

mod common;

/// The date every conversion is stamped with.
const NOW: &str = "2026-01-02T03:04:05Z";

/// The formats, as `--to` and `decode --format` name them, and as the
/// table names them.
const FORMATS: [(&str, &str); 3] = [
    ("hina-di", "HINA-DI"),
    ("lirs", "LIRS"),
    ("rss2", "RSS 2.0"),
];

fn antenna() -> Command {
    Command::new(env!("CARGO_BIN_EXE_antenna"))
}

/// Every valid and lenient conformance case and every example, with its
/// format.
fn cases() -> Vec<(PathBuf, &'static str)> {
    let mut files = Vec::new();
    for (format, _) in FORMATS {
        for kind in ["valid", "lenient"] {
            let dir = root().join("conformance").join(format).join(kind);
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_none_or(|e| e != "json") {
                    files.push((path, format));
                }
            }
        }
    }
    for entry in std::fs::read_dir(root().join("examples")).unwrap() {
        let path = entry.unwrap().path();
        if let Some(format) = common::example_format(&path.file_name().unwrap().to_string_lossy()) {
            files.push((path, format));
        }
    }
    // Issue #25's podcast: items without a link, enclosures, extensions.
    files.push((root().join("antenna-cli/tests/data/podcast.xml"), "rss2"));
    files.sort();
    files
}

/// The protocol-2 JSON of `path` read as `format`; `None` when rejected.
fn decode(path: &Path, format: &str) -> Option<Value> {
    let output = antenna()
        .args(["decode", "--protocol", "2", "--format", format])
        .arg(path)
        .output()
        .unwrap();
    output
        .status
        .success()
        .then(|| serde_json::from_slice(&output.stdout).unwrap())
}

/// How one conversion went.
enum Leg {
    /// Written, with the fields of the losses it reported.
    Written(BTreeSet<String>),
    /// Refused: the source has no entry the target can hold.
    Refused,
}

/// `antenna convert input --to to -o out`, its losses read from its JSON
/// lines (`--verbose`: one per loss).
///
/// A text the target's default encoding (EUC-JP) cannot hold is written
/// in UTF-8, as the refusal's message advises.
fn convert(input: &Path, to: &str, out: &Path) -> Leg {
    let run = |extra: &[&str]| {
        antenna()
            .arg("convert")
            .arg(input)
            .args(["--to", to, "--now", NOW, "--format", "json", "--verbose"])
            .args(extra)
            .arg("-o")
            .arg(out)
            .output()
            .unwrap()
    };
    let mut output = run(&[]);
    let mut stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if output.status.code() == Some(1) && stderr.contains("--encoding utf-8") {
        output = run(&["--encoding", "utf-8"]);
        stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    }
    match output.status.code() {
        Some(0) => {}
        Some(1) if stderr.contains("has no entries to convert") => return Leg::Refused,
        // A LIRS file of comments alone holds nothing that says LIRS.
        Some(2) if stderr.contains("cannot tell the format") => return Leg::Refused,
        code => panic!("{} --to {to}: exit {code:?}: {stderr}", input.display()),
    }
    let losses = stderr
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "loss")
        .map(|v| v["field"].as_str().unwrap_or("").to_owned())
        .collect();
    Leg::Written(losses)
}

/// The kind of a HINA-DI field, as the table speaks of it: a defined
/// field by its name in the spec, the others by their class.
fn hina_field_kind(name: &str) -> String {
    use hina_di::FieldKind;
    match FieldKind::of(name) {
        FieldKind::Experimental => "X- fields".to_owned(),
        FieldKind::Undefined => "undefined fields".to_owned(),
        _ => FieldKind::spec_spelling(name).unwrap_or(name).to_owned(),
    }
}

/// The differences between two lists of `[name, value]` fields (a
/// HINA-DI block), each named by `what` and the field's kind.
fn field_differences(what: &str, a: &Value, b: &Value, out: &mut BTreeSet<String>) {
    let pairs = |v: &Value| -> Vec<(String, String)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p[0].as_str().unwrap().to_owned(),
                    p[1].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let (a, b) = (pairs(a), pairs(b));
    let mut kept = Vec::new();
    for (name, value) in &a {
        let kind = hina_field_kind(name);
        match b.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            None => {
                out.insert(format!("{what} {kind}"));
            }
            Some((n, v)) => {
                if n != name {
                    out.insert(format!("{what} field name spelling"));
                }
                if v != value {
                    let how = match same_instant(value, v) {
                        Some(how) => how,
                        None if past_the_model(value) => "clamped",
                        None => "as written",
                    };
                    out.insert(format!("{what} {kind} {how}"));
                }
                kept.push(name.to_ascii_lowercase());
            }
        }
    }
    for (name, _) in &b {
        if !a.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
            out.insert(format!("{what} {} added", hina_field_kind(name)));
        }
    }
    let order: Vec<String> = b
        .iter()
        .map(|(n, _)| n.to_ascii_lowercase())
        .filter(|n| kept.contains(n))
        .collect();
    if order != kept {
        out.insert(format!("{what} field order"));
    }
}

/// How `b` differs from `a` when both are dates (as
/// `antenna_model::dates` reads them) naming the same instant: in form
/// alone (`respelled`), or in zone too (`zone written GMT`); `None` when
/// they are not the same instant, or not both dates.
fn same_instant(a: &str, b: &str) -> Option<&'static str> {
    use antenna_model::dates::parse_date;
    let (a, b) = (parse_date(a).ok()?, parse_date(b).ok()?);
    (a.timestamp == b.timestamp).then_some(if a.offset == b.offset {
        "respelled"
    } else {
        "zone written GMT"
    })
}

/// `true` for a date past the model's range (read clamped to its end,
/// `DateWarning::Clamped`: the `9999-12-31` sentinel).
fn past_the_model(value: &str) -> bool {
    use antenna_model::dates::{DateWarning, parse_date};
    parse_date(value).is_ok_and(|d| d.warnings.contains(&DateWarning::Clamped))
}

/// The differences between two JSON objects (an LIRS record, an RSS item
/// or channel), each named by `what` and the member's key.
fn member_differences(what: &str, a: &Value, b: &Value, skip: &[&str], out: &mut BTreeSet<String>) {
    let empty = serde_json::Map::new();
    let (a, b) = (
        a.as_object().unwrap_or(&empty),
        b.as_object().unwrap_or(&empty),
    );
    for key in a.keys().chain(b.keys()) {
        if skip.contains(&key.as_str()) {
            continue;
        }
        match (a.get(key), b.get(key)) {
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) if x.as_str() == Some("") && y.as_str() == Some("0") => {
                out.insert(format!("{what} {key} blank written 0"));
            }
            (Some(x), Some(_)) if x.as_str() == Some("") => {
                out.insert(format!("{what} {key} filled in"));
            }
            (Some(x), Some(y))
                if let Some(how) = x
                    .as_str()
                    .zip(y.as_str())
                    .filter(|_| key == "pubDate")
                    .and_then(|(x, y)| same_instant(x, y)) =>
            {
                out.insert(format!("{what} {key} {how}"));
            }
            (Some(x), Some(y)) if key == "guid" && *x == permalink_implicit(y) => {
                out.insert(format!("{what} guid isPermaLink=\"true\" left implicit"));
            }
            (Some(_), Some(_)) => {
                out.insert(format!("{what} {key} changed"));
            }
            (Some(_), None) => {
                out.insert(format!("{what} {key}"));
            }
            (None, _) => {
                out.insert(format!("{what} {key} added"));
            }
        }
    }
}

/// An item that came back without the `antenna` module's elements,
/// which the writer adds (rss2/ANTENNA-MODULE.md): said apart, so that
/// the item's own extension elements are compared alone.
fn without_module(item: &Value, out: &mut BTreeSet<String>) -> Value {
    let mut item = item.clone();
    if let Some(list) = item.get_mut("extensions").and_then(Value::as_array_mut) {
        let before = list.len();
        list.retain(|e| e["namespace"] != rss2::ANTENNA_NS);
        if list.len() < before {
            out.insert("item antenna module added".to_owned());
        }
        if list.is_empty() {
            item.as_object_mut().unwrap().remove("extensions");
        }
    }
    item
}

/// A guid as it reads with its default `isPermaLink="true"` spelled out.
fn permalink_implicit(guid: &Value) -> Value {
    let mut guid = guid.clone();
    if let Some(object) = guid.as_object_mut() {
        object
            .entry("isPermaLink")
            .or_insert_with(|| Value::from("true"));
    }
    guid
}

/// What identifies an entry of the decoded document: a HINA-DI block's
/// `URL`, a LIRS record's `url`, an RSS item's `link`, else its `guid`.
fn identity(format: &str, part: &Value) -> Option<String> {
    let text = |v: &Value| v.as_str().map(str::to_owned);
    match format {
        "hina-di" => part
            .as_array()?
            .iter()
            .find(|p| p[0].as_str().is_some_and(|n| n.eq_ignore_ascii_case("URL")))
            .and_then(|p| text(&p[1])),
        "lirs" => text(&part["url"]),
        _ => text(&part["link"]).or_else(|| text(&part["guid"]["value"])),
    }
}

/// `true` when an entry of the decoded document names a page: a
/// HINA-DI block's `URL` or `Virtual`, a LIRS record's URL, that parse as
/// URLs, an RSS item's `link` or permalink `guid` (RSS 2.0 §guid:
/// `isPermaLink` is true by default).
fn names_page(format: &str, part: &Value) -> bool {
    let parses =
        |text: Option<&str>| text.is_some_and(|t| antenna_model::url::Url::parse(t.trim()).is_ok());
    match format {
        "hina-di" => part.as_array().into_iter().flatten().any(|p| {
            p[0].as_str()
                .is_some_and(|n| n.eq_ignore_ascii_case("URL") || n.eq_ignore_ascii_case("Virtual"))
                && parses(p[1].as_str())
        }),
        "lirs" => parses(part["url"].as_str()),
        _ => {
            let guid = &part["guid"];
            parses(part["link"].as_str())
                || (guid["isPermaLink"].as_str().is_none_or(|p| p == "true")
                    && parses(guid["value"].as_str()))
        }
    }
}

/// The entries of a decoded document, and what the table calls one.
fn parts<'v>(format: &str, doc: &'v Value) -> (&'v [Value], &'static str) {
    let (key, name) = match format {
        "hina-di" => ("blocks", "block"),
        "lirs" => ("records", "record"),
        _ => ("items", "item"),
    };
    (doc[key].as_array().map_or(&[][..], Vec::as_slice), name)
}

/// Every difference between the decoded `source` and what came `back`,
/// named as the table names them. What the converting agent stamps (a
/// HINA-DI header's `User-Agent` and `Date`, RSS `generator` and
/// `lastBuildDate`) is not compared.
fn differences(format: &str, source: &Value, back: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    match format {
        "hina-di" => {
            if source["version"] != back["version"] {
                out.insert("version line".to_owned());
            }
            let unstamped = |v: &Value| -> Value {
                Value::Array(
                    v["header"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|p| {
                            let name = p[0].as_str().unwrap();
                            !name.eq_ignore_ascii_case("User-Agent")
                                && !name.eq_ignore_ascii_case("Date")
                        })
                        .cloned()
                        .collect(),
                )
            };
            field_differences("header", &unstamped(source), &unstamped(back), &mut out);
        }
        "rss2" => {
            member_differences(
                "channel",
                &source["channel"],
                &back["channel"],
                &["generator", "lastBuildDate"],
                &mut out,
            );
            for key in ["namespaces", "version"] {
                match (&source[key], &back[key]) {
                    (a, b) if a == b => {}
                    (Value::Null, _) => {
                        out.insert(format!("rss {key} added"));
                    }
                    _ => {
                        out.insert(format!("rss {key}"));
                    }
                }
            }
        }
        _ => {}
    }
    let (a, name) = parts(format, source);
    let (b, _) = parts(format, back);
    // Entries are matched in order; one whose identity is not next in
    // what came back was left out.
    let mut rest = b.iter().peekable();
    for part in a {
        let next = rest.peek().copied();
        let matched =
            next.filter(|n| a.len() == b.len() || identity(format, n) == identity(format, part));
        let Some(other) = matched else {
            out.insert(format!("{name} left out"));
            continue;
        };
        rest.next();
        match format {
            "hina-di" => field_differences(name, part, other, &mut out),
            "rss2" => {
                let other = without_module(other, &mut out);
                member_differences(name, part, &other, &[], &mut out);
            }
            _ => member_differences(name, part, other, &[], &mut out),
        }
    }
    if rest.next().is_some() {
        out.insert(format!("{name} added"));
    }
    out
}

/// One thing a trip gives back different: the differences (as
/// [`differences`] names them) and why, from the specs.
struct Change {
    /// Each difference, and the field of the loss that reports it: a
    /// field's name, `X-*` any `X-` field, `*` any, alternatives split by
    /// `|`; empty where the row's `why` says why none is reported.
    what: &'static [(&'static str, &'static str)],
    /// `false` where nothing the source said is lost: the writer adds
    /// what its format requires, or writes the same value in its own form.
    loss: bool,
    why: &'static str,
}

const HINA_HEAD: Change = Change {
    what: &[
        ("version line", "HINA"),
        ("header Content-Type added", ""),
        ("header Content-Type as written", ""),
        ("header X- fields", "X-*"),
    ],
    loss: true,
    why: "The header block describes the file and is the writing agent's own: \
          \"A header block, or any field that is part of it, MUST NOT be \
          propagated\" (HINA-DI rev. 0.12 §Propagation). The writer writes \
          `HINA/2.2` (the revision it follows: a `HINA/2.2beta` line is not \
          kept), its `User-Agent` and `Date`, and `Content-Type` with the \
          charset it wrote; other header fields are reported lost.",
};

const VIRTUAL_ONLY: Change = Change {
    what: &[("block left out", "URL")],
    loss: true,
    why: "A block of `Virtual` alone (lenient: `URL` is REQUIRED in entity \
          blocks, rev. 0.12 §URL) names no page: the reader warns \
          (`hina-di/missing-url`) and the conversion drops it, reported \
          (`URL`).",
};

const NO_LIRS_FIELD: Change = Change {
    what: &[
        ("block Authorized", "authorized"),
        ("block Authorized-url", "authorized"),
        ("block Content-Type", "content type"),
        ("block Date", "generated"),
        ("block Expire", "expires"),
        ("block Expires", "expires"),
        ("block HINA-Version", "HINA version"),
        ("block Image-Height", "image height|Image-Height"),
        ("block Image-Width", "image width|Image-Width"),
        ("block Keyword", "keywords"),
        ("block Method", "method"),
        ("block Server", "server"),
        ("block X- fields", "X-*"),
        ("block undefined fields", "*"),
    ],
    loss: true,
    why: "LIRS 2.1 §3 has nine fields (Last-Modified, Last-Detected, time \
          difference, Content-Length, URL, title, author, source antenna, \
          extension) and none for these; each is reported lost.",
};

const HINA_AS_LIRS: Change = Change {
    what: &[
        ("block Last-Modified respelled", "Last-Modified as written"),
        ("block field name spelling", "field names as written"),
        ("block field order", "field order as written"),
    ],
    loss: true,
    why: "A LIRS record is fields by position with dates as Unix times \
          (LIRS 2.1 §3.1, §3.2): a date's zone and form, a field name's case \
          and the block's order are HINA-DI text that a record cannot hold, \
          each reported; back, the block is written in the writer's order \
          with the spec's names and the same instant in RFC 1123 GMT (rev. \
          0.12 §Last-Modified).",
};

const SENTINEL_CLAMPED: Change = Change {
    what: &[("block Last-Modified clamped", "Last-Modified as written")],
    loss: true,
    why: "`Fri, 31 Dec 9999 23:59:59 GMT`, a sentinel for \"never\", lies \
          past the model's dates (jiff's, which end at 9999-12-30 22:00 \
          UTC): it is read clamped to that end, with a warning, its text \
          kept for HINA-DI. A LIRS record holds the clamped Unix time, so \
          it comes back `Thu, 30 Dec 9999 22:00:00 GMT`; reported lost.",
};

const NOT_A_DATE: Change = Change {
    what: &[("block Last-Modified", "Last-Modified")],
    loss: true,
    why: "A `Last-Modified` that is no date has no Unix time for LIRS's \
          numeric field (LIRS 2.1 §3.1); reported lost.",
};

const EMPTY_HINA: Change = Change {
    what: &[("block Author-Name", "author"), ("block Title", "title")],
    loss: true,
    why: "An empty value (lenient: a TOKEN is at least one character, \
          rev. 0.12 §Data Types) is a blank LIRS field, written `0` (LIRS \
          2.1 §2: blank fields SHOULD be written 0), which reads back as no \
          value; reported lost.",
};

const VIRTUAL_AS_URL: Change = Change {
    what: &[("block URL added", ""), ("block Virtual", "virtual URL")],
    loss: true,
    why: "A block with `Virtual` instead of `URL` (lenient) becomes a record \
          for the `Virtual` URL (a record needs a URL, LIRS 2.1 §3.5; LIRS \
          has no field for `Virtual`, reported): back, the block has that \
          `URL` and no `Virtual`.",
};

const LIRS_BLANK: Change = Change {
    what: &[
        ("record author blank written 0", ""),
        ("record title blank written 0", ""),
        ("record source_url blank written 0", ""),
    ],
    loss: false,
    why: "A blank text field is written `0`: \"blank fields SHOULD be \
          written 0\" (LIRS 2.1 §2); the reader warns of the blank one \
          (`lirs/blank-field`).",
};

const TOKEN_TRIMMED: Change = Change {
    what: &[("record title changed", "Title")],
    loss: true,
    why: "A HINA-DI value is a TOKEN: no control character and no space or \
          tab at its start (rev. 0.12 §Data Types). The writer removes \
          them, reported.",
};

const LIRS_SENTINEL: Change = Change {
    what: &[("record last_modified changed", "Last-Modified")],
    loss: true,
    why: "315532800 (1980-01-01) is what real writers put for an unknown \
          date: read as unknown (warning `lirs/epoch-sentinel`, reported \
          lost) and written `0`.",
};

const NO_HINA_FIELD: Change = Change {
    what: &[
        ("record content_length changed", "content_length"),
        ("record time_difference changed", "site_offset"),
        ("record source_url changed", "source_url"),
        ("record extension changed", "lirs:extension"),
        ("record extra", "lirs:extra"),
    ],
    loss: true,
    why: "HINA-DI rev. 0.12 has no field for a page's size, its site's time \
          difference, the antenna a record came from, or LIRS's extension \
          and extra fields; each is reported lost and written back `0` or \
          empty. (`X-` fields could carry them; see below why they do not.)",
};

const RSS_REQUIRED: Change = Change {
    what: &[
        ("channel title added", ""),
        ("channel link added", ""),
        ("channel description added", ""),
        ("channel description filled in", ""),
        ("rss version added", ""),
    ],
    loss: false,
    why: "Added, not lost: the writer writes `version=\"2.0\"` where the \
          source had none, and the channel's `title`, `link` and \
          `description`, which RSS 2.0 §Required channel elements \
          requires, where a lenient source left them out or empty.",
};

const RSS_VERSION: Change = Change {
    what: &[("rss version", "version")],
    loss: true,
    why: "The writer writes RSS 2.0: a source's other `version` (0.91) is \
          written `2.0`, reported lost.",
};

const NO_CHANNEL: Change = Change {
    what: &[
        ("channel title changed", "title"),
        ("channel link changed", "link"),
        ("channel description changed", "description"),
        ("channel copyright", "copyright"),
        ("channel docs", "docs"),
        ("channel image", "image"),
        ("channel language", "language"),
        ("channel managingEditor", "managingEditor"),
        ("channel pubDate", "pubDate"),
        ("channel webMaster", "webMaster"),
        ("rss version", "version"),
    ],
    loss: true,
    why: "HINA-DI and LIRS have no channel: a HINA-DI header holds the \
          file's agent, date and charset and MUST NOT be propagated (rev. \
          0.12 §Propagation), and a LIRS file is records alone. Each element \
          is reported lost; back, the channel's required elements are the \
          writer's, in RSS 2.0.",
};

const RSS_ONLY_ITEM: Change = Change {
    what: &[
        ("item description", "description"),
        ("item enclosures", "enclosure"),
        ("item comments", "comments"),
        ("item guid changed", "guid"),
    ],
    loss: true,
    why: "A HINA-DI block and a LIRS record describe a page (its URL, \
          title, author and dates); neither has a field for an item's text, \
          enclosures, comments page or a guid other than the URL. Each is \
          reported lost (below: why not `X-` fields).",
};

const SOURCE_IN_HINA: Change = Change {
    what: &[("item source", "source")],
    loss: true,
    why: "HINA-DI has no field for the feed an item came from (RSS 2.0 \
          §source); reported lost.",
};

const SOURCE_IN_LIRS: Change = Change {
    what: &[("item source changed", "source")],
    loss: true,
    why: "The `source` element's `url` is the record's source antenna (LIRS \
          2.1 §3.8); its text, the source channel's title, has no field and \
          is reported lost.",
};

const RSS_EXTENSIONS: Change = Change {
    what: &[
        ("item extensions", "extension"),
        ("channel extensions", "extension"),
    ],
    loss: true,
    why: "Extension elements (`itunes:`, `content:encoded`, ...) are RSS's \
          own (RSS 2.0 §Extending RSS); HINA-DI and LIRS have no place for \
          XML. Reported lost.",
};

const CATEGORY_DOMAIN: Change = Change {
    what: &[("item categories changed", "category/@domain")],
    loss: true,
    why: "HINA-DI `Keyword` holds the categories' words (rev. 0.12 \
          §Keyword), not a category's `domain`; reported lost.",
};

const NO_CATEGORIES: Change = Change {
    what: &[("item categories", "keywords")],
    loss: true,
    why: "LIRS 2.1 has no field for keywords or categories; reported lost.",
};

const PUB_DATE_ZONE: Change = Change {
    what: &[("item pubDate zone written GMT", "site_offset")],
    loss: true,
    why: "A `pubDate` in another zone comes back as the same instant in \
          GMT (rev. 0.12 §Last-Modified): HINA-DI has no field for the \
          zone, the entry's site offset, reported lost.",
};

const PERMALINK_DEFAULT: Change = Change {
    what: &[("item guid isPermaLink=\"true\" left implicit", "")],
    loss: false,
    why: "`isPermaLink` is true by default (RSS 2.0 §guid): the writer \
          leaves the default out, and the guid says the same.",
};

const NO_PAGE: Change = Change {
    what: &[("item left out", "URL")],
    loss: true,
    why: "An item with neither a `link` nor a permalink `guid` names no \
          page, and a HINA-DI block or LIRS record is a page's (`URL` is \
          REQUIRED, rev. 0.12 §URL; LIRS 2.1 §3.5): it is left out, \
          reported. An enclosure is a file the item offers, not the page \
          that describes it, so it does not serve as the URL; a source \
          whose every item is such is refused (\"has no entries to \
          convert\").",
};

const ADDED_BY_RSS_WRITER: Change = Change {
    what: &[
        ("item link added", ""),
        ("item guid added", ""),
        ("item title added", ""),
        ("item pubDate added", ""),
        ("item antenna module added", ""),
    ],
    loss: false,
    why: "Added, not lost. A permalink `guid` serves as the page's URL (RSS \
          2.0 §guid: isPermaLink true means it is the item's URL), written \
          back as the `link` too; an entry from HINA-DI or LIRS gets its URL \
          as a permalink `guid`, its URL as `title` when it has none (an item \
          needs a title or a description, RSS 2.0 §Elements of item), its \
          date as `pubDate` (a `dc:date` was read as the date), and its \
          HINA-DI or LIRS fields in the `antenna` module \
          (rss2/ANTENNA-MODULE.md).",
};

/// What the trip `source` → `target` → `source` gives back different,
/// from the specs (the test checks that exactly these are seen).
fn expected(source: &str, target: &str) -> Vec<&'static Change> {
    match (source, target) {
        ("hina-di", "hina-di" | "rss2") => vec![&HINA_HEAD, &VIRTUAL_ONLY],
        ("hina-di", _) => vec![
            &HINA_HEAD,
            &VIRTUAL_ONLY,
            &NO_LIRS_FIELD,
            &HINA_AS_LIRS,
            &SENTINEL_CLAMPED,
            &NOT_A_DATE,
            &EMPTY_HINA,
            &VIRTUAL_AS_URL,
        ],
        ("lirs", "lirs" | "rss2") => vec![&LIRS_BLANK, &LIRS_SENTINEL],
        ("lirs", _) => vec![&LIRS_BLANK, &LIRS_SENTINEL, &TOKEN_TRIMMED, &NO_HINA_FIELD],
        (_, "rss2") => vec![&RSS_REQUIRED, &RSS_VERSION],
        (_, "hina-di") => vec![
            &NO_CHANNEL,
            &RSS_ONLY_ITEM,
            &SOURCE_IN_HINA,
            &RSS_EXTENSIONS,
            &CATEGORY_DOMAIN,
            &PUB_DATE_ZONE,
            &PERMALINK_DEFAULT,
            &NO_PAGE,
            &ADDED_BY_RSS_WRITER,
        ],
        _ => vec![
            &NO_CHANNEL,
            &RSS_ONLY_ITEM,
            &SOURCE_IN_LIRS,
            &RSS_EXTENSIONS,
            &NO_CATEGORIES,
            &PERMALINK_DEFAULT,
            &NO_PAGE,
            &ADDED_BY_RSS_WRITER,
        ],
    }
}

/// What one trip did over every case: the differences seen (each with
/// the first case that shows it) and the cases that changed with no loss
/// reported.
#[derive(Default)]
struct Seen {
    differences: BTreeMap<String, String>,
    silent: Vec<String>,
}

/// `true` when `losses` hold one that `reported_by` names (see
/// [`Change::what`]); `true` for an empty `reported_by`.
fn reported(reported_by: &str, losses: &BTreeSet<String>) -> bool {
    reported_by.is_empty()
        || reported_by.split('|').any(|field| match field {
            "*" => !losses.is_empty(),
            "X-*" => losses.iter().any(|l| l.starts_with("X-")),
            _ => losses.contains(field),
        })
}

/// The field of the loss that reports `difference` in the trip
/// `source` → `target` → `source`, when the table lists it.
fn reported_by(source: &str, target: &str, difference: &str) -> Option<&'static str> {
    expected(source, target)
        .iter()
        .flat_map(|c| c.what.iter())
        .find(|(what, _)| *what == difference)
        .map(|(_, by)| *by)
}

/// Every trip over every case, as [`Seen`].
fn run_trips() -> BTreeMap<(&'static str, &'static str), Seen> {
    let dir = tempfile::tempdir().unwrap();
    let mut seen: BTreeMap<(&str, &str), Seen> = BTreeMap::new();
    for (n, (case, source)) in cases().into_iter().enumerate() {
        let Some(original) = decode(&case, source) else {
            panic!("{}: the reference decoder rejects it", case.display());
        };
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        for (target, _) in FORMATS {
            let trip = seen.entry((source, target)).or_default();
            let there = dir.path().join(format!("{n}.{target}"));
            let back = dir.path().join(format!("{n}.{target}.{source}"));
            let Leg::Written(mut losses) = convert(&case, target, &there) else {
                // Refused only when there was no entry to convert: an
                // entry that names a page would be dropped silently.
                let (entries, _) = parts(source, &original);
                assert!(
                    !entries.iter().any(|e| names_page(source, e)),
                    "{name}: refused --to {target} although an entry names a page"
                );
                continue;
            };
            let Leg::Written(more) = convert(&there, source, &back) else {
                // Refused back only when there was no entry to lose.
                assert!(
                    parts(source, &original).0.is_empty(),
                    "{name}: the {target} written from it is refused back"
                );
                continue;
            };
            losses.extend(more);
            let decoded = decode(&back, source).expect("what we write reads back");
            let found = differences(source, &original, &decoded);
            for d in &found {
                if let Some(by) = reported_by(source, target, d)
                    && !reported(by, &losses)
                {
                    trip.silent
                        .push(format!("{name}: `{d}` with no loss `{by}` ({losses:?})"));
                }
            }
            for d in found {
                trip.differences.entry(d).or_insert_with(|| name.clone());
            }
        }
    }
    seen
}

/// The README section's table, from [`expected`].
fn table() -> String {
    let mut out = String::from(
        "| source → target → back | loses | what comes back different | why |\n\
         | --- | --- | --- | --- |\n",
    );
    for (source, s) in FORMATS {
        for (target, t) in FORMATS {
            for change in expected(source, target) {
                let loses = if change.loss { "yes" } else { "no" };
                let what: Vec<String> = change
                    .what
                    .iter()
                    .map(|(w, by)| match *by {
                        "" => format!("`{w}`"),
                        by => format!("`{w}` (loss `{}`)", by.replace('|', "` or `")),
                    })
                    .collect();
                let why = change.why.split_whitespace().collect::<Vec<_>>().join(" ");
                out.push_str(&format!(
                    "| {s} → {t} → {s} | {loses} | {} | {why} |\n",
                    what.join(", ")
                ));
            }
        }
    }
    out
}

const BEGIN: &str = "<!-- trips table: written by antenna-cli/tests/trips.rs -->\n";
const END: &str = "<!-- end of trips table -->\n";

#[test]
fn every_trip_loses_what_the_table_says_and_no_more() {
    let seen = run_trips();
    let mut failures = Vec::new();
    for ((source, target), trip) in &seen {
        let expected: BTreeSet<&str> = expected(source, target)
            .iter()
            .flat_map(|c| c.what.iter().map(|(what, _)| *what))
            .collect();
        for (d, case) in &trip.differences {
            if !expected.contains(d.as_str()) {
                failures.push(format!(
                    "{source} → {target} → {source}: `{d}` (first in {case}) is not in the table"
                ));
            }
        }
        for d in &expected {
            if !trip.differences.contains_key(*d) {
                failures.push(format!(
                    "{source} → {target} → {source}: the table says `{d}`, and no case shows it"
                ));
            }
        }
        for s in &trip.silent {
            failures.push(format!(
                "{source} → {target} → {source}: changed with no loss reported: {s}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn readme_has_the_trips_table() {
    let path = root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (Some(start), Some(end)) = (readme.find(BEGIN), readme.find(END)) else {
        panic!("README.md has no trips table between `{BEGIN}` and `{END}`");
    };
    let current = &readme[start + BEGIN.len()..end];
    let table = table();
    if current == table {
        return;
    }
    if std::env::var_os("ANTENNA_TRIPS_BLESS").is_some_and(|v| v == "1") {
        let written = format!("{}{BEGIN}{table}{}", &readme[..start], &readme[end..]);
        std::fs::write(&path, written).unwrap();
    } else {
        panic!(
            "README.md's trips table differs from the test's (rewrite it with ANTENNA_TRIPS_BLESS=1):\n{table}"
        );
    }
}

/// The names the table's rows rest on are given only to the change they
/// say: a date is "respelled" only as the same instant, a description
/// "filled in" only from none.
#[test]
fn differences_are_named_narrowly() {
    let member = |key: &str, a: &str, b: &str| {
        let mut out = BTreeSet::new();
        member_differences(
            "item",
            &serde_json::json!({ key: a }),
            &serde_json::json!({ key: b }),
            &[],
            &mut out,
        );
        out.into_iter().collect::<Vec<_>>()
    };
    let gmt = "Sat, 07 Sep 2002 00:00:01 GMT";
    assert_eq!(
        member("pubDate", "Sat, 07 Sep 2002 09:00:01 +0900", gmt),
        ["item pubDate zone written GMT"]
    );
    assert_eq!(
        member("pubDate", "Sat, 07 Sep 2002 00:00:01 +0000", gmt),
        ["item pubDate respelled"]
    );
    assert_eq!(
        member("pubDate", "Sat, 07 Sep 2002 00:00:02 GMT", gmt),
        ["item pubDate changed"]
    );
    assert_eq!(
        member("description", "", "x"),
        ["item description filled in"]
    );
    assert_eq!(
        member("description", "a", "b"),
        ["item description changed"]
    );
    let block = |value: &str| {
        let mut out = BTreeSet::new();
        field_differences(
            "block",
            &serde_json::json!([["Last-Modified", value]]),
            &serde_json::json!([["Last-Modified", gmt]]),
            &mut out,
        );
        out.into_iter().collect::<Vec<_>>()
    };
    assert_eq!(
        block("Sat Sep  7 00:00:01 2002"),
        ["block Last-Modified respelled"]
    );
    assert_eq!(
        block("Sat, 07 Sep 2002 00:00:02 GMT"),
        ["block Last-Modified as written"]
    );
    assert_eq!(
        block("Fri, 31 Dec 9999 23:59:59 GMT"),
        ["block Last-Modified clamped"]
    );
}
