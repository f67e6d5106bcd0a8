//! Matches: several games between two players, colours alternating, with
//! a score kept by player ([`MatchScore`]). One implementation serves both
//! the play screen's matches (a game at a time, the next one when the
//! player asks) and `motley match` (headless, every game played out by
//! [`play_match`]). The game after another of a match carries over what
//! the family's match rules pass on (Dice-Money: the winner's prices).

use super::players::{Player, PlayerError, SeatError, Turn};
use motley_ai::{PlayerSpec, ThinkSettings};
use motley_game::variant::{VariantDef, VariantError};
use motley_game::{Game, GameError};
use motley_records::RecordError;
use motley_rules::core::{Action, Color};
use motley_rules::Position;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;

/// How a game went for the match's first player (White in game 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FirstPlayer {
    /// The first player won.
    Won,
    /// A draw.
    Drew,
    /// The first player lost.
    Lost,
}

/// The score of a match: see the module comment.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchScore {
    /// Games in the match.
    pub games: u32,
    /// Games finished so far.
    pub played: u32,
    /// Points of the player who had White in game 1, and of the other.
    pub points: [f32; 2],
    /// Colours are swapped relative to game 1 in the game under way.
    pub swapped: bool,
    /// Each finished game, in order: whether the first player had White,
    /// and how it went for them (`None`: it did not finish).
    pub results: Vec<(bool, Option<FirstPlayer>)>,
}

impl MatchScore {
    /// A match of `games` games, none played.
    pub fn new(games: u32) -> MatchScore {
        MatchScore {
            games,
            played: 0,
            points: [0.0, 0.0],
            swapped: false,
            results: Vec::new(),
        }
    }

    /// Another game follows the current one.
    pub fn has_next(&self) -> bool {
        self.played + 1 < self.games
    }

    /// The first player has White in the game under way.
    pub fn first_is_white(&self) -> bool {
        !self.swapped
    }

    /// How `game` (the game under way) went for the first player; `None`
    /// while it goes on.
    pub fn result_of(&self, game: &Game) -> Option<FirstPlayer> {
        let first = if self.swapped {
            Color::Black
        } else {
            Color::White
        };
        Some(match game.outcome()?.winner {
            Some(w) if w == first => FirstPlayer::Won,
            Some(_) => FirstPlayer::Lost,
            None => FirstPlayer::Drew,
        })
    }

    /// The points once `game`'s result counts (unchanged while it goes on).
    pub fn points_after(&self, game: &Game) -> [f32; 2] {
        let mut points = self.points;
        match self.result_of(game) {
            Some(FirstPlayer::Won) => points[0] += 1.0,
            Some(FirstPlayer::Lost) => points[1] += 1.0,
            Some(FirstPlayer::Drew) => {
                points[0] += 0.5;
                points[1] += 0.5;
            }
            None => {}
        }
        points
    }

    /// Count `game`, the game under way, as finished: the next game is
    /// played with colours swapped.
    pub fn count(&mut self, game: &Game) {
        self.points = self.points_after(game);
        self.results
            .push((self.first_is_white(), self.result_of(game)));
        self.played += 1;
        self.swapped = !self.swapped;
    }

    /// The score once `game` counts, for the next game.
    pub fn after(&self, game: &Game) -> MatchScore {
        let mut next = self.clone();
        next.count(game);
        next
    }

    /// Wins, draws and losses of the first player in the games counted (a
    /// game that did not finish counts as a draw); with `as_white`, only
    /// the games where they had that colour.
    pub fn tally(&self, as_white: Option<bool>) -> [u32; 3] {
        let mut t = [0u32; 3];
        let games = self
            .results
            .iter()
            .filter(|(white, _)| as_white.is_none_or(|w| w == *white));
        for (_, result) in games {
            let i = match result {
                Some(FirstPlayer::Won) => 0,
                Some(FirstPlayer::Lost) => 2,
                _ => 1,
            };
            t[i] += 1;
        }
        t
    }
}

/// The game after `previous`, colours swapped by the caller: with
/// `in_match` the match's next game (what the rules carry over kept),
/// else a rematch from the same start. Its seed is the previous one's
/// plus one, for its dice and its players' randomness.
pub fn next_game(previous: &Game, in_match: bool) -> Result<Game, VariantError> {
    let seed = previous.seed().wrapping_add(1);
    if in_match {
        previous.next_in_match(seed)
    } else {
        Game::new(previous.variant().clone(), previous.start_fen(), seed)
    }
}

