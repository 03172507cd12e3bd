//! LIRS files named on the command line, read record by record
//! (`lirs::RecordReader`) in `check` and `convert --to lirs|rss2`: memory does
//! not grow with the file, but for the set of URLs that §3.5's duplicate
//! check needs (the reader's own, about 70 bytes a record). What is printed
//! and written is what reading the file whole gives, diagnostics with their
//! line and caret included (see [`crate::window`]).
//!
//! One difference is by nature: a gzip file that turns out corrupt part
//! way is reported with the diagnostics of the records before the damage,
//! where the whole-file reader, which decompresses first, reports the
//! damage alone.

use std::cell::RefCell;
use std::io::{BufRead, BufReader, IsTerminal as _, Read, Write};
use std::path::Path;
use std::rc::Rc;

use antenna_conformance::protocol;
use antenna_model::{Codec, Diagnostic, Format, Loss, Severity};
use lirs::Lirs;

use crate::commands::ConvertArgs;
use crate::render::Excerpt;
use crate::spool::Spool;
use crate::window::{Tee, Window};
use crate::{Fatal, stamp};

/// How much of a file is looked at to tell whether it is LIRS.
const HEAD: u64 = 64 * 1024;

/// A LIRS file being read record by record.
pub struct LirsStream {
    reader: lirs::RecordReader<Box<dyn BufRead + 'static>>,
    window: Rc<RefCell<Window>>,
}

/// What a stream held, once read.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    /// Records read without an error.
    pub records: usize,
    /// Error diagnostics.
    pub errors: usize,
    /// Warning diagnostics.
    pub warnings: usize,
    /// Comment lines (starting with `#`).
    pub comments: usize,
}

impl LirsStream {
    /// `path` as a stream when it is a LIRS file (gzip or plain); `None`
    /// for standard input and files of other formats, which are read whole.
    pub fn open(path: &Path, name: &str, strict: bool) -> Result<Option<Self>, Fatal> {
        if path == Path::new("-") {
            return Ok(None);
        }
        let io_error = |e: std::io::Error| Fatal(format!("cannot read {name}: {e}"));
        let Ok(file) = std::fs::File::open(path) else {
            // Reading it whole gives the error.
            return Ok(None);
        };
        let mut head = Vec::new();
        (&file)
            .take(HEAD)
            .read_to_end(&mut head)
            .map_err(io_error)?;
        if Format::detect(&head) != Some(Format::Lirs) {
            return Ok(None);
        }
        let file = std::fs::File::open(path).map_err(io_error)?;
        LirsStream::new(BufReader::new(file), strict)
            .map(Some)
            .map_err(io_error)
    }

    /// `source` (gzip or plain LIRS) as a stream.
    pub fn new(source: impl BufRead + 'static, strict: bool) -> std::io::Result<Self> {
        let window = Window::shared();
        let tee_window = Rc::clone(&window);
        let options = Lirs::read_options(strict);
        let reader = lirs::RecordReader::sniff_through(source, options, |text| {
            Box::new(Tee::new(text, tee_window))
        })?
        .with_duplicate_detection(true);
        Ok(LirsStream { reader, window })
    }

