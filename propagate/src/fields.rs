//! The rules about a block's fields: which are reproduced, which are
//! dropped, and keeping the text as written ([`Entry::written`]) in step
//! with the parsed values.
//!
//! HINA-DI rev. 0.12 §Propagation: "When propagating, all fields of an
//! entity block defined in this specification, with the exception of
//! experimental and undefined fields or of fields with empty values, MUST
//! be reproduced without modification." Rev. 0.6 §8: "その内容を改変しては
//! ならない" (their content must not be modified).
//!
//! A block read from HINA-DI carries its fields as written; those are what
//! is published (`hina_di::from_feed` writes them verbatim), so every rule
//! here changes the written fields and the parsed values together.
#![allow(
    clippy::result_large_err,
    reason = "the Err is built once per dropped entry"
)]

use std::collections::HashSet;

use antenna_model::Entry;

use crate::report::Decision;
use crate::rules;
use crate::steps::At;

/// `true` when a value is empty for the grammar: nothing, or only SP and
/// HT. A `TOKEN` is "any TEXT, but don't start with SP or HT", so such a
/// value is no TOKEN at all. Any other white space (U+3000 IDEOGRAPHIC
/// SPACE, the full-width space of Japanese text) is TEXT like any other
/// character: a value of full-width spaces is a value, and is reproduced.
pub(crate) fn is_blank(value: &str) -> bool {
    value.trim_matches([' ', '\t']).is_empty()
}

/// HINA-DI rev. 0.12 §Propagation: defined fields "MUST be reproduced
/// without modification"; rev. 0.6 §8: a block from another agent is
/// output "必ずblock単位に" (always as a whole block).
///
/// A block with a defined field the reader could not understand (a date or
/// URL it cannot parse, see [`Entry::written`]) cannot be published
/// whole honestly: what the field says cannot be judged (is the block
/// expired? who authorized it?) nor its text checked against a value. So
/// the whole block is dropped, with the field and the reader's reason.
/// Fields with empty values do not count: the spec excepts them, and
/// [`drop_empty_fields`] drops them.
pub(crate) fn reproducible(entry: &Entry, at: At<'_>) -> Result<(), Decision> {
    let bad = entry
        .written
        .iter()
        .find(|f| f.problem.is_some() && !is_blank(f.value));
    match bad {
        Some(antenna_model::FieldRef {
            name,
            value,
            problem: Some(problem),
        }) => Err(at.drop(
            rules::UNREPRODUCIBLE,
            format!(
                "the block cannot be published whole: its {name} field `{value}` cannot be \
                 read ({problem})"
            ),
        )),
        _ => Ok(()),
    }
}

/// Drops the fields with empty values (see [`is_blank`]): HINA-DI rev.
/// 0.12 §Propagation excepts "fields with empty values" from reproduction.
///
/// A block read from HINA-DI (`as_written`) with fields as written drops
/// exactly the written fields whose value is blank, and the parsed values
/// they gave. Any other entry (LIRS, RSS, whose fields as written are at
/// most a URL; built in code) drops the blank text values: title, author,
/// content type, server, HINA-Version, keywords and extension values.
pub(crate) fn drop_empty_fields(
    entry: &mut Entry,
    as_written: bool,
    at: At<'_>,
    out: &mut Vec<Decision>,
) {
    if as_written && !entry.written.is_empty() {
        let blank: Vec<String> = entry
            .written
            .iter()
            .filter(|f| is_blank(f.value))
            .map(|f| f.name.to_owned())
            .collect();
        if blank.is_empty() {
            return;
        }
        entry.written.retain(|f| !is_blank(f.value));
        for name in &blank {
            clear_parsed(entry, name);
        }
        per_field(
            out,
            at,
            rules::EMPTY_FIELD,
            blank.iter().map(String::as_str),
            |name| format!("the empty {name} field is not reproduced"),
            |more| format!("{more} more empty fields are not reproduced"),
        );
        // The extensions the blank fields gave, in one pass over them (one
        // pass per blank field is quadratic in a block of many fields).
        if !entry.extensions.is_empty() {
            let names: HashSet<&str> = blank.iter().map(String::as_str).collect();
            entry.extensions.retain(|e| !names.contains(e.name));
        }
        return;
    }
    let blank = |v: &Option<String>| v.as_deref().is_some_and(is_blank);
    let fields: [(&str, &mut Option<String>); 5] = [
        ("Title", &mut entry.title),
        ("Author-Name", &mut entry.author),
        ("Content-Type", &mut entry.content_type),
        ("Server", &mut entry.server),
        ("HINA-Version", &mut entry.hina_version),
    ];
    for (name, value) in fields {
        if blank(value) {
            *value = None;
            out.push(at.change(
                rules::EMPTY_FIELD,
                format!("the empty {name} field is not reproduced"),
            ));
        }
    }
    let before = entry.keywords.len();
    entry.keywords.retain(|k| !is_blank(k));
    let removed = before - entry.keywords.len();
    if removed > 0 {
        out.push(at.change(
            rules::EMPTY_FIELD,
            format!("{removed} empty Keyword value(s) not reproduced"),
        ));
    }
    per_field(
        out,
        at,
        rules::EMPTY_FIELD,
        entry
            .extensions
            .iter()
            .filter(|e| is_blank(e.value))
            .map(|e| e.name),
        |name| format!("the empty {name} field is not reproduced"),
        |more| format!("{more} more empty fields are not reproduced"),
    );
    entry.extensions.retain(|e| !is_blank(e.value));
}

