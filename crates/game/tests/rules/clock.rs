//! The chess clock: time controls read and printed, whose time runs,
//! the increment, the flag, a saved clock, and the time as shown.

use motley_game::clock::{
    format_time, ChessClock, ClockError, ClockState, TimeControl, TimeSource,
};
use motley_rules::core::Color;
use std::time::Duration;

#[test]
fn time_left_out_while_stopped_is_left_out_of_every_copy() {
    let source = TimeSource::default();
    let copy = source.clone();
    // Stopped for longer than the source has run: its reading is back
    // to the start, for the copy too.
    source.leave_out(Duration::from_secs(3600));
    assert_eq!(copy.now(), Duration::ZERO);
    // A hand-set time moves only by hand.
    let manual = TimeSource::manual();
    manual.advance(secs(2.0));
    manual.leave_out(secs(1.0));
    assert_eq!(manual.now(), secs(2.0));
}

const W: Color = Color::White;
const B: Color = Color::Black;

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

/// A clock of `minutes` plus `increment` seconds a move, White's time
/// running from the start.
fn started(minutes: u64, increment: u64) -> ChessClock {
    let mut c = ChessClock::new(TimeControl::minutes(minutes, increment));
    c.switch_to(W, secs(0.0), true);
    c
}

#[test]
fn time_controls_read_minutes_seconds_and_increments() {
    let tc: TimeControl = "5+3".parse().unwrap();
    assert_eq!(tc, TimeControl::minutes(5, 3));
    assert_eq!("0.5+0".parse::<TimeControl>().unwrap().base, secs(30.0));
    assert_eq!("10s+0".parse::<TimeControl>().unwrap().base, secs(10.0));
    assert_eq!(
        "15".parse::<TimeControl>().unwrap(),
        TimeControl::minutes(15, 0)
    );
    assert_eq!("3+0.5".parse::<TimeControl>().unwrap().increment, secs(0.5));
    for bad in ["", "x", "5+", "-1+0", "5+3+1", "1e3+0", "five+3"] {
        assert!(
            matches!(bad.parse::<TimeControl>(), Err(ClockError::Syntax(_))),
            "{bad}"
        );
    }
    assert_eq!(
        "0+5".parse::<TimeControl>(),
        Err(ClockError::NoTime("0+5".to_string()))
    );
    assert!(matches!(
        "1441+0".parse::<TimeControl>(),
        Err(ClockError::TooLong(_))
    ));
}

#[test]
fn time_controls_print_as_they_are_read() {
    for text in ["5+3", "10s+0", "0.05+0", "3+0.5", "90s+2"] {
        let tc: TimeControl = text.parse().unwrap();
        let again: TimeControl = tc.to_string().parse().unwrap();
        assert_eq!(tc, again, "{text} -> {tc}");
    }
    assert_eq!(TimeControl::minutes(5, 3).to_string(), "5+3");
    assert_eq!("0.05+0".parse::<TimeControl>().unwrap().to_string(), "3s+0");
}

#[test]
fn only_the_side_to_act_loses_time() {
    let mut c = started(1, 0);
    assert_eq!(c.remaining(W, secs(10.0)), secs(50.0));
    assert_eq!(c.remaining(B, secs(10.0)), secs(60.0));
    c.switch_to(B, secs(10.0), true);
    assert_eq!(c.remaining(W, secs(25.0)), secs(50.0));
    assert_eq!(c.remaining(B, secs(25.0)), secs(45.0));
}

#[test]
fn the_increment_is_added_when_a_turn_ends() {
    let mut c = started(1, 2);
    c.switch_to(B, secs(5.0), true);
    assert_eq!(c.remaining(W, secs(5.0)), secs(57.0));
    // Taking a move back switches without an increment.
    c.switch_to(W, secs(6.0), false);
    assert_eq!(c.remaining(B, secs(6.0)), secs(59.0));
}

#[test]
fn several_actions_of_one_side_are_one_turn() {
    // Dice-Money: roll, buy, move, extra move — one turn, one increment.
    let mut c = started(1, 3);
    for t in [1.0, 2.0, 3.0] {
        c.switch_to(W, secs(t), true);
    }
    assert_eq!(c.remaining(W, secs(4.0)), secs(56.0));
    c.switch_to(B, secs(4.0), true);
    assert_eq!(c.remaining(W, secs(4.0)), secs(59.0));
}

