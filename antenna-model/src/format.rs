//! The three formats, and the facts about them that more than one crate
//! needs: how to tell them apart, the gzip magic, LIRS's freshness limit.

use std::fmt;
use std::str::FromStr;

use encoding_rs::Encoding;
use jiff::SignedDuration;

use crate::gzip;

/// The age after which a LIRS record is stale. LIRS 2.1 §4: "LIRS
/// implementations SHOULD automatically discard records that were last
/// detected more than 28800 seconds (8 hours) ago."
pub const LIRS_STALE_AFTER: SignedDuration = SignedDuration::from_secs(28_800);

/// One of the formats this project reads and writes.
///
/// Deliberately exhaustive: a new format is a breaking change that every
/// tool matching on formats must handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// HINA-DI 2.2.
    HinaDi,
    /// LIRS 2.1, gzip or plain.
    Lirs,
    /// RSS 2.0 (and 0.91, 0.92).
    Rss2,
}

impl Format {
    /// Every format, in the order the tools list them.
    pub const ALL: [Format; 3] = [Format::HinaDi, Format::Lirs, Format::Rss2];

    /// The name used on the command line and in the conformance protocol:
    /// `hina-di`, `lirs`, `rss2`.
    pub fn name(self) -> &'static str {
        match self {
            Format::HinaDi => "hina-di",
            Format::Lirs => "lirs",
            Format::Rss2 => "rss2",
        }
    }

    /// The name people write: `HINA-DI`, `LIRS`, `RSS 2.0`.
    pub fn title(self) -> &'static str {
        match self {
            Format::HinaDi => "HINA-DI",
            Format::Lirs => "LIRS",
            Format::Rss2 => "RSS 2.0",
        }
    }

    /// What one part of a file is called: `entity block`, `record`,
    /// `item` (see [`crate::PartCodec::Part`]).
    pub fn part_name(self) -> &'static str {
        match self {
            Format::HinaDi => "entity block",
            Format::Lirs => "record",
            Format::Rss2 => "item",
        }
    }

    /// `true` when a file needs an entry to be worth writing: an RSS
    /// channel is a feed without items, but a HINA-DI or LIRS file of no
    /// entries says nothing.
    pub fn needs_an_entry(self) -> bool {
        self != Format::Rss2
    }

    /// The encoding a file is written in when none is asked for (HINA-DI:
    /// unless the feed names one, see [`Format::names_its_encoding`]).
    pub fn default_encoding(self) -> &'static Encoding {
        match self {
            Format::HinaDi | Format::Lirs => encoding_rs::EUC_JP,
            Format::Rss2 => encoding_rs::UTF_8,
        }
    }

    /// `true` when a file names its encoding in its head (HINA-DI's
    /// `Content-Type` charset, [`crate::Feed::encoding`]), so that it can
    /// be written in any encoding [`crate::charset::resolve`] takes.
    pub fn names_its_encoding(self) -> bool {
        self == Format::HinaDi
    }

    /// Whether a file can be written in `encoding`: LIRS 2.1 in EUC-JP
    /// (and UTF-8, which readers take), RSS in UTF-8 (this project writes
    /// no other), HINA-DI in the encoding its header names.
    pub fn writes_in(self, encoding: &'static Encoding) -> bool {
        match self {
            Format::HinaDi => crate::charset::resolve(Some(encoding.name().as_bytes())).is_some(),
            Format::Lirs => encoding == encoding_rs::EUC_JP || encoding == encoding_rs::UTF_8,
            Format::Rss2 => encoding == encoding_rs::UTF_8,
        }
    }

    /// The encodings of [`Format::writes_in`], in words.
    pub fn encodings_written(self) -> &'static str {
        match self {
            Format::HinaDi => "the encoding its header names",
            Format::Lirs => "EUC-JP (LIRS 2.1) or UTF-8",
            Format::Rss2 => "UTF-8 only",
        }
    }

    /// `true` for formats whose entries name the agent that vouches for
    /// them (`Authorized`, HINA-DI only).
    pub fn has_authorized_fields(self) -> bool {
        matches!(self, Format::HinaDi)
    }

    /// Guesses the format of `bytes`: a `HINA/` first line, `LIRS,`
    /// records, or an XML document whose root is `<rss`. Gzip is told by
    /// what is inside, as [`Format::detect_gzip`] tells it.
    pub fn detect(bytes: &[u8]) -> Option<Format> {
        if gzip::is_gzip(bytes) {
            return Format::detect_gzip(bytes);
        }
        Format::detect_plain(bytes)
    }

    /// The format of what a gzip stream holds: HINA-DI or RSS when its
    /// start shows them, `None` for an XML document of another root (a
    /// gzipped Atom feed, as the plain file), else LIRS, the one format
    /// that is gzip by spec (LIRS 2.1 §2), whose reader says what is wrong
    /// with the rest.
    ///
    /// The first [`gzip::SNIFF`] bytes are decompressed (a gzip bomb is
    /// not); more only while they end inside an XML prolog (a long comment
    /// or DOCTYPE before the root, issue #24), four times as much each
    /// time, up to [`gzip::MAX_DECOMPRESSED_SIZE`]: the prolog is then held
    /// and walked to its root, as it is in a plain file.
    pub fn detect_gzip(stream: impl std::io::Read) -> Option<Format> {
        use std::io::Read as _;
        let mut decoder = flate2::read::MultiGzDecoder::new(stream);
        let mut inside = Vec::new();
        let mut want = gzip::SNIFF;
        loop {
            let have = inside.len() as u64;
            // A broken stream keeps what was read before the break.
            let _ = (&mut decoder).take(want - have).read_to_end(&mut inside);
            let ended = (inside.len() as u64) < want;
            let text = inside.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&inside);
            if !ended && want < gzip::MAX_DECOMPRESSED_SIZE && xml_root(text) == Root::Cut {
                want = want.saturating_mul(4).min(gzip::MAX_DECOMPRESSED_SIZE);
                continue;
            }
            return match Format::detect_plain(&inside) {
                Some(format @ (Format::HinaDi | Format::Rss2)) => Some(format),
                _ if xml_root(text) == Root::Other => None,
                _ => Some(Format::Lirs),
            };
        }
    }

    /// [`Format::detect`] of text that is not gzip.
    fn detect_plain(bytes: &[u8]) -> Option<Format> {
        let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        if text.starts_with(b"HINA/") {
            return Some(Format::HinaDi);
        }
        let mut lines = text
            .split(|&b| b == b'\n')
            .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
            .filter(|line| !line.is_empty());
        if lines
            .find(|line| !line.starts_with(b"#"))
            .is_some_and(|line| line.starts_with(b"LIRS,"))
        {
            return Some(Format::Lirs);
        }
        match xml_root(text) {
            Root::Rss => return Some(Format::Rss2),
            Root::Other => return None,
            Root::Unknown | Root::Cut => {}
        }
        // Not a prolog and a root as XML writes them (text before the root,
        // an unclosed comment): an `<rss` near the start still makes it
        // worth reading as RSS, whose lenient reader says what is wrong.
        let head = text.get(..text.len().min(RSS_SNIFF_WINDOW)).unwrap_or(text);
        if memchr::memmem::find(head, b"<rss").is_some() || looks_like_utf16_xml(bytes) {
            return Some(Format::Rss2);
        }
        None
    }
}

