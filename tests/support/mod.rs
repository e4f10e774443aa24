//! Helpers shared by the tests over TCP: game settings, a host on loopback, a client that
//! keeps its latest update, a `--plain` client's captured output, and raw sockets for saying
//! things a real client never would.
#![allow(dead_code)]

pub mod binary;
pub mod ports;
pub mod tmux;

use catan::bots::BotKind;
use catan::client::net::{Hello, connect};
use catan::engine::Seat;
use catan::proto::{ClientMsg, ServerMsg, Update};
use catan::server::table::{Table, TableConfig};
use catan::server::{Limits, RunningHost};
use catan::setup::GameSetup;
use catan::transport::Trust;
use catan::variants::{self, GameView};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::mpsc;

/// How long any single expected message may take before a test fails (a loaded CI machine).
pub const PATIENCE: Duration = Duration::from_secs(20);

pub fn base_args(seed: u64) -> GameSetup {
    variant_args("base", seed)
}

/// The command line's defaults for a variant, with a seed.
pub fn variant_args(variant: &str, seed: u64) -> GameSetup {
    GameSetup {
        seed: Some(seed),
        ..GameSetup::of(variant)
    }
}

/// A `--plain` client's stdout, shared with the test that reads it.
#[derive(Clone, Default)]
pub struct Out(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Out {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Out {
    /// Every line written so far.
    pub fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.0.lock().unwrap())
            .lines()
            .map(str::to_string)
            .collect()
    }
}

