//! Boards end to end: the pictures `catan board show` prints, the Big Game boards' fairness,
//! the geometry of single and ring maps, and every way a board file can be wrong.
//!
//! Golden pictures live in `tests/golden/`; `UPDATE_GOLDEN=1 cargo test --test boards` rewrites
//! them (then review the diff by eye: they are the reference pictures).

use catan::board::generate::{
    HARBOR_SLOTS, LARGE_HARBOR_SLOTS, LARGE_HARBORS, STANDARD_HARBORS, coast_edges_clockwise,
    has_adjacent_red_numbers, large_positions, standard_positions,
};
use catan::board::render::{self, CornerPiece, EdgePiece, Overlay, RenderOptions};
use catan::board::spec::{BoardError, BoardKind, STANDARD_TOKENS};
use catan::board::{BoardSpec, HarborKind, Map, Territory};
use catan::geometry::{Hex, Point, Side};
use catan::rules::resources::{Resource, Terrain, pips};
use catan::topology::{CornerId, HexId};
use catan::variants::boards as builtin;
use proptest::prelude::*;
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::PathBuf;
use std::process::{Command, Output};

// ---- helpers ------------------------------------------------------------------------------

fn catan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run catan")
}

fn stdout_of(args: &[&str]) -> String {
    let out = catan(args);
    assert!(
        out.status.success(),
        "catan {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Compares with a golden file, or rewrites it when UPDATE_GOLDEN is set.
fn golden(name: &str, actual: &str) {
    let path = golden_path(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).expect("write golden file");
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    if actual != want {
        let diff: Vec<String> = want
            .lines()
            .zip(actual.lines())
            .enumerate()
            .filter(|(_, (w, a))| w != a)
            .map(|(i, (w, a))| format!("line {}:\n  want {w:?}\n  got  {a:?}", i + 1))
            .collect();
        panic!(
            "{name} differs ({} lines wanted, {} got)\n{}\n--- got:\n{actual}",
            want.lines().count(),
            actual.lines().count(),
            diff.join("\n")
        );
    }
}

fn spec(name: &str) -> BoardSpec {
    builtin::spec(name).unwrap_or_else(|| panic!("built-in board {name}"))
}

fn builtin_text(file: &str) -> String {
    std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("assets/boards")
            .join(file),
    )
    .expect("board file")
}

/// The starting pieces of a map's first board as an overlay, one seat per start.
fn start_overlay(map: &Map) -> Overlay {
    let mut o = Overlay::default();
    for (seat, (name, st)) in map.boards()[0].starts.iter().enumerate() {
        let seat = seat as u16;
        for c in &st.settlements {
            o.corners.insert(*c, CornerPiece::Settlement(seat));
        }
        for e in &st.roads {
            o.edges.insert(*e, EdgePiece::Road(seat));
        }
        for e in &st.ships {
            o.edges.insert(*e, EdgePiece::Ship(seat));
        }
        o.letters.push(name.chars().next().unwrap_or('x'));
    }
    o
}

// ---- golden pictures ----------------------------------------------------------------------

/// `tests/golden/board-a.txt` is Board A exactly as rules/big-game.md draws it.
#[test]
fn board_a_is_the_rule_texts_drawing() {
    golden("board-a.txt", &stdout_of(&["board", "show", "A"]));
}

#[test]
fn golden_board_b() {
    golden("board-b.txt", &stdout_of(&["board", "show", "B"]));
}

#[test]
fn golden_board_c() {
    golden("board-c.txt", &stdout_of(&["board", "show", "C"]));
}

#[test]
fn golden_base_beginner() {
    golden(
        "base-beginner.txt",
        &stdout_of(&["board", "show", "base-beginner"]),
    );
}

/// The 5–6 player island: 30 land hexes and 11 harbours, drawn with the harbours and the sea.
#[test]
fn golden_base_6() {
    let b = spec("base-6");
    assert_eq!(b.kind, BoardKind::Base6);
    assert_eq!(b.land().count(), 30);
    assert_eq!(b.harbors.len(), 11);
    assert!(!has_adjacent_red_numbers(&b.tiles));
    golden(
        "base-6.txt",
        &stdout_of(&["board", "show", "base-6", "--harbors"]),
    );
}

#[test]
fn golden_random_base_seed_1() {
    golden(
        "base-seed-1.txt",
        &stdout_of(&["board", "show", "base", "--seed", "1"]),
    );
}

#[test]
fn golden_board_a_with_names_and_harbors() {
    golden(
        "board-a-names-harbors.txt",
        &stdout_of(&["board", "show", "A", "--names", "--harbors"]),
    );
}

#[test]
fn golden_board_b_with_the_line() {
    golden(
        "board-b-line.txt",
        &stdout_of(&["board", "show", "B", "--line"]),
    );
}

/// `tests/golden/dividing-line.txt` is the rule text's second drawing. Rendering board A blank,
/// with the line and the starting pieces, puts a settlement on every `X`, a ship (drawn
/// [`render::SHIP`]) on every `S`
/// and a road on every `R`, and every other character is the drawing's.
#[test]
fn the_dividing_line_drawing_is_reproduced() {
    let map = Map::single(&spec("A"));
    let overlay = start_overlay(&map);
    let pic = render::render(
        &map,
        &overlay,
        &RenderOptions {
            dividing_line: true,
            blank: true,
            ..RenderOptions::default()
        },
    );
    let drawing = std::fs::read_to_string(golden_path("dividing-line.txt")).expect("drawing");
    let want: Vec<Vec<char>> = drawing.lines().map(|l| l.chars().collect()).collect();
    let height = want.len().max(pic.lines.len());
    let mut seen = (0, 0, 0);
    for y in 0..height {
        let width = want
            .get(y)
            .map_or(0, |l| l.len())
            .max(pic.lines.get(y).map_or(0, |l| l.len()));
        for x in 0..width {
            let w = want.get(y).and_then(|l| l.get(x)).copied().unwrap_or(' ');
            let got = pic
                .lines
                .get(y)
                .and_then(|l| l.get(x))
                .map_or(' ', |c| c.ch);
            let at = format!("line {} column {x}", y + 1);
            match w {
                'X' => {
                    let c = pic.corner_at.get(&(x, y)).unwrap_or_else(|| {
                        panic!("{at}: the drawing has a settlement, the render no corner")
                    });
                    assert!(
                        matches!(overlay.corners.get(c), Some(CornerPiece::Settlement(_))),
                        "{at}: no settlement drawn"
                    );
                    assert!(got.is_ascii_lowercase(), "{at}: got {got:?}");
                    seen.0 += 1;
                }
                'S' | 'R' => {
                    let e = pic.edge_at.get(&(x, y)).unwrap_or_else(|| {
                        panic!("{at}: the drawing has a piece on an edge, the render no edge")
                    });
                    let piece = overlay.edges.get(e);
                    if w == 'S' {
                        assert!(matches!(piece, Some(EdgePiece::Ship(_))), "{at}: no ship");
                        assert_eq!(got, render::SHIP, "{at}: a ship has its own mark");
                        seen.1 += 1;
                    } else {
                        assert!(matches!(piece, Some(EdgePiece::Road(_))), "{at}: no road");
                        assert!(got.is_ascii_lowercase(), "{at}: got {got:?}");
                        seen.2 += 1;
                    }
                }
                _ => assert_eq!(got, w, "{at}\n{}", pic.to_text()),
            }
        }
    }
    // Six settlements, two ships, two roads of two characters each.
    assert_eq!(seen, (6, 2, 4));
}

// ---- the Big Game boards --------------------------------------------------------------------

/// Land positions in file coordinates (column, row).
fn land_positions(s: &BoardSpec) -> Vec<(i32, i32)> {
    let mut v: Vec<(i32, i32)> = s.land().map(|(h, _)| h.to_offset()).collect();
    v.sort_unstable();
    v
}

fn deserts(s: &BoardSpec) -> Vec<(i32, i32)> {
    let mut v: Vec<(i32, i32)> = s
        .land()
        .filter(|(_, t)| t.terrain() == Some(Terrain::Desert))
        .map(|(h, _)| h.to_offset())
        .collect();
    v.sort_unstable();
    v
}

/// Corner distances on the map from a set of corners.
fn corner_distances(map: &Map, from: &[CornerId]) -> HashMap<CornerId, u32> {
    let mut d: HashMap<CornerId, u32> = from.iter().map(|c| (*c, 0)).collect();
    let mut q: VecDeque<CornerId> = from.iter().copied().collect();
    while let Some(c) = q.pop_front() {
        for n in map.topology.corner_corners(c).iter().flatten() {
            if !d.contains_key(n) {
                d.insert(*n, d[&c] + 1);
                q.push_back(*n);
            }
        }
    }
    d
}

/// Checks a Big Game board: A's shape and starts, the counts, red numbers apart, every
/// number but 2 and 12 once per side, the pips of the sides within 4, and fair harbours.
fn check_big_game_board(name: &str) {
    let a = spec("A");
    let s = spec(name);
    assert_eq!(s.kind, BoardKind::Divided);
    assert_eq!(land_positions(&s), land_positions(&a), "{name}: A's shape");
    assert_eq!(deserts(&s), vec![(3, 0), (5, 1)], "{name}: deserts");
    assert_eq!(s.starts, a.starts, "{name}: A's starting pieces");
    assert_eq!(s.dividing_line, a.dividing_line, "{name}: A's line");

    // Counts.
    let count = |t: Terrain| s.land().filter(|(_, x)| x.terrain() == Some(t)).count();
    assert_eq!(count(Terrain::Forest), 4);
    assert_eq!(count(Terrain::Fields), 4);
    assert_eq!(count(Terrain::Pasture), 4);
    assert_eq!(count(Terrain::Hills), 3);
    assert_eq!(count(Terrain::Mountains), 3);
    assert_eq!(count(Terrain::Desert), 2);
    let mut tokens: Vec<u8> = s.land().filter_map(|(_, t)| t.number()).collect();
    tokens.sort_unstable();
    assert_eq!(tokens, STANDARD_TOKENS);
    assert!(!has_adjacent_red_numbers(&s.tiles), "{name}: 6 or 8 touch");

    // Every number but 2 and 12 once on each side; 2 and 12 on different sides.
    let map = Map::single(&s);
    for side in [Territory::West, Territory::East] {
        let mut nums: Vec<u8> = map
            .land_hexes()
            .filter(|h| map.hex_territory(*h) == Some(side))
            .filter_map(|h| map.tile(h).number())
            .collect();
        nums.sort_unstable();
        let high_low: Vec<u8> = nums
            .iter()
            .copied()
            .filter(|n| *n == 2 || *n == 12)
            .collect();
        assert_eq!(high_low.len(), 1, "{name} {side:?}: {nums:?}");
        nums.retain(|n| *n != 2 && *n != 12);
        assert_eq!(nums, vec![3, 4, 5, 6, 8, 9, 10, 11], "{name} {side:?}");
    }
    let st = render::stats(&map);
    assert!(st.west.abs_diff(st.east) <= 4, "{name}: {st:?}");
    assert_eq!(st.west + st.east, st.total);

    // Starting pieces: the parser's checks, restated.
    let all: Vec<CornerId> = map.boards()[0]
        .starts
        .iter()
        .flat_map(|(_, s)| s.settlements.clone())
        .collect();
    assert_eq!(all.len(), 6);
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
            assert!(!map.topology.corner_corners(*a).contains(&Some(*b)));
        }
    }
    for (seat, st) in &map.boards()[0].starts {
        let side = if seat == "west" {
            Territory::West
        } else {
            Territory::East
        };
        for c in &st.settlements {
            assert_eq!(map.corner_territory(*c), Some(side), "{name} {seat}");
        }
        for e in st.roads.iter().chain(&st.ships) {
            let [x, y] = map.topology.edge_corners(*e);
            assert!(st.settlements.contains(&x) || st.settlements.contains(&y));
        }
        assert!(st.roads.iter().all(|e| map.edge_is_road_spot(*e)));
        assert!(st.ships.iter().all(|e| map.edge_is_ship_spot(*e)));
    }

    check_harbors(name, &map);
}

