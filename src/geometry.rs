//! Flat-top hex geometry on an infinite lattice: hexes, their corners and edges, each with one
//! canonical identity however it is reached.
//!
//! Hexes use axial coordinates `(q, r)`: `q` is the drawing's column, and `r` grows downwards so
//! that the hex below `(q, r)` is `(q, r + 1)`. In the rule texts' board drawings a hex sits
//! at text column `5q` and text line `4r + 2q` (plus an offset per board).
//!
//! A corner is canonically named by `(hex, W|E)`: every corner point of the lattice is the west
//! corner of exactly one hex or the east corner of exactly one hex. An edge is canonically
//! `(hex, N|NE|SE)`: the other three sides of a hex are the N, NE and SE sides of its neighbours.
//! With these names the standard 19-hex board has exactly 54 corners and 72 edges.
//!
//! The relations follow Red Blob Games' "grid parts": `touches` (corner → hexes), `adjacent`
//! (corner → corners), `protrudes` (corner → edges), `endpoints` (edge → corners), `sides` (edge →
//! hexes). A [`crate::topology::Topology`] precomputes them for one map; rules code uses that.

use serde::{Deserialize, Serialize};

/// A hex position in axial coordinates (flat-top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    /// Column, left to right.
    pub q: i32,
    /// Axial row; `(q, r + 1)` is directly below `(q, r)`.
    pub r: i32,
}

/// The six sides of a flat-top hex, clockwise from the top; also the six directions to its
/// neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

/// The six corners of a flat-top hex, clockwise from the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Point {
    W,
    NW,
    NE,
    E,
    SE,
    SW,
}

/// Which of a hex's two owned corners a canonical corner is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CornerSide {
    W,
    E,
}

/// Which of a hex's three owned sides a canonical edge is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EdgeSide {
    N,
    NE,
    SE,
}

/// A corner of the lattice in canonical form (settlement spots).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Corner {
    pub hex: Hex,
    pub side: CornerSide,
}

/// An edge of the lattice in canonical form (roads and ships).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Edge {
    pub hex: Hex,
    pub side: EdgeSide,
}

impl Side {
    pub const ALL: [Side; 6] = [Side::N, Side::NE, Side::SE, Side::S, Side::SW, Side::NW];

    /// The axial step towards the neighbour on this side.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Side::N => (0, -1),
            Side::NE => (1, -1),
            Side::SE => (1, 0),
            Side::S => (0, 1),
            Side::SW => (-1, 1),
            Side::NW => (-1, 0),
        }
    }

    pub const fn opposite(self) -> Side {
        match self {
            Side::N => Side::S,
            Side::NE => Side::SW,
            Side::SE => Side::NW,
            Side::S => Side::N,
            Side::SW => Side::NE,
            Side::NW => Side::SE,
        }
    }

    /// Lower-case name used in the command language.
    pub const fn name(self) -> &'static str {
        match self {
            Side::N => "n",
            Side::NE => "ne",
            Side::SE => "se",
            Side::S => "s",
            Side::SW => "sw",
            Side::NW => "nw",
        }
    }

    pub fn parse(s: &str) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
    }

    /// The two corners at the ends of this side, clockwise.
    pub const fn points(self) -> [Point; 2] {
        match self {
            Side::N => [Point::NW, Point::NE],
            Side::NE => [Point::NE, Point::E],
            Side::SE => [Point::E, Point::SE],
            Side::S => [Point::SE, Point::SW],
            Side::SW => [Point::SW, Point::W],
            Side::NW => [Point::W, Point::NW],
        }
    }
}

impl Point {
    pub const ALL: [Point; 6] = [
        Point::W,
        Point::NW,
        Point::NE,
        Point::E,
        Point::SE,
        Point::SW,
    ];

    /// Lower-case name used in the command language.
    pub const fn name(self) -> &'static str {
        match self {
            Point::W => "w",
            Point::NW => "nw",
            Point::NE => "ne",
            Point::E => "e",
            Point::SE => "se",
            Point::SW => "sw",
        }
    }

    pub fn parse(s: &str) -> Option<Point> {
        Point::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
    }
}

