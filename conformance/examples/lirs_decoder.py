#!/usr/bin/env python3
"""A small LIRS 2.1 decoder in Python, written to the conformance protocol.

It shows that the suite tests any language: the runner starts it as

    python3 conformance/examples/lirs_decoder.py --format lirs

with a file on standard input, and compares the JSON it prints with the
expected JSON of each case. It is strict: it rejects what LIRS 2.1 forbids
and every departure it does not know how to read.

Set ANTENNA_EXAMPLE_BUG=1 to switch on a deliberate bug (it forgets to
unescape "\\,"), and watch the runner report the failures with diffs.
"""

import gzip
import json
import os
import sys

FIELDS = 9


def fail(message):
    print(f"lirs_decoder.py: {message}", file=sys.stderr)
    sys.exit(1)


def split_fields(line):
    """Splits the data part of a record at unescaped commas, unescaping."""
    fields, current, escaped = [], [], False
    for ch in line:
        if escaped:
            if ch not in ",\\":
                fail(f"bad escape \\{ch}")
            current.append(("\\" + ch) if BUG and ch == "," else ch)
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == ",":
            fields.append("".join(current))
            current = []
        else:
            current.append(ch)
    if escaped:
        fail("a backslash ends the record")
    fields.append("".join(current))
    return fields


def number(text, signed=False):
    body = text[1:] if signed and text[:1] in "+-" else text
    if not body.isdigit() or not body.isascii():
        fail(f"not a number: {text!r}")
    return int(text)


def decode(data):
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            fail(f"bad gzip: {error}")
    try:
        text = data.decode("euc_jp")
    except UnicodeDecodeError:
        try:
            # LIRS 2.1 §7: a client MAY try UTF-8 when EUC-JP fails.
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            fail("neither EUC-JP nor UTF-8")
    records, seen = [], set()
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    else:
        fail("the last record has no line end")
    for line in lines:
        if line.endswith("\r"):
            line = line[:-1]
        if "\r" in line:
            fail("a lone CR")
        if line.startswith("#"):
            continue
        if not line.startswith("LIRS,") or not line.endswith(","):
            fail(f"not a record: {line!r}")
        fields = split_fields(line[len("LIRS,"):-1])
        if len(fields) != FIELDS:
            fail(f"{len(fields)} fields, not {FIELDS}")
        url = fields[4]
        if url in seen:
            fail(f"the URL {url} appears twice")
        seen.add(url)
        records.append({
            "last_modified": number(fields[0]),
            "last_detected": number(fields[1]),
            "time_difference": number(fields[2], signed=True),
            "content_length": number(fields[3]),
            "url": url,
            "title": fields[5],
            "author": fields[6],
            "source_url": fields[7],
            "extension": fields[8],
        })
    return {"format": "lirs", "records": records}


BUG = os.environ.get("ANTENNA_EXAMPLE_BUG") == "1"

if __name__ == "__main__":
    if sys.argv[1:] != ["--format", "lirs"]:
        fail("usage: lirs_decoder.py --format lirs")
    json.dump(decode(sys.stdin.buffer.read()), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
