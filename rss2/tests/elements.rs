//! Every element of RSS 2.0.1, read from a file that uses them all; values
//! expected as the spec's examples write them.

use rss2::{ReadOptions, TextInputSpelling, read};

fn lenient(input: &str) -> rss2::Parsed<rss2::Document> {
    read(input.as_bytes(), &ReadOptions::default()).unwrap()
}

fn ids(diagnostics: &[antenna_model::Diagnostic]) -> Vec<&'static str> {
    diagnostics.iter().map(|d| d.rule.id).collect()
}

const FULL: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
 <channel>
  <title>GoUpstate.com News Headlines</title>
  <link>http://www.goupstate.com/</link>
  <description>The latest news from GoUpstate.com, a Spartanburg Herald-Journal Web site.</description>
  <language>en-us</language>
  <copyright>Copyright 2002, Spartanburg Herald-Journal</copyright>
  <managingEditor>geo@herald.com (George Matesky)</managingEditor>
  <webMaster>betty@herald.com (Betty Guernsey)</webMaster>
  <pubDate>Sat, 07 Sep 2002 00:00:01 GMT</pubDate>
  <lastBuildDate>Sat, 07 Sep 2002 09:42:31 GMT</lastBuildDate>
  <category>Newspapers</category>
  <category domain="Syndic8">1765</category>
  <generator>MightyInHouse Content System v2.3</generator>
  <docs>http://blogs.law.harvard.edu/tech/rss</docs>
  <cloud domain="rpc.sys.com" port="80" path="/RPC2" registerProcedure="pingMe" protocol="soap"/>
  <ttl>60</ttl>
  <image>
   <url>http://www.goupstate.com/logo.gif</url>
   <title>GoUpstate.com</title>
   <link>http://www.goupstate.com/</link>
   <width>144</width>
   <height>400</height>
   <description>Logo</description>
  </image>
  <rating>(PICS-1.1 "http://www.classify.org/safesurf/" l r (SS~~000 1))</rating>
  <textInput>
   <title>Search</title>
   <description>Search the archive</description>
   <name>q</name>
   <link>http://www.goupstate.com/search</link>
  </textInput>
  <skipHours><hour>0</hour><hour>23</hour></skipHours>
  <skipDays><day>Saturday</day><day>Sunday</day></skipDays>
  <item>
   <title>Venice Film Festival Tries to Quit Sinking</title>
   <link>http://nytimes.com/2004/12/07FEST.html</link>
   <description>Some of the most heated chatter at the Venice Film Festival this week was about the way that the arrival of the stars at the Palazzo del Cinema was being staged.</description>
   <author>lawyer@boyer.net (Lawyer Boyer)</author>
   <category domain="http://www.fool.com/cusips">MSFT</category>
   <comments>http://www.myblog.org/cgi-local/mt/mt-comments.cgi?entry_id=290</comments>
   <enclosure url="http://www.scripting.com/mp3s/weatherReportSuite.mp3" length="12216320" type="audio/mpeg" />
   <guid isPermaLink="true">http://inessential.com/2002/09/01.php#a2</guid>
   <pubDate>Sun, 19 May 2002 15:21:36 GMT</pubDate>
   <source url="http://www.tomalak.org/links2.xml">Tomalak's Realm</source>
  </item>
 </channel>
</rss>"#;

