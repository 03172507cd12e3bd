//! Character data and references: appended to the innermost open element,
//! references resolved (XML's, the DOCTYPE's and, leniently, HTML's).

use std::ops::Range;

use quick_xml::escape::resolve_xml_entity;
use quick_xml::events::BytesText;
use quick_xml::reader::Reader;

use super::frames::Frame;
use super::{CharacterData, Parser, Stop};
use crate::document::ExtensionNode;
use crate::entities::EntityError;
use crate::rules;
use crate::xml_chars::trim_xml_space;

impl<'a> Parser<'a> {
    /// The character data after the markup that ended at `end`, up to the
    /// next `<`, read here instead of by quick-xml, which would give it as
    /// one event per reference and one per run of text between them (an
    /// escaped HTML description is dozens of events). The pieces are cut
    /// exactly where quick-xml cuts its `Text` and `GeneralRef` events
    /// (with `allow_dangling_amp`) and handled as those events are, so
    /// the document and diagnostics are the same; the reader is moved to
    /// the `<`, and `skipped` counts the bytes it did not read. Text that
    /// runs to the end of the input is left to quick-xml.
    pub(super) fn character_data(
        &mut self,
        reader: &mut Reader<&'a [u8]>,
        skipped: &mut usize,
        end: usize,
    ) -> Result<(), Stop> {
        if self.character_data != CharacterData::Pieces {
            return Ok(());
        }
        let rest: &'a [u8] = reader.get_ref();
        // White space between tags (most character data) is passed over
        // by a plain loop; the rest is searched with `memchr`.
        let space = rest
            .iter()
            .position(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            .unwrap_or(rest.len());
        let len = match rest.get(space) {
            Some(b'<') if space > 0 && self.between_elements() => {
                // White space between elements, passed over (see
                // `character_pieces`).
                *reader.get_mut() = rest.get(space..).unwrap_or_default();
                *skipped += space;
                return Ok(());
            }
            Some(b'<') => space,
            _ => match memchr::memchr(b'<', rest.get(space..).unwrap_or_default()) {
                Some(len) => space + len,
                None => return Ok(()),
            },
        };
        if len == 0 {
            return Ok(());
        }
        let from = self.text.len() - rest.len();
        let (Some(data), Some(markup)) = (self.text.get(from..from + len), rest.get(len..)) else {
            return Ok(());
        };
        *reader.get_mut() = markup;
        *skipped += len;
        self.character_pieces(data, end, len == space)
    }

    /// `data` (character data holding no `<`, at `at` in the text) as
    /// quick-xml's events: text up to each `&`; then `&name;` a reference,
    /// or, with no `;` before the next `&` or the end, a dangling `&` and
    /// the text after it.
    ///
    /// In a text field with no control character to leave out, a `Text`
    /// event with no `\r` or `>` is only appended (it holds no line end to
    /// normalize, no `]]>`, and does not start with `&`), and so is a
    /// predefined entity: those go straight to the field's text.
    fn character_pieces(&mut self, data: &str, at: usize, all_space: bool) -> Result<(), Stop> {
        if all_space && self.between_elements() {
            return Ok(());
        }
        let frame = self.stack.last().map(|o| &o.frame);
        let bytes = data.as_bytes();
        let piece = |from: usize, to: usize| data.get(from..to).unwrap_or("");
        // `plain`: from `pos` on, no line end to normalize and no `]]>` to
        // refuse, in a text field with no control character to leave out.
        let (mut pos, plain) = if !self.drop_controls && matches!(frame, Some(Frame::Text { .. })) {
            // Plain text with XML's predefined entities (an escaped HTML
            // description is mostly these) is unescaped here, each
            // reference told by its bytes; from the first other `&`, `\r`
            // or `>`, the loop below.
            match self.append_predefined(data) {
                Plain::All => return Ok(()),
                Plain::UpTo(pos, Halt::Reference) => {
                    let rest = bytes.get(pos..).unwrap_or_default();
                    (pos, memchr::memchr2(b'\r', b'>', rest).is_none())
                }
                Plain::UpTo(pos, Halt::LineEndOrGt) => (pos, false),
            }
        } else {
            if memchr::memchr3(b'\r', b'>', b'&', bytes).is_none() {
                // One `Text` event (the text of an extension element, as a
                // rule) that `text_event` would only pass on: passed on here.
                return self.text(data, at..at + data.len());
            }
            (0, false)
        };
        // The `&`s in order, from one search set up once.
        let mut amps = memchr::memchr_iter(b'&', bytes);
        while pos < data.len() {
            let Some(amp) = amps.by_ref().find(|&amp| amp >= pos) else {
                let text = piece(pos, data.len());
                if plain {
                    self.field_text.push_str(text);
                    return Ok(());
                }
                return self.text_event(text, at + pos..at + data.len());
            };
            if amp > pos {
                let text = piece(pos, amp);
                if plain {
                    self.field_text.push_str(text);
                } else {
                    self.text_event(text, at + pos..at + amp)?;
                }
                pos = amp;
            }
            // At a `&`: a reference, or dangling `&`s each followed by text.
            loop {
                // A reference's name is short: a plain search beats
                // `memchr2`'s setup.
                let after_amp = bytes.get(pos + 1..).unwrap_or_default();
                match after_amp.iter().position(|&b| b == b';' || b == b'&') {
                    Some(i) if after_amp.get(i) == Some(&b';') => {
                        let name = piece(pos + 1, pos + 1 + i);
                        match predefined_entity(name) {
                            Some(c) if plain => self.field_text.push(c),
                            _ => self.reference(name, at + pos..at + pos + i + 2)?,
                        }
                        pos += i + 2;
                        break;
                    }
                    Some(i) => {
                        let text = piece(pos, pos + i + 1);
                        self.text_event(text, at + pos..at + pos + i + 1)?;
                        pos += i + 1;
                    }
                    None => {
                        let text = piece(pos, data.len());
                        return self.text_event(text, at + pos..at + data.len());
                    }
                }
            }
        }
        Ok(())
    }

    /// `true` when white space here is white space between elements, which
    /// `text` passes over (and which has no `]]>`, `&` or character to
    /// normalize into anything but white space): outside the root or in
    /// an element that holds elements, not text.
    fn between_elements(&self) -> bool {
        matches!(
            self.stack.last().map(|o| &o.frame),
            None | Some(
                Frame::Rss
                    | Frame::Channel(_)
                    | Frame::Item
                    | Frame::Image(_)
                    | Frame::TextInput(_)
                    | Frame::SkipHours(_)
                    | Frame::SkipDays(_)
            )
        )
    }

    /// Appends `data` (character data of a text field, no `<`) to the
    /// field's text, its references to XML's predefined entities resolved,
    /// up to the first `&` that is not one of those or the first `\r` or
    /// `>` (a line end to normalize, perhaps a `]]>`): what the events of
    /// the same text append. Says where the text not yet appended starts
    /// (the text before that `&`, `\r` or `>`, after the last reference)
    /// and why it stopped.
    fn append_predefined(&mut self, data: &str) -> Plain {
        let bytes = data.as_bytes();
        let mut pos = 0;
        while let Some(found) = bytes.get(pos..).and_then(find_amp_cr_gt) {
            let at = pos + found;
            if bytes.get(at) != Some(&b'&') {
                return Plain::UpTo(pos, Halt::LineEndOrGt);
            }
            let (c, len) = match bytes.get(at + 1..).unwrap_or_default() {
                [b'l', b't', b';', ..] => ('<', 4),
                [b'g', b't', b';', ..] => ('>', 4),
                [b'a', b'm', b'p', b';', ..] => ('&', 5),
                [b'q', b'u', b'o', b't', b';', ..] => ('"', 6),
                [b'a', b'p', b'o', b's', b';', ..] => ('\'', 6),
                _ => return Plain::UpTo(pos, Halt::Reference),
            };
            self.field_text
                .push_str(data.get(pos..at).unwrap_or_default());
            self.field_text.push(c);
            pos = at + len;
        }
        self.field_text
            .push_str(data.get(pos..).unwrap_or_default());
        Plain::All
    }

    /// A `Text` event of quick-xml (`raw`, at `span`): checked for `]]>`
    /// and a dangling `&`, line ends normalized, and appended.
    pub(super) fn text_event(&mut self, raw: &str, span: Range<usize>) -> Result<(), Stop> {
        // `]]>` needs a `>`, which character data seldom holds: a byte
        // search for it first spares most texts the substring search.
        if raw.as_bytes().contains(&b'>') && raw.contains("]]>") {
            // XML 1.0 §2.4: "character data MUST NOT contain the literal
            // string ]]>".
            self.reporter.fatal(
                rules::NOT_WELL_FORMED,
                span,
                "`]]>` in character data (write `]]&gt;`)",
            );
            return Err(Stop);
        }
        if raw.as_bytes().first() == Some(&b'&') {
            // Only a dangling `&` starts a text event: references are
            // events of their own.
            self.reporter.departure(
                rules::BARE_AMPERSAND,
                span.start..span.start + 1,
                "a `&` that starts no reference (write `&amp;`); read as text",
            );
        }
        self.text(&BytesText::from_escaped(raw).xml10_content(), span)
    }
}

impl Parser<'_> {
    /// Resolves a reference in content: a character reference, one of
    /// XML's predefined entities, an entity declared in the DOCTYPE, or (a
    /// warning; an error when strict) an HTML entity. Anything else is a
    /// fatal error (XML 1.0 §4.1 WFC: Entity Declared).
    pub(super) fn reference(&mut self, name: &str, span: Range<usize>) -> Result<(), Stop> {
        if self.stack.is_empty() {
            return self.outside_root(span);
        }
        // Fast path: XML's five predefined entities, which
        // `Entities::resolve` also looks up first (they are names, they
        // take precedence over declarations and no budget applies).
        if let Some(text) = resolve_xml_entity(name) {
            return self.text(text, span);
        }
        if let Some(meant) = windows_1252_char_ref(name) {
            // `&#150;` names U+0096, a C1 control no one writes on purpose:
            // the feed's writer meant the Windows-1252 character of byte
            // 150, `–` (feedparser reads it so too).
            self.reporter.departure(
                rules::C1_CHARACTER_REFERENCE,
                span.clone(),
                format!(
                    "`&{name};` is a C1 control character; read as `{meant}` (U+{:04X}), the Windows-1252 character the feed meant",
                    u32::from(meant)
                ),
            );
            let mut buffer = [0u8; 4];
            return self.text(meant.encode_utf8(&mut buffer), span);
        }
        let mut text = std::mem::take(&mut self.expansion);
        text.clear();
        let mut html = Vec::new();
        let result = match self.entities.resolve(name, &mut text, &mut html) {
            Err(EntityError::Undeclared(undeclared)) if !self.reporter.is_strict() => {
                // feedparser reads an unknown entity as its text; so does
                // a lenient reader, and says so.
                self.reporter.departure(
                    rules::UNDECLARED_ENTITY,
                    span.clone(),
                    format!(
                        "the entity `&{undeclared};` is not declared (neither XML's, the DOCTYPE's, nor HTML's); read as the text `&{undeclared};`"
                    ),
                );
                text.clear();
                text.push('&');
                text.push_str(name);
                text.push(';');
                Ok(())
            }
            other => other,
        };
        let result = self
            .report_entities(result, html, &span)
            .and_then(|()| self.text(&text, span));
        self.expansion = text;
        result
    }

