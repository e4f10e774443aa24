//! The `hard` bot: flat Monte Carlo search over a few candidate moves, on games dealt afresh
//! from what its seat knows.
//!
//! Each decision starts from the `medium` heuristic's own pick. When the position offers a
//! real choice (where to settle in setup, where the robber goes, what to do with a hand on its
//! turn: build a city, a settlement, buy a card, play one, or end), the bot lists a handful of
//! candidates and plays each one out many times. Every playout starts with
//! [`Ruleset::redeterminize`]: the others' hands, the development deck and the dice are dealt
//! again from the bot's own stream, so the search never sees the true hidden state, and two
//! games that look the same from its seat give the same decision. The same deals are used for
//! every candidate (common random numbers), so candidates are compared on equal luck. A
//! playout runs the `medium` heuristic in every seat for two rounds, then scores the position
//! (a win, or points plus production against the best opponent). The heuristic's pick stands
//! unless another candidate beats it clearly on the same deals (by two standard errors of the
//! paired differences): a search too short to tell never moves the bot off a sound plan.
//!
//! It thinks within a [`Budget`]: a wall-clock time (people's tables) or a fixed number of
//! playouts (`catan sim`, so a seed gives the same games on any machine). A position with one
//! candidate costs no playouts at all.

use super::{Bot, BotKind};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Seat};
use crate::ruleset::BotPlay;
use std::time::{Duration, Instant};

/// How long the `hard` bot may think about one decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many playouts in all, spread over the candidates (at least one each):
    /// reproducible for a seed.
    Playouts(u32),
    /// Wall-clock time; at least one playout per candidate.
    Time(Duration),
}

/// Playouts a decision gets in `catan sim` unless `--bot-budget` says otherwise.
pub const DEFAULT_PLAYOUTS: u32 = 240;
/// Wall-clock time a decision gets at a table unless `--bot-think-secs` says otherwise.
pub const DEFAULT_THINK: Duration = Duration::from_millis(1000);
/// Most candidates a decision looks at (the heuristic's pick is always one).
const MAX_CANDIDATES: usize = 8;
/// Commands after which a playout is cut whatever happened (a runaway guard).
const PLAYOUT_MOVES: u32 = 4000;
/// Smallest mean gain in score over the heuristic's pick that makes the bot play another.
const MIN_GAIN: f64 = 0.01;
/// Standard errors of the paired differences that gain must also clear.
const CONFIDENCE: f64 = 2.0;

/// What the search did, for `catan sim`'s report and the decision-time table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Decisions the bot made (searched or not).
    pub decisions: u64,
    /// Decisions that had more than one candidate and were searched.
    pub searched: u64,
    pub playouts: u64,
    /// Time spent searching, nanoseconds.
    pub nanos: u64,
    /// Each decision's time in microseconds (searched or not).
    pub micros: Vec<u32>,
    /// The searched decisions' times in microseconds.
    pub searched_micros: Vec<u32>,
}

impl Stats {
    /// Adds another bot's (or game's) figures to these.
    pub fn merge(&mut self, o: &Stats) {
        self.decisions += o.decisions;
        self.searched += o.searched;
        self.playouts += o.playouts;
        self.nanos += o.nanos;
        self.micros.extend_from_slice(&o.micros);
        self.searched_micros.extend_from_slice(&o.searched_micros);
    }
}

/// Whether `hard` searches in this game's ruleset; elsewhere it plays as `medium` (real-time
/// rulesets leave no time for playouts between a bot's commands, and Adaptations has no
/// hidden-state hook).
pub fn searches<R: BotPlay>(game: &R) -> bool {
    game.searches()
}

/// The hard bot's command for `me`. `medium` is the heuristic's pick for this position.
pub fn choose<R: BotPlay>(
    game: &R,
    me: Seat,
    medium: Option<R::Command>,
    rng: &mut GameRng,
    budget: Budget,
    stats: &mut Stats,
) -> Option<R::Command> {
    let start = Instant::now();
    let searched = stats.searched;
    let pick = decide(game, me, medium, rng, budget, stats);
    let micros = start.elapsed().as_micros().min(u32::MAX as u128) as u32;
    stats.decisions += 1;
    stats.micros.push(micros);
    if stats.searched > searched {
        stats.searched_micros.push(micros);
    }
    pick
}

