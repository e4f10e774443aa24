//! The built-in boards of every ruleset: the shared ones ([`crate::board::builtin::SHARED`])
//! and those each ruleset lists in its folder (`TableSettings::BOARDS`), found by name for
//! `--board`, `catan board show` and the saves.

use super::GameSettings;
use crate::board::BoardSpec;
use crate::board::builtin::{self, BuiltinBoard};
use crate::board::spec::BoardError;

/// Every built-in board list: the rulesets' own in registration order, then the shared one.
fn lists() -> Vec<&'static [BuiltinBoard]> {
    let mut all: Vec<&'static [BuiltinBoard]> = GameSettings::BOARDS.to_vec();
    all.push(builtin::SHARED);
    all
}

/// A built-in board by name (case-insensitive), or `None` if there is no such board.
pub fn spec(name: &str) -> Option<BoardSpec> {
    builtin::find(&lists(), name).map(BuiltinBoard::spec)
}

/// Loads a board by built-in name or from a file path.
pub fn load(name_or_path: &str) -> Result<BoardSpec, BoardError> {
    builtin::load(&lists(), name_or_path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_board_parses_and_answers_to_its_names() {
        for b in lists().iter().flat_map(|l| l.iter()) {
            for name in b.names {
                assert_eq!(spec(name), Some(b.spec()), "{name}");
                assert_eq!(spec(&name.to_uppercase()), Some(b.spec()), "{name}");
            }
        }
    }
}
