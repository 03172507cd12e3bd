//! The document: a HINA-DI file as written, field by field.

use std::borrow::Cow;
use std::fmt;

use antenna_model::dates::{self, DateError, ParsedDate};
use antenna_model::url::{self, Url};
use antenna_model::{MethodChain, MethodError, charset};
use encoding_rs::Encoding;

use crate::grammar;

/// How a line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LineEnd {
    /// CR LF, as the spec says (the writer's default).
    #[default]
    CrLf,
    /// A bare LF (common in real files).
    Lf,
    /// No line end: the last line of a file that does not end with one.
    /// The writer honours it only on the last line of the file.
    Missing,
}

impl LineEnd {
    /// The bytes of the line end (`Missing` is empty).
    pub fn as_bytes(self) -> &'static [u8] {
        match self {
            LineEnd::CrLf => b"\r\n",
            LineEnd::Lf => b"\n",
            LineEnd::Missing => b"",
        }
    }
}

/// The fields the spec defines, and the two kinds it leaves open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FieldKind {
    /// `User-Agent` (header block).
    UserAgent,
    /// `URL`.
    Url,
    /// `HINA-Version` (rev. 0.12).
    HinaVersion,
    /// `Virtual` (rev. 0.12), also under the original's misspelling `Vitural`.
    Virtual,
    /// `Content-Type`.
    ContentType,
    /// `Date`.
    Date,
    /// `Title`.
    Title,
    /// `Author-Name`.
    AuthorName,
    /// `Expires`.
    Expires,
    /// `Expire` (alias of `Expires`).
    Expire,
    /// `Last-Modified`.
    LastModified,
    /// `Last-Modified-Detected`.
    LastModifiedDetected,
    /// `Server`.
    Server,
    /// `Authorized`.
    Authorized,
    /// `Authorized-url`.
    AuthorizedUrl,
    /// `Method`.
    Method,
    /// `Keyword`.
    Keyword,
    /// `Image-Width` (rev. 0.12).
    ImageWidth,
    /// `Image-Height` (rev. 0.12).
    ImageHeight,
    /// An `X-` field.
    Experimental,
    /// Any other field.
    Undefined,
}

const DEFINED: &[(&str, FieldKind)] = &[
    ("User-Agent", FieldKind::UserAgent),
    ("URL", FieldKind::Url),
    ("HINA-Version", FieldKind::HinaVersion),
    ("Virtual", FieldKind::Virtual),
    ("Vitural", FieldKind::Virtual),
    ("Content-Type", FieldKind::ContentType),
    ("Date", FieldKind::Date),
    ("Title", FieldKind::Title),
    ("Author-Name", FieldKind::AuthorName),
    ("Expires", FieldKind::Expires),
    ("Expire", FieldKind::Expire),
    ("Last-Modified", FieldKind::LastModified),
    ("Last-Modified-Detected", FieldKind::LastModifiedDetected),
    ("Server", FieldKind::Server),
    ("Authorized", FieldKind::Authorized),
    ("Authorized-url", FieldKind::AuthorizedUrl),
    ("Method", FieldKind::Method),
    ("Keyword", FieldKind::Keyword),
    ("Image-Width", FieldKind::ImageWidth),
    ("Image-Height", FieldKind::ImageHeight),
];

impl FieldKind {
    /// The kind of a field named `name`, matched without regard to ASCII
    /// case (rev. 0.6 §4.1: "field-nameは大文字・小文字の区別なし").
    pub fn of(name: &str) -> FieldKind {
        Self::defined(name).map_or_else(
            || {
                let experimental = name
                    .get(..2)
                    .is_some_and(|prefix| prefix.eq_ignore_ascii_case("X-"));
                if experimental {
                    FieldKind::Experimental
                } else {
                    FieldKind::Undefined
                }
            },
            |(_, kind)| kind,
        )
    }

