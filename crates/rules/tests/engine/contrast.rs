use motley_rules::contrast::{attackers_to, is_strong, pawn_targets, piece_targets};
use motley_rules::core::fen::Setup;
use motley_rules::core::{Bitboard, Color, Role, Square};

/// The reverse lookup in `attackers_to` must agree with the forward
/// patterns in `piece_targets`/`pawn_targets` on every square.
#[test]
fn attackers_to_agrees_with_forward_patterns() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1b1k2r/pp1n1ppp/2pbpn2/q2p4/2PP4/1PN1PN2/PB1QBPPP/R3K2R w KQkq - 0 1",
        "4k3/2b5/3P4/1n1K1p2/2Q5/4B3/8/8 w - - 0 1",
    ];
    for fen in fens {
        let b = Setup::parse(fen).unwrap().board;
        for by in Color::ALL {
            for s in Square::all() {
                let got = attackers_to(&b, s, by, b.occupied(), b.by_color(by));
                let mut want = Bitboard::EMPTY;
                for from in b.by_color(by) {
                    let role = b.role_at(from).unwrap();
                    let strong = is_strong(by, from);
                    let t = if role == Role::Pawn {
                        pawn_targets(by, from, strong)
                    } else {
                        piece_targets(role, from, strong, b.occupied())
                    };
                    if t.contains(s) {
                        want.insert(from);
                    }
                }
                assert_eq!(got, want, "{fen} {by:?} {s}");
            }
        }
    }
}