impl Hex {
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// Offset coordinates as board files and drawings use them: the column, and the row counted
    /// down within the column, where odd columns sit half a hex lower than even ones.
    pub fn from_offset(col: i32, row: i32) -> Hex {
        Hex::new(col, row - col.div_euclid(2))
    }

    /// The inverse of [`Hex::from_offset`].
    pub fn to_offset(self) -> (i32, i32) {
        (self.q, self.r + self.q.div_euclid(2))
    }

    pub fn neighbor(self, side: Side) -> Hex {
        let (dq, dr) = side.delta();
        Hex::new(self.q + dq, self.r + dr)
    }

    pub fn neighbors(self) -> [Hex; 6] {
        Side::ALL.map(|s| self.neighbor(s))
    }

    /// Steps between two hexes.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// The side of `self` that faces `other`, if they are neighbours.
    pub fn side_towards(self, other: Hex) -> Option<Side> {
        Side::ALL.into_iter().find(|s| self.neighbor(*s) == other)
    }

    /// Canonical corner at one of this hex's six points.
    pub fn corner(self, point: Point) -> Corner {
        let Hex { q, r } = self;
        match point {
            Point::W => Corner::w(q, r),
            Point::NW => Corner::e(q - 1, r),
            Point::NE => Corner::w(q + 1, r - 1),
            Point::E => Corner::e(q, r),
            Point::SE => Corner::w(q + 1, r),
            Point::SW => Corner::e(q - 1, r + 1),
        }
    }

    pub fn corners(self) -> [Corner; 6] {
        Point::ALL.map(|p| self.corner(p))
    }

    /// Canonical edge on one of this hex's six sides.
    pub fn edge(self, side: Side) -> Edge {
        let Hex { q, r } = self;
        match side {
            Side::N => Edge::new(q, r, EdgeSide::N),
            Side::NE => Edge::new(q, r, EdgeSide::NE),
            Side::SE => Edge::new(q, r, EdgeSide::SE),
            Side::S => Edge::new(q, r + 1, EdgeSide::N),
            Side::SW => Edge::new(q - 1, r + 1, EdgeSide::NE),
            Side::NW => Edge::new(q - 1, r, EdgeSide::SE),
        }
    }

    pub fn edges(self) -> [Edge; 6] {
        Side::ALL.map(|s| self.edge(s))
    }

    /// Which point of this hex the corner is, if the hex touches it.
    pub fn point_of(self, corner: Corner) -> Option<Point> {
        Point::ALL.into_iter().find(|p| self.corner(*p) == corner)
    }

    /// Which side of this hex the edge is, if it is one of its sides.
    pub fn side_of(self, edge: Edge) -> Option<Side> {
        Side::ALL.into_iter().find(|s| self.edge(*s) == edge)
    }

    /// The text position of the hex's west corner in the drawings, relative to hex (0, 0):
    /// `(column, line)`.
    pub fn text_origin(self) -> (i32, i32) {
        (5 * self.q, 4 * self.r + 2 * self.q)
    }
}

impl Corner {
    pub const fn w(q: i32, r: i32) -> Corner {
        Corner {
            hex: Hex::new(q, r),
            side: CornerSide::W,
        }
    }

    pub const fn e(q: i32, r: i32) -> Corner {
        Corner {
            hex: Hex::new(q, r),
            side: CornerSide::E,
        }
    }

    /// The three hexes that meet at this corner (on the lattice; a map may lack some).
    pub fn touches(self) -> [Hex; 3] {
        let Hex { q, r } = self.hex;
        match self.side {
            CornerSide::W => [self.hex, Hex::new(q - 1, r), Hex::new(q - 1, r + 1)],
            CornerSide::E => [self.hex, Hex::new(q + 1, r - 1), Hex::new(q + 1, r)],
        }
    }

