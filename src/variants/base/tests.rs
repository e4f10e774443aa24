//! Rule tests for base Catan: one test per rule, each failing if its rule breaks.
//!
//! Positions are built directly on the beginner board with seat 0 first (pieces, hands, phase
//! set through the crate-visible fields); commands then go through the text language and
//! `apply`, as a player's would. Dice are forced by giving the game an RNG seed whose next roll
//! is the one a test needs. Hex names on the beginner board (`catan board show base-beginner
//! --names`):
//!
//! ```text
//! A W9  B W12 C F8  D O10 E F11 F B5  G B6  H O3  I S2  J desert
//! K W6  L S4  M W4  N F9  O F3  P S11 Q B10 R S5  S O8
//! ```
//! E is an inland forest ringed by A, C, H, J, G, B; J is the desert in the middle.

use crate::ruleset::testing::{rows_of, settings_rows};
use super::*;
use crate::engine::rng::GameRng;
use crate::rules::devcards::{DevCard, HeldCard};
use crate::rules::events::{AwardEvent, DevEvent, TableEvent, TradeEvent};
use crate::rules::offers::TradeCommand;
use crate::rules::pieces::{BuildingKind, RouteKind, Stock};
use crate::rules::resources::{Resource, parse_resource_list};
use crate::topology::EdgeId;

// ---- helpers -------------------------------------------------------------------------------

fn beginner() -> BoardSpec {
    crate::variants::boards::spec("base-beginner").unwrap()
}

/// The beginner board, seat 0 first, a fixed seed.
fn config(seats: usize) -> BaseConfig {
    BaseConfig {
        board: Some(beginner()),
        first: Some(0),
        ..BaseConfig::new(seats, 7)
    }
}

fn new_game(cfg: BaseConfig) -> BaseGame {
    BaseGame::new(cfg).unwrap()
}

/// Past setup on an empty board: seat 0 to roll on turn 1.
fn playing_with(cfg: BaseConfig) -> BaseGame {
    let mut g = new_game(cfg);
    g.phase = Phase::Roll;
    g.turn = 1;
    g.current = 0;
    g.turn_deadline = None;
    g
}

fn playing(seats: usize) -> BaseGame {
    playing_with(config(seats))
}

/// Seat 0 has rolled on turn 1.
fn main_phase(seats: usize) -> BaseGame {
    let mut g = playing(seats);
    g.phase = Phase::Main;
    g
}

/// Hands the turn to `seat` in `phase`, as if the turns in between had passed.
fn turn_of(g: &mut BaseGame, seat: Seat, phase: Phase) {
    g.current = seat;
    g.turn += 1;
    g.phase = phase;
    g.dev_played = false;
    g.built = false;
    g.table.offers.clear();
}

fn corner(g: &BaseGame, name: &str) -> CornerId {
    g.table.map.parse_corner(name).unwrap()
}

fn edge(g: &BaseGame, name: &str) -> EdgeId {
    g.table.map.parse_edge(name).unwrap()
}

fn hex(g: &BaseGame, name: &str) -> HexId {
    g.table.map.parse_hex(name).unwrap()
}

/// "2 wool 1 ore" as a set.
fn rs(text: &str) -> ResourceSet {
    if text == "nothing" {
        return ResourceSet::EMPTY;
    }
    parse_resource_list(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
}

fn put_settlement(g: &mut BaseGame, seat: Seat, at: &str) {
    let c = corner(g, at);
    assert!(g.table.pieces.building(c).is_none(), "{at} is taken");
    g.table.pieces.place_settlement(seat, c);
}

fn put_city(g: &mut BaseGame, seat: Seat, at: &str) {
    put_settlement(g, seat, at);
    let c = corner(g, at);
    g.table.pieces.place_city(seat, c);
}

fn put_roads(g: &mut BaseGame, seat: Seat, at: &[&str]) {
    for e in at {
        let e = edge(g, e);
        assert!(
            g.table.pieces.route(e).is_none(),
            "{} is taken",
            g.table.map.edge_name(e)
        );
        g.table.pieces.place_route(seat, e, RouteKind::Road);
    }
    g.update_longest_road(&mut Vec::new());
}

/// Moves cards from the bank to a hand.
fn give(g: &mut BaseGame, seat: Seat, cards: &str) {
    let set = rs(cards);
    assert!(g.table.bank.contains(&set), "the bank lacks {set}");
    g.table.bank.sub(&set);
    g.table.hands[seat as usize].add(&set);
}

/// Returns a hand to the bank and gives it these cards instead.
fn set_hand(g: &mut BaseGame, seat: Seat, cards: &str) {
    let old = g.table.hands[seat as usize];
    g.table.bank.add(&old);
    g.table.hands[seat as usize] = ResourceSet::EMPTY;
    give(g, seat, cards);
}

fn give_dev(g: &mut BaseGame, seat: Seat, card: DevCard, bought_turn: u32) {
    g.table.dev[seat as usize]
        .cards
        .push(HeldCard { card, bought_turn });
}

fn bytes(g: &BaseGame) -> Vec<u8> {
    bincode::serde::encode_to_vec(g, bincode::config::standard()).unwrap()
}

/// Sends a command in the text language; it must be accepted.
fn ok(g: &mut BaseGame, seat: Seat, text: &str) -> Vec<Event> {
    let cmd = g
        .parse(seat, text)
        .unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
    let ev = g
        .apply(seat, &cmd, 0)
        .unwrap_or_else(|e| panic!("`{text}` by seat {} refused: {e}", seat + 1));
    assert_conserved(g);
    ev
}

/// Sends a command that must be refused without changing a byte of the state; returns why.
fn refused_cmd(g: &mut BaseGame, seat: Seat, cmd: &Command) -> String {
    let before = bytes(g);
    let e = match g.apply(seat, cmd, 0) {
        Ok(ev) => panic!("{cmd:?} by seat {} accepted: {ev:?}", seat + 1),
        Err(e) => e,
    };
    assert_eq!(before, bytes(g), "a refused command changed the state");
    e.0
}

fn refused(g: &mut BaseGame, seat: Seat, text: &str) -> String {
    let cmd = g
        .parse(seat, text)
        .unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
    refused_cmd(g, seat, &cmd)
}

/// Asserts that a refusal's words contain `part`.
#[track_caller]
fn says(msg: String, part: &str) {
    assert!(msg.contains(part), "expected `{part}` in: {msg}");
}

/// Makes the next roll come up `sum`.
fn next_roll(g: &mut BaseGame, sum: u8) {
    for seed in 0.. {
        let (a, b) = GameRng::new(seed).dice();
        if a + b == sum {
            g.rng = GameRng::new(seed);
            return;
        }
    }
}

fn assert_conserved(g: &BaseGame) {
    let mut total = g.table.bank;
    for h in &g.table.hands {
        total.add(h);
    }
    assert_eq!(total, g.supply().bank(), "cards conserved");
}

fn has(ev: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    ev.iter().any(f)
}

/// Plays random legal commands until someone wins; checks conservation on the way.
pub(crate) fn random_game(seed: u64, seats: usize, max_steps: usize) -> (BaseGame, usize) {
    random_game_with(BaseConfig::new(seats, seed), max_steps)
}

/// [`random_game`] from any configuration.
pub(crate) fn random_game_with(cfg: BaseConfig, max_steps: usize) -> (BaseGame, usize) {
    let seed = cfg.seed;
    let mut g = BaseGame::new(cfg).unwrap();
    let mut rng = GameRng::new(seed ^ 0xabcdef);
    let mut steps = 0;
    while g.winner().is_none() && steps < max_steps {
        random_step(&mut g, &mut rng);
        assert_conserved(&g);
        steps += 1;
    }
    (g, steps)
}

/// One random legal command from a random prompted seat.
fn random_step(g: &mut BaseGame, rng: &mut GameRng) {
    let actors = g.actors();
    let seat = actors[rng.below(actors.len())];
    let legal = g.legal(seat);
    assert!(
        !legal.is_empty(),
        "seat {seat} prompted with nothing legal in {:?}",
        g.phase
    );
    let cmd = legal[rng.below(legal.len())];
    if let Err(e) = g.apply(seat, &cmd, 0) {
        panic!(
            "listed command {} refused: {e} in {:?}",
            g.format(&cmd),
            g.phase
        );
    }
}

#[test]
fn random_games_finish() {
    for seed in 0..20 {
        let (g, steps) = random_game(seed, 4, 200_000);
        assert!(
            g.winner().is_some(),
            "seed {seed} unfinished after {steps} steps"
        );
    }
}

#[test]
fn random_games_finish_with_three_vp_robber_and_trade_then_build() {
    for seed in 0..20 {
        let cfg = BaseConfig {
            three_vp_robber: true,
            any_order: false,
            ..BaseConfig::new(2 + (seed % 3) as usize, seed)
        };
        let (g, steps) = random_game_with(cfg, 200_000);
        assert!(
            g.winner().is_some(),
            "seed {seed} unfinished after {steps} steps"
        );
    }
}

#[test]
#[ignore]
fn random_game_speed() {
    let t = std::time::Instant::now();
    let mut total = 0;
    let n = 500;
    for seed in 0..n {
        let (g, steps) = random_game(seed, 4, 1_000_000);
        assert!(g.winner().is_some());
        total += steps;
    }
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "{n} games, {} moves/game, {:.0} games/s, {:.0} moves/s",
        total / n as usize,
        n as f64 / secs,
        total as f64 / secs
    );
}

/// The random bot's draw: each kind the seat may send is drawn about equally often, and
/// within a kind each command about equally often, whatever the kinds' sizes.
#[test]
fn random_legal_draws_a_kind_then_a_command() {
    let mut g = main_phase(4);
    let me = g.current;
    // End, one-for-one offers (20 of them with cards of every resource), bank trades.
    set_hand(&mut g, me, "4 ore 1 wool 1 grain 1 brick 1 lumber");
    let legal = g.legal(me);
    let kinds = g.legal_kinds(me);
    let mut counts: std::collections::HashMap<Command, u32> = Default::default();
    let mut rng = GameRng::new(5);
    let mut scratch = Vec::new();
    let draws = 60_000;
    for _ in 0..draws {
        let c = g.random_legal(me, &mut rng, &mut scratch).unwrap();
        *counts.entry(c).or_default() += 1;
    }
    assert!(counts.keys().all(|c| legal.contains(c)));
    assert!(kinds.len() >= 4, "{kinds:?}");
    for k in kinds.iter() {
        let of_kind: Vec<&Command> = legal.iter().filter(|c| c.kind() == k).collect();
        let total: u32 = of_kind
            .iter()
            .map(|c| counts.get(*c).copied().unwrap_or(0))
            .sum();
        let share = total as f64 / draws as f64;
        let want = 1.0 / kinds.len() as f64;
        assert!(
            (share - want).abs() < 0.02,
            "{k:?}: {share:.3}, not {want:.3}"
        );
        for c in &of_kind {
            let n = counts.get(*c).copied().unwrap_or(0) as f64;
            let expect = total as f64 / of_kind.len() as f64;
            assert!(
                (n - expect).abs() < 0.2 * expect + 30.0,
                "{c:?}: {n} of {expect:.0}"
            );
        }
    }
}

// ---- setup ---------------------------------------------------------------------------------

#[test]
fn setup_goes_in_snake_order() {
    let cases: [(usize, Seat, &[Seat]); 3] = [
        (4, 0, &[0, 1, 2, 3, 3, 2, 1, 0]),
        (4, 2, &[2, 3, 0, 1, 1, 0, 3, 2]),
        (3, 1, &[1, 2, 0, 0, 2, 1]),
    ];
    for (seats, first, want) in cases {
        let mut g = new_game(BaseConfig {
            first: Some(first),
            ..config(seats)
        });
        let mut order = Vec::new();
        while let Phase::Setup { .. } = g.phase {
            let actors = g.actors();
            assert_eq!(actors.len(), 1, "one seat places at a time");
            let s = actors[0];
            order.push(s);
            let spot = g.legal(s)[0];
            for other in (0..seats as Seat).filter(|o| *o != s) {
                assert!(g.legal(other).is_empty());
                says(refused_cmd(&mut g, other, &spot), "is placing now");
            }
            g.apply(s, &spot, 0).unwrap();
            let road = g.legal(s)[0];
            g.apply(s, &road, 0).unwrap();
        }
        assert_eq!(order, want);
        assert_eq!(g.phase, Phase::Roll);
        assert_eq!(
            (g.current, g.turn),
            (first, 1),
            "the first placer rolls first"
        );
    }
}

/// The game has begun when setup starts (its first notice says so): the commands of the game
/// proper are refused as not yet allowed in setup, naming what the seat places now, never as
/// "the game has not started".
#[test]
fn setup_refuses_the_game_proper_by_saying_what_to_place() {
    let mut g = new_game(config(4));
    for text in ["roll", "city E.sw", "buy dev"] {
        let msg = refused(&mut g, 0, text);
        says(msg.clone(), "not during setup: place your starting settlement first");
        assert!(!msg.contains("not started"), "{text}: {msg}");
    }
    ok(&mut g, 0, "settle E.nw");
    for text in ["roll", "city E.nw", "buy dev"] {
        says(
            refused(&mut g, 0, text),
            "not during setup: place your starting road first",
        );
    }
}

