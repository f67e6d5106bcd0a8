//! The keys that limit where pieces may go beyond their moves: where
//! drops land (Fairy-Stockfish's drop keys) and where a piece could
//! never move again (`immobilityIllegal`).

use super::{KeyErrorKind, Reader};
use crate::variant::ini::{read_bool, read_number};
use motley_rules::core::betza::Reach;
use motley_rules::core::grid::GridSet;
use motley_rules::core::Color;
use motley_rules::fairy::{FairyGrid, FairyRules};

impl<G: FairyGrid> Reader<'_, G> {
    /// Where and what may be dropped: `dropRegionWhite` and
    /// `dropRegionBlack`, the pawn's first rank and promotion region
    /// (`firstRankPawnDrops`, `promotionZonePawnDrops`), the kind that
    /// may not be doubled on a file (`dropNoDoubled`,
    /// `dropNoDoubledCount`) and drops that check (`dropChecks`).
    pub(super) fn drop_keys(&mut self, rules: &mut FairyRules<G>) {
        for (side, key) in ["dropRegionWhite", "dropRegionBlack"]
            .into_iter()
            .enumerate()
        {
            rules.drop_region[side] = self.squares(key, rules.board);
        }
        rules.first_rank_pawn_drops = self.value("firstRankPawnDrops", false, read_bool);
        rules.promotion_zone_pawn_drops = self.value("promotionZonePawnDrops", false, read_bool);
        rules.drop_checks = self.value("dropChecks", true, read_bool);
        rules.drop_loop = self.value("dropLoop", false, read_bool);
        if self.value("dropOppositeColoredBishop", false, read_bool) {
            rules.opposite_bishops = (0..rules.kinds.len())
                .find(|&k| rules.kinds[k].name == "bishop")
                .map(|k| k as u8);
        }
        if self.value("mustDrop", false, read_bool) {
            let every = (0..rules.kinds.len()).fold(0, |set, k| set | 1 << k);
            rules.must_drop = match self.get("mustDropType").as_deref() {
                None | Some("*") => every,
                Some(value) => match value.chars().collect::<Vec<_>>()[..] {
                    [letter] => self
                        .letter_kind(rules, "mustDropType", letter)
                        .map_or(every, |k| 1 << k),
                    _ => {
                        let kind = KeyErrorKind::Letter {
                            key: "mustDropType".into(),
                            value: value.to_string(),
                            custom: false,
                        };
                        self.refuse("mustDropType", kind);
                        every
                    }
                },
            };
        }
        rules.drop_no_doubled_count = self.value("dropNoDoubledCount", 1, read_number);
        let Some(value) = self.get("dropNoDoubled") else {
            return;
        };
        let mut letters = value.chars();
        rules.drop_no_doubled = match (letters.next(), letters.next()) {
            (Some('-'), None) => None,
            (Some(letter), None) => self.letter_kind(rules, "dropNoDoubled", letter),
            _ => {
                let kind = KeyErrorKind::Letter {
                    key: "dropNoDoubled".into(),
                    value,
                    custom: false,
                };
                self.refuse("dropNoDoubled", kind);
                None
            }
        };
    }

    /// `immobilityIllegal`: where each kind would have no move on an
    /// empty board, as Fairy-Stockfish asks (its quiet moves but the
    /// initial ones).
    pub(super) fn immobility(&mut self, rules: &mut FairyRules<G>) {
        let board = rules.board;
        for (i, kind) in rules.kinds.iter().enumerate() {
            for color in Color::ALL {
                let stuck = board.into_iter().filter(|&sq| {
                    let quiet = kind.moves.reach(Reach::Quiet, color, sq, G::Set::EMPTY);
                    (quiet & board).is_empty()
                });
                let stuck = stuck.fold(G::Set::EMPTY, |set, sq| set.with(sq));
                rules.immobile[i][color.index()] = stuck;
                if stuck.any() {
                    rules.listed_kinds |= 1 << i;
                    rules.immobile_kinds |= 1 << i;
                }
            }
        }
    }
}
