//! Turning points: the turns (or rounds) where a seat's chance moved most, and the entry of
//! the record that moved it. The entry is found by halving: the chance is estimated halfway
//! through the turn, and the half where it moved more is halved again, down to one entry
//! (with the same playout seeds throughout, so the halves are compared on the same luck).

use super::chances::estimate;
use super::text::{percent, when};
use super::{Options, Point, Replayed, TurningPoint};
use crate::engine::Seat;
use crate::record::Entry;
use crate::ruleset::TurnOrder;

/// Most turning points told.
pub const MAX: usize = 5;
/// Fewest told when the game has that many turns.
pub const MIN: usize = 3;
/// A move in chance smaller than this is no turning point, beyond the first [`MIN`].
pub const MIN_MOVE: f64 = 0.05;

/// The turning points of a reviewed game, in the order they happened, and the playouts the
/// halving spent; `tick` is called once per turning point.
pub fn find(
    r: &Replayed,
    points: &[Point],
    opts: &Options,
    tick: &(dyn Fn() + Sync),
) -> (Vec<TurningPoint>, u64) {
    // Each span between two points, by the seat whose chance moved most; told for the
    // reader's seat when its own chance moved too.
    let mut spans: Vec<(usize, Seat, f64)> = points
        .windows(2)
        .enumerate()
        .filter_map(|(k, w)| {
            let moved = |s: usize| w[1].chances[s] - w[0].chances[s];
            let most = (0..w[0].chances.len())
                .max_by(|a, b| moved(*a).abs().total_cmp(&moved(*b).abs()))?;
            let d = moved(most);
            let seat = match opts.you {
                Some(y)
                    if (y as usize) < w[0].chances.len() && moved(y as usize).abs() >= MIN_MOVE =>
                {
                    y
                }
                _ => most as Seat,
            };
            (d != 0.0).then_some((k, seat, d))
        })
        .collect();
    spans.sort_by(|a, b| b.2.abs().total_cmp(&a.2.abs()).then(a.0.cmp(&b.0)));
    let keep = spans
        .iter()
        .take(MAX)
        .enumerate()
        .take_while(|(n, s)| *n < MIN || s.2.abs() >= MIN_MOVE)
        .count();
    spans.truncate(keep);
    spans.sort_by_key(|s| s.0);
    let mut spent = 0u64;
    let out = spans
        .into_iter()
        .map(|(k, seat, _)| {
            let (a, b) = (&points[k], &points[k + 1]);
            let (entry, used) = cause(r, a, b, seat, opts);
            spent += used;
            tick();
            told(
                r,
                entry,
                seat,
                a.chances[seat as usize],
                b.chances[seat as usize],
            )
        })
        .collect();
    (out, spent)
}

/// The entry (index into `r.entries`) between points `a` and `b` that moved `seat`'s chance
/// most, found by halving; and the playouts spent.
fn cause(r: &Replayed, a: &Point, b: &Point, seat: Seat, opts: &Options) -> (usize, u64) {
    let s = seat as usize;
    let (mut lo, mut hi) = (a.step, b.step);
    let (mut c_lo, mut c_hi) = (a.chances[s], b.chances[s]);
    let mut spent = 0u64;
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let e = estimate(&r.states[mid], r.time(mid), opts.playouts, opts.seed);
        spent += u64::from(e.playouts);
        let c = e.chances[s];
        if (c - c_lo).abs() >= (c_hi - c).abs() {
            hi = mid;
            c_hi = c;
        } else {
            lo = mid;
            c_lo = c;
        }
    }
    (lo, spent)
}

/// An event's words with a seat name at its start written as the seat is named: a sentence
/// capitalises its first word ("Hard 1 rolled 8"), but joined into one line with others
/// ("…; 8: hard 1 gets 1 grain") and the chance ("hard 1's chance"), one seat written two ways
/// reads as two.
fn as_named(words: &str, names: &[String]) -> String {
    let named = names.iter().find(|n| {
        let capital = super::text::capital(n);
        capital != **n
            && words
                .strip_prefix(capital.as_str())
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()))
    });
    match named {
        Some(n) => format!("{n}{}", &words[super::text::capital(n).len()..]),
        None => words.to_string(),
    }
}

/// A turning point in words: the entry's events as the ruleset tells them.
fn told(r: &Replayed, entry: usize, seat: Seat, before: f64, after: f64) -> TurningPoint {
    let period = r.states[entry].turns();
    let mut words: Vec<String> = r
        .told(entry)
        .iter()
        .take(2)
        .map(|w| as_named(w.trim_end_matches('.'), &r.names))
        .collect();
    if words.is_empty() {
        words.push(match &r.entries[entry] {
            Entry::Command { seat, text, .. } => format!("{}: {text}", r.name(*seat)),
            Entry::Tick { .. } => "the clock ran out".to_string(),
            Entry::TakeOver { seat, .. } => format!("a person takes over {}", r.name(*seat)),
            Entry::Seat { name, seat, .. } => format!("{name} sits in seat {}", seat + 1),
        });
    }
    let event = words.join("; ");
    let text = format!(
        "{}: {event}: {}'s chance {} → {}",
        when(r.period_word(), period),
        r.name(seat),
        percent(before),
        percent(after)
    );
    TurningPoint {
        period,
        step: entry + 1,
        seat,
        before,
        after,
        event,
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::as_named;

    fn names() -> Vec<String> {
        ["hard 1", "medium 2", "Pat"].map(String::from).to_vec()
    }

    /// A seat named in lower case is written so at the start of each event too, as it is
    /// later in the same line.
    #[test]
    fn a_seat_is_written_one_way_in_a_line() {
        assert_eq!(
            as_named("Hard 1 rolled 8 (4+4)", &names()),
            "hard 1 rolled 8 (4+4)"
        );
        assert_eq!(
            as_named("Medium 2 stole a card from hard 1", &names()),
            "medium 2 stole a card from hard 1"
        );
    }

    /// Other words, a capitalised name, and a name that only begins like a seat's stay as
    /// they are.
    #[test]
    fn other_words_are_left_alone() {
        assert_eq!(
            as_named("Pat rolled 5 (2+3)", &names()),
            "Pat rolled 5 (2+3)"
        );
        assert_eq!(
            as_named("8: hard 1 gets 1 grain", &names()),
            "8: hard 1 gets 1 grain"
        );
        assert_eq!(
            as_named("Seven! Discard half your cards: hard 1 4", &names()),
            "Seven! Discard half your cards: hard 1 4"
        );
        assert_eq!(as_named("Hard 12 rolled 3", &names()), "Hard 12 rolled 3");
    }
}
