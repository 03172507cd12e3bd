//! Gzip, decompression bombs, and the streaming reader.

use std::io::{BufReader, Cursor, Write};

use flate2::Compression;
use flate2::write::GzEncoder;
use lirs::{ReadOptions, RecordReader, read};

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = GzEncoder::new(Vec::new(), Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn lines(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..n {
        out.extend_from_slice(
            format!("LIRS,938779260,938781002,32400,{i},http://a.example/{i}/,Title\\, {i},Hiya,http://a.example/,,\n").as_bytes(),
        );
    }
    out
}

const MB: u64 = 1024 * 1024;

#[test]
fn decompression_bomb_is_a_clear_error() {
    let bomb = gzip(&vec![0u8; 10 * MB as usize]);
    assert!(bomb.len() < 100_000);
    let options = ReadOptions::default().with_max_decompressed_size(MB);
    let rejected = read(&bomb, &options).unwrap_err();
    assert_eq!(rejected.diagnostics.len(), 1);
    assert_eq!(
        rejected.diagnostics[0].rule.id,
        "lirs/decompressed-too-large"
    );
    assert!(rejected.to_string().contains("1048576"), "{rejected}");
    // The streaming reader stops the same way.
    let mut reader = RecordReader::sniff(Cursor::new(bomb), options).unwrap();
    let first = reader.next().unwrap().unwrap_err();
    assert!(
        first.diagnostics.iter().any(
            |d| d.rule.id == "lirs/decompressed-too-large" || d.rule.id == "lirs/line-too-long"
        ),
        "{first}"
    );
    assert!(reader.next().is_none());
}

#[test]
fn bomb_of_lines_stops_at_the_limit_in_the_stream() {
    let data = lines(50_000); // about 5 MB
    let options = ReadOptions::default().with_max_decompressed_size(MB);
    let reader = RecordReader::sniff(Cursor::new(gzip(&data)), options).unwrap();
    let items: Vec<_> = reader.collect();
    let last = items.last().unwrap().as_ref().unwrap_err();
    assert_eq!(last.diagnostics[0].rule.id, "lirs/decompressed-too-large");
    assert!(items[..items.len() - 1].iter().all(Result::is_ok));
    // Exactly the input up to the limit.
    assert!(items.len() > 1000);
}

#[test]
fn multi_member_gzip_is_read_whole() {
    let mut data = gzip(&lines(2)[..]);
    data.extend(gzip(b"LIRS,1,2,0,0,http://b.example/,t,a,0,,\n"));
    let doc = read(&data, &ReadOptions::default()).unwrap().document;
    assert_eq!(doc.records.len(), 3);
    let streamed = RecordReader::sniff(Cursor::new(data), ReadOptions::default())
        .unwrap()
        .count();
    assert_eq!(streamed, 3);
}

#[test]
fn streaming_many_records_matches_the_whole_buffer_reader() {
    let data = lines(20_000);
    let whole = read(&data, &ReadOptions::default())
        .unwrap()
        .document
        .records;
    for input in [data.clone(), gzip(&data)] {
        // A tiny buffer, so lines cross buffer boundaries.
        let source = BufReader::with_capacity(7, Cursor::new(input));
        let streamed: Vec<_> = RecordReader::sniff(source, ReadOptions::default())
            .unwrap()
            .map(|item| item.unwrap().document)
            .collect();
        assert_eq!(streamed, whole);
    }
}

#[test]
fn streaming_reports_line_errors_and_goes_on() {
    let data = b"# c\n\nLIRS,x,2,0,0,http://a.example/,t,a,0,,\r\nLIRS,1,2,0,0,http://b.example/,t,a,0,,\r\nLIRS,1,2,0,0,http://b.example/,t,a,0,,\n#end\n\n";
    let mut reader = RecordReader::new(&data[..], ReadOptions::default());
    let bad = reader.next().unwrap().unwrap_err();
    let ids: Vec<_> = bad.diagnostics.iter().map(|d| d.rule.id).collect();
    // The blank line's warning comes with the next item.
    assert_eq!(ids, ["lirs/blank-line", "lirs/bad-number"]);
    assert_eq!(bad.diagnostics[1].position.line, 3);
    assert_eq!(bad.diagnostics[1].position.column, 6);
    assert_eq!(bad.diagnostics[1].span, 10..11);
    let good = reader.next().unwrap().unwrap();
    assert_eq!(good.document.url, "http://b.example/");
    assert_eq!(good.document.line_end, lirs::LineEnd::CrLf);
    // Duplicate detection is off by default in the stream.
    assert!(reader.next().unwrap().is_ok());
    assert!(reader.next().is_none());
    let trailing = reader.take_trailing_diagnostics();
    assert_eq!(trailing.len(), 1);
    assert_eq!(trailing[0].rule.id, "lirs/blank-line");
    assert_eq!(trailing[0].position.line, 7);

    let reader =
        RecordReader::new(&data[..], ReadOptions::default()).with_duplicate_detection(true);
    let last = reader.last().unwrap().unwrap_err();
    assert_eq!(last.diagnostics[0].rule.id, "lirs/duplicate-url");
}

#[test]
fn a_stream_without_newlines_stops_at_the_line_limit() {
    let endless = std::io::repeat(b'a');
    let options = ReadOptions::default().with_max_line_length(1000);
    let mut reader = RecordReader::new(BufReader::new(endless), options);
    let err = reader.next().unwrap().unwrap_err();
    assert_eq!(err.diagnostics[0].rule.id, "lirs/line-too-long");
    assert!(reader.next().is_none());
}

#[test]
fn sniff_handles_one_byte_reads() {
    let data = gzip(&lines(3));
    let source = BufReader::with_capacity(1, Cursor::new(data));
    assert_eq!(
        RecordReader::sniff(source, ReadOptions::default())
            .unwrap()
            .count(),
        3
    );
    let source = BufReader::with_capacity(1, Cursor::new(lines(3)));
    assert_eq!(
        RecordReader::sniff(source, ReadOptions::default())
            .unwrap()
            .count(),
        3
    );
    assert_eq!(
        RecordReader::sniff(&b""[..], ReadOptions::default())
            .unwrap()
            .count(),
        0
    );
}

#[test]
fn gzip_levels_trade_speed_for_size() {
    use lirs::{DEFAULT_GZIP_LEVEL, Encoding, WriteOptions, write, write_with_gzip_level};
    let text = lines(2_000);
    let document = read(&text, &ReadOptions::default()).unwrap().document;
    let options = WriteOptions::default()
        .with_gzip(true)
        .with_encoding(Encoding::EucJp);
    let default = write(&document, &options).unwrap();
    assert_eq!(
        default,
        write_with_gzip_level(&document, &options, DEFAULT_GZIP_LEVEL).unwrap()
    );
    // Level 0 stores: larger than the text.
    let stored = write_with_gzip_level(&document, &options, 0).unwrap();
    assert!(stored.len() > text.len());
    assert!(default.len() < text.len() / 4, "{}", default.len());
    let smallest = write_with_gzip_level(&document, &options, 9).unwrap();
    // Past 9 is 9.
    assert_eq!(
        smallest,
        write_with_gzip_level(&document, &options, 99).unwrap()
    );
    for bytes in [&default, &stored, &smallest] {
        assert_eq!(
            read(bytes, &ReadOptions::default()).unwrap().document,
            document
        );
    }
    // Without gzip the level does not matter.
    let plain = options.with_gzip(false);
    assert_eq!(write_with_gzip_level(&document, &plain, 9).unwrap(), text);
}
