//! The Big Game's boards A, B and C (rules/big-game.md): land with sea around, a dividing
//! line and the west's and east's starting pieces.

use crate::board::builtin::BuiltinBoard;

/// Boards A, B and C, as `--board` and `--layout` name them.
pub const BOARDS: &[BuiltinBoard] = &[
    BuiltinBoard {
        names: &["a", "big-game-a"],
        file: "big-game-a.toml",
        text: include_str!("../../../assets/boards/big-game-a.toml"),
        label: "A",
    },
    BuiltinBoard {
        names: &["b", "big-game-b"],
        file: "big-game-b.toml",
        text: include_str!("../../../assets/boards/big-game-b.toml"),
        label: "B",
    },
    BuiltinBoard {
        names: &["c", "big-game-c"],
        file: "big-game-c.toml",
        text: include_str!("../../../assets/boards/big-game-c.toml"),
        label: "C (Big Game)",
    },
];
