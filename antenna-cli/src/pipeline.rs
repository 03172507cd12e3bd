//! One pipeline for every command: a source read as head and parts, each
//! part made an entry of the model, each entry written by a sink.
//!
//! ```text
//! source ──head──▶ head_to_feed ─feed─▶ stamp, fit ─▶ head_from_feed ──▶ target
//!        ──part──▶ part_to_entry ─entry─▶ fit ──────▶ part_from_entry ─▶ target.push
//!                     │                    │               │
//!                     └──── losses ────────┴───────────────┴──▶ ledger
//! ```
//!
//! - Sources ([`source`]): a file held in memory, read by its format's
//!   part reader; a LIRS file read from disk record by record, in two
//!   passes.
//! - Sinks: a format's part writer ([`target`]), a propagation run
//!   ([`gather`]), the diagnostics' renderers ([`report`]).
//! - The [`ledger`] holds the losses and is the one place that says in
//!   which order they are printed.
//!
//! Each command is one function generic over the source's format `C` and
//! the target's `T` ([`antenna_model::PartCodec`]), called through
//! `with_source!` and `with_target!`, the only places that name a
//! format: no path is written for a pair of formats, and a fourth format
//! needs nothing here but its line in each.

pub mod batch;
pub mod gather;
pub mod ledger;
pub mod report;
pub mod source;
pub mod summary;
pub mod target;

use std::io::IsTerminal as _;
use std::path::Path;

use antenna_model::parts::Counted;
use antenna_model::{Codec as _, DiagnosticSink, Format, Loss, PartCodec};

use crate::args::{ConvertArgs, Look, Output};
use crate::encoding::describe;
use crate::io::{copy_output, say};
use crate::render::{FileResult, plural};
use crate::{Fatal, Verdict, stamp};
use ledger::{Ledger, Section};
use report::{Human, Shown};
use source::{LirsFile, Source};
use summary::Summing;
use target::Target;

/// Runs `$body` with `$C` the codec of `$format`.
#[macro_export]
macro_rules! with_codec {
    ($format:expr, $C:ident => $body:expr) => {
        match $format {
            antenna_model::Format::HinaDi => {
                type $C = hina_di::HinaDi;
                $body
            }
            antenna_model::Format::Lirs => {
                type $C = lirs::Lirs;
                $body
            }
            antenna_model::Format::Rss2 => {
                type $C = rss2::Rss2;
                $body
            }
        }
    };
}

/// Runs `$body` with `$source` the [`Source`] of `$input` (an [`Input`]),
/// read strictly when `$strict`.
#[macro_export]
macro_rules! with_source {
    ($input:expr, $strict:expr, |$source:ident| $body:expr) => {
        match $input {
            $crate::pipeline::Input::File(file) => {
                let $source = *file;
                $body
            }
            $crate::pipeline::Input::Held { bytes, format } => match format {
                antenna_model::Format::HinaDi => {
                    let $source =
                        $crate::pipeline::source::Held::<hina_di::HinaDi>::new(&bytes, $strict);
                    $body
                }
                antenna_model::Format::Lirs => {
                    let $source =
                        $crate::pipeline::source::Held::<lirs::Lirs>::new(&bytes, $strict);
                    $body
                }
                // XML is read whole: its bytes are let go of once read.
                antenna_model::Format::Rss2 => {
                    let $source =
                        $crate::pipeline::source::Whole::<rss2::Rss2, _>::new(bytes, $strict);
                    $body
                }
            },
            $crate::pipeline::Input::Refused { format, diagnostic } => {
                $crate::with_codec!(format, RefusedAs => {
                    let $source = $crate::pipeline::source::Refused::<RefusedAs>::new(diagnostic);
                    $body
                })
            }
        }
    };
}

