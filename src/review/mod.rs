//! The review of a finished game: each seat's chance of winning after every turn (every round
//! where the game counts rounds), the moments that moved those chances most and what caused
//! them, and, for a person's seat in the rulesets where `hard` searches, the moves where it
//! would have played otherwise.
//!
//! Chances come from playouts: the record is replayed to a point, and from there the game is
//! played on to its end by `medium` in every seat, many times, each time with the dice and the
//! undrawn development deck dealt afresh ([`crate::ruleset::Ruleset::reseed_future`]). The game
//! is over, so the playouts start from the full state: every hand is seen. The share of
//! playouts each seat won is its chance; a playout that hits the move cap counts for the
//! seats then leading on points, so the chances at a point sum to 1. The same playout seeds
//! serve every point (common random numbers), so the chart moves with the game rather than
//! with the luck of the draw. The loop is `catan sim`'s ([`crate::sim::drive_from`]).
//!
//! [`chances`] estimates one position, [`turning`] finds the turning points and their causes,
//! [`decisions`] compares a person's moves with `hard`'s, [`text`] prints the review.

pub mod chances;
pub mod decisions;
pub mod text;
pub mod turning;

use crate::engine::{Millis, Seat};
use crate::record::{Entry, Header, RecordError};
use crate::rules::facts::Fact;
use crate::ruleset::{Ruleset, TurnOrder};
use crate::variants::Game;
use serde::{Deserialize, Serialize};

/// Playouts per point unless asked otherwise: a four-seat base game's review stays within a
/// few seconds of one core (docs/review.md), at about ±10 points of chance (95%).
pub const DEFAULT_PLAYOUTS: u32 = 96;
/// Most points a review estimates; a longer game is sampled at evenly spaced turns.
pub const DEFAULT_MAX_POINTS: usize = 200;
/// Seats beyond which a game is a hall: its playouts cost many times a table's, so fewer
/// points are estimated ([`HALL_POINTS`]).
pub const HALL_SEATS: usize = 8;
/// Points a hall's review estimates.
pub const HALL_POINTS: usize = 12;
/// Playouts `hard` gets for each decision it is asked about (a sim's default is 240: a
/// review asks about every move of a seat, so it thinks less on each).
pub const DEFAULT_HARD_BUDGET: u32 = 60;

/// What a review does and how hard it looks.
#[derive(Clone, Debug)]
pub struct Options {
    /// Playouts per point.
    pub playouts: u32,
    /// Seeds the playouts (the same seed gives the same review).
    pub seed: u64,
    /// Threads the points are spread over.
    pub threads: usize,
    /// Most points estimated ([`DEFAULT_MAX_POINTS`]).
    pub max_points: usize,
    /// The seats whose decisions are compared with `hard`'s (a record's people).
    pub people: Vec<Seat>,
    /// The seat the turning points are told for ("your chance"), if any.
    pub you: Option<Seat>,
    /// Playouts `hard` thinks with per decision.
    pub hard_budget: u32,
    /// About how long the chances may take on one thread: fewer playouts a point (never
    /// below [`FEWEST_PLAYOUTS`]) where the ruleset's games are slow to play out. `None`:
    /// always `playouts`.
    pub time: Option<std::time::Duration>,
}

/// Fewest playouts a point gets when a time budget cuts them ([`Options::time`]): about ±24
/// points of chance (95%).
pub const FEWEST_PLAYOUTS: u32 = 16;
/// Playouts timed from the game's middle point to fit a time budget.
const TIMING_PLAYOUTS: u32 = 4;

impl Default for Options {
    fn default() -> Options {
        Options {
            playouts: DEFAULT_PLAYOUTS,
            seed: 1,
            threads: 1,
            max_points: DEFAULT_MAX_POINTS,
            people: Vec::new(),
            you: None,
            hard_budget: DEFAULT_HARD_BUDGET,
            time: None,
        }
    }
}

