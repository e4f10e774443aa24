//! Snapshot tests of whole screens on ratatui's `TestBackend`, style checks on the buffer, and
//! input-to-command checks on a real (socketless) table.

use super::app::{App, Effect};
use super::board;
use super::legal::BoardAction;
use super::sample::{Sample, main_phase};
use super::theme::ColorLevel;
use crate::board::render::Target;
use crate::client::state::ClientState;
use crate::proto::{ClientMsg, ServerMsg};
use crate::rules::resources::ResourceSet;
use crate::variants::GameView;
use crate::variants::adaptations::AdaptView;
use crate::variants::big_game::BigView;
use crate::variants::risk::RiskView;
use crate::variants::total_chaos::ChaosView;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::style::{Color, Modifier};

const W: u16 = 180;
const H: u16 = 56;
/// A seed whose first turn rolls neither a 7 nor leaves Ann without cards.
const SEED: u64 = 18;

// The tests below read a ruleset's own view to wait for a phase and compare the screen with
// it; the app itself reaches the rulesets only through `rulesets::for_view`.

fn chaos_view(st: &ClientState) -> Option<&ChaosView> {
    match &st.update.as_ref()?.view {
        GameView::TotalChaos(v) => Some(v),
        _ => None,
    }
}

fn big_view(st: &ClientState) -> Option<&BigView> {
    match &st.update.as_ref()?.view {
        GameView::BigGame(v) => Some(v),
        _ => None,
    }
}

fn adapt_view(st: &ClientState) -> Option<&AdaptView> {
    match &st.update.as_ref()?.view {
        GameView::Adaptations(v) => Some(v),
        _ => None,
    }
}

fn risk_view(st: &ClientState) -> Option<&RiskView> {
    match &st.update.as_ref()?.view {
        GameView::Risk(v) => Some(v),
        _ => None,
    }
}

fn draw(app: &mut App, w: u16, h: u16) -> Terminal<TestBackend> {
    app.on_resize(w, h);
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| f.render_widget(&*app, f.area())).expect("drawn");
    t
}

fn buffer(app: &mut App, w: u16, h: u16) -> Buffer {
    draw(app, w, h).backend().buffer().clone()
}

