#!/usr/bin/env python3
"""Generate the RSS 2.0 conformance cases under conformance/rss2/.

Run from anywhere:  python3 conformance/tools/make_rss_cases.py

Every case is written out literally below: the file's text (or bytes) and the
JSON a decoder must print, written by hand from the RSS 2.0.1 specification
and conformance-protocol.md (version 1). Nothing here parses XML: the expected
JSON is not derived from the files.

Protocol version 2 (conformance/README.md, "Protocol version 2"): every case's
v2 JSON is its v1 JSON with each item's "enclosure" as a one-element
"enclosures", plus what the case's `v2=` argument adds (the extension elements
and attributes, written by hand from the file like the rest). Where that
differs from v1, it is written to <name>.v2.json. A protocol 2 case (L2 below:
behaviour version 1 leaves open, such as markup kept as source in an RSS text
element) has only <name>.v2.json, its whole JSON written by hand; the runner
skips it under protocol 1. The script only encodes the text (UTF-8,
UTF-16 with BOM, EUC-JP, Shift_JIS, ISO-8859-1 ...), orders JSON keys the way
the protocol shows them, and writes cases.toml from the notes given here.

The generator removes and rewrites conformance/rss2/{valid,invalid,lenient}/
so that the directory always matches this file exactly.
"""

import json
import os
import shutil
import sys
from textwrap import dedent, indent

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "rss2")
# The folder of the cases that demand more than the specs (README, "Cases
# beyond the specs"): rss2/beyond-spec/<verdict>/<name>.
BEYOND_SPEC = "beyond-spec"

# ---------------------------------------------------------------------------
# Key order of the protocol's rss2 shape.
# Protocol version 2's members (namespace, attributes, extensions,
# enclosures, textinput) never occur in a v1 expectation.
ORDERS = {
    "top": ["format", "version", "namespace", "attributes", "channel", "items",
            "extensions"],
    "channel": ["title", "link", "description", "language", "copyright",
                "managingEditor", "webMaster", "pubDate", "lastBuildDate",
                "categories", "generator", "docs", "cloud", "ttl", "image",
                "rating", "textInput", "textinput", "skipHours", "skipDays",
                "attributes", "extensions"],
    "item": ["title", "link", "description", "author", "categories",
             "comments", "enclosure", "enclosures", "guid", "pubDate", "source",
             "attributes", "extensions"],
    "category": ["domain", "value"],
    "cloud": ["domain", "port", "path", "registerProcedure", "protocol"],
    "image": ["url", "title", "link", "width", "height", "description",
              "extensions"],
    "textInput": ["title", "description", "name", "link", "extensions"],
    "enclosure": ["url", "length", "type"],
    "guid": ["value", "isPermaLink"],
    "source": ["url", "value"],
}


def ordered(obj, kind):
    """Return obj with its keys in protocol order; unknown keys are a bug."""
    order = ORDERS[kind]
    unknown = set(obj) - set(order)
    if unknown:
        raise SystemExit(f"unknown {kind} keys: {sorted(unknown)}")
    out = {}
    for key in order:
        if key not in obj:
            continue
        value = obj[key]
        if key == "categories":
            value = [ordered(c, "category") for c in value]
        elif key in ("cloud", "image", "textInput", "enclosure", "guid", "source"):
            value = ordered(value, key)
        elif key == "textinput":
            value = ordered(value, "textInput")
        elif key == "enclosures":
            value = [ordered(e, "enclosure") for e in value]
        elif key == "items":
            value = [ordered(i, "item") for i in value]
        elif key == "channel":
            value = ordered(value, "channel")
        out[key] = value
    return out


# ---------------------------------------------------------------------------
# Building blocks used by most cases.
DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'

BASE_XML = """\
<title>Example Antenna</title>
<link>http://example.com/</link>
<description>Update times of example sites</description>"""

BASE = {"title": "Example Antenna", "link": "http://example.com/",
        "description": "Update times of example sites"}


def doc(channel_inner, version="2.0", decl=DECL, rss_open=None):
    """A whole document: declaration, <rss>, <channel> holding channel_inner."""
    if rss_open is None:
        rss_open = f'<rss version="{version}">'
    inner = dedent(channel_inner).strip("\n")
    body = indent(inner, "    ") + "\n" if inner else ""
    return f"{decl}{rss_open}\n  <channel>\n{body}  </channel>\n</rss>\n"


def chan(extra=""):
    """A document whose channel holds the three required elements + extra."""
    extra = dedent(extra).strip("\n")
    return doc(BASE_XML + ("\n" + extra if extra else ""))


def J(channel=None, items=(), version="2.0", **extra):
    """Expected JSON; channel defaults to BASE updated with extra."""
    ch = dict(BASE if channel is None else channel)
    ch.update(extra)
    top = {"format": "rss2"}
    if version is not None:
        top["version"] = version
    top["channel"] = ch
    top["items"] = list(items)
    return ordered(top, "top")


# --- protocol version 2 -------------------------------------------------------
DC = "http://purl.org/dc/elements/1.1/"
CONTENT = "http://purl.org/rss/1.0/modules/content/"
ATOM = "http://www.w3.org/2005/Atom"
SY = "http://purl.org/rss/1.0/modules/syndication/"
MEDIA = "http://search.yahoo.com/mrss/"
ITUNES = "http://www.itunes.com/dtds/podcast-1.0.dtd"
XML_NS = "http://www.w3.org/XML/1998/namespace"


def E(name, *children, ns=None, attrs=None):
    """A v2 extension element: namespace, local name, attributes, children
    (strings for text, E(...) for elements), members left out when empty."""
    el = {}
    if ns is not None:
        el["namespace"] = ns
    el["name"] = name
    if attrs:
        el["attributes"] = dict(attrs)
    if children:
        for a, b in zip(children, children[1:]):
            assert not (isinstance(a, str) and isinstance(b, str)), "text in a row is one string"
        assert "" not in children, "no empty text"
        el["children"] = list(children)
    return el


def v2_of(v1, top=None, channel=None, image=None, text_input=None, items=None,
          textinput_spelled_lowercase=False):
    """The v2 JSON of a case: its v1 JSON, each item's "enclosure" as a
    one-element "enclosures", then the members given added (items: a dict
    index -> members). What the arguments add is written from the file."""
    top2 = json.loads(json.dumps(v1))
    for item in top2["items"]:
        if "enclosure" in item:
            item["enclosures"] = [item.pop("enclosure")]
    top2.update(top or {})
    top2["channel"].update(channel or {})
    if image:
        top2["channel"]["image"].update(image)
    if text_input:
        top2["channel"]["textInput"].update(text_input)
    if textinput_spelled_lowercase:
        top2["channel"]["textinput"] = top2["channel"].pop("textInput")
    for index, members in (items or {}).items():
        top2["items"][index].update(members)
    return ordered(top2, "top")


CASES = []


def case(verdict, name, spec, xml, expected=None, encoding="utf-8", bom=b"", v2=None,
         only_v2=False, alternatives=None, beyond_spec=None, kept_because=None):
    """A case; with only_v2, `expected` is its whole v2 JSON and it has no
    v1 JSON (<name>.v2.json alone: version 1 leaves the file's JSON open).

    alternatives: {reading: (why, v1 JSON, v2 arguments or None)}, the other
    answers the spec allows (<name>.alt-<reading>.json, and .v2.json where
    its v2 JSON differs). beyond_spec: why the case demands more than the
    specs (it goes under beyond-spec/). kept_because: why the case has one
    answer though a reader might give another (the spec quote)."""
    assert verdict in ("valid", "invalid", "lenient"), verdict
    assert (expected is None) == (verdict == "invalid"), name
    assert v2 is None or expected is not None, name
    assert not alternatives or expected is not None, name
    data = xml if isinstance(xml, bytes) else bom + xml.encode(encoding)
    notes = {"alternatives": {}, "beyond_spec": beyond_spec, "kept_because": kept_because}
    if only_v2:
        assert v2 is None and expected is not None and not alternatives, name
        CASES.append((verdict, name, spec, data, None, ordered(expected, "top"), notes))
        return
    expected_v2 = None if expected is None else v2_of(expected, **(v2 or {}))
    if expected_v2 == expected:
        assert v2 is None, f"{name}: the v2 additions change nothing"
        expected_v2 = None
    for reading, (why, alt, alt_v2) in (alternatives or {}).items():
        assert all(c.islower() or c.isdigit() or c == "-" for c in reading), reading
        alt = ordered(alt, "top")
        assert alt != expected, f"{name}: alternative {reading} is the case's own JSON"
        alt_v2_json = v2_of(alt, **(alt_v2 or {}))
        if alt_v2_json == alt:
            assert alt_v2 is None, f"{name}/{reading}: the v2 additions change nothing"
            alt_v2_json = None
        notes["alternatives"][reading] = (why, alt, alt_v2_json)
    CASES.append((verdict, name, spec, data, expected, expected_v2, notes))


V = lambda *a, **k: case("valid", *a, **k)      # noqa: E731
I = lambda *a, **k: case("invalid", *a, **k)    # noqa: E731,E741
L = lambda *a, **k: case("lenient", *a, **k)    # noqa: E731
L2 = lambda *a, **k: case("lenient", *a, only_v2=True, **k)    # noqa: E731

# ===========================================================================
# VALID: the file follows RSS 2.0.1 and XML 1.0.
# ===========================================================================

V("minimal-channel",
  "RSS 2.0 Required channel elements: title, link, description; a channel may contain any number of <item>s (here none: \"items\" is [])",
  chan(), J())

# A faithful small sample in the shape of the spec's rss2sample.xml (the
# Chinese translation only links to it): channel metadata, four items, one
# item without title/link, escaped HTML in descriptions, guids.
V("sample-feed-faithful",
  "RSS 2.0 Sample files (the translation links to, but does not include, the 2.0 sample; this is a small sample of the same shape)",
  """\
<?xml version="1.0"?>
<rss version="2.0">
   <channel>
      <title>Antenna News</title>
      <link>http://antenna.example.org/</link>
      <description>Update news from the antenna.</description>
      <language>en-us</language>
      <pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate>
      <lastBuildDate>Tue, 10 Jun 2003 09:41:01 GMT</lastBuildDate>
      <docs>http://blogs.law.harvard.edu/tech/rss</docs>
      <generator>Weblog Editor 2.0</generator>
      <managingEditor>editor@example.com</managingEditor>
      <webMaster>webmaster@example.com</webMaster>
      <item>
         <title>Star Site</title>
         <link>http://antenna.example.org/news/2003/star.html</link>
         <description>How do sites get ready for the antenna? They take a crash course at the &lt;a href="http://antenna.example.org/help.html"&gt;help page&lt;/a&gt;.</description>
         <pubDate>Tue, 03 Jun 2003 09:39:21 GMT</pubDate>
         <guid>http://antenna.example.org/2003/06/03.html#item573</guid>
      </item>
      <item>
         <description>Readers in Europe, Asia, and parts of Alaska and Canada will see a &lt;a href="http://antenna.example.org/eclipse.html"&gt;partial update&lt;/a&gt; on Saturday, May 31st.</description>
         <pubDate>Fri, 30 May 2003 11:06:42 GMT</pubDate>
         <guid>http://antenna.example.org/2003/05/30.html#item572</guid>
      </item>
      <item>
         <title>The Engine That Does More</title>
         <link>http://antenna.example.org/news/2003/engine.html</link>
         <description>Before the crawler travels further, we hope to design a new engine.  The proposed engine would do that.</description>
         <pubDate>Tue, 27 May 2003 08:37:32 GMT</pubDate>
         <guid>http://antenna.example.org/2003/05/27.html#item571</guid>
      </item>
      <item>
         <title>Editors' Dirty Laundry</title>
         <link>http://antenna.example.org/news/2003/laundry.html</link>
         <description>Compared to earlier antennas, this one has many luxuries, but a laundry is not one of them.  Instead, editors have other options.</description>
         <pubDate>Tue, 20 May 2003 08:56:02 GMT</pubDate>
         <guid>http://antenna.example.org/2003/05/20.html#item570</guid>
      </item>
   </channel>
</rss>
""",
  J({"title": "Antenna News", "link": "http://antenna.example.org/",
     "description": "Update news from the antenna.", "language": "en-us",
     "pubDate": "Tue, 10 Jun 2003 04:00:00 GMT",
     "lastBuildDate": "Tue, 10 Jun 2003 09:41:01 GMT",
     "docs": "http://blogs.law.harvard.edu/tech/rss",
     "generator": "Weblog Editor 2.0",
     "managingEditor": "editor@example.com",
     "webMaster": "webmaster@example.com"},
    [{"title": "Star Site",
      "link": "http://antenna.example.org/news/2003/star.html",
      "description": 'How do sites get ready for the antenna? They take a crash course at the <a href="http://antenna.example.org/help.html">help page</a>.',
      "pubDate": "Tue, 03 Jun 2003 09:39:21 GMT",
      "guid": {"value": "http://antenna.example.org/2003/06/03.html#item573"}},
     {"description": 'Readers in Europe, Asia, and parts of Alaska and Canada will see a <a href="http://antenna.example.org/eclipse.html">partial update</a> on Saturday, May 31st.',
      "pubDate": "Fri, 30 May 2003 11:06:42 GMT",
      "guid": {"value": "http://antenna.example.org/2003/05/30.html#item572"}},
     {"title": "The Engine That Does More",
      "link": "http://antenna.example.org/news/2003/engine.html",
      "description": "Before the crawler travels further, we hope to design a new engine.  The proposed engine would do that.",
      "pubDate": "Tue, 27 May 2003 08:37:32 GMT",
      "guid": {"value": "http://antenna.example.org/2003/05/27.html#item571"}},
     {"title": "Editors' Dirty Laundry",
      "link": "http://antenna.example.org/news/2003/laundry.html",
      "description": "Compared to earlier antennas, this one has many luxuries, but a laundry is not one of them.  Instead, editors have other options.",
      "pubDate": "Tue, 20 May 2003 08:56:02 GMT",
      "guid": {"value": "http://antenna.example.org/2003/05/20.html#item570"}}]))

