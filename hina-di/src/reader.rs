//! Reading: bytes to lines, lines to blocks, values decoded, fields checked.

use std::ops::Range;

use antenna_model::dates::{self, DateForm, DateWarning};
use antenna_model::url::Url;
use antenna_model::{MethodChain, Reporter, UrlKey, charset};
use encoding_rs::Encoding;

use crate::document::{Block, Document, Field, FieldKind, LineEnd};
use crate::grammar::{self, VersionKind};
use crate::quick;
use crate::rules;
use crate::{Parsed, ReadOptions, Rejected};

/// Where a field was found.
struct FieldSpans {
    line: Range<usize>,
    name: Range<usize>,
    value: Range<usize>,
}

/// A field before its value is decoded.
struct RawField<'i> {
    name: &'i [u8],
    separator: &'i [u8],
    value: &'i [u8],
    line_end: LineEnd,
}

/// A block before its values are decoded. Its fields are a range of the
/// file's list of fields (and of their spans, a list in step with it), so
/// that cutting lines allocates nothing per block but the blank lines.
#[derive(Default)]
struct RawBlock {
    fields: Range<usize>,
    blank_lines: Vec<LineEnd>,
}

/// The byte offset in `input` of `rest`, a suffix of it.
fn offset(input: &[u8], rest: &[u8]) -> usize {
    input.len().saturating_sub(rest.len())
}

/// The outcome: the diagnostics in input order, with the document, or
/// without one when reading could not go on.
fn finish(
    mut reporter: Reporter<'_>,
    document: Option<Document>,
) -> Result<Parsed<Document>, Rejected> {
    reporter.sort_by_span();
    match document {
        Some(document) => reporter.finish(document),
        None => Err(reporter.reject()),
    }
}

