//! Scenario tests of the Total Chaos rules: each phase and its transitions with time passed in,
//! races settled by arrival order, ready votes and the development card timing rule. Each test
//! names the ruling it holds in place (docs/rules/total-chaos.md).

use crate::ruleset::testing::{rows_of, settings_rows};
use super::*;
use crate::rules::devcards::{DevCard, HeldCard};
use crate::rules::events::{AwardEvent, DevEvent, TableEvent, TradeEvent};
use crate::rules::offers::TradeCommand;
use crate::rules::pieces::RouteKind;
use crate::rules::resources::Resource::*;
use crate::rules::{costs, production, spots};
use crate::topology::{EdgeId, HexId};

fn config(seats: usize, seed: u64) -> ChaosConfig {
    ChaosConfig {
        placement_ms: Some(5_000),
        ..ChaosConfig::new(seats, seed)
    }
}

fn game(seats: usize, seed: u64) -> ChaosGame {
    ChaosGame::new(config(seats, seed)).unwrap()
}

fn ok(g: &mut ChaosGame, seat: Seat, text: &str, now: Millis) -> Vec<Event> {
    let cmd = g
        .parse(seat, text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    g.apply(seat, &cmd, now)
        .unwrap_or_else(|e| panic!("seat {} `{text}` refused: {e}", seat + 1))
}

/// Applies a command that must be refused, checks the state is untouched, returns why.
fn no(g: &mut ChaosGame, seat: Seat, cmd: Command, now: Millis) -> String {
    let before = g.clone();
    let e = g.apply(seat, &cmd, now).expect_err("must be refused");
    assert!(*g == before, "a refused command leaves the state untouched");
    e.0
}

/// Plays the placement with each seat's first legal command; returns the time it ended.
fn finish_setup(g: &mut ChaosGame) -> Millis {
    let now = 1_000;
    while let Phase::Setup { step, .. } = g.phase {
        let s = g.setup_seat(step);
        let cmd = g.legal(s)[0];
        g.apply(s, &cmd, now).unwrap();
    }
    now
}

/// A game in its building phase with these hands.
fn building(seats: usize, seed: u64) -> (ChaosGame, Millis) {
    let mut g = game(seats, seed);
    let now = finish_setup(&mut g);
    g.phase = Phase::Build;
    g.phase_deadline = Some(now + g.cfg.build_ms);
    (g, now)
}

fn give(g: &mut ChaosGame, seat: Seat, cards: ResourceSet) {
    g.table.bank.sub(&cards);
    g.table.hands[seat as usize].add(&cards);
}

fn cards(g: &ChaosGame) -> ResourceSet {
    let mut t = g.table.bank;
    for h in &g.table.hands {
        t.add(h);
    }
    t
}

fn conserved(g: &ChaosGame) {
    assert_eq!(cards(g), g.supply().bank());
}

// ---- setup -------------------------------------------------------------------------------

#[test]
fn placement_order_is_drawn_at_random_and_snakes() {
    let orders: std::collections::BTreeSet<Vec<Seat>> =
        (0..20).map(|s| game(4, s).order.clone()).collect();
    assert!(orders.len() > 5, "different seeds draw different orders");
    for o in &orders {
        let mut sorted = o.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3]);
    }
    let g = game(4, 3);
    let steps: Vec<Seat> = (0..8).map(|i| g.setup_seat(i)).collect();
    let mut want = g.order.clone();
    want.extend(g.order.iter().rev());
    assert_eq!(steps, want);
    // Only the placing seat may place; the others are told who is.
    let mut g = g;
    let other = (0..4).find(|s| *s != g.order[0]).unwrap();
    let c = g.table.map.land_corners()[0];
    let why = no(&mut g, other, Command::Settle(c), 0);
    assert!(
        why.contains(&format!("seat {} is placing now", g.order[0] + 1)),
        "{why}"
    );
    assert_eq!(g.actors(), vec![g.order[0]]);
}

#[test]
fn a_placement_out_of_time_goes_to_the_best_free_spot() {
    let mut g = game(3, 5);
    let first = g.order[0];
    assert_eq!(g.deadline(), Some(5_000));
    assert!(g.tick(4_999).is_empty());
    let best = spots::best_free_spot(&g.table.map, &g.table.pieces).unwrap();
    let ev = g.tick(5_000);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TimedOut { seat, .. } if *seat == first))
    );
    assert_eq!(g.table.pieces.building(best).map(|b| b.owner), Some(first));
    assert_eq!(
        g.table.pieces.routes_of(first).len(),
        1,
        "and a road beside it"
    );
    assert_eq!(g.setup_seat(1), g.order[1]);
    assert!(matches!(
        g.phase,
        Phase::Setup {
            step: 1,
            settlement: None
        }
    ));
    assert_eq!(
        g.deadline(),
        Some(10_000),
        "the next placement gets its own time"
    );
    // Without a limit there is no clock in setup.
    let g = ChaosGame::new(ChaosConfig::new(3, 5)).unwrap();
    assert_eq!(g.deadline(), None);
}

/// Setup is part of the game, which has begun: a purchase then is refused as not yet allowed
/// in setup, not as "the game has not started".
#[test]
fn setup_refuses_building_phase_commands_as_setup() {
    let mut g = game(3, 5);
    let first = g.order[0];
    let msg = no(&mut g, first, Command::BuyDev, 0);
    assert!(msg.starts_with("not during setup"), "{msg}");
}

