//! The table of a single-board Catan game ([`CatanTable`]: board, bank, deck, hands, pieces,
//! robber, offers, awards) and how it opens: the board (the host's, or a random fair one),
//! its map, where the robber starts, and the box's bank and shuffled development deck. The
//! one-board rulesets (and those built on base) keep the same table and open it the same
//! way, with the same draws from the game's random numbers, so it is written once; and so is
//! the snake setup's settlement, whose second round pays the starting resources.

use crate::board::generate::random_for_seats;
use crate::board::{BoardSpec, Map, SharedMap};
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::devcards::{DevCard, DevHand};
use crate::rules::events::TableEvent;
use crate::rules::pieces::{Pieces, Stock};
use crate::rules::resources::ResourceSet;
use crate::rules::supply::Supply;
use crate::rules::trade::Offer;
use crate::rules::view::{PlayerPublic, PrivateView};
use crate::topology::{CornerId, HexId};
use serde::Serialize;
use std::sync::Arc;

/// The place in the placement order of the snake setup's `step` for `seats` seats: forward
/// through the order in the first round, back through it in the second, so the last to place
/// places twice in a row. The rulesets differ only in the order itself (from the
/// first player round the table, or drawn at random).
pub fn snake(step: u8, seats: usize) -> usize {
    let n = seats as u8;
    (if step < n { step } else { 2 * n - 1 - step }) as usize
}

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

/// The table a Catan game plays at: the board, the bank and the development deck of its
/// box, every seat's cards and pieces, the robber, the offer book and the two awards. The
/// one-board rulesets (and those built on base) embed a one-board table (the defaults:
/// one bank, one deck, one robber, one board's spec); a ring of boards embeds a [`RingTable`],
/// whose board-level parts are one per board (banks, decks, board specs) or one per starting
/// territory (robbers). So the economy's state, and what the views, the audit and the points
/// read of it, are written once; what differs between them (turns or phases, timers,
/// tallies) stays in the ruleset.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CatanTable<Bank = ResourceSet, Deck = Vec<DevCard>, Robber = HexId, Spec = BoardSpec> {
    #[serde(skip)]
    pub map: SharedMap,
    /// The board as a file would give it (clients rebuild the map from it); a ring's boards
    /// in ring order.
    #[serde(skip)]
    pub spec: Arc<Spec>,
    /// The bank; a ring's, one per board (shared by its two seats).
    pub bank: Bank,
    pub hands: Vec<ResourceSet>,
    pub dev: Vec<DevHand>,
    /// Shuffled; cards are drawn from the end. A ring's, one per board.
    pub deck: Deck,
    pub pieces: Pieces,
    /// The robber's hex; a ring's, one per starting territory (indexed like seats).
    pub robber: Robber,
    pub offers: Vec<Offer>,
    pub next_offer: u32,
    /// Who holds the Longest Road.
    pub longest: Option<Seat>,
    /// Who holds the Largest Army.
    pub largest: Option<Seat>,
    /// Each seat's longest road, kept as pieces are placed.
    pub road_len: Vec<u32>,
}

/// A ring of boards' table: a bank and a deck per board, a robber per starting territory and
/// the boards' specs in ring order.
pub type RingTable = CatanTable<Vec<ResourceSet>, Vec<Vec<DevCard>>, Vec<HexId>, Vec<BoardSpec>>;

impl<Bank, Deck, Robber, Spec> CatanTable<Bank, Deck, Robber, Spec> {
    /// A table on `map` for `seats` seats with `stock` pieces each and the board-level parts
    /// given: empty hands, no offers, no awards, no roads counted.
    pub fn open(
        map: Map,
        spec: Spec,
        seats: usize,
        stock: Stock,
        (bank, deck, robber): (Bank, Deck, Robber),
    ) -> Self {
        CatanTable {
            pieces: Pieces::new(&map, seats, stock),
            map: SharedMap(Arc::new(map)),
            spec: Arc::new(spec),
            bank,
            hands: vec![ResourceSet::EMPTY; seats],
            dev: vec![DevHand::default(); seats],
            deck,
            robber,
            offers: Vec::new(),
            next_offer: 1,
            longest: None,
            largest: None,
            road_len: vec![0; seats],
        }
    }

    /// Victory points everyone can see: buildings and the two awards.
    pub fn public_vp(&self, seat: Seat) -> u32 {
        self.pieces.building_vp(seat)
            + if self.longest == Some(seat) { 2 } else { 0 }
            + if self.largest == Some(seat) { 2 } else { 0 }
    }

    /// All victory points, hidden cards included.
    pub fn total_vp(&self, seat: Seat) -> u32 {
        self.public_vp(seat) + self.dev[seat as usize].vp_cards()
    }

