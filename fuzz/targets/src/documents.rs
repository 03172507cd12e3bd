//! The structured writer targets: a document drawn from the fuzzer's bytes
//! (not bytes to read), written by its format's writer in every encoding
//! and compression it supports, must read back as the same document or be
//! refused with an error.
//!
//! Text is drawn from all of Unicode, weighted towards what writers get
//! wrong: `¥ ‾` (written as ASCII by the WHATWG encoders), the
//! JIS/Microsoft twins `〜 ～ — ― ‖ ∥ − － ¢ £ ¬`, the full-width space,
//! LIRS's `,` and `\`, XML's `& < > ]]>`, CR, LF and tabs.

use antenna_model::Codec;
use arbitrary::{Result, Unstructured};
use hina_di::HinaDi;
use lirs::Lirs;
use rss2::Rss2;

/// Characters and strings that writers have got wrong, or could.
const HAZARDS: &[&str] = &[
    "¥",
    "‾",
    "〜",
    "～",
    "—",
    "―",
    "‖",
    "∥",
    "−",
    "－",
    "¢",
    "£",
    "¬",
    "￠",
    "￡",
    "￢",
    "\u{3000}",
    ",",
    "\\",
    "\\,",
    "&",
    "<",
    ">",
    "]]>",
    "&amp;",
    "\r",
    "\n",
    "\r\n",
    "\t",
    " ",
    ":",
    "\"",
    "日本語",
    "ｱ",
    "髙",
    "①",
    "😀",
    "\u{85}",
    "\u{96}",
    "\u{0}",
    "\u{FFFE}",
    "LIRS,",
];

/// A short text: hazards, printable ASCII, or any characters.
fn text(u: &mut Unstructured<'_>) -> Result<String> {
    let mut out = String::new();
    for _ in 0..u.int_in_range(0u8..=5)? {
        match u.int_in_range(0u8..=15)? {
            0..=3 => out.push_str(u.choose(HAZARDS)?),
            4..=13 => {
                for _ in 0..u.int_in_range(1u8..=4)? {
                    out.push(char::from(u.int_in_range(0x20u8..=0x7E)?));
                }
            }
            14 => out.push(u.arbitrary::<char>()?),
            _ => out.push_str(u.arbitrary::<&str>()?),
        }
    }
    Ok(out)
}

fn opt_text(u: &mut Unstructured<'_>) -> Result<Option<String>> {
    Ok(if u.ratio(2, 3)? { Some(text(u)?) } else { None })
}

/// A HINA-DI document: any of the charsets, names defined and not, odd
/// separators and line ends.
fn hina_di_document(u: &mut Unstructured<'_>) -> Result<hina_di::Document> {
    use hina_di::{Field, LineEnd};
    const NAMES: &[&str] = &[
        "Title",
        "Author-Name",
        "Keyword",
        "Server",
        "Last-Modified",
        "Method",
        "X-Foo",
        "Content-Type",
        "title",
        "X-WDB-Title",
        "Expires",
        "Date",
        "Virtual",
    ];
    fn field(u: &mut Unstructured<'_>, name: String) -> Result<Field> {
        let separator = if u.ratio(1, 64)? {
            "\u{3000}"
        } else {
            *u.choose(&[" ", "\t", "", "  "])?
        };
        let end = *u.choose(&[LineEnd::CrLf, LineEnd::Lf, LineEnd::Missing])?;
        Ok(Field::new(name, text(u)?)
            .with_separator(separator)
            .with_line_end(end))
    }
    fn name(u: &mut Unstructured<'_>) -> Result<String> {
        Ok(if u.ratio(1, 32)? {
            text(u)?
        } else {
            (*u.choose(NAMES)?).to_owned()
        })
    }
    let version = if u.ratio(1, 32)? {
        text(u)?
    } else {
        (*u.choose(&["2.2", "2.2beta", "2.1"])?).to_owned()
    };
    let mut document = hina_di::Document::new(version);
    let agent = field(u, "User-Agent".to_owned())?;
    let charset = *u.choose(&["", "EUC-JP", "Shift_JIS", "UTF-8", "ISO-2022-JP"])?;
    let header = document.header_mut();
    header.push(agent);
    if !charset.is_empty() {
        header.push_field("Content-Type", format!("text/plain; charset={charset}"));
    }
    for _ in 0..u.int_in_range(0u8..=2)? {
        let name = name(u)?;
        let field = field(u, name)?;
        if !field.is("Content-Type") {
            document.header_mut().push(field);
        }
    }
    // Sometimes none: the writer must refuse a file without entity block.
    let blocks = if u.ratio(1, 16)? {
        0
    } else {
        u.int_in_range(1u8..=3)?
    };
    for _ in 0..blocks {
        let mut url = field(u, "URL".to_owned())?;
        if !u.ratio(1, 4)? {
            url.set_value(format!("http://a.example/{}", text(u)?));
        }
        let mut fields = vec![url];
        for _ in 0..u.int_in_range(0u8..=3)? {
            let name = name(u)?;
            fields.push(field(u, name)?);
        }
        let blank = (0..u.int_in_range(0u8..=2)?)
            .map(|_| u.choose(&[LineEnd::CrLf, LineEnd::Lf]).copied())
            .collect::<Result<Vec<_>>>()?;
        let block = document.new_block();
        for field in fields {
            block.push(field);
        }
        block.set_blank_lines(blank);
    }
    Ok(document)
}

