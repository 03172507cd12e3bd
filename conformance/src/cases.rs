//! The cases of the suite: the files embedded at build time (or read from a
//! folder), and the checks they make.
//!
//! Ids are paths without extension, relative to the suite folder:
//!
//! | id                            | files                                        | check                                   |
//! |-------------------------------|----------------------------------------------|-----------------------------------------|
//! | `<format>/valid/<name>`       | `<name>.<ext>`, `<name>.json`                | the decoder accepts; output equal       |
//! | `<format>/valid/<name>/encode`| `<name>.json`                                | the encoder writes it back              |
//! | `<format>/invalid/<name>`     | `<name>.<ext>`                               | the decoder rejects                     |
//! | `<format>/lenient/<name>`     | `<name>.<ext>`, `<name>.json`                | may reject; if accepted, output equal   |
//! | `<format>/roundtrip/<name>`   | `<name>.json`                                | the encoder must write it back          |
//! | `<format>/refusable/<name>`   | `<name>.json`                                | writes it back or refuses               |
//! | `merge/<name>`                | `merge/<name>/`: sources, `plan.json`, `expected.json` | the merger's output equal     |
//!
//! Any JSON file may have a protocol 2 twin, `<name>.v2.json`, used instead
//! of it under protocol 2.
//!
//! A decoder case (valid, lenient) may accept more than one answer where
//! the spec leaves the reading open: beside `<name>.json` (the reading this
//! project takes), each `<name>.alt-<reading>.json` (and its twin
//! `<name>.alt-<reading>.v2.json`) is another answer that passes, named by
//! the reading it stands for (see [`Alternative`]).
//!
//! A case that demands more than the specs (this project's requirement,
//! such as reading RSS declared EUC-JP, which XML 1.0 lets a processor
//! refuse) lives under `<format>/beyond-spec/<kind>/`, its id
//! `<format>/beyond-spec/<kind>/<name>` (see [`Check::beyond_spec`]). A case with only a `.v2.json` (behaviour that
//! protocol 1 leaves open, such as markup kept as source in an RSS text
//! element) is a protocol 2 case: it is listed under both versions, so that
//! a protocol 1 run reports it skipped rather than hiding it or failing it
//! for a JSON file it was never meant to have (see [`Check::runs_under`]).

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

use antenna_model::Format;

use crate::protocol::Version;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/cases.rs"));
}

/// What the cases of a folder test: a format's decoder and encoder, or the
/// merger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Area {
    /// Decoder and encoder cases of one format.
    Format(Format),
    /// Merger (propagation) cases.
    Merge,
}

impl Area {
    /// Every area, in the order cases run.
    pub const ALL: [Area; 4] = [
        Area::Format(Format::HinaDi),
        Area::Format(Format::Lirs),
        Area::Format(Format::Rss2),
        Area::Merge,
    ];

    /// The folder name, which is also the `--format` value: `hina-di`,
    /// `lirs`, `rss2`, `merge`.
    pub fn name(self) -> &'static str {
        match self {
            Area::Format(format) => format.name(),
            Area::Merge => "merge",
        }
    }

    /// The area named `name` (see [`Area::name`]).
    pub fn from_name(name: &str) -> Option<Area> {
        Area::ALL.into_iter().find(|area| area.name() == name)
    }

    /// The extensions of a format's case inputs, longest first.
    fn extensions(self) -> &'static [&'static str] {
        match self {
            Area::Format(Format::HinaDi) => &["hdi"],
            Area::Format(Format::Lirs) => &["lirs.gz", "lirs"],
            Area::Format(Format::Rss2) => &["xml"],
            Area::Merge => &[],
        }
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a check asks of the command under test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The decoder must accept; its output equals the expected JSON.
    Valid,
    /// The decoder must reject.
    Invalid,
    /// The decoder may reject; if it accepts, its output equals the JSON.
    Lenient,
    /// The encoder gets a valid case's JSON and must write it back.
    Encode,
    /// The encoder must write the JSON back; refusing fails.
    Roundtrip,
    /// The encoder must write the JSON back or refuse; a change fails.
    Refusable,
    /// The merger's published blocks and decisions equal the expected ones.
    Merge,
}

