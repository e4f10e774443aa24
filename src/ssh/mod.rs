//! The host serves the game over SSH (`catan host --ssh`): a guest types
//! `ssh -p 2222 NAME@HOST` and plays, with nothing installed. The host runs the guest's
//! client itself: the same TUI as `catan join`, drawn at the guest's terminal size and
//! colours and sent as terminal output (only the cells that changed), or the `--plain` line
//! protocol when there is no pty (`ssh -T`, a command). `watch@HOST` spectates. Each session is
//! an in-process connection to the table, so SSH and TCP players are equal there. See
//! docs/ssh.md.
//!
//! - [`session`]: one SSH connection (authentication, the channel, the guest's bytes).
//! - [`client`]: the guest's client on the table, and the relay that binds seats to keys.
//! - [`identity`]: keys, codes and passwords.
//! - [`input`]: raw terminal bytes to key events.
//! - [`output`]: the bounded outbox to a guest, and the switch that cuts a session.
//!
//! The server's key is the host's own ([`crate::hostkey`]), the one TLS serves under: players
//! compare one fingerprint whichever way they join.

pub mod cells;
pub mod client;
pub mod identity;
pub mod input;
pub mod output;
pub mod session;

use crate::server::HostHandle;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::net::TcpListener;

/// `catan host --ssh` with no port.
pub const DEFAULT_PORT: u16 = 2222;

/// SSH sessions at once unless `--ssh-max-sessions` says otherwise.
pub const MAX_SESSIONS: usize = 1024;

/// Time from the TCP connection to a finished authentication.
pub const AUTH_TIMEOUT: Duration = Duration::from_secs(30);

/// How the SSH server is set up.
#[derive(Clone, Debug)]
pub struct SshOptions {
    /// Sessions at once; more are told the host is full.
    pub max_sessions: usize,
    /// The table's password, asked at the login prompt.
    pub password: Option<String>,
    /// Lines for the lobby screen (how others join).
    pub notes: Vec<String>,
    pub auth_timeout: Duration,
    /// Where the keys' seats are kept (beside the game's save, [`identity::keys_file_for`]),
    /// so `catan host --resume` gives each key its seat back; `None` keeps them in memory.
    pub keys_file: Option<std::path::PathBuf>,
}

impl Default for SshOptions {
    fn default() -> Self {
        SshOptions {
            max_sessions: MAX_SESSIONS,
            password: None,
            notes: Vec::new(),
            auth_timeout: AUTH_TIMEOUT,
            keys_file: None,
        }
    }
}

/// What every session of the server shares.
pub struct Shared {
    pub host: HostHandle,
    pub seats: identity::Seats,
    pub fingerprint: String,
    pub notes: Vec<String>,
    pub password: Option<String>,
    pub max_sessions: usize,
    sessions: AtomicUsize,
    /// The screen cells all sessions may draw, in all.
    pub cells: cells::CellBudget,
    /// Bytes sent to guests in all (the benchmark reads it).
    pub bytes_out: Arc<AtomicUsize>,
    /// Sessions cut because their guest stopped reading (over [`output::OUT_BUDGET`]).
    dropped_slow: AtomicUsize,
}

impl Shared {
    /// Open sessions now.
    pub fn sessions(&self) -> usize {
        self.sessions.load(Ordering::SeqCst)
    }

    /// Sessions cut so far because their guest stopped reading.
    pub fn dropped_slow(&self) -> usize {
        self.dropped_slow.load(Ordering::SeqCst)
    }
}

/// A session's place among [`SshOptions::max_sessions`], with the screen cells it was
/// granted; dropping it frees both.
pub struct Place {
    shared: Arc<Shared>,
    cells: usize,
}

impl Place {
    /// The size to draw this session's window of `want` at, within the cell budget.
    pub fn fit(&mut self, want: (u16, u16)) -> (u16, u16) {
        self.shared.cells.fit(&mut self.cells, want)
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.shared.cells.release(&mut self.cells);
        self.shared.sessions.fetch_sub(1, Ordering::SeqCst);
    }
}

