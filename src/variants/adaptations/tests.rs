//! Scenario tests of the Adaptations rules: the test scenarios of
//! `rules/adaptations-rulings.md` (section 4) and each ruling they do not cover, including
//! those of `docs/rules/adaptations.md`. Each test names what it holds in place.

use crate::ruleset::testing::{rows_of, settings_rows};
use super::drift::{CENTRE, dist, frame, name};
use super::scoring::mass_points;
use super::*;
use crate::rules::resources::Resource::*;

fn game(seats: usize) -> AdaptGame {
    let mut g = AdaptGame::new(AdaptConfig::new(seats, 7)).unwrap();
    g.active = 0;
    g
}

fn h(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

fn ok(g: &mut AdaptGame, seat: Seat, text: &str) -> Vec<Event> {
    let cmd = g
        .parse(seat, text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    g.apply(seat, &cmd, 0)
        .unwrap_or_else(|e| panic!("seat {} `{text}` refused: {e}", seat + 1))
}

/// A command that must be refused: checks the state is untouched, returns why.
fn no(g: &mut AdaptGame, seat: Seat, text: &str) -> String {
    let cmd = g
        .parse(seat, text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    let before = g.clone();
    let e = g.apply(seat, &cmd, 0).expect_err("must be refused");
    assert!(*g == before, "a refused command leaves the state untouched");
    e.0
}

/// Moves every hand back to the draw pile, empties the board of herds.
fn bare(g: &mut AdaptGame) {
    for s in 0..g.seats() {
        let hand = g.hands[s];
        for (r, n) in hand.iter() {
            g.draw.extend(std::iter::repeat_n(r, n as usize));
        }
        g.hands[s] = ResourceSet::EMPTY;
    }
    g.herds.clear();
}

/// Cards from the draw pile into a hand (cards stay conserved).
fn give(g: &mut AdaptGame, seat: Seat, cards: &[Resource]) {
    for c in cards {
        let i = g
            .draw
            .iter()
            .position(|x| x == c)
            .expect("in the draw pile");
        g.draw.remove(i);
        g.hands[seat as usize][*c] += 1;
    }
}

/// Cards from the draw pile onto the discard pile, without running the clock.
fn onto_discard_raw(g: &mut AdaptGame, cards: &[Resource]) {
    for c in cards {
        let i = g
            .draw
            .iter()
            .position(|x| x == c)
            .expect("in the draw pile");
        g.draw.remove(i);
        g.discard[*c] += 1;
    }
}

fn climate(g: &mut AdaptGame, seat: Seat) {
    g.phase = Phase::Climate {
        seat,
        single: false,
        water: false,
        season: false,
    };
}

fn evolution(g: &mut AdaptGame, seat: Seat, ap: u32) {
    g.phase = Phase::Evolution { seat };
    g.ap[seat as usize] = ap;
}

fn grant(g: &mut AdaptGame, seat: Seat, a: Adaptation) {
    g.supply[a.index()] -= 1;
    g.held[seat as usize][a.index()] += 1;
}

fn conflict(g: &mut AdaptGame) -> Vec<Event> {
    let mut ev = Vec::new();
    g.start_conflict(&mut ev);
    ev
}

fn n(h: Hex) -> String {
    name(h)
}

#[test]
fn scenario_1_board_has_the_desert_in_the_middle_and_36_shuffled_tiles() {
    let g = game(4);
    assert_eq!(g.tiles.len(), 37);
    assert!(g.tiles.keys().all(|p| dist(*p) <= 3));
    assert_eq!(g.tiles[&CENTRE], Piece::Land(Terrain::Desert));
    let count = |p: Piece| g.tiles.values().filter(|x| **x == p).count();
    assert_eq!(count(Piece::Land(Terrain::Forest)), 4);
    assert_eq!(count(Piece::Land(Terrain::Fields)), 4);
    assert_eq!(count(Piece::Land(Terrain::Pasture)), 4);
    assert_eq!(count(Piece::Land(Terrain::Hills)), 3);
    assert_eq!(count(Piece::Land(Terrain::Mountains)), 3);
    assert_eq!(count(Piece::Sea), 18);
    let again = game(4);
    assert_eq!(g.tiles, again.tiles, "the same seed gives the same board");
    let other = AdaptGame::new(AdaptConfig::new(4, 8)).unwrap();
    assert_ne!(g.tiles, other.tiles);
    assert_eq!(frame().len(), 127, "the frame is radius 6");
    assert_eq!(g.audit(), Ok(()));
}

#[test]
fn setup_deals_three_cards_24_herds_and_the_adaptation_supply() {
    let g = game(4);
    for s in 0..4 {
        assert_eq!(g.hand(s).total(), 3);
        assert_eq!(g.in_supply(s), 24);
        assert_eq!(g.ap(s), 0);
    }
    assert_eq!(g.draw_len(), 95 - 12);
    assert_eq!(g.supply(Adaptation::Aggressive), 14);
    assert_eq!(g.supply(Adaptation::Speed), 2);
    assert_eq!(g.supply(Adaptation::Intelligence), 1);
    assert_eq!(g.seasons(), (None, None));
    assert_eq!(g.game_end_count(), 0);
}

#[test]
fn placement_runs_in_reverse_order_then_in_order_within_capacity() {
    let mut g = game(4);
    g.active = 1;
    let order: Vec<Seat> = (0..8).map(|i| g.placement_seat(i)).collect();
    assert_eq!(order, vec![0, 3, 2, 1, 1, 2, 3, 0]);
    // The desert holds one herd: two there are refused, before and after seasons.
    let e = no(&mut g, 0, &format!("place {} {}", n(CENTRE), n(CENTRE)));
    assert!(e.contains("capacity"), "{e}");
    assert!(no(&mut g, 3, "place A B").contains("not your move"));
    let mountains = *g
        .tiles
        .iter()
        .find(|(_, p)| **p == Piece::Land(Terrain::Mountains))
        .unwrap()
        .0;
    ok(
        &mut g,
        0,
        &format!("place {} {}", n(mountains), n(mountains)),
    );
    // The mountains are full (2): the next player cannot add one.
    let e = no(&mut g, 3, &format!("place {} {}", n(mountains), n(CENTRE)));
    assert!(e.contains("capacity"), "{e}");
    let sea = *g.tiles.iter().find(|(_, p)| **p == Piece::Sea).unwrap().0;
    assert!(no(&mut g, 3, &format!("place {} {}", n(sea), n(CENTRE))).contains("not land"));
    while let Phase::Placement { step } = g.phase {
        let s = g.placement_seat(step);
        let c = g.legal(s)[0].clone();
        g.apply(s, &c, 0).unwrap();
    }
    assert_eq!(
        g.phase,
        Phase::Climate {
            seat: 1,
            single: false,
            water: false,
            season: false
        }
    );
    assert_eq!(g.turn(), 1);
    for s in 0..4 {
        assert_eq!(g.on_board(s), 4);
    }
    for (p, _) in g.herds.iter() {
        assert!(g.total_at(*p) <= g.capacity(*p).unwrap());
    }
}

/// Scenario 2: outward drift beside a tile; herds stay behind as swimmers.
#[test]
fn scenario_2_drift_distance_and_adjacency() {
    let mut g = game(3);
    bare(&mut g);
    let f = h(1, 0);
    g.tiles.insert(f, Piece::Land(Terrain::Forest));
    g.add_herds(f, 0, 2);
    climate(&mut g, 0);
    give(&mut g, 0, &[Lumber]);
    // Distance 5, next to no tile.
    let e = no(&mut g, 0, &format!("drift {} {}", n(f), n(h(5, 0))));
    assert!(e.contains("beside no other tile"), "{e}");
    // The desert never drifts.
    assert!(no(&mut g, 0, &format!("drift {} {}", n(CENTRE), n(h(4, 0)))).contains("desert"));
    // Distance 4 next to a ring-3 tile.
    let ev = ok(&mut g, 0, &format!("drift {} {}", n(f), n(h(4, 0))));
    assert!(matches!(ev[0], Event::Drifted { swimmers: 2, .. }));
    assert_eq!(g.land(h(4, 0)), Some(Terrain::Forest));
    assert!(!g.tiles.contains_key(&f), "the origin is open water");
    assert_eq!(g.herds_at(f, 0), 2, "the herds stay as swimmers");
    assert_eq!(g.discard_pile()[Lumber], 1, "the card goes to discard");
    assert_eq!(g.cards_total(), CARDS);
}

/// Scenario 3: no inward or sideways drift.
#[test]
fn scenario_3_no_inward_or_sideways_drift() {
    let mut g = game(2);
    bare(&mut g);
    let hills = h(3, 0);
    g.tiles.insert(hills, Piece::Land(Terrain::Hills));
    g.tiles.remove(&h(0, 3));
    g.tiles.remove(&h(0, 2));
    evolution(&mut g, 0, 8);
    for to in [h(0, 3), h(0, 2)] {
        let e = no(&mut g, 0, &format!("drift {} {}", n(hills), n(to)));
        assert!(e.contains("further from the desert"), "{e}");
    }
    assert!(!g.land_drift_targets(hills).contains(&h(0, 3)));
    assert!(g.land_drift_targets(hills).iter().all(|t| dist(*t) >= 4));
}

/// Scenario 4 (A11): a water drift drowns the herds at its destination, except Swimming's.
#[test]
fn scenario_4_water_drift_drowns_except_swimming() {
    let mut g = game(3);
    bare(&mut g);
    let p = h(3, 0);
    g.tiles.remove(&p);
    g.tiles.insert(h(2, 0), Piece::Land(Terrain::Fields));
    let sea = h(0, -3);
    g.tiles.insert(sea, Piece::Sea);
    // Keep 18 sea tiles: the removed position held one kind or another; fix counts loosely.
    g.add_herds(p, 1, 2);
    g.add_herds(p, 2, 1);
    grant(&mut g, 2, Adaptation::Swimming);
    climate(&mut g, 0);
    give(&mut g, 0, &[Wool, Wool]);
    let ev = ok(&mut g, 0, &format!("water wool {} {}", n(sea), n(p)));
    assert!(
        matches!(&ev[0], Event::WaterDrift { drowned, .. } if drowned == &vec![(1, 2)]),
        "{ev:?}"
    );
    assert_eq!(g.herds_at(p, 1), 0);
    assert_eq!(g.in_supply(1), 24, "drowned herds go back to the supply");
    assert_eq!(g.herds_at(p, 2), 1, "Swimming survives");
    assert_eq!(g.tiles.get(&p), Some(&Piece::Sea));
    assert!(
        !g.tiles.contains_key(&sea),
        "the sea tile left its old place"
    );
    assert_eq!(g.discard_pile()[Wool], 2);
    // A sea tile may only go beside land.
    let far = h(6, 0);
    climate(&mut g, 1);
    give(&mut g, 1, &[Ore, Ore]);
    assert!(no(&mut g, 1, &format!("water ore {} {}", n(p), n(far))).contains("beside no land"));
    assert!(
        no(
            &mut g,
            1,
            &format!("water ore {} {}", n(h(2, 0)), n(h(4, 0)))
        )
        .contains("no sea tile")
    );
}

fn forest_with_target(g: &AdaptGame, skip: &[Hex]) -> (Hex, Hex) {
    let from = g
        .driftable(Some(Terrain::Forest))
        .into_iter()
        .find(|x| !skip.contains(x))
        .expect("a forest to drift");
    (from, g.land_drift_targets(from)[0])
}

/// Scenario 5 (A7, A8): the per-turn caps count players; triples are never capped.
#[test]
fn scenario_5_phase_1_caps() {
    let mut g = game(4);
    bare(&mut g);
    give(&mut g, 0, &[Lumber, Lumber]);
    give(&mut g, 1, &[Lumber]);
    give(&mut g, 2, &[Lumber, Lumber, Lumber, Lumber]);
    climate(&mut g, 0);
    let (f, t) = forest_with_target(&g, &[]);
    ok(&mut g, 0, &format!("drift {} {}", n(f), n(t)));
    let (f2, t2) = forest_with_target(&g, &[t]);
    let e = no(&mut g, 0, &format!("drift {} {}", n(f2), n(t2)));
    assert!(e.contains("already made a single-card drift"), "{e}");
    ok(&mut g, 0, "done");
    let (f, t) = forest_with_target(&g, &[]);
    ok(&mut g, 1, &format!("drift {} {}", n(f), n(t)));
    ok(&mut g, 1, "done");
    let (f, t) = forest_with_target(&g, &[]);
    let e = no(&mut g, 2, &format!("drift {} {}", n(f), n(t)));
    assert!(e.contains("two players already"), "{e}");
    let ev = ok(&mut g, 2, &format!("triple lumber drift {} {}", n(f), n(t)));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Drifted {
            how: event::DriftHow::Triple,
            ..
        }
    )));
    assert_eq!(g.hand(2).total(), 1 + 3, "a triple draws 3 more");
    assert_eq!(g.audit(), Ok(()));
}

