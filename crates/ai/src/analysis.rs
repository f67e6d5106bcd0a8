//! Game analysis: every position of a game searched by the engine, so each
//! action gets the evaluation before and after it (from the side that
//! played it), the engine's choice there and a mark when it lost much.
//! `motley analyse` prints it; the result is plain serde data so the replay
//! viewer and saved records can keep it.
//!
//! Evaluations are the search's own: in Dice-Money the position before a
//! roll is valued as the expectation over the dice, in Monochrome scored
//! points count (100 cp a point). Losses are judged on the variant's own
//! scale ([`EvalScale`]): chess-like games clamp evaluations at ten pawns,
//! Monochrome at every point in play, since the higher score wins however
//! large the lead. A roll is chance, not a decision: it gets evaluations
//! but no loss and no mark.
//!
//! Accuracy reads the same evaluations as chances to win ([`win_chance`]):
//! a move's accuracy falls with the chance its mover gave away
//! ([`accuracy_for_drop`]), and a side's is the geometric mean of its
//! moves' ([`mean_accuracy`]). docs/analysis-and-uci.md, "Accuracy", states the formula.

use crate::eval::{EvalScale, Evaluate};
use crate::search::{self, mate_in_plies, outcome_score, Limits, MATE_BOUND};
use crate::tt::Table;
use motley_game::Game;
use motley_rules::core::{Action, Color};
use motley_rules::{san_of, AnyPosition, Outcome, Position};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Centipawns lost from which a move is an inaccuracy (`?!`), on the pawn
/// scale (half a unit of the variant's scale).
pub const INACCURACY_CP: i32 = 50;
/// Centipawns lost from which a move is a mistake (`?`): one unit.
pub const MISTAKE_CP: i32 = 100;
/// Centipawns lost from which a move is a blunder (`??`): three units.
pub const BLUNDER_CP: i32 = 300;
/// Evaluations in chess-like games are clamped to ± this before losses are
/// taken, so a mate counts like a ten-pawn advantage and a move that keeps
/// a won game won (mate in 3 to mate in 5, +12 to +15) loses nothing. Other
/// variants clamp at their own scale's limit ([`EvalScale::limit_cp`]).
pub const LOSS_CLAMP_CP: i32 = EvalScale::PAWNS.limit_cp;

/// How steep the win-chance curve is, in units of the scale's limit: an
/// evaluation at the limit (a decided game) reads as
/// 100 / (1 + e^−4) ≈ 98.2%. On the pawn scale (limit ten pawns) one pawn
/// up is then about 60%; in Monochrome, whose limit is every point in
/// play, a point is worth less the more points are still to be won.
pub const CURVE_STEEPNESS: f64 = 4.0;

/// Points of win chance (out of 100) whose loss halves a move's accuracy:
/// giving away 20 points scores 50%, 40 points 25%.
pub const ACCURACY_HALVING: f64 = 20.0;

/// Forced actions (the only legal one) followed in a row before a position
/// is searched as it is: the search answers a lone action at once, without
/// looking past it, so its value would be a guess.
const FORCED_HOPS: u32 = 8;

/// Transposition table of each analysing thread, in MB.
const TABLE_MB: usize = 16;

/// An evaluation from one side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Eval {
    /// Centipawns (positive: the side is better).
    Cp(i32),
    /// A forced win (positive) or loss (negative) in this many moves.
    Mate(i32),
    /// The game is over and the side has won.
    Won,
    /// The game is over and the side has lost.
    Lost,
}

impl Eval {
    /// The evaluation a search score (for the side to act) means.
    pub fn from_score(score: i32) -> Eval {
        match mate_in_plies(score) {
            Some(0) if score > 0 => Eval::Won,
            Some(0) => Eval::Lost,
            Some(p) if p > 0 => Eval::Mate((p + 1) / 2),
            Some(p) => Eval::Mate(-((-p + 1) / 2)),
            None => Eval::Cp(score),
        }
    }