/// How far into a file that is not well-formed XML [`Format::detect`]
/// looks for `<rss` (4 KiB). A well-formed prolog (XML declaration,
/// comments, processing instructions, a DOCTYPE with its internal subset,
/// white space) is walked to its root element however long it is: the walk
/// is one pass over the prolog and stops at the root.
pub const RSS_SNIFF_WINDOW: usize = 4096;

/// What the root element of an XML text is, by its name.
#[derive(Debug, PartialEq, Eq)]
enum Root {
    /// `<rss`.
    Rss,
    /// Another element (`<feed`, `<rdf:RDF`): XML, but not RSS 2.0.
    Other,
    /// No prolog and root as XML writes them.
    Unknown,
    /// A prolog as XML writes it, cut off before its root's name ends
    /// (the text ends inside it).
    Cut,
}

/// Walks an XML prolog (XML 1.0 §2.8: `XMLDecl? Misc* (doctypedecl
/// Misc*)?`, where `Misc` is a comment, a processing instruction or white
/// space) to the root element's name, in time linear in the prolog.
fn xml_root(text: &[u8]) -> Root {
    let mut rest = text;
    // Text that is only white space is no prolog yet: a file of blank
    // lines must not make a gzip look read on (issue #28's blank lines).
    let mut walked = false;
    loop {
        rest = rest.trim_ascii_start();
        if rest.is_empty() {
            return if walked { Root::Cut } else { Root::Unknown };
        }
        let Some(after) = rest.strip_prefix(b"<") else {
            return Root::Unknown;
        };
        let end = if after.starts_with(b"?") {
            memchr::memmem::find(after, b"?>").map(|i| i + 2)
        } else if after.starts_with(b"!--") {
            memchr::memmem::find(after.get(3..).unwrap_or_default(), b"-->").map(|i| i + 6)
        } else if after.starts_with(b"!DOCTYPE") {
            doctype_end(after)
        } else {
            let Some(name_end) = after
                .iter()
                .position(|&b| b.is_ascii_whitespace() || b == b'>' || b == b'/')
            else {
                return Root::Cut;
            };
            let name = after.get(..name_end).unwrap_or_default();
            return if name == b"rss" {
                Root::Rss
            } else if name.is_empty() {
                Root::Unknown
            } else {
                Root::Other
            };
        };
        match end.and_then(|end| after.get(end..)) {
            Some(next) => (rest, walked) = (next, true),
            None => return Root::Cut,
        }
    }
}