/// What HINA-DI keeps of a document, with the writer's documented repairs
/// applied (a missing line end but on the last line, and a blank line with
/// none, is CRLF; a block followed by another gets a blank line).
fn hina_di_kept(document: &hina_di::Document) -> Vec<String> {
    use hina_di::LineEnd;
    let crlf = |end: LineEnd| {
        if end == LineEnd::Missing {
            LineEnd::CrLf
        } else {
            end
        }
    };
    let mut lines = vec![(
        format!("HINA/{}", document.version()),
        document.version_line_end(),
    )];
    let blocks: Vec<&hina_di::Block> = std::iter::once(document.header())
        .chain(document.all_blocks())
        .collect();
    for (i, block) in blocks.iter().enumerate() {
        for field in block.fields() {
            lines.push((
                format!(
                    "{}:{:?}{:?}",
                    field.name(),
                    field.separator(),
                    field.value()
                ),
                field.line_end(),
            ));
        }
        let mut blank: Vec<LineEnd> = block.blank_lines().iter().copied().map(crlf).collect();
        if blank.is_empty() && i + 1 < blocks.len() {
            blank.push(LineEnd::CrLf);
        }
        lines.extend(blank.into_iter().map(|end| (String::new(), end)));
        lines.push((format!("discarded {}", block.is_discarded()), LineEnd::CrLf));
    }
    let last = lines.iter().rposition(|(l, _)| !l.starts_with("discarded"));
    lines
        .into_iter()
        .enumerate()
        .map(|(i, (line, end))| {
            let end = if Some(i) == last { end } else { crlf(end) };
            format!("{line} {end:?}")
        })
        .collect()
}

/// HINA-DI: a drawn document is written in its charset and reads back as
/// itself, or the writer refuses it.
pub fn write_hina_di(data: &[u8]) {
    written_hina_di(data);
}

/// [`write_hina_di`]; `true` when the document was written (not refused).
fn written_hina_di(data: &[u8]) -> bool {
    let mut u = Unstructured::new(data);
    let Ok(document) = hina_di_document(&mut u) else {
        return false;
    };
    let Ok(bytes) = HinaDi::write(&document, &hina_di::WriteOptions::default()) else {
        return false;
    };
    let back = match HinaDi::read(&bytes, &HinaDi::read_options(false)) {
        Ok(parsed) => parsed.document,
        Err(rejected) => panic!(
            "HINA-DI written but rejected: {:?}\n{:?}\n{document:#?}",
            rejected.diagnostics,
            String::from_utf8_lossy(&bytes)
        ),
    };
    assert_eq!(
        hina_di_kept(&back),
        hina_di_kept(&document),
        "HINA-DI read back as another document: {:?}",
        String::from_utf8_lossy(&bytes)
    );
    true
}