    /// Centipawns clamped to ±`limit` (a scale's [`EvalScale::limit_cp`]),
    /// mates and results at the bounds.
    pub fn clamped_cp(self, limit: i32) -> i32 {
        match self {
            Eval::Cp(c) => c.clamp(-limit, limit),
            Eval::Mate(n) if n > 0 => limit,
            Eval::Mate(_) => -limit,
            Eval::Won => limit,
            Eval::Lost => -limit,
        }
    }
}

impl Eval {
    /// The same evaluation seen from the other side.
    pub fn flipped(self) -> Eval {
        match self {
            Eval::Cp(c) => Eval::Cp(-c),
            Eval::Mate(n) => Eval::Mate(-n),
            Eval::Won => Eval::Lost,
            Eval::Lost => Eval::Won,
        }
    }

    /// An evaluation from `side`'s point of view seen from White's (the
    /// way boards and graphs show it).
    pub fn for_white(self, side: Color) -> Eval {
        match side {
            Color::White => self,
            Color::Black => self.flipped(),
        }
    }
}

impl std::fmt::Display for Eval {
    /// Pawns with a sign (`+0.35`), `#3` / `#-3` for mates, `won` / `lost`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Eval::Cp(c) => {
                let sign = if c < 0 { '-' } else { '+' };
                write!(f, "{sign}{}.{:02}", c.abs() / 100, c.abs() % 100)
            }
            Eval::Mate(n) => write!(f, "#{n}"),
            Eval::Won => f.write_str("won"),
            Eval::Lost => f.write_str("lost"),
        }
    }
}

/// How bad a move was, from the evaluation it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mark {
    /// `?!`: lost at least [`INACCURACY_CP`].
    #[serde(rename = "?!")]
    Inaccuracy,
    /// `?`: lost at least [`MISTAKE_CP`].
    #[serde(rename = "?")]
    Mistake,
    /// `??`: lost at least [`BLUNDER_CP`].
    #[serde(rename = "??")]
    Blunder,
}

impl Mark {
    /// The mark a loss in centipawns earns on the pawn scale, if any.
    pub fn for_loss(loss: i32) -> Option<Mark> {
        Mark::for_loss_on(loss, &EvalScale::PAWNS)
    }

    /// The mark a loss in centipawns earns on `scale`: the thresholds are
    /// half a unit, one unit and three units of it.
    pub fn for_loss_on(loss: i32, scale: &EvalScale) -> Option<Mark> {
        let at = |cp: i32| cp.saturating_mul(scale.unit_cp) / 100;
        match loss {
            l if l >= at(BLUNDER_CP) => Some(Mark::Blunder),
            l if l >= at(MISTAKE_CP) => Some(Mark::Mistake),
            l if l >= at(INACCURACY_CP) => Some(Mark::Inaccuracy),
            _ => None,
        }
    }

    /// `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The chance to win, 0 to 100, that an evaluation (from one side's point
/// of view) stands for on `scale`: the logistic curve
/// 50 + 50·(2 / (1 + e^(−k·cp)) − 1), which is 100 / (1 + e^(−k·cp)), with
/// k = [`CURVE_STEEPNESS`] / the scale's limit and cp the evaluation
/// clamped to the limit (a mate counts as the limit, as it does for
/// losses, so a won game kept won gives nothing away). Equal is 50%.
pub fn win_chance(eval: Eval, scale: &EvalScale) -> f64 {
    let limit = scale.limit_cp.max(1);
    let k = CURVE_STEEPNESS / f64::from(limit);
    let cp = f64::from(eval.clamped_cp(limit));
    50.0 + 50.0 * (2.0 / (1.0 + (-k * cp).exp()) - 1.0)
}

/// The accuracy, 0 to 100, of a move that lowered its mover's chance to
/// win by `drop` points (out of 100): 100·2^(−drop / [`ACCURACY_HALVING`]).
/// A move that gives nothing away (a drop of 0 or less) is 100%.
pub fn accuracy_for_drop(drop: f64) -> f64 {
    100.0 * (-drop.max(0.0) / ACCURACY_HALVING).exp2()
}

/// A side's accuracy from its moves' (0 to 100 each): their geometric
/// mean, so one blunder among good moves weighs more than in a plain
/// average but does not sink the whole game. `None` without moves.
pub fn mean_accuracy(accuracies: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0u32);
    for a in accuracies {
        // Every move scores above 0 (the curve never reaches 0 or 100),
        // the floor only guards the logarithm.
        sum += a.max(0.01).ln();
        n += 1;
    }
    // Clamped: the logarithms' rounding must not make all-100 read 100.00…1.
    (n > 0).then(|| (sum / f64::from(n)).exp().clamp(0.0, 100.0))
}

