//! The end-of-game summary (a recap): the standings with each seat's points by source, every
//! seat's points after each turn or round, the dice rolled against the expected distribution,
//! and per seat the resources gained by source and lost by cause.
//!
//! One accumulator ([`Recorder`]) is fed every applied command's events with the game as it
//! stands after them. The host keeps one beside its game and sends the result to everyone once
//! the game is over (never before: it names hidden cards); `catan replay --summary` replays a
//! record through the same accumulator. Rulesets tell it what their events mean through
//! [`crate::engine::Ruleset::recap_facts`] and what their points are made of through
//! [`crate::engine::Ruleset::points_by_source`], so nothing here matches over rulesets.

pub mod text;

use crate::engine::Seat;
use crate::rules::pieces::{BuildingKind, Pieces};
use crate::rules::resources::{Resource, ResourceSet};
use crate::variants::{Game, GameEvent};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Where a seat's points come from. Each ruleset uses the sources its rules have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PointSource {
    Settlements,
    Cities,
    /// Buildings a seat holds because it annexed them (Risk of Catan).
    Annexed,
    LongestRoad,
    LargestArmy,
    VpCards,
    /// The Big Game's bonus for settling in another player's territory.
    TerritoryBonus,
    /// Adaptations: points for the most herds on each land mass.
    LandMasses,
    /// Adaptations: points won in conflicts.
    Conflict,
    /// Adaptations: the adaptations a seat holds.
    Adaptations,
}

impl PointSource {
    /// The source in words (also its key in JSON).
    pub const fn word(self) -> &'static str {
        match self {
            PointSource::Settlements => "settlements",
            PointSource::Cities => "cities",
            PointSource::Annexed => "annexed",
            PointSource::LongestRoad => "longest road",
            PointSource::LargestArmy => "largest army",
            PointSource::VpCards => "VP cards",
            PointSource::TerritoryBonus => "territory bonus",
            PointSource::LandMasses => "land masses",
            PointSource::Conflict => "conflict",
            PointSource::Adaptations => "adaptations",
        }
    }
}

/// One seat's points by source, as a ruleset counts them now (sources without points may be
/// left out). Their sum is the seat's score in [`crate::engine::Outcome`].
pub type SeatPoints = Vec<(PointSource, i64)>;

/// Where cards a seat received came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Gain {
    /// The starting settlement's resources.
    Start,
    /// Dice production (and Adaptations' draws: its income).
    Production,
    /// Trades with other players.
    Trades,
    /// Trades with the bank or a harbour.
    Bank,
    /// Cards stolen with the robber (or a knight).
    Robber,
    /// Development cards: Year of Plenty, Monopoly, the Big Game's knight from the bank.
    Cards,
}

impl Gain {
    pub const ALL: [Gain; 6] = [
        Gain::Start,
        Gain::Production,
        Gain::Trades,
        Gain::Bank,
        Gain::Robber,
        Gain::Cards,
    ];
    pub const fn word(self) -> &'static str {
        match self {
            Gain::Start => "start",
            Gain::Production => "production",
            Gain::Trades => "trades",
            Gain::Bank => "bank",
            Gain::Robber => "robber",
            Gain::Cards => "cards",
        }
    }
}

/// Why a seat gave cards up (building costs aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Loss {
    /// Discards on a 7 (or Adaptations' discards).
    Discards,
    /// Stolen by the robber (or taken on request in Total Chaos).
    Robber,
    /// Taken by another player's Monopoly.
    Monopoly,
    /// Given in trades with other players.
    Trades,
    /// Given to the bank or a harbour.
    Bank,
}

impl Loss {
    pub const ALL: [Loss; 5] = [
        Loss::Discards,
        Loss::Robber,
        Loss::Monopoly,
        Loss::Trades,
        Loss::Bank,
    ];
    pub const fn word(self) -> &'static str {
        match self {
            Loss::Discards => "discards",
            Loss::Robber => "robber",
            Loss::Monopoly => "monopoly",
            Loss::Trades => "trades",
            Loss::Bank => "bank",
        }
    }
}

/// What one event means for the summary, as its ruleset classifies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    Gained {
        seat: Seat,
        from: Gain,
        cards: ResourceSet,
    },
    Lost {
        seat: Seat,
        to: Loss,
        cards: ResourceSet,
    },
    /// Production dice came up with this sum.
    Dice(u8),
    /// A new turn began (the chart's step in turn-based rulesets).
    Turn,
    /// A new round began (the step in rulesets played in rounds).
    Round,
}