/// Each seat's chance at one point of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// The turn (or round) that had just begun; the last point is where the record ends (the
    /// game's end when it finished, [`Review::finished`]).
    pub period: u32,
    /// Entries of the record applied before this point.
    pub step: usize,
    /// Each seat's chance of winning, by seat; they sum to 1.
    pub chances: Vec<f64>,
    /// Playouts behind the chances (0 where the game was over: the chances are certain).
    pub playouts: u32,
    /// Half the width of the widest seat's 95% interval.
    pub margin: f64,
}

/// A moment where a seat's chance moved most, and what moved it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurningPoint {
    pub period: u32,
    /// The record's entry that caused it (1-based, as `catan replay` numbers its steps).
    pub step: usize,
    /// The seat whose chance moved.
    pub seat: Seat,
    pub before: f64,
    pub after: f64,
    /// What happened, in the ruleset's own words.
    pub event: String,
    /// The whole moment in a line: "Turn 23: Bot 2 moves the robber ...: Ann's chance 41% → 28%".
    pub text: String,
}

/// A move of a person's seat where `hard` would have played otherwise.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub seat: Seat,
    pub period: u32,
    /// The record's entry (1-based).
    pub step: usize,
    pub played: String,
    pub hard: String,
    /// The seat's chance after its own move and after `hard`'s, on the same playouts.
    pub played_chance: f64,
    pub hard_chance: f64,
    pub playouts: u32,
}

/// A whole review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub variant: String,
    /// "turn" or "round": what a point's `period` counts.
    pub period: String,
    pub names: Vec<String>,
    pub winners: Vec<Seat>,
    /// Whether the record ends with the game over. A save of a game its host quit is reviewed
    /// too, but its last point is where it stopped, not the game's end, and the review says so.
    #[serde(default = "finished_by_default")]
    pub finished: bool,
    pub points: Vec<Point>,
    pub turning_points: Vec<TurningPoint>,
    /// Worst first, at most five per seat.
    pub decisions: Vec<Decision>,
    /// The seats whose moves were compared with hard's: one of them with no decision listed
    /// played none that hard's clearly beat, which the review says rather than staying silent.
    #[serde(default)]
    pub compared: Vec<Seat>,
    /// How the figures were made, in words (playouts see every hand; points left out ...).
    pub notes: Vec<String>,
    /// Playouts played in all.
    pub playouts: u64,
}

/// A review from before [`Review::finished`] was kept: the host reviewed only finished games.
fn finished_by_default() -> bool {
    true
}

/// Where a game's review stands: what a host tells its players after the game ends, while it
/// computes the review in the background, and what the game-over screen draws.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ReviewState {
    /// Being computed: `done` of `total` steps.
    Computing {
        done: usize,
        total: usize,
    },
    Ready(Box<Review>),
    /// It could not be made (the reason in words).
    Failed(String),
}

/// A record replayed once, every position kept: what the review's parts look at.
pub struct Replayed {
    /// The game before each entry, then at the end (`entries.len() + 1` of them).
    pub states: Vec<Game>,
    /// Each entry's game time (when the position after it stood).
    pub times: Vec<Millis>,
    /// Each entry's events in words for a spectator.
    pub words: Vec<Vec<String>>,
    /// Each entry's events in words once the game is over: hidden cards named
    /// ([`Ruleset::reveal`]). Only a finished game's review tells them ([`Replayed::told`]).
    pub revealed: Vec<Vec<String>>,
    /// Positions (indices of `states`) where a turn or round had just begun.
    pub starts: Vec<usize>,
    pub entries: Vec<Entry>,
    pub names: Vec<String>,
    /// Whether the game counts rounds rather than turns.
    pub rounds: bool,
}

