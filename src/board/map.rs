//! A playable map: one board, or many boards side by side in a ring, with its topology, what
//! lies on each position, harbours, territories, the names players use for hexes, corners and
//! edges, and the starting pieces.

use super::spec::{BoardSpec, HarborKind, StartSpec, Territory, Tile};
use super::yields::{Yield, Yields};
use crate::geometry::{Corner, Edge, Hex, Point, Side};
use crate::resources::Terrain;
use crate::topology::{CornerId, EdgeId, HexId, Topology};
use std::collections::HashMap;

use std::sync::Arc;

/// Columns of open sea after each board of a ring.
pub const STRIP_COLUMNS: i32 = 1;

/// One board placed on the map.
#[derive(Clone, Debug)]
pub struct PlacedBoard {
    pub spec_name: String,
    /// How far its file coordinates were shifted: `(dq, dr)`.
    pub shift: (i32, i32),
    /// The dividing line's column on the map, if the board has one.
    pub line_column: Option<i32>,
    /// Starting pieces by seat name.
    pub starts: Vec<(String, StartIds)>,
}

/// Starting pieces as map ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartIds {
    pub settlements: Vec<CornerId>,
    pub roads: Vec<EdgeId>,
    pub ships: Vec<EdgeId>,
}

/// What a map's names and land corners depend on: its topology, which positions are land and
/// which board each is on. Maps of one shape (every random base board) share one, built once
/// per thread.
#[derive(Debug)]
struct Shape {
    /// Every position's name, one after another: a hall's ring has hundreds of thousands,
    /// too many for a `String` each. Position `i`'s ends at `name_ends[i]`.
    names: String,
    name_ends: Vec<u32>,
    /// Position ids in the order of their names (upper case: land names are letters, sea
    /// names `~N`), for lookups by name.
    by_name: Vec<HexId>,
    land_corners: Vec<CornerId>,
}

impl Shape {
    /// The last shape built on this thread if it fits, else a new one.
    fn shared(
        topology: &Arc<Topology>,
        land: &[bool],
        board_of_hex: &[u16],
        multi: bool,
    ) -> Arc<Shape> {
        type Last = Option<(Arc<Topology>, Vec<bool>, Vec<u16>, bool, Arc<Shape>)>;
        thread_local! {
            static LAST: std::cell::RefCell<Last> = const { std::cell::RefCell::new(None) };
        }
        LAST.with_borrow_mut(|last| {
            if let Some((t, l, b, m, shape)) = last
                && Arc::ptr_eq(t, topology)
                && l.as_slice() == land
                && b.as_slice() == board_of_hex
                && *m == multi
            {
                return shape.clone();
            }
            let shape = Arc::new(Shape::new(topology, land, board_of_hex, multi));
            *last = Some((
                topology.clone(),
                land.to_vec(),
                board_of_hex.to_vec(),
                multi,
                shape.clone(),
            ));
            shape
        })
    }

    fn new(topology: &Topology, land: &[bool], board_of_hex: &[u16], multi: bool) -> Shape {
        // Names: land by letter in reading order, sea as ~N; prefixed by the board's number
        // when there are several.
        let mut names = String::new();
        let mut name_ends = Vec::with_capacity(topology.hex_count());
        let mut counters: HashMap<(u16, bool), usize> = HashMap::new();
        for id in topology.hex_ids() {
            let k = board_of_hex[id.index()];
            let is_land = land[id.index()];
            let c = counters.entry((k, is_land)).or_default();
            if multi {
                names.push_str(&(k + 1).to_string());
            }
            if is_land {
                names.push_str(&letters(*c));
            } else {
                names.push('~');
                names.push_str(&(*c + 1).to_string());
            }
            *c += 1;
            name_ends.push(names.len() as u32);
        }
        names.shrink_to_fit();
        let land_corners = topology
            .corner_ids()
            .filter(|c| {
                topology
                    .corner_hexes(*c)
                    .iter()
                    .flatten()
                    .any(|h| land[h.index()])
            })
            .collect();
        let mut shape = Shape {
            names,
            name_ends,
            by_name: Vec::new(),
            land_corners,
        };
        let mut by_name: Vec<HexId> = topology.hex_ids().collect();
        by_name.sort_by(|a, b| shape.name(a.index()).cmp(shape.name(b.index())));
        shape.by_name = by_name;
        shape
    }