# --- optional channel elements, one per case -------------------------------
V("channel-language",
  "RSS 2.0 Optional channel elements: language, e.g. en-us",
  chan("<language>en-us</language>"), J(language="en-us"))
V("channel-copyright",
  "RSS 2.0 Optional channel elements: copyright, e.g. 'Copyright 2002, Spartanburg Herald-Journal'",
  chan("<copyright>Copyright 2002, Spartanburg Herald-Journal</copyright>"),
  J(copyright="Copyright 2002, Spartanburg Herald-Journal"))
V("channel-managing-editor",
  "RSS 2.0 Optional channel elements: managingEditor, e.g. 'geo@herald.com (George Matesky)'",
  chan("<managingEditor>geo@herald.com (George Matesky)</managingEditor>"),
  J(managingEditor="geo@herald.com (George Matesky)"))
V("channel-web-master",
  "RSS 2.0 Optional channel elements: webMaster, e.g. 'betty@herald.com (Betty Guernsey)'",
  chan("<webMaster>betty@herald.com (Betty Guernsey)</webMaster>"),
  J(webMaster="betty@herald.com (Betty Guernsey)"))
V("channel-pubdate",
  "RSS 2.0 Optional channel elements: pubDate, RFC 822 date, e.g. 'Sat, 07 Sep 2002 00:00:01 GMT' (kept as written)",
  chan("<pubDate>Sat, 07 Sep 2002 00:00:01 GMT</pubDate>"),
  J(pubDate="Sat, 07 Sep 2002 00:00:01 GMT"))
V("channel-last-build-date",
  "RSS 2.0 Optional channel elements: lastBuildDate, e.g. 'Sat, 07 Sep 2002 09:42:31 GMT'",
  chan("<lastBuildDate>Sat, 07 Sep 2002 09:42:31 GMT</lastBuildDate>"),
  J(lastBuildDate="Sat, 07 Sep 2002 09:42:31 GMT"))
V("channel-category-without-domain",
  "RSS 2.0 Optional channel elements: category, e.g. <category>Newspapers</category> (no domain member)",
  chan("<category>Newspapers</category>"),
  J(categories=[{"value": "Newspapers"}]))
V("channel-category-with-domain-syndic8",
  "RSS 2.0 Comments: 'the proper category element would be <category domain=\"Syndic8\">1765</category>'",
  chan('<category domain="Syndic8">1765</category>'),
  J(categories=[{"domain": "Syndic8", "value": "1765"}]))
V("channel-categories-several",
  "RSS 2.0 Optional channel elements: category 'one or more categories'; file order kept",
  chan("""\
      <category>Newspapers</category>
      <category domain="Syndic8">1765</category>
      <category domain="http://www.dmoz.org">Regional/Japan</category>
      <category>Antenna</category>"""),
  J(categories=[{"value": "Newspapers"},
                {"domain": "Syndic8", "value": "1765"},
                {"domain": "http://www.dmoz.org", "value": "Regional/Japan"},
                {"value": "Antenna"}]))
V("channel-generator",
  "RSS 2.0 Optional channel elements: generator, e.g. 'MightyInHouse Content System v2.3'",
  chan("<generator>MightyInHouse Content System v2.3</generator>"),
  J(generator="MightyInHouse Content System v2.3"))
V("channel-docs",
  "RSS 2.0 Optional channel elements: docs, e.g. http://blogs.law.harvard.edu/tech/rss",
  chan("<docs>http://blogs.law.harvard.edu/tech/rss</docs>"),
  J(docs="http://blogs.law.harvard.edu/tech/rss"))
V("channel-cloud-five-attributes",
  "RSS 2.0 <cloud> sub-element of <channel>: domain, port, path, registerProcedure, protocol (the spec's xml-rpc example)",
  chan('<cloud domain="rpc.sys.com" port="80" path="/RPC2" registerProcedure="myCloud.rssPleaseNotify" protocol="xml-rpc" />'),
  J(cloud={"domain": "rpc.sys.com", "port": "80", "path": "/RPC2",
           "registerProcedure": "myCloud.rssPleaseNotify", "protocol": "xml-rpc"}))
V("channel-cloud-http-post-empty-procedure",
  "RSS 2.0 Optional channel elements: cloud; an attribute written empty is present as \"\" (protocol: values as written)",
  chan('<cloud domain="rpc.sys.com" port="8080" path="/notify" registerProcedure="" protocol="http-post"/>'),
  J(cloud={"domain": "rpc.sys.com", "port": "8080", "path": "/notify",
           "registerProcedure": "", "protocol": "http-post"}))
V("channel-ttl",
  "RSS 2.0 <ttl> sub-element of <channel>: 'a number of minutes', e.g. <ttl>60</ttl> (number stays a string)",
  chan("<ttl>60</ttl>"), J(ttl="60"))
V("channel-image-required-only",
  "RSS 2.0 <image> sub-element of <channel>: three required sub-elements url, title, link; defaults (88x31) are not filled in",
  chan("""\
      <image>
        <url>http://example.com/logo.gif</url>
        <title>Example Antenna</title>
        <link>http://example.com/</link>
      </image>"""),
  J(image={"url": "http://example.com/logo.gif", "title": "Example Antenna",
           "link": "http://example.com/"}))
V("channel-image-all-six",
  "RSS 2.0 <image>: required url, title, link; optional width (max 144), height (max 400), description",
  chan("""\
      <image>
        <url>http://example.com/logo.png</url>
        <title>Example Antenna</title>
        <link>http://example.com/</link>
        <width>144</width>
        <height>400</height>
        <description>Logo of the example antenna</description>
      </image>"""),
  J(image={"url": "http://example.com/logo.png", "title": "Example Antenna",
           "link": "http://example.com/", "width": "144", "height": "400",
           "description": "Logo of the example antenna"}))
V("channel-rating",
  "RSS 2.0 Optional channel elements: rating, 'The PICS rating for the channel'",
  chan("""<rating>(PICS-1.1 "http://www.classify.org/safesurf/" l r (SS~~000 1))</rating>"""),
  J(rating='(PICS-1.1 "http://www.classify.org/safesurf/" l r (SS~~000 1))'))
V("channel-textinput",
  "RSS 2.0 <textInput> sub-element of <channel>: four required sub-elements title, description, name, link",
  chan("""\
      <textInput>
        <title>Search</title>
        <description>Search the antenna</description>
        <name>q</name>
        <link>http://example.com/search.cgi</link>
      </textInput>"""),
  J(textInput={"title": "Search", "description": "Search the antenna",
               "name": "q", "link": "http://example.com/search.cgi"}))
V("channel-skiphours",
  "RSS 2.0 Optional channel elements: skipHours, <hour> values 0-23, file order kept",
  chan("""\
      <skipHours>
        <hour>0</hour>
        <hour>1</hour>
        <hour>23</hour>
      </skipHours>"""),
  J(skipHours=["0", "1", "23"]))
V("channel-skipdays",
  "RSS 2.0 Optional channel elements: skipDays, <day> values Monday..Sunday",
  chan("""\
      <skipDays>
        <day>Saturday</day>
        <day>Sunday</day>
      </skipDays>"""),
  J(skipDays=["Saturday", "Sunday"]))
V("channel-all-elements",
  "RSS 2.0 Required and optional channel elements: every one of them in one channel",
  chan("""\
      <language>ja</language>
      <copyright>Copyright 2002, Example</copyright>
      <managingEditor>editor@example.com (Editor)</managingEditor>
      <webMaster>webmaster@example.com (Webmaster)</webMaster>
      <pubDate>Sat, 07 Sep 2002 00:00:01 GMT</pubDate>
      <lastBuildDate>Sat, 07 Sep 2002 09:42:31 GMT</lastBuildDate>
      <category>Antenna</category>
      <category domain="Syndic8">1765</category>
      <generator>antenna 1.0</generator>
      <docs>http://blogs.law.harvard.edu/tech/rss</docs>
      <cloud domain="rpc.sys.com" port="80" path="/RPC2" registerProcedure="pingMe" protocol="soap"/>
      <ttl>60</ttl>
      <image>
        <url>http://example.com/logo.gif</url>
        <title>Example Antenna</title>
        <link>http://example.com/</link>
        <width>88</width>
        <height>31</height>
        <description>Logo</description>
      </image>
      <rating>(PICS-1.1 "http://www.classify.org/safesurf/" l r (SS~~000 1))</rating>
      <textInput>
        <title>Go</title>
        <description>Search</description>
        <name>q</name>
        <link>http://example.com/search</link>
      </textInput>
      <skipHours>
        <hour>2</hour>
        <hour>3</hour>
      </skipHours>
      <skipDays>
        <day>Monday</day>
      </skipDays>"""),
  J(language="ja", copyright="Copyright 2002, Example",
    managingEditor="editor@example.com (Editor)",
    webMaster="webmaster@example.com (Webmaster)",
    pubDate="Sat, 07 Sep 2002 00:00:01 GMT",
    lastBuildDate="Sat, 07 Sep 2002 09:42:31 GMT",
    categories=[{"value": "Antenna"}, {"domain": "Syndic8", "value": "1765"}],
    generator="antenna 1.0", docs="http://blogs.law.harvard.edu/tech/rss",
    cloud={"domain": "rpc.sys.com", "port": "80", "path": "/RPC2",
           "registerProcedure": "pingMe", "protocol": "soap"},
    ttl="60",
    image={"url": "http://example.com/logo.gif", "title": "Example Antenna",
           "link": "http://example.com/", "width": "88", "height": "31",
           "description": "Logo"},
    rating='(PICS-1.1 "http://www.classify.org/safesurf/" l r (SS~~000 1))',
    textInput={"title": "Go", "description": "Search", "name": "q",
               "link": "http://example.com/search"},
    skipHours=["2", "3"], skipDays=["Monday"]))

# --- item elements ----------------------------------------------------------
V("item-title-only",
  "RSS 2.0 Elements of <item>: 'All elements of an item are optional, however at least one of title or description must be present' (title alone)",
  chan("<item>\n  <title>Only a title</title>\n</item>"),
  J(items=[{"title": "Only a title"}]))
V("item-description-only",
  "RSS 2.0 Elements of <item>: an item may be complete in itself; description alone, link and title omitted",
  chan("<item>\n  <description>Only a description</description>\n</item>"),
  J(items=[{"description": "Only a description"}]))
V("item-link",
  "RSS 2.0 Elements of <item>: link, 'The URL of the item'",
  chan("<item>\n  <title>T</title>\n  <link>http://nytimes.com/2004/12/07FEST.html</link>\n</item>"),
  J(items=[{"title": "T", "link": "http://nytimes.com/2004/12/07FEST.html"}]))
V("item-author",
  "RSS 2.0 <author> sub-element of <item>: email address of the author, e.g. 'lawyer@boyer.net (Lawyer Boyer)'",
  chan("<item>\n  <title>T</title>\n  <author>lawyer@boyer.net (Lawyer Boyer)</author>\n</item>"),
  J(items=[{"title": "T", "author": "lawyer@boyer.net (Lawyer Boyer)"}]))
V("item-categories-with-and-without-domain",
  "RSS 2.0 <category> sub-element of <item>: optional domain attribute; the spec's two examples, in file order",
  chan("""\
      <item>
        <title>T</title>
        <category>Grateful Dead</category>
        <category domain="http://www.fool.com/cusips">MSFT</category>
      </item>"""),
  J(items=[{"title": "T", "categories": [
      {"value": "Grateful Dead"},
      {"domain": "http://www.fool.com/cusips", "value": "MSFT"}]}]))
V("item-category-hierarchy-slashes",
  "RSS 2.0 <category>: 'The value of the element is a forward-slash-separated string that identifies a hierarchic location' (kept as written)",
  chan("""\
      <item>
        <title>T</title>
        <category domain="http://www.dmoz.org">Top/Computers/Internet/Antennas</category>
      </item>"""),
  J(items=[{"title": "T", "categories": [
      {"domain": "http://www.dmoz.org", "value": "Top/Computers/Internet/Antennas"}]}]))
V("item-comments",
  "RSS 2.0 <comments> sub-element of <item>: URL of the comments page",
  chan("<item>\n  <title>T</title>\n  <comments>http://ekzemplo.com/entry/4403/comments</comments>\n</item>"),
  J(items=[{"title": "T", "comments": "http://ekzemplo.com/entry/4403/comments"}]))
