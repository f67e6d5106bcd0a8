//! A variant from data in words: its pieces with their moves and its
//! rules, for `motley rules` and the rules panel (docs/rules.md,
//! "Variants from data").

use crate::variant::betza_words::betza_in_words;
use motley_rules::core::betza::Betza;
use motley_rules::core::grid::GridSet;
use motley_rules::core::quote::visible;
use motley_rules::core::Color;
use motley_rules::fairy::{has_kind, CountingRule, FairyGrid, FairyRules, KindSet, Verdict};

/// A variant from data in words, for `variant rules` and `rules`.
pub fn rules_text<G: FairyGrid>(name: &str, about: Option<&str>, rules: &FairyRules<G>) -> String {
    format!("{}\n\n{}", visible(name), rules_body(about, rules))
}

/// [`rules_text`] without the name: what the rules popup shows under
/// the variant's heading.
pub fn rules_body<G: FairyGrid>(about: Option<&str>, rules: &FairyRules<G>) -> String {
    let mut out = String::new();
    if let Some(about) = about.filter(|a| !a.is_empty()) {
        out += &format!("{about}\n\n");
    }
    if (rules.files, rules.ranks) != (8, 8) {
        out += &format!("Board: {} files by {} ranks\n\n", rules.files, rules.ranks);
    }
    out += &format!(
        "Start: {}\n\nPieces (White upper case, Black lower case; moves in Betza notation):\n",
        rules.start_fen
    );
    for (i, k) in rules.kinds.iter().enumerate() {
        let royal = if rules.king == Some(i as u8) {
            ", royal"
        } else {
            ""
        };
        // Its `e` captures are en passant only where the variant has it.
        let takes = rules.en_passant_kinds[0] | rules.en_passant_kinds[1];
        let en_passant = rules.has_en_passant() && has_kind(takes, i as u8);
        let words = Betza::parse(&k.betza)
            .map(|b| betza_in_words(&b, en_passant))
            .unwrap_or_default();
        out += &format!("- {} {} ({}{royal}): {words}\n", k.letter, k.name, k.betza);
    }
    out += "\nRules:\n";
    for line in rule_lines(rules) {
        out += &format!("- {line}\n");
    }
    out
}

fn letters<G: FairyGrid>(rules: &FairyRules<G>, set: KindSet) -> String {
    let l: Vec<String> = (0..rules.kinds.len() as u8)
        .filter(|&k| has_kind(set, k))
        .map(|k| rules.letter(Color::White, k).to_string())
        .collect();
    if l.is_empty() {
        "nothing".into()
    } else {
        l.join(" ")
    }
}

/// Squares as whole ranks where they are, else one by one.
fn region<G: FairyGrid>(rules: &FairyRules<G>, b: G::Set) -> String {
    let mut parts = Vec::new();
    let mut rest = b;
    for r in 0..rules.ranks as i8 {
        let rank = G::rank_set(r) & rules.board;
        if (b & rank) == rank {
            parts.push(format!("rank {}", r + 1));
            rest &= !rank;
        }
    }
    parts.extend(rest.into_iter().map(|sq| sq.to_string()));
    if parts.is_empty() {
        "nowhere".into()
    } else {
        parts.join(", ")
    }
}

/// `2nd`, `3rd`, `11th`, `21st`.
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "wins",
        Verdict::Loss => "loses",
        Verdict::Draw => "draws",
    }
}

/// The rules in words, a line each: promotion, the pawn's steps and
/// castling, how moves are limited, how the game ends and how it is
/// drawn.
fn rule_lines<G: FairyGrid>(r: &FairyRules<G>) -> Vec<String> {
    let mut out = promotion_lines(r);
    out.extend(step_lines(r));
    out.extend(move_limit_lines(r));
    out.extend(ending_lines(r));
    out.extend(draw_lines(r));
    out
}

/// Who promotes where to what, and the shogi-style promotions.
fn promotion_lines<G: FairyGrid>(r: &FairyRules<G>) -> Vec<String> {
    let promo = |side: usize| {
        format!(
            "{} promote on {} to {}",
            letters(r, r.promotion_pawns[side]),
            region(r, r.promotion_region[side]),
            letters(r, r.promotion_pieces[side])
        )
    };
    // Said only where some kind promotes so (shogi's pieces turn over
    // instead, said below).
    let promotes = (0..2).any(|side| r.promotion_pawns[side] != 0 && r.promotion_pieces[side] != 0);
    let mut out = Vec::new();
    if promotes {
        out.push(format!(
            "White's {}; Black's {}{}.",
            promo(0),
            promo(1),
            if r.mandatory_promotion {
                ""
            } else {
                " (or may stay)"
            }
        ));
    }
    out.extend(piece_promotion_text(r));
    let limits: Vec<String> = (0..r.kinds.len() as u8)
        .filter_map(|k| {
            let limit = *r.promotion_limit.get(usize::from(k))?;
            (limit > 0).then(|| format!("{} {limit}", r.letter(Color::White, k)))
        })
        .collect();
    if !limits.is_empty() {
        out.push(format!(
            "A pawn promotes to a piece only while its side has fewer of it on the board than: {}.",
            limits.join(", ")
        ));
    }
    if r.immobile_kinds != 0 {
        out.push(format!(
            "No {} may move or be dropped, unpromoted, where it could never move again.",
            letters(r, r.immobile_kinds)
        ));
    }
    out
}

