//! Phase 3, conflict and swimmers (A23–A30): Territorial declarations, hex-by-hex removal in
//! the fixed order, least aggressive first with ties rotating counterclockwise from the right
//! of the active player, Retreat prompts, conflict VP, then the swimmers. The resolution is a
//! small resumable machine, since a Retreat holder's answer may be awaited at any removal.

use super::drift::{dist, name};
use super::event::{Event, Held};
use super::{AdaptGame, Adaptation, Phase};
use crate::engine::Seat;
use crate::geometry::Hex;
use serde::{Deserialize, Serialize};

/// Where phase 3's resolution stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    /// Land positions in resolution order (A24), fixed when resolution starts.
    pub hexes: Vec<Hex>,
    /// The position being resolved.
    pub at: usize,
    /// 0 while removing the excess; `k` while applying the hex's `k`-th declaration.
    pub step: usize,
    /// Where the counterclockwise rotation goes on, as an index into [`AdaptGame::ccw_order`].
    pub pointer: usize,
    /// Herds of each seat removed or retreated from this position so far.
    pub removed: Vec<u32>,
    /// The removal awaiting a Retreat holder's answer: the seat and its rotation index.
    pub pending: Option<(Seat, usize)>,
    /// Herds removed (or retreated) under the declaration being applied.
    #[serde(default)]
    pub declared_removed: u32,
}

impl AdaptGame {
    /// The removal order among tied players (A25): counterclockwise from the right of the
    /// active player, the active player last.
    pub fn ccw_order(&self) -> Vec<Seat> {
        let n = self.cfg.seats as Seat;
        (1..=n).map(|i| (self.active + n - i % n) % n).collect()
    }

    /// Land positions in resolution order: by distance from the desert, then q, then r.
    pub fn resolution_order(&self) -> Vec<Hex> {
        let mut v: Vec<Hex> = self
            .tiles
            .keys()
            .copied()
            .filter(|h| self.is_land(*h))
            .collect();
        v.sort_by_key(|h| (dist(*h), h.q, h.r));
        v
    }

    /// Where a Territorial holder may declare a conflict (A26): land where they and an
    /// opponent have herds, not declared by them already this turn.
    pub fn declare_targets(&self, seat: Seat) -> Vec<Hex> {
        if !self.has(seat, Adaptation::Territorial) {
            return Vec::new();
        }
        self.herds
            .iter()
            .filter(|(h, v)| {
                self.is_land(**h)
                    && v[seat as usize] > 0
                    && v.iter()
                        .enumerate()
                        .any(|(s, c)| s != seat as usize && *c > 0)
                    && !self.declared.contains(&(seat, **h))
            })
            .map(|(h, _)| *h)
            .collect()
    }

    /// Where a Retreat holder may move a herd that would be removed from `from` (A27): a
    /// neighbouring land tile below its capacity, holding no herd of another Territorial
    /// holder.
    pub fn retreat_targets(&self, seat: Seat, from: Hex) -> Vec<Hex> {
        if !self.has(seat, Adaptation::Retreat) {
            return Vec::new();
        }
        from.neighbors()
            .into_iter()
            .filter(|n| {
                let Some(cap) = self.capacity(*n) else {
                    return false;
                };
                self.total_at(*n) < cap
                    && (0..self.cfg.seats as Seat).all(|o| {
                        o == seat
                            || !self.has(o, Adaptation::Territorial)
                            || self.herds_at(*n, o) == 0
                    })
            })
            .collect()
    }

    /// The answer a timeout or a bot gives a Retreat prompt (A27): the target where the seat
    /// has the most herds, if it has herds in any; else stay.
    pub fn default_retreat(&self, seat: Seat) -> Option<Hex> {
        let from = self.pending_hex()?;
        self.retreat_targets(seat, from)
            .into_iter()
            .filter(|h| self.herds_at(*h, seat) > 0)
            .max_by_key(|h| (self.herds_at(*h, seat), std::cmp::Reverse(*h)))
    }

    /// The position of the removal awaiting an answer.
    pub fn pending_hex(&self) -> Option<Hex> {
        let r = self.resolution.as_ref()?;
        r.pending?;
        r.hexes.get(r.at).copied()
    }

