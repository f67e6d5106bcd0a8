//! A branch from the replay viewer: a new game from the ply shown, kept
//! as a game in progress from the start (the file replayed is never
//! written). The players and the clock carry over instead of being
//! dropped: the viewer offers the players as the file names them, or a
//! person in place of a computer, and the branch gets a fresh clock of
//! the game's time control, which starts only after the first move.

use crate::tui::base::PlayStart;
use crate::tui::popup::ListPopup;
use crate::tui::settings::Settings;
use motley_ai::PlayerSpec;
use motley_game::clock::TimeControl;
use motley_game::Game;
use motley_records::Players;
use motley_rules::{Describe, Position};
use motley_session::Session;

const HUMAN: PlayerSpec = PlayerSpec::Human;

/// The choice of players for a branch, asked before it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BranchOffer {
    /// The ply the branch starts from.
    pub ply: usize,
    /// The players of each option (White, Black), in the popup's order.
    pub choices: Vec<[PlayerSpec; 2]>,
    /// The options as a popup.
    pub popup: ListPopup,
}

/// A player as a file names them: one Motley can seat (`ai:3`), else a
/// person (any other name, as in a PGN, and an engine: a file never starts
/// a program, [`PlayerSpec::seatable_from_file`]).
fn player_of(name: &str) -> PlayerSpec {
    PlayerSpec::seatable_from_file(name).unwrap_or(HUMAN)
}

/// The players a branch may have, each pair once: as played, a person in
/// place of White's player, in place of Black's, two people.
pub fn player_choices(players: Option<&Players>) -> Vec<[PlayerSpec; 2]> {
    let [w, b] = players.map_or([HUMAN, HUMAN], |p| {
        [player_of(&p.white), player_of(&p.black)]
    });
    let mut out: Vec<[PlayerSpec; 2]> = Vec::new();
    for pair in [
        [w.clone(), b.clone()],
        [HUMAN, b],
        [w, HUMAN],
        [HUMAN, HUMAN],
    ] {
        if !out.contains(&pair) {
            out.push(pair);
        }
    }
    out
}

/// The time control a game was played with, if any.
fn time_control(game: &Game) -> Option<TimeControl> {
    game.clock_state()?.control.parse().ok()
}

impl BranchOffer {
    /// Ask who plays a branch of `game` from `ply`; `None` when there is
    /// nothing to ask (two people played it, or the file names nobody
    /// Motley can seat).
    pub fn new(game: &Game, ply: usize, players: Option<&Players>) -> Option<BranchOffer> {
        let choices = player_choices(players);
        if choices.len() < 2 {
            return None;
        }
        let pos = game.position_at(ply)?;
        let names = pos.side_names();
        let items = choices
            .iter()
            .enumerate()
            .map(|(i, [w, b])| match (w == &HUMAN, b == &HUMAN) {
                (true, true) => ('h', "two people at this terminal".to_string()),
                _ if i == 0 => (
                    'k',
                    format!("as played: {} {w}, {} {b}", names[0], names[1]),
                ),
                (true, false) => ('w', format!("you play {}, against {b}", names[0])),
                _ => ('b', format!("you play {}, against {w}", names[1])),
            })
            .collect();
        let mut text = vec![
            format!(
                "A new game from ply {ply}, {} to move, kept as",
                names[pos.turn().index()]
            ),
            "a game in progress (the file stays as it is).".to_string(),
        ];
        if let Some(tc) = time_control(game) {
            text.push(format!(
                "Clock {tc}, fresh: it starts after the first move."
            ));
        }
        text.push("Who plays?".to_string());
        Some(BranchOffer {
            ply,
            choices,
            popup: ListPopup::new("Branch", text, items),
        })
    }
}

/// The branch of `game` from `ply` played by `players`: a game in progress
/// with a record of its own at once (the play screen says where once it is
/// written), with a fresh clock of the game's control that waits for the
/// first move.
pub fn branch(game: &Game, ply: usize, players: [PlayerSpec; 2], settings: &Settings) -> PlayStart {
    let mut game = game.clone();
    game.truncate(ply);
    // The saved times belong to the end of the game, not to this ply.
    let control = time_control(&game);
    game.set_clock_state(None);
    let mut play = Session::new(game, players).with_settings(settings.session.clone());
    if let Some(tc) = control {
        play = play.with_clock(tc);
    }
    play.keep_now();
    PlayStart::new(play)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(w: &str, b: &str) -> Players {
        Players {
            white: w.to_string(),
            black: b.to_string(),
        }
    }

    #[test]
    fn a_person_may_take_either_computer_seat_and_names_are_people() {
        let ai = |level| PlayerSpec::Computer { level };
        let all = player_choices(Some(&players("ai:3", "ai:5")));
        assert_eq!(
            all,
            [
                [ai(3), ai(5)],
                [HUMAN, ai(5)],
                [ai(3), HUMAN],
                [HUMAN, HUMAN]
            ]
        );
        let one = player_choices(Some(&players("human", "ai:2")));
        assert_eq!(one, [[HUMAN, ai(2)], [HUMAN, HUMAN]]);
        // PGN names are people: nothing to choose.
        let names = player_choices(Some(&players("Carlsen, M.", "Nepo")));
        assert_eq!(names, [[HUMAN, HUMAN]]);
        assert_eq!(player_choices(None), [[HUMAN, HUMAN]]);
    }

    // A file naming a `uci:` player names a command: a branch never
    // offers to run it.
    #[test]
    fn an_engine_the_file_names_is_never_offered() {
        let choices = player_choices(Some(&players("uci:touch PWNED", "human")));
        assert_eq!(choices, [[HUMAN, HUMAN]]);
        assert!(choices
            .iter()
            .flatten()
            .all(|p| !matches!(p, PlayerSpec::Uci { .. })));
    }
}
