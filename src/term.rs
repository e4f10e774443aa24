//! Colour in plain terminal output: whether to use it, and ANSI painting of a board picture.
//! The TUI has its own styles; this is for `board show` and the `--plain` modes.

use crate::board::render::{Ink, Picture};
use std::io::IsTerminal;

/// Whether to write colour codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorMode {
    Never,
    Always,
}

impl ColorMode {
    /// `auto` means colour only on a terminal and only when NO_COLOR is not set.
    pub fn detect(flag: &str) -> ColorMode {
        match flag {
            "always" => ColorMode::Always,
            "never" => ColorMode::Never,
            _ => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                if !no_color && std::io::stdout().is_terminal() {
                    ColorMode::Always
                } else {
                    ColorMode::Never
                }
            }
        }
    }
}

/// ANSI colour index (0-255) for an ink, if it has one.
pub fn ansi_color(ink: Ink) -> Option<u8> {
    Some(match ink {
        Ink::Blank | Ink::Frame => return None,
        Ink::Terrain(c) => match c {
            'F' => 28,
            'W' => 178,
            'S' => 112,
            'B' => 166,
            'O' => 246,
            _ => 180,
        },
        Ink::Number(6) | Ink::Number(8) => 196,
        Ink::Number(_) => 252,
        Ink::Sea => 24,
        Ink::Harbor => 45,
        Ink::Robber => 201,
        Ink::Note => 244,
        Ink::Player(s) => PLAYER_COLORS[s as usize % PLAYER_COLORS.len()],
        Ink::DividingLine => 226,
    })
}

/// 256-colour indices of the player colours, by seat.
pub const PLAYER_COLORS: [u8; 8] = [196, 33, 231, 208, 40, 129, 51, 226];

/// The picture as text, with ANSI colours when asked.
pub fn paint(pic: &Picture, mode: ColorMode) -> String {
    if mode == ColorMode::Never {
        return pic.to_text();
    }
    let mut out = String::new();
    for line in &pic.lines {
        let end = line.iter().rposition(|c| c.ch != ' ').map_or(0, |i| i + 1);
        for cell in &line[..end] {
            match ansi_color(cell.ink) {
                Some(c) => out.push_str(&format!("\x1b[38;5;{c}m{}\x1b[0m", cell.ch)),
                None => out.push(cell.ch),
            }
        }
        out.push('\n');
    }
    out
}
