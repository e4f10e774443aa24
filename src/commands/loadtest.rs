//! `catan loadtest ADDR --clients N`: many bot clients over TCP from one process, against a
//! host of a game in rounds on several boards, and what they saw. Each client is a small task
//! (tokio runs them on a few threads): it takes a seat, and in each of its group's rounds sends
//! `end` at a random moment of the round's first half, a cheap legal move that also lets the
//! round end early once every active seat is done. Like a player's client, it asks for its
//! legal commands when a hall's update leaves them out and the game waits for it (their answers
//! count in its bytes). It measures
//! - the broadcast delay: from the moment the host began settling a round's end (the update's
//!   `at_us` stamp, the same wall clock on one machine) until this client has the next round's
//!   roll;
//! - the command round trip: from sending `end` until the answer (the update that names the
//!   command, or its refusal) arrives, while rounds run;
//! - the bytes it received over the rounds played;
//! - the transport's floor: once every client has played its rounds, client 0 sends a few chat
//!   lines stamped with the wall clock, each between two round starts. The host sends a chat
//!   line to every connection as one frame encoded once, with no work per seat, so the time
//!   each client takes to get it is what any message to everyone costs on this machine
//!   (writes, encryption, the load generator's own reads), whatever the game puts in it.
//!
//! The host reports its resident memory and peak ([`ClientMsg::Stats`]).

use crate::cli::LoadtestArgs;
use crate::proto::codec::{self, MAX_SERVER_FRAME};
use crate::proto::{ClientMsg, HostStats, PROTOCOL_VERSION, ServerMsg};
use crate::ruleset::RoundsAt;
use bytes::Bytes;
use futures::{SinkExt, StreamExt};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio_util::codec::{Framed, LengthDelimitedCodec};

/// What a load test found.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Report {
    pub clients: usize,
    pub rounds: u32,
    pub broadcast_p50_ms: f64,
    pub broadcast_p99_ms: f64,
    pub broadcast_max_ms: f64,
    pub command_p50_ms: f64,
    pub command_p99_ms: f64,
    pub command_max_ms: f64,
    /// Bytes a client received per round, on average.
    pub bytes_per_client_round: f64,
    /// Connections lost or refused, rounds missed, clients that did not finish.
    pub errors: usize,
    pub host_peak_mem_mb: f64,
    /// Broadcast samples: one per client per round start seen.
    pub broadcast_samples: usize,
    /// The broadcast p99 of each round start, by round: the first is the round after the
    /// setup, whose update carries the pieces the setup placed.
    pub broadcast_p99_by_round_ms: Vec<f64>,
    /// The transport's floor: a chat line (one frame, the same bytes for everyone) from
    /// client 0 until each client has it, between round starts.
    pub chat_p50_ms: f64,
    pub chat_p99_ms: f64,
    pub chat_max_ms: f64,
    pub chat_samples: usize,
    pub command_samples: usize,
    /// Commands the host refused (not errors: a round may end before a late `end`).
    pub refused: usize,
    /// Clients the host dropped for falling behind.
    pub dropped_slow: u64,
    /// Seconds from the first connection to the last client done.
    pub seconds: f64,
    /// The first few error messages, for the human report.
    #[serde(skip)]
    pub error_samples: Vec<String>,
}

/// What one client saw.
#[derive(Default)]
struct ClientResult {
    /// Each round start seen: its round and how long it took to come.
    broadcast_us: Vec<(u32, u64)>,
    chat_us: Vec<u64>,
    command_us: Vec<u64>,
    bytes: u64,
    rounds: u32,
    refused: usize,
    errors: Vec<String>,
    stats: Option<HostStats>,
    /// Counted among the clients that are done.
    counted: bool,
}

/// How the clients run.
#[derive(Clone, Debug)]
pub struct Plan {
    pub addr: String,
    pub clients: usize,
    pub rounds: u32,
    /// Give up on a client after this long.
    pub timeout: Duration,
    /// Connect without encryption (the host runs with `--insecure`), to measure what
    /// encryption costs; encrypted, any host key is taken (a load test pins none).
    pub insecure: bool,
}

