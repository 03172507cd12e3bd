//! The runner: which checks to run, running each, and the report (a line
//! per failure with its differences, a JUnit file, the summary line
//! `N passed, N failed`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use antenna_model::Format;
use serde_json::{Map, Value};

use crate::cases::{Area, BEYOND_SPEC, Check, Kind, Role, Suite};
use crate::command::{self, excerpt};
use crate::protocol::{self, Version};
use crate::{diff, glob, merge};

/// The runner's options: the `antenna-conformance` command line, and what
/// `cargo xtask conformance` fills in.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Decoder under test: `sh -c "CMD --format FORMAT"`, a file on stdin,
    /// its JSON on stdout (or a non-zero exit to reject it).
    #[arg(long, value_name = "CMD")]
    pub decoder: Option<String>,
    /// Encoder under test: `sh -c "CMD --format FORMAT"`, JSON on stdin, a
    /// file on stdout (or a non-zero exit to refuse it).
    #[arg(long, value_name = "CMD")]
    pub encoder: Option<String>,
    /// Merger under test: `sh -c "CMD"` in a folder holding the case's
    /// source files, the plan on stdin, the published blocks and decisions
    /// on stdout.
    #[arg(long, value_name = "CMD")]
    pub merger: Option<String>,
    /// Run only the cases of this format (repeatable, or comma-separated).
    #[arg(
        long,
        value_name = "FORMAT",
        value_parser = ["hina-di", "lirs", "rss2", "merge"],
        value_delimiter = ','
    )]
    pub format: Vec<String>,
    /// The protocol version the decoder and encoder speak: under 2, the
    /// decoder's JSON must say `"protocol": 2` and is compared with the
    /// version 2 expectations.
    #[arg(long, value_name = "VERSION", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=2))]
    pub protocol: u8,
    /// Run only the cases whose id matches (repeatable): `*` any
    /// characters, `?` one; `lirs` or `lirs/valid` selects all under it.
    #[arg(long = "run", value_name = "GLOB")]
    pub run: Vec<String>,
    /// Leave out the cases whose id matches (repeatable; as --run).
    #[arg(long, value_name = "GLOB")]
    pub skip: Vec<String>,
    /// A file of case ids (one a line, `#` comments) expected to fail: they
    /// count as skipped, and one that passes fails, so the list cannot go
    /// stale.
    #[arg(long, value_name = "FILE")]
    pub expected_failures: Option<PathBuf>,
    /// Skip the cases beyond the specs (`<format>/beyond-spec/`: this
    /// project's requirements, such as reading RSS declared EUC-JP, that
    /// an implementation of the specs alone may fail).
    #[arg(long)]
    pub spec_only: bool,
    /// Write a JUnit XML report here.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Time limit of one command, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: u64,
    /// List the selected cases' ids, one a line, with their kind.
    #[arg(long, conflicts_with = "print")]
    pub list: bool,
    /// Show a case: its input file(s) and expected JSON.
    #[arg(long, value_name = "CASE")]
    pub print: Option<String>,
    /// Run the cases of this folder (its hina-di/, lirs/, rss2/ and
    /// merge/) instead of the embedded ones: for suite authors.
    #[arg(long, value_name = "DIR")]
    pub suite: Option<PathBuf>,
}

/// Why a protocol 2 case is skipped in a protocol 1 run (its `SKIP` line,
/// its JUnit `skipped` message).
pub const ONLY_V2_SKIPPED: &str =
    "protocol 2 only (protocol 1 leaves its JSON open): run with --protocol 2 to check it";

/// Why a case beyond the specs is skipped in a `--spec-only` run.
pub const BEYOND_SPEC_SKIPPED: &str =
    "beyond the specs (a requirement of this project, not of the specs): --spec-only skips it";

/// How a check ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// It passed: with the case's own JSON (`None`), or with the
    /// alternative answer of this reading.
    Pass(Option<String>),
    /// It failed, for this reason (with differences where they help).
    Fail(String),
    /// It did not count: it failed and is listed as an expected failure,
    /// or it is a protocol 2 case in a protocol 1 run. The reason says
    /// which (the JUnit report's `skipped` message).
    Skip(String),
}

