//! What a Big Game is built from ([`BigSettings`]): the ring of boards, the round length and
//! how the game ends, kept in the save header. The ring fixes the seats: two per board.

use super::BigConfig;
use crate::engine::Millis;
use crate::variants::flags::{SettingsError, TableFlags, TableSettings};
use serde::{Deserialize, Serialize};

/// A Big Game's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BigSettings {
    /// Board names in ring order, one per board (`A`, `B`, `C` or a file's board name).
    pub layout: Vec<String>,
    /// Length of a round (and of the setup choices).
    pub round_ms: Millis,
    /// Victory points that end the game at once; `None` plays to the round limit.
    pub vp_target: Option<u32>,
    /// The game ends after this round; `None` plays to the VP target.
    pub max_rounds: Option<u32>,
}

impl TableSettings for BigSettings {
    const NAME: &'static str = "big-game";
    const TITLE: &'static str = "Big Game";
    const ABOUT: &'static str = "Many boards side by side, Sun and Moon groups, 45-second rounds.";

    /// A whole group plays at once, so each player needs a screen of their own.
    const ONE_SCREEN_EACH: Option<&'static str> =
        Some("In the Big Game a whole group plays at once");
    const BOARDS: &'static [crate::board::builtin::BuiltinBoard] = super::boards::BOARDS;

    /// The settings the table flags give: `boards` and `layout` (the ring), `vp` (0: none),
    /// `round_secs` and `max_rounds`. Refuses a layout that names no board and a game
    /// without an end.
    fn from_flags(flags: &TableFlags) -> Result<BigSettings, SettingsError> {
        let mut s = match &flags.layout {
            Some(l) => BigSettings::with_layout(flags.boards, l)?,
            None => BigSettings::new(flags.boards),
        };
        // `--vp 0` plays to the round limit alone.
        if let Some(vp) = flags.vp {
            s.vp_target = (vp > 0).then_some(vp);
        }
        s.round_ms = flags.round_secs * 1000;
        s.max_rounds = flags.max_rounds;
        if s.vp_target.is_none() && s.max_rounds.is_none() {
            return Err(SettingsError::Refused(
                "a Big Game needs an end: give a VP target (--vp) or a round limit (--max-rounds)"
                    .into(),
            ));
        }
        Ok(s)
    }

    /// Two seats per board.
    fn fixed_seats(&self) -> Option<usize> {
        Some(self.seats())
    }
}

impl BigSettings {
    /// `boards` boards in the rotation A, B, C, A, ...; 10 VP, 45 s rounds, no round limit.
    pub fn new(boards: usize) -> BigSettings {
        BigSettings::of(BigConfig::new(boards, 0))
    }

    /// `boards` boards from a comma-separated list, repeated in rotation (`A,C,B`).
    pub fn with_layout(boards: usize, layout: &str) -> Result<BigSettings, SettingsError> {
        let config = BigConfig::with_layout(boards, layout, 0).map_err(SettingsError::Refused)?;
        Ok(BigSettings::of(config))
    }

    fn of(c: BigConfig) -> BigSettings {
        BigSettings {
            layout: c.layout,
            round_ms: c.round_ms,
            vp_target: c.vp_target,
            max_rounds: c.max_rounds,
        }
    }

    /// Boards in the ring.
    pub fn boards(&self) -> usize {
        self.layout.len()
    }

    /// Seats: two per board.
    pub fn seats(&self) -> usize {
        2 * self.boards()
    }

    /// The configuration for a seed.
    pub fn config(&self, seed: u64) -> BigConfig {
        BigConfig {
            seed,
            layout: self.layout.clone(),
            round_ms: self.round_ms,
            vp_target: self.vp_target,
            max_rounds: self.max_rounds,
        }
    }
}
