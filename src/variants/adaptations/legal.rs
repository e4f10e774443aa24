//! The commands a seat may send now. Every listed command is accepted: each candidate is
//! built from the rules and passes [`AdaptGame::check`]. Moves are listed one group at a time
//! (`migrate AB>AC*3`); moves of several groups in one action are accepted too but are not
//! listed, since their number grows past any screen.

use super::command::Command;
use super::herds::{SWIM_LIMIT, Step, migrate_limit};
use super::{AdaptGame, Adaptation, Phase, Piece, Pile};
use crate::engine::Seat;
use crate::geometry::Hex;
use crate::rules::resources::{Resource, ResourceSet, Terrain};

impl AdaptGame {
    /// Every command this seat may send now.
    pub(crate) fn legal_commands(&self, seat: Seat) -> Vec<Command> {
        if !self.is_prompted(seat) {
            return Vec::new();
        }
        let mut out = Vec::new();
        match &self.phase {
            Phase::Placement { .. } => {
                let land: Vec<Hex> = self
                    .tiles
                    .keys()
                    .copied()
                    .filter(|h| self.is_land(*h))
                    .collect();
                for (i, a) in land.iter().enumerate() {
                    for b in &land[i..] {
                        out.push(Command::Place(*a, *b));
                    }
                }
            }
            Phase::Climate {
                single,
                water,
                season,
                ..
            } => {
                let hand = self.hands[seat as usize];
                if !single {
                    for (card, n) in hand.iter() {
                        if n >= 1 {
                            self.drifts_of(Some(card.terrain()), &mut out, |from, to| {
                                Command::Drift { from, to }
                            });
                        }
                    }
                }
                if !water {
                    let seas: Vec<Hex> = self
                        .tiles
                        .iter()
                        .filter(|(_, p)| **p == Piece::Sea)
                        .map(|(h, _)| *h)
                        .collect();
                    let dests = self.water_destinations();
                    for (card, n) in hand.iter() {
                        if n >= 2 {
                            for from in &seas {
                                for to in &dests {
                                    out.push(Command::Water {
                                        card,
                                        from: *from,
                                        to: *to,
                                    });
                                }
                            }
                        }
                    }
                }
                if !season {
                    for (high, a) in hand.iter() {
                        for (low, b) in hand.iter() {
                            if a > 0 && b > 0 && high != low {
                                out.push(Command::Season { high, low });
                            }
                        }
                    }
                }
                for (card, n) in hand.iter() {
                    if n >= 3 {
                        self.drifts_of(Some(card.terrain()), &mut out, |from, to| {
                            Command::TripleDrift { card, from, to }
                        });
                        for pile in [Pile::High, Pile::Low] {
                            out.push(Command::TripleSeason { card, pile });
                        }
                    }
                }
                for set in sub_hands(&hand) {
                    out.push(Command::Discard(set));
                }
                out.push(Command::Done);
            }
            Phase::Evolution { .. } => {
                let ap = self.ap[seat as usize];
                if ap >= 4 {
                    self.drifts_of(None, &mut out, |from, to| Command::Drift { from, to });
                }
                for p in [Pile::High, Pile::Low] {
                    out.push(Command::Clear(p));
                }
                for a in Adaptation::ALL {
                    out.push(Command::Buy(a));
                    out.push(Command::TradeIn(a));
                }
                if ap >= 1 {
                    self.moves_of(seat, &mut out);
                    self.reproductions_of(seat, &mut out);
                }
                out.push(Command::Done);
            }
            Phase::Territorial { .. } => {
                for h in self.declare_targets(seat) {
                    out.push(Command::Conflict(h));
                }
                out.push(Command::Done);
            }
            Phase::Retreat { .. } => {
                if let Some(from) = self.pending_hex() {
                    for h in self.retreat_targets(seat, from) {
                        out.push(Command::Retreat(h));
                    }
                }
                out.push(Command::Stay);
            }
            Phase::Over => {}
        }
        out.retain(|c| self.check(seat, c).is_ok());
        out
    }

    /// Every land drift of tiles of a type (any but the desert when `None`).
    fn drifts_of(
        &self,
        kind: Option<Terrain>,
        out: &mut Vec<Command>,
        make: impl Fn(Hex, Hex) -> Command,
    ) {
        for from in self.driftable(kind) {
            for to in self.land_drift_targets(from) {
                out.push(make(from, to));
            }
        }
    }

    /// Single-group migrations and swimming moves.
    fn moves_of(&self, seat: Seat, out: &mut Vec<Command>) {
        let limit = migrate_limit(self.has(seat, Adaptation::Speed));
        for (h, v) in &self.herds {
            let have = v[seat as usize];
            if have == 0 {
                continue;
            }
            for to in h.neighbors() {
                if !super::drift::in_frame(to) {
                    continue;
                }
                let over_land = self.is_land(*h) && self.is_land(to);
                let most = if over_land { limit } else { SWIM_LIMIT };
                for n in 1..=have.min(most) {
                    let step = vec![Step { from: *h, to, n }];
                    out.push(if over_land {
                        Command::Migrate(step)
                    } else {
                        Command::Swim(step)
                    });
                }
            }
        }
    }

    /// Reproductions: one herd, or two with Litters (sorted pairs).
    fn reproductions_of(&self, seat: Seat, out: &mut Vec<Command>) {
        let mine: Vec<Hex> = self
            .herds
            .iter()
            .filter(|(h, v)| v[seat as usize] > 0 && self.is_land(**h))
            .map(|(h, _)| *h)
            .collect();
        for (i, a) in mine.iter().enumerate() {
            out.push(Command::Reproduce(vec![*a]));
            if self.has(seat, Adaptation::Litters) {
                for b in &mine[i..] {
                    out.push(Command::Reproduce(vec![*a, *b]));
                }
            }
        }
    }
}

/// Every non-empty part of a hand, each once.
pub fn sub_hands(hand: &ResourceSet) -> Vec<ResourceSet> {
    let mut out = vec![ResourceSet::EMPTY];
    for r in Resource::ALL {
        let n = hand[r];
        let mut next = Vec::with_capacity(out.len() * (n as usize + 1));
        for base in &out {
            for k in 0..=n {
                let mut s = *base;
                s[r] += k;
                next.push(s);
            }
        }
        out = next;
    }
    out.retain(|s| !s.is_empty());
    out
}
