//! Random fair base boards: the standard tiles and tokens on the standard 19 positions, no 6 or
//! 8 next to another 6 or 8, and 9 harbours spaced around the frame. The default board of base
//! games; the same seed always gives the same board. The 5–6 player extension's island
//! ([`random_large`]) is drawn the same way on its 30 positions with its 11 harbours.

use super::spec::{
    BoardKind, BoardSpec, HarborKind, HarborSpec, LARGE_TERRAINS, LARGE_TOKENS, STANDARD_TERRAINS,
    STANDARD_TOKENS, Tile,
};
use crate::geometry::{Hex, Side};
use crate::resources::{Resource, Terrain};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
/// Sets of positions while a board is generated: a fast fixed hasher (small coordinates).
type HashSet<T> = std::collections::HashSet<T, foldhash::fast::FixedState>;

/// The standard 19 positions (columns of 3, 4, 5, 4, 3), in file coordinates.
pub fn standard_positions() -> Vec<Hex> {
    let mut v = Vec::with_capacity(19);
    for (col, rows) in [(0, 1..=3), (1, 0..=3), (2, 0..=4), (3, 0..=3), (4, 1..=3)] {
        for row in rows {
            v.push(Hex::from_offset(col, row));
        }
    }
    v
}

/// Which of the 30 coast edges of the standard frame, clockwise from the top, hold harbours:
/// nine, never sharing a corner, spaced 3, 4, 3, 3, 4, 3, 3, 4, 3 edges apart.
pub const HARBOR_SLOTS: [usize; 9] = [0, 3, 7, 10, 13, 17, 20, 23, 27];

/// The nine harbour kinds of the base game, in the order the beginner board has them.
pub const STANDARD_HARBORS: [HarborKind; 9] = [
    HarborKind::Generic,
    HarborKind::Special(Resource::Wool),
    HarborKind::Generic,
    HarborKind::Generic,
    HarborKind::Special(Resource::Brick),
    HarborKind::Special(Resource::Lumber),
    HarborKind::Generic,
    HarborKind::Special(Resource::Grain),
    HarborKind::Special(Resource::Ore),
];

/// The 30 positions of the 5–6 player island (columns of 3, 4, 5, 6, 5, 4, 3), in file
/// coordinates: the long middle column is odd, so the short columns start lower down.
pub fn large_positions() -> Vec<Hex> {
    let mut v = Vec::with_capacity(30);
    let columns = [
        (0, 2..=4),
        (1, 1..=4),
        (2, 1..=5),
        (3, 0..=5),
        (4, 1..=5),
        (5, 1..=4),
        (6, 2..=4),
    ];
    for (col, rows) in columns {
        for row in rows {
            v.push(Hex::from_offset(col, row));
        }
    }
    v
}

/// Which of the 38 coast edges of the 5–6 player frame, clockwise from the top, hold
/// harbours: eleven, never sharing a corner, spaced 3 and 4 edges apart in turn.
pub const LARGE_HARBOR_SLOTS: [usize; 11] = [0, 3, 7, 10, 14, 17, 21, 24, 28, 31, 35];

/// The eleven harbour kinds of the 5–6 player extension: the base nine, one more 3:1 and one
/// more 2:1 wool, in the order the built-in `base-6` board has them.
pub const LARGE_HARBORS: [HarborKind; 11] = [
    HarborKind::Generic,
    HarborKind::Special(Resource::Wool),
    HarborKind::Generic,
    HarborKind::Generic,
    HarborKind::Special(Resource::Brick),
    HarborKind::Special(Resource::Lumber),
    HarborKind::Generic,
    HarborKind::Special(Resource::Wool),
    HarborKind::Special(Resource::Grain),
    HarborKind::Generic,
    HarborKind::Special(Resource::Ore),
];