#[test]
fn setup_places_a_settlement_then_a_road_touching_it() {
    let mut g = new_game(config(4));
    says(refused(&mut g, 0, "road E.n"), "settlement first");
    ok(&mut g, 0, "settle E.nw");
    says(
        refused(&mut g, 0, "settle C.e"),
        "road next to your new settlement",
    );
    says(refused(&mut g, 0, "road H.s"), "does not touch");
    says(refused(&mut g, 0, "roll"), "not during setup");
    ok(&mut g, 0, "road E.n");
    assert_eq!(
        g.phase,
        Phase::Setup {
            step: 1,
            settlement: None
        }
    );
    assert_eq!(g.current, 1);
    assert_eq!(
        g.table.pieces.route(edge(&g, "E.n")).map(|r| r.owner),
        Some(0),
        "the setup road is free and placed"
    );
    assert_eq!(g.table.hands[0], ResourceSet::EMPTY);
}

#[test]
fn setup_keeps_the_distance_rule() {
    let mut g = new_game(config(4));
    ok(&mut g, 0, "settle E.nw");
    ok(&mut g, 0, "road E.n");
    says(refused(&mut g, 1, "settle E.ne"), "distance rule");
    says(refused(&mut g, 1, "settle E.w"), "distance rule");
    says(refused(&mut g, 1, "settle A.sw"), "already has a building");
    assert!(!g.legal(1).contains(&Command::Settle(corner(&g, "E.ne"))));
    ok(&mut g, 1, "settle E.e");
}

#[test]
fn the_second_settlement_takes_one_card_per_land_hex_and_none_from_the_desert() {
    let mut g = new_game(config(2));
    // Seat 0's first settlement (forest, forest, mountains) brings nothing.
    let ev = ok(&mut g, 0, "settle E.e");
    assert!(!has(&ev, |e| matches!(
        e,
        Event::Table(TableEvent::StartingResources { .. })
    )));
    ok(&mut g, 0, "road E.ne");
    assert_eq!(g.table.hands[0], ResourceSet::EMPTY);
    ok(&mut g, 1, "settle S.se");
    ok(&mut g, 1, "road S.s");
    // Seat 1's second: forest E, hills G and the desert J.
    let ev = ok(&mut g, 1, "settle J.nw");
    assert!(has(&ev, |e| *e
        == Event::Table(TableEvent::StartingResources {
            seat: 1,
            got: rs("1 lumber 1 brick")
        })));
    assert_eq!(g.table.hands[1], rs("1 lumber 1 brick"));
    ok(&mut g, 1, "road J.nw");
    // Seat 0's second, on the coast by fields K only: one grain.
    ok(&mut g, 0, "settle K.e");
    assert_eq!(g.table.hands[0], rs("1 grain"));
    assert_eq!(g.table.bank, ResourceSet::new(18, 18, 19, 18, 19));
}

#[test]
fn the_first_player_is_drawn_from_the_seed_unless_given() {
    let first = |seed: u64, first: Option<Seat>| {
        BaseGame::new(BaseConfig {
            seed,
            first,
            ..config(4)
        })
        .map(|g| (g.current, g.setup_seat(0), g.actors()))
    };
    let mut seen = [false; 4];
    for seed in 0..64 {
        let (cur, placer, actors) = first(seed, None).unwrap();
        assert_eq!((placer, actors), (cur, vec![cur]));
        assert_eq!(
            first(seed, None).unwrap().0,
            cur,
            "the same seed, the same first"
        );
        seen[cur as usize] = true;
    }
    assert_eq!(seen, [true; 4], "every seat can be drawn");
    for seed in 0..8 {
        assert_eq!(first(seed, Some(2)).unwrap().0, 2);
    }
    assert!(first(0, Some(4)).is_err(), "no seat 5 in a 4-seat game");
}

#[test]
fn road_lengths_are_known_after_setup() {
    let mut g = new_game(config(2));
    for (s, c, e) in [
        (0, "E.nw", "E.n"),
        (1, "M.se", "M.s"),
        (1, "Q.w", "Q.nw"),
        (0, "E.e", "E.ne"),
    ] {
        ok(&mut g, s, &format!("settle {c}"));
        ok(&mut g, s, &format!("road {e}"));
    }
    // Seat 0's two roads join at E.ne; seat 1's are apart.
    assert_eq!(g.table.road_len, vec![2, 1]);
    assert_eq!(g.view(Some(0)).players[0].road_length, 2);
}

// ---- dice and production -------------------------------------------------------------------

#[test]
fn a_settlement_earns_one_card_and_a_city_two() {
    let mut g = playing(4);
    put_settlement(&mut g, 0, "K.e"); // W6 only
    put_city(&mut g, 1, "K.sw"); // W6, W4, S11
    let ev = {
        next_roll(&mut g, 6);
        ok(&mut g, 0, "roll")
    };
    assert!(has(
        &ev,
        |e| matches!(e, Event::Rolled { dice, .. } if dice.0 + dice.1 == 6)
    ));
    assert_eq!(g.table.hands[0], rs("1 grain"));
    assert_eq!(g.table.hands[1], rs("2 grain"));
    assert_eq!(g.table.bank[Resource::Grain], 16);
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn each_building_on_a_hex_earns() {
    let mut g = playing(4);
    put_settlement(&mut g, 2, "G.w"); // B6, O10, S2
    put_settlement(&mut g, 2, "G.e"); // B6, F11, desert
    put_city(&mut g, 3, "G.sw"); // B6, S2, S4
    next_roll(&mut g, 6);
    ok(&mut g, 0, "roll");
    assert_eq!(g.table.hands[2], rs("2 brick"));
    assert_eq!(g.table.hands[3], rs("2 brick"));
    assert_eq!(g.table.hands[0], ResourceSet::EMPTY);
}

/// A road that does not join the seat's network says an opponent's building blocks it only
/// when one does: one of the seat's roads ends at an end of the edge where an opponent's
/// building stands. Far from everything the seat has, it just is not connected.
#[test]
fn an_unconnected_road_blames_a_building_only_when_one_is_in_the_way() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.nw");
    put_roads(&mut g, 0, &["E.n", "E.ne"]);
    put_settlement(&mut g, 1, "E.e");
    let blocked = refused(&mut g, 0, "road E.se");
    says(blocked.clone(), "is not connected to your roads or buildings");
    says(blocked, "(an opponent's building blocks a road)");
    let far = refused(&mut g, 0, "road Q.n");
    says(far.clone(), "is not connected to your roads or buildings");
    assert!(!far.contains("blocks"), "nothing blocks it: {far}");
}

#[test]
fn the_robber_blocks_its_hex() {
    let mut g = playing(4);
    put_settlement(&mut g, 0, "K.e"); // W6
    put_settlement(&mut g, 2, "G.w"); // B6
    g.table.robber = hex(&g, "K");
    next_roll(&mut g, 6);
    let ev = ok(&mut g, 0, "roll");
    assert_eq!(g.table.hands[0], ResourceSet::EMPTY, "K is blocked");
    assert_eq!(g.table.hands[2], rs("1 brick"), "G still produces");
    let k = hex(&g, "K");
    assert!(has(
        &ev,
        |e| matches!(e, Event::Produced { blocked, .. } if *blocked == Some(k))
    ));
}

#[test]
fn a_short_bank_pays_nobody_that_resource_and_still_pays_the_others() {
    let mut g = playing(4);
    put_settlement(&mut g, 0, "K.e"); // owed 1 grain
    put_city(&mut g, 1, "K.sw"); // owed 2 grain
    put_settlement(&mut g, 2, "G.w"); // owed 1 brick
    give(&mut g, 3, "17 grain"); // the bank keeps 2 grain for 3 owed
    next_roll(&mut g, 6);
    let ev = ok(&mut g, 0, "roll");
    assert_eq!(g.table.hands[0], ResourceSet::EMPTY);
    assert_eq!(g.table.hands[1], ResourceSet::EMPTY);
    assert_eq!(g.table.hands[2], rs("1 brick"));
    assert_eq!(g.table.bank[Resource::Grain], 2);
    assert!(has(
        &ev,
        |e| matches!(e, Event::Produced { short, .. } if short.as_slice() == [Resource::Grain])
    ));
}

#[test]
fn a_short_bank_pays_nothing_even_to_a_single_player_owed() {
    let mut g = playing(4);
    put_city(&mut g, 1, "K.sw"); // owed 2 grain, alone
    give(&mut g, 3, "18 grain"); // the bank has 1
    next_roll(&mut g, 6);
    ok(&mut g, 0, "roll");
    assert_eq!(g.table.hands[1], ResourceSet::EMPTY);
    assert_eq!(g.table.bank[Resource::Grain], 1);
}

// ---- a seven and the robber ----------------------------------------------------------------

#[test]
fn a_seven_makes_every_hand_over_seven_discard_half_at_once() {
    let mut g = playing(4);
    put_settlement(&mut g, 1, "G.w"); // nothing is produced on a 7 anyway
    set_hand(&mut g, 0, "3 lumber 3 brick 3 wool"); // 9: discards 4
    set_hand(&mut g, 1, "8 ore"); // 8: discards 4
    set_hand(&mut g, 2, "7 grain"); // 7: keeps all
    set_hand(&mut g, 3, "5 wool 6 grain"); // 11: discards 5
    next_roll(&mut g, 7);
    let ev = ok(&mut g, 0, "roll");
    let owed = vec![(0, 4), (1, 4), (3, 5)];
    assert!(has(&ev, |e| *e == Event::MustDiscard { owed: owed.clone() }));
    assert!(
        !has(&ev, |e| matches!(e, Event::Produced { .. })),
        "a 7 produces nothing"
    );
    assert_eq!(g.phase, Phase::Discard { owed });
    assert_eq!(g.actors(), vec![0, 1, 3], "all who owe are asked at once");
    says(
        refused(&mut g, 2, "discard 3 grain"),
        "do not need to discard",
    );
    says(
        refused(&mut g, 0, "robber E"),
        "wait until everyone has discarded",
    );
    says(refused(&mut g, 0, "end"), "wait for the discards");
    says(refused(&mut g, 3, "discard 4 wool"), "exactly 5");
    says(refused(&mut g, 3, "discard 5 wool 1 grain"), "exactly 5");
    says(refused(&mut g, 3, "discard 5 ore"), "do not have");
    // In any order.
    ok(&mut g, 3, "discard 2 wool 3 grain");
    assert_eq!(g.actors(), vec![0, 1]);
    says(
        refused(&mut g, 3, "discard 1 wool"),
        "do not need to discard",
    );
    ok(&mut g, 1, "discard 4 ore");
    ok(&mut g, 0, "discard 1 lumber 1 brick 2 wool");
    assert_eq!(g.table.hands[0], rs("2 lumber 2 brick 1 wool"));
    assert_eq!(g.table.hands[1], rs("4 ore"));
    assert_eq!(g.table.hands[2], rs("7 grain"));
    assert_eq!(g.table.hands[3], rs("3 wool 3 grain"));
    assert_eq!(
        g.phase,
        Phase::Robber {
            resume: Resume::Main
        }
    );
}

#[test]
fn a_seven_with_no_big_hands_goes_straight_to_the_robber() {
    let mut g = playing(3);
    set_hand(&mut g, 1, "7 ore");
    next_roll(&mut g, 7);
    ok(&mut g, 0, "roll");
    assert_eq!(
        g.phase,
        Phase::Robber {
            resume: Resume::Main
        }
    );
    assert_eq!(g.actors(), vec![0]);
}

#[test]
fn the_robber_must_move_to_another_land_hex() {
    let mut g = playing(4);
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    assert_eq!(
        g.table.robber,
        hex(&g, "J"),
        "the robber starts in the desert"
    );
    says(refused(&mut g, 0, "robber J"), "another hex");
    says(refused(&mut g, 0, "robber ~1"), "sea");
    says(refused(&mut g, 1, "robber E"), "not your turn");
    ok(&mut g, 0, "robber E");
    assert_eq!(g.table.robber, hex(&g, "E"));
    assert_eq!(g.phase, Phase::Main);
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    says(refused(&mut g, 0, "robber E"), "another hex");
    ok(&mut g, 0, "robber J");
    assert!(!g.robber_targets().contains(&hex(&g, "J")));
}

#[test]
fn the_robber_steals_from_the_chosen_victim_and_a_victim_must_be_named() {
    let mut g = playing(4);
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    put_settlement(&mut g, 0, "E.w");
    put_settlement(&mut g, 1, "E.nw");
    put_settlement(&mut g, 2, "E.e");
    put_settlement(&mut g, 3, "E.se");
    set_hand(&mut g, 0, "1 grain");
    set_hand(&mut g, 1, "3 ore");
    set_hand(&mut g, 2, "2 wool");
    says(refused(&mut g, 0, "robber E"), "choose whom to rob");
    says(
        refused(&mut g, 0, "robber E steal 1"),
        "cannot rob yourself",
    );
    says(refused(&mut g, 0, "robber E steal 4"), "no cards");
    says(refused(&mut g, 0, "robber C steal 4"), "no building at C");
    let legal = g.legal(0);
    let e = hex(&g, "E");
    let at_e: Vec<_> = legal
        .iter()
        .filter(|c| matches!(c, Command::Robber { hex, .. } if *hex == e))
        .collect();
    assert_eq!(
        at_e,
        vec![
            &Command::Robber {
                hex: e,
                steal: Some(1)
            },
            &Command::Robber {
                hex: e,
                steal: Some(2)
            }
        ]
    );
    let ev = ok(&mut g, 0, "robber E steal 2");
    assert!(has(&ev, |e| *e
        == Event::Table(TableEvent::Stole {
            thief: 0,
            victim: 1,
            card: Resource::Ore,
            asked: false,
        })));
    assert_eq!(g.table.hands[0], rs("1 grain 1 ore"));
    assert_eq!(g.table.hands[1], rs("2 ore"));
    assert_eq!(g.table.hands[2], rs("2 wool"));
}

