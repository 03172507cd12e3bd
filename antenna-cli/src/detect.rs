//! Telling the three formats apart by their content.

use std::fmt;
use std::str::FromStr;

/// One of the formats the tool reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// HINA-DI 2.2.
    #[value(name = "hina-di")]
    HinaDi,
    /// LIRS 2.1, gzip or plain.
    Lirs,
    /// RSS 2.0 (and 0.91, 0.92).
    Rss2,
}

impl Format {
    /// The name used on the command line and in the conformance protocol.
    pub fn name(self) -> &'static str {
        match self {
            Format::HinaDi => "hina-di",
            Format::Lirs => "lirs",
            Format::Rss2 => "rss2",
        }
    }

    /// Guesses the format of `bytes`: a `HINA/` first line, gzip magic or
    /// `LIRS,` records, or an XML document whose root is `<rss`.
    pub fn detect(bytes: &[u8]) -> Option<Format> {
        if bytes.starts_with(&[0x1f, 0x8b]) {
            // Only LIRS is gzip-compressed in practice.
            return Some(Format::Lirs);
        }
        let text = strip_bom(bytes);
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
        let head = text.get(..text.len().min(4096)).unwrap_or(text);
        if contains(head, b"<rss") || looks_like_utf16_xml(bytes) {
            return Some(Format::Rss2);
        }
        None
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "hina-di" => Ok(Format::HinaDi),
            "lirs" => Ok(Format::Lirs),
            "rss2" => Ok(Format::Rss2),
            other => Err(format!("unknown format `{other}` (hina-di, lirs, rss2)")),
        }
    }
}

fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

/// UTF-16 XML starts with a BOM or with `<` and a zero byte.
fn looks_like_utf16_xml(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\xff\xfe<\0")
        || bytes.starts_with(b"\xfe\xff\0<")
        || bytes.starts_with(b"<\0?\0")
        || bytes.starts_with(b"\0<\0?")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_format() {
        assert_eq!(Format::detect(b"HINA/2.2\r\n"), Some(Format::HinaDi));
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
        assert_eq!(Format::detect(b""), None);
    }
}
