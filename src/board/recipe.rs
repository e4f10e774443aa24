//! How a client rebuilds a game's map from what the host sends ([`MapRecipe`]). It lives with
//! the boards because each ruleset says how its map is made ([`crate::ruleset::Ruleset::map_recipe`])
//! and the wire only carries it.

use super::BoardSpec;
use serde::{Deserialize, Serialize};

/// The variant's map as the client rebuilds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MapRecipe {
    /// One board.
    Single(BoardSpec),
    /// A ring of boards: the distinct boards and, per position in the ring, which of them.
    Ring {
        boards: Vec<BoardSpec>,
        order: Vec<u16>,
    },
    /// The variant draws its own map from the view (tiles that drift).
    FromView,
}