impl Replayed {
    /// Replays a record, keeping the game before every entry.
    pub fn of(header: &Header, entries: &[Entry]) -> Result<Replayed, RecordError> {
        let names = header.names.clone();
        let mut states = vec![header.new_game().map_err(|m| RecordError::Damaged {
            line: 2,
            message: m,
        })?];
        let mut times = Vec::with_capacity(entries.len());
        let mut words = Vec::with_capacity(entries.len());
        let mut revealed = Vec::with_capacity(entries.len());
        let mut starts = vec![0];
        let mut rounds = false;
        let mut facts = Vec::new();
        crate::record::replay(header, entries, |g, e, evs| {
            facts.clear();
            for ev in evs {
                g.recap_facts(ev, &mut facts);
            }
            if facts.iter().any(|f| matches!(f, Fact::Turn | Fact::Round)) {
                rounds |= facts.contains(&Fact::Round);
                starts.push(states.len());
            }
            times.push(e.at());
            words.push(
                evs.iter()
                    .filter_map(|ev| g.describe(ev, None, &names))
                    .collect(),
            );
            revealed.push(
                evs.iter()
                    .filter_map(|ev| {
                        g.reveal(ev, &names)
                            .or_else(|| g.describe(ev, None, &names))
                    })
                    .collect(),
            );
            states.push(g.clone());
        })?;
        let end = states.len() - 1;
        if starts.last() != Some(&end) {
            starts.push(end);
        }
        Ok(Replayed {
            states,
            times,
            words,
            revealed,
            starts,
            entries: entries.to_vec(),
            names,
            rounds,
        })
    }

    /// Whether the record ends with the game over (someone won, or the game ended by its
    /// rules): only then does the review name what the players could not see.
    pub fn finished(&self) -> bool {
        self.states.last().is_some_and(|g| g.outcome().is_some())
    }

    /// Entry `i`'s events in words as the review tells them: every hidden card named once the
    /// game is over, the table's words in a game that stopped unfinished.
    pub fn told(&self, i: usize) -> &[String] {
        let words = if self.finished() {
            &self.revealed
        } else {
            &self.words
        };
        words.get(i).map_or(&[], |w| w.as_slice())
    }

    /// The game time at position `i`.
    pub fn time(&self, i: usize) -> Millis {
        if i == 0 { 0 } else { self.times[i - 1] }
    }

    /// A seat's name.
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", seat + 1))
    }

    /// "Turn" or "Round".
    pub fn period_word(&self) -> &'static str {
        if self.rounds { "round" } else { "turn" }
    }
}

/// The people's seats of a record (its `seat … person` lines).
pub fn people(entries: &[Entry]) -> Vec<Seat> {
    let mut out: Vec<Seat> = Vec::new();
    for e in entries {
        if let Entry::Seat { seat, bot, .. } = e {
            out.retain(|s| s != seat);
            if !bot {
                out.push(*seat);
            }
        }
    }
    out.sort_unstable();
    out
}

/// The positions a review estimates: every start of a turn or round, or (a longer game, a
/// hall) evenly spaced ones, always the first and the last; and a note when some are left out.
fn chosen_points(r: &Replayed, max: usize) -> (Vec<usize>, Option<String>) {
    let all = &r.starts;
    let max = max.max(2);
    if all.len() <= max {
        return (all.clone(), None);
    }
    let last = all.len() - 1;
    let mut picked: Vec<usize> = (0..max).map(|k| all[k * last / (max - 1)]).collect();
    picked.dedup();
    let note = format!(
        "chances estimated at {} of the game's {} {}s (evenly spaced) to keep the playouts' cost down",
        picked.len(),
        all.len(),
        r.period_word()
    );
    (picked, Some(note))
}

/// Playouts a point that keep the chances within `budget` on one thread: a few playouts from
/// the game's middle point are timed (a playout from there costs about the average of all
/// points), and the turning points' checking and halving are counted as
/// [`turning::CHECKED`] × 2 + [`turning::MAX`] × 4 points more.
/// Never more than `asked`, never fewer than [`FEWEST_PLAYOUTS`].
fn fitted_playouts(
    r: &Replayed,
    points_at: &[usize],
    asked: u32,
    budget: std::time::Duration,
) -> u32 {
    let mid = points_at[points_at.len() / 2];
    let start = std::time::Instant::now();
    chances::estimate(&r.states[mid], r.time(mid), TIMING_PLAYOUTS, 1);
    let per = start.elapsed().as_secs_f64() / f64::from(TIMING_PLAYOUTS);
    let points = (points_at.len() + turning::CHECKED * 2 + turning::MAX * 4) as f64;
    let affordable = budget.as_secs_f64() / (per * points).max(1e-9);
    (affordable as u32).clamp(FEWEST_PLAYOUTS.min(asked), asked)
}

