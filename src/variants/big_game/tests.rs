//! Rule tests for the Big Game: one test per rule of `rules/big-game.md` and its rulings,
//! each failing if its rule breaks. Time is passed into the engine; nothing sleeps.
//!
//! Positions are built on a real ring (boards A, B, C in rotation) and then adjusted through
//! the crate-visible fields (hands, phase, robbers); commands go through the text language
//! or `apply`, as a player's would.

use crate::ruleset::testing::{rows_of, settings_rows};
use super::*;
use crate::board::spec::Territory;
use crate::rules::costs;
use crate::rules::devcards::{DevCard, HeldCard};
use crate::rules::events::AwardEvent;
use crate::rules::offers::TradeCommand;
use crate::rules::offers::TradeEvent;
use crate::rules::pieces::BuildingKind;
use crate::topology::EdgeId;
use proptest::prelude::*;

// ---- helpers -------------------------------------------------------------------------------

const ROUND: Millis = 45_000;

fn game(boards: usize) -> BigGame {
    BigGame::new(BigConfig::new(boards, 11)).unwrap()
}

/// Every seat makes its setup choices at time 0: round 1 (Sun) is on.
fn started(boards: usize) -> BigGame {
    let mut g = game(boards);
    finish_setup(&mut g, 0);
    g
}

fn finish_setup(g: &mut BigGame, now: Millis) {
    for s in 0..g.cfg.seats() as Seat {
        let c = g.best_own_settlement(s).unwrap();
        g.apply(s, &Command::Collect(c), now).unwrap();
        let c = g.best_own_settlement(s).unwrap();
        g.apply(s, &Command::City(c), now).unwrap();
    }
}

/// A quiet round for `group`: no discards owed, empty hands, nothing played yet.
fn quiet(g: &mut BigGame, group: Group) {
    g.phase = Phase::Round { group };
    for t in &mut g.turn {
        *t = TurnState::default();
    }
    for s in 0..g.table.hands.len() {
        let h = g.table.hands[s];
        g.table.bank[s / 2].add(&h);
        g.table.hands[s] = ResourceSet::EMPTY;
    }
    g.table.offers.clear();
}

fn give(g: &mut BigGame, seat: Seat, cards: ResourceSet) {
    g.table.bank[seat as usize / 2].sub(&cards);
    g.table.hands[seat as usize].add(&cards);
}

fn run(g: &mut BigGame, seat: Seat, text: &str, now: Millis) -> Result<Vec<Event>, RuleError> {
    let cmd = g.parse(seat, text)?;
    g.apply(seat, &cmd, now)
}

/// Applies a command that must be refused and checks the state did not change.
fn refused(g: &mut BigGame, seat: Seat, cmd: Command) -> String {
    let before = g.clone();
    let e = g
        .apply(seat, &cmd, 1)
        .expect_err("the command should be refused");
    assert_eq!(*g, before, "a refused command changed the state");
    e.0
}

/// Total of each resource in banks and hands.
fn cards_in_play(g: &BigGame) -> ResourceSet {
    let mut t = ResourceSet::EMPTY;
    for b in &g.table.bank {
        t.add(b);
    }
    for h in &g.table.hands {
        t.add(h);
    }
    t
}

fn dev_cards_total(g: &BigGame) -> u32 {
    g.table.deck.iter().map(|d| d.len() as u32).sum::<u32>()
        + g.table
            .dev
            .iter()
            .map(|d| d.cards.len() as u32)
            .sum::<u32>()
        + g.dev_spent
}

/// A free settlement spot in territory `t` (a seat index) that `seat` may reach, with a road of
/// `seat` placed (for free, directly) on an edge touching it, so `settle` is a legal build.
fn prepared_spot(g: &mut BigGame, seat: Seat, t: usize) -> CornerId {
    let map = g.table.map.clone();
    for &c in map.land_corners() {
        if g.territory_of_corner(c) != Some(t)
            || !g.corner_in_reach(seat, c)
            || g.table.pieces.check_settlement_spot(&map, c).is_err()
        {
            continue;
        }
        for e in map.topology.corner_edges(c).iter().flatten() {
            if map.edge_is_road_spot(*e)
                && g.table.pieces.route(*e).is_none()
                && g.edge_in_reach(seat, *e)
            {
                g.table.pieces.place_route(seat, *e, RouteKind::Road);
                return c;
            }
        }
    }
    panic!("no free spot in territory {t}");
}

fn start_ship(g: &BigGame, seat: Seat) -> EdgeId {
    *g.table
        .pieces
        .routes_of(seat)
        .iter()
        .find(|e| g.table.pieces.route(**e).unwrap().kind == RouteKind::Ship)
        .unwrap()
}

// ---- 1. the world ------------------------------------------------------------------------

#[test]
fn boards_rotate_a_b_c_or_follow_the_layout() {
    assert_eq!(BigConfig::new(4, 1).layout, ["A", "B", "C", "A"]);
    let c = BigConfig::with_layout(5, "A,C", 1).unwrap();
    assert_eq!(c.layout, ["A", "C", "A", "C", "A"]);
    assert!(BigConfig::with_layout(2, " , ", 1).is_err());
    assert!(BigGame::new(BigConfig::new(0, 1)).is_err());
    let bad = BigConfig {
        layout: vec!["base-beginner".into()],
        ..BigConfig::new(1, 1)
    };
    assert!(
        BigGame::new(bad)
            .unwrap_err()
            .contains("not a Big Game board")
    );
}

#[test]
fn two_seats_per_board_with_the_drawn_starting_pieces() {
    let g = game(3);
    assert_eq!(g.seats(), 6);
    for s in 0..6u16 {
        let b = BigGame::board_of(s);
        assert_eq!(b, s as usize / 2);
        assert_eq!(
            Group::of(s),
            if s % 2 == 0 { Group::Sun } else { Group::Moon }
        );
        let buildings = g.table.pieces.buildings_of(s);
        assert_eq!(buildings.len(), 3, "three starting settlements");
        for c in buildings {
            assert_eq!(g.table.map.board_of_corner(*c), Some(b));
            // Sun starts west of the line, Moon east: each in its own territory.
            assert_eq!(g.territory_of_corner(*c), Some(s as usize));
        }
        let kinds: Vec<RouteKind> = g
            .table
            .pieces
            .routes_of(s)
            .iter()
            .map(|e| g.table.pieces.route(*e).unwrap().kind)
            .collect();
        assert_eq!(kinds.iter().filter(|k| **k == RouteKind::Road).count(), 1);
        assert_eq!(kinds.iter().filter(|k| **k == RouteKind::Ship).count(), 1);
        assert_eq!(g.table.pieces.stock(s).settlements, 2);
        assert_eq!(g.table.pieces.stock(s).ships, 14);
    }
    assert_eq!(g.table.bank.len(), 3);
    assert!(g.table.bank.iter().all(|b| *b == ResourceSet::uniform(19)));
}

#[test]
fn a_player_builds_on_their_own_board_and_both_neighbours_only() {
    let mut g = started(4);
    quiet(&mut g, Group::Sun);
    // Seat 2 sits at board 1 (0-based): boards 0, 1 and 2 are in reach, board 3 is not.
    assert_eq!(g.reach(2), vec![0, 1, 2]);
    // Seat 0 at board 0 reaches across the ring's seam to board 3.
    assert_eq!(g.reach(0), vec![0, 1, 3]);
    let far = prepared_spot_any(&mut g, 0, 2);
    give(&mut g, 0, costs::SETTLEMENT);
    let msg = refused(&mut g, 0, Command::Settle(far));
    assert!(msg.contains("out of your reach"), "{msg}");
    let near = prepared_spot(&mut g, 0, 7); // board 3 (the left neighbour), Moon side
    g.apply(0, &Command::Settle(near), 1).unwrap();
    // Edges: every position beside an edge must be on a board in reach.
    for e in g.table.map.topology.edge_ids() {
        let boards: Vec<usize> = g
            .table
            .map
            .topology
            .edge_hexes(e)
            .iter()
            .flatten()
            .map(|h| g.table.map.board_of_hex(*h))
            .collect();
        assert_eq!(
            g.edge_in_reach(0, e),
            boards.iter().all(|b| [0, 1, 3].contains(b))
        );
    }
}

