//! What happens in an Adaptations game, and the words for it. Drawn cards are told only to
//! their holder; everything else is public (A36).

use super::drift::name;
use super::herds::Step;
use super::{Adaptation, Pile, Score};
use crate::engine::Seat;
use crate::geometry::Hex;
use crate::rules::resources::{Resource, ResourceSet, Terrain};
use crate::rules::words::{Who, and_list, cap, who};

/// Which play moved a land tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DriftHow {
    /// 1a: one card.
    Card,
    /// 1d: three matching cards.
    Triple,
    /// 2a: 4 action points.
    Action,
}

/// Why a Territorial declaration removed nothing (A26: removal stops before the next herd
/// would be the declarer's, or when only the declarer's herds remain).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// The declarer has no herd left there (the excess took them).
    NoHerd,
    /// Only the declarer's herds are left there.
    OnlyYours,
    /// The next herd to go is the declarer's: its Aggressive count and the lowest of the
    /// others there (equal: the turn in the rotation falls on the declarer).
    YoursNext { yours: u32, least: u32 },
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Placed {
        seat: Seat,
        a: Hex,
        b: Hex,
    },
    /// A new turn: phase 1 starts with the active player.
    TurnStarted {
        active: Seat,
        turn: u32,
    },
    Drifted {
        seat: Seat,
        from: Hex,
        to: Hex,
        land: Terrain,
        how: DriftHow,
        /// Herds left behind as swimmers.
        swimmers: u32,
    },
    WaterDrift {
        seat: Seat,
        card: Resource,
        from: Hex,
        to: Hex,
        /// Herds drowned at the destination, by seat.
        drowned: Vec<(Seat, u32)>,
    },
    Season {
        seat: Seat,
        high: Resource,
        low: Resource,
    },
    TripleSeason {
        seat: Seat,
        card: Resource,
        pile: Pile,
    },
    Discarded {
        seat: Seat,
        cards: ResourceSet,
        marker: bool,
    },
    /// A sub-turn (or a Territorial holder's declarations) ended.
    Done {
        seat: Seat,
        timeout: bool,
    },
    /// Private: the cards drawn.
    Drew {
        seat: Seat,
        cards: ResourceSet,
    },
    Reshuffled {
        cards: u32,
    },
    GameEndCard {
        count: u32,
    },
    /// Phase 2 begins for a seat.
    Income {
        seat: Seat,
        ap: u32,
        pool: u32,
    },
    Cleared {
        seat: Seat,
        pile: Pile,
        card: Resource,
    },
    Bought {
        seat: Seat,
        adaptation: Adaptation,
    },
    TradedIn {
        seat: Seat,
        adaptation: Adaptation,
    },
    Moved {
        seat: Seat,
        steps: Vec<Step>,
        swim: bool,
    },
    Reproduced {
        seat: Seat,
        hexes: Vec<Hex>,
    },
    ConflictPhase,
    Declared {
        seat: Seat,
        hex: Hex,
    },
    /// A declaration that removed nothing, and why (A26).
    DeclarationHeld {
        seat: Seat,
        hex: Hex,
        why: Held,
    },
    RetreatAsked {
        seat: Seat,
        hex: Hex,
    },
    Retreated {
        seat: Seat,
        from: Hex,
        to: Hex,
    },
    Removed {
        seat: Seat,
        hex: Hex,
    },
    ConflictVp {
        seat: Seat,
        hex: Hex,
        vp: u32,
    },
    SwimmersLost {
        seat: Seat,
        hex: Hex,
        n: u32,
    },
    TurnLimit {
        turns: u32,
    },
    GameOver {
        scores: Vec<Score>,
        winners: Vec<Seat>,
    },
}

fn herds(n: u32) -> String {
    if n == 1 {
        "1 herd".into()
    } else {
        format!("{n} herds")
    }
}

/// Some of a seat's herds: "1 of your herds", "2 of Ann's herds".
fn herds_of(n: u32, whose: &Who) -> String {
    if n == 1 {
        format!("1 of {} herds", whose.poss())
    } else {
        format!("{n} of {} herds", whose.poss())
    }
}

