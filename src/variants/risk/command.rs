//! Risk of Catan's commands: every base command, and the army commands (`place`, `buy
//! armies`, `move`, `attack`, `stop`, `retreat`, `barrage`, `redeploy`, `passage`, `resign`).

use super::armies::{Force, UnitKind};
use crate::board::Map;
use crate::engine::{RuleError, Seat};
use crate::rules::resources::Resource;
use crate::rules::words::{resource, seat_arg};
use crate::topology::HexId;
use crate::variants::base;

/// Everything a seat can ask for in a Risk game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// A base command (build, trade, roll, robber, cards, end).
    Base(base::Command),
    /// A free unit in setup or the claim loop; `None` declines a setup battle (R2).
    Place(Option<HexId>),
    /// Buy `n` units of one type, paid in `pay`, placed on `at` (R22–R25).
    Buy {
        kind: UnitKind,
        n: u32,
        pay: Resource,
        at: HexId,
    },
    /// Move units from a hex to a neighbour, or two steps through `via` (cavalry).
    Move {
        force: Force,
        from: HexId,
        to: HexId,
        via: Option<HexId>,
    },
    /// A melee round in `hex`: `dice` dice, `cavalry` of them rolled by cavalry; `None` rolls
    /// the most dice allowed, cavalry first.
    Attack {
        hex: HexId,
        dice: Option<(u32, u32)>,
    },
    /// Stop a melee (the hex stays contested).
    Stop,
    /// Units that entered the battle's hex this turn go back where they came from.
    Retreat,
    /// A cannon in `from` fires at `target` (naming `victim` when two opponents are there).
    Barrage {
        from: HexId,
        target: HexId,
        victim: Option<Seat>,
    },
    /// The end-of-turn transfer along supply lines; ends the turn (R32).
    Redeploy {
        force: Force,
        from: HexId,
        to: HexId,
    },
    /// Grant or revoke passage through your network (R31).
    Passage { to: Seat, grant: bool },
    /// Leave the game; your pieces stay as neutral (R40).
    Resign,
}

pub const HELP: &str = "\
Risk of Catan: every base command (roll, settle, road, city, buy dev, play, bank, offer,
accept, decline, counter, cancel, discard, robber, end), and the armies:
  place C                    a free foot soldier (in setup, and while claiming the
                             starting hexes); `place none` declines a setup battle
  buy armies 2 foot with wool at C
                             units of one type, paid in the turn's one declared resource
                             (foot 1, cavalry 2, cannon 3 cards each), at most your VP a turn
  move 2 foot 1 cavalry from C to D [via E]
                             one step (cavalry two, `via` the middle hex)
  attack D [dice 3 [cavalry 1]]
                             a melee round; then `attack D` again, `stop` or `retreat`
  barrage C at E [seat 2]    a cannon in C fires at E (range 2, once a turn each)
  redeploy 3 foot from C to D
                             along your supply lines; ends the turn
  passage grant 2 | passage revoke 2
                             let seat 2 march through your hexes, or stop it
  resign                     leave; your units stay as neutral defenders
  legal                      list the commands you may send now";

fn hex(map: &Map, s: Option<&&str>, what: &str) -> Result<HexId, RuleError> {
    let s = s.ok_or_else(|| RuleError::new(format!("`{what}` needs a hex")))?;
    map.parse_hex(s).map_err(RuleError)
}

