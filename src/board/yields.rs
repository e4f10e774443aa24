//! What each dice number pays where: the numbered hexes and the (hex, corner, resource) of
//! every corner they feed, worked out once per map so a roll only looks at those corners.

use super::spec::Tile;
use crate::rules::resources::Resource;
use crate::topology::{CornerId, HexId, Topology};

/// Dice sums run 2..=12; slot `n` of the offsets below starts number `n`.
const NUMBERS: usize = 13;

/// One corner fed by a numbered hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Yield {
    pub hex: HexId,
    pub corner: CornerId,
    pub resource: Resource,
}

/// The hexes and corners of each number, flat and grouped by number (hex ids ascending).
#[derive(Clone, Debug, Default)]
pub struct Yields {
    hexes: Vec<HexId>,
    /// `hexes[hex_start[n]..hex_start[n + 1]]` carry number `n`.
    hex_start: [u16; NUMBERS + 1],
    corners: Vec<Yield>,
    /// `corners[corner_start[n]..corner_start[n + 1]]` are fed by number `n`.
    corner_start: [u16; NUMBERS + 1],
}

impl Yields {
    /// `tiles` is indexed by hex id of `topology`.
    pub fn new(topology: &Topology, tiles: &[Tile]) -> Yields {
        let mut numbered: Vec<(u8, HexId)> = topology
            .hex_ids()
            .filter_map(|h| Some((tiles[h.index()].number()?, h)))
            .collect();
        // Stable: ids stay ascending within a number.
        numbered.sort_by_key(|(n, _)| *n);
        let mut y = Yields {
            hexes: Vec::with_capacity(numbered.len()),
            corners: Vec::with_capacity(numbered.len() * 6),
            ..Yields::default()
        };
        let mut next = numbered.iter().peekable();
        for n in 0..NUMBERS as u8 {
            y.hex_start[n as usize] = y.hexes.len() as u16;
            y.corner_start[n as usize] = y.corners.len() as u16;
            while let Some(&(_, hex)) = next.next_if(|(m, _)| *m == n) {
                y.hexes.push(hex);
                // A numbered hex without a resource (a desert given a token) pays nothing.
                let Some(resource) = tiles[hex.index()].terrain().and_then(|t| t.resource()) else {
                    continue;
                };
                y.corners
                    .extend(topology.hex_corners(hex).iter().map(|&corner| Yield {
                        hex,
                        corner,
                        resource,
                    }));
            }
        }
        debug_assert!(next.next().is_none(), "numbers run 2 to 12");
        y.hex_start[NUMBERS] = y.hexes.len() as u16;
        y.corner_start[NUMBERS] = y.corners.len() as u16;
        y
    }

    /// Land hexes with number `n`.
    pub fn hexes(&self, n: u8) -> &[HexId] {
        match Self::range(&self.hex_start, n) {
            Some((a, b)) => &self.hexes[a..b],
            None => &[],
        }
    }

    /// The corners number `n` feeds, each with its hex and resource.
    pub fn corners(&self, n: u8) -> &[Yield] {
        match Self::range(&self.corner_start, n) {
            Some((a, b)) => &self.corners[a..b],
            None => &[],
        }
    }

    fn range(start: &[u16; NUMBERS + 1], n: u8) -> Option<(usize, usize)> {
        let n = n as usize;
        (n < NUMBERS).then(|| (start[n] as usize, start[n + 1] as usize))
    }
}
