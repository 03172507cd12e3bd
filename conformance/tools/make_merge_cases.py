#!/usr/bin/env python3
"""Generate the propagation (merge) conformance cases.

Usage: python3 conformance/tools/make_merge_cases.py [<repo-root>]

Each case is a folder conformance/merge/<name>/ holding its source files,
plan.json (what the merger is given on standard input) and expected.json
(what it must print), and conformance/merge/cases.toml names the spec rule
of every case. The contract is the "Propagation (MERGER)" section of
conformance/README.md.

Every expected block and decision below is written out by hand from the
specifications (HINA-DI rev. 0.12 §Propagation, rev. 0.6 §8-9, LIRS 2.1
§3-4) and the contract, NOT computed by running a merger. Bytes are written
exactly (CRLF line ends for HINA-DI, LF for LIRS), so the output is
reproducible. Rerun after editing; never edit the generated files by hand.
"""

import json
import shutil
import sys
from pathlib import Path

CRLF = "\r\n"
NOW = "2002-09-07T00:00:00Z"  # 1031356800

# Agents and the files they publish.
A_NAME = "AgentA"
A_URL = "http://a.example.jp/"
A_SRC = "http://a.example.jp/hina.txt"
B_NAME = "AgentB"
B_URL = "http://b.example.jp/"
B_SRC = "http://b.example.jp/hina.txt"
C_SRC = "http://c.example.jp/hina.txt"
L_URL = "http://lirs.example.jp/"
L_SRC = "http://lirs.example.jp/lirs.gz"
M_SRC = "http://mirror.example.jp/lirs.gz"

PAGE = "http://www.hoge.jp/foo/"
PAGE2 = "http://www.example.jp/diary/"
LM = "Fri, 06 Sep 2002 21:00:00 GMT"
LMD = "Fri, 06 Sep 2002 22:00:00 GMT"
UA = "WDB/2.10 (Antenna; HINA/2.2beta; WWW-Dancing-Bee)"

R012 = "HINA-DI rev. 0.12"
R06 = "HINA-DI rev. 0.6 (ja)"
PROP = f"{R012} §Propagation"

CASES = []  # (name, files: {name: bytes}, plan, expected, spec)


def hdi(*blocks, header=None):
    """A HINA-DI file: the header (User-Agent by default), then the blocks,
    each a list of (name, value) written `name: value` with CRLF. A pair
    whose name ends in ':' is written as given (odd separators)."""
    if header is None:
        header = [("User-Agent", UA)]
    text = "HINA/2.2beta" + CRLF
    for n, v in header:
        text += f"{n}: {v}{CRLF}"
    text += CRLF
    for block in blocks:
        for n, v in block:
            text += (f"{n}{v}" if n.endswith(":") else f"{n}: {v}") + CRLF
        text += CRLF
    return text.encode("euc_jp")


def lirs(*records):
    """A plain-text LIRS file, one record a line (LF)."""
    return "".join(f"LIRS,{r},\n" for r in records).encode("euc_jp")


def by(name, url):
    return [("Authorized", name), ("Authorized-url", url)]


def block(url=PAGE, method="GET/200", agent=(A_NAME, A_URL), extra=()):
    """A well-formed block: URL, Title, Last-Modified,
    Last-Modified-Detected, Authorized, Authorized-url, Method, extra."""
    fields = [("URL", url), ("Title", "Foo"), ("Last-Modified", LM), ("Last-Modified-Detected", LMD)]
    fields += by(*agent)
    if method is not None:
        fields.append(("Method", method))
    return fields + list(extra)


def published(url=PAGE, method="REMOTE/GET/200", agent=(A_NAME, A_URL), extra=()):
    """What the spec says a merger publishes for block(...): every field as
    written, Method with the REMOTE hop (written out by each caller)."""
    return [list(f) for f in block(url, method, agent, extra)]


def header_dropped(source):
    # rev. 0.12 §Propagation: "A header block ... MUST NOT be propagated";
    # rev. 0.6 §9.1. Every HINA-DI source has one header block.
    return decision(source, "", "dropped", "header-not-propagated")


def decision(source, entry, action, rule):
    return {"source": source, "entry": entry, "action": action, "rule": rule}


def plan(sources, agents=(), trusted_sources=(), vouch=(), keep_extensions=False, now=NOW):
    return {
        "now": now,
        "trust": {"agents": list(agents), "sources": list(trusted_sources)},
        "vouch": [dict(v) for v in vouch],
        "keep_extensions": keep_extensions,
        "sources": [{"file": f, "url": u, "format": fmt} for f, u, fmt in sources],
    }


def add(name, spec, files, the_plan, blocks, decisions):
    assert all(c[0] != name for c in CASES), name
    CASES.append((name, files, the_plan, {"blocks": blocks, "decisions": decisions}, spec))


def one_source(name, spec, blocks_in, blocks_out, decisions, agents=(A_URL,), **kw):
    """A case with one HINA-DI source a.hdi fetched from A_SRC."""
    add(
        name,
        spec,
        {"a.hdi": hdi(*blocks_in)},
        plan([("a.hdi", A_SRC, "hina-di")], agents=agents, **kw),
        blocks_out,
        [header_dropped(A_SRC)] + decisions,
    )


