//! Base Catan's commands and their text language (the TUI's command line, `--plain`, saves).
//!
//! Corners are `<hex>.<corner>` (`C.nw`), edges `<hex>.<side>` (`C.n`), hexes by name (`C`);
//! seats by their 1-based number. `board` with names shows every hex's name.

use crate::board::Map;
use crate::engine::{RuleError, Seat};
use crate::rules::commands::{self, Own, PlayCard};
use crate::rules::offers::TradeCommand;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::words::{seat_arg, unknown_command, word_at};
use crate::topology::{CornerId, EdgeId, HexId};

/// Everything a seat can ask for in a base game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Place a settlement (setup, or build one).
    Settle(CornerId),
    /// Place a road (setup, road building, or build one).
    Road(EdgeId),
    /// Upgrade a settlement.
    City(CornerId),
    BuyDev,
    Roll,
    End,
    /// Return these cards after a 7.
    Discard(ResourceSet),
    /// Move the robber, and rob a seat with a building there.
    Robber {
        hex: HexId,
        steal: Option<Seat>,
    },
    PlayKnight,
    PlayRoadBuilding,
    /// Take these two cards from the bank.
    PlayYearOfPlenty(ResourceSet),
    PlayMonopoly(Resource),
    /// Bank trades and offers between players, as every ruleset reads them.
    Trade(TradeCommand),
}

crate::rules::offers::answers_into!(Command);
crate::rules::commands::catan_commands_into!(Command);

/// What sort of command a [`Command`] is, without its arguments: the random bot picks one of
/// these first, then one command of that sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Settle,
    Road,
    City,
    BuyDev,
    Roll,
    End,
    Discard,
    Robber,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    PlayMonopoly,
    Bank,
    Offer,
    Counter,
    Accept,
    Decline,
    Cancel,
}

impl Kind {
    /// Every kind, in the order `legal` lists them.
    pub const ALL: [Kind; 18] = [
        Kind::Settle,
        Kind::Road,
        Kind::City,
        Kind::BuyDev,
        Kind::Roll,
        Kind::End,
        Kind::Discard,
        Kind::Robber,
        Kind::PlayKnight,
        Kind::PlayRoadBuilding,
        Kind::PlayYearOfPlenty,
        Kind::PlayMonopoly,
        Kind::Bank,
        Kind::Offer,
        Kind::Counter,
        Kind::Accept,
        Kind::Decline,
        Kind::Cancel,
    ];
}

/// A set of kinds, a bit each: cheap to build on every move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kinds(u32);

impl Kinds {
    pub const NONE: Kinds = Kinds(0);
    pub const ALL: Kinds = Kinds((1 << Kind::ALL.len()) - 1);

    pub fn one(k: Kind) -> Kinds {
        Kinds(1 << k as u32)
    }
    pub fn contains(self, k: Kind) -> bool {
        self.0 & (1 << k as u32) != 0
    }
    pub fn insert(&mut self, k: Kind) {
        self.0 |= 1 << k as u32;
    }
    pub fn remove(&mut self, k: Kind) {
        self.0 &= !(1 << k as u32);
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn len(self) -> usize {
        // By bytes from a table: the portable build has no popcount instruction, and this
        // runs before every random move.
        const ONES: [u8; 256] = {
            let mut t = [0u8; 256];
            let mut i = 0;
            while i < 256 {
                t[i] = (i as u32).count_ones() as u8;
                i += 1;
            }
            t
        };
        const _: () = assert!(Kind::ALL.len() <= 24, "three bytes hold every kind");
        let b = self.0.to_le_bytes();
        (ONES[b[0] as usize] + ONES[b[1] as usize] + ONES[b[2] as usize]) as usize
    }
    /// The `i`-th kind in the set, in [`Kind::ALL`] order.
    pub fn nth(self, i: usize) -> Option<Kind> {
        let mut bits = self.0;
        for _ in 0..i {
            bits &= bits.wrapping_sub(1);
        }
        (bits != 0).then(|| Kind::ALL[bits.trailing_zeros() as usize])
    }
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(move |k| self.contains(*k))
    }
}

