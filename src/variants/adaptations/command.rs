//! Adaptations commands and their text language. Positions are named by letters in the
//! frame's reading order (`AB`), fixed whatever tile lies there; a move step is `AB>AC`, with
//! `*3` for three herds.

use super::drift::{name, parse_pos};
use super::herds::Step;
use super::{Adaptation, Phase, Pile};
use crate::engine::RuleError;
use crate::geometry::Hex;
use crate::rules::resources::{Resource, ResourceSet, parse_resource_list};
use crate::rules::words::resource;

/// Everything a seat can ask for in an Adaptations game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Setup: two herds, on one or two land hexes (A6).
    Place(Hex, Hex),
    /// Phase 1: a single-card drift of a land tile (its type's card); phase 2: the 4-AP drift.
    Drift {
        from: Hex,
        to: Hex,
    },
    /// Phase 1: two matching cards move a sea tile (A11).
    Water {
        card: Resource,
        from: Hex,
        to: Hex,
    },
    /// Phase 1: two different cards become the High and Low Season (A12).
    Season {
        high: Resource,
        low: Resource,
    },
    /// Phase 1: three matching cards drift a land tile of their type (A14 a).
    TripleDrift {
        card: Resource,
        from: Hex,
        to: Hex,
    },
    /// Phase 1: three matching cards, one on a season pile (A14 b).
    TripleSeason {
        card: Resource,
        pile: Pile,
    },
    /// Phase 1: discard cards, ending the sub-turn, and take a bonus marker if one is left.
    Discard(ResourceSet),
    /// End your sub-turn (phases 1 and 2) or your declarations (phase 3).
    Done,
    /// Phase 2: discard a season card for 3 AP (A19 2b).
    Clear(Pile),
    Buy(Adaptation),
    /// Phase 2: return an adaptation for half its cost in AP (A20).
    TradeIn(Adaptation),
    /// Phase 2: 1 AP moves up to 4 herds (8 with Speed) over land.
    Migrate(Vec<Step>),
    /// Phase 2: 1 AP moves up to 2 herd-steps that touch water (rescue; Swimming).
    Swim(Vec<Step>),
    /// Phase 2: 1 AP for one herd (two with Litters) where you have herds.
    Reproduce(Vec<Hex>),
    /// Phase 3: a Territorial holder starts a conflict in a hex (A26).
    Conflict(Hex),
    /// Phase 3: move the herd being removed to a neighbouring land hex (A27).
    Retreat(Hex),
    /// Phase 3: let the herd be removed.
    Stay,
}

/// The command language, for `help`.
pub const HELP: &str = "\
Adaptations: herds on drifting tiles. Positions are named by letters (AB), fixed in the
frame whatever tile lies there; a step is AB>AC, or AB>AC*3 for three herds.
Setup:
  place AB AC                  two herds on land, within capacity (place AB AB: both on AB)
Phase 1, climate change (one player at a time, the active player first):
  drift AB AC                  1 card of AB's land: drift it at least one step outwards
  water wool AB AC             2 matching cards: move the sea tile AB beside land (drowns)
  season wool ore              2 different cards: wool High Season, ore Low Season
  triple ore drift AB AC       3 matching: drift a tile of that land, then draw 3
  triple ore high|low          3 matching: ore on a season pile, then draw 3
  discard wool ore             discard, take a bonus marker if one is left, end your plays
  done                         end your plays
Phase 2, evolution (AP: 4, 5 with Skill, +1 per bonus marker; unspent AP are kept):
  drift AB AC                  4 AP: drift a land tile
  clear high|low               3 AP: discard the top card of a season pile
  buy speed                    2, 8 or 12 AP: take an adaptation
  trade speed                  give an adaptation back for half its AP
  migrate AB>AC AB>AD*2        1 AP per 4 herds (per 8 with Speed)
  swim AB>AC                   1 AP per 2 herd-steps over water
  reproduce AB [AC]            1 AP per herd (2 herds with Litters)
  done                         end your evolution
Phase 3, conflict:
  conflict AB                  fight for hex AB (Territorial)
  retreat AB | stay            answer a conflict (Retreat, when asked)
  done                         end your part
