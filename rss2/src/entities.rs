//! Entity references: XML's predefined entities, character references,
//! general entities declared in the DOCTYPE's internal subset, and (lenient
//! mode only) HTML's named entities.
//!
//! The tables are quick-xml's (`resolve_xml_entity`, `resolve_html5_entity`,
//! `BytesRef::resolve_char_ref`); this module adds what quick-xml leaves to
//! its caller: reading `<!ENTITY>` declarations (XML 1.0 §4.2, §4.4: "a
//! non-validating processor MUST ... process the internal subset"),
//! expanding an entity's replacement text recursively, the checks XML makes
//! on the way (WFC: Legal Character, No Recursion, No < in Attribute
//! Values), and a bound on the size of what expansion produces, so that a
//! "billion laughs" file is rejected after a bounded amount of work.

use std::collections::HashMap;

use quick_xml::escape::{resolve_html5_entity, resolve_xml_entity};
use quick_xml::events::BytesRef;

use crate::xml_chars::{is_name, is_xml_char};

/// Deepest chain of entities referring to entities.
const MAX_NESTING: usize = 32;

/// A general entity declared in the internal subset.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entity {
    /// An internal entity with its replacement text (character references
    /// already replaced, XML 1.0 §4.5).
    Internal(String),
    /// An external entity (`SYSTEM` or `PUBLIC`); never read.
    External,
}

/// Why a reference could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EntityError {
    /// Neither predefined, declared nor (lenient) an HTML entity.
    Undeclared(String),
    /// An HTML entity in strict mode.
    Html(String),
    /// A character reference to a character XML does not allow, or one
    /// that is not written as XML 1.0 §4.1 says.
    BadCharRef(String),
    /// An entity that refers to itself.
    Recursive(String),
    /// The replacement text holds markup (`<`, or an `&` that starts no
    /// reference).
    Markup(String),
    /// Expansion went past the size or nesting bound.
    TooLarge,
}

impl EntityError {
    /// A message for a diagnostic.
    pub(crate) fn message(&self) -> String {
        match self {
            EntityError::Undeclared(name) => format!(
                "the entity `&{name};` is not declared (neither predefined by XML, declared in the DOCTYPE, nor an HTML entity)"
            ),
            EntityError::Html(name) => format!(
                "the HTML entity `&{name};` is not declared in XML (accepted in lenient mode only)"
            ),
            EntityError::BadCharRef(text) => {
                format!("`&{text};` is not a reference to a character XML 1.0 allows")
            }
            EntityError::Recursive(name) => {
                format!("the entity `&{name};` refers to itself (XML 1.0 §4.1 WFC: No Recursion)")
            }
            EntityError::Markup(name) => format!(
                "the replacement text of `&{name};` holds markup (`<` or a bare `&`), which is not allowed in attribute values and not supported in content"
            ),
            EntityError::TooLarge => {
                "entity expansion goes past this reader's bound (a \"billion laughs\" file?)"
                    .to_owned()
            }
        }
    }
}

/// The entities of one document and the expansion budget left.
#[derive(Debug)]
pub(crate) struct Entities {
    declared: HashMap<String, Entity>,
    /// Bytes that expansion may still produce.
    budget: usize,
    /// Accept HTML entities (lenient mode).
    html: bool,
    /// The DOCTYPE names an external DTD subset (which is never read).
    external_subset: bool,
    /// External entities referred to and skipped since last taken.
    pub(crate) skipped: Vec<String>,
}

/// One piece of a text that may hold references.
enum Piece<'a> {
    Text(&'a str),
    /// The text between `&` and `;`.
    Ref(&'a str),
    /// An `&` with no `;` after it.
    Dangling,
}

/// Splits `text` into character data and references.
fn pieces(text: &str) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        if let Some(after) = rest.strip_prefix('&') {
            return Some(match after.split_once(';') {
                Some((name, next)) => {
                    rest = next;
                    Piece::Ref(name)
                }
                None => {
                    rest = "";
                    Piece::Dangling
                }
            });
        }
        let (text, next) = rest.split_at(rest.find('&').unwrap_or(rest.len()));
        rest = next;
        Some(Piece::Text(text))
    })
}

/// Resolves a character reference (`name` is the text after `&`, starting
/// with `#`): XML 1.0 §4.1 CharRef, and WFC: Legal Character.
pub(crate) fn char_ref(name: &str) -> Result<char, EntityError> {
    let bad = || EntityError::BadCharRef(name.to_owned());
    let digits = name.strip_prefix('#').ok_or_else(bad)?;
    // quick-xml's parser takes `x` for hex, anything else as decimal, and
    // refuses signs; XML also wants at least one digit and only digits.
    let (body, hex) = match digits.strip_prefix('x') {
        Some(hex) => (hex, true),
        None => (digits, false),
    };
    let well_formed = !body.is_empty()
        && body.bytes().all(|b| {
            if hex {
                b.is_ascii_hexdigit()
            } else {
                b.is_ascii_digit()
            }
        });
    if !well_formed {
        return Err(bad());
    }
    match BytesRef::new(name).resolve_char_ref() {
        Ok(Some(c)) if is_xml_char(c) => Ok(c),
        _ => Err(bad()),
    }
}

