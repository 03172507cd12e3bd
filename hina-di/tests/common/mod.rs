//! What more than one test file needs: the HINA-DI files of the
//! repository.

use std::path::{Path, PathBuf};

/// Every `.hdi` file under `dir`, at any depth, pushed onto `out`.
pub fn hdi_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            hdi_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "hdi") {
            out.push(path);
        }
    }
}
