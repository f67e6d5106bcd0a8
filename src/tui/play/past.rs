//! Looking back during a game: the play screen shows a past position in
//! place of the live one (`[`, `]`, Home, a click on a move in the list)
//! without taking anything back. The game goes on underneath — the
//! computer thinks and moves, the clock runs — and the screen says when a
//! move arrives. `End`, or starting a move, shows the live position again.

use super::PlayState;
use motley_rules::core::Action;
use motley_rules::Position;

impl PlayState {
    /// `[`: the position one ply before the one shown.
    pub(super) fn step_back(&mut self) {
        match self.view.past {
            Some(0) => self.view.refuse("this is the first position of the game"),
            Some(ply) => self.look_at(ply - 1),
            None => match self.session.game().ply() {
                0 => self.view.refuse("nothing has been played yet"),
                live => self.look_at(live - 1),
            },
        }
    }

    /// `]`: the position one ply after the one shown (the live one after
    /// the last).
    pub(super) fn step_forward(&mut self) {
        match self.view.past {
            Some(ply) => self.look_at(ply + 1),
            None => self.view.say("this is the live position"),
        }
    }

    /// Home: the game's first position.
    pub(super) fn look_at_first(&mut self) {
        match self.session.game().ply() {
            0 => self.view.refuse("nothing has been played yet"),
            _ => self.look_at(0),
        }
    }

    /// End: the live position again.
    pub(super) fn back_to_live(&mut self) {
        if self.leave_past() {
            self.view.say("back to the live position");
        } else {
            self.view.say("this is the live position");
        }
    }

    /// Show the position after `ply` plies: a past one, or the live one
    /// from the game's ply on. What was picked up is put down (it belongs
    /// to the live position).
    pub(super) fn look_at(&mut self, ply: usize) {
        let live = self.session.game().ply();
        if ply >= live {
            return self.back_to_live();
        }
        self.view.drop_selection();
        self.view.past = Some(ply);
        self.view.say(format!(
            "looking back at ply {ply} of {live}: nothing is taken back; End returns to the game"
        ));
    }

    /// Starting a move: the live position again, where the move is made.
    /// Whether a past position was shown.
    pub(super) fn leave_past(&mut self) -> bool {
        let was = self.view.past.take().is_some();
        if was {
            self.view.message = None;
        }
        was
    }

    /// Moves arrived while looking back (the game was at ply `before`): the
    /// screen stays on the past position and says what was played (dice
    /// rolled after it are left out).
    pub(super) fn say_new_moves(&mut self, before: usize) {
        let game = self.session.game();
        let played: Vec<&str> = game
            .actions()
            .iter()
            .zip(game.sans())
            .skip(before)
            .filter(|(a, _)| !matches!(a, Action::Roll(..)))
            .map(|(_, san)| san.as_str())
            .collect();
        let Some(side) = game.position_at(before).map(|p| p.turn()) else {
            return;
        };
        if played.is_empty() {
            return;
        }
        let name = self.session.side_name(side);
        self.view.say(format!(
            "new move: {name} played {} (End shows the live position)",
            played.join(" ")
        ));
    }
}