    /// The spelling of `name` in the spec, if it names a defined field.
    pub fn spec_spelling(name: &str) -> Option<&'static str> {
        Self::defined(name).map(|(spelling, _)| spelling)
    }

    fn defined(name: &str) -> Option<(&'static str, FieldKind)> {
        Self::spelled(name.as_bytes()).or_else(|| {
            DEFINED
                .iter()
                .find(|(spelling, _)| spelling.eq_ignore_ascii_case(name))
                .copied()
        })
    }

    /// [`DEFINED`]'s entry for a name written exactly as the spec spells
    /// it, the usual case, found by one `match` rather than a scan with
    /// case folding (`spelled_agrees_with_defined` checks it against the
    /// table).
    fn spelled(name: &[u8]) -> Option<(&'static str, FieldKind)> {
        Some(match name {
            b"User-Agent" => ("User-Agent", FieldKind::UserAgent),
            b"URL" => ("URL", FieldKind::Url),
            b"HINA-Version" => ("HINA-Version", FieldKind::HinaVersion),
            b"Virtual" => ("Virtual", FieldKind::Virtual),
            b"Vitural" => ("Vitural", FieldKind::Virtual),
            b"Content-Type" => ("Content-Type", FieldKind::ContentType),
            b"Date" => ("Date", FieldKind::Date),
            b"Title" => ("Title", FieldKind::Title),
            b"Author-Name" => ("Author-Name", FieldKind::AuthorName),
            b"Expires" => ("Expires", FieldKind::Expires),
            b"Expire" => ("Expire", FieldKind::Expire),
            b"Last-Modified" => ("Last-Modified", FieldKind::LastModified),
            b"Last-Modified-Detected" => {
                ("Last-Modified-Detected", FieldKind::LastModifiedDetected)
            }
            b"Server" => ("Server", FieldKind::Server),
            b"Authorized" => ("Authorized", FieldKind::Authorized),
            b"Authorized-url" => ("Authorized-url", FieldKind::AuthorizedUrl),
            b"Method" => ("Method", FieldKind::Method),
            b"Keyword" => ("Keyword", FieldKind::Keyword),
            b"Image-Width" => ("Image-Width", FieldKind::ImageWidth),
            b"Image-Height" => ("Image-Height", FieldKind::ImageHeight),
            _ => return None,
        })
    }

    /// The name the writer uses for this kind (`None` for experimental and
    /// undefined fields).
    pub fn name(self) -> Option<&'static str> {
        DEFINED
            .iter()
            .find(|(_, kind)| *kind == self)
            .map(|(spelling, _)| *spelling)
    }

    /// `true` for the fields whose value is a date.
    pub fn is_date(self) -> bool {
        matches!(
            self,
            FieldKind::Date
                | FieldKind::Expires
                | FieldKind::Expire
                | FieldKind::LastModified
                | FieldKind::LastModifiedDetected
        )
    }

    /// `true` for the fields whose value is a URL.
    pub fn is_url(self) -> bool {
        matches!(
            self,
            FieldKind::Url | FieldKind::Virtual | FieldKind::AuthorizedUrl
        )
    }
}

/// One field line: `name`, `:`, separator white space, value, line end.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Field {
    /// Borrowed when read as the spec spells it (no allocation per field);
    /// equality and hashing are by text either way.
    name: Cow<'static, str>,
    /// `FieldKind::of(&name)`, kept so that finding fields by kind does not
    /// compare names again (it follows the name, so equality is unchanged).
    kind: FieldKind,
    /// Borrowed for the usual `" "`, `"\t"` and `""`.
    separator: Cow<'static, str>,
    value: String,
    line_end: LineEnd,
    /// The bytes of the value as read, kept when they could not be decoded
    /// (the value then holds U+FFFD) or when the value does not encode back
    /// to them (JIS X 0212 in EUC-JP, duplicate codes in Shift_JIS, escape
    /// sequences in ISO-2022-JP); written back as they were while the value
    /// is unchanged.
    raw: Option<Box<[u8]>>,
    /// `true` when `raw` could not be decoded.
    lossy: bool,
}

