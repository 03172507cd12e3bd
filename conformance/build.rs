//! Embeds every case file of the suite in the crate: writes
//! `$OUT_DIR/cases.rs`, a table of (path relative to this folder,
//! `include_bytes!` of the file), read by `src/cases.rs`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "src/walk.rs"]
#[allow(dead_code)]
mod walk;

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    for folder in walk::CASE_FOLDERS {
        let dir = root.join(folder);
        // A folder made later must be seen too: until it exists, watch the
        // package folder itself.
        let watched = if dir.is_dir() { &dir } else { &root };
        println!("cargo:rerun-if-changed={}", watched.display());
    }
    println!("cargo:rerun-if-changed=build.rs");
    let files = walk::case_files(&root).expect("the case folders can be read");
    let mut table = String::from(
        "/// Every case file: (path relative to the suite folder, contents).\n\
         pub static FILES: &[(&str, &[u8])] = &[\n",
    );
    for (relative, path) in &files {
        let _ = writeln!(
            table,
            "    ({relative:?}, include_bytes!({:?})),",
            absolute(path)
        );
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("cases.rs"), table).expect("OUT_DIR is writable");
}

fn absolute(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}
