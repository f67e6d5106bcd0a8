//! How the board looks: themes, contrast of every drawn piece, figures on
//! big squares and glyphs on small ones, marks at every size, clicks at
//! every size, and `--theme` on the command line.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::parts::page::{contrast_ratio, BoardGeom};
use motley::tui::{render_to_buffer, App, ColorMode, Theme, ThemeName};
use motley_ai::PlayerSpec;
use motley_rules::core::action::spot_of;
use motley_rules::core::grid::GridSet;
use motley_rules::core::Square;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use tui_support::*;

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];
/// The smallest screen the UI draws on, a mid-size one, a large one.
const SIZES: [(u16, u16); 3] = [(64, 18), (100, 35), (300, 100)];

fn board_geom(app: &App) -> BoardGeom {
    play_state(app)
        .layout(app.size, &app.settings)
        .board
        .expect("the board fits")
}

/// The board's part of the screen as text, right-trimmed.
fn board_text(app: &App) -> String {
    let buf = render_to_buffer(app);
    let g = board_geom(app);
    let mut out = String::new();
    for y in g.y..g.y + g.height() {
        let line: String = (g.x..g.x + g.width())
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// After 1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Black is in check, the last move is
/// marked, and the king is picked up (its capture on f7 marked).
fn check_position(size: (u16, u16)) -> App {
    let mut app = play_app("standard", None, H, size);
    for m in ["e4", "e5", "Qh5", "Nc6", "Qxf7"] {
        prompt(&mut app, m);
    }
    play_state_mut(&mut app).view.cursor = spot("e8");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).view.selected, Some(spot("e8")));
    app
}

fn cells_of(buf: &Buffer, g: &BoardGeom, sq: &str) -> Vec<(String, Color, Color)> {
    let r = g.cell(spot(sq));
    let mut out = Vec::new();
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            let c = &buf[(x, y)];
            out.push((c.symbol().to_string(), c.fg, c.bg));
        }
    }
    out
}

#[test]
fn board_at_the_minimum_size_snapshot() {
    let app = check_position(SIZES[0]);
    insta::assert_snapshot!("board_64x18", board_text(&app));
}

#[test]
fn board_at_100x35_snapshot() {
    let app = check_position(SIZES[1]);
    insta::assert_snapshot!("board_100x35", board_text(&app));
}

#[test]
fn board_at_300x100_snapshot() {
    let app = check_position(SIZES[2]);
    let text = board_text(&app);
    // Figures, not glyphs, on squares this big.
    assert!(!text.contains('♔') && !text.contains('♚'), "{text}");
    insta::assert_snapshot!("board_300x100", text);
}

#[test]
fn squares_stay_near_square_at_every_size() {
    for size in SIZES.into_iter().chain([(80, 24), (130, 45), (200, 60)]) {
        let g = board_geom(&play_app("standard", None, H, size));
        // Terminal cells are about twice as tall as wide.
        let ratio = f64::from(g.cell_w) / f64::from(2 * g.cell_h);
        assert!((0.9..=1.5).contains(&ratio), "{size:?}: {g:?}");
    }
}

#[test]
fn small_squares_draw_glyphs_big_squares_draw_figures() {
    for (size, figures) in [(SIZES[1], false), ((130, 45), true), (SIZES[2], true)] {
        let app = play_app("standard", None, H, size);
        let buf = render_to_buffer(&app);
        let g = board_geom(&app);
        let e1: String = cells_of(&buf, &g, "e1").into_iter().map(|c| c.0).collect();
        assert_eq!(e1.contains('♔'), !figures, "{size:?}: {e1}");
        assert_eq!(e1.contains('█'), figures, "{size:?}: {e1}");
    }
}

#[test]
fn white_figures_are_outlines_of_black_figures() {
    let app = play_app("standard", None, H, SIZES[2]);
    let buf = render_to_buffer(&app);
    let g = board_geom(&app);
    let filled = |sq: &str| {
        cells_of(&buf, &g, sq)
            .iter()
            .map(|c| match c.0.as_str() {
                "█" => 2,
                "▀" | "▄" => 1,
                _ => 0,
            })
            .sum::<u32>()
    };
    for (white, black) in [("e1", "e8"), ("d1", "d8"), ("a1", "a8"), ("b1", "b8")] {
        let (w, b) = (filled(white), filled(black));
        assert!(w > 0 && w * 10 < b * 7, "{white} {w} vs {black} {b}");
    }
}

