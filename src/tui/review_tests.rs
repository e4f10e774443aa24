//! The end screen's review page and the hint key, on a sample table (no sockets): the review
//! arrives from the host after the summary, its progress first; Tab shows it, as a chart with
//! the turning points on a large terminal and as text on a small one; `y` asks the host for
//! `hard`'s move and shows the answer, or the host's reason for giving none.

use super::app::FlashKind;
use super::sample::Sample;
use super::theme::ColorLevel;
use crate::proto::ServerMsg;
use crate::record::{Entry, Header};
use crate::review::{Options, ReviewState};
use crate::server::table::{Coach, Hints};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use std::sync::Arc;

fn screen(s: &mut Sample, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    term.draw(|f| f.render_widget(&s.app, f.area()))
        .expect("draws");
    format!("{}", term.backend())
}

/// A finished base game of four medium bots, its first seat named as the sample's person.
fn finished_game() -> (Header, Vec<Entry>) {
    let cfg = crate::sim::SimConfig::base(1, 3, vec![crate::bots::BotKind::Heuristic; 4]);
    let played = crate::sim::play_game(&cfg, 0, true).expect("a game");
    let (mut header, entries) = played.record.expect("its record");
    header.names = ["Ann", "Bot 2", "Bot 3", "Bot 4"]
        .map(String::from)
        .to_vec();
    (header, entries)
}

#[test]
fn the_review_follows_the_summary_and_tab_shows_it_at_every_size() {
    let (header, entries) = finished_game();
    let summary = crate::recap::of_record(&header, &entries).expect("it replays");
    let opts = Options {
        playouts: 8,
        you: Some(0),
        ..Options::default()
    };
    let review = crate::review::review(&header, &entries, &opts, &|_, _| {}).expect("reviewed");
    let mut s = Sample::new(5, 4, ColorLevel::None);
    s.app
        .on_server(0, ServerMsg::Summary(Box::new(summary)), s.t0);
    assert!(s.app.results, "the summary opens the end screen");
    let first = screen(&mut s, 120, 40);
    assert!(first.contains("Tab review"), "{first}");
    // Tab before the review is done: its progress.
    s.app.on_server(
        0,
        ServerMsg::Review(ReviewState::Computing { done: 3, total: 10 }),
        s.t0,
    );
    s.key(KeyCode::Tab);
    let computing = screen(&mut s, 120, 40);
    assert!(
        computing.contains("Reviewing the game") && computing.contains("30%"),
        "{computing}"
    );
    s.app.on_server(
        0,
        ServerMsg::Review(ReviewState::Ready(Box::new(review))),
        s.t0,
    );
    let large = screen(&mut s, 120, 40);
    // At 8 playouts a point no move is told as a turning point: the page says why.
    for part in [
        "Game review",
        "Win chances",
        "Turning points",
        "more than the playouts can tell apart",
    ] {
        assert!(large.contains(part), "{part} in:\n{large}");
    }
    insta::assert_snapshot!("review_page_120x40", large);
    let small = screen(&mut s, 80, 24);
    assert!(
        small.contains("Win chances") && small.contains('█'),
        "{small}"
    );
    insta::assert_snapshot!("review_page_80x24", small);
    s.key(KeyCode::Tab);
    assert!(
        screen(&mut s, 120, 40).contains("Game summary"),
        "Tab goes back"
    );
}

#[test]
fn the_hint_key_tells_hards_move_or_why_the_host_gives_none() {
    let mut s = Sample::new(5, 4, ColorLevel::None);
    s.table.set_coach(Coach {
        hint: Some(Arc::new(crate::bots::hint::hint)),
        review: None,
    });
    s.bots(2000);
    let legal = s.app.st().legal().to_vec();
    assert!(!legal.is_empty(), "Ann's move");
    s.key(KeyCode::Char('y'));
    s.table.run_jobs_here();
    s.pump();
    let flash = s.app.flash.clone().expect("the answer shows");
    assert_eq!(flash.kind, FlashKind::Good, "{}", flash.text);
    let hint = s.app.st().hint.clone().expect("kept").expect("a hint");
    assert!(legal.contains(&hint.command), "{hint:?} in {legal:?}");
    assert!(flash.text.starts_with("Hint: "), "{}", flash.text);
    let shown = screen(&mut s, 80, 24);
    assert!(shown.contains("Hint:"), "{shown}");

    s.table.set_hints(Hints::Off);
    s.key(KeyCode::Char('y'));
    s.table.run_jobs_here();
    s.pump();
    let flash = s.app.flash.clone().expect("the refusal shows");
    assert_eq!(flash.kind, FlashKind::Error);
    assert_eq!(
        flash.text,
        "No hint: the host turned hints off for this game."
    );
}