#[test]
fn the_stolen_card_is_random() {
    let mut stolen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut g = playing(2);
        g.rng = GameRng::new(seed);
        g.phase = Phase::Robber {
            resume: Resume::Main,
        };
        put_settlement(&mut g, 1, "K.e");
        set_hand(&mut g, 1, "1 wool 1 ore");
        for e in ok(&mut g, 0, "robber K steal 2") {
            if let Event::Table(TableEvent::Stole { card, .. }) = e {
                stolen.insert(card);
            }
        }
        assert_eq!(g.table.hands[0].total() + g.table.hands[1].total(), 2);
    }
    assert_eq!(
        stolen.into_iter().collect::<Vec<_>>(),
        vec![Resource::Wool, Resource::Ore]
    );
}

#[test]
fn the_robber_steals_nothing_where_nobody_has_cards() {
    let mut g = playing(3);
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    put_settlement(&mut g, 1, "K.e");
    says(refused(&mut g, 0, "robber K steal 2"), "no cards");
    let ev = ok(&mut g, 0, "robber K");
    assert!(!has(&ev, |e| matches!(
        e,
        Event::Table(TableEvent::Stole { .. })
    )));
}

#[test]
fn you_cannot_rob_yourself() {
    let mut g = playing(3);
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    put_settlement(&mut g, 0, "K.e");
    set_hand(&mut g, 0, "2 wool");
    says(
        refused(&mut g, 0, "robber K steal 1"),
        "cannot rob yourself",
    );
    ok(&mut g, 0, "robber K");
    assert_eq!(g.table.hands[0], rs("2 wool"));
}

#[test]
fn a_lone_victim_must_still_be_named() {
    let mut g = playing(3);
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    put_settlement(&mut g, 1, "K.e");
    give(&mut g, 1, "1 wool");
    says(refused(&mut g, 0, "robber K"), "robber K steal 2");
    ok(&mut g, 0, "robber K steal 2");
}

// ---- the three-victory-point robber rule ---------------------------------------------------

fn three_vp() -> BaseGame {
    let mut g = playing_with(BaseConfig {
        three_vp_robber: true,
        ..config(4)
    });
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    g
}

#[test]
fn three_vp_rule_protects_hexes_next_to_a_player_under_three_points() {
    let mut g = three_vp();
    put_settlement(&mut g, 0, "A.nw");
    put_settlement(&mut g, 0, "D.w");
    put_settlement(&mut g, 0, "N.sw");
    put_settlement(&mut g, 1, "K.e");
    put_settlement(&mut g, 1, "S.se");
    says(refused(&mut g, 0, "robber K"), "three-victory-point rule");
    says(refused(&mut g, 0, "robber S"), "three-victory-point rule");
    ok(&mut g, 0, "robber E");
    // A third point lifts the protection.
    put_settlement(&mut g, 1, "Q.w");
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    ok(&mut g, 0, "robber K");
}

#[test]
fn three_vp_rule_protects_the_robbers_own_hexes_too() {
    let mut g = three_vp();
    put_settlement(&mut g, 0, "K.e");
    put_settlement(&mut g, 0, "S.se");
    says(refused(&mut g, 0, "robber K"), "three-victory-point rule");
}

#[test]
fn three_vp_rule_counts_public_points_only() {
    let mut g = three_vp();
    put_settlement(&mut g, 1, "K.e");
    put_settlement(&mut g, 1, "S.se");
    give_dev(&mut g, 1, DevCard::VictoryPoint, 0);
    assert_eq!(g.total_vp(1), 3);
    says(refused(&mut g, 0, "robber K"), "three-victory-point rule");
}

#[test]
fn without_the_three_vp_rule_small_players_are_not_protected() {
    let mut g = playing(4);
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    put_settlement(&mut g, 1, "K.e");
    ok(&mut g, 0, "robber K");
}

/// Buildings of seats under 3 points next to every numbered hex (two settlements per seat).
fn protect_every_numbered_hex(g: &mut BaseGame) {
    let numbered: Vec<HexId> = g
        .table
        .map
        .land_hexes()
        .filter(|h| g.table.map.tile(*h).number().is_some())
        .collect();
    let mut covered: Vec<HexId> = Vec::new();
    let mut placed = 0;
    while covered.len() < numbered.len() {
        let best = *g
            .table
            .map
            .land_corners()
            .iter()
            .filter(|c| g.table.pieces.building(**c).is_none())
            .max_by_key(|c| {
                g.table
                    .map
                    .topology
                    .corner_hexes(**c)
                    .iter()
                    .flatten()
                    .filter(|h| numbered.contains(h) && !covered.contains(h))
                    .count()
            })
            .unwrap();
        let seat = (placed / 2) as Seat;
        assert!((seat as usize) < g.cfg.seats, "not enough seats to cover");
        g.table.pieces.place_settlement(seat, best);
        placed += 1;
        for h in g.table.map.topology.corner_hexes(best).iter().flatten() {
            if numbered.contains(h) && !covered.contains(h) {
                covered.push(*h);
            }
        }
    }
}

#[test]
fn three_vp_rule_keeps_the_robber_in_the_desert_when_nowhere_is_allowed() {
    let mut g = playing_with(BaseConfig {
        three_vp_robber: true,
        ..config(8)
    });
    protect_every_numbered_hex(&mut g);
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    let j = hex(&g, "J");
    assert_eq!(g.robber_targets(), vec![j]);
    says(refused(&mut g, 0, "robber E"), "three-victory-point rule");
    ok(&mut g, 0, "robber J");
    assert_eq!(g.table.robber, j);
    // And from elsewhere it goes back to the desert.
    g.table.robber = hex(&g, "K");
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    assert_eq!(g.robber_targets(), vec![j]);
}

#[test]
fn three_vp_rule_still_lets_the_robber_rob_in_the_desert_fallback() {
    let mut g = playing_with(BaseConfig {
        three_vp_robber: true,
        ..config(8)
    });
    protect_every_numbered_hex(&mut g);
    let j = hex(&g, "J");
    // A seat with under 3 points and a building by the desert.
    let victim = (1..8)
        .find(|s| g.table.pieces.buildings_of(*s).len() < 2)
        .expect("a seat with a settlement to spare");
    let free = *g
        .table
        .map
        .topology
        .hex_corners(j)
        .iter()
        .find(|c| g.table.pieces.building(**c).is_none())
        .expect("a free corner by the desert");
    g.table.pieces.place_settlement(victim, free);
    assert!(g.public_vp(victim) < 3);
    give(&mut g, victim, "1 ore");
    g.table.robber = hex(&g, "K");
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    ok(&mut g, 0, &format!("robber J steal {}", victim + 1));
    assert_eq!(g.table.hands[0], rs("1 ore"));
}

#[test]
fn the_robber_stays_put_on_a_board_without_a_desert_when_nowhere_is_allowed() {
    let spec = crate::board::spec::BoardSpec::parse(
        "tiny",
        "name = 'tiny'\ncolumns = ['F4 W5', 'S6 O8']\n",
    )
    .unwrap();
    let mut g = playing_with(BaseConfig {
        board: Some(spec),
        three_vp_robber: true,
        ..BaseConfig::new(2, 1)
    });
    // Two settlements each for two seats, one by every hex.
    for (i, h) in g.table.map.land_hexes().enumerate().collect::<Vec<_>>() {
        let c = g.table.map.topology.hex_corners(h)[0];
        g.table.pieces.place_settlement((i % 2) as Seat, c);
    }
    g.phase = Phase::Robber {
        resume: Resume::Main,
    };
    let here = g.table.robber;
    assert_eq!(g.robber_targets(), vec![here]);
    assert!(
        !g.legal(0).is_empty(),
        "the current player can always move on"
    );
    let hexname = g.table.map.hex_name(here).to_string();
    ok(&mut g, 0, &format!("robber {hexname}"));
}

// ---- building ------------------------------------------------------------------------------

#[test]
fn building_pays_its_cost_to_the_bank() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.nw");
    let costs = [
        ("road E.n", "1 lumber 1 brick"),
        ("road E.ne", "1 lumber 1 brick"),
        ("settle E.e", "1 lumber 1 brick 1 wool 1 grain"),
        ("city E.nw", "2 grain 3 ore"),
        ("buy dev", "1 wool 1 grain 1 ore"),
    ];
    for (cmd, cost) in costs {
        set_hand(&mut g, 0, "nothing");
        let what = refused(&mut g, 0, cmd);
        says(what, "you are missing");
        set_hand(&mut g, 0, &format!("{cost} 1 wool"));
        let bank = g.table.bank;
        ok(&mut g, 0, cmd);
        assert_eq!(g.table.hands[0], rs("1 wool"), "{cmd} costs {cost}");
        let mut paid = bank;
        paid.add(&rs(cost));
        assert_eq!(g.table.bank, paid, "{cmd} pays the bank");
    }
    assert_eq!(
        g.table.pieces.building(corner(&g, "E.nw")).unwrap().kind,
        BuildingKind::City
    );
    assert_eq!(g.table.dev[0].cards.len(), 1);
}

#[test]
fn a_seat_has_five_settlements() {
    let mut g = main_phase(2);
    assert_eq!(g.table.pieces.stock(0), crate::rules::pieces::Stock::BASE);
    assert_eq!(
        (
            Stock::BASE.settlements,
            Stock::BASE.cities,
            Stock::BASE.roads
        ),
        (5, 4, 15)
    );
    for c in ["A.nw", "C.e", "I.w", "S.se"] {
        put_settlement(&mut g, 0, c);
    }
    put_roads(&mut g, 0, &["M.s", "E.n", "K.s"]);
    give(&mut g, 0, "2 lumber 2 brick 2 wool 2 grain");
    ok(&mut g, 0, "settle M.se");
    assert_eq!(g.table.pieces.stock(0).settlements, 0);
    says(refused(&mut g, 0, "settle E.nw"), "no settlements left");
    assert!(!g.legal(0).iter().any(|c| matches!(c, Command::Settle(_))));
    // A city puts its settlement back in the supply.
    give(&mut g, 0, "2 grain 3 ore");
    ok(&mut g, 0, "city A.nw");
    assert_eq!(g.table.pieces.stock(0).settlements, 1);
    assert_eq!(g.table.pieces.stock(0).cities, 3);
    ok(&mut g, 0, "settle E.nw");
}

#[test]
fn a_seat_has_four_cities() {
    let mut g = main_phase(2);
    for c in ["A.nw", "C.e", "I.w", "S.se", "M.se"] {
        put_settlement(&mut g, 0, c);
    }
    give(&mut g, 0, "10 grain 15 ore");
    for c in ["A.nw", "C.e", "I.w", "S.se"] {
        ok(&mut g, 0, &format!("city {c}"));
    }
    assert_eq!(g.table.pieces.stock(0).cities, 0);
    assert_eq!(g.table.pieces.stock(0).settlements, 4);
    says(refused(&mut g, 0, "city M.se"), "no cities left");
    assert!(!g.legal(0).iter().any(|c| matches!(c, Command::City(_))));
    assert_eq!(g.table.pieces.building_vp(0), 9);
}

#[test]
fn a_seat_has_fifteen_roads() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.nw");
    for _ in 0..14 {
        let e = g.road_spots(0).next().unwrap();
        g.table.pieces.place_route(0, e, RouteKind::Road);
    }
    give(&mut g, 0, "2 lumber 2 brick");
    let e = g.road_spots(0).next().unwrap();
    let next = g.table.map.edge_name(e);
    ok(&mut g, 0, &format!("road {next}"));
    assert_eq!(g.table.pieces.stock(0).roads, 0);
    assert_eq!(g.table.pieces.routes_of(0).len(), 15);
    // A free edge next to the network, refused only for want of roads.
    let topo = &g.table.map.topology;
    let free = g
        .table
        .pieces
        .routes_of(0)
        .iter()
        .flat_map(|e| topo.edge_corners(*e))
        .flat_map(|c| topo.corner_edges(c).into_iter().flatten())
        .find(|e| g.table.pieces.route(*e).is_none() && g.table.map.edge_is_road_spot(*e))
        .unwrap();
    let name = g.table.map.edge_name(free);
    says(refused(&mut g, 0, &format!("road {name}")), "no roads left");
    assert!(!g.legal(0).iter().any(|c| matches!(c, Command::Road(_))));
}

#[test]
fn settlements_keep_the_distance_rule_and_need_your_road() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.nw");
    put_roads(&mut g, 0, &["E.n", "E.ne"]);
    put_settlement(&mut g, 1, "H.se");
    put_roads(&mut g, 1, &["M.ne", "K.s"]);
    give(&mut g, 0, "3 lumber 3 brick 3 wool 3 grain");
    says(refused(&mut g, 0, "settle E.ne"), "distance rule");
    says(refused(&mut g, 0, "settle C.e"), "not connected");
    says(refused(&mut g, 0, "settle K.se"), "not connected"); // seat 1's road, not ours
    ok(&mut g, 0, "settle E.e");
}