/// The length of a `!DOCTYPE ...>` declaration (from the `!`), skipping
/// its internal subset `[...]` and quoted literals, or `None` when it does
/// not end.
fn doctype_end(after: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote = None;
    for (i, &b) in after.iter().enumerate() {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'[') => depth += 1,
            (None, b']') => depth = depth.saturating_sub(1),
            (None, b'>') if depth == 0 => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// UTF-16 XML starts with a BOM or with `<` and a zero byte.
fn looks_like_utf16_xml(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\xff\xfe<\0")
        || bytes.starts_with(b"\xfe\xff\0<")
        || bytes.starts_with(b"<\0?\0")
        || bytes.starts_with(b"\0<\0?")
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not one of [`Format::name`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown format `{}` (hina-di, lirs, rss2)", self.0)
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == s)
            .ok_or_else(|| UnknownFormat(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_format() {
        assert_eq!(Format::detect(b"HINA/2.2\r\n"), Some(Format::HinaDi));
        assert_eq!(
            Format::detect(b"\xef\xbb\xbfHINA/2.2\r\n"),
            Some(Format::HinaDi)
        );
        // Gzip that does not decompress is LIRS, gzip by spec.
        assert_eq!(Format::detect(b"\x1f\x8b\x08\0"), Some(Format::Lirs));
        assert_eq!(
            Format::detect(b"# comment\nLIRS,1,2,3,4,u,t,a,s,,\n"),
            Some(Format::Lirs)
        );
        assert_eq!(
            Format::detect(b"<?xml version=\"1.0\"?>\n<rss version=\"2.0\">"),
            Some(Format::Rss2)
        );
        assert_eq!(Format::detect(b"\xff\xfe<\0?\0x\0"), Some(Format::Rss2));
        assert_eq!(Format::detect(b"hello"), None);
        // Atom and RSS 1.0 are XML, but not this RSS.
        assert_eq!(Format::detect(b"<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>rss</title></feed>"), None);
        assert_eq!(Format::detect(b""), None);
    }

    #[test]
    fn gzip_is_told_by_what_is_inside() {
        use crate::gzip::gzip;
        // Issue #24 item 4: a gzipped RSS or HINA-DI file was taken for
        // LIRS.
        let rss = b"<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel/></rss>";
        assert_eq!(Format::detect(&gzip(rss)), Some(Format::Rss2));
        let hina = b"HINA/2.2\r\nUser-Agent: a/1\r\n\r\n";
        assert_eq!(Format::detect(&gzip(hina)), Some(Format::HinaDi));
        let lirs = b"LIRS,1,2,0,0,http://a.example/,t,a,0,,\n";
        assert_eq!(Format::detect(&gzip(lirs)), Some(Format::Lirs));
        // What tells nothing stays LIRS, whose reader says what is wrong.
        assert_eq!(Format::detect(&gzip(b"\n\n\n")), Some(Format::Lirs));
        // Only the first 64 KiB are decompressed: a gzip bomb is not.
        let mut bomb = b"HINA/2.2\r\n".to_vec();
        bomb.resize(1 << 22, b'\n');
        assert_eq!(Format::detect(&gzip(&bomb)), Some(Format::HinaDi));
        // Gzip inside gzip is not unwrapped twice.
        assert_eq!(Format::detect(&gzip(&gzip(hina))), Some(Format::Lirs));
    }

    /// A reader that counts the bytes read from it.
    struct Counted<'a> {
        inner: &'a [u8],
        read: usize,
    }

    impl std::io::Read for Counted<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.inner.read(buf)?;
            self.read += n;
            Ok(n)
        }
    }

    #[test]
    fn a_gzipped_prolog_longer_than_the_first_look_is_walked_to_the_root() {
        use crate::gzip::gzip;
        // Issue #24: a gzipped RSS file whose prolog (a licence comment, a
        // DOCTYPE's internal subset) ran past the 64 KiB first look was
        // taken for LIRS.
        let sniff = gzip::SNIFF as usize;
        let comment = "x".repeat(3 * sniff);
        let rss = format!("<?xml version=\"1.0\"?>\n<!-- {comment} -->\n<rss version=\"2.0\"/>");
        assert_eq!(Format::detect(&gzip(rss.as_bytes())), Some(Format::Rss2));
        let subset = "<!ENTITY e \"a>b]c\">".repeat(sniff);
        let rss = format!("<!DOCTYPE rss [{subset}]>\n<rss version=\"2.0\"/>");
        assert_eq!(Format::detect(&gzip(rss.as_bytes())), Some(Format::Rss2));
        // White space that ends exactly at the look, then the root.
        let mut rss = b"<?xml version=\"1.0\"?>".to_vec();
        rss.resize(sniff, b' ');
        rss.extend_from_slice(b"<rss version=\"2.0\"/>");
        assert_eq!(Format::detect(&gzip(&rss)), Some(Format::Rss2));
        // A root element of another kind after the long prolog is no
        // format of ours, as in a plain file.
        let atom = format!("<!-- {comment} -->\n<feed xmlns=\"http://www.w3.org/2005/Atom\"/>");
        assert_eq!(Format::detect(&gzip(atom.as_bytes())), None);
        assert_eq!(Format::detect(atom.as_bytes()), None);
        // A comment that never ends is read to the end of the stream, no
        // further, and tells nothing.
        let unended = format!("<!-- {comment}");
        assert_eq!(
            Format::detect(&gzip(unended.as_bytes())),
            Some(Format::Lirs)
        );
        // Blank lines (a LIRS file's, issue #28) are no prolog: the look
        // stops at its first 64 KiB, however much more the stream holds.
        // 256 members of 1 MiB of CRLF each, as `cat` of gzip files makes.
        let blank = gzip(&b"\r\n".repeat(1 << 19)).repeat(256);
        let mut counted = Counted {
            inner: &blank[..],
            read: 0,
        };
        assert_eq!(Format::detect_gzip(&mut counted), Some(Format::Lirs));
        assert!(
            counted.read < blank.len(),
            "read {} of {} compressed bytes",
            counted.read,
            blank.len()
        );
        // LIRS records after 64 KiB of comment lines stay LIRS.
        let mut lirs = "# a comment line\n".repeat(sniff / 8).into_bytes();
        lirs.extend_from_slice(b"LIRS,1,2,0,0,http://a.example/,t,a,0,,\n");
        assert_eq!(Format::detect(&gzip(&lirs)), Some(Format::Lirs));
    }

    #[test]
    fn a_long_prolog_is_walked_to_the_root() {
        // Issue #28 item 7: a comment longer than the sniffing window.
        let comment = "x".repeat(3 * RSS_SNIFF_WINDOW);
        let file = format!(
            "<?xml version=\"1.0\"?>\n<!-- {comment} -->\n<?xml-stylesheet href=\"a.xsl\"?>\n<rss version=\"2.0\"/>"
        );
        assert_eq!(Format::detect(file.as_bytes()), Some(Format::Rss2));
        // A DOCTYPE with an internal subset holding `>` and `]` in quotes.
        let subset = "<!ENTITY e \"a>b]c\">".repeat(RSS_SNIFF_WINDOW / 8);
        let file = format!("<!DOCTYPE rss [{subset}]>\n<rss version=\"2.0\"/>");
        assert_eq!(Format::detect(file.as_bytes()), Some(Format::Rss2));
        // An unended comment is not walked past; the window still applies.
        assert_eq!(
            Format::detect(b"<!-- <rss version=\"2.0\">"),
            Some(Format::Rss2)
        );
        let unended = format!("<!-- {comment} <rss version=\"2.0\"/>");
        assert_eq!(Format::detect(unended.as_bytes()), None);
    }

    #[test]
    fn names_parse_back() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>(), Ok(format));
        }
        assert_eq!(
            "atom".parse::<Format>().unwrap_err().to_string(),
            "unknown format `atom` (hina-di, lirs, rss2)"
        );
    }

    #[test]
    fn each_writes_in_its_default_encoding() {
        for format in Format::ALL {
            assert!(format.writes_in(format.default_encoding()));
        }
        assert!(!Format::Lirs.writes_in(encoding_rs::SHIFT_JIS));
        assert!(Format::HinaDi.writes_in(encoding_rs::SHIFT_JIS));
        assert!(!Format::Rss2.writes_in(encoding_rs::EUC_JP));
    }

    #[test]
    fn the_freshness_limit_is_eight_hours() {
        assert_eq!(LIRS_STALE_AFTER.as_secs(), 8 * 60 * 60);
    }
}
