//! Colours and text styles: how much colour the terminal shows, and one place that turns the
//! board's inks, player colours and UI roles into ratatui styles.
//!
//! With `NO_COLOR` set (or `TERM=dumb`) nothing gets a colour, but emphasis stays: the cursor is
//! reversed, legal targets are bold and underlined, and players are told apart by their letters.

use crate::board::render::{Cell, Ink};
use ratatui::style::{Color, Modifier, Style};

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorLevel {
    /// No colour at all (`NO_COLOR`, `TERM=dumb`): bold, reverse and underline only.
    None,
    /// The 16 ANSI colours.
    Basic,
    /// The 256-colour palette.
    Indexed,
    /// 24-bit colour (`COLORTERM=truecolor`).
    True,
}

impl ColorLevel {
    /// Reads the environment: `NO_COLOR`, `COLORTERM` and `TERM`.
    pub fn detect() -> ColorLevel {
        ColorLevel::from_env(|k| std::env::var(k).ok())
    }

    /// Decides from a terminal's `TERM` and `COLORTERM` (`None`: not told), as an SSH guest's
    /// pty request brings them: the guest's own terminal, not this process's.
    pub fn from_term(term: &str, colorterm: Option<&str>) -> ColorLevel {
        ColorLevel::from_env(|k| match k {
            "TERM" => Some(term.to_string()),
            "COLORTERM" => colorterm.map(str::to_string),
            _ => None,
        })
    }

    /// Decides from environment variables given by `get` (testable without touching the
    /// process environment).
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> ColorLevel {
        if get("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            return ColorLevel::None;
        }
        let term = get("TERM").unwrap_or_default();
        if term == "dumb" {
            return ColorLevel::None;
        }
        let colorterm = get("COLORTERM").unwrap_or_default().to_ascii_lowercase();
        if colorterm == "truecolor" || colorterm == "24bit" {
            return ColorLevel::True;
        }
        if term.contains("256") || term.contains("direct") || !colorterm.is_empty() {
            return ColorLevel::Indexed;
        }
        ColorLevel::Basic
    }
}

/// One colour at every level.
#[derive(Clone, Copy, Debug)]
struct Tone {
    rgb: (u8, u8, u8),
    index: u8,
    basic: Color,
}

const fn tone(r: u8, g: u8, b: u8, index: u8, basic: Color) -> Tone {
    Tone {
        rgb: (r, g, b),
        index,
        basic,
    }
}

const FOREST: Tone = tone(46, 139, 60, 28, Color::Green);
const FIELDS: Tone = tone(230, 190, 60, 178, Color::Yellow);
const PASTURE: Tone = tone(140, 210, 90, 112, Color::LightGreen);
const HILLS: Tone = tone(205, 100, 50, 166, Color::Red);
const MOUNTAINS: Tone = tone(160, 160, 170, 246, Color::Gray);
const DESERT: Tone = tone(215, 190, 140, 180, Color::Yellow);
const HOT: Tone = tone(235, 60, 60, 196, Color::LightRed);
const NUMBER: Tone = tone(225, 225, 225, 252, Color::White);
const SEA: Tone = tone(50, 100, 170, 25, Color::Blue);
const HARBOR: Tone = tone(80, 200, 230, 45, Color::Cyan);
const ROBBER: Tone = tone(230, 80, 220, 201, Color::Magenta);
const NOTE: Tone = tone(130, 130, 130, 244, Color::DarkGray);
const LINE: Tone = tone(240, 220, 60, 226, Color::Yellow);
const ACCENT: Tone = tone(95, 175, 255, 75, Color::LightBlue);
const ERROR: Tone = tone(255, 95, 95, 203, Color::LightRed);
const GOOD: Tone = tone(120, 220, 120, 114, Color::LightGreen);
const WARN: Tone = tone(255, 200, 80, 221, Color::Yellow);
const TARGET_BG: Tone = tone(150, 120, 20, 136, Color::Yellow);
const CURSOR_BG: Tone = tone(95, 255, 255, 87, Color::LightCyan);
const PANEL_BORDER: Tone = tone(90, 90, 100, 240, Color::DarkGray);

/// A player colour by the name the host gives it.
fn player_tone(name: &str) -> Tone {
    match name {
        "red" => tone(230, 60, 60, 196, Color::LightRed),
        "blue" => tone(80, 140, 255, 33, Color::LightBlue),
        "white" => tone(240, 240, 240, 231, Color::White),
        "orange" => tone(255, 150, 40, 208, Color::Yellow),
        "green" => tone(70, 200, 80, 40, Color::LightGreen),
        "purple" => tone(170, 100, 230, 129, Color::LightMagenta),
        "cyan" => tone(60, 220, 220, 51, Color::LightCyan),
        "yellow" => tone(245, 230, 60, 226, Color::LightYellow),
        _ => NUMBER,
    }
}

/// Styles for one colour level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub level: ColorLevel,
}

impl Theme {
    pub fn new(level: ColorLevel) -> Theme {
        Theme { level }
    }

    fn color(&self, t: Tone) -> Option<Color> {
        match self.level {
            ColorLevel::None => None,
            ColorLevel::Basic => Some(t.basic),
            ColorLevel::Indexed => Some(Color::Indexed(t.index)),
            ColorLevel::True => Some(Color::Rgb(t.rgb.0, t.rgb.1, t.rgb.2)),
        }
    }

    fn fg(&self, t: Tone) -> Style {
        match self.color(t) {
            Some(c) => Style::new().fg(c),
            None => Style::new(),
        }
    }

    /// Whether colours are drawn at all.
    pub fn colored(&self) -> bool {
        self.level != ColorLevel::None
    }

