//! What the play screen shows of its game, worked out once per change of
//! the game instead of on every frame: the outcome, the legal actions (and
//! from them the squares marked as targets and the keys the bar offers),
//! the move list and the rules' facts of the position (and of the past
//! position looked at, if any). The controller's revision says when it no
//! longer holds.

use super::keys::PlayWhen;
use super::view::PlayView;
use crate::tui::board::Spots;
use crate::tui::move_list::MoveList;
use crate::tui::panels::PositionFacts;
use motley_ai::PlayerSpec;
use motley_rules::core::grid::GridSet;
use motley_rules::core::Action;
use motley_rules::{Outcome, Position};
use motley_session::Session;

/// See the module comment.
#[derive(Clone, Debug)]
pub struct PlayModel {
    /// The controller's revision it was made at, and the game's ply.
    made_at: (u64, usize),
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
    /// The legal actions now (none once the game is over).
    pub legal: Vec<Action>,
    /// The game's move list.
    pub moves: MoveList,
    /// The rules' facts of the current position.
    pub facts: PositionFacts,
    /// A person is to act (the game goes on, no dice are due).
    pub human_to_act: bool,
    /// The rules' facts of the past position looked at (its ply is the
    /// view's [`PlayView::past`]); `None` while the live one is shown.
    pub past: Option<PositionFacts>,
}

impl PlayModel {
    /// What the screen shows of `control`'s game as it stands, looking at
    /// the position after `past` plies if any.
    pub fn of(control: &Session, past: Option<usize>) -> PlayModel {
        let game = control.game();
        let pos = game.position();
        let outcome = game.outcome();
        let mut legal = Vec::new();
        if outcome.is_none() {
            pos.legal_actions(&mut legal);
        }
        let human_to_act = outcome.is_none()
            && !pos.is_chance()
            && control.player(pos.turn()) == PlayerSpec::Human;
        PlayModel {
            made_at: (control.revision(), game.ply()),
            outcome,
            legal,
            moves: MoveList::of(game),
            facts: PositionFacts::current(game, outcome.is_some()),
            human_to_act,
            past: past_facts(control, past),
        }
    }

    /// Still what `control`'s game shows (nothing changed since).
    pub fn holds_for(&self, control: &Session) -> bool {
        self.made_at == (control.revision(), control.game().ply())
    }

    /// Shows the past position after `past` plies (`None`: the live one).
    pub fn shows(&self, past: Option<usize>) -> bool {
        self.past.as_ref().map(|f| f.ply) == past
    }

    /// Look at the position after `past` plies (`None`: the live one),
    /// the rest as it was: stepping through the past changes no game.
    pub fn look_at(&mut self, control: &Session, past: Option<usize>) {
        self.past = past_facts(control, past);
    }

    /// Whether the moment `when` holds now.
    pub fn holds(&self, when: PlayWhen, control: &Session) -> bool {
        match when {
            PlayWhen::Always => true,
            PlayWhen::Over => self.outcome.is_some(),
            PlayWhen::Ongoing => self.outcome.is_none(),
            PlayWhen::Thinking => control.is_thinking(),
            PlayWhen::CanBuy => self
                .legal
                .iter()
                .any(|a| matches!(a, Action::Buy(_) | Action::Place(..))),
            PlayWhen::CanDrop => self.legal.iter().any(|a| a.dropped().is_some()),
            PlayWhen::CanPass => self.legal.iter().any(Action::is_pass),
            PlayWhen::HumanToAct => self.human_to_act,
            PlayWhen::Played => control.game().ply() > 0,
            PlayWhen::LookingBack => self.past.is_some(),
        }
    }

    /// The squares marked as targets: where the piece being placed (bought,
    /// or dropped from the hand) may go, else where the selected piece can
    /// move.
    pub fn targets(&self, view: &PlayView) -> Spots {
        let mut spots = Spots::default();
        for a in &self.legal {
            match (
                a.placed_on_spot(),
                a.spot_move(),
                view.placing,
                view.selected,
            ) {
                (Some((p, spot)), _, Some(piece), _) if p == piece => spots.insert(spot),
                (_, Some(m), None, Some(from)) if m.from == from => spots.insert(m.to),
                _ => {}
            }
        }
        spots
    }
}

/// The facts of the position after `past` plies of `control`'s game, when
/// that is a past one.
fn past_facts(control: &Session, past: Option<usize>) -> Option<PositionFacts> {
    let game = control.game();
    let ply = past.filter(|&p| p < game.ply())?;
    PositionFacts::of(game, ply, game.outcome().is_some())
}