#[test]
fn scenario_5_one_season_change_and_two_water_drifts_per_turn() {
    let mut g = game(4);
    bare(&mut g);
    give(&mut g, 0, &[Wool, Ore, Grain, Grain]);
    give(&mut g, 1, &[Wool, Ore, Brick, Brick]);
    give(&mut g, 2, &[Ore, Ore]);
    climate(&mut g, 0);
    ok(&mut g, 0, "season wool ore");
    assert!(no(&mut g, 0, "season grain wool").contains("already changed"));
    let sea = *g.tiles.iter().find(|(_, p)| **p == Piece::Sea).unwrap().0;
    let to = g.water_drift_targets(sea)[0];
    ok(&mut g, 0, &format!("water grain {} {}", n(sea), n(to)));
    let again = format!("water grain {} {}", n(to), n(g.water_destinations()[0]));
    assert!(no(&mut g, 0, &again).contains("already made a water drift"));
    ok(&mut g, 0, "done");
    assert!(no(&mut g, 1, "season ore wool").contains("already changed"));
    let to = g.water_destinations()[0];
    let sea = *g.tiles.iter().find(|(_, p)| **p == Piece::Sea).unwrap().0;
    ok(&mut g, 1, &format!("water brick {} {}", n(sea), n(to)));
    ok(&mut g, 1, "done");
    let to = g.water_destinations()[0];
    let e = no(&mut g, 2, &format!("water ore {} {}", n(sea), n(to)));
    assert!(e.contains("two players already made a water drift"), "{e}");
}

