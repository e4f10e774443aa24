//! The log and chat panes, and the word wrapping every pane shares.

use super::app::App;
use super::theme::Theme;
use super::widgets::panel;
use crate::client::state::Line as LogLine;
use crate::proto::moves::EventKind;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Wraps text to a width at spaces (long words are cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut cur = String::new();
    for word in text.split(' ') {
        let wl = word.chars().count();
        let cl = cur.chars().count();
        if cl > 0 && cl + 1 + wl > width {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
        while cur.chars().count() > width {
            let head: String = cur.chars().take(width).collect();
            let tail: String = cur.chars().skip(width).collect();
            out.push(head);
            cur = tail;
        }
    }
    if !cur.is_empty() || out.is_empty() {
        out.push(cur);
    }
    out
}

/// A styled line wrapped to `width` columns at spaces (a word longer than a row is cut),
/// its rows after the first indented two columns past the line's own leading spaces, so a
/// wrapped row never starts at the pane's edge and reads as part of the row above.
pub fn wrap_line(line: Line<'_>, width: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let cells: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|s| {
            let style = s.style;
            s.content.chars().map(move |c| (c, style))
        })
        .collect();
    let row_of = |cells: &[(char, Style)], lead: usize| {
        let mut spans: Vec<Span<'static>> = Vec::new();
        if lead > 0 {
            spans.push(Span::raw(" ".repeat(lead)));
        }
        let mut i = 0;
        while i < cells.len() {
            let style = cells[i].1;
            let j = (i..cells.len())
                .find(|&k| cells[k].1 != style)
                .unwrap_or(cells.len());
            spans.push(Span::styled(
                cells[i..j].iter().map(|(c, _)| c).collect::<String>(),
                style,
            ));
            i = j;
        }
        Line::from(spans).style(line.style)
    };
    if cells.len() <= width {
        return vec![row_of(&cells, 0)];
    }
    let leading = cells.iter().take_while(|(c, _)| *c == ' ').count();
    let indent = (leading + 2).min(width / 2);
    let mut rows = Vec::new();
    let mut at = 0;
    while at < cells.len() {
        let lead = if rows.is_empty() { 0 } else { indent };
        let room = width.saturating_sub(lead).max(1);
        if cells.len() - at <= room {
            rows.push(row_of(&cells[at..], lead));
            break;
        }
        // The last space that leaves the row within `room`, past the row's own leading
        // spaces; else the word is cut at the edge.
        let start = if rows.is_empty() { at + leading } else { at };
        let cut = (start + 1..=at + room)
            .rev()
            .find(|&k| cells[k].0 == ' ')
            .unwrap_or(at + room);
        rows.push(row_of(&cells[at..cut], lead));
        at = cut;
        while at < cells.len() && cells[at].0 == ' ' {
            at += 1;
        }
    }
    rows
}

fn log_style(t: &Theme, l: &LogLine) -> Style {
    match l {
        LogLine::Error(_) => t.error(),
        LogLine::Notice(_) => t.notice(),
        LogLine::Chat { .. } => t.title(),
        LogLine::Event(_, EventKind::Turn) => t.title(),
        LogLine::Event(_, EventKind::Won) => t.good(),
        LogLine::Event(..) => Style::new(),
    }
}

fn log_text(l: &LogLine) -> String {
    match l {
        LogLine::Event(s, _) => s.clone(),
        LogLine::Error(s) => format!("✗ {s}"),
        LogLine::Notice(s) => format!("· {s}"),
        LogLine::Chat { from, text } => format!("{from}: {text}"),
    }
}

/// The rows `l` takes in a log pane `inner_w` columns wide (0 when the pane leaves chat to
/// its own pane), so a log scrolled back keeps its place as lines arrive.
pub(super) fn rows_of(l: &LogLine, inner_w: usize, with_chat: bool) -> usize {
    if !with_chat && matches!(l, LogLine::Chat { .. }) {
        return 0;
    }
    wrap(&log_text(l), inner_w.saturating_sub(3)).len()
}

