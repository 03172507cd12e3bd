//! The case files of a suite folder: shared by the build script (which
//! embeds them) and [`crate::cases::Suite::from_dir`] (which reads a folder
//! at run time), so that both see the same files.

use std::path::{Path, PathBuf};

/// The folders of a suite that hold cases, relative to its root.
pub const CASE_FOLDERS: [&str; 4] = ["hina-di", "lirs", "rss2", "merge"];

/// Every file under the case folders of `root`, as (path relative to
/// `root` with `/` separators, full path), sorted by relative path. A
/// missing folder has no files; hidden files and folders are left out.
pub fn case_files(root: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
    let mut files = Vec::new();
    for folder in CASE_FOLDERS {
        let dir = root.join(folder);
        if dir.is_dir() {
            walk(&dir, folder, &mut files)?;
        }
    }
    files.sort();
    Ok(files)
}

fn walk(dir: &Path, relative: &str, out: &mut Vec<(String, PathBuf)>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        let relative = format!("{relative}/{name}");
        if entry.file_type()?.is_dir() {
            walk(&path, &relative, out)?;
        } else {
            out.push((relative, path));
        }
    }
    Ok(())
}
