#!/usr/bin/env python3
"""Generate the encoder cases that bite: conformance/<format>/roundtrip/ and
conformance/<format>/refusable/.

Usage: python3 conformance/tools/make_encode_cases.py <repo-root>

A case is one protocol-JSON document (`<name>.json`). The runner gives it to
the encoder under test and reads the file the encoder writes back with the
reference decoder:

- roundtrip/: the format can hold the document exactly; the encoder must
  write a file that reads back equal. Refusing (non-zero exit) fails.
- refusable/: the format may not be able to hold it (or only under one of
  the character mappings in use); the encoder must write a file that reads
  back equal, or refuse. A file that reads back different (a silent change)
  fails.

Each case names the rule that decides its folder (`spec`, written to the
folder's cases.toml). The documents are written by hand from the
specifications; the verdicts were not taken from any implementation's
output. Characters map as the reference decoder reads them: EUC-JP and
Shift_JIS by the WHATWG Encoding Standard's indexes (jis0208, jis0212, the
Shift_JIS index), which read JIS X 0208 1-01-33 as U+FF5E and 1-01-61 as
U+FF0D, and 0x5C / 0x7E as `\\` and `~`.
"""

import json
import sys
from pathlib import Path

CASES = []  # (format, kind, name, document, spec)


def add(fmt, kind, name, document, spec):
    assert kind in ("roundtrip", "refusable"), kind
    assert "." not in name and "/" not in name, name
    assert document["format"] == fmt, name
    CASES.append((fmt, kind, name, document, spec))


# ---------------------------------------------------------------- HINA-DI

R012 = "HINA-DI rev. 0.12"
UA = "antenna-conformance/1.0"
URL = "http://www.hoge.jp/foo/"
LM = "Sat, 07 Sep 2002 00:00:01 GMT"
EUC = "text/plain; charset=EUC-JP"
SJIS = "text/plain; charset=Shift_JIS"
UTF8 = "text/plain; charset=UTF-8"
CHARSETS = (("euc-jp", EUC), ("shift-jis", SJIS))

WHATWG = ("the reference decoder reads EUC-JP and Shift_JIS by the WHATWG indexes")


def hdi(content_type, *fields):
    """A HINA-DI document: the header (with `content_type`, if any) and one
    entity block of URL, Last-Modified and `fields`."""
    header = [["User-Agent", UA]]
    if content_type is not None:
        header.append(["Content-Type", content_type])
    block = [["URL", URL], ["Last-Modified", LM]] + [list(f) for f in fields]
    return {"format": "hina-di", "version": "2.2", "header": header, "blocks": [block]}


def H(kind, name, document, spec):
    add("hina-di", kind, name, document, spec)


ENC = f"{R012} §Encoding: the charset of the header's Content-Type"
TOKEN = f"{R012} §Data Types: 'TOKEN = <any TEXT, but don't start with SP or HT>', 'TEXT = <any OCTET except CTLs, but including HT>'"
SEP = f"{R012} §Data Types: 'SEPARATOR = \":\" 1*(SP|HT)'"