#[test]
fn fairy_pieces_have_their_own_figures() {
    let mut seen = Vec::new();
    for id in [
        "monochromatic",
        "monochromatic-jamal",
        "monochromatic-daffy",
        "monochromatic-double-knight",
    ] {
        let app = play_app(id, None, H, (130, 45));
        let buf = render_to_buffer(&app);
        let g = board_geom(&app);
        let knight: Vec<String> = cells_of(&buf, &g, "b8").into_iter().map(|c| c.0).collect();
        assert!(!seen.contains(&knight), "{id} draws another piece's figure");
        seen.push(knight);
    }
    let app = play_app("monochromatic-jamal", None, H, (130, 45));
    insta::assert_snapshot!("board_jamal_130x45", board_text(&app));
}

/// Every cell of a piece's square drawn in the piece's colour: the piece's
/// colour against the cell's background.
fn piece_contrasts(app: &App) -> Vec<(f64, String)> {
    let buf = render_to_buffer(app);
    let g = board_geom(app);
    let pos = position(app);
    let mut out = Vec::new();
    for sq in Square::all() {
        let Some(piece) = motley_rules::Position::board(pos).piece_at(sq) else {
            continue;
        };
        let r = g.cell(spot_of(sq));
        for y in r.y..r.bottom() {
            for x in r.x..r.right() {
                let c = &buf[(x, y)];
                let drawn = !matches!(c.symbol(), " " | "(" | ")" | "[" | "]" | "•");
                if drawn && c.fg != Color::Reset {
                    let ratio = contrast_ratio(c.fg, c.bg).expect("known colours");
                    out.push((ratio, format!("{piece:?} on {sq} at {x},{y}")));
                }
            }
        }
    }
    out
}

#[test]
fn every_drawn_piece_meets_wcag_contrast_in_every_theme() {
    for name in ThemeName::ALL {
        for mode in [ColorMode::Indexed, ColorMode::True] {
            for size in [SIZES[1], SIZES[2]] {
                let mut apps = vec![check_position(size)];
                let mut chicken = play_app("chicken", None, H, size);
                for m in ["e3", "e6", "Bb5"] {
                    prompt(&mut chicken, m);
                }
                apps.push(chicken);
                apps.push(play_app("monochrome", None, H, size));
                apps.push(play_app("contrast", None, H, size));
                for mut app in apps {
                    app.theme = Theme::new(name, mode, false);
                    let contrasts = piece_contrasts(&app);
                    assert!(!contrasts.is_empty());
                    for (ratio, at) in contrasts {
                        assert!(ratio >= 4.5, "{name} {mode:?} {size:?}: {ratio:.2} {at}");
                    }
                }
            }
        }
    }
}

#[test]
fn marks_stay_visible_without_colour_at_every_size() {
    for size in SIZES {
        let mut app = check_position(size);
        app.theme = Theme::new(ThemeName::Default, ColorMode::None, false);
        let buf = render_to_buffer(&app);
        let g = board_geom(&app);
        let has = |sq: &str, ch: &str| cells_of(&buf, &g, sq).iter().any(|c| c.0 == ch);
        // Check (stronger than the selection): exclamation marks; last
        // move: quotes; the king's escapes: a dot or parentheses.
        assert!(has("e8", "!"), "{size:?} check");
        assert!(
            has("h5", "'") && has("f7", "("),
            "{size:?} last move, capture"
        );
        let p = play_state(&app);
        let escape = p.targets();
        assert!(escape.any());
        for sq in g.spots().filter(|s| escape.contains(*s)) {
            let r = g.cell(sq);
            let any = (r.y..r.bottom())
                .any(|y| (r.x..r.right()).any(|x| !matches!(buf[(x, y)].symbol(), " " | "·")));
            assert!(any, "{size:?}: destination {sq:?} unmarked");
        }
        // A piece picked up: brackets.
        let mut app = play_app("standard", None, H, size);
        app.theme = Theme::new(ThemeName::Default, ColorMode::None, false);
        play_state_mut(&mut app).view.cursor = spot("g1");
        key(&mut app, KeyCode::Enter);
        let buf = render_to_buffer(&app);
        let g = board_geom(&app);
        let has = |sq: &str, ch: &str| cells_of(&buf, &g, sq).iter().any(|c| c.0 == ch);
        assert!(has("g1", "[") && has("g1", "]"), "{size:?} selection");
    }
}

