//! The rules this crate enforces, each with a stable id and the section of
//! RSS 2.0.1 (or XML 1.0) it comes from.
//!
//! Section names are those of the English RSS 2.0.1 specification, of which
//! `rss-2.0.zh.txt` is a translation. Each constant cites the section its
//! finding breaks: where one kind of finding (one id) breaks the section of
//! whichever element it is about (a missing attribute of `<rss>`, of
//! `<enclosure>` or of `<cloud>`; an item's pubDate or the channel's),
//! there is a constant for each, with the same id, which the reader picks
//! by element. [`ALL`] lists every constant; a test holds each citation to
//! the spec's real headings ([`antenna_model::citation`]).

use antenna_model::Rule;
use antenna_model::url_risk;

/// The input is not well-formed XML (XML 1.0 §2.1: a fatal error).
pub const NOT_WELL_FORMED: Rule = Rule::new(
    "rss2/not-well-formed",
    "XML 1.0 §2.1 Well-Formed XML Documents",
);
/// Elements nest deeper than `ReadOptions::max_depth`.
pub const TOO_DEEP: Rule = Rule::new(
    "rss2/too-deep",
    "RSS 2.0.1 §Comments (processors may impose their own limits)",
);
/// The root element is not `<rss>`.
pub const NOT_RSS: Rule = Rule::new("rss2/not-rss", "RSS 2.0.1 §What is RSS?");
/// RSS's own elements carry a default namespace (Radio UserLand's
/// `http://backend.userland.com/rss2`, `.../rss2.1` or `.../rss`, from the
/// 2002 RSS 2.0 drafts): read as RSS 2.0 with a warning (an error when strict). RSS 2.0.1
/// §Extending RSS: "the elements defined in this document are not
/// themselves members of a namespace".
pub const RSS_IN_NAMESPACE: Rule = Rule::new("rss2/rss-in-namespace", "RSS 2.0.1 §Extending RSS");
/// The `version` attribute of `<rss>` is not a known version.
pub const BAD_VERSION: Rule = Rule::new("rss2/bad-version", "RSS 2.0.1 §What is RSS?");
/// `<rss>` holds no `<channel>`. The constants after it are the same
/// rule (`rss2/missing-element`) for the other parents.
pub const MISSING_ELEMENT: Rule = Rule::new(
    "rss2/missing-element",
    "RSS 2.0.1 §What is RSS? (<rss> holds a <channel>)",
);
/// The channel has no title, link or description.
pub const MISSING_ELEMENT_CHANNEL: Rule = Rule::new(
    "rss2/missing-element",
    "RSS 2.0.1 §Required channel elements",
);
/// An item with neither title nor description.
pub const MISSING_ELEMENT_ITEM: Rule = Rule::new(
    "rss2/missing-element",
    "RSS 2.0.1 §Elements of <item> (at least one of title or description)",
);
/// An image without url, title or link.
pub const MISSING_ELEMENT_IMAGE: Rule = Rule::new(
    "rss2/missing-element",
    "RSS 2.0.1 §<image> sub-element of <channel>",
);
/// A textInput without title, description, name or link.
pub const MISSING_ELEMENT_TEXT_INPUT: Rule = Rule::new(
    "rss2/missing-element",
    "RSS 2.0.1 §<textInput> sub-element of <channel>",
);
/// An empty skipHours or skipDays.
pub const MISSING_ELEMENT_SKIP: Rule = Rule::new(
    "rss2/missing-element",
    "RSS 2.0.1 §Optional channel elements (skipHours, skipDays)",
);
/// `<rss>` has no `version`. The constants after it are the same rule
/// (`rss2/missing-attribute`) for the other elements.
pub const MISSING_ATTRIBUTE: Rule = Rule::new(
    "rss2/missing-attribute",
    "RSS 2.0.1 §What is RSS? (a mandatory attribute called version)",
);
/// An enclosure without url, length or type.
pub const MISSING_ATTRIBUTE_ENCLOSURE: Rule = Rule::new(
    "rss2/missing-attribute",
    "RSS 2.0.1 §<enclosure> sub-element of <item> (three required attributes)",
);
/// A source without url.
pub const MISSING_ATTRIBUTE_SOURCE: Rule = Rule::new(
    "rss2/missing-attribute",
    "RSS 2.0.1 §<source> sub-element of <item> (its required attribute, url)",
);
/// A cloud without one of its five attributes.
pub const MISSING_ATTRIBUTE_CLOUD: Rule = Rule::new(
    "rss2/missing-attribute",
    "RSS 2.0.1 §<cloud> sub-element of <channel>",
);
/// A second `<channel>`. The constants after it are the same rule
/// (`rss2/duplicate-element`) for elements that may appear once in other
/// parents.
pub const DUPLICATE_ELEMENT: Rule = Rule::new(
    "rss2/duplicate-element",
    "RSS 2.0.1 §What is RSS? (a single <channel> element)",
);
/// A second channel title, link or description.
pub const DUPLICATE_ELEMENT_REQUIRED: Rule = Rule::new(
    "rss2/duplicate-element",
    "RSS 2.0.1 §Required channel elements",
);
/// A second optional channel element (`language`, `cloud`, `image`, ...).
pub const DUPLICATE_ELEMENT_CHANNEL: Rule = Rule::new(
    "rss2/duplicate-element",
    "RSS 2.0.1 §Optional channel elements",
);
/// A second item element (`title`, `link`, `pubDate`, ...).
pub const DUPLICATE_ELEMENT_ITEM: Rule =
    Rule::new("rss2/duplicate-element", "RSS 2.0.1 §Elements of <item>");
