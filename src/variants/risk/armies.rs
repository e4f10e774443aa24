//! Units on the hexes: foot soldiers, cavalry and cannons, each remembering what it did this
//! turn (moved, fired, where it came from), and counts of them per type.

use crate::engine::Seat;
use crate::topology::HexId;
use serde::{Deserialize, Serialize};

/// The three unit types of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    Foot,
    Cavalry,
    Cannon,
}

impl UnitKind {
    pub const ALL: [UnitKind; 3] = [UnitKind::Foot, UnitKind::Cavalry, UnitKind::Cannon];

    /// Cards of the declared type one unit costs (R23).
    pub const fn cost(self) -> u32 {
        match self {
            UnitKind::Foot => 1,
            UnitKind::Cavalry => 2,
            UnitKind::Cannon => 3,
        }
    }

    /// The word in commands.
    pub const fn word(self) -> &'static str {
        match self {
            UnitKind::Foot => "foot",
            UnitKind::Cavalry => "cavalry",
            UnitKind::Cannon => "cannon",
        }
    }

    /// `n` units of this kind in a sentence: "1 foot soldier", "2 cavalry", "3 cannons".
    pub fn counted(self, n: u32) -> String {
        match self {
            UnitKind::Foot => crate::rules::words::count(n, "foot soldier"),
            UnitKind::Cavalry => format!("{n} cavalry"),
            UnitKind::Cannon => crate::rules::words::count(n, "cannon"),
        }
    }

    pub fn parse(s: &str) -> Option<UnitKind> {
        match s.to_ascii_lowercase().as_str() {
            "foot" | "soldier" | "soldiers" | "infantry" | "f" => Some(UnitKind::Foot),
            "cavalry" | "cav" | "horse" | "horses" | "c" => Some(UnitKind::Cavalry),
            "cannon" | "cannons" | "artillery" | "k" => Some(UnitKind::Cannon),
            _ => None,
        }
    }
}

/// One unit on a hex, with what it did this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub owner: Seat,
    pub kind: UnitKind,
    /// Used its one move this turn (R27).
    pub moved: bool,
    /// A cannon that has fired this turn (R20).
    pub fired: bool,
    /// The hex of the move that brought it here this turn (a retreat goes back there, R15).
    pub came_from: Option<HexId>,
}

impl Unit {
    pub fn new(owner: Seat, kind: UnitKind) -> Unit {
        Unit {
            owner,
            kind,
            moved: false,
            fired: false,
            came_from: None,
        }
    }
}

/// How many units of each type: a purchase, a move, or what stands somewhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Force {
    pub foot: u32,
    pub cavalry: u32,
    pub cannon: u32,
}

impl Force {
    pub const NONE: Force = Force {
        foot: 0,
        cavalry: 0,
        cannon: 0,
    };

    pub fn of(kind: UnitKind, n: u32) -> Force {
        let mut f = Force::NONE;
        *f.get_mut(kind) = n;
        f
    }

    pub fn get(&self, kind: UnitKind) -> u32 {
        match kind {
            UnitKind::Foot => self.foot,
            UnitKind::Cavalry => self.cavalry,
            UnitKind::Cannon => self.cannon,
        }
    }

    pub fn get_mut(&mut self, kind: UnitKind) -> &mut u32 {
        match kind {
            UnitKind::Foot => &mut self.foot,
            UnitKind::Cavalry => &mut self.cavalry,
            UnitKind::Cannon => &mut self.cannon,
        }
    }

    /// Units of every type together (each counts 1 for control and the buy limit).
    pub fn total(&self) -> u32 {
        self.foot + self.cavalry + self.cannon
    }

    /// Units that roll melee dice.
    pub fn fighters(&self) -> u32 {
        self.foot + self.cavalry
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Whether every count is at most the other's.
    pub fn within(&self, other: &Force) -> bool {
        self.foot <= other.foot && self.cavalry <= other.cavalry && self.cannon <= other.cannon
    }

    /// The text form, `2 foot 1 cavalry` (types with none left out).
    pub fn words(&self) -> String {
        let parts: Vec<String> = UnitKind::ALL
            .iter()
            .filter(|k| self.get(**k) > 0)
            .map(|k| format!("{} {}", self.get(*k), k.word()))
            .collect();
        if parts.is_empty() {
            "no units".into()
        } else {
            parts.join(" ")
        }
    }

    /// Reads `2 foot 1 cavalry` (a count before each type; a type alone means 1).
    pub fn parse(words: &[&str]) -> Result<Force, String> {
        let mut f = Force::NONE;
        let mut i = 0;
        if words.is_empty() {
            return Err("say which units, e.g. `2 foot 1 cavalry`".into());
        }
        while i < words.len() {
            let (n, w) = match words[i].parse::<u32>() {
                Ok(n) => {
                    let w = words
                        .get(i + 1)
                        .ok_or_else(|| format!("{n} of what? foot, cavalry or cannon"))?;
                    i += 2;
                    (n, *w)
                }
                Err(_) => {
                    i += 1;
                    (1, words[i - 1])
                }
            };
            let k = UnitKind::parse(w)
                .ok_or_else(|| format!("`{w}` is not a unit type (foot, cavalry, cannon)"))?;
            if n > 1_000_000 {
                return Err(format!("{n} units is more than there can be"));
            }
            *f.get_mut(k) += n;
        }
        if f.is_empty() {
            return Err("that is no units at all".into());
        }
        Ok(f)
    }
}

/// Every unit on the map, by hex (sea hexes stay empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Armies {
    hexes: Vec<Vec<Unit>>,
}