impl Kind {
    /// The word `--list` shows.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Valid => "valid",
            Kind::Invalid => "invalid",
            Kind::Lenient => "lenient",
            Kind::Encode => "encode",
            Kind::Roundtrip => "roundtrip",
            Kind::Refusable => "refusable",
            Kind::Merge => "merge",
        }
    }

    /// What the check asks, in a sentence.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Valid => "the decoder must accept the file; its output must equal the JSON",
            Kind::Invalid => "the decoder must reject the file (exit non-zero)",
            Kind::Lenient => {
                "the decoder may reject the file; if it accepts it, its output must equal the JSON"
            }
            Kind::Encode | Kind::Roundtrip => {
                "the encoder gets the JSON; what it writes must read back as the same JSON"
            }
            Kind::Refusable => {
                "the encoder gets the JSON; it may refuse (exit non-zero), but what it writes \
                 must read back as the same JSON"
            }
            Kind::Merge => {
                "the merger runs among the source files with plan.json on stdin; it must \
                 publish the expected blocks and decisions"
            }
        }
    }

    /// Which command the check runs.
    pub fn role(self) -> Role {
        match self {
            Kind::Valid | Kind::Invalid | Kind::Lenient => Role::Decoder,
            Kind::Encode | Kind::Roundtrip | Kind::Refusable => Role::Encoder,
            Kind::Merge => Role::Merger,
        }
    }

    fn from_folder(folder: &str) -> Option<Kind> {
        [
            Kind::Valid,
            Kind::Invalid,
            Kind::Lenient,
            Kind::Roundtrip,
            Kind::Refusable,
        ]
        .into_iter()
        .find(|kind| kind.name() == folder)
    }
}

/// The command a check tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// `--decoder`.
    Decoder,
    /// `--encoder`.
    Encoder,
    /// `--merger`.
    Merger,
}

/// The folder, under a format's, of the cases that demand more than the
/// specs: `<format>/beyond-spec/<kind>/<name>`.
pub const BEYOND_SPEC: &str = "beyond-spec";

/// The part of a file name that marks an alternative answer:
/// `<name>.alt-<reading>.json`.
pub const ALTERNATIVE_MARK: &str = ".alt-";

/// Another answer a decoder case accepts, where the spec allows more than
/// one reading of the file: `<name>.alt-<reading>.json` (protocol 1) and
/// `<name>.alt-<reading>.v2.json` (protocol 2; without it, the `.json`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    /// The reading it stands for (`kept-as-written`): lower-case letters,
    /// digits and `-`.
    pub reading: String,
    /// Its protocol 1 JSON file, when it has one.
    pub expected: Option<String>,
    /// Its protocol 2 JSON file, when it differs from version 1.
    pub expected_v2: Option<String>,
}

impl Alternative {
    /// Its JSON file under `version` (version 2 falls back to version 1,
    /// as a case's own JSON does).
    pub fn expected_file(&self, version: Version) -> Option<&str> {
        match version {
            Version::V1 => self.expected.as_deref(),
            Version::V2 => self.expected_v2.as_deref().or(self.expected.as_deref()),
        }
    }
}

/// Whether `reading` can name an alternative: one or more of `a-z`, `0-9`
/// and `-`.
pub fn is_reading_name(reading: &str) -> bool {
    !reading.is_empty()
        && reading
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// One check of the suite, and the suite files it reads (paths relative to
/// the suite folder).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// `lirs/valid/spec-example`, `lirs/valid/spec-example/encode`,
    /// `merge/expired-entry`.
    pub id: String,
    /// What it checks.
    pub kind: Kind,
    /// Its folder's area.
    pub area: Area,
    /// The file given to the decoder, or the merge case's folder.
    pub input: Option<String>,
    /// The expected JSON (protocol 1), when the suite has it.
    pub expected: Option<String>,
    /// The protocol 2 expected JSON, when it differs from version 1.
    pub expected_v2: Option<String>,
    /// The other answers a decoder case accepts, by reading name (none
    /// for other checks: an encoder's file reads back as one JSON).
    pub alternatives: Vec<Alternative>,
    /// Whether the case demands more than the specs (it is under
    /// `<format>/beyond-spec/`): a project requirement, which an
    /// implementation of the specs alone may fail (`--spec-only` skips it).
    pub beyond_spec: bool,
}

impl Check {
    /// The expected JSON file under `version`.
    pub fn expected_file(&self, version: Version) -> Option<&str> {
        match version {
            Version::V1 => self.expected.as_deref(),
            Version::V2 => self.expected_v2.as_deref().or(self.expected.as_deref()),
        }
    }