V("item-enclosure-three-attributes",
  "RSS 2.0 <enclosure> sub-element of <item>: 'It has three required attributes. url ... length ... type' (the spec's example)",
  chan("""\
      <item>
        <title>T</title>
        <enclosure url="http://www.scripting.com/mp3s/weatherReportSuite.mp3" length="12216320" type="audio/mpeg" />
      </item>"""),
  J(items=[{"title": "T", "enclosure": {
      "url": "http://www.scripting.com/mp3s/weatherReportSuite.mp3",
      "length": "12216320", "type": "audio/mpeg"}}]))
V("item-guid-without-ispermalink",
  "RSS 2.0 <guid> sub-element of <item>: isPermaLink is optional (default true); absent attribute is left out of the JSON",
  chan("<item>\n  <title>T</title>\n  <guid>http://some.server.com/weblogItem3207</guid>\n</item>"),
  J(items=[{"title": "T", "guid": {"value": "http://some.server.com/weblogItem3207"}}]))
V("item-guid-ispermalink-true",
  "RSS 2.0 <guid>: 'If the guid element has an attribute named isPermaLink with a value of true...'",
  chan('<item>\n  <title>T</title>\n  <guid isPermaLink="true">http://inessential.com/2002/09/01.php#a2</guid>\n</item>'),
  J(items=[{"title": "T", "guid": {"value": "http://inessential.com/2002/09/01.php#a2",
                                   "isPermaLink": "true"}}]))
V("item-guid-ispermalink-false-opaque",
  "RSS 2.0 <guid>: 'There are no rules for the syntax of a guid. Aggregators must view them as a string'; isPermaLink false",
  chan('<item>\n  <title>T</title>\n  <guid isPermaLink="false">antenna:item:0001 (not a URL)</guid>\n</item>'),
  J(items=[{"title": "T", "guid": {"value": "antenna:item:0001 (not a URL)",
                                   "isPermaLink": "false"}}]))
V("item-pubdate",
  "RSS 2.0 <pubDate> sub-element of <item>: e.g. 'Sun, 19 May 2002 15:21:36 GMT'",
  chan("<item>\n  <title>T</title>\n  <pubDate>Sun, 19 May 2002 15:21:36 GMT</pubDate>\n</item>"),
  J(items=[{"title": "T", "pubDate": "Sun, 19 May 2002 15:21:36 GMT"}]))
V("item-source-url",
  "RSS 2.0 <source> sub-element of <item>: required url attribute; the spec's example",
  chan('<item>\n  <title>T</title>\n  <source url="http://www.tomalak.org/links2.xml">Tomalak\'s Realm</source>\n</item>'),
  J(items=[{"title": "T", "source": {"url": "http://www.tomalak.org/links2.xml",
                                     "value": "Tomalak's Realm"}}]))
V("item-all-elements",
  "RSS 2.0 Elements of <item>: all ten in one item",
  chan("""\
      <item>
        <title>Venice Film Festival Tries to Quit Sinking</title>
        <link>http://nytimes.com/2004/12/07FEST.html</link>
        <description>Some of the most heated chatter at the Venice Film Festival this week was about the way that the arrival of the stars at the Palazzo del Cinema was being staged.</description>
        <author>oprah@oxygen.net</author>
        <category>Simpsons Characters</category>
        <category domain="http://www.fool.com/cusips">MSFT</category>
        <comments>http://www.myblog.org/cgi-local/mt/mt-comments.cgi?entry_id=290</comments>
        <enclosure url="http://www.scripting.com/mp3s/touchOfGrey.mp3" length="5588242" type="audio/mpeg"/>
        <guid isPermaLink="false">nytimes-07FEST</guid>
        <pubDate>Sun, 19 May 2002 15:21:36 GMT</pubDate>
        <source url="http://www.quotationspage.com/data/qotd.rss">Quotes of the Day</source>
      </item>"""),
  J(items=[{"title": "Venice Film Festival Tries to Quit Sinking",
            "link": "http://nytimes.com/2004/12/07FEST.html",
            "description": "Some of the most heated chatter at the Venice Film Festival this week was about the way that the arrival of the stars at the Palazzo del Cinema was being staged.",
            "author": "oprah@oxygen.net",
            "categories": [{"value": "Simpsons Characters"},
                           {"domain": "http://www.fool.com/cusips", "value": "MSFT"}],
            "comments": "http://www.myblog.org/cgi-local/mt/mt-comments.cgi?entry_id=290",
            "enclosure": {"url": "http://www.scripting.com/mp3s/touchOfGrey.mp3",
                          "length": "5588242", "type": "audio/mpeg"},
            "guid": {"value": "nytimes-07FEST", "isPermaLink": "false"},
            "pubDate": "Sun, 19 May 2002 15:21:36 GMT",
            "source": {"url": "http://www.quotationspage.com/data/qotd.rss",
                       "value": "Quotes of the Day"}}]))
V("items-file-order-kept",
  "RSS 2.0 Elements of <item>: 'A channel may contain any number of <item>s'; protocol: arrays keep file order",
  chan("""\
      <item><title>Third site</title><link>http://c.example/</link></item>
      <item><title>First site</title><link>http://a.example/</link></item>
      <item><title>Second site</title><link>http://b.example/</link></item>"""),
  J(items=[{"title": "Third site", "link": "http://c.example/"},
           {"title": "First site", "link": "http://a.example/"},
           {"title": "Second site", "link": "http://b.example/"}]))
V("items-sixteen-in-rss20",
  "RSS 2.0 Comments: 'There are no string-length or XML-level limits in RSS 0.92 and greater' (16 items in a 2.0 channel)",
  chan("\n".join(f"<item><title>Item {n}</title></item>" for n in range(1, 17))),
  J(items=[{"title": f"Item {n}"} for n in range(1, 17)]))
V("long-title-no-limit-in-rss20",
  "RSS 2.0 Comments: no string-length limits in 0.92 and greater (a 600-character item title)",
  chan(f"<item>\n  <title>{'abcdefghij' * 60}</title>\n</item>"),
  J(items=[{"title": "abcdefghij" * 60}]))
V("element-order-free",
  "RSS 2.0 channel elements: the spec sets no order; items before and between channel metadata",
  doc("""\
      <item><title>A</title></item>
      <description>Update times of example sites</description>
      <item><title>B</title></item>
      <link>http://example.com/</link>
      <title>Example Antenna</title>"""),
  J(items=[{"title": "A"}, {"title": "B"}]))

# --- RSS versions -----------------------------------------------------------
V("rss091-no-doctype",
  "RSS 2.0 Extending RSS: 'a 0.91 or 0.92 file is also a valid 2.0 file'; UserLand-style 0.91 (no DOCTYPE), version attribute 0.91 as written",
  doc("""\
      <title>Antenna Weblog</title>
      <link>http://weblog.example.com/</link>
      <description>A weblog about antennas and update times.</description>
      <language>en-us</language>
      <copyright>Copyright 1999-2001, Example Weblog</copyright>
      <managingEditor>editor@weblog.example.com</managingEditor>
      <webMaster>editor@weblog.example.com</webMaster>
      <image>
        <title>Antenna Weblog</title>
        <url>http://weblog.example.com/gifs/tiny.gif</url>
        <link>http://weblog.example.com/</link>
        <width>78</width>
        <height>40</height>
        <description>Tiny logo</description>
      </image>
      <item>
        <title>stuff</title>
        <link>http://weblog.example.com/stuff</link>
        <description>An article about some stuff</description>
      </item>""", version="0.91", decl='<?xml version="1.0" encoding="ISO-8859-1"?>\n'),
  J({"title": "Antenna Weblog", "link": "http://weblog.example.com/",
     "description": "A weblog about antennas and update times.",
     "language": "en-us",
     "copyright": "Copyright 1999-2001, Example Weblog",
     "managingEditor": "editor@weblog.example.com", "webMaster": "editor@weblog.example.com",
     "image": {"url": "http://weblog.example.com/gifs/tiny.gif",
               "title": "Antenna Weblog", "link": "http://weblog.example.com/",
               "width": "78", "height": "40",
               "description": "Tiny logo"}},
    [{"title": "stuff", "link": "http://weblog.example.com/stuff",
      "description": "An article about some stuff"}], version="0.91"),
  encoding="latin-1")
V("rss091-netscape-doctype",
  "RSS 2.0 Extending RSS: 0.91 files are valid 2.0 files; Netscape 0.91 DOCTYPE with external DTD (XML 1.0 2.8: a non-validating processor need not read it)",
  doc("""\
      <title>Example Antenna</title>
      <link>http://example.com/</link>
      <description>Update times of example sites</description>
      <language>en</language>
      <image>
        <title>Example Antenna</title>
        <url>http://example.com/logo.gif</url>
        <link>http://example.com/</link>
      </image>
      <item>
        <title>Netscape style</title>
        <link>http://example.com/1</link>
      </item>""", version="0.91",
      decl='<?xml version="1.0"?>\n<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN"\n "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n'),
  J(dict(BASE, language="en",
         image={"url": "http://example.com/logo.gif", "title": "Example Antenna",
                "link": "http://example.com/"}),
    [{"title": "Netscape style", "link": "http://example.com/1"}], version="0.91"))
V("rss092-features",
  "RSS 2.0 Extending RSS: 0.92 files are valid 2.0 files; 0.92 brought description-only items, enclosure, source, category, cloud",
  doc("""\
      <title>Example Antenna</title>
      <link>http://example.com/</link>
      <description>Update times of example sites</description>
      <cloud domain="data.songs.example.com" port="80" path="/RPC2" registerProcedure="songs.rssPleaseNotify" protocol="xml-rpc"/>
      <item>
        <description>A few days since a song was added.</description>
        <category>Rock</category>
        <source url="http://weblog.example.com/categories/rock.xml">Antenna Weblog's Rock category</source>
        <enclosure url="http://songs.example.com/mp3s/song7.mp3" length="6182912" type="audio/mpeg"/>
      </item>""", version="0.92"),
  J(dict(BASE, cloud={"domain": "data.songs.example.com", "port": "80",
                      "path": "/RPC2",
                      "registerProcedure": "songs.rssPleaseNotify",
                      "protocol": "xml-rpc"}),
    [{"description": "A few days since a song was added.",
      "categories": [{"value": "Rock"}],
      "source": {"url": "http://weblog.example.com/categories/rock.xml",
                 "value": "Antenna Weblog's Rock category"},
      "enclosure": {"url": "http://songs.example.com/mp3s/song7.mp3",
                    "length": "6182912", "type": "audio/mpeg"}}], version="0.92"))

# --- encodings ---------------------------------------------------------------
JA_CH = {"title": "日本語アンテナ", "link": "http://example.jp/",
         "description": "更新時刻の一覧です。"}
JA_ITEM = [{"title": "ひなた日記", "link": "http://example.jp/hinata/",
            "description": "今日の更新：カタカナ、ひらがな、漢字"}]


def ja_doc(decl):
    return doc("""\
        <title>日本語アンテナ</title>
        <link>http://example.jp/</link>
        <description>更新時刻の一覧です。</description>
        <item>
          <title>ひなた日記</title>
          <link>http://example.jp/hinata/</link>
          <description>今日の更新：カタカナ、ひらがな、漢字</description>
        </item>""", decl=decl)


V("encoding-utf8-no-declaration",
  "XML 1.0 4.3.3 / Appendix F: no BOM and no XML declaration means UTF-8 (protocol: 'else UTF-8')",
  ja_doc(""), J(JA_CH, JA_ITEM))
V("encoding-utf8-declared",
  "XML 1.0 4.3.3: encoding declaration UTF-8",
  ja_doc(DECL), J(JA_CH, JA_ITEM))
V("encoding-utf8-bom",
  "XML 1.0 4.3.3 / Appendix F: UTF-8 byte order mark EF BB BF before the declaration; the BOM is not part of the text",
  ja_doc(DECL), J(JA_CH, JA_ITEM), bom=b"\xef\xbb\xbf")
V("encoding-utf8-bom-no-declaration",
  "XML 1.0 Appendix F: UTF-8 BOM and no XML declaration",
  ja_doc(""), J(JA_CH, JA_ITEM), bom=b"\xef\xbb\xbf")
V("encoding-utf16le-bom",
  "XML 1.0 4.3.3: 'Entities encoded in UTF-16 MUST ... begin with the Byte Order Mark'; UTF-16LE with FF FE and encoding=\"UTF-16\"",
  ja_doc('<?xml version="1.0" encoding="UTF-16"?>\n'), J(JA_CH, JA_ITEM),
  encoding="utf-16-le", bom=b"\xff\xfe")
V("encoding-utf16be-bom",
  "XML 1.0 4.3.3: UTF-16BE with BOM FE FF and encoding=\"UTF-16\"",
  ja_doc('<?xml version="1.0" encoding="UTF-16"?>\n'), J(JA_CH, JA_ITEM),
  encoding="utf-16-be", bom=b"\xfe\xff")
