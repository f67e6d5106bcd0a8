//! Each test's own folders, made and removed by the `tempfile` crate: a
//! unique name per folder, so tests running at once never share one.

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// A fresh empty folder for one test, removed when the test ends. It
/// reads as its path, so a test writes `dir.join("games")`.
#[derive(Debug)]
pub struct TempDir {
    path: PathBuf,
    _dir: tempfile::TempDir,
}

/// A fresh folder whose name starts with `motley-{name}-` (the test's
/// name, to tell leftovers apart when a test is killed).
pub fn temp_dir(name: &str) -> TempDir {
    let dir = tempfile::Builder::new()
        .prefix(&format!("motley-{name}-"))
        .tempdir()
        .expect("a temporary folder");
    TempDir {
        path: dir.path().to_path_buf(),
        _dir: dir,
    }
}

impl TempDir {
    pub fn path(&self) -> &PathBuf {
        &self.path
    }
}

impl Deref for TempDir {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.path
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for TempDir {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}
