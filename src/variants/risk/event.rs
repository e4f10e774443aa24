//! What happens in a Risk game, in words for the log. Every battle is told with both sides'
//! dice and losses; armies are public, so only the base events carry secrets.

use super::armies::{Force, UnitKind};
use super::battle::{Die, Round};
use super::control::Hold;
use crate::board::Map;
use crate::engine::Seat;
use crate::rules::resources::Resource;
use crate::rules::words::who;
use crate::topology::{CornerId, EdgeId, HexId};
use crate::variants::base;

/// A piece that changed hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Building(CornerId),
    Road(EdgeId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Base(base::Event),
    /// A free unit from setup or the claim loop.
    Placed {
        seat: Seat,
        hex: HexId,
    },
    /// A setup unit was not placed (R2 c).
    Declined {
        seat: Seat,
    },
    /// One die each for a hex in setup (R2 b); the loser's unit is removed.
    SetupBattle {
        seat: Seat,
        defender: Seat,
        hex: HexId,
        attacker_die: u8,
        defender_die: u8,
        attacker_won: bool,
    },
    /// The claim loop is over: every land hex holds a unit.
    ClaimsDone,
    Bought {
        seat: Seat,
        kind: UnitKind,
        n: u32,
        pay: Resource,
        at: HexId,
    },
    /// Units placed from a besieged building into an enemy hex (R25).
    Sortie {
        seat: Seat,
        hex: HexId,
    },
    Moved {
        seat: Seat,
        force: Force,
        from: HexId,
        to: HexId,
    },
    /// Two players now share a hex and nobody controls it (R7).
    Contest {
        hex: HexId,
        a: Seat,
        b: Seat,
    },
    Melee {
        hex: HexId,
        attacker: Seat,
        defender: Seat,
        round: Round,
    },
    /// A melee ended with one side gone from the hex.
    BattleWon {
        hex: HexId,
        winner: Seat,
        loser: Seat,
    },
    Stopped {
        seat: Seat,
        hex: HexId,
    },
    Retreated {
        seat: Seat,
        from: HexId,
        to: Vec<(HexId, Force)>,
    },
    Barrage {
        seat: Seat,
        from: HexId,
        target: HexId,
        victim: Seat,
        rolls: (u8, Option<u8>),
        killed: Force,
    },
    /// Cannons left alone with an enemy are destroyed (R19).
    CannonsLost {
        seat: Seat,
        hex: HexId,
        n: u32,
    },
    Redeployed {
        seat: Seat,
        force: Force,
        from: HexId,
        to: HexId,
    },
    /// A hex changed hands in the sense of control (R5, R7, R8).
    Hold {
        hex: HexId,
        was: Hold,
        now: Hold,
    },
    Annexed {
        seat: Seat,
        from: Seat,
        piece: Piece,
    },
    Eliminated {
        seat: Seat,
        by: Option<Seat>,
    },
    Resigned {
        seat: Seat,
    },
    Passage {
        from: Seat,
        to: Seat,
        grant: bool,
    },
    /// Largest Army changed after knights went back into the deck.
    LargestArmy {
        holder: Option<Seat>,
    },
    /// The turn clock ran out in a placement or a battle.
    TimedOut {
        seat: Seat,
        what: String,
    },
}

