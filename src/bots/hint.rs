//! The hint key's answer: what `hard` would play in a seat now, and why, in a line. It thinks
//! on what that seat may know only (the search deals the hidden cards afresh), so a hint never
//! tells a player what they could not see.

use super::search::{Budget, Plan};
use super::{Bot, BotKind};
use crate::engine::Seat;
use crate::ruleset::BotPlay;
use serde::{Deserialize, Serialize};

/// What `hard` would play in the asking seat, and why, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    /// The command, in the game's command language (what `:` would send).
    pub command: String,
    /// The move and the reason in a line.
    pub why: String,
}

/// The answer when the asking seat has no move to make now.
const NOT_YOUR_MOVE: &str = "nothing for you to do now; a hint waits until it is your move.";

/// `hard`'s move for `seat` in `game`, thinking within `budget` from `seed`; or why there is
/// none (the seat has nothing to do now).
pub fn hint<R: BotPlay>(game: &R, seat: Seat, seed: u64, budget: Budget) -> Result<Hint, String> {
    if game.outcome().is_some() {
        return Err(
            "the game is over: the review on the game-over screen says what mattered.".into(),
        );
    }
    if !game.is_actor(seat) {
        return Err(NOT_YOUR_MOVE.into());
    }
    let mut bot = Bot::<R>::new(BotKind::Hard, seed).with_budget(budget);
    let searching = BotKind::Hard.effective(game) == BotKind::Hard;
    match bot.plan(game, seat) {
        Plan::Ready(None) => Err(NOT_YOUR_MOVE.into()),
        Plan::Ready(Some(cmd)) => {
            let command = game.format(&cmd);
            let why = if searching {
                format!("{command}: the only move worth weighing here.")
            } else {
                format!(
                    "{command}: what the strongest bot plays here (in this ruleset it plans by rules of thumb, without looking ahead)."
                )
            };
            Ok(Hint { command, why })
        }
        Plan::Search(job) => {
            let (cmd, how) = job.run_explained();
            let command = game.format(&cmd);
            let others = how.candidates - 1;
            let moves = if others == 1 { "move" } else { "moves" };
            let why = if cmd == how.plan {
                format!(
                    "{command}: the plan of a sound player; hard tried {others} other {moves} over {} playouts and none did clearly better.",
                    how.playouts
                )
            } else {
                let checked = if how.checked == Some(true) {
                    ", and playing both to the end of the game confirmed it"
                } else {
                    ""
                };
                format!(
                    "{command}: hard tried {} moves over {} playouts and found it better than the plain plan ({}){checked}.",
                    how.candidates,
                    how.playouts,
                    game.format(&how.plan)
                )
            };
            Ok(Hint { command, why })
        }
    }
}