fn key(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

/// The command texts among effects.
fn sent(fx: &[Effect]) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Send(_, ClientMsg::Command { text, .. }) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn setup_sample() -> Sample {
    let s = Sample::new(SEED, 4, ColorLevel::None);
    assert_eq!(s.view().map(|v| v.phase.as_str()), Some("setup"));
    assert!(s.app.my_turn(), "seat 1 places first");
    s
}

fn main_sample() -> Sample {
    let s = main_phase(SEED, ColorLevel::None);
    let v = s.view().expect("started");
    assert_eq!(v.phase, "main", "the seed's first roll is not a 7");
    assert!(s.app.my_turn());
    s
}

#[test]
fn snapshot_setup() {
    let mut s = setup_sample();
    s.key(KeyCode::Tab);
    insta::assert_snapshot!("setup", draw(&mut s.app, W, H).backend());
}

#[test]
fn snapshot_main_phase() {
    let mut s = main_sample();
    insta::assert_snapshot!("main", draw(&mut s.app, W, H).backend());
}

#[test]
fn snapshot_main_phase_narrow() {
    let mut s = main_sample();
    insta::assert_snapshot!("main_100x36", draw(&mut s.app, 100, 36).backend());
}

#[test]
fn snapshot_main_phase_smallest() {
    let mut s = main_sample();
    insta::assert_snapshot!("main_80x24", draw(&mut s.app, 80, 24).backend());
}

fn discard_sample() -> Sample {
    let mut s = main_sample();
    s.edit(|v, legal| {
        v.phase = "discard".into();
        v.current = None;
        v.last_roll = Some((3, 4));
        if let Some(y) = v.you.as_mut() {
            y.hand = ResourceSet::new(3, 0, 2, 0, 4);
        }
        v.players[0].cards = 9;
        v.players[0].must_discard = Some(4);
        *legal = vec!["discard 3 lumber 1 wool".into(), "discard 4 ore".into()];
    });
    s
}

#[test]
fn snapshot_discard_dialog() {
    let mut s = discard_sample();
    assert!(s.app.dialog.is_some(), "the discard dialog opens by itself");
    s.app.on_key(key(KeyCode::Char('2')));
    insta::assert_snapshot!("discard", draw(&mut s.app, W, H).backend());
}

#[test]
fn discard_dialog_sends_exactly_what_was_chosen() {
    let mut s = discard_sample();
    for k in [
        KeyCode::Char('2'),
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Right,
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Right,
    ] {
        assert!(sent(&s.app.on_key(key(k))).is_empty());
    }
    let fx = s.app.on_key(key(KeyCode::Enter));
    assert_eq!(sent(&fx), vec!["discard 2 lumber 1 wool 1 ore"]);
    assert!(s.app.dialog.is_none());
}

#[test]
fn snapshot_trade_dialog() {
    let mut s = main_sample();
    s.app.on_key(key(KeyCode::Char('t')));
    assert!(s.app.dialog.is_some(), "t opens the trade dialog");
    s.app.on_key(key(KeyCode::Down));
    s.app.on_key(key(KeyCode::Char('1')));
    s.app.on_key(key(KeyCode::Right));
    s.app.on_key(key(KeyCode::Down));
    s.app.on_key(key(KeyCode::Char('1')));
    insta::assert_snapshot!("trade", draw(&mut s.app, W, H).backend());
}

#[test]
fn snapshot_help() {
    let mut s = main_sample();
    s.app.on_key(key(KeyCode::Char('?')));
    assert!(s.app.help.is_some());
    insta::assert_snapshot!("help", draw(&mut s.app, W, H).backend());
    s.app.on_key(key(KeyCode::Esc));
    assert!(s.app.help.is_none());
}

fn end_sample() -> Sample {
    let mut s = main_sample();
    s.edit(|v, legal| {
        v.phase = "over".into();
        v.winner = Some(0);
        v.current = None;
        v.players[0].vp = 10;
        v.players[0].longest_road = true;
        v.players[1].vp = 6;
        v.players[2].vp = 4;
        v.players[3].vp = 5;
        v.players[3].largest_army = true;
        v.players[3].knights = 3;
        v.dice = [0, 0, 2, 3, 5, 6, 9, 11, 8, 7, 4, 3, 1];
        v.produced = vec![
            ResourceSet::new(8, 6, 5, 9, 7),
            ResourceSet::new(4, 3, 6, 2, 5),
            ResourceSet::new(2, 5, 3, 3, 1),
            ResourceSet::new(6, 2, 4, 5, 6),
        ];
        legal.clear();
    });
    s
}

#[test]
fn snapshot_end_screen() {
    let mut s = end_sample();
    assert!(s.app.results, "the results show by themselves at the end");
    insta::assert_snapshot!("end", draw(&mut s.app, W, H).backend());
    // On a small terminal the results scroll.
    let top = format!("{}", draw(&mut s.app, 80, 24).backend());
    assert!(top.contains("scroll"), "{top}");
    s.app.on_key(key(KeyCode::PageDown));
    let scrolled = format!("{}", draw(&mut s.app, 80, 24).backend());
    assert_ne!(top, scrolled);
    s.app.on_key(key(KeyCode::Esc));
    assert!(!s.app.results);
    s.app.on_key(key(KeyCode::Char('g')));
    assert!(s.app.results, "g shows them again");
}

/// A finished base game's summary (a bot game's record replayed), its seats named as the
/// sample names them.
fn finished_summary() -> crate::recap::Summary {
    let cfg = crate::sim::SimConfig::base(1, 5, vec![crate::bots::BotKind::Heuristic; 4]);
    let played = crate::sim::play_game(&cfg, 0, true).expect("a game");
    let (mut header, entries) = played.record.expect("its record");
    header.names = ["Ann", "Bot 2", "Bot 3", "Bot 4"]
        .map(String::from)
        .to_vec();
    crate::recap::of_record(&header, &entries).expect("it replays")
}

#[test]
fn snapshot_summary_screen() {
    let mut s = end_sample();
    let summary = finished_summary();
    assert!(summary.finished);
    let fx = s
        .app
        .on_server(0, ServerMsg::Summary(Box::new(summary)), s.t0);
    assert!(fx.is_empty());
    assert!(s.app.results, "the end screen is up");
    let screen = format!("{}", draw(&mut s.app, W, H).backend());
    for part in [
        "Game summary",
        "Points by source",
        "Points after each turn",
        "Dice:",
        "Resources gained by source",
    ] {
        assert!(screen.contains(part), "{part} in:\n{screen}");
    }
    insta::assert_snapshot!("summary", draw(&mut s.app, W, H).backend());
    // A small terminal gets the summary as text that scrolls.
    let top = format!("{}", draw(&mut s.app, 80, 24).backend());
    assert!(
        top.contains("Game summary") && top.contains("scroll"),
        "{top}"
    );
    s.app.on_key(key(KeyCode::PageDown));
    assert_ne!(top, format!("{}", draw(&mut s.app, 80, 24).backend()));
    s.app.on_key(key(KeyCode::Esc));
    assert!(!s.app.results, "Esc shows the board");
    s.app.on_key(key(KeyCode::Char('g')));
    assert!(s.app.results, "g shows the summary again");
}

#[test]
fn the_summary_opens_the_end_screen_in_every_ruleset() {
    let mut s = Sample::chaos(SEED, 4, ColorLevel::None);
    assert!(!s.app.results);
    s.app.on_key(key(KeyCode::Char('g')));
    assert!(!s.app.results, "no results before the end");
    s.app
        .on_server(0, ServerMsg::Summary(Box::new(finished_summary())), s.t0);
    assert!(s.app.results, "the summary opens the end screen");
    let screen = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(screen.contains("Game summary"), "{screen}");
    s.app.on_key(key(KeyCode::Esc));
    s.app.on_key(key(KeyCode::Char('g')));
    assert!(s.app.results, "g shows it again");
}

/// Adaptations has no dice and no resource income: its game-over screen shows each player's
/// conflict points, herds and adaptations instead of the dice and resources panels, on the
/// charts screen and on the text one of a small terminal.
#[test]
fn adaptations_game_over_shows_its_own_panel_not_dice_and_resources() {
    let mut s = Sample::adaptations(4, 4, ColorLevel::None);
    s.app
        .on_server(0, ServerMsg::Summary(Box::new(finished_summary())), s.t0);
    assert!(s.app.results);
    for (w, h) in [(160, 50), (80, 24)] {
        // The small terminal's text scrolls: its end shows the players.
        s.app.results_scroll = if w < 120 { 100 } else { 0 };
        let screen = format!("{}", draw(&mut s.app, w, h).backend());
        assert!(screen.contains("conflict"), "{w}x{h}:\n{screen}");
        assert!(screen.contains("adaptations"), "{w}x{h}:\n{screen}");
        for gone in ["production dice", "Dice (", "Resources gained"] {
            assert!(!screen.contains(gone), "{w}x{h} shows {gone}:\n{screen}");
        }
    }
}

#[test]
fn snapshot_too_small() {
    let mut s = main_sample();
    insta::assert_snapshot!("too_small", draw(&mut s.app, 60, 16).backend());
    // Any size draws without a panic, even absurd ones.
    for (w, h) in [(1, 1), (2, 30), (79, 24), (80, 23), (300, 5), (0, 0)] {
        draw(&mut s.app, w, h);
    }
}

#[test]
fn snapshot_pass_to() {
    let mut s = Sample::with_people(SEED, &["Ann", "Bob"], 4, ColorLevel::None);
    assert_eq!(s.app.active, 0);
    // Ann places her settlement and road; the game then waits for Bob.
    for _ in 0..2 {
        let first = s.app.st().legal()[0].clone();
        s.send(&first);
    }
    s.bots(100);
    assert_eq!(s.app.active, 1, "the screen follows the seat that must act");
    assert!(s.app.pass_to, "and hides it until Bob is at the keyboard");
    let shot = draw(&mut s.app, W, H);
    let text = format!("{}", shot.backend());
    assert!(
        !text.contains("Your hand"),
        "no hand shows on the pass screen"
    );
    insta::assert_snapshot!("pass_to", shot.backend());
    s.key(KeyCode::Enter);
    assert!(!s.app.pass_to);
}

#[test]
fn snapshot_lobby() {
    // A table waiting for a second person.
    let mut s = Sample::with_people(SEED, &["Ann"], 4, ColorLevel::None);
    // The sample fills the other seats with bots, so the game started: build a lobby state
    // by hand from the first session instead.
    let lobby = crate::proto::LobbyView {
        seats: vec![
            Some(crate::proto::SeatInfo {
                name: "Ann".into(),
                bot: false,
                connected: true,
                left: false,
                away: false,
                color: "red".into(),
                ready: true,
                level: None,
            }),
            None,
            Some(crate::proto::SeatInfo {
                name: "Bot 3".into(),
                bot: true,
                connected: true,
                left: false,
                away: false,
                color: "white".into(),
                ready: true,
                level: Some("hard".into()),
            }),
            None,
        ],
        seats_at: Vec::new(),
        total: 4,
        taken: 2,
        you: Some(0),
        started: false,
        is_host: true,
        free_colors: vec!["blue".into(), "orange".into()],
    };
    let st = &mut s.app.sessions[0].st;
    st.update = None;
    st.lobby = Some(lobby);
    s.app.flash = None;
    s.app.refresh();
    insta::assert_snapshot!("lobby", draw(&mut s.app, 120, 30).backend());
    let fx = s.app.on_key(key(KeyCode::Char('s')));
    assert_eq!(fx, vec![Effect::Send(0, ClientMsg::Start)]);
    // A host's Enter marks it ready; `k` asks which seat to kick.
    let fx = s.app.on_key(key(KeyCode::Enter));
    assert_eq!(fx, vec![Effect::Send(0, ClientMsg::Ready(false))]);
    s.app.on_key(key(KeyCode::Char('k')));
    for c in "2".chars() {
        s.app.on_key(key(KeyCode::Char(c)));
    }
    let fx = s.app.on_key(key(KeyCode::Enter));
    assert_eq!(fx, vec![Effect::Send(0, ClientMsg::Kick(1))]);
    // The hot-seat setup screen is the same lobby; there Enter starts the game.
    s.app.opts.local = true;
    s.app.refresh();
    insta::assert_snapshot!("hotseat_setup", draw(&mut s.app, 120, 30).backend());
    let fx = s.app.on_key(key(KeyCode::Enter));
    assert_eq!(fx, vec![Effect::Send(0, ClientMsg::Start)]);
}

// ---- input to commands ------------------------------------------------------------------

#[test]
fn enter_on_a_corner_in_setup_settles_there() {
    let mut s = setup_sample();
    let map = s.app.map().expect("map").clone();
    let (corner, text) = s.app.legal.settle[5].clone();
    s.app.cursor = Some(Target::Corner(corner));
    s.app.refresh();
    let fx = s.app.on_key(key(KeyCode::Enter));
    assert_eq!(
        sent(&fx),
        vec![format!("settle {}", map.corner_name(corner))]
    );
    assert_eq!(sent(&fx), vec![text]);
}

#[test]
fn tab_cycles_the_legal_spots_in_reading_order() {
    let mut s = setup_sample();
    let targets = s.app.legal.targets(BoardAction::Settle);
    let ordered = board::reading_order(&s.app.pic, &targets);
    s.app.cursor = None;
    let mut seen = Vec::new();
    for _ in 0..ordered.len() {
        s.app.on_key(key(KeyCode::Tab));
        seen.push(s.app.cursor.expect("a cursor"));
    }
    let mut want: Vec<Target> = ordered.iter().map(|(t, _)| *t).collect();
    // Tab starts after the cursor the app placed in the middle; every spot comes once.
    seen.sort_by_key(|t| format!("{t:?}"));
    want.sort_by_key(|t| format!("{t:?}"));
    assert_eq!(seen, want);
    s.app
        .on_key(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT));
    assert!(targets.contains(&s.app.cursor.expect("a cursor")));
}

