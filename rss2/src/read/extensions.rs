//! Checks of the extension modules feeds use most, as the W3C feed
//! validator makes them: Media RSS, Apple's podcast (iTunes) tags, the
//! RSS 1.0 syndication, content and admin modules, Dublin Core's elements
//! that stand for RSS's own single-valued ones, and the Conversations
//! Network ratings. RSS 2.0.1 §Extending RSS lets a
//! module define its elements; these are the rules those modules state.
//! Every element is still kept as written: a check only reports.

use std::ops::Range;

use super::Parser;
use super::frames::{Frame, open_item};
use super::open::is_media_type;
use super::values::is_email_address;
use crate::document::{ExtensionAttribute, ExtensionElement, ExtensionNode};
use crate::rules;

/// Media RSS 1.5.1 (`http://search.yahoo.com/mrss/`).
const MEDIA: &str = "http://search.yahoo.com/mrss/";
/// Apple's podcast tags.
const ITUNES: &str = "http://www.itunes.com/dtds/podcast-1.0.dtd";
/// RSS 1.0's syndication module.
const SY: &str = "http://purl.org/rss/1.0/modules/syndication/";
/// RSS 1.0's content module.
const CONTENT: &str = "http://purl.org/rss/1.0/modules/content/";
/// The admin module (`http://webns.net/mvcb/`).
const ADMIN: &str = "http://webns.net/mvcb/";
/// Dublin Core's element set.
const DC: &str = "http://purl.org/dc/elements/1.1/";
/// Dublin Core's terms.
const DCTERMS: &str = "http://purl.org/dc/terms/";
/// The Conversations Network's rating module.
const CONVERSATIONS_NETWORK: &str = "http://conversationsnetwork.org/rssNamespace-1.0/";

/// What a number must be.
#[derive(Clone, Copy)]
enum Number {
    /// 1, 2, 3, ...
    Positive,
    /// 0, 1, 2, ...
    NonNegative,
}

/// What a module says of one of its elements.
struct ElementRule {
    namespace: &'static str,
    name: &'static str,
    /// The spec, for messages.
    spec: &'static str,
    required_attributes: &'static [&'static str],
    number_attributes: &'static [(&'static str, Number)],
    /// Attributes that hold a MIME type.
    media_type_attributes: &'static [&'static str],
    /// What the element's text must be, if a number.
    text: Option<Number>,
    /// The element's text is an e-mail address.
    email: bool,
    /// The element's text is a W3C date-time (W3CDTF).
    date: bool,
    /// The values the element's text may take (ASCII case ignored, white
    /// space not: the W3C validator's enumerations).
    values: &'static [&'static str],
    /// Attributes that hold an absolute URL.
    url_attributes: &'static [&'static str],
    /// Children it must have (in the same namespace).
    required_children: &'static [&'static str],
    /// How many it may have in one parent.
    unique: Once,
}

/// How often an element may appear in one parent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Once {
    /// Any number of times.
    Repeatable,
    /// At most once.
    InAnyParent,
    /// At most once in `<channel>`, any number of times elsewhere.
    InChannel,
}

const fn rule(namespace: &'static str, name: &'static str, spec: &'static str) -> ElementRule {
    ElementRule {
        namespace,
        name,
        spec,
        required_attributes: &[],
        number_attributes: &[],
        media_type_attributes: &[],
        text: None,
        email: false,
        date: false,
        values: &[],
        url_attributes: &[],
        required_children: &[],
        unique: Once::Repeatable,
    }
}

/// A DCMI term that holds one W3CDTF date.
const fn dcterms_date(name: &'static str) -> ElementRule {
    ElementRule {
        date: true,
        unique: Once::InAnyParent,
        ..rule(DCTERMS, name, DCTERMS_SPEC)
    }
}

