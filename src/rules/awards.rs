//! Largest Army and Longest Road: who holds each special card, and how it changes hands.

use crate::engine::Seat;
use crate::rules::words::who;

/// The special cards changing hands, in every ruleset alike. A ruleset's event enum carries
/// them in one variant (`Event::Award`), so their wording lives here once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AwardEvent {
    /// Longest Road went to `holder` (or to nobody), whose road is `length` long.
    LongestRoad { holder: Option<Seat>, length: u32 },
    /// Largest Army went to `holder`, who has played `knights` knights.
    LargestArmy { holder: Seat, knights: u32 },
}

impl AwardEvent {
    /// The kind's name, as the words test counts the kinds it has rendered.
    pub fn kind(&self) -> &'static str {
        match self {
            AwardEvent::LongestRoad { .. } => "LongestRoad",
            AwardEvent::LargestArmy { .. } => "LargestArmy",
        }
    }

    /// The event in words for one viewer: the same sentence in every ruleset.
    pub fn describe(&self, viewer: Option<Seat>, names: &[String]) -> String {
        match self {
            AwardEvent::LongestRoad { holder, length } => {
                longest_road_words(*holder, *length, viewer, names)
            }
            AwardEvent::LargestArmy { holder, knights } => {
                largest_army_words(*holder, *knights, viewer, names)
            }
        }
    }
}

/// Knights needed for Largest Army, road segments for Longest Road.
pub const LARGEST_ARMY_MIN: u32 = 3;
pub const LONGEST_ROAD_MIN: u32 = 5;

/// Largest Army after a knight is played: the first to 3 takes it; another player takes it
/// only with strictly more knights than the holder.
pub fn largest_army(holder: Option<Seat>, knights: &[u32]) -> Option<Seat> {
    strictly_more(holder, knights, LARGEST_ARMY_MIN)
}

/// Gives Largest Army after a knight: updates `holder` from the knights each seat has played
/// (`knights[seat]`) and answers the new holder and its knights when it changed hands.
pub fn update_largest_army(holder: &mut Option<Seat>, knights: &[u32]) -> Option<(Seat, u32)> {
    let new = largest_army(*holder, knights);
    if new != *holder
        && let Some(h) = new
    {
        *holder = new;
        return Some((h, knights[h as usize]));
    }
    None
}

/// [`update_largest_army`] telling the change, if any, as an event.
pub fn award_largest_army<E: From<AwardEvent>>(
    holder: &mut Option<Seat>,
    knights: &[u32],
    ev: &mut Vec<E>,
) {
    if let Some((holder, knights)) = update_largest_army(holder, knights) {
        ev.push(AwardEvent::LargestArmy { holder, knights }.into());
    }
}

/// Gives Longest Road by the road lengths (`lengths[seat]`), telling a change as an event.
pub fn award_longest_road<E: From<AwardEvent>>(
    holder: &mut Option<Seat>,
    lengths: &[u32],
    ev: &mut Vec<E>,
) {
    let new = longest_road(*holder, lengths);
    if new != *holder {
        *holder = new;
        ev.push(
            AwardEvent::LongestRoad {
                holder: new,
                length: new.map_or(0, |h| lengths[h as usize]),
            }
            .into(),
        );
    }
}

fn strictly_more(holder: Option<Seat>, counts: &[u32], min: u32) -> Option<Seat> {
    let held = holder.map_or(0, |h| counts[h as usize]);
    let mut best = holder;
    let mut best_n = if holder.is_some() { held } else { min - 1 };
    for (s, n) in counts.iter().enumerate() {
        if *n > best_n {
            best = Some(s as Seat);
            best_n = *n;
        }
    }
    best
}

/// Longest Road after any change of roads or buildings. The holder keeps it while no one has
/// a longer road and theirs is still 5 or more. If a break leaves the holder behind or under
/// 5, the single longest road of 5 or more takes it; a tie for longest leaves it with nobody.
/// Without a holder, only a strictly longest road of 5 or more takes it.
pub fn longest_road(holder: Option<Seat>, lengths: &[u32]) -> Option<Seat> {
    let max = lengths.iter().copied().max().unwrap_or(0);
    if let Some(h) = holder {
        let mine = lengths[h as usize];
        if mine >= LONGEST_ROAD_MIN && mine == max {
            return Some(h);
        }
    }
    if max < LONGEST_ROAD_MIN {
        return None;
    }
    let mut at_max = lengths.iter().enumerate().filter(|(_, l)| **l == max);
    let first = at_max.next().map(|(s, _)| s as Seat);
    if at_max.next().is_some() { None } else { first }
}

/// Longest Road changing hands, in the words every ruleset uses.
pub fn longest_road_words(
    holder: Option<Seat>,
    length: u32,
    viewer: Option<Seat>,
    names: &[String],
) -> String {
    match holder {
        Some(h) => {
            let w = who(names, h, viewer);
            format!(
                "{} now {} Longest Road ({length}).",
                w.cap(),
                w.verb("hold")
            )
        }
        None => "Nobody holds Longest Road now.".into(),
    }
}

/// Largest Army changing hands, in the words every ruleset uses.
pub fn largest_army_words(
    holder: Seat,
    knights: u32,
    viewer: Option<Seat>,
    names: &[String],
) -> String {
    let w = who(names, holder, viewer);
    format!(
        "{} now {} Largest Army ({knights} knights).",
        w.cap(),
        w.verb("hold")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_army_needs_three_and_strictly_more() {
        assert_eq!(largest_army(None, &[2, 2, 0]), None);
        assert_eq!(largest_army(None, &[3, 2, 0]), Some(0));
        assert_eq!(largest_army(Some(0), &[3, 3, 0]), Some(0));
        assert_eq!(largest_army(Some(0), &[3, 4, 0]), Some(1));
    }

    #[test]
    fn longest_road_ties_keep_the_holder() {
        assert_eq!(longest_road(None, &[4, 4]), None);
        assert_eq!(longest_road(None, &[5, 4]), Some(0));
        assert_eq!(longest_road(Some(0), &[5, 5]), Some(0));
        assert_eq!(longest_road(Some(0), &[5, 6]), Some(1));
    }

    #[test]
    fn a_break_that_leaves_a_tie_among_others_gives_it_to_nobody() {
        // Holder 0 broken down to 3; players 1 and 2 tie at 6.
        assert_eq!(longest_road(Some(0), &[3, 6, 6]), None);
        // Broken to 4 with nobody else at 5: nobody.
        assert_eq!(longest_road(Some(0), &[4, 3, 2]), None);
        // Broken but still tied for longest: the holder keeps it.
        assert_eq!(longest_road(Some(0), &[6, 6, 2]), Some(0));
        // Broken, one other player strictly longest: they take it.
        assert_eq!(longest_road(Some(0), &[4, 7, 6]), Some(1));
    }
}
