//! The evaluation of a variant from data, built from the data alone:
//! each kind's worth from its moves, how far each piece reaches now, and
//! the variant's goal (a region to reach, checks to give, pieces not to
//! lose). Losing variants (giveaway) count material the other way.

use super::{Evaluate, EVAL_LIMIT};
use motley_rules::core::grid::{Grid, GridSet, GridSquare};
use motley_rules::core::{Action, Color};
use motley_rules::fairy::{
    has_kind, Fairy, FairyGrid, FairyPosition, FairyRules, PlayedGrid, Verdict,
};
use motley_rules::Position;

/// Centipawns per square a piece reaches.
const MOBILITY_CP: i32 = 4;

/// What having only one piece of a kind left above an extinction rule's
/// count costs: losing it loses the game.
const EXTINCTION_LAST_CP: i32 = 150;

/// What having `left` checks still to give is worth (three-check).
fn checks_bonus(left: u32) -> i32 {
    match left {
        0 => EVAL_LIMIT / 2,
        1 => 900,
        2 => 350,
        3 => 120,
        _ => 0,
    }
}

/// The Chebyshev distance from `sq` to the nearest square of `region`.
fn distance_to<S: GridSquare, R: IntoIterator<Item = S>>(sq: S, region: R) -> i32 {
    region
        .into_iter()
        .map(|t| {
            i32::from(
                (t.file() - sq.file())
                    .abs()
                    .max((t.rank() - sq.rank()).abs()),
            )
        })
        .min()
        .unwrap_or(8)
}

/// Centipawns per attack on a square next to the enemy's one king (or
/// its own square), before the variant's weight ([`king_danger_weight`]).
const KING_ZONE_CP: i32 = 5;

/// How much attacks near a king weigh in the variant: more where every
/// check brings a win nearer (check counting) or pieces in hand can be
/// dropped beside it.
fn king_danger_weight<G: Grid>(rules: &FairyRules<G>) -> i32 {
    if rules.check_counting || rules.drops {
        4
    } else {
        1
    }
}

/// The squares around each side's one royal king, and its own: where
/// the other side's attacks are danger. Empty for a side without one
/// king, where checks are not allowed (nothing there mates), and where a
/// goal waits: in king of the hill the term drew the pieces to the king
/// rather than the king to the hill (level 5 scored 1-0-15 against
/// Fairy-Stockfish with it, 6-0-10 without).
fn king_zones<G: Grid>(pos: &FairyPosition<G>) -> [G::Set; 2] {
    let rules = pos.rules();
    Color::ALL.map(|side| {
        let king = rules
            .king
            .filter(|_| rules.checking && rules.flag.is_none());
        match king.and_then(|k| pos.pieces_of(side, k).single()) {
            Some(sq) => around::<G::Sq, G::Set>(sq) & rules.board,
            None => G::Set::default(),
        }
    })
}

/// `sq` and the squares next to it, on any grid.
fn around<S: GridSquare, Set: GridSet<Sq = S>>(sq: S) -> Set {
    let mut out = Set::default();
    for df in -1..=1 {
        for dr in -1..=1 {
            if let Some(t) = sq.offset(df, dr) {
                out.insert(t);
            }
        }
    }
    out
}

/// Material, mobility and attacks near the enemy king per side, in
/// centipawns.
fn pieces_score<G: Grid>(pos: &FairyPosition<G>) -> [i32; 2] {
    let rules = pos.rules();
    let occupied = pos.occupied_squares();
    let sides = Color::ALL.map(|side| pos.side_pieces(side));
    let mut score = [0i32; 2];
    let zones = king_zones(pos);
    let mut near_king = [0i32; 2];
    let material_sign = match &rules.extinction {
        // Losing every piece wins: pieces are a burden.
        Some(e) if e.all_pieces && e.count == 0 && e.verdict == Verdict::Win => -1,
        _ => 1,
    };
    for (kind, k) in rules.kinds.iter().enumerate() {
        let value = rules.values.get(kind).copied().unwrap_or(0);
        for color in Color::ALL {
            let pieces = pos.pieces_of(color, kind as u8);
            if pieces.is_empty() {
                continue;
            }
            let (us, them) = (color.index(), color.other().index());
            score[us] += material_sign * value * pieces.count() as i32;
            let zone = zones[them];
            for sq in pieces {
                let reach = k.moves.moves(color, sq, occupied, sides[them], false);
                if zone.any() {
                    near_king[us] += (reach & zone).count() as i32;
                }
                score[us] += MOBILITY_CP * reach.count() as i32;
            }
        }
    }
    let weight = king_danger_weight(rules);
    for side in Color::ALL {
        let mut attacks = near_king[side.index()];
        let zone = zones[side.other().index()];
        if rules.drops && zone.any() && (zone & !occupied).any() {
            // Each piece in hand may land beside the king.
            attacks += pos.hand(side).iter().map(|&n| i32::from(n)).sum::<i32>();
        }
        score[side.index()] += KING_ZONE_CP * weight * attacks;
    }
    for side in Color::ALL {
        let hand: i32 = pos
            .hand(side)
            .iter()
            .zip(&rules.values)
            .map(|(&n, &v)| i32::from(n) * v)
            .sum();
        score[side.index()] += material_sign * hand;
    }
    score
}