impl Armies {
    pub fn new(hexes: usize) -> Armies {
        Armies {
            hexes: vec![Vec::new(); hexes],
        }
    }

    pub fn units(&self, h: HexId) -> &[Unit] {
        &self.hexes[h.index()]
    }

    pub(crate) fn units_mut(&mut self, h: HexId) -> &mut Vec<Unit> {
        &mut self.hexes[h.index()]
    }

    /// Hexes with units on them.
    pub fn occupied(&self) -> impl Iterator<Item = HexId> + '_ {
        self.hexes
            .iter()
            .enumerate()
            .filter(|(_, u)| !u.is_empty())
            .map(|(i, _)| HexId(i as u32))
    }

    pub fn is_empty(&self, h: HexId) -> bool {
        self.hexes[h.index()].is_empty()
    }

    /// A seat's units in a hex, by type.
    pub fn force(&self, h: HexId, seat: Seat) -> Force {
        let mut f = Force::NONE;
        for u in self.units(h).iter().filter(|u| u.owner == seat) {
            *f.get_mut(u.kind) += 1;
        }
        f
    }

    /// A seat's units in a hex that have not moved this turn.
    pub fn unmoved(&self, h: HexId, seat: Seat) -> Force {
        let mut f = Force::NONE;
        for u in self.units(h).iter().filter(|u| u.owner == seat && !u.moved) {
            *f.get_mut(u.kind) += 1;
        }
        f
    }

    /// Seats with units in a hex, a bit each.
    pub fn owner_bits(&self, h: HexId) -> u32 {
        self.units(h).iter().fold(0, |b, u| b | 1 << u.owner)
    }

    /// Seats with units in a hex, in seat order (at most two, R6).
    pub fn owners(&self, h: HexId) -> Vec<Seat> {
        let bits = self.owner_bits(h);
        (0..32).filter(|s| bits & (1 << s) != 0).collect()
    }

    /// Seats other than `seat` with units on a hex, in seat order.
    pub fn enemies(&self, h: HexId, seat: Seat) -> Vec<Seat> {
        let bits = self.owner_bits(h) & !(1 << seat);
        (0..32).filter(|s| bits & (1 << s) != 0).collect()
    }

    /// Whether a hex holds units of a seat other than `seat`.
    pub fn has_enemy(&self, h: HexId, seat: Seat) -> bool {
        self.owner_bits(h) & !(1 << seat) != 0
    }

    /// All of a seat's units on the map.
    pub fn count_of(&self, seat: Seat) -> u32 {
        self.hexes
            .iter()
            .map(|v| v.iter().filter(|u| u.owner == seat).count() as u32)
            .sum()
    }

    pub fn add(&mut self, h: HexId, owner: Seat, f: Force) {
        for k in UnitKind::ALL {
            for _ in 0..f.get(k) {
                self.hexes[h.index()].push(Unit::new(owner, k));
            }
        }
    }

    /// Takes `f` of a seat's units out of a hex and returns them; `unmoved_only` takes only
    /// units that have not moved (cannons that have not fired go first).
    pub fn take(&mut self, h: HexId, seat: Seat, f: Force, unmoved_only: bool) -> Vec<Unit> {
        let mut left = f;
        let mut out = Vec::new();
        let v = &mut self.hexes[h.index()];
        // Unfired cannons first, so the ones left behind are the ones spent.
        for pass in 0..2 {
            let mut i = 0;
            while i < v.len() {
                let u = v[i];
                let want = left.get(u.kind) > 0
                    && u.owner == seat
                    && (!unmoved_only || !u.moved)
                    && (pass == 1 || !u.fired);
                if want {
                    *left.get_mut(u.kind) -= 1;
                    out.push(v.remove(i));
                } else {
                    i += 1;
                }
            }
        }
        out
    }

    /// Removes one unit of a seat and type (a melee casualty).
    pub fn kill_one(&mut self, h: HexId, seat: Seat, kind: UnitKind) {
        let v = &mut self.hexes[h.index()];
        if let Some(i) = v.iter().position(|u| u.owner == seat && u.kind == kind) {
            v.remove(i);
        }
    }

    /// Removes every unit of a seat in a hex of the given kind; returns how many.
    pub fn remove_all(&mut self, h: HexId, seat: Seat) -> Force {
        let f = self.force(h, seat);
        self.hexes[h.index()].retain(|u| u.owner != seat);
        f
    }

    /// Removes a seat's units everywhere (elimination); returns how many.
    pub fn remove_seat(&mut self, seat: Seat) -> u32 {
        let mut n = 0;
        for v in &mut self.hexes {
            let before = v.len();
            v.retain(|u| u.owner != seat);
            n += (before - v.len()) as u32;
        }
        n
    }

    pub fn put(&mut self, h: HexId, units: Vec<Unit>) {
        self.hexes[h.index()].extend(units);
    }

    /// A new turn: every unit may move again and every cannon fire.
    pub fn new_turn(&mut self) {
        for v in &mut self.hexes {
            for u in v {
                u.moved = false;
                u.fired = false;
                u.came_from = None;
            }
        }
    }
}
