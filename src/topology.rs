//! The geometry of one map, precomputed: dense ids for its hexes, corners and edges and every
//! adjacency table rules code needs, so hot loops (legal moves, longest road, production) index
//! arrays instead of recomputing geometry.
//!
//! A map is a finite set of hex positions (land or sea; what lies on them is data elsewhere).
//! It may wrap around horizontally (a ring of boards): then hex `(q, r)` and
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
///
/// Sized for a hall's ring of thousands of boards: the tables hold plain `u32` ids with
/// [`NONE`] for "off the map" (half the size of `Option<u32>`), and a corner's or edge's id is
/// found through a hex touching it rather than through maps of their own.
#[derive(Clone, Debug)]
pub struct Topology {
    /// Horizontal period of a ring map (even), or `None` for a flat map.
    wrap: Option<i32>,
    hexes: Vec<Hex>,
    hex_index: HexIndex,
    /// Where each corner was first met: `6 × hex + point` (its [`Point`] in `Point::ALL`
    /// order), four bytes where the corner itself would take twelve.
    corner_homes: Vec<u32>,
    /// Where each edge was first met: `6 × hex + side` (`Side::ALL` order).
    edge_homes: Vec<u32>,
    hex_corners: Vec<[CornerId; 6]>,
    hex_edges: Vec<[EdgeId; 6]>,
    hex_neighbors: Vec<[u32; 6]>,
    corner_hexes: Vec<[u32; 3]>,
    corner_corners: Vec<[u32; 3]>,
    corner_edges: Vec<[u32; 3]>,
    edge_corners: Vec<[CornerId; 2]>,
    edge_hexes: Vec<[u32; 2]>,
}

/// Position → id. A dense grid over the map's bounding box in offset coordinates where the
/// map fills it well (every board, and a hall's ring: a band a few rows tall), else a hash map.
#[derive(Clone, Debug)]
enum HexIndex {
    Grid {
        col0: i32,
        row0: i32,
        cols: i32,
        rows: i32,
        ids: Vec<u32>,
    },
    Map(HashMap<Hex, HexId>),
}

impl HexIndex {
    /// The index of distinct, normalised positions (ids in order).
    fn new(hexes: &[Hex]) -> HexIndex {
        let offsets = || hexes.iter().map(|h| h.to_offset());
        let (Some(col0), Some(row0)) = (offsets().map(|o| o.0).min(), offsets().map(|o| o.1).min())
        else {
            return HexIndex::Map(HashMap::default());
        };
        let cols = offsets().map(|o| o.0).max().unwrap_or(col0) - col0 + 1;
        let rows = offsets().map(|o| o.1).max().unwrap_or(row0) - row0 + 1;
        let cells = cols as i64 * rows as i64;
        if cells > 4 * hexes.len() as i64 + 64 {
            let map = hexes
                .iter()
                .enumerate()
                .map(|(i, h)| (*h, HexId(i as u32)))
                .collect();
            return HexIndex::Map(map);
        }
        let mut ids = vec![NONE; cells as usize];
        for (i, (col, row)) in offsets().enumerate() {
            ids[((col - col0) * rows + (row - row0)) as usize] = i as u32;
        }
        HexIndex::Grid {
            col0,
            row0,
            cols,
            rows,
            ids,
        }
    }

    fn get(&self, h: Hex) -> Option<HexId> {
        match self {
            HexIndex::Grid {
                col0,
                row0,
                cols,
                rows,
                ids,
            } => {
                let (col, row) = h.to_offset();
                let (c, r) = (col - col0, row - row0);
                if c < 0 || r < 0 || c >= *cols || r >= *rows {
                    return None;
                }
                let id = ids[(c * rows + r) as usize];
                (id != NONE).then_some(HexId(id))
            }
            HexIndex::Map(map) => map.get(&h).copied(),
        }
    }
}