fn decide<R: BotPlay>(
    game: &R,
    me: Seat,
    medium: Option<R::Command>,
    rng: &mut GameRng,
    budget: Budget,
    stats: &mut Stats,
) -> Option<R::Command> {
    let medium = medium?;
    let cands = candidates(game, me, &medium);
    if cands.len() < 2 {
        return Some(medium);
    }
    let start = Instant::now();
    let n = cands.len();
    let rounds_for_playouts = |p: u32| (p as usize / n).max(1);
    // scores[r * n + i]: candidate i's score on deal r.
    let mut scores: Vec<f64> = Vec::new();
    let mut rounds = 0usize;
    loop {
        let deal_seed = rng.next_seed();
        for c in &cands {
            scores.push(playout(game, me, c, deal_seed));
            stats.playouts += 1;
        }
        rounds += 1;
        let done = match budget {
            Budget::Playouts(p) => rounds >= rounds_for_playouts(p),
            Budget::Time(d) => start.elapsed() >= d,
        };
        if done {
            break;
        }
    }
    stats.searched += 1;
    stats.nanos += start.elapsed().as_nanos().min(u64::MAX as u128) as u64;
    Some(cands[pick_over_heuristic(&scores, n, rounds)].clone())
}

/// The candidate to play: the heuristic's pick (index 0) unless another beat it clearly on
/// the same deals, by a mean gain above [`MIN_GAIN`] and [`CONFIDENCE`] standard errors of
/// the paired differences. Noise alone never moves the bot off a sound plan.
fn pick_over_heuristic(scores: &[f64], n: usize, rounds: usize) -> usize {
    let mut best = (0, 0.0);
    for i in 1..n {
        let diffs = (0..rounds).map(|r| scores[r * n + i] - scores[r * n]);
        let mean = diffs.clone().sum::<f64>() / rounds as f64;
        let var = if rounds > 1 {
            diffs.map(|d| (d - mean) * (d - mean)).sum::<f64>() / (rounds - 1) as f64
        } else {
            f64::INFINITY
        };
        let se = (var / rounds as f64).sqrt();
        if mean > MIN_GAIN && mean > CONFIDENCE * se && mean > best.1 {
            best = (i, mean);
        }
    }
    best.0
}

/// The moves worth comparing here, the heuristic's pick first; all of them legal.
fn candidates<R: BotPlay>(game: &R, me: Seat, medium: &R::Command) -> Vec<R::Command> {
    let mut out = vec![medium.clone()];
    let mut more = Vec::new();
    game.search_candidates(me, medium, &mut more);
    for c in more {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out.truncate(MAX_CANDIDATES);
    out
}

/// One playout of `cand` on a game dealt from `deal_seed`: its score for `me`, 0 to 1.
fn playout<R: BotPlay>(game: &R, me: Seat, cand: &R::Command, deal_seed: u64) -> f64 {
    let mut world = game.clone();
    let mut deal = GameRng::new(deal_seed);
    world.redeterminize(me, &mut deal);
    let now: Millis = 0;
    if world.apply(me, cand, now).is_err() {
        return 0.0;
    }
    let seats = world.seats();
    let mut bots: Vec<Bot<R>> = (0..seats)
        .map(|s| {
            Bot::new(
                BotKind::Heuristic,
                deal_seed ^ ((s as u64 + 1) * 0x9e37_79b9),
            )
        })
        .collect();
    let start_turn = world.turns().max(1);
    let end_turn = start_turn + 2 * seats as u32;
    let mut actors: Vec<Seat> = Vec::with_capacity(seats);
    let mut moves = 0u32;
    while world.outcome().is_none() && world.turns() < end_turn && moves < PLAYOUT_MOVES {
        actors.clear();
        actors.extend(world.actors());
        let current = world.current_player();
        let answering = actors.iter().copied().filter(|s| Some(*s) != current);
        let playing = current.filter(|c| actors.contains(c));
        let mut acted = false;
        for seat in answering.chain(playing) {
            let Some(cmd) = bots[seat as usize].choose(&world, seat) else {
                continue;
            };
            if world.apply(seat, &cmd, now).is_ok() {
                acted = true;
                moves += 1;
                break;
            }
        }
        if !acted {
            break;
        }
    }
    score(&world, me)
}

/// A position's worth to `me`: 1 for a win, 0 for a loss, else as the ruleset judges it
/// ([`BotPlay::search_score`]).
fn score<R: BotPlay>(world: &R, me: Seat) -> f64 {
    if let Some(o) = world.outcome() {
        return if o.winners.contains(&me) { 1.0 } else { 0.0 };
    }
    world.search_score(me)
}