Adaptations: litters intelligence swimming skill foresight speed territorial retreat aggressive
  legal                        list the commands you may send now (moves: one group each)";

fn pos(s: Option<&&str>, what: &str) -> Result<Hex, RuleError> {
    let s = s.ok_or_else(|| RuleError::new(format!("{what}: which position? e.g. `AB`")))?;
    parse_pos(s).ok_or_else(|| RuleError::new(format!("`{s}` is not a position name")))
}

fn card(s: Option<&&str>) -> Result<Resource, RuleError> {
    resource(s.ok_or_else(|| RuleError::new("which card? e.g. `wool`"))?)
}

fn adaptation(s: Option<&&str>) -> Result<Adaptation, RuleError> {
    let s = s.ok_or_else(|| RuleError::new("which adaptation? e.g. `speed`"))?;
    Adaptation::parse(s).ok_or_else(|| {
        RuleError::new(format!(
            "`{s}` is not an adaptation (litters intelligence swimming skill foresight speed \
             territorial retreat aggressive)"
        ))
    })
}

fn pile(s: Option<&&str>) -> Result<Pile, RuleError> {
    match s.map(|s| s.to_ascii_lowercase()).as_deref() {
        Some("high") => Ok(Pile::High),
        Some("low") => Ok(Pile::Low),
        _ => Err(RuleError::new("which season pile? `high` or `low`")),
    }
}

fn steps(words: &[&str]) -> Result<Vec<Step>, RuleError> {
    if words.is_empty() {
        return Err(RuleError::new(
            "which herds? write steps as `AB>AC` or `AB>AC*2`",
        ));
    }
    let mut out = Vec::new();
    for w in words {
        let (path, n) = match w.split_once('*') {
            Some((p, k)) => (
                p,
                k.parse::<u32>()
                    .map_err(|_| RuleError::new(format!("`{k}` is not a number of herds")))?,
            ),
            None => (*w, 1),
        };
        let (a, b) = path
            .split_once('>')
            .ok_or_else(|| RuleError::new(format!("write a step as `AB>AC`, not `{w}`")))?;
        out.push(Step {
            from: pos(Some(&a), "from")?,
            to: pos(Some(&b), "to")?,
            n,
        });
    }
    Ok(normalize(out))
}

/// Steps merged by position pair and sorted, so a move has one written form.
pub fn normalize(steps: Vec<Step>) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    for s in steps {
        match out.iter_mut().find(|o| o.from == s.from && o.to == s.to) {
            Some(o) => o.n += s.n,
            None => out.push(s),
        }
    }
    out.sort_by_key(|s| (s.from, s.to));
    out
}

/// Reads a command. The phase is not needed: each word means one thing.
pub fn parse(_phase: &Phase, text: &str) -> Result<Command, RuleError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Err(RuleError::new("empty command; try `help`"));
    };
    let w = &words[1..];
    let cmd = match first.to_ascii_lowercase().as_str() {
        "place" => {
            let a = pos(w.first(), "place")?;
            let b = if w.len() > 1 {
                pos(w.get(1), "place")?
            } else {
                a
            };
            let (a, b) = if a <= b { (a, b) } else { (b, a) };
            Command::Place(a, b)
        }
        "drift" => Command::Drift {
            from: pos(w.first(), "drift")?,
            to: pos(w.get(1), "drift to")?,
        },
        "water" => Command::Water {
            card: card(w.first())?,
            from: pos(w.get(1), "water drift")?,
            to: pos(w.get(2), "water drift to")?,
        },
        "season" => Command::Season {
            high: card(w.first())?,
            low: card(w.get(1))?,
        },
        "triple" => {
            let c = card(w.first())?;
            match w.get(1).map(|s| s.to_ascii_lowercase()).as_deref() {
                Some("drift") => Command::TripleDrift {
                    card: c,
                    from: pos(w.get(2), "drift")?,
                    to: pos(w.get(3), "drift to")?,
                },
                Some(_) => Command::TripleSeason {
                    card: c,
                    pile: pile(w.get(1))?,
                },
                None => {
                    return Err(RuleError::new(
                        "a triple drifts (`triple ore drift AB AC`) or sets a season (`triple ore high`)",
                    ));
                }
            }
        }
        "discard" => Command::Discard(parse_resource_list(w).map_err(RuleError)?),
        "done" | "pass" | "end" => Command::Done,
        "clear" => Command::Clear(pile(w.first())?),
        "buy" => Command::Buy(adaptation(w.first())?),
        "trade" => Command::TradeIn(adaptation(w.first())?),
        "migrate" | "move" => Command::Migrate(steps(w)?),
        "swim" | "rescue" => Command::Swim(steps(w)?),
        "reproduce" | "breed" => {
            if w.is_empty() {
                return Err(RuleError::new("reproduce where? e.g. `reproduce AB`"));
            }
            let mut v = w
                .iter()
                .map(|s| pos(Some(s), "reproduce"))
                .collect::<Result<Vec<_>, _>>()?;
            v.sort();
            Command::Reproduce(v)
        }
        "conflict" | "declare" => Command::Conflict(pos(w.first(), "conflict")?),
        "retreat" => Command::Retreat(pos(w.first(), "retreat")?),
        "stay" => Command::Stay,
        other => {
            return Err(RuleError::new(format!(
                "unknown command `{other}`; try `help`"
            )));
        }
    };
    if let Some(extra) = w.get(words_after(&cmd)) {
        return Err(RuleError::new(format!(
            "`{extra}` is left over: `{}` says all it needs before it",
            format(&cmd)
        )));
    }
    Ok(cmd)
}