/// Forgets the parsed value a blank written field `name` gave, but for an
/// extension's (the caller drops those for all blank fields at once).
/// Fields not listed (dates, URLs, numbers) gave no value when blank.
fn clear_parsed(entry: &mut Entry, name: &str) {
    let is = |defined: &str| name.eq_ignore_ascii_case(defined);
    if is("Title") {
        entry.title = None;
    } else if is("Author-Name") {
        entry.author = None;
    } else if is("Content-Type") {
        entry.content_type = None;
    } else if is("Server") {
        entry.server = None;
    } else if is("HINA-Version") {
        entry.hina_version = None;
    } else if is("Keyword") {
        entry.keywords.clear();
    } else if is("Authorized")
        && let Some(agent) = &mut entry.authorized
    {
        agent.name.clear();
    }
}

/// HINA-DI rev. 0.12 §Propagation: "Propagating experimental or undefined
/// fields is not guaranteed." Rev. 0.6 §9.2 gives the example of agent B
/// that does not output them: "[hina-di B]には、[hina-di A]に含まれていた
/// Experimental-field、Undefined-fieldは含まれない。"
///
/// With [`Policy::keep_extensions`](crate::Policy::keep_extensions) off
/// (the default) every extension is dropped, one decision each, and so is
/// its written field; with it on they are kept as they are.
pub(crate) fn extensions(entry: &mut Entry, keep: bool, at: At<'_>, out: &mut Vec<Decision>) {
    if keep {
        return;
    }
    let extensions = std::mem::take(&mut entry.extensions);
    if extensions.is_empty() {
        return;
    }
    // Their written fields go in one pass over the block (one pass per
    // extension is quadratic in a block of many fields).
    let names: HashSet<&str> = extensions.iter().map(|e| e.name).collect();
    entry.written.retain(|f| !names.contains(f.name));
    per_field(
        out,
        at,
        rules::EXTENSION_DROPPED,
        extensions.iter().map(|e| e.name),
        |name| format!("the experimental or undefined field {name} is not propagated"),
        |more| format!("{more} more experimental or undefined fields are not propagated"),
    );
}

/// One decision of `rule` for each of the first [`DECISIONS_PER_RULE`]
/// fields `names` of one entry, and one that counts the rest (issue #28:
/// a block of 200,000 `X-` fields made 200,000 decisions, ~230 bytes each,
/// 20 times the block; diagnostics are capped per rule the same way,
/// [`SHOWN_PER_RULE`](antenna_model::render::sink::SHOWN_PER_RULE)).
fn per_field<'n>(
    out: &mut Vec<Decision>,
    at: At<'_>,
    rule: antenna_model::Rule,
    names: impl Iterator<Item = &'n str>,
    one: impl Fn(&str) -> String,
    rest: impl Fn(usize) -> String,
) {
    let mut more = 0;
    for (i, name) in names.enumerate() {
        if i < DECISIONS_PER_RULE {
            out.push(at.change(rule, one(name)));
        } else {
            more += 1;
        }
    }
    if more > 0 {
        out.push(at.change(rule, rest(more)));
    }
}

/// The most fields of one entry a rule reports one by one; the rest are
/// counted in one decision. The diagnostics' cap, for the same reason.
pub const DECISIONS_PER_RULE: usize = antenna_model::render::sink::SHOWN_PER_RULE;
