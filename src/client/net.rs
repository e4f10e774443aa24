//! Connecting to a host over TCP: the encrypted transport's handshake, with the host's key
//! checked as a [`Trust`] says ([`crate::transport`]), the hello, then a reader and a writer
//! task that turn frames into the same channels an in-process game uses, with a heartbeat.
//!
//! [`connect`] and [`connect_lasting`] speak to a catan host (the five rulesets' views);
//! [`connect_to`] and [`connect_lasting_to`] to a host of any ruleset, named by its view type.

use crate::proto::codec::{MAX_SERVER_FRAME, MsgCodec};
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use crate::transport::{ClientStream, KeyChanged, Seen, Trust};
use crate::variants::GameView;
use futures::{SinkExt, StreamExt};
use serde::de::DeserializeOwned;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_util::codec::Framed;

/// Default port of `catan host`.
pub const DEFAULT_PORT: u16 = 7878;

/// Adds the default port when the address has none.
pub fn with_port(addr: &str) -> String {
    let has_port = if addr.starts_with('[') {
        addr.contains("]:")
    } else {
        addr.matches(':').count() == 1
    };
    if has_port {
        addr.to_string()
    } else if addr.contains(':') {
        format!("[{addr}]:{DEFAULT_PORT}")
    } else {
        format!("{addr}:{DEFAULT_PORT}")
    }
}

/// What a client says in its hello.
#[derive(Clone, Debug)]
pub struct Hello {
    pub name: String,
    pub token: Option<String>,
    pub watch: bool,
    pub color: Option<String>,
    /// A private table's password (`catan join --password`).
    pub password: Option<String>,
}

/// How long the encrypted handshake may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection to a host: the channels that carry messages both ways (the receiver closes
/// when the connection does), and what was learnt of the host's key.
pub struct Link<V = GameView> {
    pub tx: mpsc::Sender<ClientMsg>,
    pub rx: mpsc::Receiver<ServerMsg<V>>,
    /// The host's key as checked, for the player to compare with the host's screen.
    pub seen: Seen,
}

/// Connects to a catan host, checking its key as `trust` says, and says hello. The returned
/// channels carry messages both ways; the receiver closes when the connection does.
pub async fn connect(
    addr: &str,
    hello: Hello,
    trust: &Trust,
) -> anyhow::Result<(mpsc::Sender<ClientMsg>, mpsc::Receiver<ServerMsg>)> {
    connect_to::<GameView>(addr, hello, trust).await
}

/// [`connect`] to a host of any ruleset, whose views are `V`.
pub async fn connect_to<V: DeserializeOwned + Send + 'static>(
    addr: &str,
    hello: Hello,
    trust: &Trust,
) -> anyhow::Result<(mpsc::Sender<ClientMsg>, mpsc::Receiver<ServerMsg<V>>)> {
    open::<V>(addr, hello, trust).await.map(|l| (l.tx, l.rx))
}

/// [`connect_to`], also telling what was learnt of the host's key. A host whose key is not
/// the pinned one fails with [`KeyChanged`] before anything is sent to it.
pub async fn open<V: DeserializeOwned + Send + 'static>(
    addr: &str,
    hello: Hello,
    trust: &Trust,
) -> anyhow::Result<Link<V>> {
    let target = with_port(addr);
    let socket = tokio::time::timeout(Duration::from_secs(5), TcpStream::connect(&target))
        .await
        .map_err(|_| anyhow::anyhow!("no answer from {target} within 5 seconds: is a host running there (`catan host`), and is the address right?"))?
        .map_err(|e| anyhow::anyhow!("cannot connect to {target}: {e}. Is `catan host` running there, and is the port right?"))?;
    socket.set_nodelay(true)?;
    let (stream, seen) =
        crate::transport::secure(socket, &target, trust, HANDSHAKE_TIMEOUT).await?;
    let (tx, rx) = match stream {
        ClientStream::Tls(s) => talk::<_, V>(*s, hello).await?,
        ClientStream::Plain(s) => talk::<_, V>(s, hello).await?,
    };
    Ok(Link { tx, rx, seen })
}

