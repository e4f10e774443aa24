//! The `hard` bot: flat Monte Carlo search over a few candidate moves, on games dealt afresh
//! from what its seat knows.
//!
//! Each decision starts from the `medium` heuristic's own pick. When the position offers a real
//! choice (where to settle in setup and where its road points, where the robber goes, what to do
//! with a hand on its turn: build a city, a settlement, buy a card, play one, or end; whether to
//! take an offer, what to discard), the bot lists the candidates and compares them. Setup's few are
//! each played out many times; every playout starts with [`Ruleset::redeterminize`]: the others'
//! hands, the development deck and the dice are dealt again from the bot's own stream, so the
//! search never sees the true hidden state, and two games that look the same from its seat give the
//! same decision. The same deals are used for every candidate (common random numbers), so
//! candidates are compared on equal luck. A playout runs the `medium` heuristic in every seat, to
//! the end of the game where a decision shapes all of it (setup: [`BotPlay::search_rounds`]) and
//! otherwise for two rounds, then scores the position (a win, a loss by how near it came, or points
//! plus production against the best opponent). The budget goes by successive halving: each phase
//! drops the worse half of the candidates, so the last challenger is played the most. The
//! heuristic's pick stands unless that challenger beats it clearly on the same deals (by standard
//! errors of the paired differences): a search too short to tell never moves the bot off a sound
//! plan.
//!
//! Where the ruleset brings an evaluation ([`BotPlay::search_value`]; base Catan after setup,
//! and any ruleset that implements it) the bot compares every move of its own by the position it leads to
//! (expectimax: a move that draws on hidden cards or the dice is averaged over the same fresh
//! deals for every move, then the best of its own next moves whose outcome is known, then the
//! value), and leaves the heuristic's pick only for a move clearly better ([`MEDIUM_EDGE`]).
//! In base Catan, where a whole game is cheap, the value's pick is then checked: both moves
//! are played to the end of the game by the heuristic in every seat on the same deals, and
//! the value's pick is played only if it won more of them ([`check_by_games`]), so the value
//! may propose more freely ([`CHECKED_EDGE`]). Base Catan's setup plays out as above.
//!
//! It thinks within a [`Budget`]: a wall-clock time (people's tables) or a fixed number of
//! playouts (`catan sim`, so a seed gives the same games on any machine). A position with one
//! candidate costs no playouts at all. A decision is planned ([`plan`]) and then run as a
//! [`Job`] that owns what it needs, so a table can run it on a thread of its own.

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
/// Most candidates a decision looks at (the heuristic's pick is always one).
const MAX_CANDIDATES: usize = 8;
/// Commands after which a playout is cut whatever happened (a runaway guard).
const PLAYOUT_MOVES: u32 = 4000;
/// Most a lost whole game of setup's playouts scores (by the share of the winner's points the
/// bot reached): from the start of the game a near miss tells a good spot from a poor one with
/// less noise than win or lose alone.
pub(crate) const LOSS_SHARE: f64 = 0.4;
/// What a lost game scores in a check by whole games: nothing. A check compares two moves of
/// one position in the middle of the game, where points reached in a lost game reward what
/// does not win (a late settlement for its point). Counting wins alone measured better
/// (CHANGELOG.md, "Bots").
pub(crate) const CHECK_LOSS_SHARE: f64 = 0.0;
/// Commands after which a whole-game playout is cut (a runaway guard).
const GAME_MOVES: u32 = 30_000;
/// Smallest mean gain in score over the heuristic's pick that makes the bot play another.
const MIN_GAIN: f64 = 0.01;
/// Standard errors of the paired differences that gain must also clear, after two-round
/// playouts (their evaluation is biased: without this rule the search played worse than
/// medium).
const CONFIDENCE: f64 = 2.0;
/// The same after whole-game playouts (setup), whose scores are the games' own ends.
const GAME_CONFIDENCE: f64 = 1.0;