#[test]
fn whole_setup_by_tab_and_enter() {
    let mut s = setup_sample();
    for _ in 0..2 {
        s.key(KeyCode::Tab);
        s.key(KeyCode::Enter);
        assert_eq!(s.view().map(|v| v.setup_settlement.is_some()), Some(true));
        s.key(KeyCode::Tab);
        s.key(KeyCode::Enter);
        s.bots(500);
    }
    let v = s.view().expect("view");
    assert_ne!(v.phase, "setup");
    let mine = v.buildings.iter().filter(|(_, b)| b.owner == 0).count();
    assert_eq!(mine, 2, "two settlements placed with Tab and Enter");
}

#[test]
fn arrows_move_between_places() {
    let mut s = setup_sample();
    let start = s.app.cursor.expect("a cursor in the middle");
    s.app.on_key(key(KeyCode::Left));
    let left = s.app.cursor.expect("a cursor");
    assert_ne!(left, start);
    assert!(
        matches!(left, Target::Corner(_)),
        "in setup the cursor moves between corners"
    );
    s.app.on_key(key(KeyCode::Char('l')));
    s.app.on_key(key(KeyCode::Char('j')));
    s.app.on_key(key(KeyCode::Char('k')));
    assert!(s.app.cursor.is_some());
}

#[test]
fn action_keys_send_commands() {
    let mut s = main_sample();
    assert!(s.app.legal.end);
    assert_eq!(sent(&s.app.on_key(key(KeyCode::Char('e')))), vec!["end"]);
    // Not legal now: nothing is sent and the reason shows.
    let fx = s.app.on_key(key(KeyCode::Char('r')));
    assert!(sent(&fx).is_empty());
    let flash = s.app.flash.clone().expect("a reason");
    assert!(flash.text.contains("rolled already"), "{}", flash.text);
    // `o` chooses the road and highlights its spots (or explains why not).
    s.app.on_key(key(KeyCode::Char('o')));
    if s.app.legal.road.is_empty() {
        assert!(
            s.app
                .flash
                .as_ref()
                .is_some_and(|f| f.text.contains("Road"))
        );
    } else {
        assert_eq!(s.app.effective_action(), Some(BoardAction::Road));
        let fx = s.app.on_key(key(KeyCode::Enter));
        assert!(sent(&fx)[0].starts_with("road "));
    }
}

#[test]
fn command_line_sends_and_completes() {
    let mut s = main_sample();
    s.app.on_key(key(KeyCode::Char(':')));
    assert!(s.app.editing);
    for c in "en".chars() {
        s.app.on_key(key(KeyCode::Char(c)));
    }
    s.app.on_key(key(KeyCode::Tab));
    assert_eq!(s.app.editor.line(), "end");
    let fx = s.app.on_key(key(KeyCode::Enter));
    assert_eq!(sent(&fx), vec!["end"]);
    assert!(!s.app.editing);
    // History.
    s.app.on_key(key(KeyCode::Char(':')));
    s.app.on_key(key(KeyCode::Up));
    assert_eq!(s.app.editor.line(), "end");
    s.app.on_key(key(KeyCode::Esc));
    // Chat is a client word.
    s.app.on_key(key(KeyCode::Char('m')));
    for c in "hi".chars() {
        s.app.on_key(key(KeyCode::Char(c)));
    }
    let fx = s.app.on_key(key(KeyCode::Enter));
    assert_eq!(
        fx,
        vec![Effect::Send(0, ClientMsg::Chat { text: "hi".into() })]
    );
}

#[test]
fn refused_commands_show_the_engines_reason() {
    let mut s = main_sample();
    s.send("settle A.nw");
    let f = s.app.flash.clone().expect("a message");
    assert!(f.text.starts_with("Refused: "), "{}", f.text);
    assert_eq!(f.kind, super::app::FlashKind::Error);
}

/// A typed command held back by a warning ("… Enter again sends it") shows the warning under
/// the command line it reopens, where the editing keys were; the line still holds the command.
#[test]
fn a_held_commands_warning_shows_under_the_command_line() {
    let mut s = main_sample();
    s.app.editor.open("migrate AZ>BM*2");
    s.app.editing = true;
    s.app.flash = Some(super::app::Flash {
        text: "BM holds 3 herds: Enter again sends it.".into(),
        kind: super::app::FlashKind::Error,
    });
    let text = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(text.contains(":migrate AZ>BM*2"), "{text}");
    assert!(
        text.contains("BM holds 3 herds: Enter again sends it."),
        "{text}"
    );
    assert!(!text.contains("Tab complete"), "{text}");
}

#[test]
fn quit_asks_first() {
    let mut s = main_sample();
    assert!(s.app.on_key(key(KeyCode::Char('q'))).is_empty());
    assert!(s.app.confirm_quit);
    let text = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(
        text.contains("A bot plays your seat"),
        "a joined seat is held"
    );
    s.app.opts.local = true;
    s.app.opts.hosting = true;
    let text = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(text.contains("ends with it"), "a hot-seat game ends");
    assert!(!text.contains("You host"), "nobody else is told");
    s.app.opts.local = false;
    let text = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(
        text.contains("stops for everyone") && !text.contains("It is saved"),
        "a hosted game stops for all"
    );
    s.app.opts.saved = true;
    let text = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(
        text.contains("It is saved: `catan host --resume` brings"),
        "a saved one can be resumed: {text}"
    );
    assert!(s.app.on_key(key(KeyCode::Char('n'))).is_empty());
    assert!(!s.app.confirm_quit);
    s.app.on_key(key(KeyCode::Char('q')));
    assert_eq!(s.app.on_key(key(KeyCode::Char('y'))), vec![Effect::Quit]);
    assert_eq!(
        s.app
            .on_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        vec![Effect::Quit],
        "Ctrl-C quits at once"
    );
}