    /// Position `i`'s name.
    fn name(&self, i: usize) -> &str {
        let start = if i == 0 {
            0
        } else {
            self.name_ends[i - 1] as usize
        };
        &self.names[start..self.name_ends[i] as usize]
    }
}

/// [`BoardSpec::sea_ring`], kept for the last layout of land and sea seen on this thread: it
/// depends on nothing else, and every random base board has the same one.
fn sea_ring_shared(spec: &BoardSpec) -> Vec<Hex> {
    type Last = Option<(Vec<(Hex, bool)>, Vec<Hex>)>;
    thread_local! {
        static LAST: std::cell::RefCell<Last> = const { std::cell::RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| {
        if let Some((layout, ring)) = last
            && layout.len() == spec.tiles.len()
            && layout
                .iter()
                .zip(&spec.tiles)
                .all(|(a, (h, t))| *a == (*h, t.is_land()))
        {
            return ring.clone();
        }
        let ring = spec.sea_ring();
        let layout = spec.tiles.iter().map(|(h, t)| (*h, t.is_land())).collect();
        *last = Some((layout, ring.clone()));
        ring
    })
}

/// A harbour on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Harbor {
    pub edge: EdgeId,
    /// The land hex it belongs to.
    pub land: HexId,
    /// The sea position it faces (where the renderer writes its rate).
    pub sea: Option<HexId>,
    pub kind: HarborKind,
}

/// The playable map.
#[derive(Clone, Debug)]
pub struct Map {
    /// Shared: maps with the same positions (every random base board) share one topology.
    pub topology: Arc<Topology>,
    tiles: Vec<Tile>,
    board_of_hex: Vec<u16>,
    /// Names and land corners, shared by maps of one shape.
    shape: Arc<Shape>,
    harbors: Vec<Harbor>,
    corner_harbor: Vec<Option<HarborKind>>,
    hex_territory: Vec<Option<Territory>>,
    corner_territory: Vec<Option<Territory>>,
    corner_board: Vec<Option<u16>>,
    /// Numbered hexes and the corners they feed, per dice number.
    yields: Yields,
    boards: Vec<PlacedBoard>,
    land_count: usize,
}

impl Map {
    /// A map of one board.
    pub fn single(spec: &BoardSpec) -> Map {
        Map::build(&[spec], None)
    }

    /// Boards side by side left to right, each followed by [`STRIP_COLUMNS`] of open sea, the
    /// last joined to the first.
    pub fn ring(specs: &[&BoardSpec]) -> Map {
        Map::build(specs, Some(()))
    }

