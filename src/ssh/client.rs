//! A guest's client, run by the host: the same TUI and line mode as `catan join`, on an
//! in-process connection to the table ([`crate::server::HostHandle::connect_local`]), so an
//! SSH player and a TCP player are equal at the table. Between the table and the client, a
//! relay binds a seat to the guest's key ([`super::identity`]) and turns a refusal of a held
//! name into words for SSH.

use super::Shared;
use super::identity::{Identity, name_held};
use super::output::Outbox;
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use crate::tui::{self, Connection, Event, app::AppOptions, theme::ColorLevel};
use ratatui::crossterm::{cursor, event, execute, terminal};
use ratatui::{Terminal, TerminalOptions, Viewport, backend::CrosstermBackend, layout::Rect};
use std::sync::Arc;
use tokio::sync::mpsc;

/// Who a session plays as.
#[derive(Clone, Debug)]
pub struct Guest {
    /// The name at the table (the SSH user name).
    pub name: String,
    pub who: Identity,
    /// `watch@HOST`: a spectator.
    pub watch: bool,
}

/// How the session shows the game.
pub enum Screen {
    /// A pty: the TUI at this size with these colours; events come from the guest's bytes.
    Tui {
        size: (u16, u16),
        level: ColorLevel,
        input: mpsc::Receiver<Event>,
    },
    /// No pty (`ssh -T`, a command): the `--plain` line protocol, reading `input` after the
    /// command's own lines.
    Plain {
        first: Vec<String>,
        input: tokio::io::DuplexStream,
    },
}

/// Says hello for `guest` and returns the client's channels, through the relay.
async fn open(
    shared: &Arc<Shared>,
    guest: &Guest,
) -> (mpsc::Sender<ClientMsg>, mpsc::Receiver<ServerMsg>) {
    let (tx, mut from_table) = shared.host.connect_local(false).await;
    let token = if guest.watch {
        None
    } else {
        shared.seats.token_for(&guest.who)
    };
    // A key that holds a seat gets it whatever name it asks for: told so below when the
    // names differ.
    let held = match &guest.who {
        Identity::Key(fp) if !guest.watch => shared.seats.seat_of(fp),
        _ => None,
    };
    let _ = tx
        .send(ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: guest.name.clone(),
            token,
            watch: guest.watch,
            color: None,
            password: shared.password.clone(),
        })
        .await;
    let (to_client, rx) = mpsc::channel::<ServerMsg>(1024);
    let shared = shared.clone();
    let guest = guest.clone();
    tokio::spawn(async move {
        while let Some(m) = from_table.recv().await {
            let mut after = None;
            let m = match m {
                ServerMsg::Welcome {
                    version,
                    seat,
                    token,
                    game,
                } => {
                    shared.seats.seated(&guest.who, &token, &guest.name);
                    if let (Some(s), Some(h)) = (seat, &held)
                        && h.token == token
                        && !crate::server::names::same(&h.name, &guest.name)
                    {
                        after = Some(ServerMsg::Notice(welcome_back(s, &h.name, &guest.name)));
                    }
                    if seat.is_some()
                        && matches!(guest.who, Identity::Keyless { .. })
                        && !token.is_empty()
                    {
                        after = Some(ServerMsg::Notice(format!(
                            "You have no SSH key here: to take this seat back after a drop, connect again as {} and type this code at the prompt: {token}",
                            guest.name
                        )));
                    }
                    ServerMsg::Welcome {
                        version,
                        seat,
                        token,
                        game,
                    }
                }
                ServerMsg::NameHeld { .. } => ServerMsg::Refused {
                    reason: name_held(&guest.name, &guest.who),
                },
                m => m,
            };
            let refused = matches!(m, ServerMsg::Refused { .. });
            if to_client.send(m).await.is_err() {
                return;
            }
            if let Some(a) = after
                && to_client.send(a).await.is_err()
            {
                return;
            }
            if refused {
                // The table keeps a connection open after `NameHeld`: this one is done.
                return;
            }
        }
    });
    (tx, rx)
}

/// What a key that holds a seat is told when it asked under another name: it got its seat,
/// not the name it asked for.
pub fn welcome_back(seat: crate::engine::Seat, held_as: &str, asked: &str) -> String {
    format!(
        "welcome back: you hold seat {} as {held_as} (this key sat down there; it keeps that seat, so the name {asked} was not used)",
        seat + 1
    )
}

/// Plays one session until the guest quits or goes. Returns whether it ended normally.
pub async fn play(
    shared: Arc<Shared>,
    guest: Guest,
    screen: Screen,
    mut out: Outbox,
) -> anyhow::Result<bool> {
    let (tx, rx) = open(&shared, &guest).await;
    match screen {
        Screen::Tui { size, level, input } => {
            execute!(
                out,
                terminal::EnterAlternateScreen,
                event::EnableMouseCapture,
                cursor::Hide,
                terminal::Clear(terminal::ClearType::All)
            )?;
            let area = Rect::new(0, 0, size.0, size.1);
            let mut term = Terminal::with_options(
                CrosstermBackend::new(out),
                TerminalOptions {
                    viewport: Viewport::Fixed(area),
                },
            )?;
            let input =
                futures::stream::unfold(
                    input,
                    |mut rx| async move { rx.recv().await.map(|e| (e, rx)) },
                );
            let opts = AppOptions {
                bell: false,
                notes: shared.notes.clone(),
                local: false,
                hosting: false,
                saved: false,
                host_key: Some(format!(
                    "{}\nyour ssh showed this key when you connected",
                    shared.fingerprint
                )),
            };
            let res = tui::drive(
                &mut term,
                Box::pin(input),
                size,
                level,
                vec![Connection {
                    name: guest.name.clone(),
                    tx,
                    rx,
                }],
                opts,
            )
            .await;
            let out = term.backend_mut();
            let _ = execute!(
                out,
                event::DisableMouseCapture,
                terminal::LeaveAlternateScreen,
                cursor::Show
            );
            res.map(|()| true)
        }
        Screen::Plain { first, input } => {
            use tokio::io::AsyncReadExt;
            let first = first.join("\n") + if first.is_empty() { "" } else { "\n" };
            let reader =
                tokio::io::BufReader::new(std::io::Cursor::new(first.into_bytes()).chain(input));
            use std::io::Write;
            writeln!(out, "host key: {}", shared.fingerprint)?;
            crate::client::plain::run(reader, &mut out, tx, rx).await
        }
    }
}