fn dice(d: &[Die]) -> String {
    d.iter()
        .map(|d| {
            format!(
                "{}{}",
                d.face,
                match d.unit {
                    UnitKind::Cavalry => "c",
                    _ => "",
                }
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn lost(f: &Force) -> String {
    if f.is_empty() {
        "nothing".into()
    } else {
        f.words()
    }
}

/// The event in words for one viewer.
pub fn describe(map: &Map, ev: &Event, viewer: Option<Seat>, names: &[String]) -> Option<String> {
    let w = |s: Seat| who(names, s, viewer);
    let h = |x: HexId| map.hex_name(x).to_string();
    let hold = |x: &Hold| match x {
        Hold::Empty => "empty".to_string(),
        Hold::Occupied(p) => format!("occupied by {}", w(*p)),
        Hold::Controlled(p) => format!("controlled by {}", w(*p)),
        Hold::Contested(a, b) => format!("contested by {} and {}", w(*a), w(*b)),
    };
    let s = match ev {
        Event::Base(e) => return base::event::describe(map, e, viewer, names),
        Event::Placed { seat, hex } => {
            format!("{} placed a foot soldier on {}.", w(*seat).cap(), h(*hex))
        }
        Event::Declined { seat } => format!("{} placed no starting unit.", w(*seat).cap()),
        Event::SetupBattle {
            seat,
            defender,
            hex,
            attacker_die,
            defender_die,
            attacker_won,
        } => format!(
            "{} fought {} for {}: {attacker_die} against {defender_die}, {} unit is removed.",
            w(*seat).cap(),
            w(*defender),
            h(*hex),
            if *attacker_won {
                w(*defender).poss()
            } else {
                w(*seat).poss()
            }
        ),
        Event::ClaimsDone => "Every land hex holds an army: the first turn begins.".into(),
        Event::Bought {
            seat,
            kind,
            n,
            pay,
            at,
        } => format!(
            "{} bought {} for {} {pay} and placed {} on {}.",
            w(*seat).cap(),
            kind.counted(*n),
            n * kind.cost(),
            if *n == 1 { "it" } else { "them" },
            h(*at)
        ),
        Event::Sortie { seat, hex } => format!(
            "{} broke out of a siege into {}: the battle is fought to the end.",
            w(*seat).cap(),
            h(*hex)
        ),
        Event::Moved {
            seat,
            force,
            from,
            to,
        } => format!(
            "{} moved {} from {} to {}.",
            w(*seat).cap(),
            force.words(),
            h(*from),
            h(*to)
        ),
        // The hold's change, always just before it, says so in the log.
        Event::Contest { .. } => return None,
        Event::Melee {
            hex,
            attacker,
            defender,
            round,
        } => format!(
            "Battle for {}: {} rolled {} against {} {}; {} lost {}, {} lost {}.",
            h(*hex),
            w(*attacker),
            dice(&round.attacker_dice),
            w(*defender).poss(),
            dice(&round.defender_dice),
            w(*attacker),
            lost(&round.attacker_lost),
            w(*defender),
            lost(&round.defender_lost)
        ),
        Event::BattleWon { hex, winner, loser } => format!(
            "{} won the battle for {}: {} no units left there.",
            w(*winner).cap(),
            h(*hex),
            w(*loser).does("have")
        ),
        Event::Stopped { seat, hex } => {
            format!("{} stopped the attack on {}.", w(*seat).cap(), h(*hex))
        }
        Event::Retreated { seat, from, to } => format!(
            "{} retreated from {}: {}.",
            w(*seat).cap(),
            h(*from),
            to.iter()
                .map(|(x, f)| format!("{} back to {}", f.words(), h(*x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::Barrage {
            seat,
            from,
            target,
            victim,
            rolls,
            killed,
        } => match rolls.1 {
            None => format!(
                "{} cannon in {} fired at {} ({} units) and missed (rolled {}).",
                w(*seat).cap_poss(),
                h(*from),
                h(*target),
                w(*victim).poss(),
                rolls.0
            ),
            Some(second) => format!(
                "{} cannon in {} hit {} (rolled {} then {}): {} lost {}.",
                w(*seat).cap_poss(),
                h(*from),
                h(*target),
                rolls.0,
                second,
                w(*victim),
                lost(killed)
            ),
        },
        Event::CannonsLost { seat, hex, n } => format!(
            "{} {n} unprotected cannon(s) in {} were destroyed.",
            w(*seat).cap_poss(),
            h(*hex)
        ),
        Event::Redeployed {
            seat,
            force,
            from,
            to,
        } => format!(
            "{} redeployed {} from {} to {} along the supply lines.",
            w(*seat).cap(),
            force.words(),
            h(*from),
            h(*to)
        ),
        Event::Hold { hex, was, now } => {
            // Control ends (R8): to everyone else the hex is liberated, its buildings produce
            // again; to the seat that held it, it is control lost (it may have walked out).
            let tail = match (was, now) {
                (Hold::Controlled(a), Hold::Controlled(b)) if a == b => String::new(),
                (Hold::Controlled(a), _) if w(*a).is_you() => " (you no longer control it)".into(),
                (Hold::Controlled(_), _) => format!(" (liberated: it was {})", hold(was)),
                _ => String::new(),
            };
            let nobody = match now {
                Hold::Contested(..) => ": nobody controls it",
                _ => "",
            };
            format!("{} is now {}{nobody}{tail}.", h(*hex), hold(now))
        }
        Event::Annexed { seat, from, piece } => match piece {
            Piece::Building(c) => format!(
                "{} annexed {} building at {}.",
                w(*seat).cap(),
                w(*from).poss(),
                map.corner_name(*c)
            ),
            Piece::Road(e) => format!(
                "{} annexed {} road at {}.",
                w(*seat).cap(),
                w(*from).poss(),
                map.edge_name(*e)
            ),
        },
        Event::Eliminated { seat, by } => match by {
            Some(b) => format!(
                "{} eliminated by {}, who {} {} roads.",
                w(*seat).cap_does("be"),
                w(*b),
                w(*b).verb("take"),
                w(*seat).their()
            ),
            None => format!("{} out of the game.", w(*seat).cap_does("be")),
        },
        Event::Resigned { seat } => format!(
            "{} resigned: {} units stay on the board as neutral defenders.",
            w(*seat).cap(),
            w(*seat).their()
        ),
        Event::Passage { from, to, grant } => format!(
            "{} {} {} passage through {} network.",
            w(*from).cap(),
            if *grant { "granted" } else { "revoked" },
            w(*to),
            w(*from).their()
        ),
        Event::LargestArmy { holder } => match holder {
            Some(s) => format!("{} now {} Largest Army.", w(*s).cap(), w(*s).verb("hold")),
            None => "Nobody holds Largest Army now.".into(),
        },
        Event::TimedOut { seat, what } => format!("{} ran out of time: {what}.", w(*seat).cap()),
    };
    Some(s)
}