/// What the search did, for `catan sim`'s report and the decision-time table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Decisions the bot made (searched or not).
    pub decisions: u64,
    /// Decisions that had more than one candidate and were searched.
    pub searched: u64,
    /// Playouts played, lines valued by a value search, and the games of its checks.
    pub playouts: u64,
    /// Time spent searching, nanoseconds.
    pub nanos: u64,
    /// CPU time the searches used on their own threads, nanoseconds (0 where the platform
    /// does not say): playouts per CPU second are the bot's speed on one core, whatever the
    /// machine's load.
    pub cpu_nanos: u64,
    /// Each decision's time in microseconds (searched or not).
    pub micros: Vec<u32>,
    /// The searched decisions' times in microseconds.
    pub searched_micros: Vec<u32>,
    /// The searched decisions' CPU time on their own thread, in microseconds: what a
    /// decision costs one core, whatever else the machine runs (wall times on a shared
    /// machine also hold the time other programs had the core). Empty where the platform
    /// does not give a thread's CPU time.
    pub searched_cpu_micros: Vec<u32>,
    /// Value-search picks that left the heuristic's and were checked by whole games.
    pub checks: u64,
    /// Those the games confirmed (and the bot played); the others gave way to the
    /// heuristic's pick.
    pub checks_kept: u64,
}

impl Stats {
    /// Adds another bot's (or game's) figures to these.
    pub fn merge(&mut self, o: &Stats) {
        self.decisions += o.decisions;
        self.searched += o.searched;
        self.playouts += o.playouts;
        self.nanos += o.nanos;
        self.cpu_nanos += o.cpu_nanos;
        self.micros.extend_from_slice(&o.micros);
        self.searched_micros.extend_from_slice(&o.searched_micros);
        self.searched_cpu_micros
            .extend_from_slice(&o.searched_cpu_micros);
        self.checks += o.checks;
        self.checks_kept += o.checks_kept;
    }
}

/// CPU time this thread has used so far, where the platform says (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(unix)]
pub fn thread_cpu() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's whole duration.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    ok.then(|| {
        Duration::new(
            ts.tv_sec.max(0) as u64,
            ts.tv_nsec.clamp(0, 999_999_999) as u32,
        )
    })
}

/// CPU time this thread has used so far: not known on this platform.
#[cfg(not(unix))]
pub fn thread_cpu() -> Option<Duration> {
    None
}

/// Whether `hard` searches in this game's ruleset; elsewhere it plays as `medium` (real-time
/// rulesets leave no time for playouts between a bot's commands, and a ruleset may have no
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
    match plan(game, me, medium, rng, budget) {
        Plan::Ready(pick) => {
            stats.record(start.elapsed(), false);
            pick
        }
        Plan::Search(job) => job.run_timed(start, stats),
    }
}

/// What a decision needs: nothing more (the pick is known), or a search to run.
pub enum Plan<R: BotPlay> {
    /// The command (or nothing to do), known without playouts.
    Ready(Option<R::Command>),
    /// A search over several candidates, to run here or on another thread.
    Search(Job<R>),
}

/// A search with everything it needs owned, so that a table can run it off its own task
/// (a thread) while people keep playing, and apply the result only if the position is
/// still the same.
pub struct Job<R: BotPlay> {
    game: R,
    me: Seat,
    /// The candidates, the heuristic's pick first.
    cands: Vec<R::Command>,
    /// Seeds the deals, drawn from the bot's own stream.
    seed: u64,
    budget: Budget,
}

/// The first half of a decision: the heuristic's pick `medium` and the candidates beside it.
/// A position with one candidate needs no search; otherwise the returned job draws its deals
/// from a seed taken from `rng` (so a seeded bot stays reproducible wherever the job runs).
pub fn plan<R: BotPlay>(
    game: &R,
    me: Seat,
    medium: Option<R::Command>,
    rng: &mut GameRng,
    budget: Budget,
) -> Plan<R> {
    let Some(medium) = medium else {
        return Plan::Ready(None);
    };
    let cands = candidates(game, me, &medium);
    if cands.len() < 2 {
        return Plan::Ready(Some(medium));
    }
    Plan::Search(Job {
        game: game.clone(),
        me,
        cands,
        seed: rng.next_seed(),
        budget,
    })
}

impl Stats {
    fn record(&mut self, took: Duration, searched: bool) {
        let micros = took.as_micros().min(u32::MAX as u128) as u32;
        self.decisions += 1;
        self.micros.push(micros);
        if searched {
            self.searched += 1;
            self.searched_micros.push(micros);
        }
    }
}

impl<R: BotPlay> Job<R> {
    /// Runs the search: the candidate to play. Its figures go to `stats`.
    pub fn run(self, stats: &mut Stats) -> Option<R::Command> {
        self.run_timed(Instant::now(), stats)
    }