/// A check that ran.
#[derive(Debug, Clone)]
pub struct Finished {
    /// Its id.
    pub id: String,
    /// Its area (the JUnit test suite).
    pub area: Area,
    /// Whether the case demands more than the specs (reported apart).
    pub beyond_spec: bool,
    /// How it ended.
    pub outcome: Outcome,
}

/// Runs what `args` asks, writing the report to `out`: `Ok(true)` when
/// nothing failed, `Err` for a run that could not start (bad options, an
/// unreadable file, no case selected).
pub fn execute(args: &Args, out: &mut dyn Write) -> Result<bool, String> {
    let suite = match &args.suite {
        Some(dir) => Suite::from_dir(dir)?,
        None => Suite::embedded(),
    };
    let version = Version::from_number(args.protocol.into())
        .ok_or(format!("there is no protocol version {}", args.protocol))?;
    if let Some(id) = &args.print {
        crate::print::print(&suite, id, out)?;
        return Ok(true);
    }
    let all = suite.checks();
    let selected = select(&all, args)?;
    if args.list {
        let width = selected.iter().map(|c| c.id.len()).max().unwrap_or(0);
        for check in &selected {
            let mut note = String::new();
            if !check.runs_under(version) {
                note.push_str("  (protocol 2 only: skipped)");
            } else if check.beyond_spec && args.spec_only {
                note.push_str("  (beyond the specs: skipped)");
            }
            let readings: Vec<&str> = check
                .answers(version)
                .into_iter()
                .filter_map(|(reading, _)| reading)
                .collect();
            if !readings.is_empty() {
                let _ = write!(note, "  (alternatives: {})", readings.join(", "));
            }
            let line = format!("{:<width$}  {}{note}", check.id, check.kind.name());
            writeln!(out, "{}", line.trim_end()).map_err(|e| e.to_string())?;
        }
        return Ok(true);
    }
    let runner = Runner {
        suite: &suite,
        spec_only: args.spec_only,
        decoder: args.decoder.as_deref(),
        encoder: args.encoder.as_deref(),
        merger: args.merger.as_deref(),
        version,
        timeout: Duration::from_secs(args.timeout),
    };
    if runner.decoder.is_none() && runner.encoder.is_none() && runner.merger.is_none() {
        return Err(
            "nothing to test: give --decoder, --encoder or --merger (or --list, --print CASE)"
                .into(),
        );
    }
    let checks: Vec<&Check> = selected
        .into_iter()
        .filter(|c| runner.command(c.kind.role()).is_some())
        .collect();
    if checks.is_empty() {
        return Err(format!(
            "no case to run: the suite has {} checks under protocol {}, and --format, --run, \
             --skip and the commands given select none of them",
            all.len(),
            args.protocol
        ));
    }
    let expected_failures = match &args.expected_failures {
        Some(path) => read_list(path)?,
        None => BTreeSet::new(),
    };
    let results = runner.run_all(&checks, &expected_failures, out)?;
    if let Some(path) = &args.junit {
        std::fs::write(path, crate::junit::render(&results))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    write!(out, "{}", summary(&results, &expected_failures)).map_err(|e| e.to_string())?;
    Ok(results
        .iter()
        .all(|r| !matches!(r.outcome, Outcome::Fail(_))))
}

/// The checks of `all` that `--format`, `--run` and `--skip` select.
fn select<'a>(all: &'a [Check], args: &Args) -> Result<Vec<&'a Check>, String> {
    let areas: Vec<Area> = if args.format.is_empty() {
        Area::ALL.to_vec()
    } else {
        args.format
            .iter()
            .map(|name| Area::from_name(name).ok_or(format!("unknown format `{name}`")))
            .collect::<Result<_, _>>()?
    };
    Ok(all
        .iter()
        .filter(|c| areas.contains(&c.area))
        .filter(|c| args.run.is_empty() || args.run.iter().any(|g| glob::selects(g, &c.id)))
        .filter(|c| !args.skip.iter().any(|g| glob::selects(g, &c.id)))
        .collect())
}

