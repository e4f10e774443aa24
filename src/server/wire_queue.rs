//! A TCP connection's queue of encoded frames, from the table to the connection's writer task.
//!
//! tokio's bounded channel has the same shape, but it keeps its slots in blocks of 32 (over a
//! kilobyte and a half a connection, with its shared state), and a hall keeps ten thousand
//! queues that are empty nearly all the time. This one holds the frames queued and a few
//! words besides. Only what the table and the writer use is here: the table never waits
//! (`try_send`), and the writer polls.

use bytes::Bytes;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};
use tokio::sync::mpsc::error::{TryRecvError, TrySendError};

/// A whole frame for a TCP connection's writer, encoded by the table
/// ([`crate::proto::codec::frame`]): a message many connections share is encoded once and
/// the same bytes go to each.
#[derive(Clone, Debug)]
pub struct Frame {
    pub bytes: Bytes,
    /// The message closes the connection (`ServerMsg::Closing`, `ServerMsg::Refused`): the
    /// writer sends what is queued and ends.
    pub last: bool,
}

/// A queue of at most `bound` frames: its sending and its receiving end.
pub fn wire_queue(bound: usize) -> (WireTx, WireRx) {
    let shared = Arc::new(Shared {
        bound,
        state: Mutex::new(State {
            frames: VecDeque::new(),
            senders: 1,
            receiving: true,
            waker: None,
        }),
    });
    (
        WireTx {
            shared: shared.clone(),
        },
        WireRx { shared },
    )
}

struct Shared {
    bound: usize,
    state: Mutex<State>,
}

struct State {
    frames: VecDeque<Frame>,
    /// Sending ends alive: at none, the receiver ends once the queue is empty.
    senders: usize,
    /// The receiving end is alive: without it, sends fail.
    receiving: bool,
    /// The writer waiting for a frame.
    waker: Option<Waker>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding the lock; a poisoned queue is still a queue.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The table's end: cloned where the table keeps a connection twice.
pub struct WireTx {
    shared: Arc<Shared>,
}

impl WireTx {
    /// Queues a frame unless the queue is full or its writer is gone; never waits.
    pub fn try_send(&self, frame: Frame) -> Result<(), TrySendError<Frame>> {
        let waker = {
            let mut st = self.shared.lock();
            if !st.receiving {
                return Err(TrySendError::Closed(frame));
            }
            if st.frames.len() >= self.shared.bound {
                return Err(TrySendError::Full(frame));
            }
            st.frames.push_back(frame);
            st.waker.take()
        };
        if let Some(w) = waker {
            w.wake();
        }
        Ok(())
    }

    /// Places left in the queue.
    pub fn capacity(&self) -> usize {
        let st = self.shared.lock();
        self.shared.bound.saturating_sub(st.frames.len())
    }

    /// The writer has ended (after its last frame, or cut): a host stopping waits for this
    /// so its closing words reach the players before the process goes.
    pub fn writer_gone(&self) -> bool {
        !self.shared.lock().receiving
    }

    /// The writer has taken every queued frame (or ended).
    pub fn drained(&self) -> bool {
        let st = self.shared.lock();
        st.frames.is_empty() || !st.receiving
    }
}

impl std::fmt::Debug for WireTx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WireTx")
            .field("queued", &self.shared.lock().frames.len())
            .finish()
    }
}

impl Clone for WireTx {
    fn clone(&self) -> Self {
        self.shared.lock().senders += 1;
        WireTx {
            shared: self.shared.clone(),
        }
    }
}

impl Drop for WireTx {
    fn drop(&mut self) {
        let waker = {
            let mut st = self.shared.lock();
            st.senders -= 1;
            if st.senders == 0 {
                st.waker.take()
            } else {
                None
            }
        };
        if let Some(w) = waker {
            w.wake();
        }
    }
}

/// The writer's end.
pub struct WireRx {
    shared: Arc<Shared>,
}

