//! The encrypted transport (docs/reliability.md, "Encrypted transport"): a whole game recorded
//! on the wire between a client and the host holds no token, hand, name, chat or command text
//! in the clear; the client pins the host's key on first use, shows its fingerprint and
//! refuses another key with a message saying how to accept it; a plaintext client is refused
//! with a reason it can read, unless the host runs with `--insecure`; the host's key file is
//! private and the same across restarts.

use crate::support;

use catan::bots::BotKind;
use catan::client::net::{Hello, connect, open};
use catan::engine::rng::GameRng;
use catan::hostkey::HostKey;
use catan::proto::{ClientMsg, ServerMsg, codec};
use catan::server::table::{Table, TableConfig};
use catan::server::{Limits, RunningHost};
use catan::transport::{Checked, HostTransport, KeyChanged, KnownHosts, Seen, Trust};
use catan::variants::GameView;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::binary::{Proc, free_port};
use support::{PATIENCE, base_args, raw};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Both directions of every connection through a relay: (client to host, host to client).
type Capture = Arc<Mutex<(Vec<u8>, Vec<u8>)>>;

/// A TCP relay in front of `host` that records every byte it carries, as someone sniffing the
/// LAN would.
async fn relay(host: SocketAddr) -> (SocketAddr, Capture) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let capture: Capture = Default::default();
    let c = capture.clone();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let server = TcpStream::connect(host).await.unwrap();
            let (cr, cw) = client.into_split();
            let (sr, sw) = server.into_split();
            tokio::spawn(pump(cr, sw, c.clone(), true));
            tokio::spawn(pump(sr, cw, c.clone(), false));
        }
    });
    (addr, capture)
}

async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    capture: Capture,
    upstream: bool,
) {
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        {
            let mut c = capture.lock().unwrap();
            let side = if upstream { &mut c.0 } else { &mut c.1 };
            side.extend_from_slice(&buf[..n]);
        }
        if to.write_all(&buf[..n]).await.is_err() {
            break;
        }
    }
    let _ = to.shutdown().await;
}

/// Splits one direction of a connection into TLS records; panics on anything else. Every
/// byte on the wire is inside a record, and records after the handshake are encrypted.
fn tls_records(mut bytes: &[u8]) -> Vec<(u8, usize)> {
    let mut out = Vec::new();
    while !bytes.is_empty() {
        assert!(bytes.len() >= 5, "a torn record header: {bytes:?}");
        let (kind, version) = (bytes[0], u16::from_be_bytes([bytes[1], bytes[2]]));
        let len = u16::from_be_bytes([bytes[3], bytes[4]]) as usize;
        assert!(
            matches!(kind, 0x14..=0x17),
            "not a TLS record: type {kind:#x} after {} records",
            out.len()
        );
        assert!(
            matches!(version, 0x0301 | 0x0303),
            "record version {version:#x}"
        );
        assert!(len <= (1 << 14) + 256, "record length {len}");
        if bytes.len() < 5 + len {
            // The connection was cut mid-record (the game ended): the rest is not here.
            break;
        }
        out.push((kind, len));
        bytes = &bytes[5 + len..];
    }
    out
}

/// What the client behind the relay sent and saw.
#[derive(Default)]
struct Played {
    token: String,
    commands: Vec<String>,
    frames: Vec<Vec<u8>>,
    hands: Vec<Vec<u8>>,
}

const NAME: &str = "Eavesdropped Ann";
const CHAT: &str = "meet me behind the longest road";

