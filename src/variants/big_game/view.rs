//! What one seat may see of a Big Game. Hidden information is filtered here only: a seat
//! sees its own hand and development cards, and of the others only counts. Pieces are sent
//! for the boards the seat plays on (its own and both neighbours), so the view stays small in
//! a ring of many boards; a spectator (the hall display) gets every board. In a hall (more
//! than [`super::HALL_BOARDS`] boards) a seat's view holds only its neighbourhood: the players,
//! banks, decks and robbers of the boards it reaches, and the top of the standings with its own
//! place as the round started; building it costs the same however big the hall.

use super::{BigGame, Group, Phase, SetupStep};
use crate::engine::{Millis, Seat};
use crate::rules::pieces::{Building, Route};
use crate::rules::resources::ResourceSet;
use crate::rules::trade::Offer;
pub use crate::rules::view::OwnCard;
use crate::topology::{CornerId, EdgeId, HexId};
use serde::{Deserialize, Serialize};

/// Public facts about one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerPublic {
    pub seat: Seat,
    /// 1-based board number.
    pub board: usize,
    pub group: Group,
    /// Victory points everyone can see (hidden VP cards not included).
    pub vp: u32,
    pub cards: u32,
    pub dev_cards: u32,
    pub knights: u32,
    pub road_length: u32,
    pub longest_road: bool,
    pub largest_army: bool,
    /// Has earned the foreign-territory bonus.
    pub territory_bonus: bool,
    pub settlements_left: u8,
    pub cities_left: u8,
    pub roads_left: u8,
    pub ships_left: u8,
    pub must_discard: u32,
    /// Done for this round.
    pub ended: bool,
    /// Turns played (since the seat was last taken over).
    pub turns: u32,
}

/// What only the seat itself sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivateView {
    pub hand: ResourceSet,
    pub dev_cards: Vec<OwnCard>,
    pub vp_total: u32,
    pub bank_rates: [u32; 5],
    /// `collect`, `city` or `done` during setup.
    pub setup: String,
    /// Seats this seat may trade with now.
    pub partners: Vec<Seat>,
    /// 1-based boards this seat builds on.
    pub reach: Vec<usize>,
    pub free_routes: u8,
    pub moved_ship: bool,
    /// Place in the standings (1 = first), counting everyone's public points.
    pub rank: usize,
}

/// One seat's view of a Big Game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BigView {
    pub seat: Option<Seat>,
    /// `setup`, `round` or `over`.
    pub phase: String,
    pub round: u32,
    /// The group playing this round.
    pub group: Option<Group>,
    /// Whether the viewer's group plays now.
    pub active: bool,
    pub deadline: Option<Millis>,
    pub last_roll: Option<(u8, u8)>,
    pub robber_roll: Option<(u8, u8)>,
    pub boards: usize,
    /// Every robber (public), by territory.
    pub robbers: Vec<HexId>,
    /// Pieces on the boards the viewer reaches (a spectator: all).
    pub buildings: Vec<(CornerId, Building)>,
    pub routes: Vec<(EdgeId, Route)>,
    /// `buildings` and `routes` are left out (empty): the pieces are those of the last view
    /// this recipient was sent, which it keeps ([`BigView::keep_pieces`]). A hall's round
    /// start moves no piece, and a thousand seats need not be sent theirs again.
    pub pieces_kept: bool,
    /// Players by seat number: everyone, or in a hall those near the viewer and those at the
    /// top of the standings (look one up with [`BigView::player`]).
    pub players: Vec<PlayerPublic>,
    pub you: Option<PrivateView>,
    /// Board (0-based) and its bank, the cards face up: every board, or in a hall the boards
    /// the viewer reaches.
    pub banks: Vec<(usize, ResourceSet)>,
    /// Board (0-based) and the cards left in its development deck, as `banks`.
    pub decks: Vec<(usize, u32)>,
    /// Offers the viewer made or may answer (a spectator sees all).
    pub offers: Vec<Offer>,
    pub winners: Vec<Seat>,
    pub vp_target: Option<u32>,
    pub max_rounds: Option<u32>,
    /// Every seat by public points, best first; in a hall the top places as the round started.
    pub standings: Vec<(Seat, u32)>,
}