/// A second element of an image.
pub const DUPLICATE_ELEMENT_IMAGE: Rule = Rule::new(
    "rss2/duplicate-element",
    "RSS 2.0.1 §<image> sub-element of <channel>",
);
/// A second element of a textInput.
pub const DUPLICATE_ELEMENT_TEXT_INPUT: Rule = Rule::new(
    "rss2/duplicate-element",
    "RSS 2.0.1 §<textInput> sub-element of <channel>",
);
/// An element without a namespace that RSS 2.0 does not define.
pub const UNKNOWN_ELEMENT: Rule = Rule::new("rss2/unknown-element", "RSS 2.0.1 §Extending RSS");
/// An attribute that RSS 2.0 does not define on this element.
pub const UNKNOWN_ATTRIBUTE: Rule = Rule::new("rss2/unknown-attribute", "RSS 2.0.1 §Extending RSS");
/// Content where RSS 2.0 defines none: text directly inside `<channel>` or
/// `<item>`, elements other than `<hour>`/`<day>` in `skipHours`/`skipDays`;
/// dropped with a warning.
pub const UNEXPECTED_CONTENT: Rule = Rule::new(
    "rss2/unexpected-content",
    "RSS 2.0.1 §Optional channel elements",
);
/// Text directly inside `<item>`.
pub const UNEXPECTED_CONTENT_ITEM: Rule =
    Rule::new("rss2/unexpected-content", "RSS 2.0.1 §Elements of <item>");