#[test]
fn the_second_settlement_takes_its_starting_resources() {
    let mut g = game(2, 9);
    finish_setup(&mut g);
    conserved(&g);
    let total: u32 = g.table.hands.iter().map(|h| h.total()).sum();
    assert!(total > 0);
    assert_eq!(g.round, 1);
}

// ---- resource phase ----------------------------------------------------------------------

#[test]
fn each_round_rolls_one_pair_per_seat_and_every_roll_produces() {
    let mut g = game(4, 11);
    let now = finish_setup(&mut g);
    assert_eq!(g.dice.len(), 4);
    assert_eq!(g.deadline(), Some(now + 20_000));
    let Phase::Resource { owed } = &g.phase else {
        panic!("resource phase after setup")
    };
    // What is owed is every non-7 roll's production, the robber's hex excluded.
    let mut want = vec![ResourceSet::EMPTY; 4];
    for (a, b) in &g.dice {
        if a + b != 7 {
            let o = production::owed(
                &g.table.map,
                &g.table.pieces,
                a + b,
                &[g.table.robber],
                |_, _| true,
            );
            for (w, x) in want.iter_mut().zip(o) {
                w.add(&x);
            }
        }
    }
    assert_eq!(owed, &want);
    assert_eq!(g.robber_holder.is_some(), g.sevens() > 0);
}

/// Puts a game into its resource phase with these debts and this bank.
fn resource_phase(owed: Vec<ResourceSet>, bank: ResourceSet) -> (ChaosGame, Millis) {
    let mut g = game(owed.len(), 21);
    let now = finish_setup(&mut g);
    // Return the starting cards so the bank can be set freely.
    for h in g.table.hands.iter_mut() {
        *h = ResourceSet::EMPTY;
    }
    g.table.bank = bank;
    g.dice = vec![(2, 3); owed.len()];
    g.robber_holder = None;
    g.phase = Phase::Resource { owed };
    g.phase_deadline = Some(now + 20_000);
    (g, now)
}

#[test]
fn claims_race_for_a_short_bank_first_come_first_served() {
    let ore2 = ResourceSet::one(Ore, 2);
    let mut bank = ResourceSet::uniform(19);
    bank[Ore] = 3;
    let (mut g, now) = resource_phase(vec![ore2, ore2, ResourceSet::EMPTY], bank);
    let start = cards(&g);
    // Seat 2 reaches the host first and is paid in full.
    let ev = ok(&mut g, 1, "claim", now);
    assert!(ev.contains(&Event::Claimed {
        seat: 1,
        got: ore2,
        short: ResourceSet::EMPTY
    }));
    // Seat 1 gets what is left, card by card.
    let ev = ok(&mut g, 0, "claim", now + 1);
    assert!(ev.contains(&Event::Claimed {
        seat: 0,
        got: ResourceSet::one(Ore, 1),
        short: ResourceSet::one(Ore, 1)
    }));
    assert_eq!(g.table.bank[Ore], 0);
    // Nothing left for a second claim, and the reason says so.
    let why = no(&mut g, 0, Command::Claim, now + 2);
    assert!(why.contains("too late: the bank has none"), "{why}");
    assert!(!g.legal(0).contains(&Command::Claim));
    let why = no(&mut g, 2, Command::Claim, now + 2);
    assert!(why.contains("owe you nothing"), "{why}");
    let why = no(&mut g, 1, Command::Claim, now + 2);
    assert!(
        why.contains("owe you nothing"),
        "claimed once already: {why}"
    );
    assert_eq!(cards(&g), start);
}

#[test]
fn unclaimed_production_is_served_at_the_end_in_random_order_while_the_bank_lasts() {
    let one = ResourceSet::one(Grain, 1);
    let mut firsts = [0; 2];
    for seed in 0..40 {
        let mut bank = ResourceSet::uniform(19);
        bank[Grain] = 1;
        let (mut g, now) = resource_phase(vec![one, one], bank);
        let start = cards(&g);
        g.rng = crate::engine::rng::GameRng::new(seed);
        let ev = g.tick(now + 20_000);
        let served: Vec<(Seat, ResourceSet, ResourceSet)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Served { seat, got, lost } => Some((*seat, *got, *lost)),
                _ => None,
            })
            .collect();
        assert_eq!(served.len(), 2);
        assert_eq!(served[0].1, one, "the first served gets the last grain");
        assert_eq!(served[1].2, one, "the second loses it");
        firsts[served[0].0 as usize] += 1;
        assert_eq!(g.phase, Phase::Build, "no 7: straight to building");
        assert_eq!(g.deadline(), Some(now + 20_000 + g.cfg.build_ms));
        assert_eq!(cards(&g), start);
    }
    assert!(
        firsts[0] > 5 && firsts[1] > 5,
        "the order is random: {firsts:?}"
    );
}

// ---- ready votes ---------------------------------------------------------------------------

