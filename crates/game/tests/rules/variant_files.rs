//! What every variant file shares: the one rule a variant id keeps, and
//! how a file's bytes become its text.

use motley_game::variant::file::{check_id, variant_text, IdError, VariantFileError, MAX_ID_CHARS};

// Issue 31, item 4: one id rule for every source.
#[test]
fn item_04_an_id_is_letters_digits_dashes_and_underscores() {
    for good in ["chess", "5check", "ai-wok", "My_Variant", "x"] {
        assert_eq!(check_id(good), Ok(()), "{good}");
    }
    for bad in [
        "",
        "evil\nreadyok",
        "/abs/pwn",
        "../x",
        "a b",
        "é",
        ".hidden",
    ] {
        assert!(check_id(bad).is_err(), "{bad:?}");
    }
    assert!(matches!(
        check_id(&"a".repeat(MAX_ID_CHARS + 1)),
        Err(IdError::TooLong(_))
    ));
    let e = check_id("x\u{1b}]0;PWNED\u{7}").unwrap_err().to_string();
    assert!(!e.chars().any(char::is_control), "{e:?}");
}

// Issue 31, item 26: a byte-order mark is accepted, and bad UTF-8 is
// named by its line.
#[test]
fn item_26_a_byte_order_mark_is_dropped_and_bad_bytes_give_their_line() {
    let text = variant_text(b"\xef\xbb\xbf[a:chess]\n".to_vec()).unwrap();
    assert_eq!(text, "[a:chess]\n");
    let e = variant_text(b"[a:chess]\n# ok\nking = \xff\n".to_vec()).unwrap_err();
    assert!(
        matches!(e, VariantFileError::NotUtf8 { line: 3, .. }),
        "{e}"
    );
}
