//! Hostile inputs (issue #28): shapes that once made a command's time or
//! memory grow faster than its input, each generated at any size so that
//! `cargo xtask bench --only hostile` can fit the growth.
//!
//! Every generator is deterministic and cheap (no random choices: the
//! shapes are about repetition). Sizes are counts of the repeated part;
//! the bytes a command reads are what the growth is fitted against.

use std::fmt::Write as _;
use std::io::Write as _;

/// The agent every trusted block names.
pub const AGENT_URL: &str = "http://antenna.example.jp/";

/// The HINA-DI header every generated file starts with.
const HINA_HEADER: &str = "HINA/2.2\r\nUser-Agent: hostile/0.1\r\nContent-Type: text/plain; charset=EUC-JP\r\nDate: Sat, 07 Sep 2002 00:00:01 GMT\r\n\r\n";

/// A trusted HINA-DI block's fields after its URL.
const TRUSTED: &str = "Authorized: hostile-antenna\r\nAuthorized-url: http://antenna.example.jp/\r\nMethod: GET/200\r\nLast-Modified: Fri, 06 Sep 2002 12:34:56 GMT\r\n";

/// The start of a one-item RSS document, up to the item's own elements.
const RSS_HEAD: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>Hostile</title><link>http://example.jp/</link><description>A generated feed</description><item><title>One item</title><link>http://example.jp/item</link>";

/// The end of the document [`RSS_HEAD`] starts.
const RSS_TAIL: &str = "</item></channel></rss>";

/// A gzip file of `lines` blank lines (CRLF), each a `lirs/blank-line`
/// warning: about 2 KB of gzip a million lines, `2 × lines` bytes
/// decompressed.
pub fn blank_lines_gzip(lines: usize) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let chunk = b"\r\n".repeat(64 * 1024);
    let mut left = lines;
    while left > 0 {
        let n = left.min(64 * 1024);
        // Writing to a Vec cannot fail.
        let _ = gz.write_all(chunk.get(..2 * n).unwrap_or_default());
        left -= n;
    }
    gz.finish().unwrap_or_default()
}

/// A plain LIRS file of `lines` blank lines (CRLF) and then one record:
/// its first record comes long after the start.
pub fn blank_lines_plain(lines: usize) -> Vec<u8> {
    let mut out = b"\r\n".repeat(lines);
    out.extend_from_slice(
        b"LIRS,1030000000,1030000000,32400,100,http://www.example.jp/,t,a,http://antenna.example.jp/,,\n",
    );
    out
}

/// A one-line RSS document whose one item has `enclosures` enclosures
/// (every one after the first a warning, on the same line).
pub fn rss_enclosures_one_line(enclosures: usize) -> Vec<u8> {
    let mut out = String::with_capacity(enclosures * 80 + 512);
    out.push_str(RSS_HEAD);
    for i in 0..enclosures {
        let _ = write!(
            out,
            "<enclosure url=\"http://media.example.jp/{i}.mp3\" length=\"{i}\" type=\"audio/mpeg\"/>"
        );
    }
    out.push_str(RSS_TAIL);
    out.into_bytes()
}

/// A LIRS file of `lines` records whose title is `escapes` bad escapes
/// (`\q`, LIRS 2.1 §2 escapes only `\` and `,`): `2 × escapes` bytes of
/// title a line, each escape a `lirs/bad-escape` warning.
pub fn lirs_bad_escapes(lines: usize, escapes: usize) -> Vec<u8> {
    let title = "\\q".repeat(escapes);
    let mut out = String::with_capacity(lines * (title.len() + 100));
    for i in 0..lines {
        let _ = writeln!(
            out,
            "LIRS,1030000000,1030000000,32400,100,http://www.example.jp/~user{i}/,{title},author,http://antenna.example.jp/,,"
        );
    }
    out.into_bytes()
}

/// A HINA-DI file of one trusted block with `fields` extension fields
/// (`X-Field-N`, all different) after its defined ones.
pub fn hina_di_block_of_fields(fields: usize) -> Vec<u8> {
    one_block(fields, |i, out| {
        let _ = write!(out, "X-Field-{i}: v{i}\r\n");
    })
}

/// A HINA-DI file of one trusted block whose fields are followed by
/// `lines` lines that `line` writes.
fn one_block(lines: usize, line: impl Fn(usize, &mut String)) -> Vec<u8> {
    let mut out = String::with_capacity(lines * 24 + 512);
    out.push_str(HINA_HEADER);
    out.push_str("URL: http://www.example.jp/~one/\r\n");
    out.push_str(TRUSTED);
    for i in 0..lines {
        line(i, &mut out);
    }
    out.push_str("\r\n");
    out.into_bytes()
}

/// The URL source file `i` of a `Virtual` chain is fetched from.
pub fn virtual_file_url(i: usize) -> String {
    format!("http://v{i}.example.jp/hina.di")
}

/// A chain of `files` HINA-DI files of `blocks` blocks each: block `j` of
/// file `i` is a `Virtual` stub naming file `i + 1` for page `j`; the last
/// file holds the blocks themselves, or (`looped`) names the first file,
/// so that every stub walks round the loop until the loop or the depth
/// limit stops it.
pub fn virtual_chain(files: usize, blocks: usize, looped: bool) -> Vec<Vec<u8>> {
    (0..files)
        .map(|i| {
            let mut out = String::with_capacity(blocks * 200 + 256);
            out.push_str(HINA_HEADER);
            let next = if i + 1 < files {
                Some(virtual_file_url(i + 1))
            } else if looped {
                Some(virtual_file_url(0))
            } else {
                None
            };
            for j in 0..blocks {
                let _ = write!(out, "URL: http://www.example.jp/~page{j}/\r\n");
                if let Some(next) = &next {
                    let _ = write!(out, "Virtual: {next}\r\n");
                }
                out.push_str(TRUSTED);
                out.push_str("\r\n");
            }
            out.into_bytes()
        })
        .collect()
}