/// The goal's part per side: nearness to the flag region, checks given.
fn goal_score<G: Grid>(pos: &FairyPosition<G>) -> [i32; 2] {
    let rules = pos.rules();
    let mut score = [0i32; 2];
    if let Some(flag) = &rules.flag {
        for side in Color::ALL {
            let Some(kind) = flag.kind[side.index()] else {
                continue;
            };
            let region = flag.region[side.index()];
            let nearest = pos
                .pieces_of(side, kind)
                .into_iter()
                .map(|sq| distance_to(sq, region))
                .min()
                .unwrap_or(8);
            score[side.index()] += (7 - nearest).max(0) * (7 - nearest).max(0) * 12;
        }
    }
    if rules.check_counting {
        let left = pos.checks_left();
        for side in Color::ALL {
            score[side.index()] += checks_bonus(left[side.index()]);
        }
    }
    for side in Color::ALL {
        score[side.index()] -= extinction_danger(pos, side);
    }
    score
}

/// How near `side` is to losing by extinction: each kind whose loss
/// loses, by how few of it are left above the count (the last of a kind
/// weighs most; three kings' first king lost weighs less than the second).
fn extinction_danger<G: Grid>(pos: &FairyPosition<G>, side: Color) -> i32 {
    let rules = pos.rules();
    let Some(ext) = rules.extinction.as_ref() else {
        return 0;
    };
    if ext.verdict != Verdict::Loss || ext.all_pieces {
        return 0;
    }
    (0..rules.kinds.len() as u8)
        .filter(|&k| has_kind(ext.kinds, k))
        .map(|kind| {
            let on_board = pos.count_on_board(side, kind);
            let in_hand = u32::from(pos.hand(side)[usize::from(kind)]);
            match (on_board + in_hand).saturating_sub(ext.count) {
                1 => EXTINCTION_LAST_CP,
                2 => EXTINCTION_LAST_CP / 3,
                _ => 0,
            }
        })
        .sum()
}

/// Whether zugzwang is rare in `rules`' games, as in chess: there is a
/// king to mate or blow up, captures are free, losing pieces does not
/// win and a side that cannot move does not win. Then the search may trust the
/// evaluation for cuts and try a pass (null move). Not where a piece
/// wins by reaching a goal: the step onto it is a quiet move that such
/// cuts would skip (king of the hill lost 7 of 8 games to Fairy-Stockfish
/// with them, 5 of 8 without).
fn zugzwang_rare<G: Grid>(rules: &FairyRules<G>) -> bool {
    let losing = rules
        .extinction
        .as_ref()
        .is_some_and(|e| e.verdict == Verdict::Win);
    // A king to lose: royal, or the kind whose extinction loses (atomic).
    let king = rules.king.is_some()
        || rules
            .extinction
            .as_ref()
            .is_some_and(|e| e.verdict == Verdict::Loss && !e.all_pieces);
    king && !rules.must_capture
        && !losing
        && rules.stalemate != Verdict::Win
        && rules.flag.is_none()
}

/// The evaluation of a variant from data on any grid, from the side to
/// move's view.
fn evaluate<G: Grid>(pos: &FairyPosition<G>) -> i32 {
    let pieces = pieces_score(pos);
    let goal = goal_score(pos);
    let us = pos.turn().index();
    let them = 1 - us;
    let score = pieces[us] - pieces[them] + goal[us] - goal[them];
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// [`Evaluate::null_move`] on any grid.
fn null_move<G: FairyGrid>(fairy: &Fairy<G>) -> Option<Fairy<G>> {
    let rules = fairy.rules();
    if !zugzwang_rare(rules) {
        return None;
    }
    let pos = fairy.position();
    let us = pos.turn();
    let mut others = pos.side_pieces(us);
    for kind in [rules.king, rules.pawn].into_iter().flatten() {
        others &= !pos.pieces_of(us, kind);
    }
    others.any().then(|| fairy.passed())
}

impl<G: PlayedGrid> Evaluate for Fairy<G>
where
    Fairy<G>: Position,
{
    fn evaluate(&self) -> i32 {
        evaluate(self.position())
    }

    fn zugzwang_rare(&self) -> bool {
        zugzwang_rare(self.rules())
    }

    fn quiescence_table(&self) -> bool {
        self.rules().kinds.iter().any(|k| k.hops)
    }

    fn quiet_check(&self, action: &Action) -> bool {
        if !self.rules().check_counting {
            return false;
        }
        let pos = self.position();
        self.data_move(*action)
            .is_some_and(|m| !pos.is_capture(m) && pos.gives_check(m))
    }

    /// A pass where zugzwang is rare and the side to act has a piece
    /// besides its king and pawns (with only those, zugzwang is common
    /// even in chess).
    fn null_move(&self) -> Option<Fairy<G>> {
        null_move(self)
    }
}