pub fn run(args: LoadtestArgs) -> anyhow::Result<ExitCode> {
    let _ = crate::server::raise_open_files_limit();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let plan = Plan {
        addr: crate::client::net::with_port(&args.addr),
        clients: args.clients,
        rounds: args.rounds,
        timeout: Duration::from_secs(args.timeout_secs),
        insecure: args.insecure,
    };
    let report = rt.block_on(load(plan));
    print_report(&report, args.json);
    Ok(if report.errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_report(r: &Report, json: bool) {
    if !json || r.errors > 0 {
        eprintln!(
            "{} clients, {} rounds in {:.1} s",
            r.clients, r.rounds, r.seconds
        );
        eprintln!(
            "round broadcast: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
            r.broadcast_p50_ms, r.broadcast_p99_ms, r.broadcast_max_ms, r.broadcast_samples
        );
        let by_round: Vec<String> = r
            .broadcast_p99_by_round_ms
            .iter()
            .map(|ms| format!("{ms:.1}"))
            .collect();
        eprintln!("  p99 of each round start, in ms: {}", by_round.join(", "));
        eprintln!(
            "a chat line to everyone (the floor): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
            r.chat_p50_ms, r.chat_p99_ms, r.chat_max_ms, r.chat_samples
        );
        eprintln!(
            "command round trip: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples, {} refused)",
            r.command_p50_ms, r.command_p99_ms, r.command_max_ms, r.command_samples, r.refused
        );
        eprintln!(
            "received {:.0} bytes per client per round; host peak memory {:.1} MB",
            r.bytes_per_client_round, r.host_peak_mem_mb
        );
        eprintln!(
            "errors: {} (clients dropped as slow: {})",
            r.errors, r.dropped_slow
        );
        for e in &r.error_samples {
            eprintln!("  {e}");
        }
    }
    if json {
        println!("{}", serde_json::to_string(r).unwrap_or_default());
    }
}

/// Chat lines client 0 sends to measure the transport's floor, two a round.
const PROBES: u32 = 4;

fn wall_us() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}

/// The `q` quantile (0..=1) of samples in microseconds, in milliseconds.
fn quantile_ms(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i] as f64 / 1000.0
}