#[test]
fn a_phase_ends_early_when_everyone_is_ready_and_only_then() {
    let (mut g, now) = resource_phase(vec![ResourceSet::EMPTY; 3], ResourceSet::uniform(19));
    ok(&mut g, 0, "ready", now + 10);
    let why = no(&mut g, 0, Command::Ready, now + 11);
    assert!(why.contains("already voted ready"), "{why}");
    ok(&mut g, 1, "ready", now + 12);
    assert_eq!(
        g.actors(),
        vec![2],
        "the game waits for whoever is not ready"
    );
    ok(&mut g, 1, "unready", now + 13);
    ok(&mut g, 2, "ready", now + 14);
    assert!(
        matches!(g.phase, Phase::Resource { .. }),
        "seat 2 took its vote back"
    );
    let ev = ok(&mut g, 1, "ready", now + 15);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::AllReady { phase: "resource" }))
    );
    assert_eq!(g.phase, Phase::Build);
    assert_eq!(g.ready, vec![false; 3], "votes start afresh in each phase");
    assert_eq!(g.deadline(), Some(now + 15 + g.cfg.build_ms));
    // Setup has no vote.
    let mut s = game(2, 1);
    let who = s.order[0];
    let why = no(&mut s, who, Command::Ready, 0);
    assert!(why.contains("no ready vote"), "{why}");
}

// ---- the robber ----------------------------------------------------------------------------

/// A resource phase where seat `holder` controls the robber after `sevens` 7s.
fn seven_rolled(seats: usize, holder: Seat, sevens: usize) -> (ChaosGame, Millis) {
    let (mut g, now) = resource_phase(vec![ResourceSet::EMPTY; seats], ResourceSet::uniform(19));
    for d in g.dice.iter_mut().take(sevens) {
        *d = (3, 4);
    }
    g.robber_holder = Some(holder);
    (g, now)
}

/// The phase waits for whoever is not ready and for a seat asked for a card. Ready is ready,
/// for the robber's holder too, in the resource phase and in the robber phase (a robber left
/// unmoved is the host's to move when the phase ends); an offer invites answers but holds
/// nothing up.
#[test]
fn a_phase_waits_for_the_seats_not_ready_and_a_seat_asked_for_a_card() {
    let waited = |g: &ChaosGame| (0..3).filter(|s| g.waits_for(*s)).collect::<Vec<Seat>>();
    let (mut g, now) = seven_rolled(3, 1, 1);
    ok(&mut g, 1, "ready", now);
    assert_eq!(waited(&g), vec![0, 2], "the holder said ready in the resource phase");

    let (mut g, t, hex) = robber_ready(ResourceSet::new(0, 0, 3, 0, 0), 1);
    assert_eq!(waited(&g), vec![0, 1, 2], "a new phase: nobody is ready");
    ok(&mut g, 0, "ready", t);
    assert_eq!(waited(&g), vec![1, 2], "the holder said ready with its robber unmoved");
    ok(&mut g, 0, "unready", t + 1);
    let name = g.table.map.hex_name(hex).to_string();
    ok(&mut g, 0, &format!("robber {name}"), t + 2);
    ok(&mut g, 1, "ready", t + 3);
    ok(&mut g, 2, "ready", t + 4);
    ok(&mut g, 0, "steal 2 wool", t + 5);
    assert_eq!(waited(&g), vec![0, 1], "asked for a card, seat 2 is waited for though ready");
    for s in 0..3 {
        assert_eq!(g.waits_for(s), g.is_actor(s), "no offer: the waited are the actors");
    }

    let (mut g, now) = building(3, 51);
    give(&mut g, 0, ResourceSet::one(Brick, 1));
    ok(&mut g, 0, "offer 1 brick for 1 ore to 3", now);
    ok(&mut g, 1, "ready", now + 1);
    ok(&mut g, 2, "ready", now + 2);
    assert!(g.is_actor(2), "the offer invites seat 3 to answer");
    assert_eq!(waited(&g), vec![0], "but only the seat not ready holds the phase up");
}

#[test]
fn a_seven_gives_the_robber_to_a_random_player() {
    let mut holders = std::collections::BTreeSet::new();
    let mut seen_seven = 0;
    for seed in 0..60 {
        let mut g = game(3, seed);
        finish_setup(&mut g);
        assert_eq!(g.robber_holder.is_some(), g.sevens() > 0, "seed {seed}");
        if let Some(h) = g.robber_holder {
            holders.insert(h);
            seen_seven += 1;
            assert!(matches!(
                g.tick(g.deadline().unwrap())
                    .iter()
                    .find(|e| matches!(e, Event::PhaseStarted { .. })),
                Some(Event::PhaseStarted {
                    phase: "robber-discard",
                    ..
                })
            ));
        }
    }
    assert!(seen_seven > 10);
    assert_eq!(holders.len(), 3, "any seat may get it");
}