V("encoding-utf16le-bom-no-declaration",
  "XML 1.0 4.3.3: 'XML processors MUST be able to use this character [BOM] to differentiate between UTF-8 and UTF-16' (no declaration)",
  ja_doc(""), J(JA_CH, JA_ITEM), encoding="utf-16-le", bom=b"\xff\xfe")
# Beyond the specs: XML 1.0 requires only UTF-8 and UTF-16 of a processor.
ENC_WHY = ("XML 1.0 4.3.3: 'All XML processors MUST be able to read entities in both the UTF-8 and UTF-16 "
           "encodings' and 'It is a fatal error when an XML processor encounters an entity with an encoding that "
           "it is unable to process': {enc} is not required, so a processor that rejects this file conforms. This "
           "project requires reading it ({why})")
V("encoding-euc-jp-declared",
  "XML 1.0 4.3.3 encoding declaration EUC-JP (protocol: 'BOM, then the XML declaration'); JIS X 0208 characters only",
  ja_doc('<?xml version="1.0" encoding="EUC-JP"?>\n'), J(JA_CH, JA_ITEM),
  encoding="euc_jp",
  beyond_spec=ENC_WHY.format(enc="EUC-JP", why="Japanese feeds of the antenna era, whose HINA-DI and LIRS files are EUC-JP"))
V("encoding-euc-jp-lowercase-label",
  "XML 1.0 4.3.3: 'XML processors SHOULD match character encoding names in a case-insensitive way' (encoding=\"euc-jp\")",
  ja_doc('<?xml version="1.0" encoding="euc-jp"?>\n'), J(JA_CH, JA_ITEM),
  encoding="euc_jp",
  beyond_spec=ENC_WHY.format(enc="EUC-JP", why="as encoding-euc-jp-declared; only the label's case differs"))
V("encoding-shift-jis-declared",
  "XML 1.0 4.3.3 encoding declaration Shift_JIS; JIS X 0208 characters only (no 0x5C/0x7E, no vendor extensions)",
  ja_doc('<?xml version="1.0" encoding="Shift_JIS"?>\n'), J(JA_CH, JA_ITEM),
  encoding="shift_jis",
  beyond_spec=ENC_WHY.format(enc="Shift_JIS", why="Japanese feeds of the antenna era"))
V("encoding-iso-8859-1-declared",
  "XML 1.0 4.3.3 encoding declaration ISO-8859-1; no bytes 0x80-0x9F (where WHATWG's windows-1252 mapping of the label would differ)",
  chan("<item>\n  <title>Café Müller</title>\n  <description>Straße © 2002, naïve, ¿Qué? ½ × ÿ</description>\n</item>").replace(
      'encoding="UTF-8"', 'encoding="ISO-8859-1"'),
  J(items=[{"title": "Café Müller",
            "description": "Straße © 2002, naïve, ¿Qué? ½ × ÿ"}]),
  encoding="latin-1",
  beyond_spec=ENC_WHY.format(enc="ISO-8859-1", why="an encoding feeds commonly declare"))

# --- CDATA, entities, character references -----------------------------------
V("cdata-description-html",
  "XML 1.0 2.7 CDATA sections: markup inside is character data; RSS 2.0 item description 'entity-encoded HTML is allowed'",
  chan("<item>\n  <title>T</title>\n  <description><![CDATA[<p>Hello <b>world</b> & friends</p>]]></description>\n</item>"),
  J(items=[{"title": "T", "description": "<p>Hello <b>world</b> & friends</p>"}]))
V("cdata-mixed-with-text",
  "XML 1.0 2.7: CDATA sections and ordinary character data in one element join into one string",
  chan("<item>\n  <title>A &amp; <![CDATA[<B>]]> C</title>\n</item>"),
  J(items=[{"title": "A & <B> C"}]))
V("cdata-split-terminator",
  "XML 1.0 2.7: ']]>' cannot occur inside CDATA, so writers split it over two sections (real-world-notes: ']]>' inside text when writing CDATA)",
  chan("<item>\n  <title>T</title>\n  <description><![CDATA[x ]]]]><![CDATA[> y]]></description>\n</item>"),
  J(items=[{"title": "T", "description": "x ]]> y"}]))
V("cdata-empty-section",
  "XML 1.0 2.7: an empty CDATA section gives an empty string (element present, value \"\")",
  chan("<item>\n  <title>T</title>\n  <author><![CDATA[]]></author>\n</item>"),
  J(items=[{"title": "T", "author": ""}]))
V("cdata-whitespace-trimmed",
  "Protocol 'leading and trailing XML white space removed' applies to the element's decoded text, including white space inside CDATA",
  chan("<item>\n  <title>T</title>\n  <description>\n    <![CDATA[  <p>kept</p>\n  ]]>\n  </description>\n</item>"),
  J(items=[{"title": "T", "description": "<p>kept</p>"}]))
V("predefined-entities",
  "XML 1.0 4.6 Predefined entities: &lt; &gt; &amp; &apos; &quot; (protocol: strings after XML unescaping)",
  chan("<item>\n  <title>&lt;tag&gt; &amp; &apos;single&apos; &quot;double&quot;</title>\n</item>"),
  J(items=[{"title": "<tag> & 'single' \"double\""}]))
V("char-refs-decimal",
  "XML 1.0 4.1 Character references, decimal form &#NNN;",
  chan("<item>\n  <title>&#38; &#60; &#12354;&#12356; &#169;</title>\n</item>"),
  J(items=[{"title": "& < あい ©"}]))
V("char-refs-hex",
  "XML 1.0 4.1 Character references, hexadecimal form &#xHHH; (upper and lower case hex digits)",
  chan("<item>\n  <title>&#x26; &#x3C;&#x3c; &#x3042;&#x3044; &#xA9;&#xa9;</title>\n</item>"),
  J(items=[{"title": "& << あい ©©"}]))
V("char-ref-astral",
  "XML 1.0 4.1 / 2.2: character references beyond the BMP (U+1F600), decimal and hex",
  chan("<item>\n  <title>&#x1F600; &#128512;</title>\n</item>"),
  J(items=[{"title": "\U0001F600 \U0001F600"}]))
V("char-ref-cr-kept",
  "XML 1.0 2.11: end-of-line handling applies to literal CR, not to &#13; (a CR written as a reference is kept)",
  chan("<item>\n  <title>T</title>\n  <description>line&#13;&#10;next</description>\n</item>"),
  J(items=[{"title": "T", "description": "line\r\nnext"}]))
V("entities-in-attribute-values",
  "XML 1.0 3.1 AttValue: entity and character references in attribute values are replaced",
  chan("""\
      <item>
        <title>T</title>
        <enclosure url="http://example.com/get?id=1&amp;fmt=mp3" length="10" type="audio/mpeg"/>
        <category domain="&quot;tax&quot; &#x26; &lt;onomy&gt;">x</category>
      </item>"""),
  J(items=[{"title": "T",
            "categories": [{"domain": "\"tax\" & <onomy>", "value": "x"}],
            "enclosure": {"url": "http://example.com/get?id=1&fmt=mp3",
                          "length": "10", "type": "audio/mpeg"}}]))
V("html-escaped-in-description",
  "RSS 2.0 Elements of <item>: 'entity-encoded HTML is allowed' in description; decoded once, HTML kept as text (a double-escaped &amp;amp; stays &amp;)",
  chan("<item>\n  <title>T</title>\n  <description>&lt;p&gt;Tom &amp;amp; Jerry &amp;nbsp; &lt;a href=\"http://example.com/\"&gt;link&lt;/a&gt;&lt;/p&gt;</description>\n</item>"),
  J(items=[{"title": "T",
            "description": '<p>Tom &amp; Jerry &nbsp; <a href="http://example.com/">link</a></p>'}]))
V("doctype-internal-entity",
  "XML 1.0 4.2/4.4: an entity declared in the internal DTD subset is well-formed and is included (non-validating processors MUST process the internal subset)",
  doc("""\
      <title>&site;</title>
      <link>http://example.com/</link>
      <description>Update&nbsp;times of example sites</description>""",
      decl='<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE rss [\n<!ENTITY nbsp "&#160;">\n<!ENTITY site "Example Antenna">\n]>\n'),
  J({"title": "Example Antenna", "link": "http://example.com/",
     "description": "Update\u00a0times of example sites"}))

# --- white space ----------------------------------------------------------------
V("whitespace-trimmed-text",
  "Protocol: element text 'with leading and trailing XML white space removed' (space, tab, CR, LF)",
  chan("<item>\n  <title>\n     \t Spaced title \t\n  </title>\n  <guid>   abc-123   </guid>\n</item>"),
  J(items=[{"title": "Spaced title", "guid": {"value": "abc-123"}}]))
L("whitespace-trimmed-attributes",
  "Protocol: attribute values with leading and trailing white space removed. Lenient, not valid: XML 1.0 3.3.3 does not trim a CDATA attribute, so the values are ' false ', '  http://example.com/a.mp3 ', ' 1024 ', which RSS 2.0 does not allow (isPermaLink 'true' or 'false'; enclosure url 'where the enclosure is located', an http URL; length 'how big it is in bytes'). If accepted: trimmed, as the protocol says of every value",
  chan("""\
      <item>
        <title>T</title>
        <enclosure url="  http://example.com/a.mp3 " length=" 1024 " type=" audio/mpeg "/>
        <guid isPermaLink=" false ">x</guid>
      </item>"""),
  J(items=[{"title": "T",
            "enclosure": {"url": "http://example.com/a.mp3", "length": "1024",
                          "type": "audio/mpeg"},
            "guid": {"value": "x", "isPermaLink": "false"}}]))
V("whitespace-internal-kept",
  "Protocol: 'Nothing else is normalised': inner spaces, tabs, line ends and the next line's indentation stay",
  chan("<item>\n  <title>T</title>\n  <description>line one\n  line  two\tend</description>\n</item>"),
  J(items=[{"title": "T", "description": "line one\n      line  two\tend"}]))
V("whitespace-non-xml-kept",
  "XML 1.0 2.3 S is only #x20 #x9 #xD #xA: U+3000 and U+00A0 at the ends are not trimmed",
  chan("<item>\n  <title>\u3000全角\u3000</title>\n  <description>&#160;nbsp&#160;</description>\n</item>"),
  J(items=[{"title": "\u3000全角\u3000", "description": "\u00a0nbsp\u00a0"}]))
V("whitespace-only-text-is-empty",
  "Protocol trimming: an element holding only white space gives \"\" (present, not left out)",
  chan("<item>\n  <title>T</title>\n  <comments>   \n   </comments>\n</item>"),
  J(items=[{"title": "T", "comments": ""}]))
V("crlf-line-ends-normalized",
  "XML 1.0 2.11 End-of-Line Handling: CR LF and lone CR become LF before parsing (the file uses CRLF throughout; the indentation after each break is content)",
  chan("<item>\n  <title>T</title>\n  <description>one\ntwo\rthree</description>\n</item>").replace("\n", "\r\n"),
  J(items=[{"title": "T", "description": "one\n    two\n    three"}]))
V("attribute-value-normalization",
  "XML 1.0 3.3.3 Attribute-Value Normalization: literal tab and LF each become one space (the 4 spaces of indentation stay), &#9; and &#10; stay",
  chan("<item>\n  <title>T</title>\n  <category domain=\"a\tb\nc&#9;d&#10;e\">x</category>\n</item>"),
  J(items=[{"title": "T", "categories": [{"domain": "a b     c\td\ne", "value": "x"}]}]))
V("link-leading-whitespace",
  "RSS 2.0 Comments: 'RSS places restrictions on the first non-whitespace characters of the data in <link> and <url> elements' (white space before the URI is allowed, and trimmed)",
  doc("""\
      <title>Example Antenna</title>
      <link>
        http://example.com/
      </link>
      <description>Update times of example sites</description>
      <image>
        <url>  http://example.com/logo.gif  </url>
        <title>Example Antenna</title>
        <link>   http://example.com/</link>
      </image>"""),
  J(image={"url": "http://example.com/logo.gif", "title": "Example Antenna",
           "link": "http://example.com/"}))
V("link-uri-schemes",
  "RSS 2.0 Comments: link and url 'must begin with an IANA-registered URI scheme, such as http://, https://, news://, mailto: and ftp://'",
  chan("""\
      <item><title>https</title><link>https://example.com/secure</link></item>
      <item><title>news</title><link>news://news.example.com/comp.lang</link></item>
      <item><title>mailto</title><link>mailto:editor@example.com</link></item>
      <item><title>ftp</title><link>ftp://ftp.example.com/pub/</link></item>"""),
  J(items=[{"title": "https", "link": "https://example.com/secure"},
           {"title": "news", "link": "news://news.example.com/comp.lang"},
           {"title": "mailto", "link": "mailto:editor@example.com"},
           {"title": "ftp", "link": "ftp://ftp.example.com/pub/"}]))

