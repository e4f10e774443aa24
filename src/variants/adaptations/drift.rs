//! Continental drift: the frame of positions tiles may occupy, their names, the starting
//! board, and which drifts are legal (A1, A2, A10, A11). The layout is one map from position
//! to tile, so a tile is always in exactly one place and two tiles never share one.

use super::{AdaptGame, Piece};
use crate::board::map::letters;
use crate::board::spec::BoardKind;
use crate::board::{BoardSpec, Map, Tile};
use crate::engine::rng::GameRng;
use crate::geometry::Hex;
use crate::rules::resources::Terrain;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// Nothing exists further than this from the desert (A2).
pub const FRAME_RADIUS: u32 = 6;
/// The desert's position, the centre of everything.
pub const CENTRE: Hex = Hex::new(0, 0);

/// Every position of the frame, in reading order (top to bottom, left to right as drawn).
pub fn frame() -> &'static [Hex] {
    static FRAME: OnceLock<Vec<Hex>> = OnceLock::new();
    FRAME.get_or_init(|| {
        let r = FRAME_RADIUS as i32;
        let mut v: Vec<Hex> = (-r..=r)
            .flat_map(|q| (-r..=r).map(move |s| Hex::new(q, s)))
            .filter(|h| h.distance(CENTRE) <= FRAME_RADIUS)
            .collect();
        v.sort_by_key(|h| (h.text_origin().1, h.text_origin().0));
        v
    })
}

/// Whether a position lies inside the frame.
pub fn in_frame(h: Hex) -> bool {
    h.distance(CENTRE) <= FRAME_RADIUS
}

/// Distance from the desert's position.
pub fn dist(h: Hex) -> u32 {
    h.distance(CENTRE)
}

/// The name players type for a position: letters in the frame's reading order (`A`..`Z`,
/// `AA`..). Names belong to positions, not tiles, so they never change as tiles drift.
pub fn name(h: Hex) -> String {
    match frame().iter().position(|p| *p == h) {
        Some(i) => letters(i),
        None => format!("{},{}", h.q, h.r),
    }
}

/// A position by its name (case-insensitive).
pub fn parse_pos(s: &str) -> Option<Hex> {
    let up = s.to_ascii_uppercase();
    frame()
        .iter()
        .enumerate()
        .find(|(i, _)| letters(*i) == up)
        .map(|(_, h)| *h)
}

/// The starting board (A1): the desert in the middle, the 18 land tiles of the base game
/// (4 forest, 4 fields, 4 pasture, 3 hills, 3 mountains) and its 18 sea tiles shuffled into
/// the three rings around it.
pub fn starting_board(rng: &mut GameRng) -> BTreeMap<Hex, Piece> {
    let mut pieces: Vec<Piece> = Vec::new();
    for (t, n) in [
        (Terrain::Forest, 4),
        (Terrain::Fields, 4),
        (Terrain::Pasture, 4),
        (Terrain::Hills, 3),
        (Terrain::Mountains, 3),
    ] {
        pieces.extend(std::iter::repeat_n(Piece::Land(t), n));
    }
    pieces.extend(std::iter::repeat_n(Piece::Sea, 18));
    rng.shuffle(&mut pieces);
    let rings: Vec<Hex> = frame()
        .iter()
        .copied()
        .filter(|h| (1..=3).contains(&dist(*h)))
        .collect();
    let mut tiles: BTreeMap<Hex, Piece> = rings.into_iter().zip(pieces).collect();
    tiles.insert(CENTRE, Piece::Land(Terrain::Desert));
    tiles
}

/// A map for the renderer: land tiles, sea tiles, and the open water beside them or holding
/// swimmers, drawn as sea (the overlay tells sea tiles from open water).
pub fn render_map(tiles: &BTreeMap<Hex, Piece>, herds: &BTreeMap<Hex, Vec<u32>>) -> Map {
    let mut shown: BTreeSet<Hex> = tiles.keys().copied().collect();
    for h in tiles.keys() {
        shown.extend(h.neighbors().into_iter().filter(|n| in_frame(*n)));
    }
    shown.extend(herds.keys().copied());
    let tiles = shown
        .into_iter()
        .map(|h| {
            let t = match tiles.get(&h) {
                Some(Piece::Land(t)) => Tile::Land {
                    terrain: *t,
                    number: None,
                },
                _ => Tile::Sea,
            };
            (h, t)
        })
        .collect();
    Map::single(&BoardSpec {
        name: "Adaptations".into(),
        kind: BoardKind::Custom,
        tiles,
        harbors: Vec::new(),
        dividing_line: None,
        starts: Vec::new(),
    })
}

