//! The boards shipped with the game, embedded in the binary from `assets/boards/`.

use super::spec::{BoardError, BoardSpec};

/// `(names it answers to, file name, contents)`.
const BUILTIN: [(&[&str], &str, &str); 5] = [
    (
        &["a", "big-game-a"],
        "big-game-a.toml",
        include_str!("../../assets/boards/big-game-a.toml"),
    ),
    (
        &["b", "big-game-b"],
        "big-game-b.toml",
        include_str!("../../assets/boards/big-game-b.toml"),
    ),
    (
        &["c", "big-game-c"],
        "big-game-c.toml",
        include_str!("../../assets/boards/big-game-c.toml"),
    ),
    (
        &["base-beginner", "beginner"],
        "base-beginner.toml",
        include_str!("../../assets/boards/base-beginner.toml"),
    ),
    (
        &["base-6", "beginner-6"],
        "base-6.toml",
        include_str!("../../assets/boards/base-6.toml"),
    ),
];

/// Names of the built-in boards, for help texts.
pub const NAMES: &str = "A, B, C (Big Game), base-beginner, base-6 (5-6 players)";

/// A built-in board by name (case-insensitive), or `None` if there is no such board.
pub fn spec(name: &str) -> Option<BoardSpec> {
    let name = name.to_ascii_lowercase();
    let (_, file, text) = BUILTIN
        .iter()
        .find(|(names, _, _)| names.contains(&name.as_str()))?;
    Some(BoardSpec::parse(file, text).expect("built-in boards are valid"))
}

/// Loads a board by built-in name or from a file path.
pub fn load(name_or_path: &str) -> Result<BoardSpec, BoardError> {
    if let Some(s) = spec(name_or_path) {
        return Ok(s);
    }
    let text = std::fs::read_to_string(name_or_path).map_err(|e| BoardError {
        file: name_or_path.to_string(),
        line: None,
        message: format!(
            "cannot read it ({e}); built-in boards are {NAMES}, and `base` for a random one"
        ),
    })?;
    BoardSpec::parse(name_or_path, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_board_parses() {
        for (names, _, _) in BUILTIN {
            assert!(spec(names[0]).is_some());
        }
    }
}
