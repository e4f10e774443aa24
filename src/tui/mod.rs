//! The terminal client: a ratatui TUI for `join`, `host` and `hotseat`.
//!
//! Layers, each importing only those above it in this list (no import circle):
//! - leaves: [`theme`] (colour levels, styles), [`input`] (keys to intents, the command
//!   line's editor), [`legal`] (the update's legal commands read back into board targets and
//!   choices), [`layout`] (where each pane goes), [`lines`] and [`widgets`] (shared lines, the
//!   panes' frame, seat labels).
//! - [`dialogs`]: trades, discards, the robber's victim, cards; each ends in a command string.
//!   [`board`]: the board pane's viewport, cursor movement and painting.
//! - [`ruleset`]: the [`ruleset::RulesetUi`] trait, what a ruleset adds to a client;
//!   [`rulesets`]: one implementation per ruleset and the one registry that picks it.
//! - [`app`]: the UI state beside the client cores, and the handlers that turn keys, clicks,
//!   host messages and ticks into state and effects (pure; unit-tested).
//! - [`ui`] and [`recap`]: rendering as a pure function of the app (`impl Widget for &App`).
//! - `sample`: games in known states, for snapshot tests and the frame benchmark (it runs a
//!   host table in-process, so it is built only for tests and with the `bench-sample`
//!   feature, never into the client).
//!
//! [`drive`] is the event loop over any crossterm-backed terminal: terminal events, clock
//! ticks and host messages funnel into one [`Event`] enum; each is handled, then the frame is
//! drawn (ratatui sends only the cells that changed). [`run`] drives this process's terminal
//! (crossterm's `EventStream`, SIGTERM and SIGHUP), and restores it on every way out:
//! quitting, Ctrl-C, errors and panics (a panic hook restores it before the message prints).
//! The SSH server ([`crate::ssh`]) drives a guest's channel with the same loop.

pub mod app;
pub mod board;
pub mod dialogs;
pub mod input;
pub mod layout;
pub mod legal;
pub mod lines;
pub mod log_pane;
pub mod panes;
pub mod picker;
pub mod recap;
pub mod review;
pub mod ruleset;
pub mod rulesets;
#[cfg(any(test, feature = "bench-sample"))]
pub mod sample;
pub mod screens;
pub mod theme;
pub mod ui;
pub mod widgets;

#[cfg(test)]
mod arrival_tests;
#[cfg(test)]
mod keys_tests;
#[cfg(test)]
mod review_tests;
#[cfg(test)]
mod size_tests;
#[cfg(test)]
mod tests;

use crate::proto::{ClientMsg, ServerMsg};
use app::{App, AppOptions, Effect, Session};
use futures::StreamExt;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    DisableMouseCapture, EnableMouseCapture, Event as TermEvent, EventStream, KeyEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::{Stdout, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use theme::{ColorLevel, Theme};
use tokio::sync::mpsc;

/// Everything the loop reacts to.
#[derive(Debug)]
pub enum Event {
    /// A key, a click, a resize.
    Term(TermEvent),
    /// A message from the host on one session (`None`: the connection ended).
    Server(usize, Option<ServerMsg>),
    /// Time passes (countdowns).
    Tick,
    /// The process was asked to stop (SIGTERM, SIGHUP).
    Stop,
}

/// One person's connection to the host.
pub struct Connection {
    pub name: String,
    pub tx: mpsc::Sender<ClientMsg>,
    pub rx: mpsc::Receiver<ServerMsg>,
}

/// Puts the terminal back as it was: raw mode off, main screen, no mouse capture, cursor
/// shown. Safe to call more than once.
pub fn restore_terminal() {
    ACTIVE.store(false, Ordering::SeqCst);
    let mut out = std::io::stdout();
    let _ = execute!(
        out,
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// Whether the terminal is in TUI mode now (the panic hook restores it only then).
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Chains a panic hook that restores the terminal before the panic message prints.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if ACTIVE.load(Ordering::SeqCst) {
                restore_terminal();
            }
            previous(info);
        }));
    });
}

