//! The Big Game's commands and their text language. Base's words keep their meaning
//! (`settle`, `road`, `city`, `buy dev`, `end`, `discard`, `play`, `bank`, `offer`, `accept`,
//! `decline`, `cancel`); the Big Game adds `collect`, `ship`, `move ship` and the knight's
//! target. Names carry the board number: hex `2C` is hex C of board 2, corner `2C.nw`.

use crate::board::Map;
use crate::engine::RuleError;
use crate::rules::commands::{self, Own, PlayCard, Wording};
use crate::rules::offers::TradeCommand;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::words::{unknown_command, word_at};
use crate::topology::{CornerId, EdgeId, HexId};

/// What a Knight does: send the robber on a hex next to you home, or take a resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KnightUse {
    Robber(HexId),
    Take(Resource),
}

/// Everything a seat can ask for in a Big Game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Setup: take the resources around this starting settlement.
    Collect(CornerId),
    /// Setup: turn this starting settlement into a city (free); in a round: build a city.
    City(CornerId),
    Settle(CornerId),
    Road(EdgeId),
    Ship(EdgeId),
    /// Move the ship at the open end of a shipping route.
    MoveShip {
        from: EdgeId,
        to: EdgeId,
    },
    BuyDev,
    /// Done for this round.
    End,
    Discard(ResourceSet),
    PlayKnight(KnightUse),
    PlayRoadBuilding,
    PlayYearOfPlenty(ResourceSet),
    /// Bank trades and offers between players, as every ruleset reads them.
    Trade(TradeCommand),
}

crate::rules::offers::answers_into!(Command);
crate::rules::commands::catan_commands_into!(Command);

/// The command language, for `help`.
pub const HELP: &str = "\
Big Game commands (hexes carry their board: 2C is hex C of board 2; corners 2C.nw, edges 2C.n):
  collect 1C.w           setup: take the resources around one starting settlement
  city 1C.w              setup: turn a starting settlement into a city; later: build a city (3 ore 2 grain)
  settle 1C.nw           build a settlement (1 brick 1 lumber 1 wool 1 grain)
  road 1C.n              build a road (1 brick 1 lumber)
  ship 1C.n              build a ship (1 lumber 1 wool)
  move ship 1C.n to 1D.s
                         move the ship at the open end of a shipping route (one a round)
  buy dev                buy a development card (1 ore 1 wool 1 grain)
  end                    you are done for this round
  discard 2 wool 1 ore   after a 7, hands of 8 or more return half (rounded down)
  play knight 1J         send the robber on hex 1J (next to you) back to its desert, take its resource
  play knight wool       with no robber next to you: take one resource of your choice
  play roads | play plenty wool ore
  bank 4 wool for 1 ore  trade with your board's bank (4:1, 3:1 or 2:1 at a harbour)
  offer 1 brick for 1 ore [to 2]   propose a trade to your partners; they answer:
  accept 3 | decline 3 | cancel 3
  counter 3 1 ore for 2 brick   decline offer 3 and offer this instead
You build on your own board and the two next to it. Only the group whose round it is builds;
the others trade with the active players of their board and the two next to it.";

/// How the Big Game words the refusals of the commands every Catan ruleset shares: its hexes
/// carry their board's number, and it has no Monopoly cards.
const WORDING: Wording = Wording {
    corner: "a corner, e.g. 1C.nw",
    edge: "an edge, e.g. 1C.n",
    cards: "a card: knight, roads or plenty",
    victory_point: "victory point cards are never played: they count for you",
};

/// Reads one command.
pub fn parse(map: &Map, seats: usize, text: &str) -> Result<Command, RuleError> {
    commands::parse(map, seats, text, &WORDING, |own, words| {
        let arg = |i: usize, what: &str| word_at(words, i, what);
        let edge = |s: &str| map.parse_edge(s).map_err(RuleError);
        Ok(match own {
            Own::Play(PlayCard::Knight) => {
                let target = arg(
                    2,
                    "a hex with a robber next to you (`play knight 1J`) or a resource (`play knight wool`)",
                )?;
                let use_ = match Resource::parse(target) {
                    Some(r) => KnightUse::Take(r),
                    None => KnightUse::Robber(map.parse_hex(target).map_err(|_| {
                        RuleError::new(format!(
                            "`{target}` is neither a hex nor a resource: `play knight 1J` or `play knight wool`"
                        ))
                    })?),
                };
                (Command::PlayKnight(use_), 3)
            }
            Own::Play(PlayCard::RoadBuilding) => (Command::PlayRoadBuilding, 2),
            Own::Play(PlayCard::Monopoly) => {
                return Err(RuleError::new(
                    "there are no Monopoly cards in the Big Game",
                ));
            }
            Own::Named("collect" | "take") => {
                let c = map.parse_corner(arg(1, "a corner, e.g. 1C.w")?);
                (Command::Collect(c.map_err(RuleError)?), 2)
            }
            Own::Named("ship") => (Command::Ship(edge(arg(1, "a sea edge, e.g. 1C.n")?)?), 2),
            Own::Named("move") => {
                // `move ship FROM to TO`, `move FROM TO`.
                let mut rest: Vec<&str> = words[1..]
                    .iter()
                    .copied()
                    .filter(|w| !w.eq_ignore_ascii_case("to"))
                    .collect();
                if rest.first().is_some_and(|w| w.eq_ignore_ascii_case("ship")) {
                    rest.remove(0);
                }
                if rest.len() != 2 {
                    return Err(RuleError::new(
                        "write `move ship FROM to TO`, e.g. `move ship 1C.n to 1D.s`",
                    ));
                }
                let (from, to) = (edge(rest[0])?, edge(rest[1])?);
                (Command::MoveShip { from, to }, words.len())
            }
            Own::Named("end" | "done" | "pass") => (Command::End, 1),
            Own::Named(other) => return Err(unknown_command(other)),
        })
    })
}

/// Writes one command so that [`parse`] reads it back.
pub fn format(map: &Map, cmd: &Command) -> String {
    match cmd {
        Command::Collect(c) => format!("collect {}", map.corner_name(*c)),
        Command::Ship(e) => format!("ship {}", map.edge_name(*e)),
        Command::MoveShip { from, to } => format!(
            "move ship {} to {}",
            map.edge_name(*from),
            map.edge_name(*to)
        ),
        Command::End => "end".into(),
        Command::PlayKnight(KnightUse::Robber(h)) => format!("play knight {}", map.hex_name(*h)),
        Command::PlayKnight(KnightUse::Take(r)) => format!("play knight {r}"),
        Command::PlayRoadBuilding => "play roads".into(),
        shared => match shared.catan() {
            Some(c) => c.text(map),
            None => format!("{shared:?}"),
        },
    }
}