fn take_place(shared: &Arc<Shared>) -> Option<Place> {
    let n = shared.sessions.fetch_add(1, Ordering::SeqCst);
    if n >= shared.max_sessions {
        shared.sessions.fetch_sub(1, Ordering::SeqCst);
        return None;
    }
    Some(Place {
        shared: shared.clone(),
        cells: 0,
    })
}

/// A running SSH server.
pub struct SshServer {
    pub shared: Arc<Shared>,
    pub port: u16,
    task: tokio::task::JoinHandle<()>,
}

impl SshServer {
    /// Serves the table behind `host` over SSH on `listener`, under the host's key.
    pub fn start(
        listener: TcpListener,
        host: HostHandle,
        key: &crate::hostkey::HostKey,
        opts: SshOptions,
    ) -> anyhow::Result<SshServer> {
        let port = listener.local_addr()?.port();
        let private = russh::keys::PrivateKey::from_openssh(key.openssh_private()?.as_bytes())
            .map_err(|e| anyhow::anyhow!("the host key is not usable for SSH: {e}"))?;
        let mut methods = russh::MethodSet::empty();
        methods.push(russh::MethodKind::PublicKey);
        methods.push(russh::MethodKind::KeyboardInteractive);
        let config = Arc::new(russh::server::Config {
            server_id: russh::SshId::Standard("SSH-2.0-catan".into()),
            methods,
            keys: vec![private],
            auth_rejection_time: Duration::from_millis(300),
            auth_rejection_time_initial: Some(Duration::ZERO),
            max_auth_attempts: 6,
            // A player may sit and think: dead peers are found by keepalives instead.
            inactivity_timeout: None,
            keepalive_interval: Some(Duration::from_secs(15)),
            keepalive_max: 4,
            nodelay: true,
            ..Default::default()
        });
        let seats = match opts.keys_file {
            Some(path) => identity::Seats::kept_in(path.clone()).map_err(|e| {
                anyhow::anyhow!("cannot read the SSH keys' seats in {}: {e}", path.display())
            })?,
            None => identity::Seats::default(),
        };
        let shared = Arc::new(Shared {
            host,
            seats,
            fingerprint: key.fingerprint(),
            notes: opts.notes,
            password: opts.password,
            max_sessions: opts.max_sessions,
            sessions: AtomicUsize::new(0),
            cells: cells::CellBudget::for_sessions(
                opts.max_sessions,
                (session::MAX_COLS, session::MAX_ROWS),
            ),
            bytes_out: Arc::new(AtomicUsize::new(0)),
            dropped_slow: AtomicUsize::new(0),
        });
        let s = shared.clone();
        let auth_timeout = opts.auth_timeout;
        let task = tokio::spawn(async move {
            loop {
                let (socket, peer) = match listener.accept().await {
                    Ok(x) => x,
                    Err(e) => {
                        // Out of file descriptors and the like: wait a little, not spin.
                        tracing::warn!(error = %e, "ssh accept failed");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                };
                let _ = socket.set_nodelay(true);
                let conn = session::Connection::new(s.clone(), take_place(&s));
                let cut = conn.cut.clone();
                let authed = conn.authed.clone();
                let config = config.clone();
                let shared = s.clone();
                tokio::spawn(async move {
                    let stream = cut.wrap(socket);
                    // The peer has `auth_timeout` to say who it is; then it is cut.
                    let watchdog = {
                        let cut = cut.clone();
                        tokio::spawn(async move {
                            tokio::time::sleep(auth_timeout).await;
                            if !authed.load(Ordering::SeqCst) {
                                cut.cut("did not authenticate in time");
                            }
                        })
                    };
                    let session = tokio::time::timeout(
                        auth_timeout,
                        russh::server::run_stream(config, stream, conn),
                    )
                    .await;
                    if let Ok(Ok(session)) = session
                        && let Err(e) = session.await
                    {
                        tracing::debug!(%peer, error = %e, "ssh session ended");
                    }
                    if let Some(why) = cut.why() {
                        tracing::info!(%peer, why, "ssh session cut");
                        if why == output::STOPPED_READING {
                            shared.dropped_slow.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                    watchdog.abort();
                });
            }
        });
        Ok(SshServer { shared, port, task })
    }

    /// Stops accepting (sessions already open end with the table).
    pub fn stop(&self) {
        self.task.abort();
    }
}

impl Drop for SshServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}
