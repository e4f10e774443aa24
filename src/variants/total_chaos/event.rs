//! What happens in a Total Chaos game, and how each event reads to each viewer. Secrets (a
//! stolen card taken at random, a bought development card) are named only to the seats that
//! may know them; production, claims and the dice are public, as on a real table.

use super::RoundTally;
use crate::board::Map;
use crate::engine::Seat;
use crate::rules::events::{
    AwardEvent, DevEvent, TableEvent, TradeEvent, economy_events, table_events, won_words,
};
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::words::who;
use crate::topology::HexId;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A phase began; it ends at `ends_at` unless everyone votes ready first.
    PhaseStarted {
        phase: &'static str,
        round: u32,
        ends_at: Option<u64>,
    },
    /// Everyone voted ready: the phase ended early.
    AllReady {
        phase: &'static str,
    },
    Ready {
        seat: Seat,
    },
    Unready {
        seat: Seat,
    },
    /// Pieces built, the starting resources, discards and the robber's move.
    Table(TableEvent),
    /// One pair of dice per seat.
    Rolled {
        dice: Vec<(u8, u8)>,
    },
    /// What the rolls owe each seat (the robber's hex produces nothing).
    Owed {
        owed: Vec<ResourceSet>,
        blocked: Option<HexId>,
    },
    /// A 7 was rolled: `seat` controls the robber, with one steal per 7.
    RobberHolder {
        seat: Seat,
        steals: u8,
    },
    /// A claim: what the bank paid, and what it could not.
    Claimed {
        seat: Seat,
        got: ResourceSet,
        short: ResourceSet,
    },
    /// Unclaimed production served at the phase's end (in random order), and what the bank
    /// could not pay.
    Served {
        seat: Seat,
        got: ResourceSet,
        lost: ResourceSet,
    },
    MustDiscard {
        owed: Vec<(Seat, u32)>,
    },
    StealAsked {
        thief: Seat,
        victim: Seat,
        card: Resource,
    },
    StealRefused {
        thief: Seat,
        victim: Seat,
    },
    /// Steals not made before the clock ran out.
    StealsLost {
        seat: Seat,
        n: u8,
    },
    /// Development cards bought and played.
    Dev(DevEvent),
    /// Bank trades and offers between players: the shared offer book's events.
    Trade(TradeEvent),
    /// Longest Road and Largest Army changing hands.
    Award(AwardEvent),
    /// The clock ran out and the host acted for the seat.
    TimedOut {
        seat: Seat,
        what: String,
    },
    /// The cooldown's summary of the round, per seat.
    Summary {
        round: u32,
        tally: Vec<RoundTally>,
    },
    Won {
        seat: Seat,
        vp: u32,
        vp_cards: u32,
    },
}

economy_events!(Event);
table_events!(Event);

/// A phase's name in words.
pub fn phase_words(phase: &str) -> &'static str {
    match phase {
        "setup" => "initial placement",
        "resource" => "resource phase",
        "robber-discard" => "robber phase, part 1 (discards)",
        "robber-steal" => "robber phase, part 2 (move and steal)",
        "build" => "building and trading phase",
        "cooldown" => "cooldown",
        _ => "game over",
    }
}