    /// Reads the whole stream: each diagnostic goes to `show` with the
    /// lines it points at, in the order of the file, each record read
    /// without an error to `record`.
    pub fn run(
        mut self,
        mut show: impl FnMut(&Diagnostic, Excerpt<'_>) -> Result<(), Fatal>,
        mut record: impl FnMut(lirs::Record) -> Result<(), Fatal>,
    ) -> Result<Tally, Fatal> {
        let mut tally = Tally::default();
        let mut show_all = |diagnostics: &[Diagnostic], tally: &mut Tally| {
            if diagnostics.is_empty() {
                return Ok(());
            }
            let window = self.window.borrow();
            let index = window.index();
            for d in diagnostics {
                match d.severity {
                    Severity::Error => tally.errors += 1,
                    Severity::Warning => tally.warnings += 1,
                }
                show(d, window.excerpt(&index))?;
            }
            Ok(())
        };
        for item in self.reader.by_ref() {
            match item {
                Ok(parsed) => {
                    show_all(&parsed.diagnostics, &mut tally)?;
                    tally.records += 1;
                    record(parsed.document)?;
                }
                Err(rejected) => show_all(&rejected.diagnostics, &mut tally)?,
            }
            self.window.borrow_mut().advance(true);
        }
        let trailing = self.reader.take_trailing_diagnostics();
        show_all(&trailing, &mut tally)?;
        self.window.borrow_mut().advance(false);
        tally.comments = self.window.borrow().comments();
        Ok(tally)
    }
}

/// `antenna convert` of a LIRS file to LIRS, record by record: each record
/// goes through the feed model as it would read whole, the written records
/// and the losses are spooled, and all is let out at the end, in the order
/// of the whole-file conversion, unless the file was rejected or a loss is
/// refused.
pub fn convert_lirs(
    stream: LirsStream,
    args: &ConvertArgs,
    name: &str,
) -> Result<crate::Verdict, Fatal> {
    use crate::Verdict;
    let style = crate::render::Style::for_stream(std::io::stderr().is_terminal());
    let encoding = args.encoding.lirs_encoding();
    let mut feed_losses = Spool::new()?;
    let mut changes = Spool::new()?;
    let mut converted_losses = Spool::new()?;
    let mut losses = 0usize;
    let output = Spool::new()?;
    let mut output = if args.gzip {
        Output::Gzip(Box::new(
            flate2::GzBuilder::new()
                .mtime(0)
                .write(output, flate2::Compression::new(lirs::DEFAULT_GZIP_LEVEL)),
        ))
    } else {
        Output::Plain(output)
    };
    let (mut entries, mut written) = (0usize, 0usize);
    let mut write_error = None;
    let mut buf = Vec::new();
    let tally = stream.run(
        |d, excerpt| {
            eprint!("{}", crate::render::human_in(name, Some(excerpt), d, style));
            Ok(())
        },
        |record| {
            let mut feed = record_feed(record);
            losses += print_losses(&mut feed_losses, &feed.losses).map_err(spool_error)?;
            if feed.document.entries.is_empty() {
                return Ok(());
            }
            entries += 1;
            let made = args.encoding.apply(Format::Lirs, &mut feed.document)?;
            losses += print_losses(&mut changes, &made).map_err(spool_error)?;
            let converted = Lirs::from_feed(&feed.document);
            losses +=
                print_losses(&mut converted_losses, &converted.losses).map_err(spool_error)?;
            for record in &converted.document.records {
                if write_error.is_none() {
                    buf.clear();
                    match lirs::write_record(record, written, encoding, &mut buf) {
                        Ok(()) => output.write_all(&buf).map_err(spool_error)?,
                        Err(e) => write_error = Some(e),
                    }
                }
                written += 1;
            }
            Ok(())
        },
    )?;
    if tally.errors > 0 {
        eprintln!("antenna: {name} was rejected; nothing was converted");
        return Ok(Verdict::Findings);
    }
    // The comment lines' loss comes first, as `lirs::to_feed` lists it.
    let comments: Vec<Loss> = lirs::comment_loss(tally.comments).into_iter().collect();
    losses += comments.len();
    let mut stderr = std::io::stderr().lock();
    let print_error = |e: std::io::Error| Fatal(format!("cannot write to standard error: {e}"));
    print_losses(&mut stderr, &comments).map_err(print_error)?;
    feed_losses.copy_to(&mut stderr).map_err(print_error)?;
    if entries == 0 {
        drop(stderr);
        eprintln!(
            "antenna: {name} has no entries to convert, and a {} file needs at least one; nothing was written",
            args.to
        );
        return Ok(Verdict::Findings);
    }
    // `convert` stamps nothing on LIRS output (it has no field for it);
    // the call keeps its checks of the options.
    let stamped = stamp::stamp_writer(&mut antenna_model::Feed::new(), args, name)?;
    losses += print_losses(&mut stderr, &stamped).map_err(print_error)?;
    changes.copy_to(&mut stderr).map_err(print_error)?;
    converted_losses.copy_to(&mut stderr).map_err(print_error)?;
    drop(stderr);
    if loss_refused(args, name, losses) {
        return Ok(Verdict::Findings);
    }
    if let Some(e) = write_error {
        eprintln!(
            "antenna: cannot write {name} as {}: {}",
            args.to,
            crate::encoding::describe_lirs_error(e)
        );
        return Ok(Verdict::Findings);
    }
    let mut output = output.finish().map_err(spool_error)?;
    crate::commands::copy_output(args.output.as_deref(), &mut output)?;
    Ok(Verdict::Clean)
}

/// `antenna convert` of a LIRS file to RSS 2.0, in two passes over the
/// file, so that neither the records nor the items are ever held together.
/// The channel comes before the items and says how many there are, who
/// the first is and whether any needs the `dc` namespace, so the first
/// pass shows the diagnostics and sums the entries up
/// ([`rss2::ChannelSummary`]); the second converts each record again and
/// writes its item ([`rss2::StreamWriter`]) into a spool, with the losses,
/// all let out at the end in the order of the whole-file conversion unless
/// the file was rejected, a loss is refused or an item cannot be written.
pub fn convert_rss2(
    stream: LirsStream,
    args: &ConvertArgs,
    name: &str,
) -> Result<crate::Verdict, Fatal> {
    use crate::Verdict;
    let style = crate::render::Style::for_stream(std::io::stderr().is_terminal());
    // Whether the output encoding is one RSS is written in is known before
    // any record: the error is given where the whole-file conversion gives
    // it, after the diagnostics.
    let fits = args
        .encoding
        .apply(args.to, &mut antenna_model::Feed::new());
    let mut summary = rss2::ChannelSummary::default();
    let tally = stream.run(
        |d, excerpt| {
            eprint!("{}", crate::render::human_in(name, Some(excerpt), d, style));
            Ok(())
        },
        |record| {
            let mut feed = record_feed(record).document;
            if fits.is_ok() {
                args.encoding.apply(args.to, &mut feed)?;
            }
            for entry in &feed.entries {
                summary.add(entry);
            }
            Ok(())
        },
    )?;
    if tally.errors > 0 {
        eprintln!("antenna: {name} was rejected; nothing was converted");
        return Ok(Verdict::Findings);
    }
    // The feed as `lirs::to_feed` makes it, but its entries.
    let mut head = Lirs::to_feed(&lirs::Document::default()).document;
    let mut changes = stamp::stamp_writer(&mut head, args, name)?;
    changes.extend(args.encoding.apply(args.to, &mut head)?);
    let channel = rss2::channel_from_feed(&head, &summary);
    drop(head);

    let Some(stream) = LirsStream::open(&args.input, name, args.strict)? else {
        return Err(Fatal(format!("{name} changed while it was read")));
    };
    let mut feed_losses = Spool::new()?;
    let mut entry_changes = Spool::new()?;
    let mut item_losses = Spool::new()?;
    let mut losses = 0usize;
    let mut entries = 0usize;
    let options = rss2::WriteOptions::default();
    // Once an item cannot be written, the error is kept and no more is.
    let mut writer = written(rss2::StreamWriter::new(
        Spool::new()?,
        &channel.document,
        &options,
    ))?;
    stream.run(
        |_, _| Ok(()),
        |record| {
            let feed = record_feed(record);
            losses += print_losses(&mut feed_losses, &feed.losses).map_err(spool_error)?;
            let mut feed = feed.document;
            let made = args.encoding.apply(args.to, &mut feed)?;
            losses += print_losses(&mut entry_changes, &made).map_err(spool_error)?;
            for entry in &feed.entries {
                entries += 1;
                let item = rss2::item_from_entry(entry);
                losses += print_losses(&mut item_losses, &item.losses).map_err(spool_error)?;
                if let Ok(w) = &mut writer
                    && let Err(e) = written(w.item(&item.document))?
                {
                    writer = Err(e);
                }
            }
            Ok(())
        },
    )?;
    if entries != summary.count() {
        return Err(Fatal(format!("{name} changed while it was read")));
    }
    // The losses in the order `convert` gives them for the file read
    // whole: the source's (its comment lines first), the changes made to
    // fit the output, then those of writing RSS (the channel's first).
    let comments: Vec<Loss> = lirs::comment_loss(tally.comments).into_iter().collect();
    losses += comments.len() + changes.len() + channel.losses.len();
    let mut stderr = std::io::stderr().lock();
    let print_error = |e: std::io::Error| Fatal(format!("cannot write to standard error: {e}"));
    print_losses(&mut stderr, &comments).map_err(print_error)?;
    feed_losses.copy_to(&mut stderr).map_err(print_error)?;
    print_losses(&mut stderr, &changes).map_err(print_error)?;
    entry_changes.copy_to(&mut stderr).map_err(print_error)?;
    print_losses(&mut stderr, &channel.losses).map_err(print_error)?;
    item_losses.copy_to(&mut stderr).map_err(print_error)?;
    drop(stderr);
    if loss_refused(args, name, losses) {
        return Ok(Verdict::Findings);
    }
    let finished = match writer {
        Ok(writer) => written(writer.finish())?,
        Err(e) => Err(e),
    };
    let mut output = match finished {
        Ok(output) => output,
        Err(e) => {
            eprintln!("antenna: cannot write {name} as {}: {e}", args.to);
            return Ok(Verdict::Findings);
        }
    };
    crate::commands::copy_output(args.output.as_deref(), &mut output)?;
    Ok(Verdict::Clean)
}

/// `antenna decode --format lirs`: the protocol JSON of standard input,
/// read record by record. Each record's JSON is the protocol's own (of a
/// document holding that record alone), spooled until the input is known
/// not rejected, then put in the protocol's document object where its empty
/// `records` array is. Rejected, the diagnostics are shown as for a file
/// read whole, and no JSON.
pub fn decode_lirs(version: protocol::Version) -> Result<crate::Verdict, Fatal> {
    let name = "<stdin>";
    let spool_error = |e: std::io::Error| Fatal(format!("cannot write a temporary file: {e}"));
    let stream = LirsStream::new(std::io::stdin().lock(), false)
        .map_err(|e| Fatal(format!("cannot read standard input: {e}")))?;
    let style = crate::render::Style::for_stream(std::io::stderr().is_terminal());
    let mut shown = Spool::new()?;
    let mut records = Spool::new()?;
    let mut first = true;
    let tally = stream.run(
        |d, excerpt| {
            write!(
                shown,
                "{}",
                crate::render::human_in(name, Some(excerpt), d, style)
            )
            .map_err(spool_error)
        },
        |record| {
            let document = lirs::Document {
                records: vec![record],
                ..lirs::Document::default()
            };
            let json = protocol::lirs_json(&document, version);
            let record = json.get("records").and_then(|r| r.get(0));
            if !first {
                records.write_all(b",").map_err(spool_error)?;
            }
            first = false;
            serde_json::to_writer(&mut records, &record)
                .map_err(|e| spool_error(std::io::Error::from(e)))
        },
    )?;
    if tally.errors > 0 {
        let mut stderr = std::io::stderr().lock();
        shown
            .copy_to(&mut stderr)
            .map_err(|e| Fatal(format!("cannot write to standard error: {e}")))?;
        return Ok(crate::Verdict::Findings);
    }
    let empty = protocol::lirs_json(&lirs::Document::default(), version).to_string();
    let Some((head, tail)) = empty.split_once(EMPTY_RECORDS) else {
        return Err(Fatal(format!(
            "the protocol's LIRS document has no `{EMPTY_RECORDS}` to put the records in"
        )));
    };
    let stdout = std::io::stdout().lock();
    let mut out = std::io::BufWriter::new(stdout);
    out.write_all(head.as_bytes())
        .and_then(|()| out.write_all(b"\"records\":["))
        .and_then(|()| records.copy_to(&mut out).map(drop))
        .and_then(|()| out.write_all(b"]"))
        .and_then(|()| out.write_all(tail.as_bytes()))
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| Fatal(format!("cannot write to standard output: {e}")))?;
    Ok(crate::Verdict::Clean)
}

