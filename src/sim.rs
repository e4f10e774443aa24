//! Bot-only games without a network: the engine of `catan sim`, also called by tests and
//! benches.
//!
//! One bot sits in each seat and plays on the [`Game`] directly (no table, no host). Game `i`
//! of a run seeded `S` uses a seed derived from `S` and `i` only, and its bots are seeded from
//! that, so a run's results do not depend on how many threads play it or in what order.
//!
//! The driver loop asks the seats that may act now ([`Game::actors`]) for a command: first the
//! seats prompted besides the current player (a discard, an offer to answer), in the order
//! the game lists them, then the current player. The first command given is applied. When no
//! seat wants to act, the clock jumps to the game's next deadline and the game is ticked there
//! (timed variants); time otherwise stays at 0. A move cap ends runaway games, which are
//! counted apart.
//!
//! Games without turns (a ruleset whose phases are timed) run in virtual real time instead: each bot wakes after
//! its own seeded think time, acts if it has something to do, and sleeps again; the clock
//! moves to whichever comes first, the next bot waking or the game's next deadline.

use crate::bots::{Bot, BotKind, SeatBot};
use crate::engine::{Millis, Seat};
use crate::record::{self, Entry, Header};
use crate::ruleset::{Ruleset, TurnOrder};
use crate::setup::GameSetup;
use crate::variants::Game;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Moves (commands plus clock steps) after which a game is stopped as endless.
pub const DEFAULT_MOVE_CAP: u64 = 200_000;

/// Games a worker takes from the shared counter at a time.
const BATCH: usize = 4;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Variant and rules settings (its `seed` is ignored: each game gets its own).
    pub game: GameSetup,
    pub games: usize,
    pub seed: u64,
    /// One bot per seat; the number of seats is their number.
    pub bots: Vec<BotKind>,
    /// Worker threads (results do not depend on it).
    pub threads: usize,
    /// Write `game-<i>.catan` records into this directory.
    pub log: Option<PathBuf>,
    pub move_cap: u64,
}

impl SimConfig {
    /// Base Catan with default rules.
    pub fn base(games: usize, seed: u64, bots: Vec<BotKind>) -> SimConfig {
        SimConfig {
            game: GameSetup::default(),
            games,
            seed,
            bots,
            threads: 1,
            log: None,
            move_cap: DEFAULT_MOVE_CAP,
        }
    }
}

/// One game's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub index: usize,
    pub seed: u64,
    pub winner: Option<Seat>,
    /// The winner's final score (victory points in base Catan).
    pub winner_score: Option<i64>,
    pub turns: u32,
    /// Commands applied.
    pub moves: u64,
    /// Times the clock was moved to a deadline.
    pub ticks: u64,
    /// Stopped by the move cap.
    pub capped: bool,
    /// Stopped because no seat would act and no deadline was pending.
    pub stalled: bool,
    /// What the hard bots' searches did in this game (empty without hard bots).
    #[serde(skip)]
    pub search: crate::bots::search::Stats,
}

/// What the hard bots' searches did over a run: the playout speed next to the engine's, and
/// how long decisions took.
#[derive(Clone, Debug, Serialize)]
pub struct SearchReport {
    /// Playouts per decision (`--bot-budget`).
    pub budget: u32,
    pub decisions: u64,
    /// Decisions with a real choice (the others cost no playouts).
    pub searched: u64,
    pub playouts: u64,
    /// Playouts a second of search time (one thread).
    pub playouts_per_sec: f64,
    /// Playouts a second of the searches' CPU time: the speed on one core, whatever else
    /// the machine runs (0 where the platform gives no thread CPU time).
    pub playouts_per_cpu_sec: f64,
    /// Decision times over every hard decision, in milliseconds.
    pub decision_ms_p50: f64,
    pub decision_ms_p99: f64,
    pub decision_ms_max: f64,
    /// The same over searched decisions only.
    pub searched_ms_p50: f64,
    pub searched_ms_p99: f64,
    pub searched_ms_max: f64,
    /// The searched decisions' CPU time on their own thread (what one core spends on a
    /// decision, whatever the machine's load), in milliseconds.
    pub searched_cpu_ms_p50: f64,
    pub searched_cpu_ms_p99: f64,
    pub searched_cpu_ms_max: f64,
    /// Value-search picks that left the heuristic's and were checked by whole games, and
    /// those the games confirmed.
    pub checks: u64,
    pub checks_kept: u64,
}