    /// Phase 3 begins: Territorial holders declare, from the active player clockwise.
    pub(crate) fn start_conflict(&mut self, events: &mut Vec<Event>) {
        self.declared.clear();
        events.push(Event::ConflictPhase);
        self.next_territorial(None, events);
    }

    /// The next Territorial holder with somewhere to declare, after `after` (from the active
    /// player when `None`); resolution starts when there is none.
    pub(crate) fn next_territorial(&mut self, after: Option<Seat>, events: &mut Vec<Event>) {
        let order: Vec<Seat> = self.clockwise(self.active).collect();
        let start = match after {
            None => 0,
            Some(s) => order
                .iter()
                .position(|x| *x == s)
                .map_or(order.len(), |i| i + 1),
        };
        for s in order.into_iter().skip(start) {
            if !self.declare_targets(s).is_empty() {
                self.phase = Phase::Territorial { seat: s };
                self.arm();
                return;
            }
        }
        self.resolution = Some(Resolution {
            hexes: self.resolution_order(),
            at: 0,
            step: 0,
            pointer: 0,
            removed: vec![0; self.cfg.seats],
            pending: None,
            declared_removed: 0,
        });
        self.run_resolution(events);
    }

    /// The next herd to remove from a position: from the least aggressive players present,
    /// rotating from `pointer` (A25). With its rotation index.
    fn pick(&self, h: Hex, pointer: usize) -> Option<(Seat, usize)> {
        let order = self.ccw_order();
        let present: Vec<Seat> = order
            .iter()
            .copied()
            .filter(|s| self.herds_at(h, *s) > 0)
            .collect();
        let least = present.iter().map(|s| self.aggressiveness(*s)).min()?;
        let n = order.len();
        (0..n)
            .map(|i| (pointer + i) % n)
            .find(|i| {
                let s = order[*i];
                self.herds_at(h, s) > 0 && self.aggressiveness(s) == least
            })
            .map(|i| (order[i], i))
    }

    /// Resolves positions until a Retreat holder must answer or phase 3 is over.
    pub(crate) fn run_resolution(&mut self, events: &mut Vec<Event>) {
        loop {
            let Some(r) = self.resolution.as_ref() else {
                return;
            };
            let Some(h) = r.hexes.get(r.at).copied() else {
                self.resolution = None;
                self.remove_swimmers(events);
                self.end_turn(events);
                return;
            };
            let (step, pointer) = (r.step, r.pointer);
            let victim = if step == 0 {
                let cap = self.capacity(h).unwrap_or(0);
                if self.total_at(h) > cap {
                    self.pick(h, pointer)
                } else {
                    self.res().step = 1;
                    continue;
                }
            } else {
                let decl = self
                    .declared
                    .iter()
                    .filter(|(_, x)| *x == h)
                    .nth(step - 1)
                    .map(|(s, _)| *s);
                let Some(d) = decl else {
                    self.score_hex(h, events);
                    let r = self.res();
                    r.at += 1;
                    r.step = 0;
                    r.pointer = 0;
                    r.removed.iter_mut().for_each(|c| *c = 0);
                    continue;
                };
                let mine = self.herds_at(h, d);
                match self.pick(h, pointer) {
                    Some((s, i)) if mine > 0 && s != d && self.total_at(h) > mine => Some((s, i)),
                    _ => {
                        if self.res().declared_removed == 0 {
                            // The declaration stops before its first removal: say why (A26).
                            let why = if mine == 0 {
                                Held::NoHerd
                            } else if self.total_at(h) <= mine {
                                Held::OnlyYours
                            } else {
                                let least = (0..self.cfg.seats as Seat)
                                    .filter(|o| *o != d && self.herds_at(h, *o) > 0)
                                    .map(|o| self.aggressiveness(o))
                                    .min()
                                    .unwrap_or(0);
                                Held::YoursNext {
                                    yours: self.aggressiveness(d),
                                    least,
                                }
                            };
                            events.push(Event::DeclarationHeld {
                                seat: d,
                                hex: h,
                                why,
                            });
                        }
                        let r = self.res();
                        r.step += 1;
                        r.declared_removed = 0;
                        continue;
                    }
                }
            };
            let Some((s, i)) = victim else {
                self.res().step += 1;
                continue;
            };
            if !self.retreat_targets(s, h).is_empty() {
                self.res().pending = Some((s, i));
                self.phase = Phase::Retreat { seat: s };
                self.arm();
                events.push(Event::RetreatAsked { seat: s, hex: h });
                return;
            }
            self.remove_one(s, i, None, events);
        }
    }