/// Like [`prepared_spot`] but ignoring reach (for refusals).
fn prepared_spot_any(g: &mut BigGame, seat: Seat, board: usize) -> CornerId {
    let map = g.table.map.clone();
    for &c in map.land_corners() {
        if map.board_of_corner(c) != Some(board)
            || g.table.pieces.check_settlement_spot(&map, c).is_err()
        {
            continue;
        }
        for e in map.topology.corner_edges(c).iter().flatten() {
            if map.edge_is_road_spot(*e) && g.table.pieces.route(*e).is_none() {
                g.table.pieces.place_route(seat, *e, RouteKind::Road);
                return c;
            }
        }
    }
    panic!("no spot on board {board}");
}

#[test]
fn each_territory_has_its_robber_on_its_own_desert() {
    let g = game(3);
    assert_eq!(g.table.robber.len(), 6);
    for t in 0..6 {
        let h = g.table.robber[t];
        assert_eq!(g.table.map.tile(h).terrain(), Some(Terrain::Desert));
        assert_eq!(territory_of_hex(&g.table.map, h), Some(t));
        assert_eq!(g.homes[t], h);
    }
}

// ---- 2. rounds ---------------------------------------------------------------------------

#[test]
fn groups_alternate_in_rounds_on_the_clock() {
    let mut g = game(2);
    assert_eq!(g.deadline(), Some(ROUND), "the setup choices are timed too");
    finish_setup(&mut g, 1_000);
    assert_eq!(g.round, 1);
    assert_eq!(g.active_group(), Some(Group::Sun));
    assert_eq!(g.deadline(), Some(1_000 + ROUND));
    assert!(g.is_active(0) && g.is_active(2) && !g.is_active(1));
    // Nothing happens before the deadline.
    assert!(g.tick(1_000 + ROUND - 1).is_empty());
    assert_eq!(g.round, 1);
    let ev = g.tick(1_000 + ROUND);
    assert!(ev.contains(&Event::RoundEnded { round: 1 }));
    assert!(ev.contains(&Event::RoundStarted {
        round: 2,
        group: Group::Moon,
        deadline: 1_000 + 2 * ROUND,
        length: ROUND
    }));
    // Players hear how long the round lasts, not the host's game time.
    let told = ev
        .iter()
        .find_map(|e| match e {
            Event::RoundStarted { .. } => g.describe(e, Some(1), &[]),
            _ => None,
        })
        .expect("the round is announced");
    assert_eq!(told, "Round 2: the Moon group plays for 45 s.");
    assert_eq!(g.active_group(), Some(Group::Moon));
    assert_eq!(g.turns, vec![1, 1, 1, 1]);
    g.tick(1_000 + 2 * ROUND);
    assert_eq!(g.active_group(), Some(Group::Sun));
    assert_eq!(g.turns, vec![2, 1, 2, 1]);
}

#[test]
fn only_the_active_group_builds() {
    let mut g = started(2);
    quiet(&mut g, Group::Sun);
    give(&mut g, 1, costs::DEV_CARD);
    let msg = refused(&mut g, 1, Command::BuyDev);
    assert!(msg.contains("Sun group's round"), "{msg}");
    give(&mut g, 0, costs::DEV_CARD);
    g.apply(0, &Command::BuyDev, 5).unwrap();
}

#[test]
fn the_round_ends_early_when_every_active_seat_has_ended() {
    let mut g = started(2);
    quiet(&mut g, Group::Sun);
    g.apply(0, &Command::End, 10).unwrap();
    assert_eq!(g.round, 1);
    let msg = refused(&mut g, 0, Command::End);
    assert!(msg.contains("ended your turn"), "{msg}");
    let ev = g.apply(2, &Command::End, 20).unwrap();
    assert!(ev.contains(&Event::RoundEnded { round: 1 }));
    assert_eq!(g.round, 2);
    assert_eq!(g.deadline(), Some(20 + ROUND));
}

#[test]
fn one_roll_produces_on_every_board() {
    let mut g = started(3);
    quiet(&mut g, Group::Sun);
    let number = 6;
    let expect = crate::rules::production::owed(
        &g.table.map,
        &g.table.pieces,
        number,
        &g.table.robber,
        |_, _| true,
    );
    assert!(
        expect.iter().filter(|o| !o.is_empty()).count() >= 2,
        "a useful number"
    );
    let mut ev = Vec::new();
    g.produce(number, &mut ev);
    for (s, want) in expect.iter().enumerate() {
        assert_eq!(g.table.hands[s], *want, "seat {s}");
    }
    // Each seat is paid by its own board's bank.
    for b in 0..3 {
        let mut paid = g.table.hands[2 * b];
        paid.add(&g.table.hands[2 * b + 1]);
        let mut bank = g.table.bank[b];
        bank.add(&paid);
        assert_eq!(bank, ResourceSet::uniform(19));
    }
    // The round's roll is one event for all boards.
    let mut g = started(3);
    let ev = g.tick(ROUND);
    let rolls = ev
        .iter()
        .filter(|e| matches!(e, Event::Rolled { .. }))
        .count();
    assert_eq!(rolls, 1);
}

#[test]
fn robbers_block_production() {
    let mut g = started(1);
    quiet(&mut g, Group::Sun);
    // Put the west robber on a west hex with a building of seat 0.
    let h = g
        .table
        .map
        .land_hexes()
        .find(|h| {
            territory_of_hex(&g.table.map, *h) == Some(0)
                && g.table.map.tile(*h).number().is_some()
                && g.table.pieces.seats_at_hex(&g.table.map, *h).contains(&0)
        })
        .unwrap();
    let n = g.table.map.tile(h).number().unwrap();
    let free = crate::rules::production::owed(&g.table.map, &g.table.pieces, n, &[], |_, _| true);
    g.table.robber[0] = h;
    let mut ev = Vec::new();
    g.produce(n, &mut ev);
    assert!(g.table.hands[0].total() < free[0].total());
    assert!(matches!(&ev[0], Event::Produced { blocked, .. } if blocked == &vec![h]));
}

/// A ring of twelve boards has 24 robbers, more than are scanned in place: the robbed hexes
/// are looked up in a sorted copy and still block exactly what they sit on.
#[test]
fn many_robbers_block_exactly_the_hexes_they_sit_on() {
    let g = started(12);
    assert!(
        g.table.robber.len() > 16,
        "{} robbers",
        g.table.robber.len()
    );
    for n in [2, 3, 4, 5, 6, 8, 9, 10, 11, 12] {
        // Every other built hex with this number gets a robber, in a shuffled order.
        let built: Vec<HexId> = g
            .table
            .map
            .land_hexes()
            .filter(|h| {
                g.table.map.tile(*h).number() == Some(n)
                    && !g.table.pieces.seats_at_hex(&g.table.map, *h).is_empty()
            })
            .collect();
        let mut robbers = g.table.robber.clone();
        for (i, h) in built.iter().step_by(2).enumerate() {
            let slot = (i * 7) % robbers.len();
            robbers[slot] = *h;
        }
        let robbed = |h: HexId| robbers.contains(&h);
        let owed =
            crate::rules::production::owed(&g.table.map, &g.table.pieces, n, &robbers, |_, _| true);
        let naive =
            crate::rules::production::owed(&g.table.map, &g.table.pieces, n, &[], |h, _| {
                !robbed(h)
            });
        assert_eq!(owed, naive, "number {n}");
        if built.len() > 1 {
            let free =
                crate::rules::production::owed(&g.table.map, &g.table.pieces, n, &[], |_, _| true);
            assert_ne!(owed, free, "number {n}: a robber blocked something");
        }
    }
}

// ---- 3. setup ----------------------------------------------------------------------------

