//! What each dice number pays where: the numbered hexes and the (hex, corner, resource) of
//! every corner they feed, worked out once per map so a roll only looks at those corners.

use super::spec::Tile;
use crate::resources::Resource;
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
    hex_start: [u32; NUMBERS + 1],
    corners: Vec<Yield>,
    /// `corners[corner_start[n]..corner_start[n + 1]]` are fed by number `n`. Offsets are
    /// 32-bit: a hall of 1,000 boards and more has over 65,535 fed corners.
    corner_start: [u32; NUMBERS + 1],
}

impl Yields {
    /// `tiles` is indexed by hex id of `topology`.
    pub fn new(topology: &Topology, tiles: &[Tile]) -> Yields {
        // A numbered hex without a resource (a desert given a token) feeds no corner.
        let resource = |h: HexId| tiles[h.index()].terrain().and_then(|t| t.resource());
        let numbered = || {
            topology
                .hex_ids()
                .filter_map(|h| Some((tiles[h.index()].number()? as usize, h)))
        };
        // A counting sort by number: count, then place (hex ids stay ascending per number).
        let mut y = Yields::default();
        for (n, h) in numbered() {
            y.hex_start[n + 1] += 1;
            if resource(h).is_some() {
                y.corner_start[n + 1] += 6;
            }
        }
        for n in 0..NUMBERS {
            y.hex_start[n + 1] += y.hex_start[n];
            y.corner_start[n + 1] += y.corner_start[n];
        }
        let (mut next_hex, mut next_corner) = (y.hex_start, y.corner_start);
        y.hexes = vec![HexId(0); y.hex_start[NUMBERS] as usize];
        let unset = Yield {
            hex: HexId(0),
            corner: CornerId(0),
            resource: Resource::Lumber,
        };
        y.corners = vec![unset; y.corner_start[NUMBERS] as usize];
        for (n, hex) in numbered() {
            y.hexes[next_hex[n] as usize] = hex;
            next_hex[n] += 1;
            let Some(resource) = resource(hex) else {
                continue;
            };
            for &corner in topology.hex_corners(hex) {
                y.corners[next_corner[n] as usize] = Yield {
                    hex,
                    corner,
                    resource,
                };
                next_corner[n] += 1;
            }
        }
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

    fn range(start: &[u32; NUMBERS + 1], n: u8) -> Option<(usize, usize)> {
        let n = n as usize;
        (n < NUMBERS).then(|| (start[n] as usize, start[n + 1] as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Map, generate};

    #[test]
    fn each_number_lists_its_hexes_and_their_corners_in_id_order() {
        let map = Map::single(&generate::random_base(5));
        let t = &map.topology;
        for n in 0..=14u8 {
            let hexes: Vec<HexId> = t
                .hex_ids()
                .filter(|h| map.tile(*h).number() == Some(n))
                .collect();
            assert_eq!(map.hexes_with_number(n), hexes.as_slice());
            let corners: Vec<Yield> = hexes
                .iter()
                .filter_map(|&hex| {
                    let resource = map.tile(hex).terrain()?.resource()?;
                    Some(t.hex_corners(hex).map(|corner| Yield {
                        hex,
                        corner,
                        resource,
                    }))
                })
                .flatten()
                .collect();
            assert_eq!(map.yields(n), corners.as_slice());
        }
        assert_eq!(map.hexes_with_number(7), &[]);
        assert_eq!(map.yields(6).len(), 12, "two 6s, six corners each");
    }
}