#[test]
fn every_channel_element() {
    let parsed = lenient(FULL);
    assert_eq!(ids(&parsed.diagnostics), Vec::<&str>::new());
    let c = &parsed.document.channel;
    assert_eq!(parsed.document.version.as_deref(), Some("2.0"));
    assert_eq!(c.title.as_deref(), Some("GoUpstate.com News Headlines"));
    assert_eq!(c.link.as_deref(), Some("http://www.goupstate.com/"));
    assert_eq!(c.language.as_deref(), Some("en-us"));
    assert_eq!(
        c.copyright.as_deref(),
        Some("Copyright 2002, Spartanburg Herald-Journal")
    );
    assert_eq!(
        c.managing_editor.as_deref(),
        Some("geo@herald.com (George Matesky)")
    );
    assert_eq!(
        c.web_master.as_deref(),
        Some("betty@herald.com (Betty Guernsey)")
    );
    assert_eq!(c.pub_date.as_deref(), Some("Sat, 07 Sep 2002 00:00:01 GMT"));
    assert_eq!(
        c.last_build_date_parsed().unwrap().timestamp.to_string(),
        "2002-09-07T09:42:31Z"
    );
    assert_eq!(c.categories.len(), 2);
    assert_eq!(c.categories[0].domain, None);
    assert_eq!(c.categories[1].domain.as_deref(), Some("Syndic8"));
    assert_eq!(c.categories[1].value, "1765");
    assert_eq!(
        c.generator.as_deref(),
        Some("MightyInHouse Content System v2.3")
    );
    assert_eq!(
        c.docs.as_deref(),
        Some("http://blogs.law.harvard.edu/tech/rss")
    );
    let cloud = c.cloud.as_ref().unwrap();
    assert_eq!(cloud.domain.as_deref(), Some("rpc.sys.com"));
    assert_eq!(cloud.port.as_deref(), Some("80"));
    assert_eq!(cloud.path.as_deref(), Some("/RPC2"));
    assert_eq!(cloud.register_procedure.as_deref(), Some("pingMe"));
    assert_eq!(cloud.protocol.as_deref(), Some("soap"));
    assert_eq!(c.ttl_minutes(), Some(60));
    let image = c.image.as_ref().unwrap();
    assert_eq!(image.width_pixels(), Some(144));
    assert_eq!(image.height_pixels(), Some(400));
    assert_eq!(image.description.as_deref(), Some("Logo"));
    assert!(c.rating.as_deref().unwrap().starts_with("(PICS-1.1"));
    let input = c.text_input.as_ref().unwrap();
    assert_eq!(input.name.as_deref(), Some("q"));
    assert_eq!(input.spelling, TextInputSpelling::TextInput);
    assert_eq!(
        c.skip_hours.as_deref(),
        Some(&["0".to_owned(), "23".to_owned()][..])
    );
    assert_eq!(c.skip_hours_parsed(), vec![0, 23]);
    assert_eq!(c.skip_days.as_ref().unwrap(), &["Saturday", "Sunday"]);
}

#[test]
fn every_item_element() {
    let parsed = lenient(FULL);
    let item = &parsed.document.channel.items[0];
    assert_eq!(
        item.author.as_deref(),
        Some("lawyer@boyer.net (Lawyer Boyer)")
    );
    assert_eq!(
        item.categories[0].domain.as_deref(),
        Some("http://www.fool.com/cusips")
    );
    assert!(item.comments.as_deref().unwrap().ends_with("entry_id=290"));
    let enclosure = &item.enclosures[0];
    assert_eq!(enclosure.length_bytes(), Some(12_216_320));
    assert_eq!(enclosure.type_.as_deref(), Some("audio/mpeg"));
    let guid = item.guid.as_ref().unwrap();
    assert_eq!(guid.is_perma_link.as_deref(), Some("true"));
    assert!(guid.is_permalink());
    assert_eq!(
        item.pub_date_parsed().unwrap().timestamp.to_string(),
        "2002-05-19T15:21:36Z"
    );
    let source = item.source.as_ref().unwrap();
    assert_eq!(
        source.url.as_deref(),
        Some("http://www.tomalak.org/links2.xml")
    );
    assert_eq!(source.value, "Tomalak's Realm");
}

fn channel(body: &str) -> String {
    format!(
        "<rss version=\"2.0\"><channel><title>t</title><link>http://x.example/</link><description>d</description>{body}</channel></rss>"
    )
}

#[test]
fn required_channel_elements_are_reported() {
    let parsed = lenient("<rss version=\"2.0\"><channel><title>t</title></channel></rss>");
    assert_eq!(
        ids(&parsed.diagnostics),
        ["rss2/missing-element", "rss2/missing-element"]
    );
    let err = read(
        b"<rss version=\"2.0\"><channel><title>t</title></channel></rss>",
        &ReadOptions::strict(),
    )
    .unwrap_err();
    assert!(err.diagnostics.iter().all(|d| d.is_error()));
}

#[test]
fn duplicate_elements_keep_the_first() {
    let parsed = lenient(&channel(
        "<item><title>one</title><title>two</title></item>",
    ));
    assert_eq!(
        parsed.document.channel.items[0].title.as_deref(),
        Some("one")
    );
    assert_eq!(ids(&parsed.diagnostics), ["rss2/duplicate-element"]);
}

