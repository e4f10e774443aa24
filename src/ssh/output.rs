//! What the host writes to a guest goes through an [`Outbox`]: a `Write` (the TUI's crossterm
//! backend and the line mode write to it) whose bytes a writer task sends down the SSH
//! channel as the guest's window allows. The bytes waiting are counted: a guest that stops
//! reading stops taking them, and once [`OUT_BUDGET`] bytes wait, its writes fail and the
//! session is cut ([`Cut`]), so a stalled guest costs the host a bounded buffer and never
//! stalls anyone else.

use bytes::Bytes;
use russh::ChannelWriteHalf;
use russh::server::Msg;
use std::io::{self, Write};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::mpsc;

/// Bytes a guest may leave unread before its session is cut: a few full redraws of a large
/// terminal.
pub const OUT_BUDGET: usize = 512 * 1024;

/// Why a session over [`OUT_BUDGET`] was cut (the host's log, and its count of such cuts).
pub const STOPPED_READING: &str = "stopped reading";

/// The switch that ends a session whatever it is doing: the socket under it fails its next
/// read and write, and a read or write waiting on the network is woken to fail.
#[derive(Clone, Debug, Default)]
pub struct Cut {
    inner: Arc<CutInner>,
}

#[derive(Debug, Default)]
struct CutInner {
    cut: AtomicBool,
    read: futures::task::AtomicWaker,
    write: futures::task::AtomicWaker,
    why: std::sync::Mutex<Option<&'static str>>,
}

impl Cut {
    /// Ends the session, saying why in the host's log.
    pub fn cut(&self, why: &'static str) {
        if let Ok(mut w) = self.inner.why.lock()
            && w.is_none()
        {
            *w = Some(why);
        }
        self.inner.cut.store(true, Ordering::SeqCst);
        self.inner.read.wake();
        self.inner.write.wake();
    }

    /// Whether the session was cut.
    pub fn is_cut(&self) -> bool {
        self.inner.cut.load(Ordering::SeqCst)
    }

    /// Why it was cut, if it was.
    pub fn why(&self) -> Option<&'static str> {
        self.inner.why.lock().ok().and_then(|w| *w)
    }

    /// `stream`, failing once this is cut.
    pub fn wrap<S>(&self, stream: S) -> CutStream<S> {
        CutStream {
            stream,
            cut: self.clone(),
        }
    }
}

/// A socket that fails once its [`Cut`] is.
pub struct CutStream<S> {
    stream: S,
    cut: Cut,
}

fn cut_error() -> io::Error {
    io::Error::new(io::ErrorKind::ConnectionAborted, "session cut by the host")
}

