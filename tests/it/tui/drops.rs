//! Drops on the play screen: a piece in hand is dropped with the `@` key,
//! by a click on it under "In hand" then on a square, or by dragging it
//! from there; refusals speak of drops, and material counts the hand.

use crate::support::tui::*;
use crossterm::event::{KeyCode, MouseButton, MouseEventKind};
use motley::tui::parts::play::Popup;
use motley::tui::render_to_buffer;
use motley_ai::PlayerSpec;
use motley_rules::core::{Action, Color, Piece, Role, Square};

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];
const BIG: (u16, u16) = (100, 35);

/// White to move with a knight in hand, Black with one too.
const KNIGHTS_IN_HAND: &str = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] w KQkq - 0 1";

fn knight(color: Color) -> Piece {
    Piece::new(color, Role::Knight)
}

/// Where the screen shows the first piece of `side`'s hand: the cell
/// after "<side>: " on the row that starts "In hand".
fn hand_cell(app: &motley::tui::App, side: &str) -> (u16, u16) {
    let buf = render_to_buffer(app);
    let label: Vec<char> = format!("{side}: ").chars().collect();
    for y in 0..buf.area.height {
        let row: Vec<String> = (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect();
        let text: String = row.concat();
        if !text.contains("In hand") {
            continue;
        }
        for x in 0..row.len().saturating_sub(label.len()) {
            let here: String = row[x..x + label.len()].concat();
            if here == label.iter().collect::<String>() {
                return ((x + label.len()) as u16, y);
            }
        }
    }
    panic!("no hand of {side} on screen:\n{}", screen(app))
}

fn last_action(app: &motley::tui::App) -> Option<Action> {
    play_state(app).session.game().actions().last().copied()
}

fn e4() -> Square {
    Square::parse("e4").expect("a square")
}

// Issue item 6: crazyhouse offered "b buy", answered in Dice-Money's words.
#[test]
fn item_06_the_drop_key_is_offered_and_buy_is_not() {
    let mut app = play_app("crazyhouse", Some(KNIGHTS_IN_HAND), H, BIG);
    let s = screen(&app);
    assert!(s.contains("@ drop"), "{s}");
    assert!(!s.contains("b buy"), "{s}");
    key(&mut app, KeyCode::Char('b'));
    assert_message(&app, "@ drops a piece from your hand");
    key(&mut app, KeyCode::Char('@'));
    assert!(matches!(
        play_state(&app).view.popup,
        Some(Popup::List { .. })
    ));
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(play_state(&app).view.placing, Some(knight(Color::White)));
    click_square(&mut app, "e4");
    assert_eq!(
        last_action(&app),
        Some(Action::Drop(knight(Color::White), e4()))
    );
}

// Issue item 6: a click on the hand did nothing, so the square said
// "there is no piece on e3".
#[test]
fn item_06_a_piece_in_hand_is_clicked_then_its_square() {
    let mut app = play_app("crazyhouse", Some(KNIGHTS_IN_HAND), H, BIG);
    let (x, y) = hand_cell(&app, "White");
    click(&mut app, x, y);
    mouse(&mut app, MouseEventKind::Up(MouseButton::Left), x, y);
    assert_eq!(play_state(&app).view.placing, Some(knight(Color::White)));
    assert_message(&app, "from your hand");
    // The other side's hand is not the mover's to drop from.
    let (bx, by) = hand_cell(&app, "Black");
    click(&mut app, bx, by);
    assert_message(&app, "in Black's hand");
    let (x, y) = hand_cell(&app, "White");
    click(&mut app, x, y);
    click_square(&mut app, "e4");
    assert_eq!(
        last_action(&app),
        Some(Action::Drop(knight(Color::White), e4()))
    );
}

#[test]
fn item_06_a_piece_in_hand_is_dragged_onto_its_square() {
    let mut app = play_app("crazyhouse", Some(KNIGHTS_IN_HAND), H, BIG);
    let (x, y) = hand_cell(&app, "White");
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), x, y);
    let (tx, ty) = square_center(&app, "e4");
    mouse(&mut app, MouseEventKind::Drag(MouseButton::Left), tx, ty);
    mouse(&mut app, MouseEventKind::Up(MouseButton::Left), tx, ty);
    assert_eq!(
        last_action(&app),
        Some(Action::Drop(knight(Color::White), e4()))
    );
}

// Issue item 6: a refused drop said "purchases and placements exist only
// in Dice-Money".
#[test]
fn item_06_a_refused_drop_speaks_of_drops() {
    let mut app = play_app("crazyhouse", Some(KNIGHTS_IN_HAND), H, BIG);
    prompt(&mut app, "Q@d4");
    let m = message(&app);
    assert!(m.contains("no queen in hand"), "{m}");
    assert!(!m.contains("Dice-Money"), "{m}");
    key(&mut app, KeyCode::Char('@'));
    key(&mut app, KeyCode::Char('n'));
    click_square(&mut app, "e2");
    assert_message(&app, "dropped only on an empty square");
    assert_eq!(last_action(&app), None);
}

// Issue item 6: "Material: even" left the hand out.
#[test]
fn item_06_material_counts_the_pieces_in_hand() {
    let fen = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[N] w KQkq - 0 1";
    let app = play_app("crazyhouse", Some(fen), H, BIG);
    let s = screen(&app);
    assert!(s.contains("Material: White +3"), "{s}");
}
