//! The host's coach for the five rulesets: hints from the `hard` bot, and the review of the
//! game once it is over ([`crate::server::table::coach`]).

use crate::bots::search::Budget;
use crate::engine::Seat;
use crate::record::Header;
use crate::review::{Options, Review};
use crate::server::table::Coach;
use crate::variants::Game;
use std::sync::Arc;
use std::time::Duration;

/// About how long the host spends on a game's review (one core): the chances get fewer
/// playouts where the ruleset's games are slow to play out ([`Options::time`]).
pub const REVIEW_TIME: Duration = Duration::from_secs(45);

/// A coach for a game recorded from `header` (its settings and seed: the review replays the
/// game from them), reviewing within [`REVIEW_TIME`].
pub fn catan_coach(header: Header) -> Coach<Game> {
    catan_coach_with(
        header,
        Options {
            time: Some(REVIEW_TIME),
            ..Options::default()
        },
    )
}

/// As [`catan_coach`], the review made with `review` (its people and "you" come from the
/// record).
pub fn catan_coach_with(header: Header, review: Options) -> Coach<Game> {
    let hint = |game: &Game, seat: Seat, seed: u64, budget: Budget| {
        crate::bots::hint::hint(game, seat, seed, budget)
    };
    let review = move |names: &[String],
                       entries: &[crate::record::Entry],
                       progress: &(dyn Fn(usize, usize) + Sync)|
          -> Result<Review, String> {
        let header = Header {
            names: names.to_vec(),
            ..header.clone()
        };
        let people = crate::review::decisions::seats_of(entries, None);
        let opts = Options {
            // One person among bots: the turning points are told as their chance.
            you: (people.len() == 1).then(|| people[0]),
            people,
            ..review.clone()
        };
        crate::review::review(&header, entries, &opts, progress).map_err(|e| e.to_string())
    };
    Coach {
        hint: Some(Arc::new(hint)),
        review: Some(Arc::new(review)),
    }
}