impl Entities {
    /// No declared entities; `budget` bytes of expansion allowed.
    pub(crate) fn new(budget: usize, html: bool) -> Self {
        Entities {
            declared: HashMap::new(),
            budget,
            html,
            external_subset: false,
            skipped: Vec::new(),
        }
    }

    /// Reads the `<!ENTITY>` declarations of a DOCTYPE's content (the text
    /// between `<!DOCTYPE` and the final `>`). Returns an error message for
    /// a declaration that is not well-formed.
    pub(crate) fn declare_from_doctype(&mut self, doctype: &str) -> Result<(), String> {
        let (head, subset) = match doctype.split_once('[') {
            Some((head, subset)) => (head, Some(subset)),
            None => (doctype, None),
        };
        self.external_subset = head
            .split_ascii_whitespace()
            .any(|word| word == "PUBLIC" || word == "SYSTEM");
        let Some(mut rest) = subset else {
            return Ok(());
        };
        loop {
            rest = rest.trim_start_matches([' ', '\t', '\r', '\n']);
            if rest.is_empty() || rest.starts_with(']') {
                return Ok(());
            }
            if let Some(after) = rest.strip_prefix("<!--") {
                (_, rest) = after
                    .split_once("-->")
                    .ok_or("a comment in the DOCTYPE is not closed")?;
            } else if let Some(after) = rest.strip_prefix("<?") {
                (_, rest) = after
                    .split_once("?>")
                    .ok_or("a processing instruction in the DOCTYPE is not closed")?;
            } else if let Some(after) = rest.strip_prefix('%') {
                // A parameter-entity reference: its declarations are not
                // read (XML 1.0 §5.1 lets a non-validating processor stop
                // processing declarations; entities it declares are then
                // undeclared to this reader).
                (_, rest) = after
                    .split_once(';')
                    .ok_or("a `%` in the DOCTYPE is not a reference")?;
            } else if let Some(after) = rest.strip_prefix("<!ENTITY") {
                let (decl, next) = split_declaration(after)?;
                self.entity_declaration(decl)?;
                rest = next;
            } else if let Some(after) = rest.strip_prefix("<!") {
                let (_, next) = split_declaration(after)?;
                rest = next;
            } else {
                return Err(
                    "the DOCTYPE's internal subset holds something that is not a declaration"
                        .to_owned(),
                );
            }
        }
    }

    fn entity_declaration(&mut self, decl: &str) -> Result<(), String> {
        let decl = decl.trim_start_matches([' ', '\t', '\r', '\n']);
        if decl.starts_with('%') {
            // A parameter entity: only used inside the DTD, not in content.
            return Ok(());
        }
        let (name, body) = decl
            .split_once([' ', '\t', '\r', '\n'])
            .ok_or("an <!ENTITY> declaration without a value")?;
        if !is_name(name) {
            return Err(format!("`{name}` is not an XML name"));
        }
        let body = body.trim_matches([' ', '\t', '\r', '\n']);
        let entity = match body.chars().next() {
            Some(quote @ ('"' | '\'')) => {
                let inner = body
                    .strip_prefix(quote)
                    .and_then(|b| b.strip_suffix(quote))
                    .filter(|inner| !inner.contains(quote))
                    .ok_or_else(|| format!("the value of the entity `{name}` is not quoted"))?;
                Entity::Internal(
                    entity_value(inner)
                        .map_err(|e| format!("in the value of the entity `{name}`: {e}"))?,
                )
            }
            _ if body.starts_with("SYSTEM") || body.starts_with("PUBLIC") => Entity::External,
            _ => return Err(format!("the entity `{name}` has no value")),
        };
        // XML 1.0 §4.2: "If the same entity is declared more than once, the
        // first declaration encountered is binding."
        self.declared.entry(name.to_owned()).or_insert(entity);
        Ok(())
    }

    /// Resolves a reference found in content, appending its text to `out`;
    /// `html` collects the HTML entities used (warnings in lenient mode).
    pub(crate) fn resolve(
        &mut self,
        name: &str,
        out: &mut String,
        html: &mut Vec<String>,
    ) -> Result<(), EntityError> {
        let mut stack = Vec::new();
        self.resolve_in(name, out, html, &mut stack)
    }

