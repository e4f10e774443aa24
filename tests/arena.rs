//! The arena in catanatron's engine (benches/peers/arena.py): its board mapping checked against
//! our geometry, and a short match. Both need catanatron importable by the Python that
//! `CATANATRON_PYTHON` names (else `python3`), from an install or a checkout in
//! `CATANATRON_SRC`; without it they pass saying why they were skipped.

use catan::board::{BoardSpec, Map};
use catan::geometry::{Hex, Point, Side};
use catan::topology::{CornerId, EdgeId};
use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Command;

fn python() -> String {
    std::env::var("CATANATRON_PYTHON").unwrap_or_else(|_| "python3".into())
}

fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/peers/arena.py")
}

/// Whether catanatron can be imported; says why not when it cannot.
fn catanatron_here() -> bool {
    let mut cmd = Command::new(python());
    cmd.args(["-c", "import catanatron.game"]);
    if let Ok(src) = std::env::var("CATANATRON_SRC") {
        cmd.env("PYTHONPATH", PathBuf::from(src).join("catanatron"));
    }
    let ok = cmd.output().map(|o| o.status.success()).unwrap_or(false);
    if !ok {
        eprintln!(
            "skipped: catanatron is not importable by `{}` (install it, or set CATANATRON_SRC \
             to a checkout of bcollazo/catanatron and CATANATRON_PYTHON to a Python with its \
             requirements)",
            python()
        );
    }
    ok
}

/// `"col,row word"` as a hex (board-file offsets) and its word.
fn place(s: &str) -> (Hex, &str) {
    let (pos, word) = s.split_once(' ').expect("a place and a word");
    let (c, r) = pos.split_once(',').expect("col,row");
    (
        Hex::from_offset(c.parse().unwrap(), r.parse().unwrap()),
        word,
    )
}

fn corner(map: &Map, s: &str) -> CornerId {
    let (h, p) = place(s);
    map.topology
        .corner_id(h.corner(Point::parse(p).expect("a point")))
        .expect("a corner of the map")
}

fn edge(map: &Map, s: &str) -> EdgeId {
    let (h, side) = place(s);
    map.topology
        .edge_id(h.edge(Side::parse(side).expect("a side")))
        .expect("an edge of the map")
}

fn run_script(args: &[&str]) -> String {
    let out = Command::new(python())
        .arg(script())
        .args(args)
        .env("CATAN_BIN", env!("CARGO_BIN_EXE_catan"))
        .env("CATAN_NO_ADVERTISE", "1")
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "arena.py {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn every_node_and_edge_of_catanatrons_board_has_one_place_of_ours() {
    if !catanatron_here() {
        return;
    }
    let self_test = run_script(&["--self-test", "--seed", "3"]);
    assert!(self_test.contains("round-trip"), "{self_test}");
    let m: serde_json::Value =
        serde_json::from_str(&run_script(&["--mapping", "--seed", "3"])).expect("json");
    let spec = BoardSpec::parse("catanatron", m["board"].as_str().unwrap()).expect("a board");
    let map = Map::single(&spec);
    assert_eq!(map.land_count(), 19);
    // Every node is a distinct corner of ours ...
    let mut corner_of = std::collections::HashMap::new();
    for (node, name) in m["nodes"].as_object().unwrap() {
        let c = corner(&map, name.as_str().unwrap());
        assert!(map.corner_touches_land(c));
        corner_of.insert(node.parse::<u32>().unwrap(), c);
    }
    let distinct: HashSet<_> = corner_of.values().collect();
    assert_eq!((corner_of.len(), distinct.len()), (54, 54));
    assert_eq!(map.land_corners().len(), 54);
    // ... and every edge the road of ours between its two nodes' corners.
    let edges = m["edges"].as_array().unwrap();
    assert_eq!(edges.len(), 72);
    let mut seen = HashSet::new();
    for e in edges {
        let (a, b) = (e[0].as_u64().unwrap() as u32, e[1].as_u64().unwrap() as u32);
        let edge = edge(&map, e[2].as_str().unwrap());
        assert!(map.edge_is_road_spot(edge));
        let ends: HashSet<_> = map.topology.edge_corners(edge).into_iter().collect();
        assert_eq!(ends, HashSet::from([corner_of[&a], corner_of[&b]]), "{e}");
        seen.insert(edge);
    }
    assert_eq!(seen.len(), 72);
}

#[test]
fn ten_games_against_weighted_random() {
    if !catanatron_here() {
        return;
    }
    let line = run_script(&[
        "--ours", "medium", "--theirs", "weighted", "--games", "10", "--seed", "1", "--json",
    ]);
    let r: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON line");
    assert_eq!(r["games"], 10);
    assert_eq!(r["ours_seats"], 1);
    let wins = r["ours_wins"].as_u64().unwrap() + r["theirs_wins"].as_u64().unwrap();
    assert_eq!(wins + r["draws"].as_u64().unwrap(), 10);
    assert!(r["decisions"].as_u64().unwrap() > 100, "{r}");
    assert!(r["decision_p99_ms"].as_f64().unwrap() > 0.0);
    // Every answer was one catanatron accepts.
    assert_eq!(r["answers_refused"], 0, "{r}");
}
