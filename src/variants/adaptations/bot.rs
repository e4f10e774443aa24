//! Bots for Adaptations. Both pick only from the commands the rules list as legal for their
//! seat, so they never send a refused command.
//!
//! `random` draws a kind of command uniformly (drift, water drift, discard, migrate, done,
//! ...) and then one command of that kind, so the hundreds of possible water drifts do not
//! crowd out everything else.
//!
//! The heuristic plays a simple, quick game:
//! - Setup: the two roomiest land hexes (capacity left), preferring two different ones.
//! - Phase 1: a season change that raises the capacity of the land its herds live on most and
//!   lowers the land where opponents crowd; a water drift that drowns only opponents'
//!   swimmers; then discards its whole hand for a bonus marker while one is left, else `done`.
//! - Phase 2: rescues its swimmers, moves herds out of crowded hexes where it would lose
//!   them, reproduces where there is room, buys Aggressive to stay ahead in shared hexes and
//!   Intelligence when it can, spreads to empty land, then `done`.
//! - Phase 3: declares conflicts only where every opponent present is less aggressive; on a
//!   Retreat prompt, the rules' default.

use crate::bots::legal::random_by_kind;
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::ruleset::{BotPlay, Ruleset};
use crate::variants::adaptations::command::Command;
use crate::variants::adaptations::{AdaptGame, Adaptation, Phase};

/// A kind of command, for the random bot's first draw.
fn kind(c: &Command) -> u8 {
    match c {
        Command::Place(..) => 0,
        Command::Drift { .. } => 1,
        Command::Water { .. } => 2,
        Command::Season { .. } => 3,
        Command::TripleDrift { .. } => 4,
        Command::TripleSeason { .. } => 5,
        Command::Discard(_) => 6,
        Command::Done => 7,
        Command::Clear(_) => 8,
        Command::Buy(_) => 9,
        Command::TradeIn(_) => 10,
        Command::Migrate(_) => 11,
        Command::Swim(_) => 12,
        Command::Reproduce(_) => 13,
        Command::Conflict(_) => 14,
        Command::Retreat(_) => 15,
        Command::Stay => 16,
    }
}

/// The random bot: a kind uniformly, then a command of that kind uniformly.
pub fn random(g: &AdaptGame, me: Seat, rng: &mut GameRng) -> Option<Command> {
    random_by_kind(g.legal(me), kind, rng)
}

/// The heuristic's next command for `me`, or `None` when it has nothing to do.
pub fn choose(g: &AdaptGame, me: Seat, rng: &mut GameRng) -> Option<Command> {
    let legal = g.legal(me);
    if legal.is_empty() {
        return None;
    }
    let room = |h| g.capacity(h).unwrap_or(0) as i64 - g.total_at(h) as i64;
    let pick = match g.phase() {
        Phase::Over => None,
        Phase::Placement { .. } => legal
            .iter()
            .max_by_key(|c| match c {
                Command::Place(a, b) => {
                    let both = if a == b {
                        room(*a) - 1
                    } else {
                        room(*a) + room(*b)
                    };
                    (both, (a != b) as i64, rng_tie(rng))
                }
                _ => (i64::MIN, 0, 0),
            })
            .cloned(),
        Phase::Climate { .. } => climate(g, me, &legal),
        Phase::Evolution { .. } => evolution(g, me, &legal),
        Phase::Territorial { .. } => legal
            .iter()
            .find(|c| match c {
                Command::Conflict(h) => (0..g.seats() as Seat).all(|o| {
                    o == me || g.herds_at(*h, o) == 0 || g.aggressiveness(o) < g.aggressiveness(me)
                }),
                _ => false,
            })
            .cloned(),
        Phase::Retreat { .. } => Some(match g.default_retreat(me) {
            Some(h) => Command::Retreat(h),
            None => Command::Stay,
        }),
    };
    pick.or(Some(Command::Done))
        .filter(|c| legal.contains(c))
        .or_else(|| legal.last().cloned())
}

fn rng_tie(rng: &mut GameRng) -> i64 {
    rng.below(1000) as i64
}

/// Herds of `who` (or of everyone but `who` when `others`) on land of each card's type.
fn herds_on(g: &AdaptGame, who: Seat, others: bool) -> [u32; 5] {
    let mut out = [0u32; 5];
    for (h, v) in g.herds() {
        if let Some(r) = g.land(*h).and_then(|t| t.resource()) {
            let n: u32 = if others {
                v.iter()
                    .enumerate()
                    .filter(|(s, _)| *s != who as usize)
                    .map(|(_, c)| c)
                    .sum()
            } else {
                v[who as usize]
            };
            out[r as usize] += n;
        }
    }
    out
}