#[test]
fn robber_part_one_discards_half_of_eight_or_more_then_at_random_on_expiry() {
    let (mut g, now) = seven_rolled(3, 2, 1);
    give(&mut g, 0, ResourceSet::new(3, 3, 2, 0, 1)); // 9: discards 4
    give(&mut g, 1, ResourceSet::new(2, 2, 2, 2, 0)); // 8: discards 4
    give(&mut g, 2, ResourceSet::new(7, 0, 0, 0, 0)); // 7: keeps all
    let ev = g.tick(now + 20_000);
    assert!(ev.contains(&Event::MustDiscard {
        owed: vec![(0, 4), (1, 4)]
    }));
    let t = now + 20_000;
    assert_eq!(g.deadline(), Some(t + g.cfg.robber1_ms));
    let why = no(&mut g, 0, Command::Ready, t + 1);
    assert!(why.contains("discard your 4 cards first"), "{why}");
    let why = no(
        &mut g,
        0,
        Command::Discard(ResourceSet::one(Lumber, 3)),
        t + 1,
    );
    assert!(why.contains("exactly 4"), "{why}");
    let why = no(
        &mut g,
        2,
        Command::Discard(ResourceSet::one(Lumber, 3)),
        t + 1,
    );
    assert!(why.contains("do not need to discard"), "{why}");
    ok(&mut g, 0, "discard 3 lumber 1 ore", t + 2);
    assert_eq!(g.table.hands[0], ResourceSet::new(0, 3, 2, 0, 0));
    // Seat 2 never discards: the host picks 4 at random when time is up.
    let ev = g.tick(t + g.cfg.robber1_ms);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TimedOut { seat: 1, .. }))
    );
    assert_eq!(g.table.hands[1].total(), 4);
    assert!(matches!(
        g.phase,
        Phase::Robber {
            moved: false,
            steals_left: 1,
            ask: None
        }
    ));
    conserved(&g);
}

/// Robber part 2 with the holder's robber moved next to `victim`'s building.
fn robber_ready(victim_cards: ResourceSet, sevens: usize) -> (ChaosGame, Millis, HexId) {
    let (mut g, now) = seven_rolled(3, 0, sevens);
    give(&mut g, 1, victim_cards);
    g.tick(now + 20_000); // to part 1, nobody discards
    let t = now + 40_000;
    g.tick(t); // to part 2
    assert!(matches!(g.phase, Phase::Robber { .. }));
    let hex = g
        .table
        .pieces
        .buildings_of(1)
        .iter()
        .flat_map(|c| g.table.map.topology.corner_hexes(*c).into_iter().flatten())
        .find(|h| g.table.map.is_land(*h) && *h != g.table.robber)
        .expect("a hex of seat 2");
    (g, t, hex)
}

#[test]
fn robber_part_two_the_controller_moves_and_steals_once_per_seven() {
    let (mut g, t, hex) = robber_ready(ResourceSet::new(0, 0, 3, 0, 0), 2);
    let name = g.table.map.hex_name(hex).to_string();
    let why = no(&mut g, 1, Command::Robber(hex), t);
    assert!(why.contains("seat 1 controls the robber"), "{why}");
    let why = no(
        &mut g,
        0,
        Command::Steal {
            victim: 1,
            card: None,
        },
        t,
    );
    assert!(why.contains("move the robber first"), "{why}");
    let here = g.table.robber;
    let why = no(&mut g, 0, Command::Robber(here), t);
    assert!(why.contains("must move"), "{why}");
    ok(&mut g, 0, &format!("robber {name}"), t + 1);
    let why = no(
        &mut g,
        0,
        Command::Steal {
            victim: 0,
            card: None,
        },
        t + 2,
    );
    assert!(why.contains("cannot rob yourself"), "{why}");
    let why = no(
        &mut g,
        0,
        Command::Steal {
            victim: 2,
            card: None,
        },
        t + 2,
    );
    assert!(
        why.contains("no building at") || why.contains("no cards"),
        "{why}"
    );
    // A random steal, then one agreed on: two 7s, two steals.
    ok(&mut g, 0, "steal 2", t + 3);
    assert_eq!(g.table.hands[0][Wool], 1);
    let ev = ok(&mut g, 0, "steal 2 wool", t + 4);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::StealAsked {
            victim: 1,
            card: Wool,
            ..
        }
    )));
    assert!(g.actors().contains(&1), "the victim is asked");
    let why = no(&mut g, 2, Command::Agree, t + 5);
    assert!(why.contains("nobody is asking you"), "{why}");
    ok(&mut g, 1, "agree", t + 5);
    assert_eq!(g.table.hands[0][Wool], 2);
    assert_eq!(g.table.hands[1][Wool], 1);
    let why = no(
        &mut g,
        0,
        Command::Steal {
            victim: 1,
            card: None,
        },
        t + 6,
    );
    assert!(why.contains("all your steals"), "{why}");
    conserved(&g);
}

#[test]
fn a_refused_ask_leaves_the_steal_and_steals_not_made_in_time_are_lost() {
    let (mut g, t, hex) = robber_ready(ResourceSet::new(0, 0, 3, 0, 0), 1);
    let name = g.table.map.hex_name(hex).to_string();
    ok(&mut g, 0, &format!("robber {name}"), t + 1);
    ok(&mut g, 0, "steal 2 ore", t + 2);
    let why = no(&mut g, 1, Command::Agree, t + 3);
    assert!(why.contains("no ore to give"), "{why}");
    let ev = ok(&mut g, 1, "refuse", t + 3);
    assert!(ev.contains(&Event::StealRefused {
        thief: 0,
        victim: 1
    }));
    assert!(matches!(
        g.phase,
        Phase::Robber {
            steals_left: 1,
            ask: None,
            ..
        }
    ));
    let ev = g.tick(t + g.cfg.robber2_ms);
    assert!(ev.contains(&Event::StealsLost { seat: 0, n: 1 }));
    assert_eq!(g.phase, Phase::Build);
    assert_eq!(g.table.hands[1][Wool], 3, "nothing was stolen");
}

