//! Floods, churn and readers that never read, against the real host over TCP on loopback,
//! while two honest players (Ann and Bob) keep playing a base game with two bots: they play
//! when the game asks them and ping otherwise, and every round trip is timed.
//!
//! What runs by default is scaled down to a few seconds each and checks what the host does
//! (nobody dropped, everyone answered, the newcomer welcomed, the game kept moving), printing
//! the times without judging them: CI shares two cores with a build. The full sizes
//! (10^5 frames a second, 10 s of churn, 1,000 never-readers) and its time bounds are the
//! `#[ignore]`d tests: `cargo test --release --test floods -- --ignored --nocapture`
//! (docs/reliability.md, "Floods").

mod support;

use catan::proto::{COLORS, ClientMsg, PROTOCOL_VERSION, ServerMsg};
use catan::server::{Limits, RunningHost};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use support::binary::{Proc, free_port};
use support::{Client, raw};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The tests here run one at a time, whatever the test harness's threads: each measures
/// this process's descriptors and memory, or the honest players' round trips, and another
/// test's crowd of sockets beside it would count in them.
static ALONE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

async fn alone() -> tokio::sync::MutexGuard<'static, ()> {
    ALONE.lock().await
}

/// The production limits, with loopback counted like any other address (every peer here is
/// on loopback) and room for the crowds these tests make from it.
fn limits(per_address: usize) -> Limits {
    Limits {
        loopback_exempt: false,
        per_address,
        ..Limits::DEFAULT
    }
}

/// Ann and Bob seated in a base game of four with two bots that act at once; the bots' seats
/// are open to a flooder who wants one. Away seats are played by a bot at once.
async fn table(seed: u64, limits: Limits) -> (RunningHost, Client, Client) {
    let host = support::host(4, 2, seed, 0, limits).await;
    let addr = host.addr.to_string();
    let ann = Client::join(&addr, "Ann", None, false).await;
    let bob = Client::join(&addr, "Bob", None, false).await;
    (host, ann, bob)
}

/// What a run makes of its times. A time is a benchmark's figure: on a machine shared with a
/// build it says more of the machine than of the host, so the default runs only print them
/// and the full-size runs by hand hold them to the bounds.
#[derive(Clone, Copy)]
enum Times {
    /// Printed, not judged; a newcomer still has to come before this hang guard.
    Reported,
    /// The bounds: round trips' p99 < 50 ms, a newcomer within 1 s after churn, the
    /// game's pace kept above 90% among never-readers.
    Bounded,
}

impl Times {
    /// The slowest p99 round trip an honest player may see, if judged.
    fn p99_bound(self) -> Option<Duration> {
        match self {
            Times::Reported => None,
            Times::Bounded => Some(Duration::from_millis(50)),
        }
    }

    /// How long a newcomer may take to be welcomed after churn stops.
    fn newcomer_within(self) -> Duration {
        match self {
            Times::Reported => Duration::from_secs(10),
            Times::Bounded => Duration::from_secs(1),
        }
    }
}

/// What an honest player saw while it played.
struct Played {
    trips: Vec<Duration>,
    moves: u64,
    /// Why its connection ended, if it did.
    dropped: Option<String>,
}

/// An honest player acts (a command or a ping) at most this often, a command at most every
/// third time: well inside the host's limits (100 frames and 20 commands a second), as a
/// quick human with a client's heartbeat would.
const BEAT: Duration = Duration::from_millis(20);

