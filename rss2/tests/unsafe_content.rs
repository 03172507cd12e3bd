//! HTML in RSS text that is unsafe to show as it is (issue #29): scripts,
//! plug-ins, frames, event handlers, script URLs, and relative references,
//! each a warning with its own rule id, in both modes, with the W3C feed
//! validator's message where it has one.

use rss2::{ReadOptions, read};

fn feed_with_item(item: &str) -> String {
    format!(
        "<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" \
         xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><channel><title>t</title>\
         <link>http://example.jp/</link><description>d</description><item>{item}</item>\
         </channel></rss>"
    )
}

fn findings(xml: &str, strict: bool) -> Vec<(String, String, bool)> {
    let options = if strict {
        ReadOptions::strict()
    } else {
        ReadOptions::default()
    };
    let diagnostics = match read(xml.as_bytes(), &options) {
        Ok(parsed) => parsed.diagnostics,
        Err(rejected) => rejected.diagnostics,
    };
    diagnostics
        .into_iter()
        .map(|d| (d.rule.id.to_owned(), d.message.clone(), d.is_error()))
        .collect()
}

/// The issue's file: escaped HTML, as feeds carry it.
const ISSUE_ITEM: &str = "<title>x</title><description>&lt;script&gt;alert(1)&lt;/script&gt; \
    &lt;object data=\"x.swf\"&gt;&lt;/object&gt; &lt;img src=\"x\" onerror=\"alert(2)\"&gt;\
    </description><dc:date>yesterday</dc:date>";

#[test]
fn the_issue_file_gets_the_validators_four_warnings_and_its_error() {
    let found = findings(&feed_with_item(ISSUE_ITEM), false);
    let messages: Vec<(&str, &str)> = found
        .iter()
        .filter(|(id, ..)| id != "rss2/bad-w3cdtf-date")
        .map(|(id, m, _)| (id.as_str(), m.as_str()))
        .collect();
    assert_eq!(
        messages,
        [
            (
                "rss2/unsafe-element",
                "description should not contain script tag"
            ),
            (
                "rss2/unsafe-element",
                "description should not contain object tag"
            ),
            (
                "rss2/unsafe-attribute",
                "description should not contain onerror attribute"
            ),
            (
                "rss2/relative-reference",
                "description should not contain relative URL references (`x`): a feed has no base to resolve them against"
            ),
        ]
    );
    // The date is the W3C validator's error: a departure, so an error
    // when strict (a warning when lenient, as every recoverable date).
    let date = |found: &[(String, String, bool)]| {
        found
            .iter()
            .filter(|(id, ..)| id == "rss2/bad-w3cdtf-date")
            .map(|(_, _, error)| *error)
            .collect::<Vec<_>>()
    };
    assert_eq!(date(&found), [false]);
    // Warnings in both modes: RSS allows any HTML in a description.
    let strict = findings(&feed_with_item(ISSUE_ITEM), true);
    assert_eq!(date(&strict), [true]);
    assert!(
        strict
            .iter()
            .filter(|(id, ..)| id.starts_with("rss2/unsafe") || id == "rss2/relative-reference")
            .all(|(.., error)| !error)
    );
}

#[test]
fn embed_iframe_and_script_urls_in_content_encoded() {
    let item = "<title>x</title><content:encoded><![CDATA[<p>ok <a href=\"http://a.example/\">a</a>\
        <embed src=\"http://a.example/x.swf\"><IFRAME src='http://a.example/'></iframe>\
        <a href=\" JaVa&#x09;script:alert(3)\">b</a><a href='#top'>top</a></p>]]></content:encoded>";
    let found = findings(&feed_with_item(item), false);
    let ids: Vec<&str> = found.iter().map(|(id, ..)| id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "rss2/unsafe-element",
            "rss2/unsafe-element",
            "rss2/script-url",
            "rss2/relative-reference"
        ]
    );
    assert_eq!(found[0].1, "content:encoded should not contain embed tag");
    assert_eq!(found[1].1, "content:encoded should not contain iframe tag");
    assert_eq!(
        found[2].1,
        "content:encoded should not contain a javascript: URL (<a href>)"
    );
}

#[test]
fn safe_html_and_text_that_only_looks_like_html_are_quiet() {
    for description in [
        "&lt;p&gt;Hi &lt;a href=\"http://example.jp/\"&gt;you&lt;/a&gt;&lt;/p&gt;",
        "1 &lt; 2 and x &gt; y; onerror=1",
        "&lt;!-- &lt;script&gt; --&gt;&lt;b title='&lt;iframe&gt;'&gt;b&lt;/b&gt;",
        "a script, an object, javascript:void(0)",
    ] {
        let item = format!("<title>x</title><description>{description}</description>");
        assert_eq!(findings(&feed_with_item(&item), false), [], "{description}");
    }
}

#[test]
fn the_channel_description_is_checked_too() {
    let xml = "<rss version=\"2.0\"><channel><title>t</title><link>http://example.jp/</link>\
        <description>&lt;script src=x&gt;&lt;/script&gt;</description></channel></rss>";
    let ids: Vec<String> = findings(xml, false).into_iter().map(|f| f.0).collect();
    assert_eq!(ids, ["rss2/unsafe-element"]);
}

#[test]
fn urls_that_leak_or_deceive_are_warned_about_in_both_modes() {
    let item = "<title>x</title><link>http://user:password@example.com/secret</link>\
        <comments>http://cnn.example.com&amp;story=breaking_news@10.0.0.1/top_story.htm</comments>";
    for strict in [false, true] {
        let found = findings(&feed_with_item(item), strict);
        assert_eq!(
            found,
            [
                (
                    "rss2/url-password".to_owned(),
                    "link: the URL `http://user:password@example.com/secret` carries a password in its userinfo, readable by whoever reads this file (it goes to example.com)".to_owned(),
                    false
                ),
                (
                    "rss2/deceptive-url".to_owned(),
                    "comments: the URL `http://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm` starts with `cnn.example.com`, which looks like a host, but that is userinfo: it goes to 10.0.0.1".to_owned(),
                    false
                ),
            ]
        );
    }
}