/// Longest game a match plays before calling it a draw (a guard against
/// players that never end a game; the rules end real games much sooner).
pub const MATCH_PLY_LIMIT: usize = 2000;

/// How a headless match is played.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// Games to play; colours alternate.
    pub games: u32,
    /// Seed of the first game (game k uses seed + k - 1).
    pub seed: u64,
    /// Time per move for computer players.
    pub movetime: Duration,
    /// Save every game as a JSON record in this folder.
    pub save_dir: Option<PathBuf>,
    /// Random plies each pair of games starts from (0: the start).
    pub opening_plies: u32,
    /// A game still going after this many plies is drawn by adjudication
    /// ([`MATCH_PLY_LIMIT`]).
    pub ply_limit: usize,
}

/// Why a headless match could not go on.
#[derive(Debug, Error)]
pub enum MatchError {
    #[error("a match is played without a terminal: players must be ai[:LEVEL], random, greedy or uci:COMMAND")]
    /// A person cannot play headless.
    HumanPlayer,
    #[error("a match needs at least one game")]
    /// Nothing to play.
    NoGames,
    #[error(
        "cannot create the folder {}: {error}",
        motley_rules::core::quote::path(dir)
    )]
    /// The folder to save games in could not be made.
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    #[error(transparent)]
    /// A game could not start.
    Start(#[from] VariantError),
    #[error(transparent)]
    /// The random opening could not be played.
    Opening(GameError),
    #[error(transparent)]
    /// An engine could not start, or cannot play the variant.
    Seat(#[from] SeatError),
    #[error("the dice could not be rolled at ply {0}")]
    /// A chance node without a roll.
    Dice(usize),
    #[error("{player} was stopped at ply {ply}")]
    /// An engine gave no move, unasked.
    Stopped {
        /// Who.
        player: PlayerSpec,
        /// Where.
        ply: usize,
    },
    #[error("{player} found no action at ply {ply}")]
    /// Motley's own player found nothing to play.
    NoAction {
        /// Who.
        player: PlayerSpec,
        /// Where.
        ply: usize,
    },
    #[error("{player} played {action} at ply {ply}")]
    /// A player's action was refused by the game.
    Refused {
        /// Who.
        player: PlayerSpec,
        /// What.
        action: Action,
        /// Where.
        ply: usize,
        /// Why.
        #[source]
        error: GameError,
    },
    #[error("saving game {game}")]
    /// A game could not be saved.
    Save {
        /// Which game (from 1).
        game: u32,
        /// Why.
        #[source]
        error: RecordError,
    },
}

/// How a match game ended.
#[derive(Debug)]
pub enum MatchEnding {
    /// By the rules (or a resignation the rules record).
    Rules,
    /// Stopped at the ply limit after this many plies: a draw by
    /// adjudication.
    PlyLimit(usize),
    /// An external engine failed, and so lost by resignation.
    Failed {
        /// Its side.
        side: Color,
        /// How it failed.
        error: PlayerError,
    },
}

/// A finished game of a headless match.
#[derive(Debug)]
pub struct MatchGame {
    /// Its number, from 1.
    pub number: u32,
    /// White's and Black's players.
    pub players: [PlayerSpec; 2],
    /// The first player had White.
    pub first_is_white: bool,
    /// The game as played.
    pub game: Game,
    /// How it ended.
    pub ending: MatchEnding,
}

/// Play a headless match of `settings.games` games of `variant` between
/// `players` (the first has White in odd games), until `stop` is set.
/// `on_game` hears of each finished game (saved already, when asked)
/// with the score after it. A game interrupted by `stop` is neither
/// counted nor saved. External engines start (and are checked for the
/// variant) before each game; one that failed in a game starts afresh.
pub fn play_match(
    variant: &Arc<VariantDef>,
    players: [PlayerSpec; 2],
    settings: &MatchSettings,
    stop: &AtomicBool,
    on_game: &mut dyn FnMut(&MatchGame, &MatchScore),
) -> Result<MatchScore, MatchError> {
    if players.contains(&PlayerSpec::Human) {
        return Err(MatchError::HumanPlayer);
    }
    if settings.games == 0 {
        return Err(MatchError::NoGames);
    }
    if let Some(dir) = &settings.save_dir {
        std::fs::create_dir_all(dir).map_err(|error| MatchError::Folder {
            dir: dir.clone(),
            error,
        })?;
        motley_disk::files::remove_stale_temps(dir);
    }
    let seats = players.map(Player::new);
    let mut score = MatchScore::new(settings.games);
    let mut previous: Option<Game> = None;
    for k in 1..=settings.games {
        let game_seed = settings.seed.wrapping_add(u64::from(k - 1));
        // Both games of a pair share their opening, and in Chess960 their
        // start position.
        let pair_seed = settings.seed.wrapping_add(u64::from((k - 1) / 2));
        let mut game = match &previous {
            _ if variant.is_chess960() => {
                let start = variant.chess960_drawn(pair_seed)?;
                Game::new(variant.clone(), Some(&start), game_seed)?
            }
            None => Game::new(variant.clone(), None, game_seed)?,
            Some(p) => next_game(p, true)?,
        };
        motley_ai::opening::random_opening(&mut game, settings.opening_plies, pair_seed)
            .map_err(MatchError::Opening)?;
        for seat in &seats {
            seat.start(&crate::uci::client::EngineVariant::of(variant))?;
        }
        let first_is_white = score.first_is_white();
        let [first, second] = &seats;
        let by_colour = if first_is_white {
            [first, second]
        } else {
            [second, first]
        };
        let Some(ending) = play_out(&mut game, by_colour, settings, stop)? else {
            break;
        };
        if let MatchEnding::PlyLimit(_) = ending {
            game.adjudicate(None);
        }
        let white_black = by_colour.map(|p| p.spec().clone());
        if let Some(dir) = &settings.save_dir {
            let base = format!("{}-{}-game{:03}", variant.id, settings.seed, k);
            save_match_game(dir, &base, &game, &white_black)
                .map_err(|error| MatchError::Save { game: k, error })?;
        }
        score.count(&game);
        let finished = MatchGame {
            number: k,
            players: white_black,
            first_is_white,
            game,
            ending,
        };
        on_game(&finished, &score);
        previous = Some(finished.game);
    }
    Ok(score)
}

/// Save a match game as a new record in `dir`, never over an earlier
/// match's game (a free name, as import).
fn save_match_game(
    dir: &Path,
    base: &str,
    game: &Game,
    [white, black]: &[PlayerSpec; 2],
) -> Result<PathBuf, RecordError> {
    let specs = (white.to_string(), black.to_string());
    let mut rec = motley_records::store::record_to_save(game, Some((&specs.0, &specs.1)));
    let sides = motley_rules::Describe::side_names(game.position());
    rec.names = Some(motley_records::Players {
        white: super::default_name(white, sides[0], None),
        black: super::default_name(black, sides[1], None),
    });
    motley_records::store::save_record_new(dir, base, &rec, motley_disk::files::Durability::Flushed)
}

/// Play `game` to its end between `players` (White, Black). `None` when
/// `stop` was set.
fn play_out(
    game: &mut Game,
    players: [&Player; 2],
    settings: &MatchSettings,
    stop: &AtomicBool,
) -> Result<Option<MatchEnding>, MatchError> {
    let stopped = || stop.load(Ordering::Relaxed);
    let game_seed = game.seed();
    while game.outcome().is_none() {
        if stopped() {
            return Ok(None);
        }
        let ply = game.ply();
        if ply >= settings.ply_limit {
            return Ok(Some(MatchEnding::PlyLimit(ply)));
        }
        if game.position().is_chance() {
            if game.roll_dice().is_none() {
                return Err(MatchError::Dice(ply));
            }
            continue;
        }
        let side = game.position().turn();
        let player = players[side.index()];
        let history = game.repetition_history();
        let think = ThinkSettings {
            movetime: settings.movetime,
            seed: game_seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        };
        let action = match player.choose(Turn::of(game, &history), &think, stop, None) {
            Ok(Some(a)) => a,
            Ok(None) if stopped() => return Ok(None),
            Ok(None) => {
                let player = player.spec().clone();
                return Err(match player {
                    PlayerSpec::Uci { .. } => MatchError::Stopped { player, ply },
                    _ => MatchError::NoAction { player, ply },
                });
            }
            Err(error) => {
                // A failed engine is stopped and loses the game.
                game.resign(side);
                return Ok(Some(MatchEnding::Failed { side, error }));
            }
        };
        if stopped() {
            return Ok(None);
        }
        game.play(action).map_err(|error| MatchError::Refused {
            player: player.spec().clone(),
            action,
            ply,
            error,
        })?;
    }
    Ok(Some(MatchEnding::Rules))
}
