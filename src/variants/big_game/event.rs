//! What happens in a Big Game, and how each event reads to each viewer. A bought development
//! card is named only to its buyer.

use super::Group;
use crate::board::Map;
use crate::engine::{Millis, Seat};
use crate::rules::events::{AwardEvent, DevEvent, TradeEvent, dice_words, economy_events};
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::words::{and_list, cap, who};
use crate::topology::{CornerId, EdgeId, HexId};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Setup: resources taken around one starting settlement.
    Collected {
        seat: Seat,
        at: CornerId,
        got: ResourceSet,
    },
    /// A round begins for a group, until `deadline` (game time); `length` is what players are
    /// told, since game time since the host started means nothing to them.
    RoundStarted {
        round: u32,
        group: Group,
        deadline: Millis,
        length: Millis,
    },
    /// The one roll for every board.
    Rolled {
        dice: (u8, u8),
    },
    /// Production: what each seat got, resources a board's bank could not pay (board, resource),
    /// and hexes with the number that robbers blocked.
    Produced {
        number: u8,
        gains: Vec<(Seat, ResourceSet)>,
        short: Vec<(usize, Resource)>,
        blocked: Vec<HexId>,
    },
    MustDiscard {
        owed: Vec<(Seat, u32)>,
    },
    Discarded {
        seat: Seat,
        cards: ResourceSet,
        forced: bool,
    },
    /// After a 7: boards whose robbers stayed (a seat there is in its first 15 turns), the
    /// robbers' roll if any board's robbers moved, and each move (territory, from, to).
    Robbers {
        still: Vec<usize>,
        dice: Option<(u8, u8)>,
        moved: Vec<(usize, HexId, HexId)>,
    },
    Settled {
        seat: Seat,
        at: CornerId,
        /// The first settlement in a foreign starting territory: 2 more VP.
        bonus: bool,
    },
    Citied {
        seat: Seat,
        at: CornerId,
        free: bool,
    },
    Roaded {
        seat: Seat,
        at: EdgeId,
        free: bool,
    },
    Shipped {
        seat: Seat,
        at: EdgeId,
        free: bool,
    },
    ShipMoved {
        seat: Seat,
        from: EdgeId,
        to: EdgeId,
    },
    /// A Knight: a robber sent home from `robber.0` to `robber.1`, and the card taken (the
    /// Big Game's own Knight; the other cards' events are the shared ones).
    PlayedKnight {
        seat: Seat,
        robber: Option<(HexId, HexId)>,
        got: Option<Resource>,
    },
    /// Development cards bought and played (Road Building gives two roads or ships).
    Dev(DevEvent),
    /// Bank trades and offers between players: the shared offer book's events.
    Trade(TradeEvent),
    /// Longest Road and Largest Army changing hands.
    Award(AwardEvent),
    /// A seat said it is done for the round.
    Ended {
        seat: Seat,
    },
    RoundEnded {
        round: u32,
    },
    /// The clock ran out and the host acted for the seat.
    TimedOut {
        seat: Seat,
        what: String,
    },
    /// A person took over the seat.
    TakenOver {
        seat: Seat,
    },
    /// The game is over: at the VP target, or at the round limit.
    Over {
        winners: Vec<Seat>,
        vp: u32,
        by_limit: bool,
    },
}

economy_events!(Event);

fn free(f: bool) -> &'static str {
    if f { " (free)" } else { "" }
}

/// Entries of a list sorted by seat that lie near the viewer (the board ranges found by
/// binary search, so a hall's viewer does not read everyone's entry).
fn near_entries<'a, T>(
    map: &Map,
    viewer: Option<Seat>,
    list: &'a [(Seat, T)],
) -> Vec<&'a (Seat, T)> {
    near_on_boards(map, viewer, list, |(s, _)| *s as usize / 2)
}

/// Entries of a list sorted by board (`board_of`) that lie on a seated viewer's board or a
/// neighbour, in the list's order (everything elsewhere, and for spectators). A hall's lists
/// name thousands of seats, boards or hexes, and each of thousands of viewers reads only its
/// three boards' ranges, found by binary search.
fn near_on_boards<'a, T>(
    map: &Map,
    viewer: Option<Seat>,
    list: &'a [T],
    board_of: impl Fn(&T) -> usize,
) -> Vec<&'a T> {
    let k = map.boards().len();
    match viewer.filter(|_| k > super::HALL_BOARDS) {
        None => list.iter().collect(),
        Some(v) => {
            debug_assert!(list.is_sorted_by_key(&board_of), "sorted by board");
            let b = v as usize / 2;
            let mut boards = [(b + k - 1) % k, b, (b + 1) % k];
            boards.sort_unstable();
            let mut out = Vec::new();
            for (i, nb) in boards.iter().enumerate() {
                if i > 0 && boards[i - 1] == *nb {
                    continue;
                }
                let lo = list.partition_point(|x| board_of(x) < *nb);
                let hi = list.partition_point(|x| board_of(x) <= *nb);
                out.extend(&list[lo..hi]);
            }
            out
        }
    }
}