    fn build(specs: &[&BoardSpec], ring: Option<()>) -> Map {
        assert!(!specs.is_empty(), "a map needs a board");
        // Every board of a ring takes the same width, so the period is even and boards line up.
        let width = specs
            .iter()
            .map(|s| {
                let qs = s.tiles.iter().map(|(h, _)| h.q);
                let lo = qs.clone().min().unwrap_or(0);
                let hi = qs.max().unwrap_or(0);
                (lo, hi)
            })
            .collect::<Vec<_>>();
        let min_q = width.iter().map(|w| w.0).min().unwrap_or(0);
        let max_q = width.iter().map(|w| w.1).max().unwrap_or(0);
        let mut period = max_q - min_q + 1 + STRIP_COLUMNS;
        if period % 2 == 1 {
            period += 1;
        }
        let multi = specs.len() > 1 || ring.is_some();
        let shift_of = |k: usize| -> (i32, i32) {
            if multi {
                // An even shift keeps every board on the same text lines.
                let dq = k as i32 * period - (min_q - min_q.rem_euclid(2));
                (dq, -(dq / 2))
            } else {
                (0, 0)
            }
        };

        // Land first, in reading order per board; then sea.
        let mut land: Vec<(Hex, Tile, u16)> = Vec::new();
        let mut sea: Vec<(Hex, u16)> = Vec::new();
        for (k, spec) in specs.iter().enumerate() {
            let (dq, dr) = shift_of(k);
            let mv = |h: Hex| Hex::new(h.q + dq, h.r + dr);
            let mut l: Vec<(Hex, Tile)> = spec.land().map(|(h, t)| (mv(h), t)).collect();
            l.sort_by_key(|(h, _)| reading_key(*h));
            land.extend(l.into_iter().map(|(h, t)| (h, t, k as u16)));
            let mut s: Vec<Hex> = sea_ring_shared(spec).into_iter().map(mv).collect();
            if ring.is_some() {
                // The strip: the columns after the board, over the rows the board spans.
                let ys: Vec<i32> = spec
                    .tiles
                    .iter()
                    .map(|(h, _)| mv(*h).text_origin().1)
                    .collect();
                let (ylo, yhi) = (
                    ys.iter().min().copied().unwrap_or(0) - 4,
                    ys.iter().max().copied().unwrap_or(0) + 4,
                );
                for q in (min_q + dq + (max_q - min_q + 1))..(min_q + dq + period) {
                    // Text line y = 4r + 2q, so the rows whose lines fall in ylo..=yhi.
                    let rlo = (ylo - 2 * q).div_euclid(4);
                    let rhi = (yhi - 2 * q).div_euclid(4) + 1;
                    for r in rlo..=rhi {
                        let h = Hex::new(q, r);
                        let y = h.text_origin().1;
                        if y >= ylo && y <= yhi {
                            s.push(h);
                        }
                    }
                }
            }
            s.sort_by_key(|h| reading_key(*h));
            sea.extend(s.into_iter().map(|h| (h, k as u16)));
        }
        let wrap = ring.map(|_| period * specs.len() as i32);
        let mut positions: Vec<Hex> = land.iter().map(|(h, _, _)| *h).collect();
        positions.extend(sea.iter().map(|(h, _)| *h));
        let topology = Topology::shared(&positions, wrap);
        let n = topology.hex_count();
        let land_count = land.len();
        let mut tiles = vec![Tile::Sea; n];
        let mut board_of_hex = vec![0u16; n];
        // The board of each land corner: the last board (in order) whose land it touches.
        let mut corner_board = vec![None; topology.corner_count()];
        for (h, t, k) in &land {
            let id = topology.hex_id(*h).expect("land is on the map");
            tiles[id.index()] = *t;
            board_of_hex[id.index()] = *k;
            for c in topology.hex_corners(id) {
                corner_board[c.index()] = Some(*k);
            }
        }
        for (h, k) in &sea {
            let id = topology.hex_id(*h).expect("sea is on the map");
            if !tiles[id.index()].is_land() {
                board_of_hex[id.index()] = *k;
            }
        }

        let land: Vec<bool> = tiles.iter().map(|t| t.is_land()).collect();
        let shape = Shape::shared(&topology, &land, &board_of_hex, multi);

        // Harbours, territories, starts.
        let mut harbors = Vec::new();
        let mut corner_harbor = vec![None; topology.corner_count()];
        let mut hex_territory = vec![None; n];
        let mut corner_territory = vec![None; topology.corner_count()];
        let mut boards = Vec::new();
        for (k, spec) in specs.iter().enumerate() {
            let (dq, dr) = shift_of(k);
            let mv = |h: Hex| Hex::new(h.q + dq, h.r + dr);
            for hb in &spec.harbors {
                let land_hex = mv(hb.land);
                let edge = topology
                    .edge_id(land_hex.edge(hb.side))
                    .expect("coast edge");
                let land = topology.hex_id(land_hex).expect("harbour land");
                let sea = topology.hex_id(land_hex.neighbor(hb.side));
                for c in topology.edge_corners(edge) {
                    corner_harbor[c.index()] = Some(hb.kind);
                }
                harbors.push(Harbor {
                    edge,
                    land,
                    sea,
                    kind: hb.kind,
                });
            }
            if let Some(line) = &spec.dividing_line {
                for (h, t) in spec.land() {
                    let id = topology.hex_id(mv(h)).expect("land");
                    debug_assert!(t.is_land());
                    hex_territory[id.index()] = Some(line.territory_of_hex(h));
                }
            }
            let mv_corner = |c: Corner| Corner {
                hex: mv(c.hex),
                side: c.side,
            };
            let mv_edge = |e: Edge| Edge {
                hex: mv(e.hex),
                side: e.side,
            };
            let starts = spec
                .starts
                .iter()
                .map(|(name, s): &(String, StartSpec)| {
                    let ids = StartIds {
                        settlements: s
                            .settlements
                            .iter()
                            .map(|c| topology.corner_id(mv_corner(*c)).expect("start corner"))
                            .collect(),
                        roads: s
                            .roads
                            .iter()
                            .map(|e| topology.edge_id(mv_edge(*e)).expect("start road"))
                            .collect(),
                        ships: s
                            .ships
                            .iter()
                            .map(|e| topology.edge_id(mv_edge(*e)).expect("start ship"))
                            .collect(),
                    };
                    (name.clone(), ids)
                })
                .collect();
            boards.push(PlacedBoard {
                spec_name: spec.name.clone(),
                shift: (dq, dr),
                line_column: spec.dividing_line.as_ref().map(|l| l.column + dq),
                starts,
            });
            // Corner territories: the side of the line of the board whose land it touches.
            if let Some(line) = &spec.dividing_line {
                for (h, _) in spec.land() {
                    for p in Point::ALL {
                        let c = h.corner(p);
                        let id = topology.corner_id(mv_corner(c)).expect("corner of land");
                        corner_territory[id.index()] = Some(line.territory_of_corner(c));
                    }
                }
            }
        }
        let yields = Yields::new(&topology, &tiles);
        Map {
            topology,
            tiles,
            board_of_hex,
            shape,
            harbors,
            corner_harbor,
            hex_territory,
            corner_territory,
            corner_board,
            yields,
            boards,
            land_count,
        }
    }