# --- extensions ------------------------------------------------------------------
V("extensions-channel-ignored",
  "RSS 2.0 Extending RSS: 'A RSS feed may contain elements not described on this page, only if those elements are defined in a namespace'; protocol v1 leaves them out",
  doc("""\
      <title>Example Antenna</title>
      <atom:link href="http://example.com/rss.xml" rel="self" type="application/rss+xml"/>
      <link>http://example.com/</link>
      <dc:title>Not the channel title</dc:title>
      <description>Update times of example sites</description>
      <dc:creator>Someone</dc:creator>
      <sy:updatePeriod>hourly</sy:updatePeriod>""",
      rss_open='<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">'),
  J(),
  v2=dict(channel={"extensions": [
      E("link", ns=ATOM, attrs={"href": "http://example.com/rss.xml", "rel": "self",
                                "type": "application/rss+xml"}),
      E("title", "Not the channel title", ns=DC),
      E("creator", "Someone", ns=DC),
      E("updatePeriod", "hourly", ns=SY)]}))
V("extensions-item-ignored",
  "RSS 2.0 Extending RSS: namespaced elements inside <item> do not appear in protocol v1 JSON (dc:date is not pubDate, content:encoded is not description)",
  doc(BASE_XML + """
      <item>
        <title>T</title>
        <dc:title>Not the item title</dc:title>
        <dc:date>2002-09-07T00:00:01Z</dc:date>
        <content:encoded><![CDATA[<p>Full text</p>]]></content:encoded>
        <link>http://example.com/1</link>
      </item>""".replace("\n      ", "\n"),
      rss_open='<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">'),
  J(items=[{"title": "T", "link": "http://example.com/1"}]),
  v2=dict(items={0: {"extensions": [
      E("title", "Not the item title", ns=DC),
      E("date", "2002-09-07T00:00:01Z", ns=DC),
      E("encoded", "<p>Full text</p>", ns=CONTENT)]}}))
V("extension-default-namespace",
  "RSS 2.0 Extending RSS: 'the elements defined in this document are not themselves members of a namespace'; unprefixed title/link inside a default-namespaced extension are not RSS elements",
  chan("""\
      <meta xmlns="http://example.org/ns/meta">
        <title>Not the channel title</title>
        <link>http://wrong.example/</link>
        <item><title>Not an item</title></item>
      </meta>"""),
  J(),
  # The file's channel content is indented by four spaces, <meta>'s by two
  # more: the white space between its children is text.
  v2=dict(channel={"extensions": [
      E("meta",
        "\n      ", E("title", "Not the channel title", ns="http://example.org/ns/meta"),
        "\n      ", E("link", "http://wrong.example/", ns="http://example.org/ns/meta"),
        "\n      ", E("item", E("title", "Not an item", ns="http://example.org/ns/meta"),
                      ns="http://example.org/ns/meta"),
        "\n    ",
        ns="http://example.org/ns/meta")]}))
V("extension-attribute-ignored",
  "RSS 2.0 Extending RSS / protocol v1: a namespaced attribute on an RSS element is not part of the JSON",
  doc(BASE_XML + """
      <item>
        <title>T</title>
        <enclosure url="http://example.com/a.mp3" length="1" type="audio/mpeg" ext:bitrate="128"/>
      </item>""".replace("\n      ", "\n"),
      rss_open='<rss version="2.0" xmlns:ext="http://example.org/ns/ext">'),
  J(items=[{"title": "T", "enclosure": {"url": "http://example.com/a.mp3",
                                        "length": "1", "type": "audio/mpeg"}}]))

# --- empty elements, comments, PIs, declarations -------------------------------------
V("empty-elements",
  "XML 1.0 3.1 EmptyElemTag and start/end pairs with no content: elements present with value \"\"",
  chan("""\
      <language/>
      <copyright></copyright>
      <item>
        <title>T</title>
        <author/>
        <category/>
        <comments></comments>
      </item>"""),
  J(language="", copyright="",
    items=[{"title": "T", "author": "", "categories": [{"value": ""}], "comments": ""}]))
V("channel-description-empty",
  "RSS 2.0 Required channel elements: description is present (empty); the spec sets no minimum length",
  doc("<title>Example Antenna</title>\n<link>http://example.com/</link>\n<description/>"),
  J({"title": "Example Antenna", "link": "http://example.com/", "description": ""}))
V("comment-inside-text",
  "XML 1.0 2.5 Comments are not part of character data: 'Example<!-- c --> Antenna' is 'Example Antenna'",
  doc("<!-- channel -->\n<title>Example<!-- a comment --> Antenna</title>\n<link>http://example.com/</link>\n<description>Update times <!-- x -->of example sites</description>"),
  J())
V("processing-instructions",
  "XML 1.0 2.6 Processing instructions (xml-stylesheet before the root, one inside text) are not character data",
  '<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xsl" href="rss.xsl"?>\n<!-- generated -->\n'
  + chan("<item>\n  <title>A<?php echo 1; ?>B</title>\n</item>").split("\n", 1)[1],
  J(items=[{"title": "AB"}]))
V("xml-declaration-single-quotes-standalone",
  "XML 1.0 2.8 XMLDecl: single-quoted pseudo-attributes and standalone='yes'",
  chan().replace(DECL, "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"),
  J())

# --- dates (strings as written) ------------------------------------------------------
V("date-two-digit-year",
  "RSS 2.0 pubDate: 'All date-times in RSS conform to ... RFC 822, with the exception that the year may be expressed with two characters or four characters'",
  chan("<pubDate>Sat, 07 Sep 02 00:00:01 GMT</pubDate>"),
  J(pubDate="Sat, 07 Sep 02 00:00:01 GMT"))
V("date-named-zones",
  "RFC 822 5.1 zone = UT / GMT / EST / EDT / CST / CDT / MST / MDT / PST / PDT / 1ALPHA / ( (+/-) 4DIGIT ); dates kept as written",
  chan("""\
      <item><title>a</title><pubDate>Sat, 07 Sep 2002 00:00:01 EST</pubDate></item>
      <item><title>b</title><pubDate>Sat, 07 Sep 2002 00:00:01 PDT</pubDate></item>
      <item><title>c</title><pubDate>Sat, 07 Sep 2002 00:00:01 UT</pubDate></item>
      <item><title>d</title><pubDate>Sat, 07 Sep 2002 00:00:01 Z</pubDate></item>"""),
  J(items=[{"title": "a", "pubDate": "Sat, 07 Sep 2002 00:00:01 EST"},
           {"title": "b", "pubDate": "Sat, 07 Sep 2002 00:00:01 PDT"},
           {"title": "c", "pubDate": "Sat, 07 Sep 2002 00:00:01 UT"},
           {"title": "d", "pubDate": "Sat, 07 Sep 2002 00:00:01 Z"}]))
V("date-numeric-offset",
  "RFC 822 5.1 zone ( (\"+\" / \"-\") 4DIGIT ): local differential +0900",
  chan("<lastBuildDate>Sat, 07 Sep 2002 09:00:01 +0900</lastBuildDate>"),
  J(lastBuildDate="Sat, 07 Sep 2002 09:00:01 +0900"))
V("date-rfc822-optional-parts",
  "RFC 822 5.1 date-time = [ day \",\" ] date time; day 1*2DIGIT; seconds optional: no weekday, one-digit day, no seconds",
  chan("""\
      <item><title>a</title><pubDate>07 Sep 2002 00:00:01 GMT</pubDate></item>
      <item><title>b</title><pubDate>Sat, 7 Sep 2002 00:00:01 GMT</pubDate></item>
      <item><title>c</title><pubDate>Sat, 07 Sep 2002 00:00 GMT</pubDate></item>"""),
  J(items=[{"title": "a", "pubDate": "07 Sep 2002 00:00:01 GMT"},
           {"title": "b", "pubDate": "Sat, 7 Sep 2002 00:00:01 GMT"},
           {"title": "c", "pubDate": "Sat, 07 Sep 2002 00:00 GMT"}]))

# ===========================================================================
# LENIENT: departures real files commonly make. May reject; if accepted,
# the JSON must equal the expected one.
# ===========================================================================

L("textinput-lowercase",
  "RSS 2.0 <textInput> (element names are case-sensitive, XML 1.0 2.3); real-world-notes: 'textinput spelled in lower case'. JSON key stays textInput in v1; v2 names it as written, textinput",
  chan("""\
      <textinput>
        <title>Search</title>
        <description>Search the antenna</description>
        <name>q</name>
        <link>http://example.com/search.cgi</link>
      </textinput>"""),
  J(textInput={"title": "Search", "description": "Search the antenna",
               "name": "q", "link": "http://example.com/search.cgi"}),
  v2=dict(textinput_spelled_lowercase=True),
  alternatives={"ignored-as-unknown": (
      "XML 1.0 2.3: names are case-sensitive, so <textinput> is not RSS's <textInput> but an element RSS does not "
      "define, which a reader may ignore as it ignores <foo> (unnamespaced-unknown-element): no \"textInput\" in "
      "version 1; in version 2 an extension element in no namespace, as <foo> is",
      J(),
      dict(channel={"extensions": [E(
          "textinput", "\n      ", E("title", "Search"), "\n      ",
          E("description", "Search the antenna"), "\n      ", E("name", "q"), "\n      ",
          E("link", "http://example.com/search.cgi"), "\n    ")]}))})
L("version-missing",
  "RSS 2.0 What is RSS: 'the <rss> element ... has a mandatory attribute called version'; missing: the JSON leaves out \"version\"",
  doc(BASE_XML, rss_open="<rss>"), J(version=None))
L("version-0-93",
  "RSS 2.0 What is RSS: 'if it conforms to this specification, the version attribute must be 2.0'; 0.93 (a draft, not 0.91/0.92) kept as written",
  doc(BASE_XML, version="0.93"), J(version="0.93"))
L("version-0-94",
  "RSS 2.0 What is RSS: version must be 2.0; 0.94 (a draft) kept as written",
  doc(BASE_XML, version="0.94"), J(version="0.94"))
L("channel-title-missing",
  "RSS 2.0 Required channel elements: title missing; JSON leaves it out",
  doc("<link>http://example.com/</link>\n<description>Update times of example sites</description>"),
  J({"link": "http://example.com/", "description": "Update times of example sites"}))
L("channel-link-missing",
  "RSS 2.0 Required channel elements: link missing; JSON leaves it out",
  doc("<title>Example Antenna</title>\n<description>Update times of example sites</description>"),
  J({"title": "Example Antenna", "description": "Update times of example sites"}))
L("channel-description-missing",
  "RSS 2.0 Required channel elements: description missing; JSON leaves it out",
  doc("<title>Example Antenna</title>\n<link>http://example.com/</link>"),
  J({"title": "Example Antenna", "link": "http://example.com/"}))
L("item-no-title-no-description",
  "RSS 2.0 Elements of <item>: 'at least one of title or description must be present' (neither is)",
  chan("<item>\n  <link>http://example.com/1</link>\n  <guid>http://example.com/1</guid>\n</item>"),
  J(items=[{"link": "http://example.com/1", "guid": {"value": "http://example.com/1"}}]))
L("skiphours-24",
  "RSS 2.0 skipHours: '<hour> ... a number between 0 and 23'; 24 (the 0.91 1-24 convention) kept as written",
  chan("<skipHours>\n  <hour>1</hour>\n  <hour>24</hour>\n</skipHours>"),
  J(skipHours=["1", "24"]))
L("skipdays-lowercase",
  "RSS 2.0 skipDays: '<day> ... Monday, Tuesday, Wednesday, Thursday, Friday, Saturday or Sunday'; lower case kept as written",
  chan("<skipDays>\n  <day>saturday</day>\n</skipDays>"),
  J(skipDays=["saturday"]))
L("image-width-over-144",
  "RSS 2.0 <image>: 'Maximum value for width is 144'; 200 kept as written",
  chan("<image>\n  <url>http://example.com/logo.gif</url>\n  <title>Example Antenna</title>\n  <link>http://example.com/</link>\n  <width>200</width>\n</image>"),
  J(image={"url": "http://example.com/logo.gif", "title": "Example Antenna",
           "link": "http://example.com/", "width": "200"}))
L("image-height-over-400",
  "RSS 2.0 <image>: 'Maximum value for height is 400'; 500 kept as written",
  chan("<image>\n  <url>http://example.com/logo.gif</url>\n  <title>Example Antenna</title>\n  <link>http://example.com/</link>\n  <height>500</height>\n</image>"),
  J(image={"url": "http://example.com/logo.gif", "title": "Example Antenna",
           "link": "http://example.com/", "height": "500"}))
L("image-url-missing",
  "RSS 2.0 <image>: 'contains three required sub-elements' url, title, link (url missing)",
  chan("<image>\n  <title>Example Antenna</title>\n  <link>http://example.com/</link>\n</image>"),
  J(image={"title": "Example Antenna", "link": "http://example.com/"}))
L("image-title-link-differ-from-channel",
  "RSS 2.0 <image>: 'in practice the image <title> and <link> should have the same value as the channel's' (SHOULD not followed)",
  chan("<image>\n  <url>http://example.com/logo.gif</url>\n  <title>Logo</title>\n  <link>http://example.com/about/</link>\n</image>"),
  J(image={"url": "http://example.com/logo.gif", "title": "Logo",
           "link": "http://example.com/about/"}))
L("textinput-missing-name",
  "RSS 2.0 <textInput>: 'contains four required sub-elements' (name missing)",
  chan("<textInput>\n  <title>Search</title>\n  <description>Search the antenna</description>\n  <link>http://example.com/search.cgi</link>\n</textInput>"),
  J(textInput={"title": "Search", "description": "Search the antenna",
               "link": "http://example.com/search.cgi"}))
