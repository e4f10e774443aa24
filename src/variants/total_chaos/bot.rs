//! The heuristic bot for Total Chaos: quick decisions for a game with no turns.
//!
//! It sees what its seat may see (the board, public counts, its own hand and cards). Each call
//! returns its next command or `None` when it has nothing to do; the host or the sim calls it
//! again after its think time, so it plays in real time alongside everyone else.
//!
//! - Setup: the free corner with the most pips, with a bonus for resources it lacks; the road
//!   toward the best spot two steps away.
//! - Resource phase: `claim` at once (the bank is first come, first served), then `ready`.
//! - Robber part 1: discards the cards its goal needs least. As the robber's controller it
//!   moves the robber where it hurts the others most (never onto itself if it can help it)
//!   and steals at random from the victim with the most cards. Asked for a card, it agrees
//!   when it has two or more of it.
//! - Building: a goal (city, settlement, development card, road toward a free spot), built
//!   as soon as it is affordable; surplus cards go to the bank when that completes the goal,
//!   or into one one-for-one offer per phase; it accepts offers that give it what its goal
//!   lacks for what it does not need. Knights move the robber off its own hexes or toward the
//!   Largest Army; Year of Plenty and Monopoly fetch what it lacks. Then it votes `ready`.

use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::costs;
use crate::rules::offers::TradeCommand;
use crate::rules::production;
use crate::rules::pieces::BuildingKind;
use crate::rules::resources::{Resource, ResourceSet, pips};
use crate::rules::spots::{self, corner_pips};
use crate::rules::trade::{self, Offer};
use crate::ruleset::{BotPlay, Ruleset};
use crate::topology::{CornerId, HexId};
use crate::variants::total_chaos::{ChaosGame, Command, Phase};

/// What the bot remembers within a round.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    round: u32,
    bank_trades: u32,
    offered: bool,
}

const MAX_BANK_TRADES: u32 = 4;

/// The heuristic's next command for `me`, or `None` when it has nothing to do.
pub fn choose(g: &ChaosGame, me: Seat, rng: &mut GameRng, mem: &mut Memory) -> Option<Command> {
    if mem.round != g.round() {
        *mem = Memory {
            round: g.round(),
            ..Memory::default()
        };
    }
    let legal = g.legal(me);
    if legal.is_empty() {
        return None;
    }
    let pick = |c: Command| legal.contains(&c).then_some(c);
    let ready = pick(Command::Ready);
    let cmd = match g.phase() {
        Phase::Over { .. } => None,
        Phase::Setup { settlement, .. } => match settlement {
            None => setup_settlement(g, me, &legal),
            Some(c) => setup_road(g, *c, &legal),
        },
        Phase::Resource { .. } => pick(Command::Claim).or(ready),
        Phase::Discard { owed } => match owed.iter().find(|(s, _)| *s == me) {
            Some((_, n)) => pick(Command::Discard(discard(g, me, *n))),
            None => ready,
        },
        Phase::Robber {
            moved,
            steals_left,
            ask,
        } => {
            if let Some(a) = ask
                && a.victim == me
            {
                if g.hand(me)[a.card] >= 2 {
                    pick(Command::Agree)
                } else {
                    pick(Command::Refuse)
                }
            } else if g.robber_holder() == Some(me) && !moved {
                pick(Command::Robber(robber_hex(g, me)))
            } else if g.robber_holder() == Some(me) && *steals_left > 0 {
                richest_victim(g, me, g.robber())
                    .and_then(|v| {
                        pick(Command::Steal {
                            victim: v,
                            card: None,
                        })
                    })
                    .or(ready)
            } else {
                ready
            }
        }
        Phase::Build => build(g, me, &legal, rng, mem).or(ready),
        Phase::Cooldown => ready,
    };
    // Whatever it picked is listed; if nothing fits, anything but an offer will do.
    cmd.or_else(|| {
        legal.iter().copied().find(|c| {
            matches!(
                c,
                Command::Refuse | Command::Trade(TradeCommand::Decline(_))
            )
        })
    })
}

/// What the bot produces, in pips per resource.
fn production(g: &ChaosGame, me: Seat) -> [u32; 5] {
    production::pips_per_resource(g.map(), g.pieces(), me, |_| true)
}

