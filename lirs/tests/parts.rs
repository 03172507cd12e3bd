//! The streamed codec (`lirs::Lirs` as an `antenna_model::PartCodec`)
//! against the whole-file functions, over every LIRS file of the
//! conformance suite and the examples. `read`, `write`, `to_feed` and
//! `from_feed` are folds over the part API, so what is checked here is the
//! other way in: the streaming `RecordReader` over a `BufRead` that gives
//! a few bytes at a time, the `RecordWriter` over an output that takes a
//! few bytes at a time, and records converted one by one.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use antenna_model::parts::Counted;
use antenna_model::{Diagnostic, PartCodec, PartReader, PartWriter};
use lirs::{Head, Lirs, ReadOptions, Record, RecordReader, RecordWriter, WriteOptions};

/// Every LIRS file of the conformance suite and the examples.
fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = vec![root.join("examples/antenna.lirs.gz")];
    let mut dirs = vec![root.join("conformance/lirs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().contains(".lirs"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() > 50, "the suite is found: {}", files.len());
    files
}

/// A `BufRead` that gives at most `n` bytes at a time.
struct Trickle<'a> {
    data: &'a [u8],
    n: usize,
}

impl io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.n.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

impl BufRead for Trickle<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Ok(&self.data[..self.n.min(self.data.len())])
    }

    fn consume(&mut self, amount: usize) {
        self.data = &self.data[amount..];
    }
}

/// An output that takes at most 3 bytes a call.
struct Narrow(Vec<u8>);

