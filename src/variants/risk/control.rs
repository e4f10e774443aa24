//! Occupation, control and contest of hexes (R4–R9), what control blocks in production, and
//! the networks armies move and redeploy along (R26, R31, R32).

use super::RiskGame;
use crate::engine::Seat;
use crate::rules::resources::pips;
use crate::topology::{CornerId, EdgeId, HexId};

/// Who holds a hex, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Hold {
    /// No units.
    Empty,
    /// One player's units, too few to control it (R4).
    Occupied(Seat),
    /// One player's units, at least the hex's pips (R5).
    Controlled(Seat),
    /// Two players' units (R7): nobody controls it.
    Contested(Seat, Seat),
}

/// The connected pieces of a seat's network for R32: the seats whose pieces count (its own
/// and its grantors', R31) and a label per corner, the same for corners of one connected piece
/// and `u32::MAX` off the network.
pub(crate) struct SupplyNet {
    bits: u32,
    corners: Vec<u32>,
}

/// Units needed to control a hex: the pips under its number; the desert, 2 and 12 need one.
pub fn threshold(number: Option<u8>) -> u32 {
    number.map_or(1, |n| pips(n).max(1) as u32)
}

impl RiskGame {
    /// Units needed to control hex `h`.
    pub fn pips(&self, h: HexId) -> u32 {
        threshold(self.base.table.map.tile(h).number())
    }

    /// Who holds hex `h` now.
    pub fn hold(&self, h: HexId) -> Hold {
        let owners = self.armies.owners(h);
        match owners.as_slice() {
            [] => Hold::Empty,
            [p] => {
                if self.armies.force(h, *p).total() >= self.pips(h) {
                    Hold::Controlled(*p)
                } else {
                    Hold::Occupied(*p)
                }
            }
            [a, b, ..] => Hold::Contested(*a, *b),
        }
    }

    /// The seat controlling hex `h`, if one does.
    pub fn controller(&self, h: HexId) -> Option<Seat> {
        match self.hold(h) {
            Hold::Controlled(p) => Some(p),
            _ => None,
        }
    }

    /// Whether a seat left the game and its pieces stand as neutral (R40).
    pub fn is_neutral(&self, seat: Seat) -> bool {
        self.neutral[seat as usize]
    }

    /// Recomputes which seats may collect from which hex (R9): a contested hex pays nobody;
    /// a hex controlled by a player who is not neutral pays only them; neutral buildings pay
    /// nobody.
    pub(crate) fn update_production_filter(&mut self) {
        let n = self.base.cfg.seats;
        let all: u32 = (1u32 << n) - 1;
        let mut neutral_bits = 0u32;
        for s in 0..n {
            if self.neutral[s] {
                neutral_bits |= 1 << s;
            }
        }
        let count = self.base.table.map.topology.hex_count();
        let mut blocked = vec![neutral_bits; count];
        for h in self.base.table.map.land_hexes() {
            blocked[h.index()] |= match self.hold(h) {
                Hold::Contested(..) => all,
                Hold::Controlled(p) if !self.neutral[p as usize] => all & !(1 << p),
                _ => 0,
            };
        }
        self.base.collect_blocked = blocked;
    }

    /// Seats whose networks a seat may use for moving: itself and those granting it passage
    /// (R31), a bit each.
    pub fn movers_network(&self, seat: Seat) -> u32 {
        let mut bits = 1u32 << seat;
        for (g, grants) in self.passage.iter().enumerate() {
            if grants & (1 << seat) != 0 && !self.base.out[g] {
                bits |= 1 << g;
            }
        }
        bits
    }

    /// Whether hex `h` touches a road or building held by one of the seats in `bits` (R26).
    pub fn touches_network(&self, h: HexId, bits: u32) -> bool {
        let topo = &self.base.table.map.topology;
        topo.hex_corners(h).iter().any(|c| {
            self.base
                .table
                .pieces
                .building(*c)
                .is_some_and(|b| bits & (1 << b.owner) != 0)
        }) || topo.hex_edges(h).iter().any(|e| {
            self.base
                .table
                .pieces
                .route(*e)
                .is_some_and(|r| bits & (1 << r.owner) != 0)
        })
    }

    /// A step for `seat` into `h` is allowed by R26: a land hex touching its network or a
    /// grantor's.
    pub fn may_step_into(&self, seat: Seat, h: HexId) -> bool {
        self.base.table.map.is_land(h) && self.touches_network(h, self.movers_network(seat))
    }

