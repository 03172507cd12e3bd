//! The sub-commands: each checks its options, opens its inputs and runs
//! the [`pipeline`] over them.

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};

use antenna_conformance::protocol;
use antenna_model::Format;
use antenna_model::UrlKey;
use antenna_model::url::Url;

use crate::args::{CheckArgs, ConvertArgs, EncodeArgs, MergeArgs, Output};
use crate::io::{copy_output, display_name, read_input, say, stdout_error, write_output};
use crate::pipeline::batch::{self, Outcome};
use crate::pipeline::gather::Gathering;
use crate::pipeline::report::{Human, Json, finished, json_line};
use crate::pipeline::source::Source as _;
use crate::pipeline::{self, Input};
use crate::render::plural;
use crate::{Fatal, Verdict, stamp, with_source, with_target};

/// `antenna check`: each file's diagnostics and result line (or why it
/// was not read), then, for a batch, the totals.
pub fn check(args: &CheckArgs) -> Result<Verdict, Fatal> {
    let json = args.look.format == Output::Json;
    let style = crate::render::style_for(std::io::stdout().is_terminal());
    let quiet = crate::io::quiet();
    let mut stdout = std::io::stdout().lock();
    let open = |path: &Path, name: &str| Input::open(path, name, args.strict, true);
    let tally = batch::run(&args.files, open, |file, opened| {
        let name = &file.name;
        let input = match opened {
            Ok(input) => input,
            Err(problem) if json => {
                json_line(&mut stdout, &problem.json(name)).map_err(stdout_error)?;
                return Ok(Outcome::Unreadable);
            }
            Err(problem) => {
                writeln!(stdout, "{name}: {}", problem.describe()).map_err(stdout_error)?;
                return Ok(Outcome::Unreadable);
            }
        };
        let checked = with_source!(input, args.strict, |source| {
            if json {
                let mut sink = Json::new(name, &mut stdout);
                let checked = pipeline::check(source, &mut sink)?;
                sink.finish(&checked)?;
                checked
            } else {
                let human = Human::new(name, source.lines(), style, &mut stdout);
                let mut human = human.spaced().errors_only(quiet);
                let checked = pipeline::check(source, &mut human)?;
                finished(human, "standard output")?;
                checked
            }
        });
        if !json && !quiet {
            let (errors, warnings) = (checked.errors, checked.warnings);
            writeln!(
                stdout,
                "{name}: {}, {}: {errors} error{}, {warnings} warning{}",
                checked.format,
                checked.summary,
                plural(errors),
                plural(warnings)
            )
            .map_err(stdout_error)?;
        }
        Ok(Outcome::of(&checked))
    })?;
    if json {
        json_line(&mut stdout, &tally.json()).map_err(stdout_error)?;
    } else if tally.is_batch() && !quiet {
        writeln!(stdout, "{}", tally.line()).map_err(stdout_error)?;
    }
    stdout.flush().map_err(stdout_error)?;
    Ok(tally.verdict())
}

/// Refuses the first of `options` (each its name and whether it was
/// given) that was given, unless the output `to` is `only` (named `what`
/// in the message): `--gzip` is for LIRS output only, the channel's
/// options for RSS.
fn only_for(to: Format, only: Format, what: &str, options: &[(&str, bool)]) -> Result<(), Fatal> {
    match options.iter().find(|(_, given)| *given) {
        Some((option, _)) if to != only => Err(Fatal(format!(
            "{option} applies to {what} output only, not {to}"
        ))),
        _ => Ok(()),
    }
}

/// `antenna convert`.
pub fn convert(args: &ConvertArgs) -> Result<Verdict, Fatal> {
    only_for(args.to, Format::Lirs, "LIRS", &[("--gzip", args.gzip)])?;
    let channel = [
        ("--title", args.title.is_some()),
        ("--link", args.link.is_some()),
        ("--description", args.description.is_some()),
        ("--no-antenna-module", args.no_antenna_module),
    ];
    only_for(args.to, Format::Rss2, "RSS", &channel)?;
    let name = display_name(&args.input);
    let input = Input::open(&args.input, &name, args.strict, true).map_err(|p| p.fatal(&name))?;
    with_source!(input, args.strict, |source| {
        with_target!(
            args.to,
            args.gzip,
            args.encoding,
            args.no_antenna_module,
            |T, options| pipeline::convert::<_, T>(source, args, &name, &options)
        )
    })
}

/// `FILE=URL`, or `FILE` alone (the URL is then its `file:` URL, a
/// directory's files each their own); standard input has no URL of its
/// own, so it is `-=URL`, and a directory has no one URL.
fn parse_source(spec: &str) -> Result<(PathBuf, Option<Url>), Fatal> {
    if spec == "-" {
        return Err(Fatal(
            "standard input has no URL: give the one it was fetched from, as `-- -=URL`".into(),
        ));
    }
    if let Some((file, url)) = spec.rsplit_once('=')
        && let Ok(url) = Url::parse(url)
    {
        let path = PathBuf::from(file);
        if path.is_dir() {
            return Err(Fatal(format!(
                "{spec}: a directory has no one URL: name its files, or leave =URL out (each file is then its own file: URL)"
            )));
        }
        return Ok((path, Some(url)));
    }
    Ok((PathBuf::from(spec), None))
}

/// The `file:` URL of `path`.
fn file_url(path: &Path) -> Result<Url, Fatal> {
    let shown = path.display();
    let absolute =
        std::path::absolute(path).map_err(|e| Fatal(format!("cannot resolve {shown}: {e}")))?;
    Url::from_file_path(&absolute)
        .map_err(|()| Fatal(format!("cannot make a file: URL of {shown}")))
}