/// The end of the report: a note for each expected failure that names no
/// check that ran, then `N passed, N failed` (`, N skipped` when any).
fn summary(results: &[Finished], expected_failures: &BTreeSet<String>) -> String {
    let ran: BTreeSet<&str> = results.iter().map(|r| r.id.as_str()).collect();
    let mut report = String::new();
    for stale in expected_failures
        .iter()
        .filter(|id| !ran.contains(id.as_str()))
    {
        let _ = writeln!(
            report,
            "note: expected failure `{stale}` names no case that ran"
        );
    }
    let count = |beyond_only: bool, want: fn(&Outcome) -> bool| {
        results
            .iter()
            .filter(|r| (!beyond_only || r.beyond_spec) && want(&r.outcome))
            .count()
    };
    let passed = |o: &Outcome| matches!(o, Outcome::Pass(_));
    let failed = |o: &Outcome| matches!(o, Outcome::Fail(_));
    let skipped = |o: &Outcome| matches!(o, Outcome::Skip(_));
    if results.iter().any(|r| r.beyond_spec) {
        // Reported apart: failing them is being stricter than required
        // here, not wrong by the specs.
        let _ = writeln!(
            report,
            "beyond the specs (`*/{BEYOND_SPEC}/*`; --spec-only skips them): \
             {} passed, {} failed, {} skipped",
            count(true, passed),
            count(true, failed),
            count(true, skipped)
        );
    }
    let (passed, failed, skipped) = (
        count(false, passed),
        count(false, failed),
        count(false, skipped),
    );
    let _ = write!(report, "{passed} passed, {failed} failed");
    if skipped > 0 {
        let _ = write!(report, ", {skipped} skipped");
    }
    report.push('\n');
    report
}

/// The commands under test and how to run them.
struct Runner<'a> {
    suite: &'a Suite,
    spec_only: bool,
    decoder: Option<&'a str>,
    encoder: Option<&'a str>,
    merger: Option<&'a str>,
    version: Version,
    timeout: Duration,
}

