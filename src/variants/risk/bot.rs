//! Risk of Catan bots. The random bot draws a kind of command, then one of that kind (never
//! resigning or toggling passage). The heuristic plays the base game with the base heuristic
//! and adds the armies: starting units and claims near its settlements, units bought with its
//! most plentiful card to guard and control the hexes around its buildings, attacks when it
//! outnumbers the enemy, barrages whenever a cannon can fire, and retreats from bad odds.

use crate::bots::legal::random_by_kind;
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::offers::TradeCommand;
use crate::rules::resources::Resource;
use crate::ruleset::{BotPlay, Ruleset};
use crate::topology::HexId;
use crate::variants::base;
use crate::variants::base::bot as base_bot;
use crate::variants::risk::control::Hold;
use crate::variants::risk::{Command, RiskGame, Stage};

mod value;

/// A command's kind for the random bot's first draw.
fn kind_of(c: &Command) -> u32 {
    match c {
        Command::Base(b) => b.kind() as u32,
        Command::Place(_) => 100,
        Command::Buy { .. } => 101,
        Command::Move { .. } => 102,
        Command::Attack { .. } => 103,
        Command::Stop => 104,
        Command::Retreat => 105,
        Command::Barrage { .. } => 106,
        Command::Redeploy { .. } => 107,
        Command::Passage { .. } => 108,
        Command::Resign => 109,
    }
}

/// A random legal command: a kind uniformly, then a command of that kind.
pub fn random(g: &RiskGame, me: Seat, rng: &mut GameRng) -> Option<Command> {
    let mut legal = g.legal(me);
    legal.retain(|c| !matches!(c, Command::Resign | Command::Passage { .. }));
    random_by_kind(legal, kind_of, rng)
}

/// How much a hex matters to `me`: its pips, more when it touches my buildings.
fn hex_value(g: &RiskGame, me: Seat, h: HexId) -> i32 {
    let map = g.map();
    let mine = map
        .topology
        .hex_corners(h)
        .iter()
        .filter_map(|c| g.base().pieces().building(*c))
        .filter(|b| b.owner == me)
        .map(|b| b.weight() as i32)
        .sum::<i32>();
    g.pips(h) as i32 + 6 * mine
}

/// The heuristic's command for `me`, or `None` when it has nothing to do.
pub fn choose(
    g: &RiskGame,
    me: Seat,
    rng: &mut GameRng,
    mem: &mut base_bot::Memory,
) -> Option<Command> {
    if g.winner().is_some() || !g.actors().contains(&me) {
        return None;
    }
    match g.stage() {
        Stage::StartUnit { .. } | Stage::Claim { .. } => {
            let legal = g.legal(me);
            legal
                .iter()
                .filter(|c| matches!(c, Command::Place(_)))
                .max_by_key(|c| match c {
                    Command::Place(Some(h)) => {
                        hex_value(g, me, *h) * 2 + i32::from(g.armies().is_empty(*h)) * 20
                    }
                    _ => -1000,
                })
                .copied()
        }
        Stage::Battle(b) => {
            let mine = g.armies().force(b.hex, me).fighters();
            let theirs = g.armies().force(b.hex, b.defender).fighters();
            let legal = g.legal(me);
            let attack = Command::Attack {
                hex: b.hex,
                dice: None,
            };
            if mine > theirs || (mine >= 2 && theirs <= 1) {
                return Some(attack);
            }
            [Command::Stop, Command::Retreat, attack]
                .into_iter()
                .find(|c| legal.contains(c))
        }
        Stage::Play => {
            let base_pick = base_bot::choose(g.base(), me, rng, mem);
            let my_main = g.current() == me && g.base().phase() == &base::Phase::Main;
            match base_pick {
                Some(base::Command::End) | None if my_main => {
                    army_action(g, me, rng).or(Some(Command::Base(base::Command::End)))
                }
                Some(c)
                    if g.check_base(me, &c).is_ok()
                        && g.clone().apply(me, &Command::Base(c), 0).is_ok() =>
                {
                    Some(Command::Base(c))
                }
                _ => {
                    if my_main {
                        army_action(g, me, rng).or(Some(Command::Base(base::Command::End)))
                    } else {
                        random(g, me, rng)
                    }
                }
            }
        }
    }
}