#[test]
fn a_robber_not_moved_in_time_is_moved_by_the_host() {
    let (mut g, t, _) = robber_ready(ResourceSet::EMPTY, 1);
    let before = g.table.robber;
    let ev = g.tick(t + g.cfg.robber2_ms);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TimedOut { seat: 0, .. }))
    );
    assert_ne!(g.table.robber, before);
    assert_eq!(g.phase, Phase::Build);
}

// ---- building and trading ------------------------------------------------------------------

/// A free corner with two road edges, and a seat-0 road on one and a seat-1 road on the other.
fn shared_corner(g: &mut ChaosGame) -> (CornerId, EdgeId, EdgeId) {
    for &c in g.table.map.land_corners() {
        if g.table
            .pieces
            .check_settlement_spot(&g.table.map, c)
            .is_err()
        {
            continue;
        }
        let edges: Vec<EdgeId> = g
            .table
            .map
            .topology
            .corner_edges(c)
            .iter()
            .flatten()
            .copied()
            .filter(|e| g.table.map.edge_is_road_spot(*e) && g.table.pieces.route(*e).is_none())
            .collect();
        let far_ends_free = |e: &EdgeId| {
            g.table
                .map
                .topology
                .edge_corners(*e)
                .iter()
                .all(|k| g.table.pieces.building(*k).is_none())
        };
        if edges.len() >= 2 && edges.iter().all(far_ends_free) {
            g.table.pieces.place_route(0, edges[0], RouteKind::Road);
            g.table.pieces.place_route(1, edges[1], RouteKind::Road);
            return (c, edges[0], edges[1]);
        }
    }
    panic!("no shared corner")
}

#[test]
fn two_players_building_on_the_same_corner_the_first_wins_the_second_is_told_why() {
    let (mut g, now) = building(2, 31);
    let (c, _, _) = shared_corner(&mut g);
    let before = g.table.hands[0];
    give(&mut g, 0, costs::SETTLEMENT);
    give(&mut g, 1, costs::SETTLEMENT);
    let corner = g.table.map.corner_name(c);
    assert!(g.legal(0).contains(&Command::Settle(c)));
    assert!(g.legal(1).contains(&Command::Settle(c)));
    ok(&mut g, 1, &format!("settle {corner}"), now + 5);
    let why = no(&mut g, 0, Command::Settle(c), now + 6);
    assert_eq!(
        why,
        format!("too late: seat 2 has already built at {corner}")
    );
    let mut kept = before;
    kept.add(&costs::SETTLEMENT);
    assert_eq!(g.table.hands[0], kept, "the loser keeps its cards");
    conserved(&g);
}

#[test]
fn roads_race_too() {
    let (mut g, now) = building(2, 33);
    let (c, e0, _) = shared_corner(&mut g);
    // Seat 1 reaches the corner from its own road; both want the third edge.
    let third = g
        .table
        .map
        .topology
        .corner_edges(c)
        .iter()
        .flatten()
        .copied()
        .find(|e| g.table.pieces.route(*e).is_none() && g.table.map.edge_is_road_spot(*e));
    let Some(e) = third else { return };
    give(&mut g, 0, costs::ROAD);
    give(&mut g, 1, costs::ROAD);
    let text = format!("road {}", g.table.map.edge_name(e));
    ok(&mut g, 0, &text, now);
    let why = no(&mut g, 1, Command::Road(e), now + 1);
    assert!(
        why.starts_with("too late: seat 1 has already built a road"),
        "{why}"
    );
    let _ = e0;
}

/// A refused card names setup first, then a card the seat does not hold, and only then the
/// phase a held card would have to wait for.
#[test]
fn a_refused_card_says_setup_then_not_held_then_timing() {
    let mut g = game(2, 5);
    let hex = g.table.map.land_hexes().next().unwrap();
    let knight = Command::PlayKnight { hex, steal: None };
    let why = no(&mut g, 0, knight, 0);
    assert!(why.starts_with("not during setup"), "{why}");
    let (mut g, now) = resource_phase(vec![ResourceSet::EMPTY; 2], ResourceSet::uniform(19));
    let why = no(&mut g, 0, knight, now);
    assert_eq!(why, "you have no Knight card");
    g.table.dev[0].cards.push(HeldCard {
        card: DevCard::Knight,
        bought_turn: 0,
    });
    let why = no(&mut g, 0, knight, now);
    assert!(why.contains("only in the building and trading phase"), "{why}");
}

#[test]
fn building_waits_for_the_building_phase() {
    let (mut g, now) = resource_phase(vec![ResourceSet::EMPTY; 2], ResourceSet::uniform(19));
    give(&mut g, 0, costs::DEV_CARD);
    let why = no(&mut g, 0, Command::BuyDev, now);
    assert!(
        why.contains("only in the building and trading phase (now: the resource phase)"),
        "{why}"
    );
    let why = no(
        &mut g,
        0,
        Command::Trade(TradeCommand::Offer {
            give: ResourceSet::one(Ore, 1),
            get: ResourceSet::one(Wool, 1),
            to: None,
        }),
        now,
    );
    assert!(why.contains("building and trading phase"), "{why}");
}

