//! What a field is, by its name: the fields the spec defines, their
//! spellings, and the two kinds it leaves open.

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
        // No defined name starts with `X-`: an experimental name is told
        // by its prefix, not compared with each defined one (a block of
        // many `X-` fields asks this for every one).
        let experimental = name
            .get(..2)
            .is_some_and(|prefix| prefix.eq_ignore_ascii_case("X-"));
        if experimental {
            return FieldKind::Experimental;
        }
        Self::defined(name).map_or(FieldKind::Undefined, |(_, kind)| kind)
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
    pub(crate) fn spelled(name: &[u8]) -> Option<(&'static str, FieldKind)> {
        DEFINED.get(Self::spelled_index(name)?).copied()
    }

    /// A name written exactly as the spec spells it: its index among the
    /// spellings (for [`FieldKind::spelling`]) and its kind.
    pub(crate) fn spelled_at(name: &[u8]) -> Option<(u8, FieldKind)> {
        let index = Self::spelled_index(name)?;
        let kind = DEFINED.get(index)?.1;
        Some((u8::try_from(index).ok()?, kind))
    }

    /// The spelling at `index` ([`FieldKind::spelled_at`]).
    pub(crate) fn spelling(index: u8) -> &'static str {
        DEFINED
            .get(usize::from(index))
            .map_or("", |(spelling, _)| spelling)
    }

    /// The index in [`DEFINED`] of a name written exactly as the spec
    /// spells it.
    pub(crate) fn spelled_index(name: &[u8]) -> Option<usize> {
        Some(match name {
            b"User-Agent" => 0,
            b"URL" => 1,
            b"HINA-Version" => 2,
            b"Virtual" => 3,
            b"Vitural" => 4,
            b"Content-Type" => 5,
            b"Date" => 6,
            b"Title" => 7,
            b"Author-Name" => 8,
            b"Expires" => 9,
            b"Expire" => 10,
            b"Last-Modified" => 11,
            b"Last-Modified-Detected" => 12,
            b"Server" => 13,
            b"Authorized" => 14,
            b"Authorized-url" => 15,
            b"Method" => 16,
            b"Keyword" => 17,
            b"Image-Width" => 18,
            b"Image-Height" => 19,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelled_agrees_with_defined() {
        for &(spelling, kind) in DEFINED {
            // The writer takes a spec spelling as a `field-name` unchecked.
            assert!(crate::grammar::lines::is_field_name(spelling.as_bytes()));
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
}
