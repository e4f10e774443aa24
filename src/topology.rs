//! The geometry of one map, precomputed: dense ids for its hexes, corners and edges and every
//! adjacency table rules code needs, so hot loops (legal moves, longest road, production) index
//! arrays instead of recomputing geometry.
//!
//! A map is a finite set of hex positions (land or sea; what lies on them is data elsewhere).
//! It may wrap around horizontally (the Big Game's ring of boards): then hex `(q, r)` and
//! `(q + width, r - width / 2)` are the same position, and every id is built from the
//! normalised form.

use crate::geometry::{Corner, Edge, Hex, Point, Side};
use serde::{Deserialize, Serialize};
/// The id tables' maps: a fast fixed hasher (the keys are small coordinates, not untrusted
/// input, and the maps are looked up on every board a game builds).
type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
use std::sync::Arc;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// A position of the map (land or sea).
    HexId
);
id_type!(
    /// A corner of the map: a settlement spot if it touches land.
    CornerId
);
id_type!(
    /// An edge of the map: a road spot if it borders land, a ship spot if it borders sea.
    EdgeId
);

/// Precomputed adjacency for one map.
#[derive(Clone, Debug)]
pub struct Topology {
    /// Horizontal period of a ring map (even), or `None` for a flat map.
    wrap: Option<i32>,
    hexes: Vec<Hex>,
    hex_index: HashMap<Hex, HexId>,
    corners: Vec<Corner>,
    corner_index: HashMap<Corner, CornerId>,
    edges: Vec<Edge>,
    edge_index: HashMap<Edge, EdgeId>,
    hex_corners: Vec<[CornerId; 6]>,
    hex_edges: Vec<[EdgeId; 6]>,
    hex_neighbors: Vec<[Option<HexId>; 6]>,
    corner_hexes: Vec<[Option<HexId>; 3]>,
    corner_corners: Vec<[Option<CornerId>; 3]>,
    corner_edges: Vec<[Option<EdgeId>; 3]>,
    edge_corners: Vec<[CornerId; 2]>,
    edge_hexes: Vec<[Option<HexId>; 2]>,
}

impl Topology {
    /// [`Topology::new`], shared: the last topology built on this thread is handed out again
    /// for the same positions, so a run of games on boards of one shape (every random base
    /// board) builds it once. The tables depend on nothing but the positions and the wrap.
    pub fn shared(positions: &[Hex], wrap: Option<i32>) -> Arc<Topology> {
        type Last = Option<(Vec<Hex>, Option<i32>, Arc<Topology>)>;
        thread_local! {
            static LAST: std::cell::RefCell<Last> = const { std::cell::RefCell::new(None) };
        }
        LAST.with_borrow_mut(|last| {
            if let Some((p, w, t)) = last
                && p.as_slice() == positions
                && *w == wrap
            {
                return t.clone();
            }
            let t = Arc::new(Topology::new(positions, wrap));
            *last = Some((positions.to_vec(), wrap, t.clone()));
            t
        })
    }

    /// Builds the tables for the given positions, in the given order (ids follow it).
    /// `wrap` must be even when given. Duplicate positions are kept once.
    pub fn new(positions: &[Hex], wrap: Option<i32>) -> Topology {
        assert!(
            wrap.is_none_or(|w| w > 0 && w % 2 == 0),
            "wrap must be even"
        );
        let mut t = Topology {
            wrap,
            hexes: Vec::new(),
            hex_index: HashMap::default(),
            corners: Vec::new(),
            corner_index: HashMap::default(),
            edges: Vec::new(),
            edge_index: HashMap::default(),
            hex_corners: Vec::new(),
            hex_edges: Vec::new(),
            hex_neighbors: Vec::new(),
            corner_hexes: Vec::new(),
            corner_corners: Vec::new(),
            corner_edges: Vec::new(),
            edge_corners: Vec::new(),
            edge_hexes: Vec::new(),
        };
        for &h in positions {
            let h = t.normalize(h);
            if !t.hex_index.contains_key(&h) {
                t.hex_index.insert(h, HexId(t.hexes.len() as u32));
                t.hexes.push(h);
            }
        }
        // Corners and edges in the order first met, walking hexes in id order.
        for i in 0..t.hexes.len() {
            let h = t.hexes[i];
            let corners = h.corners().map(|c| t.intern_corner(c));
            let edges = h.edges().map(|e| t.intern_edge(e));
            t.hex_corners.push(corners);
            t.hex_edges.push(edges);
        }
        t.hex_neighbors = t
            .hexes
            .iter()
            .map(|h| h.neighbors().map(|n| t.hex_id(n)))
            .collect();
        t.corner_hexes = t
            .corners
            .iter()
            .map(|c| c.touches().map(|h| t.hex_id(h)))
            .collect();
        t.corner_corners = t
            .corners
            .iter()
            .map(|c| {
                let adj = c.adjacent();
                let pro = c.protrudes();
                // A neighbouring corner exists in the map only if the edge to it does.
                std::array::from_fn(|i| t.edge_id(pro[i]).and_then(|_| t.corner_id(adj[i])))
            })
            .collect();
        t.corner_edges = t
            .corners
            .iter()
            .map(|c| c.protrudes().map(|e| t.edge_id(e)))
            .collect();
        t.edge_corners = t
            .edges
            .iter()
            .map(|e| {
                e.endpoints()
                    .map(|c| t.corner_id(c).expect("edge endpoints are interned"))
            })
            .collect();
        t.edge_hexes = t
            .edges
            .iter()
            .map(|e| e.sides().map(|h| t.hex_id(h)))
            .collect();
        t
    }