#[test]
fn clicks_select_and_confirm() {
    let mut s = setup_sample();
    draw(&mut s.app, W, H);
    let (corner, text) = s.app.legal.settle[0].clone();
    let t = Target::Corner(corner);
    let (px, py) = s.app.pic.positions[&t];
    let area = s.app.board_area().expect("board");
    let vp = s.app.viewport(area);
    let x = area.x + vp.pad.0 + px as u16 - vp.offset.0;
    let y = area.y + vp.pad.1 + py as u16 - vp.offset.1;
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    assert!(s.app.on_mouse(click).is_empty());
    assert_eq!(s.app.cursor, Some(t), "a click puts the cursor there");
    assert_eq!(
        sent(&s.app.on_mouse(click)),
        vec![text],
        "a second click confirms"
    );
}

#[test]
fn robber_with_two_victims_asks_whom() {
    let mut s = main_sample();
    let map = s.app.map().expect("map").clone();
    let hex = map.parse_hex("J").expect("hex J");
    s.edit(|v, legal| {
        v.phase = "robber".into();
        *legal = vec![
            "robber J steal 2".into(),
            "robber J steal 3".into(),
            "robber A".into(),
        ];
    });
    assert_eq!(s.app.effective_action(), Some(BoardAction::Robber));
    s.app.cursor = Some(Target::Hex(hex));
    assert!(sent(&s.app.on_key(key(KeyCode::Enter))).is_empty());
    assert!(s.app.dialog.is_some(), "a dialog asks whom to rob");
    s.app.on_key(key(KeyCode::Down));
    assert_eq!(
        sent(&s.app.on_key(key(KeyCode::Enter))),
        vec!["robber J steal 3"]
    );
}

#[test]
fn play_menu_opens_monopoly_and_plenty() {
    use crate::rules::devcards::DevCard;
    use crate::variants::base::view::OwnCard;
    let mut s = main_sample();
    s.edit(|v, legal| {
        if let Some(y) = v.you.as_mut() {
            y.dev_cards = vec![
                OwnCard {
                    card: DevCard::Monopoly,
                    playable: true,
                },
                OwnCard {
                    card: DevCard::YearOfPlenty,
                    playable: true,
                },
                OwnCard {
                    card: DevCard::VictoryPoint,
                    playable: false,
                },
            ];
        }
        legal.extend(
            [
                "play monopoly wool",
                "play monopoly ore",
                "play plenty 2 wool",
                "play plenty 1 wool 1 ore",
            ]
            .map(String::from),
        );
    });
    s.app.on_key(key(KeyCode::Char('p')));
    s.app.on_key(key(KeyCode::Enter));
    s.app.on_key(key(KeyCode::Down));
    assert_eq!(
        sent(&s.app.on_key(key(KeyCode::Enter))),
        vec!["play monopoly ore"]
    );
    s.app.on_key(key(KeyCode::Char('p')));
    s.app.on_key(key(KeyCode::Down));
    s.app.on_key(key(KeyCode::Enter));
    s.app.on_key(key(KeyCode::Down));
    s.app.on_key(key(KeyCode::Down));
    s.app.on_key(key(KeyCode::Char('1')));
    s.app.on_key(key(KeyCode::Down));
    s.app.on_key(key(KeyCode::Down));
    s.app.on_key(key(KeyCode::Char('1')));
    assert_eq!(
        sent(&s.app.on_key(key(KeyCode::Enter))),
        vec!["play plenty 1 wool 1 ore"]
    );
}

// ---- colour --------------------------------------------------------------------------------

#[test]
fn no_color_draws_no_colour_but_keeps_the_cursor_and_highlights() {
    let mut s = setup_sample();
    s.key(KeyCode::Tab);
    let buf = buffer(&mut s.app, W, H);
    let mut reversed = 0;
    let mut underlined = 0;
    for c in buf.content() {
        assert_eq!(
            c.fg,
            Color::Reset,
            "no foreground colour at {:?}",
            c.symbol()
        );
        assert_eq!(
            c.bg,
            Color::Reset,
            "no background colour at {:?}",
            c.symbol()
        );
        if c.modifier.contains(Modifier::REVERSED) {
            reversed += 1;
        }
        if c.modifier.contains(Modifier::UNDERLINED) {
            underlined += 1;
        }
    }
    assert!(reversed > 0, "the cursor shows in reverse video");
    assert!(underlined >= 50, "legal spots are underlined: {underlined}");
    // The same screen in colour does use colours, and players differ.
    s.app.theme = super::theme::Theme::new(ColorLevel::Indexed);
    s.app.refresh();
    let buf = buffer(&mut s.app, W, H);
    assert!(buf.content().iter().any(|c| c.fg != Color::Reset));
    assert!(buf.content().iter().any(|c| c.bg != Color::Reset));
}

#[test]
fn players_are_told_apart_without_colour() {
    let mut s = main_sample();
    let text = format!("{}", draw(&mut s.app, W, H).backend());
    let people = s.app.people();
    for (i, name) in people.names.iter().enumerate() {
        let tag = format!("{} {name}", people.letters[i]);
        assert!(text.contains(&tag), "{tag} in the players panel");
    }
    let letters: std::collections::HashSet<char> = people.letters.iter().copied().collect();
    assert_eq!(letters.len(), people.letters.len(), "letters differ");
}

/// A Total Chaos game on screen, played by the bots (and Ann's first legal choices) out of
/// the placement into round 1's resource phase.
fn chaos_sample() -> Sample {
    let mut s = Sample::chaos(5, 4, ColorLevel::None);
    for _ in 0..5000 {
        match chaos_view(s.app.st()).map(|v| v.phase.clone()) {
            Some(p) if p != "setup" => break,
            _ => {}
        }
        let mine = s.app.st().legal().first().cloned();
        match mine {
            Some(first) => s.send(&first),
            None => {
                s.now += 1;
                s.table.tick(s.now);
                s.pump();
            }
        }
    }
    s
}

#[test]
fn snapshot_total_chaos_panel() {
    let mut s = chaos_sample();
    let v = chaos_view(s.app.st()).expect("a Total Chaos view");
    assert_eq!(v.phase, "resource");
    let shot = format!("{}", draw(&mut s.app, W, H).backend());
    for want in [
        "Total Chaos · round 1 · resource phase",
        "player     dice   ready",
        "Robber:",
        "Dice: ",
    ] {
        assert!(shot.contains(want), "`{want}` on screen:\n{shot}");
    }
    insta::assert_snapshot!("chaos", shot);
}

#[test]
fn total_chaos_ready_on_the_command_line_is_a_game_command() {
    let mut s = chaos_sample();
    let fx = s.app.run_line("ready");
    assert_eq!(sent(&fx), vec!["ready".to_string()]);
    // (The sample's own sequence numbers are ahead of the app's: send it as the sample.)
    s.send("ready");
    let v = chaos_view(s.app.st()).unwrap();
    let said = s.app.st().log.iter().any(|l| l.plain() == "You are ready.");
    assert!(
        said,
        "the host took Ann's vote: {:?}",
        s.app.st().log.iter().rev().take(5).collect::<Vec<_>>()
    );
    assert!(
        v.ready[0] || v.phase != "resource",
        "the vote shows, or it ended the phase: {} {:?}",
        v.phase,
        v.ready
    );
    let shot = format!("{}", draw(&mut s.app, 100, 36).backend());
    assert!(shot.contains("Total Chaos"), "{shot}");
}

