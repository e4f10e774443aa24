//! Rule tests for Risk of Catan: one test (or more) per rule and ruling, each failing if its
//! rule breaks. Positions are built directly on the beginner board with seat 0 first (pieces,
//! units, phase set through the crate-visible fields); commands then go through the text
//! language and `apply`, as a player's would. Dice are forced by giving the game an RNG seed
//! whose next rolls are the ones a test needs.
//!
//! Beginner board (`catan board show base-beginner --names`), number and pips:
//!
//! ```text
//! A W9 (4)  B W12 (1) C F8 (5)  D O10 (3) E F11 (2) F B5 (4)  G B6 (5)  H O3 (2)  I S2 (1)
//! J desert (1) K W6 (5) L S4 (3) M W4 (3) N F9 (4) O F3 (2) P S11 (2) Q B10 (3) R S5 (4) S O8 (5)
//! ```
//! E is ringed by A, C, H, J, G, B.

use crate::ruleset::testing::{rows_of, settings_rows};
use super::armies::Force;
use super::battle::{self, Die};
use super::control::{Hold, threshold};
use super::*;
use crate::engine::RuleError;
use crate::engine::rng::GameRng;
use crate::rules::devcards::{DevCard, HeldCard};
use crate::rules::pieces::RouteKind;
use crate::rules::resources::ResourceSet;
use crate::topology::EdgeId;
use crate::variants::base::Phase;

// ---- helpers -------------------------------------------------------------------------------

fn config(seats: usize) -> RiskConfig {
    let mut c = RiskConfig::new(seats, 7);
    c.base.board = Some(crate::variants::boards::spec("base-beginner").unwrap());
    c.base.first = Some(0);
    c
}

fn fresh(seats: usize) -> RiskGame {
    RiskGame::new(config(seats)).unwrap()
}

/// Past setup on an empty board: seat 0 in its main phase on turn 1, the rules live.
pub(super) fn playing(seats: usize) -> RiskGame {
    let mut g = fresh(seats);
    g.base.phase = Phase::Main;
    g.base.turn = 1;
    g.turn_seen = 1;
    g.base.current = 0;
    g.base.turn_deadline = None;
    g.live = true;
    for (seat, name) in ["F", "I", "S", "Q"].iter().enumerate().take(seats) {
        let c = lone_corner(&g, name);
        settle(&mut g, seat as Seat, c);
    }
    g
}

/// A coastal corner touching only the named land hex: each seat's home settlement in
/// [`playing`], so that nobody is eliminated for holding nothing (R39).
fn lone_corner(g: &RiskGame, name: &str) -> CornerId {
    let h = hex(g, name);
    let topo = &g.base.table.map.topology;
    let lone = |c: &CornerId| {
        topo.corner_hexes(*c)
            .iter()
            .flatten()
            .all(|x| *x == h || !g.base.table.map.is_land(*x))
    };
    let cs: Vec<CornerId> = topo.hex_corners(h).iter().copied().filter(lone).collect();
    cs[cs.len() / 2]
}

pub(super) fn hex(g: &RiskGame, name: &str) -> HexId {
    g.base.table.map.parse_hex(name).unwrap()
}

/// The corner touching all the named hexes.
fn corner_of(g: &RiskGame, names: &[&str]) -> CornerId {
    let hs: Vec<HexId> = names.iter().map(|n| hex(g, n)).collect();
    let topo = &g.base.table.map.topology;
    *topo
        .hex_corners(hs[0])
        .iter()
        .find(|c| {
            hs.iter()
                .all(|h| topo.corner_hexes(**c).contains(&Some(*h)))
        })
        .expect("a corner touching those hexes")
}

/// The edge between two hexes.
fn edge_between(g: &RiskGame, a: &str, b: &str) -> EdgeId {
    let (ha, hb) = (hex(g, a), hex(g, b));
    let topo = &g.base.table.map.topology;
    *topo
        .hex_edges(ha)
        .iter()
        .find(|e| topo.edge_hexes(**e).contains(&Some(hb)))
        .expect("neighbours")
}

fn settle(g: &mut RiskGame, seat: Seat, c: CornerId) {
    g.base.table.pieces.place_settlement(seat, c);
    g.built_by_corner[c.index()] = Some(seat);
}

pub(super) fn settle_at(g: &mut RiskGame, seat: Seat, names: &[&str]) {
    let c = corner_of(g, names);
    settle(g, seat, c);
}

fn road_at(g: &mut RiskGame, seat: Seat, a: &str, b: &str) {
    let e = edge_between(g, a, b);
    road(g, seat, e);
}

fn road(g: &mut RiskGame, seat: Seat, e: EdgeId) {
    g.base.table.pieces.place_route(seat, e, RouteKind::Road);
    g.built_by_edge[e.index()] = Some(seat);
}

pub(super) fn put(g: &mut RiskGame, name: &str, seat: Seat, foot: u32, cavalry: u32, cannon: u32) {
    let h = hex(g, name);
    let f = Force {
        foot,
        cavalry,
        cannon,
    };
    g.armies.add(h, seat, f);
    g.recruited[seat as usize] += f.total();
}

/// Runs the state-based rules, as after an action.
pub(super) fn refresh(g: &mut RiskGame) -> Vec<Event> {
    let before: Vec<Hold> = g
        .base
        .table
        .map
        .topology
        .hex_ids()
        .map(|_| Hold::Empty)
        .collect();
    let mut ev = Vec::new();
    g.after_action(&before, 0, &mut ev);
    ev
}

fn cmd(g: &mut RiskGame, seat: Seat, text: &str) -> Result<Vec<Event>, RuleError> {
    let c = g.parse(seat, text)?;
    g.apply(seat, &c, 0)
}

fn ok(g: &mut RiskGame, seat: Seat, text: &str) -> Vec<Event> {
    cmd(g, seat, text).unwrap_or_else(|e| panic!("`{text}` refused: {e}"))
}

fn refused(g: &mut RiskGame, seat: Seat, text: &str) -> String {
    let before = g.clone();
    let e = cmd(g, seat, text).expect_err(text).0;
    assert_eq!(*g, before, "a refused command changed the state");
    e
}

/// Gives the game an RNG whose next dice are `faces`.
fn rig(g: &mut RiskGame, faces: &[u8]) {
    for s in 0..10_000_000u64 {
        let mut r = GameRng::new(s);
        if faces.iter().all(|f| r.die() == *f) {
            g.base.rng = GameRng::new(s);
            return;
        }
    }
    panic!("no seed gives {faces:?}");
}

fn force(g: &RiskGame, name: &str, seat: Seat) -> Force {
    g.armies.force(hex(g, name), seat)
}

pub(super) fn hand(g: &mut RiskGame, seat: Seat, text: &str) {
    g.base.table.hands[seat as usize] =
        crate::rules::resources::parse_resource_list(&text.split(' ').collect::<Vec<_>>()).unwrap();
    let mut bank = ResourceSet::uniform(19);
    for h in &g.base.table.hands {
        bank.sub(h);
    }
    g.base.table.bank = bank;
}

/// Seat 0 rolls `sum` (the robber is away from every test hex).
/// Moves a development card from the deck into a seat's hand, as bought on turn 0: the
/// first of that kind, or (`None`) the deck's top card. The deck and hands still hold every
/// card once.
fn deal_dev(g: &mut RiskGame, seat: Seat, card: Option<DevCard>) {
    let deck = &mut g.base.table.deck;
    let card = match card {
        Some(kind) => deck.remove(deck.iter().position(|c| *c == kind).unwrap()),
        None => deck.pop().unwrap(),
    };
    g.base.table.dev[seat as usize].cards.push(HeldCard {
        card,
        bought_turn: 0,
    });
}

