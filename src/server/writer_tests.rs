//! The connection's writer on a real TLS socket: what a slow reader costs the host.

use super::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A TLS connection on loopback as the host makes it (its socket buffers small, its
/// TLS buffer capped), and the client's end.
async fn tls_pair() -> (
    tokio_rustls::server::TlsStream<TcpStream>,
    crate::transport::ClientStream,
) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let transport = HostTransport::ephemeral().unwrap();
    let client = tokio::spawn(async move {
        let sock = tokio::net::TcpSocket::new_v4().unwrap();
        sock.set_recv_buffer_size(4096).unwrap();
        let tcp = sock.connect(addr).await.unwrap();
        let trust = crate::transport::Trust::AnyKey;
        crate::transport::secure(tcp, &addr.to_string(), &trust, Duration::from_secs(5))
            .await
            .unwrap()
            .0
    });
    let (socket, _) = listener.accept().await.unwrap();
    let sock = socket2::SockRef::from(&socket);
    sock.set_send_buffer_size(4096).unwrap();
    let Ok(Accepted::Tls(mut server)) = transport.accept(socket, Duration::from_secs(5)).await
    else {
        panic!("a TLS connection")
    };
    server.get_mut().1.set_buffer_limit(Some(TLS_BUFFER));
    (*server, client.await.unwrap())
}

/// A hall holds a connection task for every player, so what one holds counts ten
/// thousand times: the task's future must not keep the TLS stream (over a kilobyte) nor
/// the handshake's state in it.
#[tokio::test]
async fn a_connections_task_holds_neither_the_tls_stream_nor_the_handshake() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let _client = TcpStream::connect(listener.local_addr().unwrap())
        .await
        .unwrap();
    let (socket, peer) = listener.accept().await.unwrap();
    let (inbound, _rx) = mpsc::channel(1);
    let (_status_tx, status) = tokio::sync::watch::channel(table::TableStatus::default());
    let handle: HostHandle<GameView> = HostHandle {
        inbound,
        next_id: Arc::new(AtomicU64::new(1)),
        status,
        dropped_slow: Arc::new(AtomicU64::new(0)),
        gate: Arc::new(gate::Gate::new(Limits::DEFAULT)),
    };
    let transport = HostTransport::ephemeral().unwrap();
    let task = secure_connection(socket, peer.to_string(), handle, Limits::DEFAULT, transport);
    let tls_stream = std::mem::size_of::<tokio_rustls::server::TlsStream<TcpStream>>();
    assert!(tls_stream > 1000, "the TLS stream is {tls_stream} bytes");
    let size = std::mem::size_of_val(&task);
    assert!(size < 2 * tls_stream, "a connection's task is {size} bytes");
}

fn frame(len: usize, fill: u8) -> table::Frame {
    table::Frame {
        bytes: bytes::Bytes::from(vec![fill; len]),
        last: false,
    }
}

/// A transport that holds what it is given until it is flushed, as TLS holds its records
/// while the socket is full (and as tokio's `BufWriter` does).
struct Holding {
    held: Vec<u8>,
    out: Arc<std::sync::Mutex<Vec<u8>>>,
}

impl tokio::io::AsyncWrite for Holding {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let n = buf.len().min(1024 - self.held.len());
        self.held.extend_from_slice(&buf[..n]);
        if n == 0 {
            // Full: room comes with a flush, which the writer must ask for.
            return std::task::Poll::Pending;
        }
        std::task::Poll::Ready(Ok(n))
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let held = std::mem::take(&mut self.held);
        self.out.lock().unwrap().extend_from_slice(&held);
        std::task::Poll::Ready(Ok(()))
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        self.poll_flush(cx)
    }
}

/// What the transport still holds goes out once nothing else is queued: a message is not
/// left inside the TLS layer until the next one comes.
#[tokio::test]
async fn what_the_transport_holds_is_flushed_when_the_queue_is_empty() {
    let out = Arc::new(std::sync::Mutex::new(Vec::new()));
    let w = Holding {
        held: Vec::new(),
        out: out.clone(),
    };
    let (tx, rx) = wire_queue::wire_queue(QUEUE);
    let _writer = tokio::spawn(write_loop(w, rx, SEND_BUDGET));
    tx.try_send(frame(500, 3)).unwrap();
    let deadline = Instant::now() + Duration::from_secs(2);
    while out.lock().unwrap().len() < 500 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(*out.lock().unwrap(), vec![3u8; 500]);
}