    /// Runs the search as [`Job::run`] does (the same pick) and says how it was reached:
    /// what a hint tells a player beside the move.
    pub fn run_explained(self) -> (R::Command, Explained<R>) {
        let Searched {
            pick,
            playouts,
            check,
        } = self.search(Instant::now());
        let explained = Explained {
            plan: self.cands[0].clone(),
            candidates: self.cands.len(),
            playouts,
            checked: check,
        };
        (self.cands[pick].clone(), explained)
    }

    fn run_timed(self, decided_at: Instant, stats: &mut Stats) -> Option<R::Command> {
        let start = Instant::now();
        let cpu_start = thread_cpu();
        let Searched {
            pick,
            playouts,
            check,
        } = self.search(start);
        stats.playouts += playouts;
        if let Some(kept) = check {
            stats.checks += 1;
            stats.checks_kept += u64::from(kept);
        }
        stats.nanos += start.elapsed().as_nanos().min(u64::MAX as u128) as u64;
        stats.record(decided_at.elapsed(), true);
        if let (Some(a), Some(b)) = (cpu_start, thread_cpu()) {
            let used = b.saturating_sub(a);
            stats.cpu_nanos += used.as_nanos().min(u64::MAX as u128) as u64;
            let micros = used.as_micros().min(u32::MAX as u128) as u32;
            stats.searched_cpu_micros.push(micros);
        }
        Some(self.cands[pick].clone())
    }

    /// Successive halving over the candidates: each phase plays every candidate still in
    /// on the same fresh deals (common random numbers), then keeps the better half by mean
    /// score, the heuristic's pick always among them (it is what the others are measured
    /// against). The budget is spread evenly over the phases, so the few candidates left at
    /// the end get the most playouts.
    fn search(&self, start: Instant) -> Searched {
        if self.game.search_value(self.me).is_some() {
            return self.value_search(start);
        }
        let n = self.cands.len();
        let rounds = self.game.search_rounds();
        // Whole games (setup) are bought at their own rate ([`GAMES_PER_PLAYOUT`]).
        let total = match (self.budget, rounds) {
            (Budget::Playouts(p), None) => (p * GAMES_PER_PLAYOUT).max(n as u32),
            (Budget::Playouts(p), Some(_)) => p,
            (Budget::Time(_), _) => 0,
        } as usize;
        let phases = phases_for(n);
        let mut deals = GameRng::new(self.seed);
        // scores[i][d]: candidate i's score on deal d (candidates out of the race stop).
        let mut scores: Vec<Vec<f64>> = vec![Vec::new(); n];
        let mut alive: Vec<usize> = (0..n).collect();
        let mut playouts = 0u64;
        for phase in 0..phases {
            let per = (total / phases / alive.len()).max(1);
            let until = match self.budget {
                Budget::Time(d) => Some(start + d.mul_f64((phase + 1) as f64 / phases as f64)),
                Budget::Playouts(_) => None,
            };
            let mut k = 0;
            loop {
                let deal_seed = deals.next_seed();
                for &i in &alive {
                    scores[i].push(playout(
                        &self.game,
                        self.me,
                        &self.cands[i],
                        deal_seed,
                        rounds,
                        LOSS_SHARE,
                    ));
                    playouts += 1;
                }
                k += 1;
                let done = match until {
                    Some(t) => Instant::now() >= t,
                    None => k >= per,
                };
                if done {
                    break;
                }
            }
            if phase + 1 < phases {
                alive = halve(&alive, &scores);
            }
        }
        // Whole games are scored by how they end, without the bias of a two-round
        // evaluation: one standard error is enough there.
        let confidence = if rounds.is_none() {
            GAME_CONFIDENCE
        } else {
            CONFIDENCE
        };
        Searched {
            pick: pick_over_heuristic(&scores, &alive, confidence),
            playouts,
            check: None,
        }
    }
}

/// How a search reached its pick ([`Job::run_explained`]).
#[derive(Clone, Debug)]
pub struct Explained<R: BotPlay> {
    /// The heuristic's pick: the plan the search measured the others against.
    pub plan: R::Command,
    /// Moves compared, the plan among them.
    pub candidates: usize,
    /// Playouts (or lines valued, and games of a check) spent.
    pub playouts: u64,
    /// Whether whole games confirmed a pick other than the plan (`None`: no check played).
    pub checked: Option<bool>,
}

/// What a search found: the candidate to play, the playouts (and lines valued) it spent, and
/// whether a check by whole games kept the value's pick (`None`: no check was played).
struct Searched {
    pick: usize,
    playouts: u64,
    check: Option<bool>,
}

