//! A base game as one seat may know it, in the engine protocol's JSON (`catan bot`,
//! docs/bot-protocol.md): written from a game ([`Position::of`]), and turned back into a game
//! the bots can think on ([`Position::to_game`]).
//!
//! A position holds what the seat sees and nothing more: the board, the pieces, its own cards,
//! of the others only counts (cards, development cards, knights and progress cards played),
//! the awards, the bank and the deck's size, the phase and what was done this turn. Places are
//! written in the board files' coordinates (docs/boards.md: a hex `2,1`, a corner `2,1 nw`, an
//! edge `2,1 n`), so a program that knows nothing of our hex names can write one; seats are
//! numbered from 1, as in the command language.
//! What the seat cannot see is dealt afresh when the game is rebuilt, the way the search bot
//! deals it ([`BaseGame::redeterminize`]), so the game a bot thinks on depends on nothing the
//! seat could not know.

use super::{BaseConfig, BaseGame, Phase, Resume};
use crate::board::Map;
use crate::board::spec::{
    BoardSpec, fmt_corner, fmt_edge, fmt_pos, parse_corner, parse_edge, parse_pos,
};
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::devcards::{DevCard, HeldCard};
use crate::rules::pieces::{BuildingKind, RouteKind};
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::supply::Supply;
use crate::rules::table::snake;
use crate::topology::{CornerId, EdgeId, HexId};
use serde::{Deserialize, Serialize};

/// The schema version this build reads and writes.
pub const VERSION: u32 = 1;

/// One seat's knowledge of a base game (docs/bot-protocol.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub version: u32,
    pub board: BoardPart,
    /// Victory points that win.
    #[serde(default = "ten")]
    pub vp_target: u32,
    /// The seat this position is for (from 1).
    pub seat: u8,
    /// Whose turn it is (from 1); in setup, the seat placing.
    pub current: u8,
    /// 0 during setup, then 1, 2, ... one per turn.
    pub turn: u32,
    pub phase: PositionPhase,
    /// A development card was played this turn already.
    #[serde(default)]
    pub dev_played: bool,
    /// Something was built or bought this turn.
    #[serde(default)]
    pub built: bool,
    /// The robber's hex (`2,2`).
    pub robber: String,
    pub buildings: Vec<PlacedBuilding>,
    pub roads: Vec<PlacedRoad>,
    /// What everyone sees of each seat, in seat order.
    pub players: Vec<SeenPlayer>,
    /// The seat's own resource cards.
    pub hand: Cards,
    /// The seat's own development cards.
    pub dev_cards: Vec<OwnDev>,
    pub longest_road: Option<u8>,
    pub largest_army: Option<u8>,
    pub bank: Cards,
    /// Development cards left in the deck.
    pub deck: u32,
}

fn ten() -> u32 {
    10
}

/// The board as a board file's `tiles` and `harbors` lists (`"2,1 F4"`, `"0,1 nw 3:1"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardPart {
    pub tiles: Vec<String>,
    pub harbors: Vec<String>,
}

impl BoardPart {
    /// A board's land and harbours in the board file's words.
    pub fn of(spec: &BoardSpec) -> BoardPart {
        BoardPart {
            tiles: spec
                .land()
                .map(|(h, t)| format!("{} {}", fmt_pos(h), t.label()))
                .collect(),
            harbors: spec
                .harbors
                .iter()
                .map(|hb| format!("{} {} {}", fmt_pos(hb.land), hb.side.name(), hb.kind))
                .collect(),
        }
    }