#[test]
fn roads_must_connect_and_cannot_pass_an_opponents_settlement() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.nw");
    put_roads(&mut g, 0, &["E.n"]);
    put_settlement(&mut g, 1, "E.ne");
    give(&mut g, 0, "3 lumber 3 brick");
    says(refused(&mut g, 0, "road E.ne"), "not connected");
    says(refused(&mut g, 0, "road A.se"), "not connected");
    says(refused(&mut g, 0, "road H.s"), "not connected");
    says(refused(&mut g, 0, "road E.n"), "already has a road");
    ok(&mut g, 0, "road E.nw"); // from the settlement
    ok(&mut g, 0, "road B.s"); // from the road just built
    // Seat 1 may not run a road on through seat 0's settlement either.
    put_settlement(&mut g, 0, "K.e");
    put_roads(&mut g, 1, &["K.ne"]);
    turn_of(&mut g, 1, Phase::Main);
    give(&mut g, 1, "1 lumber 1 brick");
    says(refused(&mut g, 1, "road K.se"), "not connected");
}

#[test]
fn a_city_replaces_only_your_own_settlement() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.nw");
    put_settlement(&mut g, 1, "K.e");
    give(&mut g, 0, "4 grain 6 ore");
    says(refused(&mut g, 0, "city K.e"), "not yours");
    says(refused(&mut g, 0, "city C.e"), "has none");
    ok(&mut g, 0, "city E.nw");
    says(refused(&mut g, 0, "city E.nw"), "already a city");
}

#[test]
fn building_waits_for_the_roll_and_your_turn() {
    let mut g = playing(2);
    put_settlement(&mut g, 0, "E.nw");
    give(&mut g, 0, "1 lumber 1 brick");
    give(&mut g, 1, "1 lumber 1 brick");
    says(refused(&mut g, 0, "road E.n"), "roll the dice first");
    g.phase = Phase::Main;
    put_settlement(&mut g, 1, "K.e");
    says(refused(&mut g, 1, "road K.ne"), "not your turn");
}

// ---- development cards ---------------------------------------------------------------------

#[test]
fn the_deck_has_25_cards_14_5_2_2_2_shuffled_by_the_seed() {
    let count = |g: &BaseGame, c: DevCard| g.table.deck.iter().filter(|d| **d == c).count();
    let g = new_game(config(4));
    assert_eq!(g.table.deck.len(), 25);
    assert_eq!(count(&g, DevCard::Knight), 14);
    assert_eq!(count(&g, DevCard::VictoryPoint), 5);
    assert_eq!(count(&g, DevCard::RoadBuilding), 2);
    assert_eq!(count(&g, DevCard::YearOfPlenty), 2);
    assert_eq!(count(&g, DevCard::Monopoly), 2);
    let other = new_game(BaseConfig {
        seed: 8,
        ..config(4)
    });
    assert_ne!(g.table.deck, other.table.deck, "shuffled");
}

#[test]
fn an_empty_deck_refuses_a_purchase() {
    let mut g = main_phase(2);
    give(&mut g, 0, "1 wool 1 grain 1 ore");
    g.table.deck.clear();
    says(refused(&mut g, 0, "buy dev"), "deck is empty");
    assert!(!g.legal(0).contains(&Command::BuyDev));
}

#[test]
fn buying_draws_the_top_card() {
    let mut g = main_phase(2);
    give(&mut g, 0, "2 wool 2 grain 2 ore");
    g.table.deck = vec![DevCard::Knight, DevCard::Monopoly];
    let ev = ok(&mut g, 0, "buy dev");
    assert!(has(&ev, |e| *e
        == Event::Dev(DevEvent::Bought {
            seat: 0,
            card: DevCard::Monopoly
        })));
    assert_eq!(g.table.deck, vec![DevCard::Knight]);
}

/// Rolls (not a 7) and ends the turn of the current seat.
fn pass_turn(g: &mut BaseGame) {
    let s = g.current;
    next_roll(g, 12);
    ok(g, s, "roll");
    ok(g, s, "end");
}

#[test]
fn a_card_bought_this_turn_is_played_from_the_next_turn() {
    let mut g = main_phase(2);
    give(&mut g, 0, "1 wool 1 grain 1 ore");
    g.table.deck = vec![DevCard::Knight];
    ok(&mut g, 0, "buy dev");
    says(refused(&mut g, 0, "play knight"), "next turn");
    assert!(!g.legal(0).contains(&Command::PlayKnight));
    assert!(!g.view(Some(0)).you.unwrap().dev_cards[0].playable);
    ok(&mut g, 0, "end");
    pass_turn(&mut g);
    assert_eq!(g.current, 0);
    assert!(g.legal(0).contains(&Command::PlayKnight));
    ok(&mut g, 0, "play knight");
}

#[test]
fn victory_point_cards_count_at_once_and_stay_hidden() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "K.e");
    give(&mut g, 0, "1 wool 1 grain 1 ore");
    g.table.deck = vec![DevCard::VictoryPoint];
    ok(&mut g, 0, "buy dev");
    assert_eq!(g.total_vp(0), 2, "counts the turn it is bought");
    assert_eq!(g.public_vp(0), 1);
    let theirs = g.view(Some(1));
    assert_eq!(theirs.players[0].vp, 1, "others do not see it");
    assert_eq!(theirs.players[0].dev_cards, 1);
    assert!(
        !serde_json::to_string(&theirs)
            .unwrap()
            .contains("VictoryPoint")
    );
    assert_eq!(g.view(Some(0)).you.unwrap().vp_total, 2);
    says(
        g.parse(0, "play vp").unwrap_err().0,
        "victory point cards are never played",
    );
}

#[test]
fn one_development_card_per_turn() {
    let mut g = main_phase(2);
    give_dev(&mut g, 0, DevCard::Monopoly, 0);
    give_dev(&mut g, 0, DevCard::Knight, 0);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 0);
    ok(&mut g, 0, "play monopoly wool");
    says(refused(&mut g, 0, "play knight"), "already played");
    says(refused(&mut g, 0, "play plenty 2 ore"), "already played");
    assert!(!g.legal(0).iter().any(|c| matches!(
        c,
        Command::PlayKnight | Command::PlayYearOfPlenty(_) | Command::PlayMonopoly(_)
    )));
    ok(&mut g, 0, "end");
    pass_turn(&mut g);
    ok(&mut g, 0, "play knight");
}

#[test]
fn a_knight_may_be_played_before_the_roll() {
    let mut g = playing(2);
    give_dev(&mut g, 0, DevCard::Knight, 0);
    put_settlement(&mut g, 1, "K.e");
    give(&mut g, 1, "1 ore");
    ok(&mut g, 0, "play knight");
    assert_eq!(
        g.phase,
        Phase::Robber {
            resume: Resume::Roll
        }
    );
    ok(&mut g, 0, "robber K steal 2");
    assert_eq!(g.table.hands[0], rs("1 ore"));
    assert_eq!(g.phase, Phase::Roll, "the roll still comes");
    assert_eq!(g.table.dev[0].knights_played, 1);
    next_roll(&mut g, 6);
    ok(&mut g, 0, "roll");
}

#[test]
fn a_knight_after_the_roll_moves_the_robber_and_play_goes_on() {
    let mut g = main_phase(2);
    give_dev(&mut g, 0, DevCard::Knight, 0);
    ok(&mut g, 0, "play knight");
    says(refused(&mut g, 0, "end"), "move the robber first");
    ok(&mut g, 0, "robber E");
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn progress_cards_may_be_played_before_the_roll() {
    let mut g = playing(2);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 0);
    ok(&mut g, 0, "play plenty 2 wool");
    assert_eq!(g.phase, Phase::Roll);
    let mut g = playing(2);
    give_dev(&mut g, 0, DevCard::Monopoly, 0);
    give(&mut g, 1, "2 ore");
    ok(&mut g, 0, "play monopoly ore");
    assert_eq!((g.table.hands[0], &g.phase), (rs("2 ore"), &Phase::Roll));
    let mut g = playing(2);
    put_settlement(&mut g, 0, "E.nw");
    give_dev(&mut g, 0, DevCard::RoadBuilding, 0);
    ok(&mut g, 0, "play roads");
    ok(&mut g, 0, "road E.n");
    ok(&mut g, 0, "road E.ne");
    assert_eq!(g.phase, Phase::Roll);
}

#[test]
fn no_development_card_while_discards_or_the_robber_wait() {
    let mut g = playing(2);
    give_dev(&mut g, 0, DevCard::Monopoly, 0);
    set_hand(&mut g, 1, "8 wool");
    next_roll(&mut g, 7);
    ok(&mut g, 0, "roll");
    says(
        refused(&mut g, 0, "play monopoly wool"),
        "before you roll or after",
    );
    ok(&mut g, 1, "discard 4 wool");
    says(
        refused(&mut g, 0, "play monopoly wool"),
        "before you roll or after",
    );
    ok(&mut g, 0, "robber E");
    ok(&mut g, 0, "play monopoly wool");
}

/// A refused card names the most telling reason first: setup (whatever the seat holds), then
/// a card the seat does not hold (no waiting would let it play one), and only then the
/// timing that a card held would have to wait for.
#[test]
fn a_refused_card_says_setup_then_not_held_then_timing() {
    let mut g = new_game(config(2));
    says(
        refused(&mut g, 0, "play knight"),
        "not during setup: place your starting settlement first",
    );
    says(
        refused(&mut g, 1, "play knight"),
        "not during setup: seat 1 is placing their starting pieces now",
    );
    let mut g = playing(2);
    set_hand(&mut g, 1, "8 wool");
    next_roll(&mut g, 7);
    ok(&mut g, 0, "roll");
    assert!(matches!(g.phase, Phase::Discard { .. }));
    says(refused(&mut g, 0, "play knight"), "you have no Knight card");
    says(refused(&mut g, 1, "play knight"), "you have no Knight card");
    give_dev(&mut g, 0, DevCard::Knight, 0);
    says(refused(&mut g, 0, "play knight"), "before you roll or after");
}

#[test]
fn development_cards_are_played_on_your_own_turn_only() {
    let mut g = main_phase(2);
    give_dev(&mut g, 1, DevCard::Knight, 0);
    says(refused(&mut g, 1, "play knight"), "not your turn");
}

#[test]
fn road_building_places_two_free_roads() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.nw");
    give_dev(&mut g, 0, DevCard::RoadBuilding, 0);
    let bank = g.table.bank;
    ok(&mut g, 0, "play roads");
    assert_eq!(
        g.phase,
        Phase::RoadBuilding {
            left: 2,
            resume: Resume::Main
        }
    );
    says(refused(&mut g, 0, "end"), "free roads first");
    says(refused(&mut g, 0, "road H.s"), "not connected");
    ok(&mut g, 0, "road E.n");
    ok(&mut g, 0, "road E.ne");
    assert_eq!(g.phase, Phase::Main);
    assert_eq!(g.table.bank, bank, "the roads were free");
    assert_eq!(g.table.hands[0], ResourceSet::EMPTY);
    assert_eq!(g.table.pieces.stock(0).roads, 13);
}

#[test]
fn road_building_with_one_road_left_places_one() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.nw");
    g.table.pieces.stock_mut(0).roads = 1;
    give_dev(&mut g, 0, DevCard::RoadBuilding, 0);
    ok(&mut g, 0, "play roads");
    ok(&mut g, 0, "road E.n");
    assert_eq!(g.phase, Phase::Main);
    // With none left it cannot be played at all.
    turn_of(&mut g, 0, Phase::Main);
    give_dev(&mut g, 0, DevCard::RoadBuilding, 0);
    says(
        refused(&mut g, 0, "play roads"),
        "nowhere you could place a road",
    );
}

#[test]
fn year_of_plenty_takes_two_cards_the_bank_has() {
    let mut g = main_phase(2);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 0);
    give(&mut g, 1, "18 ore");
    says(
        refused(&mut g, 0, "play plenty 2 ore"),
        "bank does not have",
    );
    says(refused(&mut g, 0, "play plenty 1 wool"), "exactly two");
    says(refused(&mut g, 0, "play plenty 3 wool"), "exactly two");
    assert!(!g.legal(0).contains(&Command::PlayYearOfPlenty(rs("2 ore"))));
    assert!(
        g.legal(0)
            .contains(&Command::PlayYearOfPlenty(rs("2 wool")))
    );
    ok(&mut g, 0, "play plenty 1 ore 1 grain");
    assert_eq!(g.table.hands[0], rs("1 grain 1 ore"));
    assert_eq!(g.table.bank[Resource::Ore], 0);
    assert!(g.table.dev[0].cards.is_empty());
}

#[test]
fn monopoly_takes_every_card_of_one_resource() {
    let mut g = main_phase(4);
    give_dev(&mut g, 0, DevCard::Monopoly, 0);
    set_hand(&mut g, 0, "1 wool");
    set_hand(&mut g, 1, "3 wool 1 ore");
    set_hand(&mut g, 2, "2 wool");
    let ev = ok(&mut g, 0, "play monopoly wool");
    assert_eq!(g.table.hands[0], rs("6 wool"));
    assert_eq!(g.table.hands[1], rs("1 ore"));
    assert_eq!(g.table.hands[2], ResourceSet::EMPTY);
    assert!(has(&ev, |e| *e
        == Event::Dev(DevEvent::PlayedMonopoly {
            seat: 0,
            resource: Resource::Wool,
            took: vec![(1, 3), (2, 2)]
        })));
}

