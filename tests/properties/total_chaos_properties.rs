//! Property tests of the Total Chaos rules over many random games, through the public API.
//!
//! Random games are random legal commands from random seats (everyone acts at once, so any
//! seat may be next), with the clock jumping to the next deadline now and then. After every
//! step:
//! - cards are conserved: bank + hands = 19 of each resource (24 with five or six seats, which
//!   play the 5–6 player extension's box on its larger island);
//! - piece limits hold: on the board + in the supply = 5 settlements, 4 cities, 15 roads;
//! - victory points are what the buildings, the awards and the VP cards give, and nobody has
//!   reached the target without the game ending;
//! - every seat the game waits for has something legal to send, and the phase has a clock.
//!
//! Legal moves are exactly the accepted ones: every listed command is accepted (on a copy),
//! reads back from its text, and other seats' commands sent by the wrong seat are either
//! listed for it or refused with the state untouched. Replaying the text of every accepted
//! command and every clock step on a fresh game gives the same final state.
//!
//! `CHAOS_PROP_GAMES` sets the number of games (default 120).

use catan::engine::rng::GameRng;
use catan::engine::{Millis, Seat};
use catan::rules::devcards::DevCard;
use catan::rules::offers::TradeCommand;
use catan::rules::pieces::BuildingKind;
use catan::rules::supply::Supply;
use catan::ruleset::Ruleset;
use catan::variants::total_chaos::{ChaosConfig, ChaosGame, Command, Phase};

const MAX_STEPS: usize = 6_000;

