//! What a base game is built from ([`BaseSettings`]): the choices a host makes, kept in the
//! save header. The seat count and the seed come with them when the game is created, and
//! together they make the [`BaseConfig`] the game runs on.

use super::BaseConfig;
use crate::board::BoardSpec;
use crate::engine::{Millis, Seat};
use crate::variants::flags::{SettingsError, TableFlags, TableSettings};
use serde::{Deserialize, Serialize};

/// A base game's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BaseSettings {
    /// The board; `None` generates a random fair board from the seed.
    pub board: Option<BoardSpec>,
    /// Victory points that win (10).
    pub vp_target: u32,
    /// The "three victory points" robber rule.
    pub three_vp_robber: bool,
    /// Trade and build in any order (the default); off means trades come before building.
    pub any_order: bool,
    /// Time each turn (and each setup placement and discard) may take; no limit when `None`.
    pub turn_ms: Option<Millis>,
}

impl Default for BaseSettings {
    /// The standard game: a random fair board, 10 points, any order, no timer.
    fn default() -> BaseSettings {
        let c = BaseConfig::new(0, 0);
        BaseSettings {
            board: c.board,
            vp_target: c.vp_target,
            three_vp_robber: c.three_vp_robber,
            any_order: c.any_order,
            turn_ms: c.turn_ms,
        }
    }
}

impl TableSettings for BaseSettings {
    const NAME: &'static str = "base";
    const TITLE: &'static str = "Base Catan";
    const ABOUT: &'static str = "The standard game.";

    /// Players take turns, so people can share one screen.
    const ONE_SCREEN_EACH: Option<&'static str> = None;

    /// The settings the table flags give: `board`, `vp`, `three_vp_robber`,
    /// `strict_trade_then_build` and `turn_secs`; the rest keep the standard game's.
    fn from_flags(flags: &TableFlags) -> Result<BaseSettings, SettingsError> {
        Ok(BaseSettings {
            board: flags.board_spec()?,
            vp_target: flags.vp.unwrap_or(BaseSettings::default().vp_target),
            three_vp_robber: flags.three_vp_robber,
            any_order: !flags.strict_trade_then_build,
            turn_ms: flags.turn_secs.map(|s| s * 1000),
        })
    }
}

impl BaseSettings {
    /// The configuration for `seats` seats and a seed: what the settings do not choose (who
    /// places first, the 5–6 player special build phase) follows from the seats and the seed.
    pub fn config(&self, seats: usize, seed: u64) -> BaseConfig {
        BaseConfig {
            board: self.board.clone(),
            vp_target: self.vp_target,
            three_vp_robber: self.three_vp_robber,
            any_order: self.any_order,
            turn_ms: self.turn_ms,
            first: None::<Seat>,
            ..BaseConfig::new(seats, seed)
        }
    }
}