impl Write for Narrow {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = buf.len().min(3);
        self.0.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The records, head and diagnostics of a part reader read to its end.
fn drain<P: PartReader<Head = Head, Part = Record>>(
    mut reader: P,
) -> (Vec<Record>, Head, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut records = Vec::new();
    while let Some(record) = reader.next_part(&mut diagnostics) {
        records.push(record);
    }
    let head = reader.finish(&mut diagnostics);
    (records, head, diagnostics)
}

/// The streaming reader over `data` given `n` bytes at a time, with the
/// §3.5 check and comments kept, as `read` reads.
fn streamed(data: &[u8], options: ReadOptions, n: usize) -> (Vec<Record>, Head, Vec<Diagnostic>) {
    let reader = RecordReader::sniff(Trickle { data, n }, options)
        .unwrap()
        .with_duplicate_detection(true)
        .with_comments(true);
    drain(reader)
}

fn gzip_input(data: &[u8]) -> bool {
    data.starts_with(&antenna_model::GZIP_MAGIC)
}

#[test]
fn streaming_a_file_gives_what_read_gives() {
    for path in files() {
        let data = std::fs::read(&path).unwrap();
        for options in [ReadOptions::lenient(), ReadOptions::strict()] {
            let whole = lirs::read(&data, &options);
            for n in [1, 7, 4096] {
                let (records, head, diagnostics) = streamed(&data, options, n);
                match &whole {
                    Ok(parsed) => {
                        assert_eq!(parsed.diagnostics, diagnostics, "{path:?} {n}");
                        let document = lirs::Document::from_parts(head.clone(), records);
                        assert_eq!(parsed.document, document, "{path:?} {n}");
                        let comments = lirs::to_feed(&parsed.document).losses;
                        let mut losses = Vec::new();
                        Lirs::head_to_feed(&head, &mut losses);
                        assert!(comments.starts_with(&losses), "{path:?}");
                    }
                    // A gzip stream that breaks is found where it breaks,
                    // after the lines before; the whole file is refused
                    // before any line.
                    Err(_) if gzip_input(&data) => {
                        assert!(diagnostics.iter().any(Diagnostic::is_error), "{path:?}");
                    }
                    Err(rejected) => {
                        assert_eq!(rejected.diagnostics, diagnostics, "{path:?} {n}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_bytes_reader_is_read() {
    for path in files() {
        let data = std::fs::read(&path).unwrap();
        let whole = lirs::read(&data, &ReadOptions::default());
        let parts = antenna_model::parts::read_by_parts::<Lirs>(&data, &ReadOptions::default());
        match (whole, parts) {
            (Ok(whole), Ok(parts)) => {
                let (head, records) = parts.document;
                assert_eq!(whole.document, lirs::Document::from_parts(head, records));
                assert_eq!(whole.diagnostics, parts.diagnostics);
            }
            (Err(whole), Err(parts)) => assert_eq!(whole, parts, "{path:?}"),
            _ => panic!("{path:?}: one read refused, the other not"),
        }
    }
}

#[test]
fn records_converted_one_by_one_make_the_feed() {
    for path in files() {
        let data = std::fs::read(&path).unwrap();
        let Ok(parsed) = lirs::read(&data, &ReadOptions::default()) else {
            continue;
        };
        let whole = lirs::to_feed(&parsed.document);
        // Streamed, without the comments: the head counts them.
        let reader = RecordReader::sniff(&data[..], ReadOptions::default()).unwrap();
        let (records, head, _) = drain(reader);
        assert!(head.comments.is_empty());
        let mut losses = Vec::new();
        let mut entries = Vec::new();
        let mut head_losses = Vec::new();
        Lirs::head_to_feed(&head, &mut head_losses);
        for (index, record) in records.iter().enumerate() {
            entries.extend(Lirs::part_to_entry(record, index, &mut losses));
        }
        head_losses.extend(losses);
        assert_eq!(whole.document.entries, entries, "{path:?}");
        assert_eq!(whole.losses, head_losses, "{path:?}");

        // And back: entry by entry, as `from_feed`.
        let back = lirs::from_feed(&whole.document);
        let mut state = Default::default();
        let mut losses = Vec::new();
        let head = Lirs::head_from_feed(&whole.document, &(), &mut losses);
        let records: Vec<Record> = whole
            .document
            .entries
            .iter()
            .filter_map(|entry| Lirs::part_from_entry(&mut state, entry, &mut losses))
            .collect();
        assert_eq!(back.document, lirs::Document::from_parts(head, records));
        assert_eq!(back.losses, losses);
    }
}

#[test]
fn writing_record_by_record_gives_the_bytes_of_write() {
    for path in files() {
        let data = std::fs::read(&path).unwrap();
        let Ok(parsed) = lirs::read(&data, &ReadOptions::default()) else {
            continue;
        };
        let document = &parsed.document;
        let head = Head::of(document);
        for options in [
            WriteOptions::default(),
            WriteOptions::default().with_gzip(true),
            WriteOptions::default().with_encoding(lirs::Encoding::Utf8),
        ] {
            let whole = lirs::write(document, &options);
            let mut writer = RecordWriter::new(Narrow(Vec::new()), &head, &options);
            let mut refused = None;
            for record in &document.records {
                if let Err(e) = writer.push(record) {
                    refused = Some(e);
                    break;
                }
            }
            match (whole, refused) {
                (Ok(bytes), None) => {
                    let written = writer.finish().unwrap().0;
                    assert_eq!(bytes, written, "{path:?} {options:?}");
                }
                (Err(e), Some(antenna_model::PartWriteError::Format(f))) => {
                    assert_eq!(e, f, "{path:?}");
                }
                (whole, refused) => panic!("{path:?}: {whole:?} against {refused:?}"),
            }
        }
    }
}

#[test]
fn a_stream_keeps_no_comments_unless_asked() {
    let input = b"# one\n\nLIRS,1,2,0,0,http://a.example/,t,a,0,,\n# two\n  \n#three";
    let mut sink = Counted::new(Vec::new());
    let mut reader = RecordReader::new(&input[..], ReadOptions::default());
    assert!(reader.next_part(&mut sink).is_some());
    assert!(reader.next_part(&mut sink).is_none());
    let head = reader.finish(&mut sink);
    assert_eq!(head.comment_lines, 3);
    assert!(head.comments.is_empty());
    assert!(head.missing_final_line_end);
    // Two blank lines.
    assert_eq!((sink.errors, sink.warnings), (0, 2));

    // The whole-file reader keeps them, unless told not to.
    let kept = lirs::read(input, &ReadOptions::default()).unwrap();
    assert_eq!(kept.document.comments.len(), 5);
    assert_eq!(kept.document.comments[2].before, 1);
    let options = ReadOptions::default().with_keep_comments(false);
    let counted = lirs::read(input, &options).unwrap();
    assert!(counted.document.comments.is_empty());
    assert_eq!(counted.document.records, kept.document.records);
    // Written back with its head, the file is the same bytes.
    let head = Head::of(&kept.document);
    let bytes = antenna_model::parts::write_by_parts::<Lirs>(
        &head,
        &kept.document.records,
        &WriteOptions::default(),
    )
    .unwrap();
    assert_eq!(bytes, input);
}

#[test]
fn a_record_with_an_error_is_not_given_and_reading_goes_on() {
    let input = b"LIRS,x,2,0,0,http://a.example/,t,a,0,,\nLIRS,1,2,0,0,http://b.example/,t,a,0,,\nLIRS,1,2,0,0,http://b.example/,t,a,0,,\n";
    let mut reader = Lirs::reader(input, &ReadOptions::default()).unwrap();
    let mut sink = Counted::new(Vec::new());
    let first = reader.next_part(&mut sink).unwrap();
    assert_eq!(first.url, "http://b.example/");
    assert_eq!(sink.errors, 1, "the bad number, before the record");
    assert!(reader.next_part(&mut sink).is_none(), "the repeated URL");
    assert_eq!(sink.errors, 2);
    let rules: Vec<_> = sink.sink.iter().map(|d| d.rule.id).collect();
    assert_eq!(rules, ["lirs/bad-number", "lirs/duplicate-url"]);
}

#[test]
fn a_corrupt_gzip_is_refused_before_any_record() {
    let bad = [0x1f, 0x8b, 0, 0, 0];
    let rejected = Lirs::reader(&bad, &ReadOptions::default()).err().unwrap();
    assert_eq!(rejected.diagnostics[0].rule.id, "lirs/bad-gzip");
}

#[test]
fn a_record_made_over_a_spare_one_is_the_record_made_fresh() {
    // The entries of every LIRS file, file after file: records of every
    // length of field follow each other, and the last of one file is
    // written over by the first of the next.
    let mut spare = None;
    let (mut made, mut reused_any) = (0, 0);
    for path in files() {
        let data = std::fs::read(&path).unwrap();
        let Ok(parsed) = lirs::read(&data, &ReadOptions::default()) else {
            continue;
        };
        let mut fresh_state = Default::default();
        let mut reused_state = Default::default();
        for entry in lirs::to_feed(&parsed.document).document.entries {
            let (mut fresh_losses, mut reused_losses) = (Vec::new(), Vec::new());
            let fresh = Lirs::part_from_entry(&mut fresh_state, &entry, &mut fresh_losses);
            reused_any += usize::from(spare.is_some());
            let reused = Lirs::part_from_entry_reusing(
                &mut reused_state,
                &entry,
                &mut reused_losses,
                spare.take(),
            );
            assert_eq!(reused, fresh, "{path:?}: {}", entry.url);
            assert_eq!(reused_losses, fresh_losses, "{path:?}: {}", entry.url);
            made += 1;
            spare = reused.and_then(Lirs::spare);
        }
    }
    assert!(made > 50, "{made} entries");
    assert!(
        reused_any > 40,
        "{reused_any} records made over a spare one"
    );
}