/// Scenario 6 (A12–A14): seasons change capacities; a new change discards the old cards.
#[test]
fn scenario_6_seasons() {
    let mut g = game(3);
    bare(&mut g);
    give(&mut g, 0, &[Wool, Ore, Grain, Grain]);
    climate(&mut g, 0);
    assert!(no(&mut g, 0, "season grain grain").contains("two different"));
    ok(&mut g, 0, "season wool ore");
    assert_eq!(g.capacity_of(Terrain::Pasture), 5);
    assert_eq!(g.capacity_of(Terrain::Mountains), 1);
    assert_eq!(g.capacity_of(Terrain::Forest), 5);
    assert_eq!(
        g.capacity_of(Terrain::Desert),
        1,
        "the desert never changes"
    );
    // Next turn another player changes again: both old cards go to discard.
    g.seasons_used = 0;
    give(&mut g, 1, &[Grain, Brick]);
    climate(&mut g, 1);
    ok(&mut g, 1, "season grain brick");
    assert_eq!(g.discard_pile()[Wool], 1);
    assert_eq!(g.discard_pile()[Ore], 1);
    assert_eq!(g.capacity_of(Terrain::Fields), 5);
    assert_eq!(g.capacity_of(Terrain::Hills), 2);
    assert_eq!(g.capacity_of(Terrain::Pasture), 4);
    // A triple may not make High and Low the same.
    give(&mut g, 2, &[Brick, Brick, Brick, Grain, Grain, Grain]);
    climate(&mut g, 2);
    let e = no(&mut g, 2, "triple brick high");
    assert!(e.contains("must differ"), "{e}");
    // Replacing the card it covers is fine: grain on High covers grain (Low is brick).
    ok(&mut g, 2, "triple brick low");
    assert_eq!(g.seasons(), (Some(Grain), Some(Brick)));
    assert_eq!(
        g.discard_pile()[Brick],
        1 + 2,
        "the covered card and the other two"
    );
    assert_eq!(g.audit(), Ok(()));
}

#[test]
fn mountains_in_low_season_hold_one_and_seasons_count_in_conflict() {
    let mut g = game(2);
    bare(&mut g);
    let m = h(1, 0);
    g.tiles.insert(m, Piece::Land(Terrain::Mountains));
    g.low = Some(Ore);
    g.draw.retain({
        let mut once = false;
        move |c| {
            if *c == Ore && !once {
                once = true;
                false
            } else {
                true
            }
        }
    });
    g.add_herds(m, 0, 2);
    conflict(&mut g);
    assert_eq!(g.herds_at(m, 0), 1, "a lone player loses its own excess");
    assert_eq!(g.conflict_vp(0), 0, "own herds score nothing");
    assert_eq!(g.cards_total(), CARDS);
}

/// Scenario 7 (A25, A28): least aggressive first, ties from the right of the active player.
#[test]
fn scenario_7_removal_order() {
    let mut g = game(3);
    bare(&mut g);
    let f = h(1, 0);
    g.tiles.insert(f, Piece::Land(Terrain::Fields));
    g.add_herds(f, 0, 3);
    g.add_herds(f, 1, 2);
    g.add_herds(f, 2, 1);
    grant(&mut g, 0, Adaptation::Aggressive);
    let ev = conflict(&mut g);
    let removed: Vec<Seat> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Removed { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(removed, vec![2, 1]);
    assert_eq!(
        (g.herds_at(f, 0), g.herds_at(f, 1), g.herds_at(f, 2)),
        (3, 1, 0)
    );
    assert_eq!(g.conflict_vp(0), 2);
}

/// Scenario 8 (A25, A28): ties rotate; a tie for most scores nobody.
#[test]
fn scenario_8_ties() {
    let mut g = game(3);
    bare(&mut g);
    let hills = h(1, 0);
    g.tiles.insert(hills, Piece::Land(Terrain::Hills));
    g.add_herds(hills, 0, 2);
    g.add_herds(hills, 1, 2);
    g.add_herds(hills, 2, 1);
    conflict(&mut g);
    assert_eq!(
        (
            g.herds_at(hills, 0),
            g.herds_at(hills, 1),
            g.herds_at(hills, 2)
        ),
        (2, 1, 0)
    );
    assert_eq!(g.conflict_vp(0), 2);

    let mut g = game(3);
    bare(&mut g);
    g.tiles.insert(hills, Piece::Land(Terrain::Hills));
    for s in 0..3 {
        g.add_herds(hills, s, 2);
    }
    let ev = conflict(&mut g);
    let removed: Vec<Seat> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Removed { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(removed, vec![2, 1, 0]);
    assert_eq!(
        (
            g.herds_at(hills, 0),
            g.herds_at(hills, 1),
            g.herds_at(hills, 2)
        ),
        (1, 1, 1)
    );
    assert_eq!(
        (g.conflict_vp(0), g.conflict_vp(1), g.conflict_vp(2)),
        (0, 0, 0)
    );
}

#[test]
fn the_ccw_order_starts_right_of_the_active_player() {
    let mut g = game(4);
    g.active = 1;
    assert_eq!(g.ccw_order(), vec![0, 3, 2, 1]);
    g.active = 0;
    assert_eq!(g.ccw_order(), vec![3, 2, 1, 0]);
}

/// Scenario 9 (A27): Retreat to a neighbour below capacity; a full neighbour no longer counts.
#[test]
fn scenario_9_retreat() {
    let mut g = game(3);
    bare(&mut g);
    let f = h(1, 0);
    let p = h(2, 0);
    g.tiles.insert(f, Piece::Land(Terrain::Forest));
    for nb in f.neighbors() {
        g.tiles.insert(nb, Piece::Sea);
    }
    g.tiles.insert(p, Piece::Land(Terrain::Pasture));
    g.tiles.insert(CENTRE, Piece::Land(Terrain::Desert));
    g.add_herds(f, 0, 4);
    g.add_herds(f, 1, 3);
    g.add_herds(p, 2, 3);
    grant(&mut g, 0, Adaptation::Aggressive);
    grant(&mut g, 1, Adaptation::Retreat);
    // The desert beside the forest is full with one herd of nobody's: give it one of C's.
    g.add_herds(CENTRE, 2, 1);
    conflict(&mut g);
    assert_eq!(g.phase, Phase::Retreat { seat: 1 });
    assert_eq!(g.retreat_targets(1, f), vec![p]);
    assert!(no(&mut g, 1, &format!("retreat {}", n(CENTRE))).contains("cannot retreat"));
    assert!(no(&mut g, 0, "stay").contains("not your move"));
    let ev = ok(&mut g, 1, &format!("retreat {}", n(p)));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Retreated { seat: 1, .. }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Removed { seat: 1, .. }))
    );
    assert_eq!((g.herds_at(f, 0), g.herds_at(f, 1)), (4, 1));
    assert_eq!(g.herds_at(p, 1), 1);
    assert_eq!(g.conflict_vp(0), 2, "retreated herds score too");
    assert_eq!(g.turn(), 1, "the turn ended");
}

