//! What people see when they arrive: the join panel (`i`) on the host's and the joiner's
//! screens, the first pin of the host's key in the log, and a takeover of a bot's seat told
//! to the table.

use super::app::{App, AppOptions, Session};
use super::sample::Sample;
use super::theme::{ColorLevel, Theme};
use crate::proto::{ClientMsg, PROTOCOL_VERSION};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;
use tokio::sync::mpsc;

fn screen(app: &mut App, w: u16, h: u16) -> String {
    app.on_resize(w, h);
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| f.render_widget(&*app, f.area())).expect("drawn");
    format!("{}", t.backend())
}

fn press(app: &mut App, c: KeyCode) {
    app.on_key(KeyEvent::new(c, KeyModifiers::NONE));
}

/// The host's game started at once (bots in every other seat): the footer names `i`, and
/// `i` shows the join lines and the key over the game at 80×24.
#[test]
fn the_host_shows_how_to_join_over_a_running_game() {
    let mut s = Sample::new(18, 4, ColorLevel::None);
    let opts = AppOptions {
        notes: vec![
            "catan join 192.168.1.20:7878".into(),
            "ssh -p 7879 NAME@192.168.1.20".into(),
        ],
        hosting: true,
        host_key: Some("SHA256:abc123\nplayers see this key when they join".into()),
        ..AppOptions::default()
    };
    s.finish_setup();
    s.app.opts = opts;
    let plain = screen(&mut s.app, 80, 24);
    assert!(
        plain.contains(" i join "),
        "the footer names the join panel:\n{plain}"
    );
    press(&mut s.app, KeyCode::Char('i'));
    let shown = screen(&mut s.app, 80, 24);
    for want in [
        "catan join 192.168.1.20:7878",
        "ssh -p 7879",
        "SHA256:abc123",
        "How to join",
    ] {
        assert!(shown.contains(want), "`{want}` on the join panel:\n{shown}");
    }
    press(&mut s.app, KeyCode::Esc);
    assert!(!s.app.join_info, "Esc closes it");
}

/// A joiner pinning the host's key for the first time reads so in the log, and `i` shows
/// the key again.
#[test]
fn a_joiner_sees_the_first_pin_in_the_log() {
    let opts = AppOptions {
        host_key: Some("SHA256:xyz\nfirst time here: pinned; compare with the host".into()),
        ..AppOptions::default()
    };
    let mut app = App::new(
        vec![Session::new("Bob")],
        Theme::new(ColorLevel::None),
        opts,
        Instant::now(),
    );
    let said = app
        .st()
        .log
        .iter()
        .any(|l| l.plain().contains("SHA256:xyz: first time here: pinned"));
    assert!(said, "the pin is in the log");
    press(&mut app, KeyCode::Char('i'));
    assert!(app.join_info);
    let local = App::new(
        vec![Session::new("Ann")],
        Theme::new(ColorLevel::None),
        AppOptions::default(),
        Instant::now(),
    );
    assert!(!local.has_join_info(), "a local game has nothing to show");
}

/// A person who arrives after the start takes a bot's seat, and the table is told who.
#[test]
fn a_takeover_is_announced() {
    let mut s = Sample::new(18, 4, ColorLevel::None);
    s.finish_setup();
    let (tx, _r) = mpsc::channel(100_000);
    s.table.open(9, tx, false, "late".into());
    s.table.message(
        9,
        ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: "Bob".into(),
            token: None,
            watch: false,
            color: None,
            password: None,
        },
        s.now + 1,
    );
    s.pump();
    let heard = s
        .app
        .st()
        .log
        .iter()
        .any(|l| l.plain().ends_with("Bob takes over Bot 2's seat (seat 2)."));
    assert!(
        heard,
        "Ann hears of it: {:?}",
        s.app
            .st()
            .log
            .iter()
            .rev()
            .take(4)
            .map(|l| l.plain())
            .collect::<Vec<_>>()
    );
}