# Japanese text both formats write in a JIS encoding: (name, text, verdict in
# EUC-JP, verdict in Shift_JIS, why). HINA-DI gets a case per charset, LIRS
# (EUC-JP only) one per row.
JAPANESE = [
    ("ideographic-space", "　朝日奈　アンテナ　", "roundtrip", "roundtrip",
     "U+3000 is JIS X 0208 1-01-01 in every mapping; it is not SP or HT, so a value may start and end with it"),
    ("halfwidth-katakana", "ｱｻﾋﾅ ｱﾝﾃﾅﾞ｡｢ｰ｣", "roundtrip", "roundtrip",
     "half-width katakana U+FF61-FF9F are JIS X 0201 kana (EUC-JP: SS2 0x8E and one byte; Shift_JIS: one byte 0xA1-0xDF); must not be widened to full-width kana"),
    ("jis-x-0212", "丂の字と龥", "roundtrip", "refusable",
     "EUC-JP's code set 3 (SS3 0x8F and two bytes) is JIS X 0212: U+4E02 is 0x8FB0A1, U+9FA5 0x8FEDE3, and the reference decoder reads them; Shift_JIS has no JIS X 0212"),
    ("yen-sign", "価格¥100,", "refusable", "refusable",
     f"U+00A5 has no code in JIS X 0208/0212 and JIS X 0201's 0x5C reads as '\\' ({WHATWG}; in LIRS it is the escape character, and escapes the ',' after it): write it so it reads back, or refuse; writing 0x5C is a silent change"),
    ("overline", "上線‾です", "refusable", "refusable",
     f"U+203E has no code but JIS X 0201's 0x7E, which reads as '~' ({WHATWG}): refuse or write it so it reads back"),
    ("wave-dash", "10時〜12時", "refusable", "refusable",
     f"U+301C WAVE DASH is JIS X 0208 1-01-33 in the JIS mapping, but {WHATWG}, which read 1-01-33 as U+FF5E: writing 1-01-33 reads back as U+FF5E, a silent change"),
    ("fullwidth-tilde", "10時～12時", "refusable", "refusable",
     "U+FF5E is 1-01-33 only in the Microsoft/WHATWG mapping (the JIS mapping has no code for it): write 1-01-33 (which the reference decoder reads as U+FF5E) or refuse"),
    ("minus-sign", "気温−5度", "refusable", "refusable",
     f"U+2212 MINUS SIGN is 1-01-61 in the JIS mapping, but {WHATWG}, which read 1-01-61 as U+FF0D: writing 1-01-61 is a silent change"),
    ("fullwidth-hyphen-minus", "気温－5度", "refusable", "refusable",
     "U+FF0D is 1-01-61 only in the Microsoft/WHATWG mapping: write 1-01-61 or refuse"),
    ("nec-circled-digit", "①②③ ㈱", "refusable", "refusable",
     "①..⑳ and ㈱ are NEC row 13, not JIS X 0208: an encoder that has them (CP932, CP51932, WHATWG) writes them, a strict one refuses"),
    ("outside-jis", "𠮷野家 😀", "refusable", "refusable",
     "U+20BB7 and U+1F600 are in no JIS table: refuse (a '?' or a dropped character is a silent change; LIRS readers MAY fall back to UTF-8 (§7), so a LIRS encoder may write UTF-8 if it reads back equal)"),
]

for name, text, euc_kind, sjis_kind, why in JAPANESE:
    H(euc_kind, f"euc-jp-{name}", hdi(EUC, ("Title", text)), f"{ENC} (EUC-JP); {why}")
    H(sjis_kind, f"shift-jis-{name}", hdi(SJIS, ("Title", text)), f"{ENC} (Shift_JIS); {why}")

H("roundtrip", "euc-jp-backslash-and-tilde", hdi(EUC, ("Title", "C:\\dir\\ ~taro"), ("X-Path", "\\~")),
  f"{ENC} (EUC-JP); EUC-JP's code set 0 is ASCII: 0x5C is '\\' and 0x7E '~'; they must not become ¥ or ‾ (or their full-width forms)")
H("refusable", "shift-jis-backslash-and-tilde", hdi(SJIS, ("Title", "C:\\dir\\ ~taro")),
  f"{ENC} (Shift_JIS); Shift_JIS's single bytes 0x5C and 0x7E are JIS X 0201's ¥ and ‾ in the JIS standard, '\\' and '~' in the Microsoft/WHATWG mapping: write 0x5C/0x7E or refuse")
H("roundtrip", "shift-jis-trail-byte-5c", hdi(SJIS, ("Title", "表示能力ソフト"), ("X-Note", "十表")),
  f"{ENC} (Shift_JIS); 表 0x955C, 能 0x945C, ソ 0x835C, 十 0x8F5C: the second byte is 0x5C, and must not be escaped or doubled")
H("roundtrip", "default-charset-is-euc-jp", hdi(None, ("Title", "朝日奈アンテナ　ｱﾝﾃﾅ")),
  f"{R012} §Encoding: 'If it is not specified, it defaults to EUC-JP': no Content-Type, so the file must be EUC-JP (UTF-8 would read back as other text or be rejected)")
H("roundtrip", "utf-8-holds-every-character", hdi(UTF8, ("Title", "¥100‾〜−①𠮷😀"), ("X-Note", "丂 ～ －")),
  f"{ENC} (UTF-8): every character the EUC-JP and Shift_JIS cases refuse has a UTF-8 form; with charset=UTF-8 nothing may be refused")
