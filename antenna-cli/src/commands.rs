//! The sub-commands.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use antenna_model::url::Url;
use antenna_model::{LineIndex, Severity, UrlKey};

use crate::args::{CheckArgs, ConvertArgs, DecodeArgs, EncodeArgs, MergeArgs, Output};
use crate::formats::{self, Document, read_feed, report_diagnostics};
use crate::io::{detect, display_name, read_input, write_output};
use crate::render::{self, Style};
use crate::streaming::{self, LirsStream};
use crate::{Fatal, Verdict, policy, stamp};
use antenna_conformance::protocol;
use antenna_model::Format;

/// `antenna check`.
pub fn check(args: &CheckArgs) -> Result<Verdict, Fatal> {
    let (files, strict, json) = (&args.files, args.strict, args.format == Output::Json);
    let style = Style::for_stream(std::io::stdout().is_terminal());
    let mut all_json = Vec::new();
    let mut verdict = Verdict::Clean;
    for path in files {
        let name = display_name(path);
        if let Some(stream) = LirsStream::open(path, &name, strict)? {
            if check_streamed(stream, &name, json, style, &mut all_json)? {
                verdict = Verdict::Findings;
            }
            continue;
        }
        let bytes = read_input(path)?;
        let format = detect(&name, &bytes)?;
        // HINA-DI is read block by block, its document never held whole.
        if format == Format::HinaDi {
            if crate::hina_stream::check(&bytes, &name, strict, json, style, &mut all_json) {
                verdict = Verdict::Findings;
            }
            continue;
        }
        let read = formats::read(format, &bytes, strict);
        let count = |severity| {
            read.diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .count()
        };
        let (errors, warnings) = (count(Severity::Error), count(Severity::Warning));
        if errors > 0 || read.document.is_none() {
            verdict = Verdict::Findings;
        }
        if json {
            all_json.extend(read.diagnostics.iter().map(|d| render::json(&name, d)));
            continue;
        }
        // The line index only when there is a line to show.
        if !read.diagnostics.is_empty() {
            let index = LineIndex::new(&read.text);
            for diagnostic in &read.diagnostics {
                println!(
                    "{}",
                    render::human(&name, Some((&*read.text, &index)), diagnostic, style)
                );
            }
        }
        let summary = match &read.document {
            Some(document) => format!("{format}, {}", formats::describe(document)),
            None => format!("{format}, rejected"),
        };
        println!(
            "{name}: {summary}: {errors} error{}, {warnings} warning{}",
            plural(errors),
            plural(warnings)
        );
    }
    if json {
        let text = serde_json::to_string_pretty(&all_json)
            .map_err(|e| Fatal(format!("cannot print JSON: {e}")))?;
        println!("{text}");
    }
    Ok(verdict)
}

/// Checks a LIRS file record by record (see [`crate::streaming`]),
/// printing what [`check`] prints for a file read whole; whether it had
/// errors.
fn check_streamed(
    stream: LirsStream,
    name: &str,
    json: bool,
    style: Style,
    all_json: &mut Vec<serde_json::Value>,
) -> Result<bool, Fatal> {
    let tally = stream.run(
        |d, excerpt| {
            if json {
                all_json.push(render::json(name, d));
            } else {
                println!("{}", render::human_in(name, Some(excerpt), d, style));
            }
            Ok(())
        },
        |_| Ok(()),
    )?;
    if !json {
        let summary = if tally.errors > 0 {
            "rejected".to_owned()
        } else {
            formats::count(tally.records, "record")
        };
        let (errors, warnings) = (tally.errors, tally.warnings);
        println!(
            "{name}: {}, {summary}: {errors} error{}, {warnings} warning{}",
            Format::Lirs,
            plural(errors),
            plural(warnings)
        );
    }
    Ok(tally.errors > 0)
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
    if let Some(stream) = LirsStream::open(&args.input, &name, args.strict)? {
        return match args.to {
            Format::Rss2 => streaming::convert_rss2(stream, args, &name),
            Format::HinaDi => streaming::convert_hina_di(stream, args, &name),
            Format::Lirs => streaming::convert_lirs(stream, args, &name),
        };
    }
    let bytes = read_input(&args.input)?;
    let format = detect(&name, &bytes)?;
    // A HINA-DI file named on the command line goes to RSS or LIRS block
    // by block.
    if format == Format::HinaDi && args.input != Path::new("-") {
        match args.to {
            Format::Rss2 => return crate::hina_stream::convert_rss2(&bytes, args, &name),
            Format::Lirs => return crate::hina_stream::convert_lirs(&bytes, args, &name),
            Format::HinaDi => {}
        }
    }
    let read = formats::read(format, &bytes, args.strict);
    report_diagnostics(&name, &read);
    let Some(document) = read.document else {
        return Ok(streaming::rejected(&name));
    };
    // Each stage's input is let go of once the next is made, so that at
    // most two forms of the file are held at once.
    drop((read.text, read.diagnostics));
    drop(bytes);
    // RSS to LIRS item by item: no feed of all the entries.
    if let (Document::Rss2(rss), Format::Lirs) = (&document, args.to) {
        return crate::rss_stream::convert_to_lirs(rss, args, &name);
    }
    let mut feed = formats::to_feed(&document);
    drop(document);
    if feed.document.entries.is_empty() && args.to != Format::Rss2 {
        for loss in &feed.losses {
            eprintln!("loss: {loss}");
        }
        return Ok(streaming::no_entries(&name, args.to));
    }
    let mut changes = stamp::stamp_writer(&mut feed.document, args, &name)?;
    changes.extend(args.encoding.apply(args.to, &mut feed.document)?);
    let converted = formats::from_feed(args.to, &feed.document);
    drop(feed.document);
    let losses: Vec<_> = feed
        .losses
        .iter()
        .chain(&changes)
        .chain(&converted.losses)
        .collect();
    for loss in &losses {
        eprintln!("loss: {loss}");
    }
    if streaming::loss_refused(args, &name, losses.len()) {
        return Ok(Verdict::Findings);
    }
    let bytes = match args.encoding.write(&converted.document, args.gzip) {
        Ok(bytes) => bytes,
        Err(e) => return Ok(streaming::cannot_write(&name, args.to, &e)),
    };
    drop(converted.document);
    write_output(args.output.as_deref(), &bytes)?;
    Ok(Verdict::Clean)
}

