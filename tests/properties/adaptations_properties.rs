//! Property tests of the Adaptations rules over thousands of random games, through the public
//! API. A random game is random legal commands (a kind of command first, then one of that
//! kind, as the random bot plays), with the clock jumping to the deadline now and then when
//! a timer is set. After every step:
//! - the state audits clean: 95 cards between the piles, hands, seasons, Game End and the
//!   cards out of the game; at most 24 herds per player on the board; one consistent hex map
//!   (37 tiles of the right kinds on distinct positions inside the frame, the desert in the
//!   middle); adaptations conserved;
//! - the moment a turn starts (phase 3 just ended), every land hex is within its capacity and
//!   the only swimmers left are Swimming holders' beside land;
//! - a command sent by a seat that is not prompted is refused and changes nothing.
//!
//! Every finished game has winners, and its totals add up. Replaying the text of every
//! accepted command and clock step on a fresh game gives the same final state.
//!
//! `ADAPT_PROP_GAMES` sets the number of games (default 2000 in release builds).

use catan::engine::rng::GameRng;
use catan::engine::{Millis, Seat};
use catan::ruleset::Ruleset;
use catan::variants::adaptations::{AdaptConfig, AdaptGame, Adaptation, Command, Event, Phase};

fn games() -> u64 {
    std::env::var("ADAPT_PROP_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 40 } else { 2000 })
}

fn config(i: u64) -> AdaptConfig {
    AdaptConfig {
        max_turns: 5 + (i % 40) as u32,
        phase_ms: i.is_multiple_of(3).then_some(2_000),
        ..AdaptConfig::new(2 + (i % 3) as usize, i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
}

fn bytes(g: &AdaptGame) -> Vec<u8> {
    bincode::serde::encode_to_vec(g, bincode::config::standard()).expect("state encodes")
}

fn kind(c: &Command) -> std::mem::Discriminant<Command> {
    std::mem::discriminant(c)
}

/// Phase 3 has just ended: no hex over capacity, no swimmer but Swimming's beside land.
fn check_after_conflict(g: &AdaptGame, where_: &str) {
    for (h, v) in g.herds() {
        let total: u32 = v.iter().sum();
        match g.capacity(*h) {
            Some(cap) => assert!(total <= cap, "{where_}: {total} herds over capacity {cap}"),
            None => {
                let by_land = h.neighbors().iter().any(|n| g.is_land(*n));
                for (s, n) in v.iter().enumerate() {
                    if *n > 0 {
                        assert!(
                            by_land && g.has(s as Seat, Adaptation::Swimming),
                            "{where_}: a swimmer of seat {s} survived phase 3"
                        );
                    }
                }
            }
        }
    }
}

enum Step {
    Command(Seat, String, Millis),
    Tick(Millis),
}

fn play(i: u64) {
    let cfg = config(i);
    let mut g = AdaptGame::new(cfg.clone()).unwrap();
    let mut rng = GameRng::new(i);
    let mut now: Millis = 0;
    let mut steps: Vec<Step> = Vec::new();
    let where_ = |n: usize| format!("game {i}, step {n}");
    assert_eq!(g.audit(), Ok(()));
    for n in 0..20_000 {
        if g.is_over() {
            break;
        }
        let events = if cfg.phase_ms.is_some() && rng.below(20) == 0 {
            now = g.deadline().expect("a timer runs");
            steps.push(Step::Tick(now));
            g.tick(now)
        } else {
            let seat = g.actors()[0];
            let legal = g.legal(seat);
            assert!(
                !legal.is_empty(),
                "{}: the prompted seat can act",
                where_(n)
            );
            // A wrong seat's command is refused and changes nothing.
            if rng.below(10) == 0 {
                let other = ((seat as usize + 1 + rng.below(g.seats() - 1)) % g.seats()) as Seat;
                let before = bytes(&g);
                assert!(g.apply(other, &legal[0], now).is_err());
                assert_eq!(
                    before,
                    bytes(&g),
                    "{}: a refusal changed the state",
                    where_(n)
                );
            }
            let mut kinds: Vec<_> = legal.iter().map(kind).collect();
            kinds.dedup();
            let k = kinds[rng.below(kinds.len())];
            let of_kind: Vec<&Command> = legal.iter().filter(|c| kind(c) == k).collect();
            let cmd = of_kind[rng.below(of_kind.len())].clone();
            let text = g.format(&cmd);
            assert_eq!(g.parse(seat, &text).unwrap(), cmd, "{text}");
            now += rng.below(500) as Millis;
            steps.push(Step::Command(seat, text.clone(), now));
            g.apply(seat, &cmd, now)
                .unwrap_or_else(|e| panic!("{}: legal `{text}` refused: {e}", where_(n)))
        };
        if let Err(e) = g.audit() {
            let last = match steps.last() {
                Some(Step::Command(s, t, _)) => format!("seat {} `{t}`", s + 1),
                Some(Step::Tick(t)) => format!("tick {t}"),
                None => String::new(),
            };
            panic!("{} ({last}): {e}\n{events:?}", where_(n));
        }
        for s in 0..g.seats() as Seat {
            assert!(g.on_board(s) <= 24);
        }
        if events
            .iter()
            .any(|e| matches!(e, Event::TurnStarted { turn, .. } if *turn > 1))
        {
            check_after_conflict(&g, &where_(n));
        }
    }
    assert!(g.is_over(), "game {i} ends");
    let out = g.outcome().expect("an outcome");
    assert!(!out.winners.is_empty());
    for sc in g.scores() {
        assert_eq!(sc.total, sc.land + sc.conflict + sc.adaptations);
    }
    assert!(matches!(g.phase(), Phase::Over));
    // Replaying the record gives the same game.
    let mut again = AdaptGame::new(cfg).unwrap();
    for st in &steps {
        match st {
            Step::Command(seat, text, t) => {
                let c = again.parse(*seat, text).unwrap();
                again.apply(*seat, &c, *t).unwrap();
            }
            Step::Tick(t) => {
                again.tick(*t);
            }
        }
    }
    assert_eq!(
        bytes(&again),
        bytes(&g),
        "game {i} replays to the same state"
    );
    assert_eq!(
        again.scores(),
        g.scores(),
        "game {i} replays to the same end"
    );
}

/// The games are split in two halves so the test harness plays them on two threads.
#[test]
fn thousands_of_random_games_keep_every_invariant_first_half() {
    for i in 0..games() / 2 {
        play(i);
    }
}

#[test]
fn thousands_of_random_games_keep_every_invariant_second_half() {
    for i in games() / 2..games() {
        play(i);
    }
}