#[test]
fn a_development_card_bought_is_playable_from_the_next_building_phase() {
    let (mut g, now) = building(3, 41);
    give(&mut g, 0, costs::DEV_CARD);
    g.table.deck.push(DevCard::Monopoly);
    ok(&mut g, 0, "buy dev", now);
    let why = no(&mut g, 0, Command::PlayMonopoly(Wool), now + 1);
    assert_eq!(
        why,
        "a Monopoly bought this round can be played from the next building phase"
    );
    assert!(
        !g.legal(0)
            .iter()
            .any(|c| matches!(c, Command::PlayMonopoly(_)))
    );
    // Through cooldown and the next round's phases to its building phase.
    let mut t = now + g.cfg.build_ms;
    g.tick(t);
    assert_eq!(g.phase, Phase::Cooldown);
    let round = g.round;
    while g.phase != Phase::Build {
        t = g.deadline().unwrap();
        g.tick(t);
    }
    assert_eq!(g.round, round + 1);
    give(&mut g, 1, ResourceSet::one(Wool, 2));
    let ev = ok(&mut g, 0, "play monopoly wool", t + 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Dev(DevEvent::PlayedMonopoly { .. })))
    );
    assert!(g.table.hands[0][Wool] >= 2);
}

#[test]
fn one_development_card_per_building_phase() {
    let (mut g, now) = building(2, 43);
    for card in [DevCard::YearOfPlenty, DevCard::Monopoly] {
        g.table.dev[0].cards.push(HeldCard {
            card,
            bought_turn: 0,
        });
    }
    ok(&mut g, 0, "play plenty wool ore", now);
    let why = no(&mut g, 0, Command::PlayMonopoly(Ore), now + 1);
    assert!(why.contains("already played a development card"), "{why}");
}

#[test]
fn a_knight_moves_the_robber_and_largest_army_moves_at_once() {
    let (mut g, now) = building(2, 47);
    g.table.dev[1].knights_played = 3;
    g.table.largest = Some(1);
    g.table.dev[0].knights_played = 3;
    g.table.dev[0].cards.push(HeldCard {
        card: DevCard::Knight,
        bought_turn: 0,
    });
    let target = g
        .table
        .map
        .land_hexes()
        .find(|h| *h != g.table.robber && g.victims(*h, 0).is_empty())
        .unwrap();
    let text = format!("play knight {}", g.table.map.hex_name(target));
    let ev = ok(&mut g, 0, &text, now);
    assert_eq!(g.table.robber, target);
    assert!(ev.contains(&Event::Award(AwardEvent::LargestArmy {
        holder: 0,
        knights: 4
    })));
    assert_eq!(g.table.largest, Some(0));
    assert_eq!(g.public_vp(0), 2 + 2);
    assert_eq!(g.public_vp(1), 2);
}

#[test]
fn road_building_places_one_or_two_roads() {
    let (mut g, now) = building(2, 49);
    g.table.dev[0].cards.push(HeldCard {
        card: DevCard::RoadBuilding,
        bought_turn: 0,
    });
    let legal = g.legal(0);
    let two = legal
        .iter()
        .find(|c| matches!(c, Command::PlayRoadBuilding(_, Some(_))))
        .copied()
        .unwrap();
    let roads = g.table.pieces.stock(0).roads;
    g.apply(0, &two, now).unwrap();
    assert_eq!(g.table.pieces.stock(0).roads, roads - 2);
}

#[test]
fn trades_with_anyone_first_acceptor_wins() {
    let (mut g, now) = building(3, 51);
    for h in g.table.hands.iter_mut() {
        g.table.bank.add(h);
        *h = ResourceSet::EMPTY;
    }
    give(&mut g, 0, ResourceSet::one(Brick, 1));
    give(&mut g, 1, ResourceSet::one(Ore, 1));
    give(&mut g, 2, ResourceSet::one(Ore, 1));
    ok(&mut g, 0, "offer 1 brick for 1 ore", now);
    let id = g.table.offers[0].id;
    assert!(
        g.legal(1)
            .contains(&Command::Trade(TradeCommand::Accept(id)))
    );
    assert!(
        g.legal(2)
            .contains(&Command::Trade(TradeCommand::Accept(id)))
    );
    ok(&mut g, 2, &format!("accept {id}"), now + 1);
    let why = no(&mut g, 1, Command::Trade(TradeCommand::Accept(id)), now + 2);
    assert!(why.contains("someone may have taken it first"), "{why}");
    assert_eq!(g.table.hands[2], ResourceSet::one(Brick, 1));
    // A trade between two seats that are not "the current player": there is none.
    ok(&mut g, 1, "offer 1 ore for 1 brick to 3", now + 3);
    let id = g.table.offers[0].id;
    ok(&mut g, 2, &format!("accept {id}"), now + 4);
    conserved(&g);
}

#[test]
fn offers_close_when_the_building_phase_ends() {
    let (mut g, now) = building(2, 53);
    give(&mut g, 0, ResourceSet::one(Brick, 1));
    ok(&mut g, 0, "offer 1 brick for 1 ore", now);
    let ev = g.tick(now + g.cfg.build_ms);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Trade(TradeEvent::OfferClosed { .. })))
    );
    assert!(g.table.offers.is_empty());
}