/// The `q` quantile of some microsecond times, in milliseconds.
fn quantile_ms(v: &mut [u32], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_unstable();
    let i = ((v.len() as f64 - 1.0) * q).round() as usize;
    v[i.min(v.len() - 1)] as f64 / 1000.0
}

/// A run's statistics: what `catan sim` prints as one JSON line.
#[derive(Clone, Debug, Serialize)]
pub struct SimReport {
    pub variant: String,
    pub seed: u64,
    pub games: usize,
    pub seats: usize,
    pub bots: Vec<String>,
    pub threads: usize,
    pub secs: f64,
    pub games_per_sec: f64,
    pub moves_per_sec: f64,
    /// Games won by each seat.
    pub wins: Vec<u64>,
    /// Games won by each kind of bot.
    pub wins_by_bot: BTreeMap<String, u64>,
    /// Win rate of each seat.
    pub win_rate: Vec<f64>,
    /// Means over the games that finished.
    pub mean_turns: f64,
    pub mean_moves: f64,
    pub total_moves: u64,
    /// The lowest winning score seen.
    pub min_winner_score: Option<i64>,
    /// Games stopped by the move cap, and the cap.
    pub capped: usize,
    pub move_cap: u64,
    /// Games where nobody would act and no deadline was pending.
    pub stalled: usize,
    /// The hard bots' searches, when any seat has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchReport>,
    /// Every game, in order (not printed).
    #[serde(skip)]
    pub results: Vec<GameResult>,
}

impl SimReport {
    /// The report without the timings, for comparing runs.
    pub fn without_timings(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).expect("a report serialises");
        if let Some(o) = v.as_object_mut() {
            for k in ["secs", "games_per_sec", "moves_per_sec", "threads"] {
                o.remove(k);
            }
            if let Some(serde_json::Value::Object(s)) = o.get_mut("search") {
                s.retain(|k, _| !k.ends_with("_ms_p50") && !k.contains("_ms_"));
                s.remove("playouts_per_sec");
                s.remove("playouts_per_cpu_sec");
            }
        }
        v
    }
}

/// The hard bots' playouts per decision in a run: `--bot-budget`, or the default.
fn budget_of(cfg: &SimConfig) -> u32 {
    cfg.game
        .bot_budget
        .unwrap_or(crate::bots::search::DEFAULT_PLAYOUTS)
}

/// A well-mixed 64-bit value (splitmix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of game `i` in a run seeded `seed`.
pub fn game_seed(seed: u64, i: usize) -> u64 {
    mix(mix(seed) ^ (i as u64).wrapping_mul(0xd1b5_4a32_d192_ed03))
}

/// The seed of the bot in `seat` of a game seeded `seed`.
pub fn bot_seed(seed: u64, seat: usize) -> u64 {
    mix(seed ^ mix(seat as u64 + 1))
}

/// Names the seats get in records: the bot's kind and the seat number.
pub fn seat_names(bots: &[BotKind]) -> Vec<String> {
    bots.iter()
        .enumerate()
        .map(|(i, b)| format!("{} {}", b.name(), i + 1))
        .collect()
}

/// How a game played through [`drive`] went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drove {
    /// Commands applied.
    pub moves: u64,
    /// Times the clock was moved to a deadline.
    pub ticks: u64,
    /// Stopped by the move cap.
    pub capped: bool,
    /// Stopped because no seat would act and no deadline was pending.
    pub stalled: bool,
}

/// Plays a game of any ruleset to its end (or `move_cap` moves and clock steps) with one bot
/// per seat: the loop of `catan sim`, the same for every ruleset. With `log`, every command
/// and clock step is appended to it. A command a bot sends that the rules refuse is an error
/// naming the bot, the seat and the command.
pub fn drive<R: TurnOrder, B: SeatBot<R>>(
    game: &mut R,
    bots: &mut [B],
    move_cap: u64,
    log: Option<&mut Vec<Entry>>,
) -> Result<Drove, String> {
    drive_from(game, bots, 0, move_cap, log)
}

