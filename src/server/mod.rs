//! The host: one task owns the [`table::Table`] and applies everything in arrival order;
//! each TCP connection is a thin task pair that decodes frames into it and encodes its replies.
//! In-process connections (the hot-seat mode, the host's own terminal) plug into the same task
//! through channels.
//!
//! All of it works for any ruleset `G` ([`crate::ruleset::Ruleset`]): the table reaches the
//! rules through the trait and its bots through [`bots::TableBot`]; connections carry
//! `G::View` in their messages. The types default to the five rulesets' [`Game`].

pub mod bots;
pub mod gate;
pub mod names;
pub mod rate;
pub mod table;
pub mod wire_queue;

#[cfg(test)]
mod coach_tests;
#[cfg(test)]
mod flood_tests;
mod os;
pub use os::{process_memory, process_memory_of, raise_open_files_limit};
#[cfg(test)]
mod refusal_tests;
#[cfg(test)]
mod seating_tests;
#[cfg(test)]
mod writer_tests;

use crate::engine::Millis;
use crate::proto::codec::{MAX_CLIENT_FRAME, MsgCodec};
use crate::proto::{ClientMsg, HostStats, ServerMsg};
use crate::ruleset::Ruleset;
use crate::transport::{Accepted, HostTransport};
use crate::variants::{Game, GameView};
use futures::StreamExt;
use serde::Serialize;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use table::{ConnId, Outbox, QUEUE, Table};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::Instant;

/// A connection has this long to say hello.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// A connection that has sent nothing at all is closed after this long: a client speaks
/// first (its TLS hello) at once, so only a silent socket waits this long.
pub const FIRST_BYTE_TIMEOUT: Duration = Duration::from_secs(3);
/// A connection that sends no complete frame for this long is closed (clients ping every 5 s).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a connection may take, so a silent or trickling peer cannot hold a task forever,
/// and how much of the host one peer may take, so a flooder or a crowd of dead connections
/// slows or closes itself and never the players around it (docs/reliability.md, "Floods").
/// A frame counts only once it is complete: a slowloris sending a byte a second is closed
/// when `idle` passes without a whole frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time to send a complete hello.
    pub hello: Duration,
    /// Time to send a first byte (at most `hello`).
    pub first_byte: Duration,
    /// Time between complete frames.
    pub idle: Duration,
    /// Open TCP connections in all (also kept below the process's open-files limit).
    pub connections: usize,
    /// Open connections from one address.
    pub per_address: usize,
    /// Connections that have not said hello yet, in all: past it each newcomer sheds the
    /// one that has waited longest, so silent sockets never keep an honest player out.
    pub handshaking: usize,
    /// Connections from one address that have not said hello yet.
    pub handshaking_per_address: usize,
    /// The per-address caps leave loopback alone: the host's own machine is trusted, and the
    /// hall benchmark opens thousands of clients from it (tests turn this off).
    pub loopback_exempt: bool,
    /// Frames a connection may send per second, and in a burst: past them the host reads
    /// that connection more slowly (its own socket fills, its writes wait), nobody else's.
    pub frames_per_sec: u32,
    pub frame_burst: u32,
    /// Bytes the host holds for a connection that does not read: past them it is dropped.
    /// One message larger than this (a hall's whole world) is still let through.
    pub send_budget: usize,
    /// The kernel's send and receive buffers for each connection (`SO_SNDBUF`, `SO_RCVBUF`),
    /// small so a reader that never reads, or a writer the host reads slowly, pins little
    /// kernel memory either.
    pub socket_buffer: usize,
}

impl Limits {
    /// The production limits, usable in constants (`Limits { hello, ..Limits::DEFAULT }`).
    pub const DEFAULT: Limits = Limits {
        hello: HELLO_TIMEOUT,
        first_byte: FIRST_BYTE_TIMEOUT,
        idle: IDLE_TIMEOUT,
        connections: 16_384,
        per_address: 128,
        handshaking: 512,
        handshaking_per_address: 16,
        loopback_exempt: true,
        frames_per_sec: 100,
        frame_burst: 200,
        send_budget: SEND_BUDGET,
        socket_buffer: 32 * 1024,
    };
}

