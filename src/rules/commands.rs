//! The commands the Catan rulesets share, read, written and listed
//! once: trades, `settle`, `road`, `city`, `buy dev`, `discard`, `play plenty`, and the card
//! after any other `play`. Each of the three parsers reads through [`parse`] and reads only its
//! own words itself, so a shared command is spelled and written back one way wherever it exists,
//! and refused in the same sentences (with the ruleset's own example names and cards, its
//! [`Wording`]); the legal-command lists take the setup's placements and listed offers from here.

use crate::board::Map;
use crate::engine::{RuleError, Seat};
use crate::rules::devcards::DevCard;
use crate::rules::offers::{self, Market, TradeCommand};
use crate::rules::pieces::{Pieces, RouteKind};
use crate::rules::resources::{ResourceSet, parse_resource_list};
use crate::rules::words::{command_words, no_more_words, word_at};
use crate::topology::{CornerId, EdgeId};

/// A command every Catan ruleset has with the same arguments. A ruleset's command enum has a
/// variant of the same name for each ([`catan_commands_into`] converts both ways), so the
/// words are read and written here once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CatanCommand {
    /// Place or build a settlement.
    Settle(CornerId),
    /// Place or build a road.
    Road(EdgeId),
    /// Build a city (or, in a setup that allows it, turn a starting settlement into one).
    City(CornerId),
    BuyDev,
    /// Return these cards after a 7.
    Discard(ResourceSet),
    /// Take these two cards from the bank.
    PlayYearOfPlenty(ResourceSet),
    /// Bank trades and offers between players.
    Trade(TradeCommand),
}

/// A development card whose `play` command takes words that differ between rulesets (a
/// Knight's target, Road Building's edges, Monopoly's resource): [`parse`] hands it to the
/// ruleset to finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayCard {
    Knight,
    RoadBuilding,
    Monopoly,
}

/// What the shared words leave to a ruleset's parser ([`parse`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Own<'a> {
    /// `play` and a card whose further words (from the third on) the ruleset reads.
    Play(PlayCard),
    /// A command of the ruleset's own, by its name (the first word, lower-cased), or a word
    /// that names no command.
    Named(&'a str),
}

/// What [`read`] made of a command line.
enum Read {
    /// A shared command, and how many of the line's words it took.
    Catan(CatanCommand, usize),
    /// `play` and a card the ruleset finishes.
    Play(PlayCard),
    /// No shared command: the first word is the ruleset's own (or nobody's).
    Own,
}

/// How one ruleset words the refusals of the shared commands: its boards name hexes
/// differently (`C.nw` on one board, `1C.nw` in a ring of boards) and it has its own set of cards.
#[derive(Clone, Copy, Debug)]
pub struct Wording {
    /// What `settle` and `city` need: "a corner, e.g. C.nw".
    pub corner: &'static str,
    /// What `road` needs: "an edge, e.g. C.n".
    pub edge: &'static str,
    /// What `play` needs: "a card: knight, roads, plenty or monopoly".
    pub cards: &'static str,
    /// The refusal of `play vp`: why victory point cards are never played.
    pub victory_point: &'static str,
}

/// The wording of the rulesets played on a standard board with all five kinds of card.
pub const STANDARD: Wording = Wording {
    corner: "a corner, e.g. C.nw",
    edge: "an edge, e.g. C.n",
    cards: "a card: knight, roads, plenty or monopoly",
    victory_point: "victory point cards are never played: they count for you, and show when you win",
};