/// The terminal in TUI mode; dropping it restores the terminal.
struct TermGuard {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl TermGuard {
    fn enter() -> anyhow::Result<TermGuard> {
        install_panic_hook();
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let mut out = std::io::stdout();
        if let Err(e) = execute!(out, EnterAlternateScreen, EnableMouseCapture) {
            restore_terminal();
            return Err(e.into());
        }
        let mut terminal = match Terminal::new(CrosstermBackend::new(std::io::stdout())) {
            Ok(t) => t,
            Err(e) => {
                restore_terminal();
                return Err(e.into());
            }
        };
        terminal.hide_cursor()?;
        terminal.clear()?;
        Ok(TermGuard { terminal })
    }
}

impl Drop for TermGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Runs the TUI on these connections in this process's terminal until the player quits.
/// Several connections make a hot-seat game: the screen follows whoever must act.
pub async fn run(conns: Vec<Connection>, opts: AppOptions) -> anyhow::Result<()> {
    let (stop_tx, stop_rx) = mpsc::channel::<Event>(4);
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        for kind in [SignalKind::terminate(), SignalKind::hangup()] {
            if let Ok(mut s) = signal(kind) {
                let tx = stop_tx.clone();
                tokio::spawn(async move {
                    if s.recv().await.is_some() {
                        let _ = tx.send(Event::Stop).await;
                    }
                });
            }
        }
    }
    drop(stop_tx);
    let mut guard = TermGuard::enter()?;
    let size = guard.terminal.size()?;
    // Keys end the input when the terminal fails; the signals' stream ends when the signal
    // tasks do, which must not end the input.
    let keys = EventStream::new()
        .take_while(|e| futures::future::ready(e.is_ok()))
        .filter_map(|e| futures::future::ready(e.ok().map(Event::Term)));
    let stops =
        futures::stream::unfold(
            stop_rx,
            |mut rx| async move { rx.recv().await.map(|e| (e, rx)) },
        )
        .chain(futures::stream::pending());
    let input = futures::stream::select(keys.chain(futures::stream::iter([Event::Stop])), stops);
    let res = drive(
        &mut guard.terminal,
        Box::pin(input),
        (size.width, size.height),
        ColorLevel::detect(),
        conns,
        opts,
    )
    .await;
    drop(guard);
    res
}

/// The event loop over any terminal that a crossterm backend writes to: this process's
/// terminal ([`run`]) or an SSH guest's channel ([`crate::ssh`]). `input` brings the
/// terminal's events (keys, clicks, resizes) and [`Event::Stop`]; its end stops the loop too.
/// `size` is the terminal's size at the start (later sizes come as resize events), `level`
/// how many colours it shows. The caller sets the terminal up (alternate screen, mouse) and
/// puts it back. Returns when the player quits.
pub async fn drive<W: Write>(
    terminal: &mut Terminal<CrosstermBackend<W>>,
    mut input: impl futures::Stream<Item = Event> + Unpin,
    size: (u16, u16),
    level: ColorLevel,
    conns: Vec<Connection>,
    opts: AppOptions,
) -> anyhow::Result<()> {
    let (ev_tx, mut ev_rx) = mpsc::channel::<Event>(1024);
    let mut senders = Vec::new();
    let mut sessions = Vec::new();
    for (i, c) in conns.into_iter().enumerate() {
        senders.push(c.tx);
        sessions.push(Session::new(c.name));
        let tx = ev_tx.clone();
        let mut rx = c.rx;
        tokio::spawn(async move {
            while let Some(m) = rx.recv().await {
                if tx.send(Event::Server(i, Some(m))).await.is_err() {
                    return;
                }
            }
            let _ = tx.send(Event::Server(i, None)).await;
        });
    }
    drop(ev_tx);
    let mut app = App::new(sessions, Theme::new(level), opts, Instant::now());
    app.on_resize(size.0, size.1);
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut input_open = true;
    let mut events_open = true;
    let quit = |senders: &[mpsc::Sender<ClientMsg>]| {
        for tx in senders {
            let _ = tx.try_send(ClientMsg::Bye);
        }
    };
    loop {
        terminal.draw(|f| f.render_widget(&app, f.area()))?;
        let first = tokio::select! {
            ev = input.next(), if input_open => ev.unwrap_or_else(|| {
                input_open = false;
                Event::Stop
            }),
            ev = ev_rx.recv(), if events_open => ev.unwrap_or_else(|| {
                events_open = false;
                Event::Tick
            }),
            _ = tick.tick() => Event::Tick,
        };
        // Handle what else is already waiting before drawing again.
        let mut batch = vec![first];
        while let Ok(e) = ev_rx.try_recv() {
            batch.push(e);
            if batch.len() > 64 {
                break;
            }
        }
        for ev in batch {
            let now = Instant::now();
            let fx = match ev {
                Event::Term(TermEvent::Key(k)) if k.kind != KeyEventKind::Release => app.on_key(k),
                Event::Term(TermEvent::Mouse(m)) => app.on_mouse(m),
                Event::Term(TermEvent::Resize(w, h)) => {
                    terminal.resize(ratatui::layout::Rect::new(0, 0, w, h))?;
                    app.on_resize(w, h);
                    Vec::new()
                }
                Event::Term(_) => Vec::new(),
                Event::Server(i, Some(m)) => app.on_server(i, m, now),
                Event::Server(i, None) => {
                    app.on_disconnect(i);
                    Vec::new()
                }
                Event::Tick => {
                    app.on_tick(now);
                    Vec::new()
                }
                Event::Stop => vec![Effect::Quit],
            };
            for e in fx {
                match e {
                    Effect::Send(i, msg) => {
                        if let Some(tx) = senders.get(i) {
                            // A closed connection shows as disconnected on screen.
                            let _ = tx.try_send(msg);
                        }
                    }
                    Effect::Bell => {
                        let out = terminal.backend_mut();
                        let _ = out.write_all(b"\x07");
                        let _ = out.flush();
                    }
                    Effect::Quit => {
                        quit(&senders);
                        return Ok(());
                    }
                }
            }
        }
    }
}