#[test]
fn retreat_is_refused_into_another_territorial_players_hex_and_stay_loses_the_herd() {
    let mut g = game(3);
    bare(&mut g);
    let f = h(1, 0);
    let p = h(2, 0);
    let q = h(1, 1);
    for nb in f.neighbors() {
        g.tiles.insert(nb, Piece::Sea);
    }
    g.tiles.insert(f, Piece::Land(Terrain::Forest));
    g.tiles.insert(p, Piece::Land(Terrain::Pasture));
    g.tiles.insert(q, Piece::Land(Terrain::Pasture));
    g.add_herds(f, 0, 4);
    g.add_herds(f, 1, 2);
    g.add_herds(p, 2, 1);
    g.add_herds(q, 1, 1);
    grant(&mut g, 2, Adaptation::Territorial);
    grant(&mut g, 1, Adaptation::Retreat);
    grant(&mut g, 0, Adaptation::Aggressive);
    assert_eq!(g.retreat_targets(1, f), vec![q], "C is Territorial at p");
    // C has nowhere to declare (alone at p): B's removal asks at once.
    conflict(&mut g);
    assert_eq!(g.phase, Phase::Retreat { seat: 1 });
    assert_eq!(
        g.default_retreat(1),
        Some(q),
        "the default: where B has most herds"
    );
    ok(&mut g, 1, "stay");
    assert_eq!(g.herds_at(f, 1), 1);
    assert_eq!(g.herds_at(q, 1), 1);
}

/// Scenario 10 (A26): Territorial removes until the declarer's own herd would be next.
#[test]
fn scenario_10_territorial() {
    for (b_aggr, b_left, vp) in [(0u8, 0u32, 1u32), (2, 1, 0)] {
        let mut g = game(2);
        bare(&mut g);
        let m = h(1, 0);
        g.tiles.insert(m, Piece::Land(Terrain::Mountains));
        g.add_herds(m, 0, 1);
        g.add_herds(m, 1, 1);
        grant(&mut g, 0, Adaptation::Territorial);
        grant(&mut g, 0, Adaptation::Aggressive);
        for _ in 0..b_aggr {
            grant(&mut g, 1, Adaptation::Aggressive);
        }
        conflict(&mut g);
        assert_eq!(g.phase, Phase::Territorial { seat: 0 });
        assert!(no(&mut g, 0, &format!("conflict {}", n(CENTRE))).contains("cannot start"));
        let ev = ok(&mut g, 0, &format!("conflict {}", n(m)));
        // A declaration that removes nothing says why, in the rule's terms.
        let held: Vec<&Event> = ev
            .iter()
            .filter(|e| matches!(e, Event::DeclarationHeld { .. }))
            .collect();
        if b_left == 0 {
            assert!(held.is_empty(), "{held:?}");
        } else {
            assert_eq!(
                held,
                [&Event::DeclarationHeld {
                    seat: 0,
                    hex: m,
                    why: event::Held::YoursNext { yours: 1, least: 2 }
                }]
            );
            let names: Vec<String> = ["Ann", "Bob"].iter().map(|s| s.to_string()).collect();
            assert_eq!(
                event::describe(held[0], Some(0), &names).unwrap(),
                format!(
                    "Conflict at {}: your declaration removes nothing, as the least aggressive lose herds first, so the next would be one of your own (Aggressive 1 against 2)",
                    n(m)
                )
            );
        }
        assert_eq!(g.herds_at(m, 1), b_left);
        assert_eq!(g.herds_at(m, 0), 1);
        assert_eq!(g.conflict_vp(0), vp);
        assert!(matches!(g.phase, Phase::Climate { .. }));
    }
}

/// Scenario 11 (A29): swimmers are removed, except a Swimming holder's beside land.
#[test]
fn scenario_11_swimmers() {
    let mut g = game(3);
    bare(&mut g);
    let by_land = h(4, 0); // beside ring 3
    let far = h(6, 0);
    assert!(
        by_land.neighbors().iter().any(|x| g.is_land(*x)) || {
            g.tiles.insert(h(3, 0), Piece::Land(Terrain::Forest));
            true
        }
    );
    g.add_herds(by_land, 0, 1);
    g.add_herds(by_land, 2, 1);
    g.add_herds(far, 2, 1);
    grant(&mut g, 2, Adaptation::Swimming);
    let ev = conflict(&mut g);
    assert_eq!(g.herds_at(by_land, 0), 0);
    assert_eq!(g.herds_at(by_land, 2), 1);
    assert_eq!(g.herds_at(far, 2), 0);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::SwimmersLost { .. }))
            .count(),
        2
    );
    assert_eq!(
        g.conflict_vp(0) + g.conflict_vp(1) + g.conflict_vp(2),
        0,
        "no VP for swimmers"
    );
}

/// Scenario 12 (A31): the 15th Game End card ends the game at once.
#[test]
fn scenario_12_game_clock() {
    let mut g = game(3);
    bare(&mut g);
    g.game_end = 14;
    // 14 cards in Game End and 56 out of the game, taken from the draw pile.
    for _ in 0..14 {
        for r in Resource::ALL {
            let i = g.draw.iter().position(|x| *x == r).unwrap();
            g.draw.remove(i);
        }
    }
    g.out = 56;
    onto_discard_raw(&mut g, &[Lumber, Wool, Wool, Grain, Ore]);
    give(&mut g, 1, &[Brick]);
    let swimmer = h(5, 0);
    g.add_herds(swimmer, 0, 1);
    assert_eq!(g.audit(), Ok(()));
    climate(&mut g, 1);
    let ev = ok(&mut g, 1, "discard brick");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::GameEndCard { count: 15 }))
    );
    assert!(g.is_over());
    assert_eq!(g.game_end_count(), 15);
    assert_eq!(
        g.discard_pile(),
        &ResourceSet::new(0, 0, 1, 0, 0),
        "one wool stays"
    );
    assert_eq!(g.herds_at(swimmer, 0), 1, "no phase 3: the swimmer stays");
    assert!(g.outcome().is_some());
    assert!(g.legal(2).is_empty());
    assert!(no(&mut g, 2, "done").contains("over"));
    assert_eq!(g.audit(), Ok(()));
}