#[test]
fn marks_colour_the_square_in_every_theme_at_every_size() {
    use motley::tui::parts::page::Mark;
    for name in ThemeName::ALL {
        for size in SIZES {
            let mut app = check_position(size);
            app.theme = Theme::new(name, ColorMode::Indexed, false);
            let buf = render_to_buffer(&app);
            let g = board_geom(&app);
            let t = app.theme;
            let bg_of = |sq: &str| {
                let r = g.cell(spot(sq));
                buf[(r.x + 1, r.y)].bg
            };
            let want = |sq: &str, m| {
                t.square(Square::parse(sq).unwrap().is_dark(), m)
                    .bg
                    .unwrap()
            };
            assert_eq!(
                bg_of("e8"),
                want("e8", Some(Mark::Check)),
                "{name} {size:?}"
            );
            assert_eq!(bg_of("h5"), want("h5", Some(Mark::LastMove)));
            assert_eq!(bg_of("f7"), want("f7", Some(Mark::LastMove)));
            assert_eq!(bg_of("a4"), want("a4", None));
        }
    }
}

#[test]
fn contrast_badges_and_monochrome_centerline_at_every_size() {
    for size in SIZES {
        let app = play_app("contrast", None, H, size);
        let buf = render_to_buffer(&app);
        let g = board_geom(&app);
        let badge = |sq: &str, ch: &str| cells_of(&buf, &g, sq).iter().any(|c| c.0 == ch);
        // a1 is dark: White's rook is weak there, Black's on a8 (light) too;
        // b1 (light) and b8 (dark) hold strong knights.
        assert!(badge("a1", "-") && badge("a8", "-"), "{size:?}");
        assert!(badge("b1", "+") && badge("b8", "+"), "{size:?}");
        if size == SIZES[2] {
            // Big squares say it in words.
            let text = board_text(&app);
            assert!(
                text.contains("+ strong") && text.contains("- weak"),
                "{text}"
            );
        }
        let app = play_app("monochrome", None, H, size);
        let text = board_text(&app);
        assert!(text.contains("━━━"), "{size:?}\n{text}");
    }
}

#[test]
fn chicken_flips_are_marked_at_every_size() {
    use motley::tui::parts::page::Mark;
    for size in SIZES {
        let mut app = play_app("chicken", None, H, size);
        for m in ["e3", "e6", "Bb5"] {
            prompt(&mut app, m);
        }
        let buf = render_to_buffer(&app);
        let g = board_geom(&app);
        let r = g.cell(spot("d7"));
        let want = app.theme.square(false, Some(Mark::Flipped)).bg;
        assert_eq!(Some(buf[(r.x, r.y)].bg), want, "{size:?}");
    }
}

#[test]
fn every_cell_of_a_square_maps_back_to_it_at_every_size() {
    for size in SIZES.into_iter().chain([(80, 24), (130, 45)]) {
        for (id, flip) in [
            ("standard", false),
            ("monochrome", false),
            ("standard", true),
        ] {
            let app = play_app(id, None, H, size);
            let g = BoardGeom {
                flipped: flip,
                ..board_geom(&app)
            };
            for sq in g.spots() {
                let r = g.cell(sq);
                for y in r.y..r.bottom() {
                    for x in r.x..r.right() {
                        assert_eq!(g.square_at(x, y), Some(sq), "{size:?} {id} {x},{y}");
                    }
                }
            }
            // Labels and the centerline are no square.
            assert_eq!(g.square_at(g.x, g.y), None);
            assert_eq!(g.square_at(g.x + 3, g.y + g.height() - 1), None);
            if g.centerline {
                assert_eq!(g.square_at(g.x + 3, g.y + 4 * g.cell_h), None);
            }
        }
    }
}

#[test]
fn clicks_pick_up_and_put_down_at_every_size() {
    for size in SIZES {
        let mut app = play_app("standard", None, H, size);
        let g = board_geom(&app);
        // A corner cell of g1 and of f3, not the centre.
        let g1 = g.cell(spot("g1"));
        let f3 = g.cell(spot("f3"));
        click(&mut app, g1.x, g1.y);
        click(&mut app, f3.right() - 1, f3.bottom() - 1);
        assert_eq!(play_state(&app).session.game().sans(), ["Nf3"], "{size:?}");
    }
}

#[test]
fn ascii_and_mono_draw_letters_and_hash_figures() {
    let mut app = play_app("standard", None, H, SIZES[1]);
    app.theme = Theme::new(ThemeName::Mono, ColorMode::Indexed, false);
    let text = board_text(&app);
    assert!(text.contains('K') && text.contains('k'), "{text}");
    let mut app = play_app("standard", None, H, SIZES[2]);
    app.theme = Theme::new(ThemeName::Default, ColorMode::None, true);
    let text = board_text(&app);
    assert!(text.contains("##") && !text.contains('█'), "{text}");
}