# ------------------------------------------------------------------ trust

one_source(
    "trust-trusted-agent",
    f"{PROP}: 'Propagating MUST only be performed if both fields are defined and if the user agent is trusted'; Authorized-url is trusted: published",
    [block()],
    [published()],
    [],
)
one_source(
    "trust-untrusted-agent",
    f"{PROP}: propagate only if the user agent is trusted; {R06} §8: the agent of Authorized/Authorized-url vouches; AgentB is not trusted: dropped",
    [block(agent=(B_NAME, B_URL))],
    [],
    [decision(A_SRC, PAGE, "dropped", "untrusted-agent")],
)
one_source(
    "trust-missing-authorized",
    f"{PROP}: 'only ... if both fields are defined'; Authorized-url alone (its agent trusted): dropped",
    [[("URL", PAGE), ("Title", "Foo"), ("Authorized-url", A_URL), ("Method", "GET/200")]],
    [],
    [decision(A_SRC, PAGE, "dropped", "missing-authorized")],
)
one_source(
    "trust-missing-authorized-url",
    f"{PROP}: 'only ... if both fields are defined'; Authorized alone, in a trusted source: dropped",
    [[("URL", PAGE), ("Title", "Foo"), ("Authorized", A_NAME), ("Method", "GET/200")]],
    [],
    [decision(A_SRC, PAGE, "dropped", "missing-authorized")],
    agents=(),
    trusted_sources=(A_SRC,),
)
one_source(
    "trust-neither-field",
    f"{PROP}: 'only ... if both fields are defined'; neither, in a trusted source: dropped",
    [[("URL", PAGE), ("Title", "Foo"), ("Method", "GET/200")]],
    [],
    [decision(A_SRC, PAGE, "dropped", "missing-authorized")],
    agents=(),
    trusted_sources=(A_SRC,),
)
one_source(
    "trust-source",
    f"{PROP}: 'the user agent is trusted'; the plan trusts the source file, so every block in it whose Authorized and Authorized-url are defined (here AgentB, not trusted by itself): published",
    [block(agent=(B_NAME, B_URL))],
    [published(agent=(B_NAME, B_URL))],
    [],
    agents=(),
    trusted_sources=(A_SRC,),
)
one_source(
    "trust-agent-url-case",
    f"{R012} §Authorized-url: 'The case-sensitivity ... conditions defined for the URL field MUST be followed' (§URL: 'The scheme and domain portions of the URL are not case-sensitive'): HTTP://A.Example.JP/ is the trusted agent; published with Authorized-url as written",
    [block(agent=(A_NAME, "HTTP://A.Example.JP/"))],
    [published(agent=(A_NAME, "HTTP://A.Example.JP/"))],
    [],
)

# ----------------------------------------------------------------- Method

one_source(
    "method-hop-get",
    f"{R012} §Method, §Method types (REMOTE: 'retrieved from an entity block generated by another agent'), §Propagation: 'The Method field MUST be processed': GET/200 becomes REMOTE/GET/200",
    [block(method="GET/200")],
    [published(method="REMOTE/GET/200")],
    [],
)
one_source(
    "method-hop-already-remote",
    f"{R012} §Method, example 'REMOTE/REMOTE/GET/200': one more hop in front, REMOTE/REMOTE/GET/200 becomes REMOTE/REMOTE/REMOTE/GET/200",
    [block(method="REMOTE/REMOTE/GET/200")],
    [published(method="REMOTE/REMOTE/REMOTE/GET/200")],
    [],
)
one_source(
    "method-hop-head-file",
    f"{R012} §Method types HEAD and FILE: HEAD/304 becomes REMOTE/HEAD/304",
    [block(method="HEAD/304")],
    [published(method="REMOTE/HEAD/304")],
    [],
)
one_source(
    "method-missing",
    f"{R012} §Method: 'method-type *(SLASH method-type) (SLASH result-code)' requires a result code; with no Method there is none, so a bare 'REMOTE' would not be of the grammar: the block is published without Method (no decision: nothing the block had is changed)",
    [block(method=None)],
    [published(method=None)],
    [],
)
one_source(
    "method-append-style",
    f"{R012} §Method: hops go in front ('REMOTE/REMOTE/GET/200'); GET/200/REMOTE (a hop appended at the end) is read as REMOTE/GET/200 and published as REMOTE/REMOTE/GET/200, reported",
    [block(method="GET/200/REMOTE")],
    [published(method="REMOTE/REMOTE/GET/200")],
    [decision(A_SRC, PAGE, "changed", "method-append-style")],
)
one_source(
    "method-respelled",
    f"{R012} §Fields: 'All fields are ... case-insensitive unless otherwise specified', so get/200 is GET/200; §Propagation lets Method (alone) change: published as REMOTE/GET/200, reported",
    [block(method="get/200")],
    [published(method="REMOTE/GET/200")],
    [decision(A_SRC, PAGE, "changed", "method-respelled")],
)
one_source(
    "method-slash-spacing",
    f"{R012} §Data Types: 'SLASH = \"/\" *(SP|HT)': 'GET/ 200' is of the grammar, and so is 'REMOTE/GET/ 200': the hop is added in front and the rest kept as written",
    [block(method="GET/ 200")],
    [published(method="REMOTE/GET/ 200")],
    [],
)
one_source(
    "method-invalid-no-result-code",
    f"{R012} §Method: a result code is required; 'GET' has none, and neither would 'REMOTE/GET': Method is not published, the rest of the block is, reported",
    [block(method="GET")],
    [published(method=None)],
    [decision(A_SRC, PAGE, "changed", "method-unusable")],
)
one_source(
    "method-invalid-unknown-type",
    f"{R012} §Method: 'method-type = \"GET\" | \"HEAD\" | \"FILE\" | \"REMOTE\"'; 'FTP/200' is none: Method is not published, the rest of the block is, reported",
    [block(method="FTP/200")],
    [published(method=None)],
    [decision(A_SRC, PAGE, "changed", "method-unusable")],
)