#[test]
fn several_full_sets_each_feed_the_game_end_pile() {
    let mut g = game(2);
    bare(&mut g);
    onto_discard_raw(
        &mut g,
        &[Lumber, Lumber, Brick, Wool, Wool, Grain, Grain, Ore, Ore],
    );
    give(&mut g, 0, &[Brick]);
    climate(&mut g, 0);
    ok(&mut g, 0, "discard brick");
    assert_eq!(g.game_end_count(), 2);
    assert_eq!(g.cards_out(), 8);
    assert!(g.discard_pile().is_empty());
    assert_eq!(g.audit(), Ok(()));
}

/// Scenario 13 (A33, A34): land masses, ties sharing places, totals.
#[test]
fn scenario_13_final_scoring() {
    assert_eq!(mass_points(&[4, 3, 3], 5), vec![10, 2, 2]);
    assert_eq!(mass_points(&[1, 1, 0], 2), vec![3, 3, 0]);
    assert_eq!(
        mass_points(&[2, 2, 1], 5),
        vec![7, 7, 0],
        "tied first: nobody second"
    );
    assert_eq!(
        mass_points(&[0, 3, 0], 4),
        vec![0, 8, 0],
        "a lone player: first only"
    );
    assert_eq!(mass_points(&[0, 0, 0], 4), vec![0, 0, 0]);
    let mut g = game(3);
    bare(&mut g);
    g.tiles.clear();
    let mass1 = [
        (CENTRE, Terrain::Desert),
        (h(1, 0), Terrain::Forest),
        (h(2, 0), Terrain::Fields),
        (h(3, 0), Terrain::Hills),
        (h(4, 0), Terrain::Pasture),
    ];
    for (p, t) in mass1 {
        g.tiles.insert(p, Piece::Land(t));
    }
    g.tiles.insert(h(-4, 0), Piece::Land(Terrain::Mountains));
    g.tiles.insert(h(-5, 0), Piece::Land(Terrain::Mountains));
    g.tiles.insert(h(-2, 0), Piece::Sea);
    assert_eq!(scoring::land_masses(&g.tiles).len(), 2);
    g.add_herds(h(1, 0), 0, 4);
    g.add_herds(h(2, 0), 1, 3);
    g.add_herds(h(3, 0), 2, 3);
    g.add_herds(h(-4, 0), 0, 1);
    g.add_herds(h(-5, 0), 1, 1);
    g.add_herds(h(-2, 0), 2, 5); // swimmers on a sea tile do not count
    g.conflict_vp[0] = 3;
    grant(&mut g, 0, Adaptation::Speed);
    let s = g.score_now();
    assert_eq!((s[0].land, s[1].land, s[2].land), (13, 5, 2));
    assert_eq!(s[0].total, 13 + 3 + 2);
    assert_eq!(s[1].total, 5);
    let mut ev = Vec::new();
    g.finish(&mut ev);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

#[test]
fn ties_for_the_win_go_to_herds_on_land_then_conflict_vp_then_are_shared() {
    let mut g = game(2);
    bare(&mut g);
    g.tiles.clear();
    g.tiles.insert(CENTRE, Piece::Land(Terrain::Desert));
    g.tiles.insert(h(3, 0), Piece::Land(Terrain::Forest));
    g.add_herds(CENTRE, 0, 1);
    g.add_herds(h(3, 0), 1, 2);
    let mut ev = Vec::new();
    g.finish(&mut ev);
    assert_eq!(g.scores[0].total, g.scores[1].total);
    assert_eq!(g.winners, vec![1], "more herds on land");
    let mut g2 = game(2);
    bare(&mut g2);
    g2.tiles.clear();
    g2.tiles.insert(CENTRE, Piece::Land(Terrain::Desert));
    g2.tiles.insert(h(3, 0), Piece::Land(Terrain::Desert));
    g2.add_herds(CENTRE, 0, 1);
    g2.add_herds(h(3, 0), 1, 1);
    g2.finish(&mut ev);
    assert_eq!(g2.winners, vec![0, 1], "a full tie is shared");
}

/// Scenario 14 (A18, A20, A21): AP are saved; buying, one of each, trading in.
#[test]
fn scenario_14_action_points() {
    let mut g = game(2);
    bare(&mut g);
    let mut ev = Vec::new();
    g.start_evolution(0, &mut ev);
    assert_eq!(g.ap(0), 4);
    ok(&mut g, 0, "done");
    g.start_evolution(0, &mut ev);
    assert_eq!(g.ap(0), 8, "unspent AP are kept");
    ok(&mut g, 0, "buy speed");
    assert_eq!(g.ap(0), 0);
    g.ap[0] = 8;
    assert!(no(&mut g, 0, "buy speed").contains("already have"));
    g.ap[0] = 0;
    assert!(no(&mut g, 0, "buy skill").contains("costs 12 AP"));
    ok(&mut g, 0, "trade speed");
    assert_eq!(g.ap(0), 4);
    assert_eq!(g.supply(Adaptation::Speed), 2, "back in the supply");
    ok(&mut g, 0, "buy aggressive");
    ok(&mut g, 0, "buy aggressive");
    assert_eq!(g.holds(0, Adaptation::Aggressive), 2);
    assert_eq!(g.aggressiveness(0), 2);
    assert_eq!(g.adaptation_vp(0), 2);
    ok(&mut g, 0, "trade aggressive");
    assert_eq!(g.ap(0), 1, "half of 2");
    assert!(no(&mut g, 0, "trade skill").contains("do not have"));
    for (a, refund) in [
        (Adaptation::Intelligence, 6),
        (Adaptation::Retreat, 4),
        (Adaptation::Territorial, 4),
    ] {
        grant(&mut g, 0, a);
        let before = g.ap(0);
        ok(&mut g, 0, &format!("trade {}", a.name()));
        assert_eq!(g.ap(0), before + refund);
    }
}

#[test]
fn income_is_4_plus_skill_plus_the_bonus_marker() {
    let mut g = game(2);
    bare(&mut g);
    grant(&mut g, 0, Adaptation::Skill);
    g.markers[0] = true;
    let mut ev = Vec::new();
    g.start_evolution(0, &mut ev);
    assert_eq!(g.ap(0), 6);
    g.start_evolution(1, &mut ev);
    assert_eq!(g.ap(1), 4);
}

#[test]
fn every_phase_2_cost_with_and_without_its_adaptation() {
    let mut g = game(2);
    bare(&mut g);
    let a = h(1, 0);
    let b = h(2, 0);
    g.tiles.insert(a, Piece::Land(Terrain::Forest));
    g.tiles.insert(b, Piece::Land(Terrain::Forest));
    g.add_herds(a, 0, 10);
    // Drift a tile: 4.
    evolution(&mut g, 0, 3);
    let (f, t) = forest_with_target(&g, &[]);
    assert!(no(&mut g, 0, &format!("drift {} {}", n(f), n(t))).contains("costs 4 AP"));
    g.ap[0] = 4;
    ok(&mut g, 0, &format!("drift {} {}", n(f), n(t)));
    assert_eq!(g.ap(0), 0);
    // Discard a season card: 3.
    g.high = Some(Wool);
    g.draw
        .remove(g.draw.iter().position(|c| *c == Wool).unwrap());
    g.ap[0] = 2;
    assert!(no(&mut g, 0, "clear high").contains("costs 3 AP"));
    g.ap[0] = 3;
    assert!(no(&mut g, 0, "clear low").contains("empty"));
    ok(&mut g, 0, "clear high");
    assert_eq!((g.ap(0), g.high, g.discard_pile()[Wool]), (0, None, 1));
    // Adaptations: 2 / 8 / 12.
    for (ad, cost) in [
        (Adaptation::Aggressive, 2),
        (Adaptation::Retreat, 8),
        (Adaptation::Foresight, 12),
    ] {
        g.ap[0] = cost - 1;
        assert!(no(&mut g, 0, &format!("buy {}", ad.name())).contains("costs"));
        g.ap[0] = cost;
        ok(&mut g, 0, &format!("buy {}", ad.name()));
        assert_eq!(g.ap(0), 0);
    }
    // Reproduce: 1 per herd; 2 per AP with Litters.
    let mine = *g
        .herds
        .keys()
        .find(|p| g.is_land(**p) && g.herds_at(**p, 0) > 0)
        .unwrap();
    g.ap[0] = 1;
    assert!(no(&mut g, 0, &format!("reproduce {} {}", n(mine), n(mine))).contains("need Litters"));
    ok(&mut g, 0, &format!("reproduce {}", n(mine)));
    assert_eq!(g.ap(0), 0);
    grant(&mut g, 0, Adaptation::Litters);
    g.ap[0] = 1;
    let before = g.on_board(0);
    ok(&mut g, 0, &format!("reproduce {} {}", n(mine), n(mine)));
    assert_eq!((g.ap(0), g.on_board(0)), (0, before + 2));
    assert!(no(&mut g, 0, &format!("reproduce {}", n(mine))).contains("costs 1 AP"));
}

/// Scenario 15 (A19 2d–2f): migration sizes, water steps, reproduction limits.
#[test]
fn scenario_15_migration_and_reproduction() {
    let mut g = game(2);
    bare(&mut g);
    let a = h(1, 0);
    let b = h(2, 0);
    let w = h(2, -1);
    g.tiles.insert(a, Piece::Land(Terrain::Forest));
    g.tiles.insert(b, Piece::Land(Terrain::Fields));
    g.tiles.remove(&w);
    g.add_herds(a, 0, 9);
    evolution(&mut g, 0, 5);
    let e = no(&mut g, 0, &format!("migrate {}>{}*5", n(a), n(b)));
    assert!(e.contains("at most 4"), "{e}");
    let e = no(
        &mut g,
        0,
        &format!("migrate {}>{}*4 {}>{}", n(a), n(b), n(b), n(a)),
    );
    assert!(e.contains("at most 4"), "{e}");
    ok(&mut g, 0, &format!("migrate {}>{}*4", n(a), n(b)));
    assert_eq!((g.ap(0), g.herds_at(a, 0), g.herds_at(b, 0)), (4, 5, 4));
    let e = no(&mut g, 0, &format!("migrate {}>{}*5", n(b), n(a)));
    assert!(e.contains("at most 4") || e.contains("you have 4"), "{e}");
    // Land to water needs Swimming.
    assert!(no(&mut g, 0, &format!("migrate {}>{}", n(a), n(w))).contains("touches water"));
    assert!(no(&mut g, 0, &format!("swim {}>{}", n(a), n(w))).contains("without Swimming"));
    grant(&mut g, 0, Adaptation::Speed);
    ok(
        &mut g,
        0,
        &format!("migrate {}>{}*5 {}>{}*3", n(a), n(b), n(b), n(a)),
    );
    assert_eq!((g.herds_at(a, 0), g.herds_at(b, 0)), (3, 6));
    // Reproducing where A has no herd.
    let c = h(3, 0);
    g.tiles.insert(c, Piece::Land(Terrain::Forest));
    assert!(no(&mut g, 0, &format!("reproduce {}", n(c))).contains("no herd"));
    // 24 on the board: refused.
    g.add_herds(a, 0, 24 - g.on_board(0));
    assert!(no(&mut g, 0, &format!("reproduce {}", n(a))).contains("supply"));
}

#[test]
fn moves_within_one_action_take_herds_present_when_it_began() {
    let mut g = game(2);
    bare(&mut g);
    let a = h(1, 0);
    let b = h(2, 0);
    let c = h(3, 0);
    for p in [a, b, c] {
        g.tiles.insert(p, Piece::Land(Terrain::Forest));
    }
    g.add_herds(a, 0, 2);
    evolution(&mut g, 0, 1);
    let e = no(
        &mut g,
        0,
        &format!("migrate {}>{}*2 {}>{}", n(a), n(b), n(b), n(c)),
    );
    assert!(e.contains("once per action"), "{e}");
}

#[test]
fn rescue_costs_1_ap_per_2_swimmers_and_swimming_moves_through_water() {
    let mut g = game(2);
    bare(&mut g);
    let land = h(1, 0);
    let w1 = h(2, -1);
    let w2 = h(3, -2);
    g.tiles.insert(land, Piece::Land(Terrain::Forest));
    g.tiles.remove(&w1);
    g.tiles.remove(&w2);
    g.add_herds(w1, 0, 3);
    evolution(&mut g, 0, 2);
    assert!(no(&mut g, 0, &format!("swim {}>{}*3", n(w1), n(land))).contains("at most 2"));
    ok(&mut g, 0, &format!("rescue {}>{}*2", n(w1), n(land)));
    assert_eq!((g.ap(0), g.herds_at(land, 0), g.herds_at(w1, 0)), (1, 2, 1));
    assert!(no(&mut g, 0, &format!("swim {}>{}", n(w1), n(w2))).contains("without Swimming"));
    grant(&mut g, 0, Adaptation::Swimming);
    ok(
        &mut g,
        0,
        &format!("swim {}>{} {}>{}", n(w1), n(w2), n(land), n(w1)),
    );
    g.ap[0] = 1;
    assert_eq!(
        (g.herds_at(w2, 0), g.herds_at(w1, 0), g.herds_at(land, 0)),
        (1, 1, 1)
    );
    assert!(no(&mut g, 0, &format!("swim {}>{}", n(land), n(land))).contains("not neighbours"));
}

#[test]
fn a_discard_ends_the_sub_turn_and_takes_one_of_two_bonus_markers() {
    let mut g = game(4);
    bare(&mut g);
    for s in 0..4 {
        give(&mut g, s, &[Resource::ALL[s as usize]]);
    }
    climate(&mut g, 0);
    assert!(no(&mut g, 0, "discard ore").contains("needs"));
    for s in 0..3 {
        let card = Resource::ALL[s as usize];
        let ev = ok(&mut g, s, &format!("discard {card}"));
        let marker = s < 2;
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Discarded { marker: m, .. } if *m == marker))
        );
    }
    assert_eq!(g.markers, vec![true, true, false, false]);
    // The last sub-turn ends phase 1: everyone draws up to 3, from the active player.
    ok(&mut g, 3, "done");
    for s in 0..3 {
        assert_eq!(g.hand(s).total(), 3);
    }
    assert_eq!(g.hand(3).total(), 3);
    assert_eq!(g.phase, Phase::Evolution { seat: 0 });
    assert_eq!(g.ap(0), 5, "the marker's AP");
}

