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