    fn res(&mut self) -> &mut Resolution {
        self.resolution.as_mut().expect("resolving")
    }

    /// One removal: the herd leaves the board, or retreats to `to` (A25, A27).
    pub(crate) fn remove_one(
        &mut self,
        seat: Seat,
        index: usize,
        to: Option<Hex>,
        events: &mut Vec<Event>,
    ) {
        let n = self.cfg.seats;
        let r = self.res();
        let h = r.hexes[r.at];
        r.removed[seat as usize] += 1;
        if r.step > 0 {
            r.declared_removed += 1;
        }
        r.pointer = (index + 1) % n;
        r.pending = None;
        self.take_herds(h, seat, 1);
        match to {
            Some(t) => {
                self.add_herds(t, seat, 1);
                events.push(Event::Retreated {
                    seat,
                    from: h,
                    to: t,
                });
            }
            None => events.push(Event::Removed { seat, hex: h }),
        }
    }

    /// Conflict VP (A28): the strict majority left on a position gains 1 per opponent herd
    /// removed or retreated from it.
    fn score_hex(&mut self, h: Hex, events: &mut Vec<Event>) {
        let removed = self.res().removed.clone();
        if removed.iter().all(|c| *c == 0) {
            return;
        }
        let counts: Vec<u32> = (0..self.cfg.seats as Seat)
            .map(|s| self.herds_at(h, s))
            .collect();
        let most = counts.iter().copied().max().unwrap_or(0);
        if most == 0 || counts.iter().filter(|c| **c == most).count() > 1 {
            return;
        }
        let winner = counts.iter().position(|c| *c == most).expect("a maximum") as Seat;
        let vp: u32 = removed
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != winner as usize)
            .map(|(_, c)| c)
            .sum();
        if vp > 0 {
            self.conflict_vp[winner as usize] += vp;
            events.push(Event::ConflictVp {
                seat: winner,
                hex: h,
                vp,
            });
        }
    }

    /// Swimmers leave the board (A29), except a Swimming holder's beside land.
    pub(crate) fn remove_swimmers(&mut self, events: &mut Vec<Event>) {
        let wet: Vec<Hex> = self
            .herds
            .keys()
            .copied()
            .filter(|h| !self.is_land(*h))
            .collect();
        for h in wet {
            let by_land = h.neighbors().iter().any(|n| self.is_land(*n));
            for s in 0..self.cfg.seats as Seat {
                let n = self.herds_at(h, s);
                if n > 0 && !(by_land && self.has(s, Adaptation::Swimming)) {
                    self.take_herds(h, s, n);
                    events.push(Event::SwimmersLost { seat: s, hex: h, n });
                }
            }
        }
        self.refresh_map();
    }

    /// The end of a turn (A30, A32): markers back, caps reset, the next player active, or the
    /// end of the game after the last turn allowed.
    pub(crate) fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.markers.iter_mut().for_each(|m| *m = false);
        self.drifts_used = 0;
        self.water_used = 0;
        self.seasons_used = 0;
        self.declared.clear();
        if self.turn >= self.cfg.max_turns {
            events.push(Event::TurnLimit {
                turns: self.cfg.max_turns,
            });
            self.finish(events);
            return;
        }
        self.active = self.next_seat(self.active);
        self.start_turn(events);
    }
}

/// A position's name with its land, for messages.
pub fn hex_label(g: &AdaptGame, h: Hex) -> String {
    match g.land(h) {
        Some(t) => format!("{} ({})", name(h), t.name()),
        None => format!("{} (water)", name(h)),
    }
}
