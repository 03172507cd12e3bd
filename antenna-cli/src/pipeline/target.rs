//! The sink of a conversion: entries of the model fitted to the output's
//! encoding, made parts of the format `T` and written by `T`'s part writer
//! into a spool, their losses in the [`Ledger`].

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
    writer: Result<T::Writer<Spool>, T::WriteError>,
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
        let writer = refused(T::writer(Spool::new()?, &head, options))?;
        Ok(Target {
            state: T::FromFeedState::default(),
            writer,
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

    /// The file written, or why the format refuses it.
    pub fn finish(self) -> Result<Result<Spool, T::WriteError>, Fatal> {
        match self.writer {
            Ok(writer) => refused(writer.finish()),
            Err(e) => Ok(Err(e)),
        }
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
