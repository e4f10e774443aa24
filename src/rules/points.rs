//! Where a seat's points come from, as every ruleset reports them to the end-of-game summary
//! ([`crate::ruleset::Ruleset::points_by_source`]). It sits below the rulesets (they build
//! these), so the summary that reads them can depend on the rulesets without a circle.

use crate::engine::Seat;
use crate::rules::devcards::DevHand;
use crate::rules::pieces::{BuildingKind, Pieces};
use serde::{Deserialize, Serialize};

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
