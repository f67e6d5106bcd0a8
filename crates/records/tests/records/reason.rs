//! How records name the way a game ended: ids, and the words older
//! Motleys wrote.

use motley_records::RecordedReason;
use motley_rules::EndReason;

#[test]
fn ids_and_older_words_read_alike() {
    for r in EndReason::ALL {
        assert_eq!(RecordedReason::read(r.id()).known(), Some(r), "{r:?}");
    }
    for (words, r) in [
        ("agreement", EndReason::Agreement),
        (" Resignation ", EndReason::Resignation),
        ("time ran out", EndReason::TimeForfeit),
        (
            "time ran out; the opponent cannot win",
            EndReason::TimeoutCannotWin,
        ),
        ("threefold repetition", EndReason::Repetition),
        ("White has no pieces left", EndReason::NoPieces),
        ("fifty-move rule", EndReason::FiftyMoves),
    ] {
        assert_eq!(RecordedReason::read(words).known(), Some(r), "{words}");
    }
    assert_eq!(RecordedReason::read("xyz").known(), None);
    assert_eq!(RecordedReason::read("xyz").to_string(), "xyz");
}

#[test]
fn every_id_is_distinct() {
    let mut ids: Vec<&str> = EndReason::ALL.iter().map(|r| r.id()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), EndReason::ALL.len());
}
