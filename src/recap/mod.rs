//! The end-of-game summary (a recap): the standings with each seat's points by source, every
//! seat's points after each turn or round, the dice rolled against the expected distribution,
//! and per seat the resources gained by source and lost by cause.
//!
//! One accumulator ([`Recorder`]) is fed every applied command's events with the game as it
//! stands after them. The host keeps one beside its game and sends the result to everyone once
//! the game is over (never before: it names hidden cards); `catan replay --summary` replays a
//! record through the same accumulator. Rulesets tell it what their events mean through
//! [`crate::ruleset::Ruleset::recap_facts`] and what their points are made of through
//! [`crate::ruleset::Ruleset::points_by_source`], so nothing here matches over rulesets.

pub mod text;

use crate::engine::Seat;
use crate::rules::resources::{Resource, ResourceSet};
use crate::ruleset::Ruleset;
use crate::variants::Game;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;

pub use crate::rules::facts::{Fact, Gain, Loss};
pub use crate::rules::points::PointSource;

/// How the chart steps: after each turn, or after each round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Period {
    Turn,
    Round,
}

impl Period {
    pub const fn word(self) -> &'static str {
        match self {
            Period::Turn => "turn",
            Period::Round => "round",
        }
    }
}

/// One seat in the summary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    pub seat: Seat,
    pub name: String,
    /// The score (the outcome's, or the points so far in a game that did not finish).
    pub total: i64,
    pub points: BTreeMap<PointSource, i64>,
    /// Points after each turn or round, from turn (or round) 0, the setup; the last entry is
    /// the end of the game.
    pub timeline: Vec<i64>,
    pub gained: BTreeMap<Gain, ResourceSet>,
    pub lost: BTreeMap<Loss, ResourceSet>,
}

/// A game's summary, as the host sends it at the end and `catan replay --summary` prints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub variant: String,
    /// Seats in the game (a hall's summary lists only the top of the standings).
    pub seats_total: usize,
    pub finished: bool,
    pub winners: Vec<Seat>,
    pub period: Period,
    /// Seats in standings order, best first.
    pub seats: Vec<SeatSummary>,
    /// How often each sum of the production dice came up (index 2..=12; 0 and 1 unused).
    pub dice: [u32; 13],
}

/// Ways to roll each sum of two dice, out of 36.
pub const DICE_WAYS: [u32; 13] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

impl Summary {
    /// Rolls in all.
    pub fn rolls(&self) -> u32 {
        self.dice.iter().sum()
    }

    /// How often `sum` was expected to come up in this many rolls.
    pub fn expected(&self, sum: usize) -> f64 {
        self.rolls() as f64 * DICE_WAYS.get(sum).copied().unwrap_or(0) as f64 / 36.0
    }

    /// The same summary with only the first `n` of the standings (a hall's thousands of seats
    /// are not sent to everyone).
    pub fn top(&self, n: usize) -> Summary {
        let mut s = self.clone();
        s.seats.truncate(n);
        s
    }

    /// Turns or rounds the chart covers.
    pub fn periods(&self) -> usize {
        self.seats
            .iter()
            .map(|s| s.timeline.len())
            .max()
            .unwrap_or(0)
    }