/// Coast edges of a set of land hexes, clockwise from the top (as `(land hex, side)`).
pub fn coast_edges_clockwise(land: &[Hex]) -> Vec<(Hex, Side)> {
    let set: HashSet<Hex> = land.iter().copied().collect();
    let center = |h: Hex| {
        let (x, y) = h.text_origin();
        (x as f64 + 3.5, y as f64)
    };
    let n = land.len() as f64;
    let (cx, cy) = land.iter().fold((0.0, 0.0), |(a, b), h| {
        let (x, y) = center(*h);
        (a + x / n, b + y / n)
    });
    let mut edges: Vec<(f64, Hex, Side)> = Vec::new();
    for h in land {
        for s in Side::ALL {
            if set.contains(&h.neighbor(s)) {
                continue;
            }
            let (hx, hy) = center(*h);
            let (nx, ny) = center(h.neighbor(s));
            let (mx, my) = ((hx + nx) / 2.0 - cx, (hy + ny) / 2.0 - cy);
            let mut angle = mx.atan2(-my);
            if angle < -1e-9 {
                angle += std::f64::consts::TAU;
            }
            edges.push((angle, *h, s));
        }
    }
    edges.sort_by(|a, b| a.0.total_cmp(&b.0));
    edges.into_iter().map(|(_, h, s)| (h, s)).collect()
}

/// Whether two hexes with 6 or 8 touch.
pub fn has_adjacent_red_numbers(tiles: &[(Hex, Tile)]) -> bool {
    let red: HashSet<Hex> = tiles
        .iter()
        .filter(|(_, t)| matches!(t.number(), Some(6) | Some(8)))
        .map(|(h, _)| *h)
        .collect();
    red.iter()
        .any(|h| h.neighbors().iter().any(|n| red.contains(n)))
}

/// A frame, worked out once: its positions, the positions touching each (as indices), and
/// its coast. Every random board is drawn on one.
struct Frame {
    positions: Vec<Hex>,
    touching: Vec<Vec<usize>>,
    coast: Vec<(Hex, Side)>,
}

impl Frame {
    /// The standard 19-position frame.
    fn get() -> &'static Frame {
        static FRAME: std::sync::OnceLock<Frame> = std::sync::OnceLock::new();
        FRAME.get_or_init(|| Frame::of(standard_positions()))
    }

    /// The 30-position frame of the 5–6 player extension.
    fn large() -> &'static Frame {
        static FRAME: std::sync::OnceLock<Frame> = std::sync::OnceLock::new();
        FRAME.get_or_init(|| Frame::of(large_positions()))
    }

    fn of(positions: Vec<Hex>) -> Frame {
        {
            let touching = positions
                .iter()
                .map(|h| {
                    let near = h.neighbors();
                    (0..positions.len())
                        .filter(|j| near.contains(&positions[*j]))
                        .collect()
                })
                .collect();
            let coast = coast_edges_clockwise(&positions);
            Frame {
                positions,
                touching,
                coast,
            }
        }
    }

    /// [`has_adjacent_red_numbers`] for numbers given per position of the frame.
    fn reds_touch(&self, numbers: &[Option<u8>]) -> bool {
        let red = |i: usize| matches!(numbers[i], Some(6) | Some(8));
        (0..numbers.len()).any(|i| red(i) && self.touching[i].iter().any(|j| red(*j)))
    }
}

/// What a random board is drawn from: a frame and the pieces that go on it.
struct Edition<'a, const T: usize, const H: usize> {
    frame: &'a Frame,
    terrains: [(Terrain, usize); 5],
    deserts: usize,
    tokens: [u8; T],
    slots: [usize; H],
    harbors: [HarborKind; H],
}

/// A random fair base board from a seed.
pub fn random_base(seed: u64) -> BoardSpec {
    draw(
        seed,
        BoardKind::Base,
        format!("random base board (seed {seed})"),
        Edition {
            frame: Frame::get(),
            terrains: STANDARD_TERRAINS,
            deserts: 1,
            tokens: STANDARD_TOKENS,
            slots: HARBOR_SLOTS,
            harbors: STANDARD_HARBORS,
        },
    )
}

/// A random fair board of the 5–6 player extension from a seed: its 28 tiles, 2 deserts and
/// 28 tokens on the 30 positions, no 6 or 8 touching another, and its 11 harbours.
pub fn random_large(seed: u64) -> BoardSpec {
    draw(
        seed,
        BoardKind::Base6,
        format!("random 5-6 player board (seed {seed})"),
        Edition {
            frame: Frame::large(),
            terrains: LARGE_TERRAINS,
            deserts: 2,
            tokens: LARGE_TOKENS,
            slots: LARGE_HARBOR_SLOTS,
            harbors: LARGE_HARBORS,
        },
    )
}