    pub fn tile(&self, h: HexId) -> Tile {
        self.tiles[h.index()]
    }
    pub fn is_land(&self, h: HexId) -> bool {
        self.tiles[h.index()].is_land()
    }
    /// Land hexes (ids `0..land_count`).
    pub fn land_hexes(&self) -> impl Iterator<Item = HexId> + use<> {
        (0..self.land_count as u32).map(HexId)
    }
    pub fn land_count(&self) -> usize {
        self.land_count
    }
    /// Corners that touch land: settlement spots.
    pub fn land_corners(&self) -> &[CornerId] {
        &self.shape.land_corners
    }
    pub fn corner_touches_land(&self, c: CornerId) -> bool {
        self.topology
            .corner_hexes(c)
            .iter()
            .flatten()
            .any(|h| self.is_land(*h))
    }
    /// Whether a road may lie on the edge: it borders land.
    pub fn edge_is_road_spot(&self, e: EdgeId) -> bool {
        self.topology
            .edge_hexes(e)
            .iter()
            .flatten()
            .any(|h| self.is_land(*h))
    }
    /// Whether a ship may lie on the edge: it borders sea on the map.
    pub fn edge_is_ship_spot(&self, e: EdgeId) -> bool {
        self.topology
            .edge_hexes(e)
            .iter()
            .flatten()
            .any(|h| !self.is_land(*h))
    }
    /// Land hexes with this number token, for production.
    pub fn hexes_with_number(&self, n: u8) -> &[HexId] {
        self.yields.hexes(n)
    }
    /// The corners hexes with number `n` feed (robbers aside), with their hex and resource.
    pub fn yields(&self, n: u8) -> &[Yield] {
        self.yields.corners(n)
    }
    /// The first desert, where the robber starts.
    pub fn desert(&self) -> Option<HexId> {
        self.land_hexes()
            .find(|h| self.tile(*h).terrain() == Some(Terrain::Desert))
    }
    pub fn harbors(&self) -> &[Harbor] {
        &self.harbors
    }
    /// The harbour a building on this corner may use.
    pub fn corner_harbor(&self, c: CornerId) -> Option<HarborKind> {
        self.corner_harbor[c.index()]
    }
    /// Which board of a ring a position belongs to (0 on single maps).
    pub fn board_of_hex(&self, h: HexId) -> usize {
        self.board_of_hex[h.index()] as usize
    }
    /// Which board's land a corner touches.
    pub fn board_of_corner(&self, c: CornerId) -> Option<usize> {
        self.corner_board[c.index()].map(|b| b as usize)
    }
    pub fn hex_territory(&self, h: HexId) -> Option<Territory> {
        self.hex_territory[h.index()]
    }
    pub fn corner_territory(&self, c: CornerId) -> Option<Territory> {
        self.corner_territory[c.index()]
    }
    pub fn boards(&self) -> &[PlacedBoard] {
        &self.boards
    }