/// The words after `key` up to the next of `stops`.
fn split_at<'a>(words: &'a [&'a str], key: &str) -> Option<(&'a [&'a str], &'a [&'a str])> {
    let i = words.iter().position(|w| w.eq_ignore_ascii_case(key))?;
    Some((&words[..i], &words[i + 1..]))
}

/// Reads one command.
pub fn parse(map: &Map, seats: usize, text: &str) -> Result<Command, RuleError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Err(RuleError::new("empty command; `help` lists them"));
    };
    let extra = |used: usize| -> Result<(), RuleError> {
        if words.len() > used {
            return Err(RuleError::new(format!(
                "unexpected `{}` after the command",
                words[used..].join(" ")
            )));
        }
        Ok(())
    };
    let cmd = match first.to_ascii_lowercase().as_str() {
        "place" => {
            let w = words
                .get(1)
                .ok_or_else(|| RuleError::new("`place` needs a hex, e.g. `place C`"))?;
            extra(2)?;
            if w.eq_ignore_ascii_case("none") {
                Command::Place(None)
            } else {
                Command::Place(Some(map.parse_hex(w).map_err(RuleError)?))
            }
        }
        "buy"
            if words.get(1).is_some_and(|w| {
                w.eq_ignore_ascii_case("armies") || w.eq_ignore_ascii_case("army")
            }) =>
        {
            let rest = &words[2..];
            let (units, rest) = split_at(rest, "with")
                .ok_or_else(|| RuleError::new("write `buy armies 2 foot with wool at C`"))?;
            let (pay, at) = split_at(rest, "at")
                .ok_or_else(|| RuleError::new("buy armies at which hex? `... at C`"))?;
            let force = Force::parse(units).map_err(RuleError)?;
            let kinds: Vec<UnitKind> = UnitKind::ALL
                .into_iter()
                .filter(|k| force.get(*k) > 0)
                .collect();
            if kinds.len() != 1 {
                return Err(RuleError::new(
                    "one unit type per purchase, e.g. `buy armies 2 foot with wool at C`",
                ));
            }
            let [p] = pay else {
                return Err(RuleError::new("pay in one resource, e.g. `with wool`"));
            };
            let [h] = at else {
                return Err(RuleError::new("place them on one hex, e.g. `at C`"));
            };
            Command::Buy {
                kind: kinds[0],
                n: force.get(kinds[0]),
                pay: resource(p)?,
                at: map.parse_hex(h).map_err(RuleError)?,
            }
        }
        "move" | "march" | "redeploy" => {
            let rest = &words[1..];
            let (units, rest) = split_at(rest, "from")
                .ok_or_else(|| RuleError::new(format!("write `{first} 2 foot from C to D`")))?;
            let force = Force::parse(units).map_err(RuleError)?;
            let (from, rest) = split_at(rest, "to")
                .ok_or_else(|| RuleError::new(format!("{first} to which hex? `... to D`")))?;
            let [from] = from else {
                return Err(RuleError::new("from one hex, e.g. `from C`"));
            };
            let from = map.parse_hex(from).map_err(RuleError)?;
            let to = hex(map, rest.first(), first)?;
            let via = match rest.get(1) {
                None => None,
                Some(w)
                    if w.eq_ignore_ascii_case("via") && !first.eq_ignore_ascii_case("redeploy") =>
                {
                    if rest.len() > 3 {
                        return Err(RuleError::new(format!(
                            "unexpected `{}` after the command",
                            rest[3..].join(" ")
                        )));
                    }
                    Some(hex(map, rest.get(2), "via")?)
                }
                Some(_) => {
                    return Err(RuleError::new(format!(
                        "unexpected `{}` after the command",
                        rest[1..].join(" ")
                    )));
                }
            };
            if first.eq_ignore_ascii_case("redeploy") {
                Command::Redeploy { force, from, to }
            } else {
                Command::Move {
                    force,
                    from,
                    to,
                    via,
                }
            }
        }
        "attack" | "fight" => {
            let h = hex(map, words.get(1), "attack")?;
            let num = |i: usize, what: &str| -> Result<u32, RuleError> {
                let w = words
                    .get(i)
                    .ok_or_else(|| RuleError::new(format!("how many {what}?")))?;
                w.parse()
                    .map_err(|_| RuleError::new(format!("`{w}` is not a number of {what}")))
            };
            let dice = match words.get(2).map(|w| w.to_ascii_lowercase()) {
                None => None,
                Some(w) if w == "dice" => {
                    let d = num(3, "dice")?;
                    let c = match words.get(4).map(|w| w.to_ascii_lowercase()) {
                        None => 0,
                        Some(w) if w == "cavalry" => {
                            extra(6)?;
                            num(5, "cavalry dice")?
                        }
                        Some(w) => {
                            return Err(RuleError::new(format!(
                                "`{w}`? write `attack D dice 3 cavalry 1`"
                            )));
                        }
                    };
                    Some((d, c))
                }
                Some(w) => {
                    return Err(RuleError::new(format!(
                        "`{w}`? write `attack D` or `attack D dice 3 cavalry 1`"
                    )));
                }
            };
            Command::Attack { hex: h, dice }
        }
        "stop" => {
            extra(1)?;
            Command::Stop
        }
        "retreat" => {
            extra(1)?;
            Command::Retreat
        }
        "barrage" | "fire" => {
            let from = hex(map, words.get(1), "barrage")?;
            if !words.get(2).is_some_and(|w| w.eq_ignore_ascii_case("at")) {
                return Err(RuleError::new("write `barrage C at E`"));
            }
            let target = hex(map, words.get(3), "barrage ... at")?;
            let victim = match words.get(4).map(|w| w.to_ascii_lowercase()) {
                None => None,
                Some(w) if w == "seat" || w == "on" => {
                    extra(6)?;
                    Some(seat_arg(
                        words.get(5).ok_or_else(|| RuleError::new("which seat?"))?,
                        seats,
                    )?)
                }
                Some(w) => {
                    return Err(RuleError::new(format!(
                        "`{w}`? write `barrage C at E seat 2`"
                    )));
                }
            };
            Command::Barrage {
                from,
                target,
                victim,
            }
        }
        "passage" => {
            let grant = match words.get(1).map(|w| w.to_ascii_lowercase()) {
                Some(w) if w == "grant" || w == "allow" => true,
                Some(w) if w == "revoke" || w == "deny" => false,
                _ => {
                    return Err(RuleError::new(
                        "write `passage grant 2` or `passage revoke 2`",
                    ));
                }
            };
            extra(3)?;
            let to = seat_arg(
                words
                    .get(2)
                    .ok_or_else(|| RuleError::new("passage for which seat?"))?,
                seats,
            )?;
            Command::Passage { to, grant }
        }
        "resign" | "leave" => {
            extra(1)?;
            Command::Resign
        }
        _ => Command::Base(base::command::parse(map, seats, text)?),
    };
    Ok(cmd)
}

