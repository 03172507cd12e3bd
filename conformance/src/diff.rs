//! Comparing JSON documents, with the differences listed path by path.

use serde_json::Value;

/// Most difference lines shown for one failing check.
const DIFF_LINES: usize = 20;

/// Parses a command's output as one JSON document.
pub fn parse_output(what: &str, output: &[u8]) -> Result<Value, String> {
    serde_json::from_slice(output).map_err(|e| {
        format!(
            "the {what}'s output is not JSON ({e}); it was:\n{}",
            crate::command::excerpt(output)
        )
    })
}

/// `Ok` when `actual` equals `expected` (object key order does not matter,
/// array order does), else the differences (see [`diff`]), at most twenty.
pub fn compare(expected: &Value, actual: &Value) -> Result<(), String> {
    compare_with(expected, actual, "the expected JSON")
}

/// As [`compare`], the message naming what `expected` is (`the expected
/// JSON`, `the alternative `kept-as-written``).
pub fn compare_with(expected: &Value, actual: &Value, what: &str) -> Result<(), String> {
    if actual == expected {
        return Ok(());
    }
    let mut lines = Vec::new();
    diff(expected, actual, "$", &mut lines);
    Err(report_with(lines, what))
}

/// The message for a list of difference lines.
pub fn report(lines: Vec<String>) -> String {
    report_with(lines, "the expected JSON")
}

fn report_with(mut lines: Vec<String>, what: &str) -> String {
    let more = lines.len().saturating_sub(DIFF_LINES);
    lines.truncate(DIFF_LINES);
    if more > 0 {
        lines.push(format!("... and {more} more differences"));
    }
    format!(
        "the output differs from {what} (- expected, + actual):\n{}",
        lines.join("\n")
    )
}

/// Appends to `out` where `actual` differs from `expected`, by JSON path
/// under `path`: `- $.records[0].title: "a"` for what was expected,
/// `+ $.records[0].title: "b"` for what came instead.
pub fn diff(expected: &Value, actual: &Value, path: &str, out: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(want), Value::Object(got)) => {
            for (key, value) in want {
                let path = format!("{path}.{key}");
                match got.get(key) {
                    Some(other) => diff(value, other, &path, out),
                    None => out.push(format!("- {path}: {value}")),
                }
            }
            for (key, value) in got.iter().filter(|(key, _)| !want.contains_key(*key)) {
                out.push(format!("+ {path}.{key}: {value}"));
            }
        }
        (Value::Array(want), Value::Array(got)) => {
            for (index, (a, b)) in want.iter().zip(got).enumerate() {
                diff(a, b, &format!("{path}[{index}]"), out);
            }
            for (index, value) in want.iter().enumerate().skip(got.len()) {
                out.push(format!("- {path}[{index}]: {value}"));
            }
            for (index, value) in got.iter().enumerate().skip(want.len()) {
                out.push(format!("+ {path}[{index}]: {value}"));
            }
        }
        (want, got) if want != got => {
            out.push(format!("- {path}: {want}"));
            out.push(format!("+ {path}: {got}"));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn diff_names_each_difference_by_path() {
        let expected = json!({"records": [{"title": "a", "url": "u"}], "format": "lirs"});
        let actual = json!({"format": "lirs", "records": [{"title": "b"}, {}]});
        let mut lines = Vec::new();
        diff(&expected, &actual, "$", &mut lines);
        assert_eq!(
            lines,
            [
                "- $.records[0].title: \"a\"",
                "+ $.records[0].title: \"b\"",
                "- $.records[0].url: \"u\"",
                "+ $.records[1]: {}",
            ]
        );
    }

    #[test]
    fn key_order_does_not_matter_but_array_order_does() {
        let expected = json!({"a": 1, "b": [1, 2]});
        assert!(compare(&expected, &json!({"b": [1, 2], "a": 1})).is_ok());
        assert!(compare(&expected, &json!({"a": 1, "b": [2, 1]})).is_err());
        assert!(parse_output("decoder", b"not json").is_err());
    }

    #[test]
    fn long_diffs_are_cut() {
        let expected = json!((0..30).collect::<Vec<_>>());
        let message = compare(&expected, &json!([])).unwrap_err();
        assert_eq!(message.lines().count(), 1 + 20 + 1);
        assert!(message.ends_with("... and 10 more differences"));
    }
}
