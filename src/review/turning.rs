//! Turning points: the turns (or rounds) where a seat's chance moved most, by more than the
//! playouts can tell from their luck ([`clear`]) and seen again on fresh playouts ([`find`]),
//! and the entry of the record that moved it. The entry is found by halving: the chance is
//! estimated halfway through the turn, and the half where it moved more is halved again, down
//! to one entry (with the same playout seeds throughout, so the halves are compared on the
//! same luck).

use super::chances::{difference, estimate};
use super::decisions::clearly_better;
use super::text::{percent, when};
use super::{Options, Point, Replayed, TurningPoint};
use crate::engine::Seat;
use crate::record::Entry;
use crate::ruleset::TurnOrder;

/// Most turning points told.
pub const MAX: usize = 5;
/// Most spans whose move is looked at again on fresh playouts ([`find`]): twice the turning
/// points told, which bounds the cost of a game full of moves the fresh playouts do not see.
pub const CHECKED: usize = 2 * MAX;
/// Seeds the fresh playouts that check a move, apart from the chances' own
/// ([`Options::seed`]).
const FRESH: u64 = 0x243f_6a88_85a3_08d3;
/// A move in chance smaller than this is no turning point, however many playouts measured it.
pub const MIN_MOVE: f64 = 0.05;

/// Whether a seat's chance moved clearly from `before` (from `before_n` playouts) to `after`
/// (from `after_n`): by [`MIN_MOVE`] or more, and by more than the playouts' 95% interval
/// for the difference of the two estimates, the interval a decision is held to
/// ([`clearly_better`], either way round). A smaller move may be the playouts' luck alone.
pub fn clear(before: f64, before_n: u32, after: f64, after_n: u32) -> bool {
    (after - before).abs() >= MIN_MOVE
        && (clearly_better(before, before_n, after, after_n)
            || clearly_better(after, after_n, before, before_n))
}

/// The most a move in chance may be and still not [`clear`] at `playouts` a point: the 95%
/// interval for the difference of two middling shares (less is needed near 0% and 100%).
/// About 14 points at 96 playouts, 24 at 32.
pub fn bar(playouts: u32) -> f64 {
    difference(0.5, playouts, 0.5, playouts).1.max(MIN_MOVE)
}

