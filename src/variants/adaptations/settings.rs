//! What an Adaptations game is built from ([`AdaptSettings`]): the turn limit and the timer,
//! kept in the save header.

use super::AdaptConfig;
use crate::engine::Millis;
use serde::{Deserialize, Serialize};

/// An Adaptations game's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdaptSettings {
    /// Turns after which the game ends if the Game End pile has not (A32; 60).
    pub max_turns: u32,
    /// Time for each sub-turn and prompt; its default is `done` / `stay` (A35). No limit
    /// when `None`.
    pub phase_ms: Option<Millis>,
}

impl Default for AdaptSettings {
    /// The rule text's 60 turns, no timer.
    fn default() -> AdaptSettings {
        let c = AdaptConfig::new(0, 0);
        AdaptSettings {
            max_turns: c.max_turns,
            phase_ms: c.phase_ms,
        }
    }
}

impl AdaptSettings {
    /// The configuration for `seats` seats and a seed.
    pub fn config(&self, seats: usize, seed: u64) -> AdaptConfig {
        AdaptConfig {
            max_turns: self.max_turns,
            phase_ms: self.phase_ms,
            ..AdaptConfig::new(seats, seed)
        }
    }
}
