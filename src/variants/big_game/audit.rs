//! What must hold between any two steps of a Big Game, checked by the fuzz driver through
//! [`crate::ruleset::Ruleset::audit`].

use super::BigGame;
use crate::engine::Seat;

/// The Big Game's invariants: every board's 19 of each resource between its bank and the
/// hands, every deck's cards (23 a board, no Monopoly) between decks, hands and the played
/// pile, pieces in stock or on the ring, public VP from the pieces, awards and territory bonus.
pub(super) fn check(g: &BigGame) -> Result<(), String> {
    use crate::rules::pieces::{BuildingKind, RouteKind, Stock};
    use crate::rules::resources::ResourceSet;
    let k = g.boards();
    let mut total = ResourceSet::EMPTY;
    for b in 0..k {
        total.add(g.bank(b));
    }
    for s in 0..g.seats() as Seat {
        total.add(g.hand(s));
    }
    if total != ResourceSet::uniform(19 * k as u32) {
        return Err(format!("cards not conserved: banks + hands = {total:?}"));
    }
    let deck = crate::rules::devcards::standard_deck(false).len() * k;
    let dev = g.table.deck.iter().map(Vec::len).sum::<usize>()
        + g.table.dev.iter().map(|d| d.cards.len()).sum::<usize>()
        + g.dev_spent as usize;
    if dev != deck {
        return Err(format!(
            "development cards not conserved: {dev} of {deck} for {k} boards"
        ));
    }
    let full = Stock::SEAFARERS;
    for s in 0..g.seats() as Seat {
        let stock = g.table.pieces.stock(s);
        let (mut settlements, mut cities) = (0u32, 0u32);
        for (_, b) in g.table.pieces.all_buildings().filter(|(_, b)| b.owner == s) {
            match b.kind {
                BuildingKind::Settlement => settlements += 1,
                BuildingKind::City => cities += 1,
            }
        }
        let (mut roads, mut ships) = (0u32, 0u32);
        for (_, r) in g.table.pieces.all_routes().filter(|(_, r)| r.owner == s) {
            match r.kind {
                RouteKind::Road => roads += 1,
                RouteKind::Ship => ships += 1,
            }
        }
        if settlements + stock.settlements as u32 != full.settlements as u32
            || cities + stock.cities as u32 != full.cities as u32
            || roads + stock.roads as u32 != full.roads as u32
            || ships + stock.ships as u32 != full.ships as u32
        {
            return Err(format!(
                "pieces not conserved for seat {}: stock {stock:?}",
                s + 1
            ));
        }
        let awards =
            2 * (g.longest_road() == Some(s)) as u32 + 2 * (g.largest_army() == Some(s)) as u32;
        let bonus = 2 * g.bonus[s as usize].is_some() as u32;
        if g.public_vp(s) != settlements + 2 * cities + awards + bonus {
            return Err(format!("seat {}: public VP do not match the board", s + 1));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::resources::ResourceSet;
    use crate::variants::big_game::BigConfig;

    #[test]
    fn the_big_game_audit_holds_for_a_new_ring_and_catches_lost_cards() {
        let mut g = BigGame::new(BigConfig::new(3, 1)).unwrap();
        assert_eq!(check(&g), Ok(()));
        g.table.hands[0] = ResourceSet::uniform(1);
        assert!(check(&g).unwrap_err().contains("cards not conserved"));
    }
}