/// `antenna merge --protocol`: the conformance suite's reference merger
/// (`antenna_conformance::protocol::merger`), the plan on standard input
/// and the output JSON on standard output; each source file is read as
/// `check` reads it, its diagnostics and losses on standard error. A plan
/// that cannot be run is an error (exit status 2).
fn merge_protocol(plan: &[u8]) -> Result<Verdict, Fatal> {
    let mut read = |path: &Path, format: Format| {
        let bytes = read_input(path).map_err(|Fatal(e)| e)?;
        let name = display_name(path);
        crate::with_codec!(format, C => {
            let source = crate::pipeline::source::Held::<C>::new(&bytes, false);
            crate::pipeline::read_feed(source, &name, crate::args::Look::default())
        })
        .map_err(|Fatal(e)| e)
    };
    let merged = protocol::merger::merge(plan, &mut read).map_err(Fatal)?;
    let mut stderr = std::io::stderr().lock();
    for note in &merged.notes {
        // Standard error may be full or closed: the output still counts.
        let _ = writeln!(stderr, "{note}");
    }
    let mut text = serde_json::to_string(&merged.output).map_err(|e| Fatal(e.to_string()))?;
    text.push('\n');
    write_output(None, text.as_bytes())?;
    Ok(Verdict::Clean)
}

/// `antenna merge`.
pub fn merge(args: &MergeArgs) -> Result<Verdict, Fatal> {
    if args.protocol {
        return merge_protocol(&read_input(Path::new("-"))?);
    }
    let (Some(policy_path), Some(to)) = (&args.policy, args.to) else {
        return Err(Fatal("merge needs --policy and --to".to_owned()));
    };
    only_for(to, Format::Lirs, "LIRS", &[("--gzip", args.gzip)])?;
    let plain = [("--no-antenna-module", args.no_antenna_module)];
    only_for(to, Format::Rss2, "RSS", &plain)?;
    let policy_text = std::fs::read_to_string(policy_path)
        .map_err(|e| Fatal(format!("cannot read {}: {e}", policy_path.display())))?;
    let loaded = propagate::policy_file::parse(&policy_text).map_err(|e| {
        Fatal(format!(
            "{} is not a valid policy: {e}",
            policy_path.display()
        ))
    })?;
    let now = stamp::parse_now(args.now.as_deref())?;
    let mut gathering = Gathering::new(&loaded.policy, now, args.look);
    let specs = args
        .sources
        .iter()
        .map(|spec| parse_source(spec))
        .collect::<Result<Vec<_>, _>>()?;
    let paths: Vec<PathBuf> = specs.iter().map(|(path, _)| path.clone()).collect();
    // Standard input is held: a Virtual block may name a streamed source,
    // which is then read again by its path.
    let open = |path: &Path, name: &str| Input::open(path, name, false, false);
    let tally = batch::run(&paths, open, |file, opened| {
        let name = &file.name;
        let input = match opened {
            Ok(input) => input,
            Err(problem) => {
                say(format_args!("antenna: {name}: {}", problem.describe()))?;
                return Ok(Outcome::Unreadable);
            }
        };
        let url = match &specs[file.arg].1 {
            Some(url) => url.clone(),
            None => file_url(&file.path)?,
        };
        let agent = loaded.source_agents.get(&UrlKey::from_url(&url)).cloned();
        let kept = with_source!(input, false, |source| {
            gathering.read(source, (name, &file.path), url, agent)?
        });
        if kept {
            return Ok(Outcome::Clean);
        }
        say(format_args!(
            "antenna: {name} was rejected; its entries are left out"
        ))?;
        Ok(Outcome::Rejected)
    })?;
    // A merge of what could be read would be published as the whole.
    if let n @ 1.. = tally.unreadable() {
        say(format_args!(
            "antenna: {n} source{} could not be read; nothing was merged",
            plural(n)
        ))?;
        return Ok(Verdict::Unreadable);
    }
    let verdict = tally.verdict();
    // Every decision is printed here, in the order of the report, then
    // the losses of converting what was published.
    let published = with_target!(
        to,
        args.gzip,
        args.encoding,
        args.no_antenna_module,
        |T, options| gathering.publish::<T>(&loaded.identity, args.encoding, &options)?
    );
    let mut output = match published.output {
        Ok(output) => output,
        Err(e) => {
            say(format_args!("antenna: cannot write the merged {to}: {e}"))?;
            return Ok(Verdict::Findings);
        }
    };
    copy_output(args.output.as_deref(), &mut output)?;
    let (entries, decisions) = (published.entries, published.decisions);
    crate::io::note(format_args!(
        "antenna: {entries} entr{} published, {decisions} decision{} reported",
        if entries == 1 { "y" } else { "ies" },
        plural(decisions)
    ))?;
    Ok(verdict)
}

/// `antenna encode`: the conformance protocol's encoder.
pub fn encode(args: &EncodeArgs) -> Result<Verdict, Fatal> {
    let format = args.format;
    let bytes = read_input(Path::new("-"))?;
    // Long documents are encoded without their JSON tree; the tree is
    // made when that does not give the file, and says why.
    if let Some(written) = protocol::encode_streamed(format, &bytes) {
        drop(bytes);
        write_output(None, &written)?;
        return Ok(Verdict::Clean);
    }
    let json: serde_json::Value = serde_json::from_slice(&bytes)
        .map_err(|e| Fatal(format!("standard input is not JSON: {e}")))?;
    drop(bytes);
    let bytes = protocol::encode_owned(format, json)
        .map_err(|e| Fatal(format!("the JSON is not a {format} document: {e}")))?;
    write_output(None, &bytes)?;
    Ok(Verdict::Clean)
}