impl Field {
    /// A field written `name: value` with CRLF, the writer's defaults.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Self {
        let name: String = name.into();
        Field {
            kind: FieldKind::of(&name),
            name: Cow::Owned(name),
            separator: Cow::Borrowed(" "),
            value: value.into(),
            line_end: LineEnd::CrLf,
            raw: None,
            lossy: false,
        }
    }

    /// A field as read: `name` and `separator` are ASCII (the grammar
    /// takes no other bytes there).
    pub(crate) fn read(
        name: &[u8],
        separator: &[u8],
        value: String,
        line_end: LineEnd,
        raw: Option<Box<[u8]>>,
        lossy: bool,
    ) -> Self {
        let (name, kind) = match FieldKind::spelled(name) {
            Some((spelling, kind)) => (Cow::Borrowed(spelling), kind),
            None => {
                let name = String::from_utf8_lossy(name).into_owned();
                let kind = FieldKind::of(&name);
                (Cow::Owned(name), kind)
            }
        };
        let separator = match separator {
            b" " => Cow::Borrowed(" "),
            b"\t" => Cow::Borrowed("\t"),
            b"" => Cow::Borrowed(""),
            other => Cow::Owned(String::from_utf8_lossy(other).into_owned()),
        };
        Field {
            kind,
            name,
            separator,
            value,
            line_end,
            raw,
            lossy,
        }
    }

    /// The same field with the white space after the colon set to
    /// `separator` (spaces and tabs; empty writes `name:value`).
    #[must_use]
    pub fn with_separator(mut self, separator: impl Into<String>) -> Self {
        self.separator = Cow::Owned(separator.into());
        self
    }

    /// The same field ending in `line_end`.
    #[must_use]
    pub fn with_line_end(mut self, line_end: LineEnd) -> Self {
        self.line_end = line_end;
        self
    }

    /// The name as written.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The value as written after the separator and before the line end,
    /// decoded to Unicode.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// The spaces and tabs written after the colon (`" "`, `"\t"`, `"\t\t"`,
    /// or empty).
    pub fn separator(&self) -> &str {
        &self.separator
    }

    /// The line end.
    pub fn line_end(&self) -> LineEnd {
        self.line_end
    }

    /// What the field is, by its name.
    pub fn kind(&self) -> FieldKind {
        self.kind
    }

    /// `true` when `name` names this field (ASCII case-insensitive).
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// The bytes of the value as read, when they could not be decoded in the
    /// file's charset (the value then holds U+FFFD in their place).
    pub fn undecoded_bytes(&self) -> Option<&[u8]> {
        self.raw.as_deref().filter(|_| self.lossy)
    }

    /// The bytes the writer writes for the value instead of encoding it:
    /// the bytes as read, when they could not be decoded or do not come
    /// back from encoding the value; `None` once the value is replaced.
    pub fn source_bytes(&self) -> Option<&[u8]> {
        self.raw.as_deref()
    }

    /// Replaces the value.
    pub fn set_value(&mut self, value: impl Into<String>) {
        self.value = value.into();
        self.raw = None;
        self.lossy = false;
    }

    /// Replaces the name.
    pub fn set_name(&mut self, name: impl Into<String>) {
        self.name = Cow::Owned(name.into());
        self.kind = FieldKind::of(&self.name);
    }

    /// The spelling of the name in the spec, if it names a defined field
    /// ([`FieldKind::spec_spelling`]).
    pub(crate) fn spec_spelling(&self) -> Option<&'static str> {
        match self.name {
            // Only `read` borrows, and only the spec's spelling.
            Cow::Borrowed(spelling) => Some(spelling),
            Cow::Owned(ref name) => FieldKind::spec_spelling(name),
        }
    }

    /// Replaces the separator white space.
    pub fn set_separator(&mut self, separator: impl Into<String>) {
        self.separator = Cow::Owned(separator.into());
    }

    /// Replaces the line end.
    pub fn set_line_end(&mut self, line_end: LineEnd) {
        self.line_end = line_end;
    }
}