impl<S: AsyncRead + Unpin> AsyncRead for CutStream<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        self.cut.inner.read.register(cx.waker());
        if self.cut.is_cut() {
            return Poll::Ready(Err(cut_error()));
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for CutStream<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.cut.inner.write.register(cx.waker());
        if self.cut.is_cut() {
            return Poll::Ready(Err(cut_error()));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.cut.inner.write.register(cx.waker());
        if self.cut.is_cut() {
            return Poll::Ready(Err(cut_error()));
        }
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// The host's writes to one guest (see the module's doc).
pub struct Outbox {
    sink: Vec<u8>,
    tx: mpsc::UnboundedSender<Bytes>,
    waiting: Arc<AtomicUsize>,
    budget: usize,
    /// Send at every write (the line mode writes whole lines and seldom flushes), not only
    /// at a flush (the TUI's backend flushes once a frame).
    eager: bool,
    cut: Cut,
    /// Bytes handed to the writer task in all, for the benchmark and tests.
    sent: Arc<AtomicUsize>,
}

impl Outbox {
    /// An outbox whose bytes are sent on `channel`. Returns it with the writer's future,
    /// which ends (giving the channel back) when the outbox is dropped and its bytes are sent,
    /// or the channel fails.
    pub fn new(
        channel: ChannelWriteHalf<Msg>,
        budget: usize,
        eager: bool,
        cut: Cut,
        sent: Arc<AtomicUsize>,
    ) -> (Outbox, impl Future<Output = ChannelWriteHalf<Msg>> + Send) {
        let (outbox, mut rx) = Outbox::detached(budget, eager, cut, sent);
        let w = outbox.waiting.clone();
        let writer = async move {
            while let Some(b) = rx.recv().await {
                let n = b.len();
                if channel.data_bytes(b).await.is_err() {
                    break;
                }
                w.fetch_sub(n, Ordering::SeqCst);
            }
            channel
        };
        (outbox, writer)
    }

    /// An outbox whose bytes go to the returned receiver (whoever sends them must take what
    /// it sent off [`Outbox::waiting`] through [`Outbox::taken`]).
    pub fn detached(
        budget: usize,
        eager: bool,
        cut: Cut,
        sent: Arc<AtomicUsize>,
    ) -> (Outbox, mpsc::UnboundedReceiver<Bytes>) {
        let (tx, rx) = mpsc::unbounded_channel::<Bytes>();
        (
            Outbox {
                sink: Vec::new(),
                tx,
                waiting: Arc::new(AtomicUsize::new(0)),
                budget,
                eager,
                cut,
                sent,
            },
            rx,
        )
    }

    /// The counter of bytes waiting, for the sender to take sent bytes off.
    pub fn taken(&self) -> Arc<AtomicUsize> {
        self.waiting.clone()
    }

    /// Bytes written but not yet taken by the guest's side.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst) + self.sink.len()
    }

    fn send(&mut self) -> io::Result<()> {
        if self.sink.is_empty() {
            return Ok(());
        }
        if self.cut.is_cut() {
            return Err(cut_error());
        }
        let n = self.sink.len();
        if self.waiting.load(Ordering::SeqCst) + n > self.budget {
            self.cut.cut(STOPPED_READING);
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the guest stopped reading",
            ));
        }
        self.waiting.fetch_add(n, Ordering::SeqCst);
        self.sent.fetch_add(n, Ordering::Relaxed);
        let b = Bytes::from(std::mem::take(&mut self.sink));
        self.tx.send(b).map_err(|_| cut_error())
    }
}

impl Write for Outbox {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.cut.is_cut() {
            return Err(cut_error());
        }
        if self.sink.len() + buf.len() > self.budget {
            self.cut.cut(STOPPED_READING);
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the guest stopped reading",
            ));
        }
        self.sink.extend_from_slice(buf);
        if self.eager {
            self.send()?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.send()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guest_that_stops_reading_is_cut_at_the_budget() {
        let cut = Cut::default();
        let (mut out, mut rx) = Outbox::detached(10_000, false, cut.clone(), Default::default());
        let frame = vec![b'x'; 3_000];
        // Read: the bytes are taken as they go.
        for _ in 0..20 {
            out.write_all(&frame).unwrap();
            out.flush().unwrap();
            let b = rx.try_recv().unwrap();
            out.taken().fetch_sub(b.len(), Ordering::SeqCst);
        }
        assert!(!cut.is_cut());
        // Not read: three frames wait, the fourth goes over the budget.
        for _ in 0..3 {
            out.write_all(&frame).unwrap();
            out.flush().unwrap();
        }
        assert_eq!(out.waiting(), 9_000);
        out.write_all(&frame).unwrap();
        let e = out.flush().unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
        assert!(cut.is_cut());
        assert_eq!(cut.why(), Some("stopped reading"));
        // Whatever comes next fails at once, and nothing more is queued.
        assert!(out.write_all(b"more").is_err());
        let mut queued = 0;
        while rx.try_recv().is_ok() {
            queued += 1;
        }
        assert_eq!(queued, 3);
    }

    #[test]
    fn one_huge_write_is_refused_before_it_is_held() {
        let cut = Cut::default();
        let (mut out, _rx) = Outbox::detached(1_000, true, cut.clone(), Default::default());
        assert!(out.write_all(&[0u8; 5_000]).is_err());
        assert!(cut.is_cut());
        assert_eq!(out.sink.len(), 0);
    }

    #[tokio::test]
    async fn a_cut_wakes_a_blocked_read() {
        let cut = Cut::default();
        let (a, _b) = tokio::io::duplex(64);
        let mut s = cut.wrap(a);
        let c = cut.clone();
        let reader = tokio::spawn(async move {
            use tokio::io::AsyncReadExt;
            let mut buf = [0u8; 8];
            s.read(&mut buf).await
        });
        tokio::task::yield_now().await;
        c.cut("test");
        let r = reader.await.unwrap();
        assert_eq!(r.unwrap_err().kind(), io::ErrorKind::ConnectionAborted);
    }
}