    /// What everyone sees of `seat` (its points as `vp`, which a finished game shows whole).
    pub fn public_of(&self, seat: Seat, vp: u32) -> PlayerPublic {
        let s = seat as usize;
        PlayerPublic::of(
            seat,
            vp,
            &self.hands[s],
            &self.dev[s],
            self.road_len[s],
            (self.longest, self.largest),
            self.pieces.stock(seat),
        )
    }

    /// What `seat` alone sees, its development cards as playable in `turn`.
    pub fn private_of(&self, seat: Seat, turn: u32) -> PrivateView {
        let s = seat as usize;
        PrivateView::of(
            seat,
            self.hands[s],
            &self.dev[s],
            turn,
            self.total_vp(seat),
            &self.map,
            &self.pieces,
        )
    }
}

impl CatanTable {
    /// The table of a game that opens with `opening`, for `seats` seats with the base stock
    /// of pieces: empty hands, a full bank, no offers, no awards.
    pub fn new(opening: Opening, seats: usize) -> CatanTable {
        let Opening {
            spec,
            map,
            robber,
            supply,
            deck,
        } = opening;
        CatanTable::open(map, spec, seats, Stock::BASE, (supply.bank(), deck, robber))
    }

    /// Places `seat`'s setup settlement on `c`, a spot already checked, at `step` of the snake
    /// (one step a seat each way). In the second round the seat takes one card of each
    /// resource the hexes around it produce, while the bank has one left (the rule text: "each
    /// player receives his starting resources").
    pub fn settle_setup<E: From<TableEvent>>(
        &mut self,
        seat: Seat,
        c: CornerId,
        step: u8,
        ev: &mut Vec<E>,
    ) {
        self.pieces.place_settlement(seat, c);
        ev.push(TableEvent::Settled { seat, at: c }.into());
        if (step as usize) < self.hands.len() {
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

/// The read-only accessors of a game that embeds a table in a field named `table` (a
/// [`CatanTable`] on one board, a [`RingTable`] in a ring of boards: the type is the
/// argument), written once: the map, the seats, hands, pieces, development cards, offers and
/// the awards. A one-board game adds [`one_board_getters!`].
macro_rules! table_getters {
    ($table:ident) => {
        pub fn map(&self) -> &$crate::board::Map {
            &self.table.map
        }
        pub fn shared_map(&self) -> std::sync::Arc<$crate::board::Map> {
            self.table.map.0.clone()
        }
        pub fn table(&self) -> &$crate::rules::table::$table {
            &self.table
        }
        /// Seats at the table.
        pub fn seats(&self) -> usize {
            self.table.hands.len()
        }
        pub fn hand(&self, seat: $crate::engine::Seat) -> &$crate::rules::resources::ResourceSet {
            &self.table.hands[seat as usize]
        }
        pub fn pieces(&self) -> &$crate::rules::pieces::Pieces {
            &self.table.pieces
        }
        pub fn dev_hand(&self, seat: $crate::engine::Seat) -> &$crate::rules::devcards::DevHand {
            &self.table.dev[seat as usize]
        }
        pub fn offers(&self) -> &[$crate::rules::trade::Offer] {
            &self.table.offers
        }
        pub fn longest_road(&self) -> Option<$crate::engine::Seat> {
            self.table.longest
        }
        pub fn largest_army(&self) -> Option<$crate::engine::Seat> {
            self.table.largest
        }
        pub fn road_length(&self, seat: $crate::engine::Seat) -> u32 {
            self.table.road_len[seat as usize]
        }
    };
}
pub(crate) use table_getters;

/// The accessors a one-board game (a [`CatanTable`] in `table`) adds to [`table_getters!`]:
/// its board, bank, robber, deck, points and supply.
macro_rules! one_board_getters {
    () => {
        $crate::rules::table::table_getters!(CatanTable);
        pub fn board_spec(&self) -> &$crate::board::BoardSpec {
            &self.table.spec
        }
        pub fn bank(&self) -> &$crate::rules::resources::ResourceSet {
            &self.table.bank
        }
        pub fn robber(&self) -> $crate::topology::HexId {
            self.table.robber
        }
        pub fn deck_len(&self) -> usize {
            self.table.deck.len()
        }
        /// Victory points everyone can see: buildings and the two awards.
        pub fn public_vp(&self, seat: $crate::engine::Seat) -> u32 {
            self.table.public_vp(seat)
        }
        /// All victory points, hidden cards included.
        pub fn total_vp(&self, seat: $crate::engine::Seat) -> u32 {
            self.table.total_vp(seat)
        }
        /// The bank and deck this game started with.
        pub fn supply(&self) -> $crate::rules::supply::Supply {
            $crate::rules::supply::Supply::for_seats(self.table.hands.len())
        }
    };
}
pub(crate) use one_board_getters;