/// [`drive`] from game time `start` on: a game already under way (a review plays a recorded
/// game on from a past position, whose clock stood at `start`).
pub fn drive_from<R: TurnOrder, B: SeatBot<R>>(
    game: &mut R,
    bots: &mut [B],
    start: Millis,
    move_cap: u64,
    mut log: Option<&mut Vec<Entry>>,
) -> Result<Drove, String> {
    let seats = bots.len();
    let mut now: Millis = start;
    let (mut moves, mut ticks) = (0u64, 0u64);
    let (mut capped, mut stalled) = (false, false);
    let mut actors: Vec<Seat> = Vec::with_capacity(seats);
    // Events of the last move (nobody reads them here), kept so a move allocates nothing.
    let mut events = R::Scratch::default();
    let refused = |bot: &B, seat: Seat, game: &R, cmd: &R::Command, e: crate::engine::RuleError| {
        format!(
            "the {} bot in seat {} sent `{}`, refused: {e}",
            bot.name(),
            seat + 1,
            game.format(cmd)
        )
    };
    // Games without turns: every bot wakes after its own think time, on virtual time.
    let mut wake: Vec<Millis> = if game.simultaneous() {
        bots.iter_mut().map(|b| start + b.think_ms()).collect()
    } else {
        Vec::new()
    };
    let mut idle = 0u32;
    while game.simultaneous() && game.outcome().is_none() {
        if moves + ticks >= move_cap {
            capped = true;
            break;
        }
        let Some((seat, at)) = wake
            .iter()
            .enumerate()
            .map(|(s, t)| (s as Seat, *t))
            .min_by_key(|(s, t)| (*t, *s))
        else {
            stalled = true;
            break;
        };
        if let Some(d) = game.deadline()
            && d <= at
        {
            now = now.max(d);
            game.tick(now);
            ticks += 1;
            idle = 0;
            if let Some(log) = log.as_deref_mut() {
                log.push(Entry::Tick { at: now });
            }
            continue;
        }
        now = now.max(at);
        let think = bots[seat as usize].think_ms();
        wake[seat as usize] = now + think;
        game.actors_into(&mut actors);
        if !actors.contains(&seat) {
            continue;
        }
        let Some(cmd) = bots[seat as usize].choose(game, seat) else {
            idle += 1;
            if idle > 100_000 && game.deadline().is_none() {
                stalled = true;
                break;
            }
            continue;
        };
        idle = 0;
        if let Err(e) = game.apply_quiet(seat, &cmd, now, &mut events) {
            return Err(refused(&bots[seat as usize], seat, game, &cmd, e));
        }
        if let Some(log) = log.as_deref_mut() {
            log.push(Entry::Command {
                at: now,
                seat,
                text: game.format(&cmd),
            });
        }
        moves += 1;
    }
    while !game.simultaneous() && game.outcome().is_none() {
        if moves + ticks >= move_cap {
            capped = true;
            break;
        }
        game.actors_into(&mut actors);
        // Answers first (offers, discards), then the current player.
        let current = game.current_player();
        let answering = actors.iter().copied().filter(|s| Some(*s) != current);
        let playing = current.filter(|c| actors.contains(c));
        let mut acted = false;
        for seat in answering.chain(playing) {
            let Some(bot) = bots.get_mut(seat as usize) else {
                continue;
            };
            let Some(cmd) = bot.choose(game, seat) else {
                continue;
            };
            if let Err(e) = game.apply_quiet(seat, &cmd, now, &mut events) {
                return Err(refused(&bots[seat as usize], seat, game, &cmd, e));
            }
            if let Some(log) = log.as_deref_mut() {
                log.push(Entry::Command {
                    at: now,
                    seat,
                    text: game.format(&cmd),
                });
            }
            moves += 1;
            acted = true;
            break;
        }
        if acted {
            continue;
        }
        match game.deadline() {
            Some(d) => {
                now = now.max(d);
                game.tick(now);
                ticks += 1;
                if let Some(log) = log.as_deref_mut() {
                    log.push(Entry::Tick { at: now });
                }
            }
            None => {
                stalled = true;
                break;
            }
        }
    }
    Ok(Drove {
        moves,
        ticks,
        capped,
        stalled,
    })
}

/// A game played to its end (or the cap).
pub struct Played {
    pub result: GameResult,
    /// The final state.
    pub game: Game,
    /// The record, when asked for: a header and every command and clock step.
    pub record: Option<(Header, Vec<Entry>)>,
}