/// An `Image-Width` or `Image-Height` value that is not a pixel count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadNumber {
    /// The value as written.
    pub value: String,
}

impl fmt::Display for BadNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a number of pixels (digits only)",
            self.value
        )
    }
}

impl std::error::Error for BadNumber {}

/// Up to this many fields, [`Block::duplicates`] compares each name with
/// the ones before it.
const PAIRWISE_MAX: usize = 32;

/// Indices of the fields whose name an earlier field has (ASCII
/// case-insensitive), by comparing pairs or with a set.
fn duplicates_in(fields: &[Field], pairwise: bool) -> impl Iterator<Item = usize> + '_ {
    let mut seen = (!pairwise).then(|| std::collections::HashSet::with_capacity(fields.len()));
    fields.iter().enumerate().filter_map(move |(i, field)| {
        let duplicate = match &mut seen {
            Some(seen) => !seen.insert(field.name.to_ascii_lowercase()),
            None => fields.get(..i).is_some_and(|before| {
                // Names equal without regard to case have the same kind.
                before
                    .iter()
                    .any(|other| other.kind == field.kind && other.is(&field.name))
            }),
        };
        duplicate.then_some(i)
    })
}

/// A block: the header block or an entity block, and the blank lines after
/// it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Block {
    fields: Vec<Field>,
    blank_lines: Vec<LineEnd>,
}

impl Default for Block {
    fn default() -> Self {
        Block::new()
    }
}

impl Block {
    /// An empty block, ended by one CRLF blank line as the spec says.
    pub fn new() -> Self {
        Block {
            fields: Vec::new(),
            blank_lines: vec![LineEnd::CrLf],
        }
    }

    pub(crate) fn read(fields: Vec<Field>, blank_lines: Vec<LineEnd>) -> Self {
        Block {
            fields,
            blank_lines,
        }
    }

    /// Appends a field written `name: value` with CRLF.
    pub fn push_field(&mut self, name: impl Into<String>, value: impl Into<String>) -> &mut Self {
        self.fields.push(Field::new(name, value));
        self
    }

    /// Appends a field.
    pub fn push(&mut self, field: Field) -> &mut Self {
        self.fields.push(field);
        self
    }

    /// The fields in file order, duplicates included.
    pub fn fields(&self) -> &[Field] {
        &self.fields
    }

    /// The fields, to edit.
    pub fn fields_mut(&mut self) -> &mut Vec<Field> {
        &mut self.fields
    }

    /// The blank lines after the block's fields (one, by the spec; none at
    /// the end of a file that lacks its final CRLF).
    pub fn blank_lines(&self) -> &[LineEnd] {
        &self.blank_lines
    }

    /// Sets the blank lines after the block's fields.
    pub fn set_blank_lines(&mut self, blank_lines: Vec<LineEnd>) {
        self.blank_lines = blank_lines;
    }

