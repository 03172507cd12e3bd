//! `antenna convert` of an RSS file to LIRS, item by item: the document
//! read whole is converted one item at a time (item, entry, record,
//! line), instead of being made a whole [`Feed`] of entries (each about
//! 750 bytes before its strings) and then a whole LIRS document. The
//! output and what is printed are those of the whole-file
//! conversion in `commands::convert`, byte for byte and in the same order:
//! the losses are spooled ([`Spool`]) and printed at the end as
//! `rss2::to_feed`, the output encoding's substitutions and
//! `lirs::from_feed` list them; the records are written by
//! [`lirs::write_record`], as `lirs::write` writes them, into a spool
//! (for gzip, through `lirs::GzipWriter`, which gives the bytes of the
//! whole text compressed at once).

use std::io::Write;

use antenna_model::{Entry, Feed, Format, Loss};

use crate::args::ConvertArgs;
use crate::spool::Spool;
use crate::streaming::{LirsOut, loss_refused, no_entries, print_error, print_losses, spool_error};
use crate::{Fatal, Verdict, stamp};

/// Losses held back: the few a conversion knows first, then the many of
/// its entries, spooled, printed in that order.
struct Losses {
    first: Vec<Loss>,
    entries: Spool,
    count: usize,
}

impl Losses {
    fn new(first: Vec<Loss>) -> Result<Self, Fatal> {
        Ok(Losses {
            count: first.len(),
            first,
            entries: Spool::new()?,
        })
    }

    /// Spools the losses of an entry.
    fn spool(&mut self, losses: &[Loss]) -> Result<(), Fatal> {
        self.count += print_losses(&mut self.entries, losses).map_err(spool_error)?;
        Ok(())
    }

    /// Prints them all on `out`, as `convert` prints a loss.
    fn print(&mut self, out: &mut dyn Write) -> Result<(), Fatal> {
        print_losses(out, &self.first).map_err(print_error)?;
        self.entries.copy_to(out).map(drop).map_err(print_error)
    }
}

/// `antenna convert` of the RSS document `document` (the file `name`,
/// read and its diagnostics shown) to LIRS, as `args` say.
pub fn convert_to_lirs(
    document: &rss2::Document,
    args: &ConvertArgs,
    name: &str,
) -> Result<Verdict, Fatal> {
    debug_assert_eq!(args.to, Format::Lirs);
    let channel = rss2::channel_to_feed(document);
    let mut head = channel.document;
    let mut from_rss = Losses::new(channel.losses)?;
    // Whether the output encoding is one LIRS is written in depends on the
    // options alone; the whole-file conversion says so once it knows the
    // file has entries, after the stamp (a no-op for LIRS).
    let mut head_changes = Vec::new();
    let fits = args.encoding.apply(args.to, &mut head);
    let mut changes = Losses::new(Vec::new())?;
    let mut from_lirs = Losses::new(lirs::feed_losses(&head))?;
    let mut records = lirs::RecordsFromEntries::default();
    // The records go straight into a spool, through gzip as `lirs::write`
    // compresses (`lirs::GzipWriter`: the same bytes as the whole text).
    let mut output = LirsOut::new(args)?;
    let mut entries = 0usize;
    let mut losses = Vec::new();
    for (index, item) in document.channel.items.iter().enumerate() {
        let converted = rss2::entry_from_item(item, index);
        from_rss.spool(&converted.losses)?;
        let Some(entry) = converted.document else {
            continue;
        };
        entries += 1;
        let entry = match &fits {
            Ok(_) => {
                let (entry, made) = fit(entry, args)?;
                changes.spool(&made)?;
                entry
            }
            Err(_) => entry,
        };
        losses.clear();
        let record = records.record(&entry, &mut losses);
        from_lirs.spool(&losses)?;
        if let Some(record) = record {
            output.record(&record)?;
        }
    }
    let mut stderr = std::io::stderr().lock();
    if entries == 0 {
        from_rss.print(&mut stderr)?;
        drop(stderr);
        return Ok(no_entries(name, args.to));
    }
    head_changes.extend(stamp::stamp_writer(&mut Feed::new(), args, name)?);
    head_changes.extend(fits?);
    changes.first = head_changes;
    changes.count += changes.first.len();
    from_rss.print(&mut stderr)?;
    changes.print(&mut stderr)?;
    from_lirs.print(&mut stderr)?;
    drop(stderr);
    let count = from_rss.count + changes.count + from_lirs.count;
    if loss_refused(args, name, count) {
        return Ok(Verdict::Findings);
    }
    output.deliver(args, name)
}

/// `entry` fitted to the output encoding as the whole feed's entries are
/// (`--substitute`), with the substitutions made.
fn fit(entry: Entry, args: &ConvertArgs) -> Result<(Entry, Vec<Loss>), Fatal> {
    // A feed of the entry alone: no title, agent or description to fit.
    let mut one = Feed::new();
    one.entries.push(entry);
    let made = args.encoding.apply(Format::Lirs, &mut one)?;
    let entry = one
        .entries
        .pop()
        .ok_or_else(|| Fatal("an entry went missing while it was converted".to_owned()))?;
    Ok((entry, made))
}