/// Nine harbours: four 3:1 and one 2:1 of each resource; none at a starting settlement's
/// corner and none sharing a corner or a sea position. Fair: one special harbour is as far
/// from the west's starting pieces as from the east's; of the other eight, each side owns
/// (by the territory of their corners) two 3:1 and two 2:1, at the same distances.
fn check_harbors(name: &str, map: &Map) {
    let hbs = map.harbors();
    assert_eq!(hbs.len(), 9, "{name}");
    let generic = hbs.iter().filter(|h| h.kind == HarborKind::Generic).count();
    assert_eq!(generic, 4, "{name}");
    for r in Resource::ALL {
        let n = hbs
            .iter()
            .filter(|h| h.kind == HarborKind::Special(r))
            .count();
        assert_eq!(n, 1, "{name}: 2:1 {r}");
    }
    let starts = &map.boards()[0].starts;
    let settlements: Vec<CornerId> = starts
        .iter()
        .flat_map(|(_, s)| s.settlements.clone())
        .collect();
    let mut corners = HashSet::new();
    let mut seas = HashSet::new();
    for h in hbs {
        for c in map.topology.edge_corners(h.edge) {
            assert!(!settlements.contains(&c), "{name}: harbour at a start");
            assert!(corners.insert(c), "{name}: harbours share a corner");
        }
        assert!(
            seas.insert(h.sea),
            "{name}: two harbours face one sea position"
        );
    }

    // Distances from each side's pieces to each harbour's buildable corners.
    let blocked: HashSet<CornerId> = settlements
        .iter()
        .flat_map(|c| {
            let mut v: Vec<CornerId> = map
                .topology
                .corner_corners(*c)
                .iter()
                .flatten()
                .copied()
                .collect();
            v.push(*c);
            v
        })
        .collect();
    let mut dist = HashMap::new();
    for (seat, st) in starts {
        let mut from = st.settlements.clone();
        for e in st.roads.iter().chain(&st.ships) {
            from.extend(map.topology.edge_corners(*e));
        }
        dist.insert(seat.as_str(), corner_distances(map, &from));
    }
    let mut shared = Vec::new();
    let mut own: HashMap<Territory, Vec<(bool, u32, usize)>> = HashMap::new();
    for h in hbs {
        let usable: Vec<CornerId> = map
            .topology
            .edge_corners(h.edge)
            .into_iter()
            .filter(|c| !blocked.contains(c))
            .collect();
        assert!(!usable.is_empty(), "{name}: a harbour no one can build at");
        let d = |seat: &str| usable.iter().map(|c| dist[seat][c]).min().unwrap();
        let (w, e) = (d("west"), d("east"));
        if w == e {
            shared.push(h.kind);
            continue;
        }
        let [c0, c1] = map.topology.edge_corners(h.edge);
        let side = map.corner_territory(c0).expect("coast corner");
        assert_eq!(map.corner_territory(c1), Some(side), "{name}: own harbour");
        let (d, other) = if side == Territory::West {
            (w, e)
        } else {
            (e, w)
        };
        assert!(
            other >= d + 2,
            "{name}: the other side is as near an own harbour"
        );
        own.entry(side)
            .or_default()
            .push((h.kind == HarborKind::Generic, d, usable.len()));
    }
    assert_eq!(shared.len(), 1, "{name}: one harbour equally far from both");
    assert_ne!(shared[0], HarborKind::Generic, "{name}");
    let mut west = own.remove(&Territory::West).unwrap_or_default();
    let mut east = own.remove(&Territory::East).unwrap_or_default();
    west.sort_unstable();
    east.sort_unstable();
    assert_eq!(west.len(), 4, "{name}");
    assert_eq!(
        west.iter().filter(|x| x.0).count(),
        2,
        "{name}: two 3:1 each"
    );
    assert_eq!(west, east, "{name}: the sides' harbours are alike");
}