/// Whole-game playouts (setup's) a decision plays for each playout of the count budget: the default
/// 240 buys 480 games. Setup shapes the whole game and is searched only four times a game (two
/// settlements, two roads), so it gets more games than a playout of the count budget would buy;
/// the slowest setup decision stays well inside a second of one core.
pub const GAMES_PER_PLAYOUT: u32 = 2;

/// Playouts of the count budget one deal of the value search stands for: the default 240
/// buys eight deals.
const DEAL_COST: u32 = 30;
/// Fewest and most deals a value search averages its chance moves over.
const DEALS: (u32, u32) = (2, 64);
/// Deals a value search uses under a time budget (it stops early when the time is up).
const TIME_DEALS: u32 = 16;
/// What the heuristic's pick gets on top of its value in a value search where nothing checks
/// the pick by whole games (every ruleset's value search but base Catan's): another move must be better by more than this, in
/// victory points. The value function is a rough guide, and medium's plans are sound: with no
/// edge hard won 31 of 100 games against three medium, with 0.2 it won 44 and 36 (seeds 1
/// and 2), with 0.35 42 and 49 (docs/bots.md).
const MEDIUM_EDGE: f64 = 0.35;
/// The heuristic's edge where the value's pick is then checked by whole games
/// ([`BotPlay::search_checks_by_games`]): a move the value wrongly favours is caught by the
/// games, so the value may propose more. On seed 2 (500 games against three medium), with
/// checks of 120 pairs, hard won 48.8% at an edge of 0.35 and 54.6% at 0.1 (46.2% with no
/// check; docs/bots.md).
const CHECKED_EDGE: f64 = 0.1;
/// Pairs of whole games a check plays for each playout of the count budget: the default 240
/// buys 240 pairs (480 games); 120 pairs gave 54.6% on seed 2, 240 56.2% (not told apart).
const CHECK_PAIRS_PER_PLAYOUT: u32 = 1;
/// Fewest pairs a check must play before it may overturn the heuristic's pick: fewer say
/// nothing.
const MIN_CHECK_PAIRS: u32 = 16;
/// Mixed into the job's seed for the check's deals, so they differ from the value's deals.
const CHECK_SEED: u64 = 0x5eed_a4b1;

impl<R: BotPlay> Job<R> {
    /// Expectimax over the candidates with the ruleset's value at the leaves: each candidate
    /// is applied, then the best of the seat's own next moves ([`BotPlay::search_replies`],
    /// those whose outcome is known) or none, and the position valued
    /// ([`BotPlay::search_value`]). A candidate that draws on hidden state or the dice
    /// ([`BotPlay::search_chance`]) is averaged over the same fresh deals for every one of
    /// them (common random numbers); the others are played once. The highest mean wins, the
    /// heuristic's pick on ties. Where the ruleset says so, a pick other than the
    /// heuristic's is then checked by whole games ([`check_by_games`]).
    fn value_search(&self, start: Instant) -> Searched {
        let deals = match self.budget {
            Budget::Playouts(p) => (p / DEAL_COST).clamp(DEALS.0, DEALS.1),
            Budget::Time(_) => TIME_DEALS,
        } as usize;
        let until = match self.budget {
            Budget::Time(d) => Some(start + d),
            Budget::Playouts(_) => None,
        };
        let mut seeds = GameRng::new(self.seed);
        let worlds: Vec<R> = (0..deals)
            .map(|_| {
                let mut w = self.game.clone();
                w.redeterminize(self.me, &mut GameRng::new(seeds.next_seed()));
                w
            })
            .collect();
        let checked = self.game.search_checks_by_games();
        let edge = if checked { CHECKED_EDGE } else { MEDIUM_EDGE };
        let mut replies = Vec::new();
        let mut best = (0usize, f64::NEG_INFINITY);
        let mut lines = 0u64;
        for (i, cand) in self.cands.iter().enumerate() {
            if i > 0 && until.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            let n = if self.game.search_chance(cand) {
                deals
            } else {
                1
            };
            let mut sum = 0.0;
            for world in &worlds[..n] {
                sum += line_value(world, self.me, cand, &mut replies);
                lines += 1;
            }
            let mut q = sum / n as f64;
            if i == 0 {
                q += edge;
            }
            if q > best.1 {
                best = (i, q);
            }
        }
        if best.0 == 0 || !checked {
            return Searched {
                pick: best.0,
                playouts: lines,
                check: None,
            };
        }
        // Under a time budget a check plays what `catan sim` measured, and stops early if
        // the time runs out first.
        let pairs = match self.budget {
            Budget::Playouts(p) => p.saturating_mul(CHECK_PAIRS_PER_PLAYOUT),
            Budget::Time(_) => DEFAULT_PLAYOUTS * CHECK_PAIRS_PER_PLAYOUT,
        }
        .max(MIN_CHECK_PAIRS);
        let (kept, games) = check_by_games(
            &self.game,
            self.me,
            &self.cands[0],
            &self.cands[best.0],
            pairs,
            until,
            self.seed,
        );
        Searched {
            pick: if kept { best.0 } else { 0 },
            playouts: lines + games,
            check: Some(kept),
        }
    }
}