/// A figure rounded to one decimal, as the JSON keeps accuracies.
fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The scale a game's analysis is judged on: the one its start is read
/// on (one scale for the whole game).
pub fn game_scale(game: &Game) -> EvalScale {
    game.position_at(0).map_or(EvalScale::PAWNS, |p| p.scale())
}

/// One analysed action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyAnalysis {
    /// 1 for the first action of the game.
    pub ply: usize,
    /// `white` or `black`: who acted.
    pub mover: String,
    /// FEN move number of the position the action was played in.
    pub fullmove: u32,
    /// The action in coordinate text.
    pub action: String,
    /// The action in SAN.
    pub san: String,
    /// Evaluation before the action (with the best play there), from the
    /// mover's side.
    pub before: Eval,
    /// Evaluation after the action, from the mover's side.
    pub after: Eval,
    /// The engine's choice there, in SAN (none for a roll).
    pub best: Option<String>,
    /// The engine's choice in coordinate text.
    pub best_action: Option<String>,
    /// Centipawns lost (clamped evaluations; 0 when the engine's choice was
    /// played); none for a roll.
    pub loss: Option<i32>,
    /// The mark the loss earns.
    pub mark: Option<Mark>,
    /// Depth the position before was searched to.
    pub depth: u32,
    /// The move's accuracy, 0 to 100 (see [`PlyAnalysis::accuracy_on`]),
    /// to one decimal; none for a roll, and absent from analyses stored
    /// before accuracy existed (readers work it out again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<f64>,
}

/// One side's totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideSummary {
    /// `white` or `black`.
    pub side: String,
    /// Decisions counted (rolls are not).
    pub moves: usize,
    /// Mean centipawns lost per decision.
    pub average_loss: f64,
    /// How many of each mark.
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The side's accuracy, 0 to 100 ([`mean_accuracy`] of its moves'), to
    /// one decimal; none without decisions, and absent from analyses
    /// stored before accuracy existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<f64>,
}

/// A whole game analysed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameAnalysis {
    /// The variant id.
    pub variant: String,
    /// Thinking time per position, in milliseconds.
    pub movetime_ms: u64,
    /// One per action, in order.
    pub plies: Vec<PlyAnalysis>,
    /// White's, then Black's.
    pub summary: [SideSummary; 2],
}

/// How much thinking the analysis does.
#[derive(Clone, Copy, Debug)]
pub struct AnalysisSettings {
    /// Per position.
    pub movetime: Duration,
    /// Deepest iteration per position.
    pub max_depth: u32,
    /// Positions searched at once (at least 1).
    pub threads: usize,
}