/// A Big Game of three boards on screen, played by the bots (and Ann's first legal choices)
/// out of the setup into round 1 (the Sun group's, Ann's).
fn big_sample() -> Sample {
    let mut s = Sample::big(3, 3, ColorLevel::None);
    for _ in 0..5000 {
        match big_view(s.app.st()).map(|v| v.phase.clone()) {
            Some(p) if p != "setup" => break,
            _ => {}
        }
        let mine = s.app.st().legal().first().cloned();
        match mine {
            Some(first) => s.send(&first),
            None => {
                s.now += 1000;
                s.table.tick(s.now);
                s.pump();
            }
        }
    }
    s
}

#[test]
fn big_game_panel_shows_round_group_ring_and_standings_and_brackets_switch_boards() {
    let mut s = big_sample();
    let v = big_view(s.app.st()).expect("a Big Game view");
    assert_eq!(v.phase, "round");
    assert_eq!(v.round, 1);
    let shot = format!("{}", draw(&mut s.app, W, H).backend());
    for want in [
        "Big Game · round 1 · Sun plays · roll",
        "ROUND 1 · SUN",
        "for every board",
        "board 1 · Sun · your round",
        "trade ",
        "standings",
        "[1*]",
        // The boards show the line between the Sun and Moon territories.
        "Dividing Line",
    ] {
        assert!(shot.contains(want), "`{want}` on screen:\n{shot}");
    }
    // The cursor starts on Ann's own board; ] and [ walk the ring, wrapping around.
    assert_eq!(s.app.board_in_view(), Some(1));
    s.app.on_key(key(KeyCode::Char(']')));
    assert_eq!(s.app.board_in_view(), Some(2));
    let shot = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(shot.contains("[2]"), "the strip marks board 2:\n{shot}");
    s.app.on_key(key(KeyCode::Char('[')));
    s.app.on_key(key(KeyCode::Char('[')));
    assert_eq!(s.app.board_in_view(), Some(3));
}

#[test]
fn big_game_ships_have_their_own_mark_and_the_key_and_help_name_it() {
    use crate::board::render::SHIP;
    use crate::rules::pieces::RouteKind;
    let mut s = big_sample();
    // Room below the board for the key.
    let shot = format!("{}", draw(&mut s.app, 240, 120).backend());
    let v = big_view(s.app.st()).expect("a Big Game view");
    let ships: Vec<_> = v
        .routes
        .iter()
        .filter(|(_, r)| r.kind == RouteKind::Ship)
        .map(|(e, _)| *e)
        .collect();
    assert!(!ships.is_empty(), "every start has a ship");
    let mut drawn = 0;
    for e in ships {
        for (x, y) in s
            .app
            .pic
            .edge_at
            .iter()
            .filter(|(_, v)| **v == e)
            .map(|(k, _)| *k)
        {
            assert_eq!(s.app.pic.lines[y][x].ch, SHIP, "a ship at {x},{y}");
            drawn += 1;
        }
    }
    assert!(drawn > 0, "no ship in the picture");
    assert!(shot.contains(&format!("{SHIP} ship")), "the key:\n{shot}");
    s.app.on_key(key(KeyCode::Char('?')));
    // Scrolled to its end, where the board's marks are told.
    s.app.help = Some(u16::MAX);
    let shot = format!("{}", draw(&mut s.app, 240, 120).backend());
    assert!(
        shot.contains(&format!("a ship {SHIP} on an edge")),
        "the help:\n{shot}"
    );
}

#[test]
fn big_game_hall_display_shows_round_roll_and_clock_in_large_digits() {
    assert_eq!(
        super::rulesets::big_game::big_digits("10"),
        [
            " ▀█ █▀█".to_string(),
            "  █ █ █".to_string(),
            "  ▀ ▀▀▀".to_string()
        ]
    );
    let mut s = Sample::big_hall(3, 3, ColorLevel::None);
    for _ in 0..200 {
        if big_view(s.app.st()).is_some_and(|v| v.round >= 1) {
            break;
        }
        s.now += 1000;
        s.table.tick(s.now);
        s.pump();
    }
    assert!(s.app.watching());
    let v = big_view(s.app.st()).expect("a Big Game view");
    assert!(v.round >= 1, "the bots played into a round");
    let shot = format!("{}", draw(&mut s.app, W, H).backend());
    for want in [
        "ROUND",
        "ROLL",
        "CLOCK",
        "PLAYS",
        "standings",
        "Watching the game",
    ] {
        assert!(shot.contains(want), "`{want}` on screen:\n{shot}");
    }
    // Every seat is in the standings of the hall display.
    for n in 1..=6 {
        assert!(shot.contains(&format!("{n:>2}. ")), "place {n}:\n{shot}");
    }
}

/// An Adaptations game on screen, played by the bots (and Ann's first legal choices) past
/// the placement into turn 2.
#[test]
fn adaptations_panel_shows_seasons_piles_players_and_herds_on_the_board() {
    let mut s = Sample::adaptations(4, 4, ColorLevel::None);
    for _ in 0..20_000 {
        if adapt_view(s.app.st()).is_some_and(|v| v.turn >= 2 || v.phase == "over") {
            break;
        }
        let legal = s.app.st().legal().to_vec();
        let mine = legal
            .iter()
            .find(|c| *c == "done" || c.starts_with("place") || *c == "stay")
            .cloned();
        match mine {
            Some(c) => s.send(&c),
            None => {
                s.now += 1;
                s.table.tick(s.now);
                s.pump();
            }
        }
    }
    let v = adapt_view(s.app.st()).expect("an Adaptations view").clone();
    assert!(v.turn >= 2, "turn {}", v.turn);
    s.app.rebuild();
    let shot = format!("{}", draw(&mut s.app, 160, 60).backend());
    for want in [
        "Adaptations · turn",
        "Game End",
        "capacity F",
        "player     AP  herds  VP cards adapt",
        " High ",
        "hand",
        ":legal lists them",
    ] {
        assert!(shot.contains(want), "`{want}` on screen:\n{shot}");
    }
    assert!(
        !shot.contains("next spot"),
        "the footer offers no base-game spot keys:\n{shot}"
    );
    // The board: the desert's name and capacity, herds beside the labels.
    let desert = crate::variants::adaptations::drift::name(crate::geometry::Hex::new(0, 0));
    assert!(
        shot.contains(&format!("{desert:<3}1")),
        "the desert's name and capacity:\n{shot}"
    );
    let herd_note = v.herds.iter().any(|(h, c)| {
        let n: u32 = c.iter().sum();
        n > 0 && shot.contains(&crate::variants::adaptations::drift::name(*h))
    });
    assert!(herd_note);
    assert!(
        s.app.st().log.iter().any(|l| l.plain().contains("Turn 2:")),
        "the log tells the turns"
    );
    // Commands go out from the command line as typed (this one overcrowds AC, open water:
    // the first Enter warns, the second sends).
    assert!(sent(&s.app.run_line("migrate AB>AC*2")).is_empty());
    let fx = s.app.run_line("migrate AB>AC*2");
    assert_eq!(sent(&fx), vec!["migrate AB>AC*2".to_string()]);
}

