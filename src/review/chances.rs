//! One position's chances: the game played on to its end from there many times by `medium`
//! in every seat, seeing every hand, with the future dealt afresh each time.

use super::{Options, Replayed};
use crate::bots::{Bot, BotKind};
use crate::engine::{Millis, Seat};
use crate::ruleset::Ruleset;
use crate::variants::Game;

/// Commands and clock steps after which a playout is stopped (a runaway guard, as in
/// `catan sim`); the seats then leading on points share it.
pub const PLAYOUT_CAP: u64 = 30_000;

/// How many standard errors a difference must pass to be clear: a two-sided 95% interval.
pub const Z95: f64 = 1.96;

/// The 95% interval for the difference `b - a` of two shares of playouts won, `a` of `a_n`
/// playouts and `b` of `b_n`: its centre and its half-width. The interval is Agresti and
/// Caffo's (each share taken as (wins + 1) / (playouts + 2)), which stays honest at shares of
/// 0% and 100% where the plain normal interval claims certainty from a handful of playouts.
/// At 96 playouts a share it is about ±14 points between two shares of 50%, ±11 between two
/// of 20%, about ±6 near 0%. A share from no playouts (the game was over: certain) has no
/// error.
pub fn difference(a: f64, a_n: u32, b: f64, b_n: u32) -> (f64, f64) {
    let adjusted = |p: f64, n: u32| {
        if n == 0 {
            return (p, 0.0);
        }
        let n = f64::from(n);
        let t = (p * n + 1.0) / (n + 2.0);
        (t, t * (1.0 - t) / (n + 2.0))
    };
    let (a, var_a) = adjusted(a, a_n);
    let (b, var_b) = adjusted(b, b_n);
    (b - a, Z95 * (var_a + var_b).sqrt())
}

/// The chances at one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// By seat, summing to 1.
    pub chances: Vec<f64>,
    /// Playouts behind them (0: the game was over and they are certain).
    pub playouts: u32,
}

impl Estimate {
    /// Half the width of the widest seat's 95% interval (normal approximation).
    pub fn margin(&self) -> f64 {
        if self.playouts == 0 {
            return 0.0;
        }
        let n = f64::from(self.playouts);
        self.chances
            .iter()
            .map(|p| Z95 * (p * (1.0 - p) / n).sqrt())
            .fold(0.0, f64::max)
    }
}

/// The seed of playout `k` of a review seeded `seed`: the same at every point.
fn playout_seed(seed: u64, k: u32) -> u64 {
    crate::sim::game_seed(seed, k as usize)
}

/// Who a finished (or stopped) playout counts for: its winners, or the seats leading on
/// points; each gets an equal share of one.
fn credit(game: &Game, wins: &mut [f64]) {
    let seats: Vec<Seat> = match game.outcome() {
        Some(o) if !o.winners.is_empty() => o.winners,
        _ => {
            let pts: Vec<i64> = game
                .points_by_source()
                .iter()
                .map(|p| p.iter().map(|(_, v)| v).sum())
                .collect();
            let best = pts.iter().copied().max().unwrap_or(0);
            (0..pts.len() as Seat)
                .filter(|s| pts[*s as usize] == best)
                .collect()
        }
    };
    let share = 1.0 / seats.len().max(1) as f64;
    for s in seats {
        if let Some(w) = wins.get_mut(s as usize) {
            *w += share;
        }
    }
}

/// The chances at `game` (its clock at `now`), from `playouts` playouts seeded by `seed`.
pub fn estimate(game: &Game, now: Millis, playouts: u32, seed: u64) -> Estimate {
    let seats = game.seats();
    let mut wins = vec![0.0; seats];
    if game.outcome().is_some() {
        credit(game, &mut wins);
        return Estimate {
            chances: wins,
            playouts: 0,
        };
    }
    let mut played = 0u32;
    for k in 0..playouts.max(1) {
        let s = playout_seed(seed, k);
        let mut world = game.clone();
        world.reseed_future(s);
        let mut bots: Vec<Bot<Game>> = (0..seats)
            .map(|i| Bot::new(BotKind::Heuristic, crate::sim::bot_seed(s, i)))
            .collect();
        // A bot the rules refuse ends the playout where it stands: it counts as stopped.
        let _ = crate::sim::drive_from(&mut world, &mut bots, now, PLAYOUT_CAP, None);
        credit(&world, &mut wins);
        played += 1;
    }
    let n = f64::from(played);
    Estimate {
        chances: wins.into_iter().map(|w| w / n).collect(),
        playouts: played,
    }
}

/// The chances at each of `at` (positions of `r`), spread over `opts.threads` threads;
/// `tick` is called once per point.
pub fn estimate_all(
    r: &Replayed,
    at: &[usize],
    opts: &Options,
    tick: &(dyn Fn() + Sync),
) -> Vec<Estimate> {
    let threads = opts.threads.clamp(1, at.len().max(1));
    let one = |i: usize| {
        let e = estimate(&r.states[i], r.time(i), opts.playouts, opts.seed);
        tick();
        e
    };
    if threads == 1 {
        return at.iter().map(|&i| one(i)).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let out: std::sync::Mutex<Vec<Option<Estimate>>> = std::sync::Mutex::new(vec![None; at.len()]);
    std::thread::scope(|sc| {
        for _ in 0..threads {
            sc.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&i) = at.get(k) else { break };
                    let e = one(i);
                    out.lock().expect("no panics")[k] = Some(e);
                }
            });
        }
    });
    out.into_inner()
        .expect("no panics")
        .into_iter()
        .map(|e| e.expect("every point estimated"))
        .collect()
}
