//! Telling a LIRS file from a reader in bounded memory, before choosing
//! to read it record by record.

use std::io::{self, Read};

use antenna_model::Format;

/// How much of a file is looked at at a time to tell whether it is LIRS.
const SNIFF: u64 = 64 * 1024;

/// Whether `file` (read from where it stands) is LIRS, as
/// [`Format::detect`] tells: gzip whose inside is not HINA-DI, RSS or
/// another XML root ([`Format::detect_gzip`]), or a `LIRS,` record as its
/// first line that is neither blank nor a `#` comment. Blank and comment lines are
/// let go of as they are read, 64 KiB at a time, so that a file
/// of millions of them before its first record is still read record by
/// record (issue #28: 4 Mi blank lines were held whole, 25x the text); a
/// comment line longer than that ends the look (the file is then
/// held, and read whole, by a caller that reads other formats so).
pub fn is_lirs<R: Read>(mut file: R) -> io::Result<bool> {
    let mut head = Vec::new();
    loop {
        let before = head.len();
        (&mut file).take(SNIFF).read_to_end(&mut head)?;
        let ended = ((head.len() - before) as u64) < SNIFF;
        if antenna_model::gzip::is_gzip(&head) {
            // What is inside may need more than this look (a long XML
            // prolog): the stream goes on from the file.
            let stream = io::Cursor::new(head).chain(file);
            return Ok(Format::detect_gzip(stream) == Some(Format::Lirs));
        }
        if let Some(format) = Format::detect(&head) {
            return Ok(format == Format::Lirs);
        }
        // Undecided: go on only past whole lines that are all blank or
        // comments (the gzip magic and `HINA/` are at the start).
        let whole = head.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let skippable = head
            .get(..whole)
            .unwrap_or_default()
            .split(|&b| b == b'\n')
            .all(|line| {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                line.is_empty() || line.starts_with(b"#")
            });
        if ended || !skippable || whole == 0 {
            return Ok(false);
        }
        head.drain(..whole);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &[u8] = b"LIRS,1030000000,1030000000,32400,100,http://www.example.jp/,t,a,http://antenna.example.jp/,,\n";

    #[test]
    fn a_record_after_more_than_a_look_of_blank_and_comment_lines_is_lirs() {
        // Issue #28: 1 MB of blank and comment lines held the whole file.
        let mut text = b"# a comment\r\n\r\n".repeat(70_000);
        text.extend_from_slice(RECORD);
        assert!(text.len() as u64 > 10 * SNIFF);
        assert!(is_lirs(&text[..]).unwrap());
        // The same lines before something else are not.
        let mut other = b"\n".repeat(200_000);
        other.extend_from_slice(b"<rss version=\"2.0\"/>\n");
        assert!(!is_lirs(&other[..]).unwrap());
        // Only blank lines, or a comment longer than the look, are not
        // LIRS (read whole, as before).
        assert!(!is_lirs(&b"\n".repeat(200_000)[..]).unwrap());
        let mut long = b"#".repeat(3 * SNIFF as usize);
        long.extend_from_slice(b"\n");
        long.extend_from_slice(RECORD);
        assert!(!is_lirs(&long[..]).unwrap());
    }

    #[test]
    fn a_record_cut_by_the_look_is_read_on() {
        let mut text = b"\n".repeat(SNIFF as usize - 3);
        text.extend_from_slice(RECORD);
        assert!(is_lirs(&text[..]).unwrap());
    }
}