/// `true`, having said so, when `--deny-loss` refuses `losses` losses.
fn loss_refused(args: &ConvertArgs, name: &str, losses: usize) -> bool {
    if !args.deny_loss || losses == 0 {
        return false;
    }
    eprintln!(
        "antenna: converting {name} to {} would lose {losses} field{}; nothing was written (--deny-loss)",
        args.to,
        if losses == 1 { "" } else { "s" }
    );
    true
}

/// The feed `lirs::to_feed` makes of a document holding `record` alone.
fn record_feed(record: lirs::Record) -> antenna_model::Converted<antenna_model::Feed> {
    Lirs::to_feed(&lirs::Document {
        records: vec![record],
        ..lirs::Document::default()
    })
}

/// What writing RSS into a spool gave: the spool's error is fatal; what
/// the document holds that cannot be written is the conversion's finding,
/// kept inside.
fn written<T>(result: Result<T, rss2::StreamError>) -> Result<Result<T, rss2::WriteError>, Fatal> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(rss2::StreamError::Invalid(e)) => Ok(Err(e)),
        Err(rss2::StreamError::Io(e)) => Err(spool_error(e)),
        Err(e) => Err(Fatal(format!("cannot write a temporary file: {e}"))),
    }
}

/// A temporary file's error.
fn spool_error(e: std::io::Error) -> Fatal {
    Fatal(format!("cannot write a temporary file: {e}"))
}

/// The protocol's empty records array, as `serde_json` writes it.
const EMPTY_RECORDS: &str = "\"records\":[]";

/// Where written records go: plain, or through gzip, into a spool.
enum Output {
    Plain(Spool),
    Gzip(Box<flate2::write::GzEncoder<Spool>>),
}

impl Output {
    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match self {
            Output::Plain(spool) => spool.write_all(bytes),
            Output::Gzip(encoder) => encoder.write_all(bytes),
        }
    }

    fn finish(self) -> std::io::Result<Spool> {
        match self {
            Output::Plain(spool) => Ok(spool),
            Output::Gzip(encoder) => encoder.finish(),
        }
    }
}

/// Writes each loss as `convert` prints it; returns how many.
fn print_losses(out: &mut dyn Write, losses: &[Loss]) -> std::io::Result<usize> {
    for loss in losses {
        writeln!(out, "loss: {loss}")?;
    }
    Ok(losses.len())
}