    /// The fields as `(name, value)` pairs in file order: names as written,
    /// values as written after the separator (the conformance protocol's
    /// shape).
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.fields.iter().map(|f| (f.name(), f.value()))
    }

    /// The first field named `name` (ASCII case-insensitive).
    pub fn get(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.is(name))
    }

    /// The value of the first field named `name` (ASCII case-insensitive).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.get(name).map(Field::value)
    }

    /// The value of the first field of `kind`.
    pub fn value_of(&self, kind: FieldKind) -> Option<&str> {
        self.fields
            .iter()
            .find(|f| f.kind == kind)
            .map(Field::value)
    }

    /// `true` when two fields share a name (ASCII case-insensitive): the
    /// spec says such a block "MUST be discarded" (rev. 0.12 §Block). The
    /// block stays in the document, so that writing gives the file back,
    /// but [`Document::entity_blocks`] skips it.
    pub fn is_discarded(&self) -> bool {
        self.duplicates().next().is_some()
    }

    /// Indices of the fields whose name an earlier field of the block has.
    pub(crate) fn duplicates(&self) -> impl Iterator<Item = usize> + '_ {
        // Blocks have a handful of fields: comparing each with the ones
        // before it allocates nothing. A block of many fields must not take
        // quadratic time, so past `PAIRWISE_MAX` a set of lowercased names
        // does it; both give the same indices (tested below).
        duplicates_in(&self.fields, self.fields.len() <= PAIRWISE_MAX)
    }

    fn date_of(&self, kind: FieldKind) -> Option<Result<ParsedDate, DateError>> {
        self.value_of(kind).map(dates::parse_date)
    }

    fn url_of(&self, kind: FieldKind) -> Option<Result<Url, url::ParseError>> {
        self.value_of(kind).map(Url::parse)
    }

    fn number_of(&self, kind: FieldKind) -> Option<Result<u32, BadNumber>> {
        self.value_of(kind).map(|value| {
            let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
            digits
                .then(|| value.parse::<u32>().ok())
                .flatten()
                .ok_or_else(|| BadNumber {
                    value: value.to_owned(),
                })
        })
    }

    /// `User-Agent` (header block).
    pub fn user_agent(&self) -> Option<&str> {
        self.value_of(FieldKind::UserAgent)
    }

    /// `URL`, as written.
    pub fn url(&self) -> Option<&str> {
        self.value_of(FieldKind::Url)
    }

    /// `URL`, parsed.
    pub fn parsed_url(&self) -> Option<Result<Url, url::ParseError>> {
        self.url_of(FieldKind::Url)
    }

    /// `HINA-Version`.
    pub fn hina_version(&self) -> Option<&str> {
        self.value_of(FieldKind::HinaVersion)
    }

    /// `Virtual` (or `Vitural`), parsed.
    pub fn virtual_url(&self) -> Option<Result<Url, url::ParseError>> {
        self.url_of(FieldKind::Virtual)
    }

    /// `Content-Type`.
    pub fn content_type(&self) -> Option<&str> {
        self.value_of(FieldKind::ContentType)
    }

    /// `Date`.
    pub fn date(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::Date)
    }

    /// `Title`.
    pub fn title(&self) -> Option<&str> {
        self.value_of(FieldKind::Title)
    }

    /// `Author-Name`.
    pub fn author_name(&self) -> Option<&str> {
        self.value_of(FieldKind::AuthorName)
    }

    /// `Expires`.
    pub fn expires(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::Expires)
    }

    /// `Expire`, the backward-compatible alias of `Expires`.
    pub fn expire(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::Expire)
    }

    /// `Last-Modified`.
    pub fn last_modified(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::LastModified)
    }

    /// `Last-Modified-Detected`.
    pub fn last_modified_detected(&self) -> Option<Result<ParsedDate, DateError>> {
        self.date_of(FieldKind::LastModifiedDetected)
    }

    /// `Server`.
    pub fn server(&self) -> Option<&str> {
        self.value_of(FieldKind::Server)
    }

    /// `Authorized`.
    pub fn authorized(&self) -> Option<&str> {
        self.value_of(FieldKind::Authorized)
    }

    /// `Authorized-url`, parsed.
    pub fn authorized_url(&self) -> Option<Result<Url, url::ParseError>> {
        self.url_of(FieldKind::AuthorizedUrl)
    }

    /// `Method`, read leniently ([`MethodChain::parse`]).
    pub fn method(&self) -> Option<Result<MethodChain, MethodError>> {
        self.value_of(FieldKind::Method).map(MethodChain::parse)
    }

    /// `Keyword`, split on `,` (rev. 0.6 DELIMITER) and on `:` followed by
    /// white space (rev. 0.12 SEPARATOR).
    pub fn keywords(&self) -> Option<Vec<&str>> {
        self.value_of(FieldKind::Keyword).map(grammar::keywords)
    }

    /// `Image-Width`.
    pub fn image_width(&self) -> Option<Result<u32, BadNumber>> {
        self.number_of(FieldKind::ImageWidth)
    }

    /// `Image-Height`.
    pub fn image_height(&self) -> Option<Result<u32, BadNumber>> {
        self.number_of(FieldKind::ImageHeight)
    }

    /// The `X-` fields, in order.
    pub fn experimental_fields(&self) -> impl Iterator<Item = &Field> + '_ {
        self.fields
            .iter()
            .filter(|f| f.kind() == FieldKind::Experimental)
    }

    /// The fields the spec does not define (not `X-` either), in order.
    pub fn undefined_fields(&self) -> impl Iterator<Item = &Field> + '_ {
        self.fields
            .iter()
            .filter(|f| f.kind() == FieldKind::Undefined)
    }
}