fn roll(g: &mut RiskGame, seat: Seat, sum: u8) -> Vec<Event> {
    g.base.phase = Phase::Roll;
    let a = if sum > 7 { 6 } else { 1 };
    rig(g, &[a, sum - a]);
    ok(g, seat, "roll")
}

fn gains(ev: &[Event], seat: Seat) -> ResourceSet {
    ev.iter()
        .find_map(|e| match e {
            Event::Base(crate::variants::base::Event::Produced { gains, .. }) => Some(
                gains
                    .iter()
                    .find(|(s, _)| *s == seat)
                    .map_or(ResourceSet::EMPTY, |g| g.1),
            ),
            _ => None,
        })
        .expect("a production")
}

// ---- quantities: pips and control ----------------------------------------------------------

#[test]
fn control_thresholds_follow_the_pips_for_every_number() {
    let table = [
        (Some(2), 1),
        (Some(3), 2),
        (Some(4), 3),
        (Some(5), 4),
        (Some(6), 5),
        (Some(8), 5),
        (Some(9), 4),
        (Some(10), 3),
        (Some(11), 2),
        (Some(12), 1),
        (None, 1),
    ];
    for (n, p) in table {
        assert_eq!(threshold(n), p, "number {n:?}");
    }
    // On the board: one unit short occupies, the pips control.
    let mut g = playing(2);
    for h in g.base.table.map.land_hexes().collect::<Vec<_>>() {
        let p = g.pips(h);
        g.armies.add(h, 1, Force::of(UnitKind::Foot, p - 1));
        if p > 1 {
            assert_eq!(
                g.hold(h),
                Hold::Occupied(1),
                "{}",
                g.base.table.map.hex_name(h)
            );
        }
        g.armies.add(h, 1, Force::of(UnitKind::Cannon, 1));
        assert_eq!(
            g.hold(h),
            Hold::Controlled(1),
            "{}",
            g.base.table.map.hex_name(h)
        );
    }
}

#[test]
fn two_players_in_a_hex_contest_it_and_nobody_controls() {
    let mut g = playing(2);
    put(&mut g, "A", 0, 9, 0, 0);
    put(&mut g, "A", 1, 1, 0, 0);
    assert_eq!(g.hold(hex(&g, "A")), Hold::Contested(0, 1));
    assert_eq!(g.controller(hex(&g, "A")), None);
}

// ---- production (R9) -----------------------------------------------------------------------

#[test]
fn enemy_control_blocks_production_but_not_the_controllers_own() {
    // Scenario 2: A has 4 on a 6-hex (K, 5 pips); B has a settlement there.
    let mut g = playing(2);
    g.base.table.robber = hex(&g, "S");
    let b_spot = corner_of(&g, &["K", "H"]);
    settle(&mut g, 1, b_spot);
    let a_spot = corner_of(&g, &["K", "P"]);
    settle(&mut g, 0, a_spot);
    put(&mut g, "K", 0, 4, 0, 0);
    refresh(&mut g);
    let ev = roll(&mut g, 0, 6);
    assert_eq!(
        gains(&ev, 1)[Resource::Grain],
        1,
        "occupation blocks nothing"
    );
    ok(&mut g, 0, "end");
    g.base.current = 0;
    g.base.phase = Phase::Main;
    put(&mut g, "K", 0, 0, 0, 1);
    refresh(&mut g);
    assert_eq!(g.hold(hex(&g, "K")), Hold::Controlled(0));
    let ev = roll(&mut g, 0, 6);
    assert_eq!(gains(&ev, 1)[Resource::Grain], 0, "enemy control blocks");
    assert_eq!(
        gains(&ev, 0)[Resource::Grain],
        1,
        "the controller's own settlement gets its card"
    );
}

#[test]
fn a_contested_hex_pays_nobody() {
    // Scenario 3: A has 2 on a 9-hex (A), B moves 1 in: roll 9 pays no building there.
    let mut g = playing(2);
    g.base.table.robber = hex(&g, "S");
    settle_at(&mut g, 0, &["A", "B"]);
    settle_at(&mut g, 1, &["A", "C"]);
    put(&mut g, "A", 0, 2, 0, 0);
    put(&mut g, "A", 1, 1, 0, 0);
    refresh(&mut g);
    let ev = roll(&mut g, 0, 9);
    assert_eq!(gains(&ev, 0)[Resource::Grain], 0);
    assert_eq!(gains(&ev, 1)[Resource::Grain], 0);
}

#[test]
fn liberating_a_hex_lets_it_produce_again() {
    let mut g = playing(2);
    g.base.table.robber = hex(&g, "S");
    settle_at(&mut g, 1, &["A", "B"]);
    put(&mut g, "A", 0, 4, 0, 0);
    refresh(&mut g);
    assert_eq!(g.controller(hex(&g, "A")), Some(0));
    // Losses take A's units under the pips: the hex is liberated.
    let h = hex(&g, "A");
    let before = g.holds();
    g.armies.kill_one(h, 0, UnitKind::Foot);
    let mut ev = Vec::new();
    g.after_action(&before, 0, &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Hold {
            was: Hold::Controlled(0),
            now: Hold::Occupied(0),
            ..
        }
    )));
    let text = event::describe(&g.base.table.map, &ev[0], None, &[]).unwrap();
    assert!(text.contains("liberated"), "{text}");
    let ev = roll(&mut g, 0, 9);
    assert_eq!(gains(&ev, 1)[Resource::Grain], 1);
}

// ---- setup (R1–R3) -------------------------------------------------------------------------

#[test]
fn each_setup_settlement_gets_a_starting_unit_then_the_claim_loop_runs_without_snaking() {
    let mut g = fresh(4);
    let spots = [
        ["A", "B"],
        ["C", "F"],
        ["D", "G"],
        ["K", "M"],
        ["N", "Q"],
        ["P", "R"],
        ["L", "O"],
        ["I", "L"],
    ];
    let mut units = 0;
    for (i, sp) in spots.iter().enumerate() {
        let seat = g.base.setup_seat(i as u8);
        let c = corner_of(&g, sp);
        let text_ = format!("settle {}", g.base.table.map.corner_name(c));
        ok(&mut g, seat, &text_);
        let e = g
            .base
            .table
            .map
            .topology
            .corner_edges(c)
            .iter()
            .flatten()
            .copied()
            .find(|e| {
                g.base.table.map.edge_is_road_spot(*e) && g.base.table.pieces.route(*e).is_none()
            })
            .unwrap();
        let text_ = format!("road {}", g.base.table.map.edge_name(e));
        ok(&mut g, seat, &text_);
        assert_eq!(
            g.stage,
            Stage::StartUnit {
                seat,
                settlement: c
            }
        );
        // Not on a hex away from the settlement.
        refused(&mut g, seat, "place S");
        let legal = g.legal(seat);
        let Command::Place(Some(h)) = legal[0] else {
            panic!("a place command")
        };
        let text_ = format!("place {}", g.base.table.map.hex_name(h));
        ok(&mut g, seat, &text_);
        units += 1;
    }
    assert_eq!(g.armies.occupied().count(), units);
    // Scenario 1: the loop asks 2, 3, 4, 1, 2, ... and stops when all 19 hold a unit.
    let mut order = Vec::new();
    while let Stage::Claim { seat } = g.stage.clone() {
        order.push(seat);
        let sea = g
            .base
            .table
            .map
            .topology
            .hex_ids()
            .find(|h| !g.base.table.map.is_land(*h))
            .unwrap();
        let occupied = g.armies.occupied().next().unwrap();
        let text_ = format!("place {}", g.base.table.map.hex_name(sea));
        assert!(cmd(&mut g, seat, &text_).is_err());
        let text_ = format!("place {}", g.base.table.map.hex_name(occupied));
        refused(&mut g, seat, &text_);
        let empty = g
            .base
            .table
            .map
            .land_hexes()
            .find(|h| g.armies.is_empty(*h))
            .unwrap();
        let text_ = format!("place {}", g.base.table.map.hex_name(empty));
        ok(&mut g, seat, &text_);
    }
    assert_eq!(order.len(), 19 - units);
    for (i, s) in order.iter().enumerate() {
        assert_eq!(*s as usize, (1 + i) % 4, "claim {i}");
    }
    assert!(g.all_occupied());
    assert!(g.live);
    assert_eq!(g.base.phase, Phase::Roll);
    assert_eq!(g.actors(), vec![0]);
    // The control a last claim brings is told before the first turn it opens (the 2 and the
    // 12, one pip each, are held by the one unit each now has).
    let mut after = g.clone();
    let before = vec![Hold::Empty; g.holds().len()];
    let mut ev = vec![Event::ClaimsDone];
    after.after_action(&before, 0, &mut ev);
    let done = ev.iter().position(|e| matches!(e, Event::ClaimsDone));
    assert!(
        done.is_some_and(|d| d > 0
            && ev[..d]
                .iter()
                .all(|e| matches!(e, Event::Hold { .. } | Event::Contest { .. }))),
        "{ev:?}"
    );
}