# ----------------------------------------------------------------- header

add(
    "header-not-propagated",
    f"{PROP}: 'A header block, or any field that is part of it, MUST NOT be propagated'; {R06} §9.1: only entity blocks propagate. A full header (User-Agent, Content-Type, Date): none of it is published, one decision for the source",
    {
        "a.hdi": hdi(
            block(),
            header=[
                ("User-Agent", UA),
                ("Content-Type", "text/plain; charset=EUC-JP"),
                ("Date", "Sat, 07 Sep 2002 00:00:00 GMT"),
            ],
        )
    },
    plan([("a.hdi", A_SRC, "hina-di")], agents=(A_URL,)),
    [published()],
    [header_dropped(A_SRC)],
)

# ---------------------------------------------- fields reproduced unchanged

UNCHANGED = f"{PROP}: 'all fields of an entity block defined in this specification ... MUST be reproduced without modification'; {R06} §8: 'その内容を改変してはならない'"

one_source(
    "unchanged-all-defined-fields",
    f"{UNCHANGED}: every defined field of a block, in its order",
    [[
        ("URL", PAGE),
        ("HINA-Version", "HINA/2.2"),
        ("Content-Type", "text/html"),
        ("Date", "Sat, 07 Sep 2002 00:00:00 GMT"),
        ("Title", "Foo"),
        ("Author-Name", "Taro"),
        ("Expires", "Fri, 31 Dec 2010 23:59:59 GMT"),
        ("Last-Modified", LM),
        ("Last-Modified-Detected", LMD),
        ("Server", "Apache/1.3.26 (Unix)"),
        ("Authorized", A_NAME),
        ("Authorized-url", A_URL),
        ("Method", "GET/200"),
        ("Keyword", "diary, cats"),
    ]],
    [[
        ["URL", PAGE],
        ["HINA-Version", "HINA/2.2"],
        ["Content-Type", "text/html"],
        ["Date", "Sat, 07 Sep 2002 00:00:00 GMT"],
        ["Title", "Foo"],
        ["Author-Name", "Taro"],
        ["Expires", "Fri, 31 Dec 2010 23:59:59 GMT"],
        ["Last-Modified", LM],
        ["Last-Modified-Detected", LMD],
        ["Server", "Apache/1.3.26 (Unix)"],
        ["Authorized", A_NAME],
        ["Authorized-url", A_URL],
        ["Method", "REMOTE/GET/200"],
        ["Keyword", "diary, cats"],
    ]],
    [],
)
one_source(
    "unchanged-odd-spacing",
    f"{UNCHANGED}; §Data Types 'SEPARATOR = \":\" 1*(SP|HT)', 'TOKEN = <any TEXT, but don't start with SP or HT>': a tab and spaces after the colon belong to the separator, the double space inside the value to the value",
    [[("URL", PAGE), ("Title:", "\t  Foo  bar"), ("Author-Name:", "\tTaro")] + by(A_NAME, A_URL) + [("Method", "GET/200")]],
    [[["URL", PAGE], ["Title", "Foo  bar"], ["Author-Name", "Taro"], ["Authorized", A_NAME], ["Authorized-url", A_URL], ["Method", "REMOTE/GET/200"]]],
    [],
)
one_source(
    "unchanged-name-case",
    f"{UNCHANGED}; {R06} §4.1: 'field-nameは大文字・小文字の区別なし' (names are case-insensitive), as {R012} §Fields ('All fields are ... case-insensitive unless otherwise specified'; its §Block says names are case-sensitive, which the contract does not follow): title, last-modified, authorized, authorized-url are the defined fields, published with their names as written",
    [[("URL", PAGE), ("title", "Foo"), ("last-modified", LM), ("authorized", A_NAME), ("authorized-url", A_URL), ("Method", "GET/200")]],
    [[["URL", PAGE], ["title", "Foo"], ["last-modified", LM], ["authorized", A_NAME], ["authorized-url", A_URL], ["Method", "REMOTE/GET/200"]]],
    [],
)
one_source(
    "unchanged-url-as-written",
    f"{UNCHANGED}: the URL with upper-case host and an escaped tilde is published as written, not normalised",
    [block(url="http://WWW.Hoge.JP/%7Efoo/")],
    [published(url="http://WWW.Hoge.JP/%7Efoo/")],
    [],
)
one_source(
    "unchanged-url-not-first",
    f"{UNCHANGED}; {R012} §URL: 'Making this field the first field of an entity block is RECOMMENDED' (not required): the fields keep their order, Title before URL",
    [[("Title", "Foo"), ("URL", PAGE)] + by(A_NAME, A_URL) + [("Method", "GET/200")]],
    [[["Title", "Foo"], ["URL", PAGE], ["Authorized", A_NAME], ["Authorized-url", A_URL], ["Method", "REMOTE/GET/200"]]],
    [],
)
one_source(
    "unchanged-jst-date",
    f"{UNCHANGED}: a Last-Modified written in JST (as Japanese antennas write it) is published as written, not rewritten in GMT",
    [block(extra=[("Date", "Sat, 07 Sep 2002 08:30:00 JST")])],
    [published(extra=[("Date", "Sat, 07 Sep 2002 08:30:00 JST")])],
    [],
)
one_source(
    "unchanged-rfc850-asctime-dates",
    f"{UNCHANGED}; {R06} §5.10: 'rfc2616-date = <Date described on \"3.3 Date/Time Formats\" in RFC2616, but rfc1123-date is recommended>': an RFC 850 and an asctime date are published as written",
    [[("URL", PAGE), ("Last-Modified", "Friday, 06-Sep-02 21:00:00 GMT"), ("Date", "Fri Sep  6 22:00:00 2002")] + by(A_NAME, A_URL) + [("Method", "GET/200")]],
    [[["URL", PAGE], ["Last-Modified", "Friday, 06-Sep-02 21:00:00 GMT"], ["Date", "Fri Sep  6 22:00:00 2002"], ["Authorized", A_NAME], ["Authorized-url", A_URL], ["Method", "REMOTE/GET/200"]]],
    [],
)
LONG = "Foo " * 511 + "end"
one_source(
    "unchanged-long-value",
    f"{UNCHANGED}: an Author-Name of 2047 characters is published whole",
    [block(extra=[("Author-Name", LONG)])],
    [published(extra=[("Author-Name", LONG)])],
    [],
)
add(
    "unchanged-japanese-text",
    f"{UNCHANGED}; {R012} §Encoding (EUC-JP by default): a Japanese Author-Name read from EUC-JP is published as the same characters",
    {"a.hdi": hdi(block(extra=[("Author-Name", "朝日奈　太郎")]))},
    plan([("a.hdi", A_SRC, "hina-di")], agents=(A_URL,)),
    [published(extra=[("Author-Name", "朝日奈　太郎")])],
    [header_dropped(A_SRC)],
)
one_source(
    "unreproducible-field",
    f"{UNCHANGED}; {R06} §8: a block is output whole or not at all. A Last-Modified that is no date cannot be judged nor reproduced as what it says: the block is dropped",
    [[("URL", PAGE), ("Title", "Foo"), ("Last-Modified", "yesterday")] + by(A_NAME, A_URL) + [("Method", "GET/200")]],
    [],
    [decision(A_SRC, PAGE, "dropped", "unreproducible")],
)