fn climate(g: &AdaptGame, me: Seat, legal: &[Command]) -> Option<Command> {
    let mine = herds_on(g, me, false);
    let theirs = herds_on(g, me, true);
    // A water drift that drowns opponents and none of ours.
    if let Some(c) = legal.iter().find(|c| match c {
        Command::Water { to, .. } => g.herds_at(*to, me) == 0 && g.total_at(*to) > 0,
        _ => false,
    }) {
        return Some(c.clone());
    }
    // The best season change, if it helps.
    let best_season = legal
        .iter()
        .filter_map(|c| match c {
            Command::Season { high, low } => {
                let gain = mine[*high as usize] as i64 - theirs[*high as usize] as i64 / 2
                    + theirs[*low as usize] as i64 / 2
                    - mine[*low as usize] as i64;
                Some((gain, c))
            }
            _ => None,
        })
        .max_by_key(|(gain, _)| *gain);
    if let Some((gain, c)) = best_season
        && gain > 0
    {
        return Some(c.clone());
    }
    // Discard everything for a marker while one is left.
    let markers_left = (0..g.seats() as Seat).filter(|s| g.marker(*s)).count() < 2;
    if markers_left && !g.hand(me).is_empty() {
        let all = *g.hand(me);
        return Some(Command::Discard(all));
    }
    Some(Command::Done)
}

fn evolution(g: &AdaptGame, me: Seat, legal: &[Command]) -> Option<Command> {
    let room = |h| g.capacity(h).unwrap_or(0) as i64 - g.total_at(h) as i64;
    // Rescue swimmers onto land with room.
    if let Some(c) = legal
        .iter()
        .filter(|c| match c {
            Command::Swim(s) => !g.is_land(s[0].from) && g.is_land(s[0].to),
            _ => false,
        })
        .max_by_key(|c| match c {
            Command::Swim(s) => (s[0].n, room(s[0].to)),
            _ => (0, 0),
        })
    {
        return Some(c.clone());
    }
    // Herds that would be lost in a crowded hex: move them where there is room.
    let loses_at = |h| {
        let cap = g.capacity(h).unwrap_or(0);
        let mine = g.herds_at(h, me);
        mine > 0
            && g.total_at(h) > cap
            && (0..g.seats() as Seat).all(|o| {
                o == me || g.herds_at(h, o) == 0 || g.aggressiveness(o) >= g.aggressiveness(me)
            })
    };
    if let Some(c) = legal
        .iter()
        .filter(|c| match c {
            Command::Migrate(s) => {
                let st = s[0];
                loses_at(st.from)
                    && room(st.to) >= st.n as i64
                    && st.n as i64
                        <= g.total_at(st.from) as i64 - g.capacity(st.from).unwrap_or(0) as i64
            }
            _ => false,
        })
        .max_by_key(|c| match c {
            Command::Migrate(s) => s[0].n,
            _ => 0,
        })
    {
        return Some(c.clone());
    }
    // Intelligence is 6 VP for 12 AP.
    if legal.contains(&Command::Buy(Adaptation::Intelligence)) {
        return Some(Command::Buy(Adaptation::Intelligence));
    }
    // Reproduce where there is room.
    if let Some(c) = legal
        .iter()
        .filter(|c| match c {
            Command::Reproduce(v) => v
                .iter()
                .all(|h| room(*h) >= v.iter().filter(|x| *x == h).count() as i64),
            _ => false,
        })
        .max_by_key(|c| match c {
            Command::Reproduce(v) => (v.len(), v.iter().map(|h| room(*h)).sum::<i64>()),
            _ => (0, 0),
        })
    {
        return Some(c.clone());
    }
    // Stay at least as aggressive as those we share hexes with.
    let rival = g
        .herds()
        .iter()
        .filter(|(_, v)| v[me as usize] > 0)
        .flat_map(|(_, v)| {
            v.iter()
                .enumerate()
                .filter(|(s, c)| *s != me as usize && **c > 0)
                .map(|(s, _)| g.aggressiveness(s as Seat))
        })
        .max();
    if rival.is_some_and(|r| r >= g.aggressiveness(me))
        && legal.contains(&Command::Buy(Adaptation::Aggressive))
    {
        return Some(Command::Buy(Adaptation::Aggressive));
    }
    // Spread to empty land.
    if let Some(c) = legal.iter().find(|c| match c {
        Command::Migrate(s) => {
            let st = s[0];
            st.n == 1 && g.total_at(st.to) == 0 && g.herds_at(st.from, me) >= 2
        }
        _ => false,
    }) {
        return Some(c.clone());
    }
    if g.ap(me) >= 2 && g.ap(me) < 12 && legal.contains(&Command::Buy(Adaptation::Aggressive)) {
        // Save for Intelligence while it is in the supply; otherwise aggression pays 1 VP.
        if g.supply(Adaptation::Intelligence) == 0 {
            return Some(Command::Buy(Adaptation::Aggressive));
        }
    }
    Some(Command::Done)
}

impl BotPlay for AdaptGame {
    type Memory = ();

    fn random_command(&self, seat: Seat, rng: &mut GameRng, _memory: &mut ()) -> Option<Command> {
        random(self, seat, rng)
    }

    fn heuristic_command(&self, seat: Seat, rng: &mut GameRng, _: &mut ()) -> Option<Command> {
        choose(self, seat, rng)
    }

    /// No trades between players, so never answering one (without listing the legal moves).
    fn answering(&self, _seat: Seat) -> bool {
        false
    }
}
