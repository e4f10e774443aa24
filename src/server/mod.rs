//! The host: one task owns the [`table::Table`] and applies everything in arrival order;
//! each TCP connection is a thin task pair that decodes frames into it and encodes its replies.
//! In-process connections (the hot-seat mode, the host's own terminal) plug into the same task
//! through channels.
//!
//! All of it works for any ruleset `G` ([`crate::ruleset::Ruleset`]): the table reaches the
//! rules through the trait and its bots through [`bots::TableBot`]; connections carry
//! `G::View` in their messages. The types default to the five rulesets' [`Game`].

pub mod bots;
pub mod names;
pub mod table;

#[cfg(test)]
mod seating_tests;

use crate::engine::Millis;
use crate::proto::codec::{MAX_CLIENT_FRAME, MsgCodec};
use crate::proto::{ClientMsg, HostStats, ServerMsg};
use crate::ruleset::Ruleset;
use crate::transport::{Accepted, HostTransport};
use crate::variants::{Game, GameView};
use futures::{SinkExt, StreamExt};
use serde::Serialize;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use table::{ConnId, QUEUE, Table};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::codec::Framed;

/// A connection has this long to say hello.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// A connection that sends no complete frame for this long is closed (clients ping every 5 s).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a connection may take, so a silent or trickling peer cannot hold a task forever.
/// A frame counts only once it is complete: a slowloris sending a byte a second is closed
/// when `idle` passes without a whole frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time to send a complete hello.
    pub hello: Duration,
    /// Time between complete frames.
    pub idle: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            hello: HELLO_TIMEOUT,
            idle: IDLE_TIMEOUT,
        }
    }
}

/// What connections tell the table task (`V`: the ruleset's view).
#[derive(Debug)]
pub enum Inbound<V = GameView> {
    Open {
        conn: ConnId,
        tx: mpsc::Sender<ServerMsg<V>>,
        is_host: bool,
        peer: String,
    },
    Msg {
        conn: ConnId,
        msg: ClientMsg,
    },
    Closed {
        conn: ConnId,
    },
}

/// A handle for adding connections to a running table (`V`: the ruleset's view).
pub struct HostHandle<V = GameView> {
    inbound: mpsc::Sender<Inbound<V>>,
    next_id: Arc<AtomicU64>,
    /// How full the table is, kept current by the table task.
    pub status: tokio::sync::watch::Receiver<table::TableStatus>,
}

// Derived Clone would ask `V: Clone`; the handle clones its channels, never a view.
impl<V> Clone for HostHandle<V> {
    fn clone(&self) -> Self {
        HostHandle {
            inbound: self.inbound.clone(),
            next_id: self.next_id.clone(),
            status: self.status.clone(),
        }
    }
}

impl<V: Send + 'static> HostHandle<V> {
    fn next(&self) -> ConnId {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// An in-process connection: returns the sender for its messages and the receiver of the
    /// host's replies. It behaves exactly like a TCP client.
    pub async fn connect_local(
        &self,
        is_host: bool,
    ) -> (mpsc::Sender<ClientMsg>, mpsc::Receiver<ServerMsg<V>>) {
        let conn = self.next();
        let (out_tx, out_rx) = mpsc::channel(QUEUE * 4);
        let (in_tx, mut in_rx) = mpsc::channel::<ClientMsg>(64);
        let _ = self
            .inbound
            .send(Inbound::Open {
                conn,
                tx: out_tx,
                is_host,
                peer: "local".into(),
            })
            .await;
        let inbound = self.inbound.clone();
        tokio::spawn(async move {
            while let Some(msg) = in_rx.recv().await {
                if inbound.send(Inbound::Msg { conn, msg }).await.is_err() {
                    return;
                }
            }
            let _ = inbound.send(Inbound::Closed { conn }).await;
        });
        (in_tx, out_rx)
    }
}