#[test]
fn a_setup_unit_may_fight_for_a_hex_when_all_are_taken_the_first_on_defence() {
    let mut g = fresh(2);
    // Seat 0 settles and places on each of the three hexes first (directly), seat 1 settles
    // next to them.
    let c = corner_of(&g, &["A", "B", "E"]);
    for n in ["A", "B", "E"] {
        put(&mut g, n, 0, 1, 0, 0);
    }
    settle(&mut g, 1, c);
    g.stage = Stage::StartUnit {
        seat: 1,
        settlement: c,
    };
    g.base.phase = Phase::Setup {
        step: 1,
        settlement: None,
    };
    // Every hex taken: battle, or decline.
    let legal = g.legal(1);
    assert!(legal.contains(&Command::Place(None)));
    // Attacker 3 v defender 3: the tie goes to the defender, the unit is lost.
    let mut t = g.clone();
    rig(&mut t, &[3, 3]);
    let ev = ok(&mut t, 1, "place A");
    assert!(matches!(
        ev[0],
        Event::SetupBattle {
            attacker_won: false,
            ..
        }
    ));
    assert_eq!(force(&t, "A", 1).total(), 0);
    assert_eq!(force(&t, "A", 0).total(), 1);
    // Attacker 4 v 3: the defender's unit goes.
    let mut t = g.clone();
    rig(&mut t, &[4, 3]);
    ok(&mut t, 1, "place A");
    assert_eq!(force(&t, "A", 0).total(), 0);
    assert_eq!(force(&t, "A", 1).total(), 1);
    // Declining places nothing.
    let mut t = g.clone();
    ok(&mut t, 1, "place none");
    assert_eq!(t.armies.count_of(1), 0);
    // With a free hex, the unit goes there and `none` is refused.
    g.armies.remove_all(hex(&g, "E"), 0);
    refused(&mut g, 1, "place none");
    refused(&mut g, 1, "place A");
    ok(&mut g, 1, "place E");
}

// ---- buying (R22–R25) ----------------------------------------------------------------------

/// Seat 0 with `vp_settlements` settlements (its home first, then A/B/E, D/G/B, ...).
fn buyer(vp_settlements: usize) -> RiskGame {
    let mut g = playing(2);
    let spots = [
        corner_of(&g, &["A", "B", "E"]),
        corner_of(&g, &["D", "G", "B"]),
        corner_of(&g, &["K", "M", "H"]),
        corner_of(&g, &["N", "Q", "L"]),
    ];
    for c in spots.iter().take(vp_settlements - 1) {
        settle(&mut g, 0, *c);
    }
    g
}

#[test]
fn the_buy_limit_is_one_unit_per_public_vp_and_one_resource_type_a_turn() {
    // Scenario 8: 3 public VP and a hidden VP card.
    let mut g = buyer(3);
    deal_dev(&mut g, 0, Some(DevCard::VictoryPoint));
    hand(&mut g, 0, "6 wool 3 brick");
    ok(&mut g, 0, "buy armies 1 foot with wool at A");
    refused(&mut g, 0, "buy armies 1 cavalry with brick at A");
    ok(&mut g, 0, "buy armies 1 cavalry with wool at A");
    ok(&mut g, 0, "buy armies 1 foot with wool at B");
    let e = refused(&mut g, 0, "buy armies 1 foot with wool at A");
    assert!(e.contains("victory point"), "{e}");
    assert_eq!(g.base.table.hands[0][Resource::Wool], 2);
    assert_eq!(
        force(&g, "A", 0),
        Force {
            foot: 1,
            cavalry: 1,
            cannon: 0
        }
    );
    // A new turn: the type and the count reset.
    g.base.turn += 1;
    g.new_turn_if_needed();
    ok(&mut g, 0, "buy armies 1 cannon with brick at A");
    assert_eq!(g.recruited(0), 4);
}

#[test]
fn units_cost_one_two_and_three_cards_and_need_the_cards() {
    let mut g = buyer(4);
    hand(&mut g, 0, "6 ore");
    ok(&mut g, 0, "buy armies 1 cannon with ore at A");
    assert_eq!(g.base.table.hands[0][Resource::Ore], 3);
    ok(&mut g, 0, "buy armies 1 cavalry with ore at A");
    assert_eq!(g.base.table.hands[0][Resource::Ore], 1);
    refused(&mut g, 0, "buy armies 1 cavalry with ore at A");
    ok(&mut g, 0, "buy armies 1 foot with ore at A");
    assert_eq!(g.base.table.bank[Resource::Ore], 19);
}

#[test]
fn units_are_placed_next_to_a_building_you_hold_and_not_among_enemies() {
    let mut g = buyer(2);
    hand(&mut g, 0, "5 wool");
    refused(&mut g, 0, "buy armies 1 foot with wool at S");
    put(&mut g, "A", 1, 1, 0, 0);
    let e = refused(&mut g, 0, "buy armies 1 foot with wool at A");
    assert!(e.contains("siege"), "{e}");
    // A hex the buyer contests counts as the buyer's.
    put(&mut g, "A", 0, 1, 0, 0);
    ok(&mut g, 0, "buy armies 1 foot with wool at A");
    // Armies never on the sea.
    let sea = g
        .base
        .table
        .map
        .topology
        .hex_ids()
        .find(|h| !g.base.table.map.is_land(*h))
        .unwrap();
    let c = Command::Buy {
        kind: UnitKind::Foot,
        n: 1,
        pay: Resource::Wool,
        at: sea,
    };
    assert!(g.clone().apply(0, &c, 0).is_err());
}

#[test]
fn a_besieged_building_sorties_and_the_battle_runs_to_the_end() {
    // Scenario 13: seat 0's settlement on A/B/E, each hex held by seat 1.
    let mut g = buyer(2);
    hand(&mut g, 0, "5 wool");
    put(&mut g, "A", 1, 1, 0, 0);
    put(&mut g, "B", 1, 1, 0, 0);
    let e = refused(&mut g, 0, "buy armies 2 foot with wool at A");
    assert!(e.contains("siege"), "{e}");
    put(&mut g, "E", 1, 2, 0, 0);
    assert!(g.besieged(corner_of(&g, &["A", "B", "E"])));
    assert!(g.sieges().contains(&corner_of(&g, &["A", "B", "E"])));
    let ev = ok(&mut g, 0, "buy armies 2 foot with wool at E");
    assert!(ev.iter().any(|e| matches!(e, Event::Sortie { .. })));
    assert!(ev.iter().any(|e| matches!(e, Event::BattleWon { .. })));
    let (a, d) = (force(&g, "E", 0).total(), force(&g, "E", 1).total());
    assert!(a == 0 || d == 0, "fought to the end: {a} v {d}");
    assert_eq!(g.stage, Stage::Play);
}