# ----------------------------------------------- X- and undefined fields

one_source(
    "extensions-dropped-by-default",
    f"{PROP}: 'Propagating experimental or undefined fields is not guaranteed'; {R06} §6, §7, §9.2 (agent B does not output them). keep_extensions false: X-Mood (experimental) and Foo-Bar (undefined) are not published, each reported",
    [block(extra=[("X-Mood", "happy"), ("Foo-Bar", "baz")])],
    [published()],
    [decision(A_SRC, PAGE, "changed", "extension-dropped"), decision(A_SRC, PAGE, "changed", "extension-dropped")],
)
one_source(
    "extensions-kept",
    f"{PROP}: experimental and undefined fields may propagate ('not guaranteed'); keep_extensions true: X-Mood and Foo-Bar are published as written, in place",
    [[("URL", PAGE), ("X-Mood", "happy")] + by(A_NAME, A_URL) + [("Method", "GET/200"), ("Foo-Bar", "baz")]],
    [[["URL", PAGE], ["X-Mood", "happy"], ["Authorized", A_NAME], ["Authorized-url", A_URL], ["Method", "REMOTE/GET/200"], ["Foo-Bar", "baz"]]],
    [],
    keep_extensions=True,
)

# ------------------------------------------------------------ empty values

one_source(
    "empty-values",
    f"{PROP}: fields 'with empty values' are excepted from reproduction; the contract drops them: Author-Name and Keyword with empty values are not published, each reported",
    [[("URL", PAGE), ("Title", "Foo"), ("Author-Name:", " "), ("Keyword:", " ")] + by(A_NAME, A_URL) + [("Method", "GET/200")]],
    [[["URL", PAGE], ["Title", "Foo"], ["Authorized", A_NAME], ["Authorized-url", A_URL], ["Method", "REMOTE/GET/200"]]],
    [decision(A_SRC, PAGE, "changed", "empty-field"), decision(A_SRC, PAGE, "changed", "empty-field")],
)

