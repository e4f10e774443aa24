//! The host's SSH server (`catan host --ssh`, docs/ssh.md), spoken to with russh's client:
//! the line mode without a pty, the TUI with one (drawn at the window's size, a 10,000-column
//! window clamped), seats bound to keys (the same key gets its seat back, another key with the
//! same name is refused, a keyless guest comes back with its code), spectators, the table's
//! password, the session cap, bad authentication and floods of hostile bytes. The real OpenSSH
//! client in tmux is in tests/ssh_openssh.rs.

mod support;

use catan::hostkey::HostKey;
use catan::server::RunningHost;
use catan::server::table::{Table, TableConfig};
use catan::ssh::{SshOptions, SshServer};
use russh::client::{self, Handle, KeyboardInteractiveAuthResponse};
use russh::keys::{HashAlg, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{ChannelMsg, Disconnect};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::{PATIENCE, base_args};
use tokio::net::TcpListener;

struct Host {
    _tcp: RunningHost,
    ssh: SshServer,
    fingerprint: String,
}

/// A base table of `seats` with `bots` bots (the game starts once every seat is taken).
async fn table_with(seats: usize, bots: usize, opts: SshOptions) -> Host {
    let game = base_args(7).create(seats, 7).unwrap();
    let cfg = TableConfig {
        rate_per_sec: 1000,
        bots,
        away_ms: 600_000,
        // As `catan host --password` does: the table checks what the SSH guests' hellos bring.
        password: opts.password.clone(),
        ..TableConfig::default()
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let tcp = RunningHost::start(listener, Table::new(game, cfg)).unwrap();
    let key = HostKey::generate().unwrap();
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let ssh = SshServer::start(l, tcp.handle.clone(), &key, opts).unwrap();
    Host {
        _tcp: tcp,
        ssh,
        fingerprint: key.fingerprint(),
    }
}

async fn host_with(opts: SshOptions) -> Host {
    table_with(4, 0, opts).await
}

async fn host() -> Host {
    host_with(SshOptions::default()).await
}

/// A client key from a seed.
fn key(n: u8) -> PrivateKey {
    PrivateKey::from(russh::keys::ssh_key::private::Ed25519Keypair::from_seed(
        &[n; 32],
    ))
}

/// The client's side: keeps the server key it was shown.
struct Guest {
    seen: Arc<Mutex<Option<String>>>,
}

impl client::Handler for Guest {
    type Error = russh::Error;
    async fn check_server_key(
        &mut self,
        key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        *self.seen.lock().unwrap() =
            Some(key.public_key().fingerprint(HashAlg::Sha256).to_string());
        Ok(true)
    }
}

async fn connect(h: &Host) -> (Handle<Guest>, Arc<Mutex<Option<String>>>) {
    let seen = Arc::new(Mutex::new(None));
    let cfg = Arc::new(client::Config::default());
    let handle = client::connect(cfg, ("127.0.0.1", h.ssh.port), Guest { seen: seen.clone() })
        .await
        .unwrap();
    (handle, seen)
}

/// Logged in with a key.
async fn with_key(h: &Host, user: &str, k: &PrivateKey) -> Handle<Guest> {
    let (mut s, _) = connect(h).await;
    let ok = s
        .authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(k.clone()), None))
        .await
        .unwrap();
    assert!(ok.success(), "{ok:?}");
    s
}

/// Logged in without a key, answering the prompts with `answers`.
async fn keyless(h: &Host, user: &str, answers: &[&str]) -> Result<Handle<Guest>, String> {
    let (mut s, _) = connect(h).await;
    let mut r = s
        .authenticate_keyboard_interactive_start(user, None)
        .await
        .unwrap();
    loop {
        match r {
            KeyboardInteractiveAuthResponse::Success => return Ok(s),
            KeyboardInteractiveAuthResponse::Failure { .. } => return Err("refused".into()),
            KeyboardInteractiveAuthResponse::InfoRequest { prompts, .. } => {
                let replies = prompts
                    .iter()
                    .enumerate()
                    .map(|(i, _)| answers.get(i).unwrap_or(&"").to_string())
                    .collect();
                r = s
                    .authenticate_keyboard_interactive_respond(replies)
                    .await
                    .unwrap();
            }
        }
    }
}

