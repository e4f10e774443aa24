//! Risk dice (R13, R14) and the cannon's barrage (R20): pure functions over rolled dice, so
//! the rules are tested with chosen faces and the engine feeds them from the seeded RNG.

use super::armies::{Force, UnitKind};
use serde::{Deserialize, Serialize};

/// One die of a melee round: its face and the type of the unit that rolled it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    pub face: u8,
    pub unit: UnitKind,
}

/// What one round of melee did: both sides' dice as compared, and each side's losses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub attacker_dice: Vec<Die>,
    pub defender_dice: Vec<Die>,
    pub attacker_lost: Force,
    pub defender_lost: Force,
}

/// The defender's dice types for a force: up to two, foot soldiers before cavalry (R13).
pub fn defender_units(f: &Force) -> Vec<UnitKind> {
    let n = f.fighters().min(2) as usize;
    let mut v = Vec::with_capacity(n);
    for _ in 0..f.foot.min(n as u32) {
        v.push(UnitKind::Foot);
    }
    while v.len() < n {
        v.push(UnitKind::Cavalry);
    }
    v
}

/// The attacker's dice types: `cavalry` cavalry dice, then foot, `dice` in all.
pub fn attacker_units(dice: u32, cavalry: u32) -> Vec<UnitKind> {
    let mut v = vec![UnitKind::Cavalry; cavalry as usize];
    v.resize(dice as usize, UnitKind::Foot);
    v
}

/// The most dice the attacker may roll with a force, cavalry first (the default of R13).
pub fn default_dice(f: &Force) -> (u32, u32) {
    let dice = f.fighters().min(3);
    (dice, f.cavalry.min(dice))
}

/// Whether an attacker die beats a defender die (R13 ties to the defender, R14's cavalry
/// bonus and its lost defence against foot).
pub fn attacker_wins(a: Die, d: Die) -> bool {
    let bonus = u8::from(a.unit == UnitKind::Cavalry && d.unit == UnitKind::Foot);
    let a_face = a.face + bonus;
    if a_face != d.face {
        return a_face > d.face;
    }
    d.unit == UnitKind::Cavalry && a.unit == UnitKind::Foot
}

/// Resolves a round from rolled dice (in any order): sorts each side high to low (attacker
/// cavalry first on equal faces, defender foot first), compares pairwise, and removes the
/// unit behind each losing die.
pub fn resolve(mut att: Vec<Die>, mut def: Vec<Die>) -> Round {
    att.sort_by(|x, y| {
        y.face
            .cmp(&x.face)
            .then((x.unit != UnitKind::Cavalry).cmp(&(y.unit != UnitKind::Cavalry)))
    });
    def.sort_by(|x, y| {
        y.face
            .cmp(&x.face)
            .then((x.unit != UnitKind::Foot).cmp(&(y.unit != UnitKind::Foot)))
    });
    let mut r = Round::default();
    for (a, d) in att.iter().zip(def.iter()) {
        if attacker_wins(*a, *d) {
            *r.defender_lost.get_mut(d.unit) += 1;
        } else {
            *r.attacker_lost.get_mut(a.unit) += 1;
        }
    }
    r.attacker_dice = att;
    r.defender_dice = def;
    r
}

/// Kills of a barrage from its two rolls (the second only read on a hit): 1–3 miss; 4–6 hit,
/// then 1–2 one kill, 3–4 two, 5–6 three.
pub fn barrage_kills(first: u8, second: u8) -> u32 {
    if first <= 3 {
        0
    } else {
        second.div_ceil(2) as u32
    }
}

/// Which units `kills` takes from a force: foot first, then cavalry, then cannons (R20).
pub fn barrage_losses(f: &Force, kills: u32) -> Force {
    let mut left = kills;
    let mut out = Force::NONE;
    for k in UnitKind::ALL {
        let n = f.get(k).min(left);
        *out.get_mut(k) = n;
        left -= n;
    }
    out
}