# ------------------------------------------------------------------ expiry

EXPIRY = f"{R012} §Expires: 'Expiration date for the block'; {R06} §5.8: 'そのblockの情報の有効期限'"
one_source(
    "expires-past",
    f"{EXPIRY}: Expires one second before now: the block is no longer valid, dropped",
    [block(extra=[("Expires", "Fri, 06 Sep 2002 23:59:59 GMT")])],
    [],
    [decision(A_SRC, PAGE, "dropped", "expired")],
)
one_source(
    "expires-future",
    f"{EXPIRY}: Expires after now: published, Expires as written",
    [block(extra=[("Expires", "Sun, 08 Sep 2002 00:00:00 GMT")])],
    [published(extra=[("Expires", "Sun, 08 Sep 2002 00:00:00 GMT")])],
    [],
)
one_source(
    "expires-now",
    f"{EXPIRY}; RFC 2616 §14.21: Expires is 'the date/time after which the response is considered stale': Expires equal to now is not yet past, published",
    [block(extra=[("Expires", "Sat, 07 Sep 2002 00:00:00 GMT")])],
    [published(extra=[("Expires", "Sat, 07 Sep 2002 00:00:00 GMT")])],
    [],
)
one_source(
    "expire-past",
    f"{R012} §Expire: 'Alias for the Expires field'; {R06} §5.9: 'Expiresと同一の情報': Expire one hour before now: dropped",
    [block(extra=[("Expire", "Fri, 06 Sep 2002 23:00:00 GMT")])],
    [],
    [decision(A_SRC, PAGE, "dropped", "expired")],
)
one_source(
    "expire-future-kept-as-written",
    f"{R012} §Expire; {UNCHANGED}: Expire after now: published, with the name Expire (not renamed Expires)",
    [block(extra=[("Expire", "Fri, 31 Dec 2010 23:59:59 GMT")])],
    [published(extra=[("Expire", "Fri, 31 Dec 2010 23:59:59 GMT")])],
    [],
)

# ----------------------------------------------------------------- Virtual

V_SRC = "http://c.example.jp/virtual.txt"
VIRTUAL = f"{R012} §Virtual: 'URL of another Hina-Di file that holds the entity block'"
stub = [("URL", PAGE), ("Virtual", V_SRC)]
add(
    "virtual-resolved",
    f"{VIRTUAL}: a block of URL and Virtual is replaced whole by the block for its URL in the file Virtual names (a source of the plan, looked up by URL), which propagates under the usual rules; that file's own copy of the block is the same URL, so it is superseded (a tie: the earlier source wins)",
    {"a.hdi": hdi(stub), "c.hdi": hdi(block())},
    plan([("a.hdi", A_SRC, "hina-di"), ("c.hdi", V_SRC, "hina-di")], agents=(A_URL,)),
    [published()],
    [
        header_dropped(A_SRC),
        header_dropped(V_SRC),
        decision(A_SRC, PAGE, "changed", "virtual-resolved"),
        decision(V_SRC, PAGE, "dropped", "superseded"),
    ],
)
add(
    "virtual-trust-not-inherited",
    f"{VIRTUAL}; {PROP}: trust is by the agent that authorized the block. The plan trusts the stub's source, not the Virtual file nor its agent AgentB: the block Virtual names is dropped (from both sources)",
    {"a.hdi": hdi(stub), "c.hdi": hdi(block(agent=(B_NAME, B_URL)))},
    plan([("a.hdi", A_SRC, "hina-di"), ("c.hdi", V_SRC, "hina-di")], trusted_sources=(A_SRC,)),
    [],
    [
        header_dropped(A_SRC),
        header_dropped(V_SRC),
        decision(A_SRC, PAGE, "dropped", "untrusted-agent"),
        decision(V_SRC, PAGE, "dropped", "untrusted-agent"),
    ],
)
one_source(
    "virtual-unresolved",
    f"{VIRTUAL}; {PROP}: the file Virtual names is not among the sources, so the block stays as it is: URL and Virtual, no Authorized: dropped",
    [stub],
    [],
    [decision(A_SRC, PAGE, "dropped", "missing-authorized")],
)
V2_SRC = "http://d.example.jp/virtual.txt"
add(
    "virtual-chain",
    f"{VIRTUAL}: the block in the Virtual file is itself URL and Virtual: followed to the next file, each file followed a virtual-resolved decision; the three copies share one URL, the stub's source comes first and wins",
    {"a.hdi": hdi(stub), "c.hdi": hdi([("URL", PAGE), ("Virtual", V2_SRC)]), "d.hdi": hdi(block())},
    plan([("a.hdi", A_SRC, "hina-di"), ("c.hdi", V_SRC, "hina-di"), ("d.hdi", V2_SRC, "hina-di")], agents=(A_URL,)),
    [published()],
    [
        header_dropped(A_SRC),
        header_dropped(V_SRC),
        header_dropped(V2_SRC),
        decision(A_SRC, PAGE, "changed", "virtual-resolved"),
        decision(A_SRC, PAGE, "changed", "virtual-resolved"),
        decision(V_SRC, PAGE, "dropped", "superseded"),
        decision(V2_SRC, PAGE, "dropped", "superseded"),
    ],
)
add(
    "virtual-loop",
    f"{VIRTUAL}: two files whose blocks for one URL name each other hold no block, only pointers: following stops at a file already visited, and the stub reached has no Authorized: both dropped",
    {"a.hdi": hdi([("URL", PAGE), ("Virtual", V_SRC)]), "c.hdi": hdi([("URL", PAGE), ("Virtual", A_SRC)])},
    plan([("a.hdi", A_SRC, "hina-di"), ("c.hdi", V_SRC, "hina-di")], agents=(A_URL,)),
    [],
    [
        header_dropped(A_SRC),
        header_dropped(V_SRC),
        decision(A_SRC, PAGE, "dropped", "missing-authorized"),
        decision(V_SRC, PAGE, "dropped", "missing-authorized"),
    ],
)
one_source(
    "virtual-as-url",
    f"{R012} §Virtual: 'If there are fields in the entity block other than Virtual, then it takes the same meaning as the regular URL field': a block with Virtual and no URL is a block for that URL, published as written",
    [[("Virtual", PAGE), ("Title", "Foo")] + by(A_NAME, A_URL) + [("Method", "GET/200")]],
    [[["Virtual", PAGE], ["Title", "Foo"], ["Authorized", A_NAME], ["Authorized-url", A_URL], ["Method", "REMOTE/GET/200"]]],
    [],
)