L("enclosure-missing-length",
  "RSS 2.0 <enclosure>: 'It has three required attributes' (length missing; left out of the JSON)",
  chan('<item>\n  <title>T</title>\n  <enclosure url="http://example.com/a.mp3" type="audio/mpeg"/>\n</item>'),
  J(items=[{"title": "T", "enclosure": {"url": "http://example.com/a.mp3", "type": "audio/mpeg"}}]))
L("enclosure-missing-type",
  "RSS 2.0 <enclosure>: 'It has three required attributes' (type missing)",
  chan('<item>\n  <title>T</title>\n  <enclosure url="http://example.com/a.mp3" length="100"/>\n</item>'),
  J(items=[{"title": "T", "enclosure": {"url": "http://example.com/a.mp3", "length": "100"}}]))
L("enclosure-url-not-http",
  "RSS 2.0 <enclosure>: 'The url must be an http url' (https used, as real podcasts do)",
  chan('<item>\n  <title>T</title>\n  <enclosure url="https://example.com/a.mp3" length="100" type="audio/mpeg"/>\n</item>'),
  J(items=[{"title": "T", "enclosure": {"url": "https://example.com/a.mp3",
                                        "length": "100", "type": "audio/mpeg"}}]))
L("source-missing-url",
  "RSS 2.0 <source>: 'It has one required attribute, url' (missing; JSON has only value)",
  chan("<item>\n  <title>T</title>\n  <source>Tomalak's Realm</source>\n</item>"),
  J(items=[{"title": "T", "source": {"value": "Tomalak's Realm"}}]))
L("pubdate-iso8601",
  "RSS 2.0 pubDate: 'All date-times in RSS conform to the Date and Time Specification of RFC 822' (W3C-DTF used instead; kept as written)",
  chan("<item>\n  <title>T</title>\n  <pubDate>2002-09-07T00:00:01+09:00</pubDate>\n</item>"),
  J(items=[{"title": "T", "pubDate": "2002-09-07T00:00:01+09:00"}]))
L("pubdate-no-zone",
  "RSS 2.0 pubDate / RFC 822 5.1: time = hour zone; the zone is missing",
  chan("<pubDate>Sat, 07 Sep 2002 00:00:01</pubDate>"),
  J(pubDate="Sat, 07 Sep 2002 00:00:01"))
L("link-relative",
  "RSS 2.0 Comments: link 'must begin with an IANA-registered URI scheme' (a relative reference; no URL resolution in the JSON)",
  chan("<item>\n  <title>T</title>\n  <link>/news/2002/09/07.html</link>\n</item>"),
  J(items=[{"title": "T", "link": "/news/2002/09/07.html"}]))
L("ttl-not-a-number",
  "RSS 2.0 <ttl>: 'ttl ... It's a number of minutes' (text instead; kept as written)",
  chan("<ttl>one hour</ttl>"), J(ttl="one hour"))
KEPT_ENTITY_WHY = ("XML 1.0 4.1 makes an undeclared entity a fatal error and gives no recovery; HTML's meaning is one "
                   "reading, the reference kept as the text written (as undeclared-entity keeps &bogus;) the other")
L("html-entity-nbsp",
  "XML 1.0 4.1 WFC Entity Declared (undeclared &nbsp; is a fatal error); real-world-notes: 'HTML entities such as &nbsp; that XML does not declare'. If accepted: the HTML meaning U+00A0",
  chan("<item>\n  <title>Hello&nbsp;World</title>\n</item>"),
  J(items=[{"title": "Hello\u00a0World"}]),
  alternatives={"kept-as-written": (
      KEPT_ENTITY_WHY, J(items=[{"title": "Hello&nbsp;World"}]), None)})
L("html-entities-named",
  "XML 1.0 4.1 WFC Entity Declared; real-world-notes: undeclared HTML named entities. If accepted: their HTML meaning (&copy; &mdash; &eacute; &hellip;)",
  chan("<item>\n  <title>&copy; 2002 &mdash; caf&eacute; &hellip;</title>\n</item>"),
  J(items=[{"title": "\u00a9 2002 \u2014 caf\u00e9 \u2026"}]),
  alternatives={"kept-as-written": (
      KEPT_ENTITY_WHY, J(items=[{"title": "&copy; 2002 &mdash; caf&eacute; &hellip;"}]), None)})
L("undeclared-entity",
  "XML 1.0 4.1 WFC Entity Declared: &bogus; is neither predefined, declared, nor an HTML entity (a fatal error). Feed readers (feedparser's loose parser) keep it as the text it is. If accepted: the text `&bogus;` as written",
  chan("<item>\n  <title>A &bogus; B</title>\n</item>"),
  J(items=[{"title": "A &bogus; B"}]))
L("bare-ampersand",
  "XML 1.0 2.4 Character Data: '&' MUST NOT appear in literal form except in markup (AT&T). Feed readers keep it as text. If accepted: the text with its '&'",
  chan("<item>\n  <title>AT&T news</title>\n</item>"),
  J(items=[{"title": "AT&T news"}]))
L("xml-declaration-after-white-space",
  "XML 1.0 2.8: the XML declaration comes first (a fatal error, as invalid/xml-declaration-not-at-start); real feeds made by templates start with a blank line, which feed readers skip (real-world-notes, feedparser #508), so this one departure is lenient. If accepted: the document as if the white space were not there",
  "\n  " + chan(),
  J())
L("undeclared-namespace-prefix",
  "Namespaces in XML 1.0 NSC Prefix Declared (itunes: used without xmlns:itunes, common in podcasts); XML 1.0 itself allows the colon. The element is an extension and does not appear in v1; in v2 it is in no namespace, named as written",
  chan("<itunes:author>Someone</itunes:author>\n<item>\n  <title>T</title>\n  <itunes:duration>00:01:00</itunes:duration>\n</item>"),
  J(items=[{"title": "T"}]),
  v2=dict(channel={"extensions": [E("itunes:author", "Someone")]},
          items={0: {"extensions": [E("itunes:duration", "00:01:00")]}}))
L("unnamespaced-unknown-element",
  "RSS 2.0 Extending RSS: extra elements allowed 'only if those elements are defined in a namespace' (<foo> is in none); it does not appear in v1, and is an extension element in no namespace in v2",
  chan("<foo>bar</foo>\n<item>\n  <title>T</title>\n  <bar baz=\"1\"/>\n</item>"),
  J(items=[{"title": "T"}]),
  v2=dict(channel={"extensions": [E("foo", "bar")]},
          items={0: {"extensions": [E("bar", attrs={"baz": "1"})]}}))
L("rss-in-userland-namespace",
  "RSS 2.0 Extending RSS: 'the elements defined in this document are not themselves members of a namespace'; the first RSS 2.0 draft (2002) put them in xmlns=\"http://backend.userland.com/rss2\", which 2.0.1 dropped; feeds of that time still carry it. If accepted: read as RSS 2.0",
  doc(BASE_XML + "\n<item>\n  <title>T</title>\n</item>",
      rss_open='<rss version="2.0" xmlns="http://backend.userland.com/rss2">'),
  J(items=[{"title": "T"}]),
  v2=dict(top={"namespace": "http://backend.userland.com/rss2"}),
  kept_because="Namespaces in XML 1.0 puts the root itself in that namespace, so a reader that ignores what is not "
               "RSS 2.0 ignores the whole document: it is no RSS 2.0 document, and rejecting it passes (lenient). "
               "Taking the namespaced <rss> (its version) as RSS but not its namespaced children would be half of "
               "each reading, so no answer with an empty channel is accepted")
L("rss091-sixteen-items",
  "RSS 2.0 Comments: 'There can be no more than 15 <items> in a 0.91 <channel>' (16 in a version=\"0.91\" file)",
  doc(BASE_XML + "\n" + "\n".join(f"<item><title>Item {n}</title><link>http://example.com/{n}</link></item>" for n in range(1, 17)),
      version="0.91"),
  J(items=[{"title": f"Item {n}", "link": f"http://example.com/{n}"} for n in range(1, 17)],
    version="0.91"))
L("rss091-title-over-100-chars",
  "RSS 2.0 Comments: 'In RSS 0.91, various elements are restricted to 500 or 100 characters' (a 120-character channel title in a 0.91 file)",
  doc(f"<title>{'0123456789' * 12}</title>\n<link>http://example.com/</link>\n<description>Update times of example sites</description>",
      version="0.91"),
  J({"title": "0123456789" * 12, "link": "http://example.com/",
     "description": "Update times of example sites"}, version="0.91"))

# ===========================================================================
# PROTOCOL VERSION 2: extension elements and attributes, several enclosures.
# The v1 JSON leaves the extensions out (as the cases above); the v2 JSON is
# written from the file: namespace URI, local name, attributes by expanded
# name, children with their white space exactly.
# ===========================================================================


def chan_ns(extra, namespaces):
    """chan(extra) in an <rss> that declares namespaces [(prefix, uri)]."""
    decls = "".join(f' xmlns:{p}="{u}"' for p, u in namespaces)
    return doc(BASE_XML + "\n" + dedent(extra).strip("\n"),
               rss_open=f'<rss version="2.0"{decls}>')


V("extension-media-rss",
  "RSS 2.0 Extending RSS (elements defined in a namespace); Media RSS 1.5.1: <media:rating> in the channel, <media:group> of <media:content>s, <media:thumbnail>, <media:title type> in an item. v2: the elements with their attributes, the white space between <media:group>'s children as text",
  chan_ns("""\
      <media:rating scheme="urn:simple">nonadult</media:rating>
      <item>
        <title>Trailer</title>
        <media:group>
          <media:content url="http://example.com/trailer.mp4" type="video/mp4" fileSize="1048576" isDefault="true"/>
          <media:content url="http://example.com/trailer.webm" type="video/webm" fileSize="917504"/>
        </media:group>
        <media:thumbnail url="http://example.com/trailer.jpg" width="120" height="90"/>
        <media:title type="plain">The trailer</media:title>
      </item>""", [("media", MEDIA)]),
  J(items=[{"title": "Trailer"}]),
  v2=dict(
      channel={"extensions": [
          E("rating", "nonadult", ns=MEDIA, attrs={"scheme": "urn:simple"})]},
      items={0: {"extensions": [
          # In the file <media:content> is indented by eight spaces and
          # </media:group> by six.
          E("group",
            "\n        ",
            E("content", ns=MEDIA, attrs={"url": "http://example.com/trailer.mp4",
                                          "type": "video/mp4", "fileSize": "1048576",
                                          "isDefault": "true"}),
            "\n        ",
            E("content", ns=MEDIA, attrs={"url": "http://example.com/trailer.webm",
                                          "type": "video/webm", "fileSize": "917504"}),
            "\n      ",
            ns=MEDIA),
          E("thumbnail", ns=MEDIA, attrs={"url": "http://example.com/trailer.jpg",
                                          "width": "120", "height": "90"}),
          E("title", "The trailer", ns=MEDIA, attrs={"type": "plain"})]}}))
V("extension-itunes",
  "RSS 2.0 Extending RSS; Apple Podcasts RSS tags: channel <itunes:author>, <itunes:explicit>, <itunes:image href>, nested <itunes:category text>, <itunes:owner> with <itunes:name> and <itunes:email>; item <itunes:duration>, <itunes:episode> beside an <enclosure>",
  chan_ns("""\
      <itunes:author>Example Antenna Crew</itunes:author>
      <itunes:explicit>false</itunes:explicit>
      <itunes:image href="http://example.com/cover.jpg"/>
      <itunes:category text="Technology"><itunes:category text="Podcasting"/></itunes:category>
      <itunes:owner><itunes:name>Crew</itunes:name><itunes:email>crew@example.com</itunes:email></itunes:owner>
      <item>
        <title>Episode 1</title>
        <enclosure url="http://example.com/ep1.mp3" length="123456" type="audio/mpeg"/>
        <itunes:duration>00:31:20</itunes:duration>
        <itunes:episode>1</itunes:episode>
      </item>""", [("itunes", ITUNES)]),
  J(items=[{"title": "Episode 1",
            "enclosure": {"url": "http://example.com/ep1.mp3", "length": "123456",
                          "type": "audio/mpeg"}}]),
  v2=dict(
      channel={"extensions": [
          E("author", "Example Antenna Crew", ns=ITUNES),
          E("explicit", "false", ns=ITUNES),
          E("image", ns=ITUNES, attrs={"href": "http://example.com/cover.jpg"}),
          E("category", E("category", ns=ITUNES, attrs={"text": "Podcasting"}),
            ns=ITUNES, attrs={"text": "Technology"}),
          E("owner", E("name", "Crew", ns=ITUNES),
            E("email", "crew@example.com", ns=ITUNES), ns=ITUNES)]},
      items={0: {"extensions": [
          E("duration", "00:31:20", ns=ITUNES),
          E("episode", "1", ns=ITUNES)]}}))
