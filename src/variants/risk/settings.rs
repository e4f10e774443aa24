//! What a Risk of Catan game is built from ([`RiskSettings`]): the base game's settings it
//! plays under (board, VP target, timer, options), kept in the save header.

use super::RiskConfig;
use crate::variants::base::BaseSettings;
use crate::variants::flags::{SettingsError, TableFlags, TableSettings};
use serde::{Deserialize, Serialize};

/// A Risk game's settings: those of the base game it wraps.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RiskSettings {
    pub base: BaseSettings,
}

impl TableSettings for RiskSettings {
    const NAME: &'static str = "risk";
    const TITLE: &'static str = "Risk of Catan";
    const ABOUT: &'static str = "Armies on the hexes, battles, control and annexing.";

    /// Players take turns, so people can share one screen.
    const ONE_SCREEN_EACH: Option<&'static str> = None;

    /// The settings the table flags give: those of the base game it wraps.
    fn from_flags(flags: &TableFlags) -> Result<RiskSettings, SettingsError> {
        Ok(RiskSettings {
            base: BaseSettings::from_flags(flags)?,
        })
    }
}

impl RiskSettings {
    /// The configuration for `seats` seats and a seed.
    pub fn config(&self, seats: usize, seed: u64) -> RiskConfig {
        RiskConfig {
            base: self.base.config(seats, seed),
        }
    }
}
