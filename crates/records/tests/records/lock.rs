//! Locks on record files: held once, released without a trace, swept
//! when nobody holds them, never two holders.

use motley_records::lock::{is_held, lock_path, sweep_stale, try_take};
use std::fs::{self, File, OpenOptions};
use std::path::Path;

/// Is the file `file` has open still the one at `path`? (A lock file
/// removed or replaced since it was opened is not.)
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::symlink_metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("motley-lock-{name}-"))
        .tempdir()
        .unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

// Issue 22, item 14: lock files do not pile up.
#[test]
fn item_14_a_released_lock_leaves_no_file_and_a_sweep_removes_only_unheld_ones() {
    let tmp = scratch("sweep");
    let d = tmp.path();
    let game = d.join("g.json");
    let lock = try_take(&game).unwrap().unwrap();
    assert_eq!(names(d), [".g.json.lock"]);
    assert!(try_take(&game).unwrap().is_none(), "held twice");
    drop(lock);
    assert!(names(d).is_empty(), "the released lock's file stays");

    // Files left by killed processes: nobody holds them.
    for n in ["a", "b", "c"] {
        fs::write(d.join(format!(".{n}.json.lock")), "").unwrap();
    }
    let held = try_take(&d.join("b.json")).unwrap().unwrap();
    fs::write(d.join("keep.json"), "{}").unwrap();
    sweep_stale(d);
    assert_eq!(names(d), [".b.json.lock", "keep.json"]);
    assert!(is_held(&d.join("b.json")));
    drop(held);
    assert!(!is_held(&d.join("b.json")));
}

// Issue 22, item 14: a sweep between a taker's open and its lock does
// not leave two holders.
#[test]
fn item_14_a_lock_on_a_removed_lock_file_is_not_a_lock() {
    let tmp = scratch("race");
    let d = tmp.path();
    let game = d.join("g.json");
    // The taker opened the lock file; a sweep removed it before the
    // taker locked it.
    let opened = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(lock_path(&game))
        .unwrap();
    sweep_stale(d);
    opened.try_lock().unwrap();
    assert!(!same_file(&opened, &lock_path(&game)));
    // So a lock taken now is on a new file, and holds against others.
    let lock = try_take(&game).unwrap().unwrap();
    assert!(try_take(&game).unwrap().is_none());
    drop(lock);
    drop(opened);
}