/// A corner's worth for a new settlement: pips, more for resources not produced yet.
fn spot_value(g: &ChaosGame, me: Seat, c: CornerId) -> u32 {
    let prod = production(g, me);
    let mut v = 0;
    for h in g.map().topology.corner_hexes(c).iter().flatten() {
        let t = g.map().tile(*h);
        if let (Some(r), Some(n)) = (t.terrain().and_then(|t| t.resource()), t.number()) {
            let p = pips(n) as u32;
            v += if prod[r as usize] == 0 { p * 3 / 2 } else { p };
        }
    }
    v * 10 + g.map().corner_harbor(c).map_or(0, |_| 3)
}

fn setup_settlement(g: &ChaosGame, me: Seat, legal: &[Command]) -> Option<Command> {
    legal
        .iter()
        .copied()
        .filter_map(|c| match c {
            Command::Settle(k) => Some((spot_value(g, me, k), std::cmp::Reverse(k), c)),
            _ => None,
        })
        .max_by_key(|(v, k, _)| (*v, *k))
        .map(|(_, _, c)| c)
}

fn setup_road(g: &ChaosGame, at: CornerId, legal: &[Command]) -> Option<Command> {
    let topo = &g.map().topology;
    legal
        .iter()
        .copied()
        .filter_map(|c| match c {
            Command::Road(e) => {
                let far = topo.edge_corners(e).into_iter().find(|k| *k != at)?;
                let best = topo
                    .corner_corners(far)
                    .iter()
                    .flatten()
                    .filter(|k| g.pieces().check_settlement_spot(g.map(), **k).is_ok())
                    .map(|k| corner_pips(g.map(), *k))
                    .max()
                    .unwrap_or(0);
                Some((best, c))
            }
            _ => None,
        })
        .max_by_key(|(v, _)| *v)
        .map(|(_, c)| c)
}

/// The next thing worth saving for, and its cost.
fn goal(g: &ChaosGame, me: Seat) -> Option<(Command, ResourceSet)> {
    let pieces = g.pieces();
    if pieces.stock(me).cities > 0
        && let Some(c) = pieces
            .buildings_of(me)
            .iter()
            .copied()
            .filter(|c| {
                pieces
                    .building(*c)
                    .is_some_and(|b| b.kind == BuildingKind::Settlement)
            })
            .max_by_key(|c| corner_pips(g.map(), *c))
    {
        let hand = g.hand(me);
        let need = hand.shortfall(&costs::CITY).total();
        let settle_spots = spots::settlement_spots(g.map(), pieces, me);
        // A city when it is close or no settlement spot is open.
        if need <= 2 || settle_spots.is_empty() || pieces.stock(me).settlements == 0 {
            return Some((Command::City(c), costs::CITY));
        }
    }
    if pieces.stock(me).settlements > 0
        && let Some(c) = spots::settlement_spots(g.map(), pieces, me)
            .into_iter()
            .max_by_key(|c| spot_value(g, me, *c))
    {
        return Some((Command::Settle(c), costs::SETTLEMENT));
    }
    // A road toward the best spot two steps away.
    let topo = &g.map().topology;
    if let Some(e) = spots::road_spots(g.map(), pieces, me)
        .into_iter()
        .max_by_key(|e| {
            topo.edge_corners(*e)
                .iter()
                .flat_map(|k| {
                    std::iter::once(*k).chain(topo.corner_corners(*k).into_iter().flatten())
                })
                .filter(|k| pieces.check_settlement_spot(g.map(), *k).is_ok())
                .map(|k| spot_value(g, me, k))
                .max()
                .unwrap_or(0)
        })
        && pieces.stock(me).settlements > 0
    {
        return Some((Command::Road(e), costs::ROAD));
    }
    if g.deck_len() > 0 {
        return Some((Command::BuyDev, costs::DEV_CARD));
    }
    None
}

fn discard(g: &ChaosGame, me: Seat, n: u32) -> ResourceSet {
    let mut hand = *g.hand(me);
    let keep = goal(g, me).map_or(ResourceSet::EMPTY, |(_, c)| c);
    let mut out = ResourceSet::EMPTY;
    for _ in 0..n {
        // Drop from the resource with the most cards beyond what the goal needs.
        let r = Resource::ALL
            .into_iter()
            .filter(|r| hand[*r] > 0)
            .max_by_key(|r| {
                (
                    hand[*r].saturating_sub(keep[*r]),
                    hand[*r],
                    std::cmp::Reverse(*r as u8),
                )
            })
            .expect("enough cards to discard");
        hand[r] -= 1;
        out[r] += 1;
    }
    out
}