H("roundtrip", "value-trailing-spaces", hdi(EUC, ("Title", "trailing spaces   "), ("X-Note", "tab at end\t")),
  f"{TOKEN}: SP and HT may end a value; the protocol keeps the value up to the line end, so they must be written")
H("roundtrip", "value-inner-tabs-and-spaces", hdi(EUC, ("Title", "a\tb  c \t d")),
  f"{TOKEN}: HT and runs of SP inside a value are TEXT, kept as written")
H("roundtrip", "value-with-colons", hdi(EUC, ("Title", "Re: Re:  a:b"), ("X-Time", "12:34:56"), ("Server", "Apache/1.3: (Unix)")),
  f"{R012} §Block: 'line-format = field-name SEPARATOR field-value CRLF'; the value is the rest of the line after the first separator, so ':' and ': ' in it are TEXT")
H("roundtrip", "url-with-port-and-colon", hdi(EUC, ("Virtual", "http://www.example.jp:8080/a:b/")),
  f"{R012} §URL, §Virtual: an rfc2396 URL may hold ':' (port, path); only the first ': ' separates")
H("refusable", "value-leading-spaces", hdi(EUC, ("Title", "  two leading spaces")),
  f"{SEP} and {TOKEN}: the separator takes every SP/HT after ':', so a value cannot start with SP: refuse (writing it drops the spaces)")
H("refusable", "value-leading-tab", hdi(EUC, ("Title", "\tleading tab")),
  f"{SEP} and {TOKEN}: a value cannot start with HT: refuse")
H("refusable", "value-with-line-break", hdi(EUC, ("Title", "line one\r\nline two")),
  f"{R012} §Block: 'line-format = field-name SEPARATOR field-value CRLF' and {TOKEN}: CR and LF are CTLs; a value cannot hold them")
H("refusable", "value-with-lone-lf", hdi(EUC, ("Title", "a\nb")),
  f"{TOKEN}: LF is a CTL; a value cannot hold it (written, it ends the line and the rest is a malformed line)")
H("refusable", "value-with-control-character", hdi(EUC, ("Title", "bell\u0007 and escape\u001b")),
  f"{TOKEN}: CTLs other than HT cannot be in TEXT")

# ------------------------------------------------------------------- LIRS

L = "LIRS 2.1 (RFB 4)"
LESC = f"{L} §2: 'Commas in fields MUST be escaped (\\\\,). A literal backslash can be inserted using two backslashes (\\\\\\\\).'"
LENC = f"{L} §2 and §7: 'The text is encoded using EUC-JP'; 'no encoding other than EUC-JP is allowed'"


def rec(title="Tadayo Memories", author="Hiya", url="http://hiya.ouchi.to/n/",
        source="http://amano.hauN.org/", extension="blah blah"):
    return {"last_modified": 938779260, "last_detected": 938781002,
            "time_difference": 32400, "content_length": 49383,
            "url": url, "title": title, "author": author,
            "source_url": source, "extension": extension}


def lirs(*records):
    return {"format": "lirs", "records": list(records)}


def LC(kind, name, document, spec):
    add("lirs", kind, name, document, spec)


LC("roundtrip", "comma-at-field-start-and-end", lirs(rec(title=",title,", author=",", extension="ext,")),
   f"{LESC}; a comma first or last in a field, or a field that is one comma, is escaped like any other")
LC("roundtrip", "backslash-at-field-start-and-end", lirs(rec(title="\\title\\", author="\\", extension="ext\\")),
   f"{LESC}; a backslash last in a field is written '\\\\\\\\' so that it does not escape the separating comma")
LC("roundtrip", "backslash-comma-literally", lirs(rec(title="a\\,b", author="\\\\,", extension="\\,")),
   f"{LESC}; the text holds a backslash followed by a comma (written '\\\\\\\\\\\\,'), not an escaped comma")
LC("roundtrip", "only-escapes", lirs(rec(title=",,,", author="\\\\\\", extension=",\\,\\")),
   f"{LESC}; fields made only of commas and backslashes")
LC("roundtrip", "comma-in-url", lirs(rec(url="http://www.example.jp/a,b/", source="http://www.example.jp/lirs,c.gz")),
   f"{LESC}; RFC 2396 allows ',' in a URL path, and it is escaped in the URL and Source URL fields too")