    /// The three corners one edge away.
    pub fn adjacent(self) -> [Corner; 3] {
        let Hex { q, r } = self.hex;
        match self.side {
            CornerSide::W => [
                Corner::e(q - 1, r),
                Corner::e(q - 1, r + 1),
                Corner::e(q - 2, r + 1),
            ],
            CornerSide::E => [
                Corner::w(q + 1, r - 1),
                Corner::w(q + 1, r),
                Corner::w(q + 2, r - 1),
            ],
        }
    }

    /// The three edges that end at this corner, in the same order as [`Corner::adjacent`].
    pub fn protrudes(self) -> [Edge; 3] {
        let Hex { q, r } = self.hex;
        match self.side {
            CornerSide::W => [
                Edge::new(q - 1, r, EdgeSide::SE),
                Edge::new(q - 1, r + 1, EdgeSide::NE),
                Edge::new(q - 1, r + 1, EdgeSide::N),
            ],
            CornerSide::E => [
                Edge::new(q, r, EdgeSide::NE),
                Edge::new(q, r, EdgeSide::SE),
                Edge::new(q + 1, r, EdgeSide::N),
            ],
        }
    }

    /// Text position in the drawings, relative to hex (0, 0): `(column, line)`.
    pub fn text_pos(self) -> (i32, i32) {
        let (x, y) = self.hex.text_origin();
        match self.side {
            CornerSide::W => (x, y),
            CornerSide::E => (x + 7, y),
        }
    }
}

impl Edge {
    pub const fn new(q: i32, r: i32, side: EdgeSide) -> Edge {
        Edge {
            hex: Hex::new(q, r),
            side,
        }
    }

    /// The two corners this edge joins.
    pub fn endpoints(self) -> [Corner; 2] {
        let Hex { q, r } = self.hex;
        match self.side {
            EdgeSide::N => [Corner::e(q - 1, r), Corner::w(q + 1, r - 1)],
            EdgeSide::NE => [Corner::w(q + 1, r - 1), Corner::e(q, r)],
            EdgeSide::SE => [Corner::e(q, r), Corner::w(q + 1, r)],
        }
    }

    /// The two hexes on either side of this edge.
    pub fn sides(self) -> [Hex; 2] {
        let h = self.hex;
        match self.side {
            EdgeSide::N => [h, h.neighbor(Side::N)],
            EdgeSide::NE => [h, h.neighbor(Side::NE)],
            EdgeSide::SE => [h, h.neighbor(Side::SE)],
        }
    }

    /// The edges that share an endpoint with this one (four on the lattice): road walks.
    pub fn continues(self) -> [Edge; 4] {
        let [a, b] = self.endpoints();
        let mut out = [self; 4];
        let mut i = 0;
        for c in [a, b] {
            for e in c.protrudes() {
                if e != self {
                    out[i] = e;
                    i += 1;
                }
            }
        }
        out
    }

    /// The corner both edges end at, if they meet.
    pub fn meets(self, other: Edge) -> Option<Corner> {
        let [a, b] = self.endpoints();
        let [c, d] = other.endpoints();
        [a, b].into_iter().find(|x| *x == c || *x == d)
    }