    /// Reports HTML entities used (real-world-notes: "HTML entities such
    /// as &nbsp; that XML does not declare"; HTML fixes their meaning) and
    /// the error, if any.
    pub(super) fn report_entities(
        &mut self,
        result: Result<(), EntityError>,
        html: Vec<String>,
        span: &Range<usize>,
    ) -> Result<(), Stop> {
        for name in std::mem::take(&mut self.entities.skipped) {
            self.reporter.departure(
                rules::DOCTYPE_ENTITY,
                span.clone(),
                format!("`&{name};` is an external entity; it is not fetched and is left out"),
            );
        }
        for name in html {
            self.reporter.departure(
                rules::HTML_ENTITY,
                span.clone(),
                format!(
                    "`&{name};` is an HTML entity that XML does not declare; read as its HTML character"
                ),
            );
        }
        match result {
            Ok(()) => Ok(()),
            Err(error) => {
                let rule = match error {
                    // `&#X26;` is no reference at all (the x is lower case).
                    EntityError::BadCharRef(ref name) if !is_char_ref_syntax(name) => {
                        rules::NOT_WELL_FORMED
                    }
                    EntityError::BadCharRef(_) => rules::BAD_CHARACTER,
                    EntityError::Undeclared(_) | EntityError::Html(_) => rules::UNDECLARED_ENTITY,
                    EntityError::Recursive(_) | EntityError::Markup(_) | EntityError::TooLarge => {
                        rules::DOCTYPE_ENTITY
                    }
                };
                self.reporter.fatal(rule, span.clone(), error.message());
                Err(Stop)
            }
        }
    }

