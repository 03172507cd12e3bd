#!/usr/bin/env python3
"""Generate the HINA-DI and LIRS conformance cases.

Usage: python3 make_cases.py <repo-root>

The committed case files under conformance/ are the source of truth; this
script is the record of how they were made. Every expected JSON below is
written out by hand from the specification and the conformance protocol, NOT
computed by parsing the bytes. Bytes are written exactly (CRLF, EUC-JP,
Shift_JIS, gzip with mtime=0), so the output is reproducible.
"""

import gzip
import io
import json
import sys
from pathlib import Path

CRLF = "\r\n"
LF = "\n"

CASES = []  # (fmt, verdict, name, ext, data: bytes, expected: dict | None, spec)


def add(fmt, verdict, name, ext, data, expected, spec):
    assert verdict in ("valid", "invalid", "lenient")
    assert (expected is None) == (verdict == "invalid"), name
    assert "." not in name, name
    assert isinstance(data, bytes)
    CASES.append((fmt, verdict, name, ext, data, expected, spec))


# (fmt, verdict, name) -> {reading: (why, expected)}: other answers the spec
# allows (conformance/README.md, "More than one answer"), written to
# <name>.alt-<reading>.json and named in cases.toml as alternative.<reading>.
ALTERNATIVES = {}


def alternative(fmt, verdict, name, reading, why, expected):
    assert verdict in ("valid", "lenient"), name
    assert all(c.islower() or c.isdigit() or c == "-" for c in reading), reading
    assert any(c[:3] == (fmt, verdict, name) for c in CASES), f"no case {fmt}/{verdict}/{name}"
    ALTERNATIVES.setdefault((fmt, verdict, name), {})[reading] = (why, expected)


# ---------------------------------------------------------------- HINA-DI

UA = "WDB/2.10 (Antenna; HINA/2.2beta; WWW-Dancing-Bee)"
URL1 = "http://www.hoge.jp/foo/"
URL2 = "http://www.example.jp/diary/"
URL3 = "http://www.example.ne.jp/~taro/"
LM1 = "Sat, 07 Sep 2002 00:00:01 GMT"
LM2 = "Fri, 06 Sep 2002 21:00:00 GMT"
LM3 = "Sun, 01 Sep 2002 12:34:56 GMT"
R012 = "HINA-DI rev. 0.12"
R06 = "HINA-DI rev. 0.6 (ja)"


def hdi(version="2.2beta", header=None, blocks=None, sep=": ", eol=CRLF, enc="euc_jp"):
    """Bytes of a well-formed HINA-DI file; the expected JSON is written
    separately by each caller (or by hdi_json from the same pairs)."""
    if header is None:
        header = [("User-Agent", UA)]
    if blocks is None:
        blocks = [[("URL", URL1), ("Last-Modified", LM1)]]
    text = f"HINA/{version}{eol}"
    for n, v in header:
        text += f"{n}{sep}{v}{eol}"
    text += eol
    for b in blocks:
        for n, v in b:
            text += f"{n}{sep}{v}{eol}"
        text += eol
    return text.encode(enc)


def hdi_json(version="2.2beta", header=None, blocks=None):
    if header is None:
        header = [("User-Agent", UA)]
    if blocks is None:
        blocks = [[("URL", URL1), ("Last-Modified", LM1)]]
    return {
        "format": "hina-di",
        "version": version,
        "header": [[n, v] for n, v in header],
        "blocks": [[[n, v] for n, v in b] for b in blocks],
    }


def H(verdict, name, data, expected, spec):
    add("hina-di", verdict, name, "hdi", data, expected, spec)


def hv(name, spec, version="2.2beta", header=None, blocks=None, enc="euc_jp", verdict="valid"):
    """A valid (or lenient) case whose bytes and JSON come from the same pairs."""
    H(verdict, name, hdi(version, header, blocks, enc=enc), hdi_json(version, header, blocks), spec)


def raw(*lines, eol=CRLF, enc="euc_jp"):
    """Bytes from explicit lines ('' is a blank line); each line gets `eol`."""
    text = "".join(line + eol for line in lines)
    return text.encode(enc)


# ---- valid: structure and versions
hv("minimal-hina-2-2beta",
   f"{R012} §HINA: 'hinadi-version = \"2.2beta\"'; §Structure: header-block 1*(entity-block); smallest valid file")
hv("minimal-hina-2-2", f"{R06} §5.1: 'hinadi-version = \"2.2\"'; the same smallest file with the rev. 0.6 version line",
   version="2.2")
hv("several-entity-blocks-keep-order",
   f"{R012} §Structure: 'followed by one or more entity blocks'; blocks keep file order",
   blocks=[[("URL", URL2), ("Last-Modified", LM2)],
           [("URL", URL1), ("Last-Modified", LM1)],
           [("URL", URL3), ("Last-Modified", LM3)]])