/// A base game host on loopback: `seats` seats, `bots` of them bots that act at once.
pub async fn host(
    seats: usize,
    bots: usize,
    seed: u64,
    away_ms: u64,
    limits: Limits,
) -> RunningHost {
    let game = base_args(seed).create(seats, seed).unwrap();
    let cfg = TableConfig {
        bots,
        bot_kind: BotKind::Random,
        bot_think_ms: 0,
        away_ms,
        seed,
        ..TableConfig::default()
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    RunningHost::start_with(listener, Table::new(game, cfg), limits).unwrap()
}

/// A well-behaved client that remembers the newest update it saw.
pub struct Client {
    pub tx: mpsc::Sender<ClientMsg>,
    pub rx: mpsc::Receiver<ServerMsg>,
    pub seat: Option<Seat>,
    pub token: String,
    pub latest: Option<Update>,
    pub seq: u32,
    /// Everything else it was told (notices, rejections, closings), in order.
    pub said: Vec<ServerMsg>,
    pings: u64,
}

impl Client {
    /// Joins and waits for the welcome.
    pub async fn join(addr: &str, name: &str, token: Option<String>, watch: bool) -> Client {
        let (tx, rx) = connect(
            addr,
            Hello {
                name: name.into(),
                token,
                watch,
                color: None,
                password: None,
            },
            &Trust::AnyKey,
        )
        .await
        .expect("connects");
        let mut c = Client {
            tx,
            rx,
            seat: None,
            token: String::new(),
            latest: None,
            seq: 0,
            said: Vec::new(),
            pings: 0,
        };
        loop {
            match c.next().await {
                Some(ServerMsg::Welcome { seat, token, .. }) => {
                    c.seat = seat;
                    c.token = token;
                    return c;
                }
                Some(ServerMsg::Refused { reason }) => panic!("{name} was refused: {reason}"),
                Some(_) => {}
                None => panic!("{name}: the host closed the connection"),
            }
        }
    }

    /// The next message, keeping updates; `None` when the connection closed.
    pub async fn next(&mut self) -> Option<ServerMsg> {
        let m = tokio::time::timeout(PATIENCE, self.rx.recv())
            .await
            .expect("the host answers in time")?;
        match &m {
            ServerMsg::Update(u) => self.latest = Some((**u).clone()),
            ServerMsg::Pong(_) => {}
            other => self.said.push(other.clone()),
        }
        Some(m)
    }

    /// Reads until nothing has come for `quiet`.
    pub async fn drain(&mut self, quiet: Duration) {
        while let Ok(Some(m)) = tokio::time::timeout(quiet, self.rx.recv()).await {
            match &m {
                ServerMsg::Update(u) => self.latest = Some((**u).clone()),
                ServerMsg::Pong(_) => {}
                other => self.said.push(other.clone()),
            }
        }
    }

    /// The host answers a ping: it is serving this connection.
    pub async fn ping(&mut self) {
        self.pings += 1;
        let id = 1000 + self.pings;
        self.tx.send(ClientMsg::Ping(id)).await.unwrap();
        loop {
            match self.next().await {
                Some(ServerMsg::Pong(t)) if t == id => return,
                Some(_) => {}
                None => panic!("closed while waiting for a pong"),
            }
        }
    }

    /// Sends a command with an explicit sequence number.
    pub async fn send_seq(&mut self, seq: u32, text: &str) {
        self.tx
            .send(ClientMsg::Command {
                seq,
                text: text.into(),
            })
            .await
            .unwrap();
    }

    /// Sends a command and waits for its answer: `Ok(update)` or `Err(reason)`.
    pub async fn command(&mut self, text: &str) -> Result<Update, String> {
        self.seq += 1;
        let seq = self.seq;
        self.send_seq(seq, text).await;
        self.answer(seq).await
    }

    /// Waits for the answer to command `seq`.
    pub async fn answer(&mut self, seq: u32) -> Result<Update, String> {
        loop {
            match self.next().await {
                Some(ServerMsg::Update(u)) if u.reply_to == Some(seq) => return Ok(*u),
                Some(ServerMsg::Rejected { seq: s, reason }) if s == seq => return Err(reason),
                Some(ServerMsg::Closing { reason }) => return Err(format!("closed: {reason}")),
                Some(_) => {}
                None => return Err("closed".into()),
            }
        }
    }

    /// Waits until the game asks this seat to act, and returns the update that asks.
    pub async fn my_turn(&mut self) -> Update {
        let seat = self.seat.expect("seated");
        loop {
            if let Some(u) = &self.latest
                && u.actors.contains(&seat)
                && !u.legal.is_empty()
                && self.rx.is_empty()
            {
                return u.clone();
            }
            self.next().await.expect("the game goes on");
        }
    }

    /// Plays one of its legal commands (not a trade offer) when asked, and checks it is accepted.
    pub async fn play_one(&mut self, pick: usize) -> Update {
        let u = self.my_turn().await;
        let choices: Vec<&String> = u.legal.iter().filter(|c| !c.starts_with("offer")).collect();
        let text = choices[pick % choices.len()].clone();
        self.command(&text)
            .await
            .unwrap_or_else(|e| panic!("`{text}` was refused: {e}"))
    }

    pub fn view(&self) -> &catan::variants::base::BaseView {
        let GameView::Base(v) = &self.latest.as_ref().expect("an update").view else {
            panic!("a base game")
        };
        v
    }
}

/// A raw connection and the bytes the host sends back until it closes the connection: the
/// encrypted transport's handshake done, then any bytes at all inside it.
pub mod raw {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    /// An encrypted connection to the host, speaking bytes of the test's choosing.
    pub type Stream = tokio_rustls::client::TlsStream<TcpStream>;

    /// Connects and completes the encrypted handshake (any host key).
    pub async fn open(addr: std::net::SocketAddr) -> Stream {
        secure(TcpStream::connect(addr).await.unwrap()).await
    }

    /// The encrypted handshake over an open socket.
    pub async fn secure(socket: TcpStream) -> Stream {
        let target = socket.peer_addr().unwrap().to_string();
        match catan::transport::secure(socket, &target, &Trust::AnyKey, PATIENCE)
            .await
            .expect("the encrypted handshake")
        {
            (catan::transport::ClientStream::Tls(s), _) => *s,
            (catan::transport::ClientStream::Plain(_), _) => unreachable!("asked for TLS"),
        }
    }

    /// Sends `bytes`, ignoring a host that has already hung up.
    pub async fn send(s: &mut Stream, bytes: &[u8]) {
        let _ = s.write_all(bytes).await;
        let _ = s.flush().await;
    }

    /// Reads until the host closes the connection; panics if it does not within `within`.
    pub async fn until_closed(s: &mut Stream, within: Duration) -> Vec<u8> {
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        let r = tokio::time::timeout(within, async {
            loop {
                match s.read(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => got.extend_from_slice(&buf[..n]),
                }
            }
        })
        .await;
        assert!(r.is_ok(), "the host kept a bad connection open");
        got
    }

    /// The frames in what the host sent.
    pub fn frames(mut bytes: &[u8]) -> Vec<ServerMsg> {
        let mut out = Vec::new();
        while bytes.len() >= 4 {
            let n = u32::from_be_bytes(bytes[..4].try_into().unwrap()) as usize;
            if bytes.len() < 4 + n {
                break;
            }
            if let Ok(m) = catan::proto::codec::decode::<ServerMsg>(&bytes[4..4 + n]) {
                out.push(m);
            }
            bytes = &bytes[4 + n..];
        }
        out
    }

    /// A message as a whole frame.
    pub fn frame(msg: &ClientMsg) -> Vec<u8> {
        let body = catan::proto::codec::encode(msg).unwrap();
        let mut v = (body.len() as u32).to_be_bytes().to_vec();
        v.extend_from_slice(&body);
        v
    }

    pub fn hello(name: &str, version: u32, watch: bool) -> ClientMsg {
        ClientMsg::Hello {
            version,
            name: name.into(),
            token: None,
            watch,
            color: None,
            password: None,
        }
    }
}

/// Keeps a client's connection busy (heartbeats the reader swallows) while a test waits out
/// another connection's time limit.
pub fn keepalive(tx: mpsc::Sender<ClientMsg>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut n = 0u64;
        loop {
            n += 1;
            if tx.send(ClientMsg::Ping(n | (1 << 63))).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
}

/// A host on loopback and one `--plain` client ("Plain") run in-process: the test writes the
/// client's input lines to `input` and reads what it printed from `out`.
pub struct PlainTable {
    pub host: RunningHost,
    pub input: tokio::io::DuplexStream,
    pub out: Out,
    pub client: tokio::task::JoinHandle<anyhow::Result<bool>>,
}

/// Hosts `game` with `bots` heuristic bots acting after `think_ms`, and connects the plain
/// client.
pub async fn plain_table(
    game: variants::Game,
    bots: usize,
    think_ms: u64,
    seed: u64,
) -> PlainTable {
    let cfg = TableConfig {
        bots,
        bot_kind: BotKind::Heuristic,
        bot_think_ms: think_ms,
        rate_per_sec: 100_000,
        seed,
        ..TableConfig::default()
    };
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let host = RunningHost::start(listener, Table::new(game, cfg)).unwrap();
    let (tx, rx) = connect(
        &host.addr.to_string(),
        Hello {
            name: "Plain".into(),
            token: None,
            watch: false,
            color: None,
            password: None,
        },
        &Trust::AnyKey,
    )
    .await
    .expect("connects");
    let (input, reader) = tokio::io::duplex(1 << 16);
    let out = Out::default();
    let mut writer = out.clone();
    let client = tokio::spawn(async move {
        catan::client::plain::run(tokio::io::BufReader::new(reader), &mut writer, tx, rx).await
    });
    PlainTable {
        host,
        input,
        out,
        client,
    }
}