/// Reads a HINA-DI file. See the crate docs for what is a warning and what
/// is an error.
pub(crate) fn read(input: &[u8], options: &ReadOptions) -> Result<Parsed<Document>, Rejected> {
    let mut reader = Reporter::new(input, options.strict);
    let mut rest = input;
    if let Some(after) = rest.strip_prefix(b"\xEF\xBB\xBF") {
        reader.departure(
            rules::BYTE_ORDER_MARK,
            0..3,
            "a UTF-8 byte order mark comes before `HINA/`; it was skipped",
        );
        rest = after;
    }

    let mut bare_lf = BareLf::default();

    // The version line.
    let line_start = offset(input, rest);
    let (content, version_line_end) = next_line(&mut rest);
    let line_span = line_start..line_start + content.len();
    bare_lf.note(version_line_end, line_span.end);
    let mut version_input = content;
    let Ok((hina, version)) = grammar::version_line(&mut version_input) else {
        reader.error(
            rules::MISSING_VERSION_LINE,
            line_span.clone(),
            "the first line is not `HINA/<version>`: this is not a HINA-DI file",
        );
        return finish(reader, None);
    };
    if hina != b"HINA" {
        reader.departure(
            rules::FIELD_NAME_CASE,
            line_start..line_start + 4,
            "`HINA` is not written in upper case",
        );
    }
    let version_span = line_start + 5..line_span.end;
    let version_text = String::from_utf8_lossy(version).into_owned();
    match grammar::version_kind(version) {
        VersionKind::Defined => {}
        VersionKind::OtherTwo => reader.departure(
            rules::UNKNOWN_VERSION,
            version_span,
            format!(
                "version `{version_text}` is neither 2.2 (rev. 0.6) nor 2.2beta (rev. 0.12); read as HINA-DI 2.2"
            ),
        ),
        VersionKind::Unknown => {
            reader.error(
                rules::UNKNOWN_VERSION,
                version_span,
                format!("version `{version_text}` is not a HINA-DI 2 version"),
            );
            return finish(reader, None);
        }
    }

    // Lines to blocks. The header block always exists; an entity block
    // starts at the first field after a blank line.
    let mut blocks: Vec<RawBlock> = vec![RawBlock::default()];
    // There are at most as many fields as lines: counting the LFs first (a
    // loop the compiler vectorises) spares the two lists their regrowth.
    // Capped at one per 16 bytes, so that a file of blank lines does not
    // reserve far beyond its size (a field line is 3 bytes at least).
    let lines = input.iter().filter(|&&b| b == b'\n').count() + 1;
    let capacity = lines.min(input.len() / 16 + 1);
    let mut raw_fields: Vec<RawField<'_>> = Vec::with_capacity(capacity);
    let mut spans: Vec<FieldSpans> = Vec::with_capacity(capacity);
    let mut last_line_end = version_line_end;
    while !rest.is_empty() {
        let start = offset(input, rest);
        let (content, line_end) = next_line(&mut rest);
        let span = start..start + content.len();
        bare_lf.note(line_end, span.end);
        last_line_end = line_end;

        let mut line = content;
        if let Ok(white) = grammar::blank_line(&mut line) {
            if !white.is_empty() {
                reader.departure(
                    rules::WHITESPACE_LINE,
                    span.clone(),
                    "a line of only spaces and tabs was read as a blank line",
                );
            }
            if line_end == LineEnd::Missing {
                // White space at the very end, after the last line end: not
                // a line at all (and already warned about above).
                continue;
            }
            if let Some(block) = blocks.last_mut() {
                if !block.blank_lines.is_empty() {
                    reader.departure(
                        rules::EXTRA_BLANK_LINE,
                        span,
                        "more than one blank line after a block",
                    );
                }
                block.blank_lines.push(line_end);
            }
            continue;
        }

        let mut line = content;
        let Ok((name, separator, value)) = grammar::field_line(&mut line) else {
            // rev. 0.12 §Block: "line-format = field-name SEPARATOR
            // field-value CRLF". A line that is not one breaks the grammar
            // and the spec says nothing of how to read it: an error in both
            // modes (the conformance suite's verdict).
            if content.starts_with(b" ") || content.starts_with(b"\t") {
                reader.error(
                    rules::FOLDED_LINE,
                    span,
                    "this line starts with a space or tab: HINA-DI has one line per field and no folded continuation lines",
                );
            } else if content.contains(&b':') {
                reader.error(
                    rules::BAD_FIELD_NAME,
                    span,
                    "the text before the `:` is not a field name (WORD *(\"-\" WORD), WORD = 1*(ALPHA|DIGIT)): it is empty or holds a space, `_` or another character",
                );
            } else {
                reader.error(
                    rules::MISSING_SEPARATOR,
                    span,
                    "this line inside a block has no `:` and is not a field",
                );
            }
            continue;
        };
        let name_span = start..start + name.len();
        let value_start = name_span.end + 1 + separator.len();
        let needs_new = blocks.last().is_none_or(|b| !b.blank_lines.is_empty());
        if needs_new {
            let at = raw_fields.len();
            blocks.push(RawBlock {
                fields: at..at,
                blank_lines: Vec::new(),
            });
        }
        raw_fields.push(RawField {
            name,
            separator,
            value,
            line_end,
        });
        spans.push(FieldSpans {
            line: span.clone(),
            name: name_span,
            value: value_start..span.end,
        });
        if let Some(block) = blocks.last_mut() {
            block.fields.end = raw_fields.len();
        }
    }
    bare_lf.report(&mut reader);

    // Decode the values.
    let header_fields = blocks.first().map_or(0..0, |header| header.fields.clone());
    let declared_label = raw_fields
        .get(header_fields.clone())
        .unwrap_or_default()
        .iter()
        .zip(spans.get(header_fields).unwrap_or_default())
        .find(|(f, _)| f.name.eq_ignore_ascii_case(b"Content-Type"))
        .and_then(|(ct, span)| {
            grammar::charset_parameter(ct.value).map(|label| (label, span.value.clone()))
        });
    let declared = match &declared_label {
        None => encoding_rs::EUC_JP,
        Some((label, span)) => charset::resolve(Some(label)).unwrap_or_else(|| {
            reader.departure(
                rules::UNKNOWN_CHARSET,
                span.clone(),
                format!(
                    "charset `{}` is unknown or cannot be used for HINA-DI; read as EUC-JP",
                    String::from_utf8_lossy(label)
                ),
            );
            encoding_rs::EUC_JP
        }),
    };
    let (encoding, fallback) = choose_encoding(&mut reader, &raw_fields, &spans, declared);

    let mut decoded: Vec<(Block, Range<usize>)> = Vec::with_capacity(blocks.len());
    for raw_block in blocks {
        let range = raw_block.fields;
        let raws = raw_fields.get(range.clone()).unwrap_or_default();
        let block_spans = spans.get(range.clone()).unwrap_or_default();
        let fields = raws
            .iter()
            .zip(block_spans)
            .map(|(raw, span)| decode_field(&mut reader, raw, span, encoding))
            .collect();
        decoded.push((Block::read(fields, raw_block.blank_lines), range));
    }

    // Check the fields and blocks.
    let spans_of = |range: Range<usize>| spans.get(range).unwrap_or_default();
    let mut decoded = decoded.into_iter();
    let (header, header_range) = decoded
        .next()
        .unwrap_or_else(|| (Block::read(Vec::new(), Vec::new()), 0..0));
    check_header(&mut reader, &header, spans_of(header_range), line_span);
    let mut entity_blocks = Vec::with_capacity(decoded.len());
    for (block, range) in decoded {
        check_entity_block(&mut reader, &block, spans_of(range));
        entity_blocks.push(block);
    }

    if entity_blocks.is_empty() {
        // rev. 0.12 §Entity block: "One or more entity blocks MUST be
        // present after the header block"; a file of only a header says
        // nothing about any page, and the spec gives no recovery.
        let end = input.len();
        reader.error(
            rules::NO_ENTITY_BLOCK,
            end..end,
            "the file has no entity block (one or more are required)",
        );
    }
    let last_block = entity_blocks.last().unwrap_or(&header);
    let end = input.len();
    if last_line_end == LineEnd::Missing && !input.is_empty() {
        reader.departure(
            rules::MISSING_FINAL_CRLF,
            end..end,
            "the last line has no line end, and the last block no blank line after it",
        );
    } else if last_block.blank_lines().is_empty() {
        reader.departure(
            rules::MISSING_FINAL_CRLF,
            end..end,
            "the last block is not followed by the blank line (CRLF) that ends a block",
        );
    }

    let document = Document::read(
        version_text,
        version_line_end,
        header,
        entity_blocks,
        fallback,
    );
    finish(reader, Some(document))
}