/// Runs the clients and sums up what they saw.
pub async fn load(plan: Plan) -> Report {
    let started = Instant::now();
    // Connections in their handshake at once: a burst of thousands overflows the listen queue.
    let gate = Arc::new(Semaphore::new(128));
    let done = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::with_capacity(plan.clients);
    for i in 0..plan.clients {
        let plan = plan.clone();
        let gate = gate.clone();
        let done = done.clone();
        tasks.push(tokio::spawn(async move {
            let mut r = ClientResult::default();
            let outcome =
                tokio::time::timeout(plan.timeout, client(i, &plan, gate, &done, &mut r)).await;
            match outcome {
                Err(_) => r.errors.push(format!(
                    "client {i}: not done after {} s ({} rounds seen)",
                    plan.timeout.as_secs(),
                    r.rounds
                )),
                Ok(Err(e)) => r.errors.push(format!("client {i}: {e}")),
                Ok(Ok(())) => {}
            }
            if !r.counted {
                // This client gave up: count it done so the others do not wait for it.
                done.fetch_add(1, Ordering::SeqCst);
            }
            r
        }));
    }
    let mut results = Vec::with_capacity(tasks.len());
    for t in tasks {
        match t.await {
            Ok(r) => results.push(r),
            Err(e) => results.push(ClientResult {
                errors: vec![format!("a client task failed: {e}")],
                ..Default::default()
            }),
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut broadcast: Vec<u64> = results
        .iter()
        .flat_map(|r| r.broadcast_us.iter().map(|(_, us)| *us))
        .collect();
    let mut command: Vec<u64> = results.iter().flat_map(|r| r.command_us.clone()).collect();
    let mut chat: Vec<u64> = results.iter().flat_map(|r| r.chat_us.clone()).collect();
    // Grouped by the round itself: a client that missed one or came back does not shift the
    // rest of its samples into the wrong round.
    let mut rounds: std::collections::BTreeMap<u32, Vec<u64>> = Default::default();
    for (round, us) in results.iter().flat_map(|r| r.broadcast_us.iter()) {
        rounds.entry(*round).or_default().push(*us);
    }
    let by_round = rounds
        .into_values()
        .map(|mut v| {
            v.sort_unstable();
            quantile_ms(&v, 0.99)
        })
        .collect();
    chat.sort_unstable();
    broadcast.sort_unstable();
    command.sort_unstable();
    let rounds_played = results.iter().map(|r| r.rounds).max().unwrap_or(0);
    let bytes: u64 = results.iter().map(|r| r.bytes).sum();
    let errors: Vec<String> = results.iter().flat_map(|r| r.errors.clone()).collect();
    let stats = results
        .iter()
        .find_map(|r| r.stats.clone())
        .unwrap_or_default();
    let played = plan.rounds.max(1) as f64;
    Report {
        clients: plan.clients,
        rounds: rounds_played.min(plan.rounds),
        broadcast_p50_ms: quantile_ms(&broadcast, 0.5),
        broadcast_p99_ms: quantile_ms(&broadcast, 0.99),
        broadcast_max_ms: quantile_ms(&broadcast, 1.0),
        command_p50_ms: quantile_ms(&command, 0.5),
        command_p99_ms: quantile_ms(&command, 0.99),
        command_max_ms: quantile_ms(&command, 1.0),
        bytes_per_client_round: bytes as f64 / (plan.clients.max(1) as f64 * played),
        errors: errors.len(),
        host_peak_mem_mb: stats.peak_rss_kb as f64 / 1024.0,
        broadcast_samples: broadcast.len(),
        broadcast_p99_by_round_ms: by_round,
        chat_p50_ms: quantile_ms(&chat, 0.5),
        chat_p99_ms: quantile_ms(&chat, 0.99),
        chat_max_ms: quantile_ms(&chat, 1.0),
        chat_samples: chat.len(),
        command_samples: command.len(),
        refused: results.iter().map(|r| r.refused).sum(),
        dropped_slow: stats.dropped_slow,
        seconds,
        error_samples: errors.into_iter().take(10).collect(),
    }
}

/// A connection's byte stream, encrypted or not.
trait Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> Io for T {}

type Conn = Framed<Box<dyn Io>, LengthDelimitedCodec>;

async fn connect(addr: &str, insecure: bool, deadline: Instant) -> anyhow::Result<Conn> {
    use crate::transport::{ClientStream, Trust};
    let trust = if insecure {
        Trust::Plaintext
    } else {
        Trust::AnyKey
    };
    loop {
        match TcpStream::connect(addr).await {
            Ok(s) => {
                s.set_nodelay(true)?;
                let within = deadline.saturating_duration_since(Instant::now());
                let io: Box<dyn Io> =
                    match crate::transport::secure(s, addr, &trust, within).await? {
                        (ClientStream::Tls(s), _) => s,
                        (ClientStream::Plain(s), _) => Box::new(s),
                    };
                let codec = LengthDelimitedCodec::builder()
                    .max_frame_length(MAX_SERVER_FRAME)
                    .new_codec();
                return Ok(Framed::new(io, codec));
            }
            Err(e) if Instant::now() < deadline => {
                tracing::debug!(error = %e, "connect failed; retrying");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => return Err(anyhow::anyhow!("cannot connect to {addr}: {e}")),
        }
    }
}

async fn send(conn: &mut Conn, msg: &ClientMsg) -> anyhow::Result<()> {
    conn.send(Bytes::from(codec::encode(msg)?)).await?;
    Ok(())
}

/// The seat's next setup step, as a person takes it: the first starting settlement the host
/// lists to collect around, then the first to make a city; nothing while one is in flight.
/// Left to the clock, every seat's setup would end in one step with the first round's start,
/// which would then carry the whole setup's news.
async fn setup_step(
    conn: &mut Conn,
    legal: &mut Vec<String>,
    in_flight: &mut Option<u32>,
    seq: &mut u32,
) -> anyhow::Result<()> {
    if in_flight.is_some() {
        return Ok(());
    }
    let Some(text) = legal
        .iter()
        .find(|c| c.starts_with("collect ") || c.starts_with("city "))
        .cloned()
    else {
        return Ok(());
    };
    // The reply lists what follows; a list left as it was must not send this step again.
    legal.clear();
    *seq += 1;
    *in_flight = Some(*seq);
    send(conn, &ClientMsg::Command { seq: *seq, text }).await
}

/// One bot client, from connecting until every client has played the rounds.
async fn client(
    i: usize,
    plan: &Plan,
    gate: Arc<Semaphore>,
    done: &AtomicUsize,
    r: &mut ClientResult,
) -> anyhow::Result<()> {
    let name = format!("load{i}");
    let mut token: Option<String> = None;
    let mut seed = (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut next_rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut last_round = 0u32;
    // Bytes count from the first round's roll on.
    let mut counting = false;
    let mut finished = false;
    let mut seq = 0u32;
    // The command in flight: its number and when it was sent.
    let mut pending: Option<(u32, Instant)> = None;
    // When to send `end` in this round.
    let mut plan_at: Option<tokio::time::Instant> = None;
    let mut asked_stats = false;
    let mut my_seat = None;
    // The setup, played as a person plays it: the commands the host last listed for this
    // seat, and the setup command in flight (not timed: the figures are the rounds').
    let mut my_legal: Vec<String> = Vec::new();
    let mut in_setup = false;
    let mut setup_sent: Option<u32> = None;
    let mut game_over = false;
    // The floor's probes: the latest round start and when it came, probes sent (client 0)
    // and seen, and when to stop waiting for them.
    let mut latest_round = 0u32;
    let mut round_began = Instant::now();
    let mut round_len = Duration::from_secs(3);
    let mut probes_sent = 0u32;
    let mut probes_seen = 0u32;
    // The round in which this client saw the last probe: it leaves once the next one starts,
    // so that its goodbye does not land among the last probe's deliveries to the others.
    let mut probes_done_in: Option<u32> = None;
    let mut probes_until: Option<Instant> = None;
    'connection: loop {
        let permit = gate.clone().acquire_owned().await?;
        let mut conn = connect(
            &plan.addr,
            plan.insecure,
            Instant::now() + Duration::from_secs(30),
        )
        .await?;
        send(
            &mut conn,
            &ClientMsg::Hello {
                version: PROTOCOL_VERSION,
                name: name.clone(),
                token: token.clone(),
                watch: false,
                color: None,
                password: None,
            },
        )
        .await?;
        let mut permit = Some(permit);
        let mut ping = tokio::time::interval(Duration::from_secs(5));
        ping.tick().await;
        loop {
            let all_done = finished && done.load(Ordering::SeqCst) >= plan.clients;
            // How long a finished client may wait for a frame before looking again: while
            // probing, not at all busily (a thousand clients waking every few milliseconds
            // would load the cores the floor is measured on).
            let mut nap = Duration::from_millis(50);
            if all_done {
                let now = Instant::now();
                let until = *probes_until.get_or_insert(
                    now + (round_len * (PROBES + 2))
                        .max(Duration::from_secs(PROBES as u64 * 6 + 10)),
                );
                // Two probes a round, a third and two thirds into it: clear of the round
                // start's burst (nobody ends a round early any more).
                let third = round_len / 3;
                let due = round_began + third * (probes_sent % 2 + 1);
                if i == 0
                    && probes_sent < PROBES
                    && latest_round > 0
                    && now >= due
                    && now < due + third / 2
                {
                    probes_sent += 1;
                    let text = format!("probe {}", wall_us());
                    send(&mut conn, &ClientMsg::Chat { text }).await?;
                }
                // Once the game is over no round follows: nothing more to wait for.
                let others_reading = !game_over && probes_done_in.is_none_or(|r| latest_round <= r);
                if (probes_seen < PROBES || others_reading) && now < until {
                    // Still reading: for the probes to come, then until the next round.
                    nap = if i == 0 && probes_sent < PROBES {
                        let next = round_began + round_len / 3 * (probes_sent % 2 + 1);
                        next.saturating_duration_since(now)
                            .max(Duration::from_millis(5))
                    } else {
                        until.saturating_duration_since(now)
                    };
                } else if i == 0 && !asked_stats {
                    asked_stats = true;
                    send(&mut conn, &ClientMsg::Stats).await?;
                } else if i != 0 || r.stats.is_some() {
                    let _ = send(&mut conn, &ClientMsg::Bye).await;
                    return Ok(());
                }
            }
            let wake = plan_at;
            let frame = tokio::select! {
                f = conn.next() => f,
                _ = async { tokio::time::sleep_until(wake.unwrap_or_else(tokio::time::Instant::now)).await }, if wake.is_some() => {
                    plan_at = None;
                    seq += 1;
                    pending = Some((seq, Instant::now()));
                    send(&mut conn, &ClientMsg::Command { seq, text: "end".into() }).await?;
                    continue;
                }
                _ = ping.tick() => {
                    send(&mut conn, &ClientMsg::Ping(0)).await?;
                    continue;
                }
                _ = tokio::time::sleep(nap), if finished => continue,
            };
            let Some(frame) = frame else {
                anyhow::bail!("the host closed the connection");
            };
            let frame = frame?;
            let got = Instant::now();
            // The round's roll reached this client when its frame was read (not after the
            // question about its legal commands went out).
            let got_us = wall_us();
            if counting && !finished {
                r.bytes += frame.len() as u64 + 4;
            }
            let msg: ServerMsg = codec::decode(&frame)?;
            match msg {
                ServerMsg::Welcome { seat, token: t, .. } => {
                    if seat.is_none() {
                        anyhow::bail!("got no seat");
                    }
                    token = Some(t);
                    my_seat = seat;
                    permit.take();
                }
                ServerMsg::Refused { reason } => anyhow::bail!("refused: {reason}"),
                ServerMsg::NameHeld { .. } => {
                    anyhow::bail!("client {i}: its name holds a seat it has no token for")
                }
                ServerMsg::Closing { reason } => {
                    // Dropped (too slow?): an error, and back with the token.
                    r.errors
                        .push(format!("client {i}: dropped by the host: {reason}"));
                    continue 'connection;
                }
                ServerMsg::Update(u) => {
                    // As a player's client does: the commands a hall's update leaves out are
                    // asked for when the game waits for this seat.
                    if u.legal_left_out && my_seat.is_some_and(|s| u.actors.contains(&s)) {
                        send(&mut conn, &ClientMsg::Legal).await?;
                    }
                    if let Some((s, sent)) = pending
                        && u.reply_to == Some(s)
                    {
                        r.command_us
                            .push(got.duration_since(sent).as_micros() as u64);
                        pending = None;
                    }
                    let Some(at) = u.view.rounds_at() else {
                        anyhow::bail!("the host does not play a game in rounds");
                    };
                    in_setup = at == RoundsAt::Setup;
                    if in_setup && !u.legal_left_out && !u.legal_same {
                        my_legal.clone_from(&u.legal);
                    }
                    if setup_sent.is_some() && u.reply_to == setup_sent {
                        setup_sent = None;
                    }
                    if in_setup {
                        setup_step(&mut conn, &mut my_legal, &mut setup_sent, &mut seq).await?;
                    }
                    game_over |= at == RoundsAt::Over;
                    if let RoundsAt::Round { round, .. } = at
                        && round > latest_round
                    {
                        latest_round = round;
                        round_began = got;
                        round_len = Duration::from_millis(u.deadline_ms.unwrap_or(3000));
                    }
                    if at == RoundsAt::Over && !finished {
                        finished = true;
                        r.counted = true;
                        done.fetch_add(1, Ordering::SeqCst);
                        continue;
                    }
                    let RoundsAt::Round { round, active } = at else {
                        continue;
                    };
                    if round <= last_round || finished {
                        continue;
                    }
                    if last_round > 0 && round > last_round + 1 {
                        r.errors.push(format!(
                            "client {i}: missed rounds {} to {}",
                            last_round + 1,
                            round - 1
                        ));
                    }
                    last_round = round;
                    if u.at_us > 0 {
                        r.broadcast_us.push((round, got_us.saturating_sub(u.at_us)));
                    }
                    if counting {
                        r.rounds += 1;
                    }
                    counting = true;
                    if r.rounds >= plan.rounds {
                        finished = true;
                        plan_at = None;
                        r.counted = true;
                        done.fetch_add(1, Ordering::SeqCst);
                        continue;
                    }
                    plan_at = None;
                    if active {
                        // Half the round, at most 10 s.
                        let half = u.deadline_ms.unwrap_or(2000).min(20_000) / 2;
                        let delay = next_rand() % half.max(1);
                        plan_at = Some(tokio::time::Instant::now() + Duration::from_millis(delay));
                    }
                }
                ServerMsg::Rejected { seq: s, .. } if setup_sent == Some(s) => {
                    // Too late (the clock acted for the seat): the host plays the rest.
                    setup_sent = None;
                }
                ServerMsg::Rejected { seq: s, .. } => {
                    if let Some((p, sent)) = pending
                        && p == s
                    {
                        r.command_us
                            .push(got.duration_since(sent).as_micros() as u64);
                        r.refused += 1;
                        pending = None;
                    }
                }
                ServerMsg::Stats(st) => r.stats = Some(st),
                ServerMsg::Chat { text, .. } => {
                    if let Some(stamp) = text
                        .strip_prefix("probe ")
                        .and_then(|t| t.parse::<u64>().ok())
                    {
                        r.chat_us.push(got_us.saturating_sub(stamp));
                        probes_seen += 1;
                        if probes_seen == PROBES {
                            probes_done_in = Some(latest_round);
                        }
                    }
                }
                ServerMsg::Legal(list, _) => {
                    my_legal = list;
                    if in_setup {
                        setup_step(&mut conn, &mut my_legal, &mut setup_sent, &mut seq).await?;
                    }
                }
                ServerMsg::Lobby(_)
                | ServerMsg::Pong(_)
                | ServerMsg::Summary(_)
                | ServerMsg::Hint(_)
                | ServerMsg::Review(_)
                | ServerMsg::Notice(_)
                | ServerMsg::Stopped(_)
                | ServerMsg::Reconnecting(_) => {}
            }
        }
    }
}
