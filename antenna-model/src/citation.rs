//! The section headings of the specifications that rules cite, and a check
//! that a citation names real ones.
//!
//! Every [`Rule`] cites the section its finding breaks, written
//!
//! ```text
//! citation = part *( "; " part )
//! part     = spec-name " " section *( ", " section )
//! section  = "§" heading [ " (" note ")" ]
//! ```
//!
//! where `spec-name` is one of a [`Spec`]'s names and `heading` one of its
//! headings exactly, e.g. `LIRS 2.1 §3.5 URL` or
//! `HINA-DI 2.2 rev. 0.12 §URL; rev. 0.6 §5.3 URL`. [`check`] holds a
//! citation to that; each format crate's tests run it over every rule it
//! defines, so that no diagnostic cites a section that does not exist.
//!
//! Headings are facts about the documents, copied here once; the spec texts
//! are not part of the repository. Where each table comes from is written
//! beside it. Numbered headings are written as `<number> <title>`, without
//! the dot some documents put after the number.
//!
//! ```
//! use antenna_model::citation;
//!
//! assert!(citation::check("LIRS 2.1 §3.5 URL").is_ok());
//! assert!(citation::check("LIRS 2.1 §3.5 Location").is_err());
//! ```

use crate::Rule;

/// One specification: the names a citation may call it by, and its headings.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// The names a citation part may start with (the first is the full one).
    pub names: &'static [&'static str],
    /// Every section heading of the document, as cited.
    pub headings: &'static [&'static str],
}

/// HINA-DI 2.2 rev. 0.12, the English translation
/// (`hina-di-2.2-rev0.12.en.md`: its `##`, `###` and `####` headings).
pub const HINA_DI_REV_0_12: Spec = Spec {
    names: &["HINA-DI 2.2 rev. 0.12", "HINA-DI"],
    headings: &[
        "Overview",
        "Conventions used in this document",
        "Data Types",
        "Structure",
        "Block",
        "Header block",
        "Entity block",
        "Fields",
        "HINA",
        "User-Agent",
        "URL",
        "HINA-Version",
        "Virtual",
        "Content-Type",
        "Date",
        "Title",
        "Author-Name",
        "Expires",
        "Expire",
        "Last-Modified",
        "Last-Modified-Detected",
        "Server",
        "Authorized",
        "Authorized-url",
        "Method",
        "Method types",
        "Example",
        "Keyword",
        "Image-Width",
        "Image-Height",
        "Experimental fields",
        "Undefined fields",
        "Encoding",
        "Propagation",
    ],
};

/// HINA-DI 2.2 rev. 0.6, the Japanese original
/// (`hina-di-2.2-rev0.6.ja.txt`: its numbered headings).
pub const HINA_DI_REV_0_6: Spec = Spec {
    names: &["HINA-DI 2.2 rev. 0.6", "rev. 0.6", "HINA-DI 0.6"],
    headings: &[
        "1 概要",
        "2 hina-diとは",
        "3 データ構造",
        "3.1 BNF",
        "3.2 データタイプ",
        "4 hina-diの構成",
        "4.1 Block",
        "4.2 Header-block",
        "4.3 Entity-block",
        "5 定義field",
        "5.1 HINA",
        "5.2 User-Agent",
        "5.3 URL",
        "5.4 Content-Type",
        "5.5 Date",
        "5.6 Title",
        "5.7 Author-Name",
        "5.8 Expires",
        "5.9 Expire",
        "5.10 Last-Modified",
        "5.11 Last-Modified-Detected",
        "5.12 Server",
        "5.13 Authorized",
        "5.14 Authorized-url",
        "5.15 Method",
        "5.16 Keyword",
        "6 Experimental-field",
        "7 Undefined-field",
        "8 meta dataの正当性の保証",
        "9 meta dataの伝播",
        "9.1 伝播の対象",
        "9.2 伝播の未保証",
    ],
};