/// Checks the value search's `challenger` against the heuristic's pick: plays both to the end of
/// the game on the same fresh deals of what `me` cannot see (medium in every seat, as in setup's
/// playouts), `pairs` times or until `until`, and keeps the challenger only if it won more of them
/// (a lost game scores nothing here, [`CHECK_LOSS_SHARE`]). The value compares positions a move or
/// two ahead and can favour a move that loses later (holding a knight, a road for its own sake);
/// the games carry the consequences to the end. The bare mean decides (no standard errors, unlike
/// setup's rule): the value has already said the challenger is better, and a wrong call between two
/// close moves costs little; this rule is the one measured (CHANGELOG.md, "Bots"). Fewer
/// than [`MIN_CHECK_PAIRS`] pairs played (a time budget run out, or a smaller count asked for)
/// leave the heuristic's pick. Returns whether the challenger is kept, and the games played.
pub(crate) fn check_by_games<R: BotPlay>(
    game: &R,
    me: Seat,
    heuristic: &R::Command,
    challenger: &R::Command,
    pairs: u32,
    until: Option<Instant>,
    seed: u64,
) -> (bool, u64) {
    let mut deals = GameRng::new(seed ^ CHECK_SEED);
    let mut gain = 0.0;
    let mut played = 0u32;
    while played < pairs && until.is_none_or(|t| Instant::now() < t) {
        let deal = deals.next_seed();
        let theirs = playout(game, me, heuristic, deal, None, CHECK_LOSS_SHARE);
        let ours = playout(game, me, challenger, deal, None, CHECK_LOSS_SHARE);
        gain += ours - theirs;
        played += 1;
    }
    let enough = played >= MIN_CHECK_PAIRS;
    (enough && gain > 0.0, 2 * u64::from(played))
}

/// `cand` played in `world`, then the best of `me`'s own known-outcome moves after it (or
/// none): the position's value for `me`. An illegal candidate is worth nothing.
fn line_value<R: BotPlay>(
    world: &R,
    me: Seat,
    cand: &R::Command,
    replies: &mut Vec<R::Command>,
) -> f64 {
    let mut after = world.clone();
    if after.apply(me, cand, 0).is_err() {
        return f64::NEG_INFINITY;
    }
    after.search_answers(me);
    let mut best = leaf_value(&after, me);
    if after.outcome().is_some() {
        return best;
    }
    replies.clear();
    after.search_replies(me, replies);
    for r in replies.iter() {
        if after.search_chance(r) {
            continue;
        }
        let mut next = after.clone();
        if next.apply(me, r, 0).is_ok() {
            best = best.max(leaf_value(&next, me));
        }
    }
    best
}

/// A position's value for `me` in the value search: the ruleset's value, or (where it has
/// none here) the playouts' score.
fn leaf_value<R: BotPlay>(world: &R, me: Seat) -> f64 {
    world
        .search_value(me)
        .unwrap_or_else(|| world.search_score(me))
}

/// Halving phases for `n` candidates: down to two (the heuristic's pick and a challenger).
fn phases_for(n: usize) -> usize {
    let mut phases = 1;
    let mut left = n;
    while left > 2 {
        left = left.div_ceil(2);
        phases += 1;
    }
    phases
}

/// The better half of `alive` by mean score, the heuristic's pick (index 0) always kept.
fn halve(alive: &[usize], scores: &[Vec<f64>]) -> Vec<usize> {
    let mean = |i: usize| scores[i].iter().sum::<f64>() / scores[i].len().max(1) as f64;
    let keep = alive.len().div_ceil(2).max(2);
    let mut others: Vec<usize> = alive.iter().copied().filter(|i| *i != 0).collect();
    others.sort_by(|a, b| mean(*b).total_cmp(&mean(*a)).then(a.cmp(b)));
    let mut out = vec![0];
    out.extend(others.into_iter().take(keep - 1));
    out
}