    /// Every answer that passes under `version`: the case's own JSON file
    /// first (reading `None`), then each alternative that has a file under
    /// `version`, by reading name.
    pub fn answers(&self, version: Version) -> Vec<(Option<&str>, &str)> {
        let own = self.expected_file(version).map(|path| (None, path));
        let others = self.alternatives.iter().filter_map(|alternative| {
            let path = alternative.expected_file(version)?;
            Some((Some(alternative.reading.as_str()), path))
        });
        own.into_iter().chain(others).collect()
    }

    /// Whether the case exists only under protocol 2: it has a
    /// `<name>.v2.json` and no `<name>.json`, because protocol 1 leaves
    /// its JSON open.
    pub fn only_v2(&self) -> bool {
        self.expected.is_none() && self.expected_v2.is_some()
    }

    /// Whether the check runs under `version`. One that does not is still
    /// listed and reported, as skipped, so that a protocol 1 run says what
    /// it left out instead of counting it as passed (a lenient case that a
    /// decoder rejects would otherwise pass) or failing it.
    pub fn runs_under(&self, version: Version) -> bool {
        version >= Version::V2 || !self.only_v2()
    }
}

/// The files of a suite, by path relative to its folder (`/` separators).
pub struct Suite {
    files: BTreeMap<String, Cow<'static, [u8]>>,
}

impl Suite {
    /// The suite embedded in this crate when it was built.
    pub fn embedded() -> Suite {
        Suite {
            files: embedded::FILES
                .iter()
                .map(|&(path, bytes)| (path.to_owned(), Cow::Borrowed(bytes)))
                .collect(),
        }
    }

    /// The suite in folder `dir` (its `hina-di/`, `lirs/`, `rss2/` and
    /// `merge/` folders), read now.
    pub fn from_dir(dir: &Path) -> Result<Suite, String> {
        let listed = crate::walk::case_files(dir)
            .map_err(|e| format!("cannot read the suite in {}: {e}", dir.display()))?;
        let mut files = BTreeMap::new();
        for (relative, path) in listed {
            let bytes =
                std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            files.insert(relative, Cow::Owned(bytes));
        }
        Ok(Suite { files })
    }

    /// The bytes of the file at `path` (relative to the suite folder).
    pub fn file(&self, path: &str) -> Option<&[u8]> {
        self.files.get(path).map(|bytes| &**bytes)
    }

