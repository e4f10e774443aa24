//! The game picker of `catan join` with no address: the games found on the LAN, refreshed
//! every few seconds; Enter joins, `a` types an address, `q` leaves.

use super::TermGuard;
use crate::discovery::{FoundGame, NOTHING_FOUND, browse};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use std::time::{Duration, Instant};

/// The picker's state: pure data, drawn by [`draw`].
#[derive(Clone, Debug, Default)]
pub struct Picker {
    pub games: Vec<FoundGame>,
    pub selected: usize,
    /// Typing an address instead.
    pub typing: Option<String>,
    pub searching: bool,
}

/// What the picker decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    Address(String),
    Quit,
}

impl Picker {
    /// Handles one key; `Some` ends the picker.
    pub fn key(&mut self, code: KeyCode) -> Option<Picked> {
        if let Some(t) = &mut self.typing {
            match code {
                KeyCode::Enter if !t.trim().is_empty() => {
                    return Some(Picked::Address(t.trim().to_string()));
                }
                KeyCode::Esc => self.typing = None,
                KeyCode::Backspace => {
                    t.pop();
                }
                KeyCode::Char(c) => t.push(c),
                _ => {}
            }
            return None;
        }
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => {
                self.selected = (self.selected + 1).min(self.games.len().saturating_sub(1))
            }
            KeyCode::Enter => {
                if let Some(g) = self.games.get(self.selected)
                    && g.compatible
                    && let Some(a) = g.addrs.first()
                {
                    return Some(Picked::Address(a.to_string()));
                }
            }
            KeyCode::Char('a') => self.typing = Some(String::new()),
            KeyCode::Char('q') | KeyCode::Esc => return Some(Picked::Quit),
            _ => {}
        }
        None
    }
}

/// Draws the picker.
pub fn draw(p: &Picker, area: Rect, buf: &mut Buffer) {
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Games on the LAN ");
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines: Vec<Line> = Vec::new();
    if p.games.is_empty() {
        lines.push(Line::from(if p.searching {
            "Looking for games..."
        } else {
            NOTHING_FOUND
        }));
    }
    for (i, g) in p.games.iter().enumerate() {
        let mut style = Style::default();
        if i == p.selected {
            style = style.add_modifier(Modifier::REVERSED);
        }
        if !g.compatible {
            style = style.add_modifier(Modifier::DIM);
        }
        lines.push(Line::styled(
            format!("{} {}", if i == p.selected { "▶" } else { " " }, g.line()),
            style,
        ));
    }
    lines.push(Line::from(""));
    match &p.typing {
        Some(t) => lines.push(Line::from(format!(
            "Address: {t}▏  (Enter joins, Esc back)"
        ))),
        None => {
            // The note on refreshing goes first when the pane is too narrow for all of it.
            let keys = "↑↓ choose  Enter join  a type an address  q quit";
            let full = format!("{keys}   (refreshes every few seconds)");
            let hint = if full.chars().count() <= inner.width as usize {
                full
            } else {
                keys.to_string()
            };
            lines.push(Line::styled(
                hint,
                Style::default().add_modifier(Modifier::DIM),
            ))
        }
    }
    Paragraph::new(lines).render(inner, buf);
}

/// Runs the picker in the terminal until the player picks a game or leaves.
pub fn run() -> anyhow::Result<Picked> {
    let mut guard = TermGuard::enter()?;
    let mut p = Picker {
        searching: true,
        ..Picker::default()
    };
    let (tx, rx) = std::sync::mpsc::channel::<Vec<FoundGame>>();
    std::thread::spawn(move || {
        loop {
            let found = browse(Duration::from_secs(2)).unwrap_or_default();
            if tx.send(found).is_err() {
                return;
            }
        }
    });
    let mut last_draw = Instant::now() - Duration::from_secs(1);
    loop {
        if let Ok(found) = rx.try_recv() {
            p.games = found;
            p.searching = false;
            p.selected = p.selected.min(p.games.len().saturating_sub(1));
            last_draw = Instant::now() - Duration::from_secs(1);
        }
        if last_draw.elapsed() >= Duration::from_millis(250) {
            guard
                .terminal
                .draw(|f| draw(&p, f.area(), f.buffer_mut()))?;
            last_draw = Instant::now();
        }
        if event::poll(Duration::from_millis(100))?
            && let Event::Key(k) = event::read()?
            && k.kind == KeyEventKind::Press
            && let Some(done) = p.key(k.code)
        {
            return Ok(done);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;

    fn game(name: &str, compatible: bool) -> FoundGame {
        FoundGame {
            name: name.into(),
            variant: "base".into(),
            version: if compatible {
                crate::proto::PROTOCOL_VERSION
            } else {
                0
            },
            compatible,
            seats_taken: 1,
            seats_free: 3,
            running: false,
            addrs: vec!["10.1.2.3:7878".parse().unwrap()],
            ssh_port: None,
            private: false,
        }
    }

    #[test]
    fn enter_joins_the_selected_compatible_game() {
        let mut p = Picker {
            games: vec![game("Ann's game", true), game("Old game", false)],
            ..Picker::default()
        };
        assert_eq!(p.key(KeyCode::Down), None);
        assert_eq!(
            p.key(KeyCode::Enter),
            None,
            "an incompatible game cannot be joined"
        );
        p.key(KeyCode::Up);
        assert_eq!(
            p.key(KeyCode::Enter),
            Some(Picked::Address("10.1.2.3:7878".into()))
        );
        p.key(KeyCode::Char('a'));
        for c in "host:9".chars() {
            p.key(KeyCode::Char(c));
        }
        assert_eq!(
            p.key(KeyCode::Enter),
            Some(Picked::Address("host:9".into()))
        );
    }

    #[test]
    fn the_picker_shows_games_and_incompatible_ones_as_such() {
        let p = Picker {
            games: vec![game("Ann's game", true), game("Old game", false)],
            ..Picker::default()
        };
        let mut term = ratatui::Terminal::new(TestBackend::new(160, 8)).unwrap();
        term.draw(|f| draw(&p, f.area(), f.buffer_mut())).unwrap();
        let text: String = term
            .backend()
            .buffer()
            .content()
            .iter()
            .map(|c| c.symbol())
            .collect();
        assert!(text.contains("Ann's game"));
        assert!(text.contains("needs another catan version"));
    }

    #[test]
    fn the_key_line_fits_an_80_column_terminal_whole() {
        let p = Picker::default();
        let mut term = ratatui::Terminal::new(TestBackend::new(80, 24)).unwrap();
        term.draw(|f| draw(&p, f.area(), f.buffer_mut())).unwrap();
        let rows: Vec<String> = term
            .backend()
            .buffer()
            .content()
            .chunks(80)
            .map(|r| r.iter().map(|c| c.symbol()).collect())
            .collect();
        let keys = rows
            .iter()
            .find(|r| r.contains("Enter join"))
            .expect("the keys");
        assert!(keys.contains("q quit"), "{keys}");
        assert!(
            !keys.contains("(refreshes every few second"),
            "no cut words: {keys}"
        );
    }
}