/// One seat played with random legal commands to the end of the game.
async fn play_to_the_end(addr: String, seed: u64) -> Played {
    let (tx, mut rx) = connect(
        &addr,
        Hello {
            name: NAME.into(),
            token: None,
            watch: false,
            color: None,
            password: None,
        },
        &Trust::AnyKey,
    )
    .await
    .expect("connects through the relay");
    let mut rng = GameRng::new(seed);
    let mut p = Played::default();
    let mut seat = 0;
    let (mut seq, mut acted_on) = (0u32, 0u64);
    let mut latest: Option<catan::proto::Update> = None;
    tx.send(ClientMsg::Chat { text: CHAT.into() })
        .await
        .unwrap();
    loop {
        let msg = tokio::time::timeout(PATIENCE, rx.recv())
            .await
            .expect("the host answers")
            .expect("the host keeps the connection open");
        p.frames.push(codec::encode(&msg).unwrap());
        match msg {
            ServerMsg::Welcome { seat: s, token, .. } => {
                seat = s.expect("a seat");
                p.token = token;
            }
            ServerMsg::Update(u) => {
                let GameView::Base(v) = &u.view else {
                    panic!("a base game")
                };
                if let Some(you) = &v.you {
                    p.hands.push(codec::encode(you).unwrap());
                }
                if v.winner.is_some() {
                    let _ = tx.send(ClientMsg::Bye).await;
                    return p;
                }
                latest = Some(*u);
            }
            ServerMsg::Rejected { .. } => acted_on = 0,
            _ => {}
        }
        if rx.is_empty()
            && let Some(u) = &latest
            && u.version != acted_on
            && u.actors.contains(&seat)
            && !u.legal.is_empty()
        {
            acted_on = u.version;
            seq += 1;
            let text = u.legal[rng.below(u.legal.len())].clone();
            p.commands.push(text.clone());
            tx.send(ClientMsg::Command { seq, text }).await.unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_on_the_wire_holds_nothing_in_the_clear() {
    let seed = 0x7e15_0001;
    let game = base_args(seed).create(4, seed).unwrap();
    let cfg = TableConfig {
        bots: 3,
        bot_kind: BotKind::Random,
        bot_think_ms: 0,
        rate_per_sec: 100_000,
        seed,
        ..TableConfig::default()
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = RunningHost::start(listener, Table::new(game, cfg)).unwrap();
    let (via, capture) = relay(host.addr).await;
    let played = tokio::time::timeout(
        Duration::from_secs(240),
        play_to_the_end(via.to_string(), seed),
    )
    .await
    .expect("the game ends in time");
    host.stop().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (up, down) = capture.lock().unwrap().clone();
    eprintln!(
        "captured {} bytes up, {} down; {} commands, {} frames",
        up.len(),
        down.len(),
        played.commands.len(),
        played.frames.len()
    );
    assert!(played.commands.len() > 20, "played a real game");
    assert!(!played.token.is_empty(), "the seat was given a token");
    // Every byte each way is a TLS record; after the hellos, only encrypted ones.
    for (side, bytes) in [("client to host", &up), ("host to client", &down)] {
        let records = tls_records(bytes);
        assert_eq!(records[0].0, 0x16, "{side} starts with a TLS handshake");
        assert!(
            records.iter().filter(|r| r.0 == 0x17).count() > 10,
            "{side}: the game went in encrypted application records"
        );
    }
    let finder = |hay: &[u8], needle: &[u8]| memchr::memmem::find(hay, needle).is_some();
    let both = [&up, &down];
    let secrets: Vec<(&str, Vec<u8>)> = vec![
        ("the token", played.token.clone().into_bytes()),
        ("the player's name", NAME.as_bytes().to_vec()),
        ("the chat line", CHAT.as_bytes().to_vec()),
    ];
    for (what, s) in &secrets {
        for side in both {
            assert!(!finder(side, s), "{what} crossed the wire in the clear");
        }
    }
    // Command texts long enough not to turn up in random bytes by chance.
    let mut commands = played.commands.clone();
    commands.sort();
    commands.dedup();
    let long: Vec<_> = commands.iter().filter(|c| c.len() >= 8).collect();
    assert!(long.len() >= 3, "{commands:?}");
    for c in long {
        assert!(!finder(&up, c.as_bytes()), "the command {c:?} in the clear");
    }
    // Each message the host sent, and the hand inside it, as it is encoded before encryption.
    let mut checked = 0;
    for f in played.frames.iter().chain(&played.hands) {
        if f.len() >= 24 {
            let mid = &f[f.len() / 2 - 12..f.len() / 2 + 12];
            assert!(!finder(&down, mid), "a message's bytes in the clear");
            checked += 1;
        }
    }
    assert!(checked > 50 && !played.hands.is_empty());
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("catan-transport-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn hello(name: &str) -> Hello {
    Hello {
        name: name.into(),
        token: None,
        watch: false,
        color: None,
        password: None,
    }
}

async fn host_with(key: &HostKey, addr: &str, plaintext: bool) -> RunningHost {
    let game = base_args(5).create(4, 5).unwrap();
    let listener = TcpListener::bind(addr).await.unwrap();
    let transport = HostTransport::new(key, plaintext).unwrap();
    RunningHost::start_serving(
        listener,
        Table::new(game, TableConfig::default()),
        Limits::default(),
        transport,
    )
    .unwrap()
}

async fn welcomed(rx: &mut tokio::sync::mpsc::Receiver<ServerMsg>) {
    loop {
        match tokio::time::timeout(PATIENCE, rx.recv()).await.unwrap() {
            Some(ServerMsg::Welcome { .. }) => return,
            Some(ServerMsg::Refused { reason }) => panic!("refused: {reason}"),
            Some(_) => {}
            None => panic!("closed before a welcome"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_use_pins_the_key_and_a_changed_key_is_refused_until_accepted() {
    let dir = temp_dir("pins");
    let known = KnownHosts::at(dir.join("known_hosts"));
    let pinned = |accept_new| Trust::Pinned {
        known: known.clone(),
        accept_new,
    };
    let (k1, k2) = (HostKey::generate().unwrap(), HostKey::generate().unwrap());
    let host = host_with(&k1, "127.0.0.1:0", false).await;
    let addr = host.addr.to_string();
    assert_eq!(host.fingerprint, k1.fingerprint());

    // First use: pinned, and the fingerprint is the host's.
    let mut link = open::<GameView>(&addr, hello("Ann"), &pinned(false))
        .await
        .unwrap();
    welcomed(&mut link.rx).await;
    let path = known.path().to_path_buf();
    assert_eq!(
        link.seen,
        Seen::Key {
            fingerprint: k1.fingerprint(),
            how: Checked::FirstUse(path.clone()),
        }
    );
    let line = link.seen.describe();
    assert!(
        line.contains(&k1.fingerprint()) && line.contains("first time here"),
        "{line}"
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        format!("[127.0.0.1]:{} {}\n", host.addr.port(), k1.public_openssh())
    );
    // The same key again: it matches.
    let again = open::<GameView>(&addr, hello("Bob"), &pinned(false))
        .await
        .unwrap();
    assert!(matches!(
        again.seen,
        Seen::Key {
            how: Checked::Matches(_),
            ..
        }
    ));
    drop((link, again));
    host.stop().await;

    // Another key on the same address: refused before any hello, with both fingerprints and
    // the ways to accept it.
    let host = host_with(&k2, &addr, false).await;
    let err = match open::<GameView>(&addr, hello("Ann"), &pinned(false)).await {
        Ok(_) => panic!("a changed key was taken"),
        Err(e) => e,
    };
    let changed = err.downcast_ref::<KeyChanged>().expect("a key change");
    assert_eq!(changed.pinned, k1.fingerprint());
    assert_eq!(changed.now, k2.fingerprint());
    let msg = err.to_string();
    for part in [
        k1.fingerprint(),
        k2.fingerprint(),
        "--accept-new-key".to_string(),
        format!("line 1 of {}", path.display()),
    ] {
        assert!(msg.contains(&part), "{part:?} missing from: {msg}");
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(
        host.handle.status.borrow().taken,
        0,
        "the host never heard a hello"
    );
    // Nothing pinned changed.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // A given fingerprint is held to the same way.
    let e = connect(&addr, hello("Ann"), &Trust::Fingerprint(k1.fingerprint()))
        .await
        .unwrap_err();
    assert!(e.downcast_ref::<KeyChanged>().is_some(), "{e}");

    // The player compared the new fingerprint and accepts it: it replaces the old one.
    let mut link = open::<GameView>(&addr, hello("Ann"), &pinned(true))
        .await
        .unwrap();
    welcomed(&mut link.rx).await;
    assert!(
        matches!(link.seen, Seen::Key { how: Checked::Replaced(_), ref fingerprint } if *fingerprint == k2.fingerprint())
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        format!("[127.0.0.1]:{} {}\n", host.addr.port(), k2.public_openssh())
    );
    drop(link);
    host.stop().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plaintext_clients_are_refused_with_a_reason_unless_the_host_is_insecure() {
    let key = HostKey::generate().unwrap();
    let host = host_with(&key, "127.0.0.1:0", false).await;
    let mut s = TcpStream::connect(host.addr).await.unwrap();
    s.write_all(&raw::frame(&raw::hello("Old", 1, false)))
        .await
        .unwrap();
    let mut back = Vec::new();
    let _ = tokio::time::timeout(PATIENCE, s.read_to_end(&mut back)).await;
    match raw::frames(&back).first() {
        Some(ServerMsg::Refused { reason }) => {
            assert!(reason.contains("encrypted connections only"), "{reason}")
        }
        other => panic!("expected a refusal in plaintext, got {other:?}"),
    }
    // A plaintext client asking for no encryption is refused the same way (by the host).
    let (_tx, mut rx) = connect(&host.addr.to_string(), hello("Old"), &Trust::Plaintext)
        .await
        .unwrap();
    match tokio::time::timeout(PATIENCE, rx.recv()).await.unwrap() {
        Some(ServerMsg::Refused { reason }) => assert!(reason.contains("--insecure"), "{reason}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    host.stop().await;

    // An --insecure host takes both.
    let host = host_with(&key, "127.0.0.1:0", true).await;
    let addr = host.addr.to_string();
    let mut plain = open::<GameView>(&addr, hello("Old"), &Trust::Plaintext)
        .await
        .unwrap();
    welcomed(&mut plain.rx).await;
    assert_eq!(plain.seen, Seen::Plaintext);
    assert!(plain.seen.describe().contains("NOT encrypted"));
    let mut tls = open::<GameView>(&addr, hello("New"), &Trust::AnyKey)
        .await
        .unwrap();
    welcomed(&mut tls.rx).await;
    assert_eq!(tls.seen.fingerprint(), Some(key.fingerprint().as_str()));
    drop((plain, tls));
    host.stop().await;
}

/// A headless `--plain` host on 127.0.0.1:`port` with two seats, one of them a bot.
fn two_seat_host(data: &std::path::Path, port: &str) -> Proc {
    Proc::spawn(
        data,
        &[
            "host",
            "--headless",
            "--plain",
            "--bind",
            "127.0.0.1",
            "--port",
            port,
            "--seats",
            "2",
            "--bots",
            "1",
        ],
    )
}

/// `catan join 127.0.0.1:PORT --plain --name NAME` with nothing on its input, run to its end.
fn plain_join(data: &std::path::Path, port: &str, name: &str) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_catan"))
        .args([
            "join",
            &format!("127.0.0.1:{port}"),
            "--plain",
            "--name",
            name,
        ])
        .env("CATAN_DATA_DIR", data)
        .env("CATAN_NO_ADVERTISE", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// A player leaving a game is told the command that takes them back to their seat, their
/// name quoted for the shell.
#[test]
fn leaving_says_how_to_come_back() {
    let host_data = temp_dir("back-host");
    let join_data = temp_dir("back-join");
    let port = free_port();
    let mut host = two_seat_host(&host_data, &port);
    host.expect("serving", |l| l.contains("Serving"));
    let out = plain_join(&join_data, &port, "Ann B");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "`catan join 127.0.0.1:{port} --name 'Ann B'` takes you back to your seat"
        )),
        "{err}"
    );
    host.kill();
    for d in [host_data, join_data] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// The real binaries: the host prints its key's fingerprint, keeps the key in its data
/// directory (0600) and serves under the same key after a restart; `catan join --plain`
/// shows the fingerprint it pinned, then that it matches.
#[test]
fn the_host_key_is_kept_printed_and_pinned_by_join() {
    let host_data = temp_dir("host-data");
    let join_data = temp_dir("join-data");
    let port = free_port();
    let start = |data: &PathBuf| {
        let mut h = two_seat_host(data, &port);
        let line = h.expect("the host key line", |l| l.starts_with("Host key: SHA256:"));
        h.expect("serving", |l| l.contains("Serving"));
        let fp = line["Host key: ".len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .to_string();
        (h, fp)
    };
    let (mut host, fp) = start(&host_data);
    let key_file = host_data.join(catan::hostkey::FILE);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "the key file is the user's only");
    }
    let join = |name: &str| {
        let mut j = Proc::spawn(
            &join_data,
            &[
                "join",
                &format!("127.0.0.1:{port}"),
                "--plain",
                "--name",
                name,
            ],
        );
        let l = j.expect("the host key", |l| l.starts_with("host key:"));
        j.expect("the welcome", |l| l.starts_with("notice: joined"));
        (j, l)
    };
    let (j, line) = join("Ann");
    assert!(
        line.contains(&fp) && line.contains("first time here"),
        "{line}"
    );
    drop(j);
    host.kill();
    let (mut host, again) = start(&host_data);
    assert_eq!(again, fp, "the same key after a restart");
    let (j, line) = join("Ann");
    assert!(
        line.contains(&fp) && line.contains("pinned when you first joined"),
        "{line}"
    );
    drop(j);
    host.kill();
    // Another host (another data directory, so another key) on the same address is refused.
    let other = temp_dir("other-host");
    let (mut host, other_fp) = start(&other);
    assert_ne!(other_fp, fp);
    let out = plain_join(&join_data, &port, "Ann");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&fp) && err.contains(&other_fp) && err.contains("--accept-new-key"),
        "{err}"
    );
    host.kill();
    for d in [host_data, join_data, other] {
        let _ = std::fs::remove_dir_all(d);
    }
}
