//! Playing a tree's variations: where a place in the tree stands
//! ([`game_at`]), and checking a tree against the rules: every action of
//! every variation is played from its place, so a tree a reader hands on
//! holds legal moves only. A variation is cut at its first action that
//! cannot be played (dropped whole when that is its first), and the first
//! such cut is the error the reader reports, naming the ply: never
//! accepted wrongly, never the end of the game it hangs on. A tree is
//! walked on one scratch game, each move played once and taken back
//! after its variation: the cost follows the tree's size, never its size
//! times the game's length.

use super::tree::{Annotations, Cursor, GameTree, Node};
use super::{game_moves, play_coord, RecordError, RecordErrorKind};
use motley_game::Game;
use motley_rules::core::CoordText;

/// The tree of `game` (already replayed: its actions are the main line)
/// with `annotations` on them, each variation played through; what the
/// shape of the annotations does not allow ([`GameTree::read`]) and
/// actions that cannot be played are left out, the first with the error
/// naming it.
pub(super) fn checked_tree(
    game: &Game,
    annotations: &Annotations,
) -> (GameTree, Option<RecordError>) {
    let moves = game_moves(game);
    let (mut tree, problem) = GameTree::read(&moves, annotations);
    let mut error = problem.map(|p| RecordError::from(RecordErrorKind::Annotations(p)));
    let mut scratch = start_of(game);
    for i in 0..tree.main.len() {
        check_alternatives(&mut scratch, &mut tree.main[i].variations, &mut error);
        if !advance(&mut scratch, game, i + 1) {
            break;
        }
    }
    (tree, error)
}

/// A scratch copy of `game` at its start, to walk a tree on.
pub fn start_of(game: &Game) -> Game {
    let mut scratch = game.clone();
    scratch.truncate(0);
    scratch
}

/// Bring `scratch` (a copy of `game` cut shorter) on along `game`'s own
/// actions to ply `ply`; false when it cannot go so far.
pub fn advance(scratch: &mut Game, game: &Game, ply: usize) -> bool {
    while scratch.ply() < ply {
        let Some(&action) = game.actions().get(scratch.ply()) else {
            return false;
        };
        if scratch.play(action).is_err() {
            return false;
        }
    }
    true
}

/// Check lines that each start from `game`'s position, dropping those
/// left empty; `game` is back where it was after each.
fn check_alternatives(
    game: &mut Game,
    lines: &mut Vec<Vec<Node>>,
    error: &mut Option<RecordError>,
) {
    for line in lines.iter_mut() {
        check_line(game, line, error);
    }
    lines.retain(|l| !l.is_empty());
}

/// Play `line` from `game`, checking the variations on its moves on the
/// way; cut it at its first action that cannot be played. `game` is back
/// where it was after.
fn check_line(game: &mut Game, line: &mut Vec<Node>, error: &mut Option<RecordError>) {
    let from = game.ply();
    for i in 0..line.len() {
        check_alternatives(game, &mut line[i].variations, error);
        let ply = game.ply() + 1;
        let text = &line[i].action;
        if let Err(e) = play_coord(game, ply, text, CoordText::parse(text)) {
            error.get_or_insert_with(|| in_variation(e));
            line.truncate(i);
            break;
        }
    }
    game.truncate(from);
}

/// `game` (whose actions are `tree`'s main line) as it stands at `at`:
/// the main line up to where `at` leaves it, then the variations' moves,
/// each played by the rules (an action that cannot be played is the
/// error naming its ply).
pub fn game_at(game: &Game, tree: &GameTree, at: &Cursor) -> Result<Game, RecordError> {
    let actions = tree
        .actions_to(at)
        .map_err(|e| RecordError::from(RecordErrorKind::Invalid(e.to_string())))?;
    let shared = actions
        .iter()
        .zip(game.actions())
        .take_while(|(a, b)| **a == b.to_string())
        .count();
    let mut g = game.clone();
    g.truncate(shared);
    for text in &actions[shared..] {
        let ply = g.ply() + 1;
        play_coord(&mut g, ply, text, CoordText::parse(text)).map_err(in_variation)?;
    }
    Ok(g)
}

/// Play the moves of `nodes` on `game`, as far as they can be played
/// (a checked tree's can, all); returns how many were.
pub fn play_nodes(game: &mut Game, nodes: &[Node]) -> usize {
    nodes
        .iter()
        .take_while(|n| {
            let ply = game.ply() + 1;
            play_coord(game, ply, &n.action, CoordText::parse(&n.action)).is_ok()
        })
        .count()
}

/// The error of an action, said to be in a variation.
pub(super) fn in_variation(e: RecordError) -> RecordError {
    RecordError {
        kind: Box::new(RecordErrorKind::InVariation(e.kind)),
        ..e
    }
}
