//! The review as plain text (`catan replay FILE --review`): a table of the chances after each
//! turn or round, the turning points, and the people's decisions against `hard`'s.

use super::Review;
use std::fmt::Write;

/// Widest a seat's column in the table.
const COLUMN: usize = 9;

/// The review in words and a table.
pub fn render(r: &Review) -> String {
    let mut s = String::new();
    let seats = r.names.len();
    let playouts = r.points.iter().map(|p| p.playouts).max().unwrap_or(0);
    let margin = r.points.iter().map(|p| p.margin).fold(0.0, f64::max);
    let _ = writeln!(
        s,
        "Review ({}, {seats} seats): win chances after each {} ({playouts} playouts a point, 95% interval at most ±{}).",
        r.variant,
        r.period,
        percent(margin)
    );
    for n in &r.notes {
        let _ = writeln!(s, "{n}");
    }
    let _ = writeln!(s);
    let short = |n: &str| n.chars().take(COLUMN - 1).collect::<String>();
    let _ = write!(s, "{:>6}", r.period);
    for n in &r.names {
        let _ = write!(s, "{:>COLUMN$}", short(n));
    }
    let _ = writeln!(s);
    let last = r.points.len().saturating_sub(1);
    for (k, p) in r.points.iter().enumerate() {
        // The last row is the game's end only when it finished; a game that stopped mid-turn
        // gets "stop" rather than the turn's number a second time.
        let mid_turn = k > 0 && r.points[k - 1].period == p.period;
        if k == last && r.finished {
            let _ = write!(s, "{:>6}", "end");
        } else if k == last && mid_turn {
            let _ = write!(s, "{:>6}", "stop");
        } else {
            let _ = write!(s, "{:>6}", p.period);
        }
        for c in &p.chances {
            let _ = write!(s, "{:>COLUMN$}", percent(*c));
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "Turning points:");
    if r.turning_points.is_empty() {
        let _ = writeln!(s, "  {}", no_turning_points(r));
    }
    for t in &r.turning_points {
        let _ = writeln!(s, "  {} (step {})", t.text, t.step);
    }
    for seat in 0..seats as crate::engine::Seat {
        let mine: Vec<_> = r.decisions.iter().filter(|d| d.seat == seat).collect();
        let name = &r.names[seat as usize];
        if mine.is_empty() {
            // A compared seat hears that its moves held up, rather than nothing at all.
            if r.compared.contains(&seat) {
                let _ = writeln!(s);
                let _ = writeln!(
                    s,
                    "{name}'s decisions: none where hard would clearly have played otherwise (by more than the playouts' 95% interval for the difference)."
                );
            }
            continue;
        }
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "{name}'s decisions where hard would clearly have played otherwise (by more than the playouts' 95% interval for the difference), worst first:"
        );
        for d in mine {
            let _ = writeln!(
                s,
                "  {} (step {}): played `{}` ({}), hard plays `{}` ({})",
                when(&r.period, d.period),
                d.step,
                d.played,
                percent(d.played_chance),
                d.hard,
                percent(d.hard_chance)
            );
        }
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "{} playouts in all.", r.playouts);
    s
}

/// Why a review tells no turning points: the chances never moved, or no move was larger than
/// the playouts' 95% interval for the difference ([`super::turning::clear`]), which more
/// playouts narrow, both on the chances shown and on fresh playouts ([`super::turning::find`]).
pub fn no_turning_points(r: &Review) -> String {
    let moved = r.points.windows(2).any(|w| w[0].chances != w[1].chances);
    let playouts = r.points.iter().map(|p| p.playouts).max().unwrap_or(0);
    if !moved || playouts == 0 {
        return "none: the chances never moved".to_string();
    }
    format!(
        "none: no {} moved a seat's chance by more than the playouts can tell apart (up to ±{:.0} points at {playouts} playouts a point, on the chances shown and again on fresh playouts); more playouts (--playouts) see finer.",
        r.period,
        super::turning::bar(playouts) * 100.0
    )
}