fn tally_words(t: &RoundTally) -> String {
    let mut parts = Vec::new();
    if !t.produced.is_empty() {
        parts.push(format!("got {}", t.produced));
    }
    if t.stole > 0 {
        parts.push(format!("stole {}", t.stole));
    }
    if t.lost > 0 {
        parts.push(format!("lost {}", t.lost));
    }
    let mut built = Vec::new();
    for (n, what) in [
        (t.roads, "road"),
        (t.settlements, "settlement"),
        (t.cities, "city"),
        (t.dev_cards, "development card"),
    ] {
        if n > 0 {
            built.push(format!("{n} {what}{}", if n > 1 { "s" } else { "" }));
        }
    }
    if !built.is_empty() {
        parts.push(format!("built {}", built.join(", ")));
    }
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// The event in words for one viewer.
pub fn describe(map: &Map, ev: &Event, viewer: Option<Seat>, names: &[String]) -> Option<String> {
    let w = |s: Seat| who(names, s, viewer);
    let s = match ev {
        Event::PhaseStarted {
            phase,
            round,
            ends_at: _,
        } => {
            if *phase == "setup" {
                return None;
            }
            format!("Round {round}: {}.", phase_words(phase))
        }
        Event::AllReady { phase } => {
            format!("Everyone is ready: the {} ends.", phase_words(phase))
        }
        Event::Ready { seat } => format!("{} {} ready.", w(*seat).cap(), w(*seat).verb("be")),
        Event::Unready { seat } => format!(
            "{} {} not ready any more.",
            w(*seat).cap(),
            w(*seat).verb("be")
        ),
        Event::Table(t) => t.describe(map, viewer, names),
        Event::Rolled { dice } => {
            let parts: Vec<String> = dice
                .iter()
                .enumerate()
                .map(|(s, d)| format!("{} {}", w(s as Seat), d.0 + d.1))
                .collect();
            format!("Dice: {}.", parts.join(", "))
        }
        Event::Owed { owed, blocked } => {
            let mut parts: Vec<String> = owed
                .iter()
                .enumerate()
                .filter(|(_, o)| !o.is_empty())
                .map(|(s, o)| format!("{} {o}", w(s as Seat)))
                .collect();
            if parts.is_empty() {
                parts.push("nobody".into());
            }
            let mut line = format!("Owed: {}", parts.join("; "));
            if let Some(h) = blocked {
                line += &format!(" (the robber blocks {})", map.hex_name(*h));
            }
            if viewer.is_some_and(|v| owed.get(v as usize).is_some_and(|o| !o.is_empty())) {
                line += " — claim yours";
            }
            line + "."
        }
        Event::RobberHolder { seat, steals } => format!(
            "Seven! {} {} the robber ({steals} steal{}).",
            w(*seat).cap(),
            w(*seat).verb("control"),
            if *steals > 1 { "s" } else { "" }
        ),
        Event::Claimed { seat, got, short } => {
            let mut s = format!("{} claimed {got}", w(*seat).cap());
            if !short.is_empty() {
                s += &format!(" (the bank is out of {short})");
            }
            s + "."
        }
        Event::Served { seat, got, lost } => {
            let mut s = format!(
                "{} {} {got} unclaimed",
                w(*seat).cap(),
                w(*seat).verb("get")
            );
            if !lost.is_empty() {
                s += &format!(" (the bank is out: {lost} lost)");
            }
            s + "."
        }
        Event::MustDiscard { owed } => {
            if owed.is_empty() {
                "Nobody has 8 or more cards to discard.".into()
            } else {
                format!(
                    "Hands over the limit lose half: {}.",
                    crate::rules::words::discards_owed(owed, names, viewer)
                )
            }
        }
        Event::StealAsked {
            thief,
            victim,
            card,
        } => {
            let tail = if viewer == Some(*victim) {
                " — `agree` or `refuse`"
            } else {
                ""
            };
            format!(
                "{} {} {} for 1 {card}{tail}.",
                w(*thief).cap(),
                w(*thief).verb("ask"),
                w(*victim)
            )
        }
        Event::StealRefused { thief, victim } => format!(
            "{} refused to give {} the card asked for.",
            w(*victim).cap(),
            w(*thief)
        ),
        Event::StealsLost { seat, n } => format!(
            "Time! {} {} {n} steal{}.",
            w(*seat).cap(),
            w(*seat).verb("lose"),
            if *n > 1 { "s" } else { "" }
        ),
        // A card bought now waits for the next building phase; both roads come with the card.
        Event::Dev(DevEvent::Bought { seat, card }) if viewer == Some(*seat) => format!(
            "You bought a development card: {card} (playable from the next building phase)."
        ),
        Event::Dev(DevEvent::PlayedRoadBuilding { seat }) => {
            format!("{} played Road Building.", w(*seat).cap())
        }
        Event::Dev(d) => d.describe(viewer, names),
        Event::Trade(t) => t.describe(viewer, names),
        Event::Award(a) => a.describe(viewer, names),
        Event::TimedOut { seat, what } => format!("Time ran out for {}: {what}.", w(*seat)),
        Event::Summary { round, tally } => {
            let parts: Vec<String> = tally
                .iter()
                .enumerate()
                .map(|(s, t)| format!("{} {}", w(s as Seat), tally_words(t)))
                .collect();
            format!("Round {round} summary: {}.", parts.join("; "))
        }
        Event::Won { seat, vp, vp_cards } => won_words(names, *seat, viewer, *vp, *vp_cards),
    };
    Some(s)
}
