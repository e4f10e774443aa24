//! Connecting to a host over TCP: the handshake, then a reader and a writer task that turn
//! frames into the same channels an in-process game uses, with a heartbeat.

use crate::proto::codec::{MAX_SERVER_FRAME, MsgCodec};
use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use futures::{SinkExt, StreamExt};
use std::time::Duration;
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
}

/// Connects and says hello. The returned channels carry messages both ways; the receiver
/// closes when the connection does.
pub async fn connect(
    addr: &str,
    hello: Hello,
) -> anyhow::Result<(mpsc::Sender<ClientMsg>, mpsc::Receiver<ServerMsg>)> {
    let target = with_port(addr);
    let socket = tokio::time::timeout(Duration::from_secs(5), TcpStream::connect(&target))
        .await
        .map_err(|_| anyhow::anyhow!("no answer from {target} within 5 seconds: is a host running there (`catan host`), and is the address right?"))?
        .map_err(|e| anyhow::anyhow!("cannot connect to {target}: {e}. Is `catan host` running there, and is the port right?"))?;
    socket.set_nodelay(true)?;
    let framed = Framed::new(
        socket,
        MsgCodec::<ServerMsg, ClientMsg>::new(MAX_SERVER_FRAME),
    );
    let (mut sink, mut stream) = framed.split();
    sink.send(ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: hello.name,
        token: hello.token,
        watch: hello.watch,
        color: hello.color,
    })
    .await?;
    let (out_tx, mut out_rx) = mpsc::channel::<ClientMsg>(256);
    let (in_tx, in_rx) = mpsc::channel::<ServerMsg>(1024);
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
        while let Some(frame) = stream.next().await {
            match frame {
                Ok(ServerMsg::Pong(t)) if t & (1 << 63) != 0 => {}
                Ok(m) => {
                    if in_tx.send(m).await.is_err() {
                        break;
                    }
                }
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