/// Writes one command so that [`parse`] reads it back.
pub fn format(map: &Map, cmd: &Command) -> String {
    let h = |x: HexId| map.hex_name(x).to_string();
    match cmd {
        Command::Base(c) => base::command::format(map, c),
        Command::Place(None) => "place none".into(),
        Command::Place(Some(x)) => format!("place {}", h(*x)),
        Command::Buy { kind, n, pay, at } => format!(
            "buy armies {n} {} with {} at {}",
            kind.word(),
            pay.name(),
            h(*at)
        ),
        Command::Move {
            force,
            from,
            to,
            via,
        } => match via {
            Some(v) => format!(
                "move {} from {} to {} via {}",
                force.words(),
                h(*from),
                h(*to),
                h(*v)
            ),
            None => format!("move {} from {} to {}", force.words(), h(*from), h(*to)),
        },
        Command::Attack { hex, dice } => match dice {
            None => format!("attack {}", h(*hex)),
            Some((d, 0)) => format!("attack {} dice {d}", h(*hex)),
            Some((d, c)) => format!("attack {} dice {d} cavalry {c}", h(*hex)),
        },
        Command::Stop => "stop".into(),
        Command::Retreat => "retreat".into(),
        Command::Barrage {
            from,
            target,
            victim,
        } => match victim {
            Some(v) => format!("barrage {} at {} seat {}", h(*from), h(*target), v + 1),
            None => format!("barrage {} at {}", h(*from), h(*target)),
        },
        Command::Redeploy { force, from, to } => {
            format!("redeploy {} from {} to {}", force.words(), h(*from), h(*to))
        }
        Command::Passage { to, grant } => format!(
            "passage {} {}",
            if *grant { "grant" } else { "revoke" },
            to + 1
        ),
        Command::Resign => "resign".into(),
    }
}
