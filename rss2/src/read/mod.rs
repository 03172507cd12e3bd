//! The reader: decoded text in, [`Document`] and diagnostics out.
//!
//! quick-xml's pull parser gives events (this module: the event loop and
//! the markup around the root element); an explicit stack of
//! [`Open`] frames (never recursion) builds the document, so
//! nesting depth costs heap, bounded by [`ReadOptions::max_depth`]:
//!
//! - [`open`]: a start tag becomes a frame, by what its parent holds;
//! - [`attributes`]: attributes resolved, unescaped and sorted out;
//! - [`text`]: character data and references go to the innermost frame;
//! - [`close`]: an end tag stores the frame's value in its parent;
//! - [`values`]: the spec's checks of values (dates, numbers, URLs).

mod attributes;
mod close;
mod extensions;
mod frames;
mod html;
mod open;
mod options;
mod report;
mod text;
mod values;

pub use self::options::ReadOptions;

use std::ops::Range;

use antenna_model::{Parsed, Rejected, Reporter};
use quick_xml::events::{BytesDecl, Event};
use quick_xml::reader::Reader;

use self::frames::Open;
use self::report::TextReporter;
use self::text::is_all_xml_space;
use crate::document::Document;
use crate::encoding::decode;
use crate::entities::Entities;
use crate::namespaces::Namespaces;
use crate::offsets::InputOffsets;
use crate::rules;
use crate::xml_chars::{find_non_xml_char, is_name};

/// Reads an RSS document.
///
/// Returns `Err(Rejected)` when the input has an error (see the crate docs
/// for what is an error in lenient mode); `Ok` never holds an error.
pub fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
    read_with(input, options, CharacterData::Pieces)
}

/// How character data is read: by [`Parser::character_data`], or (to test
/// it against) as quick-xml's events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CharacterData {
    Pieces,
    #[cfg(test)]
    Events,
}

/// [`read`], with character data read as `character_data` says.
fn read_with(
    input: &[u8],
    options: &ReadOptions,
    character_data: CharacterData,
) -> Result<Parsed<Document>, Rejected> {
    let decoded = decode(input);
    let mut reporter = Reporter::new(input, options.strict);
    for problem in decoded.problems {
        if problem.fatal {
            reporter.error(problem.rule, problem.span, problem.message);
        } else {
            reporter.departure(problem.rule, problem.span, problem.message);
        }
    }
    if reporter.has_errors() {
        return Err(reporter.reject());
    }
    let text: &str = &decoded.text;
    let offsets = InputOffsets::new(decoded.encoding, decoded.bom, decoded.body);
    let mut reporter = TextReporter::new(reporter, offsets);
    // XML 1.0 §2.2: the characters of a document are Char. A C0 control
    // character (a stray form feed or vertical tab from a word processor)
    // is left out of the values by a lenient reader, as feed readers do,
    // with a warning at each; anything else, and any of them when strict,
    // rejects the input (keeping it could not be written back).
    let mut drop_controls = false;
    let mut from = 0;
    while let Some((bad, c)) = text.get(from..).and_then(find_non_xml_char) {
        let bad = from + bad;
        if options.strict || !c.is_ascii_control() {
            reporter.fatal(
                rules::BAD_CHARACTER,
                bad..bad + c.len_utf8(),
                format!("U+{:04X} is not a character XML 1.0 allows", u32::from(c)),
            );
            return Err(reporter.reject());
        }
        reporter.departure(
            rules::BAD_CHARACTER,
            bad..bad + 1,
            format!(
                "U+{:04X}, a control character XML 1.0 does not allow; left out",
                u32::from(c)
            ),
        );
        drop_controls = true;
        from = bad + 1;
    }
    // Entity expansion may produce at most this much text: generous for
    // any real feed, small enough that a "billion laughs" file stops early.
    let budget = text.len().saturating_mul(8).max(1 << 20);
    let mut parser = Parser {
        reporter,
        text,
        field_text: String::new(),
        expansion: String::new(),
        valid_url: String::new(),
        max_depth: options.max_depth,
        doc: Document {
            encoding: Some(decoded.encoding.name().to_owned()),
            ..Document::default()
        },
        stack: Vec::new(),
        seen_rss: false,
        seen_channel: false,
        closed_root: false,
        entities: Entities::new(budget, true),
        drop_controls,
        character_data,
    };
    parser.run();
    let Parser { reporter, doc, .. } = parser;
    reporter.finish(doc)
}