const MEDIA_SPEC: &str = "Media RSS 1.5.1";
const ITUNES_SPEC: &str = "Apple Podcasts RSS tags";
const CN_SPEC: &str = "Conversations Network RSS module";
const SY_SPEC: &str = "RSS 1.0 Syndication module";
const CONTENT_SPEC: &str = "RSS 1.0 Content module";
const ADMIN_SPEC: &str = "RSS admin module";
/// Dublin Core lets every element repeat; the W3C validator takes
/// `dc:date`, `dc:language` and `dc:rights` once, as the single-valued
/// `pubDate`, `language` and `copyright` they stand for in RSS 2.0.
const DC_SPEC: &str = "Dublin Core in RSS 2.0 (W3C feed validator)";
const DCTERMS_SPEC: &str = "DCMI Metadata Terms";

/// The rules, one entry an element.
const RULES: &[ElementRule] = &[
    ElementRule {
        number_attributes: &[
            ("fileSize", Number::Positive),
            ("height", Number::Positive),
            ("width", Number::Positive),
            ("channels", Number::NonNegative),
        ],
        media_type_attributes: &["type"],
        ..rule(MEDIA, "content", MEDIA_SPEC)
    },
    ElementRule {
        required_attributes: &["url"],
        number_attributes: &[("height", Number::Positive), ("width", Number::Positive)],
        ..rule(MEDIA, "thumbnail", MEDIA_SPEC)
    },
    ElementRule {
        required_attributes: &["url"],
        number_attributes: &[("height", Number::Positive), ("width", Number::Positive)],
        ..rule(MEDIA, "player", MEDIA_SPEC)
    },
    ElementRule {
        required_attributes: &["relationship"],
        ..rule(MEDIA, "restriction", MEDIA_SPEC)
    },
    ElementRule {
        unique: Once::InAnyParent,
        ..rule(MEDIA, "title", MEDIA_SPEC)
    },
    ElementRule {
        unique: Once::InAnyParent,
        ..rule(MEDIA, "description", MEDIA_SPEC)
    },
    ElementRule {
        unique: Once::InAnyParent,
        ..rule(MEDIA, "copyright", MEDIA_SPEC)
    },
    ElementRule {
        required_attributes: &["href"],
        url_attributes: &["href"],
        ..rule(ITUNES, "image", ITUNES_SPEC)
    },
    ElementRule {
        required_attributes: &["text"],
        ..rule(ITUNES, "category", ITUNES_SPEC)
    },
    ElementRule {
        // Apple's tags today: `true` or `false` (`yes` and `clean` were
        // the first spec's); the W3C validator takes these two.
        values: &["true", "false"],
        unique: Once::InAnyParent,
        ..rule(ITUNES, "explicit", ITUNES_SPEC)
    },
    ElementRule {
        values: &["yes", "no", "clean"],
        unique: Once::InAnyParent,
        ..rule(ITUNES, "block", ITUNES_SPEC)
    },
    ElementRule {
        values: &["episodic", "serial"],
        unique: Once::InAnyParent,
        ..rule(ITUNES, "type", ITUNES_SPEC)
    },
    ElementRule {
        values: &["full", "trailer", "bonus"],
        unique: Once::InAnyParent,
        ..rule(ITUNES, "episodeType", ITUNES_SPEC)
    },
    ElementRule {
        text: Some(Number::Positive),
        unique: Once::InAnyParent,
        ..rule(ITUNES, "episode", ITUNES_SPEC)
    },
    ElementRule {
        text: Some(Number::Positive),
        unique: Once::InAnyParent,
        ..rule(ITUNES, "season", ITUNES_SPEC)
    },
    ElementRule {
        required_children: &["email"],
        ..rule(ITUNES, "owner", ITUNES_SPEC)
    },
    ElementRule {
        email: true,
        ..rule(ITUNES, "email", ITUNES_SPEC)
    },
    ElementRule {
        date: true,
        unique: Once::InAnyParent,
        ..rule(SY, "updateBase", SY_SPEC)
    },
    ElementRule {
        text: Some(Number::Positive),
        unique: Once::InAnyParent,
        ..rule(SY, "updateFrequency", SY_SPEC)
    },
    ElementRule {
        unique: Once::InAnyParent,
        ..rule(SY, "updatePeriod", SY_SPEC)
    },
    ElementRule {
        unique: Once::InAnyParent,
        ..rule(CONTENT, "encoded", CONTENT_SPEC)
    },
    ElementRule {
        unique: Once::InAnyParent,
        ..rule(ADMIN, "errorReportsTo", ADMIN_SPEC)
    },
    ElementRule {
        unique: Once::InAnyParent,
        ..rule(ADMIN, "generatorAgent", ADMIN_SPEC)
    },
    ElementRule {
        date: true,
        unique: Once::InChannel,
        ..rule(DC, "date", DC_SPEC)
    },
    dcterms_date("created"),
    dcterms_date("issued"),
    dcterms_date("modified"),
    ElementRule {
        unique: Once::InChannel,
        ..rule(DC, "language", DC_SPEC)
    },
    ElementRule {
        unique: Once::InChannel,
        ..rule(DC, "rights", DC_SPEC)
    },
    ElementRule {
        text: Some(Number::Positive),
        ..rule(CONVERSATIONS_NETWORK, "ratingIndividual", CN_SPEC)
    },
    ElementRule {
        text: Some(Number::NonNegative),
        ..rule(CONVERSATIONS_NETWORK, "ratingCount", CN_SPEC)
    },
    ElementRule {
        text: Some(Number::NonNegative),
        ..rule(CONVERSATIONS_NETWORK, "introMilliseconds", CN_SPEC)
    },
];

