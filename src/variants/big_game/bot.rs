//! The heuristic bot for the Big Game: simple, quick choices for timed group rounds.
//!
//! It picks only from the commands the rules list as legal for its seat, so it never sends a
//! refused command. Each call returns its next command or `None` when it has nothing to do;
//! the host or the sim calls it again after its think time.
//!
//! - Setup: collects around, and then upgrades, the starting settlement with the most pips.
//! - After a 7: discards the cards it holds most of.
//! - Its group's round: a city, then a settlement (most pips first), a Knight that sends a
//!   robber home, Road Building, a road or ship toward new land when no settlement spot is
//!   open, a development card; when one card is missing for a city, settlement or
//!   development card, one bank trade of surplus cards for it; then `end`.
//! - Offers: accepts one that gives what its next build lacks for a card it has spare;
//!   declines the rest.

use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::costs;
use crate::rules::offers::TradeCommand;
use crate::rules::resources::ResourceSet;
use crate::rules::spots::corner_pips;
use crate::ruleset::{BotPlay, Ruleset};
use crate::topology::{CornerId, EdgeId};
use crate::variants::big_game::{BigGame, Command, KnightUse, Phase};

/// The heuristic's next command for `me`, or `None` when it has nothing to do.
pub fn choose(g: &BigGame, me: Seat, rng: &mut GameRng) -> Option<Command> {
    let legal = g.legal(me);
    if legal.is_empty() {
        return None;
    }
    let pips = |c: CornerId| corner_pips(g.map(), c);
    let best_corner = |f: fn(&Command) -> Option<CornerId>| {
        legal
            .iter()
            .filter_map(|c| f(c).map(|x| (*c, x)))
            .max_by_key(|(_, x)| pips(*x))
            .map(|(c, _)| c)
    };
    match g.phase() {
        Phase::Over { .. } => return None,
        Phase::Setup => {
            return best_corner(|c| match c {
                Command::Collect(x) | Command::City(x) => Some(*x),
                _ => None,
            });
        }
        Phase::Round { .. } => {}
    }
    let hand = *g.hand(me);
    if g.turn_state(me).must_discard > 0 {
        // Discard the choice that leaves the most kinds of cards, then the plentiful ones.
        return legal
            .iter()
            .filter_map(|c| match c {
                Command::Discard(d) => {
                    let mut left = hand;
                    left.sub(d);
                    let weight: u32 = d.iter().map(|(r, n)| n * hand[r]).sum();
                    Some((*c, (left.kinds(), weight)))
                }
                _ => None,
            })
            .max_by_key(|(_, k)| *k)
            .map(|(c, _)| c);
    }
    let need = next_need(g, me, &hand);
    // Answer offers first: they wait on us.
    for c in &legal {
        if let Command::Trade(TradeCommand::Accept(id)) = c
            && let Some(o) = g.offers().iter().find(|o| o.id == *id)
            && o.give.iter().any(|(r, n)| n > 0 && need[r] > 0)
            && o.get.iter().all(|(r, n)| hand[r] > n)
        {
            return Some(*c);
        }
    }
    if let Some(c) = legal
        .iter()
        .find(|c| matches!(c, Command::Trade(TradeCommand::Decline(_))))
    {
        return Some(*c);
    }
    if !g.is_active(me) {
        return None;
    }
    let build = best_corner(|c| match c {
        Command::City(x) => Some(*x),
        _ => None,
    })
    .or_else(|| {
        best_corner(|c| match c {
            Command::Settle(x) => Some(*x),
            _ => None,
        })
    });
    if build.is_some() {
        return build;
    }
    if let Some(c) = legal
        .iter()
        .find(|c| matches!(c, Command::PlayKnight(KnightUse::Robber(_))))
    {
        return Some(*c);
    }
    if legal.contains(&Command::PlayRoadBuilding) {
        return Some(Command::PlayRoadBuilding);
    }
    // A road or ship when no settlement spot is open (or a free one from Road Building).
    let free = g.turn_state(me).free_routes > 0;
    if free || !has_open_spot(g, me) {
        let route = legal
            .iter()
            .filter_map(|c| match c {
                Command::Road(e) | Command::Ship(e) => Some((*c, route_value(g, *e))),
                _ => None,
            })
            .max_by_key(|(_, v)| *v)
            .map(|(c, _)| c);
        if route.is_some() {
            return route;
        }
    }
    if legal.contains(&Command::BuyDev) && rng.below(2) == 0 {
        return Some(Command::BuyDev);
    }
    if let Some(c) = bank_toward(&legal, &hand) {
        return Some(c);
    }
    legal.contains(&Command::End).then_some(Command::End)
}

