//! Playing a seat from this terminal once connected: the TUI, or the plain line mode
//! (`--plain`, or when the terminal is not a terminal: a pipe, a script).

use crate::proto::{ClientMsg, ServerMsg};
use crate::tui::{self, Connection, app::AppOptions};
use std::io::IsTerminal;
use std::process::ExitCode;
use tokio::sync::mpsc;

/// How this terminal plays.
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    /// The line mode instead of the TUI.
    pub plain: bool,
    /// Ring the bell when it becomes your turn.
    pub bell: bool,
    /// The name this terminal joined with.
    pub name: String,
    /// Lines for the lobby screen, such as how others join this host.
    pub notes: Vec<String>,
    /// This terminal hosts the game (`catan host`): quitting ends it for everyone.
    pub hosting: bool,
    /// The hosted game is saved as it goes (`catan host --resume` brings it back).
    pub saved: bool,
    /// The host's key as this terminal knows it, for the lobby: its fingerprint, which players
    /// compare with the host's screen, then how it was checked (lines).
    pub host_key: Option<String>,
}

/// Whether a TUI can run here: both ends of the terminal are a terminal.
pub fn tui_possible() -> bool {
    std::io::stdout().is_terminal() && std::io::stdin().is_terminal()
}

/// Plays through the given channels until the player quits or the connection ends.
pub async fn play(
    tx: mpsc::Sender<ClientMsg>,
    rx: mpsc::Receiver<ServerMsg>,
    plain: bool,
) -> anyhow::Result<ExitCode> {
    play_with(
        tx,
        rx,
        PlayOptions {
            plain,
            ..PlayOptions::default()
        },
    )
    .await
}

/// [`play`] with all the options.
pub async fn play_with(
    tx: mpsc::Sender<ClientMsg>,
    rx: mpsc::Receiver<ServerMsg>,
    opts: PlayOptions,
) -> anyhow::Result<ExitCode> {
    if opts.plain || !tui_possible() {
        // A host's own terminal printed its key with the addresses already.
        if let Some(k) = opts.host_key.as_ref().filter(|_| !opts.hosting) {
            println!("host key: {}", k.replace('\n', " · "));
        }
        return plain(tx, rx).await;
    }
    tui::run(
        vec![Connection {
            name: opts.name,
            tx,
            rx,
        }],
        AppOptions {
            bell: opts.bell,
            notes: opts.notes,
            local: false,
            hosting: opts.hosting,
            saved: opts.saved,
            host_key: opts.host_key,
        },
    )
    .await?;
    Ok(ExitCode::SUCCESS)
}

/// The line mode on stdin and stdout.
pub async fn plain(
    tx: mpsc::Sender<ClientMsg>,
    rx: mpsc::Receiver<ServerMsg>,
) -> anyhow::Result<ExitCode> {
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    let mut stdout = std::io::stdout();
    let ok = crate::client::plain::run(stdin, &mut stdout, tx, rx).await?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
