//! The spec's checks of values as their elements close: dates (RFC 822),
//! whole numbers, image sizes, skipHours and skipDays, URLs.

use std::ops::Range;

use antenna_model::dates::{DateForm, DateWarning, parse_date};
use antenna_model::url::Url;
use antenna_model::url_risk::report_url_risks;
use antenna_model::{Rule, UrlKey};

use super::Parser;
use super::frames::{Field, Frame};
use crate::document::{MAX_IMAGE_HEIGHT, MAX_IMAGE_WIDTH, parse_number};
use crate::rules;
use crate::xml_chars::trim_xml_space;

/// The day names skipDays holds (RSS 2.0.1 §Optional channel elements, skipDays).
const DAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// A place a diagnostic points at, found only when one is reported (most
/// values have nothing to report, and trimming the source to find where a
/// value is written costs a scan of it).
pub(super) trait Spot {
    /// The span in `text`, the decoded text.
    fn span(&self, text: &str) -> Range<usize>;
}

impl Spot for Range<usize> {
    fn span(&self, _text: &str) -> Range<usize> {
        self.clone()
    }
}

/// Where a field's value is written: the content between the start tag
/// (`start_tag`) and the end tag (which starts at `end_tag`), without its
/// leading and trailing XML white space; the start tag when the element
/// is empty.
pub(super) struct ValueAt {
    pub(super) start_tag: Range<usize>,
    pub(super) end_tag: usize,
}

impl Spot for ValueAt {
    fn span(&self, text: &str) -> Range<usize> {
        let content_start = self.start_tag.end;
        let inner = text.get(content_start..self.end_tag).unwrap_or("");
        let trimmed = trim_xml_space(inner);
        if trimmed.is_empty() {
            return self.start_tag.clone();
        }
        let leading = inner
            .bytes()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            .unwrap_or(0);
        let start = content_start + leading;
        start..start + trimmed.len()
    }
}