    fn resolve_in(
        &mut self,
        name: &str,
        out: &mut String,
        html: &mut Vec<String>,
        stack: &mut Vec<String>,
    ) -> Result<(), EntityError> {
        if name.starts_with('#') {
            out.push(char_ref(name)?);
            return Ok(());
        }
        if !is_name(name) {
            return Err(EntityError::Undeclared(name.to_owned()));
        }
        if let Some(text) = resolve_xml_entity(name) {
            out.push_str(text);
            return Ok(());
        }
        let replacement = match self.declared.get(name) {
            Some(Entity::Internal(text)) => text.clone(),
            Some(Entity::External) => {
                // XML 1.0 §4.4.3: a non-validating processor need not
                // include an external parsed entity; it is skipped (the
                // reader reports it) and never fetched.
                self.skipped.push(name.to_owned());
                return Ok(());
            }
            None => {
                return match resolve_html5_entity(name) {
                    Some(text) if self.external_subset => {
                        // XML 1.0 §4.1: with an external DTD subset that a
                        // non-validating processor does not read, an
                        // undeclared entity is not a well-formedness error;
                        // the DTDs real feeds name (Netscape's RSS 0.91 and
                        // its RSS Advisory Board copy) declare HTML's
                        // Latin-1 entities, so HTML's meaning is taken
                        // without a warning.
                        out.push_str(text);
                        Ok(())
                    }
                    Some(text) if self.html => {
                        html.push(name.to_owned());
                        out.push_str(text);
                        Ok(())
                    }
                    Some(_) => Err(EntityError::Html(name.to_owned())),
                    None => Err(EntityError::Undeclared(name.to_owned())),
                };
            }
        };
        if stack.iter().any(|n| n == name) {
            return Err(EntityError::Recursive(name.to_owned()));
        }
        if stack.len() >= MAX_NESTING {
            return Err(EntityError::TooLarge);
        }
        if replacement.contains('<') {
            return Err(EntityError::Markup(name.to_owned()));
        }
        stack.push(name.to_owned());
        for piece in pieces(&replacement) {
            match piece {
                Piece::Text(text) => {
                    self.budget = self
                        .budget
                        .checked_sub(text.len())
                        .ok_or(EntityError::TooLarge)?;
                    out.push_str(text);
                }
                Piece::Ref(inner) => self.resolve_in(inner, out, html, stack)?,
                Piece::Dangling => return Err(EntityError::Markup(name.to_owned())),
            }
        }
        stack.pop();
        Ok(())
    }

    /// The replacement text quick-xml needs to normalise an attribute value
    /// once [`Entities::check_attribute`] has accepted it.
    pub(crate) fn replacement(&self, name: &str) -> Option<&str> {
        if let Some(text) = resolve_xml_entity(name) {
            return Some(text);
        }
        match self.declared.get(name) {
            Some(Entity::Internal(text)) => Some(text),
            Some(Entity::External) => None,
            None if self.html => resolve_html5_entity(name),
            None => None,
        }
    }

    /// Checks every reference of a raw attribute value (XML 1.0 §3.1 WFC:
    /// No External Entity References, No < in Attribute Values; §4.1).
    pub(crate) fn check_attribute(
        &mut self,
        raw: &str,
        html: &mut Vec<String>,
    ) -> Result<(), EntityError> {
        let mut scratch = String::new();
        for piece in pieces(raw) {
            match piece {
                Piece::Text(_) => {}
                Piece::Ref(name) => {
                    scratch.clear();
                    self.resolve(name, &mut scratch, html)?;
                }
                Piece::Dangling => return Err(EntityError::Undeclared(String::new())),
            }
        }
        Ok(())
    }
}

/// Splits a markup declaration (after `<!ENTITY` or `<!`) at its closing
/// `>`, skipping quoted strings.
fn split_declaration(text: &str) -> Result<(&str, &str), String> {
    let mut quote = None;
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => {
                let (declaration, after) = text.split_at(i);
                if let Some(rest) = after.strip_prefix('>') {
                    return Ok((declaration, rest));
                }
            }
            _ => {}
        }
    }
    Err("a declaration in the DOCTYPE is not closed".to_owned())
}