/// The event in words for one viewer, as a sentence (capital first, no full stop: the log
/// reads as a list of what happened).
pub fn describe(ev: &Event, viewer: Option<Seat>, names: &[String]) -> Option<String> {
    let w = |s: &Seat| who(names, *s, viewer);
    Some(cap(match ev {
        Event::Placed { seat, a, b } => {
            if a == b {
                format!("{} placed 2 herds on {}", w(seat), name(*a))
            } else {
                format!("{} placed herds on {} and {}", w(seat), name(*a), name(*b))
            }
        }
        Event::TurnStarted { active, turn } => {
            format!(
                "turn {turn}: {} the active player; climate change",
                w(active).does("be")
            )
        }
        Event::Drifted {
            seat,
            from,
            to,
            land,
            how,
            swimmers,
        } => {
            let by = match how {
                DriftHow::Card => "with a card",
                DriftHow::Triple => "with a triple",
                DriftHow::Action => "for 4 AP",
            };
            let mut s = format!(
                "{} drifted the {} at {} to {} ({by})",
                w(seat),
                land.name(),
                name(*from),
                name(*to)
            );
            if *swimmers > 0 {
                s.push_str(&format!(
                    "; {} left swimming at {}",
                    herds(*swimmers),
                    name(*from)
                ));
            }
            s
        }
        Event::WaterDrift {
            seat,
            card,
            from,
            to,
            drowned,
        } => {
            let mut s = format!(
                "{} moved the sea at {} to {} (2 {card})",
                w(seat),
                name(*from),
                name(*to)
            );
            for (d, n) in drowned {
                s.push_str(&format!("; {} drowned", herds_of(*n, &w(d))));
            }
            s
        }
        Event::Season { seat, high, low } => {
            format!("{} changed the seasons: High {high}, Low {low}", w(seat))
        }
        Event::TripleSeason { seat, card, pile } => {
            format!(
                "{} put {card} on the {} Season (triple)",
                w(seat),
                pile.name()
            )
        }
        Event::Discarded {
            seat,
            cards,
            marker,
        } => format!(
            "{} discarded {cards}{}",
            w(seat),
            if *marker {
                " and took a bonus marker"
            } else {
                ""
            }
        ),
        Event::Done { seat, timeout } => {
            if *timeout {
                format!("{} ran out of time", w(seat))
            } else {
                format!("{} done", w(seat).does("be"))
            }
        }
        Event::Drew { seat, cards } => {
            if Some(*seat) == viewer {
                format!("you drew {cards}")
            } else {
                format!("{} drew {} cards", w(seat), cards.total())
            }
        }
        Event::Reshuffled { cards } => {
            format!("the discard pile ({cards} cards) was shuffled into a new draw pile")
        }
        Event::GameEndCard { count } => {
            format!("a full set left the discard pile: Game End {count} of 15")
        }
        Event::Income { seat, ap, pool } => {
            format!(
                "evolution: {} {ap} AP ({pool} in the pool)",
                w(seat).does("gain")
            )
        }
        Event::Cleared { seat, pile, card } => format!(
            "{} discarded the {} Season card ({card}) for 3 AP",
            w(seat),
            pile.name()
        ),
        Event::Bought { seat, adaptation } => {
            format!(
                "{} bought {} for {} AP",
                w(seat),
                adaptation.name(),
                adaptation.cost()
            )
        }
        Event::TradedIn { seat, adaptation } => format!(
            "{} traded in {} for {} AP",
            w(seat),
            adaptation.name(),
            adaptation.refund()
        ),
        Event::Moved { seat, steps, swim } => {
            let steps: Vec<String> = steps
                .iter()
                .map(|s| format!("{} from {} to {}", herds(s.n), name(s.from), name(s.to)))
                .collect();
            let steps = match steps.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("{} and {last}", rest.join(", "))
                }
                _ => steps.concat(),
            };
            if *swim {
                format!("{} moved {steps} by water", w(seat))
            } else {
                format!("{} migrated {steps}", w(seat))
            }
        }
        Event::Reproduced { seat, hexes } => format!(
            "{} reproduced on {}",
            w(seat),
            hexes
                .iter()
                .map(|h| name(*h))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Event::ConflictPhase => "conflict: overcrowded hexes are resolved".into(),
        Event::Declared { seat, hex } => {
            format!("{} declared a conflict at {}", w(seat), name(*hex))
        }
        Event::DeclarationHeld { seat, hex, why } => {
            let p = w(seat).poss();
            let because = match why {
                Held::NoHerd => format!("{p} herds there are gone"),
                Held::OnlyYours => format!("only {p} herds are left there"),
                Held::YoursNext { yours, least } if yours < least => format!(
                    "the least aggressive lose herds first, so the next would be one of {p} own (Aggressive {yours} against {least})"
                ),
                Held::YoursNext { yours, .. } => format!(
                    "the next herd to go in turn would be one of {p} own (tied at Aggressive {yours})"
                ),
            };
            format!(
                "conflict at {}: {p} declaration removes nothing, as {because}",
                name(*hex)
            )
        }
        Event::RetreatAsked { seat, hex } => {
            format!(
                "{} a herd at {}: retreat or stay?",
                w(seat).does("lose"),
                name(*hex)
            )
        }
        Event::Retreated { seat, from, to } => format!(
            "conflict at {}: {} retreated a herd to {}",
            name(*from),
            w(seat),
            name(*to)
        ),
        Event::Removed { seat, hex } => {
            format!("conflict at {}: {} lost a herd", name(*hex), w(seat))
        }
        Event::ConflictVp { seat, hex, vp } => {
            format!("{} won the conflict at {} (+{vp} VP)", w(seat), name(*hex))
        }
        Event::SwimmersLost { seat, hex, n } => {
            format!(
                "{} drowned at {} (swimmers)",
                herds_of(*n, &w(seat)),
                name(*hex)
            )
        }
        Event::TurnLimit { turns } => format!("the turn limit ({turns}) is reached"),
        Event::GameOver { scores, winners } => {
            let mut s = format!(
                "game over: {} won",
                and_list(&winners.iter().map(w).collect::<Vec<_>>())
            );
            for (i, sc) in scores.iter().enumerate() {
                s.push_str(&format!(
                    "; {} {} VP (land {}, conflict {}, adaptations {})",
                    w(&(i as Seat)),
                    sc.total,
                    sc.land,
                    sc.conflict,
                    sc.adaptations
                ));
            }
            s
        }
    }))
}
