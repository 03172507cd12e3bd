#!/usr/bin/env python3
"""A HINA-DI 2.2 decoder in plain Python, written to the conformance
protocol from the specification (HINA-DI 2.2 rev. 0.12, with rev. 0.6's
version line "2.2"), not from this project's Rust reader.

The runner starts it as

    python3 conformance/examples/hina_di_decoder.py --format hina-di

with a file on standard input, and compares the JSON it prints with the
expected JSON of each case. It is strict: it reads what the grammar allows
and rejects everything else, real-world departures included (bare LF line
ends, extra blank lines, lower-case field names, a wrong charset), which the
suite's lenient cases let a decoder do.

Characters: the header block's Content-Type charset (EUC-JP when there is
none). Python's euc_jp codec follows the JIS mapping of JIS X 0208, where
the protocol's reference decoder (and so the suite's expected JSON) follows
the WHATWG tables; the seven codes the two map differently are translated
(JIS_TO_WHATWG). NEC row 13 (①, ㈱), which Python's euc_jp lacks, is
rejected. Shift_JIS is read with Python's cp932, the WHATWG table's origin.

Set ANTENNA_EXAMPLE_BUG=1 to switch on a deliberate bug (it keeps the
second of two blocks with a duplicate field name instead of discarding it),
and watch the runner report the failures with diffs.
"""

import json
import os
import re
import sys

VERSIONS = ("2.2beta", "2.2")  # rev. 0.12 and rev. 0.6 (ja)

# field-name = WORD *( "-" WORD ); SEPARATOR = ":" 1*(SP|HT).
FIELD = re.compile(r"([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*):[ \t]+(.*)", re.DOTALL)

CODECS = {
    "euc-jp": "euc_jp", "eucjp": "euc_jp", "x-euc-jp": "euc_jp", "cseucpkdfmtjapanese": "euc_jp",
    "shift_jis": "cp932", "shift-jis": "cp932", "sjis": "cp932", "x-sjis": "cp932",
    "ms_kanji": "cp932", "csshiftjis": "cp932", "windows-31j": "cp932",
    "utf-8": "utf-8", "utf8": "utf-8",
}

# JIS X 0208 codes whose character the JIS mapping (Python's euc_jp) and
# the WHATWG mapping (the reference decoder) give differently.
JIS_TO_WHATWG = str.maketrans({
    "\u301c": "\uff5e",  # 1-01-33 WAVE DASH -> FULLWIDTH TILDE
    "\u2016": "\u2225",  # 1-01-34 DOUBLE VERTICAL LINE -> PARALLEL TO
    "\u2212": "\uff0d",  # 1-01-61 MINUS SIGN -> FULLWIDTH HYPHEN-MINUS
    "\u00a2": "\uffe0",  # 1-01-81 CENT SIGN -> FULLWIDTH CENT SIGN
    "\u00a3": "\uffe1",  # 1-01-82 POUND SIGN -> FULLWIDTH POUND SIGN
    "\u00ac": "\uffe2",  # 1-02-44 NOT SIGN -> FULLWIDTH NOT SIGN
    "\u2014": "\u2015",  # 1-01-29 EM DASH -> HORIZONTAL BAR
})


def pairs(block):
    return [[name, value] for name, value in block]


class Rejected(Exception):
    """The file is not HINA-DI; the message says why."""


def field(line, where):
    """(name, value) of a field line; the value is everything after the
    separator, which takes every SP and HT after the colon."""
    match = FIELD.fullmatch(line)
    if not match:
        raise Rejected(f"{where}: not a field line: {line!r}")
    name, value = match.groups()
    if value == "":
        raise Rejected(f"{where}: `{name}` has no value (field-value = TOKEN)")
    for ch in value:
        if (ord(ch) < 32 and ch != "\t") or ord(ch) == 127:
            raise Rejected(f"{where}: `{name}` holds the control character U+{ord(ch):04X}")
    return name, value


def charset(data):
    """The Python codec of the header block's Content-Type charset, read
    before the text is decoded (field names and MIME types are ASCII)."""
    for line in data.split(b"\r\n")[1:]:
        if line == b"":
            break  # the header block ends at the first blank line
        text = line.decode("latin-1")
        match = FIELD.fullmatch(text)
        if not match or match.group(1) != "Content-Type":
            continue
        for parameter in match.group(2).split(";")[1:]:
            key, _, value = parameter.strip().partition("=")
            if key.strip().lower() == "charset":
                label = value.strip().strip('"').lower()
                if label not in CODECS:
                    raise Rejected(f"unknown charset {label!r}")
                return CODECS[label]
    return "euc_jp"  # rev. 0.12 §Encoding: 'it defaults to EUC-JP'


def decode_text(data):
    codec = charset(data)
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as error:
        raise Rejected(f"not {codec}: {error}") from error
    return text.translate(JIS_TO_WHATWG) if codec == "euc_jp" else text


def decode(data):
    text = decode_text(data)
    lines = text.split("\r\n")
    if lines[-1] != "":
        raise Rejected("the file does not end with CRLF")
    lines.pop()
    for number, line in enumerate(lines, 1):
        if "\r" in line or "\n" in line:
            raise Rejected(f"line {number}: a line end that is not CRLF")
    if not lines:
        raise Rejected("empty file")
    first, *rest = lines
    if not first.startswith("HINA/") or first[len("HINA/"):] not in VERSIONS:
        raise Rejected(f"line 1: {first!r} is not HINA/2.2beta or HINA/2.2")

    # Blocks end with a blank line; exactly one blank line closes each.
    blocks, current = [], []
    for number, line in enumerate(rest, 2):
        if line == "":
            if not current:
                raise Rejected(f"line {number}: a blank line outside a block")
            blocks.append(current)
            current = []
        else:
            current.append(field(line, f"line {number}"))
    if current:
        raise Rejected("the last block has no closing blank line")
    if not blocks:
        raise Rejected("no header block")
    header, *entities = blocks
    if not entities:
        raise Rejected("no entity block (one or more MUST follow the header)")

    names = [name for name, _ in header]
    if len(set(names)) != len(names):
        raise Rejected("the header block has a field twice")
    if "User-Agent" not in names:
        raise Rejected("the header block has no User-Agent")
    for name in names:
        if name not in ("User-Agent", "Content-Type", "Date"):
            raise Rejected(f"`{name}` in the header block (Hinadi-Header has User-Agent, Content-Type, Date)")

    kept = []
    for block in entities:
        names = [name for name, _ in block]
        if len(set(names)) != len(names) and not BUG:
            continue  # §Block: 'A block with duplicate field names MUST be discarded.'
        if "URL" not in names:
            raise Rejected(f"an entity block has no URL: {block[0][0]}: {block[0][1]}")
        kept.append(block)

    return {"format": "hina-di", "version": first[len("HINA/"):],
            "header": pairs(header), "blocks": [pairs(b) for b in kept]}


BUG = os.environ.get("ANTENNA_EXAMPLE_BUG") == "1"

if __name__ == "__main__":
    if sys.argv[1:] != ["--format", "hina-di"]:
        print("usage: hina_di_decoder.py --format hina-di", file=sys.stderr)
        sys.exit(2)
    try:
        document = decode(sys.stdin.buffer.read())
    except Rejected as why:
        print(f"hina_di_decoder.py: {why}", file=sys.stderr)
        sys.exit(1)
    json.dump(document, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
