//! The events the Catan rulesets share, one set each: trades ([`TradeEvent`]), development
//! cards ([`DevEvent`]) and the awards ([`AwardEvent`]) for every Catan ruleset,
//! and the base table's building and robber events ([`TableEvent`]) for the one-board ones.
//! A ruleset's event enum carries each set in one variant (`Trade`, `Dev`, `Award`, `Table`),
//! so their wording and their summary facts are written once.

use crate::board::Map;
use crate::engine::Seat;
use crate::rules::facts::{self as recap, Fact, Gain, Loss};
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::words::who;
use crate::topology::{CornerId, EdgeId, HexId};

pub use crate::rules::awards::AwardEvent;
pub use crate::rules::devcards::DevEvent;
pub use crate::rules::offers::TradeEvent;

/// Pieces built, the starting resources, discards and the robber's move on a base table, in
/// every one-board game alike (a ring's buildings carry a bonus and ships, and are its
/// ruleset's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableEvent {
    Settled {
        seat: Seat,
        at: CornerId,
    },
    Roaded {
        seat: Seat,
        at: EdgeId,
        free: bool,
    },
    Citied {
        seat: Seat,
        at: CornerId,
    },
    /// The second starting settlement's resources.
    StartingResources {
        seat: Seat,
        got: ResourceSet,
    },
    Discarded {
        seat: Seat,
        cards: ResourceSet,
    },
    RobberMoved {
        seat: Seat,
        hex: HexId,
    },
    /// A card taken with the robber: at random, `card` known to the thief and the victim
    /// only; or `asked` for and given (where the rules allow), public.
    Stole {
        thief: Seat,
        victim: Seat,
        card: Resource,
        asked: bool,
    },
}

impl TableEvent {
    /// The kind's name, as the words test counts the kinds it has rendered.
    pub fn kind(&self) -> &'static str {
        match self {
            TableEvent::Settled { .. } => "Settled",
            TableEvent::Roaded { .. } => "Roaded",
            TableEvent::Citied { .. } => "Citied",
            TableEvent::StartingResources { .. } => "StartingResources",
            TableEvent::Discarded { .. } => "Discarded",
            TableEvent::RobberMoved { .. } => "RobberMoved",
            TableEvent::Stole { .. } => "Stole",
        }
    }

    /// The event in words for one viewer: the same sentence in both rulesets.
    pub fn describe(&self, map: &Map, viewer: Option<Seat>, names: &[String]) -> String {
        let w = |s: Seat| who(names, s, viewer);
        match self {
            TableEvent::Settled { seat, at } => format!(
                "{} built a settlement at {}.",
                w(*seat).cap(),
                map.corner_name(*at)
            ),
            TableEvent::Roaded { seat, at, free } => format!(
                "{} built a road at {}{}.",
                w(*seat).cap(),
                map.edge_name(*at),
                if *free { " (free)" } else { "" }
            ),
            TableEvent::Citied { seat, at } => format!(
                "{} built a city at {}.",
                w(*seat).cap(),
                map.corner_name(*at)
            ),
            TableEvent::StartingResources { seat, got } => {
                format!("{} got {got} from the second settlement.", w(*seat).cap())
            }
            TableEvent::Discarded { seat, cards } => {
                format!("{} discarded {cards}.", w(*seat).cap())
            }
            TableEvent::RobberMoved { seat, hex } => format!(
                "{} moved the robber to {} ({}).",
                w(*seat).cap(),
                map.hex_name(*hex),
                map.tile(*hex).label()
            ),
            TableEvent::Stole {
                thief,
                victim,
                card,
                asked,
            } => {
                if *asked || viewer == Some(*thief) || viewer == Some(*victim) {
                    format!(
                        "{} stole 1 {card} from {}{}.",
                        w(*thief).cap(),
                        w(*victim),
                        if *asked { " (agreed)" } else { "" }
                    )
                } else {
                    format!("{} stole a card from {}.", w(*thief).cap(), w(*victim))
                }
            }
        }
    }

    /// The event once the game is over, a card stolen at random named to everyone
    /// ([`crate::ruleset::Ruleset::reveal`]); `None` where nothing was hidden.
    pub fn revealed(&self, names: &[String]) -> Option<String> {
        match self {
            TableEvent::Stole {
                thief,
                victim,
                card,
                asked: false,
            } => Some(format!(
                "{} stole 1 {card} from {}.",
                who(names, *thief, None).cap(),
                who(names, *victim, None)
            )),
            _ => None,
        }
    }

    /// What the event means for the end-of-game summary.
    pub fn recap_facts(&self, out: &mut Vec<Fact>) {
        match self {
            TableEvent::StartingResources { seat, got } => {
                out.push(Fact::gained(*seat, Gain::Start, *got))
            }
            TableEvent::Discarded { seat, cards } => {
                out.push(Fact::lost(*seat, Loss::Discards, *cards))
            }
            TableEvent::Stole {
                thief,
                victim,
                card,
                ..
            } => recap::steal_facts(*thief, *victim, *card, out),
            _ => {}
        }
    }
}

/// Makes a ruleset's event enum take the economy's events into its `Trade`, `Dev` and
/// `Award` variants, so the shared rules can push them.
macro_rules! economy_events {
    ($event:ty) => {
        impl From<$crate::rules::events::TradeEvent> for $event {
            fn from(t: $crate::rules::events::TradeEvent) -> $event {
                <$event>::Trade(t)
            }
        }
        impl From<$crate::rules::events::DevEvent> for $event {
            fn from(d: $crate::rules::events::DevEvent) -> $event {
                <$event>::Dev(d)
            }
        }
        impl From<$crate::rules::events::AwardEvent> for $event {
            fn from(a: $crate::rules::events::AwardEvent) -> $event {
                <$event>::Award(a)
            }
        }
    };
}
pub(crate) use economy_events;

/// Makes a ruleset's event enum take [`TableEvent`]s into its `Table` variant.
macro_rules! table_events {
    ($event:ty) => {
        impl From<$crate::rules::events::TableEvent> for $event {
            fn from(t: $crate::rules::events::TableEvent) -> $event {
                <$event>::Table(t)
            }
        }
    };
}
pub(crate) use table_events;

/// A roll in words, its sum and then the two dice: "7 (3+4)".
pub fn dice_words(dice: (u8, u8)) -> String {
    format!("{} ({}+{})", dice.0 + dice.1, dice.0, dice.1)
}

/// A win in words, as the one-board games say it, revealing the winner's victory point
/// cards: "Ann wins with 10 victory points, revealing 1 victory point card!".
pub fn won_words(
    names: &[String],
    seat: Seat,
    viewer: Option<Seat>,
    vp: u32,
    vp_cards: u32,
) -> String {
    let cards = if vp_cards > 0 {
        format!(
            ", revealing {}",
            crate::rules::words::count(vp_cards, "victory point card")
        )
    } else {
        String::new()
    };
    format!(
        "{} with {vp} victory points{cards}!",
        who(names, seat, viewer).cap_does("win")
    )
}
