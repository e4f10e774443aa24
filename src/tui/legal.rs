//! The legal commands of an update sorted into what the screen needs: board targets per
//! action (every settlement corner, road edge, robber hex and victim), and the other choices
//! (rolls, cards, trades, offers). They are sorted by the typed move the host sends beside
//! each command ([`crate::proto::moves::Move`]), never by reading the text; the text is kept
//! so a choice made on screen sends exactly a command the host listed.

use super::input::Verb;
use crate::board::render::Target;
use crate::engine::Seat;
use crate::proto::moves::Move;
use crate::rules::resources::{Resource, ResourceSet};
use crate::topology::{CornerId, EdgeId, HexId};

/// An action that picks a place on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardAction {
    Settle,
    Road,
    /// Ships, on sea edges.
    Ship,
    City,
    Robber,
    /// A setup that collects: take the resources around one starting settlement.
    Collect,
    /// A setup that claims hexes: a starting unit on a hex.
    Place,
}

impl BoardAction {
    /// The command word.
    pub fn word(self) -> &'static str {
        match self {
            BoardAction::Settle => "settle",
            BoardAction::Road => "road",
            BoardAction::Ship => "ship",
            BoardAction::City => "city",
            BoardAction::Robber => "robber",
            BoardAction::Collect => "collect",
            BoardAction::Place => "place",
        }
    }

    /// What the action does, for prompts.
    pub fn what(self) -> &'static str {
        match self {
            BoardAction::Settle => "a settlement",
            BoardAction::Road => "a road",
            BoardAction::Ship => "a ship",
            BoardAction::City => "a city",
            BoardAction::Robber => "the robber",
            BoardAction::Collect => "the settlement to collect around",
            BoardAction::Place => "your free foot soldier",
        }
    }

    /// What the player is doing while the action is picked, for the board's title (short
    /// enough for the board of an 80-column screen).
    pub fn doing(self) -> &'static str {
        match self {
            BoardAction::Settle => "placing a settlement",
            BoardAction::Road => "placing a road",
            BoardAction::Ship => "placing a ship",
            BoardAction::City => "placing a city",
            BoardAction::Robber => "moving the robber",
            BoardAction::Collect => "choosing where to collect",
            BoardAction::Place => "placing a free foot soldier",
        }
    }

    /// Whether a target is the kind this action places on.
    pub fn fits(self, t: Target) -> bool {
        matches!(
            (self, t),
            (
                BoardAction::Settle | BoardAction::City | BoardAction::Collect,
                Target::Corner(_)
            ) | (BoardAction::Road | BoardAction::Ship, Target::Edge(_))
                | (BoardAction::Robber | BoardAction::Place, Target::Hex(_))
        )
    }
}

/// A move of the robber, with the seat robbed (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RobberMove {
    pub hex: HexId,
    pub steal: Option<Seat>,
    pub text: String,
}

/// A bank trade the host lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankTrade {
    pub give: ResourceSet,
    pub get: ResourceSet,
    pub text: String,
}

/// The legal commands sorted by what they do.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegalIndex {
    pub settle: Vec<(CornerId, String)>,
    pub city: Vec<(CornerId, String)>,
    pub road: Vec<(EdgeId, String)>,
    pub ship: Vec<(EdgeId, String)>,
    pub collect: Vec<(CornerId, String)>,
    pub place: Vec<(HexId, String)>,
    pub robber: Vec<RobberMove>,
    pub roll: bool,
    pub end: bool,
    pub buy_dev: bool,
    /// Some discard is owed (the list itself is every way to discard).
    pub discard: bool,
    pub knight: bool,
    pub road_building: bool,
    pub plenty: Vec<ResourceSet>,
    pub monopoly: Vec<Resource>,
    pub bank: Vec<BankTrade>,
    /// Some offer may be made (the one-for-one offers are listed).
    pub offer: bool,
    /// The seat offers go to when one must (a seat other than the current one offers only to
    /// the current player).
    pub offer_to: Option<Seat>,
    pub accept: Vec<u32>,
    pub decline: Vec<u32>,
    pub cancel: Vec<u32>,
}