// ---- largest army and longest road ---------------------------------------------------------

#[test]
fn largest_army_goes_to_the_first_with_three_knights_and_moves_only_for_more() {
    let mut g = main_phase(3);
    g.table.dev[0].knights_played = 2;
    g.table.dev[1].knights_played = 2;
    give_dev(&mut g, 0, DevCard::Knight, 0);
    let ev = ok(&mut g, 0, "play knight");
    assert!(has(&ev, |e| *e
        == Event::Award(AwardEvent::LargestArmy {
            holder: 0,
            knights: 3
        })));
    assert_eq!(g.table.largest, Some(0));
    assert_eq!(g.public_vp(0), 2);
    ok(&mut g, 0, "robber E");
    // Seat 1 draws level: the holder keeps it.
    turn_of(&mut g, 1, Phase::Main);
    give_dev(&mut g, 1, DevCard::Knight, 0);
    let ev = ok(&mut g, 1, "play knight");
    assert!(!has(&ev, |e| matches!(
        e,
        Event::Award(AwardEvent::LargestArmy { .. })
    )));
    assert_eq!(g.table.largest, Some(0));
    ok(&mut g, 1, "robber J");
    // Seat 1 pulls ahead: it moves.
    turn_of(&mut g, 1, Phase::Main);
    give_dev(&mut g, 1, DevCard::Knight, 0);
    ok(&mut g, 1, "play knight");
    assert_eq!(g.table.largest, Some(1));
    assert_eq!((g.public_vp(0), g.public_vp(1)), (0, 2));
}

#[test]
fn largest_army_needs_three_knights() {
    let mut g = main_phase(2);
    g.table.dev[0].knights_played = 1;
    give_dev(&mut g, 0, DevCard::Knight, 0);
    ok(&mut g, 0, "play knight");
    assert_eq!(g.table.largest, None);
}

#[test]
fn largest_army_can_win_before_the_robber_moves() {
    let mut g = main_phase(2);
    for c in ["A.nw", "C.e", "I.w", "S.se"] {
        put_city(&mut g, 0, c);
    }
    g.table.dev[0].knights_played = 2;
    give_dev(&mut g, 0, DevCard::Knight, 0);
    let ev = ok(&mut g, 0, "play knight");
    assert!(has(&ev, |e| matches!(
        e,
        Event::Won {
            seat: 0,
            vp: 10,
            ..
        }
    )));
    assert_eq!(g.phase, Phase::Over { winner: 0 });
}

/// Five of seat 0's roads around E, from E.w to E.sw, and a settlement at E.w.
const AROUND_E: [&str; 5] = ["E.nw", "E.n", "E.ne", "E.se", "E.s"];

#[test]
fn longest_road_needs_five_segments() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.w");
    put_roads(&mut g, 0, &AROUND_E[..4]);
    assert_eq!((g.table.road_len[0], g.table.longest), (4, None));
    give(&mut g, 0, "1 lumber 1 brick");
    let ev = ok(&mut g, 0, "road E.s");
    assert!(has(&ev, |e| *e
        == Event::Award(AwardEvent::LongestRoad {
            holder: Some(0),
            length: 5
        })));
    assert_eq!(g.table.longest, Some(0));
    assert_eq!(g.public_vp(0), 3);
    assert_eq!(g.view(None).players[0].road_length, 5);
}

#[test]
fn longest_road_does_not_count_forks() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.w");
    // E.nw, E.n, E.ne, E.se is a line of 4; A.se and C.n branch off at E.ne's corner.
    put_roads(&mut g, 0, &["E.nw", "E.n", "E.ne", "E.se", "A.se"]);
    give(&mut g, 0, "1 lumber 1 brick");
    ok(&mut g, 0, "road C.n");
    assert_eq!(g.table.pieces.routes_of(0).len(), 6);
    assert_eq!(g.table.road_len[0], 4);
    assert_eq!(g.table.longest, None);
}

#[test]
fn longest_road_counts_a_ring_of_six_and_a_tail_through_it() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.w");
    put_roads(&mut g, 0, &["E.nw", "E.n", "E.ne", "E.se", "E.s"]);
    give(&mut g, 0, "2 lumber 2 brick");
    ok(&mut g, 0, "road E.sw");
    assert_eq!(g.table.road_len[0], 6, "a closed ring of six");
    ok(&mut g, 0, "road A.se");
    assert_eq!(g.table.road_len[0], 7, "the tail, then all round the ring");
}

#[test]
fn longest_road_runs_through_your_own_settlement() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.ne");
    put_roads(&mut g, 0, &AROUND_E);
    assert_eq!(g.table.road_len[0], 5);
    assert_eq!(g.table.longest, Some(0));
}

#[test]
fn an_opponents_settlement_breaks_a_longest_road() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.w");
    put_roads(&mut g, 0, &AROUND_E);
    assert_eq!(g.table.longest, Some(0));
    // Seat 1 builds on E.ne, between seat 0's second and third roads.
    turn_of(&mut g, 1, Phase::Main);
    put_settlement(&mut g, 1, "C.e");
    put_roads(&mut g, 1, &["C.n", "A.se"]);
    give(&mut g, 1, "1 lumber 1 brick 1 wool 1 grain");
    let ev = ok(&mut g, 1, "settle E.ne");
    assert_eq!(g.table.road_len[0], 3);
    assert!(has(&ev, |e| *e
        == Event::Award(AwardEvent::LongestRoad {
            holder: None,
            length: 0
        })));
    assert_eq!(g.table.longest, None);
    assert_eq!(g.public_vp(0), 1);
}

#[test]
fn a_tie_keeps_longest_road_with_its_holder() {
    let mut g = main_phase(2);
    put_settlement(&mut g, 0, "E.w");
    put_roads(&mut g, 0, &AROUND_E);
    turn_of(&mut g, 1, Phase::Main);
    put_settlement(&mut g, 1, "M.w");
    put_roads(&mut g, 1, &["M.nw", "M.n", "M.ne", "M.se"]);
    give(&mut g, 1, "2 lumber 2 brick");
    ok(&mut g, 1, "road M.s");
    assert_eq!(g.table.road_len, vec![5, 5]);
    assert_eq!(g.table.longest, Some(0), "a tie does not take it");
    let ev = ok(&mut g, 1, "road M.sw");
    assert_eq!(g.table.longest, Some(1), "a longer road does");
    assert!(has(&ev, |e| *e
        == Event::Award(AwardEvent::LongestRoad {
            holder: Some(1),
            length: 6
        })));
}

/// Seat 0 holds Longest Road with 6 around E; seats 1 and 2 have 5 each around M and Q;
/// seat 3 has a road to E.e, in the middle of seat 0's road.
fn road_race() -> BaseGame {
    let mut g = main_phase(4);
    put_settlement(&mut g, 0, "E.w");
    put_roads(&mut g, 0, &["E.nw", "E.n", "E.ne", "E.se", "E.s", "J.nw"]);
    assert_eq!(g.table.longest, Some(0));
    put_settlement(&mut g, 1, "M.w");
    put_roads(&mut g, 1, &["M.nw", "M.n", "M.ne", "M.se", "M.s"]);
    put_settlement(&mut g, 2, "Q.w");
    put_roads(&mut g, 2, &["Q.nw", "Q.n", "Q.ne", "Q.se", "Q.s"]);
    put_settlement(&mut g, 3, "C.e");
    put_roads(&mut g, 3, &["C.se", "C.s"]);
    assert_eq!(g.table.road_len, vec![6, 5, 5, 2]);
    assert_eq!(g.table.longest, Some(0));
    turn_of(&mut g, 3, Phase::Main);
    give(&mut g, 3, "1 lumber 1 brick 1 wool 1 grain");
    g
}

#[test]
fn a_break_that_leaves_others_tied_gives_longest_road_to_nobody() {
    let mut g = road_race();
    let ev = ok(&mut g, 3, "settle E.e");
    assert_eq!(g.table.road_len, vec![3, 5, 5, 2]);
    assert_eq!(g.table.longest, None);
    assert!(has(&ev, |e| *e
        == Event::Award(AwardEvent::LongestRoad {
            holder: None,
            length: 0
        })));
}

#[test]
fn a_break_that_leaves_one_longest_road_passes_it_on() {
    let mut g = road_race();
    // Without the tie: seat 3's road around Q is one shorter.
    g.table.pieces.remove_route(edge(&g, "Q.s"));
    g.update_longest_road(&mut Vec::new());
    assert_eq!(g.table.longest, Some(0));
    ok(&mut g, 3, "settle E.e");
    assert_eq!(g.table.longest, Some(1));
}

// ---- trade ---------------------------------------------------------------------------------

#[test]
fn only_the_current_player_trades_with_the_others() {
    let mut g = main_phase(3);
    give(&mut g, 0, "1 ore");
    give(&mut g, 1, "1 wool");
    give(&mut g, 2, "1 ore");
    says(
        refused(&mut g, 1, "offer 1 wool for 1 ore to 3"),
        "only trade with the player whose turn it is",
    );
    let ev = ok(&mut g, 1, "offer 1 wool for 1 ore");
    assert!(has(&ev, |e| matches!(
        e,
        Event::Trade(TradeEvent::Offered {
            id: 1,
            from: 1,
            to: Some(0),
            ..
        })
    )));
    says(refused(&mut g, 2, "accept 1"), "not addressed to you");
    says(refused(&mut g, 2, "decline 1"), "not addressed to you");
    ok(&mut g, 0, "accept 1");
    assert_eq!(g.table.hands[0], rs("1 wool"));
    assert_eq!(g.table.hands[1], rs("1 ore"));
    assert!(g.table.offers.is_empty());
}

#[test]
fn an_open_offer_goes_to_the_first_who_accepts() {
    let mut g = main_phase(3);
    give(&mut g, 0, "1 brick");
    give(&mut g, 1, "1 ore");
    give(&mut g, 2, "1 ore");
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    assert_eq!(g.actors(), vec![0, 1, 2]);
    let ev = ok(&mut g, 2, "accept 1");
    assert!(has(&ev, |e| matches!(
        e,
        Event::Trade(TradeEvent::Traded {
            id: 1,
            from: 0,
            with: 2,
            ..
        })
    )));
    says(refused(&mut g, 1, "accept 1"), "no open offer 1");
    assert_eq!(g.table.hands[0], rs("1 ore"));
    assert_eq!(g.table.hands[2], rs("1 brick"));
    assert_eq!(g.table.hands[1], rs("1 ore"));
}

/// An offer invites answers but the game goes on without them: the seats it is made to are
/// actors, and the game still waits for the current player alone; in a discard, for the
/// seats that owe one.
#[test]
fn the_game_waits_for_the_current_player_not_for_the_seats_an_offer_invites() {
    let mut g = main_phase(3);
    give(&mut g, 0, "1 brick");
    give(&mut g, 1, "1 ore");
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    assert_eq!(g.actors(), vec![0, 1, 2]);
    let waited: Vec<Seat> = (0..3).filter(|s| g.waits_for(*s)).collect();
    assert_eq!(waited, vec![0]);
    g.phase = Phase::Discard {
        owed: vec![(2, 4)],
    };
    let waited: Vec<Seat> = (0..3).filter(|s| g.waits_for(*s)).collect();
    assert_eq!(waited, vec![2], "a discard waits for who owes it, not the current player");
    g.phase = Phase::Over { winner: 0 };
    assert!((0..3).all(|s| !g.waits_for(s)), "nobody once the game is over");
}

#[test]
fn a_directed_offer_is_for_its_addressee_only() {
    let mut g = main_phase(3);
    give(&mut g, 0, "1 brick");
    give(&mut g, 1, "1 ore");
    give(&mut g, 2, "1 ore");
    ok(&mut g, 0, "offer 1 brick for 1 ore to 3");
    assert_eq!(g.actors(), vec![0, 2]);
    says(refused(&mut g, 1, "accept 1"), "not addressed to you");
    ok(&mut g, 2, "accept 1");
    says(
        refused(&mut g, 0, "offer 1 ore for 1 wool to 1"),
        "yourself",
    );
}

#[test]
fn accepting_needs_the_cards_on_both_sides() {
    let mut g = main_phase(3);
    give(&mut g, 0, "1 brick");
    says(refused(&mut g, 0, "offer 2 brick for 1 ore"), "do not have");
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    says(refused(&mut g, 1, "accept 1"), "you do not have 1 ore");
    give(&mut g, 1, "1 ore");
    // The maker spends the brick meanwhile.
    set_hand(&mut g, 0, "nothing");
    says(refused(&mut g, 1, "accept 1"), "no longer has");
}

