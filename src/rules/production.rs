//! Resource production after a roll, and paying it from a bank that may run short.

use crate::board::Map;
use crate::engine::Seat;
use crate::rules::pieces::Pieces;
use crate::rules::resources::{Resource, ResourceSet};
use crate::topology::HexId;

/// What each seat is owed by hexes with `number`, skipping hexes with a robber and any
/// (hex, seat) for which `may_collect` says no (Risk's enemy control).
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
    for &h in map.hexes_with_number(number) {
        if robbers.contains(&h) {
            continue;
        }
        let Some(res) = map.tile(h).terrain().and_then(|t| t.resource()) else {
            continue;
        };
        for c in map.topology.hex_corners(h) {
            if let Some(b) = pieces.building(*c)
                && may_collect(h, b.owner)
            {
                out[b.owner as usize][res] += b.weight();
            }
        }
    }
}

/// Pays what is owed from the bank: for each resource, if the bank cannot pay everyone owed
/// it, nobody gets it. Returns what was paid per seat and the resources that ran short.
pub fn pay(
    bank: &mut ResourceSet,
    hands: &mut [ResourceSet],
    owed: &[ResourceSet],
) -> (Vec<ResourceSet>, Vec<Resource>) {
    let mut paid = vec![ResourceSet::EMPTY; owed.len()];
    let mut short = Vec::new();
    pay_into(bank, hands, owed, &mut paid, &mut short);
    (paid, short)
}

/// [`pay`] written into `paid` (a slot per seat, set to zero first) and `short` (appended).
pub fn pay_into(
    bank: &mut ResourceSet,
    hands: &mut [ResourceSet],
    owed: &[ResourceSet],
    paid: &mut [ResourceSet],
    short: &mut Vec<Resource>,
) {
    paid.fill(ResourceSet::EMPTY);
    for r in Resource::ALL {
        let total: u32 = owed.iter().map(|o| o[r]).sum();
        if total == 0 {
            continue;
        }
        if total > bank[r] {
            short.push(r);
            continue;
        }
        bank[r] -= total;
        for (s, o) in owed.iter().enumerate() {
            hands[s][r] += o[r];
            paid[s][r] += o[r];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_bank_pays_nobody_that_resource() {
        let mut bank = ResourceSet::new(1, 5, 0, 0, 0);
        let mut hands = vec![ResourceSet::EMPTY; 2];
        let owed = vec![
            ResourceSet::new(1, 1, 0, 0, 0),
            ResourceSet::new(1, 2, 0, 0, 0),
        ];
        let (paid, short) = pay(&mut bank, &mut hands, &owed);
        assert_eq!(short, vec![Resource::Lumber]);
        assert_eq!(paid[0], ResourceSet::new(0, 1, 0, 0, 0));
        assert_eq!(hands[1], ResourceSet::new(0, 2, 0, 0, 0));
        assert_eq!(bank, ResourceSet::new(1, 2, 0, 0, 0));
    }
}
