//! Dates as the W3C feed validator checks them: RFC 822 (RSS 2.0.1
//! §Elements of <item>, pubDate: "conforms to the Date and Time
//! Specification of RFC 822").

use rss2::{ReadOptions, read};

fn feed_with_pub_date(date: &str) -> String {
    format!(
        "<rss version=\"2.0\"><channel><title>t</title><link>http://example.jp/</link>\
         <description>d</description><item><title>i</title><pubDate>{date}</pubDate></item>\
         </channel></rss>"
    )
}

#[test]
fn jst_is_read_as_plus_nine_hours_with_a_warning() {
    // RFC 822 §5.1's zones are UT, GMT, the US zones, military letters and
    // +hhmm; JST is not one (the validator: "pubDate must be an RFC-822
    // date-time"). Japanese writers meant +09:00.
    let xml = feed_with_pub_date("Fri, 06 Sep 2002 21:34:56 JST");
    let parsed = read(xml.as_bytes(), &ReadOptions::default()).unwrap();
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, ["rss2/bad-date"]);
    assert!(parsed.diagnostics[0].message.contains("JST"));
    assert!(read(xml.as_bytes(), &ReadOptions::strict()).is_err());
}

#[test]
fn rfc_822_zones_pass_without_a_word() {
    for date in [
        "Fri, 06 Sep 2002 21:34:56 +0900",
        "Fri, 06 Sep 2002 12:34:56 GMT",
        "Fri, 06 Sep 2002 08:34:56 EDT",
        "06 Sep 02 12:34:56 UT",
    ] {
        let xml = feed_with_pub_date(date);
        let parsed = read(xml.as_bytes(), &ReadOptions::strict())
            .unwrap_or_else(|r| panic!("{date}: {:?}", r.diagnostics));
        assert!(parsed.diagnostics.is_empty(), "{date}");
    }
}