/// The pawn's double and triple steps, and castling.
fn step_lines<G: FairyGrid>(r: &FairyRules<G>) -> Vec<String> {
    let mut out = Vec::new();
    if r.double_step_region == [G::Set::EMPTY; 2] {
        out.push("No double steps.".into());
    } else if r.pawn.is_some() {
        out.push(format!(
            "The pawn steps twice from {} (White) and {} (Black).",
            region(r, r.double_step_region[0]),
            region(r, r.double_step_region[1])
        ));
    }
    if r.triple_step_region != [G::Set::EMPTY; 2] {
        out.push(format!(
            "The pawn steps three squares from {} (White) and {} (Black).",
            region(r, r.triple_step_region[0]),
            region(r, r.triple_step_region[1])
        ));
    }
    out.push(if r.castling && r.castling_king.is_some() && r.chess960 {
        "Chess960: a new game starts from one of 960 shuffled back ranks (bishops on both \
         colours, the king between the rooks). Castling takes king and rook where chess's \
         does (king to g or c, rook to f or d), the squares they pass empty and the king's \
         way unattacked; written as the king taking its rook (g1h1), O-O in SAN."
            .into()
    } else if r.castling && r.castling_king.is_some() {
        "Castling as in chess.".into()
    } else {
        "No castling.".into()
    });
    out.extend(drop_lines(r));
    out
}

/// Where drops may not land, beyond empty squares.
fn drop_lines<G: FairyGrid>(r: &FairyRules<G>) -> Vec<String> {
    if !r.drops {
        return Vec::new();
    }
    let mut out = Vec::new();
    if r.drop_region != [r.board; 2] {
        out.push(format!(
            "Drops land only on {} (White) and {} (Black).",
            region(r, r.drop_region[0]),
            region(r, r.drop_region[1])
        ));
    }
    let pawn_bars = match (r.first_rank_pawn_drops, r.promotion_zone_pawn_drops) {
        (false, false) => Some("its first rank or its promotion region"),
        (false, true) => Some("its first rank"),
        (true, false) => Some("its promotion region"),
        (true, true) => None,
    };
    if let Some(bars) = pawn_bars.filter(|_| r.pawn.is_some()) {
        out.push(format!("A pawn is never dropped on {bars}."));
    }
    if let Some(kind) = r.drop_no_doubled {
        out.push(format!(
            "A {} is not dropped on a file holding {} of its side's own.",
            r.letter(Color::White, kind),
            r.drop_no_doubled_count
        ));
    }
    if !r.drop_checks {
        out.push("A drop may not give check.".into());
    }
    if let Some(pawn) = r.pawn_drop_mate {
        out.push(format!(
            "A {} dropped may not mate: a side so mated wins the game.",
            r.letter(Color::White, pawn)
        ));
    }
    if r.must_drop != 0 {
        out.push(format!(
            "A side holding {} must drop one when it can, and drops nothing else.",
            letters(r, r.must_drop)
        ));
    }
    out
}

/// What limits the moves a side may make: no checks, compulsory
/// captures, makpong's rule, passing.
fn move_limit_lines<G: FairyGrid>(r: &FairyRules<G>) -> Vec<String> {
    let mut out = Vec::new();
    if !r.checking {
        out.push("No move may give check.".into());
    }
    if r.must_capture {
        out.push("Capturing is compulsory.".into());
    }
    if r.makpong {
        out.push("A king in check may move only to take its checker.".into());
    }
    for (side, name) in [(0, "White"), (1, "Black")] {
        match (r.pass[side], r.pass_on_stalemate[side]) {
            (true, false) => out.push(format!("{name} may pass its turn.")),
            (_, true) => out.push(format!(
                "{name} may pass its turn only when it has no other move."
            )),
            _ => {}
        }
    }
    out
}

/// How the game is won or lost: mate and stalemate, extinction, the
/// flag, the last check.
fn ending_lines<G: FairyGrid>(r: &FairyRules<G>) -> Vec<String> {
    let mut out = Vec::new();
    if r.stalemate_piece_count {
        out.push(format!(
            "A side checkmated {}. At a stalemate the side with fewer pieces {}, the one with more the opposite; equal numbers draw.",
            verdict(r.checkmate),
            verdict(r.stalemate)
        ));
    } else {
        out.push(format!(
            "A side checkmated {}; a side stalemated {}.",
            verdict(r.checkmate),
            verdict(r.stalemate)
        ));
    }
    if let Some(e) = &r.extinction {
        let what = if e.all_pieces {
            "pieces".to_string()
        } else {
            format!("pieces of a kind among {}", letters(r, e.kinds))
        };
        if e.pseudo_royal {
            out.push(format!(
                "{} are royal: none may be left attacked.",
                letters(r, e.kinds)
            ));
        } else {
            out.push(format!(
                "A side left with at most {} {what} {}.",
                e.count,
                verdict(e.verdict)
            ));
        }
    }
    out.extend(flag_text(r));
    if r.check_counting {
        out.push(check_counting_text(r));
    }
    out
}