LC("roundtrip", "url-like-text-fields", lirs(rec(title="http://www.example.jp/", author="a,http://www.example.jp/b/", extension="http://x.example.jp/")),
   f"{LESC}; {L} §3: nine fields in this order: a title, author or extension that looks like a URL (after an escaped comma too) is still that field; a reader must not re-align fields on it")
LC("roundtrip", "empty-text-fields", lirs(rec(title="", author="", extension="")),
   f"{L} §2: empty text fields stay empty (the protocol: 'present even when empty'); the extension 'SHOULD be left empty' (§3.9)")
LC("roundtrip", "backslash-and-tilde", lirs(rec(title="C:\\dir ~taro", url="http://www.example.ne.jp/~taro/")),
   f"{LENC}; EUC-JP's code set 0 is ASCII: '\\' (escaped '\\\\\\\\') and '~' stay themselves, never ¥ or ‾")
LC("refusable", "line-break-in-field", lirs(rec(title="line one\nline two", author="a\r\nb")),
   f"{L} §2: 'Field values MUST NOT include the CR or LF characters' and there is no escape for them: refuse")
LC("refusable", "lone-cr-in-field", lirs(rec(title="a\rb")),
   f"{L} §2: 'Field values MUST NOT include the CR or LF characters'; 'CR MUST NOT be used alone'")

for name, text, euc_kind, _, why in JAPANESE:
    LC(euc_kind, name, lirs(rec(title=text)), f"{LENC}; {why}")

# -------------------------------------------------------------------- RSS

X = "XML 1.0 (Fifth Edition)"
XCHAR = f"{X} §2.2: 'Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]'"
TRIM = "the protocol trims leading and trailing XML white space (SP, HT, CR, LF) of text and attribute values"


def rss(channel=None, items=None):
    c = {"title": "Example Antenna", "link": "http://example.com/",
         "description": "Update times of example sites"}
    c.update(channel or {})
    return {"format": "rss2", "version": "2.0", "channel": c, "items": items or []}


def R(kind, name, document, spec):
    add("rss2", kind, name, document, spec)


R("roundtrip", "cdata-end-in-text", rss({"description": "<![CDATA[ a ]]> b ]]]]> c"},
                                        [{"title": "x]]>y", "description": "]]>"}]),
  f"{X} §2.4: 'the right angle bracket (>) MUST ... be escaped using \"&gt;\" ... when it appears in the string \"]]>\" in content' and §2.7: CDATA ends at the first ']]>': a naive CDATA section breaks")
R("roundtrip", "markup-characters-in-text", rss({"title": "a < b && c > d"},
                                                [{"title": "AT&amp;T &lt;b&gt;", "description": "<p>1 &lt; 2</p> & 'q' \"dq\""}]),
  f"{X} §2.4: '&' and '<' in character data MUST be escaped; text that looks like a reference ('&amp;') is text and must be escaped again")
R("roundtrip", "line-breaks-inside-text", rss({"description": "one\r\ntwo\rthree\nfour"},
                                              [{"title": "a\rb", "description": "x\r\n\r\ny"}]),
  f"{X} §2.11: a literal CR or CRLF reads as LF, so a CR inside text must be written '&#13;' (or '&#xD;')")
R("roundtrip", "tab-inside-text", rss({"title": "a\tb\t\tc"}, [{"title": "x\ty"}]),
  f"{X} §2.10: white space inside element content is kept; HT inside text is text")
R("roundtrip", "white-space-in-attributes", rss(items=[{
    "title": "t",
    "categories": [{"domain": "a\tb\nc\rd  e", "value": "v"}],
    "guid": {"value": "g", "isPermaLink": "false"},
    "source": {"url": "http://example.com/a\tb", "value": "s"}}]),
  f"{X} §3.3.3: attribute-value normalization turns literal HT, LF and CR (and CRLF) into spaces, so inside an attribute they must be written '&#9;', '&#10;', '&#13;'")
R("roundtrip", "markup-characters-in-attributes", rss(items=[{
    "title": "t", "categories": [{"domain": "a\"b'c<d&e>f]]>", "value": "v"}]}]),
  f"{X} §2.3 AttValue: '<' and '&' MUST NOT appear literally in an attribute value, nor the quote that delimits it")
R("roundtrip", "outside-the-bmp", rss({"title": "𠮷野家 😀"}, [{"title": "🍣", "description": "𝄞 U+1D11E", "categories": [{"domain": "🏷", "value": "𠀋"}]}]),
  f"{XCHAR}: characters beyond U+FFFF are Chars; a character reference must name the code point ('&#x20BB7;'), never a UTF-16 surrogate ('&#xD842;' is not a Char)")