/// The candidate to play: the heuristic's pick (index 0) unless another still in the race
/// beat it clearly on the same deals, by a mean gain above [`MIN_GAIN`] and `confidence`
/// standard errors of the paired differences. Noise alone never moves the bot off a sound
/// plan.
fn pick_over_heuristic(scores: &[Vec<f64>], alive: &[usize], confidence: f64) -> usize {
    let mut best = (0, 0.0);
    for &i in alive.iter().filter(|i| **i != 0) {
        let rounds = scores[i].len();
        let diffs = (0..rounds).map(|r| scores[i][r] - scores[0][r]);
        let mean = diffs.clone().sum::<f64>() / rounds as f64;
        let var = if rounds > 1 {
            diffs.map(|d| (d - mean) * (d - mean)).sum::<f64>() / (rounds - 1) as f64
        } else {
            f64::INFINITY
        };
        let se = (var / rounds as f64).sqrt();
        if mean > MIN_GAIN && mean > confidence * se && mean > best.1 {
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
    // The value search looks at every move; playouts at a few.
    if game.search_value(me).is_none() {
        out.truncate(MAX_CANDIDATES);
    }
    out
}

/// One playout of `cand` on a game dealt from `deal_seed`: its score for `me`, 0 to 1, a lost
/// game scoring `loss_share` × its share ([`score`]).
fn playout<R: BotPlay>(
    game: &R,
    me: Seat,
    cand: &R::Command,
    deal_seed: u64,
    rounds: Option<u32>,
    loss_share: f64,
) -> f64 {
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
    let end_turn = rounds.map_or(u32::MAX, |r| start_turn + r * seats as u32);
    let cap = if rounds.is_some() {
        PLAYOUT_MOVES
    } else {
        GAME_MOVES
    };
    let mut actors: Vec<Seat> = Vec::with_capacity(seats);
    let mut moves = 0u32;
    while world.outcome().is_none() && world.turns() < end_turn && moves < cap {
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
    score(&world, me, loss_share)
}

/// A position's worth to `me`: 1 for a win; for a loss `loss_share` × the share of the
/// winner's points `me` reached ([`LOSS_SHARE`] in setup, [`CHECK_LOSS_SHARE`] in a check);
/// a game not over as the ruleset judges it ([`BotPlay::search_score`]).
pub(crate) fn score<R: BotPlay>(world: &R, me: Seat, loss_share: f64) -> f64 {
    if let Some(o) = world.outcome() {
        if o.winners.contains(&me) {
            return 1.0;
        }
        let best = o.standings.first().map_or(1, |s| s.1).max(1) as f64;
        let mine = o
            .standings
            .iter()
            .find(|s| s.0 == me)
            .map_or(0, |s| s.1)
            .max(0) as f64;
        return loss_share * (mine / best).min(1.0);
    }
    world.search_score(me)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Halving keeps the better half by mean, and always the heuristic's pick (index 0), which
    /// the last challenger is measured against; six candidates take three phases (6, 3, 2).
    #[test]
    fn halving_keeps_the_heuristics_pick_and_the_better_half() {
        let scores = vec![
            vec![0.1, 0.1],
            vec![0.9, 0.8],
            vec![0.2, 0.2],
            vec![0.7, 0.7],
            vec![0.3, 0.2],
            vec![0.8, 0.9],
        ];
        let alive: Vec<usize> = (0..6).collect();
        assert_eq!(halve(&alive, &scores), vec![0, 1, 5]);
        assert_eq!(halve(&[0, 1, 5], &scores), vec![0, 1]);
        assert_eq!(phases_for(6), 3);
        assert_eq!(phases_for(2), 1);
        assert_eq!(phases_for(8), 3);
    }

    /// A challenger replaces the heuristic's pick only when its paired gain is clear: a gain
    /// that noise could give leaves the pick alone, the same gain with less spread does not.
    #[test]
    fn a_challenger_must_beat_the_pick_clearly() {
        let base = vec![0.5; 8];
        let noisy = vec![0.9, 0.1, 0.9, 0.1, 0.9, 0.2, 0.9, 0.3];
        let steady = vec![0.6; 8];
        assert_eq!(pick_over_heuristic(&[base.clone(), noisy], &[0, 1], 2.0), 0);
        assert_eq!(pick_over_heuristic(&[base, steady], &[0, 1], 2.0), 1);
    }
}