    /// The board these lists describe, checked as a board file is.
    pub fn spec(&self) -> Result<BoardSpec, String> {
        let list = |v: &[String]| {
            v.iter()
                .map(|s| toml::Value::String(s.clone()).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let text = format!(
            "name = \"position\"\nkind = \"base\"\ntiles = [{}]\nharbors = [{}]\n",
            list(&self.tiles),
            list(&self.harbors)
        );
        BoardSpec::parse("position", &text).map_err(|e| e.to_string())
    }
}

/// A hex in the board file's coordinates (`2,1`).
pub fn hex_words(map: &Map, h: HexId) -> String {
    fmt_pos(map.topology.hex(h))
}
/// A corner in the board file's coordinates (`2,1 nw`).
pub fn corner_words(map: &Map, c: CornerId) -> String {
    fmt_corner(map.topology.corner(c))
}
/// An edge in the board file's coordinates (`2,1 n`).
pub fn edge_words(map: &Map, e: EdgeId) -> String {
    fmt_edge(map.topology.edge(e))
}

fn hex_at(map: &Map, s: &str) -> Result<HexId, String> {
    parse_pos(s)
        .and_then(|h| map.topology.hex_id(h))
        .ok_or_else(|| format!("`{s}` is not a hex of this board (write `col,row`)"))
}
fn corner_at(map: &Map, s: &str) -> Result<CornerId, String> {
    parse_corner(s)
        .and_then(|c| map.topology.corner_id(c))
        .ok_or_else(|| format!("`{s}` is not a corner of this board (write `col,row nw`)"))
}
fn edge_at(map: &Map, s: &str) -> Result<EdgeId, String> {
    parse_edge(s)
        .and_then(|e| map.topology.edge_id(e))
        .ok_or_else(|| format!("`{s}` is not an edge of this board (write `col,row n`)"))
}

/// What the game waits for, as the seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PositionPhase {
    /// Setup: the placing seat puts down a settlement.
    SetupSettlement,
    /// Setup: the road touching the settlement just placed at `settlement`.
    SetupRoad { settlement: String },
    /// The current seat rolls (or plays a card first).
    Roll,
    /// After a 7: the seat returns `count` cards.
    Discard { count: u32 },
    /// The current seat moves the robber; `before_roll` when a knight played before rolling.
    Robber {
        #[serde(default)]
        before_roll: bool,
    },
    /// Trade, build, play cards, end the turn.
    Main,
    /// Road Building: `left` free roads to place.
    RoadBuilding {
        left: u8,
        #[serde(default)]
        before_roll: bool,
    },
    /// The 5–6 player extension: `builder` may build and buy.
    SpecialBuild { builder: u8 },
}

/// A settlement or city on a corner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedBuilding {
    pub at: String,
    pub seat: u8,
    #[serde(default)]
    pub city: bool,
}

/// A road on an edge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedRoad {
    pub at: String,
    pub seat: u8,
}

/// The public facts of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeenPlayer {
    /// Resource cards in hand.
    pub cards: u32,
    /// Development cards in hand (played ones not counted).
    pub dev_cards: u32,
    pub knights: u32,
    /// Progress cards played (Road Building, Year of Plenty, Monopoly), which leave the
    /// unseen cards; 0 when the caller does not know.
    #[serde(default)]
    pub progress_played: Vec<String>,
}

/// A count of each resource, by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cards {
    #[serde(default)]
    pub lumber: u32,
    #[serde(default)]
    pub brick: u32,
    #[serde(default)]
    pub wool: u32,
    #[serde(default)]
    pub grain: u32,
    #[serde(default)]
    pub ore: u32,
}

impl From<ResourceSet> for Cards {
    fn from(r: ResourceSet) -> Cards {
        let [lumber, brick, wool, grain, ore] = r.0;
        Cards {
            lumber,
            brick,
            wool,
            grain,
            ore,
        }
    }
}

impl From<Cards> for ResourceSet {
    fn from(c: Cards) -> ResourceSet {
        ResourceSet([c.lumber, c.brick, c.wool, c.grain, c.ore])
    }
}

/// One of the seat's own development cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnDev {
    /// `knight`, `vp`, `roads`, `plenty` or `monopoly` (the command language's words).
    pub card: String,
    /// Bought before this turn (a victory point card is never played).
    pub playable: bool,
}

/// The seat number a position writes (from 1).
fn num(s: Seat) -> u8 {
    (s + 1) as u8
}