pub(super) fn log_pane(app: &App, area: Rect, with_chat: bool, buf: &mut Buffer) {
    let t = &app.theme;
    let inner_w = area.width.saturating_sub(2) as usize;
    let inner_h = area.height.saturating_sub(2) as usize;
    // Only the newest lines that can show are wrapped: a long game's log costs nothing.
    let need = inner_h + app.log_scroll;
    let mut rows: Vec<(String, Style)> = Vec::new();
    for l in app.st().log.iter().rev() {
        if !with_chat && matches!(l, LogLine::Chat { .. }) {
            continue;
        }
        let st = log_style(t, l);
        // Continuation lines are indented three columns: every part fits after its indent.
        let parts = wrap(&log_text(l), inner_w.saturating_sub(3));
        for (i, part) in parts.into_iter().enumerate().rev() {
            rows.push((format!("{}{part}", if i == 0 { " " } else { "   " }), st));
        }
        if rows.len() >= need {
            break;
        }
    }
    rows.reverse();
    let scroll = app.log_scroll.min(rows.len().saturating_sub(inner_h));
    let end = rows.len() - scroll;
    let start = end.saturating_sub(inner_h);
    let lines: Vec<Line> = rows[start..end]
        .iter()
        .map(|(s, st)| Line::from(Span::styled(s.clone(), *st)))
        .collect();
    let mut title = vec![Span::styled(" Log ", t.title())];
    if scroll > 0 {
        let new = match app.log_unread {
            0 => String::new(),
            n => format!("{n} new · "),
        };
        // Fewer words when the pane is narrow, so the title is never cut.
        let long = format!("· {scroll} lines back · {new}End returns ");
        let text = if long.chars().count() + 6 <= inner_w {
            long
        } else {
            format!("· {scroll} back · {new}End ")
        };
        title.push(Span::styled(text, t.warn()));
    } else {
        title.push(Span::styled("· PgUp/PgDn scroll ", t.dim()));
    }
    Paragraph::new(lines)
        .block(panel(t, Line::from(title), false))
        .render(area, buf);
}

pub(super) fn chat_pane(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let inner_w = area.width.saturating_sub(2) as usize;
    let inner_h = area.height.saturating_sub(2) as usize;
    let people = app.people();
    let mut rows: Vec<Line> = Vec::new();
    for l in &app.st().log {
        if let LogLine::Chat { from, text } = l {
            let color = people
                .names
                .iter()
                .position(|n| n == from)
                .and_then(|i| people.colors.get(i))
                .map_or(t.title(), |c| t.player(c));
            for (i, part) in wrap(text, inner_w.saturating_sub(from.len() + 3))
                .into_iter()
                .enumerate()
            {
                rows.push(Line::from(vec![
                    Span::styled(
                        if i == 0 {
                            format!(" {from}: ")
                        } else {
                            " ".repeat(from.len() + 3)
                        },
                        color,
                    ),
                    Span::raw(part),
                ]));
            }
        }
    }
    if rows.is_empty() {
        rows.push(Line::from(Span::styled(
            " No messages yet: m to chat.",
            t.dim(),
        )));
    }
    let start = rows.len().saturating_sub(inner_h);
    let title = Line::from(vec![
        Span::styled(" Chat ", t.title()),
        Span::styled("· m to write ", t.dim()),
    ]);
    Paragraph::new(rows[start..].to_vec())
        .block(panel(t, title, false))
        .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Color;

    fn text(rows: &[Line]) -> Vec<String> {
        rows.iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn a_wrapped_line_keeps_its_styles_and_hangs_under_itself() {
        let red = Style::new().fg(Color::Red);
        let line = Line::from(vec![
            Span::raw(" Offer 1: Bot 3 gives "),
            Span::styled("1 lumber for 1 ore", red),
        ]);
        let rows = wrap_line(line, 20);
        assert_eq!(
            text(&rows),
            [" Offer 1: Bot 3", "   gives 1 lumber", "   for 1 ore"]
        );
        assert_eq!(rows[2].spans[1].style, red, "the styles go along");
        assert_eq!(
            text(&wrap_line(Line::raw(" short"), 20)),
            [" short"],
            "a line that fits is left alone"
        );
        assert_eq!(
            text(&wrap_line(Line::raw("abcdefghij"), 4)),
            ["abcd", "  ef", "  gh", "  ij"],
            "a word longer than a row is cut"
        );
    }
}