impl AnalysisSettings {
    /// `movetime` per position on every available core.
    pub fn new(movetime: Duration) -> AnalysisSettings {
        AnalysisSettings {
            movetime,
            max_depth: 64,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// The engine's view of one position.
#[derive(Clone, Copy, Debug)]
struct Valuation {
    /// For the side to act there.
    score: i32,
    best: Option<Action>,
    depth: u32,
}

/// A position of the game with what the search needs.
struct Node {
    position: AnyPosition,
    history: Vec<u64>,
    ended: Option<Outcome>,
}

/// Analyse every action of `game`. `progress(done, total)` is called as
/// positions are finished (from the analysing threads). Setting `stop`
/// ends the searches early (the rest is then shallow).
pub fn analyse_game(
    game: &Game,
    settings: &AnalysisSettings,
    stop: &AtomicBool,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> GameAnalysis {
    analyse_game_streaming(game, settings, stop, progress, &|_| {})
}

/// [`analyse_game`] that also hands each ply to `on_ply` as soon as both
/// of its positions are valued (from the analysing threads, in the order
/// they finish), so a screen can show the analysis while it grows.
pub fn analyse_game_streaming(
    game: &Game,
    settings: &AnalysisSettings,
    stop: &AtomicBool,
    progress: &(dyn Fn(usize, usize) + Sync),
    on_ply: &(dyn Fn(&PlyAnalysis) + Sync),
) -> GameAnalysis {
    let nodes = replay(game);
    let (actions, sans) = (game.actions(), game.sans());
    let ply_count = nodes
        .len()
        .saturating_sub(1)
        .min(actions.len())
        .min(sans.len());
    // One scale for the whole game: the one its start is read on.
    let scale = nodes
        .first()
        .map_or(EvalScale::PAWNS, |n| n.position.scale());
    let ply_at = |i: usize, values: [Valuation; 2]| {
        ply_analysis(i, &nodes[i..i + 2], values, actions[i], &sans[i], &scale)
    };
    let found = Mutex::new(vec![None; nodes.len()]);
    let on_value = |i: usize, v: Valuation| {
        // Under the lock each ply is completed by exactly one position.
        let ready: Vec<(usize, [Valuation; 2])> = match found.lock() {
            Ok(mut found) => {
                found[i] = Some(v);
                [i.checked_sub(1), Some(i)]
                    .into_iter()
                    .flatten()
                    .filter(|&k| k < ply_count)
                    .filter_map(|k| Some((k, [found[k]?, found[k + 1]?])))
                    .collect()
            }
            Err(_) => Vec::new(),
        };
        for (k, values) in ready {
            on_ply(&ply_at(k, values));
        }
    };
    value_positions(&nodes, settings, stop, progress, &on_value);
    let found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    let values: Vec<Valuation> = found
        .into_iter()
        .map(|v| {
            v.unwrap_or(Valuation {
                score: 0,
                best: None,
                depth: 0,
            })
        })
        .collect();
    let plies: Vec<PlyAnalysis> = (0..ply_count)
        .map(|i| ply_at(i, [values[i], values[i + 1]]))
        .collect();
    let summary = [Color::White, Color::Black].map(|c| side_summary(&plies, c, &scale));
    GameAnalysis {
        variant: game.variant().id.clone(),
        movetime_ms: settings.movetime.as_millis() as u64,
        plies,
        summary,
    }
}

/// An analysis made of the evaluations a file gave after every move
/// (PGN's `[%eval]`, White's view, one per ply), so that a game another
/// engine annotated shows its graph, marks and accuracy without a search.
/// The start counts as even; there is no best move and no depth, and
/// `movetime_ms` is 0, which tells it from a search. A move that ends the
/// game is valued by its result (files write nothing after a mate, or
/// `#0`). None unless every other ply has its evaluation, or when the
/// game has dice rolls (no file evaluates them).
pub fn analysis_from_evals(game: &Game, white_evals: &[Option<Eval>]) -> Option<GameAnalysis> {
    let nodes = replay(game);
    let (actions, sans) = (game.actions(), game.sans());
    if white_evals.len() != game.ply()
        || nodes.len() != game.ply() + 1
        || actions.iter().any(|a| matches!(a, Action::Roll(..)))
    {
        return None;
    }
    let scale = nodes
        .first()
        .map_or(EvalScale::PAWNS, |n| n.position.scale());
    let mut plies = Vec::with_capacity(game.ply());
    for (i, pair) in nodes.windows(2).enumerate() {
        let pos = &pair[0].position;
        let mover = pos.turn();
        let before_white = match i.checked_sub(1) {
            Some(k) => white_evals[k]?,
            None => Eval::Cp(0),
        };
        // A move that ends the game is worth its result, whatever the file
        // wrote after it (`#0`, or nothing a reader can trust).
        let after = match &pair[1].ended {
            Some(o) => Eval::from_score(outcome_score(o, mover, 0)),
            None => white_evals[i]?.for_white(mover),
        };
        let before = before_white.for_white(mover);
        let loss = (before.clamped_cp(scale.limit_cp) - after.clamped_cp(scale.limit_cp)).max(0);
        let mut ply = PlyAnalysis {
            ply: i + 1,
            mover: mover.name().to_ascii_lowercase(),
            fullmove: pos.fullmoves(),
            action: actions.get(i)?.to_string(),
            san: sans.get(i)?.clone(),
            before,
            after,
            best: None,
            best_action: None,
            loss: Some(loss),
            mark: Mark::for_loss_on(loss, &scale),
            depth: 0,
            accuracy: None,
        };
        ply.accuracy = ply.accuracy_on(&scale).map(tenths);
        plies.push(ply);
    }
    let summary = [Color::White, Color::Black].map(|c| side_summary(&plies, c, &scale));
    Some(GameAnalysis {
        variant: game.variant().id.clone(),
        movetime_ms: 0,
        plies,
        summary,
    })
}

/// Every position of the game from its start, with the repetition history
/// and the game-level ending (a declared resignation is left out: it is no
/// position's value).
fn replay(game: &Game) -> Vec<Node> {
    let mut g = game.clone();
    g.truncate(0);
    let mut history = Vec::new();
    let mut nodes = Vec::with_capacity(game.ply() + 1);
    for i in 0..=game.ply() {
        let position = g.position().clone();
        nodes.push(Node {
            position: position.clone(),
            history: history.clone(),
            ended: g.outcome(),
        });
        let Some(action) = game.actions().get(i) else {
            break;
        };
        if g.play(*action).is_err() {
            break;
        }
        if let Some(k) = position.repetition_key() {
            history.push(k);
        }
    }
    nodes
}

/// Search every position, `settings.threads` at a time, handing each
/// value to `on_value` as it is found.
fn value_positions(
    nodes: &[Node],
    settings: &AnalysisSettings,
    stop: &AtomicBool,
    progress: &(dyn Fn(usize, usize) + Sync),
    on_value: &(dyn Fn(usize, Valuation) + Sync),
) {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let limits = Limits {
        max_depth: settings.max_depth.max(1),
        movetime: Some(settings.movetime),
        soft_share: 0.5,
        ..Limits::depth(1)
    };
    let threads = settings.threads.clamp(1, nodes.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut table = Table::new(TABLE_MB);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(node) = nodes.get(i) else { break };
                    on_value(i, value_of(node, &limits, stop, &mut table, FORCED_HOPS));
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, nodes.len());
                }
            });
        }
    });
}

