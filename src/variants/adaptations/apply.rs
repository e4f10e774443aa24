//! Applying commands and the clock. Every command is checked completely first ([`check`]
//! takes `&self`), so a refused command leaves the state exactly as it was; only then does
//! [`execute`] change anything.
//!
//! [`check`]: AdaptGame::check
//! [`execute`]: AdaptGame::execute

use super::command::Command;
use super::drift::name;
use super::event::{DriftHow, Event};
use super::{
    AP_PER_TURN, AdaptGame, Adaptation, DRIFT_CAP, MARKER_CAP, Phase, Pile, SEASON_CAP, WATER_CAP,
};
use crate::engine::{Millis, RuleError, Seat};
use crate::geometry::Hex;
use crate::rules::entry::{Act, Verdict};
use crate::rules::resources::{ResourceSet, Terrain};

impl AdaptGame {
    /// `Ruleset::apply_into` of an Adaptations game: checked whole first, then carried out.
    pub(crate) fn apply_command_into(&mut self, cx: &mut Act<Event>, cmd: &Command) -> Verdict {
        self.check(cx.seat, cmd).map_err(RuleError)?;
        self.now = self.now.max(cx.now);
        self.execute(cx.seat, cmd, cx.ev);
        Ok(())
    }

    /// Why a command is illegal now, if it is. Pure.
    pub(crate) fn check(&self, seat: Seat, cmd: &Command) -> Result<(), String> {
        crate::rules::entry::admit(seat, self.cfg.seats, self.is_over()).map_err(|e| e.0)?;
        if !self.is_prompted(seat) {
            let who = self
                .prompted()
                .first()
                .map_or("nobody".to_string(), |s| format!("seat {}", s + 1));
            return Err(format!(
                "it is not your move: {who} is playing ({})",
                self.phase.name()
            ));
        }
        let hand = &self.hands[seat as usize];
        let ap = self.ap[seat as usize];
        let need_ap = |n: u32| {
            if ap >= n {
                Ok(())
            } else {
                Err(format!("that costs {n} AP and you have {ap}"))
            }
        };
        let need_cards = |set: &ResourceSet| {
            if hand.contains(set) {
                Ok(())
            } else {
                Err(format!("that needs {set}; you hold {hand}"))
            }
        };
        match (&self.phase, cmd) {
            (Phase::Placement { .. }, Command::Place(a, b)) => self.check_place(seat, *a, *b),
            (Phase::Placement { .. }, _) => {
                Err("setup: place two herds, e.g. `place AB AC`".into())
            }
            (
                Phase::Climate {
                    single,
                    water,
                    season,
                    ..
                },
                c,
            ) => match c {
                Command::Drift { from, to } => {
                    if *single {
                        return Err("you already made a single-card drift this turn".into());
                    }
                    if self.drifts_used >= DRIFT_CAP {
                        return Err("two players already made a single-card drift this turn".into());
                    }
                    let t = self.check_land_drift(*from, *to, None)?;
                    let card = t.resource().expect("not the desert");
                    need_cards(&ResourceSet::one(card, 1))
                }
                Command::Water { card, from, to } => {
                    if *water {
                        return Err("you already made a water drift this turn".into());
                    }
                    if self.water_used >= WATER_CAP {
                        return Err("two players already made a water drift this turn".into());
                    }
                    need_cards(&ResourceSet::one(*card, 2))?;
                    self.check_water_drift(*from, *to)
                }
                Command::Season { high, low } => {
                    if *season || self.seasons_used >= SEASON_CAP {
                        return Err("the seasons were already changed this turn".into());
                    }
                    if high == low {
                        return Err("a season change takes two different cards".into());
                    }
                    let mut set = ResourceSet::one(*high, 1);
                    set[*low] += 1;
                    need_cards(&set)
                }
                Command::TripleDrift { card, from, to } => {
                    need_cards(&ResourceSet::one(*card, 3))?;
                    self.check_land_drift(*from, *to, Some(card.terrain()))
                        .map(|_| ())
                }
                Command::TripleSeason { card, pile } => {
                    need_cards(&ResourceSet::one(*card, 3))?;
                    let other = match pile {
                        Pile::High => self.low,
                        Pile::Low => self.high,
                    };
                    if other == Some(*card) {
                        return Err(format!(
                            "High and Low Season must differ, and {card} is already the other"
                        ));
                    }
                    Ok(())
                }
                Command::Discard(set) => {
                    if set.is_empty() {
                        return Err("discard which cards?".into());
                    }
                    need_cards(set)
                }
                Command::Done => Ok(()),
                _ => Err(
                    "phase 1 (climate change): drift, water, season, triple, discard or done"
                        .into(),
                ),
            },
            (Phase::Evolution { .. }, c) => match c {
                Command::Drift { from, to } => {
                    need_ap(4)?;
                    self.check_land_drift(*from, *to, None).map(|_| ())
                }
                Command::Clear(p) => {
                    need_ap(3)?;
                    let card = match p {
                        Pile::High => self.high,
                        Pile::Low => self.low,
                    };
                    if card.is_none() {
                        return Err(format!("the {} Season pile is empty", p.name()));
                    }
                    Ok(())
                }
                Command::Buy(a) => {
                    if self.supply[a.index()] == 0 {
                        return Err(format!("no {} is left in the supply", a.name()));
                    }
                    if *a != Adaptation::Aggressive && self.has(seat, *a) {
                        return Err(format!(
                            "you already have {}: one of each but Aggressive",
                            a.name()
                        ));
                    }
                    need_ap(a.cost())
                }
                Command::TradeIn(a) => {
                    if !self.has(seat, *a) {
                        return Err(format!("you do not have {}", a.name()));
                    }
                    Ok(())
                }
                Command::Migrate(steps) => {
                    need_ap(1)?;
                    self.check_migrate(seat, steps)
                }
                Command::Swim(steps) => {
                    need_ap(1)?;
                    self.check_swim(seat, steps)
                }
                Command::Reproduce(hexes) => {
                    need_ap(1)?;
                    self.check_reproduce(seat, hexes)
                }
                Command::Done => Ok(()),
                _ => Err(
                    "phase 2 (evolution): drift, clear, buy, trade, migrate, swim, reproduce or done"
                        .into(),
                ),
            },
            (Phase::Territorial { .. }, c) => match c {
                Command::Conflict(h) => {
                    if self.declare_targets(seat).contains(h) {
                        Ok(())
                    } else {
                        Err(format!(
                            "you cannot start a conflict at {}: it needs your herds and an opponent's on land, once",
                            name(*h)
                        ))
                    }
                }
                Command::Done => Ok(()),
                _ => Err("Territorial: `conflict AB` or `done`".into()),
            },
            (Phase::Retreat { .. }, c) => match c {
                Command::Retreat(h) => {
                    let from = self.pending_hex().ok_or("nothing to retreat from")?;
                    if self.retreat_targets(seat, from).contains(h) {
                        Ok(())
                    } else {
                        Err(format!(
                            "you cannot retreat to {}: a neighbouring land hex below capacity without other Territorial herds",
                            name(*h)
                        ))
                    }
                }
                Command::Stay => Ok(()),
                _ => Err("Retreat: `retreat AB` or `stay`".into()),
            },
            (Phase::Over, _) => Err("the game is over".into()),
        }
    }

