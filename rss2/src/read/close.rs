//! End tags: a closed element's value is checked and stored in its
//! parent, and the children the spec requires are looked for.

use std::ops::Range;

use super::frames::{Field, Frame, Innermost, Open, innermost};
use super::text::trimmed;
use super::values::ValueAt;
use super::{Parser, Stop};
use crate::document::{Category, ExtensionElement, ExtensionNode, Guid, Source};
use crate::namespaces::Namespaces;
use crate::rules;

/// XHTML's namespace (`xhtml:body` in an item).
const XHTML_NS: &str = "http://www.w3.org/1999/xhtml";

impl Parser<'_> {
    /// An end tag at `end_tag` in the decoded text (for `<x/>`, the empty
    /// range at the end of the tag): the innermost frame is closed and its
    /// value stored in its parent.
    pub(super) fn end(
        &mut self,
        namespaces: &mut Namespaces,
        end_tag: Range<usize>,
    ) -> Result<(), Stop> {
        let end = end_tag.end;
        let Some(open) = self.stack.pop() else {
            return Ok(());
        };
        namespaces.close(self.stack.len());
        let Open { frame, span, name } = open;
        if self.stack.is_empty() {
            self.closed_root = true;
        }
        match frame {
            Frame::Rss | Frame::Ignored => {}
            Frame::Markup { start } => {
                let text = self.text;
                if matches!(
                    self.stack.last().map(|o| &o.frame),
                    Some(Frame::Text { .. })
                ) && let Some(source) = text.get(start..end)
                {
                    if self.drop_controls {
                        self.field_text.push_str(&super::without_controls(source));
                    } else {
                        self.field_text.push_str(source);
                    }
                }
            }
            Frame::Channel(channel) => {
                let channel = *channel;
                self.require(
                    "channel",
                    &[
                        (&channel.title, "title"),
                        (&channel.link, "link"),
                        (&channel.description, "description"),
                    ],
                    &span,
                );
                self.doc.channel = channel;
            }
            Frame::Item => {
                // The item is in place, the channel's last.
                let item = match self.stack.last_mut().map(|o| &mut o.frame) {
                    Some(Frame::Channel(channel)) => channel.items.last_mut(),
                    _ => None,
                };
                // Room for three categories was made at the first (see
                // `assign`); an item with one or two gives the rest back
                // for the next item's values (peak memory).
                let item = item.map(|i| {
                    i.categories.shrink_to_fit();
                    &*i
                });
                if item.is_some_and(|i| i.title.is_none() && i.description.is_none()) {
                    self.reporter.departure(
                        rules::MISSING_ELEMENT_ITEM,
                        span.clone(),
                        "<item> has neither <title> nor <description>",
                    );
                }
            }
            Frame::Image(image) => {
                self.require(
                    "image",
                    &[
                        (&image.url, "url"),
                        (&image.title, "title"),
                        (&image.link, "link"),
                    ],
                    &span,
                );
                if let Some(Frame::Channel(channel)) = self.stack.last_mut().map(|o| &mut o.frame) {
                    if channel.image.is_some() {
                        self.duplicate(&name, &span);
                    } else {
                        channel.image = Some(*image);
                    }
                }
            }
            Frame::TextInput(input) => {
                self.require(
                    &name,
                    &[
                        (&input.title, "title"),
                        (&input.description, "description"),
                        (&input.name, "name"),
                        (&input.link, "link"),
                    ],
                    &span,
                );
                if let Some(Frame::Channel(channel)) = self.stack.last_mut().map(|o| &mut o.frame) {
                    if channel.text_input.is_some() {
                        self.duplicate(&name, &span);
                    } else {
                        channel.text_input = Some(*input);
                    }
                }
            }
            Frame::SkipHours(hours) => {
                if hours.is_empty() {
                    self.reporter.departure(
                        rules::MISSING_ELEMENT_SKIP,
                        span.clone(),
                        "<skipHours> holds no <hour>",
                    );
                }
                if hours.len() > 24 {
                    self.reporter.departure(
                        rules::BAD_SKIP_HOUR,
                        span.clone(),
                        format!("<skipHours> lists {} hours; a day has 24", hours.len()),
                    );
                }
                if let Some(Frame::Channel(channel)) = self.stack.last_mut().map(|o| &mut o.frame) {
                    if channel.skip_hours.is_some() {
                        self.duplicate(&name, &span);
                    } else {
                        channel.skip_hours = Some(hours);
                    }
                }
            }
            Frame::SkipDays(days) => {
                if days.is_empty() {
                    self.reporter.departure(
                        rules::MISSING_ELEMENT_SKIP,
                        span.clone(),
                        "<skipDays> holds no <day>",
                    );
                }
                if days.len() > 7 {
                    self.reporter.departure(
                        rules::BAD_SKIP_DAY,
                        span.clone(),
                        format!("<skipDays> lists {} days; a week has 7", days.len()),
                    );
                }
                if let Some(Frame::Channel(channel)) = self.stack.last_mut().map(|o| &mut o.frame) {
                    if channel.skip_days.is_some() {
                        self.duplicate(&name, &span);
                    } else {
                        channel.skip_days = Some(days);
                    }
                }
            }
            Frame::Text {
                field, attribute, ..
            } => {
                // One allocation at the exact size; the buffer is kept for
                // the next field.
                let value = trimmed(&self.field_text);
                let value_at = ValueAt {
                    start_tag: span.clone(),
                    end_tag: end_tag.start,
                };
                self.assign(field, value, attribute, &name, &span, &value_at);
            }
            Frame::Extension(element) => {
                self.check_extension(&element, &span);
                if element.is(crate::CONTENT_NS, "encoded") {
                    let text = super::extensions::element_text(&element);
                    self.check_html("content:encoded", &text, span.clone());
                } else if element.is(XHTML_NS, "body") {
                    self.check_xhtml(&element, span.clone());
                }
                self.store_extension(*element);
            }
        }
        Ok(())
    }

    /// Puts a closed extension element in the innermost open frame.
    fn store_extension(&mut self, element: ExtensionElement) {
        let Some(innermost) = innermost(&mut self.stack) else {
            return;
        };
        let frame = match innermost {
            Innermost::Item(item) => {
                // Most items carry one extension element or none (a
                // `dc:creator`): room for one, not the four a first push
                // makes (peak memory, and a small block is quicker to
                // allocate and free).
                if item.extensions.is_empty() {
                    item.extensions.reserve_exact(1);
                }
                return item.extensions.push(element);
            }
            Innermost::Frame(frame) => frame,
        };
        match frame {
            Frame::Extension(parent) => {
                parent
                    .children
                    .push(ExtensionNode::Element(Box::new(element)));
            }
            Frame::Channel(channel) => channel.extensions.push(element),
            Frame::Image(image) => image.extensions.push(element),
            Frame::TextInput(input) => input.extensions.push(element),
            Frame::Rss => self.doc.extensions.push(element),
            _ => {}
        }
    }

    /// Reports each required child element of `parent` that is missing.
    fn require(&mut self, parent: &str, children: &[(&Option<String>, &str)], span: &Range<usize>) {
        for (value, child) in children {
            if value.is_none() {
                self.reporter.departure(
                    rules::missing_element(parent),
                    span.clone(),
                    format!("<{parent}> has no <{child}>"),
                );
            }
        }
    }

    /// Reports a second `name` where one is allowed (the first is kept).
    fn duplicate(&mut self, name: &str, span: &Range<usize>) {
        let parent = self.stack.last().map_or("", |o| &*o.name);
        self.reporter.departure(
            rules::duplicate_element(parent, name),
            span.clone(),
            format!("a second <{name}>; the first is kept"),
        );
    }

    /// Stores a finished text element in its parent, checking its value.
    fn assign(
        &mut self,
        field: Field,
        value: String,
        attribute: Option<String>,
        name: &str,
        span: &Range<usize>,
        value_span: &ValueAt,
    ) {
        if field == Field::Empty {
            if !value.is_empty() {
                self.reporter.departure(
                    rules::unexpected_content(name),
                    span.clone(),
                    format!("<{name}> has text content, which RSS does not define; dropped"),
                );
            }
            return;
        }
        self.check_value(field, &value, attribute.as_deref(), name, value_span, span);
        let mut duplicate = false;
        let mut set = |slot: &mut Option<String>, value: String| {
            if slot.is_some() {
                duplicate = true;
            } else {
                *slot = Some(value);
            }
        };
        match innermost(&mut self.stack) {
            Some(Innermost::Frame(Frame::Channel(c))) => match field {
                Field::Title => set(&mut c.title, value),
                Field::Link => set(&mut c.link, value),
                Field::Description => set(&mut c.description, value),
                Field::Language => set(&mut c.language, value),
                Field::Copyright => set(&mut c.copyright, value),
                Field::ManagingEditor => set(&mut c.managing_editor, value),
                Field::WebMaster => set(&mut c.web_master, value),
                Field::PubDate => set(&mut c.pub_date, value),
                Field::LastBuildDate => set(&mut c.last_build_date, value),
                Field::Generator => set(&mut c.generator, value),
                Field::Docs => set(&mut c.docs, value),
                Field::Ttl => set(&mut c.ttl, value),
                Field::Rating => set(&mut c.rating, value),
                Field::Category => c.categories.push(Category {
                    domain: attribute,
                    value,
                }),
                _ => {}
            },
            Some(Innermost::Item(i)) => match field {
                Field::Title => set(&mut i.title, value),
                Field::Link => set(&mut i.link, value),
                Field::Description => set(&mut i.description, value),
                Field::Author => set(&mut i.author, value),
                Field::Comments => set(&mut i.comments, value),
                Field::PubDate => set(&mut i.pub_date, value),
                Field::Category => {
                    // Items carry a few categories: room for three at the
                    // first, not the four a first push makes (peak
                    // memory), in one allocation as before (room for each
                    // as it came cost 1% of the read in reallocations);
                    // past three the list doubles as usual.
                    if i.categories.is_empty() {
                        i.categories.reserve_exact(3);
                    }
                    i.categories.push(Category {
                        domain: attribute,
                        value,
                    });
                }
                Field::Guid => {
                    if i.guid.is_some() {
                        duplicate = true;
                    } else {
                        i.guid = Some(Guid {
                            value,
                            is_perma_link: attribute,
                        });
                    }
                }
                Field::Source => {
                    if i.source.is_some() {
                        duplicate = true;
                    } else {
                        i.source = Some(Source {
                            url: attribute,
                            value,
                        });
                    }
                }
                _ => {}
            },
            Some(Innermost::Frame(Frame::Image(i))) => match field {
                Field::Url => set(&mut i.url, value),
                Field::Title => set(&mut i.title, value),
                Field::Link => set(&mut i.link, value),
                Field::Width => set(&mut i.width, value),
                Field::Height => set(&mut i.height, value),
                Field::Description => set(&mut i.description, value),
                _ => {}
            },
            Some(Innermost::Frame(Frame::TextInput(t))) => match field {
                Field::Title => set(&mut t.title, value),
                Field::Description => set(&mut t.description, value),
                Field::Name => set(&mut t.name, value),
                Field::Link => set(&mut t.link, value),
                _ => {}
            },
            Some(Innermost::Frame(Frame::SkipHours(hours))) => hours.push(value),
            Some(Innermost::Frame(Frame::SkipDays(days))) => days.push(value),
            _ => {}
        }
        if duplicate {
            self.duplicate(name, span);
        }
    }
}

#[cfg(test)]
mod tests {
    /// An item's categories: no spare room once the item is closed (peak
    /// memory: room for three is made at the first, given back at the end).
    #[test]
    fn item_categories_have_no_spare_room() {
        let item = |n: usize| {
            let categories: String = (0..n)
                .map(|i| format!("<category>c{i}</category>"))
                .collect();
            let xml = format!(
                "<rss version=\"2.0\"><channel><title>t</title><link>http://e.example/</link><description>d</description><item><title>t</title>{categories}</item></channel></rss>"
            );
            let parsed = crate::read(xml.as_bytes(), &crate::ReadOptions::default()).unwrap();
            parsed.document.channel.items.into_iter().next().unwrap()
        };
        assert!(item(0).categories.is_empty());
        for n in 1..=3 {
            assert_eq!(item(n).categories.capacity(), n);
        }
        let many = item(9);
        assert_eq!(many.categories.len(), 9);
        assert_eq!(many.categories.capacity(), 9);
        assert_eq!(many.categories[8].value, "c8");
    }
}