    /// The files under folder `dir` (relative paths, in order).
    pub fn files_under<'a>(&'a self, dir: &str) -> impl Iterator<Item = (&'a str, &'a [u8])> {
        let prefix = format!("{dir}/");
        self.files
            .range(prefix.clone()..)
            .take_while(move |(path, _)| path.starts_with(&prefix))
            .map(|(path, bytes)| (path.as_str(), &**bytes))
    }

    /// Every check of the suite, in a stable order: by area, then kind,
    /// then name, each valid case followed by its encode check. The same
    /// under both protocol versions: [`Check::runs_under`] says which run.
    pub fn checks(&self) -> Vec<Check> {
        let mut checks = Vec::new();
        for area in Area::ALL {
            match area {
                Area::Format(_) => self.format_checks(area, &mut checks),
                Area::Merge => self.merge_checks(&mut checks),
            }
        }
        checks
    }

    fn format_checks(&self, area: Area, out: &mut Vec<Check>) {
        // (beyond the spec, kind, name) -> the input file, if any.
        let mut cases: BTreeMap<(bool, Kind, String), Option<String>> = BTreeMap::new();
        // (beyond the spec, kind, name) -> reading -> (v1 file, v2 file).
        let mut alternatives: BTreeMap<(bool, Kind, String), BTreeMap<String, Alternative>> =
            BTreeMap::new();
        for (path, _) in self.files_under(area.name()) {
            let Some((beyond_spec, kind, file)) = case_file(path) else {
                continue;
            };
            if let Some((name, reading, v2)) = alternative_file(file) {
                if kind.role() == Role::Decoder {
                    let alternative = alternatives
                        .entry((beyond_spec, kind, name.to_owned()))
                        .or_default()
                        .entry(reading.to_owned())
                        .or_insert_with(|| Alternative {
                            reading: reading.to_owned(),
                            expected: None,
                            expected_v2: None,
                        });
                    let slot = if v2 {
                        &mut alternative.expected_v2
                    } else {
                        &mut alternative.expected
                    };
                    *slot = Some(path.to_owned());
                }
                continue;
            }
            match kind.role() {
                Role::Decoder => {
                    let stem = area
                        .extensions()
                        .iter()
                        .find_map(|ext| file.strip_suffix(ext)?.strip_suffix('.'));
                    if let Some(stem) = stem {
                        cases.insert((beyond_spec, kind, stem.to_owned()), Some(path.to_owned()));
                    }
                }
                _ => {
                    let stem = file.strip_suffix(".json");
                    let stem = stem.map(|s| s.strip_suffix(".v2").unwrap_or(s));
                    if let Some(stem) = stem {
                        cases.insert((beyond_spec, kind, stem.to_owned()), None);
                    }
                }
            }
        }
        // The cases of the specs first, then those beyond them.
        for ((beyond_spec, kind, name), input) in cases {
            let category = if beyond_spec {
                format!("{BEYOND_SPEC}/")
            } else {
                String::new()
            };
            let base = format!("{area}/{category}{}/{name}", kind.name());
            let existing = |path: String| self.files.contains_key(&path).then_some(path);
            let alternatives = alternatives
                .remove(&(beyond_spec, kind, name))
                .map(|by_reading| by_reading.into_values().collect())
                .unwrap_or_default();
            let check = Check {
                id: base.clone(),
                kind,
                area,
                input,
                expected: existing(format!("{base}.json")),
                expected_v2: existing(format!("{base}.v2.json")),
                alternatives,
                beyond_spec,
            };
            let encode = (kind == Kind::Valid).then(|| Check {
                id: format!("{base}/encode"),
                kind: Kind::Encode,
                input: None,
                alternatives: Vec::new(),
                ..check.clone()
            });
            out.push(check);
            out.extend(encode);
        }
    }

    fn merge_checks(&self, out: &mut Vec<Check>) {
        let names: BTreeSet<&str> = self
            .files_under("merge")
            .filter_map(|(path, _)| {
                let mut parts = path.splitn(3, '/');
                let (_, name, rest) = (parts.next()?, parts.next()?, parts.next()?);
                (!rest.is_empty()).then_some(name)
            })
            .collect();
        for name in names {
            let dir = format!("merge/{name}");
            out.push(Check {
                id: dir.clone(),
                kind: Kind::Merge,
                area: Area::Merge,
                expected: self
                    .files
                    .contains_key(&format!("{dir}/expected.json"))
                    .then(|| format!("{dir}/expected.json")),
                expected_v2: None,
                input: Some(dir),
                alternatives: Vec::new(),
                beyond_spec: false,
            });
        }
    }
}

/// A case file's place: `<area>/<kind>/<file>` or
/// `<area>/beyond-spec/<kind>/<file>` as (beyond the spec, kind, file);
/// `None` for any other path (`cases.toml`, `SOURCES.md`).
fn case_file(path: &str) -> Option<(bool, Kind, &str)> {
    let parts: Vec<&str> = path.split('/').collect();
    let (beyond_spec, folder, file) = match parts[..] {
        [_, folder, file] => (false, folder, file),
        [_, BEYOND_SPEC, folder, file] => (true, folder, file),
        _ => return None,
    };
    Some((beyond_spec, Kind::from_folder(folder)?, file))
}