    /// Applies a checked command.
    pub(super) fn execute(&mut self, seat: Seat, cmd: &Command, events: &mut Vec<Event>) {
        let s = seat as usize;
        match (self.phase.clone(), cmd) {
            (Phase::Placement { step }, Command::Place(a, b)) => {
                self.add_herds(*a, seat, 1);
                self.add_herds(*b, seat, 1);
                events.push(Event::Placed { seat, a: *a, b: *b });
                let step = step + 1;
                if step as usize >= 2 * self.cfg.seats {
                    self.start_turn(events);
                } else {
                    self.phase = Phase::Placement { step };
                    self.arm();
                }
            }
            (
                Phase::Climate {
                    seat: who,
                    mut single,
                    mut water,
                    mut season,
                },
                c,
            ) => {
                match c {
                    Command::Drift { from, to } => {
                        let t = self.land(*from).expect("checked");
                        let card = t.resource().expect("checked");
                        self.hands[s][card] -= 1;
                        self.drifts_used += 1;
                        single = true;
                        self.drift_tile(seat, *from, *to, DriftHow::Card, events);
                        self.put_on_discard(&ResourceSet::one(card, 1), events);
                    }
                    Command::Water { card, from, to } => {
                        self.hands[s][*card] -= 2;
                        self.water_used += 1;
                        water = true;
                        let mut drowned = Vec::new();
                        for o in 0..self.cfg.seats as Seat {
                            let n = self.herds_at(*to, o);
                            if n > 0 && !self.has(o, Adaptation::Swimming) {
                                self.take_herds(*to, o, n);
                                drowned.push((o, n));
                            }
                        }
                        self.move_tile(*from, *to);
                        events.push(Event::WaterDrift {
                            seat,
                            card: *card,
                            from: *from,
                            to: *to,
                            drowned,
                        });
                        self.put_on_discard(&ResourceSet::one(*card, 2), events);
                    }
                    Command::Season { high, low } => {
                        let mut set = ResourceSet::one(*high, 1);
                        set[*low] += 1;
                        self.hands[s].sub(&set);
                        self.seasons_used += 1;
                        season = true;
                        let mut old = ResourceSet::EMPTY;
                        for c in [self.high.replace(*high), self.low.replace(*low)]
                            .into_iter()
                            .flatten()
                        {
                            old[c] += 1;
                        }
                        events.push(Event::Season {
                            seat,
                            high: *high,
                            low: *low,
                        });
                        self.put_on_discard(&old, events);
                    }
                    Command::TripleDrift { card, from, to } => {
                        self.hands[s][*card] -= 3;
                        self.drift_tile(seat, *from, *to, DriftHow::Triple, events);
                        self.put_on_discard(&ResourceSet::one(*card, 3), events);
                        if !self.is_over() {
                            self.draw_into(seat, 3, events);
                        }
                    }
                    Command::TripleSeason { card, pile } => {
                        self.hands[s][*card] -= 3;
                        events.push(Event::TripleSeason {
                            seat,
                            card: *card,
                            pile: *pile,
                        });
                        self.set_season(*pile, *card, events);
                        // Once the game is over the clock stops, but the cards still land.
                        self.put_on_discard(&ResourceSet::one(*card, 2), events);
                        if !self.is_over() {
                            self.draw_into(seat, 3, events);
                        }
                    }
                    Command::Discard(set) => {
                        self.hands[s].sub(set);
                        let taken = self.markers.iter().filter(|m| **m).count() as u8;
                        let marker = taken < MARKER_CAP && !self.markers[s];
                        if marker {
                            self.markers[s] = true;
                        }
                        events.push(Event::Discarded {
                            seat,
                            cards: *set,
                            marker,
                        });
                        self.put_on_discard(set, events);
                        if !self.is_over() {
                            self.end_climate(who, events);
                        }
                        return;
                    }
                    Command::Done => {
                        events.push(Event::Done {
                            seat,
                            timeout: false,
                        });
                        self.end_climate(who, events);
                        return;
                    }
                    _ => unreachable!("checked"),
                }
                if !self.is_over() {
                    self.phase = Phase::Climate {
                        seat: who,
                        single,
                        water,
                        season,
                    };
                }
            }
            (Phase::Evolution { .. }, c) => match c {
                Command::Drift { from, to } => {
                    self.ap[s] -= 4;
                    self.drift_tile(seat, *from, *to, DriftHow::Action, events);
                }
                Command::Clear(p) => {
                    self.ap[s] -= 3;
                    let card = match p {
                        Pile::High => self.high.take(),
                        Pile::Low => self.low.take(),
                    }
                    .expect("checked");
                    events.push(Event::Cleared {
                        seat,
                        pile: *p,
                        card,
                    });
                    self.put_on_discard(&ResourceSet::one(card, 1), events);
                }
                Command::Buy(a) => {
                    self.ap[s] -= a.cost();
                    self.supply[a.index()] -= 1;
                    self.held[s][a.index()] += 1;
                    events.push(Event::Bought {
                        seat,
                        adaptation: *a,
                    });
                }
                Command::TradeIn(a) => {
                    self.ap[s] += a.refund();
                    self.supply[a.index()] += 1;
                    self.held[s][a.index()] -= 1;
                    events.push(Event::TradedIn {
                        seat,
                        adaptation: *a,
                    });
                }
                Command::Migrate(steps) | Command::Swim(steps) => {
                    self.ap[s] -= 1;
                    self.apply_steps(seat, steps);
                    events.push(Event::Moved {
                        seat,
                        steps: steps.clone(),
                        swim: matches!(c, Command::Swim(_)),
                    });
                }
                Command::Reproduce(hexes) => {
                    self.ap[s] -= 1;
                    for h in hexes {
                        self.add_herds(*h, seat, 1);
                    }
                    events.push(Event::Reproduced {
                        seat,
                        hexes: hexes.clone(),
                    });
                }
                Command::Done => {
                    events.push(Event::Done {
                        seat,
                        timeout: false,
                    });
                    self.end_evolution(seat, events);
                }
                _ => unreachable!("checked"),
            },
            (Phase::Territorial { .. }, c) => match c {
                Command::Conflict(h) => {
                    self.declared.push((seat, *h));
                    events.push(Event::Declared { seat, hex: *h });
                    if self.declare_targets(seat).is_empty() {
                        self.next_territorial(Some(seat), events);
                    }
                }
                _ => {
                    events.push(Event::Done {
                        seat,
                        timeout: false,
                    });
                    self.next_territorial(Some(seat), events);
                }
            },
            (Phase::Retreat { .. }, c) => {
                let (victim, index) = self
                    .resolution
                    .as_ref()
                    .and_then(|r| r.pending)
                    .expect("checked");
                let to = match c {
                    Command::Retreat(h) => Some(*h),
                    _ => None,
                };
                self.remove_one(victim, index, to, events);
                self.run_resolution(events);
            }
            _ => unreachable!("checked"),
        }
    }