# -------------------------------------------------------------------- LIRS

NOW_S = 1031356800
LIRS_LM = NOW_S - 3 * 3600  # Fri, 06 Sep 2002 21:00:00 GMT
LIRS_VOUCH = {"source": L_SRC, "agent": L_URL, "name": "LirsAgent"}


def lirs_record(url=PAGE, modified=LIRS_LM, detected=NOW_S - 3600, title="Foo", author="Taro", extension=""):
    return f"{modified},{detected},32400,0,{url},{title},{author},0,{extension}"


def lirs_published(url=PAGE, detected="Fri, 06 Sep 2002 23:00:00 GMT", title="Foo"):
    """The HINA-DI block of a LIRS record (contract, README: URL, Title,
    Author-Name, Last-Modified, Last-Modified-Detected in RFC 1123 GMT, the
    vouching agent as Authorized and Authorized-url; no Method)."""
    return [
        ["URL", url],
        ["Title", title],
        ["Author-Name", "Taro"],
        ["Last-Modified", "Fri, 06 Sep 2002 21:00:00 GMT"],
        ["Last-Modified-Detected", detected],
        ["Authorized", "LirsAgent"],
        ["Authorized-url", L_URL],
    ]


def lirs_case(name, spec, records, blocks, decisions, vouch=(LIRS_VOUCH,), keep_extensions=False):
    add(
        name,
        spec,
        {"l.lirs": lirs(*records)},
        plan([("l.lirs", L_SRC, "lirs")], agents=(L_URL,), vouch=vouch, keep_extensions=keep_extensions),
        blocks,
        decisions,
    )


LIRS_TRUST = f"{PROP} (propagate only what a trusted agent vouches for); LIRS records name no agent, so the plan's vouch names it"
lirs_case(
    "lirs-fresh-vouched",
    f"{LIRS_TRUST}; LIRS 2.1 §4: detected 3600 s before now, fresh: published as its HINA-DI block, reported as vouched for",
    [lirs_record()],
    [lirs_published()],
    [decision(L_SRC, PAGE, "changed", "vouched-by-source")],
)
lirs_case(
    "lirs-not-vouched",
    f"{LIRS_TRUST}: no vouch for this source, so no agent to judge: dropped",
    [lirs_record()],
    [],
    [decision(L_SRC, PAGE, "dropped", "missing-authorized")],
    vouch=(),
)
lirs_case(
    "lirs-stale",
    "LIRS 2.1 §4: 'SHOULD automatically discard records that were last detected more than 28800 seconds (8 hours) ago': detected 28801 s before now: dropped",
    [lirs_record(detected=NOW_S - 28801)],
    [],
    [decision(L_SRC, PAGE, "dropped", "stale")],
)
lirs_case(
    "lirs-stale-boundary",
    "LIRS 2.1 §4: 'more than 28800 seconds': detected exactly 28800 s before now is not more: published",
    [lirs_record(detected=NOW_S - 28800)],
    [lirs_published(detected="Fri, 06 Sep 2002 16:00:00 GMT")],
    [decision(L_SRC, PAGE, "changed", "vouched-by-source")],
)
lirs_case(
    "lirs-url-as-written",
    f"{UNCHANGED}; {R012} §URL ('a unique key'): the record's URL, upper-case host and an escaped tilde, is published as the record wrote it, not normalised, and its decisions name it so",
    [lirs_record(url="http://WWW.Hoge.JP/%7Efoo/")],
    [lirs_published(url="http://WWW.Hoge.JP/%7Efoo/")],
    [decision(L_SRC, "http://WWW.Hoge.JP/%7Efoo/", "changed", "vouched-by-source")],
)
LIRS_EXTENSION = f"LIRS 2.1 §3.9 (Extension: 'Arbitrary string for agent-specific information'), the counterpart of an experimental field; {PROP}: 'Propagating experimental or undefined fields is not guaranteed'"
for name, keep, why in [
    ("lirs-extension-dropped-by-default", False, "keep_extensions false: not published, reported"),
    (
        "lirs-extension-kept-has-no-hina-di-field",
        True,
        "keep_extensions true, but HINA-DI has no field for a LIRS extension and the contract makes up no X- name for it: not published, and reported (never only noted)",
    ),
]:
    lirs_case(
        name,
        f"{LIRS_EXTENSION}. {why}",
        [lirs_record(extension="blah blah")],
        [lirs_published()],
        [decision(L_SRC, PAGE, "changed", "vouched-by-source"), decision(L_SRC, PAGE, "changed", "extension-dropped")],
        keep_extensions=keep,
    )