    // ---- names -------------------------------------------------------------------------

    /// The short name of a position: `A`..`T` for land, `~1`.. for sea, prefixed by the
    /// board's number on maps of several boards.
    pub fn hex_name(&self, h: HexId) -> &str {
        self.shape.name(h.index())
    }

    /// A position by name (case-insensitive).
    pub fn hex_by_name(&self, s: &str) -> Option<HexId> {
        let s = s.to_ascii_uppercase();
        let by_name = &self.shape.by_name;
        by_name
            .binary_search_by(|h| self.shape.name(h.index()).cmp(&s))
            .ok()
            .map(|i| by_name[i])
    }

    /// The canonical name of a corner: `<hex>.<point>` from the first-named hex touching it.
    pub fn corner_name(&self, c: CornerId) -> String {
        let corner = self.topology.corner(c);
        let hex = self
            .topology
            .corner_hexes(c)
            .iter()
            .flatten()
            .min()
            .copied()
            .expect("every corner touches a position");
        let p = self
            .topology
            .hex(hex)
            .point_of(corner)
            .or_else(|| self.point_across_seam(hex, corner))
            .expect("corner of its hex");
        format!("{}.{}", self.hex_name(hex), p.name())
    }

    /// The canonical name of an edge: `<hex>.<side>` from the first-named hex beside it.
    pub fn edge_name(&self, e: EdgeId) -> String {
        let hex = self
            .topology
            .edge_hexes(e)
            .iter()
            .flatten()
            .min()
            .copied()
            .expect("every edge borders a position");
        let side = Side::ALL
            .into_iter()
            .find(|s| self.topology.hex_edge(hex, *s) == e)
            .expect("edge of its hex");
        format!("{}.{}", self.hex_name(hex), side.name())
    }

    fn point_across_seam(&self, hex: HexId, corner: Corner) -> Option<Point> {
        let c = self.topology.corner_id(corner)?;
        Point::ALL
            .into_iter()
            .find(|p| self.topology.hex_corner(hex, *p) == c)
    }

    /// Parses `<hex>.<point>`, e.g. `C.nw`.
    pub fn parse_corner(&self, s: &str) -> Result<CornerId, String> {
        let (h, p) = s.split_once('.').ok_or_else(|| {
            format!("`{s}` is not a corner: write a hex and a corner, e.g. `C.nw`")
        })?;
        let hex = self
            .hex_by_name(h)
            .ok_or_else(|| format!("there is no hex `{h}` on this board"))?;
        let p = Point::parse(p)
            .ok_or_else(|| format!("`{p}` is not a corner of a hex (w, nw, ne, e, se, sw)"))?;
        Ok(self.topology.hex_corner(hex, p))
    }

    /// Parses `<hex>.<side>`, e.g. `C.n`.
    pub fn parse_edge(&self, s: &str) -> Result<EdgeId, String> {
        let (h, p) = s
            .split_once('.')
            .ok_or_else(|| format!("`{s}` is not an edge: write a hex and a side, e.g. `C.ne`"))?;
        let hex = self
            .hex_by_name(h)
            .ok_or_else(|| format!("there is no hex `{h}` on this board"))?;
        let side = Side::parse(p)
            .ok_or_else(|| format!("`{p}` is not a side of a hex (n, ne, se, s, sw, nw)"))?;
        Ok(self.topology.hex_edge(hex, side))
    }