    /// Moves a land tile and tells who drifted it (A10).
    fn drift_tile(
        &mut self,
        seat: Seat,
        from: Hex,
        to: Hex,
        how: DriftHow,
        events: &mut Vec<Event>,
    ) {
        let land = self.land(from).unwrap_or(Terrain::Desert);
        let swimmers = self.total_at(from);
        self.move_tile(from, to);
        events.push(Event::Drifted {
            seat,
            from,
            to,
            land,
            how,
            swimmers,
        });
    }

    /// Arms the timer of the sub-turn or prompt that starts now.
    pub(crate) fn arm(&mut self) {
        self.deadline = self.cfg.phase_ms.map(|ms| self.now + ms);
    }

    /// A turn starts: phase 1 with the active player.
    pub(crate) fn start_turn(&mut self, events: &mut Vec<Event>) {
        self.turn += 1;
        self.phase = Phase::Climate {
            seat: self.active,
            single: false,
            water: false,
            season: false,
        };
        self.arm();
        events.push(Event::TurnStarted {
            active: self.active,
            turn: self.turn,
        });
    }

    /// A phase-1 sub-turn ends: the next player plays, or everyone draws and phase 2 starts.
    fn end_climate(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let next = self.next_seat(seat);
        if next == self.active {
            self.draw_up(events);
            self.start_evolution(next, events);
        } else {
            self.phase = Phase::Climate {
                seat: next,
                single: false,
                water: false,
                season: false,
            };
            self.arm();
        }
    }