impl WireRx {
    /// The next frame; `None` once every sender is gone and the queue is empty.
    pub fn poll_recv(&mut self, cx: &mut Context<'_>) -> Poll<Option<Frame>> {
        let mut st = self.shared.lock();
        if let Some(frame) = st.frames.pop_front() {
            // A burst's room is given back once it has gone: an idle connection holds none.
            if st.frames.is_empty() && st.frames.capacity() > 8 {
                st.frames = VecDeque::new();
            }
            return Poll::Ready(Some(frame));
        }
        if st.senders == 0 {
            return Poll::Ready(None);
        }
        match &mut st.waker {
            Some(w) if w.will_wake(cx.waker()) => {}
            slot => *slot = Some(cx.waker().clone()),
        }
        Poll::Pending
    }

    /// The next frame, waiting for it (the writer polls instead).
    #[cfg(test)]
    pub async fn recv(&mut self) -> Option<Frame> {
        std::future::poll_fn(|cx| self.poll_recv(cx)).await
    }

    /// The next frame if one is queued (for tests that play the writer).
    pub fn try_recv(&mut self) -> Result<Frame, TryRecvError> {
        let mut st = self.shared.lock();
        match st.frames.pop_front() {
            Some(frame) => Ok(frame),
            None if st.senders == 0 => Err(TryRecvError::Disconnected),
            None => Err(TryRecvError::Empty),
        }
    }
}

impl Drop for WireRx {
    fn drop(&mut self) {
        let mut st = self.shared.lock();
        st.receiving = false;
        st.frames = VecDeque::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(n: u8) -> Frame {
        Frame {
            bytes: Bytes::from(vec![n]),
            last: false,
        }
    }

    #[tokio::test]
    async fn frames_arrive_in_order_and_the_queue_ends_with_its_last_sender() {
        let (tx, mut rx) = wire_queue(4);
        let other = tx.clone();
        tx.try_send(frame(1)).unwrap();
        other.try_send(frame(2)).unwrap();
        assert_eq!(rx.recv().await.unwrap().bytes[..], [1]);
        drop(tx);
        other.try_send(frame(3)).unwrap();
        drop(other);
        assert_eq!(rx.recv().await.unwrap().bytes[..], [2]);
        assert_eq!(rx.recv().await.unwrap().bytes[..], [3]);
        assert!(rx.recv().await.is_none());
    }

    #[tokio::test]
    async fn a_waiting_writer_is_woken_by_a_frame_and_by_the_end() {
        let (tx, mut rx) = wire_queue(4);
        let reader = tokio::spawn(async move {
            let mut got = Vec::new();
            while let Some(f) = rx.recv().await {
                got.push(f.bytes[0]);
            }
            got
        });
        tokio::task::yield_now().await;
        tx.try_send(frame(7)).unwrap();
        tokio::task::yield_now().await;
        tx.try_send(frame(8)).unwrap();
        drop(tx);
        assert_eq!(reader.await.unwrap(), vec![7, 8]);
    }

    #[test]
    fn a_full_queue_refuses_and_a_queue_without_its_writer_is_gone() {
        let (tx, rx) = wire_queue(2);
        assert_eq!(tx.capacity(), 2);
        tx.try_send(frame(1)).unwrap();
        tx.try_send(frame(2)).unwrap();
        assert_eq!(tx.capacity(), 0);
        assert!(matches!(tx.try_send(frame(3)), Err(TrySendError::Full(_))));
        drop(rx);
        assert!(matches!(
            tx.try_send(frame(4)),
            Err(TrySendError::Closed(_))
        ));
    }

    #[test]
    fn an_emptied_queue_gives_back_a_bursts_room() {
        let (tx, mut rx) = wire_queue(64);
        for i in 0..40 {
            tx.try_send(frame(i)).unwrap();
        }
        let waker = std::task::Waker::noop();
        let mut cx = Context::from_waker(waker);
        for i in 0..40 {
            let Poll::Ready(Some(f)) = rx.poll_recv(&mut cx) else {
                panic!("frame {i}")
            };
            assert_eq!(f.bytes[0], i);
        }
        assert_eq!(rx.shared.lock().frames.capacity(), 0);
        assert!(rx.poll_recv(&mut cx).is_pending());
    }
}
