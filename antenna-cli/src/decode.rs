//! `antenna decode`: the conformance protocol's decoder, one path for
//! every format. The file (or standard input) is read through the
//! pipeline's sources (LIRS record by record, standard input from a
//! temporary copy; the others, and a file whose content does not look
//! like LIRS, held whole); each
//! part's JSON is spooled as it is read, and the document's JSON (the
//! head's members around the spooled parts) written once the input is
//! known not rejected. Its diagnostics are shown only when it is.

use std::io::{IsTerminal as _, Write as _};
use std::path::Path;

use antenna_conformance::protocol::Version;
use antenna_conformance::protocol::parts::{PartJson, PartsWriter, write_document};
use antenna_model::Format;
use antenna_model::parts::Counted;

use crate::args::DecodeArgs;
use crate::io::{display_name, read_input, write_with};
use crate::pipeline::report::{Human, finished};
use crate::pipeline::source::{LirsFile, Source};
use crate::pipeline::{Input, print_error};
use crate::spool::{Spool, spool_error};
use crate::{Fatal, Verdict, with_source};

/// `antenna decode`.
pub fn decode(args: &DecodeArgs) -> Result<Verdict, Fatal> {
    let (path, name) = (args.input.as_path(), display_name(&args.input));
    let lirs = match args.format {
        Format::Lirs if path == Path::new("-") => Some(LirsFile::stdin(false)?),
        Format::Lirs => LirsFile::open(path, &name, false)
            .map_err(|e| Fatal(format!("cannot read {name}: {e}")))?,
        _ => None,
    };
    let input = match lirs {
        Some(file) => Input::File(Box::new(file)),
        None => Input::Held {
            bytes: read_input(path)?,
            format: args.format,
        },
    };
    with_source!(input, false, |source| decode_source(
        source,
        &name,
        args.protocol
    ))
}

/// Writes the protocol JSON of `source` to standard output, or shows why
/// it was rejected.
fn decode_source<'i, S: Source<'i>>(
    mut source: S,
    name: &str,
    version: Version,
) -> Result<Verdict, Fatal>
where
    S::C: PartJson,
{
    let style = crate::render::style_for(std::io::stderr().is_terminal());
    let human = Human::new(name, source.lines(), style, Spool::new()?).errors_only(true);
    let mut shown = Counted::new(human);
    let mut parts = PartsWriter::new(Spool::new()?, version);
    source.start(&mut shown)?;
    while let Some(part) = source.next_part(&mut shown) {
        parts.push::<S::C>(&part).map_err(spool_error)?;
    }
    let head = source.finish(&mut shown)?;
    let mut diagnostics = finished(shown.sink, "a temporary file")?;
    let Some(head) = head.filter(|_| shown.errors == 0) else {
        let mut stderr = std::io::stderr().lock();
        diagnostics.copy_to(&mut stderr).map_err(print_error)?;
        return Ok(Verdict::Findings);
    };
    let mut parts = parts.into_inner();
    write_with(None, |out| {
        let mut out = std::io::BufWriter::new(out);
        write_document::<S::C>(&head, version, &mut out, |out| parts.copy_to(out).map(drop))
            .and_then(|()| out.write_all(b"\n"))
            .and_then(|()| out.flush())
    })?;
    Ok(Verdict::Clean)
}
