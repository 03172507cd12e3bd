//! `antenna convert --to hina-di` of a LIRS file named on the command
//! line, record by record: no document or feed of all the records is made.

use std::io::Write as _;

use antenna_model::{Codec, Feed, Loss};
use lirs::Lirs;

use super::{
    LirsStream, cannot_write, loss_refused, no_entries, print_error, print_losses, record_feed,
    rejected, show_on_stderr, spool_error,
};
use crate::args::ConvertArgs;
use crate::spool::Spool;
use crate::{Fatal, Verdict, stamp};

/// Converts the file in the two passes of [`LirsStream::run`]. The HINA-DI
/// header is made of the feed `lirs::to_feed` makes but its entries (LIRS
/// has no header), stamped and fitted as the whole-file conversion does;
/// each record's block is made by `hina_di::from_feed` of a feed holding
/// its entry alone (an entry's block depends on the entry only) and written
/// by [`hina_di::BlockWriter`], which `hina_di::write` is over a whole
/// document, so the bytes and the write errors are the same. The losses
/// are spooled and printed in the whole-file order: the source's (comment
/// lines first), the header's changes then the entries', the header's
/// losses then the blocks'. Nothing is written when the file is rejected,
/// a loss refused or a block cannot be written.
///
/// The written file goes block by block into a spool
/// ([`hina_di::BlockWriter::write_out`]), copied out only once the writer
/// accepts the whole: memory does not grow with the file but for the
/// URLs §3.5's check keeps, and those only where they repeat.
pub fn convert_hina_di(
    stream: LirsStream,
    args: &ConvertArgs,
    name: &str,
) -> Result<Verdict, Fatal> {
    // What stops the header is said where the whole-file conversion says
    // it: after the diagnostics, and after "no entries".
    let head = (|| {
        let mut head = Lirs::to_feed(&lirs::Document::default()).document;
        let mut changes = stamp::stamp_writer(&mut head, args, name)?;
        changes.extend(args.encoding.apply(args.to, &mut head)?);
        let header = hina_di::from_feed(&head);
        Ok::<_, Fatal>((changes, header, head.encoding))
    })();
    let mut writer = match &head {
        Ok((_, header, _)) => Some(hina_di::BlockWriter::new(
            header.document.version(),
            header.document.version_line_end(),
            header.document.header(),
        )),
        Err(_) => None,
    };
    let mut written = Spool::new()?;
    let mut feed_losses = Spool::new()?;
    let mut entry_changes = Spool::new()?;
    let mut block_losses = Spool::new()?;
    let mut losses = 0usize;
    let mut entries = 0usize;
    let tally = stream.run(show_on_stderr(name), |record| {
        let feed = record_feed(record);
        losses += print_losses(&mut feed_losses, &feed.losses).map_err(spool_error)?;
        let mut feed = feed.document;
        entries += feed.entries.len();
        let (Some(writer), Ok((_, _, encoding))) = (&mut writer, &head) else {
            return Ok(());
        };
        // The whole feed's charset, as the whole-file conversion fits
        // every entry to it.
        feed.encoding.clone_from(encoding);
        let made = args.encoding.apply(args.to, &mut feed)?;
        losses += print_losses(&mut entry_changes, &made).map_err(spool_error)?;
        // The entries alone: the header's fields and losses are the
        // head's, made once.
        let mut entry_feed = Feed::new();
        entry_feed.entries = feed.entries;
        let converted = hina_di::from_feed(&entry_feed);
        losses += print_losses(&mut block_losses, &converted.losses).map_err(spool_error)?;
        // Once a block cannot be written, the error is kept and no
        // more is.
        if let Ok(w) = writer {
            for block in converted.document.all_blocks() {
                if let Err(e) = w.push(block) {
                    *writer = Err(e);
                    return Ok(());
                }
            }
            w.write_out(&mut written).map_err(spool_error)?;
        }
        Ok(())
    })?;
    if tally.errors > 0 {
        return Ok(rejected(name));
    }
    let comments: Vec<Loss> = lirs::comment_loss(tally.comments).into_iter().collect();
    losses += comments.len();
    let print_source_losses = |feed_losses: &mut Spool| {
        let mut stderr = std::io::stderr().lock();
        print_losses(&mut stderr, &comments).map_err(print_error)?;
        feed_losses.copy_to(&mut stderr).map_err(print_error)
    };
    if entries == 0 {
        print_source_losses(&mut feed_losses)?;
        return Ok(no_entries(name, args.to));
    }
    let (changes, header, _) = head?;
    let Some(writer) = writer else {
        return Err(Fatal("the HINA-DI writer was not made".to_owned()));
    };
    print_source_losses(&mut feed_losses)?;
    losses += changes.len() + header.losses.len();
    let mut stderr = std::io::stderr().lock();
    print_losses(&mut stderr, &changes).map_err(print_error)?;
    entry_changes.copy_to(&mut stderr).map_err(print_error)?;
    print_losses(&mut stderr, &header.losses).map_err(print_error)?;
    block_losses.copy_to(&mut stderr).map_err(print_error)?;
    drop(stderr);
    if loss_refused(args, name, losses) {
        return Ok(Verdict::Findings);
    }
    let rest = match writer.and_then(hina_di::BlockWriter::finish) {
        Ok(rest) => rest,
        Err(e) => return Ok(cannot_write(name, args.to, &e.to_string())),
    };
    written.write_all(&rest).map_err(spool_error)?;
    crate::io::copy_output(args.output.as_deref(), &mut written)?;
    Ok(Verdict::Clean)
}