    /// Appends character data to the open element.
    pub(super) fn text(&mut self, text: &str, span: Range<usize>) -> Result<(), Stop> {
        let text = &*if self.drop_controls {
            super::without_controls(text)
        } else {
            std::borrow::Cow::Borrowed(text)
        };
        if self.stack.is_empty() {
            if is_all_xml_space(text) {
                return Ok(());
            }
            return self.outside_root(span);
        }
        match self.stack.last_mut().map(|open| &mut open.frame) {
            Some(Frame::Text { .. }) => self.field_text.push_str(text),
            Some(Frame::Extension(element)) => match element.children.last_mut() {
                Some(ExtensionNode::Text(buf)) => buf.push_str(text),
                // Text that leaves nothing (control characters left out,
                // an empty CDATA section or entity) is no node: written
                // back it would be nothing, and read again no node.
                _ if text.is_empty() => {}
                // Most extension elements hold text alone, which the
                // children keep inline.
                _ => element.children.push(ExtensionNode::Text(text.to_owned())),
            },
            // Inside markup the source text is taken whole when it closes.
            Some(Frame::Ignored | Frame::Markup { .. }) => {}
            _ => {
                if !is_all_xml_space(text) {
                    let parent = self.stack.last().map_or("", |o| &*o.name);
                    let rule = rules::unexpected_content(parent);
                    let name = self
                        .stack
                        .last()
                        .map_or_else(|| "the document".to_owned(), |o| format!("<{}>", o.name));
                    self.reporter.departure(
                        rule,
                        span,
                        format!("text directly inside {name} is not RSS content; dropped"),
                    );
                }
            }
        }
        Ok(())
    }
}