impl AdaptGame {
    /// Open positions a land tile at `from` may drift to (A10): inside the frame, at least one
    /// step further from the desert, beside another tile. Empty for the desert and for
    /// positions without land.
    pub fn land_drift_targets(&self, from: Hex) -> Vec<Hex> {
        match self.land(from) {
            Some(Terrain::Desert) | None => return Vec::new(),
            Some(_) => {}
        }
        let min = dist(from) + 1;
        let mut out: BTreeSet<Hex> = BTreeSet::new();
        for h in self.tiles.keys().filter(|h| **h != from) {
            for n in h.neighbors() {
                if in_frame(n) && dist(n) >= min && !self.tiles.contains_key(&n) {
                    out.insert(n);
                }
            }
        }
        out.into_iter().collect()
    }

    /// Open positions a sea tile may drift to (A11): inside the frame, beside land.
    pub fn water_drift_targets(&self, from: Hex) -> Vec<Hex> {
        if self.tiles.get(&from) != Some(&Piece::Sea) {
            return Vec::new();
        }
        self.water_destinations()
    }

    /// Open positions beside land: where any sea tile may go.
    pub(crate) fn water_destinations(&self) -> Vec<Hex> {
        let mut out: BTreeSet<Hex> = BTreeSet::new();
        for (h, p) in &self.tiles {
            if matches!(p, Piece::Land(_)) {
                for n in h.neighbors() {
                    if in_frame(n) && !self.tiles.contains_key(&n) {
                        out.insert(n);
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    /// Land tiles of a type that have somewhere to drift (all types when `None`).
    pub fn driftable(&self, kind: Option<Terrain>) -> Vec<Hex> {
        self.tiles
            .iter()
            .filter(|(_, p)| match p {
                Piece::Land(Terrain::Desert) | Piece::Sea => false,
                Piece::Land(t) => kind.is_none_or(|k| k == *t),
            })
            .map(|(h, _)| *h)
            .filter(|h| !self.land_drift_targets(*h).is_empty())
            .collect()
    }

    /// Why a land drift is illegal, if it is.
    pub(crate) fn check_land_drift(
        &self,
        from: Hex,
        to: Hex,
        kind: Option<Terrain>,
    ) -> Result<Terrain, String> {
        let t = match self.tiles.get(&from) {
            None => return Err(format!("there is no tile at {}", name(from))),
            Some(Piece::Sea) => {
                return Err(format!(
                    "{} is a sea tile: move it with a water drift",
                    name(from)
                ));
            }
            Some(Piece::Land(Terrain::Desert)) => return Err("the desert never drifts".into()),
            Some(Piece::Land(t)) => *t,
        };
        if let Some(k) = kind
            && k != t
        {
            return Err(format!(
                "{} is {}, not {} like the card",
                name(from),
                t.name(),
                k.name()
            ));
        }
        if !in_frame(to) {
            return Err("that is outside the frame (6 steps from the desert)".into());
        }
        if self.tiles.contains_key(&to) {
            return Err(format!("{} already holds a tile", name(to)));
        }
        if dist(to) <= dist(from) {
            return Err(format!(
                "a tile drifts at least one step further from the desert: {} is {} steps away, {} only {}",
                name(from),
                dist(from),
                name(to),
                dist(to)
            ));
        }
        if !to
            .neighbors()
            .iter()
            .any(|n| *n != from && self.tiles.contains_key(n))
        {
            return Err(format!("{} is beside no other tile", name(to)));
        }
        Ok(t)
    }

    /// Why a water drift is illegal, if it is.
    pub(crate) fn check_water_drift(&self, from: Hex, to: Hex) -> Result<(), String> {
        if self.tiles.get(&from) != Some(&Piece::Sea) {
            return Err(format!("there is no sea tile at {}", name(from)));
        }
        if !in_frame(to) {
            return Err("that is outside the frame (6 steps from the desert)".into());
        }
        if self.tiles.contains_key(&to) {
            return Err(format!("{} already holds a tile", name(to)));
        }
        if !to.neighbors().iter().any(|n| self.is_land(*n)) {
            return Err(format!("{} is beside no land", name(to)));
        }
        Ok(())
    }

    /// Moves a tile; herds stay where they are (A10, A11).
    pub(crate) fn move_tile(&mut self, from: Hex, to: Hex) {
        if let Some(p) = self.tiles.remove(&from) {
            self.tiles.insert(to, p);
        }
        self.refresh_map();
    }
}