#[test]
fn a_paused_clock_keeps_its_times() {
    let mut c = started(1, 0);
    c.pause(secs(20.0));
    assert_eq!(c.running(), None);
    assert_eq!(c.remaining(W, secs(500.0)), secs(40.0));
    c.switch_to(W, secs(500.0), true);
    assert_eq!(c.remaining(W, secs(501.0)), secs(39.0));
}

#[test]
fn the_flag_falls_when_the_running_time_is_out() {
    let mut c = ChessClock::new("10s+5".parse().unwrap());
    c.switch_to(W, secs(0.0), true);
    assert_eq!(c.poll(secs(9.9)), None);
    assert_eq!(c.poll(secs(10.0)), Some(W));
    assert_eq!(c.running(), None);
    assert_eq!(c.remaining(W, secs(11.0)), Duration::ZERO);
    // After the flag nothing runs again, and no increment revives it.
    c.switch_to(B, secs(12.0), true);
    assert_eq!(c.running(), None);
    assert_eq!(c.remaining(W, secs(12.0)), Duration::ZERO);
}

#[test]
fn a_saved_clock_comes_back_paused_and_a_zero_time_is_a_fallen_flag() {
    let c = started(5, 3);
    let state = c.state(secs(12.5));
    assert_eq!(state.white_ms, 287_500);
    assert_eq!(state.control, "5+3");
    let back = ChessClock::restore(&state).unwrap();
    assert_eq!(back.running(), None);
    assert_eq!(back.remaining(W, secs(99.0)), secs(287.5));
    let out = ClockState {
        black_ms: 0,
        ..state
    };
    assert_eq!(ChessClock::restore(&out).unwrap().flagged(), Some(B));
}

#[test]
fn the_display_changes_once_a_second() {
    let mut c = ChessClock::new("20s+0".parse().unwrap());
    assert_eq!(c.next_change(secs(0.0)), None);
    c.switch_to(W, secs(0.0), true);
    assert_eq!(c.next_change(secs(0.0)), Some(secs(1.0)));
    assert_eq!(c.next_change(secs(0.25)), Some(secs(0.75)));
    assert_eq!(format_time(c.remaining(W, secs(0.25))), "0:20");
    assert_eq!(format_time(c.remaining(W, secs(1.0))), "0:19");
    // The last whole second before tenths: 10.5 s left shows 0:11
    // until 10 s are left.
    assert_eq!(c.next_change(secs(9.5)), Some(secs(0.5)));
}

// Issue 22, item 10: under ten seconds the time is shown in tenths, and
// the display changes (the screen redraws) ten times a second.
#[test]
fn item_10_under_ten_seconds_the_display_shows_and_follows_tenths() {
    let mut c = ChessClock::new("20s+0".parse().unwrap());
    c.switch_to(W, secs(0.0), true);
    assert_eq!(c.next_change(secs(10.0)), Some(secs(0.1)));
    let ms = Duration::from_millis;
    assert_eq!(c.next_change(ms(10_550)), Some(ms(50)));
    assert_eq!(format_time(c.remaining(W, ms(10_550))), "0:09.5");
    assert_eq!(format_time(c.remaining(W, ms(10_600))), "0:09.4");
    assert_eq!(c.next_change(secs(20.0)), Some(Duration::ZERO));
}

#[test]
fn times_are_shown_in_minutes_and_seconds() {
    assert_eq!(format_time(secs(65.0)), "1:05");
    assert_eq!(format_time(secs(10.0)), "0:10");
    assert_eq!(format_time(secs(3723.0)), "1:02:03");
}

// Issue 22, item 10.
#[test]
fn item_10_times_under_ten_seconds_are_shown_in_tenths_rounded_up() {
    assert_eq!(format_time(secs(9.4)), "0:09.4");
    assert_eq!(format_time(secs(9.41)), "0:09.5");
    assert_eq!(format_time(secs(9.9)), "0:09.9");
    // Just under ten seconds rounds up to the whole ten.
    assert_eq!(format_time(secs(9.95)), "0:10");
    assert_eq!(format_time(secs(0.2)), "0:00.2");
    assert_eq!(format_time(secs(0.01)), "0:00.1");
    // Only a fallen flag shows nothing left.
    assert_eq!(format_time(secs(0.0)), "0:00.0");
}