impl Parser<'_> {
    /// Checks the value of a text field as the spec says; diagnostics about
    /// the value point at `span` (where it is written), about an attribute
    /// at `tag` (the start tag).
    pub(super) fn check_value(
        &mut self,
        field: Field,
        value: &str,
        attribute: Option<&str>,
        name: &str,
        span: &ValueAt,
        tag: &Range<usize>,
    ) {
        let in_image = matches!(self.stack.last().map(|o| &o.frame), Some(Frame::Image(_)));
        match field {
            Field::PubDate | Field::LastBuildDate => self.check_date(value, name, span),
            // "A number of minutes that indicates how long a channel can be
            // cached": 0 would mean no caching at all, which the W3C
            // validator rejects too.
            Field::Ttl => match parse_number(value) {
                Some(0) => self.check_positive(value, name, span),
                _ => self.check_number(value, name, span),
            },
            Field::Width if in_image => match parse_number(value) {
                None | Some(0) => self.check_positive(value, name, span),
                Some(w) if w > u64::from(MAX_IMAGE_WIDTH) => self.reporter.departure(
                    rules::IMAGE_TOO_WIDE,
                    span.span(self.text),
                    format!("the image width {w} is more than {MAX_IMAGE_WIDTH}"),
                ),
                Some(_) => {}
            },
            Field::Height if in_image => match parse_number(value) {
                None | Some(0) => self.check_positive(value, name, span),
                Some(h) if h > u64::from(MAX_IMAGE_HEIGHT) => self.reporter.departure(
                    rules::IMAGE_TOO_TALL,
                    span.span(self.text),
                    format!("the image height {h} is more than {MAX_IMAGE_HEIGHT}"),
                ),
                Some(_) => {}
            },
            Field::Hour if parse_number(value).is_none_or(|h| h > 23) => {
                self.reporter.departure(
                    rules::BAD_SKIP_HOUR,
                    span.span(self.text),
                    format!("the skipHours hour `{value}` is not a number from 0 to 23"),
                );
            }
            Field::Day if !DAYS.contains(&value) => {
                self.reporter.departure(
                    rules::BAD_SKIP_DAY,
                    span.span(self.text),
                    format!("the skipDays day `{value}` is not a day name (Monday ... Sunday)"),
                );
            }
            Field::Author | Field::ManagingEditor | Field::WebMaster if !is_contact(value) => {
                self.reporter.departure(
                    if field == Field::Author {
                        rules::BAD_EMAIL_AUTHOR
                    } else {
                        rules::BAD_EMAIL
                    },
                    span.span(self.text),
                    format!(
                        "<{name}> `{value}` is not an e-mail address, optionally followed by a name in parentheses (`me@example.com (Me)`); a name alone belongs in <dc:creator>"
                    ),
                );
            }
            Field::Description
                if matches!(
                    self.stack.last().map(|o| &o.frame),
                    Some(Frame::Item | Frame::Channel(_))
                ) =>
            {
                self.check_html(name, value, span.span(self.text));
            }
            Field::Link | Field::Url | Field::Docs | Field::Comments => {
                self.check_url(value, name, rules::bad_url(name), span);
            }
            Field::Guid if attribute != Some("false") => {
                self.check_url(value, "guid (a permalink)", rules::BAD_URL_GUID, span);
            }
            Field::Source => {
                if let Some(url) = attribute {
                    self.check_url(url, "source url", rules::BAD_URL_SOURCE, tag);
                }
            }
            _ => {}
        }
    }

    /// The `rss2/bad-number` rule of `ttl` or of an image's `width` and
    /// `height`.
    fn number_rule(name: &str) -> Rule {
        if name == "ttl" {
            rules::BAD_NUMBER
        } else {
            rules::BAD_NUMBER_IMAGE
        }
    }

    fn check_number(&mut self, value: &str, name: &str, span: &ValueAt) {
        if parse_number(value).is_none() {
            self.reporter.departure(
                Self::number_rule(name),
                span.span(self.text),
                format!("<{name}> is `{value}`, not a whole number"),
            );
        }
    }

    fn check_positive(&mut self, value: &str, name: &str, span: &ValueAt) {
        self.reporter.departure(
            Self::number_rule(name),
            span.span(self.text),
            format!("<{name}> is `{value}`, not a positive whole number"),
        );
    }

    pub(super) fn check_url(&mut self, value: &str, what: &str, rule: Rule, span: &impl Spot) {
        // An item's guid is often its link, checked a moment ago: the last
        // URL found valid is not checked again.
        if !self.valid_url.is_empty() && value == self.valid_url {
            return;
        }
        // The byte-level fast path first: a URL that is its own key is
        // surely valid; any other takes the full parse.
        if UrlKey::is_normalized(value) {
            // No userinfo: nothing to warn about either.
        } else if Url::parse(value).is_err() {
            self.reporter.departure(
                rule,
                span.span(self.text),
                format!("the {what} `{value}` is not an absolute URL"),
            );
            return;
        } else {
            let mut found = Vec::new();
            report_url_risks(value, &rules::URL_RISKS, |rule, message| {
                found.push((rule, message));
            });
            for (rule, message) in found {
                self.reporter
                    .advice(rule, span.span(self.text), format!("{what}: {message}"));
            }
        }
        self.valid_url.clear();
        self.valid_url.push_str(value);
    }

    fn check_date(&mut self, value: &str, name: &str, span: &ValueAt) {
        if antenna_model::dates::plain_form(value).is_some() {
            // Surely read with nothing to report (see `plain_form`).
            return;
        }
        // RFC 822 §3.1.4 lets white space (folded lines included) and
        // comments stand between a date's tokens; the date is what is left.
        let tokens = without_comments_and_folding(value);
        let rule = if matches!(self.stack.last().map(|o| &o.frame), Some(Frame::Item)) {
            rules::BAD_DATE_ITEM
        } else {
            rules::BAD_DATE
        };
        match parse_date(&tokens) {
            Err(error) => self.reporter.departure(
                rule,
                span.span(self.text),
                format!("<{name}> `{value}` is not an RFC 822 date: {error}"),
            ),
            Ok(date) => {
                if zone_of(value).eq_ignore_ascii_case("JST") {
                    // Read as +09:00 (what Japanese writers meant), but RFC
                    // 822 §5.1 has no such zone and the W3C validator
                    // rejects it: say so.
                    self.reporter.departure(
                        rule,
                        span.span(self.text),
                        format!(
                            "<{name}> `{value}`: `JST` is not an RFC 822 zone (read as +09:00; write +0900)"
                        ),
                    );
                }
                if matches!(date.form, DateForm::Rfc850 | DateForm::Asctime) {
                    self.reporter.departure(
                        rule,
                        span.span(self.text),
                        format!("<{name}> `{value}` is an HTTP date form, not RFC 822"),
                    );
                }
                for warning in &date.warnings {
                    // A 2-digit year is allowed (RSS 2.0.1: "the year may be
                    // expressed with two characters or four characters"),
                    // and military zones are RFC 822's own.
                    if matches!(
                        warning,
                        DateWarning::WrongWeekday { .. } | DateWarning::MissingZone
                    ) {
                        self.reporter.departure(
                            rule,
                            span.span(self.text),
                            format!("<{name}> `{value}`: {warning}"),
                        );
                    }
                }
            }
        }
    }
}

/// The last word of a date: its zone, in the RFC 822 and RFC 1123 forms.
fn zone_of(value: &str) -> &str {
    value.trim_end().rsplit(' ').next().unwrap_or(value)
}

