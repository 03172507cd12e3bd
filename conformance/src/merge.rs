//! Merge (propagation) cases: running the merger in a folder of the case's
//! source files, and comparing what it publishes and decides.
//!
//! The merger's output is `{"blocks": [[[name, value], ...], ...],
//! "decisions": [{"source", "entry", "action", "rule"}, ...]}`. `blocks`
//! must equal the expected ones exactly (order matters); `decisions` are
//! compared as a multiset (order does not matter); other members, of the
//! output or of a decision, are ignored.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Map, Value};

use crate::diff;

/// The members of a decision that are compared.
const DECISION_MEMBERS: [&str; 4] = ["source", "entry", "action", "rule"];

/// The case files that are not source files.
pub const CASE_FILES: [&str; 2] = ["plan.json", "expected.json"];

/// A fresh folder under the system's temporary folder, removed when
/// dropped.
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    /// Makes a new, empty folder.
    pub fn new() -> Result<ScratchDir, String> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let base = std::env::temp_dir();
        loop {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let dir = base.join(format!("antenna-conformance-{}-{n}", std::process::id()));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(ScratchDir(dir)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(format!("cannot make {}: {e}", dir.display())),
            }
        }
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `bytes` at `relative` (`/`-separated, no `..`) inside it.
    pub fn write(&self, relative: &str, bytes: &[u8]) -> Result<(), String> {
        if relative
            .split('/')
            .any(|part| part == ".." || part.is_empty())
        {
            return Err(format!("`{relative}` is not a plain relative path"));
        }
        let path = relative
            .split('/')
            .fold(self.0.clone(), |p, part| p.join(part));
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot make {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `Ok` when the merger's `actual` output publishes the expected blocks
/// and makes the expected decisions; else every difference, path by path.
pub fn compare(expected: &Value, actual: &Value) -> Result<(), String> {
    let mut lines = Vec::new();
    let empty = Value::Array(Vec::new());
    let want_blocks = expected.get("blocks").unwrap_or(&empty);
    match actual.get("blocks") {
        Some(got) => diff::diff(want_blocks, got, "$.blocks", &mut lines),
        None => lines.push("- $.blocks: missing from the output".into()),
    }
    let want = decisions(expected.get("decisions").unwrap_or(&empty), "expected")?;
    match actual.get("decisions") {
        Some(got) => {
            let mut got: BTreeMap<String, usize> = decisions(got, "output's")?.into_iter().fold(
                BTreeMap::new(),
                |mut counts, decision| {
                    *counts.entry(decision).or_insert(0) += 1;
                    counts
                },
            );
            for decision in want {
                match got.get_mut(&decision) {
                    Some(count) if *count > 0 => *count -= 1,
                    _ => lines.push(format!("- $.decisions: {decision}")),
                }
            }
            for (decision, count) in got {
                for _ in 0..count {
                    lines.push(format!("+ $.decisions: {decision}"));
                }
            }
        }
        None => lines.push("- $.decisions: missing from the output".into()),
    }
    if lines.is_empty() {
        Ok(())
    } else {
        Err(diff::report(lines))
    }
}

/// The decisions of `value`, each as the JSON text of its compared
/// members (a missing one is `null`).
fn decisions(value: &Value, what: &str) -> Result<Vec<String>, String> {
    let list = value
        .as_array()
        .ok_or(format!("the {what} `decisions` is not an array: {value}"))?;
    Ok(list
        .iter()
        .map(|decision| {
            let kept: Map<String, Value> = DECISION_MEMBERS
                .iter()
                .map(|&member| {
                    let value = decision.get(member).cloned().unwrap_or(Value::Null);
                    (member.to_owned(), value)
                })
                .collect();
            Value::Object(kept).to_string()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn output() -> Value {
        json!({
            "blocks": [[["URL", "http://a.example.jp/"], ["Method", "REMOTE/GET/200"]]],
            "decisions": [
                {"source": "http://b/", "entry": "http://x/", "action": "dropped", "rule": "untrusted-agent"},
                {"source": "http://b/", "entry": "", "action": "dropped", "rule": "header"},
                {"source": "http://b/", "entry": "", "action": "dropped", "rule": "header"}
            ]
        })
    }

    #[test]
    fn decisions_in_any_order_and_extra_members_pass() {
        let mut actual = output();
        let list = actual["decisions"].as_array_mut().unwrap();
        list.reverse();
        list[0]["message"] = json!("why");
        actual["note"] = json!("ignored");
        assert_eq!(compare(&output(), &actual), Ok(()));
    }

    #[test]
    fn block_and_decision_differences_are_listed() {
        let mut actual = output();
        actual["blocks"][0][1][1] = json!("REMOTE/GET/304");
        actual["decisions"].as_array_mut().unwrap().remove(1);
        actual["decisions"][0]["rule"] = json!("stale");
        let message = compare(&output(), &actual).unwrap_err();
        let lines: Vec<&str> = message.lines().skip(1).collect();
        assert_eq!(
            lines,
            [
                "- $.blocks[0][1][1]: \"REMOTE/GET/200\"",
                "+ $.blocks[0][1][1]: \"REMOTE/GET/304\"",
                r#"- $.decisions: {"source":"http://b/","entry":"http://x/","action":"dropped","rule":"untrusted-agent"}"#,
                r#"- $.decisions: {"source":"http://b/","entry":"","action":"dropped","rule":"header"}"#,
                r#"+ $.decisions: {"source":"http://b/","entry":"http://x/","action":"dropped","rule":"stale"}"#,
            ]
        );
    }

    #[test]
    fn missing_members_fail() {
        let message = compare(&output(), &json!({})).unwrap_err();
        assert!(message.contains("- $.blocks: missing"));
        assert!(message.contains("- $.decisions: missing"));
    }

    #[test]
    fn scratch_folders_hold_nested_files_and_go_away() {
        let dir = ScratchDir::new().unwrap();
        let path = dir.path().to_path_buf();
        dir.write("sub/a.hdi", b"x").unwrap();
        assert_eq!(std::fs::read(path.join("sub").join("a.hdi")).unwrap(), b"x");
        assert!(dir.write("../escape", b"x").is_err());
        drop(dir);
        assert!(!path.exists());
    }
}
