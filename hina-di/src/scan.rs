//! Byte scans over whole lines and values, written so that the compiler
//! can test many bytes at a time: the reader runs them over every byte of
//! the file.

/// TEXT excludes CTLs but not HT (rev. 0.12 §Data Types).
pub(crate) fn is_control(b: u8) -> bool {
    ((b < b' ') & (b != b'\t')) | (b == 0x7f)
}

/// The first control byte (a CTL other than HT) of `bytes` and its offset:
/// the same as `bytes.iter().position(is_control)`, but whole chunks are
/// tested without a branch per byte (which the compiler can do many bytes
/// at a time), and only a chunk that holds one is searched.
pub(crate) fn first_control(bytes: &[u8]) -> Option<(usize, u8)> {
    let mut offset = 0;
    for chunk in bytes.chunks(32) {
        if chunk.iter().fold(false, |any, &b| any | is_control(b)) {
            return chunk
                .iter()
                .enumerate()
                .find(|&(_, &b)| is_control(b))
                .map(|(i, &b)| (offset + i, b));
        }
        offset += chunk.len();
    }
    None
}

/// The offset of the first `needle` in `bytes`, tested a chunk at a time
/// like [`first_control`].
pub(crate) fn find_byte(needle: u8, bytes: &[u8]) -> Option<usize> {
    let mut offset = 0;
    for chunk in bytes.chunks(32) {
        if chunk.iter().fold(false, |any, &b| any | (b == needle)) {
            return chunk.iter().position(|&b| b == needle).map(|i| offset + i);
        }
        offset += chunk.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn chunked_scans_find_what_a_byte_loop_finds(
            bytes in prop::collection::vec(prop_oneof![Just(b'\n'), Just(b'\t'), Just(0x7f), 0..0x20u8, 0x20..=0xFFu8], 0..100),
        ) {
            let control = bytes.iter().position(|&b| is_control(b));
            prop_assert_eq!(first_control(&bytes).map(|(at, _)| at), control);
            prop_assert_eq!(first_control(&bytes).map(|(_, b)| b), control.and_then(|at| bytes.get(at).copied()));
            prop_assert_eq!(find_byte(b'\n', &bytes), bytes.iter().position(|&b| b == b'\n'));
        }
    }
}