/// Says hello over `stream` and starts the reader and writer tasks.
async fn talk<S, V>(
    stream: S,
    hello: Hello,
) -> anyhow::Result<(mpsc::Sender<ClientMsg>, mpsc::Receiver<ServerMsg<V>>)>
where
    S: AsyncRead + AsyncWrite + Send + 'static,
    V: DeserializeOwned + Send + 'static,
{
    let framed = Framed::new(
        stream,
        MsgCodec::<ServerMsg<V>, ClientMsg>::new(MAX_SERVER_FRAME),
    );
    let (mut sink, mut stream) = framed.split();
    sink.send(ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: hello.name,
        token: hello.token,
        watch: hello.watch,
        color: hello.color,
        password: hello.password.clone(),
    })
    .await?;
    let (out_tx, mut out_rx) = mpsc::channel::<ClientMsg>(256);
    let (in_tx, in_rx) = mpsc::channel::<ServerMsg<V>>(1024);
    // The reader asks for the legal commands a hall's update leaves out. A weak handle: the
    // player dropping its sender still ends the writer (with its goodbye).
    let asker = out_tx.downgrade();
    tokio::spawn(async move {
        let mut ping = tokio::time::interval(Duration::from_secs(5));
        let mut n = 0u64;
        loop {
            tokio::select! {
                msg = out_rx.recv() => match msg {
                    Some(m) => if sink.send(m).await.is_err() { break },
                    None => { let _ = sink.send(ClientMsg::Bye).await; break }
                },
                _ = ping.tick() => {
                    n += 1;
                    // Heartbeats use the top bit so they never collide with the client's own pings.
                    if sink.send(ClientMsg::Ping(n | (1 << 63))).await.is_err() { break }
                }
            }
        }
    });
    tokio::spawn(async move {
        let mut seat = None;
        while let Some(frame) = stream.next().await {
            match frame {
                Ok(ServerMsg::Pong(t)) if t & (1 << 63) != 0 => {}
                Ok(m) => {
                    if let ServerMsg::Welcome { seat: s, .. } = &m {
                        seat = *s;
                    }
                    // Asked before the update is passed on, so the answer is on its way when
                    // the player reads it (a full queue drops the question: the next update
                    // asks again).
                    if crate::client::state::asks_legal(&m, seat)
                        && let Some(tx) = asker.upgrade()
                    {
                        let _ = tx.try_send(ClientMsg::Legal);
                    }
                    if in_tx.send(m).await.is_err() {
                        break;
                    }
                }
                // The network failed: the receiver just closes (the connection was lost).
                Err(crate::proto::codec::FrameError::Io(_)) => break,
                Err(e) => {
                    let _ = in_tx
                        .send(ServerMsg::Closing {
                            reason: format!("{e}"),
                        })
                        .await;
                    break;
                }
            }
        }
    });
    Ok((out_tx, in_rx))
}

/// How long [`connect_lasting`] keeps trying to get back to the host (it may be restarted
/// from its save meanwhile).
pub const RECONNECT_FOR: Duration = Duration::from_secs(600);

/// The token to show a host that said its game is `game` ([`ServerMsg::NameHeld`]): the one
/// this connection was given in that game, else the one kept for that game and name. Never a
/// token of another game.
fn token_for(
    game: &str,
    name: &str,
    given: Option<&(String, String)>,
    tokens: Option<&crate::datadir::Tokens>,
) -> Option<String> {
    given
        .filter(|(g, _)| g == game)
        .map(|(_, t)| t.clone())
        .or_else(|| tokens.and_then(|t| t.load(game, name)))
}

/// [`connect`], keeping the seat through drops. The token the host gives is kept in `tokens`
/// under the game's identity and the name. A hello carries no token of its own accord (unless
/// the caller gives one): when the host answers that the name holds a seat in game G
/// ([`ServerMsg::NameHeld`]), the client says hello again with the token it has for G, if any,
/// so a token only ever goes to a host serving its game, and a host resumed from its save on
/// another port or address still gets it. When the connection is lost (not closed by the
/// host), it reconnects until `retry_for` passes, telling the player. The host then sends the
/// seat's view and what was missed. Every reconnection checks the host's key as the first
/// connection pinned it: a host that comes back with another key is refused, and the player is
/// told why.
pub async fn connect_lasting(
    addr: &str,
    hello: Hello,
    tokens: Option<crate::datadir::Tokens>,
    retry_for: Duration,
    trust: Trust,
) -> anyhow::Result<Link> {
    connect_lasting_to::<GameView>(addr, hello, tokens, retry_for, trust).await
}