/// Plays one game to its end (or the cap). With `log`, keeps its record too.
pub fn play_game(cfg: &SimConfig, index: usize, log: bool) -> Result<Played, String> {
    let seed = game_seed(cfg.seed, index);
    let seats = cfg.bots.len();
    let mut args = cfg.game.clone();
    args.seed = Some(seed);
    let mut game = args.create(seats, seed)?;
    let budget = crate::bots::search::Budget::Playouts(budget_of(cfg));
    let mut bots: Vec<Bot<Game>> = cfg
        .bots
        .iter()
        .enumerate()
        .map(|(s, k)| Bot::new(*k, bot_seed(seed, s)).with_budget(budget))
        .collect();
    let mut entries = Vec::new();
    let drove = drive(
        &mut game,
        &mut bots,
        cfg.move_cap,
        log.then_some(&mut entries),
    )
    .map_err(|e| format!("game {index} (seed {seed}): {e}"))?;
    let outcome = game.outcome();
    let winner = outcome.as_ref().and_then(|o| o.winners.first().copied());
    let winner_score = outcome.as_ref().and_then(|o| {
        o.standings
            .iter()
            .find(|(s, _)| Some(*s) == winner)
            .map(|(_, v)| *v)
    });
    let mut search = crate::bots::search::Stats::default();
    for b in &bots {
        search.merge(&b.stats);
    }
    let result = GameResult {
        index,
        seed,
        winner,
        winner_score,
        turns: game.turns(),
        moves: drove.moves,
        ticks: drove.ticks,
        capped: drove.capped,
        stalled: drove.stalled,
        search,
    };
    let record = log.then(|| {
        (
            Header::new(&args, seats, seed, seat_names(&cfg.bots)),
            entries,
        )
    });
    Ok(Played {
        result,
        game,
        record,
    })
}

/// Writes one game's record as `game-<i>.catan` in `dir`.
fn write_record(
    dir: &std::path::Path,
    index: usize,
    h: &Header,
    entries: &[Entry],
) -> Result<(), String> {
    let path = dir.join(format!("game-{index}.catan"));
    let write = || -> std::io::Result<()> {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path)?);
        record::write_header(&mut out, h)?;
        for e in entries {
            record::write_entry(&mut out, e)?;
        }
        std::io::Write::flush(&mut out)
    };
    write().map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Runs every game of a simulation on `cfg.threads` threads; `progress` is called once per
/// finished game (from any thread).
pub fn run(cfg: &SimConfig, progress: &(dyn Fn() + Sync)) -> Result<SimReport, String> {
    let seats = cfg.bots.len();
    if seats == 0 {
        return Err("no bots: list one per seat, e.g. --bots heuristic,random".into());
    }
    // Fail early (and once) on settings the variant refuses.
    cfg.game.create(seats, cfg.seed)?;
    if let Some(dir) = &cfg.log {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let threads = cfg.threads.clamp(1, cfg.games.max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new(vec![None; cfg.games]);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|sc| {
        for _ in 0..threads {
            sc.spawn(|| {
                let mut done = Vec::new();
                'work: loop {
                    let first = next.fetch_add(BATCH, Ordering::Relaxed);
                    if first >= cfg.games {
                        break;
                    }
                    for i in first..(first + BATCH).min(cfg.games) {
                        if failure.lock().expect("no panics").is_some() {
                            break 'work;
                        }
                        let played = play_game(cfg, i, cfg.log.is_some()).and_then(|p| {
                            if let (Some(dir), Some((h, entries))) = (&cfg.log, &p.record) {
                                write_record(dir, i, h, entries)?;
                            }
                            Ok(p.result)
                        });
                        match played {
                            Ok(r) => done.push(r),
                            Err(e) => {
                                failure.lock().expect("no panics").get_or_insert(e);
                                break 'work;
                            }
                        }
                        progress();
                    }
                }
                let mut all = results.lock().expect("no panics");
                for r in done {
                    let i = r.index;
                    all[i] = Some(r);
                }
            });
        }
    });
    let secs = start.elapsed().as_secs_f64();
    if let Some(e) = failure.into_inner().expect("no panics") {
        return Err(e);
    }
    let results: Vec<GameResult> = results
        .into_inner()
        .expect("no panics")
        .into_iter()
        .map(|r| r.expect("every game played"))
        .collect();
    Ok(report(cfg, threads, secs, results))
}

