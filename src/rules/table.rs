//! How a single-board Catan game opens: the board (the host's, or a random fair one), its
//! map, where the robber starts, and the box's bank and shuffled development deck. Base and
//! Total Chaos (and Risk of Catan through base) open the same way, with the same draws from
//! the game's random numbers, so the opening is written once.

use crate::board::generate::random_for_seats;
use crate::board::{BoardSpec, Map};
use crate::engine::rng::GameRng;
use crate::rules::devcards::DevCard;
use crate::rules::supply::Supply;
use crate::topology::HexId;

/// What a single-board game starts from.
pub struct Opening {
    /// The board as a file would give it (clients rebuild the map from it).
    pub spec: BoardSpec,
    pub map: Map,
    /// The robber's hex: the desert, or the first land hex on a board without one.
    pub robber: HexId,
    /// The bank and deck of the box for this many seats (the 5–6 player extension from five).
    pub supply: Supply,
    /// The development deck, shuffled; cards are drawn from the end.
    pub deck: Vec<DevCard>,
}

impl Opening {
    /// Opens a game for `seats` seats on `board`, or on a random fair board drawn from `rng`
    /// when there is none; then shuffles the deck with `rng`. Refuses a board without land.
    pub fn deal(
        board: Option<&BoardSpec>,
        seats: usize,
        rng: &mut GameRng,
    ) -> Result<Opening, String> {
        let spec = match board {
            Some(b) => b.clone(),
            None => {
                let mut b = random_for_seats(seats, rng.next_seed());
                // Players see the board, never anything derived from the game's seed.
                b.name = "random fair board".into();
                b
            }
        };
        let map = Map::single(&spec);
        let robber = map
            .desert()
            .or_else(|| map.land_hexes().next())
            .ok_or("the board has no land")?;
        let supply = Supply::for_seats(seats);
        let mut deck = supply.deck.cards();
        rng.shuffle(&mut deck);
        Ok(Opening {
            spec,
            map,
            robber,
            supply,
            deck,
        })
    }
}