/// Text inside `<enclosure>`.
pub const UNEXPECTED_CONTENT_ENCLOSURE: Rule = Rule::new(
    "rss2/unexpected-content",
    "RSS 2.0.1 §<enclosure> sub-element of <item> (an empty element)",
);
/// Text inside `<cloud>`.
pub const UNEXPECTED_CONTENT_CLOUD: Rule = Rule::new(
    "rss2/unexpected-content",
    "RSS 2.0.1 §<cloud> sub-element of <channel>",
);
/// An element inside an element RSS 2.0 defines as text (unescaped XHTML
/// in `<description>`): kept as its source text with a warning (an error
/// when strict), as feed readers keep it.
pub const MARKUP_IN_TEXT: Rule = Rule::new(
    "rss2/markup-in-text",
    "RSS 2.0.1 §Elements of <item> (description: entity-encoded HTML)",
);
/// White space before the XML declaration: skipped with a warning (an error
/// when strict).
pub const SPACE_BEFORE_DECLARATION: Rule = Rule::new(
    "rss2/space-before-declaration",
    "XML 1.0 §2.8 Prolog and Document Type Declaration",
);
/// A `&` that starts no reference (`AT&T`): read as text with a warning
/// (an error when strict), as feedparser reads it.
pub const BARE_AMPERSAND: Rule = Rule::new(
    "rss2/bare-ampersand",
    "XML 1.0 §2.4 Character Data and Markup",
);
/// A character reference to a C1 control (`&#150;`): read as the
/// Windows-1252 character of that byte, which the writer meant, with a
/// warning (an error when strict).
pub const C1_CHARACTER_REFERENCE: Rule = Rule::new(
    "rss2/c1-character-reference",
    "XML 1.0 §2.2 Characters (C1 controls are discouraged)",
);
/// An extension module's number (Media RSS `fileSize`, `itunes:episode`)
/// that is not the whole number the module asks for.
pub const EXTENSION_NUMBER: Rule = Rule::new(
    "rss2/extension-number",
    "RSS 2.0.1 §Extending RSS (the module's own spec)",
);
/// An extension module's element without an attribute the module requires
/// (`media:thumbnail` without `url`, `itunes:image` without `href`).
pub const EXTENSION_MISSING_ATTRIBUTE: Rule = Rule::new(
    "rss2/extension-missing-attribute",
    "RSS 2.0.1 §Extending RSS (the module's own spec)",
);
/// An extension module's element without a child the module requires
/// (`itunes:owner` without `itunes:email`).
pub const EXTENSION_MISSING_ELEMENT: Rule = Rule::new(
    "rss2/extension-missing-element",
    "RSS 2.0.1 §Extending RSS (the module's own spec)",
);
/// An extension module's element whose text is not one of the values the
/// module lists (`itunes:explicit` other than `true` or `false`,
/// `itunes:block`, `itunes:type`, `itunes:episodeType`).
pub const EXTENSION_VALUE: Rule = Rule::new(
    "rss2/extension-value",
    "RSS 2.0.1 §Extending RSS (the module's own spec)",
);
/// A second extension element that its module allows once in a parent
/// (`media:title`, `itunes:explicit`).
pub const EXTENSION_DUPLICATE: Rule = Rule::new(
    "rss2/extension-duplicate",
    "RSS 2.0.1 §Extending RSS (the module's own spec)",
);
/// A `managingEditor` or `webMaster` that is not an e-mail address
/// (optionally followed by a name in parentheses).
pub const BAD_EMAIL: Rule = Rule::new(
    "rss2/bad-email",
    "RSS 2.0.1 §Optional channel elements (managingEditor, webMaster: an email address)",
);
/// An item's `author` that is not an e-mail address.
pub const BAD_EMAIL_AUTHOR: Rule = Rule::new(
    "rss2/bad-email",
    "RSS 2.0.1 §<author> sub-element of <item> (an email address)",
);
/// An extension module's e-mail element (`itunes:email`) that is not an
/// e-mail address.
pub const BAD_EMAIL_EXTENSION: Rule = Rule::new(
    "rss2/bad-email",
    "RSS 2.0.1 §Extending RSS (the module's own spec)",
);
/// An item with more than one `<enclosure>`: all are kept, with a warning
/// (an error when strict).
pub const SEVERAL_ENCLOSURES: Rule = Rule::new(
    "rss2/several-enclosures",
    "RSS 2.0.1 §<enclosure> sub-element of <item>",
);
/// An enclosure `type` that is not a MIME type.
pub const BAD_MEDIA_TYPE: Rule = Rule::new(
    "rss2/bad-media-type",
    "RSS 2.0.1 §<enclosure> sub-element of <item> (type: a standard MIME type)",
);
/// A channel `pubDate` or `lastBuildDate` that is not an RFC 822 date.
pub const BAD_DATE: Rule = Rule::new(
    "rss2/bad-date",
    "RSS 2.0.1 §Optional channel elements (pubDate, lastBuildDate: RFC 822)",
);
/// An item's `pubDate` that is not an RFC 822 date.
pub const BAD_DATE_ITEM: Rule = Rule::new(
    "rss2/bad-date",
    "RSS 2.0.1 §<pubDate> sub-element of <item> (RFC 822)",
);
/// A Dublin Core or syndication module date (`dc:date`, `dcterms:created`,
/// `dcterms:issued`, `dcterms:modified`, `sy:updateBase`) that is not a
/// W3CDTF date: a departure (an error when strict), as the W3C validator
/// errs on it.
pub const BAD_W3CDTF_DATE: Rule = Rule::new(
    "rss2/bad-w3cdtf-date",
    "RSS 2.0.1 §Extending RSS (the module's own spec: W3CDTF)",
);
/// A `ttl` that is not a positive whole number. The constants after it
/// are the same rule (`rss2/bad-number`) for the other numbers.
pub const BAD_NUMBER: Rule = Rule::new(
    "rss2/bad-number",
    "RSS 2.0.1 §<ttl> sub-element of <channel> (a number of minutes)",
);
/// An image width or height that is not a positive whole number.
pub const BAD_NUMBER_IMAGE: Rule = Rule::new(
    "rss2/bad-number",
    "RSS 2.0.1 §<image> sub-element of <channel> (width and height: numbers)",
);
/// An enclosure length that is not a whole number.
pub const BAD_NUMBER_ENCLOSURE: Rule = Rule::new(
    "rss2/bad-number",
    "RSS 2.0.1 §<enclosure> sub-element of <item> (length: in bytes)",
);
/// A cloud port that is not a port number.
pub const BAD_NUMBER_CLOUD: Rule = Rule::new(
    "rss2/bad-number",
    "RSS 2.0.1 §<cloud> sub-element of <channel> (port)",
);
/// A guid `isPermaLink` other than `true` or `false`.
pub const BAD_NUMBER_GUID: Rule = Rule::new(
    "rss2/bad-number",
    "RSS 2.0.1 §<guid> sub-element of <item> (isPermaLink: true or false)",
);
/// An image wider than 144 pixels.
pub const IMAGE_TOO_WIDE: Rule = Rule::new(
    "rss2/image-too-wide",
    "RSS 2.0.1 §<image> sub-element of <channel>",
);
/// An image taller than 400 pixels.
pub const IMAGE_TOO_TALL: Rule = Rule::new(
    "rss2/image-too-tall",
    "RSS 2.0.1 §<image> sub-element of <channel>",
);
/// A skipHours hour outside 0-23, or more than 24 of them.
pub const BAD_SKIP_HOUR: Rule = Rule::new(
    "rss2/bad-skip-hour",
    "RSS 2.0.1 §Optional channel elements (skipHours)",
);
/// A skipDays day that is not a day name, or more than 7 of them.
pub const BAD_SKIP_DAY: Rule = Rule::new(
    "rss2/bad-skip-day",
    "RSS 2.0.1 §Optional channel elements (skipDays)",
);
/// An entity reference that is neither predefined by XML, declared in the
/// DOCTYPE, nor an HTML entity (`&bogus;`): read as its own text with a
/// warning in lenient mode (feedparser does the same), an error when strict.
pub const UNDECLARED_ENTITY: Rule = Rule::new(
    "rss2/undeclared-entity",
    "XML 1.0 §4.1 Character and Entity References (WFC: Entity Declared)",
);
/// An HTML named entity that XML does not declare (`&nbsp;`, `&eacute;`):
/// read as its HTML character with a warning in lenient mode
/// (real-world-notes: "HTML entities such as &nbsp; that XML does not
/// declare"), an error in strict mode.
pub const HTML_ENTITY: Rule = Rule::new(
    "rss2/html-entity",
    "XML 1.0 §4.1 Character and Entity References (WFC: Entity Declared; real writers used HTML entities such as &nbsp;)",
);
/// A DOCTYPE entity declaration or reference that cannot be used: a
/// malformed declaration, a self-referring entity, an external entity
/// (skipped; a warning when lenient), markup in
/// the replacement text, or an expansion past the reader's size bound.
pub const DOCTYPE_ENTITY: Rule =
    Rule::new("rss2/doctype-entity", "XML 1.0 §4.2 Entity Declarations");