/// Starts the table task; returns a handle for connections and the task's join handle, which
/// yields the table when the task ends.
pub fn spawn_table<G: Ruleset>(
    table: Table<G>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> (HostHandle<G::View>, tokio::task::JoinHandle<Table<G>>) {
    let (tx, rx) = mpsc::channel(1024);
    let (status_tx, status) = tokio::sync::watch::channel(table.status());
    let handle = HostHandle {
        inbound: tx,
        next_id: Arc::new(AtomicU64::new(1)),
        status,
    };
    let task = tokio::spawn(run_table(table, rx, status_tx, shutdown));
    (handle, task)
}

/// The table task: messages in arrival order, and the clock.
async fn run_table<G: Ruleset>(
    mut table: Table<G>,
    mut rx: mpsc::Receiver<Inbound<G::View>>,
    status: tokio::sync::watch::Sender<table::TableStatus>,
    shutdown: impl Future<Output = ()>,
) -> Table<G> {
    let start = Instant::now();
    // A resumed game's clock goes on from its save.
    let origin = table.origin();
    let now = move || origin + start.elapsed().as_millis() as Millis;
    let mut closers: std::collections::HashMap<ConnId, mpsc::Sender<ServerMsg<G::View>>> =
        Default::default();
    tokio::pin!(shutdown);
    loop {
        let wake = table
            .next_wake()
            .map(|ms| start + Duration::from_millis(ms.saturating_sub(origin)));
        let step;
        tokio::select! {
            msg = rx.recv() => {
                step = std::time::Instant::now();
                let Some(msg) = msg else { break };
                let t = now();
                table.set_wall_clock(wall_us());
                match msg {
                    Inbound::Msg { conn, msg: ClientMsg::Stats } => {
                        if let Some(tx) = closers.get(&conn) {
                            let (rss_kb, peak_rss_kb) = process_memory();
                            let _ = tx.try_send(ServerMsg::Stats(HostStats {
                                rss_kb,
                                peak_rss_kb,
                                connections: closers.len() as u64,
                                dropped_slow: table.dropped_slow(),
                            }));
                        }
                    }
                    Inbound::Open { conn, tx, is_host, peer } => {
                        closers.insert(conn, tx.clone());
                        table.open(conn, tx, is_host, peer);
                    }
                    Inbound::Msg { conn, msg } => table.message(conn, msg, t),
                    Inbound::Closed { conn } => {
                        closers.remove(&conn);
                        table.close(conn, t);
                    }
                }
                table.tick(now());
            }
            _ = async { tokio::time::sleep_until(wake.unwrap_or(start)).await }, if wake.is_some() => {
                step = std::time::Instant::now();
                table.set_wall_clock(wall_us());
                table.tick(now());
            }
            _ = &mut shutdown => break,
        }
        let took = step.elapsed();
        if took > Duration::from_millis(20) {
            tracing::debug!(ms = took.as_millis() as u64, "a slow table step");
        }
        for (conn, reason) in table.take_effects().close {
            if let Some(tx) = closers.remove(&conn) {
                // Best effort: the writer ends the connection after this message.
                let _ = tx.try_send(ServerMsg::Closing { reason });
            }
            table.close(conn, now());
        }
        let st = table.status();
        status.send_if_modified(|s| {
            let changed = *s != st;
            *s = st;
            changed
        });
    }
    table
}

/// Microseconds since the Unix epoch, for the updates' delivery stamps.
fn wall_us() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}

/// This process's resident memory now and at its peak, in KiB (Linux `/proc/self/status`;
/// zeros elsewhere).
pub fn process_memory() -> (u64, u64) {
    let Ok(text) = std::fs::read_to_string("/proc/self/status") else {
        return (0, 0);
    };
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Raises this process's soft limit on open files to its hard limit, so a host can hold as
/// many sockets as the system allows it; returns the (soft, hard) limits in force after.
/// Raising the hard limit itself takes the administrator (docs/hall.md).
#[cfg(unix)]
#[allow(clippy::unnecessary_cast)] // rlim_t is u64 on most systems, not all
pub fn raise_open_files_limit() -> std::io::Result<(u64, u64)> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed to them.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        if lim.rlim_cur < lim.rlim_max {
            let mut want = lim;
            want.rlim_cur = lim.rlim_max;
            // macOS refuses more than OPEN_MAX for the soft limit even when the hard one is
            // unlimited.
            #[cfg(target_os = "macos")]
            {
                want.rlim_cur = want.rlim_cur.min(libc::OPEN_MAX as libc::rlim_t);
            }
            if libc::setrlimit(libc::RLIMIT_NOFILE, &want) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            lim = want;
        }
    }
    Ok((lim.rlim_cur as u64, lim.rlim_max as u64))
}

