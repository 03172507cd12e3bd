//! HINA-DI read block by block (`hina_di::BlockReader`) in `check` and
//! `decode`: the file's bytes are held, but its document never is, so
//! memory stays near the input's size. What is printed is what reading the
//! file whole prints: the reader gives the same diagnostics in the same
//! order (`hina-di/tests/block_reader.rs`), and the decoder's JSON the same
//! bytes (`conformance/tests/hina_di_streamed.rs`).

use std::cell::OnceCell;
use std::io::{IsTerminal as _, Write as _};

use antenna_conformance::protocol;
use antenna_model::{Diagnostic, Format, LineIndex, Severity};
use hina_di::{BlockReader, ReadOptions};

use crate::render::{self, Style};
use crate::{Fatal, Verdict};

/// Reads `bytes` block by block, giving each part's diagnostics to
/// `each` in order; the number of entity blocks kept (not discarded), or
/// `None` when the file is not a HINA-DI 2 file at all.
fn read(bytes: &[u8], strict: bool, mut each: impl FnMut(Vec<Diagnostic>)) -> Option<usize> {
    let options = if strict {
        ReadOptions::strict()
    } else {
        ReadOptions::lenient()
    };
    let mut reader = match BlockReader::new(bytes, &options) {
        Ok(reader) => reader,
        Err(rejected) => {
            each(rejected.diagnostics);
            return None;
        }
    };
    each(reader.take_diagnostics());
    let mut kept = 0;
    while let Some(block) = reader.next_block() {
        kept += usize::from(!block.is_discarded());
        each(reader.take_diagnostics());
    }
    each(reader.take_diagnostics());
    Some(kept)
}

/// `antenna check` of a HINA-DI file, `bytes`, named `name`: prints its
/// diagnostics (or adds them to `all_json`) and its summary as the whole
/// read does; `true` when it has errors.
pub fn check(
    bytes: &[u8],
    name: &str,
    strict: bool,
    json: bool,
    style: Style,
    all_json: &mut Vec<serde_json::Value>,
) -> bool {
    // Made on the first diagnostic: a clean file never pays for it.
    let index = OnceCell::new();
    let (mut errors, mut warnings) = (0, 0);
    let kept = read(bytes, strict, |diagnostics| {
        for d in &diagnostics {
            if d.severity == Severity::Error {
                errors += 1;
            } else if d.severity == Severity::Warning {
                warnings += 1;
            }
            if json {
                all_json.push(render::json(name, d));
            } else {
                let index = index.get_or_init(|| LineIndex::new(bytes));
                println!("{}", render::human(name, Some((bytes, index)), d, style));
            }
        }
    });
    if !json {
        let summary = match kept {
            Some(kept) if errors == 0 => crate::formats::count(kept, "entity block"),
            _ => "rejected".to_owned(),
        };
        println!(
            "{name}: {}, {summary}: {errors} error{}, {warnings} warning{}",
            Format::HinaDi,
            plural(errors),
            plural(warnings)
        );
    }
    errors > 0
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `antenna decode --format hina-di` of `bytes` (standard input): the
/// decoder's JSON, written block by block once a first pass has found the
/// file accepted; the diagnostics on standard error when it is rejected.
pub fn decode(bytes: &[u8], version: protocol::Version) -> Result<Verdict, Fatal> {
    let mut errors = 0;
    read(bytes, false, |diagnostics| {
        errors += diagnostics.iter().filter(|d| d.is_error()).count();
    });
    if errors > 0 {
        // Read again to show why, as the whole read shows it.
        let style = Style::for_stream(std::io::stderr().is_terminal());
        let index = LineIndex::new(bytes);
        read(bytes, false, |diagnostics| {
            for d in &diagnostics {
                eprint!(
                    "{}",
                    render::human("<stdin>", Some((bytes, &index)), d, style)
                );
            }
        });
        return Ok(Verdict::Findings);
    }
    let cannot = |e: std::io::Error| Fatal(format!("cannot write to standard output: {e}"));
    // Accepted by the first pass, so by this one too.
    let Ok(mut reader) = BlockReader::new(bytes, &ReadOptions::lenient()) else {
        return Ok(Verdict::Findings);
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    protocol::write_hina_di_streamed(&mut reader, version, &mut out).map_err(cannot)?;
    out.write_all(b"\n")
        .and_then(|()| out.flush())
        .map_err(cannot)?;
    Ok(Verdict::Clean)
}
