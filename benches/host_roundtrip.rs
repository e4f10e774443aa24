//! Command round trip on loopback and the host's memory with 4 clients.
//!
//! Starts `catan host --headless` as its own process (built by `cargo bench`), connects four
//! TCP clients that play random legal commands whenever asked to act, and times each command
//! from sending it to receiving the host's answer (the update it caused, or its refusal).
//! At the end it reads the host process's peak resident memory from /proc.
//!
//! Clients pace themselves to at most 50 commands a second each (far faster than people, under
//! the host's flood limit) and play for 20 seconds per game.
//!
//! Run: `cargo bench --bench host_roundtrip` (add `-- --games 5` for more).

use catan::client::net::{Hello, connect};
use catan::engine::rng::GameRng;
use catan::proto::{ClientMsg, ServerMsg};
use catan::variants::GameView;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn host_binary() -> std::path::PathBuf {
    // benches run from target/release/deps; the binary sits one level up.
    let mut p = std::env::current_exe().expect("bench path");
    p.pop();
    if p.ends_with("deps") {
        p.pop();
    }
    p.join("catan")
}

async fn client(addr: String, name: String, seed: u64, until: Instant) -> Vec<f64> {
    let (tx, mut rx) = connect(
        &addr,
        Hello {
            name,
            token: None,
            watch: false,
            color: None,
            password: None,
        },
        &catan::transport::Trust::AnyKey,
    )
    .await
    .expect("connects to the host");
    let mut rng = GameRng::new(seed);
    let mut seat = 0;
    let mut seq = 0;
    let mut sent_at: Option<Instant> = None;
    let mut rtts = Vec::new();
    let mut latest: Option<catan::proto::Update> = None;
    let mut acted_on = 0;
    let mut last_sent = Instant::now();
    while let Ok(Some(msg)) = tokio::time::timeout_at(until.into(), rx.recv()).await {
        match msg {
            ServerMsg::Welcome { seat: s, .. } => seat = s.unwrap_or(0),
            ServerMsg::Update(u) => {
                if u.reply_to == Some(seq)
                    && let Some(t) = sent_at.take()
                {
                    rtts.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                let GameView::Base(v) = &u.view else {
                    panic!("a base game")
                };
                if v.winner.is_some() {
                    return rtts;
                }
                latest = Some(*u);
            }
            ServerMsg::Rejected { .. } => {
                if let Some(t) = sent_at.take() {
                    rtts.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                acted_on = 0;
            }
            ServerMsg::Closing { .. } | ServerMsg::Refused { .. } => return rtts,
            _ => {}
        }
        if rx.is_empty()
            && sent_at.is_none()
            && let Some(u) = &latest
            && u.version != acted_on
            && u.actors.contains(&seat)
            && !u.legal.is_empty()
        {
            acted_on = u.version;
            seq += 1;
            let text = u.legal[rng.below(u.legal.len())].clone();
            let pace = Duration::from_millis(20);
            if last_sent.elapsed() < pace {
                tokio::time::sleep(pace - last_sent.elapsed()).await;
            }
            last_sent = Instant::now();
            sent_at = Some(Instant::now());
            tx.send(ClientMsg::Command { seq, text }).await.unwrap();
        }
    }
    rtts
}

fn peak_rss_mb(pid: u32) -> Option<f64> {
    let (_, peak_kb) = catan::server::process_memory_of(pid);
    (peak_kb > 0).then(|| peak_kb as f64 / 1024.0)
}

fn main() {
    let games: usize = std::env::args()
        .skip_while(|a| a != "--games")
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let port = 17000 + (std::process::id() % 1000) as u16;
    let mut all = Vec::new();
    let mut peak = 0.0f64;
    for g in 0..games {
        let mut host = Command::new(host_binary())
            .args([
                "host",
                "--headless",
                "--seats",
                "4",
                "--port",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
            ])
            .args(["--seed", &(g as u64 + 1).to_string()])
            .env("CATAN_LOG", "error")
            // The host's save goes to a scratch directory, not the user's.
            .env(
                "CATAN_DATA_DIR",
                std::env::temp_dir().join(format!("catan-bench-{}", std::process::id())),
            )
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("starts `catan host`; run through `cargo bench` so it is built");
        let rt = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        let addr = format!("127.0.0.1:{port}");
        let rtts = rt.block_on(async {
            for _ in 0..100 {
                if tokio::net::TcpStream::connect(&addr).await.is_ok() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let until = Instant::now() + Duration::from_secs(20);
            let tasks: Vec<_> = (0..4)
                .map(|i| {
                    tokio::spawn(client(
                        addr.clone(),
                        format!("P{i}"),
                        g as u64 * 10 + i,
                        until,
                    ))
                })
                .collect();
            let mut all = Vec::new();
            for t in tasks {
                all.extend(t.await.unwrap());
            }
            all
        });
        if let Some(mb) = peak_rss_mb(host.id()) {
            peak = peak.max(mb);
        }
        let _ = host.kill();
        let _ = host.wait();
        all.extend(rtts);
    }
    all.sort_by(f64::total_cmp);
    println!(
        "host_roundtrip: {} commands in {games} x 20 s of play, 4 TCP clients on loopback: p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms; host peak memory {:.1} MB",
        all.len(),
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all.last().copied().unwrap_or(0.0),
        peak
    );
}
