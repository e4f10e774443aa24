//! What an Adaptations game is built from ([`AdaptSettings`]): the turn limit and the timer,
//! kept in the save header.

use super::AdaptConfig;
use crate::engine::Millis;
use crate::variants::flags::{SettingsError, TableFlags, TableSettings};
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

impl TableSettings for AdaptSettings {
    const NAME: &'static str = "adaptations";
    const TITLE: &'static str = "Adaptations";
    const ABOUT: &'static str = "The evolution game: herds on drifting tiles.";

    /// Players take turns, so people can share one screen.
    const ONE_SCREEN_EACH: Option<&'static str> = None;

    /// The settings the table flags give: `max_turns`, and the prompt timer from
    /// `phase_secs` (or else `turn_secs`).
    fn from_flags(flags: &TableFlags) -> Result<AdaptSettings, SettingsError> {
        let mut s = AdaptSettings::default();
        if let Some(t) = flags.max_turns {
            s.max_turns = t;
        }
        s.phase_ms = flags.phase_secs.or(flags.turn_secs).map(|s| s * 1000);
        Ok(s)
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