#[test]
fn a_counter_offer_declines_and_proposes_back() {
    let mut g = main_phase(3);
    give(&mut g, 0, "3 brick");
    give(&mut g, 1, "2 ore");
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    let ev = ok(&mut g, 1, "counter 1 1 ore for 2 brick");
    assert!(has(&ev, |e| *e
        == Event::Trade(TradeEvent::Declined { id: 1, seat: 1 })));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Trade(TradeEvent::Offered {
            id: 2,
            from: 1,
            to: Some(0),
            ..
        })
    )));
    assert_eq!(g.table.offers.len(), 2, "offer 1 stays open for seat 3");
    says(refused(&mut g, 2, "accept 2"), "not addressed to you");
    says(refused(&mut g, 1, "accept 1"), "declined");
    ok(&mut g, 0, "accept 2");
    assert_eq!(g.table.hands[0], rs("1 brick 1 ore"));
    assert_eq!(g.table.hands[1], rs("2 brick 1 ore"));
    // The current player may counter an offer made to it.
    ok(&mut g, 1, "offer 1 ore for 1 brick");
    ok(&mut g, 0, "counter 3 1 brick for 1 ore");
    let mine = g
        .table
        .offers
        .iter()
        .find(|o| o.from == 0 && o.id == 4)
        .unwrap();
    assert_eq!(mine.to, Some(1));
    assert!(
        !g.table.offers.iter().any(|o| o.id == 3),
        "seat 2's offer closed"
    );
}

#[test]
fn an_offer_closes_when_everyone_has_declined() {
    let mut g = main_phase(4);
    give(&mut g, 0, "1 brick");
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    ok(&mut g, 1, "decline 1");
    ok(&mut g, 3, "decline 1");
    assert_eq!(g.table.offers.len(), 1);
    assert_eq!(g.actors(), vec![0, 2]);
    let ev = ok(&mut g, 2, "decline 1");
    assert!(has(&ev, |e| *e
        == Event::Trade(TradeEvent::OfferClosed { id: 1, from: 0 })));
    assert!(g.table.offers.is_empty());
    says(refused(&mut g, 1, "decline 1"), "no open offer 1");
}

#[test]
fn only_the_maker_cancels_an_offer() {
    let mut g = main_phase(3);
    give(&mut g, 0, "1 brick");
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    says(refused(&mut g, 1, "cancel 1"), "not yours");
    let ev = ok(&mut g, 0, "cancel 1");
    assert!(has(&ev, |e| *e
        == Event::Trade(TradeEvent::OfferClosed { id: 1, from: 0 })));
    assert!(g.table.offers.is_empty());
}

#[test]
fn a_trade_is_no_gift_and_no_swap_of_a_resource_for_itself() {
    let mut g = main_phase(3);
    give(&mut g, 0, "2 brick");
    give(&mut g, 1, "2 ore");
    let gift = Command::Trade(TradeCommand::Offer {
        give: rs("1 brick"),
        get: ResourceSet::EMPTY,
        to: None,
    });
    says(refused_cmd(&mut g, 0, &gift), "gifts are not allowed");
    let beg = Command::Trade(TradeCommand::Offer {
        give: ResourceSet::EMPTY,
        get: rs("1 ore"),
        to: None,
    });
    says(refused_cmd(&mut g, 0, &beg), "gifts are not allowed");
    says(
        refused(&mut g, 0, "offer 1 brick for 1 brick 1 ore"),
        "same resource",
    );
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    let counter_gift = Command::Trade(TradeCommand::Counter {
        id: 1,
        give: rs("1 ore"),
        get: ResourceSet::EMPTY,
    });
    says(
        refused_cmd(&mut g, 1, &counter_gift),
        "gifts are not allowed",
    );
}

#[test]
fn open_offers_are_capped_at_three_for_the_current_player_and_one_for_others() {
    let mut g = main_phase(3);
    give(&mut g, 0, "3 brick");
    give(&mut g, 1, "2 ore");
    for r in ["ore", "wool", "grain"] {
        ok(&mut g, 0, &format!("offer 1 brick for 1 {r}"));
    }
    says(
        refused(&mut g, 0, "offer 1 brick for 1 lumber"),
        "open offer",
    );
    assert!(
        !g.legal(0)
            .iter()
            .any(|c| matches!(c, Command::Trade(TradeCommand::Offer { .. })))
    );
    ok(&mut g, 1, "offer 1 ore for 1 wool");
    says(refused(&mut g, 1, "offer 1 ore for 1 grain"), "open offer");
    ok(&mut g, 0, "cancel 1");
    ok(&mut g, 0, "offer 1 brick for 1 lumber");
}

#[test]
fn trading_waits_for_the_roll() {
    let mut g = playing(3);
    give(&mut g, 0, "4 brick");
    give(&mut g, 1, "1 ore");
    says(
        refused(&mut g, 0, "offer 1 brick for 1 ore"),
        "after the roll",
    );
    says(
        refused(&mut g, 1, "offer 1 ore for 1 brick"),
        "after the roll",
    );
    says(
        refused(&mut g, 0, "bank 4 brick for 1 ore"),
        "after the roll",
    );
}

#[test]
fn offers_end_with_the_turn() {
    let mut g = main_phase(3);
    give(&mut g, 0, "1 brick");
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    ok(&mut g, 0, "end");
    assert!(g.table.offers.is_empty());
}

/// A search's fresh deal of what a seat cannot see leaves a proposer the cards its open offer
/// shows: the offer stays one the seat could accept, in every deal (the hidden rest is dealt
/// at random, each hand keeping its size).
#[test]
fn a_fresh_deal_leaves_a_proposer_what_its_offer_shows() {
    let mut g = main_phase(3);
    give(&mut g, 0, "2 ore 1 wool");
    give(&mut g, 1, "1 brick");
    give(&mut g, 2, "1 ore 2 grain");
    ok(&mut g, 0, "offer 2 ore for 1 brick");
    let id = g.offers()[0].id;
    let others = |g: &BaseGame| {
        let mut all = g.table.hands[0];
        all.add(&g.table.hands[2]);
        all
    };
    let mut hands = std::collections::HashSet::new();
    for seed in 0..200 {
        let mut w = g.clone();
        w.redeterminize(1, &mut GameRng::new(seed));
        assert!(
            w.table.hands[0][Resource::Ore] >= 2,
            "seed {seed}: {}",
            w.table.hands[0]
        );
        assert_eq!(w.table.hands[0].total(), 3);
        assert_eq!(w.table.hands[2].total(), 3);
        assert_eq!(others(&w), others(&g));
        assert_eq!(
            w.table.hands[1], g.table.hands[1],
            "seat 1's own hand is its own"
        );
        hands.insert(w.table.hands[0]);
        let accept = Command::Trade(TradeCommand::Accept(id));
        w.apply(1, &accept, 0)
            .unwrap_or_else(|e| panic!("seed {seed}: the offer cannot be taken: {e}"));
    }
    // The card the offer does not show is still dealt at random.
    assert!(hands.len() > 1, "{hands:?}");
    // A second offer is another way to pay from the same hand: of each resource the most one
    // offer shows (2 ore, 1 wool: the whole hand), not the sum.
    ok(&mut g, 0, "offer 1 ore 1 wool for 1 brick");
    for seed in 0..50 {
        let mut w = g.clone();
        w.redeterminize(1, &mut GameRng::new(seed));
        assert_eq!(w.table.hands[0], rs("2 ore 1 wool"), "seed {seed}");
    }
}

/// The beginner board with a 3:1 harbour on A's north side and a 2:1 wool harbour on D's
/// north-west side.
fn harbour_game() -> BaseGame {
    use crate::board::spec::{HarborKind, HarborSpec};
    use crate::geometry::{Hex, Side};
    let mut spec = beginner();
    spec.harbors = vec![
        HarborSpec {
            land: Hex::from_offset(2, 0),
            side: Side::N,
            kind: HarborKind::Generic,
        },
        HarborSpec {
            land: Hex::from_offset(0, 1),
            side: Side::NW,
            kind: HarborKind::Special(Resource::Wool),
        },
    ];
    let mut g = playing_with(BaseConfig {
        board: Some(spec),
        ..config(2)
    });
    g.phase = Phase::Main;
    assert_eq!(g.table.map.hex_name(g.table.map.harbors()[0].land), "A");
    assert_eq!(g.table.map.hex_name(g.table.map.harbors()[1].land), "D");
    g
}

#[test]
fn maritime_trade_is_four_to_one_without_a_harbour() {
    let mut g = harbour_game();
    put_settlement(&mut g, 0, "E.nw");
    give(&mut g, 0, "8 wool");
    says(refused(&mut g, 0, "bank 3 wool for 1 ore"), "lots of 4");
    says(
        refused(&mut g, 0, "bank 4 wool for 1 wool"),
        "same resource",
    );
    ok(&mut g, 0, "bank 4 wool for 1 ore");
    assert_eq!(g.table.hands[0], rs("4 wool 1 ore"));
    assert_eq!(g.table.bank, ResourceSet::new(19, 19, 15, 19, 18));
    says(refused(&mut g, 1, "bank 4 wool for 1 ore"), "not your turn");
}

#[test]
fn harbours_trade_three_to_one_or_two_to_one_in_their_resource() {
    let mut g = harbour_game();
    put_settlement(&mut g, 0, "A.nw");
    give(&mut g, 0, "3 brick 5 wool");
    assert_eq!(g.view(Some(0)).you.unwrap().bank_rates, [3; 5]);
    ok(&mut g, 0, "bank 3 brick for 1 ore");
    says(refused(&mut g, 0, "bank 2 wool for 1 ore"), "lots of 3");
    put_settlement(&mut g, 0, "D.w");
    assert_eq!(g.view(Some(0)).you.unwrap().bank_rates, [3, 3, 2, 3, 3]);
    ok(&mut g, 0, "bank 2 wool for 1 ore");
    assert_eq!(g.table.hands[0], rs("3 wool 2 ore"));
    // The rates are the builder's own: seat 1 still pays 4.
    assert_eq!(g.view(Some(1)).you.unwrap().bank_rates, [4; 5]);
}

#[test]
fn one_bank_lot_per_command() {
    let mut g = harbour_game();
    give(&mut g, 0, "8 wool");
    says(
        refused(&mut g, 0, "bank 8 wool for 2 ore"),
        "one bank trade at a time",
    );
    says(
        refused(&mut g, 0, "bank 8 wool for 1 ore 1 grain"),
        "one bank trade at a time",
    );
    says(refused(&mut g, 0, "bank 4 wool for 2 ore"), "buys 1 card");
    give(&mut g, 1, "19 ore");
    says(refused(&mut g, 0, "bank 4 wool for 1 ore"), "no 1 ore left");
}

#[test]
fn trade_then_build_refuses_trades_after_building() {
    let mut g = playing_with(BaseConfig {
        any_order: false,
        ..config(3)
    });
    g.phase = Phase::Main;
    put_settlement(&mut g, 0, "E.nw");
    give(&mut g, 0, "5 lumber 1 brick 1 ore");
    give(&mut g, 1, "1 ore");
    ok(&mut g, 0, "bank 4 lumber for 1 brick");
    ok(&mut g, 0, "offer 1 ore for 1 wool");
    ok(&mut g, 1, "offer 1 ore for 1 brick");
    ok(&mut g, 0, "road E.n");
    says(
        refused(&mut g, 0, "bank 4 lumber for 1 brick"),
        "trade-then-build",
    );
    says(
        refused(&mut g, 0, "offer 1 ore for 1 grain"),
        "trade-then-build",
    );
    says(
        refused(&mut g, 1, "offer 1 ore for 1 lumber"),
        "trade-then-build",
    );
    assert!(!g.legal(0).iter().any(|c| matches!(
        c,
        Command::Trade(TradeCommand::Bank { .. })
            | Command::Trade(TradeCommand::Offer { .. })
            | Command::Trade(TradeCommand::Accept(_))
    )));
    // Building ended trading: the open offers are closed and nobody waits on them.
    assert!(g.table.offers.is_empty());
    assert_eq!(g.actors(), vec![0]);
    // Building goes on.
    give(&mut g, 0, "1 lumber");
    ok(&mut g, 0, "road E.ne");
}

#[test]
fn trade_and_build_in_any_order_by_default() {
    let mut g = main_phase(3);
    assert!(g.cfg.any_order);
    put_settlement(&mut g, 0, "E.nw");
    give(&mut g, 0, "6 lumber 1 brick 1 ore");
    ok(&mut g, 0, "road E.n");
    ok(&mut g, 0, "bank 4 lumber for 1 brick");
    ok(&mut g, 0, "road E.ne");
    ok(&mut g, 0, "offer 1 ore for 1 wool");
}

#[test]
fn playing_a_card_does_not_end_trading_under_trade_then_build() {
    let mut g = playing_with(BaseConfig {
        any_order: false,
        ..config(2)
    });
    g.phase = Phase::Main;
    put_settlement(&mut g, 0, "E.nw");
    give_dev(&mut g, 0, DevCard::RoadBuilding, 0);
    give(&mut g, 0, "4 wool");
    ok(&mut g, 0, "play roads");
    ok(&mut g, 0, "road E.n");
    ok(&mut g, 0, "road E.ne");
    ok(&mut g, 0, "bank 4 wool for 1 ore");
}

#[test]
fn offers_wait_while_the_robber_moves() {
    let mut g = main_phase(3);
    give(&mut g, 0, "1 brick");
    give(&mut g, 1, "1 ore");
    give_dev(&mut g, 0, DevCard::Knight, 0);
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    ok(&mut g, 0, "play knight");
    assert_eq!(g.actors(), vec![0]);
    says(refused(&mut g, 1, "accept 1"), "cannot trade now");
    says(refused(&mut g, 1, "decline 1"), "cannot trade now");
    says(refused(&mut g, 0, "cancel 1"), "cannot trade now");
    assert!(g.legal(1).is_empty());
    ok(&mut g, 0, "robber E");
    ok(&mut g, 1, "accept 1");
}

// ---- winning -------------------------------------------------------------------------------