#[test]
fn setup_collects_around_one_settlement_then_makes_one_a_city() {
    let mut g = game(1);
    let c = g.table.pieces.buildings_of(0)[0];
    let msg = refused(&mut g, 0, Command::City(c));
    assert!(msg.contains("collect"), "{msg}");
    let other = g.table.pieces.buildings_of(1)[0];
    let msg = refused(&mut g, 0, Command::Collect(other));
    assert!(
        msg.contains("not one of your starting settlements"),
        "{msg}"
    );
    g.apply(0, &Command::Collect(c), 0).unwrap();
    let mut want = ResourceSet::EMPTY;
    for h in g.table.map.topology.corner_hexes(c).iter().flatten() {
        if let Some(r) = g.resource_of(*h) {
            want[r] += 1;
        }
    }
    assert_eq!(g.table.hands[0], want);
    let msg = refused(&mut g, 0, Command::Collect(c));
    assert!(msg.contains("collected already"), "{msg}");
    let c2 = g.table.pieces.buildings_of(0)[1];
    g.apply(0, &Command::City(c2), 0).unwrap();
    assert_eq!(
        g.table.pieces.building(c2).unwrap().kind,
        BuildingKind::City
    );
    assert_eq!(g.public_vp(0), 4);
    assert_eq!(g.phase, Phase::Setup, "seat 2 still chooses");
    let c = g.best_own_settlement(1).unwrap();
    g.apply(1, &Command::Collect(c), 0).unwrap();
    g.apply(1, &Command::City(c), 0).unwrap();
    assert_eq!(g.round, 1);
}

/// Setup is part of the game, which has begun: a round's command then is refused as not yet
/// allowed in setup, saying what setup asks, not as "the game has not started".
#[test]
fn setup_refuses_round_commands_as_setup() {
    let mut g = game(1);
    let msg = refused(&mut g, 0, Command::BuyDev);
    assert!(msg.starts_with("not during setup: choose a settlement"), "{msg}");
}

/// A refused card names setup first, then a card the seat does not hold, and only then the
/// round a held card would have to wait for.
#[test]
fn a_refused_card_says_setup_then_not_held_then_timing() {
    let knight = Command::PlayKnight(KnightUse::Take(Resource::Ore));
    let mut g = game(1);
    let msg = refused(&mut g, 0, knight);
    assert!(msg.starts_with("not during setup"), "{msg}");
    let mut g = started(1);
    let moon = (0..2).find(|s| Group::of(*s) == Group::Moon).unwrap();
    let msg = refused(&mut g, moon, knight);
    assert_eq!(msg, "you have no Knight card");
    g.table.dev[moon as usize].cards.push(HeldCard {
        card: DevCard::Knight,
        bought_turn: 0,
    });
    let msg = refused(&mut g, moon, knight);
    assert!(msg.contains("group's round"), "{msg}");
}

#[test]
fn the_host_makes_the_setup_choices_when_time_runs_out() {
    let mut g = game(2);
    let c = g.table.pieces.buildings_of(0)[2];
    g.apply(0, &Command::Collect(c), 0).unwrap();
    let ev = g.tick(ROUND);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TimedOut { seat: 3, .. }))
    );
    assert_eq!(g.round, 1);
    for s in 0..4u16 {
        assert_eq!(g.setup[s as usize], SetupStep::Done);
        let cities = g
            .table
            .pieces
            .buildings_of(s)
            .iter()
            .filter(|c| g.table.pieces.building(**c).unwrap().kind == BuildingKind::City)
            .count();
        assert_eq!(cities, 1);
    }
}

// ---- 4. ships ----------------------------------------------------------------------------

#[test]
fn ships_are_built_on_sea_from_your_buildings_or_ships() {
    let mut g = started(2);
    quiet(&mut g, Group::Sun);
    let spots = g.route_spots(0, RouteKind::Ship);
    assert!(!spots.is_empty());
    for e in &spots {
        assert!(g.table.map.edge_is_ship_spot(*e));
    }
    let e = spots[0];
    let msg = refused(&mut g, 0, Command::Ship(e));
    assert!(msg.contains("costs"), "{msg}");
    give(&mut g, 0, costs::SHIP);
    g.apply(0, &Command::Ship(e), 1).unwrap();
    assert_eq!(g.table.pieces.route(e).unwrap().kind, RouteKind::Ship);
    // The starting road's open end takes no ship unless it is at sea and at a building.
    let road = *g
        .table
        .pieces
        .routes_of(0)
        .iter()
        .find(|e| g.table.pieces.route(**e).unwrap().kind == RouteKind::Road)
        .unwrap();
    for c in g.table.map.topology.edge_corners(road) {
        if g.table.pieces.building(c).is_some() {
            continue;
        }
        let edges = g.table.map.topology.corner_edges(c);
        for x in edges.iter().flatten() {
            if *x != road && g.table.map.edge_is_ship_spot(*x) && g.table.pieces.route(*x).is_none()
            {
                give(&mut g, 0, costs::SHIP);
                let msg = refused(&mut g, 0, Command::Ship(*x));
                assert!(msg.contains("not connected"), "{msg}");
            }
        }
    }
}

#[test]
fn one_ship_moves_per_turn_from_an_open_route() {
    let mut g = started(2);
    quiet(&mut g, Group::Sun);
    let ship = start_ship(&g, 0);
    assert!(g.ship_is_open(0, ship));
    let targets = g.ship_targets(0, ship);
    assert!(!targets.is_empty());
    let to = targets[0];
    let text = format!(
        "move ship {} to {}",
        g.table.map.edge_name(ship),
        g.table.map.edge_name(to)
    );
    run(&mut g, 0, &text, 1).unwrap();
    assert!(g.table.pieces.route(ship).is_none());
    assert_eq!(g.table.pieces.route(to).unwrap().kind, RouteKind::Ship);
    // A second move this turn is refused.
    let back = g.ship_targets(0, to);
    let msg = refused(
        &mut g,
        0,
        Command::MoveShip {
            from: to,
            to: back[0],
        },
    );
    assert!(msg.contains("one a round"), "{msg}");
    // Next turn: a ship continued by another is not at the open end; a new ship cannot move.
    quiet(&mut g, Group::Sun);
    g.round += 2;
    let next = g
        .route_spots(0, RouteKind::Ship)
        .into_iter()
        .find(|e| {
            g.table.map.topology.edge_corners(*e).iter().any(|c| {
                g.table.map.topology.edge_corners(to).contains(c)
                    && g.table.pieces.building(*c).is_none()
            })
        })
        .expect("a ship can continue the moved one");
    give(&mut g, 0, costs::SHIP);
    g.apply(0, &Command::Ship(next), 1).unwrap();
    let msg = refused(
        &mut g,
        0,
        Command::MoveShip {
            from: next,
            to: back[0],
        },
    );
    assert!(msg.contains("built this turn"), "{msg}");
    let some = g.ship_targets(0, to);
    let msg = refused(
        &mut g,
        0,
        Command::MoveShip {
            from: to,
            to: some.first().copied().unwrap_or(back[0]),
        },
    );
    assert!(msg.contains("open end"), "{msg}");
}

#[test]
fn road_building_gives_roads_or_ships_in_any_mix() {
    for (a, b) in [
        (RouteKind::Road, RouteKind::Road),
        (RouteKind::Road, RouteKind::Ship),
        (RouteKind::Ship, RouteKind::Ship),
    ] {
        let mut g = started(2);
        quiet(&mut g, Group::Sun);
        g.table.dev[0].cards.push(HeldCard {
            card: DevCard::RoadBuilding,
            bought_turn: 0,
        });
        g.apply(0, &Command::PlayRoadBuilding, 1).unwrap();
        for kind in [a, b] {
            let e = g.route_spots(0, kind)[0];
            let cmd = match kind {
                RouteKind::Road => Command::Road(e),
                RouteKind::Ship => Command::Ship(e),
            };
            let ev = g.apply(0, &cmd, 1).unwrap();
            assert!(ev.iter().any(|e| matches!(
                e,
                Event::Roaded { free: true, .. } | Event::Shipped { free: true, .. }
            )));
        }
        assert_eq!(g.table.hands[0], ResourceSet::EMPTY, "nothing paid");
        assert_eq!(g.turn[0].free_routes, 0);
        // A third route costs again.
        let e = g.route_spots(0, RouteKind::Road)[0];
        let msg = refused(&mut g, 0, Command::Road(e));
        assert!(msg.contains("costs"), "{msg}");
    }
}

// ---- 5. territories ----------------------------------------------------------------------