/// The engine's value of `node`: its result when it is over, the value of
/// the position after its only action when it has one (up to `hops` in a
/// row), else a search.
fn value_of(
    node: &Node,
    limits: &Limits,
    stop: &AtomicBool,
    table: &mut Table,
    hops: u32,
) -> Valuation {
    let pos = &node.position;
    if let Some(o) = node.ended {
        return Valuation {
            score: outcome_score(&o, pos.turn(), 0),
            best: None,
            depth: 0,
        };
    }
    if let Some((only, child)) = forced_child(node).filter(|_| hops > 0) {
        let after = value_of(&child, limits, stop, table, hops - 1);
        let score = if child.position.turn() == pos.turn() {
            after.score
        } else {
            -after.score
        };
        return Valuation {
            score: one_ply_further(score),
            best: Some(only),
            depth: after.depth + 1,
        };
    }
    let r = motley_rules::dispatch!(pos, p => search::search_with(
        p,
        &node.history,
        limits,
        stop,
        Some(table),
        &mut |_| {}
    ));
    Valuation {
        score: r.score,
        best: r.best,
        depth: r.depth,
    }
}

/// The only legal action of `node` (not a roll of the dice) and the
/// position after it, when it has exactly one.
fn forced_child(node: &Node) -> Option<(Action, Node)> {
    let pos = &node.position;
    if pos.is_chance() {
        return None;
    }
    let mut legal = Vec::new();
    pos.legal_actions(&mut legal);
    let [only] = legal[..] else {
        return None;
    };
    let mut position = pos.clone();
    position.play_unchecked(only);
    let mut history = node.history.clone();
    history.extend(pos.repetition_key());
    let ended = position.outcome();
    Some((
        only,
        Node {
            position,
            history,
            ended,
        },
    ))
}

