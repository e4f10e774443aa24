//! What happens in a base game, and how each event reads to each viewer. Secrets (a stolen
//! card, a bought development card) are named only to the seats that may know them.

use crate::board::Map;
use crate::engine::Seat;
use crate::rules::events::{
    AwardEvent, DevEvent, TableEvent, TradeEvent, dice_words, economy_events, table_events,
    won_words,
};
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::words::who;
use crate::topology::HexId;
use smallvec::SmallVec;

/// Resources the bank could not pay on a roll: at most all five, so never on the heap (and no
/// bigger than a `Vec`: events stay small to move).
pub type Shortages = SmallVec<[Resource; 5]>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Turn order decided; `first` starts.
    Started {
        first: Seat,
    },
    /// Pieces built, the starting resources, discards and the robber's move.
    Table(TableEvent),
    Rolled {
        seat: Seat,
        dice: (u8, u8),
    },
    /// Production of a roll: what each seat got, resources the bank could not pay, and the
    /// hex the robber blocked.
    Produced {
        number: u8,
        gains: Vec<(Seat, ResourceSet)>,
        short: Shortages,
        blocked: Option<HexId>,
    },
    /// Seats that must discard after a 7, and how many.
    MustDiscard {
        owed: Vec<(Seat, u32)>,
    },
    /// Development cards bought and played.
    Dev(DevEvent),
    /// Bank trades and offers between players: the shared offer book's events.
    Trade(TradeEvent),
    /// Longest Road and Largest Army changing hands.
    Award(AwardEvent),
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    /// The clock ran out and the host acted for the seat.
    TimedOut {
        seat: Seat,
        what: String,
    },
    Won {
        seat: Seat,
        vp: u32,
        vp_cards: u32,
    },
    /// The 5–6 player extension: `seat` may now build and buy development cards (only that)
    /// before the next turn.
    SpecialBuild {
        seat: Seat,
    },
}

economy_events!(Event);
table_events!(Event);

/// The event in words for one viewer.
pub fn describe(map: &Map, ev: &Event, viewer: Option<Seat>, names: &[String]) -> Option<String> {
    let w = |s: Seat| who(names, s, viewer);
    let s = match ev {
        Event::Started { first } => {
            format!("The game begins: {} first.", w(*first).does("place"))
        }
        Event::Table(t) => t.describe(map, viewer, names),
        Event::Rolled { seat, dice } => {
            format!("{} rolled {}.", w(*seat).cap(), dice_words(*dice))
        }
        Event::Produced {
            number,
            gains,
            short,
            blocked: robber,
        } => {
            let mut parts: Vec<String> = gains
                .iter()
                .filter(|(_, g)| !g.is_empty())
                .map(|(s, g)| format!("{} {g}", w(*s).does("get")))
                .collect();
            if parts.is_empty() {
                parts.push("nobody gets anything".into());
            }
            let mut line = format!("{number}: {}", parts.join("; "));
            if !short.is_empty() {
                let names: Vec<&str> = short.iter().map(|r| r.name()).collect();
                line += &format!(
                    " (the bank is short of {}: nobody gets it)",
                    names.join(", ")
                );
            }
            if let Some(h) = robber {
                line += &format!(" (the robber blocks {})", map.hex_name(*h));
            }
            line + "."
        }
        Event::MustDiscard { owed } => format!(
            "Seven! Hands over the limit lose half: {}.",
            crate::rules::words::discards_owed(owed, names, viewer)
        ),
        Event::Dev(d) => d.describe(viewer, names),
        Event::Trade(t) => t.describe(viewer, names),
        Event::Award(a) => a.describe(viewer, names),
        Event::TurnStarted { seat, turn } => {
            if viewer == Some(*seat) {
                format!("Turn {turn}: your turn. Roll the dice (`roll`).")
            } else {
                format!("Turn {turn}: {} turn.", w(*seat).poss())
            }
        }
        Event::TimedOut { seat, what } => format!("Time ran out for {}: {what}.", w(*seat)),
        Event::Won { seat, vp, vp_cards } => won_words(names, *seat, viewer, *vp, *vp_cards),
        Event::SpecialBuild { seat } => {
            if viewer == Some(*seat) {
                "Your special build: build or buy development cards (no trading, no cards played), then `end`.".to_string()
            } else {
                format!("Special build: {} may build.", w(*seat))
            }
        }
    };
    Some(s)
}