#[test]
fn foresight_draws_up_to_six_and_an_empty_draw_pile_reshuffles_the_discard() {
    let mut g = game(2);
    bare(&mut g);
    grant(&mut g, 1, Adaptation::Foresight);
    let mut ev = Vec::new();
    g.draw_up(&mut ev);
    assert_eq!((g.hand(0).total(), g.hand(1).total()), (3, 6));
    // Move the whole draw pile to discard: the next draw reshuffles it.
    let rest = std::mem::take(&mut g.draw);
    for c in rest {
        g.discard[c] += 1;
    }
    g.hands[0] = ResourceSet::EMPTY;
    let discarded = g.discard.total();
    g.discard.add(&ResourceSet::new(0, 0, 0, 0, 0));
    let mut ev = Vec::new();
    let before = *g.discard_pile();
    g.draw_into(0, 3, &mut ev);
    assert!(ev.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
    assert_eq!(g.hand(0).total(), 3);
    assert_eq!(g.draw_len() as u32, discarded - 3);
    assert!(before.total() > 0 && g.discard_pile().is_empty());
}

#[test]
fn the_turn_limit_ends_and_scores_the_game() {
    let mut g = AdaptGame::new(AdaptConfig {
        max_turns: 1,
        ..AdaptConfig::new(2, 3)
    })
    .unwrap();
    while !g.is_over() {
        let s = g.prompted()[0];
        let c = match g.phase {
            Phase::Placement { .. } => g.legal(s)[0].clone(),
            Phase::Retreat { .. } => Command::Stay,
            _ => Command::Done,
        };
        g.apply(s, &c, 0).unwrap();
    }
    assert_eq!(g.turn(), 1);
    assert!(g.outcome().is_some());
}

#[test]
fn timers_end_sub_turns_with_done() {
    let mut g = AdaptGame::new(AdaptConfig {
        phase_ms: Some(1000),
        ..AdaptConfig::new(2, 3)
    })
    .unwrap();
    assert_eq!(g.deadline(), Some(1000));
    let ev = g.tick(1000);
    assert!(
        ev.iter().any(|e| matches!(e, Event::Placed { .. })),
        "the first legal placement"
    );
    assert_eq!(g.deadline(), Some(2000));
    for t in 2..=4 {
        g.tick(t * 1000);
    }
    assert!(matches!(g.phase, Phase::Climate { .. }));
    let ev = g.tick(5000);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Done { timeout: true, .. }))
    );
}