/// A message larger than the socket and TLS buffers, to a client that reads it only
/// later, arrives whole although nothing else is queued after it.
#[tokio::test]
async fn a_large_message_reaches_a_late_reader_whole_with_nothing_after_it() {
    let (server, client) = tls_pair().await;
    let crate::transport::ClientStream::Tls(mut client) = client else {
        panic!("TLS")
    };
    let (tx, rx) = wire_queue::wire_queue(QUEUE);
    let writer = tokio::spawn(write_loop(server, rx, SEND_BUDGET));
    let size = 300 * 1024;
    tx.try_send(frame(size, 7)).unwrap();
    // The peer reads only once the writer has filled every buffer and waits.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut got = vec![0u8; size];
    tokio::time::timeout(Duration::from_secs(5), client.read_exact(&mut got))
        .await
        .expect("the whole message arrives without another behind it")
        .unwrap();
    assert!(got.iter().all(|&b| b == 7));
    drop(tx);
    assert!(!writer.await.unwrap(), "not dropped: it read");
}

/// Frames go out in order and whole, small ones together, and the shared bytes are the
/// frames' own: the writer closes the connection after the last one.
#[tokio::test]
async fn frames_go_out_in_order_and_the_last_closes() {
    let (w, mut r) = tokio::io::duplex(512);
    let (tx, rx) = wire_queue::wire_queue(QUEUE);
    // All 200 frames are queued before the writer first runs: a budget they fit in.
    let writer = tokio::spawn(write_loop(w, rx, 1 << 20));
    let reader = tokio::spawn(async move {
        let mut got = Vec::new();
        r.read_to_end(&mut got).await.map(|_| got)
    });
    let mut want = Vec::new();
    for i in 0..200u32 {
        let f = frame(1 + (i as usize * 37) % 3000, i as u8);
        want.extend_from_slice(&f.bytes);
        tx.try_send(f).unwrap();
    }
    let mut end = frame(10, 0xee);
    end.last = true;
    want.extend_from_slice(&end.bytes);
    tx.try_send(end).unwrap();
    let got = tokio::time::timeout(Duration::from_secs(5), reader)
        .await
        .expect("the writer ends after the last frame")
        .unwrap()
        .unwrap();
    assert_eq!(got, want);
    assert!(!writer.await.unwrap());
}

/// A peer that never reads is dropped once what is held for it passes the budget.
#[tokio::test]
async fn a_peer_that_never_reads_is_dropped_past_the_budget() {
    let (w, _r) = tokio::io::duplex(1024);
    let (tx, rx) = wire_queue::wire_queue(QUEUE);
    let writer = tokio::spawn(write_loop(w, rx, 16 * 1024));
    for _ in 0..40 {
        if tx.try_send(frame(1000, 1)).is_err() {
            break;
        }
    }
    let dropped = tokio::time::timeout(Duration::from_secs(5), writer)
        .await
        .expect("the writer gives up")
        .unwrap();
    assert!(dropped);
}

/// Between frames a connection keeps no read buffer; a frame's bytes are reserved when
/// its header is read.
#[tokio::test]
async fn the_read_buffer_is_let_go_between_frames() {
    let (mut w, r) = tokio::io::duplex(64 * 1024);
    let mut stream = tokio_util::codec::FramedRead::with_capacity(
        r,
        MsgCodec::<ClientMsg, ServerMsg>::new(MAX_CLIENT_FRAME),
        0,
    );
    let chat = ClientMsg::Chat {
        text: "x".repeat(5000),
    };
    let frame = |msg: &ClientMsg| {
        let body = crate::proto::codec::encode(msg).unwrap();
        let mut f = (body.len() as u32).to_be_bytes().to_vec();
        f.extend_from_slice(&body);
        f
    };
    w.write_all(&frame(&ClientMsg::Ping(1))).await.unwrap();
    w.write_all(&frame(&chat)).await.unwrap();
    assert_eq!(stream.next().await.unwrap().unwrap(), ClientMsg::Ping(1));
    let_go_of_the_read_buffer(&mut stream);
    assert_eq!(stream.next().await.unwrap().unwrap(), chat);
    let_go_of_the_read_buffer(&mut stream);
    assert_eq!(
        stream.read_buffer().capacity(),
        0,
        "nothing kept between frames"
    );
    // Reading goes on from nothing.
    w.write_all(&frame(&ClientMsg::Ping(2))).await.unwrap();
    assert_eq!(stream.next().await.unwrap().unwrap(), ClientMsg::Ping(2));
}