/// An element or attribute prefix with no namespace declaration in scope.
pub const UNDECLARED_PREFIX: Rule = Rule::new(
    "rss2/undeclared-prefix",
    "Namespaces in XML 1.0 §5 Using Qualified Names (Namespace Constraint: Prefix Declared)",
);
/// Bytes that are not valid in the document's encoding, an unknown
/// encoding, or a declaration that contradicts the BOM.
pub const BAD_ENCODING: Rule = Rule::new(
    "rss2/bad-encoding",
    "XML 1.0 §4.3.3 Character Encoding in Entities",
);
/// A character that XML 1.0 does not allow (control characters).
pub const BAD_CHARACTER: Rule = Rule::new("rss2/bad-character", "XML 1.0 §2.2 Characters");
/// A `link` or `url` that is not an absolute URL. The constants after it
/// are the same rule (`rss2/bad-url`) for the other URL values.
pub const BAD_URL: Rule = Rule::new(
    "rss2/bad-url",
    "RSS 2.0.1 §Comments (<link> and <url> begin with an IANA-registered URI scheme)",
);
/// A `docs` that is not an absolute URL.
pub const BAD_URL_DOCS: Rule = Rule::new(
    "rss2/bad-url",
    "RSS 2.0.1 §Optional channel elements (docs: a URL)",
);
/// An item's `comments` that is not an absolute URL.
pub const BAD_URL_COMMENTS: Rule = Rule::new(
    "rss2/bad-url",
    "RSS 2.0.1 §<comments> sub-element of <item>",
);
/// A permalink guid that is not an absolute URL.
pub const BAD_URL_GUID: Rule = Rule::new(
    "rss2/bad-url",
    "RSS 2.0.1 §<guid> sub-element of <item> (a permalink is a URL)",
);
/// A source `url` that is not an absolute URL.
pub const BAD_URL_SOURCE: Rule =
    Rule::new("rss2/bad-url", "RSS 2.0.1 §<source> sub-element of <item>");
