//! What the streamed conversions share once their input is read: where
//! their output is spooled (LIRS records, RSS items), how their losses are
//! printed, and the sentences that end them. Each says exactly what the
//! whole-file conversion (`commands::convert`) says in the same case, so
//! that a streamed path cannot drift from it on its own.

use std::io::Write;

use antenna_model::{Converted, Feed, Format, Loss};

use crate::args::ConvertArgs;
use crate::spool::Spool;
use crate::{Fatal, Verdict};

/// Says that `name` was rejected, as the whole-file conversion does.
pub(crate) fn rejected(name: &str) -> Verdict {
    eprintln!("antenna: {name} was rejected; nothing was converted");
    Verdict::Findings
}

/// Says that `name` has no entries for a `to` file, which needs one.
pub(crate) fn no_entries(name: &str, to: Format) -> Verdict {
    eprintln!(
        "antenna: {name} has no entries to convert, and a {to} file needs at least one; nothing was written"
    );
    Verdict::Findings
}

/// Says that `name` cannot be written as `to`, because of `error`, and
/// names `--encoding utf-8` when the error is a character the output
/// encoding lacks and does not name an option itself.
pub(crate) fn cannot_write(name: &str, to: Format, error: &str) -> Verdict {
    eprintln!("antenna: cannot write {name} as {to}: {error}");
    if error.contains("cannot encode") && !error.contains("--encoding") {
        eprintln!(
            "antenna: `--encoding utf-8` writes the file in UTF-8, which holds every character"
        );
    }
    Verdict::Findings
}

/// `true`, having said so, when `--deny-loss` refuses `losses` losses.
pub(crate) fn loss_refused(args: &ConvertArgs, name: &str, losses: usize) -> bool {
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

/// Writes each loss as `convert` prints it; returns how many.
pub(crate) fn print_losses(out: &mut dyn Write, losses: &[Loss]) -> std::io::Result<usize> {
    for loss in losses {
        writeln!(out, "loss: {loss}")?;
    }
    Ok(losses.len())
}

/// Standard error's error, as the conversions word it.
pub(crate) fn print_error(e: std::io::Error) -> Fatal {
    Fatal(format!("cannot write to standard error: {e}"))
}

/// A temporary file's error.
pub(crate) fn spool_error(e: std::io::Error) -> Fatal {
    Fatal(format!("cannot write a temporary file: {e}"))
}

/// What writing RSS into a spool gave: the spool's error is fatal; what
/// the document holds that cannot be written is the conversion's finding,
/// kept inside.
pub(crate) fn written<T>(
    result: Result<T, rss2::StreamError>,
) -> Result<Result<T, rss2::WriteError>, Fatal> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(rss2::StreamError::Invalid(e)) => Ok(Err(e)),
        Err(rss2::StreamError::Io(e)) => Err(spool_error(e)),
        Err(e) => Err(Fatal(format!("cannot write a temporary file: {e}"))),
    }
}

/// Where written records go: plain, or through gzip, into a spool.
pub(crate) enum Output {
    Plain(Spool),
    Gzip(Box<lirs::GzipWriter<Spool>>),
}

impl Output {
    /// A new spool, written through gzip when `gzip` (as `lirs::write`
    /// compresses, through `lirs::GzipWriter`: the same text gives the
    /// same bytes however it is written).
    pub(crate) fn new(gzip: bool) -> Result<Self, Fatal> {
        let spool = Spool::new()?;
        Ok(if gzip {
            Output::Gzip(Box::new(lirs::GzipWriter::new(
                spool,
                lirs::DEFAULT_GZIP_LEVEL,
            )))
        } else {
            Output::Plain(spool)
        })
    }

    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match self {
            Output::Plain(spool) => spool.write_all(bytes),
            Output::Gzip(encoder) => encoder.write_all(bytes),
        }
    }

    pub(crate) fn finish(self) -> std::io::Result<Spool> {
        match self {
            Output::Plain(spool) => Ok(spool),
            Output::Gzip(encoder) => encoder.finish(),
        }
    }
}

/// LIRS records written one by one (`lirs::write_record`, as
/// `lirs::write` writes them) into an [`Output`]. The first record that
/// cannot be written is kept as the conversion's error and none after it
/// is written, but every record is counted: a record's number in the text
/// is its place in the whole document.
pub(crate) struct LirsOut {
    output: Output,
    encoding: lirs::Encoding,
    /// Records given so far, written or not.
    written: usize,
    error: Option<lirs::WriteError>,
    /// The line being written, reused.
    line: Vec<u8>,
}

impl LirsOut {
    /// A spool for the records `convert` writes as `args` say.
    pub(crate) fn new(args: &ConvertArgs) -> Result<Self, Fatal> {
        Ok(LirsOut {
            output: Output::new(args.gzip)?,
            encoding: args.encoding.lirs_encoding(),
            written: 0,
            error: None,
            line: Vec::new(),
        })
    }

    /// Writes `record`, unless one before it could not be written.
    pub(crate) fn record(&mut self, record: &lirs::Record) -> Result<(), Fatal> {
        if self.error.is_none() {
            self.line.clear();
            match lirs::write_record(record, self.written, self.encoding, &mut self.line) {
                Ok(()) => self.output.write_all(&self.line).map_err(spool_error)?,
                Err(e) => self.error = Some(e),
            }
        }
        self.written += 1;
        Ok(())
    }