/// Other systems: nothing to raise.
#[cfg(not(unix))]
pub fn raise_open_files_limit() -> std::io::Result<(u64, u64)> {
    Ok((0, 0))
}

/// Serves TCP connections on `listener` into the table until `shutdown` completes, each
/// through `transport` (TLS under the host's key; plaintext too with `--insecure`).
pub async fn serve<V: Serialize + Send + Sync + 'static>(
    listener: TcpListener,
    handle: HostHandle<V>,
    limits: Limits,
    transport: HostTransport,
    shutdown: impl Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((socket, peer)) => {
                    let handle = handle.clone();
                    let transport = transport.clone();
                    tokio::spawn(async move {
                        if let Err(e) = secure_connection(socket, peer.to_string(), handle, limits, transport).await {
                            tracing::debug!(%peer, error = %e, "connection ended");
                        }
                    });
                }
                Err(e) => {
                    // Out of file descriptors and the like: back off instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            _ = &mut shutdown => return,
        }
    }
}

/// The step before [`connection`]: the TLS handshake (or the plaintext check), within the
/// hello's time limit, which then counts what is left of it for the hello itself.
async fn secure_connection<V: Serialize + Send + Sync + 'static>(
    socket: TcpStream,
    peer: String,
    handle: HostHandle<V>,
    limits: Limits,
    transport: HostTransport,
) -> anyhow::Result<()> {
    socket.set_nodelay(true)?;
    let started = Instant::now();
    let accepted = transport.accept(socket, limits.hello).await;
    let limits = Limits {
        hello: limits.hello.saturating_sub(started.elapsed()),
        ..limits
    };
    match accepted {
        Ok(Accepted::Tls(s)) => connection(*s, peer, handle, limits).await,
        Ok(Accepted::Plain(s)) => connection(s, peer, handle, limits).await,
        Ok(Accepted::Refuse(s, reason)) => {
            tracing::info!(%peer, "refused: a plaintext client");
            let mut framed = Framed::new(
                s,
                MsgCodec::<ClientMsg, ServerMsg<V>>::new(MAX_CLIENT_FRAME),
            );
            let _ = tokio::time::timeout(limits.hello, framed.send(ServerMsg::Refused { reason }))
                .await;
            Ok(())
        }
        Err(e) => {
            tracing::info!(%peer, error = %e, "refused: no encrypted handshake");
            Ok(())
        }
    }
}