/// Reviews a recorded game; `progress(done, total)` is called as the work goes (from any
/// thread).
pub fn review(
    header: &Header,
    entries: &[Entry],
    opts: &Options,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Review, RecordError> {
    let r = Replayed::of(header, entries)?;
    let end = r.states.last().expect("the game at its end");
    let seats = end.seats();
    let finished = r.finished();
    // What the playouts may see is the review's first caveat: honest about a game that stopped
    // before anyone won (a save its host quit), where they see cards its players never showed.
    let mut notes = vec![if finished {
        "The game is over, so the playouts see every hand: each point is played on to the end by medium bots in every seat, with the dice and the cards still to draw dealt afresh.".to_string()
    } else {
        format!(
            "The game stopped at {} {} before anyone won, so its last row is where the record stops, not the game's end. The playouts still see every hand, as only a finished game's review should: these chances know cards its players had not shown (the turning points keep them hidden). Each point is played on to the end by medium bots in every seat, with the dice and the cards still to draw dealt afresh.",
            r.period_word(),
            end.turns()
        )
    }];
    let mut max_points = opts.max_points;
    if seats > HALL_SEATS {
        max_points = max_points.min(HALL_POINTS);
        notes.push(format!(
            "A hall of {seats} seats: its playouts cost many times a table's, so fewer points are estimated."
        ));
    }
    let (points_at, note) = chosen_points(&r, max_points);
    notes.extend(note);
    let fitted;
    let opts = match opts.time {
        Some(budget) => {
            fitted = Options {
                playouts: fitted_playouts(&r, &points_at, opts.playouts, budget),
                ..opts.clone()
            };
            if fitted.playouts < opts.playouts {
                notes.push(format!(
                    "{} playouts a point rather than {}: this ruleset's games take long to play out, and the review keeps to about {} s.",
                    fitted.playouts,
                    opts.playouts,
                    budget.as_secs()
                ));
            }
            &fitted
        }
        None => opts,
    };
    let decisions_work = decisions::work(&r, opts);
    let spans = turning::CHECKED + turning::MAX;
    let total = points_at.len() + spans + decisions_work;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let tick = || {
        let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(d.min(total), total);
    };
    let estimates = chances::estimate_all(&r, &points_at, opts, &tick);
    let mut playouts: u64 = estimates.iter().map(|e| u64::from(e.playouts)).sum();
    let points: Vec<Point> = points_at
        .iter()
        .zip(&estimates)
        .map(|(&i, e)| Point {
            period: r.states[i].turns(),
            step: i,
            chances: e.chances.clone(),
            playouts: e.playouts,
            margin: e.margin(),
        })
        .collect();
    let ticked = std::sync::atomic::AtomicUsize::new(0);
    let (turning_points, spent) = turning::find(&r, &points, opts, &|| {
        ticked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        tick();
    });
    playouts += spent;
    for _ in ticked.into_inner()..spans {
        tick();
    }
    let compared = if decisions::compared(&r, opts) {
        opts.people.clone()
    } else {
        Vec::new()
    };
    let (decisions, spent, note) = decisions::find(&r, opts, &tick);
    playouts += spent;
    notes.extend(note);
    progress(total, total);
    Ok(Review {
        variant: end.name().to_string(),
        period: r.period_word().to_string(),
        names: (0..seats as Seat).map(|s| r.name(s)).collect(),
        winners: end.outcome().map(|o| o.winners).unwrap_or_default(),
        finished,
        points,
        turning_points,
        decisions,
        compared,
        notes,
        playouts,
    })
}