/// An enclosure `url` that is not an absolute URL.
pub const BAD_URL_ENCLOSURE: Rule = Rule::new(
    "rss2/bad-url",
    "RSS 2.0.1 §<enclosure> sub-element of <item> (url: an http URL)",
);
/// An extension module's URL (`itunes:image href`) that is not an
/// absolute URL.
pub const BAD_URL_EXTENSION: Rule = Rule::new(
    "rss2/bad-url",
    "RSS 2.0.1 §Extending RSS (the module's own spec)",
);
/// Text or elements outside `<channel>` where RSS has none.
pub const MISPLACED_CONTENT: Rule = Rule::new("rss2/misplaced-content", "RSS 2.0.1 §What is RSS?");
/// HTML in a description or `content:encoded` holds an element that runs
/// code or loads content when shown (`script`, `object`, `embed`, `iframe`,
/// `applet`, `style`, `base`, `meta` and the rest of the W3C validator's
/// list): a warning in both modes (the W3C validator's SecurityRisk).
pub const UNSAFE_ELEMENT: Rule = Rule::new(
    "rss2/unsafe-element",
    "RSS 2.0.1 §Elements of <item> (description: entity-encoded HTML)",
);
/// HTML in a description or `content:encoded` has an event handler
/// attribute (`onerror`, `onclick`, any `on*`): a warning in both modes
/// (the W3C validator's SecurityRiskAttr).
pub const UNSAFE_ATTRIBUTE: Rule = Rule::new(
    "rss2/unsafe-attribute",
    "RSS 2.0.1 §Elements of <item> (description: entity-encoded HTML)",
);
/// HTML in a description or `content:encoded` has an attribute whose URL
/// runs script (`javascript:`, `vbscript:`): a warning in both modes.
pub const SCRIPT_URL: Rule = Rule::new(
    "rss2/script-url",
    "RSS 2.0.1 §Elements of <item> (description: entity-encoded HTML)",
);
/// HTML in a description or `content:encoded` has a relative reference
/// (`<a href>`, `<img src>`), which has no base in a feed (RFC 3986 §5.1):
/// a warning in both modes (the W3C validator's ContainsRelRef).
pub const RELATIVE_REFERENCE: Rule = Rule::new(
    "rss2/relative-reference",
    "RSS 2.0.1 §Elements of <item> (description: entity-encoded HTML)",
);
/// A URL whose userinfo holds a password (RFC 3986 §7.5): a warning in
/// both modes, naming the host the URL goes to.
pub const URL_PASSWORD: Rule = Rule::new("rss2/url-password", url_risk::SENSITIVE_INFORMATION);
/// A URL whose userinfo looks like a host name (RFC 3986 §7.6): a
/// warning in both modes, naming the host the URL really goes to.
pub const DECEPTIVE_URL: Rule = Rule::new("rss2/deceptive-url", url_risk::SEMANTIC_ATTACKS);
/// The two URL rules, as `antenna_model::url_risk` takes them.
pub const URL_RISKS: url_risk::UrlRiskRules = url_risk::UrlRiskRules {
    password: URL_PASSWORD,
    deceptive: DECEPTIVE_URL,
};

