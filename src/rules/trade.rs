//! Trade: maritime rates from harbours, and domestic offers between players.

use crate::board::Map;
use crate::board::spec::HarborKind;
use crate::engine::{RuleError, Seat, refuse};
use crate::rules::pieces::Pieces;
use crate::rules::resources::{Resource, ResourceSet};
use serde::{Deserialize, Serialize};

/// Cards of each resource a seat gives the bank for one card: 4, 3 with a generic harbour, 2
/// with that resource's harbour.
pub fn maritime_rates(map: &Map, pieces: &Pieces, seat: Seat) -> [u32; 5] {
    let mut rates = [4u32; 5];
    for c in pieces.buildings_of(seat) {
        if let Some(kind) = map.corner_harbor(*c) {
            for r in Resource::ALL {
                if let Some(rate) = kind.rate(r) {
                    rates[r as usize] = rates[r as usize].min(rate);
                }
            }
        }
    }
    rates
}

/// Calls `f(give, get)` on each one-lot bank trade a hand allows at these rates (a lot of one
/// resource for one card of another the bank holds), in resource order, until `f` answers
/// `false`. Every variant lists its bank trades from this.
pub fn each_bank_trade(
    hand: &ResourceSet,
    bank: &ResourceSet,
    rates: &[u32; 5],
    mut f: impl FnMut(ResourceSet, ResourceSet) -> bool,
) {
    for give in Resource::ALL {
        let rate = rates[give as usize];
        if hand[give] < rate {
            continue;
        }
        for get in Resource::ALL {
            if get != give
                && bank[get] > 0
                && !f(ResourceSet::one(give, rate), ResourceSet::one(get, 1))
            {
                return;
            }
        }
    }
}

/// Whether a maritime trade is well formed at these rates: `give` is whole lots of one
/// resource each, `get` is as many cards as lots, and nothing is given and taken at once.
pub fn check_maritime(
    rates: &[u32; 5],
    give: &ResourceSet,
    get: &ResourceSet,
) -> Result<(), RuleError> {
    if give.is_empty() || get.is_empty() {
        return refuse("a bank trade gives and gets cards, e.g. `bank 4 wool for 1 ore`");
    }
    let mut lots = 0;
    for (r, n) in give.iter() {
        let rate = rates[r as usize];
        if n % rate != 0 {
            return refuse(format!(
                "your rate for {r} is {rate}:1, so give {r} in lots of {rate}"
            ));
        }
        lots += n / rate;
    }
    if lots != get.total() {
        return refuse(format!(
            "{} at your rates buys {lots} card(s), not {}",
            give,
            get.total()
        ));
    }
    if Resource::ALL.iter().any(|r| give[*r] > 0 && get[*r] > 0) {
        return refuse("you cannot give and get the same resource");
    }
    Ok(())
}

/// A harbour's name for messages.
pub fn harbor_name(kind: HarborKind) -> String {
    kind.to_string()
}

/// A short list of seats, kept inline: an offer's refusals come one by one from a handful of
/// seats, and a heap allocation per offer was a measurable part of a simulated game.
pub type SeatList = smallvec::SmallVec<[Seat; 8]>;

/// A domestic trade offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    pub id: u32,
    pub from: Seat,
    /// Addressed to one seat, or to every seat allowed to trade with `from`.
    pub to: Option<Seat>,
    /// What `from` gives.
    pub give: ResourceSet,
    /// What `from` wants.
    pub get: ResourceSet,
    /// Seats that said no.
    pub declined: SeatList,
}

impl Offer {
    /// Whether `seat` said no. A plain loop: `contains` on bytes calls `memchr`, which costs
    /// more than the few seats the list holds (this runs on every move of a simulation).
    #[inline]
    #[allow(clippy::manual_contains)]
    pub fn declined_by(&self, seat: Seat) -> bool {
        self.declined.iter().any(|s| *s == seat)
    }
}

/// Checks the shape of an offer: both sides non-empty, no resource on both sides.
pub fn check_offer_shape(give: &ResourceSet, get: &ResourceSet) -> Result<(), RuleError> {
    if give.is_empty() || get.is_empty() {
        return refuse("a trade gives something for something: gifts are not allowed");
    }
    if Resource::ALL.iter().any(|r| give[*r] > 0 && get[*r] > 0) {
        return refuse("the same resource cannot be on both sides of a trade");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maritime_lots() {
        let rates = [4, 3, 2, 4, 4];
        let ok = check_maritime(
            &rates,
            &ResourceSet::new(0, 0, 2, 0, 0),
            &ResourceSet::new(0, 0, 0, 0, 1),
        );
        assert!(ok.is_ok());
        let two = check_maritime(
            &rates,
            &ResourceSet::new(4, 3, 0, 0, 0),
            &ResourceSet::new(0, 0, 1, 1, 0),
        );
        assert!(two.is_ok());
        assert!(
            check_maritime(
                &rates,
                &ResourceSet::new(3, 0, 0, 0, 0),
                &ResourceSet::new(0, 0, 0, 0, 1)
            )
            .is_err()
        );
        assert!(
            check_maritime(
                &rates,
                &ResourceSet::new(0, 0, 2, 0, 0),
                &ResourceSet::new(0, 0, 1, 0, 0)
            )
            .is_err()
        );
    }
}
