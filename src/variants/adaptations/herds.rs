//! Herds: setup placement (A6), migration and swimming moves (A19 2d, 2e), reproduction
//! (A19 2f). Each check says why a move is refused; the apply functions assume it passed.

use super::drift::{in_frame, name};
use super::{AdaptGame, Adaptation};
use crate::engine::Seat;
use crate::geometry::Hex;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One part of a move: `n` herds one step from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Step {
    pub from: Hex,
    pub to: Hex,
    pub n: u32,
}

/// Herds one migrate action moves (A19 2e): 4, or 8 with Speed.
pub fn migrate_limit(speed: bool) -> u32 {
    if speed { 8 } else { 4 }
}

/// Herd-steps one rescue or swimming action moves (A19 2d).
pub const SWIM_LIMIT: u32 = 2;

impl AdaptGame {
    /// Why a setup placement is refused (A6): land only, within base capacity.
    pub(crate) fn check_place(&self, seat: Seat, a: Hex, b: Hex) -> Result<(), String> {
        for h in [a, b] {
            if !self.is_land(h) {
                return Err(format!("{} is not land: herds are placed on land", name(h)));
            }
        }
        if self.in_supply(seat) < 2 {
            return Err("you have no herds left to place".into());
        }
        for h in [a, b] {
            let adding = if a == b { 2 } else { 1 };
            let cap = self.capacity(h).unwrap_or(0);
            if self.total_at(h) + adding > cap {
                return Err(format!(
                    "{} holds {} of {}: placing there would go over its capacity",
                    name(h),
                    self.total_at(h),
                    cap
                ));
            }
        }
        Ok(())
    }

    /// Checks what every move shares: adjacent positions in the frame, positive counts, and
    /// no herd leaving twice (departures from a position at most the herds there).
    fn check_steps(&self, seat: Seat, steps: &[Step], limit: u32) -> Result<(), String> {
        if steps.is_empty() {
            return Err("name at least one step, e.g. `AB>AC`".into());
        }
        let total: u32 = steps.iter().map(|s| s.n).sum();
        if steps.iter().any(|s| s.n == 0) {
            return Err("a step moves at least one herd".into());
        }
        if total > limit {
            return Err(format!(
                "one action moves at most {limit} herds, not {total}"
            ));
        }
        let mut leaving: BTreeMap<Hex, u32> = BTreeMap::new();
        for s in steps {
            if !in_frame(s.from) || !in_frame(s.to) {
                return Err("that is outside the frame".into());
            }
            if s.from.distance(s.to) != 1 {
                return Err(format!(
                    "{} and {} are not neighbours: herds move one step",
                    name(s.from),
                    name(s.to)
                ));
            }
            *leaving.entry(s.from).or_default() += s.n;
        }
        for (h, n) in leaving {
            let have = self.herds_at(h, seat);
            if n > have {
                return Err(format!(
                    "you have {have} herds at {}, not {n} (a herd moves once per action)",
                    name(h)
                ));
            }
        }
        Ok(())
    }

    /// Why a migrate action is refused (A19 2e): land to land only.
    pub(crate) fn check_migrate(&self, seat: Seat, steps: &[Step]) -> Result<(), String> {
        let limit = migrate_limit(self.has(seat, Adaptation::Speed));
        self.check_steps(seat, steps, limit)?;
        for s in steps {
            if !self.is_land(s.from) || !self.is_land(s.to) {
                return Err(format!(
                    "{}>{} touches water: migrating is over land; use `swim` (1 AP per 2 herds)",
                    name(s.from),
                    name(s.to)
                ));
            }
        }
        Ok(())
    }

    /// Why a rescue or swimming action is refused (A19 2d and the Swimming moves): every step
    /// starts or ends on water; without Swimming only water → land.
    pub(crate) fn check_swim(&self, seat: Seat, steps: &[Step]) -> Result<(), String> {
        self.check_steps(seat, steps, SWIM_LIMIT)?;
        let swimming = self.has(seat, Adaptation::Swimming);
        for s in steps {
            let (a, b) = (self.is_land(s.from), self.is_land(s.to));
            if a && b {
                return Err(format!(
                    "{}>{} is over land: use `migrate`",
                    name(s.from),
                    name(s.to)
                ));
            }
            if !swimming && (a || !b) {
                return Err(format!(
                    "{}>{}: without Swimming a herd only leaves the water, onto land",
                    name(s.from),
                    name(s.to)
                ));
            }
        }
        Ok(())
    }

    /// Moves herds: all leave, then all arrive.
    pub(crate) fn apply_steps(&mut self, seat: Seat, steps: &[Step]) {
        for s in steps {
            self.take_herds(s.from, seat, s.n);
        }
        for s in steps {
            self.add_herds(s.to, seat, s.n);
        }
        if steps
            .iter()
            .any(|s| !self.is_land(s.from) || !self.is_land(s.to))
        {
            self.refresh_map();
        }
    }

    /// Why a reproduce action is refused (A19 2f): one herd (two with Litters) from the
    /// supply, onto land where the seat already has a herd.
    pub(crate) fn check_reproduce(&self, seat: Seat, hexes: &[Hex]) -> Result<(), String> {
        let most = if self.has(seat, Adaptation::Litters) {
            2
        } else {
            1
        };
        if hexes.is_empty() {
            return Err("reproduce where? e.g. `reproduce AB`".into());
        }
        if hexes.len() > most {
            return Err(if most == 1 {
                "one herd per action point; two need Litters".into()
            } else {
                "Litters gives two herds per action point, not more".into()
            });
        }
        if self.in_supply(seat) < hexes.len() as u32 {
            return Err(format!(
                "you have {} herds left in your supply (24 on the board at most)",
                self.in_supply(seat)
            ));
        }
        for h in hexes {
            if !self.is_land(*h) {
                return Err(format!("{} is not land", name(*h)));
            }
            if self.herds_at(*h, seat) == 0 {
                return Err(format!(
                    "you have no herd at {}: herds reproduce where they are",
                    name(*h)
                ));
            }
        }
        Ok(())
    }
}