/// The `rss2/missing-element` rule for a child missing from `parent`.
pub(crate) fn missing_element(parent: &str) -> Rule {
    match parent {
        "channel" => MISSING_ELEMENT_CHANNEL,
        "item" => MISSING_ELEMENT_ITEM,
        "image" => MISSING_ELEMENT_IMAGE,
        "textInput" => MISSING_ELEMENT_TEXT_INPUT,
        "skipHours" | "skipDays" => MISSING_ELEMENT_SKIP,
        _ => MISSING_ELEMENT,
    }
}

/// The `rss2/missing-attribute` rule for an attribute missing from `element`.
pub(crate) fn missing_attribute(element: &str) -> Rule {
    match element {
        "enclosure" => MISSING_ATTRIBUTE_ENCLOSURE,
        "source" => MISSING_ATTRIBUTE_SOURCE,
        "cloud" => MISSING_ATTRIBUTE_CLOUD,
        _ => MISSING_ATTRIBUTE,
    }
}

/// The `rss2/duplicate-element` rule for a second `child` in `parent`.
pub(crate) fn duplicate_element(parent: &str, child: &str) -> Rule {
    match parent {
        "channel" if matches!(child, "title" | "link" | "description") => {
            DUPLICATE_ELEMENT_REQUIRED
        }
        "channel" => DUPLICATE_ELEMENT_CHANNEL,
        "item" => DUPLICATE_ELEMENT_ITEM,
        "image" => DUPLICATE_ELEMENT_IMAGE,
        "textInput" => DUPLICATE_ELEMENT_TEXT_INPUT,
        _ => DUPLICATE_ELEMENT,
    }
}

/// The `rss2/unexpected-content` rule for text inside `element`.
pub(crate) fn unexpected_content(element: &str) -> Rule {
    match element {
        "item" => UNEXPECTED_CONTENT_ITEM,
        "enclosure" => UNEXPECTED_CONTENT_ENCLOSURE,
        "cloud" => UNEXPECTED_CONTENT_CLOUD,
        _ => UNEXPECTED_CONTENT,
    }
}

/// The `rss2/bad-url` rule for the URL in RSS element `element`.
pub(crate) fn bad_url(element: &str) -> Rule {
    match element {
        "docs" => BAD_URL_DOCS,
        "comments" => BAD_URL_COMMENTS,
        "guid" => BAD_URL_GUID,
        "source" => BAD_URL_SOURCE,
        "enclosure" => BAD_URL_ENCLOSURE,
        _ => BAD_URL,
    }
}