impl Position {
    /// What `seat` knows of `g`, with `progress` the progress cards each seat has played
    /// (public knowledge the game itself does not keep).
    pub fn of(g: &BaseGame, seat: Seat, progress: &[Vec<DevCard>]) -> Position {
        let map = &g.table.map;
        let phase = match &g.phase {
            Phase::Setup { settlement, .. } => match settlement {
                None => PositionPhase::SetupSettlement,
                Some(c) => PositionPhase::SetupRoad {
                    settlement: corner_words(map, *c),
                },
            },
            Phase::Roll => PositionPhase::Roll,
            Phase::Discard { owed } => PositionPhase::Discard {
                count: owed.iter().find(|(s, _)| *s == seat).map_or(0, |(_, n)| *n),
            },
            Phase::Robber { resume } => PositionPhase::Robber {
                before_roll: *resume == Resume::Roll,
            },
            Phase::Main | Phase::Over { .. } => PositionPhase::Main,
            Phase::RoadBuilding { left, resume } => PositionPhase::RoadBuilding {
                left: *left,
                before_roll: *resume == Resume::Roll,
            },
            Phase::SpecialBuild { builder } => PositionPhase::SpecialBuild {
                builder: num(*builder),
            },
        };
        let current = match &g.phase {
            Phase::Setup { step, .. } => g.setup_seat(*step),
            _ => g.current,
        };
        let own = &g.table.dev[seat as usize];
        Position {
            version: VERSION,
            board: BoardPart::of(&g.table.spec),
            vp_target: g.cfg.vp_target,
            seat: num(seat),
            current: num(current),
            turn: g.turn,
            phase,
            dev_played: g.dev_played,
            built: g.built,
            robber: hex_words(map, g.table.robber),
            buildings: g
                .table
                .pieces
                .all_buildings()
                .map(|(c, b)| PlacedBuilding {
                    at: corner_words(map, c),
                    seat: num(b.owner),
                    city: b.kind == BuildingKind::City,
                })
                .collect(),
            roads: g
                .table
                .pieces
                .all_routes()
                .map(|(e, r)| PlacedRoad {
                    at: edge_words(map, e),
                    seat: num(r.owner),
                })
                .collect(),
            players: (0..g.cfg.seats)
                .map(|s| SeenPlayer {
                    cards: g.table.hands[s].total(),
                    dev_cards: g.table.dev[s].cards.len() as u32,
                    knights: g.table.dev[s].knights_played,
                    progress_played: progress
                        .get(s)
                        .map(|p| p.iter().map(|c| c.word().to_string()).collect())
                        .unwrap_or_default(),
                })
                .collect(),
            hand: g.table.hands[seat as usize].into(),
            dev_cards: own
                .cards
                .iter()
                .map(|h| OwnDev {
                    card: h.card.word().to_string(),
                    playable: h.card != DevCard::VictoryPoint && h.bought_turn < g.turn,
                })
                .collect(),
            longest_road: g.table.longest.map(num),
            largest_army: g.table.largest.map(num),
            bank: g.table.bank.into(),
            deck: g.table.deck.len() as u32,
        }
    }

