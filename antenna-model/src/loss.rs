//! What a conversion could not carry over.
//!
//! Every conversion between a format and the model returns a [`Converted`]:
//! the document, and a [`Loss`] for each field or element that the target
//! cannot represent. No conversion is silently lossy.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// One thing a conversion dropped or changed.
///
/// `field` and `reason` are most often fixed texts (`content_length`,
/// "HINA-DI has no field for it"), said of every entry of a file: they are
/// borrowed then, and only a text made for the one loss is owned; the
/// entry's URL is shared by the losses of one entry (issue #23: three
/// losses an entry, each allocating its three strings, were a tenth of a
/// LIRS to HINA-DI conversion).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loss {
    /// The URL of the entry concerned, when the loss is about one entry
    /// (shared: an entry that loses several things has one).
    pub entry: Option<Arc<str>>,
    /// The field, element or attribute that was not carried, as the source
    /// names it (e.g. `X-WDB-Title`, `cloud`, `extension`).
    pub field: Cow<'static, str>,
    /// Why it could not be carried.
    pub reason: Cow<'static, str>,
}

impl Loss {
    /// A loss about the document as a whole.
    pub fn document(
        field: impl Into<Cow<'static, str>>,
        reason: impl Into<Cow<'static, str>>,
    ) -> Self {
        Loss {
            entry: None,
            field: field.into(),
            reason: reason.into(),
        }
    }

    /// A loss about the entry for `url`.
    pub fn entry(
        url: impl Into<Arc<str>>,
        field: impl Into<Cow<'static, str>>,
        reason: impl Into<Cow<'static, str>>,
    ) -> Self {
        Loss {
            entry: Some(url.into()),
            field: field.into(),
            reason: reason.into(),
        }
    }
}

/// An entry's URL as its losses name it: made shared by the first loss
/// ([`EntryKey::shared`]) and cloned for the next, so that an entry that
/// loses several things copies its URL once (issue #23).
#[derive(Debug, Clone)]
pub struct EntryKey<'a> {
    url: &'a str,
    shared: Option<Arc<str>>,
}

impl<'a> EntryKey<'a> {
    /// The key of the entry whose URL is `url`; nothing is copied yet.
    pub fn new(url: &'a str) -> Self {
        EntryKey { url, shared: None }
    }

    /// The URL, shared with the losses named by this key before.
    pub fn shared(&mut self) -> Arc<str> {
        Arc::clone(self.shared.get_or_insert_with(|| Arc::from(self.url)))
    }

    /// The URL.
    pub fn as_str(&self) -> &'a str {
        self.url
    }
}

impl fmt::Display for Loss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.entry {
            Some(url) => write!(f, "{url}: {}: {}", self.field, self.reason),
            None => write!(f, "{}: {}", self.field, self.reason),
        }
    }
}

/// The result of a conversion: the converted document and what it lost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted<T> {
    /// The converted document (named as [`Parsed::document`](crate::Parsed::document)
    /// is: both carry what was made, beside what was noticed on the way).
    pub document: T,
    /// Everything the conversion could not carry, in the order met.
    pub losses: Vec<Loss>,
}

impl<T> Converted<T> {
    /// A conversion that lost nothing.
    pub fn lossless(document: T) -> Self {
        Converted {
            document,
            losses: Vec::new(),
        }
    }

    /// `true` when nothing was lost.
    pub fn is_lossless(&self) -> bool {
        self.losses.is_empty()
    }

    /// Maps the document, keeping the losses.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Converted<U> {
        Converted {
            document: f(self.document),
            losses: self.losses,
        }
    }
}
