//! The robber's refusals in the words every ruleset uses: where it may not go, whom it may
//! not rob, and a 7's discard that does not fit the hand.

use crate::board::Map;
use crate::engine::{RuleError, Seat, refuse};
use crate::rules::pieces::Pieces;
use crate::rules::resources::ResourceSet;
use crate::topology::HexId;

/// Refuses a move to a sea hex.
pub fn check_land(map: &Map, hex: HexId) -> Result<(), RuleError> {
    if map.is_land(hex) {
        return Ok(());
    }
    refuse(format!(
        "{} is sea: the robber stays on land",
        map.hex_name(hex)
    ))
}

/// The refusal of a move that leaves the robber where it stands.
pub fn must_move(map: &Map, hex: HexId) -> RuleError {
    RuleError::new(format!(
        "the robber must move to another hex than {}",
        map.hex_name(hex)
    ))
}

/// The refusal of a move that names no victim at a hex where `victims` (not empty) have
/// cards: `command` is how the move is written ("robber", "play knight").
pub fn choose_victim(map: &Map, hex: HexId, victims: &[Seat], command: &str) -> RuleError {
    let list: Vec<String> = victims.iter().map(|s| (s + 1).to_string()).collect();
    RuleError::new(format!(
        "choose whom to rob: `{command} {} steal {}` (seats with cards there: {})",
        map.hex_name(hex),
        list[0],
        list.join(", ")
    ))
}

/// The refusal of a steal from seat `v` at `hex` that the rules do not allow: the thief
/// itself, a seat without cards, or one without a building there.
pub fn victim_refusal(map: &Map, pieces: &Pieces, thief: Seat, hex: HexId, v: Seat) -> RuleError {
    RuleError::new(if v == thief {
        "you cannot rob yourself".to_string()
    } else if pieces.seats_at_hex(map, hex).contains(&v) {
        format!("seat {} has no cards to steal", v + 1)
    } else {
        format!("seat {} has no building at {}", v + 1, map.hex_name(hex))
    })
}

/// Refuses a discard of `cards` from `hand` that is not the `n` cards owed, or not held.
pub fn check_discard(hand: &ResourceSet, cards: &ResourceSet, n: u32) -> Result<(), RuleError> {
    if cards.total() != n {
        return refuse(format!("discard exactly {n} cards, not {}", cards.total()));
    }
    if !hand.contains(cards) {
        return refuse(format!("you do not have {cards}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_discard_is_the_cards_owed_and_held() {
        let hand = ResourceSet::new(2, 0, 1, 0, 0);
        assert!(check_discard(&hand, &ResourceSet::new(1, 0, 1, 0, 0), 2).is_ok());
        let e = check_discard(&hand, &ResourceSet::new(1, 0, 0, 0, 0), 2).unwrap_err();
        assert_eq!(e.0, "discard exactly 2 cards, not 1");
        let e = check_discard(&hand, &ResourceSet::new(0, 2, 0, 0, 0), 2).unwrap_err();
        assert!(e.0.starts_with("you do not have"), "{}", e.0);
    }
}