    /// The records written to `--output` (or standard output), or the
    /// error that stopped them said as the whole-file conversion says it.
    pub(crate) fn deliver(self, args: &ConvertArgs, name: &str) -> Result<Verdict, Fatal> {
        if let Some(e) = self.error {
            let e = crate::encoding::describe_lirs_error(e);
            return Ok(cannot_write(name, args.to, &e));
        }
        let mut output = self.output.finish().map_err(spool_error)?;
        crate::io::copy_output(args.output.as_deref(), &mut output)?;
        Ok(Verdict::Clean)
    }
}

/// RSS items written one by one into a spool ([`rss2::StreamWriter`]),
/// after the channel; once an item cannot be written, the error is kept
/// and no more is.
pub(crate) type Items = Result<rss2::StreamWriter<Spool>, rss2::WriteError>;

/// The channel a streamed conversion to RSS makes before its items: the
/// changes made to fit the feed's own fields, and the channel converted;
/// or what stops it, said after the diagnostics as for the file read whole.
pub(crate) type Channel = Result<(Vec<Loss>, Converted<rss2::Document>), Fatal>;

/// The item writer after `channel`'s head; `None` when there is no channel.
pub(crate) fn items(channel: &Channel) -> Result<Option<Items>, Fatal> {
    Ok(match channel {
        Ok((_, channel)) => Some(written(rss2::StreamWriter::new(
            Spool::new()?,
            &channel.document,
            &rss2::WriteOptions::default(),
        ))?),
        Err(_) => None,
    })
}

/// The losses of a streamed conversion to RSS, spooled as they come and
/// printed at the end in the order `convert` prints them for the file read
/// whole: the source's, the changes made to fit the output (the channel's
/// then the entries'), then those of writing RSS (the channel's then the
/// items').
pub(crate) struct RssLosses {
    /// The source's, as each part is converted to the feed model.
    pub(crate) feed: Spool,
    entry_changes: Spool,
    item_losses: Spool,
    /// How many, printed or spooled.
    pub(crate) count: usize,
}

impl RssLosses {
    pub(crate) fn new() -> Result<Self, Fatal> {
        Ok(RssLosses {
            feed: Spool::new()?,
            entry_changes: Spool::new()?,
            item_losses: Spool::new()?,
            count: 0,
        })
    }

    /// Spools the source's losses of one part.
    pub(crate) fn source(&mut self, losses: &[Loss]) -> Result<(), Fatal> {
        self.count += print_losses(&mut self.feed, losses).map_err(spool_error)?;
        Ok(())
    }

    /// Writes each entry of `feed` (fitted to the output, with `made` the
    /// changes that fitting made) as an item to `writer`, the losses
    /// spooled; returns how many entries.
    pub(crate) fn items(
        &mut self,
        feed: &Feed,
        made: &[Loss],
        writer: &mut Items,
    ) -> Result<usize, Fatal> {
        self.count += print_losses(&mut self.entry_changes, made).map_err(spool_error)?;
        for entry in &feed.entries {
            let item = rss2::item_from_entry(entry);
            self.count += print_losses(&mut self.item_losses, &item.losses).map_err(spool_error)?;
            if let Ok(w) = writer
                && let Err(e) = written(w.item(&item.document))?
            {
                *writer = Err(e);
            }
        }
        Ok(feed.entries.len())
    }

    /// Prints them all: `first` before the source's spooled ones (LIRS's
    /// comment lines), then `changes` and `channel_losses` (the
    /// channel's) in their places; returns how many in all.
    pub(crate) fn print(
        mut self,
        first: &[Loss],
        changes: &[Loss],
        channel_losses: &[Loss],
    ) -> Result<usize, Fatal> {
        let mut stderr = std::io::stderr().lock();
        print_losses(&mut stderr, first).map_err(print_error)?;
        self.feed.copy_to(&mut stderr).map_err(print_error)?;
        print_losses(&mut stderr, changes).map_err(print_error)?;
        self.entry_changes
            .copy_to(&mut stderr)
            .map_err(print_error)?;
        print_losses(&mut stderr, channel_losses).map_err(print_error)?;
        self.item_losses.copy_to(&mut stderr).map_err(print_error)?;
        Ok(self.count + first.len() + changes.len() + channel_losses.len())
    }
}

/// The end of a streamed conversion to RSS, once its `losses` are printed:
/// refused by `--deny-loss`, or the items' error said, or the file written
/// to `--output` (or standard output).
pub(crate) fn deliver_items(
    writer: Items,
    args: &ConvertArgs,
    name: &str,
    losses: usize,
) -> Result<Verdict, Fatal> {
    if loss_refused(args, name, losses) {
        return Ok(Verdict::Findings);
    }
    let finished = match writer {
        Ok(writer) => written(writer.finish())?,
        Err(e) => Err(e),
    };
    match finished {
        Ok(mut output) => {
            crate::io::copy_output(args.output.as_deref(), &mut output)?;
            Ok(Verdict::Clean)
        }
        Err(e) => {
            // Said without `cannot_write`'s hint, as the streamed RSS
            // conversions always have: an RSS writer's error names no
            // encoding (it could hold "cannot encode" only inside a name
            // that is not an XML name, where the whole-file conversion
            // would add the hint).
            eprintln!("antenna: cannot write {name} as {}: {e}", args.to);
            Ok(Verdict::Findings)
        }
    }
}
