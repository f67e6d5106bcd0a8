//! The players of a game behind one type, [`Player`]: a person, Motley's
//! own computer (`ai:N`, `random`, `greedy`) or an external UCI engine
//! (`uci:`). Choosing between Motley's search and an engine is written
//! here once: the play screen's computer jobs and `motley match` both ask
//! [`Player::choose`].

use super::progress::ThinkProgress;
use crate::uci::client::{EngineError, EngineSeat, EngineTurn, EngineVariant};
use crate::uci::protocol::read_info;
use motley_ai::{PlayerSpec, ThinkSettings};
use motley_game::variant::VariantDef;
use motley_game::Game;
use motley_records::Players;
use motley_rules::core::{Action, Color};
use motley_rules::AnyPosition;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use thiserror::Error;

/// Why a player could not act.
#[derive(Debug, Error)]
pub enum PlayerError {
    /// An external engine failed: it crashed, stopped answering, could
    /// not start or cannot play the variant. It loses the game.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// A player that could not be seated for a game, named.
#[derive(Debug, Error)]
#[error("{}: {error}", motley_rules::core::quote::clip(&player.to_string()))]
pub struct SeatError {
    /// Who it was.
    pub player: PlayerSpec,
    /// What went wrong.
    pub error: PlayerError,
}

/// The game so far, as a player is asked to act in it: the position and
/// what an engine needs to be told (the start and every action since).
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    /// The position to act in.
    pub position: &'a AnyPosition,
    /// Repetition keys of the positions before this one.
    pub history: &'a [u64],
    /// The variant (an engine is checked for it when it starts).
    pub variant: &'a VariantDef,
    /// The game's start when it is not the variant's.
    pub start_fen: Option<&'a str>,
    /// Every action so far.
    pub actions: &'a [Action],
}

impl<'a> Turn<'a> {
    /// The turn at the end of `game`, with its repetition keys `history`.
    pub fn of(game: &'a Game, history: &'a [u64]) -> Turn<'a> {
        Turn {
            position: game.position(),
            history,
            variant: game.variant(),
            start_fen: game.start_fen(),
            actions: game.actions(),
        }
    }
}

/// One side's player. An engine player keeps its running engine between
/// moves and games; cloning shares it (the thinking thread holds a clone).
#[derive(Clone, Debug)]
pub struct Player {
    spec: PlayerSpec,
    engine: EngineSeat,
}

impl Player {
    /// The player `spec` names; an engine starts when first asked.
    pub fn new(spec: PlayerSpec) -> Player {
        Player {
            spec,
            engine: EngineSeat::default(),
        }
    }

    /// Who it is, as the command line and records name players.
    pub fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    /// A person, who acts through the screen.
    pub fn is_human(&self) -> bool {
        self.spec == PlayerSpec::Human
    }

    /// An external engine.
    pub fn is_engine(&self) -> bool {
        matches!(self.spec, PlayerSpec::Uci { .. })
    }

    /// Get ready for a new game of `variant`: an engine starts now if it
    /// is not running (and is asked whether it plays the variant), so one
    /// that cannot is refused before the game; others need nothing.
    pub fn start(&self, variant: &EngineVariant) -> Result<(), SeatError> {
        let PlayerSpec::Uci { command } = &self.spec else {
            return Ok(());
        };
        self.engine
            .start_game(command, variant)
            .map_err(|e| SeatError {
                player: self.spec.clone(),
                error: e.into(),
            })
    }