/// Runs `$body` with `$T` the codec of `$to` and `$options` its write
/// options: `--gzip` and `--encoding` (`$gzip`, `$encoding`) where the
/// format takes them in its options (a HINA-DI file's charset is in its
/// header, which the encoding's fit sets), and RSS with the `antenna`
/// module or, `$plain` (`--no-antenna-module`), without
/// (`rss2::Rss2Plain`).
#[macro_export]
macro_rules! with_target {
    ($to:expr, $gzip:expr, $encoding:expr, $plain:expr, |$T:ident, $options:ident| $body:expr) => {
        match $to {
            antenna_model::Format::HinaDi => {
                type $T = hina_di::HinaDi;
                let $options = hina_di::WriteOptions::default();
                $body
            }
            antenna_model::Format::Lirs => {
                type $T = lirs::Lirs;
                let $options = lirs::WriteOptions::default()
                    .with_gzip($gzip)
                    .with_encoding($encoding.lirs_encoding());
                $body
            }
            antenna_model::Format::Rss2 if $plain => {
                type $T = rss2::Rss2Plain;
                let $options = rss2::WriteOptions::default();
                $body
            }
            antenna_model::Format::Rss2 => {
                type $T = rss2::Rss2;
                let $options = rss2::WriteOptions::default();
                $body
            }
        }
    };
}

/// An input named on the command line, ready to be read.
pub enum Input {
    /// A LIRS file (or standard input's copy), read from disk record by
    /// record.
    File(Box<LirsFile>),
    /// Any other file, or standard input that is not LIRS (any, for
    /// `merge`), held in memory (decompressed, when it is gzip-wrapped
    /// HINA-DI or RSS).
    Held { bytes: Vec<u8>, format: Format },
    /// A file of `format` refused before it is read, for `diagnostic`
    /// (gzip past the size limit).
    Refused {
        format: Format,
        diagnostic: antenna_model::Diagnostic,
    },
}

impl Input {
    /// `path` (named `name`), its format detected from its content. With
    /// `stream_stdin`, standard input is copied to a temporary file and
    /// read as a named file is (a LIRS one record by record, issue #28);
    /// else it is held: `merge` reads a streamed source again by its path
    /// when a `Virtual` block names it, and standard input cannot be read
    /// again.
    pub fn open(
        path: &Path,
        name: &str,
        strict: bool,
        stream_stdin: bool,
    ) -> Result<Input, batch::Problem> {
        let unreadable = |e: std::io::Error| batch::Problem::Unreadable(e.to_string());
        let bytes = if stream_stdin && path == Path::new("-") {
            match LirsFile::stdin_or_bytes(strict).map_err(unreadable)? {
                Ok(file) => return Ok(Input::File(Box::new(file))),
                Err(bytes) => bytes,
            }
        } else if let Some(file) = LirsFile::open(path, name, strict).map_err(unreadable)? {
            return Ok(Input::File(Box::new(file)));
        } else {
            crate::io::read_bytes(path).map_err(unreadable)?
        };
        let format = Format::detect(&bytes).ok_or(batch::Problem::Unknown)?;
        batch::held(bytes, format)
    }
}

/// Standard error's error.
pub fn print_error(e: std::io::Error) -> Fatal {
    crate::io::write_error("standard error", &e)
}

/// The diagnostics of the file `name` (whose text is `lines`), shown on
/// standard error as `look` says, and counted.
fn on_stderr<'i>(name: &str, lines: report::Lines<'i>, look: Look) -> Counted<Shown<'i>> {
    let stderr = std::io::stderr();
    Counted::new(if look.format == Output::Json {
        Shown::Json(report::Json::new(name, stderr))
    } else {
        let style = crate::render::style_for(stderr.is_terminal());
        Shown::Human(Human::new(name, lines, style, stderr).errors_only(crate::io::quiet()))
    })
}

/// A source's reading to the model: each part's entry (with the part's
/// losses in [`Section::SourceParts`]), then the head's losses in
/// [`Section::SourceHead`] once the reading is finished.
struct Reading<'s, S> {
    source: &'s mut S,
    /// Parts read so far.
    parts: usize,
    losses: Vec<Loss>,
}

impl<'i, S: Source<'i>> Reading<'_, S> {
    /// The next part's entry: `Some(None)` for a part that makes none,
    /// `None` at the end.
    #[allow(
        clippy::option_option,
        reason = "a part without an entry is not the end"
    )]
    fn next_entry(
        &mut self,
        sink: &mut dyn DiagnosticSink,
        ledger: &mut Ledger,
    ) -> Result<Option<Option<antenna_model::Entry>>, Fatal> {
        let Some(part) = self.source.next_part(sink) else {
            return Ok(None);
        };
        self.losses.clear();
        let entry = S::C::part_to_entry(&part, self.parts, &mut self.losses);
        self.parts += 1;
        ledger.record(Section::SourceParts, &self.losses)?;
        Ok(Some(entry))
    }

    /// Ends the reading: whether the input was accepted (no error among
    /// the diagnostics `sink` counted), its head's losses recorded.
    fn finish<K: DiagnosticSink>(
        self,
        sink: &mut Counted<K>,
        ledger: &mut Ledger,
    ) -> Result<bool, Fatal> {
        let Some(head) = self.source.finish(sink)? else {
            return Ok(false);
        };
        let mut losses = Vec::new();
        S::C::head_to_feed(&head, &mut losses);
        ledger.record(Section::SourceHead, &losses)?;
        Ok(sink.errors == 0)
    }
}