// ---- battle (R13–R17) ----------------------------------------------------------------------

fn die(face: u8, unit: UnitKind) -> Die {
    Die { face, unit }
}

#[test]
fn risk_dice_compare_highest_to_highest_and_ties_go_to_the_defender() {
    // Scenario 5: 6 4 2 v 6 3: each side loses one.
    use UnitKind::Foot;
    let r = battle::resolve(
        vec![die(2, Foot), die(6, Foot), die(4, Foot)],
        vec![die(3, Foot), die(6, Foot)],
    );
    assert_eq!(r.attacker_lost, Force::of(Foot, 1));
    assert_eq!(r.defender_lost, Force::of(Foot, 1));
    // One comparison per defender die.
    let r = battle::resolve(
        vec![die(6, Foot), die(6, Foot), die(6, Foot)],
        vec![die(1, Foot)],
    );
    assert_eq!(r.defender_lost.total() + r.attacker_lost.total(), 1);
}

#[test]
fn cavalry_gets_one_against_foot_and_loses_ties_to_a_foot_attacker() {
    use UnitKind::{Cavalry, Foot};
    // Scenario 6.
    assert!(battle::attacker_wins(die(5, Cavalry), die(5, Foot)));
    assert!(!battle::attacker_wins(die(5, Cavalry), die(6, Foot)));
    assert!(battle::attacker_wins(die(4, Foot), die(4, Cavalry)));
    assert!(!battle::attacker_wins(die(4, Cavalry), die(4, Cavalry)));
    assert!(!battle::attacker_wins(die(4, Foot), die(4, Foot)));
    // The defender rolls foot before cavalry, at most two.
    assert_eq!(
        battle::defender_units(&Force {
            foot: 1,
            cavalry: 3,
            cannon: 2
        }),
        vec![Foot, Cavalry]
    );
    assert_eq!(
        battle::default_dice(&Force {
            foot: 1,
            cavalry: 3,
            cannon: 2
        }),
        (3, 3)
    );
}

#[test]
fn entering_a_controlled_hex_starts_a_battle_and_stopping_there_forces_a_retreat() {
    // Scenario 4: seat 1 has 3 foot on a 10-hex (D, 3 pips); seat 0 enters with 2 foot.
    let mut g = playing(2);
    settle_at(&mut g, 0, &["D", "G", "B"]);
    put(&mut g, "D", 1, 3, 0, 0);
    put(&mut g, "G", 0, 2, 0, 0);
    refresh(&mut g);
    // Attacker rolls 1 1 (two dice), defender 6 6: seat 0 loses both? It has 2: rig 1 v 6
    // for one die each side so both survive.
    rig(&mut g, &[1, 2, 6, 6]);
    let ev = ok(&mut g, 0, "move 2 foot from G to D");
    assert!(ev.iter().any(|e| matches!(e, Event::Melee { .. })));
    // 2 dice (1, 2) v (6, 6): attacker loses 2 — the battle is over.
    assert_eq!(force(&g, "D", 0).total(), 0);
    assert_eq!(g.stage, Stage::Play);

    let mut g = playing(2);
    settle_at(&mut g, 0, &["D", "G", "B"]);
    put(&mut g, "D", 1, 3, 0, 0);
    put(&mut g, "G", 0, 3, 0, 0);
    refresh(&mut g);
    // 3 dice (6, 1, 1) v (5, 5): the defender loses one, the attacker one; 2 v 2 remain.
    rig(&mut g, &[6, 1, 1, 5, 5]);
    let ev = ok(&mut g, 0, "move 3 foot from G to D");
    // D2: the forced first round rolls the most dice allowed.
    let dice = ev
        .iter()
        .find_map(|e| match e {
            Event::Melee { round, .. } => Some(round.attacker_dice.len()),
            _ => None,
        })
        .unwrap();
    assert_eq!(dice, 3);
    assert_eq!(force(&g, "D", 0).total(), 2);
    assert_eq!(force(&g, "D", 1).total(), 2);
    assert!(matches!(g.stage, Stage::Battle(_)));
    // The battle waits for its attacker alone.
    let waited: Vec<Seat> = (0..g.seats() as Seat).filter(|s| g.waits_for(*s)).collect();
    assert_eq!(waited, vec![0]);
    // 2 < 3 pips: the hex is liberated, the attacker may stop and contest.
    let mut t = g.clone();
    ok(&mut t, 0, "stop");
    assert_eq!(t.hold(hex(&t, "D")), Hold::Contested(0, 1));
    // Nothing else while the battle waits.
    refused(&mut g, 0, "end");
    // A retreat sends the entered units back.
    ok(&mut g, 0, "retreat");
    assert_eq!(force(&g, "G", 0).total(), 2);
    assert_eq!(force(&g, "D", 0).total(), 0);

    // With the defender still at the pips, stop is refused.
    let mut g = playing(2);
    settle_at(&mut g, 0, &["D", "G", "B"]);
    put(&mut g, "D", 1, 4, 0, 0);
    put(&mut g, "G", 0, 3, 0, 0);
    refresh(&mut g);
    rig(&mut g, &[6, 1, 1, 5, 5]);
    ok(&mut g, 0, "move 3 foot from G to D");
    assert_eq!(force(&g, "D", 1).total(), 3);
    let e = refused(&mut g, 0, "stop");
    assert!(e.contains("retreat"), "{e}");
    assert!(!g.legal(0).contains(&Command::Stop));
    assert!(g.legal(0).contains(&Command::Retreat));
}