V("extension-dublin-core",
  "RSS 2.0 Extending RSS; Dublin Core elements (dc:rights, dc:date in the channel; dc:creator, two dc:subject, dc:date in an item), kept in order beside RSS's own copyright/pubDate, which they do not replace",
  chan_ns("""\
      <dc:rights>Copyright 2002 Example</dc:rights>
      <dc:date>2002-09-07T09:00:01+09:00</dc:date>
      <item>
        <title>T</title>
        <dc:creator>Hiya</dc:creator>
        <dc:subject>antenna</dc:subject>
        <dc:subject>update times</dc:subject>
        <dc:date>2002-09-07T00:00:01Z</dc:date>
      </item>""", [("dc", DC)]),
  J(items=[{"title": "T"}]),
  v2=dict(
      channel={"extensions": [E("rights", "Copyright 2002 Example", ns=DC),
                              E("date", "2002-09-07T09:00:01+09:00", ns=DC)]},
      items={0: {"extensions": [E("creator", "Hiya", ns=DC),
                                E("subject", "antenna", ns=DC),
                                E("subject", "update times", ns=DC),
                                E("date", "2002-09-07T00:00:01Z", ns=DC)]}}))
V("extension-content-encoded",
  "RSS 1.0 Content module <content:encoded> in an item; protocol v2: extension text is exact (not trimmed), references, character data and CDATA in a row are one string",
  chan_ns("""\
      <item>
        <description>Summary</description>
        <content:encoded>  &lt;p&gt;Tom &amp; Jerry&lt;/p&gt;<![CDATA[<p>more & more</p>]]>  </content:encoded>
      </item>""", [("content", CONTENT)]),
  J(items=[{"description": "Summary"}]),
  v2=dict(items={0: {"extensions": [
      E("encoded", "  <p>Tom & Jerry</p><p>more & more</p>  ", ns=CONTENT)]}}))
V("extension-attributes-on-rss-channel-item",
  "XML 1.0 2.12 (xml:lang on any element) and Namespaces in XML 1.0 6.3 (namespaced attributes); RSS 2.0 defines no attribute of <channel> or <item> and forbids none. v2: the attributes of <rss>, <channel> and <item> by expanded name, values not trimmed",
  doc(BASE_XML + '\n<item ex:rank="1" xml:lang="en" ex:note="  padded  ">\n  <title>T</title>\n</item>',
      rss_open='<rss version="2.0" xmlns:ex="http://example.org/ns/ext" ex:generated="2002-09-07">'
      ).replace("<channel>", '<channel xml:lang="ja" ex:id="antenna-1">'),
  J(items=[{"title": "T"}]),
  v2=dict(
      top={"attributes": {"{http://example.org/ns/ext}generated": "2002-09-07"}},
      channel={"attributes": {"{" + XML_NS + "}lang": "ja",
                              "{http://example.org/ns/ext}id": "antenna-1"}},
      items={0: {"attributes": {"{http://example.org/ns/ext}rank": "1",
                                "{" + XML_NS + "}lang": "en",
                                "{http://example.org/ns/ext}note": "  padded  "}}}))
V("extension-nested-elements",
  "RSS 2.0 Extending RSS; Namespaces in XML 1.0 (a prefix declared on the extension element itself is not an attribute): nested extension elements with attributes, xml:lang, and mixed text and element content",
  chan("""\
      <ex:publisher xmlns:ex="http://example.org/ns/pub" ex:id="42">
        <ex:name xml:lang="ja">例出版</ex:name>
        <ex:address kind="postal">1-2-3 <ex:city>Tokyo</ex:city> Japan</ex:address>
      </ex:publisher>"""),
  J(),
  v2=dict(channel={"extensions": [
      E("publisher",
        "\n      ",
        E("name", "例出版", ns="http://example.org/ns/pub", attrs={"{" + XML_NS + "}lang": "ja"}),
        "\n      ",
        E("address", "1-2-3 ", E("city", "Tokyo", ns="http://example.org/ns/pub"), " Japan",
          ns="http://example.org/ns/pub", attrs={"kind": "postal"}),
        "\n    ",
        ns="http://example.org/ns/pub", attrs={"{http://example.org/ns/pub}id": "42"})]}))
V("extension-after-channel",
  "RSS 2.0 Extending RSS: a namespaced element under <rss> beside the <channel>; v2: the top-level extensions",
  chan().replace("  </channel>\n</rss>",
                 '  </channel>\n  <sig:signature xmlns:sig="http://example.org/ns/sig" alg="none">c2lnbmF0dXJl</sig:signature>\n</rss>'),
  J(),
  v2=dict(top={"extensions": [
      E("signature", "c2lnbmF0dXJl", ns="http://example.org/ns/sig", attrs={"alg": "none"})]}))
V("extension-in-image-and-textinput",
  "RSS 2.0 Extending RSS: namespaced elements inside <image> and <textInput>; v2: their extensions",
  chan_ns("""\
      <image>
        <url>http://example.com/logo.gif</url>
        <title>Example Antenna</title>
        <link>http://example.com/</link>
        <dc:rights>CC BY</dc:rights>
      </image>
      <textInput>
        <title>Search</title>
        <description>Search the antenna</description>
        <name>q</name>
        <link>http://example.com/search.cgi</link>
        <ex:method xmlns:ex="http://example.org/ns/form">GET</ex:method>
      </textInput>""", [("dc", DC)]),
  J(image={"url": "http://example.com/logo.gif", "title": "Example Antenna",
           "link": "http://example.com/"},
    textInput={"title": "Search", "description": "Search the antenna",
               "name": "q", "link": "http://example.com/search.cgi"}),
  v2=dict(image={"extensions": [E("rights", "CC BY", ns=DC)]},
          text_input={"extensions": [E("method", "GET", ns="http://example.org/ns/form")]}))
L("item-several-enclosures",
  "RSS 2.0.1 <enclosure>: an item has one; podcast feeds write several, and readers take them all. v1: the first (conformance/README.md); v2: every one, in file order",
  chan("""\
      <item>
        <title>T</title>
        <enclosure url="http://example.com/a.mp3" length="100" type="audio/mpeg"/>
        <enclosure url="http://example.com/a.ogg" length="90" type="audio/ogg"/>
        <enclosure url="http://example.com/a.m4a" length="80" type="audio/mp4"/>
      </item>"""),
  J(items=[{"title": "T", "enclosure": {"url": "http://example.com/a.mp3",
                                        "length": "100", "type": "audio/mpeg"}}]),
  v2=dict(items={0: {"enclosures": [
      {"url": "http://example.com/a.mp3", "length": "100", "type": "audio/mpeg"},
      {"url": "http://example.com/a.ogg", "length": "90", "type": "audio/ogg"},
      {"url": "http://example.com/a.m4a", "length": "80", "type": "audio/mp4"}]}}))
L("undeclared-prefix-attribute",
  "Namespaces in XML 1.0 NSC Prefix Declared: itunes:order on <item> with no xmlns:itunes. If accepted: v1 does not show it; v2 keys it by the name as written (in no namespace)",
  chan('<item itunes:order="2">\n  <title>T</title>\n</item>'),
  J(items=[{"title": "T"}]),
  v2=dict(items={0: {"attributes": {"itunes:order": "2"}}}))


# ===========================================================================
# PROTOCOL VERSION 2 ONLY: markup kept as source. conformance/README.md:
# "Unescaped markup inside an RSS text element (<description>Hi
# <b>you</b></description>, lenient) is, in version 2, part of the text as
# its source, exactly as written (tags, attributes and references
# unexpanded) ... Version 1 leaves this open." So these have no v1 JSON.
# Written from that rule: from a child element's start tag through its end
# tag, the characters of the file as they stand (after XML 1.0 2.11
# end-of-line handling, which comes before parsing; no CR here); the text
# around the markup is the element's text as in every other case
# (references expanded, CDATA's content), and the whole value is trimmed of
# XML white space at its ends like every RSS text value.
# ===========================================================================

L2("markup-in-description-kept-as-source",
  "XML 1.0 3 (element content) in RSS 2.0 <description>, which holds text; real feeds write HTML unescaped. conformance/README.md protocol v2: the markup is part of the text as its source, 'Hi <b>you</b>' (the README's own example). v1 leaves it open: protocol 2 only",
  chan("<item>\n  <title>T</title>\n  <description>Hi <b>you</b></description>\n</item>"),
  J(items=[{"title": "T", "description": "Hi <b>you</b>"}]))
L2("markup-attributes-and-references-as-written",
  "conformance/README.md protocol v2: markup in an RSS text element exactly as written, 'tags, attributes and references unexpanded': the attribute quotes (double and single), &amp; in an attribute and in the child's text, a character reference and a space before '>' stay as in the file. Protocol 2 only",
  chan("""\
      <item>
        <title>T</title>
        <description><p class="note">Read <a href="http://example.com/?a=1&amp;b=2" title='AT&amp;T' >AT&amp;T &#x263A;</a></p></description>
      </item>"""),
  J(items=[{"title": "T", "description":
            "<p class=\"note\">Read <a href=\"http://example.com/?a=1&amp;b=2\" title='AT&amp;T' >AT&amp;T &#x263A;</a></p>"}]))
L2("markup-nested-in-title-and-descriptions",
  "conformance/README.md protocol v2: markup in any RSS text element (the channel's description, an item's title and description) as its source: nested elements, an empty-element tag <br/>, a CDATA section inside the markup written as such; the value trimmed of the line ends and indentation around it, as every RSS text value is. Protocol 2 only",
  doc("""\
      <title>Example Antenna</title>
      <link>http://example.com/</link>
      <description>Update times of <em>example</em> sites</description>
      <item>
        <title>New <em>release</em></title>
        <description>
          <p>One<br/>two <i>three</i> <![CDATA[4 < 5]]></p>
        </description>
      </item>"""),
  J(dict(BASE, description="Update times of <em>example</em> sites"),
    items=[{"title": "New <em>release</em>",
            "description": "<p>One<br/>two <i>three</i> <![CDATA[4 < 5]]></p>"}]))
L2("markup-between-escaped-text",
  "conformance/README.md protocol v2: only the markup is kept as its source; the text around it is the element's text as always (XML 1.0 4.6: &amp; and &lt; are '&' and '<'; 2.7: a CDATA section's content), so escaped text and unescaped markup in one value read differently: 'Tom & Jerry <b>bold</b> <3 <i>'. Protocol 2 only",
  chan("<item>\n  <title>T</title>\n  <description>Tom &amp; Jerry <b>bold</b> &lt;3 <![CDATA[<i>]]></description>\n</item>"),
  J(items=[{"title": "T", "description": "Tom & Jerry <b>bold</b> <3 <i>"}]))


# ===========================================================================
# INVALID: a conforming decoder rejects. XML 1.0 well-formedness errors are
# fatal errors (XML 1.0 1.2 'fatal error ... MUST NOT continue normal
# processing'); the RSS structure errors below have no recovery.
# ===========================================================================

I("unclosed-tag-at-eof",
  "XML 1.0 2.1 document ::= prolog element Misc*: the file ends before </rss> (root element never closed)",
  chan()[: -len("</rss>\n")])
I("mismatched-tag",
  "XML 1.0 3 WFC Element Type Match: <title> closed by </titel>",
  chan().replace("<title>Example Antenna</title>", "<title>Example Antenna</titel>"))
I("two-root-elements",
  "XML 1.0 2.1: exactly one root element; a second <rss> follows the first",
  chan() + '<rss version="2.0"><channel><title>x</title></channel></rss>\n')
I("content-after-root-element",
  "XML 1.0 2.1 document ::= prolog element Misc*: character data after the root element",
  chan() + "trailing garbage\n")
I("no-root-element",
  "XML 1.0 2.1: a document contains one or more elements (only an XML declaration here)",
  DECL)
I("empty-file",
  "XML 1.0 2.1: an empty file is not a well-formed document",
  b"")
I("less-than-in-text",
  "XML 1.0 2.4 Character Data: '<' MUST NOT appear in its literal form in character data",
  chan("<item>\n  <title>1 < 2</title>\n</item>"))
I("less-than-in-attribute-value",
  "XML 1.0 3.1 WFC No < in Attribute Values",
  chan('<category domain="a<b">x</category>'))
I("attribute-unquoted",
  "XML 1.0 3.1 AttValue must be quoted: isPermaLink=false",
  chan("<item>\n  <title>T</title>\n  <guid isPermaLink=false>x</guid>\n</item>"))
I("attribute-duplicate",
  "XML 1.0 3.1 WFC Unique Att Spec: url given twice on <enclosure>",
  chan('<item>\n  <title>T</title>\n  <enclosure url="http://example.com/a.mp3" url="http://example.com/b.mp3" length="1" type="audio/mpeg"/>\n</item>'))
I("element-name-starts-with-digit",
  "XML 1.0 2.3 Name: a name cannot start with a digit (<1title>)",
  chan("<1title>x</1title>"))
I("comment-double-hyphen",
  "XML 1.0 2.5 Comments: the string '--' MUST NOT occur within comments",
  chan("<!-- a -- b -->"))
I("cdata-unclosed",
  "XML 1.0 2.7 CDSect: a CDATA section that is never closed",
  chan("<item>\n  <title><![CDATA[open forever</title>\n</item>"))