lirs_case(
    "lirs-unusable-last-modified",
    "LIRS 2.1 §3.1: Last-Modified zero: 'antenna agents SHOULD assume this record is unusable': dropped",
    [lirs_record(modified=0)],
    [],
    [decision(L_SRC, PAGE, "dropped", "unusable")],
)
lirs_case(
    "lirs-unusable-last-detected",
    "LIRS 2.1 §3.2: Last-Detected zero: 'antenna agents SHOULD assume this record is unusable': dropped",
    [lirs_record(detected=0)],
    [],
    [decision(L_SRC, PAGE, "dropped", "unusable")],
)

# ------------------------------------------- duplicate URLs, one agent a URL

ONE_AGENT = f"{R06} §8: '複数のエージェントから取得した、同一「5.3 URL」のmeta dataを混合して利用・出力してはならない' (metadata for one URL from several agents MUST NOT be mixed); 'block単位に出力' (output whole blocks)"
add(
    "duplicate-url-fresher-wins",
    f"{ONE_AGENT}; LIRS 2.1 §3.2 (last detection is freshness, 'to sort records by priority'): two trusted agents publish the same URL; the block detected later wins whole (the contract's choice of winner), the other is superseded",
    {
        "a.hdi": hdi(block()),
        "b.hdi": hdi(
            [("URL", PAGE), ("Title", "Foo"), ("Last-Modified", LM)]
            + [("Last-Modified-Detected", "Fri, 06 Sep 2002 23:00:00 GMT")]
            + by(B_NAME, B_URL)
            + [("Method", "GET/200"), ("Author-Name", "Taro")]
        ),
    },
    plan([("a.hdi", A_SRC, "hina-di"), ("b.hdi", B_SRC, "hina-di")], agents=(A_URL, B_URL)),
    [[
        ["URL", PAGE],
        ["Title", "Foo"],
        ["Last-Modified", LM],
        ["Last-Modified-Detected", "Fri, 06 Sep 2002 23:00:00 GMT"],
        ["Authorized", B_NAME],
        ["Authorized-url", B_URL],
        ["Method", "REMOTE/GET/200"],
        ["Author-Name", "Taro"],
    ]],
    [header_dropped(A_SRC), header_dropped(B_SRC), decision(A_SRC, PAGE, "dropped", "superseded")],
)
add(
    "duplicate-url-not-mixed",
    f"{ONE_AGENT}: equally fresh blocks for one URL, A's with Title, B's with Author-Name: one is published whole, with nothing of the other; which one is the contract's tie-break (the spec leaves it open): the earlier source in the plan",
    {
        "a.hdi": hdi([("URL", PAGE), ("Title", "Foo")] + by(A_NAME, A_URL) + [("Method", "GET/200")]),
        "b.hdi": hdi([("URL", PAGE), ("Author-Name", "Taro")] + by(B_NAME, B_URL) + [("Method", "GET/200")]),
    },
    plan([("a.hdi", A_SRC, "hina-di"), ("b.hdi", B_SRC, "hina-di")], agents=(A_URL, B_URL)),
    [[["URL", PAGE], ["Title", "Foo"], ["Authorized", A_NAME], ["Authorized-url", A_URL], ["Method", "REMOTE/GET/200"]]],
    [header_dropped(A_SRC), header_dropped(B_SRC), decision(B_SRC, PAGE, "dropped", "superseded")],
)
add(
    "duplicate-url-same-key",
    f"{ONE_AGENT}; {R012} §URL (scheme and host are not case-sensitive; 'a unique key'): http://WWW.HOGE.JP/foo/ and http://www.hoge.jp/foo/ are one URL; the earlier source's block wins, its URL as written",
    {
        "a.hdi": hdi([("URL", "http://WWW.HOGE.JP/foo/"), ("Title", "Foo")] + by(A_NAME, A_URL) + [("Method", "GET/200")]),
        "b.hdi": hdi([("URL", PAGE), ("Title", "Foo")] + by(B_NAME, B_URL) + [("Method", "GET/200")]),
    },
    plan([("a.hdi", A_SRC, "hina-di"), ("b.hdi", B_SRC, "hina-di")], agents=(A_URL, B_URL)),
    [[["URL", "http://WWW.HOGE.JP/foo/"], ["Title", "Foo"], ["Authorized", A_NAME], ["Authorized-url", A_URL], ["Method", "REMOTE/GET/200"]]],
    [header_dropped(A_SRC), header_dropped(B_SRC), decision(B_SRC, PAGE, "dropped", "superseded")],
)
add(
    "duplicate-url-lirs-fresher-wins",
    f"{ONE_AGENT}; LIRS 2.1 §3.2, §3.5 (URL unique within one file, not across): two LIRS files carry the same URL; the record detected later wins, the other is superseded",
    {
        "l.lirs": lirs(lirs_record(detected=NOW_S - 7200)),
        "m.lirs": lirs(lirs_record(detected=NOW_S - 3600, title="Foo2")),
    },
    plan(
        [("l.lirs", L_SRC, "lirs"), ("m.lirs", M_SRC, "lirs")],
        agents=(L_URL,),
        vouch=(LIRS_VOUCH, {"source": M_SRC, "agent": L_URL, "name": "LirsAgent"}),
    ),
    [lirs_published(title="Foo2")],
    [decision(M_SRC, PAGE, "changed", "vouched-by-source"), decision(L_SRC, PAGE, "dropped", "superseded")],
)
add(
    "duplicate-urls-keep-first-appearance-order",
    f"{ONE_AGENT}: two URLs, each in both sources; the published blocks come in the order their URLs first appear",
    {
        "a.hdi": hdi(block(url=PAGE2), block(url=PAGE)),
        "b.hdi": hdi(block(url=PAGE, agent=(B_NAME, B_URL)), block(url=PAGE2, agent=(B_NAME, B_URL))),
    },
    plan([("a.hdi", A_SRC, "hina-di"), ("b.hdi", B_SRC, "hina-di")], agents=(A_URL, B_URL)),
    [published(url=PAGE2), published(url=PAGE)],
    [
        header_dropped(A_SRC),
        header_dropped(B_SRC),
        decision(B_SRC, PAGE, "dropped", "superseded"),
        decision(B_SRC, PAGE2, "dropped", "superseded"),
    ],
)