impl LegalIndex {
    /// Sorts the legal commands by what they do (their typed [`Move`]); a ruleset's own
    /// commands are left to its client module (the command line offers every one).
    pub fn build<'a>(legal: impl IntoIterator<Item = (&'a Move, &'a String)>) -> LegalIndex {
        let mut ix = LegalIndex::default();
        for (m, text) in legal {
            let text = text.clone();
            match *m {
                Move::Settle(c) => ix.settle.push((c, text)),
                Move::City(c) => ix.city.push((c, text)),
                Move::Road(e) => ix.road.push((e, text)),
                Move::Ship(e) => ix.ship.push((e, text)),
                Move::Collect(c) => ix.collect.push((c, text)),
                Move::Place(h) => ix.place.push((h, text)),
                Move::Robber { hex, steal } => ix.robber.push(RobberMove { hex, steal, text }),
                Move::Roll => ix.roll = true,
                Move::End => ix.end = true,
                Move::BuyDev => ix.buy_dev = true,
                Move::Discard(_) => ix.discard = true,
                Move::Knight => ix.knight = true,
                Move::RoadBuilding => ix.road_building = true,
                Move::Plenty(set) => ix.plenty.push(set),
                Move::Monopoly(r) => ix.monopoly.push(r),
                Move::Bank { give, get } => ix.bank.push(BankTrade { give, get, text }),
                Move::Offer { to } => {
                    ix.offer = true;
                    if to.is_some() {
                        ix.offer_to = to;
                    }
                }
                Move::Accept(id) => ix.accept.push(id),
                Move::Decline(id) => ix.decline.push(id),
                Move::Cancel(id) => ix.cancel.push(id),
                Move::Counter(_) | Move::Own { .. } => {}
            }
        }
        ix
    }

    /// The places an action may go, in the order the host listed them (robber hexes once each).
    pub fn targets(&self, a: BoardAction) -> Vec<Target> {
        match a {
            BoardAction::Settle => self
                .settle
                .iter()
                .map(|(c, _)| Target::Corner(*c))
                .collect(),
            BoardAction::City => self.city.iter().map(|(c, _)| Target::Corner(*c)).collect(),
            BoardAction::Road => self.road.iter().map(|(e, _)| Target::Edge(*e)).collect(),
            BoardAction::Ship => self.ship.iter().map(|(e, _)| Target::Edge(*e)).collect(),
            BoardAction::Collect => self
                .collect
                .iter()
                .map(|(c, _)| Target::Corner(*c))
                .collect(),
            BoardAction::Place => self.place.iter().map(|(h, _)| Target::Hex(*h)).collect(),
            BoardAction::Robber => {
                let mut v: Vec<Target> = Vec::new();
                for m in &self.robber {
                    if !v.contains(&Target::Hex(m.hex)) {
                        v.push(Target::Hex(m.hex));
                    }
                }
                v
            }
        }
    }

    /// Board actions with at least one target now.
    pub fn board_actions(&self) -> Vec<BoardAction> {
        [
            BoardAction::Settle,
            BoardAction::Road,
            BoardAction::Ship,
            BoardAction::City,
            BoardAction::Robber,
            BoardAction::Collect,
            BoardAction::Place,
        ]
        .into_iter()
        .filter(|a| !self.targets(*a).is_empty())
        .collect()
    }

    /// The listed command for an action at a target (robber: only when there is one way).
    pub fn command_at(&self, a: BoardAction, t: Target) -> Option<String> {
        match (a, t) {
            (BoardAction::Settle, Target::Corner(c)) => self
                .settle
                .iter()
                .find(|(x, _)| *x == c)
                .map(|(_, s)| s.clone()),
            (BoardAction::City, Target::Corner(c)) => self
                .city
                .iter()
                .find(|(x, _)| *x == c)
                .map(|(_, s)| s.clone()),
            (BoardAction::Place, Target::Hex(h)) => self
                .place
                .iter()
                .find(|(x, _)| *x == h)
                .map(|(_, s)| s.clone()),
            (BoardAction::Collect, Target::Corner(c)) => self
                .collect
                .iter()
                .find(|(x, _)| *x == c)
                .map(|(_, s)| s.clone()),
            (BoardAction::Road, Target::Edge(e)) => self
                .road
                .iter()
                .find(|(x, _)| *x == e)
                .map(|(_, s)| s.clone()),
            (BoardAction::Ship, Target::Edge(e)) => self
                .ship
                .iter()
                .find(|(x, _)| *x == e)
                .map(|(_, s)| s.clone()),
            (BoardAction::Robber, Target::Hex(h)) => {
                let moves = self.robber_moves(h);
                (moves.len() == 1).then(|| moves[0].text.clone())
            }
            _ => None,
        }
    }

    /// The ways to move the robber to one hex (one per victim, or one with nobody to rob).
    pub fn robber_moves(&self, h: HexId) -> Vec<&RobberMove> {
        self.robber.iter().filter(|m| m.hex == h).collect()
    }

    /// Whether any development card may be played now.
    /// Whether an action bar entry can be taken now.
    pub fn allows(&self, v: Verb) -> bool {
        match v {
            Verb::Roll => self.roll,
            Verb::Road => !self.road.is_empty(),
            Verb::Settle => !self.settle.is_empty(),
            Verb::City => !self.city.is_empty(),
            Verb::BuyDev => self.buy_dev,
            Verb::Play => self.any_play(),
            Verb::Trade => self.any_trade(),
            Verb::Answer => self.any_answer(),
            Verb::Discard => self.discard,
            Verb::End => self.end,
        }
    }

    pub fn any_play(&self) -> bool {
        self.knight || self.road_building || !self.plenty.is_empty() || !self.monopoly.is_empty()
    }

    /// Whether any trade may be proposed or made now.
    pub fn any_trade(&self) -> bool {
        self.offer || !self.bank.is_empty()
    }

    /// Whether offers wait for an answer (or may be withdrawn).
    pub fn any_answer(&self) -> bool {
        !self.accept.is_empty() || !self.decline.is_empty() || !self.cancel.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Map;
    use crate::variants::boards as builtin;

    #[test]
    fn reads_the_legal_list() {
        let spec = builtin::load("base-beginner").expect("built-in board");
        let map = Map::single(&spec);
        let legal: Vec<String> = [
            "settle A.nw",
            "settle B.e",
            "road C.n",
            "robber E steal 2",
            "robber E steal 3",
            "robber F",
            "roll",
            "play plenty 1 wool 1 ore",
            "play monopoly grain",
            "bank 4 wool for 1 ore",
            "offer 1 wool for 1 ore to 2",
            "accept 3",
            "decline 3",
            "cancel 5",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Typed as the host types them: the ruleset's command, then its move.
        let moves: Vec<Move> = legal
            .iter()
            .map(|t| {
                let cmd = crate::variants::base::command::parse(&map, 4, t).expect(t);
                crate::variants::base::moves::move_of(&cmd)
            })
            .collect();
        let ix = LegalIndex::build(moves.iter().zip(&legal));
        assert_eq!(ix.settle.len(), 2);
        assert_eq!(ix.road.len(), 1);
        assert_eq!(ix.targets(BoardAction::Robber).len(), 2);
        let e = map.parse_hex("E").unwrap();
        assert_eq!(ix.robber_moves(e).len(), 2);
        assert_eq!(ix.robber_moves(e)[1].steal, Some(2));
        assert_eq!(
            ix.command_at(
                BoardAction::Robber,
                Target::Hex(map.parse_hex("F").unwrap())
            ),
            Some("robber F".to_string())
        );
        assert_eq!(ix.command_at(BoardAction::Robber, Target::Hex(e)), None);
        assert!(ix.roll && !ix.end);
        assert_eq!(ix.plenty, vec![ResourceSet::new(0, 0, 1, 0, 1)]);
        assert_eq!(ix.monopoly, vec![Resource::Grain]);
        assert_eq!(ix.bank[0].give, ResourceSet::new(0, 0, 4, 0, 0));
        assert_eq!(ix.offer_to, Some(1));
        assert_eq!((ix.accept.clone(), ix.cancel.clone()), (vec![3], vec![5]));
        assert_eq!(
            ix.board_actions(),
            vec![BoardAction::Settle, BoardAction::Road, BoardAction::Robber]
        );
    }
}