/// A HINA-DI file: the version line, the header block and the entity
/// blocks, as written.
#[derive(Debug, Clone, Eq)]
pub struct Document {
    version: String,
    version_line_end: LineEnd,
    header: Block,
    blocks: Vec<Block>,
    charset_fallback: Option<&'static Encoding>,
}

/// Two documents are equal when their text is; how the bytes were decoded
/// ([`Document::charset_fallback`]) does not count.
impl PartialEq for Document {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
            && self.version_line_end == other.version_line_end
            && self.header == other.header
            && self.blocks == other.blocks
    }
}

impl Document {
    /// An empty document of `version` (`"2.2"` or `"2.2beta"`), with an empty
    /// header block; lines end in CRLF.
    ///
    /// ```
    /// let mut doc = hina_di::Document::new("2.2");
    /// doc.header_mut().push_field("User-Agent", "example/1.0");
    /// doc.new_block().push_field("URL", "http://www.hoge.jp/foo/");
    /// let bytes = hina_di::write(&doc, &Default::default())?;
    /// assert_eq!(
    ///     bytes,
    ///     b"HINA/2.2\r\nUser-Agent: example/1.0\r\n\r\nURL: http://www.hoge.jp/foo/\r\n\r\n"
    /// );
    /// # Ok::<(), hina_di::WriteError>(())
    /// ```
    pub fn new(version: impl Into<String>) -> Self {
        Document {
            version: version.into(),
            version_line_end: LineEnd::CrLf,
            header: Block::new(),
            blocks: Vec::new(),
            charset_fallback: None,
        }
    }

    /// A document from a version, header fields and blocks of fields, as
    /// `(name, value)` pairs (the conformance protocol's shape), with the
    /// writer's defaults (`": "`, CRLF).
    pub fn from_pairs<N, V, H, B, P>(version: impl Into<String>, header: H, blocks: B) -> Self
    where
        N: Into<String>,
        V: Into<String>,
        H: IntoIterator<Item = (N, V)>,
        B: IntoIterator<Item = P>,
        P: IntoIterator<Item = (N, V)>,
    {
        let mut doc = Document::new(version);
        for (name, value) in header {
            doc.header.push_field(name, value);
        }
        for pairs in blocks {
            let block = doc.new_block();
            for (name, value) in pairs {
                block.push_field(name, value);
            }
        }
        doc
    }

    pub(crate) fn read(
        version: String,
        version_line_end: LineEnd,
        header: Block,
        blocks: Vec<Block>,
        charset_fallback: Option<&'static Encoding>,
    ) -> Self {
        Document {
            version,
            version_line_end,
            header,
            blocks,
            charset_fallback,
        }
    }

    /// The text after `HINA/` on the first line (`"2.2"`, `"2.2beta"`, ...).
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Replaces the version.
    pub fn set_version(&mut self, version: impl Into<String>) {
        self.version = version.into();
    }

    /// How the version line ends.
    pub fn version_line_end(&self) -> LineEnd {
        self.version_line_end
    }

    /// Sets how the version line ends.
    pub fn set_version_line_end(&mut self, line_end: LineEnd) {
        self.version_line_end = line_end;
    }

    /// The header block.
    pub fn header(&self) -> &Block {
        &self.header
    }

    /// The header block, to edit.
    pub fn header_mut(&mut self) -> &mut Block {
        &mut self.header
    }

    /// Every entity block in file order, discarded ones included.
    pub fn all_blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The entity blocks, to edit.
    pub fn blocks_mut(&mut self) -> &mut Vec<Block> {
        &mut self.blocks
    }