/// A score one ply earlier: a forced result is one ply further away.
fn one_ply_further(score: i32) -> i32 {
    match score {
        s if s > MATE_BOUND => s - 1,
        s if s < -MATE_BOUND => s + 1,
        s => s,
    }
}

/// The analysis of the `i`-th action, played between the two positions of
/// `pair` (valued `values`), judged on `scale`.
fn ply_analysis(
    i: usize,
    pair: &[Node],
    values: [Valuation; 2],
    action: Action,
    san: &str,
    scale: &EvalScale,
) -> PlyAnalysis {
    let (pos, next) = (&pair[0].position, &pair[1].position);
    let mover = pos.turn();
    let after_score = if next.turn() == mover {
        values[1].score
    } else {
        -values[1].score
    };
    let (before, after) = (
        Eval::from_score(values[0].score),
        Eval::from_score(after_score),
    );
    let decision = !matches!(action, Action::Roll(..));
    let best = values[0].best.filter(|_| decision);
    let loss = decision.then(|| {
        if best == Some(action) {
            0
        } else {
            (before.clamped_cp(scale.limit_cp) - after.clamped_cp(scale.limit_cp)).max(0)
        }
    });
    let mut legal = Vec::new();
    pos.legal_actions(&mut legal);
    let mut ply = PlyAnalysis {
        ply: i + 1,
        mover: mover.name().to_ascii_lowercase(),
        fullmove: pos.fullmoves(),
        action: action.to_string(),
        san: san.to_string(),
        before,
        after,
        best: best.map(|b| san_of(pos, &b, &legal)),
        best_action: best.map(|b| b.to_string()),
        loss,
        mark: loss.and_then(|l| Mark::for_loss_on(l, scale)),
        depth: values[0].depth,
        accuracy: None,
    };
    ply.accuracy = ply.accuracy_on(scale).map(tenths);
    ply
}

/// The accuracy of `side`'s moves among `plies` (see [`mean_accuracy`]),
/// worked out from their evaluations on `scale`.
pub fn side_accuracy<'a>(
    plies: impl IntoIterator<Item = &'a PlyAnalysis>,
    side: Color,
    scale: &EvalScale,
) -> Option<f64> {
    mean_accuracy(
        plies
            .into_iter()
            .filter(|p| p.mover_color() == side)
            .filter_map(|p| p.accuracy_on(scale)),
    )
}