    fn intern_corner(&mut self, c: Corner) -> CornerId {
        let c = self.normalize_corner(c);
        if let Some(id) = self.corner_index.get(&c) {
            return *id;
        }
        let id = CornerId(self.corners.len() as u32);
        self.corners.push(c);
        self.corner_index.insert(c, id);
        id
    }

    fn intern_edge(&mut self, e: Edge) -> EdgeId {
        let e = self.normalize_edge(e);
        if let Some(id) = self.edge_index.get(&e) {
            return *id;
        }
        let id = EdgeId(self.edges.len() as u32);
        self.edges.push(e);
        self.edge_index.insert(e, id);
        // Endpoints of every edge are corners of the map.
        for c in e.endpoints() {
            self.intern_corner(c);
        }
        id
    }

    /// The horizontal period of a ring map.
    pub fn wrap(&self) -> Option<i32> {
        self.wrap
    }

    /// The canonical form of a position on this map (identity on flat maps).
    pub fn normalize(&self, h: Hex) -> Hex {
        match self.wrap {
            None => h,
            Some(w) => {
                let k = h.q.div_euclid(w);
                Hex::new(h.q - k * w, h.r + k * (w / 2))
            }
        }
    }

    fn normalize_corner(&self, c: Corner) -> Corner {
        Corner {
            hex: self.normalize(c.hex),
            side: c.side,
        }
    }

    fn normalize_edge(&self, e: Edge) -> Edge {
        Edge {
            hex: self.normalize(e.hex),
            side: e.side,
        }
    }

    pub fn hex_count(&self) -> usize {
        self.hexes.len()
    }
    pub fn corner_count(&self) -> usize {
        self.corners.len()
    }
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    pub fn hex_ids(&self) -> impl Iterator<Item = HexId> + use<> {
        (0..self.hexes.len() as u32).map(HexId)
    }
    pub fn corner_ids(&self) -> impl Iterator<Item = CornerId> + use<> {
        (0..self.corners.len() as u32).map(CornerId)
    }
    pub fn edge_ids(&self) -> impl Iterator<Item = EdgeId> + use<> {
        (0..self.edges.len() as u32).map(EdgeId)
    }

    pub fn hex(&self, id: HexId) -> Hex {
        self.hexes[id.index()]
    }
    pub fn corner(&self, id: CornerId) -> Corner {
        self.corners[id.index()]
    }
    pub fn edge(&self, id: EdgeId) -> Edge {
        self.edges[id.index()]
    }

    pub fn hex_id(&self, h: Hex) -> Option<HexId> {
        self.hex_index.get(&self.normalize(h)).copied()
    }
    pub fn corner_id(&self, c: Corner) -> Option<CornerId> {
        self.corner_index.get(&self.normalize_corner(c)).copied()
    }
    pub fn edge_id(&self, e: Edge) -> Option<EdgeId> {
        self.edge_index.get(&self.normalize_edge(e)).copied()
    }