hv("header-user-agent-content-type-date",
   f"{R012} §Header block: 'Hinadi-Header = 1*( User-Agent | Content-Type | Date )', all three",
   header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=EUC-JP"), ("Date", LM1)])
hv("header-fields-any-order",
   f"{R012} §Header block: Hinadi-Header is 1*( ... | ... ), no order; Date before User-Agent",
   header=[("Date", LM1), ("User-Agent", UA)])
hv("entity-block-url-only",
   f"{R06} §4.3: 'Entity-block = 1*( URL | ... )'; a block holding only URL (rev. 0.12's 'URL ( A | B ...)' read as URL *(...))",
   blocks=[[("URL", URL1)]])
hv("url-not-first-field",
   f"{R012} §URL: 'Making this field the first field of an entity block is RECOMMENDED' (not required)",
   blocks=[[("Title", "Tadayo Memories"), ("URL", URL1), ("Last-Modified", LM1)]])
hv("all-defined-entity-fields",
   f"{R012} §Entity block and §Fields: every defined field of a non-image entity block, once each",
   blocks=[[("URL", URL1), ("HINA-Version", "HINA/2.2"), ("Content-Type", "text/html"),
            ("Date", LM1), ("Title", "Foo Diary"), ("Author-Name", "Hoge"),
            ("Expires", "Sun, 08 Sep 2002 00:00:01 GMT"), ("Expire", "Sun, 08 Sep 2002 00:00:01 GMT"),
            ("Last-Modified", LM2), ("Last-Modified-Detected", LM1), ("Server", "Apache/1.3.26 (Unix)"),
            ("Authorized", "WDB/2.10"), ("Authorized-url", "http://www.example.jp/wdb/"),
            ("Method", "GET/200"), ("Keyword", "diary")]])
hv("hina-version-field",
   f"{R012} §HINA-Version: 'version = \"HINA\" \"/\" 1*( DIGIT ) \".\" 1*( DIGIT )'",
   blocks=[[("URL", URL1), ("HINA-Version", "HINA/2.2"), ("Last-Modified", LM1)]])
hv("title-and-author-name",
   f"{R012} §Title 'Title = \"Title\" SEPARATOR TOKEN CRLF' and §Author-Name",
   blocks=[[("URL", URL1), ("Title", "Tadayo Memories"), ("Author-Name", "Hiya"), ("Last-Modified", LM1)]])
hv("server-field",
   f"{R012} §Server: 'Server = \"Server\" SEPARATOR TOKEN CRLF'",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Server", "Apache/1.3.26 (Unix) PHP/4.2.2")]])
hv("last-modified-detected-field",
   f"{R012} §Last-Modified-Detected: 'Last-Modified-Detected = ... SEPARATOR rfc1123-date CRLF'",
   blocks=[[("URL", URL1), ("Last-Modified", LM2), ("Last-Modified-Detected", LM1)]])
hv("entity-date-field",
   f"{R012} §Date: 'The date and time when the block ... was generated', in an entity block",
   blocks=[[("URL", URL1), ("Date", LM1), ("Last-Modified", LM2)]])
hv("sentinel-dates-are-rfc1123",
   f"{R012} §Last-Modified 'MUST comply with RFC 1123'; the real-world sentinel dates 1980-01-01 and 9999-12-31 are valid RFC 1123 dates, kept as written",
   blocks=[[("URL", URL1), ("Last-Modified", "Tue, 01 Jan 1980 00:00:00 GMT")],
           [("URL", URL2), ("Last-Modified", "Fri, 31 Dec 9999 23:59:59 GMT")]])

# ---- valid: encodings
JA_TITLE = "朝日奈アンテナの日記"
JA_AUTHOR = "山田太郎"
hv("default-encoding-euc-jp",
   f"{R012} §Encoding: 'If it is not specified, it defaults to EUC-JP'; no Content-Type in the header",
   blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Author-Name", JA_AUTHOR), ("Last-Modified", LM1)]])
hv("content-type-without-charset-defaults-euc-jp",
   f"{R012} §Encoding: a header Content-Type with no charset parameter leaves the default EUC-JP",
   header=[("User-Agent", UA), ("Content-Type", "text/plain")],
   blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Last-Modified", LM1)]])
hv("charset-euc-jp-declared",
   f"{R012} §Encoding: 'SHOULD be specified as a parameter of the Content-Type field of the header block'; charset=EUC-JP",
   header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=EUC-JP")],
   blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Author-Name", JA_AUTHOR), ("Last-Modified", LM1)]])
hv("charset-utf-8-declared",
   f"{R012} §Encoding: charset=UTF-8 in the header's Content-Type; the title holds characters outside EUC-JP",
   header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=UTF-8")],
   blocks=[[("URL", URL1), ("Title", "寿司🍣の日記 café"), ("Last-Modified", LM1)]], enc="utf-8")
hv("charset-shift-jis-declared",
   f"{R012} §Encoding: charset=Shift_JIS in the header's Content-Type",
   header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=Shift_JIS")],
   blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Author-Name", JA_AUTHOR), ("Last-Modified", LM1)]],
   enc="shift_jis")
hv("charset-shift-jis-trail-byte-5c",
   f"{R012} §Encoding: Shift_JIS text whose trail bytes are 0x5C (ソ 83 5C, 表 95 5C) decodes as characters, not backslashes",
   header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=Shift_JIS")],
   blocks=[[("URL", URL1), ("Title", "ソフトウェア表示"), ("Last-Modified", LM1)]], enc="shift_jis")
hv("charset-name-case-insensitive",
   f"{R012} §Content-Type: 'case-sensitive to the extent defined by RFC 1521' (charset names are not); charset=utf-8",
   header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=utf-8")],
   blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Last-Modified", LM1)]], enc="utf-8")
hv("charset-quoted-parameter",
   f"{R012} §Content-Type: 'rfc1521-type'; RFC 1521 parameter values may be quoted-strings: charset=\"UTF-8\"",
   header=[("User-Agent", UA), ("Content-Type", 'text/plain; charset="UTF-8"')],
   blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Last-Modified", LM1)]], enc="utf-8")
hv("entity-content-type-does-not-set-encoding",
   f"{R012} §Encoding: only the HEADER block's Content-Type sets the charset; an entity block's charset=Shift_JIS describes the document, the file stays EUC-JP",
   blocks=[[("URL", URL1), ("Content-Type", "text/html; charset=Shift_JIS"), ("Title", JA_TITLE), ("Last-Modified", LM1)]])
hv("euc-jp-halfwidth-katakana",
   f"{R012} §Encoding: EUC-JP default; half-width katakana (SS2 0x8E) are TEXT octets",
   blocks=[[("URL", URL1), ("Title", "ﾃｽﾄ日記"), ("Last-Modified", LM1)]])

# ---- valid: separators and values
def sep_case(name, sep, spec):
    data = raw(f"HINA/2.2beta", f"User-Agent{sep}{UA}", "",
               f"URL{sep}{URL1}", f"Title{sep}Tadayo Memories", f"Last-Modified{sep}{LM1}", "")
    exp = hdi_json(blocks=[[("URL", URL1), ("Title", "Tadayo Memories"), ("Last-Modified", LM1)]])
    H("valid", name, data, exp, spec)


sep_case("separator-colon-space", ": ", f"{R012} §Data Types: 'SEPARATOR = \":\" 1*(SP|HT)', one space")
sep_case("separator-colon-tab", ":\t", f"{R012} §Data Types: SEPARATOR with one HT; the value starts after the tab")
sep_case("separator-colon-two-tabs", ":\t\t",
         f"{R012} §Data Types: SEPARATOR with two HTs (a real writer's habit); the value starts after both tabs")
sep_case("separator-several-spaces", ":    ", f"{R012} §Data Types: SEPARATOR 1*(SP|HT), four spaces all belong to the separator")
sep_case("separator-mixed-space-and-tab", ": \t ", f"{R012} §Data Types: SEPARATOR 1*(SP|HT), space tab space")

hv("value-contains-colon-and-separator-text",
   f"{R012} §Block: 'line-format = field-name SEPARATOR field-value CRLF'; only the first ':' separates, later ': ' belong to the value",
   blocks=[[("URL", URL1), ("Title", "Diary: day 1: start"), ("Last-Modified", LM1)]])
hv("tab-inside-value",
   f"{R012} §Data Types: 'TEXT = <any OCTET except CTLs, but including HT>'; an HT inside a value is kept",
   blocks=[[("URL", URL1), ("Title", "Tadayo\tMemories"), ("Last-Modified", LM1)]])
hv("trailing-space-in-value-kept",
   f"{R012} §Data Types: 'TOKEN = <any TEXT, but don't start with SP or HT>'; trailing spaces are TEXT and stay in the value",
   blocks=[[("URL", URL1), ("Title", "Tadayo Memories  "), ("Last-Modified", LM1)]])
hv("value-backslash-and-quotes-not-escapes",
   f"{R012} §Data Types: TOKEN has no escapes; backslash, quotes, '<' and '&amp;' are kept as written",
   blocks=[[("URL", URL1), ("Title", 'C:\\diary\\ "quoted" <b>&amp;</b>'), ("Last-Modified", LM1)]])

# ---- valid: fields
hv("method-spec-example",
   f"{R012} §Method, Example: 'Method: REMOTE/REMOTE/GET/200' verbatim",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Method", "REMOTE/REMOTE/GET/200")]])
hv("method-rev06-example",
   f"{R06} §5.15: '(例) Method: REMOTE/GET/200', in a HINA/2.2 file", version="2.2",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Method", "REMOTE/GET/200")]])
hv("method-slash-with-spaces",
   f"{R012} §Data Types: 'SLASH = \"/\" *(SP|HT)'; the value is kept as written, spaces included",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Method", "REMOTE/ HEAD/\t304")]])
hv("method-file",
   f"{R012} §Method types: 'FILE: Metadata retrieved from a local file's timestamp'",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Method", "FILE/200")]])
hv("keyword-comma-delimited",
   f"{R06} §5.16: 'keywords = word *(DELIMITER word)', 'DELIMITER = \",\" *(SP|HT)'; value kept whole",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Keyword", "diary, programming,antenna")]])
hv("keyword-separator-delimited",
   f"{R012} §Keyword: 'keywords = TOKEN *(SEPARATOR TOKEN)'; value kept whole",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Keyword", "diary: programming:\tantenna")]])
hv("image-width-and-height",
   f"{R012} §Image-Width, §Image-Height: pixel sizes in an entity block describing an image (Content-Type image/png)",
   blocks=[[("URL", "http://www.hoge.jp/foo/photo.png"), ("Content-Type", "image/png"),
            ("Image-Width", "640"), ("Image-Height", "480"), ("Last-Modified", LM1)]])
hv("expire-and-expires-together",
   f"{R012} §Expire: 'Alias for the Expires field, included for backwards compatibility'; both present, distinct names, both kept",
   blocks=[[("URL", URL1), ("Last-Modified", LM1),
            ("Expires", "Sun, 08 Sep 2002 00:00:01 GMT"), ("Expire", "Sun, 08 Sep 2002 00:00:01 GMT")]])
hv("expire-alone",
   f"{R012} §Expire: 'Expire = \"Expire\" SEPARATOR rfc1123-date CRLF' without Expires",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Expire", "Sun, 08 Sep 2002 00:00:01 GMT")]])
hv("x-fields-kept-in-order",
   f"{R012} §Experimental fields: 'x-field-name = \"X-\" WORD *(\"-\" WORD)'; X- fields kept, in file order, between defined fields",
   blocks=[[("URL", URL1), ("X-WDB-Title", "Foo"), ("Last-Modified", LM1),
            ("X-First-Modified-Detected", LM3), ("X-TAMA-Method", "GET2")]])
hv("undefined-fields-kept-in-order",
   f"{R012} §Undefined fields: 'undef-field-name = WORD *(\"-\" WORD)'; undefined fields kept, in file order",
   blocks=[[("URL", URL1), ("Check-Url", "http://www.hoge.jp/foo/check"), ("Last-Modified", LM1),
            ("Category", "diary"), ("Rank2", "3")]])
hv("field-name-with-digits",
   f"{R012} §Block: 'field-name = WORD *( \"-\" WORD)', 'WORD = 1*(ALPHA|DIGIT)'; digits in names",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("X-2ch-Board", "news4vip"), ("Md5", "0cc175b9")]])
hv("virtual-with-url",
   f"{R012} §Virtual: 'URL of another Hina-Di file that holds the entity block', in a block that also has URL",
   blocks=[[("URL", URL1), ("Virtual", "http://www.example.jp/antenna/hina.di"), ("Last-Modified", LM1)]])
hv("propagated-block-authorized-fields",
   f"{R012} §Propagation: a propagated block carries Authorized and Authorized-url ('Propagating MUST only be performed if both fields are defined') and a REMOTE Method",
   blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Authorized", "WDB/2.10"),
            ("Authorized-url", "http://www.example.jp/wdb/"), ("Method", "REMOTE/GET/200")]])
hv("url-without-trailing-slash",
   f"{R012} §URL: 'If the URL can end in a slash, then it SHOULD end in a slash' — a SHOULD on writers; the file is still valid",
   blocks=[[("URL", "http://www.hoge.jp/foo"), ("Last-Modified", LM1)]])
hv("url-with-omittable-file-name",
   f"{R012} §URL: 'If the URL includes a file name, but the file name can be omitted, then it SHOULD be omitted' — SHOULD only; kept as written",
   blocks=[[("URL", "http://www.hoge.jp/foo/index.html"), ("Last-Modified", LM1)]])
hv("url-case-kept",
   f"{R012} §URL: 'The scheme and domain portions ... are not case-sensitive'; the value is not normalised",
   blocks=[[("URL", "HTTP://WWW.Hoge.JP/Foo/"), ("Last-Modified", LM1)]])
hv("same-field-in-header-and-entity",
   f"{R012} §Block: 'Field names in a block MUST be unique' is per block; Date in the header and in an entity block is fine",
   header=[("User-Agent", UA), ("Date", LM1)],
   blocks=[[("URL", URL1), ("Date", LM1), ("Last-Modified", LM2)]])

# ---- valid: duplicate field names (the spec's own recovery)
DUP_SPEC = f"{R012} §Block: 'Field names in a block MUST be unique. A block with duplicate field names MUST be discarded.'"
H("valid", "duplicate-field-discards-block",
  hdi(blocks=[[("URL", URL2), ("Last-Modified", LM2)],
              [("URL", URL1), ("Title", "One"), ("Last-Modified", LM1), ("Title", "Two")],
              [("URL", URL3), ("Last-Modified", LM3)]]),
  hdi_json(blocks=[[("URL", URL2), ("Last-Modified", LM2)], [("URL", URL3), ("Last-Modified", LM3)]]),
  DUP_SPEC + " Middle block has Title twice; it is left out of blocks.")
H("valid", "duplicate-url-discards-block",
  hdi(blocks=[[("URL", URL1), ("URL", URL2), ("Last-Modified", LM1)],
              [("URL", URL3), ("Last-Modified", LM3)]]),
  hdi_json(blocks=[[("URL", URL3), ("Last-Modified", LM3)]]),
  DUP_SPEC + " First block has URL twice.")
H("valid", "duplicate-x-field-discards-block",
  hdi(blocks=[[("URL", URL1), ("Last-Modified", LM1), ("X-Note", "a"), ("X-Note", "b")],
              [("URL", URL2), ("Last-Modified", LM2)]]),
  hdi_json(blocks=[[("URL", URL2), ("Last-Modified", LM2)]]),
  DUP_SPEC + " The rule covers experimental fields too (X-Note twice).")
H("valid", "duplicate-field-in-last-block",
  hdi(blocks=[[("URL", URL2), ("Last-Modified", LM2)],
              [("URL", URL1), ("Last-Modified", LM1), ("Last-Modified", LM3)]]),
  hdi_json(blocks=[[("URL", URL2), ("Last-Modified", LM2)]]),
  DUP_SPEC + " The last block has Last-Modified twice, with different values.")
H("valid", "duplicate-identical-lines-discard-block",
  hdi(blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Last-Modified", LM1)],
              [("URL", URL2), ("Last-Modified", LM2)]]),
  hdi_json(blocks=[[("URL", URL2), ("Last-Modified", LM2)]]),
  DUP_SPEC + " Even two identical lines are duplicate field names.")

# ---- lenient
def hl(name, data, expected, spec):
    H("lenient", name, data, expected, spec)


hl("bare-lf-line-ends", hdi(eol=LF), hdi_json(),
   f"{R012} §Block: 'line-format = ... CRLF'; every line ends with a bare LF (real-world-notes: 'CRLF and bare LF both occur')")
hl("mixed-crlf-and-lf",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", eol=CRLF) +
   raw(f"URL: {URL1}", f"Last-Modified: {LM1}", "", eol=LF),
   hdi_json(),
   f"{R012} §Block: CRLF required; the header block's lines end with CRLF, the entity block's with bare LF")
hl("extra-blank-lines-between-blocks",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", "", f"URL: {URL1}", f"Last-Modified: {LM1}", "", "", "",
       f"URL: {URL2}", f"Last-Modified: {LM2}", ""),
   hdi_json(blocks=[[("URL", URL1), ("Last-Modified", LM1)], [("URL", URL2), ("Last-Modified", LM2)]]),
   f"{R012} §Entity block: each block ends with one CRLF; here two and three blank lines separate blocks (real-world-notes: 'blank lines between blocks too')")
hl("extra-blank-lines-at-end",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", f"Last-Modified: {LM1}", "", "", ""),
   hdi_json(), f"{R012} §Entity block: the last block is followed by three blank lines instead of one")
hl("missing-final-blank-line",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", f"Last-Modified: {LM1}"),
   hdi_json(), f"{R012} §Entity block: 'Entity-block = URL (...) CRLF'; the file ends after the last field's CRLF, without the block's closing blank line")
hl("missing-final-line-end",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}") + f"Last-Modified: {LM1}".encode(),
   hdi_json(), f"{R012} §Block: 'line-format = ... CRLF'; the last field line has no line end at all")
hl("lowercase-url-field-name",
   hdi(blocks=[[("url", URL1), ("Last-Modified", LM1)]]),
   hdi_json(blocks=[[("url", URL1), ("Last-Modified", LM1)]]),
   f"{R012} §Block: 'Field names are case-sensitive' vs {R06} §4.1 'field-nameは大文字・小文字の区別なし' (case-insensitive); 'url' must be taken as the REQUIRED URL; name kept as written")
hl("mixed-case-url-field-name",
   hdi(blocks=[[("Url", URL1), ("Last-Modified", LM1)]]),
   hdi_json(blocks=[[("Url", URL1), ("Last-Modified", LM1)]]),
   f"{R012} §Block vs {R06} §4.1 (field-name case); 'Url' taken as URL, name kept as written")
hl("lowercase-user-agent-field-name",
   hdi(header=[("user-agent", UA)]), hdi_json(header=[("user-agent", UA)]),
   f"{R012} §User-Agent: REQUIRED in header blocks; written 'user-agent' (field-name case, real-world-notes: 'matched case-insensitively by every reader found')")
hl("separator-without-white-space",
   raw("HINA/2.2beta", f"User-Agent:{UA}", "", f"URL:{URL1}", f"Last-Modified:{LM1}", ""),
   hdi_json(),
   f"{R012} §Data Types: 'SEPARATOR = \":\" 1*(SP|HT)'; here nothing follows the colon (real-world-notes: 'no white space at all after the colon')")
hl("empty-field-value",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", "Title: ", f"Last-Modified: {LM1}", ""),
   hdi_json(blocks=[[("URL", URL1), ("Title", ""), ("Last-Modified", LM1)]]),
   f"{R012} §Block: 'field-value = TOKEN' (non-empty); 'Title: ' has an empty value (§Propagation mentions 'fields with empty values'); value is ''")
hl("empty-field-value-bare-colon",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", "Author-Name:", f"Last-Modified: {LM1}", ""),
   hdi_json(blocks=[[("URL", URL1), ("Author-Name", ""), ("Last-Modified", LM1)]]),
   f"{R012} §Block: 'Author-Name:' then CRLF, no separator white space and no value; value is ''")
hl("hina-version-2-1",
   hdi(version="2.1"), hdi_json(version="2.1"),
   f"{R012} §HINA: 'hinadi-version = \"2.2beta\"'; 'HINA/2.1' (real-world-notes: version lines seen 2.2beta, 2.2, 2.1); version is '2.1'")
hl("header-block-x-field",
   hdi(header=[("User-Agent", UA), ("X-Generator-Comment", "cron")]),
   hdi_json(header=[("User-Agent", UA), ("X-Generator-Comment", "cron")]),
   f"{R012} §Header block: 'Hinadi-Header = 1*( User-Agent | Content-Type | Date )' has no X- fields; kept in header")
hl("date-day-not-zero-padded",
   hdi(blocks=[[("URL", URL1), ("Last-Modified", "Sun, 3 Mar 2002 12:00:00 GMT")]]),
   hdi_json(blocks=[[("URL", URL1), ("Last-Modified", "Sun, 3 Mar 2002 12:00:00 GMT")]]),
   f"{R012} §Last-Modified: 'MUST comply with RFC 1123' (2DIGIT day); 'Sun, 3 Mar 2002' (real-world-notes); kept as written")
hl("date-rfc850-format",
   hdi(blocks=[[("URL", URL1), ("Last-Modified", "Saturday, 07-Sep-02 00:00:01 GMT")]]),
   hdi_json(blocks=[[("URL", URL1), ("Last-Modified", "Saturday, 07-Sep-02 00:00:01 GMT")]]),
   f"{R012} §Last-Modified requires rfc1123-date; {R06} §5.10 allows any RFC 2616 §3.3 date ('rfc1123-date is recommended'); RFC 850 form, kept as written")
hl("date-asctime-format",
   hdi(blocks=[[("URL", URL1), ("Last-Modified", "Sat Sep  7 00:00:01 2002")]]),
   hdi_json(blocks=[[("URL", URL1), ("Last-Modified", "Sat Sep  7 00:00:01 2002")]]),
   f"{R012} §Last-Modified requires rfc1123-date; {R06} §5.10 allows RFC 2616 §3.3 dates; asctime form (two spaces kept)")
hl("expire-and-expires-disagree",
   hdi(blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Expires", "Sun, 08 Sep 2002 00:00:01 GMT"),
                ("Expire", "Sat, 07 Sep 2002 06:00:01 GMT")]]),
   hdi_json(blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Expires", "Sun, 08 Sep 2002 00:00:01 GMT"),
                     ("Expire", "Sat, 07 Sep 2002 06:00:01 GMT")]]),
   f"{R06} §5.9: 'Expiresと同一の情報を記載する' (Expire carries the same data as Expires); here they differ (real-world-notes); both kept")
hl("method-unknown-tokens",
   hdi(blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Method", "REMOTE/RSS/GET2/200")]]),
   hdi_json(blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Method", "REMOTE/RSS/GET2/200")]]),
   f"{R012} §Method: 'method-type = \"GET\" | \"HEAD\" | \"FILE\" | \"REMOTE\"'; RSS and GET2 are outside it (real-world-notes)")
hl("method-without-result-code",
   hdi(blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Method", "REMOTE/GET")]]),
   hdi_json(blocks=[[("URL", URL1), ("Last-Modified", LM1), ("Method", "REMOTE/GET")]]),
   f"{R012} §Method: '... (SLASH result-code)' is not optional; the result code is absent (real-world-notes)")
hl("image-size-on-non-image-block",
   hdi(blocks=[[("URL", URL1), ("Content-Type", "text/html"), ("Image-Width", "640"), ("Image-Height", "480"), ("Last-Modified", LM1)]]),
   hdi_json(blocks=[[("URL", URL1), ("Content-Type", "text/html"), ("Image-Width", "640"), ("Image-Height", "480"), ("Last-Modified", LM1)]]),
   f"{R012} §Image-Width: 'MUST NOT be used for entity blocks that do not describe images' (Content-Type text/html); the spec gives no recovery, a reader may reject, one that accepts keeps the fields")
hl("virtual-only-block",
   hdi(blocks=[[("Virtual", "http://www.example.jp/antenna/hina.di")], [("URL", URL1), ("Last-Modified", LM1)]]),
   hdi_json(blocks=[[("Virtual", "http://www.example.jp/antenna/hina.di")], [("URL", URL1), ("Last-Modified", LM1)]]),
   f"{R012} §Virtual: a block whose only field is Virtual points at another Hina-Di file; but §Entity block grammar and §URL make URL REQUIRED")
hl("virtual-instead-of-url",
   hdi(blocks=[[("Virtual", "http://www.example.jp/foo/"), ("Title", "Foo"), ("Last-Modified", LM1)]]),
   hdi_json(blocks=[[("Virtual", "http://www.example.jp/foo/"), ("Title", "Foo"), ("Last-Modified", LM1)]]),
   f"{R012} §Virtual: 'If there are fields in the entity block other than Virtual, then it takes the same meaning as the regular URL field'; no URL field, against §URL 'REQUIRED'")

hl("utf-8-bom-before-hina-line",
   b"\xef\xbb\xbf" + hdi(header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=UTF-8")],
                          blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Last-Modified", LM1)]], enc="utf-8"),
   hdi_json(header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=UTF-8")],
            blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Last-Modified", LM1)]]),
   f"{R012} §HINA: 'REQUIRED as the first field'; a UTF-8 byte order mark (EF BB BF) precedes 'HINA/2.2beta' in a charset=UTF-8 file; the BOM is not part of the version line")

# encoding fallbacks (the declared charset is wrong; real-world-notes)
JA_UTF8_TITLE = "日本語のテスト"   # UTF-8 E6 97 ..: 0x97 is no EUC-JP trail byte
JA_UTF8_AUTHOR = "田中"          # UTF-8 E7 94 ..: 0x94 is no EUC-JP trail byte
hl("declared-euc-jp-written-utf-8",
   hdi(header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=EUC-JP")],
       blocks=[[("URL", URL1), ("Title", JA_UTF8_TITLE), ("Author-Name", JA_UTF8_AUTHOR), ("Last-Modified", LM1)]], enc="utf-8"),
   hdi_json(header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=EUC-JP")],
            blocks=[[("URL", URL1), ("Title", JA_UTF8_TITLE), ("Author-Name", JA_UTF8_AUTHOR), ("Last-Modified", LM1)]]),
   f"{R012} §Encoding: charset=EUC-JP declared but the text is UTF-8 and not valid EUC-JP (real-world-notes: 'The declared charset can be wrong'); decoded as UTF-8")
hl("undeclared-charset-written-utf-8",
   hdi(blocks=[[("URL", URL1), ("Title", JA_UTF8_TITLE), ("Last-Modified", LM1)]], enc="utf-8"),
   hdi_json(blocks=[[("URL", URL1), ("Title", JA_UTF8_TITLE), ("Last-Modified", LM1)]]),
   f"{R012} §Encoding: no charset, so EUC-JP, but the text is UTF-8 and not valid EUC-JP; decoded as UTF-8")
hl("declared-utf-8-written-euc-jp",
   hdi(header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=UTF-8")],
       blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Last-Modified", LM1)]], enc="euc_jp"),
   hdi_json(header=[("User-Agent", UA), ("Content-Type", "text/plain; charset=UTF-8")],
            blocks=[[("URL", URL1), ("Title", JA_TITLE), ("Last-Modified", LM1)]]),
   f"{R012} §Encoding: charset=UTF-8 declared but the text is EUC-JP and not valid UTF-8 (real-world-notes: 'or the reverse'); decoded as EUC-JP")

hl("last-modified-not-a-date",
   hdi(blocks=[[("URL", URL1), ("Last-Modified", "unknown")]]),
   hdi_json(blocks=[[("URL", URL1), ("Last-Modified", "unknown")]]),
   f"{R012} §Last-Modified: 'The dates MUST comply with RFC 1123'; 'unknown' is no date of any RFC 2616 form. A value-level MUST that leaves the file's structure intact: a reader that checks dates rejects, one that keeps values as written gives this JSON")
hl("image-width-not-a-number",
   hdi(blocks=[[("URL", "http://www.hoge.jp/foo/photo.png"), ("Content-Type", "image/png"), ("Image-Width", "wide"), ("Last-Modified", LM1)]]),
   hdi_json(blocks=[[("URL", "http://www.hoge.jp/foo/photo.png"), ("Content-Type", "image/png"), ("Image-Width", "wide"), ("Last-Modified", LM1)]]),
   f"{R012} §Image-Width: 'width = DIGIT'; the value 'wide' has no digit. Value-level break, structure intact: a reader may reject; one that accepts keeps the value as written")

# ---- invalid
def hi(name, data, spec):
    H("invalid", name, data, None, spec)


hi("empty-file", b"", f"{R012} §Structure: 'hina-di = header-block 1*( entity-block )'; zero bytes")
hi("missing-hina-line",
   raw(f"User-Agent: {UA}", "", f"URL: {URL1}", f"Last-Modified: {LM1}", ""),
   f"{R012} §HINA: 'This field is REQUIRED as the first field of Hina-Di files'; the file starts with User-Agent")
hi("hina-version-3-0", hdi(version="3.0"),
   f"{R012} §HINA: 'hinadi-version = \"2.2beta\"' ({R06}: \"2.2\"); 'HINA/3.0' is no HINA-DI 2.x version")
hi("hina-version-garbage", hdi(version="abc"), f"{R012} §HINA: 'HINA/abc' is not a hinadi-version")
hi("hina-version-empty", hdi(version=""), f"{R012} §HINA: 'HINA/' with no version")
hi("html-error-page",
   raw("<html><head><title>404 Not Found</title></head>", "<body>Not Found</body></html>"),
   f"{R012} §HINA: the first line must be 'HINA/...'; an HTML error page served in place of the file")
hi("no-entity-block",
   raw("HINA/2.2beta", f"User-Agent: {UA}", ""),
   f"{R012} §Entity block: 'One or more entity blocks MUST be present after the header block'; header block only")
hi("empty-header-block",
   raw("HINA/2.2beta", "", f"URL: {URL1}", f"Last-Modified: {LM1}", ""),
   f"{R012} §Header block: 'Hinadi-Header = 1*( ... )' and User-Agent 'REQUIRED in header blocks'; the HINA line is followed by a blank line")
hi("header-without-user-agent",
   hdi(header=[("Date", LM1), ("Content-Type", "text/plain; charset=EUC-JP")]),
   f"{R012} §User-Agent: 'This field is REQUIRED in header blocks'; the header has Date and Content-Type only")
hi("entity-block-without-url",
   hdi(blocks=[[("URL", URL2), ("Last-Modified", LM2)], [("Title", "Foo"), ("Last-Modified", LM1)]]),
   f"{R012} §URL: 'This field is REQUIRED in entity blocks' (and §Entity block grammar starts with URL); unlike duplicate names, no recovery is given, so the file is rejected")
hi("two-header-blocks",
   hdi() + hdi(header=[("User-Agent", "other/1.0")], blocks=[[("URL", URL2), ("Last-Modified", LM2)]]),
   f"{R012} §Header block: 'Exactly one header block MUST appear in a Hina-Di file, and it MUST be the first block'; two files concatenated")
hi("field-line-without-colon",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", "Title Tadayo Memories", f"Last-Modified: {LM1}", ""),
   f"{R012} §Block: 'line-format = field-name SEPARATOR field-value CRLF'; a line in a block with no ':'")
hi("field-name-with-space",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", f"Last Modified: {LM1}", ""),
   f"{R012} §Block: 'field-name = WORD *( \"-\" WORD)'; 'Last Modified' holds a space")
hi("field-name-with-underscore",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", f"Last-Modified: {LM1}", "X_Note: foo", ""),
   f"{R012} §Block: 'WORD = 1*(ALPHA|DIGIT)'; 'X_Note' holds an underscore")
hi("empty-field-name",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", f"Last-Modified: {LM1}", ": foo", ""),
   f"{R012} §Block: 'field-name = WORD ...' needs 1 character; the line starts with ':'")
hi("folded-continuation-line",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", "Title: Tadayo", " Memories", f"Last-Modified: {LM1}", ""),
   f"{R012} §Block: 'line-format = field-name SEPARATOR field-value CRLF' (one line per field, no RFC 822 folding); a line starting with SP")
hi("control-character-in-value",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", "Title: Tadayo\x01Memories", f"Last-Modified: {LM1}", ""),
   f"{R012} §Data Types: 'TEXT = <any OCTET except CTLs, but including HT>'; a 0x01 in a value")
hi("del-character-in-value",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", "Title: Tadayo\x7fMemories", f"Last-Modified: {LM1}", ""),
   f"{R012} §Data Types: 'CTL = <... (octets 0 - 31) and DEL (127)>'; a DEL in a value")
hi("nul-byte-in-value",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", "Title: Tadayo\x00Memories", f"Last-Modified: {LM1}", ""),
   f"{R012} §Data Types: TEXT excludes CTLs; a NUL in a value")
hi("lone-cr-in-value",
   raw("HINA/2.2beta", f"User-Agent: {UA}", "", f"URL: {URL1}", "Title: Tadayo\rMemories", f"Last-Modified: {LM1}", ""),
   f"{R012} §Data Types: 'CRLF = CR LF', CR is a CTL; a CR not followed by LF inside a value")
hi("cr-only-line-ends", hdi(eol="\r"),
   f"{R012} §Block: 'line-format = ... CRLF'; every line ends with a lone CR (old Mac line ends): the first line is not 'HINA/2.2beta' CRLF")




# ---------------------------------------------------------------- LIRS

L = "LIRS 2.1 (RFB 4)"
EX_LINE = "LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"


def rec(lm, ld, td, cl, url, title, author, src, ext, extra=None):
    r = {"last_modified": lm, "last_detected": ld, "time_difference": td, "content_length": cl,
         "url": url, "title": title, "author": author, "source_url": src, "extension": ext}
    if extra is not None:
        r["extra"] = extra
    return r


EX_REC = rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
             "http://amano.hauN.org/", "blah blah")
REC2_LINE = "LIRS,1031356801,1031357000,32400,12345,http://www.hoge.jp/foo/,Foo Diary,Hoge,http://www.hoge.jp/foo/,,"
REC2 = rec(1031356801, 1031357000, 32400, 12345, "http://www.hoge.jp/foo/", "Foo Diary", "Hoge",
           "http://www.hoge.jp/foo/", "")


def lj(*records):
    return {"format": "lirs", "records": list(records)}


def lirs(lines, eol=LF, enc="euc_jp"):
    return "".join(line + eol for line in lines).encode(enc)


def LC(verdict, name, data, expected, spec, ext="lirs"):
    add("lirs", verdict, name, ext, data, expected, spec)


# ---- valid
LC("valid", "spec-example-record", lirs([EX_LINE], eol=CRLF), lj(EX_REC),
   f"{L} §5 Example: the record verbatim, on ONE line (the spec's line break is page layout), ending ',\\r\\n'; §4 'discard records last detected more than 28800 seconds ago' is an agent policy, not decoding")
LC("valid", "lf-line-ends", lirs([EX_LINE, REC2_LINE]), lj(EX_REC, REC2),
   f"{L} §2: 'ends with a comma and LF or CRLF. LF is recommended.'; two records, LF")
LC("valid", "crlf-line-ends", lirs([EX_LINE, REC2_LINE], eol=CRLF), lj(EX_REC, REC2),
   f"{L} §2: 'ends with a comma and LF or CRLF'; two records, CRLF")
LC("valid", "mixed-lf-and-crlf", lirs([EX_LINE], eol=CRLF) + lirs([REC2_LINE], eol=LF), lj(EX_REC, REC2),
   f"{L} §2: each record ends with LF or CRLF; one of each in one file")
LC("valid", "single-record-lf", lirs([EX_LINE]), lj(EX_REC),
   f"{L} §2: 'A record starts with \"LIRS,\", followed by a data part, and ends with a comma and LF'")
LC("valid", "euc-jp-text-fields",
   lirs(["LIRS,1031356801,1031357000,32400,2048,http://www.example.jp/diary/,朝日奈アンテナの日記,山田太郎,http://www.example.jp/lirs/,"
         "メモ,"]),
   lj(rec(1031356801, 1031357000, 32400, 2048, "http://www.example.jp/diary/", "朝日奈アンテナの日記", "山田太郎",
          "http://www.example.jp/lirs/", "メモ")),
   f"{L} §2: 'The text is encoded using EUC-JP'; §7 'no encoding other than EUC-JP is allowed'")
LC("valid", "euc-jp-halfwidth-katakana",
   lirs(["LIRS,1031356801,1031357000,32400,2048,http://www.example.jp/diary/,ﾃｽﾄ日記,ﾀﾛｳ,http://www.example.jp/diary/,,"]),
   lj(rec(1031356801, 1031357000, 32400, 2048, "http://www.example.jp/diary/", "ﾃｽﾄ日記", "ﾀﾛｳ",
          "http://www.example.jp/diary/", "")),
   f"{L} §2: EUC-JP, half-width katakana (SS2 0x8E)")
LC("valid", "escaped-comma-in-title",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo\\, Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo, Memories", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §2: 'Commas in fields MUST be escaped (\\,)'; title 'Tadayo\\, Memories' reads 'Tadayo, Memories'")
LC("valid", "escaped-backslash",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,C:\\\\diary,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "C:\\diary", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §2: 'A literal backslash can be inserted using two backslashes (\\\\)'")
LC("valid", "escaped-backslash-before-field-end",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo\\\\,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo\\", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §2 escapes: 'Tadayo\\\\,' is an escaped backslash then the separating comma (not an escaped comma)")
LC("valid", "escaped-backslash-then-escaped-comma",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,a\\\\\\,b,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "a\\,b", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §2 escapes: 'a\\\\\\,b' is '\\\\' then '\\,' and reads 'a\\,b'")
LC("valid", "escaped-comma-in-url-and-extension",
   lirs(["LIRS,938779260,938781002,32400,49383,http://www.example.jp/cgi-bin/d.cgi?a=1\\,2,Diary,Hiya,http://amano.hauN.org/,k=v\\,w=x,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://www.example.jp/cgi-bin/d.cgi?a=1,2", "Diary", "Hiya",
          "http://amano.hauN.org/", "k=v,w=x")),
   f"{L} §2: 'Field values MUST NOT include ... unescaped commas'; escaped commas in URL and Extension")
LC("valid", "empty-extension", lirs([REC2_LINE]), lj(REC2),
   f"{L} §3.9: 'Instead of 0 as the default for a blank field, this SHOULD be left empty'; '...,,' gives extension ''")
LC("valid", "extension-zero-kept",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,0,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "0")),
   f"{L} §3.9: a blank extension SHOULD be empty, here '0' (a SHOULD, still valid); text kept as written, '0'")
LC("valid", "blank-fields-written-as-zero",
   lirs(["LIRS,938779260,938781002,0,0,http://hiya.ouchi.to/n/,0,0,0,,"]),
   lj(rec(938779260, 938781002, 0, 0, "http://hiya.ouchi.to/n/", "0", "0", "0", "")),
   f"{L} §2: 'blank fields SHOULD be represented as a zero (0)'; time difference, length, title, author, source written 0; text fields stay '0' (no normalisation)")
LC("valid", "empty-text-fields",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,,,,,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "", "", "", "")),
   f"{L} §2: blank fields SHOULD be 0 (SHOULD only); title, author and source URL empty; text fields present as ''")
LC("lenient", "empty-numeric-field-is-zero",
   lirs(["LIRS,938779260,938781002,32400,,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(938779260, 938781002, 32400, 0, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §2: 'blank fields SHOULD be represented as a zero (0)'; an empty Content-Length (real-world-notes: 'Unknown is written as empty') is a blank field, read as 0; a reader that wants digits may reject")
LC("valid", "time-difference-plus-sign",
   lirs(["LIRS,938779260,938781002,+32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(EX_REC), f"{L} §3.3: 'Signed integer ... 32400 or +32400 in Japan'; '+32400' reads 32400")
LC("valid", "time-difference-negative",
   lirs(["LIRS,938779260,938781002,-18000,49383,http://www.example.com/blog/,Blog,Joe,http://www.example.com/blog/,,"]),
   lj(rec(938779260, 938781002, -18000, 49383, "http://www.example.com/blog/", "Blog", "Joe",
          "http://www.example.com/blog/", "")),
   f"{L} §3.3: 'Signed integer'; -18000 (UTC-5)")
LC("valid", "time-difference-zero",
   lirs(["LIRS,938779260,938781002,0,49383,http://www.example.co.uk/,Diary,Jo,http://www.example.co.uk/,,"]),
   lj(rec(938779260, 938781002, 0, 49383, "http://www.example.co.uk/", "Diary", "Jo",
          "http://www.example.co.uk/", "")),
   f"{L} §3.3: time difference 0 (GMT)")
LC("valid", "last-modified-zero-record-kept",
   lirs(["LIRS,0,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(0, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §3.1: 'Should the last update detection fail, the LIRS provider SHOULD set this field to zero, and antenna agents SHOULD assume this record is unusable' — unusable, still decoded")
LC("valid", "last-detected-zero-record-kept",
   lirs(["LIRS,938779260,0,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(938779260, 0, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §3.2: 'the LIRS provider SHOULD set this field to zero'; decoded as 0")
LC("valid", "timestamp-1980-sentinel",
   lirs(["LIRS,315532800,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(315532800, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §2: 'All dates are expressed as Unix timestamps'; 315532800 (1980-01-01, a writer's 'unknown') is a plain number")
LC("valid", "timestamp-after-2038",
   lirs(["LIRS,4102444800,4102448400,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(4102444800, 4102448400, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §2: Unix timestamps beyond 2^31 (2100-01-01) need 64 bits")
LC("valid", "last-modified-after-last-detected",
   lirs(["LIRS,938790000,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(938790000, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §3.1/§3.2: no rule orders the two timestamps; Last-Modified later than Last-Detected is decoded as written")
LC("valid", "large-content-length",
   lirs(["LIRS,938779260,938781002,32400,5000000000,http://hiya.ouchi.to/n/big.iso,Big,Hiya,http://amano.hauN.org/,,"]),
   lj(rec(938779260, 938781002, 32400, 5000000000, "http://hiya.ouchi.to/n/big.iso", "Big", "Hiya",
          "http://amano.hauN.org/", "")),
   f"{L} §3.4: 'Size of the content ... in bytes'; 5000000000 needs more than 32 bits")
LC("valid", "comment-lines-ignored",
   lirs(["# LIRS file generated by antenna.pl", EX_LINE, "# a comment, with commas,", REC2_LINE]),
   lj(EX_REC, REC2),
   f"{L} §2: 'Lines that begin with # are comments and SHOULD be ignored'; comments before and between records")
LC("valid", "comment-looking-like-record",
   lirs(["#LIRS,938779260,938781002,32400,49383,http://www.hoge.jp/old/,Old,Hoge,http://www.hoge.jp/old/,,", EX_LINE]),
   lj(EX_REC), f"{L} §2: a line beginning with '#' is a comment even when the rest looks like a record")
LC("valid", "comment-in-euc-jp",
   lirs(["# 朝日奈アンテナ用の更新時刻", EX_LINE]), lj(EX_REC),
   f"{L} §2: a comment line holding EUC-JP text is ignored")
LC("valid", "hash-inside-field",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/#today,#1 Diary,Hiya,http://amano.hauN.org/,,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/#today", "#1 Diary", "Hiya",
          "http://amano.hauN.org/", "")),
   f"{L} §2: only lines that BEGIN with # are comments; '#' inside fields is text")
LC("valid", "tab-and-spaces-in-title-kept",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/, Tadayo\tMemories ,Hiya,http://amano.hauN.org/,,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", " Tadayo\tMemories ", "Hiya",
          "http://amano.hauN.org/", "")),
   f"{L} §2: fields are separated by commas only; spaces and tabs are field text, not trimmed")
LC("valid", "html-markup-and-entities-kept",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,<b>Tadayo</b> &amp; \"Memories\",Hiya,http://amano.hauN.org/,,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "<b>Tadayo</b> &amp; \"Memories\"", "Hiya",
          "http://amano.hauN.org/", "")),
   f"{L} §2: backslash is the only escape; markup, entities and quotes are kept as written")
LC("valid", "many-records-keep-order",
   lirs([f"LIRS,{938779260 + i},{938781002 + i},32400,{1000 + i},http://www.example.jp/u{i}/,Title {i},Author {i},http://www.example.jp/lirs/,,"
         for i in (5, 3, 9, 1)]),
   lj(*[rec(938779260 + i, 938781002 + i, 32400, 1000 + i, f"http://www.example.jp/u{i}/", f"Title {i}", f"Author {i}",
            "http://www.example.jp/lirs/", "") for i in (5, 3, 9, 1)]),
   f"{L} §2: 'consists in a series of records'; records keep file order (not sorted by time)")
LC("valid", "source-url-other-lirs-file",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://www.example.jp/antenna/sites.lirs.gz,,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://www.example.jp/antenna/sites.lirs.gz", "")),
   f"{L} §3.8: 'in case of an implementation that aggregates ... this could be the URL of each LIRS file'")

# gzip
PLAIN2 = lirs([EX_LINE, REC2_LINE])
LC("valid", "gzip-compressed", gzip.compress(PLAIN2, mtime=0), lj(EX_REC, REC2),
   f"{L} §2: 'An LIRS file is a text file compressed using gzip'", ext="lirs.gz")
LC("valid", "gzip-named-lirs-sniffed", gzip.compress(PLAIN2, mtime=0), lj(EX_REC, REC2),
   f"{L} §2 gzip; a gzip file named .lirs: decoders sniff the magic 1f 8b (real-world-notes: 'gzip-compressed or not whatever their name says')")
buf = io.BytesIO()
with gzip.GzipFile(filename="antenna.lirs", mode="wb", fileobj=buf, mtime=0) as g:
    g.write(PLAIN2)
LC("valid", "gzip-with-file-name-header", buf.getvalue(), lj(EX_REC, REC2),
   f"{L} §2 gzip; the member header carries FNAME 'antenna.lirs' as `gzip file` writes it (RFC 1952 FLG.FNAME)", ext="lirs.gz")
LC("valid", "gzip-multi-member",
   gzip.compress(lirs([EX_LINE]), mtime=0) + gzip.compress(lirs([REC2_LINE]), mtime=0), lj(EX_REC, REC2),
   f"{L} §2 gzip; two gzip members, one record each: RFC 1952 §2.2 'A gzip file consists of a series of members', decompressed as their concatenation",
   ext="lirs.gz")
LC("valid", "gzip-euc-jp-crlf",
   gzip.compress(lirs(["LIRS,1031356801,1031357000,32400,2048,http://www.example.jp/diary/,朝日奈アンテナの日記,山田太郎,http://www.example.jp/lirs/,,"], eol=CRLF), mtime=0),
   lj(rec(1031356801, 1031357000, 32400, 2048, "http://www.example.jp/diary/", "朝日奈アンテナの日記", "山田太郎",
          "http://www.example.jp/lirs/", "")),
   f"{L} §2: gzip-compressed, EUC-JP text, CRLF line end — the format as the spec describes it", ext="lirs.gz")

# ---- lenient
UTF8_REC = rec(1031356801, 1031357000, 32400, 2048, "http://www.example.jp/diary/", JA_UTF8_TITLE, JA_UTF8_AUTHOR,
               "http://www.example.jp/diary/", "")
LC("lenient", "utf-8-fallback",
   lirs([f"LIRS,1031356801,1031357000,32400,2048,http://www.example.jp/diary/,{JA_UTF8_TITLE},{JA_UTF8_AUTHOR},http://www.example.jp/diary/,,"], enc="utf-8"),
   lj(UTF8_REC),
   f"{L} §7: 'no encoding other than EUC-JP is allowed' but clients 'MAY ... try decoding using UTF-8 instead of EUC-JP when errors occur'; the whole file is UTF-8")
LC("lenient", "utf-8-fallback-gzip",
   gzip.compress(lirs([f"LIRS,1031356801,1031357000,32400,2048,http://www.example.jp/diary/,{JA_UTF8_TITLE},{JA_UTF8_AUTHOR},http://www.example.jp/diary/,,"], enc="utf-8"), mtime=0),
   lj(UTF8_REC), f"{L} §7: UTF-8 fallback, after gzip decompression", ext="lirs.gz")
LC("lenient", "eight-field-record",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "")),
   f"{L} §3: 'The following fields MUST appear in all records' (nine); eight fields, no Extension (real-world-notes); extension ''")
LC("lenient", "ten-field-record",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,http://hiya.ouchi.to/n/check,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "blah blah", extra=["http://hiya.ouchi.to/n/check"])),
   f"{L} §3: nine fields; a tenth (a writer's check URL, real-world-notes) goes to extra")
LC("lenient", "fourteen-field-record",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,e1,,e\\,3,0,e5,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "Tadayo Memories", "Hiya",
          "http://amano.hauN.org/", "blah blah", extra=["e1", "", "e,3", "0", "e5"])),
   f"{L} §3: nine fields; fourteen (a family of antennas adds fields 9-13, real-world-notes); the five after the ninth, unescaped, go to extra in order")
LC("lenient", "missing-final-comma",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah"]),
   lj(EX_REC), f"{L} §2: a record 'ends with a comma and LF or CRLF'; the final comma is missing (real-world-notes)")
LC("lenient", "missing-final-line-end", (EX_LINE + LF + REC2_LINE).encode(), lj(EX_REC, REC2),
   f"{L} §2: a record ends with a comma and LF or CRLF; the last record has its comma but no line end")
LC("lenient", "blank-line-between-records", lirs([EX_LINE, "", REC2_LINE]), lj(EX_REC, REC2),
   f"{L} §2: every line is a record or a comment; an empty line between records is neither and is skipped")
LC("lenient", "blank-line-at-end", lirs([EX_LINE, REC2_LINE, ""]), lj(EX_REC, REC2),
   f"{L} §2: the file ends with an extra empty line after the last record")
LC("lenient", "stray-backslash-kept",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,C:\\diary\\new,Hiya,http://amano.hauN.org/,blah blah,"]),
   lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "C:\\diary\\new", "Hiya",
          "http://amano.hauN.org/", "blah blah")),
   f"{L} §2: only '\\,' and '\\\\' are escapes; a backslash before another character (writers before the 2000-05-31 change, real-world-notes) is kept literally")
alternative("lirs", "lenient", "stray-backslash-kept", "escape-drops-backslash",
            f"{L} §2 'The backslash character (\\) is the escape character' names no other escapes, so a reader may "
            "take a backslash before any character as escaping it, the character kept and the backslash dropped "
            "(samidare's lirs.rb): C:diarynew. The case's name is this project's reading",
            lj(rec(938779260, 938781002, 32400, 49383, "http://hiya.ouchi.to/n/", "C:diarynew", "Hiya",
                   "http://amano.hauN.org/", "blah blah")))
LC("lenient", "empty-file", b"", lj(),
   f"{L} §2: 'consists in a series of records'; zero bytes, no records")
LC("lenient", "comments-only", lirs(["# no sites yet"]), lj(),
   f"{L} §2: only a comment line, no records")

# ---- invalid
def li(name, data, spec, ext="lirs"):
    LC("invalid", name, data, None, spec, ext=ext)


li("lone-cr-line-ends", lirs([EX_LINE, REC2_LINE], eol="\r"),
   f"{L} §2: 'CR MUST NOT be used alone'; records end with a lone CR")
li("lone-cr-inside-field",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo\rMemories,Hiya,http://amano.hauN.org/,blah blah,"]),
   f"{L} §2: 'Field values MUST NOT include the CR or LF characters' and 'CR MUST NOT be used alone'")
li("missing-lirs-prefix",
   lirs([EX_LINE, REC2_LINE[len("LIRS,"):]]),
   f"{L} §2: 'A record starts with \"LIRS,\"'; the second record line has no prefix")
li("lowercase-lirs-prefix",
   lirs(["lirs," + EX_LINE[len("LIRS,"):]]),
   f"{L} §2: 'A record starts with \"LIRS,\"'; 'lirs,' is not that prefix")
li("html-error-page",
   lirs(["<html><head><title>404 Not Found</title></head>", "<body>Not Found</body></html>"]),
   f"{L} §2: lines are records ('LIRS,') or comments ('#'); an HTML error page")
li("non-numeric-last-modified",
   lirs(["LIRS,yesterday,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   f"{L} §2: 'All dates are expressed as Unix timestamps'; Last-Modified 'yesterday'")
li("non-numeric-last-detected",
   lirs(["LIRS,938779260,1999-10-01T12:30:02Z,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   f"{L} §2: Unix timestamps; Last-Detected written as an ISO 8601 date")
li("non-numeric-time-difference",
   lirs(["LIRS,938779260,938781002,JST,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   f"{L} §3.3: 'Signed integer'; time difference 'JST'")
li("non-numeric-content-length",
   lirs(["LIRS,938779260,938781002,32400,49k,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   f"{L} §3.4: 'Size ... in bytes'; Content-Length '49k'")
li("fractional-timestamp",
   lirs(["LIRS,938779260.5,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,blah blah,"]),
   f"{L} §2: Unix timestamps are whole seconds; '938779260.5'")
li("duplicate-url",
   lirs([EX_LINE, "LIRS,938790000,938791000,32400,50000,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,http://amano.hauN.org/,,"]),
   f"{L} §3.5: 'This field MUST be unique; a single URL MUST NOT be repeated twice in the same LIRS file'; no recovery is given")
li("seven-fields",
   lirs(["LIRS,938779260,938781002,32400,49383,http://hiya.ouchi.to/n/,Tadayo Memories,Hiya,"]),
   f"{L} §3: 'The following fields MUST appear in all records'; seven fields (no Source URL, no Extension)")
li("prefix-only-record", lirs(["LIRS,"]), f"{L} §3: a record with an empty data part")
li("gzip-truncated", gzip.compress(PLAIN2, mtime=0)[:-12],
   f"{L} §2 gzip; the stream is cut before its end (last 12 bytes missing, trailer lost)", ext="lirs.gz")
bad = bytearray(gzip.compress(PLAIN2, mtime=0))
bad[-8] ^= 0xFF  # first byte of the CRC-32 trailer
li("gzip-bad-crc", bytes(bad), f"{L} §2 gzip; the CRC-32 in the gzip trailer does not match the data (RFC 1952 §2.3.1)", ext="lirs.gz")
li("gzip-corrupt-deflate-data",
   gzip.compress(PLAIN2, mtime=0)[:10] + b"\xff" * 20 + gzip.compress(PLAIN2, mtime=0)[-8:],
   f"{L} §2 gzip; a valid gzip header followed by bytes that are no deflate stream", ext="lirs.gz")


# ---------------------------------------------------------------- output

def dump_json(obj):
    """JSON text, one field pair / one record member per line, for review."""
    j = lambda v: json.dumps(v, ensure_ascii=False)
    if obj["format"] == "hina-di":
        def pairs(ps, ind):
            if not ps:
                return "[]"
            return "[\n" + ",\n".join(ind + "  " + j(p) for p in ps) + "\n" + ind + "]"
        blocks = ("[]" if not obj["blocks"] else
                  "[\n" + ",\n".join("    " + pairs(b, "    ") for b in obj["blocks"]) + "\n  ]")
        text = ("{\n" + f'  "format": {j(obj["format"])},\n  "version": {j(obj["version"])},\n'
                + f'  "header": {pairs(obj["header"], "  ")},\n  "blocks": {blocks}\n' + "}\n")
    else:
        text = json.dumps(obj, ensure_ascii=False, indent=2) + "\n"
    assert json.loads(text) == obj
    return text


def toml_str(s):
    return json.dumps(s, ensure_ascii=False)


def main():
    root = Path(sys.argv[1]) / "conformance"
    names = set()
    for fmt, verdict, name, ext, data, expected, spec in CASES:
        key = (fmt, name)
        assert key not in names, key
        names.add(key)
        d = root / fmt / verdict
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{name}.{ext}").write_bytes(data)
        if expected is not None:
            (d / f"{name}.json").write_bytes(dump_json(expected).encode("utf-8"))
        for reading, (_why, other) in ALTERNATIVES.get((fmt, verdict, name), {}).items():
            assert other != expected, f"{name}: alternative {reading} is the case's own JSON"
            (d / f"{name}.alt-{reading}.json").write_bytes(dump_json(other).encode("utf-8"))
    for fmt, title in (("hina-di", "HINA-DI"), ("lirs", "LIRS")):
        out = [f"# {title} conformance cases: which spec rule each case exercises.",
               "# The runner ignores this file; every case file is listed here, and only those.",
               "# Verdicts follow conformance-protocol.md (valid / invalid / lenient).", ""]
        for verdict in ("valid", "invalid", "lenient"):
            for f, v, name, ext, data, expected, spec in CASES:
                if f == fmt and v == verdict:
                    out.append(f"[{verdict}.{name}]")
                    out.append(f"spec = {toml_str(spec)}")
                    for reading, (why, _e) in ALTERNATIVES.get((f, v, name), {}).items():
                        out.append(f"alternative.{reading} = {toml_str(why)}")
                    out.append("")
        (root / fmt / "cases.toml").write_text("\n".join(out), encoding="utf-8")
    from collections import Counter
    print(Counter((c[0], c[1]) for c in CASES))


if __name__ == "__main__":
    main()
