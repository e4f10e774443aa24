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
        if k == last && !r.winners.is_empty() {
            let _ = write!(s, "{:>6}", "end");
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
        let _ = writeln!(s, "  none: the chances never moved");
    }
    for t in &r.turning_points {
        let _ = writeln!(s, "  {} (step {})", t.text, t.step);
    }
    for seat in 0..seats as crate::engine::Seat {
        let mine: Vec<_> = r.decisions.iter().filter(|d| d.seat == seat).collect();
        if mine.is_empty() {
            continue;
        }
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "{}'s decisions where hard would have played otherwise, worst first:",
            r.names[seat as usize]
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
