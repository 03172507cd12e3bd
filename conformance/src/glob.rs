//! `--run` and `--skip` patterns over case ids.

/// Whether `pattern` selects the check `id`: `*` matches any run of
/// characters (`/` included), `?` any one character, everything else
/// itself. The pattern must match the whole id, or the whole of a leading
/// part of it that ends before a `/`: `lirs` selects every LIRS check,
/// `lirs/valid/spec-example` the case and its `/encode` check.
pub fn selects(pattern: &str, id: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let id: Vec<char> = id.chars().collect();
    matches(&pattern, &id)
        || id
            .iter()
            .enumerate()
            .any(|(i, &c)| c == '/' && matches(&pattern, id.get(..i).unwrap_or_default()))
}

/// Whether `pattern` matches all of `text` (wildcard matching with one
/// backtrack point, linear in practice).
fn matches(pattern: &[char], text: &[char]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '?' || Some(&c) == text.get(t) => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((star_p, star_t)) => {
                    p = star_p + 1;
                    t = star_t + 1;
                    star = Some((star_p, star_t + 1));
                }
                None => return false,
            },
        }
    }
    pattern.iter().skip(p).all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::selects;

    #[test]
    fn wildcards_match_whole_ids() {
        assert!(selects("lirs/*", "lirs/valid/spec-example"));
        assert!(selects("*/valid/*", "rss2/valid/cdata"));
        assert!(!selects("*/valid/*", "rss2/invalid/cdata"));
        assert!(selects(
            "lirs/valid/spec-exampl?",
            "lirs/valid/spec-example"
        ));
        assert!(!selects(
            "lirs/valid/spec-exampl?",
            "lirs/valid/spec-examples"
        ));
        assert!(selects("*/encode", "lirs/valid/a/encode"));
        assert!(!selects("*/encode", "lirs/valid/a"));
        assert!(selects("*", ""));
        assert!(!selects("a*b", "a"));
    }

    #[test]
    fn a_leading_part_selects_what_is_under_it() {
        assert!(selects("lirs", "lirs/valid/spec-example"));
        assert!(selects("lirs/valid/a", "lirs/valid/a/encode"));
        assert!(selects("*/roundtrip", "rss2/roundtrip/cdata-end"));
        // Not a substring, nor a prefix that stops inside a name.
        assert!(!selects("spec", "lirs/valid/spec-example"));
        assert!(!selects("lirs/valid/a", "lirs/valid/ab"));
        assert!(!selects("li", "lirs/valid/a"));
    }
}