#[test]
fn the_first_to_the_target_wins_at_once() {
    let (mut g, now) = building(2, 57);
    g.cfg.vp_target = 3;
    g.table.dev[1].cards.push(HeldCard {
        card: DevCard::VictoryPoint,
        bought_turn: 0,
    });
    give(&mut g, 0, costs::CITY);
    let c = g.table.pieces.buildings_of(0)[0];
    let text = format!("city {}", g.table.map.corner_name(c));
    let ev = ok(&mut g, 0, &text, now);
    assert!(
        ev.contains(&Event::Won {
            seat: 0,
            vp: 3,
            vp_cards: 0
        }),
        "{ev:?}"
    );
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.deadline(), None);
    let why = no(&mut g, 1, Command::Ready, now + 1);
    assert_eq!(why, "the game is over");
    assert!(g.actors().is_empty());
}

// ---- cooldown and the round ----------------------------------------------------------------

#[test]
fn cooldown_summarises_the_round_and_the_next_round_follows() {
    let (mut g, now) = building(2, 61);
    give(&mut g, 0, costs::DEV_CARD);
    ok(&mut g, 0, "buy dev", now);
    let ev = g.tick(now + g.cfg.build_ms);
    let summary = ev.iter().find_map(|e| match e {
        Event::Summary { tally, .. } => Some(tally.clone()),
        _ => None,
    });
    let tally = summary.expect("a summary");
    assert_eq!(tally[0].dev_cards, 1);
    let text = event::describe(
        &g.table.map,
        &Event::Summary { round: 1, tally },
        Some(1),
        &[],
    );
    assert!(text.unwrap().contains("built 1 development card"));
    assert_eq!(g.phase, Phase::Cooldown);
    let t = now + g.cfg.build_ms + g.cfg.cooldown_ms;
    assert!(g.tick(t - 1).is_empty());
    let round = g.round;
    g.tick(t);
    assert_eq!(g.round, round + 1);
    assert!(matches!(g.phase, Phase::Resource { .. }));
    assert_eq!(g.deadline(), Some(t + g.cfg.resource_ms));
}

#[test]
fn every_phase_follows_in_order_on_the_clock() {
    // Run rounds on the clock alone until a 7 shows every phase.
    let mut g = game(4, 71);
    let mut now = finish_setup(&mut g);
    let mut seen = Vec::new();
    for _ in 0..80 {
        let name = g.phase.name();
        if seen.last() != Some(&name) {
            seen.push(name);
        }
        let d = g.deadline().unwrap();
        assert!(d > now);
        now = d;
        g.tick(now);
        conserved(&g);
    }
    let text = seen.join(" ");
    assert!(
        text.contains("resource robber-discard robber-steal build cooldown resource"),
        "{text}"
    );
    assert!(text.contains("resource build cooldown resource"), "{text}");
}

// ---- views and words -------------------------------------------------------------------------

#[test]
fn views_hide_other_hands_and_show_the_arbiters_state() {
    let (mut g, now) = seven_rolled(3, 1, 1);
    give(&mut g, 2, ResourceSet::one(Ore, 2));
    ok(&mut g, 0, "ready", now);
    let v = g.view(Some(0));
    assert_eq!(v.phase, "resource");
    assert_eq!(v.robber_holder, Some(1));
    assert_eq!(v.ready, vec![true, false, false]);
    assert_eq!(v.dice.len(), 3);
    assert_eq!(v.deadline, Some(now + 20_000));
    assert_eq!(v.you.as_ref().unwrap().hand, g.table.hands[0]);
    assert_eq!(v.players[2].cards, 2);
    let json = serde_json::to_string(&g.view(Some(0))).unwrap();
    assert!(!json.contains("\"hand\":[0,0,0,0,2]"));
    // A random steal names the card to the thief and the victim only.
    let e = Event::Table(TableEvent::Stole {
        thief: 1,
        victim: 2,
        card: Ore,
        asked: false,
    });
    assert!(
        event::describe(&g.table.map, &e, Some(1), &[])
            .unwrap()
            .contains("ore")
    );
    assert!(
        event::describe(&g.table.map, &e, Some(2), &[])
            .unwrap()
            .contains("ore")
    );
    assert!(
        !event::describe(&g.table.map, &e, Some(0), &[])
            .unwrap()
            .contains("ore")
    );
}

#[test]
fn legal_commands_read_back_and_are_accepted() {
    for seed in 0..6 {
        let (mut g, now) = building(3, seed);
        give(&mut g, 0, ResourceSet::new(3, 3, 3, 3, 3));
        g.table.dev[0].cards.push(HeldCard {
            card: DevCard::Knight,
            bought_turn: 0,
        });
        for s in 0..3 {
            for cmd in g.legal(s) {
                let text = g.format(&cmd);
                assert_eq!(g.parse(s, &text).unwrap(), cmd, "{text}");
                let mut probe = g.clone();
                probe
                    .apply(s, &cmd, now)
                    .unwrap_or_else(|e| panic!("`{text}`: {e}"));
            }
        }
    }
}