/// `value` with RFC 822's comments (`(...)`, nested, with `\` quoting) and
/// linear white space (spaces, tabs, folded lines) between its tokens
/// reduced to single spaces, and no space before a `,`: the tokens a date
/// parser reads. Borrowed when there is nothing to remove.
fn without_comments_and_folding(value: &str) -> std::borrow::Cow<'_, str> {
    let plain = |b: u8| !matches!(b, b'(' | b'\t' | b'\r' | b'\n');
    if value.bytes().all(plain) && !value.contains("  ") && !value.contains(" ,") {
        return std::borrow::Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len());
    let mut depth = 0usize;
    let mut chars = value.chars();
    let mut space = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' if depth > 0 => {
                chars.next();
            }
            '(' => {
                depth += 1;
                space = true;
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            ' ' | '\t' | '\r' | '\n' => space = true,
            ',' => {
                out.push(',');
                space = false;
            }
            _ => {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                out.push(c);
            }
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `true` for what RSS 2.0.1 puts in `author`, `managingEditor` and
/// `webMaster` ("the email address", its example `lawyer@boyer.net (Lawyer
/// Boyer)"): an address, optionally followed by a name in parentheses, or
/// a `mailto:` URL.
fn is_contact(value: &str) -> bool {
    let value = value.trim();
    if value.starts_with("mailto:") {
        return true;
    }
    let (address, rest) = match value.split_once(|c: char| c.is_whitespace()) {
        Some((address, rest)) => (address, rest.trim()),
        None => (value, ""),
    };
    is_email_address(address) && (rest.is_empty() || (rest.starts_with('(') && rest.ends_with(')')))
}

/// `local@domain`, with RFC 5322's atom characters in the local part and a
/// domain of dot-separated labels.
pub(super) fn is_email_address(text: &str) -> bool {
    let Some((local, domain)) = text.rsplit_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~.-".contains(&b));
    let domain_ok = domain.contains('.')
        && domain.split('.').all(|label| {
            !label.is_empty()
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    local_ok && domain_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages of the bad-URL diagnostics of reading an item with
    /// `link` and a guid `guid`.
    fn bad_urls(link: &str, guid: &str) -> Vec<String> {
        let xml = format!(
            "<rss version=\"2.0\"><channel><title>t</title><link>http://e.example/</link><description>d</description><item><title>t</title><link>{link}</link><guid>{guid}</guid></item></channel></rss>"
        );
        let parsed = crate::read(xml.as_bytes(), &crate::ReadOptions::default()).unwrap();
        parsed
            .diagnostics
            .iter()
            .filter(|d| d.rule.id == "rss2/bad-url")
            .map(|d| d.message.clone())
            .collect()
    }

    #[test]
    fn a_guid_that_is_the_link_is_checked_as_the_link() {
        assert!(bad_urls("http://e.example/1", "http://e.example/1").is_empty());
        // A bad URL is reported wherever it is written, again and again.
        assert_eq!(
            bad_urls("no url", "no url"),
            [
                "the link `no url` is not an absolute URL",
                "the guid (a permalink) `no url` is not an absolute URL"
            ]
        );
        // Nothing checked yet is not an empty URL checked.
        assert_eq!(
            bad_urls("", "http://e.example/1"),
            ["the link `` is not an absolute URL"]
        );
    }

    #[test]
    fn contacts_are_an_address_and_an_optional_name() {
        for good in [
            "me@example.com (Mark Pilgrim)",
            "me+folder@example.com (Me)",
            "user@example.com",
            "P.O'Neill@example.ie",
            "mailto:user%40example.com%20%28name%29",
        ] {
            assert!(is_contact(good), "{good}");
        }
        for bad in [
            "Mark Pilgrim",
            "Me (me@example.com)",
            "John Smith (mailto:jsmith@example.org)",
            "John Smith, jsmith@example.org",
            "John Smith <jsmith@example.org>",
            "me@localhost",
            "@example.com",
        ] {
            assert!(!is_contact(bad), "{bad}");
        }
    }

    #[test]
    fn comments_and_folding_leave_the_tokens() {
        for (written, tokens) in [
            (
                "Thu, 09 Feb 2006 23:59:45 +0000",
                "Thu, 09 Feb 2006 23:59:45 +0000",
            ),
            (
                "Thu(oh how I hate thursdays), 9(th) Feb(ruary) 2006 23:59:45 +0000(GMT r0x0rz)",
                "Thu, 9 Feb 2006 23:59:45 +0000",
            ),
            (
                "Thu, 09 (nested (comment) Mar)Feb(escaped comment\\) 2005) 2006()23:59:45 +0000",
                "Thu, 09 Feb 2006 23:59:45 +0000",
            ),
            (
                "\tThu , \t 09  Feb\t2006  23:59:45\t +0000",
                "Thu, 09 Feb 2006 23:59:45 +0000",
            ),
            (
                "Thu,\r\n 09 Feb 2006\r\n 23:59:45 +0000",
                "Thu, 09 Feb 2006 23:59:45 +0000",
            ),
        ] {
            assert_eq!(without_comments_and_folding(written), tokens, "{written:?}");
        }
    }
}