/// The next line; an empty line at the end of input if the parser fails
/// (it cannot: `raw_line` accepts any input).
fn next_line<'i>(rest: &mut &'i [u8]) -> (&'i [u8], LineEnd) {
    grammar::raw_line(rest).unwrap_or_else(|_| {
        let all = *rest;
        *rest = &[];
        (all, LineEnd::Missing)
    })
}

/// Bare LF line ends, reported once for the file.
#[derive(Default)]
struct BareLf {
    first: Option<usize>,
    count: usize,
}

impl BareLf {
    fn note(&mut self, line_end: LineEnd, at: usize) {
        if line_end == LineEnd::Lf {
            self.first.get_or_insert(at);
            self.count += 1;
        }
    }

    fn report(&self, reader: &mut Reporter<'_>) {
        if let Some(first) = self.first {
            reader.departure(
                rules::BARE_LF,
                first..first + 1,
                format!(
                    "{} line(s) end in LF without CR (CRLF is the line end); read as line ends",
                    self.count
                ),
            );
        }
    }
}

/// Picks the encoding to decode every value with, and the fallback (if
/// the declared one was not it).
fn choose_encoding(
    reader: &mut Reporter<'_>,
    fields: &[RawField<'_>],
    spans: &[FieldSpans],
    declared: &'static Encoding,
) -> (&'static Encoding, Option<&'static Encoding>) {
    let Some(first_bad) = fields
        .iter()
        .position(|f| !charset::decodes(declared, f.value))
    else {
        return (declared, None);
    };
    let fallback = charset::fallback_for(declared);
    if fields.iter().all(|f| charset::decodes(fallback, f.value)) {
        reader.departure(
            rules::CHARSET_MISMATCH,
            spans.get(first_bad).map_or(0..0, |s| s.value.clone()),
            format!(
                "the file is not in {} as its header says (or as the default is) but decodes as {}; read as {}",
                declared.name(),
                fallback.name(),
                fallback.name()
            ),
        );
        (fallback, Some(fallback))
    } else {
        (declared, None)
    }
}

fn decode_field(
    reader: &mut Reporter<'_>,
    raw: &RawField<'_>,
    spans: &FieldSpans,
    encoding: &'static Encoding,
) -> Field {
    let (value, source, lossy) = match charset::decode_exact(encoding, raw.value) {
        Some(value) => {
            // Keep the bytes when the value would not be written back as
            // them, so that writing gives the file back.
            let same = charset::encodes_back_to(encoding, &value, raw.value);
            let source = (!same).then(|| raw.value.to_vec().into_boxed_slice());
            (value.into_owned(), source, false)
        }
        None => {
            reader.departure(
                rules::UNDECODABLE,
                spans.value.clone(),
                format!(
                    "the value of `{}` holds bytes that are not {}; they were read as U+FFFD",
                    String::from_utf8_lossy(raw.name),
                    encoding.name()
                ),
            );
            (
                charset::decode_lossy(encoding, raw.value).into_owned(),
                Some(raw.value.to_vec().into_boxed_slice()),
                true,
            )
        }
    };
    Field::read(raw.name, raw.separator, value, raw.line_end, source, lossy)
}

/// Checks that apply to a field wherever it is.
fn check_field(reader: &mut Reporter<'_>, field: &Field, spans: &FieldSpans) {
    // The name is a `field-name`: `grammar::field_line` took no other.
    let name = field.name();
    if let Some(spelling) = field.spec_spelling()
        && spelling != name
    {
        reader.departure(
            rules::FIELD_NAME_CASE,
            spans.name.clone(),
            format!("`{name}` is written `{spelling}` in the spec"),
        );
    }
    if field.separator().is_empty() {
        let colon = spans.name.end;
        reader.departure(
            rules::NO_SPACE_AFTER_COLON,
            colon..colon + 1,
            format!("no space or tab after the colon of `{name}`"),
        );
    }
    // A byte scan finds the same character a scan of the chars would: in
    // UTF-8 every byte below 0x80 is a whole character.
    if let Some(c) = quick::first_control(field.value().as_bytes()).map(char::from) {
        // Point at the byte: control bytes never occur inside the multi-byte
        // sequences of EUC-JP, Shift_JIS or UTF-8, so the raw value has it.
        let raw = reader.input().get(spans.value.clone()).unwrap_or_default();
        let at = raw
            .iter()
            .position(|&b| (b < b' ' && b != b'\t') || b == 0x7f)
            .map_or(spans.value.start, |p| spans.value.start + p);
        // rev. 0.12 §Data Types: "TEXT = <any OCTET except CTLs, but
        // including HT>". A NUL, a lone CR or another CTL in a value is no
        // departure real writers made, and has no recovery: an error in
        // both modes.
        reader.error(
            rules::CONTROL_CHARACTER,
            at..(at + 1).min(spans.value.end),
            format!(
                "the value of `{name}` holds the control character U+{:04X}",
                u32::from(c)
            ),
        );
    }
    let kind = field.kind();
    let value = field.value();
    if kind.is_date() {
        if !quick::surely_rfc1123(value) {
            check_date(reader, name, value, spans);
        }
    } else if kind.is_url() {
        if UrlKey::is_normalized(value) {
            // Its own URL key, so surely a URL: nothing to report.
        } else if let Err(error) = Url::parse(value) {
            reader.departure(
                rules::BAD_URL,
                spans.value.clone(),
                format!("the value of `{name}` is not a URL: {error}"),
            );
        }
    } else if kind == FieldKind::Method {
        if quick::surely_strict_method(value) {
            // Nothing to report (see `quick`).
        } else if let Err(error) = MethodChain::parse_strict(value) {
            let lenient = MethodChain::parse(value).is_ok();
            reader.departure(
                rules::BAD_METHOD,
                spans.value.clone(),
                if lenient {
                    format!("the Method chain departs from the spec: {error}")
                } else {
                    format!("the Method value is not a method chain: {error}")
                },
            );
        }
    } else if matches!(kind, FieldKind::ImageWidth | FieldKind::ImageHeight) {
        let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
        if !digits || value.parse::<u32>().is_err() {
            reader.departure(
                rules::BAD_NUMBER,
                spans.value.clone(),
                format!("the value of `{name}` is not a number of pixels"),
            );
        }
    }
}

fn check_date(reader: &mut Reporter<'_>, name: &str, value: &str, spans: &FieldSpans) {
    match dates::parse_date(value) {
        Err(error) => reader.departure(
            rules::BAD_DATE,
            spans.value.clone(),
            format!("the value of `{name}` is {error}"),
        ),
        Ok(date) => {
            // 9999-12-31 is a sentinel of real writers ("future"), written
            // in RFC 1123 form: being past jiff's range is no departure.
            let warnings: Vec<&DateWarning> = date
                .warnings
                .iter()
                .filter(|w| **w != DateWarning::Clamped)
                // RFC 850 writes 2-digit years by definition.
                .filter(|w| {
                    !(date.form == DateForm::Rfc850 && matches!(w, DateWarning::ShortYear { .. }))
                })
                .collect();
            let detail = warnings
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ");
            match (date.form, warnings.is_empty()) {
                (DateForm::Rfc1123, true) => {}
                // RFC 850 and asctime dates are HTTP-dates: rev. 0.6 allows
                // them ("rfc1123-date is recommended"), rev. 0.12 does not.
                (DateForm::Rfc850 | DateForm::Asctime, true) => reader.warning(
                    rules::NOT_RFC1123_DATE,
                    spans.value.clone(),
                    format!(
                        "the value of `{name}` is an RFC 850 or asctime date; rev. 0.12 requires RFC 1123"
                    ),
                ),
                _ => reader.departure(
                    rules::NOT_RFC1123_DATE,
                    spans.value.clone(),
                    if detail.is_empty() {
                        format!("the value of `{name}` is not an RFC 1123 date in GMT")
                    } else {
                        format!("the value of `{name}` is not an RFC 1123 date in GMT: {detail}")
                    },
                ),
            }
        }
    }
}

fn check_duplicates(reader: &mut Reporter<'_>, block: &Block, spans: &[FieldSpans], what: &str) {
    for i in block.duplicates() {
        let (Some(field), Some(span)) = (block.fields().get(i), spans.get(i)) else {
            continue;
        };
        // rev. 0.12 §Block: "A block with duplicate field names MUST be
        // discarded." The spec says how to recover, so this is a warning
        // even in strict mode.
        reader.warning(
            rules::DUPLICATE_FIELD,
            span.line.clone(),
            format!(
                "`{}` appears twice in this {what}; the block is discarded as the spec says",
                field.name()
            ),
        );
    }
}

fn check_header(
    reader: &mut Reporter<'_>,
    header: &Block,
    spans: &[FieldSpans],
    version_line: Range<usize>,
) {
    check_duplicates(reader, header, spans, "header block");
    for (field, span) in header.fields().iter().zip(spans) {
        check_field(reader, field, span);
        if !matches!(
            field.kind(),
            FieldKind::UserAgent | FieldKind::ContentType | FieldKind::Date
        ) {
            reader.departure(
                rules::UNEXPECTED_HEADER_FIELD,
                span.line.clone(),
                format!(
                    "`{}` is not a header field (User-Agent, Content-Type, Date)",
                    field.name()
                ),
            );
        }
    }
    if header.fields().is_empty() {
        // rev. 0.12 §Header block: "Hinadi-Header = 1*( ... )", and
        // User-Agent is REQUIRED: a blank line (or the end of the file)
        // right after the HINA line leaves no header block at all.
        reader.error(
            rules::EMPTY_HEADER_BLOCK,
            version_line,
            "the HINA line is followed by a blank line or nothing: the header block is empty (it needs at least User-Agent)",
        );
    } else if header.user_agent().is_none() {
        // rev. 0.12 §User-Agent: "This field is REQUIRED in header
        // blocks"; the spec gives no recovery.
        reader.error(
            rules::MISSING_USER_AGENT,
            version_line,
            "the header block has no User-Agent (it is required)",
        );
    }
}

fn check_entity_block(reader: &mut Reporter<'_>, block: &Block, spans: &[FieldSpans]) {
    check_duplicates(reader, block, spans, "block");
    for (field, span) in block.fields().iter().zip(spans) {
        check_field(reader, field, span);
    }
    if block.is_discarded() {
        return;
    }
    let first_line = spans.first().map(|s| s.line.clone()).unwrap_or(0..0);
    if block.url().is_none() {
        if block.value_of(FieldKind::Virtual).is_some() {
            // rev. 0.12 §Virtual: with other fields it "takes the same
            // meaning as the regular URL field".
            reader.departure(
                rules::MISSING_URL,
                first_line,
                "this entity block has no URL, only Virtual",
            );
        } else {
            // No recovery: the URL is the block's identity (rev. 0.12 §URL,
            // rev. 0.6 §5.3 "このfieldは必須である").
            reader.error(
                rules::MISSING_URL,
                first_line,
                "this entity block has no URL field (it is required)",
            );
        }
    }
    let not_image = block.content_type().is_some_and(|ct| {
        !grammar::media_type(ct)
            .to_ascii_lowercase()
            .starts_with("image/")
    });
    if not_image {
        for (field, span) in block.fields().iter().zip(spans) {
            if matches!(field.kind(), FieldKind::ImageWidth | FieldKind::ImageHeight) {
                reader.departure(
                    rules::IMAGE_FIELD_WITHOUT_IMAGE,
                    span.line.clone(),
                    format!(
                        "`{}` in a block whose Content-Type is not an image",
                        field.name()
                    ),
                );
            }
        }
    }
}
