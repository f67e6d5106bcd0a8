//! The keys Fairy-Stockfish's variant parser knows, so that a key Motley
//! does not read can be told apart: one of Fairy-Stockfish's that Motley
//! does not play ("not supported"), or one neither program knows, most
//! likely a typo ("unknown key", with the nearest known key).

/// The keys of Fairy-Stockfish's parser (`src/parser.cpp`) besides the
/// pieces' and the mobility regions', in name order.
const PARSER_KEYS: &[&str] = &[
    "adjudicateFullBoard",
    "bikjangRule",
    "blackDropRegion",
    "blackFlag",
    "blastImmuneTypes",
    "blastOnCapture",
    "cambodianMoves",
    "capturesToHand",
    "castling",
    "castlingDroppedPiece",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingKingPieceBlack",
    "castlingKingPieceWhite",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingRookKingsideFile",
    "castlingRookPiece",
    "castlingRookPieces",
    "castlingRookPiecesBlack",
    "castlingRookPiecesWhite",
    "castlingRookQueensideFile",
    "castlingWins",
    "chasingRule",
    "checkCounting",
    "checking",
    "checkmateValue",
    "chess960",
    "collinearN",
    "connectDiagonal",
    "connectHorizontal",
    "connectN",
    "connectNxN",
    "connectPieceTypes",
    "connectRegion1Black",
    "connectRegion1White",
    "connectRegion2Black",
    "connectRegion2White",
    "connectValue",
    "connectVertical",
    "countingRule",
    "diagonalLines",
    "doubleStep",
    "doubleStepRank",
    "doubleStepRankMin",
    "doubleStepRegionBlack",
    "doubleStepRegionWhite",
    "dropChecks",
    "dropLoop",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "dropOnTop",
    "dropOppositeColoredBishop",
    "dropPromoted",
    "dropRegionBlack",
    "dropRegionWhite",
    "dupleCheck",
    "enPassantRegion",
    "enPassantRegionBlack",
    "enPassantRegionWhite",
    "enPassantTypes",
    "enPassantTypesBlack",
    "enPassantTypesWhite",
    "enclosingDrop",
    "enclosingDropStart",
    "extinctionClaim",
    "extinctionOpponentPieceCount",
    "extinctionPieceCount",
    "extinctionPieceTypes",
    "extinctionPseudoRoyal",
    "extinctionValue",
    "firstRankPawnDrops",
    "flagMove",
    "flagPiece",
    "flagPieceBlack",
    "flagPieceBlockedWin",
    "flagPieceCount",
    "flagPieceSafe",
    "flagPieceWhite",
    "flagRegion",
    "flagRegionBlack",
    "flagRegionWhite",
    "flipEnclosedPieces",
    "flyingGeneral",
    "gating",
    "immobilityIllegal",
    "makpongRule",
    "mandatoryPawnPromotion",
    "mandatoryPiecePromotion",
    "materialCounting",
    "maxFile",
    "maxRank",
    "mobilityRegion",
    "moveRepetitionIllegal",
    "mustCapture",
    "mustDrop",
    "mustDropType",
    "mutuallyImmuneTypes",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "nMoveRule",
    "nMoveRuleTypes",
    "nMoveRuleTypesBlack",
    "nMoveRuleTypesWhite",
    "oppositeCastling",
    "pass",
    "passBlack",
    "passOnStalemate",
    "passOnStalemateBlack",
    "passOnStalemateWhite",
    "passWhite",
    "pawnTypes",
    "perpetualCheckIllegal",
    "petrifyBlastPieces",
    "petrifyOnCaptureTypes",
    "pieceDemotion",
    "pieceDrops",
    "piecePromotionOnCapture",
    "pieceToCharTable",
    "pocketSize",
    "promotionPawnTypes",
    "promotionPawnTypesBlack",
    "promotionPawnTypesWhite",
    "promotionPieceTypes",
    "promotionPieceTypesBlack",
    "promotionPieceTypesWhite",
    "promotionRank",
    "promotionRegionBlack",
    "promotionRegionWhite",
    "promotionZonePawnDrops",
    "seirawanGating",
    "shatarMateRule",
    "shogiPawnDropMateIllegal",
    "sittuyinPromotion",
    "sittuyinRookDrop",
    "soldierPromotionRank",
    "stalematePieceCount",
    "stalemateValue",
    "startFen",
    "tripleStepRegionBlack",
    "tripleStepRegionWhite",
    "twoBoards",
    "variantTemplate",
    "wallOrMove",
    "wallingRegion",
    "wallingRegionBlack",
    "wallingRegionWhite",
    "wallingRule",
    "whiteDropRegion",
    "whiteFlag",
    "nnueAlias",
    "pieceValueEg",
    "pieceValueMg",
    "promotedPieceType",
    "promotionLimit",
];

/// Fairy-Stockfish's piece names that Motley has no Betza text for: they
/// are known keys, and not supported.
const OTHER_PIECES: &[&str] = &["janggiCannon", "soldier", "janggiElephant"];

/// Every piece key: chess's, the named ones, the custom ones, the king.
fn piece_names() -> impl Iterator<Item = String> {
    let named = ["pawn", "king"]
        .into_iter()
        .chain(
            motley_rules::core::betza::NAMED_PIECES
                .iter()
                .map(|(n, _)| *n),
        )
        .chain(OTHER_PIECES.iter().copied())
        .map(str::to_string);
    named.chain((1..=25).map(|i| format!("customPiece{i}")))
}

/// Whether Fairy-Stockfish knows `key`: a parser key, a piece, or a
/// piece's mobility region (`mobilityRegionWhiteKnight`).
pub fn is_known_key(key: &str) -> bool {
    if PARSER_KEYS.contains(&key) {
        return true;
    }
    let region = ["mobilityRegionWhite", "mobilityRegionBlack"]
        .iter()
        .find_map(|p| key.strip_prefix(p));
    match region {
        Some(piece) => piece_names().any(|n| capitalized(&n) == piece),
        None => piece_names().any(|n| n == key),
    }
}

fn capitalized(name: &str) -> String {
    let mut out = name.to_string();
    if let Some(first) = out.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// The known key nearest to `key` in spelling (letters compared without
/// case, a swap of two letters one edit), when it is near enough to be
/// the one meant: at most a third of its letters differ, and at most 3.
pub fn nearest_key(key: &str) -> Option<String> {
    // Keys are short; a long one is nobody's typo of them.
    if key.chars().count() > 64 {
        return None;
    }
    let typed: Vec<char> = key.to_ascii_lowercase().chars().collect();
    let most = (typed.len() / 3).clamp(1, 3);
    // The parser's keys and the pieces' names are offered; a mobility
    // region is spelled from its piece.
    PARSER_KEYS
        .iter()
        .map(|k| k.to_string())
        .chain(piece_names())
        .map(|k| {
            let known: Vec<char> = k.to_ascii_lowercase().chars().collect();
            (edits(&typed, &known), k)
        })
        .filter(|(d, _)| *d <= most)
        .min()
        .map(|(_, k)| k)
}

/// The edits (a letter put in, taken out, changed, or two neighbours
/// swapped) that make `a` into `b`: the optimal string alignment distance.
fn edits(a: &[char], b: &[char]) -> usize {
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in table[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (table[i - 1][j] + 1)
                .min(table[i][j - 1] + 1)
                .min(table[i - 1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(table[i - 2][j - 2] + 1);
            }
            table[i][j] = d;
        }
    }
    table[a.len()][b.len()]
}