fn reading<'s, 'i, S: Source<'i>>(source: &'s mut S) -> Reading<'s, S> {
    Reading {
        source,
        parts: 0,
        losses: Vec::new(),
    }
}

/// `antenna check` of one file: each diagnostic to `sink`, its parts
/// counted.
pub fn check<'i, S: Source<'i>>(
    mut source: S,
    sink: &mut dyn DiagnosticSink,
) -> Result<FileResult, Fatal> {
    let mut counted = Counted::new(sink);
    let started = source.start(&mut counted)?.is_some();
    let mut parts = 0usize;
    while let Some(part) = source.next_part(&mut counted) {
        parts += usize::from(S::C::is_counted(&part));
    }
    source.finish(&mut counted)?;
    let format = S::C::FORMAT;
    let rejected = !started || counted.errors > 0;
    let summary = if rejected {
        "rejected".to_owned()
    } else {
        let name = format.part_name();
        format!("{parts} {name}{}", plural(parts))
    };
    Ok(FileResult {
        format,
        rejected,
        errors: counted.errors,
        warnings: counted.warnings,
        summary,
    })
}

/// `antenna convert` of `source` (named `name`) to `T`, written with
/// `options`: its diagnostics shown as they come, its parts converted
/// and written into a spool as they are read, the losses in the
/// [`Ledger`]; all let out at the end, unless the file was rejected, has
/// no entry for a format that needs one, a loss is refused or the output
/// refuses a part. What stops the output (an option that does not fit it)
/// is said where the file read whole says it: after the diagnostics and
/// "no entries".
pub fn convert<'i, S: Source<'i>, T: PartCodec>(
    mut source: S,
    args: &ConvertArgs,
    name: &str,
    options: &T::WriteOptions,
) -> Result<Verdict, Fatal> {
    let mut ledger = Ledger::new(None, args.look)?;
    let mut shown = on_stderr(name, source.lines(), args.look);
    let head = source.start(&mut shown)?;
    let mut prepared = head.map(|mut head| {
        let mut changes = stamp::stamp_writer(&mut head, args, name)?;
        let (fit, fitted) = args.encoding.fit(T::FORMAT, &mut head)?;
        changes.extend(fitted);
        ledger.record(Section::HeadChanges, &changes)?;
        Ok::<_, Fatal>((head, fit))
    });
    // The output's head may need to know of the entries first: a pass
    // of its own, until what it needs is settled.
    let mut summing = Summing::<T>::new();
    if let Some(Ok((_, fit))) = &mut prepared {
        summing.survey(&mut source, fit)?;
    }
    let (mut output, stopped) = match prepared {
        Some(Ok((head, fit))) => {
            let target = Target::<T>::new(&head, summing.summary(), options, &mut ledger)?;
            (Some((target, fit, head)), None)
        }
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    };
    let mut entries = 0usize;
    // Entries that name a page: those a format of pages can write
    // (`Entry::names_page`).
    let mut pages = 0usize;
    let mut reading = reading(&mut source);
    while let Some(entry) = reading.next_entry(&mut shown, &mut ledger)? {
        let Some(mut entry) = entry else {
            continue;
        };
        summing.entry(reading.parts - 1);
        entries += 1;
        pages += usize::from(entry.names_page());
        if let Some((target, fit, _)) = &mut output {
            ledger.fit(fit, &mut entry)?;
            target.push(&entry, S::DISTINCT, &mut ledger)?;
        }
    }
    let accepted = reading.finish(&mut shown, &mut ledger)?;
    shown.sink.finish()?;
    if !accepted {
        return rejected(name);
    }
    // The two passes agree on the parts the survey saw (all of them,
    // unless it ended once the summary was settled: `Summing::finish`).
    let recounted = summing.finish(name)?;
    let mut stderr = crate::io::notes();
    if pages == 0 && T::FORMAT.needs_an_entry() {
        ledger.print_source(&mut stderr)?;
        return no_entries(name, args.to, entries);
    }
    if let Some(e) = stopped {
        return Err(e);
    }
    let Some((mut target, _, head)) = output else {
        return Err(Fatal(format!("the {} writer was not made", args.to)));
    };
    // Entries counted after the survey ended: the head written first said
    // fewer.
    if recounted {
        target.rehead(&head, summing.summary(), options, &mut ledger)?;
    }
    let losses = ledger.print(&mut stderr)?;
    drop(stderr);
    if loss_refused(args, name, losses)? {
        return Ok(Verdict::Findings);
    }
    match target.finish()? {
        Ok(mut written) => {
            copy_output(args.output.as_deref(), &mut written)?;
            Ok(Verdict::Clean)
        }
        Err(e) => cannot_write(name, args.to, &describe::<T>(&e)),
    }
}