    /// The corner at one point of a hex.
    pub fn hex_corner(&self, h: HexId, p: Point) -> CornerId {
        self.hex_corners[h.index()][p as usize]
    }
    /// The edge on one side of a hex.
    pub fn hex_edge(&self, h: HexId, s: Side) -> EdgeId {
        self.hex_edges[h.index()][s as usize]
    }
    /// A hex's six corners, clockwise from the west.
    pub fn hex_corners(&self, h: HexId) -> &[CornerId; 6] {
        &self.hex_corners[h.index()]
    }
    /// A hex's six edges, clockwise from the north.
    pub fn hex_edges(&self, h: HexId) -> &[EdgeId; 6] {
        &self.hex_edges[h.index()]
    }
    /// A hex's neighbours on the map, clockwise from the north.
    pub fn hex_neighbors(&self, h: HexId) -> &[Option<HexId>; 6] {
        &self.hex_neighbors[h.index()]
    }
    /// The positions meeting at a corner.
    pub fn corner_hexes(&self, c: CornerId) -> &[Option<HexId>; 3] {
        &self.corner_hexes[c.index()]
    }
    /// The corners one edge away.
    pub fn corner_corners(&self, c: CornerId) -> &[Option<CornerId>; 3] {
        &self.corner_corners[c.index()]
    }
    /// The edges ending at a corner.
    pub fn corner_edges(&self, c: CornerId) -> &[Option<EdgeId>; 3] {
        &self.corner_edges[c.index()]
    }
    /// The two ends of an edge.
    pub fn edge_corners(&self, e: EdgeId) -> [CornerId; 2] {
        self.edge_corners[e.index()]
    }
    /// The positions on both sides of an edge.
    pub fn edge_hexes(&self, e: EdgeId) -> [Option<HexId>; 2] {
        self.edge_hexes[e.index()]
    }
    /// The other end of an edge.
    pub fn other_end(&self, e: EdgeId, c: CornerId) -> CornerId {
        let [a, b] = self.edge_corners[e.index()];
        if a == c { b } else { a }
    }
    /// Steps between two positions, across the ring's seam where that is shorter.
    pub fn distance(&self, a: HexId, b: HexId) -> u32 {
        let (ha, hb) = (self.hex(a), self.hex(b));
        match self.wrap {
            None => ha.distance(hb),
            Some(w) => [-1, 0, 1]
                .into_iter()
                .map(|k| ha.distance(Hex::new(hb.q + k * w, hb.r - k * (w / 2))))
                .min()
                .unwrap_or(0),
        }
    }
}

/// A set of dense ids (edges, corners, hexes) as bits, for the rules' hot loops: on the stack
/// for maps of up to 1024 ids, so a search allocates nothing on ordinary boards.
pub enum IdBits {
    Small([u64; 16]),
    Large(Vec<u64>),
}

impl IdBits {
    /// An empty set for ids below `ids`.
    pub fn new(ids: usize) -> IdBits {
        if ids <= 16 * 64 {
            IdBits::Small([0; 16])
        } else {
            IdBits::Large(vec![0; ids.div_ceil(64)])
        }
    }

    fn words(&self) -> &[u64] {
        match self {
            IdBits::Small(w) => w,
            IdBits::Large(w) => w,
        }
    }