#[test]
fn every_special_harbour_is_on_a_hex_of_its_resource() {
    for name in ["A", "B", "C"] {
        let map = Map::single(&spec(name));
        for h in map.harbors() {
            if let HarborKind::Special(r) = h.kind {
                assert_eq!(map.tile(h.land).terrain(), Some(r.terrain()), "{name} {r}");
            }
        }
    }
}

#[test]
fn names_work_as_the_docs_say() {
    let map = Map::single(&spec("A"));
    let name = |h: HexId| map.tile(h).label();
    assert_eq!(name(map.parse_hex("A").unwrap()), "F4");
    assert_eq!(name(map.parse_hex("C").unwrap()), "W9");
    assert_eq!(name(map.parse_hex("J").unwrap()), "B10");
    assert_eq!(name(map.parse_hex("T").unwrap()), "O6");
    assert_eq!(map.parse_corner("C.w"), map.parse_corner("F.ne"));
    assert_eq!(map.parse_corner("c.NW"), map.parse_corner("C.nw"));
    assert_eq!(map.corner_name(map.parse_corner("F.ne").unwrap()), "C.w");
    assert_eq!(map.parse_edge("C.n"), map.parse_edge("~3.s"));
    let (a, b) = (spec("A"), spec("B"));
    let ring = Map::ring(&[&b, &a, &b]);
    assert_eq!(ring.tile(ring.parse_hex("2C").unwrap()).label(), "W9");
    assert!(ring.parse_corner("2C.nw").is_ok());
    assert!(ring.parse_hex("3~4").is_ok());
    assert!(ring.parse_hex("C").is_err());
}

