//! The rules this crate enforces, each with a stable id and the section of
//! RSS 2.0.1 (or XML 1.0) it comes from.
//!
//! Section names are those of the English RSS 2.0.1 specification, of which
//! `rss-2.0.zh.txt` is a translation.

use antenna_model::Rule;
use antenna_model::url_risk;

/// The input is not well-formed XML (XML 1.0 §2.1: a fatal error).
pub const NOT_WELL_FORMED: Rule = Rule::new(
    "rss2/not-well-formed",
    "XML 1.0 §2.1 Well-Formed XML Documents",
);
/// Elements nest deeper than `ReadOptions::max_depth`.
pub const TOO_DEEP: Rule = Rule::new("rss2/too-deep", "RSS 2.0.1 §What is RSS? (resource limit)");
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
/// A required element is missing (`<channel>`; channel title, link,
/// description; an item with neither title nor description).
pub const MISSING_ELEMENT: Rule = Rule::new(
    "rss2/missing-element",
    "RSS 2.0.1 §Required channel elements, §Elements of <item>",
);
/// A required attribute is missing (rss version, enclosure, source, cloud).
pub const MISSING_ATTRIBUTE: Rule = Rule::new(
    "rss2/missing-attribute",
    "RSS 2.0.1 §<enclosure>, §<source>, §<cloud>",
);
/// An element that may appear once appears again.
pub const DUPLICATE_ELEMENT: Rule = Rule::new(
    "rss2/duplicate-element",
    "RSS 2.0.1 §Optional channel elements, §Elements of <item>",
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
/// An `author`, `managingEditor` or `webMaster` that is not an e-mail
/// address (optionally followed by a name in parentheses).
pub const BAD_EMAIL: Rule = Rule::new(
    "rss2/bad-email",
    "RSS 2.0.1 §Elements of <item> (author), §Optional channel elements (managingEditor, webMaster)",
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
/// A date that is not an RFC 822 date.
pub const BAD_DATE: Rule = Rule::new(
    "rss2/bad-date",
    "RSS 2.0.1 §Optional channel elements (pubDate: RFC 822)",
);
/// A Dublin Core or syndication module date (`dc:date`, `dcterms:created`,
/// `dcterms:issued`, `dcterms:modified`, `sy:updateBase`) that is not a
/// W3CDTF date: a departure (an error when strict), as the W3C validator
/// errs on it.
pub const BAD_W3CDTF_DATE: Rule = Rule::new(
    "rss2/bad-w3cdtf-date",
    "RSS 2.0.1 §Extending RSS (the module's own spec: W3CDTF)",
);
/// A number that is not a non-negative integer (ttl, width, height, length, port).
pub const BAD_NUMBER: Rule = Rule::new(
    "rss2/bad-number",
    "RSS 2.0.1 §<ttl>, §<image>, §<enclosure>, §<cloud>",
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
pub const BAD_SKIP_HOUR: Rule = Rule::new("rss2/bad-skip-hour", "RSS 2.0.1 §skipHours");
/// A skipDays day that is not a day name, or more than 7 of them.
pub const BAD_SKIP_DAY: Rule = Rule::new("rss2/bad-skip-day", "RSS 2.0.1 §skipDays");
/// An entity reference that is neither predefined by XML, declared in the
/// DOCTYPE, nor an HTML entity (`&bogus;`): read as its own text with a
/// warning in lenient mode (feedparser does the same), an error when strict.
pub const UNDECLARED_ENTITY: Rule = Rule::new(
    "rss2/undeclared-entity",
    "XML 1.0 §4.1 WFC: Entity Declared",
);
/// An HTML named entity that XML does not declare (`&nbsp;`, `&eacute;`):
/// read as its HTML character with a warning in lenient mode
/// (real-world-notes: "HTML entities such as &nbsp; that XML does not
/// declare"), an error in strict mode.
pub const HTML_ENTITY: Rule = Rule::new(
    "rss2/html-entity",
    "XML 1.0 §4.1 WFC: Entity Declared; real-world-notes: HTML entities such as &nbsp; that XML does not declare",
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
    "Namespaces in XML 1.0 §5 (Namespace Constraint: Prefix Declared)",
);
/// Bytes that are not valid in the document's encoding, an unknown
/// encoding, or a declaration that contradicts the BOM.
pub const BAD_ENCODING: Rule = Rule::new(
    "rss2/bad-encoding",
    "XML 1.0 §4.3.3 Character Encoding in Entities",
);
/// A character that XML 1.0 does not allow (control characters).
pub const BAD_CHARACTER: Rule = Rule::new("rss2/bad-character", "XML 1.0 §2.2 Characters");
/// A value that should be a URL and is not an absolute one.
pub const BAD_URL: Rule = Rule::new(
    "rss2/bad-url",
    "RSS 2.0.1 §Required channel elements (link: URL)",
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
