//! The accept loop's caps: connections in all, per address, and still in their handshake.
//! A connection holds a [`Ticket`] from its accept to its end; dropping it gives its places
//! back, whatever way the connection ended (a reset, a refusal, a task cut short).

use super::Limits;
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::Notify;

/// Why a connection was not admitted: said to the peer before its socket is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// [`Limits::connections`] (or the open-files limit) is reached.
    Host,
    /// [`Limits::per_address`] is reached for the peer's address.
    Address,
    /// [`Limits::handshaking_per_address`] is reached for the peer's address.
    Handshakes,
}

impl Full {
    /// The refusal in words for the peer.
    pub fn reason(self, limits: &Limits) -> String {
        match self {
            Full::Host => format!(
                "the host is full ({} connections); try again later",
                limits.connections
            ),
            Full::Address => format!(
                "too many connections from your address (at most {})",
                limits.per_address
            ),
            Full::Handshakes => format!(
                "too many connections from your address are still saying hello (at most {})",
                limits.handshaking_per_address
            ),
        }
    }
}

#[derive(Default)]
struct Counts {
    open: usize,
    handshaking: usize,
    /// Per address: (open, handshaking); an address leaves the map when both are 0.
    by_addr: HashMap<IpAddr, (usize, usize)>,
    /// The peers (address and port) still in their handshake.
    shaking: HashSet<SocketAddr>,
}

/// The caps and what is in use, shared by the accept loop and its connections.
pub struct Gate {
    limits: Limits,
    /// The most connections the process's open-files limit leaves room for.
    ceiling: usize,
    counts: Mutex<Counts>,
    /// Woken when a handshake ends, for an accept loop waiting for a free place.
    freed: Notify,
}

impl Gate {
    pub fn new(limits: Limits) -> Gate {
        Gate {
            limits,
            ceiling: open_files_room(),
            counts: Mutex::new(Counts::default()),
            freed: Notify::new(),
        }
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        // A panic elsewhere while holding it leaves counts that are still numbers.
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The caps in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Whether the host may accept one more connection now: `false` while the handshake cap
    /// in all is reached (the accept loop then waits for [`Gate::wait_freed`]).
    pub fn may_accept(&self) -> bool {
        self.counts().handshaking < self.limits.handshaking
    }

    /// Waits until a handshake or a connection ends.
    pub async fn wait_freed(&self) {
        self.freed.notified().await
    }

    /// Admits the connection from `peer`, in its handshake, or says which cap it hit.
    pub fn admit(self: &Arc<Self>, peer: SocketAddr) -> Result<Ticket, Full> {
        let mut c = self.counts();
        let ip = peer.ip();
        let capped = !(self.limits.loopback_exempt && ip.is_loopback());
        let (open, shaking) = c.by_addr.get(&ip).copied().unwrap_or((0, 0));
        if c.open >= self.limits.connections.min(self.ceiling) {
            return Err(Full::Host);
        }
        if capped && open >= self.limits.per_address {
            return Err(Full::Address);
        }
        if capped && shaking >= self.limits.handshaking_per_address {
            return Err(Full::Handshakes);
        }
        c.open += 1;
        c.handshaking += 1;
        c.by_addr.insert(ip, (open + 1, shaking + 1));
        c.shaking.insert(peer);
        Ok(Ticket {
            gate: self.clone(),
            peer,
        })
    }

    /// The connection from `peer` said hello: it leaves the handshake counts.
    pub fn greeted(&self, peer: SocketAddr) {
        let mut c = self.counts();
        if c.shaking.remove(&peer) {
            c.handshaking -= 1;
            if let Some(e) = c.by_addr.get_mut(&peer.ip()) {
                e.1 -= 1;
            }
            drop(c);
            self.freed.notify_one();
        }
    }

    /// Connections open and still in their handshake now.
    pub fn in_use(&self) -> (usize, usize) {
        let c = self.counts();
        (c.open, c.handshaking)
    }

    fn leave(&self, peer: SocketAddr) {
        self.greeted(peer);
        let mut c = self.counts();
        c.open -= 1;
        let ip = peer.ip();
        if let Some(e) = c.by_addr.get_mut(&ip) {
            e.0 -= 1;
            if *e == (0, 0) {
                c.by_addr.remove(&ip);
            }
        }
        drop(c);
        self.freed.notify_one();
    }
}

/// One admitted connection's places; given back when dropped.
pub struct Ticket {
    gate: Arc<Gate>,
    peer: SocketAddr,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.gate.leave(self.peer);
    }
}