    /// A game that looks to this position's seat exactly as the position says, with what the
    /// seat cannot see (the others' cards, the deck's order, the dice) dealt from `seed`.
    /// Also returns the seat. Refuses a position that no game could show.
    pub fn to_game(&self, seed: u64) -> Result<(BaseGame, Seat), String> {
        if self.version != VERSION {
            return Err(format!(
                "position version {} (this build reads version {VERSION})",
                self.version
            ));
        }
        let n = self.players.len();
        let spec = self.board.spec()?;
        let seat_of = |s: u8, what: &str| -> Result<Seat, String> {
            if s == 0 || s as usize > n {
                Err(format!("{what}: no seat {s} among {n}"))
            } else {
                Ok(Seat::from(s) - 1)
            }
        };
        let me = seat_of(self.seat, "seat")?;
        let current = seat_of(self.current, "current")?;
        let mut cfg = BaseConfig::new(n, seed);
        cfg.board = Some(spec);
        cfg.vp_target = self.vp_target;
        let mut g = BaseGame::new(cfg)?;
        let map = g.table.map.clone();
        g.table.robber = hex_at(&map, &self.robber)?;
        // Pieces: settlements first, then cities on them, so the stock comes out right.
        for b in &self.buildings {
            let c = corner_at(&map, &b.at)?;
            let owner = seat_of(b.seat, &b.at)?;
            if g.table.pieces.building(c).is_some() {
                return Err(format!("two buildings at {}", b.at));
            }
            g.table.pieces.place_settlement(owner, c);
            if b.city {
                g.table.pieces.place_city(owner, c);
            }
        }
        for r in &self.roads {
            let e = edge_at(&map, &r.at)?;
            if g.table.pieces.route(e).is_some() {
                return Err(format!("two roads at {}", r.at));
            }
            g.table
                .pieces
                .place_route(seat_of(r.seat, &r.at)?, e, RouteKind::Road);
        }
        for s in 0..n {
            g.table.road_len[s] = g.table.pieces.longest_route(&map, s as Seat);
        }
        g.table.longest = self
            .longest_road
            .map(|s| seat_of(s, "longest_road"))
            .transpose()?;
        g.table.largest = self
            .largest_army
            .map(|s| seat_of(s, "largest_army"))
            .transpose()?;
        // Resources: the bank and the seat's hand as given; the others' from what is left.
        let supply = Supply::for_seats(n);
        g.table.bank = self.bank.into();
        let hand: ResourceSet = self.hand.into();
        let mut unseen = supply.bank();
        for r in Resource::ALL {
            let held = g.table.bank[r] + hand[r];
            if held > unseen[r] {
                return Err(format!("more {r} in the bank and hand than the game has"));
            }
            unseen[r] -= held;
        }
        let others: u32 = (0..n)
            .filter(|s| *s != me as usize)
            .map(|s| self.players[s].cards)
            .sum();
        if others != unseen.total() {
            return Err(format!(
                "the others hold {others} cards, but {} are neither in the bank nor in hand",
                unseen.total()
            ));
        }
        if self.players[me as usize].cards != hand.total() {
            return Err("the seat's card count differs from its hand".into());
        }
        for (s, p) in self.players.iter().enumerate() {
            let cards = if s == me as usize {
                hand
            } else {
                let mut got = ResourceSet::EMPTY;
                for _ in 0..p.cards {
                    let r = unseen.nth_card(0).expect("counted above");
                    unseen[r] -= 1;
                    got[r] += 1;
                }
                got
            };
            g.table.hands[s] = cards;
            g.table.dev[s].knights_played = p.knights;
        }
        // Development cards: the box less what is in sight (own hand, knights and progress
        // cards played) is the deck and the others' hands together.
        let mut unseen_dev = supply.deck.cards();
        let mut take = |card: DevCard, what: &str| -> Result<(), String> {
            let i = unseen_dev
                .iter()
                .position(|c| *c == card)
                .ok_or_else(|| format!("more {card} cards {what} than the game has"))?;
            unseen_dev.remove(i);
            Ok(())
        };
        let mut own = Vec::new();
        for d in &self.dev_cards {
            let card = DevCard::parse(&d.card)
                .ok_or_else(|| format!("`{}` is not a development card", d.card))?;
            take(card, "held and played")?;
            // A playable card was bought before this turn; one that is not, in it.
            let bought_turn = if d.playable || card == DevCard::VictoryPoint {
                self.turn.saturating_sub(1)
            } else {
                self.turn
            };
            own.push(HeldCard { card, bought_turn });
        }
        for p in &self.players {
            for _ in 0..p.knights {
                take(DevCard::Knight, "held and played")?;
            }
            for w in &p.progress_played {
                let card =
                    DevCard::parse(w).ok_or_else(|| format!("`{w}` is not a development card"))?;
                take(card, "held and played")?;
            }
        }
        let wanted = self.deck as usize
            + (0..n)
                .filter(|s| *s != me as usize)
                .map(|s| self.players[s].dev_cards as usize)
                .sum::<usize>();
        if unseen_dev.len() < wanted {
            return Err(format!(
                "the deck and the others' hands hold {wanted} development cards, but only {} \
                 are unaccounted for",
                unseen_dev.len()
            ));
        }
        // Progress cards played that the caller did not list leave extra cards: drop some at
        // random (the fresh deal below shuffles what remains anyway).
        let mut rng = GameRng::new(seed);
        while unseen_dev.len() > wanted {
            let i = rng.below(unseen_dev.len());
            unseen_dev.remove(i);
        }
        for (s, p) in self.players.iter().enumerate() {
            g.table.dev[s].cards = if s == me as usize {
                own.clone()
            } else {
                (0..p.dev_cards)
                    .map(|_| HeldCard {
                        card: unseen_dev.pop().expect("counted above"),
                        bought_turn: 0,
                    })
                    .collect()
            };
        }
        g.table.deck = unseen_dev;
        // Turn bookkeeping.
        g.turn = self.turn;
        g.current = current;
        g.dev_played = self.dev_played;
        g.built = self.built;
        g.first = current;
        g.turn_deadline = None;
        let placed = self.buildings.len() as u8;
        g.phase = match &self.phase {
            PositionPhase::SetupSettlement | PositionPhase::SetupRoad { .. } => {
                let (step, settlement) = match &self.phase {
                    PositionPhase::SetupRoad { settlement } => {
                        (placed.saturating_sub(1), Some(corner_at(&map, settlement)?))
                    }
                    _ => (placed, None),
                };
                // The first seat is the one the snake order puts `step` places before.
                let back = snake(step, n);
                g.first = ((current as usize + n - back) % n) as Seat;
                Phase::Setup { step, settlement }
            }
            PositionPhase::Roll => Phase::Roll,
            PositionPhase::Discard { count } => Phase::Discard {
                owed: vec![(me, *count)],
            },
            PositionPhase::Robber { before_roll } => Phase::Robber {
                resume: if *before_roll {
                    Resume::Roll
                } else {
                    Resume::Main
                },
            },
            PositionPhase::Main => Phase::Main,
            PositionPhase::RoadBuilding { left, before_roll } => Phase::RoadBuilding {
                left: *left,
                resume: if *before_roll {
                    Resume::Roll
                } else {
                    Resume::Main
                },
            },
            PositionPhase::SpecialBuild { builder } => Phase::SpecialBuild {
                builder: seat_of(*builder, "builder")?,
            },
        };
        // What the seat cannot see, dealt afresh.
        g.redeterminize(me, &mut rng);
        Ok((g, me))
    }
}