impl Limits {
    /// These limits for a table that takes `commands_per_sec` commands a second from a
    /// connection ([`table::TableConfig::rate_per_sec`]): frames are read at least five
    /// times as fast (a command comes with its pings and questions), so raising the table's
    /// rate (tests, benchmarks) raises the reading rate with it.
    pub fn for_commands(self, commands_per_sec: u32) -> Limits {
        Limits {
            frames_per_sec: self.frames_per_sec.max(commands_per_sec.saturating_mul(5)),
            frame_burst: self.frame_burst.max(commands_per_sec.saturating_mul(10)),
            ..self
        }
    }

    /// These limits for a table of `seats`: the host's cap on connections leaves room for
    /// every seat and a quarter as many more (spectators, a seat's connection coming back
    /// before the old one is seen gone), so a hall of 20,000 players is not refused at 16,384.
    pub fn for_seats(self, seats: usize) -> Limits {
        Limits {
            connections: self.connections.max(seats + seats / 4 + 256),
            ..self
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// What the host holds, encoded, for one connection before it counts as not reading
/// ([`Limits::send_budget`]): about twenty base-game updates.
pub const SEND_BUDGET: usize = 64 * 1024;

/// Messages of one connection waiting in the table's shared inbound queue at a time: the
/// queue serves connections in turn (a waiting sender is served in arrival order), so one
/// flooder holds at most this many places in it.
const IN_FLIGHT: usize = 4;

/// How long the host's memory figures ([`ClientMsg::Stats`]) are reused before `/proc` is
/// read again: a `Stats` flood costs a lookup, not a file read.
const STATS_FRESH: Duration = Duration::from_secs(1);

/// What connections tell the table task (`V`: the ruleset's view).
#[derive(Debug)]
pub enum Inbound<V = GameView> {
    Open {
        conn: ConnId,
        tx: Outbox<V>,
        is_host: bool,
        peer: String,
    },
    Msg {
        conn: ConnId,
        msg: ClientMsg,
        /// The connection's place in the shared queue, given back once the table handled
        /// the message ([`IN_FLIGHT`]); `None` for in-process connections.
        turn: Option<tokio::sync::OwnedSemaphorePermit>,
    },
    Closed {
        conn: ConnId,
    },
    /// What a hint or the review, worked out on a thread of its own, found.
    Coach(table::CoachNews),
}

/// A handle for adding connections to a running table (`V`: the ruleset's view).
pub struct HostHandle<V = GameView> {
    inbound: mpsc::Sender<Inbound<V>>,
    next_id: Arc<AtomicU64>,
    /// How full the table is, kept current by the table task.
    pub status: tokio::sync::watch::Receiver<table::TableStatus>,
    /// Connections dropped by their writer for not reading (over [`Limits::send_budget`]).
    dropped_slow: Arc<AtomicU64>,
    /// The accept loop's caps, shared with the connections it admitted.
    gate: Arc<gate::Gate>,
}

// Derived Clone would ask `V: Clone`; the handle clones its channels, never a view.
impl<V> Clone for HostHandle<V> {
    fn clone(&self) -> Self {
        HostHandle {
            inbound: self.inbound.clone(),
            next_id: self.next_id.clone(),
            status: self.status.clone(),
            dropped_slow: self.dropped_slow.clone(),
            gate: self.gate.clone(),
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
                tx: Outbox::Local(out_tx),
                is_host,
                peer: "local".into(),
            })
            .await;
        let inbound = self.inbound.clone();
        tokio::spawn(async move {
            while let Some(msg) = in_rx.recv().await {
                let turn = None;
                if inbound
                    .send(Inbound::Msg { conn, msg, turn })
                    .await
                    .is_err()
                {
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
    // Weak: the table task ends when the last handle goes, whatever jobs still run.
    let jobs_post = tx.downgrade();
    let (status_tx, status) = tokio::sync::watch::channel(table.status());
    let dropped_slow = Arc::new(AtomicU64::new(0));
    let handle = HostHandle {
        inbound: tx,
        next_id: Arc::new(AtomicU64::new(1)),
        status,
        dropped_slow: dropped_slow.clone(),
        gate: Arc::new(gate::Gate::new(Limits::DEFAULT)),
    };
    let task = tokio::spawn(run_table(
        table,
        rx,
        jobs_post,
        status_tx,
        dropped_slow,
        shutdown,
    ));
    (handle, task)
}

/// The table task: messages in arrival order, and the clock.
async fn run_table<G: Ruleset>(
    mut table: Table<G>,
    mut rx: mpsc::Receiver<Inbound<G::View>>,
    jobs_post: mpsc::WeakSender<Inbound<G::View>>,
    status: tokio::sync::watch::Sender<table::TableStatus>,
    writers_dropped: Arc<AtomicU64>,
    shutdown: impl Future<Output = ()>,
) -> Table<G> {
    let start = Instant::now();
    // A resumed game's clock goes on from its save.
    let origin = table.origin();
    let now = move || origin + start.elapsed().as_millis() as Millis;
    let mut closers: std::collections::HashMap<ConnId, Outbox<G::View>> = Default::default();
    let mut memory: Option<(std::time::Instant, (u64, u64))> = None;
    table.coalesce_seat_news(true);
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
                table.set_wall_clock(wall_us());
                inbound(&mut table, &mut closers, &mut memory, &writers_dropped, msg, now());
                // What else is waiting is handled before the tick, which sends the seat news
                // of the whole batch at once (a burst of lobby traffic: one update each).
                for _ in 0..INBOUND_BATCH {
                    let Ok(msg) = rx.try_recv() else { break };
                    table.set_wall_clock(wall_us());
                    inbound(&mut table, &mut closers, &mut memory, &writers_dropped, msg, now());
                }
                table.tick(now());
            }
            _ = async { tokio::time::sleep_until(wake.unwrap_or(start)).await }, if wake.is_some() => {
                step = std::time::Instant::now();
                table.set_wall_clock(wall_us());
                table.tick(now());
            }
            _ = &mut shutdown => {
                say_goodbye(closers, table.resumable()).await;
                break;
            }
        }
        let took = step.elapsed();
        if took > Duration::from_millis(20) {
            tracing::debug!(ms = took.as_millis() as u64, "a slow table step");
        }
        let effects = table.take_effects();
        for job in effects.jobs {
            run_job(job, jobs_post.clone());
        }
        for (conn, reason) in effects.close {
            if let Some(tx) = closers.remove(&conn) {
                // Best effort: the writer ends the connection after this message.
                let _ = tx.offer(ServerMsg::Closing { reason });
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

/// What every connection hears when the host stops serving on purpose. A saved game in
/// progress may come back (`--resume`), so its clients are told so and go on reconnecting by
/// themselves; any other game is over for them, and their clients stop trying and say why.
/// Waits (at most a second) for the writers to send it.
async fn say_goodbye<V: Serialize + Clone>(
    closers: std::collections::HashMap<ConnId, Outbox<V>>,
    resumable: bool,
) {
    let msg = if resumable {
        ServerMsg::Stopped(
            "the host stopped the game; it is saved, and this client comes back to it by itself when the host resumes it".into(),
        )
    } else {
        ServerMsg::Closing {
            reason: "the host stopped the game".into(),
        }
    };
    let mut out = table::Outgoing::new(msg);
    let mut writers = Vec::new();
    for (_, tx) in closers {
        let sent = tx.offer_shared(&mut out);
        if let (table::Sent::Queued, Outbox::Wire(w)) = (sent, tx) {
            writers.push(w);
        }
    }
    let done = |w: &crate::server::wire_queue::WireTx| {
        if resumable {
            w.drained()
        } else {
            w.writer_gone()
        }
    };
    let until = Instant::now() + Duration::from_secs(1);
    while writers.iter().any(|w| !done(w)) && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Runs a table's job ([`table::CoachJob`]) on a thread of its own, its news posted back to
/// the table task; a thread that cannot be had is logged and the job dropped.
fn run_job<V: Send + 'static>(job: table::CoachJob, post: mpsc::WeakSender<Inbound<V>>) {
    let spawned = std::thread::Builder::new()
        .name("coach".into())
        .spawn(move || {
            job(&|news| {
                // The table may have stopped meanwhile: its news then goes nowhere.
                if let Some(tx) = post.upgrade() {
                    let _ = tx.blocking_send(Inbound::Coach(news));
                }
            })
        });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "no thread for a hint or the review");
    }
}

/// Messages the table task handles in a row before it ticks: enough to coalesce a burst,
/// few enough that a tick (a deadline, a bot) is never held up for long.
const INBOUND_BATCH: usize = 64;

/// One message from a connection's tasks, handled by the table task.
fn inbound<G: Ruleset>(
    table: &mut Table<G>,
    closers: &mut std::collections::HashMap<ConnId, Outbox<G::View>>,
    memory: &mut Option<(std::time::Instant, (u64, u64))>,
    writers_dropped: &AtomicU64,
    msg: Inbound<G::View>,
    t: Millis,
) {
    match msg {
        Inbound::Msg {
            conn,
            msg: ClientMsg::Stats,
            ..
        } => {
            if let Some(tx) = closers.get(&conn) {
                let (rss_kb, peak_rss_kb) = match *memory {
                    Some((at, m)) if at.elapsed() < STATS_FRESH => m,
                    _ => {
                        let m = process_memory();
                        *memory = Some((std::time::Instant::now(), m));
                        m
                    }
                };
                let _ = tx.offer(ServerMsg::Stats(HostStats {
                    rss_kb,
                    peak_rss_kb,
                    connections: closers.len() as u64,
                    dropped_slow: table.dropped_slow() + writers_dropped.load(Ordering::Relaxed),
                }));
            }
        }
        Inbound::Open {
            conn,
            tx,
            is_host,
            peer,
        } => {
            closers.insert(conn, tx.clone());
            table.open(conn, tx, is_host, peer);
        }
        // The connection's place in the queue (`turn`) is given back here.
        Inbound::Msg { conn, msg, .. } => table.message(conn, msg, t),
        Inbound::Closed { conn } => {
            closers.remove(&conn);
            table.close(conn, t);
        }
        Inbound::Coach(news) => table.coach_news(news),
    }
}

/// Microseconds since the Unix epoch, for the updates' delivery stamps.
fn wall_us() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}

/// Whether a read error is a peer simply going away: a closed or reset socket, or a TLS peer
/// that closed without its close_notify (what every client that quits or is killed does).
/// The host logs these as leaves, not as bad frames.
fn is_plain_leave(e: &crate::proto::codec::FrameError) -> bool {
    use std::io::ErrorKind;
    matches!(
        e,
        crate::proto::codec::FrameError::Io(io) if matches!(
            io.kind(),
            ErrorKind::UnexpectedEof | ErrorKind::ConnectionReset | ErrorKind::BrokenPipe
        )
    )
}

/// Connections the kernel holds for the accept loop: room for a burst of arrivals (a hall
/// filling, or a flood) while the loop is busy. Linux keeps it under `somaxconn`.
pub const LISTEN_BACKLOG: u32 = 4096;

/// Listens on `bind`:`port` (every address it resolves to is tried in turn) with
/// [`LISTEN_BACKLOG`] rather than the default's 1,024.
pub async fn listen(bind: &str, port: u16) -> std::io::Result<TcpListener> {
    let mut last = None;
    for addr in tokio::net::lookup_host((bind, port)).await? {
        let socket = if addr.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        // As std's and tokio's own bind do on Unix: a restarted host reuses its port.
        #[cfg(unix)]
        socket.set_reuseaddr(true)?;
        match socket
            .bind(addr)
            .and_then(|()| socket.listen(LISTEN_BACKLOG))
        {
            Ok(l) => return Ok(l),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "no address to listen on")
    }))
}

/// Serves TCP connections on `listener` into the table until `shutdown` completes, each
/// through `transport` (TLS under the host's key; plaintext too with `--insecure`). Each
/// accepted connection must fit the caps of `limits` (in all, per address, in their
/// handshake); one that does not is told why and closed at once.
pub async fn serve<V: Serialize + Send + Sync + 'static>(
    listener: TcpListener,
    handle: HostHandle<V>,
    limits: Limits,
    transport: HostTransport,
    shutdown: impl Future<Output = ()>,
) {
    let mut handle = handle;
    let gate = Arc::new(gate::Gate::new(limits));
    handle.gate = gate.clone();
    let door_refusals = Arc::new(tokio::sync::Semaphore::new(DOOR_REFUSALS));
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((socket, peer)) => {
                    let ticket = match gate.admit(peer) {
                        Ok(t) => t,
                        Err(full) => {
                            tracing::debug!(%peer, ?full, "refused at the door");
                            // The reason goes through the transport, so the client can read
                            // it; only a few such refusals at once, the rest are just closed.
                            if let Ok(permit) = door_refusals.clone().try_acquire_owned() {
                                let (transport, reason) = (transport.clone(), full.reason(&limits));
                                tokio::spawn(async move {
                                    let _permit = permit;
                                    refuse_at_the_door::<V>(socket, transport, reason).await;
                                });
                            }
                            continue;
                        }
                    };
                    // Small kernel buffers: a peer that never reads, or floods faster than
                    // it is read, pins little memory.
                    let sock = socket2::SockRef::from(&socket);
                    if let Err(e) = sock
                        .set_send_buffer_size(limits.socket_buffer)
                        .and_then(|()| sock.set_recv_buffer_size(limits.socket_buffer))
                    {
                        tracing::debug!(%peer, error = %e, "could not size the socket's buffers");
                    }
                    let handle = handle.clone();
                    let transport = transport.clone();
                    tokio::spawn(async move {
                        // Shed before its hello to make room for a newcomer: closed here.
                        let shed = ticket.shed();
                        let _ticket = ticket;
                        tokio::select! {
                            ended = secure_connection(socket, peer.to_string(), handle, limits, transport) => {
                                if let Err(e) = ended {
                                    tracing::debug!(%peer, error = %e, "connection ended");
                                }
                            }
                            _ = shed.cancelled() => {
                                tracing::debug!(%peer, "shed: silent while newcomers waited");
                            }
                        }
                    });
                }
                Err(e) => {
                    // Out of file descriptors and the like: back off briefly instead of
                    // spinning; the caps keep this rare, and 50 ms keeps the host quick to
                    // recover once descriptors are free again.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_millis(50)) => {}
                        _ = &mut shutdown => return,
                    }
                }
            },
            _ = &mut shutdown => return,
        }
    }
}

