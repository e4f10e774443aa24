//! Where the table's messages go: each connection's bounded queue, encoded once when shared.

use super::*;

/// Where the table puts a connection's messages: an in-process client (the host's own
/// terminal, hot-seat) takes them as they are; a TCP connection's writer takes them encoded,
/// so that what many connections share (a spectator's update, a chat line, a notice) is
/// encoded once, not once per connection, and a crowd costs a reference each.
#[derive(Debug)]
pub enum Outbox<V> {
    Local(mpsc::Sender<ServerMsg<V>>),
    Wire(crate::server::wire_queue::WireTx),
}

// Derived Clone would ask `V: Clone`; an outbox clones its channel.
impl<V> Clone for Outbox<V> {
    fn clone(&self) -> Self {
        match self {
            Outbox::Local(tx) => Outbox::Local(tx.clone()),
            Outbox::Wire(tx) => Outbox::Wire(tx.clone()),
        }
    }
}

impl<V> From<mpsc::Sender<ServerMsg<V>>> for Outbox<V> {
    fn from(tx: mpsc::Sender<ServerMsg<V>>) -> Self {
        Outbox::Local(tx)
    }
}

impl<V> From<crate::server::wire_queue::WireTx> for Outbox<V> {
    fn from(tx: crate::server::wire_queue::WireTx) -> Self {
        Outbox::Wire(tx)
    }
}

/// What came of putting a message in a connection's queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    Queued,
    /// The queue is full (its last place is kept for a closing message).
    Full,
    /// The connection is gone.
    Gone,
    /// The message could not be encoded (logged): nothing was queued.
    Unsendable,
}

/// A message on its way to one or many connections, encoded at most once.
pub struct Outgoing<V> {
    pub(super) msg: ServerMsg<V>,
    frame: Option<Bytes>,
}

impl<V: serde::Serialize + Clone> Outgoing<V> {
    pub fn new(msg: ServerMsg<V>) -> Self {
        Outgoing { msg, frame: None }
    }

    /// The message encoded, once.
    pub(super) fn frame(&mut self) -> Option<Bytes> {
        if self.frame.is_none() {
            match crate::proto::codec::frame(&self.msg) {
                Ok(f) => self.frame = Some(f),
                Err(e) => tracing::error!(error = %e, "a message could not be encoded"),
            }
        }
        self.frame.clone()
    }
}

impl<V: serde::Serialize + Clone> Outbox<V> {
    /// Places left in the queue.
    pub fn capacity(&self) -> usize {
        match self {
            Outbox::Local(tx) => tx.capacity(),
            Outbox::Wire(tx) => tx.capacity(),
        }
    }

    /// Queues a message, encoding it for a TCP connection; never waits.
    pub fn offer(&self, msg: ServerMsg<V>) -> Sent {
        match self {
            Outbox::Local(tx) => sent(tx.try_send(msg)),
            Outbox::Wire(_) => self.offer_shared(&mut Outgoing::new(msg)),
        }
    }

    /// Queues a message that other connections may get too: a TCP connection gets the bytes
    /// it was encoded to the first time, an in-process one a copy.
    pub fn offer_shared(&self, out: &mut Outgoing<V>) -> Sent {
        let last = matches!(
            out.msg,
            ServerMsg::Closing { .. } | ServerMsg::Refused { .. }
        );
        match self {
            Outbox::Local(tx) => sent(tx.try_send(out.msg.clone())),
            Outbox::Wire(tx) => match out.frame() {
                Some(bytes) => sent(tx.try_send(Frame { bytes, last })),
                None => Sent::Unsendable,
            },
        }
    }

    /// Queues a frame built for this connection alone (a hall's update, encoded by the
    /// thread that built it); an in-process connection takes the message.
    pub(super) fn offer_built(&self, built: Built<V>) -> Sent {
        match (self, built) {
            (Outbox::Local(tx), Built::Msg(m)) => sent(tx.try_send(m)),
            (Outbox::Wire(tx), Built::Frame(bytes)) => {
                sent(tx.try_send(Frame { bytes, last: false }))
            }
            (Outbox::Wire(_), Built::Msg(m)) => self.offer(m),
            (Outbox::Local(_), Built::Frame(_)) | (_, Built::Nothing) => Sent::Unsendable,
        }
    }
}

fn sent<T>(r: Result<(), mpsc::error::TrySendError<T>>) -> Sent {
    match r {
        Ok(()) => Sent::Queued,
        Err(mpsc::error::TrySendError::Full(_)) => Sent::Full,
        Err(mpsc::error::TrySendError::Closed(_)) => Sent::Gone,
    }
}

/// One connection's update as a build thread leaves it: encoded for a TCP connection (the
/// thread does the encoding, not the table), as it is for an in-process one.
pub(super) enum Built<V> {
    Msg(ServerMsg<V>),
    Frame(Bytes),
    Nothing,
}