#[test]
fn entering_an_uncontrolled_enemy_hex_contests_it_and_a_melee_can_follow() {
    let mut g = playing(2);
    settle_at(&mut g, 0, &["A", "B", "E"]);
    put(&mut g, "A", 1, 2, 0, 0);
    put(&mut g, "B", 0, 3, 0, 0);
    refresh(&mut g);
    let ev = ok(&mut g, 0, "move 1 foot from B to A");
    assert!(ev.iter().any(|e| matches!(e, Event::Contest { .. })));
    let said: Vec<String> = ev
        .iter()
        .filter_map(|e| event::describe(&g.base.table.map, e, None, &[]))
        .filter(|t| t.contains("contested"))
        .collect();
    assert_eq!(said.len(), 1, "the log says it once: {said:?}");
    assert!(said[0].contains("nobody controls it"), "{said:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Melee { .. })));
    // R29: pinned units may not move on into an enemy or onward.
    refused(&mut g, 0, "move 1 foot from A to E");
    // Attack in the contested hex, dice limited by the units there.
    refused(&mut g, 0, "attack A dice 2");
    rig(&mut g, &[6, 1, 1]);
    let ev = ok(&mut g, 0, "attack A dice 1");
    let text = event::describe(&g.base.table.map, &ev[0], None, &[]).unwrap();
    assert!(text.contains("Battle for A"), "{text}");
    // R16: stopping leaves it contested.
    ok(&mut g, 0, "stop");
    assert!(matches!(g.hold(hex(&g, "A")), Hold::Contested(..)));
}

// ---- movement (R26–R31) --------------------------------------------------------------------

#[test]
fn foot_moves_one_hex_cavalry_two_and_never_through_an_enemy() {
    let mut g = playing(2);
    // Seat 0's roads along E's edges make A..J reachable.
    settle_at(&mut g, 0, &["A", "B", "E"]);
    settle_at(&mut g, 0, &["H", "J", "E"]);
    put(&mut g, "B", 0, 2, 2, 0);
    // Foot: one step only.
    refused(&mut g, 0, "move 1 foot from B to H via E");
    ok(&mut g, 0, "move 1 foot from B to E");
    // Each unit moves once a turn.
    refused(&mut g, 0, "move 1 foot from E to J");
    // Cavalry: two steps through a free hex.
    ok(&mut g, 0, "move 1 cavalry from B to J via E");
    // Not through a hex with an enemy unit.
    put(&mut g, "E", 1, 1, 0, 0);
    let e = refused(&mut g, 0, "move 1 cavalry from B to H via E");
    assert!(e.contains("pass through"), "{e}");
}

#[test]
fn moves_need_your_network_or_a_passage_grant() {
    // Scenario 11.
    let mut g = playing(2);
    settle_at(&mut g, 0, &["A", "B", "E"]);
    put(&mut g, "B", 0, 2, 0, 0);
    let e = refused(&mut g, 0, "move 1 foot from B to D");
    assert!(e.contains("network"), "{e}");
    road_at(&mut g, 1, "D", "G");
    refused(&mut g, 0, "move 1 foot from B to D");
    ok(&mut g, 1, "passage grant 1");
    ok(&mut g, 0, "move 1 foot from B to D");
    ok(&mut g, 1, "passage revoke 1");
    refused(&mut g, 0, "move 1 foot from B to D");
}

#[test]
fn a_cannon_moves_only_with_a_foot_soldier_and_never_among_enemies() {
    let mut g = playing(2);
    settle_at(&mut g, 0, &["A", "B", "E"]);
    put(&mut g, "B", 0, 1, 0, 2);
    let e = refused(&mut g, 0, "move 1 cannon from B to A");
    assert!(e.contains("foot"), "{e}");
    ok(&mut g, 0, "move 1 foot 1 cannon from B to A");
    put(&mut g, "E", 1, 1, 0, 0);
    refused(&mut g, 0, "move 1 cannon from B to E");
    refused(&mut g, 0, "move 1 cannon from B to A via E");
}

#[test]
fn cannons_left_alone_with_an_enemy_are_destroyed() {
    // Scenario 7, last part.
    let mut g = playing(2);
    settle_at(&mut g, 0, &["A", "B", "E"]);
    put(&mut g, "A", 1, 0, 0, 2);
    put(&mut g, "B", 0, 1, 0, 0);
    refresh(&mut g);
    let ev = ok(&mut g, 0, "move 1 foot from B to A");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CannonsLost { seat: 1, n: 2, .. }))
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Melee { .. })));
    assert_eq!(g.hold(hex(&g, "A")), Hold::Occupied(0));
}

#[test]
fn a_cannon_barrages_at_range_two_once_a_turn_and_not_from_under_attack() {
    // Scenario 7: rolls 5 then 4 kill 2: both foot, the cavalry lives.
    assert_eq!(battle::barrage_kills(3, 6), 0);
    assert_eq!(battle::barrage_kills(4, 1), 1);
    assert_eq!(battle::barrage_kills(5, 4), 2);
    assert_eq!(battle::barrage_kills(6, 5), 3);
    let mut g = playing(2);
    put(&mut g, "A", 0, 1, 0, 1);
    put(&mut g, "J", 1, 2, 1, 0);
    assert_eq!(
        g.base
            .table
            .map
            .topology
            .distance(hex(&g, "A"), hex(&g, "J")),
        2
    );
    refused(&mut g, 0, "barrage A at S");
    rig(&mut g, &[5, 4]);
    let ev = ok(&mut g, 0, "barrage A at J");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Barrage {
            rolls: (5, Some(4)),
            ..
        }
    )));
    assert_eq!(
        force(&g, "J", 1),
        Force {
            foot: 0,
            cavalry: 1,
            cannon: 0
        }
    );
    let e = refused(&mut g, 0, "barrage A at J");
    assert!(e.contains("fired"), "{e}");
    // Under attack: no barrage.
    let mut g = playing(2);
    put(&mut g, "A", 0, 1, 0, 1);
    put(&mut g, "A", 1, 1, 0, 0);
    put(&mut g, "J", 1, 2, 1, 0);
    let e = refused(&mut g, 0, "barrage A at J");
    assert!(e.contains("under attack"), "{e}");
}

// ---- redeploy (R32) ------------------------------------------------------------------------

#[test]
fn redeploy_follows_a_connected_supply_line_and_ends_the_turn() {
    // Scenario 12: roads from A/B/E along to the G/J/E corner and on along J's side on E,
    // so that A (the settlement's corner) and J (the last road's edge) touch one chain.
    let mut g = playing(3);
    let c1 = corner_of(&g, &["A", "B", "E"]);
    settle(&mut g, 0, c1);
    road_at(&mut g, 0, "B", "E");
    road_at(&mut g, 0, "G", "E");
    road_at(&mut g, 0, "J", "E");
    put(&mut g, "A", 0, 4, 0, 0);
    let mut t = g.clone();
    ok(&mut t, 0, "redeploy 4 foot from A to J");
    assert_eq!(force(&t, "J", 0).total(), 4);
    assert_eq!(t.base.current, 1, "the turn ended");
    // A building of another player on the path cuts it.
    let mut t = g.clone();
    settle_at(&mut t, 2, &["B", "E", "G"]);
    let e = refused(&mut t, 0, "redeploy 4 foot from A to J");
    assert!(e.contains("supply"), "{e}");
    // Out of a contested hex: refused.
    put(&mut g, "A", 1, 1, 0, 0);
    let e = refused(&mut g, 0, "redeploy 4 foot from A to J");
    assert!(e.contains("contested"), "{e}");
}

#[test]
fn redeploy_needs_both_hexes_to_touch_the_network_as_a_move_does() {
    // Issue 23: a settlement at D.se (D, G, I) and its road along D's south-east side (D/G):
    // B touches that road only at its far end (D.e, no building there), so B does not touch
    // the network in R26's sense, and R32 asks the same of both hexes of a redeploy.
    let mut g = playing(2);
    settle_at(&mut g, 0, &["D", "G", "I"]);
    road_at(&mut g, 0, "D", "G");
    put(&mut g, "D", 0, 2, 0, 0);
    let e = refused(&mut g, 0, "move 1 foot from D to B");
    assert!(e.contains("network"), "{e}");
    let e = refused(&mut g, 0, "redeploy 1 foot from D to B");
    assert!(e.contains("supply"), "{e}");
    let text = |g: &RiskGame, c: &Command| g.format(c);
    assert!(
        !g.legal(0)
            .iter()
            .any(|c| text(&g, c).starts_with("redeploy") && text(&g, c).ends_with("to B")),
        "the legal list offers a redeploy to B"
    );
    // G and I touch the settlement's corner, G the road's edge: both are on the supply line.
    ok(&mut g.clone(), 0, "redeploy 2 foot from D to G");
    ok(&mut g.clone(), 0, "redeploy 2 foot from D to I");
    // A road's far end counts once a building of the seat stands there.
    settle_at(&mut g, 0, &["D", "B", "G"]);
    ok(&mut g, 0, "redeploy 1 foot from D to B");
}

// ---- annexing (R33–R36) --------------------------------------------------------------------