/// Runs `cmd` (the line mode) and reads what comes back until `until` appears; returns the
/// output.
async fn exec_until(s: &Handle<Guest>, cmd: &str, until: &str) -> String {
    let mut ch = s.channel_open_session().await.unwrap();
    ch.exec(true, cmd).await.unwrap();
    let mut out = String::new();
    let read = async {
        while let Some(m) = ch.wait().await {
            if let ChannelMsg::Data { data } = m {
                out.push_str(&String::from_utf8_lossy(&data));
                if out.contains(until) {
                    return;
                }
            }
        }
    };
    let _ = tokio::time::timeout(PATIENCE, read).await;
    assert!(out.contains(until), "waited for {until:?}, got:\n{out}");
    out
}

async fn bye(s: Handle<Guest>) {
    let _ = s.disconnect(Disconnect::ByApplication, "", "en").await;
}

/// Waits until the server counts `n` sessions.
async fn sessions_become(h: &Host, n: usize) {
    let t = tokio::time::Instant::now();
    while h.ssh.shared.sessions() != n {
        assert!(
            t.elapsed() < PATIENCE,
            "{} sessions, expected {n}",
            h.ssh.shared.sessions()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_key_is_the_hosts_and_a_command_plays_the_line_mode() {
    let h = host().await;
    let (mut s, seen) = connect(&h).await;
    let ok = s
        .authenticate_publickey("ann", PrivateKeyWithHashAlg::new(Arc::new(key(1)), None))
        .await
        .unwrap();
    assert!(ok.success());
    assert_eq!(
        seen.lock().unwrap().as_deref(),
        Some(h.fingerprint.as_str()),
        "ssh shows the fingerprint the host prints"
    );
    let out = exec_until(&s, "say hello; state", "joined").await;
    assert!(
        out.contains(&format!("host key: {}", h.fingerprint)),
        "{out}"
    );
    assert!(out.contains("in seat 1"), "{out}");
    bye(s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_gets_its_seat_back_and_another_key_with_the_name_is_refused() {
    // Two seats: the game starts once Ann and Bob sit (a lobby seat is freed when its player
    // leaves; a seat in a running game is held).
    let h = table_with(2, 0, SshOptions::default()).await;
    let a = with_key(&h, "ann", &key(1)).await;
    exec_until(&a, "state", "in seat 1").await;
    let b = with_key(&h, "bob", &key(2)).await;
    exec_until(&b, "state", "in seat 2").await;
    bye(a).await;
    bye(b).await;
    sessions_become(&h, 0).await;
    // Ann's key, from anywhere: her seat.
    let a = with_key(&h, "ann", &key(1)).await;
    exec_until(&a, "state", "in seat 1").await;
    bye(a).await;
    // Another key asking for the name Ann sits under: refused, and told why.
    let m = with_key(&h, "ann", &key(3)).await;
    let out = exec_until(&m, "state", "refused").await;
    assert!(out.contains("another key"), "{out}");
    bye(m).await;
    // Bob's key under another name still finds Bob's seat: the key, not the name, is who.
    let b = with_key(&h, "robert", &key(2)).await;
    exec_until(&b, "state", "in seat 2").await;
    bye(b).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_keyless_guest_comes_back_only_with_its_code() {
    // One bot and Kim: the game starts when she sits.
    let h = table_with(2, 1, SshOptions::default()).await;
    let k = keyless(&h, "kim", &[""]).await.unwrap();
    let out = exec_until(&k, "state", "type this code at the prompt: ").await;
    let code: String = out
        .split("type this code at the prompt: ")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect();
    assert_eq!(code.len(), 32, "{out}");
    bye(k).await;
    sessions_become(&h, 0).await;
    // The name alone takes nothing.
    let k = keyless(&h, "kim", &[""]).await.unwrap();
    let out = exec_until(&k, "state", "refused").await;
    assert!(out.contains("code"), "{out}");
    bye(k).await;
    // A wrong code neither.
    let k = keyless(&h, "kim", &["0123"]).await.unwrap();
    exec_until(&k, "state", "refused").await;
    bye(k).await;
    // The code does.
    let k = keyless(&h, "kim", &[&code]).await.unwrap();
    exec_until(&k, "state", "in seat 1").await;
    bye(k).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_spectates() {
    let h = host().await;
    let w = with_key(&h, "watch", &key(9)).await;
    exec_until(&w, "state", "watching").await;
    bye(w).await;
    // A keyless spectator is not asked for a code either.
    let w = keyless(&h, "watch", &[]).await.unwrap();
    exec_until(&w, "state", "watching").await;
    bye(w).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tables_password_is_asked_of_keys_and_keyless_guests() {
    let h = host_with(SshOptions {
        password: Some("sesame".into()),
        ..SshOptions::default()
    })
    .await;
    // A key alone is not enough: the server asks for the password next.
    let (mut s, _) = connect(&h).await;
    let r = s
        .authenticate_publickey("ann", PrivateKeyWithHashAlg::new(Arc::new(key(1)), None))
        .await
        .unwrap();
    assert!(!r.success());
    let mut r = s
        .authenticate_keyboard_interactive_start("ann", None)
        .await
        .unwrap();
    if let KeyboardInteractiveAuthResponse::InfoRequest { prompts, .. } = &r {
        assert_eq!(prompts.len(), 1, "the password only: the key is who");
        r = s
            .authenticate_keyboard_interactive_respond(vec!["sesame".into()])
            .await
            .unwrap();
    }
    assert!(
        matches!(r, KeyboardInteractiveAuthResponse::Success),
        "{r:?}"
    );
    exec_until(&s, "state", "in seat 1").await;
    bye(s).await;
    assert!(keyless(&h, "bob", &["wrong", ""]).await.is_err());
    let b = keyless(&h, "bob", &["sesame", ""]).await.unwrap();
    exec_until(&b, "state", "joined").await;
    bye(b).await;
    // Spectators too: watch@ with a key alone is not let in, nor with a wrong password.
    let (mut w, _) = connect(&h).await;
    let r = w
        .authenticate_publickey("watch", PrivateKeyWithHashAlg::new(Arc::new(key(9)), None))
        .await
        .unwrap();
    assert!(!r.success(), "a key alone does not watch a private table");
    drop(w);
    assert!(keyless(&h, "watch", &["wrong"]).await.is_err());
    let w = keyless(&h, "watch", &["sesame"]).await.unwrap();
    exec_until(&w, "state", "watching").await;
    bye(w).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_auth_and_unknown_methods_are_refused_without_harm() {
    let h = host().await;
    let (mut s, _) = connect(&h).await;
    assert!(!s.authenticate_none("ann").await.unwrap().success());
    assert!(!s.authenticate_password("ann", "x").await.unwrap().success());
    // Still usable after the refusals.
    assert!(
        s.authenticate_publickey("ann", PrivateKeyWithHashAlg::new(Arc::new(key(1)), None))
            .await
            .unwrap()
            .success()
    );
    exec_until(&s, "state", "in seat 1").await;
    bye(s).await;
    // A peer that says nothing at all is cut when the time to authenticate runs out.
    let h = host_with(SshOptions {
        auth_timeout: Duration::from_millis(300),
        ..SshOptions::default()
    })
    .await;
    let mut raw = tokio::net::TcpStream::connect(("127.0.0.1", h.ssh.port))
        .await
        .unwrap();
    use tokio::io::AsyncReadExt;
    let mut buf = vec![0u8; 4096];
    let closed = tokio::time::timeout(PATIENCE, async {
        loop {
            match raw.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "a silent peer is cut");
    sessions_become(&h, 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_over_the_cap_are_told_the_host_is_full() {
    let h = host_with(SshOptions {
        max_sessions: 2,
        ..SshOptions::default()
    })
    .await;
    let a = with_key(&h, "ann", &key(1)).await;
    let b = with_key(&h, "bob", &key(2)).await;
    sessions_become(&h, 2).await;
    let (mut c, _) = connect(&h).await;
    let r = c
        .authenticate_publickey("cat", PrivateKeyWithHashAlg::new(Arc::new(key(3)), None))
        .await
        .unwrap();
    assert!(!r.success(), "the third is refused");
    drop(c);
    bye(a).await;
    sessions_become(&h, 1).await;
    let c = with_key(&h, "cat", &key(3)).await;
    exec_until(&c, "state", "joined").await;
    bye(c).await;
    bye(b).await;
}

/// Opens a pty session at `cols`×`rows` and returns its channel.
async fn tui(s: &Handle<Guest>, cols: u32, rows: u32) -> russh::Channel<russh::client::Msg> {
    let ch = s.channel_open_session().await.unwrap();
    ch.request_pty(true, "xterm-256color", cols, rows, 0, 0, &[])
        .await
        .unwrap();
    ch.request_shell(true).await.unwrap();
    ch
}

/// Reads the channel until `pred` holds for all that came, or patience runs out.
async fn read_until(
    ch: &mut russh::Channel<russh::client::Msg>,
    seen: &mut Vec<u8>,
    pred: impl Fn(&[u8]) -> bool,
) -> bool {
    let r = tokio::time::timeout(PATIENCE, async {
        while let Some(m) = ch.wait().await {
            if let ChannelMsg::Data { data } = m {
                seen.extend_from_slice(&data);
                if pred(seen) {
                    return true;
                }
            }
        }
        false
    })
    .await;
    r.unwrap_or(false)
}

fn contains(hay: &[u8], needle: &str) -> bool {
    memchr::memmem::find(hay, needle.as_bytes()).is_some()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pty_gets_the_tui_and_a_huge_window_is_clamped() {
    let h = host().await;
    let s = with_key(&h, "ann", &key(1)).await;
    let mut ch = tui(&s, 100, 30).await;
    let mut seen = Vec::new();
    // The lobby, drawn in the alternate screen, with the host's fingerprint to compare.
    let fp_start = &h.fingerprint[..20];
    assert!(
        read_until(&mut ch, &mut seen, |b| contains(b, "\x1b[?1049h")
            && contains(b, fp_start))
        .await,
        "{}",
        String::from_utf8_lossy(&seen)
    );
    let first = seen.len();
    // 10,000 columns: drawn at the clamp, and the session goes on.
    ch.window_change(10_000, 10_000, 0, 0).await.unwrap();
    seen.clear();
    // Typing `?` opens the help; the frame after it comes.
    ch.data(&b"?"[..]).await.unwrap();
    assert!(
        read_until(&mut ch, &mut seen, |b| contains(b, "Help")
            || contains(b, "help"))
        .await
    );
    // A clamped frame is at most 400×200 cells with their styles: well under a few MB.
    assert!(seen.len() < 4_000_000, "{} bytes", seen.len());
    assert!(first < 200_000, "the first 100×30 frame took {first} bytes");
    bye(s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_bytes_and_floods_cost_the_host_nothing_lasting() {
    let h = host().await;
    let s = with_key(&h, "ann", &key(1)).await;
    let mut ch = tui(&s, 80, 24).await;
    let mut seen = Vec::new();
    assert!(read_until(&mut ch, &mut seen, |b| contains(b, "\x1b[?1049h")).await);
    // The guest reads what the host draws while it floods (a guest that does not read is
    // output.rs's test).
    let (mut rd, wr) = ch.split();
    let drawn = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let d = drawn.clone();
    let reader = tokio::spawn(async move {
        while let Some(m) = rd.wait().await {
            if let ChannelMsg::Data { data } = m {
                d.fetch_add(data.len(), std::sync::atomic::Ordering::SeqCst);
            }
        }
    });
    // Random bytes, endless escape sequences, invalid UTF-8: 4 MB of them (past a burst,
    // dropped unread).
    let mut x: u64 = 0x9e37_79b9;
    let mut junk = Vec::with_capacity(1 << 16);
    for _ in 0..(1 << 16) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        // Anything but the keys that quit (q, y, Ctrl-C, Ctrl-D), so the session stays.
        let b = x as u8;
        if !b"qyQY\x03\x04".contains(&b) {
            junk.push(b);
        }
    }
    let mut endless = b"\x1b[".to_vec();
    endless.extend(std::iter::repeat_n(b'9', 1 << 16));
    for i in 0..64 {
        let chunk = if i % 2 == 0 { &junk } else { &endless };
        wr.data(&chunk[..]).await.unwrap();
    }
    // The host still serves: the flooded TUI session is alive, and a newcomer plays.
    let c = with_key(&h, "cat", &key(3)).await;
    exec_until(&c, "state", "joined").await;
    bye(c).await;
    // The flooded session is alive: a key still redraws.
    // An Esc on its own ends whatever sequence the junk left unfinished; then a key.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    wr.data(&b"\x1b"[..]).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = drawn.load(std::sync::atomic::Ordering::SeqCst);
    wr.data(&b"?"[..]).await.unwrap();
    let t = tokio::time::Instant::now();
    while drawn.load(std::sync::atomic::Ordering::SeqCst) == before {
        assert!(t.elapsed() < PATIENCE, "the flooded session still draws");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    bye(s).await;
    reader.abort();
}

/// The host cuts a line mode session at the first line over `MAX_LINE`: the SSH connection
/// ends (the client's channel sees its end) and the session's place is given back.
///
/// The guest writes from a task of its own. This test was flaky (3 runs in 5) when it wrote
/// and then waited in one task: russh's client waits for the server's window before sending
/// more, and a connection that ends does not wake that wait, so a guest that had filled the
/// window before the cut (2 MiB of the 4 MiB it sends) waited for ever, although the host
/// had cut the session.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_mode_line_that_never_ends_cuts_the_session() {
    let h = host().await;
    let p = with_key(&h, "bob", &key(2)).await;
    let pch = p.channel_open_session().await.unwrap();
    pch.exec(true, "").await.unwrap();
    let (mut rd, wr) = pch.split();
    let writer = tokio::spawn(async move {
        let long = vec![b'a'; 64 * 1024];
        for _ in 0..64 {
            if wr.data(&long[..]).await.is_err() {
                return;
            }
        }
    });
    let ended = tokio::time::timeout(PATIENCE, async { while rd.wait().await.is_some() {} }).await;
    assert!(ended.is_ok(), "the endless line's session ends");
    sessions_become(&h, 0).await;
    assert!(p.is_closed(), "the host closed the connection");
    writer.abort();
}

/// A line mode session read line by line, written to as a guest types.
struct LineSession {
    ch: russh::Channel<russh::client::Msg>,
    buf: Vec<u8>,
    /// Every line read so far, for failure messages.
    seen: Vec<String>,
}

impl LineSession {
    async fn open(s: &Handle<Guest>) -> LineSession {
        let ch = s.channel_open_session().await.unwrap();
        ch.exec(true, "").await.unwrap();
        LineSession {
            ch,
            buf: Vec::new(),
            seen: Vec::new(),
        }
    }

    async fn say(&mut self, line: &str) {
        self.ch.data(format!("{line}\n").as_bytes()).await.unwrap();
    }

    /// The next line matching `pred`.
    async fn expect(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let found = tokio::time::timeout(PATIENCE, async {
            loop {
                while let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
                    let line: Vec<u8> = self.buf.drain(..=i).collect();
                    let line = String::from_utf8_lossy(&line).trim_end().to_string();
                    self.seen.push(line.clone());
                    if pred(&line) {
                        return Some(line);
                    }
                }
                match self.ch.wait().await {
                    Some(ChannelMsg::Data { data }) => self.buf.extend_from_slice(&data),
                    Some(_) => {}
                    None => return None,
                }
            }
        })
        .await;
        match found {
            Ok(Some(l)) => l,
            _ => panic!("no line for {what}; saw:\n{}", self.seen.join("\n")),
        }
    }
}

/// Logged in with a key at an SSH server on `port` (a host run as the real binary).
async fn with_key_at(port: u16, user: &str, k: &PrivateKey) -> Handle<Guest> {
    let seen = Arc::new(Mutex::new(None));
    let cfg = Arc::new(client::Config::default());
    let mut s = client::connect(cfg, ("127.0.0.1", port), Guest { seen })
        .await
        .unwrap();
    let ok = s
        .authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(k.clone()), None))
        .await
        .unwrap();
    assert!(ok.success(), "{ok:?}");
    s
}

/// `catan host` (the real binary) with a save and an SSH port: Ann's key sits down and places
/// her setup pieces; the host stops; `catan host --resume` gives the same key the same seat
/// and hand (asked under another name, it is told which seat it got back), and another key
/// asking for Ann's name is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_keys_seat_survives_a_host_restart_from_its_save() {
    use support::binary::{Proc, free_port};
    let dir = std::env::temp_dir().join(format!("catan-ssh-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.catan").display().to_string();
    let start = |extra: &[&str]| {
        let ssh_port = free_port();
        let tcp_port = free_port();
        let mut args = vec![
            "host",
            "--headless",
            "--plain",
            "--ssh",
            &ssh_port,
            "--port",
            &tcp_port,
            "--bind",
            "127.0.0.1",
            "--away-secs",
            "600",
        ];
        args.extend_from_slice(extra);
        let mut p = Proc::spawn(&dir.join("data"), &args);
        p.expect("the ssh line", |l| l.contains("ssh -p"));
        (p, ssh_port.parse::<u16>().unwrap())
    };
    let (host, port) = start(&[
        "--seats",
        "2",
        "--bots",
        "1",
        "--bot-think-secs",
        "0",
        "--seed",
        "3",
        "--save",
        &save,
    ]);
    // Ann sits down with her key and plays her setup, until the game asks her to roll.
    let a = with_key_at(port, "ann", &key(1)).await;
    let mut ann = LineSession::open(&a).await;
    let seated = ann.expect("the welcome", |l| l.contains("in seat ")).await;
    loop {
        ann.expect("ann's move", |l| l.starts_with("your move:"))
            .await;
        ann.say("legal").await;
        let legal = ann
            .expect("the legal commands", |l| l.starts_with('['))
            .await;
        let legal: Vec<String> = serde_json::from_str(&legal).unwrap();
        if legal.iter().any(|c| c == "roll") {
            break;
        }
        let pick = legal
            .iter()
            .find(|c| !c.starts_with("offer"))
            .unwrap()
            .clone();
        ann.say(&pick).await;
    }
    ann.say("state").await;
    let before: serde_json::Value =
        serde_json::from_str(&ann.expect("the state", |l| l.starts_with('{')).await).unwrap();
    assert!(before["hand"].is_object(), "{before}");
    bye(a).await;
    drop(host);
    let keys = dir.join("game.catan.ssh-keys");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&keys)
            .expect("the keys' seats are kept beside the save")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "they hold the seats' tokens");
    }

    // The host comes back from its save: Ann's key, asking as "anna", gets Ann's seat and
    // hand, and is told so.
    let (_host, port) = start(&["--resume", &save]);
    let a = with_key_at(port, "anna", &key(1)).await;
    let mut ann = LineSession::open(&a).await;
    let again = ann.expect("the welcome", |l| l.contains("in seat ")).await;
    let seat_of = |l: &str| l.split("in seat ").nth(1).map(|s| s.trim().to_string());
    assert_eq!(seat_of(&again), seat_of(&seated), "{again} / {seated}");
    let told = ann
        .expect("which seat the key got back", |l| {
            l.contains("welcome back: you hold seat")
        })
        .await;
    assert!(told.contains("as ann "), "{told}");
    ann.say("state").await;
    let after: serde_json::Value =
        serde_json::from_str(&ann.expect("the state", |l| l.starts_with('{')).await).unwrap();
    assert_eq!(after["hand"], before["hand"], "the same hand");
    assert_eq!(after["dev_cards"], before["dev_cards"]);
    assert_eq!(after["seat"], before["seat"]);
    bye(a).await;
    // Another key asking for Ann's name: refused.
    let m = with_key_at(port, "ann", &key(3)).await;
    let out = exec_until(&m, "state", "refused").await;
    assert!(out.contains("another key"), "{out}");
    bye(m).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// A guest's socket whose reading the test stops: its ssh then takes nothing more from the
/// network (as a frozen laptop's would), while it can still send.
struct Stoppable {
    inner: tokio::net::TcpStream,
    stopped: Arc<std::sync::atomic::AtomicBool>,
}

impl tokio::io::AsyncRead for Stoppable {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        if self.stopped.load(std::sync::atomic::Ordering::SeqCst) {
            // Never ready again: this guest reads no more.
            return std::task::Poll::Pending;
        }
        std::pin::Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl tokio::io::AsyncWrite for Stoppable {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// A real SSH session whose guest stops reading while four bots play: the host keeps the
/// game's pace for a TCP spectator, and cuts the stalled session once its outbox is over the
/// budget (512 KiB), counted as dropped for being slow, its place given back. The stalled
/// guest goes on resizing its 400×200 window, so the host has full screens to send it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_that_stops_reading_is_cut_and_the_table_keeps_its_pace() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let game = base_args(5).create(4, 5).unwrap();
    let cfg = TableConfig {
        bots: 4,
        bot_kind: catan::bots::BotKind::Random,
        bot_think_ms: 20,
        rate_per_sec: 1000,
        seed: 5,
        ..TableConfig::default()
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let tcp = RunningHost::start(listener, Table::new(game, cfg)).unwrap();
    let hostkey = HostKey::generate().unwrap();
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let ssh = SshServer::start(l, tcp.handle.clone(), &hostkey, SshOptions::default()).unwrap();
    let mut watcher = support::Client::join(&tcp.addr.to_string(), "Wat", None, true).await;

    // The stalled guest: a small receive window and socket buffer, so what the host cannot
    // send piles up in its outbox rather than in the network.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(8 * 1024).unwrap();
    let stream = socket
        .connect(([127, 0, 0, 1], ssh.port).into())
        .await
        .unwrap();
    let stopped = Arc::new(AtomicBool::new(false));
    let cfg = Arc::new(client::Config {
        window_size: 64 * 1024,
        ..client::Config::default()
    });
    let seen = Arc::new(Mutex::new(None));
    let mut s = client::connect_stream(
        cfg,
        Stoppable {
            inner: stream,
            stopped: stopped.clone(),
        },
        Guest { seen },
    )
    .await
    .unwrap();
    let ok = s
        .authenticate_publickey("watch", PrivateKeyWithHashAlg::new(Arc::new(key(5)), None))
        .await
        .unwrap();
    assert!(ok.success());
    assert_eq!(ssh.shared.sessions(), 1);
    let mut ch = tui(&s, 400, 200).await;
    let mut drawn = Vec::new();
    assert!(read_until(&mut ch, &mut drawn, |b| contains(b, "\x1b[?1049h")).await);
    // From here the guest reads nothing.
    stopped.store(true, Ordering::SeqCst);

    let version = |c: &support::Client| c.latest.as_ref().map_or(0, |u| u.version);
    let at_stall = version(&watcher);
    let mut last = tokio::time::Instant::now();
    let mut longest = Duration::ZERO;
    let t = tokio::time::Instant::now();
    let mut big = true;
    while ssh.shared.dropped_slow() == 0 {
        assert!(
            t.elapsed() < PATIENCE,
            "the stalled session was not cut ({} sessions)",
            ssh.shared.sessions()
        );
        // A new window size: a full screen to draw, which the guest does not take.
        let (w, h) = if big { (400, 200) } else { (300, 150) };
        big = !big;
        let _ =
            tokio::time::timeout(Duration::from_millis(200), ch.window_change(w, h, 0, 0)).await;
        // Meanwhile the spectator is served at the game's pace.
        let until = tokio::time::Instant::now() + Duration::from_millis(50);
        while let Ok(Some(m)) = tokio::time::timeout_at(until, watcher.rx.recv()).await {
            if let catan::proto::ServerMsg::Update(u) = m {
                watcher.latest = Some(*u);
                longest = longest.max(last.elapsed());
                last = tokio::time::Instant::now();
            }
        }
    }
    let cut_after = t.elapsed();
    eprintln!(
        "cut {cut_after:?} after the guest stopped reading ({} bytes sent to guests in all); longest wait for an update {longest:?}",
        ssh.shared.bytes_out.load(Ordering::SeqCst)
    );
    // Its place is given back.
    while ssh.shared.sessions() != 0 {
        assert!(
            t.elapsed() < PATIENCE,
            "the cut session still holds its place"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        version(&watcher) > at_stall,
        "the game went on while the guest stalled"
    );
    // Bots act every 20 ms: a gap of seconds would mean the table waited for the stalled
    // guest.
    assert!(
        longest < Duration::from_secs(3),
        "the spectator waited {longest:?} for an update"
    );
    // And the host still serves the spectator after the cut.
    watcher.ping().await;
    drop(ssh);
    tcp.stop().await;
}
