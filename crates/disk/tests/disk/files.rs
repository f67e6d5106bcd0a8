use motley_disk::files::{
    free_name, read_regular, remove_stale_temps, write_fresh, write_new, ReadError,
};
use std::fs::{self, File};
use std::io;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("motley-files-{name}-"))
        .tempdir()
        .unwrap()
}

/// A scratch folder holding `file`, a symbolic link to `target` (a
/// relative target is read from the folder).
#[cfg(unix)]
fn scratch_link(name: &str, file: &str, target: &str) -> (tempfile::TempDir, PathBuf) {
    let d = scratch(name);
    let link = d.path().join(file);
    std::os::unix::fs::symlink(target, &link).unwrap();
    (d, link)
}

#[cfg(unix)]
#[test]
fn a_symlink_to_dev_zero_is_not_a_regular_file() {
    let (_d, link) = scratch_link("zero", "zero.json", "/dev/zero");
    let e = read_regular(&link, 1000).unwrap_err();
    assert!(e.to_string().contains("not a regular file"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_new_file_never_replaces_a_dangling_symlink() {
    let (tmp, link) = scratch_link("dangling", "g.json", "elsewhere");
    let d = tmp.path();
    let e = write_new(&link, b"x").unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
    assert!(!d.join("elsewhere").exists());
    let p = write_fresh(d, "g", "json", b"y").unwrap();
    assert_eq!(p, d.join("g-2.json"));
    assert_eq!(fs::read(&p).unwrap(), b"y");
    let names: Vec<_> = fs::read_dir(d).unwrap().collect();
    assert_eq!(names.len(), 2, "no temporary file is left");
}

// Issue 22, item 37: `kill -9` during an import leaves `.NAME.PID.tmp`.
#[test]
fn item_37_stale_temporary_files_in_a_folder_are_removed() {
    let tmp = scratch("temps");
    let d = tmp.path();
    let stale = d.join(".games-3.json.4242.tmp");
    let fresh = d.join(".games-4.json.4343.tmp");
    let other = d.join("games-1.json");
    for p in [&stale, &fresh, &other] {
        fs::write(p, "half a record").unwrap();
    }
    let old = SystemTime::now() - Duration::from_secs(3600);
    for p in [&stale, &other] {
        File::options()
            .write(true)
            .open(p)
            .unwrap()
            .set_modified(old)
            .unwrap();
    }
    remove_stale_temps(d);
    assert!(!stale.exists());
    // A fresh one may be a write under way; a record is no temporary.
    assert!(fresh.exists() && other.exists());
}

// Issue 31, item 4: a name from a variant id that is a path would
// have been written outside its folder; no file is made from one.
#[test]
fn item_04_a_new_file_is_never_named_by_a_path() {
    let tmp = scratch("plain");
    let d = tmp.path().join("inner");
    fs::create_dir(&d).unwrap();
    for base in ["../escape", "/abs/pwn", "a/b", ".hidden", "", "x\ny"] {
        let e = write_fresh(&d, base, "json", b"x").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput, "{base:?}");
        assert_eq!(free_name(&d, base, "json"), None, "{base:?}");
    }
    assert!(write_fresh(&d, "game-1", "json", b"x").is_ok());
    let outside: Vec<_> = fs::read_dir(tmp.path()).unwrap().collect();
    assert_eq!(outside.len(), 1, "only the inner folder");
}

#[test]
fn reads_are_bounded() {
    let tmp = scratch("bounded");
    let d = tmp.path();
    let p = d.join("big");
    fs::write(&p, vec![b'x'; 2000]).unwrap();
    assert!(matches!(
        read_regular(&p, 1000),
        Err(ReadError::TooLarge { size: 2000, .. })
    ));
    assert_eq!(read_regular(&p, 2000).unwrap().len(), 2000);
}
