//! The `hard` bot: flat Monte Carlo search over a few candidate moves, on games dealt afresh
//! from what its seat knows.
//!
//! Each decision starts from the `medium` heuristic's own pick. When the position offers a
//! real choice (where to settle in setup, where the robber goes, what to do with a hand on its
//! turn: build a city, a settlement, buy a card, play one, or end), the bot lists a handful of
//! candidates and plays each one out many times. Every playout starts with
//! [`Game::redeterminize`]: the others' hands, the development deck and the dice are dealt
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

use crate::bots::base as base_bot;
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Seat};
use crate::ruleset::{Ruleset, TurnOrder};
use crate::variants::base::{BaseGame, Command, Kind, Phase};
use crate::variants::risk::{self, Stage};
use crate::variants::{Game, GameCommand};
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
/// Setup spots and robber moves considered, best first by the heuristic's measure.
const RANKED: usize = 6;
/// Commands after which a playout is cut whatever happened (a runaway guard).
const PLAYOUT_MOVES: u32 = 4000;
/// Smallest mean gain in score over the heuristic's pick that makes the bot play another.
const MIN_GAIN: f64 = 0.01;
/// Standard errors of the paired differences that gain must also clear.
const CONFIDENCE: f64 = 2.0;
/// Victory points one pip of production is worth at a playout's end.
const PIP_WEIGHT: f64 = 0.08;

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
pub fn searches(game: &Game) -> bool {
    matches!(game, Game::Base(_) | Game::Risk(_))
}

/// The hard bot's command for `me`. `medium` is the heuristic's pick for this position.
pub fn choose(
    game: &Game,
    me: Seat,
    medium: Option<GameCommand>,
    rng: &mut GameRng,
    budget: Budget,
    stats: &mut Stats,
) -> Option<GameCommand> {
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

fn decide(
    game: &Game,
    me: Seat,
    medium: Option<GameCommand>,
    rng: &mut GameRng,
    budget: Budget,
    stats: &mut Stats,
) -> Option<GameCommand> {
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
fn candidates(game: &Game, me: Seat, medium: &GameCommand) -> Vec<GameCommand> {
    let mut out = vec![medium.clone()];
    match (game, medium) {
        (Game::Base(g), GameCommand::Base(m)) => {
            for c in base_candidates(g, me, m) {
                push(&mut out, GameCommand::Base(c));
            }
        }
        (Game::Risk(g), GameCommand::Risk(m)) => {
            let legal = g.legal(me);
            let base_turn = matches!(g.stage(), Stage::Play);
            if base_turn && let risk::Command::Base(bm) = m {
                for c in base_candidates(g.base(), me, bm) {
                    let c = risk::Command::Base(c);
                    if legal.contains(&c) {
                        push(&mut out, GameCommand::Risk(c));
                    }
                }
            }
            // Battles: attack on, stop or retreat; on its turn, start an attack.
            let fighting = matches!(g.stage(), Stage::Battle(_));
            let main = matches!(g.base().phase(), Phase::Main) && g.current() == me;
            if (fighting || (base_turn && main)) && !trade_kind_risk(m) {
                for c in &legal {
                    let worth = match c {
                        risk::Command::Attack { dice: None, .. } => true,
                        risk::Command::Stop | risk::Command::Retreat => fighting,
                        _ => false,
                    };
                    if worth {
                        push(&mut out, GameCommand::Risk(*c));
                    }
                }
            }
        }
        _ => {}
    }
    out.truncate(MAX_CANDIDATES);
    out
}

fn push(out: &mut Vec<GameCommand>, c: GameCommand) {
    if !out.contains(&c) {
        out.push(c);
    }
}

fn trade_kind(c: &Command) -> bool {
    matches!(
        c.kind(),
        Kind::Offer | Kind::Counter | Kind::Accept | Kind::Decline | Kind::Cancel | Kind::Bank
    )
}

fn trade_kind_risk(c: &risk::Command) -> bool {
    matches!(c, risk::Command::Base(b) if trade_kind(b))
}

/// Base candidates: setup spots, the robber's hexes, and on its turn the builds and cards
/// (never trades: answers and offers stay the heuristic's, by what they are worth to it).
fn base_candidates(g: &BaseGame, me: Seat, medium: &Command) -> Vec<Command> {
    let mut out = Vec::new();
    match g.phase() {
        Phase::Setup {
            step,
            settlement: None,
        } if g.setup_seat(*step) == me => {
            let legal = g.legal(me);
            out.extend(base_bot::ranked(g, me, &legal, RANKED));
        }
        Phase::Robber { .. } if g.current() == me => {
            let legal = g.legal(me);
            out.extend(base_bot::ranked(g, me, &legal, RANKED));
        }
        Phase::Roll if g.current() == me => {
            let legal = g.legal(me);
            for c in [Command::Roll, Command::PlayKnight] {
                if legal.contains(&c) {
                    out.push(c);
                }
            }
        }
        Phase::Main if g.current() == me && !trade_kind(medium) => {
            let mut legal = Vec::new();
            for k in [
                Kind::City,
                Kind::Settle,
                Kind::BuyDev,
                Kind::PlayKnight,
                Kind::PlayRoadBuilding,
                Kind::PlayMonopoly,
            ] {
                g.legal_of_kind_into(me, k, &mut legal);
            }
            // Ending the turn (saving up) is always one of the choices.
            if g.legal_kinds(me).contains(Kind::End) {
                out.push(Command::End);
            }
            out.extend(legal);
        }
        _ => {}
    }
    out
}

/// One playout of `cand` on a game dealt from `deal_seed`: its score for `me`, 0 to 1.
fn playout(game: &Game, me: Seat, cand: &GameCommand, deal_seed: u64) -> f64 {
    let mut world = game.clone();
    let mut deal = GameRng::new(deal_seed);
    world.redeterminize(me, &mut deal);
    let now: Millis = 0;
    if world.apply(me, cand, now).is_err() {
        return 0.0;
    }
    let seats = world.seats();
    let mut bots: Vec<crate::bots::Bot> = (0..seats)
        .map(|s| {
            crate::bots::Bot::new(
                crate::bots::BotKind::Heuristic,
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

/// A position's worth to `me`: 1 for a win, 0 for a loss, else by points and production
/// against the strongest opponent.
fn score(world: &Game, me: Seat) -> f64 {
    if let Some(o) = world.outcome() {
        return if o.winners.contains(&me) { 1.0 } else { 0.0 };
    }
    let base = match world {
        Game::Base(g) => g,
        Game::Risk(g) => g.base(),
        _ => return 0.5,
    };
    let value = |s: Seat| -> f64 {
        let dev = base.dev_hand(s);
        base.total_vp(s) as f64
            + PIP_WEIGHT * base_bot::pips_of(base.map(), base.pieces(), s) as f64
            + 0.3 * dev.cards.len() as f64
            + 0.05 * base.hand(s).total().min(7) as f64
    };
    let mine = value(me);
    let best_other = (0..base.seats() as Seat)
        .filter(|s| *s != me && !base.is_out(*s))
        .map(value)
        .fold(f64::MIN, f64::max);
    let diff = if best_other == f64::MIN {
        0.0
    } else {
        mine - best_other
    };
    (0.5 + 0.08 * diff).clamp(0.02, 0.98)
}