/// How many connections over a cap may be told why at once; past that they are just closed.
const DOOR_REFUSALS: usize = 32;

/// Tells a connection over a cap why, through its transport (an encrypted client could not
/// read a plaintext reason), within a second, and drops it.
async fn refuse_at_the_door<V: Serialize>(
    socket: TcpStream,
    transport: HostTransport,
    reason: String,
) {
    match transport.accept(socket, Duration::from_secs(1)).await {
        Ok(Accepted::Tls(mut s)) => refuse_before_writer::<_, V>(&mut *s, reason).await,
        Ok(Accepted::Plain(mut s) | Accepted::Refuse(mut s, _)) => {
            refuse_before_writer::<_, V>(&mut s, reason).await
        }
        Err(_) => {}
    }
}

/// Takes one of `bucket`'s tokens, first waiting for it if there is none: the caller reads
/// no more from its peer meanwhile, so the peer is slowed by its own full socket.
async fn take_frame_token(bucket: &mut rate::Bucket) {
    while !bucket.take(rate::millis(Instant::now().into_std())) {
        tokio::time::sleep(bucket.until_one()).await;
    }
}

/// Encrypted bytes the TLS layer holds for one connection before a write waits for the
/// socket (rustls keeps 64 KiB by default). The kernel's send buffer is what keeps a reading
/// peer's writes flowing; this is only what waits above it, so it is kept to one small
/// record's worth: a reader that never reads pins it, and it is the one copy of its bytes
/// that is that connection's alone (the frames queued for it are shared).
const TLS_BUFFER: usize = 4 * 1024;