/// Reads `source` (named `name`) into the model, showing its diagnostics
/// and losses (`loss: NAME: ...`) on standard error as `merge` does, as
/// `look` says; `None` when it is rejected.
pub fn read_feed<'i, S: Source<'i>>(
    mut source: S,
    name: &str,
    look: Look,
) -> Result<Option<antenna_model::Feed>, Fatal> {
    let mut shown = on_stderr(name, source.lines(), look);
    let mut ledger = Ledger::new(Some(name), look)?;
    let feed = fold(&mut source, &mut shown, &mut ledger)?;
    shown.sink.finish()?;
    if feed.is_some() {
        ledger.print_source(&mut crate::io::notes())?;
    }
    Ok(feed)
}

/// `source` read whole into a feed, its diagnostics to `sink` and its
/// losses to `ledger`; `None` when it is rejected.
pub fn fold<'i, S: Source<'i>, K: DiagnosticSink>(
    source: &mut S,
    sink: &mut Counted<K>,
    ledger: &mut Ledger,
) -> Result<Option<antenna_model::Feed>, Fatal> {
    let Some(mut feed) = source.start(sink)? else {
        return Ok(None);
    };
    let mut reading = reading(source);
    while let Some(entry) = reading.next_entry(sink, ledger)? {
        feed.entries.extend(entry);
    }
    Ok(reading.finish(sink, ledger)?.then_some(feed))
}

/// Says that `name` was rejected.
fn rejected(name: &str) -> Result<Verdict, Fatal> {
    say(format_args!(
        "antenna: {name} was rejected; nothing was converted"
    ))?;
    Ok(Verdict::Findings)
}

/// Says that `name` has no entries for a `to` file, which needs one:
/// none at all, or `entries` that name no page.
fn no_entries(name: &str, to: Format, entries: usize) -> Result<Verdict, Fatal> {
    let why = match entries {
        0 => String::new(),
        1 => " (its one item names no page)".to_owned(),
        n => format!(" (its {n} items name no page)"),
    };
    say(format_args!(
        "antenna: {name} has no entries to convert{why}, and a {to} file needs at least one; nothing was written"
    ))?;
    Ok(Verdict::Findings)
}

/// Says that `name` cannot be written as `to`, because of `error`, and
/// names `--encoding utf-8` when the error is a character the output
/// encoding lacks and does not name an option itself.
fn cannot_write(name: &str, to: Format, error: &str) -> Result<Verdict, Fatal> {
    say(format_args!(
        "antenna: cannot write {name} as {to}: {error}"
    ))?;
    if error.contains("cannot encode") && !error.contains("--encoding") {
        say(format_args!(
            "antenna: `--encoding utf-8` writes the file in UTF-8, which holds every character"
        ))?;
    }
    Ok(Verdict::Findings)
}

/// `true`, having said so, when `--deny-loss` refuses `losses` losses.
fn loss_refused(args: &ConvertArgs, name: &str, losses: usize) -> Result<bool, Fatal> {
    if !args.deny_loss || losses == 0 {
        return Ok(false);
    }
    say(format_args!(
        "antenna: converting {name} to {} would lose {losses} field{}; nothing was written (--deny-loss)",
        args.to,
        plural(losses)
    ))?;
    Ok(true)
}
