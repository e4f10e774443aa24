//! Settlements, cities, roads and ships on a map: where each may go (the distance rule,
//! connection to your network, roads and ships joining only at your own buildings), the
//! pieces each seat has left, and the longest continuous route.

use crate::board::Map;
use crate::engine::{RuleError, Seat};
use crate::topology::{CornerId, EdgeId, HexId, IdBits};
use serde::{Deserialize, Serialize};

/// A building on a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BuildingKind {
    Settlement,
    City,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Building {
    pub owner: Seat,
    pub kind: BuildingKind,
}

impl Building {
    /// Victory points and cards per production.
    pub fn weight(self) -> u32 {
        match self.kind {
            BuildingKind::Settlement => 1,
            BuildingKind::City => 2,
        }
    }
}

/// A piece on an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RouteKind {
    Road,
    Ship,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Route {
    pub owner: Seat,
    pub kind: RouteKind,
}

/// Pieces a seat has not placed yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stock {
    pub settlements: u8,
    pub cities: u8,
    pub roads: u8,
    pub ships: u8,
}

impl Stock {
    /// The base game's 5 settlements, 4 cities and 15 roads.
    pub const BASE: Stock = Stock {
        settlements: 5,
        cities: 4,
        roads: 15,
        ships: 0,
    };
    /// Seafarers adds 15 ships.
    pub const SEAFARERS: Stock = Stock {
        settlements: 5,
        cities: 4,
        roads: 15,
        ships: 15,
    };
}

/// Everything standing on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pieces {
    buildings: Vec<Option<Building>>,
    routes: Vec<Option<Route>>,
    stock: Vec<Stock>,
    /// Corners with each seat's buildings, so rules code never scans the whole map.
    owned_buildings: Vec<Vec<CornerId>>,
    /// Edges with each seat's roads and ships.
    owned_routes: Vec<Vec<EdgeId>>,
}

impl Pieces {
    pub fn new(map: &Map, seats: usize, stock: Stock) -> Pieces {
        Pieces {
            buildings: vec![None; map.topology.corner_count()],
            routes: vec![None; map.topology.edge_count()],
            stock: vec![stock; seats],
            owned_buildings: vec![Vec::new(); seats],
            owned_routes: vec![Vec::new(); seats],
        }
    }

