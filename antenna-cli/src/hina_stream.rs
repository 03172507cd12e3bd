//! HINA-DI read block by block (`hina_di::BlockReader`) in `check`,
//! `decode` and `convert --to rss2`: the file's bytes are held, but its
//! document never is (nor, converting, its feed or its items), so memory
//! stays near the input's size. What is printed is what reading the
//! file whole prints: the reader gives the same diagnostics in the same
//! order (`hina-di/tests/block_reader.rs`), and the decoder's JSON the same
//! bytes (`conformance/tests/hina_di_streamed.rs`).

use std::cell::OnceCell;
use std::io::{IsTerminal as _, Write as _};

use antenna_conformance::protocol;
use antenna_model::{Diagnostic, Format, LineIndex, Severity};
use hina_di::{BlockReader, ReadOptions};

use crate::render::{self, Style};
use crate::spool::Spool;
use crate::{Fatal, Verdict};

/// Reads `bytes` block by block, giving each part's diagnostics to
/// `each` in order; the number of entity blocks kept (not discarded), or
/// `None` when the file is not a HINA-DI 2 file at all.
fn read(bytes: &[u8], strict: bool, mut each: impl FnMut(Vec<Diagnostic>)) -> Option<usize> {
    let mut reader = match BlockReader::new(bytes, &read_options(strict)) {
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

/// `antenna convert --to rss2` of a HINA-DI file named on the command
/// line, `bytes`, block by block, in two passes, so that neither the
/// document, the feed nor the items are ever held whole (as
/// [`crate::streaming::convert_rss2`] does for LIRS). The channel comes
/// before the items and says how many there are, who the first is and
/// whether any needs the `dc` namespace, so the first pass sums the entries
/// up ([`rss2::ChannelSummary`]) and finds whether the file is rejected;
/// the second shows the diagnostics, converts each block again
/// ([`hina_di::block_to_feed`]) and writes its item
/// ([`rss2::StreamWriter`]) into a spool, with the losses, all let out at
/// the end in the order of the whole-file conversion, unless the file was
/// rejected, a loss is refused or an item cannot be written.
pub fn convert_rss2(
    bytes: &[u8],
    args: &crate::args::ConvertArgs,
    name: &str,
) -> Result<Verdict, Fatal> {
    use crate::streaming::{Channel, RssLosses, deliver_items, items, rejected};
    use antenna_model::Feed;

    let strict = args.strict;
    // Whether the output encoding is one RSS is written in is known before
    // any block: the error is given where the whole-file conversion gives
    // it, after the diagnostics.
    let fits = args.encoding.apply(args.to, &mut Feed::new());
    // Each entry alone in a feed, fitted to the output as the whole feed's
    // entries are (the feed's own text is fitted apart, with the channel).

    // First pass: rejected or not, and the entries summed up.
    let mut errors = 0;
    let mut summary = rss2::ChannelSummary::default();
    let mut failed = None;
    read_blocks(bytes, strict, &mut errors, |block| {
        let Some(entry) = hina_di::block_to_feed(block).document else {
            return;
        };
        let mut feed = entry_feed(entry);
        if fits.is_ok()
            && let Err(e) = args.encoding.apply(args.to, &mut feed)
        {
            failed.get_or_insert(e);
        }
        for entry in &feed.entries {
            summary.add(entry);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }

    // Second pass: the diagnostics shown, as the whole read shows them.
    let show = show_on_stderr(bytes, name);
    let mut reader = match BlockReader::new(bytes, &read_options(strict)) {
        Ok(reader) if errors == 0 => reader,
        _ => {
            read(bytes, strict, &show);
            return Ok(rejected(name));
        }
    };
    show(reader.take_diagnostics());
    let head = hina_di::head_to_feed(reader.version(), reader.header(), reader.charset_fallback());
    // The channel: the feed as `hina_di::to_feed` makes it, but its
    // entries. What stops it is said after the diagnostics.
    let channel: Channel = (|| {
        let mut feed = head.document.clone();
        let mut changes = crate::stamp::stamp_writer(&mut feed, args, name)?;
        changes.extend(args.encoding.apply(args.to, &mut feed)?);
        Ok((changes, rss2::channel_from_feed(&feed, &summary)))
    })();
    let mut losses = RssLosses::new()?;
    losses.source(&head.losses)?;
    let mut entries = 0usize;
    let mut writer = items(&channel)?;
    while let Some(block) = reader.next_block() {
        show(reader.take_diagnostics());
        let Some(writer) = &mut writer else {
            continue;
        };
        let converted = hina_di::block_to_feed(&block);
        losses.source(&converted.losses)?;
        let Some(entry) = converted.document else {
            continue;
        };
        let mut feed = entry_feed(entry);
        let made = args.encoding.apply(args.to, &mut feed)?;
        entries += losses.items(&feed, &made, writer)?;
    }
    show(reader.take_diagnostics());
    let (changes, channel) = channel?;
    let Some(writer) = writer else {
        return Err(Fatal("the RSS writer was not made".to_owned()));
    };
    if entries != summary.count() {
        return Err(Fatal(format!("{name} was read otherwise the second time")));
    }
    // The losses in the order `convert` gives them for the file read
    // whole: the source's, the changes made to fit the output, then those
    // of writing RSS (the channel's first).
    let losses = losses.print(&[], &changes, &channel.losses)?;
    deliver_items(writer, args, name, losses)
}

/// Reads `bytes` block by block, giving each entity block to `each` and
/// adding the errors found to `errors`.
fn read_blocks(
    bytes: &[u8],
    strict: bool,
    errors: &mut usize,
    mut each: impl FnMut(&hina_di::Block),
) {
    let Ok(mut reader) = BlockReader::new(bytes, &read_options(strict)) else {
        *errors += 1;
        return;
    };
    while let Some(block) = reader.next_block() {
        drop(reader.take_diagnostics());
        each(&block);
    }
    drop(reader.take_diagnostics());
    *errors += reader.error_count();
}

/// The reader's options for `--strict` or not.
fn read_options(strict: bool) -> ReadOptions {
    if strict {
        ReadOptions::strict()
    } else {
        ReadOptions::lenient()
    }
}

/// Shows diagnostics of `bytes` (named `name`) on standard error, as the
/// whole-file conversion shows them; the line index is made on the first.
fn show_on_stderr<'a>(bytes: &'a [u8], name: &'a str) -> impl Fn(Vec<Diagnostic>) + 'a {
    let style = Style::for_stream(std::io::stderr().is_terminal());
    let index = OnceCell::new();
    move |diagnostics| {
        for d in &diagnostics {
            let index = index.get_or_init(|| LineIndex::new(bytes));
            eprint!("{}", render::human(name, Some((bytes, index)), d, style));
        }
    }
}

/// A feed holding `entry` alone: an entry fitted to the output as the
/// whole feed's entries are (the feed's own text is fitted apart).
fn entry_feed(entry: antenna_model::Entry) -> antenna_model::Feed {
    let mut feed = antenna_model::Feed::new();
    feed.entries.push(entry);
    feed
}

/// `antenna convert --to lirs` of a HINA-DI file named on the command
/// line, `bytes`, block by block in one pass (LIRS has no head that counts
/// the records): the diagnostics shown as they come, each block converted
/// ([`hina_di::block_to_feed`], then `lirs::RecordsFromEntries`, which
/// keeps the URLs seen to leave a repeated one out, as `lirs::from_feed`
/// does) and its record written into a spool, with the losses, all let out
/// at the end in the order of the whole-file conversion, unless the file
/// was rejected, has no entry, a loss is refused or a record cannot be
/// written.
pub fn convert_lirs(
    bytes: &[u8],
    args: &crate::args::ConvertArgs,
    name: &str,
) -> Result<Verdict, Fatal> {
    use crate::streaming::{
        LirsOut, loss_refused, no_entries, print_error, print_losses, rejected, spool_error,
    };

    let show = show_on_stderr(bytes, name);
    let mut reader = match BlockReader::new(bytes, &read_options(args.strict)) {
        Ok(reader) => reader,
        Err(rejected_file) => {
            show(rejected_file.diagnostics);
            return Ok(rejected(name));
        }
    };
    show(reader.take_diagnostics());
    let head = hina_di::head_to_feed(reader.version(), reader.header(), reader.charset_fallback());
    // Whether the output encoding is one LIRS is written in is known
    // before any block: the error is given where the whole-file conversion
    // gives it, once the file is known to have entries.
    let fits = args
        .encoding
        .apply(Format::Lirs, &mut antenna_model::Feed::new());
    let mut block_losses = Spool::new()?;
    let mut entry_changes = Spool::new()?;
    let mut record_losses = Spool::new()?;
    let mut losses = 0usize;
    let mut output = LirsOut::new(args)?;
    let mut records = lirs::RecordsFromEntries::default();
    let mut entries = 0usize;
    let mut lost = Vec::new();
    while let Some(block) = reader.next_block() {
        show(reader.take_diagnostics());
        let converted = hina_di::block_to_feed(&block);
        losses += print_losses(&mut block_losses, &converted.losses).map_err(spool_error)?;
        let Some(entry) = converted.document else {
            continue;
        };
        entries += 1;
        if fits.is_err() {
            continue;
        }
        let mut feed = entry_feed(entry);
        let made = args.encoding.apply(Format::Lirs, &mut feed)?;
        losses += print_losses(&mut entry_changes, &made).map_err(spool_error)?;
        for entry in &feed.entries {
            lost.clear();
            let record = records.record(entry, &mut lost);
            losses += print_losses(&mut record_losses, &lost).map_err(spool_error)?;
            if let Some(record) = record {
                output.record(&record)?;
            }
        }
    }
    show(reader.take_diagnostics());
    if reader.error_count() > 0 {
        return Ok(rejected(name));
    }
    if entries == 0 {
        let mut stderr = std::io::stderr().lock();
        print_losses(&mut stderr, &head.losses).map_err(print_error)?;
        block_losses.copy_to(&mut stderr).map_err(print_error)?;
        drop(stderr);
        return Ok(no_entries(name, args.to));
    }
    // The feed's own fields, fitted and converted as the whole feed's are.
    let mut head_feed = head.document;
    let stamped = crate::stamp::stamp_writer(&mut head_feed, args, name)?;
    fits?;
    let changes = args.encoding.apply(Format::Lirs, &mut head_feed)?;
    let feed_level = lirs::feed_losses(&head_feed);
    losses += head.losses.len() + stamped.len() + changes.len() + feed_level.len();
    // The losses in the order `convert` gives them for the file read
    // whole: the source's, the changes made to fit the output, then those
    // of writing LIRS (the feed's own first).
    let mut stderr = std::io::stderr().lock();
    print_losses(&mut stderr, &head.losses).map_err(print_error)?;
    block_losses.copy_to(&mut stderr).map_err(print_error)?;
    print_losses(&mut stderr, &stamped).map_err(print_error)?;
    print_losses(&mut stderr, &changes).map_err(print_error)?;
    entry_changes.copy_to(&mut stderr).map_err(print_error)?;
    print_losses(&mut stderr, &feed_level).map_err(print_error)?;
    record_losses.copy_to(&mut stderr).map_err(print_error)?;
    drop(stderr);
    if loss_refused(args, name, losses) {
        return Ok(Verdict::Findings);
    }
    output.deliver(args, name)
}
