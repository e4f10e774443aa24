//! What a Total Chaos game is built from ([`ChaosSettings`]): the board, the target and the
//! length of each timed phase, kept in the save header.

use super::ChaosConfig;
use crate::board::BoardSpec;
use crate::engine::Millis;
use crate::variants::flags::{SettingsError, TableFlags, TableSettings};
use serde::{Deserialize, Serialize};

/// A Total Chaos game's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChaosSettings {
    /// The board; `None` generates a random fair board from the seed.
    pub board: Option<BoardSpec>,
    /// Victory points that win (10).
    pub vp_target: u32,
    /// Resource phase (20 s).
    pub resource_ms: Millis,
    /// Robber part 1, the discards (20 s).
    pub robber1_ms: Millis,
    /// Robber part 2, move and steal (20 s).
    pub robber2_ms: Millis,
    /// Building and trading (60 s).
    pub build_ms: Millis,
    /// Cooldown (20 s).
    pub cooldown_ms: Millis,
    /// Time for each initial placement (a settlement and its road); no limit when `None`.
    pub placement_ms: Option<Millis>,
}

impl Default for ChaosSettings {
    /// The rule text's phase lengths, 10 points, a random fair board.
    fn default() -> ChaosSettings {
        let c = ChaosConfig::new(0, 0);
        ChaosSettings {
            board: c.board,
            vp_target: c.vp_target,
            resource_ms: c.resource_ms,
            robber1_ms: c.robber1_ms,
            robber2_ms: c.robber2_ms,
            build_ms: c.build_ms,
            cooldown_ms: c.cooldown_ms,
            placement_ms: c.placement_ms,
        }
    }
}

impl TableSettings for ChaosSettings {
    const NAME: &'static str = "total-chaos";
    const TITLE: &'static str = "Total Chaos";
    const ABOUT: &'static str = "No turns: everyone acts at once inside timed phases.";

    /// Everyone acts at once, so each player needs a screen of their own.
    const ONE_SCREEN_EACH: Option<&'static str> =
        Some("Total Chaos is played by everyone at once");

    /// The settings the table flags give: `board`, `vp` and each phase's seconds
    /// (`phase_secs`, when given, is the building phase's).
    fn from_flags(flags: &TableFlags) -> Result<ChaosSettings, SettingsError> {
        let secs = |s: u64| s * 1000;
        Ok(ChaosSettings {
            board: flags.board_spec()?,
            vp_target: flags.vp.unwrap_or(ChaosSettings::default().vp_target),
            resource_ms: secs(flags.resource_secs),
            robber1_ms: secs(flags.robber1_secs),
            robber2_ms: secs(flags.robber2_secs),
            build_ms: secs(flags.phase_secs.unwrap_or(flags.build_secs)),
            cooldown_ms: secs(flags.cooldown_secs),
            placement_ms: flags.placement_secs.map(secs),
        })
    }
}

impl ChaosSettings {
    /// The configuration for `seats` seats and a seed.
    pub fn config(&self, seats: usize, seed: u64) -> ChaosConfig {
        ChaosConfig {
            seats,
            seed,
            board: self.board.clone(),
            vp_target: self.vp_target,
            resource_ms: self.resource_ms,
            robber1_ms: self.robber1_ms,
            robber2_ms: self.robber2_ms,
            build_ms: self.build_ms,
            cooldown_ms: self.cooldown_ms,
            placement_ms: self.placement_ms,
        }
    }
}