fn games() -> usize {
    std::env::var("CHAOS_PROP_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 12 } else { 120 })
}

fn config(i: u64) -> ChaosConfig {
    ChaosConfig {
        placement_ms: i.is_multiple_of(2).then_some(3_000),
        vp_target: 6 + (i % 5) as u32,
        ..ChaosConfig::new(2 + (i % 5) as usize, i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
}

fn bytes(g: &ChaosGame) -> Vec<u8> {
    bincode::serde::encode_to_vec(g, bincode::config::standard()).expect("state encodes")
}

fn check_invariants(g: &ChaosGame) {
    let seats = g.seats();
    let mut total = *g.bank();
    for s in 0..seats as Seat {
        total.add(g.hand(s));
    }
    assert_eq!(
        total,
        Supply::for_seats(seats).bank(),
        "the box's cards of each resource"
    );
    let pieces = g.pieces();
    for s in 0..seats as Seat {
        let stock = pieces.stock(s);
        let (mut settlements, mut cities) = (0u32, 0u32);
        for (_, b) in pieces.all_buildings().filter(|(_, b)| b.owner == s) {
            match b.kind {
                BuildingKind::Settlement => settlements += 1,
                BuildingKind::City => cities += 1,
            }
        }
        let roads = pieces.all_routes().filter(|(_, r)| r.owner == s).count() as u32;
        assert_eq!(settlements + stock.settlements as u32, 5);
        assert_eq!(cities + stock.cities as u32, 4);
        assert_eq!(roads + stock.roads as u32, 15);
        let vp_cards = g
            .dev_hand(s)
            .cards
            .iter()
            .filter(|c| c.card == DevCard::VictoryPoint)
            .count() as u32;
        let awards =
            2 * (g.longest_road() == Some(s)) as u32 + 2 * (g.largest_army() == Some(s)) as u32;
        let public = settlements + 2 * cities + awards;
        assert_eq!(g.public_vp(s), public);
        assert_eq!(g.total_vp(s), public + vp_cards);
        assert_eq!(g.road_length(s), pieces.longest_route(g.map(), s));
        if g.winner().is_none() && !matches!(g.phase(), Phase::Setup { .. }) {
            assert!(
                g.total_vp(s) < g.config().vp_target,
                "a winner ends the game"
            );
        }
        let v = g.view(Some(s));
        assert_eq!(v.players[s as usize].vp, public);
        assert_eq!(v.you.as_ref().map(|y| y.hand), Some(*g.hand(s)));
    }
    match g.phase() {
        Phase::Over { .. } => assert!(g.actors().is_empty()),
        Phase::Setup { .. } => {}
        _ => assert!(g.deadline().is_some(), "every phase has a clock"),
    }
    for s in g.actors() {
        assert!(
            !g.legal(s).is_empty(),
            "seat {s} is waited for but has nothing legal"
        );
    }
}

/// What happened, as text, for the replay.
enum Step {
    Cmd(Seat, String, Millis),
    Tick(Millis),
}

fn play(i: u64) -> (ChaosGame, Vec<Step>) {
    let mut g = ChaosGame::new(config(i)).unwrap();
    let mut rng = GameRng::new(i ^ 0xc4a0);
    let mut now: Millis = 0;
    let mut log = Vec::new();
    let seats = g.seats();
    for _ in 0..MAX_STEPS {
        if g.winner().is_some() {
            break;
        }
        check_invariants(&g);
        // Now and then the clock runs out.
        if (rng.below(40) == 0 || g.actors().is_empty())
            && let Some(d) = g.deadline()
        {
            now = now.max(d);
            g.tick(now);
            log.push(Step::Tick(now));
            continue;
        }
        let seat = rng.below(seats) as Seat;
        let legal = g.legal(seat);
        // A wrong seat's command: listed for this seat, or refused untouched.
        let other = rng.below(seats) as Seat;
        if other != seat {
            for cmd in g.legal(other).into_iter().take(8) {
                let mut probe = g.clone();
                match probe.apply(seat, &cmd, now) {
                    Ok(_) => assert!(
                        legal.contains(&cmd)
                            || matches!(cmd, Command::Trade(TradeCommand::Offer { .. })),
                        "accepted but not listed: seat {seat} `{}`",
                        g.format(&cmd)
                    ),
                    Err(_) => assert!(probe == g, "a refusal changed the state"),
                }
            }
        }
        if legal.is_empty() {
            continue;
        }
        // Prefer anything but `ready`, so games get somewhere.
        let mut cmd = legal[rng.below(legal.len())];
        if cmd == Command::Ready && rng.below(3) != 0 {
            cmd = legal[rng.below(legal.len())];
        }
        let text = g.format(&cmd);
        assert_eq!(g.parse(seat, &text).unwrap(), cmd, "`{text}` reads back");
        now += rng.below(400) as Millis;
        if let Some(d) = g.deadline()
            && now >= d
        {
            g.tick(now);
            log.push(Step::Tick(now));
            continue;
        }
        g.apply(seat, &cmd, now)
            .unwrap_or_else(|e| panic!("game {i}: listed `{text}` refused for seat {seat}: {e}"));
        log.push(Step::Cmd(seat, text, now));
    }
    check_invariants(&g);
    (g, log)
}

#[test]
fn random_games_keep_the_invariants_and_legal_means_accepted() {
    let mut finished = 0;
    let mut rounds = 0;
    for i in 0..games() as u64 {
        let (g, _) = play(i);
        finished += g.winner().is_some() as usize;
        rounds += g.round();
    }
    eprintln!(
        "{finished} of {} random games finished, {rounds} rounds",
        games()
    );
    assert!(finished > 0, "some random games reach a winner");
}

/// Five and six seats: the large island and the extension's bank and deck, with every
/// invariant checked after each step; development cards never exceed the 34.
#[test]
fn five_and_six_seat_games_hold_the_card_and_piece_counts() {
    let n = (games() / 4).max(2) as u64;
    for k in 0..n {
        // `config` gives five seats for i % 5 == 3 and six for i % 5 == 4.
        let i = 300_000 + 5 * k + 3 + k % 2;
        let (g, _) = play(i);
        assert_eq!(g.seats(), 5 + (k % 2) as usize);
        assert_eq!(g.map().land_hexes().count(), 30, "the 5-6 player island");
        let held: usize = (0..g.seats() as Seat)
            .map(|s| g.dev_hand(s).cards.len() + g.dev_hand(s).knights_played as usize)
            .sum();
        assert!(held <= 34);
    }
}

#[test]
fn replaying_the_text_of_a_game_gives_the_same_state() {
    for i in 0..(games() / 6).max(2) as u64 {
        let (g, log) = play(1000 + i);
        let mut r = ChaosGame::new(config(1000 + i)).unwrap();
        for step in &log {
            match step {
                Step::Cmd(seat, text, at) => {
                    let cmd = r.parse(*seat, text).unwrap();
                    r.apply(*seat, &cmd, *at).unwrap();
                }
                Step::Tick(at) => {
                    r.tick(*at);
                }
            }
        }
        assert_eq!(bytes(&r), bytes(&g), "game {i} replays exactly");
    }
}