/// Draws a board of an edition until it is fair.
fn draw<const T: usize, const H: usize>(
    seed: u64,
    kind: BoardKind,
    name: String,
    ed: Edition<'_, T, H>,
) -> BoardSpec {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let frame = ed.frame;
    let mut terrains: Vec<Terrain> = ed
        .terrains
        .iter()
        .flat_map(|(t, n)| std::iter::repeat_n(*t, *n))
        .collect();
    terrains.extend(std::iter::repeat_n(Terrain::Desert, ed.deserts));
    let mut numbers = vec![None; terrains.len()];
    loop {
        // Redrawn until fair: the shuffles (and so the board a seed gives) are the same as when
        // each draw was written out as tiles and checked by position.
        terrains.shuffle(&mut rng);
        let mut tokens = ed.tokens;
        tokens.shuffle(&mut rng);
        let mut tokens = tokens.into_iter();
        for (n, t) in numbers.iter_mut().zip(&terrains) {
            *n = if *t == Terrain::Desert {
                None
            } else {
                tokens.next()
            };
        }
        if frame.reds_touch(&numbers) {
            continue;
        }
        let tiles = frame
            .positions
            .iter()
            .zip(terrains.iter().zip(&numbers))
            .map(|(h, (t, n))| {
                (
                    *h,
                    Tile::Land {
                        terrain: *t,
                        number: *n,
                    },
                )
            })
            .collect();
        let mut kinds = ed.harbors;
        kinds.shuffle(&mut rng);
        let harbors = ed
            .slots
            .iter()
            .zip(kinds)
            .map(|(i, kind)| {
                let (land, side) = frame.coast[*i];
                HarborSpec { land, side, kind }
            })
            .collect();
        return BoardSpec {
            name,
            kind,
            tiles,
            harbors,
            dividing_line: None,
            starts: Vec::new(),
        };
    }
}

/// The random fair board for a table of `seats`: the 5–6 player island from five seats up,
/// the standard one below.
pub fn random_for_seats(seats: usize, seed: u64) -> BoardSpec {
    if seats >= 5 {
        random_large(seed)
    } else {
        random_base(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_has_30_coast_edges() {
        assert_eq!(coast_edges_clockwise(&standard_positions()).len(), 30);
    }

    #[test]
    fn the_frame_finds_touching_reds_as_the_check_by_position_does() {
        let frame = Frame::get();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut numbers: Vec<Option<u8>> = STANDARD_TOKENS.map(Some).into_iter().collect();
        numbers.push(None);
        let mut seen = [false; 2];
        for _ in 0..200 {
            numbers.shuffle(&mut rng);
            let tiles: Vec<(Hex, Tile)> = (frame.positions.iter().zip(&numbers))
                .map(|(h, number)| {
                    let terrain = Terrain::Hills;
                    (
                        *h,
                        Tile::Land {
                            terrain,
                            number: *number,
                        },
                    )
                })
                .collect();
            let touch = has_adjacent_red_numbers(&tiles);
            assert_eq!(frame.reds_touch(&numbers), touch);
            seen[touch as usize] = true;
        }
        assert_eq!(seen, [true, true], "both outcomes were tried");
    }

    #[test]
    fn random_boards_are_fair_valid_and_reproducible() {
        for seed in 0..50 {
            let b = random_base(seed);
            assert!(!has_adjacent_red_numbers(&b.tiles));
            // The writer's output passes every check of the file format.
            let again = BoardSpec::parse("generated", &b.to_toml()).expect("valid");
            assert_eq!(again.tiles, b.tiles);
            assert_eq!(b.harbors.len(), 9);
        }
        assert_eq!(random_base(7), random_base(7));
        assert_ne!(random_base(7).tiles, random_base(8).tiles);
    }

    #[test]
    fn the_large_frame_has_30_positions_and_38_coast_edges() {
        let p = large_positions();
        assert_eq!(p.len(), 30);
        assert_eq!(coast_edges_clockwise(&p).len(), 38);
    }

    #[test]
    fn large_random_boards_are_fair_valid_and_reproducible() {
        for seed in 0..50 {
            let b = random_large(seed);
            assert!(!has_adjacent_red_numbers(&b.tiles));
            assert_eq!(b.land().count(), 30);
            assert_eq!(b.harbors.len(), 11);
            // The file format's base-6 checks (counts, harbours apart) pass.
            let again = BoardSpec::parse("generated", &b.to_toml()).expect("valid");
            assert_eq!(again.kind, BoardKind::Base6);
            assert_eq!(again.tiles, b.tiles);
        }
        assert_eq!(random_large(7), random_large(7));
        assert_ne!(random_large(7).tiles, random_large(8).tiles);
    }
}
