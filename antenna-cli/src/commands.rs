//! The sub-commands: each checks its options, opens its inputs and runs
//! the [`pipeline`] over them.

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};

use antenna_conformance::protocol;
use antenna_model::Format;
use antenna_model::UrlKey;
use antenna_model::url::Url;

use crate::args::{CheckArgs, ConvertArgs, DecodeArgs, EncodeArgs, MergeArgs, Output};
use crate::io::{copy_output, display_name, read_input, say, write_output};
use crate::pipeline::gather::Gathering;
use crate::pipeline::report::{Human, Json};
use crate::pipeline::source::Source as _;
use crate::pipeline::{self, Input};
use crate::render::Style;
use crate::{Fatal, Verdict, policy, stamp, with_source, with_target};

/// `antenna check`.
pub fn check(args: &CheckArgs) -> Result<Verdict, Fatal> {
    let json = args.look.format == Output::Json;
    let style = Style::for_stream(std::io::stdout().is_terminal());
    let mut verdict = Verdict::Clean;
    let mut stdout = std::io::stdout().lock();
    for path in &args.files {
        let name = display_name(path);
        let input = Input::open(path, &name, args.strict)?;
        let checked = with_source!(input, args.strict, |source| {
            if json {
                let mut sink = Json::new(&name, &mut stdout);
                let checked = pipeline::check(source, &mut sink)?;
                sink.finish(&checked.result())?;
                checked
            } else {
                let human =
                    Human::new(&name, source.lines(), style, &mut stdout, "standard output");
                let mut human = human.spaced();
                let checked = pipeline::check(source, &mut human)?;
                human.finish()?;
                checked
            }
        });
        if checked.errors > 0 || checked.summary == "rejected" {
            verdict = Verdict::Findings;
        }
        if !json && !crate::io::quiet() {
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
    }
    stdout.flush().map_err(stdout_error)?;
    Ok(verdict)
}

fn stdout_error(e: std::io::Error) -> Fatal {
    crate::io::write_error("standard output", &e)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `--gzip` is for LIRS output only.
fn check_gzip(gzip: bool, to: Format) -> Result<(), Fatal> {
    if gzip && to != Format::Lirs {
        return Err(Fatal(format!(
            "--gzip applies to LIRS output only, not {to}"
        )));
    }
    Ok(())
}

/// `antenna convert`.
pub fn convert(args: &ConvertArgs) -> Result<Verdict, Fatal> {
    check_gzip(args.gzip, args.to)?;
    stamp::check_rss_options(args)?;
    let name = display_name(&args.input);
    let input = Input::open(&args.input, &name, args.strict)?;
    with_source!(input, args.strict, |source| {
        with_target!(args.to, args.gzip, args.encoding, |T, options| {
            pipeline::convert::<_, T>(source, args, &name, &options)
        })
    })
}

/// `FILE=URL`, or `FILE` alone (its `file:` URL); standard input has no
/// URL of its own, so it is `-=URL`.
fn parse_source(spec: &str) -> Result<(PathBuf, Url), Fatal> {
    if spec == "-" {
        return Err(Fatal(
            "standard input has no URL: give the one it was fetched from, as `-- -=URL`".into(),
        ));
    }
    if let Some((file, url)) = spec.rsplit_once('=')
        && let Ok(url) = Url::parse(url)
    {
        return Ok((PathBuf::from(file), url));
    }
    let path = PathBuf::from(spec);
    let absolute =
        std::path::absolute(&path).map_err(|e| Fatal(format!("cannot resolve {spec}: {e}")))?;
    let url = Url::from_file_path(&absolute)
        .map_err(|()| Fatal(format!("cannot make a file: URL of {spec}")))?;
    Ok((path, url))
}

/// `antenna merge`.
pub fn merge(args: &MergeArgs) -> Result<Verdict, Fatal> {
    if args.protocol {
        return crate::merge_protocol::run(&read_input(Path::new("-"))?);
    }
    let (Some(policy_path), Some(to)) = (&args.policy, args.to) else {
        return Err(Fatal("merge needs --policy and --to".to_owned()));
    };
    check_gzip(args.gzip, to)?;
    let policy_text = std::fs::read_to_string(policy_path)
        .map_err(|e| Fatal(format!("cannot read {}: {e}", policy_path.display())))?;
    let loaded = policy::parse(&policy_text).map_err(|e| {
        Fatal(format!(
            "{} is not a valid policy: {e}",
            policy_path.display()
        ))
    })?;
    let now = stamp::parse_now(args.now.as_deref())?;
    let mut verdict = Verdict::Clean;
    let mut gathering = Gathering::new(&loaded.policy, now, args.look);
    for spec in &args.sources {
        let (path, url) = parse_source(spec)?;
        let name = display_name(&path);
        let agent = loaded.source_agents.get(&UrlKey::from_url(&url)).cloned();
        let input = Input::open(&path, &name, false)?;
        let kept = with_source!(input, false, |source| {
            gathering.read(source, (&name, &path), url, agent)?
        });
        if !kept {
            say(format_args!(
                "antenna: {name} was rejected; its entries are left out"
            ))?;
            verdict = Verdict::Findings;
        }
    }
    // Every decision is printed here, in the order of the report, then
    // the losses of converting what was published.
    let published = with_target!(to, args.gzip, args.encoding, |T, options| {
        gathering.publish::<T>(&loaded.identity, args.encoding, &options)?
    });
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

/// `antenna decode`: the conformance protocol's decoder, speaking protocol
/// `version`.
pub fn decode(args: &DecodeArgs) -> Result<Verdict, Fatal> {
    crate::decode::decode(args)
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
