//! Iterative-deepening negamax alpha-beta (principal-variation search),
//! generic over [`Evaluate`] (the rules plus the family's evaluation) so it
//! runs on the concrete family type.
//!
//! Sides do not always alternate (Dice-Money: purchase, main move and extra
//! moves are one side's consecutive actions), so a child's score is negated
//! only when the side to act changes between parent and child. Chance nodes
//! (`Position::is_chance`) are averaged over their weighted outcomes
//! (expectimax); a roll costs two plies of depth so dice games stay
//! searchable in time, while a purchase costs none (it only announces the
//! extra moves or king power that follow in the same turn).

use super::eval::{Evaluate, EVAL_LIMIT};
use super::ordering::{self, is_noisy, pick, Ordering, MAX_PLY};
use super::tt::{Bound, Entry, Table};
use motley_rules::core::Action;
use motley_rules::{AnyPosition, EndReason, Outcome};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::{Duration, Instant};

/// Larger than any score.
pub const INF: i32 = 32_000;
/// Score of winning now; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores beyond this are forced wins or losses.
pub const MATE_BOUND: i32 = 30_000;
/// Quiescence plies before the static evaluation is trusted regardless.
const QS_MAX: usize = 10;
/// Quiescence plies in which compulsory captures are all searched (beyond,
/// the evaluation is trusted: Chicken's flips keep creating captures).
const QS_FORCED_PLIES: usize = 4;
/// Quiescence plies in which check evasions are searched.
const QS_CHECK_PLIES: usize = 3;
/// Depth a chance node (dice roll) costs.
const CHANCE_COST: i32 = 2;

/// Deepest remaining depth at which a static evaluation far enough above
/// beta cuts a node (reverse futility).
const STATIC_CUT_DEPTH: i32 = 6;
/// Centipawns per ply of remaining depth the static evaluation must exceed
/// beta by for that cut.
const STATIC_CUT_MARGIN: i32 = 85;
/// Deepest remaining depth at which quiet actions are pruned: those that
/// cannot lift a static evaluation near alpha (futility) and those late in
/// the order (late-move pruning).
const LATE_PRUNE_DEPTH: i32 = 3;
/// Centipawns of futility margin: base plus this per ply of depth.
const FUTILITY_MARGIN: i32 = 100;

/// Plies a null move's search is reduced by, beyond the pass itself.
#[inline]
fn null_reduction(depth: i32) -> i32 {
    3 + depth / 4
}

/// Should a quiet action (not giving check), the `tried`-th quiet one so
/// far, be skipped at a non-PV node whose static evaluation is `eval`?
#[inline]
fn prune_late(eval: i32, depth: i32, alpha: i32, tried: i32) -> bool {
    depth <= LATE_PRUNE_DEPTH
        && (eval + FUTILITY_MARGIN * (depth + 1) <= alpha || tried >= 3 + 2 * depth * depth)
}

/// Plies to reduce the `index`-th action (a quiet one) of a node with
/// `depth` left. Families that trust their evaluation
/// ([`Evaluate::ZUGZWANG_RARE`]) reduce by a logarithmic table, less at PV
/// nodes and for killers; the others keep the gentle rule they were tuned
/// with.
#[inline]
fn reduction<P: Evaluate>(depth: i32, index: usize, pv_node: bool, killer: bool) -> i32 {
    if depth < 3 || index < 2 {
        return 0;
    }
    if !P::ZUGZWANG_RARE {
        return if index >= 3 && !killer {
            1 + i32::from(index >= 8 && depth >= 6)
        } else {
            0
        };
    }
    let r = 0.75 + (depth as f64).ln() * (index as f64).ln() / 2.25;
    let r = r as i32 - i32::from(pv_node) - i32::from(killer);
    r.clamp(0, depth - 2)
}

/// Iterations from which the root is searched in an aspiration window.
const ASPIRATION_DEPTH: i32 = 4;
/// Half-width of the first aspiration window, in centipawns.
const ASPIRATION_WINDOW: i32 = 40;
/// Beyond this half-width a failing side of the window opens fully.
const ASPIRATION_LIMIT: i32 = 400;

/// When iterative deepening stops starting new iterations: after the soft
/// share of the time, stretched while the best action keeps changing or
/// the score falls (the search is finding something), shrunk while it
/// stays put — never past the hard limit.
struct TimeUse {
    soft: Option<Duration>,
    hard: Option<Duration>,
    best: Option<Action>,
    score: i32,
    /// Completed iterations in a row with the same best action.
    stable: u32,
    /// Factor on the soft time.
    stretch: f64,
}

impl TimeUse {
    fn new(soft: Option<Duration>, hard: Option<Duration>) -> TimeUse {
        TimeUse {
            soft,
            hard,
            best: None,
            score: 0,
            stable: 0,
            stretch: 1.0,
        }
    }

    /// Take in a completed iteration.
    fn completed(&mut self, depth: u32, best: Option<Action>, score: i32) {
        if best == self.best {
            self.stable += 1;
        } else {
            self.stable = 0;
        }
        let falling = depth > 1 && score < self.score - 30;
        self.best = best;
        self.score = score;
        if depth < 5 {
            return;
        }
        self.stretch = match self.stable {
            0 => 1.8,
            1 => 1.3,
            2 | 3 => 1.0,
            _ => 0.7,
        };
        if falling {
            self.stretch = self.stretch.max(1.5);
        }
    }

    /// Should no new iteration start at `elapsed`?
    fn out_of_time(&self, elapsed: Duration) -> bool {
        let Some(soft) = self.soft else {
            return false;
        };
        let mut limit = soft.mul_f64(self.stretch);
        if let Some(hard) = self.hard {
            limit = limit.min(hard);
        }
        elapsed >= limit
    }
}