/// How much putting the robber on a hex hurts the others, less what it costs the bot.
fn robber_value(g: &ChaosGame, me: Seat, h: HexId) -> i64 {
    let t = g.map().tile(h);
    let p = t.number().map_or(0, pips) as i64;
    let mut v = 0i64;
    for c in g.map().topology.hex_corners(h) {
        if let Some(b) = g.pieces().building(*c) {
            let w = b.weight() as i64 * p;
            if b.owner == me {
                v -= 3 * w;
            } else {
                v += w * (2 + g.public_vp(b.owner) as i64);
            }
        }
    }
    v
}

fn robber_hex(g: &ChaosGame, me: Seat) -> HexId {
    g.map()
        .land_hexes()
        .filter(|h| *h != g.robber())
        .max_by_key(|h| (robber_value(g, me, *h), std::cmp::Reverse(*h)))
        .unwrap_or(g.robber())
}

fn richest_victim(g: &ChaosGame, me: Seat, h: HexId) -> Option<Seat> {
    g.pieces()
        .seats_at_hex(g.map(), h)
        .into_iter()
        .filter(|s| *s != me)
        .map(|s| (g.hand(s).total(), s))
        .filter(|(n, _)| *n > 0)
        .max_by_key(|(n, s)| (*n, std::cmp::Reverse(*s)))
        .map(|(_, s)| s)
}

fn on_my_hex(g: &ChaosGame, me: Seat) -> bool {
    g.pieces().seats_at_hex(g.map(), g.robber()).contains(&me)
}

fn good_offer(g: &ChaosGame, me: Seat, o: &Offer, need: &ResourceSet) -> bool {
    let hand = g.hand(me);
    let gets_needed = o.give.iter().any(|(r, _)| need[r] > 0);
    let keep = goal(g, me).map_or(ResourceSet::EMPTY, |(_, c)| c);
    let spare = hand.surplus(&keep);
    gets_needed && spare.contains(&o.get) && o.get.total() <= o.give.total()
}

fn build(
    g: &ChaosGame,
    me: Seat,
    legal: &[Command],
    rng: &mut GameRng,
    mem: &mut Memory,
) -> Option<Command> {
    let pick = |c: Command| legal.contains(&c).then_some(c);
    let hand = *g.hand(me);
    let goal = goal(g, me);
    let need = goal.map_or(ResourceSet::EMPTY, |(_, c)| hand.shortfall(&c));
    // Answer offers first: they are first come, first served.
    for o in g.offers() {
        if o.from == me {
            continue;
        }
        if legal.contains(&Command::Trade(TradeCommand::Accept(o.id)))
            && good_offer(g, me, o, &need)
        {
            return Some(Command::Trade(TradeCommand::Accept(o.id)));
        }
        if let Some(c) = pick(Command::Trade(TradeCommand::Decline(o.id))) {
            return Some(c);
        }
    }
    if let Some((cmd, _)) = goal
        && let Some(c) = pick(cmd)
    {
        return Some(c);
    }
    // A city or settlement that is affordable even if it is not the goal.
    for c in legal {
        if matches!(c, Command::City(_) | Command::Settle(_)) {
            return Some(*c);
        }
    }
    if let Some(c) = dev_play(g, me, legal, &need) {
        return Some(c);
    }
    // Bank trades that bring the goal closer.
    if need.total() > 0 && mem.bank_trades < MAX_BANK_TRADES {
        let keep = goal.map_or(ResourceSet::EMPTY, |(_, c)| c);
        let spare = hand.surplus(&keep);
        let rates = trade::maritime_rates(g.map(), g.pieces(), me);
        for give in Resource::ALL {
            let rate = rates[give as usize];
            if spare[give] < rate {
                continue;
            }
            if let Some((get, _)) = need.iter().find(|(r, _)| g.bank()[*r] > 0) {
                let cmd = Command::Trade(TradeCommand::Bank {
                    give: ResourceSet::one(give, rate),
                    get: ResourceSet::one(get, 1),
                });
                if let Some(c) = pick(cmd) {
                    mem.bank_trades += 1;
                    return Some(c);
                }
            }
        }
    }
    // One one-for-one offer per phase: a spare card for a needed one.
    if !mem.offered && need.total() > 0 {
        let keep = goal.map_or(ResourceSet::EMPTY, |(_, c)| c);
        let spare = hand.surplus(&keep);
        let gives: Vec<Resource> = spare.iter().map(|(r, _)| r).collect();
        if !gives.is_empty()
            && let Some((get, _)) = need.iter().next()
        {
            let give = gives[rng.below(gives.len())];
            mem.offered = true;
            let cmd = Command::Trade(TradeCommand::Offer {
                give: ResourceSet::one(give, 1),
                get: ResourceSet::one(get, 1),
                to: None,
            });
            if let Some(c) = pick(cmd) {
                return Some(c);
            }
        }
    }
    // A development card with what is left over when nothing better is in reach.
    if goal.is_none_or(|(c, _)| matches!(c, Command::BuyDev | Command::Road(_)))
        && let Some(c) = pick(Command::BuyDev)
    {
        return Some(c);
    }
    // Cancel own offers that nobody took, so the cards are free again.
    legal
        .iter()
        .copied()
        .find(|c| matches!(c, Command::Trade(TradeCommand::Cancel(_))) && need.total() == 0)
}