/// LIRS 2.1 (RFB 4, `lirs-2.1.en.txt`: its table of contents).
pub const LIRS_2_1: Spec = Spec {
    names: &["LIRS 2.1", "LIRS"],
    headings: &[
        "1 Introduction",
        "1.1 Notational Conventions",
        "2 Format",
        "3 Fields",
        "3.1 Last-Modified",
        "3.2 Last-Detected",
        "3.3 Time difference",
        "3.4 Content-Length",
        "3.5 URL",
        "3.6 Title",
        "3.7 Author name",
        "3.8 Source URL",
        "3.9 Extension",
        "4 Best Practices",
        "5 Example",
        "6 Security Considerations",
        "7 Internationalization Considerations",
        "8 Privacy Considerations",
        "9 BANANA Considerations",
        "10 References",
    ],
};

/// RSS 2.0.1, by the English headings of which `rss-2.0.zh.txt` is a
/// translation (its table of contents and sub-element headings, in order:
/// 什么是 RSS?, 样本文件, 关于本文档, 必需的频道元素, 可选的频道元素,
/// \<item\>的元素, 注释, RSS的扩展, 发展方向, 许可协议和作者; the
/// sub-elements of \<channel\> and of \<item\>).
pub const RSS_2_0_1: Spec = Spec {
    names: &["RSS 2.0.1"],
    headings: &[
        "What is RSS?",
        "Sample files",
        "About this document",
        "Required channel elements",
        "Optional channel elements",
        "Elements of <item>",
        "Comments",
        "Extending RSS",
        "Roadmap",
        "License and authorship",
        "<image> sub-element of <channel>",
        "<cloud> sub-element of <channel>",
        "<ttl> sub-element of <channel>",
        "<textInput> sub-element of <channel>",
        "<source> sub-element of <item>",
        "<enclosure> sub-element of <item>",
        "<category> sub-element of <item>",
        "<pubDate> sub-element of <item>",
        "<guid> sub-element of <item>",
        "<comments> sub-element of <item>",
        "<author> sub-element of <item>",
    ],
};

/// RFC 3986, the sections rules cite, from the RFC's table of contents
/// (`rfc3986-uri-notes.ja.txt` is a digest without section numbers).
pub const RFC_3986: Spec = Spec {
    names: &["RFC 3986"],
    headings: &[
        "3.2.1 User Information",
        "4.2 Relative Reference",
        "5.1 Establishing a Base URI",
        "7 Security Considerations",
        "7.1 Reliability and Consistency",
        "7.2 Malicious Construction",
        "7.3 Back-End Transcoding",
        "7.4 Rare IP Address Formats",
        "7.5 Sensitive Information",
        "7.6 Semantic Attacks",
    ],
};

/// XML 1.0 (Fifth Edition), the sections rules cite, from the
/// recommendation's table of contents (no XML text is in the specs folder).
pub const XML_1_0: Spec = Spec {
    names: &["XML 1.0"],
    headings: &[
        "2.1 Well-Formed XML Documents",
        "2.2 Characters",
        "2.4 Character Data and Markup",
        "2.8 Prolog and Document Type Declaration",
        "4.1 Character and Entity References",
        "4.2 Entity Declarations",
        "4.3.3 Character Encoding in Entities",
    ],
};

/// Namespaces in XML 1.0 (Third Edition), the sections rules cite, from
/// the recommendation's table of contents.
pub const XML_NAMES_1_0: Spec = Spec {
    names: &["Namespaces in XML 1.0"],
    headings: &["3 Declaring Namespaces", "5 Using Qualified Names"],
};

/// Every specification a rule may cite.
pub const SPECS: &[Spec] = &[
    HINA_DI_REV_0_12,
    HINA_DI_REV_0_6,
    LIRS_2_1,
    RSS_2_0_1,
    RFC_3986,
    XML_1_0,
    XML_NAMES_1_0,
];

/// Checks that `citation` follows the grammar above and that each section
/// it names is a heading of the spec it names; the error says which is not.
pub fn check(citation: &str) -> Result<(), String> {
    for part in citation.split("; ") {
        let (name, mut rest) = part
            .split_once(" §")
            .ok_or_else(|| format!("`{part}` names no section (`<spec> §<heading>`)"))?;
        let spec = SPECS
            .iter()
            .find(|s| s.names.contains(&name))
            .ok_or_else(|| format!("`{name}` is not a known specification"))?;
        loop {
            let end = rest.find(" (").into_iter().chain(rest.find(", §")).min();
            let heading = &rest[..end.unwrap_or(rest.len())];
            if !spec.headings.contains(&heading) {
                return Err(format!("`{heading}` is not a heading of {name}"));
            }
            rest = &rest[heading.len()..];
            if let Some(noted) = rest.strip_prefix(" (") {
                let close =
                    closing_paren(noted).ok_or_else(|| format!("an unclosed note in `{part}`"))?;
                rest = &noted[close + 1..];
            }
            if rest.is_empty() {
                break;
            }
            rest = rest
                .strip_prefix(", §")
                .ok_or_else(|| format!("`{rest}` after a section in `{part}`"))?;
        }
    }
    Ok(())
}

