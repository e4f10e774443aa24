//! How a game is set up, free of the command line: the ruleset's name, the table's choices,
//! the seed and the bots. The command line fills a [`GameSetup`] in (`cli::GameArgs::setup`);
//! `sim`, `fuzz`, tests and the saves' headers use it without knowing the command line, so
//! they sit below it.

use crate::ruleset::CreateError;
use crate::variants::flags::{SettingsError, TableFlags};
use crate::variants::{Game, GameSettings};
use serde::{Deserialize, Serialize};

/// Everything that says how to start a game, as every way of starting one shares it.
/// Its default is the command line's without flags: base Catan, medium bots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSetup {
    /// The ruleset, by its registered name ("base", ...: `GameSettings::NAMES`).
    pub variant: String,
    /// Seed for the dice, shuffles and board; a random one when `None`.
    pub seed: Option<u64>,
    /// The table's choices (board, targets, timers); each ruleset reads the ones it has.
    #[serde(flatten)]
    pub flags: TableFlags,
    /// Seconds a bot waits before acting, so people can follow.
    pub bot_think_secs: f64,
    /// The bots' levels, comma separated, in seat order and repeating (`BotKind::parse_list`).
    pub bot_kind: String,
    /// A hard bot's playouts per decision, instead of a time.
    #[serde(default)]
    pub bot_budget: Option<u32>,
}

impl Default for GameSetup {
    fn default() -> GameSetup {
        GameSetup {
            variant: "base".into(),
            seed: None,
            flags: TableFlags::default(),
            bot_think_secs: 0.6,
            bot_kind: "medium".into(),
            bot_budget: None,
        }
    }
}

impl GameSetup {
    /// The default setup of the ruleset called `variant`.
    pub fn of(variant: &str) -> GameSetup {
        GameSetup {
            variant: variant.into(),
            ..GameSetup::default()
        }
    }

    /// The chosen ruleset's own settings: what the game is built from and what a save keeps.
    /// Each ruleset reads its flags itself and refuses what it cannot play (a board that does
    /// not load, a game in rounds without an end).
    pub fn settings(&self) -> Result<GameSettings, SettingsError> {
        GameSettings::from_flags(&self.variant, &self.flags)
    }

    /// A game of these settings for `seats` seats and a seed.
    pub fn create(&self, seats: usize, seed: u64) -> Result<Game, CreateError> {
        use crate::ruleset::Ruleset;
        Game::create(&self.settings()?, seats, seed)
    }

    /// The seat count the settings fix, if they do (two seats per board of a ring);
    /// `None` too for settings the ruleset refuses, which creating the game reports.
    pub fn fixed_seats(&self) -> Option<usize> {
        self.settings().ok()?.fixed_seats()
    }
}
