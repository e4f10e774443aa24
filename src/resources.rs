//! Resources, terrains and counted sets of resource cards (hands, bank, costs).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// The five resources of Catan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Resource {
    Lumber,
    Brick,
    Wool,
    Grain,
    Ore,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Lumber,
        Resource::Brick,
        Resource::Wool,
        Resource::Grain,
        Resource::Ore,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Resource::Lumber => "lumber",
            Resource::Brick => "brick",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Ore => "ore",
        }
    }

    /// The terrain letter of the hexes that produce it, as the boards print it.
    pub const fn letter(self) -> char {
        self.terrain().letter()
    }

    pub const fn terrain(self) -> Terrain {
        match self {
            Resource::Lumber => Terrain::Forest,
            Resource::Brick => Terrain::Hills,
            Resource::Wool => Terrain::Pasture,
            Resource::Grain => Terrain::Fields,
            Resource::Ore => Terrain::Mountains,
        }
    }

    /// Accepts the names and the usual synonyms players type (wood, sheep, wheat, ...), and
    /// unambiguous prefixes of them.
    pub fn parse(s: &str) -> Option<Resource> {
        let s = s.to_ascii_lowercase();
        let s = s.trim_end_matches('s');
        const WORDS: [(&str, Resource); 13] = [
            ("lumber", Resource::Lumber),
            ("wood", Resource::Lumber),
            ("brick", Resource::Brick),
            ("clay", Resource::Brick),
            ("wool", Resource::Wool),
            ("sheep", Resource::Wool),
            ("grain", Resource::Grain),
            ("wheat", Resource::Grain),
            ("ore", Resource::Ore),
            ("stone", Resource::Ore),
            ("rock", Resource::Ore),
            ("grains", Resource::Grain),
            ("bricks", Resource::Brick),
        ];
        if s.is_empty() {
            return None;
        }
        if let Some((_, r)) = WORDS.iter().find(|(w, _)| *w == s) {
            return Some(*r);
        }
        let mut hits = WORDS
            .iter()
            .filter(|(w, _)| w.starts_with(s))
            .map(|(_, r)| *r);
        let first = hits.next()?;
        hits.all(|r| r == first).then_some(first)
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a land hex is. Letters as in the rule texts' board drawings: F forest, W wheat (fields),
/// S sheep (pasture), B brick (hills), O ore (mountains), D desert.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Terrain {
    Forest,
    Hills,
    Pasture,
    Fields,
    Mountains,
    Desert,
}

impl Terrain {
    pub const ALL: [Terrain; 6] = [
        Terrain::Forest,
        Terrain::Hills,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Mountains,
        Terrain::Desert,
    ];

    pub const fn letter(self) -> char {
        match self {
            Terrain::Forest => 'F',
            Terrain::Hills => 'B',
            Terrain::Pasture => 'S',
            Terrain::Fields => 'W',
            Terrain::Mountains => 'O',
            Terrain::Desert => 'D',
        }
    }

    pub fn from_letter(c: char) -> Option<Terrain> {
        Terrain::ALL
            .into_iter()
            .find(|t| t.letter() == c.to_ascii_uppercase())
    }

    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Forest => "forest",
            Terrain::Hills => "hills",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Mountains => "mountains",
            Terrain::Desert => "desert",
        }
    }

    /// The resource it produces; the desert produces none.
    pub const fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Desert => None,
        }
    }
}

/// Dots under a number token: how many of the 36 dice outcomes roll it.
pub const fn pips(number: u8) -> u8 {
    match number {
        2 | 12 => 1,
        3 | 11 => 2,
        4 | 10 => 3,
        5 | 9 => 4,
        6 | 8 => 5,
        _ => 0,
    }
}

/// A count of each resource: a hand, the bank, a cost, one side of a trade.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ResourceSet(pub [u32; 5]);

impl ResourceSet {
    pub const EMPTY: ResourceSet = ResourceSet([0; 5]);

    pub const fn new(lumber: u32, brick: u32, wool: u32, grain: u32, ore: u32) -> ResourceSet {
        ResourceSet([lumber, brick, wool, grain, ore])
    }

    /// `n` of every resource (a full bank is `uniform(19)`).
    pub const fn uniform(n: u32) -> ResourceSet {
        ResourceSet([n; 5])
    }