/// The ids of hex `hex`'s six corners (or edges), `six`: the id `before` gives one met on
/// an earlier hex, or that of the same one earlier in `six`, else a new id, whose home
/// (`6 × hex + k`) is pushed on `homes`.
fn name_six<Id: Copy, G: PartialEq>(
    six: &[G; 6],
    before: [Option<Id>; 6],
    homes: &mut Vec<u32>,
    hex: usize,
    make: fn(u32) -> Id,
) -> [Id; 6] {
    let mut ids: [Option<Id>; 6] = [None; 6];
    for k in 0..6 {
        let met = before[k].or_else(|| (0..k).find(|&j| six[j] == six[k]).and_then(|j| ids[j]));
        ids[k] = Some(met.unwrap_or_else(|| {
            homes.push((6 * hex + k) as u32);
            make(homes.len() as u32 - 1)
        }));
    }
    ids.map(|id| id.expect("every one is named"))
}

/// "No such id" in the adjacency tables (a neighbour off the map).
const NONE: u32 = u32::MAX;

fn unpack<T, const N: usize>(ids: [u32; N], make: impl Fn(u32) -> T) -> [Option<T>; N] {
    ids.map(|i| (i != NONE).then(|| make(i)))
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
            hexes: Vec::with_capacity(positions.len()),
            hex_index: HexIndex::Map(HashMap::default()),
            corner_homes: Vec::new(),
            edge_homes: Vec::new(),
            hex_corners: Vec::new(),
            hex_edges: Vec::new(),
            hex_neighbors: Vec::new(),
            corner_hexes: Vec::new(),
            corner_corners: Vec::new(),
            corner_edges: Vec::new(),
            edge_corners: Vec::new(),
            edge_hexes: Vec::new(),
        };
        let mut seen: std::collections::HashSet<Hex, foldhash::fast::FixedState> =
            Default::default();
        for &h in positions {
            let h = t.normalize(h);
            if seen.insert(h) {
                t.hexes.push(h);
            }
        }
        drop(seen);
        t.hexes.shrink_to_fit();
        t.hex_index = HexIndex::new(&t.hexes);
        // Corners and edges in the order first met, walking hexes in id order: a corner (edge)
        // already met belongs to an earlier hex touching it, or to this hex.
        t.hex_corners.reserve_exact(t.hexes.len());
        t.hex_edges.reserve_exact(t.hexes.len());
        for i in 0..t.hexes.len() {
            let h = t.hexes[i];
            let six = h.corners().map(|c| t.normalize_corner(c));
            let before = six.map(|c| t.find_corner(c, i));
            let corners = name_six(&six, before, &mut t.corner_homes, i, CornerId);
            let six = h.edges().map(|e| t.normalize_edge(e));
            let before = six.map(|e| t.find_edge(e, i));
            let edges = name_six(&six, before, &mut t.edge_homes, i, EdgeId);
            t.hex_corners.push(corners);
            t.hex_edges.push(edges);
        }
        t.corner_homes.shrink_to_fit();
        t.edge_homes.shrink_to_fit();
        t.hex_neighbors = t
            .hexes
            .iter()
            .map(|h| h.neighbors().map(|n| t.hex_id(n).map_or(NONE, |x| x.0)))
            .collect();
        t.corner_hexes = t
            .corner_ids()
            .map(|c| {
                t.corner(c)
                    .touches()
                    .map(|h| t.hex_id(h).map_or(NONE, |x| x.0))
            })
            .collect();
        t.corner_corners = t
            .corner_ids()
            .map(|c| {
                let c = t.corner(c);
                let adj = c.adjacent();
                let pro = c.protrudes();
                // A neighbouring corner exists in the map only if the edge to it does.
                std::array::from_fn(|i| {
                    t.edge_id(pro[i])
                        .and_then(|_| t.corner_id(adj[i]))
                        .map_or(NONE, |x| x.0)
                })
            })
            .collect();
        t.corner_edges = t
            .corner_ids()
            .map(|c| {
                t.corner(c)
                    .protrudes()
                    .map(|e| t.edge_id(e).map_or(NONE, |x| x.0))
            })
            .collect();
        t.edge_corners = t
            .edge_ids()
            .map(|e| {
                t.edge(e).endpoints().map(|c| {
                    t.corner_id(c)
                        .expect("edge endpoints are corners of the map")
                })
            })
            .collect();
        t.edge_hexes = t
            .edge_ids()
            .map(|e| t.edge(e).sides().map(|h| t.hex_id(h).map_or(NONE, |x| x.0)))
            .collect();
        t
    }

    /// The id of a (normalised) corner among the corners of the map's hexes touching it with
    /// ids below `below`: every corner of the map is a corner of a hex of the map, and that
    /// hex touches it.
    fn find_corner(&self, c: Corner, below: usize) -> Option<CornerId> {
        self.find_near(c.touches(), below, &self.hex_corners, |id| {
            self.corner(id) == c
        })
    }

    /// [`Topology::find_corner`] for edges: an edge of the map is an edge of a hex beside it.
    fn find_edge(&self, e: Edge, below: usize) -> Option<EdgeId> {
        self.find_near(e.sides(), below, &self.hex_edges, |id| self.edge(id) == e)
    }

    /// The first of the six ids `table` gives each hex of `near` (those of the map, with ids
    /// below `below`) that is `wanted`.
    fn find_near<Id: Copy>(
        &self,
        near: impl IntoIterator<Item = Hex>,
        below: usize,
        table: &[[Id; 6]],
        wanted: impl Fn(Id) -> bool,
    ) -> Option<Id> {
        near.into_iter().find_map(|h| {
            let h = self.hex_id(h).filter(|h| h.index() < below)?;
            table[h.index()].iter().copied().find(|id| wanted(*id))
        })
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
        self.corner_homes.len()
    }
    pub fn edge_count(&self) -> usize {
        self.edge_homes.len()
    }

    pub fn hex_ids(&self) -> impl Iterator<Item = HexId> + use<> {
        (0..self.hexes.len() as u32).map(HexId)
    }
    pub fn corner_ids(&self) -> impl Iterator<Item = CornerId> + use<> {
        (0..self.corner_homes.len() as u32).map(CornerId)
    }
    pub fn edge_ids(&self) -> impl Iterator<Item = EdgeId> + use<> {
        (0..self.edge_homes.len() as u32).map(EdgeId)
    }

    pub fn hex(&self, id: HexId) -> Hex {
        self.hexes[id.index()]
    }
    pub fn corner(&self, id: CornerId) -> Corner {
        let home = self.corner_homes[id.index()] as usize;
        self.normalize_corner(self.hexes[home / 6].corner(Point::ALL[home % 6]))
    }
    pub fn edge(&self, id: EdgeId) -> Edge {
        let home = self.edge_homes[id.index()] as usize;
        self.normalize_edge(self.hexes[home / 6].edge(Side::ALL[home % 6]))
    }

    pub fn hex_id(&self, h: Hex) -> Option<HexId> {
        self.hex_index.get(self.normalize(h))
    }
    pub fn corner_id(&self, c: Corner) -> Option<CornerId> {
        self.find_corner(self.normalize_corner(c), self.hexes.len())
    }
    pub fn edge_id(&self, e: Edge) -> Option<EdgeId> {
        self.find_edge(self.normalize_edge(e), self.hexes.len())
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
    pub fn hex_neighbors(&self, h: HexId) -> [Option<HexId>; 6] {
        unpack(self.hex_neighbors[h.index()], HexId)
    }
    /// The positions meeting at a corner.
    pub fn corner_hexes(&self, c: CornerId) -> [Option<HexId>; 3] {
        unpack(self.corner_hexes[c.index()], HexId)
    }
    /// The corners one edge away.
    pub fn corner_corners(&self, c: CornerId) -> [Option<CornerId>; 3] {
        unpack(self.corner_corners[c.index()], CornerId)
    }
    /// The edges ending at a corner.
    pub fn corner_edges(&self, c: CornerId) -> [Option<EdgeId>; 3] {
        unpack(self.corner_edges[c.index()], EdgeId)
    }
    /// The two ends of an edge.
    pub fn edge_corners(&self, e: EdgeId) -> [CornerId; 2] {
        self.edge_corners[e.index()]
    }
    /// The positions on both sides of an edge.
    pub fn edge_hexes(&self, e: EdgeId) -> [Option<HexId>; 2] {
        unpack(self.edge_hexes[e.index()], HexId)
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