/// How long a closing connection's last messages may take to leave.
const FINISH: Duration = Duration::from_secs(2);

/// Frames handed to the transport in one vectored write: small frames queued together go out
/// as one TLS record (or one `writev`) without being copied together first.
const SLICES: usize = 64;

/// How [`write_loop`] ended.
#[derive(Debug, PartialEq, Eq)]
enum WriterEnd {
    /// Everything was written (or the table let the connection go).
    Done,
    /// The peer took too long with the last messages, or the socket failed.
    Cut,
    /// The peer does not read: what is held for it passed the budget.
    Over,
}

/// Writes what the table queues for one connection. It takes frames off the queue as they
/// come (already encoded by the table: a frame many connections share is the same bytes in
/// each queue) and holds them until the socket takes them, so what a connection costs is
/// counted in bytes: past `budget` (beyond the one frame being added) the peer is not
/// reading, and it is dropped. A shared frame counts by its length, though its memory is
/// shared: the frames go to the transport as they are, several in one vectored write, and
/// are never copied into a per-connection batch (a crowd of readers that never read would
/// each hold their own copy). Returns whether it was dropped for that.
async fn write_loop<W>(mut w: W, mut rx: wire_queue::WireRx, budget: usize) -> bool
where
    W: tokio::io::AsyncWrite + Unpin,
{
    use std::task::Poll;
    use tokio::io::AsyncWriteExt;
    let mut pending: std::collections::VecDeque<bytes::Bytes> = Default::default();
    let mut queued = 0usize;
    let mut last = false;
    // Written to the transport but perhaps still held by it (TLS records waiting for room in
    // the socket): flushed once nothing else is waiting.
    let mut unflushed = false;
    // Once the last message is queued, the peer has this long to take what is left.
    let finish = tokio::time::sleep(FINISH);
    tokio::pin!(finish);
    let end = std::future::poll_fn(|cx| {
        // Whatever is queued is taken first, so it goes out in few writes.
        while !last {
            match rx.poll_recv(cx) {
                Poll::Ready(Some(frame)) => {
                    let size = frame.bytes.len();
                    queued += size;
                    pending.push_back(frame.bytes);
                    if queued > budget.max(2 * size) {
                        return Poll::Ready(WriterEnd::Over);
                    }
                    if frame.last {
                        last = true;
                        finish.as_mut().reset(Instant::now() + FINISH);
                    }
                }
                Poll::Ready(None) => {
                    last = true;
                    finish.as_mut().reset(Instant::now() + FINISH);
                }
                Poll::Pending => break,
            }
        }
        while !pending.is_empty() {
            let mut slices = [std::io::IoSlice::new(&[]); SLICES];
            let n = pending.len().min(SLICES);
            for (slot, frame) in slices.iter_mut().zip(&pending) {
                *slot = std::io::IoSlice::new(frame);
            }
            match std::pin::Pin::new(&mut w).poll_write_vectored(cx, &slices[..n]) {
                Poll::Ready(Ok(0)) | Poll::Ready(Err(_)) => return Poll::Ready(WriterEnd::Cut),
                Poll::Ready(Ok(mut wrote)) => {
                    unflushed = true;
                    queued = queued.saturating_sub(wrote);
                    while wrote > 0 {
                        let Some(front) = pending.front_mut() else {
                            break;
                        };
                        if front.len() <= wrote {
                            wrote -= front.len();
                            pending.pop_front();
                        } else {
                            bytes::Buf::advance(front, wrote);
                            wrote = 0;
                        }
                    }
                }
                Poll::Pending => break,
            }
        }
        if pending.is_empty() && unflushed {
            match std::pin::Pin::new(&mut w).poll_flush(cx) {
                Poll::Ready(Ok(())) => unflushed = false,
                Poll::Ready(Err(_)) => return Poll::Ready(WriterEnd::Cut),
                Poll::Pending => {}
            }
        }
        if last {
            if pending.is_empty() && !unflushed {
                return Poll::Ready(WriterEnd::Done);
            }
            if finish.as_mut().poll(cx).is_ready() {
                return Poll::Ready(WriterEnd::Cut);
            }
        }
        Poll::Pending
    })
    .await;
    if end == WriterEnd::Over {
        return true;
    }
    if end == WriterEnd::Done {
        let _ = tokio::time::timeout(FINISH, w.shutdown()).await;
    }
    false
}