impl Fact {
    /// `seat` gained `cards` from `from` (one line an arm in each ruleset's classification).
    pub fn gained(seat: Seat, from: Gain, cards: ResourceSet) -> Fact {
        Fact::Gained { seat, from, cards }
    }
    /// `seat` lost `cards` to `to`.
    pub fn lost(seat: Seat, to: Loss, cards: ResourceSet) -> Fact {
        Fact::Lost { seat, to, cards }
    }
}

/// Facts for a trade between two seats: `from` gave `gave` and got `got`.
pub fn trade_facts(
    from: Seat,
    with: Seat,
    gave: ResourceSet,
    got: ResourceSet,
    out: &mut Vec<Fact>,
) {
    out.extend([
        Fact::Lost {
            seat: from,
            to: Loss::Trades,
            cards: gave,
        },
        Fact::Gained {
            seat: from,
            from: Gain::Trades,
            cards: got,
        },
        Fact::Lost {
            seat: with,
            to: Loss::Trades,
            cards: got,
        },
        Fact::Gained {
            seat: with,
            from: Gain::Trades,
            cards: gave,
        },
    ]);
}

/// Facts for a trade with the bank.
pub fn bank_facts(seat: Seat, gave: ResourceSet, got: ResourceSet, out: &mut Vec<Fact>) {
    out.extend([
        Fact::Lost {
            seat,
            to: Loss::Bank,
            cards: gave,
        },
        Fact::Gained {
            seat,
            from: Gain::Bank,
            cards: got,
        },
    ]);
}

/// Facts for one card stolen.
pub fn steal_facts(thief: Seat, victim: Seat, card: Resource, out: &mut Vec<Fact>) {
    let cards = ResourceSet::one(card, 1);
    out.extend([
        Fact::Gained {
            seat: thief,
            from: Gain::Robber,
            cards,
        },
        Fact::Lost {
            seat: victim,
            to: Loss::Robber,
            cards,
        },
    ]);
}

/// Facts for a Monopoly: what each victim gave the player.
pub fn monopoly_facts(seat: Seat, resource: Resource, took: &[(Seat, u32)], out: &mut Vec<Fact>) {
    let mut total = 0;
    for (victim, n) in took {
        total += n;
        out.push(Fact::Lost {
            seat: *victim,
            to: Loss::Monopoly,
            cards: ResourceSet::one(resource, *n),
        });
    }
    out.push(Fact::Gained {
        seat,
        from: Gain::Cards,
        cards: ResourceSet::one(resource, total),
    });
}

/// A seat's points from its settlements and cities: the share every Catan-like ruleset has.
pub fn building_points(pieces: &Pieces, seat: Seat) -> SeatPoints {
    let (mut settlements, mut cities) = (0, 0);
    for c in pieces.buildings_of(seat) {
        match pieces.building(*c).map(|b| b.kind) {
            Some(BuildingKind::Settlement) => settlements += 1,
            Some(BuildingKind::City) => cities += 2,
            None => {}
        }
    }
    vec![
        (PointSource::Settlements, settlements),
        (PointSource::Cities, cities),
    ]
}

/// A seat's points in the Catan-like rulesets: buildings, the two awards (2 each) and its
/// victory point cards.
pub fn catan_points(
    pieces: &Pieces,
    seat: Seat,
    longest: Option<Seat>,
    largest: Option<Seat>,
    vp_cards: u32,
) -> SeatPoints {
    let mut p = building_points(pieces, seat);
    let award = |holder: Option<Seat>| if holder == Some(seat) { 2 } else { 0 };
    p.extend([
        (PointSource::LongestRoad, award(longest)),
        (PointSource::LargestArmy, award(largest)),
        (PointSource::VpCards, vp_cards as i64),
    ]);
    p
}

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
    pub fn feed(&mut self, game: &Game, events: &[GameEvent]) {
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

    fn sample(&mut self, game: &Game) {
        for (s, pts) in game.points_by_source().iter().enumerate() {
            if let Some(t) = self.timeline.get_mut(s) {
                t.push(pts.iter().map(|(_, v)| v).sum());
            }
        }
    }

    /// The summary of the game as it stands (seats named by `names`).
    pub fn summary(&self, game: &Game, names: &[String]) -> Summary {
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
                    *by_source.entry(*k).or_default() += v;
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
            variant: crate::variants::variant_name(game.variant()).to_string(),
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