/// The best army command of the turn, if one is worth it.
fn army_action(g: &RiskGame, me: Seat, rng: &mut GameRng) -> Option<Command> {
    let legal = g.legal(me);
    let hand = *g.base().hand(me);
    let (_, declared) = g.bought_this_turn();
    let plenty: Option<Resource> = declared.or_else(|| {
        Resource::ALL
            .into_iter()
            .max_by_key(|r| (hand[*r], *r as u8))
            .filter(|r| hand[*r] >= 3)
    });
    let mut best: Option<(i32, Command)> = None;
    for c in legal {
        let score = match c {
            Command::Attack { hex, dice: None } => {
                let mine = g.armies().force(hex, me).fighters() as i32;
                let foe = g
                    .armies()
                    .owners(hex)
                    .into_iter()
                    .find(|s| *s != me)
                    .map_or(0, |s| g.armies().force(hex, s).fighters() as i32);
                if mine > foe { 60 + mine - foe } else { 0 }
            }
            Command::Barrage { .. } => 50,
            Command::Buy { kind, n, pay, at } => {
                if Some(pay) != plenty || n != 1 || hand[pay] < kind.cost() + 1 {
                    0
                } else {
                    let need = match g.hold(at) {
                        Hold::Controlled(p) if p == me => 0,
                        Hold::Contested(..) => 12,
                        _ => 8,
                    };
                    let kind_bonus = match kind {
                        crate::variants::risk::UnitKind::Foot => 3,
                        crate::variants::risk::UnitKind::Cavalry => 1,
                        crate::variants::risk::UnitKind::Cannon => 0,
                    };
                    if need == 0 {
                        0
                    } else {
                        20 + need + hex_value(g, me, at) + kind_bonus
                    }
                }
            }
            Command::Move {
                force, from, to, ..
            } => {
                let foe = g.armies().owners(to).into_iter().find(|s| *s != me);
                let stays = g.armies().force(from, me).total() - force.total();
                let leaves_control = stays < g.pips(from);
                match foe {
                    Some(f) => {
                        let theirs = g.armies().force(to, f).total();
                        if force.fighters() >= theirs + 2 && hex_value(g, me, to) > 6 {
                            30 + (force.fighters() - theirs) as i32
                        } else {
                            0
                        }
                    }
                    None if g.armies().is_empty(to)
                        && hex_value(g, me, to) > hex_value(g, me, from)
                        && !(leaves_control && hex_value(g, me, from) > 6) =>
                    {
                        10
                    }
                    None => 0,
                }
            }
            _ => 0,
        };
        if score > 0 {
            let score = score * 8 + rng.below(8) as i32;
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

impl BotPlay for RiskGame {
    type Memory = base_bot::Memory;

    fn random_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        _memory: &mut base_bot::Memory,
    ) -> Option<Command> {
        random(self, seat, rng)
    }

    fn heuristic_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        memory: &mut base_bot::Memory,
    ) -> Option<Command> {
        choose(self, seat, rng, memory)
    }

    fn winning_move(&self, seat: Seat) -> Option<Command> {
        if !matches!(self.stage(), Stage::Play) {
            return None;
        }
        base_bot::winning_move(self.base(), seat, |c| {
            let mut t = self.clone();
            t.apply(seat, &Command::Base(*c), 0).is_ok() && t.winner() == Some(seat)
        })
        .map(Command::Base)
    }

    fn answering(&self, seat: Seat) -> bool {
        matches!(self.stage(), Stage::Play) && base_bot::answering(self.base(), seat)
    }

    fn trade(&self, cmd: &Command) -> Option<TradeCommand> {
        match cmd {
            Command::Base(c) => c.trade(),
            _ => None,
        }
    }

    fn end_turn(&self, seat: Seat) -> Option<Command> {
        let end = Command::Base(base::Command::End);
        self.legal(seat).contains(&end).then_some(end)
    }

    fn searches(&self) -> bool {
        true
    }

    /// Every move of its own on its turn, in a battle it fights, and where its free units go
    /// ([`value::candidates`]): the value search compares them all.
    fn search_candidates(&self, me: Seat, medium: &Command, out: &mut Vec<Command>) {
        value::candidates(self, me, medium, out);
    }

    /// Hard scores positions with the value function ([`value`]).
    fn search_value(&self, me: Seat) -> Option<f64> {
        Some(value::value(self, me))
    }

    fn search_chance(&self, cmd: &Command) -> bool {
        value::chance(self, value::acting(self), cmd)
    }

    fn search_replies(&self, me: Seat, out: &mut Vec<Command>) {
        value::replies(self, me, out);
    }

    fn search_score(&self, me: Seat) -> f64 {
        base_bot::search_score(self.base(), me)
    }
}