/// The event in words for one viewer. In a hall, events about everyone (production, discards
/// owed, robbers) name only the seats and boards near a seated viewer.
pub fn describe(map: &Map, ev: &Event, viewer: Option<Seat>, names: &[String]) -> Option<String> {
    let w = |s: Seat| who(names, s, viewer);
    let s = match ev {
        Event::Collected { seat, at, got } => format!(
            "{} took {got} around the settlement at {}.",
            w(*seat).cap(),
            map.corner_name(*at)
        ),
        Event::RoundStarted {
            round,
            group,
            length,
            ..
        } => format!(
            "Round {round}: the {} group plays for {} s.",
            group.name(),
            length / 1000
        ),
        Event::Rolled { dice } => format!("The dice for every board: {}.", dice_words(*dice)),
        Event::Produced {
            number,
            gains,
            short,
            blocked,
        } => {
            let mut parts: Vec<String> = near_entries(map, viewer, gains)
                .into_iter()
                .filter(|(_, g)| !g.is_empty())
                .map(|(s, g)| format!("{} {g}", w(*s)))
                .collect();
            if parts.is_empty() {
                parts.push("nobody gets anything".into());
            }
            let mut s = format!("{number} produces: {}.", parts.join(", "));
            for (b, r) in near_on_boards(map, viewer, short, |(b, _)| *b) {
                s.push_str(&format!(" Board {}'s bank is short of {r}.", b + 1));
            }
            let blocked = near_on_boards(map, viewer, blocked, |h| map.board_of_hex(*h));
            if !blocked.is_empty() {
                let names: Vec<&str> = blocked.iter().map(|h| map.hex_name(**h)).collect();
                s.push_str(&format!(" Robbers block {}.", names.join(", ")));
            }
            s
        }
        Event::MustDiscard { owed } => {
            let parts: Vec<String> = near_entries(map, viewer, owed)
                .into_iter()
                .map(|(s, n)| format!("{} {n}", w(*s)))
                .collect();
            if parts.is_empty() {
                return Some("A 7: hands of 8 or more discard half.".into());
            }
            format!(
                "A 7: hands of 8 or more discard half ({}).",
                parts.join(", ")
            )
        }
        Event::Discarded {
            seat,
            cards,
            forced,
        } => format!(
            "{} discarded {cards}{}.",
            w(*seat).cap(),
            if *forced {
                " (at random, time ran out)"
            } else {
                ""
            }
        ),
        Event::Robbers { still, dice, moved } => {
            let mut s = String::new();
            if let Some(d) = dice {
                s.push_str(&format!("The robbers' roll: {}.", dice_words(*d)));
                for (_, from, to) in near_on_boards(map, viewer, moved, |(t, _, _)| t / 2) {
                    s.push_str(&format!(
                        " A robber moves from {} to {}.",
                        map.hex_name(*from),
                        map.hex_name(*to)
                    ));
                }
            }
            let still = near_on_boards(map, viewer, still, |b| *b);
            if !still.is_empty() {
                let b: Vec<String> = still.iter().map(|b| (*b + 1).to_string()).collect();
                if !s.is_empty() {
                    s.push(' ');
                }
                s.push_str(&if b.len() == 1 {
                    format!(
                        "The robber of board {} stays put (a player there is in their first 15 turns).",
                        b[0]
                    )
                } else {
                    format!(
                        "The robbers of boards {} stay put (a player there is in their first 15 turns).",
                        b.join(", ")
                    )
                });
            }
            if s.is_empty() {
                return None;
            }
            s
        }
        Event::Settled { seat, at, bonus } => format!(
            "{} built a settlement at {}{}.",
            w(*seat).cap(),
            map.corner_name(*at),
            if *bonus {
                " in a foreign territory: 2 extra victory points"
            } else {
                ""
            }
        ),
        Event::Citied { seat, at, free: f } => format!(
            "{} built a city at {}{}.",
            w(*seat).cap(),
            map.corner_name(*at),
            free(*f)
        ),
        Event::Roaded { seat, at, free: f } => format!(
            "{} built a road at {}{}.",
            w(*seat).cap(),
            map.edge_name(*at),
            free(*f)
        ),
        Event::Shipped { seat, at, free: f } => format!(
            "{} built a ship at {}{}.",
            w(*seat).cap(),
            map.edge_name(*at),
            free(*f)
        ),
        Event::ShipMoved { seat, from, to } => format!(
            "{} moved a ship from {} to {}.",
            w(*seat).cap(),
            map.edge_name(*from),
            map.edge_name(*to)
        ),
        Event::PlayedKnight { seat, robber, got } => {
            let mut s = format!("{} played a Knight", w(*seat).cap());
            if let Some((from, to)) = robber {
                s.push_str(&format!(
                    ": the robber on {} goes back to {}",
                    map.hex_name(*from),
                    map.hex_name(*to)
                ));
            }
            match got {
                Some(r) => s.push_str(&format!(" and takes 1 {r}.")),
                None => s.push('.'),
            }
            s
        }
        Event::Dev(DevEvent::PlayedRoadBuilding { seat }) => format!(
            "{} played Road Building: 2 free roads or ships.",
            w(*seat).cap()
        ),
        Event::Dev(DevEvent::PlayedYearOfPlenty { seat, got }) => {
            format!("{} played Year of Plenty: {got}.", w(*seat).cap())
        }
        Event::Dev(d) => d.describe(viewer, names),
        Event::Trade(t) => t.describe(viewer, names),
        Event::Award(a) => a.describe(viewer, names),
        Event::Ended { seat } => {
            format!("{} done for this round.", w(*seat).cap_does("be"))
        }
        Event::RoundEnded { round } => format!("Round {round} is over."),
        Event::TimedOut { seat, what } => format!("Time ran out for {}: {what}.", w(*seat)),
        Event::TakenOver { seat } => format!("A new player takes over seat {}.", seat + 1),
        Event::Over {
            winners,
            vp,
            by_limit,
        } => {
            let list: Vec<_> = winners.iter().map(|s| w(*s)).collect();
            let win = match list.as_slice() {
                [one] => one.verb("win"),
                [] => "wins".into(),
                _ => "win".into(),
            };
            format!(
                "The game is over{}: {} {win} with {vp} victory points.",
                if *by_limit { " (round limit)" } else { "" },
                cap(and_list(&list)),
            )
        }
    };
    Some(s)
}