one_source(
    "duplicate-url-in-one-file",
    f"{ONE_AGENT}; {R012} §URL ('a unique key that distinguishes the entity block from other blocks'): one file holds two blocks for one URL; the one detected later wins whole, the other is superseded",
    [
        block(),
        [("URL", PAGE), ("Title", "Foo2"), ("Last-Modified", LM), ("Last-Modified-Detected", "Fri, 06 Sep 2002 23:00:00 GMT")]
        + by(A_NAME, A_URL)
        + [("Method", "GET/200")],
    ],
    [[
        ["URL", PAGE],
        ["Title", "Foo2"],
        ["Last-Modified", LM],
        ["Last-Modified-Detected", "Fri, 06 Sep 2002 23:00:00 GMT"],
        ["Authorized", A_NAME],
        ["Authorized-url", A_URL],
        ["Method", "REMOTE/GET/200"],
    ]],
    [decision(A_SRC, PAGE, "dropped", "superseded")],
)
one_source(
    "duplicate-field-names-discarded",
    f"{R012} §Block: 'A block with duplicate field names MUST be discarded': such a block is not a block of the file (the decoder protocol leaves it out of blocks too), so it is neither published nor a decision; the next block is published",
    [block(extra=[("Title", "Bar")]), block(url=PAGE2)],
    [published(url=PAGE2)],
    [],
)

# ---------------------------------------------------------------- userinfo

EVIL = "http://www.hoge.jp@evil.example.jp/foo/"
one_source(
    "userinfo-url",
    "RFC 3986 §7.6 (semantic attacks: userinfo makes a URL look like another host's); republishing would pass it on, removing it would modify URL (HINA-DI rev. 0.12 §Propagation): dropped",
    [block(url=EVIL)],
    [],
    [decision(A_SRC, EVIL, "dropped", "userinfo-url")],
)

# ------------------------------------------------------------------ writer


def toml_string(s):
    return json.dumps(s, ensure_ascii=False)


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
    out = root / "conformance" / "merge"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    toml = [
        "# Propagation (merge) conformance cases: which spec rule each case exercises.",
        "# Generated by conformance/tools/make_merge_cases.py; edit that and rerun.",
        "# Each case is a folder: its source files, plan.json and expected.json",
        "# (the MERGER contract in conformance/README.md).",
        "",
    ]
    for name, files, the_plan, expected, spec in sorted(CASES):
        case = out / name
        case.mkdir()
        for file_name, data in files.items():
            assert file_name not in ("plan.json", "expected.json")
            (case / file_name).write_bytes(data)
        listed = {s["file"] for s in the_plan["sources"]}
        assert listed == set(files), name
        (case / "plan.json").write_text(json.dumps(the_plan, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        (case / "expected.json").write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        toml += [f"[{name}]", f"spec = {toml_string(spec)}", ""]
    (out / "cases.toml").write_text("\n".join(toml), encoding="utf-8")
    print(f"{len(CASES)} merge cases written to {out}")


if __name__ == "__main__":
    main()