#[test]
fn legal_commands_are_all_accepted_and_parse_back() {
    for seed in 0..6 {
        let mut g = AdaptGame::new(AdaptConfig::new(3, seed)).unwrap();
        let mut rng = GameRng::new(seed);
        for _ in 0..400 {
            if g.is_over() {
                break;
            }
            let s = g.prompted()[0];
            let legal = g.legal(s);
            assert!(!legal.is_empty());
            for c in legal.iter().take(300) {
                let text = g.format(c);
                assert_eq!(&g.parse(s, &text).unwrap(), c, "{text}");
                let mut copy = g.clone();
                assert!(copy.apply(s, c, 0).is_ok(), "{text}");
            }
            let c = legal[rng.below(legal.len())].clone();
            g.apply(s, &c, 0).unwrap();
            assert_eq!(g.audit(), Ok(()));
        }
    }
}

#[test]
fn views_hide_hands_but_show_the_board() {
    let g = game(3);
    let v = g.view(Some(1));
    assert_eq!(v.hand, Some(*g.hand(1)));
    assert_eq!(v.players[0].cards, 3);
    let spectator = g.view(None);
    assert_eq!(spectator.hand, None);
    assert_eq!(spectator.tiles.len(), 37);
    let text = serde_json::to_string(&spectator).unwrap();
    assert!(!text.contains("draw_order"));
}

#[test]
fn parse_reads_synonyms_and_explains_mistakes() {
    let g = game(2);
    assert_eq!(
        g.parse(0, "breed A").unwrap(),
        Command::Reproduce(vec![frame()[0]])
    );
    assert_eq!(
        g.parse(0, "buy soldier").unwrap(),
        Command::Buy(Adaptation::Aggressive)
    );
    assert_eq!(
        g.parse(0, "buy terr").unwrap(),
        Command::Buy(Adaptation::Territorial)
    );
    assert!(g.parse(0, "migrate A-B").unwrap_err().0.contains("AB>AC"));
    assert!(
        g.parse(0, "drift ZZZ A")
            .unwrap_err()
            .0
            .contains("not a position")
    );
    assert!(g.parse(0, "fly").unwrap_err().0.contains("unknown"));
    assert_eq!(name(frame()[26]), "AA");
    assert_eq!(drift::parse_pos("aa"), Some(frame()[26]));
}

/// A command with words left over is refused, not read as its first words (`end` followed by
/// 150 digits was taken as `end`): a record or a script says exactly one thing.
#[test]
fn words_left_over_after_a_command_are_refused() {
    let g = game(2);
    let junk = format!("end {}", "7".repeat(150));
    assert!(g.parse(0, &junk).unwrap_err().0.contains("left over"));
    assert!(g.parse(0, "stay now").unwrap_err().0.contains("left over"));
    assert!(
        g.parse(0, "drift A B C")
            .unwrap_err()
            .0
            .contains("left over")
    );
    assert!(
        g.parse(0, "buy soldier twice")
            .unwrap_err()
            .0
            .contains("left over")
    );
    assert_eq!(g.parse(0, "end").unwrap(), Command::Done);
    assert!(g.parse(0, "place A B").is_ok());
    assert!(g.parse(0, "reproduce A B").is_ok());
}

