//! The rules of propagation, each with a stable id and the spec section it
//! comes from. Every [`Decision`](crate::Decision) names one of these.
//!
//! Spec references: "HINA-DI" is HINA 2.2 rev. 0.12 (English translation),
//! "HINA-DI 0.6" is rev. 0.6 (Japanese original), "LIRS" is LIRS 2.1.

use antenna_model::Rule;

/// A source's header block (its agent, date, title, ...) is not propagated.
pub const HEADER_NOT_PROPAGATED: Rule = Rule::new(
    "propagate/header-not-propagated",
    "HINA-DI §Propagation; HINA-DI 0.6 §9.1 伝播の対象",
);

/// An entry URL with userinfo (`http://www.example.com@evil.example/`) is
/// not propagated.
pub const USERINFO_URL: Rule =
    Rule::new("propagate/userinfo-url", "RFC 3986 §7.6 Semantic Attacks");

/// A block without both `Authorized` and `Authorized-url` is not propagated.
pub const MISSING_AUTHORIZED: Rule = Rule::new(
    "propagate/missing-authorized",
    "HINA-DI §Propagation; HINA-DI 0.6 §8 meta dataの正当性の保証",
);

/// An entry of a LIRS or RSS source, formats without `Authorized` fields,
/// is vouched for by the agent that produced the source.
pub const VOUCHED_BY_SOURCE: Rule = Rule::new(
    "propagate/vouched-by-source",
    "HINA-DI §Propagation; HINA-DI 0.6 §8 meta dataの正当性の保証",
);

/// A block whose `Authorized` agent is not trusted is not propagated.
pub const UNTRUSTED_AGENT: Rule = Rule::new(
    "propagate/untrusted-agent",
    "HINA-DI §Propagation; HINA-DI 0.6 §8 meta dataの正当性の保証",
);

/// A block whose `Expires` date has passed is not propagated.
pub const EXPIRED: Rule = Rule::new(
    "propagate/expired",
    "HINA-DI §Expires; HINA-DI 0.6 §5.8 Expires",
);

/// A LIRS record whose Last-Modified or Last-Detected is unknown (zero) is
/// unusable.
pub const UNUSABLE: Rule = Rule::new(
    "propagate/unusable",
    "LIRS 2.1 §3.1 Last-Modified, §3.2 Last-Detected",
);

/// A LIRS record last detected more than 28800 seconds ago is discarded.
pub const STALE: Rule = Rule::new(
    "propagate/stale",
    "LIRS 2.1 §3.2 Last-Detected, §4 Best Practices",
);

/// Blocks for one URL from several agents are not mixed: one wins whole,
/// the others are dropped.
pub const SUPERSEDED: Rule = Rule::new(
    "propagate/superseded",
    "HINA-DI 0.6 §8 meta dataの正当性の保証",
);

/// A field with an empty value is not reproduced.
pub const EMPTY_FIELD: Rule = Rule::new("propagate/empty-field", "HINA-DI §Propagation");

/// Experimental (`X-`) and undefined fields are dropped unless the policy
/// keeps them. A caller whose writer cannot hold a kept one (a LIRS
/// extension in a HINA-DI block) reports its loss under this rule too.
pub const EXTENSION_DROPPED: Rule = Rule::new(
    "propagate/extension-dropped",
    "HINA-DI §Propagation, §Experimental fields, §Undefined fields; HINA-DI 0.6 §9.2 伝播の未保証",
);

/// The file an entry was taken from is recorded as its LIRS Source URL.
pub const SOURCE_URL_RECORDED: Rule =
    Rule::new("propagate/source-url-recorded", "LIRS §3.8 Source URL");

/// A block without `Method` is published without one: this hop alone
/// would be a bare `REMOTE`, which the grammar (a result code is required)
/// does not allow.
pub const METHOD_MISSING: Rule = Rule::new("propagate/method-missing", "HINA-DI §Method");

/// An append-style chain (`GET/200/REMOTE`) is read in the spec's order
/// (`REMOTE/GET/200`) before the hop is added.
pub const METHOD_APPEND_STYLE: Rule = Rule::new("propagate/method-append-style", "HINA-DI §Method");

/// A chain the grammar accepts only in another spelling (`get/200`, white
/// space before a slash) is published in the spec's (`REMOTE/GET/200`).
pub const METHOD_RESPELLED: Rule = Rule::new("propagate/method-respelled", "HINA-DI §Method");

/// A `Method` that is no chain of the grammar even with the hop (no result
/// code, an unknown method type) is not published; the rest of the block is.
pub const METHOD_UNUSABLE: Rule = Rule::new("propagate/method-unusable", "HINA-DI §Method");

/// A block with a defined field whose value cannot be read (a date, a URL)
/// cannot be published whole, and is dropped whole.
pub const UNREPRODUCIBLE: Rule = Rule::new(
    "propagate/unreproducible",
    "HINA-DI §Propagation; HINA-DI 0.6 §8 meta dataの正当性の保証",
);

/// A `Virtual` block was replaced by the block the file it names holds.
pub const VIRTUAL_RESOLVED: Rule = Rule::new("propagate/virtual-resolved", "HINA-DI §Virtual");

/// A `Virtual` block could not be resolved (no such file, no block for the
/// URL in it, a loop, or the depth limit) and propagates as it is.
pub const VIRTUAL_UNRESOLVED: Rule = Rule::new("propagate/virtual-unresolved", "HINA-DI §Virtual");

/// Every rule of this crate, for tools that list them.
pub const ALL: &[Rule] = &[
    HEADER_NOT_PROPAGATED,
    USERINFO_URL,
    MISSING_AUTHORIZED,
    VOUCHED_BY_SOURCE,
    UNTRUSTED_AGENT,
    EXPIRED,
    UNUSABLE,
    STALE,
    SUPERSEDED,
    EMPTY_FIELD,
    EXTENSION_DROPPED,
    SOURCE_URL_RECORDED,
    METHOD_MISSING,
    METHOD_APPEND_STYLE,
    METHOD_RESPELLED,
    METHOD_UNUSABLE,
    UNREPRODUCIBLE,
    VIRTUAL_RESOLVED,
    VIRTUAL_UNRESOLVED,
];

#[cfg(test)]
mod tests {
    use super::ALL;

    #[test]
    fn every_rule_cites_real_sections() {
        if let Err(problems) =
            antenna_model::citation::check_rules("propagate", ALL, include_str!("rules.rs"))
        {
            panic!("{}", problems.join("\n"));
        }
    }
}
