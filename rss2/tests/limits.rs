//! The reader's limits that README.md's "Limits" table lists and no other
//! test hits: each one reached, and the diagnostic that says so.

use rss2::{ReadOptions, read};

/// A feed whose `<rss>` declares `n` namespace prefixes.
fn declaring(n: usize) -> String {
    let mut input = String::from("<rss version=\"2.0\"");
    for i in 0..n {
        input.push_str(&format!(" xmlns:p{i}=\"urn:example:{i}\""));
    }
    input.push_str("><channel><title>t</title><link>http://x.example/</link><description>d</description></channel></rss>");
    input
}

#[test]
fn more_than_128_namespace_bindings_are_refused_with_the_limit_named() {
    // quick-xml's DEFAULT_MAX_NAMESPACE_BINDINGS: 128 in scope at once.
    assert!(read(declaring(128).as_bytes(), &ReadOptions::default()).is_ok());
    let rejected = read(declaring(129).as_bytes(), &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/not-well-formed");
    assert!(
        rejected
            .to_string()
            .contains("more than 128 namespace bindings in scope"),
        "{rejected}"
    );
}

#[test]
fn the_nesting_limit_is_256_by_default() {
    let nest = |levels: usize| {
        // `<rss>` and `<channel>` are two levels; the rest are extension
        // elements inside the channel.
        let mut input = String::from(
            "<rss version=\"2.0\"><channel><title>t</title><link>http://x.example/</link><description>d</description>",
        );
        input.push_str("<x:a xmlns:x=\"urn:x\">");
        input.push_str(&"<x:a>".repeat(levels - 3));
        input.push_str(&"</x:a>".repeat(levels - 2));
        input.push_str("</channel></rss>");
        input
    };
    assert!(read(nest(256).as_bytes(), &ReadOptions::default()).is_ok());
    let rejected = read(nest(257).as_bytes(), &ReadOptions::default()).unwrap_err();
    assert_eq!(rejected.diagnostics[0].rule.id, "rss2/too-deep");
    assert!(rejected.to_string().contains("deeper than 256 levels"));
}