#[test]
fn the_first_settlement_in_a_foreign_territory_is_worth_three() {
    let mut g = started(3);
    quiet(&mut g, Group::Sun);
    let before = g.public_vp(2);
    // Seat 2 (board 1, Sun) settles in its own territory: no bonus.
    let own = prepared_spot(&mut g, 2, 2);
    give(&mut g, 2, costs::SETTLEMENT);
    let ev = g.apply(2, &Command::Settle(own), 1).unwrap();
    assert!(ev.contains(&Event::Settled {
        seat: 2,
        at: own,
        bonus: false
    }));
    assert_eq!(g.public_vp(2), before + 1);
    // In seat 3's territory (same board, other side): 1 + 2.
    let foreign = prepared_spot(&mut g, 2, 3);
    give(&mut g, 2, costs::SETTLEMENT);
    let ev = g.apply(2, &Command::Settle(foreign), 2).unwrap();
    assert!(ev.contains(&Event::Settled {
        seat: 2,
        at: foreign,
        bonus: true
    }));
    assert_eq!(g.public_vp(2), before + 4);
    // A second foreign territory, on another board: no more bonus.
    let again = prepared_spot(&mut g, 2, 4);
    give(&mut g, 2, costs::SETTLEMENT);
    let ev = g.apply(2, &Command::Settle(again), 3).unwrap();
    assert!(ev.contains(&Event::Settled {
        seat: 2,
        at: again,
        bonus: false
    }));
    assert_eq!(g.public_vp(2), before + 5);
    // Upgrading the bonus settlement keeps the bonus.
    give(&mut g, 2, costs::CITY);
    g.apply(2, &Command::City(foreign), 4).unwrap();
    assert_eq!(g.public_vp(2), before + 6);
}

#[test]
fn the_bonus_counts_on_any_board() {
    let mut g = started(3);
    quiet(&mut g, Group::Sun);
    // Seat 0 (board 0) settles first on board 2's west side (its left neighbour).
    let c = prepared_spot(&mut g, 0, 4);
    give(&mut g, 0, costs::SETTLEMENT);
    let ev = g.apply(0, &Command::Settle(c), 1).unwrap();
    assert!(ev.contains(&Event::Settled {
        seat: 0,
        at: c,
        bonus: true
    }));
    assert_eq!(g.bonus[0], Some(c));
    assert_eq!(g.table.map.corner_territory(c), Some(Territory::West));
}

// ---- 6. robbers --------------------------------------------------------------------------

#[test]
fn a_seven_makes_hands_of_eight_or_more_discard_half() {
    let mut g = started(2);
    quiet(&mut g, Group::Sun);
    give(&mut g, 0, ResourceSet::new(3, 3, 2, 0, 0)); // 8
    give(&mut g, 1, ResourceSet::new(3, 2, 2, 0, 0)); // 7
    give(&mut g, 3, ResourceSet::new(3, 3, 3, 2, 0)); // 11
    let mut ev = Vec::new();
    g.seven(&mut ev);
    assert!(ev.contains(&Event::MustDiscard {
        owed: vec![(0, 4), (3, 5)]
    }));
    // Owing a discard blocks everything else for that seat.
    let msg = refused(&mut g, 0, Command::End);
    assert!(msg.contains("discard 4"), "{msg}");
    let msg = refused(&mut g, 0, Command::Discard(ResourceSet::new(3, 0, 0, 0, 0)));
    assert!(msg.contains("exactly 4"), "{msg}");
    run(&mut g, 0, "discard 2 lumber 2 brick", 1).unwrap();
    assert_eq!(g.table.hands[0].total(), 4);
    // Seat 4 never discarded: the host does it at random when the round ends.
    let ev = g.tick(g.deadline().unwrap());
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Discarded { seat: 3, forced: true, cards } if cards.total() == 5
    )));
}

#[test]
fn robbers_stay_put_during_a_players_first_fifteen_turns() {
    let mut g = started(2);
    quiet(&mut g, Group::Sun);
    g.turns = vec![15, 14, 20, 20];
    g.robber_roll = None;
    let mut ev = Vec::new();
    g.seven(&mut ev);
    // Board 0: seat 1 (Moon, inactive) has had 14 turns: its board's robbers stay.
    // Board 1: both past 15: its robbers move by a second roll.
    let Event::Robbers { still, dice, .. } = ev.last().unwrap() else {
        panic!("{ev:?}")
    };
    assert_eq!(still, &vec![0]);
    assert!(dice.is_some());
    assert_eq!(&g.table.robber[0..2], &g.homes[0..2]);
    // Turn 15 of an active seat is still in the grace; an inactive seat's 15th is over.
    g.turns = vec![15, 15, 16, 16];
    assert!(g.board_in_grace(0), "seat 0 plays its 15th turn now");
    g.phase = Phase::Round { group: Group::Moon };
    g.turns = vec![15, 16, 16, 16];
    assert!(!g.board_in_grace(0));
}

#[test]
fn the_robbers_roll_places_them_on_their_own_sides() {
    let mut g = game(1);
    // Board A: every number but 2 and 12 appears once on each side.
    for n in [3u8, 4, 5, 6, 8, 9, 10, 11] {
        let moved = g.place_robbers(&[0], n);
        assert!(
            !moved.is_empty()
                || g.table
                    .robber
                    .iter()
                    .all(|h| g.table.map.tile(*h).number() == Some(n))
        );
        for t in 0..2 {
            let h = g.table.robber[t];
            assert_eq!(g.table.map.tile(h).number(), Some(n), "number {n}");
            assert_eq!(territory_of_hex(&g.table.map, h), Some(t));
        }
        // Rolling the same number again: they stay.
        assert!(g.place_robbers(&[0], n).is_empty());
    }
    // A 2 or a 12: one robber blocks it, the other goes home.
    for n in [2u8, 12] {
        g.place_robbers(&[0], 6);
        g.place_robbers(&[0], n);
        let on: Vec<usize> = (0..2)
            .filter(|t| g.table.map.tile(g.table.robber[*t]).number() == Some(n))
            .collect();
        assert_eq!(on.len(), 1, "number {n}");
        let other = 1 - on[0];
        assert_eq!(g.table.robber[other], g.homes[other]);
    }
    // A repeated 7: both home.
    g.place_robbers(&[0], 6);
    g.place_robbers(&[0], 7);
    assert_eq!(g.table.robber, g.homes);
}

#[test]
fn there_is_no_stealing_after_the_robbers_move() {
    let mut g = started(2);
    quiet(&mut g, Group::Sun);
    g.turns = vec![20; 4];
    for s in 0..4 {
        give(&mut g, s, ResourceSet::new(1, 1, 1, 0, 0));
    }
    let before = g.table.hands.clone();
    let mut ev = Vec::new();
    g.seven(&mut ev);
    assert_eq!(g.table.hands, before);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Robbers { dice: Some(_), .. }))
    );
}

// ---- 7. development cards ----------------------------------------------------------------

#[test]
fn decks_have_no_monopoly() {
    let g = game(3);
    for d in &g.table.deck {
        assert_eq!(d.len(), 23);
        assert!(!d.contains(&DevCard::Monopoly));
    }
    let e = g.parse(0, "play monopoly wool").unwrap_err();
    assert!(e.0.contains("no Monopoly"), "{e}");
}

#[test]
fn a_knight_sends_a_robber_next_to_you_home_and_takes_its_resource() {
    let mut g = started(1);
    quiet(&mut g, Group::Sun);
    g.table.dev[0].cards.push(HeldCard {
        card: DevCard::Knight,
        bought_turn: 0,
    });
    // The east robber on an east hex touching seat 0's building (B10 touches both sides).
    let h = g
        .table
        .map
        .land_hexes()
        .find(|h| {
            territory_of_hex(&g.table.map, *h) == Some(1)
                && g.resource_of(*h).is_some()
                && g.table.pieces.seats_at_hex(&g.table.map, *h).contains(&0)
        })
        .expect("an east hex next to the west player");
    g.table.robber[1] = h;
    let r = g.resource_of(h).unwrap();
    let msg = refused(
        &mut g,
        0,
        Command::PlayKnight(KnightUse::Take(Resource::Ore)),
    );
    assert!(msg.contains("sends it home"), "{msg}");
    let text = format!("play knight {}", g.table.map.hex_name(h));
    let ev = run(&mut g, 0, &text, 1).unwrap();
    assert_eq!(g.table.robber[1], g.homes[1]);
    assert_eq!(g.table.hands[0], ResourceSet::one(r, 1));
    assert!(ev.contains(&Event::PlayedKnight {
        seat: 0,
        robber: Some((h, g.homes[1])),
        got: Some(r)
    }));
    assert_eq!(g.table.dev[0].knights_played, 1);
}