    /// The summary as JSON, resources by name (`catan replay --summary --json`, the plain
    /// mode's `summary`).
    pub fn json(&self) -> Value {
        let cards = |r: &ResourceSet| {
            let mut m = serde_json::Map::new();
            for res in Resource::ALL {
                m.insert(res.name().into(), json!(r[res]));
            }
            m.insert("total".into(), json!(r.total()));
            Value::Object(m)
        };
        let seats: Vec<Value> = self
            .seats
            .iter()
            .map(|s| {
                json!({
                    "seat": s.seat + 1,
                    "name": s.name,
                    "total": s.total,
                    "points": s.points.iter().map(|(k, v)| (k.word().to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
                    "timeline": s.timeline,
                    "gained": s.gained.iter().map(|(k, v)| (k.word().to_string(), cards(v))).collect::<serde_json::Map<_, _>>(),
                    "lost": s.lost.iter().map(|(k, v)| (k.word().to_string(), cards(v))).collect::<serde_json::Map<_, _>>(),
                })
            })
            .collect();
        let dice: Vec<Value> = (2..=12)
            .map(|n| {
                json!({"sum": n, "rolled": self.dice[n], "expected": (self.expected(n) * 10.0).round() / 10.0})
            })
            .collect();
        json!({
            "variant": self.variant,
            "seats_total": self.seats_total,
            "finished": self.finished,
            "winners": self.winners.iter().map(|w| w + 1).collect::<Vec<_>>(),
            "period": self.period.word(),
            "standings": seats,
            "dice": dice,
        })
    }
}

/// The accumulator: fed every change of a game, it keeps what the summary needs.
#[derive(Clone, Debug)]
pub struct Recorder {
    period: Option<Period>,
    dice: [u32; 13],
    gained: Vec<[ResourceSet; Gain::ALL.len()]>,
    lost: Vec<[ResourceSet; Loss::ALL.len()]>,
    /// Points by seat after each period.
    timeline: Vec<Vec<i64>>,
    facts: Vec<Fact>,
}

impl Recorder {
    pub fn new(seats: usize) -> Recorder {
        Recorder {
            period: None,
            dice: [0; 13],
            gained: vec![Default::default(); seats],
            lost: vec![Default::default(); seats],
            timeline: vec![Vec::new(); seats],
            facts: Vec::new(),
        }
    }

    /// Takes in one change: `events` as applied, `game` as it stands after them.
    pub fn feed<R: Ruleset>(&mut self, game: &R, events: &[R::Event]) {
        let mut facts = std::mem::take(&mut self.facts);
        facts.clear();
        for e in events {
            game.recap_facts(e, &mut facts);
        }
        let mut sampled = false;
        for f in &facts {
            match *f {
                Fact::Gained { seat, from, cards } => {
                    if let Some(g) = self.gained.get_mut(seat as usize) {
                        g[from as usize].add(&cards);
                    }
                }
                Fact::Lost { seat, to, cards } => {
                    if let Some(l) = self.lost.get_mut(seat as usize) {
                        l[to as usize].add(&cards);
                    }
                }
                Fact::Dice(n) => {
                    if let Some(c) = self.dice.get_mut(n as usize) {
                        *c += 1;
                    }
                }
                Fact::Turn | Fact::Round => {
                    self.period.get_or_insert(if *f == Fact::Turn {
                        Period::Turn
                    } else {
                        Period::Round
                    });
                    // Several starts in one change (a clock that ran through) count once.
                    if !sampled {
                        sampled = true;
                        self.sample(game);
                    }
                }
            }
        }
        self.facts = facts;
    }

    fn sample<R: Ruleset>(&mut self, game: &R) {
        for (s, pts) in game.points_by_source().iter().enumerate() {
            if let Some(t) = self.timeline.get_mut(s) {
                t.push(pts.iter().map(|(_, v)| v).sum());
            }
        }
    }

    /// The summary of the game as it stands (seats named by `names`).
    pub fn summary<R: Ruleset>(&self, game: &R, names: &[String]) -> Summary {
        let points = game.points_by_source();
        let outcome = game.outcome();
        let name = |s: Seat| {
            names
                .get(s as usize)
                .cloned()
                .unwrap_or_else(|| format!("Seat {}", s + 1))
        };
        let order: Vec<(Seat, i64)> = match &outcome {
            Some(o) => o.standings.clone(),
            None => {
                let mut v: Vec<(Seat, i64)> = points
                    .iter()
                    .enumerate()
                    .map(|(s, p)| (s as Seat, p.iter().map(|(_, v)| v).sum()))
                    .collect();
                v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                v
            }
        };
        let seats = order
            .iter()
            .map(|&(seat, total)| {
                let i = seat as usize;
                let pts = points.get(i).cloned().unwrap_or_default();
                let mut by_source: BTreeMap<PointSource, i64> = BTreeMap::new();
                for (k, v) in pts.iter().filter(|(_, v)| *v != 0) {
                    *by_source.entry(k.clone()).or_default() += v;
                }
                let mut timeline = self.timeline.get(i).cloned().unwrap_or_default();
                timeline.push(pts.iter().map(|(_, v)| v).sum());
                let gained = self.gained.get(i).map_or_else(BTreeMap::new, |g| {
                    Gain::ALL
                        .iter()
                        .map(|k| (*k, g[*k as usize]))
                        .filter(|(_, v)| !v.is_empty())
                        .collect()
                });
                let lost = self.lost.get(i).map_or_else(BTreeMap::new, |l| {
                    Loss::ALL
                        .iter()
                        .map(|k| (*k, l[*k as usize]))
                        .filter(|(_, v)| !v.is_empty())
                        .collect()
                });
                SeatSummary {
                    seat,
                    name: name(seat),
                    total,
                    points: by_source,
                    timeline,
                    gained,
                    lost,
                }
            })
            .collect();
        Summary {
            variant: game.name().to_string(),
            seats_total: game.seats(),
            finished: outcome.is_some(),
            winners: outcome.map(|o| o.winners).unwrap_or_default(),
            period: self.period.unwrap_or(Period::Turn),
            seats,
            dice: self.dice,
        }
    }
}

/// Replays a record through a [`Recorder`]: the accumulator and the game at the record's end
/// (a resumed host goes on from both).
pub fn recorder_of(
    header: &crate::record::Header,
    entries: &[crate::record::Entry],
) -> Result<(Recorder, Game), crate::record::RecordError> {
    let mut rec = Recorder::new(header.seats);
    let game = crate::record::replay(header, entries, |g, _, evs| rec.feed(g, evs))?;
    Ok((rec, game))
}

/// The summary of a recorded game.
pub fn of_record(
    header: &crate::record::Header,
    entries: &[crate::record::Entry],
) -> Result<Summary, crate::record::RecordError> {
    let (rec, game) = recorder_of(header, entries)?;
    Ok(rec.summary(&game, &header.names))
}

#[cfg(test)]
mod tests;