    /// The glyph this edge has in the drawings and where, relative to hex (0, 0):
    /// `(column, line, glyph)`. N edges are two characters wide (`--`).
    pub fn text_glyph(self) -> (i32, i32, &'static str) {
        let (x, y) = self.hex.text_origin();
        match self.side {
            EdgeSide::N => (x + 3, y - 2, "--"),
            EdgeSide::NE => (x + 6, y - 1, "\\"),
            EdgeSide::SE => (x + 6, y + 1, "/"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn base_board() -> Vec<Hex> {
        let mut v = Vec::new();
        for q in -2i32..=2 {
            for r in -2i32..=2 {
                if (q + r).abs() <= 2 {
                    v.push(Hex::new(q, r));
                }
            }
        }
        v
    }

    #[test]
    fn standard_board_has_54_corners_and_72_edges() {
        let hexes = base_board();
        assert_eq!(hexes.len(), 19);
        let corners: HashSet<Corner> = hexes.iter().flat_map(|h| h.corners()).collect();
        let edges: HashSet<Edge> = hexes.iter().flat_map(|h| h.edges()).collect();
        assert_eq!(corners.len(), 54);
        assert_eq!(edges.len(), 72);
    }

    #[test]
    fn a_corner_reached_from_each_hex_it_touches_is_the_same() {
        for h in base_board() {
            for p in Point::ALL {
                let c = h.corner(p);
                assert!(c.touches().contains(&h), "{c:?} from {h:?} {p:?}");
                for t in c.touches() {
                    assert!(t.point_of(c).is_some());
                }
            }
        }
    }

    #[test]
    fn an_edge_reached_from_both_sides_is_the_same() {
        for h in base_board() {
            for s in Side::ALL {
                let e = h.edge(s);
                let other = h.neighbor(s);
                assert_eq!(other.edge(s.opposite()), e);
                assert!(e.sides().contains(&h) && e.sides().contains(&other));
            }
        }
    }

    #[test]
    fn edge_endpoints_are_the_corners_of_its_side() {
        for h in base_board() {
            for s in Side::ALL {
                let [a, b] = s.points();
                let mut want = [h.corner(a), h.corner(b)];
                let mut got = h.edge(s).endpoints();
                want.sort();
                got.sort();
                assert_eq!(want, got);
            }
        }
    }

    #[test]
    fn adjacency_is_symmetric_and_matches_edges() {
        for h in base_board() {
            for c in h.corners() {
                let adj = c.adjacent();
                let pro = c.protrudes();
                for i in 0..3 {
                    assert!(adj[i].adjacent().contains(&c));
                    let ends = pro[i].endpoints();
                    assert!(ends.contains(&c) && ends.contains(&adj[i]));
                }
            }
        }
    }

    #[test]
    fn corners_touch_the_hexes_on_both_sides_of_their_edges() {
        for h in base_board() {
            for e in h.edges() {
                for c in e.endpoints() {
                    for s in e.sides() {
                        assert!(c.touches().contains(&s));
                    }
                }
            }
        }
    }

    #[test]
    fn continues_gives_four_distinct_neighbouring_edges() {
        let e = Hex::new(0, 0).edge(Side::N);
        let cont: HashSet<Edge> = e.continues().into_iter().collect();
        assert_eq!(cont.len(), 4);
        assert!(!cont.contains(&e));
        for c in cont {
            assert!(c.meets(e).is_some());
        }
    }

    #[test]
    fn distance_and_offset_round_trip() {
        assert_eq!(Hex::new(0, 0).distance(Hex::new(2, -1)), 2);
        assert_eq!(Hex::new(0, 0).distance(Hex::new(-3, 3)), 3);
        for col in -5..5 {
            for row in -5..5 {
                let h = Hex::from_offset(col, row);
                assert_eq!(h.to_offset(), (col, row));
            }
        }
        // Offset rows line up in the drawing: odd columns sit half a hex lower.
        assert_eq!(Hex::from_offset(1, 0).text_origin().1, 2);
        assert_eq!(Hex::from_offset(2, 0).text_origin().1, 0);
    }

    #[test]
    fn text_positions_of_shared_corners_agree() {
        for h in base_board() {
            let (x, y) = h.text_origin();
            let want = [
                (Point::W, (x, y)),
                (Point::NW, (x + 2, y - 2)),
                (Point::NE, (x + 5, y - 2)),
                (Point::E, (x + 7, y)),
                (Point::SE, (x + 5, y + 2)),
                (Point::SW, (x + 2, y + 2)),
            ];
            for (p, pos) in want {
                assert_eq!(h.corner(p).text_pos(), pos, "{h:?} {p:?}");
            }
        }
    }
}