#[test]
fn a_knight_without_a_robber_nearby_takes_a_resource_of_your_choice() {
    let mut g = started(1);
    quiet(&mut g, Group::Sun);
    g.table.dev[0].cards.push(HeldCard {
        card: DevCard::Knight,
        bought_turn: 0,
    });
    assert!(g.knight_targets(0).is_empty(), "robbers in their deserts");
    let robbers = g.table.robber.clone();
    run(&mut g, 0, "play knight ore", 1).unwrap();
    assert_eq!(g.table.hands[0], ResourceSet::one(Resource::Ore, 1));
    assert_eq!(g.table.robber, robbers, "no robber moves");
    // One card a turn; a card bought this turn waits.
    g.table.dev[0].cards.push(HeldCard {
        card: DevCard::Knight,
        bought_turn: 0,
    });
    let msg = refused(
        &mut g,
        0,
        Command::PlayKnight(KnightUse::Take(Resource::Ore)),
    );
    assert!(msg.contains("already played"), "{msg}");
    g.turn[0].dev_played = false;
    g.table.dev[0].cards = vec![HeldCard {
        card: DevCard::Knight,
        bought_turn: g.round,
    }];
    let msg = refused(
        &mut g,
        0,
        Command::PlayKnight(KnightUse::Take(Resource::Ore)),
    );
    assert!(msg.contains("next turn"), "{msg}");
}

#[test]
fn largest_army_and_longest_road_are_one_award_each_for_the_whole_game() {
    let mut g = started(3);
    quiet(&mut g, Group::Sun);
    g.table.dev[4].knights_played = 2;
    g.table.dev[4].cards.push(HeldCard {
        card: DevCard::Knight,
        bought_turn: 0,
    });
    let ev = run(&mut g, 4, "play knight wool", 1).unwrap();
    assert!(ev.contains(&Event::Award(AwardEvent::LargestArmy {
        holder: 4,
        knights: 3
    })));
    assert_eq!(g.public_vp(4), 4 + 2);
    // Seat 0 on another board with more knights takes it from seat 4.
    g.table.dev[0].knights_played = 3;
    g.table.dev[0].cards.push(HeldCard {
        card: DevCard::Knight,
        bought_turn: 0,
    });
    run(&mut g, 0, "play knight wool", 2).unwrap();
    assert_eq!(g.table.largest, Some(0));
    // Longest Road: the ring's longest route of roads and ships, one holder.
    let mut ev = Vec::new();
    // A chain of roads from the starting road's open end, never turning back.
    let mut last = *g
        .table
        .pieces
        .routes_of(2)
        .iter()
        .find(|e| g.table.pieces.route(**e).unwrap().kind == RouteKind::Road)
        .unwrap();
    let mut visited: Vec<CornerId> = g.table.map.topology.edge_corners(last).to_vec();
    visited.retain(|c| g.table.pieces.building(*c).is_some());
    for _ in 0..4 {
        let ends = g.table.map.topology.edge_corners(last);
        let e = g
            .route_spots(2, RouteKind::Road)
            .into_iter()
            .find(|e| {
                let [a, b] = g.table.map.topology.edge_corners(*e);
                (ends.contains(&a) && !visited.contains(&b) && !visited.contains(&a))
                    || (ends.contains(&b) && !visited.contains(&a) && !visited.contains(&b))
            })
            .expect("the chain goes on");
        visited.extend(ends);
        g.table.pieces.place_route(2, e, RouteKind::Road);
        last = e;
    }
    g.update_longest_road(&[2], &mut ev);
    assert_eq!(g.table.longest, Some(2), "{:?}", g.table.road_len);
}

// ---- trade ---------------------------------------------------------------------------------

#[test]
fn trading_partners_follow_the_drawing() {
    let mut g = started(4);
    quiet(&mut g, Group::Sun);
    // Active seat 2 (board 1, Sun): across (3) and both seats of boards 0 and 2.
    assert_eq!(g.partners(2), vec![0, 1, 3, 4, 5]);
    // Inactive seat 3: the active seats of boards 0, 1, 2.
    assert_eq!(g.partners(3), vec![0, 2, 4]);
    // Seat 0 wraps around the ring to board 3.
    assert_eq!(g.partners(0), vec![1, 2, 3, 6, 7]);
    assert_eq!(g.partners(1), vec![0, 2, 6]);
    give(&mut g, 3, ResourceSet::one(Resource::Wool, 1));
    give(&mut g, 6, ResourceSet::one(Resource::Ore, 1));
    let msg = refused(
        &mut g,
        3,
        Command::Trade(TradeCommand::Offer {
            give: ResourceSet::one(Resource::Wool, 1),
            get: ResourceSet::one(Resource::Ore, 1),
            to: Some(6),
        }),
    );
    assert!(msg.contains("partners are seats 1, 3, 5"), "{msg}");
    // Inactive seats never trade with each other.
    let msg = refused(
        &mut g,
        3,
        Command::Trade(TradeCommand::Offer {
            give: ResourceSet::one(Resource::Wool, 1),
            get: ResourceSet::one(Resource::Ore, 1),
            to: Some(1),
        }),
    );
    assert!(msg.contains("may not trade with seat 2"), "{msg}");
    // Across boards: inactive seat 3 with active seat 4 on the next board.
    give(&mut g, 4, ResourceSet::one(Resource::Ore, 1));
    run(&mut g, 3, "offer 1 wool for 1 ore to 5", 1).unwrap();
    let id = g.table.offers[0].id;
    let ev = run(&mut g, 4, &format!("accept {id}"), 2).unwrap();
    assert!(matches!(
        ev[0],
        Event::Trade(TradeEvent::Traded {
            from: 3,
            with: 4,
            ..
        })
    ));
    assert_eq!(g.table.hands[3], ResourceSet::one(Resource::Ore, 1));
    assert_eq!(g.table.hands[4], ResourceSet::one(Resource::Wool, 1));
}

#[test]
fn an_open_offer_goes_to_every_partner_and_closes_with_the_round() {
    let mut g = started(3);
    quiet(&mut g, Group::Sun);
    give(&mut g, 2, ResourceSet::one(Resource::Brick, 1));
    run(&mut g, 2, "offer 1 brick for 1 grain", 1).unwrap();
    let id = g.table.offers[0].id;
    for s in [0, 1, 3, 4, 5] {
        assert!(
            g.legal(s)
                .contains(&Command::Trade(TradeCommand::Decline(id))),
            "seat {s}"
        );
    }
    let ev = g.tick(g.deadline().unwrap());
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Trade(TradeEvent::OfferClosed { id: i, .. }) if *i == id))
    );
    assert!(g.table.offers.is_empty());
}

#[test]
fn maritime_trade_is_four_to_one_or_a_harbour_and_for_active_seats() {
    let mut g = started(2);
    quiet(&mut g, Group::Sun);
    give(&mut g, 0, ResourceSet::one(Resource::Wool, 4));
    give(&mut g, 1, ResourceSet::one(Resource::Wool, 4));
    let msg = refused(
        &mut g,
        1,
        Command::Trade(TradeCommand::Bank {
            give: ResourceSet::one(Resource::Wool, 4),
            get: ResourceSet::one(Resource::Ore, 1),
        }),
    );
    assert!(msg.contains("Sun group's round"), "{msg}");
    let rates = crate::rules::trade::maritime_rates(&g.table.map, &g.table.pieces, 0);
    let rate = rates[Resource::Wool as usize];
    assert!(rate <= 4);
    run(&mut g, 0, &format!("bank {rate} wool for 1 ore"), 1).unwrap();
    assert_eq!(g.table.hands[0][Resource::Ore], 1);
    // A harbour lowers the rate for a seat with a building on it.
    let (edge, kind) = g
        .table
        .map
        .harbors()
        .iter()
        .map(|h| (h.edge, h.kind))
        .find(|(e, _)| {
            g.table.map.topology.edge_corners(*e).iter().all(|c| {
                g.table.pieces.building(*c).is_none() && g.table.map.board_of_corner(*c) == Some(0)
            })
        })
        .unwrap();
    let c = g.table.map.topology.edge_corners(edge)[0];
    g.table.pieces.place_settlement(0, c);
    let rates = crate::rules::trade::maritime_rates(&g.table.map, &g.table.pieces, 0);
    let best = Resource::ALL
        .iter()
        .map(|r| kind.rate(*r).unwrap_or(4))
        .min()
        .unwrap();
    assert!(rates.contains(&best));
}

