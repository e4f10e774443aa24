//! Many SSH guests on one host (`catan host --ssh`): the host's memory and CPU per session
//! and the bytes per second each session receives while a game runs.
//!
//! The host is the real binary, in its own process (so its figures are its own); the guests
//! are russh clients in this process, each with a pty (120×40, xterm-256color) and a shell,
//! i.e. the TUI drawn by the host. Four bots play a base game (a decision every
//! `--bot-think-secs 0.5`); the guests watch it (`watch@`), so every move redraws every
//! screen.
//!
//! `cargo build --release && cargo run --release --example ssh_load` (200 sessions, 30 s);
//! `SSH_SESSIONS=N SSH_SECS=S` to change, `CATAN_BIN` for another host binary (default
//! `target/release/catan`).

use russh::client::{self, Handle};
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{ChannelMsg, Disconnect};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

struct Guest;

impl client::Handler for Guest {
    type Error = russh::Error;
    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

#[path = "../tests/support/ports.rs"]
mod ports;

/// Resident memory of the host in KiB (the library's reading of `/proc`), and its CPU time
/// (user + system) in clock ticks.
fn usage(pid: u32) -> (u64, u64) {
    let (rss, _) = catan::server::process_memory_of(pid);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
    let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = f.get(11).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0)
        + f.get(12).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    (rss, ticks)
}

fn free_port() -> u16 {
    ports::free_port().parse().expect("a port number")
}

/// A command's output, trimmed; empty when it cannot run.
fn output_of(cmd: &str, args: &[&str]) -> String {
    Command::new(cmd)
        .args(args)
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

/// The machine's load average over 1, 5 and 15 minutes.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// What a figure was measured on: the date, the commit, the binary and the machine's load,
/// so a run on a busy machine is seen as one.
fn provenance(bin: &str) -> Vec<String> {
    let commit = output_of("git", &["rev-parse", "--short", "HEAD"]);
    let dirty = !output_of("git", &["status", "--porcelain", "--untracked-files=no"]).is_empty();
    vec![
        format!(
            "date: {}",
            output_of("date", &["-u", "+%Y-%m-%d %H:%M:%S UTC"])
        ),
        format!(
            "commit: {}{}",
            if commit.is_empty() {
                "unknown"
            } else {
                &commit
            },
            if dirty {
                " (with uncommitted changes)"
            } else {
                ""
            }
        ),
        format!("binary: {bin}"),
        format!(
            "load average (1, 5, 15 min) at the start: {}",
            load_average()
        ),
    ]
}

fn ticks_per_sec() -> f64 {
    // SAFETY: sysconf only reads a constant.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 { t as f64 } else { 100.0 }
}

async fn guest(port: u16, n: u32, bytes: Arc<AtomicU64>) -> Option<Handle<Guest>> {
    let mut seed = [7u8; 32];
    seed[..4].copy_from_slice(&n.to_le_bytes());
    let key = PrivateKey::from(russh::keys::ssh_key::private::Ed25519Keypair::from_seed(
        &seed,
    ));
    let mut s = client::connect(
        Arc::new(client::Config::default()),
        ("127.0.0.1", port),
        Guest,
    )
    .await
    .ok()?;
    let ok = s
        .authenticate_publickey("watch", PrivateKeyWithHashAlg::new(Arc::new(key), None))
        .await
        .ok()?;
    if !ok.success() {
        return None;
    }
    let mut ch = s.channel_open_session().await.ok()?;
    ch.request_pty(true, "xterm-256color", 120, 40, 0, 0, &[])
        .await
        .ok()?;
    ch.request_shell(true).await.ok()?;
    tokio::spawn(async move {
        while let Some(m) = ch.wait().await {
            if let ChannelMsg::Data { data } = m {
                bytes.fetch_add(data.len() as u64, Ordering::Relaxed);
            }
        }
    });
    Some(s)
}

fn main() {
    let sessions: u32 = std::env::var("SSH_SESSIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let secs: u64 = std::env::var("SSH_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30);
    let data = std::env::temp_dir().join(format!("catan-ssh-bench-{}", std::process::id()));
    let ssh_port = free_port();
    let tcp_port = free_port();
    let bin = std::env::var("CATAN_BIN").unwrap_or_else(|_| "target/release/catan".into());
    let mut host = Command::new(&bin)
        .args([
            "host",
            "--headless",
            "--plain",
            "--bind",
            "127.0.0.1",
            "--seats",
            "4",
        ])
        .args(["--bots", "4", "--bot-think-secs", "0.5", "--seed", "11"])
        .args([
            "--port",
            &tcp_port.to_string(),
            "--ssh",
            &ssh_port.to_string(),
        ])
        .env("CATAN_DATA_DIR", &data)
        .env("CATAN_NO_ADVERTISE", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs catan");
    let pid = host.id();
    for l in provenance(&bin) {
        println!("{l}");
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        // The host is up when its SSH port answers.
        let t = Instant::now();
        while tokio::net::TcpStream::connect(("127.0.0.1", ssh_port))
            .await
            .is_err()
        {
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "the host did not start"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (rss0, _) = usage(pid);
        let bytes = Arc::new(AtomicU64::new(0));
        let mut handles = Vec::new();
        let started = Instant::now();
        for n in 0..sessions {
            match guest(ssh_port, n, bytes.clone()).await {
                Some(h) => handles.push(h),
                None => eprintln!("session {n} failed to open"),
            }
        }
        let opened = started.elapsed();
        // Let the first frames go out, then measure a steady window.
        tokio::time::sleep(Duration::from_secs(3)).await;
        let (rss1, cpu0) = usage(pid);
        let b0 = bytes.load(Ordering::Relaxed);
        let t0 = Instant::now();
        tokio::time::sleep(Duration::from_secs(secs)).await;
        let (rss2, cpu1) = usage(pid);
        let b1 = bytes.load(Ordering::Relaxed);
        let dt = t0.elapsed().as_secs_f64();
        let n = handles.len().max(1) as f64;
        let cpu = (cpu1 - cpu0) as f64 / ticks_per_sec() / dt;
        println!(
            "ssh sessions: {} open of {sessions} (opened in {:.1} s)",
            handles.len(),
            opened.as_secs_f64()
        );
        println!(
            "host memory: {} KiB before, {} KiB with the sessions, {} KiB at the end",
            rss0, rss1, rss2
        );
        println!(
            "host memory per session: {:.0} KiB",
            (rss2.max(rss1) - rss0) as f64 / n
        );
        println!(
            "host CPU while the game runs: {:.1}% of one core ({:.2}% per session)",
            cpu * 100.0,
            cpu * 100.0 / n
        );
        println!(
            "bytes to each session: {:.0} B/s ({:.0} B/s in all over {dt:.0} s)",
            (b1 - b0) as f64 / dt / n,
            (b1 - b0) as f64 / dt
        );
        println!("load average at the end: {}", load_average());
        for h in handles {
            let _ = h.disconnect(Disconnect::ByApplication, "", "en").await;
        }
    });
    let _ = host.kill();
    let _ = host.wait();
    let _ = std::fs::remove_dir_all(&data);
}
