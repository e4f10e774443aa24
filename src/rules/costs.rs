//! Building costs and paying them to a bank.

use crate::board::Map;
use crate::engine::{RuleError, Seat, refuse};
use crate::rules::pieces::Pieces;
use crate::rules::resources::ResourceSet;
use crate::topology::CornerId;

/// Road: brick and lumber.
pub const ROAD: ResourceSet = ResourceSet::new(1, 1, 0, 0, 0);
/// Ship (Seafarers): lumber and wool.
pub const SHIP: ResourceSet = ResourceSet::new(1, 0, 1, 0, 0);
/// Settlement: brick, lumber, wool and grain.
pub const SETTLEMENT: ResourceSet = ResourceSet::new(1, 1, 1, 1, 0);
/// City: three ore and two grain.
pub const CITY: ResourceSet = ResourceSet::new(0, 0, 0, 2, 3);
/// Development card: ore, wool and grain.
pub const DEV_CARD: ResourceSet = ResourceSet::new(0, 0, 1, 1, 1);

/// Checks that a hand can pay a cost, naming what is missing.
pub fn check_afford(hand: &ResourceSet, cost: &ResourceSet, what: &str) -> Result<(), RuleError> {
    if hand.contains(cost) {
        return Ok(());
    }
    let missing = hand.shortfall(cost);
    refuse(format!("{what} costs {cost}; you are missing {missing}"))
}

/// Moves a cost from a hand to the bank (after [`check_afford`]).
pub fn pay(hand: &mut ResourceSet, bank: &mut ResourceSet, cost: &ResourceSet) {
    hand.sub(cost);
    bank.add(cost);
}

/// Charges a cost: refuses a hand that cannot pay it ([`check_afford`]), else pays it to the
/// bank. Every build's price is taken this way.
pub fn charge(
    hand: &mut ResourceSet,
    bank: &mut ResourceSet,
    cost: &ResourceSet,
    what: &str,
) -> Result<(), RuleError> {
    check_afford(hand, cost, what)?;
    pay(hand, bank, cost);
    Ok(())
}

/// Builds the seat's settlement at `c`, paid from `hand` to `bank`: the spot is checked, then
/// the price, before anything changes. Returns the seat whose longest route the new building
/// changes, if any ([`Pieces::seat_a_building_changes`]: it can cut an opponent's road, or
/// join the builder's road and ship).
pub fn build_settlement(
    map: &Map,
    pieces: &mut Pieces,
    (hand, bank): (&mut ResourceSet, &mut ResourceSet),
    seat: Seat,
    c: CornerId,
) -> Result<Option<Seat>, RuleError> {
    pieces
        .check_settlement(map, seat, c)
        .map_err(|r| r.explain(map))?;
    charge(hand, bank, &SETTLEMENT, "a settlement")?;
    pieces.place_settlement(seat, c);
    Ok(pieces.seat_a_building_changes(map, seat, c))
}

/// Upgrades the seat's settlement at `c` to a city, paid from `hand` to `bank`: the spot is
/// checked, then the price, before anything changes.
pub fn build_city(
    map: &Map,
    pieces: &mut Pieces,
    (hand, bank): (&mut ResourceSet, &mut ResourceSet),
    seat: Seat,
    c: CornerId,
) -> Result<(), RuleError> {
    pieces.check_city(seat, c).map_err(|r| r.explain(map))?;
    charge(hand, bank, &CITY, "a city")?;
    pieces.place_city(seat, c);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_what_is_missing() {
        let e = check_afford(&ResourceSet::new(1, 0, 0, 0, 0), &ROAD, "a road").unwrap_err();
        assert_eq!(
            e.0,
            "a road costs 1 lumber 1 brick; you are missing 1 brick"
        );
    }
}