/// What a search may do.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deepest iteration, in plies (single actions).
    pub max_depth: u32,
    /// Hard time budget; `None` searches to `max_depth` whatever it takes.
    pub movetime: Option<Duration>,
    /// Use the transposition table (off only to test that it changes nothing).
    pub use_tt: bool,
    /// Transposition table size in MB.
    pub tt_mb: usize,
    /// Root scores get uniform noise in `[-noise, noise]` centipawns (weak
    /// levels); with noise every root action is searched with a full window.
    pub noise: i32,
    /// Seed of the noise.
    pub seed: u64,
    /// How much the searching side dislikes a draw, in centipawns (so it
    /// plays on in level positions instead of repeating).
    pub contempt: i32,
    /// Fraction of `movetime` after which no new iteration starts.
    pub soft_share: f64,
    /// Stop after about this many nodes (checked every 1024 nodes); `None`
    /// has no node limit. UCI's `go nodes`.
    pub nodes: Option<u64>,
    /// How many best root actions each iteration ranks exactly (UCI's
    /// MultiPV); 1 searches only the best, as players do.
    pub multipv: usize,
}

impl Limits {
    /// Search exactly to `depth`, no clock (tests and analysis).
    pub fn depth(depth: u32) -> Limits {
        Limits {
            max_depth: depth,
            movetime: None,
            use_tt: true,
            tt_mb: 8,
            noise: 0,
            seed: 0,
            contempt: 0,
            soft_share: 0.45,
            nodes: None,
            multipv: 1,
        }
    }
}

/// One ranked root action of a completed iteration, with the line the
/// search expects to follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Score in centipawns for the side to act at the root (mates near
    /// ±[`MATE`]).
    pub score: i32,
    /// The root action first, then the expected replies (from the
    /// transposition table; it ends at a chance node, an ended game or
    /// where the table forgot).
    pub pv: Vec<Action>,
}

impl Line {
    /// Plies to a forced win (positive) or loss (negative), if the score is one.
    pub fn mate_in_plies(&self) -> Option<i32> {
        mate_in_plies(self.score)
    }
}

/// What an iteration of iterative deepening found, reported as soon as it
/// completes so a front end (UCI `info` lines, a thinking display) can
/// show the search's progress.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// The depth just completed.
    pub depth: u32,
    /// The deepest ply any line of this iteration reached (quiescence too).
    pub seldepth: u32,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The best root actions, best first ([`Limits::multipv`] of them, or
    /// fewer when there are fewer legal actions). Empty at a chance root.
    pub lines: Vec<Line>,
    /// The value at a chance root (expectimax over the dice); otherwise the
    /// score of the first line.
    pub score: i32,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The action to play (`None` only when there is no legal action).
    pub best: Option<Action>,
    /// Its score in centipawns for the side to act (mates near ±[`MATE`]).
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes visited (including quiescence and chance nodes).
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Deepest ply reached in the last completed iteration.
    pub seldepth: u32,
    /// The ranked root lines of the last completed iteration.
    pub lines: Vec<Line>,
    /// The line of `best` with its score: the first of `lines`, unless an
    /// iteration the search had no time to finish found a better action
    /// (then that action's line as far as it was searched). A front end
    /// repeats it last, so the final line shown is the move played.
    pub line: Option<Line>,
}

impl Report {
    /// Plies to a forced win (positive) or loss (negative), if the score is one.
    pub fn mate_in_plies(&self) -> Option<i32> {
        mate_in_plies(self.score)
    }
}