    pub fn one(r: Resource, n: u32) -> ResourceSet {
        let mut s = ResourceSet::EMPTY;
        s[r] = n;
        s
    }

    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Whether every count here is at least the other's.
    pub fn contains(&self, other: &ResourceSet) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    pub fn add(&mut self, other: &ResourceSet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a += b;
        }
    }

    /// Removes `other`; the caller checks [`ResourceSet::contains`] first.
    pub fn sub(&mut self, other: &ResourceSet) {
        debug_assert!(self.contains(other));
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a -= b;
        }
    }

    /// The cards this hand still lacks to pay `cost`, per resource (what a bot trades for).
    pub fn shortfall(&self, cost: &ResourceSet) -> ResourceSet {
        let mut m = ResourceSet::EMPTY;
        for (m, (c, h)) in m.0.iter_mut().zip(cost.0.iter().zip(self.0.iter())) {
            *m = c.saturating_sub(*h);
        }
        m
    }

    /// The cards of this hand beyond what `cost` needs, per resource (what a bot may give).
    pub fn surplus(&self, cost: &ResourceSet) -> ResourceSet {
        cost.shortfall(self)
    }

    /// Resources with a non-zero count, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (Resource, u32)> + '_ {
        Resource::ALL
            .into_iter()
            .map(|r| (r, self[r]))
            .filter(|(_, n)| *n > 0)
    }

    /// The `i`th card when the hand is laid out resource by resource (for a random steal).
    pub fn nth_card(&self, mut i: u32) -> Option<Resource> {
        for r in Resource::ALL {
            if i < self[r] {
                return Some(r);
            }
            i -= self[r];
        }
        None
    }

    /// How many kinds of resource appear.
    pub fn kinds(&self) -> usize {
        self.0.iter().filter(|n| **n > 0).count()
    }
}

impl Index<Resource> for ResourceSet {
    type Output = u32;
    fn index(&self, r: Resource) -> &u32 {
        &self.0[r as usize]
    }
}

impl IndexMut<Resource> for ResourceSet {
    fn index_mut(&mut self, r: Resource) -> &mut u32 {
        &mut self.0[r as usize]
    }
}

impl fmt::Display for ResourceSet {
    /// "2 wool 1 ore", or "nothing".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        let mut first = true;
        for (r, n) in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{n} {r}")?;
        }
        Ok(())
    }
}

/// Parses "2 wool 1 ore", "wool", "2 wool, 1 ore" into a set. Error text says what was wrong.
pub fn parse_resource_list(words: &[&str]) -> Result<ResourceSet, String> {
    let mut set = ResourceSet::EMPTY;
    let mut i = 0;
    if words.is_empty() {
        return Err("expected resources, e.g. `2 wool 1 ore`".into());
    }
    while i < words.len() {
        let w = words[i].trim_matches(',');
        if w.is_empty() || w == "and" {
            i += 1;
            continue;
        }
        let (n, name) = match w.parse::<u32>() {
            Ok(n) => {
                let name = words
                    .get(i + 1)
                    .ok_or_else(|| format!("`{n}` of what? name a resource after it"))?;
                i += 2;
                (n, name.trim_matches(','))
            }
            Err(_) => {
                i += 1;
                (1, w)
            }
        };
        let r = Resource::parse(name).ok_or_else(|| {
            format!("`{name}` is not a resource (lumber, brick, wool, grain, ore)")
        })?;
        if n > 95 {
            return Err(format!("{n} {r} is more cards than exist"));
        }
        set[r] += n;
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_resource_names_and_synonyms() {
        assert_eq!(Resource::parse("wood"), Some(Resource::Lumber));
        assert_eq!(Resource::parse("Sheep"), Some(Resource::Wool));
        assert_eq!(Resource::parse("wheat"), Some(Resource::Grain));
        assert_eq!(Resource::parse("ores"), Some(Resource::Ore));
        assert_eq!(Resource::parse("gr"), Some(Resource::Grain));
        assert_eq!(Resource::parse("w"), None, "wood/wool/wheat is ambiguous");
        assert_eq!(Resource::parse("gold"), None);
    }

    #[test]
    fn parses_lists() {
        let s = parse_resource_list(&["2", "wool", "1", "ore"]).unwrap();
        assert_eq!(s, ResourceSet::new(0, 0, 2, 0, 1));
        assert_eq!(s.to_string(), "2 wool 1 ore");
        let s = parse_resource_list(&["brick,", "lumber"]).unwrap();
        assert_eq!(s, ResourceSet::new(1, 1, 0, 0, 0));
        assert!(parse_resource_list(&["2"]).is_err());
        assert!(parse_resource_list(&["2", "gold"]).is_err());
    }

    #[test]
    fn set_arithmetic() {
        let mut a = ResourceSet::uniform(2);
        let b = ResourceSet::new(1, 2, 0, 0, 0);
        assert!(a.contains(&b));
        a.sub(&b);
        assert_eq!(a, ResourceSet::new(1, 0, 2, 2, 2));
        assert_eq!(a.total(), 7);
        assert_eq!(a.nth_card(0), Some(Resource::Lumber));
        assert_eq!(a.nth_card(1), Some(Resource::Wool));
        assert_eq!(a.nth_card(7), None);
        assert_eq!(pips(6), 5);
        assert_eq!(pips(7), 0);
    }
}