/// A herd command that would overcrowd a hex is held back with a warning saying what the
/// conflict phase will remove; the same line again sends it, and a command within capacity
/// goes at once.
#[test]
fn adaptations_warns_before_a_move_overcrowds_a_hex() {
    let mut s = Sample::adaptations(4, 4, ColorLevel::None);
    let v = adapt_view(s.app.st()).expect("an Adaptations view").clone();
    let desert = crate::variants::adaptations::drift::name(crate::geometry::Hex::new(0, 0));
    assert!(
        v.capacity
            .iter()
            .any(|(h, c)| *c == 1 && crate::variants::adaptations::drift::name(*h) == desert)
    );
    let line = format!("place {desert} {desert}");
    let fx = s.app.run_line(&line);
    assert!(sent(&fx).is_empty(), "held back: {:?}", sent(&fx));
    let said = s
        .app
        .flash
        .as_ref()
        .map(|f| f.text.clone())
        .unwrap_or_default();
    assert_eq!(
        said,
        format!(
            "{desert} holds 1 herd: this leaves 2 there; the conflict phase will remove 1. \
             Enter again sends it."
        )
    );
    assert!(s.app.editing, "the line stays on the command line");
    assert_eq!(s.app.editor.line(), line);
    assert_eq!(sent(&s.app.run_line(&line)), vec![line.clone()]);
    // Within capacity: no warning.
    let roomy = v
        .capacity
        .iter()
        .find(|(_, c)| *c >= 2)
        .map(|(h, _)| crate::variants::adaptations::drift::name(*h))
        .expect("a hex for two herds");
    let line = format!("place {roomy} {roomy}");
    assert_eq!(sent(&s.app.run_line(&line)), vec![line.clone()]);
}

/// A Risk of Catan game on screen, played by the bots and Ann's first legal choices through
/// setup and the claim loop.
#[test]
fn risk_armies_panel_shows_every_held_hex() {
    let mut s = Sample::risk(3, 4, ColorLevel::None);
    for _ in 0..5000 {
        if risk_view(s.app.st()).is_some_and(|v| {
            v.hexes.iter().all(|h| !h.armies.is_empty())
                && (v.base.phase == "roll" || v.base.phase == "main")
        }) {
            break;
        }
        // Passage and resigning are always open: Ann plays only what the game waits for.
        let mine = s
            .app
            .st()
            .legal()
            .iter()
            .find(|l| !l.starts_with("passage") && *l != "resign")
            .cloned();
        match mine {
            Some(first) => s.send(&first),
            None => {
                s.now += 1;
                s.table.tick(s.now);
                s.pump();
            }
        }
    }
    let v = risk_view(s.app.st()).expect("a Risk view").clone();
    assert!(
        v.hexes.iter().all(|h| !h.armies.is_empty()),
        "the claim loop filled the board"
    );
    let shot = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(shot.contains("Armies"), "the armies panel:\n{shot}");
    assert!(shot.contains("foot/cavalry/cannon"), "{shot}");
    let held = v.hexes.iter().filter(|h| !h.armies.is_empty()).count();
    assert_eq!(held, 19);
    // The log tells the placements in words.
    assert!(
        s.app
            .st()
            .log
            .iter()
            .any(|l| l.plain().contains("placed a foot soldier on")),
        "the log tells the placements"
    );
}

/// The help screen tells the language of the game on screen, and before the host has said
/// which game it is, none: no ruleset's words stand in for another's.
#[test]
fn the_help_tells_the_games_own_language_and_no_default_one() {
    let base_words = "Commands (corners are HEX.CORNER";
    let mut s = Sample::chaos(SEED, 4, ColorLevel::None);
    s.app.on_key(key(KeyCode::Char('?')));
    let shot = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(shot.contains("Total Chaos: no turns."), "{shot}");
    assert!(!shot.contains(base_words), "{shot}");
    // Its keys are its own: no roll, no turn to end.
    assert!(!shot.contains("roll the dice"), "{shot}");
    assert!(!shot.contains("end your turn"), "{shot}");
    assert!(
        shot.contains("claim your production") && shot.contains("ready / not ready"),
        "{shot}"
    );

    let mut s = main_sample();
    s.app.sessions[0].st.game = None;
    s.app.on_key(key(KeyCode::Char('?')));
    let shot = format!("{}", draw(&mut s.app, W, H).backend());
    assert!(shot.contains(" Keys"), "{shot}");
    assert!(shot.contains("roll the dice"), "{shot}");
    assert!(!shot.contains("speaks the game's language"), "{shot}");
    assert!(!shot.contains(base_words), "{shot}");
}

/// At 80×24 the players table narrows its number columns, then its tags' words, so that
/// Longest Road, Largest Army, a discard owed and a bot seat still read whole.
#[test]
fn the_players_table_keeps_its_tags_at_80x24() {
    let mut s = main_sample();
    s.edit(|v, _| {
        v.players[1].longest_road = true;
        v.players[1].largest_army = true;
        v.players[2].must_discard = Some(4);
    });
    let shot = format!("{}", draw(&mut s.app, 80, 24).backend());
    let rows: Vec<&str> = shot.lines().collect();
    let row = |name: &str| {
        rows.iter()
            .find(|l| l.contains(name) && l.contains("││"))
            .copied()
            .unwrap_or_else(|| panic!("{name} in the table:\n{shot}"))
    };
    assert!(row("Bot 2").contains(" LR LA bot "), "{shot}");
    assert!(row("Bot 3").contains(" disc 4 bot "), "{shot}");
    let wide = format!("{}", draw(&mut s.app, 120, 40).backend());
    assert!(
        wide.contains(" discards 4 bot"),
        "the long words when there is room:\n{wide}"
    );
}

impl Sample {
    /// The log scrolled back a row, as a person reading it would have it.
    fn scroll_back_log(&mut self) {
        self.app.log_scroll = self.app.log_scroll.max(1);
    }
}