fn side_summary(plies: &[PlyAnalysis], side: Color, scale: &EvalScale) -> SideSummary {
    let name = side.name().to_ascii_lowercase();
    let mine: Vec<&PlyAnalysis> = plies
        .iter()
        .filter(|p| p.mover == name && p.loss.is_some())
        .collect();
    let total: i64 = mine.iter().filter_map(|p| p.loss).map(i64::from).sum();
    let count = |m: Mark| mine.iter().filter(|p| p.mark == Some(m)).count();
    SideSummary {
        side: name,
        moves: mine.len(),
        average_loss: if mine.is_empty() {
            0.0
        } else {
            total as f64 / mine.len() as f64
        },
        inaccuracies: count(Mark::Inaccuracy),
        mistakes: count(Mark::Mistake),
        blunders: count(Mark::Blunder),
        accuracy: side_accuracy(plies, side, scale).map(tenths),
    }
}

impl PlyAnalysis {
    /// The move's accuracy on `scale`: from the drop in its mover's
    /// [`win_chance`] between the evaluations before and after it
    /// ([`accuracy_for_drop`]); 100 when it lost nothing (the engine's
    /// choice, or no loss on the clamped evaluations, as for the marks).
    /// None for a roll.
    pub fn accuracy_on(&self, scale: &EvalScale) -> Option<f64> {
        let loss = self.loss?;
        if loss <= 0 {
            return Some(100.0);
        }
        let drop = win_chance(self.before, scale) - win_chance(self.after, scale);
        Some(accuracy_for_drop(drop))
    }

    /// Who acted, as a colour.
    pub fn mover_color(&self) -> Color {
        if self.mover == "black" {
            Color::Black
        } else {
            Color::White
        }
    }
}

impl GameAnalysis {
    /// This analysis is of `game` as it stands: the same variant and the
    /// same actions ply by ply. A stored analysis of a record whose moves
    /// changed since is stale and must not be shown.
    pub fn matches(&self, game: &Game) -> bool {
        self.variant == game.variant().id
            && self.plies.len() == game.ply()
            && self
                .plies
                .iter()
                .zip(game.actions())
                .enumerate()
                .all(|(i, (p, a))| p.ply == i + 1 && p.action == a.to_string())
    }

    /// The analysis as text: one line per ply (with the move's accuracy),
    /// then one per side, losses told in `scale`'s unit ([`game_scale`]
    /// of the game analysed).
    pub fn to_text(&self, scale: &EvalScale) -> String {
        let mut out = String::new();
        out.push_str(&format!(
            "{:>4}  {:<16} {:>7} {:>7}  {:<12} {:>4}  mark\n",
            "ply", "move", "before", "after", "best", "acc"
        ));
        for p in &self.plies {
            let dots = if p.mover == "white" { "." } else { "..." };
            let label = format!("{}{dots} {}", p.fullmove, p.san);
            let accuracy = p
                .accuracy_on(scale)
                .map_or("-".to_string(), |a| format!("{a:.0}%"));
            out.push_str(&format!(
                "{:>4}  {:<16} {:>7} {:>7}  {:<12} {:>4}  {}\n",
                p.ply,
                label,
                p.before.to_string(),
                p.after.to_string(),
                p.best.as_deref().unwrap_or("-"),
                accuracy,
                p.mark.map_or("", Mark::symbol)
            ));
        }
        for (s, side) in self.summary.iter().zip([Color::White, Color::Black]) {
            let accuracy = side_accuracy(&self.plies, side, scale)
                .map_or("-".to_string(), |a| format!("{a:.1}%"));
            out.push_str(&format!(
                "{}: average loss {} over {} moves; accuracy {accuracy}; inaccuracies ?! {}, mistakes ? {}, blunders ?? {}\n",
                s.side,
                in_units(s.average_loss, scale),
                s.moves,
                s.inaccuracies,
                s.mistakes,
                s.blunders
            ));
        }
        out
    }
}

/// Centipawns told in `scale`'s unit, to two decimals: `0.35 pawns`,
/// `2.93 points`.
pub fn in_units(cp: f64, scale: &EvalScale) -> String {
    let units = cp / f64::from(scale.unit_cp.max(1));
    format!("{units:.2} {}s", scale.unit)
}
