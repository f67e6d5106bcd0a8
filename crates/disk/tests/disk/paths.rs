use motley_disk::paths::{expand_user, PathError};
use std::path::Path;

#[test]
fn tilde_means_home_and_tilde_user_is_refused() {
    let home = dirs::home_dir().unwrap();
    assert_eq!(expand_user(Path::new("~")).unwrap(), home);
    assert_eq!(
        expand_user(Path::new("~/x.json")).unwrap(),
        home.join("x.json")
    );
    assert_eq!(expand_user(Path::new("a/~/b")).unwrap(), Path::new("a/~/b"));
    assert!(matches!(
        expand_user(Path::new("~bob/x")),
        Err(PathError::OtherUser(_))
    ));
}
