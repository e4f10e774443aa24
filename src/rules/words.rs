//! The words every ruleset's command language shares: seat numbers, offer numbers, trades
//! (`GIVE for GET [to SEAT]`) and resource names, with the same messages when they are wrong;
//! and how events name a seat to a viewer.

use crate::engine::{RuleError, Seat};
use crate::rules::resources::{Resource, ResourceSet, parse_resource_list};

/// A seat as an event names it to one viewer: "you", the player's name, or "seat N".
pub fn who(names: &[String], seat: Seat, viewer: Option<Seat>) -> String {
    if viewer == Some(seat) {
        "you".into()
    } else {
        names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", seat + 1))
    }
}

/// The sentence with its first letter in capitals (events often start with a name).
pub fn cap(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => s,
    }
}

/// A seat number as players write it (1-based, `#` allowed), checked against the table.
pub fn seat_arg(s: &str, seats: usize) -> Result<Seat, RuleError> {
    let n: usize = s
        .trim_start_matches('#')
        .parse()
        .map_err(|_| RuleError::new(format!("`{s}` is not a seat number (1 to {seats})")))?;
    if n == 0 || n > seats {
        return Err(RuleError::new(format!(
            "there is no seat {n} (seats are 1 to {seats})"
        )));
    }
    Ok((n - 1) as Seat)
}

/// An offer's number after `accept`, `decline`, `cancel` and the like.
pub fn id_arg(s: Option<&&str>, what: &str) -> Result<u32, RuleError> {
    let s = s.ok_or_else(|| {
        RuleError::new(format!(
            "{what} which offer? give its number, e.g. `{what} 3`"
        ))
    })?;
    s.trim_start_matches('#')
        .parse()
        .map_err(|_| RuleError::new(format!("`{s}` is not an offer number")))
}

/// Splits `2 wool 1 ore for 1 brick [to 3]` into its parts.
pub fn trade_parts<'a>(
    words: &'a [&'a str],
) -> Result<(ResourceSet, ResourceSet, Option<&'a str>), RuleError> {
    let for_at = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("for"))
        .ok_or_else(|| {
            RuleError::new("write a trade as `GIVE for GET`, e.g. `1 brick for 1 ore`")
        })?;
    let (give_words, rest) = words.split_at(for_at);
    let rest = &rest[1..];
    let (get_words, to) = match rest.iter().position(|w| w.eq_ignore_ascii_case("to")) {
        Some(i) => (
            &rest[..i],
            Some(
                *rest
                    .get(i + 1)
                    .ok_or_else(|| RuleError::new("`to` which seat?"))?,
            ),
        ),
        None => (rest, None),
    };
    let give = parse_resource_list(give_words).map_err(RuleError)?;
    let get = parse_resource_list(get_words).map_err(RuleError)?;
    Ok((give, get, to))
}

/// One resource by name (synonyms such as wood and sheep work).
pub fn resource(s: &str) -> Result<Resource, RuleError> {
    Resource::parse(s).ok_or_else(|| {
        RuleError::new(format!(
            "`{s}` is not a resource (lumber, brick, wool, grain, ore)"
        ))
    })
}
