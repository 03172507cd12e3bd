#!/usr/bin/env python3
"""An RSS 2.0 decoder for the conformance protocol (version 1), built on
Python's feedparser (https://pypi.org/project/feedparser/, the version
pinned in requirements.txt beside this file).

    python3 feedparser_decoder.py --format rss2 < feed.xml
    python3 feedparser_decoder.py --version

It proves the suite on an implementation this project did not write: it
maps what feedparser gives to the protocol's JSON as faithfully as
feedparser allows, and changes nothing in feedparser itself. Where
feedparser keeps no trace of something the protocol shows (the `version`
attribute as written, an explicit isPermaLink="true", skipHours), the
output differs, and conformance/adapters/feedparser.expected-failures lists
those cases with the reason.

Rejection. feedparser never refuses a document: it sets `bozo` and keeps
going with its loose parser. The adapter rejects (exit 1) exactly when
`bozo_exception` is one of

- xml.sax.SAXException (SAXParseException and the rest): the strict XML
  parser found the document not well-formed (XML 1.0 §1.2: a fatal error);
- feedparser.CharacterEncodingUnknown: no encoding decodes the bytes;
- feedparser.CharacterEncodingOverride: the bytes do not decode in the
  encoding the document declares (the adapter passes no HTTP headers, so
  the override can only come from the document itself; XML 1.0 §4.3.3 makes
  that a fatal error);

or when the document is not RSS 0.9x/2.0 (feedparser's `version` does not
name one: Atom, RDF, or no feed at all), or when feedparser itself raises
(its loose parser does on `&#xD800;`). Other bozo exceptions
(NonXMLContentType, UndeclaredNamespace) do not reject.

The input is read by feedparser with sanitize_html=False and
resolve_relative_uris=False, so that text comes through as written. What
the adapter does on top, each because the protocol's shape asks it:

- attribute values are trimmed of XML white space (feedparser keeps the
  spaces, the protocol trims them);
- `updated` and `published` are read without feedparser's fallback from one
  to the other (channel lastBuildDate and pubDate stay apart);
- a guid feedparser took as the item's link (a permalink guid in an item
  without <link>) is not shown as a link; isPermaLink is shown as "false"
  when feedparser says the guid is not a permalink and the item has no link
  (the only case where that can only come from the attribute), and never
  as "true" (feedparser does not keep whether the attribute was written).
"""

import io
import json
import sys
import xml.sax

import feedparser

REJECTING = (
    xml.sax.SAXException,
    feedparser.CharacterEncodingUnknown,
    feedparser.CharacterEncodingOverride,
)

# feedparser's `version` for each version attribute it knows; the protocol
# wants the attribute as written, which feedparser does not keep.
VERSIONS = {
    "rss20": "2.0",
    "rss091u": "0.91",
    "rss091n": "0.91",
    "rss092": "0.92",
    "rss093": "0.93",
    "rss094": "0.94",
}


def members(*pairs):
    """An object of the members whose value is not None, in order."""
    return {key: value for key, value in pairs if value is not None}


XML_SPACE = " \t\r\n"


def text(value):
    """A string member (feedparser gives ints for some numbers)."""
    if value is None:
        return None
    return str(value)


def attribute(value):
    """An attribute's value, trimmed of XML white space as the protocol
    says (feedparser keeps it)."""
    if value is None:
        return None
    return str(value).strip(XML_SPACE)


def raw(d, key):
    """`d[key]` without FeedParserDict's fallbacks (`updated` answers with
    `published` when absent)."""
    return dict.get(d, key)


def categories(tags):
    out = [members(("domain", attribute(tag.get("scheme"))), ("value", tag.get("term") or "")) for tag in tags or []]
    return out or None


