//! Resource production after a roll, and paying it from a bank that may run short.

use crate::board::Map;
use crate::engine::Seat;
use crate::rules::pieces::Pieces;
use crate::rules::resources::{Resource, ResourceSet, pips};
use crate::topology::HexId;

/// Up to this many robbers are looked up by a scan; more are sorted first.
const FEW_ROBBERS: usize = 16;

/// A seat's production in pips per resource, cities counting twice, over the hexes `counts`
/// keeps (a bot leaves out a robber's hex, a ruleset a hex the seat may not collect from): how
/// bots weigh a position. Public: everyone sees the buildings and the numbers.
pub fn pips_per_resource(
    map: &Map,
    pieces: &Pieces,
    seat: Seat,
    mut counts: impl FnMut(HexId) -> bool,
) -> [u32; 5] {
    let mut p = [0u32; 5];
    for c in pieces.buildings_of(seat) {
        let w = pieces.building(*c).map_or(0, |b| b.weight());
        for h in map.topology.corner_hexes(*c).iter().flatten() {
            let t = map.tile(*h);
            if let (Some(r), Some(n)) = (t.terrain().and_then(|t| t.resource()), t.number())
                && counts(*h)
            {
                p[r as usize] += u32::from(pips(n)) * w;
            }
        }
    }
    p
}

/// What each seat is owed by hexes with `number`, skipping hexes with a robber and any
/// (hex, seat) for which `may_collect` says no (enemy control).
pub fn owed(
    map: &Map,
    pieces: &Pieces,
    number: u8,
    robbers: &[HexId],
    may_collect: impl FnMut(HexId, Seat) -> bool,
) -> Vec<ResourceSet> {
    let mut out = vec![ResourceSet::EMPTY; pieces.seats()];
    owed_into(map, pieces, number, robbers, may_collect, &mut out);
    out
}

/// [`owed`] written into `out` (a slot per seat, set to zero first), for callers that keep
/// the buffer: a roll then allocates nothing for it.
pub fn owed_into(
    map: &Map,
    pieces: &Pieces,
    number: u8,
    robbers: &[HexId],
    mut may_collect: impl FnMut(HexId, Seat) -> bool,
    out: &mut [ResourceSet],
) {
    out.fill(ResourceSet::EMPTY);
    // A hall has a robber per territory, thousands of them: they are sorted once and each hex
    // a roll feeds is found by binary search. A board's one robber is scanned in place.
    let many = robbers.len() > FEW_ROBBERS;
    let mut sorted = Vec::new();
    if many {
        sorted.extend_from_slice(robbers);
        sorted.sort_unstable();
    }
    let is_robbed = |h: &HexId| {
        if many {
            sorted.binary_search(h).is_ok()
        } else {
            robbers.contains(h)
        }
    };
    // The map lists the corners each number feeds: only built ones cost more than a load.
    for y in map.yields(number) {
        if let Some(b) = pieces.building(y.corner)
            && !is_robbed(&y.hex)
            && may_collect(y.hex, b.owner)
        {
            out[b.owner as usize][y.resource] += b.weight();
        }
    }
}

/// Pays what is owed from the bank, in place: for each resource, if the bank cannot pay
/// everyone owed it, nobody gets it. `owed` (a slot per seat) becomes what was paid, and the
/// resources that ran short are added to `short`.
pub fn pay(
    bank: &mut ResourceSet,
    hands: &mut [ResourceSet],
    owed: &mut [ResourceSet],
    short: &mut impl Extend<Resource>,
) {
    debug_assert_eq!(hands.len(), owed.len(), "a slot per seat");
    let mut total = ResourceSet::EMPTY;
    for o in owed.iter() {
        total.add(o);
    }
    // Per resource: everyone owed is paid in full, or (the bank short) nobody is. A mask per
    // resource keeps the per-seat loop free of branches.
    let mut keep = [0u32; 5];
    for r in Resource::ALL {
        if total[r] > bank[r] {
            short.extend([r]);
        } else {
            bank[r] -= total[r];
            keep[r as usize] = u32::MAX;
        }
    }
    for (h, o) in hands.iter_mut().zip(owed) {
        *o = ResourceSet(std::array::from_fn(|i| o.0[i] & keep[i]));
        h.add(o);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_bank_pays_nobody_that_resource() {
        let mut bank = ResourceSet::new(1, 5, 0, 0, 0);
        let mut hands = vec![ResourceSet::EMPTY; 2];
        let mut paid = vec![
            ResourceSet::new(1, 1, 0, 0, 0),
            ResourceSet::new(1, 2, 0, 0, 0),
        ];
        let mut short = Vec::new();
        pay(&mut bank, &mut hands, &mut paid, &mut short);
        assert_eq!(short, vec![Resource::Lumber]);
        assert_eq!(paid[0], ResourceSet::new(0, 1, 0, 0, 0));
        assert_eq!(hands[1], ResourceSet::new(0, 2, 0, 0, 0));
        assert_eq!(bank, ResourceSet::new(1, 2, 0, 0, 0));
    }
}
