//! What a host chooses for a table, free of any command-line library ([`TableFlags`]), and
//! what a ruleset's settings type says to the command line ([`TableSettings`]: its name, how
//! those choices become its settings). Each ruleset reads the flags it has in its own
//! `settings.rs`; the command line only fills [`TableFlags`] in, so nothing under `variants/`
//! depends on it.

use crate::board::BoardSpec;
use crate::board::spec::BoardError;

/// Why the table's choices make no settings of a ruleset: [`TableSettings::from_flags`] and
/// the registry's [`crate::variants::GameSettings::from_flags`]. Players read the words as
/// the ruleset wrote them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// No ruleset has the name asked for; `known` lists the names there are.
    #[error("no ruleset is called {name}: {known}")]
    UnknownRuleset { name: String, known: String },
    /// The board the flags name does not load.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The ruleset cannot play what the flags ask (a game in rounds without an end), in its words.
    #[error("{0}")]
    Refused(String),
}

impl From<SettingsError> for String {
    fn from(e: SettingsError) -> String {
        e.to_string()
    }
}

/// The table choices every way of starting a game shares (`catan host`, `hotseat`, `sim`,
/// fuzz), as the command line gives them: each ruleset takes the ones it has and leaves the
/// rest. Times are in seconds, as typed. Its default is what the command line gives without
/// flags (cli.rs pins that it is). A record keeps them (in [`crate::setup::GameSetup`]), so
/// their serde names are the saves' and stay as they are.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableFlags {
    /// A built-in board name or a board file; a random fair board when `None`.
    pub board: Option<String>,
    /// Victory points needed to win (where rounds are limited, 0 may play to `max_rounds` alone).
    pub vp: Option<u32>,
    /// Seconds each turn may take (the rulesets with turns).
    pub turn_secs: Option<u64>,
    /// Seconds each round lasts (a game in timed rounds).
    pub round_secs: u64,
    /// Seconds of each timed phase (a building phase, a prompt).
    pub phase_secs: Option<u64>,
    /// Seconds of the resource phase (a game in timed phases).
    pub resource_secs: u64,
    /// Seconds of robber part 1 (discards) in a game in timed phases.
    pub robber1_secs: u64,
    /// Seconds of robber part 2 (move and steal) in a game in timed phases.
    pub robber2_secs: u64,
    /// Seconds of the building and trading phase in a game in timed phases.
    pub build_secs: u64,
    /// Seconds of the cooldown phase in a game in timed phases.
    pub cooldown_secs: u64,
    /// Seconds for each initial placement, where placements are timed.
    pub placement_secs: Option<u64>,
    /// Boards in the ring (a game of several boards).
    pub boards: usize,
    /// The ring's boards in order, e.g. `A,C,B`.
    pub layout: Option<String>,
    /// End after this many rounds (a game in rounds).
    pub max_rounds: Option<u32>,
    /// End after this many turns (a ruleset with a turn limit).
    pub max_turns: Option<u32>,
    /// The "three victory points" robber rule (one-board Catan).
    pub three_vp_robber: bool,
    /// Trade first, then build (one-board Catan).
    pub strict_trade_then_build: bool,
}

impl TableFlags {
    /// The board the flags name, loaded, or `None` for a random fair board; refuses a board
    /// that does not load, with the reason.
    pub fn board_spec(&self) -> Result<Option<BoardSpec>, BoardError> {
        self.board
            .as_deref()
            .map(crate::variants::boards::load)
            .transpose()
    }
}

/// What the command line, hot-seat and the saves need of a ruleset's settings type, beside
/// serde: its name and one line about it (`--variant`'s choice and help), whether its people
/// need a screen each, how the table flags become its settings, and the seats it fixes. The
/// registration in `variants/mod.rs` reads these, so a ruleset's name is written in its
/// own folder.
pub trait TableSettings: Sized {
    /// The ruleset's name on the command line and in saves ("base", ...).
    const NAME: &'static str;
    /// The ruleset's name for people ("Big Game"), where the screens name the game.
    const TITLE: &'static str;
    /// What the ruleset is, in one line (the command line's help for `--variant`).
    const ABOUT: &'static str;
    /// Why its people cannot share one screen, in words (everyone acts at once), or `None`
    /// when they take turns at it: hot-seat then plays it with one person only.
    const ONE_SCREEN_EACH: Option<&'static str> = None;
    /// The boards the ruleset ships beside the shared ones (`--board` and `catan board show`
    /// find them by name: [`crate::variants::boards`]).
    const BOARDS: &'static [crate::board::builtin::BuiltinBoard] = &[];

    /// The settings `flags` describe: the ruleset reads the flags it has and refuses what it
    /// cannot play (a board that does not load, a game in rounds without an end).
    fn from_flags(flags: &TableFlags) -> Result<Self, SettingsError>;

    /// The seat count the settings fix, if they do (two seats per board of a ring).
    fn fixed_seats(&self) -> Option<usize> {
        None
    }
}

impl Default for TableFlags {
    fn default() -> TableFlags {
        TableFlags {
            board: None,
            vp: None,
            turn_secs: None,
            round_secs: 45,
            phase_secs: None,
            resource_secs: 20,
            robber1_secs: 20,
            robber2_secs: 20,
            build_secs: 60,
            cooldown_secs: 20,
            placement_secs: None,
            boards: 3,
            layout: None,
            max_rounds: None,
            max_turns: None,
            three_vp_robber: false,
            strict_trade_then_build: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::GameSettings;

    #[test]
    fn every_name_builds_its_ruleset_and_an_unknown_one_is_refused() {
        let flags = TableFlags::default();
        for &name in GameSettings::NAMES {
            let s = GameSettings::from_flags(name, &flags).expect("settings");
            assert_eq!(s.name(), name);
        }
        let e = GameSettings::from_flags("chess", &flags)
            .unwrap_err()
            .to_string();
        assert!(e.contains("no ruleset is called chess"), "{e}");
    }

    /// Screens name a game by its ruleset's title; one nobody here knows keeps its name.
    #[test]
    fn every_ruleset_has_a_title_of_its_own() {
        let titles: Vec<&str> = GameSettings::NAMES
            .iter()
            .map(|n| GameSettings::title(n).expect("a title"))
            .collect();
        for (n, t) in GameSettings::NAMES.iter().zip(&titles) {
            assert!(!t.is_empty() && t != n, "{n}: `{t}`");
        }
        let mut unique = titles.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), titles.len(), "{titles:?}");
        assert_eq!(crate::variants::title_of("big-game"), "Big Game");
        assert_eq!(crate::variants::title_of("chess"), "chess");
    }
}