    pub fn seats(&self) -> usize {
        self.stock.len()
    }
    pub fn building(&self, c: CornerId) -> Option<Building> {
        self.buildings[c.index()]
    }
    pub fn route(&self, e: EdgeId) -> Option<Route> {
        self.routes[e.index()]
    }
    pub fn stock(&self, seat: Seat) -> Stock {
        self.stock[seat as usize]
    }
    pub fn stock_mut(&mut self, seat: Seat) -> &mut Stock {
        &mut self.stock[seat as usize]
    }
    /// Corners with this seat's buildings.
    pub fn buildings_of(&self, seat: Seat) -> &[CornerId] {
        &self.owned_buildings[seat as usize]
    }
    /// Corners where this seat has a settlement (not a city): where it may build a city.
    /// Every ruleset lists city spots and upgrade choices from this.
    pub fn settlements_of(&self, seat: Seat) -> impl Iterator<Item = CornerId> + '_ {
        self.owned_buildings[seat as usize]
            .iter()
            .copied()
            .filter(|c| self.is_settlement(*c))
    }
    /// Whether `c` holds a settlement (of anyone).
    pub fn is_settlement(&self, c: CornerId) -> bool {
        self.buildings[c.index()].is_some_and(|b| b.kind == BuildingKind::Settlement)
    }
    /// Edges with this seat's roads and ships.
    pub fn routes_of(&self, seat: Seat) -> &[EdgeId] {
        &self.owned_routes[seat as usize]
    }
    /// Every building, by corner.
    pub fn all_buildings(&self) -> impl Iterator<Item = (CornerId, Building)> + '_ {
        self.buildings
            .iter()
            .enumerate()
            .filter_map(|(i, b)| b.map(|b| (CornerId(i as u32), b)))
    }
    /// Every road and ship, by edge.
    pub fn all_routes(&self) -> impl Iterator<Item = (EdgeId, Route)> + '_ {
        self.routes
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.map(|r| (EdgeId(i as u32), r)))
    }

    /// Victory points from buildings.
    pub fn building_vp(&self, seat: Seat) -> u32 {
        self.owned_buildings[seat as usize]
            .iter()
            .map(|c| self.buildings[c.index()].map_or(0, |b| b.weight()))
            .sum()
    }

    /// The distance rule: the corner is on land, free, and no neighbouring corner has a
    /// building.
    pub fn check_settlement_spot(&self, map: &Map, c: CornerId) -> Result<(), Refusal> {
        if !map.corner_touches_land(c) {
            return Err(Refusal::NotOnLand(Spot::Corner(c)));
        }
        if self.building(c).is_some() {
            return Err(Refusal::Occupied(Spot::Corner(c)));
        }
        for n in map.topology.corner_corners(c).iter().flatten() {
            if self.building(*n).is_some() {
                return Err(Refusal::DistanceRule(c, *n));
            }
        }
        Ok(())
    }

    /// Whether one of the seat's roads or ships ends at the corner.
    pub fn touches_own_route(&self, map: &Map, seat: Seat, c: CornerId) -> bool {
        map.topology
            .corner_edges(c)
            .iter()
            .flatten()
            .any(|e| self.route(*e).is_some_and(|r| r.owner == seat))
    }

    /// A settlement on the map during play: the distance rule and a connection to your own
    /// road or ship.
    pub fn check_settlement(&self, map: &Map, seat: Seat, c: CornerId) -> Result<(), Refusal> {
        self.check_settlement_spot(map, c)?;
        if !self.touches_own_route(map, seat, c) {
            return Err(Refusal::NotConnected(Spot::Corner(c), RouteKind::Road));
        }
        if self.stock(seat).settlements == 0 {
            return Err(Refusal::NoneLeft("settlements", 5));
        }
        Ok(())
    }

    /// A city replaces one of your own settlements.
    pub fn check_city(&self, seat: Seat, c: CornerId) -> Result<(), Refusal> {
        match self.building(c) {
            Some(Building {
                owner,
                kind: BuildingKind::Settlement,
            }) if owner == seat => {}
            Some(Building {
                kind: BuildingKind::City,
                owner,
            }) if owner == seat => return Err(Refusal::AlreadyCity(c)),
            Some(_) => return Err(Refusal::NotYours(c)),
            None => return Err(Refusal::NoSettlement(c)),
        }
        if self.stock(seat).cities == 0 {
            return Err(Refusal::NoneLeft("cities", 4));
        }
        Ok(())
    }

    /// Whether a route of `kind` may continue through corner `c` for `seat`: an opponent's
    /// building blocks it; your own building joins anything; otherwise only the same kind.
    fn joins_at(
        &self,
        seat: Seat,
        c: CornerId,
        kind: RouteKind,
        map: &Map,
        except: &[EdgeId],
    ) -> bool {
        match self.building(c) {
            Some(b) if b.owner != seat => false,
            Some(_) => true,
            None => map.topology.corner_edges(c).iter().flatten().any(|e| {
                !except.contains(e)
                    && self
                        .route(*e)
                        .is_some_and(|r| r.owner == seat && r.kind == kind)
            }),
        }
    }

    /// A road or ship on a free edge of the right kind, connected to your network.
    /// `from` limits the connection to one corner (setup: the settlement just placed).
    pub fn check_route(
        &self,
        map: &Map,
        seat: Seat,
        e: EdgeId,
        kind: RouteKind,
        from: Option<CornerId>,
    ) -> Result<(), Refusal> {
        match kind {
            RouteKind::Road if !map.edge_is_road_spot(e) => return Err(Refusal::RoadAtSea(e)),
            RouteKind::Ship if !map.edge_is_ship_spot(e) => return Err(Refusal::ShipInland(e)),
            _ => {}
        }
        if self.route(e).is_some() {
            return Err(Refusal::Occupied(Spot::Edge(e)));
        }
        let left = match kind {
            RouteKind::Road => self.stock(seat).roads,
            RouteKind::Ship => self.stock(seat).ships,
        };
        if left == 0 {
            return Err(match kind {
                RouteKind::Road => Refusal::NoneLeft("roads", 15),
                RouteKind::Ship => Refusal::NoneLeft("ships", 15),
            });
        }
        let ends = map.topology.edge_corners(e);
        match from {
            Some(c) if !ends.contains(&c) => Err(Refusal::NotTouching(e, c)),
            Some(_) => Ok(()),
            None if ends
                .iter()
                .any(|c| self.joins_at(seat, *c, kind, map, &[e])) =>
            {
                Ok(())
            }
            None => Err(self.unconnected(map, seat, e, kind, &[e])),
        }
    }

    /// Why a route at `e` does not join the seat's network: cut off, when one of the seat's
    /// routes of that kind (other than `except`) ends at an end of `e` where an opponent's
    /// building stands (the one thing that keeps them apart), else simply not connected.
    /// Asked only once the route is known not to join, so an accepted one never pays for it.
    fn unconnected(
        &self,
        map: &Map,
        seat: Seat,
        e: EdgeId,
        kind: RouteKind,
        except: &[EdgeId],
    ) -> Refusal {
        let cut_at = |c: &CornerId| {
            self.building(*c).is_some_and(|b| b.owner != seat)
                && map.topology.corner_edges(*c).iter().flatten().any(|f| {
                    !except.contains(f)
                        && self
                            .route(*f)
                            .is_some_and(|r| r.owner == seat && r.kind == kind)
                })
        };
        if map.topology.edge_corners(e).iter().any(cut_at) {
            Refusal::CutOff(e, kind)
        } else {
            Refusal::NotConnected(Spot::Edge(e), kind)
        }
    }

    /// [`Pieces::check_route`] for a route moved from `gone` to `e` (a ship): as if `gone`
    /// were already off the map and back in the supply, without copying the pieces.
    pub fn check_moved_route(
        &self,
        map: &Map,
        seat: Seat,
        gone: EdgeId,
        e: EdgeId,
        kind: RouteKind,
    ) -> Result<(), Refusal> {
        match kind {
            RouteKind::Road if !map.edge_is_road_spot(e) => return Err(Refusal::RoadAtSea(e)),
            RouteKind::Ship if !map.edge_is_ship_spot(e) => return Err(Refusal::ShipInland(e)),
            _ => {}
        }
        if e != gone && self.route(e).is_some() {
            return Err(Refusal::Occupied(Spot::Edge(e)));
        }
        // The moved piece is back in the supply, so one is always left.
        let ends = map.topology.edge_corners(e);
        if ends
            .iter()
            .any(|c| self.joins_at(seat, *c, kind, map, &[e, gone]))
        {
            Ok(())
        } else {
            Err(self.unconnected(map, seat, e, kind, &[e, gone]))
        }
    }

    /// Places a settlement (checks are the caller's).
    pub fn place_settlement(&mut self, seat: Seat, c: CornerId) {
        self.buildings[c.index()] = Some(Building {
            owner: seat,
            kind: BuildingKind::Settlement,
        });
        self.stock[seat as usize].settlements -= 1;
        self.owned_buildings[seat as usize].push(c);
    }

    /// Upgrades a settlement to a city; the settlement goes back to the supply.
    pub fn place_city(&mut self, seat: Seat, c: CornerId) {
        self.buildings[c.index()] = Some(Building {
            owner: seat,
            kind: BuildingKind::City,
        });
        let s = &mut self.stock[seat as usize];
        s.cities -= 1;
        s.settlements += 1;
    }

    pub fn place_route(&mut self, seat: Seat, e: EdgeId, kind: RouteKind) {
        self.routes[e.index()] = Some(Route { owner: seat, kind });
        let s = &mut self.stock[seat as usize];
        match kind {
            RouteKind::Road => s.roads -= 1,
            RouteKind::Ship => s.ships -= 1,
        }
        self.owned_routes[seat as usize].push(e);
    }

    /// Takes a route off the map (a moved ship) and back into its owner's supply.
    pub fn remove_route(&mut self, e: EdgeId) {
        if let Some(r) = self.routes[e.index()].take() {
            let s = &mut self.stock[r.owner as usize];
            match r.kind {
                RouteKind::Road => s.roads += 1,
                RouteKind::Ship => s.ships += 1,
            }
            self.owned_routes[r.owner as usize].retain(|x| *x != e);
        }
    }

    /// Hands a building to another seat without touching anyone's supply (annexation).
    pub fn set_building_owner(&mut self, c: CornerId, seat: Seat) {
        if let Some(b) = &mut self.buildings[c.index()] {
            let old = b.owner;
            b.owner = seat;
            self.owned_buildings[old as usize].retain(|x| *x != c);
            self.owned_buildings[seat as usize].push(c);
        }
    }

    /// Hands a route to another seat without touching anyone's supply (annexation).
    pub fn set_route_owner(&mut self, e: EdgeId, seat: Seat) {
        if let Some(r) = &mut self.routes[e.index()] {
            let old = r.owner;
            r.owner = seat;
            self.owned_routes[old as usize].retain(|x| *x != e);
            self.owned_routes[seat as usize].push(e);
        }
    }

    /// Seats with a building on a corner of the hex.
    pub fn seats_at_hex(&self, map: &Map, h: HexId) -> Vec<Seat> {
        let mut v: Vec<Seat> = map
            .topology
            .hex_corners(h)
            .iter()
            .filter_map(|c| self.building(*c).map(|b| b.owner))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The longest continuous route of a seat (forks not counted, cut by opponents'
    /// buildings; roads and ships join only at the seat's own buildings).
    pub fn longest_route(&self, map: &Map, seat: Seat) -> u32 {
        let edges = &self.owned_routes[seat as usize];
        if edges.is_empty() {
            return 0;
        }
        if edges.len() <= 64 {
            return self.longest_route_small(map, seat);
        }
        self.longest_route_general(map, seat)
    }

    /// [`Pieces::longest_route`] of a seat right after its route `e` was placed, given
    /// `before`, its longest route without `e`: every trail the new route makes possible runs
    /// through `e`, and where one end of `e` continues into none of the seat's routes those
    /// trails all stop there, so one search from the other end finds the longest. Only when
    /// `e` joins routes at both ends does this search from every start again.
    pub fn longest_route_after_placing(
        &self,
        map: &Map,
        seat: Seat,
        e: EdgeId,
        before: u32,
    ) -> u32 {
        let [a, b] = map.topology.edge_corners(e);
        let from = if self.continuations(map, seat, e, a).next().is_none() {
            b
        } else if self.continuations(map, seat, e, b).next().is_none() {
            a
        } else {
            return self.longest_route(map, seat);
        };
        let mut used = IdBits::new(map.topology.edge_count());
        used.set(e.index(), true);
        before.max(1 + self.route_walk(map, seat, e, from, &mut used))
    }

    /// The seat whose longest route a new building of `seat` on the free corner `c` changes,
    /// if any: an opponent with two routes of one kind meeting there (they joined; now the
    /// building cuts them), or `seat` itself with a road and a ship there (its building joins
    /// them). A route that merely ends at `c`, or routes the corner already joined, keep
    /// their length. Either needs two of the corner's three routes, so at most one seat.
    pub fn seat_a_building_changes(&self, map: &Map, seat: Seat, c: CornerId) -> Option<Seat> {
        let routes = map
            .topology
            .corner_edges(c)
            .map(|e| e.and_then(|e| self.route(e)));
        for (i, r) in routes.iter().enumerate() {
            let Some(r) = r else { continue };
            for q in routes[i + 1..].iter().flatten() {
                if q.owner == r.owner && (q.owner == seat) != (q.kind == r.kind) {
                    return Some(r.owner);
                }
            }
        }
        None
    }

    /// [`Pieces::longest_route`] by a plain search from every route end, for any number of
    /// routes.
    fn longest_route_general(&self, map: &Map, seat: Seat) -> u32 {
        let edges = &self.owned_routes[seat as usize];
        // Depth-first over the seat's own routes, marking the edges on the current path in a
        // bit set: no allocation for maps of up to 1024 edges.
        let mut used = IdBits::new(map.topology.edge_count());
        let mut best = 0;
        for &e in edges {
            used.set(e.index(), true);
            for k in map.topology.edge_corners(e) {
                best = best.max(1 + self.route_walk(map, seat, e, k, &mut used));
            }
            used.set(e.index(), false);
        }
        best
    }

    /// [`Pieces::longest_route`] for up to 64 routes (every ordinary game): the routes get
    /// local numbers, each end lists the routes it continues into, and the search carries the
    /// routes used so far as one 64-bit word.
    fn longest_route_small(&self, map: &Map, seat: Seat) -> u32 {
        let edges = &self.owned_routes[seat as usize];
        let n = edges.len();
        debug_assert!(n <= 64);
        // next[i][s]: up to two (route, end it leaves through) continuing route i past its
        // end s; count[i][s] how many.
        let mut next = [[[(0u8, 0u8); 2]; 2]; 64];
        let mut count = [[0u8; 2]; 64];
        for (i, &e) in edges.iter().enumerate() {
            let kind = self.routes[e.index()].map(|r| r.kind);
            for (s, k) in map.topology.edge_corners(e).into_iter().enumerate() {
                let own_building = match self.building(k) {
                    Some(b) if b.owner != seat => continue,
                    Some(_) => true,
                    None => false,
                };
                for &f in map.topology.corner_edges(k).iter().flatten() {
                    if f == e {
                        continue;
                    }
                    match self.routes[f.index()] {
                        Some(r) if r.owner == seat && (own_building || Some(r.kind) == kind) => {}
                        _ => continue,
                    }
                    let Some(j) = edges.iter().position(|x| *x == f) else {
                        continue;
                    };
                    let out = if map.topology.edge_corners(f)[0] == k {
                        1
                    } else {
                        0
                    };
                    next[i][s][count[i][s] as usize] = (j as u8, out);
                    count[i][s] += 1;
                }
            }
        }
        fn walk(
            i: usize,
            s: usize,
            used: u64,
            next: &[[[(u8, u8); 2]; 2]],
            count: &[[u8; 2]],
        ) -> u32 {
            let mut best = 0;
            for &(j, out) in &next[i][s][..count[i][s] as usize] {
                let bit = 1u64 << j;
                if used & bit == 0 {
                    best = best.max(1 + walk(j as usize, out as usize, used | bit, next, count));
                }
            }
            best
        }
        // A trail may start at end `1 - s` of route `i` and leave through end `s`. Starting
        // where exactly one route `j` joins `i` never beats every other start: a trail without
        // `j` grows by putting `j` first, and a trail with `j` comes back through `j` and ends
        // there, a closed loop that any of its corners with a third route can start instead.
        // Routes join in cliques at a corner, so the only loop with no such corner is a whole
        // piece of network that is a plain ring, counted as its number of routes.
        let mut adj = [0u64; 64];
        for i in 0..n {
            for s in 0..2 {
                for &(j, _) in &next[i][s][..count[i][s] as usize] {
                    adj[i] |= 1 << j;
                }
            }
        }
        let mut best = 0;
        let mut started = 0u64;
        for i in 0..n {
            for s in 0..2 {
                if count[i][1 - s] != 1 {
                    started |= 1 << i;
                    best = best.max(1 + walk(i, s, 1 << i, &next, &count));
                }
            }
        }
        // Pieces of network where every start was skipped: plain rings.
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut left = all;
        while left != 0 {
            let mut piece = left & left.wrapping_neg();
            loop {
                let mut grown = piece;
                let mut bits = piece;
                while bits != 0 {
                    grown |= adj[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                if grown == piece {
                    break;
                }
                piece = grown;
            }
            left &= !piece;
            if piece & started == 0 {
                best = best.max(piece.count_ones());
            }
        }
        best
    }

    /// The seat's routes that its route arriving at corner `k` along `e` continues into: none
    /// past an opponent's building, any kind at its own building, else the same kind.
    fn continuations<'a>(
        &'a self,
        map: &'a Map,
        seat: Seat,
        e: EdgeId,
        k: CornerId,
    ) -> impl Iterator<Item = EdgeId> + 'a {
        let own_building = match self.building(k) {
            Some(b) if b.owner != seat => None,
            Some(_) => Some(true),
            None => Some(false),
        };
        let kind = self.routes[e.index()].map(|r| r.kind);
        let corner_edges = match own_building {
            Some(_) => map.topology.corner_edges(k),
            None => [None; 3],
        };
        corner_edges.into_iter().flatten().filter(move |&f| {
            f != e
                && self.routes[f.index()].is_some_and(|r| {
                    r.owner == seat && (own_building == Some(true) || Some(r.kind) == kind)
                })
        })
    }

    /// The longest continuation of a route that arrives at corner `k` along edge `e`.
    fn route_walk(&self, map: &Map, seat: Seat, e: EdgeId, k: CornerId, used: &mut IdBits) -> u32 {
        let mut best = 0;
        for next in self.continuations(map, seat, e, k) {
            if used.get(next.index()) {
                continue;
            }
            used.set(next.index(), true);
            let far = map.topology.other_end(next, k);
            best = best.max(1 + self.route_walk(map, seat, next, far, used));
            used.set(next.index(), false);
        }
        best
    }
}

/// Where a refused piece was to go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Corner(CornerId),
    Edge(EdgeId),
}

