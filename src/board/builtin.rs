//! The boards shipped with the game, embedded in the binary from `assets/boards/`. The boards
//! any ruleset may play ([`SHARED`]) are listed here; a ruleset's own boards are listed in its
//! folder (its `TableSettings::BOARDS`), and `crate::variants::boards` finds a board among
//! them all, so this core names no ruleset.

use super::spec::{BoardError, BoardSpec};

/// A board shipped with the game.
#[derive(Clone, Copy, Debug)]
pub struct BuiltinBoard {
    /// The names it answers to (lower case; the first is its usual name).
    pub names: &'static [&'static str],
    /// Its file under `assets/boards/` (named in error messages).
    pub file: &'static str,
    /// The file's contents.
    pub text: &'static str,
    /// How help texts name it.
    pub label: &'static str,
}

impl BuiltinBoard {
    /// Whether it answers to `name` (case-insensitive).
    pub fn answers_to(&self, name: &str) -> bool {
        self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// The board, parsed and checked.
    pub fn spec(&self) -> BoardSpec {
        BoardSpec::parse(self.file, self.text).expect("built-in boards are valid")
    }
}

/// The boards any ruleset may play.
pub const SHARED: &[BuiltinBoard] = &[
    BuiltinBoard {
        names: &["base-beginner", "beginner"],
        file: "base-beginner.toml",
        text: include_str!("../../assets/boards/base-beginner.toml"),
        label: "base-beginner",
    },
    BuiltinBoard {
        names: &["base-6", "beginner-6"],
        file: "base-6.toml",
        text: include_str!("../../assets/boards/base-6.toml"),
        label: "base-6 (5-6 players)",
    },
];

/// The board among `lists` that answers to `name`, if one does.
pub fn find<'a>(lists: &[&'a [BuiltinBoard]], name: &str) -> Option<&'a BuiltinBoard> {
    lists
        .iter()
        .flat_map(|l| l.iter())
        .find(|b| b.answers_to(name))
}

/// Loads a board by its name among `lists` or from a file path.
pub fn load(lists: &[&[BuiltinBoard]], name_or_path: &str) -> Result<BoardSpec, BoardError> {
    if let Some(b) = find(lists, name_or_path) {
        return Ok(b.spec());
    }
    let text = std::fs::read_to_string(name_or_path).map_err(|e| {
        let names: Vec<&str> = lists
            .iter()
            .flat_map(|l| l.iter())
            .map(|b| b.label)
            .collect();
        BoardError {
            file: name_or_path.to_string(),
            line: None,
            message: format!(
                "cannot read it ({e}); built-in boards are {}, and `base` for a random one",
                names.join(", ")
            ),
        }
    })?;
    BoardSpec::parse(name_or_path, &text)
}