/// What the next build (city, settlement, road, development card) still lacks.
fn next_need(g: &BigGame, me: Seat, hand: &ResourceSet) -> ResourceSet {
    let goal = if g.pieces().stock(me).cities > 0 && has_settlement(g, me) {
        costs::CITY
    } else {
        costs::SETTLEMENT
    };
    hand.shortfall(&goal)
}

fn has_settlement(g: &BigGame, me: Seat) -> bool {
    g.pieces().buildings_of(me).iter().any(|c| {
        g.pieces()
            .building(*c)
            .is_some_and(|b| b.kind == crate::rules::pieces::BuildingKind::Settlement)
    })
}

/// Whether some corner next to the seat's routes takes a settlement now (cost aside).
fn has_open_spot(g: &BigGame, me: Seat) -> bool {
    crate::rules::spots::settlement_spots(g.map(), g.pieces(), me)
        .into_iter()
        .any(|c| g.corner_in_reach(me, c))
}

/// A route's worth: the best free corner at its ends.
fn route_value(g: &BigGame, e: EdgeId) -> u32 {
    g.map()
        .topology
        .edge_corners(e)
        .into_iter()
        .filter(|c| g.pieces().building(*c).is_none())
        .map(|c| corner_pips(g.map(), c))
        .max()
        .unwrap_or(0)
}

/// One bank trade that completes a city, a settlement or a development card, paid with
/// cards that build does not use.
fn bank_toward(legal: &[Command], hand: &ResourceSet) -> Option<Command> {
    for goal in [costs::CITY, costs::SETTLEMENT, costs::DEV_CARD] {
        let lack = hand.shortfall(&goal);
        if lack.total() != 1 {
            continue;
        }
        let found = legal.iter().find(|c| match c {
            Command::Trade(TradeCommand::Bank { give, get }) => {
                get == &lack && give.iter().all(|(r, n)| n == 0 || hand[r] >= goal[r] + n)
            }
            _ => false,
        });
        if let Some(c) = found {
            return Some(*c);
        }
    }
    None
}

impl BotPlay for BigGame {
    type Memory = ();

    fn heuristic_command(&self, seat: Seat, rng: &mut GameRng, _: &mut ()) -> Option<Command> {
        choose(self, seat, rng)
    }

    fn trade(&self, cmd: &Command) -> Option<TradeCommand> {
        cmd.trade()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Millis;
    use crate::variants::big_game::BigConfig;

    /// Heuristic bots in every seat play whole three-board games to the round limit without
    /// a refused command, and build beyond their starting pieces.
    #[test]
    fn heuristic_bots_play_a_whole_game() {
        let mut g = BigGame::new(BigConfig {
            max_rounds: Some(30),
            ..BigConfig::new(3, 5)
        })
        .unwrap();
        let mut rngs: Vec<GameRng> = (0..6).map(GameRng::new).collect();
        let start: Vec<u32> = (0..6).map(|s| g.public_vp(s)).collect();
        let mut now: Millis = 0;
        for _ in 0..100_000 {
            if g.outcome().is_some() {
                break;
            }
            let mut acted = false;
            for s in g.actors() {
                if let Some(cmd) = choose(&g, s, &mut rngs[s as usize]) {
                    g.apply(s, &cmd, now)
                        .unwrap_or_else(|e| panic!("seat {s} sent {cmd:?}: {e}"));
                    now += 1;
                    acted = true;
                }
            }
            if !acted {
                now = g.deadline().expect("a deadline");
                g.tick(now);
            }
        }
        assert!(g.outcome().is_some(), "the game ended");
        let grew = (0..6)
            .filter(|s| g.public_vp(*s) > start[*s as usize])
            .count();
        assert!(grew >= 3, "most bots built something: {grew}");
    }
}