/// The rule for `element`, if a module this crate knows defines it.
fn rule_for(element: &ExtensionElement) -> Option<&'static ElementRule> {
    let namespace = element.namespace.as_deref()?;
    // The local name first: a few bytes against the modules' URIs.
    RULES
        .iter()
        .find(|r| r.name == element.name && r.namespace == namespace)
}

/// `true` when `text` is a number of the kind (ASCII digits, no sign).
fn is_number(text: &str, kind: Number) -> bool {
    let text = text.trim();
    !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && match kind {
            Number::Positive => text.bytes().any(|b| b != b'0'),
            Number::NonNegative => true,
        }
}

/// A W3C date-time (W3CDTF, the ISO 8601 profile Dublin Core and the
/// syndication module name): `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, or a date
/// with `Thh:mm`, optional seconds and fraction, and a zone (`Z` or
/// `±hh:mm`), each part in its range (the W3C validator's `w3cdtf`).
fn is_w3cdtf(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| -> Option<u32> {
        let part = text.get(range)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    let Some(year) = digits(0..4) else {
        return false;
    };
    if b.len() == 4 {
        return true;
    }
    let Some(month) = digits(5..7).filter(|m| (1..=12).contains(m)) else {
        return false;
    };
    if b.get(4) != Some(&b'-') {
        return false;
    }
    if b.len() == 7 {
        return true;
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if b.get(7) != Some(&b'-') || digits(8..10).is_none_or(|d| d == 0 || d > days) {
        return false;
    }
    if b.len() == 10 {
        return true;
    }
    if b.get(10) != Some(&b'T')
        || digits(11..13).is_none_or(|h| h > 23)
        || b.get(13) != Some(&b':')
        || digits(14..16).is_none_or(|m| m > 59)
    {
        return false;
    }
    let mut at = 16;
    if b.get(at) == Some(&b':') {
        if digits(17..19).is_none_or(|s| s > 60) {
            return false;
        }
        at = 19;
        if b.get(at) == Some(&b'.') {
            at += 1;
            while b.get(at).is_some_and(u8::is_ascii_digit) {
                at += 1;
            }
        }
    }
    match text.get(at..) {
        Some("Z") => true,
        Some(zone) if zone.len() == 6 => {
            matches!(zone.as_bytes().first(), Some(b'+' | b'-'))
                && digits(at + 1..at + 3).is_some_and(|h| h <= 23)
                && zone.as_bytes().get(3) == Some(&b':')
                && digits(at + 4..at + 6).is_some_and(|m| m <= 59)
        }
        _ => false,
    }
}

fn describe(kind: Number) -> &'static str {
    match kind {
        Number::Positive => "a positive whole number",
        Number::NonNegative => "a whole number, 0 or more",
    }
}

/// The attribute `name` without a prefix or namespace, as modules define
/// theirs.
fn plain_attribute<'e>(
    element: &'e ExtensionElement,
    name: &str,
) -> Option<&'e ExtensionAttribute> {
    element
        .attributes
        .iter()
        .find(|a| a.namespace.is_none() && a.prefix.is_none() && a.name == name)
}