/// The turning points of a reviewed game, in the order they happened, and the playouts the
/// checking and the halving spent; `tick` is called once per span checked and once per
/// turning point.
///
/// A span is picked for its move in the chances ([`chosen`]), and the biggest moves of many
/// spans are picked: some of them would be the playouts' luck, however big the bar each
/// clears. So each picked move is looked at again on fresh playouts (the same number, other
/// seeds: luck independent of the one that picked it) at both of its points, and told only
/// where these too show it [`clear`], the same way round. A move the fresh playouts do not
/// see gives its place to the next biggest; at most [`CHECKED`] spans are looked at again.
pub fn find(
    r: &Replayed,
    points: &[Point],
    opts: &Options,
    tick: &(dyn Fn() + Sync),
) -> (Vec<TurningPoint>, u64) {
    let mut spent = 0u64;
    let mut fresh: Vec<Option<Vec<f64>>> = vec![None; points.len()];
    let mut checked = 0;
    let mut again = |k: usize, seat: Seat, d: f64| {
        if checked >= CHECKED {
            return false;
        }
        checked += 1;
        tick();
        let mut at = |i: usize| {
            let p = &points[i];
            fresh[i].get_or_insert_with(|| {
                let e = estimate(
                    &r.states[p.step],
                    r.time(p.step),
                    opts.playouts,
                    opts.seed ^ FRESH,
                );
                spent += u64::from(e.playouts);
                e.chances
            })[seat as usize]
        };
        let (a, b) = (at(k), at(k + 1));
        (b - a) * d > 0.0 && clear(a, points[k].playouts, b, points[k + 1].playouts)
    };
    let spans = chosen(points, opts.you, &mut again);
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

/// The spans (index of their first point) told as turning points, in the order they happened,
/// each with the seat it is told for and how far that seat's chance moved. Only a [`clear`]
/// move is told: where fewer than [`MAX`] spans moved a chance by more than the playouts can
/// tell from their luck, fewer are told, and none where none did (the review says so).
///
/// Without a reader's seat: the [`MAX`] spans where any seat's chance moved most, told for
/// that seat. With one (`--seat`, or a record's one person): first the spans where the
/// reader's own chance moved clearly, most first, up to [`MAX`], told for them; the places
/// left go to the game's biggest moves as above (all of them for a reader whose chance never
/// moved clearly). A reader must hear of their own turning points even when another
/// seat's chance swung more in every span (they were otherwise all about other seats).
///
/// Each span is told only if `again(span, seat, move)` holds (the move seen again on fresh
/// playouts, [`find`]); it is asked of the candidates in the order above, until [`MAX`] are
/// told.
fn chosen(
    points: &[Point],
    you: Option<Seat>,
    again: &mut dyn FnMut(usize, Seat, f64) -> bool,
) -> Vec<(usize, Seat, f64)> {
    let seats = points.first().map_or(0, |p| p.chances.len());
    let moved = |k: usize, s: usize| points[k + 1].chances[s] - points[k].chances[s];
    let clearly = |k: usize, s: usize| {
        let (a, b) = (&points[k], &points[k + 1]);
        clear(a.chances[s], a.playouts, b.chances[s], b.playouts)
    };
    let by_size = |a: &(usize, Seat, f64), b: &(usize, Seat, f64)| {
        b.2.abs().total_cmp(&a.2.abs()).then(a.0.cmp(&b.0))
    };
    // Each span by the seat whose chance moved most, of those whose chance moved clearly.
    let mut most: Vec<(usize, Seat, f64)> = (0..points.len().saturating_sub(1))
        .filter_map(|k| {
            let s = (0..seats)
                .filter(|&s| clearly(k, s))
                .max_by(|a, b| moved(k, *a).abs().total_cmp(&moved(k, *b).abs()))?;
            Some((k, s as Seat, moved(k, s)))
        })
        .collect();
    most.sort_by(by_size);
    let mut own: Vec<(usize, Seat, f64)> = match you.filter(|y| (*y as usize) < seats) {
        Some(y) => (0..points.len().saturating_sub(1))
            .filter(|&k| clearly(k, y as usize))
            .map(|k| (k, y, moved(k, y as usize)))
            .collect(),
        None => Vec::new(),
    };
    own.sort_by(by_size);
    let mut out: Vec<(usize, Seat, f64)> = Vec::new();
    for c in own.into_iter().chain(most) {
        if out.len() >= MAX {
            break;
        }
        if !out.iter().any(|o| o.0 == c.0) && again(c.0, c.1, c.2) {
            out.push(c);
        }
    }
    out.sort_by_key(|s| s.0);
    out
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
            Entry::Away {
                seat, away: true, ..
            } => format!("a bot plays for {}, who is away", r.name(*seat)),
            Entry::Away { seat, .. } => format!("{} is back", r.name(*seat)),
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
    use super::{MIN_MOVE, as_named, bar, chosen, clear};
    use crate::engine::Seat;
    use crate::review::Point;

    /// The spans told where every move is seen again on fresh playouts.
    fn told_by(points: &[Point], you: Option<Seat>) -> Vec<(usize, Seat, f64)> {
        chosen(points, you, &mut |_, _, _| true)
    }

    /// Points of a two-seat game: seat 0's chance and seat 1's the rest.
    fn points(seat0: &[f64]) -> Vec<Point> {
        seat0
            .iter()
            .enumerate()
            .map(|(k, &c)| Point {
                period: k as u32,
                step: k,
                chances: vec![c, 1.0 - c],
                playouts: 96,
                margin: 0.1,
            })
            .collect()
    }

    /// Three seats' chances after each turn: seat 0's and seat 1's as given, seat 2 the rest.
    fn three_seats(first: &[f64], second: &[f64]) -> Vec<Point> {
        (0..first.len())
            .map(|k| Point {
                period: k as u32,
                step: k,
                chances: vec![first[k], second[k], 1.0 - first[k] - second[k]],
                playouts: 96,
                margin: 0.1,
            })
            .collect()
    }

    /// Three seats: the reader's (seat 0) falls in smaller steps than the swings of the other
    /// two, who swap the lead: the reader hears of their own falls, not only of the swings.
    #[test]
    fn a_readers_own_falls_are_their_turning_points() {
        let pts = three_seats(
            &[0.45, 0.25, 0.25, 0.10, 0.10, 0.0, 0.0],
            &[0.40, 0.70, 0.30, 0.75, 0.25, 0.80, 0.20],
        );
        let told = told_by(&pts, Some(0));
        let own: Vec<usize> = told.iter().filter(|s| s.1 == 0).map(|s| s.0).collect();
        assert_eq!(own, vec![0, 2, 4], "{told:?}");
        assert!(told.iter().all(|s| s.1 != 0 || s.2.abs() >= MIN_MOVE));
        // Without a reader the same game's turning points are all the big swings.
        let general = told_by(&pts, None);
        assert!(general.iter().all(|s| s.1 != 0), "{general:?}");
    }

    /// A reader whose chance never moved clearly hears of the game's biggest moves, as
    /// anyone would; one whose chance moved in two spans hears of those two, and of nothing
    /// else where nothing else moved clearly (a 1-point move is not made a turning point to
    /// fill the list).
    #[test]
    fn a_reader_whose_chance_barely_moved_hears_the_biggest_moves() {
        let pts = three_seats(
            &[0.02, 0.03, 0.02, 0.01, 0.02, 0.02, 0.03],
            &[0.40, 0.70, 0.30, 0.75, 0.25, 0.80, 0.20],
        );
        assert_eq!(told_by(&pts, Some(0)), told_by(&pts, None));
        assert_eq!(told_by(&pts, None).len(), 5);
        let pts = points(&[0.50, 0.30, 0.31, 0.60, 0.61]);
        let told = told_by(&pts, Some(0));
        assert_eq!(told.iter().filter(|s| s.1 == 0).count(), 2, "{told:?}");
        assert_eq!(told.len(), 2, "{told:?}");
    }

    /// Points of a two-seat game, seat 0's chance as given, from `playouts` playouts each.
    fn measured(seat0: &[f64], playouts: u32) -> Vec<Point> {
        let mut pts = points(seat0);
        for p in &mut pts {
            p.playouts = playouts;
        }
        pts
    }

    /// The play-test's second turning point, 12% → 31% at 32 playouts a point, lies within
    /// the playouts' 95% interval for the difference (about ±20 points there): it is not told,
    /// for the seat or for anyone, and a game whose chances only wobbled so tells none. The
    /// same move at 400 playouts is clear.
    #[test]
    fn a_move_within_the_playouts_error_is_no_turning_point() {
        assert!(!clear(0.12, 32, 0.31, 32));
        assert!(clear(0.12, 400, 0.31, 400));
        let wobble = [0.12, 0.31, 0.20, 0.12, 0.25, 0.30, 0.14];
        assert_eq!(told_by(&measured(&wobble, 32), Some(0)), vec![]);
        assert_eq!(told_by(&measured(&wobble, 32), None), vec![]);
        assert_eq!(told_by(&measured(&wobble, 400), None).len(), 5);
        // At 96 playouts a point: 8 points between middling chances is luck, 25 is not.
        let pts = measured(&[0.50, 0.42, 0.50, 0.58, 0.33, 0.40], 96);
        let spans = |told: Vec<(usize, Seat, f64)>| told.iter().map(|s| s.0).collect::<Vec<_>>();
        assert_eq!(spans(told_by(&pts, None)), vec![3]);
    }

    /// Fewer clear moves, fewer turning points: one big move among wobbles is told alone, not
    /// padded out with the wobbles to three.
    #[test]
    fn fewer_clear_moves_tell_fewer() {
        let pts = measured(&[0.50, 0.47, 0.52, 0.49, 0.20, 0.23, 0.19, 0.22], 96);
        for you in [None, Some(0), Some(1)] {
            let told = told_by(&pts, you);
            assert_eq!(told.len(), 1, "{told:?}");
            assert_eq!(told[0].0, 3);
        }
    }

    /// The bar is the decisions' interval: 10 points are luck between middling chances, not
    /// near 0% or 100%, nor into the game's end (certain: no playouts).
    #[test]
    fn the_bar_is_the_intervals_own() {
        assert!(!clear(0.45, 96, 0.55, 96));
        assert!(!clear(0.55, 96, 0.45, 96));
        assert!(clear(0.90, 96, 1.0, 0));
        assert!(clear(0.10, 96, 0.0, 0));
        assert!(clear(0.0, 96, 0.07, 96));
        assert!(
            !clear(0.0, 2000, 0.04, 2000),
            "less than 5 points is never told"
        );
        assert_eq!((bar(96) * 100.0).round(), 14.0);
        assert_eq!((bar(32) * 100.0).round(), 24.0);
    }

    /// A move the fresh playouts do not see again is not told: the next biggest clear move
    /// takes its place, and fewer are told when no other is seen again. The candidates are
    /// asked biggest first, each span once.
    #[test]
    fn a_move_not_seen_again_is_not_told() {
        let pts = measured(&[0.50, 0.20, 0.50, 0.25, 0.50, 0.30, 0.50, 0.50], 96);
        let mut asked = Vec::new();
        let told = chosen(&pts, None, &mut |k, _, _| {
            asked.push(k);
            k != 0
        });
        assert_eq!(asked, vec![0, 1, 2, 3, 4, 5], "{told:?}");
        assert_eq!(
            told.iter().map(|s| s.0).collect::<Vec<_>>(),
            vec![1, 2, 3, 4, 5]
        );
        let told = chosen(&pts, Some(0), &mut |k, _, _| k % 2 == 1);
        assert_eq!(told.iter().map(|s| s.0).collect::<Vec<_>>(), vec![1, 3, 5]);
        assert!(told.iter().all(|s| s.1 == 0), "{told:?}");
    }

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
            as_named(
                "Seven! Hands over the limit lose half: hard 1 discards 4",
                &names()
            ),
            "Seven! Hands over the limit lose half: hard 1 discards 4"
        );
        assert_eq!(as_named("Hard 12 rolled 3", &names()), "Hard 12 rolled 3");
    }
}
