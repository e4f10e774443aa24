//! What the shared rules read of a game played with one box of base Catan, and its
//! invariants (one bank of 19 of each
//! resource, or the 5–6 player extension's bigger box; the standard piece stock; its
//! development deck): every card and piece is somewhere, and the public points are what the
//! board and the awards give. The one-board Catan rulesets check them through [`ClassicBox`], and
//! count their points with it; the fuzz driver asks each ruleset's `Ruleset::audit` after
//! every step.

use crate::engine::Seat;
use crate::rules::devcards::DevHand;
use crate::rules::pieces::{BuildingKind, Pieces};
use crate::rules::points::{SeatPoints, catan_points};
use crate::rules::resources::ResourceSet;
use crate::rules::supply::Supply;

/// What the audit and the points read of a game played with one box of base Catan.
pub trait ClassicBox {
    /// Seats at the table (they choose the box: five or six play the extension's).
    fn seat_count(&self) -> usize;
    /// The bank's cards.
    fn bank(&self) -> &ResourceSet;
    /// A seat's cards.
    fn hand(&self, seat: Seat) -> &ResourceSet;
    /// The pieces on the board and in each seat's stock.
    fn pieces(&self) -> &Pieces;
    /// A seat's development cards, played knights included.
    fn dev_hand(&self, seat: Seat) -> &DevHand;
    /// Development cards left in the deck.
    fn deck_len(&self) -> usize;
    /// Who holds the Longest Road.
    fn longest_road(&self) -> Option<Seat>;
    /// Who holds the Largest Army.
    fn largest_army(&self) -> Option<Seat>;
    /// A seat's points as everyone sees them.
    fn public_vp(&self, seat: Seat) -> u32;
    /// The seat that won, once one has.
    fn winner(&self) -> Option<Seat>;

    /// All of a seat's points, its victory point cards included.
    fn total_vp(&self, seat: Seat) -> u32 {
        self.public_vp(seat) + self.dev_hand(seat).vp_cards()
    }
    /// Every seat's points by source: buildings, the awards and the victory point cards.
    fn points_by_seat(&self) -> Vec<SeatPoints> {
        let (longest, largest) = (self.longest_road(), self.largest_army());
        (0..self.seat_count() as Seat)
            .map(|s| {
                catan_points(
                    self.pieces(),
                    s,
                    longest,
                    largest,
                    self.dev_hand(s).vp_cards(),
                )
            })
            .collect()
    }
}

/// Cards conserved between the bank and the hands, each seat's pieces between its stock and
/// the board, public points from the buildings and awards, and no more development cards
/// than the box holds; in words when one does not hold.
pub fn classic_box(g: &impl ClassicBox) -> Result<(), String> {
    let seats = g.seat_count();
    let mut total = *g.bank();
    for s in 0..seats as Seat {
        total.add(g.hand(s));
    }
    // Five and six seats play from the 5–6 player extension's bigger box.
    let supply = Supply::for_seats(seats);
    if total != supply.bank() {
        return Err(format!("cards not conserved: bank + hands = {total:?}"));
    }
    let pieces = g.pieces();
    let mut dev_held = 0;
    for s in 0..seats as Seat {
        let stock = pieces.stock(s);
        let (mut settlements, mut cities) = (0u32, 0u32);
        for (_, b) in pieces.all_buildings().filter(|(_, b)| b.owner == s) {
            match b.kind {
                BuildingKind::Settlement => settlements += 1,
                BuildingKind::City => cities += 1,
            }
        }
        let roads = pieces.all_routes().filter(|(_, r)| r.owner == s).count() as u32;
        if settlements + stock.settlements as u32 != 5
            || cities + stock.cities as u32 != 4
            || roads + stock.roads as u32 != 15
        {
            return Err(format!(
                "pieces not conserved for seat {}: {settlements} settlements, {cities} cities, {roads} roads on the board, stock {stock:?}",
                s + 1
            ));
        }
        let awards =
            2 * (g.longest_road() == Some(s)) as u32 + 2 * (g.largest_army() == Some(s)) as u32;
        if g.public_vp(s) != settlements + 2 * cities + awards {
            return Err(format!("seat {}: public VP do not match the board", s + 1));
        }
        let d = g.dev_hand(s);
        dev_held += d.cards.len() + d.knights_played as usize;
    }
    if g.deck_len() + dev_held > supply.deck.len() {
        return Err(format!("more than {} development cards", supply.deck.len()));
    }
    Ok(())
}

/// Implements [`ClassicBox`] for a ruleset's game type from its inherent methods of the same
/// names (`seats` from its `Ruleset`), so each ruleset says it in one line.
macro_rules! impl_classic_box {
    ($game:ty) => {
        impl $crate::rules::audit::ClassicBox for $game {
            fn seat_count(&self) -> usize {
                $crate::ruleset::Ruleset::seats(self)
            }
            fn bank(&self) -> &$crate::rules::resources::ResourceSet {
                <$game>::bank(self)
            }
            fn hand(&self, seat: $crate::engine::Seat) -> &$crate::rules::resources::ResourceSet {
                <$game>::hand(self, seat)
            }
            fn pieces(&self) -> &$crate::rules::pieces::Pieces {
                <$game>::pieces(self)
            }
            fn dev_hand(&self, seat: $crate::engine::Seat) -> &$crate::rules::devcards::DevHand {
                <$game>::dev_hand(self, seat)
            }
            fn deck_len(&self) -> usize {
                <$game>::deck_len(self)
            }
            fn longest_road(&self) -> Option<$crate::engine::Seat> {
                <$game>::longest_road(self)
            }
            fn largest_army(&self) -> Option<$crate::engine::Seat> {
                <$game>::largest_army(self)
            }
            fn public_vp(&self, seat: $crate::engine::Seat) -> u32 {
                <$game>::public_vp(self, seat)
            }
            fn winner(&self) -> Option<$crate::engine::Seat> {
                <$game>::winner(self)
            }
        }
    };
}
pub(crate) use impl_classic_box;
