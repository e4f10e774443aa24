//! How a single-board Catan game opens: the board (the host's, or a random fair one), its
//! map, where the robber starts, and the box's bank and shuffled development deck. Base and
//! Total Chaos (and Risk of Catan through base) open the same way, with the same draws from
//! the game's random numbers, so the opening is written once; and so is the snake setup's
//! settlement, whose second round pays the starting resources.

use crate::board::generate::random_for_seats;
use crate::board::{BoardSpec, Map};
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::devcards::DevCard;
use crate::rules::events::TableEvent;
use crate::rules::pieces::Pieces;
use crate::rules::resources::ResourceSet;
use crate::rules::supply::Supply;
use crate::topology::{CornerId, HexId};

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

/// What a setup settlement changes: the pieces, and in the second round the bank and the
/// placing seat's hand. Base and Total Chaos (and Risk through base) place theirs with it.
pub struct SetupTable<'a> {
    pub map: &'a Map,
    pub pieces: &'a mut Pieces,
    pub bank: &'a mut ResourceSet,
    pub hands: &'a mut [ResourceSet],
}

impl<'a> SetupTable<'a> {
    /// The table of a game whose fields these are.
    pub fn new(
        map: &'a Map,
        pieces: &'a mut Pieces,
        bank: &'a mut ResourceSet,
        hands: &'a mut [ResourceSet],
    ) -> SetupTable<'a> {
        SetupTable {
            map,
            pieces,
            bank,
            hands,
        }
    }

    /// Places `seat`'s setup settlement on `c`, a spot already checked. In the second round
    /// (`second`) the seat takes one card of each resource the hexes around it produce, while
    /// the bank has one left (the rule text: "each player receives his starting resources").
    pub fn settle<E: From<TableEvent>>(
        self,
        seat: Seat,
        c: CornerId,
        second: bool,
        ev: &mut Vec<E>,
    ) {
        self.pieces.place_settlement(seat, c);
        ev.push(TableEvent::Settled { seat, at: c }.into());
        if !second {
            return;
        }
        let mut got = ResourceSet::EMPTY;
        for h in self.map.topology.corner_hexes(c).iter().flatten() {
            if let Some(r) = self.map.tile(*h).terrain().and_then(|t| t.resource())
                && self.bank[r] > got[r]
            {
                got[r] += 1;
            }
        }
        self.bank.sub(&got);
        self.hands[seat as usize].add(&got);
        ev.push(TableEvent::StartingResources { seat, got }.into());
    }
}