/// One TCP connection (encrypted or not): a reader loop here, a writer task fed by a bounded
/// queue.
async fn connection<S, V>(
    socket: S,
    peer: String,
    handle: HostHandle<V>,
    limits: Limits,
) -> anyhow::Result<()>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    V: Serialize + Send + Sync + 'static,
{
    let framed = Framed::new(
        socket,
        MsgCodec::<ClientMsg, ServerMsg<V>>::new(MAX_CLIENT_FRAME),
    );
    let (mut sink, mut stream) = framed.split();
    // The first frame must be a hello, soon.
    let first = match tokio::time::timeout(limits.hello, stream.next()).await {
        Err(_) => {
            tracing::info!(%peer, "refused: no hello in time");
            let _ = sink
                .send(ServerMsg::Refused {
                    reason: format!("no hello within {} s", limits.hello.as_secs_f64()),
                })
                .await;
            return Ok(());
        }
        Ok(None) => return Ok(()),
        Ok(Some(Err(e))) => {
            tracing::info!(%peer, error = %e, "refused: bad first frame");
            let _ = sink
                .send(ServerMsg::Refused {
                    reason: format!("bad message: {e}"),
                })
                .await;
            return Ok(());
        }
        Ok(Some(Ok(m))) => m,
    };
    if !matches!(first, ClientMsg::Hello { .. }) {
        tracing::info!(%peer, "refused: did not start with hello");
        let _ = sink
            .send(ServerMsg::Refused {
                reason: "the first message must be a hello".into(),
            })
            .await;
        return Ok(());
    }
    let conn = handle.next();
    let (tx, mut rx) = mpsc::channel::<ServerMsg<V>>(QUEUE);
    handle
        .inbound
        .send(Inbound::Open {
            conn,
            tx,
            is_host: false,
            peer: peer.clone(),
        })
        .await?;
    handle
        .inbound
        .send(Inbound::Msg { conn, msg: first })
        .await?;
    let writer = tokio::spawn(async move {
        // Whatever is queued goes out in one write: a hall's round start queues several.
        'out: while let Some(mut msg) = rx.recv().await {
            loop {
                let last = matches!(msg, ServerMsg::Closing { .. } | ServerMsg::Refused { .. });
                if sink.feed(msg).await.is_err() {
                    break 'out;
                }
                if last {
                    let _ = sink.flush().await;
                    break 'out;
                }
                match rx.try_recv() {
                    Ok(m) => msg = m,
                    Err(_) => break,
                }
            }
            if sink.flush().await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut writer = writer;
    loop {
        tokio::select! {
            frame = tokio::time::timeout(limits.idle, stream.next()) => match frame {
                Err(_) => {
                    tracing::info!(%peer, secs = limits.idle.as_secs_f64(), "closed: no complete frame in time");
                    break;
                }
                Ok(None) => break,
                Ok(Some(Err(e))) => {
                    tracing::info!(%peer, error = %e, "closed: bad frame");
                    break;
                }
                Ok(Some(Ok(msg))) => {
                    if handle.inbound.send(Inbound::Msg { conn, msg }).await.is_err() {
                        break;
                    }
                }
            },
            _ = &mut writer => {
                // The host closed this connection (with a reason, already sent). Read and drop
                // what the peer still sends for a moment: closing a socket with unread data
                // resets it, and the reset can destroy the reason before the peer reads it.
                let _ = tokio::time::timeout(Duration::from_millis(500), async {
                    while let Some(Ok(_)) = stream.next().await {}
                })
                .await;
                break;
            }
        }
    }
    let _ = handle.inbound.send(Inbound::Closed { conn }).await;
    Ok(())
}

/// A host serving TCP in this process: for `catan host`, tests and benchmarks.
pub struct RunningHost<G: Ruleset = Game> {
    pub addr: std::net::SocketAddr,
    /// The fingerprint of the key connections are encrypted under (`SHA256:…`).
    pub fingerprint: String,
    pub handle: HostHandle<G::View>,
    stop: tokio::sync::watch::Sender<bool>,
    table: tokio::task::JoinHandle<Table<G>>,
    server: tokio::task::JoinHandle<()>,
}

impl<G: Ruleset> RunningHost<G> {
    /// Serves `table` on `listener` until [`RunningHost::stop`], encrypted under a new key
    /// kept nowhere (tests and benchmarks; `catan host` serves under the user's key with
    /// [`RunningHost::start_serving`]).
    pub fn start(listener: TcpListener, table: Table<G>) -> std::io::Result<RunningHost<G>> {
        RunningHost::start_with(listener, table, Limits::default())
    }

    /// [`RunningHost::start`] with other connection time limits (tests use short ones).
    pub fn start_with(
        listener: TcpListener,
        table: Table<G>,
        limits: Limits,
    ) -> std::io::Result<RunningHost<G>> {
        let transport = HostTransport::ephemeral().map_err(std::io::Error::other)?;
        RunningHost::start_serving(listener, table, limits, transport)
    }

    /// [`RunningHost::start_with`] through the given transport (the host's own key).
    pub fn start_serving(
        listener: TcpListener,
        table: Table<G>,
        limits: Limits,
        transport: HostTransport,
    ) -> std::io::Result<RunningHost<G>> {
        let addr = listener.local_addr()?;
        let fingerprint = transport.fingerprint().to_string();
        let (stop, rx) = tokio::sync::watch::channel(false);
        let until = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
            let _ = rx.wait_for(|s| *s).await;
        };
        let (handle, table) = spawn_table(table, until(rx.clone()));
        let server = tokio::spawn(serve(
            listener,
            handle.clone(),
            limits,
            transport,
            until(rx),
        ));
        Ok(RunningHost {
            addr,
            fingerprint,
            handle,
            stop,
            table,
            server,
        })
    }

    /// Stops serving and returns the table as it ended.
    pub async fn stop(self) -> Table<G> {
        let _ = self.stop.send(true);
        let _ = self.server.await;
        self.table.await.expect("the table task does not panic")
    }
}