/// Public facts about one seat.
fn public(g: &BigGame, s: Seat) -> PlayerPublic {
    let stock = g.table.pieces.stock(s);
    let t = &g.turn[s as usize];
    PlayerPublic {
        seat: s,
        board: BigGame::board_of(s) + 1,
        group: Group::of(s),
        vp: g.public_vp(s),
        cards: g.table.hands[s as usize].total(),
        dev_cards: g.table.dev[s as usize].cards.len() as u32,
        knights: g.table.dev[s as usize].knights_played,
        road_length: g.table.road_len[s as usize],
        longest_road: g.table.longest == Some(s),
        largest_army: g.table.largest == Some(s),
        territory_bonus: g.bonus[s as usize].is_some(),
        settlements_left: stock.settlements,
        cities_left: stock.cities,
        roads_left: stock.roads,
        ships_left: stock.ships,
        must_discard: t.must_discard,
        ended: t.ended,
        turns: g.turns[s as usize],
    }
}

impl BigView {
    /// One player's public facts, if the view carries them.
    pub fn player(&self, seat: Seat) -> Option<&PlayerPublic> {
        self.players
            .binary_search_by_key(&seat, |p| p.seat)
            .ok()
            .map(|i| &self.players[i])
    }

    /// A board's bank (0-based board), if the view carries it.
    pub fn bank(&self, board: usize) -> Option<&ResourceSet> {
        self.banks.iter().find(|(b, _)| *b == board).map(|(_, r)| r)
    }
}

impl BigView {
    pub fn of(g: &BigGame, seat: Option<Seat>) -> BigView {
        BigView::of_parts(g, seat, true)
    }

    /// The view, with its pieces only when `pieces` (else empty).
    fn of_parts(g: &BigGame, seat: Option<Seat>, pieces: bool) -> BigView {
        let seat = seat.filter(|s| (*s as usize) < g.cfg.seats());
        // A seat in a hall sees its neighbourhood; everyone else sees every board.
        let hall_seat = seat.filter(|_| g.is_hall());
        let boards: Vec<usize> = match hall_seat {
            Some(s) => g.reach(s),
            None => (0..g.boards()).collect(),
        };
        let (players, standings, rank): (Vec<PlayerPublic>, Vec<(Seat, u32)>, Option<u32>) =
            match hall_seat {
                Some(s) => {
                    let mut seats: Vec<Seat> = g.near_seats(s);
                    seats.extend(g.snapshot.top.iter().map(|(t, _)| *t));
                    seats.sort_unstable();
                    seats.dedup();
                    (
                        seats.into_iter().map(|t| public(g, t)).collect(),
                        g.snapshot.top.clone(),
                        g.snapshot.ranks.get(s as usize).copied(),
                    )
                }
                None => {
                    let players: Vec<PlayerPublic> =
                        (0..g.cfg.seats() as Seat).map(|t| public(g, t)).collect();
                    let mut standings: Vec<(Seat, u32)> =
                        players.iter().map(|p| (p.seat, p.vp)).collect();
                    standings.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                    (players, standings, None)
                }
            };
        let visible = |b: Option<usize>| match seat {
            None => true,
            Some(s) => b.is_some_and(|b| g.in_reach(s, b)),
        };
        let (buildings, routes) = match hall_seat {
            _ if !pieces => (Vec::new(), Vec::new()),
            Some(s) => pieces_near(g, s),
            None => (
                g.table
                    .pieces
                    .all_buildings()
                    .filter(|(c, _)| visible(g.table.map.board_of_corner(*c)))
                    .collect(),
                g.table
                    .pieces
                    .all_routes()
                    .filter(|(e, _)| edge_seen(g, *e, visible))
                    .collect(),
            ),
        };
        let you = seat.map(|s| {
            let mine = g.public_vp(s);
            PrivateView {
                hand: g.table.hands[s as usize],
                dev_cards: OwnCard::hand(&g.table.dev[s as usize], g.round),
                vp_total: g.total_vp(s),
                bank_rates: crate::rules::trade::maritime_rates(&g.table.map, &g.table.pieces, s),
                setup: match g.setup[s as usize] {
                    SetupStep::Collect => "collect",
                    SetupStep::City => "city",
                    SetupStep::Done => "done",
                }
                .into(),
                partners: g.partners(s),
                reach: g.reach(s).into_iter().map(|b| b + 1).collect(),
                free_routes: g.turn[s as usize].free_routes,
                moved_ship: g.turn[s as usize].moved_ship,
                rank: rank.map_or_else(
                    || 1 + standings.iter().filter(|(_, vp)| *vp > mine).count(),
                    |r| r as usize,
                ),
            }
        });
        let offers = g
            .table
            .offers
            .iter()
            .filter(|o| match seat {
                None => true,
                Some(s) => o.from == s || g.addressees(o).contains(&s),
            })
            .cloned()
            .collect();
        let (phase, winners) = match &g.phase {
            Phase::Setup => ("setup", Vec::new()),
            Phase::Round { .. } => ("round", Vec::new()),
            Phase::Over { winners, .. } => ("over", winners.clone()),
        };
        BigView {
            seat,
            phase: phase.into(),
            round: g.round,
            group: g.active_group(),
            active: seat.is_some_and(|s| g.is_active(s)),
            deadline: crate::ruleset::Ruleset::deadline(g),
            last_roll: g.last_roll,
            robber_roll: g.robber_roll,
            boards: g.boards(),
            robbers: boards
                .iter()
                .flat_map(|b| [g.table.robber[2 * b], g.table.robber[2 * b + 1]])
                .collect(),
            buildings,
            routes,
            pieces_kept: false,
            players,
            you,
            banks: boards.iter().map(|b| (*b, g.table.bank[*b])).collect(),
            decks: boards
                .iter()
                .map(|b| (*b, g.table.deck[*b].len() as u32))
                .collect(),
            offers,
            winners,
            vp_target: g.cfg.vp_target,
            max_rounds: g.cfg.max_rounds,
            standings,
        }
    }
}