/// How many words may follow a command's first: the rest would be read as nothing, so a
/// command with words left over is refused (a record or a script says exactly one thing).
/// The lists (discards, steps, reproductions) take every word.
fn words_after(cmd: &Command) -> usize {
    match cmd {
        Command::Done | Command::Stay => 0,
        Command::Clear(_)
        | Command::Buy(_)
        | Command::TradeIn(_)
        | Command::Conflict(_)
        | Command::Retreat(_) => 1,
        Command::Place(..) | Command::Drift { .. } | Command::Season { .. } => 2,
        Command::TripleSeason { .. } => 2,
        Command::Water { .. } => 3,
        Command::TripleDrift { .. } => 4,
        Command::Discard(_) | Command::Migrate(_) | Command::Swim(_) | Command::Reproduce(_) => {
            usize::MAX
        }
    }
}

fn steps_text(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| {
            if s.n == 1 {
                format!("{}>{}", name(s.from), name(s.to))
            } else {
                format!("{}>{}*{}", name(s.from), name(s.to), s.n)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn cards_text(set: &ResourceSet) -> String {
    set.iter()
        .flat_map(|(r, n)| std::iter::repeat_n(r.name(), n as usize))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes a command so that [`parse`] reads it back.
pub fn format(cmd: &Command) -> String {
    match cmd {
        Command::Place(a, b) => format!("place {} {}", name(*a), name(*b)),
        Command::Drift { from, to } => format!("drift {} {}", name(*from), name(*to)),
        Command::Water { card, from, to } => {
            format!("water {card} {} {}", name(*from), name(*to))
        }
        Command::Season { high, low } => format!("season {high} {low}"),
        Command::TripleDrift { card, from, to } => {
            format!("triple {card} drift {} {}", name(*from), name(*to))
        }
        Command::TripleSeason { card, pile } => format!("triple {card} {}", pile.name()),
        Command::Discard(set) => format!("discard {}", cards_text(set)),
        Command::Done => "done".into(),
        Command::Clear(p) => format!("clear {}", p.name()),
        Command::Buy(a) => format!("buy {}", a.name()),
        Command::TradeIn(a) => format!("trade {}", a.name()),
        Command::Migrate(s) => format!("migrate {}", steps_text(s)),
        Command::Swim(s) => format!("swim {}", steps_text(s)),
        Command::Reproduce(v) => format!(
            "reproduce {}",
            v.iter().map(|h| name(*h)).collect::<Vec<_>>().join(" ")
        ),
        Command::Conflict(h) => format!("conflict {}", name(*h)),
        Command::Retreat(h) => format!("retreat {}", name(*h)),
        Command::Stay => "stay".into(),
    }
}