/// Plies to a forced win (positive) or loss (negative) that `score` means,
/// if it is a mate score.
pub fn mate_in_plies(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(MATE - score)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// Score an ended game for `side` (the side to act there), `ply` plies from
/// the root: quicker wins and slower losses are better.
#[inline]
pub fn outcome_score(o: &Outcome, side: motley_rules::core::Color, ply: usize) -> i32 {
    match o.winner {
        Some(w) if w == side => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
        None => 0,
    }
}

#[inline]
fn static_eval<P: Evaluate>(pos: &P) -> i32 {
    pos.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Search `pos` and return the best action. `history` holds the repetition
/// keys of the game's earlier positions (oldest first).
pub fn search<P: Evaluate>(pos: &P, history: &[u64], limits: &Limits, stop: &AtomicBool) -> Report {
    let mut table = limits.use_tt.then(|| Table::new(limits.tt_mb));
    search_with(pos, history, limits, stop, table.as_mut(), &mut |_| {})
}

/// [`search`] of whichever family `pos` is, on its concrete type: the
/// search is compiled here, in the engine crate at its optimisation, not
/// in the caller's crate.
pub fn search_any(
    pos: &AnyPosition,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
) -> Report {
    motley_rules::dispatch!(pos, p => search(p, history, limits, stop))
}

/// [`search_with`] of whichever family `pos` is, compiled here for the
/// same reason as [`search_any`].
pub fn search_any_with(
    pos: &AnyPosition,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    tt: Option<&mut Table>,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> Report {
    motley_rules::dispatch!(pos, p => search_with(p, history, limits, stop, tt, on_iteration))
}

/// [`search`] with a transposition table the caller keeps between searches
/// (a UCI engine's `Hash`; `None` searches without one, ignoring
/// [`Limits::use_tt`] and [`Limits::tt_mb`]) and a callback that receives
/// every completed iteration. At a chance node the result is the
/// expectimax value over the dice, with no best action.
pub fn search_with<P: Evaluate>(
    pos: &P,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    tt: Option<&mut Table>,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> Report {
    let start = Instant::now();
    let mut s = Searcher::new(pos, history, limits, start, stop, tt);
    let mut report = Report {
        best: None,
        score: 0,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        seldepth: 0,
        lines: Vec::new(),
        line: None,
    };
    let soft = limits
        .movetime
        .map(|t| t.mul_f64(limits.soft_share.clamp(0.0, 1.0)));
    if pos.is_chance() {
        s.search_chance_root(pos, limits, soft, start, &mut report, on_iteration);
        report.nodes = s.nodes;
        report.elapsed = start.elapsed();
        return report;
    }
    let mut legal = Vec::with_capacity(64);
    pos.legal_actions(&mut legal);
    if legal.is_empty() {
        return report;
    }
    let mut root = root_actions(pos, &legal, limits, &s.ordering);
    root.sort_by_key(|r| std::cmp::Reverse(r.2));
    report.best = Some(root[0].0);
    let lines_wanted = limits.multipv.clamp(1, root.len());
    let mut clock = TimeUse::new(soft, limits.movetime);
    for depth in 1..=limits.max_depth.max(1) {
        s.root_depth = depth as i32;
        s.seldepth = 0;
        let guess = (depth > 1 && lines_wanted == 1).then_some(report.score);
        let found = s.root(
            pos,
            &mut root,
            depth as i32,
            limits.noise > 0,
            lines_wanted,
            guess,
        );
        s.take_found(pos, &found, depth, &mut report);
        if s.aborted {
            break;
        }
        on_iteration(&Iteration {
            depth,
            seldepth: report.seldepth,
            nodes: s.nodes,
            elapsed: start.elapsed(),
            lines: report.lines.clone(),
            score: report.score,
        });
        s.ordering.age();
        if report.score.abs() > MATE_BOUND && MATE - report.score.abs() <= depth as i32 {
            // A forced result within the horizon: deeper search cannot change it.
            break;
        }
        if root.len() == 1 && limits.movetime.is_some() {
            // The only legal action: nothing to think about on a clock.
            break;
        }
        clock.completed(depth, report.best, report.score);
        if clock.out_of_time(start.elapsed()) {
            break;
        }
    }
    report.nodes = s.nodes;
    report.elapsed = start.elapsed();
    report
}

/// What a node of the search knows before its actions are searched.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    ply: usize,
    hash: u64,
    /// Its repetition key, when positions can repeat.
    key: Option<u64>,
    in_check: bool,
    pv_node: bool,
    /// The static evaluation, where the family trusts it for pruning.
    eval: Option<i32>,
    /// The table's best action, tried first.
    tt_move: Option<Action>,
}

/// How the rules end the game at `pos` (whose legal actions are `moves`),
/// the quiet-move limit included; `None` while it goes on.
fn ended_by_rules<P: Evaluate>(pos: &P, moves: &[Action]) -> Option<Outcome> {
    pos.outcome_given(moves).or_else(|| pos.quiet_rule_end())
}

/// The root's actions with the noise each gets for the whole search (the
/// level's randomness, seeded by the position) and their first ordering
/// score: `(action, noise, order)`.
fn root_actions<P: Evaluate>(
    pos: &P,
    legal: &[Action],
    limits: &Limits,
    ordering: &Ordering,
) -> Vec<(Action, i32, i32)> {
    let mut scores = Vec::new();
    ordering.score(pos, legal, None, 0, &mut scores);
    let mut rng = ChaCha8Rng::seed_from_u64(limits.seed ^ pos.hash());
    legal
        .iter()
        .zip(&scores)
        .map(|(a, o)| {
            let noise = if limits.noise > 0 {
                (rng.next_u32() % (2 * limits.noise as u32 + 1)) as i32 - limits.noise
            } else {
                0
            };
            (*a, noise, *o)
        })
        .collect()
}

struct Searcher<'a> {
    tt: Option<&'a mut Table>,
    ordering: Ordering,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    node_limit: u64,
    nodes: u64,
    /// Deepest ply reached in the current iteration.
    seldepth: usize,
    aborted: bool,
    /// Repetition keys of the game history and the current search path.
    keys: Vec<u64>,
    move_bufs: Vec<Vec<Action>>,
    score_bufs: Vec<Vec<i32>>,
    root_depth: i32,
    root_side: motley_rules::core::Color,
    contempt: i32,
    /// Per ply: was the action there a pass (null move)?
    passes: Vec<bool>,
    /// Per ply: the line the search found from there at a PV node (the
    /// triangular PV), so a reported line does not depend on the table
    /// keeping every entry along it.
    pv: Vec<Vec<Action>>,
    /// The line of the best root action of the current iteration so far.
    root_pv: Vec<Action>,
}

impl<'a> Searcher<'a> {
    /// A searcher for one search from `pos`, with the repetition keys of
    /// the positions before it.
    fn new<P: Evaluate>(
        pos: &P,
        history: &[u64],
        limits: &Limits,
        start: Instant,
        stop: &'a AtomicBool,
        tt: Option<&'a mut Table>,
    ) -> Self {
        Searcher {
            tt,
            ordering: Ordering::default(),
            stop,
            // A time too long for the clock to add is no limit.
            deadline: limits.movetime.and_then(|t| start.checked_add(t)),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            keys: history.to_vec(),
            move_bufs: Vec::new(),
            score_bufs: Vec::new(),
            root_depth: 1,
            root_side: pos.turn(),
            contempt: limits.contempt,
            passes: Vec::new(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            root_pv: Vec::new(),
        }
    }
}

impl Searcher<'_> {
    /// Score of an ended game for `side`; draws carry the contempt.
    #[inline]
    fn ended(&self, o: &Outcome, side: motley_rules::core::Color, ply: usize) -> i32 {
        if o.winner.is_none() && self.contempt != 0 {
            if side == self.root_side {
                -self.contempt
            } else {
                self.contempt
            }
        } else {
            outcome_score(o, side, ply)
        }
    }

    /// Count a node; true when the search must unwind (stop or time).
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        // The node budget is exact (weak levels' budgets are a few hundred
        // nodes); the clock and the stop flag are read every 1024 nodes.
        if !self.aborted
            && (self.nodes >= self.node_limit
                || (self.nodes.is_multiple_of(1024)
                    && (self.stop.load(AtomicOrdering::Relaxed)
                        || self.deadline.is_some_and(|d| Instant::now() >= d))))
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn take_buffers(&mut self, ply: usize) -> (Vec<Action>, Vec<i32>) {
        while self.move_bufs.len() <= ply {
            self.move_bufs.push(Vec::with_capacity(64));
            self.score_bufs.push(Vec::with_capacity(64));
        }
        let mut m = std::mem::take(&mut self.move_bufs[ply]);
        let mut s = std::mem::take(&mut self.score_bufs[ply]);
        m.clear();
        s.clear();
        (m, s)
    }

    fn give_buffers(&mut self, ply: usize, m: Vec<Action>, s: Vec<i32>) {
        self.move_bufs[ply] = m;
        self.score_bufs[ply] = s;
    }

    /// Has `key` occurred since the last irreversible action (game history
    /// or search path)? One earlier occurrence is enough inside the search.
    fn repeated(&self, key: u64, window: u32) -> bool {
        self.keys
            .iter()
            .rev()
            .take(window as usize)
            .any(|&k| k == key)
    }

    /// The line at `ply` becomes `action` followed by the line just found
    /// from the position after it.
    fn extend_pv(&mut self, ply: usize, action: Action) {
        if ply + 1 >= self.pv.len() {
            return;
        }
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(action);
        line.extend_from_slice(&below[0]);
    }

    /// Value of `child` for the parent's side: negated only if the side to
    /// act changed.
    #[inline]
    fn child<P: Evaluate>(
        &mut self,
        child: &P,
        same_side: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if same_side {
            self.negamax(child, depth, alpha, beta, ply)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply)
        }
    }

    /// One iteration at the root: ranks the best `lines` root actions
    /// (each searched exactly, best moved to the front for the next
    /// iteration). Returns them best first, each with the line the search
    /// found after it; when aborted, the first line may hold a best action
    /// found part way (as before MultiPV existed).
    fn root<P: Evaluate>(
        &mut self,
        pos: &P,
        root: &mut [(Action, i32, i32)],
        depth: i32,
        noisy: bool,
        lines: usize,
        guess: Option<i32>,
    ) -> Vec<(Action, i32, Vec<Action>)> {
        self.nodes += 1;
        let pushed = pos.repetition_key().map(|k| self.keys.push(k)).is_some();
        let mut found = Vec::with_capacity(lines);
        for first in 0..lines.min(root.len()) {
            let best = if first == 0 {
                self.aspirated_root(pos, root, depth, noisy, guess)
            } else {
                self.root_line(pos, &root[first..], depth, noisy, (-INF, INF))
            };
            let Some((i, v)) = best else { break };
            if self.aborted && first > 0 {
                break;
            }
            // The best action of this line goes first among the rest.
            root[first..=first + i].rotate_right(1);
            let a = root[first].0;
            let line = if self.root_pv.first() == Some(&a) {
                self.root_pv.clone()
            } else {
                vec![a]
            };
            found.push((a, v, line));
            if first == 0 && !self.aborted {
                if let Some(tt) = &mut self.tt {
                    tt.store(Entry {
                        key: pos.hash(),
                        best: Some(a),
                        score: to_tt(v, 0),
                        depth: depth as i16,
                        bound: Bound::Exact,
                    });
                }
            }
            if self.aborted {
                break;
            }
        }
        if pushed {
            self.keys.pop();
        }
        found
    }

    /// The best of `root` (index and score) within `window`, searching the
    /// first action with the window and the rest with null windows (full
    /// windows with noise). Stops at the first score at or above the
    /// window's top (a fail high); when nothing rises above its bottom,
    /// the first action is kept with its score (a fail low).
    fn root_line<P: Evaluate>(
        &mut self,
        pos: &P,
        root: &[(Action, i32, i32)],
        depth: i32,
        noisy: bool,
        window: (i32, i32),
    ) -> Option<(usize, i32)> {
        let turn = pos.turn();
        let (mut alpha, beta) = window;
        let mut best: Option<(usize, i32)> = None;
        for (i, &(a, noise, _)) in root.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let same = child.turn() == turn;
            let ext = i32::from(child.in_check(child.turn()) || matches!(a, Action::Buy(_)));
            let d = depth - 1 + ext;
            let v = if noisy {
                // A forced result is exact: noise only tells near-equal
                // moves apart.
                let v = self.child(&child, same, d, -INF, INF, 1);
                if v.abs() > MATE_BOUND {
                    v
                } else {
                    v + noise
                }
            } else if i == 0 {
                self.child(&child, same, d, alpha, beta, 1)
            } else {
                let v = self.child(&child, same, d, alpha, alpha + 1, 1);
                if v > alpha && !self.aborted {
                    self.child(&child, same, d, alpha, beta, 1)
                } else {
                    v
                }
            };
            if self.aborted {
                break;
            }
            let better = best.is_none_or(|(_, b)| v > b && (noisy || v > alpha));
            if better {
                best = Some((i, v));
                self.extend_pv(0, a);
                self.root_pv.clone_from(&self.pv[0]);
                alpha = alpha.max(v);
                if v >= beta && !noisy {
                    break;
                }
            }
        }
        best
    }

    /// The best root action of an iteration, searched in a narrow window
    /// around `guess` (the last iteration's score) that widens on each
    /// failure: most iterations land inside it and cost less. Without a
    /// guess (early iterations, noise, mate scores) the window is full.
    fn aspirated_root<P: Evaluate>(
        &mut self,
        pos: &P,
        root: &mut [(Action, i32, i32)],
        depth: i32,
        noisy: bool,
        guess: Option<i32>,
    ) -> Option<(usize, i32)> {
        let guess = guess.filter(|g| !noisy && depth >= ASPIRATION_DEPTH && g.abs() < MATE_BOUND);
        let Some(guess) = guess else {
            return self.root_line(pos, root, depth, noisy, (-INF, INF));
        };
        let mut delta = ASPIRATION_WINDOW;
        let (mut low, mut high) = (guess - delta, guess + delta);
        let mut last = None;
        loop {
            let found = self.root_line(pos, root, depth, false, (low, high));
            let Some((i, v)) = found else {
                // Stopped before the first action finished: what the last
                // window showed.
                return last;
            };
            if self.aborted {
                return found;
            }
            delta *= 2;
            if v <= low {
                low = if delta > ASPIRATION_LIMIT {
                    -INF
                } else {
                    (v - delta).max(-INF)
                };
                last = Some((i, v));
            } else if v >= high {
                // The action that failed high is searched first next time.
                root[..=i].rotate_right(1);
                high = if delta > ASPIRATION_LIMIT {
                    INF
                } else {
                    (v + delta).min(INF)
                };
                last = Some((0, v));
            } else {
                return found;
            }
        }
    }

    /// Take an iteration's ranked root actions (with their searched lines)
    /// into `report`: the best action and its score always; the lines when
    /// the iteration completed; when it did not but found a better action,
    /// that action's line as far as it was searched.
    fn take_found<P: Evaluate>(
        &self,
        pos: &P,
        found: &[(Action, i32, Vec<Action>)],
        depth: u32,
        report: &mut Report,
    ) {
        let line = |(_, v, pv): &(Action, i32, Vec<Action>)| Line {
            score: *v,
            pv: self.principal_variation(pos, pv, depth as usize),
        };
        if let Some(first) = found.first() {
            report.best = Some(first.0);
            report.score = first.1;
            let changed = report
                .line
                .as_ref()
                .is_none_or(|l| l.pv.first() != Some(&first.0));
            if self.aborted && changed {
                report.line = Some(line(first));
            }
        }
        if self.aborted {
            return;
        }
        report.depth = depth;
        report.seldepth = self.seldepth as u32;
        report.lines = found.iter().map(line).collect();
        report.line = report.lines.first().cloned();
    }

    /// The line expected after a root action: `searched`, the line the
    /// search itself found (the action first), then the transposition
    /// table's best actions while they are legal, for at least `depth`
    /// plies in all, stopping at chance nodes, ended games and repetitions.
    /// The searched part does not depend on the table keeping its entries.
    fn principal_variation<P: Evaluate>(
        &self,
        pos: &P,
        searched: &[Action],
        depth: usize,
    ) -> Vec<Action> {
        let mut pv = Vec::with_capacity(depth.max(searched.len()));
        let mut p = pos.clone();
        let mut seen = vec![p.hash()];
        let mut legal = Vec::with_capacity(64);
        let table = self.tt.as_deref();
        for i in 0.. {
            if p.is_chance() || (i >= searched.len() && pv.len() >= depth.max(1)) {
                break;
            }
            let next = match searched.get(i) {
                Some(&a) => Some(a),
                None => table.and_then(|t| t.probe(p.hash())).and_then(|e| e.best),
            };
            let Some(a) = next else {
                break;
            };
            legal.clear();
            p.legal_actions(&mut legal);
            if !legal.contains(&a) {
                break;
            }
            p.play_unchecked(a);
            pv.push(a);
            if seen.contains(&p.hash()) {
                break;
            }
            seen.push(p.hash());
        }
        pv
    }

    /// Iterative deepening at a chance root: the expectimax value over the
    /// dice, reported per iteration like an ordinary search.
    fn search_chance_root<P: Evaluate>(
        &mut self,
        pos: &P,
        limits: &Limits,
        soft: Option<Duration>,
        start: Instant,
        report: &mut Report,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) {
        // A roll costs CHANCE_COST plies: start where the dice are searched.
        let first = CHANCE_COST as u32 + 1;
        for depth in first..=limits.max_depth.max(first) {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            let v = self.chance(pos, depth as i32, 0);
            if self.aborted {
                break;
            }
            report.score = v;
            report.depth = depth;
            report.seldepth = self.seldepth as u32;
            on_iteration(&Iteration {
                depth,
                seldepth: report.seldepth,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                lines: Vec::new(),
                score: v,
            });
            self.ordering.age();
            if soft.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
        }
    }

    fn negamax<P: Evaluate>(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.is_chance() {
            return self.chance(pos, depth, ply);
        }
        let turn = pos.turn();
        let key = pos.repetition_key();
        if let Some(k) = key {
            if self.repeated(k, pos.repetition_window()) {
                return self.ended(&pos.end_by_rule(EndReason::Repetition), turn, ply);
            }
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        let (mut moves, scores) = self.take_buffers(ply);
        pos.legal_actions(&mut moves);
        if let Some(o) = ended_by_rules(pos, &moves) {
            self.give_buffers(ply, moves, scores);
            return self.ended(&o, turn, ply);
        }

        let hash = pos.hash();
        let (tt_move, cut) = self.probe(hash, depth, alpha, beta, ply);
        if let Some(v) = cut {
            self.give_buffers(ply, moves, scores);
            return v;
        }

        let in_check = pos.in_check(turn);
        let pv_node = beta - alpha > 1;
        // The static evaluation, where the family lets the search trust it
        // for cuts (see `Evaluate::ZUGZWANG_RARE`).
        let eval = (P::ZUGZWANG_RARE && !in_check && !pv_node).then(|| static_eval(pos));
        if let Some(eval) = eval {
            if let Some(v) = self.prune_early(pos, eval, depth, beta, ply) {
                self.give_buffers(ply, moves, scores);
                return v;
            }
        }
        let node = Node {
            depth,
            ply,
            hash,
            key,
            in_check,
            pv_node,
            eval,
            tt_move,
        };
        self.search_actions(pos, &node, moves, scores, alpha, beta)
    }

    /// The actions of a node that neither the rules, the table nor an early
    /// cut decided: ordered, searched (PVS with reductions, late quiet
    /// actions pruned where the family allows), the result stored.
    fn search_actions<P: Evaluate>(
        &mut self,
        pos: &P,
        node: &Node,
        mut moves: Vec<Action>,
        mut scores: Vec<i32>,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let (depth, ply, key, eval) = (node.depth, node.ply, node.key, node.eval);
        let turn = pos.turn();
        self.ordering
            .score(pos, &moves, node.tt_move, ply, &mut scores);
        if let Some(k) = key {
            self.keys.push(k);
        }
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_action = None;
        let mut quiets_tried = 0;
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let a = moves[i];
            let quiet = matches!(a, Action::Move(_)) && !is_noisy(pos, &a);
            let mut child = pos.clone();
            child.play_unchecked(a);
            let same = child.turn() == turn;
            let gives_check = child.in_check(child.turn());
            if quiet && !gives_check && best > -MATE_BOUND {
                if let Some(eval) = eval {
                    if prune_late(eval, depth, alpha, quiets_tried) {
                        continue;
                    }
                }
            }
            if quiet {
                quiets_tried += 1;
            }
            // Checks and purchases (a purchase only announces the moves it
            // buys) do not use up depth.
            let ext = i32::from(
                (gives_check && (ply as i32) < 2 * self.root_depth) || matches!(a, Action::Buy(_)),
            );
            let d = depth - 1 + ext;
            let v = if i == 0 {
                self.child(&child, same, d, alpha, beta, ply + 1)
            } else {
                let reduce = if quiet && !node.in_check && !gives_check && !child.is_chance() {
                    reduction::<P>(depth, i, node.pv_node, scores[i] >= ordering::KILLER)
                } else {
                    0
                };
                self.later_child(&child, same, d, reduce, alpha, beta, ply + 1)
            };
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_action = Some(a);
                if v > alpha {
                    alpha = v;
                    if node.pv_node {
                        self.extend_pv(ply, a);
                    }
                    if v >= beta {
                        if quiet {
                            self.ordering.reward(a, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        if best_action.is_none() {
            // Every action was pruned as hopeless: a fail low.
            best = alpha;
        }
        if key.is_some() {
            self.keys.pop();
        }
        self.give_buffers(ply, moves, scores);
        if self.aborted {
            return 0;
        }
        self.remember(node, best, best_action, (original_alpha, beta));
        best
    }

    /// Store a searched node's result in the table, bounded by the window
    /// `(alpha, beta)` it was searched in.
    fn remember(
        &mut self,
        node: &Node,
        best: i32,
        best_action: Option<Action>,
        window: (i32, i32),
    ) {
        let Some(tt) = &mut self.tt else {
            return;
        };
        let bound = if best >= window.1 {
            Bound::Lower
        } else if best > window.0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        tt.store(Entry {
            key: node.hash,
            best: best_action,
            score: to_tt(best, node.ply),
            depth: node.depth as i16,
            bound,
        });
    }

    /// What the table knows of position `hash`: its best action (to try
    /// first) and, when stored deep enough with a bound that decides this
    /// window, the score to return at once.
    fn probe(
        &self,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (Option<Action>, Option<i32>) {
        let Some(e) = self.tt.as_deref().and_then(|t| t.probe(hash)) else {
            return (None, None);
        };
        if i32::from(e.depth) < depth {
            return (e.best, None);
        }
        let s = from_tt(e.score, ply);
        let cut = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        (e.best, cut.then_some(s))
    }

    /// A later action's score by principal-variation search: a null window
    /// first (reduced by `reduce` plies), widened only when it beats
    /// `alpha`.
    #[allow(clippy::too_many_arguments)]
    fn later_child<P: Evaluate>(
        &mut self,
        child: &P,
        same: bool,
        d: i32,
        reduce: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mut v = self.child(child, same, d - reduce, alpha, alpha + 1, ply);
        if v > alpha && reduce > 0 && !self.aborted {
            v = self.child(child, same, d, alpha, alpha + 1, ply);
        }
        if v > alpha && v < beta && !self.aborted {
            v = self.child(child, same, d, alpha, beta, ply);
        }
        v
    }

    /// Cuts before any action is searched, in families that trust the
    /// static evaluation `eval` (non-PV nodes, not in check): a position
    /// far above `beta` near the leaves is taken as a cut (reverse
    /// futility), and so is one where even passing keeps the score above
    /// `beta` in a search reduced by [`null_reduction`] (null move; never
    /// twice in a row).
    fn prune_early<P: Evaluate>(
        &mut self,
        pos: &P,
        eval: i32,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        if beta.abs() >= MATE_BOUND {
            return None;
        }
        if depth <= STATIC_CUT_DEPTH && eval - STATIC_CUT_MARGIN * depth >= beta {
            return Some(eval);
        }
        let after_pass = ply > 0 && self.passes.get(ply - 1).copied().unwrap_or(false);
        if depth < 3 || eval < beta || after_pass {
            return None;
        }
        let null = pos.null_move()?;
        if self.passes.len() <= ply {
            self.passes.resize(ply + 1, false);
        }
        self.passes[ply] = true;
        let v = -self.negamax(
            &null,
            depth - 1 - null_reduction(depth),
            -beta,
            -beta + 1,
            ply + 1,
        );
        self.passes[ply] = false;
        if self.aborted {
            return Some(0);
        }
        // A pass proves no mate: a mate score is only a bound.
        (v >= beta).then_some(if v > MATE_BOUND { beta } else { v })
    }

    /// Expectimax over the dice: the weighted mean of the outcomes, each
    /// searched with a full window.
    fn chance<P: Evaluate>(&mut self, pos: &P, depth: i32, ply: usize) -> i32 {
        if let Some(v) = self.chance_end(pos, ply) {
            return v;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return static_eval(pos);
        }
        let hash = pos.hash();
        if let Some(e) = self.tt.as_deref().and_then(|t| t.probe(hash)) {
            if e.bound == Bound::Exact && i32::from(e.depth) >= depth {
                return from_tt(e.score, ply);
            }
        }
        let outcomes = pos.chance_outcomes();
        let total: i64 = outcomes.iter().map(|(_, w)| i64::from(*w)).sum();
        if total == 0 {
            return static_eval(pos);
        }
        let turn = pos.turn();
        let mut sum = 0i64;
        for (a, w) in outcomes {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let same = child.turn() == turn;
            let v = self.child(&child, same, depth - CHANCE_COST, -INF, INF, ply + 1);
            if self.aborted {
                return 0;
            }
            sum += i64::from(v) * i64::from(w);
        }
        let v = (sum / total) as i32;
        if let Some(tt) = &mut self.tt {
            tt.store(Entry {
                key: hash,
                best: None,
                score: to_tt(v, ply),
                depth: depth as i16,
                bound: Bound::Exact,
            });
        }
        v
    }

    /// The score of a chance node whose game is already over (Dice-Money
    /// judges mate and stalemate at the start of a turn, before the roll).
    fn chance_end<P: Evaluate>(&mut self, pos: &P, ply: usize) -> Option<i32> {
        let (mut legal, scores) = self.take_buffers(ply);
        pos.legal_actions(&mut legal);
        let ended = pos.outcome_given(&legal);
        self.give_buffers(ply, legal, scores);
        ended.map(|o| self.ended(&o, pos.turn(), ply))
    }

    /// Quiescence: resolve captures (and promotions) before trusting the
    /// static evaluation. Where every legal action is a capture (captures
    /// compulsory, as in antichess) or the side is in check, there is no
    /// "stand pat": all actions are searched.
    fn qsearch<P: Evaluate>(
        &mut self,
        pos: &P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.is_chance() {
            return self
                .chance_end(pos, ply)
                .unwrap_or_else(|| static_eval(pos));
        }
        let turn = pos.turn();
        let (mut moves, mut scores) = self.take_buffers(ply);
        pos.legal_actions(&mut moves);
        if let Some(o) = pos.outcome_given(&moves) {
            self.give_buffers(ply, moves, scores);
            return self.ended(&o, turn, ply);
        }
        if qply >= QS_MAX || ply >= MAX_PLY {
            self.give_buffers(ply, moves, scores);
            return static_eval(pos);
        }
        let noisy = moves.iter().filter(|a| is_noisy(pos, a)).count();
        let forced = noisy == moves.len();
        if forced && qply >= QS_FORCED_PLIES {
            self.give_buffers(ply, moves, scores);
            return static_eval(pos);
        }
        let in_check = !forced && qply < QS_CHECK_PLIES && pos.in_check(pos.turn());
        let mut best = -INF;
        if !(forced || in_check) {
            let stand = static_eval(pos);
            if stand >= beta || noisy == 0 {
                self.give_buffers(ply, moves, scores);
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
            moves.retain(|a| is_noisy(pos, a));
        }
        self.ordering.score(pos, &moves, None, MAX_PLY, &mut scores);
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let a = moves[i];
            let mut child = pos.clone();
            child.play_unchecked(a);
            let v = if child.turn() == turn {
                self.qsearch(&child, alpha, beta, ply + 1, qply + 1)
            } else {
                -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1)
            };
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.give_buffers(ply, moves, scores);
        if self.aborted {
            return 0;
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_game::variant::Registry;
    use motley_rules::{AnyPosition, Position};

    fn position(id: &str, fen: Option<&str>) -> motley_rules::AnyPosition {
        Registry::builtin().get(id).unwrap().position(fen).unwrap()
    }

    fn run(
        pos: &motley_rules::AnyPosition,
        limits: &Limits,
        table: Option<&mut Table>,
    ) -> (Report, Vec<Iteration>) {
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        let r = motley_rules::dispatch!(pos, p => search_with(p, &[], limits, &stop, table, &mut |it| seen.push(it.clone())));
        (r, seen)
    }

    #[test]
    fn time_use_stretches_while_the_best_action_changes_and_never_passes_the_hard_limit() {
        let ms = Duration::from_millis;
        let a = Action::Pass;
        let b = Action::Roll(1, 2);
        let mut unsure = TimeUse::new(Some(ms(600)), Some(ms(1000)));
        let mut sure = TimeUse::new(Some(ms(600)), Some(ms(1000)));
        for depth in 1..=8 {
            unsure.completed(depth, Some(if depth % 2 == 0 { a } else { b }), 0);
            sure.completed(depth, Some(a), 0);
        }
        // Past the soft share: the sure search stops, the unsure goes on.
        assert!(sure.out_of_time(ms(500)));
        assert!(!unsure.out_of_time(ms(700)));
        // Never past the hard limit.
        assert!(unsure.out_of_time(ms(1000)));
        // A falling score also buys time.
        let mut falling = TimeUse::new(Some(ms(600)), Some(ms(1000)));
        for depth in 1..=8 {
            falling.completed(depth, Some(a), -40 * depth as i32);
        }
        assert!(!falling.out_of_time(ms(700)));
        // No clock, no limit.
        assert!(!TimeUse::new(None, None).out_of_time(ms(1_000_000)));
    }

    #[test]
    fn null_moves_are_offered_only_where_zugzwang_is_rare() {
        use crate::eval::Evaluate;
        let AnyPosition::Standard(chess) = position("standard", None) else {
            panic!("standard is standard");
        };
        let passed = chess.null_move().unwrap();
        assert_eq!(passed.turn(), chess.turn().other());
        // Only pawns and the king: no pass.
        let AnyPosition::Standard(pawns) =
            position("standard", Some("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1"))
        else {
            panic!("standard is standard");
        };
        assert!(pawns.null_move().is_none());
        for id in ["antichess", "chicken", "monochrome", "dice-money"] {
            let pos = position(id, None);
            let offered = motley_rules::dispatch!(&pos, p => p.null_move().is_some());
            assert!(!offered, "{id}");
        }
        for id in ["contrast", "monochromatic"] {
            let pos = position(id, None);
            let offered = motley_rules::dispatch!(&pos, p => p.null_move().is_some());
            assert!(offered, "{id}");
        }
    }

    #[test]
    fn every_completed_iteration_is_reported_in_order() {
        let (r, seen) = run(&position("standard", None), &Limits::depth(5), None);
        let depths: Vec<u32> = seen.iter().map(|it| it.depth).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5]);
        assert!(seen.windows(2).all(|w| w[1].nodes >= w[0].nodes));
        assert!(seen
            .iter()
            .all(|it| it.seldepth >= 1 && it.lines.len() == 1));
        let last = seen.last().unwrap();
        assert_eq!(last.lines, r.lines);
        assert_eq!(Some(last.lines[0].pv[0]), r.best);
        assert_eq!(r.depth, 5);
    }

    /// Issue 22, item 21: a reported line is the line the search found,
    /// not what the table still remembers of it. With a table far too
    /// small to keep it (or none at all), every completed iteration's best
    /// line still runs at least its depth, and the report's line is the
    /// last one.
    #[test]
    fn item_21_lines_run_the_full_depth_whatever_the_table_forgets() {
        let fens = [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        for fen in fens {
            let pos = position("standard", Some(fen));
            let mut tiny = Table::new(1);
            for table in [Some(&mut tiny), None] {
                let (r, seen) = run(&pos, &Limits::depth(6), table);
                for it in &seen {
                    let pv = &it.lines[0].pv;
                    assert!(
                        pv.len() >= it.depth as usize,
                        "{fen}, depth {}: {pv:?}",
                        it.depth
                    );
                }
                assert_eq!(r.line.as_ref(), seen.last().map(|it| &it.lines[0]));
            }
        }
    }

    #[test]
    fn multipv_ranks_distinct_root_actions_best_first() {
        let limits = Limits {
            multipv: 4,
            ..Limits::depth(3)
        };
        let (r, _) = run(&position("standard", None), &limits, None);
        assert_eq!(r.lines.len(), 4);
        let firsts: Vec<Action> = r.lines.iter().map(|l| l.pv[0]).collect();
        let unique: std::collections::HashSet<Action> = firsts.iter().copied().collect();
        assert_eq!(unique.len(), 4, "{firsts:?}");
        assert!(r.lines.windows(2).all(|w| w[0].score >= w[1].score));
        assert_eq!(r.best, Some(firsts[0]));
        // More lines than legal actions: one line per action.
        let few = position("standard", Some("7k/8/8/8/8/8/8/K7 w - - 0 1"));
        let (r, _) = run(
            &few,
            &Limits {
                multipv: 50,
                ..Limits::depth(2)
            },
            None,
        );
        assert_eq!(r.lines.len(), 3);
    }

    #[test]
    fn a_node_limit_stops_the_search_at_the_budget() {
        // Exact even for the few hundred nodes of the weakest levels.
        for budget in [300, 5000] {
            let limits = Limits {
                nodes: Some(budget),
                ..Limits::depth(64)
            };
            let (r, _) = run(&position("standard", None), &limits, None);
            assert!(r.nodes <= budget + 1, "{budget}: {}", r.nodes);
            assert!(r.best.is_some());
        }
    }

    #[test]
    fn a_callers_table_gives_the_same_best_action() {
        let pos = position("standard", None);
        let mut table = Table::new(1);
        let (fresh, _) = run(&pos, &Limits::depth(4), Some(&mut table));
        let (again, _) = run(&pos, &Limits::depth(4), Some(&mut table));
        assert_eq!(fresh.best, again.best);
        assert_eq!(fresh.score, again.score);
        // The warm table saves work.
        assert!(
            again.nodes < fresh.nodes,
            "{} vs {}",
            again.nodes,
            fresh.nodes
        );
    }

    #[test]
    fn a_chance_root_is_valued_as_the_mean_over_the_dice() {
        let pos = position("dice-money", None);
        assert!(pos.is_chance());
        let (r, seen) = run(&pos, &Limits::depth(3), None);
        assert_eq!(r.best, None);
        assert!(r.depth >= 3, "{r:?}");
        assert!(!seen.is_empty() && seen.iter().all(|it| it.lines.is_empty()));
        // The mean of the rolls' values, each searched one ply less deep.
        let stop = AtomicBool::new(false);
        let outcomes = pos.chance_outcomes();
        let total: i64 = outcomes.iter().map(|(_, w)| i64::from(*w)).sum();
        let mut sum = 0i64;
        for (roll, w) in &outcomes {
            let mut child = pos.clone();
            child.play_unchecked(*roll);
            let v = motley_rules::dispatch!(&child, p => search(p, &[], &Limits::depth(1), &stop))
                .score;
            let v = if child.turn() == pos.turn() { v } else { -v };
            sum += i64::from(v) * i64::from(*w);
        }
        assert_eq!(r.score, (sum / total) as i32);
    }
}