/// The replacement text of an entity value (XML 1.0 §4.5): character
/// references replaced, general entity references kept.
fn entity_value(literal: &str) -> Result<String, String> {
    let mut out = String::with_capacity(literal.len());
    for piece in pieces(literal) {
        match piece {
            Piece::Text(text) => {
                if text.contains('%') {
                    // XML 1.0 §2.8 WFC: PEs in Internal Subset.
                    return Err(
                        "a parameter-entity reference inside a markup declaration".to_owned()
                    );
                }
                out.push_str(text);
            }
            Piece::Ref(name) if name.starts_with('#') => {
                out.push(char_ref(name).map_err(|e| e.message())?);
            }
            Piece::Ref(name) if is_name(name) => {
                out.push('&');
                out.push_str(name);
                out.push(';');
            }
            Piece::Ref(name) => return Err(format!("`&{name};` is not a reference")),
            Piece::Dangling => return Err("an `&` that starts no reference".to_owned()),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(entities: &mut Entities, name: &str) -> Result<String, EntityError> {
        let mut out = String::new();
        let mut html = Vec::new();
        entities.resolve(name, &mut out, &mut html).map(|()| out)
    }

    #[test]
    fn char_refs_follow_the_grammar() {
        assert_eq!(char_ref("#x41"), Ok('A'));
        assert_eq!(char_ref("#65"), Ok('A'));
        assert!(char_ref("#X41").is_err());
        assert!(char_ref("#x").is_err());
        assert!(char_ref("#+65").is_err());
        assert!(char_ref("#1").is_err());
        assert!(char_ref("#xD800").is_err());
        assert!(char_ref("#xFFFE").is_err());
    }

    #[test]
    fn internal_entities_expand_recursively() {
        let mut e = Entities::new(1000, false);
        e.declare_from_doctype(
            "rss [\n<!ENTITY a \"x&b;y\">\n<!ENTITY b 'B&#38;&#x3C;'>\n<!-- c -->\n<!ENTITY a \"ignored\">]",
        )
        .unwrap();
        // &#38; and &#x3C; are replaced at declaration: b's replacement text
        // is "B&<", which holds markup when used in content.
        assert_eq!(expand(&mut e, "a"), Err(EntityError::Markup("b".into())));
        let mut e = Entities::new(1000, false);
        e.declare_from_doctype("rss [<!ENTITY a \"x&b;y\"><!ENTITY b 'B&amp;'>]")
            .unwrap();
        assert_eq!(expand(&mut e, "a").as_deref(), Ok("xB&y"));
    }

    #[test]
    fn recursion_and_size_are_bounded() {
        let mut e = Entities::new(1000, false);
        e.declare_from_doctype("rss [<!ENTITY a \"&b;\"><!ENTITY b \"&a;\">]")
            .unwrap();
        assert!(matches!(
            expand(&mut e, "a"),
            Err(EntityError::Recursive(_))
        ));
        let mut e = Entities::new(100, false);
        e.declare_from_doctype(
            "rss [<!ENTITY a \"0123456789\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;\">]",
        )
        .unwrap();
        assert_eq!(expand(&mut e, "b").map(|s| s.len()), Ok(100));
        assert_eq!(expand(&mut e, "c"), Err(EntityError::TooLarge));
    }

    #[test]
    fn html_entities_only_when_lenient() {
        let mut lenient = Entities::new(100, true);
        let mut html = Vec::new();
        let mut out = String::new();
        lenient.resolve("nbsp", &mut out, &mut html).unwrap();
        assert_eq!(out, "\u{A0}");
        assert_eq!(html, ["nbsp"]);
        let mut strict = Entities::new(100, false);
        assert_eq!(
            expand(&mut strict, "nbsp"),
            Err(EntityError::Html("nbsp".into()))
        );
        assert_eq!(
            expand(&mut lenient, "bogus"),
            Err(EntityError::Undeclared("bogus".into()))
        );
    }

    #[test]
    fn an_external_dtd_declares_html_entities() {
        let mut e = Entities::new(100, false);
        e.declare_from_doctype(
            "rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\" \"http://my.netscape.com/publish/formats/rss-0.91.dtd\"",
        )
        .unwrap();
        let mut html = Vec::new();
        let mut out = String::new();
        e.resolve("eacute", &mut out, &mut html).unwrap();
        assert_eq!((out.as_str(), html.len()), ("\u{E9}", 0));
        assert!(matches!(
            expand(&mut e, "bogus"),
            Err(EntityError::Undeclared(_))
        ));
    }

    #[test]
    fn external_and_malformed_declarations() {
        let mut e = Entities::new(100, false);
        e.declare_from_doctype("rss [<!ENTITY x SYSTEM \"http://example.com/x\">]")
            .unwrap();
        assert_eq!(expand(&mut e, "x").as_deref(), Ok(""));
        assert_eq!(e.skipped, ["x"]);
        assert!(
            Entities::new(1, false)
                .declare_from_doctype("rss [<!ENTITY x \"a%b;\">]")
                .is_err()
        );
        assert!(
            Entities::new(1, false)
                .declare_from_doctype("rss [<!ENTITY x \"a>")
                .is_err()
        );
        assert!(
            Entities::new(1, false)
                .declare_from_doctype("rss [<!ENTITY 1x \"a\">]")
                .is_err()
        );
    }
}