/// A flag in the high bit of each byte of `word` equal to `needle`: a zero
/// byte of `word ^ needle`, found by the borrow trick, whose lowest flag is
/// exact (a higher one may be a false flag, after a true one).
fn byte_flags(word: u64, needle: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x = word ^ (ONES * u64::from(needle));
    x.wrapping_sub(ONES) & !x & HIGH
}

/// The offset of the first `&`, `\r` or `>` in `bytes`. In escaped HTML
/// the next reference is often a byte or two away (`&lt;p&gt;`), closer
/// than `memchr3` repays its setup: the first eight bytes are tested as
/// one word ([`byte_flags`]), the rest by `memchr3`. (Testing more
/// words before `memchr3` cost more on the benchmark feed: 16 bytes +1.2 M
/// instructions, 32 bytes +3.2 M.)
fn find_amp_cr_gt(bytes: &[u8]) -> Option<usize> {
    let Some(first) = bytes
        .get(..8)
        .and_then(|chunk| <[u8; 8]>::try_from(chunk).ok())
    else {
        return memchr::memchr3(b'&', b'\r', b'>', bytes);
    };
    let word = u64::from_le_bytes(first);
    let found = byte_flags(word, b'&') | byte_flags(word, b'\r') | byte_flags(word, b'>');
    if found != 0 {
        // The lowest flag is the first match (little-endian load).
        return Some((found.trailing_zeros() / 8) as usize);
    }
    memchr::memchr3(b'&', b'\r', b'>', bytes.get(8..)?).map(|i| 8 + i)
}

/// How far [`Parser::append_predefined`] went.
enum Plain {
    /// All of the text was appended.
    All,
    /// The text was appended up to this offset, where the run of text
    /// holding what stopped it starts.
    UpTo(usize, Halt),
}

/// What stopped [`Parser::append_predefined`].
enum Halt {
    /// An `&` that is not a reference to a predefined entity.
    Reference,
    /// A `\r` or a `>`.
    LineEndOrGt,
}

/// The character of one of XML's five predefined entities (XML 1.0 §4.6),
/// as `resolve_xml_entity` resolves them.
fn predefined_entity(name: &str) -> Option<char> {
    match name {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "apos" => Some('\''),
        "quot" => Some('"'),
        _ => None,
    }
}

/// An RSS attribute's value, or a field's text, without leading and
/// trailing XML white space, as an exact-size `String` (conformance
/// protocol: "Element text and attribute values are strings, with leading
/// and trailing XML white space removed").
pub(super) fn trimmed(value: &str) -> String {
    trim_xml_space(value).to_owned()
}

