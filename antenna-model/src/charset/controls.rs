//! Control characters in text values: a byte scan written so that the
//! compiler can test many bytes at a time, since readers run it over every
//! value of a file.
//!
//! A control byte is an RFC 2616 CTL (octets 0–31 and DEL) other than HT,
//! which is what HINA-DI's TEXT excludes (rev. 0.12 §Data Types: "TEXT =
//! <any OCTET except CTLs, but including HT>") and what LIRS, "a text
//! file" whose values hold no CR or LF (LIRS 2.1 §2), is read as
//! excluding too. No control byte occurs inside a multi-byte sequence of
//! EUC-JP, Shift_JIS or UTF-8 (their trail bytes are 0x40 and above), so
//! the scan finds the same characters in the raw bytes as in their text.

/// `true` for a control byte (a CTL other than HT).
pub fn is_control(b: u8) -> bool {
    ((b < b' ') & (b != b'\t')) | (b == 0x7f)
}

/// The first control byte (a CTL other than HT) of `bytes` and its offset:
/// the same as `bytes.iter().position(is_control)`, but eight bytes are
/// tested at a time (`surely_no_control`), and only a value that may
/// hold one is searched byte by byte.
pub fn first_control(bytes: &[u8]) -> Option<(usize, u8)> {
    let mut words = bytes.chunks_exact(8);
    let clean = words.by_ref().all(|word| {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(word);
        surely_no_control(u64::from_le_bytes(eight))
    });
    // The last bytes, padded with spaces (not controls).
    let mut last = [b' '; 8];
    for (to, &from) in last.iter_mut().zip(words.remainder()) {
        *to = from;
    }
    if clean && surely_no_control(u64::from_le_bytes(last)) {
        return None;
    }
    bytes
        .iter()
        .enumerate()
        .find(|&(_, &b)| is_control(b))
        .map(|(i, &b)| (i, b))
}

/// `true` when none of the eight bytes of `word` is below 0x20 (an HT
/// counts, which the byte search then passes over) or 0x7F: the
/// "has a byte less than n" and "has a zero byte" tests of bit-twiddling
/// lore, exact for whether any byte is one (`chunked_scans_find_what_a_byte_loop_finds`).
fn surely_no_control(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGH;
    let del = word ^ (ONES * 0x7F);
    let is_del = del.wrapping_sub(ONES) & !del & HIGH;
    (below_space | is_del) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_byte_at_every_place_of_a_word() {
        for b in 0..=u8::MAX {
            for len in 1..=17 {
                for at in 0..len {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = b;
                    let expected = is_control(b).then_some((at, b));
                    assert_eq!(first_control(&bytes), expected, "{b:#x} at {at} of {len}");
                }
            }
        }
    }

    proptest! {
        #[test]
        fn chunked_scans_find_what_a_byte_loop_finds(
            bytes in prop::collection::vec(prop_oneof![
                Just(b'\n'), Just(b'\t'), Just(0x7f), Just(0x20), Just(0x80), Just(0xFF),
                0..0x20u8, 0x20..=0xFFu8, 0x20..0x7Fu8, 0x20..0x7Fu8, 0x20..0x7Fu8,
            ], 0..100),
        ) {
            let control = bytes.iter().position(|&b| is_control(b));
            prop_assert_eq!(first_control(&bytes).map(|(at, _)| at), control);
            prop_assert_eq!(first_control(&bytes).map(|(_, b)| b), control.and_then(|at| bytes.get(at).copied()));
        }
    }
}
