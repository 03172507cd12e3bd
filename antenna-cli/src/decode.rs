//! `antenna decode`: the conformance protocol's decoder. The input is read
//! through the pipeline's sources (standard input: LIRS record by record
//! from a temporary copy, the others held), its diagnostics shown only
//! when it is rejected; the JSON is written as the protocol module makes
//! it, one block, record or item at a time, never whole in a tree or a
//! string. (The protocol module gives the JSON of whole documents and of
//! HINA-DI's block reader; the JSON of one part of any format is its next
//! step, after which this is one generic path like the others.)

use std::io::{IsTerminal as _, Write};
use std::path::Path;
use std::rc::Rc;

use antenna_conformance::protocol::{self, Version};
use antenna_model::parts::Counted;
use antenna_model::{Codec, DiagnosticSink, Format};

use crate::args::DecodeArgs;
use crate::io::read_input;
use crate::pipeline::report::{Human, Lent, Lines};
use crate::pipeline::source::{LirsFile, Source};
use crate::pipeline::spool_error;
use crate::render::Style;
use crate::spool::Spool;
use crate::{Fatal, Verdict};

/// What standard input is called in diagnostics.
const NAME: &str = "<stdin>";

/// `antenna decode`.
pub fn decode(args: &DecodeArgs) -> Result<Verdict, Fatal> {
    let version = args.protocol;
    if args.format == Format::Lirs {
        return decode_lirs(version);
    }
    let bytes = read_input(Path::new("-"))?;
    if args.format == Format::HinaDi {
        let mut shown = shown(Lines::whole(&bytes))?;
        let written = decode_hina_di(&bytes, version, &mut shown)?;
        return finish(shown, written);
    }
    // RSS is read whole; its bytes are let go of before the JSON is
    // written.
    let lent = Lent::new(bytes);
    let mut shown = shown(Lines::Lent(Rc::clone(&lent)))?;
    let read = rss2::Rss2::read(&lent.borrow().bytes, &rss2::Rss2::read_options(false));
    let written = match read {
        Ok(parsed) => {
            lent.borrow_mut().release();
            write_json(|out| {
                serde_json::to_writer(out, &protocol::rss2_view(&parsed.document, version))
                    .map_err(std::io::Error::from)
            })?;
            true
        }
        Err(rejected) => {
            rejected
                .diagnostics
                .into_iter()
                .for_each(|d| shown.report(d));
            false
        }
    };
    finish(shown, written)
}

/// The diagnostics of standard input, whose text is `lines`, rendered
/// into a spool and counted: shown only if it is rejected.
fn shown(lines: Lines<'_>) -> Result<Counted<Human<'_, Spool>>, Fatal> {
    let style = Style::for_stream(std::io::stderr().is_terminal());
    Ok(Counted::new(Human::new(
        NAME,
        lines,
        style,
        Spool::new()?,
        "a temporary file",
    )))
}

/// The verdict, the diagnostics shown when the input was rejected.
fn finish(shown: Counted<Human<'_, Spool>>, written: bool) -> Result<Verdict, Fatal> {
    let mut spool = shown.sink.finish()?;
    if written {
        return Ok(Verdict::Clean);
    }
    let mut stderr = std::io::stderr().lock();
    spool
        .copy_to(&mut stderr)
        .map_err(crate::pipeline::print_error)?;
    Ok(Verdict::Findings)
}

/// Standard input as LIRS, record by record: each record's JSON (the
/// protocol's, of a document of that record alone) spooled until the
/// input is known not rejected, then put in the protocol's document
/// object where its empty `records` array is.
fn decode_lirs(version: Version) -> Result<Verdict, Fatal> {
    let mut source = LirsFile::stdin(false)?;
    let mut shown = shown(source.lines())?;
    let mut records = Spool::new()?;
    let mut first = true;
    source.start(&mut shown)?;
    while let Some(record) = source.next_part(&mut shown) {
        let document = lirs::Document {
            records: vec![record],
            ..lirs::Document::default()
        };
        let json = protocol::lirs_json(&document, version);
        if !first {
            records.write_all(b",").map_err(spool_error)?;
        }
        first = false;
        serde_json::to_writer(&mut records, &json.get("records").and_then(|r| r.get(0)))
            .map_err(|e| spool_error(std::io::Error::from(e)))?;
    }
    source.finish(&mut shown)?;
    if shown.errors > 0 {
        return finish(shown, false);
    }
    let empty = protocol::lirs_json(&lirs::Document::default(), version).to_string();
    let Some((head, tail)) = empty.split_once(EMPTY_RECORDS) else {
        return Err(Fatal(format!(
            "the protocol's LIRS document has no `{EMPTY_RECORDS}` to put the records in"
        )));
    };
    write_json(|out| {
        out.write_all(head.as_bytes())?;
        out.write_all(b"\"records\":[")?;
        records.copy_to(out)?;
        out.write_all(b"]")?;
        out.write_all(tail.as_bytes())
    })?;
    finish(shown, true)
}

/// The protocol's empty records array, as `serde_json` writes it.
const EMPTY_RECORDS: &str = "\"records\":[]";

/// Writes the JSON `write` writes, and a line end, to standard output.
fn write_json(write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), Fatal> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    write(&mut out)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| Fatal(format!("cannot write to standard output: {e}")))
}

/// Standard input as HINA-DI: a first pass over its blocks finds whether
/// it is rejected (the diagnostics to `shown`); the JSON is written block
/// by block by a second; whether it was.
fn decode_hina_di(
    bytes: &[u8],
    version: Version,
    shown: &mut dyn DiagnosticSink,
) -> Result<bool, Fatal> {
    let options = hina_di::ReadOptions::lenient();
    let mut errors = 0;
    let mut show = |diagnostics: Vec<antenna_model::Diagnostic>| {
        for d in diagnostics {
            errors += usize::from(d.is_error());
            shown.report(d);
        }
    };
    match hina_di::BlockReader::new(bytes, &options) {
        Ok(mut reader) => {
            show(reader.take_diagnostics());
            while reader.next_block().is_some() {
                show(reader.take_diagnostics());
            }
            show(reader.take_diagnostics());
        }
        Err(rejected) => show(rejected.diagnostics),
    }
    if errors > 0 {
        return Ok(false);
    }
    let Ok(mut reader) = hina_di::BlockReader::new(bytes, &options) else {
        return Ok(false);
    };
    write_json(|out| protocol::write_hina_di_streamed(&mut reader, version, out))?;
    Ok(true)
}
