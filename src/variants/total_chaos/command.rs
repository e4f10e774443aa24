//! Total Chaos commands and their text language. Building and trading read as in base Catan;
//! the arbiter's phases add `claim`, `ready`, `unready`, and the robber's `steal`, `agree`,
//! `refuse`. Development cards that move pieces name them in the same command (`play knight
//! H steal 2`, `play roads C.n C.ne`), since nobody waits for anybody.

use crate::board::Map;
use crate::engine::{RuleError, Seat};
use crate::rules::devcards::DevCard;
use crate::rules::offers::TradeCommand;
use crate::rules::resources::{Resource, ResourceSet, parse_resource_list};
use crate::rules::words::{
    command_words, no_more_words, resource, seat_arg, unknown_command, word_at,
};
use crate::topology::{CornerId, EdgeId, HexId};

/// Everything a seat can ask for in a Total Chaos game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Place a settlement (setup, or build one).
    Settle(CornerId),
    /// Place a road (setup, or build one).
    Road(EdgeId),
    City(CornerId),
    BuyDev,
    /// End the phase early once everyone agrees.
    Ready,
    /// Take back a ready vote.
    Unready,
    /// Take the production owed to you from the bank.
    Claim,
    /// Return these cards (robber part 1).
    Discard(ResourceSet),
    /// Move the robber (its controller, robber part 2).
    Robber(HexId),
    /// Steal from a seat at the robber: a random card, or ask for one resource.
    Steal {
        victim: Seat,
        card: Option<Resource>,
    },
    /// The victim agrees to give the asked-for card.
    Agree,
    /// The victim says no to the asked-for card.
    Refuse,
    /// Move the robber and rob a seat there.
    PlayKnight {
        hex: HexId,
        steal: Option<Seat>,
    },
    /// Place one or two free roads.
    PlayRoadBuilding(EdgeId, Option<EdgeId>),
    PlayYearOfPlenty(ResourceSet),
    PlayMonopoly(Resource),
    /// Bank trades and offers between players, as every ruleset reads them.
    Trade(TradeCommand),
}

crate::rules::offers::answers_into!(Command);

/// The command language, for `help`.
pub const HELP: &str = "\
Total Chaos: no turns. Everyone acts at once; each phase ends when its clock runs out or when
everyone has voted `ready`. First come, first served: a command that comes too late is refused.
Setup (random order, snake):  settle C.nw   then   road C.n
Resource phase:   claim                  take what your dice owe you while the bank lasts
Robber part 1:    discard 2 wool 1 ore   hands of 8 or more return half (rounded down)
Robber part 2:    robber H               the robber's controller moves it, then per 7 rolled:
                  steal 2 [wool]         rob seat 2: a random card, or ask for a wool
                  agree | refuse         the victim's answer to an asked-for card
Building and trading (everyone at once):
  settle C.nw | road C.n | city C.nw | buy dev
  play knight H [steal 2] | play roads C.n [C.ne] | play plenty wool ore | play monopoly wool
  bank 4 wool for 1 ore  offer 1 brick for 1 ore [to 2]  accept 3 | decline 3 | cancel 3
  counter 3 1 ore for 2 brick            decline offer 3 and offer back to its maker
Any phase:        ready | unready         vote to end the phase early, or take the vote back
  legal                  list the commands you may send now
Seats are numbered from 1. Resources: lumber brick wool grain ore (wood, sheep, wheat... work).";