/// The state of one read: the document so far and the open elements.
struct Parser<'a> {
    reporter: TextReporter<'a>,
    /// The decoded text being read.
    text: &'a str,
    max_depth: usize,
    doc: Document,
    stack: Vec<Open<'a>>,
    /// The text of the innermost open [`Frame::Text`](frames::Frame::Text), reused from field to
    /// field so that each value is allocated once, at its exact size.
    field_text: String,
    /// Scratch for the expansion of one entity reference.
    expansion: String,
    /// The last URL [`Parser::check_url`] found valid.
    valid_url: String,
    seen_rss: bool,
    seen_channel: bool,
    /// The root element has been closed: only comments, PIs and white
    /// space may follow (XML 1.0 §2.1 `document ::= prolog element Misc*`).
    closed_root: bool,
    /// Entities declared in the DOCTYPE, and the expansion budget.
    entities: Entities,
    /// The text holds C0 control characters (reported already) that values
    /// leave out.
    drop_controls: bool,
    /// How character data is read.
    character_data: CharacterData,
}

/// `text` without C0 control characters other than tab, CR and LF (XML's
/// white space), which XML 1.0 §2.2 does not allow.
fn without_controls(text: &str) -> std::borrow::Cow<'_, str> {
    let refused = |c: char| c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r');
    if text.contains(refused) {
        std::borrow::Cow::Owned(text.chars().filter(|&c| !refused(c)).collect())
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Stop reading (a fatal error was reported).
struct Stop;

impl<'a> Parser<'a> {
    /// Reads events to the end of the text or the first fatal error.
    fn run(&mut self) {
        let text = self.text;
        let mut reader = Reader::from_str(text);
        let mut namespaces = Namespaces::default();
        {
            let config = reader.config_mut();
            config.trim_text(false);
            config.check_end_names = true;
            config.expand_empty_elements = false;
            // A lone `&` comes as text that starts with it; `text_event`
            // reports it (feedparser reads it as text).
            config.allow_dangling_amp = true;
        }
        // Bytes of character data read by `character_data` rather than by
        // quick-xml, whose positions do not count them.
        let mut skipped = 0usize;
        loop {
            let start = usize::try_from(reader.buffer_position())
                .unwrap_or(usize::MAX)
                .saturating_add(skipped);
            // Names are resolved in `start`, against the bindings in
            // `namespaces`.
            let event = match reader.read_event() {
                Ok(event) => event,
                Err(error) => {
                    let at = usize::try_from(reader.error_position())
                        .map_or(start, |at| at.saturating_add(skipped));
                    self.reporter.fatal(
                        rules::NOT_WELL_FORMED,
                        at..at,
                        format!("not well-formed XML: {error}"),
                    );
                    return;
                }
            };
            let end = usize::try_from(reader.buffer_position())
                .map_or(start, |end| end.saturating_add(skipped));
            let span = start..end.max(start);
            let end = span.end;
            let result = match event {
                Event::Start(tag) => self
                    .start(&reader, &mut namespaces, &tag, span, false)
                    .and_then(|()| self.character_data(&mut reader, &mut skipped, end)),
                Event::Empty(tag) => self
                    .start(&reader, &mut namespaces, &tag, span, true)
                    .and_then(|()| self.character_data(&mut reader, &mut skipped, end)),
                Event::End(_) => self
                    .end(&mut namespaces, span)
                    .and_then(|()| self.character_data(&mut reader, &mut skipped, end)),
                Event::Text(t) => self.text_event(&t, span),
                Event::CData(t) => {
                    let content = t.xml10_content();
                    if self.stack.is_empty() {
                        self.outside_root(span)
                    } else {
                        self.text(&content, span)
                    }
                }
                Event::GeneralRef(r) => self.reference(&r, span),
                Event::DocType(t) => self.doctype(&t.xml10_content(), span),
                Event::Decl(decl) => self.declaration(&decl, span),
                Event::PI(pi) => {
                    let target = pi.target();
                    if target.eq_ignore_ascii_case("xml") || !is_name(target) {
                        // XML 1.0 §2.6: targets matching [Xx][Mm][Ll] are
                        // reserved; the XML declaration is only allowed
                        // at the very start, in lower case (§2.8).
                        self.reporter.fatal(
                            rules::NOT_WELL_FORMED,
                            span,
                            format!(
                                "`<?{target}` is not a processing instruction (reserved or not a name) nor an XML declaration at the start of the file"
                            ),
                        );
                        Err(Stop)
                    } else {
                        Ok(())
                    }
                }
                Event::Comment(c) => {
                    if c.contains("--") || c.ends_with('-') {
                        // XML 1.0 §2.5: "the string '--' (double-hyphen)
                        // MUST NOT occur within comments".
                        self.reporter
                            .fatal(rules::NOT_WELL_FORMED, span, "`--` inside a comment");
                        Err(Stop)
                    } else {
                        Ok(())
                    }
                }
                Event::Eof => {
                    self.eof(text.len());
                    return;
                }
            };
            if result.is_err() {
                return;
            }
        }
    }

    /// The end of the text: every element closed, an `<rss>` with a
    /// `<channel>` read.
    fn eof(&mut self, len: usize) {
        if let Some(open) = self.stack.last() {
            let message = format!("the file ends inside <{}>", open.name);
            let span = open.span.clone();
            self.reporter.fatal(rules::NOT_WELL_FORMED, span, message);
            return;
        }
        if !self.seen_rss {
            self.reporter
                .fatal(rules::NOT_RSS, len..len, "the file has no <rss> element");
        } else if !self.seen_channel {
            self.reporter
                .fatal(rules::MISSING_ELEMENT, len..len, "<rss> holds no <channel>");
        }
    }

    /// Content other than white space, comments and PIs outside the root
    /// element (XML 1.0 §2.1).
    fn outside_root(&mut self, span: Range<usize>) -> Result<(), Stop> {
        let message = if self.closed_root {
            "content after the root element"
        } else {
            "content before the root element"
        };
        self.reporter.fatal(rules::NOT_WELL_FORMED, span, message);
        Err(Stop)
    }

    /// The XML declaration (XML 1.0 §2.8): only at the very start, with a
    /// version first; `standalone` is `yes` or `no` (§2.9).
    fn declaration(&mut self, decl: &BytesDecl<'_>, span: Range<usize>) -> Result<(), Stop> {
        let after_white_space_only = self
            .text
            .get(..span.start)
            .is_some_and(|before| !before.is_empty() && is_all_xml_space(before));
        if after_white_space_only {
            // Real feeds (generated by templates) start with a blank line;
            // feedparser and browsers read them. XML 1.0 §2.8 wants the
            // declaration first.
            self.reporter.departure(
                rules::SPACE_BEFORE_DECLARATION,
                0..span.start,
                "white space before the XML declaration, which comes first (XML 1.0 §2.8); skipped",
            );
        }
        let problem = if span.start != 0 && !after_white_space_only {
            Some("the XML declaration is not at the start of the file".to_owned())
        } else if let Err(error) = decl.version() {
            Some(format!("the XML declaration has no version first: {error}"))
        } else {
            match decl.standalone() {
                Some(Ok(value)) if value != "yes" && value != "no" => Some(format!(
                    "standalone=\"{value}\" in the XML declaration; it is `yes` or `no`"
                )),
                Some(Err(error)) => {
                    Some(format!("the XML declaration is not well-formed: {error}"))
                }
                _ => None,
            }
        };
        match problem {
            Some(message) => {
                self.reporter.fatal(rules::NOT_WELL_FORMED, span, message);
                Err(Stop)
            }
            None => Ok(()),
        }
    }

    /// A DOCTYPE: only before the root element; its internal subset's
    /// entity declarations are read (XML 1.0 §2.8, §4.2).
    fn doctype(&mut self, content: &str, span: Range<usize>) -> Result<(), Stop> {
        if self.seen_rss {
            self.reporter.fatal(
                rules::NOT_WELL_FORMED,
                span,
                "a DOCTYPE after the root element",
            );
            return Err(Stop);
        }
        match self.entities.declare_from_doctype(content) {
            Ok(()) => Ok(()),
            Err(message) => {
                self.reporter.fatal(rules::DOCTYPE_ENTITY, span, message);
                Err(Stop)
            }
        }
    }
}

#[cfg(test)]
mod tests;
