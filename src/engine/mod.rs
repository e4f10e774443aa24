//! The pure rules engine: what every ruleset offers the host, the bots and the clients.
//!
//! A ruleset is a state machine. Commands from seats go in with the current time; events come
//! out, or a [`RuleError`] that says why the command is illegal and leaves the state exactly as
//! it was. The engine never reads a clock: the host passes `now` in, asks for the next
//! [`crate::ruleset::Ruleset::deadline`], and calls [`crate::ruleset::Ruleset::tick`] when it
//! passes. Randomness comes from the [`rng::GameRng`] in the state.
//!
//! This module keeps only the leaf basics every layer uses (seats, time, refusals, outcomes,
//! the rng); the contract itself is [`crate::ruleset::Ruleset`], one layer up, because it
//! names board and summary types that import these.

pub mod rng;

/// A seat at the table, 0-based.
pub type Seat = u16;

/// Game time in milliseconds since the host started the game.
pub type Millis = u64;

/// Why a command was refused, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(msg: impl Into<String>) -> RuleError {
        RuleError(msg.into())
    }
}

/// Shorthand for refusing a command.
pub fn refuse<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError(msg.into()))
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// Winners (several only when a ruleset's scoring ties).
    pub winners: Vec<Seat>,
    /// Every seat with its final score, best first.
    pub standings: Vec<(Seat, i64)>,
}
