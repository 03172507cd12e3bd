//! LIRS files named on the command line, read record by record
//! (`lirs::RecordReader`) in `check` and `convert` (to every format; HINA-DI
//! in [`to_hina_di`]), and standard input in `decode --format lirs`: memory
//! does not grow with the file (but for HINA-DI's output, held whole).
//! §3.5's duplicate-URL check, which needs every URL seen, is made in two
//! passes over the file ([`crate::duplicates`]): the first records a
//! fingerprint of each URL on disk, the second reads for everything else,
//! keeping the URLs of the few records the first found may repeat another's.
//! What is printed and written is what reading the file whole gives,
//! diagnostics with their line and caret included (see [`crate::window`]).
//!
//! One difference is by nature: a gzip file that turns out corrupt part
//! way is reported with the diagnostics of the records before the damage,
//! where the whole-file reader, which decompresses first, reports the
//! damage alone.

use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal as _, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::rc::Rc;

use antenna_conformance::protocol;
use antenna_model::{Codec, Diagnostic, Format, Loss, Severity};
use lirs::Lirs;

use crate::args::ConvertArgs;
use crate::duplicates::{Candidates, Fingerprints, Settings};
use crate::render::Excerpt;
use crate::spool::Spool;
use crate::window::{Tee, Window};
use crate::{Fatal, stamp};

mod out;
mod to_hina_di;

pub(crate) use out::{
    Channel, LirsOut, RssLosses, cannot_write, deliver_items, items, loss_refused, no_entries,
    print_error, print_losses, rejected, spool_error,
};
pub use to_hina_di::convert_hina_di;

/// How much of a file is looked at to tell whether it is LIRS.
const HEAD: u64 = 64 * 1024;