fn lirs_document(u: &mut Unstructured<'_>) -> Result<lirs::Document> {
    let mut records = Vec::new();
    for index in 0..u.int_in_range(1u8..=3)? {
        // A host of its own: no two records share a URL.
        let mut record = lirs::Record::new(format!("http://a{index}.example/{}", text(u)?));
        record.last_modified =
            lirs::LirsTime::from_seconds(u.int_in_range(0..=4_000_000_000)?).unwrap_or_default();
        record.last_detected =
            lirs::LirsTime::from_seconds(u.int_in_range(0..=4_000_000_000)?).unwrap_or_default();
        record.time_difference = u.arbitrary()?;
        record.content_length = u.arbitrary()?;
        record.title = text(u)?;
        record.author = text(u)?;
        record.source_url = text(u)?;
        record.extension = text(u)?;
        if u.ratio(1, 4)? {
            record.extra = vec![text(u)?];
        }
        records.push(record);
    }
    Ok(lirs::Document {
        records,
        ..lirs::Document::default()
    })
}

/// LIRS: a drawn document, written in EUC-JP or UTF-8, plain or gzip,
/// reads back with the same fields, or the writer refuses it.
pub fn write_lirs(data: &[u8]) {
    written_lirs(data);
}

/// [`write_lirs`]; `true` when the document was written (not refused).
fn written_lirs(data: &[u8]) -> bool {
    let mut u = Unstructured::new(data);
    let Ok(mode) = u.int_in_range(0u8..=3) else {
        return false;
    };
    let Ok(document) = lirs_document(&mut u) else {
        return false;
    };
    let encoding = if mode & 2 == 2 {
        lirs::Encoding::Utf8
    } else {
        lirs::Encoding::EucJp
    };
    let options = lirs::WriteOptions::default()
        .with_gzip(mode & 1 == 1)
        .with_encoding(encoding);
    let Ok(bytes) = Lirs::write(&document, &options) else {
        return false;
    };
    let back = match Lirs::read(&bytes, &Lirs::read_options(false)) {
        Ok(parsed) => parsed.document,
        Err(rejected) => panic!(
            "LIRS written but rejected: {:?}\n{:?}",
            rejected.diagnostics,
            String::from_utf8_lossy(&bytes)
        ),
    };
    let fields = |r: &lirs::Record| {
        (
            r.last_modified.seconds(),
            r.last_detected.seconds(),
            r.time_difference,
            r.content_length,
            [
                r.url.clone(),
                r.title.clone(),
                r.author.clone(),
                r.source_url.clone(),
                r.extension.clone(),
            ],
            r.extra.clone(),
        )
    };
    let written: Vec<_> = document.records.iter().map(fields).collect();
    let read: Vec<_> = back.records.iter().map(fields).collect();
    // Gzip output is shown decompressed, so that the lines can be read.
    let plain = lirs::decompress(&bytes, &Lirs::read_options(false))
        .map_or_else(|_| bytes.clone(), |text| text.into_owned());
    assert_eq!(
        read,
        written,
        "LIRS read back as another document: {:?}",
        String::from_utf8_lossy(&plain)
    );
    true
}

fn rss2_document(u: &mut Unstructured<'_>) -> Result<rss2::Document> {
    use std::borrow::Cow;

    use rss2::{Category, ExtensionAttribute, ExtensionChildren, ExtensionElement, Guid, Item};
    fn category(u: &mut Unstructured<'_>) -> Result<Category> {
        Ok(Category {
            domain: opt_text(u)?,
            value: text(u)?,
        })
    }
    fn extension(u: &mut Unstructured<'_>) -> Result<ExtensionElement> {
        let (namespace, prefix) = *u.choose(&[
            (None, None),
            (Some("urn:x"), Some("x")),
            (Some("http://purl.org/dc/elements/1.1/"), Some("dc")),
            (Some("urn:d"), None),
        ])?;
        let name = if u.ratio(1, 8)? {
            text(u)?
        } else {
            (*u.choose(&["e", "creator", "日本", "a·b"])?).to_owned()
        };
        let mut attributes = Vec::new();
        if u.arbitrary()? {
            attributes.push(ExtensionAttribute {
                name: Cow::Borrowed(*u.choose(&["a", "b-c", "é"])?),
                value: Cow::Owned(text(u)?),
                ..ExtensionAttribute::default()
            });
        }
        let body = text(u)?;
        Ok(ExtensionElement {
            namespace: namespace.map(Cow::Borrowed),
            prefix: prefix.map(Cow::Borrowed),
            name: Cow::Owned(name),
            attributes,
            children: if body.is_empty() {
                ExtensionChildren::new()
            } else {
                ExtensionChildren::text(body)
            },
        })
    }
    let mut document = rss2::Document {
        version: Some("2.0".to_owned()),
        ..rss2::Document::default()
    };
    let channel = &mut document.channel;
    channel.title = opt_text(u)?;
    channel.link = opt_text(u)?;
    channel.description = opt_text(u)?;
    channel.generator = opt_text(u)?;
    if u.arbitrary()? {
        channel.categories.push(category(u)?);
    }
    if u.arbitrary()? {
        channel.extensions.push(extension(u)?);
    }
    for _ in 0..u.int_in_range(0u8..=3)? {
        let mut item = Item {
            title: opt_text(u)?,
            link: opt_text(u)?,
            description: opt_text(u)?,
            author: opt_text(u)?,
            pub_date: opt_text(u)?,
            ..Item::default()
        };
        if u.arbitrary()? {
            item.categories.push(category(u)?);
        }
        if u.arbitrary()? {
            item.guid = Some(Guid {
                value: text(u)?,
                is_perma_link: opt_text(u)?,
            });
        }
        if u.arbitrary()? {
            item.extensions.push(extension(u)?);
        }
        channel.items.push(item);
    }
    Ok(document)
}