/// Why a piece may not go somewhere; turned into words only when a player needs to read it,
/// so legal-move generation never formats text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotOnLand(Spot),
    Occupied(Spot),
    DistanceRule(CornerId, CornerId),
    /// Nothing of the seat's reaches the spot.
    NotConnected(Spot, RouteKind),
    /// The seat's route of this kind reaches an end of the edge, but an opponent's building
    /// stands there and cuts it off.
    CutOff(EdgeId, RouteKind),
    NoneLeft(&'static str, u8),
    AlreadyCity(CornerId),
    NotYours(CornerId),
    NoSettlement(CornerId),
    RoadAtSea(EdgeId),
    ShipInland(EdgeId),
    NotTouching(EdgeId, CornerId),
}

impl Refusal {
    /// The reason in words.
    pub fn explain(self, map: &Map) -> RuleError {
        let spot = |s: Spot| match s {
            Spot::Corner(c) => map.corner_name(c),
            Spot::Edge(e) => map.edge_name(e),
        };
        RuleError(match self {
            Refusal::NotOnLand(s) => format!("{} is not on land", spot(s)),
            Refusal::Occupied(Spot::Corner(c)) => {
                format!("{} already has a building", map.corner_name(c))
            }
            Refusal::Occupied(Spot::Edge(e)) => {
                format!("{} already has a road or ship", map.edge_name(e))
            }
            Refusal::DistanceRule(c, n) => format!(
                "{} is next to the building at {} (distance rule: the neighbouring corners must be empty)",
                map.corner_name(c),
                map.corner_name(n)
            ),
            Refusal::NotConnected(Spot::Corner(c), _) => {
                format!(
                    "{} is not connected to one of your roads",
                    map.corner_name(c)
                )
            }
            Refusal::NotConnected(Spot::Edge(e), RouteKind::Road) => format!(
                "{} is not connected to your roads or buildings",
                map.edge_name(e)
            ),
            Refusal::NotConnected(Spot::Edge(e), RouteKind::Ship) => format!(
                "{} is not connected to your ships or to a building of yours on the coast",
                map.edge_name(e)
            ),
            Refusal::CutOff(e, RouteKind::Road) => format!(
                "{} is not connected to your roads or buildings (an opponent's building blocks a road)",
                map.edge_name(e)
            ),
            Refusal::CutOff(e, RouteKind::Ship) => format!(
                "{} is not connected to your ships or to a building of yours on the coast (an opponent's building blocks a ship)",
                map.edge_name(e)
            ),
            Refusal::NoneLeft(what, n) => format!("you have no {what} left ({n} at most)"),
            Refusal::AlreadyCity(c) => format!("{} is already a city", map.corner_name(c)),
            Refusal::NotYours(c) => format!("the building at {} is not yours", map.corner_name(c)),
            Refusal::NoSettlement(c) => format!(
                "a city must replace one of your settlements; {} has none",
                map.corner_name(c)
            ),
            Refusal::RoadAtSea(e) => format!("{} is at sea: roads go on land", map.edge_name(e)),
            Refusal::ShipInland(e) => {
                format!("{} is inland: ships go on the sea", map.edge_name(e))
            }
            Refusal::NotTouching(e, c) => format!(
                "{} does not touch your new settlement at {}",
                map.edge_name(e),
                map.corner_name(c)
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::GameRng;
    use crate::variants::boards as builtin;

    /// A ship that does not join its seat's ships says an opponent's building blocks it only
    /// when one stands where the seat's own ship meets the edge, and a ship being moved does
    /// not count as the one it would join.
    #[test]
    fn a_route_is_cut_off_only_where_an_opponents_building_stands() {
        let map = Map::single(&builtin::spec("A").expect("board A"));
        let mut p = Pieces::new(&map, 2, Stock::SEAFARERS);
        let sea_at = |c: CornerId| -> Vec<EdgeId> {
            let edges = map.topology.corner_edges(c);
            edges
                .into_iter()
                .flatten()
                .filter(|e| map.edge_is_ship_spot(*e))
                .collect()
        };
        let c = *map
            .land_corners()
            .iter()
            .find(|c| sea_at(**c).len() >= 2)
            .expect("a coastal corner with two sea edges");
        let (e1, e2) = (sea_at(c)[0], sea_at(c)[1]);
        p.place_route(0, e1, RouteKind::Ship);
        p.place_settlement(1, c);
        let cut = p.check_route(&map, 0, e2, RouteKind::Ship, None);
        assert_eq!(cut, Err(Refusal::CutOff(e2, RouteKind::Ship)));
        let words = cut.unwrap_err().explain(&map).0;
        assert!(
            words.ends_with("(an opponent's building blocks a ship)"),
            "{words}"
        );
        assert_eq!(
            p.check_moved_route(&map, 0, e1, e2, RouteKind::Ship),
            Err(Refusal::NotConnected(Spot::Edge(e2), RouteKind::Ship)),
            "the moved ship itself joins nothing"
        );
        let words = Refusal::NotConnected(Spot::Edge(e2), RouteKind::Road)
            .explain(&map)
            .0;
        assert!(!words.contains("blocks"), "{words}");
    }

    /// The pruned search for up to 64 routes agrees with the plain search from every end, on
    /// random networks of roads and ships with rings, forks and opponents' buildings cutting
    /// them.
    #[test]
    fn pruned_longest_route_agrees_with_the_plain_search() {
        let map = Map::single(&builtin::spec("A").expect("board A"));
        let mut rng = GameRng::new(7);
        let stock = Stock {
            settlements: 20,
            cities: 4,
            roads: 60,
            ships: 60,
        };
        for round in 0..3000 {
            let mut p = Pieces::new(&map, 3, stock);
            let edges = map.topology.edge_count();
            let corners = map.topology.corner_count();
            // Grow one seat's network from a random edge so that it stays mostly connected.
            let start = EdgeId(rng.below(edges) as u32);
            let mut frontier = vec![start];
            let target = 1 + rng.below(40);
            let mut placed = 0;
            while placed < target && !frontier.is_empty() {
                let e = frontier.swap_remove(rng.below(frontier.len()));
                if p.route(e).is_some() {
                    continue;
                }
                let kind = if round % 3 == 0 && rng.below(4) == 0 {
                    RouteKind::Ship
                } else {
                    RouteKind::Road
                };
                p.place_route(0, e, kind);
                placed += 1;
                for k in map.topology.edge_corners(e) {
                    frontier.extend(map.topology.corner_edges(k).iter().flatten().copied());
                }
            }
            for _ in 0..rng.below(6) {
                let c = CornerId(rng.below(corners) as u32);
                if p.building(c).is_none() {
                    p.place_settlement(rng.below(2) as Seat, c);
                }
            }
            assert_eq!(
                p.longest_route_small(&map, 0),
                p.longest_route_general(&map, 0),
                "round {round}"
            );
        }
    }

    /// Lengths kept up to date piece by piece ([`Pieces::longest_route_after_placing`] for
    /// routes, a full search only for the seat [`Pieces::seat_a_building_changes`] names
    /// for buildings) equal a full search of every seat after every piece, on random
    /// networks of three seats with roads, ships, rings, forks and buildings cutting them.
    #[test]
    fn lengths_kept_piece_by_piece_agree_with_a_full_search() {
        let map = Map::single(&builtin::spec("A").expect("board A"));
        let mut rng = GameRng::new(11);
        let stock = Stock {
            settlements: 60,
            cities: 4,
            roads: 60,
            ships: 60,
        };
        let edges = map.topology.edge_count();
        let corners = map.topology.corner_count();
        for round in 0..400 {
            let mut p = Pieces::new(&map, 3, stock);
            let mut len = [0u32; 3];
            // Each seat grows from its own edge so that its network stays mostly connected.
            let mut frontier: Vec<Vec<EdgeId>> = (0..3)
                .map(|_| vec![EdgeId(rng.below(edges) as u32)])
                .collect();
            for step in 0..120 {
                let seat = rng.below(3) as Seat;
                if rng.below(5) == 0 {
                    let c = CornerId(rng.below(corners) as u32);
                    if p.building(c).is_some() {
                        continue;
                    }
                    let changed = p.seat_a_building_changes(&map, seat, c);
                    p.place_settlement(seat, c);
                    if let Some(s) = changed {
                        len[s as usize] = p.longest_route(&map, s);
                    }
                } else {
                    let f = &mut frontier[seat as usize];
                    if f.is_empty() {
                        continue;
                    }
                    let e = f.swap_remove(rng.below(f.len()));
                    if p.route(e).is_some() {
                        continue;
                    }
                    let kind = if round % 2 == 0 && rng.below(3) == 0 {
                        RouteKind::Ship
                    } else {
                        RouteKind::Road
                    };
                    p.place_route(seat, e, kind);
                    len[seat as usize] =
                        p.longest_route_after_placing(&map, seat, e, len[seat as usize]);
                    for k in map.topology.edge_corners(e) {
                        f.extend(map.topology.corner_edges(k).iter().flatten().copied());
                    }
                }
                for s in 0..3 {
                    assert_eq!(
                        len[s as usize],
                        p.longest_route(&map, s),
                        "round {round} step {step} seat {s}"
                    );
                }
            }
        }
    }
}