/// Reads one command.
pub fn parse(map: &Map, seats: usize, text: &str) -> Result<Command, RuleError> {
    let (first, words) = command_words(text)?;
    if let Some(trade) = TradeCommand::parse(&words, seats) {
        return trade.map(Command::Trade);
    }
    let arg = |i: usize, what: &str| word_at(&words, i, what);
    let corner = |s: &str| map.parse_corner(s).map_err(RuleError);
    let edge = |s: &str| map.parse_edge(s).map_err(RuleError);
    let hex = |s: &str| map.parse_hex(s).map_err(RuleError);
    let mut used = 1;
    let cmd = match first.as_str() {
        "settle" | "settlement" | "s" => {
            used = 2;
            Command::Settle(corner(arg(1, "a corner, e.g. C.nw")?)?)
        }
        "road" | "r" => {
            used = 2;
            Command::Road(edge(arg(1, "an edge, e.g. C.n")?)?)
        }
        "city" | "c" => {
            used = 2;
            Command::City(corner(arg(1, "a corner, e.g. C.nw")?)?)
        }
        "buy" => match words.get(1).map(|w| w.to_ascii_lowercase()) {
            Some(w) if w == "dev" || w == "card" || w == "development" => {
                used = 2;
                Command::BuyDev
            }
            _ => {
                return Err(RuleError::new(
                    "buy what? `buy dev` buys a development card",
                ));
            }
        },
        "ready" | "done" | "end" | "pass" => Command::Ready,
        "unready" | "wait" => Command::Unready,
        "claim" | "collect" => Command::Claim,
        "discard" => {
            used = words.len();
            Command::Discard(parse_resource_list(&words[1..]).map_err(RuleError)?)
        }
        "robber" | "move" => {
            used = 2;
            Command::Robber(hex(arg(1, "a hex, e.g. `robber H`")?)?)
        }
        "steal" | "rob" => {
            let victim = seat_arg(arg(1, "a seat, e.g. `steal 2`")?, seats)?;
            let card = match words.get(2) {
                Some(r) => {
                    used = 3;
                    Some(resource(r)?)
                }
                None => {
                    used = 2;
                    None
                }
            };
            Command::Steal { victim, card }
        }
        "agree" | "give" => Command::Agree,
        "refuse" => Command::Refuse,
        "play" => {
            let card = arg(1, "a card: knight, roads, plenty or monopoly")?;
            match DevCard::parse(card) {
                Some(DevCard::Knight) => {
                    let h = hex(arg(
                        2,
                        "a hex for the robber, e.g. `play knight H steal 2`",
                    )?)?;
                    let steal = match words.get(3).map(|w| w.to_ascii_lowercase()) {
                        None => {
                            used = 3;
                            None
                        }
                        Some(w) if w == "steal" || w == "from" => {
                            used = 5;
                            Some(seat_arg(arg(4, "a seat to steal from")?, seats)?)
                        }
                        Some(w) => {
                            return Err(RuleError::new(format!(
                                "`{w}`? write `play knight H steal 2`"
                            )));
                        }
                    };
                    Command::PlayKnight { hex: h, steal }
                }
                Some(DevCard::RoadBuilding) => {
                    let a = edge(arg(2, "one or two edges, e.g. `play roads C.n C.ne`")?)?;
                    let b = match words.get(3) {
                        Some(w) => {
                            used = 4;
                            Some(edge(w)?)
                        }
                        None => {
                            used = 3;
                            None
                        }
                    };
                    Command::PlayRoadBuilding(a, b)
                }
                Some(DevCard::YearOfPlenty) => {
                    used = words.len();
                    Command::PlayYearOfPlenty(parse_resource_list(&words[2..]).map_err(RuleError)?)
                }
                Some(DevCard::Monopoly) => {
                    used = 3;
                    Command::PlayMonopoly(resource(arg(
                        2,
                        "a resource, e.g. `play monopoly wool`",
                    )?)?)
                }
                Some(DevCard::VictoryPoint) => {
                    return Err(RuleError::new(
                        "victory point cards are never played: they count for you, and show when you win",
                    ));
                }
                None => {
                    return Err(RuleError::new(format!(
                        "`{card}` is not a development card"
                    )));
                }
            }
        }
        other => return Err(unknown_command(other)),
    };
    no_more_words(&words, used)?;
    Ok(cmd)
}

/// Writes one command so that [`parse`] reads it back.
pub fn format(map: &Map, cmd: &Command) -> String {
    match cmd {
        Command::Settle(c) => format!("settle {}", map.corner_name(*c)),
        Command::Road(e) => format!("road {}", map.edge_name(*e)),
        Command::City(c) => format!("city {}", map.corner_name(*c)),
        Command::BuyDev => "buy dev".into(),
        Command::Ready => "ready".into(),
        Command::Unready => "unready".into(),
        Command::Claim => "claim".into(),
        Command::Discard(s) => format!("discard {s}"),
        Command::Robber(h) => format!("robber {}", map.hex_name(*h)),
        Command::Steal { victim, card } => match card {
            Some(r) => format!("steal {} {r}", victim + 1),
            None => format!("steal {}", victim + 1),
        },
        Command::Agree => "agree".into(),
        Command::Refuse => "refuse".into(),
        Command::PlayKnight { hex, steal } => match steal {
            Some(s) => format!("play knight {} steal {}", map.hex_name(*hex), s + 1),
            None => format!("play knight {}", map.hex_name(*hex)),
        },
        Command::PlayRoadBuilding(a, b) => match b {
            Some(b) => format!("play roads {} {}", map.edge_name(*a), map.edge_name(*b)),
            None => format!("play roads {}", map.edge_name(*a)),
        },
        Command::PlayYearOfPlenty(s) => format!("play plenty {s}"),
        Command::PlayMonopoly(r) => format!("play monopoly {r}"),
        Command::Trade(t) => t.to_string(),
    }
}