/// Every rule, for documentation and tools.
pub const ALL: &[Rule] = &[
    NOT_WELL_FORMED,
    TOO_DEEP,
    NOT_RSS,
    RSS_IN_NAMESPACE,
    BAD_VERSION,
    MISSING_ELEMENT,
    MISSING_ELEMENT_CHANNEL,
    MISSING_ELEMENT_ITEM,
    MISSING_ELEMENT_IMAGE,
    MISSING_ELEMENT_TEXT_INPUT,
    MISSING_ELEMENT_SKIP,
    MISSING_ATTRIBUTE,
    MISSING_ATTRIBUTE_ENCLOSURE,
    MISSING_ATTRIBUTE_SOURCE,
    MISSING_ATTRIBUTE_CLOUD,
    DUPLICATE_ELEMENT,
    DUPLICATE_ELEMENT_REQUIRED,
    DUPLICATE_ELEMENT_CHANNEL,
    DUPLICATE_ELEMENT_ITEM,
    DUPLICATE_ELEMENT_IMAGE,
    DUPLICATE_ELEMENT_TEXT_INPUT,
    UNKNOWN_ELEMENT,
    UNKNOWN_ATTRIBUTE,
    UNEXPECTED_CONTENT,
    UNEXPECTED_CONTENT_ITEM,
    UNEXPECTED_CONTENT_ENCLOSURE,
    UNEXPECTED_CONTENT_CLOUD,
    MARKUP_IN_TEXT,
    SPACE_BEFORE_DECLARATION,
    BARE_AMPERSAND,
    C1_CHARACTER_REFERENCE,
    EXTENSION_NUMBER,
    EXTENSION_MISSING_ATTRIBUTE,
    EXTENSION_MISSING_ELEMENT,
    EXTENSION_VALUE,
    EXTENSION_DUPLICATE,
    BAD_EMAIL,
    BAD_EMAIL_AUTHOR,
    BAD_EMAIL_EXTENSION,
    SEVERAL_ENCLOSURES,
    BAD_MEDIA_TYPE,
    BAD_DATE,
    BAD_DATE_ITEM,
    BAD_W3CDTF_DATE,
    BAD_NUMBER,
    BAD_NUMBER_IMAGE,
    BAD_NUMBER_ENCLOSURE,
    BAD_NUMBER_CLOUD,
    BAD_NUMBER_GUID,
    IMAGE_TOO_WIDE,
    IMAGE_TOO_TALL,
    BAD_SKIP_HOUR,
    BAD_SKIP_DAY,
    UNDECLARED_ENTITY,
    HTML_ENTITY,
    DOCTYPE_ENTITY,
    UNDECLARED_PREFIX,
    BAD_ENCODING,
    BAD_CHARACTER,
    BAD_URL,
    BAD_URL_DOCS,
    BAD_URL_COMMENTS,
    BAD_URL_GUID,
    BAD_URL_SOURCE,
    BAD_URL_ENCLOSURE,
    BAD_URL_EXTENSION,
    MISPLACED_CONTENT,
    UNSAFE_ELEMENT,
    UNSAFE_ATTRIBUTE,
    SCRIPT_URL,
    RELATIVE_REFERENCE,
    URL_PASSWORD,
    DECEPTIVE_URL,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule's citation names real headings of RSS 2.0.1, XML 1.0,
    /// Namespaces in XML or RFC 3986, ids are `rss2/<kebab-case>`, and
    /// [`ALL`] lists every rule this file defines.
    #[test]
    fn all_rules_cite_real_sections() {
        antenna_model::citation::check_rules("rss2", ALL, include_str!("rules.rs")).unwrap();
    }

    /// The two citations issue #29 found wrong.
    #[test]
    fn the_version_and_an_items_pubdate_cite_their_own_sections() {
        assert_eq!(
            missing_attribute("rss").spec,
            "RSS 2.0.1 §What is RSS? (a mandatory attribute called version)"
        );
        assert!(
            BAD_DATE_ITEM
                .spec
                .starts_with("RSS 2.0.1 §<pubDate> sub-element of <item>")
        );
        for element in ["enclosure", "source", "cloud"] {
            assert!(
                missing_attribute(element)
                    .spec
                    .contains(&format!("§<{element}>"))
            );
        }
    }
}
