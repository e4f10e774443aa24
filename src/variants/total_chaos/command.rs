//! Total Chaos commands and their text language. Building and trading read as in base Catan;
//! the arbiter's phases add `claim`, `ready`, `unready`, and the robber's `steal`, `agree`,
//! `refuse`. Development cards that move pieces name them in the same command (`play knight
//! H steal 2`, `play roads C.n C.ne`), since nobody waits for anybody.

use crate::board::Map;
use crate::engine::{RuleError, Seat};
use crate::rules::commands::{self, Own, PlayCard};
use crate::rules::offers::TradeCommand;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::words::{resource, seat_arg, unknown_command, word_at};
use crate::topology::{CornerId, EdgeId, HexId};

/// Everything a seat can ask for in a Total Chaos game, in the order of the phases that take
/// them (the votes last: every phase takes those).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Place a settlement (setup, or build one).
    Settle(CornerId),
    /// Place a road (setup, or build one).
    Road(EdgeId),
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
    City(CornerId),
    BuyDev,
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
    /// End the phase early once everyone agrees.
    Ready,
    /// Take back a ready vote.
    Unready,
}

crate::rules::offers::answers_into!(Command);
crate::rules::commands::catan_commands_into!(Command);

/// The command language, for `help`.
pub const HELP: &str = "\
Total Chaos: no turns. Everyone acts at once; each phase ends when its clock runs out or when
everyone has voted `ready`. First come, first served: a command that comes too late is refused.
Setup (random order, snake):
  settle C.nw            place a settlement
  road C.n               then a road next to it
Resource phase:
  claim                  take what your dice owe you while the bank lasts
Robber part 1:
  discard 2 wool 1 ore   hands of 8 or more return half (rounded down)
Robber part 2:
  robber H               the robber's controller moves it, then per 7 rolled:
  steal 2 [wool]         rob seat 2: a random card, or ask for a wool
  agree | refuse         the victim's answer to an asked-for card
Building and trading (everyone at once):
  settle C.nw | road C.n | city C.nw | buy dev
  play knight H [steal 2] | play roads C.n [C.ne]
  play plenty wool ore | play monopoly wool
  bank 4 wool for 1 ore  trade with the bank at your rate (4:1, 3:1 or 2:1 at a harbour)
  offer 1 brick for 1 ore [to 2]   propose a trade; others answer:
  accept 3 | decline 3 | cancel 3
  counter 3 1 ore for 2 brick   decline offer 3 and offer back to its maker
Any phase:
  ready | unready        vote to end the phase early, or take the vote back
  legal                  list the commands you may send now
Seats are numbered from 1. Resources: lumber brick wool grain ore (wood, sheep, wheat... work).";

/// Reads one command.
pub fn parse(map: &Map, seats: usize, text: &str) -> Result<Command, RuleError> {
    commands::parse(map, seats, text, &commands::STANDARD, |own, words| {
        let arg = |i: usize, what: &str| word_at(words, i, what);
        let edge = |s: &str| map.parse_edge(s).map_err(RuleError);
        let hex = |s: &str| map.parse_hex(s).map_err(RuleError);
        Ok(match own {
            Own::Play(PlayCard::Knight) => {
                let h = hex(arg(
                    2,
                    "a hex for the robber, e.g. `play knight H steal 2`",
                )?)?;
                match words.get(3).map(|w| w.to_ascii_lowercase()) {
                    None => (
                        Command::PlayKnight {
                            hex: h,
                            steal: None,
                        },
                        3,
                    ),
                    Some(w) if w == "steal" || w == "from" => {
                        let steal = Some(seat_arg(arg(4, "a seat to steal from")?, seats)?);
                        (Command::PlayKnight { hex: h, steal }, 5)
                    }
                    Some(w) => {
                        return Err(RuleError::new(format!(
                            "`{w}`? write `play knight H steal 2`"
                        )));
                    }
                }
            }
            Own::Play(PlayCard::RoadBuilding) => {
                let a = edge(arg(2, "one or two edges, e.g. `play roads C.n C.ne`")?)?;
                match words.get(3) {
                    Some(w) => (Command::PlayRoadBuilding(a, Some(edge(w)?)), 4),
                    None => (Command::PlayRoadBuilding(a, None), 3),
                }
            }
            Own::Play(PlayCard::Monopoly) => {
                let r = resource(arg(2, "a resource, e.g. `play monopoly wool`")?)?;
                (Command::PlayMonopoly(r), 3)
            }
            Own::Named("ready" | "done" | "end" | "pass") => (Command::Ready, 1),
            Own::Named("unready" | "wait") => (Command::Unready, 1),
            Own::Named("claim" | "collect") => (Command::Claim, 1),
            Own::Named("robber" | "move") => {
                (Command::Robber(hex(arg(1, "a hex, e.g. `robber H`")?)?), 2)
            }
            Own::Named("steal" | "rob") => {
                let victim = seat_arg(arg(1, "a seat, e.g. `steal 2`")?, seats)?;
                let card = words.get(2).map(|r| resource(r)).transpose()?;
                (Command::Steal { victim, card }, 2 + card.is_some() as usize)
            }
            Own::Named("agree" | "give") => (Command::Agree, 1),
            Own::Named("refuse") => (Command::Refuse, 1),
            Own::Named(other) => return Err(unknown_command(other)),
        })
    })
}

/// Writes one command so that [`parse`] reads it back.
pub fn format(map: &Map, cmd: &Command) -> String {
    match cmd {
        Command::Ready => "ready".into(),
        Command::Unready => "unready".into(),
        Command::Claim => "claim".into(),
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
        Command::PlayMonopoly(r) => format!("play monopoly {r}"),
        shared => match shared.catan() {
            Some(c) => c.text(map),
            None => format!("{shared:?}"),
        },
    }
}
