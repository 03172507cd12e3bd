//! URLs that leak a secret or deceive the reader (RFC 3986 §7.5, §7.6),
//! checked once here for every format's URL fields.
//!
//! - §7.5 Sensitive Information: "URI producers should not provide a URI
//!   that contains a username or password that is intended to be secret"
//!   (`http://user:password@example.com/`): whoever reads the file reads
//!   the password.
//! - §7.6 Semantic Attacks: userinfo "that is identical in appearance to
//!   a valid host name" makes the reader believe the URL goes there
//!   (`http://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm`
//!   goes to 10.0.0.1).
//!
//! Both are warnings in every mode: the URL is well formed, and the file
//! that carries it breaks no rule of its own format; the warning names the
//! host the URL really goes to. A format crate gives the two [`Rule`]s
//! (its own ids) in a [`UrlRiskRules`] and calls [`report_url_risks`].

use crate::Rule;

/// The rules a format reports the two risks under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UrlRiskRules {
    /// A password in the userinfo (§7.5).
    pub password: Rule,
    /// Userinfo that looks like a host name (§7.6).
    pub deceptive: Rule,
}

/// The section [`UrlRiskRules::password`] cites.
pub const SENSITIVE_INFORMATION: &str = "RFC 3986 §7.5 Sensitive Information";
/// The section [`UrlRiskRules::deceptive`] cites.
pub const SEMANTIC_ATTACKS: &str = "RFC 3986 §7.6 Semantic Attacks";

/// Calls `report` with the rule and message of each risk of `url` (at most
/// one: userinfo that deceives is reported as such, password or not). A
/// URL without `@` costs one byte scan; one that does not parse has none.
pub fn report_url_risks(url: &str, rules: &UrlRiskRules, mut report: impl FnMut(Rule, String)) {
    if memchr::memchr(b'@', url.as_bytes()).is_none() {
        return;
    }
    let Ok(parsed) = url::Url::parse(url) else {
        return;
    };
    let username = parsed.username();
    if username.is_empty() && parsed.password().is_none() {
        return;
    }
    let host = match (parsed.host_str(), parsed.port()) {
        (Some(host), Some(port)) => format!("{host}:{port}"),
        (Some(host), None) => host.to_owned(),
        (None, _) => return,
    };
    let userinfo = percent_decoded(username);
    if let Some(lookalike) = host_lookalike(&userinfo) {
        report(
            rules.deceptive,
            format!(
                "the URL `{url}` starts with `{lookalike}`, which looks like a host, but that is userinfo: it goes to {host}"
            ),
        );
    } else if parsed.password().is_some() {
        report(
            rules.password,
            format!(
                "the URL `{url}` carries a password in its userinfo, readable by whoever reads this file (it goes to {host})"
            ),
        );
    }
}

/// `text` with its `%XX` escapes decoded (the parser keeps userinfo
/// escaped; the reader of a URL sees `www%2Eexample%2Ecom` as a host too).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b, hex) {
            (b'%', Some(decoded)) => {
                out.push(decoded);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The start of `userinfo` that reads as a host name: two or more labels
/// of letters, digits and `-` joined by dots, the last alphabetic (a
/// top-level domain), or a dotted IPv4 address.
fn host_lookalike(userinfo: &str) -> Option<&str> {
    let end = userinfo
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .unwrap_or(userinfo.len());
    let candidate = userinfo.get(..end)?.trim_end_matches('.');
    let labels: Vec<&str> = candidate.split('.').collect();
    if labels.len() < 2 || labels.iter().any(|l| l.is_empty()) {
        return None;
    }
    let ipv4 = labels.len() == 4 && labels.iter().all(|l| l.parse::<u8>().is_ok());
    let last = labels.last()?;
    let domain = last.len() >= 2 && last.bytes().all(|b| b.is_ascii_alphabetic());
    (ipv4 || domain).then_some(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: UrlRiskRules = UrlRiskRules {
        password: Rule::new("t/url-password", SENSITIVE_INFORMATION),
        deceptive: Rule::new("t/deceptive-url", SEMANTIC_ATTACKS),
    };

    fn risks(url: &str) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        report_url_risks(url, &RULES, |rule, message| out.push((rule.id, message)));
        out
    }

    #[test]
    fn a_password_is_sensitive_information() {
        assert_eq!(
            risks("http://user:password@example.com/secret"),
            [(
                "t/url-password",
                "the URL `http://user:password@example.com/secret` carries a password in its userinfo, readable by whoever reads this file (it goes to example.com)".to_owned()
            )]
        );
    }

    #[test]
    fn userinfo_that_looks_like_a_host_is_a_semantic_attack() {
        assert_eq!(
            risks("http://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"),
            [(
                "t/deceptive-url",
                "the URL `http://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm` starts with `cnn.example.com`, which looks like a host, but that is userinfo: it goes to 10.0.0.1".to_owned()
            )]
        );
        assert_eq!(
            risks("http://www.example.com:80@evil.example:8080/")[0].0,
            "t/deceptive-url"
        );
        assert!(
            risks("http://192.168.0.1@evil.example/")[0]
                .1
                .contains("goes to evil.example")
        );
        assert!(
            risks("http://www%2Eexample%2Ecom@evil.example/")[0]
                .1
                .contains("`www.example.com`")
        );
    }

    #[test]
    fn plain_urls_and_plain_user_names_are_quiet() {
        for url in [
            "http://example.com/a@b",
            "mailto:me@example.com",
            "ftp://anonymous@ftp.example.com/",
            "http://user@example.com/",
            "not a url @ all",
            "http://example.com/?to=a@b.example",
        ] {
            assert_eq!(risks(url), [], "{url}");
        }
    }
}