I("cdata-end-in-text",
  "XML 1.0 2.4: 'character data MUST NOT contain the literal string ]]>'",
  chan("<item>\n  <title>a ]]> b</title>\n</item>"))
L("control-character-in-text",
  "XML 1.0 2.2 Char excludes U+000B (a fatal error; XML gives no recovery); real-world-notes mention control characters. If accepted: the text without it (this project's reading: no XML 1.0 file can carry it back), or with it (alternative)",
  chan("<item>\n  <title>bad@@char</title>\n</item>").encode("utf-8").replace(b"@@", b"\x0b"),
  J(items=[{"title": "badchar"}]),
  alternatives={"kept": (
      "XML 1.0 gives no recovery from a character that is not a Char: leaving it out and keeping it are both "
      "readings of a file the spec does not read; most readers that accept the file keep it",
      J(items=[{"title": "bad\u000bchar"}]), None)})
I("char-ref-illegal-character",
  "XML 1.0 4.1 WFC Legal Character: &#1; is not a Char in XML 1.0",
  chan("<item>\n  <title>bad&#1;ref</title>\n</item>"))
I("char-ref-surrogate",
  "XML 1.0 4.1 WFC Legal Character: &#xD800; is a surrogate, not a Char",
  chan("<item>\n  <title>bad&#xD800;ref</title>\n</item>"))
I("char-ref-uppercase-x",
  "XML 1.0 4.1 CharRef ::= '&#' [0-9]+ ';' | '&#x' [0-9a-fA-F]+ ';' (the x is lower case; &#X41; is not a reference)",
  chan("<item>\n  <title>&#X41;</title>\n</item>"))
REPLACEMENT_WHY = ("XML 1.0 4.3.3 makes the bytes a fatal error and gives no recovery; the WHATWG Encoding Standard's "
                   "UTF-8 decoder (and Unicode's 'maximal subpart' practice) reads each ill-formed sequence as U+FFFD, "
                   "as defensible as the Windows-1252 fallback")
L("invalid-utf8-bytes",
  "XML 1.0 4.3.3: 'It is a fatal error ... if an XML entity ... contains byte sequences that are not legal in that encoding' (C3 28 in UTF-8). Feed readers (feedparser) fall back to Windows-1252, which decodes any bytes. If accepted: the Windows-1252 reading, C3 28 as 'Ã('",
  chan("<item>\n  <title>bad@@ bytes</title>\n</item>").encode("utf-8").replace(b"@@", b"\xc3\x28"),
  J(items=[{"title": "bad\u00c3( bytes"}]),
  alternatives={"replacement-character": (
      REPLACEMENT_WHY + " (C3 is one U+FFFD, 28 is '(')",
      J(items=[{"title": "bad\ufffd( bytes"}]), None)})
L("invalid-utf8-encoded-surrogate",
  "XML 1.0 4.3.3 fatal error: ED A0 80 (an encoded surrogate) is not legal UTF-8. If accepted: the Windows-1252 fallback, ED A0 80 as 'í', U+00A0, '€'",
  chan("<item>\n  <title>bad@@ bytes</title>\n</item>").encode("utf-8").replace(b"@@", b"\xed\xa0\x80"),
  J(items=[{"title": "bad\u00ed\u00a0\u20ac bytes"}]),
  alternatives={"replacement-character": (
      REPLACEMENT_WHY + " (ED A0 80 is three: A0 cannot follow ED, and A0 and 80 start nothing)",
      J(items=[{"title": "bad\ufffd\ufffd\ufffd bytes"}]), None)})
L("encoding-declared-euc-jp-bytes-utf8",
  "XML 1.0 4.3.3: 'It is a fatal error for an entity including an encoding declaration to be presented ... in an encoding other than that named' (declares EUC-JP, bytes are UTF-8 that EUC-JP cannot decode). real-world-notes: the declared charset can be wrong; feed readers then try UTF-8. If accepted: the UTF-8 text",
  ja_doc('<?xml version="1.0" encoding="EUC-JP"?>\n').encode("utf-8"),
  J(JA_CH, JA_ITEM))
I("encoding-unknown-name",
  "XML 1.0 4.3.3: 'It is a fatal error when an XML processor encounters an entity with an encoding that it is unable to process'",
  chan().replace('encoding="UTF-8"', 'encoding="x-no-such-charset"'))
I("xml-declaration-not-at-start",
  "XML 1.0 2.8 / 2.6: the XML declaration must be at the very start; after other content '<?xml' is a PI with a reserved target",
  "<!-- c -->" + chan(),
  kept_because="XML 1.0 1.2: a fatal error, after which a processor 'MUST NOT continue normal processing'. "
               "lenient/xml-declaration-after-white-space breaks the same rule and is lenient only as a departure "
               "real feeds commonly make (white space left by templates, real-world-notes: feedparser #508); a "
               "comment before the declaration is not one, so the spec's verdict stands")
I("xml-declaration-missing-version",
  "XML 1.0 2.8 XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>' (VersionInfo missing)",
  chan().replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml encoding="UTF-8"?>'))
I("xml-declaration-uppercase",
  "XML 1.0 2.8 / 2.6: '<?XML' is not the XML declaration and PI targets matching [Xx][Mm][Ll] are reserved",
  chan().replace("<?xml ", "<?XML "))
I("xml-declaration-bad-standalone",
  "XML 1.0 2.9 SDDecl: standalone must be 'yes' or 'no'",
  chan().replace('encoding="UTF-8"?>', 'encoding="UTF-8" standalone="maybe"?>'))
I("root-element-rdf",
  "RSS 2.0 What is RSS: 'At the top level, a RSS document is a <rss> element'; an RSS 1.0 <rdf:RDF> root is not RSS 2.0",
  DECL + '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">\n  <channel rdf:about="http://example.com/">\n    <title>Example Antenna</title>\n    <link>http://example.com/</link>\n    <description>Update times of example sites</description>\n  </channel>\n</rdf:RDF>\n')
I("root-element-uppercase-rss",
  "RSS 2.0 What is RSS: the root is <rss>; XML 1.0 names are case-sensitive, so <RSS> is another element",
  chan().replace('<rss version="2.0">', '<RSS version="2.0">').replace("</rss>", "</RSS>"))
I("no-channel",
  "RSS 2.0 What is RSS: 'Subordinate to the <rss> element is a single <channel> element' (none)",
  DECL + '<rss version="2.0">\n</rss>\n',
  kept_because="Not a missing required element of the lenient policy (which is about the elements inside a "
               "channel, item, image, textInput, enclosure, ...: the channel is still read, the member left out). "
               "The channel is the document's content: RSS 2.0 has exactly one, and so has the protocol's JSON, "
               "whose \"channel\" is no optional member. With none (or two, two-channels) there is no channel "
               "to read, as with a root that is not <rss>")
I("two-channels",
  "RSS 2.0 What is RSS: 'a single <channel> element' (two; the JSON shape has one channel)",
  chan().replace("</rss>", "  <channel>\n    <title>Second</title>\n    <link>http://example.org/</link>\n    <description>Second channel</description>\n  </channel>\n</rss>"),
  beyond_spec="RSS 2.0 says what a document is ('Subordinate to the <rss> element is a single <channel> "
              "element'), not that a reader must refuse one that is not; every RSS reader run by cargo xtask "
              "peers reads this file (one channel kept, the first taken, or the two concatenated). This project "
              "refuses it: with two channels there is no one channel to read, and keeping one would drop the "
              "other's items silently (the protocol's JSON has one channel)")


# ===========================================================================
def toml_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    names = set()
    for verdict, name, _spec, _data, _exp, _exp2, _notes in CASES:
        key = (verdict, name)
        if key in names:
            raise SystemExit(f"duplicate case {verdict}/{name}")
        if not all(c.isalnum() or c == "-" for c in name):
            raise SystemExit(f"bad case name {name}")
        names.add(key)
    for folder in ("valid", "invalid", "lenient", BEYOND_SPEC):
        path = os.path.join(ROOT, folder)
        if os.path.isdir(path):
            shutil.rmtree(path)
    for verdict, name, _spec, data, expected, expected_v2, notes in CASES:
        folder = os.path.join(ROOT, *([BEYOND_SPEC] if notes["beyond_spec"] else []), verdict)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, name + ".xml"), "wb") as f:
            f.write(data)
        files = [(".json", expected), (".v2.json", expected_v2)]
        for reading, (_why, alt, alt_v2) in notes["alternatives"].items():
            files += [(f".alt-{reading}.json", alt), (f".alt-{reading}.v2.json", alt_v2)]
        for suffix, value in files:
            if value is not None:
                text = json.dumps(value, ensure_ascii=False, indent=2) + "\n"
                with open(os.path.join(folder, name + suffix), "wb") as f:
                    f.write(text.encode("utf-8"))
    lines = [
        "# RSS 2.0 conformance cases: one entry per case, per verdict.",
        "# Generated by conformance/tools/make_rss_cases.py (edit that, then rerun).",
        "# spec = the rule of RSS 2.0.1 / XML 1.0 / the protocol the case exercises.",
        "#",
        "# Policy on XML errors: a well-formedness error is a fatal error in XML 1.0",
        "# (1.2: the processor MUST NOT continue normal processing), so those cases are",
        "# invalid. The one exception is undeclared HTML named entities (&nbsp;, &copy;",
        "# ...): real-world-notes lists them as common in real feeds and HTML fixes",
        "# their meaning, so they are lenient (expected: the HTML character). An",
        "# undeclared name that is not an HTML entity (&bogus;), a bare '&' and white",
        "# space before the XML declaration are lenient too: feed readers (feedparser's",
        "# loose parser) keep the text as written and skip the space (expected: the",
        "# text with its '&'). A literal C0 control character is lenient too (left out:",
        "# no XML 1.0 file could carry it back); a reference to one (&#1;) stays invalid.",
        "# Missing required RSS elements/attributes inside the channel (a channel's",
        "# title, an enclosure's url ...), out-of-range values and non-RFC-822 dates",
        "# are lenient: the channel is still read and the JSON leaves the member out or",
        "# keeps the text as written. A missing version attribute makes the JSON leave",
        "# out \"version\". The channel itself is not such an element: RSS 2.0 has exactly",
        "# one and so has the JSON, so no <channel> (or two) is invalid (no-channel).",
        "#",
        "# Fair expectations (README, \"More than one answer\" and \"Cases beyond the",
        "# specs\"): alternative.<reading> names another answer the spec allows, in",
        "# <name>.alt-<reading>.json; kept-because says why a case has one answer",
        "# though readers give others; [beyond-spec.*] cases (beyond-spec/<verdict>/)",
        "# demand more than the specs, and beyond-spec says what the specs allow.",
        "#",
        "# Shape decisions (protocol v1 leaves them open): \"items\" is always present",
        "# ([] for a channel without items); \"categories\", \"skipHours\", \"skipDays\" only",
        "# when the element occurs. Trimming applies to an element's whole decoded text",
        "# (character data + CDATA + references), after XML 1.0 end-of-line handling and,",
        "# for attributes, XML 1.0 3.3.3 attribute-value normalization. Lower-case",
        "# <textinput> maps to \"textInput\"; RSS elements in the 2002 draft namespace",
        "# http://backend.userland.com/rss2 are read as RSS (both lenient). Not covered",
        "# on purpose: a repeated single-valued element (e.g. two channel <title>s):",
        "# neither spec nor protocol gives the JSON for it.",
        "#",
        "# Protocol version 2: a case whose v2 JSON differs from its v1 JSON has",
        "# <name>.v2.json beside <name>.json (extension elements and attributes,",
        "# \"enclosures\", \"namespace\", \"textinput\"); the others have the same JSON",
        "# in both versions. A protocol 2 case has <name>.v2.json alone: version 1",
        "# leaves its JSON open (unescaped markup inside an RSS text element, the",
        "# lenient markup-* cases: version 2 keeps it as its source, exactly as",
        "# written), and the runner skips it under protocol 1.",
        "",
    ]
    for beyond in (False, True):
        for verdict in ("valid", "lenient", "invalid"):
            chosen = (c for c in CASES if c[0] == verdict and bool(c[6]["beyond_spec"]) == beyond)
            for v, name, spec, _d, _e, _e2, notes in sorted(chosen, key=lambda c: c[1]):
                table = f"{BEYOND_SPEC}.{verdict}" if beyond else verdict
                lines.append(f"[{table}.{name}]")
                lines.append(f"spec = {toml_str(spec)}")
                if notes["beyond_spec"]:
                    lines.append(f"beyond-spec = {toml_str(notes['beyond_spec'])}")
                for reading, (why, _a, _a2) in notes["alternatives"].items():
                    lines.append(f"alternative.{reading} = {toml_str(why)}")
                if notes["kept_because"]:
                    lines.append(f"kept-because = {toml_str(notes['kept_because'])}")
                lines.append("")
    with open(os.path.join(ROOT, "cases.toml"), "wb") as f:
        f.write("\n".join(lines).encode("utf-8"))
    counts = {v: sum(1 for c in CASES if c[0] == v) for v in ("valid", "invalid", "lenient")}
    print(counts, "total", len(CASES), file=sys.stderr)


if __name__ == "__main__":
    main()
