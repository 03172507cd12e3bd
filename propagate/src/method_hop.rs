//! The one field propagation changes: `Method`.
//!
//! HINA-DI rev. 0.12 §Propagation: "The `Method` field MUST be processed
//! according to the process described in the Method section." §Method:
//!
//! ```text
//! Method = "Method" SEPARATOR method-type *(SLASH method-type) (SLASH result-code)
//! ```
//!
//! and its example `REMOTE/REMOTE/GET/200`: "A second user agent retrieved
//! the first user agent's Hina-Di file, then propagated it to its own file
//! (`REMOTE`)." So each hop adds `REMOTE` at the front, and a chain always
//! ends in the result code of the first retrieval.

use antenna_model::{Entry, MethodChain, MethodType};

use crate::report::{Action, Decision};
use crate::rules;
use crate::steps::At;

/// Adds this antenna's `REMOTE` hop to the block's `Method`, in the parsed
/// chain and in the field as written.
///
/// - A chain of the grammar gets `REMOTE/` in front of its text as written;
///   this is the spec's own process and is not reported.
/// - An append-style chain (`GET/200/REMOTE`: some real writers added
///   their hop at the end) is read in the spec's order (`REMOTE/GET/200`)
///   before the hop is added, and that is reported
///   ([`rules::METHOD_APPEND_STYLE`]): prefixing it as it is would give
///   `REMOTE/GET/200/REMOTE`, which says something else and which the
///   grammar rejects (a method type after the result code).
/// - A chain the lenient reader took in another spelling (`get/200`) is
///   published in the spec's, `REMOTE/GET/200`, and that is reported
///   ([`rules::METHOD_RESPELLED`]): `REMOTE/get/200` is no chain of the
///   grammar (its method types are upper-case).
/// - A block without `Method` is published without one, and that is noted
///   ([`rules::METHOD_MISSING`]). This hop alone would be a bare `REMOTE`,
///   and the grammar requires a result code, which is not known and is
///   not invented.
/// - A chain that would still not be of the grammar after the hop (no
///   result code, a method type outside GET, HEAD, FILE and REMOTE) is not
///   published: the `Method` field is dropped, and that is reported
///   ([`rules::METHOD_UNUSABLE`]). The rest of the block is reproduced.
///
/// So every published `Method` passes the strict grammar.
pub(crate) fn add_remote_hop(entry: &mut Entry, at: At<'_>) -> Option<Decision> {
    let Some(chain) = entry.method.clone() else {
        entry.written.retain(|f| !is_method(f.name));
        return Some(
            at.decide(
                rules::METHOD_MISSING,
                Action::Noted,
                "the block has no Method, and none is written: this hop alone would be a bare \
             REMOTE, and the Method grammar requires a result code, which is not known"
                    .to_owned(),
            ),
        );
    };
    let shown = entry
        .written
        .iter()
        .find(|f| is_method(f.name))
        .map_or_else(|| chain.to_string(), |f| f.value.to_owned());
    // The text as written with the hop in front, when that is a chain of
    // the grammar: the field changes by exactly `REMOTE/`.
    let prefixed = format!("REMOTE/{shown}");
    if MethodChain::parse_strict(&prefixed).is_ok() {
        set(entry, chain.propagated(), prefixed);
        return None;
    }
    let (base, append_style) = match append_style(&chain) {
        Some(reordered) => (reordered, true),
        None => (chain, false),
    };
    let next = base.propagated();
    let text = next.to_string();
    if MethodChain::parse_strict(&text).is_err() {
        entry.method = None;
        entry.written.retain(|f| !is_method(f.name));
        return Some(at.change(
            rules::METHOD_UNUSABLE,
            format!(
                "the Method `{shown}` is not a chain of GET, HEAD, FILE or REMOTE ending in a \
                 result code, nor would `REMOTE/{shown}` be; the Method field is not published"
            ),
        ));
    }
    set(entry, next, text.clone());
    if append_style {
        Some(at.change(
            rules::METHOD_APPEND_STYLE,
            format!(
                "the append-style Method `{shown}` (hops added at the end) is read in the \
                 spec's order as `{base}`; published as `{text}`"
            ),
        ))
    } else {
        Some(at.change(
            rules::METHOD_RESPELLED,
            format!("the Method `{shown}` is published in the spec's spelling as `{text}`"),
        ))
    }
}

fn is_method(name: &str) -> bool {
    name.eq_ignore_ascii_case("Method")
}

/// Puts `chain` in the entry and `text` in its written `Method` field (or
/// a new one, when the block has fields as written but no `Method`).
fn set(entry: &mut Entry, chain: MethodChain, text: String) {
    entry.method = Some(chain);
    if entry.written.is_empty() {
        return;
    }
    match entry.written.position("Method") {
        Some(index) => entry.written.set_value(index, &text),
        None => entry.written.push("Method", &text),
    }
}

/// `GET/200/REMOTE` (method types, a result code, then one or more
/// `REMOTE`s that writers appended) as the spec orders it,
/// `REMOTE/GET/200`; `None` for any other shape.
fn append_style(chain: &MethodChain) -> Option<MethodChain> {
    if chain.result().is_some() {
        return None;
    }
    let steps = chain.steps();
    let code_at = steps
        .iter()
        .position(|s| matches!(s, MethodType::Other(t) if t.bytes().all(|b| b.is_ascii_digit())))?;
    let (before, after) = steps.split_at(code_at);
    let (code, appended) = after.split_first()?;
    let MethodType::Other(code) = code else {
        return None;
    };
    let all_remote = appended.iter().all(|s| *s == MethodType::Remote);
    if before.is_empty() || appended.is_empty() || !all_remote {
        return None;
    }
    let mut reordered = appended.to_vec();
    reordered.extend(before.iter().cloned());
    MethodChain::from_parts(reordered, Some(code.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn append_style_is_read_in_the_spec_order() {
        let chain = MethodChain::parse("GET/200/REMOTE/REMOTE").unwrap();
        assert_eq!(
            append_style(&chain).map(|c| c.to_string()).as_deref(),
            Some("REMOTE/REMOTE/GET/200")
        );
        for other in ["REMOTE/GET/200", "GET", "GET/200/RSS", "200/REMOTE"] {
            let chain = MethodChain::parse(other).unwrap();
            assert_eq!(append_style(&chain), None, "{other}");
        }
    }
}