    /// The player's action in `turn`, thinking as `think` says: Motley's
    /// search, or the engine asked. `stop` asks for an answer now.
    /// `on_progress` (when given) hears of the search as it goes.
    /// `Ok(None)` for a person, at a chance node, with no legal action, or
    /// when an engine was stopped before it answered; an engine that
    /// failed is stopped, and started afresh when next asked.
    pub fn choose(
        &self,
        turn: Turn<'_>,
        think: &ThinkSettings,
        stop: &AtomicBool,
        on_progress: Option<&mut dyn FnMut(ThinkProgress)>,
    ) -> Result<Option<Action>, PlayerError> {
        let PlayerSpec::Uci { command } = &self.spec else {
            let mut report = on_progress;
            let mut on_iteration = |it: &motley_ai::search::Iteration| {
                if let Some(report) = report.as_deref_mut() {
                    report(ThinkProgress::of(turn.position, it));
                }
            };
            return Ok(motley_ai::think_with(
                turn.position,
                turn.history,
                &self.spec,
                think,
                stop,
                &mut on_iteration,
            ));
        };
        let asked = EngineTurn {
            seat: self.engine.clone(),
            command: command.clone(),
            variant: EngineVariant::of(turn.variant),
            start_fen: turn.start_fen.map(str::to_string),
            actions: turn.actions.to_vec(),
        };
        let started = Instant::now();
        let mut report = on_progress;
        let mut on_line = |line: &str| {
            let Some(report) = report.as_deref_mut() else {
                return;
            };
            let best = read_info(line).filter(|i| i.multipv.unwrap_or(1) == 1);
            if let Some(p) =
                best.and_then(|i| ThinkProgress::of_engine(turn.position, &i, started.elapsed()))
            {
                report(p);
            }
        };
        Ok(asked.play_with(turn.position, think.movetime, stop, &mut on_line)?)
    }

    /// The game is left: an engine stops (once any answer it owes is in).
    pub fn close(&self) {
        self.engine.close();
    }
}

/// The players a loaded game names, as they can be seated here, and the
/// sides whose engine was left out. Engines (`uci:`) are started only from
/// this Motley's own records of games in progress (`own_record`): any
/// other file could name any command, and opening a file must never run
/// one. A name that is no player (a PGN's "Ann") is a person.
pub fn seat_players(players: Option<&Players>, own_record: bool) -> ([PlayerSpec; 2], Vec<Color>) {
    let mut seats = [PlayerSpec::Human, PlayerSpec::Human];
    let mut left_out = Vec::new();
    let Some(players) = players else {
        return (seats, left_out);
    };
    for (side, name) in [
        (Color::White, &players.white),
        (Color::Black, &players.black),
    ] {
        seats[side.index()] = if own_record {
            name.parse().unwrap_or(PlayerSpec::Human)
        } else {
            PlayerSpec::seatable_from_file(name).unwrap_or_else(|| {
                left_out.push(side);
                PlayerSpec::Human
            })
        };
    }
    (seats, left_out)
}

/// Longest name a player is given (longer ones are cut).
pub const MAX_NAME_CHARS: usize = 40;

/// A name as typed or read from a file, fit to show and save: control
/// characters dropped, spaces trimmed, at most [`MAX_NAME_CHARS`]; `None`
/// when nothing is left.
pub fn clean_name(raw: &str) -> Option<String> {
    let name: String = raw
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect();
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_string())
}

/// The name of a player nobody named: a computer by what it is
/// ("Computer (level 4)"), an engine by its program, and a person by
/// `login` (their login name, when they are the only person playing)
/// or else by their side (`side`: "White").
pub fn default_name(spec: &PlayerSpec, side: &str, login: Option<&str>) -> String {
    match spec {
        PlayerSpec::Human => login
            .and_then(clean_name)
            .unwrap_or_else(|| side.to_string()),
        PlayerSpec::Computer { level } => format!("Computer (level {level})"),
        PlayerSpec::Random => "Computer (random)".to_string(),
        PlayerSpec::Greedy => "Computer (greedy)".to_string(),
        PlayerSpec::Uci { command } => {
            let program = command.split_whitespace().next().unwrap_or("");
            let program = std::path::Path::new(program)
                .file_name()
                .map_or(program.to_string(), |f| f.to_string_lossy().to_string());
            format!("Engine ({})", clean_name(&program).unwrap_or_default())
        }
    }
}

/// The login name of the person running Motley, if the system says.
pub fn login_name() -> Option<String> {
    ["USER", "LOGNAME"]
        .iter()
        .find_map(|k| std::env::var(k).ok().and_then(|v| clean_name(&v)))
}