#[test]
fn a_settlement_is_annexed_by_one_player_controlling_all_its_hexes_and_recaptured() {
    // Scenario 9: seat 1's settlement on A (9: 4 pips), B (12: 1) and E (11: 2).
    let mut g = playing(3);
    g.base.table.robber = hex(&g, "S");
    let c = corner_of(&g, &["A", "B", "E"]);
    settle(&mut g, 1, c);
    settle_at(&mut g, 1, &["K", "M", "H"]);
    settle_at(&mut g, 0, &["N", "Q", "L"]);
    put(&mut g, "A", 0, 4, 0, 0);
    put(&mut g, "B", 0, 1, 0, 0);
    put(&mut g, "E", 2, 2, 0, 0);
    refresh(&mut g);
    assert_eq!(
        g.base.table.pieces.building(c).unwrap().owner,
        1,
        "split control annexes nothing"
    );
    // Seat 0 wins E.
    g.armies.remove_all(hex(&g, "E"), 2);
    put(&mut g, "E", 0, 2, 0, 0);
    let ev = refresh(&mut g);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Annexed {
            seat: 0,
            from: 1,
            ..
        }
    )));
    assert_eq!(g.base.table.pieces.building(c).unwrap().owner, 0);
    assert_eq!(g.public_vp(0), 3);
    assert_eq!(g.public_vp(1), 2);
    assert_eq!(g.builder_of_corner(c), Some(1));
    g.audit().unwrap();
    // Roll 9: the annexer collects for it (and seat 1 does not).
    let ev = roll(&mut g, 0, 9);
    assert_eq!(gains(&ev, 0)[Resource::Grain], 1);
    assert_eq!(gains(&ev, 1)[Resource::Grain], 0);
    // Leaving the hexes does not undo it.
    for n in ["A", "B", "E"] {
        g.armies.remove_all(hex(&g, n), 0);
    }
    refresh(&mut g);
    assert_eq!(g.base.table.pieces.building(c).unwrap().owner, 0);
    // Seat 1 controls all three: back to seat 1.
    put(&mut g, "A", 1, 4, 0, 0);
    put(&mut g, "B", 1, 1, 0, 0);
    put(&mut g, "E", 1, 2, 0, 0);
    refresh(&mut g);
    assert_eq!(g.base.table.pieces.building(c).unwrap().owner, 1);
    assert_eq!(g.public_vp(1), 3);
    g.audit().unwrap();
}

#[test]
fn an_annexed_settlement_upgrades_from_the_holders_supply() {
    let mut g = playing(2);
    let c = corner_of(&g, &["A", "B", "E"]);
    settle(&mut g, 1, c);
    settle_at(&mut g, 1, &["K", "M", "H"]);
    settle_at(&mut g, 0, &["N", "Q", "L"]);
    put(&mut g, "A", 0, 4, 0, 0);
    put(&mut g, "B", 0, 1, 0, 0);
    put(&mut g, "E", 0, 2, 0, 0);
    refresh(&mut g);
    hand(&mut g, 0, "3 ore 2 grain");
    let text_ = format!("city {}", g.base.table.map.corner_name(c));
    ok(&mut g, 0, &text_);
    assert_eq!(g.base.table.pieces.stock(0).cities, 3);
    // Seat 1 built three (home, A/B/E, K/M/H): the annexed one's piece came back.
    assert_eq!(g.base.table.pieces.stock(1).settlements, 3);
    assert_eq!(g.builder_of_corner(c), Some(0));
    g.audit().unwrap();
}

#[test]
fn a_road_is_annexed_with_both_its_hexes_and_longest_road_follows() {
    // Scenario 10: seat 1 has 5 roads; seat 0 annexes one in the middle.
    let mut g = playing(2);
    settle_at(&mut g, 1, &["A", "B", "E"]);
    settle_at(&mut g, 1, &["K", "M", "H"]);
    settle_at(&mut g, 0, &["N", "Q", "L"]);
    let chain = [("B", "E"), ("G", "E"), ("J", "E"), ("H", "E"), ("C", "E")];
    for (a, b) in chain {
        road_at(&mut g, 1, a, b);
    }
    g.base.update_longest_road(&mut Vec::new());
    assert_eq!(g.base.longest_road(), Some(1));
    // Seat 0 controls J (desert, 1) and E (11, 2): the J|E road is annexed.
    put(&mut g, "J", 0, 1, 0, 0);
    put(&mut g, "E", 0, 2, 0, 0);
    let ev = refresh(&mut g);
    let e = edge_between(&g, "J", "E");
    assert!(
        ev.iter()
            .any(|x| matches!(x, Event::Annexed { piece: event::Piece::Road(r), .. } if *r == e))
    );
    assert_eq!(g.base.table.pieces.route(e).unwrap().owner, 0);
    // Other E roads border B, G, H or C, not controlled by seat 0: they stay.
    assert_eq!(
        g.base
            .table
            .pieces
            .route(edge_between(&g, "B", "E"))
            .unwrap()
            .owner,
        1
    );
    assert_eq!(g.base.longest_road(), None, "split under 5");
    g.audit().unwrap();
    // An annexed road blocks troops: it leaves its builder's network.
    assert!(g.touches_network(hex(&g, "J"), 1 << 0));
    // Seat 1 recaptures it.
    g.armies.remove_all(hex(&g, "J"), 0);
    g.armies.remove_all(hex(&g, "E"), 0);
    put(&mut g, "J", 1, 1, 0, 0);
    put(&mut g, "E", 1, 2, 0, 0);
    refresh(&mut g);
    assert_eq!(g.base.table.pieces.route(e).unwrap().owner, 1);
    assert_eq!(g.base.longest_road(), Some(1));
}

#[test]
fn nobody_builds_where_one_opponent_controls_all_the_land_around() {
    let mut g = playing(2);
    settle_at(&mut g, 0, &["D", "G", "B"]);
    road_at(&mut g, 0, "B", "G");
    road_at(&mut g, 0, "B", "E");
    put(&mut g, "A", 1, 4, 0, 0);
    put(&mut g, "B", 1, 1, 0, 0);
    put(&mut g, "E", 1, 2, 0, 0);
    refresh(&mut g);
    hand(&mut g, 0, "2 lumber 2 brick 1 wool 1 grain");
    let c = corner_of(&g, &["A", "B", "E"]);
    let text_ = format!("settle {}", g.base.table.map.corner_name(c));
    let e = refused(&mut g, 0, &text_);
    assert!(e.contains("annexed at once"), "{e}");
}

// ---- elimination and the end (R39–R42) -----------------------------------------------------