fn dev_play(g: &ChaosGame, me: Seat, legal: &[Command], need: &ResourceSet) -> Option<Command> {
    let has =
        |f: &dyn Fn(&Command) -> bool| legal.iter().copied().filter(|c| f(c)).collect::<Vec<_>>();
    let knights = has(&|c| matches!(c, Command::PlayKnight { .. }));
    if !knights.is_empty() {
        let army_close = g.largest_army() != Some(me) && g.dev_hand(me).knights_played >= 2;
        if on_my_hex(g, me) || army_close {
            let h = robber_hex(g, me);
            let victim = richest_victim(g, me, h);
            if let Some(c) = knights.iter().copied().find(
                |c| matches!(c, Command::PlayKnight { hex, steal } if *hex == h && *steal == victim),
            ) {
                return Some(c);
            }
        }
    }
    if need.total() > 0 {
        let mut want = ResourceSet::EMPTY;
        for (r, n) in need.iter() {
            want[r] = n;
        }
        let plenty = has(&|c| matches!(c, Command::PlayYearOfPlenty(_)));
        if let Some(c) = plenty.iter().copied().max_by_key(|c| match c {
            Command::PlayYearOfPlenty(s) => Resource::ALL
                .iter()
                .map(|r| s[*r].min(want[*r]))
                .sum::<u32>(),
            _ => 0,
        }) {
            return Some(c);
        }
        if let Some((r, _)) = need.iter().max_by_key(|(_, n)| *n)
            && legal.contains(&Command::PlayMonopoly(r))
        {
            return Some(Command::PlayMonopoly(r));
        }
    }
    let roads = has(&|c| matches!(c, Command::PlayRoadBuilding(_, Some(_))));
    if !roads.is_empty() && g.pieces().stock(me).settlements > 0 {
        return Some(roads[0]);
    }
    None
}

impl BotPlay for ChaosGame {
    type Memory = Memory;

    fn heuristic_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        memory: &mut Memory,
    ) -> Option<Command> {
        choose(self, seat, rng, memory)
    }

    fn trade(&self, cmd: &Command) -> Option<TradeCommand> {
        cmd.trade()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::total_chaos::ChaosConfig;

    #[test]
    fn picks_are_legal_through_whole_games() {
        for seed in 0..3 {
            let mut g = ChaosGame::new(ChaosConfig::new(4, seed)).unwrap();
            let mut rng = GameRng::new(seed);
            let mut mems = vec![Memory::default(); 4];
            let mut now = 0;
            for _ in 0..20_000 {
                if g.winner().is_some() {
                    break;
                }
                let mut acted = false;
                for s in g.actors() {
                    if let Some(c) = choose(&g, s, &mut rng, &mut mems[s as usize]) {
                        g.apply(s, &c, now).unwrap();
                        acted = true;
                        break;
                    }
                }
                if !acted {
                    now = g.deadline().unwrap();
                    g.tick(now);
                }
            }
            assert!(
                g.winner().is_some(),
                "seed {seed}: heuristic bots finish a game"
            );
        }
    }
}
