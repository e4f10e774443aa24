//! Which bank serves a seat: the one bank of a one-board table, or its own board's
//! in a ring of boards. Trading ([`crate::rules::offers::Market`]) and development cards
//! ([`crate::rules::devcards::DevTable`]) both pay and take through it.

use crate::engine::{RuleError, Seat};
use crate::rules::costs;
use crate::rules::resources::ResourceSet;
use std::borrow::Cow;

/// The bank a seat deals with, and how refusals name it.
pub trait Banks {
    /// The bank that serves `seat`.
    fn bank_of(&self, seat: Seat) -> &ResourceSet;
    /// The seat's hand and the bank that serves it, borrowed together.
    fn hand_and_bank(&mut self, seat: Seat) -> (&mut ResourceSet, &mut ResourceSet);
    /// That bank's name in a refusal ("the bank", "board 2's bank").
    fn bank_name(&self, _seat: Seat) -> Cow<'static, str> {
        Cow::Borrowed("the bank")
    }
    /// Charges the seat a cost, paid to its bank ([`costs::charge`]): `what` names the
    /// purchase in the refusal.
    fn charge(&mut self, seat: Seat, cost: &ResourceSet, what: &str) -> Result<(), RuleError> {
        let (hand, bank) = self.hand_and_bank(seat);
        costs::charge(hand, bank, cost, what)
    }
}

/// [`Banks`] for a game with one bank, kept with the hands in its
/// [`crate::rules::table::CatanTable`], a field named `table` (the one-board games).
macro_rules! one_bank {
    ($game:ty) => {
        impl $crate::rules::banks::Banks for $game {
            fn bank_of(
                &self,
                _seat: $crate::engine::Seat,
            ) -> &$crate::rules::resources::ResourceSet {
                &self.table.bank
            }
            fn hand_and_bank(
                &mut self,
                seat: $crate::engine::Seat,
            ) -> (
                &mut $crate::rules::resources::ResourceSet,
                &mut $crate::rules::resources::ResourceSet,
            ) {
                (&mut self.table.hands[seat as usize], &mut self.table.bank)
            }
        }
    };
}
pub(crate) use one_bank;
