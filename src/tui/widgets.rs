//! The TUI's leaf widgets: the frame every pane and dialog shares, the scrolling overlay of
//! the end screens, seat labels and centring. Nothing here knows the app or a ruleset, so the
//! ruleset panels, the dialogs and the screens all draw with it without importing each other.

use super::theme::Theme;
use crate::engine::Seat;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Widget};

/// Who sits where, for labels: name, board letter and colour name per seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct People {
    pub names: Vec<String>,
    pub letters: Vec<char>,
    pub colors: Vec<String>,
}

impl People {
    pub fn name(&self, s: Seat) -> &str {
        self.names.get(s as usize).map_or("?", |n| n.as_str())
    }

    /// `r Alice`: the letter first, so players are told apart without colour.
    pub fn label(&self, s: Seat, theme: &Theme) -> Vec<Span<'static>> {
        let st = theme.player(self.colors.get(s as usize).map_or("", |c| c.as_str()));
        vec![
            Span::styled(
                self.letters
                    .get(s as usize)
                    .copied()
                    .unwrap_or('?')
                    .to_string(),
                st,
            ),
            Span::raw(" "),
            Span::styled(self.name(s).to_string(), st),
        ]
    }
}

/// The rounded frame of every pane and dialog; `focus` draws it in the focus colour.
pub fn panel<'a>(theme: &Theme, title: impl Into<Line<'a>>, focus: bool) -> Block<'a> {
    Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(if focus {
            theme.border_focus()
        } else {
            theme.border()
        })
        .title(title)
}

/// Entries laid out left to right, as many to a line as fit in `width`, `gap` columns apart:
/// a list of short items (a hex and its armies) uses the panel's width instead of one row
/// each.
pub fn flow(entries: Vec<Vec<Span<'static>>>, width: usize, gap: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut cur: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for e in entries {
        let w: usize = e.iter().map(|s| s.content.chars().count()).sum();
        if used > 0 && used + gap + w > width {
            lines.push(Line::from(std::mem::take(&mut cur)));
            used = 0;
        }
        if used > 0 {
            cur.push(Span::raw(" ".repeat(gap)));
            used += gap;
        }
        cur.extend(e);
        used += w;
    }
    if !cur.is_empty() {
        lines.push(Line::from(cur));
    }
    lines
}

/// A ruleset's side panel: `lines` in a frame (long ones wrapped under themselves, see
/// [`crate::tui::log_pane::wrap_line`]), scrolled by `scroll` (kept in range) when they do
/// not fit, with the keys that scroll it (`<` `>`) and how much is hidden named at the
/// bottom, so nothing it lists is out of reach.
pub fn side_panel(
    t: &Theme,
    title: impl Into<Line<'static>>,
    lines: Vec<Line<'_>>,
    scroll: u16,
    rect: Rect,
    buf: &mut Buffer,
) {
    let inner = rect.height.saturating_sub(2);
    let width = rect.width.saturating_sub(2) as usize;
    let rows: Vec<Line<'static>> = lines
        .into_iter()
        .flat_map(|l| crate::tui::log_pane::wrap_line(l, width))
        .collect();
    let max = (rows.len() as u16).saturating_sub(inner);
    let scroll = scroll.min(max);
    let mut block = panel(t, title, false);
    if max > 0 {
        let below = max - scroll;
        block = block.title_bottom(Line::from(Span::styled(
            format!(" < > scroll · {scroll} above · {below} below "),
            t.dim(),
        )));
    }
    Paragraph::new(rows)
        .scroll((scroll, 0))
        .block(block)
        .render(rect, buf);
}

/// `line` cut to `width` columns at a word's end with "…" when it is longer, so a row that
/// cannot wrap (the title bar) never ends in half a word.
pub fn fit_line(line: Line<'static>, width: usize) -> Line<'static> {
    if line.width() <= width {
        return line;
    }
    let room = width.saturating_sub(1);
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for s in line.spans {
        let w = s.content.chars().count();
        if used + w <= room {
            used += w;
            spans.push(s);
            continue;
        }
        let head: String = s.content.chars().take(room - used).collect();
        let next = s.content.chars().nth(room - used);
        let head = if next.is_some_and(|c| c != ' ') {
            head.rfind(' ')
                .map_or(String::new(), |i| head[..i].to_string())
        } else {
            head
        };
        spans.push(Span::styled(head.trim_end().to_string(), s.style));
        break;
    }
    spans.push(Span::raw("…"));
    Line::from(spans)
}

/// A rectangle of at most `w` by `h` in the middle of `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// A framed overlay of `lines` over whatever is under `rect`, scrolled by `scroll` (kept in
/// range) and saying so at the bottom when the lines do not fit: the end-of-game screens.
pub fn scrolling_panel(
    t: &Theme,
    title: Span<'static>,
    lines: Vec<Line<'_>>,
    scroll: u16,
    rect: Rect,
    buf: &mut Buffer,
) {
    let max = (lines.len() as u16 + 2).saturating_sub(rect.height);
    let scroll = scroll.min(max);
    Clear.render(rect, buf);
    let mut block = panel(t, title, true);
    if max > 0 {
        block = block.title_bottom(Line::from(Span::styled(
            format!(" ↑↓ scroll {scroll}/{max} "),
            t.dim(),
        )));
    }
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .block(block)
        .render(rect, buf);
}
