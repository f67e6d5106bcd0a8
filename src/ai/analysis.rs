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

use crate::ai::eval::{EvalScale, Evaluate};
use crate::ai::search::{self, mate_in_plies, outcome_score, Limits};
use crate::ai::tt::Table;
use crate::core::{Action, Color};
use crate::game::Game;
use crate::rules::{san_of, AnyPosition, Outcome, Position};
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

/// One analysed action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    let summary = [Color::White, Color::Black].map(|c| side_summary(&plies, c));
    GameAnalysis {
        variant: game.variant().id.clone(),
        movetime_ms: settings.movetime.as_millis() as u64,
        plies,
        summary,
    }
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
                    on_value(i, value_of(node, &limits, stop, &mut table));
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, nodes.len());
                }
            });
        }
    });
}

fn value_of(node: &Node, limits: &Limits, stop: &AtomicBool, table: &mut Table) -> Valuation {
    let pos = &node.position;
    if let Some(o) = node.ended {
        return Valuation {
            score: outcome_score(&o, pos.turn(), 0),
            best: None,
            depth: 0,
        };
    }
    let r = crate::dispatch!(pos, p => search::search_with(
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
    PlyAnalysis {
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
    }
}

fn side_summary(plies: &[PlyAnalysis], side: Color) -> SideSummary {
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
    }
}

impl PlyAnalysis {
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

    /// The analysis as text: one line per ply, then one per side.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!(
            "{:>4}  {:<16} {:>7} {:>7}  {:<12} mark\n",
            "ply", "move", "before", "after", "best"
        ));
        for p in &self.plies {
            let dots = if p.mover == "white" { "." } else { "..." };
            let label = format!("{}{dots} {}", p.fullmove, p.san);
            out.push_str(&format!(
                "{:>4}  {:<16} {:>7} {:>7}  {:<12} {}\n",
                p.ply,
                label,
                p.before.to_string(),
                p.after.to_string(),
                p.best.as_deref().unwrap_or("-"),
                p.mark.map_or("", Mark::symbol)
            ));
        }
        for s in &self.summary {
            out.push_str(&format!(
                "{}: average loss {:.0} cp over {} moves; inaccuracies ?! {}, mistakes ? {}, blunders ?? {}\n",
                s.side, s.average_loss, s.moves, s.inaccuracies, s.mistakes, s.blunders
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::search::MATE;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::for_loss(INACCURACY_CP - 1), None);
        assert_eq!(Mark::for_loss(INACCURACY_CP), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(MISTAKE_CP), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(BLUNDER_CP), Some(Mark::Blunder));
    }

    #[test]
    fn evaluations_read_as_pawns_mates_and_results() {
        assert_eq!(Eval::from_score(35).to_string(), "+0.35");
        assert_eq!(Eval::from_score(-120).to_string(), "-1.20");
        assert_eq!(Eval::from_score(MATE - 3).to_string(), "#2");
        assert_eq!(Eval::from_score(-(MATE - 1)).to_string(), "#-1");
        assert_eq!(Eval::from_score(MATE), Eval::Won);
        assert_eq!(Eval::from_score(-MATE), Eval::Lost);
        // A won game kept won loses nothing; a won game thrown away loses all.
        let limit = LOSS_CLAMP_CP;
        assert_eq!(
            Eval::Mate(3).clamped_cp(limit),
            Eval::Mate(5).clamped_cp(limit)
        );
        assert_eq!(Eval::Cp(5000).clamped_cp(limit), LOSS_CLAMP_CP);
    }

    #[test]
    fn analysis_is_serde_data() {
        let p = PlyAnalysis {
            ply: 1,
            mover: "white".into(),
            fullmove: 1,
            action: "e2e4".into(),
            san: "e4".into(),
            before: Eval::Cp(20),
            after: Eval::Mate(-2),
            best: Some("d4".into()),
            best_action: Some("d2d4".into()),
            loss: Some(1020),
            mark: Some(Mark::Blunder),
            depth: 7,
        };
        let json = serde_json::to_string(&p).unwrap();
        assert!(json.contains(r#""before":{"cp":20}"#), "{json}");
        assert!(json.contains(r#""after":{"mate":-2}"#), "{json}");
        assert!(json.contains(r#""mark":"??""#), "{json}");
        assert_eq!(serde_json::from_str::<PlyAnalysis>(&json).unwrap(), p);
    }
}
