//! The reader's own ways of reading checked against the plain ones.

use proptest::prelude::*;

use super::{CharacterData, ReadOptions, read_with};

/// Character data built from what changes how it is cut and read:
/// references (XML's, HTML's, character references, undeclared and
/// malformed ones), dangling `&`, `;` alone, `]]>`, line ends, a control
/// character, non-ASCII text.
fn character_data() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("&amp;"),
        Just("&lt;"),
        Just("&gt;"),
        Just("&quot;"),
        Just("&apos;"),
        Just("&lt"),
        Just("&ampx;"),
        Just("&quo;"),
        Just("&nbsp;"),
        Just("&#x3042;"),
        Just("&#150;"),
        Just("&#0;"),
        Just("&bogus;"),
        Just("& x;"),
        Just("&;"),
        Just("&"),
        Just(";"),
        Just("]]>"),
        Just("]]"),
        Just(">"),
        Just("\r\n"),
        Just("\r"),
        Just("\n"),
        Just(" "),
        Just("\u{c}"),
        Just("日本"),
        Just("text"),
        Just("#x41"),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

proptest! {
    /// Character data read in pieces gives the same document and the same
    /// diagnostics as quick-xml's events, wherever it stands: in a field,
    /// an extension, markup inside a field, directly in the channel, and
    /// after the root element.
    #[test]
    fn pieces_read_as_quick_xml_events(
        data in character_data(),
        place in 0..6usize,
        strict in any::<bool>(),
    ) {
        let mut slots = [""; 6];
        slots[place] = &data;
        let feed = format!(
            "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:x=\"urn:x\"><channel>{}<title>{}</title>\
             <link>http://example.com/</link><description>a <b>{}</b> b</description>\
             <x:e a=\"1\">{}<x:f/>{}</x:e></channel></rss>{}",
            slots[0], slots[1], slots[2], slots[3], slots[4], slots[5],
        );
        let options = ReadOptions::new(strict);
        let pieces = read_with(feed.as_bytes(), &options, CharacterData::Pieces);
        let events = read_with(feed.as_bytes(), &options, CharacterData::Events);
        prop_assert_eq!(pieces, events, "{}", feed);
    }
}