    /// A phase-2 sub-turn starts: the seat's income (A18).
    pub(crate) fn start_evolution(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let s = seat as usize;
        let income =
            AP_PER_TURN + self.has(seat, Adaptation::Skill) as u32 + self.markers[s] as u32;
        self.ap[s] += income;
        events.push(Event::Income {
            seat,
            ap: income,
            pool: self.ap[s],
        });
        self.phase = Phase::Evolution { seat };
        self.arm();
    }

    fn end_evolution(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let next = self.next_seat(seat);
        if next == self.active {
            self.start_conflict(events);
        } else {
            self.start_evolution(next, events);
        }
    }

    /// What a timeout does (A35): `done`, `stay` or the default retreat; in setup, the first
    /// legal placement.
    fn timeout_command(&self, seat: Seat) -> Command {
        match self.phase {
            Phase::Placement { .. } => self
                .legal_commands(seat)
                .into_iter()
                .next()
                .unwrap_or(Command::Done),
            Phase::Retreat { .. } => match self.default_retreat(seat) {
                Some(h) => Command::Retreat(h),
                None => Command::Stay,
            },
            _ => Command::Done,
        }
    }

    /// Lets time pass: every expired sub-turn or prompt takes its default.
    pub(crate) fn run_clock(&mut self, now: Millis) -> Vec<Event> {
        let mut events = Vec::new();
        self.now = self.now.max(now);
        while let Some(d) = self.deadline
            && d <= now
            && !self.is_over()
        {
            let Some(seat) = self.prompted().first().copied() else {
                break;
            };
            let cmd = self.timeout_command(seat);
            if self.check(seat, &cmd).is_err() {
                self.deadline = None;
                break;
            }
            if matches!(cmd, Command::Done) {
                events.push(Event::Done {
                    seat,
                    timeout: true,
                });
                match self.phase {
                    Phase::Climate { seat: who, .. } => self.end_climate(who, &mut events),
                    Phase::Evolution { .. } => self.end_evolution(seat, &mut events),
                    Phase::Territorial { .. } => self.next_territorial(Some(seat), &mut events),
                    _ => self.execute(seat, &cmd, &mut events),
                }
            } else {
                self.execute(seat, &cmd, &mut events);
            }
        }
        events
    }
}