/// A LIRS file to be read record by record, twice (see the module's
/// documentation): the file stays open between the passes, so that both
/// read the same file even if its name is given to another.
pub struct LirsStream {
    /// The input, read from its start by each pass.
    file: File,
    /// What errors reading it name: the file, or standard input.
    what: String,
    strict: bool,
    /// Standard input's copy, kept while it is read.
    _spool: Option<Spool>,
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
        let Ok(file) = File::open(path) else {
            // Reading it whole gives the error.
            return Ok(None);
        };
        let mut head = Vec::new();
        (&file)
            .take(HEAD)
            .read_to_end(&mut head)
            .map_err(|e| Fatal(format!("cannot read {name}: {e}")))?;
        if Format::detect(&head) != Some(Format::Lirs) {
            return Ok(None);
        }
        Ok(Some(LirsStream {
            file,
            what: name.to_owned(),
            strict,
            _spool: None,
        }))
    }

    /// Standard input (gzip or plain LIRS) as a stream: copied to a
    /// temporary file first, to be read twice.
    pub fn stdin(strict: bool) -> Result<Self, Fatal> {
        let mut spool = Spool::new()?;
        let mut stdin = std::io::stdin().lock();
        loop {
            let read = stdin
                .fill_buf()
                .map_err(|e| Fatal(format!("cannot read standard input: {e}")))?;
            if read.is_empty() {
                break;
            }
            let n = read.len();
            spool.write_all(read).map_err(spool_error)?;
            stdin.consume(n);
        }
        let file = spool.reopen().map_err(spool_error)?;
        Ok(LirsStream {
            file,
            what: "standard input".to_owned(),
            strict,
            _spool: Some(spool),
        })
    }

    /// The input from its start.
    fn source(&self) -> Result<BufReader<File>, Fatal> {
        let mut file = self.file.try_clone().map_err(|e| self.read_error(e))?;
        file.seek(SeekFrom::Start(0))
            .map_err(|e| self.read_error(e))?;
        Ok(BufReader::new(file))
    }

    fn read_error(&self, e: std::io::Error) -> Fatal {
        Fatal(format!("cannot read {}: {e}", self.what))
    }

    /// The first pass: the records that may repeat another's URL, found
    /// with `settings` (see [`crate::duplicates`]). Each record read without
    /// an error goes to `record`; no diagnostic is shown.
    pub fn candidates(
        &self,
        settings: Settings,
        mut record: impl FnMut(lirs::RecordRef<'_>) -> Result<(), Fatal>,
    ) -> Result<Candidates, Fatal> {
        let mut fingerprints = Fingerprints::new(settings);
        let options = Lirs::read_options(self.strict);
        let mut reader = lirs::RecordReader::sniff(self.source()?, options)
            .map_err(|e| self.read_error(e))?
            .with_duplicate_check(&mut fingerprints);
        while let Some(item) = reader.next_ref() {
            if let Ok(parsed) = item {
                record(parsed.document)?;
            }
        }
        drop(reader);
        fingerprints.candidates()
    }

    /// Reads the whole stream, in two passes: each diagnostic goes to
    /// `show` with the lines it points at, in the order of the file, each
    /// record read without an error to `record`.
    pub fn run(
        &self,
        show: impl FnMut(&Diagnostic, Excerpt<'_>) -> Result<(), Fatal>,
        record: impl FnMut(lirs::Record) -> Result<(), Fatal>,
    ) -> Result<Tally, Fatal> {
        let candidates = self.candidates(Settings::default(), |_| Ok(()))?;
        self.run_with(candidates, show, record)
    }

    /// The second pass of [`LirsStream::run`], given what the first found.
    pub fn run_with(
        &self,
        candidates: Candidates,
        mut show: impl FnMut(&Diagnostic, Excerpt<'_>) -> Result<(), Fatal>,
        mut record: impl FnMut(lirs::Record) -> Result<(), Fatal>,
    ) -> Result<Tally, Fatal> {
        let window = Window::shared();
        let tee_window = Rc::clone(&window);
        let options = Lirs::read_options(self.strict);
        let checked = candidates.checked();
        let (check, asked) = candidates.check();
        let mut reader = lirs::RecordReader::sniff_through(self.source()?, options, |text| {
            Box::new(Tee::new(text, tee_window))
        })
        .map_err(|e| self.read_error(e))?
        .with_duplicate_check(check);
        let mut tally = Tally::default();
        let mut show_all = |diagnostics: &[Diagnostic], tally: &mut Tally| {
            if diagnostics.is_empty() {
                return Ok(());
            }
            let window = window.borrow();
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
        for item in reader.by_ref() {
            match item {
                Ok(parsed) => {
                    show_all(&parsed.diagnostics, &mut tally)?;
                    tally.records += 1;
                    record(parsed.document)?;
                }
                Err(rejected) => show_all(&rejected.diagnostics, &mut tally)?,
            }
            window.borrow_mut().advance(true);
        }
        let trailing = reader.take_trailing_diagnostics();
        show_all(&trailing, &mut tally)?;
        window.borrow_mut().advance(false);
        if asked.get() != checked {
            return Err(Fatal(format!("{} changed while it was read", self.what)));
        }
        tally.comments = window.borrow().comments();
        Ok(tally)
    }
}

/// The `show` of [`LirsStream::run`] that prints each diagnostic of the
/// file `name` on standard error, as the file read whole shows it.
pub(crate) fn show_on_stderr(
    name: &str,
) -> impl FnMut(&Diagnostic, Excerpt<'_>) -> Result<(), Fatal> + '_ {
    let style = crate::render::Style::for_stream(std::io::stderr().is_terminal());
    move |d, excerpt| {
        eprint!("{}", crate::render::human_in(name, Some(excerpt), d, style));
        Ok(())
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
    let mut feed_losses = Spool::new()?;
    let mut changes = Spool::new()?;
    let mut converted_losses = Spool::new()?;
    let mut losses = 0usize;
    let mut output = LirsOut::new(args)?;
    let mut entries = 0usize;
    let tally = stream.run(show_on_stderr(name), |record| {
        let mut feed = record_feed(record);
        losses += print_losses(&mut feed_losses, &feed.losses).map_err(spool_error)?;
        if feed.document.entries.is_empty() {
            return Ok(());
        }
        entries += 1;
        let made = args.encoding.apply(Format::Lirs, &mut feed.document)?;
        losses += print_losses(&mut changes, &made).map_err(spool_error)?;
        let converted = Lirs::from_feed(&feed.document);
        losses += print_losses(&mut converted_losses, &converted.losses).map_err(spool_error)?;
        converted
            .document
            .records
            .iter()
            .try_for_each(|record| output.record(record))
    })?;
    if tally.errors > 0 {
        return Ok(rejected(name));
    }
    // The comment lines' loss comes first, as `lirs::to_feed` lists it.
    let comments: Vec<Loss> = lirs::comment_loss(tally.comments).into_iter().collect();
    losses += comments.len();
    let mut stderr = std::io::stderr().lock();
    print_losses(&mut stderr, &comments).map_err(print_error)?;
    feed_losses.copy_to(&mut stderr).map_err(print_error)?;
    if entries == 0 {
        drop(stderr);
        return Ok(no_entries(name, args.to));
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
    output.deliver(args, name)
}

/// `antenna convert` of a LIRS file to RSS 2.0, in two passes over the
/// file, so that neither the records nor the items are ever held together.
/// The channel comes before the items and says how many there are, who
/// the first is and whether any needs the `dc` namespace, so the first
/// pass, which finds the records that may repeat a URL
/// ([`LirsStream::candidates`]), sums the entries up
/// ([`rss2::ChannelSummary`]); the second shows the diagnostics, converts
/// each record again and writes its item ([`rss2::StreamWriter`]) into a
/// spool, with the losses, all let out at the end in the order of the
/// whole-file conversion unless the file was rejected, a loss is refused
/// or an item cannot be written.
///
/// The first pass sums up every record read without an error but for a
/// repeated URL, which only the second pass tells: the sum is that of the
/// records read without an error whenever the file is not rejected, and
/// nothing is written when it is.
pub fn convert_rss2(
    stream: LirsStream,
    args: &ConvertArgs,
    name: &str,
) -> Result<crate::Verdict, Fatal> {
    // Whether the output encoding is one RSS is written in is known before
    // any record: the error is given where the whole-file conversion gives
    // it, after the diagnostics.
    let fits = args
        .encoding
        .apply(args.to, &mut antenna_model::Feed::new());
    let mut summary = rss2::ChannelSummary::default();
    let candidates = stream.candidates(Settings::default(), |record| {
        let mut feed = record_feed(record.into_owned()).document;
        if fits.is_ok() {
            args.encoding.apply(args.to, &mut feed)?;
        }
        for entry in &feed.entries {
            summary.add(entry);
        }
        Ok(())
    })?;
    // The channel: the feed as `lirs::to_feed` makes it, but its entries.
    // What stops it is said after the diagnostics, as for the file read
    // whole.
    let channel: Channel = (|| {
        let mut head = Lirs::to_feed(&lirs::Document::default()).document;
        let mut changes = stamp::stamp_writer(&mut head, args, name)?;
        changes.extend(args.encoding.apply(args.to, &mut head)?);
        Ok((changes, rss2::channel_from_feed(&head, &summary)))
    })();
    let mut losses = RssLosses::new()?;
    let mut entries = 0usize;
    let mut writer = items(&channel)?;
    let tally = stream.run_with(candidates, show_on_stderr(name), |record| {
        let Some(writer) = &mut writer else {
            return Ok(());
        };
        let feed = record_feed(record);
        losses.source(&feed.losses)?;
        let mut feed = feed.document;
        let made = args.encoding.apply(args.to, &mut feed)?;
        entries += losses.items(&feed, &made, writer)?;
        Ok(())
    })?;
    if tally.errors > 0 {
        return Ok(rejected(name));
    }
    let (changes, channel) = channel?;
    let Some(writer) = writer else {
        return Err(Fatal("the RSS writer was not made".to_owned()));
    };
    if entries != summary.count() {
        return Err(Fatal(format!("{name} changed while it was read")));
    }
    // The losses in the order `convert` gives them for the file read
    // whole: the source's (its comment lines first), the changes made to
    // fit the output, then those of writing RSS (the channel's first).
    let comments: Vec<Loss> = lirs::comment_loss(tally.comments).into_iter().collect();
    let losses = losses.print(&comments, &changes, &channel.losses)?;
    deliver_items(writer, args, name, losses)
}

/// `antenna decode --format lirs`: the protocol JSON of standard input,
/// read record by record. Each record's JSON is the protocol's own (of a
/// document holding that record alone), spooled until the input is known
/// not rejected, then put in the protocol's document object where its empty
/// `records` array is. Rejected, the diagnostics are shown as for a file
/// read whole, and no JSON.
pub fn decode_lirs(version: protocol::Version) -> Result<crate::Verdict, Fatal> {
    let name = "<stdin>";
    let stream = LirsStream::stdin(false)?;
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
        shown.copy_to(&mut stderr).map_err(print_error)?;
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

/// The feed `lirs::to_feed` makes of a document holding `record` alone.
pub(crate) fn record_feed(record: lirs::Record) -> antenna_model::Converted<antenna_model::Feed> {
    Lirs::to_feed(&lirs::Document {
        records: vec![record],
        ..lirs::Document::default()
    })
}

/// The protocol's empty records array, as `serde_json` writes it.
const EMPTY_RECORDS: &str = "\"records\":[]";