/// [`connect_lasting`] to a host of any ruleset, whose views are `V`.
pub async fn connect_lasting_to<V: DeserializeOwned + Send + 'static>(
    addr: &str,
    mut hello: Hello,
    tokens: Option<crate::datadir::Tokens>,
    retry_for: Duration,
    trust: Trust,
) -> anyhow::Result<Link<V>> {
    let first = open::<V>(addr, hello.clone(), &trust).await?;
    let seen = first.seen.clone();
    let (mut to_host, mut from_host) = (first.tx, first.rx);
    let trust = trust.after_first_use();
    let (user_tx, mut user_rx) = mpsc::channel::<ClientMsg>(256);
    let (out_tx, out_rx) = mpsc::channel::<ServerMsg<V>>(1024);
    let addr = addr.to_string();
    tokio::spawn(async move {
        // The game and token this client was last welcomed with.
        let mut given: Option<(String, String)> = None;
        // This connection answered the host's NameHeld already (it answers once).
        let mut answered = false;
        loop {
            tokio::select! {
                m = user_rx.recv() => match m {
                    // The player left: dropping the connection says goodbye.
                    None => return,
                    // A failed send shows up as the connection closing below.
                    Some(m) => { let _ = to_host.send(m).await; }
                },
                m = from_host.recv() => match m {
                    Some(ServerMsg::Welcome { version, seat, token, game }) => {
                        if !token.is_empty() {
                            if let Some(t) = &tokens
                                && let Err(e) = t.save(&game.id, &hello.name, &token)
                            {
                                tracing::warn!(error = %e, "cannot keep the seat token");
                            }
                            given = Some((game.id.clone(), token.clone()));
                        }
                        // Reconnecting, the host says which game it serves before the token
                        // is shown.
                        hello.token = None;
                        let m = ServerMsg::Welcome { version, seat, token, game };
                        if out_tx.send(m).await.is_err() { return }
                    }
                    Some(ServerMsg::NameHeld { game }) if !answered && !hello.watch => {
                        answered = true;
                        let token = token_for(&game, &hello.name, given.as_ref(), tokens.as_ref());
                        // Without a token the host refuses, with its reason.
                        let again = ClientMsg::Hello {
                            version: PROTOCOL_VERSION,
                            name: hello.name.clone(),
                            token,
                            watch: false,
                            color: hello.color.clone(),
                            password: hello.password.clone(),
                        };
                        let _ = to_host.send(again).await;
                    }
                    Some(m @ (ServerMsg::Refused { .. } | ServerMsg::Closing { .. })) => {
                        // The host ended it on purpose: do not come back.
                        let _ = out_tx.send(m).await;
                        return;
                    }
                    Some(m) => if out_tx.send(m).await.is_err() { return },
                    None => {
                        let note = format!("lost the connection to {addr}; reconnecting…");
                        if out_tx.send(ServerMsg::Reconnecting(note)).await.is_err() { return }
                        let until = tokio::time::Instant::now() + retry_for;
                        let mut wait = Duration::from_millis(250);
                        loop {
                            if tokio::time::Instant::now() >= until {
                                let reason = format!("could not reach {addr} again within {} s", retry_for.as_secs());
                                let _ = out_tx.send(ServerMsg::Closing { reason }).await;
                                return;
                            }
                            tokio::select! {
                                c = connect_to::<V>(&addr, hello.clone(), &trust) => match c {
                                    Ok((t, r)) => { to_host = t; from_host = r; answered = false; break }
                                    Err(e) if e.downcast_ref::<KeyChanged>().is_some() => {
                                        // Not a network fault: trying again cannot help.
                                        let _ = out_tx.send(ServerMsg::Closing { reason: e.to_string() }).await;
                                        return;
                                    }
                                    Err(_) => {
                                        tokio::select! {
                                            _ = tokio::time::sleep(wait) => {}
                                            _ = out_tx.closed() => return,
                                        }
                                        wait = (wait * 2).min(Duration::from_secs(3));
                                    }
                                },
                                _ = out_tx.closed() => return,
                            }
                        }
                    }
                },
            }
        }
    });
    Ok(Link {
        tx: user_tx,
        rx: out_rx,
        seen,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_port_is_added() {
        assert_eq!(with_port("127.0.0.1"), "127.0.0.1:7878");
        assert_eq!(with_port("host:99"), "host:99");
        assert_eq!(with_port("::1"), "[::1]:7878");
        assert_eq!(with_port("[::1]:5"), "[::1]:5");
    }
}