    /// Parses a hex name.
    pub fn parse_hex(&self, s: &str) -> Result<HexId, String> {
        self.hex_by_name(s)
            .ok_or_else(|| format!("there is no hex `{s}` on this board"))
    }

    /// The corner as a lattice corner, for the renderer.
    pub fn corner_geometry(&self, c: CornerId) -> Corner {
        self.topology.corner(c)
    }

    /// The edge as a lattice edge, for the renderer.
    pub fn edge_geometry(&self, e: EdgeId) -> Edge {
        self.topology.edge(e)
    }
}

/// Sort key for reading order in the drawings: line, then column.
fn reading_key(h: Hex) -> (i32, i32) {
    let (x, y) = h.text_origin();
    (y, x)
}

/// `A`..`Z`, then `AA`, `AB`, ...: hex names by reading order (a ruleset whose tiles
/// drift names its frame's positions the same way).
pub(crate) fn letters(mut i: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).expect("ascii")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::boards as builtin;

    #[test]
    fn letters_count_up() {
        assert_eq!(letters(0), "A");
        assert_eq!(letters(25), "Z");
        assert_eq!(letters(26), "AA");
        assert_eq!(letters(27), "AB");
    }

    #[test]
    fn board_a_names_in_reading_order() {
        let m = Map::single(&builtin::spec("A").unwrap());
        let names: Vec<String> = m
            .land_hexes()
            .map(|h| format!("{}={}", m.hex_name(h), m.tile(h).label()))
            .collect();
        assert_eq!(names[0], "A=F4");
        assert_eq!(names[1], "B=F6");
        assert_eq!(names[4], "E=S12");
        assert_eq!(m.land_count(), 20);
    }

    #[test]
    fn every_corner_and_edge_name_parses_back() {
        let m = Map::single(&builtin::spec("A").unwrap());
        for c in m.topology.corner_ids() {
            assert_eq!(m.parse_corner(&m.corner_name(c)), Ok(c));
        }
        for e in m.topology.edge_ids() {
            assert_eq!(m.parse_edge(&m.edge_name(e)), Ok(e));
        }
        assert!(m.parse_corner("A.x").is_err());
        assert!(m.parse_corner("ZZ.w").is_err());
        assert!(m.parse_edge("A").is_err());
    }

    #[test]
    fn land_corners_touch_one_to_three_hexes() {
        let m = Map::single(&builtin::spec("base-beginner").unwrap());
        assert_eq!(m.land_corners().len(), 54);
        for c in m.land_corners() {
            let n = m
                .topology
                .corner_hexes(*c)
                .iter()
                .flatten()
                .filter(|h| m.is_land(**h))
                .count();
            assert!((1..=3).contains(&n));
        }
        let roads = m
            .topology
            .edge_ids()
            .filter(|e| m.edge_is_road_spot(*e))
            .count();
        assert_eq!(roads, 72);
    }

    #[test]
    fn a_ring_of_boards_joins_last_to_first() {
        let a = builtin::spec("A").unwrap();
        let m = Map::ring(&[&a, &a, &a]);
        assert_eq!(m.land_count(), 60);
        assert_eq!(m.boards().len(), 3);
        // Every sea position has all six neighbours except at the band's top and bottom, and
        // land of board 3 reaches board 1 by sea.
        let first = m.hex_by_name("1A").unwrap();
        let last = m.hex_by_name("3L").unwrap(); // F3, the east end of board 3
        assert!(
            m.topology.distance(first, last) <= 3,
            "boards 3 and 1 are neighbours"
        );
        // Starting pieces exist on every board.
        for b in m.boards() {
            assert_eq!(b.starts.len(), 2);
            assert_eq!(b.starts[0].1.settlements.len(), 3);
        }
    }
}

/// The map, shared by clones of a game (bots and searches clone states; the map never changes).
#[derive(Clone, Debug)]
pub struct SharedMap(pub std::sync::Arc<Map>);

impl PartialEq for SharedMap {
    fn eq(&self, other: &SharedMap) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for SharedMap {
    type Target = Map;
    fn deref(&self) -> &Map {
        &self.0
    }
}