/// `true` when `text` is all XML white space. By bytes: the four white
/// space characters are ASCII, and no byte of a multi-byte character is.
pub(super) fn is_all_xml_space(text: &str) -> bool {
    text.bytes()
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// The character a C1 character reference (`#128`-`#159`, `#x80`-`#x9F`)
/// stood for in Windows-1252, the encoding its writer was in; `None` for
/// any other reference, and for the five bytes Windows-1252 leaves
/// undefined (they stay the C1 controls they name).
fn windows_1252_char_ref(name: &str) -> Option<char> {
    let digits = name.strip_prefix('#')?;
    let code = match digits.strip_prefix('x') {
        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
        None => digits.parse::<u32>().ok()?,
    };
    let byte = u8::try_from(code)
        .ok()
        .filter(|b| (0x80..=0x9F).contains(b))?;
    let mut buffer = [0u8; 4];
    let (result, _, written) = encoding_rs::WINDOWS_1252
        .new_decoder_without_bom_handling()
        .decode_to_utf8_without_replacement(&[byte], &mut buffer, true);
    let decoded = std::str::from_utf8(buffer.get(..written)?).ok()?;
    let meant = decoded.chars().next()?;
    (result == encoding_rs::DecoderResult::InputEmpty && u32::from(meant) != code).then_some(meant)
}

/// `true` for `#` digits or `#x` hex digits (XML 1.0 §4.1 CharRef), the
/// text after `&` of a reference that is a character reference by its
/// form, whatever character it names.
fn is_char_ref_syntax(name: &str) -> bool {
    match name.strip_prefix("#x") {
        Some(hex) => !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()),
        None => name
            .strip_prefix('#')
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())),
    }
}

#[cfg(test)]
mod tests {
    use super::predefined_entity;
    use quick_xml::escape::resolve_xml_entity;

    proptest::proptest! {
        #[test]
        fn amp_cr_gt_found_as_by_a_plain_search(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::prelude::Just(b'&'),
                    proptest::prelude::Just(b'\r'),
                    proptest::prelude::Just(b'>'),
                    proptest::prelude::Just(b'<'),
                    proptest::prelude::any::<u8>(),
                    proptest::prelude::any::<u8>(),
                    proptest::prelude::any::<u8>(),
                    proptest::prelude::any::<u8>(),
                    proptest::prelude::any::<u8>(),
                    proptest::prelude::any::<u8>(),
                    proptest::prelude::any::<u8>(),
                    proptest::prelude::any::<u8>(),
                    proptest::prelude::any::<u8>(),
                ],
                0..80,
            ),
        ) {
            let plain = bytes.iter().position(|&b| matches!(b, b'&' | b'\r' | b'>'));
            proptest::prop_assert_eq!(super::find_amp_cr_gt(&bytes), plain);
        }
    }

    #[test]
    fn predefined_entities_are_quick_xmls() {
        for name in [
            "lt", "gt", "amp", "apos", "quot", "nbsp", "LT", "", "#60", "ampx",
        ] {
            assert_eq!(
                predefined_entity(name).map(String::from).as_deref(),
                resolve_xml_entity(name),
                "{name}"
            );
        }
    }

    fn read(input: &[u8]) -> crate::Document {
        crate::read(input, &crate::ReadOptions::default())
            .expect("lenient read")
            .document
    }

    /// Text that leaves nothing once read (a control character left out,
    /// an empty CDATA section or entity) is no node: the writer writes
    /// nothing for it, so a node kept would be gone on the next read
    /// (fuzz finding: `roundtrip_rss2-itunes-owner-trailing-space`, NULs
    /// after `<itunes:email>`).
    #[test]
    fn text_that_leaves_nothing_is_no_extension_node() {
        for input in [
            "<rss><channel><x>\0</x></channel></rss>",
            "<rss><channel><x><y/>\0\0</x></channel></rss>",
            "<rss><channel><x><![CDATA[]]></x></channel></rss>",
            "<!DOCTYPE rss [<!ENTITY e \"\">]><rss><channel><x>&e;</x></channel></rss>",
        ] {
            let first = read(input.as_bytes());
            let x = &first.channel.extensions[0];
            assert!(
                !x.children
                    .iter()
                    .any(|node| matches!(node, crate::ExtensionNode::Text(_))),
                "{input:?}: {:?}",
                x.children
            );
            let written = crate::write(&first, &crate::WriteOptions::default()).expect("write");
            assert_eq!(read(&written), first, "{input:?}");
        }
    }

    /// White space between an extension element's children is kept, and
    /// written back, in a module this crate checks (iTunes) as in any other.
    #[test]
    fn white_space_between_extension_children_is_kept() {
        for ns in ["http://www.itunes.com/dtds/podcast-1.0.dtd", "urn:x"] {
            let input = format!(
                "<rss xmlns:i=\"{ns}\"><channel><i:owner> <i:name>C</i:name>\n</i:owner></channel></rss>"
            );
            let first = read(input.as_bytes());
            let children = &first.channel.extensions[0].children;
            assert_eq!(children.len(), 3, "{ns}");
            assert_eq!(children[0], crate::ExtensionNode::Text(" ".into()));
            assert_eq!(children[2], crate::ExtensionNode::Text("\n".into()));
            let written = crate::write(&first, &crate::WriteOptions::default()).expect("write");
            assert_eq!(read(&written), first, "{ns}");
        }
    }
}
