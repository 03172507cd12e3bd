//! The sink of a conversion: entries of the model fitted to the output's
//! encoding, made parts of the format `T` and written by `T`'s part writer
//! into a spool, their losses in the [`Ledger`].

use std::cell::{Cell, RefCell};
use std::io::{self, Write};
use std::rc::Rc;

use antenna_model::{Entry, Feed, Loss, PartCodec, PartWriteError, PartWriter};

use super::ledger::{Ledger, Section};
use crate::Fatal;
use crate::spool::{Spool, TEMPORARY, spool_error};

/// A file of format `T` being written, part by part. The first part (or
/// head) the format refuses is kept as the conversion's error and nothing
/// after it is written, but every entry is still converted, for its
/// losses.
pub struct Target<T: PartCodec> {
    state: T::FromFeedState,
    writer: Result<T::Writer<Watched>, T::WriteError>,
    /// How many bytes of the spool are the head: what the writer wrote
    /// before its first part.
    head_len: u64,
    /// The head made again ([`Target::rehead`]), given in their place.
    head_again: Option<Vec<u8>>,
    /// Losses of the entry being converted, reused.
    losses: Vec<Loss>,
    /// What the format kept of the last part written, to make the next
    /// in ([`PartCodec::spare`]).
    spare: Option<T::Part>,
}

impl<T: PartCodec> Target<T> {
    /// Writes the head made of `head` (a feed's own fields, fitted) and
    /// `summary`, its losses in `ledger`; each entry pushed is then
    /// written as `options` say.
    pub fn new(
        head: &Feed,
        summary: &T::Summary,
        options: &T::WriteOptions,
        ledger: &mut Ledger,
    ) -> Result<Self, Fatal> {
        let mut losses = Vec::new();
        let head = T::head_from_feed(head, summary, &mut losses);
        ledger.record(Section::TargetHead, &losses)?;
        let written = Rc::new(Cell::new(0));
        let out = Watched {
            spool: Spool::new()?,
            written: Rc::clone(&written),
        };
        let writer = refused(T::writer(out, &head, options))?;
        Ok(Target {
            state: T::FromFeedState::default(),
            writer,
            head_len: written.get(),
            head_again: None,
            losses,
            spare: None,
        })
    }

    /// Converts `entry` (fitted) and writes its part, the losses in
    /// `ledger`. `distinct` says that no entry repeats an earlier one's URL
    /// ([`super::source::Source::DISTINCT`]): what is carried from entry
    /// to entry to leave repeats out is then let go of.
    pub fn push(
        &mut self,
        entry: &Entry,
        distinct: bool,
        ledger: &mut Ledger,
    ) -> Result<(), Fatal> {
        if distinct {
            self.state = T::FromFeedState::default();
        }
        self.losses.clear();
        let spare = self.spare.take();
        let part = T::part_from_entry_reusing(&mut self.state, entry, &mut self.losses, spare);
        ledger.record(Section::TargetParts, &self.losses)?;
        let Some(part) = part else {
            return Ok(());
        };
        if let Ok(writer) = &mut self.writer
            && let Err(e) = refused(writer.push(&part))?
        {
            self.writer = Err(e);
        }
        self.spare = T::spare(part);
        Ok(())
    }

    /// Makes the head again of `head` and `summary` (the summary counted
    /// in full, where the one the head was written with was settled
    /// before the end: [`PartCodec::settled`]), written as `options` say:
    /// the file is given with it in place of the head written first, and
    /// its losses take the place of that head's in `ledger`. By the
    /// contract of `settled` the parts written after the first head are
    /// those the writer of this one would write.
    pub fn rehead(
        &mut self,
        head: &Feed,
        summary: &T::Summary,
        options: &T::WriteOptions,
        ledger: &mut Ledger,
    ) -> Result<(), Fatal> {
        let mut losses = Vec::new();
        let head = T::head_from_feed(head, summary, &mut losses);
        ledger.restate_target_head(&losses);
        if self.writer.is_err() {
            return Ok(());
        }
        let bytes = Rc::new(RefCell::new(Vec::new()));
        match refused(T::writer(Shared(Rc::clone(&bytes)), &head, options))? {
            Ok(writer) => {
                drop(writer);
                self.head_again = Some(bytes.take());
            }
            Err(e) => self.writer = Err(e),
        }
        Ok(())
    }

    /// The file written, or why the format refuses it.
    pub fn finish(self) -> Result<Result<Spool, T::WriteError>, Fatal> {
        let writer = match self.writer {
            Ok(writer) => writer,
            Err(e) => return Ok(Err(e)),
        };
        Ok(refused(writer.finish())?.map(|Watched { mut spool, .. }| {
            if let Some(head) = self.head_again {
                spool.replace_start(self.head_len, head);
            }
            spool
        }))
    }
}

/// The spool a part writer writes into, the bytes it took counted where
/// the writer's owner sees them: after the writer is made, the length of
/// the head.
pub struct Watched {
    spool: Spool,
    written: Rc<Cell<u64>>,
}

impl Write for Watched {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.spool.write(bytes)?;
        self.written.set(self.written.get() + n as u64);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.spool.flush()
    }
}

/// Bytes a writer writes, kept where its owner takes them while the
/// writer is still held: a head made again, without its parts or end.
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What a part writer gave: the spool's error is fatal, what the format
/// refuses is the conversion's finding.
fn refused<V, E>(result: Result<V, PartWriteError<E>>) -> Result<Result<V, E>, Fatal> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(PartWriteError::Format(e)) => Ok(Err(e)),
        Err(PartWriteError::Io(e)) => Err(spool_error(e)),
        Err(_) => Err(Fatal(TEMPORARY.to_owned())),
    }
}