/// Plays when the game asks (any legal command but an offer), pings otherwise, until `stop`;
/// times every answer.
async fn play(mut c: Client, stop: Arc<AtomicBool>) -> (Client, Played) {
    let mut p = Played {
        trips: Vec::new(),
        moves: 0,
        dropped: None,
    };
    let seat = c.seat.expect("seated");
    let mut pick = 0usize;
    let mut beat = tokio::time::interval(BEAT);
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut since_command = 3;
    while !stop.load(Ordering::Relaxed) {
        beat.tick().await;
        since_command += 1;
        let mine = c
            .latest
            .as_ref()
            .filter(|u| u.actors.contains(&seat))
            .map(|u| {
                u.legal
                    .iter()
                    .filter(|t| !t.starts_with("offer"))
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .filter(|l| !l.is_empty() && since_command >= 3);
        let t = Instant::now();
        match mine {
            Some(legal) => {
                since_command = 0;
                pick += 1;
                let text = legal[pick % legal.len()].clone();
                match c.command(&text).await {
                    Ok(_) => p.moves += 1,
                    Err(e) if e.starts_with("closed") => {
                        p.dropped = Some(e);
                        break;
                    }
                    // The game moved on meanwhile (a bot's answer to a trade, the clock).
                    Err(_) => {}
                }
            }
            None => {
                if let Err(e) = ping(&mut c).await {
                    p.dropped = Some(e);
                    break;
                }
            }
        }
        p.trips.push(t.elapsed());
    }
    (c, p)
}

/// A ping and its pong; `Err` when the connection was closed meanwhile.
async fn ping(c: &mut Client) -> Result<(), String> {
    c.seq += 1;
    let id = 7_000_000 + u64::from(c.seq);
    c.tx.send(ClientMsg::Ping(id))
        .await
        .map_err(|_| "closed".to_string())?;
    loop {
        match c.next().await {
            Some(ServerMsg::Pong(t)) if t == id => return Ok(()),
            Some(ServerMsg::Closing { reason }) => return Err(format!("closed: {reason}")),
            Some(_) => {}
            None => return Err("closed".into()),
        }
    }
}

/// Runs Ann and Bob while `attack` runs; returns them and what they saw.
async fn while_playing<F: std::future::Future<Output = ()>>(
    ann: Client,
    bob: Client,
    attack: F,
) -> (Client, Client, Played, Played) {
    let stop = Arc::new(AtomicBool::new(false));
    let a = tokio::spawn(play(ann, stop.clone()));
    let b = tokio::spawn(play(bob, stop.clone()));
    attack.await;
    stop.store(true, Ordering::Relaxed);
    let (ann, pa) = a.await.expect("Ann plays");
    let (bob, pb) = b.await.expect("Bob plays");
    (ann, bob, pa, pb)
}

fn p99(trips: &[Duration]) -> Duration {
    let mut v = trips.to_vec();
    v.sort_unstable();
    v.get((v.len() * 99 / 100).min(v.len().saturating_sub(1)))
        .copied()
        .unwrap_or_default()
}

/// Neither honest player was dropped, both were answered often, and (if `times` judges) their
/// slowest round trips stayed under the bound.
fn honest_served(what: &str, pa: &Played, pb: &Played, times: Times) {
    for (who, p) in [("Ann", pa), ("Bob", pb)] {
        assert_eq!(p.dropped, None, "{what}: {who} was dropped");
        assert!(
            p.trips.len() >= 10,
            "{what}: {who} answered {} times",
            p.trips.len()
        );
        let q = p99(&p.trips);
        eprintln!(
            "{what}: {who} {} round trips, {} moves, p99 {:.1} ms, max {:.1} ms",
            p.trips.len(),
            p.moves,
            q.as_secs_f64() * 1e3,
            p.trips
                .iter()
                .max()
                .copied()
                .unwrap_or_default()
                .as_secs_f64()
                * 1e3
        );
        if let Some(bound) = times.p99_bound() {
            assert!(q < bound, "{what}: {who}'s p99 round trip {q:?}");
        }
    }
}

/// The messages a flood is made of, by kind: each is what a client may legally send.
fn kinds() -> Vec<(&'static str, Vec<ClientMsg>)> {
    let chat = ClientMsg::Chat {
        text: "spam ".repeat(60),
    };
    let colors = COLORS
        .iter()
        .map(|c| ClientMsg::Color(c.to_string()))
        .collect();
    vec![
        ("chat", vec![chat]),
        (
            "ready",
            vec![ClientMsg::Ready(false), ClientMsg::Ready(true)],
        ),
        ("color", colors),
        ("stats", vec![ClientMsg::Stats]),
        ("ping", vec![ClientMsg::Ping(1)]),
        ("legal", vec![ClientMsg::Legal]),
        (
            "command",
            (1..=64)
                .map(|seq| ClientMsg::Command {
                    seq,
                    text: "end".into(),
                })
                .collect(),
        ),
        ("start", vec![ClientMsg::Start, ClientMsg::AddBot]),
        ("kick", vec![ClientMsg::Kick(0), ClientMsg::BotLevel(2)]),
    ]
}

/// Says hello as `name` (a spectator, or taking a seat) on a raw socket and reads the
/// welcome.
async fn raw_hello(addr: SocketAddr, name: &str, watch: bool) -> raw::Stream {
    let mut s = raw::open(addr).await;
    s.write_all(&raw::frame(&ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: name.into(),
        token: None,
        watch,
        color: None,
        password: None,
    }))
    .await
    .expect("hello sent");
    s.flush().await.expect("hello sent");
    s
}

/// Floods `msgs` round and round on a new connection for `secs`, reading (and dropping)
/// whatever the host sends back; returns the frames written.
async fn flood(addr: SocketAddr, name: &str, watch: bool, msgs: &[ClientMsg], secs: f64) -> u64 {
    let s = raw_hello(addr, name, watch).await;
    let (mut r, mut w) = tokio::io::split(s);
    let reader = tokio::spawn(async move {
        let mut buf = vec![0u8; 64 * 1024];
        while let Ok(n) = r.read(&mut buf).await {
            if n == 0 {
                break;
            }
        }
    });
    // A batch of frames, written again and again as fast as the host takes them.
    let mut batch = Vec::new();
    let mut per = 0u64;
    while batch.len() < 16 * 1024 {
        for m in msgs {
            batch.extend(raw::frame(m));
            per += 1;
        }
    }
    let sent = AtomicU64::new(0);
    let _ = tokio::time::timeout(Duration::from_secs_f64(secs), async {
        while w.write_all(&batch).await.is_ok() {
            sent.fetch_add(per, Ordering::Relaxed);
        }
    })
    .await;
    reader.abort();
    sent.load(Ordering::Relaxed)
}

/// Every kind of message flooded for `secs` each while Ann and Bob play: from spectators all
/// at once, each kind from its own connection; from seated clients one kind after the other,
/// each from a client that takes a bot's seat (two are open) and leaves it to the bot after.
async fn floods_of_every_kind(watch: bool, secs: f64, times: Times) {
    let (host, ann, bob) = table(if watch { 11 } else { 12 }, limits(64)).await;
    let addr = host.addr;
    let attack = async {
        let t = Instant::now();
        let mut total = 0;
        if watch {
            let jobs: Vec<_> = kinds()
                .into_iter()
                .enumerate()
                .map(|(i, (kind, msgs))| {
                    tokio::spawn(async move {
                        (
                            kind,
                            flood(addr, &format!("flood{i}"), true, &msgs, secs).await,
                        )
                    })
                })
                .collect();
            for j in jobs {
                let (kind, n) = j.await.expect("a flooder");
                total += n;
                eprintln!("  {kind}: {n} frames offered");
            }
        } else {
            for (i, (kind, msgs)) in kinds().into_iter().enumerate() {
                let n = flood(addr, &format!("flood{i}"), false, &msgs, secs).await;
                total += n;
                eprintln!("  {kind}: {n} frames offered");
            }
        }
        eprintln!(
            "flood ({}): {total} frames offered in {:.1} s, {:.0}/s",
            if watch { "spectators" } else { "seated" },
            t.elapsed().as_secs_f64(),
            total as f64 / t.elapsed().as_secs_f64()
        );
    };
    let (ann, bob, pa, pb) = while_playing(ann, bob, attack).await;
    honest_served(
        if watch {
            "spectator floods"
        } else {
            "seated floods"
        },
        &pa,
        &pb,
        times,
    );
    drop((ann, bob));
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_of_every_kind_from_spectators_drop_no_honest_player() {
    let _alone = alone().await;
    floods_of_every_kind(true, 1.5, Times::Reported).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_of_every_kind_from_seated_clients_drop_no_honest_player() {
    let _alone = alone().await;
    floods_of_every_kind(false, 0.3, Times::Reported).await;
}

/// Open descriptors of this process (the host, its clients and the test).
fn descriptors() -> usize {
    std::fs::read_dir("/proc/self/fd").map_or(0, |d| d.count())
}

/// Connects, says hello as a spectator and resets the connection, as fast as it can, from
/// `tasks` tasks for `secs`; returns how many connections were made.
async fn churn(addr: SocketAddr, tasks: usize, secs: f64) -> u64 {
    let made = Arc::new(AtomicU64::new(0));
    let until = Instant::now() + Duration::from_secs_f64(secs);
    let hello = raw::frame(&raw::hello("churn", PROTOCOL_VERSION, true));
    let jobs: Vec<_> = (0..tasks)
        .map(|_| {
            let (made, hello) = (made.clone(), hello.clone());
            tokio::spawn(async move {
                while Instant::now() < until {
                    let Ok(tcp) = TcpStream::connect(addr).await else {
                        continue;
                    };
                    // A reset, not a polite close: the host never hears a goodbye.
                    let _ = tcp.set_zero_linger();
                    let trust = catan::transport::Trust::AnyKey;
                    let Ok((catan::transport::ClientStream::Tls(mut s), _)) =
                        catan::transport::secure(
                            tcp,
                            &addr.to_string(),
                            &trust,
                            Duration::from_secs(5),
                        )
                        .await
                    else {
                        continue;
                    };
                    let _ = s.write_all(&hello).await;
                    let _ = s.flush().await;
                    drop(s);
                    made.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    for j in jobs {
        let _ = j.await;
    }
    made.load(Ordering::Relaxed)
}

async fn churn_then_a_newcomer(tasks: usize, secs: f64, times: Times) {
    let (host, ann, bob) = table(21, limits(64)).await;
    let addr = host.addr;
    let (fds, (rss, _)) = (descriptors(), catan::server::process_memory());
    let attack = async {
        let n = churn(addr, tasks, secs).await;
        eprintln!(
            "churn: {n} connections in {secs} s, {:.0}/s",
            n as f64 / secs
        );
    };
    let (mut ann, bob, pa, pb) = while_playing(ann, bob, attack).await;
    // The churn stopped: a newcomer is welcomed.
    let t = Instant::now();
    let within = times.newcomer_within();
    let watcher = tokio::time::timeout(
        within,
        Client::join(&addr.to_string(), "Newcomer", None, true),
    )
    .await
    .unwrap_or_else(|_| panic!("a newcomer is welcomed within {within:?} of the churn stopping"));
    eprintln!(
        "churn: newcomer welcomed in {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    // Descriptors and memory come back near where they were (each step awaits the host).
    let deadline = Instant::now() + Duration::from_secs(5);
    while descriptors() > fds + 8 && Instant::now() < deadline {
        ann.ping().await;
    }
    let (after_fds, (after_rss, _)) = (descriptors(), catan::server::process_memory());
    eprintln!(
        "churn: descriptors {fds} -> {after_fds}, memory {} -> {} KiB",
        rss, after_rss
    );
    assert!(after_fds <= fds + 8, "descriptors {fds} -> {after_fds}");
    assert!(
        after_rss < rss + 50 * 1024,
        "memory grew from {rss} KiB to {after_rss} KiB"
    );
    honest_served("churn", &pa, &pb, times);
    drop((ann, bob, watcher));
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectator_churn_leaves_the_host_as_it_was() {
    let _alone = alone().await;
    churn_then_a_newcomer(4, 1.5, Times::Reported).await;
}

/// `n` spectators that say hello and never read a byte (their receive buffers small).
async fn never_readers(addr: SocketAddr, n: usize) -> Vec<raw::Stream> {
    let hello = raw::frame(&raw::hello("sleepy", PROTOCOL_VERSION, true));
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        let sock = tokio::net::TcpSocket::new_v4().expect("a socket");
        let _ = sock.set_recv_buffer_size(4096);
        let mut s = raw::secure(sock.connect(addr).await.expect("connects")).await;
        s.write_all(&hello).await.expect("hello sent");
        s.flush().await.expect("hello sent");
        v.push(s);
    }
    v
}

/// A host in a process of its own: the real binary, so that what it holds is measured apart
/// from the test's own clients (1,000 TLS client sessions and their tasks weigh about as much
/// as the host's side of them). The same table as [`table`]: a base game of four, two bots
/// that act at once, away seats played at once.
struct OwnHost {
    proc: Proc,
    addr: SocketAddr,
    /// Its data directory (its key), removed when the host is dropped.
    data: std::path::PathBuf,
}

impl OwnHost {
    fn start(seed: u64, seats: usize, bots: usize) -> OwnHost {
        let data = std::env::temp_dir().join(format!(
            "catan-floods-{}-{seed}-{seats}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).expect("a scratch directory");
        let port = free_port();
        let (seed, seats, bots) = (seed.to_string(), seats.to_string(), bots.to_string());
        let mut proc = Proc::spawn(
            &data,
            &[
                "host",
                "--headless",
                "--bind",
                "127.0.0.1",
                "--port",
                &port,
                "--seats",
                &seats,
                "--bots",
                &bots,
                "--bot-kind",
                "random",
                "--bot-think-secs",
                "0",
                "--away-secs",
                "0",
                "--seed",
                &seed,
            ],
        );
        proc.expect("the host to listen", |l| l.contains("Serving"));
        let addr = format!("127.0.0.1:{port}").parse().expect("an address");
        OwnHost { proc, addr, data }
    }

    /// The host process's resident memory now and at its peak, in KiB.
    fn memory(&self) -> (u64, u64) {
        catan::server::process_memory_of(self.proc.pid())
    }
}

impl Drop for OwnHost {
    fn drop(&mut self) {
        self.proc.kill();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

/// The host's figures, asked by a seated client (which keeps any update it reads meanwhile).
async fn host_stats(c: &mut Client) -> catan::proto::HostStats {
    c.tx.send(ClientMsg::Stats).await.expect("asks");
    loop {
        match c.next().await {
            Some(ServerMsg::Stats(st)) => return st,
            Some(_) => {}
            None => panic!("the host closed the connection"),
        }
    }
}

/// `n` spectators that never read join a game Ann and Bob play on a host of its own: the
/// game keeps moving (if `times` judges, at more than 90% of its pace), and the host's peak
/// memory grows by less than `max_growth_kb` (the host process's own `VmHWM` against its
/// `VmRSS` before they came).
async fn never_readers_cost_little(n: usize, secs: f64, max_growth_kb: u64, times: Times) {
    let host = OwnHost::start(31, 4, 2);
    let addr = host.addr;
    let ann = Client::join(&addr.to_string(), "Ann", None, false).await;
    let bob = Client::join(&addr.to_string(), "Bob", None, false).await;
    // The game's pace without them, then with them.
    let pace = |secs: f64| async move {
        tokio::time::sleep(Duration::from_secs_f64(secs)).await;
    };
    let (ann, bob, before_a, before_b) = while_playing(ann, bob, pace(secs)).await;
    let (rss, _) = host.memory();
    let sleepers = never_readers(addr, n).await;
    let (mut ann, bob, pa, pb) = while_playing(ann, bob, pace(secs)).await;
    let st = host_stats(&mut ann).await;
    let (now, peak) = host.memory();
    eprintln!(
        "never-readers: {} dropped for not reading, {} connections left",
        st.dropped_slow, st.connections
    );
    let (moves0, moves1) = (before_a.moves + before_b.moves, pa.moves + pb.moves);
    eprintln!(
        "never-readers: {n}; moves in {secs} s: {moves0} before, {moves1} with them; host memory {rss} KiB before, {now} KiB after, peak {peak} KiB: {:.1} KiB a never-reader at the peak",
        peak.saturating_sub(rss) as f64 / n as f64
    );
    honest_served("never-readers", &pa, &pb, times);
    assert!(moves1 > 0, "the game stopped among never-readers");
    if let Times::Bounded = times {
        assert!(
            moves1 as f64 > 0.9 * moves0 as f64,
            "the game's pace fell from {moves0} to {moves1} moves"
        );
    }
    assert!(
        peak < rss + max_growth_kb,
        "the host grew from {rss} KiB to {peak} KiB with {n} never-readers"
    );
    drop((ann, bob, sleepers));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_that_never_read_cost_bounded_memory_and_stop_no_game() {
    let _alone = alone().await;
    never_readers_cost_little(100, 1.5, 20 * 1024, Times::Reported).await;
}

/// What an idle connection costs the host: `n` spectators that read everything join a lobby
/// (a spectator's arrival is sent to it alone, so nothing else moves), on a host of its own.
/// Prints the host's growth per connection; the bound is loose (CI), the figure is what
/// docs/hall.md records.
async fn idle_connections_cost(n: usize, max_kb_each: f64) {
    let host = OwnHost::start(51, 4, 0);
    let addr = host.addr;
    let mut ann = Client::join(&addr.to_string(), "Ann", None, false).await;
    host_stats(&mut ann).await;
    let (rss, _) = host.memory();
    let mut watchers = Vec::with_capacity(n);
    for i in 0..n {
        watchers.push(Client::join(&addr.to_string(), &format!("w{i}"), None, true).await);
    }
    let st = host_stats(&mut ann).await;
    assert_eq!(st.connections as usize, n + 1, "every spectator is served");
    let (now, _) = host.memory();
    let each = now.saturating_sub(rss) as f64 / n as f64;
    eprintln!(
        "idle connections: {n} spectators; host memory {rss} KiB before, {now} KiB with them: {each:.1} KiB each"
    );
    assert!(each < max_kb_each, "{each:.1} KiB a connection");
    drop((ann, watchers));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_connection_costs_the_host_little() {
    let _alone = alone().await;
    idle_connections_cost(200, 64.0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_a_cap_are_told_why_and_closed() {
    let _alone = alone().await;
    let caps = Limits {
        per_address: 4,
        ..limits(4)
    };
    let (host, ann, bob) = table(41, caps).await;
    // Ann and Bob hold two of the address's four places; two more fit.
    let _a = raw_hello(host.addr, "w1", true).await;
    let _b = raw_hello(host.addr, "w2", true).await;
    let mut over = raw::open(host.addr).await;
    let back = raw::frames(&raw::until_closed(&mut over, Duration::from_secs(5)).await);
    assert!(
        matches!(back.first(), Some(ServerMsg::Refused { reason }) if reason.contains("too many connections from your address")),
        "{back:?}"
    );
    drop((ann, bob));
    host.stop().await;
}

/// 1,000 connections that open and never send a byte, from one address (loopback, exempt
/// from the per-address caps as the host's own machine is): a newcomer is still welcomed
/// within 2 s, five times in a row. The host keeps accepting while its handshake cap is
/// full, shedding the silent connection that has waited longest. The 2 s is a behaviour's
/// bound, not a speed's: a silent socket is closed after 3 s anyway, so a newcomer let in
/// only once the silent ones timed out comes too late.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_sockets_never_keep_a_newcomer_out() {
    let _alone = alone().await;
    let host = support::host(4, 2, 51, 0, Limits::DEFAULT).await;
    let addr = host.addr;
    for round in 1..=5 {
        let mut silent = Vec::with_capacity(1000);
        for _ in 0..1000 {
            silent.push(TcpStream::connect(addr).await.expect("a silent connection"));
        }
        let t = Instant::now();
        let newcomer = tokio::time::timeout(
            Duration::from_secs(2),
            Client::join(&addr.to_string(), &format!("Newcomer{round}"), None, true),
        )
        .await
        .expect("a newcomer is welcomed within 2 s whatever silent sockets do");
        eprintln!(
            "silent sockets, round {round}: newcomer welcomed in {:.1} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
        drop((newcomer, silent));
    }
    host.stop().await;
}

// The full sizes, run by hand (docs/reliability.md): 10^5 frames a second for 10 s
// from each side, 10 s of churn from many tasks, 1,000 never-readers. The bounds are the
// issue's: p99 < 50 ms, a newcomer within 1 s, growth < 50 MB, pace > 90%.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full size: cargo test --release --test floods -- --ignored --nocapture"]
async fn full_size_floods_from_spectators() {
    let _alone = alone().await;
    floods_of_every_kind(true, 10.0, Times::Bounded).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full size: cargo test --release --test floods -- --ignored --nocapture"]
async fn full_size_floods_from_seated_clients() {
    let _alone = alone().await;
    floods_of_every_kind(false, 2.0, Times::Bounded).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full size: cargo test --release --test floods -- --ignored --nocapture"]
async fn full_size_churn() {
    let _alone = alone().await;
    churn_then_a_newcomer(16, 10.0, Times::Bounded).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full size: cargo test --release --test floods -- --ignored --nocapture"]
async fn full_size_never_readers() {
    let _alone = alone().await;
    never_readers_cost_little(1000, 5.0, 50 * 1024, Times::Bounded).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "full size: cargo test --release --test floods -- --ignored --nocapture"]
async fn full_size_idle_connections() {
    let _alone = alone().await;
    idle_connections_cost(1000, 64.0).await;
}