/// What RSS keeps of a document: RSS elements' text and attributes without
/// leading and trailing XML white space (the reader trims them, as the
/// conformance protocol says); extension content exactly.
fn rss2_kept(document: &rss2::Document) -> rss2::Document {
    fn trim(text: &mut String) {
        *text = text.trim_matches([' ', '\t', '\r', '\n']).to_owned();
    }
    fn trim_opt(text: &mut Option<String>) {
        if let Some(text) = text {
            trim(text);
        }
    }
    let mut d = document.clone();
    d.encoding = None;
    let c = &mut d.channel;
    for t in [
        &mut c.title,
        &mut c.link,
        &mut c.description,
        &mut c.generator,
    ] {
        trim_opt(t);
    }
    for category in &mut c.categories {
        trim_opt(&mut category.domain);
        trim(&mut category.value);
    }
    for item in &mut c.items {
        for t in [
            &mut item.title,
            &mut item.link,
            &mut item.description,
            &mut item.author,
            &mut item.pub_date,
        ] {
            trim_opt(t);
        }
        for category in &mut item.categories {
            trim_opt(&mut category.domain);
            trim(&mut category.value);
        }
        if let Some(guid) = &mut item.guid {
            trim(&mut guid.value);
            trim_opt(&mut guid.is_perma_link);
        }
    }
    d
}

/// RSS 2.0: a drawn document, written (UTF-8, with and without
/// indentation), reads back as itself, or the writer refuses it.
pub fn write_rss2(data: &[u8]) {
    written_rss2(data);
}

/// [`write_rss2`]; `true` when the document was written (not refused).
fn written_rss2(data: &[u8]) -> bool {
    let mut u = Unstructured::new(data);
    let Ok(indent) = u.arbitrary::<bool>() else {
        return false;
    };
    let Ok(document) = rss2_document(&mut u) else {
        return false;
    };
    let options = rss2::WriteOptions::default()
        .with_indent(indent)
        .with_xml_declaration(indent);
    let Ok(bytes) = Rss2::write(&document, &options) else {
        return false;
    };
    let back = match Rss2::read(&bytes, &Rss2::read_options(false)) {
        Ok(parsed) => parsed.document,
        Err(rejected) => panic!(
            "RSS written but rejected: {:?}\n{}",
            rejected.diagnostics,
            String::from_utf8_lossy(&bytes)
        ),
    };
    assert_eq!(
        rss2_kept(&back),
        rss2_kept(&document),
        "RSS read back as another document: {}",
        String::from_utf8_lossy(&bytes)
    );
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Many drawn documents of each format, from a cheap pseudo-random
    /// stream: the targets hold beyond the seed files.
    #[test]
    fn drawn_documents_read_back_or_are_refused() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut written = [0; 3];
        for _ in 0..300 {
            let data: Vec<u8> = (0..256).map(|_| next().to_le_bytes()[0]).collect();
            written[0] += usize::from(written_hina_di(&data));
            written[1] += usize::from(written_lirs(&data));
            written[2] += usize::from(written_rss2(&data));
        }
        // Not all refused: the round trip is tested, not only the refusal.
        assert!(written.iter().all(|&n| n >= 20), "{written:?}");
    }
}
