#!/usr/bin/env python3
"""Writes the HINA-DI test files. Run from this directory: python3 make.py

Directories (the verdict is in the path, the rule in the file name):
  valid/        no diagnostics in either mode; written back byte for byte
  warn/         <rule>[--variant].hdi: lenient reads it with exactly that
                warning; strict rejects it with that rule as an error
  warn-both/    <rule>[--variant].hdi: a warning in both modes
  invalid/      <rule>[--variant].hdi: rejected even in lenient mode
"""
import os

HEADER = ["User-Agent: hina-test/1.0", "Date: Sat, 07 Sep 2002 00:00:01 GMT"]
LM = "Last-Modified: Sat, 07 Sep 2002 00:00:01 GMT"


def doc(version, blocks, nl="\r\n", end=True):
    """blocks: list of lists of lines; the first is the header block."""
    out = "HINA/" + version + nl
    parts = [nl.join(b) + nl for b in blocks]
    out += nl.join(parts)
    if end:
        out += nl
    return out


def put(path, text, encoding="ascii"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = text if isinstance(text, bytes) else text.encode(encoding)
    with open(path, "wb") as f:
        f.write(data)


# valid/
put("valid/rev0.6-euc-jp.hdi", doc("2.2", [
    ["User-Agent: hina-test/1.0", "Content-Type: text/plain; charset=EUC-JP",
     "Date: Sat, 07 Sep 2002 00:00:01 GMT"],
    ["URL: http://www.hoge.jp/foo/", "Title: 朝日奈アンテナの日記", "Author-Name: 山田太郎",
     LM, "Last-Modified-Detected: Sat, 07 Sep 2002 00:10:00 GMT",
     "Method: REMOTE/GET/200", "Keyword: 日記, ウェブ,\tアンテナ", "Server: Apache/1.3.26",
     "Authorized: hina-test/1.0", "Authorized-url: http://masshy.fastwave.gr.jp/hina/"],
    ["URL: http://www.hoge.jp/bar/", "Expires: Sun, 08 Sep 2002 00:00:01 GMT",
     "Expire: Sun, 08 Sep 2002 00:00:01 GMT", "X-WDB-Title: 別の題", LM],
]), "euc_jp")
put("valid/rev0.12-utf-8.hdi", doc("2.2beta", [
    ["User-Agent: hina-test/2.0", "Content-Type: text/plain; charset=UTF-8", "Date: Sat, 07 Sep 2002 00:00:01 GMT"],
    ["URL: http://www.hoge.jp/photo/cat.png", "HINA-Version: HINA/2.2", "Content-Type: image/png",
     "Image-Width: 640", "Image-Height: 480", "Title: 猫の写真 ©", "Foo-Bar: undefined field", LM,
     "Method: GET/200"],
    ["URL: http://www.hoge.jp/mirror/", "Virtual: http://www.hoge.jp/other.hdi", "Keyword: a: b",
     "X-First-Modified-Detected: Fri, 06 Sep 2002 00:00:01 GMT"],
]), "utf-8")
put("valid/default-charset-euc-jp.hdi", doc("2.2", [
    HEADER, ["URL: http://www.hoge.jp/foo/", "Title: 既定はEUC-JP", LM],
]), "euc_jp")
# ソ and 表 have 0x5C (backslash) as their second byte in Shift_JIS.
put("valid/shift-jis.hdi", doc("2.2", [
    ["User-Agent: hina-test/1.0", "Content-Type: text/plain; charset=Shift_JIS"],
    ["URL: http://www.hoge.jp/foo/", "Title: ソフト表示", LM],
]), "shift_jis")
put("valid/separators.hdi", doc("2.2", [
    ["User-Agent:\thina-test/1.0", "Date:\t\tSat, 07 Sep 2002 00:00:01 GMT"],
    ["URL: \thttp://www.hoge.jp/foo/", "Title:\t\ttwo tabs, as one writer always did",
     "Author-Name: ", "X-Note: trailing space kept "],
]))
put("valid/rfc-example-method.hdi", doc("2.2beta", [
    HEADER, ["URL: http://www.hoge.jp/foo/", "Method: REMOTE/REMOTE/GET/200"],
    ["URL: http://www.hoge.jp/bar/", "Method: FILE/200"],
]))

# warn/
put("warn/bare-lf.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", LM]], nl="\n"))
put("warn/bare-lf--mixed.hdi", "HINA/2.2\r\nUser-Agent: x\n\r\nURL: http://www.hoge.jp/foo/\r\n\n")
put("warn/no-space-after-colon.hdi", doc("2.2", [HEADER, ["URL:http://www.hoge.jp/foo/", LM]]))
put("warn/unknown-version.hdi", doc("2.1", [
    ["User-Agent: tdiary", "Content-Type: text/plain; charset=UTF-8"],
    ["URL: http://www.hoge.jp/foo/", "Title: 日記", LM]]), "utf-8")
