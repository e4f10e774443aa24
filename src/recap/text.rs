//! The summary in plain text: `catan replay --summary` and the plain mode's `summary`.

use super::Summary;
use std::fmt::Write;

/// At most this many turns or rounds per line of the points table, however wide the terminal.
const COLUMNS: usize = 20;

/// The whole summary fitted to `width` characters (a terminal's, or 80 where there is none):
/// the points table in blocks of as many turns as fit, and the long lists (points by source,
/// resources by source) broken after a comma, so no line wraps on the terminal's own.
pub fn render_fit(s: &Summary, width: usize) -> String {
    standings_fit(s, width) + &resources_in(s, Some(width))
}

/// The headline, the standings with points by source and the points table (what every
/// ruleset's summary has), fitted to `width` characters: as many turns per line of the points
/// table as it holds, and each seat's points by source broken to fit.
pub fn standings_fit(s: &Summary, width: usize) -> String {
    let columns = width.saturating_sub(2 + name_width(s)) / 4;
    standings_columns(s, columns.clamp(1, COLUMNS), Some(width))
}

/// `head`, then `items` joined by ", ", as one line, or (given a `width`) as several broken
/// after a comma wherever the next item would pass it, the later lines indented under the
/// first item (at most half the width in).
fn wrapped(head: String, items: &[String], width: Option<usize>) -> String {
    let indent = head
        .chars()
        .count()
        .min(width.map_or(usize::MAX, |w| w / 2));
    let mut out = String::new();
    let mut line = head;
    let mut fresh = true;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        let sep = if fresh { "" } else { " " };
        let len = line.chars().count() + sep.len() + piece.chars().count();
        if !fresh && width.is_some_and(|w| len > w) {
            out.push_str(line.trim_end());
            out.push('\n');
            line = " ".repeat(indent);
        } else {
            line.push_str(sep);
        }
        line.push_str(&piece);
        fresh = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

fn standings_columns(s: &Summary, columns: usize, width: Option<usize>) -> String {
    let mut out = String::new();
    let name_w = name_width(s);
    let winners: Vec<&str> = s
        .winners
        .iter()
        .filter_map(|w| {
            s.seats
                .iter()
                .find(|x| x.seat == *w)
                .map(|x| x.name.as_str())
        })
        .collect();
    let periods = s.periods().saturating_sub(1);
    let _ = writeln!(
        out,
        "Summary ({}, {} seats): {} after {periods} {}s.",
        crate::variants::title_of(&s.variant),
        s.seats_total,
        if s.finished {
            format!("won by {}", winners.join(" and "))
        } else {
            "not finished".to_string()
        },
        s.period.word()
    );
    if s.seats.len() < s.seats_total {
        let _ = writeln!(out, "The top {} of the standings:", s.seats.len());
    }

    let _ = writeln!(out, "\nStandings, points by source:");
    for (i, x) in s.seats.iter().enumerate() {
        let parts: Vec<String> = x
            .points
            .iter()
            .map(|(k, v)| format!("{} {v}", k.word()))
            .collect();
        let parts = if parts.is_empty() {
            vec!["no points".to_string()]
        } else {
            parts
        };
        let head = format!("  {:>2}. {:<name_w$} {:>3} VP  ", i + 1, x.name, x.total);
        out.push_str(&wrapped(head, &parts, width));
    }

    // A game that did not finish has no end: its last column is where the record stops.
    let (last, last_said) = if s.finished {
        ("end", "the end")
    } else {
        ("stop", "where the game stopped")
    };
    let _ = writeln!(
        out,
        "\nPoints after each {0} ({0} 0: the setup; the last column: {last_said}):",
        s.period.word()
    );
    let total = s.periods();
    let mut start = 0;
    while start < total {
        let end = (start + columns).min(total);
        let mut head = format!("  {:<name_w$}", s.period.word());
        for p in start..end {
            let label = if p + 1 == total {
                last.to_string()
            } else {
                p.to_string()
            };
            let _ = write!(head, " {label:>3}");
        }
        let _ = writeln!(out, "{head}");
        for x in &s.seats {
            let mut row = format!("  {:<name_w$}", x.name);
            for p in start..end {
                match x.timeline.get(p) {
                    Some(v) => {
                        let _ = write!(row, " {v:>3}");
                    }
                    None => row.push_str("    "),
                }
            }
            let _ = writeln!(out, "{}", row.trim_end());
        }
        start = end;
    }
    out
}

/// The production dice against their expected counts, and each seat's resources gained and
/// lost (for the rulesets that roll dice and produce resources), its long lines broken to fit
/// `width` when given.
fn resources_in(s: &Summary, width: Option<usize>) -> String {
    let mut out = String::new();
    let name_w = name_width(s);
    let rolls = s.rolls();
    if rolls == 0 {
        let _ = writeln!(out, "\nNo production dice were rolled.");
    } else {
        let _ = writeln!(out, "\nDice ({rolls} rolls): sum, rolled, expected");
        let most = (2..=12).map(|n| s.dice[n]).max().unwrap_or(1).max(1);
        for n in 2..=12 {
            let bar = "#".repeat((s.dice[n] as usize * 30).div_ceil(most as usize));
            let _ = writeln!(
                out,
                "  {n:>2} {:>4} {:>6.1}  {bar}",
                s.dice[n],
                s.expected(n)
            );
        }
    }

    let _ = writeln!(out, "\nResources gained by source, and lost:");
    for x in &s.seats {
        let gained: Vec<String> = x
            .gained
            .iter()
            .map(|(k, v)| format!("{} {}", k.word(), v.total()))
            .collect();
        let lost: Vec<String> = x
            .lost
            .iter()
            .map(|(k, v)| format!("{} {}", k.word(), v.total()))
            .collect();
        let head = format!(
            "  {:<name_w$} gained {}{}",
            x.name,
            x.gained.values().map(|r| r.total()).sum::<u32>(),
            if gained.is_empty() { "" } else { ": " },
        );
        out.push_str(&wrapped(head, &gained, width));
        let head = format!(
            "  {:<name_w$} lost {}{}",
            "",
            x.lost.values().map(|r| r.total()).sum::<u32>(),
            if lost.is_empty() { "" } else { ": " },
        );
        out.push_str(&wrapped(head, &lost, width));
    }
    out
}

/// The width of the name column: the longest name, at least 4.
fn name_width(s: &Summary) -> usize {
    s.seats
        .iter()
        .map(|x| x.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4)
}