/// The element's own text (its child elements left out).
pub(super) fn element_text(element: &ExtensionElement) -> String {
    element
        .children
        .iter()
        .filter_map(|node| match node {
            ExtensionNode::Text(text) => Some(text.as_str()),
            ExtensionNode::Element(_) => None,
        })
        .collect()
}

impl Parser<'_> {
    /// Checks a closed extension element (its start tag at `span`) against
    /// its module's rules, and against the siblings already in its parent,
    /// the innermost open frame.
    pub(super) fn check_extension(&mut self, element: &ExtensionElement, span: &Range<usize>) {
        let Some(rule) = rule_for(element) else {
            return;
        };
        let name = element.qualified_name();
        for &attribute in rule.required_attributes {
            if plain_attribute(element, attribute).is_none() {
                self.reporter.departure(
                    rules::EXTENSION_MISSING_ATTRIBUTE,
                    span.clone(),
                    format!("<{name}> has no `{attribute}` attribute ({})", rule.spec),
                );
            }
        }
        for &(attribute, kind) in rule.number_attributes {
            if let Some(value) = plain_attribute(element, attribute)
                && !is_number(&value.value, kind)
            {
                self.reporter.departure(
                    rules::EXTENSION_NUMBER,
                    span.clone(),
                    format!(
                        "<{name}> {attribute}=\"{}\" is not {} ({})",
                        value.value,
                        describe(kind),
                        rule.spec
                    ),
                );
            }
        }
        for &attribute in rule.media_type_attributes {
            if let Some(value) = plain_attribute(element, attribute)
                && !is_media_type(&value.value)
            {
                self.reporter.departure(
                    rules::BAD_MEDIA_TYPE,
                    span.clone(),
                    format!(
                        "<{name}> {attribute}=\"{}\" is not a MIME type ({})",
                        value.value, rule.spec
                    ),
                );
            }
        }
        if let Some(kind) = rule.text {
            let text = element_text(element);
            if !is_number(&text, kind) {
                self.reporter.departure(
                    rules::EXTENSION_NUMBER,
                    span.clone(),
                    format!(
                        "<{name}> `{}` is not {} ({})",
                        text.trim(),
                        describe(kind),
                        rule.spec
                    ),
                );
            }
        }
        if rule.email {
            let text = element_text(element);
            if !is_email_address(text.trim()) {
                self.reporter.departure(
                    rules::BAD_EMAIL_EXTENSION,
                    span.clone(),
                    format!(
                        "<{name}> `{}` is not an e-mail address ({})",
                        text.trim(),
                        rule.spec
                    ),
                );
            }
        }
        if !rule.values.is_empty() {
            let text = element_text(element);
            if !rule.values.iter().any(|v| v.eq_ignore_ascii_case(&text)) {
                self.reporter.departure(
                    rules::EXTENSION_VALUE,
                    span.clone(),
                    format!(
                        "<{name}> `{text}` is not one of {} ({})",
                        rule.values.join(", "),
                        rule.spec
                    ),
                );
            }
        }
        for &attribute in rule.url_attributes {
            if let Some(value) = plain_attribute(element, attribute) {
                let what = format!("{name} {attribute}");
                self.check_url(&value.value, &what, rules::BAD_URL_EXTENSION, span);
            }
        }
        if rule.date {
            let text = element_text(element);
            if !is_w3cdtf(text.trim()) {
                self.reporter.departure(
                    rules::BAD_W3CDTF_DATE,
                    span.clone(),
                    format!(
                        "<{name}> `{}` is not a W3CDTF date (`2002-09-07`, `2002-09-07T09:00:01+09:00`) ({})",
                        text.trim(),
                        rule.spec
                    ),
                );
            }
        }
        for &child in rule.required_children {
            let has = element.children.iter().any(|node| {
                matches!(node, ExtensionNode::Element(e)
                    if e.namespace.as_deref() == Some(rule.namespace) && e.name == child)
            });
            if !has {
                self.reporter.departure(
                    rules::EXTENSION_MISSING_ELEMENT,
                    span.clone(),
                    format!("<{name}> has no <{child}> in its namespace ({})", rule.spec),
                );
            }
        }
        let in_channel = matches!(self.stack.last().map(|o| &o.frame), Some(Frame::Channel(_)));
        let once = match rule.unique {
            Once::Repeatable => false,
            Once::InAnyParent => true,
            Once::InChannel => in_channel,
        };
        if once
            && self
                .sibling_extensions()
                .any(|e| rule_for(e).is_some_and(|r| std::ptr::eq(r, rule)))
        {
            self.reporter.departure(
                rules::EXTENSION_DUPLICATE,
                span.clone(),
                format!(
                    "a second <{name}> in the same element; it may appear once ({})",
                    rule.spec
                ),
            );
        }
    }

    /// The extension elements already closed in the innermost open frame.
    fn sibling_extensions(&self) -> Box<dyn Iterator<Item = &ExtensionElement> + '_> {
        if let Some(item) = open_item(&self.stack) {
            return Box::new(item.extensions.iter());
        }
        let elements: &[ExtensionElement] = match self.stack.last().map(|o| &o.frame) {
            Some(Frame::Extension(parent)) => {
                return Box::new(parent.children.iter().filter_map(|node| match node {
                    ExtensionNode::Element(e) => Some(&**e),
                    ExtensionNode::Text(_) => None,
                }));
            }
            Some(Frame::Channel(channel)) => &channel.extensions,
            Some(Frame::Image(image)) => &image.extensions,
            Some(Frame::TextInput(input)) => &input.extensions,
            _ => &[],
        };
        Box::new(elements.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn w3cdtf_dates_are_the_six_forms_in_range() {
        for good in [
            "2002",
            "2002-09",
            "2002-09-07",
            "2002-09-07T09:00+09:00",
            "2002-09-07T09:00:01Z",
            "2002-09-07T09:00:01.25-05:00",
            "2000-02-29",
        ] {
            assert!(is_w3cdtf(good), "{good}");
        }
        for bad in [
            "yesterday",
            "2002-9-07",
            "2002-09-07T09:00",
            "2002-09-07 09:00:01Z",
            "2002-13-01",
            "1900-02-29",
            "2002-09-07T24:00Z",
            "2002-09-07T09:00:01+0900",
            "Sat, 07 Sep 2002 00:00:01 GMT",
            "２００２",
        ] {
            assert!(!is_w3cdtf(bad), "{bad}");
        }
    }

    #[test]
    fn numbers_are_ascii_digits_without_sign() {
        assert!(is_number("12", Number::Positive));
        assert!(is_number(" 7 ", Number::Positive));
        assert!(!is_number("0", Number::Positive));
        assert!(!is_number("00", Number::Positive));
        assert!(is_number("0", Number::NonNegative));
        assert!(!is_number("-3", Number::NonNegative));
        assert!(!is_number("+3", Number::Positive));
        assert!(!is_number("A", Number::Positive));
        assert!(!is_number("", Number::NonNegative));
        assert!(!is_number("1.5", Number::Positive));
    }
}