    /// The entity blocks that count: those the spec does not say to discard.
    pub fn entity_blocks(&self) -> impl Iterator<Item = &Block> + '_ {
        self.blocks.iter().filter(|b| !b.is_discarded())
    }

    /// Appends an empty entity block (ended by one CRLF) and returns it.
    pub fn new_block(&mut self) -> &mut Block {
        self.blocks.push(Block::new());
        self.blocks
            .last_mut()
            .unwrap_or_else(|| unreachable!("a block was just pushed"))
    }

    /// The header's `User-Agent`.
    pub fn user_agent(&self) -> Option<&str> {
        self.header.user_agent()
    }

    /// The header's `Date`.
    pub fn date(&self) -> Option<Result<ParsedDate, DateError>> {
        self.header.date()
    }

    /// The header's `Content-Type`.
    pub fn content_type(&self) -> Option<&str> {
        self.header.content_type()
    }

    /// The charset parameter of the header's `Content-Type`, as written.
    pub fn charset(&self) -> Option<&str> {
        self.content_type()
            .and_then(|ct| grammar::charset_parameter(ct.as_bytes()))
            .and_then(|label| std::str::from_utf8(label).ok())
    }

    /// The encoding the header declares, or EUC-JP, the default (rev. 0.12
    /// §Encoding); an unknown label also means EUC-JP. The writer encodes
    /// in it.
    pub fn encoding(&self) -> &'static Encoding {
        charset::resolve(self.charset().map(str::as_bytes)).unwrap_or(encoding_rs::EUC_JP)
    }

    /// When the file was read in another encoding than the one it declares
    /// (see [`read`](crate::read)), that encoding. The writer falls back to it
    /// for characters the declared one cannot hold. Not part of equality.
    pub fn charset_fallback(&self) -> Option<&'static Encoding> {
        self.charset_fallback
    }

    /// `true` when the last block is followed by its blank line (CRLF), as
    /// the spec says every block is.
    pub fn ends_with_blank_line(&self) -> bool {
        self.blocks
            .last()
            .unwrap_or(&self.header)
            .blank_lines
            .last()
            .is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn spelled_agrees_with_defined() {
        for &(spelling, kind) in DEFINED {
            // The writer takes a spec spelling as a `field-name` unchecked.
            assert!(crate::grammar::is_field_name(spelling.as_bytes()));
            assert_eq!(
                FieldKind::spelled(spelling.as_bytes()),
                Some((spelling, kind))
            );
            assert_eq!(
                FieldKind::spelled(spelling.to_ascii_lowercase().as_bytes()),
                None
            );
            assert_eq!(
                FieldKind::defined(&spelling.to_ascii_uppercase()),
                Some((spelling, kind))
            );
        }
        assert_eq!(FieldKind::spelled(b"X-Note"), None);
    }

    #[test]
    fn duplicates_ignore_ascii_case() {
        let mut block = Block::new();
        block
            .push_field("URL", "http://a/")
            .push_field("Title", "a")
            .push_field("url", "http://b/")
            .push_field("Virtual", "http://c/")
            .push_field("Vitural", "http://d/")
            .push_field("TITLE", "b")
            .push_field("X-A", "1")
            .push_field("x-a", "2");
        assert_eq!(block.duplicates().collect::<Vec<_>>(), [2, 5, 7]);
        assert!(block.is_discarded());
    }

    proptest! {
        #[test]
        fn pairwise_and_set_find_the_same_duplicates(
            names in proptest::collection::vec("(?i)(url|title|x-a|x-b|date|vitural|virtual)", 0..40)
        ) {
            let fields: Vec<Field> = names.iter().map(|n| Field::new(n.as_str(), "v")).collect();
            let pairwise: Vec<usize> = duplicates_in(&fields, true).collect();
            let set: Vec<usize> = duplicates_in(&fields, false).collect();
            prop_assert_eq!(pairwise, set);
        }
    }
}