    /// The connected pieces of a seat's network (with passage grants), for R32's supply lines.
    /// Another player's building cuts the network at its corner.
    pub(crate) fn supply_net(&self, seat: Seat) -> SupplyNet {
        let bits = self.movers_network(seat);
        let topo = &self.base.table.map.topology;
        let n = topo.corner_count();
        let cut = |c: CornerId| {
            self.base
                .table
                .pieces
                .building(c)
                .is_some_and(|b| bits & (1 << b.owner) == 0)
        };
        let mut parent: Vec<u32> = (0..n as u32).collect();
        let mut on = vec![false; n];
        fn find(p: &mut [u32], mut x: u32) -> u32 {
            while p[x as usize] != x {
                p[x as usize] = p[p[x as usize] as usize];
                x = p[x as usize];
            }
            x
        }
        for (c, b) in self.base.table.pieces.all_buildings() {
            if bits & (1 << b.owner) != 0 {
                on[c.index()] = true;
            }
        }
        for (e, r) in self.base.table.pieces.all_routes() {
            if bits & (1 << r.owner) == 0 {
                continue;
            }
            let [a, b] = topo.edge_corners(e);
            let (ca, cb) = (cut(a), cut(b));
            if !ca {
                on[a.index()] = true;
            }
            if !cb {
                on[b.index()] = true;
            }
            if !ca && !cb {
                let (ra, rb) = (find(&mut parent, a.0), find(&mut parent, b.0));
                parent[ra as usize] = rb;
            }
        }
        let corners = (0..n)
            .map(|i| {
                if on[i] {
                    find(&mut parent, i as u32)
                } else {
                    u32::MAX
                }
            })
            .collect();
        SupplyNet { bits, corners }
    }

    /// The network pieces hex `h` touches in R26's sense, as labels of [`SupplyNet`]: a
    /// building of the network on one of its corners, a road of the network on one of its
    /// edges. A road's far end is not enough: a hex that meets a road only at a corner without
    /// a building does not touch it, for a redeploy (R32) as for a move (R26).
    pub(crate) fn hex_labels(&self, net: &SupplyNet, h: HexId) -> Vec<u32> {
        let topo = &self.base.table.map.topology;
        let pieces = &self.base.table.pieces;
        let ours = |owner: Seat| net.bits & (1 << owner) != 0;
        let mut v: Vec<u32> = Vec::new();
        for c in topo.hex_corners(h) {
            if pieces.building(*c).is_some_and(|b| ours(b.owner)) {
                v.push(net.corners[c.index()]);
            }
        }
        for e in topo.hex_edges(h) {
            if !pieces.route(*e).is_some_and(|r| ours(r.owner)) {
                continue;
            }
            let ends: Vec<u32> = topo
                .edge_corners(*e)
                .iter()
                .map(|c| net.corners[c.index()])
                .filter(|l| *l != u32::MAX)
                .collect();
            if ends.is_empty() {
                // Cut at both ends: a piece of its own, which no corner label names.
                v.push(net.corners.len() as u32 + e.0);
            } else {
                v.extend(ends);
            }
        }
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Whether two hexes touch one connected piece of the seat's network (R32).
    pub fn supply_linked(&self, seat: Seat, a: HexId, b: HexId) -> bool {
        let net = self.supply_net(seat);
        let la = self.hex_labels(&net, a);
        let lb = self.hex_labels(&net, b);
        la.iter().any(|l| lb.contains(l))
    }

    /// Land hexes on either side of an edge.
    pub(crate) fn edge_land(&self, e: EdgeId) -> Vec<HexId> {
        self.base
            .table
            .map
            .topology
            .edge_hexes(e)
            .into_iter()
            .flatten()
            .filter(|h| self.base.table.map.is_land(*h))
            .collect()
    }

    /// Land hexes touching a corner.
    pub(crate) fn corner_land(&self, c: CornerId) -> Vec<HexId> {
        self.base
            .table
            .map
            .topology
            .corner_hexes(c)
            .iter()
            .flatten()
            .copied()
            .filter(|h| self.base.table.map.is_land(*h))
            .collect()
    }

    /// Whether the building at `c` is besieged: every land hex touching it holds an
    /// opponent's units and none of its holder's (R25).
    pub fn besieged(&self, c: CornerId) -> bool {
        let Some(b) = self.base.table.pieces.building(c) else {
            return false;
        };
        let hexes = self.corner_land(c);
        !hexes.is_empty()
            && hexes.iter().all(|h| {
                self.armies.has_enemy(*h, b.owner) && self.armies.force(*h, b.owner).is_empty()
            })
    }

    /// Corners with besieged buildings.
    pub fn sieges(&self) -> Vec<CornerId> {
        self.base
            .table
            .pieces
            .all_buildings()
            .map(|(c, _)| c)
            .filter(|c| self.besieged(*c))
            .collect()
    }
}