/// `FILE=URL`, or `FILE` alone (its `file:` URL).
fn parse_source(spec: &str) -> Result<(PathBuf, Url), Fatal> {
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
    let now = match &args.now {
        Some(text) => text
            .parse::<antenna_model::jiff::Timestamp>()
            .map_err(|e| Fatal(format!("--now `{text}` is not an RFC 3339 time: {e}")))?,
        None => antenna_model::jiff::Timestamp::now(),
    };
    let mut verdict = Verdict::Clean;
    let mut gathering = crate::merge::Gathering::new(&loaded.policy, now);
    for spec in &args.sources {
        let (path, url) = parse_source(spec)?;
        let name = display_name(&path);
        let agent = loaded.source_agents.get(&UrlKey::from_url(&url)).cloned();
        // A LIRS file named on the command line is read record by record,
        // its entries admitted as they are read.
        if let Some(stream) = LirsStream::open(&path, &name, false)? {
            if !gathering.stream_lirs(stream, &name, &path, url, agent)? {
                eprintln!("antenna: {name} was rejected; its entries are left out");
                verdict = Verdict::Findings;
            }
            continue;
        }
        let bytes = read_input(&path)?;
        let format = detect(&name, &bytes)?;
        let Some(feed) = read_feed(&name, &bytes, format) else {
            eprintln!("antenna: {name} was rejected; its entries are left out");
            verdict = Verdict::Findings;
            continue;
        };
        drop(bytes);
        let mut source = propagate::Source::new(url, format, feed);
        source.agent = agent;
        gathering.keep(source);
    }
    // Every decision is printed here, in the order of the report, then
    // the losses of converting what was published.
    let published = gathering.publish(&loaded.identity, to, args.encoding, args.gzip)?;
    let bytes = match published.bytes {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("antenna: cannot write the merged {to}: {e}");
            return Ok(Verdict::Findings);
        }
    };
    write_output(args.output.as_deref(), &bytes)?;
    let (entries, decisions) = (published.entries, published.decisions);
    eprintln!(
        "antenna: {entries} entr{} published, {decisions} decision{} reported",
        if entries == 1 { "y" } else { "ies" },
        plural(decisions)
    );
    Ok(verdict)
}

/// `antenna decode`: the conformance protocol's decoder, speaking protocol
/// `version`.
pub fn decode(args: &DecodeArgs) -> Result<Verdict, Fatal> {
    let (format, version) = (args.format, args.protocol);
    if format == Format::Lirs {
        return streaming::decode_lirs(version);
    }
    let bytes = read_input(Path::new("-"))?;
    if format == Format::HinaDi {
        return crate::hina_stream::decode(&bytes, version);
    }
    let read = formats::read(format, &bytes, false);
    let Some(document) = read.document else {
        report_diagnostics("<stdin>", &read);
        return Ok(Verdict::Findings);
    };
    // The file is let go of before the JSON is written, and the JSON goes
    // straight out, one block, record or item at a time: never whole in a
    // tree or a string.
    drop(bytes);
    match &document {
        Document::HinaDi(d) => write_json(&protocol::hina_di_view(d, version)),
        Document::Lirs(d) => write_json(&protocol::lirs_view(d, version)),
        Document::Rss2(d) => write_json(&protocol::rss2_view(d, version)),
    }?;
    Ok(Verdict::Clean)
}

/// Writes `json` and a line end to standard output.
fn write_json(json: &protocol::Json<'_>) -> Result<(), Fatal> {
    let stdout = std::io::stdout().lock();
    let mut out = std::io::BufWriter::new(stdout);
    serde_json::to_writer(&mut out, json)
        .map_err(std::io::Error::from)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| Fatal(format!("cannot write to standard output: {e}")))
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