/// The seats whose pieces may stand on the boards `seat` reaches: those at most two boards
/// away (a route or a settlement reaches one board over).
fn piece_owners(g: &BigGame, seat: Seat) -> impl Iterator<Item = Seat> {
    let k = g.boards();
    let b = BigGame::board_of(seat);
    let mut boards: Vec<usize> = (0..5).map(|d| (b + k + d - 2) % k).collect();
    boards.sort_unstable();
    boards.dedup();
    boards
        .into_iter()
        .flat_map(|ob| [2 * ob as Seat, 2 * ob as Seat + 1])
}

/// Whether a route on edge `e` is seen: one of its hexes lies on a board `visible` says is.
fn edge_seen(g: &BigGame, e: EdgeId, visible: impl Fn(Option<usize>) -> bool) -> bool {
    g.table
        .map
        .topology
        .edge_hexes(e)
        .iter()
        .flatten()
        .any(|h| visible(Some(g.table.map.board_of_hex(*h))))
}

/// Buildings by corner and routes by edge, as a view lists them.
type PieceLists = (Vec<(CornerId, Building)>, Vec<(EdgeId, Route)>);

/// The pieces on the boards a hall seat reaches, by corner and by edge.
fn pieces_near(g: &BigGame, seat: Seat) -> PieceLists {
    let visible = |b: Option<usize>| b.is_some_and(|b| g.in_reach(seat, b));
    let mut buildings: Vec<(CornerId, Building)> = Vec::new();
    let mut routes: Vec<(EdgeId, Route)> = Vec::new();
    for o in piece_owners(g, seat) {
        buildings.extend(g.table.pieces.buildings_of(o).iter().filter_map(|c| {
            g.table
                .pieces
                .building(*c)
                .filter(|_| visible(g.table.map.board_of_corner(*c)))
                .map(|x| (*c, x))
        }));
        routes.extend(g.table.pieces.routes_of(o).iter().filter_map(|e| {
            g.table
                .pieces
                .route(*e)
                .filter(|_| edge_seen(g, *e, visible))
                .map(|x| (*e, x))
        }));
    }
    buildings.sort_unstable_by_key(|(c, _)| *c);
    routes.sort_unstable_by_key(|(e, _)| *e);
    (buildings, routes)
}

/// A fingerprint of every piece [`pieces_near`] may list for a hall seat (each owner's
/// buildings and routes, in order, with their kinds): it changes whenever one of them is
/// built, upgraded, moved or changes hands. Hashing the owners' short lists costs a fraction
/// of building the pieces' part of the view.
pub(super) fn pieces_mark(g: &BigGame, seat: Seat) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut h = foldhash::fast::FixedState::with_seed(0x9e37_79b9).build_hasher();
    for o in piece_owners(g, seat) {
        o.hash(&mut h);
        for c in g.table.pieces.buildings_of(o) {
            (c.index(), g.table.pieces.building(*c)).hash(&mut h);
        }
        for e in g.table.pieces.routes_of(o) {
            (e.index(), g.table.pieces.route(*e)).hash(&mut h);
        }
    }
    h.finish()
}

impl BigView {
    /// A hall seat's view with its pieces left out ([`BigView::pieces_kept`]).
    pub fn without_pieces(g: &BigGame, seat: Seat) -> BigView {
        let mut v = BigView::of_parts(g, Some(seat), false);
        v.pieces_kept = true;
        v
    }

    /// Takes the pieces from the recipient's previous view when this one kept them.
    pub fn keep_pieces(&mut self, earlier: &BigView) {
        if self.pieces_kept {
            self.buildings.clone_from(&earlier.buildings);
            self.routes.clone_from(&earlier.routes);
            self.pieces_kept = earlier.pieces_kept;
        }
    }
}