/// Connections the process's open-files limit leaves room for, keeping some descriptors for
/// the save, the log and the listener.
fn open_files_room() -> usize {
    const SPARE: u64 = 64;
    #[cfg(unix)]
    {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit only writes the struct passed to it.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } == 0 {
            #[allow(clippy::unnecessary_cast)] // rlim_t is u64 on most systems, not all
            let cur = lim.rlim_cur as u64;
            return usize::try_from(cur.saturating_sub(SPARE)).unwrap_or(usize::MAX);
        }
    }
    usize::MAX
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            connections: 4,
            per_address: 2,
            handshaking: 3,
            handshaking_per_address: 1,
            loopback_exempt: false,
            ..Limits::DEFAULT
        }
    }

    fn at(ip: &str, port: u16) -> SocketAddr {
        SocketAddr::new(ip.parse().unwrap(), port)
    }

    #[test]
    fn caps_count_per_address_and_in_all_and_tickets_give_places_back() {
        let g = Arc::new(Gate::new(limits()));
        let a = g.admit(at("10.0.0.1", 1)).expect("first from a");
        // Still saying hello: a second from the same address waits for the first.
        assert_eq!(g.admit(at("10.0.0.1", 2)).err(), Some(Full::Handshakes));
        g.greeted(at("10.0.0.1", 1));
        let a2 = g
            .admit(at("10.0.0.1", 2))
            .expect("after the first said hello");
        g.greeted(at("10.0.0.1", 2));
        assert_eq!(g.admit(at("10.0.0.1", 3)).err(), Some(Full::Address));
        let b = g.admit(at("10.0.0.2", 1)).expect("another address");
        let _c = g.admit(at("10.0.0.3", 1)).expect("a third");
        assert_eq!(g.in_use(), (4, 2));
        assert_eq!(g.admit(at("10.0.0.4", 1)).err(), Some(Full::Host));
        drop(a);
        drop(b);
        assert_eq!(g.in_use(), (2, 1));
        let _d = g.admit(at("10.0.0.4", 1)).expect("room again");
        drop(a2);
        assert!(
            g.admit(at("10.0.0.1", 4)).is_ok(),
            "its address has room again"
        );
    }

    #[test]
    fn the_handshake_cap_in_all_pauses_accepting() {
        let g = Arc::new(Gate::new(limits()));
        let t: Vec<Ticket> = (1..=3)
            .map(|i| g.admit(at(&format!("10.0.1.{i}"), 1)).unwrap())
            .collect();
        assert!(!g.may_accept());
        g.greeted(at("10.0.1.1", 1));
        assert!(g.may_accept());
        drop(t);
        assert_eq!(g.in_use(), (0, 0));
    }

    #[test]
    fn a_hall_of_twenty_thousand_seats_has_room_for_every_seat_and_more() {
        let hall = Limits::DEFAULT.for_seats(20_000);
        assert!(hall.connections >= 25_000, "{}", hall.connections);
        assert_eq!(
            Limits::DEFAULT.for_seats(6).connections,
            Limits::DEFAULT.connections,
            "a table keeps the default cap"
        );
    }

    #[test]
    fn loopback_may_be_exempt_from_the_per_address_caps() {
        let g = Arc::new(Gate::new(Limits {
            loopback_exempt: true,
            ..limits()
        }));
        let t: Vec<Ticket> = (1..=3)
            .map(|p| g.admit(at("127.0.0.1", p)).expect("loopback is exempt"))
            .collect();
        assert_eq!(t.len(), 3);
    }
}