/// The agent URL of block `i` of [`many_agents`].
fn agent_url(i: usize) -> String {
    format!("http://agent{i}.example.jp/")
}

/// A HINA-DI file of `agents` blocks, each vouched for by its own agent,
/// and a policy that trusts every one of them and lists them all as
/// priorities (most preferred last, so that a linear search walks the
/// whole list): the file and the policy.
pub fn many_agents(agents: usize) -> (Vec<u8>, String) {
    let mut file = String::with_capacity(agents * 220 + 256);
    file.push_str(HINA_HEADER);
    for i in 0..agents {
        let _ = write!(
            file,
            "URL: http://www.example.jp/~user{i}/\r\nAuthorized: agent{i}\r\nAuthorized-url: {}\r\nMethod: GET/200\r\nLast-Modified: Fri, 06 Sep 2002 12:34:56 GMT\r\n\r\n",
            agent_url(i)
        );
    }
    let list = |out: &mut String, key: &str| {
        let _ = write!(out, "{key} = [");
        for i in (0..agents).rev() {
            let _ = write!(out, "\"{}\",", agent_url(i));
        }
        out.push_str("]\n");
    };
    let mut policy = String::with_capacity(agents * 64 + 256);
    list(&mut policy, "trust_agents");
    list(&mut policy, "priorities");
    policy.push_str("[agent]\nname = \"hostile/0.1\"\nurl = \"http://my.example.jp/\"\n");
    (file.into_bytes(), policy)
}

/// A one-item RSS document whose description holds `elements` sibling
/// `<b>` elements (markup, not escaped text).
pub fn rss_sibling_elements(elements: usize) -> Vec<u8> {
    let mut out = String::with_capacity(elements * 10 + 512);
    out.push_str(RSS_HEAD);
    out.push_str("<description>");
    for _ in 0..elements {
        out.push_str("<b>x</b>\n");
    }
    out.push_str("</description>");
    out.push_str(RSS_TAIL);
    out.into_bytes()
}

/// A one-item RSS document whose item has `categories` categories.
pub fn rss_many_categories(categories: usize) -> Vec<u8> {
    let mut out = String::with_capacity(categories * 40 + 512);
    out.push_str(RSS_HEAD);
    for i in 0..categories {
        let _ = writeln!(out, "<category>c{i}</category>");
    }
    out.push_str(RSS_TAIL);
    out.into_bytes()
}

/// A HINA-DI file of one block followed by `lines` lines that are not
/// fields (no `:`), each a `hina-di/missing-separator` diagnostic.
pub fn hina_di_bad_lines(lines: usize) -> Vec<u8> {
    one_block(lines, |i, out| {
        let _ = write!(out, "bad{i}\r\n");
    })
}

/// A HINA-DI file of `blocks` blocks with three diagnostics each (a date
/// that is no date, a field name in lower case, a field without a space
/// after its colon).
pub fn hina_di_bad_blocks(blocks: usize) -> Vec<u8> {
    let mut out = String::with_capacity(blocks * 120 + 512);
    out.push_str(HINA_HEADER);
    for i in 0..blocks {
        let _ = write!(
            out,
            "URL: http://www.example.jp/~u{i}/\r\nLast-Modified: someday\r\ntitle: t{i}\r\nAuthor-Name:a{i}\r\n\r\n"
        );
    }
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_decompress_to_their_count() {
        let mut text = Vec::new();
        assert_eq!(
            crate::gunzip(&blank_lines_gzip(100_000), &mut text),
            200_000
        );
        assert!(text.iter().all(|&b| b == b'\r' || b == b'\n'));
    }

    #[test]
    fn each_shape_is_read_by_its_crate_with_its_findings() {
        let rss = rss2::read(&rss_many_categories(5), &rss2::ReadOptions::default())
            .expect("the categories feed is read");
        assert_eq!(rss.document.channel.items[0].categories.len(), 5);
        let enclosures = rss_enclosures_one_line(3);
        assert!(!enclosures.contains(&b'\n'));
        let hdi = hina_di_block_of_fields(10);
        let read = hina_di::read(&hdi, &hina_di::ReadOptions::default()).expect("read");
        assert_eq!(read.document.all_blocks().len(), 1);
        let lirs = lirs_bad_escapes(2, 3);
        let read = lirs::read(&lirs, &lirs::ReadOptions::default()).expect("read");
        let bad = read
            .diagnostics
            .iter()
            .filter(|d| d.rule.id == "lirs/bad-escape")
            .count();
        assert_eq!(bad, 6);
        let chain = virtual_chain(3, 2, true);
        assert_eq!(chain.len(), 3);
        let last = String::from_utf8(chain[2].clone()).expect("ASCII");
        assert!(last.contains(&format!("Virtual: {}", virtual_file_url(0))));
        let (_, policy) = many_agents(3);
        assert!(policy.starts_with("trust_agents = [\"http://agent2.example.jp/\","));
    }
}