impl Runner<'_> {
    fn command(&self, role: Role) -> Option<&str> {
        match role {
            Role::Decoder => self.decoder,
            Role::Encoder => self.encoder,
            Role::Merger => self.merger,
        }
    }

    /// Runs every check, printing each failure as it comes (and progress
    /// on a terminal's standard error).
    #[allow(clippy::print_stderr, reason = "progress goes to the terminal")]
    fn run_all(
        &self,
        checks: &[&Check],
        expected_failures: &BTreeSet<String>,
        out: &mut dyn Write,
    ) -> Result<Vec<Finished>, String> {
        let progress = std::io::stderr().is_terminal();
        let mut results = Vec::with_capacity(checks.len());
        for (done, check) in checks.iter().enumerate() {
            if progress {
                eprint!("\r\x1b[2K[{:>4}/{}] {}", done + 1, checks.len(), check.id);
            }
            let outcome = self.outcome(check, expected_failures);
            let shown = match &outcome {
                Outcome::Fail(reason) => Some(format!("FAIL {}\n{}", check.id, indent(reason))),
                // An expected failure is the caller's own list: not repeated.
                Outcome::Skip(reason) if !self.listed_skip(check) => {
                    Some(format!("SKIP {}\n{}", check.id, indent(reason)))
                }
                // Which of the answers the spec allows was given.
                Outcome::Pass(Some(reading)) => {
                    Some(format!("PASS {} (alternative: {reading})\n", check.id))
                }
                _ => None,
            };
            if let Some(text) = shown {
                if progress {
                    eprint!("\r\x1b[2K");
                }
                write!(out, "{text}").map_err(|e| e.to_string())?;
            }
            results.push(Finished {
                id: check.id.clone(),
                area: check.area,
                beyond_spec: check.beyond_spec,
                outcome,
            });
        }
        if progress {
            eprint!("\r\x1b[2K");
        }
        Ok(results)
    }

    /// Whether a skipped `check` was skipped only because the caller
    /// listed it as an expected failure (the run itself skips it otherwise).
    fn listed_skip(&self, check: &Check) -> bool {
        check.runs_under(self.version) && !(check.beyond_spec && self.spec_only)
    }

    /// How `check` ends: skipped without running when it is not a case of
    /// the run's protocol version (or is beyond the specs in a
    /// `--spec-only` run), else run, an expected failure counting as
    /// skipped and one that passes failing.
    fn outcome(&self, check: &Check, expected_failures: &BTreeSet<String>) -> Outcome {
        if !check.runs_under(self.version) {
            return Outcome::Skip(ONLY_V2_SKIPPED.into());
        }
        if check.beyond_spec && self.spec_only {
            return Outcome::Skip(BEYOND_SPEC_SKIPPED.into());
        }
        let listed = expected_failures.contains(&check.id);
        match self.check(check) {
            Ok(_) if listed => Outcome::Fail(
                "listed as an expected failure, but passes: remove it from the list".into(),
            ),
            Ok(reading) => Outcome::Pass(reading),
            Err(_) if listed => Outcome::Skip("expected failure".into()),
            Err(reason) => Outcome::Fail(reason),
        }
    }

    /// Runs one check: `Ok` with the reading of the alternative answer
    /// given (`None`: the case's own JSON), `Err` saying why it failed.
    fn check(&self, check: &Check) -> Result<Option<String>, String> {
        let command = self.command(check.kind.role()).ok_or("no command")?;
        match (check.area, check.kind.role()) {
            (Area::Format(format), Role::Decoder) => self.decode(command, format, check),
            (Area::Format(format), Role::Encoder) => {
                self.encode(command, format, check).map(|()| None)
            }
            (Area::Merge, Role::Merger) => self.merge(command, check).map(|()| None),
            _ => Err(format!("{} is not a case of {}", check.id, check.area)),
        }
    }

    fn decode(
        &self,
        decoder: &str,
        format: Format,
        check: &Check,
    ) -> Result<Option<String>, String> {
        let input = self.input(check)?;
        let run = command::run(
            decoder,
            &["--format", format.name()],
            None,
            input,
            self.timeout,
        )?;
        match check.kind {
            Kind::Invalid if run.succeeded() => Err(format!(
                "the decoder accepted a file it must reject; it printed:\n{}",
                excerpt(&run.stdout)
            )),
            Kind::Invalid => Ok(None),
            // A lenient case may be rejected.
            Kind::Lenient if !run.succeeded() => Ok(None),
            _ => {
                let expected = self.expected(check)?;
                let mut actual = diff::parse_output("decoder", &run.accepted("decoder")?)?;
                self.take_protocol(&mut actual)?;
                let Err(mut differences) = diff::compare(&expected, &actual) else {
                    return Ok(None);
                };
                // The other answers the case accepts, in reading order.
                for (reading, path) in check.answers(self.version) {
                    let Some(reading) = reading else { continue };
                    let alternative = self.json_file(path)?;
                    let what = format!("the alternative `{reading}` ({path}) too");
                    match diff::compare_with(&alternative, &actual, &what) {
                        Ok(()) => return Ok(Some(reading.to_owned())),
                        Err(more) => {
                            differences.push('\n');
                            differences.push_str(&more);
                        }
                    }
                }
                Err(differences)
            }
        }
    }

    fn encode(&self, encoder: &str, format: Format, check: &Check) -> Result<(), String> {
        let expected = self.expected(check)?;
        let mut given = Map::new();
        if self.version != Version::V1 {
            given.insert("protocol".into(), self.version.number().into());
        }
        given.extend(expected.as_object().cloned().unwrap_or_default());
        let json = serde_json::to_vec(&given).map_err(|e| e.to_string())?;
        let run = command::run(
            encoder,
            &["--format", format.name()],
            None,
            &json,
            self.timeout,
        )?;
        if check.kind == Kind::Refusable && !run.succeeded() {
            return Ok(());
        }
        let written = run.accepted("encoder")?;
        let mut read_back = protocol::decode(format, &written, self.version).map_err(|found| {
            let found: Vec<String> = found.iter().map(ToString::to_string).collect();
            format!(
                "the reference decoder rejects what the encoder wrote:\n{}\nthe encoder wrote:\n{}",
                found.join("\n"),
                excerpt(&written)
            )
        })?;
        strip_protocol(&mut read_back);
        diff::compare(&expected, &read_back).map_err(|differences| {
            let what = if check.kind == Kind::Refusable {
                "what the encoder wrote reads back changed (refusing would pass)"
            } else {
                "what the encoder wrote reads back changed"
            };
            format!("{what}; {differences}")
        })
    }

    fn merge(&self, merger: &str, check: &Check) -> Result<(), String> {
        let dir = check
            .input
            .as_deref()
            .ok_or("a merge case without a folder")?;
        let plan = self
            .suite
            .file(&format!("{dir}/plan.json"))
            .ok_or(format!("the suite has no {dir}/plan.json"))?;
        let expected = self.expected(check)?;
        let scratch = merge::ScratchDir::new()?;
        for (path, bytes) in self.suite.files_under(dir) {
            let relative = path.get(dir.len() + 1..).unwrap_or_default();
            if !merge::CASE_FILES.contains(&relative) {
                scratch.write(relative, bytes)?;
            }
        }
        let run = command::run(merger, &[], Some(scratch.path()), plan, self.timeout)?;
        let actual = diff::parse_output("merger", &run.accepted("merger")?)?;
        merge::compare(&expected, &actual)
    }

    /// The input file of a decoder check.
    fn input(&self, check: &Check) -> Result<&[u8], String> {
        check
            .input
            .as_deref()
            .and_then(|path| self.suite.file(path))
            .ok_or(format!("the suite has no input file for {}", check.id))
    }

    /// The expected JSON of a check under the run's version, without a
    /// `protocol` member.
    fn expected(&self, check: &Check) -> Result<Value, String> {
        let path = check.expected_file(self.version).ok_or_else(|| {
            let missing = match check.kind {
                Kind::Merge => format!("{}/expected.json", check.id),
                _ => format!("{}.json", check.id.trim_end_matches("/encode")),
            };
            format!("the suite has no expected JSON for this case ({missing})")
        })?;
        self.json_file(path)
    }

    /// The suite's JSON file at `path`, without a `protocol` member.
    fn json_file(&self, path: &str) -> Result<Value, String> {
        let bytes = self
            .suite
            .file(path)
            .ok_or(format!("the suite has no {path}"))?;
        let mut json: Value = serde_json::from_slice(bytes)
            .map_err(|e| format!("the suite's {path} is not JSON: {e}"))?;
        strip_protocol(&mut json);
        Ok(json)
    }

    /// Takes the `protocol` member out of a decoder's JSON (absent means
    /// version 1) and checks that it is the run's version.
    fn take_protocol(&self, json: &mut Value) -> Result<(), String> {
        let spoken = match json.as_object_mut().and_then(|o| o.remove("protocol")) {
            None => 1,
            Some(value) => value.as_u64().ok_or(format!(
                "the decoder's `protocol` member is {value}, not a version number"
            ))?,
        };
        let run = self.version.number();
        if spoken == run {
            return Ok(());
        }
        let hint = if spoken < run {
            format!(" (a decoder speaking version {run} prints \"protocol\": {run})")
        } else {
            format!(" (run with --protocol {spoken})")
        };
        Err(format!(
            "the decoder speaks protocol {spoken}; this run is protocol {run}{hint}"
        ))
    }
}

fn strip_protocol(json: &mut Value) {
    if let Some(object) = json.as_object_mut() {
        object.remove("protocol");
    }
}

/// The ids of an expected-failures file: one a line, `#` starts a comment.
fn read_list(path: &std::path::Path) -> Result<BTreeSet<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect())
}

fn indent(text: &str) -> String {
    text.lines().fold(String::new(), |mut out, line| {
        let _ = writeln!(out, "    {line}");
        out
    })
}
