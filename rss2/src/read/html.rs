//! The safety checks of HTML-carrying text (a description,
//! `content:encoded`): elements and attributes that run code when the text
//! is shown, script URLs, and relative references (see [`crate::html`]).
//!
//! All four are warnings in both modes: RSS 2.0.1 lets a description hold
//! any entity-encoded HTML, so none of them is a departure from the spec
//! that a strict reader should reject; they warn whoever shows the text
//! (the W3C validator's SecurityRisk, SecurityRiskAttr and ContainsRelRef
//! are warnings too). The model has no lower severity than a warning;
//! were it to gain a note, relative references would be the notes (they
//! break nothing, a reader only resolves them against the wrong base).

use std::ops::Range;

use super::Parser;
use crate::document::{ExtensionElement, ExtensionNode};
use crate::html::{Attribute, scheme, start_tags, url_for_scheme};
use crate::rules;
use antenna_model::Rule;

/// The HTML elements the W3C feed validator calls a security risk: those
/// of its `htmltags` that are not in its `acceptable_elements` (the list
/// feedparser's sanitizer keeps).
const UNSAFE_ELEMENTS: &[&str] = &[
    "applet",
    "base",
    "basefont",
    "body",
    "comment",
    "embed",
    "frame",
    "frameset",
    "head",
    "html",
    "iframe",
    "isindex",
    "link",
    "listing",
    "meta",
    "noframes",
    "object",
    "param",
    "plaintext",
    "script",
    "slot",
    "style",
    "title",
    "xmp",
];

/// Schemes whose URL runs script when followed or loaded.
const SCRIPT_SCHEMES: &[&str] = &["javascript", "vbscript", "livescript"];

/// Attributes that hold a reference the W3C validator checks for being
/// relative: `<a href>` and `<img src>`.
fn is_checked_reference(element: &str, attribute: &str) -> bool {
    matches!((element, attribute), ("a", "href") | ("img", "src"))
}

/// What one text's HTML was found to hold, each finding once.
struct Findings<'n> {
    /// The element whose content it is, for messages (`description`).
    name: &'n str,
    /// (rule, message), in the order found.
    found: Vec<(Rule, String)>,
    /// The relative references, each once.
    relative: Vec<String>,
}

impl<'n> Findings<'n> {
    fn new(name: &'n str) -> Self {
        Findings {
            name,
            found: Vec::new(),
            relative: Vec::new(),
        }
    }

    fn add(&mut self, rule: Rule, message: String) {
        if !self.found.iter().any(|(r, m)| *r == rule && *m == message) {
            self.found.push((rule, message));
        }
    }

    /// One start tag, its name and attributes lowercased.
    fn tag<'a>(&mut self, element: &str, attributes: impl Iterator<Item = (&'a str, &'a str)>) {
        let name = self.name;
        if UNSAFE_ELEMENTS.contains(&element) {
            self.add(
                rules::UNSAFE_ELEMENT,
                format!("{name} should not contain {element} tag"),
            );
        }
        for (attr, value) in attributes {
            if attr.starts_with("on") {
                self.add(
                    rules::UNSAFE_ATTRIBUTE,
                    format!("{name} should not contain {attr} attribute"),
                );
                continue;
            }
            let url = url_for_scheme(value);
            match scheme(&url) {
                Some(s) if SCRIPT_SCHEMES.contains(&s.as_str()) => self.add(
                    rules::SCRIPT_URL,
                    format!("{name} should not contain a {s}: URL (<{element} {attr}>)"),
                ),
                None if !url.is_empty()
                    && is_checked_reference(element, attr)
                    && !self.relative.iter().any(|r| *r == url) =>
                {
                    self.relative.push(url.into_owned());
                }
                _ => {}
            }
        }
    }

    /// The elements of an XHTML tree, as tags.
    fn xhtml(&mut self, element: &ExtensionElement) {
        let name = element.name.to_ascii_lowercase();
        let attributes: Vec<(String, &str)> = element
            .attributes
            .iter()
            .filter(|a| a.prefix.as_deref() != Some("xmlns") && a.name != "xmlns")
            .map(|a| (a.name.to_ascii_lowercase(), &*a.value))
            .collect();
        self.tag(&name, attributes.iter().map(|(n, v)| (n.as_str(), *v)));
        for child in &element.children {
            if let ExtensionNode::Element(child) = child {
                self.xhtml(child);
            }
        }
    }
}

impl Parser<'_> {
    /// Checks the HTML of `<{name}>`'s text, reporting at `span`.
    pub(super) fn check_html(&mut self, name: &str, text: &str, span: Range<usize>) {
        if !text.contains('<') {
            return;
        }
        let mut findings = Findings::new(name);
        // Internet Explorer's `<?import>` loads a behaviour (the W3C
        // validator's one check that is not a tag).
        if text.to_ascii_lowercase().contains("<?import ") {
            findings.add(
                rules::UNSAFE_ELEMENT,
                format!("{name} should not contain ?import tag"),
            );
        }
        start_tags(text, |element, attributes: &[Attribute<'_>]| {
            findings.tag(
                element,
                attributes
                    .iter()
                    .map(|a| (a.name.as_ref(), a.value.as_ref())),
            );
        });
        self.report_html(findings, span);
    }

    /// Checks an XHTML element tree (`xhtml:body`), reporting at `span`.
    pub(super) fn check_xhtml(&mut self, element: &ExtensionElement, span: Range<usize>) {
        let name = element.qualified_name();
        let mut findings = Findings::new(&name);
        for child in &element.children {
            if let ExtensionNode::Element(child) = child {
                findings.xhtml(child);
            }
        }
        self.report_html(findings, span);
    }

    fn report_html(&mut self, mut findings: Findings<'_>, span: Range<usize>) {
        let name = findings.name;
        if let Some(first) = findings.relative.first() {
            let more = match findings.relative.len() {
                1 => String::new(),
                n => format!(" and {} more", n - 1),
            };
            let message = format!(
                "{name} should not contain relative URL references (`{first}`{more}): a feed has no base to resolve them against"
            );
            findings.add(rules::RELATIVE_REFERENCE, message);
        }
        for (rule, message) in findings.found {
            self.reporter.advice(rule, span.clone(), message);
        }
    }
}