fn report(cfg: &SimConfig, threads: usize, secs: f64, results: Vec<GameResult>) -> SimReport {
    let seats = cfg.bots.len();
    let mut wins = vec![0u64; seats];
    let mut wins_by_bot: BTreeMap<String, u64> = BTreeMap::new();
    for b in &cfg.bots {
        wins_by_bot.entry(b.name().to_string()).or_insert(0);
    }
    let (mut turns, mut moves, mut finished) = (0u64, 0u64, 0u64);
    let mut total_moves = 0u64;
    let mut min_winner_score: Option<i64> = None;
    for r in &results {
        total_moves += r.moves;
        if let Some(w) = r.winner {
            wins[w as usize] += 1;
            *wins_by_bot
                .entry(cfg.bots[w as usize].name().to_string())
                .or_insert(0) += 1;
            turns += r.turns as u64;
            moves += r.moves;
            finished += 1;
            if let Some(v) = r.winner_score {
                min_winner_score = Some(min_winner_score.map_or(v, |m| m.min(v)));
            }
        }
    }
    let search = cfg.bots.contains(&BotKind::Hard).then(|| {
        let mut all = crate::bots::search::Stats::default();
        for r in &results {
            all.merge(&r.search);
        }
        let secs = all.nanos as f64 / 1e9;
        SearchReport {
            budget: budget_of(cfg),
            decisions: all.decisions,
            searched: all.searched,
            playouts: all.playouts,
            playouts_per_sec: if secs > 0.0 {
                all.playouts as f64 / secs
            } else {
                0.0
            },
            playouts_per_cpu_sec: if all.cpu_nanos > 0 {
                all.playouts as f64 / (all.cpu_nanos as f64 / 1e9)
            } else {
                0.0
            },
            decision_ms_p50: quantile_ms(&mut all.micros, 0.5),
            decision_ms_p99: quantile_ms(&mut all.micros, 0.99),
            decision_ms_max: quantile_ms(&mut all.micros, 1.0),
            searched_ms_p50: quantile_ms(&mut all.searched_micros, 0.5),
            searched_ms_p99: quantile_ms(&mut all.searched_micros, 0.99),
            searched_ms_max: quantile_ms(&mut all.searched_micros, 1.0),
            searched_cpu_ms_p50: quantile_ms(&mut all.searched_cpu_micros, 0.5),
            searched_cpu_ms_p99: quantile_ms(&mut all.searched_cpu_micros, 0.99),
            searched_cpu_ms_max: quantile_ms(&mut all.searched_cpu_micros, 1.0),
            checks: all.checks,
            checks_kept: all.checks_kept,
        }
    });
    let games = results.len();
    let per = |n: u64| {
        if finished > 0 {
            n as f64 / finished as f64
        } else {
            0.0
        }
    };
    let rate = |n: f64| if secs > 0.0 { n / secs } else { 0.0 };
    SimReport {
        variant: cfg.game.variant.clone(),
        seed: cfg.seed,
        games,
        seats,
        bots: cfg.bots.iter().map(|b| b.name().to_string()).collect(),
        threads,
        secs,
        games_per_sec: rate(games as f64),
        moves_per_sec: rate(total_moves as f64),
        win_rate: wins
            .iter()
            .map(|w| {
                if games > 0 {
                    *w as f64 / games as f64
                } else {
                    0.0
                }
            })
            .collect(),
        wins,
        wins_by_bot,
        mean_turns: per(turns),
        mean_moves: per(moves),
        total_moves,
        min_winner_score,
        capped: results.iter().filter(|r| r.capped).count(),
        move_cap: cfg.move_cap,
        stalled: results.iter().filter(|r| r.stalled).count(),
        search,
        results,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::legal::LegalBot;
    use crate::variants::adaptations::{AdaptGame, AdaptSettings};
    use crate::variants::base::{BaseGame, BaseSettings};

    /// The loop plays any ruleset, not only the built-in enum, with bots that know nothing
    /// about it: whole games end with a winner.
    fn whole_game<R: TurnOrder>(mut game: R) -> (R, Drove) {
        let mut bots: Vec<LegalBot> = (0..game.seats() as u64).map(LegalBot::new).collect();
        let drove = drive(&mut game, &mut bots, DEFAULT_MOVE_CAP, None).expect("no refusal");
        (game, drove)
    }

    #[test]
    fn the_loop_plays_a_ruleset_outside_the_enum_to_its_end() {
        let settings = BaseSettings {
            vp_target: 3,
            ..BaseSettings::default()
        };
        let (game, drove) = whole_game(BaseGame::create(&settings, 3, 11).expect("a game"));
        assert!(game.outcome().is_some(), "{drove:?}");
        assert!(!drove.capped && !drove.stalled && drove.moves > 0);

        let (game, drove) =
            whole_game(AdaptGame::create(&AdaptSettings::default(), 4, 11).expect("a game"));
        assert!(game.outcome().is_some(), "{drove:?}");
    }

    #[test]
    fn the_loop_keeps_the_record_of_what_it_played() {
        let mut game = BaseGame::create(&BaseSettings::default(), 2, 5).expect("a game");
        let mut bots = vec![LegalBot::new(1), LegalBot::new(2)];
        let mut log = Vec::new();
        let drove = drive(&mut game, &mut bots, 50, Some(&mut log)).expect("no refusal");
        assert!(drove.capped);
        assert_eq!(log.len() as u64, drove.moves + drove.ticks);
    }
}