/// The log pane's rows on screen (its inside, between its borders).
fn log_rows(app: &mut App, w: u16, h: u16) -> (String, Vec<String>) {
    let area = app
        .layout(ratatui::layout::Rect::new(0, 0, w, h))
        .expect("a layout")
        .log;
    let buf = buffer(app, w, h);
    let row = |y: u16| -> String {
        (area.x..area.x + area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect()
    };
    let inside = (area.y + 1..area.y + area.height - 1).map(row).collect();
    (row(area.y), inside)
}

/// A log scrolled back keeps its place while events arrive, says how many came, and comes
/// back to the newest lines when the game turns to you.
#[test]
fn a_log_scrolled_back_holds_still_counts_what_arrives_and_returns_on_your_turn() {
    let (w, h) = (120, 40);
    let mut s = main_sample();
    s.app.on_resize(w, h);
    s.key(KeyCode::PageUp);
    let (_, before) = log_rows(&mut s.app, w, h);
    assert!(s.app.log_scroll > 0);
    s.send("end");
    // The bots' first moves, before the game comes back to Ann.
    let mut arrived = false;
    for _ in 0..200 {
        if s.app.my_turn() {
            break;
        }
        s.now += 1;
        s.table.tick(s.now);
        s.pump();
        if s.app.my_turn() {
            break;
        }
        arrived = s.app.log_unread > 0;
        if arrived {
            let (title, rows) = log_rows(&mut s.app, w, h);
            // The pane may grow as the actions pane shrinks; its last row stays.
            assert_eq!(rows.last(), before.last(), "the view holds still");
            let n = s.app.log_unread;
            assert!(title.contains(&format!("· {n} new ·")), "{title}");
        }
    }
    assert!(arrived, "the bots' moves reached the log");
    s.bots(2000);
    assert!(s.app.my_turn());
    assert_eq!(
        (s.app.log_scroll, s.app.log_unread),
        (0, 0),
        "back to the newest"
    );
    let (title, _) = log_rows(&mut s.app, w, h);
    assert!(title.contains("PgUp/PgDn scroll"), "{title}");
    // At 80x24 the title takes fewer words rather than being cut.
    s.app.on_resize(80, 24);
    s.key(KeyCode::PageUp);
    s.app.log_unread = 5;
    let (title, _) = log_rows(&mut s.app, 80, 24);
    assert!(title.contains(" back · 5 new · End ─"), "{title}");
}

/// The Big Game's "Dividing Line" caption is written whole wherever the board is panned or
/// the terminal sized: moved inside the pane while its line is in view, else left out.
#[test]
fn the_dividing_line_caption_is_never_cut() {
    let mut s = big_sample();
    let mut shots = Vec::new();
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        for _ in 0..4 {
            shots.push(format!("{}", draw(&mut s.app, w, h).backend()));
            s.app.on_key(key(KeyCode::Char(']')));
        }
        for _ in 0..30 {
            s.app
                .on_key(KeyEvent::new(KeyCode::Char('L'), KeyModifiers::SHIFT));
            shots.push(format!("{}", draw(&mut s.app, w, h).backend()));
        }
    }
    let mut whole = 0;
    for shot in &shots {
        for line in shot.lines() {
            let rest = line.replace("Dividing Line", "");
            for part in ["iding", "Divid", "ng Lin", "g Line"] {
                assert!(!rest.contains(part), "cut: `{part}` in\n{shot}");
            }
            whole += line.matches("Dividing Line").count();
        }
    }
    assert!(whole > 0, "the caption shows");
}

/// In the Big Game, each round of your group is your turn: a log scrolled back comes back
/// to the newest lines when it begins, straight after the setup too (where the game waited
/// for you already).
#[test]
fn the_big_games_log_returns_when_your_groups_round_begins() {
    let mut s = Sample::big(3, 3, ColorLevel::None);
    s.app.on_resize(120, 40);
    for _ in 0..5000 {
        if big_view(s.app.st()).is_some_and(|v| v.phase != "setup") {
            break;
        }
        s.scroll_back_log();
        match s.app.st().legal().first().cloned() {
            Some(first) => s.send(&first),
            None => {
                s.now += 1000;
                s.table.tick(s.now);
                s.pump();
            }
        }
    }
    assert!(
        super::app::must_act(s.app.st()),
        "Ann's group plays round 1"
    );
    assert_eq!(
        s.app.log_scroll, 0,
        "back to the newest lines when round 1 begins"
    );
    let start = big_view(s.app.st()).map(|v| v.round).expect("a round");
    s.send("end");
    s.scroll_back_log();
    assert!(s.app.log_scroll > 0, "scrolled back");
    for _ in 0..200_000 {
        s.now += 50;
        s.table.tick(s.now);
        s.pump();
        let round = big_view(s.app.st()).map_or(start, |v| v.round);
        if round > start && super::app::must_act(s.app.st()) {
            break;
        }
    }
    assert!(super::app::must_act(s.app.st()), "Ann's group plays again");
    assert_eq!(s.app.log_scroll, 0, "back to the newest lines");
}

/// The call says "Your turn" in your turn, "Your move" when the game waits for you outside
/// it (a discard on another's 7) and in a game without turns.
#[test]
fn the_call_says_turn_in_your_turn_and_move_otherwise() {
    let s = main_sample();
    let call = |s: &Sample| {
        s.app
            .flash
            .as_ref()
            .map(|f| f.text.clone())
            .unwrap_or_default()
    };
    assert_eq!(call(&s), "Your turn, Ann!");
    let mut s = Sample::chaos(1, 4, ColorLevel::None);
    let mut said = String::new();
    for _ in 0..400 {
        s.bots(50);
        if s.app
            .flash
            .as_ref()
            .is_some_and(|f| f.kind == super::app::FlashKind::YourTurn)
        {
            said = call(&s);
            break;
        }
        s.app.pass_to = false;
        if let Some(first) = s.app.st().legal().first().cloned() {
            s.send(&first);
        }
    }
    assert_eq!(said, "Your move, Ann!");
}