/// The flag rule in words.
fn flag_text<G: FairyGrid>(r: &FairyRules<G>) -> Option<String> {
    let f = r.flag.as_ref()?;
    let who =
        |s: usize| f.kind[s].map_or("nothing".into(), |k| r.letter(Color::White, k).to_string());
    Some(format!(
        "White's {} reaching {} wins; Black's {} reaching {} wins{}.",
        who(0),
        region(r, f.region[0]),
        who(1),
        region(r, f.region[1]),
        if f.flag_move {
            " (when White gets there first, Black may still get there and draw)"
        } else {
            ""
        }
    ))
}

/// The checks to give, as the variant's start counts them (`5+5` in
/// five-check).
fn check_counting_text<G: FairyGrid>(r: &FairyRules<G>) -> String {
    let start = motley_rules::fairy::FairyPosition::start(std::sync::Arc::new(r.clone()));
    let [white, black] = start.map_or([3, 3], |p| p.checks_left());
    let counted = format!("the FEN counts the checks still to give, {white}+{black} at the start");
    if white == black {
        format!(
            "The first side to give its {} check wins ({counted}).",
            ordinal(white)
        )
    } else {
        format!("White wins by giving {white} checks, Black by giving {black} ({counted}).")
    }
}

/// How the game is drawn: repetition, the move rule, counting.
fn draw_lines<G: FairyGrid>(r: &FairyRules<G>) -> Vec<String> {
    let mut out = Vec::new();
    out.push(match r.n_fold_rule {
        0 => "A repeated position does not end the game.".into(),
        3 if r.n_fold == Verdict::Draw => {
            "Threefold repetition ends the game automatically as a draw.".into()
        }
        n if r.n_fold_absolute => format!(
            "The same position for the {} time ends the game automatically: \
             White {}, whoever is to move.",
            ordinal(n),
            verdict(r.n_fold)
        ),
        n => format!(
            "The same position for the {} time ends the game automatically: \
             the side to move {}.",
            ordinal(n),
            verdict(r.n_fold)
        ),
    });
    if r.perpetual_check_illegal && r.n_fold_rule > 0 {
        out.push(
            "Perpetual check loses: a repetition that ends the game with one side checking \
             at every move since the first of the repeated positions is lost by that side."
                .into(),
        );
    }
    if r.n_move_rule > 0 {
        out.push(format!(
            "The variant's move rule ends the game automatically as a draw after {} moves \
             without a pawn move or capture (the fifty-move rule when that is 50).",
            r.n_move_rule
        ));
    } else if r.counting.is_none() {
        out.push(
            "No count of moves ends the game here: the fifty-move rule does not apply.".into(),
        );
    }
    out.extend(r.counting.map(counting_text));
    out
}

/// The counting rule in words (docs/rules.md, "Variants from data").
fn counting_text(rule: CountingRule) -> String {
    match rule {
        CountingRule::Makruk => "Counting, in place of the fifty-move rule: once no pawn is \
            left, the side to be mated counts, and the game ends automatically as a draw when \
            the count runs past its limit before the mate. While \
            that side has more than its king, the limit is 64 moves (the board's honour); once \
            only its king is left, it is set by the other side's pieces (two rooks 8 moves, a \
            rook 16, two khons 22, two knights 32, a khon 44, otherwise 64) and the count starts \
            from the number of pieces on the board (the pieces' honour)."
            .into(),
        CountingRule::Asean => "Counting, in place of the fifty-move rule: once no pawn is \
            left and a side has only its king, it counts from 0, and the game ends \
            automatically as a draw when the count runs past 16 moves against a rook, 44 \
            against a khon or 64 against a knight before the mate."
            .into(),
    }
}

/// `promotedPieceType` in words: which kinds turn into which, and where.
fn piece_promotion_text<G: FairyGrid>(r: &FairyRules<G>) -> Option<String> {
    let pairs: Vec<String> = r
        .promoted_kind
        .iter()
        .enumerate()
        .filter_map(|(from, to)| {
            let to = (*to)?;
            let letter = |k: u8| r.letter(Color::White, k);
            Some(format!("{} to {}", letter(from as u8), letter(to)))
        })
        .collect();
    if pairs.is_empty() {
        return None;
    }
    Some(format!(
        "Shogi-style promotions ({}): on a move into, within or out of the promotion \
         region (a pawn only into it), written + or with the new letter, {}.",
        pairs.join(", "),
        if r.mandatory_piece_promotion {
            "and they must be taken"
        } else {
            "or the piece may stay as it is"
        }
    ))
}