/// A chance as people read it: "41%".
pub fn percent(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// When something happened, as people read it: "Turn 23", "Round 4", or "Setup" before the
/// first turn or round.
pub fn when(period_word: &str, period: u32) -> String {
    if period == 0 {
        "Setup".to_string()
    } else {
        format!("{} {period}", capital(period_word))
    }
}

/// A word with its first letter in upper case ("Turn").
pub fn capital(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::{Decision, Point};

    fn review(decisions: Vec<Decision>, compared: Vec<crate::engine::Seat>) -> Review {
        Review {
            variant: "base".into(),
            period: "turn".into(),
            names: vec!["Pat".into(), "medium 2".into()],
            winners: vec![0],
            finished: true,
            points: vec![Point {
                period: 0,
                step: 0,
                chances: vec![0.5, 0.5],
                playouts: 96,
                margin: 0.1,
            }],
            turning_points: Vec::new(),
            decisions,
            compared,
            notes: Vec::new(),
            playouts: 96,
        }
    }

    /// A person whose moves hard did not clearly beat is told so in plain words; a seat not
    /// compared gets no such line.
    #[test]
    fn a_compared_seat_with_no_clear_mistake_is_told_so() {
        let text = render(&review(Vec::new(), vec![0]));
        assert!(
            text.contains("Pat's decisions: none where hard would clearly have played otherwise"),
            "{text}"
        );
        assert!(!text.contains("medium 2's decisions"), "{text}");
        let text = render(&review(Vec::new(), Vec::new()));
        assert!(!text.contains("decisions"), "{text}");
    }

    /// Listed decisions are introduced as clear ones, under the rule the docs give.
    #[test]
    fn listed_decisions_say_they_are_clear() {
        let d = Decision {
            seat: 0,
            period: 0,
            step: 3,
            played: "settle C.sw".into(),
            hard: "settle C.se".into(),
            played_chance: 0.0,
            hard_chance: 0.45,
            playouts: 96,
        };
        let text = render(&review(vec![d], vec![0]));
        assert!(
            text.contains("Pat's decisions where hard would clearly have played otherwise"),
            "{text}"
        );
        assert!(text.contains("played `settle C.sw` (0%), hard plays `settle C.se` (45%)"));
    }

    /// A review with no turning point says why: the chances moved, but by no more than the
    /// playouts can tell apart (at their count), or they never moved at all.
    #[test]
    fn no_turning_point_is_explained() {
        let mut r = review(Vec::new(), Vec::new());
        let point = |period, c| Point {
            period,
            step: period as usize,
            chances: vec![c, 1.0 - c],
            playouts: 96,
            margin: 0.1,
        };
        r.points = vec![point(0, 0.5), point(1, 0.44), point(2, 0.52)];
        let text = render(&r);
        assert!(
            text.contains("none: no turn moved a seat's chance by more than the playouts can tell apart (up to ±14 points at 96 playouts a point, on the chances shown and again on fresh playouts); more playouts (--playouts) see finer."),
            "{text}"
        );
        r.points = vec![point(0, 0.5), point(1, 0.5)];
        assert!(render(&r).contains("none: the chances never moved"));
    }

    /// A game that stopped mid-turn ends its table on a "stop" row, not a second row of the
    /// same turn and never "end".
    #[test]
    fn an_unfinished_games_last_row_is_where_it_stopped() {
        let mut r = review(Vec::new(), Vec::new());
        r.finished = false;
        r.winners.clear();
        let point = |period, step| Point {
            period,
            step,
            chances: vec![0.5, 0.5],
            playouts: 96,
            margin: 0.1,
        };
        r.points = vec![point(0, 0), point(1, 10), point(1, 14)];
        let text = render(&r);
        let rows: Vec<&str> = text.lines().map(str::trim_start).collect();
        assert!(rows.iter().any(|l| l.starts_with("stop ")), "{text}");
        assert_eq!(
            rows.iter().filter(|l| l.starts_with("1 ")).count(),
            1,
            "{text}"
        );
        assert!(!rows.iter().any(|l| l.starts_with("end ")), "{text}");
    }
}