/// The index of the `)` that closes a note whose `(` was just before `text`.
fn closing_paren(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Some(i),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Checks a crate's rule table: each citation by [`check`], ids of the form
/// `<prefix>/<kebab-case>`, no (id, citation) pair twice, and as many
/// entries as `source` (the text of the crate's `rules.rs`) defines
/// `pub const NAME: Rule` constants, so that a new rule cannot be left out
/// of the table. Returns every problem found.
pub fn check_rules(prefix: &str, all: &[Rule], source: &str) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    for rule in all {
        if let Err(e) = check(rule.spec) {
            problems.push(format!("{}: {e}", rule.id));
        }
        let kebab = rule
            .id
            .strip_prefix(prefix)
            .and_then(|n| n.strip_prefix('/'));
        if !kebab.is_some_and(|n| {
            !n.is_empty()
                && n.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        }) {
            problems.push(format!("{}: not `{prefix}/<kebab-case>`", rule.id));
        }
    }
    for (i, rule) in all.iter().enumerate() {
        if all.iter().take(i).any(|r| r == rule) {
            problems.push(format!("{} ({}) is listed twice", rule.id, rule.spec));
        }
    }
    let defined = source
        .lines()
        .filter(|line| {
            line.strip_prefix("pub const ")
                .and_then(|l| l.split_once(':'))
                .is_some_and(|(name, ty)| {
                    !name.contains(' ') && ty.trim_start().starts_with("Rule ")
                })
        })
        .count();
    if defined != all.len() {
        problems.push(format!(
            "rules.rs defines {defined} `pub const _: Rule`s, ALL lists {}",
            all.len()
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_headings_pass() {
        for ok in [
            "LIRS 2.1 §3.5 URL",
            "HINA-DI 2.2 rev. 0.12 §URL; rev. 0.6 §5.3 URL",
            "RSS 2.0.1 §Optional channel elements (pubDate: RFC 822)",
            "RSS 2.0.1 §<ttl> sub-element of <channel>, §<cloud> sub-element of <channel>",
            "XML 1.0 §4.1 Character and Entity References (WFC: Entity Declared (here))",
            crate::url_risk::SENSITIVE_INFORMATION,
            crate::url_risk::SEMANTIC_ATTACKS,
        ] {
            assert_eq!(check(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn made_up_sections_fail() {
        for bad in [
            "RSS 2.0.1 §<enclosure>",
            "RSS 2.0.1 §skipHours",
            "LIRS 2.1 §7 Internationalization",
            "LIRS 2.1 §3.1-§3.4",
            "HINA-DI 2.2 rev. 0.12 §URL; rev. 0.6 §3.2",
            "LIRS 2.1 §2 Format; real-world notes",
            "RFC 2616 §3.3",
            "RSS 2.0.1 §What is RSS? (unclosed",
            "RSS 2.0.1 §What is RSS? trailing",
        ] {
            assert!(check(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn rule_tables_are_checked() {
        const A: Rule = Rule::new("t/a-rule", "LIRS 2.1 §2 Format");
        const B: Rule = Rule::new("t/b", "LIRS 2.1 §2");
        let source = "pub const A: Rule = x;\npub const B: Rule =\npub const ALL: &[Rule] = &[];\n";
        assert_eq!(check_rules("t", &[A, B], source).unwrap_err().len(), 1);
        assert_eq!(check_rules("t", &[A], source).unwrap_err().len(), 1);
        assert_eq!(check_rules("u", &[A, A], "").unwrap_err().len(), 4);
        assert_eq!(check_rules("t", &[A], "pub const A: Rule = x;"), Ok(()));
    }
}
