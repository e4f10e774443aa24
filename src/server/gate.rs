//! The accept loop's caps: connections in all, per address, and still in their handshake.
//! A connection holds a [`Ticket`] from its accept to its end; dropping it gives its places
//! back, whatever way the connection ended (a reset, a refusal, a task cut short).
//!
//! When the handshake cap in all is full, a newcomer is still admitted: the connection that
//! has waited longest without saying hello is shed (its ticket's [`Ticket::shed`] token is
//! cancelled), so a crowd of silent sockets can never keep an honest player out.

use super::Limits;
use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio_util::sync::CancellationToken;

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
    /// The peers (address and port) still in their handshake, with the token that sheds
    /// each one.
    shaking: HashMap<SocketAddr, CancellationToken>,
    /// The same peers oldest first (a peer that has said hello since is skipped when met).
    arrivals: VecDeque<SocketAddr>,
    /// Handshakes shed to make room, since the host started.
    shed: u64,
}

impl Counts {
    /// Ends `peer`'s handshake in the counts; whether it was still in one.
    fn end_handshake(&mut self, peer: SocketAddr) -> Option<CancellationToken> {
        let token = self.shaking.remove(&peer)?;
        self.handshaking -= 1;
        if let Some(e) = self.by_addr.get_mut(&peer.ip()) {
            e.1 -= 1;
        }
        Some(token)
    }

    /// Sheds the oldest connection still in its handshake: it leaves the handshake counts
    /// at once, and its task closes it when it sees its token cancelled.
    fn shed_oldest(&mut self) {
        while let Some(peer) = self.arrivals.pop_front() {
            if let Some(token) = self.end_handshake(peer) {
                token.cancel();
                self.shed += 1;
                return;
            }
        }
    }
}

/// The caps and what is in use, shared by the accept loop and its connections.
pub struct Gate {
    limits: Limits,
    /// The most connections the process's open-files limit leaves room for.
    ceiling: usize,
    counts: Mutex<Counts>,
}

impl Gate {
    pub fn new(limits: Limits) -> Gate {
        Gate {
            limits,
            ceiling: open_files_room(),
            counts: Mutex::new(Counts::default()),
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

    /// Admits the connection from `peer`, in its handshake, or says which cap it hit. With
    /// the handshake cap in all reached, the oldest handshake is shed to make room.
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
        if c.handshaking >= self.limits.handshaking {
            c.shed_oldest();
        }
        // The peer's own address may have been the one shed from.
        let (open, shaking) = c.by_addr.get(&ip).copied().unwrap_or((0, 0));
        c.open += 1;
        c.handshaking += 1;
        c.by_addr.insert(ip, (open + 1, shaking + 1));
        let token = CancellationToken::new();
        c.shaking.insert(peer, token.clone());
        c.arrivals.push_back(peer);
        Ok(Ticket {
            gate: self.clone(),
            peer,
            shed: token,
        })
    }

    /// The connection from `peer` said hello: it leaves the handshake counts.
    pub fn greeted(&self, peer: SocketAddr) {
        let mut c = self.counts();
        c.end_handshake(peer);
        // The arrivals queue forgets greeted peers lazily; keep it from growing without
        // bound when nobody is ever shed.
        if c.arrivals.len() > 2 * c.handshaking + 64 {
            let Counts {
                arrivals, shaking, ..
            } = &mut *c;
            arrivals.retain(|p| shaking.contains_key(p));
        }
    }

    /// Handshakes shed to make room for newcomers, since the host started.
    pub fn shed_count(&self) -> u64 {
        self.counts().shed
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
    }
}

/// One admitted connection's places; given back when dropped.
pub struct Ticket {
    gate: Arc<Gate>,
    peer: SocketAddr,
    shed: CancellationToken,
}

impl Ticket {
    /// Cancelled when the connection is shed before saying hello: its task then closes it.
    pub fn shed(&self) -> CancellationToken {
        self.shed.clone()
    }
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
    fn a_full_handshake_cap_sheds_the_oldest_silent_connection() {
        let g = Arc::new(Gate::new(Limits {
            connections: 10,
            ..limits()
        }));
        let t: Vec<Ticket> = (1..=3)
            .map(|i| g.admit(at(&format!("10.0.1.{i}"), 1)).unwrap())
            .collect();
        // The first said hello: it is no longer in its handshake and is never shed.
        g.greeted(at("10.0.1.1", 1));
        let _d = g.admit(at("10.0.1.4", 1)).expect("room");
        assert_eq!(g.in_use(), (4, 3));
        assert!(t.iter().all(|t| !t.shed().is_cancelled()));
        // Full: a newcomer is admitted all the same, and the oldest silent one is shed.
        let _e = g
            .admit(at("10.0.1.5", 1))
            .expect("admitted over a full cap");
        assert!(t[1].shed().is_cancelled(), "the oldest silent one is shed");
        assert!(!t[0].shed().is_cancelled() && !t[2].shed().is_cancelled());
        assert_eq!(g.shed_count(), 1);
        assert_eq!(g.in_use(), (5, 3), "the handshake count stays at its cap");
        drop(t);
        assert_eq!(g.in_use(), (2, 2));
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