/// An alternative's file name, `<name>.alt-<reading>.json` or
/// `<name>.alt-<reading>.v2.json`, as (name, reading, whether protocol 2).
fn alternative_file(file: &str) -> Option<(&str, &str, bool)> {
    let (name, rest) = file.split_once(ALTERNATIVE_MARK)?;
    let (reading, v2) = match rest.strip_suffix(".v2.json") {
        Some(reading) => (reading, true),
        None => (rest.strip_suffix(".json")?, false),
    };
    (!name.is_empty() && is_reading_name(reading)).then_some((name, reading, v2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suite(files: &[(&str, &str)]) -> Suite {
        Suite {
            files: files
                .iter()
                .map(|(path, text)| (path.to_string(), Cow::Owned(text.as_bytes().to_vec())))
                .collect(),
        }
    }

    fn ids(checks: &[Check]) -> Vec<(&str, &str)> {
        checks
            .iter()
            .map(|c| (c.id.as_str(), c.kind.name()))
            .collect()
    }

    #[test]
    fn every_kind_is_found_in_order() {
        let suite = suite(&[
            ("lirs/valid/b.lirs.gz", ""),
            ("lirs/valid/b.json", "{}"),
            ("lirs/valid/a.lirs", ""),
            ("lirs/valid/a.json", "{}"),
            ("lirs/invalid/c.lirs", ""),
            ("lirs/cases.toml", ""),
            ("lirs/roundtrip/d.json", "{}"),
            ("lirs/refusable/e.json", "{}"),
            ("lirs/refusable/e.v2.json", "{}"),
            ("lirs/refusable/only-v2.v2.json", "{}"),
            ("merge/cases.toml", ""),
            ("merge/m/plan.json", "{}"),
            ("merge/m/expected.json", "{}"),
            ("merge/m/a.hdi", ""),
        ]);
        let checks = suite.checks();
        assert_eq!(
            ids(&checks),
            [
                ("lirs/valid/a", "valid"),
                ("lirs/valid/a/encode", "encode"),
                ("lirs/valid/b", "valid"),
                ("lirs/valid/b/encode", "encode"),
                ("lirs/invalid/c", "invalid"),
                ("lirs/roundtrip/d", "roundtrip"),
                ("lirs/refusable/e", "refusable"),
                ("lirs/refusable/only-v2", "refusable"),
                ("merge/m", "merge"),
            ]
        );
        assert_eq!(checks[2].input.as_deref(), Some("lirs/valid/b.lirs.gz"));
        assert_eq!(checks[4].expected, None);
        let e = checks.iter().find(|c| c.id == "lirs/refusable/e").unwrap();
        assert_eq!(
            e.expected_file(Version::V2),
            Some("lirs/refusable/e.v2.json")
        );
        assert_eq!(e.expected_file(Version::V1), Some("lirs/refusable/e.json"));
        assert!(!e.only_v2() && e.runs_under(Version::V1));
        let only = checks.iter().find(|c| c.id == "lirs/refusable/only-v2");
        let only = only.unwrap();
        assert!(only.only_v2());
        assert!(!only.runs_under(Version::V1) && only.runs_under(Version::V2));
        // An invalid case has no JSON in either version, and runs in both.
        assert!(checks[4].runs_under(Version::V1) && !checks[4].only_v2());
    }

    #[test]
    fn a_decoder_case_with_only_v2_json_is_protocol_2_only() {
        let suite = suite(&[
            ("rss2/lenient/markup.xml", ""),
            ("rss2/lenient/markup.v2.json", "{}"),
            ("rss2/valid/both.xml", ""),
            ("rss2/valid/both.v2.json", "{}"),
        ]);
        let checks = suite.checks();
        assert_eq!(
            ids(&checks),
            [
                ("rss2/valid/both", "valid"),
                ("rss2/valid/both/encode", "encode"),
                ("rss2/lenient/markup", "lenient"),
            ]
        );
        for check in &checks {
            assert!(check.only_v2(), "{}", check.id);
            assert!(!check.runs_under(Version::V1), "{}", check.id);
            assert_eq!(
                check.expected_file(Version::V2),
                check.expected_v2.as_deref()
            );
        }
        assert_eq!(checks[2].input.as_deref(), Some("rss2/lenient/markup.xml"));
    }

    #[test]
    fn alternatives_belong_to_their_decoder_case() {
        let suite = suite(&[
            ("rss2/lenient/x.xml", ""),
            ("rss2/lenient/x.json", "{}"),
            ("rss2/lenient/x.alt-kept.json", "{}"),
            ("rss2/lenient/x.alt-kept.v2.json", "{}"),
            ("rss2/lenient/x.alt-dropped.json", "{}"),
            ("rss2/lenient/x.alt-only-v2.v2.json", "{}"),
            // Not a reading name, and an alternative of no case: ignored.
            ("rss2/lenient/x.alt-Bad.json", "{}"),
            ("rss2/lenient/y.alt-kept.json", "{}"),
            // Encoder cases have one answer.
            ("rss2/roundtrip/r.json", "{}"),
            ("rss2/roundtrip/r.alt-kept.json", "{}"),
        ]);
        let checks = suite.checks();
        assert_eq!(
            ids(&checks),
            [
                ("rss2/lenient/x", "lenient"),
                ("rss2/roundtrip/r", "roundtrip")
            ]
        );
        let x = &checks[0];
        let readings: Vec<&str> = x.alternatives.iter().map(|a| a.reading.as_str()).collect();
        assert_eq!(readings, ["dropped", "kept", "only-v2"]);
        assert_eq!(
            x.answers(Version::V1),
            [
                (None, "rss2/lenient/x.json"),
                (Some("dropped"), "rss2/lenient/x.alt-dropped.json"),
                (Some("kept"), "rss2/lenient/x.alt-kept.json"),
            ]
        );
        assert_eq!(
            x.answers(Version::V2),
            [
                (None, "rss2/lenient/x.json"),
                (Some("dropped"), "rss2/lenient/x.alt-dropped.json"),
                (Some("kept"), "rss2/lenient/x.alt-kept.v2.json"),
                (Some("only-v2"), "rss2/lenient/x.alt-only-v2.v2.json"),
            ]
        );
        assert!(checks[1].alternatives.is_empty());
    }

    #[test]
    fn cases_beyond_the_specs_have_their_own_folder() {
        let suite = suite(&[
            ("rss2/beyond-spec/valid/euc-jp.xml", ""),
            ("rss2/beyond-spec/valid/euc-jp.json", "{}"),
            ("rss2/beyond-spec/valid/euc-jp.alt-x.json", "{}"),
            ("rss2/valid/utf-8.xml", ""),
            ("rss2/valid/utf-8.json", "{}"),
            ("rss2/beyond-spec/notes.txt", ""),
            ("rss2/beyond-spec/other/z.xml", ""),
        ]);
        let checks = suite.checks();
        assert_eq!(
            ids(&checks),
            [
                ("rss2/valid/utf-8", "valid"),
                ("rss2/valid/utf-8/encode", "encode"),
                ("rss2/beyond-spec/valid/euc-jp", "valid"),
                ("rss2/beyond-spec/valid/euc-jp/encode", "encode"),
            ]
        );
        let beyond: Vec<bool> = checks.iter().map(|c| c.beyond_spec).collect();
        assert_eq!(beyond, [false, false, true, true]);
        assert_eq!(
            checks[2].expected.as_deref(),
            Some("rss2/beyond-spec/valid/euc-jp.json")
        );
        assert_eq!(checks[2].alternatives.len(), 1);
        assert!(
            checks[3].alternatives.is_empty(),
            "an encoder has one answer"
        );
    }

    #[test]
    fn every_alternative_file_of_the_embedded_suite_is_used() {
        let suite = Suite::embedded();
        let used: BTreeSet<&str> = suite
            .checks()
            .iter()
            .flat_map(|c| c.alternatives.clone())
            .flat_map(|a| [a.expected, a.expected_v2])
            .flatten()
            .map(|path| suite.files.get_key_value(&path).unwrap().0.as_str())
            .collect();
        let files: BTreeSet<&str> = suite
            .files
            .keys()
            .map(String::as_str)
            .filter(|path| path.contains(ALTERNATIVE_MARK))
            .collect();
        assert_eq!(files, used, "alternative files of no case, or misnamed");
        assert!(!used.is_empty());
    }

    #[test]
    fn empty_and_missing_folders_make_no_checks() {
        assert!(suite(&[]).checks().is_empty());
        let stray = suite(&[("merge/cases.toml", ""), ("rss2/valid/notes.txt", "")]);
        assert!(stray.checks().is_empty());
    }

    #[test]
    fn the_embedded_suite_is_the_folder_as_built() {
        let folder = Suite::from_dir(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap();
        let embedded = Suite::embedded();
        let paths = |suite: &Suite| suite.files.keys().cloned().collect::<Vec<_>>();
        assert_eq!(paths(&embedded), paths(&folder));
        assert!(
            embedded.files == folder.files,
            "a case file changed after the build"
        );
    }

    #[test]
    fn the_embedded_suite_has_every_format() {
        let checks = Suite::embedded().checks();
        for format in Format::ALL {
            let area = Area::Format(format);
            for kind in [Kind::Valid, Kind::Invalid, Kind::Encode] {
                assert!(
                    checks.iter().any(|c| c.area == area && c.kind == kind),
                    "no {} case of {area}",
                    kind.name()
                );
            }
        }
    }
}