/// Reads one command line of a Catan ruleset: the shared commands here, the rest by `own`,
/// which gets what is left ([`Own`]) and the line's words and answers the command and how
/// many words it took. Words after those are refused, as an empty line is.
pub fn parse<C: From<CatanCommand>>(
    map: &Map,
    seats: usize,
    text: &str,
    wording: &Wording,
    own: impl FnOnce(Own<'_>, &[&str]) -> Result<(C, usize), RuleError>,
) -> Result<C, RuleError> {
    let (first, words) = command_words(text)?;
    let (cmd, used) = match read(map, seats, &first, &words, wording)? {
        Read::Catan(c, used) => (c.into(), used),
        Read::Play(card) => own(Own::Play(card), &words)?,
        Read::Own => own(Own::Named(&first), &words)?,
    };
    no_more_words(&words, used)?;
    Ok(cmd)
}

/// Reads the shared commands of a command line (`first` is its first word lower-cased);
/// [`Read::Own`] when the line is none of them. A refusal is the one every ruleset gives for
/// that mistake.
fn read(
    map: &Map,
    seats: usize,
    first: &str,
    words: &[&str],
    wording: &Wording,
) -> Result<Read, RuleError> {
    if let Some(trade) = TradeCommand::parse(words, seats) {
        return Ok(Read::Catan(CatanCommand::Trade(trade?), words.len()));
    }
    let arg = |i: usize, what: &str| word_at(words, i, what);
    let corner = |what: &str| map.parse_corner(arg(1, what)?).map_err(RuleError);
    let cmd = match first {
        "settle" | "settlement" | "s" => CatanCommand::Settle(corner(wording.corner)?),
        "road" | "r" => {
            CatanCommand::Road(map.parse_edge(arg(1, wording.edge)?).map_err(RuleError)?)
        }
        "city" | "c" => CatanCommand::City(corner(wording.corner)?),
        "buy" => match words.get(1).map(|w| w.to_ascii_lowercase()) {
            Some(w) if w == "dev" || w == "card" || w == "development" => CatanCommand::BuyDev,
            _ => {
                return Err(RuleError::new(
                    "buy what? `buy dev` buys a development card",
                ));
            }
        },
        "discard" => {
            let set = parse_resource_list(&words[1..]).map_err(RuleError)?;
            return Ok(Read::Catan(CatanCommand::Discard(set), words.len()));
        }
        "play" => {
            let card = arg(1, wording.cards)?;
            return match DevCard::parse(card) {
                Some(DevCard::Knight) => Ok(Read::Play(PlayCard::Knight)),
                Some(DevCard::RoadBuilding) => Ok(Read::Play(PlayCard::RoadBuilding)),
                Some(DevCard::Monopoly) => Ok(Read::Play(PlayCard::Monopoly)),
                Some(DevCard::YearOfPlenty) => {
                    let set = parse_resource_list(&words[2..]).map_err(RuleError)?;
                    Ok(Read::Catan(
                        CatanCommand::PlayYearOfPlenty(set),
                        words.len(),
                    ))
                }
                Some(DevCard::VictoryPoint) => Err(RuleError::new(wording.victory_point)),
                None => Err(RuleError::new(format!(
                    "`{card}` is not a development card"
                ))),
            };
        }
        _ => return Ok(Read::Own),
    };
    Ok(Read::Catan(cmd, 2))
}

impl CatanCommand {
    /// The command as players write it, so that [`parse`] reads it back.
    pub fn text(&self, map: &Map) -> String {
        match self {
            CatanCommand::Settle(c) => format!("settle {}", map.corner_name(*c)),
            CatanCommand::Road(e) => format!("road {}", map.edge_name(*e)),
            CatanCommand::City(c) => format!("city {}", map.corner_name(*c)),
            CatanCommand::BuyDev => "buy dev".into(),
            CatanCommand::Discard(s) => format!("discard {s}"),
            CatanCommand::PlayYearOfPlenty(s) => format!("play plenty {s}"),
            CatanCommand::Trade(t) => t.to_string(),
        }
    }
}

/// The setup's placements for `seat`, in board order, where each seat places a settlement
/// and then a road from it: every free settlement spot on land while `settlement` is `None`,
/// else each road from that settlement. `f` answers whether to go on.
pub fn each_setup_placement(
    map: &Map,
    pieces: &Pieces,
    seat: Seat,
    settlement: Option<CornerId>,
    mut f: impl FnMut(CatanCommand) -> bool,
) {
    match settlement {
        None => {
            for c in map.land_corners() {
                if pieces.check_settlement_spot(map, *c).is_ok() && !f(CatanCommand::Settle(*c)) {
                    return;
                }
            }
        }
        Some(c) => {
            for e in map.topology.corner_edges(c).iter().flatten() {
                if pieces
                    .check_route(map, seat, *e, RouteKind::Road, Some(c))
                    .is_ok()
                    && !f(CatanCommand::Road(*e))
                {
                    return;
                }
            }
        }
    }
}

/// The offers the legal-command lists name for `seat`: each one-for-one offer to everyone its
/// hand can make, while it has fewer offers on the table than the ruleset lets it keep open
/// ([`Market::open_cap`]); any other offer is accepted but not listed.
pub fn each_listed_offer<M: Market>(m: &M, seat: Seat, f: impl FnMut(TradeCommand)) {
    if lists_offers(m, seat) {
        offers::each_simple_offer_command(&m.hands()[seat as usize], f);
    }
}

/// Whether the legal lists name `seat`'s offers ([`each_listed_offer`]): it has fewer offers
/// on the table than it may keep open.
pub fn lists_offers<M: Market>(m: &M, seat: Seat) -> bool {
    let open = m.offers().iter().filter(|o| o.from == seat).count();
    open < m.open_cap(seat)
}

/// Makes a ruleset's command enum take [`CatanCommand`]s (each into its variant of the same
/// name) and give them back (its `catan()` method), so its parser and writer leave the shared
/// words to [`parse`] and [`CatanCommand::text`].
macro_rules! catan_commands_into {
    ($command:ident) => {
        impl From<$crate::rules::commands::CatanCommand> for $command {
            fn from(c: $crate::rules::commands::CatanCommand) -> $command {
                use $crate::rules::commands::CatanCommand as C;
                match c {
                    C::Settle(x) => $command::Settle(x),
                    C::Road(x) => $command::Road(x),
                    C::City(x) => $command::City(x),
                    C::BuyDev => $command::BuyDev,
                    C::Discard(x) => $command::Discard(x),
                    C::PlayYearOfPlenty(x) => $command::PlayYearOfPlenty(x),
                    C::Trade(x) => $command::Trade(x),
                }
            }
        }

        impl $command {
            /// This command as one every Catan ruleset reads and writes alike, if it is one.
            pub fn catan(&self) -> Option<$crate::rules::commands::CatanCommand> {
                use $crate::rules::commands::CatanCommand as C;
                Some(match *self {
                    $command::Settle(x) => C::Settle(x),
                    $command::Road(x) => C::Road(x),
                    $command::City(x) => C::City(x),
                    $command::BuyDev => C::BuyDev,
                    $command::Discard(x) => C::Discard(x),
                    $command::PlayYearOfPlenty(x) => C::PlayYearOfPlenty(x),
                    $command::Trade(x) => C::Trade(x),
                    _ => return None,
                })
            }

            /// The trade this command is, if it is one (the bots ask whether it is an offer).
            pub fn trade(&self) -> Option<$crate::rules::offers::TradeCommand> {
                match self {
                    $command::Trade(t) => Some(*t),
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use catan_commands_into;

/// What the rulesets' tests check of the shared command words, written once: each ruleset
/// calls these on a game of its own.
#[cfg(test)]
pub(crate) mod testing {
    use crate::ruleset::Ruleset;

    /// The refusal `text` gets in `game` (seat 1 typing it).
    pub(crate) fn refusal<G: Ruleset>(game: &G, text: &str) -> String {
        match game.parse(0, text) {
            Ok(cmd) => panic!("`{text}` was read as {cmd:?}"),
            Err(e) => e.0,
        }
    }

    /// Each of `cases` (what is typed, the refusal it gets) is refused in those words.
    pub(crate) fn refuses_as<G: Ruleset>(game: &G, cases: &[(&str, &str)]) {
        for (text, says) in cases {
            assert_eq!(refusal(game, text), *says, "`{text}`");
        }
    }

    /// A shared command reads the same in every ruleset that has it, and is written back as
    /// read; other names are written as the command's own.
    pub(crate) fn shared_commands_read_alike_and_round_trip<G: Ruleset>(g: &G) {
        for text in [
            "settle C.nw",
            "road C.n",
            "city C.nw",
            "buy dev",
            "discard 2 wool 1 ore",
            "play plenty 1 wool 1 ore",
            "play monopoly wool",
            "bank 4 wool for 1 ore",
            "offer 1 brick for 1 ore to 2",
            "counter 3 2 wool for 1 ore",
            "accept 3",
        ] {
            let cmd = g.parse(0, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
            assert_eq!(g.parse(0, &g.format(&cmd)), Ok(cmd.clone()), "`{text}`");
        }
        assert_eq!(
            g.format(&g.parse(0, "Buy Card").expect("buy")),
            "buy dev",
            "other names are written as the command's own"
        );
    }
}