// ---- 8. joining late ---------------------------------------------------------------------

#[test]
fn a_person_taking_over_a_seat_keeps_the_hand_and_restarts_the_robber_grace() {
    let mut g = started(2);
    quiet(&mut g, Group::Moon);
    g.turns = vec![30, 30, 30, 30];
    give(&mut g, 1, ResourceSet::new(1, 2, 0, 0, 0));
    assert!(!g.board_in_grace(0));
    let ev = g.take_over(1).unwrap();
    assert_eq!(ev, vec![Event::TakenOver { seat: 1 }]);
    assert_eq!(g.table.hands[1], ResourceSet::new(1, 2, 0, 0, 0));
    assert_eq!(
        g.turns[1], 1,
        "taken over during its own round: this is turn 1"
    );
    assert!(g.board_in_grace(0));
    assert!(!g.board_in_grace(1));
    assert!(g.take_over(9).is_err());
    // Fifteen of the new player's turns later the grace is over.
    g.turns[1] = 15;
    g.phase = Phase::Round { group: Group::Sun };
    assert!(!g.board_in_grace(0));
}

// ---- 9. the end --------------------------------------------------------------------------

#[test]
fn reaching_the_vp_target_ends_the_game() {
    let mut g = BigGame::new(BigConfig {
        vp_target: Some(6),
        ..BigConfig::new(2, 3)
    })
    .unwrap();
    finish_setup(&mut g, 0);
    quiet(&mut g, Group::Sun);
    assert_eq!(g.total_vp(2), 4);
    let c = prepared_spot(&mut g, 2, 2);
    give(&mut g, 2, costs::SETTLEMENT);
    g.apply(2, &Command::Settle(c), 1).unwrap();
    assert!(g.outcome().is_none());
    let c = g
        .table
        .pieces
        .buildings_of(2)
        .iter()
        .copied()
        .find(|c| g.table.pieces.building(*c).unwrap().kind == BuildingKind::Settlement)
        .unwrap();
    give(&mut g, 2, costs::CITY);
    let ev = g.apply(2, &Command::City(c), 2).unwrap();
    assert!(ev.contains(&Event::Over {
        winners: vec![2],
        vp: 6,
        by_limit: false
    }));
    let out = g.outcome().unwrap();
    assert_eq!(out.winners, vec![2]);
    assert_eq!(out.standings.len(), 4, "every player is ranked");
    assert_eq!(out.standings[0], (2, 6));
    assert_eq!(g.deadline(), None);
    let msg = refused(&mut g, 0, Command::End);
    assert!(msg.contains("over"));
}

#[test]
fn the_round_limit_ends_the_game_with_standings() {
    let mut g = BigGame::new(BigConfig {
        vp_target: None,
        max_rounds: Some(3),
        ..BigConfig::new(3, 5)
    })
    .unwrap();
    finish_setup(&mut g, 0);
    g.table.dev[5].cards.push(HeldCard {
        card: DevCard::VictoryPoint,
        bought_turn: 0,
    });
    let mut now = 0;
    while g.outcome().is_none() {
        now = g.deadline().unwrap();
        g.tick(now);
    }
    assert_eq!(now, 3 * ROUND);
    assert_eq!(g.round, 3);
    let out = g.outcome().unwrap();
    assert_eq!(out.winners, vec![5], "the hidden VP card counts");
    assert_eq!(out.standings.len(), 6);
    assert!(out.standings.windows(2).all(|w| w[0].1 >= w[1].1));
}

// ---- views and the language ----------------------------------------------------------------

#[test]
fn a_view_carries_only_what_the_seat_may_see() {
    let mut g = started(5);
    quiet(&mut g, Group::Sun);
    give(&mut g, 3, ResourceSet::new(2, 0, 0, 0, 0));
    g.table.dev[3].cards.push(HeldCard {
        card: DevCard::VictoryPoint,
        bought_turn: 0,
    });
    let v = g.view(Some(0));
    let json = serde_json_like(&v);
    assert!(v.you.as_ref().unwrap().hand.is_empty());
    assert_eq!(v.players[3].cards, 2);
    assert_eq!(v.players[3].dev_cards, 1);
    assert_eq!(
        v.players[3].vp,
        g.public_vp(3),
        "hidden VP cards stay hidden"
    );
    assert!(!json.contains("VictoryPoint"));
    // Pieces of board 2 (out of seat 0's reach in a ring of 5) are not sent.
    assert!(
        v.buildings
            .iter()
            .all(|(c, _)| [0, 1, 4].contains(&g.table.map.board_of_corner(*c).unwrap()))
    );
    assert!(v.buildings.len() < g.table.pieces.all_buildings().count());
    let hall = g.view(None);
    assert!(hall.you.is_none());
    assert_eq!(hall.buildings.len(), g.table.pieces.all_buildings().count());
    assert_eq!(v.group, Some(Group::Sun));
    assert!(v.active);
    assert_eq!(v.you.as_ref().unwrap().partners, g.partners(0));
    let own = g.view(Some(3));
    assert_eq!(own.you.unwrap().dev_cards.len(), 1);
}

fn serde_json_like(v: &BigView) -> String {
    format!("{v:?}")
}

#[test]
fn every_legal_command_reads_back_from_its_text() {
    let mut g = started(3);
    quiet(&mut g, Group::Sun);
    for s in 0..6 {
        give(&mut g, s, ResourceSet::uniform(4));
        g.table.dev[s as usize].cards.push(HeldCard {
            card: DevCard::YearOfPlenty,
            bought_turn: 0,
        });
    }
    let mut seen = 0;
    for s in 0..6 {
        for cmd in g.legal(s) {
            let text = g.format(&cmd);
            assert_eq!(g.parse(s, &text), Ok(cmd), "{text}");
            seen += 1;
        }
    }
    assert!(seen > 100);
    for bad in [
        "",
        "fly",
        "settle",
        "move ship 1A.n",
        "play knight",
        "play knight xyz",
        "end now",
    ] {
        assert!(g.parse(0, bad).is_err(), "{bad}");
    }
}

#[test]
fn actors_are_the_active_seats_and_those_owing_or_answering() {
    let mut g = started(2);
    quiet(&mut g, Group::Sun);
    assert_eq!(g.actors(), vec![0, 2]);
    g.turn[1].must_discard = 3;
    assert_eq!(g.actors(), vec![0, 1, 2]);
    g.turn[1].must_discard = 0;
    give(&mut g, 0, ResourceSet::one(Resource::Wool, 1));
    run(&mut g, 0, "offer 1 wool for 1 ore to 2", 1).unwrap();
    assert_eq!(g.actors(), vec![0, 1, 2]);
    // The offer invites seat 1's answer, but the round waits only for the active seats.
    let waited: Vec<Seat> = (0..4).filter(|s| g.waits_for(*s)).collect();
    assert_eq!(waited, vec![0, 2]);
    g.turn[1].must_discard = 3;
    assert!(g.waits_for(1), "a discard owed holds the round up");
}

// ---- properties --------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Random legal commands, random refused ones and the clock: every listed command is
    /// accepted, refused ones leave the state unchanged, cards are conserved, road lengths
    /// are current.
    #[test]
    fn random_play_conserves_cards_and_refusals_change_nothing(
        seed in 0u64..1000,
        choices in proptest::collection::vec((0usize..1000, 0u16..6, 0u8..20), 150)
    ) {
        let mut g = BigGame::new(BigConfig { max_rounds: Some(30), ..BigConfig::new(3, seed) }).unwrap();
        let total = cards_in_play(&g);
        let devs = dev_cards_total(&g);
        let mut now = 0;
        for (pick, seat, kind) in choices {
            if g.outcome().is_some() {
                break;
            }
            if kind == 0 {
                now = g.deadline().unwrap_or(now);
                g.tick(now);
            } else if kind < 4 {
                // Something likely refused: another seat's legal command.
                let other = (seat + 1) % 6;
                let l = g.legal(other);
                if !l.is_empty() {
                    let cmd = l[pick % l.len()];
                    let before = g.clone();
                    if g.apply(seat, &cmd, now).is_err() {
                        prop_assert_eq!(&g, &before);
                    }
                }
            } else {
                let l = g.legal(seat);
                if !l.is_empty() {
                    let cmd = l[pick % l.len()];
                    let r = g.apply(seat, &cmd, now);
                    prop_assert!(r.is_ok(), "legal {:?} refused: {:?}", cmd, r);
                }
            }
            prop_assert_eq!(cards_in_play(&g), total);
            prop_assert_eq!(dev_cards_total(&g), devs);
            for s in 0..6u16 {
                let st = g.table.pieces.stock(s);
                prop_assert!(st.settlements <= 5 && st.cities <= 4 && st.roads <= 15 && st.ships <= 15);
                prop_assert_eq!(g.table.road_len[s as usize], g.table.pieces.longest_route(&g.table.map, s));
            }
        }
    }
}