#[test]
fn longest_road_moves_the_moment_it_is_built() {
    let (mut g, now) = building(2, 77);
    give(&mut g, 0, ResourceSet::new(8, 8, 0, 0, 0));
    let mut got = None;
    for i in 0..8 {
        let before = g.table.road_len[0];
        // The road that lengthens the longest route, if any.
        let pick = g.legal(0).into_iter().find(|c| {
            let Command::Road(_) = c else { return false };
            let mut probe = g.clone();
            probe.apply(0, c, now).is_ok() && probe.table.road_len[0] > before
        });
        let Some(cmd) = pick else { break };
        let ev = g.apply(0, &cmd, now + i).unwrap();
        if g.table.road_len[0] >= 5 {
            got = Some(ev);
            break;
        }
    }
    let ev = got.expect("a road of 5 was built");
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Award(AwardEvent::LongestRoad {
                holder: Some(0),
                ..
            })
        )),
        "{ev:?}"
    );
    assert_eq!(g.table.longest, Some(0));
    assert_eq!(g.public_vp(0), 2 + 2);
}

// ---- five and six seats ---------------------------------------------------------------------

#[test]
fn five_and_six_seats_play_from_the_extension_box_on_the_large_island() {
    for seats in [5, 6] {
        let g = ChaosGame::new(ChaosConfig::new(seats, 4)).unwrap();
        assert_eq!(g.table.map.land_hexes().count(), 30);
        assert_eq!(g.table.bank, ResourceSet::uniform(24));
        assert_eq!(g.table.deck.len(), 34);
        conserved(&g);
    }
    let g = ChaosGame::new(ChaosConfig::new(4, 4)).unwrap();
    assert_eq!(g.table.map.land_hexes().count(), 19);
    assert_eq!(
        (g.table.bank, g.table.deck.len()),
        (ResourceSet::uniform(19), 25)
    );
}

/// "Players may build, trade resources, and play development cards, all at the same time"
/// (total-chaos.md, Building & Trading Phase): a counter-offer is one more trade proposal, so it
/// exists here as in base Catan, and the first acceptor still wins.
#[test]
fn any_seat_may_counter_an_offer_it_was_made() {
    let (mut g, now) = building(3, 51);
    for h in g.table.hands.iter_mut() {
        g.table.bank.add(h);
        *h = ResourceSet::EMPTY;
    }
    give(&mut g, 0, ResourceSet::one(Brick, 1));
    give(&mut g, 1, ResourceSet::one(Ore, 2));
    ok(&mut g, 0, "offer 1 brick for 1 ore", now);
    let id = g.table.offers[0].id;
    let text = format!("counter {id} 2 ore for 1 brick");
    assert_eq!(g.format(&g.parse(1, &text).unwrap()), text);
    let ev = ok(&mut g, 1, &text, now + 1);
    assert!(ev.contains(&Event::Trade(TradeEvent::Declined { id, seat: 1 })));
    let counter = g.table.offers.iter().find(|o| o.from == 1).unwrap().clone();
    assert_eq!(counter.to, Some(0));
    let why = no(
        &mut g,
        2,
        Command::Trade(TradeCommand::Accept(counter.id)),
        now + 2,
    );
    assert!(why.contains("not addressed to you"), "{why}");
    ok(&mut g, 0, &format!("accept {}", counter.id), now + 3);
    assert_eq!(g.table.hands[0], ResourceSet::one(Ore, 2));
    assert_eq!(g.table.hands[1], ResourceSet::one(Brick, 1));
    conserved(&g);
}


/// The lobby, the replay and the summary show these rows to players.
#[test]
fn settings_text_reads_as_players_know_it() {
    let chaos = ChaosSettings {
        placement_ms: Some(15_000),
        ..Default::default()
    };
    assert_eq!(
        settings_rows::<ChaosGame>(&chaos, 4),
        rows_of(&[
            ("variant", "total-chaos"),
            ("board", "random fair board"),
            ("victory points", "10"),
            ("resource phase", "20 s"),
            ("robber part 1", "20 s"),
            ("robber part 2", "20 s"),
            ("building and trading", "60 s"),
            ("cooldown", "20 s"),
            ("placement timer", "15 s"),
        ])
    );
    assert_eq!(
        settings_rows::<ChaosGame>(&ChaosSettings::default(), 4).last(),
        Some(&("placement timer".to_string(), "off".to_string()))
    );
}

/// The shared command words are read in one place (`rules::commands`), yet this ruleset
/// still refuses a mistyped one in its own words: its board's names in the examples, its own
/// cards, its own Monopoly.
#[test]
fn the_shared_words_are_refused_in_its_own_words() {
    let game = ChaosGame::create(&ChaosSettings::default(), 4, 1).expect("a game");
    crate::rules::commands::testing::refuses_as(
        &game,
        &[
            ("play", "`play` needs a card: knight, roads, plenty or monopoly"),
            ("play monopoly gold", "`gold` is not a resource (lumber, brick, wool, grain, ore)"),
            ("settle", "`settle` needs a corner, e.g. C.nw"),
            ("ready now", "unexpected `now` after the command"),
            ("fly", "unknown command `fly`; `help` lists the commands"),
        ],
    );
}

/// A shared command reads here as in every ruleset that has it, and is written back as read.
#[test]
fn shared_commands_read_alike_and_round_trip() {
    let game = ChaosGame::create(&ChaosSettings::default(), 4, 1).expect("a game");
    crate::rules::commands::testing::shared_commands_read_alike_and_round_trip(&game);
}
