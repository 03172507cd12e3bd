//! What the reader holds for each open element: the [`Frame`] that
//! gathers its content, and the names it was opened with.

use std::borrow::Cow;
use std::ops::Range;

use crate::document::{Channel, ExtensionElement, Image, Item, TextInput};

/// Namespaces some writers put RSS 2.0's own elements in (as the default
/// namespace); their elements are read as RSS elements. The first three
/// are Radio UserLand's (the 2002 RSS 2.0 draft, its RSS 0.9x namespace,
/// and the `rss2.1` one Radio wrote for a while, all carried by feeds of
/// that time), the fourth the RSS 2.0 spec's own address, which some
/// writers used as a namespace.
pub(super) const RSS_NAMESPACES: [&str; 4] = [
    "http://backend.userland.com/rss2",
    "http://backend.userland.com/rss",
    "http://backend.userland.com/rss2.1",
    "http://blogs.law.harvard.edu/tech/rss",
];

/// A text-valued field being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Field {
    Title,
    Link,
    Description,
    Language,
    Copyright,
    ManagingEditor,
    WebMaster,
    PubDate,
    LastBuildDate,
    Generator,
    Docs,
    Ttl,
    Rating,
    Author,
    Comments,
    Url,
    Width,
    Height,
    Name,
    Category,
    Guid,
    Source,
    Hour,
    Day,
    /// An element whose content RSS does not define (cloud, enclosure).
    Empty,
}

/// An open element.
pub(super) enum Frame {
    Rss,
    Channel(Box<Channel>),
    /// An `<item>`, read in place: its [`Item`] is the last of its
    /// channel's items from the start tag on (an item is always a child of
    /// the channel), so that it is neither boxed nor moved when it closes.
    /// [`innermost`] and [`open_item`] find it.
    Item,
    Image(Box<Image>),
    TextInput(Box<TextInput>),
    SkipHours(Vec<String>),
    SkipDays(Vec<String>),
    /// A text-valued field; its text gathers in [`Parser::field_text`](super::Parser::field_text)
    /// (a text field holds no other open element that takes text, so one
    /// buffer serves them all).
    Text {
        field: Field,
        /// Attributes kept for the field (`domain`, `isPermaLink`, `url`).
        attribute: Option<String>,
        /// Markup inside it has been warned about: the first element is,
        /// the rest of the text's markup goes with it (a description of
        /// a million sibling `<b>` elements is one warning, not a million
        /// held until the document is read).
        markup_warned: bool,
    },
    /// Boxed, as the others, so that a frame (moved onto and off the
    /// stack at every tag) stays small.
    Extension(Box<ExtensionElement>),
    /// An element inside a text field (unescaped XHTML in a description,
    /// as many real feeds write it): kept as its source text, which is
    /// appended to the field's text when it closes. `start` is where its
    /// start tag begins in the decoded text.
    Markup {
        start: usize,
    },
    /// Content dropped with a diagnostic already reported (or, inside
    /// [`Frame::Markup`], content its source text already holds).
    Ignored,
}

/// An open element: its frame, and where and how it was opened.
pub(super) struct Open<'a> {
    pub(super) frame: Frame,
    /// The start tag's span in the decoded text.
    pub(super) span: Range<usize>,
    /// The qualified name, for messages (borrowed from the text).
    pub(super) name: Cow<'a, str>,
}

/// An element's name, resolved; borrowed from the tag and the reader's
/// namespace bindings, copied only into an extension element.
pub(super) struct Name<'t> {
    pub(super) namespace: Option<Cow<'t, str>>,
    pub(super) prefix: Option<&'t str>,
    pub(super) local: &'t str,
    /// In RSS's own vocabulary space (no namespace, or an RSS namespace).
    pub(super) rss: bool,
}

/// The frame of a text-valued field.
pub(super) fn text_frame(field: Field, attribute: Option<String>) -> Frame {
    Frame::Text {
        field,
        attribute,
        markup_warned: false,
    }
}

/// The innermost open element: its frame, or for an `<item>` its item.
pub(super) enum Innermost<'s> {
    Item(&'s mut Item),
    Frame(&'s mut Frame),
}

/// The innermost open element of `stack`, `None` when none is open.
pub(super) fn innermost<'s>(stack: &'s mut [Open<'_>]) -> Option<Innermost<'s>> {
    match stack {
        [
            ..,
            Open {
                frame: Frame::Channel(channel),
                ..
            },
            Open {
                frame: Frame::Item, ..
            },
        ] => channel.items.last_mut().map(Innermost::Item),
        [.., open] => Some(Innermost::Frame(&mut open.frame)),
        [] => None,
    }
}

/// The item being read, when the innermost open element of `stack` is an
/// `<item>`.
pub(super) fn open_item<'s>(stack: &'s [Open<'_>]) -> Option<&'s Item> {
    match stack {
        [
            ..,
            Open {
                frame: Frame::Channel(channel),
                ..
            },
            Open {
                frame: Frame::Item, ..
            },
        ] => channel.items.last(),
        _ => None,
    }
}