put("warn/field-name-case.hdi", doc("2.2", [HEADER, ["url: http://www.hoge.jp/foo/", "last-modified: Sat, 07 Sep 2002 00:00:01 GMT"]]))
put("warn/field-name-case--hina.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/"]]).replace("HINA/", "hina/"))
put("warn/missing-final-crlf.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", LM]], end=False))
put("warn/missing-final-crlf--no-line-end.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", LM]], end=False)[:-2])
put("warn/charset-mismatch.hdi", doc("2.2", [
    ["User-Agent: x", "Content-Type: text/plain; charset=EUC-JP"],
    ["URL: http://www.hoge.jp/foo/", "Title: 本当はUTF-8"]]), "utf-8")
put("warn/charset-mismatch--reverse.hdi", doc("2.2", [
    ["User-Agent: x", "Content-Type: text/plain; charset=UTF-8"],
    ["URL: http://www.hoge.jp/foo/", "Title: 本当はEUC-JP"]]), "euc_jp")
put("warn/undecodable.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Title: ok"]]).encode("ascii").replace(b"ok", b"\xa4 bad \xff"))
put("warn/unknown-charset.hdi", doc("2.2", [["User-Agent: x", "Content-Type: text/plain; charset=x-no-such"], ["URL: http://www.hoge.jp/foo/"]]))
put("warn/missing-url.hdi", doc("2.2beta", [HEADER, ["Virtual: http://www.hoge.jp/other.hdi", LM]]))
put("warn/bad-date.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Last-Modified: yesterday"]]))
put("warn/not-rfc1123-date.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Last-Modified: Sun, 3 Mar 2002 10:00:00 GMT"]]))
put("warn/not-rfc1123-date--jst.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Last-Modified: Sat, 07 Sep 2002 09:00:01 JST"]]))
put("warn/bad-method.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Method: REMOTE/RSS"]]))
put("warn/bad-method--garbage.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Method: GET//200"]]))
put("warn/bad-number.hdi", doc("2.2beta", [HEADER, ["URL: http://www.hoge.jp/a.png", "Content-Type: image/png", "Image-Width: wide"]]))
put("warn/image-field-without-image.hdi", doc("2.2beta", [HEADER, ["URL: http://www.hoge.jp/", "Content-Type: text/html", "Image-Height: 10"]]))
put("warn/extra-blank-line.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/"], ["URL: http://www.hoge.jp/bar/"]]).replace("\r\n\r\nURL: http://www.hoge.jp/bar/", "\r\n\r\n\r\nURL: http://www.hoge.jp/bar/"))
put("warn/whitespace-line.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/"], ["URL: http://www.hoge.jp/bar/"]]).replace("\r\n\r\nURL: http://www.hoge.jp/bar/", "\r\n \t\r\nURL: http://www.hoge.jp/bar/"))
put("warn/byte-order-mark.hdi", "\ufeff" + doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/"]]), "utf-8")
put("warn/unexpected-header-field.hdi", doc("2.2", [HEADER + ["X-Generator-Note: hi"], ["URL: http://www.hoge.jp/foo/"]]))
put("warn/bad-url.hdi", doc("2.2", [HEADER, ["URL: not a url"]]))

# warn-both/
put("warn/duplicate-field.hdi", doc("2.2", [HEADER,
    ["URL: http://www.hoge.jp/foo/", "Title: first", "Title: second"],
    ["URL: http://www.hoge.jp/bar/", "Title: kept"]]))
put("warn-both/not-rfc1123-date--rfc850.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Last-Modified: Saturday, 07-Sep-02 00:00:01 GMT"]]))

# invalid/
put("invalid/missing-version-line.hdi", "User-Agent: x\r\n\r\nURL: http://www.hoge.jp/foo/\r\n\r\n")
put("invalid/missing-version-line--empty.hdi", "")
put("invalid/unknown-version.hdi", doc("3.0", [HEADER, ["URL: http://www.hoge.jp/foo/"]]))
put("invalid/missing-url.hdi", doc("2.2", [HEADER, ["Title: no URL here", LM]]))
# Breaks of the grammar or of a REQUIRED field with no recovery in the spec:
# errors in lenient mode too (the conformance suite's verdicts).
put("invalid/missing-user-agent.hdi", doc("2.2", [["Date: Sat, 07 Sep 2002 00:00:01 GMT"], ["URL: http://www.hoge.jp/foo/"]]))
put("invalid/empty-header-block.hdi", doc("2.2", [["URL: http://www.hoge.jp/foo/", LM]]).replace("HINA/2.2\r\n", "HINA/2.2\r\n\r\n"))
put("invalid/no-entity-block.hdi", doc("2.2", [HEADER]))
put("invalid/missing-separator.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "this line is not a field", LM]]))
put("invalid/bad-field-name.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "X_Under_Score: underscore"]]))
put("invalid/bad-field-name--space.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Bad Name: space"]]))
put("invalid/bad-field-name--empty.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", ": no name"]]))
put("invalid/folded-line.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Title: first half", " second half", LM]]))
put("invalid/folded-line--tab.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Title: first half", "\tsecond half", LM]]))
put("invalid/control-character.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Title: bell\x07here"]]))
put("invalid/control-character--nul.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Title: nul\x00here"]]))
put("invalid/control-character--del.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Title: del\x7fhere"]]))
put("invalid/control-character--lone-cr.hdi", doc("2.2", [HEADER, ["URL: http://www.hoge.jp/foo/", "Title: lone\rcr"]]))