/// Ruling R3 (docs/rules/adaptations.md): when the least aggressive group runs out, the next
/// group goes on with the rotation where it stopped.
#[test]
fn the_rotation_goes_on_into_the_next_aggressiveness_group() {
    let mut g = game(4);
    bare(&mut g);
    let hills = h(1, 0);
    g.tiles.insert(hills, Piece::Land(Terrain::Hills));
    g.add_herds(hills, 2, 1);
    g.add_herds(hills, 3, 2);
    g.add_herds(hills, 1, 2);
    grant(&mut g, 3, Adaptation::Aggressive);
    grant(&mut g, 1, Adaptation::Aggressive);
    // Order from the right of seat 0: 3, 2, 1, 0. Seat 2 (least aggressive) goes first, then
    // the rotation goes on to seat 1, not back to seat 3.
    conflict(&mut g);
    assert_eq!(
        (
            g.herds_at(hills, 1),
            g.herds_at(hills, 2),
            g.herds_at(hills, 3)
        ),
        (1, 0, 2)
    );
    assert_eq!(g.conflict_vp(3), 2);
}

/// R8: a triple whose covered season card ends the game still lays its other two cards down.
#[test]
fn a_triple_season_that_ends_the_game_keeps_every_card() {
    let mut g = game(2);
    bare(&mut g);
    g.game_end = 14;
    for _ in 0..14 {
        for r in Resource::ALL {
            let i = g.draw.iter().position(|x| *x == r).unwrap();
            g.draw.remove(i);
        }
    }
    g.out = 56;
    onto_discard_raw(&mut g, &[Lumber, Brick, Grain, Ore]);
    let i = g.draw.iter().position(|x| *x == Wool).unwrap();
    g.draw.remove(i);
    g.low = Some(Wool);
    give(&mut g, 0, &[Ore, Ore, Ore]);
    assert_eq!(g.audit(), Ok(()));
    climate(&mut g, 0);
    ok(&mut g, 0, "triple ore low");
    assert!(g.is_over());
    assert_eq!(g.discard_pile()[Ore], 2);
    assert_eq!(g.hand(0).total(), 0, "no draw after the end");
    assert_eq!(g.audit(), Ok(()));
}

/// A13: every land's capacity with no season, and with its card on High and on Low.
#[test]
fn capacity_of_every_land_in_every_season() {
    let mut g = game(2);
    let table = [
        (Terrain::Forest, Lumber, 5),
        (Terrain::Hills, Brick, 3),
        (Terrain::Pasture, Wool, 4),
        (Terrain::Fields, Grain, 4),
        (Terrain::Mountains, Ore, 2),
    ];
    for (t, card, base) in table {
        g.high = None;
        g.low = None;
        assert_eq!(g.capacity_of(t), base, "{t:?} with no season");
        g.high = Some(card);
        assert_eq!(g.capacity_of(t), base + 1, "{t:?} in High Season");
        g.high = None;
        g.low = Some(card);
        assert_eq!(g.capacity_of(t), base - 1, "{t:?} in Low Season");
        // Another land's season changes nothing here.
        let other = if card == Lumber { Ore } else { Lumber };
        g.high = Some(other);
        g.low = None;
        assert_eq!(g.capacity_of(t), base);
    }
    for (high, low) in [(Some(Lumber), Some(Ore)), (None, None)] {
        g.high = high;
        g.low = low;
        assert_eq!(
            g.capacity_of(Terrain::Desert),
            1,
            "the desert never changes"
        );
    }
}

/// The log tells drifts, drownings and conflicts in words; drawn cards only to the drawer.
#[test]
fn events_read_as_words_and_hide_drawn_cards() {
    let names: Vec<String> = ["Ann", "Bob", "Cy"].iter().map(|s| s.to_string()).collect();
    let say = |e: &Event, v: Option<Seat>| event::describe(e, v, &names).unwrap();
    let a = frame()[30];
    let b = frame()[31];
    let drift = Event::Drifted {
        seat: 1,
        from: a,
        to: b,
        land: Terrain::Forest,
        how: event::DriftHow::Card,
        swimmers: 2,
    };
    let text = say(&drift, None);
    assert!(
        text.contains("Bob drifted the forest") && text.contains("2 herds left swimming"),
        "{text}"
    );
    let water = Event::WaterDrift {
        seat: 0,
        card: Wool,
        from: a,
        to: b,
        drowned: vec![(2, 3)],
    };
    assert!(say(&water, Some(2)).contains("3 of your herds drowned"));
    assert!(say(&Event::Removed { seat: 2, hex: a }, None).contains("Conflict at"));
    assert!(
        say(
            &Event::ConflictVp {
                seat: 0,
                hex: a,
                vp: 2
            },
            None
        )
        .contains("+2 VP")
    );
    assert!(
        say(
            &Event::SwimmersLost {
                seat: 1,
                hex: b,
                n: 1
            },
            None
        )
        .contains("drowned")
    );
    let drew = Event::Drew {
        seat: 1,
        cards: ResourceSet::new(1, 0, 2, 0, 0),
    };
    assert!(say(&drew, Some(1)).contains("1 lumber 2 wool"));
    assert_eq!(say(&drew, Some(0)), "Bob drew 3 cards");
    assert_eq!(say(&drew, None), "Bob drew 3 cards");
    // Moves read as herds from one position to another, not as the command's `AZ>BF`.
    let c = frame()[32];
    let step = |from, to, n| herds::Step { from, to, n };
    let moved = Event::Moved {
        seat: 0,
        steps: vec![step(a, b, 1)],
        swim: false,
    };
    assert_eq!(
        say(&moved, Some(0)),
        format!("You migrated 1 herd from {} to {}", name(a), name(b))
    );
    let swam = Event::Moved {
        seat: 1,
        steps: vec![step(a, b, 2), step(b, c, 1)],
        swim: true,
    };
    assert_eq!(
        say(&swam, Some(0)),
        format!(
            "Bob moved 2 herds from {} to {} and 1 herd from {} to {} by water",
            name(a),
            name(b),
            name(b),
            name(c)
        )
    );
}

/// One door for every ruleset (`rules::entry`): a seat that is not at the table is refused in
/// the words base, Total Chaos, the Big Game and Risk use ("no such seat" before).
#[test]
fn a_seat_not_at_the_table_is_refused_in_the_shared_words() {
    let mut g = game(3);
    let cmd = g.parse(0, "done").unwrap();
    let before = g.clone();
    let e = g
        .apply(3, &cmd, 0)
        .expect_err("seat 4 is not at a table of 3");
    assert_eq!(e.0, "there is no seat 4");
    assert!(g == before, "a refused command leaves the state untouched");
}


/// The lobby, the replay and the summary show these rows to players.
#[test]
fn settings_text_reads_as_players_know_it() {
    let adapt = AdaptSettings::default();
    assert_eq!(
        settings_rows::<AdaptGame>(&adapt, 4),
        rows_of(&[
            ("variant", "adaptations"),
            ("turn limit", "60"),
            ("timer", "off"),
        ])
    );
    let timed = AdaptSettings {
        phase_ms: Some(30_000),
        ..adapt
    };
    assert_eq!(
        settings_rows::<AdaptGame>(&timed, 4)[2],
        ("timer".to_string(), "30 s".to_string())
    );
}