#[test]
fn ten_points_on_your_own_turn_win_at_once() {
    let mut g = main_phase(2);
    for c in ["A.nw", "C.e", "I.w", "S.se"] {
        put_city(&mut g, 0, c);
    }
    put_settlement(&mut g, 0, "E.nw");
    put_roads(&mut g, 0, &["M.s"]);
    assert_eq!(g.total_vp(0), 9);
    give(&mut g, 0, "1 lumber 1 brick 1 wool 1 grain");
    let ev = ok(&mut g, 0, "settle M.se");
    assert!(has(&ev, |e| *e
        == Event::Won {
            seat: 0,
            vp: 10,
            vp_cards: 0
        }));
    assert_eq!(g.phase, Phase::Over { winner: 0 });
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    says(refused(&mut g, 0, "end"), "game is over");
    assert!(g.actors().is_empty());
    assert!(g.legal(0).is_empty());
}

#[test]
fn points_reached_on_another_turn_win_at_the_start_of_your_own() {
    // Seat 2 holds Longest Road; seat 1 has 8 points and the next longest road.
    let mut g = road_race();
    for c in ["A.nw", "D.w", "N.sw"] {
        put_city(&mut g, 1, c);
    }
    put_settlement(&mut g, 1, "F.e");
    assert_eq!(g.total_vp(1), 8);
    g.table.pieces.remove_route(edge(&g, "Q.s"));
    g.update_longest_road(&mut Vec::new());
    // Seat 3's settlement cuts seat 0's road: seat 1's is now the longest, on seat 3's turn.
    let ev = ok(&mut g, 3, "settle E.e");
    assert_eq!(g.table.longest, Some(1));
    assert_eq!(g.total_vp(1), 10);
    assert!(!has(&ev, |e| matches!(e, Event::Won { .. })));
    assert_eq!(g.phase, Phase::Main, "not on someone else's turn");
    let ev = ok(&mut g, 3, "end");
    assert!(!has(&ev, |e| matches!(e, Event::Won { .. })));
    assert_eq!((g.current, g.winner()), (0, None), "nor on seat 1's turn");
    next_roll(&mut g, 12);
    ok(&mut g, 0, "roll");
    let ev = ok(&mut g, 0, "end");
    assert_eq!(
        ev,
        vec![
            Event::TurnStarted { seat: 1, turn: 4 },
            Event::Won {
                seat: 1,
                vp: 10,
                vp_cards: 0
            }
        ]
    );
    assert_eq!(g.phase, Phase::Over { winner: 1 });
}

#[test]
fn hidden_victory_point_cards_count_toward_the_win_and_are_revealed() {
    let mut g = main_phase(2);
    for c in ["A.nw", "C.e", "I.w", "S.se"] {
        put_city(&mut g, 0, c);
    }
    give_dev(&mut g, 0, DevCard::VictoryPoint, 0);
    assert_eq!((g.public_vp(0), g.total_vp(0)), (8, 9));
    g.table.deck = vec![DevCard::VictoryPoint];
    give(&mut g, 0, "1 wool 1 grain 1 ore");
    let ev = ok(&mut g, 0, "buy dev");
    let won = ev
        .iter()
        .find(|e| matches!(e, Event::Won { .. }))
        .expect("won");
    assert_eq!(
        *won,
        Event::Won {
            seat: 0,
            vp: 10,
            vp_cards: 2
        }
    );
    let text = g.describe(won, Some(1), &[]).unwrap();
    says(text, "revealing 2 victory point cards");
}

// ---- the turn clock ------------------------------------------------------------------------

#[test]
fn without_turn_ms_there_is_no_deadline() {
    let mut g = new_game(config(2));
    assert_eq!(g.deadline(), None);
    let before = bytes(&g);
    assert!(g.tick(u64::MAX).is_empty());
    assert_eq!(before, bytes(&g));
    let mut g = playing(2);
    assert_eq!(g.deadline(), None);
    assert!(g.tick(u64::MAX).is_empty());
}

fn timed(seats: usize) -> BaseConfig {
    BaseConfig {
        turn_ms: Some(1000),
        ..config(seats)
    }
}

#[test]
fn the_clock_places_setup_pieces_for_a_slow_player() {
    let mut g = new_game(timed(2));
    assert_eq!(g.deadline(), Some(1000));
    assert!(g.tick(999).is_empty());
    let ev = g.tick(1000);
    assert!(has(&ev, |e| matches!(e, Event::TimedOut { seat: 0, .. })));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Table(TableEvent::Settled { seat: 0, .. })
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Table(TableEvent::Roaded { seat: 0, .. })
    )));
    assert_eq!(
        g.phase,
        Phase::Setup {
            step: 1,
            settlement: None
        }
    );
    assert_eq!(g.deadline(), Some(2000), "the next placer gets a full turn");
    // A player who placed the settlement in time gets the road placed.
    let spot = g.legal(1)[0];
    g.apply(1, &spot, 1500).unwrap();
    let ev = g.tick(2000);
    assert!(has(&ev, |e| matches!(
        e,
        Event::Table(TableEvent::Roaded { seat: 1, .. })
    )));
    assert_eq!(g.table.pieces.routes_of(1).len(), 1);
}

#[test]
fn the_clock_rolls_and_ends_an_idle_turn() {
    let mut g = playing_with(timed(2));
    g.turn_deadline = Some(5000);
    next_roll(&mut g, 6);
    assert!(g.tick(4999).is_empty());
    let ev = g.tick(5000);
    assert!(has(&ev, |e| matches!(e, Event::Rolled { seat: 0, .. })));
    assert!(has(&ev, |e| *e == Event::TurnStarted { seat: 1, turn: 2 }));
    assert_eq!((g.current, &g.phase), (1, &Phase::Roll));
    assert_eq!(g.deadline(), Some(6000));
}

#[test]
fn the_clock_ends_a_turn_after_the_roll() {
    let mut g = playing_with(timed(2));
    g.phase = Phase::Main;
    give(&mut g, 0, "1 brick");
    ok(&mut g, 0, "offer 1 brick for 1 ore");
    g.turn_deadline = Some(300);
    let ev = g.tick(300);
    assert!(has(&ev, |e| matches!(e, Event::TimedOut { seat: 0, .. })));
    assert_eq!(g.current, 1);
    assert!(g.table.offers.is_empty());
}

#[test]
fn the_clock_discards_at_random_and_moves_the_robber() {
    let mut g = playing_with(timed(3));
    put_settlement(&mut g, 2, "K.e");
    set_hand(&mut g, 1, "5 wool 5 ore");
    set_hand(&mut g, 2, "9 grain");
    g.turn_deadline = Some(10_000);
    next_roll(&mut g, 7);
    let cmd = g.parse(0, "roll").unwrap();
    g.apply(0, &cmd, 500).unwrap();
    assert_eq!(g.deadline(), Some(1500), "discards get their own time");
    let ev = g.tick(1500);
    assert_eq!(g.table.hands[1].total(), 5);
    assert_eq!(g.table.hands[2].total(), 5);
    assert!(has(&ev, |e| matches!(
        e,
        Event::Table(TableEvent::Discarded { seat: 1, .. })
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Table(TableEvent::Discarded { seat: 2, .. })
    )));
    assert_conserved(&g);
    assert_eq!(
        g.phase,
        Phase::Robber {
            resume: Resume::Main
        }
    );
    assert_eq!(
        g.deadline(),
        Some(11_000),
        "the turn's clock stood still for the second of discards"
    );
    let robber = g.table.robber;
    assert!(g.tick(10_999).is_empty());
    let ev = g.tick(11_000);
    assert!(has(&ev, |e| matches!(
        e,
        Event::Table(TableEvent::RobberMoved { seat: 0, .. })
    )));
    assert_ne!(g.table.robber, robber);
    assert_eq!(g.current, 1, "and the turn ended");
    assert_conserved(&g);
}

#[test]
fn the_turn_clock_stops_while_others_discard() {
    let mut g = playing_with(timed(2));
    g.turn_deadline = Some(1000);
    set_hand(&mut g, 1, "8 wool");
    next_roll(&mut g, 7);
    let roll = g.parse(0, "roll").unwrap();
    g.apply(0, &roll, 900).unwrap();
    let discard = g.parse(1, "discard 4 wool").unwrap();
    g.apply(1, &discard, 1500).unwrap();
    // 100 ms of the turn were left at the 7; they are still left after the discards.
    assert_eq!(g.deadline(), Some(1600));
    assert!(g.tick(1599).is_empty());
    assert_eq!(
        g.phase,
        Phase::Robber {
            resume: Resume::Main
        }
    );
}

#[test]
fn the_clock_finishes_road_building() {
    let mut g = playing_with(timed(2));
    g.phase = Phase::Main;
    put_settlement(&mut g, 0, "E.nw");
    give_dev(&mut g, 0, DevCard::RoadBuilding, 0);
    ok(&mut g, 0, "play roads");
    g.turn_deadline = Some(100);
    g.tick(100);
    assert_eq!(g.current, 1);
    assert_eq!(g.phase, Phase::Roll);
}

// ---- the text language ---------------------------------------------------------------------

#[test]
fn every_legal_command_reads_back_from_its_text() {
    let mut checked = 0;
    for seed in 0..4 {
        let seats = 2 + (seed % 3) as usize;
        let mut g = BaseGame::new(BaseConfig::new(seats, seed)).unwrap();
        let mut rng = GameRng::new(seed);
        let mut step = 0;
        while g.winner().is_none() && step < 20_000 {
            if step % 13 == 0 {
                for s in 0..seats as Seat {
                    for cmd in g.legal(s) {
                        let text = g.format(&cmd);
                        assert_eq!(g.parse(s, &text), Ok(cmd), "`{text}`");
                        checked += 1;
                    }
                }
            }
            random_step(&mut g, &mut rng);
            step += 1;
        }
    }
    assert!(checked > 5_000, "{checked}");
    // The commands legal() does not list read back too.
    let g = main_phase(4);
    for cmd in [
        Command::Trade(TradeCommand::Offer {
            give: rs("2 wool 1 ore"),
            get: rs("1 brick"),
            to: Some(3),
        }),
        Command::Trade(TradeCommand::Counter {
            id: 12,
            give: rs("1 grain"),
            get: rs("2 lumber 1 ore"),
        }),
        Command::Trade(TradeCommand::Bank {
            give: rs("8 wool"),
            get: rs("2 ore"),
        }),
    ] {
        assert_eq!(g.parse(0, &g.format(&cmd)), Ok(cmd));
    }
}

#[test]
fn bad_input_gets_a_helpful_error() {
    let g = main_phase(4);
    let err = |text: &str| g.parse(0, text).unwrap_err().0;
    says(err("fly"), "unknown command `fly`");
    says(err(""), "empty command");
    says(err("settle Z.nw"), "no hex `Z`");
    says(err("settle A.up"), "`up` is not a corner");
    says(err("settle A"), "`A` is not a corner");
    says(err("settle"), "needs a corner");
    says(err("road A.w"), "`w` is not a side");
    says(err("bank 4 gold for 1 ore"), "`gold` is not a resource");
    says(err("bank 4 wool 1 ore"), "GIVE for GET");
    says(err("play monopoly gold"), "`gold` is not a resource");
    says(err("play dragon"), "not a development card");
    says(err("robber E steal 9"), "no seat 9");
    says(err("accept"), "which offer");
    says(err("roll twice"), "unexpected `twice`");
}

// ---- views ---------------------------------------------------------------------------------

#[test]
fn a_seat_sees_its_own_hand_and_cards_and_only_counts_of_the_others() {
    let mut g = main_phase(3);
    give(&mut g, 0, "2 wool");
    give(&mut g, 1, "3 ore 1 brick");
    give_dev(&mut g, 1, DevCard::Monopoly, 0);
    give_dev(&mut g, 1, DevCard::VictoryPoint, 1);
    let v = g.view(Some(1));
    assert_eq!(v.seat, Some(1));
    let you = v.you.unwrap();
    assert_eq!(you.hand, rs("3 ore 1 brick"));
    assert_eq!(
        you.dev_cards.iter().map(|c| c.card).collect::<Vec<_>>(),
        vec![DevCard::Monopoly, DevCard::VictoryPoint]
    );
    assert_eq!(you.vp_total, 1);
    assert_eq!(v.players[0].cards, 2);
    assert_eq!(v.players[1].cards, 4);
    assert_eq!(v.players[1].dev_cards, 2);
}

#[test]
fn a_spectator_sees_no_private_view() {
    let mut g = main_phase(3);
    give(&mut g, 1, "3 ore");
    let v = g.view(None);
    assert_eq!(v.seat, None);
    assert!(v.you.is_none());
    assert_eq!(v.players[1].cards, 3);
}

/// The same game with every other seat's hand and development cards swapped for others of
/// the same size.
fn scramble_secrets_but(g: &BaseGame, keep: Seat) -> BaseGame {
    let mut h = g.clone();
    for s in 0..h.cfg.seats {
        if s as Seat == keep {
            continue;
        }
        let n = h.table.hands[s].total();
        h.table.hands[s] = ResourceSet::EMPTY;
        h.table.hands[s][Resource::ALL[(s + 1) % 5]] = n; // the bank is untouched: only a view
        for c in &mut h.table.dev[s].cards {
            c.card = if c.card == DevCard::Monopoly {
                DevCard::Knight
            } else {
                DevCard::Monopoly
            };
        }
    }
    h
}