impl Command {
    pub fn kind(&self) -> Kind {
        match self {
            Command::Settle(_) => Kind::Settle,
            Command::Road(_) => Kind::Road,
            Command::City(_) => Kind::City,
            Command::BuyDev => Kind::BuyDev,
            Command::Roll => Kind::Roll,
            Command::End => Kind::End,
            Command::Discard(_) => Kind::Discard,
            Command::Robber { .. } => Kind::Robber,
            Command::PlayKnight => Kind::PlayKnight,
            Command::PlayRoadBuilding => Kind::PlayRoadBuilding,
            Command::PlayYearOfPlenty(_) => Kind::PlayYearOfPlenty,
            Command::PlayMonopoly(_) => Kind::PlayMonopoly,
            Command::Trade(t) => match t {
                TradeCommand::Bank { .. } => Kind::Bank,
                TradeCommand::Offer { .. } => Kind::Offer,
                TradeCommand::Counter { .. } => Kind::Counter,
                TradeCommand::Accept(_) => Kind::Accept,
                TradeCommand::Decline(_) => Kind::Decline,
                TradeCommand::Cancel(_) => Kind::Cancel,
            },
        }
    }
}

/// The command language, for `help`.
pub const HELP: &str = "\
Commands (corners are HEX.CORNER like C.nw, edges HEX.SIDE like C.n; `board` shows hex names):
  settle C.nw            place or build a settlement (1 brick 1 lumber 1 wool 1 grain)
  road C.n               place or build a road (1 brick 1 lumber)
  city C.nw              upgrade your settlement (3 ore 2 grain)
  buy dev                buy a development card (1 ore 1 wool 1 grain)
  roll                   roll the dice
  end                    end your turn
  discard 2 wool 1 ore   return half your cards after a 7 (rounded down)
  robber H [steal 2]     move the robber to hex H and rob seat 2 there
  play knight | play roads | play plenty wool ore | play monopoly wool
  bank 4 wool for 1 ore  trade with the bank at your rate (4:1, 3:1 or 2:1 at a harbour)
  offer 1 brick for 1 ore [to 2]   propose any trade; others answer:
  accept 3 | decline 3 | counter 3 2 wool for 1 ore | cancel 3
  legal                  list the commands you may send now
Seats are numbered from 1. Resources: lumber brick wool grain ore (wood, sheep, wheat... work).";

/// Reads one command.
pub fn parse(map: &Map, seats: usize, text: &str) -> Result<Command, RuleError> {
    commands::parse(map, seats, text, &commands::STANDARD, |own, words| {
        let arg = |i: usize, what: &str| word_at(words, i, what);
        Ok(match own {
            Own::Play(PlayCard::Knight) => (Command::PlayKnight, 2),
            Own::Play(PlayCard::RoadBuilding) => (Command::PlayRoadBuilding, 2),
            Own::Play(PlayCard::Monopoly) => {
                let r = arg(2, "a resource, e.g. `play monopoly wool`")?;
                let r = Resource::parse(r)
                    .ok_or_else(|| RuleError::new(format!("`{r}` is not a resource")))?;
                (Command::PlayMonopoly(r), 3)
            }
            Own::Named("roll") => (Command::Roll, 1),
            Own::Named("end" | "done" | "pass") => (Command::End, 1),
            Own::Named("robber" | "rob") => {
                let hex = map
                    .parse_hex(arg(1, "a hex, e.g. `robber H`")?)
                    .map_err(RuleError)?;
                let steal = match words.get(2).map(|w| w.to_ascii_lowercase()) {
                    None => None,
                    Some(w) if w == "steal" || w == "from" => {
                        Some(seat_arg(arg(3, "a seat to steal from")?, seats)?)
                    }
                    Some(w) => {
                        return Err(RuleError::new(format!("`{w}`? write `robber H steal 2`")));
                    }
                };
                (Command::Robber { hex, steal }, words.len())
            }
            Own::Named(other) => return Err(unknown_command(other)),
        })
    })
}

/// Writes one command so that [`parse`] reads it back.
pub fn format(map: &Map, cmd: &Command) -> String {
    match cmd {
        Command::Roll => "roll".into(),
        Command::End => "end".into(),
        Command::Robber { hex, steal } => match steal {
            Some(s) => format!("robber {} steal {}", map.hex_name(*hex), s + 1),
            None => format!("robber {}", map.hex_name(*hex)),
        },
        Command::PlayKnight => "play knight".into(),
        Command::PlayRoadBuilding => "play roads".into(),
        Command::PlayMonopoly(r) => format!("play monopoly {r}"),
        shared => match shared.catan() {
            Some(c) => c.text(map),
            None => format!("{shared:?}"),
        },
    }
}