#[test]
fn missing_attributes_are_reported() {
    let parsed = lenient(&channel(
        "<cloud domain=\"a\" port=\"80\"/><item><title>t</title><enclosure url=\"http://x.example/a.mp3\"/><source>s</source></item>",
    ));
    let ids = ids(&parsed.diagnostics);
    // cloud: path, registerProcedure, protocol; enclosure: length, type; source: url.
    assert_eq!(
        ids.iter()
            .filter(|i| **i == "rss2/missing-attribute")
            .count(),
        6
    );
    let item = &parsed.document.channel.items[0];
    assert_eq!(item.enclosures[0].length, None);
    assert_eq!(item.source.as_ref().unwrap().url, None);
}

#[test]
fn bad_values_are_reported_and_kept() {
    let parsed = lenient(&channel(
        "<ttl>soon</ttl><pubDate>yesterday</pubDate><image><url>http://x.example/i.gif</url><title>i</title><link>http://x.example/</link><width>145</width><height>401</height></image><skipHours><hour>24</hour></skipHours><skipDays><day>Caturday</day></skipDays>",
    ));
    let ids = ids(&parsed.diagnostics);
    for id in [
        "rss2/bad-number",
        "rss2/bad-date",
        "rss2/image-too-wide",
        "rss2/image-too-tall",
        "rss2/bad-skip-hour",
        "rss2/bad-skip-day",
    ] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    let c = &parsed.document.channel;
    assert_eq!(c.ttl.as_deref(), Some("soon"));
    assert_eq!(c.ttl_minutes(), None);
    assert_eq!(c.skip_hours_parsed(), Vec::<u8>::new());
}

#[test]
fn image_defaults_when_size_absent() {
    let parsed = lenient(&channel(
        "<image><url>http://x.example/i.gif</url><title>i</title><link>http://x.example/</link></image>",
    ));
    let image = parsed.document.channel.image.unwrap();
    assert_eq!(
        (image.width_pixels(), image.height_pixels()),
        (Some(88), Some(31))
    );
}

#[test]
fn lowercase_textinput_is_read_and_remembered() {
    let parsed = lenient(&channel(
        "<textinput><title>a</title><description>b</description><name>c</name><link>http://x.example/</link></textinput>",
    ));
    let input = parsed.document.channel.text_input.unwrap();
    assert_eq!(input.spelling, TextInputSpelling::Lowercase);
    assert_eq!(input.title.as_deref(), Some("a"));
}

#[test]
fn unknown_plain_element_is_kept_with_a_warning() {
    let parsed = lenient(&channel(
        "<item><title>t</title><foo a=\"1\">bar</foo></item>",
    ));
    assert_eq!(ids(&parsed.diagnostics), ["rss2/unknown-element"]);
    let ext = &parsed.document.channel.items[0].extensions[0];
    assert_eq!(ext.name, "foo");
    assert_eq!(ext.namespace, None);
    assert_eq!(ext.attribute("a"), Some("1"));
    assert_eq!(ext.text(), "bar");
}

#[test]
fn guid_permalink_defaults_to_true_and_attribute_absence_is_kept() {
    let parsed = lenient(&channel("<item><guid>http://x.example/1</guid></item>"));
    let guid = parsed.document.channel.items[0].guid.clone().unwrap();
    assert_eq!(guid.is_perma_link, None);
    assert!(guid.is_permalink());
    let parsed = lenient(&channel(
        "<item><title>t</title><guid isPermaLink=\"false\">abc</guid></item>",
    ));
    assert!(
        !parsed.document.channel.items[0]
            .guid
            .as_ref()
            .unwrap()
            .is_permalink()
    );
    assert!(parsed.diagnostics.is_empty());
}

#[test]
fn item_needs_title_or_description() {
    let parsed = lenient(&channel("<item><link>http://x.example/</link></item>"));
    assert_eq!(ids(&parsed.diagnostics), ["rss2/missing-element"]);
}

#[test]
fn values_are_trimmed_of_xml_white_space() {
    let parsed = lenient(&channel("<item><title>\n\t  spaced \r\n</title></item>"));
    assert_eq!(
        parsed.document.channel.items[0].title.as_deref(),
        Some("spaced")
    );
}

#[test]
fn rss_091_and_092_read_with_their_version() {
    let v091 = r#"<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
<rss version="0.91"><channel><title>WriteTheWeb</title><link>http://writetheweb.com</link>
<description>News for web users that write back</description><language>en-us</language>
<image><title>WriteTheWeb</title><url>http://writetheweb.com/images/mynetscape88.gif</url><link>http://writetheweb.com</link><width>88</width><height>31</height></image>
<item><title>Giving the world a pluggable Gnutella</title><link>http://writetheweb.com/read.php?item=24</link><description>WorldOS is a framework on which to build programs that work like Freenet or Gnutella.</description></item>
</channel></rss>"#;
    let parsed = lenient(v091);
    assert_eq!(parsed.document.version.as_deref(), Some("0.91"));
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert_eq!(parsed.document.channel.items.len(), 1);
    let v092 = r#"<rss version="0.92"><channel><title>t</title><link>http://x.example/</link><description>d</description>
<item><description>only a description, as 0.92 allows</description><enclosure url="http://x.example/a.mp3" length="1" type="audio/mpeg"/></item></channel></rss>"#;
    let parsed = lenient(v092);
    assert_eq!(parsed.document.version.as_deref(), Some("0.92"));
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
}