def channel_json(feed):
    cloud = feed.get("cloud")
    image = feed.get("image")
    text_input = feed.get("textinput")
    return members(
        ("title", feed.get("title")),
        ("link", feed.get("link")),
        ("description", feed.get("subtitle")),
        ("language", feed.get("language")),
        ("copyright", feed.get("rights")),
        ("managingEditor", feed.get("author")),
        ("webMaster", feed.get("publisher")),
        ("pubDate", raw(feed, "published")),
        ("lastBuildDate", raw(feed, "updated")),
        ("categories", categories(feed.get("tags"))),
        ("generator", feed.get("generator")),
        ("docs", feed.get("docs")),
        ("cloud", cloud and members(
            ("domain", attribute(cloud.get("domain"))),
            ("port", attribute(cloud.get("port"))),
            ("path", attribute(cloud.get("path"))),
            ("registerProcedure", attribute(cloud.get("registerprocedure"))),
            ("protocol", attribute(cloud.get("protocol"))),
        )),
        ("ttl", feed.get("ttl")),
        ("image", image and members(
            ("url", image.get("href")),
            ("title", image.get("title")),
            ("link", image.get("link")),
            ("width", text(image.get("width"))),
            ("height", text(image.get("height"))),
            ("description", image.get("description")),
        )),
        ("rating", feed.get("rating")),
        ("textInput", text_input and members(
            ("title", text_input.get("title")),
            ("description", text_input.get("description")),
            ("name", text_input.get("name")),
            ("link", text_input.get("link")),
        )),
        # feedparser does not read skipHours or skipDays.
    )


def item_json(entry):
    enclosures = entry.get("enclosures") or []
    link = raw(entry, "link")
    guid = None
    if "id" in entry:
        permalink = raw(entry, "guidislink")
        if permalink and link == entry["id"]:
            link = None  # feedparser copied the permalink guid to `link`
        guid = members(("value", entry["id"]),
                       ("isPermaLink", "false" if permalink is False and link is None else None))
    source = entry.get("source")
    return members(
        ("title", entry.get("title")),
        ("link", link),
        ("description", entry.get("summary")),
        ("author", entry.get("author")),
        ("categories", categories(entry.get("tags"))),
        ("comments", entry.get("comments")),
        ("enclosure", enclosures and members(
            ("url", attribute(enclosures[0].get("href"))),
            ("length", attribute(enclosures[0].get("length"))),
            ("type", attribute(enclosures[0].get("type"))),
        ) or None),
        ("guid", guid),
        ("pubDate", raw(entry, "published")),
        ("source", source and members(("url", attribute(source.get("href"))), ("value", source.get("title") or ""))),
    )


def decode(data):
    """The protocol JSON of `data`, or raises ValueError saying why it is
    rejected."""
    try:
        parsed = feedparser.parse(io.BytesIO(data), sanitize_html=False, resolve_relative_uris=False)
    except Exception as error:  # feedparser's own failure: nothing to show
        raise ValueError(f"feedparser raised {type(error).__name__}: {error}") from error
    if parsed.get("bozo") and isinstance(parsed.get("bozo_exception"), REJECTING):
        exception = parsed["bozo_exception"]
        raise ValueError(f"not well-formed ({type(exception).__name__}): {exception}")
    version = parsed.get("version", "")
    if not version.startswith("rss") or version in ("rss090", "rss10"):
        raise ValueError(f"not an RSS 0.9x/2.0 document (feedparser says {version or 'nothing'!r})")
    return members(
        ("format", "rss2"),
        ("version", VERSIONS.get(version)),
        ("channel", channel_json(parsed.get("feed", {}))),
        ("items", [item_json(entry) for entry in parsed.get("entries", [])]),
    )


def main(argv):
    if argv[1:] == ["--version"]:
        print(f"feedparser {feedparser.__version__} (Python {sys.version.split()[0]})")
        return 0
    if argv[1:] != ["--format", "rss2"]:
        print("usage: feedparser_decoder.py --format rss2 (feedparser reads RSS only here)", file=sys.stderr)
        return 2
    try:
        document = decode(sys.stdin.buffer.read())
    except ValueError as error:
        print(f"feedparser_decoder: {error}", file=sys.stderr)
        return 1
    sys.stdout.write(json.dumps(document, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