#[test]
fn an_edge_between_two_hexes_of_one_label_names_them() {
    // Boards repeat labels; find a game with an edge whose two hexes read alike.
    let same = |map: &crate::board::Map, e: crate::topology::EdgeId| {
        let hexes: Vec<_> = map
            .topology
            .edge_hexes(e)
            .iter()
            .flatten()
            .copied()
            .collect();
        (hexes.len() == 2
            && map.is_land(hexes[0])
            && map.tile(hexes[0]).label() == map.tile(hexes[1]).label())
        .then_some(hexes)
    };
    let (mut s, edge, hexes) = (1..200)
        .find_map(|seed| {
            let s = Sample::new(seed, 4, ColorLevel::None);
            let map = s.app.map()?.clone();
            let (e, hexes) = map
                .topology
                .edge_ids()
                .find_map(|e| Some((e, same(&map, e)?)))?;
            Some((s, e, hexes))
        })
        .expect("a board with two neighbours of one label");
    let map = s.app.map().expect("a board").clone();
    s.app.cursor = Some(Target::Edge(edge));
    let buf = buffer(&mut s.app, W, H);
    let screen: String = (0..H)
        .map(|y| (0..W).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
        .collect();
    let label = map.tile(hexes[0]).label();
    let want = format!(
        "between {} ({label}) and {} ({label})",
        map.hex_name(hexes[0]),
        map.hex_name(hexes[1])
    );
    assert!(screen.contains(&want), "{want}:\n{screen}");
}

#[test]
fn risk_marks_a_held_hex_with_its_holders_lower_case_letter() {
    use crate::variants::risk::control::Hold;
    let mut s = Sample::risk(1, 4, ColorLevel::None);
    for _ in 0..400 {
        s.bots(2000);
        s.app.pass_to = false;
        let held = risk_view(s.app.st()).is_some_and(|v| {
            v.hexes
                .iter()
                .any(|h| matches!(h.hold, Hold::Controlled(_)))
        });
        if held {
            break;
        }
        let legal = s.app.st().legal().to_vec();
        let Some(pick) = legal
            .iter()
            .find(|c| c.starts_with("roll"))
            .or_else(|| legal.iter().find(|c| !c.starts_with("end")))
            .or(legal.first())
            .cloned()
        else {
            break;
        };
        s.send(&pick);
    }
    let u = s.app.st().update.clone().expect("a game");
    let v = risk_view(s.app.st()).expect("Risk");
    let notes = crate::client::rulesets::overlay(&u.view, &u.seats).notes;
    let mut seen = 0;
    for h in &v.hexes {
        let (Hold::Controlled(seat) | Hold::Occupied(seat)) = h.hold else {
            continue;
        };
        let letter = s.app.people().letters[seat as usize];
        let units: u32 = h
            .armies
            .iter()
            .filter(|a| a.seat == seat)
            .map(|a| a.foot + a.cavalry + a.cannon)
            .sum();
        let sign = if matches!(h.hold, Hold::Controlled(_)) {
            '✓'
        } else {
            '×'
        };
        let bottom = notes[&h.hex].bottom.clone().expect("a count").0;
        assert_eq!(bottom, format!("{letter}{sign}{units}"), "{:?}", h.hold);
        seen += usize::from(sign == '✓');
    }
    assert!(seen > 0, "a hex was held");
}

#[test]
fn an_answer_to_a_key_stays_while_the_bots_play() {
    let mut s = main_sample();
    s.send("end");
    assert!(!s.app.my_turn());
    s.key(KeyCode::Char('g'));
    let said = s.app.flash.clone().expect("an answer");
    assert_eq!(said.text, "The results show when the game is over.");
    let lines = s.app.st().log.len();
    while s.app.st().log.len() == lines {
        s.bots(1);
    }
    assert!(!s.app.my_turn(), "still a bot's turn");
    assert_eq!(s.app.flash.as_ref(), Some(&said), "a bot's move left it");
    // The next player's turn asks something else ("Waiting for Bot 3"): the answer is out
    // of date.
    let waiting = |s: &Sample| {
        let p = super::ui::prompt(&s.app).0;
        p.split(". ").next().unwrap_or_default().to_string()
    };
    let before = waiting(&s);
    assert!(before.starts_with("Waiting for Bot 2"), "{before}");
    for _ in 0..2000 {
        if !waiting(&s).starts_with("Waiting for Bot 2") {
            break;
        }
        s.bots(1);
    }
    assert!(!waiting(&s).starts_with("Waiting for Bot 2"));
    assert_ne!(
        s.app.flash.as_ref(),
        Some(&said),
        "a new prompt replaced it"
    );
    // A command's "Sent:" goes with the update that answers it.
    let mut s = main_sample();
    let fx = s.app.command("end");
    assert!(s.app.flash.as_ref().is_some_and(|f| f.text == "Sent: end"));
    s.apply(fx);
    assert!(s.app.flash.as_ref().is_none_or(|f| f.text != "Sent: end"));
}

/// The status line's message starts `Not sent: {what}`.
fn says_not_sent(s: &Sample, what: &str) {
    let flash = s.app.flash.as_ref().map(|f| f.text.as_str());
    assert!(
        flash.is_some_and(|f| f.starts_with(what)),
        "{what}: {flash:?}"
    );
}

#[test]
fn a_lost_connection_shows_on_the_status_line_and_keys_send_nothing_until_it_is_back() {
    let mut s = main_sample();
    let now = std::time::Instant::now();
    s.app.on_server(
        0,
        ServerMsg::Reconnecting("lost the connection to 10.0.0.1:7878; reconnecting…".into()),
        now,
    );
    let p = super::ui::prompt(&s.app).0;
    assert!(
        p.starts_with("Connection to the host lost; reconnecting"),
        "{p}"
    );
    let fx = s.app.command("end");
    assert!(fx.is_empty(), "nothing goes out while the link is down");
    says_not_sent(&s, "Not sent: end.");
    // A trade composed in its dialog is not lost: the dialog stays open.
    s.app.on_key(key(KeyCode::Char('t')));
    // One lumber given for one wool.
    for k in [
        KeyCode::Left,
        KeyCode::Char('1'),
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Right,
        KeyCode::Char('1'),
    ] {
        s.app.on_key(key(k));
    }
    let fx = s.app.on_key(key(KeyCode::Enter));
    assert!(sent(&fx).is_empty(), "the offer is not sent");
    assert!(
        matches!(s.app.dialog, Some(super::dialogs::Dialog::Trade(_))),
        "the trade dialog stays open"
    );
    says_not_sent(&s, "Not sent: offer");
    s.app.on_key(key(KeyCode::Esc));
    // Chat is not kept to go out later either.
    let fx = s.app.run_line("say hi all");
    assert!(fx.is_empty(), "a chat line is not queued");
    says_not_sent(&s, "Not sent: \"hi all\".");
    // A host that stopped its saved game on purpose is waited for, not "lost".
    s.app.on_server(
        0,
        ServerMsg::Stopped("the host stopped the game".into()),
        now,
    );
    let p = super::ui::prompt(&s.app).0;
    assert!(
        p.starts_with("The host stopped the game; waiting for it to resume"),
        "{p}"
    );
    // The host's welcome on the new connection ends it, and what the seat may do is said
    // again (the line mode prints "your move: …" once per kind).
    let _ = s.app.sessions[0].st.your_move();
    let game = s.app.st().game.clone().expect("a game");
    s.app.on_server(
        0,
        ServerMsg::Welcome {
            version: crate::proto::PROTOCOL_VERSION,
            seat: Some(0),
            token: String::new(),
            game: Box::new(game),
        },
        now,
    );
    assert!(
        !super::ui::prompt(&s.app)
            .0
            .starts_with("Connection to the host lost")
    );
    assert!(
        s.app.sessions[0].st.your_move().is_some(),
        "the move is announced again after the welcome back"
    );
    assert!(
        s.app
            .flash
            .as_ref()
            .is_none_or(|f| !f.text.starts_with("Not sent")),
        "back on the host, 'Not sent … reconnecting' is gone: {:?}",
        s.app.flash
    );
    assert!(!s.app.command("end").is_empty());
}

#[test]
fn risks_battle_title_gives_the_key_to_the_attacker_alone() {
    let mut s = Sample::risk(3, 4, ColorLevel::None);
    for _ in 0..3000 {
        let battle = risk_view(s.app.st()).and_then(|v| v.battle.clone());
        if let Some(b) = battle {
            let me = s.app.me();
            let title = s.app.ruleset().expect("Risk").phase_text(&s.app.ctx());
            assert!(title.starts_with("Risk · battle:"), "{title}");
            assert_eq!(title.ends_with("(f)"), Some(b.attacker) == me, "{title}");
            if Some(b.attacker) != me {
                return;
            }
        }
        s.app.pass_to = false;
        if s.app.my_turn() {
            let legal = s.app.st().legal().to_vec();
            let pick = legal
                .iter()
                .find(|c| c.starts_with("roll"))
                .or_else(|| legal.iter().find(|c| c.starts_with("end")))
                .or(legal.first())
                .cloned();
            if let Some(pick) = pick {
                s.send(&pick);
            }
        } else {
            s.bots(1);
        }
    }
    panic!("no bot fought a battle");
}

#[test]
fn a_risk_spectator_sees_the_armies_not_just_their_header() {
    let mut s = Sample::risk(3, 4, ColorLevel::None);
    for _ in 0..400 {
        if risk_view(s.app.st())
            .is_some_and(|v| v.hexes.iter().filter(|h| !h.armies.is_empty()).count() >= 4)
        {
            break;
        }
        s.app.pass_to = false;
        if s.app.my_turn() {
            if let Some(pick) = s.app.st().legal().first().cloned() {
                s.send(&pick);
            }
        } else {
            s.bots(1);
        }
    }
    let mut s = s.watched(ColorLevel::None);
    let buf = buffer(&mut s.app, 120, 40);
    let rows: Vec<String> = (0..40)
        .map(|y| (0..120).map(|x| buf[(x, y)].symbol()).collect())
        .collect();
    let header = rows
        .iter()
        .position(|r| r.contains("hex need"))
        .expect("the armies panel");
    let entries = rows[header + 1..]
        .iter()
        .take_while(|r| !r.contains('╰'))
        .filter(|r| r.contains("/0/0"))
        .count();
    assert!(
        entries >= 1,
        "army rows under the header:\n{}",
        rows.join("\n")
    );
}
