//! One premove: while the computer thinks, the person waiting may pick a
//! move of their own (click, drag or keys, as any move, or typed in
//! coordinates). It is played as
//! soon as their turn comes if the rules allow it then, and dropped with
//! the rules' reason if not. Esc or a right-click cancels it.

use super::PlayState;
use crate::tui::base::Ctx;
use crate::tui::picking::plain_text;
use motley_ai::PlayerSpec;
use motley_rules::core::grid::Spot;
use motley_rules::core::{Action, Color, CoordText, MoveKind, Role};
use motley_rules::{IllegalReason, Position};
use motley_session::NotYourTurn;

/// A move picked before its turn, by its squares: which action it is
/// (a promotion's piece, say) is settled when it is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Premove {
    pub from: Spot,
    pub to: Spot,
}

impl PlayState {
    /// The side a premove may be picked for: a person waiting while the
    /// computer is to act.
    pub(super) fn premover(&self) -> Option<Color> {
        let waiting_on_computer = matches!(
            self.session.not_your_turn(),
            Some(NotYourTurn::ComputerToAct { .. })
        );
        let waiting = self.session.game().position().turn().other();
        (waiting_on_computer && self.session.player(waiting) == PlayerSpec::Human)
            .then_some(waiting)
    }

    /// A square picked while the computer thinks: the first picks a piece
    /// up, the second queues the premove (replacing any before it).
    pub(super) fn pick_premove(&mut self, side: Color, sq: Spot) {
        let Some(from) = self.view.selected else {
            if self.session.game().position().piece_on(sq).is_none() {
                let why = IllegalReason::NoPiece { square: sq };
                return self.view.refuse(why.to_string());
            }
            self.view.selected = Some(sq);
            return self
                .view
                .say("premove: pick the square it goes to (Esc cancels)");
        };
        self.view.selected = None;
        if from == sq {
            self.view.message = None;
            return;
        }
        self.view.premove = Some(Premove { from, to: sq });
        let name = self.session.side_name(side);
        self.view.say(format!(
            "premove {from}{sq} queued: played when {name} is to move, if legal then (Esc or a right-click cancels)"
        ));
    }

    /// A premove typed while the computer thinks: in coordinates only
    /// (`g1f3`), since SAN names a move of a position not reached yet.
    pub(super) fn type_premove(&mut self, side: Color, text: &str) {
        let read = CoordText::parse(text);
        match read.as_ref().ok().filter(|t| t.move_kind_text()).and_then(CoordText::spots) {
            Some((from, to)) => {
                self.view.selected = Some(from);
                self.pick_premove(side, to);
            }
            _ => self.view.refuse(
                "the computer is thinking: a premove is typed in coordinates (e.g. g1f3), or picked on the board",
            ),
        }
    }

    /// Esc or a right-click: drop the premove, or the piece picked up for
    /// one. Says whether there was one.
    pub(super) fn cancel_premove(&mut self) -> bool {
        let picking = self.premover().is_some() && self.view.selected.is_some();
        if self.view.premove.is_none() && !picking {
            return false;
        }
        self.view.premove = None;
        self.view.selected = None;
        self.view.say("premove cancelled");
        true
    }

    /// The person's turn has come: play the premove if the rules allow it
    /// now, else drop it with their reason. A promotion becomes a queen
    /// where one may, and an ordinary capture is preferred to one in place.
    pub(super) fn play_premove(&mut self, ctx: &mut Ctx) {
        if self.session.not_your_turn().is_some() {
            return;
        }
        let Some(Premove { from, to }) = self.view.premove.take() else {
            return;
        };
        let game = self.session.game();
        let legal = game.legal_actions();
        let rank = |a: &Action| {
            let kind = a.move_kind().filter(|_| a.spots() == Some((from, to)))?;
            Some(match kind {
                MoveKind::Promotion(Role::Queen) => 0,
                MoveKind::CaptureInPlace => 2,
                _ => 1,
            })
        };
        let chosen = legal
            .iter()
            .filter_map(|a| Some((rank(a)?, *a)))
            .min_by_key(|(r, _)| *r);
        match chosen {
            Some((_, action)) => self.play(action, ctx),
            None => {
                let text = plain_text(from, to);
                let why = game.position().why_illegal(&text, &legal);
                self.view
                    .refuse(format!("premove {from}{to} dropped: {why}"));
            }
        }
    }
}