/// A refusal before the writer exists: a few bytes, written unless the peer is stuck.
async fn refuse_before_writer<W, V>(write: &mut W, reason: String)
where
    W: tokio::io::AsyncWrite + Unpin,
    V: Serialize,
{
    use tokio::io::AsyncWriteExt;
    let msg: ServerMsg<V> = ServerMsg::Refused { reason };
    if let Ok(body) = crate::proto::codec::encode(&msg) {
        let mut frame = (body.len() as u32).to_be_bytes().to_vec();
        frame.extend_from_slice(&body);
        let _ = tokio::time::timeout(Duration::from_secs(1), async {
            let _ = write.write_all(&frame).await;
            let _ = write.shutdown().await;
        })
        .await;
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
    // A socket that says nothing is let go soon, before its TLS state is even made.
    let first = limits.first_byte.min(limits.hello);
    let mut probe = [0u8; 1];
    match tokio::time::timeout(first, socket.peek(&mut probe)).await {
        Ok(Ok(n)) if n > 0 => {}
        Ok(Ok(_)) => return Ok(()),
        Ok(Err(e)) => return Err(e.into()),
        Err(_) => {
            tracing::debug!(%peer, "closed: sent nothing for {first:?}");
            return Ok(());
        }
    }
    // The handshake's state (a whole TLS connection) lives on the heap while it runs, so the
    // connection's task is no bigger for it afterwards.
    let accepted = Box::pin(transport.accept(socket, limits.hello)).await;
    let limits = Limits {
        hello: limits.hello.saturating_sub(started.elapsed()),
        ..limits
    };
    match accepted {
        Ok(Accepted::Tls(mut s)) => {
            // The encrypted bytes waiting for a peer that does not read are bounded too.
            s.get_mut().1.set_buffer_limit(Some(TLS_BUFFER));
            let (read, write) = tokio::io::split(*s);
            connection(read, write, peer, handle, limits).await
        }
        Ok(Accepted::Plain(s)) => {
            let (read, write) = tokio::io::split(s);
            connection(read, write, peer, handle, limits).await
        }
        Ok(Accepted::Refuse(mut s, reason)) => {
            tracing::info!(%peer, "refused: a plaintext client");
            refuse_before_writer::<_, V>(&mut s, reason).await;
            Ok(())
        }
        Err(e) => {
            tracing::info!(%peer, error = %e, "refused: no encrypted handshake");
            Ok(())
        }
    }
}

/// What a client whose first frame cannot be read is told. A hello of another protocol
/// (an older catan's, without the password field) does not decode at all, so the refusal
/// names the host's protocol rather than leaving the player with only a decoder's words.
fn first_frame_refusal(e: &crate::proto::codec::FrameError) -> String {
    use crate::proto::codec::FrameError;
    match e {
        FrameError::Decode(_) | FrameError::Trailing(_) => format!(
            "bad message: {e}. This host speaks protocol {}: a client of another catan version cannot say hello to it (use the same catan version as the host)",
            crate::proto::PROTOCOL_VERSION
        ),
        _ => format!("bad message: {e}"),
    }
}

/// Frees a connection's read buffer once it holds no byte of a next frame: between frames an
/// idle connection (a spectator, a player thinking, a hall of thousands) keeps none, where
/// tokio-util's reader keeps the 8 KiB it starts with, or the largest frame it has read. The
/// next read reserves what it needs: a few bytes, then the frame's length once its header
/// says it. A flooder's buffer is never empty, so it keeps its buffer while it floods.
fn let_go_of_the_read_buffer<R, D>(stream: &mut tokio_util::codec::FramedRead<R, D>) {
    if stream.read_buffer().is_empty() && stream.read_buffer().capacity() > 0 {
        *stream.read_buffer_mut() = bytes::BytesMut::new();
    }
}

/// One TCP connection (encrypted or not): a reader loop here, a writer task fed by a bounded
/// queue. It takes the stream already split: an async fn keeps its arguments for as long as
/// it runs, and a TLS stream is over a kilobyte, which ten thousand connections would each
/// hold twice.
async fn connection<S, V>(
    read: tokio::io::ReadHalf<S>,
    mut write: tokio::io::WriteHalf<S>,
    peer: String,
    handle: HostHandle<V>,
    limits: Limits,
) -> anyhow::Result<()>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    V: Serialize + Send + Sync + 'static,
{
    // No read buffer to begin with: it grows to the frame being read and is let go between
    // frames ([`let_go_of_the_read_buffer`]).
    let mut stream = tokio_util::codec::FramedRead::with_capacity(
        read,
        MsgCodec::<ClientMsg, ServerMsg<V>>::new(MAX_CLIENT_FRAME),
        0,
    );
    // The first frame must be a hello, soon.
    let first = match tokio::time::timeout(limits.hello, stream.next()).await {
        Err(_) => {
            tracing::info!(%peer, "refused: no hello in time");
            let reason = format!("no hello within {} s", limits.hello.as_secs_f64());
            refuse_before_writer::<_, V>(&mut write, reason).await;
            return Ok(());
        }
        Ok(None) => return Ok(()),
        Ok(Some(Err(e))) => {
            tracing::info!(%peer, error = %e, "refused: bad first frame");
            refuse_before_writer::<_, V>(&mut write, first_frame_refusal(&e)).await;
            return Ok(());
        }
        Ok(Some(Ok(m))) => m,
    };
    let_go_of_the_read_buffer(&mut stream);
    if !matches!(first, ClientMsg::Hello { .. }) {
        tracing::info!(%peer, "refused: did not start with hello");
        let reason = "the first message must be a hello".to_string();
        refuse_before_writer::<_, V>(&mut write, reason).await;
        return Ok(());
    }
    if let Ok(addr) = peer.parse() {
        handle.gate.greeted(addr);
    }
    let conn = handle.next();
    let (tx, rx) = wire_queue::wire_queue(QUEUE);
    // This connection's places in the table's shared queue.
    let places = Arc::new(tokio::sync::Semaphore::new(IN_FLIGHT));
    handle
        .inbound
        .send(Inbound::Open {
            conn,
            tx: Outbox::Wire(tx),
            is_host: false,
            peer: peer.clone(),
        })
        .await?;
    let turn = places.clone().acquire_owned().await.ok();
    handle
        .inbound
        .send(Inbound::Msg {
            conn,
            msg: first,
            turn,
        })
        .await?;
    let dropped_slow = handle.dropped_slow.clone();
    let writer_peer = peer.clone();
    let budget = limits.send_budget;
    let mut writer = tokio::spawn(async move {
        if write_loop(write, rx, budget).await {
            tracing::warn!(peer = %writer_peer, budget, "dropping a client that does not read");
            dropped_slow.fetch_add(1, Ordering::Relaxed);
        }
    });
    let mut bucket = rate::Bucket::new(
        f64::from(limits.frames_per_sec.max(1)),
        f64::from(limits.frame_burst),
    );
    loop {
        tokio::select! {
            frame = tokio::time::timeout(limits.idle, stream.next()) => match frame {
                Err(_) => {
                    tracing::info!(%peer, secs = limits.idle.as_secs_f64(), "closed: no complete frame in time");
                    break;
                }
                Ok(None) => break,
                Ok(Some(Err(e))) if is_plain_leave(&e) => {
                    tracing::info!(%peer, "left (closed the connection)");
                    break;
                }
                Ok(Some(Err(e))) => {
                    tracing::info!(%peer, error = %e, "closed: bad frame");
                    break;
                }
                Ok(Some(Ok(msg))) => {
                    let_go_of_the_read_buffer(&mut stream);
                    // Past its rate a connection waits for its turn here, and only it.
                    take_frame_token(&mut bucket).await;
                    let Ok(turn) = places.clone().acquire_owned().await else { break };
                    let turn = Some(turn);
                    if handle.inbound.send(Inbound::Msg { conn, msg, turn }).await.is_err() {
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
    // A writer still waiting on a peer that does not read ends with the connection.
    writer.abort();
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
        let limits = limits
            .for_commands(table.rate_per_sec())
            .for_seats(table.seat_count());
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