#[test]
fn annexing_the_last_building_eliminates_and_the_eliminator_takes_the_roads() {
    // Scenario 14.
    let mut g = playing(3);
    let c = corner_of(&g, &["A", "B", "E"]);
    settle(&mut g, 1, c);
    settle_at(&mut g, 0, &["N", "Q", "L"]);
    settle_at(&mut g, 2, &["K", "M", "H"]);
    road_at(&mut g, 1, "A", "B");
    road_at(&mut g, 1, "S", "R");
    put(&mut g, "S", 1, 3, 0, 0);
    hand(&mut g, 1, "5 wool");
    for _ in 0..2 {
        deal_dev(&mut g, 1, None);
    }
    // D4: played knights go back into the deck too, and Largest Army is recomputed.
    g.base.table.dev[1].knights_played = 3;
    g.base.table.largest = Some(1);
    g.base.table.deck.retain({
        let mut n = 0;
        move |c| {
            let drop = *c == crate::rules::devcards::DevCard::Knight && n < 3;
            n += usize::from(drop);
            !drop
        }
    });
    let deck = g.base.deck_len();
    // Seat 1's home on I (2: one unit) and its settlement on A/B/E fall together.
    put(&mut g, "I", 0, 1, 0, 0);
    put(&mut g, "A", 0, 4, 0, 0);
    put(&mut g, "B", 0, 1, 0, 0);
    put(&mut g, "E", 0, 2, 0, 0);
    let ev = refresh(&mut g);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Eliminated {
            seat: 1,
            by: Some(0)
        }
    )));
    assert!(g.base.is_out(1));
    assert_eq!(g.base.table.pieces.routes_of(1).len(), 0);
    assert_eq!(
        g.base
            .table
            .pieces
            .route(edge_between(&g, "S", "R"))
            .unwrap()
            .owner,
        0
    );
    assert_eq!(g.armies.count_of(1), 0);
    assert_eq!(g.base.hand(1).total(), 0);
    assert_eq!(g.base.table.bank[Resource::Wool], 19);
    assert_eq!(g.base.deck_len(), deck + 2 + 3);
    assert_eq!(g.base.largest_army(), None);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::LargestArmy { holder: None }))
    );
    g.audit().unwrap();
    // The eliminated seat never plays again.
    ok(&mut g, 0, "end");
    assert_eq!(g.base.current, 2);
    refused(&mut g, 1, "passage grant 1");
}

#[test]
fn a_player_who_resigns_leaves_neutral_defenders_that_never_move_or_annex() {
    let mut g = playing(3);
    settle_at(&mut g, 1, &["A", "B", "E"]);
    settle_at(&mut g, 0, &["N", "Q", "L"]);
    settle_at(&mut g, 2, &["K", "M", "H"]);
    settle_at(&mut g, 0, &["D", "G", "B"]);
    hand(&mut g, 1, "3 ore");
    put(&mut g, "G", 1, 5, 0, 0);
    put(&mut g, "D", 1, 3, 0, 0);
    put(&mut g, "B", 1, 1, 0, 0);
    let ev = ok(&mut g, 1, "resign");
    assert!(ev.iter().any(|e| matches!(e, Event::Resigned { seat: 1 })));
    assert!(g.base.is_out(1));
    assert!(g.is_neutral(1));
    assert_eq!(g.base.table.bank[Resource::Ore], 19);
    // Units stay; control by a neutral annexes nothing and blocks no production.
    assert_eq!(g.armies.count_of(1), 9);
    assert_eq!(
        g.base
            .table
            .pieces
            .building(corner_of(&g, &["D", "G", "B"]))
            .unwrap()
            .owner,
        0
    );
    assert_eq!(g.base.collect_blocked[hex(&g, "G").index()] & 1, 0);
    // They still defend (with the engine's dice) and can be fought.
    put(&mut g, "B", 0, 0, 0, 0);
    assert!(g.legal(1).is_empty());
    g.audit().unwrap();
}

#[test]
fn the_last_player_standing_wins() {
    let mut g = playing(2);
    settle_at(&mut g, 0, &["N", "Q", "L"]);
    settle_at(&mut g, 1, &["K", "M", "H"]);
    ok(&mut g, 1, "resign");
    assert_eq!(g.winner(), Some(0));
}

#[test]
fn ten_points_win_only_on_your_own_turn() {
    // Scenario 15 shape: seat 0 reaches 10 by an annexation on seat 1's turn.
    let mut g = playing(3);
    g.base.current = 1;
    // Seat 0: 4 settlements + a city = 6, Longest Road 2 = 8 ... use cities for 9.
    let spots = [
        corner_of(&g, &["N", "Q", "L"]),
        corner_of(&g, &["K", "M", "H"]),
        corner_of(&g, &["D", "G", "B"]),
        corner_of(&g, &["P", "R", "M"]),
    ];
    for c in spots {
        settle(&mut g, 0, c);
        g.base.table.pieces.place_city(0, c);
    }
    assert_eq!(g.public_vp(0), 9);
    let target = corner_of(&g, &["A", "B", "E"]);
    settle(&mut g, 2, target);
    settle_at(&mut g, 2, &["O", "S"]);
    settle_at(&mut g, 1, &["I", "L"]);
    put(&mut g, "A", 0, 4, 0, 0);
    put(&mut g, "B", 0, 1, 0, 0);
    put(&mut g, "E", 0, 2, 0, 0);
    refresh(&mut g);
    assert_eq!(g.public_vp(0), 10);
    assert_eq!(g.winner(), None, "not on seat 1's turn");
    ok(&mut g, 1, "end");
    assert_eq!(g.base.current, 2);
    assert_eq!(g.winner(), None);
    ok(&mut g, 2, "roll").len();
    g.base.phase = Phase::Main;
    ok(&mut g, 2, "end");
    assert_eq!(g.winner(), Some(0), "at the start of seat 0's turn");
}

// ---- views and the language ----------------------------------------------------------------

#[test]
fn armies_are_public_and_hands_stay_secret() {
    let mut g = playing(2);
    put(&mut g, "A", 1, 2, 1, 1);
    hand(&mut g, 1, "3 ore");
    let v = g.view(Some(0));
    let a = v.hexes.iter().find(|h| h.hex == hex(&g, "A")).unwrap();
    assert_eq!(a.armies[0].seat, 1);
    assert_eq!(
        (a.armies[0].foot, a.armies[0].cavalry, a.armies[0].cannon),
        (2, 1, 1)
    );
    assert_eq!(a.hold, Hold::Controlled(1));
    assert!(v.base.you.unwrap().hand.is_empty());
    assert_eq!(v.base.players[1].cards, 3);
    assert_eq!(v.hexes.len(), 19);
}

#[test]
fn every_listed_command_reads_back_and_is_accepted() {
    let mut g = buyer(4);
    hand(&mut g, 0, "4 wool 3 ore 2 brick");
    put(&mut g, "A", 0, 3, 2, 1);
    put(&mut g, "E", 1, 1, 0, 0);
    put(&mut g, "J", 1, 1, 0, 0);
    refresh(&mut g);
    let legal = g.legal(0);
    for kind in ["buy armies", "move", "barrage", "redeploy"] {
        assert!(
            legal.iter().any(|c| g.format(c).starts_with(kind)),
            "no `{kind}` listed"
        );
    }
    for c in &legal {
        let text = g.format(c);
        assert_eq!(g.parse(0, &text).unwrap(), *c, "{text}");
        let mut t = g.clone();
        t.apply(0, c, 0)
            .unwrap_or_else(|e| panic!("`{text}` listed but refused: {e}"));
        t.audit().unwrap();
    }
}

// ---- rulings of docs/rules/risk.md ----------------------------------------------------------

#[test]
fn road_building_ends_early_when_no_free_road_may_go_anywhere() {
    // D1: R36 can leave Road Building's free roads nowhere to go: they are lost. Seat 0 holds
    // one settlement (A/B/E); two of its edges carry seat 1's roads, the third lies between B
    // and E, both controlled by seat 1.
    let mut g = fresh(2);
    g.base.phase = Phase::Main;
    g.base.turn = 1;
    g.turn_seen = 1;
    g.live = true;
    let home = lone_corner(&g, "I");
    settle(&mut g, 1, home);
    settle_at(&mut g, 0, &["A", "B", "E"]);
    road_at(&mut g, 1, "A", "B");
    road_at(&mut g, 1, "A", "E");
    put(&mut g, "A", 0, 4, 0, 0);
    put(&mut g, "B", 1, 1, 0, 0);
    put(&mut g, "E", 1, 2, 0, 0);
    refresh(&mut g);
    assert_eq!(
        g.base.table.pieces.buildings_of(0).len(),
        1,
        "split control: not annexed"
    );
    let be = edge_between(&g, "B", "E");
    assert!(
        g.check_base(0, &crate::variants::base::Command::Road(be))
            .is_err()
    );
    deal_dev(&mut g, 0, Some(DevCard::RoadBuilding));
    ok(&mut g, 0, "play roads");
    assert_eq!(g.base.phase, Phase::Main, "no free road can be placed");
    assert!(!g.legal(0).is_empty());
}