#[test]
fn no_view_of_one_seat_carries_another_seats_secrets() {
    for seed in 0..4 {
        let mut g = BaseGame::new(BaseConfig::new(4, seed)).unwrap();
        let mut rng = GameRng::new(seed);
        let mut step = 0;
        while g.winner().is_none() && step < 20_000 {
            if step % 101 == 0 {
                for viewer in 0..4 {
                    let mine = serde_json::to_string(&g.view(Some(viewer))).unwrap();
                    let other = scramble_secrets_but(&g, viewer);
                    assert_eq!(
                        mine,
                        serde_json::to_string(&other.view(Some(viewer))).unwrap(),
                        "seat {viewer}'s view depends on another seat's secrets"
                    );
                }
                let spectator = serde_json::to_string(&g.view(None)).unwrap();
                let other = scramble_secrets_but(&g, crate::engine::Seat::MAX);
                assert_eq!(spectator, serde_json::to_string(&other.view(None)).unwrap());
            }
            random_step(&mut g, &mut rng);
            step += 1;
        }
    }
}

#[test]
fn victory_point_cards_are_hidden_until_the_game_is_over() {
    let mut g = main_phase(2);
    for c in ["A.nw", "C.e", "I.w", "S.se"] {
        put_city(&mut g, 0, c);
    }
    give_dev(&mut g, 1, DevCard::VictoryPoint, 0);
    let public_1 = g.public_vp(1);
    assert_eq!(
        g.view(Some(0)).players[1].vp,
        public_1,
        "hidden while playing"
    );
    g.table.dev[0].knights_played = 2;
    give_dev(&mut g, 0, DevCard::Knight, 0);
    ok(&mut g, 0, "play knight");
    assert_eq!(g.phase, Phase::Over { winner: 0 });
    assert_eq!(
        g.view(Some(0)).players[1].vp,
        public_1 + 1,
        "shown in the final standings"
    );
}

// ---- five and six players: the extension's box and the special build phase ----------------

#[test]
fn five_and_six_seats_play_from_the_extension_box() {
    for seats in [5, 6] {
        let g = new_game(BaseConfig::new(seats, 3));
        assert_eq!(g.table.map.land_hexes().count(), 30, "the large island");
        assert_eq!(g.table.spec.harbors.len(), 11);
        assert_eq!(g.table.bank, ResourceSet::uniform(24));
        assert_eq!(g.table.deck.len(), 34);
        let knights = g
            .table
            .deck
            .iter()
            .filter(|c| **c == DevCard::Knight)
            .count();
        assert_eq!(knights, 20);
        assert!(g.cfg.special_build);
    }
    let g = new_game(BaseConfig::new(4, 3));
    assert_eq!(g.table.map.land_hexes().count(), 19);
    assert_eq!(
        (g.table.bank, g.table.deck.len()),
        (ResourceSet::uniform(19), 25)
    );
    assert!(!g.cfg.special_build);
}

/// Five seats on the beginner board, seat 0 in its main phase; seats 1, 3 and 4 have a
/// settlement and road (seat 2 none).
fn five_seats() -> BaseGame {
    let mut g = main_phase(5);
    put_settlement(&mut g, 1, "E.nw");
    put_roads(&mut g, 1, &["E.n"]);
    put_settlement(&mut g, 3, "H.se");
    put_roads(&mut g, 3, &["M.ne"]);
    put_settlement(&mut g, 4, "K.e");
    put_roads(&mut g, 4, &["K.ne"]);
    g
}

#[test]
fn after_each_turn_the_others_special_build_in_turn_order() {
    let mut g = five_seats();
    give(&mut g, 1, "1 lumber 1 brick");
    give(&mut g, 2, "1 lumber 1 brick"); // no road or building to build from
    give(&mut g, 3, "1 wool 1 grain 1 ore");
    give(&mut g, 4, "1 lumber");
    let ev = ok(&mut g, 0, "end");
    assert_eq!(ev, vec![Event::SpecialBuild { seat: 1 }]);
    assert_eq!(g.phase, Phase::SpecialBuild { builder: 1 });
    assert_eq!(g.current, 0, "current stays the seat whose turn ended");
    assert_eq!(g.actors(), vec![1]);
    assert_eq!(g.view(None).phase, "special-build");
    assert_eq!(g.view(None).current, Some(1));
    ok(&mut g, 1, "road E.ne");
    // Seat 2 could do nothing, seat 3 can buy a card; seat 4 cannot afford anything.
    let ev = ok(&mut g, 1, "end");
    assert_eq!(ev, vec![Event::SpecialBuild { seat: 3 }]);
    ok(&mut g, 3, "buy dev");
    let ev = ok(&mut g, 3, "pass");
    assert_eq!(ev, vec![Event::TurnStarted { seat: 1, turn: 2 }]);
    assert_eq!((g.current, &g.phase), (1, &Phase::Roll));
}

#[test]
fn the_special_build_allows_building_and_buying_only() {
    let mut g = five_seats();
    give(&mut g, 0, "1 wool 1 ore");
    give(&mut g, 2, "1 ore");
    give(&mut g, 1, "2 lumber 2 brick 1 wool 3 grain 3 ore");
    give_dev(&mut g, 1, DevCard::Knight, 0);
    give_dev(&mut g, 1, DevCard::Monopoly, 0);
    ok(&mut g, 0, "offer 1 wool for 1 ore");
    let ev = ok(&mut g, 0, "end");
    assert!(
        has(&ev, |e| matches!(
            e,
            Event::Trade(TradeEvent::OfferClosed { .. })
        )),
        "the turn's offers close"
    );
    assert!(g.table.offers.is_empty());
    assert_eq!(g.phase, Phase::SpecialBuild { builder: 1 });
    says(
        refused(&mut g, 1, "roll"),
        "no dice in the special build phase",
    );
    says(refused(&mut g, 1, "roll"), "seat 2 rolls");
    says(
        refused(&mut g, 1, "bank 4 lumber for 1 ore"),
        "no trading in the special build",
    );
    says(
        refused(&mut g, 1, "offer 1 lumber for 1 ore"),
        "no trading in the special build",
    );
    says(
        refused(&mut g, 2, "offer 1 ore for 1 lumber"),
        "no trading in the special build",
    );
    says(
        refused(&mut g, 1, "play knight"),
        "cannot be played in the special build",
    );
    says(
        refused(&mut g, 1, "play monopoly ore"),
        "cannot be played in the special build",
    );
    says(
        refused(&mut g, 1, &format!("robber {}", "A")),
        "only after a 7 or a Knight",
    );
    says(refused(&mut g, 1, "discard 1 ore"), "nothing to discard");
    // Others, the player whose turn ended included, wait for theirs.
    says(refused(&mut g, 3, "end"), "it is seat 2's special build");
    says(
        refused(&mut g, 0, "buy dev"),
        "it is seat 2's special build",
    );
    says(refused(&mut g, 0, "end"), "it is seat 2's special build");
    // The listing agrees: the builder's end and builds, nothing for anyone else.
    let legal = g.legal(1);
    assert!(legal.contains(&Command::End) && legal.contains(&Command::BuyDev));
    assert!(legal.iter().all(|c| matches!(
        c,
        Command::End | Command::Road(_) | Command::Settle(_) | Command::City(_) | Command::BuyDev
    )));
    assert!(g.legal(0).is_empty() && g.legal(2).is_empty());
    ok(&mut g, 1, "road E.ne");
    ok(&mut g, 1, "settle E.e");
    ok(&mut g, 1, "city E.nw");
    ok(&mut g, 1, "end");
}

#[test]
fn points_reached_in_a_special_build_win_at_the_start_of_ones_turn() {
    let mut g = five_seats();
    for c in ["A.nw", "D.w", "N.sw"] {
        put_city(&mut g, 1, c);
    }
    assert_eq!(g.total_vp(1), 7);
    give_dev(&mut g, 1, DevCard::VictoryPoint, 0);
    give_dev(&mut g, 1, DevCard::VictoryPoint, 0);
    give(&mut g, 1, "2 grain 3 ore");
    ok(&mut g, 0, "end");
    let ev = ok(&mut g, 1, "city E.nw");
    assert_eq!(g.total_vp(1), 10);
    assert!(!has(&ev, |e| matches!(e, Event::Won { .. })));
    assert_eq!(g.phase, Phase::SpecialBuild { builder: 1 });
    let ev = ok(&mut g, 1, "end");
    assert_eq!(
        ev,
        vec![
            Event::TurnStarted { seat: 1, turn: 2 },
            Event::Won {
                seat: 1,
                vp: 10,
                vp_cards: 2
            }
        ]
    );
}

#[test]
fn a_card_bought_in_a_special_build_is_played_in_ones_next_turn() {
    let mut g = five_seats();
    give(&mut g, 1, "1 wool 1 grain 1 ore");
    g.table.deck.push(DevCard::Knight);
    ok(&mut g, 0, "end");
    ok(&mut g, 1, "buy dev");
    ok(&mut g, 1, "end");
    assert_eq!(g.current, 1);
    assert!(g.legal(1).contains(&Command::PlayKnight));
    ok(&mut g, 1, "play knight");
}

#[test]
fn the_clock_times_each_special_build() {
    let mut g = playing_with(timed(5));
    put_settlement(&mut g, 2, "E.nw");
    put_roads(&mut g, 2, &["E.n"]);
    give(&mut g, 2, "1 lumber 1 brick");
    g.phase = Phase::Main;
    let ev = g.apply(0, &Command::End, 100).unwrap();
    assert_eq!(ev, vec![Event::SpecialBuild { seat: 2 }]);
    assert_eq!(g.deadline(), Some(1100));
    assert!(g.tick(1099).is_empty());
    let ev = g.tick(1100);
    assert!(has(&ev, |e| matches!(e, Event::TimedOut { seat: 2, .. })));
    assert!(has(&ev, |e| *e == Event::TurnStarted { seat: 1, turn: 2 }));
    assert_eq!(g.deadline(), Some(2100));
}

#[test]
fn without_five_seats_a_turn_ends_straight_into_the_next() {
    let mut g = main_phase(4);
    put_settlement(&mut g, 1, "E.nw");
    put_roads(&mut g, 1, &["E.n"]);
    give(&mut g, 1, "1 lumber 1 brick");
    let ev = ok(&mut g, 0, "end");
    assert_eq!(ev, vec![Event::TurnStarted { seat: 1, turn: 2 }]);
}

#[test]
fn random_five_and_six_seat_games_finish() {
    for seed in 0..10 {
        let seats = 5 + (seed % 2) as usize;
        let (g, steps) = random_game(seed, seats, 400_000);
        assert!(
            g.winner().is_some(),
            "seed {seed} with {seats} seats unfinished after {steps} steps"
        );
    }
}


/// The lobby, the replay and the summary show these rows to players.
#[test]
fn settings_text_reads_as_players_know_it() {
    let base = BaseSettings::default();
    assert_eq!(
        settings_rows::<BaseGame>(&base, 4),
        rows_of(&[
            ("variant", "base"),
            ("board", "random fair board"),
            ("victory points", "10"),
            ("turn timer", "off"),
            ("three-VP robber rule", "off"),
            ("trade and build", "in any order"),
        ])
    );
    let timed = BaseSettings {
        vp_target: 12,
        three_vp_robber: true,
        any_order: false,
        turn_ms: Some(90_500),
        ..base
    };
    assert_eq!(
        settings_rows::<BaseGame>(&timed, 3),
        rows_of(&[
            ("variant", "base"),
            ("board", "random fair board"),
            ("victory points", "12"),
            ("turn timer", "90 s"),
            ("three-VP robber rule", "on"),
            ("trade and build", "trade first, then build"),
        ])
    );
}

/// The shared command words are read in one place (`rules::commands`), yet this ruleset
/// still refuses a mistyped one in its own words: its board's names in the examples, its own
/// cards, its own Monopoly.
#[test]
fn the_shared_words_are_refused_in_its_own_words() {
    let game = BaseGame::create(&BaseSettings::default(), 4, 1).expect("a game");
    crate::rules::commands::testing::refuses_as(
        &game,
        &[
            ("", "empty command; `help` lists them"),
            ("fly", "unknown command `fly`; `help` lists the commands"),
            ("Settle", "`Settle` needs a corner, e.g. C.nw"),
            ("road", "`road` needs an edge, e.g. C.n"),
            ("city", "`city` needs a corner, e.g. C.nw"),
            ("buy", "buy what? `buy dev` buys a development card"),
            ("buy dev now", "unexpected `now` after the command"),
            ("play", "`play` needs a card: knight, roads, plenty or monopoly"),
            ("play dragon", "`dragon` is not a development card"),
            ("play vp", "victory point cards are never played: they count for you, and show when you win"),
            ("play monopoly", "`play` needs a resource, e.g. `play monopoly wool`"),
            ("play monopoly gold", "`gold` is not a resource"),
            ("play knight now", "unexpected `now` after the command"),
            ("roll twice", "unexpected `twice` after the command"),
            ("robber", "`robber` needs a hex, e.g. `robber H`"),
        ],
    );
}

/// A shared command reads here as in every ruleset that has it, and is written back as read.
#[test]
fn shared_commands_read_alike_and_round_trip() {
    let game = BaseGame::create(&BaseSettings::default(), 4, 1).expect("a game");
    crate::rules::commands::testing::shared_commands_read_alike_and_round_trip(&game);
}