/// The example in docs/boards.md is a valid file and draws as the docs show.
#[test]
fn the_docs_example_is_right() {
    let docs =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/boards.md"))
            .expect("docs/boards.md");
    let block = |after: usize, fence: &str| -> (usize, String) {
        let start = docs[after..].find(fence).expect("a block") + after + fence.len();
        let end = docs[start..].find("```\n").expect("its end") + start;
        (end, docs[start..end].to_string())
    };
    let (end, toml) = block(0, "```toml\n");
    let (_, picture) = block(end + 4, "```text\n");
    BoardSpec::parse("two.toml", &toml).expect("the example parses");
    let dir = std::env::temp_dir().join(format!("catan-docs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("two.toml");
    std::fs::write(&path, &toml).expect("write");
    let out = stdout_of(&[
        "board",
        "show",
        path.to_str().expect("utf-8 path"),
        "--names",
        "--harbors",
        "--line",
    ]);
    assert_eq!(out, picture);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn board_a_is_a_fair_big_game_board() {
    check_big_game_board("A");
}

#[test]
fn board_b_is_a_fair_big_game_board() {
    check_big_game_board("B");
}

#[test]
fn board_c_is_a_fair_big_game_board() {
    check_big_game_board("C");
}

#[test]
fn boards_b_and_c_differ_from_a_and_from_each_other() {
    let label =
        |s: &BoardSpec| -> HashMap<Hex, String> { s.land().map(|(h, t)| (h, t.label())).collect() };
    let (a, b, c) = (label(&spec("A")), label(&spec("B")), label(&spec("C")));
    let same = |x: &HashMap<Hex, String>, y: &HashMap<Hex, String>| {
        x.iter()
            .filter(|(h, l)| l.as_str() != "D" && y.get(*h) == Some(*l))
            .count()
    };
    assert_eq!(same(&a, &b), 0, "B is too like A");
    // C's B8 in column 1 is A's; nothing else is.
    assert_eq!(same(&a, &c), 1, "C is too like A");
    assert_eq!(same(&b, &c), 0, "B and C are too alike");
}

/// B and C are fair beyond the pip totals: each resource has the same pips on both sides, and
/// the starting settlements of the two sides touch the same pips.
#[test]
fn boards_b_and_c_are_balanced_per_resource_and_start() {
    for name in ["B", "C"] {
        let map = Map::single(&spec(name));
        let st = render::stats(&map);
        assert_eq!(st.per_resource_west, st.per_resource_east, "{name}");
        let start_pips: Vec<Vec<u32>> = map.boards()[0]
            .starts
            .iter()
            .map(|(_, s)| {
                let mut v: Vec<u32> = s
                    .settlements
                    .iter()
                    .map(|c| {
                        map.topology
                            .corner_hexes(*c)
                            .iter()
                            .flatten()
                            .filter_map(|h| map.tile(*h).number())
                            .map(|n| pips(n) as u32)
                            .sum()
                    })
                    .collect();
                v.sort_unstable();
                v
            })
            .collect();
        assert_eq!(start_pips[0], start_pips[1], "{name}");
        // Neighbours differ in number and terrain; the red numbers are on four resources.
        let land: Vec<HexId> = map.land_hexes().collect();
        for h in &land {
            for n in map.topology.hex_neighbors(*h).iter().flatten() {
                if map.is_land(*n) {
                    let (x, y) = (map.tile(*h), map.tile(*n));
                    assert_ne!(x.terrain(), y.terrain(), "{name}: {x:?} {y:?}");
                    if x.number().is_some() {
                        assert_ne!(x.number(), y.number(), "{name}: {x:?} {y:?}");
                    }
                }
            }
        }
        let red: HashSet<Terrain> = land
            .iter()
            .map(|h| map.tile(*h))
            .filter(|t| matches!(t.number(), Some(6 | 8)))
            .filter_map(|t| t.terrain())
            .collect();
        assert_eq!(red.len(), 4, "{name}");
        // Every side's starting settlements touch all five resources.
        for (seat, s) in &map.boards()[0].starts {
            let res: HashSet<Resource> = s
                .settlements
                .iter()
                .flat_map(|c| map.topology.corner_hexes(*c).into_iter().flatten())
                .filter_map(|h| map.tile(h).terrain().and_then(|t| t.resource()))
                .collect();
            assert_eq!(res.len(), 5, "{name} {seat}");
        }
    }
}

/// Boards side by side in a ring never put two harbours on one corner or one sea position.
#[test]
fn harbours_of_neighbouring_boards_keep_apart() {
    let boards = [spec("A"), spec("B"), spec("C")];
    let mut rings: Vec<Vec<&BoardSpec>> = Vec::new();
    for x in &boards {
        for y in &boards {
            rings.push(vec![x, y]);
        }
    }
    rings.push(boards.iter().collect());
    for ring in rings {
        let map = Map::ring(&ring);
        let mut corners = HashSet::new();
        let mut seas = HashSet::new();
        for h in map.harbors() {
            for c in map.topology.edge_corners(h.edge) {
                assert!(corners.insert(c), "harbours share a corner");
            }
            assert!(seas.insert(h.sea), "two harbours face one sea position");
        }
    }
}

// ---- the beginner board ---------------------------------------------------------------------

#[test]
fn base_6_harbours_are_the_large_generators_slots_on_its_positions() {
    let coast = coast_edges_clockwise(&large_positions());
    let want: Vec<(Hex, Side, HarborKind)> = LARGE_HARBOR_SLOTS
        .iter()
        .zip(LARGE_HARBORS)
        .map(|(i, k)| (coast[*i].0, coast[*i].1, k))
        .collect();
    let b = spec("base-6");
    let got: Vec<(Hex, Side, HarborKind)> =
        b.harbors.iter().map(|h| (h.land, h.side, h.kind)).collect();
    assert_eq!(got, want);
    let generic = got.iter().filter(|h| h.2 == HarborKind::Generic).count();
    let wool = got
        .iter()
        .filter(|h| h.2 == HarborKind::Special(Resource::Wool))
        .count();
    assert_eq!(
        (generic, wool),
        (5, 2),
        "the base nine, one more 3:1 and one more wool"
    );
    let mut positions: Vec<Hex> = b.land().map(|(h, _)| h).collect();
    let mut frame = large_positions();
    positions.sort_by_key(|h| h.to_offset());
    frame.sort_by_key(|h| h.to_offset());
    assert_eq!(positions, frame);
}

#[test]
fn beginner_harbours_are_the_generators_slots() {
    let coast = coast_edges_clockwise(&standard_positions());
    let want: Vec<(Hex, Side, HarborKind)> = HARBOR_SLOTS
        .iter()
        .zip(STANDARD_HARBORS)
        .map(|(i, k)| (coast[*i].0, coast[*i].1, k))
        .collect();
    let got: Vec<(Hex, Side, HarborKind)> = spec("base-beginner")
        .harbors
        .iter()
        .map(|h| (h.land, h.side, h.kind))
        .collect();
    let lines: Vec<String> = want
        .iter()
        .map(|(h, s, k)| {
            let (c, r) = h.to_offset();
            format!("  \"{c},{r} {} {k}\",", s.name())
        })
        .collect();
    assert_eq!(got, want, "base-beginner.toml wants:\n{}", lines.join("\n"));
    let b = spec("base-beginner");
    assert_eq!(b.kind, BoardKind::Base);
    let mut positions: Vec<Hex> = b.land().map(|(h, _)| h).collect();
    let mut standard = standard_positions();
    positions.sort();
    standard.sort();
    assert_eq!(positions, standard);
}

// ---- geometry and topology of maps ----------------------------------------------------------

/// Every invariant of a map's topology: canonical unique ids, symmetric adjacency, land corners
/// touching one to three land hexes, edges with two distinct ends.
fn check_topology(what: &str, map: &Map) {
    let t = &map.topology;
    // Ids are canonical and unique.
    let corners: HashSet<_> = t.corner_ids().map(|c| t.corner(c)).collect();
    assert_eq!(corners.len(), t.corner_count(), "{what}: corners unique");
    let edges: HashSet<_> = t.edge_ids().map(|e| t.edge(e)).collect();
    assert_eq!(edges.len(), t.edge_count(), "{what}: edges unique");
    let hexes: HashSet<_> = t.hex_ids().map(|h| t.hex(h)).collect();
    assert_eq!(hexes.len(), t.hex_count(), "{what}: hexes unique");
    for c in t.corner_ids() {
        assert_eq!(t.corner_id(t.corner(c)), Some(c), "{what}");
    }
    for e in t.edge_ids() {
        assert_eq!(t.edge_id(t.edge(e)), Some(e), "{what}");
    }
    if let Some(w) = t.wrap() {
        // A whole period away is the same place.
        for h in t.hex_ids() {
            let p = t.hex(h);
            for k in [-2, -1, 1, 2] {
                let q = Hex::new(p.q + k * w, p.r - k * (w / 2));
                assert_eq!(t.hex_id(q), Some(h), "{what}: {p:?} shifted by {k}");
                for pt in Point::ALL {
                    assert_eq!(t.corner_id(q.corner(pt)), Some(t.hex_corner(h, pt)));
                }
                for s in Side::ALL {
                    assert_eq!(t.edge_id(q.edge(s)), Some(t.hex_edge(h, s)));
                }
            }
        }
    }
    // The same lattice corner reached from each hex touching it gets the same id.
    let mut reached: HashMap<CornerId, HashSet<HexId>> = HashMap::new();
    for h in t.hex_ids() {
        for p in Point::ALL {
            let c = t.hex_corner(h, p);
            assert_eq!(t.corner_id(t.hex(h).corner(p)), Some(c), "{what}");
            assert!(t.corner_hexes(c).contains(&Some(h)), "{what}");
            reached.entry(c).or_default().insert(h);
        }
        for (i, s) in Side::ALL.into_iter().enumerate() {
            let e = t.hex_edge(h, s);
            assert!(t.edge_hexes(e).contains(&Some(h)), "{what}");
            if let Some(n) = t.hex_neighbors(h)[i] {
                assert_eq!(t.hex_edge(n, s.opposite()), e, "{what}");
                assert_eq!(t.hex_neighbors(n)[s.opposite() as usize], Some(h), "{what}");
            }
        }
    }
    for (c, from) in &reached {
        let on_map: HashSet<HexId> = t.corner_hexes(*c).iter().flatten().copied().collect();
        assert_eq!(&on_map, from, "{what}: corner {c:?}");
    }
    // Adjacency is symmetric.
    for c in t.corner_ids() {
        for (i, n) in t.corner_corners(c).iter().enumerate() {
            if let Some(n) = n {
                assert!(t.corner_corners(*n).contains(&Some(c)), "{what}");
                let e = t.corner_edges(c)[i].expect("an edge to each neighbour");
                assert_eq!(t.other_end(e, c), *n, "{what}");
            }
        }
        for e in t.corner_edges(c).iter().flatten() {
            assert!(t.edge_corners(*e).contains(&c), "{what}");
        }
    }
    for e in t.edge_ids() {
        let [a, b] = t.edge_corners(e);
        assert_ne!(a, b, "{what}: an edge with one corner");
        assert!(t.corner_edges(a).contains(&Some(e)), "{what}");
        assert!(t.corner_edges(b).contains(&Some(e)), "{what}");
        let [x, y] = t.edge_hexes(e);
        assert_ne!(x, y, "{what}");
    }
    for c in map.land_corners() {
        let lands = t
            .corner_hexes(*c)
            .iter()
            .flatten()
            .filter(|h| map.is_land(**h))
            .count();
        assert!(
            (1..=3).contains(&lands),
            "{what}: {lands} land hexes at a corner"
        );
    }
    // Names parse back to what they name.
    for c in t.corner_ids() {
        assert_eq!(map.parse_corner(&map.corner_name(c)), Ok(c), "{what}");
    }
    for e in t.edge_ids() {
        assert_eq!(map.parse_edge(&map.edge_name(e)), Ok(e), "{what}");
    }
    for h in t.hex_ids() {
        assert_eq!(map.parse_hex(map.hex_name(h)), Ok(h), "{what}");
    }
}

#[test]
fn single_board_topologies_are_sound() {
    for name in ["A", "B", "C", "base-beginner"] {
        check_topology(name, &Map::single(&spec(name)));
    }
    check_topology(
        "base 1",
        &Map::single(&catan::board::generate::random_base(1)),
    );
}

#[test]
fn base_boards_have_54_settlement_spots_and_72_road_spots() {
    for s in [
        spec("base-beginner"),
        catan::board::generate::random_base(3),
    ] {
        let m = Map::single(&s);
        assert_eq!(m.land_count(), 19);
        assert_eq!(m.land_corners().len(), 54);
        let roads = m
            .topology
            .edge_ids()
            .filter(|e| m.edge_is_road_spot(*e))
            .count();
        assert_eq!(roads, 72);
    }
}

#[test]
fn ring_topologies_of_1_2_and_5_boards_are_sound() {
    let (a, b, c) = (spec("A"), spec("B"), spec("C"));
    let single = Map::single(&a);
    let rings: [(&str, Vec<&BoardSpec>); 3] = [
        ("ring of 1", vec![&a]),
        ("ring of 2", vec![&a, &b]),
        ("ring of 5", vec![&a, &b, &c, &a, &b]),
    ];
    for (what, boards) in rings {
        let map = Map::ring(&boards);
        check_topology(what, &map);
        let n = boards.len();
        assert_eq!(map.land_count(), 20 * n, "{what}");
        assert_eq!(map.boards().len(), n, "{what}");
        // Each board has the settlement spots of a single board, and no land corner is
        // shared between boards (the strip of sea lies between them).
        assert_eq!(
            map.land_corners().len(),
            n * single.land_corners().len(),
            "{what}"
        );
        for c in map.land_corners() {
            let boards: HashSet<usize> = map
                .topology
                .corner_hexes(*c)
                .iter()
                .flatten()
                .filter(|h| map.is_land(**h))
                .map(|h| map.board_of_hex(*h))
                .collect();
            assert_eq!(boards.len(), 1, "{what}");
        }
        // Each board's east end (F3's place) is two steps from the next board's west end (F4's
        // place), one sea position between them, across the seam for the last board.
        for k in 0..n {
            let next = (k + 1) % n;
            let east = map.hex_by_name(&format!("{}L", k + 1)).expect("F3's place");
            let west = map
                .hex_by_name(&format!("{}A", next + 1))
                .expect("F4's place");
            assert_eq!(map.topology.distance(east, west), 2, "{what}: board {k}");
        }
    }
}

// ---- bad board files ------------------------------------------------------------------------

fn refused(text: &str) -> BoardError {
    match BoardSpec::parse("bad.toml", text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

/// Asserts the error's line and that its message contains `reason`.
fn assert_refused(text: &str, line: Option<usize>, reason: &str) {
    let e = refused(text);
    assert_eq!(e.line, line, "{e}\n{text}");
    assert!(e.message.contains(reason), "{e:?} lacks {reason:?}");
    let shown = e.to_string();
    match line {
        Some(l) => assert!(shown.starts_with(&format!("bad.toml:{l}: ")), "{shown}"),
        None => assert!(shown.starts_with("bad.toml: "), "{shown}"),
    }
}

/// The 1-based line of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not in the text"))
        + 1
}

/// Board A's file with one change.
fn a_with(from: &str, to: &str) -> String {
    let a = builtin_text("big-game-a.toml");
    assert!(a.contains(from), "{from:?} not in A");
    a.replacen(from, to, 1)
}

#[test]
fn unknown_terrain() {
    assert_refused(
        "name = 'x'\ncolumns = [\n  'F4 W5',\n  'X6',\n]\n",
        Some(4),
        "unknown terrain `X`",
    );
    assert_refused(
        "name = 'x'\ntiles = ['0,0 F4', '1,0 Q3']\n",
        Some(2),
        "unknown terrain `Q`",
    );
}

#[test]
fn bad_number_tokens() {
    assert_refused("name = 'x'\ncolumns = ['F4 W7']", Some(2), "without 7");
    assert_refused("name = 'x'\ncolumns = ['F4 W13']", Some(2), "without 7");
    assert_refused("name = 'x'\ncolumns = ['F4 W1']", Some(2), "without 7");
    assert_refused(
        "name = 'x'\ncolumns = ['F4', 'D6']",
        Some(2),
        "the desert takes no number token",
    );
    assert_refused(
        "name = 'x'\n\ncolumns = ['F4', 'W']",
        Some(3),
        "needs a number token",
    );
    assert_refused(
        "name = 'x'\ncolumns = ['Fx']",
        Some(2),
        "needs a number token",
    );
}

#[test]
fn wrong_tile_counts() {
    let text = a_with("\"F4  .   W11\"", "\"W4  .   W11\"");
    assert_refused(
        &text,
        Some(line_of(&text, "kind =")),
        "wrong tile counts: a divided board has 4 forest tiles, this one 3",
    );
    let text = a_with("\"F11 D\"", "\"F11 W2\"");
    assert_refused(&text, Some(line_of(&text, "kind =")), "wrong tile counts");
    let text = builtin_text("base-beginner.toml").replacen("O10", "F10", 1);
    assert_refused(
        &text,
        Some(line_of(&text, "kind =")),
        "wrong tile counts: a base board",
    );
}

#[test]
fn wrong_token_counts() {
    let text = a_with("\"F4  .   W11\"", "\"F5  .   W11\"");
    assert_refused(
        &text,
        Some(line_of(&text, "kind =")),
        "wrong token counts: a divided board uses the 18 standard tokens",
    );
    let text = builtin_text("base-beginner.toml").replacen("O10", "O11", 1);
    assert_refused(
        &text,
        Some(line_of(&text, "kind =")),
        "wrong token counts: a base board",
    );
}

#[test]
fn overlapping_hexes() {
    assert_refused(
        "name = 'x'\ncolumns = ['F4 W5']\ntiles = [\n  '0,1 S6',\n]\n",
        Some(4),
        "overlapping hexes: 0,1 is given twice (W5 and S6)",
    );
    assert_refused(
        "name = 'x'\ntiles = ['0,0 F4',\n '0,0 ~']\n",
        Some(3),
        "overlapping hexes",
    );
}

#[test]
fn harbour_on_an_inland_edge() {
    let text = a_with("  \"3,1 s 2:1 wool\",", "  \"2,1 n 2:1 wool\",");
    assert_refused(
        &text,
        Some(line_of(&text, "2,1 n 2:1")),
        "harbour on an inland edge",
    );
}

#[test]
fn harbour_on_a_hex_that_is_not_land() {
    // Column 0 row 1 is the bay between F4 and W11.
    let text = a_with("  \"3,1 s 2:1 wool\",", "  \"0,1 sw 2:1 wool\",");
    assert_refused(
        &text,
        Some(line_of(&text, "0,1 sw")),
        "harbour at 0,1: that hex is not land",
    );
}

#[test]
fn two_harbours_sharing_a_corner() {
    // F4's south-west side meets its north-west side (a 3:1 harbour) at F4's west corner.
    let text = a_with("  \"3,1 s 2:1 wool\",", "  \"0,0 sw 2:1 wool\",");
    assert_refused(
        &text,
        Some(line_of(&text, "0,0 sw")),
        "harbour at 0,0 sw shares a corner with another harbour",
    );
}

#[test]
fn bad_harbour_syntax() {
    let text = a_with("  \"3,1 s 2:1 wool\",", "  \"3,1 s 2:1 gold\",");
    assert_refused(
        &text,
        Some(line_of(&text, "gold")),
        "`gold` is not a resource",
    );
    let text = a_with("  \"3,1 s 2:1 wool\",", "  \"3,1 x 3:1\",");
    assert_refused(&text, Some(line_of(&text, "3,1 x")), "`x` is not a side");
    let text = a_with("  \"3,1 s 2:1 wool\",", "  \"3,1 s 4:1\",");
    assert_refused(&text, Some(line_of(&text, "4:1")), "a harbour is");
}

#[test]
fn starting_settlement_breaking_the_distance_rule() {
    // B10's north-east corner is next to its east corner, an east starting settlement.
    let text = a_with(
        "settlements = [\"4,0 w\", \"3,0 w\", \"4,1 w\"]",
        "settlements = [\"4,0 w\", \"3,0 w\", \"4,1 ne\"]",
    );
    assert_refused(
        &text,
        Some(line_of(&text, "4,1 ne")),
        "starting settlement at `4,1 ne` breaks the distance rule",
    );
    // Within one seat too: the column-3 desert's west and south-west corners.
    let text = a_with(
        "settlements = [\"4,0 w\", \"3,0 w\", \"4,1 w\"]",
        "settlements = [\"4,0 w\", \"3,0 w\", \"3,0 sw\"]",
    );
    assert_refused(
        &text,
        Some(line_of(&text, "3,0 sw")),
        "starting settlement at `3,0 sw` breaks the distance rule",
    );
}

#[test]
fn road_not_touching_its_settlement() {
    let text = a_with("roads = [\"2,0 s\"]", "roads = [\"1,0 s\"]");
    assert_refused(
        &text,
        Some(line_of(&text, "\"1,0 s\"")),
        "does not touch one of seat west's starting settlements",
    );
}

#[test]
fn ship_on_land() {
    // D's north-west side lies between D and F6, both land.
    let text = a_with("ships = [\"4,0 nw\"]", "ships = [\"3,0 nw\"]");
    assert_refused(
        &text,
        Some(line_of(&text, "\"3,0 nw\"")),
        "ship at `3,0 nw` is not on the sea",
    );
}

#[test]
fn settlement_on_the_wrong_side_of_the_line() {
    let text = a_with(
        "settlements = [\"4,0 w\", \"3,0 w\", \"4,1 w\"]",
        "settlements = [\"4,0 w\", \"3,0 w\", \"6,0 w\"]",
    );
    assert_refused(
        &text,
        Some(line_of(&text, "6,0 w")),
        "on the other side of the dividing line",
    );
}

#[test]
fn big_game_board_without_a_line_or_a_start() {
    let a = builtin_text("big-game-a.toml");
    let kind_line = line_of(&a, "kind =");
    let no_line = a.replace("[dividing_line]\ncolumn = 4\nwest = [\"4,0\"]\n", "");
    assert_refused(
        &no_line,
        Some(kind_line),
        "a divided board needs a [dividing_line]",
    );
    let east = a.find("[start.east]").expect("east start");
    let no_east = a[..east].to_string();
    assert_refused(
        &no_east,
        Some(kind_line),
        "a divided board needs [start.east]",
    );
    let third = format!("{a}\n[start.north]\nsettlements = [\"0,0 w\"]\n");
    assert_refused(
        &third,
        Some(line_of(&third, "[start.north]")),
        "a divided board's starts are `west` and `east`, not `north`",
    );
}

#[test]
fn toml_syntax_errors_name_their_line() {
    let e = refused("name = 'x'\ncolumns = [\n  'F4',,\n]\n");
    assert_eq!(e.line, Some(3), "{e}");
    let e = refused("name = 'x\ncolumns = ['F4']\n");
    assert_eq!(e.line, Some(1), "{e}");
    let e = refused("name = 'x'\n[dividing_line\ncolumn = 4\n");
    assert_eq!(e.line, Some(2), "{e}");
}

#[test]
fn unknown_keys_are_refused() {
    assert_refused(
        "name = 'x'\ncolumns = ['F4']\nharbours = []\n",
        Some(3),
        "unknown field `harbours`",
    );
    let text = a_with("column = 4", "colum = 4");
    assert_refused(
        &text,
        Some(line_of(&text, "colum = 4")),
        "unknown field `colum`",
    );
    let text = a_with("ships = [\"4,0 nw\"]", "boats = [\"4,0 nw\"]");
    assert_refused(
        &text,
        Some(line_of(&text, "boats")),
        "unknown field `boats`",
    );
}

#[test]
fn other_bad_values() {
    assert_refused(
        "name = 'x'\nkind = 'huge'\ncolumns = ['F4']\n",
        Some(2),
        "unknown kind `huge`",
    );
    assert_refused("name = 'x'\n", None, "the board has no land");
    assert_refused(
        "name = 'x'\ntiles = ['500,0 F4']\n",
        Some(2),
        "`500,0` is not a position",
    );
    let text = a_with("west = [\"4,0\"]", "west = [\"3,1\"]");
    assert_refused(
        &text,
        Some(line_of(&text, "west = [\"3,1\"]")),
        "is not a land hex of the line's column 4",
    );
}

#[test]
fn bad_files_are_reported_by_the_command() {
    let dir = std::env::temp_dir().join(format!("catan-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("bad.toml");
    std::fs::write(&path, "name = 'x'\ncolumns = ['F4 X5']\n").expect("write");
    let out = catan(&["board", "show", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.toml:2: unknown terrain `X`"), "{err}");
    let out = catan(&["board", "show", "no-such-board"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("built-in boards are"));
    std::fs::remove_dir_all(&dir).ok();
}

// ---- no panics on any input -----------------------------------------------------------------

const BUILTIN_FILES: [&str; 4] = [
    "big-game-a.toml",
    "big-game-b.toml",
    "big-game-c.toml",
    "base-beginner.toml",
];

/// Pieces a mutation may insert: the file format's own vocabulary, so that mutated files get
/// past the TOML parser often and into the board checks.
const TOKENS: [&str; 24] = [
    "D", "~", ".", "F4", "W7", "S13", "B", "O12", "0,0", "9,9", "-1,3", "100,100", " w", " nw",
    " s", " 3:1", " 2:1 ore", "\"", "[", "]", ",", "\n", "=", "#",
];

fn mutate(text: &str, edits: &[(usize, usize, usize)]) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for &(kind, at, arg) in edits {
        if s.is_empty() {
            break;
        }
        let at = at % s.len();
        match kind % 4 {
            0 => {
                s.remove(at);
            }
            1 => {
                for (i, c) in TOKENS[arg % TOKENS.len()].chars().enumerate() {
                    s.insert(at + i, c);
                }
            }
            2 => s[at] = char::from(b' ' + (arg % 95) as u8),
            _ => {
                let end = (at + arg % 40).min(s.len());
                s.drain(at..end);
            }
        }
    }
    s.into_iter().collect()
}

/// Parsing, building a map and rendering never panic, and a file that parses also renders.
fn parse_build_render(text: &str) {
    if let Ok(spec) = BoardSpec::parse("fuzz.toml", text) {
        let map = Map::single(&spec);
        let overlay = start_overlay(&map);
        for opts in [
            RenderOptions::default(),
            RenderOptions {
                names: true,
                harbors: true,
                sea: true,
                dividing_line: true,
                ..RenderOptions::default()
            },
            RenderOptions {
                harbors: true,
                dividing_line: true,
                blank: true,
                ..RenderOptions::default()
            },
        ] {
            let pic = render::render(&map, &overlay, &opts);
            assert!(pic.height() > 0);
        }
        let _ = render::stats(&map);
        // What the writer writes is a valid file again.
        let again = BoardSpec::parse("again.toml", &spec.to_toml()).expect("written file parses");
        assert_eq!(again.tiles, spec.tiles);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn mutated_builtin_files_never_panic(
        file in 0..BUILTIN_FILES.len(),
        edits in prop::collection::vec((0usize..4, any::<usize>(), any::<usize>()), 1..6),
    ) {
        let text = mutate(&builtin_text(BUILTIN_FILES[file]), &edits);
        parse_build_render(&text);
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,300}") {
        parse_build_render(&text);
    }

    #[test]
    fn random_board_lines_never_panic(
        cols in prop::collection::vec("[FWSBOD~. 0-9]{0,16}", 0..10),
        harbors in prop::collection::vec("[0-9],[0-9] (n|ne|se|s|sw|nw) (3:1|2:1 ore|2:1 wool)", 0..6),
        settlements in prop::collection::vec("[0-9],[0-9] (w|nw|ne|e|se|sw)", 0..4),
        kind in "(base|big-game|custom)",
    ) {
        let q = |v: &[String]| v.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join(", ");
        let text = format!(
            "name = \"r\"\nkind = \"{kind}\"\ncolumns = [{}]\nharbors = [{}]\n\
             [dividing_line]\ncolumn = 4\n[start.west]\nsettlements = [{}]\n",
            q(&cols), q(&harbors), q(&settlements)
        );
        parse_build_render(&text);
    }
}

// ---- the command ----------------------------------------------------------------------------

/// The rows of `--stats`: name -> numbers.
fn stats_rows(out: &str) -> HashMap<String, Vec<u32>> {
    out.lines()
        .skip_while(|l| !l.starts_with("pips "))
        .skip(1)
        .filter_map(|l| {
            let nums: Vec<u32> = l
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            let name: String = l
                .split_whitespace()
                .take_while(|w| w.parse::<u32>().is_err())
                .collect::<Vec<_>>()
                .join(" ");
            (nums.len() == 6).then_some((name, nums))
        })
        .collect()
}

#[test]
fn stats_print_pips_per_side_and_resource() {
    // Columns: lumber, brick, wool, grain, ore, all.
    for name in ["B", "C"] {
        let out = stdout_of(&["board", "show", name, "--stats"]);
        let rows = stats_rows(&out);
        assert_eq!(rows["west (Sun)"], vec![6, 5, 7, 6, 5, 29], "{name}\n{out}");
        assert_eq!(
            rows["east (Moon)"],
            vec![6, 5, 7, 6, 5, 29],
            "{name}\n{out}"
        );
        assert!(
            out.contains("west (Sun) 29, east (Moon) 29: difference 0"),
            "{out}"
        );
    }
    assert_eq!(
        stats_rows(&stdout_of(&["board", "show", "B", "--stats"]))["board"],
        vec![12, 10, 14, 12, 10, 58]
    );
    assert_eq!(
        stats_rows(&stdout_of(&["board", "show", "C", "--stats"]))["board"],
        vec![12, 10, 14, 12, 10, 58]
    );
    let a = stats_rows(&stdout_of(&["board", "show", "A", "--stats"]));
    assert_eq!(a["west (Sun)"], vec![8, 5, 6, 6, 4, 29]);
    assert_eq!(a["east (Moon)"], vec![4, 6, 4, 9, 6, 29]);
    // Without a dividing line there are no sides.
    let out = stdout_of(&["board", "show", "base-beginner", "--stats"]);
    let rows = stats_rows(&out);
    assert_eq!(rows["board"], vec![13, 12, 10, 13, 10, 58]);
    assert!(!rows.contains_key("west (Sun)"), "{out}");
}

#[test]
fn every_option_works_for_every_board_and_a_file() {
    let dir = std::env::temp_dir().join(format!("catan-board-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("mine.toml");
    std::fs::write(&file, builtin_text("big-game-c.toml")).expect("write");
    let file = file.to_str().expect("utf-8 path").to_string();
    let plain = stdout_of(&["board", "show", "C"]);
    assert_eq!(stdout_of(&["board", "show", &file]), plain);
    for board in [
        "A",
        "B",
        "C",
        "base",
        "base-beginner",
        "big-game-b",
        file.as_str(),
    ] {
        for flags in [
            vec!["--names"],
            vec!["--harbors"],
            vec!["--line"],
            vec!["--stats"],
            vec!["--names", "--harbors", "--line", "--stats"],
        ] {
            let mut args = vec!["board", "show", board];
            args.extend(flags.iter().copied());
            let out = catan(&args);
            assert!(out.status.success(), "{args:?}");
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.lines().count() > 10, "{args:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            let has_line = !board.starts_with("base");
            if flags.contains(&"--line") {
                assert_eq!(text.contains("Dividing Line"), has_line, "{args:?}");
                assert_eq!(err.contains("has no dividing line"), !has_line, "{args:?}");
            } else {
                assert!(err.is_empty(), "{args:?}: {err}");
            }
            if flags.contains(&"--harbors") {
                assert_eq!(text.matches("3:1").count(), 4, "{args:?}\n{text}");
                assert_eq!(text.matches("2:1").count(), 5, "{args:?}\n{text}");
            }
            if flags.contains(&"--names") {
                assert!(text.contains("/A "), "{args:?}\n{text}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn no_colour_codes_unless_on_a_terminal() {
    let run = |args: &[&str], no_color: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_catan"));
        cmd.args(args);
        if no_color {
            cmd.env("NO_COLOR", "1");
        } else {
            cmd.env_remove("NO_COLOR");
        }
        let out = cmd.output().expect("run catan");
        assert!(out.status.success());
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let all = [
        "board",
        "show",
        "A",
        "--names",
        "--harbors",
        "--line",
        "--stats",
    ];
    // Piped: `auto` means none.
    let mut auto = all.to_vec();
    auto.extend(["--color", "auto"]);
    assert!(!run(&auto, false).contains('\x1b'));
    assert!(!run(&all, false).contains('\x1b'));
    assert!(!run(&auto, true).contains('\x1b'));
    let mut never = all.to_vec();
    never.extend(["--color", "never"]);
    assert!(!run(&never, false).contains('\x1b'));
    // Asked for: colour even through a pipe, and the same text under it.
    let mut always = all.to_vec();
    always.extend(["--color", "always"]);
    let coloured = run(&always, false);
    assert!(coloured.contains('\x1b'));
    let mut stripped = String::new();
    let mut in_code = false;
    for ch in coloured.chars() {
        match (in_code, ch) {
            (false, '\x1b') => in_code = true,
            (true, 'm') => in_code = false,
            (false, c) => stripped.push(c),
            (true, _) => {}
        }
    }
    assert_eq!(stripped, run(&auto, false));
}

#[test]
fn the_line_puts_cut_hex_labels_on_their_own_side() {
    let out = stdout_of(&["board", "show", "A", "--line"]);
    // W9 is the west's, B10 and W5 the east's.
    assert!(out.contains(" W9|"), "{out}");
    assert!(out.contains("|B10"), "{out}");
    assert!(out.contains("|W5 "), "{out}");
}

#[test]
fn every_land_hex_is_named_in_the_names_picture() {
    for name in ["A", "B", "C", "base-beginner"] {
        let map = Map::single(&spec(name));
        let out = stdout_of(&["board", "show", name, "--names"]);
        for h in map.land_hexes() {
            assert!(
                out.contains(&format!("/{:<4}\\", map.hex_name(h))),
                "{name}: {} missing\n{out}",
                map.hex_name(h)
            );
        }
    }
}

#[test]
fn the_writer_round_trips_every_builtin_board() {
    for name in ["A", "B", "C", "base-beginner"] {
        let s = spec(name);
        let again = BoardSpec::parse("again.toml", &s.to_toml()).expect("parses");
        assert_eq!(again, s, "{name}");
    }
}

#[test]
fn harbour_kinds_show_in_the_picture() {
    let out = stdout_of(&["board", "show", "A", "--harbors"]);
    for r in Resource::ALL {
        assert!(
            out.contains(&format!("2:1 {}", r.letter())),
            "2:1 {r} missing\n{out}"
        );
    }
}

/// A picture piped into a reader that has gone (`catan board show A | head -0`) ends the
/// command quietly: no panic about a broken pipe on the terminal.
#[test]
fn board_show_into_a_closed_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(["board", "show", "A", "--stats"])
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run catan");
    // The reader goes before the picture is written.
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr read");
    child.wait().expect("catan ends");
    assert!(!err.contains("panicked"), "{err}");
}