#[test]
fn a_refused_command_leaves_the_game_untouched_and_says_why() {
    let mut g = buyer(2);
    hand(&mut g, 0, "1 wool");
    let e = refused(&mut g, 0, "buy armies 1 cavalry with wool at A");
    assert!(e.contains("cost 2 wool"), "{e}");
    let e = refused(&mut g, 1, "move 1 foot from A to B");
    assert!(e.contains("not your turn"), "{e}");
}

#[test]
fn one_purchase_is_one_unit_type() {
    // D3: `buy armies` names one type; mixing is refused by the language.
    let g = buyer(3);
    let e = g
        .parse(0, "buy armies 1 foot 1 cavalry with wool at A")
        .unwrap_err();
    assert!(e.0.contains("one unit type"), "{e}");
    assert!(g.parse(0, "buy armies 2 cavalry with wool at A").is_ok());
}

#[test]
fn the_host_acts_for_a_placement_or_a_battle_when_the_clock_runs_out() {
    // D5: a starting unit goes to the first free hex; a waiting battle stops or retreats.
    let mut cfg = config(2);
    cfg.base.turn_ms = Some(1_000);
    let mut g = RiskGame::new(cfg).unwrap();
    let c = corner_of(&g, &["A", "B", "E"]);
    settle(&mut g, 0, c);
    g.stage = Stage::StartUnit {
        seat: 0,
        settlement: c,
    };
    g.stage_deadline = Some(1_000);
    let ev = g.tick(1_000);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TimedOut { seat: 0, .. }))
    );
    assert_eq!(g.armies.count_of(0), 1);

    let mut g = playing(2);
    g.base.cfg.turn_ms = Some(1_000);
    settle_at(&mut g, 0, &["D", "G", "B"]);
    put(&mut g, "D", 1, 4, 0, 0);
    put(&mut g, "G", 0, 3, 0, 0);
    refresh(&mut g);
    rig(&mut g, &[6, 1, 1, 5, 5]);
    ok(&mut g, 0, "move 3 foot from G to D");
    assert!(matches!(g.stage, Stage::Battle(_)));
    g.stage_deadline = Some(5_000);
    g.tick(5_000);
    assert_eq!(g.stage, Stage::Play);
    assert_eq!(
        force(&g, "D", 0).total(),
        0,
        "retreated: the defender still controls D"
    );
    assert_eq!(force(&g, "G", 0).total(), 2);
}

#[test]
fn a_retreat_sends_each_unit_back_where_it_came_from() {
    // D6: units that entered from two hexes go back to each.
    let mut g = playing(2);
    settle_at(&mut g, 0, &["A", "B", "E"]);
    put(&mut g, "A", 1, 1, 0, 0);
    put(&mut g, "B", 0, 2, 0, 0);
    put(&mut g, "E", 0, 2, 0, 0);
    refresh(&mut g);
    ok(&mut g, 0, "move 1 foot from B to A");
    ok(&mut g, 0, "move 1 foot from E to A");
    rig(&mut g, &[1, 1, 6]);
    ok(&mut g, 0, "attack A dice 2");
    if let Stage::Battle(_) = g.stage {
        ok(&mut g, 0, "retreat");
        assert_eq!(force(&g, "A", 0).total(), 0);
        assert_eq!(force(&g, "B", 0).total() + force(&g, "E", 0).total(), 3);
        assert_eq!(force(&g, "B", 0).total().max(force(&g, "E", 0).total()), 2);
    }
}

#[test]
fn offers_to_a_seat_that_resigns_close() {
    // A seat out of the game is never waited for: an offer made to it alone closes.
    let mut g = playing(3);
    hand(&mut g, 0, "1 wool");
    ok(&mut g, 0, "offer 1 wool for 1 ore to 3");
    assert!(g.actors().contains(&2));
    ok(&mut g, 2, "resign");
    assert!(!g.actors().contains(&2));
    assert!(g.base.offers().is_empty());
    g.audit().unwrap();
}

/// The summary counts a building for its holder, and one held by annexing it apart: base's
/// points with the annexed settlement and city moved to their own source, after cities.
#[test]
fn points_count_annexed_buildings_apart() {
    use crate::rules::points::PointSource;
    let mut g = fresh(3);
    let corners: Vec<CornerId> = g.base.table.map.land_corners().to_vec();
    let spots: Vec<CornerId> = corners
        .iter()
        .copied()
        .filter(|c| {
            g.base
                .table
                .pieces
                .check_settlement_spot(&g.base.table.map, *c)
                .is_ok()
        })
        .collect();
    // Far enough apart: every placement is checked again before it is made.
    let place = |g: &mut RiskGame, builder: Seat, city: bool| -> CornerId {
        let c = *spots
            .iter()
            .find(|c| {
                g.base
                    .table
                    .pieces
                    .check_settlement_spot(&g.base.table.map, **c)
                    .is_ok()
            })
            .expect("a free spot");
        g.base.table.pieces.place_settlement(builder, c);
        if city {
            g.base.table.pieces.place_city(builder, c);
        }
        g.built_by_corner[c.index()] = Some(builder);
        c
    };
    place(&mut g, 0, false);
    place(&mut g, 0, true);
    let taken_settlement = place(&mut g, 1, false);
    let taken_city = place(&mut g, 2, true);
    g.base.table.pieces.set_building_owner(taken_settlement, 0);
    g.base.table.pieces.set_building_owner(taken_city, 0);
    g.base.table.longest = Some(0);
    let points = g.points_by_source();
    assert_eq!(
        points[0],
        vec![
            (PointSource::Settlements, 1),
            (PointSource::Cities, 2),
            (super::ANNEXED, 3),
            (PointSource::LongestRoad, 2),
            (PointSource::LargestArmy, 0),
            (PointSource::VpCards, 0),
        ]
    );
    let total: i64 = points[0].iter().map(|(_, p)| p).sum();
    assert_eq!(total, i64::from(g.total_vp(0)));
    assert_eq!(points[1][2], (super::ANNEXED, 0));
}


/// The lobby, the replay and the summary show these rows to players.
#[test]
fn settings_text_reads_as_players_know_it() {
    let timed = crate::variants::base::BaseSettings {
        vp_target: 12,
        three_vp_robber: true,
        any_order: false,
        turn_ms: Some(90_500),
        ..Default::default()
    };
    assert_eq!(
        settings_rows::<RiskGame>(&RiskSettings { base: timed }, 3),
        rows_of(&[
            ("variant", "risk"),
            ("board", "random fair board"),
            ("victory points", "12"),
            ("turn timer", "90 s"),
        ])
    );
}

/// A purchase is told with the pronoun of its count: one unit is "it".
#[test]
fn a_purchase_of_one_unit_is_told_as_it() {
    let g = fresh(2);
    let at = g.base.table.map.land_hexes().next().expect("land");
    let text = |n| {
        let ev = Event::Bought {
            seat: 0,
            kind: UnitKind::Foot,
            n,
            pay: Resource::Lumber,
            at,
        };
        event::describe(&g.base.table.map, &ev, None, &["Ann".into(), "Bob".into()]).unwrap()
    };
    assert!(text(1).contains("bought 1 foot soldier for 1 lumber and placed it on"), "{}", text(1));
    assert!(text(2).contains("and placed them on"), "{}", text(2));
}