#[test]
fn theme_flag_accepts_the_names_and_lists_them_on_a_mistake() {
    let bin = env!("CARGO_BIN_EXE_motley");
    for args in [
        &["play", "--theme", "neon"][..],
        &["replay", "x.json", "--theme", "neon"],
        &["--theme", "neon"],
    ] {
        let out = std::process::Command::new(bin).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(
                "unknown theme 'neon' (themes: default, high-contrast, colour-blind, mono)"
            ),
            "{err}"
        );
    }
}

/// The menu, keeping its config file in `dir`.
fn menu_app(dir: &std::path::Path) -> App {
    use motley::tui::MenuState;
    use motley::tui::Screen;
    let mut s = settings(Some(&dir.to_path_buf()));
    s.config = Some(dir.join("config.toml"));
    let m = MenuState::new(&s, &registry());
    let mut app = App::new(Screen::Menu(Box::new(m)), registry(), s, theme(), (80, 24));
    // What the runtime does first: the games folder is put in order.
    motley::tui::run_requests_inline(&mut app);
    app
}

#[test]
fn the_menu_switches_theme_at_once_and_keeps_it_in_the_config_file() {
    use motley::tui::Config;
    let dir = temp_dir("look-menu-theme");
    let path = dir.join("config.toml");
    // Other settings in the file survive the change.
    std::fs::write(&path, "[new_game]\nwhite = \"ai:3\"\n").unwrap();
    let mut app = menu_app(dir.path());
    assert!(screen(&app).contains("Theme: default"));
    key(&mut app, KeyCode::Char('t'));
    assert_eq!(app.theme.name, ThemeName::HighContrast);
    assert!(screen(&app).contains("Theme: high-contrast"));
    let config = Config::read(&path).unwrap();
    assert_eq!(config.theme, Some(ThemeName::HighContrast));
    assert_eq!(config.new_game.white.as_deref(), Some("ai:3"));
    // Every theme in turn, then back to the first; mono draws letters.
    key(&mut app, KeyCode::Char('t'));
    key(&mut app, KeyCode::Char('t'));
    assert_eq!(app.theme.name, ThemeName::Mono);
    assert!(app.theme.ascii);
    key(&mut app, KeyCode::Char('t'));
    assert_eq!(app.theme.name, ThemeName::Default);
    assert!(!app.theme.ascii);
    assert_eq!(Config::read(&path).unwrap().theme, Some(ThemeName::Default));
}

#[test]
fn a_theme_is_kept_off_the_input_path_by_a_request() {
    use motley::tui::Config;
    use motley::tui::{handle, run_requests_inline};
    use motley::tui::{AppEvent, Request};
    let dir = temp_dir("look-menu-theme-request");
    let path = dir.join("config.toml");
    let mut app = menu_app(dir.path());
    // The key changes the theme at once and only asks for the write.
    handle(&mut app, AppEvent::key(KeyCode::Char('t')));
    assert_eq!(app.theme.name, ThemeName::HighContrast);
    assert!(!path.exists(), "nothing written by the key itself");
    assert!(matches!(app.requests.as_slice(), [Request::Config(_)]));
    // The runtime carries it out.
    run_requests_inline(&mut app);
    assert_eq!(
        Config::read(&path).unwrap().theme,
        Some(ThemeName::HighContrast)
    );
}

#[test]
fn a_broken_config_file_is_said_and_left_alone() {
    let dir = temp_dir("look-menu-broken");
    let path = dir.join("config.toml");
    std::fs::write(&path, "theme = [\n").unwrap();
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('t'));
    // The theme changes for this run; the file is not overwritten.
    assert_eq!(app.theme.name, ThemeName::HighContrast);
    assert!(screen(&app).contains("Theme not kept"), "{}", screen(&app));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "theme = [\n");
}

#[test]
fn the_new_game_dialog_starts_from_the_last_choices() {
    use motley::tui::parts::menu::Page;
    use motley::tui::Config;
    use motley::tui::Screen;
    let dir = temp_dir("look-menu-last");
    let mut app = menu_app(dir.path());
    // The second variant, Black played by ai:1.
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Play(_)));
    let second = registry().all()[1].id.clone();
    let last = Config::read(&dir.join("config.toml")).unwrap().new_game;
    assert_eq!(last.variant.as_deref(), Some(second.as_str()));
    assert_eq!(
        (last.white.as_deref(), last.black.as_deref()),
        (Some("human"), Some("ai:1"))
    );
    // A new session: the picker opens on that variant, the form with
    // those players.
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Enter);
    let Screen::Menu(menu) = &app.screen else {
        panic!("not on the menu")
    };
    let Page::NewGame(form) = &menu.page else {
        panic!("not on the new-game form")
    };
    assert_eq!(form.variant, 1);
    assert_eq!(form.players()[1].to_string(), "ai:1");
}