R("roundtrip", "non-xml-white-space-at-ends", rss({"title": "\u3000見出し\u3000"}, [{"title": "\u00a0nbsp\u00a0", "description": "\u2003em space\u2003"}]),
  f"{X} §2.3: 'S ::= (#x20 | #x9 | #xD | #xA)+'; {TRIM}, and U+3000, U+00A0, U+2003 are not XML white space: they stay")
R("roundtrip", "xml-1-0-line-separators-are-text", rss({"title": "a\u0085b\u2028c"}),
  f"{X} §2.11: only CR and CRLF are line ends in XML 1.0 (U+0085 and U+2028 are so only in XML 1.1); they are Chars and stay")
R("roundtrip", "delete-and-c1-characters", rss({"title": "a\u007fb\u0080c\u009fd"}),
  f"{XCHAR}: U+007F-U+009F are in [#x20-#xD7FF], so XML 1.0 holds them (§2.2 only discourages them)")
R("roundtrip", "japanese-text-in-utf-8", rss({"title": "¥100 ‾ 〜 − ～ － ① ｱﾝﾃﾅ"}),
  f"{X} §4.3.3: an entity without an encoding declaration or BOM is UTF-8; every character here has a UTF-8 form, none may be mapped to a twin")
R("refusable", "c0-control-in-text", rss({"title": "bell\u0007"}, [{"title": "esc\u001b", "description": "start of heading \u0001"}]),
  f"{XCHAR}: U+0001-U+0008, U+000B, U+000C, U+000E-U+001F are not Chars, literally or as '&#1;' (WFC: Legal Character): XML 1.0 cannot hold them; refuse")
R("refusable", "c0-control-in-attribute", rss(items=[{"title": "t", "categories": [{"domain": "a\u000bb", "value": "v"}]}]),
  f"{XCHAR}: U+000B is not a Char; an attribute cannot hold it either")
R("refusable", "noncharacter-fffe", rss({"title": "a\ufffeb\uffff"}),
  f"{XCHAR}: U+FFFE and U+FFFF are excluded from Char: refuse")
R("refusable", "white-space-at-text-ends", rss({"title": " leading", "description": "trailing\n"}, [{"title": "\ttab"}]),
  f"{TRIM}: a value that starts or ends with XML white space cannot read back equal, whatever is written; refuse")
R("refusable", "white-space-at-attribute-ends", rss(items=[{"title": "t", "categories": [{"domain": " d ", "value": "v"}]}]),
  f"{TRIM}: an attribute value with white space at its ends cannot read back equal; refuse")


# ------------------------------------------------------------------ output

def dump_json(obj):
    text = json.dumps(obj, ensure_ascii=False, indent=2) + "\n"
    assert json.loads(text) == obj
    return text


def main():
    root = Path(sys.argv[1]) / "conformance"
    seen = set()
    for fmt, kind, name, document, spec in CASES:
        assert (fmt, name) not in seen, (fmt, name)
        seen.add((fmt, name))
    for fmt in ("hina-di", "lirs", "rss2"):
        for kind, what in (("roundtrip", "the encoder must write a file that reads back equal; refusing fails"),
                           ("refusable", "the encoder must write a file that reads back equal, or refuse; a silent change fails")):
            folder = root / fmt / kind
            folder.mkdir(parents=True, exist_ok=True)
            for old in folder.glob("*.json"):
                old.unlink()
            out = [f"# {fmt} {kind} cases: {what}.",
                   "# Generated by conformance/tools/make_encode_cases.py (edit that, then rerun).",
                   "# spec = the rule that says whether the format can hold the document exactly.", ""]
            for f, k, name, document, spec in CASES:
                if f == fmt and k == kind:
                    (folder / f"{name}.json").write_bytes(dump_json(document).encode("utf-8"))
                    out.append(f"[{kind}.{name}]")
                    out.append(f"spec = {json.dumps(spec, ensure_ascii=False)}")
                    out.append("")
            (folder / "cases.toml").write_text("\n".join(out), encoding="utf-8")
    from collections import Counter
    print(Counter((c[0], c[1]) for c in CASES))


if __name__ == "__main__":
    main()