/// Whole games the way the sim will drive them: every seat the game waits for picks a random
/// legal command (ending its turn now and then), and when nobody acts the clock jumps to the
/// deadline. Six boards, past the robbers' grace, to the round limit: standings rank all 12.
#[test]
fn random_bots_play_six_boards_to_the_end() {
    use crate::engine::rng::GameRng;
    for seed in 0..2u64 {
        let mut g = BigGame::new(BigConfig {
            vp_target: Some(10),
            max_rounds: Some(40),
            ..BigConfig::new(6, seed)
        })
        .unwrap();
        let total = cards_in_play(&g);
        let mut rng = GameRng::new(seed + 100);
        let mut now: Millis = 0;
        let mut robber_rolls = 0;
        for _ in 0..200_000 {
            if g.outcome().is_some() {
                break;
            }
            let mut acted = false;
            for s in g.actors() {
                let legal = g.legal(s);
                if legal.is_empty() {
                    continue;
                }
                // Bots end their turn one time in eight when they may.
                let cmd = if legal.contains(&Command::End) && rng.below(8) == 0 {
                    Command::End
                } else {
                    legal[rng.below(legal.len())]
                };
                let ev = g.apply(s, &cmd, now).unwrap();
                // Road lengths kept piece by piece stay those of a full search.
                for q in 0..12 {
                    assert_eq!(
                        g.table.road_len[q as usize],
                        g.table.pieces.longest_route(&g.table.map, q)
                    );
                }
                robber_rolls += ev
                    .iter()
                    .filter(|e| matches!(e, Event::Robbers { dice: Some(_), .. }))
                    .count();
                now += 1;
                acted = true;
                if g.outcome().is_some() {
                    break;
                }
            }
            if !acted {
                now = g.deadline().expect("a game that waits has a deadline");
                g.tick(now);
            }
        }
        let out = g.outcome().expect("the game ended");
        assert_eq!(out.standings.len(), 12);
        assert!(!out.winners.is_empty());
        assert_eq!(cards_in_play(&g), total);
        assert!(
            g.round > 30 || out.standings[0].1 >= 10,
            "round {}",
            g.round
        );
        if g.round > 34 {
            assert!(robber_rolls > 0, "robbers move after the grace");
        }
    }
}

// ---- a hall --------------------------------------------------------------------------------

/// A hall's legal list leaves the offers off only where the whole list ends with them: the
/// list sent, followed by the offers written from the hand, is every seat's whole list, and
/// a seat owing a discard, at its cap of open offers or done with its turn gets no offers
/// written.
#[test]
fn a_hall_list_and_the_offers_written_from_the_hand_are_the_whole_list() {
    let mut g = started(20);
    assert!(g.is_hall());
    quiet(&mut g, Group::Sun);
    for s in 0..40 {
        give(&mut g, s, ResourceSet::new(1, 0, 1, 0, 2));
    }
    // Seat 0 (Sun) owes a discard; seat 2 (Sun) has every offer it may keep open; seat 4
    // (Sun) has ended.
    give(&mut g, 0, ResourceSet::new(2, 2, 0, 2, 0));
    g.turn[0].must_discard = 4;
    for _ in 0..MAX_OPEN_OFFERS {
        run(&mut g, 2, "offer 1 lumber for 1 brick", 1).unwrap();
    }
    run(&mut g, 4, "end", 1).unwrap();
    let mut left_off = Vec::new();
    for s in 0..40 {
        let (part, offers_left_off) = Ruleset::legal_for_hall(&g, s);
        let mut texts: Vec<String> = part.iter().map(|c| g.format(c)).collect();
        if offers_left_off {
            assert!(texts.iter().all(|t| !t.starts_with("offer ")), "{texts:?}");
            crate::rules::offers::simple_offer_texts(&g.table.hands[s as usize], &mut texts);
            left_off.push(s);
        }
        let whole: Vec<String> = g.legal(s).iter().map(|c| g.format(c)).collect();
        assert_eq!(texts, whole, "seat {s}");
    }
    for s in [0, 2, 4] {
        assert!(!left_off.contains(&s), "seat {s}: {left_off:?}");
    }
    assert!(left_off.contains(&6), "an ordinary Sun seat: {left_off:?}");
    assert!(
        left_off.contains(&1),
        "a Moon seat trades too: {left_off:?}"
    );
    // A small ring lists everything.
    let small = started(3);
    let (part, offers_left_off) = Ruleset::legal_for_hall(&small, 0);
    assert!(!offers_left_off);
    assert_eq!(part, small.legal(0));
}

/// A hall's events about every board (robbers blocking, banks short, robbers moving or
/// staying) read, for a seated viewer, the viewer's board and both neighbours only, in board
/// order; a spectator reads every board.
#[test]
fn a_hall_viewer_reads_the_robbers_and_banks_of_its_three_boards() {
    let g = started(20);
    assert!(g.is_hall());
    let map = &g.table.map;
    let hex_of = |b: usize| {
        map.land_hexes()
            .find(|h| map.board_of_hex(*h) == b && map.tile(*h).number().is_some())
            .unwrap()
    };
    let boards = 0..20usize;
    let produced = Event::Produced {
        number: 6,
        gains: Vec::new(),
        short: boards.clone().map(|b| (b, Resource::Ore)).collect(),
        blocked: boards.clone().map(hex_of).collect(),
    };
    let robbers = Event::Robbers {
        still: boards.clone().collect(),
        dice: Some((3, 4)),
        moved: (0..40).map(|t| (t, g.homes[t], hex_of(t / 2))).collect(),
    };
    // Seat 1 sits on board 1 (0-based 0): its neighbours are boards 20 and 2.
    let text = g.describe(&produced, Some(1), &[]).unwrap();
    let names = |bs: &[usize]| -> Vec<String> {
        bs.iter()
            .map(|b| map.hex_name(hex_of(*b)).to_string())
            .collect()
    };
    assert!(
        text.contains(&format!("Robbers block {}.", names(&[0, 1, 19]).join(", "))),
        "{text}"
    );
    for b in [1, 2, 20] {
        assert!(
            text.contains(&format!("Board {b}'s bank is short")),
            "{text}"
        );
    }
    assert_eq!(text.matches("bank is short").count(), 3, "{text}");
    let text = g.describe(&robbers, Some(1), &[]).unwrap();
    assert_eq!(text.matches("A robber moves").count(), 6, "{text}");
    assert!(
        text.contains(
            "The robbers of boards 1, 2, 20 stay put (a player there is in their first 15 turns)."
        ),
        "{text}"
    );
    // A spectator reads the whole ring.
    let text = g.describe(&produced, None, &[]).unwrap();
    assert_eq!(text.matches("bank is short").count(), 20, "{text}");
    let text = g.describe(&robbers, None, &[]).unwrap();
    assert_eq!(text.matches("A robber moves").count(), 40, "{text}");
}