    /// A player's name, letter and pieces.
    pub fn player(&self, color: &str) -> Style {
        self.fg(player_tone(color)).add_modifier(Modifier::BOLD)
    }

    /// The style of one board cell; `colors` are the seats' colour names.
    pub fn cell(&self, cell: &Cell, colors: &[&str]) -> Style {
        let mut s = match cell.ink {
            Ink::Blank | Ink::Frame => Style::new(),
            Ink::Terrain(c) => self
                .fg(match c {
                    'F' => FOREST,
                    'W' => FIELDS,
                    'S' => PASTURE,
                    'B' => HILLS,
                    'O' => MOUNTAINS,
                    _ => DESERT,
                })
                .add_modifier(Modifier::BOLD),
            Ink::Number(6) | Ink::Number(8) => self.fg(HOT).add_modifier(Modifier::BOLD),
            Ink::Number(_) => self.fg(NUMBER),
            Ink::Sea => self.fg(SEA),
            Ink::Harbor => self.fg(HARBOR),
            Ink::Robber => self.fg(ROBBER).add_modifier(Modifier::BOLD),
            Ink::Note => self.fg(NOTE),
            Ink::Player(s) => self.player(colors.get(s as usize).copied().unwrap_or("")),
            Ink::DividingLine => self.fg(LINE),
        };
        if cell.highlight {
            s = s.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
            if let Some(bg) = self.color(TARGET_BG) {
                s = s.bg(bg).fg(Color::Black);
            }
        }
        if cell.cursor {
            s = match self.color(CURSOR_BG) {
                // A colour of its own, so the cursor stands out among highlighted spots.
                Some(bg) => s.bg(bg).fg(Color::Black).add_modifier(Modifier::BOLD),
                None => s.add_modifier(Modifier::REVERSED | Modifier::BOLD),
            };
        }
        s
    }

    /// A dark shade of a terrain's colour behind its hex, on truecolor terminals (the
    /// 256-colour palette has no shades dark enough to keep the labels readable).
    pub fn tint(&self, terrain: char) -> Option<Color> {
        let (r, g, b) = match terrain {
            'F' => (22, 48, 26),
            'W' => (58, 50, 18),
            'S' => (34, 56, 24),
            'B' => (62, 32, 22),
            'O' => (42, 42, 50),
            _ => (52, 48, 36),
        };
        (self.level == ColorLevel::True).then_some(Color::Rgb(r, g, b))
    }

    /// Panel borders.
    pub fn border(&self) -> Style {
        self.fg(PANEL_BORDER)
    }

    /// The border of the panel that matters now (a dialog, the prompt).
    pub fn border_focus(&self) -> Style {
        self.fg(ACCENT).add_modifier(Modifier::BOLD)
    }

    /// Panel titles.
    pub fn title(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A key in the hints and the action list.
    pub fn key(&self) -> Style {
        self.fg(ACCENT).add_modifier(Modifier::BOLD)
    }

    /// Secondary text, and actions that cannot be taken now.
    pub fn dim(&self) -> Style {
        if self.colored() {
            self.fg(NOTE)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    pub fn error(&self) -> Style {
        self.fg(ERROR).add_modifier(Modifier::BOLD)
    }

    pub fn good(&self) -> Style {
        self.fg(GOOD).add_modifier(Modifier::BOLD)
    }

    pub fn warn(&self) -> Style {
        self.fg(WARN).add_modifier(Modifier::BOLD)
    }

    pub fn notice(&self) -> Style {
        self.fg(HARBOR)
    }

    /// The selected row of a list or dialog.
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    /// A resource's name, coloured like its terrain.
    pub fn resource(&self, r: crate::rules::resources::Resource) -> Style {
        use crate::rules::resources::Resource;
        self.fg(match r {
            Resource::Lumber => FOREST,
            Resource::Brick => HILLS,
            Resource::Wool => PASTURE,
            Resource::Grain => FIELDS,
            Resource::Ore => MOUNTAINS,
        })
    }

    /// The banner's background, or reverse video without colour.
    pub fn banner(&self) -> Style {
        match self.color(ACCENT) {
            Some(c) => Style::new()
                .bg(c)
                .fg(Color::Black)
                .add_modifier(Modifier::BOLD),
            None => Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn detects_levels() {
        assert_eq!(
            ColorLevel::from_env(env(&[("NO_COLOR", "1"), ("COLORTERM", "truecolor")])),
            ColorLevel::None
        );
        assert_eq!(
            ColorLevel::from_env(env(&[("TERM", "xterm"), ("COLORTERM", "truecolor")])),
            ColorLevel::True
        );
        assert_eq!(
            ColorLevel::from_env(env(&[("TERM", "tmux-256color")])),
            ColorLevel::Indexed
        );
        assert_eq!(
            ColorLevel::from_env(env(&[("TERM", "xterm")])),
            ColorLevel::Basic
        );
        assert_eq!(
            ColorLevel::from_env(env(&[("TERM", "dumb")])),
            ColorLevel::None
        );
        // An empty NO_COLOR does not count, as the convention says.
        assert_eq!(
            ColorLevel::from_env(env(&[("NO_COLOR", ""), ("TERM", "xterm-256color")])),
            ColorLevel::Indexed
        );
    }

    #[test]
    fn no_color_keeps_emphasis() {
        let t = Theme::new(ColorLevel::None);
        let c = Cell {
            ch: 'r',
            ink: Ink::Player(0),
            highlight: true,
            cursor: true,
        };
        let s = t.cell(&c, &["red"]);
        assert_eq!(s.fg, None);
        assert_eq!(s.bg, None);
        assert!(s.add_modifier.contains(Modifier::REVERSED));
        assert!(s.add_modifier.contains(Modifier::UNDERLINED));
    }
}
