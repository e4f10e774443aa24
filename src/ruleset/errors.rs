//! The contract's refusals, typed: why a game cannot be built from its settings
//! ([`CreateError`]) and why a game's state breaks its ruleset's invariants ([`AuditError`]).
//! The words are the ruleset's own, shown to players as it wrote them; the types let a caller
//! tell a refusal of the contract from any other failure. Words-only callers (the command
//! line, the fuzz report) take the text through `From<..> for String`.

use crate::variants::flags::SettingsError;

/// Why [`super::Ruleset::create`] (or a setup that reads its settings first) builds no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CreateError {
    /// The table's choices do not make settings of the ruleset (an unknown ruleset, a board
    /// that does not load, ...).
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The ruleset refuses to build a game of these settings (a seat count it does not play,
    /// a layout that does not fit), in its words.
    #[error("{0}")]
    Refused(String),
}

impl From<String> for CreateError {
    fn from(words: String) -> CreateError {
        CreateError::Refused(words)
    }
}

impl From<CreateError> for String {
    fn from(e: CreateError) -> String {
        e.to_string()
    }
}

/// What [`super::Ruleset::audit`] found broken between two steps (a card counted twice, the
/// points not matching the board), in the ruleset's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AuditError(pub String);

impl From<String> for AuditError {
    fn from(words: String) -> AuditError {
        AuditError(words)
    }
}

impl From<AuditError> for String {
    fn from(e: AuditError) -> String {
        e.0
    }
}