#[test]
fn odd_or_missing_version_is_a_warning() {
    let parsed = lenient(&channel("").replace("version=\"2.0\"", "version=\"0.94\""));
    assert_eq!(ids(&parsed.diagnostics), ["rss2/bad-version"]);
    let parsed = lenient(&channel("").replace(" version=\"2.0\"", ""));
    assert_eq!(parsed.document.version, None);
    assert_eq!(ids(&parsed.diagnostics), ["rss2/missing-attribute"]);
}

#[test]
fn cdata_and_entities_are_decoded_and_html_kept_as_text() {
    let parsed = lenient(&channel(
        "<item><title>A &amp; B &#x3042;&#12354; &lt;3</title><description><![CDATA[<p>Hello & <b>bye</b></p>]]></description></item>",
    ));
    let item = &parsed.document.channel.items[0];
    assert_eq!(item.title.as_deref(), Some("A & B \u{3042}\u{3042} <3"));
    assert_eq!(
        item.description.as_deref(),
        Some("<p>Hello & <b>bye</b></p>")
    );
}

#[test]
fn diagnostics_have_line_and_column() {
    let input = "<rss version=\"2.0\"><channel><title>t</title><link>http://x.example/</link>\n<description>d</description><ttl>x</ttl></channel></rss>";
    let parsed = lenient(input);
    let d = &parsed.diagnostics[0];
    assert_eq!(d.rule.id, "rss2/bad-number");
    // The value itself, not its start tag.
    assert_eq!((d.position.line, d.position.column), (2, 34));
    assert_eq!(&input[d.span.clone()], "x");
}

#[test]
fn several_enclosures_are_all_kept_and_written_back() {
    // RSS 2.0.1 allows one enclosure an item; podcast feeds carry several
    // (other readers return them all): kept, with a warning.
    let input = "<rss version=\"2.0\"><channel><title>t</title><link>http://x.example/</link><description>d</description><item><title>t</title><enclosure url=\"http://x.example/a.mp3\" length=\"1\" type=\"audio/mpeg\"/><enclosure url=\"http://x.example/a.ogg\" length=\"2\" type=\"audio/ogg\"/></item></channel></rss>";
    let parsed = lenient(input);
    let item = &parsed.document.channel.items[0];
    let urls: Vec<_> = item
        .enclosures
        .iter()
        .map(|e| e.url.as_deref().unwrap())
        .collect();
    assert_eq!(urls, ["http://x.example/a.mp3", "http://x.example/a.ogg"]);
    let ids: Vec<_> = parsed.diagnostics.iter().map(|d| d.rule.id).collect();
    assert_eq!(ids, ["rss2/several-enclosures"]);
    let written = rss2::write(&parsed.document, &rss2::WriteOptions::default()).unwrap();
    let again = lenient(std::str::from_utf8(&written).unwrap());
    assert_eq!(again.document, parsed.document);
}

#[test]
fn many_enclosures_are_one_warning_at_the_second() {
    // Issue #28: a warning an enclosure held one diagnostic each until the
    // document was read; the second is warned about, the rest are kept.
    let enclosures: String = (0..100)
        .map(|i| {
            format!(
                "<enclosure url=\"http://x.example/{i}.mp3\" length=\"{i}\" type=\"audio/mpeg\"/>"
            )
        })
        .collect();
    let input = format!(
        "<rss version=\"2.0\"><channel><title>t</title><link>http://x.example/</link><description>d</description><item><title>t</title>{enclosures}</item></channel></rss>"
    );
    let parsed = lenient(&input);
    assert_eq!(parsed.document.channel.items[0].enclosures.len(), 100);
    assert_eq!(parsed.diagnostics.len(), 1);
    let d = &parsed.diagnostics[0];
    assert_eq!(d.rule.id, "rss2/several-enclosures");
    assert!(input[d.span.clone()].contains("/1.mp3"));
}
