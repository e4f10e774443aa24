//! Property tests of Risk of Catan over many random games, through the public API.
//!
//! Each game seats a random mix of random and heuristic bots (2 to 4 seats, with or without a
//! turn clock), and plays it to the end. After every step the game's own audit holds:
//! - armies stand only on land, at most two players a hex, and no seat has more units on the
//!   board than it ever bought or got free;
//! - cards are conserved: bank + hands = 19 of each resource; pieces are in their builders'
//!   supplies or on the board;
//! - each seat's public VP is exactly what the settlements and cities it holds (its own and
//!   annexed ones) and its awards give;
//! - every seat asked to act has a legal command.
//!
//! Every so often each legal command of each seat is applied on a copy: all are accepted and
//! read back from their text. `RISK_PROP_GAMES` sets the number of games.

use catan::bots::{Bot, BotKind};
use catan::engine::rng::GameRng;
use catan::engine::{Millis, Seat};
use catan::ruleset::Ruleset;
use catan::variants::risk::{RiskConfig, RiskGame};
use catan::variants::{Game, GameCommand};

fn games() -> usize {
    std::env::var("RISK_PROP_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 20 } else { 500 })
}

/// Random bots can play a long game (units pile up): the checks stop after this many steps.
const MAX_STEPS: usize = 20_000;

fn play(i: u64) {
    let mut rng = GameRng::new(i);
    let seats = 2 + rng.below(3);
    let mut cfg = RiskConfig::new(seats, i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    if i.is_multiple_of(3) {
        cfg.base.turn_ms = Some(30_000);
    }
    cfg.base.any_order = !i.is_multiple_of(5);
    let mut game = Game::Risk(RiskGame::new(cfg).unwrap());
    let mut bots: Vec<Bot<Game>> = (0..seats)
        .map(|s| {
            let kind = if rng.below(2) == 0 {
                BotKind::Random
            } else {
                BotKind::Heuristic
            };
            Bot::new(kind, i * 31 + s as u64)
        })
        .collect();
    let mut now: Millis = 0;
    for step in 0..MAX_STEPS {
        let Game::Risk(g) = &game else { unreachable!() };
        if let Err(e) = g.audit() {
            panic!("game {i} step {step}: {e}");
        }
        if g.winner().is_some() {
            return;
        }
        if step % 97 == 0 {
            for s in 0..seats as Seat {
                for c in g.legal(s) {
                    let text = g.format(&c);
                    assert_eq!(
                        g.parse(s, &text).unwrap(),
                        c,
                        "game {i}: `{text}` reads back"
                    );
                    let mut t = g.clone();
                    if let Err(e) = t.apply(s, &c, now) {
                        panic!(
                            "game {i} step {step}: seat {} `{text}` listed but refused: {e}",
                            s + 1
                        );
                    }
                }
            }
        }
        let actors = game.actors();
        let mut acted = false;
        for s in actors {
            if let Some(cmd) = bots[s as usize].choose(&game, s) {
                let GameCommand::Risk(c) = cmd else {
                    unreachable!()
                };
                let Game::Risk(g) = &mut game else {
                    unreachable!()
                };
                let before = g.clone();
                if let Err(e) = g.apply(s, &c, now) {
                    assert_eq!(*g, before, "a refused command changed nothing");
                    panic!("game {i} step {step}: bot in seat {} refused: {e}", s + 1);
                }
                acted = true;
                break;
            }
        }
        if !acted {
            match game.deadline() {
                Some(d) => {
                    now = now.max(d);
                    game.tick(now);
                }
                None => {
                    let Game::Risk(g) = &game else { unreachable!() };
                    let actors = g.actors();
                    let legal: Vec<String> = actors
                        .iter()
                        .flat_map(|s| g.legal(*s).into_iter().map(|c| g.format(&c)))
                        .collect();
                    panic!(
                        "game {i} step {step}: nobody acts and no clock: actors {actors:?}, stage {:?}, phase {:?}, legal {legal:?}, bots {:?}",
                        g.stage(),
                        g.base().phase(),
                        bots.iter().map(|b| b.kind).collect::<Vec<_>>()
                    )
                }
            }
        }
    }
}

#[test]
fn random_risk_games_keep_armies_cards_and_points_consistent() {
    let first: u64 = std::env::var("RISK_PROP_FIRST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    for i in first..first + games() as u64 {
        play(i);
    }
}