    fn words_mut(&mut self) -> &mut [u64] {
        match self {
            IdBits::Small(w) => w,
            IdBits::Large(w) => w,
        }
    }

    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.words()[i / 64] & (1 << (i % 64)) != 0
    }

    #[inline]
    pub fn set(&mut self, i: usize, on: bool) {
        let w = &mut self.words_mut()[i / 64];
        if on {
            *w |= 1 << (i % 64);
        } else {
            *w &= !(1 << (i % 64));
        }
    }

    /// Adds `i`; true if it was not in the set yet.
    #[inline]
    pub fn first(&mut self, i: usize) -> bool {
        let new = !self.get(i);
        self.set(i, true);
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn radius(n: i32) -> Vec<Hex> {
        let mut v = Vec::new();
        for q in -n..=n {
            for r in -n..=n {
                if (q + r).abs() <= n {
                    v.push(Hex::new(q, r));
                }
            }
        }
        v
    }

    #[test]
    fn base_board_counts() {
        let t = Topology::new(&radius(2), None);
        assert_eq!(t.hex_count(), 19);
        assert_eq!(t.corner_count(), 54);
        assert_eq!(t.edge_count(), 72);
    }

    #[test]
    fn tables_are_consistent_and_symmetric() {
        let t = Topology::new(&radius(3), None);
        for c in t.corner_ids() {
            let hexes = t.corner_hexes(c).iter().flatten().count();
            assert!((1..=3).contains(&hexes));
            for (i, n) in t.corner_corners(c).iter().enumerate() {
                if let Some(n) = n {
                    assert!(t.corner_corners(*n).contains(&Some(c)));
                    let e = t.corner_edges(c)[i].expect("edge to a neighbour");
                    assert_eq!(t.other_end(e, c), *n);
                }
            }
        }
        for e in t.edge_ids() {
            let [a, b] = t.edge_corners(e);
            assert_ne!(a, b);
            assert!(t.corner_edges(a).contains(&Some(e)));
            assert!(t.corner_edges(b).contains(&Some(e)));
        }
        for h in t.hex_ids() {
            for (i, n) in t.hex_neighbors(h).iter().enumerate() {
                if let Some(n) = n {
                    let back = Side::ALL[i].opposite() as usize;
                    assert_eq!(t.hex_neighbors(*n)[back], Some(h));
                    assert_eq!(t.hex_edges(h)[i], t.hex_edges(*n)[back]);
                }
            }
        }
    }

    /// On rings of several periods, a corner or edge reached from any hex touching it, or a
    /// whole period away, has one id, and every table is symmetric.
    #[test]
    fn ring_ids_are_canonical() {
        for wrap in [2, 4, 10] {
            let mut pos = Vec::new();
            for q in 0..wrap {
                for row in 0..6 {
                    pos.push(Hex::from_offset(q, row));
                }
            }
            let t = Topology::new(&pos, Some(wrap));
            assert_eq!(t.hex_count(), pos.len());
            for h in t.hex_ids() {
                let p = t.hex(h);
                let far = Hex::new(p.q + wrap, p.r - wrap / 2);
                for pt in Point::ALL {
                    let c = t.hex_corner(h, pt);
                    assert_eq!(t.corner_id(far.corner(pt)), Some(c));
                    for other in t.corner_hexes(c).iter().flatten() {
                        assert!(t.hex_corners(*other).contains(&c), "wrap {wrap}");
                    }
                }
                for s in Side::ALL {
                    let e = t.hex_edge(h, s);
                    assert_eq!(t.edge_id(far.edge(s)), Some(e));
                    if let Some(n) = t.hex_neighbors(h)[s as usize] {
                        assert_eq!(t.hex_edge(n, s.opposite()), e, "wrap {wrap}");
                    }
                }
            }
            for e in t.edge_ids() {
                let [a, b] = t.edge_corners(e);
                assert_ne!(a, b, "wrap {wrap}");
                assert!(t.corner_edges(a).contains(&Some(e)));
                assert!(t.corner_edges(b).contains(&Some(e)));
            }
            for c in t.corner_ids() {
                assert_eq!(t.corner_id(t.corner(c)), Some(c));
                for n in t.corner_corners(c).iter().flatten() {
                    assert!(t.corner_corners(*n).contains(&Some(c)), "wrap {wrap}");
                }
            }
            // No corner is stored twice under two names.
            let corners: std::collections::HashSet<_> =
                t.corner_ids().map(|c| t.corner(c)).collect();
            assert_eq!(corners.len(), t.corner_count());
        }
    }

    #[test]
    fn ring_wraps_around() {
        // Two columns wide, three tall, wrapping every 2 columns: every hex has 6 neighbours.
        let mut pos = Vec::new();
        for q in 0..4 {
            for row in 0..8 {
                pos.push(Hex::from_offset(q, row));
            }
        }
        let t = Topology::new(&pos, Some(4));
        let left = t.hex_id(Hex::from_offset(0, 3)).unwrap();
        let right = t.hex_id(Hex::from_offset(3, 3)).unwrap();
        // Column 0 and column 3 are neighbours across the seam.
        assert!(t.hex_neighbors(left).iter().flatten().any(|n| *n == right));
        assert_eq!(t.distance(left, right), 1);
        // Stepping a full period returns to the same position.
        let h = Hex::from_offset(1, 2);
        assert_eq!(t.hex_id(h), t.hex_id(Hex::new(h.q + 4, h.r - 2)));
    }
}
