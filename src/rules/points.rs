//! Where a seat's points come from, as every ruleset reports them to the end-of-game summary
//! ([`crate::ruleset::Ruleset::points_by_source`]). It sits below the rulesets (they build
//! these), so the summary that reads them can depend on the rulesets without a circle.

use crate::engine::Seat;
use crate::rules::devcards::DevHand;
use crate::rules::pieces::{BuildingKind, Pieces};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

/// Where a seat's points come from. The classic sources every Catan-like ruleset shares are
/// named here; a ruleset with points of its own declares them in its folder as
/// [`PointSource::Own`] values, so the summary shows them without this core naming them.
/// Sources order, compare and hash by their [`order`](Self::order), word and short head.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum PointSource {
    Settlements,
    Cities,
    LongestRoad,
    LargestArmy,
    VpCards,
    /// A source only one ruleset has.
    Own(OwnSource),
}

/// A ruleset's own point source: its words, and where it stands among the others.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OwnSource {
    /// Its place in the summary's columns (the classic sources stand at 0, 10, 30, 40, 50).
    pub order: u8,
    /// The source in words (also its key in JSON).
    pub word: Cow<'static, str>,
    /// Its column head in the summary's standings (four letters).
    pub short: Cow<'static, str>,
}

impl PointSource {
    /// A ruleset's own source, for its consts.
    pub const fn own(order: u8, word: &'static str, short: &'static str) -> PointSource {
        PointSource::Own(OwnSource {
            order,
            word: Cow::Borrowed(word),
            short: Cow::Borrowed(short),
        })
    }

    /// Its place in the summary's columns: lower first.
    pub fn order(&self) -> u8 {
        match self {
            PointSource::Settlements => 0,
            PointSource::Cities => 10,
            PointSource::LongestRoad => 30,
            PointSource::LargestArmy => 40,
            PointSource::VpCards => 50,
            PointSource::Own(o) => o.order,
        }
    }

    /// The source in words (also its key in JSON).
    pub fn word(&self) -> &str {
        match self {
            PointSource::Settlements => "settlements",
            PointSource::Cities => "cities",
            PointSource::LongestRoad => "longest road",
            PointSource::LargestArmy => "largest army",
            PointSource::VpCards => "VP cards",
            PointSource::Own(o) => &o.word,
        }
    }

    /// Its column head in the summary's standings.
    pub fn short(&self) -> &str {
        match self {
            PointSource::Settlements => "sett",
            PointSource::Cities => "city",
            PointSource::LongestRoad => "road",
            PointSource::LargestArmy => "army",
            PointSource::VpCards => "card",
            PointSource::Own(o) => &o.short,
        }
    }

    fn key(&self) -> (u8, &str, &str) {
        (self.order(), self.word(), self.short())
    }
}

impl PartialEq for PointSource {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for PointSource {}

impl PartialOrd for PointSource {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PointSource {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl Hash for PointSource {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

/// One seat's points by source, as a ruleset counts them now (sources without points may be
/// left out). Their sum is the seat's score in [`crate::engine::Outcome`].
pub type SeatPoints = Vec<(PointSource, i64)>;

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

/// Every seat's [`catan_points`] (by seat, from its development cards in `dev`): the whole
/// of [`crate::ruleset::Ruleset::points_by_source`] for the rulesets without points of their
/// own.
pub fn catan_points_by_seat(
    pieces: &Pieces,
    longest: Option<Seat>,
    largest: Option<Seat>,
    dev: &[DevHand],
) -> Vec<SeatPoints> {
    (0..dev.len() as Seat)
        .map(|s| catan_points(pieces, s, longest, largest, dev[s as usize].vp_cards()))
        .collect()
}