#[test]
fn a_hall_view_carries_the_neighbourhood_the_top_and_the_own_place() {
    let g = started(40);
    assert!(g.is_hall());
    let seat: Seat = 41; // board 21's Moon seat
    let v = g.view(Some(seat));
    // Its board and both neighbours: six players, plus the top of the standings.
    let near: Vec<Seat> = g.near_seats(seat);
    assert_eq!(near, vec![38, 39, 40, 41, 42, 43]);
    for s in &near {
        assert!(v.player(*s).is_some(), "seat {s} is near");
    }
    assert!(v.players.len() <= 6 + super::HALL_TOP);
    assert!(v.players.windows(2).all(|w| w[0].seat < w[1].seat));
    assert_eq!(v.standings.len(), super::HALL_TOP);
    for (s, _) in &v.standings {
        assert!(
            v.player(*s).is_some(),
            "seat {s} of the standings is in the view"
        );
    }
    let boards: Vec<usize> = v.banks.iter().map(|(b, _)| *b).collect();
    assert_eq!(boards, vec![19, 20, 21]);
    assert_eq!(v.robbers.len(), 6);
    // The standings as the round started, and the own place among everyone.
    let all = g.view(None);
    assert_eq!(all.players.len(), 80);
    assert_eq!(v.standings, all.standings[..super::HALL_TOP].to_vec());
    let mine = g.public_vp(seat);
    let place = 1 + all.standings.iter().filter(|(_, vp)| *vp > mine).count();
    assert_eq!(v.you.as_ref().map(|y| y.rank), Some(place));
    // Pieces on the boards it reaches only, and all of them.
    let reach = g.reach(seat);
    let expect: Vec<_> = g
        .table
        .pieces
        .all_buildings()
        .filter(|(c, _)| {
            g.table
                .map
                .board_of_corner(*c)
                .is_some_and(|b| reach.contains(&b))
        })
        .collect();
    assert_eq!(v.buildings, expect);
}

#[test]
fn a_move_in_a_hall_concerns_the_boards_around_it_and_a_round_everyone() {
    let mut g = started(40);
    quiet(&mut g, Group::Sun);
    let seat: Seat = 40; // board 21's Sun seat
    let evs = g
        .apply(seat, &Command::End, 0)
        .expect("a Sun seat ends its turn");
    let refs: Vec<&Event> = evs.iter().collect();
    // A seat's facts show one board away.
    assert_eq!(
        g.audience(Some(seat), &refs),
        Some(vec![38, 39, 40, 41, 42, 43])
    );
    assert!(evs.iter().all(|e| g.event_seat(e) == Some(seat)));
    // The dice concern everyone.
    let now = g.deadline().expect("a round runs");
    let evs = g.tick(now);
    let refs: Vec<&Event> = evs.iter().collect();
    assert_eq!(g.audience(None, &refs), None);
    assert!(evs.iter().any(|e| g.event_seat(e).is_none()));
    // Outside a hall every change is for everyone.
    let small = started(3);
    assert_eq!(small.audience(Some(0), &[]), None);
}

/// "You may trade and build in any order, as many times as you wish" (big-game.md, Trading):
/// a counter-offer is a trade proposal like any other, so it exists here as in base Catan.
#[test]
fn a_partner_may_counter_an_offer_and_the_maker_accept_it() {
    let mut g = started(3);
    quiet(&mut g, Group::Sun);
    give(&mut g, 2, ResourceSet::one(Resource::Brick, 1));
    give(&mut g, 3, ResourceSet::one(Resource::Ore, 2));
    run(&mut g, 2, "offer 1 brick for 1 ore", 1).unwrap();
    let id = g.table.offers[0].id;
    let text = format!("counter {id} 2 ore for 1 brick");
    let cmd = g.parse(3, &text).unwrap();
    assert_eq!(g.format(&cmd), text, "a counter-offer reads back");
    let ev = run(&mut g, 3, &text, 2).unwrap();
    assert!(ev.contains(&Event::Trade(TradeEvent::Declined { id, seat: 3 })));
    let counter = g.table.offers.iter().find(|o| o.from == 3).unwrap().clone();
    assert_eq!(counter.to, Some(2), "a counter goes to the offer's maker");
    assert!(
        g.table.offers.iter().any(|o| o.id == id),
        "others may still take offer {id}"
    );
    assert!(run(&mut g, 4, &format!("accept {}", counter.id), 3).is_err());
    run(&mut g, 2, &format!("accept {}", counter.id), 4).unwrap();
    assert_eq!(g.table.hands[2], ResourceSet::one(Resource::Ore, 2));
    assert_eq!(g.table.hands[3], ResourceSet::one(Resource::Brick, 1));
    let why = run(
        &mut g,
        3,
        &format!("counter {id} 1 ore for 1 brick to 3"),
        5,
    )
    .unwrap_err();
    assert!(why.to_string().contains("leave out `to`"), "{why}");
}


/// The lobby, the replay and the summary show these rows to players.
#[test]
fn settings_text_reads_as_players_know_it() {
    assert_eq!(
        settings_rows::<BigGame>(&BigSettings::new(13), 26),
        rows_of(&[
            ("variant", "big-game"),
            ("boards", "13"),
            ("layout", "A,B,C,A,B,C,A,B,C,A,B,C,…"),
            ("round", "45 s"),
            ("victory points", "10"),
            ("round limit", "none"),
        ])
    );
    let short = BigSettings {
        vp_target: None,
        max_rounds: Some(30),
        ..BigSettings::new(2)
    };
    assert_eq!(
        settings_rows::<BigGame>(&short, 4),
        rows_of(&[
            ("variant", "big-game"),
            ("boards", "2"),
            ("layout", "A,B"),
            ("round", "45 s"),
            ("victory points", "none"),
            ("round limit", "30"),
        ])
    );
}

/// A tool written for one ruleset reads its view out of the dispatch's, and is told when
/// the game is of another ruleset.
#[test]
fn a_view_unwraps_into_its_own_rulesets_view_only() {
    use crate::variants::{Game, GameSettings};
    let big = Game::create(&GameSettings::BigGame(BigSettings::new(2)), 4, 1).expect("a Big Game");
    let view = big.view(Some(0));
    let own: &BigView = (&view).try_into().expect("a Big Game's view");
    assert_eq!(own.round, 0);
    let flags = crate::variants::flags::TableFlags::default();
    for &name in GameSettings::NAMES {
        let settings = GameSettings::from_flags(name, &flags).expect("settings");
        if matches!(settings, GameSettings::BigGame(_)) {
            continue;
        }
        let seats = settings.default_seats();
        let other = Game::create(&settings, seats, 1).expect("a game").view(Some(0));
        assert!(<&BigView>::try_from(&other).is_err(), "{name}");
    }
}

/// A Big Game plays to a VP target, a round limit or both (`--vp 0`: no target); one with
/// neither is refused.
#[test]
fn a_big_game_plays_to_a_vp_target_a_round_limit_or_both() {
    use crate::variants::flags::{TableFlags, TableSettings};
    let game = |vp: Option<u32>, max_rounds: Option<u32>| {
        let flags = TableFlags {
            boards: 2,
            vp,
            max_rounds,
            ..TableFlags::default()
        };
        let settings = BigSettings::from_flags(&flags)?;
        BigGame::create(&settings, 4, 1).map_err(|e| e.to_string())
    };
    let g = game(None, None).expect("a Big Game");
    assert_eq!(g.config().vp_target, Some(10));
    let g = game(Some(0), Some(20)).expect("a Big Game");
    assert_eq!(
        (g.config().vp_target, g.config().max_rounds),
        (None, Some(20))
    );
    let g = game(Some(12), Some(20)).expect("a Big Game");
    assert_eq!(
        (g.config().vp_target, g.config().max_rounds),
        (Some(12), Some(20))
    );
    let err = game(Some(0), None).expect_err("refused");
    assert!(err.contains("needs an end"), "{err}");
}

/// The shared command words are read in one place (`rules::commands`), yet this ruleset
/// still refuses a mistyped one in its own words: its board's names in the examples, its own
/// cards, its own Monopoly.
#[test]
fn the_shared_words_are_refused_in_its_own_words() {
    let game = BigGame::create(&BigSettings::new(2), 4, 1).expect("a game");
    crate::rules::commands::testing::refuses_as(
        &game,
        &[
            ("settle", "`settle` needs a corner, e.g. 1C.nw"),
            ("road", "`road` needs an edge, e.g. 1C.n"),
            ("play", "`play` needs a card: knight, roads or plenty"),
            ("play vp", "victory point cards are never played: they count for you"),
            ("play monopoly wool", "there are no Monopoly cards in the Big Game"),
            ("collect", "`collect` needs a corner, e.g. 1C.w"),
            ("end now", "unexpected `now` after the command"),
        ],
    );
}
