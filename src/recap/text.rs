//! The summary in plain text: `catan replay --summary` and the plain mode's `summary`.

use super::Summary;
use std::fmt::Write;

/// Turns or rounds per line of the points table where the width is not known.
const COLUMNS: usize = 20;

/// The whole summary as lines of text.
pub fn render(s: &Summary) -> String {
    standings(s) + &dice_and_resources(s)
}

/// The whole summary with its points table fitted to `width` characters (a small terminal).
pub fn render_fit(s: &Summary, width: usize) -> String {
    standings_fit(s, width) + &dice_and_resources(s)
}

/// The headline, the standings with points by source and the points table: what every
/// ruleset's summary has.
pub fn standings(s: &Summary) -> String {
    standings_columns(s, COLUMNS)
}

/// As [`standings`], with as many turns per line of the points table as `width` holds.
pub fn standings_fit(s: &Summary, width: usize) -> String {
    let columns = width.saturating_sub(2 + name_width(s)) / 4;
    standings_columns(s, columns.clamp(1, COLUMNS))
}

fn standings_columns(s: &Summary, columns: usize) -> String {
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
        let _ = writeln!(
            out,
            "  {:>2}. {:<name_w$} {:>3} VP  {}",
            i + 1,
            x.name,
            x.total,
            if parts.is_empty() {
                "no points".to_string()
            } else {
                parts.join(", ")
            }
        );
    }

    let _ = writeln!(
        out,
        "\nPoints after each {0} ({0} 0: the setup; the last column: the end):",
        s.period.word()
    );
    let total = s.periods();
    let mut start = 0;
    while start < total {
        let end = (start + columns).min(total);
        let mut head = format!("  {:<name_w$}", s.period.word());
        for p in start..end {
            let label = if p + 1 == total {
                "end".to_string()
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
/// lost: for the rulesets that roll dice and produce resources.
pub fn dice_and_resources(s: &Summary) -> String {
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
        let _ = writeln!(
            out,
            "  {:<name_w$} gained {}{}{}",
            x.name,
            x.gained.values().map(|r| r.total()).sum::<u32>(),
            if gained.is_empty() { "" } else { ": " },
            gained.join(", ")
        );
        let _ = writeln!(
            out,
            "  {:<name_w$} lost {}{}{}",
            "",
            x.lost.values().map(|r| r.total()).sum::<u32>(),
            if lost.is_empty() { "" } else { ": " },
            lost.join(", ")
        );
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
